/*
 * facts.c - the facts several of doctor's rules (and explain) share: where
 * a variable was set, the library search of a program, what cuDNN a
 * framework expects, the sonames of a CUDA release and where a library
 * is, and the fixes they have in common (drop a directory from the
 * search, an activate.d script).  Below the rules: it calls none.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/aptfix.h"
#include "doctor/facts.h"
#include "read/elfread.h"
#include "read/manifest.h"
#include "scan/loader.h"
#include "scan/scan.h"
#include "scan/shell.h"
#include "base/strmap.h"
#include "base/version.h"

/* ------------------------------------------------------------------------ */
/* Where a variable was set                                                  */
/* ------------------------------------------------------------------------ */

static int
name_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* LINE with $NAME, ${NAME...} and a leading ~/ replaced by what the target
 * environment holds (CONDA_PREFIX by CONDA, when given); unknown names are
 * left as they are. */
static char *
expand_known(const cds_handle_t *h, const char *line, const char *conda)
{
	struct cds_buf b = {0};
	const char *p = line, *home = cds_getenv(h, "HOME");

	while (*p != '\0') {
		const char *start = p, *val;
		char *name;
		size_t n;
		int brace;

		if (*p == '~' && p[1] == '/' && home != NULL && (p == line ||
		    strchr("=: \t\"'", p[-1]) != NULL)) {
			cds_buf_adds(&b, home);
			p++;
			continue;
		}
		if (*p != '$') {
			cds_buf_add(&b, p++, 1);
			continue;
		}
		p++;
		brace = *p == '{';
		if (brace) {
			p++;
		}
		for (n = 0; name_char(p[n]); n++) {
		}
		if (n == 0) {
			cds_buf_add(&b, start, (size_t)(p - start));
			continue;
		}
		name = cds_xstrndup(p, n);
		p += n;
		if (brace) {
			/* ${NAME:+...} and friends: skip to the brace */
			int depth = 1;

			while (*p != '\0' && depth > 0) {
				depth += *p == '{';
				depth -= *p == '}';
				p++;
			}
		}
		val = conda != NULL && strcmp(name, "CONDA_PREFIX") == 0 ?
		    conda : strcmp(name, "LD_LIBRARY_PATH") == 0 ? NULL :
		    cds_getenv(h, name);
		if (val != NULL) {
			cds_buf_adds(&b, val);
		} else {
			cds_buf_add(&b, start, (size_t)(p - start));
		}
		free(name);
	}
	return cds_buf_steal(&b);
}

/* Does TEXT name VALUE as a whole path (a list element, a quoted word)? */
static int
mentions(const char *text, const char *value)
{
	size_t n = strlen(value);
	const char *p = text;

	while (n > 0 && (p = strstr(p, value)) != NULL) {
		const char *after = p + n;
		int pre = p == text || strchr("=:\"' \t(,", p[-1]) != NULL;

		if (*after == '/') {
			after++;
		}
		if (pre && (*after == '\0' || strchr(":\"' \t;)},\n",
		    *after) != NULL)) {
			return 1;
		}
		p++;
	}
	return 0;
}

/* Does TEXT set VAR to the empty string (VAR= at the end, before a blank
 * or a ';', or VAR="" or VAR='')? */
static int
sets_empty(const char *text, const char *var)
{
	size_t n = strlen(var);
	const char *p = text;

	while ((p = strstr(p, var)) != NULL) {
		const char *a = p + n;

		if ((p == text || !name_char(p[-1])) && *a == '=') {
			a++;
			if (strncmp(a, "\"\"", 2) == 0 || strncmp(a, "''", 2) == 0) {
				a += 2;
			}
			if (*a == '\0' || strchr(" \t;", *a) != NULL) {
				return 1;
			}
		}
		p++;
	}
	return 0;
}

/* "FILE:LINE" of the first line of target file PATH that names VAR and
 * mentions VALUE (sets it empty, for ""), or NULL. */
static char *
origin_in_file(const cds_handle_t *h, const char *path, const char *var,
    const char *value, const char *conda)
{
	char *text = cds_root_read_file(h, path, 1u << 20, NULL), **lines;
	char *r = NULL;
	size_t i;

	if (text == NULL) {
		return NULL;
	}
	lines = cds_strsplit(text, "\n", 1);
	free(text);
	for (i = 0; lines[i] != NULL && r == NULL; i++) {
		const char *l = lines[i] + strspn(lines[i], " \t");
		char *x;

		if (*l == '#' || strstr(l, var) == NULL) {
			continue;
		}
		x = expand_known(h, l, conda);
		if (*value == '\0' ? sets_empty(x, var) : mentions(x, value)) {
			r = cds_xasprintf("%s:%zu", path, i + 1);
		}
		free(x);
	}
	cds_strfreev(lines);
	return r;
}

