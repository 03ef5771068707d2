/*
 * explain_checks.c - explain's own checks (the MSG-* findings): what the
 * message names, looked up here (the library it could not open, the file
 * that failed, the runtime or cuDNN it loaded), and what an entry's causes
 * ask about (the driver, the framework's build).  Each adds findings
 * whose evidence the catalogue's causes test; explain.c decides.
 */
#include "config.h"


#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "doctor/aptfix.h"
#include "doctor/codes.h"
#include "scan/container.h"
#include "scan/dynprobe.h"
#include "doctor/explain.h"
#include "doctor/explain_patterns.h"
#include "doctor/explain_checks.h"
#include "doctor/explain_table.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "scan/loader.h"
#include "scan/system.h"
#include "read/elfread.h"
#include "read/manifest.h"
#include "read/pkgdb.h"
#include "doctor/pkgfix.h"
#include "scan/scan.h"
#include "base/version.h"

/* ------------------------------------------------------------------------ */
/* Checks of what the message names                                          */
/* ------------------------------------------------------------------------ */

/* What match M captured as KEY, or NULL. */
const char *
cds_explain_match_capture(const struct cds_explain_match *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			return m->captures[i].value;
		}
	}
	return NULL;
}

/* What the matches of X captured as KEY (the first that did), or NULL. */
const char *
cds_explain_capture(const struct cds_explanation *x, const char *key)
{
	const char *v = NULL;
	size_t k;

	for (k = 0; k < x->nmatches && v == NULL; k++) {
		v = cds_explain_match_capture(&x->matches[k], key);
	}
	return v;
}

/* Every package of the scan, with its env (NULL: the system Python). */
struct pkgref {
	const struct cds_env *env;
	const struct cds_package *p;
};

static size_t
all_packages(const struct cds_scan *s, struct pkgref **out)
{
	size_t i, k, n = 0;

	*out = cds_xcalloc(1, sizeof(**out));
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
			(*out)[n].env = &s->envs[i];
			(*out)[n++].p = &s->envs[i].packages[k];
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
		(*out)[n].env = NULL;
		(*out)[n++].p = &s->system_packages[k];
	}
	return n;
}

/* "torch 2.6.0 (in env dl)", "torch 2.6.0 (in /usr/lib/python3/...)" */
static char *
pkg_name(const struct pkgref *r)
{
	return r->env != NULL ? cds_xasprintf("%s %s (env %s)", r->p->name,
	    r->p->version, r->env->name) : cds_xasprintf("%s %s (%s)",
	    r->p->name, r->p->version, r->p->location != NULL ?
	    r->p->location : "the system Python");
}

/* A CUDA version a package says it was built for: "12.4"; NULL when it
 * is not known or the build has no CUDA. */
static const char *
pkg_cuda(const struct cds_package *p)
{
	if (p->cuda == NULL || strcmp(p->cuda, "cpu") == 0 ||
	    strcasecmp(p->cuda, "none") == 0 ||
	    !isdigit((unsigned char)p->cuda[0])) {
		return NULL;
	}
	return p->cuda;
}

/* How a package is known to be a CPU-only build, or NULL. */
static const char *
cpu_only(const struct cds_package *p)
{
	if (strstr(p->version, "+cpu") != NULL) {
		return "its version carries +cpu";
	}
	if (p->cuda != NULL && strcmp(p->cuda, "cpu") == 0) {
		return p->from_conda ? "its conda build string says cpu" :
		    "its build says cpu";
	}
	if (p->cuda != NULL && strcasecmp(p->cuda, "none") == 0) {
		return "torch/version.py: cuda = None";
	}
	if (p->cpu_only) {
		/* the scan read it: cds_package's cuda_source says where */
		if (p->from_conda) {
			return "its conda build string says cpu";
		}
		if (p->cuda_source != NULL &&
		    strcmp(p->cuda_source, "torch/version.py") == 0) {
			return "torch/version.py: cuda = None";
		}
		return p->cuda_source != NULL ? p->cuda_source :
		    "the scan found no CUDA in its build";
	}
	return NULL;
}

static const char *
origin_word(enum cds_origin o)
{
	switch (o) {
	case CDS_ORIGIN_PIP:
		return "pip wheel";
	case CDS_ORIGIN_CONDA:
		return "conda env";
	case CDS_ORIGIN_TOOLKIT:
		return "toolkit";
	case CDS_ORIGIN_SYSTEM:
		return "system";
	case CDS_ORIGIN_PREFIX:
		return "cudnn-setup prefix";
	case CDS_ORIGIN_PATH:
	default:
		return "other directory";
	}
}

/* The origin of a path cds_find_anywhere() gave. */
static const char *
path_origin(const struct cds_rule_ctx *c, const char *path)
{
	size_t i;

	if (strstr(path, "/nvidia/") != NULL &&
	    (strstr(path, "/site-packages/") != NULL ||
	    strstr(path, "/dist-packages/") != NULL)) {
		return "pip wheel";
	}
	for (i = 0; i < c->s->ntoolkits; i++) {
		const char *d = c->s->toolkits[i].libdir;
		const char *m = c->s->toolkits[i].mathdir;

		if (d != NULL && cds_startswith(path, d) &&
		    path[strlen(d)] == '/') {
			return c->s->toolkits[i].sdk != NULL ?
			    "NVIDIA HPC SDK" : "toolkit";
		}
		if (m != NULL && cds_startswith(path, m) &&
		    path[strlen(m)] == '/') {
			return "NVIDIA HPC SDK";
		}
	}
	for (i = 0; i < c->s->nenvs; i++) {
		const char *d = c->s->envs[i].prefix;

		if (cds_startswith(path, d) && path[strlen(d)] == '/') {
			return c->s->envs[i].is_conda ? "conda env" :
			    "other directory";
		}
	}
	return "other directory";
}

/* The NVIDIA HPC SDK's default prefix (NVIDIA/hpc-container-maker's nvhpc
 * building block; the Install Guide's NVCOMPILERS) */
#define HPC_SDK "/opt/nvidia/hpc_sdk/"

/* The release of PATH under HPC_SDK "Linux_<arch>/<release>/...", a new
 * string, or NULL. */
static char *
hpc_sdk_release(const char *path)
{
	const char *rel, *end;

	if (!cds_startswith(path, HPC_SDK) ||
	    (rel = strchr(path + strlen(HPC_SDK), '/')) == NULL ||
	    (end = strchr(++rel, '/')) == NULL) {
		return NULL;
	}
	return cds_xstrndup(rel, (size_t)(end - rel));
}

/* NAME, a library of NVIDIA's (the soname table has it) in an HPC SDK
 * installed at its default prefix, in the directories the SDK's
 * environment puts on LD_LIBRARY_PATH (NVIDIA/hpc-container-maker's
 * nvhpc building block): compilers/lib for the compilers' own runtime
 * (kind "nvhpc"), or the REDIST copy of it a runtime image carries;
 * cuda/lib64, math_libs/lib64, comm_libs/nccl/lib and
 * comm_libs/nvshmem/lib for the CUDA, math, NCCL and NVSHMEM libraries
 * the SDK bundles (never the driver's or cuDNN, which it does not).  The
 * newest release's (24.11 after 24.9), as a new path; else NULL. */
static char *
hpc_sdk_file(struct cds_rule_ctx *c, const char *name)
{
	static const char *const own[] = { "compilers/lib",
	    "REDIST/compilers/lib", NULL };
	static const char *const bundled[] = { "cuda/lib64",
	    "math_libs/lib64", "comm_libs/nccl/lib", "comm_libs/nvshmem/lib",
	    NULL };
	const char *const *dirs;
	const struct cds_soname *r;
	char **m, *pat, *best = NULL, *best_rel = NULL, *rel;
	size_t d, k;

	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL ||
	    strcmp(r->kind, "driver") == 0 || strcmp(r->kind, "cudnn") == 0) {
		return NULL;
	}
	dirs = strcmp(r->kind, "nvhpc") == 0 ? own : bundled;
	for (d = 0; dirs[d] != NULL && best == NULL; d++) {
		pat = cds_xasprintf(HPC_SDK "Linux_*/*/%s/%s", dirs[d], name);
		m = cds_root_glob(c->h, pat);
		for (k = 0; m[k] != NULL; k++) {
			rel = hpc_sdk_release(m[k]);
			if (rel != NULL && (best_rel == NULL ||
			    cds_vercmp(rel, best_rel) > 0)) {
				free(best);
				free(best_rel);
				best = cds_xstrdup(m[k]);
				best_rel = rel;
			} else {
				free(rel);
			}
		}
		cds_strfreev(m);
		free(pat);
	}
	free(best_rel);
	return best;
}

/* WHERE, a file hpc_sdk_file() found: the SDK's environment module of
 * its release, when the SDK installed one (<prefix>/modulefiles/nvhpc/
 * <release>; NVIDIA HPC SDK Install Guide, End-user Environment
 * Settings), as evidence on F. */
static void
hpc_sdk_module(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *where)
{
	char *release = hpc_sdk_release(where), *mod;

	if (release == NULL) {
		return;
	}
	mod = cds_xasprintf(HPC_SDK "modulefiles/nvhpc/%s", release);
	if (cds_root_is_file(c->h, mod)) {
		cds_finding_evidence(f, "environment module", "module use "
		    HPC_SDK "modulefiles && module load nvhpc/%s (sets the "
		    "SDK's PATH and LD_LIBRARY_PATH in one step)", release);
	}
	free(mod);
	free(release);
}

/* Where a library file NAME is installed, though the loader does not find
 * it: a cuDNN copy the scan found, else where cds_find_anywhere() looks
 * (pip wheels, toolkits, envs).  A new path or NULL; *origin one word of
 * origin_word(). */
static char *
installed_where(struct cds_rule_ctx *c, const char *name, const char **origin)
{
	const struct cds_scan *s = c->s;
	char *where;
	size_t i, k;

	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *d = &s->cudnns[i];

		for (k = 0; k < d->nfiles; k++) {
			if (strcmp(d->files[k].name, name) == 0) {
				*origin = origin_word(d->origin);
				return cds_path_join(d->dir, name);
			}
		}
	}
	where = cds_find_anywhere(c, NULL, name);
	for (i = 0; where == NULL && i < s->nenvs; i++) {
		where = cds_find_anywhere(c, &s->envs[i], name);
	}
	if (where != NULL) {
		*origin = path_origin(c, where);
	} else if ((where = hpc_sdk_file(c, name)) != NULL) {
		*origin = "NVIDIA HPC SDK";
	}
	return where;
}

/* The cuDNN copies here, as evidence: each one, and their majors ("8",
 * "8, 9", "none"): what tells "only cuDNN 8" from "none at all". */
static void
evidence_cudnns(const struct cds_rule_ctx *c, struct cds_finding *f)
{
	const struct cds_scan *s = c->s;
	int seen[100] = {0};
	struct cds_buf b = {0};
	size_t i;
	int m;

	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *d = &s->cudnns[i];

		cds_finding_evidence(f, "cuDNN here", "%s in %s (%s)",
		    d->version != NULL ? d->version : "?", d->dir,
		    origin_word(d->origin));
		if (d->major > 0 && d->major < 100) {
			seen[d->major] = 1;
		}
	}
	for (m = 1; m < 100; m++) {
		if (seen[m]) {
			cds_buf_addf(&b, "%s%d", b.len > 0 ? ", " : "", m);
		}
	}
	cds_finding_evidence(f, "cuDNN majors here", "%s", b.len > 0 ? b.s :
	    "none");
	cds_buf_free(&b);
}

/* Which programs here need cuDNN of MAJOR, and which build provides it:
 * the frameworks of the scan and the CUDA they were built with ("cuDNN 9
 * built for CUDA 12" for torch 2.6 built with CUDA 12.4).  With FIX,
 * adds the install that provides it; returns whether one was added. */
static int
evidence_cudnn_needs(struct cds_rule_ctx *c, struct cds_finding *f,
    int major, int fix)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, r;
	const char *cuda = NULL, *best = NULL;
	int fixed = 0, several = 0;

	for (i = 0; i < n; i++) {
		const struct cds_package *p = pk[i].p;
		char *who;

		if (p->kind == CDS_FW_OTHER &&
		    !cds_streq(p->name, "ctranslate2") &&
		    !cds_startswith(p->name, "paddlepaddle")) {
			continue;
		}
		who = pkg_name(&pk[i]);
		if (pkg_cuda(p) != NULL) {
			cds_finding_evidence(f, "needed by", "%s, built for "
			    "CUDA %s", who, pkg_cuda(p));
			if (cuda != NULL && atoi(cuda) != atoi(pkg_cuda(p))) {
				several = 1;
			}
			if (cuda == NULL) {
				cuda = pkg_cuda(p);
			}
		} else if (cpu_only(p) == NULL) {
			cds_finding_evidence(f, "needed by", "%s, CUDA version "
			    "not known here", who);
		}
		free(who);
	}
	free(pk);
	if (cuda != NULL && !several) {
		cds_finding_evidence(f, "provided by", "cuDNN %d built for "
		    "CUDA %d", major, atoi(cuda));
	} else {
		cds_finding_evidence(f, "provided by", "cuDNN %d built for the "
		    "CUDA major of the program that needs it", major);
	}
	/* the manifest's CUDA release of that version, for the command */
	for (r = 0; fix && cuda != NULL && !several && c->m != NULL &&
	    r < cds_manifest_nreleases(c->m); r++) {
		const struct cds_release *rel = cds_manifest_release(c->m, r);

		if (rel->kind == CDS_KIND_CUDA &&
		    cds_ver_has_prefix(rel->version, cuda)) {
			best = rel->version;
		}
	}
	if (best != NULL) {
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, best, "cudnn-setup "
		    "install --cudnn %d --cuda %s", major, cuda);
		fixed = 1;
	}
	return fixed;
}

