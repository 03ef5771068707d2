/*
 * scr_progress.c - the install running (one bar per archive with its
 * phase, bytes, speed and time left, and one for everything), then the
 * summary: what was installed, the files to source, how to undo, where
 * the log is, and verify's report on the result.
 *
 * The install is the engine's cds_install_run(), on this thread; the
 * callbacks (callbacks.c) fill t->arch and redraw.  Esc or q asks once
 * whether to stop; a yes calls cds_cancel() and the engine rolls back.
 * After a stop the person can go back to Review or Versions and install
 * again: the next job takes the stop back (tui_term_busy()) and the
 * downloads resume from the .part files the stop left in the cache.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui.h"

/* Archives of the plan, so every bar is there from the start. */
static void
seed_archives(struct tui *t)
{
	const struct cds_plan *p = tui_install_plan(t);
	size_t i, k;

	for (i = 0; i < t->narch; i++) {
		free(t->arch[i].name);
		free(t->arch[i].label);
	}
	free(t->arch);
	t->arch = NULL;
	t->narch = 0;
	for (i = 0; p != NULL && i < p->nitems; i++) {
		if (p->items[i].state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < p->items[i].narchives; k++) {
			const struct cds_archive *a =
			    p->items[i].archives[k].archive;
			const char *base = strrchr(a->relative_path, '/');
			struct tui_archive *x;

			t->arch = tui_xrealloc(t->arch,
			    (t->narch + 1) * sizeof(*t->arch));
			x = &t->arch[t->narch++];
			memset(x, 0, sizeof(*x));
			x->name = tui_xstrdup(base != NULL ? base + 1 :
			    a->relative_path);
			x->label = tui_xstrdup(a->component);
			x->size = a->size;
			x->t_last = tui_now();
		}
	}
}

/* The install goes into a conda env's activation too. */
static int
in_env(const struct tui *t)
{
	return t->goal == TUI_GOAL_INSTALL && t->target == TUI_TARGET_ENV &&
	    t->repair != NULL;
}

static int
progress_enter(struct tui *t)
{
	struct cds_txn_opts o;
	int rc;

	if (t->work_done) {
		return 0;
	}
	seed_archives(t);
	t->cancel_asked = 0;
	t->quit_after = 0;
	t->result_err = 0;
	free(t->result_detail);
	t->result_detail = NULL;
	tui_set_step(t, "%s", _("Starting..."));
	memset(&o, 0, sizeof(o));
	tui_term_busy(t, 1);
	tui_redraw(t);
	if (in_env(t)) {
		/* `install --env`: the install, then the env's wiring, in
		 * one journalled repair */
		rc = cds_repair_apply(t->h, t->repair);
	} else {
		rc = cds_install_run(t->h, t->plan, &o, NULL);
	}
	tui_term_busy(t, 0);
	t->work_done = 1;
	/* the scan's toolkits and envs are what was there before */
	t->stale = 1;
	if (rc == -1) {
		t->result_err = cds_errno(t->h);
		t->result_detail = tui_xstrdup(tui_err_text(t));
		t->status = cds_exit_status(t->result_err);
		tui_set_step(t, "%s", "");
	} else {
		t->status = 0;
	}
	if (tui_term_signal() != 0 || t->quit_after) {
		t->quit = 1;
		return 0;
	}
	if (rc == 0) {
		tui_push(t, &tui_scr_summary);
	}
	return 0;
}

static void
progress_leave(struct tui *t)
{
	/* back to Review: the plan is made again from what is there now */
	t->work_done = 0;
	t->confirmed = 0;
	cds_plan_free(t->plan);
	t->plan = NULL;
	if (in_env(t)) {
		cds_repair_plan_free(t->repair);
		t->repair = NULL;
	}
}

/* Fractions of one archive: fetched (downloaded or read from the cache
 * and hashed) and unpacked. */
static double
frac_fetch(const struct tui_archive *a)
{
	uint64_t got = a->got[CDS_PHASE_DOWNLOAD] > a->got[CDS_PHASE_VERIFY] ?
	    a->got[CDS_PHASE_DOWNLOAD] : a->got[CDS_PHASE_VERIFY];

	if (a->finished) {
		return 1;
	}
	return a->size > 0 ? (double)got / (double)a->size : 0;
}

