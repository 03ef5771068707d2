/*
 * ops.h - the operations list the writers record into (ops.c).
 */
#ifndef CDS_OPS_H
#define CDS_OPS_H

#include "sys/handle.h"

/* Append KIND PATH -> TARGET (copied; TARGET may be NULL) to OPS; nothing
 * when OPS is NULL. */
CDS_HIDDEN void cds_ops_add(struct cds_ops *ops, enum cds_op_kind kind,
    const char *path, const char *target);

#endif /* CDS_OPS_H */
