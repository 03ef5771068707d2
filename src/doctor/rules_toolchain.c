/*
 * rules_toolchain.c - building with the toolkit (the host compiler nvcc
 * accepts) and getting it (NVIDIA's apt repository entries).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/child.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "sys/spawn.h"

static char *
read_target(const cds_handle_t *h, const char *path, size_t max)
{
	return cds_root_read_file(h, path, max, NULL);
}

/* ------------------------------------------------------------------------ */
/* F23: the host compiler                                                    */
/* ------------------------------------------------------------------------ */

/* The newest gcc major nvcc accepts: "#if __GNUC__ > 12" in the toolkit's
 * crt/host_config.h.  *where gets "file:line".  0 when unknown. */
static int
nvcc_gcc_max(const cds_handle_t *h, const char *toolkit, char **where)
{
	static const char *const rel[] = {
		"targets/*/include/crt/host_config.h",
		"include/crt/host_config.h", NULL
	};
	const char *const *r;
	int max = 0;

	*where = NULL;
	for (r = rel; *r != NULL && max == 0; r++) {
		char *pat = cds_path_join(toolkit, *r);
		char **m = cds_root_glob(h, pat);
		char *text = m[0] != NULL ? read_target(h, m[0], 1u << 20) :
		    NULL;

		if (text != NULL) {
			char **lines = cds_strsplit(text, "\n", 1);
			size_t i;

			for (i = 0; lines[i] != NULL; i++) {
				char *p = strstr(lines[i], "__GNUC__ > ");

				if (p != NULL && strstr(lines[i], "#if") !=
				    NULL) {
					max = atoi(p + 11);
					*where = cds_xasprintf("%s:%zu", m[0],
					    i + 1);
					break;
				}
			}
			cds_strfreev(lines);
		}
		free(text);
		cds_strfreev(m);
		free(pat);
	}
	return max;
}

/* The directory on the target's PATH holding PROG, as a path; or NULL. */
static char *
on_path(const cds_handle_t *h, const char *prog)
{
	const char *path = cds_getenv(h, "PATH");
	char **dirs, **d, *found = NULL;

	if (prog[0] == '/') {
		return cds_root_is_file(h, prog) ? cds_xstrdup(prog) : NULL;
	}
	if (path == NULL) {
		return NULL;
	}
	dirs = cds_strsplit(path, ":", 0);
	for (d = dirs; *d != NULL && found == NULL; d++) {
		char *p = cds_path_join(*d, prog);

		if (cds_root_is_exec(h, p)) {
			found = p;
			p = NULL;
		}
		free(p);
	}
	cds_strfreev(dirs);
	return found;
}

/* The major version in a compiler's file name: gcc-13, g++-12,
 * x86_64-linux-gnu-gcc-11; 0 if none. */
static int
name_major(const char *path)
{
	const char *b = cds_basename(path), *dash = strrchr(b, '-');

	if (dash == NULL || !isdigit((unsigned char)dash[1]) ||
	    strspn(dash + 1, "0123456789.") != strlen(dash + 1)) {
		return 0;
	}
	return atoi(dash + 1);
}

/* How long gcc -dumpversion may take. */
#define DUMPVERSION_MS 10000

/* gcc -dumpversion of this system (never another root's). */
static int
run_dumpversion(cds_handle_t *h, const char *gcc)
{
	char buf[64], *argv[3], **envp;
	int major = 0;

	argv[0] = (char *)gcc;
	argv[1] = (char *)"-dumpversion";
	argv[2] = NULL;
	envp = cds_child_env(h, NULL);
	if (cds_run_capture(argv, envp, DUMPVERSION_MS, buf,
	    sizeof(buf)) == 0) {
		major = atoi(buf);
	}
	cds_strfreev(envp);
	return major;
}

/* The major version of compiler PATH (a target path): its name or its
 * link target's name; one installed gcc under /usr/lib/gcc; or, on this
 * system, what it says. */
