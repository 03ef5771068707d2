/*
 * dynprobe.c - MAPS: what ld.so really does with the target environment.
 * A child process (this program again, through /proc/self/exe, so that
 * ld.so reads LD_LIBRARY_PATH at its start) dlopen()s the libraries and
 * reports over a pipe, one JSON object per line, as it goes: a crash in
 * the third library still leaves the first two answered.
 *
 * Protocol, child to parent on fd 3:
 *   {"ready": true}                       started
 *   {"begin": I}                          about to load library I
 *   {"i": I, "ok": B, "error": S, "path": S, "cudnn_version": N,
 *    "mapped": [S...]}                    library I done
 *   {"maps": [S...]}                      all done
 * stdout and stderr of the child are captured separately.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "handle.h"

#define RESULT_FD	3
#define OUTPUT_MAX	(64 * 1024)
#define RESULT_MAX	(4 * 1024 * 1024)

/* ---- the child -------------------------------------------------------- */

/* A CUDA library by its file name: libcu*, libnv* (not libcurl). */
static int
cuda_file(const char *path)
{
	const char *b = strrchr(path, '/');

	b = b == NULL ? path : b + 1;
	if (strncmp(b, "libcurl", 7) == 0) {
		return 0;
	}
	return strncmp(b, "libcu", 5) == 0 || strncmp(b, "libnv", 5) == 0;
}

/* The CUDA files of /proc/self/maps, in address order, once each. */
static json_t *
read_maps(void)
{
	json_t *a = json_array();
	char line[4096];
	FILE *f = fopen("/proc/self/maps", "re");

	if (f == NULL) {
		return a;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		char *p = strchr(line, '/');
		size_t i, len;
		int seen = 0;

		if (p == NULL) {
			continue;
		}
		len = strlen(p);
		if (len > 0 && p[len - 1] == '\n') {
			p[--len] = '\0';
		}
		if (!cuda_file(p)) {
			continue;
		}
		for (i = 0; i < json_array_size(a); i++) {
			if (strcmp(json_string_value(json_array_get(a, i)),
			    p) == 0) {
				seen = 1;
				break;
			}
		}
		if (!seen) {
			json_array_append_new(a, json_string(p));
		}
	}
	fclose(f);
	return a;
}

static void
send_line(json_t *o)
{
	char *s = json_dumps(o, JSON_COMPACT);
	size_t len, off = 0;

	json_decref(o);
	if (s == NULL) {
		return;
	}
	len = strlen(s);
	s[len++] = '\n';	/* replaces the NUL: json_dumps sized it */
	while (off < len) {
		ssize_t n = write(RESULT_FD, s + off, len - off);

		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			break;
		}
		off += (size_t)n;
	}
	free(s);
}

/* The library's own cudnnGetVersion(), not one of its dependencies'. */
static long
own_cudnn_version(void *hd, const struct link_map *lm)
{
	size_t (*fn)(void);
	Dl_info info;
	void *sym = dlsym(hd, "cudnnGetVersion");

	if (sym == NULL || dladdr(sym, &info) == 0 ||
	    info.dli_fname == NULL || strcmp(info.dli_fname, lm->l_name) != 0) {
		return 0;
	}
	*(void **)&fn = sym;
	return (long)fn();
}

int
cds_dlprobe_is_child(int argc, char **argv)
{
	return argc >= 2 && strcmp(argv[1], CDS_DLPROBE_ARG) == 0;
}

