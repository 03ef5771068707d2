/*
 * scr_verify.c - verify's report on the screen: which driver, runtime and
 * cuDNN files were loaded, the GPUs, each check with its error and time,
 * or exactly why the checks cannot run.  The same cds_verify_run() as
 * `cudnn-setup verify`.  Also the Verify screen of the "verify an
 * install" goal.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

void
tui_verify_run(struct tui *t, const char *prefix, const char *env)
{
	cds_verify_free(t->verify);
	t->verify = NULL;
	free(t->verify_error);
	t->verify_error = NULL;
	tui_set_step(t, "%s", _("Loading the driver, the CUDA runtime and "
	    "cuDNN, and running the checks..."));
	tui_term_busy(t, 1);
	tui_redraw(t);
	t->verify = cds_verify_run(t->h, prefix, env);
	tui_term_busy(t, 0);
	if (t->verify == NULL) {
		t->verify_error = tui_xstrdup(tui_err_text(t));
	}
	tui_set_step(t, "%s", "");
}

static const char *
cuda_ver(int v, char buf[16])
{
	snprintf(buf, 16, "%d.%d", v / 1000, v % 1000 / 10);
	return buf;
}

/* Why nothing could run, in one sentence. */
static char *
block_text(const struct cds_verify *v)
{
	const struct cds_driver *d = &v->driver;
	char a[16], b[16];

	switch (v->block) {
	case CDS_VERIFY_RAN:
		return NULL;
	case CDS_VERIFY_NO_MODULE:
		return tui_xstrdup(_("No NVIDIA kernel module is loaded and "
		    "libcuda.so.1 is not on the loader's path: install the "
		    "NVIDIA driver (or, in a container, run it with the "
		    "host's GPU)."));
	case CDS_VERIFY_NO_LIBCUDA:
		return tui_xasprintf(_("libcuda.so.1 cannot be loaded: %s"),
		    v->block_detail != NULL ? v->block_detail : "?");
	case CDS_VERIFY_STUB:
		if (d->stub_via != NULL) {
			return tui_xasprintf(_("The loader maps a stub libcuda "
			    "from a toolkit (CUDA error 34): %s, put on the "
			    "path by %s. The stub is for linking only: take "
			    "its directory off the loader's path."),
			    d->stub_path != NULL ? d->stub_path :
			    d->libcuda_path != NULL ? d->libcuda_path : "?",
			    d->stub_via);
		}
		return tui_xasprintf(_("The loader maps a stub libcuda from a "
		    "toolkit (CUDA error 34): %s. The stub is for linking "
		    "only: take its directory off the loader's path."),
		    d->stub_path != NULL ? d->stub_path :
		    d->libcuda_path != NULL ? d->libcuda_path : "?");
	case CDS_VERIFY_DRIVER_TOO_OLD:
		return tui_xasprintf(_("The driver is too old for the CUDA "
		    "runtime (error 35): it supports CUDA %s, the runtime is "
		    "CUDA %s; it needs driver %s or newer."),
		    cuda_ver(d->cuda_version, a),
		    cuda_ver(v->runtime_version, b),
		    v->driver_min != NULL ? v->driver_min : "?");
	case CDS_VERIFY_NO_DEVICE:
		if (v->visible_devices != NULL) {
			/* what verify says on the command line, too */
			return tui_xasprintf(_("The driver sees no GPU (error "
			    "100): CUDA_VISIBLE_DEVICES=%s%s is set and CUDA "
			    "sees only the GPUs it lists; unset it or list a "
			    "GPU that is here."), *v->visible_devices != '\0' ?
			    v->visible_devices : "\"\"",
			    *v->visible_devices != '\0' ? "" : _(" (empty)"));
		}
		return tui_xstrdup(_("The driver sees no GPU (error 100)."));
	case CDS_VERIFY_COMPAT_UNSUPPORTED:
		return tui_xasprintf(_("A forward-compatibility libcuda (%s) "
		    "was loaded on a GPU that does not support it (error "
		    "804): take its directory off the loader's path or "
		    "upgrade the driver."), d->libcuda_path != NULL ?
		    d->libcuda_path : "?");
	case CDS_VERIFY_INIT_FAILED:
		if (v->block_detail != NULL) {
			return tui_xasprintf(_("The driver cannot run the "
			    "checks: %s"), v->block_detail);
		}
		return tui_xasprintf(_("cuInit() failed with CUDA error %d."),
		    v->block_code);
	case CDS_VERIFY_CHILD_FAILED:
		if (v->crash_library != NULL && v->crash_how != NULL &&
		    strcmp(v->crash_how, "loading") == 0) {
			return tui_xasprintf(_("The check process failed: %s; "
			    "it died while loading %s."), v->block_detail !=
			    NULL ? v->block_detail : "?", v->crash_library);
		}
		if (v->crash_library != NULL) {
			return tui_xasprintf(_("The check process failed: %s; "
			    "it died in %s (a SIGBUS there means the file is "
			    "shorter than it should be: doctor checks it)."),
			    v->block_detail != NULL ? v->block_detail : "?",
			    v->crash_library);
		}
		return tui_xasprintf(_("The check process failed: %s"),
		    v->block_detail != NULL ? v->block_detail : "?");
	}
	return NULL;
}

