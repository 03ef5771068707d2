/*
 * install.c - the install transaction and the prefix's other writers (use,
 * remove), and its readers (list, env).
 *
 * An install: lock, recover, check the space, fetch and unpack every
 * archive into .state/staging/<release>/parts/<component>, merge the parts
 * of each release into .state/staging/<release>/tree, complete its soname
 * links, record every file in a receipt, then rename() each tree into the
 * prefix.  Nothing in the prefix changes unless every archive of the plan
 * arrived whole and verified.  The receipt is written before the rename,
 * so a tree in the prefix always has one; a receipt without its tree is
 * what a crash between the two leaves, and recovery removes it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "fetch.h"
#include "fixup.h"
#include "lock.h"
#include "manifest.h"
#include "plan.h"

/* Unpacked bytes per archive byte, for the space check: NVIDIA's xz
 * archives of libraries unpack to about 2-3 times their size. */
#define UNPACK_FACTOR 3

#define RECEIPT_SCHEMA 1

static void
step_event(cds_handle_t *h, enum cds_event_type type, const char *name,
    const char *path, int err)
{
	struct cds_event ev = {0};

	ev.type = type;
	ev.u.step.name = name;
	ev.u.step.path = path;
	ev.u.step.err = err;
	cds_emit(h, &ev);
}

/* ------------------------------------------------------------------------ */
/* Merging the components of a release                                      */
/* ------------------------------------------------------------------------ */

/* Which archive put a path (a file, or a directory moved whole) into the
 * tree: its file name, for a conflict's message. */
struct owner {
	char *path;
	const char *archive;
};

struct merge {
	cds_handle_t *h;
	const char *release;
	struct owner *v;
	size_t n;
};

static void
owner_add(struct merge *mg, const char *path, const char *archive)
{
	mg->v = cds_xreallocarray(mg->v, mg->n + 1, sizeof(*mg->v));
	mg->v[mg->n].path = cds_xstrdup(path);
	mg->v[mg->n].archive = archive;
	mg->n++;
}

static const char *
owner_of(const struct merge *mg, const char *path)
{
	const char *best = NULL;
	size_t i, bestlen = 0;

	for (i = 0; i < mg->n; i++) {
		size_t n = strlen(mg->v[i].path);

		if (strncmp(path, mg->v[i].path, n) == 0 &&
		    (path[n] == '\0' || path[n] == '/') && n >= bestlen) {
			best = mg->v[i].archive;
			bestlen = n;
		}
	}
	return best != NULL ? best : "another archive";
}

/* The file name of an archive: the last part of its relative_path. */
static const char *
archive_file(const struct cds_archive *a)
{
	const char *slash = strrchr(a->relative_path, '/');

	return slash != NULL ? slash + 1 : a->relative_path;
}

static int
same_content(const char *a, const char *b)
{
	char ba[65536], bb[65536];
	int fa, fb, same = 0;
	ssize_t na, nb;

	if ((fa = open(a, O_RDONLY | O_CLOEXEC)) == -1) {
		return 0;
	}
	if ((fb = open(b, O_RDONLY | O_CLOEXEC)) == -1) {
		close(fa);
		return 0;
	}
	for (;;) {
		na = read(fa, ba, sizeof(ba));
		nb = read(fb, bb, sizeof(bb));
		if (na < 0 || nb < 0 || na != nb ||
		    memcmp(ba, bb, (size_t)na) != 0) {
			break;
		}
		if (na == 0) {
			same = 1;
			break;
		}
	}
	close(fa);
	close(fb);
	return same;
}

static int
same_link(const char *a, const char *b)
{
	char *ta = cds_readlink(a), *tb = cds_readlink(b);
	int same = ta != NULL && tb != NULL && strcmp(ta, tb) == 0;

	free(ta);
	free(tb);
	return same;
}

/*
 * Move the entries of SRC (unpacked from archive A) into DST.  Directories
 * merge; an identical file or link is a duplicate and dropped; the
 * top-level LICENSE of a component whose text differs is kept as
 * LICENSE.<component>; anything else present in two archives is a
 * conflict: the archives are wrong, and the release is not installed.
 */
static int
merge_dir(struct merge *mg, const char *src, const char *dst, const char *rel,
    const struct cds_archive *a)
{
	char **names = cds_listdir(src);
	size_t i;
	int ret = 0;

	if (names == NULL) {
		return cds_seterr(mg->h, CDS_ERR_IO, "%s: %s", src,
		    strerror(errno));
	}
	for (i = 0; names[i] != NULL && ret == 0; i++) {
		char *s = cds_path_join(src, names[i]);
		char *d = cds_path_join(dst, names[i]);
		char *r = rel == NULL ? cds_xstrdup(names[i]) :
		    cds_path_join(rel, names[i]);
		struct stat ss, ds;

		if (lstat(s, &ss) == -1) {
			ret = cds_seterr(mg->h, CDS_ERR_IO, "%s: %s", s,
			    strerror(errno));
		} else if (lstat(d, &ds) == -1) {
			if (rename(s, d) == -1) {
				ret = cds_seterr(mg->h, cds_errno_code(errno),
				    "%s: %s", d, strerror(errno));
			} else {
				owner_add(mg, r, archive_file(a));
			}
		} else if (S_ISDIR(ss.st_mode) && S_ISDIR(ds.st_mode)) {
			ret = merge_dir(mg, s, d, r, a);
		} else if ((S_ISREG(ss.st_mode) && S_ISREG(ds.st_mode) &&
		    ss.st_size == ds.st_size && same_content(s, d)) ||
		    (S_ISLNK(ss.st_mode) && S_ISLNK(ds.st_mode) &&
		    same_link(s, d))) {
			unlink(s);	/* the same file twice */
		} else if (rel == NULL && S_ISREG(ss.st_mode) &&
		    cds_startswith(names[i], "LICENSE")) {
			char *alt = cds_xasprintf("%s.%s", d, a->component);

			if (rename(s, alt) == -1) {
				ret = cds_seterr(mg->h, cds_errno_code(errno),
				    "%s: %s", alt, strerror(errno));
			}
			free(alt);
		} else {
			ret = cds_seterr(mg->h, CDS_ERR_CONFLICT, "%s: %s is "
			    "in both %s and %s, with different contents",
			    mg->release, r, owner_of(mg, r), archive_file(a));
		}
		free(s);
		free(d);
		free(r);
	}
	cds_strfreev(names);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* Checking and recording a tree                                            */
/* ------------------------------------------------------------------------ */

/* Does link TARGET, found at REL (tree-relative), stay inside the tree? */
static int
link_inside(const char *rel, const char *target)
{
	char **parts, **t;
	int depth = 0;
	size_t i;

	if (target[0] == '/' || target[0] == '\0') {
		return 0;
	}
	parts = cds_strsplit(rel, "/", 0);
	depth = (int)cds_strv_len(parts) - 1;	/* the link's directory */
	cds_strfreev(parts);
	t = cds_strsplit(target, "/", 0);
	for (i = 0; t[i] != NULL; i++) {
		if (strcmp(t[i], "..") == 0) {
			depth--;
		} else if (strcmp(t[i], ".") != 0) {
			depth++;
		}
		if (depth < 0) {
			break;
		}
	}
	cds_strfreev(t);
	return depth >= 0;
}

/*
 * Names in a receipt.  JSON strings are UTF-8; a file name is any bytes.
 * A name that is valid UTF-8 is written as itself ("path", "target"); one
 * that is not gets "path_hex" ("target_hex"), its bytes in hexadecimal,
 * which a reader takes first, and "path" a readable form with each byte
 * that is not UTF-8 as \xNN, for people.  Nothing is lost either way.
 */
static int
utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 :
		    (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
		uint32_t c;
		int i;

		if (n < 0 || (n == 1 && *p < 0xc2) || (n == 3 && *p > 0xf4)) {
			return 0;
		}
		c = n == 0 ? *p : *p & (0x3f >> n);
		for (i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80) {
				return 0;
			}
			c = (c << 6) | (p[i] & 0x3f);
		}
		if ((n == 2 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
		    (n == 3 && (c < 0x10000 || c > 0x10ffff))) {
			return 0;
		}
		p += n + 1;
	}
	return 1;
}