static int
compiler_major(cds_handle_t *h, const char *path)
{
	char *real = cds_realpath_in_root(h, path), **dirs;
	int major = name_major(path);

	if (major == 0 && real != NULL) {
		major = name_major(real);
	}
	free(real);
	if (major != 0) {
		return major;
	}
	dirs = cds_root_glob(h, "/usr/lib/gcc/*-linux-gnu*/[0-9]*/cc1");
	if (dirs[0] != NULL && dirs[1] == NULL) {
		char *d = cds_dirname(dirs[0]);

		major = atoi(cds_basename(d));
		free(d);
	}
	cds_strfreev(dirs);
	if (major == 0 && *cds_root(h) == '\0') {
		major = run_dumpversion(h, path);
	}
	return major;
}

/* F23: nvcc refuses a host gcc newer than its crt/host_config.h allows:
 * "#error -- unsupported GNU version! gcc versions later than N are not
 * supported!".  NVCC_CCBIN or CUDAHOSTCXX naming an older g++ fixes it. */
static void
rule_host_gcc(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	const struct cds_toolkit *t;
	static const char *const vars[] = { "NVCC_CCBIN", "CUDAHOSTCXX", NULL };
	const char *const *v;
	struct cds_finding *f;
	char *where, *gcc, **alts, **a;
	int max, have;

	t = cds_toolkit_at(s, s->active_toolkit);
	if (t == NULL || !t->has_nvcc ||
	    (max = nvcc_gcc_max(c->h, t->realpath, &where)) == 0) {
		return;
	}
	for (v = vars; *v != NULL; v++) {
		const char *val = cds_getenv(c->h, *v);
		char *p = val != NULL && *val != '\0' ? on_path(c->h, val) :
		    NULL;
		int ok = p != NULL && compiler_major(c->h, p) > 0 &&
		    compiler_major(c->h, p) <= max;

		free(p);
		if (ok) {
			free(where);
			return;	/* an accepted compiler is chosen */
		}
	}
	if ((gcc = on_path(c->h, "gcc")) == NULL) {
		free(where);
		return;
	}
	have = compiler_major(c->h, gcc);
	if (have <= max) {
		free(gcc);
		free(where);
		return;
	}
	f = cds_finding_add(c, "F23", CDS_SEV_WARNING, "gcc %d is newer than "
	    "CUDA %s's nvcc accepts (gcc %d at most)", have, t->version !=
	    NULL ? t->version : "?", max);
	cds_finding_evidence(f, "nvcc says", "#error -- unsupported GNU "
	    "version! gcc versions later than %d are not supported!", max);
	cds_finding_evidence(f, "limit", "%s", where);
	cds_finding_evidence(f, "host compiler", "%s (gcc %d)", gcc, have);
	alts = cds_root_glob(c->h, "/usr/bin/g++-[0-9]*");
	{
		const char *best = NULL;
		int bestv = 0;

		for (a = alts; *a != NULL; a++) {
			int m = name_major(*a);

			if (m > 0 && m <= max && m > bestv) {
				best = *a;
				bestv = m;
			}
		}
		if (best != NULL) {
			cds_finding_evidence(f, "accepted compiler installed",
			    "%s", best);
			cds_finding_fix(f, CDS_FIX_NONE, NULL, best,
			    "export NVCC_CCBIN=%s CUDAHOSTCXX=%s", best, best);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
			    "sudo apt-get install gcc-%d g++-%d && export "
			    "NVCC_CCBIN=/usr/bin/g++-%d CUDAHOSTCXX=/usr/bin/"
			    "g++-%d", max, max, max, max);
		}
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or use a newer "
		    "CUDA toolkit; -allow-unsupported-compiler often fails "
		    "later");
	}
	cds_strfreev(alts);
	free(gcc);
	free(where);
}

/* ------------------------------------------------------------------------ */
/* F25: NVIDIA's apt repository                                              */
/* ------------------------------------------------------------------------ */

struct apt_entry {
	char *file;
	size_t line;
	char *url;		/* without a trailing slash */
	char *signed_by;	/* NULL if none */
	int only;		/* the file's only entry */
};