/* libcuda.so is the driver's development link to libcuda.so.1. */
static void
evidence_libcuda1(struct cds_rule_ctx *c, struct cds_finding *f)
{
	struct cds_ld_found *fd = cds_loader_find(c->h, "libcuda.so.1", NULL,
	    0);

	cds_clearerr(c->h);
	if (fd != NULL && fd->path != NULL) {
		cds_finding_evidence(f, "libcuda.so.1", "%s", fd->path);
	} else {
		cds_finding_evidence(f, "libcuda.so.1", "not found either");
	}
	cds_ld_found_free(fd);
}

/* The newest CUDA release of the index the driver here runs: within the
 * CUDA version the driver reports when it is known (what nvidia-smi
 * says), else by the index's minimum driver (minor-version
 * compatibility); with no driver found, the newest known.  NULL. */
static const char *
newest_runnable(const struct cds_rule_ctx *c)
{
	const char *drv = c->s != NULL ? c->s->driver.version : NULL;
	const char *runs = NULL;
	char cap[32] = "";
	size_t r;
	int pass;

	if (c->s != NULL && c->s->driver.cuda_version > 0) {
		snprintf(cap, sizeof(cap), "%d.%d.99999",
		    c->s->driver.cuda_version / 1000,
		    c->s->driver.cuda_version % 1000 / 10);
	}
	for (pass = cap[0] != '\0' ? 0 : 1; pass < 2 && runs == NULL;
	    pass++) {
		for (r = 0; r < cds_manifest_nreleases(c->m); r++) {
			const struct cds_release *rel =
			    cds_manifest_release(c->m, r);

			if (rel->kind == CDS_KIND_CUDA && (drv == NULL ||
			    rel->min_driver == NULL ||
			    cds_vercmp(drv, rel->min_driver) >= 0) &&
			    (pass == 1 || cds_vercmp(rel->version, cap) <= 0) &&
			    (runs == NULL ||
			    cds_vercmp(rel->version, runs) > 0)) {
				runs = rel->version;
			}
		}
	}
	return runs;
}

/* The fix that works on this driver: the program's build for the CUDA
 * major of the newest release the driver runs. */
static void
fix_newer_build(const struct cds_rule_ctx *c, struct cds_finding *f)
{
	const char *runs = newest_runnable(c);
	const char *drv = c->s != NULL ? c->s->driver.version : NULL;

	if (runs != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install the "
		    "program's build for CUDA %d (CUDA %s is the newest %s); "
		    "`cudnn-setup plan --for PACKAGE==VERSION` shows what it "
		    "needs", atoi(runs), runs, drv != NULL ? "this driver "
		    "runs" : "known; no driver was found to check");
	}
}

/*
 * SONAME belongs to a CUDA release the index holds no archives of (8.0
 * to 11.7): say which, where it can still be had, and the fixes that
 * work: the program's build for a CUDA this driver runs (the newest
 * release of the index it runs, named), or that old release in a conda
 * env.  0 when SONAME is no such release's.
 */
static int
legacy_fixes(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *soname)
{
	const struct cds_legacy_cuda *lg =
	    cds_manifest_legacy_soname(c->m, soname);

	if (lg == NULL) {
		return 0;
	}
	cds_finding_evidence(f, "shipped by", "CUDA %s, which this "
	    "program's index holds no archives of", lg->cuda);
	cds_finding_evidence(f, "where to get it", "%s", lg->where);
	fix_newer_build(c, f);
	if (lg->conda != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or keep the old "
		    "build and run it in a conda env holding CUDA %s: %s",
		    lg->cuda, lg->conda);
	}
	if (lg->source != NULL) {
		cds_finding_evidence(f, "sources", "%s", lg->source);
	}
	return 1;
}

/* Does the index hold a cuDNN release of MAJOR? */
static int
index_has_cudnn(const struct cds_manifest *m, int major)
{
	size_t r;

	for (r = 0; m != NULL && r < cds_manifest_nreleases(m); r++) {
		const struct cds_release *rel = cds_manifest_release(m, r);

		if (rel->kind == CDS_KIND_CUDNN && atoi(rel->version) ==
		    major) {
			return 1;
		}
	}
	return 0;
}

/*
 * SONAME is a cuDNN major's (libcudnn.so.7, libcudnn_ops_infer.so.8): the
 * CUDA releases it went with, as evidence.  When the index holds no
 * release of that major (cuDNN 5 to 7), the fixes that work on this
 * driver instead of an install this program cannot do; returns 1 then.
 */
static int
legacy_cudnn(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *soname, int major)
{
	const struct cds_legacy_cudnn *lg =
	    cds_manifest_legacy_cudnn(c->m, soname);
	struct cds_buf b = {0};
	size_t i;

	if (lg == NULL) {
		return 0;
	}
	for (i = 0; lg->cuda[i] != NULL; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? ", " : "", lg->cuda[i]);
	}
	cds_finding_evidence(f, "cuDNN major", "cuDNN %s, which went with "
	    "CUDA %s", lg->cudnn, b.s);
	cds_buf_free(&b);
	if (lg->source != NULL) {
		cds_finding_evidence(f, "sources", "%s", lg->source);
	}
	if (index_has_cudnn(c->m, major)) {
		return 0;
	}
	cds_finding_evidence(f, "where to get it", "not in this program's "
	    "index (no cuDNN %d release); NVIDIA's cuDNN archives "
	    "(https://docs.nvidia.com/deeplearning/cudnn/archives/"
	    "index.html)", major);
	fix_newer_build(c, f);
	return 1;
}

/* Is one of NAMES found by the loader here?  Then a note that says so:
 * the failing program ran elsewhere, or with another environment, or it
 * found the file and refused it. */
static int
found_here(struct cds_rule_ctx *c, char **names)
{
	struct cds_finding *f;
	size_t i;

	for (i = 0; names[i] != NULL; i++) {
		struct cds_ld_found *fd = cds_loader_find(c->h, names[i], NULL,
		    0);

		cds_clearerr(c->h);
		if (fd != NULL && fd->path != NULL) {
			f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE,
			    "here the loader finds %s: %s", names[i],
			    fd->path);
			cds_finding_evidence(f, "state", "found here");
			cds_finding_evidence(f, "found through", "%s",
			    fd->how != NULL ? fd->how :
			    cds_ld_via_name(fd->via));
			cds_finding_evidence(f, "so", "the failing program "
			    "ran with another environment (LD_LIBRARY_PATH, "
			    "a conda env not activated) or on another "
			    "machine, or it found this file and could not "
			    "load it (a release other than the library that "
			    "asked for it, or a library it needs missing)");
			cds_ld_found_free(fd);
			return 1;
		}
		cds_ld_found_free(fd);
	}
	return 0;
}

/* Is one of NAMES installed where the loader does not look?  Then an
 * error naming where, and the activation fix of the env that holds it. */
static int
installed_elsewhere(struct cds_rule_ctx *c, char **names)
{
	const char *origin = NULL;
	char *where = NULL;
	struct cds_finding *f;
	size_t i;

	for (i = 0; names[i] != NULL && where == NULL; i++) {
		where = installed_where(c, names[i], &origin);
	}
	if (where != NULL) {
		const struct cds_env *owner = NULL;
		const char *dirs[2];
		char *dir = cds_dirname(where);
		size_t k;

		for (k = 0; k < c->s->nenvs; k++) {
			size_t n = strlen(c->s->envs[k].prefix);

			if (strncmp(where, c->s->envs[k].prefix, n) == 0 &&
			    where[n] == '/') {
				owner = &c->s->envs[k];
			}
		}
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is "
		    "installed in %s, which the loader does not search",
		    cds_basename(where), dir);
		cds_finding_evidence(f, "state", "installed elsewhere");
		cds_finding_evidence(f, "installed in", "%s", where);
		cds_finding_evidence(f, "origin", "%s", origin);
		hpc_sdk_module(c, f, where);
		dirs[0] = dir;
		dirs[1] = NULL;
		cds_fix_activate(c, f, owner, dirs, NULL);
		free(dir);
		free(where);
		return 1;
	}
	return 0;
}

/* The last CUDA release of the manifest whose libraries carry soname NAME,
 * as evidence on F with its install fix. */
static void
evidence_cuda_shipper(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *name)
{
	const char *best = NULL;
	size_t r;

	for (r = 0; c->m != NULL && r < cds_manifest_nreleases(c->m); r++) {
		const struct cds_release *rel = cds_manifest_release(c->m, r);
		const char *used;
		char **sonames;
		size_t k;

		if (rel->kind != CDS_KIND_CUDA) {
			continue;
		}
		sonames = cds_cuda_sonames(c, rel->version, &used);
		for (k = 0; sonames[k] != NULL; k++) {
			if (strcmp(sonames[k], name) == 0) {
				best = rel->version;
			}
		}
		cds_strfreev(sonames);
	}
	if (best != NULL) {
		cds_finding_evidence(f, "shipped by", "CUDA %s", best);
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, best,
		    "cudnn-setup install --cuda %s", best);
	} else if (!legacy_fixes(c, f, name)) {
		cds_finding_evidence(f, "shipped by", "no CUDA release "
		    "this program knows");
	}
}

/* Who carries a development link, "libX.so", and who does not. */
#define DEVLINK_CARRIED "a CUDA toolkit and the distributions' " \
	"development packages carry it, the runtime packages and NVIDIA's " \
	"pip wheels do not"

/* Is NAME a development link, "libX.so" with no version after it?  Not
 * when that is the library's soname itself (the soname table's rows of
 * CUPTI's libnvperf_host.so, the HPC SDK's libacchost.so). */
static int
devlink_of(const struct cds_manifest *m, const char *name)
{
	const struct cds_soname *r;
	size_t n = strlen(name);

	if (n <= 3 || strcmp(name + n - 3, ".so") != 0) {
		return 0;
	}
	return m == NULL || (r = cds_manifest_soname(m, name)) == NULL ||
	    strcmp(r->soname, name) != 0;
}

/* What the soname table (manifests/data/sonames.tsv) knows of NAME: its
 * component, the releases that ship it, the packages that carry it. */
static void
evidence_soname(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *name)
{
	const struct cds_soname *r;

	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL) {
		return;
	}
	cds_finding_evidence(f, "component", "%s (%s)", r->component,
	    r->kind);
	if (devlink_of(c->m, name)) {
		/* every release's library has one: a row's releases and
		 * packages are of one soname, not of the link */
		return;
	}
	cds_finding_evidence(f, "shipped in", "%s", r->releases);
	if (strcmp(r->kind, "driver") == 0) {
		cds_finding_evidence(f, "provided by", "the NVIDIA driver's "
		    "user-space libraries, of the kernel module's version "
		    "(never CUDA, a wheel, or a container image)");
	}
	if (strcmp(r->kind, "nvhpc") == 0) {
		cds_finding_evidence(f, "provided by", "the NVIDIA HPC SDK's "
		    "compilers (nvc, nvc++, nvfortran): their runtime in "
		    "<prefix>/Linux_<arch>/<release>/compilers/lib, which the "
		    "SDK's environment module (module load nvhpc) puts on "
		    "LD_LIBRARY_PATH; a runtime image copies it from the "
		    "SDK's REDIST folder (never CUDA or a wheel)");
	}
	if (r->debian != NULL) {
		cds_finding_evidence(f, "Debian packages", "%s", r->debian);
	}
	if (r->conda != NULL) {
		cds_finding_evidence(f, "conda-forge packages", "%s",
		    r->conda);
	}
	if (r->pip != NULL) {
		cds_finding_evidence(f, "pip packages", "%s", r->pip);
	}
}

/* The release of CUDA LINE ("12.4") that ships NAME, part of which is
 * installed here: never another, whose libraries would not match it. */
static void
part_shipper(struct cds_rule_ctx *c, struct cds_finding *f, const char *name,
    const char *line)
{
	const char *rel = cds_cuda_release_in(c, name, line);

	if (rel != NULL) {
		cds_finding_evidence(f, "shipped by", "CUDA %s, of the release "
		    "installed here", rel);
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, rel,
		    "cudnn-setup install --cuda %s", rel);
	} else {
		cds_finding_evidence(f, "shipped by", "no release of CUDA %s "
		    "this program knows; another would not match the "
		    "libraries of %s here", line, line);
	}
}

/* None of NAMES (at least one) is installed here: an error, and for cuDNN
 * the copies here and what the programs here need, for a CUDA library
 * the release that ships it.  ID: the message's failure id, or NULL. */
