/*
 * plan.c - from a request (--cuda, --cudnn, --for) to the releases, the
 * archives and the paths an install makes, checked against the driver.
 *
 * The rules: a framework row names the CUDA line and cuDNN it was built
 * for; the CUDA release is the manifest's pick for that line, the cuDNN the
 * newest of the row's major built for it.  With no row, the newest CUDA
 * of the newest line the driver runs that it runs natively (the driver the
 * release ships with is not newer), else the newest it runs, and the
 * newest cuDNN built for it.  A release whose
 * minimum driver is above the driver found is refused, or skipped when the
 * choice was ours to make.  The driver is the scan's: the kernel module's
 * version, else its user-space library's.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/loader.h"
#include "read/prefix.h"
#include "read/manifest.h"
#include "doctor/pkgfix.h"
#include "plan/plan.h"
#include "scan/probe.h"
#include "base/version.h"

/* ------------------------------------------------------------------------ */
/* The driver                                                               */
/* ------------------------------------------------------------------------ */

/* "libcuda.so.535.247.01" -> "535.247.01"; NULL for another name. */
static char *
libcuda_name_version(const char *path)
{
	const char *b = cds_basename(path);

	if (strncmp(b, "libcuda.so.", 11) != 0 || strchr(b + 11, '.') ==
	    NULL) {
		return NULL;
	}
	return cds_xstrdup(b + 11);
}

/*
 * libcuda.so.1 in the loader's directories, its links followed inside the
 * root (Debian's go through /etc/alternatives), and the version its real
 * file is named for.  Stands in for the scan's libcuda_version while the
 * scan cannot follow such links under --root; it goes once the scan's
 * struct cds_driver carries it there too.
 */
static char *
libcuda_fallback(cds_handle_t *h, char **path)
{
	struct cds_ldir *dirs;
	char *ver = NULL;
	size_t n, i;

	dirs = cds_loader_dirs(h, cds_getenv(h, "LD_LIBRARY_PATH"), 0, &n);
	for (i = 0; i < n && ver == NULL; i++) {
		char *p = cds_path_join(dirs[i].dir, "libcuda.so.1");
		char *real = cds_realpath_in_root(h, p);
		char *host = real != NULL ? cds_rpath(h, real) : NULL;

		if (host != NULL && cds_is_file(host) &&
		    (ver = libcuda_name_version(real)) != NULL) {
			*path = real;
			real = NULL;
		}
		free(host);
		free(real);
		free(p);
	}
	cds_ldirs_free(dirs, n);
	return ver;
}

/*
 * The driver's version from the facts the scan uses (the driver probe's
 * files, cds_probe_driver_static()): the kernel module's, else the one its
 * user-space library is named for when no module is loaded (an image, a
 * container, a machine whose module failed).  *source gets where it was
 * read; *no_module is set for the second.  NULL when there is neither.
 */
static char *
driver_version(cds_handle_t *h, char **source, int *no_module)
{
	struct cds_driver d;
	char *ver = NULL;

	*source = NULL;
	*no_module = 0;
	cds_probe_driver_static(h, &d);
	if (d.module_version != NULL) {
		char *proc = cds_rpath(h, "/proc/driver/nvidia/version");
		char *text = cds_read_file(proc, 1 << 16, NULL);

		ver = d.module_version;
		d.module_version = NULL;
		*source = cds_xstrdup(text != NULL && strstr(text, ver) !=
		    NULL ? "/proc/driver/nvidia/version" :
		    "/sys/module/nvidia/version");
		free(text);
		free(proc);
	} else if (d.libcuda_version != NULL && d.state != CDS_DRIVER_STUB) {
		ver = d.libcuda_version;
		d.libcuda_version = NULL;
		*source = cds_xstrdup(d.libcuda_realpath != NULL ?
		    d.libcuda_realpath : d.libcuda_path);
		*no_module = 1;
	} else if (d.state != CDS_DRIVER_STUB &&
	    (ver = libcuda_fallback(h, source)) != NULL) {
		*no_module = 1;
	}
	cds_driver_clear(&d);
	return ver;
}

/* ------------------------------------------------------------------------ */
/* Names and minimum drivers                                                */
/* ------------------------------------------------------------------------ */

char *
cds_release_dirname(enum cds_kind kind, const char *full_version,
    const char *variant)
{
	if (kind == CDS_KIND_CUDA) {
		return cds_xasprintf("cuda-%s", full_version);
	}
	if (variant == NULL || *variant == '\0') {
		return cds_xasprintf("cudnn-%s", full_version);
	}
	return cds_xasprintf("cudnn-%s-%s", full_version, variant);
}

const char *
cds_cuda_min_driver(const struct cds_manifest *m, const struct cds_release *r)
{
	if (r->min_driver != NULL) {
		return r->min_driver;
	}
	return cds_manifest_driver_floor(m, r->version);
}

const char *
cds_variant_min_driver(const struct cds_manifest *m,
    const struct cds_cudnn_variant *v)
{
	if (v->min_driver != NULL) {
		return v->min_driver;
	}
	return cds_manifest_driver_floor(m, v->cuda_min);
}

/* The higher of two minimum drivers (either may be NULL). */
static const char *
max_driver(const char *a, const char *b)
{
	if (a == NULL) {
		return b;
	}
	if (b == NULL) {
		return a;
	}
	return cds_vercmp(a, b) >= 0 ? a : b;
}

/* Can DRIVER (NULL: none found, plan anyway) run something needing MIN? */
static int
runs(const char *driver, const char *min)
{
	return driver == NULL || min == NULL || cds_vercmp(driver, min) >= 0;
}

/* Does DRIVER run CUDA release R natively (R's own bundled driver is not
 * newer)?  1 yes, 0 only through minor version compatibility, -1 unknown. */
static int
native(const char *driver, const struct cds_release *r)
{
	if (driver == NULL || r->bundled_driver == NULL) {
		return -1;
	}
	return cds_vercmp(driver, r->bundled_driver) >= 0;
}

static int
is_none(const char *s)
{
	return s != NULL && strcmp(s, "none") == 0;
}

/* ------------------------------------------------------------------------ */
/* Choosing releases                                                        */
/* ------------------------------------------------------------------------ */

struct choice {
	const struct cds_release *cuda;
	const struct cds_release *cudnn;
	const struct cds_cudnn_variant *var;
	const struct cds_framework_req *row;
	const char *need;	/* the driver both need */
	/* a library minimum of the package (lib_minimums) the pair does not
	 * meet, and the version it has; NULL */
	const struct cds_lib_min *unmet;
	const struct cds_release *unmet_rel;
	const char *unmet_have;
	/* the cuDNN's documented CUDA range ends below the row's CUDA: the
	 * framework's own tested pair vouches for it */
	int beyond_matrix;
};

struct ctx {
	cds_handle_t *h;
	const struct cds_manifest *m;
	const struct cds_plan_request *req;
	const char *driver;	/* NULL: none found */
	const char *driver_source;
	struct cds_plan *p;	/* why, refused, compat_newest go here */
};

/*
 * The build of cuDNN D for CUDA: one NVIDIA tested with that minor (its
 * support matrix lists it), else one built for the same major (11 on) and
 * tested with older minors only.  That one runs: from CUDA 11 on, a
 * program built with one minor of a major runs with the later minors'
 * libraries (NVIDIA, "CUDA Compatibility", Minor Version Compatibility;
 * NVIDIA's cuDNN packages are per major, "cuDNN 9.10.2 for CUDA 12.x" in
 * its support matrix), and conda-forge's cudnn pins cuda-version to the
 * major alone (conda-forge/cudnn-feedstock recipe/meta.yaml:
 * pin_compatible("cuda-version", min_pin="x", max_pin="x")).  Another
 * major has no build: NULL.  cds_plan_item.untested tells the two apart.
 */
