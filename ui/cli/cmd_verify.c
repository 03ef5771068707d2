/*
 * cmd_verify.c - `cudnn-setup verify`: load the driver, the runtime and
 * cuDNN of the target, run the GPU checks, and say plainly what ran, what
 * passed and, when nothing could run, exactly why.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Who asked for the words of each CUDA error code we explain. */
static const char *
cu_error_name(int code)
{
	switch (code) {
	case 34:
		return "CUDA_ERROR_STUB_LIBRARY";
	case 35:
		return "cudaErrorInsufficientDriver";
	case 100:
		return "CUDA_ERROR_NO_DEVICE";
	case 803:
		return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
	case 804:
		return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
	}
	return NULL;
}

/*
 * Why verify could not run, in the JSON's spelling: kebab-case like every
 * other state word (doctor's driver.state, plan's warnings, the error codes).
 * 0.1.0 wrote these with '_'; block_word_v0 keeps that spelling for one
 * release (blocked.reason_v0), then it goes.
 */
static const char *
block_word(enum cds_verify_block b)
{
	switch (b) {
	case CDS_VERIFY_RAN:
		return NULL;
	case CDS_VERIFY_NO_MODULE:
		return "no-module";
	case CDS_VERIFY_NO_LIBCUDA:
		return "no-libcuda";
	case CDS_VERIFY_STUB:
		return "stub";
	case CDS_VERIFY_DRIVER_TOO_OLD:
		return "driver-too-old";
	case CDS_VERIFY_NO_DEVICE:
		return "no-device";
	case CDS_VERIFY_COMPAT_UNSUPPORTED:
		return "compat-unsupported";
	case CDS_VERIFY_INIT_FAILED:
		return "init-failed";
	case CDS_VERIFY_CHILD_FAILED:
		return "child-failed";
	}
	return "unknown";
}

/* The 0.1.0 spelling of a kebab-case WORD ('-' as '_'), into BUF. */
static const char *
word_v0(const char *word, char buf[32])
{
	size_t i;

	for (i = 0; word[i] != '\0' && i + 1 < 32; i++) {
		buf[i] = word[i] == '-' ? '_' : word[i];
	}
	buf[i] = '\0';
	return buf;
}

static const char *
result_word(enum cds_check_result r)
{
	switch (r) {
	case CDS_CHECK_PASS:
		return "pass";
	case CDS_CHECK_FAIL:
		return "fail";
	case CDS_CHECK_ERROR:
		return "error";
	case CDS_CHECK_NOT_RUN:
		return "not_run";
	}
	return "unknown";
}

/* "13.0" from 13000, into BUF. */
static const char *
cuda_ver(int v, char buf[16])
{
	snprintf(buf, 16, "%d.%d", v / 1000, v % 1000 / 10);
	return buf;
}

/* "12.1" from 1210 (cudnnGetMaxDeviceVersion's scale). */
static const char *
cc_ver(int v, char buf[16])
{
	snprintf(buf, 16, "%d.%d", v / 100, v % 100 / 10);
	return buf;
}

static json_t *
jint_or_null(int v)
{
	return v != 0 ? json_integer(v) : json_null();
}