static void
not_installed(struct cds_rule_ctx *c, const char *id, char **names)
{
	struct cds_aptfix *a = NULL;
	struct cds_finding *f;
	char *v, *part = NULL;
	size_t i;

	if (names[1] != NULL) {
		char *all = cds_xstrdup(names[0]);

		for (i = 1; names[i] != NULL; i++) {
			v = cds_xasprintf("%s, %s", all, names[i]);
			free(all);
			all = v;
		}
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "none of %s "
		    "is installed here", all);
		free(all);
	} else if ((part = cds_cuda_part(c, names[0])) != NULL) {
		v = cds_cuda_lib_label(names[0]);
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "part of "
		    "CUDA %s is installed, %s is missing (%s)", part, v,
		    names[0]);
		free(v);
	} else {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is not "
		    "installed here", names[0]);
	}
	cds_finding_evidence(f, "state", part != NULL ? "part of its release "
	    "installed" : "not installed");
	cds_finding_evidence(f, "searched", "the loader's path, every cuDNN "
	    "copy, every toolkit, every conda env and pip's nvidia wheels");
	if (cds_startswith(names[0], "libcudnn")) {
		int major;

		v = cds_soname_version(names[0]);
		major = v != NULL ? atoi(v) : 0;
		free(v);
		if (major == 0 && id != NULL && strcmp(id, "F7") == 0) {
			/* "libcudnn_ops.so": CTranslate2 4.5+ wants 9 */
			major = 9;
		}
		evidence_cudnns(c, f);
		a = cds_aptfix_for(c, names[0], NULL);
		if (a != NULL) {
			/* the system's package manager first */
			if (major > 0) {
				evidence_cudnn_needs(c, f, major, 0);
			}
			cds_aptfix_report(c, f, a);
		} else if (major > 0 && legacy_cudnn(c, f, names[0], major)) {
			/* no release of that major to install */
		} else if (major > 0 && !evidence_cudnn_needs(c, f, major, 1)) {
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, NULL,
			    "cudnn-setup install --cudnn %d", major);
		}
	} else if (strcmp(names[0], "libcuda.so") == 0) {
		evidence_libcuda1(c, f);
	} else if (!cds_startswith(names[0], "libcuda.so")) {
		a = cds_aptfix_for(c, names[0], NULL);
		if (a != NULL) {
			cds_aptfix_report(c, f, a);
		} else if (devlink_of(c->m, names[0])) {
			cds_finding_evidence(f, "what it is", "the development "
			    "link to the versioned library, which a link step "
			    "needs: " DEVLINK_CARRIED);
		} else if (part != NULL) {
			part_shipper(c, f, names[0], part);
		} else if (c->m == NULL ||
		    cds_manifest_soname(c->m, names[0]) == NULL ||
		    strcmp(cds_manifest_soname(c->m, names[0])->kind,
		    "cuda") == 0) {
			/* a TensorRT or NCCL soname is shipped by no CUDA
			 * release: its component says who ships it */
			evidence_cuda_shipper(c, f, names[0]);
		}
	}
	cds_aptfix_free(a);
	evidence_soname(c, f, names[0]);
	free(part);
}


/* The development link of the NVIDIA library whose C API function SYM
 * is, by the API's prefix (NULL: none of theirs). */
const char *
cds_explain_symbol_library(const char *sym)
{
	static const struct {
		const char *prefix, *lib;
	} apis[] = {
		{ "cudnn", "libcudnn.so" }, { "cublasLt", "libcublasLt.so" },
		{ "cublas", "libcublas.so" }, { "cusparse", "libcusparse.so" },
		{ "cusolver", "libcusolver.so" }, { "cufft", "libcufft.so" },
		{ "curand", "libcurand.so" }, { "nvrtc", "libnvrtc.so" },
		{ "nvJitLink", "libnvJitLink.so" }, { "nccl", "libnccl.so" },
		{ "nvml", "libnvidia-ml.so" }, { "cuda", "libcudart.so" },
	};
	size_t i;

	for (i = 0; i < sizeof(apis) / sizeof(apis[0]); i++) {
		if (strncmp(sym, apis[i].prefix, strlen(apis[i].prefix)) == 0) {
			return apis[i].lib;
		}
	}
	return NULL;
}

/* The file of soname NAME here: the one the loader finds, else where it
 * is installed out of the loader's sight (installed_where()).  A new path
 * or NULL; *ORIGIN says which. */
static char *
file_of(struct cds_rule_ctx *c, const char *name, const char **origin)
{
	struct cds_ld_found *fd = cds_loader_find(c->h, name, NULL, 0);
	char *path = NULL;

	cds_clearerr(c->h);
	if (fd != NULL && fd->path != NULL) {
		path = cds_xstrdup(fd->path);
		*origin = "found by the loader";
	} else {
		path = installed_where(c, name, origin);
	}
	cds_ld_found_free(fd);
	return path;
}

/*
 * DEV, a development link ("libcusolver.so") no file here has: is a
 * versioned library of the same name here (libcusolver.so.11, by the
 * soname table's rows)?  Then an error saying that the program opens the
 * link and only the versioned library is installed (DEVLINK_CARRIED).
 * Returns 1 when it added it.
 */
static int
only_versioned(struct cds_rule_ctx *c, const char *dev)
{
	const struct cds_soname *r;
	const char *origin = NULL;
	struct cds_finding *f;
	char *where = NULL;

	if (c->m == NULL || !devlink_of(c->m, dev)) {
		return 0;
	}
	for (r = cds_manifest_soname(c->m, dev); r != NULL && where == NULL;
	    r = cds_manifest_soname_next(c->m, r)) {
		if (!devlink_of(c->m, r->soname)) {
			where = file_of(c, r->soname, &origin);
		}
	}
	if (where == NULL) {
		return 0;
	}
	f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is not here, "
	    "%s is: the program opens the development link", dev,
	    cds_basename(where));
	cds_finding_evidence(f, "state", "only the versioned library "
	    "installed");
	cds_finding_evidence(f, "installed in", "%s", where);
	cds_finding_evidence(f, "origin", "%s", origin);
	cds_finding_evidence(f, "what it is", "%s is the development link "
	    "to the versioned library, which a link step needs: "
	    DEVLINK_CARRIED "; a program should open the versioned name",
	    dev);
	evidence_soname(c, f, cds_basename(where));
	free(where);
	return 1;
}

/*
 * The library the message could not open, MISSING (or each of LIST, for
 * "Unable to load any of {A, B...}"): is it found here, installed
 * elsewhere, or nowhere?  Evidence "state" says which; "origin" where it
 * is; for cuDNN the copies here and what the programs here need.
 */
void
cds_explain_check_missing(struct cds_rule_ctx *c, const char *id,
    const char *missing, const char *list)
{
	char **names;

	names = cds_strsplit(list != NULL ? list : missing, list != NULL ?
	    ", \t" : "", 0);
	if (!found_here(c, names) && !installed_elsewhere(c, names) &&
	    names[0] != NULL && (names[1] != NULL ||
	    !only_versioned(c, names[0]))) {
		not_installed(c, id, names);
	}
	cds_strfreev(names);
}

/* The major of soname NAME ("libcufft.so.12" 12, "libnvrtc.so.11.2" 11),
 * -1 for a development link. */
static int
soname_major(const char *name)
{
	char *v = cds_soname_version(name);
	int major = v != NULL ? atoi(v) : -1;

	free(v);
	return major;
}

/* Does LIST have a soname of major MAJOR? */
static int
has_major(char **list, int major)
{
	size_t i;

	for (i = 0; list[i] != NULL; i++) {
		if (soname_major(list[i]) == major) {
			return 1;
		}
	}
	return 0;
}

/*
 * A binding's list of names against the soname table: KNOWN (sonames,
 * "A, B", of one library: every name of the list, Windows' too)
 * says which releases the list knows; the table's sonames of releases it
 * has no name for (from the oldest release it names on) are shown; one
 * of the table's sonames that the names a program here opens,
 * CANDIDATES, do not reach and that is installed here is why the binding
 * found nothing (unless a name of the list is found here: the program
 * then ran elsewhere).  A list that reaches, on Linux, only the
 * development link says so.
 */
void
cds_explain_check_names(struct cds_rule_ctx *c, const char *candidates,
    const char *known)
{
	char **cand = cds_strsplit(candidates, ", ", 0);
	char **all = cds_strsplit(known != NULL ? known : candidates, ", ",
	    0);
	char *dev, *lacks = NULL, *here = NULL, *v;
	const struct cds_soname *r;
	const char *origin = NULL;
	struct cds_finding *f;
	int lowest = -1, versioned = 0, reached = 0;
	size_t i;

	if (cand[0] == NULL || c->m == NULL) {
		cds_strfreev(cand);
		cds_strfreev(all);
		return;
	}
	dev = cds_xasprintf("%.*s.so", (int)strcspn(cand[0], "."), cand[0]);
	for (i = 0; cand[i] != NULL; i++) {
		struct cds_ld_found *fd = reached ? NULL :
		    cds_loader_find(c->h, cand[i], NULL, 0);

		cds_clearerr(c->h);
		/* the binding would find it here: nothing else to blame */
		reached |= fd != NULL && fd->path != NULL;
		cds_ld_found_free(fd);
		versioned |= soname_major(cand[i]) >= 0;
	}
	/* the oldest major of the list that a release has */
	for (r = cds_manifest_soname(c->m, dev); r != NULL;
	    r = cds_manifest_soname_next(c->m, r)) {
		int major = soname_major(r->soname);

		if (major >= 0 && has_major(all, major) &&
		    (lowest < 0 || major < lowest)) {
			lowest = major;
		}
	}
	for (r = cds_manifest_soname(c->m, dev); r != NULL;
	    r = cds_manifest_soname_next(c->m, r)) {
		int major = soname_major(r->soname);

		if (major < 0 || strcmp(r->kind, "driver") == 0) {
			continue;
		}
		if (!has_major(all, major) && major > lowest) {
			v = lacks == NULL ? cds_xasprintf("%s (%s)",
			    r->soname, r->releases) : cds_xasprintf("%s, %s "
			    "(%s)", lacks, r->soname, r->releases);
			free(lacks);
			lacks = v;
		}
		if (here == NULL && !reached && !has_major(cand, major)) {
			here = file_of(c, r->soname, &origin);
		}
	}
	if (here != NULL) {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is "
		    "installed here, under a name the binding's list does "
		    "not reach", cds_basename(here));
		cds_finding_evidence(f, "state", "installed under a name the "
		    "list lacks");
		cds_finding_evidence(f, "installed in", "%s", here);
		cds_finding_evidence(f, "origin", "%s", origin);
		cds_finding_evidence(f, "the list reaches", "%s", candidates);
		evidence_soname(c, f, cds_basename(here));
	} else if (lacks != NULL || !versioned) {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE, "the "
		    "binding's list of names for %s", dev);
		cds_finding_evidence(f, "the list reaches", "%s", candidates);
	} else {
		f = NULL;
	}
	if (f != NULL && lacks != NULL) {
		cds_finding_evidence(f, "no name for", "%s", lacks);
	}
	if (f != NULL && !versioned) {
		cds_finding_evidence(f, "on Linux", "the list reaches only the "
		    "development link %s, which NVIDIA's runtime packages, "
		    "pip wheels and runtime images do not carry", dev);
	}
	free(here);
	free(lacks);
	free(dev);
	cds_strfreev(cand);
	cds_strfreev(all);
}

/* The path of library LIB here: as the message gives it when that file is
 * here, else the one the loader finds by its name; new, or NULL. */
static char *
library_here(struct cds_rule_ctx *c, const char *lib)
{
	struct cds_ld_found *fd;
	char *path = NULL, *host;

	if (lib[0] == '/' && strstr(lib, "...") == NULL) {
		host = cds_rpath(c->h, lib);
		if (cds_is_file(host)) {
			path = cds_xstrdup(lib);
		}
		free(host);
	}
	if (path == NULL) {
		fd = cds_loader_find(c->h, cds_basename(lib), NULL, 0);
		cds_clearerr(c->h);
		if (fd != NULL && fd->path != NULL) {
			path = cds_xstrdup(fd->path);
		}
		cds_ld_found_free(fd);
	}
	return path;
}

/*
 * The C or C++ runtime the message names, LIB ("/lib/x86_64-linux-gnu/
 * libc.so.6", or a name), against VERSION it says is missing
 * ("GLIBC_2.34", "GLIBCXX_3.4.30"): the file here (the path, else the
 * one the loader finds by its name), whether it defines that version,
 * and the newest of that kind it does define.
 */
void
cds_explain_check_libc(struct cds_rule_ctx *c, const char *lib,
    const char *version)
{
	struct cds_finding *f;
	struct cds_elf *e;
	char *path = library_here(c, lib), *host, *kind, *newest = NULL;
	char *const *defs;
	size_t i, kl;

	if (path == NULL) {
		return;	/* not here: from another machine */
	}
	host = cds_rpath(c->h, path);
	e = cds_elf_open(c->h, host);
	free(host);
	cds_clearerr(c->h);
	if (e == NULL) {
		free(path);
		return;
	}
	kl = strcspn(version, "_") + 1;
	kind = cds_xstrndup(version, kl);
	defs = cds_elf_verdefs(e);
	for (i = 0; defs[i] != NULL; i++) {
		if (strncmp(defs[i], kind, kl) == 0 &&
		    isdigit((unsigned char)defs[i][kl]) && (newest == NULL ||
		    cds_vercmp(defs[i] + kl, newest + kl) > 0)) {
			newest = defs[i];
		}
	}
	if (!cds_elf_defines_version(e, version)) {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s here "
		    "defines %s at newest, not %s", path, newest != NULL ?
		    newest : "no version of that kind", version);
		cds_finding_evidence(f, "state", "older than the library "
		    "needs");
	} else {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE, "%s here "
		    "defines %s", path, version);
		cds_finding_evidence(f, "state", "has the version");
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment or on another machine");
	}
	cds_finding_evidence(f, "file", "%s", path);
	cds_finding_evidence(f, "origin", "%s", strstr(path, "/bin/../lib/")
	    != NULL ? "conda env" : path_origin(c, path));
	free(kind);
	cds_elf_free(e);
	free(path);
}