static const struct cds_cudnn_variant *
variant_in(const struct cds_release *d, const char *cuda, int later)
{
	int major = atoi(cuda);
	size_t i;

	for (i = 0; i < d->nvariants; i++) {
		if (cds_variant_covers(&d->variants[i], cuda)) {
			return &d->variants[i];
		}
	}
	for (i = 0; i < d->nvariants && later && major >= 11; i++) {
		const struct cds_cudnn_variant *v = &d->variants[i];

		if (atoi(v->cuda_min) == major && atoi(v->cuda_max) == major &&
		    cds_vercmp(cuda, v->cuda_max) > 0) {
			return v;
		}
	}
	return NULL;
}

/* The build that runs with CUDA, tested with it or not (variant_in()). */
static const struct cds_cudnn_variant *
variant_for(const struct cds_release *d, const char *cuda)
{
	return variant_in(d, cuda, 1);
}

static const char *
choice_need(const struct ctx *x, const struct choice *c)
{
	const char *need = NULL;

	if (c->cuda != NULL) {
		need = cds_cuda_min_driver(x->m, c->cuda);
	}
	if (c->var != NULL) {
		need = max_driver(need, cds_variant_min_driver(x->m, c->var));
	}
	return need;
}

/* "cuda11 (11.0-11.8), cuda12 (12.0-12.2)" */
static char *
variants_text(const struct cds_release *d)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < d->nvariants; i++) {
		cds_buf_addf(&b, "%s%s (%s-%s)", i > 0 ? ", " : "",
		    *d->variants[i].name != '\0' ? d->variants[i].name :
		    "flat", d->variants[i].cuda_min, d->variants[i].cuda_max);
	}
	return b.s == NULL ? cds_xstrdup("none") : cds_buf_steal(&b);
}

/* "11.8.0, 12.1.1, ..." of one kind */
static char *
known_text(const struct cds_manifest *m, enum cds_kind kind)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < m->nreleases; i++) {
		if (m->releases[i].kind == kind) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ", " : "",
			    m->releases[i].full_version);
		}
	}
	return b.s == NULL ? cds_xstrdup("none") : cds_buf_steal(&b);
}

static int
err_driver(const struct ctx *x, const char *what, const char *need)
{
	return cds_seterr_why(x->h, CDS_ERR_DRIVER, CDS_REASON_DRIVER_TOO_OLD,
	    CDS_ERRNAMES({ CDS_ERRARG_RELEASE, what }, { CDS_ERRARG_NEED,
	    need }, { CDS_ERRARG_HAVE, x->driver }, { CDS_ERRARG_SOURCE,
	    x->driver_source }), "%s needs NVIDIA driver %s or newer; the "
	    "driver here is %s (%s)", what, need, x->driver,
	    x->driver_source);
}

/* No cuDNN (of CUDNN, when asked for one) is built for CUDA. */
static int
err_no_cudnn(const struct ctx *x, const char *cudnn, const char *cuda)
{
	return cds_seterr_why(x->h, CDS_ERR_NOT_FOUND,
	    CDS_REASON_NO_CUDNN_FOR_CUDA, CDS_ERRNAMES({ CDS_ERRARG_CUDNN,
	    cudnn }, { CDS_ERRARG_CUDA, cuda }), "no known cuDNN%s%s is built "
	    "for CUDA %s", cudnn != NULL ? " " : "", cudnn != NULL ? cudnn :
	    "", cuda);
}

/* cuDNN release R has no build for CUDA. */
static int
err_no_build(const struct ctx *x, const struct cds_release *r,
    const char *cuda)
{
	char *vars = variants_text(r);

	cds_seterr_why(x->h, CDS_ERR_USAGE, CDS_REASON_NO_BUILD_FOR_CUDA,
	    CDS_ERRNAMES({ CDS_ERRARG_CUDNN, r->full_version },
	    { CDS_ERRARG_CUDA, cuda }, { CDS_ERRARG_KNOWN, vars }), "cuDNN %s "
	    "has no build for CUDA %s (its builds: %s)", r->full_version,
	    cuda, vars);
	free(vars);
	return -1;
}

/* A bare redistrib manifest holds release R, not what OPTION asked. */
static int
err_holds(const struct ctx *x, int err, const char *option,
    const char *value, const struct cds_release *r)
{
	char *what = cds_xasprintf("%s %s", r->kind == CDS_KIND_CUDA ? "CUDA" :
	    "cuDNN", r->full_version);

	cds_seterr_why(x->h, err, CDS_REASON_MANIFEST_HOLDS, CDS_ERRNAMES(
	    { CDS_ERRARG_OPTION, option }, { CDS_ERRARG_VALUE, value },
	    { CDS_ERRARG_PATH, x->m->path }, { CDS_ERRARG_RELEASE, what }),
	    "%s %s: %s holds %s only", option, value, x->m->path, what);
	free(what);
	return -1;
}

static int
err_unknown(const struct ctx *x, enum cds_kind kind, const char *version)
{
	char *known = known_text(x->m, kind);
	char *what = cds_xasprintf("%s %s", kind == CDS_KIND_CUDA ? "CUDA" :
	    "cuDNN", version);

	cds_seterr_why(x->h, CDS_ERR_NOT_FOUND, CDS_REASON_UNKNOWN_RELEASE,
	    CDS_ERRNAMES({ CDS_ERRARG_OPTION, kind == CDS_KIND_CUDA ? "cuda" :
	    "cudnn" }, { CDS_ERRARG_VALUE, version }, { CDS_ERRARG_RELEASE,
	    what }, { CDS_ERRARG_PATH, x->m->path }, { CDS_ERRARG_KNOWN,
	    known }), "%s: not in %s (known: %s)", what, x->m->path, known);
	free(what);
	free(known);
	return -1;
}

/* The newest cuDNN (of MAJOR, at or above MIN, when given) built for CUDA
 * (and, with CHECK, that the driver here runs). */
static int
newest_cudnn(const struct ctx *x, const char *cuda, const char *major,
    const char *min, int check, struct choice *c)
{
	size_t i;

	c->cudnn = NULL;
	c->var = NULL;
	for (i = 0; i < x->m->nreleases; i++) {
		const struct cds_release *r = &x->m->releases[i];
		const struct cds_cudnn_variant *v;

		if (r->kind != CDS_KIND_CUDNN) {
			continue;
		}
		if (major != NULL && !cds_ver_has_prefix(r->version, major)) {
			continue;
		}
		if (min != NULL && cds_vercmp(r->full_version, min) < 0 &&
		    !cds_ver_has_prefix(min, r->version)) {
			continue;
		}
		if ((v = variant_for(r, cuda)) == NULL || (check &&
		    !runs(x->driver, cds_variant_min_driver(x->m, v))) ||
		    cds_manifest_known_bad(x->m, CDS_KIND_CUDNN,
		    r->full_version, cuda) != NULL) {
			continue;
		}
		if (c->cudnn == NULL ||
		    cds_vercmp(r->version, c->cudnn->version) > 0) {
			c->cudnn = r;
			c->var = v;
		}
	}
	return c->cudnn != NULL ? 0 : -1;
}

/* A cuDNN without a CUDA to match: the variant for the newest CUDA line
 * the driver runs. */
static const struct cds_cudnn_variant *
best_variant(const struct ctx *x, const struct cds_release *d)
{
	const struct cds_cudnn_variant *best = NULL;
	size_t i;

	for (i = 0; i < d->nvariants; i++) {
		const struct cds_cudnn_variant *v = &d->variants[i];

		if (runs(x->driver, cds_variant_min_driver(x->m, v)) &&
		    (best == NULL || cds_vercmp(v->cuda_min,
		    best->cuda_min) > 0)) {
			best = v;
		}
	}
	return best;
}

