/*
 * facts.c - facts read off a finished scan, told once for every client:
 * the toolkit builds use and the rows of "frameworks bundle".  The
 * command line's report, its JSON and the wizard's Scan screen all walk
 * these, so they list the same packages with the same CUDA.
 */
#include "config.h"

#include <string.h>

#include "cds.h"

const struct cds_toolkit *
cds_toolkit_at(const struct cds_scan *s, const char *realpath)
{
	size_t i;

	for (i = 0; realpath != NULL && i < s->ntoolkits; i++) {
		if (strcmp(s->toolkits[i].realpath, realpath) == 0) {
			return &s->toolkits[i];
		}
	}
	return NULL;
}

/* Is P a row of "frameworks bundle"? */
static int
fw_listed(const struct cds_package *p)
{
	return strncmp(p->name, "nvidia-", 7) != 0 &&
	    (p->kind != CDS_FW_OTHER || p->cuda != NULL);
}

/* The CUDA P runs, one of the N packages PKGS it was found with: its own,
 * or for jax and jaxlib the jax-cudaNN plugin's beside them. */
static const char *
fw_cuda(const struct cds_package *p, const struct cds_package *pkgs,
    size_t n)
{
	size_t k;

	if (p->cuda != NULL || p->kind != CDS_FW_JAX) {
		return p->cuda;
	}
	for (k = 0; k < n; k++) {
		if (strncmp(pkgs[k].name, "jax-cuda", 8) == 0 &&
		    pkgs[k].cuda != NULL) {
			return pkgs[k].cuda;
		}
	}
	return NULL;
}

int
cds_fw_next(const struct cds_scan *s, struct cds_fw_iter *it,
    struct cds_fw_row *row)
{
	for (; it->env < s->nenvs; it->env++, it->k = 0) {
		const struct cds_env *e = &s->envs[it->env];

		while (it->k < e->npackages) {
			const struct cds_package *p = &e->packages[it->k++];

			if (fw_listed(p)) {
				row->p = p;
				row->env = e->name;
				row->cuda = fw_cuda(p, e->packages,
				    e->npackages);
				return 1;
			}
		}
	}
	while (it->k < s->nsystem_packages) {
		const struct cds_package *p = &s->system_packages[it->k++];

		if (fw_listed(p)) {
			row->p = p;
			row->env = NULL;
			row->cuda = fw_cuda(p, s->system_packages,
			    s->nsystem_packages);
			return 1;
		}
	}
	return 0;
}
