/*
 * ldmatrix.c - the comparer of the loader matrix (tests/tools/ldmatrix.sh):
 * for each case, the real ld.so (tests/tools/lddlopen.c run inside the
 * case's throwaway root with chroot) against the emulation
 * (cds_loader_resolve_seq() on the same root), request by request.
 *
 *   ldmatrix [-j JOBS] [--figure] BASE CASES
 *
 * CASES holds one case a line, fields separated by tabs:
 *   CLASS  ROOT  ENV  NAME...
 * CLASS names the kind of case ("limit:..." for a documented limit of the
 * emulation: run and shown, never counted); ROOT is a directory under
 * BASE holding /lddlopen and a C library; ENV is "-" or NAME=VALUE words
 * separated by spaces (LD_LIBRARY_PATH=..., LD_PRELOAD=...); each NAME is
 * dlopen()ed by the program in turn.  Lines starting with '#' are
 * comments.
 *
 * One check is one request: the two agree when both fail with the same
 * text, or both load and the objects it added are the same paths in the
 * same order.  Before the requests, the program's own libraries (its
 * PT_INTERP and DT_NEEDED, read from /lddlopen) are requested in the
 * emulation too, as ld.so loaded them at start; they must agree, or the
 * comparison is void (exit 3).
 *
 * Output: a line for each disagreement with both sides, a line per class
 * ("class NAME: N of M"), the excluded limits, and last
 *   loader agreement with ld.so: N of M (P%)
 * With --figure, only that last line.  Exit 0, or 3 when the matrix could
 * not run.  Not installed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cds.h"
#include "read/elfread.h"
#include "scan/loader.h"
#include "base/util.h"

#define DRIVER		"/lddlopen"
#define DEADLINE_MS	120000
#define MAX_OUTPUT	(1 << 20)

struct kase {
	char *cls;
	char *root;
	char *env;
	char **names;		/* the requests */
	size_t nnames;
	int line;
};

/* One side's answer to one request. */
struct answer {
	int reached;		/* the real side: a result line was seen */
	char *error;		/* NULL: it loaded */
	struct cds_strv objs;	/* the objects it added, in order */
};

/* Everything the real program said for a case. */
struct real {
	struct cds_strv start;
	struct answer *ans;
	size_t n;
	char *died;		/* how it ended, when not with status 0 */
};

static void
answer_clear(struct answer *a)
{
	free(a->error);
	cds_strv_clear(&a->objs);
	memset(a, 0, sizeof(*a));
}

static void
kase_free(struct kase *k)
{
	free(k->cls);
	free(k->root);
	free(k->env);
	cds_strfreev(k->names);
}

/* Read the case file: 0, or -1 with a message. */
static int
read_cases(const char *path, struct kase **out, size_t *n)
{
	char *text = cds_read_file(path, 16 << 20, NULL), **lines;
	struct kase *v = NULL;
	size_t i, nv = 0;

	if (text == NULL) {
		fprintf(stderr, "ldmatrix: %s: %s\n", path, strerror(errno));
		return -1;
	}
	lines = cds_strsplit(text, "\n", 0);
	free(text);
	for (i = 0; lines[i] != NULL; i++) {
		char **f;
		struct kase *k;
		size_t nf;

		if (lines[i][0] == '\0' || lines[i][0] == '#') {
			continue;
		}
		f = cds_strsplit(lines[i], "\t", 0);
		nf = cds_strv_len(f);
		if (nf < 4) {
			fprintf(stderr, "ldmatrix: %s:%zu: fewer than four "
			    "fields\n", path, i + 1);
			cds_strfreev(f);
			continue;
		}
		v = cds_xreallocarray(v, nv + 1, sizeof(*v));
		k = &v[nv++];
		k->cls = cds_xstrdup(f[0]);
		k->root = cds_xstrdup(f[1]);
		k->env = cds_xstrdup(f[2]);
		k->nnames = nf - 3;
		k->names = cds_xcalloc(nf - 2, sizeof(char *));
		memcpy(k->names, f + 3, (nf - 3) * sizeof(char *));
		k->line = (int)i + 1;
		free(f[0]);
		free(f[1]);
		free(f[2]);
		free(f);
	}
	cds_strfreev(lines);
	*out = v;
	*n = nv;
	return 0;
}

