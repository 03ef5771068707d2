/*
 * loader.c - RESOLVE: glibc ld.so's library search and symbol binding,
 * emulated over the files under the handle's root, for the environment of
 * the handle.  Nothing is loaded; every file is read with the ELF reader.
 *
 * What follows glibc (elf/dl-load.c, dl-deps.c, dl-version.c, dl-lookup.c;
 * the behaviour was checked against ld.so 2.36 by the tests):
 *  - the search order RPATH (of the asking object when it has no RUNPATH,
 *    then of each object up the loading chain), LD_LIBRARY_PATH, RUNPATH,
 *    the cache, the default directories; DF_1_NODEFLIB drops the last two;
 *  - an object with both RUNPATH and RPATH has no RPATH;
 *  - $ORIGIN is the directory of the object's path as it was opened (not
 *    its realpath); an entry whose $ORIGIN is unknown is dropped; an empty
 *    entry is the current directory; a directory listed twice in one list
 *    is searched once;
 *  - a file of the other ELF class is passed over (and named in the error
 *    when nothing else is found), another machine silently; a file that
 *    is not ELF, too short or a directory ends the search with an error;
 *  - names are loaded once: a name matches a loaded object by the name it
 *    was asked by, its path or its SONAME, and a file found again under
 *    another name is the same object;
 *  - the version check accepts the provider's base definition, and one
 *    without version definitions at all; then each versioned reference
 *    must find a definition of that version (or in an object without
 *    symbol versions) in the scope of the dlopen() (the request's
 *    breadth-first dependency list).
 *
 * What is not emulated, and why:
 *  - /etc/ld.so.cache is not parsed: its binary format varies between
 *    glibc releases and it may be stale.  What it would hold is rebuilt
 *    from /etc/ld.so.conf and its `include` globs (in order, first listing
 *    of a directory wins, as ldconfig does), then the trusted directories:
 *    the files that exist now under lib*.so* names that are links, carry
 *    that SONAME or have none.  That is the cache as if ldconfig had just
 *    run.
 *  - glibc-hwcaps and legacy hwcap subdirectories (tls/, haswell/): no
 *    CUDA or cuDNN package installs there.
 *  - $ORIGIN in LD_LIBRARY_PATH, LD_PRELOAD, the program's RPATH and its
 *    own libraries: the program is not known here.  Relative directories
 *    are the current directory's when the root is "/", else skipped.
 *  - $PLATFORM is the kernel's AT_PLATFORM for this machine (glibc on
 *    Intel x86-64 may use "haswell" instead); no CUDA library uses it.
 */
#include "config.h"

#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>

#include "elfread.h"
#include "handle.h"
#include "loader.h"

/* One directory of a search list. */
struct sdir {
	char *dir;		/* expanded, no trailing '/'; "" = cwd */
	char *as_written;
	enum cds_ld_via via;
	int entry;
	char *from;
};

struct sdirs {
	struct sdir *v;
	size_t n;
};

/* The loading chain of an object: who asked, up to the program. */
struct chain {
	const struct cds_elf *elf;
	const char *path;		/* target path, as opened */
	const struct chain *up;
};

/* What we know about an object beyond its public entry. */
struct objx {
	struct cds_strv aliases;	/* other names it was asked by */
	dev_t dev;
	ino_t ino;
};

struct ldctx {
	cds_handle_t *h;
	unsigned flags;
	int elfclass;
	int be;
	unsigned machine;
	char *triplet;		/* "x86_64-linux-gnu" or NULL */
	char *lib;		/* $LIB */
	char *platform;		/* $PLATFORM */
	struct sdirs llp;	/* LD_LIBRARY_PATH */
	struct sdirs cache;	/* what ld.so.cache holds, in its order */
	struct sdirs defaults;
	int cache_ready;

	struct cds_ld_resolution *r;
	struct objx *x;		/* parallel to r->objects */
	size_t objcap;
	size_t probcap;
};

void
cds_loader_host(int *elfclass, int *be, unsigned *machine)
{
	*elfclass = sizeof(void *) == 8 ? 64 : 32;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	*be = 1;
#else
	*be = 0;
#endif
#if defined(__x86_64__)
	*machine = EM_X86_64;
#elif defined(__i386__)
	*machine = EM_386;
#elif defined(__aarch64__)
	*machine = EM_AARCH64;
#elif defined(__arm__)
	*machine = EM_ARM;
#elif defined(__powerpc64__)
	*machine = EM_PPC64;
#elif defined(__s390x__)
	*machine = EM_S390;
#elif defined(__riscv)
	*machine = EM_RISCV;
#else
	*machine = EM_NONE;
#endif
}

const char *
cds_ld_via_name(enum cds_ld_via via)
{
	switch (via) {
	case CDS_LD_DIRECT:
		return "path";
	case CDS_LD_RPATH:
		return "RPATH";
	case CDS_LD_LIBRARY_PATH:
		return "LD_LIBRARY_PATH";
	case CDS_LD_RUNPATH:
		return "RUNPATH";
	case CDS_LD_CACHE:
		return "ld.so.cache";
	case CDS_LD_DEFAULT:
		return "default";
	case CDS_LD_NOT_FOUND:
	default:
		return "not found";
	}
}

static void
sdirs_free(struct sdirs *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].dir);
		free(s->v[i].as_written);
		free(s->v[i].from);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static void
sdirs_push(struct sdirs *s, char *dir, const char *as_written,
    enum cds_ld_via via, int entry, const char *from)
{
	struct sdir *d;

	s->v = cds_xreallocarray(s->v, s->n + 1, sizeof(*s->v));
	d = &s->v[s->n++];
	d->dir = dir;
	d->as_written = cds_strdup0(as_written);
	d->via = via;
	d->entry = entry;
	d->from = cds_strdup0(from);
}

