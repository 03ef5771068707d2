/*
 * scr_repair.c - repairing a conda env: which env (with an undo of its
 * last repair), the plan (doctor's findings on it and each operation that
 * mends them), then applying it and doctor's checks again on the env as
 * its activation makes it.  The same engine calls as `cudnn-setup repair`:
 * cds_repair_plan_build(), cds_repair_apply(), cds_repair_undo(),
 * cds_repair_activate_env(), cds_scan_run() and cds_findings_run().
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui.h"

enum {
	ROW_OTHER = -2
};

/* ------------------------------------------------------------------------ */
/* Which env                                                                 */
/* ------------------------------------------------------------------------ */

static int
env_enter(struct tui *t)
{
	size_t n, i;
	char **labels;
	int *ids, cur = 0;

	/* after a repair or undo: the list describes the envs as they are */
	tui_scan_fresh(t);
	n = t->scan != NULL ? t->scan->nenvs : 0;
	labels = tui_xcalloc(n + 2, sizeof(char *));
	ids = tui_xcalloc(n + 2, sizeof(int));

	for (i = 0; i < n; i++) {
		char *name = tui_fit(t, t->scan->envs[i].name, 12);

		labels[i] = tui_xasprintf("%s %s", name,
		    t->scan->envs[i].prefix);
		free(name);
		ids[i] = (int)i;
		if (t->target_env != NULL &&
		    strcmp(t->target_env, t->scan->envs[i].name) == 0) {
			cur = (int)i;
		}
	}
	labels[n] = tui_xstrdup(t->target == TUI_TARGET_DIR &&
	    t->target_dir != NULL ? t->target_dir :
	    _("Another directory..."));
	ids[n] = ROW_OTHER;
	if (t->target == TUI_TARGET_DIR) {
		cur = ROW_OTHER;
	}
	tui_menu_build(t, &t->menu, (int)n + 1, (const char *const *)labels,
	    ids, NULL, cur);
	for (i = 0; i <= n; i++) {
		free(labels[i]);
	}
	free(labels);
	free(ids);
	return 0;
}

/* What the scan saw in the env under the cursor. */
static void
env_describe(struct tui *t, struct tui_view *v, int id)
{
	const struct cds_env *e;
	size_t i;
	int any = 0;

	if (id < 0 || t->scan == NULL || (size_t)id >= t->scan->nenvs) {
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", _("Enter to type the "
		    "path of an env or of any prefix with CUDA or cuDNN "
		    "libraries."));
		return;
	}
	e = &t->scan->envs[id];
	if (e->python != NULL) {
		tui_view_add(v, TUI_NORMAL, -1, 0, _("Python %s"), e->python);
	}
	for (i = 0; i < e->npackages; i++) {
		const struct cds_package *p = &e->packages[i];

		tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s%s%s%s%s", p->name,
		    p->version, p->cuda != NULL ? "  CUDA " : "",
		    p->cuda != NULL ? p->cuda : "", p->cudnn != NULL ?
		    "  cuDNN " : "", p->cudnn != NULL ? p->cudnn : "");
	}
	for (i = 0; i < t->scan->ncudnns; i++) {
		const struct cds_cudnn *c = &t->scan->cudnns[i];

		if (c->env == NULL || (strcmp(c->env, e->name) != 0 &&
		    strcmp(c->env, e->prefix) != 0)) {
			continue;
		}
		any = 1;
		if (c->has_dev_links) {
			tui_view_add(v, c->complete ? TUI_NORMAL : TUI_WARNING,
			    -1, 2, _("cuDNN %s in %s"), c->version != NULL ?
			    c->version : "?", c->dir);
		} else {
			tui_view_add(v, TUI_WARNING, -1, 2, _("cuDNN %s in %s "
			    "(no libcudnn.so links)"), c->version != NULL ?
			    c->version : "?", c->dir);
		}
	}
	if (!any) {
		tui_view_add(v, TUI_DIM, -1, 2, "%s",
		    _("no cuDNN library found in it"));
	}
}

