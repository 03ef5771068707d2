/*
 * rules_consumers.c - every CUDA consumer doctor can see, not only the
 * frameworks it knows by name: each Python extension module and shared
 * library of an env or of the system's Python, and every library those
 * load, is read once (its dynamic section only), and each CUDA, cuDNN,
 * NCCL or driver soname it needs is looked up as ld.so would for that
 * file.  One that resolves nowhere is F13, named with the module that
 * needs it, the library, what would provide it and, where dpkg owns the
 * files, the package and its command.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "doctor/aptfix.h"
#include "doctor/consumers.h"
#include "read/elfread.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "scan/loader.h"
#include "read/pkgdb.h"
#include "scan/scan.h"
#include "base/strmap.h"

/* A walk stops growing here: a tree this large is not a Python env. */
#define MAX_FILES 20000
#define MAX_DEPTH 16
/* Consumers named in one finding's evidence. */
#define SHOW_CONSUMERS 5

/* glibc's own libraries: they need nothing of CUDA, so the walk does not
 * follow them. */
static int
base_lib(const char *name)
{
	static const char *const base[] = {
		"libc.so.", "libm.so.", "libdl.so.", "libpthread.so.",
		"librt.so.", "ld-linux", "libgcc_s.so.", "libstdc++.so.",
		"libutil.so.", "libresolv.so.", NULL
	};
	const char *const *b;

	for (b = base; *b != NULL; b++) {
		if (cds_startswith(name, *b)) {
			return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* The walk                                                                  */
/* ------------------------------------------------------------------------ */

struct look {
	char *path;		/* where ld.so finds it, NULL if nowhere */
	char *real;
	char *error;
};

struct item {
	char *path;		/* a target path */
	const char *top;	/* the package directory it came from */
};

struct walk {
	struct cds_rule_ctx *c;
	const struct cds_env *env;	/* NULL: the system's Python */
	const char *scope;
	struct cds_misses *out;
	size_t first;		/* this scope's first entry in out */
	struct cds_strmap *seen;	/* real paths queued */
	struct cds_strmap *looked;	/* search key -> struct look */
	struct cds_strmap *dirs;	/* search key -> struct cds_strv */
	struct cds_strmap *tops;	/* interned package directory names */
	struct item *q;
	size_t nq, cap;
	char *runtime;
};

static void
look_free(void *p)
{
	struct look *l = p;

	free(l->path);
	free(l->real);
	free(l->error);
	free(l);
}

static void
strv_free(void *p)
{
	cds_strv_clear(p);
	free(p);
}

static const char *
intern(struct walk *w, const char *s)
{
	char *v;

	if (s == NULL) {
		return NULL;
	}
	if ((v = cds_strmap_get(w->tops, s)) == NULL) {
		v = cds_xstrdup(s);
		cds_strmap_add(w->tops, s, v);
	}
	return v;
}

static void
enqueue(struct walk *w, const char *path, const char *top)
{
	char *real;

	/* the same name again (most libraries are asked for by many): no
	 * link walk; a new name: its real file decides */
	if (w->nq >= MAX_FILES || !cds_strmap_add(w->seen, path, NULL)) {
		return;
	}
	real = cds_realpath_in_root(w->c->h, path);
	if (real != NULL && strcmp(real, path) != 0 &&
	    !cds_strmap_add(w->seen, real, NULL)) {
		free(real);
		return;
	}
	free(real);
	if (w->nq == w->cap) {
		w->cap = w->cap == 0 ? 256 : w->cap * 2;
		w->q = cds_xreallocarray(w->q, w->cap, sizeof(*w->q));
	}
	w->q[w->nq].path = cds_xstrdup(path);
	w->q[w->nq].top = intern(w, top);
	w->nq++;
}

/* A shared object by its name: "x.so", "x.cpython-311-x86_64-linux-gnu.so",
 * "libx.so.1.2". */
static int
lib_name(const char *n)
{
	return cds_endswith(n, ".so") || strstr(n, ".so.") != NULL;
}

struct entry {
	char *name;
	unsigned char type;
};

static int
cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
	    ((const struct entry *)b)->name);
}

/* The entries of host directory HOST worth a look: directories and
 * library names (the entry's own type says which, so a tree of ten
 * thousand Python files costs its readdir), in name order. */
static struct entry *
entries(const char *host, size_t *n)
{
	DIR *d = opendir(host);
	struct dirent *de;
	struct entry *v = NULL;
	size_t cap = 0;

	*n = 0;
	if (d == NULL) {
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		const char *name = de->d_name;
		unsigned char type = de->d_type;

		if (name[0] == '.' || strcmp(name, "__pycache__") == 0 ||
		    cds_endswith(name, ".dist-info") ||
		    cds_endswith(name, ".egg-info") ||
		    (type != DT_DIR && type != DT_UNKNOWN && !lib_name(name))) {
			continue;
		}
		if (type == DT_UNKNOWN) {
			char *hp = cds_path_join(host, name);
			struct stat st;

			type = lstat(hp, &st) == -1 ? DT_UNKNOWN :
			    S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ?
			    DT_LNK : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
			free(hp);
		}
		if (*n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			v = cds_xreallocarray(v, cap, sizeof(*v));
		}
		v[*n].name = cds_xstrdup(name);
		v[(*n)++].type = type;
	}
	closedir(d);
	if (*n > 1) {
		qsort(v, *n, sizeof(*v), cmp_entry);
	}
	return v;
}

static const struct cds_package *package_of(const struct walk *w,
    const char *top);
static void walk_dir(struct walk *w, const char *dir, const char *top,
    int depth);

static void
walk_entry(struct walk *w, const char *dir, const char *top, int depth,
    const struct entry *en)
{
	char *path = cds_path_join(dir, en->name);

	if (top == NULL) {
		top = en->name;
	}
	if (en->type == DT_DIR && depth < MAX_DEPTH) {
		walk_dir(w, path, top, depth + 1);
	} else if ((en->type == DT_REG || en->type == DT_LNK) &&
	    lib_name(en->name)) {
		/* a link (Debian's torch/lib/libtorch.so into /usr/lib)
		 * counts as the file it leads to */
		char *real = en->type == DT_LNK ?
		    cds_realpath_in_root(w->c->h, path) : NULL;

		enqueue(w, real != NULL ? real : path, top);
		free(real);
	}
	free(path);
}

/*
 * Every shared object under DIR (a target path); TOP is the package
 * directory of site-packages it is in (NULL: DIR is site-packages).  In
 * site-packages the directories of known packages go first, so a library
 * two packages load (functorch and torch both load libtorch_cuda) is
 * counted as the known one's.
 */
static void
walk_dir(struct walk *w, const char *dir, const char *top, int depth)
{
	char *host = cds_rpath(w->c->h, dir);
	size_t n, i;
	struct entry *v = entries(host, &n);

	for (i = 0; top == NULL && i < n; i++) {
		if (package_of(w, v[i].name) != NULL) {
			walk_entry(w, dir, top, depth, &v[i]);
			v[i].type = DT_UNKNOWN;	/* done */
		}
	}
	for (i = 0; i < n; i++) {
		walk_entry(w, dir, top, depth, &v[i]);
		free(v[i].name);
	}
	free(v);
	free(host);
}

/* The search key of a lookup from consumer E at target PATH. */
static char *
search_key(const struct cds_elf *e, const char *path, const char *name)
{
	char *dir = cds_dirname(path);
	char *k = cds_xasprintf("%s\n%s\n%s\n%d\n%s", dir,
	    cds_elf_rpath(e) != NULL ? cds_elf_rpath(e) : "",
	    cds_elf_runpath(e) != NULL ? cds_elf_runpath(e) : "",
	    cds_elf_nodeflib(e), name != NULL ? name : "");

	free(dir);
	return k;
}

/* ld.so's search for NAME from E, done once per directory and path. */
static const struct look *
lookup(struct walk *w, const struct cds_elf *e, const char *path,
    const char *name)
{
	char *key = search_key(e, path, name);
	struct look *l = cds_strmap_get(w->looked, key);

	if (l == NULL) {
		struct cds_ld_found *f = cds_loader_find(w->c->h, name, e, 0);

		l = cds_xcalloc(1, sizeof(*l));
		if (f != NULL) {
			l->path = cds_strdup0(f->path);
			l->real = cds_strdup0(f->realpath);
			l->error = cds_strdup0(f->error);
		}
		cds_ld_found_free(f);
		cds_clearerr(w->c->h);
		cds_strmap_add(w->looked, key, l);
	}
	free(key);
	return l;
}

/*
 * Where a library the walk only follows (not one it reports) is: the first
 * of E's search directories holding a file of that name.  No ELF check of
 * the candidates (ld.so's class and soname rules): a library followed by
 * mistake costs a read, never a verdict.
 */
static const char *
follow_find(struct walk *w, const struct cds_elf *e, const char *path,
    const char *name)
{
	char *key = search_key(e, path, NULL), *fkey;
	struct cds_strv *dirs = cds_strmap_get(w->dirs, key);
	struct look *l;
	size_t i;

	fkey = cds_xasprintf("%s\n%s", key, name);
	if ((l = cds_strmap_get(w->looked, fkey)) != NULL) {
		free(fkey);
		free(key);
		return l->path;
	}
	if (dirs == NULL) {
		struct cds_searchdir *sd;
		size_t n;

		dirs = cds_xcalloc(1, sizeof(*dirs));
		sd = cds_loader_searchdirs(w->c->h, e, &n);
		for (i = 0; i < n; i++) {
			if (sd[i].dir[0] == '/' && sd[i].exists) {
				cds_strv_push(dirs, sd[i].dir);
			}
		}
		cds_searchdirs_free(sd, n);
		cds_strmap_add(w->dirs, key, dirs);
	}
	free(key);
	l = cds_xcalloc(1, sizeof(*l));
	for (i = 0; i < dirs->n && l->path == NULL; i++) {
		char *t = cds_path_join(dirs->v[i], name);
		char *host = cds_rpath(w->c->h, t);
		struct stat st;
		int hit = lstat(host, &st) == 0 && (S_ISREG(st.st_mode) ||
		    S_ISLNK(st.st_mode));

		free(host);
		if (hit && S_ISLNK(st.st_mode)) {
			/* a link: followed inside the root, never out */
			char *real = cds_realpath_in_root(w->c->h, t);
			char *rh = real != NULL ? cds_rpath(w->c->h, real) :
			    NULL;

			hit = rh != NULL && cds_is_file(rh);
			free(rh);
			free(real);
		}
		if (hit) {
			l->path = t;
		} else {
			free(t);
		}
	}
	cds_strmap_add(w->looked, fkey, l);
	free(fkey);
	return l->path;
}

/* The Python package a directory of site-packages belongs to. */
static const struct cds_package *
package_of(const struct walk *w, const char *top)
{
	const struct cds_package *pkgs = w->env != NULL ?
	    w->env->packages : w->c->s->system_packages;
	size_t n = w->env != NULL ? w->env->npackages :
	    w->c->s->nsystem_packages, i;
	char *norm;

	if (top == NULL) {
		return NULL;
	}
	norm = cds_pkg_normalise(top);
	for (i = 0; i < n; i++) {
		const char *name = pkgs[i].name;
		size_t k = strlen(norm);

		if (pkgs[i].from_conda || strcmp(norm, "nvidia") == 0) {
			continue;
		}
		if (strcmp(name, norm) == 0 || (strncmp(name, norm, k) == 0 &&
		    name[k] == '-')) {
			free(norm);
			return &pkgs[i];
		}
	}
	free(norm);
	return NULL;
}

static void
miss_add(struct walk *w, const char *soname, const char *consumer,
    const char *top, const char *error)
{
	struct cds_misses *out = w->out;
	const struct cds_package *pkg = package_of(w, top);
	struct cds_miss *m = NULL;
	size_t i, n;

	for (i = w->first; i < out->n; i++) {
		if (strcmp(out->v[i].soname, soname) == 0) {
			m = &out->v[i];
		}
	}
	if (m == NULL) {
		out->v = cds_xreallocarray(out->v, out->n + 1,
		    sizeof(*out->v));
		m = &out->v[out->n++];
		memset(m, 0, sizeof(*m));
		m->soname = cds_xstrdup(soname);
		m->env = w->env;
		m->scope = cds_xstrdup(w->scope);
		m->consumers = cds_xcalloc(1, sizeof(char *));
		m->error = cds_strdup0(error);
	}
	n = cds_strv_len(m->consumers);
	for (i = 0; i < n; i++) {
		if (strcmp(m->consumers[i], consumer) == 0) {
			return;
		}
	}
	m->consumers = cds_xreallocarray(m->consumers, n + 2,
	    sizeof(char *));
	m->consumers[n + 1] = NULL;
	if (pkg != NULL && (m->package == NULL || (m->package == pkg &&
	    strstr(cds_basename(consumer), "cuda") != NULL &&
	    strstr(cds_basename(m->consumers[0]), "cuda") == NULL))) {
		/* a framework's own library is the one to name first, the
		 * one it keeps its CUDA code in before the others */
		memmove(&m->consumers[1], &m->consumers[0],
		    n * sizeof(char *));
		m->consumers[0] = cds_xstrdup(consumer);
		m->package = pkg;
		free(m->error);
		m->error = cds_strdup0(error);
	} else {
		m->consumers[n] = cds_xstrdup(consumer);
	}
}

/* The version in a real file's name: libcudart.so.12.4.127 -> 12.4.127. */
static char *
runtime_version(const char *real)
{
	char *v = real != NULL ? cds_soname_version(cds_basename(real)) :
	    NULL;

	if (v != NULL && strchr(v, '.') == NULL) {
		free(v);
		return NULL;
	}
	return v;
}

/* Is NAME a file in the directory of PATH (a library of the same set)? */
static int
sibling(const struct walk *w, const char *path, const char *name)
{
	char *dir = cds_dirname(path), *t = cds_path_join(dir, name);
	char *host = cds_rpath(w->c->h, t);
	int there = cds_is_file(host);

	free(host);
	free(t);
	free(dir);
	return there;
}

/* One file: its NEEDED entries, reported, followed or both. */
static void
visit(struct walk *w, const char *path, const char *top)
{
	cds_handle_t *h = w->c->h;
	char *host = cds_rpath(h, path), *real;
	struct cds_elf *e = cds_elf_open_dynamic(h, host);
	char *const *needed;
	size_t i;

	free(host);
	if (e == NULL) {
		cds_clearerr(h);	/* not ELF, unreadable: not a consumer */
		return;
	}
	w->out->nfiles++;
	real = cds_realpath_in_root(h, path);
	needed = cds_elf_needed(e);
	for (i = 0; needed[i] != NULL; i++) {
		if (cds_consumer_soname(needed[i]) &&
		    strstr(path, "/site-packages/nvidia/") == NULL) {
			w->out->nusers++;
			break;
		}
	}
	for (i = 0; needed[i] != NULL; i++) {
		const char *n = needed[i];

		if (base_lib(n)) {
			continue;
		}
		if (cds_consumer_soname(n)) {
			const struct look *l = lookup(w, e, path, n);

			if (l->path == NULL && sibling(w, path, n)) {
				/* a set loading its own member: the rules of
				 * cuDNN's and CUDA's sets judge that */
				continue;
			}
			if (l->path == NULL) {
				/* named by its real file: what a package lists
				 * and a person finds */
				miss_add(w, n, real != NULL ? real : path, top,
				    l->error);
				continue;
			}
			if (w->runtime == NULL &&
			    cds_startswith(n, "libcudart.so.")) {
				w->runtime = runtime_version(l->real);
			}
			enqueue(w, l->path, top);
		} else {
			const char *p = follow_find(w, e, path, n);

			if (p != NULL) {
				enqueue(w, p, top);
			}
		}
	}
	free(real);
	cds_elf_free(e);
}

/* One scope: the site directories SITES, with LD_LIBRARY_PATH LLP. */
static void
walk_scope(struct cds_rule_ctx *c, struct cds_misses *out,
    const struct cds_env *env, char *const *sites, const char *llp)
{
	char *saved = cds_strdup0(cds_getenv(c->h, "LD_LIBRARY_PATH"));
	struct walk w;
	size_t i;

	memset(&w, 0, sizeof(w));
	w.c = c;
	w.env = env;
	w.scope = env != NULL ? env->prefix : "system Python";
	w.out = out;
	w.first = out->n;
	w.seen = cds_strmap_new(1);
	w.looked = cds_strmap_new(1);
	w.dirs = cds_strmap_new(1);
	w.tops = cds_strmap_new(1);
	cds_setenv(c->h, "LD_LIBRARY_PATH", llp);
	for (i = 0; sites[i] != NULL; i++) {
		walk_dir(&w, sites[i], NULL, 0);
	}
	/* the queue grows as NEEDED entries are followed */
	for (i = 0; i < w.nq; i++) {
		visit(&w, w.q[i].path, w.q[i].top);
	}
	for (i = w.first; i < out->n; i++) {
		out->v[i].runtime = cds_strdup0(w.runtime);
	}
	if (out->runtime == NULL) {
		out->runtime = cds_strdup0(w.runtime);
	}
	cds_setenv(c->h, "LD_LIBRARY_PATH", saved);
	free(saved);
	for (i = 0; i < w.nq; i++) {
		free(w.q[i].path);
	}
	free(w.q);
	free(w.runtime);
	cds_strmap_free(w.seen, NULL);
	cds_strmap_free(w.looked, look_free);
	cds_strmap_free(w.dirs, strv_free);
	cds_strmap_free(w.tops, free);
}

/* LD_LIBRARY_PATH for env E as its activation makes it, EXTRA first. */
static char *
scope_path(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *extra)
{
	struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
	char *v;

	if (extra != NULL && *extra != '\0') {
		v = lp->ld_library_path != NULL && *lp->ld_library_path !=
		    '\0' ? cds_xasprintf("%s:%s", extra, lp->ld_library_path) :
		    cds_xstrdup(extra);
	} else {
		v = cds_strdup0(lp->ld_library_path);
	}
	cds_libpath_free(lp);
	return v;
}

struct cds_misses *
cds_consumers_check(struct cds_rule_ctx *c, const struct cds_env *only,
    unsigned flags, const char *extra_path)
{
	struct cds_misses *out = cds_xcalloc(1, sizeof(*out));
	double t0 = cds_now_ms();
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char *sites[2], *llp;

		if (!(flags & CDS_CONSUMERS_ENVS) || (only != NULL &&
		    e != only) || e->site_packages == NULL) {
			continue;
		}
		sites[0] = e->site_packages;
		sites[1] = NULL;
		llp = scope_path(c, e, extra_path);
		walk_scope(c, out, e, sites, llp);
		free(llp);
	}
	if (flags & CDS_CONSUMERS_SYSTEM) {
		char **sites = cds_system_sites(c->h);
		char *llp = scope_path(c, NULL, extra_path);

		walk_scope(c, out, NULL, sites, llp);
		free(llp);
		cds_strfreev(sites);
	}
	out->ms = cds_now_ms() - t0;
	cds_log(c->h, CDS_LOG_DEBUG, "CUDA consumers: %zu files read in "
	    "%.1f ms, %zu libraries not found", out->nfiles, out->ms, out->n);
	return out;
}