/*
 * A library that asks for an executable stack (PT_GNU_STACK with PF_X):
 * from glibc 2.41 dlopen no longer makes the stack executable for it and
 * fails ("cannot enable executable stack as shared object requires:
 * Invalid argument"; glibc 2.41's NEWS).  The library here, read for its
 * request, and the C library here for its version.
 */
void
cds_explain_check_execstack(struct cds_rule_ctx *c, const char *lib)
{
	char *path = library_here(c, lib), *host, *glibc;
	struct cds_finding *f;
	struct stat st;
	int fd, stack;

	if (path == NULL) {
		return;	/* not here: from another machine */
	}
	host = cds_rpath(c->h, path);
	fd = cds_open_regular(host, &st);
	cds_clearerr(c->h);
	free(host);
	if (fd == -1) {
		free(path);
		return;
	}
	stack = cds_elf_fd_execstack(fd, (uint64_t)st.st_size);
	close(fd);
	glibc = cds_glibc_here(c->h);
	if (stack == 1 && glibc != NULL && cds_vercmp(glibc, "2.41") >= 0) {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s asks for "
		    "an executable stack, which the C library here (glibc %s) "
		    "no longer gives a library it opens", path, glibc);
		cds_finding_evidence(f, "state", "asks for an executable "
		    "stack, refused here");
	} else if (stack == 1) {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE, "%s asks for "
		    "an executable stack; the C library here (glibc %s) still "
		    "gives it: the failing program ran with glibc 2.41 or "
		    "newer", path, glibc != NULL ? glibc : "of unknown version");
		cds_finding_evidence(f, "state", "asks for an executable "
		    "stack, given here");
	} else {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE, "%s here "
		    "does not ask for an executable stack", path);
		cds_finding_evidence(f, "state", "no executable stack asked "
		    "for");
	}
	cds_finding_evidence(f, "file", "%s", path);
	cds_finding_evidence(f, "PT_GNU_STACK", "%s", stack == 1 ? "RWE (an "
	    "executable stack)" : stack == 0 ? "RW" : "none");
	if (stack == 1) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "a release of "
		    "the library built without the request, or clear it on "
		    "the file: patchelf --clear-execstack %s (patchelf 0.18 or "
		    "newer)", path);
	}
	free(glibc);
	free(path);
}

/* The library the message names as failing: load it here, by path, and
 * see whether it fails the same way: statically (the loader emulation),
 * and on this system also for real, in a child process that dlopens it
 * (what is loaded, not only what is installed). */
void
cds_explain_check_file(struct cds_rule_ctx *c,
    const struct cds_explanation *x, const char *path)
{
	const char *sym = cds_explain_capture(x, "symbol");
	struct cds_ld_resolution *r;
	struct cds_dlprobe *dp = NULL;
	struct cds_finding *f = NULL;
	char *host;
	size_t k;
	int ok;

	if (path[0] != '/' || strstr(path, "...") != NULL) {
		return;
	}
	host = cds_rpath(c->h, path);
	ok = cds_is_file(host);
	free(host);
	if (!ok) {
		return;	/* from another machine, or since removed */
	}
	r = cds_loader_resolve(c->h, path, 0);
	cds_clearerr(c->h);
	if (*cds_root(c->h) == '\0') {
		char *libs[2];

		libs[0] = (char *)path;
		libs[1] = NULL;
		dp = cds_dlprobe_run(c->h, libs, 0);
		cds_clearerr(c->h);
	}
	for (k = 0; r != NULL && k < r->nproblems && f == NULL; k++) {
		const struct cds_ld_problem *p = &r->problems[k];

		f = cds_finding_add(c, MSG_FILE, CDS_SEV_ERROR, "loading %s "
		    "here fails%s", path, sym != NULL && strstr(p->message,
		    sym) != NULL ? " the same way" : "");
		cds_finding_evidence(f, "loader says", "%s", p->message);
		if (p->provider != CDS_LD_NONE &&
		    r->objects[p->provider].found.path != NULL) {
			const struct cds_ld_found *fd =
			    &r->objects[p->provider].found;

			cds_finding_evidence(f, "bound to", "%s", fd->path);
			if (fd->how != NULL) {
				cds_finding_evidence(f, "found through", "%s",
				    fd->how);
			}
		}
	}
	if (dp != NULL && dp->nlibs > 0) {
		const struct cds_dlprobe_lib *l = &dp->libs[0];

		if (f == NULL && !l->ok) {
			f = cds_finding_add(c, MSG_FILE, CDS_SEV_ERROR,
			    "loading %s here fails", path);
		}
		if (f != NULL) {
			cds_finding_evidence(f, "dlopen here says", "%s",
			    l->ok ? "it loads" : l->error != NULL ? l->error :
			    "(no message)");
			for (k = 0; l->mapped[k] != NULL; k++) {
				if (strstr(l->mapped[k], "libcudnn") != NULL) {
					cds_finding_evidence(f, "mapped",
					    "%s", l->mapped[k]);
				}
			}
		}
	}
	if (f == NULL) {
		f = cds_finding_add(c, MSG_FILE, CDS_SEV_NOTE, "%s loads "
		    "cleanly here", path);
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment or on another machine");
	}
	cds_dlprobe_free(dp);
	cds_ld_resolution_free(r);
}

/* Is DIR on LD_LIBRARY_PATH in the loader's order here? */
static int
on_ld_library_path(const struct cds_rule_ctx *c, const char *dir)
{
	size_t i;

	for (i = 0; i < c->s->nsearchdirs; i++) {
		const struct cds_searchdir *d = &c->s->searchdirs[i];

		if (d->via != NULL && strcmp(d->via, "LD_LIBRARY_PATH") == 0 &&
		    cds_same_dir(c->h, d->dir, dir)) {
			return 1;
		}
	}
	return 0;
}

/* The cuDNN of the version the message says was loaded: where is it, and
 * does LD_LIBRARY_PATH put it first? */
void
cds_explain_check_runtime(struct cds_rule_ctx *c, const char *version)
{
	struct cds_finding *f = NULL;
	const struct cds_cudnn *first = NULL;
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		if (d->version != NULL && (cds_ver_has_prefix(d->version,
		    version) || cds_ver_has_prefix(version, d->version)) &&
		    on_ld_library_path(c, d->dir)) {
			first = d;
			break;
		}
	}
	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		if (d->version == NULL || (!cds_ver_has_prefix(d->version,
		    version) && !cds_ver_has_prefix(version, d->version))) {
			continue;
		}
		if (f == NULL && first != NULL) {
			f = cds_finding_add(c, MSG_CUDNN, CDS_SEV_WARNING,
			    "cuDNN %s, the version the message says was "
			    "loaded, is on LD_LIBRARY_PATH here: %s", version,
			    first->dir);
			cds_finding_evidence(f, "on LD_LIBRARY_PATH", "%s",
			    first->dir);
		} else if (f == NULL) {
			f = cds_finding_add(c, MSG_CUDNN, CDS_SEV_NOTE, "cuDNN "
			    "%s is installed here in %s", version, d->dir);
		}
		cds_finding_evidence(f, "copy", "%s (cuDNN %s, %s)", d->dir,
		    d->version, origin_word(d->origin));
	}
}

/* ------------------------------------------------------------------------ */
/* Checks the causes ask for: the driver, the framework's build              */
/* ------------------------------------------------------------------------ */

/* nvidia-persistenced's pid file (NVIDIA's nvpd_defs.h) */
#define PERSISTENCED_PID "/var/run/nvidia-persistenced/nvidia-persistenced.pid"

/* The driver as a CUDA program meets it: kernel module, libcuda.so.1 and
 * their versions, NVIDIA devices, a container.  An error when libraries
 * without a module, or libraries and module of different versions. */
void
cds_explain_check_driver(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	const char *lib = d->stub_path == NULL || !cds_streq(d->stub_path,
	    d->libcuda_path) ? d->libcuda_path : NULL;
	const struct cds_container *ct = &c->s->container;
	int container = cds_in_container(ct), mismatch;
	struct cds_finding *f;

	mismatch = d->module_version != NULL && d->libcuda_version != NULL &&
	    strcmp(d->module_version, d->libcuda_version) != 0;
	if (d->module_version == NULL && lib != NULL) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR, "the NVIDIA "
		    "driver's libraries are installed (%s) but no NVIDIA "
		    "kernel module is loaded: CUDA cannot run", lib);
	} else if (d->module_version == NULL && container) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR, "no NVIDIA "
		    "kernel module is visible in this container");
	} else if (mismatch) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR,
		    "libcuda.so.1 is version %s, the kernel module %s",
		    d->libcuda_version, d->module_version);
	} else {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_NOTE,
		    "kernel module %s, libcuda.so.1 %s",
		    d->module_version != NULL ? d->module_version : "none",
		    lib != NULL ? lib : "not found");
	}
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "kernel module", "%s",
		    d->module_version);
	} else {
		cds_finding_evidence(f, "kernel module", "none loaded "
		    "(/proc/driver/nvidia/version is absent)");
	}
	if (lib != NULL) {
		cds_finding_evidence(f, "libcuda.so.1", "%s%s%s%s", lib,
		    d->libcuda_version != NULL ? " (version " : "",
		    d->libcuda_version != NULL ? d->libcuda_version : "",
		    d->libcuda_version != NULL ? ")" : "");
	} else {
		cds_finding_evidence(f, "libcuda.so.1", "%s", d->stub_path !=
		    NULL ? "only a stub" : "not found by the loader");
	}
	cds_finding_evidence(f, "NVIDIA PCI devices", "%d", c->s->nvidia_pci);
	if (mismatch) {
		cds_finding_evidence(f, "mismatch", "libcuda.so.1 %s, kernel "
		    "module %s", d->libcuda_version, d->module_version);
	}
	if (container) {
		cds_finding_evidence(f, "container", "%s (%s)", ct->runtime,
		    ct->nevidence > 0 ? ct->evidence[0].value : "");
	}
}

void
cds_explain_check_persistenced(struct cds_rule_ctx *c, const char *shows)
{
	const struct cds_driver *d = &c->s->driver;
	char *pid;
	struct cds_finding *f;
	int running;

	if (d->module_version == NULL || cds_in_container(&c->s->container)) {
		return;		/* no driver, or the host's daemon unseen */
	}
	pid = cds_daemon_pid(c->h, PERSISTENCED_PID, "nvidia-persistenced");
	running = pid != NULL;
	f = cds_finding_add(c, MSG_DRIVER, strcmp(shows, running ?
	    "running," : "stopped") == 0 ? CDS_SEV_WARNING : CDS_SEV_NOTE,
	    running ? "nvidia-persistenced is running and keeps the driver's "
	    "devices open" : "nvidia-persistenced is not running");
	if (running) {
		cds_finding_evidence(f, "nvidia-persistenced", "running, pid %s",
		    pid);
	} else {
		cds_finding_evidence(f, "nvidia-persistenced", "stopped: no "
		    "live process in its pid file (/var/run/"
		    "nvidia-persistenced/nvidia-persistenced.pid)");
	}
	free(pid);
}

/* F27: the torch builds here; a CPU-only one is the cause, with how that
 * is known and whether conda saw a driver. */
void
cds_explain_build_cpu(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, torches = 0;

	for (i = 0; i < n; i++) {
		const struct cds_package *p = pk[i].p;
		const char *how = cpu_only(p);
		struct cds_finding *f;
		char *who;

		if (p->kind != CDS_FW_TORCH) {
			continue;
		}
		torches++;
		who = pkg_name(&pk[i]);
		if (how == NULL) {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE,
			    "%s is %s%s", who, pkg_cuda(p) != NULL ?
			    "built for CUDA " : "a build whose CUDA version "
			    "is not known here", pkg_cuda(p) != NULL ?
			    pkg_cuda(p) : "");
			cds_finding_evidence(f, "build", "%s%s", pkg_cuda(p) !=
			    NULL ? "CUDA " : "unknown", pkg_cuda(p) != NULL ?
			    pkg_cuda(p) : "");
			free(who);
			continue;
		}
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is a "
		    "CPU-only build", who);
		cds_finding_evidence(f, "build", "CPU-only: %s", how);
		cds_finding_evidence(f, "installed by", "%s", p->from_conda ?
		    "conda" : p->location != NULL && cds_startswith(p->location,
		    "/usr/lib/python3/dist-packages") ? "the distribution" :
		    "pip");
		cds_finding_evidence(f, "driver", "%s", d->module_version !=
		    NULL ? "kernel module loaded" : d->libcuda_path != NULL ?
		    "libcuda.so.1 without a kernel module" : "none seen (no "
		    "kernel module, no libcuda.so.1)");
		free(who);
	}
	if (torches == 0) {
		cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE, "no PyTorch is "
		    "installed here");
	}
	free(pk);
}