static int
sdirs_has(const struct sdirs *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (strcmp(s->v[i].dir, dir) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Length of the dynamic string token NAME at P ("ORIGIN" or "{ORIGIN}"),
 * 0 if P does not start with it. */
static size_t
dst_len(const char *p, const char *name)
{
	size_t n = strlen(name);

	if (p[0] == '{') {
		return strncmp(p + 1, name, n) == 0 && p[n + 1] == '}' ?
		    n + 2 : 0;
	}
	if (strncmp(p, name, n) == 0 &&
	    !(isalnum((unsigned char)p[n]) || p[n] == '_')) {
		return n;
	}
	return 0;
}

/* Expand $ORIGIN, $LIB and $PLATFORM in S; NULL when S needs $ORIGIN and
 * ORIGIN is NULL. */
static char *
expand(const struct ldctx *c, const char *s, const char *origin)
{
	struct cds_buf b = {0};
	const char *p = s;

	while (*p != '\0') {
		if (*p == '$') {
			const char *val = NULL;
			size_t n;
			int known = 1;

			if ((n = dst_len(p + 1, "ORIGIN")) > 0) {
				val = origin;
			} else if ((n = dst_len(p + 1, "PLATFORM")) > 0) {
				val = c->platform;
			} else if ((n = dst_len(p + 1, "LIB")) > 0) {
				val = c->lib;
			} else {
				known = 0;
			}
			if (known) {
				if (val == NULL) {
					cds_buf_free(&b);
					return NULL;
				}
				cds_buf_adds(&b, val);
				p += 1 + n;
				continue;
			}
		}
		cds_buf_add(&b, p, 1);
		p++;
	}
	return b.s == NULL ? cds_xstrdup("") : cds_buf_steal(&b);
}

/* Append the entries of a path list (RPATH, RUNPATH, LD_LIBRARY_PATH). */
static void
sdirs_add_list(const struct ldctx *c, struct sdirs *out, const char *list,
    const char *seps, enum cds_ld_via via, const char *from,
    const char *origin)
{
	char **parts = cds_strsplit(list, seps, 1);
	size_t i;

	for (i = 0; parts[i] != NULL; i++) {
		char *dir;
		size_t len;

		if (*parts[i] == '\0') {
			dir = cds_xstrdup("");
		} else {
			dir = expand(c, parts[i], origin);
			if (dir == NULL || *dir == '\0') {
				free(dir);
				continue;
			}
			len = strlen(dir);
			while (len > 1 && dir[len - 1] == '/') {
				dir[--len] = '\0';
			}
		}
		if (sdirs_has(out, dir)) {
			free(dir);
			continue;
		}
		sdirs_push(out, dir, parts[i], via, (int)i + 1, from);
	}
	cds_strfreev(parts);
}

static const char *
machine_triplet(int elfclass, int be, unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
		return elfclass == 64 ? "x86_64-linux-gnu" :
		    "x86_64-linux-gnux32";
	case EM_386:
		return "i386-linux-gnu";
	case EM_AARCH64:
		return "aarch64-linux-gnu";
	case EM_ARM:
		return "arm-linux-gnueabihf";
	case EM_PPC64:
		return be ? "powerpc64-linux-gnu" : "powerpc64le-linux-gnu";
	case EM_S390:
		return "s390x-linux-gnu";
	case EM_RISCV:
		return "riscv64-linux-gnu";
	default:
		return NULL;
	}
}

static const char *
machine_platform(unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
		return "x86_64";
	case EM_386:
		return "i686";
	case EM_AARCH64:
		return "aarch64";
	case EM_ARM:
		return "v7l";
	case EM_PPC64:
		return "power8";
	case EM_S390:
		return "z900";
	case EM_RISCV:
		return "riscv64";
	default:
		return "unknown";
	}
}

/*
 * The host path of target path PATH.  Under a root, symlinks are resolved
 * inside it first: an absolute link target means the target system's
 * file, as the loader running there would see it.
 */
static char *
host_path(cds_handle_t *h, const char *path)
{
	/* a loop of links is "" (ENOENT), never the path as written: its
	 * last link would take the kernel out of the root */
	return cds_rpath_follow(h, path);
}

static int
dir_in_root(const struct ldctx *c, const char *dir)
{
	char *host = host_path(c->h, dir);
	int ret = cds_is_dir(host);

	free(host);
	return ret;
}

static void
ctx_init(struct ldctx *c, cds_handle_t *h, int elfclass, int be,
    unsigned machine, unsigned flags)
{
	const char *llp, *t;
	int hc, hbe, multiarch = 0;
	unsigned hm;
	/* "@" stands for the multiarch triplet */
	static const char *const sys_multiarch[] = {
		"/lib/@", "/usr/lib/@", "/lib", "/usr/lib", NULL
	};
	static const char *const sys64[] = { "/lib64", "/usr/lib64", NULL };
	static const char *const sys32[] = { "/lib", "/usr/lib", NULL };
	const char *const *sys;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->h = h;
	c->flags = flags;
	c->elfclass = elfclass;
	c->be = be;
	c->machine = machine;
	t = machine_triplet(elfclass, be, machine);
	c->triplet = cds_strdup0(t);
	/* Debian's multiarch layout, else the lib64/lib split */
	if (t != NULL) {
		char *a = cds_xasprintf("/lib/%s", t);
		char *b = cds_xasprintf("/usr/lib/%s", t);

		multiarch = dir_in_root(c, a) || dir_in_root(c, b);
		free(a);
		free(b);
	}
	if (multiarch) {
		c->lib = cds_xasprintf("lib/%s", t);
		sys = sys_multiarch;
	} else if (elfclass == 64) {
		c->lib = cds_xstrdup("lib64");
		sys = sys64;
	} else {
		c->lib = cds_xstrdup("lib");
		sys = sys32;
	}
	for (i = 0; sys[i] != NULL; i++) {
		const char *at = strchr(sys[i], '@');
		char *d = at != NULL ? cds_xasprintf("%.*s%s",
		    (int)(at - sys[i]), sys[i], t) : cds_xstrdup(sys[i]);

		sdirs_push(&c->defaults, d, NULL, CDS_LD_DEFAULT, (int)i + 1,
		    NULL);
	}
	cds_loader_host(&hc, &hbe, &hm);
	if (*h->root == '\0' && hm == machine && getauxval(AT_PLATFORM)) {
		c->platform = cds_xstrdup((const char *)getauxval(
		    AT_PLATFORM));
	} else {
		c->platform = cds_xstrdup(machine_platform(machine));
	}
	/* an empty LD_LIBRARY_PATH is no list at all; ';' separates too */
	llp = cds_getenv(h, "LD_LIBRARY_PATH");
	if (llp != NULL && *llp != '\0') {
		sdirs_add_list(c, &c->llp, llp, ":;", CDS_LD_LIBRARY_PATH,
		    NULL, NULL);
	}
}

