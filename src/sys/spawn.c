/*
 * spawn.c - start a process, read its pipes, end it: the one place where
 * the engine forks (see spawn.h).
 *
 * The parent learns whether the exec went through from a close-on-exec
 * pipe: the child writes execve's errno there when it fails, and nothing
 * when the exec closes it.  The child leaves when its parent dies
 * (PR_SET_PDEATHSIG), so a parent killed by ^C does not leave a child
 * running in a group the terminal no longer signals.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/spawn.h"

/* Where the child's pipes are parked before they move to 1, 2, msg_fd:
 * above every target. */
#define PARK_FD 10
/* How often the parent looks at the cancel flag (and, without a pidfd,
 * at the child). */
#define SLICE_MS 100
#define SLICE_NOPIDFD_MS 10

/* The pipes: read ends for the parent, write ends for the child. */
enum { P_OUT, P_ERR, P_MSG, P_N };

struct pipes {
	int rd[P_N];
	int wr[P_N];
	int fdno[P_N];		/* the child's fd number: 1, 2, msg_fd */
};

static void
pipes_close(struct pipes *p)
{
	int i;

	for (i = 0; i < P_N; i++) {
		if (p->rd[i] != -1) {
			close(p->rd[i]);
		}
		if (p->wr[i] != -1) {
			close(p->wr[i]);
		}
		p->rd[i] = p->wr[i] = -1;
	}
}

static int
pipes_open(const struct cds_spawn *sp, struct pipes *p)
{
	int want[P_N], i, fds[2];

	want[P_OUT] = sp->out == CDS_SPAWN_PIPE;
	want[P_ERR] = sp->err == CDS_SPAWN_PIPE;
	want[P_MSG] = sp->msg_fd > 2 && sp->msg_fd < PARK_FD;
	p->fdno[P_OUT] = STDOUT_FILENO;
	p->fdno[P_ERR] = STDERR_FILENO;
	p->fdno[P_MSG] = sp->msg_fd;
	for (i = 0; i < P_N; i++) {
		p->rd[i] = p->wr[i] = -1;
	}
	for (i = 0; i < P_N; i++) {
		if (!want[i]) {
			continue;
		}
		if (pipe2(fds, O_CLOEXEC) == -1) {
			pipes_close(p);
			return -1;
		}
		p->rd[i] = fds[0];
		p->wr[i] = fds[1];
	}
	return 0;
}

/* Close every descriptor from LO to HI (inclusive). */
static void
close_fds(unsigned lo, unsigned hi)
{
	unsigned fd;

	if (lo > hi) {
		return;
	}
#ifdef SYS_close_range
	if (syscall(SYS_close_range, lo, hi, 0) == 0) {
		return;
	}
#endif
	for (fd = lo; fd <= hi && fd < 4096; fd++) {
		close((int)fd);
	}
}

/*
 * In the child, between fork() and exec: async-signal-safe calls only.
 * Every source descriptor is first parked above the targets, so that a
 * pipe that happens to be fd 1 is not overwritten before it is moved.
 */
static void
child_exec(const struct cds_spawn *sp, const struct pipes *p, int errfd,
    pid_t parent)
{
	static char *const noenv[] = { NULL };
	int null, src[P_N], top = STDERR_FILENO, e, i;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent) {
		_exit(127);
	}
	errfd = fcntl(errfd, F_DUPFD_CLOEXEC, PARK_FD);
	null = open("/dev/null", O_RDWR);
	if (null != -1) {
		null = fcntl(null, F_DUPFD, PARK_FD);
	}
	for (i = 0; i < P_N; i++) {
		src[i] = p->wr[i] != -1 ? fcntl(p->wr[i], F_DUPFD, PARK_FD) :
		    null;
	}
	if (sp->err == CDS_SPAWN_TO_STDOUT) {
		src[P_ERR] = src[P_OUT];
	}
	if (null != -1) {
		dup2(null, STDIN_FILENO);
	}
	for (i = 0; i < P_N; i++) {
		if (i == P_MSG && p->wr[i] == -1) {
			continue;
		}
		if (src[i] == -1 || dup2(src[i], p->fdno[i]) == -1) {
			close(p->fdno[i]);
		}
		if (p->fdno[i] > top) {
			top = p->fdno[i];
		}
	}
	if (errfd == -1) {
		close_fds((unsigned)top + 1, ~0U);
	} else {
		close_fds((unsigned)top + 1, (unsigned)errfd - 1);
		close_fds((unsigned)errfd + 1, ~0U);
	}
	execve(sp->argv[0], sp->argv, sp->envp != NULL ? sp->envp : noenv);
	e = errno;
	if (errfd != -1) {
		(void)write(errfd, &e, sizeof(e));
	}
	_exit(127);
}

/* Read what FD has for the caller; 0 at its end (or an error). */
static int
pump(const struct cds_spawn *sp, int fd, int fdno)
{
	char chunk[8192];
	ssize_t n;

	n = read(fd, chunk, sizeof(chunk));
	if (n < 0) {
		return errno == EINTR || errno == EAGAIN;
	}
	if (n == 0) {
		return 0;
	}
	if (sp->on_data != NULL) {
		sp->on_data(sp->ctx, fdno, chunk, (size_t)n);
	}
	return 1;
}

/* The child is gone (or killed): what its pipes still hold, then close
 * them; something it started may hold them open, so never wait. */
static void
drain(const struct cds_spawn *sp, struct pipes *p)
{
	int i;

	for (i = 0; i < P_N; i++) {
		if (p->rd[i] == -1) {
			continue;
		}
		fcntl(p->rd[i], F_SETFL, O_NONBLOCK);
		errno = 0;
		while (pump(sp, p->rd[i], p->fdno[i]) && errno != EAGAIN) {
			errno = 0;
		}
		close(p->rd[i]);
		p->rd[i] = -1;
	}
}