static json_t *
jtri(int v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

static json_t *
json_driver(const struct cds_verify *v)
{
	const struct cds_driver *d = &v->driver;
	json_t *o = json_object(), *stub = json_null();
	char b[32];

	json_object_set_new(o, "state",
	    json_string(cli_driver_state_word(d->state)));
	json_object_set_new(o, "state_v0",
	    json_string(word_v0(cli_driver_state_word(d->state), b)));
	json_object_set_new(o, "module_version",
	    cli_jstr(d->module_version));
	json_object_set_new(o, "libcuda_path", cli_jstr(d->libcuda_path));
	json_object_set_new(o, "libcuda_realpath",
	    cli_jstr(d->libcuda_realpath));
	json_object_set_new(o, "libcuda_via", cli_jstr(d->libcuda_via));
	json_object_set_new(o, "libcuda_version",
	    cli_jstr(d->libcuda_version));
	json_object_set_new(o, "cuda_version", d->cuda_version != 0 ?
	    json_string(cuda_ver(d->cuda_version, b)) : json_null());
	json_object_set_new(o, "init_error", jint_or_null(d->init_error));
	json_object_set_new(o, "devices", json_integer(d->ndevices));
	if (d->stub_path != NULL) {
		stub = json_object();
		json_object_set_new(stub, "path", json_string(d->stub_path));
		json_object_set_new(stub, "via", cli_jstr(d->stub_via));
		json_object_set_new(stub, "link_time_only",
		    json_boolean(d->stub_link_only));
		json_object_set_new(stub, "init_error",
		    jint_or_null(d->stub_init_error));
	}
	json_object_set_new(o, "stub", stub);
	json_object_set_new(o, "wsl", json_boolean(d->wsl));
	json_object_set_new(o, "wsl_lib_on_path",
	    json_boolean(d->wsl_lib_on_path));
	json_object_set_new(o, "min_required", cli_jstr(v->driver_min));
	json_object_set_new(o, "meets_min", jtri(v->driver_meets_min));
	json_object_set_new(o, "probe_error", cli_jstr(d->probe_error));
	return o;
}

static json_t *
json_report(const struct cds_verify *v)
{
	json_t *doc = json_object(), *o, *arr;
	char b[32];
	size_t i;

	o = json_object();
	json_object_set_new(o, "kind", json_string(v->target_kind));
	json_object_set_new(o, "path", cli_jstr(v->target));
	arr = json_array();
	for (i = 0; v->libdirs[i] != NULL; i++) {
		json_array_append_new(arr, json_string(v->libdirs[i]));
	}
	json_object_set_new(o, "libdirs", arr);
	json_object_set_new(doc, "target", o);
	json_object_set_new(doc, "passed", json_boolean(v->passed));
	if (v->block == CDS_VERIFY_RAN) {
		json_object_set_new(doc, "blocked", json_null());
	} else {
		o = json_object();
		json_object_set_new(o, "reason",
		    json_string(block_word(v->block)));
		json_object_set_new(o, "reason_v0",
		    json_string(word_v0(block_word(v->block), b)));
		json_object_set_new(o, "code", jint_or_null(v->block_code));
		json_object_set_new(o, "error_name",
		    cli_jstr(cu_error_name(v->block_code)));
		json_object_set_new(o, "detail", cli_jstr(v->block_detail));
		json_object_set_new(o, "library", cli_jstr(v->crash_library));
		json_object_set_new(o, "library_how", cli_jstr(v->crash_how));
		json_object_set_new(doc, "blocked", o);
	}
	json_object_set_new(doc, "driver", json_driver(v));
	json_object_set_new(doc, "cuda_visible_devices",
	    cli_jstr(v->visible_devices));
	arr = json_array();
	for (i = 0; i < v->ncut; i++) {
		json_array_append_new(arr, json_pack("{s:s, s:I, s:I}", "path",
		    v->cut[i].path, "size", (json_int_t)v->cut[i].size,
		    "needs", (json_int_t)v->cut[i].need));
	}
	json_object_set_new(doc, "truncated", arr);
	o = json_object();
	json_object_set_new(o, "version", v->runtime_version != 0 ?
	    json_string(cuda_ver(v->runtime_version, b)) : json_null());
	json_object_set_new(o, "error", jint_or_null(v->runtime_error));
	json_object_set_new(doc, "runtime", o);
	o = json_object();
	json_object_set_new(o, "major", jint_or_null(v->cudnn_major));
	json_object_set_new(o, "version", cli_jstr(v->cudnn_release));
	json_object_set_new(o, "cudart_version", v->cudnn_cudart != 0 ?
	    json_string(cuda_ver(v->cudnn_cudart, b)) : json_null());
	json_object_set_new(o, "max_device_version",
	    jint_or_null(v->cudnn_max_device));
	json_object_set_new(doc, "cudnn", o);
	json_object_set_new(doc, "libraries_ok", json_boolean(v->libs_ok));
	arr = json_array();
	for (i = 0; i < v->nlibs; i++) {
		const struct cds_verify_lib *l = &v->libs[i];

		o = json_object();
		json_object_set_new(o, "name", json_string(l->name));
		json_object_set_new(o, "role", json_string(l->role));
		json_object_set_new(o, "loaded", json_boolean(l->path != NULL
		    && l->error == NULL));
		json_object_set_new(o, "path", cli_jstr(l->path));
		json_object_set_new(o, "realpath", cli_jstr(l->realpath));
		json_object_set_new(o, "error", cli_jstr(l->error));
		json_object_set_new(o, "optional", json_boolean(l->optional));
		json_object_set_new(o, "outside_target",
		    json_boolean(l->outside));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "libraries", arr);
	arr = json_array();
	for (i = 0; i < v->ndevices; i++) {
		const struct cds_verify_device *d = &v->devices[i];

		o = json_object();
		json_object_set_new(o, "ordinal", json_integer(d->ordinal));
		json_object_set_new(o, "name", cli_jstr(d->name));
		snprintf(b, sizeof(b), "%d.%d", d->cc_major, d->cc_minor);
		json_object_set_new(o, "compute_capability", json_string(b));
		json_object_set_new(o, "memory_bytes",
		    json_integer((json_int_t)d->memory));
		json_object_set_new(o, "sm_count", json_integer(d->sm_count));
		json_object_set_new(o, "cudnn_supported", jtri(d->cudnn_ok));
		json_object_set_new(o, "cudnn_max_cc", d->cudnn_max_cc != 0 ?
		    json_string(cc_ver(d->cudnn_max_cc, b)) : json_null());
		json_object_set_new(o, "cudnn_min_cc", d->cudnn_min_cc != 0 ?
		    json_string(cc_ver(d->cudnn_min_cc, b)) : json_null());
		json_object_set_new(o, "cudnn_support_matrix",
		    cli_jstr(d->cudnn_matrix));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "devices", arr);
	arr = json_array();
	for (i = 0; i < v->nchecks; i++) {
		const struct cds_verify_check *c = &v->checks[i];

		o = json_object();
		json_object_set_new(o, "name", json_string(c->name));
		json_object_set_new(o, "device", json_integer(c->device));
		json_object_set_new(o, "result",
		    json_string(result_word(c->result)));
		json_object_set_new(o, "max_error", json_real(c->max_error));
		json_object_set_new(o, "tolerance", json_real(c->tolerance));
		json_object_set_new(o, "elements",
		    json_integer((json_int_t)c->elements));
		json_object_set_new(o, "mismatches",
		    json_integer((json_int_t)c->mismatches));
		json_object_set_new(o, "algorithm", cli_jstr(c->algo));
		json_object_set_new(o, "ms", json_real(c->ms));
		json_object_set_new(o, "detail", cli_jstr(c->detail));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "checks", arr);
	json_object_set_new(doc, "elapsed_ms", json_real(v->elapsed_ms));
	return doc;
}

/* ---- words -------------------------------------------------------------- */

static void
heading(const char *title)
{
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), title, cli_c(CLI_RESET));
}

