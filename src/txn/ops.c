/*
 * ops.c - the operations list: what a writer did, or with a dry run would
 * do, in order (struct cds_ops in cds.h).  Every writer records into it;
 * the clients print it.
 */
#include "config.h"

#include <stdlib.h>

#include "txn/ops.h"

void
cds_ops_add(struct cds_ops *ops, enum cds_op_kind kind, const char *path,
    const char *target)
{
	struct cds_op *op;

	if (ops == NULL) {
		return;
	}
	ops->v = cds_xreallocarray(ops->v, ops->n + 1, sizeof(*ops->v));
	op = &ops->v[ops->n++];
	op->kind = kind;
	op->path = cds_strdup0(path);
	op->target = cds_strdup0(target);
}

void
cds_ops_clear(struct cds_ops *ops)
{
	size_t i;

	if (ops == NULL) {
		return;
	}
	for (i = 0; i < ops->n; i++) {
		free(ops->v[i].path);
		free(ops->v[i].target);
	}
	free(ops->v);
	ops->v = NULL;
	ops->n = 0;
}
