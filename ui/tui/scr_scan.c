/*
 * scr_scan.c - the first screen: what is on this machine (the three CUDA
 * numbers, every toolkit and cuDNN copy, the conda envs) and doctor's
 * findings, most severe first, each opening to its evidence and fix.
 * The same cds_scan_run() and cds_findings_run() as `cudnn-setup doctor`.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../facttext.h"
#include "tui.h"

#define LW 20		/* label column */
#define VW 9		/* value column */

int
tui_rescan(struct tui *t)
{
	cds_findings_free(t->findings);
	cds_scan_free(t->scan);
	t->findings = NULL;
	t->scan = NULL;
	free(t->scan_error);
	t->scan_error = NULL;
	free(t->open);
	t->open = NULL;
	t->nopen = 0;
	t->stale = 0;
	t->scanning = 1;
	tui_set_step(t, "%s", _("Looking at this machine..."));
	tui_redraw(t);
	/* the rules need the manifest: driver floors, framework table */
	if (cds_manifest_load(t->h) == NULL ||
	    (t->scan = cds_scan_run(t->h, NULL, 0)) == NULL) {
		t->scan_error = tui_xstrdup(tui_err_text(t));
		t->scanning = 0;
		return -1;
	}
	t->findings = cds_findings_run(t->h, t->scan);
	t->nopen = t->findings->n;
	t->open = tui_xcalloc(t->nopen + 1, 1);
	t->scanning = 0;
	tui_set_step(t, "%s", "");
	return 0;
}

void
tui_scan_fresh(struct tui *t)
{
	if (t->stale || (t->scan == NULL && t->scan_error == NULL)) {
		tui_rescan(t);
	}
}

static int
scan_enter(struct tui *t)
{
	tui_scan_fresh(t);
	t->view.sel = -1;
	t->view.top = 0;
	return 0;
}

static const char *
driver_reason(const struct cds_scan *s)
{
	switch (s->driver.state) {
	case CDS_DRIVER_OK:
		return _("the newest CUDA this driver runs (not what is "
		    "installed)");
	case CDS_DRIVER_NO_MODULE:
		return s->nvidia_pci > 0 ?
		    _("no NVIDIA kernel module loaded (a GPU is present)") :
		    _("no NVIDIA kernel module, no NVIDIA GPU");
	case CDS_DRIVER_NO_LIBRARY:
		return _("module loaded, libcuda.so.1 not found");
	case CDS_DRIVER_STUB:
		return _("only a stub libcuda (error 34)");
	case CDS_DRIVER_INIT_FAILED:
		return _("cuInit failed");
	case CDS_DRIVER_NOT_PROBED:
		return _("not probed (another root)");
	case CDS_DRIVER_NO_KERNEL_MODULE:
		return _("driver libraries without a kernel module");
	}
	return "";
}

static const char *
origin_word(enum cds_origin o)
{
	switch (o) {
	case CDS_ORIGIN_TOOLKIT:
		return _("in a toolkit");
	case CDS_ORIGIN_SYSTEM:
		return _("system library");
	case CDS_ORIGIN_CONDA:
		return _("conda package");
	case CDS_ORIGIN_PIP:
		return _("pip wheel");
	case CDS_ORIGIN_PREFIX:
		return _("cudnn-setup prefix");
	case CDS_ORIGIN_PATH:
		return _("on LD_LIBRARY_PATH");
	}
	return "";
}

static void
add_numbers(struct tui *t, struct tui_view *v)
{
	const struct cds_scan *s = t->scan;
	const struct cds_toolkit *tk = cds_toolkit_at(s,
	    s->active_toolkit);
	struct cds_fw_iter it = {0, 0};
	struct cds_fw_row fw;
	char buf[16], *d;
	int nfw = 0;

	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("CUDA on this machine: "
	    "three numbers"));
	tui_view_row(t, v, TUI_NORMAL, 2, _("driver supports"), LW,
	    tui_cuda_str(s->driver.cuda_version, buf) != NULL ? buf :
	    _("none"), VW, driver_reason(s));
	if (tk != NULL) {
		d = tui_xasprintf("%s (%s)", tk->realpath,
		    s->active_via != NULL ? s->active_via : "");
		tui_view_row(t, v, TUI_NORMAL, 2, _("active toolkit"), LW,
		    tk->version != NULL ? tk->version : "?", VW, d);
		free(d);
	} else {
		tui_view_row(t, v, TUI_NORMAL, 2, _("active toolkit"), LW,
		    _("none"), VW, _("no CUDA_HOME, no nvcc on PATH, no "
		    "/usr/local/cuda"));
	}
	while (cds_fw_next(s, &it, &fw)) {
		d = ui_fw_detail(&fw);
		tui_view_row(t, v, TUI_NORMAL, 2, nfw++ == 0 ?
		    _("frameworks bundle") : "", LW, ui_fw_cuda(&fw), VW,
		    d != NULL ? d : fw.p->name);
		free(d);
	}
	if (nfw == 0) {
		tui_view_row(t, v, TUI_NORMAL, 2, _("frameworks bundle"), LW,
		    _("none"), VW, _("no torch, onnxruntime, tensorflow or "
		    "jax found"));
	}
}

