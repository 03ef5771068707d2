/*
 * scr_versions.c - which CUDA and cuDNN: the recommended pair for this
 * driver and the frameworks found, and every other release of the
 * manifest.  Whether a release can be chosen is the engine's answer: each
 * row is a cds_plan_build() of that release (the same call as `cudnn-setup
 * plan --cuda V --cudnn W`), and a row the driver cannot run is shown
 * disabled with the reason and the minimum driver.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

/* What the screen knows, rebuilt on entry. */
struct row {
	const struct cds_release *rel;
	int ok;
	int present;		/* installed in the prefix already */
	char *variant;		/* cuDNN: the build the plan chose */
	int untested;		/* cuDNN: NVIDIA did not test that build
				   with this CUDA minor (it runs through
				   minor version compatibility) */
	char *why;		/* the engine's reason when not ok */
};

static struct {
	struct row *cuda, *cudnn;
	size_t ncuda, ncudnn;
	char *rec_cuda, *rec_cudnn, *rec_variant, *rec_for;
	char *driver;		/* the plan's driver, NULL if none */
	char *rec_error;
	int ready;
	int cudnn_none;		/* no cuDNN can go with the CUDA chosen */
	int auto_off;		/* cuDNN was switched off for that reason */
} V;

/* The cuDNN list's row when no cuDNN goes with the CUDA chosen. */
#define ROW_NONE (-1)

static void
rows_free(struct row *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(r[i].variant);
		free(r[i].why);
	}
	free(r);
}

static void
state_clear(void)
{
	rows_free(V.cuda, V.ncuda);
	rows_free(V.cudnn, V.ncudnn);
	free(V.rec_cuda);
	free(V.rec_cudnn);
	free(V.rec_variant);
	free(V.rec_for);
	free(V.driver);
	free(V.rec_error);
	memset(&V, 0, sizeof(V));
}

/* Plan CUDA (NULL or "none") with CUDNN (likewise); fill ROW. */
static void
try_plan(struct tui *t, const char *cuda, const char *cudnn, struct row *row,
    enum cds_kind kind)
{
	struct cds_plan_request req;
	struct cds_plan *p;
	size_t i;

	memset(&req, 0, sizeof(req));
	req.cuda = cuda;
	req.cudnn = cudnn;
	p = cds_plan_build(t->h, &req);
	free(row->why);
	free(row->variant);
	row->why = NULL;
	row->variant = NULL;
	row->present = 0;
	row->untested = 0;
	if (p == NULL) {
		row->ok = 0;
		row->why = tui_xstrdup(tui_err_text(t));
		return;
	}
	row->ok = 1;
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].kind != kind) {
			continue;
		}
		row->present = p->items[i].state == CDS_ITEM_PRESENT;
		if (p->items[i].variant != NULL) {
			row->variant = tui_xstrdup(p->items[i].variant);
		}
		row->untested = p->items[i].untested == 1;
	}
	if (V.driver == NULL && p->driver != NULL) {
		V.driver = tui_xstrdup(p->driver);
	}
	cds_plan_free(p);
}

/* A framework of the target env, else of any env, else of the system
 * Python: "torch==2.3.1", as `--for` takes it. */
static char *
framework_found(struct tui *t)
{
	const struct cds_scan *s = t->scan;
	const struct cds_package *best = NULL;
	size_t i, k;

	if (s == NULL) {
		return NULL;
	}
	for (i = 0; i < s->nenvs && best == NULL; i++) {
		if (t->target_env != NULL &&
		    strcmp(s->envs[i].name, t->target_env) != 0) {
			continue;
		}
		for (k = 0; k < s->envs[i].npackages; k++) {
			if (s->envs[i].packages[k].kind != CDS_FW_OTHER) {
				best = &s->envs[i].packages[k];
				break;
			}
		}
	}
	for (i = 0; i < s->nenvs && best == NULL; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			if (s->envs[i].packages[k].kind != CDS_FW_OTHER) {
				best = &s->envs[i].packages[k];
				break;
			}
		}
	}
	for (k = 0; k < s->nsystem_packages && best == NULL; k++) {
		if (s->system_packages[k].kind != CDS_FW_OTHER) {
			best = &s->system_packages[k];
		}
	}
	if (best == NULL) {
		return NULL;
	}
	/* a local version label ("+cu121") is not part of the release */
	return tui_xasprintf("%s==%.*s", best->name,
	    (int)strcspn(best->version, "+"), best->version);
}

