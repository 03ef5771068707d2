/*
 * util.h - small helpers shared by the engine: allocation that aborts on
 * out-of-memory, strings, string lists, files and paths under the root.
 */
#ifndef CDS_UTIL_H
#define CDS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#define CDS_HIDDEN __attribute__((visibility("hidden")))
#define CDS_PRINTF(a, b) __attribute__((format(printf, a, b)))

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) dgettext("cudnn-setup", s)
#else
#define _(s) (s)
#endif
#define N_(s) (s)

CDS_HIDDEN void *cds_xmalloc(size_t n);
CDS_HIDDEN void *cds_xcalloc(size_t n, size_t size);
CDS_HIDDEN void *cds_xrealloc(void *p, size_t n);
CDS_HIDDEN void *cds_xreallocarray(void *p, size_t n, size_t size);
CDS_HIDDEN char *cds_xstrdup(const char *s);
CDS_HIDDEN char *cds_xstrndup(const char *s, size_t n);
CDS_HIDDEN char *cds_xasprintf(const char *fmt, ...) CDS_PRINTF(1, 2);
CDS_HIDDEN char *cds_xvasprintf(const char *fmt, va_list ap);

/* NULL-safe strdup. */
CDS_HIDDEN char *cds_strdup0(const char *s);
CDS_HIDDEN int cds_streq(const char *a, const char *b);
CDS_HIDDEN int cds_startswith(const char *s, const char *prefix);
CDS_HIDDEN int cds_endswith(const char *s, const char *suffix);
/* S for a message: control characters and a backslash as \xNN, cut after MAX
 * bytes with "...".  Free it. */
CDS_HIDDEN char *cds_printable(const char *s, size_t max);
/* Trim ASCII whitespace at both ends, in place. */
CDS_HIDDEN char *cds_strtrim(char *s);

/*
 * A text and its copy in ASCII lower case, for many case-blind searches of
 * one text: each is a memmem() of the copy (glibc's is word-at-a-time)
 * instead of a strcasestr() of the text (a byte at a time, and about five
 * times slower on a long text).  Letters outside ASCII are compared as they
 * are, in every locale.
 */
struct cds_folded {
	const char *text;	/* not owned */
	size_t len;
	char *low;
};
CDS_HIDDEN void cds_folded_init(struct cds_folded *f, const char *text,
    size_t len);
CDS_HIDDEN void cds_folded_free(struct cds_folded *f);
/* strcasestr(FROM, NEEDLE), FROM within F's text (F->text at least), the
 * place in F's text or NULL. */
CDS_HIDDEN const char *cds_folded_find(const struct cds_folded *f,
    const char *from, const char *needle);

/* A growable NULL-terminated array of owned strings. */
struct cds_strv {
	char **v;
	size_t n;
	size_t cap;
};
CDS_HIDDEN void cds_strv_push(struct cds_strv *sv, const char *s);
CDS_HIDDEN void cds_strv_push_owned(struct cds_strv *sv, char *s);
CDS_HIDDEN int cds_strv_contains(const struct cds_strv *sv, const char *s);
/* Take the array out (NULL-terminated, never NULL) and reset sv. */
CDS_HIDDEN char **cds_strv_steal(struct cds_strv *sv);
CDS_HIDDEN void cds_strv_clear(struct cds_strv *sv);
/* Free a NULL-terminated array of strings. */
CDS_HIDDEN void cds_strfreev(char **v);
CDS_HIDDEN size_t cds_strv_len(char *const *v);
/* A copy of a NULL-terminated array of strings (NULL: an empty one). */
CDS_HIDDEN char **cds_strv_copy(char *const *v);
/* Split on any of SEPS, dropping empty fields unless KEEP_EMPTY. */
CDS_HIDDEN char **cds_strsplit(const char *s, const char *seps,
    int keep_empty);

/* Growable byte buffer. */
struct cds_buf {
	char *s;
	size_t len;
	size_t cap;
};
CDS_HIDDEN void cds_buf_add(struct cds_buf *b, const void *p, size_t n);
CDS_HIDDEN void cds_buf_addf(struct cds_buf *b, const char *fmt, ...)
    CDS_PRINTF(2, 3);
CDS_HIDDEN void cds_buf_adds(struct cds_buf *b, const char *s);
CDS_HIDDEN char *cds_buf_steal(struct cds_buf *b);
CDS_HIDDEN void cds_buf_free(struct cds_buf *b);