static void
apt_add(struct apt_entry **v, size_t *n, const char *file, size_t line,
    const char *url, size_t urllen, const char *signed_by, size_t slen)
{
	struct apt_entry *e;

	while (urllen > 0 && url[urllen - 1] == '/') {
		urllen--;
	}
	*v = cds_xreallocarray(*v, *n + 1, sizeof(**v));
	e = &(*v)[(*n)++];
	e->file = cds_xstrdup(file);
	e->line = line;
	e->url = cds_xstrndup(url, urllen);
	e->signed_by = signed_by != NULL ? cds_xstrndup(signed_by, slen) :
	    NULL;
	e->only = 0;
}

/* Entries for developer.download.nvidia.com in one sources file: the
 * one-line format and deb822 (.sources). */
static void
apt_read(const cds_handle_t *h, const char *file, struct apt_entry **v,
    size_t *n)
{
	char *text = read_target(h, file, 1u << 20), **lines;
	size_t i, first = *n, count = 0;
	int deb822 = cds_endswith(file, ".sources");
	char *uris = NULL, *sby = NULL;
	size_t uline = 0;

	if (text == NULL) {
		return;
	}
	lines = cds_strsplit(text, "\n", 1);
	free(text);
	for (i = 0; lines[i] != NULL; i++) {
		char *l = lines[i] + strspn(lines[i], " \t"), *u, *sb;

		if (*l == '#') {
			continue;
		}
		if (deb822) {
			if (strncmp(l, "URIs:", 5) == 0) {
				free(uris);
				uris = cds_xstrdup(cds_strtrim(l + 5));
				uline = i + 1;
			} else if (strncmp(l, "Signed-By:", 10) == 0) {
				free(sby);
				sby = cds_xstrdup(cds_strtrim(l + 10));
			}
			if ((*l == '\0' || lines[i + 1] == NULL) &&
			    uris != NULL) {
				if (strstr(uris, "developer.download.nvidia."
				    "com") != NULL) {
					apt_add(v, n, file, uline, uris,
					    strcspn(uris, " "), sby,
					    sby != NULL ? strlen(sby) : 0);
					count++;
				}
				free(uris);
				free(sby);
				uris = sby = NULL;
			}
			continue;
		}
		if (strncmp(l, "deb ", 4) != 0 ||
		    (u = strstr(l, "https://developer.download.nvidia.com")) ==
		    NULL) {
			if (strncmp(l, "deb ", 4) == 0 && (u = strstr(l,
			    "http://developer.download.nvidia.com")) != NULL) {
				/* plain http: same entry for our purpose */
			} else {
				continue;
			}
		}
		sb = strstr(l, "signed-by=");
		apt_add(v, n, file, i + 1, u, strcspn(u, " \t"),
		    sb != NULL ? sb + 10 : NULL, sb != NULL ?
		    strcspn(sb + 10, " \t]") : 0);
		count++;
	}
	free(uris);
	free(sby);
	cds_strfreev(lines);
	if (count == 1) {
		(*v)[first].only = 1;
	}
}

static void
fix_drop_entry(struct cds_finding *f, const struct apt_entry *e)
{
	char *q = cds_shquote(e->file);

	if (e->only) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo rm %s", q);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo sed -i '%zus/^/# /' %s", e->line, q);
	}
	free(q);
}

/* apt's source files of the target, in apt's order: sources.list, then
 * sources.list.d's one-line (.list) and deb822 (.sources) files. */
static char **
apt_sources(const cds_handle_t *h)
{
	char **files = cds_root_glob(h, "/etc/apt/sources.list");
	char **d = cds_root_glob(h, "/etc/apt/sources.list.d/*"), **f;
	size_t n = 0;

	while (files[n] != NULL) {
		n++;
	}
	for (f = d; *f != NULL; f++) {
		if (cds_endswith(*f, ".list") || cds_endswith(*f, ".sources")) {
			files = cds_xreallocarray(files, n + 2, sizeof(*files));
			files[n++] = cds_xstrdup(*f);
			files[n] = NULL;
		}
	}
	cds_strfreev(d);
	return files;
}

/* F25: NVIDIA's repository listed twice (with different Signed-By: apt
 * stops with "Conflicting values set for option Signed-By"), or without a
 * key apt can find (NO_PUBKEY A4B469963BF863CC after the 2022 rotation). */