/* Set KEY of entry E to name S, as the comment above says. */
static void
name_set(json_t *e, const char *key, const char *s)
{
	struct cds_buf hex = {0}, shown = {0};
	const unsigned char *p;
	char *hkey;

	if (utf8_ok(s)) {
		json_object_set_new(e, key, json_string(s));
		return;
	}
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		cds_buf_addf(&hex, "%02x", *p);
		if (*p < 0x80 && *p >= 0x20 && *p != '\\') {
			cds_buf_add(&shown, p, 1);
		} else {
			cds_buf_addf(&shown, "\\x%02x", *p);
		}
	}
	hkey = cds_xasprintf("%s_hex", key);
	json_object_set_new(e, key, json_string(shown.s));
	json_object_set_new(e, hkey, json_string(hex.s));
	free(hkey);
	cds_buf_free(&hex);
	cds_buf_free(&shown);
}

/* The name KEY of a receipt entry, decoded; NULL when absent or not
 * hexadecimal.  Free it. */
static char *
name_get(json_t *e, const char *key)
{
	char *hkey = cds_xasprintf("%s_hex", key);
	const char *hex = json_string_value(json_object_get(e, hkey));
	const char *plain = json_string_value(json_object_get(e, key));
	char *out;
	size_t i, n;

	free(hkey);
	if (hex == NULL) {
		return plain != NULL && strlen(plain) ==
		    json_string_length(json_object_get(e, key)) ?
		    cds_xstrdup(plain) : NULL;
	}
	n = strlen(hex);
	if (n == 0 || n % 2 != 0) {
		return NULL;
	}
	out = cds_xmalloc(n / 2 + 1);
	for (i = 0; i < n / 2; i++) {
		unsigned v;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1 ||
		    strchr("0123456789abcdefABCDEF", hex[2 * i]) == NULL ||
		    strchr("0123456789abcdefABCDEF", hex[2 * i + 1]) == NULL ||
		    v == 0) {
			free(out);
			return NULL;
		}
		out[i] = (char)v;
	}
	out[n / 2] = '\0';
	return out;
}

/* A file whose digest the receipt needs, hashed by a worker thread. */
struct hashjob {
	char *path;
	json_t *entry;		/* its receipt entry, borrowed */
	char digest[65];
	int err;		/* errno, 0 if fine */
};

struct record {
	cds_handle_t *h;
	const char *release;
	json_t *files;
	uint64_t bytes;
	size_t nfiles;
	struct hashjob *jobs;
	size_t njobs;
	size_t next;		/* the next job to take (atomic) */
};

static void *
hash_worker(void *arg)
{
	struct record *rc = arg;
	size_t i;

	while ((i = __atomic_fetch_add(&rc->next, 1, __ATOMIC_RELAXED)) <
	    rc->njobs) {
		if (cds_sha256_file(rc->jobs[i].path, rc->jobs[i].digest) ==
		    -1) {
			rc->jobs[i].err = errno != 0 ? errno : EIO;
		}
	}
	return NULL;
}

/*
 * Hash every file the walk found, on as many threads as --jobs and the
 * CPUs allow (the unpacked tree is read once more, so this is the one
 * place the receipt costs time), then put each digest in its entry.
 */
static int
record_hash(struct record *rc)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	size_t nthreads = ncpu > 0 ? (size_t)ncpu : 1, i, started = 0;
	pthread_t th[16];
	int ret = 0;

	if (nthreads > (size_t)rc->h->jobs) {
		nthreads = (size_t)rc->h->jobs;
	}
	if (nthreads > 16) {
		nthreads = 16;
	}
	if (nthreads > rc->njobs) {
		nthreads = rc->njobs;
	}
	rc->next = 0;
	for (i = 1; i < nthreads; i++) {
		if (pthread_create(&th[started], NULL, hash_worker, rc) != 0) {
			break;
		}
		started++;
	}
	hash_worker(rc);
	for (i = 0; i < started; i++) {
		pthread_join(th[i], NULL);
	}
	for (i = 0; i < rc->njobs; i++) {
		struct hashjob *j = &rc->jobs[i];

		if (j->err != 0 && ret == 0) {
			ret = cds_seterr(rc->h, cds_errno_code(j->err),
			    "%s: %s", j->path, strerror(j->err));
		}
		if (j->err == 0) {
			json_object_set_new(j->entry, "sha256",
			    json_string(j->digest));
		}
	}
	return ret;
}

static void
record_clear(struct record *rc)
{
	size_t i;

	for (i = 0; i < rc->njobs; i++) {
		free(rc->jobs[i].path);
	}
	free(rc->jobs);
	rc->jobs = NULL;
	rc->njobs = 0;
}