static void
env_draw(struct tui *t)
{
	int y, x, h, w, mh;

	tui_body(&y, &x, &h, &w);
	mh = t->menu.n < h / 2 ? t->menu.n : h / 2;
	tui_put(stdscr, y + 1, 2, _("Which env should be repaired?"), w - 4,
	    tui_attr(TUI_TITLE));
	tui_menu_draw(t, &t->menu, y + 3, 2, mh, w - 4, 1);
	tui_view_reset(&t->view, w - 6);
	env_describe(t, &t->view, tui_menu_current(&t->menu));
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y + 4 + mh, 4, h - mh - 4, w - 5);
}

/* The env under the cursor into t->target_*; 0, or -1 when none. */
static int
env_pick(struct tui *t)
{
	int id = tui_menu_current(&t->menu);

	if (id == ROW_OTHER) {
		char *s = tui_input_dir(t, _("Another directory"), _("Repair "
		    "the env or prefix in this directory (an absolute path):"),
		    t->target == TUI_TARGET_DIR && t->target_dir != NULL ?
		    t->target_dir : "", 0);

		if (s == NULL) {
			return -1;
		}
		free(t->target_dir);
		t->target_dir = s;
		free(t->target_env);
		t->target_env = tui_xstrdup(s);
		t->target = TUI_TARGET_DIR;
		return 0;
	}
	if (id < 0 || t->scan == NULL || (size_t)id >= t->scan->nenvs) {
		return -1;
	}
	free(t->target_env);
	t->target_env = tui_xstrdup(t->scan->envs[id].name);
	free(t->target_dir);
	t->target_dir = tui_xstrdup(t->scan->envs[id].prefix);
	t->target = TUI_TARGET_ENV;
	return 0;
}

static void
env_undo(struct tui *t)
{
	char *q, *msg;

	if (env_pick(t) == -1) {
		return;
	}
	q = tui_xasprintf(_("Undo the last repair of %s? The links it made "
	    "are removed and the files it replaced are put back."),
	    t->target_env);
	if (!tui_confirm(t, _("Undo"), q, 0)) {
		free(q);
		return;
	}
	free(q);
	if (cds_repair_undo(t->h, t->target_env, 0) == -1) {
		tui_message(t, _("Undo"), tui_err_text(t));
		return;
	}
	t->stale = 1;
	tui_scan_fresh(t);
	env_enter(t);
	msg = tui_xasprintf(_("The last repair of %s was undone."),
	    t->target_env);
	tui_message(t, _("Undo"), msg);
	free(msg);
}

static int
env_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
		if (env_pick(t) == 0) {
			tui_push(t, &tui_scr_repair_review);
		}
		return 1;
	case 'u':
		env_undo(t);
		return 1;
	}
	return tui_menu_key(&t->menu, ch);
}

static int
env_click(struct tui *t, int y, int x, mmask_t b)
{
	if ((tui_menu_click(&t->menu, y, x) == 2 ||
	    (b & BUTTON1_DOUBLE_CLICKED)) && env_pick(t) == 0) {
		tui_push(t, &tui_scr_repair_review);
	}
	return 1;
}

static const char *const env_keys[] = {
	"Enter", N_("choose"), "u", N_("undo the last repair"), "Esc",
	N_("back"), NULL
};

const struct tui_screen tui_scr_env = {
	.name = N_("Env"),
	.step = 3,
	.help = N_("Choose the conda env to repair: the envs conda knows "
	    "(environments.txt and the envs/ directories), or any directory "
	    "typed in. Below the list: its frameworks and the cuDNN copies "
	    "in it. u puts back what the last repair of the env changed, as "
	    "`cudnn-setup repair --undo` does."),
	.enter = env_enter,
	.draw = env_draw,
	.key = env_key,
	.click = env_click,
	.keys = env_keys,
};

/* ------------------------------------------------------------------------ */
/* The plan                                                                  */
/* ------------------------------------------------------------------------ */

static int path_first;

