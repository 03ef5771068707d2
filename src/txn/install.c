/*
 * install.c - the install transaction (list, use, remove and env are
 * installed.c's).
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

#include "base/crypto.h"
#include "fetch/fetch.h"
#include "txn/fixup.h"
#include "txn/lock.h"
#include "read/manifest.h"
#include "txn/receipt.h"

/* Unpacked bytes per archive byte, for the space check: NVIDIA's xz
 * archives of libraries unpack to about 2-3 times their size. */
#define UNPACK_FACTOR 3


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
		return cds_seterr_sys(mg->h, CDS_ERR_IO, src, errno);
	}
	for (i = 0; names[i] != NULL && ret == 0; i++) {
		char *s = cds_path_join(src, names[i]);
		char *d = cds_path_join(dst, names[i]);
		char *r = rel == NULL ? cds_xstrdup(names[i]) :
		    cds_path_join(rel, names[i]);
		struct stat ss, ds;

		if (lstat(s, &ss) == -1) {
			ret = cds_seterr_sys(mg->h, CDS_ERR_IO, s, errno);
		} else if (lstat(d, &ds) == -1) {
			if (rename(s, d) == -1) {
				ret = cds_seterr_sys(mg->h,
				    cds_errno_code(errno), d, errno);
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
				ret = cds_seterr_sys(mg->h,
				    cds_errno_code(errno), alt, errno);
			}
			free(alt);
		} else {
			ret = cds_seterr_why(mg->h, CDS_ERR_CONFLICT,
			    CDS_REASON_CONFLICT, CDS_ERRNAMES(
			    { CDS_ERRARG_RELEASE, mg->release },
			    { CDS_ERRARG_PATH, r }, { CDS_ERRARG_ARCHIVE,
			    owner_of(mg, r) }, { CDS_ERRARG_OTHER,
			    archive_file(a) }), "%s: %s is in both %s and %s, "
			    "with different contents", mg->release, r,
			    owner_of(mg, r), archive_file(a));
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
	size_t nthreads = (size_t)cds_ncpu(), i, started = 0;
	pthread_t th[16];
	const char *why;
	int ret = 0;

	if (rc->njobs > 0 && (why = cds_crypto_load()) != NULL) {
		/* every file would fail alike, with a bare errno */
		return cds_seterr(rc->h, CDS_ERR_UNSUPPORTED, "the receipt's "
		    "SHA-256 of each file cannot be computed: %s", why);
	}
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
			ret = cds_seterr_sys(rc->h, cds_errno_code(j->err),
			    j->path, j->err);
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
		return cds_seterr_sys(rc->h, CDS_ERR_IO, dir, errno);
	}
	for (i = 0; names[i] != NULL && ret == 0; i++) {
		char *p = cds_path_join(dir, names[i]);
		char *r = rel == NULL ? cds_xstrdup(names[i]) :
		    cds_path_join(rel, names[i]);
		char mode[8];
		struct stat st;
		json_t *e;

		if (lstat(p, &st) == -1) {
			ret = cds_seterr_sys(rc->h, CDS_ERR_IO, p, errno);
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
		cds_receipt_name_set(e, "path", r);
		if (S_ISDIR(st.st_mode)) {
			json_object_set_new(e, "type", json_string("dir"));
			json_object_set_new(e, "mode", json_string(mode));
			json_array_append_new(rc->files, e);
			ret = record_tree(rc, p, r);
		} else if (S_ISLNK(st.st_mode)) {
			char *target = cds_readlink(p);

			if (target == NULL || !cds_link_inside(r, target)) {
				json_decref(e);
				ret = cds_seterr(rc->h, CDS_ERR_UNSAFE_ARCHIVE,
				    "%s: link %s -> %s leaves the tree",
				    rc->release, r, target != NULL ? target :
				    "?");
			} else {
				json_object_set_new(e, "type",
				    json_string("link"));
				cds_receipt_name_set(e, "target", target);
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
	    "schema", CDS_RECEIPT_SCHEMA,
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
	if (p->components != NULL) {
		/* what of the release is here: a later install of the whole
		 * release does not take this tree for it unseen */
		json_object_set_new(doc, "components",
		    json_string(p->components));
	}
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
		ret = cds_seterr_sys(h, cds_errno_code(errno), path, errno);
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
		return cds_seterr_sys(h, CDS_ERR_IO, l->staging, errno);
	}
	avail = (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
	cds_log(h, CDS_LOG_DEBUG, "space: %llu bytes free in %s, about %llu "
	    "needed", (unsigned long long)avail, l->staging,
	    (unsigned long long)need);
	if (need > avail) {
		char have_m[32], cmp_m[32], need_m[32];

		snprintf(have_m, sizeof(have_m), "%.1f",
		    (double)avail / (1 << 20));
		snprintf(cmp_m, sizeof(cmp_m), "%.1f", (double)cmp / (1 << 20));
		snprintf(need_m, sizeof(need_m), "%.1f",
		    (double)need / (1 << 20));
		return cds_seterr_why(h, CDS_ERR_NO_SPACE, CDS_REASON_NO_SPACE,
		    CDS_ERRNAMES({ CDS_ERRARG_PATH, l->staging },
		    { CDS_ERRARG_HAVE, have_m }, { CDS_ERRARG_NEED, need_m },
		    { CDS_ERRARG_OTHER, cmp_m }), "%s: %s MiB free; the "
		    "archives (%s MiB) need about %s MiB to download and "
		    "unpack", l->staging, have_m, cmp_m, need_m);
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

			cds_seterr_why(h, CDS_ERR_BAD_INPUT,
			    CDS_REASON_BAD_NAME, CDS_ERRNAMES(
			    { CDS_ERRARG_VALUE, shown }), "\"%s\": not the "
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

/* ------------------------------------------------------------------------ */
/* A libraries-only component set, and driver libraries                     */
/* ------------------------------------------------------------------------ */

/* A shared library's file name: libX.so or libX.so.N... */
static int
is_shared_lib(const char *name)
{
	const char *so = strstr(name, ".so");

	return strncmp(name, "lib", 3) == 0 && so != NULL &&
	    (so[3] == '\0' || so[3] == '.');
}

/* A driver library, which only the driver (or the container runtime, from
 * the host) may place: libcuda.so*, libnvidia-*.so*. */
static int
is_driver_lib(const char *name)
{
	return is_shared_lib(name) && (strncmp(name, "libcuda.so", 10) == 0 ||
	    strncmp(name, "libnvidia-", 10) == 0);
}

/* What a walk of a staged tree does with each file (not directory): 0 to
 * go on, -1 with the error set to stop. */
typedef int (*leaf_fn)(cds_handle_t *h, const char *path, const char *rel,
    const char *name, void *ctx);

/* Walk DIR (REL its path in the tree, "" for the top), files to LEAF;
 * directories named SKIP are not entered; with PRUNE each directory left
 * empty goes.  0, or -1 with the error set. */
static int
walk_tree(cds_handle_t *h, const char *dir, const char *rel, leaf_fn leaf,
    void *ctx, const char *skip, int prune)
{
	char **names = cds_listdir(dir);
	size_t i;
	int ret = 0;

	if (names == NULL) {
		return cds_seterr_sys(h, cds_errno_code(errno), dir, errno);
	}
	for (i = 0; names[i] != NULL && ret == 0; i++) {
		char *p = cds_path_join(dir, names[i]);
		char *r = *rel != '\0' ? cds_path_join(rel, names[i]) :
		    cds_xstrdup(names[i]);
		struct stat st;

		if (lstat(p, &st) == -1) {
			ret = cds_seterr_sys(h, cds_errno_code(errno), p,
			    errno);
		} else if (S_ISDIR(st.st_mode)) {
			if (skip == NULL || strcmp(names[i], skip) != 0) {
				ret = walk_tree(h, p, r, leaf, ctx, skip,
				    prune);
			}
			if (ret == 0 && prune) {
				(void)rmdir(p);	/* only when emptied */
			}
		} else {
			ret = leaf(h, p, r, names[i], ctx);
		}
		free(p);
		free(r);
	}
	cds_strfreev(names);
	return ret;
}

/*
 * Keep only what a program loads at run time: the shared libraries of the
 * tree's lib directories (lib, lib64, targets/<arch>/lib; not stubs/, which
 * only the link editor uses) and the top directory's license files.
 * Everything else (include/, bin/, static libraries, pkg-config files,
 * stubs) goes.
 */
static int
keep_library(cds_handle_t *h, const char *path, const char *rel,
    const char *name, void *ctx)
{
	char *dir = cds_dirname(rel);
	int keep = (strstr(rel, "stubs/") == NULL && is_shared_lib(name) &&
	    (cds_endswith(dir, "lib") || cds_endswith(dir, "lib64"))) ||
	    (strchr(rel, '/') == NULL && strncmp(name, "LICENSE", 7) == 0);

	(void)ctx;
	free(dir);
	if (!keep && unlink(path) == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), path, errno);
	}
	return 0;
}

/* A driver library in the tree (outside stubs/), for an image: an error
 * naming it and the release (CTX). */
static int
refuse_driver_lib(cds_handle_t *h, const char *path, const char *rel,
    const char *name, void *ctx)
{
	(void)path;
	if (!is_driver_lib(name)) {
		return 0;
	}
	return cds_seterr(h, CDS_ERR_ARCHIVE, "%s: %s is a driver library: "
	    "an image gets libcuda and the libnvidia-* libraries from the "
	    "host, through the container runtime; nothing was installed",
	    (const char *)ctx, rel);
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
		return cds_seterr_sys(h, cds_errno_code(errno), s->tree, errno);
	}
	for (k = 0; k < it->narchives; k++) {
		if (merge_dir(&mg, s->parts[k], s->tree, NULL,
		    it->archives[k].archive) == -1) {
			goto out;
		}
	}
	if (it->libraries_only && walk_tree(h, s->tree, "", keep_library,
	    NULL, NULL, 1) == -1) {
		goto out;
	}
	if ((it->libraries_only || p->no_driver) && walk_tree(h, s->tree, "",
	    refuse_driver_lib, it->name, "stubs", 0) == -1) {
		goto out;
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

	/* the tree's files on disk before the rename makes them the
	 * installed ones: the rename alone is ordered before their data */
	if (cds_sync_fs(s->tree) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), s->tree, errno);
		goto out;
	}
	if (receipt_write(h, l, it->name, s->receipt) == -1) {
		goto out;
	}
	step_event(h, CDS_EV_COMMIT_START, it->name, dir, 0);
	if (rename_noreplace(s->tree, dir) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), dir, errno);
		step_event(h, CDS_EV_COMMIT_DONE, it->name, dir,
		    cds_errno(h));
		goto out;
	}
	cds_sync_dir(l->prefix);
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
		return cds_seterr_why(h, CDS_ERR_CANCELLED,
		    CDS_REASON_DECLINED, NULL, "the plan was declined");
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

/* ------------------------------------------------------------------------ */
/* The phases                                                               */
/* ------------------------------------------------------------------------ */

/*
 * The install in progress: what its phases share.  Each phase records
 * every operation into OPS before it does it; a dry run goes through the
 * same phases and only records, so that what it lists is what a run does,
 * in the same order.
 */
struct txn {
	cds_handle_t *h;
	struct cds_plan *p;
	const struct cds_txn_opts *o;
	struct cds_ops *ops;	/* the recorder (may be NULL) */
	int dry;		/* record, do nothing */
	struct cds_layout l;
	struct stage *st;	/* per item */
	char *cache;		/* where archives are kept */
	struct cds_lock lk;	/* the prefix's */
	struct cds_lock clk;	/* the user's --cache's, while fetching */
	int locked;
	int fresh;		/* the prefix did not exist before */
	size_t nnew;		/* items to install */
};

static size_t
count_new(const struct cds_plan *p)
{
	size_t i, n = 0;

	for (i = 0; i < p->nitems; i++) {
		n += p->items[i].state == CDS_ITEM_NEW;
	}
	return n;
}

static void
txn_init(struct txn *t, cds_handle_t *h, struct cds_plan *p,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	size_t i, k;

	memset(t, 0, sizeof(*t));
	t->h = h;
	t->p = p;
	t->o = o;
	t->ops = ops;
	t->dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	t->lk.fd = t->clk.fd = -1;
	cds_layout_init(h, &t->l);
	t->cache = cache_dir(h, &t->l);
	t->fresh = !cds_exists(t->l.prefix);
	t->st = cds_xcalloc(p->nitems, sizeof(*t->st));
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		struct stage *s = &t->st[i];

		s->root = cds_path_join(t->l.staging, it->name);
		s->tree = cds_path_join(s->root, "tree");
		s->parts = cds_xcalloc(it->narchives, sizeof(char *));
		for (k = 0; k < it->narchives; k++) {
			s->parts[k] = cds_xasprintf("%s/parts/%s", s->root,
			    it->archives[k].archive->component);
		}
	}
	t->nnew = count_new(p);
}

/*
 * Under the lock, once recovery is done: the states again (another run
 * may have installed some while we waited), then the journal's header.
 */
static int
recheck(struct txn *t)
{
	struct cds_plan *p = t->p;
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		int s = cds_release_state(&t->l, it->name);

		if (s < 0) {
			char *dir = cds_path_join(t->l.prefix, it->name);

			cds_seterr_why(t->h, CDS_ERR_IO, CDS_REASON_NOT_OURS,
			    CDS_ERRNAMES({ CDS_ERRARG_PATH, dir }), "%s: "
			    "exists but was not installed by cudnn-setup (no "
			    "receipt); move it away first", dir);
			free(dir);
			return -1;
		}
		if (s == 1 && it->state == CDS_ITEM_NEW) {
			it->state = CDS_ITEM_PRESENT;
		}
	}
	t->nnew = count_new(p);
	return 0;
}