/* Where the stub comes from, in words a person can act on. */
static void
say_stub(const struct cds_driver *d)
{
	if (d->stub_link_only) {
		printf(_("  stub:           %s, seen through LIBRARY_PATH: a "
		    "link-time variable\n"
		    "                  (ld reads it to link -lcuda; the "
		    "dynamic loader never searches it)\n"), d->stub_path);
	} else if (d->stub_via != NULL) {
		printf(_("  stub:           %s, on the loader's path through "
		    "%s\n"), d->stub_path, d->stub_via);
	} else {
		printf(_("  stub:           %s\n"), d->stub_path);
	}
	if (d->stub_init_error != 0) {
		printf(_("                  loaded by its path, its cuInit() "
		    "returns %d (%s)\n"), d->stub_init_error,
		    d->stub_init_error == 34 ? "CUDA_ERROR_STUB_LIBRARY" :
		    "an error");
	}
}

static void
say_driver(const struct cds_verify *v)
{
	const struct cds_driver *d = &v->driver;
	char b[16];

	heading(_("Driver"));
	if (d->module_version != NULL) {
		printf(_("  kernel module:  %s\n"), d->module_version);
	} else if (d->wsl) {
		printf(_("  kernel module:  none (WSL2: the driver is the "
		    "Windows host's)\n"));
	} else {
		printf(_("  kernel module:  none loaded "
		    "(no /proc/driver/nvidia/version)\n"));
	}
	if (d->libcuda_path != NULL && d->probed) {
		printf(_("  libcuda.so.1:   %s"), d->libcuda_path);
		if (d->libcuda_realpath != NULL &&
		    strcmp(d->libcuda_realpath, d->libcuda_path) != 0) {
			printf(" -> %s", d->libcuda_realpath);
		}
		if (d->libcuda_via != NULL) {
			printf(_(" (through %s)"), d->libcuda_via);
		}
		putchar('\n');
		if (d->cuda_version != 0) {
			printf(_("                  supports CUDA up to %s\n"),
			    cuda_ver(d->cuda_version, b));
		}
	} else {
		printf(_("  libcuda.so.1:   not found by the loader%s%s\n"),
		    d->probe_error != NULL ? ": " : "",
		    d->probe_error != NULL ? d->probe_error : "");
	}
	if (d->wsl) {
		printf(_("  WSL2:           yes; /usr/lib/wsl/lib %s on the "
		    "loader's path\n"), d->wsl_lib_on_path ? _("is") :
		    _("is NOT"));
	}
	if (d->stub_path != NULL) {
		say_stub(d);
	}
	if (v->driver_min != NULL) {
		printf(_("  needed:         driver %s or newer for CUDA %s "
		    "(%s)\n"), v->driver_min, cuda_ver(v->runtime_version >
		    v->cudnn_cudart ? v->runtime_version : v->cudnn_cudart, b),
		    v->driver_meets_min == 1 ? _("met") :
		    v->driver_meets_min == 0 ? _("NOT met") :
		    _("no driver version here to compare"));
	}
}