/*
 * The CUDA release ours to pick, C's newest that runs: the newest of its
 * major line that the driver runs natively replaces it (a driver never
 * gets an older major for it), and why, for the plan to say.  REFUSED is
 * the newest the driver cannot run.
 */
static void
note_choice(const struct ctx *x, struct choice *c,
    const struct cds_release *refused, int later)
{
	const struct cds_release *nat = NULL;
	struct cds_plan *p = x->p;
	size_t i;

	if (refused != NULL && (c->cuda == NULL ||
	    cds_vercmp(refused->version, c->cuda->version) > 0)) {
		struct choice t = { .cuda = refused, .cudnn = c->cudnn };

		if (c->cudnn != NULL) {
			t.var = variant_in(c->cudnn, refused->version, later);
		}
		p->refused = refused->version;
		p->refused_needs = choice_need(x, &t);
	}
	if (c->cuda == NULL) {
		return;
	}
	for (i = 0; x->driver != NULL && i < x->m->nreleases; i++) {
		const struct cds_release *r = &x->m->releases[i];
		struct choice t = { .cuda = r, .cudnn = c->cudnn };

		if (r->kind != CDS_KIND_CUDA ||
		    atoi(r->version) != atoi(c->cuda->version) ||
		    native(x->driver, r) != 1 || (c->cudnn != NULL &&
		    ((t.var = variant_in(c->cudnn, r->version, later)) == NULL ||
		    cds_manifest_known_bad(x->m, CDS_KIND_CUDNN,
		    c->cudnn->full_version, r->version) != NULL)) ||
		    !runs(x->driver, choice_need(x, &t))) {
			continue;
		}
		if (nat == NULL || cds_vercmp(r->version, nat->version) > 0) {
			nat = r;
		}
	}
	if (x->driver == NULL) {
		p->why = CDS_PLAN_WHY_NO_DRIVER;
	} else if (nat != NULL) {
		if (nat != c->cuda) {
			p->compat_newest = c->cuda->version;
			p->compat_bundled = c->cuda->bundled_driver;
		}
		c->cuda = nat;
		p->why = CDS_PLAN_WHY_NATIVE;
	} else if (native(x->driver, c->cuda) == 0) {
		p->why = CDS_PLAN_WHY_COMPAT;
	} else {
		p->why = CDS_PLAN_WHY_NEWEST;
	}
}

/* The CUDA release, when it is ours to pick: the newest the driver runs
 * natively, else the newest it runs (with the cuDNN asked, a release
 * that cuDNN has a build for, tested with it unless LATER). */
static int
pick_cuda_in(const struct ctx *x, struct choice *c, int later)
{
	const struct cds_release *refused = NULL;
	const char *lowest = NULL;
	size_t i;

	for (i = 0; i < x->m->nreleases; i++) {
		const struct cds_release *r = &x->m->releases[i];
		struct choice t = { .cuda = r };

		if (r->kind != CDS_KIND_CUDA) {
			continue;
		}
		if (c->cudnn != NULL &&
		    ((t.var = variant_in(c->cudnn, r->version, later)) == NULL ||
		    cds_manifest_known_bad(x->m, CDS_KIND_CUDNN,
		    c->cudnn->full_version, r->version) != NULL)) {
			continue;	/* none, or a known-bad pair */
		}
		t.cudnn = c->cudnn;
		if (!runs(x->driver, choice_need(x, &t))) {
			if (lowest == NULL || cds_vercmp(choice_need(x, &t),
			    lowest) < 0) {
				lowest = choice_need(x, &t);
			}
			if (refused == NULL || cds_vercmp(r->version,
			    refused->version) > 0) {
				refused = r;
			}
			continue;
		}
		if (c->cuda == NULL ||
		    cds_vercmp(r->version, c->cuda->version) > 0) {
			c->cuda = r;
		}
	}
	note_choice(x, c, refused, later);
	if (c->cuda == NULL && c->cudnn != NULL && lowest == NULL) {
		char *vars = variants_text(c->cudnn);

		cds_seterr_why(x->h, CDS_ERR_NOT_FOUND,
		    CDS_REASON_NO_CUDA_FOR_CUDNN, CDS_ERRNAMES(
		    { CDS_ERRARG_CUDNN, c->cudnn->full_version },
		    { CDS_ERRARG_KNOWN, vars }), "cuDNN %s: no known CUDA "
		    "release fits its builds (%s)", c->cudnn->full_version,
		    vars);
		free(vars);
		return -1;
	}
	if (c->cuda == NULL) {
		return err_driver(x, c->cudnn != NULL ?
		    "every CUDA release this cuDNN is built for" :
		    "every known CUDA release", lowest);
	}
	return 0;
}

/* The CUDA release ours to pick: with a cuDNN asked, one NVIDIA tested it
 * with when the driver runs one, else a later minor of its major. */
static int
pick_cuda(const struct ctx *x, struct choice *c)
{
	if (c->cudnn != NULL) {
		struct choice t = *c;

		if (pick_cuda_in(x, &t, 0) == 0 && t.cuda != NULL) {
			*c = t;
			return 0;
		}
		cds_clearerr(x->h);
	}
	return pick_cuda_in(x, c, 1);
}

/* The cuDNN build for the CUDA chosen (or, with --cuda none, the CUDA
 * installed or the newest line that runs); the cuDNN itself when it is
 * ours to pick. */
static int
pick_cudnn_build(const struct ctx *x, struct choice *c)
{
	const struct cds_plan_request *req = x->req;

	if (c->cuda != NULL && c->cudnn != NULL) {
		if ((c->var = variant_for(c->cudnn, c->cuda->version)) ==
		    NULL) {
			return err_no_build(x, c->cudnn, c->cuda->version);
		}
	} else if (c->cuda != NULL && !is_none(req->cudnn)) {
		/* ours to pick: the newest built for this CUDA that runs */
		if (!runs(x->driver, cds_cuda_min_driver(x->m, c->cuda))) {
			char *what = cds_xasprintf("CUDA %s", c->cuda->version);

			err_driver(x, what, cds_cuda_min_driver(x->m, c->cuda));
			free(what);
			return -1;
		}
		if (newest_cudnn(x, c->cuda->version, NULL, NULL, 1, c) ==
		    -1) {
			return err_no_cudnn(x, NULL, c->cuda->version);
		}
	} else if (c->cudnn != NULL && req->with_cuda != NULL) {
		/* --cuda none for an installed CUDA: the build for it, from
		 * the newest release of what was asked that has one */
		if ((c->var = variant_for(c->cudnn, req->with_cuda)) == NULL &&
		    newest_cudnn(x, req->with_cuda, req->cudnn, NULL, 1, c) ==
		    -1) {
			return err_no_cudnn(x, req->cudnn, req->with_cuda);
		}
	} else if (c->cudnn != NULL) {
		/* --cuda none: the build for the newest line that runs */
		if ((c->var = best_variant(x, c->cudnn)) == NULL) {
			const char *need = cds_variant_min_driver(x->m,
			    &c->cudnn->variants[0]);
			char *what = cds_xasprintf("cuDNN %s",
			    c->cudnn->full_version);

			err_driver(x, what, need);
			free(what);
			return -1;
		}
	}
	return 0;
}

