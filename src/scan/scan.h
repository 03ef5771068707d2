/*
 * scan.h - what the scan shares with the other modules of the engine.
 */
#ifndef CDS_SCAN_H
#define CDS_SCAN_H

#include "sys/handle.h"

/* Find an env by name or path; NULL if none. */
CDS_HIDDEN const struct cds_env *cds_scan_env(const struct cds_scan *s,
    const char *name_or_path);

/* cuDNN sublibraries of a major version, NULL-terminated ("libcudnn",
 * "libcudnn_ops_infer", ...); NULL for an unknown major. */
CDS_HIDDEN const char *const *cds_cudnn_sublibs(int major);
/* The version in a library file name after ".so.": "libcudnn.so.8.9.7" ->
 * "8.9.7"; NULL when there is none. */
CDS_HIDDEN char *cds_soname_version(const char *filename);
/* Normalise a Python distribution name: lower case, runs of "-_." -> "-". */
CDS_HIDDEN char *cds_pkg_normalise(const char *name);
/* Read the cuDNN version macros from a cudnn_version.h (target path):
 * "9.1.0", or NULL. */
CDS_HIDDEN char *cds_cudnn_header_version(const cds_handle_t *h,
    const char *path);

/* The system Python's package directories (dist-packages, site-packages,
 * the user's ~/.local ones), target paths that exist; never NULL. */
CDS_HIDDEN char **cds_system_sites(const cds_handle_t *h);

/* The cuDNN copies scan S found in DIR, however it was reached (links
 * resolved as the scan resolved them): *N of them from the one returned,
 * in the scan's order; NULL and 0 when none. */
CDS_HIDDEN const struct cds_cudnn *cds_scan_cudnns_in(const cds_handle_t *h,
    const struct cds_scan *s, const char *dir, size_t *n);

/* Each PROG on the handle's PATH (the environment's, read inside the
 * root), in PATH's order, each file once (links resolved); never NULL. */
CDS_HIDDEN char **cds_which_all(const cds_handle_t *h, const char *prog);

/* Whether NAME (a normalised package name) is one of torch's companions,
 * built against one torch release: torchvision, torchaudio. */
CDS_HIDDEN int cds_torch_companion(const char *name);

struct cds_pkgdb;
/* dpkg's database under the handle's root, read on the first call for
 * scan S and kept with it (freed by cds_scan_free()). */
CDS_HIDDEN const struct cds_pkgdb *cds_scan_pkgdb(cds_handle_t *h,
    const struct cds_scan *s);

struct cds_apt_offer;
/* Every package NVIDIA's CUDA repository offers here, as apt's lists
 * (RPM 0: read/pkgdb.h) or the rpm tools' caches (RPM 1: read/dnfrepo.h)
 * hold it, read on the first call for scan S and kept with it; *OUT is
 * the scan's.  Returns how many. */
CDS_HIDDEN size_t cds_scan_nvidia_offers(cds_handle_t *h,
    const struct cds_scan *s, int rpm, const struct cds_apt_offer **out);

/* Resume the read-only pass scan S was read in (cds_root_cache_resume()):
 * the rules judge the machine as the scan saw it, each link and library
 * read once for both.  End it with cds_root_cache_end(). */
CDS_HIDDEN void cds_scan_pass_resume(cds_handle_t *h,
    const struct cds_scan *s);

#endif /* CDS_SCAN_H */