/* F14: the onnxruntime package is the CPU one when an env has it and not
 * onnxruntime-gpu (pip's names; conda's builds are told by their own). */
void
cds_explain_build_ort(struct cds_rule_ctx *c)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, k;

	for (i = 0; i < n; i++) {
		struct cds_finding *f;
		char *who;
		int gpu = 0;

		if (strcmp(pk[i].p->name, "onnxruntime") != 0 ||
		    pk[i].p->from_conda) {
			continue;
		}
		for (k = 0; k < n; k++) {
			if (pk[k].env == pk[i].env &&
			    strcmp(pk[k].p->name, "onnxruntime-gpu") == 0) {
				gpu = 1;
			}
		}
		if (gpu) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is the "
		    "CPU package: the CUDA provider is in onnxruntime-gpu",
		    who);
		cds_finding_evidence(f, "build", "CPU-only: the onnxruntime "
		    "package, not onnxruntime-gpu");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "pip uninstall "
		    "onnxruntime && pip install onnxruntime-gpu");
		free(who);
	}
	free(pk);
}

/* F16 with PyTorch's "(found version 11040)": which frameworks here need
 * a newer CUDA than the driver that printed it runs. */
void
cds_explain_build_driver(struct cds_rule_ctx *c, const char *runs)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;

	for (i = 0; i < n; i++) {
		const char *cuda = pkg_cuda(pk[i].p);
		struct cds_finding *f;
		char *who;

		if (pk[i].p->kind == CDS_FW_OTHER || cuda == NULL ||
		    cds_vercmp(cuda, runs) <= 0) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is built "
		    "for CUDA %s; the driver the message names runs CUDA %s "
		    "at most", who, cuda, runs);
		cds_finding_evidence(f, "built for", "CUDA %s", cuda);
		cds_finding_evidence(f, "driver runs", "CUDA %s (as the "
		    "message says)", runs);
		free(who);
	}
	free(pk);
}

/* TORCH-ABI: which PyTorch is installed here, for the reader. */
void
cds_explain_build_torch(struct cds_rule_ctx *c)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;

	for (i = 0; i < n; i++) {
		struct cds_finding *f;
		char *who;

		if (pk[i].p->kind != CDS_FW_TORCH) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE, "%s is the "
		    "PyTorch installed there", who);
		cds_finding_evidence(f, "package", "%s", who);
		free(who);
	}
	free(pk);
}

/* BNB-BINARY: the native libraries each bitsandbytes here ships, and
 * whether the one the message looked for (WANTED) is among them. */
void
cds_explain_build_bnb(struct cds_rule_ctx *c, const char *wanted)
{
	struct cds_strv sites = {0};
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;
	char **site;

	for (i = 0; i < c->s->nenvs; i++) {
		if (c->s->envs[i].site_packages != NULL &&
		    !cds_strv_contains(&sites, c->s->envs[i].site_packages)) {
			cds_strv_push(&sites, c->s->envs[i].site_packages);
		}
	}
	for (i = 0; i < n; i++) {
		if (pk[i].env == NULL && pk[i].p->location != NULL &&
		    !pk[i].p->from_conda &&
		    !cds_strv_contains(&sites, pk[i].p->location)) {
			cds_strv_push(&sites, pk[i].p->location);
		}
	}
	free(pk);
	for (site = sites.v; site != NULL && *site != NULL; site++) {
		char *dir = cds_path_join(*site, "bitsandbytes");
		char *pat = cds_path_join(dir, "libbitsandbytes_cuda*.so");
		char **libs = cds_root_glob(c->h, pat), **l;
		struct cds_buf has = {0};
		struct cds_finding *f;
		int found = 0;

		free(pat);
		if (!cds_root_isdir(c->h, dir)) {
			cds_strfreev(libs);
			free(dir);
			continue;
		}
		for (l = libs; *l != NULL; l++) {
			cds_buf_addf(&has, "%s%s", has.len > 0 ? ", " : "",
			    cds_basename(*l));
			found |= wanted != NULL &&
			    strcmp(cds_basename(*l), wanted) == 0;
		}
		if (wanted != NULL && !found) {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR,
			    "bitsandbytes in %s has no %s", *site, wanted);
			cds_finding_evidence(f, "lacks", "%s", wanted);
		} else {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE,
			    "bitsandbytes in %s", *site);
		}
		cds_finding_evidence(f, "has", "%s", has.len > 0 ? has.s :
		    "no libbitsandbytes_cuda*.so");
		cds_buf_free(&has);
		cds_strfreev(libs);
		free(dir);
	}
	cds_strv_clear(&sites);
}

/* The major /proc/devices gives NAME ("234 nvidia-caps-imex-channels"),
 * or -1. */
static long
char_major(const char *devices, const char *name)
{
	const char *p;
	size_t n = strlen(name);

	for (p = devices; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL) {
		char *end;
		long major = strtol(p, &end, 10);

		if (end != p && *end == ' ' && strncmp(end + 1, name, n) == 0 &&
		    (end[1 + n] == '\n' || end[1 + n] == '\0')) {
			return major;
		}
	}
	return -1;
}

/* NVIDIA's IMEX guide (docs.nvidia.com/multi-node-nvlink-systems/
 * imex-guide, imexchannels.html): a process imports or exports memory
 * with a fabric handle only through a channel it can open,
 * /dev/nvidia-caps-imex-channels/channelN, a character device of the
 * major the driver registers as nvidia-caps-imex-channels; the driver
 * makes none by default. */
void
cds_explain_check_imex(struct cds_rule_ctx *c)
{
	char **names = cds_root_listdir(c->h, "/dev/nvidia-caps-imex-channels");
	char *devices = cds_root_read_file(c->h, "/proc/devices", 1u << 16,
	    NULL);
	struct cds_buf b = {0};
	struct cds_finding *f;
	long major = devices != NULL ? char_major(devices,
	    "nvidia-caps-imex-channels") : -1;
	size_t i, n = 0;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		if (strncmp(names[i], "channel", 7) == 0) {
			cds_buf_addf(&b, "%s%s", n++ > 0 ? ", " : "", names[i]);
		}
	}
	if (n == 0) {
		f = cds_finding_add(c, "MSG-IMEX", CDS_SEV_WARNING, "no IMEX "
		    "channel here: memory with a fabric handle cannot be made "
		    "or imported");
		cds_finding_evidence(f, "IMEX channels", "none (%s)",
		    cds_root_isdir(c->h, "/dev/nvidia-caps-imex-channels") ?
		    "/dev/nvidia-caps-imex-channels is empty" :
		    "no /dev/nvidia-caps-imex-channels");
	} else {
		f = cds_finding_add(c, "MSG-IMEX", CDS_SEV_NOTE, "IMEX "
		    "channels here: %s", b.s);
		cds_finding_evidence(f, "IMEX channels", "%s "
		    "(/dev/nvidia-caps-imex-channels)", b.s);
	}
	if (major >= 0) {
		cds_finding_evidence(f, "/proc/devices",
		    "nvidia-caps-imex-channels, major %ld", major);
	} else {
		cds_finding_evidence(f, "/proc/devices", devices != NULL ?
		    "no nvidia-caps-imex-channels: the driver registered no "
		    "IMEX channels (no NVIDIA driver, or one older than IMEX)" :
		    "not readable here");
	}
	if (n == 0) {
		if (major >= 0) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on a "
			    "multi-node NVLink system: sudo mkdir -p "
			    "/dev/nvidia-caps-imex-channels && sudo mknod "
			    "/dev/nvidia-caps-imex-channels/channel0 c %ld 0 "
			    "(pass it into the container), and run the IMEX "
			    "service", major);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on a "
			    "multi-node NVLink system: create a channel "
			    "(/dev/nvidia-caps-imex-channels/channel0, the "
			    "major /proc/devices gives "
			    "nvidia-caps-imex-channels), pass it into the "
			    "container, and run the IMEX service; elsewhere, "
			    "the program's setting for memory without a fabric "
			    "handle");
		}
	}
	cds_buf_free(&b);
	free(devices);
	cds_strfreev(names);
}

/* Arch's headers package of kernel release K, by its flavour's suffix
 * ("6.2.1-zen1-1-zen": linux-zen-headers; archinstall#585: the headers
 * of each kernel package installed). */
static const char *
arch_headers(const char *k)
{
	static const char *const flavours[][2] = {
		{ "-zen", "linux-zen-headers" }, { "-lts", "linux-lts-headers" },
		{ "-hardened", "linux-hardened-headers" },
	};
	size_t i;

	for (i = 0; i < sizeof(flavours) / sizeof(flavours[0]); i++) {
		if (cds_endswith(k, flavours[i][0])) {
			return flavours[i][1];
		}
	}
	return "linux-headers";
}

/* The command of this system's package manager (told by its database
 * under the root) that installs the package of its family: DEB for
 * dpkg's, RPM for rpm's (dnf), ARCH for pacman's; and the one that
 * removes it again.  0 (nothing added) where none is known. */
static int
sys_pkg_fix(struct cds_rule_ctx *c, struct cds_finding *f, const char *deb,
    const char *rpm, const char *arch)
{
	const char *mgr = NULL, *verb = "install", *undo = "remove";
	const char *name = NULL;
	struct cds_strv w = {0}, u = {0};
	char *pacdb = cds_pacman_db(c->h, "local");
	int pacman = cds_root_isdir(c->h, pacdb);

	free(pacdb);
	if (cds_root_is_file(c->h, "/var/lib/dpkg/status")) {
		mgr = "apt-get";
		name = deb;
	} else if (cds_root_isdir(c->h, "/var/lib/rpm") ||
	    cds_root_isdir(c->h, "/usr/lib/sysimage/rpm")) {
		mgr = "dnf";
		name = rpm;
	} else if (pacman) {
		mgr = "pacman";
		verb = "-S";
		undo = "-R";
		name = arch;
	}
	if (mgr == NULL || name == NULL) {
		return 0;
	}
	cds_strv_push(&w, "sudo");
	cds_strv_push(&w, mgr);
	cds_strv_push(&w, verb);
	cds_strv_push(&w, name);
	cds_strv_push(&u, "sudo");
	cds_strv_push(&u, mgr);
	cds_strv_push(&u, undo);
	cds_strv_push(&u, name);
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	cds_finding_evidence(f, "package", "%s (%s)", name, mgr);
	return 1;
}

/* The headers of kernel K (PKG: the package the message named). */
static void
kheaders_fix(struct cds_rule_ctx *c, struct cds_finding *f, const char *k,
    const char *pkg)
{
	char *deb = pkg != NULL ? cds_xstrdup(pkg) :
	    cds_xasprintf("linux-headers-%s", k);
	char *rpm = cds_xasprintf("kernel-devel-%s", k);

	if (!sys_pkg_fix(c, f, deb, rpm, arch_headers(k))) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install the "
		    "headers package of kernel %s with the distribution's "
		    "package manager", k);
	}
	free(rpm);
	free(deb);
}

/* The version of the toolkit of program PATH (its bin/ directory's
 * parent) among scan S's, or NULL. */
static const char *
toolkit_of(const struct cds_rule_ctx *c, const char *path)
{
	char *real = cds_realpath_in_root(c->h, path), *bin, *top;
	const char *v = NULL;
	size_t i;

	if (real == NULL) {
		return NULL;
	}
	bin = cds_dirname(real);
	top = cds_dirname(bin);
	for (i = 0; i < c->s->ntoolkits; i++) {
		if (cds_streq(c->s->toolkits[i].realpath, top)) {
			v = c->s->toolkits[i].version;
		}
	}
	free(top);
	free(bin);
	free(real);
	return v;
}

void
cds_explain_check_ptxas(struct cds_rule_ctx *c)
{
	char **all = cds_which_all(c->h, "ptxas");
	const struct cds_toolkit *newer = NULL;
	const char *v;
	struct cds_finding *f;
	size_t i;

	if (all[0] == NULL) {
		cds_strfreev(all);
		return;
	}
	v = toolkit_of(c, all[0]);
	for (i = 0; v != NULL && i < c->s->ntoolkits; i++) {
		const struct cds_toolkit *t = &c->s->toolkits[i];

		if (t->exists && t->has_nvcc && t->version != NULL &&
		    cds_vercmp(t->version, v) > 0 && (newer == NULL ||
		    cds_vercmp(t->version, newer->version) > 0)) {
			newer = t;
		}
	}
	if (newer != NULL) {
		f = cds_finding_add(c, "MSG-PTXAS", CDS_SEV_WARNING, "the "
		    "ptxas first on PATH is CUDA %s's; CUDA %s is installed "
		    "too", v, newer->version);
		cds_finding_evidence(f, "state", "older first");
		cds_finding_evidence(f, "newer", "%s (CUDA %s)", newer->path,
		    newer->version);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "export "
		    "PATH=%s/bin:$PATH (TRITON_PTXAS_PATH=%s/bin/ptxas for "
		    "Triton)", newer->path, newer->path);
	} else {
		f = cds_finding_add(c, "MSG-PTXAS", CDS_SEV_NOTE, "the ptxas "
		    "first on PATH is %s%s%s", v != NULL ? "CUDA " : "of an "
		    "unknown release", v != NULL ? v : "", v != NULL ? "'s, "
		    "the newest installed here" : "");
		cds_finding_evidence(f, "state", "newest");
	}
	cds_finding_evidence(f, "first on PATH", "%s", all[0]);
	cds_strfreev(all);
}

