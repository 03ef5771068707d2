/*
 * scr_target.c - where the install goes: the system prefix, the user's
 * prefix, a conda env the scan found, or a directory typed in.  Below the
 * list, what that prefix holds already (cds_prefix_list(), as `cudnn-setup
 * list` shows it).  A conda env means what `cudnn-setup install --env` means:
 * the releases go to the shared prefix (the handle's, as at the start) and
 * the env's activation is wired to them; Review and Progress make the same
 * engine calls as that command.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

/* Row ids: fixed rows first, then one per conda env. */
enum {
	ROW_SYSTEM = 0,
	ROW_USER,
	ROW_OTHER,
	ROW_DEFAULT,		/* verify: what the loader finds now */
	ROW_TK0 = 1000,		/* verify: a toolkit the scan found */
	ROW_ENV0 = 2000
};

/*
 * The two usual prefixes are the engine's (cds_prefix_default()); its own
 * default (cds_prefix()) is the first for root and the second for anyone
 * else.  The wizard offers both.
 */
static char *
row_dir(struct tui *t, int id)
{
	if (id == ROW_SYSTEM) {
		return cds_prefix_default(t->h, CDS_PREFIX_SYSTEM);
	}
	if (id == ROW_USER) {
		return cds_prefix_default(t->h, CDS_PREFIX_USER);
	}
	if (id >= ROW_ENV0 && t->scan != NULL &&
	    (size_t)(id - ROW_ENV0) < t->scan->nenvs) {
		/* install: the shared prefix, where `install --env`
		 * puts the releases; verify: the env itself */
		return tui_xstrdup(t->goal == TUI_GOAL_VERIFY ?
		    t->scan->envs[id - ROW_ENV0].prefix : t->prefix0);
	}
	if (id >= ROW_TK0 && id < ROW_ENV0 && t->scan != NULL &&
	    (size_t)(id - ROW_TK0) < t->scan->ntoolkits) {
		return tui_xstrdup(t->scan->toolkits[id - ROW_TK0].realpath);
	}
	if (id == ROW_DEFAULT) {
		return NULL;
	}
	return t->target_dir != NULL && t->target == TUI_TARGET_DIR ?
	    tui_xstrdup(t->target_dir) : NULL;
}

static int
current_row(struct tui *t)
{
	size_t i;
	char *sys;
	int row;

	switch (t->target) {
	case TUI_TARGET_USER:
		return ROW_USER;
	case TUI_TARGET_DIR:
		return ROW_OTHER;
	case TUI_TARGET_ENV:
		for (i = 0; t->scan != NULL && i < t->scan->nenvs; i++) {
			if (t->target_env != NULL &&
			    strcmp(t->scan->envs[i].name, t->target_env) == 0) {
				return ROW_ENV0 + (int)i;
			}
		}
		return ROW_SYSTEM;
	case TUI_TARGET_SYSTEM:
		return ROW_SYSTEM;
	case TUI_TARGET_DEFAULT:
		return ROW_DEFAULT;
	default:
		if (t->goal == TUI_GOAL_VERIFY) {
			return ROW_DEFAULT;
		}
		/* the engine's default for this user */
		sys = cds_prefix_default(t->h, CDS_PREFIX_SYSTEM);
		row = strcmp(cds_prefix(t->h), sys) == 0 ? ROW_SYSTEM :
		    ROW_USER;
		free(sys);
		return row;
	}
}

/* "What   where": the first column as wide as it needs on the screen
 * (display width, for translations), the path after it. */
static char *
row_label(struct tui *t, const char *what, const char *where)
{
	char *w = tui_fit(t, what, 20), *s;

	s = tui_xasprintf("%s %s", w, where);
	free(w);
	return s;
}

