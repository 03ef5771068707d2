/*
 * loader.c - RESOLVE: glibc ld.so's library search and symbol binding,
 * emulated over the files under the handle's root, for the environment of
 * the handle.  Nothing is loaded; every file is read with the ELF reader.
 *
 * What follows glibc (elf/dl-load.c, dl-deps.c, dl-version.c, dl-lookup.c,
 * dl-sort-maps.c, ldconfig.c; measured against ld.so 2.36 by
 * tests/tools/ldmatrix.sh):
 *  - the search order RPATH (of the asking object when it has no RUNPATH,
 *    then of each object up the loading chain), LD_LIBRARY_PATH, RUNPATH,
 *    the cache, the default directories; DF_1_NODEFLIB drops the default
 *    directories and the cache's entries under them;
 *  - an object with both RUNPATH and RPATH has no RPATH;
 *  - $ORIGIN is the directory of the object's path as it was opened (not
 *    its realpath); an entry whose $ORIGIN is unknown is dropped; an empty
 *    entry is the current directory; a directory listed twice in one list
 *    is searched once; a missing directory is tried once;
 *  - a file of the other ELF class is passed over (and named in the error
 *    when nothing else is found), another machine silently; a file that
 *    is not ELF, too short or a directory ends the search with an error,
 *    and so does one _dl_map_object_from_fd() will not map (an
 *    executable, a PIE, DF_1_NOOPEN);
 *  - "cannot open shared object file" carries ld.so's errno: ENOENT when
 *    an open() failed since the last file opened, else nothing;
 *  - names are loaded once: a name matches a loaded object by the name it
 *    was asked by, its path or its SONAME, and a file found again under
 *    another name is the same object;
 *  - the version check accepts the provider's base definition, and one
 *    without version definitions at all; then each reference is bound by
 *    check_match()'s rules in the scope of the dlopen() (the request's
 *    breadth-first dependency list), objects in the order relocation runs
 *    (_dl_sort_maps' depth-first order), each object's references in the
 *    order of its relocation tables: the first that fails is the one
 *    dlopen() reports.
 *
 * What is not emulated, or approximated, and why:
 *  - /etc/ld.so.cache is not parsed: its binary format varies between
 *    glibc releases.  What it would hold is rebuilt from /etc/ld.so.conf
 *    and its `include` globs (in order, a directory once by device and
 *    inode, as ldconfig does), then the trusted directories, with
 *    ldconfig's rules for the name it lists each file under.  That is the
 *    cache as if `ldconfig -X` had just run; a stale cache is not seen.
 *    Of a directory's other files only those named like the name asked
 *    for (up to ".so") are read for it.
 *  - glibc-hwcaps and legacy hwcap subdirectories (tls/, x86_64/): no
 *    CUDA or cuDNN package installs there.
 *  - $ORIGIN in LD_LIBRARY_PATH, LD_PRELOAD, the program's RPATH and its
 *    own libraries: the program is not known here.  Relative directories
 *    are the current directory's when the root is "/", else skipped.
 *  - $PLATFORM is glibc's for this CPU (haswell or xeon_phi on Intel
 *    x86-64 CPUs that qualify, else AT_PLATFORM); under a root for
 *    another machine, that machine's usual name.
 */
#include "config.h"

#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include <sys/stat.h>

#include "read/elfread.h"
#include "sys/handle.h"
#include "scan/loader.h"

/* One directory of a search list. */
struct sdir {
	char *dir;		/* expanded, no trailing '/'; "" = cwd */
	char *as_written;
	enum cds_ld_via via;
	int entry;
	char *from;
	int exists;		/* the cache's: the directory is there */
};

