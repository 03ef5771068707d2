/*
 * rules_knownbad.c - doctor's rules about what the index marks as not to
 * be used: installed releases it marks known bad (its known_bad entries,
 * each with a reason and source), and pip wheels older than a package
 * beside them requires (its lib_minimums: JAX's CUDA plugin).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/version.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "read/manifest.h"
#include "scan/scan.h"

/* "12.9.0.13" -> "12.9": a CUDA library's version names its CUDA. */
static char *
major_minor(const char *v)
{
	const char *dot = v != NULL ? strchr(v, '.') : NULL;

	if (dot == NULL) {
		return NULL;
	}
	dot = strchr(dot + 1, '.');
	return dot != NULL ? cds_xstrndup(v, (size_t)(dot - v)) :
	    cds_xstrdup(v);
}

/* The cuBLAS wheel installed beside pip's cuDNN copy D, in PKGS. */
static const struct cds_package *
cublas_wheel(const struct cds_package *pkgs, size_t n,
    const struct cds_cudnn *d)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (cds_startswith(pkgs[i].name, "nvidia-cublas") &&
		    pkgs[i].location != NULL &&
		    cds_startswith(d->dir, pkgs[i].location)) {
			return &pkgs[i];
		}
	}
	return NULL;
}

/* The CUDA copy D runs with, as a version, and where that was read (new
 * strings; NULL when not known): its wheel set's cuBLAS, its conda env's
 * runtime, the toolkit it sits in, else the toolkit /usr/local/cuda
 * names. */
static char *
cuda_of(const struct cds_scan *s, const struct cds_cudnn *d, char **via)
{
	const struct cds_package *p = NULL;
	size_t i;

	*via = NULL;
	for (i = 0; i < s->nenvs && p == NULL; i++) {
		p = cublas_wheel(s->envs[i].packages, s->envs[i].npackages, d);
		if (p == NULL && d->origin == CDS_ORIGIN_CONDA &&
		    s->envs[i].conda_cudatoolkit != NULL &&
		    cds_startswith(d->dir, s->envs[i].prefix)) {
			*via = cds_xasprintf("conda env %s",
			    s->envs[i].name);
			return major_minor(s->envs[i].conda_cudatoolkit);
		}
	}
	if (p == NULL) {
		p = cublas_wheel(s->system_packages, s->nsystem_packages, d);
	}
	if (p != NULL) {
		*via = cds_xasprintf("%s %s", p->name, p->version);
		return major_minor(p->version);
	}
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];

		if (t->version != NULL && ((t->realpath != NULL &&
		    cds_startswith(d->dir, t->realpath)) ||
		    (t->is_default && d->origin != CDS_ORIGIN_PIP))) {
			*via = cds_xasprintf("the toolkit in %s", t->path);
			return major_minor(t->version);
		}
	}
	return NULL;
}

/* The oldest cuDNN release of the index of D's major, newer than VER,
 * that is not known bad with CUDA; NULL when the index has none. */
static const char *
good_cudnn(const struct cds_rule_ctx *c, const struct cds_cudnn *d,
    const char *ver, const char *cuda)
{
	const struct cds_release *best = NULL;
	size_t i;

	for (i = 0; i < c->m->nreleases; i++) {
		const struct cds_release *r = &c->m->releases[i];

		if (r->kind == CDS_KIND_CUDNN && atoi(r->version) == d->major &&
		    cds_vercmp(r->version, ver) > 0 &&
		    !cds_ver_has_prefix(ver, r->version) &&
		    cds_manifest_known_bad(c->m, CDS_KIND_CUDNN, r->version,
		    cuda) == NULL && (best == NULL ||
		    cds_vercmp(r->version, best->version) < 0)) {
			best = r;
		}
	}
	return best != NULL ? best->version : NULL;
}

/* The wheel that installed pip's cuDNN copy D, in PKGS; NULL. */
static const struct cds_package *
cudnn_wheel(const struct cds_package *pkgs, size_t n,
    const struct cds_cudnn *d)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (cds_startswith(pkgs[i].name, "nvidia-cudnn") &&
		    pkgs[i].location != NULL && pkgs[i].version != NULL &&
		    cds_startswith(d->dir, pkgs[i].location)) {
			return &pkgs[i];
		}
	}
	return NULL;
}