/* The environment words of a case: NULL-terminated, never NULL. */
static char **
env_words(const struct kase *k)
{
	if (strcmp(k->env, "-") == 0) {
		return cds_xcalloc(1, sizeof(char *));
	}
	return cds_strsplit(k->env, " ", 0);
}

/* ---- the real ld.so -------------------------------------------------- */

static void
parse_real(struct real *r, const struct kase *k, char *out)
{
	char **lines = cds_strsplit(out, "\n", 0);
	size_t i;

	r->n = k->nnames;
	r->ans = cds_xcalloc(r->n + 1, sizeof(*r->ans));
	for (i = 0; lines[i] != NULL; i++) {
		char **f = cds_strsplit(lines[i], "\t", 0);
		size_t nf = cds_strv_len(f);
		unsigned long idx = nf > 1 ? strtoul(f[1], NULL, 10) : 0;

		if (nf == 2 && strcmp(f[0], "start") == 0) {
			cds_strv_push(&r->start, f[1]);
		} else if (nf >= 3 && strcmp(f[0], "req") == 0 &&
		    idx < r->n) {
			r->ans[idx].reached = 1;
			if (strcmp(f[2], "err") == 0) {
				r->ans[idx].error = cds_xstrdup(nf > 3 ?
				    f[3] : "");
			}
		} else if (nf == 3 && strcmp(f[0], "obj") == 0 &&
		    idx < r->n) {
			cds_strv_push(&r->ans[idx].objs, f[2]);
		}
		cds_strfreev(f);
	}
	cds_strfreev(lines);
}

/* Run the program for case K inside BASE/ROOT; fills R. */
static void
run_real(const char *base, const struct kase *k, struct real *r)
{
	char *root = cds_path_join(base, k->root), **ev = env_words(k);
	struct cds_buf out = {0};
	int p[2], status = 0;
	double t0 = cds_now_ms();
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe(p) == -1) {
		r->died = cds_xasprintf("pipe: %s", strerror(errno));
		goto fail;
	}
	pid = fork();
	if (pid == -1) {
		r->died = cds_xasprintf("fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		goto fail;
	}
	if (pid == 0) {
		char **argv = cds_xcalloc(k->nnames + 2, sizeof(char *));
		size_t i, ne = cds_strv_len(ev);
		char **envp = cds_xcalloc(ne + 2, sizeof(char *));

		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		close(p[1]);
		setpgid(0, 0);
		if (chroot(root) == -1 || chdir("/") == -1) {
			printf("chroot %s: %s\n", root, strerror(errno));
			_exit(120);
		}
		argv[0] = (char *)DRIVER;
		for (i = 0; i < k->nnames; i++) {
			argv[i + 1] = k->names[i];
		}
		envp[0] = (char *)"PATH=/";
		for (i = 0; i < ne; i++) {
			envp[i + 1] = ev[i];
		}
		execve(DRIVER, argv, envp);
		printf("exec %s%s: %s\n", root, DRIVER, strerror(errno));
		_exit(121);
	}
	close(p[1]);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	for (;;) {
		struct pollfd pfd = { p[0], POLLIN, 0 };
		char buf[8192];
		ssize_t n;
		double left = DEADLINE_MS - (cds_now_ms() - t0);

		if (left <= 0) {
			kill(-pid, SIGKILL);
			r->died = cds_xasprintf("killed after %d s",
			    DEADLINE_MS / 1000);
			break;
		}
		if (poll(&pfd, 1, (int)left) <= 0) {
			continue;
		}
		n = read(p[0], buf, sizeof(buf));
		if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
			continue;
		}
		if (n <= 0) {
			break;
		}
		if (out.len < MAX_OUTPUT) {
			cds_buf_add(&out, buf, (size_t)n);
		}
	}
	close(p[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR) {
	}
	if (r->died == NULL && WIFSIGNALED(status)) {
		r->died = cds_xasprintf("killed by signal %d",
		    WTERMSIG(status));
	} else if (r->died == NULL && WEXITSTATUS(status) != 0) {
		r->died = cds_xasprintf("exit status %d",
		    WEXITSTATUS(status));
	}
	cds_buf_add(&out, "", 1);
	parse_real(r, k, out.s);
	if (r->died != NULL) {
		/* what it said on the way out: the last line not ours */
		char **lines = cds_strsplit(out.s, "\n", 1), *last = NULL;
		size_t i;

		for (i = 0; lines[i] != NULL; i++) {
			if (lines[i][0] != '\0' &&
			    strncmp(lines[i], "req\t", 4) != 0 &&
			    strncmp(lines[i], "obj\t", 4) != 0 &&
			    strncmp(lines[i], "start\t", 6) != 0) {
				last = lines[i];
			}
		}
		if (last != NULL) {
			char *d = cds_xasprintf("%s: %s", r->died, last);

			free(r->died);
			r->died = d;
		}
		cds_strfreev(lines);
	}
	cds_buf_free(&out);
	free(root);
	cds_strfreev(ev);
	return;
fail:
	r->n = k->nnames;
	r->ans = cds_xcalloc(r->n + 1, sizeof(*r->ans));
	free(root);
	cds_strfreev(ev);
}