static int
record_tree(struct record *rc, const char *dir, const char *rel)
{
	char **names = cds_listdir(dir);
	size_t i;
	int ret = 0;

	if (names == NULL) {
		return cds_seterr(rc->h, CDS_ERR_IO, "%s: %s", dir,
		    strerror(errno));
	}
	for (i = 0; names[i] != NULL && ret == 0; i++) {
		char *p = cds_path_join(dir, names[i]);
		char *r = rel == NULL ? cds_xstrdup(names[i]) :
		    cds_path_join(rel, names[i]);
		char mode[8];
		struct stat st;
		json_t *e;

		if (lstat(p, &st) == -1) {
			ret = cds_seterr(rc->h, CDS_ERR_IO, "%s: %s", p,
			    strerror(errno));
			goto next;
		}
		snprintf(mode, sizeof(mode), "%04o",
		    (unsigned)(st.st_mode & 07777));
		if (st.st_mode & (S_ISUID | S_ISGID)) {
			ret = cds_seterr(rc->h, CDS_ERR_UNSAFE_ARCHIVE, "%s: "
			    "%s is setuid or setgid", rc->release, r);
			goto next;
		}
		e = json_object();
		name_set(e, "path", r);
		if (S_ISDIR(st.st_mode)) {
			json_object_set_new(e, "type", json_string("dir"));
			json_object_set_new(e, "mode", json_string(mode));
			json_array_append_new(rc->files, e);
			ret = record_tree(rc, p, r);
		} else if (S_ISLNK(st.st_mode)) {
			char *target = cds_readlink(p);

			if (target == NULL || !link_inside(r, target)) {
				json_decref(e);
				ret = cds_seterr(rc->h, CDS_ERR_UNSAFE_ARCHIVE,
				    "%s: link %s -> %s leaves the tree",
				    rc->release, r, target != NULL ? target :
				    "?");
			} else {
				json_object_set_new(e, "type",
				    json_string("link"));
				name_set(e, "target", target);
				json_array_append_new(rc->files, e);
			}
			free(target);
		} else if (S_ISREG(st.st_mode)) {
			struct hashjob *j;

			/* the digest comes later, from record_hash() */
			json_object_set_new(e, "type", json_string("file"));
			json_object_set_new(e, "size",
			    json_integer((json_int_t)st.st_size));
			json_object_set_new(e, "mode", json_string(mode));
			json_object_set_new(e, "sha256", json_string(""));
			json_array_append_new(rc->files, e);
			rc->jobs = cds_xreallocarray(rc->jobs, rc->njobs + 1,
			    sizeof(*rc->jobs));
			j = &rc->jobs[rc->njobs++];
			memset(j, 0, sizeof(*j));
			j->path = cds_xstrdup(p);
			j->entry = e;
			rc->bytes += (uint64_t)st.st_size;
			rc->nfiles++;
		} else {
			json_decref(e);
			ret = cds_seterr(rc->h, CDS_ERR_UNSAFE_ARCHIVE, "%s: "
			    "%s is not a file, directory or link",
			    rc->release, r);
		}
next:
		free(p);
		free(r);
	}
	cds_strfreev(names);
	return ret;
}

static char *
utc_now(void)
{
	char stamp[32];
	struct tm tm;
	time_t now = time(NULL);

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return cds_xstrdup(stamp);
}

static json_t *
receipt_new(const struct cds_plan *p, const struct cds_plan_item *it,
    struct record *rc)
{
	json_t *doc, *arch = json_array();
	char *now = utc_now();
	size_t i;

	for (i = 0; i < it->narchives; i++) {
		const struct cds_archive *a = it->archives[i].archive;

		json_array_append_new(arch, json_pack("{s:s, s:s?, s:s, s:s, "
		    "s:I}", "component", a->component, "version", a->version,
		    "relative_path", a->relative_path, "sha256", a->sha256,
		    "size", (json_int_t)a->size));
	}
	doc = json_pack("{s:i, s:s, s:s, s:s, s:s?, s:s, s:s, s:s, s:s, "
	    "s:b, s:I, s:I, s:o, s:o}",
	    "schema", RECEIPT_SCHEMA,
	    "name", it->name,
	    "kind", cds_kind_word(it->kind),
	    "version", it->version,
	    "variant", it->variant,
	    "platform", p->platform,
	    "prefix", p->prefix,
	    "dir", it->dir,
	    "installed_at", now,
	    "trusted", !(p->warnings & CDS_PLAN_WARN_UNTRUSTED),
	    "size", (json_int_t)rc->bytes,
	    "nfiles", (json_int_t)rc->nfiles,
	    "archives", arch,
	    "files", rc->files);
	json_object_set_new(doc, "manifest", json_string(p->manifest));
	free(now);
	return doc;
}

static int
receipt_write(cds_handle_t *h, const struct cds_layout *l, const char *name,
    json_t *doc)
{
	char *path = cds_receipt_path(l, name);
	char *text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	int ret = 0;

	if (cds_mkdir_p(l->receipts, 0755) == -1 ||
	    cds_write_file_atomic(path, text, strlen(text), 0644) == -1) {
		ret = cds_seterr(h, cds_errno_code(errno), "%s: %s", path,
		    strerror(errno));
	}
	free(text);
	free(path);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* The transaction                                                          */
/* ------------------------------------------------------------------------ */

/* Where fetch keeps archives: --cache DIR, else the prefix's own. */
static char *
cache_dir(cds_handle_t *h, const struct cds_layout *l)
{
	return h->cache_dir != NULL ? cds_xstrdup(h->cache_dir) :
	    cds_path_join(l->state, "downloads");
}

/* Is archive A in the cache already (then only its unpacked bytes count
 * against the space)? */
static int
cached(const char *cache, const struct cds_archive *a)
{
	char *p = cds_path_join(cache, a->relative_path);
	struct stat st;
	int ret = stat(p, &st) == 0 && (uint64_t)st.st_size == a->size;

	free(p);
	return ret;
}

static int
space_check(cds_handle_t *h, const struct cds_layout *l,
    const struct cds_plan *p, const char *cache)
{
	struct statvfs vfs;
	uint64_t need = 0, avail, cmp = 0;
	size_t i, k;

	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			const struct cds_archive *a =
			    it->archives[k].archive;

			cmp += a->size;
			need += a->size * UNPACK_FACTOR;
			if (!cached(cache, a)) {
				need += a->size;	/* the download */
			}
		}
	}
	if (statvfs(l->staging, &vfs) == -1) {
		return cds_seterr(h, CDS_ERR_IO, "%s: %s", l->staging,
		    strerror(errno));
	}
	avail = (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
	cds_log(h, CDS_LOG_DEBUG, "space: %llu bytes free in %s, about %llu "
	    "needed", (unsigned long long)avail, l->staging,
	    (unsigned long long)need);
	if (need > avail) {
		return cds_seterr(h, CDS_ERR_NO_SPACE, "%s: %.1f MiB free; "
		    "the archives (%.1f MiB) need about %.1f MiB to download "
		    "and unpack", l->staging, (double)avail / (1 << 20),
		    (double)cmp / (1 << 20), (double)need / (1 << 20));
	}
	return 0;
}

/* rename() that never replaces an existing DST, not even an empty
 * directory. */
static int
rename_noreplace(const char *src, const char *dst)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(AT_FDCWD, src, AT_FDCWD, dst, RENAME_NOREPLACE) == 0) {
		return 0;
	}
	if (errno != EINVAL && errno != ENOSYS) {
		return -1;
	}
#endif
	if (cds_exists(dst)) {
		errno = EEXIST;
		return -1;
	}
	return rename(src, dst);
}

static void
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd != -1) {
		fsync(fd);
		close(fd);
	}
}