static char *
origin_in_glob(const cds_handle_t *h, const char *pattern, const char *var,
    const char *value, const char *conda)
{
	char **m = cds_root_glob(h, pattern), *r = NULL;
	size_t i;

	for (i = 0; m[i] != NULL && r == NULL; i++) {
		if (cds_root_is_file(h, m[i])) {
			r = origin_in_file(h, m[i], var, value, conda);
		}
	}
	cds_strfreev(m);
	return r;
}

static char *
var_origin(struct cds_rule_ctx *c, const char *var, const char *value);

/* A remembered origin: the string, or NULL when none was found. */
struct origin_answer {
	char *s;
};

static void
origin_answer_free(void *p)
{
	struct origin_answer *a = p;

	free(a->s);
	free(a);
}

/* The rules ask where LD_LIBRARY_PATH's dirs come from for every env and
 * library: each answer is looked for once in the pass. */
char *
cds_var_origin(struct cds_rule_ctx *c, const char *var, const char *value)
{
	struct cds_strmap *memo = cds_root_cache_memo(c->h,
	    origin_answer_free);
	struct origin_answer *a;
	char *key;

	if (memo == NULL) {
		return var_origin(c, var, value);
	}
	key = cds_xasprintf("%s=%s", var, value);
	if ((a = cds_strmap_get(memo, key)) == NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		a->s = var_origin(c, var, value);
		cds_strmap_add(memo, key, a);
	}
	free(key);
	return cds_strdup0(a->s);
}

static char *
var_origin(struct cds_rule_ctx *c, const char *var, const char *value)
{
	static const char *const home_files[] = {
		".bashrc", ".bash_profile", ".bash_login", ".profile",
		".zshrc", ".zshenv", ".zprofile", NULL
	};
	static const char *const sys_globs[] = {
		"/etc/environment", "/etc/profile.d/*.sh", "/etc/profile",
		"/etc/bash.bashrc", "/etc/bashrc", "/etc/zsh/zshenv",
		"/etc/modulefiles/*", "/etc/modulefiles/*/*",
		"/usr/share/modulefiles/*", "/usr/share/modulefiles/*/*",
		"/opt/modulefiles/*/*", NULL
	};
	const char *home = cds_getenv(c->h, "HOME");
	const char *mp = cds_getenv(c->h, "MODULEPATH");
	const char *const *p;
	char *r = NULL;
	size_t i;

	/* the active env's activate.d scripts ran last: look there first */
	for (i = 0; i < c->s->nenvs && r == NULL; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char *pat;

		if (!e->is_active) {
			continue;
		}
		pat = cds_path_join(e->prefix, "etc/conda/activate.d/*");
		r = origin_in_glob(c->h, pat, var, value, e->prefix);
		free(pat);
	}
	for (p = home_files; home != NULL && *home == '/' && *p != NULL &&
	    r == NULL; p++) {
		char *f = cds_path_join(home, *p);

		r = origin_in_file(c->h, f, var, value, NULL);
		free(f);
	}
	for (p = sys_globs; *p != NULL && r == NULL; p++) {
		r = origin_in_glob(c->h, *p, var, value, NULL);
	}
	if (mp != NULL && r == NULL) {
		char **dirs = cds_strsplit(mp, ":", 0), **d;

		for (d = dirs; *d != NULL && r == NULL; d++) {
			char *pat = cds_path_join(*d, "*/*");

			r = origin_in_glob(c->h, pat, var, value, NULL);
			free(pat);
		}
		cds_strfreev(dirs);
	}
	if (r == NULL && cds_getenv(c->h, "LOADEDMODULES") != NULL &&
	    *cds_getenv(c->h, "LOADEDMODULES") != '\0') {
		r = cds_xasprintf("an environment module (LOADEDMODULES=%s)",
		    cds_getenv(c->h, "LOADEDMODULES"));
	}
	return r;
}

/* ------------------------------------------------------------------------ */
/* Library search                                                            */
/* ------------------------------------------------------------------------ */

