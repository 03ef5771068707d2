/*
 * verify.c - `verify`: prove an install on the GPU.  The parent's side:
 * pick the target's library directories, start the check child
 * (gpucheck.c) with them first on LD_LIBRARY_PATH, and turn its messages
 * into a struct cds_verify, the report.
 */
#include "config.h"

#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/child.h"
#include "read/elfread.h"
#include "verify/gpucheck.h"
#include "sys/handle.h"
#include "scan/loader.h"
#include "scan/nvproto.h"
#include "scan/probe.h"

/* The whole check, cuDNN's first-call initialisation and JIT included. */
#define VERIFY_MS 300000

/*
 * Compute capabilities the cuDNN support matrices in data/cudnn-support.tsv
 * state: 9.5.1 "CC 5.0-9.0"; 9.17.0 "starts at 7.5 (Turing)".  Other
 * releases: only cudnnGetMaxDeviceVersion() is known.
 */
static const struct matrix_row {
	int version;		/* cudnnGetVersion() */
	const char *release;
	int min_cc, max_cc;	/* major*100 + minor*10; 0 unknown */
} matrix[] = {
	{ 90501, "9.5.1", 500, 900 },
	{ 91700, "9.17.0", 750, 0 },
	{ 0, NULL, 0, 0 }
};

static double
jnum(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : 0;
}


static void
lib_clear(struct cds_verify_lib *l)
{
	free(l->name);
	free(l->role);
	free(l->path);
	free(l->realpath);
	free(l->error);
}

void
cds_verify_free(struct cds_verify *v)
{
	size_t i;

	if (v == NULL) {
		return;
	}
	free(v->target);
	free(v->target_kind);
	cds_strfreev(v->libdirs);
	free(v->block_detail);
	cds_driver_clear(&v->driver);
	free(v->driver_min);
	free(v->cudnn_release);
	for (i = 0; i < v->nlibs; i++) {
		lib_clear(&v->libs[i]);
	}
	free(v->libs);
	for (i = 0; i < v->ndevices; i++) {
		free(v->devices[i].name);
	}
	free(v->devices);
	for (i = 0; i < v->nchecks; i++) {
		free(v->checks[i].name);
		free(v->checks[i].algo);
		free(v->checks[i].detail);
	}
	free(v->checks);
	free(v->visible_devices);
	free(v->crash_library);
	for (i = 0; i < v->ncut; i++) {
		free(v->cut[i].path);
	}
	free(v->cut);
	free(v);
}

/* Add DIR to SV unless it or its real path is there. */
static void
add_dir(struct cds_strv *sv, struct cds_strv *reals, const char *dir)
{
	char *real = realpath(dir, NULL);

	if (real == NULL || !cds_is_dir(real) ||
	    cds_strv_contains(reals, real)) {
		free(real);
		return;
	}
	cds_strv_push_owned(reals, real);
	cds_strv_push(sv, dir);
}

/* The library directories of a prefix, a toolkit or an env. */
static char **
target_dirs(const char *top)
{
	static const char *const subs[] = {
		"cudnn/lib", "cudnn/lib64", "cuda/lib64", "cuda/lib",
		"lib64", "lib", NULL
	};
	static const char *const globs[] = {
		"cuda/targets/*/lib", "targets/*/lib",
		"lib/python3*/site-packages/nvidia/*/lib", NULL
	};
	struct cds_strv sv = {0}, reals = {0};
	size_t i, k;

	for (i = 0; subs[i] != NULL; i++) {
		char *d = cds_path_join(top, subs[i]);

		add_dir(&sv, &reals, d);
		free(d);
	}
	for (i = 0; globs[i] != NULL; i++) {
		char *pat = cds_path_join(top, globs[i]);
		glob_t g;

		if (glob(pat, 0, NULL, &g) == 0) {
			for (k = 0; k < g.gl_pathc; k++) {
				add_dir(&sv, &reals, g.gl_pathv[k]);
			}
			globfree(&g);
		}
		free(pat);
	}
	cds_strv_clear(&reals);
	return cds_strv_steal(&sv);
}

