/*
 * dynprobe.h - the dynamic probe (dynprobe.c): the parent's side,
 * cds_dlprobe_run(), and the child's.
 */
#ifndef CDS_DYNPROBE_H
#define CDS_DYNPROBE_H

#include <jansson.h>

#include "cds.h"
#include "base/util.h"

/*
 * Dynamic evidence (MAPS): a child process started with the handle's
 * environment (LD_LIBRARY_PATH and all, set before it starts, since ld.so
 * reads them only then) dlopen()s libraries in turn with RTLD_NOW |
 * RTLD_LOCAL and reports each dlerror(), the file ld.so really loaded,
 * and the CUDA files it mapped (/proc/self/maps).  The child is this
 * program run again (/proc/self/exe) with a hidden first argument
 * ("--internal-dlprobe"): every program that calls cds_dlprobe_run() must
 * call cds_child_main() at the very top of main().
 */

/* One library the child loaded, or tried to. */
struct cds_dlprobe_lib {
	char *name;		/* as given: a soname or a path */
	int reached;		/* the child began loading it */
	int ok;			/* dlopen() returned a handle */
	char *error;		/* dlerror() text when it failed, else NULL */
	char *path;		/* the file ld.so loaded for it (its link-map
				   name); when RTLD_NOW failed, from a
				   RTLD_LAZY retry, closed again; NULL */
	long cudnn_version;	/* its own cudnnGetVersion(), 0 if none */
	int signal;		/* the child died of this signal while
				   loading it (a crash is a result) */
	char **mapped;		/* libcu*, libnv* files mapped right after it
				   loaded (after the RTLD_LAZY retry when
				   RTLD_NOW failed: what ld.so had picked);
				   NULL-terminated, never NULL */
};

struct cds_dlprobe {
	struct cds_dlprobe_lib *libs;	/* one per library asked */
	size_t nlibs;
	char **maps;		/* libcu*, libnv* files mapped when the child
				   finished, in address order, once each
				   (libcurl excluded); NULL-terminated, never
				   NULL */
	int exit_status;	/* the child's exit status, -1 if a signal
				   ended it */
	int signal;		/* the signal that ended it, 0 if none */
	int timed_out;		/* it ran past the timeout and was killed */
	char *output;		/* what it wrote to stdout and stderr, the
				   first 64 KiB; never NULL */
	double elapsed_ms;
};

/*
 * Run the probe over LIBS (NULL-terminated: sonames or paths, loaded in
 * that order in one process), killing the child after TIMEOUT_MS
 * milliseconds (0: 5000).  A library that fails, a child that crashes or
 * hangs: all are results.  Returns a new result (free with
 * cds_dlprobe_free()), or NULL with CDS_ERR_UNSUPPORTED under --root (the
 * libraries of another system cannot be run here), CDS_ERR_USAGE for an
 * empty list, or CDS_ERR_CHILD when the child could not start (detail:
 * why, with its first line of output).  Emits no events.
 */
CDS_HIDDEN struct cds_dlprobe *cds_dlprobe_run(cds_handle_t *h,
    char *const *libs, unsigned timeout_ms);
CDS_HIDDEN void cds_dlprobe_free(struct cds_dlprobe *p);

/* The child's work (CDS_CHILD_DLPROBE): dlopen each of ARG's "libs" in
 * turn and report each, then the CUDA files mapped. */
CDS_HIDDEN int cds_dlprobe_child(json_t *arg);

#endif /* CDS_DYNPROBE_H */
