/*
 * handle.h - the engine's handle, shared by the modules of src/.
 */
#ifndef CDS_HANDLE_H
#define CDS_HANDLE_H

#include <signal.h>
#include <sys/stat.h>

#include "cds.h"
#include "base/util.h"

struct cds_manifest;
struct cds_strmap;

struct cds_handle {
	char *root;		/* "" for "/" */
	int err;
	char *errdetail;
	int errreason;		/* enum cds_reason */
	char *errargs[CDS_ERRARG_COUNT];	/* the names it carries */

	char *manifest_arg;	/* --manifest, NULL for the shipped index */
	struct cds_manifest *manifest;	/* loaded once (manifest.c) */
	void (*manifest_free)(struct cds_manifest *);	/* ... and freed by
							   this */
	struct cds_manifest *index_head;	/* its number and dates
						   alone (indexhead.c) */
	struct cds_errsave *manifest_failed;	/* the manifest's URL did
						   not answer: said again,
						   not fetched again */
	struct cds_strv mirrors;
	char *cache_dir;
	char *prefix;
	int offline;
	int jobs;
	unsigned timeout_s;	/* a transfer that brings nothing for this
				   long fails (cds_set_timeout) */
	unsigned deadline_s;	/* all downloads of a run end by then
				   (cds_set_deadline, download.c); 0:
				   CDS_DEADLINE_DEFAULT */
	uint64_t memlimit;
	char *host_driver;	/* an image's host driver (cds_set_host_driver)
				   or NULL */
	int image_env;		/* env is an image's own (cds_image_env_load) */

	struct cds_strv env;	/* "NAME=value" of the target */

	volatile sig_atomic_t cancelled;

	cds_event_cb event_cb;
	void *event_ctx;
	cds_progress_cb progress_cb;
	void *progress_ctx;
	cds_question_cb question_cb;
	void *question_ctx;
	cds_log_cb log_cb;
	void *log_ctx;

	struct cds_root_cache *rcache;	/* while a read-only pass holds it:
					   links and real paths read once
					   (cds_root_cache_begin) */
};

/* Set the handle's error code and detail (no reason, no names); returns
 * -1 for `return`. */
CDS_HIDDEN int cds_seterr(cds_handle_t *h, int err, const char *fmt, ...)
    CDS_PRINTF(3, 4);
/*
 * The same with the error's case and the names involved, so that the
 * clients can say it in their words (cds.h, "An error is data").  NAMES:
 * CDS_ERRNAMES({ CDS_ERRARG_OPTION, "jobs" }, { CDS_ERRARG_VALUE, v }),
 * NULL values skipped.  FMT renders the same in English for the detail; it
 * names no command-line option (hints are the clients').
 */
struct cds_errname {
	int arg;		/* enum cds_errarg; -1 ends a list */
	const char *value;
};
#define CDS_ERRNAMES(...)						\
	((const struct cds_errname[]){ __VA_ARGS__, { -1, NULL } })
CDS_HIDDEN int cds_seterr_why(cds_handle_t *h, int err, int reason,
    const struct cds_errname *names, const char *fmt, ...) CDS_PRINTF(5, 6);
/* A system call on PATH failed with errno E: CDS_REASON_SYSTEM, the detail
 * "PATH: strerror(E)". */
CDS_HIDDEN int cds_seterr_sys(cds_handle_t *h, int err, const char *path,
    int e);
CDS_HIDDEN void cds_clearerr(cds_handle_t *h);
/* Take the handle's error out (the handle's is then clear) and put it back,
 * around work whose own errors are not the caller's. */
struct cds_errsave {
	int err, reason;
	char *detail;
	char *args[CDS_ERRARG_COUNT];
};
CDS_HIDDEN void cds_err_take(cds_handle_t *h, struct cds_errsave *s);
CDS_HIDDEN void cds_err_put(cds_handle_t *h, struct cds_errsave *s);
/* Keep a copy of the handle's error in S (replacing S's); free S's. */
CDS_HIDDEN void cds_err_copy(const cds_handle_t *h, struct cds_errsave *s);
CDS_HIDDEN void cds_errsave_free(struct cds_errsave *s);
/* Map errno to our code: ENOSPC and EDQUOT are CDS_ERR_NO_SPACE. */
CDS_HIDDEN int cds_errno_code(int e);

/* Logging to the client (translated by the caller where it is a sentence). */
CDS_HIDDEN void cds_log(cds_handle_t *h, enum cds_loglevel level,
    const char *fmt, ...) CDS_PRINTF(3, 4);
/* Untranslated audit line appended to <root>/var/log/cudnn-setup.log. */
CDS_HIDDEN void cds_logaction(cds_handle_t *h, const char *fmt, ...)
    CDS_PRINTF(2, 3);

/* Deliver an event / progress / question to the client. */
CDS_HIDDEN void cds_emit(cds_handle_t *h, const struct cds_event *ev);
CDS_HIDDEN void cds_progress(cds_handle_t *h, const char *name,
    enum cds_phase phase, uint64_t done, uint64_t total);
/* 1 yes, 0 no; -1 and CDS_ERR_NEED_ANSWER when no one can answer. */
CDS_HIDDEN int cds_ask(cds_handle_t *h, enum cds_question q,
    const void *data);