static const char *
result_word(enum cds_check_result r)
{
	switch (r) {
	case CDS_CHECK_PASS:
		return _("pass");
	case CDS_CHECK_FAIL:
		return _("FAIL");
	case CDS_CHECK_ERROR:
		return _("ERROR");
	case CDS_CHECK_NOT_RUN:
		return _("not run");
	}
	return "?";
}

void
tui_verify_view(struct tui *t, struct tui_view *view)
{
	const struct cds_verify *v = t->verify;
	char b[32], *s;
	size_t i, nd = 0, loaded = 0;

	if (v == NULL) {
		tui_view_add(view, TUI_WARNING, -1, 2, _("Verify could not "
		    "run: %s"), t->verify_error != NULL ? t->verify_error :
		    "?");
		return;
	}
	if (v->passed) {
		tui_view_add(view, TUI_OK, -1, 2, "%s", _("Passed: every "
		    "library loaded and every check matched the CPU "
		    "reference."));
	} else if ((s = block_text(v)) != NULL) {
		tui_view_add(view, TUI_ERROR, -1, 2, _("The GPU checks cannot "
		    "run. %s"), s);
		free(s);
	} else {
		tui_view_add(view, TUI_ERROR, -1, 2, "%s", _("Not passed: see "
		    "the libraries and checks below."));
	}
	tui_view_add(view, TUI_DIM, -1, 2, _("Target: %s"),
	    v->target != NULL ? v->target : _("what this environment loads "
	    "by default"));
	if (v->driver.module_version != NULL) {
		if (v->driver.cuda_version != 0) {
			tui_view_add(view, TUI_NORMAL, -1, 2, _("Driver %s, "
			    "supports CUDA up to %s"), v->driver.module_version,
			    cuda_ver(v->driver.cuda_version, b));
		} else {
			tui_view_add(view, TUI_NORMAL, -1, 2, _("Driver %s"),
			    v->driver.module_version);
		}
	}
	for (i = 0; i < v->nlibs; i++) {
		const struct cds_verify_lib *l = &v->libs[i];

		if (strcmp(l->role, "cudnn") == 0) {
			nd++;
			loaded += l->error == NULL;
		}
		if (l->error != NULL) {
			tui_view_add(view, l->optional ? TUI_DIM : TUI_ERROR,
			    -1, 4, "%s: %s", l->name, l->error);
		} else if (strcmp(l->role, "cudnn") != 0 ||
		    strncmp(l->name, "libcudnn.so", 11) == 0) {
			tui_view_add(view, TUI_NORMAL, -1, 4, "%s %s%s",
			    l->name, l->path != NULL ? l->path : "",
			    l->outside ? _(" (outside the target)") : "");
		}
	}
	if (v->runtime_version != 0) {
		tui_view_add(view, TUI_NORMAL, -1, 4, _("CUDA runtime %s"),
		    cuda_ver(v->runtime_version, b));
	}
	if (v->cudnn_release != NULL) {
		tui_view_add(view, TUI_NORMAL, -1, 4, _("cuDNN %s: %zu of %zu "
		    "libraries loaded"), v->cudnn_release, loaded, nd);
	} else if (nd == 0) {
		tui_view_add(view, TUI_WARNING, -1, 4, "%s",
		    _("no cuDNN found"));
	}
	for (i = 0; i < v->ndevices; i++) {
		const struct cds_verify_device *d = &v->devices[i];

		tui_view_add(view, TUI_NORMAL, -1, 4, _("GPU %d: %s, compute "
		    "capability %d.%d, %s"), d->ordinal, d->name != NULL ?
		    d->name : "?", d->cc_major, d->cc_minor,
		    tui_bytes(d->memory, b));
	}
	for (i = 0; i < v->nchecks; i++) {
		const struct cds_verify_check *c = &v->checks[i];
		char *name = tui_fit(t, c->name, 20);
		char *word = tui_fit(t, result_word(c->result), 8);
		enum tui_role role = c->result == CDS_CHECK_PASS ? TUI_OK :
		    c->result == CDS_CHECK_NOT_RUN ? TUI_DIM : TUI_ERROR;

		if (c->result == CDS_CHECK_PASS ||
		    c->result == CDS_CHECK_FAIL) {
			tui_view_add(view, role, -1, 4, _("%s %s max error "
			    "%.3g, %.2f ms%s%s"), name, word, c->max_error,
			    c->ms, c->algo != NULL ? ", " : "",
			    c->algo != NULL ? c->algo : "");
		} else {
			tui_view_add(view, role, -1, 4, "%s %s%s%s", name,
			    word, c->detail != NULL ?
			    ": " : "", c->detail != NULL ? c->detail : "");
		}
		free(name);
		free(word);
	}
}