static int
build_plan(struct tui *t)
{
	cds_repair_plan_free(t->repair);
	t->repair = NULL;
	tui_set_step(t, "%s", _("Looking at the env..."));
	tui_redraw(t);
	/* a repair or undo a kill cut short: taken back or finished first,
	 * so the plan is made from the env as it was */
	if (cds_repair_recover(t->h, t->target_env, 0) == 0) {
		t->repair = cds_repair_plan_build(t->h, t->target_env,
		    path_first ? CDS_REPAIR_PATH_FIRST : 0, NULL);
	}
	tui_set_step(t, "%s", "");
	if (t->repair == NULL) {
		tui_message(t, _("Repair"), tui_err_text(t));
		return -1;
	}
	free(t->open);
	t->nopen = t->repair->before->n;
	t->open = tui_xcalloc(t->nopen + 1, 1);
	return 0;
}

static int
review_enter(struct tui *t)
{
	if (t->repair == NULL && build_plan(t) == -1) {
		return -1;
	}
	return 0;
}

static void
review_leave(struct tui *t)
{
	cds_repair_plan_free(t->repair);
	t->repair = NULL;
	path_first = 0;
}

static const char *
op_words(enum cds_repair_op_kind k)
{
	switch (k) {
	case CDS_REPAIR_MKDIR:
		return _("create directory");
	case CDS_REPAIR_SYMLINK:
		return _("link");
	case CDS_REPAIR_RELINK:
		return _("copy becomes a link");
	case CDS_REPAIR_WRITE:
		return _("write");
	case CDS_REPAIR_INSTALL:
		return _("install");
	case CDS_REPAIR_PACKAGE:
		return _("for the package manager");
	case CDS_REPAIR_LDCONFIG:
		return _("ldconfig");
	}
	return "?";
}

/* The operations, grouped by directory (shown from the env's prefix), so
 * long paths do not hide what is done; DONE >= 0 marks the first DONE as
 * done. */
void
tui_repair_ops_view(struct tui *t, struct tui_view *v,
    const struct cds_repair_plan *p, int done)
{
	size_t i, plen = strlen(p->env_prefix);
	char *dir = NULL;

	for (i = 0; i < p->nops; i++) {
		const struct cds_repair_op *op = &p->ops[i];
		char *w = tui_fit(t, op_words(op->kind), 20);
		const char *mark = done < 0 ? "" : (int)i < done ?
		    t->g->check : t->g->uncheck;
		const char *base = op->path, *slash;
		const char *sp = *mark != '\0' ? " " : "";

		if (op->kind != CDS_REPAIR_INSTALL && op->path != NULL &&
		    (slash = strrchr(op->path, '/')) != NULL) {
			size_t dl = (size_t)(slash - op->path);

			if (dir == NULL || strlen(dir) != dl ||
			    strncmp(dir, op->path, dl) != 0) {
				const char *shown = op->path;
				int n = (int)dl;

				free(dir);
				dir = tui_xasprintf("%.*s", (int)dl, op->path);
				if (strncmp(op->path, p->env_prefix, plen) ==
				    0 && (op->path[plen] == '/')) {
					/* inside the env: from its top */
					shown = dl > plen ?
					    op->path + plen + 1 : ".";
					n = dl > plen ?
					    (int)(dl - plen - 1) : 1;
				}
				tui_view_add(v, TUI_DIM, -1, 2, "%.*s/", n,
				    shown);
			}
			base = slash + 1;
		}
		if (op->kind == CDS_REPAIR_INSTALL) {
			tui_view_add(v, TUI_NORMAL, -1, 4, "%s%s%s %s", mark,
			    sp, w, op->target);
		} else if (op->target != NULL) {
			tui_view_add(v, TUI_NORMAL, -1, 4, "%s%s%s %s -> %s",
			    mark, sp, w, base, op->target);
		} else {
			tui_view_add(v, TUI_NORMAL, -1, 4, "%s%s%s %s", mark,
			    sp, w, base);
		}
		free(w);
	}
	free(dir);
}

/* Is X a command of the env's package manager (pip, uv, conda), not of
 * the system's (apt-get: a person runs that, with sudo)? */