static void
ctx_free(struct ldctx *c)
{
	sdirs_free(&c->llp);
	sdirs_free(&c->cache);
	sdirs_free(&c->defaults);
	free(c->triplet);
	free(c->lib);
	free(c->platform);
}

static int
has_magic(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* glob(3) for a target path pattern, under the root; results unsorted. */
static void
glob_walk(const struct ldctx *c, const char *base, char **comps, size_t i,
    struct cds_strv *out)
{
	char *host, **names;
	size_t k;

	if (comps[i] == NULL) {
		host = host_path(c->h, *base == '\0' ? "/" : base);
		if (cds_exists(host)) {
			cds_strv_push(out, *base == '\0' ? "/" : base);
		}
		free(host);
		return;
	}
	if (!has_magic(comps[i])) {
		char *next = cds_xasprintf("%s/%s", base, comps[i]);

		glob_walk(c, next, comps, i + 1, out);
		free(next);
		return;
	}
	host = host_path(c->h, *base == '\0' ? "/" : base);
	names = cds_listdir(host);
	free(host);
	if (names == NULL) {
		return;
	}
	for (k = 0; names[k] != NULL; k++) {
		if (fnmatch(comps[i], names[k], FNM_PERIOD) == 0) {
			char *next = cds_xasprintf("%s/%s", base, names[k]);

			glob_walk(c, next, comps, i + 1, out);
			free(next);
		}
	}
	cds_strfreev(names);
}

static int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void parse_conf(struct ldctx *c, const char *conf, int depth);

/* ldconfig's `include PATTERN...': each pattern relative to the file's
 * directory unless absolute, matches in sorted order. */
static void
conf_include(struct ldctx *c, const char *conf, const char *words,
    int depth)
{
	char **pats = cds_strsplit(words, " \t", 0);
	size_t i, k;

	for (i = 0; pats[i] != NULL; i++) {
		struct cds_strv out = {0};
		char *pat, **comps, *dir;

		if (pats[i][0] == '/') {
			pat = cds_xstrdup(pats[i]);
		} else {
			dir = cds_dirname(conf);
			pat = cds_path_join(dir, pats[i]);
			free(dir);
		}
		comps = cds_strsplit(pat, "/", 0);
		glob_walk(c, "", comps, 0, &out);
		cds_strfreev(comps);
		if (out.n > 1) {
			qsort(out.v, out.n, sizeof(*out.v), cmp_strp);
		}
		for (k = 0; k < out.n; k++) {
			parse_conf(c, out.v[k], depth + 1);
		}
		cds_strv_clear(&out);
		free(pat);
	}
	cds_strfreev(pats);
}

/* Read one ld.so.conf file (a target path) the way ldconfig does. */
static void
parse_conf(struct ldctx *c, const char *conf, int depth)
{
	char *host, *text, **lines;
	size_t i;

	if (depth > 16) {
		return;		/* an include loop */
	}
	host = host_path(c->h, conf);
	text = cds_read_file(host, 1 << 20, NULL);
	free(host);
	if (text == NULL) {
		return;
	}
	lines = cds_strsplit(text, "\n", 0);
	free(text);
	for (i = 0; lines[i] != NULL; i++) {
		char *line = lines[i], *hash = strchr(line, '#'), *eq;
		size_t len;

		if (hash != NULL) {
			*hash = '\0';
		}
		line = cds_strtrim(line);
		if (*line == '\0') {
			continue;
		}
		if (strncmp(line, "include", 7) == 0 &&
		    (line[7] == ' ' || line[7] == '\t')) {
			conf_include(c, conf, line + 8, depth);
			continue;
		}
		if (strncasecmp(line, "hwcap", 5) == 0 &&
		    (line[5] == ' ' || line[5] == '\t')) {
			continue;
		}
		/* the old "dir=TYPE" form */
		if ((eq = strchr(line, '=')) != NULL) {
			*eq = '\0';
		}
		len = strlen(line);
		while (len > 1 && line[len - 1] == '/') {
			line[--len] = '\0';
		}
		if (line[0] != '/' || sdirs_has(&c->cache, line)) {
			continue;
		}
		sdirs_push(&c->cache, cds_xstrdup(line), line, CDS_LD_CACHE,
		    (int)c->cache.n + 1, conf);
	}
	cds_strfreev(lines);
}

static void
ctx_cache(struct ldctx *c)
{
	size_t i;

	if (c->cache_ready) {
		return;
	}
	c->cache_ready = 1;
	parse_conf(c, "/etc/ld.so.conf", 0);
	/* ldconfig adds its trusted directories last */
	for (i = 0; i < c->defaults.n; i++) {
		if (!sdirs_has(&c->cache, c->defaults.v[i].dir)) {
			sdirs_push(&c->cache, cds_xstrdup(c->defaults.v[i].dir),
			    c->defaults.v[i].dir, CDS_LD_CACHE,
			    (int)c->cache.n + 1, "");
		}
	}
}

/* ldconfig caches only files named lib*.so* or ld-*.so*. */
static int
is_dso_name(const char *name)
{
	return (strncmp(name, "lib", 3) == 0 ||
	    strncmp(name, "ld-", 3) == 0) && strstr(name, ".so") != NULL;
}

static void
found_clear(struct cds_ld_found *f)
{
	free(f->name);
	free(f->path);
	free(f->realpath);
	free(f->dir);
	free(f->dir_as_written);
	free(f->from);
	free(f->how);
	free(f->error);
	cds_strfreev(f->skipped);
	memset(f, 0, sizeof(*f));
}

void
cds_ld_found_free(struct cds_ld_found *f)
{
	if (f == NULL) {
		return;
	}
	found_clear(f);
	free(f);
}

static void
skipped_add(struct cds_ld_found *f, char *line)
{
	size_t n = cds_strv_len(f->skipped);

	f->skipped = cds_xreallocarray(f->skipped, n + 2, sizeof(char *));
	f->skipped[n] = line;
	f->skipped[n + 1] = NULL;
}

static char *
how_line(const struct cds_ld_found *f)
{
	const char *w = f->dir_as_written;
	int same = w == NULL || f->dir == NULL || strcmp(w, f->dir) == 0;
	const char *shown = f->dir != NULL && *f->dir == '\0' ? "." : f->dir;

	switch (f->via) {
	case CDS_LD_LIBRARY_PATH:
		return same ? cds_xasprintf("LD_LIBRARY_PATH entry %d: %s",
		    f->entry, shown) :
		    cds_xasprintf("LD_LIBRARY_PATH entry %d: %s (%s)",
		    f->entry, w, shown);
	case CDS_LD_RPATH:
	case CDS_LD_RUNPATH:
		return same ? cds_xasprintf("%s of %s entry %d: %s",
		    cds_ld_via_name(f->via), f->from, f->entry, shown) :
		    cds_xasprintf("%s of %s entry %d: %s (%s)",
		    cds_ld_via_name(f->via), f->from, f->entry, w, shown);
	case CDS_LD_CACHE:
		return f->from != NULL && *f->from != '\0' ?
		    cds_xasprintf("ld.so.cache: %s (from %s)", f->dir,
		    f->from) :
		    cds_xasprintf("ld.so.cache: %s (trusted directory)",
		    f->dir);
	case CDS_LD_DEFAULT:
		return cds_xasprintf("default directory: %s", f->dir);
	case CDS_LD_DIRECT:
		return cds_xasprintf("path: %s", f->path);
	case CDS_LD_NOT_FOUND:
	default:
		return cds_xstrdup("not found");
	}
}

/*
 * The cache step holds a file only when ldconfig would list it under that
 * name: a symlink, or a file whose SONAME is the name, or one without a
 * SONAME.  *elfp keeps what was read to decide, for the caller.
 */
static int
cache_lists(struct ldctx *c, const char *dir, const char *host,
    const char *name, struct cds_elf **elfp)
{
	struct cds_elf *e;
	const char *so;
	char *hdir = host_path(c->h, dir), *entry;
	int is_link;

	/* the directory entry itself, not what it resolves to */
	entry = cds_path_join(hdir, name);
	is_link = cds_is_link(entry);
	free(entry);
	free(hdir);
	if (is_link) {
		return 1;
	}
	e = cds_elf_open(c->h, host);
	if (e == NULL) {
		cds_clearerr(c->h);
		return 1;	/* ld.so will refuse it with its own words */
	}
	so = cds_elf_soname(e);
	if (so != NULL && strcmp(so, name) != 0) {
		cds_elf_free(e);
		return 0;
	}
	*elfp = e;
	return 1;
}

/* Try NAME in each directory of S; 1 found, -1 refused (fatal), 0 not. */
static int
try_list(struct ldctx *c, const struct sdirs *s, const char *name,
    struct cds_ld_found *f, int *other_class, struct cds_elf **elfp)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct sdir *d = &s->v[i];
		enum cds_elf_verdict v;
		char *target, *host, *why = NULL;

		if (d->dir[0] != '/' && *c->h->root != '\0') {
			continue;	/* relative to an unknown directory */
		}
		if (d->dir[0] == '\0') {
			target = cds_xstrdup(name);
		} else if (strcmp(d->dir, "/") == 0) {
			target = cds_xasprintf("/%s", name);
		} else {
			target = cds_xasprintf("%s/%s", d->dir, name);
		}
		host = host_path(c->h, target);
		v = cds_elf_check(host, c->elfclass, c->be, c->machine, &why);
		if (v == CDS_ELF_OK && d->via == CDS_LD_CACHE &&
		    !cache_lists(c, d->dir, host, name, elfp)) {
			v = CDS_ELF_ABSENT;
		}
		free(host);
		switch (v) {
		case CDS_ELF_ABSENT:
			free(target);
			continue;
		case CDS_ELF_OTHER_CLASS:
			/* the cache holds only this machine's class */
			if (d->via != CDS_LD_CACHE) {
				*other_class = 1;
			}
			skipped_add(f, cds_xasprintf("%s: wrong ELF class: "
			    "ELFCLASS%d", target,
			    c->elfclass == 64 ? 32 : 64));
			free(target);
			continue;
		case CDS_ELF_OTHER_MACHINE:
			skipped_add(f, cds_xasprintf("%s: ELF machine is not "
			    "%s", target, cds_elf_machine_name(c->machine)));
			free(target);
			continue;
		case CDS_ELF_BAD:
		case CDS_ELF_OK:
			break;
		}
		f->path = target;
		f->via = d->via;
		f->entry = d->entry;
		f->dir = cds_xstrdup(d->dir);
		f->dir_as_written = cds_strdup0(d->as_written);
		f->from = cds_strdup0(d->from);
		if (v == CDS_ELF_BAD) {
			f->error = cds_xasprintf("%s: %s", target, why);
			free(why);
			return -1;
		}
		return 1;
	}
	return 0;
}

