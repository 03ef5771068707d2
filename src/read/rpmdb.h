/*
 * rpmdb.h - the rpm database of the root (rpmdb.c): which installed
 * packages require or provide a capability ("libcublas.so.12()(64bit)", a
 * package name), which package owns a file and what a package requires,
 * asked of this system's rpm program with --root and --dbpath, so that
 * every database format rpm reads (sqlite, Berkeley DB) is read by rpm.
 */
#ifndef CDS_RPMDB_H
#define CDS_RPMDB_H

#include "sys/handle.h"

struct cds_rpmdb;

/*
 * The root's rpm database: /var/lib/rpm or /usr/lib/sysimage/rpm under the
 * handle's root with a database file in it (rpmdb.sqlite, Packages,
 * Packages.db), and rpm on this system (/usr/bin/rpm, /bin/rpm).  NULL when
 * either is missing: nothing on an rpm system is then named by package.
 * Free with cds_rpmdb_free().
 */
CDS_HIDDEN struct cds_rpmdb *cds_rpmdb_open(cds_handle_t *h);
CDS_HIDDEN void cds_rpmdb_free(struct cds_rpmdb *db);

/*
 * The installed packages rpm -q finds for query WHAT ("--whatprovides",
 * "--whatrequires", "-f") of ARG, each "NAME VERSION-RELEASE"; a
 * NULL-terminated vector (cds_strfreev()), empty when none (rpm says "no
 * package provides ...", or could not run).
 */
CDS_HIDDEN char **cds_rpmdb_query(const struct cds_rpmdb *db,
    const char *what, const char *arg);

/* What installed package NAME requires (rpm -qR), one capability each,
 * without the version relation ("libcublas-12-4"); a NULL-terminated
 * vector, empty when none. */
CDS_HIDDEN char **cds_rpmdb_requires(const struct cds_rpmdb *db,
    const char *name);

/* The files installed package NAME put on the system (rpm -ql), as
 * target paths; a NULL-terminated vector, empty when none. */
CDS_HIDDEN char **cds_rpmdb_files(const struct cds_rpmdb *db,
    const char *name);

/* Does an installed package provide capability CAP? */
CDS_HIDDEN int cds_rpmdb_provided(const struct cds_rpmdb *db,
    const char *cap);

#endif /* CDS_RPMDB_H */
