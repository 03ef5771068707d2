/*
 * undo.c - a repair's record and how it is taken back: the record an env
 * keeps of a repair (its journal, its backups, its generations), the
 * steps taken forward and back, recovery after a kill, and the apply and
 * undo that repair.c's plan runs through them (journal.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "txn/fixup.h"
#include "read/journal.h"
#include "txn/lock.h"
#include "repair/repair.h"
#include "scan/scan.h"

/* ------------------------------------------------------------------------ */
/* The undo record                                                           */
/* ------------------------------------------------------------------------ */

/*
 * A repair holds the env's lock (a flock on the env's directory) from its
 * recovery to its last step, and writes its record ahead (journal.h): a
 * step is in the journal, synced, before it is taken, and every step can
 * be taken back whether it happened, half happened or not at all.  A link
 * is made by symlink(); a file is replaced by rename() of a temporary
 * beside it, after the original was linked (or copied) into files/; a
 * directory is made by mkdir().  The record itself appears by rename():
 * made under a temporary name with its first line inside, and goes the
 * same way.  After a kill the next run takes back the repair cut short,
 * or finishes the undo cut short (recover()).
 */
struct record {
	char *envhost;		/* the env's directory, resolved */
	char *udir;		/* its record, envhost/CDS_UNDO_DIR */
	char *journal;
	char *files;
	struct cds_undo_log log;
	struct cds_lock lock;
};

/* Host path HOST with its directories resolved (the longest part that
 * exists, through realpath()), its last component as written. */
static char *
resolve_entry(const char *host)
{
	char *dir = cds_dirname(host), *tail = cds_xstrdup(cds_basename(host));
	char *real, *r;

	while ((real = realpath(dir, NULL)) == NULL && errno == ENOENT &&
	    strcmp(dir, "/") != 0 && strcmp(dir, ".") != 0) {
		char *up = cds_dirname(dir), *t;

		t = cds_path_join(cds_basename(dir), tail);
		free(tail);
		tail = t;
		free(dir);
		dir = up;
	}
	r = cds_path_join(real != NULL ? real : dir, tail);
	free(real);
	free(tail);
	free(dir);
	return r;
}

/* Where op path PATH (a target path) is on this host, checked to be inside
 * the env; NULL with CDS_ERR_BAD_INPUT, nothing changed. */
static char *
entry_host(cds_handle_t *h, const struct record *r, const char *path)
{
	char *host = cds_rpath(h, path), *res = resolve_entry(host);

	free(host);
	if (!cds_path_within(r->envhost, res)) {
		char *shown = cds_printable(path, 200);

		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not inside the env %s; "
		    "nothing was changed", shown, r->envhost);
		free(shown);
		free(res);
		return NULL;
	}
	return res;
}

/* "etc/x" of HOST inside the env. */
static const char *
env_rel(const struct record *r, const char *host)
{
	size_t n = strlen(r->envhost);

	return host + n + (r->envhost[n - 1] != '/');
}

/* Append object O (taken) to journal PATH, synced. */
static int
journal_line(cds_handle_t *h, const char *path, json_t *o)
{
	char *text = o != NULL ? json_dumps(o, JSON_COMPACT |
	    JSON_PRESERVE_ORDER) : NULL;
	char *line;
	int ret;

	json_decref(o);
	if (text == NULL) {
		return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a name that is "
		    "not UTF-8 cannot be journalled; nothing more was "
		    "changed", path);
	}
	line = cds_xasprintf("%s\n", text);
	ret = cds_journal_append(h, path, line);
	free(line);
	free(text);
	return ret;
}

/* The same into the record's journal. */
static int
journal_put(cds_handle_t *h, struct record *r, json_t *o)
{
	if (journal_line(h, r->journal, o) == -1) {
		return -1;
	}
	r->log.nlines++;
	return 0;
}

/* A marker for generation G: "done", "undo" or "undone". */
static int
journal_mark(cds_handle_t *h, struct record *r, const char *what, int g)
{
	if (journal_put(h, r, json_pack("{s:i}", what, g + 1)) == -1) {
		return -1;
	}
	r->log.gens[g].state = strcmp(what, "done") == 0 ? CDS_UNDO_DONE :
	    strcmp(what, "undo") == 0 ? CDS_UNDO_UNDOING : CDS_UNDO_UNDONE;
	return 0;
}

/* The step ST (taken: the record owns it) into the journal before it is
 * taken, in generation *G (-1: a new one). */
