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

#endif