static double
frac_unpack(const struct tui_archive *a)
{
	if (a->finished) {
		return 1;
	}
	if (a->tot[CDS_PHASE_EXTRACT] > 0) {
		return (double)a->got[CDS_PHASE_EXTRACT] /
		    (double)a->tot[CDS_PHASE_EXTRACT];
	}
	return a->size > 0 ? (double)a->got[CDS_PHASE_EXTRACT] /
	    (double)a->size : 0;
}

static const char *
phase_word(const struct tui_archive *a, double *frac)
{
	double f = frac_fetch(a);

	if (a->err != 0) {
		*frac = f;
		return _("failed");
	}
	if (a->finished) {
		*frac = 1;
		return _("done");
	}
	if (!a->started) {
		*frac = 0;
		return _("waiting");
	}
	if (f < 1) {
		*frac = f;
		return a->got[CDS_PHASE_VERIFY] > a->got[CDS_PHASE_DOWNLOAD] ?
		    _("verify") : _("download");
	}
	*frac = frac_unpack(a);
	return _("unpack");
}

/* "12.3/45.6 MiB", in the unit of the total. */
static const char *
bytes_pair(uint64_t done, uint64_t total, char buf[48])
{
	char t[32];
	const char *unit;
	double div = 1;

	tui_bytes(total, t);
	unit = strchr(t, ' ');
	if (total >= (1ULL << 30)) {
		div = (double)(1ULL << 30);
	} else if (total >= (1ULL << 20)) {
		div = (double)(1ULL << 20);
	} else if (total >= 1024) {
		div = 1024;
	}
	if (div == 1) {
		snprintf(buf, 48, "%llu/%s", (unsigned long long)done, t);
	} else {
		snprintf(buf, 48, "%.1f/%.1f%s", (double)done / div,
		    (double)total / div, unit != NULL ? unit : "");
	}
	return buf;
}