static void
rule_apt_sources(struct cds_rule_ctx *c)
{
	struct apt_entry *v = NULL;
	size_t n = 0, i, k;
	char **files;
	char **f;

	files = apt_sources(c->h);
	for (f = files; *f != NULL; f++) {
		apt_read(c->h, *f, &v, &n);
	}
	cds_strfreev(files);
	for (i = 0; i < n; i++) {
		struct cds_finding *x;
		int dup = 0;

		for (k = 0; k < i; k++) {
			if (strcmp(v[k].url, v[i].url) == 0) {
				dup = 1;
				break;
			}
		}
		if (dup) {
			int conflict = !cds_streq(v[k].signed_by,
			    v[i].signed_by);
			const struct apt_entry *drop = v[k].signed_by == NULL &&
			    v[i].signed_by != NULL ? &v[k] : &v[i];

			x = cds_finding_add(c, "F25", conflict ?
			    CDS_SEV_ERROR : CDS_SEV_WARNING, "%s is listed "
			    "twice%s", v[i].url, conflict ? " with different "
			    "Signed-By" : "");
			cds_finding_evidence(x, "entry", "%s:%zu%s%s",
			    v[k].file, v[k].line, v[k].signed_by != NULL ?
			    " signed-by=" : " (no signed-by)",
			    v[k].signed_by != NULL ? v[k].signed_by : "");
			cds_finding_evidence(x, "entry", "%s:%zu%s%s",
			    v[i].file, v[i].line, v[i].signed_by != NULL ?
			    " signed-by=" : " (no signed-by)",
			    v[i].signed_by != NULL ? v[i].signed_by : "");
			if (conflict) {
				cds_finding_evidence(x, "apt says", "E: "
				    "Conflicting values set for option "
				    "Signed-By regarding source %s/", v[i].url);
			}
			fix_drop_entry(x, drop);
			continue;
		}
		if (v[i].signed_by != NULL) {
			int ok = cds_root_is_file(c->h, v[i].signed_by);

			if (!ok && v[i].signed_by[0] == '/') {
				x = cds_finding_add(c, "F25", CDS_SEV_ERROR,
				    "%s: its key %s is missing", v[i].url,
				    v[i].signed_by);
				cds_finding_evidence(x, "entry", "%s:%zu",
				    v[i].file, v[i].line);
				cds_finding_evidence(x, "apt says", "NO_PUBKEY "
				    "A4B469963BF863CC / The repository is not "
				    "signed");
				cds_finding_fix(x, CDS_FIX_NONE, NULL, NULL,
				    "install NVIDIA's cuda-keyring package "
				    "(it provides %s)", v[i].signed_by);
			}
			continue;
		}
		{
			char **keys = cds_root_glob(c->h,
			    "/etc/apt/trusted.gpg.d/*cuda*");
			int legacy = keys[0] == NULL;

			cds_strfreev(keys);
			x = cds_finding_add(c, "F25", CDS_SEV_WARNING, "%s has "
			    "no signed-by%s", v[i].url, legacy ? ", and no "
			    "cuda key is in trusted.gpg.d" : "");
			cds_finding_evidence(x, "entry", "%s:%zu", v[i].file,
			    v[i].line);
			cds_finding_evidence(x, "apt says", "W: GPG error: ... "
			    "NO_PUBKEY A4B469963BF863CC (the key rotated in "
			    "April 2022)");
			cds_finding_fix(x, CDS_FIX_NONE, NULL, NULL,
			    "sudo apt-key del 7fa2af80; install NVIDIA's "
			    "cuda-keyring package and remove this entry");
			fix_drop_entry(x, &v[i]);
		}
	}
	for (i = 0; i < n; i++) {
		free(v[i].file);
		free(v[i].url);
		free(v[i].signed_by);
	}
	free(v);
}

/* The container toolkit's repository path in LINE, by distribution:
 * "nvidia.github.io/libnvidia-container/stable/ubuntu22.04/amd64" (or
 * without "stable/", the oldest lists' form): in *CHAN the channel ("stable/",
 * "experimental/" or ""), in *DIST the distribution's directory, at *AT
 * where the path after "libnvidia-container/" begins.  0 when LINE names
 * none, or the generic "deb" one. */