static void
real_free(struct real *r)
{
	size_t i;

	cds_strv_clear(&r->start);
	for (i = 0; i < r->n; i++) {
		answer_clear(&r->ans[i]);
	}
	free(r->ans);
	free(r->died);
}

/* ---- the emulation --------------------------------------------------- */

/*
 * Emulate case K: the program's own libraries first, then the requests.
 * EMU gets one answer per request, START the objects of the program's
 * libraries.  -1 when the emulation cannot run (message in *why).
 */
static int
run_emulated(const char *base, const struct kase *k, struct answer *emu,
    struct cds_strv *start, char **why)
{
	char *root = cds_path_join(base, k->root), *drv, **ev;
	struct cds_ld_request *reqs;
	struct cds_ld_resolution *res;
	struct cds_elf *e;
	cds_handle_t *h;
	size_t nsetup = 0, i, j;
	char *const *need;
	int err;

	h = cds_new(root, &err);
	free(root);
	if (h == NULL) {
		*why = cds_xasprintf("cds_new: %s", cds_strerror(err));
		return -1;
	}
	ev = env_words(k);
	for (i = 0; ev[i] != NULL; i++) {
		char *eq = strchr(ev[i], '=');

		if (eq != NULL) {
			*eq = '\0';
			cds_setenv(h, ev[i], eq + 1);
		}
	}
	cds_strfreev(ev);
	drv = cds_path_join(cds_root(h), DRIVER);
	e = cds_elf_open(h, drv);
	free(drv);
	if (e == NULL) {
		*why = cds_xasprintf("%s", cds_errdetail(h));
		cds_free(h);
		return -1;
	}
	need = cds_elf_needed(e);
	reqs = cds_xcalloc(cds_strv_len(need) + 1 + k->nnames,
	    sizeof(*reqs));
	if (cds_elf_interp(e) != NULL) {
		reqs[nsetup].name = cds_elf_interp(e);
		reqs[nsetup++].caller = CDS_LD_NONE;
	}
	for (i = 0; need[i] != NULL; i++) {
		reqs[nsetup].name = need[i];
		reqs[nsetup++].caller = CDS_LD_NONE;
	}
	for (i = 0; i < k->nnames; i++) {
		reqs[nsetup + i].name = k->names[i];
		reqs[nsetup + i].caller = CDS_LD_NONE;
	}
	res = cds_loader_resolve_seq(h, reqs, nsetup + k->nnames,
	    CDS_LD_ALL_SYMBOLS);
	free(reqs);
	if (res == NULL) {
		*why = cds_xasprintf("%s", cds_errdetail(h));
		cds_elf_free(e);
		cds_free(h);
		return -1;
	}
	for (j = 0; j < res->nobjects; j++) {
		const struct cds_ld_object *o = &res->objects[j];

		if (o->unloaded || o->elf == NULL) {
			continue;
		}
		if (o->load < nsetup) {
			cds_strv_push(start, o->found.path);
		} else {
			cds_strv_push(&emu[o->load - nsetup].objs,
			    o->found.path);
		}
	}
	for (i = 0; i < k->nnames; i++) {
		emu[i].reached = 1;
		emu[i].error = cds_strdup0(res->loads[nsetup + i].error);
	}
	cds_ld_resolution_free(res);
	cds_elf_free(e);
	cds_free(h);
	return 0;
}