static void
found_finish(struct ldctx *c, struct cds_ld_found *f, int rc,
    int other_class)
{
	if (rc == 0) {
		f->via = CDS_LD_NOT_FOUND;
		f->error = other_class ?
		    cds_xasprintf("%s: wrong ELF class: ELFCLASS%d", f->name,
		    c->elfclass == 64 ? 32 : 64) :
		    cds_xasprintf("%s: cannot open shared object file: "
		    "No such file or directory", f->name);
	}
	if (f->path != NULL && f->path[0] == '/') {
		f->realpath = cds_realpath_in_root(c->h, f->path);
	}
	f->how = how_line(f);
	if (f->skipped == NULL) {
		f->skipped = cds_xcalloc(1, sizeof(char *));
	}
}

/*
 * Search NAME (no '/') for LOADER (NULL: the program), filling F.
 * Returns 1 found, 0 not found, -1 found a file ld.so refuses.
 */
static int
search(struct ldctx *c, const char *name, const struct chain *loader,
    struct cds_ld_found *f, struct cds_elf **elfp)
{
	const struct chain *l;
	int rc = 0, other = 0;

	if (loader == NULL || loader->elf == NULL ||
	    cds_elf_runpath(loader->elf) == NULL) {
		for (l = loader; l != NULL && rc == 0; l = l->up) {
			struct sdirs s = {0};
			char *origin;

			if (l->elf == NULL || cds_elf_rpath(l->elf) == NULL ||
			    cds_elf_runpath(l->elf) != NULL) {
				continue;
			}
			origin = cds_dirname(l->path);
			sdirs_add_list(c, &s, cds_elf_rpath(l->elf), ":",
			    CDS_LD_RPATH, l->path, origin);
			rc = try_list(c, &s, name, f, &other, elfp);
			sdirs_free(&s);
			free(origin);
		}
	}
	if (rc == 0) {
		rc = try_list(c, &c->llp, name, f, &other, elfp);
	}
	if (rc == 0 && loader != NULL && loader->elf != NULL &&
	    cds_elf_runpath(loader->elf) != NULL) {
		struct sdirs s = {0};
		char *origin = cds_dirname(loader->path);

		sdirs_add_list(c, &s, cds_elf_runpath(loader->elf), ":",
		    CDS_LD_RUNPATH, loader->path, origin);
		rc = try_list(c, &s, name, f, &other, elfp);
		sdirs_free(&s);
		free(origin);
	}
	if (rc == 0 && !(loader != NULL && loader->elf != NULL &&
	    cds_elf_nodeflib(loader->elf))) {
		if (is_dso_name(name)) {
			ctx_cache(c);
			rc = try_list(c, &c->cache, name, f, &other, elfp);
		}
		if (rc == 0) {
			rc = try_list(c, &c->defaults, name, f, &other, elfp);
		}
	}
	found_finish(c, f, rc, other);
	return rc;
}