/* A conda env by name or path, the way conda finds it; NULL if none. */
static char *
find_env(cds_handle_t *h, const char *name)
{
	static const char *const homes[] = {
		"miniconda3", "anaconda3", "miniforge3", "mambaforge", NULL
	};
	const char *home = cds_getenv(h, "HOME"), *p;
	struct cds_strv roots = {0};
	char *found = NULL, *text, *path;
	size_t i;

	if (strchr(name, '/') != NULL) {
		return cds_is_dir(name) ? realpath(name, NULL) : NULL;
	}
	if ((p = cds_getenv(h, "CONDA_PREFIX")) != NULL && *p != '\0' &&
	    strcmp(cds_basename(p), name) == 0 && cds_is_dir(p)) {
		return cds_xstrdup(p);
	}
	if ((p = cds_getenv(h, "CONDA_EXE")) != NULL && *p == '/') {
		char *bin = cds_dirname(p);

		cds_strv_push_owned(&roots, cds_dirname(bin));
		free(bin);
	}
	for (i = 0; home != NULL && homes[i] != NULL; i++) {
		cds_strv_push_owned(&roots, cds_path_join(home, homes[i]));
	}
	cds_strv_push(&roots, "/opt/conda");
	for (i = 0; i < roots.n && found == NULL; i++) {
		path = strcmp(name, "base") == 0 ? cds_xstrdup(roots.v[i]) :
		    cds_xasprintf("%s/envs/%s", roots.v[i], name);
		if (cds_is_dir(path)) {
			found = path;
		} else {
			free(path);
		}
	}
	cds_strv_clear(&roots);
	if (found != NULL || home == NULL) {
		return found;
	}
	path = cds_xasprintf("%s/.conda/envs/%s", home, name);
	if (cds_is_dir(path)) {
		return path;
	}
	free(path);
	/* conda's own list of every env it made */
	path = cds_xasprintf("%s/.conda/environments.txt", home);
	text = cds_read_file(path, 1 << 20, NULL);
	free(path);
	if (text != NULL) {
		char **lines = cds_strsplit(text, "\n", 0);

		for (i = 0; lines[i] != NULL && found == NULL; i++) {
			char *l = cds_strtrim(lines[i]);

			if (*l == '/' && strcmp(cds_basename(l), name) == 0 &&
			    cds_is_dir(l)) {
				found = cds_xstrdup(l);
			}
		}
		cds_strfreev(lines);
		free(text);
	}
	return found;
}

/* Does any of DIRS hold NAME? */
static int
dirs_have(char *const *dirs, const char *name)
{
	size_t i;

	for (i = 0; dirs != NULL && dirs[i] != NULL; i++) {
		char *p = cds_path_join(dirs[i], name);
		int yes = cds_is_file(p);

		free(p);
		if (yes) {
			return 1;
		}
	}
	return 0;
}

/* Runtime sonames in DIRS, newest first: libcudart.so.13, .so.11.0. */
static json_t *
runtime_names(char *const *dirs)
{
	struct cds_strv names = {0};
	json_t *arr = json_array();
	size_t i, k;

	for (i = 0; dirs != NULL && dirs[i] != NULL; i++) {
		char **ents = cds_listdir(dirs[i]);

		for (k = 0; ents != NULL && ents[k] != NULL; k++) {
			const char *v = ents[k] + 13;
			int dots = 0;

			if (strncmp(ents[k], "libcudart.so.", 13) != 0 ||
			    *v < '0' || *v > '9') {
				continue;
			}
			for (; *v != '\0'; v++) {
				dots += *v == '.';
			}
			/* a soname: one number, or major.0 before CUDA 12 */
			if ((dots == 0 || (dots == 1 && strncmp(ents[k] + 13,
			    "11.", 3) == 0)) &&
			    !cds_strv_contains(&names, ents[k])) {
				cds_strv_push(&names, ents[k]);
			}
		}
		cds_strfreev(ents);
	}
	/* newest first */
	for (i = 0; i < names.n; i++) {
		for (k = i + 1; k < names.n; k++) {
			if (cds_vercmp(names.v[k] + 13, names.v[i] + 13) > 0) {
				char *t = names.v[i];

				names.v[i] = names.v[k];
				names.v[k] = t;
			}
		}
	}
	for (i = 0; i < names.n; i++) {
		json_array_append_new(arr, json_string(names.v[i]));
	}
	cds_strv_clear(&names);
	return arr;
}

/*
 * Which cuDNN major the target holds: its dirs first, then the loader's.
 * *SEEN is 0 when neither libcudnn.so.9 nor .so.8 is anywhere we look.
 */