/* The recommendation: the plan for the framework found, else the plan
 * for nothing in particular (the newest the driver runs). */
static void
recommend(struct tui *t)
{
	struct cds_plan_request req;
	struct cds_plan *p = NULL;
	size_t i;

	memset(&req, 0, sizeof(req));
	V.rec_for = framework_found(t);
	if (V.rec_for != NULL) {
		req.forpkg = V.rec_for;
		p = cds_plan_build(t->h, &req);
		if (p == NULL) {
			free(V.rec_for);
			V.rec_for = NULL;
		}
	}
	if (p == NULL) {
		req.forpkg = NULL;
		p = cds_plan_build(t->h, &req);
	}
	if (p == NULL) {
		/* a manifest of CUDA alone, or no cuDNN built for the CUDA
		 * chosen: CUDA with cuDNN none */
		req.cudnn = "none";
		if ((p = cds_plan_build(t->h, &req)) == NULL) {
			V.rec_error = tui_xstrdup(tui_err_text(t));
			return;
		}
	}
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		if (it->kind == CDS_KIND_CUDA) {
			V.rec_cuda = tui_xstrdup(it->release->version);
		} else {
			V.rec_cudnn = tui_xstrdup(it->release->version);
			V.rec_variant = tui_xstrdup(it->variant);
		}
	}
	free(V.driver);
	V.driver = p->driver != NULL ? tui_xstrdup(p->driver) : NULL;
	cds_plan_free(p);
}

static void
set_choice(char **slot, const char *v)
{
	free(*slot);
	*slot = v != NULL ? tui_xstrdup(v) : NULL;
}

static const char *
min_driver(struct tui *t, const struct cds_release *r)
{
	const struct cds_manifest *m = cds_manifest_load(t->h);

	if (r->min_driver != NULL) {
		return r->min_driver;
	}
	return m != NULL ? cds_manifest_driver_floor(m, r->version) : NULL;
}

static void
build_cuda_menu(struct tui *t)
{
	const char **labels = tui_xcalloc(V.ncuda + 1, sizeof(char *));
	int *ids = tui_xcalloc(V.ncuda + 1, sizeof(int));
	int *en = tui_xcalloc(V.ncuda + 1, sizeof(int));
	int cur = 0;
	size_t i;

	for (i = 0; i < V.ncuda; i++) {
		const struct row *r = &V.cuda[i];
		const char *md = min_driver(t, r->rel);
		char *note;

		if (!r->ok) {
			note = tui_xasprintf(_("needs driver %s"),
			    md != NULL ? md : "?");
		} else if (r->present) {
			note = tui_xstrdup(_("installed"));
		} else if (V.rec_cuda != NULL &&
		    strcmp(V.rec_cuda, r->rel->version) == 0) {
			note = tui_xstrdup(_("recommended"));
		} else {
			note = tui_xstrdup("");
		}
		labels[i] = tui_xasprintf("%-9s %s", r->rel->version, note);
		free(note);
		ids[i] = (int)i;
		en[i] = r->ok;
		if (t->cuda != NULL && strcmp(t->cuda, r->rel->version) == 0) {
			cur = (int)i;
		}
	}
	tui_menu_build(t, &t->menu, (int)V.ncuda, labels, ids, en, cur);
	if (t->cuda == NULL && V.ncuda > 0 && V.cuda[cur].ok) {
		/* no recommendation: the choice is the row under the
		 * cursor, as when it moves */
		set_choice(&t->cuda, V.cuda[cur].rel->version);
	}
	for (i = 0; i < V.ncuda; i++) {
		free((char *)labels[i]);
	}
	free(labels);
	free(ids);
	free(en);
}

