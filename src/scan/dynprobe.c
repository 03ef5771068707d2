/*
 * dynprobe.c - MAPS: what ld.so really does with the target environment.
 * A child (child.h: this program again, so that ld.so reads
 * LD_LIBRARY_PATH at its start) dlopen()s the libraries and reports, one
 * JSON object per line, as it goes: a crash in the third library still
 * leaves the first two answered.
 *
 * Protocol, child to parent, after the mechanism's {"t":"ready"}:
 *   {"begin": I}                          about to load library I
 *   {"i": I, "ok": B, "error": S, "path": S, "cudnn_version": N,
 *    "mapped": [S...]}                    library I done
 *   {"maps": [S...]}                      all done
 * stdout and stderr of the child are captured together.
 */
#include "config.h"

#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "sys/child.h"
#include "scan/dynprobe.h"
#include "sys/handle.h"

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
cds_dlprobe_child(json_t *arg)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
	json_t *libs = json_object_get(arg, "libs");
	struct sigaction sa;
	size_t k, i;

	/* a crash must end the child by its signal, whatever handler a
	 * sanitizer or a preloaded library installed before main() */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < sizeof(fatal) / sizeof(fatal[0]); k++) {
		sigaction(fatal[k], &sa, NULL);
	}
	for (i = 0; i < json_array_size(libs); i++) {
		const char *name = json_string_value(json_array_get(libs, i));
		struct link_map *lm = NULL;
		const char *err;
		json_t *o;
		void *hd;

		if (name == NULL) {
			continue;
		}
		cds_child_send(json_pack("{s:i}", "begin", (int)i));
		hd = dlopen(name, RTLD_NOW | RTLD_LOCAL);
		o = json_pack("{s:i, s:b}", "i", (int)i, "ok", hd != NULL);
		if (hd != NULL) {
			json_object_set_new(o, "error", json_null());
			if (dlinfo(hd, RTLD_DI_LINKMAP, &lm) == 0) {
				json_object_set_new(o, "path",
				    json_string(lm->l_name));
				json_object_set_new(o, "cudnn_version",
				    json_integer(own_cudnn_version(hd, lm)));
			}
			json_object_set_new(o, "mapped", read_maps());
			cds_child_send(o);
			continue;
		}
		err = dlerror();
		json_object_set_new(o, "error",
		    json_string(err != NULL ? err : ""));
		/* the answer first: the retry below may crash */
		cds_child_send(o);
		/* what ld.so had picked before binding failed */
		hd = dlopen(name, RTLD_LAZY | RTLD_LOCAL);
		if (hd != NULL) {
			o = json_pack("{s:i, s:b}", "i", (int)i, "retry", 1);
			if (dlinfo(hd, RTLD_DI_LINKMAP, &lm) == 0) {
				json_object_set_new(o, "path",
				    json_string(lm->l_name));
			}
			json_object_set_new(o, "mapped", read_maps());
			dlclose(hd);
			cds_child_send(o);
		}
	}
	cds_child_send(json_pack("{s:o}", "maps", read_maps()));
	/* no atexit handlers, no destructors of what we loaded: the
	 * mechanism leaves with _exit() (children.c) */
	return 0;
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

/* What the parent keeps while the child runs. */
struct probe_run {
	struct cds_dlprobe *p;
	long begun;		/* the library being loaded, or -1 */
};

static void
take_lib(struct cds_dlprobe_lib *l, json_t *o)
{
	const char *s;

	l->reached = 1;
	if (!json_is_true(json_object_get(o, "retry"))) {
		l->ok = json_is_true(json_object_get(o, "ok"));
		s = json_string_value(json_object_get(o, "error"));
		free(l->error);
		l->error = cds_strdup0(s);
		l->cudnn_version = (long)json_integer_value(
		    json_object_get(o, "cudnn_version"));
	}
	if ((s = json_string_value(json_object_get(o, "path"))) != NULL &&
	    *s != '\0') {
		free(l->path);
		l->path = cds_xstrdup(s);
	}
	cds_strfreev(l->mapped);
	l->mapped = strv_from_json(json_object_get(o, "mapped"));
}