void
cds_misses_free(struct cds_misses *m)
{
	size_t i;

	if (m == NULL) {
		return;
	}
	for (i = 0; i < m->n; i++) {
		free(m->v[i].soname);
		free(m->v[i].scope);
		cds_strfreev(m->v[i].consumers);
		free(m->v[i].error);
		free(m->v[i].runtime);
	}
	free(m->v);
	free(m->runtime);
	free(m);
}

int
cds_miss_major(const struct cds_miss *m)
{
	const char *p = strstr(m->soname, ".so.");

	return p != NULL && p[4] >= '0' && p[4] <= '9' ? atoi(p + 4) : -1;
}

/* ------------------------------------------------------------------------ */
/* What the evidence says about a miss                                      */
/* ------------------------------------------------------------------------ */

static void
dir_add(struct cds_rule_ctx *c, struct cds_strv *dirs, const char *dir)
{
	char *real = cds_realpath_in_root(c->h, dir);

	/* a merged /usr lists /lib/x and /usr/lib/x: the same directory */
	if (real != NULL && !cds_strv_contains(dirs, real)) {
		cds_strv_push(dirs, real);
	}
	free(real);
}

/* The loader's directories, as the scan saw them, and the consumers'. */
static void
loader_dirs(struct cds_rule_ctx *c, const struct cds_miss *m,
    struct cds_strv *dirs)
{
	size_t i;