/* The cuDNN rows for the CUDA chosen now. */
static void
build_cudnn_menu(struct tui *t)
{
	const char **labels = tui_xcalloc(V.ncudnn + 2, sizeof(char *));
	int *ids = tui_xcalloc(V.ncudnn + 2, sizeof(int));
	int *en = tui_xcalloc(V.ncudnn + 2, sizeof(int));
	const char *cuda = t->with_cuda && t->cuda != NULL ? t->cuda : "none";
	int cur = -1, first_ok = -1, n = 0;
	size_t i;

	for (i = 0; i < V.ncudnn; i++) {
		struct row *r = &V.cudnn[i];
		char *note;

		try_plan(t, cuda, r->rel->version, r, CDS_KIND_CUDNN);
		if (!r->ok) {
			note = tui_xstrdup(cds_errno(t->h) == CDS_ERR_DRIVER ?
			    _("driver too old") : _("no build for this CUDA"));
		} else {
			note = tui_xasprintf("%s%s%s%s%s", r->variant != NULL ?
			    r->variant : "", r->untested ? " " : "",
			    r->untested ? _("not tested with this minor") : "",
			    r->present ? " " : "", r->present ? _("installed") :
			    "");
		}
		labels[n] = tui_xasprintf("%-10s %s", r->rel->full_version,
		    note);
		free(note);
		ids[n] = (int)i;
		en[n++] = r->ok;
		if (r->ok && first_ok < 0) {
			first_ok = (int)i;
		}
		if (r->ok && t->cudnn != NULL &&
		    strcmp(t->cudnn, r->rel->version) == 0) {
			cur = (int)i;
		}
	}
	V.cudnn_none = first_ok < 0;
	if (V.cudnn_none) {
		/* nothing to pair with this CUDA: "none" is the choice, and
		 * the install goes on with CUDA alone */
		memmove(labels + 1, labels, (size_t)n * sizeof(*labels));
		memmove(ids + 1, ids, (size_t)n * sizeof(*ids));
		memmove(en + 1, en, (size_t)n * sizeof(*en));
		labels[0] = tui_xstrdup(_("none"));
		ids[0] = ROW_NONE;
		en[0] = 1;
		n++;
		cur = ROW_NONE;
		free(t->cudnn);
		t->cudnn = NULL;
		if (t->with_cudnn) {
			t->with_cudnn = 0;
			V.auto_off = 1;
		}
	} else {
		if (V.auto_off) {
			/* switched off only for want of a build */
			t->with_cudnn = 1;
			V.auto_off = 0;
		}
		if (cur < 0) {
			/* the one chosen has no build for this CUDA: the
			 * newest that has */
			cur = first_ok;
			free(t->cudnn);
			t->cudnn = tui_xstrdup(V.cudnn[first_ok].rel->version);
		}
	}
	tui_menu_build(t, &t->menu2, n, labels, ids, en, cur);
	for (i = 0; i < (size_t)n; i++) {
		free((char *)labels[i]);
	}
	free(labels);
	free(ids);
	free(en);
}

static int
by_version_desc(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return cds_vercmp(y->rel->full_version, x->rel->full_version);
}

static void
reset_to_recommended(struct tui *t)
{
	set_choice(&t->cuda, V.rec_cuda);
	set_choice(&t->cudnn, V.rec_cudnn);
	t->with_cuda = V.rec_cuda != NULL || V.rec_cudnn == NULL;
	t->with_cudnn = V.rec_cudnn != NULL;
}