/* The directories the fetch needs, with room for what it brings. */
static int
fetch_dirs(struct txn *t)
{
	cds_handle_t *h = t->h;

	if (cds_mkdir_p(t->l.staging, 0755) == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), t->l.staging,
		    errno);
	}
	if (space_check(h, &t->l, t->p, t->cache) == -1) {
		return -1;
	}
	if (h->cache_dir == NULL && cds_mkdir_p(t->cache, 0755) == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), t->cache,
		    errno);
	}
	return 0;
}

/*
 * Phase 1, prepare and lock: every path checked, the question, the lock,
 * recovery, the states checked again, the journal begun, the staging made
 * and the space checked.
 *
 * The question comes under the lock, as pacman and apt ask theirs: the
 * plan the person accepts is the one that runs (what another run
 * installed meanwhile is PRESENT in it by then), and two runs never both
 * say yes to the same work; a run that wants the lock meanwhile is told
 * that we wait for an answer.  A prefix never written has no lock anyone
 * could hold: there the question comes first, so that a no leaves nothing
 * behind.
 */
static int
phase_prepare(struct txn *t)
{
	cds_handle_t *h = t->h;
	struct cds_plan *p = t->p;
	int asked = 0;
	size_t i;

	if (guard_plan(h, &t->l, p, t->st) == -1) {
		return -1;
	}
	if (!t->dry && t->nnew > 0 && !cds_exists(t->l.lock)) {
		if (ask_proceed(h, p, NULL) == -1) {
			return -1;
		}
		asked = 1;
	}
	cds_ops_add(t->ops, CDS_OP_LOCK, t->l.lock, NULL);
	if (t->dry) {
		return 0;
	}
	if (cds_lock_take(h, &t->l, t->o->lock_wait, &t->lk) == -1) {
		return -1;
	}
	t->locked = 1;
	if (cds_recover(h, &t->l) == -1 || recheck(t) == -1) {
		return -1;
	}
	if (!asked && t->nnew > 0 && ask_proceed(h, p, &t->lk) == -1) {
		return -1;
	}
	if (cds_journal_add(h, &t->l, "begin install%s",
	    p->system ? " system" : "") == -1) {
		return -1;
	}
	for (i = 0; i < p->nitems; i++) {
		if (cds_journal_add(h, &t->l, "item %s", p->items[i].name) ==
		    -1) {
			return -1;
		}
	}
	return t->nnew > 0 ? fetch_dirs(t) : 0;
}