static int
cudnn_major(cds_handle_t *h, char *const *dirs, const char *ldpath,
    int *seen)
{
	struct cds_ldir *ld;
	size_t n;
	int major = 9;

	*seen = 1;
	if (dirs_have(dirs, "libcudnn.so.9")) {
		return 9;
	}
	if (dirs_have(dirs, "libcudnn.so.8")) {
		return 8;
	}
	ld = cds_loader_dirs(h, ldpath, 0, &n);
	if (cds_ldirs_find(h, ld, n, "libcudnn.so.9") < 0) {
		if (cds_ldirs_find(h, ld, n, "libcudnn.so.8") >= 0) {
			major = 8;
		} else {
			*seen = 0;
		}
	}
	cds_ldirs_free(ld, n);
	return major;
}

struct run {
	cds_handle_t *h;
	struct cds_verify *v;
};

static struct cds_verify_check *
find_check(struct cds_verify *v, const char *name, int device)
{
	size_t i;

	for (i = 0; i < v->nchecks; i++) {
		if (strcmp(v->checks[i].name, name) == 0 &&
		    v->checks[i].device == device) {
			return &v->checks[i];
		}
	}
	v->checks = cds_xreallocarray(v->checks, v->nchecks + 1,
	    sizeof(*v->checks));
	memset(&v->checks[v->nchecks], 0, sizeof(*v->checks));
	v->checks[v->nchecks].name = cds_xstrdup(name);
	v->checks[v->nchecks].device = device;
	v->checks[v->nchecks].result = CDS_CHECK_NOT_RUN;
	return &v->checks[v->nchecks++];
}

static enum cds_check_result
result_of(const char *s)
{
	if (s == NULL) {
		return CDS_CHECK_ERROR;
	}
	if (strcmp(s, "pass") == 0) {
		return CDS_CHECK_PASS;
	}
	if (strcmp(s, "fail") == 0) {
		return CDS_CHECK_FAIL;
	}
	if (strcmp(s, "not_run") == 0) {
		return CDS_CHECK_NOT_RUN;
	}
	return CDS_CHECK_ERROR;
}

static void
add_lib(struct cds_verify *v, json_t *m, const char *role, const char *name)
{
	struct cds_verify_lib *l;

	v->libs = cds_xreallocarray(v->libs, v->nlibs + 1, sizeof(*v->libs));
	l = &v->libs[v->nlibs++];
	memset(l, 0, sizeof(*l));
	l->name = cds_xstrdup(name);
	l->role = cds_xstrdup(role);
	l->path = cds_strdup0(cds_msg_str(m, "path"));
	l->realpath = cds_strdup0(cds_msg_str(m, "realpath"));
	l->error = cds_strdup0(cds_msg_str(m, "error"));
	l->optional = json_is_true(json_object_get(m, "optional"));
}

/* 91900 -> "9.19.0"; cuDNN 8 counted 8907 for 8.9.7. */
static void
cudnn_release(int v, int *major, int *minor, int *patch)
{
	if (v >= 90000) {
		*major = v / 10000;
		*minor = v / 100 % 100;
		*patch = v % 100;
	} else {
		*major = v / 1000;
		*minor = v / 100 % 10;
		*patch = v % 100;
	}
}