static void
progress_draw(struct tui *t)
{
	int y, x, h, w, row, i, first, rows, lw = 16, pw = 9, bw;
	double overall = 0, speed = 0, sum = 0, fetched = 0;
	char b1[48], b2[32], b3[32], *s, *title;
	const char *pfx;
	attr_t ta = tui_attr(TUI_TITLE);

	tui_body(&y, &x, &h, &w);
	bw = w - 2 - lw - pw - 4 - 15 - 11 - 6 - 6;
	if (bw < 6) {
		bw = 6;
	}
	pfx = tui_install_plan(t) != NULL ? tui_install_plan(t)->prefix :
	    "";
	if (t->busy) {
		title = t->cancel_asked ? tui_xstrdup(_("Stopping...")) :
		    tui_xasprintf(_("Installing into %s"), pfx);
	} else if (t->result_err == CDS_ERR_CANCELLED) {
		title = tui_xasprintf(_("Stopped: nothing was changed in %s"),
		    pfx);
		ta = tui_attr(TUI_WARNING);
	} else if (t->result_err != 0) {
		title = tui_xasprintf(_("The install failed; nothing was "
		    "changed in %s"), pfx);
		ta = tui_attr(TUI_ERROR);
	} else {
		title = tui_xasprintf(_("Installed into %s"), pfx);
		ta = tui_attr(TUI_OK);
	}
	tui_put(stdscr, y, 1, title, w - 2, ta);
	free(title);
	/* the archives: the first unfinished one near the top */
	rows = h - 9;
	if (rows < 2) {
		rows = 2;
	}
	for (first = 0; first < (int)t->narch && t->arch[first].finished;
	    first++) {
	}
	first = first > 0 ? first - 1 : 0;
	if (first + rows > (int)t->narch) {
		first = (int)t->narch - rows;
	}
	if (first < 0) {
		first = 0;
	}
	for (i = 0; i < (int)t->narch; i++) {
		const struct tui_archive *a = &t->arch[i];
		double f1 = frac_fetch(a), f2 = frac_unpack(a);

		sum += (double)a->size;
		overall += (double)a->size * (f1 + f2) / 2;
		fetched += (double)a->size * f1;
		if (a->started && f1 < 1 && !a->finished) {
			speed += a->speed;
		}
	}
	row = y + 2;
	for (i = first; i < (int)t->narch && i < first + rows; i++) {
		const struct tui_archive *a = &t->arch[i];
		double f;
		const char *ph = phase_word(a, &f);
		char *lab = tui_fit(t, a->label, lw), *phs = tui_fit(t, ph, pw);
		int cx = 1;
		uint64_t shown = f >= 1 ? a->size : (uint64_t)(f *
		    (double)a->size);

		cx += tui_put(stdscr, row, cx, lab, lw, A_NORMAL) + 1;
		cx += tui_put(stdscr, row, cx, phs, pw, a->err != 0 ?
		    tui_attr(TUI_ERROR) : a->finished ? tui_attr(TUI_OK) :
		    A_NORMAL) + 1;
		tui_bar(t, stdscr, row, cx, bw, f);
		cx += bw + 1;
		cx += tui_putf(stdscr, row, cx, 5, A_NORMAL, "%3d%%",
		    (int)(f * 100)) + 1;
		tui_putf(stdscr, row, cx, 15, A_NORMAL, "%15s",
		    bytes_pair(shown, a->size, b1));
		cx += 16;
		if (t->busy && a->started && !a->finished &&
		    frac_fetch(a) < 1 && a->speed > 0) {
			tui_putf(stdscr, row, cx, 11, A_NORMAL, "%9s/s",
			    tui_bytes((uint64_t)a->speed, b2));
			cx += 12;
			tui_putf(stdscr, row, cx, 7, A_NORMAL, "%s",
			    tui_duration((double)(a->size - (uint64_t)(
			    frac_fetch(a) * (double)a->size)) / a->speed,
			    b3));
		}
		free(lab);
		free(phs);
		row++;
	}
	if ((int)t->narch > rows) {
		tui_putf(stdscr, y + 1, 1, w - 2, tui_attr(TUI_DIM),
		    _("archives %d-%d of %zu"), first + 1, i, t->narch);
	}
	/* everything */
	row = y + h - 6;
	s = tui_fit(t, _("Overall"), lw + pw + 1);
	tui_put(stdscr, row, 1, s, -1, tui_attr(TUI_TITLE));
	free(s);
	tui_bar(t, stdscr, row, 2 + lw + pw, bw, sum > 0 ? overall / sum :
	    (t->work_done ? 1 : 0));
	{
		int cx = 3 + lw + pw + bw;

		cx += tui_putf(stdscr, row, cx, 5, A_NORMAL, "%3d%%",
		    (int)(sum > 0 ? overall / sum * 100 : 0)) + 1;
		tui_putf(stdscr, row, cx, 15, A_NORMAL, "%15s",
		    bytes_pair((uint64_t)fetched, (uint64_t)sum, b1));
		cx += 16;
		if (speed > 0 && t->busy) {
			tui_putf(stdscr, row, cx, 11, A_NORMAL, "%9s/s",
			    tui_bytes((uint64_t)speed, b2));
			cx += 12;
			tui_putf(stdscr, row, cx, 7, A_NORMAL, "%s",
			    tui_duration((sum - fetched) / speed, b3));
		}
	}
	/* what the engine does now, or how it ended */
	if (!t->busy && t->result_detail != NULL) {
		char **lines = tui_wrap(t->result_detail, w - 4);

		for (i = 0; lines[i] != NULL && i < 2; i++) {
			tui_put(stdscr, row + 1 + i, 2, lines[i], w - 4,
			    t->result_err == CDS_ERR_CANCELLED ?
			    tui_attr(TUI_WARNING) : tui_attr(TUI_ERROR));
		}
		tui_strfreev(lines);
	} else if (t->step_text != NULL) {
		tui_put(stdscr, row + 1, 2, t->step_text, w - 4, A_BOLD);
	}
	if (!t->busy && t->result_err == CDS_ERR_CANCELLED) {
		/* stopped: the way on, where the log would be */
		char **lines = tui_wrap(_("The downloads stay in the cache: "
		    "go back and install again to resume them."), w - 4);

		for (i = 0; lines[i] != NULL && i < 3; i++) {
			tui_put(stdscr, row + 3 + i, 2, lines[i], w - 4,
			    A_NORMAL);
		}
		tui_strfreev(lines);
		return;
	}
	/* the last lines of the log */
	for (i = 0; i < 3 && i < t->nlog; i++) {
		int k = (t->log_head + t->nlog - 3 + i) % TUI_LOG_LINES;

		if (t->nlog < 3) {
			k = (t->log_head + i) % TUI_LOG_LINES;
		}
		tui_put(stdscr, row + 3 + i, 2, t->log[k], w - 4,
		    tui_attr(TUI_DIM));
	}
}