/* A name with a '/': opened as given, checked as ld.so checks it. */
static int
direct(struct ldctx *c, const char *name, struct cds_ld_found *f)
{
	enum cds_elf_verdict v;
	char *host, *why = NULL;
	int rc;

	if (name[0] != '/' && *c->h->root != '\0') {
		f->error = cds_xasprintf("%s: cannot open shared object file: "
		    "No such file or directory", name);
		found_finish(c, f, -1, 0);
		return 0;
	}
	host = host_path(c->h, name);
	v = cds_elf_check(host, c->elfclass, c->be, c->machine, &why);
	free(host);
	switch (v) {
	case CDS_ELF_OK:
		f->path = cds_xstrdup(name);
		f->via = CDS_LD_DIRECT;
		rc = 1;
		break;
	case CDS_ELF_BAD:
		f->path = cds_xstrdup(name);
		f->via = CDS_LD_DIRECT;
		f->error = cds_xasprintf("%s: %s", name, why);
		free(why);
		rc = -1;
		break;
	case CDS_ELF_OTHER_CLASS:
		found_finish(c, f, 0, 1);
		return 0;
	case CDS_ELF_ABSENT:
	case CDS_ELF_OTHER_MACHINE:
	default:
		/* another machine reads as "no such file", as in ld.so */
		found_finish(c, f, 0, 0);
		return 0;
	}
	found_finish(c, f, rc, 0);
	return rc;
}

struct cds_ld_found *
cds_loader_find(cds_handle_t *h, const char *name,
    const struct cds_elf *consumer, unsigned flags)
{
	struct cds_ld_found *f;
	struct ldctx c;
	struct chain ch;
	struct cds_elf *elf = NULL;
	int hc, hbe;
	unsigned hm;

	if (name == NULL || *name == '\0') {
		cds_seterr(h, CDS_ERR_USAGE, "empty library name");
		return NULL;
	}
	cds_loader_host(&hc, &hbe, &hm);
	if (consumer != NULL) {
		ctx_init(&c, h, cds_elf_class(consumer),
		    cds_elf_big_endian(consumer), cds_elf_machine(consumer),
		    flags);
		ch.elf = consumer;
		ch.path = cds_unrpath(h, cds_elf_path(consumer));
		ch.up = NULL;
	} else {
		ctx_init(&c, h, hc, hbe, hm, flags);
	}
	f = cds_xcalloc(1, sizeof(*f));
	f->name = cds_xstrdup(name);
	if (strchr(name, '/') != NULL) {
		direct(&c, name, f);
	} else {
		search(&c, name, consumer != NULL ? &ch : NULL, f, &elf);
	}
	cds_elf_free(elf);
	if (consumer != NULL) {
		free((char *)ch.path);
	}
	ctx_free(&c);
	return f;
}

static void
searchdirs_add(cds_handle_t *h, struct cds_searchdir **v, size_t *n,
    const struct sdirs *s, const char *via)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		struct cds_searchdir *d;
		const char *dir = *s->v[i].dir == '\0' ? "." : s->v[i].dir;
		char *host;

		*v = cds_xreallocarray(*v, *n + 1, sizeof(**v));
		d = &(*v)[(*n)++];
		d->dir = cds_xstrdup(dir);
		if (via != NULL) {
			d->via = cds_xstrdup(via);
		} else if (s->v[i].from != NULL && *s->v[i].from != '\0') {
			d->via = cds_xstrdup(s->v[i].from);
		} else {
			d->via = cds_xstrdup("default");
		}
		host = host_path(h, dir);
		d->exists = dir[0] == '/' ? cds_is_dir(host) : 0;
		free(host);
	}
}

