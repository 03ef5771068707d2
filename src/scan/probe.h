/*
 * probe.h - the driver probe: what the files say about the driver, and
 * what a child (child.h) that loads it says.
 */
#ifndef CDS_PROBE_H
#define CDS_PROBE_H

#include <stdio.h>

#include <jansson.h>

#include "cds.h"
#include "base/util.h"

/*
 * Fill the driver fields of D: kernel module version, WSL, libcuda.so.1 and
 * stub copies seen on the target's search paths (under the root), then --
 * only when the root is "/" and this program hosts probe children (see
 * cds_child_main) -- a child that dlopens libcuda.so.1 with the target's
 * LD_LIBRARY_PATH, calls cuInit(0), cuDriverGetVersion, cuDeviceGetCount,
 * reads each device's compute capability (cc, ncc), and reports the file
 * it mapped.  D is cleared first; free its strings
 * with cds_driver_clear().  Emits CDS_EV_PROBE_START/DONE (name "driver").
 * Returns 0; -1 with CDS_ERR_CHILD when the child could not be started
 * (D still holds what the files tell, and probe_error says why).
 */
CDS_HIDDEN int cds_probe_driver(cds_handle_t *h, struct cds_driver *d);
/* The same without the child (scan's CDS_SCAN_NO_DYNAMIC). */
CDS_HIDDEN void cds_probe_driver_static(cds_handle_t *h,
    struct cds_driver *d);
CDS_HIDDEN void cds_driver_clear(struct cds_driver *d);

/*
 * The part both the driver probe and verify share: the static facts with
 * LDPATH as the target's LD_LIBRARY_PATH (NULL: none), merging a child's
 * {"t":"driver"} and {"t":"stub"} messages, and the final state.
 */
CDS_HIDDEN void cds_driver_scan_files(cds_handle_t *h, struct cds_driver *d,
    const char *ldpath);
CDS_HIDDEN void cds_driver_take_msg(struct cds_driver *d, json_t *msg);
CDS_HIDDEN void cds_driver_classify(struct cds_driver *d);
/* After a child: name the loader's reason for the directory of the file
 * it mapped (libcuda_via), then classify. */
CDS_HIDDEN void cds_driver_finish(cds_handle_t *h, struct cds_driver *d,
    const char *ldpath);

/* A directory the loader (or the link editor) searches, and why. */
struct cds_ldir {
	char *dir;		/* a target path */
	char *via;		/* "LD_LIBRARY_PATH", an ld.so.conf file,
				   "default", "LIBRARY_PATH" */
};

/*
 * The loader's directories for the target in its order: LDPATH entries,
 * ld.so.conf (with its includes), then the default directories; with
 * LINK_TOO, LIBRARY_PATH's entries after them.  Free with
 * cds_ldirs_free().
 */
CDS_HIDDEN struct cds_ldir *cds_loader_dirs(cds_handle_t *h,
    const char *ldpath, int link_too, size_t *n);
CDS_HIDDEN void cds_ldirs_free(struct cds_ldir *v, size_t n);
/* The first of DIRS holding NAME: its index, or -1. */
CDS_HIDDEN ssize_t cds_ldirs_find(cds_handle_t *h,
    const struct cds_ldir *dirs, size_t n, const char *name);

/* ---- the driver probe's child ------------------------------------------ */

/* The child's work (CDS_CHILD_DRIVER): libcuda.so.1, else the stub ARG
 * names ("stub"), then NVML. */
CDS_HIDDEN int cds_driver_child(json_t *arg);
/* Child side: dlopen libcuda.so.1, cuInit(0), count the devices, read
 * their compute capabilities, and send {"t":"driver"}.  Returns the
 * library (or NULL) and cuInit's result in *INIT (-1 when it was not
 * called). */
CDS_HIDDEN void *cds_driver_child_load(int *init);
/* Child side: dlopen the stub STUB (NULL: nothing) by its path, cuInit(0),
 * send {"t":"stub"}.  Last thing, and only when libcuda.so.1 failed. */
CDS_HIDDEN void cds_stub_child_test(const char *stub);

#endif /* CDS_PROBE_H */