/* ---- comparing ------------------------------------------------------- */

static int
strv_equal(const struct cds_strv *a, const struct cds_strv *b)
{
	size_t i;

	if (a->n != b->n) {
		return 0;
	}
	for (i = 0; i < a->n; i++) {
		if (strcmp(a->v[i], b->v[i]) != 0) {
			return 0;
		}
	}
	return 1;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
agree(const struct answer *real, const struct answer *emu)
{
	if (!real->reached) {
		return 0;
	}
	if (real->error != NULL || emu->error != NULL) {
		return real->error != NULL && emu->error != NULL &&
		    strcmp(real->error, emu->error) == 0;
	}
	return strv_equal(&real->objs, &emu->objs);
}

static void
say_answer(FILE *f, const char *who, const struct answer *a,
    const char *died)
{
	size_t i;

	if (!a->reached) {
		fprintf(f, "D\t    %s: (no answer: %s)\n", who,
		    died != NULL ? died : "?");
	} else if (a->error != NULL) {
		fprintf(f, "D\t    %s: %s\n", who, a->error);
	} else {
		fprintf(f, "D\t    %s: loaded", who);
		for (i = 0; i < a->objs.n; i++) {
			fprintf(f, " %s", a->objs.v[i]);
		}
		fputc('\n', f);
	}
}

/*
 * Run case K and write its records to F:
 *   C <class> <agreed 0/1>         one per request
 *   D <text>                       a line of a disagreement
 *   X <text>                       the matrix could not run this case
 */
static void
run_case(const char *base, const struct kase *k, FILE *f)
{
	struct answer *emu = cds_xcalloc(k->nnames + 1, sizeof(*emu));
	struct cds_strv start = {0};
	struct real r;
	char *why = NULL;
	size_t i;

	run_real(base, k, &r);
	if (run_emulated(base, k, emu, &start, &why) == -1) {
		fprintf(f, "X\tline %d (%s): the emulation failed: %s\n",
		    k->line, k->root, why);
		free(why);
		goto out;
	}
	/* ld.so moves its own entry last: compare them as sets */
	if (r.start.n > 1) {
		qsort(r.start.v, r.start.n, sizeof(char *), cmp_str);
	}
	if (start.n > 1) {
		qsort(start.v, start.n, sizeof(char *), cmp_str);
	}
	if (strncmp(k->cls, "limit:", 6) == 0) {
		/* LD_PRELOAD and the like change them: a limit */
		if (!strv_equal(&r.start, &start)) {
			for (i = 0; i < k->nnames; i++) {
				fprintf(f, "C\t%s\t0\n", k->cls);
			}
			goto out;
		}
	} else if (r.start.n == 0 || !strv_equal(&r.start, &start)) {
		fprintf(f, "X\tline %d (%s): the program's own libraries "
		    "differ: ld.so", k->line, k->root);
		for (i = 0; i < r.start.n; i++) {
			fprintf(f, " %s", r.start.v[i]);
		}
		fprintf(f, "; emulated");
		for (i = 0; i < start.n; i++) {
			fprintf(f, " %s", start.v[i]);
		}
		fprintf(f, "%s%s\n", r.died != NULL ? "; " : "",
		    r.died != NULL ? r.died : "");
		goto out;
	}
	for (i = 0; i < k->nnames; i++) {
		int ok = agree(&r.ans[i], &emu[i]);

		fprintf(f, "C\t%s\t%d\n", k->cls, ok);
		if (ok) {
			continue;
		}
		fprintf(f, "D\t[%s] line %d root %s env %s: dlopen(\"%s\")"
		    " (request %zu)\n", k->cls, k->line, k->root, k->env,
		    k->names[i], i + 1);
		say_answer(f, "ld.so   ", &r.ans[i], r.died);
		say_answer(f, "emulated", &emu[i], NULL);
	}
out:
	for (i = 0; i < k->nnames; i++) {
		answer_clear(&emu[i]);
	}
	free(emu);
	cds_strv_clear(&start);
	real_free(&r);
}

/* ---- the summary ----------------------------------------------------- */

struct tally {
	char *cls;
	unsigned agreed, total;
};

static struct tally *
tally_of(struct tally **v, size_t *n, const char *cls)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		if (strcmp((*v)[i].cls, cls) == 0) {
			return &(*v)[i];
		}
	}
	*v = cds_xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[*n].cls = cds_xstrdup(cls);
	(*v)[*n].agreed = (*v)[*n].total = 0;
	return &(*v)[(*n)++];
}