static void
on_msg(void *ctx, json_t *m)
{
	struct run *run = ctx;
	struct cds_verify *v = run->v;
	const char *t = cds_msg_str(m, "t");

	if (t == NULL) {
		return;
	}
	if (strcmp(t, "driver") == 0 || strcmp(t, "stub") == 0) {
		cds_driver_take_msg(&v->driver, m);
		if (strcmp(t, "driver") == 0) {
			add_lib(v, m, "driver", "libcuda.so.1");
		}
	} else if (strcmp(t, "fault") == 0 && cds_msg_str(m, "file") !=
	    NULL) {
		/* the child's last word before its signal (child.c) */
		free(v->crash_library);
		v->crash_library = cds_xstrdup(cds_msg_str(m, "file"));
		v->crash_how = cds_streq(cds_msg_str(m, "how"), "loading") ?
		    "loading" : "fault address";
	} else if (strcmp(t, "driver_missing") == 0) {
		/* a libcuda without the entry points of the checks */
		free(v->block_detail);
		v->block_detail = cds_xasprintf("libcuda.so.1 lacks %s",
		    cds_msg_str(m, "symbol"));
	} else if (strcmp(t, "lib") == 0 && cds_msg_str(m, "name") != NULL) {
		const char *role = cds_msg_str(m, "role");

		add_lib(v, m, role != NULL ? role : "", cds_msg_str(m, "name"));
	} else if (strcmp(t, "cudnn") == 0) {
		v->cudnn_major = cds_msg_int(m, "major", 0);
		v->cudnn_version = cds_msg_int(m, "version", 0);
		if (v->cudnn_version > 0) {
			int a, b, c;

			cudnn_release(v->cudnn_version, &a, &b, &c);
			free(v->cudnn_release);
			v->cudnn_release = cds_xasprintf("%d.%d.%d", a, b, c);
		}
		v->cudnn_cudart = cds_msg_int(m, "cudart", 0);
		v->cudnn_max_device = cds_msg_int(m, "max_device", 0);
		if (cds_msg_str(m, "missing") != NULL) {
			struct cds_verify_lib *l = &v->libs[v->nlibs - 1];

			free(l->error);
			l->error = cds_xasprintf("undefined symbol: %s",
			    cds_msg_str(m, "missing"));
		}
	} else if (strcmp(t, "runtime") == 0) {
		v->runtime_version = cds_msg_int(m, "version", 0);
		v->runtime_error = cds_msg_int(m, "count_error", 0);
		if (cds_msg_str(m, "missing") != NULL && v->nlibs > 0) {
			struct cds_verify_lib *l = &v->libs[v->nlibs - 1];

			free(l->error);
			l->error = cds_xasprintf("undefined symbol: %s",
			    cds_msg_str(m, "missing"));
		}
	} else if (strcmp(t, "device") == 0) {
		struct cds_verify_device *d;

		v->devices = cds_xreallocarray(v->devices, v->ndevices + 1,
		    sizeof(*v->devices));
		d = &v->devices[v->ndevices++];
		memset(d, 0, sizeof(*d));
		d->ordinal = cds_msg_int(m, "ordinal", 0);
		d->name = cds_strdup0(cds_msg_str(m, "name"));
		d->cc_major = cds_msg_int(m, "cc_major", 0);
		d->cc_minor = cds_msg_int(m, "cc_minor", 0);
		d->memory = (uint64_t)json_integer_value(json_object_get(m,
		    "memory"));
		d->sm_count = cds_msg_int(m, "sm_count", 0);
	} else if (strcmp(t, "check") == 0 && cds_msg_str(m, "name") != NULL) {
		struct cds_verify_check *c = find_check(v,
		    cds_msg_str(m, "name"), cds_msg_int(m, "device", 0));
		struct cds_event ev = {0};

		c->result = result_of(cds_msg_str(m, "result"));
		c->max_error = jnum(m, "max_error");
		c->tolerance = jnum(m, "tolerance");
		c->elements = (size_t)cds_msg_int(m, "elements", 0);
		c->mismatches = (size_t)cds_msg_int(m, "mismatches", 0);
		c->ms = jnum(m, "ms");
		free(c->algo);
		c->algo = cds_strdup0(cds_msg_str(m, "algo"));
		free(c->detail);
		c->detail = cds_strdup0(cds_msg_str(m, "detail"));
		ev.type = CDS_EV_CHECK_DONE;
		ev.u.check.name = c->name;
		ev.u.check.passed = c->result == CDS_CHECK_PASS;
		ev.u.check.max_error = c->max_error;
		ev.u.check.ms = c->ms;
		cds_emit(run->h, &ev);
	}
}

/* Whether the loaded cuDNN knows each device's compute capability. */
static void
device_support(struct cds_verify *v)
{
	const struct matrix_row *row = NULL;
	size_t i;

	for (i = 0; matrix[i].release != NULL; i++) {
		if (matrix[i].version == v->cudnn_version) {
			row = &matrix[i];
		}
	}
	for (i = 0; i < v->ndevices; i++) {
		struct cds_verify_device *d = &v->devices[i];
		int cc = d->cc_major * 100 + d->cc_minor * 10;
		int max = v->cudnn_max_device;

		d->cudnn_ok = -1;
		d->cudnn_max_cc = max;
		if (row != NULL) {
			d->cudnn_min_cc = row->min_cc;
			d->cudnn_matrix = row->release;
			if (max == 0) {
				max = row->max_cc;
			}
		}
		if (v->cudnn_version == 0) {
			continue;
		}
		if ((max > 0 && cc > max) ||
		    (d->cudnn_min_cc > 0 && cc < d->cudnn_min_cc)) {
			d->cudnn_ok = 0;
		} else if (max > 0) {
			d->cudnn_ok = 1;
		}
	}
}