/* Phase 2, fetch: every archive of the NEW items, into its part's
 * staging directory, verified. */
static int
phase_fetch(struct txn *t)
{
	cds_handle_t *h = t->h;
	struct cds_plan *p = t->p;
	size_t i, k;

	if (t->nnew == 0) {
		return 0;
	}
	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			cds_ops_add(t->ops, CDS_OP_FETCH, t->st[i].parts[k],
			    it->archives[k].urls[0]);
			if (!t->dry && cds_mkdir_p(t->st[i].parts[k], 0755) ==
			    -1) {
				return cds_seterr_sys(h, cds_errno_code(errno),
				    t->st[i].parts[k], errno);
			}
		}
	}
	if (t->dry) {
		return 0;
	}
	if (h->cache_dir != NULL && cache_lock(h, t->cache,
	    t->o->lock_wait, &t->clk) == -1) {
		return -1;
	}
	if (fetch_all(h, p, t->st, t->cache) == -1) {
		return -1;
	}
	cds_lock_release(&t->clk);
	return 0;
}

/* Phase 3, assemble: every archive is here and verified, so build every
 * tree (merge, soname links, receipt). */
static int
phase_assemble(struct txn *t)
{
	struct cds_plan *p = t->p;
	size_t i, k;

	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			cds_ops_add(t->ops, CDS_OP_MERGE, t->st[i].parts[k],
			    t->st[i].tree);
		}
		cds_ops_add(t->ops, CDS_OP_FIXUP, t->st[i].tree, NULL);
		if (!t->dry && assemble(t->h, p, it, &t->st[i]) == -1) {
			return -1;
		}
	}
	return 0;
}