static void
libpath_add(struct cds_libpath *lp, const char *dir, const char *via,
    const char *origin, int from_env)
{
	struct cds_libdir *d;

	lp->dirs = cds_xreallocarray(lp->dirs, lp->n + 1, sizeof(*lp->dirs));
	d = &lp->dirs[lp->n++];
	d->dir = cds_xstrdup(dir);
	d->via = cds_xstrdup(via);
	d->origin = cds_strdup0(origin);
	d->from_env = from_env;
}

struct cds_libpath *
cds_libpath_for(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *const *runpath)
{
	struct cds_libpath *lp = cds_xcalloc(1, sizeof(*lp));
	const char *llp = cds_getenv(c->h, "LD_LIBRARY_PATH");
	char *act = NULL, *where = NULL;
	size_t i;

	if (e != NULL && !e->is_active) {
		act = cds_activate_eval(c->h, e, "LD_LIBRARY_PATH", llp, NULL,
		    &where);
	}
	lp->ld_library_path = cds_strdup0(act != NULL ? act : llp);
	if (lp->ld_library_path != NULL) {
		char **dirs = cds_strsplit(lp->ld_library_path, ":", 0), **d;

		for (d = dirs; *d != NULL; d++) {
			int added = act != NULL && (llp == NULL ||
			    !mentions(llp, *d));
			char *origin = added ? cds_xasprintf("activate.d of "
			    "env %s (%s)", e->name, where) :
			    cds_var_origin(c, "LD_LIBRARY_PATH", *d);

			libpath_add(lp, *d, "LD_LIBRARY_PATH", origin, 1);
			free(origin);
		}
		cds_strfreev(dirs);
	}
	for (i = 0; runpath != NULL && runpath[i] != NULL; i++) {
		libpath_add(lp, runpath[i], "RUNPATH", NULL, 0);
	}
	for (i = 0; i < c->s->nsearchdirs; i++) {
		const struct cds_searchdir *d = &c->s->searchdirs[i];

		if (strcmp(d->via, "LD_LIBRARY_PATH") != 0) {
			libpath_add(lp, d->dir, d->via, NULL, 0);
		}
	}
	free(act);
	free(where);
	return lp;
}

void
cds_libpath_free(struct cds_libpath *lp)
{
	size_t i;

	if (lp == NULL) {
		return;
	}
	for (i = 0; i < lp->n; i++) {
		free(lp->dirs[i].dir);
		free(lp->dirs[i].via);
		free(lp->dirs[i].origin);
	}
	free(lp->dirs);
	free(lp->ld_library_path);
	free(lp);
}

int
cds_libpath_find(struct cds_rule_ctx *c, const struct cds_libpath *lp,
    const char *name)
{
	size_t i;

	for (i = 0; i < lp->n; i++) {
		char *p = cds_path_join(lp->dirs[i].dir, name);
		int ok = cds_root_is_file(c->h, p);

		free(p);
		if (ok) {
			return (int)i;
		}
	}
	return -1;
}

int
cds_same_dir(const cds_handle_t *h, const char *a, const char *b)
{
	char *ra, *rb;
	int same;

	if (strcmp(a, b) == 0) {
		return 1;
	}
	ra = cds_realpath_in_root(h, a);
	rb = cds_realpath_in_root(h, b);
	same = ra != NULL && rb != NULL && strcmp(ra, rb) == 0;
	free(ra);
	free(rb);
	return same;
}

const struct cds_cudnn *
cds_cudnn_in(const struct cds_rule_ctx *c, const char *dir, int major)
{
	size_t i, n;
	const struct cds_cudnn *d = cds_scan_cudnns_in(c->h, c->s, dir, &n);

	for (i = 0; i < n; i++) {
		if (d[i].major == major) {
			return &d[i];
		}
	}
	return NULL;
}

const struct cds_env *
cds_env_of_package(const struct cds_scan *s, const struct cds_package *p)
{
	size_t i;

	for (i = 0; i < s->nenvs; i++) {
		if (p >= s->envs[i].packages &&
		    p < s->envs[i].packages + s->envs[i].npackages) {
			return &s->envs[i];
		}
	}
	return NULL;
}

const struct cds_package *
cds_env_package(const struct cds_env *e, const char *name)
{
	size_t i;

	for (i = 0; i < e->npackages; i++) {
		if (strcmp(e->packages[i].name, name) == 0) {
			return &e->packages[i];
		}
	}
	return NULL;
}