static void
say_libs(const struct cds_verify *v)
{
	size_t i, nd = 0, loaded = 0;
	char b[16];

	heading(_("Libraries"));
	for (i = 0; i < v->nlibs; i++) {
		const struct cds_verify_lib *l = &v->libs[i];

		if (strcmp(l->role, "driver") == 0) {
			continue;
		}
		if (strcmp(l->role, "cudnn") == 0) {
			nd++;
			loaded += l->error == NULL;
		}
		if (l->error == NULL) {
			printf("  %-8s %-40s %s%s\n", l->role, l->name,
			    l->path != NULL ? l->path : "",
			    l->outside ? _("  (outside the target)") : "");
		} else {
			printf("  %-8s %-40s %s%s%s\n", l->role, l->name,
			    cli_c(CLI_RED), l->error, cli_c(CLI_RESET));
		}
	}
	if (v->runtime_version != 0) {
		printf(_("  CUDA runtime %s\n"), cuda_ver(v->runtime_version,
		    b));
	}
	if (v->cudnn_release != NULL) {
		printf(_("  cuDNN %s: %zu of %zu libraries loaded"),
		    v->cudnn_release, loaded, nd);
		if (v->cudnn_cudart != 0) {
			printf(_("; built with CUDA runtime %s"),
			    cuda_ver(v->cudnn_cudart, b));
		}
		if (v->cudnn_max_device != 0) {
			printf(_("; knows GPUs up to compute capability %s"),
			    cc_ver(v->cudnn_max_device, b));
		}
		putchar('\n');
	} else if (nd == 0) {
		printf(_("  no cuDNN found\n"));
	}
}

