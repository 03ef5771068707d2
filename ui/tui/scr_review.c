/*
 * scr_review.c - the plan before anything happens.  First a summary that
 * fits a screen: the releases, their sizes, where they go, the links and
 * files made, and for a conda env the activation wired to them.  d opens
 * the details: every archive with its size and URLs, and every operation
 * in order (a dry run of the same cds_install_run() that then installs,
 * as `cudnn-setup install --dry-run` shows it), the transaction's own
 * bookkeeping under PREFIX/.state left out.  For a conda env the plan is
 * cds_repair_plan_build() with the versions asked, as `cudnn-setup install
 * --env` makes it.  Nothing is done until the person confirms.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

static struct cds_ops ops;
static char *dry_error;
static int jump;		/* the details were just opened */

/* The install goes to a prefix and is wired into a conda env. */
static int
into_env(const struct tui *t)
{
	return t->goal == TUI_GOAL_INSTALL && t->target == TUI_TARGET_ENV &&
	    t->target_env != NULL;
}

struct cds_plan *
tui_install_plan(const struct tui *t)
{
	if (into_env(t)) {
		return t->repair != NULL ? t->repair->install : NULL;
	}
	return t->plan;
}

static int
review_enter(struct tui *t)
{
	struct cds_plan_request req;
	struct cds_txn_opts o;
	struct cds_plan *p;

	t->view.top = 0;
	t->view.sel = -1;
	if (tui_install_plan(t) != NULL ||
	    (into_env(t) && t->repair != NULL)) {
		return 0;
	}
	memset(&req, 0, sizeof(req));
	req.cuda = t->with_cuda ? t->cuda : "none";
	req.cudnn = t->with_cudnn ? t->cudnn : "none";
	tui_set_step(t, "%s", _("Making the plan..."));
	tui_redraw(t);
	if (into_env(t)) {
		/* as `install --env`: a repair or undo a kill cut short is
		 * finished first, then the install is planned and wired */
		cds_repair_plan_free(t->repair);
		t->repair = NULL;
		if (cds_repair_recover(t->h, t->target_env, 0) == 0) {
			t->repair = cds_repair_plan_build(t->h, t->target_env,
			    0, &req);
		}
		tui_set_step(t, "%s", "");
		if (t->repair == NULL) {
			tui_message(t, _("Review"), tui_err_text(t));
			return -1;
		}
	} else {
		t->plan = cds_plan_build(t->h, &req);
		tui_set_step(t, "%s", "");
		if (t->plan == NULL) {
			tui_message(t, _("Review"), tui_err_text(t));
			return -1;
		}
	}
	memset(&o, 0, sizeof(o));
	o.flags = CDS_TXN_DRY_RUN;
	cds_ops_clear(&ops);
	free(dry_error);
	dry_error = NULL;
	if ((p = tui_install_plan(t)) != NULL &&
	    cds_install_run(t->h, p, &o, &ops) == -1) {
		dry_error = tui_xstrdup(tui_err_text(t));
	}
	return 0;
}

static void
review_leave(struct tui *t)
{
	cds_plan_free(t->plan);
	t->plan = NULL;
	if (into_env(t)) {
		cds_repair_plan_free(t->repair);
		t->repair = NULL;
	}
	cds_ops_clear(&ops);
	free(dry_error);
	dry_error = NULL;
	t->details = 0;
}

static const char *
op_words(enum cds_op_kind k)
{
	switch (k) {
	case CDS_OP_MKDIR:
		return _("create directory");
	case CDS_OP_LOCK:
		return _("take the lock");
	case CDS_OP_REMOVE:
		return _("remove");
	case CDS_OP_FETCH:
		return _("download, check, unpack");
	case CDS_OP_MERGE:
		return _("merge");
	case CDS_OP_FIXUP:
		return _("complete soname links");
	case CDS_OP_WRITE:
		return _("write");
	case CDS_OP_SYMLINK:
		return _("link");
	case CDS_OP_RENAME:
		return _("move into place");
	case CDS_OP_RUN:
		return _("run");
	}
	return "?";
}

/* An operation's path as seen from the prefix (operations name host
 * paths, under the root). */