/* Phase 4, commit: and only then touch the prefix, each tree by rename()
 * after its receipt. */
static int
phase_commit(struct txn *t)
{
	struct cds_plan *p = t->p;
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		char *r, *dir;

		if (it->state != CDS_ITEM_NEW) {
			continue;
		}
		r = cds_receipt_path(&t->l, it->name);
		dir = cds_path_join(t->l.prefix, it->name);
		cds_ops_add(t->ops, CDS_OP_WRITE, r, NULL);
		cds_ops_add(t->ops, CDS_OP_RENAME, t->st[i].tree, dir);
		free(r);
		free(dir);
		if (!t->dry && commit(t->h, &t->l, it, &t->st[i]) == -1) {
			return -1;
		}
	}
	return 0;
}

/* The audit line of item IT, just committed. */
static void
log_installed(struct txn *t, const struct cds_plan_item *it,
    const json_t *rcpt)
{
	const struct cds_plan *p = t->p;

	cds_logaction(t->h, "installed %s into %s (%zu archives, %lld files, "
	    "%lld bytes, manifest %s%s)", it->name, it->dir, it->narchives,
	    (long long)json_integer_value(json_object_get(rcpt, "nfiles")),
	    (long long)json_integer_value(json_object_get(rcpt, "size")),
	    p->manifest, p->warnings & CDS_PLAN_WARN_UNTRUSTED ?
	    ", trusted through TLS alone" : "");
}