/* --cuda and --cudnn (either, both or neither), no framework. */
static int
choose_plain(const struct ctx *x, struct choice *c)
{
	const struct cds_plan_request *req = x->req;

	if (req->cuda != NULL && !is_none(req->cuda)) {
		c->cuda = cds_manifest_find(x->m, CDS_KIND_CUDA, req->cuda);
		if (c->cuda == NULL) {
			return err_unknown(x, CDS_KIND_CUDA, req->cuda);
		}
	}
	if (req->cudnn != NULL && !is_none(req->cudnn)) {
		c->cudnn = cds_manifest_find(x->m, CDS_KIND_CUDNN, req->cudnn);
		if (c->cudnn == NULL) {
			return err_unknown(x, CDS_KIND_CUDNN, req->cudnn);
		}
	}
	/* a cuDNN for an installed CUDA, none named: the newest for it */
	if (c->cudnn == NULL && req->cudnn == NULL && is_none(req->cuda) &&
	    req->with_cuda != NULL && newest_cudnn(x, req->with_cuda, NULL,
	    NULL, 1, c) == -1) {
		return err_no_cudnn(x, NULL, req->with_cuda);
	}
	if ((c->cuda == NULL && !is_none(req->cuda) &&
	    pick_cuda(x, c) == -1) || pick_cudnn_build(x, c) == -1) {
		return -1;
	}
	if (c->cuda == NULL && c->cudnn == NULL) {
		return cds_seterr_why(x->h, CDS_ERR_USAGE,
		    CDS_REASON_NOTHING_TO_DO, NULL,
		    "neither CUDA nor cuDNN: nothing to install");
	}
	c->need = choice_need(x, c);
	if (!runs(x->driver, c->need)) {
		char *what = c->cuda != NULL && !runs(x->driver,
		    cds_cuda_min_driver(x->m, c->cuda)) ?
		    cds_xasprintf("CUDA %s", c->cuda->version) :
		    cds_xasprintf("cuDNN %s for %s", c->cudnn->full_version,
		    c->var->name);

		err_driver(x, what, c->need);
		free(what);
		return -1;
	}
	return 0;
}

/* "torch==2.3.0" -> name "torch", version "2.3.0"; "jax" -> any. */
static int
parse_for(cds_handle_t *h, const char *arg, char **name, char **version)
{
	const char *eq = strstr(arg, "==");
	size_t n = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
	char *p;

	*name = NULL;
	*version = NULL;
	if (n == 0 || (eq != NULL && (eq[2] == '\0' ||
	    !isdigit((unsigned char)eq[2])))) {
		return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_BAD_SYNTAX,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "for" },
		    { CDS_ERRARG_VALUE, arg }, { CDS_ERRARG_WHY,
		    "PACKAGE==VERSION" }), "for %s: expected PACKAGE==VERSION",
		    arg);
	}
	*name = cds_xstrndup(arg, n);
	for (p = *name; *p != '\0'; p++) {
		if (*p == '_') {
			*p = '-';
		}
		*p = (char)tolower((unsigned char)*p);
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.') {
			free(*name);
			*name = NULL;
			return cds_seterr_why(h, CDS_ERR_USAGE,
			    CDS_REASON_BAD_NAME, CDS_ERRNAMES(
			    { CDS_ERRARG_OPTION, "for" }, { CDS_ERRARG_VALUE,
			    arg }), "for %s: bad package name", arg);
		}
	}
	if (strcmp(*name, "pytorch") == 0) {
		free(*name);
		*name = cds_xstrdup("torch");
	}
	if (eq != NULL) {
		*version = cds_xstrdup(eq + 2);
	}
	return 0;
}

/* The rows for NAME, newest first in the table; "2.0, 2.1, ..." */
static char *
rows_text(const struct cds_manifest *m, const char *name)
{
	struct cds_strv seen = {0};
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < m->nframeworks; i++) {
		const struct cds_framework_req *f = &m->frameworks[i];

		if (strcmp(f->name, name) == 0 &&
		    !cds_strv_contains(&seen, f->version)) {
			cds_strv_push(&seen, f->version);
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ", " : "",
			    f->version);
		}
	}
	cds_strv_clear(&seen);
	return b.s == NULL ? NULL : cds_buf_steal(&b);
}

/* Is row F's CUDA satisfied by release version V (same major, not
 * older)? */
static int
row_takes_cuda(const struct cds_framework_req *f, const char *v)
{
	char major[16];

	snprintf(major, sizeof(major), "%d", atoi(f->cuda));
	return cds_ver_has_prefix(v, major) && (cds_vercmp(v, f->cuda) >= 0 ||
	    cds_ver_has_prefix(v, f->cuda));
}

/* The newest version a row covers: "1.17" of "1.15-1.17". */
static const char *
row_top(const struct cds_framework_req *f)
{
	const char *dash = strchr(f->version, '-');

	return dash != NULL ? dash + 1 : f->version;
}

/*
 * Preferred: with no version asked, the newest framework version; then
 * the build pip installs by default; then the most specific row ("1.18.1"
 * over "1.18"); then the newest CUDA.
 */
static int
better(const struct choice *a, const struct choice *b, int any_version)
{
	int v;

	if (b->row == NULL) {
		return 1;
	}
	if (any_version) {
		v = cds_vercmp(row_top(a->row), row_top(b->row));
		if (v != 0) {
			return v > 0;
		}
	}
	if (a->row->is_default != b->row->is_default) {
		return a->row->is_default;
	}
	if (!any_version &&
	    strlen(a->row->version) != strlen(b->row->version) &&
	    strchr(a->row->version, '-') == NULL &&
	    strchr(b->row->version, '-') == NULL) {
		return strlen(a->row->version) > strlen(b->row->version);
	}
	if (a->cuda != NULL && b->cuda != NULL &&
	    cds_vercmp(a->cuda->version, b->cuda->version) != 0) {
		return cds_vercmp(a->cuda->version, b->cuda->version) > 0;
	}
	/* the same release either way: the row built for the newer CUDA */
	return cds_vercmp(a->row->cuda, b->row->cuda) > 0;
}

/* The cuDNN of row F for CUDA release CUDA (NULL: --cuda none). */
static int
fit_cudnn(const struct ctx *x, const struct cds_framework_req *f,
    const struct cds_release *cuda, const struct cds_release *want_cudnn,
    struct choice *t)
{
	const char *cv = cuda != NULL ? cuda->version :
	    x->req->with_cuda != NULL ? x->req->with_cuda : f->cuda;
	char major[16];

	t->cuda = cuda;
	t->cudnn = NULL;
	t->var = NULL;
	if (is_none(x->req->cudnn) || f->cudnn == NULL) {
		return cuda != NULL ? 0 : -1;
	}
	snprintf(major, sizeof(major), "%d", atoi(f->cudnn));
	if (want_cudnn != NULL) {
		if (!cds_ver_has_prefix(want_cudnn->version, major) ||
		    (t->var = variant_for(want_cudnn, cv)) == NULL) {
			return -1;
		}
		t->cudnn = want_cudnn;
		return 0;
	}
	/* the newest of the row's major, at or above its version, built
	 * for this CUDA */
	return newest_cudnn(x, cv, major, f->cudnn, 0, t);
}

/* The version of COMPONENT in CUDA release R's redistrib file; NULL. */
static const char *
component_version(const struct ctx *x, const struct cds_release *r,
    const char *component)
{
	const struct cds_archive *const *a;

	a = cds_release_archives(x->h, r, cds_platform(), NULL);
	for (; a != NULL && *a != NULL; a++) {
		if (strcmp((*a)->component, component) == 0) {
			return (*a)->version;
		}
	}
	return NULL;
}

/* Does the pair in T meet every library minimum the index gives for the
 * package asked (x->p->for_name at VERSION, else row F's newest)?  The
 * first one missed goes to t->unmet. */
static int
meets_minimums(const struct ctx *x, const struct cds_framework_req *f,
    struct choice *t)
{
	const char *ver = x->p->for_version != NULL ? x->p->for_version :
	    row_top(f);
	size_t i;