static const char *
in_prefix(const char *hp, const char *path)
{
	size_t n = strlen(hp);

	if (path != NULL && strncmp(path, hp, n) == 0) {
		if (path[n] == '/') {
			return path + n + 1;
		}
		if (path[n] == '\0') {
			return ".";
		}
	}
	return path;
}

/* The transaction's own files (lock, staging, receipts): its business,
 * not the person's. */
static int
internal(const char *rel)
{
	return rel != NULL && (strcmp(rel, ".state") == 0 ||
	    strncmp(rel, ".state/", 7) == 0);
}

static size_t
count_new(const struct cds_plan *p, uint64_t *bytes, size_t *narch)
{
	size_t i, n = 0;

	*bytes = 0;
	*narch = 0;
	for (i = 0; p != NULL && i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			n++;
			*bytes += p->items[i].download_size;
			*narch += p->items[i].narchives;
		}
	}
	return n;
}

static const char *
kind_name(const struct cds_plan_item *it)
{
	return it->kind == CDS_KIND_CUDA ? "CUDA" : "cuDNN";
}

/* The widest of the operation words used, so none is cut. */
static int
words_width(void)
{
	static const enum cds_op_kind k[] = {
		CDS_OP_MKDIR, CDS_OP_REMOVE, CDS_OP_WRITE, CDS_OP_SYMLINK,
		CDS_OP_RENAME, CDS_OP_RUN
	};
	size_t i;
	int w = 0, x;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		if ((x = tui_width(op_words(k[i]))) > w) {
			w = x;
		}
	}
	return w;
}