static int
verify_enter(struct tui *t)
{
	if (!t->work_done) {
		t->work_done = 1;
		if (t->target == TUI_TARGET_ENV) {
			tui_verify_run(t, NULL, t->target_env);
		} else if (t->target == TUI_TARGET_DEFAULT) {
			tui_verify_run(t, NULL, NULL);
		} else {
			tui_verify_run(t, t->target_dir, NULL);
		}
		t->status = t->verify != NULL && t->verify->passed ? 0 : 1;
		if (tui_term_signal() != 0) {
			t->quit = 1;
		}
	}
	t->view.top = 0;
	t->view.sel = -1;
	return 0;
}

static void
verify_leave(struct tui *t)
{
	t->work_done = 0;
	cds_verify_free(t->verify);
	t->verify = NULL;
	free(t->verify_error);
	t->verify_error = NULL;
}

static void
verify_draw(struct tui *t)
{
	int y, x, h, w;

	tui_body(&y, &x, &h, &w);
	if (t->busy) {
		tui_put(stdscr, y + h / 2, 2, t->step_text != NULL ?
		    t->step_text : "", w - 4, A_BOLD);
		return;
	}
	tui_view_reset(&t->view, w - 3);
	tui_view_add(&t->view, TUI_TITLE, -1, 0, "%s", _("Verify"));
	tui_verify_view(t, &t->view);
	t->view.sel = -1;
	tui_view_draw(t, &t->view, y, 1, h, w - 1);
}

static int
verify_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		t->quit = 1;
		return 1;
	case 'r':
		t->work_done = 0;
		verify_enter(t);
		return 1;
	}
	return tui_view_key(&t->view, ch);
}

static const char *const verify_keys[] = {
	"Enter", N_("quit"), "r", N_("run again"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_verify = {
	.name = N_("Verify"),
	.step = 7,
	.help = N_("Verify loads the driver (libcuda.so.1), the CUDA runtime "
	    "and every cuDNN library of the target in a separate process, "
	    "reports each GPU, then runs a small kernel and cuDNN "
	    "convolution, batch normalisation, activation and pooling, each "
	    "compared with a result computed on the CPU. When the checks "
	    "cannot run it says exactly why: no driver, a stub libcuda on "
	    "the path (error 34), a driver too old (error 35), no GPU (error "
	    "100). r runs it again."),
	.enter = verify_enter,
	.leave = verify_leave,
	.draw = verify_draw,
	.key = verify_key,
	.keys = verify_keys,
};