	for (i = 0; i < x->m->nlib_mins; i++) {
		const struct cds_lib_min *l = &x->m->lib_mins[i];
		const char *have;

		if (!cds_lib_min_applies(l, f->name, ver)) {
			continue;
		}
		const struct cds_release *rel;

		if (strcmp(l->component, "cudnn") == 0) {
			rel = t->cudnn;
			have = rel != NULL ? rel->full_version : NULL;
		} else {
			rel = t->cuda;
			have = rel != NULL ? component_version(x, rel,
			    l->component) : NULL;
		}
		if (have != NULL && !cds_lib_min_met(l, have)) {
			t->unmet = l;
			t->unmet_rel = rel;
			t->unmet_have = have;
			return 0;
		}
	}
	return 1;
}

/* Row F's cuDNN for CUDA release CUDA, and the package's minimums met. */
static int
fit_pair(const struct ctx *x, const struct cds_framework_req *f,
    const struct cds_release *cuda, const struct cds_release *want_cudnn,
    struct choice *t)
{
	if (fit_cudnn(x, f, cuda, want_cudnn, t) == -1) {
		return -1;
	}
	return meets_minimums(x, f, t) ? 0 : -1;
}

/* The next CUDA release after CAND that row F takes, oldest first. */
static const struct cds_release *
next_of_line(const struct ctx *x, const struct cds_framework_req *f,
    const struct cds_release *cand)
{
	const struct cds_release *next = NULL;
	size_t i;

	for (i = 0; i < x->m->nreleases; i++) {
		const struct cds_release *r = &x->m->releases[i];

		if (r->kind == CDS_KIND_CUDA && row_takes_cuda(f, r->version) &&
		    cds_vercmp(r->version, cand->version) > 0 &&
		    (next == NULL || cds_vercmp(r->version, next->version) <
		    0)) {
			next = r;
		}
	}
	return next;
}

/*
 * No cuDNN of row F's major documents F's CUDA: the row itself is the
 * framework's tested pair (TensorFlow 2.16 was built and tested with
 * CUDA 12.3 and cuDNN 8.9, which NVIDIA's matrix lists for 12.0-12.2), so
 * the newest cuDNN of that major built for the same CUDA major, at or
 * above the row's, is taken with CUDA release CUDA, and said.
 */
static int
fit_tested_pair(const struct ctx *x, const struct cds_framework_req *f,
    const struct cds_release *cuda, struct choice *t)
{
	char major[16], cmajor[16];
	size_t i, k;

	if (f->cudnn == NULL || is_none(x->req->cudnn) ||
	    x->req->cudnn != NULL) {
		return -1;
	}
	snprintf(major, sizeof(major), "%d", atoi(f->cudnn));
	snprintf(cmajor, sizeof(cmajor), "%d", atoi(cuda->version));
	t->cuda = cuda;
	t->cudnn = NULL;
	t->var = NULL;
	for (i = 0; i < x->m->nreleases; i++) {
		const struct cds_release *r = &x->m->releases[i];

		if (r->kind != CDS_KIND_CUDNN ||
		    !cds_ver_has_prefix(r->version, major) ||
		    (cds_vercmp(r->full_version, f->cudnn) < 0 &&
		    !cds_ver_has_prefix(f->cudnn, r->version)) ||
		    cds_manifest_known_bad(x->m, CDS_KIND_CUDNN,
		    r->full_version, cuda->version) != NULL) {
			continue;
		}
		for (k = 0; k < r->nvariants; k++) {
			const struct cds_cudnn_variant *v = &r->variants[k];

			/* a range that ends at a minor ("12.2", not "12")
			 * below the CUDA asked */
			if (cds_ver_has_prefix(v->cuda_min, cmajor) &&
			    strchr(v->cuda_max, '.') != NULL &&
			    cds_vercmp(v->cuda_max, cuda->version) < 0 &&
			    (t->cudnn == NULL || cds_vercmp(r->version,
			    t->cudnn->version) > 0)) {
				t->cudnn = r;
				t->var = v;
			}
		}
	}
	if (t->cudnn == NULL || !meets_minimums(x, f, t)) {
		return -1;
	}
	t->beyond_matrix = 1;
	return 0;
}

/*
 * Row F resolved: the manifest's pick for its CUDA line (or --cuda), with
 * the newest cuDNN that fits and the package's library minimums met; when
 * none fits that CUDA, the next release of the line, oldest first; when
 * no release of the line has a cuDNN documented for it, the row's own
 * tested pair (fit_tested_pair).
 */
static int
fit_row(const struct ctx *x, const struct cds_framework_req *f,
    const struct cds_release *want_cuda, const struct cds_release *want_cudnn,
    struct choice *t)
{
	const struct cds_release *first = NULL, *dummy = NULL, *cand;
	const char *var = NULL;

	t->row = f;
	if (want_cuda != NULL) {
		if (!row_takes_cuda(f, want_cuda->version)) {
			return -1;
		}
		if (fit_pair(x, f, want_cuda, want_cudnn, t) == 0) {
			return 0;
		}
		return t->unmet != NULL || want_cudnn != NULL ? -1 :
		    fit_tested_pair(x, f, want_cuda, t);
	}
	if (is_none(x->req->cuda)) {
		return fit_pair(x, f, NULL, want_cudnn, t);
	}
	cds_manifest_resolve(x->m, f->cuda, NULL, &first, &dummy, &var);
	if (first == NULL) {
		return -1;
	}
	for (cand = first; cand != NULL; cand = next_of_line(x, f, cand)) {
		if (fit_pair(x, f, cand, want_cudnn, t) == 0) {
			return 0;
		}
	}
	if (t->unmet != NULL || want_cudnn != NULL) {
		return -1;
	}
	return fit_tested_pair(x, f, first, t);
}

/* --for PKG(==VER): no row of the framework table matches. */
static int
err_no_row(const struct ctx *x, const char *name, const char *version)
{
	const struct cds_plan_request *req = x->req;
	char *known;

	if (req->with_cuda != NULL) {
		return cds_seterr_why(x->h, CDS_ERR_NOT_FOUND,
		    CDS_REASON_NO_FRAMEWORK_BUILD, CDS_ERRNAMES(
		    { CDS_ERRARG_OPTION, "for" }, { CDS_ERRARG_VALUE,
		    req->forpkg }, { CDS_ERRARG_PACKAGE, name },
		    { CDS_ERRARG_VERSION, version }, { CDS_ERRARG_CUDA,
		    req->with_cuda }), "for %s: no build for CUDA %s in the "
		    "framework table", req->forpkg, req->with_cuda);
	}
	if ((known = rows_text(x->m, name)) == NULL) {
		return cds_seterr_why(x->h, CDS_ERR_NOT_FOUND,
		    CDS_REASON_UNKNOWN_PACKAGE, CDS_ERRNAMES(
		    { CDS_ERRARG_OPTION, "for" }, { CDS_ERRARG_VALUE,
		    req->forpkg }, { CDS_ERRARG_PACKAGE, name },
		    { CDS_ERRARG_PATH, x->m->path }), "for %s: not in the "
		    "framework table of %s", name, x->m->path);
	}
	cds_seterr_why(x->h, CDS_ERR_NOT_FOUND, CDS_REASON_UNKNOWN_VERSION,
	    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "for" }, { CDS_ERRARG_VALUE,
	    req->forpkg }, { CDS_ERRARG_PACKAGE, name }, { CDS_ERRARG_VERSION,
	    version }, { CDS_ERRARG_KNOWN, known }), "for %s: no such version "
	    "in the framework table (known: %s)", req->forpkg, known);
	free(known);
	return -1;
}

