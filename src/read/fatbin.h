/*
 * fatbin.h - the GPU architectures an ELF library carries code for, read
 * from its .nv_fatbin section (fatbin.c).
 */
#ifndef CDS_FATBIN_H
#define CDS_FATBIN_H

#include "base/util.h"

/*
 * The SM architectures of the GPU code in the ELF file HOSTPATH's
 * .nv_fatbin section, appended to SASS (cubins) and PTX as numbers ("86"
 * for sm_86), each once, in the order found.  Every size is checked
 * against the section and the section against the file.  0 (also when
 * there is no such section), or -1 when HOSTPATH is not a regular 64-bit
 * little-endian ELF file.
 */
CDS_HIDDEN int cds_fatbin_arches(const char *hostpath, struct cds_strv *sass,
    struct cds_strv *ptx);

#endif /* CDS_FATBIN_H */
