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

/*
 * Each member of archive FILE (a host path: a tar, compressed or not, as
 * pacman's sync databases are) whose name ends in SUFFIX ("/desc"), read
 * whole (at most 16 MiB each) and given to FN with its name; FN returns
 * non-zero to stop.  Returns how many members were given, or -1 when the
 * archive cannot be read (the handle's error is not set).
 */
CDS_HIDDEN long cds_unpack_each(cds_handle_t *h, const char *file,
    const char *suffix, int (*fn)(void *arg, const char *name,
    const char *text), void *arg);

#endif /* CDS_UNPACK_H */
