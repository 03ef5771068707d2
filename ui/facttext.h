/*
 * facttext.h - facts of the scan in words, one telling for both clients:
 * the command line's report and the wizard's Scan screen say the same.
 */
#ifndef UI_FACTTEXT_H
#define UI_FACTTEXT_H

#include "cds.h"

/* The open() of /dev/nvidiactl in a container: a short word ("ok",
 * "ENOENT"...) and in *DETAIL what it means there.  Static or translated
 * storage. */
const char *ui_ctl_word(const struct cds_container *ct,
    const char **detail);

/* Is there anything to say of where this runs?  A plain host with no
 * container engine: no. */
int ui_container_shown(const struct cds_container *ct);

/* The CUDA column of a "frameworks bundle" row: "12.1", "CPU-only", "?".
 * Static or translated storage. */
const char *ui_fw_cuda(const struct cds_fw_row *row);

/* "torch 2.4.0 (env dl310)", "cupy-cuda13x 13.6.0 (/usr/lib/python3/...)":
 * malloc'ed, NULL when out of memory. */
char *ui_fw_detail(const struct cds_fw_row *row);

/* A finding whose fixes are links in one directory, each to its own name
 * and one suffix (DEV-LINKS: libX.so -> libX.so.9), as one command:
 * "cd DIR && for l in libX*.so.9; do [ -e ${l%.9} ] || ln -s $l ${l%.9};
 * done" (the names as one glob; a link already there is left).  NULL when
 * its fixes are not that (or a name would need quoting): show each.
 * Malloc'ed. */
char *ui_links_command(const struct cds_finding *x);

#endif