int
cds_cmp_minor(const char *a, const char *b)
{
	char *end;
	long x, y;

	x = strtol(a, &end, 10);
	y = strtol(b, NULL, 10);
	if (x != y) {
		return x < y ? -1 : 1;
	}
	if (*end == '.') {
		x = strtol(end + 1, NULL, 10);
	} else {
		x = -1;
	}
	end = strchr(b, '.');
	y = end != NULL ? strtol(end + 1, NULL, 10) : -1;
	if (x < 0 || y < 0) {
		return 0;	/* "9" against "9.1": same as far as known */
	}
	return x < y ? -1 : x > y;
}

/* The manifest's name of a framework package. */
static const char *
table_name(const struct cds_package *p)
{
	switch (p->kind) {
	case CDS_FW_TORCH:
		return "torch";
	case CDS_FW_ONNXRUNTIME:
		return "onnxruntime-gpu";
	case CDS_FW_TENSORFLOW:
		return "tensorflow";
	default:
		return p->name;
	}
}

const char *
cds_expected_cudnn(const struct cds_rule_ctx *c, const struct cds_package *p,
    char **source)
{
	const struct cds_framework_req *best = NULL;
	char *ver;
	size_t i;

	*source = NULL;
	if (p->cudnn != NULL && strchr(p->cudnn, '.') == NULL && c->m != NULL) {
		/* "8" from build_info: the table may know the minor */
		char *src = NULL;
		const char *v;
		struct cds_package q = *p;

		q.cudnn = NULL;
		v = cds_expected_cudnn(c, &q, &src);
		if (v != NULL && atoi(v) == atoi(p->cudnn) &&
		    strchr(v, '.') != NULL) {
			*source = src;
			return v;
		}
		free(src);
	}
	if (p->cudnn != NULL) {
		*source = cds_xstrdup(p->from_conda ? "conda build string" :
		    p->kind == CDS_FW_TORCH ? "its nvidia-cudnn wheel pin" :
		    p->kind == CDS_FW_TENSORFLOW ? "tensorflow build_info.py" :
		    p->kind == CDS_FW_ONNXRUNTIME ? "onnxruntime "
		    "version_info.py" : p->kind == CDS_FW_JAX ?
		    "jaxlib build tag" : "package metadata");
		return p->cudnn;
	}
	if (c->m == NULL) {
		return NULL;
	}
	ver = cds_xstrndup(p->version, strcspn(p->version, "+"));
	for (i = 0; i < cds_manifest_nframeworks(c->m); i++) {
		const struct cds_framework_req *f =
		    cds_manifest_framework(c->m, i);

		if (!cds_framework_matches(f, table_name(p), ver)) {
			continue;
		}
		if (p->cuda != NULL && (cds_ver_has_prefix(p->cuda, f->cuda) ||
		    cds_ver_has_prefix(f->cuda, p->cuda))) {
			best = f;
			break;
		}
		if (best == NULL || (f->is_default && !best->is_default)) {
			best = f;
		}
	}
	free(ver);
	if (best == NULL) {
		return NULL;
	}
	*source = cds_xasprintf("manifest: %s %s %s", best->name,
	    best->version, best->variant);
	return best->cudnn;
}

void
cds_fix_remove_path(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_libdir *d)
{
	char *q = cds_shquote(d->dir);

	(void)c;
	if (!d->from_env) {
		/* an ld.so.conf line: a system file a person edits; the
		 * path matches itself only, whatever it holds */
		char *conf = cds_shquote(d->via);
		char *re = cds_brequote(d->dir, '|');
		char *line = cds_xasprintf("\\|^%s/\\{0,1\\}$|d", re);
		char *script = cds_quote(CDS_QUOTE_SH, line);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo sed -i %s %s && sudo ldconfig", script, conf);
		free(script);
		free(line);
		free(re);
		free(conf);
		free(q);
		return;
	}
	cds_finding_fix(f, CDS_FIX_REMOVE_PATH, d->dir, NULL,
	    "export LD_LIBRARY_PATH=$(printf %%s \"$LD_LIBRARY_PATH\" | tr : "
	    "'\\n' | grep -Fvx %s | paste -sd:)", q);
	if (d->origin != NULL && strchr(d->origin, ':') != NULL &&
	    d->origin[0] == '/') {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "and drop %s from LD_LIBRARY_PATH in %s, or it comes back",
		    d->dir, d->origin);
	}
	free(q);
}