/* Per item, what the transaction holds while it runs. */
struct stage {
	char *root;		/* .state/staging/<name> */
	char *tree;		/* .../tree */
	char **parts;		/* .../parts/<component>, per archive */
	json_t *receipt;
};

static void
stage_clear(struct stage *s, size_t nparts)
{
	size_t i;

	free(s->root);
	free(s->tree);
	for (i = 0; s->parts != NULL && i < nparts; i++) {
		free(s->parts[i]);
	}
	free(s->parts);
	json_decref(s->receipt);
}

/* The operations a dry run describes, in the order a run does them. */
static void
describe(cds_handle_t *h, const struct cds_layout *l, struct cds_plan *p,
    struct stage *st, struct cds_ops *ops)
{
	size_t i, k;

	cds_ops_add(ops, CDS_OP_LOCK, l->lock, NULL);
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			cds_ops_add(ops, CDS_OP_FETCH, st[i].parts[k],
			    it->archives[k].urls[0]);
		}
		for (k = 0; k < it->narchives; k++) {
			cds_ops_add(ops, CDS_OP_MERGE, st[i].parts[k],
			    st[i].tree);
		}
		cds_ops_add(ops, CDS_OP_FIXUP, st[i].tree, NULL);
		{
			char *r = cds_receipt_path(l, it->name);

			cds_ops_add(ops, CDS_OP_WRITE, r, NULL);
			free(r);
		}
		{
			char *dir = cds_path_join(l->prefix, it->name);

			cds_ops_add(ops, CDS_OP_RENAME, st[i].tree, dir);
			free(dir);
		}
	}
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state != CDS_ITEM_NEW) {
			continue;
		}
		cds_fixup_commit(h, l, p->items[i].name, p->system, 1, ops);
		cds_ops_add(ops, CDS_OP_REMOVE, st[i].root, NULL);
	}
}

/*
 * Every path the plan's items make, checked before anything is written:
 * names come from manifests, and manifest.c's grammar keeps them to one
 * component each; this is the second lock on the same door.
 */
static int
guard_plan(cds_handle_t *h, const struct cds_layout *l,
    const struct cds_plan *p, const struct stage *st)
{
	size_t i, k;
	int ret = 0;

	for (i = 0; i < p->nitems && ret == 0; i++) {
		const struct cds_plan_item *it = &p->items[i];
		char *r, *dir, *env[3];
		int e;

		if (!cds_release_name_ok(it->name)) {
			char *shown = cds_printable(it->name, 80);

			cds_seterr(h, CDS_ERR_BAD_INPUT, "\"%s\": not the "
			    "name of a release; nothing was written", shown);
			free(shown);
			return -1;
		}
		r = cds_receipt_path(l, it->name);
		dir = cds_path_join(l->prefix, it->name);
		cds_env_paths(l, it->name, env);
		if (cds_layout_guard(h, l, st[i].root) == -1 ||
		    cds_layout_guard(h, l, st[i].tree) == -1 ||
		    cds_layout_guard(h, l, r) == -1 ||
		    cds_layout_guard(h, l, dir) == -1) {
			ret = -1;
		}
		for (k = 0; k < it->narchives && ret == 0; k++) {
			ret = cds_layout_guard(h, l, st[i].parts[k]);
		}
		for (e = 0; e < 3; e++) {
			if (ret == 0) {
				ret = cds_layout_guard(h, l, env[e]);
			}
			free(env[e]);
		}
		free(r);
		free(dir);
	}
	return ret;
}

/* Fetch and unpack every archive of the NEW items. */
static int
fetch_all(cds_handle_t *h, struct cds_plan *p, struct stage *st,
    const char *cache)
{
	struct cds_fetch *f;
	size_t i, k, n = 0;
	int ret;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			n += p->items[i].narchives;
		}
	}
	if (n == 0) {
		return 0;
	}
	f = cds_xcalloc(n, sizeof(*f));
	n = 0;
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			f[n].archive = it->archives[k].archive;
			f[n].urls = it->archives[k].urls;
			f[n].cache_dir = cache;
			f[n].user_cache = h->cache_dir != NULL;
			f[n].dest_dir = st[i].parts[k];
			f[n].timeout_s = h->timeout_s;
			n++;
		}
	}
	ret = cds_fetch_extract_all(h, f, n);
	if (ret == -1 && cds_errno(h) == CDS_ERR_OK) {
		for (i = 0; i < n; i++) {
			if (f[i].err != 0) {
				cds_seterr(h, f[i].err, "%s",
				    f[i].archive->relative_path);
				break;
			}
		}
	}
	/* an unpacker that ran out of room may report it as a write error */
	if (ret == -1 && cds_errno(h) == CDS_ERR_IO) {
		struct statvfs vfs;

		if (statvfs(st[0].root, &vfs) == 0 && vfs.f_bavail == 0) {
			cds_seterr(h, CDS_ERR_NO_SPACE, "%s: %s", st[0].root,
			    cds_errdetail(h));
		}
	}
	free(f);
	return ret;
}

/* Merge the parts of one item, complete its links, record it. */
static int
assemble(cds_handle_t *h, struct cds_plan *p, struct cds_plan_item *it,
    struct stage *s)
{
	struct merge mg = { .h = h, .release = it->name };
	struct record rc = { .h = h, .release = it->name };
	size_t k;
	int ret = -1;

	if (mkdir(s->tree, 0755) == -1) {
		return cds_seterr(h, cds_errno_code(errno), "%s: %s", s->tree,
		    strerror(errno));
	}
	for (k = 0; k < it->narchives; k++) {
		if (merge_dir(&mg, s->parts[k], s->tree, NULL,
		    it->archives[k].archive) == -1) {
			goto out;
		}
	}
	if (cds_fixup_tree(h, s->tree, 0, NULL) == -1) {
		goto out;
	}
	step_event(h, CDS_EV_VERIFY_START, it->name, s->tree, 0);
	rc.files = json_array();
	if (record_tree(&rc, s->tree, NULL) == -1 || record_hash(&rc) == -1) {
		record_clear(&rc);
		json_decref(rc.files);
		step_event(h, CDS_EV_VERIFY_DONE, it->name, s->tree,
		    cds_errno(h));
		goto out;
	}
	record_clear(&rc);
	if (rc.nfiles == 0) {
		json_decref(rc.files);
		cds_seterr(h, CDS_ERR_ARCHIVE, "%s: the archives hold no "
		    "files", it->name);
		step_event(h, CDS_EV_VERIFY_DONE, it->name, s->tree,
		    cds_errno(h));
		goto out;
	}
	step_event(h, CDS_EV_VERIFY_DONE, it->name, s->tree, 0);
	s->receipt = receipt_new(p, it, &rc);
	ret = 0;
out:
	for (k = 0; k < mg.n; k++) {
		free(mg.v[k].path);
	}
	free(mg.v);
	return ret;
}