/* The plan on one screen: releases, sizes, where. */
static void
summary(struct tui *t, struct tui_view *v, const struct cds_plan *p)
{
	const struct cds_repair_plan *rp = into_env(t) ? t->repair : NULL;
	uint64_t bytes;
	size_t i, narch, nnew = count_new(p, &bytes, &narch);
	const char *driver = NULL;
	int one_driver = 1;
	char b[32], *hp, *links;

	if (rp != NULL) {
		tui_view_add(v, TUI_TITLE, -1, 0, _("Install into %s, wired "
		    "into conda env %s"), p != NULL ? p->prefix : t->prefix0,
		    rp->env_name);
	} else {
		tui_view_add(v, TUI_TITLE, -1, 0, _("Install into %s"),
		    p->prefix);
	}
	if (p == NULL) {
		return;
	}
	if (p->driver == NULL) {
		tui_view_add(v, TUI_WARNING, -1, 2, "%s", _("No NVIDIA driver "
		    "found: the install is planned without one; the driver "
		    "must be installed before CUDA can run."));
	}
	if (p->warnings & CDS_PLAN_WARN_UNTRUSTED) {
		tui_view_add(v, TUI_WARNING, -1, 2, _("%s is an NVIDIA "
		    "redistrib file given directly: it is trusted through TLS "
		    "alone, not pinned by the index."), p->manifest);
	}
	tui_view_blank(v);
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_PRESENT && it->min_driver != NULL) {
			if (driver == NULL) {
				driver = it->min_driver;
			} else if (strcmp(driver, it->min_driver) != 0) {
				one_driver = 0;
			}
		}
	}
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];
		const char *var = it->variant != NULL ? it->variant : "";
		const char *sp = *var != '\0' ? " " : "";

		if (it->state == CDS_ITEM_PRESENT) {
			/* TRANSLATORS: "CUDA 12.4.1 cuda12: already
			 * installed" */
			tui_view_add(v, TUI_OK, -1, 0, _("%s %s%s%s: already "
			    "installed"), kind_name(it), it->version, sp, var);
		} else {
			tui_view_add(v, TUI_TITLE, -1, 0, _n("%s %s%s%s: %zu "
			    "archive, %s", "%s %s%s%s: %zu archives, %s",
			    it->narchives), kind_name(it), it->version, sp,
			    var, it->narchives,
			    tui_bytes(it->download_size, b));
		}
		tui_view_add(v, TUI_NORMAL, -1, 2, "-> %s", it->dir);
		if (it->state != CDS_ITEM_PRESENT && it->kind ==
		    CDS_KIND_CUDA && p->driver != NULL) {
			if (it->bundled_driver == NULL) {
				tui_view_add(v, TUI_DIM, -1, 2, _("whether "
				    "driver %s runs it natively is not known: "
				    "its bundled driver is not in the data"),
				    p->driver);
			} else if (it->compat) {
				tui_view_add(v, TUI_DIM, -1, 2, _("runs on "
				    "driver %s only through minor version "
				    "compatibility (it ships with %s)"),
				    p->driver, it->bundled_driver);
			}
		}
		if (!one_driver && it->state != CDS_ITEM_PRESENT &&
		    it->min_driver != NULL) {
			tui_view_add(v, TUI_DIM, -1, 2,
			    _("needs NVIDIA driver %s or newer"),
			    it->min_driver);
		}
	}
	if (one_driver && driver != NULL) {
		tui_view_add(v, TUI_DIM, -1, 0, _("Needs NVIDIA driver %s or "
		    "newer."), driver);
	}
	tui_view_blank(v);
	if (nnew == 0) {
		tui_view_add(v, TUI_OK, -1, 0, "%s", _("Nothing to download: "
		    "everything chosen is installed already. Going on "
		    "refreshes its links and environment files."));
	} else {
		tui_view_add(v, TUI_NORMAL, -1, 0, _n("Download: %s in %zu "
		    "archive, checked against NVIDIA's SHA-256.",
		    "Download: %s in %zu archives, checked against NVIDIA's "
		    "SHA-256.", narch), tui_bytes(bytes, b), narch);
	}
	/* the links that name the defaults, on a line */
	hp = tui_xasprintf("%s%s", cds_root(t->h), p->prefix);
	links = tui_xstrdup("");
	for (i = 0; i < ops.n; i++) {
		if (ops.v[i].kind == CDS_OP_SYMLINK &&
		    !internal(in_prefix(hp, ops.v[i].path))) {
			char *x = tui_xasprintf("%s%s%s -> %s", links,
			    *links != '\0' ? ", " : "", in_prefix(hp,
			    ops.v[i].path), ops.v[i].target);

			free(links);
			links = x;
		}
	}
	if (*links != '\0') {
		tui_view_add(v, TUI_NORMAL, -1, 0, _("Default links: %s"),
		    links);
	}
	free(links);
	free(hp);
	if (rp != NULL && rp->libdirs != NULL && rp->libdirs[0] != NULL) {
		tui_view_add(v, TUI_NORMAL, -1, 0, _("Activating env %s puts "
		    "on LD_LIBRARY_PATH:"), rp->env_name);
		for (i = 0; rp->libdirs[i] != NULL; i++) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s",
			    rp->libdirs[i]);
		}
		if (rp->cuda_home != NULL || rp->cudnn_path != NULL) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s%s%s%s%s",
			    rp->cuda_home != NULL ? "CUDA_HOME=" : "",
			    rp->cuda_home != NULL ? rp->cuda_home : "",
			    rp->cuda_home != NULL && rp->cudnn_path != NULL ?
			    "  " : "", rp->cudnn_path != NULL ?
			    "CUDNN_PATH=" : "", rp->cudnn_path != NULL ?
			    rp->cudnn_path : "");
		}
	} else if (nnew > 0) {
		tui_view_add(v, TUI_NORMAL, -1, 0, _("Files to source: "
		    "%s/env (sh, fish, modulefiles)."), p->prefix);
	}
	if (dry_error != NULL) {
		tui_view_blank(v);
		tui_view_add(v, TUI_ERROR, -1, 0, _("The dry run failed: %s"),
		    dry_error);
	}
}