void
cds_evidence_via(struct cds_finding *f, const struct cds_libdir *d)
{
	if (d->from_env) {
		cds_finding_evidence(f, "put first by", "LD_LIBRARY_PATH entry "
		    "%s%s%s", d->dir, d->origin != NULL ? ", set in " : "",
		    d->origin != NULL ? d->origin : "");
	} else if (strcmp(d->via, "RUNPATH") == 0) {
		cds_finding_evidence(f, "found through", "the program's own "
		    "RUNPATH entry %s", d->dir);
	} else {
		cds_finding_evidence(f, "found through", "%s (%s)", d->dir,
		    d->via);
	}
}

/* ------------------------------------------------------------------------ */
/* The activate fix                                                          */
/* ------------------------------------------------------------------------ */

void
cds_fix_activate(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *const *dirs, const char *file)
{
	struct cds_buf joined = {0}, act = {0}, deact = {0};
	char *a1, *a2, *d1, *d2, *name, *adir, *ddir, *qa, *qd, *qact, *qdeact;
	char *cmd;
	size_t i;

	(void)c;
	for (i = 0; dirs[i] != NULL; i++) {
		cds_buf_addf(&joined, "%s%s", i > 0 ? ":" : "", dirs[i]);
	}
	if (e == NULL) {
		char *q = cds_shquote(joined.s);
		char *line = cds_xasprintf("export LD_LIBRARY_PATH=%s"
		    "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", q);
		char *qline = cds_quote(CDS_QUOTE_SH, line);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, joined.s,
		    "echo %s >> ~/.bashrc", qline);
		free(qline);
		free(line);
		free(q);
		cds_buf_free(&joined);
		return;
	}
	/* saved once, so activating twice does not grow the path; the
	 * directories are data, quoted as one word whatever they hold */
	a1 = cds_shquote("export _CDS_OLD_LD_LIBRARY_PATH=\"${_CDS_OLD_LD_"
	    "LIBRARY_PATH-${LD_LIBRARY_PATH-}}\"");
	qa = cds_quote(CDS_QUOTE_SH, joined.s);
	d1 = cds_xasprintf("export LD_LIBRARY_PATH=%s\"${_CDS_OLD_LD_LIBRARY_"
	    "PATH:+:$_CDS_OLD_LD_LIBRARY_PATH}\"", qa);
	free(qa);
	a2 = cds_shquote(d1);
	free(d1);
	d1 = cds_shquote("export LD_LIBRARY_PATH=\"${_CDS_OLD_LD_LIBRARY_"
	    "PATH-}\"");
	d2 = cds_shquote("unset _CDS_OLD_LD_LIBRARY_PATH");
	name = cds_xstrdup(file != NULL ? cds_basename(file) :
	    "cudnn-setup.sh");
	adir = cds_xasprintf("%s/etc/conda/activate.d", e->prefix);
	ddir = cds_xasprintf("%s/etc/conda/deactivate.d", e->prefix);
	cds_buf_addf(&act, "%s/%s", adir, name);
	cds_buf_addf(&deact, "%s/%s", ddir, name);
	qa = cds_shquote(adir);
	qd = cds_shquote(ddir);
	qact = cds_shquote(act.s);
	qdeact = cds_shquote(deact.s);
	cmd = cds_xasprintf("mkdir -p %s %s && printf '%%s\\n' %s %s > %s "
	    "&& printf '%%s\\n' %s %s > %s", qa, qd, a1, a2, qact, d1, d2,
	    qdeact);
	cds_finding_fix(f, CDS_FIX_ACTIVATE, e->prefix, joined.s, "%s", cmd);
	free(cmd);
	free(qa);
	free(qd);
	free(qact);
	free(qdeact);
	free(adir);
	free(ddir);
	free(name);
	free(a1);
	free(a2);
	free(d1);
	free(d2);
	cds_buf_free(&act);
	cds_buf_free(&deact);
	cds_buf_free(&joined);
}

/* ------------------------------------------------------------------------ */
/* CUDA library sonames of a CUDA release                                    */
/* ------------------------------------------------------------------------ */