int
cds_dlprobe_child(int argc, char **argv)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
	struct sigaction sa;
	size_t k;
	int i;

	/* a crash must end the child by its signal, whatever handler a
	 * sanitizer or a preloaded library installed before main() */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < sizeof(fatal) / sizeof(fatal[0]); k++) {
		sigaction(fatal[k], &sa, NULL);
	}
	send_line(json_pack("{s:b}", "ready", 1));
	for (i = 2; i < argc; i++) {
		struct link_map *lm = NULL;
		const char *err;
		json_t *o;
		void *hd;

		send_line(json_pack("{s:i}", "begin", i - 2));
		hd = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
		o = json_pack("{s:i, s:b}", "i", i - 2, "ok", hd != NULL);
		if (hd != NULL) {
			json_object_set_new(o, "error", json_null());
			if (dlinfo(hd, RTLD_DI_LINKMAP, &lm) == 0) {
				json_object_set_new(o, "path",
				    json_string(lm->l_name));
				json_object_set_new(o, "cudnn_version",
				    json_integer(own_cudnn_version(hd, lm)));
			}
			json_object_set_new(o, "mapped", read_maps());
			send_line(o);
			continue;
		}
		err = dlerror();
		json_object_set_new(o, "error",
		    json_string(err != NULL ? err : ""));
		/* the answer first: the retry below may crash */
		send_line(o);
		/* what ld.so had picked before binding failed */
		hd = dlopen(argv[i], RTLD_LAZY | RTLD_LOCAL);
		if (hd != NULL) {
			o = json_pack("{s:i, s:b}", "i", i - 2, "retry", 1);
			if (dlinfo(hd, RTLD_DI_LINKMAP, &lm) == 0) {
				json_object_set_new(o, "path",
				    json_string(lm->l_name));
			}
			json_object_set_new(o, "mapped", read_maps());
			dlclose(hd);
			send_line(o);
		}
	}
	send_line(json_pack("{s:o}", "maps", read_maps()));
	/* no atexit handlers, no destructors of what we loaded */
	_exit(0);
}

/* ---- the parent ------------------------------------------------------- */

static char **
strv_from_json(json_t *a)
{
	struct cds_strv sv = {0};
	size_t i;

	for (i = 0; json_is_array(a) && i < json_array_size(a); i++) {
		const char *s = json_string_value(json_array_get(a, i));

		if (s != NULL) {
			cds_strv_push(&sv, s);
		}
	}
	return cds_strv_steal(&sv);
}

static void
apply_line(struct cds_dlprobe *p, const char *line, int *ready,
    long *begun)
{
	json_t *o = json_loads(line, 0, NULL), *v;

	if (o == NULL) {
		return;
	}
	if (json_is_true(json_object_get(o, "ready"))) {
		*ready = 1;
	} else if ((v = json_object_get(o, "begin")) != NULL &&
	    json_is_integer(v)) {
		json_int_t i = json_integer_value(v);

		if (i >= 0 && (size_t)i < p->nlibs) {
			p->libs[i].reached = 1;
			*begun = (long)i;
		}
	} else if ((v = json_object_get(o, "i")) != NULL &&
	    json_is_integer(v)) {
		json_int_t i = json_integer_value(v);
		struct cds_dlprobe_lib *l;
		const char *s;

		if (i >= 0 && (size_t)i < p->nlibs) {
			l = &p->libs[i];
			l->reached = 1;
			if (!json_is_true(json_object_get(o, "retry"))) {
				l->ok = json_is_true(json_object_get(o, "ok"));
				s = json_string_value(json_object_get(o,
				    "error"));
				free(l->error);
				l->error = cds_strdup0(s);
				l->cudnn_version = (long)json_integer_value(
				    json_object_get(o, "cudnn_version"));
			}
			if ((s = json_string_value(json_object_get(o,
			    "path"))) != NULL && *s != '\0') {
				free(l->path);
				l->path = cds_xstrdup(s);
			}
			cds_strfreev(l->mapped);
			l->mapped = strv_from_json(json_object_get(o,
			    "mapped"));
			*begun = -1;
		}
	} else if ((v = json_object_get(o, "maps")) != NULL) {
		cds_strfreev(p->maps);
		p->maps = strv_from_json(v);
	}
	json_decref(o);
}

/* Read what is there on FD into B (at most MAX kept); 0 at EOF. */
static int
drain(int fd, struct cds_buf *b, size_t max)
{
	char chunk[8192];
	ssize_t n;

	errno = 0;
	n = read(fd, chunk, sizeof(chunk));
	if (n < 0) {
		return errno == EINTR || errno == EAGAIN ? 1 : 0;
	}
	if (n == 0) {
		return 0;
	}
	if (b->len < max) {
		size_t keep = (size_t)n;

		if (keep > max - b->len) {
			keep = max - b->len;
		}
		cds_buf_add(b, chunk, keep);
	}
	return 1;
}