static void
kill_group(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
}

static int
pidfd_of(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

/*
 * Read the pipes until the child ends, the deadline passes or the cancel
 * flag is set; then reap it.  A pidfd (Linux 5.3) wakes the loop when the
 * child ends, else it looks every few milliseconds.
 */
static void
collect(const struct cds_spawn *sp, struct pipes *p, pid_t pid,
    struct cds_spawn_result *res, double t0, int *status)
{
	double deadline = sp->timeout_ms > 0 ? t0 + sp->timeout_ms : 0;
	int pidfd = pidfd_of(pid), slice, i;

	slice = pidfd != -1 ? SLICE_MS : SLICE_NOPIDFD_MS;
	for (;;) {
		struct pollfd pf[P_N + 1];
		int n = 0, wait_ms = slice;

		if (waitpid(pid, status, WNOHANG) == pid) {
			break;
		}
		if (sp->cancel != NULL && *sp->cancel) {
			res->cancelled = 1;
		} else if (deadline > 0 && cds_now_ms() >= deadline) {
			res->timed_out = 1;
		}
		if (res->cancelled || res->timed_out) {
			kill_group(pid);
			while (waitpid(pid, status, 0) == -1 &&
			    errno == EINTR) {
			}
			break;
		}
		if (deadline > 0 && deadline - cds_now_ms() + 1 < wait_ms) {
			wait_ms = (int)(deadline - cds_now_ms()) + 1;
		}
		for (i = 0; i < P_N; i++) {
			if (p->rd[i] != -1) {
				pf[n].fd = p->rd[i];
				pf[n++].events = POLLIN;
			}
		}
		if (pidfd != -1) {
			pf[n].fd = pidfd;
			pf[n++].events = POLLIN;
		}
		if (poll(pf, (nfds_t)n, wait_ms) <= 0) {
			continue;
		}
		for (i = 0, n = 0; i < P_N; i++) {
			if (p->rd[i] == -1) {
				continue;
			}
			if (pf[n++].revents != 0 && !pump(sp, p->rd[i],
			    p->fdno[i])) {
				close(p->rd[i]);
				p->rd[i] = -1;
			}
		}
	}
	if (pidfd != -1) {
		close(pidfd);
	}
	drain(sp, p);
}

/* Could not start: name the call, keep its errno. */
static int
failed(const char **what, const char *call, int e)
{
	if (what != NULL) {
		*what = call;
	}
	errno = e;
	return -1;
}

int
cds_spawn_run(const struct cds_spawn *sp, struct cds_spawn_result *res,
    const char **what)
{
	struct pipes p;
	int errp[2], status = 0, e = 0, i;
	double t0 = cds_now_ms();
	pid_t pid, parent = getpid();
	ssize_t got;

	memset(res, 0, sizeof(*res));
	res->exit_status = -1;
	if (pipes_open(sp, &p) == -1 || pipe2(errp, O_CLOEXEC) == -1) {
		e = errno;
		pipes_close(&p);
		return failed(what, "pipe", e);
	}
	if ((pid = fork()) == -1) {
		e = errno;
		pipes_close(&p);
		close(errp[0]);
		close(errp[1]);
		return failed(what, "fork", e);
	}
	if (pid == 0) {
		child_exec(sp, &p, errp[1], parent);
	}
	/* as the child does: no window where the group does not exist */
	setpgid(pid, pid);
	close(errp[1]);
	for (i = 0; i < P_N; i++) {
		if (p.wr[i] != -1) {
			close(p.wr[i]);
			p.wr[i] = -1;
		}
	}
	while ((got = read(errp[0], &e, sizeof(e))) == -1 && errno == EINTR) {
	}
	close(errp[0]);
	if (got == (ssize_t)sizeof(e)) {
		while (waitpid(pid, &status, 0) == -1 && errno == EINTR) {
		}
		pipes_close(&p);
		return failed(what, "exec", e);
	}
	collect(sp, &p, pid, res, t0, &status);
	/* nothing it started may outlive it */
	kill(-pid, SIGKILL);
	res->elapsed_ms = cds_now_ms() - t0;
	if (WIFEXITED(status)) {
		res->exit_status = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		res->signal = WTERMSIG(status);
	}
	return 0;
}

/* ---- a program's stdout into a buffer ------------------------------------ */

struct capture {
	char *out;
	size_t max, len;
};

static void
capture_data(void *ctx, int fd, const char *buf, size_t len)
{
	struct capture *c = ctx;
	size_t n;

	(void)fd;
	/* keep what fits, drop the rest: the program never blocks */
	if (c->max == 0 || c->len >= c->max - 1) {
		return;
	}
	n = len < c->max - 1 - c->len ? len : c->max - 1 - c->len;
	memcpy(c->out + c->len, buf, n);
	c->len += n;
	c->out[c->len] = '\0';
}

int
cds_run_capture(char *const *argv, char *const *envp, int timeout_ms,
    char *out, size_t max)
{
	struct cds_spawn sp = {0};
	struct cds_spawn_result res;
	struct capture c;

	if (max > 0) {
		out[0] = '\0';
	}
	c.out = out;
	c.max = max;
	c.len = 0;
	sp.argv = argv;
	sp.envp = envp;
	sp.timeout_ms = timeout_ms;
	sp.out = CDS_SPAWN_PIPE;
	sp.on_data = capture_data;
	sp.ctx = &c;
	if (cds_spawn_run(&sp, &res, NULL) == -1 || res.timed_out ||
	    res.exit_status < 0) {
		return -1;
	}
	return res.exit_status;
}
