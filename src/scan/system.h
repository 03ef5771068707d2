/*
 * system.h - what the running system tells of itself beyond its files
 * (system.c): this boot's kernel messages and the daemons that run, read
 * under the handle's root like every other fact of the scan.
 */
#ifndef CDS_SYSTEM_H
#define CDS_SYSTEM_H

#include "sys/handle.h"

/*
 * The kernel's messages of this boot, one a line: /dev/kmsg's records (a
 * character device, read to its end without waiting, their
 * "PRI,SEQ,TS,FLAGS;" dropped; a regular file in a test's root is read as
 * it is), else the end of /var/log/kern.log after its last "Linux
 * version" line.  At most 4 MiB.  NULL when neither can be read
 * (/dev/kmsg needs CAP_SYSLOG where dmesg_restrict is set).  free().
 */
CDS_HIDDEN char *cds_boot_log(cds_handle_t *h);

/*
 * The pid of the running daemon COMM (as the kernel keeps a name: its
 * first 15 bytes): with PIDFILE, the process that file names when it is
 * alive and is COMM, as a daemon that writes one is found (and no other
 * way); without, the first /proc/N whose comm is COMM.  NULL when none.
 * free().
 */
CDS_HIDDEN char *cds_daemon_pid(const cds_handle_t *h, const char *pidfile,
    const char *comm);

#endif /* CDS_SYSTEM_H */