static int
versions_enter(struct tui *t)
{
	const struct cds_manifest *m;
	size_t i, n;
	int first = !V.ready;

	if (first) {
		state_clear();
		tui_set_step(t, "%s", _("Looking at the releases..."));
		tui_redraw(t);
		if ((m = cds_manifest_load(t->h)) == NULL) {
			tui_message(t, _("Versions"), tui_err_text(t));
			return -1;
		}
		n = cds_manifest_nreleases(m);
		V.cuda = tui_xcalloc(n + 1, sizeof(*V.cuda));
		V.cudnn = tui_xcalloc(n + 1, sizeof(*V.cudnn));
		for (i = 0; i < n; i++) {
			const struct cds_release *r = cds_manifest_release(m,
			    i);

			if (r->kind == CDS_KIND_CUDA) {
				V.cuda[V.ncuda++].rel = r;
			} else {
				V.cudnn[V.ncudnn++].rel = r;
			}
		}
		qsort(V.cuda, V.ncuda, sizeof(*V.cuda), by_version_desc);
		qsort(V.cudnn, V.ncudnn, sizeof(*V.cudnn), by_version_desc);
		recommend(t);
		for (i = 0; i < V.ncuda; i++) {
			try_plan(t, V.cuda[i].rel->version, "none", &V.cuda[i],
			    CDS_KIND_CUDA);
		}
		if (t->cuda == NULL && t->cudnn == NULL) {
			reset_to_recommended(t);
		} else {
			t->with_cuda = t->cuda != NULL;
			t->with_cudnn = t->cudnn != NULL;
		}
		V.ready = 1;
		tui_set_step(t, "%s", "");
	}
	build_cuda_menu(t);
	build_cudnn_menu(t);
	return 0;
}

static void
versions_leave(struct tui *t)
{
	/* back to Target: the prefix may change, so may "installed" */
	state_clear();
	free(t->cuda);
	free(t->cudnn);
	t->cuda = t->cudnn = NULL;
}

static const struct row *
focused_row(struct tui *t)
{
	int id = tui_menu_current(t->focus == 0 ? &t->menu : &t->menu2);

	if (t->focus == 1 && id == ROW_NONE) {
		return NULL;
	}
	if (id < 0) {
		return NULL;
	}
	return t->focus == 0 ? &V.cuda[id] : &V.cudnn[id];
}