	for (i = 0; i < c->s->nsearchdirs; i++) {
		if (c->s->searchdirs[i].exists) {
			dir_add(c, dirs, c->s->searchdirs[i].dir);
		}
	}
	for (i = 0; m->consumers[i] != NULL; i++) {
		char *d = cds_dirname(m->consumers[i]);

		dir_add(c, dirs, d);
		free(d);
	}
}

char **
cds_miss_dangling(struct cds_rule_ctx *c, const struct cds_miss *m)
{
	struct cds_strv dirs = {0}, out = {0};
	char *dev = cds_xstrndup(m->soname, strstr(m->soname, ".so") -
	    m->soname + 3);
	size_t i, k;

	loader_dirs(c, m, &dirs);
	for (i = 0; i < dirs.n; i++) {
		const char *names[2] = { m->soname, dev };

		for (k = 0; k < 2; k++) {
			char *p = cds_path_join(dirs.v[i], names[k]);
			char *host = cds_rpath(c->h, p);
			char *t = cds_readlink(host), *real, *rh;

			if (t != NULL) {
				real = cds_realpath_in_root(c->h, p);
				rh = real != NULL ? cds_rpath(c->h, real) :
				    NULL;
				if (rh == NULL || !cds_exists(rh)) {
					char *s = cds_xasprintf("%s -> %s",
					    p, t);

					if (!cds_strv_contains(&out, s)) {
						cds_strv_push(&out, s);
					}
					free(s);
				}
				free(rh);
				free(real);
			}
			free(t);
			free(host);
			free(p);
		}
	}
	free(dev);
	cds_strv_clear(&dirs);
	return cds_strv_steal(&out);
}