static void
say_devices(const struct cds_verify *v)
{
	char mem[32], b[16];
	size_t i;

	heading(_("Devices"));
	if (v->ndevices == 0) {
		printf(_("  none\n"));
	}
	for (i = 0; i < v->ndevices; i++) {
		const struct cds_verify_device *d = &v->devices[i];

		printf(_("  %d  %s: compute capability %d.%d, %d SMs, %s\n"),
		    d->ordinal, d->name, d->cc_major, d->cc_minor,
		    d->sm_count, cli_bytes(d->memory, mem));
		if (d->cudnn_ok == 1) {
			printf(_("     cuDNN: supported (it knows up to %s)\n"),
			    cc_ver(d->cudnn_max_cc, b));
		} else if (d->cudnn_ok == 0 && d->cudnn_max_cc != 0 &&
		    d->cc_major * 100 + d->cc_minor * 10 > d->cudnn_max_cc) {
			printf(_("     cuDNN: NOT supported: newer than the "
			    "%s it knows\n"), cc_ver(d->cudnn_max_cc, b));
		} else if (d->cudnn_ok == 0) {
			printf(_("     cuDNN: NOT supported: the %s support "
			    "matrix starts at %s\n"), d->cudnn_matrix,
			    cc_ver(d->cudnn_min_cc, b));
		}
	}
}

static const char *
not_run_word(const char *detail)
{
	if (detail == NULL || strcmp(detail, "blocked") == 0) {
		return _("the driver cannot run it (see below)");
	}
	if (strcmp(detail, "cudnn") == 0) {
		return _("cuDNN did not load");
	}
	if (strcmp(detail, "runtime") == 0) {
		return _("the CUDA runtime cannot use the device");
	}
	if (strcmp(detail, "crashed") == 0) {
		return _("the check process died first");
	}
	return _("no device context");
}

static void
say_checks(const struct cds_verify *v)
{
	size_t i;

	heading(_("Checks"));
	for (i = 0; i < v->nchecks; i++) {
		const struct cds_verify_check *c = &v->checks[i];
		char name[48];

		if (v->ndevices > 1) {
			snprintf(name, sizeof(name), "%s [%d]", c->name,
			    c->device);
		} else {
			snprintf(name, sizeof(name), "%s", c->name);
		}
		switch (c->result) {
		case CDS_CHECK_PASS:
		case CDS_CHECK_FAIL:
			printf("  %-24s %s%s%s  ", name, cli_c(c->result ==
			    CDS_CHECK_PASS ? CLI_GREEN : CLI_RED),
			    c->result == CDS_CHECK_PASS ? _("pass") :
			    _("FAIL"), cli_c(CLI_RESET));
			if (c->tolerance == 0) {
				printf(_("max error %.3g (must be exact)"),
				    c->max_error);
			} else {
				printf(_("max error %.3g (tolerance %.0e)"),
				    c->max_error, c->tolerance);
			}
			if (c->mismatches > 0) {
				printf(_(", %zu of %zu elements wrong"),
				    c->mismatches, c->elements);
			}
			if (c->algo != NULL) {
				printf("  %s", c->algo);
			}
			printf("  %.2f ms\n", c->ms);
			break;
		case CDS_CHECK_ERROR:
			printf("  %-24s %s%s%s  %s\n", name, cli_c(CLI_RED),
			    _("ERROR"), cli_c(CLI_RESET),
			    c->detail != NULL ? c->detail : "");
			break;
		case CDS_CHECK_NOT_RUN:
			printf(_("  %-24s not run: %s\n"), name,
			    not_run_word(c->detail));
			break;
		}
	}
}