static void
versions_draw(struct tui *t)
{
	int y, x, h, w, cw, lh, i;
	const struct row *r = focused_row(t);
	struct tui_view *v = &t->view;
	char *s;

	tui_body(&y, &x, &h, &w);
	if (!V.ready) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	tui_view_reset(v, w - 4);
	if (V.rec_error != NULL) {
		tui_view_add(v, TUI_WARNING, -1, 0, _("No recommendation: %s"),
		    V.rec_error);
	} else if (V.rec_for != NULL) {
		tui_view_add(v, TUI_TITLE, -1, 0, _("Recommended for %s: CUDA "
		    "%s + cuDNN %s"), V.rec_for, V.rec_cuda != NULL ?
		    V.rec_cuda : "-", V.rec_cudnn != NULL ? V.rec_cudnn : "-");
	} else {
		tui_view_add(v, TUI_TITLE, -1, 0, _("Recommended: CUDA %s + "
		    "cuDNN %s (the newest this driver runs)"),
		    V.rec_cuda != NULL ? V.rec_cuda : "-",
		    V.rec_cudnn != NULL ? V.rec_cudnn : _("none"));
	}
	if (V.driver != NULL) {
		tui_view_add(v, TUI_NORMAL, -1, 0, _("NVIDIA driver %s; "
		    "releases that need a newer one are shown but cannot be "
		    "chosen."), V.driver);
	} else {
		tui_view_add(v, TUI_WARNING, -1, 0, "%s", _("No NVIDIA driver "
		    "found: any release can be chosen, but the driver you "
		    "install must be at least the one each release needs."));
	}
	v->sel = -1;
	lh = (int)v->n;
	tui_view_draw(t, v, y, 2, lh, w - 3);
	/* two lists side by side */
	cw = (w - 6) / 2;
	s = tui_xasprintf("%s %s", t->with_cuda ? t->g->check : t->g->uncheck,
	    _("CUDA toolkit"));
	tui_put(stdscr, y + lh + 1, 2, s, cw, t->focus == 0 ?
	    tui_attr(TUI_TITLE) | A_UNDERLINE : tui_attr(TUI_TITLE));
	free(s);
	s = tui_xasprintf("%s %s", t->with_cudnn ? t->g->check :
	    t->g->uncheck, "cuDNN");
	tui_put(stdscr, y + lh + 1, 4 + cw, s, cw, t->focus == 1 ?
	    tui_attr(TUI_TITLE) | A_UNDERLINE : tui_attr(TUI_TITLE));
	free(s);
	{
		int rows = h - lh - 6;
		int mr = rows;

		if (mr > (int)V.ncuda && mr > (int)V.ncudnn) {
			mr = (int)(V.ncuda > V.ncudnn ? V.ncuda : V.ncudnn);
		}
		if (mr < 1) {
			mr = 1;
		}
		tui_menu_draw(t, &t->menu, y + lh + 2, 2, mr, cw,
		    t->focus == 0);
		tui_menu_draw(t, &t->menu2, y + lh + 2, 4 + cw, mr, cw,
		    t->focus == 1);
		/* the row under the cursor, in full */
		if (r == NULL && t->focus == 1 && V.cudnn_none) {
			char *d = V.ncudnn == 0 ? tui_xstrdup(_("The manifest "
			    "has no cuDNN release: CUDA is installed alone "
			    "(cuDNN: none).")) : tui_xasprintf(_("No cuDNN of "
			    "the manifest is built for CUDA %s: it is "
			    "installed alone (cuDNN: none)."), t->cuda !=
			    NULL ? t->cuda : "-");
			char **lines = tui_wrap(d, w - 4);

			for (i = 0; lines[i] != NULL &&
			    y + lh + 3 + mr + i < y + h; i++) {
				tui_put(stdscr, y + lh + 3 + mr + i, 2,
				    lines[i], w - 4, tui_attr(TUI_DIM));
			}
			tui_strfreev(lines);
			free(d);
		} else if (r != NULL) {
			const char *md = t->focus == 0 ?
			    min_driver(t, r->rel) : NULL;
			char *d;
			char **lines;

			if (!r->ok) {
				d = tui_xstrdup(r->why != NULL ? r->why : "");
			} else if (t->focus == 0) {
				d = tui_xasprintf(_("CUDA %s needs NVIDIA "
				    "driver %s or newer."), r->rel->version,
				    md != NULL ? md : "?");
			} else {
				d = tui_xasprintf(_("cuDNN %s, build %s."),
				    r->rel->full_version, r->variant != NULL ?
				    r->variant : "-");
			}
			lines = tui_wrap(d, w - 4);
			for (i = 0; lines[i] != NULL &&
			    y + lh + 3 + mr + i < y + h; i++) {
				tui_put(stdscr, y + lh + 3 + mr + i, 2,
				    lines[i], w - 4, r->ok ? tui_attr(TUI_DIM) :
				    tui_attr(TUI_WARNING));
			}
			tui_strfreev(lines);
			free(d);
		}
	}
}

/* The cursor of the CUDA list moved: follow it when it can be chosen. */
static void
cuda_moved(struct tui *t)
{
	int id = tui_menu_current(&t->menu);

	if (id >= 0 && V.cuda[id].ok) {
		if (t->cuda == NULL ||
		    strcmp(t->cuda, V.cuda[id].rel->version) != 0) {
			set_choice(&t->cuda, V.cuda[id].rel->version);
			build_cudnn_menu(t);
		}
	}
}