/*
 * Phase 5, fix-ups: only for what is committed (or was already): default
 * links, env files, system files; then the staging goes and the journal
 * ends.  A failed fix-up leaves the journal, for recovery to finish.
 */
static int
phase_fixups(struct txn *t)
{
	cds_handle_t *h = t->h;
	struct cds_plan *p = t->p;
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		struct cds_plan_item *it = &p->items[i];
		char *dir = cds_path_join(t->l.prefix, it->name);
		int r;

		if (!t->dry) {
			step_event(h, CDS_EV_FIXUP_START, it->name, dir, 0);
		}
		r = cds_fixup_commit(h, &t->l, it->name, p->system, t->dry,
		    t->ops);
		if (!t->dry) {
			step_event(h, CDS_EV_FIXUP_DONE, it->name, dir,
			    r == -1 ? cds_errno(h) : 0);
		}
		free(dir);
		if (r == -1) {
			return -1;
		}
		if (it->state == CDS_ITEM_DONE) {
			log_installed(t, it, t->st[i].receipt);
		}
	}
	for (i = 0; i < p->nitems; i++) {
		/* a dry run's staging would be there by now */
		if (t->dry ? p->items[i].state == CDS_ITEM_NEW :
		    cds_exists(t->st[i].root)) {
			cds_ops_add(t->ops, CDS_OP_REMOVE, t->st[i].root,
			    NULL);
			if (!t->dry) {
				cds_rm_rf(t->st[i].root);
			}
		}
	}
	if (!t->dry) {
		cds_journal_end(&t->l);
	}
	return 0;
}