static int
journal_step(cds_handle_t *h, struct record *r, struct cds_undo_step *st,
    int *g)
{
	static const char *const words[] = { NULL, "mkdir", "symlink",
		"relink", "write", "ldconfig" };
	json_t *o = json_pack("{s:s}", "op", words[st->op]);
	struct cds_undo_log *log = &r->log;
	int ok = 1;

	if (st->path != NULL) {
		json_t *v = json_string(env_rel(r, st->path));

		ok &= v != NULL;
		json_object_set_new(o, "path", v != NULL ? v : json_null());
	}
	if (st->target != NULL) {
		json_t *v = json_string(st->target);

		ok &= v != NULL;
		json_object_set_new(o, "target", v != NULL ? v : json_null());
	}
	if (st->backup != NULL) {
		json_object_set_new(o, "backup", json_string(st->backup +
		    strlen(r->udir) + 1));
	}
	if (!ok) {
		json_decref(o);
		o = NULL;
	}
	if (journal_put(h, r, o) == -1) {
		return -1;
	}
	if (*g == -1) {
		log->gens = cds_xreallocarray(log->gens, log->ngens + 1,
		    sizeof(*log->gens));
		log->gens[log->ngens].first = log->nsteps;
		log->gens[log->ngens].n = 0;
		log->gens[log->ngens].state = CDS_UNDO_OPEN;
		*g = (int)log->ngens++;
	}
	log->steps = cds_xreallocarray(log->steps, log->nsteps + 1,
	    sizeof(*log->steps));
	log->steps[log->nsteps++] = *st;
	log->gens[*g].n++;
	memset(st, 0, sizeof(*st));
	return 0;
}

/* Remove the temporaries of an interrupted replacement of PATH (the
 * names cds_write_file_atomic() and cds_link_set() use beside it). */
static void
drop_tmps(cds_handle_t *h, const char *path)
{
	char *dir = cds_dirname(path);
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p;

		if (!cds_is_tmp_of(names[i], cds_basename(path))) {
			continue;
		}
		p = cds_path_join(dir, names[i]);
		if (!cds_is_dir(p) && unlink(p) == 0) {
			cds_cleaned(h, names[i], p);
		}
		free(p);
	}
	cds_strfreev(names);
	free(dir);
}

/* Is DIR (a host path) a directory with nothing in it, or absent? */
static int
empty_or_absent(const char *dir)
{
	char **names = cds_listdir(dir);
	int empty = names == NULL ? errno == ENOENT : names[0] == NULL;

	cds_strfreev(names);
	return empty;
}

/*
 * Is TMP (".cds-tmp-PID-NAME", where the record or a directory above it
 * goes) what an interrupted making or removal of the record left: REST the
 * way from it down to the record, each directory on the way holding the
 * next and nothing else (or nothing: made that far), the record holding at
 * most its journal and an empty files/?  *UDIR gets where the record is in
 * it (it may not exist).
 */
static int
staged_record(const char *tmp, const char *rest, char **udir)
{
	char **parts = cds_strsplit(rest, "/", 0), **names;
	char *d = cds_xstrdup(tmp), *files;
	size_t i;
	int ok = !cds_is_link(tmp) && cds_is_dir(tmp), end = 0;

	for (i = 0; ok && !end && parts[i] != NULL; i++) {
		char *next = cds_path_join(d, parts[i]);

		names = cds_listdir(d);
		end = names != NULL && names[0] == NULL;
		ok = names != NULL && (end || (cds_strv_len(names) == 1 &&
		    strcmp(names[0], parts[i]) == 0 && !cds_is_link(next)));
		cds_strfreev(names);
		free(d);
		d = next;
	}
	cds_strfreev(parts);
	names = ok && !end ? cds_listdir(d) : NULL;
	files = cds_path_join(d, "files");
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		ok &= strcmp(names[i], "journal") == 0 ||
		    (strcmp(names[i], "files") == 0 && !cds_is_link(files) &&
		    empty_or_absent(files));
	}
	cds_strfreev(names);
	free(files);
	if (!ok) {
		free(d);
		return 0;
	}
	*udir = d;
	return 1;
}

/* rmdir each of DIRS, innermost first, where empty. */
static void
rmdir_made(char *const *dirs)
{
	size_t i = cds_strv_len(dirs);

	while (i-- > 0) {
		rmdir(dirs[i]);
	}
}

/* In DIR, the ".cds-tmp-PID-NAME" records (REST below them) of ours. */
static void
drop_staged_in(cds_handle_t *h, const struct record *r, const char *dir,
    const char *name, const char *rest)
{
	char **names = cds_listdir(dir);
	size_t k;

	for (k = 0; names != NULL && names[k] != NULL; k++) {
		char *tmp, *udir;
		struct cds_undo_log log;

		if (!cds_startswith(names[k], ".cds-tmp-") ||
		    !cds_is_tmp_of(names[k], name)) {
			continue;
		}
		tmp = cds_path_join(dir, names[k]);
		if (!staged_record(tmp, rest, &udir)) {
			cds_log(h, CDS_LOG_WARNING, "%s: not a record of ours; "
			    "left alone", tmp);
			free(tmp);
			continue;
		}
		if (cds_undo_log_read(h, r->envhost, udir, &log) == -1) {
			cds_log(h, CDS_LOG_WARNING, "%s; left alone",
			    cds_errdetail(h));
			cds_clearerr(h);
		} else {
			/* a removal: the directories made for the record
			 * (empty now); a making: they are inside TMP */
			rmdir_made(log.made);
			if (cds_rm_rf(tmp) == 0) {
				cds_cleaned(h, names[k], tmp);
			}
		}
		cds_undo_log_clear(&log);
		free(udir);
		free(tmp);
	}
	cds_strfreev(names);
}

