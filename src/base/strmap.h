/*
 * strmap.h - a hash of strings to pointers, for lookups done thousands of
 * times in one run (a package database's paths, a walk's seen files).
 */
#ifndef CDS_STRMAP_H
#define CDS_STRMAP_H

#include "base/util.h"

struct cds_strmap;

/* A new empty map.  With OWN_KEYS the map copies each key it adds and
 * frees the copies; without, keys must outlive the map.  Free with
 * cds_strmap_free(). */
CDS_HIDDEN struct cds_strmap *cds_strmap_new(int own_keys);
/* Free the map, calling FREE_VAL (may be NULL) on each value. */
CDS_HIDDEN void cds_strmap_free(struct cds_strmap *m,
    void (*free_val)(void *));
/* The value stored for KEY, or NULL. */
CDS_HIDDEN void *cds_strmap_get(const struct cds_strmap *m, const char *key);
/* Is KEY in the map (with any value, NULL included)? */
CDS_HIDDEN int cds_strmap_has(const struct cds_strmap *m, const char *key);
/* Store VAL for KEY unless KEY is there already: 1 added, 0 present (the
 * old value stays). */
CDS_HIDDEN int cds_strmap_add(struct cds_strmap *m, const char *key,
    void *val);
/* The number of keys. */
CDS_HIDDEN size_t cds_strmap_size(const struct cds_strmap *m);

#endif /* CDS_STRMAP_H */
