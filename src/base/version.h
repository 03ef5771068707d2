/*
 * version.h - what the engine's modules share of version.c (cds_vercmp()
 * is in cds.h).
 */
#ifndef CDS_VERSION_H
#define CDS_VERSION_H

#include "base/util.h"

/* Does VERSION fall under PREFIX ("12.4.1" under "12.4" and "12")? */
CDS_HIDDEN int cds_ver_has_prefix(const char *version, const char *prefix);
/* CUDA version as an integer the way the driver API reports it:
 * "12.4" -> 12040.  -1 if unparsable. */
CDS_HIDDEN int cds_cuda_int(const char *version);

#endif /* CDS_VERSION_H */