/*
 * The temporaries an interrupted making or removal of the record left: a
 * record is made as ".cds-tmp-PID-NAME" beside the outermost directory it
 * needs (NAME that directory), and removed by a rename to
 * ".cds-tmp-PID-undo" beside the outermost directory made for it.  Such a
 * directory holding a record and nothing else goes, with the directories
 * its journal says were made for the record (when empty).
 */
static void
drop_staged(cds_handle_t *h, const struct record *r)
{
	char **parts = cds_strsplit(CDS_UNDO_DIR, "/", 0);
	const char *name = cds_basename(r->udir);
	char *dir = cds_xstrdup(r->envhost);
	size_t i, k;

	for (i = 0; parts[i] != NULL && cds_is_dir(dir) && !cds_is_link(dir);
	    i++) {
		struct cds_buf rest = {0};
		char *next;

		for (k = i + 1; parts[k] != NULL; k++) {
			cds_buf_addf(&rest, "%s%s", rest.len > 0 ? "/" : "",
			    parts[k]);
		}
		cds_buf_add(&rest, "", 0);
		drop_staged_in(h, r, dir, parts[i], rest.s);
		if (strcmp(parts[i], name) != 0) {
			drop_staged_in(h, r, dir, name, "");
		}
		cds_buf_free(&rest);
		next = cds_path_join(dir, parts[i]);
		free(dir);
		dir = next;
	}
	free(dir);
	cds_strfreev(parts);
}

static void
record_close(struct record *r)
{
	cds_lock_release(&r->lock);
	cds_undo_log_clear(&r->log);
	free(r->envhost);
	free(r->udir);
	free(r->journal);
	free(r->files);
	memset(r, 0, sizeof(*r));
	r->lock.fd = -1;
}

/* Lock the env at target path PREFIX and read its record (checked). */
static int
record_open(cds_handle_t *h, const char *prefix, int wait, struct record *r)
{
	char *legacy;

	memset(r, 0, sizeof(*r));
	r->lock.fd = -1;
	r->envhost = cds_undo_env_host(h, prefix);
	r->udir = cds_path_join(r->envhost, CDS_UNDO_DIR);
	r->journal = cds_path_join(r->udir, "journal");
	r->files = cds_path_join(r->udir, "files");
	if (!cds_path_within(r->envhost, r->udir)) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not inside the env %s "
		    "(a link on the way); nothing was changed", r->udir,
		    r->envhost);
		goto fail;
	}
	if (cds_lock_dir(h, r->envhost, wait, &r->lock) == -1) {
		goto fail;	/* set by cds_lock_dir() */
	}
	legacy = cds_path_join(r->udir, "journal.json");
	if (cds_exists(legacy)) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: the record of an earlier "
		    "version, which this one does not read; nothing was "
		    "changed (move %s away to go on)", legacy, r->udir);
		free(legacy);
		goto fail;
	}
	free(legacy);
	drop_staged(h, r);
	if (cds_undo_log_read(h, r->envhost, r->udir, &r->log) == -1) {
		goto fail;	/* set by cds_undo_log_read() */
	}
	return 0;
fail:
	record_close(r);
	return -1;
}

/*
 * Make the record, holding only its first line, when there is none: under
 * a temporary name beside the outermost directory it needs, then renamed
 * into place, so that it appears whole or not at all.
 */
