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
			if (d->origin == CDS_ORIGIN_PIP) {
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "python -m pip install -U "
				    "nvidia-cudnn-cu%d", atoi(cuda));
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
			char *py = prefix != NULL ? cds_path_join(prefix,
			    "bin/python") : cds_xstrdup("python3");
			char *qpy = cds_shquote(py);
			char *qreq = cds_quote(CDS_QUOTE_SH, req);

			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
			    "%s -m pip install %s", qpy, qreq);
			free(qreq);
			free(qpy);
			free(py);
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
