/*
 * rules_loader.c - doctor's rules that resolve libraries the way ld.so
 * does: a cuDNN 8 sub-library binding a sibling of another release (F1),
 * needed CUDA libraries nobody provides (F5, F13), cuSPARSE binding an
 * older nvJitLink (F12).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "scan.h"

/* What each cuDNN 8 sub-library links against among its siblings (their
 * DT_NEEDED): the infer libraries need ops_infer, the train libraries
 * their infer half and ops_train. */
static const struct {
	const char *lib;
	const char *needs[4];
} cudnn8_deps[] = {
	{ "libcudnn_ops_train.so.8", { "libcudnn_ops_infer.so.8", NULL } },
	{ "libcudnn_cnn_infer.so.8", { "libcudnn_ops_infer.so.8", NULL } },
	{ "libcudnn_cnn_train.so.8", { "libcudnn_ops_infer.so.8",
	    "libcudnn_ops_train.so.8", "libcudnn_cnn_infer.so.8", NULL } },
	{ "libcudnn_adv_infer.so.8", { "libcudnn_ops_infer.so.8", NULL } },
	{ "libcudnn_adv_train.so.8", { "libcudnn_ops_infer.so.8",
	    "libcudnn_ops_train.so.8", "libcudnn_adv_infer.so.8", NULL } },
};

/* The version of file NAME in copy D ("8.9.2"), or NULL. */
static const char *
file_version(const struct cds_cudnn *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nfiles; i++) {
		if (strcmp(d->files[i].name, name) == 0) {
			return d->files[i].version;
		}
	}
	return NULL;
}

/* The env a copy belongs to (by name), or NULL. */
static const struct cds_env *
env_named(const struct cds_scan *s, const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < s->nenvs; i++) {
		if (strcmp(s->envs[i].name, name) == 0) {
			return &s->envs[i];
		}
	}
	return NULL;
}

/*
 * F1: a framework's own cuDNN 8 (a pip wheel, a conda env's lib/) is loaded
 * by path, and each sub-library then finds its siblings by soname.
 * LD_LIBRARY_PATH comes before the copy's own RUNPATH, so a directory on
 * it holding another cuDNN 8 release wins:
 *   symbol lookup error: .../libcudnn_cnn_infer.so.8: undefined symbol:
 *   _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8
 */
void
cds_rule_loader_cudnn(struct cds_rule_ctx *c)
{
	size_t i, k, j;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *own = &c->s->cudnns[i];
		const struct cds_env *e;
		struct cds_libpath *lp;
		const char *rp[2];
		struct cds_finding *f = NULL;

		if (own->major != 8 || (own->origin != CDS_ORIGIN_PIP &&
		    own->origin != CDS_ORIGIN_CONDA)) {
			continue;
		}
		e = env_named(c->s, own->env);
		rp[0] = own->dir;
		rp[1] = NULL;
		lp = cds_libpath_for(c, e, rp);
		for (k = 0; k < sizeof(cudnn8_deps) / sizeof(cudnn8_deps[0]);
		    k++) {
			const char *user = cudnn8_deps[k].lib;
			const char *uver = file_version(own, user);

			if (uver == NULL) {
				continue;
			}
			for (j = 0; cudnn8_deps[k].needs[j] != NULL; j++) {
				const char *dep = cudnn8_deps[k].needs[j];
				int at = cds_libpath_find(c, lp, dep);
				const struct cds_cudnn *other;
				const char *over;

				if (at < 0 || cds_same_dir(c->h,
				    lp->dirs[at].dir, own->dir)) {
					continue;
				}
				other = cds_cudnn_in(c, lp->dirs[at].dir, 8);
				over = other != NULL ? file_version(other, dep) :
				    NULL;
				if (over != NULL && cds_streq(over,
				    file_version(own, dep))) {
					continue;	/* the same release */
				}
				if (f == NULL) {
					f = cds_finding_add(c, "F1",
					    CDS_SEV_ERROR, "%s/%s (%s) would "
					    "bind %s of cuDNN %s in %s", own->dir,
					    user, uver, dep, over != NULL ? over :
					    "?", lp->dirs[at].dir);
					cds_finding_evidence(f, "expect",
					    "symbol lookup error: %s/%s: "
					    "undefined symbol: ..., version %s",
					    own->dir, user, dep);
				}
				cds_finding_evidence(f, "binds", "%s/%s (%s) -> "
				    "%s/%s (%s)", own->dir, user, uver,
				    lp->dirs[at].dir, dep, over != NULL ? over :
				    "?");
				if (f->nfixes == 0) {
					cds_evidence_via(f, &lp->dirs[at]);
					if (lp->dirs[at].from_env) {
						cds_fix_remove_path(c, f,
						    &lp->dirs[at]);
					} else {
						cds_finding_fix(f,
						    CDS_FIX_NONE, NULL, NULL,
						    "remove the other cuDNN 8 "
						    "from %s (apt-get remove "
						    "libcudnn8 when it is the "
						    "system's)",
						    lp->dirs[at].dir);
					}
				}
			}
		}
		cds_libpath_free(lp);
	}
}

/* F5, F12, F13: need each library's DT_NEEDED and symbol versions (the
 * ELF reader and the loader emulation). */
void
cds_rule_loader_needed(struct cds_rule_ctx *c)
{
	(void)c;
}
