/*
 * findings.c - run doctor's rules over a scan.  The rules are a table, one
 * function each, so a new failure mode is one new row plus a fixture.
 * Also the facts several rules share: where a variable was set, the
 * library search of a program, what cuDNN a framework expects.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "scan.h"
#include "shell.h"

/* One row per finding id.  A row without a function names an id that
 * another row's function raises (its summary is still looked up here). */
static const struct cds_rule rules[] = {
	{ "NO-DRIVER", N_("no usable NVIDIA driver"), NULL,
	    cds_rule_no_driver },
	{ "F20", N_("an NVIDIA GPU is present but its kernel module is not "
	    "loaded"), "F20", cds_rule_no_module },
	{ "NO-MODULE", N_("the NVIDIA driver's libraries are installed but "
	    "its kernel module is not loaded"), NULL,
	    cds_rule_libs_no_module },
	{ "STUB-LIBCUDA", N_("a stub libcuda is what programs would load"),
	    NULL, cds_rule_stub_libcuda },
	{ "WSL-LIB-PATH", N_("WSL2: the driver's library dir is not searched"),
	    "F4", cds_rule_wsl_path },
	{ "F16", N_("the driver is too old for this CUDA version"), "F16",
	    cds_rule_driver_too_old },
	{ "CUDA-LINK", N_("the cuda link points to a missing or partial "
	    "toolkit"), NULL, cds_rule_cuda_link },
	{ "F17", N_("a forward-compatibility libcuda is on the path"), "F17",
	    cds_rule_compat_libcuda },
	{ "F18", N_("NVSwitch system without a matching fabric manager"),
	    "F18", cds_rule_fabricmanager },
	{ "F19", N_("the driver's libraries and its kernel module differ"),
	    "F19", cds_rule_nvml_mismatch },
	{ "F4", N_("cuDNN 8 needs libcuda.so, only libcuda.so.1 is there"),
	    "F4", cds_rule_libcuda_devlink },
	{ "DEV-LINKS", N_("cuDNN libraries without their .so links"), "F14",
	    cds_rule_dev_links },
	{ "F2", N_("one directory holds cuDNN libraries of different "
	    "releases"), "F2", cds_rule_mixed_set },
	{ "F24", N_("library links were copied as regular files"), "F24",
	    cds_rule_copied_links },
	{ "F8", N_("cuDNN sub-libraries missing: no engine can run"), "F8",
	    cds_rule_incomplete_set },
	{ "F9", N_("LD_LIBRARY_PATH puts an older cuDNN before PyTorch's"),
	    "F9", cds_rule_torch_cudnn_path },
	{ "F10", N_("the first cuDNN found is older than the framework was "
	    "built with"), "F10", cds_rule_cudnn_too_old },
	{ "F3", N_("the conda env's cudnn package differs from what the "
	    "framework needs"), "F3", cds_rule_conda_cudnn },
	{ "F15", N_("the active toolkit's CUDA differs from PyTorch's"),
	    "F15", cds_rule_toolkit_vs_torch },
	{ "F21", N_("the framework has no kernels for this GPU"), "F21",
	    cds_rule_arch_list },
	{ "F30", N_("three CUDA versions: what each one means"), "F30",
	    cds_rule_three_numbers },
	{ "F31", N_("the JAX CUDA plugin and jaxlib versions differ"), "F31",
	    cds_rule_jax_plugin },
	{ "F27", N_("a CPU-only framework build on a machine with a GPU"),
	    "F27", cds_rule_cpu_build },
	{ "F14", N_("ONNX Runtime cannot find the cuDNN or CUDA it needs"),
	    "F14", cds_rule_ort_cudnn },
	{ "F7", N_("the program needs cuDNN 9; the loader finds none"), "F7",
	    cds_rule_cudnn_major },
	{ "F6", N_("cuDNN exists only inside a Python wheel the program "
	    "does not search"), "F6", NULL },
	{ "F29", N_("TensorFlow cannot dlopen a GPU library"), "F29",
	    cds_rule_tf_sonames },
	{ "CUDA-HOME", N_("CUDA_HOME names another toolkit than the nvcc "
	    "on PATH, or none"), NULL, cds_rule_cuda_home },
	{ "F23", N_("the host gcc is newer than nvcc supports"), "F23",
	    cds_rule_host_gcc },
	{ "F25", N_("NVIDIA apt repository entries are duplicated or "
	    "unsigned"), "F25", cds_rule_apt_sources },
	{ "F28", N_("a conda activate.d script sets LD_LIBRARY_PATH "
	    "wrongly"), "F28", cds_rule_activate_scripts },
	{ "REPAIR-CUT", N_("a repair or its undo was cut short"), NULL,
	    cds_rule_repair_cut },
	{ "F1", N_("a cuDNN library binds a sibling from another cuDNN "
	    "release"), "F1", cds_rule_loader_cudnn },
	{ "F5", N_("a cuDNN library needs a CUDA library the loader cannot "
	    "find"), "F5", cds_rule_loader_needed },
	{ "F12", N_("cuSPARSE binds an older nvJitLink"), "F12", NULL },
	{ "F13", N_("a CUDA library a program needs is missing or "
	    "mislabelled"), "F13", cds_rule_consumers },
	/* explain's own checks of what a message names (src/explain.c) */
	{ "MSG-LIBRARY", N_("the library the message could not open, looked "
	    "up here"), NULL, NULL },
	{ "MSG-FILE", N_("the file the message names, loaded here"), NULL,
	    NULL },
	{ "MSG-CUDNN", N_("the cuDNN version the message names, looked up "
	    "here"), NULL, NULL },
	{ "MSG-DRIVER", N_("the driver a CUDA program meets here"), NULL,
	    NULL },
	{ "MSG-BUILD", N_("how the framework here was built"), NULL, NULL },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

const char *
cds_rule_summary(const char *id)
{
	size_t i;

	for (i = 0; i < NRULES; i++) {
		if (strcmp(rules[i].id, id) == 0) {
			return _(rules[i].summary);
		}
	}
	return NULL;
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct cds_finding *x = a, *y = b;

	if (x->severity != y->severity) {
		return (int)y->severity - (int)x->severity;
	}
	return strcmp(x->id, y->id);
}

struct cds_findings *
cds_findings_run(cds_handle_t *h, const struct cds_scan *s)
{
	struct cds_rule_ctx c;
	size_t i;

	c.h = h;
	c.s = s;
	c.m = h->manifest != NULL ? h->manifest : cds_manifest_load(h);
	c.out = cds_xcalloc(1, sizeof(*c.out));
	/* a rule's failure to read something is not the command's error */
	cds_clearerr(h);
	/* rules only read: each directory is resolved once for all */
	cds_root_cache_begin(h);
	for (i = 0; i < NRULES; i++) {
		if (rules[i].fn != NULL) {
			rules[i].fn(&c);
		}
	}
	cds_root_cache_end(h);
	cds_clearerr(h);
	if (c.out->n > 1) {
		/* stable order: most severe first, then by id; mergesort
		 * keeps a rule's own order among its findings */
		struct cds_finding *tmp = cds_xcalloc(c.out->n, sizeof(*tmp));
		size_t w, n = c.out->n;

		for (w = 1; w < n; w *= 2) {
			size_t lo;

			for (lo = 0; lo < n; lo += 2 * w) {
				size_t mid = lo + w < n ? lo + w : n;
				size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
				size_t a = lo, b = mid, k = lo;

				while (a < mid || b < hi) {
					if (b >= hi || (a < mid && cmp_finding(
					    &c.out->items[a],
					    &c.out->items[b]) <= 0)) {
						tmp[k++] = c.out->items[a++];
					} else {
						tmp[k++] = c.out->items[b++];
					}
				}
			}
			memcpy(c.out->items, tmp, n * sizeof(*tmp));
		}
		free(tmp);
	}
	return c.out;
}

int
cds_findings_worst(const struct cds_findings *f)
{
	int worst = -1;
	size_t i;

	for (i = 0; f != NULL && i < f->n; i++) {
		if ((int)f->items[i].severity > worst) {
			worst = (int)f->items[i].severity;
		}
	}
	return worst;
}

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

/* "FILE:LINE" of the first line of target file PATH that names VAR and
 * mentions VALUE, or NULL. */
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
		if (mentions(x, value)) {
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

char *
cds_var_origin(struct cds_rule_ctx *c, const char *var, const char *value)
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
		/* an ld.so.conf line: a system file a person edits */
		char *conf = cds_shquote(d->via);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo sed -i '\\|^%s/\\{0,1\\}$|d' %s && sudo ldconfig",
		    d->dir, conf);
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
