/*
 * child.c - the child mechanism (child.h): the parent runs this program
 * again through spawn.c and reads its messages; the child, dispatched by
 * cds_child_serve(), writes them.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/child.h"
#include "sys/spawn.h"

/* The file descriptor a child writes its messages to. */
#define CHILD_FD 3
/* How much of a child's stderr we keep. */
#define ERR_TAIL 2048
/* How much of its output we keep with CDS_CHILD_OUTPUT. */
#define OUTPUT_MAX (64 * 1024)

static int child_host;
static FILE *child_out;
/* The library name the child is dlopen()ing now (cds_dl_open), for the
 * fault handler: what it names when the fault's address is in no file. */
static const char *volatile child_loading;

/* ---- the parent's side -------------------------------------------------- */

int
cds_child_hosted(void)
{
	return child_host;
}

char **
cds_child_env(cds_handle_t *h, char *const *dirs)
{
	struct cds_strv sv = {0};
	struct cds_buf lp = {0};
	const char *old = cds_getenv(h, "LD_LIBRARY_PATH");
	size_t i;

	for (i = 0; dirs != NULL && dirs[i] != NULL; i++) {
		cds_buf_addf(&lp, "%s%s", lp.len > 0 ? ":" : "", dirs[i]);
	}
	if (old != NULL && *old != '\0') {
		cds_buf_addf(&lp, "%s%s", lp.len > 0 ? ":" : "", old);
	}
	for (i = 0; i < h->env.n; i++) {
		if (strncmp(h->env.v[i], "LD_LIBRARY_PATH=", 16) != 0) {
			cds_strv_push(&sv, h->env.v[i]);
		}
	}
	if (lp.len > 0) {
		cds_strv_push_owned(&sv, cds_xasprintf("LD_LIBRARY_PATH=%s",
		    lp.s));
	}
	cds_buf_free(&lp);
	return cds_strv_steal(&sv);
}

void
cds_child_result_clear(struct cds_child_result *r)
{
	free(r->last_step);
	free(r->err_tail);
	free(r->output);
	memset(r, 0, sizeof(*r));
}

char *
cds_child_describe(const struct cds_child_result *r, int timeout_ms)
{
	const char *step = r->last_step != NULL ? r->last_step : "";
	const char *in = r->last_step != NULL ? " in " : "";
	char *ret, *line = NULL;

	if (r->err_tail != NULL) {
		/* the last line it wrote on stderr */
		const char *nl = strrchr(r->err_tail, '\n');

		line = cds_xstrdup(nl != NULL ? nl + 1 : r->err_tail);
	}
	if (r->timed_out) {
		ret = cds_xasprintf("timed out after %d s%s%s",
		    timeout_ms / 1000, in, step);
	} else if (r->signal != 0) {
		ret = cds_xasprintf("killed by signal %d (%s)%s%s",
		    r->signal, strsignal(r->signal), in, step);
	} else {
		ret = cds_xasprintf("exited with status %d%s%s%s%s",
		    r->exit_status, in, step, line != NULL ? ": " : "",
		    line != NULL ? line : "");
	}
	free(line);
	return ret;
}

/* What the parent keeps while a child runs. */
struct reading {
	struct cds_child_result *res;
	struct cds_buf msg;	/* an incomplete message line */
	struct cds_buf err;	/* the tail of stderr (of the output) */
	struct cds_buf out;	/* the head of the output */
	cds_child_msg_cb cb;
	void *ctx;
};

/* Hand each complete line of the message buffer to the callback. */
static void
child_lines(struct reading *rd)
{
	struct cds_buf *buf = &rd->msg;
	char *start = buf->s, *nl;

	while (buf->len > 0 && (nl = memchr(start, '\n',
	    buf->len - (size_t)(start - buf->s))) != NULL) {
		json_t *msg;
		const char *t;

		*nl = '\0';
		msg = json_loads(start, JSON_REJECT_DUPLICATES, NULL);
		start = nl + 1;
		if (!json_is_object(msg)) {
			json_decref(msg);
			continue;	/* noise: not ours */
		}
		t = json_string_value(json_object_get(msg, "t"));
		if (t != NULL && strcmp(t, "step") == 0) {
			free(rd->res->last_step);
			rd->res->last_step = cds_strdup0(json_string_value(
			    json_object_get(msg, "name")));
		} else if (t != NULL && strcmp(t, "ready") == 0) {
			rd->res->ready = 1;
		} else if (t != NULL && strcmp(t, "end") == 0) {
			rd->res->complete = 1;
		}
		if (rd->cb != NULL) {
			rd->cb(rd->ctx, msg);
		}
		json_decref(msg);
	}
	if (start != buf->s) {
		size_t rest = buf->len - (size_t)(start - buf->s);

		memmove(buf->s, start, rest);
		buf->len = rest;
		buf->s[rest] = '\0';
	}
}