/* On demand: every archive and its URLs, every operation. */
static void
details(struct tui *t, struct tui_view *v, const struct cds_plan *p)
{
	size_t i, k, u;
	int ww = words_width();
	char b[32], *hp, *w;

	if (p == NULL) {
		return;
	}
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Archives:"));
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		if (it->state == CDS_ITEM_PRESENT) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			const struct cds_archive *a = it->archives[k].archive;

			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s  %s",
			    a->component, a->version != NULL ? a->version : "",
			    tui_bytes(a->size, b));
			for (u = 0; it->archives[k].urls != NULL &&
			    it->archives[k].urls[u] != NULL; u++) {
				tui_view_add(v, TUI_DIM, -1, 4, "%s",
				    it->archives[k].urls[u]);
			}
		}
	}
	if (dry_error != NULL) {
		return;
	}
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, _("Then, in this order (paths in "
	    "%s):"), p->prefix);
	hp = tui_xasprintf("%s%s", cds_root(t->h), p->prefix);
	for (i = 0; i < ops.n; i++) {
		const struct cds_op *op = &ops.v[i];
		const char *rel = in_prefix(hp, op->path);

		if (op->kind == CDS_OP_RENAME) {
			/* from staging: what appears is the target */
			rel = in_prefix(hp, op->target);
		} else if (internal(rel) || op->kind == CDS_OP_FETCH) {
			continue;
		}
		w = tui_fit(t, op_words(op->kind), ww);
		if (op->kind == CDS_OP_SYMLINK || op->kind == CDS_OP_RUN) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s %s %s", w,
			    rel, op->kind == CDS_OP_SYMLINK ? "->" : "",
			    op->target != NULL ? op->target : "");
		} else {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s", w, rel);
		}
		free(w);
	}
	free(hp);
	if (into_env(t) && t->repair != NULL) {
		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, _("Then in env %s (%s):"),
		    t->repair->env_name, t->repair->env_prefix);
		tui_repair_ops_view(t, v, t->repair, -1);
	}
}

static void
review_draw(struct tui *t)
{
	const struct cds_plan *p = tui_install_plan(t);
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	if (p == NULL && !(into_env(t) && t->repair != NULL)) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	tui_view_reset(&t->view, w - 3);
	summary(t, &t->view, p);
	if (t->details) {
		int first = (int)t->view.n;

		details(t, &t->view, p);
		if (jump) {
			/* just opened: the details come to the top */
			jump = 0;
			t->view.top = first;
		}
	} else {
		tui_view_blank(&t->view);
		tui_view_add(&t->view, TUI_DIM, -1, 0, "%s", _("d: each "
		    "archive with its URLs, and every operation."));
	}
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y, 1, h, w - 1);
}

static void
go(struct tui *t)
{
	const struct cds_plan *p = tui_install_plan(t);
	uint64_t bytes;
	size_t narch, nnew = count_new(p, &bytes, &narch);
	char b[32], *q, *where;
	int yes;

	if (dry_error != NULL) {
		tui_message(t, _("Review"), dry_error);
		return;
	}
	if (p == NULL) {
		tui_message(t, _("Review"), _("Nothing to change."));
		return;
	}
	where = into_env(t) ? tui_xasprintf(_("%s, wired into conda env %s"),
	    p->prefix, t->repair->env_name) : tui_xstrdup(p->prefix);
	if (nnew > 0) {
		q = tui_xasprintf(_n("Install %zu release (%s to download) "
		    "into %s?", "Install %zu releases (%s to download) into "
		    "%s?", nnew), nnew, tui_bytes(bytes, b), where);
	} else {
		q = tui_xasprintf(_("Refresh the links and environment files "
		    "in %s?"), where);
	}
	free(where);
	yes = tui_confirm(t, _("Install"), q, 1);
	free(q);
	if (yes) {
		t->confirmed = 1;
		tui_push(t, &tui_scr_progress);
	}
}

static int
review_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		go(t);
		return 1;
	case 'd':
	case ' ':
		t->details = !t->details;
		jump = t->details;
		t->view.top = 0;
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static const char *const review_keys[] = {
	"Enter", N_("install"), "d", N_("details"), "PgDn", N_("scroll"),
	"Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_review = {
	.name = N_("Review"),
	.step = 5,
	.help = N_("The plan: the releases, their sizes and where they go, "
	    "the default links and the files to source; for a conda env, "
	    "what its activation will put on the path. d shows the details: "
	    "every archive with its size and URLs, and every operation in "
	    "order. Nothing has happened yet. Enter asks once more and then "
	    "installs; Esc goes back to change the versions. The archives "
	    "are checked against the SHA-256 digests of NVIDIA's manifest "
	    "before anything is moved into the prefix."),
	.enter = review_enter,
	.leave = review_leave,
	.draw = review_draw,
	.key = review_key,
	.keys = review_keys,
};