/* "13.0" from 13000 (new string). */
static char *
cuda_str(int v)
{
	return cds_xasprintf("%d.%d", v / 1000, v % 1000 / 10);
}

/* The driver the runtime (or cuDNN's own runtime) needs, per the index. */
static void
driver_floor(cds_handle_t *h, struct cds_verify *v)
{
	const struct cds_manifest *m;
	int need = v->runtime_version > v->cudnn_cudart ? v->runtime_version :
	    v->cudnn_cudart;
	const char *floor;
	char *cuda;

	v->driver_meets_min = -1;
	if (need == 0 || (m = cds_manifest_load(h)) == NULL) {
		cds_clearerr(h);
		return;
	}
	cuda = cuda_str(need);
	floor = cds_manifest_driver_floor(m, cuda);
	free(cuda);
	if (floor == NULL) {
		return;
	}
	v->driver_min = cds_xstrdup(floor);
	if (v->driver.module_version != NULL) {
		v->driver_meets_min = cds_vercmp(v->driver.module_version,
		    floor) >= 0;
	} else if (v->driver.libcuda_version != NULL) {
		v->driver_meets_min = cds_vercmp(v->driver.libcuda_version,
		    floor) >= 0;
	}
}

static void
decide(cds_handle_t *h, struct cds_verify *v,
    const struct cds_child_result *res, const char *ldpath)
{
	struct cds_driver *d = &v->driver;
	size_t i;

	cds_driver_finish(h, d, ldpath);
	v->block = CDS_VERIFY_RAN;
	switch (d->state) {
	case CDS_DRIVER_NO_MODULE:
		v->block = CDS_VERIFY_NO_MODULE;
		break;
	case CDS_DRIVER_NO_LIBRARY:
		v->block = CDS_VERIFY_NO_LIBCUDA;
		free(v->block_detail);
		v->block_detail = cds_strdup0(d->probe_error);
		break;
	case CDS_DRIVER_STUB:
		v->block = CDS_VERIFY_STUB;
		v->block_code = CDS_CU_ERROR_STUB_LIBRARY;
		break;
	case CDS_DRIVER_NO_KERNEL_MODULE:	/* cuInit said why (100) */
	case CDS_DRIVER_INIT_FAILED:
		if (!d->probed) {
			v->block = CDS_VERIFY_CHILD_FAILED;
			break;
		}
		v->block_code = d->init_error;
		if (d->probe_error != NULL && v->block_detail == NULL) {
			v->block_detail = cds_xstrdup(d->probe_error);
		}
		v->block = d->init_error == CDS_CU_ERROR_NO_DEVICE ?
		    CDS_VERIFY_NO_DEVICE : d->init_error ==
		    CDS_CU_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE ?
		    CDS_VERIFY_COMPAT_UNSUPPORTED : CDS_VERIFY_INIT_FAILED;
		break;
	case CDS_DRIVER_NOT_PROBED:
		v->block = CDS_VERIFY_CHILD_FAILED;
		break;
	case CDS_DRIVER_OK:
		if (v->block_detail != NULL) {
			v->block = CDS_VERIFY_INIT_FAILED;
		} else if (d->ndevices == 0) {
			v->block = CDS_VERIFY_NO_DEVICE;
			v->block_code = CDS_CU_ERROR_NO_DEVICE;
		} else if (v->runtime_error ==
		    CDS_CUDA_ERROR_INSUFFICIENT_DRIVER) {
			v->block = CDS_VERIFY_DRIVER_TOO_OLD;
			v->block_code = v->runtime_error;
		} else if (v->runtime_error ==
		    CDS_CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE) {
			v->block = CDS_VERIFY_COMPAT_UNSUPPORTED;
			v->block_code = v->runtime_error;
		}
		break;
	}
	if (!res->complete && (v->block == CDS_VERIFY_RAN ||
	    v->block == CDS_VERIFY_CHILD_FAILED)) {
		v->block = CDS_VERIFY_CHILD_FAILED;
		free(v->block_detail);
		v->block_detail = cds_child_describe(res, VERIFY_MS);
	}
	/* checks the child never reached */
	for (i = 0; i < v->nchecks; i++) {
		struct cds_verify_check *c = &v->checks[i];

		if (c->result == CDS_CHECK_NOT_RUN && c->detail == NULL) {
			c->detail = cds_xstrdup(!res->complete ? "crashed" :
			    v->block != CDS_VERIFY_RAN ? "blocked" : "device");
		}
	}
}