static void
child_data(void *ctx, int fd, const char *buf, size_t len)
{
	struct reading *rd = ctx;

	if (fd == CHILD_FD) {
		cds_buf_add(&rd->msg, buf, len);
		child_lines(rd);
		return;
	}
	if (rd->out.len < OUTPUT_MAX) {
		cds_buf_add(&rd->out, buf, len < OUTPUT_MAX - rd->out.len ?
		    len : OUTPUT_MAX - rd->out.len);
	}
	cds_buf_add(&rd->err, buf, len);
	if (rd->err.len > 4 * ERR_TAIL) {
		memmove(rd->err.s, rd->err.s + rd->err.len - ERR_TAIL,
		    ERR_TAIL);
		rd->err.len = ERR_TAIL;
		rd->err.s[ERR_TAIL] = '\0';
	}
}

/* Fill RES from how the process ended and what it wrote. */
static void
child_ended(struct reading *rd, const struct cds_spawn_result *sr,
    unsigned flags)
{
	struct cds_child_result *res = rd->res;

	res->started = 1;
	res->exit_status = sr->exit_status;
	res->signal = sr->timed_out ? 0 : sr->signal;
	res->timed_out = sr->timed_out;
	res->elapsed_ms = sr->elapsed_ms;
	if (rd->err.len > 0) {
		size_t from = rd->err.len > ERR_TAIL ?
		    rd->err.len - ERR_TAIL : 0;

		res->err_tail = cds_strtrim(cds_xstrndup(rd->err.s + from,
		    rd->err.len - from));
		if (*res->err_tail == '\0') {
			free(res->err_tail);
			res->err_tail = NULL;
		}
	}
	if (flags & CDS_CHILD_OUTPUT) {
		res->output = rd->out.s != NULL ? cds_buf_steal(&rd->out) :
		    cds_xstrdup("");
	}
	/* the loader's own failure (a library of ours it cannot load) */
	if (res->exit_status == 127 && !res->ready && !res->complete) {
		res->started = 0;
	}
}

int
cds_child_run(cds_handle_t *h, const char *mode, json_t *arg,
    char *const *envp, int timeout_ms, unsigned flags, cds_child_msg_cb cb,
    void *ctx, struct cds_child_result *res)
{
	struct reading rd = {0};
	struct cds_spawn sp = {0};
	struct cds_spawn_result sr;
	const char *what = NULL;
	char *exe, *argstr, *argv[4];
	int ret = 0;

	memset(res, 0, sizeof(*res));
	if ((exe = cds_readlink("/proc/self/exe")) == NULL) {
		return cds_seterr(h, CDS_ERR_CHILD, "/proc/self/exe: %s",
		    strerror(errno));
	}
	argstr = json_dumps(arg, JSON_COMPACT);
	argv[0] = exe;
	argv[1] = (char *)mode;
	argv[2] = argstr;
	argv[3] = NULL;
	rd.res = res;
	rd.cb = cb;
	rd.ctx = ctx;
	sp.argv = argv;
	sp.envp = envp;
	sp.timeout_ms = timeout_ms;
	sp.out = flags & CDS_CHILD_OUTPUT ? CDS_SPAWN_PIPE : CDS_SPAWN_NULL;
	sp.err = flags & CDS_CHILD_OUTPUT ? CDS_SPAWN_TO_STDOUT :
	    CDS_SPAWN_PIPE;
	sp.msg_fd = CHILD_FD;
	sp.on_data = child_data;
	sp.ctx = &rd;
	sp.cancel = &h->cancelled;
	if (cds_spawn_run(&sp, &sr, &what) == -1) {
		ret = cds_seterr(h, CDS_ERR_CHILD, "%s %s: %s", what, exe,
		    strerror(errno));
	} else {
		child_ended(&rd, &sr, flags);
		if (sr.cancelled) {
			ret = cds_seterr(h, CDS_ERR_CANCELLED, "%s %s: "
			    "stopped", exe, mode);
		}
	}
	cds_buf_free(&rd.msg);
	cds_buf_free(&rd.err);
	cds_buf_free(&rd.out);
	free(exe);
	free(argstr);
	return ret;
}

/* ---- the child's side --------------------------------------------------- */

void
cds_child_send(json_t *msg)
{
	if (child_out != NULL) {
		json_dumpf(msg, child_out, JSON_COMPACT);
		fputc('\n', child_out);
		fflush(child_out);
	}
	json_decref(msg);
}

void
cds_child_step(const char *name)
{
	json_t *m = json_object();

	json_object_set_new(m, "t", json_string("step"));
	json_object_set_new(m, "name", json_string(name));
	cds_child_send(m);
}

/* Send {"t": T}. */
static void
send_mark(const char *t)
{
	json_t *m = json_object();

	json_object_set_new(m, "t", json_string(t));
	cds_child_send(m);
}

/* ---- the child's fault report -------------------------------------------- */

/* Append the JSON string body of S (escaped) to OUT at *N, within MAX. */
static void
fault_add(char *out, size_t *n, size_t max, const char *s, int escape)
{
	for (; *s != '\0' && *n + 7 < max; s++) {
		unsigned char ch = (unsigned char)*s;

		if (escape && (ch == '"' || ch == '\\')) {
			out[(*n)++] = '\\';
			out[(*n)++] = (char)ch;
		} else if (escape && ch < 0x20) {
			out[(*n)++] = '?';
		} else {
			out[(*n)++] = (char)ch;
		}
	}
}