static int
env_command(const struct cds_fix *x)
{
	return x->argv != NULL && !cds_argv_system(x->argv);
}

/* The first of the plan's findings with commands of the env's package
 * manager (pip, uv, conda), or NULL.  Its commands go together, in order
 * (a CuPy wheel out before the other is put in). */
static const struct cds_finding *
pkg_finding(const struct cds_repair_plan *p)
{
	size_t i, k;

	for (i = 0; p != NULL && p->before != NULL && i < p->before->n; i++) {
		const struct cds_finding *f = &p->before->items[i];

		for (k = 0; k < f->nfixes; k++) {
			if (env_command(&f->fixes[k])) {
				return f;
			}
		}
	}
	return NULL;
}

/* The commands of the env's package manager, each in full, with the one
 * that goes back. */
static void
pkg_commands_view(struct tui *t, struct tui_view *v,
    const struct cds_repair_plan *p)
{
	size_t i, k;

	(void)t;
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("In the env's package "
	    "manager (c runs the first, after a question):"));
	for (i = 0; i < p->before->n; i++) {
		const struct cds_finding *f = &p->before->items[i];

		for (k = 0; k < f->nfixes; k++) {
			const struct cds_fix *x = &f->fixes[k];

			if (!env_command(x)) {
				continue;
			}
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s", x->command);
			if (x->undo != NULL) {
				tui_view_add(v, TUI_DIM, -1, 4, _("to go back: "
				    "%s"), x->undo);
			}
		}
	}
}

/* The last N lines of TEXT. */
static const char *
last_lines(const char *text, int n)
{
	const char *p = text + strlen(text);

	while (p > text && (p[-1] == '\n' || p[-1] == ' ')) {
		p--;
	}
	while (p > text && n > 0) {
		p--;
		if (*p == '\n' && --n == 0) {
			return p + 1;
		}
	}
	return text;
}

/* c: run the package manager's commands of the first finding that has
 * them, in order, after a question, and show each command run with the
 * last lines it printed (up to the first that failed: the rest are not
 * run); then the plan is made again from the env as it is now. */
static void
pkg_go(struct tui *t)
{
	const struct cds_finding *f = pkg_finding(t->repair);
	char *q, *out = NULL, *msg, *shown = NULL;
	char *cmds = NULL, *undo = NULL, *tmp;
	size_t k, n = 0;
	int rc = 0;

	if (f == NULL) {
		tui_message(t, _("Repair"), _("No command of the env's package "
		    "manager is needed."));
		return;
	}
	/* the commands in order; the ones that go back, last first */
	for (k = 0; k < f->nfixes; k++) {
		const struct cds_fix *x = &f->fixes[k];

		if (!env_command(x)) {
			continue;
		}
		tmp = cmds == NULL ? tui_xasprintf("%s", x->command) :
		    tui_xasprintf("%s\n%s", cmds, x->command);
		free(cmds);
		cmds = tmp;
		n++;
		if (x->undo != NULL) {
			tmp = undo == NULL ? tui_xasprintf("%s", x->undo) :
			    tui_xasprintf("%s\n%s", x->undo, undo);
			free(undo);
			undo = tmp;
		}
	}
	q = tui_xasprintf(_("Run this in env %s?\n\n%s\n\nTo go back: %s"),
	    t->repair->env_name, cmds, undo != NULL ? undo :
	    _("(none known)"));
	free(cmds);
	free(undo);
	if (!tui_confirm(t, _("Repair"), q, 1)) {
		free(q);
		return;
	}
	free(q);
	for (k = 0; k < f->nfixes && rc == 0; k++) {
		const struct cds_fix *x = &f->fixes[k];

		if (!env_command(x)) {
			continue;
		}
		free(out);
		out = NULL;
		tui_set_step(t, _("Running %s..."), x->argv[0]);
		tui_term_busy(t, 1);
		tui_redraw(t);
		rc = cds_pkg_run(t->h, x->argv, &out);
		tui_term_busy(t, 0);
		tui_set_step(t, "%s", "");
		if (rc != -1 || cds_errno(t->h) == 0) {
			/* each command, and what it printed last: fewer
			 * lines each when there are several */
			tmp = tui_xasprintf("%s%s$ %s\n%s", shown != NULL ?
			    shown : "", shown != NULL ? "\n" : "",
			    x->command, out != NULL ? last_lines(out, n > 1 ?
			    6 : 10) : "");
			free(shown);
			shown = tmp;
		}
	}
	if (rc == -1 && cds_errno(t->h) != 0) {
		/* what ran before it stays in view */
		msg = tui_xasprintf(_("It did not run: %s"), tui_err_text(t));
		if (shown != NULL) {
			tmp = tui_xasprintf("%s\n\n%s", shown, msg);
			free(msg);
			msg = tmp;
		}
	} else {
		msg = tui_xasprintf(_("Exit status %d. Its last lines:\n\n%s"),
		    rc, shown != NULL ? shown : "");
	}
	tui_message(t, _("Repair"), msg);
	free(msg);
	free(shown);
	free(out);
	t->stale = 1;
	if (build_plan(t) == -1) {
		tui_pop(t);
	}
}

