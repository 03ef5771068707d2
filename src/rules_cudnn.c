/*
 * rules_cudnn.c - doctor's rules about cuDNN copies.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "scan.h"

/* Does copy C hold a file (or link) named NAME? */
static int
has_file(const struct cds_cudnn *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nfiles; i++) {
		if (strcmp(c->files[i].name, name) == 0) {
			return 1;
		}
	}
	return 0;
}

/* pip wheels ship only libX.so.N: programs that dlopen "libcudnn.so" or
 * link with -lcudnn find nothing.  Repair adds libX.so -> libX.so.N. */
void
cds_rule_dev_links(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		const char *const *subs = cds_cudnn_sublibs(d->major);
		struct cds_finding *f = NULL;

		if (d->origin != CDS_ORIGIN_PIP || subs == NULL) {
			continue;
		}
		for (k = 0; subs[k] != NULL; k++) {
			char *dev = cds_xasprintf("%s.so", subs[k]);
			char *so = cds_xasprintf("%s.so.%d", subs[k], d->major);
			char *path, *q;

			if (has_file(d, dev) || !has_file(d, so)) {
				free(dev);
				free(so);
				continue;
			}
			if (f == NULL) {
				f = cds_finding_add(c, "DEV-LINKS",
				    CDS_SEV_WARNING, "pip cuDNN %s in %s has "
				    "no libcudnn*.so links", d->version != NULL ?
				    d->version : "", d->dir);
				cds_finding_evidence(f, "dir", "%s", d->dir);
				if (d->env != NULL) {
					cds_finding_evidence(f, "env", "%s",
					    d->env);
				}
			}
			cds_finding_evidence(f, "missing link", "%s -> %s",
			    dev, so);
			path = cds_path_join(d->dir, dev);
			q = cds_shquote(path);
			cds_finding_fix(f, CDS_FIX_SYMLINK, path, so,
			    "ln -s %s %s", so, q);
			free(q);
			free(path);
			free(dev);
			free(so);
		}
	}
}