char **
cds_cuda_sonames(struct cds_rule_ctx *c, const char *cuda, const char **release)
{
	static const struct {
		const char *component;
		const char *lib;
	} map[] = {
		{ "cuda_cudart", "libcudart" },
		{ "libcublas", "libcublas" },
		{ "libcublas", "libcublasLt" },
		{ "libcufft", "libcufft" },
		{ "libcurand", "libcurand" },
		{ "libcusolver", "libcusolver" },
		{ "libcusparse", "libcusparse" },
		{ "libnvjitlink", "libnvJitLink" },
	};
	const struct cds_release *rel = NULL, *dnn;
	const struct cds_archive *const *arch;
	const char *var;
	struct cds_strv sv = {0};
	size_t i, k;

	*release = NULL;
	if (c->m == NULL || cds_manifest_resolve(c->m, cuda, NULL, &rel, &dnn,
	    &var) == -1 || rel == NULL) {
		return cds_strv_steal(&sv);
	}
	arch = cds_release_archives(c->h, rel, cds_platform(), NULL);
	cds_clearerr(c->h);
	if (arch == NULL) {
		return cds_strv_steal(&sv);
	}
	*release = rel->version;
	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
		for (i = 0; arch[i] != NULL; i++) {
			int major;

			if (strcmp(arch[i]->component, map[k].component) != 0 ||
			    arch[i]->version == NULL) {
				continue;
			}
			major = atoi(arch[i]->version);
			cds_strv_push_owned(&sv, strcmp(map[k].lib,
			    "libcudart") == 0 && major <= 11 ?
			    cds_xasprintf("%s.so.%d.0", map[k].lib, major) :
			    cds_xasprintf("%s.so.%d", map[k].lib, major));
			break;
		}
	}
	return cds_strv_steal(&sv);
}

char *
cds_find_anywhere(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *soname)
{
	const struct cds_scan *s = c->s;
	char *pat, *r = NULL;
	size_t i;

	if (e != NULL && e->site_packages != NULL) {
		char **m;

		pat = cds_xasprintf("%s/nvidia/*/lib/%s", e->site_packages,
		    soname);
		m = cds_root_glob(c->h, pat);
		r = cds_strdup0(m[0]);
		cds_strfreev(m);
		free(pat);
		if (r != NULL) {
			return r;
		}
	}
	for (i = 0; i < 2 * s->ntoolkits && r == NULL; i++) {
		/* each toolkit's libraries, then the HPC SDK's math
		 * libraries kept beside its toolkits */
		const struct cds_toolkit *t = &s->toolkits[i % s->ntoolkits];
		const char *dir = i < s->ntoolkits ? t->libdir : t->mathdir;

		if (dir == NULL) {
			continue;
		}
		pat = cds_path_join(dir, soname);
		if (cds_root_is_file(c->h, pat)) {
			r = pat;
		} else {
			free(pat);
		}
	}
	for (i = 0; i < s->nenvs && r == NULL; i++) {
		pat = cds_xasprintf("%s/lib/%s", s->envs[i].prefix, soname);
		if (cds_root_is_file(c->h, pat)) {
			r = pat;
		} else {
			free(pat);
		}
	}
	return r;
}

/* ------------------------------------------------------------------------ */
/* Libraries nobody provides: where they are, who ships them                 */
/* ------------------------------------------------------------------------ */

int
cds_is_cuda_soname(const char *name)
{
	static const char *const stems[] = { "libcudart.so", "libcublas.so",
		"libcublasLt.so", "libcufft.so", "libcurand.so",
		"libcusolver.so", "libcusparse.so", "libnvrtc.so",
		"libnvToolsExt.so", "libnvJitLink.so", "libcupti.so", NULL };
	const char *const *s;

	for (s = stems; *s != NULL; s++) {
		if (cds_startswith(name, *s)) {
			return 1;
		}
	}
	return 0;
}

const char *
cds_cuda_release_in(struct cds_rule_ctx *c, const char *name,
    const char *line)
{
	const char *best = NULL;
	size_t i, k, n = line != NULL ? strlen(line) : 0;

	for (i = 0; c->m != NULL && i < cds_manifest_nreleases(c->m); i++) {
		const struct cds_release *r = cds_manifest_release(c->m, i);
		const char *rel;
		char **names;

		if (r->kind != CDS_KIND_CUDA || (line != NULL &&
		    (strncmp(r->version, line, n) != 0 ||
		    r->version[n] != '.'))) {
			continue;
		}
		names = cds_cuda_sonames(c, r->version, &rel);
		for (k = 0; names[k] != NULL; k++) {
			if (strcmp(names[k], name) == 0 && (best == NULL ||
			    cds_vercmp(r->version, best) > 0)) {
				best = r->version;
			}
		}
		cds_strfreev(names);
	}
	return best;
}

const char *
cds_soname_release(struct cds_rule_ctx *c, const char *name)
{
	return cds_cuda_release_in(c, name, NULL);
}