/* The first of NAMES on PATH: a finding ID whose "state" is "found" (a
 * note) or "none" (a warning, with this system's package manager's
 * command for DEB, RPM or ARCH's package); KIND says what it is ("C++",
 * "C"). */
static void
check_compiler(struct cds_rule_ctx *c, const char *id, const char *kind,
    const char *const *names, const char *deb, const char *rpm,
    const char *arch)
{
	struct cds_finding *f;
	struct cds_buf looked = { 0 };
	char **all = NULL, *s;
	size_t i;

	for (i = 0; names[i] != NULL && (all == NULL || all[0] == NULL);
	    i++) {
		cds_strfreev(all);
		all = cds_which_all(c->h, names[i]);
	}
	if (all[0] != NULL) {
		f = cds_finding_add(c, id, CDS_SEV_NOTE, "a %s compiler is on "
		    "PATH here: %s", kind, all[0]);
		cds_finding_evidence(f, "state", "found");
		cds_strfreev(all);
		return;
	}
	cds_strfreev(all);
	f = cds_finding_add(c, id, CDS_SEV_WARNING, "no %s compiler is on "
	    "PATH here", kind);
	cds_finding_evidence(f, "state", "none");
	for (i = 0; names[i] != NULL; i++) {
		cds_buf_addf(&looked, "%s%s", i > 0 ? ", " : "", names[i]);
	}
	s = cds_buf_steal(&looked);
	cds_finding_evidence(f, "looked for", "%s on PATH", s);
	free(s);
	if (!sys_pkg_fix(c, f, deb, rpm, arch)) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install the "
		    "distribution's %s compiler with its package manager", kind);
	}
}

void
cds_explain_check_hostcc(struct cds_rule_ctx *c)
{
	static const char *const names[] = { "g++", "c++", "clang++", NULL };

	check_compiler(c, "MSG-HOSTCC", "C++", names, "g++", "gcc-c++", "gcc");
}

void
cds_explain_check_cc(struct cds_rule_ctx *c)
{
	/* what Triton's build looks for when CC is not set
	 * (triton/runtime/build.py) */
	static const char *const names[] = { "gcc", "clang", NULL };
	const char *cc = cds_getenv(c->h, "CC");
	struct cds_finding *f;

	/* CC names the compiler Triton runs before any on PATH */
	if (cc != NULL && *cc != '\0') {
		f = cds_finding_add(c, "MSG-CC", CDS_SEV_NOTE, "CC names the C "
		    "compiler here: %s", cc);
		cds_finding_evidence(f, "state", "found");
		return;
	}
	check_compiler(c, "MSG-CC", "C", names, "gcc", "gcc", "gcc");
}

void
cds_explain_check_kheaders(struct cds_rule_ctx *c, const char *kernel,
    const char *pkg)
{
	char *running = cds_root_read_file(c->h, "/proc/sys/kernel/osrelease",
	    4096, NULL), *build, *mods;
	const char *k = kernel;
	struct cds_finding *f;

	if (running != NULL) {
		running[strcspn(running, "\n")] = '\0';
	}
	if (k == NULL && (k = running) == NULL) {
		return;
	}
	build = cds_xasprintf("/lib/modules/%s/build", k);
	mods = cds_xasprintf("/lib/modules/%s", k);
	if (!cds_streq(k, running) && !cds_root_isdir(c->h, mods)) {
		/* neither running nor installed here: another machine's */
		f = cds_finding_add(c, "MSG-KHEADERS", CDS_SEV_NOTE, "kernel %s "
		    "is not installed here", k);
		cds_finding_evidence(f, "state", "another kernel");
	} else if (cds_root_isdir(c->h, build)) {
		f = cds_finding_add(c, "MSG-KHEADERS", CDS_SEV_NOTE, "the "
		    "headers of kernel %s are installed here", k);
		cds_finding_evidence(f, "state", "installed");
	} else {
		f = cds_finding_add(c, "MSG-KHEADERS", CDS_SEV_WARNING, "the "
		    "headers of kernel %s are not installed here", k);
		cds_finding_evidence(f, "state", "missing");
		kheaders_fix(c, f, k, pkg);
	}
	cds_finding_evidence(f, "kernel", "%s (%s)", k, kernel == NULL ?
	    "the running one, /proc/sys/kernel/osrelease" : "as the message "
	    "names it");
	cds_finding_evidence(f, "looked for", "%s", build);
	free(mods);
	free(build);
	free(running);
}

void
cds_explain_check_disk(struct cds_rule_ctx *c)
{
	const char *tmp = cds_getenv(c->h, "TMPDIR");
	const char *dir = tmp != NULL && *tmp == '/' ? tmp : "/tmp";
	char *host = cds_rpath_follow(c->h, dir);
	unsigned long long size, avail;
	struct cds_finding *f;
	struct statvfs sv;

	if (host == NULL || *host == '\0' || statvfs(host, &sv) != 0 ||
	    sv.f_blocks == 0) {
		free(host);
		return;
	}
	size = (unsigned long long)sv.f_blocks * sv.f_frsize;
	avail = (unsigned long long)sv.f_bavail * sv.f_frsize;
	if (avail * 100 < size) {
		f = cds_finding_add(c, "MSG-DISK", CDS_SEV_WARNING, "the "
		    "temporary directory %s is full: %llu MiB free of %llu "
		    "MiB", dir, avail >> 20, size >> 20);
		cds_finding_evidence(f, "state", "full");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "free room in "
		    "%s, or point the download elsewhere: TMPDIR=<a directory "
		    "with room> (pip: and --no-cache-dir, or PIP_CACHE_DIR)",
		    dir);
	} else {
		f = cds_finding_add(c, "MSG-DISK", CDS_SEV_NOTE, "the "
		    "temporary directory %s has %llu MiB free of %llu MiB",
		    dir, avail >> 20, size >> 20);
		cds_finding_evidence(f, "state", "room");
		cds_finding_evidence(f, "when it failed", "a download that "
		    "failed is deleted: a directory with little room in all "
		    "(a tmpfs /tmp) may be what filled");
	}
	cds_finding_evidence(f, "which", "%s (%s)", dir, tmp != NULL &&
	    *tmp == '/' ? "TMPDIR" : "the default; TMPDIR is not set");
	free(host);
}

void
cds_explain_check_shm(struct cds_rule_ctx *c)
{
	char *opts;
	long long kib = cds_shm_size_kib(c->h, &opts);
	struct cds_finding *f;

	if (kib < 0) {
		free(opts);
		return;
	}
	if (kib <= 64 * 1024) {
		/* Docker's and Podman's default (--shm-size) */
		f = cds_finding_add(c, "MSG-SHM", CDS_SEV_WARNING, "/dev/shm "
		    "here is %lld MiB, a container engine's default", kib /
		    1024);
		cds_finding_evidence(f, "state", "small");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "start the "
		    "container with --shm-size=1g (or --ipc=host); in "
		    "Kubernetes mount an emptyDir of medium Memory at "
		    "/dev/shm");
	} else {
		f = cds_finding_add(c, "MSG-SHM", CDS_SEV_NOTE, "/dev/shm "
		    "here is %lld MiB", kib / 1024);
		cds_finding_evidence(f, "state", "size");
	}
	cds_finding_evidence(f, "mount", "tmpfs on /dev/shm, %s "
	    "(/proc/self/mountinfo)", opts);
	cds_finding_evidence(f, "where", "%s", cds_in_container(
	    &c->s->container) ? "this container: the program's, if it ran "
	    "here" : "this machine; a container there has its own");
	free(opts);
}

void
cds_explain_check_counters(struct cds_rule_ctx *c)
{
	char *text = cds_root_read_file(c->h, "/proc/driver/nvidia/params",
	    1u << 16, NULL);
	const char *p = text != NULL ? strstr(text, "RmProfilingAdminOnly:") :
	    NULL;
	struct cds_finding *f;
	int only;

	if (p == NULL) {
		free(text);
		return;
	}
	only = atoi(p + strlen("RmProfilingAdminOnly:"));
	if (only != 0) {
		f = cds_finding_add(c, "MSG-PROFILING", CDS_SEV_WARNING, "the "
		    "driver lets only administrators read the GPU's "
		    "performance counters");
		cds_finding_evidence(f, "state", "restricted");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "echo 'options "
		    "nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
		    "/etc/modprobe.d/nvidia-profiling.conf, then rebuild the "
		    "initramfs and reboot (or run the profiler as root)");
	} else {
		f = cds_finding_add(c, "MSG-PROFILING", CDS_SEV_NOTE, "the "
		    "driver lets every user read the GPU's performance "
		    "counters");
		cds_finding_evidence(f, "state", "open");
		cds_finding_evidence(f, "in a container", "the profiler "
		    "needs the SYS_ADMIN capability there too "
		    "(--cap-add=SYS_ADMIN)");
	}
	cds_finding_evidence(f, "module parameter", "RmProfilingAdminOnly: "
	    "%d (/proc/driver/nvidia/params)", only);
	free(text);
}

void
cds_explain_check_nvcc(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	const struct cds_toolkit *best = NULL;
	struct cds_finding *f;
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];

		if (!t->exists || !t->has_nvcc) {
			continue;
		}
		cds_buf_addf(&b, "%s%s (CUDA %s)", b.len > 0 ? ", " : "",
		    t->path, t->version != NULL ? t->version : "?");
		/* the default link's first, else the newest */
		if (best == NULL || t->is_default || (!best->is_default &&
		    t->version != NULL && (best->version == NULL ||
		    cds_vercmp(t->version, best->version) > 0))) {
			best = t;
		}
	}
	if (s->nvcc_path != NULL) {
		f = cds_finding_add(c, "MSG-NVCC", CDS_SEV_NOTE, "nvcc is on "
		    "PATH here: %s", s->nvcc_path);
		cds_finding_evidence(f, "state", "on PATH");
		if (s->nvcc_toolkit != NULL) {
			cds_finding_evidence(f, "its toolkit", "%s",
			    s->nvcc_toolkit);
		}
		cds_finding_evidence(f, "where the build ran", "a build that "
		    "found none ran with another PATH (a service, a container, "
		    "sudo's secure_path, pip's isolated build environment)");
	} else if (best != NULL) {
		f = cds_finding_add(c, "MSG-NVCC", CDS_SEV_WARNING, "no nvcc "
		    "is on PATH here; %s has one", best->path);
		cds_finding_evidence(f, "state", "not on PATH");
		cds_finding_evidence(f, "toolkits with nvcc", "%s", b.s);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "export "
		    "CUDA_HOME=%s PATH=%s/bin:$PATH", best->path, best->path);
	} else {
		f = cds_finding_add(c, "MSG-NVCC", CDS_SEV_ERROR, "no CUDA "
		    "toolkit with nvcc is installed here");
		cds_finding_evidence(f, "state", "no toolkit");
		cds_finding_evidence(f, "looked in", "/usr/local/cuda, "
		    "/usr/local/cuda-*, /opt/cuda*, /opt/nvidia/cuda-*, "
		    "CUDA_HOME, CUDA_PATH, PATH");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "cudnn-setup "
		    "install --cuda VERSION (the release the framework was "
		    "built with), then eval \"$(cudnn-setup env "
		    "cuda-VERSION)\"");
	}
	cds_buf_free(&b);
}

/* Add DIR/SUB (as found) to DIRS when DIR/SUB/NAME is there (DIR, SUB
 * target path parts, SUB globbed: "targets/ * /include"), once per file
 * (SEEN: the files' resolved paths; a toolkit's include/ is a link to
 * targets/x86_64-linux/include). */
static void
header_in(struct cds_rule_ctx *c, struct cds_strv *dirs,
    struct cds_strv *seen, const char *dir, const char *sub, const char *name)
{
	char *pat = cds_xasprintf("%s/%s/%s", dir, sub, name);
	char **hits = cds_root_glob(c->h, pat);
	size_t i;

	for (i = 0; hits[i] != NULL; i++) {
		char *real;

		if (!cds_root_is_file(c->h, hits[i])) {
			continue;
		}
		real = cds_realpath_in_root(c->h, hits[i]);
		if (real == NULL || cds_strv_contains(seen, real)) {
			free(real);
			continue;
		}
		cds_strv_push_owned(seen, real);
		/* the directory to include from: "cuda/std/utility" is
		 * found from include/cccl, not from its own directory */
		cds_strv_push_owned(dirs, cds_xstrndup(hits[i],
		    strlen(hits[i]) - strlen(name) - 1));
	}
	cds_strfreev(hits);
	free(pat);
}

/* The Debian package of row H for this release of Debian ("bookworm"):
 * a word "bullseye,bookworm,trixie:nvidia-cuda-dev" of its column that
 * lists SUITE; NULL when none does. */