static void
cudnn_moved(struct tui *t)
{
	int id = tui_menu_current(&t->menu2);

	if (id >= 0 && (size_t)id < V.ncudnn && V.cudnn[id].ok) {
		set_choice(&t->cudnn, V.cudnn[id].rel->version);
	}
}

static void
go_on(struct tui *t)
{
	if (!t->with_cuda && !t->with_cudnn) {
		tui_message(t, _("Versions"), _("Switch on CUDA, cuDNN or both "
		    "(Space)."));
		return;
	}
	if ((t->with_cuda && (t->cuda == NULL ||
	    !tui_menu_current_enabled(&t->menu))) ||
	    (t->with_cudnn && (t->cudnn == NULL ||
	    !tui_menu_current_enabled(&t->menu2)))) {
		tui_message(t, _("Versions"), _("The release under the cursor "
		    "cannot be installed here; the line below the lists says "
		    "why."));
		return;
	}
	tui_push(t, &tui_scr_review);
}

static int
versions_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\t':
	case KEY_BTAB:
		t->focus = !t->focus;
		return 1;
	case KEY_RIGHT:
		t->focus = 1;
		return 1;
	case KEY_LEFT:
		if (t->focus == 1) {
			t->focus = 0;
			return 1;
		}
		return 0;
	case ' ':
		if (t->focus == 0) {
			t->with_cuda = !t->with_cuda;
			build_cudnn_menu(t);
		} else if (V.cudnn_none) {
			tui_message(t, _("Versions"), V.ncudnn == 0 ?
			    _("The manifest has no cuDNN release: CUDA is "
			    "installed alone (cuDNN: none).") :
			    _("No cuDNN of the manifest is built for this "
			    "CUDA: it is installed alone (cuDNN: none)."));
		} else {
			t->with_cudnn = !t->with_cudnn;
			V.auto_off = 0;
		}
		return 1;
	case 'r':
		reset_to_recommended(t);
		build_cuda_menu(t);
		build_cudnn_menu(t);
		return 1;
	case '\n':
	case '\r':
	case KEY_ENTER:
		go_on(t);
		return 1;
	}
	if (t->focus == 0) {
		if (tui_menu_key(&t->menu, ch)) {
			cuda_moved(t);
			return 1;
		}
	} else if (tui_menu_key(&t->menu2, ch)) {
		cudnn_moved(t);
		return 1;
	}
	return 0;
}

static int
versions_click(struct tui *t, int y, int x, mmask_t b)
{
	int r;

	if ((r = tui_menu_click(&t->menu, y, x)) != 0) {
		t->focus = 0;
		cuda_moved(t);
	} else if ((r = tui_menu_click(&t->menu2, y, x)) != 0) {
		t->focus = 1;
		cudnn_moved(t);
	}
	if (r == 2 || (r != 0 && (b & BUTTON1_DOUBLE_CLICKED))) {
		go_on(t);
	}
	return 1;
}

static const char *const versions_keys[] = {
	"Enter", N_("review"), "Tab", N_("CUDA/cuDNN"), "Space",
	N_("on/off"), "r", N_("recommended"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_versions = {
	.name = N_("Versions"),
	.step = 4,
	.help = N_("Choose the CUDA toolkit (left) and the cuDNN (right). "
	    "The recommendation fits the driver and the framework found "
	    "(torch, onnxruntime-gpu, tensorflow, jax): the same choice as "
	    "`cudnn-setup plan --for PKG==VERSION`. Releases the driver "
	    "cannot run are shown but cannot be chosen; the line under the "
	    "lists gives the reason and the driver they need. Tab moves "
	    "between the lists; Space switches a list off to install only "
	    "the other; r goes back to the recommendation."),
	.enter = versions_enter,
	.leave = versions_leave,
	.draw = versions_draw,
	.key = versions_key,
	.click = versions_click,
	.keys = versions_keys,
};