static void
review_draw(struct tui *t)
{
	const struct cds_repair_plan *p = t->repair;
	struct tui_view *v = &t->view;
	int y, x, h, w;
	size_t i;

	tui_body(&y, &x, &h, &w);
	if (p == NULL) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	tui_view_reset(v, w - 3);
	tui_view_add(v, TUI_TITLE, -1, 0, _("Repair of env %s (%s)"),
	    p->env_name, p->env_prefix);
	tui_view_add(v, TUI_DIM, -1, 2, "%s", _("Paths below are inside "
	    "the env."));
	tui_view_blank(v);
	tui_findings_view(t, v, p->before, t->open, 0);
	if (pkg_finding(p) != NULL) {
		pkg_commands_view(t, v, p);
	}
	tui_view_blank(v);
	if (p->nops == 0) {
		tui_view_add(v, TUI_OK, -1, 0, "%s", _("Nothing to change."));
	} else {
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Operations:"));
		tui_repair_ops_view(t, v, p, -1);
	}
	if (p->package_commands->n > 0) {
		/* one command for every package the steps above name */
		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("For the system's "
		    "package manager, to run yourself:"));
		for (i = 0; i < p->package_commands->n; i++) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s",
			    p->package_commands->v[i].command);
		}
	}
	if (p->libdirs != NULL && p->libdirs[0] != NULL) {
		tui_view_blank(v);
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", p->path_first ?
		    _("Activating the env puts these directories on "
		    "LD_LIBRARY_PATH, after what is there already (p "
		    "switches):") : _("Activating the env puts these "
		    "directories first on LD_LIBRARY_PATH (p switches):"));
		for (i = 0; p->libdirs[i] != NULL; i++) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s", p->libdirs[i]);
		}
	}
	tui_view_draw(t, v, y, 1, h, w - 1);
}

static void
review_go(struct tui *t)
{
	char *q;
	int yes;

	if (t->repair->nops == 0) {
		tui_message(t, _("Repair"), _("Nothing to change."));
		return;
	}
	q = tui_xasprintf(_n("Apply %zu change to env %s? Every file it "
	    "replaces is backed up first, and u on the env list (or "
	    "`cudnn-setup repair --undo`) puts it back.", "Apply %zu "
	    "changes to env %s? Every file they replace is backed up first, "
	    "and u on the env list (or `cudnn-setup repair --undo`) puts it "
	    "back.", t->repair->nops), t->repair->nops,
	    t->repair->env_name);
	yes = tui_confirm(t, _("Repair"), q, 1);
	free(q);
	if (yes) {
		t->confirmed = 1;
		tui_push(t, &tui_scr_repair_run);
	}
}

