/*
 * spawn.h - the one way the engine starts a process: this program again
 * (the probe and check children, child.h) or another program (ldconfig,
 * nvcc, gcc).  The process gets /dev/null on stdin, /dev/null or a pipe
 * on stdout and stderr, optionally one more pipe for messages, a process
 * group of its own and a deadline.  At the deadline, on a cancel, and
 * when it ends, its group is killed: nothing it started outlives it.
 */
#ifndef CDS_SPAWN_H
#define CDS_SPAWN_H

#include <signal.h>
#include <stddef.h>

#include "base/util.h"

/* Where the process's stdout or stderr goes. */
enum cds_spawn_to {
	CDS_SPAWN_NULL = 0,	/* /dev/null */
	CDS_SPAWN_PIPE,		/* a pipe, read into on_data */
	CDS_SPAWN_TO_STDOUT	/* stderr only: stdout's pipe, so the two
				   stay in the order they were written */
};

/* LEN > 0 bytes the process wrote on its file descriptor FD (1, 2 or the
 * message fd), as they arrive. */
typedef void (*cds_spawn_data_cb)(void *ctx, int fd, const char *buf,
    size_t len);

struct cds_spawn {
	char *const *argv;	/* argv[0]: the program's path (no $PATH
				   search), a program of this system */
	char *const *envp;	/* its whole environment; NULL: empty */
	int timeout_ms;		/* killed after this long; <= 0: never */
	enum cds_spawn_to out;	/* stdout: NULL or PIPE */
	enum cds_spawn_to err;	/* stderr */
	int msg_fd;		/* 3..9: one more pipe on that descriptor;
				   0: none */
	cds_spawn_data_cb on_data;	/* for every pipe; may be NULL */
	void *ctx;
	const volatile sig_atomic_t *cancel;	/* when it becomes non-zero
				   the process is killed (the handle's
				   cancel flag); may be NULL */
};

/* How it ended. */
struct cds_spawn_result {
	int exit_status;	/* its exit status, -1 when a signal ended
				   it */
	int signal;		/* that signal (SIGKILL after a deadline or
				   a cancel), else 0 */
	int timed_out;		/* killed at the deadline */
	int cancelled;		/* killed because *cancel was set */
	double elapsed_ms;
};

/*
 * Run SP's program to its end.  Returns 0 when it ran (RES says how it
 * ended), -1 with errno set when it could not start; then *WHAT (unless
 * WHAT is NULL) names what failed: "pipe", "fork" or "exec" (errno from
 * execve: the program is missing or cannot be run).
 */
CDS_HIDDEN int cds_spawn_run(const struct cds_spawn *sp,
    struct cds_spawn_result *res, const char **what);

/*
 * Run ARGV with environment ENVP, stderr on /dev/null, collecting its
 * stdout into OUT (at most MAX - 1 bytes, NUL-terminated; the rest is read
 * and dropped) for at most TIMEOUT_MS.  Returns its exit status, or -1
 * when it could not start, was killed or ran out of time.
 */
CDS_HIDDEN int cds_run_capture(char *const *argv, char *const *envp,
    int timeout_ms, char *out, size_t max);

#endif /* CDS_SPAWN_H */