static int
progress_key(struct tui *t, int ch)
{
	/* after the run: it failed or was stopped, and nothing changed.
	 * Enter goes back to Review (the plan made again) to try again;
	 * after a stop, Esc goes back to Versions to choose again. */
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		tui_pop(t);
		return 1;
	}
	if (t->result_err == CDS_ERR_CANCELLED && (ch == 27 ||
	    ch == KEY_BACKSPACE || ch == 127 || ch == 8)) {
		/* Progress and Review: Versions is two screens down */
		tui_pop_to(t, t->depth - 2);
		return 1;
	}
	return 0;
}

static const char *const progress_keys[] = {
	"Esc", N_("stop"), NULL
};

static const char *const *
progress_keys_now(struct tui *t)
{
	static const char *const failed[] = {
		"Enter", N_("back to Review"), "Esc", N_("back"), NULL
	};
	static const char *const stopped[] = {
		"Enter", N_("back to Review"), "Esc", N_("back to Versions"),
		"q", N_("quit"), NULL
	};

	if (t->busy || !t->work_done) {
		return progress_keys;
	}
	return t->result_err == CDS_ERR_CANCELLED ? stopped : failed;
}

const struct tui_screen tui_scr_progress = {
	.name = N_("Install"),
	.step = 6,
	.help = N_("Each archive is downloaded (or read from the cache), its "
	    "SHA-256 is computed while the bytes arrive, and it is unpacked "
	    "into a staging directory at the same time. Only when every "
	    "archive matches NVIDIA's digest and size is anything moved into "
	    "the prefix. Esc asks whether to stop (q: stop and quit): "
	    "stopping removes what was unpacked and leaves the prefix as it "
	    "was; the downloads stay in the cache, so going back to Review "
	    "(Enter) or Versions (Esc) and installing again resumes them."),
	.enter = progress_enter,
	.leave = progress_leave,
	.draw = progress_draw,
	.key = progress_key,
	.keys = progress_keys,
	.keys_now = progress_keys_now,
};

/* ------------------------------------------------------------------------ */
/* Summary                                                                   */
/* ------------------------------------------------------------------------ */

static int verified;

static int
summary_enter(struct tui *t)
{
	if (!verified) {
		verified = 1;
		if (in_env(t)) {
			/* as `install --env`: doctor on the env as its
			 * activation makes it, and verify in it */
			tui_set_step(t, "%s", _("Checking the env again..."));
			tui_redraw(t);
			tui_repair_check_after(t);
			tui_set_step(t, "%s", "");
			if (t->after != NULL &&
			    cds_findings_worst(t->after) == CDS_SEV_ERROR) {
				t->status = 1;
			}
			tui_verify_run(t, NULL, t->repair->env_prefix);
		} else {
			/* the prefix: its cuda and cudnn links name the
			 * defaults */
			tui_verify_run(t, t->plan->prefix, NULL);
		}
		if (tui_term_signal() != 0) {
			t->quit = 1;
		}
	}
	t->view.top = 0;
	t->view.sel = -1;
	return 0;
}

static void
summary_leave(struct tui *t)
{
	verified = 0;
	cds_findings_free(t->after);
	t->after = NULL;
	cds_verify_free(t->verify);
	t->verify = NULL;
	free(t->verify_error);
	t->verify_error = NULL;
}

/* Installed into a conda env: how to use it and undo the wiring. */
static void
summary_env(struct tui *t, struct tui_view *v, const char *opts)
{
	const struct cds_repair_plan *rp = t->repair;

	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Checks on the activated "
	    "env:"));
	if (t->after != NULL) {
		tui_findings_view(t, v, t->after, NULL, 0);
	}
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("To use it:"));
	/* a venv by its activate script and its path (its name is no
	 * --env), a conda env by its name */
	if (rp->venv) {
		tui_view_add(v, TUI_NORMAL, -1, 2, ". %s/bin/activate",
		    rp->env_prefix);
	} else {
		tui_view_add(v, TUI_NORMAL, -1, 2, "conda activate %s",
		    rp->env_name);
	}
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("To undo the wiring (the "
	    "releases stay, shared by every env):"));
	tui_view_add(v, TUI_NORMAL, -1, 2, "cudnn-setup%s repair --undo "
	    "--env %s", opts, rp->venv ? rp->env_prefix : rp->env_name);
}