/* A phase before the fix-ups failed: nothing of the run stays, not its
 * staging, not a receipt that lost its commit; what was committed before
 * the failure is finished. */
static void
txn_fail(struct txn *t)
{
	struct cds_plan *p = t->p;
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			char *r = cds_receipt_path(&t->l, p->items[i].name);

			p->items[i].state = CDS_ITEM_FAILED;
			unlink(r);
			free(r);
		}
		if (cds_exists(t->st[i].root)) {
			cds_rm_rf(t->st[i].root);
		}
	}
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_DONE) {
			cds_fixup_commit(t->h, &t->l, p->items[i].name,
			    p->system, 0, NULL);
		}
	}
	cds_journal_end(&t->l);
}

/* The locks go; a failed run into a fresh prefix that committed nothing
 * leaves nothing of its own. */
static void
txn_end(struct txn *t, int ret)
{
	struct cds_plan *p = t->p;
	size_t i;

	cds_lock_release(&t->clk);
	if (ret == -1 && t->fresh && t->locked) {
		int any = 0;

		for (i = 0; i < p->nitems; i++) {
			any |= p->items[i].state == CDS_ITEM_DONE;
		}
		if (!any) {
			prune_fresh(&t->l, t->cache, t->h->cache_dir == NULL);
		}
	}
	if (t->locked) {
		cds_lock_release(&t->lk);
	}
	for (i = 0; i < p->nitems; i++) {
		stage_clear(&t->st[i], p->items[i].narchives);
	}
	free(t->st);
	free(t->cache);
	cds_layout_clear(&t->l);
}

int
cds_install_run(cds_handle_t *h, struct cds_plan *p,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct txn t;
	int ret = -1;

	txn_init(&t, h, p, o != NULL ? o : &defaults, ops);
	if (phase_prepare(&t) == -1) {
		goto out;
	}
	if (phase_fetch(&t) == -1 || phase_assemble(&t) == -1 ||
	    phase_commit(&t) == -1) {
		txn_fail(&t);
		goto out;
	}
	ret = phase_fixups(&t);
out:
	txn_end(&t, ret);
	return ret;
}
