/*
 * dynprobe.h - the dynamic probe's child (its parent's side is
 * cds_dlprobe_run() in cds.h).
 */
#ifndef CDS_DYNPROBE_H
#define CDS_DYNPROBE_H

#include <jansson.h>

#include "util.h"

/* The child's work (CDS_CHILD_DLPROBE): dlopen each of ARG's "libs" in
 * turn and report each, then the CUDA files mapped. */
CDS_HIDDEN int cds_dlprobe_child(json_t *arg);

#endif /* CDS_DYNPROBE_H */