struct cds_searchdir *
cds_loader_searchdirs(cds_handle_t *h, const struct cds_elf *consumer,
    size_t *n)
{
	struct cds_searchdir *v = NULL;
	struct ldctx c;
	int hc, hbe;
	unsigned hm;
	char *path = NULL, *origin = NULL;

	*n = 0;
	cds_loader_host(&hc, &hbe, &hm);
	if (consumer != NULL) {
		ctx_init(&c, h, cds_elf_class(consumer),
		    cds_elf_big_endian(consumer), cds_elf_machine(consumer), 0);
		path = cds_unrpath(h, cds_elf_path(consumer));
		origin = cds_dirname(path);
	} else {
		ctx_init(&c, h, hc, hbe, hm, 0);
	}
	if (consumer != NULL && cds_elf_rpath(consumer) != NULL &&
	    cds_elf_runpath(consumer) == NULL) {
		struct sdirs s = {0};

		sdirs_add_list(&c, &s, cds_elf_rpath(consumer), ":",
		    CDS_LD_RPATH, path, origin);
		searchdirs_add(h, &v, n, &s, "RPATH");
		sdirs_free(&s);
	}
	searchdirs_add(h, &v, n, &c.llp, "LD_LIBRARY_PATH");
	if (consumer != NULL && cds_elf_runpath(consumer) != NULL) {
		struct sdirs s = {0};

		sdirs_add_list(&c, &s, cds_elf_runpath(consumer), ":",
		    CDS_LD_RUNPATH, path, origin);
		searchdirs_add(h, &v, n, &s, "RUNPATH");
		sdirs_free(&s);
	}
	if (!(consumer != NULL && cds_elf_nodeflib(consumer))) {
		ctx_cache(&c);
		searchdirs_add(h, &v, n, &c.cache, NULL);
	}
	free(path);
	free(origin);
	ctx_free(&c);
	if (v == NULL) {
		v = cds_xcalloc(1, sizeof(*v));
	}
	return v;
}

void
cds_searchdirs_free(struct cds_searchdir *dirs, size_t n)
{
	size_t i;

	if (dirs == NULL) {
		return;
	}
	for (i = 0; i < n; i++) {
		free(dirs[i].dir);
		free(dirs[i].via);
	}
	free(dirs);
}

/* ---- resolution ------------------------------------------------------ */

static size_t
obj_new(struct ldctx *c, const char *name, size_t loader, size_t load)
{
	struct cds_ld_resolution *r = c->r;
	struct cds_ld_object *o;

	if (r->nobjects == c->objcap) {
		c->objcap = c->objcap == 0 ? 16 : c->objcap * 2;
		r->objects = cds_xreallocarray(r->objects, c->objcap,
		    sizeof(*r->objects));
		c->x = cds_xreallocarray(c->x, c->objcap, sizeof(*c->x));
	}
	o = &r->objects[r->nobjects];
	memset(o, 0, sizeof(*o));
	memset(&c->x[r->nobjects], 0, sizeof(*c->x));
	o->found.name = cds_xstrdup(name);
	o->loader = loader;
	o->load = load;
	return r->nobjects++;
}

static void
obj_clear(struct cds_ld_object *o, struct objx *x)
{
	found_clear(&o->found);
	free(o->soname);
	cds_elf_free(o->elf);
	free(o->needed);
	cds_strv_clear(&x->aliases);
}

static void
problem_add(struct ldctx *c, enum cds_ld_problem_kind kind, size_t load,
    size_t object, size_t provider, const char *name, const char *version,
    char *message)
{
	struct cds_ld_resolution *r = c->r;
	struct cds_ld_problem *p;

	if (r->nproblems == c->probcap) {
		c->probcap = c->probcap == 0 ? 8 : c->probcap * 2;
		r->problems = cds_xreallocarray(r->problems, c->probcap,
		    sizeof(*r->problems));
	}
	p = &r->problems[r->nproblems++];
	p->kind = kind;
	p->load = load;
	p->object = object;
	p->provider = provider;
	p->name = cds_xstrdup(name);
	p->version = cds_strdup0(version);
	p->message = message;
}

/* Does live object I answer to NAME (asked-by name, path or SONAME)? */
static int
obj_matches(const struct ldctx *c, size_t i, const char *name)
{
	const struct cds_ld_object *o = &c->r->objects[i];

	if (o->unloaded || o->elf == NULL) {
		return 0;
	}
	return strcmp(o->found.name, name) == 0 ||
	    (o->found.path != NULL && strcmp(o->found.path, name) == 0) ||
	    (o->soname != NULL && strcmp(o->soname, name) == 0) ||
	    cds_strv_contains(&c->x[i].aliases, name);
}

static size_t
find_loaded(const struct ldctx *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->r->nobjects; i++) {
		if (obj_matches(c, i, name)) {
			return i;
		}
	}
	return CDS_LD_NONE;
}

/* The loading chain of object I, in a caller-owned array. */
static struct chain *
chain_of(const struct ldctx *c, size_t i)
{
	struct chain *ch;
	size_t n = 0, k, j;

	for (j = i; j != CDS_LD_NONE; j = c->r->objects[j].loader) {
		n++;
	}
	ch = cds_xcalloc(n, sizeof(*ch));
	for (j = i, k = 0; j != CDS_LD_NONE;
	    j = c->r->objects[j].loader, k++) {
		ch[k].elf = c->r->objects[j].elf;
		ch[k].path = c->r->objects[j].found.path;
		ch[k].up = k + 1 < n ? &ch[k + 1] : NULL;
	}
	return ch;
}

/*
 * ld.so's _dl_map_object(): the loaded object for NAME, or a new entry.
 * *found gets 1 when the returned object was loaded (new or shared).
 */
