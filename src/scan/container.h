/*
 * container.h - where the scan runs: a container's runtime and how the
 * GPU came in (container.c), read under the handle's root.
 */
#ifndef CDS_CONTAINER_H
#define CDS_CONTAINER_H

#include "sys/handle.h"

/*
 * Fill CT from what a process here can read: marker files, the
 * environment (the handle's), /proc/self/mountinfo, ld.so.conf.d names,
 * and the open() of /dev/nvidiactl in a container.  CT is cleared first;
 * free with cds_container_clear().  Returns 0, or -1 with CDS_ERR_USAGE
 * when CDS_CONTAINER names no runtime.
 */
CDS_HIDDEN int cds_container_scan(cds_handle_t *h, struct cds_container *ct);
CDS_HIDDEN void cds_container_clear(struct cds_container *ct);
/* Is CT a container (runtime other than "none" and "wsl2")? */
CDS_HIDDEN int cds_in_container(const struct cds_container *ct);
/* The value of CT's first evidence line KEY ("marker", "rootless"), or
 * NULL. */
CDS_HIDDEN const char *cds_container_evidence(const struct cds_container *ct,
    const char *key);
/* Does NVIDIA_DRIVER_CAPABILITIES CAPS give CAP ("compute")?  Unset (NULL)
 * means the runtime's default, "utility,compute". */
CDS_HIDDEN int cds_container_has_cap(const char *caps, const char *cap);

/* The size of the tmpfs on /dev/shm under H's root, in KiB, from
 * /proc/self/mountinfo (its super options' "size="), and those options
 * into *OPTS (new string; NULL where /dev/shm is no tmpfs); -1 when the
 * size is not known. */
CDS_HIDDEN long long cds_shm_size_kib(cds_handle_t *h, char **opts);

#endif /* CDS_CONTAINER_H */