/* In the child, between fork() and exec: async-signal-safe calls only. */
static void
child_exec(const char *exe, int res_w, int out_w, char *const *argv,
    char *const *envp)
{
	int fd;

	/* its own process group: whatever it starts is killed with it */
	setpgid(0, 0);
	if (dup2(res_w, RESULT_FD) == -1 || dup2(out_w, 1) == -1 ||
	    dup2(out_w, 2) == -1) {
		_exit(126);
	}
	fd = open("/dev/null", O_RDONLY);
	if (fd > 0) {
		dup2(fd, 0);
	}
	for (fd = RESULT_FD + 1; fd < 1024; fd++) {
		close(fd);
	}
	execve(exe, argv, envp);
	(void)write(2, "cannot run the probe\n", 21);
	_exit(127);
}

/*
 * Wait for the child until DEADLINE (0: kill it now), then kill its
 * process group and wait for good.
 */
static void
reap(pid_t pid, int *status, double deadline, int *timed_out)
{
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid || (r == -1 && errno != EINTR)) {
			return;
		}
		if (cds_now_ms() >= deadline) {
			*timed_out = 1;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, status, 0) == -1 &&
			    errno == EINTR) {
				continue;
			}
			return;
		}
		poll(NULL, 0, 10);
	}
}

struct cds_dlprobe *
cds_dlprobe_run(cds_handle_t *h, char *const *libs, unsigned timeout_ms)
{
	struct cds_buf res = {0}, out = {0};
	struct cds_dlprobe *p;
	char exe[4096], **argv, *noenv[] = { NULL };
	double t0 = cds_now_ms(), deadline;
	int resp[2], outp[2], status = 0, ready = 0, res_open = 1, reaped = 0;
	int out_open = 1;
	long begun = -1;
	ssize_t len;
	pid_t pid;
	size_t i;

	if (*h->root != '\0') {
		cds_seterr(h, CDS_ERR_UNSUPPORTED, "--root %s: the libraries "
		    "of another system cannot be loaded here", h->root);
		return NULL;
	}
	if (libs == NULL || libs[0] == NULL) {
		cds_seterr(h, CDS_ERR_USAGE, "no library to probe");
		return NULL;
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0) {
		cds_seterr(h, CDS_ERR_CHILD, "/proc/self/exe: %s",
		    strerror(errno));
		return NULL;
	}
	exe[len] = '\0';
	if (timeout_ms == 0) {
		timeout_ms = 5000;
	}
	if (pipe2(resp, O_CLOEXEC) == -1) {
		cds_seterr(h, CDS_ERR_CHILD, "pipe: %s", strerror(errno));
		return NULL;
	}
	if (pipe2(outp, O_CLOEXEC) == -1) {
		cds_seterr(h, CDS_ERR_CHILD, "pipe: %s", strerror(errno));
		close(resp[0]);
		close(resp[1]);
		return NULL;
	}
	argv = cds_xcalloc(cds_strv_len(libs) + 3, sizeof(char *));
	argv[0] = exe;
	argv[1] = (char *)CDS_DLPROBE_ARG;
	for (i = 0; libs[i] != NULL; i++) {
		argv[i + 2] = libs[i];
	}
	fflush(NULL);
	pid = fork();
	if (pid == -1) {
		cds_seterr(h, CDS_ERR_CHILD, "fork: %s", strerror(errno));
		free(argv);
		close(resp[0]);
		close(resp[1]);
		close(outp[0]);
		close(outp[1]);
		return NULL;
	}
	if (pid == 0) {
		child_exec(exe, resp[1], outp[1], argv,
		    h->env.v != NULL ? h->env.v : noenv);
	}
	/* as the child does: no window where the group does not exist */
	setpgid(pid, pid);
	free(argv);
	close(resp[1]);
	close(outp[1]);

	p = cds_xcalloc(1, sizeof(*p));
	p->nlibs = cds_strv_len(libs);
	p->libs = cds_xcalloc(p->nlibs, sizeof(*p->libs));
	for (i = 0; i < p->nlibs; i++) {
		p->libs[i].name = cds_xstrdup(libs[i]);
	}

	deadline = t0 + timeout_ms;
	while (res_open || out_open) {
		struct pollfd fds[2];
		double now = cds_now_ms();
		int nfds = 0, r, wait_ms;

		if (now >= deadline) {
			p->timed_out = 1;
			break;
		}
		if (res_open) {
			fds[nfds].fd = resp[0];
			fds[nfds++].events = POLLIN;
		}
		if (out_open) {
			fds[nfds].fd = outp[0];
			fds[nfds++].events = POLLIN;
		}
		/* wake up now and then: the pipes may outlive the child */
		wait_ms = (int)(deadline - now) + 1;
		r = poll(fds, (nfds_t)nfds, wait_ms < 100 ? wait_ms : 100);
		if (r < 0 && errno != EINTR) {
			break;
		}
		for (i = 0; r > 0 && i < (size_t)nfds; i++) {
			if (fds[i].revents == 0) {
				continue;
			}
			if (fds[i].fd == resp[0]) {
				res_open = drain(resp[0], &res, RESULT_MAX);
			} else {
				out_open = drain(outp[0], &out, OUTPUT_MAX);
			}
		}
		if (!reaped && waitpid(pid, &status, WNOHANG) == pid) {
			/* gone, but something it started may hold the pipes:
			 * take what is there and stop */
			reaped = 1;
			fcntl(resp[0], F_SETFL, O_NONBLOCK);
			fcntl(outp[0], F_SETFL, O_NONBLOCK);
			while (res_open && drain(resp[0], &res, RESULT_MAX) &&
			    errno != EAGAIN) {
				continue;
			}
			while (out_open && drain(outp[0], &out, OUTPUT_MAX) &&
			    errno != EAGAIN) {
				continue;
			}
			break;
		}
	}
	close(resp[0]);
	close(outp[0]);
	if (!reaped) {
		reap(pid, &status, p->timed_out ? 0 : deadline, &p->timed_out);
	}
	/* nothing the libraries started may outlive the probe */
	kill(-pid, SIGKILL);
	p->elapsed_ms = cds_now_ms() - t0;
	if (WIFEXITED(status)) {
		p->exit_status = WEXITSTATUS(status);
	} else {
		p->exit_status = -1;
		p->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	}
	if (res.s != NULL) {
		char *line = res.s, *nl;

		while ((nl = strchr(line, '\n')) != NULL) {
			*nl = '\0';
			apply_line(p, line, &ready, &begun);
			line = nl + 1;
		}
	}
	cds_buf_free(&res);
	p->output = out.s != NULL ? cds_buf_steal(&out) : cds_xstrdup("");
	if (begun >= 0 && p->signal != 0 && !p->timed_out) {
		p->libs[begun].signal = p->signal;
	}
	for (i = 0; i < p->nlibs; i++) {
		if (p->libs[i].mapped == NULL) {
			p->libs[i].mapped = cds_xcalloc(1, sizeof(char *));
		}
	}
	if (p->maps == NULL) {
		p->maps = cds_xcalloc(1, sizeof(char *));
	}
	if (!ready) {
		size_t n = strcspn(p->output, "\n");
		char *why = p->timed_out ? cds_xstrdup("timed out") :
		    p->signal != 0 ? cds_xstrdup(strsignal(p->signal)) :
		    cds_xasprintf("exit status %d", p->exit_status);

		cds_seterr(h, CDS_ERR_CHILD, "%s: the probe did not start "
		    "(%s)%s%.*s", exe, why, n > 0 ? ": " : "",
		    (int)(n > 200 ? 200 : n), p->output);
		free(why);
		cds_dlprobe_free(p);
		return NULL;
	}
	return p;
}

void
cds_dlprobe_free(struct cds_dlprobe *p)
{
	size_t i;

	if (p == NULL) {
		return;
	}
	for (i = 0; i < p->nlibs; i++) {
		free(p->libs[i].name);
		free(p->libs[i].error);
		free(p->libs[i].path);
		cds_strfreev(p->libs[i].mapped);
	}
	free(p->libs);
	cds_strfreev(p->maps);
	free(p->output);
	free(p);
}