static int
target_enter(struct tui *t)
{
	size_t nenvs, i, ntk;
	int n = 0, *ids;
	char **labels, *sp, *up;

	/* after an install: the envs and toolkits as they are now */
	tui_scan_fresh(t);
	nenvs = t->scan != NULL ? t->scan->nenvs : 0;
	ntk = t->scan != NULL ? t->scan->ntoolkits : 0;
	ids = tui_xcalloc(nenvs + ntk + 4, sizeof(int));
	labels = tui_xcalloc(nenvs + ntk + 4, sizeof(char *));
	sp = cds_prefix_default(t->h, CDS_PREFIX_SYSTEM);
	up = cds_prefix_default(t->h, CDS_PREFIX_USER);

	if (t->goal == TUI_GOAL_VERIFY) {
		labels[n] = tui_xstrdup(_("What this environment loads now"));
		ids[n++] = ROW_DEFAULT;
	}
	labels[n] = row_label(t, _("System prefix"), sp);
	ids[n++] = ROW_SYSTEM;
	labels[n] = row_label(t, _("User prefix"), up);
	ids[n++] = ROW_USER;
	for (i = 0; t->goal == TUI_GOAL_VERIFY && i < ntk; i++) {
		char *what = tui_xasprintf(_("Toolkit %s"),
		    t->scan->toolkits[i].version != NULL ?
		    t->scan->toolkits[i].version : "?");

		labels[n] = row_label(t, what, t->scan->toolkits[i].realpath);
		free(what);
		ids[n++] = ROW_TK0 + (int)i;
	}
	for (i = 0; i < nenvs; i++) {
		char *what = tui_xasprintf(_("Conda env %s"),
		    t->scan->envs[i].name);
		/* TRANSLATORS: a Target row: the prefix the releases go
		 * to, then the env whose activation is wired to them */
		char *where = t->goal == TUI_GOAL_VERIFY ?
		    tui_xstrdup(t->scan->envs[i].prefix) :
		    tui_xasprintf(_("%s, wired into the env"), t->prefix0);

		labels[n] = row_label(t, what, where);
		free(what);
		free(where);
		ids[n++] = ROW_ENV0 + (int)i;
	}
	labels[n] = tui_xasprintf("%s", t->target == TUI_TARGET_DIR &&
	    t->target_dir != NULL ? t->target_dir :
	    _("Another directory..."));
	ids[n++] = ROW_OTHER;
	tui_menu_build(t, &t->menu, n, (const char *const *)labels, ids,
	    NULL, current_row(t));
	for (i = 0; i < (size_t)n; i++) {
		free(labels[i]);
	}
	free(labels);
	free(ids);
	free(sp);
	free(up);
	return 0;
}

/* What the prefix under the cursor holds. */
static void
describe(struct tui *t, struct tui_view *v, int id)
{
	char *dir = row_dir(t, id), *saved;
	struct cds_installed_list *l;
	char b[32];
	size_t i;

	if (t->goal == TUI_GOAL_VERIFY) {
		if (id == ROW_DEFAULT) {
			tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("The "
			    "libraries the loader finds with the environment "
			    "as it is (LD_LIBRARY_PATH, ld.so.conf): what a "
			    "program started from this shell gets."));
		} else if (dir != NULL) {
			tui_view_add(v, TUI_NORMAL, -1, 0, _("The libraries of "
			    "%s, put first on the loader's path."), dir);
		} else {
			tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Enter to "
			    "type a directory (an absolute path)."));
		}
		free(dir);
		return;
	}
	if (id == ROW_SYSTEM) {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("For every user of "
		    "this machine; writing there needs root."));
	} else if (id == ROW_USER) {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Only for you; no "
		    "root needed."));
	} else if (id >= ROW_ENV0 && t->scan != NULL &&
	    (size_t)(id - ROW_ENV0) < t->scan->nenvs) {
		const struct cds_env *e = &t->scan->envs[id - ROW_ENV0];

		tui_view_add(v, TUI_NORMAL, -1, 0, _("Into %s, shared by "
		    "every env, then wired into env %s (%s): activating it "
		    "puts the releases on LD_LIBRARY_PATH and sets CUDA_HOME "
		    "and CUDNN_PATH; deactivating puts everything back. As "
		    "`cudnn-setup install --env %s`."), dir, e->name,
		    e->prefix, e->name);
	} else if (dir == NULL) {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Enter to type a "
		    "directory (an absolute path)."));
		return;
	}
	if (dir == NULL) {
		return;
	}
	tui_view_add(v, TUI_DIM, -1, 0, _("Each release gets a directory of "
	    "its own, %s/cuda-VERSION and %s/cudnn-VERSION, and environment "
	    "files in %s/env."), dir, dir, dir);
	/* the list of the prefix under the cursor: the handle's prefix is
	 * set to it for the call and put back */
	saved = tui_xstrdup(cds_prefix(t->h));
	cds_set_prefix(t->h, dir);
	l = cds_prefix_list(t->h);
	cds_set_prefix(t->h, saved);
	free(saved);
	if (l == NULL || l->n == 0) {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Nothing installed "
		    "there yet."));
	} else {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Installed there:"));
		for (i = 0; i < l->n; i++) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s  %s%s",
			    l->v[i].name, tui_bytes(l->v[i].size, b),
			    l->v[i].is_default ? _("  (default)") : "");
		}
	}
	cds_installed_list_free(l);
	free(dir);
}