static int
commit(cds_handle_t *h, const struct cds_layout *l, struct cds_plan_item *it,
    struct stage *s)
{
	char *dir = cds_path_join(l->prefix, it->name);
	int ret = -1;

	if (receipt_write(h, l, it->name, s->receipt) == -1) {
		goto out;
	}
	step_event(h, CDS_EV_COMMIT_START, it->name, dir, 0);
	if (rename_noreplace(s->tree, dir) == -1) {
		cds_seterr(h, cds_errno_code(errno), "%s: %s", dir,
		    strerror(errno));
		step_event(h, CDS_EV_COMMIT_DONE, it->name, dir,
		    cds_errno(h));
		goto out;
	}
	sync_dir(l->prefix);
	cds_journal_add(h, l, "commit %s", it->name);
	step_event(h, CDS_EV_COMMIT_DONE, it->name, dir, 0);
	it->state = CDS_ITEM_DONE;
	ret = 0;
out:
	free(dir);
	return ret;
}

/* CDS_Q_PROCEED; while it waits for the answer, the lock LK (if held)
 * tells a waiter so. */
static int
ask_proceed(cds_handle_t *h, struct cds_plan *p, struct cds_lock *lk)
{
	int a;

	if (lk != NULL) {
		cds_lock_note(lk, "asking");
	}
	a = cds_ask(h, CDS_Q_PROCEED, p);
	if (lk != NULL) {
		cds_lock_note(lk, NULL);
	}
	if (a == -1) {
		return -1;	/* CDS_ERR_NEED_ANSWER, by cds_ask() */
	}
	if (a == 0) {
		return cds_seterr(h, CDS_ERR_CANCELLED,
		    "the plan was declined");
	}
	return 0;
}

/*
 * The user's --cache may be shared by runs into other prefixes: the
 * prefix's lock does not cover it.  Its own lock file (".cudnn-setup.lock"
 * in it) is held while archives are fetched, so that a second run waits
 * for the first (and then finds its archives whole) instead of failing on
 * a .part the first one writes.  A cache we cannot write (read-only media,
 * --offline) needs no lock: nothing is written there.
 */
static int
cache_lock(cds_handle_t *h, const char *cache, int wait, struct cds_lock *lk)
{
	struct cds_layout cl;
	int ret, fd;

	memset(&cl, 0, sizeof(cl));
	lk->fd = -1;
	cl.state = (char *)cache;
	cl.lock = cds_path_join(cache, ".cudnn-setup.lock");
	fd = open(cl.lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd == -1 && (errno == EROFS || errno == EACCES ||
	    errno == EPERM)) {
		cds_log(h, CDS_LOG_DEBUG, "%s: %s; the cache is read, not "
		    "written, without a lock", cl.lock, strerror(errno));
		free(cl.lock);
		return 0;
	}
	if (fd != -1) {
		close(fd);
	}
	ret = cds_lock_take(h, &cl, wait, lk);
	free(cl.lock);
	return ret;
}

/* Remove the empty directories under DIR, and DIR when it ends empty. */
static void
prune_empty(const char *dir)
{
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *c = cds_path_join(dir, names[i]);

		if (cds_is_dir(c) && !cds_is_link(c)) {
			prune_empty(c);
		}
		free(c);
	}
	cds_strfreev(names);
	rmdir(dir);
}

/*
 * A failed run into a prefix that did not exist before leaves nothing of
 * its own: no staging, journal, empty download directories, lock or
 * .state.  What another run could resume (a .part with bytes in it) stays,
 * and so does the lock file beside it.  Called under the lock; a waiter
 * that then gets the lock of the unlinked file notices and opens the new
 * one (cds_lock_take()).
 */
static void
prune_fresh(const struct cds_layout *l, const char *cache, int cache_ours)
{
	char **left;

	cds_rm_rf(l->staging);
	cds_rm_rf(l->trash);
	cds_journal_end(l);
	rmdir(l->receipts);
	if (cache_ours) {
		prune_empty(cache);
	}
	left = cds_listdir(l->state);
	if (left != NULL && cds_strv_len(left) == 1 &&
	    strcmp(left[0], "lock") == 0) {
		unlink(l->lock);
	}
	cds_strfreev(left);
	rmdir(l->state);
	prune_empty(l->envdir);
	rmdir(l->prefix);
}