/*
 * Paths of the target system (the root's "/") and where they are on this
 * one.  Under a root, every link on the way is resolved inside it, the
 * way the kernel resolves it in a chroot: an absolute link target starts
 * again at the root, ".." stops there.  Without a root these cost nothing
 * (a copy of PATH).
 *
 * cds_rpath: the entry PATH names, its directories resolved, its last
 * component as written: for lstat, readlink, unlink, rename, symlink,
 * and writing.  cds_rpath_follow: the file PATH finally names, its last
 * link followed too: for open, stat, opendir, reading.  Both return a
 * new host path; where the root's links loop it is "" (ENOENT), never a
 * path outside the root.
 */
CDS_HIDDEN char *cds_rpath(const cds_handle_t *h, const char *path);
CDS_HIDDEN char *cds_rpath_follow(const cds_handle_t *h, const char *path);
/* The inverse: strip the root from a host path (new string). */
CDS_HIDDEN char *cds_unrpath(const cds_handle_t *h, const char *hostpath);
/*
 * Resolve symlinks of PATH (a target path) the way the kernel would inside
 * a chroot at the root: absolute link targets are re-rooted, ".." stops at
 * the root; from the first component that does not exist (or cannot be
 * searched) on, the rest is kept as written.  Returns a target path
 * (without the root) or NULL with errno (ELOOP).
 */
CDS_HIDDEN char *cds_realpath_in_root(const cds_handle_t *h,
    const char *path);
/*
 * A pass that changes nothing under the root (a scan, the rules) resolves
 * the same directories thousands of times: between cds_root_cache_begin()
 * and cds_root_cache_end(), each link on the way is read once and each
 * path resolved once, with the same answers (errors included) as without.
 * Passes nest; the outermost end forgets all.  Nothing may be written
 * under the root in between.
 */
CDS_HIDDEN void cds_root_cache_begin(cds_handle_t *h);
CDS_HIDDEN void cds_root_cache_end(cds_handle_t *h);
/*
 * Keep what the current pass read past its end (NULL outside a pass), for
 * a later pass that judges the same state: a scan keeps its pass for the
 * rules run on it.  cds_root_cache_resume() makes a kept pass the
 * handle's again (end it with cds_root_cache_end()); it nests in a pass
 * already under way, or begins a new one when RC is NULL.  Release what
 * was kept with cds_root_cache_release().
 */
CDS_HIDDEN struct cds_root_cache *cds_root_cache_hold(cds_handle_t *h);
CDS_HIDDEN void cds_root_cache_resume(cds_handle_t *h,
    struct cds_root_cache *rc);
CDS_HIDDEN void cds_root_cache_release(struct cds_root_cache *rc);
/*
 * stat(2) (FOLLOW) or lstat(2) of the host path HOST, remembered for the
 * pass (the same answer, errno included, as the call): for modules that
 * resolve their own host paths (the loader).  -1 with errno.
 */
CDS_HIDDEN int cds_host_stat(const cds_handle_t *h, const char *host,
    int follow, struct stat *st);
/* cds_host_stat(): a directory (links followed); anything (lstat) */
CDS_HIDDEN int cds_host_is_dir(const cds_handle_t *h, const char *host);
CDS_HIDDEN int cds_host_exists(const cds_handle_t *h, const char *host);
/*
 * A module's memo for the pass: what it computed from a file under the
 * root, by a key of its choosing, freed with FREE_VAL (which also names
 * the memo) when the pass ends.  NULL outside a pass.
 */
CDS_HIDDEN struct cds_strmap *cds_root_cache_memo(cds_handle_t *h,
    void (*free_val)(void *));

/* Reads of the target, all paths without the root, links resolved inside
 * it (the last one followed unless said): */
/* a whole file (cds_read_file), NULL with errno */
CDS_HIDDEN char *cds_root_read_file(const cds_handle_t *h, const char *path,
    size_t max, size_t *len);
/* the first line of a file, trimmed; NULL when unreadable */
CDS_HIDDEN char *cds_root_read_line(const cds_handle_t *h, const char *path);
/* the entry exists (lstat: a dangling link too) */
CDS_HIDDEN int cds_root_exists(const cds_handle_t *h, const char *path);
CDS_HIDDEN int cds_root_isdir(const cds_handle_t *h, const char *path);
/* a regular file */
CDS_HIDDEN int cds_root_is_file(const cds_handle_t *h, const char *path);
/* a regular file this process may execute */
CDS_HIDDEN int cds_root_is_exec(const cds_handle_t *h, const char *path);
/* the entry is a link (lstat); its target as stored (readlink) */
CDS_HIDDEN int cds_root_is_link(const cds_handle_t *h, const char *path);
CDS_HIDDEN char *cds_root_readlink(const cds_handle_t *h, const char *path);
/* sorted names of a directory, NULL with errno */
CDS_HIDDEN char **cds_root_listdir(const cds_handle_t *h, const char *path);
/* target paths matching a glob pattern, sorted as glob(3) does; never
 * NULL.  Under a root, each directory is listed where it resolves inside
 * the root. */
CDS_HIDDEN char **cds_root_glob(const cds_handle_t *h, const char *pattern);
/* does any path match the glob pattern? */
CDS_HIDDEN int cds_root_glob_any(const cds_handle_t *h, const char *pattern);

/* Where the shipped manifests are (configure's pkgdatadir, or the source
 * tree when run from the build directory). */
CDS_HIDDEN const char *cds_data_dir(void);

#endif /* CDS_HANDLE_H */