/* The one sentence that says why nothing ran. */
static void
say_block(const struct cds_verify *v)
{
	const struct cds_driver *d = &v->driver;
	char a[16], b[16];

	switch (v->block) {
	case CDS_VERIFY_RAN:
		break;
	case CDS_VERIFY_NO_MODULE:
		printf(_("no NVIDIA kernel module is loaded and libcuda.so.1 "
		    "is not on the loader's path: install the NVIDIA driver "
		    "(or, in a container, run it with the host's GPU)"));
		break;
	case CDS_VERIFY_NO_LIBCUDA:
		printf(_("libcuda.so.1 cannot be loaded: %s"),
		    v->block_detail != NULL ? v->block_detail : "?");
		if (d->wsl && !d->wsl_lib_on_path) {
			printf(_("; on WSL2 it is in /usr/lib/wsl/lib, which "
			    "is not on the loader's path"));
		}
		break;
	case CDS_VERIFY_STUB:
		printf(_("the loader maps a stub libcuda from a toolkit "
		    "(CUDA error 34, CUDA_ERROR_STUB_LIBRARY): %s"),
		    d->stub_path != NULL ? d->stub_path : d->libcuda_path);
		if (d->stub_via != NULL) {
			printf(_(", put on the path by %s"), d->stub_via);
		}
		printf(_("; the stub is for linking only: remove its "
		    "directory from the loader's path"));
		break;
	case CDS_VERIFY_DRIVER_TOO_OLD:
		printf(_("the driver is too old for the CUDA runtime (error "
		    "35, cudaErrorInsufficientDriver): the driver supports "
		    "CUDA %s, the runtime is CUDA %s"),
		    cuda_ver(d->cuda_version, a),
		    cuda_ver(v->runtime_version, b));
		if (v->driver_min != NULL) {
			printf(_("; it needs driver %s or newer"),
			    v->driver_min);
		}
		break;
	case CDS_VERIFY_NO_DEVICE:
		if (d->state == CDS_DRIVER_NO_KERNEL_MODULE) {
			printf(_("no NVIDIA kernel module is loaded: the "
			    "driver's libraries%s%s are installed, but cuInit "
			    "says error 100 (CUDA_ERROR_NO_DEVICE); install or "
			    "load the module of the same version"),
			    d->version != NULL ? " " : "",
			    d->version != NULL ? d->version : "");
		} else {
			printf(_("the driver sees no GPU (error 100, "
			    "CUDA_ERROR_NO_DEVICE)"));
		}
		if (v->visible_devices != NULL) {
			printf(_("; CUDA_VISIBLE_DEVICES=%s%s is set and CUDA "
			    "sees only the GPUs it lists: unset it (unset "
			    "CUDA_VISIBLE_DEVICES) or list a GPU that is "
			    "here"), *v->visible_devices != '\0' ?
			    v->visible_devices : "\"\"",
			    *v->visible_devices != '\0' ? "" : _(" (empty)"));
		}
		break;
	case CDS_VERIFY_COMPAT_UNSUPPORTED:
		printf(_("a forward-compatibility libcuda (%s) was loaded on "
		    "a GPU that does not support it (error 804, "
		    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE): take its "
		    "directory off the loader's path or upgrade the driver"),
		    d->libcuda_path != NULL ? d->libcuda_path : "?");
		break;
	case CDS_VERIFY_INIT_FAILED:
		if (v->block_detail != NULL) {
			printf(_("the driver cannot run the checks: %s"),
			    v->block_detail);
		} else {
			printf(_("cuInit() failed with CUDA error %d%s%s%s"),
			    v->block_code, cu_error_name(v->block_code) !=
			    NULL ? " (" : "", cu_error_name(v->block_code) !=
			    NULL ? cu_error_name(v->block_code) : "",
			    cu_error_name(v->block_code) != NULL ? ")" : "");
		}
		break;
	case CDS_VERIFY_CHILD_FAILED:
		printf(_("the check process failed: %s"),
		    v->block_detail != NULL ? v->block_detail : "?");
		if (v->crash_library != NULL && v->crash_how != NULL &&
		    strcmp(v->crash_how,
		    "loading") == 0) {
			printf(_("; it died while loading %s"),
			    v->crash_library);
		} else if (v->crash_library != NULL) {
			printf(_("; it died in %s (the faulting address is in "
			    "that file's mapping: a SIGBUS there means the "
			    "file is shorter than it should be; cudnn-setup "
			    "doctor checks it)"), v->crash_library);
		}
		break;
	}
	if ((v->block == CDS_VERIFY_NO_MODULE ||
	    v->block == CDS_VERIFY_NO_LIBCUDA) && d->stub_path != NULL) {
		printf(_(". The stub %s (%s) is for linking only: it is not a "
		    "driver"), d->stub_path, d->stub_via != NULL ?
		    d->stub_via : "?");
	}
}

