/*
 * plan.h - from a request to releases, archives and paths.
 */
#ifndef CDS_PLAN_H
#define CDS_PLAN_H

#include "sys/handle.h"

/* The directory name of a release: "cuda-12.4.1", "cudnn-9.3.0.75-cuda12",
 * "cudnn-8.9.7.29" for a variant-less cuDNN. */
CDS_HIDDEN char *cds_release_dirname(enum cds_kind kind,
    const char *full_version, const char *variant);

/* The driver a CUDA release needs (its own minimum, else the floor of its
 * line), and a cuDNN variant (its own, else the floor of its CUDA). */
CDS_HIDDEN const char *cds_cuda_min_driver(const struct cds_manifest *m,
    const struct cds_release *r);
CDS_HIDDEN const char *cds_variant_min_driver(const struct cds_manifest *m,
    const struct cds_cudnn_variant *v);

#endif /* CDS_PLAN_H */