static char *
header_deb(const struct cds_nv_header *h, const char *suite)
{
	char **words, *r = NULL;
	size_t i;

	if (h->debian == NULL || suite == NULL) {
		return NULL;
	}
	words = cds_strsplit(h->debian, " ", 0);
	for (i = 0; words[i] != NULL && r == NULL; i++) {
		char *colon = strchr(words[i], ':'), **suites;
		size_t k;

		if (colon == NULL) {
			continue;
		}
		*colon = '\0';
		suites = cds_strsplit(words[i], ",", 0);
		for (k = 0; suites[k] != NULL; k++) {
			if (strcmp(suites[k], suite) == 0) {
				r = cds_xstrdup(colon + 1);
				break;
			}
		}
		cds_strfreev(suites);
	}
	cds_strfreev(words);
	return r;
}

void
cds_explain_check_header(struct cds_rule_ctx *c, const char *name)
{
	const struct cds_nv_header *h = cds_nv_header(name);
	const struct cds_scan *s = c->s;
	struct cds_strv dirs = {0}, seen = {0};
	struct cds_finding *f;
	char **sites, *all, *suite, *deb;
	size_t i, k;

	if (h == NULL) {
		return;
	}
	/* the toolkits (the default link's first), the distribution's
	 * /usr/include, the envs' own and their pip wheels', the system
	 * Python's wheels' */
	for (k = 0; k < 2; k++) {
		for (i = 0; i < s->ntoolkits; i++) {
			const struct cds_toolkit *t = &s->toolkits[i];

			if (t->exists && t->is_default == (k == 0)) {
				header_in(c, &dirs, &seen, t->path, "include",
				    name);
				header_in(c, &dirs, &seen, t->path,
				    "targets/*/include", name);
				/* CCCL's, since CUDA 13 */
				header_in(c, &dirs, &seen, t->path,
				    "include/cccl", name);
				header_in(c, &dirs, &seen, t->path,
				    "targets/*/include/cccl", name);
			}
		}
	}
	header_in(c, &dirs, &seen, "/usr", "include", name);
	for (i = 0; i < s->nenvs; i++) {
		const struct cds_env *e = &s->envs[i];

		header_in(c, &dirs, &seen, e->prefix, "include", name);
		header_in(c, &dirs, &seen, e->prefix, "targets/*/include",
		    name);
		if (e->site_packages != NULL) {
			header_in(c, &dirs, &seen, e->site_packages,
			    "nvidia/*/include", name);
			header_in(c, &dirs, &seen, e->site_packages,
			    "nvidia/*/include/cccl", name);
		}
	}
	sites = cds_system_sites(c->h);
	for (i = 0; sites[i] != NULL; i++) {
		header_in(c, &dirs, &seen, sites[i], "nvidia/*/include", name);
	}
	cds_strfreev(sites);

	if (dirs.n > 0) {
		struct cds_buf b = {0};

		for (i = 0; i < dirs.n; i++) {
			cds_buf_addf(&b, "%s%s", i > 0 ? ", " : "", dirs.v[i]);
		}
		all = cds_buf_steal(&b);
		f = cds_finding_add(c, "MSG-HEADER", CDS_SEV_WARNING, "%s is "
		    "installed here, in %s, where the build did not look",
		    name, dirs.v[0]);
		cds_finding_evidence(f, "state", "elsewhere");
		cds_finding_evidence(f, "found in", "%s", all);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "export CPATH=%s"
		    "${CPATH:+:$CPATH} (or -I%s; for a toolkit's, CUDA_HOME "
		    "naming it), then build again", dirs.v[0], dirs.v[0]);
		free(all);
	} else {
		f = cds_finding_add(c, "MSG-HEADER", CDS_SEV_ERROR, "%s is "
		    "installed nowhere here", name);
		cds_finding_evidence(f, "state", "absent");
		cds_finding_evidence(f, "looked in", "the toolkits' include, "
		    "targets/*/include and include/cccl, /usr/include, the "
		    "environments' include, targets/*/include and "
		    "site-packages/nvidia/*/include");
	}
	if (h->component != NULL) {
		cds_finding_evidence(f, "component", "%s", h->component);
	}
	if (h->pip != NULL) {
		cds_finding_evidence(f, "pip wheel", "%s (its RECORD lists "
		    "%s%s)", h->pip, h->name,
		    strchr(h->name, '/') != NULL ? "..." : "");
	}
	if (h->debian != NULL) {
		cds_finding_evidence(f, "Debian packages", "%s", h->debian);
	}
	if (dirs.n == 0) {
		suite = cds_os_codename(c);
		deb = header_deb(h, suite);
		if (deb == NULL || !sys_pkg_fix(c, f, deb, NULL, NULL)) {
			if (h->component != NULL &&
			    strcmp(h->component, "cudnn") == 0) {
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "cudnn-setup install --cudnn VERSION (the "
				    "release the build is for)");
			} else if (h->component != NULL &&
			    (cds_startswith(h->component, "cuda_") ||
			    cds_startswith(h->component, "lib"))) {
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "cudnn-setup install --cuda VERSION (the "
				    "release the build is for), then export "
				    "CUDA_HOME to it");
			}
		}
		free(deb);
		free(suite);
	}
	cds_strv_clear(&dirs);
	cds_strv_clear(&seen);
}

void
cds_explain_check_cvd(struct cds_rule_ctx *c)
{
	const char *v = cds_getenv(c->h, "CUDA_VISIBLE_DEVICES");
	struct cds_finding *f;
	char **e;
	size_t i;
	int uuid = 0;

	if (v == NULL) {
		f = cds_finding_add(c, "MSG-CVD", CDS_SEV_NOTE,
		    "CUDA_VISIBLE_DEVICES is not set here");
		cds_finding_evidence(f, "state", "unset");
		cds_finding_evidence(f, "where the program ran", "a "
		    "scheduler's job or a container sets it for its own "
		    "processes (Slurm, Kubernetes, Apptainer)");
		return;
	}
	e = cds_cvd_entries(v);
	for (i = 0; e[i] != NULL; i++) {
		uuid |= cds_startswith(e[i], "GPU-") ||
		    cds_startswith(e[i], "MIG-");
	}
	cds_strfreev(e);
	if (uuid) {
		f = cds_finding_add(c, "MSG-CVD", CDS_SEV_WARNING,
		    "CUDA_VISIBLE_DEVICES names GPUs by UUID here: %s", v);
		cds_finding_evidence(f, "state", "uuid");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "export "
		    "CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=<the "
		    "index nvidia-smi -L shows for each UUID> (in a container "
		    "given only these GPUs: 0, 1, ...)");
	} else {
		f = cds_finding_add(c, "MSG-CVD", CDS_SEV_NOTE,
		    "CUDA_VISIBLE_DEVICES here is %s, without a UUID", v);
		cds_finding_evidence(f, "state", "indices");
		cds_finding_evidence(f, "where the program ran", "with "
		    "another environment (a scheduler's job, a container)");
	}
	cds_finding_evidence(f, "CUDA_VISIBLE_DEVICES", "%s", v);
}

/* The torch package of the scan whose lib directory holds NAME: the
 * system Python's, then each env's; NULL.  *WHERE gets the file's path. */
static const struct cds_package *
torch_with(struct cds_rule_ctx *c, const char *name, char **where)
{
	const struct cds_scan *s = c->s;
	size_t i, k;

	for (i = 0; i <= s->nenvs; i++) {
		const struct cds_package *v = i == 0 ? s->system_packages :
		    s->envs[i - 1].packages;
		size_t n = i == 0 ? s->nsystem_packages :
		    s->envs[i - 1].npackages;

		for (k = 0; k < n; k++) {
			if (strcmp(v[k].name, "torch") != 0 ||
			    v[k].libdir == NULL) {
				continue;
			}
			*where = cds_path_join(v[k].libdir, name);
			if (cds_root_is_file(c->h, *where)) {
				return &v[k];
			}
			free(*where);
			*where = NULL;
		}
	}
	return NULL;
}

void
cds_explain_check_torchlib(struct cds_rule_ctx *c, const char *name)
{
	/* where LibTorch's own download is unpacked, by its guide */
	static const char *const libtorch[] = {
		"/usr/local/libtorch/lib", "/opt/libtorch/lib", NULL
	};
	struct cds_ld_found *fd = cds_loader_find(c->h, name, NULL, 0);
	const struct cds_package *p;
	struct cds_finding *f;
	char *where = NULL, *dir;
	size_t i;

	cds_clearerr(c->h);
	if (fd != NULL && fd->path != NULL) {
		f = cds_finding_add(c, "MSG-TORCH-LIB", CDS_SEV_NOTE, "here the "
		    "loader finds %s: %s", name, fd->path);
		cds_finding_evidence(f, "state", "found by the loader");
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment (LD_LIBRARY_PATH, another env) or on "
		    "another machine");
		cds_ld_found_free(fd);
		return;
	}
	cds_ld_found_free(fd);
	p = torch_with(c, name, &where);
	for (i = 0; p == NULL && libtorch[i] != NULL && where == NULL; i++) {
		char *v = cds_path_join(libtorch[i], name);

		if (cds_root_is_file(c->h, v)) {
			where = v;
		} else {
			free(v);
		}
	}
	if (where == NULL) {
		f = cds_finding_add(c, "MSG-TORCH-LIB", CDS_SEV_WARNING, "no "
		    "PyTorch here has %s", name);
		cds_finding_evidence(f, "state", "not installed");
		cds_finding_evidence(f, "searched", "the loader's path, the "
		    "torch package of the system Python and of every env, "
		    "/usr/local/libtorch and /opt/libtorch");
		return;
	}
	dir = cds_dirname(where);
	f = cds_finding_add(c, "MSG-TORCH-LIB", CDS_SEV_WARNING, "%s is in "
	    "%s, where the loader looks only once torch is loaded", name, dir);
	cds_finding_evidence(f, "state", "in torch's directory");
	cds_finding_evidence(f, "installed in", "%s", where);
	if (p != NULL) {
		cds_finding_evidence(f, "torch", "%s", p->version != NULL ?
		    p->version : "(version not read)");
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "import torch before "
	    "the module that failed; a program of its own: export "
	    "LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}, or link "
	    "it with -Wl,-rpath,%s", dir, dir);
	free(dir);
	free(where);
}

/* "Max locked memory         8388608              8388608              bytes"
 * (proc(5): soft, hard, unit; "unlimited" for RLIM_INFINITY) */
void
cds_explain_check_memlock(struct cds_rule_ctx *c)
{
	char *text, *line;
	char soft[32], hard[32];
	struct cds_finding *f;

	if (c->h->root[0] != '\0' ||
	    (text = cds_read_file("/proc/self/limits", 1u << 16, NULL)) ==
	    NULL) {
		return;
	}
	line = strstr(text, "\nMax locked memory");
	if (line == NULL || sscanf(line + 18, " %31s %31s", soft, hard) != 2) {
		free(text);
		return;
	}
	if (strcmp(soft, "unlimited") == 0) {
		f = cds_finding_add(c, "MSG-LIMIT", CDS_SEV_NOTE, "a process "
		    "started here may lock any amount of memory (ulimit -l: "
		    "unlimited)");
	} else {
		unsigned long long b = strtoull(soft, NULL, 10);

		f = cds_finding_add(c, "MSG-LIMIT", CDS_SEV_NOTE, "a process "
		    "started here may lock %llu KiB of memory (ulimit -l)",
		    b / 1024);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "ulimit -l "
		    "unlimited (as root, or raise the hard limit first: "
		    "/etc/security/limits.conf, LimitMEMLOCK= for a service)");
	}
	cds_finding_evidence(f, "max locked memory", "soft %s, hard %s%s",
	    soft, hard, strcmp(soft, "unlimited") == 0 ? "" : " (bytes)");
	cds_finding_evidence(f, "whose", "this shell's processes; a batch "
	    "job's, a container's or a service's may differ: check with "
	    "ulimit -l inside it");
	free(text);
}

/* ------------------------------------------------------------------------ */
/* GPUDirect RDMA's peer-memory module                                       */
/* ------------------------------------------------------------------------ */

/* The file of module NAME ("ib_core.ko") in modules.dep's text DEP, as it
 * names it (relative to /lib/modules/<kernel>, compressed or not), or
 * NULL.  Each line is "FILE: DEPENDENCIES". */
static char *
dep_module(const char *dep, const char *name)
{
	const char *p;
	size_t n = strlen(name);

	for (p = dep; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL) {
		size_t len = strcspn(p, ":\n");
		const char *b = p + len;

		while (b > p && b[-1] != '/') {
			b--;
		}
		/* name.ko, or name.ko.xz / .zst / .gz */
		if (p[len] == ':' && (size_t)(p + len - b) >= n &&
		    strncmp(b, name, n) == 0 && (b[n] == ':' || b[n] == '.')) {
			return cds_xstrndup(p, len);
		}
	}
	return NULL;
}

/* Does the kernel's symbol table (/proc/kallsyms) have SYM?  1 yes, 0
 * no, -1 it cannot be read.  Names are the third field, a module's
 * follows in brackets. */