static void
say_result(const struct cds_verify *v)
{
	size_t i, inside = 0, outside = 0;

	heading(_("Result"));
	if (v->passed) {
		printf(_("  %spassed%s: every library loaded and every check "
		    "matched the CPU reference\n"), cli_c(CLI_GREEN),
		    cli_c(CLI_RESET));
	}
	if (!v->passed && v->block != CDS_VERIFY_RAN) {
		printf(_("  %scannot run the GPU checks%s: "), cli_c(CLI_RED),
		    cli_c(CLI_RESET));
		say_block(v);
		putchar('\n');
	}
	for (i = 0; i < v->nlibs; i++) {
		if (strcmp(v->libs[i].role, "cudnn") == 0 &&
		    v->libs[i].path != NULL) {
			outside += v->libs[i].outside;
			inside += !v->libs[i].outside;
		}
	}
	if (outside > 0 && inside == 0) {
		printf(_("  %sthe target has no cuDNN%s: the loader found "
		    "one outside it\n"), cli_c(CLI_RED), cli_c(CLI_RESET));
	}
	for (i = 0; i < v->nlibs; i++) {
		const struct cds_verify_lib *l = &v->libs[i];

		if (l->error != NULL && !l->optional &&
		    strcmp(l->role, "driver") != 0) {
			printf(_("  %s%s did not load%s: %s\n"),
			    cli_c(CLI_RED), l->name, cli_c(CLI_RESET),
			    l->error);
		} else if (l->outside && inside > 0 &&
		    strcmp(l->role, "cudnn") == 0) {
			printf(_("  %s%s came from outside the target%s "
			    "(%s): a mixed cuDNN set\n"), cli_c(CLI_RED),
			    l->name, cli_c(CLI_RESET), l->path);
		}
	}
	for (i = 0; i < v->ncut; i++) {
		printf(_("  %s%s is cut short%s: %llu bytes of the %llu its "
		    "ELF headers need; reinstall what put it there\n"),
		    cli_c(CLI_RED), v->cut[i].path, cli_c(CLI_RESET),
		    (unsigned long long)v->cut[i].size,
		    (unsigned long long)v->cut[i].need);
	}
	if (v->cudnn_major == 0) {
		printf(_("  %sno cuDNN library loaded%s\n"), cli_c(CLI_RED),
		    cli_c(CLI_RESET));
	}
	for (i = 0; i < v->ndevices; i++) {
		if (v->devices[i].cudnn_ok == 0) {
			printf(_("  %swarning%s: cuDNN %s does not support "
			    "device %d's compute capability %d.%d\n"),
			    cli_c(CLI_YELLOW), cli_c(CLI_RESET),
			    v->cudnn_release, v->devices[i].ordinal,
			    v->devices[i].cc_major, v->devices[i].cc_minor);
		}
	}
	for (i = 0; i < v->nchecks; i++) {
		if (v->checks[i].result == CDS_CHECK_FAIL ||
		    v->checks[i].result == CDS_CHECK_ERROR) {
			printf(_("  %s%s failed%s on device %d\n"),
			    cli_c(CLI_RED), v->checks[i].name,
			    cli_c(CLI_RESET), v->checks[i].device);
		}
	}
}

static void
say_report(struct cli *c, const struct cds_verify *v)
{
	size_t i;

	if (v->target == NULL) {
		printf(_("Target: what this environment loads by default\n"));
	} else {
		printf(_("Target: %s %s\n"), v->target_kind, v->target);
		for (i = 0; v->libdirs[i] != NULL; i++) {
			printf(_("  searched first: %s\n"), v->libdirs[i]);
		}
	}
	say_driver(v);
	say_libs(v);
	say_devices(v);
	say_checks(v);
	say_result(v);
}

int
cmd_verify(struct cli *c, int argc, char **argv)
{
	struct cds_verify *v;
	int ret;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if (c->prefix != NULL && c->env != NULL) {
		return cli_fail(c, _("--prefix and --env: give one of them"));
	}
	if ((v = cds_verify_run(c->h, c->prefix, c->env)) == NULL) {
		return cli_fail_handle(c);
	}
	if (c->json) {
		cli_json_print(json_report(v));
	} else {
		say_report(c, v);
	}
	ret = v->passed ? 0 : 1;
	cds_verify_free(v);
	return ret;
}