const struct cds_dpkg *
cds_miss_owner(struct cds_rule_ctx *c, const struct cds_miss *m, char **path)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	const struct cds_dpkg *p = NULL;
	struct cds_strv dirs = {0};
	size_t i;

	if (path != NULL) {
		*path = NULL;
	}
	if (cds_pkgdb_empty(db)) {
		return NULL;
	}
	loader_dirs(c, m, &dirs);
	for (i = 0; i < dirs.n && p == NULL; i++) {
		char *t = cds_path_join(dirs.v[i], m->soname);

		if ((p = cds_pkgdb_owner(db, t)) != NULL && path != NULL) {
			*path = t;
			t = NULL;
		}
		free(t);
	}
	cds_strv_clear(&dirs);
	if (p == NULL) {
		p = cds_pkgdb_provider(db, m->soname);
	}
	return p;
}

/* ------------------------------------------------------------------------ */
/* F13                                                                       */
/* ------------------------------------------------------------------------ */

/* The program of P's own that its post-installation script runs (Debian's
 * nvidia-cudnn runs /usr/sbin/update-nvidia-cudnn), as a target path, or
 * NULL. */
static char *
installer_of(struct cds_rule_ctx *c, const struct cds_dpkg *p)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	char *text = cds_pkgdb_script(db, p, "postinst"), **words, **wd;
	char *r = NULL;

	if (text == NULL) {
		return NULL;
	}
	words = cds_strsplit(text, " \t\n;|&()`\"'", 0);
	for (wd = words; *wd != NULL && r == NULL; wd++) {
		static const char *const bins[] = {
			"/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/", NULL
		};
		size_t k;

		if (**wd == '-' || **wd == '$' || strchr(*wd, '=') != NULL) {
			continue;
		}
		for (k = 0; bins[k] != NULL && r == NULL; k++) {
			char *t = **wd == '/' ? cds_xstrdup(*wd) :
			    cds_xasprintf("%s%s", bins[k], *wd);

			if (cds_pkgdb_owner(db, t) == p) {
				r = t;
				t = NULL;
			}
			free(t);
		}
	}
	cds_strfreev(words);
	free(text);
	return r;
}