static int
review_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		review_go(t);
		return 1;
	case ' ':
		if (t->view.sel >= 0 && (size_t)t->view.sel < t->nopen) {
			t->open[t->view.sel] = !t->open[t->view.sel];
		}
		return 1;
	case '\t':
		tui_view_next_item(&t->view, 1);
		return 1;
	case 'c':
		pkg_go(t);
		return 1;
	case 'p':
		path_first = !path_first;
		if (build_plan(t) == -1) {
			tui_pop(t);
		}
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static int
review_click(struct tui *t, int y, int x, mmask_t b)
{
	int item = tui_view_click(&t->view, y, x);

	if (item >= 0 && (size_t)item < t->nopen) {
		t->open[item] = !t->open[item];
	}
	return 1;
}

static const char *const review_keys[] = {
	"Enter", N_("repair"), "Space", N_("details"), "c", N_("run command"),
	"p", N_("path order"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_repair_review = {
	.name = N_("Review"),
	.step = 5,
	.help = N_("Doctor's findings on the env, and the operations that "
	    "mend them: the missing libcudnn.so and soname links in its "
	    "library directories, copies that should be links, and the "
	    "activation scripts (etc/conda/activate.d/cudnn-setup.sh and "
	    ".fish, with their deactivate.d twins) that put the env's "
	    "libraries on LD_LIBRARY_PATH and put everything back on "
	    "deactivation. Nothing has changed yet. p chooses whether the "
	    "env's directories come first (the default) or after what "
	    "LD_LIBRARY_PATH holds. Where a framework's build does not fit "
	    "the driver or the GPU, the command of the env's own package "
	    "manager (pip, uv, conda) is shown in full with the one that "
	    "goes back; c runs it after a question and shows its output."),
	.enter = review_enter,
	.leave = review_leave,
	.draw = review_draw,
	.key = review_key,
	.click = review_click,
	.keys = review_keys,
};

/* ------------------------------------------------------------------------ */
/* Applying it                                                               */
/* ------------------------------------------------------------------------ */

/*
 * Doctor again on the env as its activation makes it.  The handle's target
 * environment is changed for that and put back after, so a later scan sees
 * this shell's environment again.
 */
void
tui_repair_check_after(struct tui *t)
{
	static const char *const vars[] = {
		"LD_LIBRARY_PATH", "CONDA_PREFIX", "CONDA_DEFAULT_ENV", NULL
	};
	char *saved[3];
	struct cds_scan *s;
	int i;

	for (i = 0; vars[i] != NULL; i++) {
		const char *v = cds_getenv(t->h, vars[i]);

		saved[i] = v != NULL ? tui_xstrdup(v) : NULL;
	}
	cds_findings_free(t->after);
	t->after = NULL;
	if (cds_repair_activate_env(t->h, t->repair) == 0 &&
	    (s = cds_scan_run(t->h, t->repair->env_prefix, 0)) != NULL) {
		t->after = cds_findings_run(t->h, s);
		cds_scan_free(s);
	}
	for (i = 0; vars[i] != NULL; i++) {
		cds_setenv(t->h, vars[i], saved[i]);
		free(saved[i]);
	}
}

static int
run_enter(struct tui *t)
{
	int rc;

	if (t->work_done) {
		return 0;
	}
	t->fix_done = t->fix_failed = 0;
	t->result_err = 0;
	free(t->result_detail);
	t->result_detail = NULL;
	tui_set_step(t, "%s", _("Applying the changes..."));
	tui_term_busy(t, 1);
	tui_redraw(t);
	rc = cds_repair_apply(t->h, t->repair);
	tui_term_busy(t, 0);
	t->work_done = 1;
	/* the env list and the findings describe the env as it was */
	t->stale = 1;
	if (rc == -1) {
		t->result_err = cds_errno(t->h);
		t->result_detail = tui_xstrdup(tui_err_text(t));
		t->status = cds_exit_status(t->result_err);
	} else {
		tui_set_step(t, "%s", _("Checking the env again..."));
		tui_redraw(t);
		tui_repair_check_after(t);
		t->status = t->after != NULL &&
		    cds_findings_worst(t->after) == CDS_SEV_ERROR ? 1 : 0;
		tui_verify_run(t, NULL, t->repair->env_prefix);
	}
	tui_set_step(t, "%s", "");
	if (tui_term_signal() != 0) {
		t->quit = 1;
	}
	t->view.top = 0;
	t->view.sel = -1;
	return 0;
}

static void
run_leave(struct tui *t)
{
	t->work_done = 0;
	t->confirmed = 0;
	cds_findings_free(t->after);
	t->after = NULL;
	cds_verify_free(t->verify);
	t->verify = NULL;
	free(t->verify_error);
	t->verify_error = NULL;
	/* back on Review, the plan is made again from the env as it is */
	cds_repair_plan_free(t->repair);
	t->repair = NULL;
}

static void
run_draw(struct tui *t)
{
	const struct cds_repair_plan *p = t->repair;
	struct tui_view *v = &t->view;
	const char *root = cds_root(t->h);
	char *log;
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	tui_view_reset(v, w - 3);
	if (!t->work_done) {
		tui_view_add(v, TUI_TITLE, -1, 0, _("Repairing env %s"),
		    p->env_name);
		tui_repair_ops_view(t, v, p, t->fix_done);
		tui_view_blank(v);
		tui_view_add(v, TUI_NORMAL, -1, 0, "%s", t->step_text != NULL ?
		    t->step_text : "");
	} else if (t->result_err != 0) {
		tui_view_add(v, TUI_ERROR, -1, 0, _("The repair of %s failed; "
		    "what it had changed was put back."), p->env_name);
		tui_view_add(v, TUI_ERROR, -1, 2, "%s", t->result_detail);
	} else {
		tui_view_add(v, TUI_OK, -1, 0, _("Done: env %s is repaired."),
		    p->env_name);
		tui_repair_ops_view(t, v, p, (int)p->nops);
		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Checks on the "
		    "activated env:"));
		if (t->after != NULL) {
			tui_findings_view(t, v, t->after, NULL, 0);
		} else if (t->busy) {
			tui_view_add(v, TUI_DIM, -1, 2, "%s",
			    t->step_text != NULL ? t->step_text : "");
		}
		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("To use it:"));
		if (p->venv) {
			tui_view_add(v, TUI_NORMAL, -1, 2, ". %s/bin/activate",
			    p->env_prefix);
		} else {
			tui_view_add(v, TUI_NORMAL, -1, 2, "conda activate %s",
			    p->env_name);
		}
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("To undo:"));
		tui_view_add(v, TUI_NORMAL, -1, 2, "cudnn-setup%s%s repair "
		    "--undo --env %s", *root != '\0' ? " --root " : "", root,
		    p->venv ? p->env_prefix : p->env_name);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s",
		    _("Log of what was done:"));
		log = cds_audit_log_path(t->h);
		/* the log this run wrote, or that it could not */
		tui_view_add(v, TUI_NORMAL, -1, 2, "%s%s", log,
		    access(log, W_OK) == 0 ? "" :
		    _(" (could not be written)"));
		free(log);
		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Verify:"));
		if (t->busy) {
			tui_view_add(v, TUI_DIM, -1, 2, "%s", t->step_text !=
			    NULL ? t->step_text : "");
		} else {
			tui_verify_view(t, v);
		}
	}
	t->view.sel = -1;
	tui_view_draw(t, v, y, 1, h, w - 1);
}

static int
run_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		if (t->result_err != 0) {
			tui_pop(t);
		} else {
			t->quit = 1;
		}
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static const char *const run_keys[] = {
	"Enter", N_("quit"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_repair_run = {
	.name = N_("Repair"),
	.step = 6,
	.help = N_("The operations are applied in order; a failure midway "
	    "puts back what was done. Then doctor's rules run again on the "
	    "env as its activation makes it, and verify loads its CUDA and "
	    "cuDNN. Activate the env to use it; the undo command puts back "
	    "exactly what this repair changed."),
	.enter = run_enter,
	.leave = run_leave,
	.draw = run_draw,
	.key = run_key,
	.keys = run_keys,
};