/* Libraries mapped from outside the target's own directories. */
static void
mark_outside(struct cds_verify *v)
{
	size_t i, k;

	if (v->libdirs == NULL || v->libdirs[0] == NULL) {
		return;
	}
	for (i = 0; i < v->nlibs; i++) {
		struct cds_verify_lib *l = &v->libs[i];
		char *dir;
		int inside = 0;

		if (l->path == NULL || strcmp(l->role, "driver") == 0) {
			continue;
		}
		dir = cds_dirname(l->path);
		for (k = 0; v->libdirs[k] != NULL && !inside; k++) {
			char *a = realpath(dir, NULL);
			char *b = realpath(v->libdirs[k], NULL);

			inside = a != NULL && b != NULL && strcmp(a, b) == 0;
			free(a);
			free(b);
		}
		l->outside = !inside;
		free(dir);
	}
}

/* The target's library directories from --prefix or --env, into V. */
static int
pick_target(cds_handle_t *h, struct cds_verify *v, const char *prefix,
    const char *env)
{
	if (prefix != NULL) {
		if (!cds_is_dir(prefix)) {
			return cds_seterr_why(h, CDS_ERR_NOT_FOUND,
			    CDS_REASON_NO_SUCH_DIR, CDS_ERRNAMES(
			    { CDS_ERRARG_OPTION, "prefix" }, { CDS_ERRARG_VALUE,
			    prefix }), "prefix %s: no such directory", prefix);
		}
		v->target = cds_xstrdup(prefix);
		v->target_kind = cds_xstrdup("prefix");
	} else if (env != NULL) {
		if ((v->target = find_env(h, env)) == NULL) {
			return cds_seterr_why(h, CDS_ERR_NOT_FOUND,
			    CDS_REASON_NO_SUCH_ENV, CDS_ERRNAMES(
			    { CDS_ERRARG_OPTION, "env" }, { CDS_ERRARG_VALUE,
			    env }), "env %s: no such conda env", env);
		}
		v->target_kind = cds_xstrdup("env");
	} else {
		v->target_kind = cds_xstrdup("default");
	}
	if (v->target != NULL) {
		v->libdirs = target_dirs(v->target);
		if (v->libdirs[0] == NULL) {
			return cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no lib, "
			    "lib64 or cudnn/lib directory", v->target);
		}
	} else {
		v->libdirs = cds_strv_steal(&(struct cds_strv){0});
	}
	return 0;
}

/* The child's argument: what to load, from what the parent saw. */
static json_t *
child_arg(cds_handle_t *h, struct cds_verify *v, const char *ldpath)
{
	json_t *arg = json_object();
	int seen, major;

	major = cudnn_major(h, v->libdirs, ldpath, &seen);
	json_object_set_new(arg, "cudnn_major", json_integer(major));
	json_object_set_new(arg, "cudnn_seen", json_boolean(seen));
	json_object_set_new(arg, "runtime", runtime_names(v->libdirs));
	if (v->driver.stub_path != NULL) {
		json_object_set_new(arg, "stub",
		    json_string(v->driver.stub_path));
	}
	return arg;
}

/* Passed: the checks ran, every library loaded from the target, every
 * check passed. */
/* Add PATH to V's cut-short libraries when its ELF headers need more
 * bytes than it has (once per file). */
static void
check_cut(struct cds_verify *v, const char *path)
{
	struct stat st;
	uint64_t need;
	size_t i;
	int fd, r;

	if (path == NULL || (fd = cds_open_regular(path, &st)) == -1) {
		return;
	}
	r = cds_elf_extent(fd, (uint64_t)st.st_size, &need);
	close(fd);
	for (i = 0; i < v->ncut; i++) {
		if (strcmp(v->cut[i].path, path) == 0) {
			return;
		}
	}
	if (r == 1) {
		v->cut = cds_xreallocarray(v->cut, v->ncut + 1,
		    sizeof(*v->cut));
		v->cut[v->ncut].path = cds_xstrdup(path);
		v->cut[v->ncut].size = (uint64_t)st.st_size;
		v->cut[v->ncut++].need = need;
	}
}

/* Every library the report names, against its headers. */
static void
check_cuts(struct cds_verify *v)
{
	size_t i;

	for (i = 0; i < v->nlibs; i++) {
		check_cut(v, v->libs[i].realpath != NULL ? v->libs[i].realpath :
		    v->libs[i].path);
	}
	check_cut(v, v->crash_library);
}

