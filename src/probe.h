/*
 * probe.h - the driver probe and the probe children: a copy of this
 * program re-executed with the target's environment, which dlopens NVIDIA
 * libraries and reports back one JSON object per line, so that a crashing
 * or hanging library never takes the caller down.
 */
#ifndef CDS_PROBE_H
#define CDS_PROBE_H

#include <stdio.h>

#include <jansson.h>

#include "cds.h"
#include "util.h"

/*
 * Fill the driver fields of D: kernel module version, WSL, libcuda.so.1 and
 * stub copies seen on the target's search paths (under the root), then --
 * only when the root is "/" and this program hosts probe children (see
 * cds_child_main) -- a child that dlopens libcuda.so.1 with the target's
 * LD_LIBRARY_PATH, calls cuInit(0), cuDriverGetVersion, cuDeviceGetCount,
 * and reports the file it mapped.  D is cleared first; free its strings
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

/* ---- probe children ---------------------------------------------------- */

struct cds_child_result {
	int started;		/* fork and exec went through */
	int exit_status;	/* when it exited */
	int signal;		/* the signal that ended it, 0 if none */
	int timed_out;		/* killed after the deadline */
	int complete;		/* it sent {"t":"end"} */
	char *last_step;	/* the last {"t":"step"} name it sent */
	char *err_tail;		/* the end of its stderr, or NULL */
};

/* Called for each message line; MSG is borrowed. */
typedef void (*cds_child_msg_cb)(void *ctx, json_t *msg);

/*
 * Run `<this program> MODE '<ARG as JSON>'` with environment ENVP (NULL
 * entries end it), reading its messages until it exits or TIMEOUT_MS
 * passes (then it is killed).  Returns 0 when it ran (see RES for how it
 * ended), -1 with CDS_ERR_CHILD when it could not be started.  Free RES
 * with cds_child_result_clear().
 */
CDS_HIDDEN int cds_child_run(cds_handle_t *h, const char *mode,
    json_t *arg, char *const *envp, int timeout_ms, cds_child_msg_cb cb,
    void *ctx, struct cds_child_result *res);
CDS_HIDDEN void cds_child_result_clear(struct cds_child_result *r);
/* How a child that did not finish ended: "killed by signal 11
 * (Segmentation fault) in kernel" (new string). */
CDS_HIDDEN char *cds_child_describe(const struct cds_child_result *r,
    int timeout_ms);
/* The target's environment with DIRS (may be NULL) put first on
 * LD_LIBRARY_PATH; a NULL-terminated array, free with cds_strfreev(). */
CDS_HIDDEN char **cds_child_env(cds_handle_t *h, char *const *dirs);
/* Does this program run probe children (cds_child_main was called)? */
CDS_HIDDEN int cds_child_hosted(void);

/*
 * Run ARGV (argv[0] a path of this system, never another root's) with
 * environment ENVP, stdin and stderr on /dev/null, collecting its stdout
 * into OUT (at most MAX - 1 bytes, NUL-terminated, the rest read and
 * dropped) for at most TIMEOUT_MS; at the deadline its process group is
 * killed.  Returns its exit status, or -1 when it could not start, was
 * killed or ran out of time.
 */
CDS_HIDDEN int cds_run_capture(char *const *argv, char *const *envp,
    int timeout_ms, char *out, size_t max);

/* Child side: send one message (steals MSG). */
CDS_HIDDEN void cds_child_send(json_t *msg);
/*
 * Child side: dlopen NAME with FLAGS; on success *PATH gets the file the
 * loader mapped and *REAL its real path, on failure *ERR the dlerror()
 * text.  Strings are new.
 */
CDS_HIDDEN void *cds_dl_open(const char *name, int flags, char **path,
    char **real, char **err);
/* Child side: dlopen libcuda.so.1, cuInit(0), and send {"t":"driver"}.
 * Returns the library (or NULL) and cuInit's result in *INIT (-1 when it
 * was not called). */
CDS_HIDDEN void *cds_driver_child_load(int *init);
/* Child side: dlopen the stub STUB (NULL: nothing) by its path, cuInit(0),
 * send {"t":"stub"}.  Last thing, and only when libcuda.so.1 failed. */
CDS_HIDDEN void cds_stub_child_test(const char *stub);

/* The verify child (check.c). */
CDS_HIDDEN int cds_verify_child(json_t *arg);

#endif /* CDS_PROBE_H */