/* Where this runs and how the GPU came in, as doctor's Container section
 * says it; nothing on a plain host. */
static void
add_container(struct tui *t, struct tui_view *v)
{
	const struct cds_container *ct = &t->scan->container;
	const char *w, *detail;
	size_t i;

	if (!ui_container_shown(ct)) {
		return;
	}
	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, "%s", _("Container"));
	tui_view_row(t, v, TUI_NORMAL, 2, _("runtime"), LW, ct->runtime, VW,
	    ct->overridden ? _("set by CDS_CONTAINER") : "");
	if (ct->gpu_mechanism != NULL) {
		tui_view_row(t, v, TUI_NORMAL, 2, _("GPU passed by"), LW,
		    ct->gpu_mechanism, VW, "");
	}
	if (ct->sandbox != NULL) {
		tui_view_row(t, v, TUI_NORMAL, 2, _("sandbox"), LW,
		    ct->sandbox, VW, _("the GPU comes only through its driver "
		    "proxy"));
	}
	if (ct->ctl_errno != -1) {
		w = ui_ctl_word(ct, &detail);
		tui_view_row(t, v, ct->ctl_errno == 0 ? TUI_NORMAL : TUI_ERROR,
		    2, "/dev/nvidiactl", LW, w, VW, detail);
	}
	for (i = 0; i < ct->nevidence; i++) {
		tui_view_row(t, v, TUI_DIM, 2, ct->evidence[i].key, LW, "", VW,
		    ct->evidence[i].value);
	}
}

static void
add_toolkits(struct tui *t, struct tui_view *v)
{
	const struct cds_scan *s = t->scan;
	size_t i;

	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, _("CUDA toolkits (%zu)"),
	    s->ntoolkits);
	if (s->ntoolkits == 0) {
		tui_view_add(v, TUI_DIM, -1, 2, "%s", _("none found"));
	}
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *tk = &s->toolkits[i];
		int act = s->active_toolkit != NULL &&
		    strcmp(tk->realpath, s->active_toolkit) == 0;
		char *d = tui_xasprintf("%s%s%s%s", tk->realpath,
		    tk->is_default ? _(", default") : "",
		    act ? _(", active") : "",
		    !tk->exists ? _(", missing") : "");

		tui_view_row(t, v, tk->exists ? TUI_NORMAL : TUI_WARNING, 2,
		    tk->version != NULL ? tk->version : "?", VW, "", 0, d);
		free(d);
	}
}

static void
add_cudnns(struct tui *t, struct tui_view *v)
{
	const struct cds_scan *s = t->scan;
	size_t i;

	tui_view_blank(v);
	tui_view_add(v, TUI_TITLE, -1, 0, _("cuDNN copies (%zu)"),
	    s->ncudnns);
	if (s->ncudnns == 0) {
		tui_view_add(v, TUI_DIM, -1, 2, "%s", _("none found"));
	}
	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *c = &s->cudnns[i];
		const char *state = c->complete ? _("complete set") :
		    c->mixed != NULL && c->mixed[0] != NULL ?
		    _("MIXED releases") : _("incomplete");
		char *d;

		if (c->env != NULL) {
			d = tui_xasprintf(_("%s; %s in env %s; %s"), c->dir,
			    origin_word(c->origin), c->env, state);
		} else {
			d = tui_xasprintf("%s; %s; %s", c->dir,
			    origin_word(c->origin), state);
		}
		tui_view_row(t, v, c->complete ? TUI_NORMAL : TUI_WARNING, 2,
		    c->version != NULL ? c->version : "?", VW, "", 0, d);
		free(d);
	}
	if (s->nenvs > 0) {
		tui_view_blank(v);
		/* conda envs and plain venvs, as doctor lists them */
		tui_view_add(v, TUI_TITLE, -1, 0, _("Environments (%zu)"),
		    s->nenvs);
		for (i = 0; i < s->nenvs; i++) {
			const struct cds_env *e = &s->envs[i];
			char *d = tui_xasprintf("%s%s%s", e->prefix,
			    e->is_venv ? _(", venv") : "",
			    e->is_active ? _(", active") : "");

			tui_view_row(t, v, TUI_NORMAL, 2, e->name, LW - 2 + VW,
			    "", 0, d);
			free(d);
		}
	}
}