static int
record_create(cds_handle_t *h, struct record *r)
{
	struct cds_strv missing = {0};
	json_t *made;
	char *d, *up, *tmp, *inner, *files, *journal;
	size_t i;
	int ret = -1;

	if (r->log.nlines > 0) {
		return 0;
	}
	for (d = cds_xstrdup(r->udir); strcmp(d, r->envhost) != 0 &&
	    !cds_exists(d); ) {
		char *next = cds_dirname(d);

		cds_strv_push_owned(&missing, d);
		d = next;
	}
	free(d);
	if (missing.n == 0) {
		cds_strv_clear(&missing);
		return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a record without "
		    "its journal; nothing was changed (move it away to go on)",
		    r->udir);
	}
	/* outermost first */
	for (i = 0; i < missing.n / 2; i++) {
		char *t = missing.v[i];

		missing.v[i] = missing.v[missing.n - 1 - i];
		missing.v[missing.n - 1 - i] = t;
	}
	made = json_array();
	for (i = 0; i + 1 < missing.n; i++) {
		json_array_append_new(made, json_string(env_rel(r,
		    missing.v[i])));
	}
	up = cds_dirname(missing.v[0]);
	tmp = cds_xasprintf("%s/.cds-tmp-%ld-%s", up, (long)getpid(),
	    cds_basename(missing.v[0]));
	inner = cds_xasprintf("%s%s", tmp, r->udir + strlen(missing.v[0]));
	files = cds_path_join(inner, "files");
	journal = cds_path_join(inner, "journal");
	cds_rm_rf(tmp);
	if (cds_mkdir_p(files, 0755) == -1) {
		cds_seterr(h, cds_errno_code(errno), "%s: %s; nothing was "
		    "changed", files, strerror(errno));
		json_decref(made);
		goto fail;
	}
	if (journal_line(h, journal, json_pack("{s:i, s:o}",
	    "cudnn-setup-repair", 1, "made", made)) == -1) {
		goto fail;	/* set by cds_journal_append() */
	}
	/* what is inside TMP is on disk before TMP gets its name */
	for (d = cds_xstrdup(inner); strlen(d) >= strlen(tmp); ) {
		char *next = cds_dirname(d);

		cds_sync_dir(d);
		free(d);
		d = next;
	}
	free(d);
	if (rename(tmp, missing.v[0]) == -1) {
		cds_seterr(h, cds_errno_code(errno), "%s: %s; nothing was "
		    "changed", missing.v[0], strerror(errno));
		goto fail;
	}
	d = cds_dirname(missing.v[0]);
	cds_sync_dir(d);
	free(d);
	r->log.nlines = 1;
	cds_strfreev(r->log.made);
	/* the directories it made, all but the record */
	free(missing.v[--missing.n]);
	missing.v[missing.n] = NULL;
	r->log.made = cds_strv_steal(&missing);
	ret = 0;
	goto out;
fail:
	cds_rm_rf(tmp);
out:
	free(journal);
	free(files);
	free(inner);
	free(tmp);
	free(up);
	cds_strv_clear(&missing);
	return ret;
}

/*
 * Remove the record once nothing in it is needed (every repair in it
 * taken back): renamed out of its place first (after that it is gone for
 * a reader), then the directories made for it, then its files.  The
 * originals are back in place by then; a backup still in files/ keeps the
 * record where it is.
 */
static void
record_drop(cds_handle_t *h, struct record *r)
{
	char *tmp, *up;

	if (!empty_or_absent(r->files)) {
		cds_log(h, CDS_LOG_WARNING, "%s: backups are left: the record "
		    "stays", r->files);
		return;
	}
	/* beside the outermost directory made for it, which goes next */
	up = cds_dirname(r->log.made != NULL && r->log.made[0] != NULL ?
	    r->log.made[0] : r->udir);
	tmp = cds_xasprintf("%s/.cds-tmp-%ld-%s", up, (long)getpid(),
	    cds_basename(r->udir));
	cds_rm_rf(tmp);
	if (rename(r->udir, tmp) == -1) {
		cds_log(h, CDS_LOG_WARNING, "%s: %s", r->udir,
		    strerror(errno));
		free(tmp);
		free(up);
		return;
	}
	cds_sync_dir(up);
	free(up);
	rmdir_made(r->log.made);
	cds_rm_rf(tmp);
	free(tmp);
	cds_undo_log_clear(&r->log);
}

/* Copy entry SRC (a regular file or a link) to DST: beside it under a
 * temporary name, synced, then renamed.  Mode and times are kept. */
