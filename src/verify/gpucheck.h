/*
 * gpucheck.h - the GPU checks that run inside verify's child.
 */
#ifndef CDS_GPUCHECK_H
#define CDS_GPUCHECK_H

#include <jansson.h>

#include "base/util.h"

/* The checks every report lists, kernel first; NULL-terminated. */
CDS_HIDDEN extern const char *const cds_check_names[];

/*
 * The child's work (CDS_CHILD_VERIFY).  ARG: "cudnn_major" (8 or 9),
 * "cudnn_seen" (the parent found a libcudnn), "runtime" (the CUDA runtime
 * sonames to try), "stub" (a stub libcuda to name).  Sends "driver",
 * "lib", "cudnn", "runtime", "device" and "check" messages.
 */
CDS_HIDDEN int cds_verify_child(json_t *arg);

#endif /* CDS_GPUCHECK_H */