/* --for PKG==VER: each matching row, resolved; the best that runs. */
/*
 * --for torch without a version: this machine (the driver, and the GPUs'
 * capabilities a child reads), so that only builds that run here are
 * chosen from; NULL when none of the index's builds would (the choice is
 * then the driver's alone, as for other packages).
 */
static const struct cds_machine *
torch_machine(const struct ctx *x, const char *name, struct cds_machine *mc)
{
	struct cds_driver d;
	size_t i;
	int any = 0;

	if (strcmp(name, "torch") != 0) {
		return NULL;
	}
	cds_probe_driver(x->h, &d);
	memset(mc, 0, sizeof(*mc));
	mc->driver = x->driver;
	mc->driver_cuda = d.cuda_version;
	for (i = 0; i < d.ncc; i++) {
		if (mc->min_cc == 0 || d.cc[i] < mc->min_cc) {
			mc->min_cc = d.cc[i];
		}
	}
	cds_driver_clear(&d);
	for (i = 0; !any && i < x->m->nframeworks; i++) {
		const struct cds_framework_req *f = &x->m->frameworks[i];

		any = cds_framework_matches(f, name, NULL) &&
		    f->index_url != NULL && cds_build_runs(x->m, f, mc, NULL);
	}
	return any ? mc : NULL;
}

static int
choose_for(const struct ctx *x, const char *name, const char *version,
    struct choice *c)
{
	const struct cds_plan_request *req = x->req;
	const struct cds_release *want_cuda = NULL, *want_cudnn = NULL;
	const struct cds_framework_req *unfit = NULL;
	const struct cds_lib_min *unmet = NULL;
	const struct cds_release *unmet_rel = NULL;
	const char *lowest = NULL, *lowest_what = NULL, *unmet_have = NULL;
	const struct cds_machine *here;
	struct cds_machine mc;
	size_t i, nmatch = 0;

	if (req->cuda != NULL && !is_none(req->cuda) &&
	    (want_cuda = cds_manifest_find(x->m, CDS_KIND_CUDA, req->cuda)) ==
	    NULL) {
		return err_unknown(x, CDS_KIND_CUDA, req->cuda);
	}
	if (req->cudnn != NULL && !is_none(req->cudnn) &&
	    (want_cudnn = cds_manifest_find(x->m, CDS_KIND_CUDNN,
	    req->cudnn)) == NULL) {
		return err_unknown(x, CDS_KIND_CUDNN, req->cudnn);
	}
	here = version == NULL ? torch_machine(x, name, &mc) : NULL;
	for (i = 0; i < x->m->nframeworks; i++) {
		const struct cds_framework_req *f = &x->m->frameworks[i];
		struct choice t = {0};

		if (!cds_framework_matches(f, name, version) ||
		    (here != NULL && f->index_url != NULL &&
		    !cds_build_runs(x->m, f, here, NULL)) ||
		    (req->with_cuda != NULL &&
		    !cds_ver_has_prefix(req->with_cuda, f->cuda) &&
		    !cds_ver_has_prefix(f->cuda, req->with_cuda))) {
			continue;
		}
		nmatch++;
		if (fit_row(x, f, want_cuda, want_cudnn, &t) == -1) {
			unfit = f;
			if (t.unmet != NULL) {
				unmet = t.unmet;
				unmet_rel = t.unmet_rel;
				unmet_have = t.unmet_have;
			}
			continue;
		}
		t.need = choice_need(x, &t);
		if (!runs(x->driver, t.need)) {
			if (lowest == NULL || cds_vercmp(t.need, lowest) < 0) {
				lowest = t.need;
				lowest_what = f->variant;
			}
			continue;
		}
		if (better(&t, c, version == NULL)) {
			*c = t;
		}
	}
	if (c->row != NULL) {
		if (c->cuda != NULL) {
			x->p->why = CDS_PLAN_WHY_FRAMEWORK;
		}
		if (c->beyond_matrix || (c->var != NULL && c->cuda != NULL &&
		    !cds_variant_covers(c->var, c->cuda->version))) {
			/* a later minor than NVIDIA lists (variant_for()):
			 * the framework's own build vouches for the pair */
			x->p->warnings |= CDS_PLAN_WARN_TESTED_PAIR;
		}
		return 0;
	}
	if (nmatch == 0) {
		return err_no_row(x, name, version);
	}
	if (lowest != NULL) {
		char *what = cds_xasprintf("%s%s%s (its %s build)", name,
		    version != NULL ? " " : "", version != NULL ? version : "",
		    lowest_what != NULL ? lowest_what : "oldest");

		err_driver(x, what, lowest);
		free(what);
		return -1;
	}
	if (unmet != NULL) {
		return cds_seterr_why(x->h, CDS_ERR_NOT_FOUND, CDS_REASON_NONE,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "for" },
		    { CDS_ERRARG_VALUE, req->forpkg }, { CDS_ERRARG_PACKAGE,
		    name }, { CDS_ERRARG_VERSION, version }, { CDS_ERRARG_MIN,
		    unmet->min }, { CDS_ERRARG_SOURCE, unmet->source }),
		    "for %s: it needs %s %s or newer%s%s (%s); %s %s has %s",
		    req->forpkg, unmet->component, unmet->min,
		    unmet->below != NULL ? ", below " : "",
		    unmet->below != NULL ? unmet->below : "",
		    unmet->source, unmet_rel->kind == CDS_KIND_CUDA ? "CUDA" :
		    "cuDNN", unmet_rel->full_version, unmet_have);
	}
	return cds_seterr_why(x->h, CDS_ERR_NOT_FOUND, CDS_REASON_NO_PAIR,
	    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "for" }, { CDS_ERRARG_VALUE,
	    req->forpkg }, { CDS_ERRARG_PACKAGE, name }, { CDS_ERRARG_VERSION,
	    version }, { CDS_ERRARG_OTHER, unfit->variant },
	    { CDS_ERRARG_CUDA, unfit->cuda }, { CDS_ERRARG_CUDNN,
	    unfit->cudnn != NULL ? unfit->cudnn : "-" }), "for %s: its %s "
	    "build needs CUDA %s and cuDNN %s; no known pair of releases "
	    "fits that%s%s%s%s", req->forpkg, unfit->variant != NULL ?
	    unfit->variant : "", unfit->cuda, unfit->cudnn != NULL ?
	    unfit->cudnn : "-", req->cuda != NULL ? " and CUDA " : "",
	    req->cuda != NULL ? req->cuda : "", req->cudnn != NULL ?
	    " and cuDNN " : "", req->cudnn != NULL ? req->cudnn : "");
}

/* The pair chosen, refused when the index marks it known bad: the reason
 * and its source, for the user to weigh. */
static int
refuse_known_bad(const struct ctx *x, const struct choice *c)
{
	const char *cuda = c->cuda != NULL ? c->cuda->version :
	    x->req->with_cuda;
	const struct cds_known_bad *k = NULL;
	const struct cds_release *r = NULL;
	char *what;

	if (c->cudnn != NULL) {
		k = cds_manifest_known_bad(x->m, CDS_KIND_CUDNN,
		    c->cudnn->full_version, cuda);
		r = c->cudnn;
	}
	if (k == NULL && c->cuda != NULL) {
		k = cds_manifest_known_bad(x->m, CDS_KIND_CUDA,
		    c->cuda->version, NULL);
		r = c->cuda;
	}
	if (k == NULL) {
		return 0;
	}
	what = cds_xasprintf("%s %s", r->kind == CDS_KIND_CUDA ? "CUDA" :
	    "cuDNN", r->full_version);
	cds_seterr_why(x->h, CDS_ERR_NOT_FOUND, CDS_REASON_KNOWN_BAD,
	    CDS_ERRNAMES({ CDS_ERRARG_RELEASE, what }, { CDS_ERRARG_CUDA,
	    k->with_cuda != NULL ? cuda : NULL }, { CDS_ERRARG_WHY,
	    k->reason }, { CDS_ERRARG_SOURCE, k->source }), "%s%s%s is "
	    "known bad: %s (%s)", what, k->with_cuda != NULL ? " with CUDA " :
	    "", k->with_cuda != NULL ? cuda : "", k->reason, k->source !=
	    NULL ? k->source : "no source given");
	free(what);
	return -1;
}