int
main(int argc, char **argv)
{
	struct kase *cases = NULL;
	struct tally *t = NULL;
	size_t ncases = 0, nt = 0, i;
	unsigned jobs = 1, agreed = 0, total = 0, lagreed = 0, ltotal = 0;
	int figure = 0, harness = 0, a;
	FILE **parts;
	pid_t *pids;

	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		if (strcmp(argv[a], "-j") == 0 && a + 1 < argc) {
			jobs = (unsigned)atoi(argv[++a]);
		} else if (strcmp(argv[a], "--figure") == 0) {
			figure = 1;
		} else {
			break;
		}
	}
	if (argc - a != 2 || jobs < 1 || jobs > 64) {
		fprintf(stderr, "usage: ldmatrix [-j JOBS] [--figure] BASE "
		    "CASES\n");
		return 2;
	}
	if (read_cases(argv[a + 1], &cases, &ncases) == -1) {
		return 3;
	}
	fflush(stdout);
	parts = cds_xcalloc(jobs, sizeof(*parts));
	pids = cds_xcalloc(jobs, sizeof(*pids));
	for (i = 0; i < jobs; i++) {
		size_t c;

		parts[i] = tmpfile();
		if (parts[i] == NULL) {
			fprintf(stderr, "ldmatrix: tmpfile: %s\n",
			    strerror(errno));
			return 3;
		}
		pids[i] = fork();
		if (pids[i] == -1) {
			fprintf(stderr, "ldmatrix: fork: %s\n",
			    strerror(errno));
			return 3;
		}
		if (pids[i] == 0) {
			for (c = i; c < ncases; c += jobs) {
				run_case(argv[a], &cases[c], parts[i]);
			}
			fflush(parts[i]);
			_exit(0);
		}
	}
	for (i = 0; i < jobs; i++) {
		char line[8192];
		int status;

		while (waitpid(pids[i], &status, 0) == -1 && errno == EINTR) {
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "ldmatrix: worker %zu failed\n", i);
			harness = 1;
		}
		rewind(parts[i]);
		while (fgets(line, sizeof(line), parts[i]) != NULL) {
			char *cls = line + 2, *tab;
			struct tally *ty;
			int ok;

			if (line[0] == 'D' || line[0] == 'X') {
				if (!figure) {
					fputs(line + 2, stdout);
				}
				if (line[0] == 'X') {
					harness = 1;
				}
				continue;
			}
			if (line[0] != 'C' || (tab = strchr(cls, '\t')) ==
			    NULL) {
				continue;
			}
			*tab = '\0';
			ok = tab[1] == '1';
			ty = tally_of(&t, &nt, cls);
			ty->total++;
			ty->agreed += (unsigned)ok;
			if (strncmp(cls, "limit:", 6) == 0) {
				ltotal++;
				lagreed += (unsigned)ok;
			} else {
				total++;
				agreed += (unsigned)ok;
			}
		}
		fclose(parts[i]);
	}
	if (!figure) {
		for (i = 0; i < nt; i++) {
			printf("class %s: %u of %u\n", t[i].cls, t[i].agreed,
			    t[i].total);
		}
		printf("excluded (documented limits): %u checks, %u agreeing "
		    "by chance\n", ltotal, lagreed);
	}
	printf("loader agreement with ld.so: %u of %u (%.1f%%)\n", agreed,
	    total, total > 0 ? 100.0 * agreed / total : 0.0);
	for (i = 0; i < nt; i++) {
		free(t[i].cls);
	}
	free(t);
	for (i = 0; i < ncases; i++) {
		kase_free(&cases[i]);
	}
	free(cases);
	free(parts);
	free(pids);
	return harness ? 3 : 0;
}