static int
copy_entry(const char *src, const char *dst)
{
	char *tmp = cds_xasprintf("%s.tmp.%ld", dst, (long)getpid());
	char buf[65536], *t = NULL;
	struct stat st;
	int in = -1, out = -1, ret = -1, saved;
	ssize_t n;

	if (lstat(src, &st) == -1) {
		goto out;
	}
	unlink(tmp);
	if (S_ISLNK(st.st_mode)) {
		if ((t = cds_readlink(src)) == NULL || symlink(t, tmp) == -1) {
			goto out;
		}
	} else if (S_ISREG(st.st_mode)) {
		struct timespec ts[2];

		if ((in = open(src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) ==
		    -1 || (out = open(tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_CLOEXEC, 0600)) == -1) {
			goto out;
		}
		while ((n = read(in, buf, sizeof(buf))) != 0) {
			if (n == -1) {
				if (errno == EINTR) {
					continue;
				}
				goto out;
			}
			if (write(out, buf, (size_t)n) != n) {
				goto out;
			}
		}
		ts[0] = st.st_atim;
		ts[1] = st.st_mtim;
		if (fchmod(out, st.st_mode & 07777) == -1 ||
		    futimens(out, ts) == -1 || fsync(out) == -1) {
			goto out;
		}
	} else {
		errno = EINVAL;
		goto out;
	}
	if (rename(tmp, dst) == -1) {
		goto out;
	}
	ret = cds_sync_parent(dst);
out:
	saved = errno;
	if (in != -1) {
		close(in);
	}
	if (out != -1) {
		close(out);
	}
	if (ret == -1) {
		unlink(tmp);
	}
	free(t);
	free(tmp);
	errno = saved;
	return ret;
}

/* The original PATH into the record: a second name for the same file
 * (link()), or a copy where the file system has none. */
static int
backup_make(const char *path, const char *backup)
{
	if (link(path, backup) == 0) {
		return cds_sync_parent(backup);
	}
	if (errno != EXDEV && errno != EPERM && errno != EMLINK &&
	    errno != EOPNOTSUPP) {
		return -1;
	}
	return copy_entry(path, backup);
}

/* Take step ST (journalled already) of op OP. */
static int
step_forward(cds_handle_t *h, const struct cds_undo_step *st,
    const struct cds_repair_op *op)
{
	const char *content = op->content;
	mode_t mode = 0644;
	int r = 0;

	switch (st->op) {
	case CDS_UNDO_MKDIR:
		r = mkdir(st->path, 0755);
		break;
	case CDS_UNDO_SYMLINK:
		r = symlink(st->target, st->path);
		break;
	case CDS_UNDO_RELINK:
		if ((r = backup_make(st->path, st->backup)) == 0) {
			r = cds_link_set(h, st->path, st->target, 0, NULL);
			if (r == -1) {
				return -1;	/* set by cds_link_set() */
			}
		}
		break;
	case CDS_UNDO_WRITE:
		if (st->backup != NULL) {
			struct stat sb;

			/* a file replaced keeps its mode (a venv's
			 * bin/activate) */
			if (lstat(st->path, &sb) == 0 && S_ISREG(sb.st_mode)) {
				mode = sb.st_mode & 07777;
			}
			r = backup_make(st->path, st->backup);
		}
		if (r == 0) {
			r = cds_write_file_atomic(st->path, content,
			    strlen(content), mode);
		}
		break;
	case CDS_UNDO_LDCONFIG:
		/* a failure is ldconfig's warning, never ours */
		cds_ldconfig(h, 0, NULL);
		return 0;
	}
	if (r == 0 && (st->op == CDS_UNDO_MKDIR || st->op ==
	    CDS_UNDO_SYMLINK)) {
		r = cds_sync_parent(st->path);
	}
	if (r == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), op->path, errno);
	}
	return r;
}

/*
 * Take step ST back, whether it was taken, half taken or not at all: a
 * directory goes when empty, a link when it is ours as made, a temporary
 * of a replacement goes, then the original comes back from files/ (or,
 * still in place, keeps its place and its second name goes); a file the
 * repair made goes.  *LDCONFIG is set for the loader's cache.
 */
static int
step_back(cds_handle_t *h, const struct cds_undo_step *st, int *ldconfig)
{
	struct stat sb, sp;
	char *t;
	int ours;

	switch (st->op) {
	case CDS_UNDO_LDCONFIG:
		*ldconfig = 1;
		return 0;
	case CDS_UNDO_MKDIR:
		if (rmdir(st->path) == 0) {
			return cds_sync_parent(st->path);
		}
		if (errno == ENOENT) {
			return 0;
		}
		if (errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR) {
			cds_log(h, CDS_LOG_WARNING, "%s: holds what the repair "
			    "did not make; left", st->path);
			return 0;
		}
		return -1;
	case CDS_UNDO_SYMLINK:
		t = cds_readlink(st->path);
		ours = t != NULL && strcmp(t, st->target) == 0;
		free(t);
		if (ours && unlink(st->path) == -1 && errno != ENOENT) {
			return -1;
		}
		return ours ? cds_sync_parent(st->path) : 0;
	default:
		break;
	}
	drop_tmps(h, st->path);
	if (st->backup == NULL) {
		/* a file the repair made */
		if (unlink(st->path) == -1) {
			return errno == ENOENT ? 0 : -1;
		}
		return cds_sync_parent(st->path);
	}
	drop_tmps(h, st->backup);
	if (lstat(st->backup, &sb) == -1) {
		/* never made, or already back in place */
		return errno == ENOENT ? 0 : -1;
	}
	if (lstat(st->path, &sp) == 0 && sp.st_dev == sb.st_dev &&
	    sp.st_ino == sb.st_ino) {
		/* the replacement never came: the original is in place */
		if (unlink(st->backup) == -1) {
			return -1;
		}
		return cds_sync_parent(st->backup);
	}
	if (rename(st->backup, st->path) == -1) {
		return -1;
	}
	cds_sync_parent(st->backup);
	return cds_sync_parent(st->path);
}

/* Take generation G back, last step first.  REPORT: as a cleanup after an
 * interrupted run (CDS_EV_CLEANUP naming the env).  -1 with the error set;
 * the journal then says what is left to do. */
static int
gen_back(cds_handle_t *h, struct record *r, int g, int report)
{
	const struct cds_undo_gen *gen = &r->log.gens[g];
	size_t i = gen->n;
	int ldconfig = 0;

	while (i-- > 0) {
		const struct cds_undo_step *st = &r->log.steps[gen->first + i];

		if (step_back(h, st, &ldconfig) == -1) {
			return cds_seterr(h, cds_errno_code(errno), "%s: %s; "
			    "the next run takes the rest back", st->path,
			    strerror(errno));
		}
	}
	if (ldconfig) {
		/* the loader's cache without our files */
		cds_ldconfig(h, 0, NULL);
	}
	if (report) {
		cds_cleaned(h, gen->state == CDS_UNDO_UNDOING ? "undo" :
		    "repair", r->envhost);
	}
	return 0;
}