int
cds_install_run(cds_handle_t *h, struct cds_plan *p,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk = { .fd = -1 }, clk = { .fd = -1 };
	struct stage *st;
	char *cache = NULL;
	size_t i, k, nnew = 0;
	int dry, ret = -1, locked = 0, asked = 0, fresh;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	cds_layout_init(h, &l);
	cache = cache_dir(h, &l);
	fresh = !cds_exists(l.prefix);
	st = cds_xcalloc(p->nitems, sizeof(*st));
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];

		st[i].root = cds_path_join(l.staging, it->name);
		st[i].tree = cds_path_join(st[i].root, "tree");
		st[i].parts = cds_xcalloc(it->narchives, sizeof(char *));
		for (k = 0; k < it->narchives; k++) {
			st[i].parts[k] = cds_xasprintf("%s/parts/%s",
			    st[i].root, it->archives[k].archive->component);
		}
	}
	if (guard_plan(h, &l, p, st) == -1) {
		goto out;
	}
	if (dry) {
		describe(h, &l, p, st, ops);
		ret = 0;
		goto out;
	}

	/*
	 * The question comes under the lock, as pacman and apt ask theirs:
	 * the plan the person accepts is the one that runs (what another
	 * run installed meanwhile is PRESENT in it by then), and two runs
	 * never both say yes to the same work; a run that wants the lock
	 * meanwhile is told that we wait for an answer.  A prefix never
	 * written has no lock anyone could hold: there the question comes
	 * first, so that a no leaves nothing behind.
	 */
	for (i = 0; i < p->nitems; i++) {
		nnew += p->items[i].state == CDS_ITEM_NEW;
	}
	if (nnew > 0 && !cds_exists(l.lock)) {
		if (ask_proceed(h, p, NULL) == -1) {
			goto out;
		}
		asked = 1;
	}
	cds_ops_add(ops, CDS_OP_LOCK, l.lock, NULL);
	if (cds_lock_take(h, &l, o->lock_wait, &lk) == -1) {
		goto out;
	}
	locked = 1;
	if (cds_recover(h, &l) == -1) {
		goto out;
	}
	/* another run may have installed some while we waited */
	nnew = 0;
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		int s = cds_release_state(&l, it->name);

		if (s < 0) {
			char *dir = cds_path_join(l.prefix, it->name);

			cds_seterr(h, CDS_ERR_IO, "%s: exists but was not "
			    "installed by cudnn-setup (no receipt); move it "
			    "away first", dir);
			free(dir);
			goto out;
		}
		if (s == 1 && it->state == CDS_ITEM_NEW) {
			it->state = CDS_ITEM_PRESENT;
		}
		if (it->state == CDS_ITEM_NEW) {
			nnew++;
		}
	}
	if (!asked && nnew > 0 && ask_proceed(h, p, &lk) == -1) {
		goto out;
	}
	if (cds_journal_add(h, &l, "begin install%s",
	    p->system ? " system" : "") == -1) {
		goto out;
	}
	for (i = 0; i < p->nitems; i++) {
		if (cds_journal_add(h, &l, "item %s", p->items[i].name) ==
		    -1) {
			goto out;
		}
	}
	if (nnew > 0) {
		if (cds_mkdir_p(l.staging, 0755) == -1) {
			cds_seterr(h, cds_errno_code(errno), "%s: %s",
			    l.staging, strerror(errno));
			goto out;
		}
		if (space_check(h, &l, p, cache) == -1) {
			goto out;
		}
		if (h->cache_dir == NULL && cds_mkdir_p(cache, 0755) == -1) {
			cds_seterr(h, cds_errno_code(errno), "%s: %s", cache,
			    strerror(errno));
			goto out;
		}
		for (i = 0; i < p->nitems; i++) {
			if (p->items[i].state != CDS_ITEM_NEW) {
				continue;
			}
			for (k = 0; k < p->items[i].narchives; k++) {
				cds_ops_add(ops, CDS_OP_FETCH, st[i].parts[k],
				    p->items[i].archives[k].urls[0]);
				if (cds_mkdir_p(st[i].parts[k], 0755) == -1) {
					cds_seterr(h, cds_errno_code(errno),
					    "%s: %s", st[i].parts[k],
					    strerror(errno));
					goto fail;
				}
			}
		}
		if (h->cache_dir != NULL && cache_lock(h, cache,
		    o->lock_wait, &clk) == -1) {
			goto fail;
		}
		if (fetch_all(h, p, st, cache) == -1) {
			goto fail;
		}
		cds_lock_release(&clk);
		/* every archive is here and verified: build every tree */
		for (i = 0; i < p->nitems; i++) {
			if (p->items[i].state != CDS_ITEM_NEW) {
				continue;
			}
			for (k = 0; k < p->items[i].narchives; k++) {
				cds_ops_add(ops, CDS_OP_MERGE, st[i].parts[k],
				    st[i].tree);
			}
			cds_ops_add(ops, CDS_OP_FIXUP, st[i].tree, NULL);
			if (assemble(h, p, &p->items[i], &st[i]) == -1) {
				goto fail;
			}
		}
		/* and only then touch the prefix */
		for (i = 0; i < p->nitems; i++) {
			char *r, *dir;

			if (p->items[i].state != CDS_ITEM_NEW) {
				continue;
			}
			r = cds_receipt_path(&l, p->items[i].name);
			dir = cds_path_join(l.prefix, p->items[i].name);
			cds_ops_add(ops, CDS_OP_WRITE, r, NULL);
			cds_ops_add(ops, CDS_OP_RENAME, st[i].tree, dir);
			free(r);
			free(dir);
			if (commit(h, &l, &p->items[i], &st[i]) == -1) {
				goto fail;
			}
		}
	}
	/* fix-ups: only for what is committed (or was already) */
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		char *dir = cds_path_join(l.prefix, it->name);
		int r;

		step_event(h, CDS_EV_FIXUP_START, it->name, dir, 0);
		r = cds_fixup_commit(h, &l, it->name, p->system, 0, ops);
		step_event(h, CDS_EV_FIXUP_DONE, it->name, dir,
		    r == -1 ? cds_errno(h) : 0);
		free(dir);
		if (r == -1) {
			goto out;
		}
		if (it->state == CDS_ITEM_DONE) {
			json_t *rcpt = st[i].receipt;

			cds_logaction(h, "installed %s into %s (%zu archives, "
			    "%lld files, %lld bytes, manifest %s%s)",
			    it->name, it->dir, it->narchives,
			    (long long)json_integer_value(json_object_get(rcpt,
			    "nfiles")), (long long)json_integer_value(
			    json_object_get(rcpt, "size")), p->manifest,
			    p->warnings & CDS_PLAN_WARN_UNTRUSTED ?
			    ", trusted through TLS alone" : "");
		}
	}
	for (i = 0; i < p->nitems; i++) {
		if (cds_exists(st[i].root)) {
			cds_ops_add(ops, CDS_OP_REMOVE, st[i].root, NULL);
			cds_rm_rf(st[i].root);
		}
	}
	cds_journal_end(&l);
	ret = 0;
	goto out;
fail:
	/* nothing of the failed run stays: not its staging, not a receipt
	 * that lost its commit */
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			p->items[i].state = CDS_ITEM_FAILED;
			{
				char *r = cds_receipt_path(&l,
				    p->items[i].name);

				unlink(r);
				free(r);
			}
		}
		if (cds_exists(st[i].root)) {
			cds_rm_rf(st[i].root);
		}
	}
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_DONE) {
			/* committed before the failure: finish it */
			cds_fixup_commit(h, &l, p->items[i].name, p->system,
			    0, NULL);
		}
	}
	cds_journal_end(&l);
out:
	cds_lock_release(&clk);
	if (ret == -1 && fresh && locked) {
		int any = 0;

		for (i = 0; i < p->nitems; i++) {
			any |= p->items[i].state == CDS_ITEM_DONE;
		}
		if (!any) {
			prune_fresh(&l, cache, h->cache_dir == NULL);
		}
	}
	if (locked) {
		cds_lock_release(&lk);
	}
	for (i = 0; i < p->nitems; i++) {
		stage_clear(&st[i], p->items[i].narchives);
	}
	free(st);
	free(cache);
	cds_layout_clear(&l);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* The prefix: list, resolve, use, remove, env                              */
/* ------------------------------------------------------------------------ */

void
cds_installed_list_free(struct cds_installed_list *list)
{
	size_t i;

	if (list == NULL) {
		return;
	}
	for (i = 0; i < list->n; i++) {
		struct cds_installed *e = &list->v[i];

		free(e->name);
		free(e->version);
		free(e->variant);
		free(e->dir);
		free(e->installed_at);
	}
	free(list->v);
	free(list->prefix);
	free(list);
}

static int
installed_cmp(const void *a, const void *b)
{
	const struct cds_installed *x = a, *y = b;

	if (x->kind != y->kind) {
		return x->kind == CDS_KIND_CUDA ? -1 : 1;
	}
	return cds_vercmp(x->name, y->name);
}

static const char *
jstr(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* A receipt's relative path: components, none empty, "." or "..". */
static int
rel_ok(const char *p)
{
	char *t = cds_xasprintf("/r/%s", p);
	int ok = *p != '/' && cds_path_within("/r", t);

	free(t);
	return ok;
}

/* Where a receipt is wrong: -1 with CDS_ERR_BAD_INPUT. */
static int
receipt_bad(cds_handle_t *h, const char *path, const char *field,
    const char *why)
{
	return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: %s: %s; move the "
	    "receipt away (and its tree, if it is not whole) and install "
	    "again", path, field, why);
}