/* A bare redistrib manifest: its one release, the floor of its line. */
static int
choose_bare(const struct ctx *x, struct choice *c)
{
	const struct cds_plan_request *req = x->req;
	const struct cds_release *r = &x->m->releases[0];

	if (req->forpkg != NULL) {
		return cds_seterr_why(x->h, CDS_ERR_USAGE,
		    CDS_REASON_NEEDS_INDEX, CDS_ERRNAMES({ CDS_ERRARG_OPTION,
		    "for" }, { CDS_ERRARG_PATH, x->m->path }), "a framework "
		    "needs the index: %s is a single redistrib file with no "
		    "framework table", x->m->path);
	}
	if (r->kind == CDS_KIND_CUDA) {
		if (req->cudnn != NULL && !is_none(req->cudnn)) {
			return err_holds(x, CDS_ERR_USAGE, "cudnn",
			    req->cudnn, r);
		}
		if (is_none(req->cuda) || (req->cuda != NULL &&
		    !cds_ver_has_prefix(r->version, req->cuda))) {
			return err_holds(x, CDS_ERR_NOT_FOUND, "cuda",
			    req->cuda, r);
		}
		c->cuda = r;
	} else {
		if (is_none(req->cudnn) || (req->cudnn != NULL &&
		    !cds_ver_has_prefix(r->version, req->cudnn) &&
		    !cds_ver_has_prefix(r->full_version, req->cudnn))) {
			return err_holds(x, CDS_ERR_NOT_FOUND, "cudnn",
			    req->cudnn != NULL ? req->cudnn : "none", r);
		}
		c->cudnn = r;
		if (req->cuda != NULL && !is_none(req->cuda)) {
			if ((c->var = variant_for(r, req->cuda)) == NULL) {
				return err_no_build(x, r, req->cuda);
			}
		} else if ((c->var = best_variant(x, r)) == NULL) {
			char *what = cds_xasprintf("cuDNN %s",
			    r->full_version);

			err_driver(x, what, cds_variant_min_driver(x->m,
			    &r->variants[0]));
			free(what);
			return -1;
		}
	}
	c->need = choice_need(x, c);
	if (!runs(x->driver, c->need)) {
		char *what = c->cuda != NULL ?
		    cds_xasprintf("CUDA %s", r->version) :
		    cds_xasprintf("cuDNN %s for %s", r->full_version,
		    c->var->name);

		err_driver(x, what, c->need);
		free(what);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* The plan                                                                 */
/* ------------------------------------------------------------------------ */

/* What NVIDIA tested cuDNN item IT's build V with, and whether CUDA (the
 * CUDA it is planned with; NULL: none) is among it. */
static void
tested_with(struct cds_plan_item *it, const struct cds_cudnn_variant *v,
    const char *cuda)
{
	it->cuda_tested = strcmp(v->cuda_min, v->cuda_max) == 0 ?
	    cds_xstrdup(v->cuda_min) : strchr(v->cuda_max, '.') == NULL ?
	    cds_xasprintf("%s.x", v->cuda_max) : cds_xasprintf("%s-%s",
	    v->cuda_min, v->cuda_max);
	it->untested = cuda == NULL ? -1 : !cds_variant_covers(v, cuda);
}

static void
item_clear(struct cds_plan_item *it)
{
	size_t i;

	free(it->name);
	free(it->version);
	free(it->variant);
	free(it->dir);
	free(it->min_driver);
	free(it->bundled_driver);
	free(it->cuda_tested);
	for (i = 0; i < it->narchives; i++) {
		cds_strfreev(it->archives[i].urls);
	}
	free(it->archives);
}

void
cds_plan_free(struct cds_plan *p)
{
	size_t i;

	if (p == NULL) {
		return;
	}
	for (i = 0; i < p->nitems; i++) {
		item_clear(&p->items[i]);
	}
	free(p->items);
	cds_strfreev(p->paths);
	free(p->prefix);
	free(p->platform);
	free(p->driver);
	free(p->driver_source);
	free(p->manifest);
	free(p->for_name);
	free(p->for_version);
	free(p);
}

/*
 * Release NAME is installed: does it hold what set CS asks (NULL: the whole
 * release)?  A tree installed with one set (--components runtime) is not
 * the whole release, nor another set: 0 when it will do, else -1 with
 * CDS_ERR_CONFLICT naming the tree, the set it holds and how to replace it.
 */
static int
present_set(cds_handle_t *h, const struct cds_layout *l, const char *name,
    const struct cds_component_set *cs)
{
	char *has = cds_receipt_set(l, name);
	int ok = has == NULL || (cs != NULL && strcmp(has, cs->name) == 0);

	if (!ok) {
		char *tree = cds_path_join(l->prefix, name);

		cds_seterr(h, CDS_ERR_CONFLICT, "%s holds only the %s set of "
		    "the release (it was installed with --components %s), not "
		    "%s%s; remove it first (cudnn-setup remove %s), then "
		    "install again", tree, has, has, cs != NULL ? "the set " :
		    "the whole release", cs != NULL ? cs->name : "", name);
		free(tree);
	}
	free(has);
	return ok ? 0 : -1;
}

/* Is archive A of a release of KIND in component set CS (NULL: all)? */
static int
in_set(const struct cds_component_set *cs, enum cds_kind kind,
    const struct cds_archive *a)
{
	size_t i;

	if (cs == NULL || kind != CDS_KIND_CUDA) {
		return 1;	/* a set picks CUDA components; cuDNN is one */
	}
	for (i = 0; cs->components[i] != NULL; i++) {
		if (strcmp(cs->components[i], a->component) == 0) {
			return 1;
		}
	}
	return 0;
}

static int
add_item(cds_handle_t *h, struct cds_plan *p, const struct cds_layout *l,
    const struct cds_release *r, const struct cds_cudnn_variant *v,
    const char *need, const struct cds_component_set *cs)
{
	const struct cds_archive *const *all, **arch;
	struct cds_plan_item *it;
	const char *var = v != NULL && *v->name != '\0' ? v->name : NULL;
	uint64_t full = 0;
	size_t n, i, k;
	int st;

	all = cds_release_archives(h, r, p->platform, var);
	if (all == NULL) {
		return -1;	/* set by cds_release_archives() */
	}
	for (n = 0; all[n] != NULL; n++) {
		;
	}
	arch = cds_xcalloc(n + 1, sizeof(*arch));
	for (n = 0, i = 0; all[i] != NULL; i++) {
		full += all[i]->size;
		if (in_set(cs, r->kind, all[i])) {
			arch[n++] = all[i];
		}
	}
	if (n == 0) {
		char *what = cds_xasprintf("%s %s%s%s", r->kind ==
		    CDS_KIND_CUDA ? "CUDA" : "cuDNN", r->full_version, var !=
		    NULL ? " " : "", var != NULL ? var : "");

		cds_seterr_why(h, CDS_ERR_NOT_FOUND, CDS_REASON_NO_ARCHIVE,
		    CDS_ERRNAMES({ CDS_ERRARG_RELEASE, what },
		    { CDS_ERRARG_OTHER, p->platform }, { CDS_ERRARG_PATH,
		    r->redistrib }), "%s: no archive for %s in %s", what,
		    p->platform, r->redistrib);
		free(what);
		free(arch);
		return -1;
	}
	p->items = cds_xreallocarray(p->items, p->nitems + 1,
	    sizeof(*p->items));
	it = &p->items[p->nitems++];
	memset(it, 0, sizeof(*it));
	it->kind = r->kind;
	it->release = r;
	it->version = cds_xstrdup(r->full_version);
	it->variant = cds_strdup0(var);
	it->name = cds_release_dirname(r->kind, r->full_version, var);
	it->dir = cds_path_join(p->prefix, it->name);
	it->min_driver = cds_strdup0(need);
	if (r->kind == CDS_KIND_CUDA) {
		it->bundled_driver = cds_strdup0(r->bundled_driver);
		it->compat = native(p->driver, r) == 0;
	}
	it->archives = cds_xcalloc(n, sizeof(*it->archives));
	it->narchives = n;
	for (i = 0; i < n; i++) {
		struct cds_strv urls = {0};

		it->archives[i].archive = arch[i];
		for (k = 0; k < h->mirrors.n; k++) {
			cds_strv_push_owned(&urls, cds_xasprintf("%s%s",
			    h->mirrors.v[k], arch[i]->relative_path));
		}
		cds_strv_push_owned(&urls, cds_xasprintf("%s%s", r->base_url,
		    arch[i]->relative_path));
		it->archives[i].urls = cds_strv_steal(&urls);
		it->download_size += arch[i]->size;
	}
	free(arch);
	it->full_size = full;
	it->libraries_only = cs != NULL && cs->libraries_only;
	st = cds_release_state(l, it->name);
	if (st < 0) {
		char *host = cds_path_join(l->prefix, it->name);

		cds_seterr_why(h, CDS_ERR_IO, CDS_REASON_NOT_OURS, CDS_ERRNAMES(
		    { CDS_ERRARG_PATH, host }), "%s: exists but was not "
		    "installed by cudnn-setup (no receipt); move it away first",
		    host);
		free(host);
		return -1;
	}
	if (st == 1 && present_set(h, l, it->name, cs) == -1) {
		return -1;
	}
	it->state = st == 1 ? CDS_ITEM_PRESENT : CDS_ITEM_NEW;
	return 0;
}

/* The paths an install makes, as the target sees them. */
static void
plan_paths(cds_handle_t *h, struct cds_plan *p, const struct cds_layout *l)
{
	struct cds_strv sv = {0};
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		const char *word = cds_kind_word(it->kind);
		const char *ver = it->name + strlen(word) + 1;
		char *link, *hostlink;

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		p->download_size += it->download_size;
		cds_strv_push(&sv, it->dir);
		cds_strv_push_owned(&sv, cds_xasprintf("%s/.state/receipts/"
		    "%s.json", p->prefix, it->name));
		link = cds_path_join(p->prefix, word);
		hostlink = cds_path_join(l->prefix, word);
		if (!cds_exists(hostlink)) {
			cds_strv_push(&sv, link);
		}
		free(hostlink);
		free(link);
		cds_strv_push_owned(&sv, cds_xasprintf("%s/env/%s.sh",
		    p->prefix, it->name));
		cds_strv_push_owned(&sv, cds_xasprintf("%s/env/%s.fish",
		    p->prefix, it->name));
		cds_strv_push_owned(&sv, cds_xasprintf("%s/env/modulefiles/"
		    "%s/%s", p->prefix, word, ver));
	}
	if (p->system) {
		static const char *const sys[] = {
			"/etc/ld.so.conf.d/cudnn-setup.conf",
			"/etc/profile.d/cudnn-setup.sh",
		};

		for (i = 0; i < 2; i++) {
			char *host = cds_rpath(h, sys[i]);

			if (!cds_exists(host)) {
				cds_strv_push(&sv, sys[i]);
			}
			free(host);
		}
	}
	p->paths = cds_strv_steal(&sv);
}

struct cds_plan *
cds_plan_build(cds_handle_t *h, const struct cds_plan_request *req)
{
	static const struct cds_plan_request none = {0};
	const struct cds_manifest *m;
	struct cds_plan *p;
	struct cds_layout l;
	struct choice c = {0};
	struct ctx x = { .h = h };
	const struct cds_component_set *cs = NULL;
	int rc;

	if (req == NULL) {
		req = &none;
	}
	if ((m = cds_manifest_load(h)) == NULL) {
		return NULL;	/* set by cds_manifest_load() */
	}
	p = cds_xcalloc(1, sizeof(*p));
	p->prefix = cds_xstrdup(cds_prefix(h));
	p->platform = cds_xstrdup(cds_platform());
	p->manifest = cds_xstrdup(m->path);
	p->system = req->system;
	p->no_driver = req->no_driver;
	if (req->components != NULL) {
		if ((cs = cds_manifest_component_set(m, req->components)) ==
		    NULL) {
			struct cds_buf known = {0};
			size_t i;

			for (i = 0; i < m->ncompsets; i++) {
				cds_buf_addf(&known, "%s%s", i > 0 ? ", " : "",
				    m->compsets[i].name);
			}
			cds_seterr(h, CDS_ERR_NOT_FOUND, "--components %s: "
			    "%s has no such component set (%s%s)",
			    req->components, m->path, m->ncompsets > 0 ?
			    "it has: " : "it has none: use the shipped index",
			    known.s != NULL ? known.s : "");
			cds_buf_free(&known);
			cds_plan_free(p);
			return NULL;
		}
		p->components = cs->name;
		/* libraries alone are found through ld.so.conf.d */
		p->system |= cs->libraries_only;
	}
	p->driver = req->no_driver ? NULL :
	    driver_version(h, &p->driver_source, &p->driver_no_module);
	if (p->driver_no_module) {
		p->warnings |= CDS_PLAN_WARN_NO_MODULE;
	}
	if (p->driver == NULL) {
		p->warnings |= CDS_PLAN_WARN_NO_DRIVER;
		cds_log(h, CDS_LOG_DEBUG, "no NVIDIA driver under %s: "
		    "planning without one", *cds_root(h) != '\0' ?
		    cds_root(h) : "/");
	}
	if (m->bare) {
		p->warnings |= CDS_PLAN_WARN_UNTRUSTED;
	}
	x.m = m;
	x.req = req;
	x.driver = p->driver;
	x.driver_source = p->driver_source;
	x.p = p;
	if (m->bare) {
		rc = choose_bare(&x, &c);
	} else if (req->forpkg != NULL) {
		rc = parse_for(h, req->forpkg, &p->for_name, &p->for_version);
		if (rc == 0) {
			rc = choose_for(&x, p->for_name, p->for_version, &c);
		}
		p->framework = c.row;
	} else {
		rc = choose_plain(&x, &c);
	}
	if (rc == 0) {
		rc = refuse_known_bad(&x, &c);
	}
	if (rc == -1) {
		cds_plan_free(p);
		return NULL;
	}
	cds_layout_init(h, &l);
	if ((c.cuda != NULL && add_item(h, p, &l, c.cuda, NULL,
	    cds_cuda_min_driver(m, c.cuda), cs) == -1) ||
	    (c.cudnn != NULL && add_item(h, p, &l, c.cudnn, c.var,
	    cds_variant_min_driver(m, c.var), cs) == -1)) {
		cds_layout_clear(&l);
		cds_plan_free(p);
		return NULL;
	}
	if (c.cudnn != NULL && c.var != NULL) {
		tested_with(&p->items[p->nitems - 1], c.var, c.cuda != NULL ?
		    c.cuda->version : req->with_cuda);
	}
	plan_paths(h, p, &l);
	cds_layout_clear(&l);
	return p;
}