/* Where a finding is: the env its evidence names ("dl310", or "dl310
 * (/path)" as some rules write it), else NULL. */
static char *
finding_env(const struct cds_finding *x)
{
	size_t k;

	for (k = 0; k < x->nevidence; k++) {
		if (strcmp(x->evidence[k].key, "env") == 0) {
			return tui_xasprintf("%.*s", (int)strcspn(
			    x->evidence[k].value, " "), x->evidence[k].value);
		}
	}
	return NULL;
}

/* The row of a finding as the person reads it: severity, id, summary, and
 * the env it is about. */
static char *
finding_row(struct tui *t, const struct cds_finding *x)
{
	const char *summary = cds_rule_summary(x->id);
	char *sev = tui_fit(t, tui_severity_word(x->severity), 8);
	char *env = finding_env(x), *where, *s;

	/* TRANSLATORS: after a finding's summary: the conda env it is in */
	where = env != NULL ? tui_xasprintf(_(" (env %s)"), env) :
	    tui_xstrdup("");
	s = tui_xasprintf("%s [%s] %s%s", sev, x->id, summary != NULL ?
	    summary : x->title, where);
	free(where);
	free(env);
	free(sev);
	return s;
}

/* Two findings that say the same: id, title and evidence alike. */
static int
same_finding(const struct cds_finding *a, const struct cds_finding *b)
{
	size_t k;

	if (strcmp(a->id, b->id) != 0 || strcmp(a->title, b->title) != 0 ||
	    a->nevidence != b->nevidence) {
		return 0;
	}
	for (k = 0; k < a->nevidence; k++) {
		if (strcmp(a->evidence[k].key, b->evidence[k].key) != 0 ||
		    strcmp(a->evidence[k].value, b->evidence[k].value) != 0) {
			return 0;
		}
	}
	return 1;
}

static void
finding_details(struct tui_view *v, const struct cds_finding *x, int item)
{
	char *links;
	size_t k;

	tui_view_add(v, TUI_NORMAL, item, 6, "%s", x->title);
	for (k = 0; k < x->nevidence; k++) {
		tui_view_add(v, TUI_DIM, item, 6, "%s: %s",
		    x->evidence[k].key, x->evidence[k].value);
	}
	if ((links = ui_links_command(x)) != NULL) {
		tui_view_add(v, TUI_OK, item, 6, "%s %s", _("fix:"), links);
		free(links);
		return;
	}
	for (k = 0; k < x->nfixes; k++) {
		tui_view_add(v, TUI_OK, item, 6, "%s %s",
		    x->fixes[k].kind != CDS_FIX_NONE ? _("fix:") :
		    _("to do:"), x->fixes[k].command);
	}
}

/*
 * Doctor's findings, most severe first; each is an item of the view that
 * opens to its evidence and fix.  A row names the env the finding is about,
 * and findings whose rows would read the same share one row (opening it
 * shows each); one that repeats another exactly is shown once.
 */