/*
 * Read release NAME's receipt: data from disk, so checked whole before
 * anything uses it: a regular file of at most 64 MiB, our schema, its own
 * name, each file's path inside the tree (names decoded, see name_set()),
 * each link's target staying inside it, each digest 64 hex digits.
 * Returns the document, or NULL with CDS_ERR_BAD_INPUT (or CDS_ERR_IO)
 * naming the file and the field.
 */
static json_t *
receipt_load(cds_handle_t *h, const struct cds_layout *l, const char *name)
{
	char *path = cds_receipt_path(l, name), *text;
	json_error_t je;
	json_t *doc = NULL, *files, *e;
	size_t len, i;
	char field[64];

	text = cds_read_file(path, 64u << 20, &len);
	if (text == NULL) {
		cds_seterr(h, errno == ENOENT || errno == EIO ? CDS_ERR_IO :
		    CDS_ERR_BAD_INPUT, "%s: %s", path,
		    cds_read_strerror(errno));
		goto out;
	}
	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	free(text);
	if (doc == NULL) {
		receipt_bad(h, path, "JSON", je.text);
		goto out;
	}
	if (json_integer_value(json_object_get(doc, "schema")) !=
	    RECEIPT_SCHEMA) {
		receipt_bad(h, path, "schema", "not one this program reads");
		goto fail;
	}
	if (!cds_streq(jstr(doc, "name"), name)) {
		receipt_bad(h, path, "name", "not the receipt's own name");
		goto fail;
	}
	if (cds_name_bad(CDS_NAME_VERSION, jstr(doc, "version")) != NULL ||
	    (json_object_get(doc, "variant") != NULL &&
	    !json_is_null(json_object_get(doc, "variant")) &&
	    cds_name_bad(CDS_NAME_KEY, jstr(doc, "variant")) != NULL)) {
		receipt_bad(h, path, "version", "not a version and variant");
		goto fail;
	}
	if (json_integer_value(json_object_get(doc, "size")) < 0 ||
	    json_integer_value(json_object_get(doc, "nfiles")) < 0 ||
	    cds_name_bad(CDS_NAME_TEXT, jstr(doc, "installed_at")) != NULL) {
		receipt_bad(h, path, "size", "not a count, or no date");
		goto fail;
	}
	files = json_object_get(doc, "files");
	if (!json_is_array(files)) {
		receipt_bad(h, path, "files", "not a list");
		goto fail;
	}
	json_array_foreach(files, i, e) {
		const char *type = jstr(e, "type");
		char *p = name_get(e, "path"), *t = NULL;
		const char *why = NULL;

		snprintf(field, sizeof(field), "files[%zu]", i);
		if (p == NULL || !rel_ok(p)) {
			why = "a path outside the tree";
		} else if (cds_streq(type, "link")) {
			t = name_get(e, "target");
			if (t == NULL || !link_inside(p, t)) {
				why = "a link leaving the tree";
			}
		} else if (cds_streq(type, "file")) {
			if (!cds_is_sha256(jstr(e, "sha256")) ||
			    json_integer_value(json_object_get(e, "size")) <
			    0) {
				why = "a file without its digest or size";
			}
		} else if (!cds_streq(type, "dir")) {
			why = "neither a file, a directory nor a link";
		}
		free(p);
		free(t);
		if (why != NULL) {
			receipt_bad(h, path, field, why);
			goto fail;
		}
	}
	goto out;
fail:
	json_decref(doc);
	doc = NULL;
out:
	free(path);
	return doc;
}

struct cds_installed_list *
cds_prefix_list(cds_handle_t *h)
{
	struct cds_installed_list *list = cds_xcalloc(1, sizeof(*list));
	struct cds_layout l;
	char **names;
	char *defs[3] = { NULL, NULL, NULL };
	size_t i;

	cds_layout_init(h, &l);
	list->prefix = cds_xstrdup(l.tprefix);
	for (i = 1; i <= 2; i++) {
		char *link = cds_path_join(l.prefix, cds_kind_word(i));

		defs[i] = cds_readlink(link);
		free(link);
	}
	names = cds_listdir(l.receipts);
	if (names == NULL && errno != ENOENT) {
		/* "nothing installed" would be a guess */
		cds_seterr(h, cds_errno_code(errno), "%s: %s", l.receipts,
		    strerror(errno));
		cds_installed_list_free(list);
		list = NULL;
		goto out;
	}
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		struct cds_installed *e;
		char *name;
		json_t *doc;
		int kind;

		if (!cds_endswith(names[i], ".json")) {
			continue;
		}
		name = cds_xstrndup(names[i], strlen(names[i]) - 5);
		kind = cds_kind_of_name(name);
		if (kind == 0 || !cds_release_name_ok(name) ||
		    cds_release_state(&l, name) != 1) {
			free(name);	/* not committed: not installed */
			continue;
		}
		if ((doc = receipt_load(h, &l, name)) == NULL) {
			free(name);
			cds_installed_list_free(list);
			list = NULL;
			goto out;
		}
		list->v = cds_xreallocarray(list->v, list->n + 1,
		    sizeof(*list->v));
		e = &list->v[list->n++];
		memset(e, 0, sizeof(*e));
		e->name = name;
		e->kind = kind;
		e->dir = cds_path_join(l.tprefix, name);
		e->is_default = cds_streq(defs[kind], name);
		e->version = cds_xstrdup(jstr(doc, "version"));
		e->variant = cds_strdup0(jstr(doc, "variant"));
		e->installed_at = cds_xstrdup(jstr(doc, "installed_at"));
		e->size = (uint64_t)json_integer_value(
		    json_object_get(doc, "size"));
		e->nfiles = (size_t)json_integer_value(
		    json_object_get(doc, "nfiles"));
		json_decref(doc);
	}
	if (list->n > 1) {
		qsort(list->v, list->n, sizeof(*list->v), installed_cmp);
	}
out:
	cds_strfreev(names);
	free(defs[1]);
	free(defs[2]);
	cds_layout_clear(&l);
	return list;
}