void
cds_fix_missing(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *name, struct cds_strv *dirs,
    int *install)
{
	char *where = cds_find_anywhere(c, e, name);

	if (where != NULL) {
		char *dir = cds_dirname(where);

		cds_finding_evidence(f, "installed in", "%s, which the loader "
		    "does not search", where);
		if (!cds_strv_contains(dirs, dir)) {
			cds_strv_push(dirs, dir);
		}
		free(dir);
		free(where);
		return;
	}
	if (e == NULL && cds_is_cuda_soname(name)) {
		/* the system's: its package manager first */
		struct cds_aptfix *a = cds_aptfix_for(c, name, NULL);

		if (a != NULL) {
			cds_aptfix_report(c, f, a);
			cds_aptfix_free(a);
			return;
		}
	}
	if (cds_is_cuda_soname(name)) {
		/* part of a release here: only that release matches it */
		char *part = cds_cuda_part(c, name);
		const char *rel = part != NULL ? cds_cuda_release_in(c, name,
		    part) : cds_soname_release(c, name);

		if (part != NULL && rel == NULL) {
			cds_finding_evidence(f, "shipped by", "CUDA %s, part "
			    "of which is installed here; no release of it "
			    "this program knows (%s)", part, name);
		} else if (rel != NULL) {
			cds_finding_evidence(f, "shipped by", "CUDA %s (%s)",
			    rel, name);
			if (!*install) {
				cds_finding_fix(f, CDS_FIX_INSTALL, NULL, rel,
				    "cudnn-setup install --cuda %s", rel);
				*install = 1;
			}
		} else {
			cds_finding_evidence(f, "shipped by", "no CUDA release "
			    "this program knows (%s)", name);
		}
		free(part);
	}
}

/* The dist-info directory of distribution NAME (normalised) in SITE, or
 * NULL; *VERSION gets its version when not NULL. */
char *
cds_distinfo_named(cds_handle_t *h, const char *site, const char *name,
    char **version)
{
	char *pat = cds_path_join(site, "*.dist-info");
	char **m = cds_root_glob(h, pat), **q;
	char *found = NULL;

	free(pat);
	for (q = m; *q != NULL && found == NULL; q++) {
		const char *b = cds_basename(*q);
		const char *dash = strchr(b, '-');
		char *base, *norm;

		if (dash == NULL) {
			continue;
		}
		base = cds_xstrndup(b, (size_t)(dash - b));
		norm = cds_pkg_normalise(base);
		if (strcmp(norm, name) == 0) {
			found = cds_xstrdup(*q);
			if (version != NULL) {
				*version = cds_xstrndup(dash + 1,
				    strlen(dash + 1) - 10);
			}
		}
		free(norm);
		free(base);
	}
	cds_strfreev(m);
	return found;
}

char **
cds_record_lines(cds_handle_t *h, const char *site, const char *name)
{
	char *di = cds_distinfo_named(h, site, name, NULL);
	char *path, *text;
	char **lines;

	if (di == NULL) {
		return NULL;
	}
	path = cds_path_join(di, "RECORD");
	text = cds_root_read_file(h, path, 4u << 20, NULL);
	free(path);
	free(di);
	if (text == NULL) {
		return NULL;
	}
	lines = cds_strsplit(text, "\n", 0);
	free(text);
	return lines;
}

/* ------------------------------------------------------------------------ */
/* A framework's CUDA kernels                                                */
/* ------------------------------------------------------------------------ */

char *
cds_framework_cuda_lib(const struct cds_rule_ctx *c,
    const struct cds_package *p)
{
	static const char *const torch[] = { "torch/lib/libtorch_cuda.so",
		"torch/lib/libtorch_cuda_cu.so", NULL };
	static const char *const tf[] = {
		"tensorflow/python/_pywrap_tensorflow_internal.so",
		"tensorflow/libtensorflow_cc.so.2", NULL };
	static const char *const ort[] = {
		"onnxruntime/capi/libonnxruntime_providers_cuda.so", NULL };
	static const char *const jax[] = {
		"jax_plugins/xla_cuda12/xla_cuda_plugin.so",
		"jaxlib/xla_extension.so", NULL };
	const char *const *cands;
	size_t i;

	switch (p->kind) {
	case CDS_FW_TORCH:
		cands = torch;
		break;
	case CDS_FW_TENSORFLOW:
		cands = tf;
		break;
	case CDS_FW_ONNXRUNTIME:
		cands = ort;
		break;
	case CDS_FW_JAX:
		cands = jax;
		break;
	default:
		return NULL;
	}
	if (p->from_conda || p->location == NULL) {
		return NULL;
	}
	for (i = 0; cands[i] != NULL; i++) {
		char *path = cds_path_join(p->location, cands[i]);

		if (cds_root_is_file(c->h, path)) {
			return path;
		}
		free(path);
	}
	return NULL;
}