static int
kallsyms_has(const cds_handle_t *h, const char *sym)
{
	char *host = cds_rpath_follow(h, "/proc/kallsyms");
	FILE *fp = host != NULL ? fopen(host, "r") : NULL;
	char line[512];
	size_t n = strlen(sym);
	int found = 0;

	free(host);
	if (fp == NULL) {
		return -1;
	}
	while (!found && fgets(line, sizeof(line), fp) != NULL) {
		char *s = strchr(line, ' ');

		s = s != NULL ? strchr(s + 1, ' ') : NULL;
		found = s != NULL && strncmp(s + 1, sym, n) == 0 &&
		    strchr("\t\n ", s[1 + n]) != NULL && s[1 + n] != '\0';
	}
	fclose(fp);
	return found;
}

/* When FILE (under /lib/modules/K) was put there: its inode's change
 * time, which a package manager's unpacking or DKMS's copy sets and no
 * archive carries (a chmod sets it too).  Zero when it cannot be read. */
static struct timespec
module_ctime(const cds_handle_t *h, const char *mods, const char *file)
{
	char *path = cds_xasprintf("%s/%s", mods, file);
	char *host = cds_rpath_follow(h, path);
	struct timespec t = { 0, 0 };
	struct stat st;

	if (host != NULL && cds_host_stat(h, host, 1, &st) == 0) {
		t = st.st_ctim;
	}
	free(host);
	free(path);
	return t;
}

/* Is A later than B (both read)? */
static int
ts_after(struct timespec a, struct timespec b)
{
	return b.tv_sec != 0 && (a.tv_sec > b.tv_sec || (a.tv_sec ==
	    b.tv_sec && a.tv_nsec > b.tv_nsec));
}

static void
peermem_date(struct cds_finding *f, const char *key, const char *file,
    struct timespec ts)
{
	time_t t = ts.tv_sec;
	char when[32];
	struct tm tm;

	if (t != 0 && gmtime_r(&t, &tm) != NULL &&
	    strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm) > 0) {
		cds_finding_evidence(f, key, "%s (installed %s)", file, when);
	} else {
		cds_finding_evidence(f, key, "%s", file);
	}
}

void
cds_explain_check_peermem(struct cds_rule_ctx *c)
{
	/* what NCCL's and UCX's GPUDirect checks look for (NCCL's
	 * net_ib.cc, UCX's ib_md.c) */
	static const char *const loaded[] = {
		"/sys/module/nvidia_peermem", "/sys/module/nv_peer_mem",
		"/sys/kernel/mm/memory_peers/nv_mem", NULL
	};
	char *k = cds_root_read_line(c->h, "/proc/sys/kernel/osrelease");
	char *mods = NULL, *depf = NULL, *dep = NULL, *core = NULL;
	char *peer = NULL, *ver = NULL;
	const char *const *l;
	const char *own, *state;
	struct cds_finding *f;
	struct timespec tcore = { 0, 0 }, tpeer = { 0, 0 };
	enum cds_severity sev = CDS_SEV_WARNING;
	int api = -1;

	if (k == NULL || *k == '\0') {
		free(k);
		return;
	}
	mods = cds_xasprintf("/lib/modules/%s", k);
	depf = cds_xasprintf("%s/modules.dep", mods);
	if ((dep = cds_root_read_file(c->h, depf, 64u << 20, NULL)) != NULL) {
		core = dep_module(dep, "ib_core.ko");
		if ((peer = dep_module(dep, "nvidia-peermem.ko")) == NULL) {
			peer = dep_module(dep, "nv_peer_mem.ko");
		}
	}
	/* the peer-memory API is MLNX_OFED's addition to the RDMA core
	 * (Mellanox/nv_peer_memory's README); ib_core or, in later
	 * releases, ib_uverbs exports it: absent only when both are
	 * loaded */
	if (cds_root_isdir(c->h, "/sys/module/ib_core")) {
		api = kallsyms_has(c->h, "ib_register_peer_memory_client");
		if (api == 0 && !cds_root_isdir(c->h,
		    "/sys/module/ib_uverbs")) {
			api = -1;
		}
	}
	/* a module of the kernel's own tree is under kernel/; DKMS puts
	 * its builds under updates/, kmod packages under extra/ */
	own = core != NULL && cds_startswith(core, "kernel/") ? "the "
	    "kernel's own" : "installed outside the kernel's tree "
	    "(MLNX_OFED's or another build)";
	for (l = loaded; *l != NULL && ver == NULL; l++) {
		if (cds_root_isdir(c->h, *l)) {
			char *vf = cds_xasprintf("%s/version", *l);

			ver = cds_root_read_line(c->h, vf);
			if (ver == NULL) {
				ver = cds_xstrdup("");
			}
			free(vf);
			break;
		}
	}
	if (core != NULL) {
		tcore = module_ctime(c->h, mods, core);
	}
	if (peer != NULL) {
		tpeer = module_ctime(c->h, mods, peer);
	}
	if (*l != NULL) {
		f = cds_finding_add(c, "MSG-PEERMEM", CDS_SEV_NOTE, "GPUDirect "
		    "RDMA's peer-memory module is loaded here%s%s%s", *ver !=
		    '\0' ? " (version " : "", ver, *ver != '\0' ? ")" : "");
		state = "loaded";
		cds_finding_evidence(f, "state", "%s", state);
		cds_finding_evidence(f, "loaded", "%s", *l);
		goto common;
	}
	if (dep == NULL) {
		goto out;	/* what is built for the kernel cannot be told */
	}
	if (core == NULL) {
		state = "no RDMA core";
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "kernel %s here has "
		    "no RDMA core (ib_core) to register GPU memory with", k);
	} else if (api == 1) {
		state = "peer-memory API";
		sev = CDS_SEV_NOTE;
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "the RDMA core "
		    "loaded here has the peer-memory API GPUDirect RDMA's "
		    "module needs");
	} else if (api == 0) {
		state = "no peer-memory API loaded";
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "the RDMA core "
		    "loaded here has no peer-memory API");
	} else if (cds_startswith(core, "kernel/")) {
		state = "kernel's own RDMA core";
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "the RDMA core of "
		    "kernel %s here is the kernel's own, without the "
		    "peer-memory API", k);
	} else if (peer != NULL && ts_after(tcore, tpeer)) {
		state = "RDMA core newer than the module";
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "the RDMA core of "
		    "kernel %s here was installed after GPUDirect RDMA's "
		    "module was built", k);
	} else {
		state = "RDMA core installed";
		sev = CDS_SEV_NOTE;
		f = cds_finding_add(c, "MSG-PEERMEM", sev, "the RDMA core of "
		    "kernel %s here is %s", k, own);
	}
	cds_finding_evidence(f, "state", "%s", state);
	if (api >= 0) {
		cds_finding_evidence(f, "peer-memory API", "%s",
		    api ? "ib_register_peer_memory_client is in /proc/kallsyms" :
		    "ib_register_peer_memory_client is not in /proc/kallsyms, "
		    "with ib_core and ib_uverbs loaded");
	}
common:
	cds_finding_evidence(f, "kernel", "%s (the running one, "
	    "/proc/sys/kernel/osrelease)", k);
	if (core != NULL) {
		char *v = cds_xasprintf("%s/%s, %s", mods, core, own);

		peermem_date(f, "ib_core", v, tcore);
		free(v);
	} else if (dep != NULL) {
		cds_finding_evidence(f, "ib_core", "not in %s", depf);
	}
	if (peer != NULL) {
		char *v = cds_xasprintf("%s/%s", mods, peer);

		peermem_date(f, "peer-memory module", v, tpeer);
		free(v);
	} else if (dep != NULL) {
		cds_finding_evidence(f, "peer-memory module", "neither "
		    "nvidia-peermem.ko nor nv_peer_mem.ko is in %s", depf);
	}
	if (strcmp(state, "no RDMA core") == 0 ||
	    strcmp(state, "kernel's own RDMA core") == 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install "
		    "MLNX_OFED for kernel %s, then rebuild the driver's "
		    "modules against it (sudo dkms autoinstall, or reinstall "
		    "the driver package) and: sudo modprobe nvidia-peermem; "
		    "or use DMA-BUF instead of nvidia-peermem", k);
	} else if (strcmp(state, "no peer-memory API loaded") == 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "load the "
		    "installed RDMA core in place of the one running: sudo "
		    "/etc/init.d/openibd restart (MLNX_OFED's service), or "
		    "reboot; then: sudo modprobe nvidia-peermem");
	} else if (strcmp(state, "RDMA core newer than the module") == 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "rebuild the "
		    "driver's modules against the RDMA core now installed "
		    "(sudo dkms autoinstall -k %s, or reinstall the driver "
		    "package), then: sudo modprobe nvidia-peermem", k);
	}
out:
	free(ver);
	free(peer);
	free(core);
	free(dep);
	free(depf);
	free(mods);
	free(k);
}

/* ------------------------------------------------------------------------ */
/* GPUDirect Storage's module and cuFile's configuration                     */
/* ------------------------------------------------------------------------ */

/* What cuFile's configuration TEXT (JSON with // comments) says of
 * allow_compat_mode: "true", "false", or NULL when it does not say. */
static const char *
compat_mode(const char *text)
{
	const char *p;

	for (p = text; (p = strstr(p, "\"allow_compat_mode\"")) != NULL;
	    p++) {
		const char *bol = p, *v;

		while (bol > text && bol[-1] != '\n') {
			bol--;
		}
		bol += strspn(bol, " \t");
		if (strncmp(bol, "//", 2) == 0) {
			continue;	/* commented out */
		}
		v = p + strlen("\"allow_compat_mode\"");
		v += strspn(v, " \t");
		if (*v++ != ':') {
			continue;
		}
		v += strspn(v, " \t");
		if (strncmp(v, "true", 4) == 0) {
			return "true";
		}
		if (strncmp(v, "false", 5) == 0) {
			return "false";
		}
	}
	return NULL;
}

void
cds_explain_check_gds(struct cds_rule_ctx *c)
{
	const char *env = cds_getenv(c->h, "CUFILE_ENV_PATH_JSON");
	const char *conf = env != NULL && *env == '/' ? env :
	    "/etc/cufile.json";
	char *k = cds_root_read_line(c->h, "/proc/sys/kernel/osrelease");
	char *depf = NULL, *dep = NULL, *ko = NULL, *ver = NULL, *json;
	const char *compat = NULL;
	struct cds_finding *f;
	int have_conf = 0;

	if (k == NULL || *k == '\0') {
		free(k);
		return;
	}
	if ((json = cds_root_read_file(c->h, conf, 1u << 20, NULL)) != NULL) {
		compat = compat_mode(json);
		have_conf = 1;
		free(json);
	}
	depf = cds_xasprintf("/lib/modules/%s/modules.dep", k);
	dep = cds_root_read_file(c->h, depf, 64u << 20, NULL);
	ko = dep != NULL ? dep_module(dep, "nvidia-fs.ko") : NULL;
	if (cds_root_isdir(c->h, "/sys/module/nvidia_fs")) {
		ver = cds_root_read_line(c->h, "/sys/module/nvidia_fs/version");
		f = cds_finding_add(c, "MSG-GDS", CDS_SEV_NOTE, "nvidia-fs is "
		    "loaded here%s%s%s", ver != NULL ? " (version " : "",
		    ver != NULL ? ver : "", ver != NULL ? ")" : "");
		cds_finding_evidence(f, "state", "loaded");
	} else if (dep == NULL) {
		/* what is built for the kernel cannot be told */
		goto out;
	} else if (ko != NULL) {
		f = cds_finding_add(c, "MSG-GDS", CDS_SEV_WARNING, "nvidia-fs is "
		    "built for kernel %s here but not loaded", k);
		cds_finding_evidence(f, "state", "not loaded");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo modprobe "
		    "nvidia-fs");
	} else {
		f = cds_finding_add(c, "MSG-GDS", CDS_SEV_WARNING, "nvidia-fs is "
		    "not built for kernel %s here", k);
		cds_finding_evidence(f, "state", "not installed");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install nvidia-fs "
		    "for kernel %s (the nvidia-fs package of NVIDIA's CUDA "
		    "repository, or NVIDIA/gds-nvidia-fs built against the "
		    "installed driver), then: sudo modprobe nvidia-fs", k);
	}
	cds_finding_evidence(f, "kernel", "%s (the running one, "
	    "/proc/sys/kernel/osrelease)", k);
	if (ko != NULL) {
		cds_finding_evidence(f, "module file", "/lib/modules/%s/%s", k,
		    ko);
	} else if (dep != NULL) {
		cds_finding_evidence(f, "module file", "no nvidia-fs.ko in %s",
		    depf);
	}
	cds_finding_evidence(f, "configuration", "%s (%s)%s", conf,
	    env != NULL && *env == '/' ? "CUFILE_ENV_PATH_JSON" :
	    "cuFile's default", have_conf ? "" : ": not here");
	if (have_conf) {
		cds_finding_evidence(f, "compatibility mode", "%s", compat ==
		    NULL ? "not said (allow_compat_mode not set)" :
		    strcmp(compat, "true") == 0 ? "allowed (allow_compat_mode: "
		    "true)" : "not allowed (allow_compat_mode: false)");
	}
	if (compat != NULL && strcmp(compat, "false") == 0 &&
	    f->severity != CDS_SEV_NOTE) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or let cuFile "
		    "read and write through host memory without it: "
		    "\"allow_compat_mode\": true in %s", conf);
	}
out:
	free(ver);
	free(ko);
	free(dep);
	free(depf);
	free(k);
}