/* The names in one directory, read once per emulation (the cache). */
struct dirlist {
	char *dir;		/* target path */
	char **names;		/* sorted; NULL-terminated, never NULL */
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
	struct cds_strv confs;	/* ld.so.conf files read ("dev:ino") */
	struct cds_strv dirids;	/* the cache's directories ("dev:ino") */
	struct dirlist *lists;	/* directories listed for the cache */
	size_t nlists;
	int enoent;		/* ld.so's errno is ENOENT (else 0) */
	struct cds_strv gone;	/* missing directories searched once */

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
	d->exists = 1;
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

#if defined(__x86_64__)
/* XCR0: which register states the kernel saves (AVX, AVX-512). */
static unsigned long long
xgetbv0(void)
{
	unsigned lo, hi;

	__asm__ volatile ("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (unsigned long long)hi << 32 | lo;
}

/*
 * glibc's init_cpu_features() (sysdeps/x86/cpu-features.c): on an Intel
 * x86-64 CPU, ld.so's platform ($PLATFORM, AT_PLATFORM's stand-in) is
 * "xeon_phi" with usable AVX512CD, ER and PF, else "haswell" with usable
 * AVX2, FMA, BMI1, BMI2, LZCNT, MOVBE and POPCNT; NULL keeps the kernel's.
 */
static const char *
x86_platform(void)
{
	unsigned max, a, b, cx, d, ecx1, ebx7 = 0, ecx81 = 0;
	unsigned long long xcr0 = 0;
	int avx, avx512;

	if (!__get_cpuid(0, &max, &b, &cx, &d) ||
	    !(b == 0x756e6547 && d == 0x49656e69 && cx == 0x6c65746e)) {
		return NULL;	/* not "GenuineIntel" */
	}
	__cpuid(1, a, b, ecx1, d);
	if (max >= 7) {
		__cpuid_count(7, 0, a, ebx7, cx, d);
	}
	if (__get_cpuid(0x80000001, &a, &b, &cx, &d)) {
		ecx81 = cx;
	}
	if (ecx1 & bit_OSXSAVE) {
		xcr0 = xgetbv0();
	}
	avx = (ecx1 & bit_AVX) && (xcr0 & 0x6) == 0x6;
	avx512 = avx && (xcr0 & 0xe0) == 0xe0 && (ebx7 & bit_AVX512F);
	if (avx512 && (ebx7 & bit_AVX512CD) && (ebx7 & bit_AVX512ER) &&
	    (ebx7 & bit_AVX512PF)) {
		return "xeon_phi";
	}
	if (avx && (ebx7 & bit_AVX2) && (ecx1 & bit_FMA) &&
	    (ebx7 & bit_BMI) && (ebx7 & bit_BMI2) && (ecx81 & bit_LZCNT) &&
	    (ecx1 & bit_MOVBE) && (ecx1 & bit_POPCNT)) {
		return "haswell";
	}
	return NULL;
}
#endif

static const char *host_platform_value;
static pthread_once_t host_platform_once = PTHREAD_ONCE_INIT;

static void
host_platform_init(void)
{
#if defined(__x86_64__)
	host_platform_value = x86_platform();
#endif
	if (host_platform_value == NULL) {
		host_platform_value = (const char *)getauxval(AT_PLATFORM);
	}
}

/*
 * What ld.so on this machine expands $PLATFORM to, NULL if unknown.  Found
 * once per process: CPUID traps to the hypervisor in a virtual machine,
 * and a scan builds a loader context for every library it resolves.
 */
static const char *
host_platform(void)
{
	pthread_once(&host_platform_once, host_platform_init);
	return host_platform_value;
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
	int ret = cds_host_is_dir(c->h, host);

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
	/* a root of this machine's kind runs on this CPU */
	cds_loader_host(&hc, &hbe, &hm);
	if (hm == machine && hc == elfclass && host_platform() != NULL) {
		c->platform = cds_xstrdup(host_platform());
	} else {
		c->platform = cds_xstrdup(machine_platform(machine));
	}
	c->enoent = 1;
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
	size_t i;

	sdirs_free(&c->llp);
	sdirs_free(&c->cache);
	sdirs_free(&c->defaults);
	cds_strv_clear(&c->confs);
	cds_strv_clear(&c->dirids);
	cds_strv_clear(&c->gone);
	for (i = 0; i < c->nlists; i++) {
		free(c->lists[i].dir);
		cds_strfreev(c->lists[i].names);
	}
	free(c->lists);
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
		if (cds_host_exists(c->h, host)) {
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

static void parse_conf(struct ldctx *c, const char *conf);

/* ldconfig's `include PATTERN...': each pattern relative to the file's
 * directory unless absolute, matches in sorted order. */
static void
conf_include(struct ldctx *c, const char *conf, const char *words)
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
			parse_conf(c, out.v[k]);
		}
		cds_strv_clear(&out);
		free(pat);
	}
	cds_strfreev(pats);
}

/* "dev:ino" of a host path (following links), or NULL if it is not there. */
static char *
file_id(const cds_handle_t *h, const char *host)
{
	struct stat st;

	if (cds_host_stat(h, host, 1, &st) == -1) {
		return NULL;
	}
	return cds_xasprintf("%llu:%llu", (unsigned long long)st.st_dev,
	    (unsigned long long)st.st_ino);
}

/*
 * Add DIR (a target path) to the cache's directories, as ldconfig's
 * add_dir(): a directory already listed, under this name or another (a
 * link to it: the same device and inode), is kept where it was first
 * listed.  One that is not there is listed for the record but holds
 * nothing.
 */
static void
cache_add_dir(struct ldctx *c, const char *dir, const char *from)
{
	char *host = host_path(c->h, dir), *id = NULL;

	if (cds_host_is_dir(c->h, host)) {
		id = file_id(c->h, host);
	}
	free(host);
	if (id != NULL ? cds_strv_contains(&c->dirids, id) :
	    sdirs_has(&c->cache, dir)) {
		free(id);
		return;
	}
	sdirs_push(&c->cache, cds_xstrdup(dir), dir, CDS_LD_CACHE,
	    (int)c->cache.n + 1, from);
	c->cache.v[c->cache.n - 1].exists = id != NULL;
	if (id != NULL) {
		cds_strv_push_owned(&c->dirids, id);
	}
}

/*
 * Read one ld.so.conf file (a target path) the way ldconfig does.  A file
 * is read once: included again (a loop, or twice), it could only list
 * directories already listed, so the work stays linear in the input.
 */
static void
parse_conf(struct ldctx *c, const char *conf)
{
	char *host, *text, **lines, *id;
	size_t i;

	host = host_path(c->h, conf);
	id = file_id(c->h, host);
	if (id == NULL || cds_strv_contains(&c->confs, id)) {
		free(id);
		free(host);
		return;
	}
	cds_strv_push_owned(&c->confs, id);
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
			conf_include(c, conf, line + 8);
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
		while (len > 0 && (line[len - 1] == ' ' ||
		    line[len - 1] == '\t')) {
			line[--len] = '\0';
		}
		while (len > 1 && line[len - 1] == '/') {
			line[--len] = '\0';
		}
		if (line[0] == '/') {
			cache_add_dir(c, line, conf);
		}
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
	parse_conf(c, "/etc/ld.so.conf");
	/* ldconfig adds its trusted directories last */
	for (i = 0; i < c->defaults.n; i++) {
		cache_add_dir(c, c->defaults.v[i].dir, "");
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

/* The names in DIR (a target path), sorted; read once per emulation. */
static char *const *
dir_names(struct ldctx *c, const char *dir)
{
	struct dirlist *l;
	char *host;
	size_t i;

	for (i = 0; i < c->nlists; i++) {
		if (strcmp(c->lists[i].dir, dir) == 0) {
			return c->lists[i].names;
		}
	}
	c->lists = cds_xreallocarray(c->lists, c->nlists + 1,
	    sizeof(*c->lists));
	l = &c->lists[c->nlists++];
	l->dir = cds_xstrdup(dir);
	host = host_path(c->h, dir);
	l->names = cds_listdir(host);
	free(host);
	if (l->names == NULL) {
		l->names = cds_xcalloc(1, sizeof(char *));
	}
	for (i = 0; l->names[i] != NULL; i++) {
	}
	if (i > 1) {
		qsort(l->names, i, sizeof(char *), cmp_strp);
	}
	return l->names;
}

/*
 * The name ldconfig lists directory entry ENTRY of DIR under (its cache
 * key: elf/ldconfig.c, search_dir()), or NULL when it lists nothing for
 * it, or only for another machine: not a regular file or a link to one,
 * not an ELF shared object of the loader's class and machine with a
 * dynamic section.  The key is the file's DT_SONAME (its own name when it
 * has none); a link keeps its own name when that is the soname, or when
 * it ends in ".so" and begins the soname (the development link
 * libfoo.so -> libfoo.so.1).  Free the result.
 */
static char *
cache_key(struct ldctx *c, const char *dir, const char *entry)
{
	struct cds_elf_ident id;
	struct stat st;
	char *target, *hdir, *hentry, *host, *key = NULL;
	int is_link;

	target = cds_path_join(dir, entry);
	hdir = host_path(c->h, dir);
	hentry = cds_path_join(hdir, entry);
	free(hdir);
	if (lstat(hentry, &st) == -1 ||
	    !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) {
		free(hentry);
		free(target);
		return NULL;
	}
	free(hentry);
	is_link = S_ISLNK(st.st_mode);
	host = host_path(c->h, target);
	free(target);
	if (cds_elf_ident(host, &id) == -1) {
		free(host);
		return NULL;
	}
	free(host);
	if (id.type == ET_DYN && id.has_dynamic &&
	    id.elfclass == c->elfclass && id.be == c->be &&
	    id.machine == c->machine) {
		const char *so = id.soname != NULL ? id.soname : entry;

		if (is_link && (strcmp(so, entry) == 0 ||
		    (cds_endswith(entry, ".so") && cds_startswith(so, entry)))) {
			key = cds_xstrdup(entry);
		} else {
			key = cds_xstrdup(so);
		}
	}
	free(id.soname);
	return key;
}

/*
 * Does ldconfig list NAME in cache directory DIR?  Under that name, the
 * entry NAME itself or another entry whose soname it is.  Of the other
 * entries only those whose names begin like NAME (up to ".so") are read:
 * a library named unlike its soname's stem (libbar.so.1 carrying
 * libfoo.so.1) is not seen (doc/loader.md: where it approximates).
 */
static int
cache_has(struct ldctx *c, const char *dir, const char *name)
{
	char *const *names, *key;
	const char *so = strstr(name, ".so");
	size_t stem, i;
	int found;

	key = cache_key(c, dir, name);
	found = key != NULL && strcmp(key, name) == 0;
	free(key);
	if (found || so == NULL) {
		return found;
	}
	stem = (size_t)(so - name) + 3;
	names = dir_names(c, dir);
	for (i = 0; names[i] != NULL && !found; i++) {
		if (strncmp(names[i], name, stem) != 0 ||
		    strcmp(names[i], name) == 0 || !is_dso_name(names[i])) {
			continue;
		}
		key = cache_key(c, dir, names[i]);
		found = key != NULL && strcmp(key, name) == 0;
		free(key);
	}
	return found;
}

/* A failed open() in DIR: ld.so's errno becomes ENOENT, except in a
 * directory it already knows to be missing, which it skips untried. */
static void
open_failed(struct ldctx *c, const char *dir)
{
	char *host;

	if (cds_strv_contains(&c->gone, dir)) {
		return;
	}
	host = host_path(c->h, *dir == '\0' ? "." : dir);
	if (!cds_host_is_dir(c->h, host)) {
		cds_strv_push(&c->gone, dir);
	}
	free(host);
	c->enoent = 1;
}

/* The target path of NAME in directory DIR. */
static char *
dir_file(const char *dir, const char *name)
{
	if (dir[0] == '\0') {
		return cds_xstrdup(name);
	}
	if (strcmp(dir, "/") == 0) {
		return cds_xasprintf("/%s", name);
	}
	return cds_xasprintf("%s/%s", dir, name);
}

/*
 * Try TARGET, a file of directory D, as ld.so's open_verify() would.
 * Returns 1 found (F filled), -1 refused (fatal: F's error set), 0 go on.
 */
static int
try_file(struct ldctx *c, const struct sdir *d, char *target,
    struct cds_ld_found *f, int *other_class)
{
	enum cds_elf_verdict v;
	char *host = host_path(c->h, target), *why = NULL;

	v = cds_elf_check_in(c->h, host, c->elfclass, c->be, c->machine,
	    &why);
	free(host);
	switch (v) {
	case CDS_ELF_ABSENT:
		open_failed(c, d->dir);
		free(target);
		return 0;
	case CDS_ELF_OTHER_CLASS:
		*other_class = 1;
		c->enoent = 1;
		skipped_add(f, cds_xasprintf("%s: wrong ELF class: "
		    "ELFCLASS%d", target, c->elfclass == 64 ? 32 : 64));
		free(target);
		return 0;
	case CDS_ELF_OTHER_MACHINE:
		c->enoent = 1;
		skipped_add(f, cds_xasprintf("%s: ELF machine is not %s",
		    target, cds_elf_machine_name(c->machine)));
		free(target);
		return 0;
	case CDS_ELF_BAD:
	case CDS_ELF_OK:
	default:
		break;
	}
	c->enoent = 0;
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

/* Try NAME in each directory of S; 1 found, -1 refused (fatal), 0 not. */
static int
try_list(struct ldctx *c, const struct sdirs *s, const char *name,
    struct cds_ld_found *f, int *other_class)
{
	size_t i;
	int rc;

	for (i = 0; i < s->n; i++) {
		const struct sdir *d = &s->v[i];

		if (d->dir[0] != '/' && *c->h->root != '\0') {
			continue;	/* relative to an unknown directory */
		}
		if (cds_strv_contains(&c->gone, d->dir)) {
			continue;	/* ld.so knows it is missing */
		}
		rc = try_file(c, d, dir_file(d->dir, name), f, other_class);
		if (rc != 0) {
			return rc;
		}
	}
	return 0;
}

/*
 * ld.so.cache: the first directory that ldconfig would list NAME in gives
 * DIR/NAME, and that one file is tried; when it cannot be opened the
 * cache has no more to offer (ld.so does not look further in it).  A
 * loader marked DF_1_NODEFLIB skips an entry under a default directory.
 */
static int
try_cache(struct ldctx *c, const char *name, int nodeflib,
    struct cds_ld_found *f, int *other_class)
{
	size_t i, k;

	if (!is_dso_name(name)) {
		return 0;
	}
	ctx_cache(c);
	for (i = 0; i < c->cache.n; i++) {
		const struct sdir *d = &c->cache.v[i];
		char *target;

		if (!d->exists || !cache_has(c, d->dir, name)) {
			continue;
		}
		target = dir_file(d->dir, name);
		for (k = 0; nodeflib && k < c->defaults.n; k++) {
			if (cds_startswith(target, c->defaults.v[k].dir) &&
			    target[strlen(c->defaults.v[k].dir)] == '/') {
				free(target);
				return 0;
			}
		}
		return try_file(c, d, target, f, other_class);
	}
	return 0;
}

static void
found_finish(struct ldctx *c, struct cds_ld_found *f, int rc,
    int other_class)
{
	if (rc == 0) {
		f->via = CDS_LD_NOT_FOUND;
		/* ld.so's message carries its errno: none when it tried
		 * nothing since the last file it opened */
		f->error = other_class ?
		    cds_xasprintf("%s: wrong ELF class: ELFCLASS%d", f->name,
		    c->elfclass == 64 ? 32 : 64) : c->enoent ?
		    cds_xasprintf("%s: cannot open shared object file: "
		    "No such file or directory", f->name) :
		    cds_xasprintf("%s: cannot open shared object file",
		    f->name);
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
 * Search NAME (no '/') for LOADER (NULL: the program), filling F, in
 * _dl_map_object()'s order.  Returns 1 found, 0 not found, -1 found a
 * file ld.so refuses.
 */
static int
search(struct ldctx *c, const char *name, const struct chain *loader,
    struct cds_ld_found *f)
{
	const struct chain *l;
	int rc = 0, other = 0, nodeflib;

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
			rc = try_list(c, &s, name, f, &other);
			sdirs_free(&s);
			free(origin);
		}
	}
	if (rc == 0) {
		rc = try_list(c, &c->llp, name, f, &other);
	}
	if (rc == 0 && loader != NULL && loader->elf != NULL &&
	    cds_elf_runpath(loader->elf) != NULL) {
		struct sdirs s = {0};
		char *origin = cds_dirname(loader->path);

		sdirs_add_list(c, &s, cds_elf_runpath(loader->elf), ":",
		    CDS_LD_RUNPATH, loader->path, origin);
		rc = try_list(c, &s, name, f, &other);
		sdirs_free(&s);
		free(origin);
	}
	/* the program's own flags are not known: taken as none */
	nodeflib = loader != NULL && loader->elf != NULL &&
	    cds_elf_nodeflib(loader->elf);
	if (rc == 0) {
		rc = try_cache(c, name, nodeflib, f, &other);
	}
	if (rc == 0 && !nodeflib) {
		rc = try_list(c, &c->defaults, name, f, &other);
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
	v = cds_elf_check_in(c->h, host, c->elfclass, c->be, c->machine,
	    &why);
	free(host);
	switch (v) {
	case CDS_ELF_OK:
		f->path = cds_xstrdup(name);
		f->via = CDS_LD_DIRECT;
		c->enoent = 0;
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
		c->enoent = 1;
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
		search(&c, name, consumer != NULL ? &ch : NULL, f);
	}
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
		d->exists = dir[0] == '/' ? cds_host_is_dir(h, host) : 0;
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
 * What _dl_map_object_from_fd() refuses in a file that open_verify()
 * passed, in its order (dlopen() and everything it loads), or NULL.
 */
static const char *
unmappable(const struct cds_elf *e)
{
	if (cds_elf_nloads(e) == 0) {
		return "object file has no loadable segments";
	}
	if (cds_elf_type(e) != ET_DYN) {
		return "cannot dynamically load executable";
	}
	if (!cds_elf_has_dynamic(e)) {
		return "object file has no dynamic section";
	}
	if (cds_elf_flags_1(e) & DF_1_PIE) {
		return "cannot dynamically load position-independent "
		    "executable";
	}
	if (cds_elf_flags_1(e) & DF_1_NOOPEN) {
		return "shared object cannot be dlopen()ed";
	}
	return NULL;
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
	struct cds_elf *elf;
	struct chain *ch = NULL;
	char *expanded = NULL, *host;
	const char *why;
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
		    &o->found);
		free(ch);
	}
	if (rc != 1) {
		free(expanded);
		return idx;
	}
	host = host_path(c->h, o->found.path);
	elf = cds_elf_open(c->h, host);
	free(host);
	if (elf == NULL) {
		/* ld.so's header checks passed; our reader did not */
		o->found.error = cds_xasprintf("%s: %s", o->found.path,
		    cds_errdetail(c->h));
		cds_clearerr(c->h);
		free(expanded);
		return idx;
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
			free(expanded);
			*found = 1;
			return i;
		}
	}
	if ((why = unmappable(elf)) != NULL) {
		/* named as asked, not by the file found */
		o->found.error = cds_xasprintf("%s: %s",
		    expanded != NULL ? expanded : name, why);
		cds_elf_free(elf);
		free(expanded);
		return idx;
	}
	free(expanded);
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

/*
 * Does reference U bind to nothing in SCOPE?  *P gets the object loaded
 * for the file its version was required from (CDS_LD_NONE if none).
 */
static int
ref_fails(struct ldctx *c, const size_t *scope, size_t nscope,
    const struct cds_elf_sym *u, size_t *p)
{
	*p = CDS_LD_NONE;
	if (u->weak) {
		return 0;
	}
	if (u->version == NULL && !(c->flags & CDS_LD_ALL_SYMBOLS)) {
		return 0;
	}
	if (u->file != NULL) {
		*p = find_needed(c, u->file);
		if (*p == CDS_LD_NONE) {
			return 0;	/* that file is missing */
		}
	}
	return !bound(c, scope, nscope, u);
}

static void
report_ref(struct ldctx *c, size_t load, size_t oi,
    const struct cds_elf_sym *u, size_t p)
{
	const struct cds_ld_object *o = &c->r->objects[oi];

	problem_add(c, CDS_LD_NO_SYMBOL, load, oi, p, u->name, u->version,
	    u->version != NULL ?
	    cds_xasprintf("%s: undefined symbol: %s, version %s",
	    o->found.path, u->name, u->version) :
	    cds_xasprintf("%s: undefined symbol: %s", o->found.path,
	    u->name));
}

/* check_symbols(): a reference that binds (not a provider index). */
#define BINDS ((size_t)-2)

/*
 * The references of object OI that bind to nothing, in the order ld.so
 * relocates them (the first one is what dlopen() reports); in .dynsym
 * order when the relocation tables cannot be read.  The tables are read
 * only when something fails.
 */
static void
check_symbols(struct ldctx *c, size_t load, size_t oi, const size_t *scope,
    size_t nscope)
{
	const struct cds_elf *e = c->r->objects[oi].elf;
	const struct cds_elf_sym *u;
	const size_t *order;
	size_t *prov, nu, i, nfail = 0;
	ssize_t no;

	u = cds_elf_undefined(e, &nu);
	prov = cds_xcalloc(nu + 1, sizeof(*prov));
	for (i = 0; i < nu; i++) {
		if (ref_fails(c, scope, nscope, &u[i], &prov[i])) {
			nfail++;
		} else {
			prov[i] = BINDS;
		}
	}
	if (nfail > 0 && (no = cds_elf_reloc_order(e, &order)) >= 0) {
		for (i = 0; i < (size_t)no; i++) {
			if (prov[order[i]] != BINDS) {
				report_ref(c, load, oi, &u[order[i]],
				    prov[order[i]]);
			}
		}
	} else if (nfail > 0) {
		for (i = 0; i < nu; i++) {
			if (prov[i] != BINDS) {
				report_ref(c, load, oi, &u[i], prov[i]);
			}
		}
	}
	free(prov);
}

/* _dl_sort_maps_dfs()'s depth-first walk from object OI. */
static void
dfs(const struct ldctx *c, size_t oi, unsigned char *seen, size_t *post,
    size_t *npost)
{
	const struct cds_ld_object *o = &c->r->objects[oi];
	size_t i;

	seen[oi] = 1;
	for (i = 0; i < o->nneeded; i++) {
		size_t d = o->needed[i];

		if (d != CDS_LD_NONE && !seen[d] &&
		    c->r->objects[d].elf != NULL) {
			dfs(c, d, seen, post, npost);
		}
	}
	post[(*npost)++] = oi;
}

/*
 * The order ld.so relocates the objects of SCOPE (its breadth-first list)
 * in: the initialisation order _dl_sort_maps() gives, walked backwards,
 * which is the order a depth-first walk from the end of the list finishes
 * them.  Returns a new array of *N indices.
 */
static size_t *
reloc_order(const struct ldctx *c, const size_t *scope, size_t nscope,
    size_t *n)
{
	unsigned char *seen = cds_xcalloc(c->r->nobjects + 1, 1);
	size_t *post = cds_xcalloc(c->r->nobjects + 1, sizeof(*post));
	size_t q;

	*n = 0;
	for (q = nscope; q-- > 0;) {
		if (!seen[scope[q]] && c->r->objects[scope[q]].elf != NULL) {
			dfs(c, scope[q], seen, post, n);
		}
	}
	free(seen);
	return post;
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
	size_t *order, norder;
	int found;

	if (ld->caller != CDS_LD_NONE) {
		caller = c->r->loads[ld->caller].object;
		if (caller != CDS_LD_NONE &&
		    (c->r->objects[caller].unloaded ||
		    c->r->objects[caller].elf == NULL)) {
			caller = CDS_LD_NONE;
		}
	}
	/* the program's errno before dlopen() is not known */
	c->enoent = 1;
	root = map_object(c, ld->name, caller, li, &found);
	ld->object = root;
	if (!found) {
		missing(c, li, root);
		goto out;
	}
	/* _dl_map_object_deps() starts with errno 0 */
	c->enoent = 0;
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
	order = reloc_order(c, scope, nscope, &norder);
	for (q = 0; q < norder; q++) {
		if (order[q] >= first_obj) {
			check_symbols(c, li, order[q], scope, nscope);
		}
	}
	free(order);
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