static void
verdict(struct cds_verify *v)
{
	size_t i;

	/* a cuDNN sublibrary from elsewhere makes a mixed set */
	v->libs_ok = v->cudnn_major != 0;
	for (i = 0; i < v->nlibs; i++) {
		const struct cds_verify_lib *l = &v->libs[i];

		if (strcmp(l->role, "driver") != 0 && l->error != NULL &&
		    !l->optional) {
			v->libs_ok = 0;
		}
		if (strcmp(l->role, "cudnn") == 0 && l->outside) {
			v->libs_ok = 0;
		}
	}
	v->libs_ok = v->libs_ok && v->ncut == 0;
	v->passed = v->block == CDS_VERIFY_RAN && v->libs_ok;
	for (i = 0; i < v->nchecks; i++) {
		if (v->checks[i].result != CDS_CHECK_PASS) {
			v->passed = 0;
		}
	}
}

/* Run the child over V; -1 with an error when it could not run. */
static int
run_child(cds_handle_t *h, struct cds_verify *v, char **envp,
    const char *ldpath)
{
	struct cds_child_result res = {0};
	struct run run;
	json_t *arg;

	if (!cds_child_hosted()) {
		return cds_seterr(h, CDS_ERR_CHILD, "this program does not "
		    "run probe children");
	}
	arg = child_arg(h, v, ldpath);
	run.h = h;
	run.v = v;
	if (cds_child_run(h, CDS_CHILD_VERIFY, arg, envp, VERIFY_MS, 0,
	    on_msg, &run, &res) == -1 || !res.started) {
		if (cds_errno(h) == CDS_ERR_OK) {
			cds_seterr(h, CDS_ERR_CHILD, "cannot run the check "
			    "process%s%s", res.err_tail != NULL ? ": " : "",
			    res.err_tail != NULL ? res.err_tail : "");
		}
		cds_child_result_clear(&res);
		json_decref(arg);
		return -1;
	}
	json_decref(arg);
	decide(h, v, &res, ldpath);
	cds_child_result_clear(&res);
	return 0;
}

struct cds_verify *
cds_verify_run(cds_handle_t *h, const char *prefix, const char *env)
{
	struct cds_verify *v;
	struct cds_event ev = {0};
	char **envp;
	const char *ldpath = NULL;
	double t0 = cds_now_ms();
	size_t i;
	int rc;

	if (*h->root != '\0') {
		cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_OTHER_SYSTEM,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "root" },
		    { CDS_ERRARG_VALUE, h->root }), "root %s: verify runs this "
		    "machine's GPU and cannot check another system", h->root);
		return NULL;
	}
	if (prefix != NULL && env != NULL) {
		cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_EXCLUSIVE,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "prefix" },
		    { CDS_ERRARG_OTHER, "env" }), "a prefix and an env: give "
		    "one");
		return NULL;
	}
	v = cds_xcalloc(1, sizeof(*v));
	if (pick_target(h, v, prefix, env) == -1) {
		cds_verify_free(v);
		return NULL;
	}
	envp = cds_child_env(h, v->libdirs);
	for (i = 0; envp[i] != NULL; i++) {
		if (strncmp(envp[i], "LD_LIBRARY_PATH=", 16) == 0) {
			ldpath = envp[i] + 16;
		}
	}
	cds_driver_scan_files(h, &v->driver, ldpath);
	v->visible_devices = cds_strdup0(cds_getenv(h,
	    "CUDA_VISIBLE_DEVICES"));
	/* the checks every report lists, device 0 */
	for (i = 0; cds_check_names[i] != NULL; i++) {
		find_check(v, cds_check_names[i], 0);
	}
	ev.type = CDS_EV_PROBE_START;
	ev.u.step.name = "verify";
	ev.u.step.path = v->target;
	cds_emit(h, &ev);
	rc = run_child(h, v, envp, ldpath);
	cds_strfreev(envp);
	if (rc == -1) {
		cds_verify_free(v);
		return NULL;
	}
	mark_outside(v);
	check_cuts(v);
	device_support(v);
	driver_floor(h, v);
	verdict(v);
	v->elapsed_ms = cds_now_ms() - t0;
	ev.type = CDS_EV_PROBE_DONE;
	cds_emit(h, &ev);
	return v;
}
