/*
 * explain.h - what the catalogue of explain.c lends to the reading of
 * texts it does not know (reads.c).
 */
#ifndef CDS_EXPLAIN_H
#define CDS_EXPLAIN_H

#include <stddef.h>

#include "base/util.h"

/* The entries whose messages share the most words with TEXT, nearest
 * first, at most MAX into IDS; returns how many. */
CDS_HIDDEN size_t cds_explain_closest(const char *text, const char **ids,
    size_t max);

#endif