/*
 * KNOWN-BAD's fix for a wheel's or conda env's cuDNN D (VER, with CUDA):
 * the env's own tool, to the index's oldest good release of D's major
 * (none known: the newest, no version named), and back; 0 when D is no
 * package's.
 */
static int
known_bad_pkg_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_cudnn *d, const char *ver, const char *cuda)
{
	const struct cds_env *e = d->env != NULL ?
	    cds_scan_env(c->s, d->env) : NULL;
	const struct cds_package *w = NULL;
	const char *good = good_cudnn(c, d, ver, cuda);
	char *spec, *back;
	int conda = d->origin == CDS_ORIGIN_CONDA;

	if (d->origin == CDS_ORIGIN_PIP) {
		w = e != NULL ? cudnn_wheel(e->packages, e->npackages, d) :
		    cudnn_wheel(c->s->system_packages,
		    c->s->nsystem_packages, d);
		if (w == NULL) {
			return 0;
		}
		if (good != NULL && e != NULL && cds_pkg_fix_req(c, f,
		    e->prefix, w->name, good, NULL, w->version)) {
			return 1;
		}
		spec = good != NULL ? cds_xasprintf("%s>=%s", w->name, good) :
		    cds_xstrdup(w->name);
		back = cds_xasprintf("%s==%s", w->name, w->version);
	} else if (conda && e != NULL) {
		spec = good != NULL ? cds_xasprintf("cudnn>=%s", good) :
		    cds_xstrdup("cudnn");
		back = cds_xasprintf("cudnn=%s", ver);
	} else {
		return 0;
	}
	{
		const char *const specs[] = { spec, NULL };
		const char *const undo[] = { back, NULL };

		if (good == NULL) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "the "
			    "index names no good release after %s: the newest",
			    ver);
		}
		cds_pkg_fix_specs(c, f, e, conda, good != NULL ? CDS_PKG_ADD :
		    CDS_PKG_UPGRADE, specs, CDS_PKG_ADD, undo);
	}
	free(spec);
	free(back);
	return 1;
}

static void
rule_known_bad(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; c->m != NULL && i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		const char *ver = d->package_version != NULL ?
		    d->package_version : d->version;
		const struct cds_known_bad *k;
		struct cds_finding *f;
		char *via, *cuda;

		if (ver == NULL) {
			continue;
		}
		cuda = cuda_of(c->s, d, &via);
		k = cds_manifest_known_bad(c->m, CDS_KIND_CUDNN, ver, cuda);
		if (k != NULL) {
			f = cds_finding_add(c, "KNOWN-BAD", CDS_SEV_WARNING,
			    "cuDNN %s in %s is known bad%s%s", ver, d->dir,
			    k->with_cuda != NULL ? " with CUDA " : "",
			    k->with_cuda != NULL ? cuda : "");
			cds_finding_evidence(f, "cuDNN", "%s in %s", ver,
			    d->dir);
			if (k->with_cuda != NULL) {
				cds_finding_evidence(f, "with", "CUDA %s (%s)",
				    cuda, via);
			}
			cds_finding_evidence(f, "why", "%s", k->reason);
			if (k->source != NULL) {
				cds_finding_evidence(f, "source", "%s",
				    k->source);
			}
			if (known_bad_pkg_fix(c, f, d, ver, cuda)) {
				/* the env's own pip, uv or conda */
			} else {
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "cudnn-setup install --cudnn %d --cuda %s",
				    d->major, cuda);
			}
		}
		free(cuda);
		free(via);
	}
	for (i = 0; c->m != NULL && i < c->s->ntoolkits; i++) {
		const struct cds_toolkit *t = &c->s->toolkits[i];
		const struct cds_known_bad *k = t->version == NULL ? NULL :
		    cds_manifest_known_bad(c->m, CDS_KIND_CUDA, t->version,
		    NULL);
		struct cds_finding *f;

		if (k == NULL) {
			continue;
		}
		f = cds_finding_add(c, "KNOWN-BAD", CDS_SEV_WARNING, "CUDA %s "
		    "in %s is known bad", t->version, t->path);
		cds_finding_evidence(f, "why", "%s", k->reason);
		if (k->source != NULL) {
			cds_finding_evidence(f, "source", "%s", k->source);
		}
	}
}