/* Join two path parts with exactly one '/'. */
CDS_HIDDEN char *cds_path_join(const char *a, const char *b);
/* Last component, a pointer into P. */
CDS_HIDDEN const char *cds_basename(const char *p);
/* Everything before the last '/', newly allocated ("." if none). */
CDS_HIDDEN char *cds_dirname(const char *p);

/* Open PATH read-only when it is a regular file, without blocking on a
 * FIFO (O_NONBLOCK, then fstat into ST when not NULL).  -1 with errno:
 * EISDIR for a directory, EINVAL for anything else not a regular file. */
CDS_HIDDEN int cds_open_regular(const char *path, struct stat *st);
/* strerror() for the files above: EINVAL reads "not a regular file". */
CDS_HIDDEN const char *cds_read_strerror(int e);
/* Read a whole regular file (at most MAX bytes; 0 = 64 MiB; EFBIG when
 * larger), through cds_open_regular().  NUL-terminated.  Returns NULL
 * with errno set. */
CDS_HIDDEN char *cds_read_file(const char *path, size_t max, size_t *len);
/* Write a file atomically: PATH.tmp.PID, fsync, rename, fsync of the
 * directory.  0/-1 with errno. */
CDS_HIDDEN int cds_write_file_atomic(const char *path, const void *data,
    size_t len, mode_t mode);
/* fsync a directory (after a rename, link or unlink in it), or the
 * directory PATH is in; a file system that cannot is no error.  0/-1
 * with errno. */
CDS_HIDDEN int cds_sync_dir(const char *dir);
/* Write every file of the file system holding directory PATH to disk
 * (syncfs: one call for a whole unpacked tree, before it is renamed into
 * place, so that a power loss after the rename finds no empty files). */
CDS_HIDDEN int cds_sync_fs(const char *path);
CDS_HIDDEN int cds_sync_parent(const char *path);
/* Is NAME the temporary name of an interrupted write of BASE (any name
 * when BASE is NULL): cds_write_file_atomic()'s "BASE.tmp.PID" or
 * cds_link_set()'s ".cds-tmp-PID-BASE"? */
CDS_HIDDEN int cds_is_tmp_of(const char *name, const char *base);
/* mkdir -p; 0/-1 with errno. */
CDS_HIDDEN int cds_mkdir_p(const char *path, mode_t mode);
/* rm -rf; 0/-1 with errno.  Never follows symlinks. */
CDS_HIDDEN int cds_rm_rf(const char *path);
CDS_HIDDEN int cds_is_dir(const char *path);
CDS_HIDDEN int cds_is_file(const char *path);	/* regular, following links */
CDS_HIDDEN int cds_is_link(const char *path);
CDS_HIDDEN int cds_exists(const char *path);	/* lstat succeeds */
/* readlink into a new string, NULL with errno. */
CDS_HIDDEN char *cds_readlink(const char *path);
/* Sorted names of a directory (no "." or ".."), NULL with errno. */
CDS_HIDDEN char **cds_listdir(const char *path);

CDS_HIDDEN void cds_sha256_hex(const unsigned char md[32], char out[65]);

/* Monotonic milliseconds. */
CDS_HIDDEN double cds_now_ms(void);
/* CPU seconds the calling thread has used. */
CDS_HIDDEN double cds_thread_cpu_s(void);
/*
 * The cores this process may keep busy: those of its affinity mask, or
 * fewer where its cgroup's CPU quota allows less (cgroup v2 cpu.max, v1
 * cpu.cfs_quota_us over cpu.cfs_period_us, the tightest of the group and
 * its parents, rounded up); 1 to 1024.
 */
CDS_HIDDEN int cds_ncpu(void);

/*
 * Is PATH strictly below DIR, by its text: DIR, '/', then components that
 * are not empty, "." or ".." and hold no control character; and none of
 * the directories between DIR and the last component a symlink (those that
 * exist).  What a writer checks before it touches a path it built from
 * names it read.
 */
CDS_HIDDEN int cds_path_within(const char *dir, const char *path);

/* Is STR a valid 64-digit lowercase-or-uppercase hex digest? */
CDS_HIDDEN int cds_is_sha256(const char *str);

#endif /* CDS_UTIL_H */
