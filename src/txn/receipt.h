/*
 * receipt.h - the entries of a release's receipt
 * (.state/receipts/<name>.json), shared by its writer (install.c) and its
 * reader (installed.c).
 */
#ifndef CDS_RECEIPT_H
#define CDS_RECEIPT_H

#include <jansson.h>

#include "sys/handle.h"

#define CDS_RECEIPT_SCHEMA 1

/* Does link TARGET, found at REL (tree-relative), stay inside the tree? */
CDS_HIDDEN int cds_link_inside(const char *rel, const char *target);

/*
 * Set KEY ("path", "target") of receipt entry E to file name S: itself
 * when it is UTF-8, else KEY_hex (its bytes in hexadecimal) beside a
 * readable KEY.
 */
CDS_HIDDEN void cds_receipt_name_set(json_t *e, const char *key,
    const char *s);
/* The name KEY of a receipt entry, decoded; NULL when absent or not
 * hexadecimal.  Free it. */
CDS_HIDDEN char *cds_receipt_name_get(json_t *e, const char *key);

#endif /* CDS_RECEIPT_H */