/* The path of the file mapped at address A (from /proc/self/maps, read
 * with read(2) only: this runs in a signal handler) into PATH; 1 found. */
static int
fault_file(uintptr_t a, char *path, size_t max)
{
	static char buf[4096], line[4352];
	size_t len = 0;
	ssize_t r;
	int fd, found = 0;

	if ((fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)) == -1) {
		return 0;
	}
	while (!found && (r = read(fd, buf, sizeof(buf))) > 0) {
		ssize_t i;

		for (i = 0; i < r && !found; i++) {
			uintptr_t lo = 0, hi = 0;
			const char *p, *slash;

			if (buf[i] != '\n') {
				if (len + 1 < sizeof(line)) {
					line[len++] = buf[i];
				}
				continue;
			}
			line[len] = '\0';
			len = 0;
			for (p = line; *p != '-' && *p != '\0'; p++) {
				lo = lo * 16 + (uintptr_t)(*p <= '9' ? *p - '0' :
				    (*p | 0x20) - 'a' + 10);
			}
			for (p += *p == '-'; *p != ' ' && *p != '\0'; p++) {
				hi = hi * 16 + (uintptr_t)(*p <= '9' ? *p - '0' :
				    (*p | 0x20) - 'a' + 10);
			}
			slash = strchr(p, '/');
			if (a >= lo && a < hi && slash != NULL &&
			    strlen(slash) < max) {
				strcpy(path, slash);
				found = 1;
			}
		}
	}
	close(fd);
	return found;
}

/*
 * SIGBUS or SIGSEGV in the child: send {"t":"fault"} with the file whose
 * mapping holds the faulting address (a library cut short: ld.so or the
 * program touched a page past its end), else the library being
 * dlopen()ed, then die of the signal as before.  Only async-signal-safe
 * calls; the line starts with a newline in case a message was half
 * written.
 */
static void
fault_handler(int sig, siginfo_t *si, void *uc)
{
	static char out[4608], path[4096];
	const char *how = NULL, *file = NULL;
	char num[4] = { (char)('0' + sig / 10), (char)('0' + sig % 10), 0 };
	size_t n = 0;

	(void)uc;
	if (fault_file((uintptr_t)si->si_addr, path, sizeof(path))) {
		file = path;
		how = "fault address";
	} else if (child_loading != NULL) {
		file = (const char *)child_loading;
		how = "loading";
	}
	if (file != NULL && child_out != NULL) {
		fault_add(out, &n, sizeof(out), "\n{\"t\":\"fault\",\"signal\":", 0);
		fault_add(out, &n, sizeof(out), num[0] == '0' ? num + 1 : num, 0);
		fault_add(out, &n, sizeof(out), ",\"how\":\"", 0);
		fault_add(out, &n, sizeof(out), how, 0);
		fault_add(out, &n, sizeof(out), "\",\"file\":\"", 0);
		fault_add(out, &n, sizeof(out), file, 1);
		fault_add(out, &n, sizeof(out), "\"}\n", 0);
		if (write(CHILD_FD, out, n) < 0) {
			/* nothing more to do: the signal follows */
		}
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
fault_guard(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fault_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
}

int
cds_child_serve(int argc, char **argv, const struct cds_child_mode *modes)
{
	const struct cds_child_mode *m;
	json_t *arg;
	int ret;

	child_host = 1;
	if (argc < 2) {
		return -1;
	}
	for (m = modes; m->name != NULL && strcmp(argv[1], m->name) != 0;
	    m++) {
	}
	if (m->name == NULL) {
		return -1;
	}
	if (argc < 3 || fcntl(CHILD_FD, F_GETFD) == -1) {
		fprintf(stderr, "%s: internal command, run by the program "
		    "itself\n", argv[0]);
		return 2;
	}
	if ((child_out = fdopen(CHILD_FD, "w")) == NULL ||
	    (arg = json_loads(argv[2], 0, NULL)) == NULL) {
		return 2;
	}
	send_mark("ready");
	fault_guard();
	ret = m->run(arg);
	send_mark("end");
	json_decref(arg);
	fclose(child_out);
	child_out = NULL;
	if (m->quick_exit) {
		_exit(ret);
	}
	return ret;
}

void *
cds_dl_open(const char *name, int flags, char **path, char **real,
    char **err)
{
	struct link_map *lm = NULL;
	void *lib;

	*path = *real = *err = NULL;
	dlerror();
	child_loading = name;
	lib = dlopen(name, flags);
	child_loading = NULL;
	if (lib == NULL) {
		const char *e = dlerror();

		*err = cds_xstrdup(e != NULL ? e : "dlopen failed");
		return NULL;
	}
	if (dlinfo(lib, RTLD_DI_LINKMAP, &lm) == 0 && lm != NULL &&
	    lm->l_name != NULL && *lm->l_name != '\0') {
		*path = cds_xstrdup(lm->l_name);
		*real = realpath(lm->l_name, NULL);
	}
	return lib;
}

const char *
cds_msg_str(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

int
cds_msg_int(json_t *o, const char *key, int def)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) ? (int)json_integer_value(v) : def;
}
