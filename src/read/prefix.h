/*
 * prefix.h - the prefix's layout on disk and the names of its releases,
 * shared by plan.c and the writers (install.c, installed.c, fixup.c,
 * lock.c).
 */
#ifndef CDS_PREFIX_H
#define CDS_PREFIX_H

#include "sys/handle.h"

/* Where things are.  Host paths (under the root) except tprefix. */
struct cds_layout {
	char *tprefix;		/* target path of the prefix */
	char *prefix;
	char *state;		/* prefix/.state */
	char *staging;		/* .state/staging */
	char *receipts;		/* .state/receipts */
	char *trash;		/* .state/trash */
	char *lock;		/* .state/lock */
	char *journal;		/* .state/journal */
	char *envdir;		/* prefix/env */
};

CDS_HIDDEN void cds_layout_init(cds_handle_t *h, struct cds_layout *l);
CDS_HIDDEN void cds_layout_clear(struct cds_layout *l);
CDS_HIDDEN char *cds_receipt_path(const struct cds_layout *l,
    const char *name);
/*
 * Before a writer touches PATH (a host path it built from names it read):
 * is it inside the prefix (cds_path_within())?  0, or -1 with
 * CDS_ERR_BAD_INPUT naming the path; nothing is touched then.
 */
CDS_HIDDEN int cds_layout_guard(cds_handle_t *h, const struct cds_layout *l,
    const char *path);

/* 1 installed (tree and receipt), 0 absent, -1 a tree we did not install. */
CDS_HIDDEN int cds_release_state(const struct cds_layout *l,
    const char *name);
/* The component set release NAME was installed with ("runtime"), as its
 * receipt says; NULL for the whole release, or when the receipt cannot be
 * read (the writers check it whole).  The caller frees it. */
CDS_HIDDEN char *cds_receipt_set(const struct cds_layout *l,
    const char *name);
/* CDS_KIND_CUDA for "cuda-*", CDS_KIND_CUDNN for "cudnn-*", else 0. */
CDS_HIDDEN int cds_kind_of_name(const char *name);
/* "cuda" or "cudnn": the name of the default link and module family. */
CDS_HIDDEN const char *cds_kind_word(enum cds_kind kind);

#endif /* CDS_PREFIX_H */