void
tui_findings_view(struct tui *t, struct tui_view *v,
    const struct cds_findings *f, const unsigned char *open, int first)
{
	size_t i, j, k, nerr = 0, nwarn = 0;
	char *counts, *warns, **rows;
	size_t *group;

	for (i = 0; i < f->n; i++) {
		nerr += f->items[i].severity == CDS_SEV_ERROR;
		nwarn += f->items[i].severity == CDS_SEV_WARNING;
	}
	counts = tui_xasprintf(_n("%zu error", "%zu errors", nerr), nerr);
	warns = tui_xasprintf(_n("%zu warning", "%zu warnings", nwarn),
	    nwarn);
	/* TRANSLATORS: "Findings: 2 errors, 1 warning" */
	tui_view_add(v, TUI_TITLE, -1, 0, _("Findings: %s, %s"), counts,
	    warns);
	free(counts);
	free(warns);
	if (f->n == 0) {
		tui_view_add(v, TUI_OK, -1, 2, "%s", _("nothing wrong found"));
		return;
	}
	/* group[i]: the first finding whose row reads as finding i's */
	rows = tui_xcalloc(f->n + 1, sizeof(*rows));
	group = tui_xcalloc(f->n + 1, sizeof(*group));
	for (i = 0; i < f->n; i++) {
		rows[i] = finding_row(t, &f->items[i]);
		group[i] = i;
		for (j = 0; j < i; j++) {
			if (strcmp(rows[i], rows[j]) == 0) {
				group[i] = group[j];
				break;
			}
		}
	}
	for (i = 0; i < f->n; i++) {
		int is_open = open != NULL && open[i];
		int item = first + (int)i;

		if (group[i] != i) {
			continue;
		}
		tui_view_add(v, tui_severity_role(f->items[i].severity), item,
		    2, "%s %s", is_open ? t->g->open : t->g->closed, rows[i]);
		for (j = i; is_open && j < f->n; j++) {
			if (group[j] != i) {
				continue;
			}
			for (k = i; k < j; k++) {
				if (group[k] == i &&
				    same_finding(&f->items[k], &f->items[j])) {
					break;
				}
			}
			if (k == j) {
				finding_details(v, &f->items[j], item);
			}
		}
	}
	for (i = 0; i < f->n; i++) {
		free(rows[i]);
	}
	free(rows);
	free(group);
}

static void
scan_draw(struct tui *t)
{
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	if (t->scanning || (t->scan == NULL && t->scan_error == NULL)) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	if (t->scan == NULL) {
		char **lines = tui_wrap(t->scan_error, w - 4);
		int i;

		tui_put(stdscr, y + 1, 2, _("The machine could not be "
		    "scanned:"), w - 4, tui_attr(TUI_ERROR));
		for (i = 0; lines[i] != NULL && i < h - 3; i++) {
			tui_put(stdscr, y + 3 + i, 2, lines[i], w - 4,
			    A_NORMAL);
		}
		tui_strfreev(lines);
		return;
	}
	tui_view_reset(&t->view, w - 2);
	add_numbers(t, &t->view);
	add_container(t, &t->view);
	add_toolkits(t, &t->view);
	add_cudnns(t, &t->view);
	tui_view_blank(&t->view);
	tui_findings_view(t, &t->view, t->findings, t->open, 0);
	tui_view_draw(t, &t->view, y, x + 1, h, w - 1);
}

static void
toggle(struct tui *t, int item)
{
	if (item >= 0 && (size_t)item < t->nopen) {
		t->open[item] = !t->open[item];
	}
}

static int
scan_key(struct tui *t, int ch)
{
	if (t->scan == NULL) {
		if (ch == 'r') {
			tui_rescan(t);
			return 1;
		}
		return 0;
	}
	switch (ch) {
	case ' ':
		toggle(t, t->view.sel);
		return 1;
	case '\t':
		tui_view_next_item(&t->view, 1);
		return 1;
	case KEY_BTAB:
		tui_view_next_item(&t->view, -1);
		return 1;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
		tui_push(t, &tui_scr_goal);
		return 1;
	case 'r':
		tui_rescan(t);
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static int
scan_click(struct tui *t, int y, int x, mmask_t b)
{
	toggle(t, tui_view_click(&t->view, y, x));
	return 1;
}

static const char *const scan_keys[] = {
	"Enter", N_("continue"), "Space", N_("details"),
	"Tab", N_("next finding"), "r", N_("scan again"), NULL
};

const struct tui_screen tui_scr_scan = {
	.name = N_("Scan"),
	.step = 1,
	.help = N_("What is on this machine, as `cudnn-setup doctor` sees "
	    "it. The three CUDA numbers are different things: the newest "
	    "CUDA the driver can run, the toolkit that is active (CUDA_HOME, "
	    "nvcc on PATH or /usr/local/cuda), and the CUDA each framework "
	    "brings with it. Then every CUDA toolkit and cuDNN copy found, "
	    "and what is wrong, most severe first. Space opens a finding to "
	    "show its evidence and the fix; Tab jumps to the next one. Enter "
	    "goes on to choose what to do."),
	.enter = scan_enter,
	.draw = scan_draw,
	.key = scan_key,
	.click = scan_click,
	.keys = scan_keys,
};