/* Generation G was taken back: say so, and drop the record when no
 * repair in it is left. */
static int
gen_undone(cds_handle_t *h, struct record *r, int g)
{
	if (journal_mark(h, r, "undone", g) == -1) {
		return -1;
	}
	if (cds_undo_log_last(&r->log) == -1) {
		record_drop(h, r);
	}
	return 0;
}

/*
 * Under the lock: what an interrupted run left.  A repair cut short is
 * taken back, an undo cut short is finished; a record with no repair left
 * in it, or an empty one, goes.  *DID (may be NULL) says whether a repair
 * or an undo was cut short.
 */
static int
recover(cds_handle_t *h, struct record *r, int *did)
{
	int g = cds_undo_log_pending(&r->log);

	if (did != NULL) {
		*did = g != -1;
	}
	if (g != -1) {
		if (gen_back(h, r, g, 1) == -1 || gen_undone(h, r, g) == -1) {
			return -1;
		}
		cds_logaction(h, "repair of %s cut short: taken back",
		    r->envhost);
		return 0;
	}
	if (r->log.nlines > 0 && cds_undo_log_last(&r->log) == -1) {
		record_drop(h, r);	/* every repair in it was undone */
	} else if (r->log.nlines == 0 && cds_exists(r->udir)) {
		/* the first line lost with the machine: empty, or not ours */
		char *j = cds_path_join(r->udir, "journal");
		char **names = cds_listdir(r->udir), **n;
		int ok = names != NULL;

		for (n = names; ok && *n != NULL; n++) {
			ok = strcmp(*n, "journal") == 0 ||
			    (strcmp(*n, "files") == 0 &&
			    empty_or_absent(r->files));
		}
		cds_strfreev(names);
		if (!ok) {
			free(j);
			return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a record "
			    "without its journal; nothing was changed (move "
			    "it away to go on)", r->udir);
		}
		unlink(j);
		rmdir(r->files);
		if (rmdir(r->udir) == 0) {
			cds_cleaned(h, "undo", r->udir);
		}
		free(j);
	}
	return 0;
}

/* The env prefix (a target path) ENV names, as cds_repair_plan_build()
 * reads it; *S gets the scan that found it (may be NULL). */
static const char *
target_prefix(cds_handle_t *h, const char *env, struct cds_scan **s)
{
	*s = NULL;
	if (env == NULL) {
		env = cds_getenv(h, "CONDA_PREFIX");
	}
	if (env == NULL || *env == '\0' || cds_repair_names_system(env)) {
		return "/";	/* the system's Python */
	}
	if ((*s = cds_scan_run(h, env, CDS_SCAN_NO_DYNAMIC)) == NULL) {
		return NULL;	/* error set by cds_scan_run */
	}
	return (*s)->envs[0].prefix;
}