static size_t
map_object(struct ldctx *c, const char *name, size_t loader, size_t load,
    int *found)
{
	struct cds_ld_object *o;
	struct cds_elf *elf = NULL;
	struct chain *ch = NULL;
	char *expanded = NULL;
	size_t i, idx;
	int rc;
	dev_t dev;
	ino_t ino;

	*found = 0;
	if (strchr(name, '$') != NULL) {
		char *origin = NULL;

		if (loader != CDS_LD_NONE &&
		    c->r->objects[loader].found.path != NULL) {
			origin = cds_dirname(
			    c->r->objects[loader].found.path);
		}
		expanded = expand(c, name, origin);
		free(origin);
	}
	if ((i = find_loaded(c, expanded != NULL ? expanded : name)) !=
	    CDS_LD_NONE) {
		free(expanded);
		*found = 1;
		return i;
	}
	idx = obj_new(c, name, loader, load);
	o = &c->r->objects[idx];
	if (strchr(name, '$') != NULL && expanded == NULL) {
		/* a $ORIGIN that cannot be known */
		found_finish(c, &o->found, 0, 0);
		return idx;
	}
	if (strchr(expanded != NULL ? expanded : name, '/') != NULL) {
		rc = direct(c, expanded != NULL ? expanded : name, &o->found);
	} else {
		if (loader != CDS_LD_NONE) {
			ch = chain_of(c, loader);
		}
		rc = search(c, expanded != NULL ? expanded : name, ch,
		    &o->found, &elf);
		free(ch);
	}
	free(expanded);
	if (rc != 1) {
		cds_elf_free(elf);
		return idx;
	}
	if (elf == NULL) {
		char *host = host_path(c->h, o->found.path);

		elf = cds_elf_open(c->h, host);
		free(host);
		if (elf == NULL) {
			/* ld.so's header checks passed; our reader did not */
			o->found.error = cds_xasprintf("%s: %s",
			    o->found.path, cds_errdetail(c->h));
			cds_clearerr(c->h);
			return idx;
		}
	}
	/* the same file under another name is the same object */
	cds_elf_file_id(elf, &dev, &ino);
	for (i = 0; i < idx; i++) {
		if (!c->r->objects[i].unloaded &&
		    c->r->objects[i].elf != NULL &&
		    c->x[i].dev == dev && c->x[i].ino == ino) {
			cds_strv_push(&c->x[i].aliases, name);
			cds_elf_free(elf);
			obj_clear(o, &c->x[idx]);
			c->r->nobjects--;
			*found = 1;
			return i;
		}
	}
	o->elf = elf;
	o->soname = cds_strdup0(cds_elf_soname(elf));
	c->x[idx].dev = dev;
	c->x[idx].ino = ino;
	*found = 1;
	return idx;
}

/* ld.so's find_needed(): the loaded object a version is required from. */
static size_t
find_needed(const struct ldctx *c, const char *file)
{
	return find_loaded(c, file);
}

/* Does a reference to SYM at VERSION bind to an object in SCOPE? */
static int
bound(const struct ldctx *c, const size_t *scope, size_t nscope,
    const struct cds_elf_sym *s)
{
	size_t i;

	for (i = 0; i < nscope; i++) {
		const struct cds_elf *e = c->r->objects[scope[i]].elf;

		if (e != NULL && cds_elf_defines(e, s->name, s->version)) {
			return 1;
		}
	}
	return 0;
}

static void
check_versions(struct ldctx *c, size_t load, size_t oi)
{
	const struct cds_ld_object *o = &c->r->objects[oi];
	const struct cds_elf_verneed *vn;
	size_t nvn, i, k;

	vn = cds_elf_verneeds(o->elf, &nvn);
	for (i = 0; i < nvn; i++) {
		size_t p = find_needed(c, vn[i].file);
		const struct cds_ld_object *po;

		if (p == CDS_LD_NONE) {
			continue;	/* not found: reported already */
		}
		po = &c->r->objects[p];
		/* no version definitions at all: ld.so says nothing */
		if (!cds_elf_has_verdef(po->elf)) {
			continue;
		}
		for (k = 0; k < vn[i].nversions; k++) {
			const char *v = vn[i].versions[k].name;

			if (vn[i].versions[k].weak ||
			    cds_elf_defines_version(po->elf, v)) {
				continue;
			}
			problem_add(c, CDS_LD_NO_VERSION, load, oi, p, v, NULL,
			    cds_xasprintf("%s: version `%s' not found "
			    "(required by %s)", po->found.path, v,
			    o->found.path));
		}
	}
}

static void
check_symbols(struct ldctx *c, size_t load, size_t oi, const size_t *scope,
    size_t nscope)
{
	const struct cds_ld_object *o = &c->r->objects[oi];
	const struct cds_elf_sym *u;
	size_t nu, i;

	u = cds_elf_undefined(o->elf, &nu);
	for (i = 0; i < nu; i++) {
		size_t p = CDS_LD_NONE;

		if (u[i].weak) {
			continue;
		}
		if (u[i].version == NULL &&
		    !(c->flags & CDS_LD_ALL_SYMBOLS)) {
			continue;
		}
		if (u[i].file != NULL) {
			p = find_needed(c, u[i].file);
			if (p == CDS_LD_NONE) {
				continue;	/* that file is missing */
			}
		}
		if (bound(c, scope, nscope, &u[i])) {
			continue;
		}
		problem_add(c, CDS_LD_NO_SYMBOL, load, oi, p, u[i].name,
		    u[i].version, u[i].version != NULL ?
		    cds_xasprintf("%s: undefined symbol: %s, version %s",
		    o->found.path, u[i].name, u[i].version) :
		    cds_xasprintf("%s: undefined symbol: %s", o->found.path,
		    u[i].name));
	}
}

static void
missing(struct ldctx *c, size_t load, size_t oi)
{
	const struct cds_ld_object *o = &c->r->objects[oi];

	problem_add(c, o->found.path != NULL ? CDS_LD_UNUSABLE :
	    CDS_LD_MISSING, load, oi, CDS_LD_NONE, o->found.name, NULL,
	    cds_xstrdup(o->found.error != NULL ? o->found.error :
	    o->found.name));
}

static int
in_list(const size_t *v, size_t n, size_t x)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (v[i] == x) {
			return 1;
		}
	}
	return 0;
}