int
cds_consumer_soname(const char *name)
{
	static const char *const stems[] = {
		"libcudnn", "libnccl.so.", "libcuda.so.", "libcufftw.so.",
		"libnvblas.so.", "libcusolverMg.so.", "libnpp", "libnvjpeg.so.",
		NULL
	};
	const char *const *s;

	if (cds_is_cuda_soname(name)) {
		return 1;
	}
	for (s = stems; *s != NULL; s++) {
		if (cds_startswith(name, *s)) {
			return 1;
		}
	}
	return 0;
}

/* The sub-libraries of cuDNN's GRAPH_JIT_ONLY configuration (cuDNN
 * frontend documentation, "cuDNN Library Configuration": libcudnn.so,
 * libcudnn_graph.so, libcudnn_engines_runtime_compiled.so). */
const char *const cds_cudnn_jit_set[] = { "libcudnn.so.9", "libcudnn_graph.so.9",
	"libcudnn_engines_runtime_compiled.so.9", NULL };

int
cds_cudnn_jit_only(const struct cds_cudnn *d)
{
	size_t i, k;

	if (d->major != 9 || d->missing == NULL || d->missing[0] == NULL ||
	    (d->mixed != NULL && d->mixed[0] != NULL)) {
		return 0;
	}
	for (i = 0; cds_cudnn_jit_set[i] != NULL; i++) {
		int have = 0;

		for (k = 0; k < d->nfiles; k++) {
			have |= strcmp(d->files[k].name, cds_cudnn_jit_set[i]) == 0;
		}
		if (!have) {
			return 0;
		}
	}
	return 1;
}

/* A package built for a CUDA: a framework with its build's CUDA, or a
 * wheel named for the CUDA major it is built for (cupy-cuda12x: the scan
 * reads its CUDA from the name). */
static int
cuda_build(const struct cds_package *p)
{
	return p->cuda != NULL && (p->kind != CDS_FW_OTHER ||
	    cds_startswith(p->name, "cupy-cuda"));
}

void
cds_each_cuda_build(struct cds_rule_ctx *c,
    void (*fn)(struct cds_rule_ctx *c, const struct cds_package *p,
    const char *what, const char *where, void *ctx), void *ctx)
{
	const struct cds_scan *s = c->s;
	size_t i, k;

	for (i = 0; i < s->nenvs; i++) {
		const struct cds_env *e = &s->envs[i];

		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];
			char *what, *where;

			if (!cuda_build(p)) {
				continue;
			}
			what = cds_xasprintf("%s %s in env %s", p->name,
			    p->version, e->name);
			where = cds_xasprintf("built for CUDA %s", p->cuda);
			fn(c, p, what, where, ctx);
			free(where);
			free(what);
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];
		char *what;

		if (!cuda_build(p)) {
			continue;
		}
		what = cds_xasprintf("%s %s in %s", p->name, p->version,
		    p->location);
		fn(c, p, what, "system Python", ctx);
		free(what);
	}
}

char *
cds_glibc_here(cds_handle_t *h)
{
	struct cds_ld_found *fd = cds_loader_find(h, "libc.so.6", NULL, 0);
	char *host, *v = NULL;
	char *const *defs;
	struct cds_elf *e = NULL;
	size_t i;

	if (fd != NULL && fd->path != NULL) {
		host = cds_rpath(h, fd->path);
		e = cds_elf_open(h, host);
		free(host);
	}
	cds_ld_found_free(fd);
	cds_clearerr(h);
	if (e == NULL) {
		return NULL;
	}
	defs = cds_elf_verdefs(e);
	for (i = 0; defs[i] != NULL; i++) {
		if (strncmp(defs[i], "GLIBC_2.", 8) == 0 &&
		    isdigit((unsigned char)defs[i][8]) && (v == NULL ||
		    cds_vercmp(defs[i] + 6, v) > 0)) {
			free(v);
			v = cds_xstrdup(defs[i] + 6);
		}
	}
	cds_elf_free(e);
	return v;
}