int
cds_repair_recover(cds_handle_t *h, const char *env, int lock_wait)
{
	struct cds_scan *s;
	struct record r;
	const char *prefix = target_prefix(h, env, &s);
	int ret = -1;

	if (prefix != NULL && record_open(h, prefix, lock_wait, &r) == 0) {
		ret = recover(h, &r, NULL);
		record_close(&r);
	}
	cds_scan_free(s);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* Apply and undo                                                            */
/* ------------------------------------------------------------------------ */

/* The nearest existing ancestor of PATH must be writable by us. */
static int
check_writable(cds_handle_t *h, const char *path)
{
	char *dir = cds_dirname(path);

	for (;;) {
		char *host = cds_rpath(h, dir);

		if (cds_exists(host)) {
			int ok = access(host, W_OK) == 0;

			free(host);
			if (!ok) {
				cds_seterr(h, CDS_ERR_IO, "%s: not writable "
				    "(%s); nothing was changed", dir,
				    strerror(errno));
				free(dir);
				return -1;
			}
			free(dir);
			return 0;
		}
		free(host);
		{
			char *up = cds_dirname(dir);

			free(dir);
			dir = up;
		}
		if (strcmp(dir, "/") == 0) {
			free(dir);
			return 0;
		}
	}
}

/* The person agreed to the repair, whose plan lists the install. */
static int
answer_yes(void *ctx, enum cds_question q, const void *data)
{
	return 1;
}

static int
run_install(cds_handle_t *h, struct cds_plan *plan, int lock_wait)
{
	cds_question_cb saved = h->question_cb;
	void *saved_ctx = h->question_ctx;
	struct cds_txn_opts o = {0};
	int r;

	h->question_cb = answer_yes;
	h->question_ctx = NULL;
	o.lock_wait = lock_wait;
	r = cds_install_run(h, plan, &o, NULL);
	h->question_cb = saved;
	h->question_ctx = saved_ctx;
	return r;
}

/*
 * What op OP needs now: 1 to be taken (*ST filled: the step to journal,
 * its backup left to the caller), 0 nothing (it holds already: a second
 * run, a concurrent one), -1 the env is neither as planned nor as
 * repaired (CDS_ERR_IO, nothing done).  TAKEN: steps of this repair taken
 * so far (the loader's cache is rebuilt only after some).
 */
static int
step_plan(cds_handle_t *h, const struct record *r,
    const struct cds_repair_op *op, size_t taken, struct cds_undo_step *st)
{
	struct stat sb;
	char *host, *cur = NULL;
	int ret = -1, there;

	memset(st, 0, sizeof(*st));
	if (op->kind == CDS_REPAIR_LDCONFIG) {
		st->op = CDS_UNDO_LDCONFIG;
		return taken > 0;
	}
	if ((host = entry_host(h, r, op->path)) == NULL) {
		return -1;	/* set by entry_host() */
	}
	there = lstat(host, &sb) == 0;
	if (there && S_ISLNK(sb.st_mode)) {
		cur = cds_readlink(host);
	}
	switch (op->kind) {
	case CDS_REPAIR_MKDIR:
		st->op = CDS_UNDO_MKDIR;
		ret = !there ? 1 : S_ISDIR(sb.st_mode) ? 0 : -1;
		break;
	case CDS_REPAIR_SYMLINK:
		st->op = CDS_UNDO_SYMLINK;
		ret = !there ? 1 : cds_streq(cur, op->target) ? 0 : -1;
		break;
	case CDS_REPAIR_RELINK:
		st->op = CDS_UNDO_RELINK;
		ret = there && S_ISREG(sb.st_mode) ? 1 :
		    cds_streq(cur, op->target) ? 0 : -1;
		break;
	case CDS_REPAIR_WRITE:
		st->op = CDS_UNDO_WRITE;
		if (!there || S_ISLNK(sb.st_mode)) {
			ret = 1;
		} else if (S_ISREG(sb.st_mode)) {
			size_t len;
			char *text = cds_read_file(host, 1u << 20, &len);

			ret = text != NULL && len == strlen(op->content) &&
			    memcmp(text, op->content, len) == 0 ? 0 : 1;
			free(text);
		}
		break;
	default:
		break;
	}
	free(cur);
	if (ret == -1) {
		free(host);
		return cds_seterr(h, CDS_ERR_IO, "%s: changed since the repair "
		    "was planned; nothing was changed (run the repair again)",
		    op->path);
	}
	st->path = host;
	if (op->target != NULL && (op->kind == CDS_REPAIR_SYMLINK ||
	    op->kind == CDS_REPAIR_RELINK)) {
		st->target = cds_xstrdup(op->target);
	}
	if (ret == 1 && (op->kind == CDS_REPAIR_RELINK ||
	    (op->kind == CDS_REPAIR_WRITE && there))) {
		st->backup = cds_xstrdup("");	/* named once journalled */
	}
	return ret;
}

static void
step_clear(struct cds_undo_step *st)
{
	free(st->path);
	free(st->target);
	free(st->backup);
	memset(st, 0, sizeof(*st));
}

int
cds_repair_apply(cds_handle_t *h, const struct cds_repair_plan *p)
{
	struct cds_undo_step st;
	struct record r;
	size_t i, todo = 0, taken = 0;
	int g = -1, ret = -1;

	for (i = 0; i < p->nops; i++) {
		enum cds_repair_op_kind k = p->ops[i].kind;

		if (k == CDS_REPAIR_PACKAGE) {
			continue;	/* the package manager's: a person's */
		}
		todo++;
		if (k != CDS_REPAIR_INSTALL && k != CDS_REPAIR_LDCONFIG &&
		    check_writable(h, p->ops[i].path) == -1) {
			return -1;
		}
	}
	if (todo == 0) {
		return 0;
	}
	if (record_open(h, p->env_prefix, p->lock_wait, &r) == -1) {
		return -1;	/* set by record_open() */
	}
	if (recover(h, &r, NULL) == -1) {
		goto out;
	}
	/* the env as planned (or repaired) before anything is done */
	todo = 0;
	for (i = 0; i < p->nops; i++) {
		enum cds_repair_op_kind k = p->ops[i].kind;
		int act;

		if (k == CDS_REPAIR_PACKAGE || k == CDS_REPAIR_INSTALL ||
		    k == CDS_REPAIR_LDCONFIG) {
			continue;
		}
		if ((act = step_plan(h, &r, &p->ops[i], 0, &st)) == -1) {
			goto out;
		}
		todo += act;
		step_clear(&st);
	}
	if (p->install != NULL && run_install(h, p->install, p->lock_wait) ==
	    -1) {
		goto out;	/* set by cds_install_run(); nothing changed */
	}
	/* the record first: the directories it makes are then there for
	 * the steps that would make them */
	if (todo > 0 && record_create(h, &r) == -1) {
		goto out;
	}
	for (i = 0; i < p->nops; i++) {
		const struct cds_repair_op *op = &p->ops[i];
		struct cds_event ev = {0};
		int act;

		if (op->kind == CDS_REPAIR_PACKAGE ||
		    op->kind == CDS_REPAIR_INSTALL) {
			/* installs ran above, through the install pipeline;
			 * nothing to undo: a versioned prefix is shared */
			continue;
		}
		if ((act = step_plan(h, &r, op, taken, &st)) != 1) {
			step_clear(&st);
			if (act == -1) {
				goto fail;
			}
			continue;
		}
		if (st.backup != NULL) {
			free(st.backup);
			st.backup = cds_xasprintf("%s/%zu", r.files,
			    r.log.nlines + 1);
		}
		ev.type = CDS_EV_FIXUP_START;
		ev.u.step.name = op->finding;
		ev.u.step.path = op->path;
		cds_emit(h, &ev);
		/* the step is in the journal before it is taken */
		if (journal_step(h, &r, &st, &g) == -1) {
			step_clear(&st);
			goto fail;
		}
		act = step_forward(h, &r.log.steps[r.log.nsteps - 1], op);
		ev.type = CDS_EV_FIXUP_DONE;
		ev.u.step.err = act == 0 ? 0 : cds_errno(h);
		cds_emit(h, &ev);
		if (act == -1) {
			goto fail;
		}
		taken++;
	}
	if (g != -1 && journal_mark(h, &r, "done", g) == -1) {
		goto fail;
	}
	cds_logaction(h, "repair %s: %zu changes", p->env_prefix, taken);
	ret = 0;
	goto out;
fail:
	if (g != -1) {
		/* what was done is taken back; the error stays the first */
		int err = cds_errno(h);
		char *detail = cds_xasprintf("%s; the changes made so far "
		    "were undone", cds_errdetail(h));

		if (gen_back(h, &r, g, 0) == 0 && gen_undone(h, &r, g) == 0) {
			cds_seterr(h, err, "%s", detail);
		}
		free(detail);
	} else if (r.log.nlines > 0 && cds_undo_log_last(&r.log) == -1) {
		record_drop(h, &r);	/* made for this repair, unused */
	}
out:
	record_close(&r);
	return ret;
}

int
cds_repair_undo(cds_handle_t *h, const char *env, int lock_wait)
{
	struct cds_scan *s;
	struct record r;
	const char *prefix = target_prefix(h, env, &s);
	int ret = -1, did, g;

	if (prefix == NULL) {
		return -1;	/* set by cds_scan_run() */
	}
	if (record_open(h, prefix, lock_wait, &r) == -1) {
		cds_scan_free(s);
		return -1;	/* set by record_open() */
	}
	if (recover(h, &r, &did) == -1) {
		goto out;
	}
	if (did) {
		/* a repair cut short is taken back, an undo finished: that
		 * is the undo asked for */
		ret = 0;
		goto out;
	}
	if ((g = cds_undo_log_last(&r.log)) == -1) {
		cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no repair to undo",
		    s != NULL ? prefix : "the system's Python");
		goto out;
	}
	/* from here the undo is in the journal: a kill, and the next run
	 * finishes it */
	if (journal_mark(h, &r, "undo", g) == -1 ||
	    gen_back(h, &r, g, 0) == -1 || gen_undone(h, &r, g) == -1) {
		goto out;
	}
	cds_logaction(h, "repair undone %s", prefix);
	ret = 0;
out:
	record_close(&r);
	cds_scan_free(s);
	return ret;
}