/* The host an installer program downloads from: the first https:// or
 * http:// URL in its text, or NULL. */
static char *
download_host(struct cds_rule_ctx *c, const char *program)
{
	char *host = cds_rpath(c->h, program);
	char *text = cds_read_file(host, 1u << 20, NULL), *u, *r = NULL;

	free(host);
	if (text == NULL) {
		return NULL;
	}
	if ((u = strstr(text, "https://")) != NULL ||
	    (u = strstr(text, "http://")) != NULL) {
		u = strstr(u, "//") + 2;
		r = cds_xstrndup(u, strcspn(u, "/\"' \t\n$"));
	}
	free(text);
	return r;
}

/* Evidence and fixes naming the dpkg package that should provide M's
 * soname.  Returns 1 when there is one. */
static int
package_evidence(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_miss *m)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	const struct cds_dpkg *owner, *user;
	char *path, *label, *cmd, *inst, *from, *what = NULL;

	user = cds_pkgdb_owner(db, m->consumers[0]);
	if (user != NULL) {
		label = cds_dpkg_label(user);
		cds_finding_evidence(f, "needed by package", "%s (%s: %s)",
		    label, user->mgr, user->status);
		free(label);
	}
	if ((owner = cds_miss_owner(c, m, &path)) == NULL) {
		return 0;
	}
	label = cds_dpkg_label(owner);
	if (path != NULL) {
		cds_finding_evidence(f, "package", "%s lists %s (%s: %s)",
		    label, path, owner->mgr, owner->status);
	} else {
		cds_finding_evidence(f, "package", "%s provides %s (%s: %s)",
		    label, m->soname, owner->mgr, owner->status);
	}
	inst = installer_of(c, owner);
	from = inst != NULL ? download_host(c, inst) : NULL;
	if (from != NULL) {
		what = cds_xasprintf("%s, which downloads the library from %s",
		    cds_basename(inst), from);
	} else if (inst != NULL) {
		what = cds_xasprintf("%s, which installs the library",
		    cds_basename(inst));
	}
	if (cds_dpkg_unfinished(owner)) {
		cds_finding_evidence(f, "cause", "dpkg left %s %s: its "
		    "post-installation script failed%s%s%s", owner->name,
		    owner->status, what != NULL ? " (it runs " : "",
		    what != NULL ? what : "", what != NULL ? ")" : "");
	} else if (what != NULL) {
		cds_finding_evidence(f, "cause", "%s's post-installation "
		    "script runs %s; the library is not there", owner->name,
		    what);
	}
	cmd = cds_dpkg_fix_command(owner);
	if (inst != NULL) {
		cds_finding_evidence(f, "the fix runs", "%s again%s%s",
		    cds_basename(inst), from != NULL ? "; it needs to reach " :
		    "", from != NULL ? from : "");
	}
	/* dpkg's (pacman's) own command, as an argument list: doctor joins
	 * it with the other package commands, fleets run it */
	cds_finding_fix_argv(f, cds_dpkg_fix_argv(owner), NULL);
	if (inst != NULL && !cds_dpkg_unfinished(owner)) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "or: sudo dpkg-reconfigure %s", owner->name);
	}
	if (strcmp(owner->mgr, "dpkg") == 0 &&
	    strstr(cmd, "--reinstall") == NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "or: sudo apt-get install --reinstall %s", owner->name);
	}
	free(cmd);
	free(what);
	free(from);
	free(inst);
	free(label);
	free(path);
	return 1;
}