static int
ctk_dist_path(const char *line, const char **at, size_t *chan, size_t *dist)
{
	static const char key[] = "nvidia.github.io/libnvidia-container/";
	const char *p = strstr(line, key), *d;

	if (p == NULL) {
		return 0;
	}
	p += sizeof(key) - 1;
	*at = p;
	*chan = strncmp(p, "stable/", 7) == 0 ? 7 :
	    strncmp(p, "experimental/", 13) == 0 ? 13 : 0;
	d = p + *chan;
	*dist = 0;
	while (islower((unsigned char)d[*dist])) {
		(*dist)++;
	}
	if (*dist == 0 || !isdigit((unsigned char)d[*dist])) {
		return 0;	/* "deb/", "rpm/", "gpgkey" */
	}
	while (isdigit((unsigned char)d[*dist]) || d[*dist] == '.') {
		(*dist)++;
	}
	return d[*dist] == '/';
}

/* CTK-REPO: an apt source of the NVIDIA container toolkit by
 * distribution, a path NVIDIA no longer serves since the toolkit is one
 * package from stable/deb (NVIDIA/libnvidia-container#225; NVIDIA's
 * install guide lists stable/deb/nvidia-container-toolkit.list): apt's
 * update fails on it ("404 Not Found", "does not have a Release file"). */
static void
rule_ctk_repo(struct cds_rule_ctx *c)
{
	char **all = apt_sources(c->h);
	size_t i;

	for (i = 0; all[i] != NULL; i++) {
		char *text = read_target(c->h, all[i], 1u << 20);
		char **lines = text != NULL ? cds_strsplit(text, "\n", 1) :
		    NULL;
		size_t k, chan, dist;
		const char *at;

		for (k = 0; lines != NULL && lines[k] != NULL; k++) {
			const char *l = lines[k] + strspn(lines[k], " \t");
			struct cds_finding *x;
			char *old, *new, *q;

			if (*l == '#' || !ctk_dist_path(l, &at, &chan, &dist)) {
				continue;
			}
			x = cds_finding_add(c, "CTK-REPO", CDS_SEV_WARNING,
			    "the container toolkit's apt source for %.*s is a "
			    "path NVIDIA no longer serves", (int)dist,
			    at + chan);
			cds_finding_evidence(x, "entry", "%s:%zu %s", all[i],
			    k + 1, l);
			cds_finding_evidence(x, "apt says", "404 Not Found; "
			    "the repository ... does not have a Release file");
			old = cds_xasprintf("libnvidia-container/%.*s/",
			    (int)(chan + dist), at);
			new = cds_xasprintf("libnvidia-container/%.*sdeb/",
			    (int)(chan > 0 ? chan : 7), chan > 0 ? at :
			    "stable/");
			q = cds_brequote(old, '#');
			free(old);
			old = cds_xasprintf("s#%s#%s#", q, new);
			free(q);
			q = cds_shquote(all[i]);
			cds_finding_fix(x, CDS_FIX_NONE, NULL, NULL,
			    "sudo sed -i '%s' %s", old, q);
			cds_finding_fix(x, CDS_FIX_NONE, NULL, NULL,
			    "sudo apt-get update");
			free(q);
			free(old);
			free(new);
		}
		cds_strfreev(lines);
		free(text);
	}
	cds_strfreev(all);
}

/* ------------------------------------------------------------------------ */
/* CUDA-HOME: the toolkit builds are told to use                             */
/* ------------------------------------------------------------------------ */

/* "CUDA 12.4" or "CUDA ?" of T. */
static const char *
tk_version(const struct cds_toolkit *t)
{
	return t != NULL && t->version != NULL ? t->version : "?";
}

/*
 * CUDA-HOME: CUDA_HOME (or, unset, CUDA_PATH) names the toolkit that
 * torch.utils.cpp_extension and the build scripts that copy it compile
 * with ($CUDA_HOME/bin/nvcc), while a plain `nvcc` runs the first one on
 * PATH.  A name that is no directory, a directory without nvcc, or a
 * toolkit other than PATH's nvcc is a finding: two builds of one project
 * then use two CUDAs, and F15's warning names the wrong one.
 */