/* The package NAME in PKGS at site-packages SITE; NULL. */
static const struct cds_package *
package_at(const struct cds_package *pkgs, size_t n, const char *name,
    const char *site)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(pkgs[i].name, name) == 0 && !pkgs[i].from_conda &&
		    pkgs[i].location != NULL && site != NULL &&
		    strcmp(pkgs[i].location, site) == 0) {
			return &pkgs[i];
		}
	}
	return NULL;
}

/* One package P of an env (PREFIX, NULL for the system Python) against
 * the index's minimums for it: each wheel it requires that is installed
 * beside it, older than the minimum (or at the bound), is a finding. */
static void
lib_mins_of(struct cds_rule_ctx *c, const struct cds_package *pkgs, size_t n,
    const struct cds_package *p, const char *prefix)
{
	size_t i;

	for (i = 0; i < c->m->nlib_mins; i++) {
		const struct cds_lib_min *l = &c->m->lib_mins[i];
		const struct cds_package *w;
		struct cds_finding *f;
		char *where, *req;

		if (l->wheel == NULL ||
		    !cds_lib_min_applies(l, p->name, p->version) ||
		    (w = package_at(pkgs, n, l->wheel, p->location)) == NULL ||
		    w->version == NULL || cds_lib_min_met(l, w->version)) {
			continue;
		}
		where = cds_xasprintf("%s %s in %s", w->name, w->version,
		    w->location);
		if (cds_finding_exists(c, "LIB-MIN", where)) {
			free(where);
			continue;
		}
		req = l->below != NULL ? cds_xasprintf("%s>=%s,<%s", l->wheel,
		    l->min, l->below) : cds_xasprintf("%s>=%s", l->wheel,
		    l->min);
		f = cds_finding_add(c, "LIB-MIN", CDS_SEV_ERROR, "%s %s needs "
		    "%s; %s is installed", p->name, p->version, req,
		    w->version);
		cds_finding_evidence(f, "package", "%s %s in %s", p->name,
		    p->version, p->location);
		cds_finding_evidence(f, "installed", "%s", where);
		cds_finding_evidence(f, "needs", "%s (%s)", req, l->component);
		cds_finding_evidence(f, "source", "%s", l->source);
		if (cds_pkg_fix_req(c, f, prefix, l->wheel, l->min, l->below,
		    w->version)) {
			/* the env's own pip or uv, and the way back */
		} else {
			/* the system's Python */
			char *was = cds_xasprintf("%s==%s", l->wheel,
			    w->version);
			const char *const specs[] = { req, NULL };
			const char *const undo[] = { was, NULL };

			cds_pkg_fix_specs(c, f, NULL, 0, CDS_PKG_ADD, specs,
			    CDS_PKG_ADD, undo);
			free(was);
		}
		free(req);
		free(where);
	}
}

/* LIB-MIN: a package the index gives library minimums for (JAX's CUDA
 * plugin: cuDNN, cuBLAS, CUPTI, cuFFT, cuSPARSE) with an NVIDIA wheel
 * beside it older than the minimum; JAX refuses such a set at start. */
static void
rule_lib_minimums(struct cds_rule_ctx *c)
{
	size_t e, i;

	if (c->m == NULL || c->m->nlib_mins == 0) {
		return;
	}
	for (e = 0; e < c->s->nenvs; e++) {
		const struct cds_env *env = &c->s->envs[e];

		for (i = 0; i < env->npackages; i++) {
			lib_mins_of(c, env->packages, env->npackages,
			    &env->packages[i], env->prefix);
		}
	}
	for (i = 0; i < c->s->nsystem_packages; i++) {
		lib_mins_of(c, c->s->system_packages, c->s->nsystem_packages,
		    &c->s->system_packages[i], NULL);
	}
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_knownbad[] = {
	{ "KNOWN-BAD", N_("an installed release the index marks known "
	    "bad"), NULL, rule_known_bad },
	{ "LIB-MIN", N_("a wheel is older than the package beside it "
	    "requires"), NULL, rule_lib_minimums },
	{ NULL, NULL, NULL, NULL }
};