/* "cuDNN 9 for CUDA 12" or "CUDA 12.4.1": what would provide M. */
static char *
provider_text(struct cds_rule_ctx *c, const struct cds_miss *m)
{
	int major = cds_miss_major(m);
	char *part;

	if (cds_startswith(m->soname, "libcudnn")) {
		if (m->runtime != NULL) {
			return cds_xasprintf("cuDNN %d built for CUDA %d (the "
			    "CUDA runtime here is %s)", major,
			    atoi(m->runtime), m->runtime);
		}
		return cds_xasprintf("cuDNN %d", major);
	}
	if (cds_startswith(m->soname, "libcuda.so")) {
		return cds_xstrdup("the NVIDIA driver's user-space library");
	}
	if (cds_startswith(m->soname, "libnccl")) {
		return cds_xasprintf("NCCL %d", major);
	}
	if ((part = cds_cuda_part(c, m->soname)) != NULL) {
		char *lib = cds_cuda_lib_label(m->soname);
		char *r = cds_xasprintf("CUDA %s, part of which is installed "
		    "here: its %s is missing", part, lib);

		free(lib);
		free(part);
		return r;
	}
	if (cds_soname_release(c, m->soname) != NULL) {
		return cds_xasprintf("CUDA %s", cds_soname_release(c,
		    m->soname));
	}
	return NULL;
}

/* Does finding F name TEXT (title or evidence)? */
static int
names_text(const struct cds_finding *f, const char *text)
{
	size_t k;

	if (strstr(f->title, text) != NULL) {
		return 1;
	}
	for (k = 0; k < f->nevidence; k++) {
		if (strstr(f->evidence[k].value, text) != NULL) {
			return 1;
		}
	}
	return 0;
}

