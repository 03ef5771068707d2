/*
 * child.h - the one child mechanism: this program re-executed from
 * /proc/self/exe as `<program> MODE '<JSON argument>'` with the target's
 * environment (a real exec: the loader reads LD_LIBRARY_PATH only at
 * start), run through spawn.h.  The child dlopens NVIDIA libraries and
 * writes one JSON object per line on fd 3, so that a crashing or hanging
 * library costs the child, never the caller.
 *
 * Every child says {"t":"ready"} first (the mechanism does) and
 * {"t":"end"} last; {"t":"step","name":...} names what it is doing, so
 * that a crash can be placed.  The modes and their work are listed in
 * children.c, above everything they call.
 */
#ifndef CDS_CHILD_H
#define CDS_CHILD_H

#include <jansson.h>

#include "sys/handle.h"

/* The internal commands (their work: children.c). */
#define CDS_CHILD_DRIVER "--internal-driver-probe"	/* probe.c */
#define CDS_CHILD_VERIFY "--internal-verify"	/* gpucheck.c */
#define CDS_CHILD_DLPROBE "--internal-dlprobe"	/* dynprobe.c */

/* ---- the parent's side -------------------------------------------------- */

struct cds_child_result {
	int started;		/* exec went through and the loader started
				   the program (not exit status 127 before
				   it said anything) */
	int ready;		/* it sent {"t":"ready"}: our main() ran */
	int exit_status;	/* when it exited, else -1 */
	int signal;		/* the signal that ended it, 0 if none (and
				   0 after a deadline) */
	int timed_out;		/* killed after the deadline */
	int complete;		/* it sent {"t":"end"} */
	char *last_step;	/* the last {"t":"step"} name it sent */
	char *err_tail;		/* the end of its stderr, or NULL */
	char *output;		/* with CDS_CHILD_OUTPUT: the first 64 KiB of
				   its stdout and stderr; else NULL */
	double elapsed_ms;
};

/* cds_child_run's flags. */
enum {
	/* stdout and stderr in one pipe, in the order written, kept in
	 * output (else stdout goes to /dev/null) */
	CDS_CHILD_OUTPUT = 1
};

/* Called for each message line; MSG is borrowed. */
typedef void (*cds_child_msg_cb)(void *ctx, json_t *msg);

/*
 * Run `<this program> MODE '<ARG as JSON>'` with environment ENVP (NULL
 * entries end it), reading its messages until it exits or TIMEOUT_MS
 * passes (then its process group is killed).  Returns 0 when it ran (see
 * RES for how it ended); -1 with CDS_ERR_CHILD when it could not be
 * started, or CDS_ERR_CANCELLED when cds_cancel() stopped it.  Free RES
 * with cds_child_result_clear().
 */
CDS_HIDDEN int cds_child_run(cds_handle_t *h, const char *mode,
    json_t *arg, char *const *envp, int timeout_ms, unsigned flags,
    cds_child_msg_cb cb, void *ctx, struct cds_child_result *res);
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

/* ---- the child's side --------------------------------------------------- */

/* One internal command. */
struct cds_child_mode {
	const char *name;	/* "--internal-verify" */
	int (*run)(json_t *arg);	/* its work; returns the exit status */
	int quick_exit;		/* leave with _exit() after {"t":"end"}: no
				   destructors of what it loaded run */
};

/*
 * The dispatcher main() calls first (cds_child_main, children.c): marks
 * this program as one that hosts children; when argv[1] names one of
 * MODES (ended by a NULL name), runs it with argv[2] as its JSON argument
 * and returns its exit status (2 when run by hand, without fd 3);
 * otherwise returns -1.
 */
CDS_HIDDEN int cds_child_serve(int argc, char **argv,
    const struct cds_child_mode *modes);
/* Send one message (steals MSG). */
CDS_HIDDEN void cds_child_send(json_t *msg);

/* A child's message (or argument) member KEY: a string, or NULL; an
 * integer, or DEF. */
CDS_HIDDEN const char *cds_msg_str(json_t *o, const char *key);
CDS_HIDDEN int cds_msg_int(json_t *o, const char *key, int def);
/* Send {"t":"step","name":NAME}. */
CDS_HIDDEN void cds_child_step(const char *name);
/*
 * dlopen NAME with FLAGS; on success *PATH gets the file the loader
 * mapped and *REAL its real path, on failure *ERR the dlerror() text.
 * Strings are new.
 */
CDS_HIDDEN void *cds_dl_open(const char *name, int flags, char **path,
    char **real, char **err);

#endif /* CDS_CHILD_H */
