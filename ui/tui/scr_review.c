/*
 * scr_review.c - the exact plan before anything happens: every archive
 * with its size, every path the install creates, and every operation in
 * order (a dry run of the same cds_install_run() that then installs, as
 * `cudnn-setup install --dry-run` shows it).  Nothing is done until the
 * person confirms.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

static struct cds_ops ops;
static char *dry_error;

static int
review_enter(struct tui *t)
{
	struct cds_plan_request req;
	struct cds_txn_opts o;

	t->view.top = 0;
	t->view.sel = -1;
	if (t->plan != NULL) {
		return 0;
	}
	memset(&req, 0, sizeof(req));
	req.cuda = t->with_cuda ? t->cuda : "none";
	req.cudnn = t->with_cudnn ? t->cudnn : "none";
	tui_set_step(t, "%s", _("Making the plan..."));
	tui_redraw(t);
	t->plan = cds_plan_build(t->h, &req);
	tui_set_step(t, "%s", "");
	if (t->plan == NULL) {
		tui_message(t, _("Review"), tui_err_text(t));
		return -1;
	}
	memset(&o, 0, sizeof(o));
	o.flags = CDS_TXN_DRY_RUN;
	cds_ops_clear(&ops);
	free(dry_error);
	dry_error = NULL;
	if (cds_install_run(t->h, t->plan, &o, &ops) == -1) {
		dry_error = tui_xstrdup(tui_err_text(t));
	}
	return 0;
}

static void
review_leave(struct tui *t)
{
	cds_plan_free(t->plan);
	t->plan = NULL;
	cds_ops_clear(&ops);
	free(dry_error);
	dry_error = NULL;
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

static size_t
count_new(const struct cds_plan *p, uint64_t *bytes, size_t *narch)
{
	size_t i, n = 0;

	*bytes = 0;
	*narch = 0;
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			n++;
			*bytes += p->items[i].download_size;
			*narch += p->items[i].narchives;
		}
	}
	return n;
}

static void
build(struct tui *t, struct tui_view *v)
{
	const struct cds_plan *p = t->plan;
	uint64_t bytes;
	size_t i, k, narch, nnew = count_new(p, &bytes, &narch);
	char b[32], *vw, *hp;

	tui_view_add(v, TUI_TITLE, -1, 0, _("Install into %s"), p->prefix);
	if (p->driver != NULL) {
		tui_view_add(v, TUI_NORMAL, -1, 2, _("NVIDIA driver %s (%s)"),
		    p->driver, p->driver_source != NULL ?
		    p->driver_source : "");
	} else {
		tui_view_add(v, TUI_WARNING, -1, 2, "%s", _("No NVIDIA driver "
		    "found: the install is planned without one; the driver "
		    "must be installed before CUDA can run."));
	}
	if (p->warnings & CDS_PLAN_WARN_UNTRUSTED) {
		tui_view_add(v, TUI_WARNING, -1, 2, _("%s is an NVIDIA "
		    "redistrib file given directly: it is trusted through TLS "
		    "alone, not pinned by the index."), p->manifest);
	}
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		tui_view_blank(v);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s %s%s%s -> %s",
		    it->kind == CDS_KIND_CUDA ? "CUDA" : "cuDNN", it->version,
		    it->variant != NULL ? " " : "",
		    it->variant != NULL ? it->variant : "", it->dir);
		if (it->state == CDS_ITEM_PRESENT) {
			tui_view_add(v, TUI_OK, -1, 2, "%s",
			    _("already installed: nothing to download"));
			continue;
		}
		if (it->min_driver != NULL) {
			tui_view_add(v, TUI_NORMAL, -1, 2,
			    _("needs NVIDIA driver %s or newer"),
			    it->min_driver);
		}
		for (k = 0; k < it->narchives; k++) {
			const struct cds_archive *a = it->archives[k].archive;

			vw = tui_fit(t, a->version != NULL ? a->version : "",
			    14);
			tui_view_row(t, v, TUI_NORMAL, 2, a->component, 26, vw,
			    14, tui_bytes(a->size, b));
			free(vw);
		}
	}
	tui_view_blank(v);
	if (nnew == 0) {
		tui_view_add(v, TUI_OK, -1, 0, "%s", _("Nothing to download: "
		    "everything chosen is installed already. Going on "
		    "refreshes its links and environment files."));
	} else {
		tui_view_add(v, TUI_TITLE, -1, 0, _n("Download: %s in %zu "
		    "archive", "Download: %s in %zu archives", narch),
		    tui_bytes(bytes, b), narch);
		tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Creates:"));
		for (i = 0; p->paths[i] != NULL; i++) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s", p->paths[i]);
		}
	}
	tui_view_blank(v);
	if (dry_error != NULL) {
		tui_view_add(v, TUI_ERROR, -1, 0, _("The dry run failed: %s"),
		    dry_error);
		return;
	}
	hp = tui_xasprintf("%s%s", cds_root(t->h), p->prefix);
	tui_view_add(v, TUI_TITLE, -1, 0, _("Then, in this order (paths in "
	    "%s):"), p->prefix);
	for (i = 0; i < ops.n; i++) {
		const struct cds_op *op = &ops.v[i];
		char *w = tui_fit(t, op_words(op->kind), 20);

		if (op->kind == CDS_OP_FETCH) {
			/* the URL first, then where it is unpacked */
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s -> %s", w,
			    op->target, in_prefix(hp, op->path));
		} else if (op->target != NULL) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s -> %s", w,
			    in_prefix(hp, op->path), in_prefix(hp,
			    op->target));
		} else {
			tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s", w,
			    in_prefix(hp, op->path));
		}
		free(w);
	}
	free(hp);
}

static void
review_draw(struct tui *t)
{
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	if (t->plan == NULL) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	tui_view_reset(&t->view, w - 3);
	build(t, &t->view);
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y, 1, h, w - 1);
}

static void
go(struct tui *t)
{
	uint64_t bytes;
	size_t narch, nnew = count_new(t->plan, &bytes, &narch);
	char b[32], *q;
	int yes;

	if (dry_error != NULL) {
		tui_message(t, _("Review"), dry_error);
		return;
	}
	if (nnew > 0) {
		q = tui_xasprintf(_n("Install %zu release (%s to download) "
		    "into %s?", "Install %zu releases (%s to download) into "
		    "%s?", nnew), nnew, tui_bytes(bytes, b), t->plan->prefix);
	} else {
		q = tui_xasprintf(_("Refresh the links and environment files "
		    "in %s?"), t->plan->prefix);
	}
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
	}
	return tui_view_key(&t->view, ch);
}

static const char *const review_keys[] = {
	"Enter", N_("install"), "PgDn", N_("scroll"), "Esc", N_("back"),
	NULL
};

const struct tui_screen tui_scr_review = {
	.name = N_("Review"),
	.step = 5,
	.help = N_("The exact plan: the releases and where they go, every "
	    "archive with its size, the paths that will be created and every "
	    "operation in order. Nothing has happened yet. Enter asks once "
	    "more and then installs; Esc goes back to change the versions. "
	    "The archives are checked against the SHA-256 digests of "
	    "NVIDIA's manifest before anything is moved into the prefix."),
	.enter = review_enter,
	.leave = review_leave,
	.draw = review_draw,
	.key = review_key,
	.keys = review_keys,
};