/* A finding of another rule that already tells this cause: the same
 * library missing for the same env or files. */
static struct cds_finding *
same_cause(struct cds_rule_ctx *c, const struct cds_miss *m)
{
	static const char *const ids[] = {
		"F13", "F6", "F5", "F7", "F14", "F29", NULL
	};
	static const char *const driver_ids[] = {
		"NO-DRIVER", "F20", "STUB-LIBCUDA", "WSL-LIB-PATH", NULL
	};
	const char *const *set = cds_startswith(m->soname, "libcuda.so") ?
	    driver_ids : ids;
	size_t i, k, j;

	for (i = 0; i < c->out->n; i++) {
		struct cds_finding *f = &c->out->items[i];
		int id = 0;

		for (k = 0; set[k] != NULL; k++) {
			id |= strcmp(f->id, set[k]) == 0;
		}
		if (!id) {
			continue;
		}
		if (set == driver_ids) {
			return f;	/* no driver: one cause */
		}
		if (!names_text(f, m->soname)) {
			continue;
		}
		if (m->env != NULL && names_text(f, m->env->prefix)) {
			return f;
		}
		for (j = 0; m->consumers[j] != NULL; j++) {
			/* by path, or by name as a loader's message gives it
			 * ("Failed to load library libx.so") */
			if (names_text(f, m->consumers[j]) ||
			    names_text(f, cds_basename(m->consumers[j]))) {
				return f;
			}
		}
	}
	return NULL;
}

/* "a.so, b.so and 3 more" of the consumers from FROM on that F does not
 * name yet; NULL when none. */
static char *
others_text(const struct cds_finding *f, char *const *v, size_t from)
{
	struct cds_buf b = {0};
	size_t i, shown = 0, more = 0;

	for (i = from; v[i] != NULL; i++) {
		if (f != NULL && names_text(f, v[i])) {
			continue;
		}
		if (shown < SHOW_CONSUMERS) {
			cds_buf_addf(&b, "%s%s", shown > 0 ? ", " : "", v[i]);
			shown++;
		} else {
			more++;
		}
	}
	if (more > 0) {
		cds_buf_addf(&b, " and %zu more", more);
	}
	return b.s == NULL ? NULL : cds_buf_steal(&b);
}

/* The sonames of group G (misses of one scope and one provider), "a, b
 * and c". */
static char *
sonames_text(const struct cds_miss *const *g, size_t n)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < n; i++) {
		cds_buf_addf(&b, "%s%s", i == 0 ? "" : i + 1 == n ? " and " :
		    ", ", g[i]->soname);
	}
	return cds_buf_steal(&b);
}

/* The evidence of a group's own finding F, beyond its headline. */
static void
group_evidence(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_miss *const *g, size_t n)
{
	const struct cds_miss *m = g[0];
	struct cds_strv others = {0};
	char *text, *prov;
	size_t i, k;

	cds_finding_evidence(f, "library", "%s", m->consumers[0]);
	if (m->error != NULL) {
		cds_finding_evidence(f, m->package != NULL ? "Python says" :
		    "loader says", "%s%s", m->package != NULL ?
		    "ImportError: " : "", m->error);
	}
	for (i = 1; i < n; i++) {
		cds_finding_evidence(f, "missing too", "%s (needed by %s)",
		    g[i]->soname, g[i]->consumers[0]);
	}
	for (i = 0; i < n; i++) {
		for (k = 0; g[i]->consumers[k] != NULL; k++) {
			if (strcmp(g[i]->consumers[k], m->consumers[0]) != 0 &&
			    !cds_strv_contains(&others, g[i]->consumers[k])) {
				cds_strv_push(&others, g[i]->consumers[k]);
			}
		}
	}
	if (others.n > 0 && (text = others_text(NULL, others.v, 0)) != NULL) {
		cds_finding_evidence(f, "also needed by", "%s", text);
		free(text);
	}
	cds_strv_clear(&others);
	for (i = 0; i < n; i++) {
		char **dangling = cds_miss_dangling(c, g[i]);

		for (k = 0; dangling[k] != NULL; k++) {
			cds_finding_evidence(f, "dangling link", "%s (its "
			    "target is missing)", dangling[k]);
		}
		cds_strfreev(dangling);
	}
	if ((prov = provider_text(c, m)) != NULL) {
		cds_finding_evidence(f, "provided by", "%s", prov);
		free(prov);
	}
}

/* The fixes of a group's finding: the package manager's, else the
 * directories that hold them or the install that brings them. */
