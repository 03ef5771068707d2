/*
 * unpack.h - a file read whole, unpacked by its own compression
 * (unpack.c).
 */
#ifndef CDS_UNPACK_H
#define CDS_UNPACK_H

#include "sys/handle.h"

/*
 * The whole of FILE (a host path) as text, unpacked by its own
 * compression where its name ends in one (a repository's list kept
 * compressed: .gz, .xz, .bz2, .zst, .lz4, through libarchive: the
 * program's network module, sys/net.h), as it is where it ends in ".xml"
 * or "_Packages"; at most 512 MiB.  NULL when it cannot be read (the
 * handle's error is not set).
 */
CDS_HIDDEN char *cds_read_unpacked(cds_handle_t *h, const char *file);

#endif /* CDS_UNPACK_H */