static void
summary_build(struct tui *t, struct tui_view *v)
{
	const struct cds_plan *p = tui_install_plan(t);
	const char *root = cds_root(t->h);
	char *opts, *log;
	size_t i;

	opts = *root != '\0' ? tui_xasprintf(" --root %s", root) :
	    tui_xstrdup("");
	if (in_env(t)) {
		tui_view_add(v, TUI_OK, -1, 0, _("Done: installed into %s and "
		    "wired into conda env %s."), p->prefix,
		    t->repair->env_name);
	} else {
		tui_view_add(v, TUI_OK, -1, 0, _("Done: the install in %s is "
		    "complete."), p->prefix);
	}
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		tui_view_add(v, TUI_NORMAL, -1, 2, "%s %s  %s",
		    it->state == CDS_ITEM_DONE ? _("installed") :
		    _("already there"), it->name, it->dir);
	}
	tui_view_blank(v);
	if (in_env(t)) {
		summary_env(t, v, opts);
		tui_view_blank(v);
	}
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("To use it in a shell:"));
	for (i = 0; i < p->nitems; i++) {
		tui_view_add(v, TUI_NORMAL, -1, 2, ". %s/env/%s.sh", p->prefix,
		    p->items[i].name);
	}
	tui_view_add(v, TUI_DIM, -1, 2, _("(fish: source %s/env/NAME.fish; "
	    "Lmod or Environment Modules: module use %s/env/modulefiles)"),
	    p->prefix, p->prefix);
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", in_env(t) ?
	    _("To remove the releases:") : _("To undo:"));
	for (i = p->nitems; i-- > 0;) {
		if (p->items[i].state == CDS_ITEM_DONE) {
			tui_view_add(v, TUI_NORMAL, -1, 2, "cudnn-setup%s "
			    "remove --prefix %s --force %s", opts, p->prefix,
			    p->items[i].name);
		}
	}
	free(opts);
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Log of what was done:"));
	log = cds_audit_log_path(t->h);
	/* the log this run wrote, or that it could not */
	tui_view_add(v, TUI_NORMAL, -1, 2, "%s%s", log, access(log, W_OK) ==
	    0 ? "" : _(" (could not be written)"));
	free(log);
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Verify:"));
	if (t->busy) {
		tui_view_add(v, TUI_DIM, -1, 2, "%s", t->step_text != NULL ?
		    t->step_text : "");
	} else {
		tui_verify_view(t, v);
	}
}

static void
summary_draw(struct tui *t)
{
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	tui_view_reset(&t->view, w - 3);
	summary_build(t, &t->view);
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y, 1, h, w - 1);
}

static int
summary_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		t->quit = 1;
		return 1;
	case 27:
	case KEY_BACKSPACE:
	case 127:
	case 8:
		/* start over on a fresh scan: the install is part of it */
		cds_findings_free(t->findings);
		cds_scan_free(t->scan);
		t->findings = NULL;
		t->scan = NULL;
		free(t->scan_error);
		t->scan_error = NULL;
		tui_pop_to(t, 1);
		t->goal = TUI_GOAL_NONE;
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static const char *const summary_keys[] = {
	"Enter", N_("quit"), "Esc", N_("start over"), NULL
};

const struct tui_screen tui_scr_summary = {
	.name = N_("Verify"),
	.step = 7,
	.help = N_("The install is complete. Source the env file to use it "
	    "in a shell, or load the modulefile. Verify ran on the prefix's "
	    "default links (PREFIX/cuda and PREFIX/cudnn): with a GPU it "
	    "runs a kernel and cuDNN operations; without one it says exactly "
	    "why it cannot. Enter quits; Esc starts over with a fresh scan."),
	.enter = summary_enter,
	.leave = summary_leave,
	.draw = summary_draw,
	.key = summary_key,
	.keys = summary_keys,
};