static void
rule_cuda_home(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	const struct cds_toolkit *t, *n;
	const char *var = s->active_via, *value;
	struct cds_finding *f;
	char *origin;
	int same;

	if (var == NULL || (strcmp(var, "CUDA_HOME") != 0 &&
	    strcmp(var, "CUDA_PATH") != 0) ||
	    (value = cds_getenv(c->h, var)) == NULL ||
	    (t = cds_toolkit_at(s, s->active_toolkit)) == NULL) {
		return;
	}
	n = cds_toolkit_at(s, s->nvcc_toolkit);
	if (t->exists && t->has_nvcc && (n == NULL || n == t)) {
		return;
	}
	origin = cds_var_origin(c, var, value);
	if (!t->exists || !t->has_nvcc) {
		f = cds_finding_add(c, "CUDA-HOME", CDS_SEV_WARNING,
		    "%s=%s %s", var, value, !t->exists ? "names a directory "
		    "that does not exist" : "names a directory without "
		    "bin/nvcc");
	} else {
		same = t->version != NULL && n->version != NULL &&
		    cds_cmp_minor(t->version, n->version) == 0 &&
		    atoi(t->version) == atoi(n->version);
		f = cds_finding_add(c, "CUDA-HOME", same ? CDS_SEV_NOTE :
		    CDS_SEV_WARNING, "%s=%s is CUDA %s, but the nvcc on PATH "
		    "(%s) is CUDA %s", var, value, tk_version(t),
		    s->nvcc_path, tk_version(n));
	}
	cds_finding_evidence(f, var, "%s%s%s%s%s", value,
	    strcmp(value, t->realpath) != 0 ? " -> " : "",
	    strcmp(value, t->realpath) != 0 ? t->realpath : "",
	    origin != NULL ? ", set in " : "", origin != NULL ? origin : "");
	if (t->exists) {
		cds_finding_evidence(f, "its toolkit", "CUDA %s (%s); nvcc: "
		    "%s", tk_version(t), t->version_source != NULL ?
		    t->version_source : "version unknown", t->has_nvcc ?
		    "yes" : "no");
	}
	if (n != NULL) {
		cds_finding_evidence(f, "nvcc on PATH", "%s: toolkit %s, "
		    "CUDA %s", s->nvcc_path, n->realpath, tk_version(n));
	} else {
		cds_finding_evidence(f, "nvcc on PATH", "none");
	}
	cds_finding_evidence(f, "extension builds", "torch.utils."
	    "cpp_extension (and setup.py scripts that copy it) read "
	    "CUDA_HOME, then CUDA_PATH, then the nvcc on PATH, and compile "
	    "with %s/bin/nvcc%s", value, !t->exists || !t->has_nvcc ?
	    ", which is not there: the build fails" : "");
	if (n != NULL && n != t) {
		cds_finding_evidence(f, "a plain nvcc", "Makefiles, scripts "
		    "and `nvcc --version` run %s (CUDA %s)", s->nvcc_path,
		    tk_version(n));
	}
	if (n != NULL && t->exists && t->has_nvcc) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "export PATH=%s/bin:$PATH", t->realpath);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "or: export %s=%s", var, n->realpath);
	} else if (n != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "export %s=%s", var, n->realpath);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "unset %s  # or point it at an installed toolkit", var);
	}
	if (origin != NULL && origin[0] == '/') {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "and change %s where it is set (%s), or it comes back",
		    var, origin);
	}
	free(origin);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_toolchain[] = {
	{ "CUDA-HOME", N_("CUDA_HOME names another toolkit than the nvcc "
	    "on PATH, or none"), NULL, rule_cuda_home },
	{ "F23", N_("the host gcc is newer than nvcc supports"), "F23",
	    rule_host_gcc },
	{ "F25", N_("NVIDIA apt repository entries are duplicated or "
	    "unsigned"), "F25", rule_apt_sources },
	{ "CTK-REPO", N_("an apt source of the container toolkit names a "
	    "path NVIDIA no longer serves"), NULL, rule_ctk_repo },
	{ NULL, NULL, NULL, NULL }
};