static void
take_msg(void *ctx, json_t *o)
{
	struct probe_run *run = ctx;
	struct cds_dlprobe *p = run->p;
	json_t *v;

	if ((v = json_object_get(o, "begin")) != NULL &&
	    json_is_integer(v)) {
		json_int_t i = json_integer_value(v);

		if (i >= 0 && (size_t)i < p->nlibs) {
			p->libs[i].reached = 1;
			run->begun = (long)i;
		}
	} else if ((v = json_object_get(o, "i")) != NULL &&
	    json_is_integer(v)) {
		json_int_t i = json_integer_value(v);

		if (i >= 0 && (size_t)i < p->nlibs) {
			take_lib(&p->libs[i], o);
			run->begun = -1;
		}
	} else if ((v = json_object_get(o, "maps")) != NULL) {
		cds_strfreev(p->maps);
		p->maps = strv_from_json(v);
	}
}

/* The result's fields from how the child ended; never NULL lists. */
static void
take_end(struct cds_dlprobe *p, const struct cds_child_result *res,
    long begun)
{
	size_t i;

	p->timed_out = res->timed_out;
	p->elapsed_ms = res->elapsed_ms;
	p->exit_status = res->exit_status;
	p->signal = res->timed_out ? SIGKILL : res->signal;
	p->output = cds_strdup0(res->output != NULL ? res->output : "");
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
}

/* CDS_ERR_CHILD: the child never said it was ready. */
static void
not_started(cds_handle_t *h, const struct cds_dlprobe *p)
{
	size_t n = strcspn(p->output, "\n");
	char *exe = cds_readlink("/proc/self/exe");
	char *why = p->timed_out ? cds_xstrdup("timed out") :
	    p->signal != 0 ? cds_xstrdup(strsignal(p->signal)) :
	    cds_xasprintf("exit status %d", p->exit_status);

	cds_seterr(h, CDS_ERR_CHILD, "%s: the probe did not start "
	    "(%s)%s%.*s", exe != NULL ? exe : CDS_CHILD_DLPROBE, why,
	    n > 0 ? ": " : "", (int)(n > 200 ? 200 : n), p->output);
	free(exe);
	free(why);
}

struct cds_dlprobe *
cds_dlprobe_run(cds_handle_t *h, char *const *libs, unsigned timeout_ms)
{
	struct cds_child_result res = {0};
	struct probe_run run;
	struct cds_dlprobe *p;
	json_t *arg, *a;
	size_t i;

	if (*h->root != '\0') {
		cds_seterr_why(h, CDS_ERR_UNSUPPORTED, CDS_REASON_OTHER_SYSTEM,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "root" },
		    { CDS_ERRARG_VALUE, h->root }), "root %s: the libraries of "
		    "another system cannot be loaded here", h->root);
		return NULL;
	}
	if (libs == NULL || libs[0] == NULL) {
		cds_seterr(h, CDS_ERR_USAGE, "no library to probe");
		return NULL;
	}
	p = cds_xcalloc(1, sizeof(*p));
	p->nlibs = cds_strv_len(libs);
	p->libs = cds_xcalloc(p->nlibs, sizeof(*p->libs));
	a = json_array();
	for (i = 0; i < p->nlibs; i++) {
		p->libs[i].name = cds_xstrdup(libs[i]);
		json_array_append_new(a, json_string(libs[i]));
	}
	arg = json_pack("{s:o}", "libs", a);
	run.p = p;
	run.begun = -1;
	if (cds_child_run(h, CDS_CHILD_DLPROBE, arg, h->env.v != NULL ?
	    h->env.v : (char *[]){ NULL }, timeout_ms != 0 ? (int)timeout_ms :
	    5000, CDS_CHILD_OUTPUT, take_msg, &run, &res) == -1) {
		/* the error is cds_child_run()'s */
		json_decref(arg);
		cds_dlprobe_free(p);
		return NULL;
	}
	json_decref(arg);
	take_end(p, &res, run.begun);
	if (!res.ready) {
		not_started(h, p);
		cds_child_result_clear(&res);
		cds_dlprobe_free(p);
		return NULL;
	}
	cds_child_result_clear(&res);
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