static void
group_fixes(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_miss *const *g, size_t n)
{
	struct cds_strv dirs = {0};
	int install = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (package_evidence(c, f, g[i])) {
			return;
		}
	}
	for (i = 0; i < n; i++) {
		struct cds_aptfix *a = g[i]->env == NULL ? cds_aptfix_for(c,
		    g[i]->soname, g[i]->consumers) : NULL;

		if (a != NULL) {
			/* the system's package manager, never a second CUDA
			 * beside its own */
			cds_aptfix_report(c, f, a);
			cds_aptfix_free(a);
			install = 1;
			continue;
		}
		cds_fix_missing(c, f, g[i]->env, g[i]->soname, &dirs,
		    &install);
	}
	if (dirs.n > 0) {
		cds_fix_activate(c, f, g[0]->env, (const char *const *)dirs.v,
		    NULL);
	} else if (!install) {
		char *q = g[0]->env != NULL ? cds_shquote(g[0]->env->prefix) :
		    NULL;

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "cudnn-setup "
		    "repair%s%s  # installs it and puts it on the loader's "
		    "path", q != NULL ? " --prefix " : "", q != NULL ? q : "");
		free(q);
	}
	cds_strv_clear(&dirs);
}

/* One cause: group G of N misses of one scope whose libraries one release
 * provides.  A finding of another rule that tells it already gets what it
 * does not name; else a new F13. */
static void
report(struct cds_rule_ctx *c, const struct cds_miss *const *g, size_t n)
{
	const struct cds_miss *m = g[0];
	struct cds_finding *f = NULL;
	char *text, *names;
	size_t i;

	for (i = 0; i < n && f == NULL; i++) {
		f = same_cause(c, g[i]);
	}
	if (f != NULL && cds_startswith(m->soname, "libcuda.so")) {
		/* no driver: the driver's finding is the cause */
		for (i = 0; i < n; i++) {
			text = others_text(f, g[i]->consumers, 0);
			if (text != NULL) {
				cds_finding_evidence(f, "needed by", "%s",
				    text);
			}
			free(text);
		}
		return;
	}
	if (f != NULL) {
		for (i = 0; i < n; i++) {
			if (!names_text(f, g[i]->soname)) {
				cds_finding_evidence(f, "missing too", "%s "
				    "(needed by %s)", g[i]->soname,
				    g[i]->consumers[0]);
			}
			text = others_text(f, g[i]->consumers, 0);
			if (text != NULL) {
				cds_finding_evidence(f, "also needed by",
				    "%s", text);
			}
			free(text);
		}
		return;
	}
	names = sonames_text(g, n);
	if (m->package != NULL) {
		f = cds_finding_add(c, "F13", CDS_SEV_ERROR, "%s of %s %s (%s) "
		    "needs %s, which the loader cannot find",
		    cds_basename(m->consumers[0]), m->package->name,
		    m->package->version, m->env != NULL ? m->env->name :
		    "system Python", names);
	} else {
		f = cds_finding_add(c, "F13", CDS_SEV_ERROR, "%s needs %s, "
		    "which the loader cannot find", m->consumers[0], names);
	}
	free(names);
	group_evidence(c, f, g, n);
	group_fixes(c, f, g, n);
}

/* What provides M, as a key: misses of one scope with one key are one
 * cause ("CUDA 12's runtime and cuBLAS are not installed"). */
static char *
provider_key(struct cds_rule_ctx *c, const struct cds_miss *m)
{
	const char *rel = cds_is_cuda_soname(m->soname) ?
	    cds_soname_release(c, m->soname) : NULL;

	if (rel != NULL) {
		return cds_xasprintf("%s\ncuda %d", m->scope, atoi(rel));
	}
	if (cds_startswith(m->soname, "libcudnn")) {
		return cds_xasprintf("%s\ncudnn %d", m->scope,
		    cds_miss_major(m));
	}
	return cds_xasprintf("%s\n%s", m->scope, m->soname);
}

/* F13: every CUDA consumer's missing libraries, one finding per cause (a
 * release not installed, for one env); an existing finding of the same
 * cause gets the names instead. */
static void
rule_consumers(struct cds_rule_ctx *c)
{
	struct cds_misses *m = cds_consumers_check(c, NULL,
	    CDS_CONSUMERS_ENVS | (c->s->narrowed_env == NULL ?
	    CDS_CONSUMERS_SYSTEM : 0), NULL);
	const struct cds_miss **g = cds_xcalloc(m->n + 1, sizeof(*g));
	char **keys = cds_xcalloc(m->n + 1, sizeof(*keys));
	size_t i, k, n;

	for (i = 0; i < m->n; i++) {
		keys[i] = provider_key(c, &m->v[i]);
	}
	for (i = 0; i < m->n; i++) {
		if (keys[i] == NULL) {
			continue;	/* reported with its group */
		}
		for (n = 0, k = i; k < m->n; k++) {
			if (keys[k] != NULL && strcmp(keys[k], keys[i]) == 0) {
				g[n++] = &m->v[k];
				if (k != i) {
					free(keys[k]);
					keys[k] = NULL;
				}
			}
		}
		report(c, g, n);
		free(keys[i]);
		keys[i] = NULL;
	}
	free(keys);
	free(g);
	cds_misses_free(m);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_consumers[] = {
	{ "F13", N_("a CUDA library a program needs is missing or "
	    "mislabelled"), "F13", rule_consumers },
	{ NULL, NULL, NULL, NULL }
};