char *
cds_prefix_resolve(cds_handle_t *h, const char *what)
{
	struct cds_installed_list *list = cds_prefix_list(h);
	struct cds_buf cands = {0};
	char *found = NULL;
	size_t i, n = 0;

	if (list == NULL) {
		return NULL;	/* set by cds_prefix_list() */
	}
	if (strcmp(what, "cuda") == 0 || strcmp(what, "cudnn") == 0) {
		for (i = 0; i < list->n; i++) {
			if (list->v[i].is_default &&
			    strcmp(cds_kind_word(list->v[i].kind), what) ==
			    0) {
				found = cds_xstrdup(list->v[i].name);
			}
		}
		if (found == NULL) {
			cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no default in "
			    "%s", what, list->prefix);
		}
		cds_installed_list_free(list);
		return found;
	}
	for (i = 0; i < list->n; i++) {
		if (strcmp(list->v[i].name, what) == 0) {
			found = cds_xstrdup(what);
			cds_installed_list_free(list);
			return found;
		}
	}
	for (i = 0; i < list->n; i++) {
		const struct cds_installed *e = &list->v[i];

		if ((cds_startswith(e->name, what) &&
		    (e->name[strlen(what)] == '.' ||
		    e->name[strlen(what)] == '-')) ||
		    cds_ver_has_prefix(e->version, what)) {
			n++;
			free(found);
			found = cds_xstrdup(e->name);
			cds_buf_addf(&cands, "%s%s", n > 1 ? ", " : "",
			    e->name);
		}
	}
	if (n == 1) {
		cds_buf_free(&cands);
		cds_installed_list_free(list);
		return found;
	}
	free(found);
	if (n > 1) {
		cds_seterr(h, CDS_ERR_USAGE, "%s: matches %s; name one",
		    what, cands.s);
	} else {
		for (i = 0; i < list->n; i++) {
			cds_buf_addf(&cands, "%s%s", i > 0 ? ", " : "",
			    list->v[i].name);
		}
		cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: not installed in %s "
		    "(installed: %s)", what, list->prefix,
		    cands.s != NULL ? cands.s : "nothing");
	}
	cds_buf_free(&cands);
	cds_installed_list_free(list);
	return NULL;
}

/* Lock and recover for a writer; dry runs do neither. */
static int
writer_begin(cds_handle_t *h, const struct cds_layout *l,
    const struct cds_txn_opts *o, struct cds_lock *lk, struct cds_ops *ops)
{
	lk->fd = -1;
	cds_ops_add(ops, CDS_OP_LOCK, l->lock, NULL);
	if (o->flags & CDS_TXN_DRY_RUN) {
		return 0;
	}
	if (cds_lock_take(h, l, o->lock_wait, lk) == -1) {
		return -1;
	}
	if (cds_recover(h, l) == -1) {
		cds_lock_release(lk);
		return -1;
	}
	return 0;
}

int
cds_prefix_use(cds_handle_t *h, const char *what,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk;
	char *name, *link = NULL;
	int dry, ret = -1;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	if ((name = cds_prefix_resolve(h, what)) == NULL) {
		return -1;	/* set by cds_prefix_resolve() */
	}
	cds_layout_init(h, &l);
	if (writer_begin(h, &l, o, &lk, ops) == -1) {
		goto out;
	}
	if (cds_release_state(&l, name) != 1) {
		cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: not installed in %s",
		    name, l.tprefix);
		goto unlock;
	}
	link = cds_path_join(l.prefix, cds_kind_word(cds_kind_of_name(name)));
	if (cds_link_set(h, link, name, dry, ops) == -1) {
		goto unlock;
	}
	if (cds_system_files_present(h) &&
	    cds_system_files(h, &l, dry, ops) == -1) {
		goto unlock;
	}
	if (!dry) {
		cds_logaction(h, "use %s: %s -> %s", name, link, name);
	}
	ret = 0;
unlock:
	cds_lock_release(&lk);
out:
	free(link);
	free(name);
	cds_layout_clear(&l);
	return ret;
}

int
cds_prefix_remove(cds_handle_t *h, const char *what,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk;
	char *name, *link = NULL, *cur = NULL, *tree = NULL, *trash = NULL;
	char *rcpt = NULL;
	int dry, ret = -1, is_default, a;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	if ((name = cds_prefix_resolve(h, what)) == NULL) {
		return -1;	/* set by cds_prefix_resolve() */
	}
	cds_layout_init(h, &l);
	link = cds_path_join(l.prefix, cds_kind_word(cds_kind_of_name(name)));
	if (writer_begin(h, &l, o, &lk, ops) == -1) {
		goto out;
	}
	if (!dry && cds_release_state(&l, name) != 1) {
		cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: not installed in %s",
		    name, l.tprefix);
		goto unlock;
	}
	/* only now, under the lock: recovery may have set the link */
	cur = cds_readlink(link);
	is_default = cds_streq(cur, name);
	if (is_default && !dry && !(o->flags & CDS_TXN_FORCE)) {
		if ((a = cds_ask(h, CDS_Q_REMOVE_DEFAULT, name)) == -1) {
			goto unlock;	/* CDS_ERR_NEED_ANSWER, by cds_ask() */
		}
		if (a == 0) {
			cds_seterr(h, CDS_ERR_USAGE, "%s is the current "
			    "default (%s); use --force, or `use` another "
			    "first", name, link);
			goto unlock;
		}
	}
	tree = cds_path_join(l.prefix, name);
	trash = cds_xasprintf("%s/%s.%ld", l.trash, name, (long)getpid());
	rcpt = cds_receipt_path(&l, name);
	cds_ops_add(ops, CDS_OP_RENAME, tree, trash);
	cds_ops_add(ops, CDS_OP_REMOVE, rcpt, NULL);
	if (!dry) {
		if (cds_journal_add(h, &l, "begin remove") == -1 ||
		    cds_journal_add(h, &l, "item %s", name) == -1) {
			goto unlock;
		}
		if (cds_mkdir_p(l.trash, 0755) == -1 ||
		    rename(tree, trash) == -1) {
			cds_seterr(h, cds_errno_code(errno), "%s: %s", tree,
			    strerror(errno));
			cds_journal_end(&l);
			goto unlock;
		}
		sync_dir(l.prefix);
		unlink(rcpt);
	}
	if (cds_env_remove(h, &l, name, dry, ops) == -1) {
		goto unlock;
	}
	if (is_default) {
		cds_ops_add(ops, CDS_OP_REMOVE, link, NULL);
		if (!dry) {
			unlink(link);
		}
		if (cds_system_files_present(h) &&
		    cds_system_files(h, &l, dry, ops) == -1) {
			goto unlock;
		}
	}
	cds_ops_add(ops, CDS_OP_REMOVE, trash, NULL);
	if (!dry) {
		if (cds_rm_rf(trash) == -1) {
			cds_log(h, CDS_LOG_WARNING, "%s: %s", trash,
			    strerror(errno));
		}
		cds_journal_end(&l);
		cds_logaction(h, "removed %s from %s%s", name, l.tprefix,
		    is_default ? " (it was the default)" : "");
	}
	ret = 0;
unlock:
	cds_lock_release(&lk);
out:
	free(rcpt);
	free(trash);
	free(tree);
	free(cur);
	free(link);
	free(name);
	cds_layout_clear(&l);
	return ret;
}

char *
cds_prefix_env(cds_handle_t *h, const char *name, enum cds_shell shell)
{
	return cds_env_text(cds_prefix(h), name, shell);
}