static void
target_draw(struct tui *t, int y, int h, int w)
{
	int mh = t->menu.n < h / 2 ? t->menu.n : h / 2;

	tui_put(stdscr, y + 1, 2, t->goal == TUI_GOAL_VERIFY ?
	    _("Which install should be verified?") :
	    _("Where should CUDA and cuDNN go?"), w - 4,
	    tui_attr(TUI_TITLE));
	tui_menu_draw(t, &t->menu, y + 3, 2, mh, w - 4, 1);
	tui_view_reset(&t->view, w - 6);
	describe(t, &t->view, tui_menu_current(&t->menu));
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y + 4 + mh, 4, h - mh - 4, w - 5);
}

static void
draw(struct tui *t)
{
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	target_draw(t, y, h, w);
}

static void
choose(struct tui *t)
{
	int id = tui_menu_current(&t->menu);
	char *dir;

	if (id == ROW_OTHER) {
		char *s = tui_input_dir(t, _("Another directory"),
		    t->goal == TUI_GOAL_VERIFY ? _("Verify the libraries "
		    "of this directory (an absolute path):") :
		    _("Install into this directory (an absolute path):"),
		    t->target == TUI_TARGET_DIR && t->target_dir != NULL ?
		    t->target_dir : "", 1);

		if (s == NULL) {
			return;
		}
		free(t->target_env);
		t->target_env = NULL;
		free(t->target_dir);
		t->target_dir = s;
		t->target = TUI_TARGET_DIR;
	} else {
		dir = row_dir(t, id);
		free(t->target_dir);
		t->target_dir = dir;
		free(t->target_env);
		t->target_env = NULL;
		if (id == ROW_DEFAULT) {
			t->target = TUI_TARGET_DEFAULT;
		} else if (id == ROW_SYSTEM) {
			t->target = TUI_TARGET_SYSTEM;
		} else if (id >= ROW_TK0 && id < ROW_ENV0) {
			t->target = TUI_TARGET_DIR;
		} else if (id == ROW_USER) {
			t->target = TUI_TARGET_USER;
		} else {
			t->target = TUI_TARGET_ENV;
			t->target_env = tui_xstrdup(
			    t->scan->envs[id - ROW_ENV0].name);
		}
	}
	if (t->goal == TUI_GOAL_VERIFY) {
		tui_push(t, &tui_scr_verify);
		return;
	}
	if (cds_set_prefix(t->h, t->target_dir) == -1) {
		tui_message(t, _("Target"), tui_err_text(t));
		return;
	}
	tui_push(t, &tui_scr_versions);
}

static int
key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
		choose(t);
		return 1;
	}
	return tui_menu_key(&t->menu, ch);
}

static int
click(struct tui *t, int y, int x, mmask_t b)
{
	if (tui_menu_click(&t->menu, y, x) == 2 ||
	    (b & BUTTON1_DOUBLE_CLICKED)) {
		choose(t);
	}
	return 1;
}

static const char *const keys[] = {
	"Enter", N_("choose"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_target = {
	.name = N_("Target"),
	.step = 3,
	.help = N_("Choose the prefix that receives the install. Every "
	    "release gets a directory of its own there (cuda-12.4.1, "
	    "cudnn-9.3.0.75-cuda12), so several versions live side by side; "
	    "the links PREFIX/cuda and PREFIX/cudnn name the default, and "
	    "PREFIX/env holds files to source (sh, fish, and modulefiles). "
	    "The system prefix needs root; the user prefix does not. A "
	    "conda env gets what `cudnn-setup install --env` gives it: the "
	    "releases go to the shared prefix and the env's activation puts "
	    "them on its path (undone with `cudnn-setup repair --undo`). "
	    "Another directory: ~ is your home. Below the list: what the "
	    "prefix holds already."),
	.enter = target_enter,
	.draw = draw,
	.key = key,
	.click = click,
	.keys = keys,
};