int
cds_repair_activate_env(cds_handle_t *h, const struct cds_repair_plan *p)
{
	const char *llp = cds_getenv(h, "LD_LIBRARY_PATH");
	struct cds_buf b = {0};
	char **old = cds_strsplit(llp != NULL ? llp : "", ":", 0), **o;
	size_t i;

	if (p->libdirs[0] == NULL) {
		cds_strfreev(old);
		return 0;
	}
	/* the same computation as the sh script */
	if (!p->path_first) {
		for (i = 0; p->libdirs[i] != NULL; i++) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "",
			    p->libdirs[i]);
		}
	}
	for (o = old; *o != NULL; o++) {
		int ours = 0;

		for (i = 0; p->libdirs[i] != NULL; i++) {
			ours |= strcmp(p->libdirs[i], *o) == 0;
		}
		if (!ours) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "", *o);
		}
	}
	if (p->path_first) {
		for (i = 0; p->libdirs[i] != NULL; i++) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "",
			    p->libdirs[i]);
		}
	}
	cds_setenv(h, "LD_LIBRARY_PATH", b.s);
	cds_setenv(h, p->venv ? "VIRTUAL_ENV" : "CONDA_PREFIX", p->env_prefix);
	cds_buf_free(&b);
	cds_strfreev(old);
	return 0;
}