/* One dlopen(): map the tree, check versions, then symbols. */
static void
load_one(struct ldctx *c, size_t li)
{
	struct cds_ld_load *ld = &c->r->loads[li];
	size_t first_obj = c->r->nobjects, first_prob = c->r->nproblems;
	size_t caller = CDS_LD_NONE, root, *scope, nscope = 0, q, i;
	int found;

	if (ld->caller != CDS_LD_NONE) {
		caller = c->r->loads[ld->caller].object;
		if (caller != CDS_LD_NONE &&
		    (c->r->objects[caller].unloaded ||
		    c->r->objects[caller].elf == NULL)) {
			caller = CDS_LD_NONE;
		}
	}
	root = map_object(c, ld->name, caller, li, &found);
	ld->object = root;
	if (!found) {
		missing(c, li, root);
		goto out;
	}
	/* breadth first, as _dl_map_object_deps() */
	scope = cds_xcalloc(1, sizeof(*scope));
	scope[nscope++] = root;
	for (q = 0; q < nscope; q++) {
		size_t oi = scope[q];
		char *const *need;
		size_t n;

		if (c->r->objects[oi].elf == NULL) {
			continue;
		}
		if (oi < first_obj) {
			/* shared with an earlier request: its tree is known */
			for (i = 0; i < c->r->objects[oi].nneeded; i++) {
				size_t d = c->r->objects[oi].needed[i];

				if (!in_list(scope, nscope, d)) {
					scope = cds_xreallocarray(scope,
					    nscope + 1, sizeof(*scope));
					scope[nscope++] = d;
				}
			}
			continue;
		}
		need = cds_elf_needed(c->r->objects[oi].elf);
		n = cds_strv_len(need);
		c->r->objects[oi].needed = cds_xcalloc(n + 1, sizeof(size_t));
		for (i = 0; i < n; i++) {
			size_t d = map_object(c, need[i], oi, li, &found);
			struct cds_ld_object *o = &c->r->objects[oi];

			o->needed[o->nneeded++] = d;
			if (!found) {
				missing(c, li, d);
				continue;
			}
			if (!in_list(scope, nscope, d)) {
				scope = cds_xreallocarray(scope, nscope + 1,
				    sizeof(*scope));
				scope[nscope++] = d;
			}
		}
	}
	for (q = 0; q < nscope; q++) {
		if (scope[q] >= first_obj &&
		    c->r->objects[scope[q]].elf != NULL) {
			check_versions(c, li, scope[q]);
		}
	}
	/* relocation runs dependencies first */
	for (q = nscope; q-- > 0;) {
		if (scope[q] >= first_obj &&
		    c->r->objects[scope[q]].elf != NULL) {
			check_symbols(c, li, scope[q], scope, nscope);
		}
	}
	free(scope);
out:
	if (c->r->nproblems > first_prob) {
		ld->error = cds_xstrdup(c->r->problems[first_prob].message);
		/* a failed dlopen() unmaps everything it mapped */
		for (i = first_obj; i < c->r->nobjects; i++) {
			c->r->objects[i].unloaded = 1;
		}
	}
}

struct cds_ld_resolution *
cds_loader_resolve_seq(cds_handle_t *h, const struct cds_ld_request *reqs,
    size_t n, unsigned flags)
{
	struct cds_ld_resolution *r;
	struct ldctx c;
	double t0 = cds_now_ms();
	int cls, be;
	unsigned mach;
	size_t i;

	for (i = 0; i < n; i++) {
		if (reqs[i].name == NULL || *reqs[i].name == '\0') {
			cds_seterr(h, CDS_ERR_USAGE, "empty library name");
			return NULL;
		}
		if (strchr(reqs[i].name, '/') != NULL &&
		    reqs[i].name[0] != '/') {
			cds_seterr(h, CDS_ERR_USAGE, "%s: not an absolute path",
			    reqs[i].name);
			return NULL;
		}
		if (reqs[i].caller != CDS_LD_NONE && reqs[i].caller >= i) {
			cds_seterr(h, CDS_ERR_USAGE, "%s: caller %zu is not "
			    "an earlier request", reqs[i].name,
			    reqs[i].caller);
			return NULL;
		}
	}
	/* the class and machine of the first file given by path */
	cds_loader_host(&cls, &be, &mach);
	for (i = 0; i < n; i++) {
		if (reqs[i].name[0] == '/') {
			char *host = host_path(h, reqs[i].name);
			struct cds_elf *e = cds_elf_open(h, host);

			free(host);
			if (e != NULL) {
				cls = cds_elf_class(e);
				be = cds_elf_big_endian(e);
				mach = cds_elf_machine(e);
				cds_elf_free(e);
			}
			cds_clearerr(h);
			break;
		}
	}
	ctx_init(&c, h, cls, be, mach, flags);
	r = cds_xcalloc(1, sizeof(*r));
	c.r = r;
	r->loads = cds_xcalloc(n + 1, sizeof(*r->loads));
	r->nloads = n;
	for (i = 0; i < n; i++) {
		r->loads[i].name = cds_xstrdup(reqs[i].name);
		r->loads[i].caller = reqs[i].caller;
		r->loads[i].object = CDS_LD_NONE;
		load_one(&c, i);
	}
	for (i = 0; i < r->nobjects; i++) {
		cds_strv_clear(&c.x[i].aliases);
	}
	free(c.x);
	ctx_free(&c);
	r->elapsed_ms = cds_now_ms() - t0;
	return r;
}

struct cds_ld_resolution *
cds_loader_resolve(cds_handle_t *h, const char *name, unsigned flags)
{
	struct cds_ld_request req;

	req.name = name;
	req.caller = CDS_LD_NONE;
	return cds_loader_resolve_seq(h, &req, 1, flags);
}

void
cds_ld_resolution_free(struct cds_ld_resolution *r)
{
	size_t i;

	if (r == NULL) {
		return;
	}
	for (i = 0; i < r->nloads; i++) {
		free(r->loads[i].name);
		free(r->loads[i].error);
	}
	free(r->loads);
	for (i = 0; i < r->nobjects; i++) {
		struct objx x = {0};

		obj_clear(&r->objects[i], &x);
	}
	free(r->objects);
	for (i = 0; i < r->nproblems; i++) {
		free(r->problems[i].name);
		free(r->problems[i].version);
		free(r->problems[i].message);
	}
	free(r->problems);
	free(r);
}

const struct cds_ld_object *
cds_ld_resolution_object(const struct cds_ld_resolution *r,
    const char *name)
{
	size_t i;

	for (i = 0; i < r->nobjects; i++) {
		const struct cds_ld_object *o = &r->objects[i];

		if (o->unloaded || o->elf == NULL) {
			continue;
		}
		if (strcmp(o->found.name, name) == 0 ||
		    (o->soname != NULL && strcmp(o->soname, name) == 0) ||
		    (o->found.path != NULL &&
		    strcmp(o->found.path, name) == 0)) {
			return o;
		}
	}
	return NULL;
}
