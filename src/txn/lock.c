/*
 * lock.c - one writer per prefix (flock on .state/lock), the journal of
 * the transaction in progress, and recovery after an interrupted one.
 *
 * flock() locks die with their process, so a kill -9 never leaves a lock
 * held: what it leaves is files, and cds_recover() deals with those.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "txn/fixup.h"
#include "txn/lock.h"
#include "read/manifest.h"

/*
 * "pid 1234" from the lock file, or "another process".  The file holds
 * the holder's pid, then " asking" while it waits for its user's answer
 * (cds_lock_note()): *ASKING says so.
 */
static char *
lock_holder(int fd, int *asking)
{
	char buf[32];
	ssize_t n;
	int tries;

	*asking = 0;
	/* the holder writes its pid just after it gets the lock */
	for (tries = 0; tries < 20; tries++) {
		n = pread(fd, buf, sizeof(buf) - 1, 0);
		if (n > 0) {
			char *end;
			long pid;

			buf[n] = '\0';
			pid = strtol(buf, &end, 10);
			if (pid > 0) {
				*asking = cds_startswith(end, " asking");
				return cds_xasprintf("pid %ld", pid);
			}
		}
		usleep(10000);
	}
	return cds_xstrdup("another process");
}

/* The lock file's text: our pid, and what we do when it is not work. */
static void
lock_write(int fd, const char *state)
{
	char buf[48];
	int n;

	n = snprintf(buf, sizeof(buf), "%ld%s%s\n", (long)getpid(),
	    state != NULL ? " " : "", state != NULL ? state : "");
	if (ftruncate(fd, 0) == -1 || pwrite(fd, buf, (size_t)n, 0) != n) {
		/* a waiter then names "another process", nothing worse */
	}
}

/* Is FD the file at PATH now? */
static int
same_file(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && lstat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

void
cds_lock_note(struct cds_lock *lk, const char *state)
{
	if (lk->fd != -1) {
		lock_write(lk->fd, state);
	}
}

/* A wait for a lock: who holds it (told once), until when. */
struct waiting {
	char *holder;
	int asking;
	double deadline;
};

/*
 * Wait for the flock on FD (the lock PATH) while another process holds it:
 * CDS_EV_LOCK_WAIT the first time for W, naming the holder (HOLDER_KNOWN:
 * the file holds its pid), then as WAIT says (cds_lock_take()), the
 * deadline counted from then.  0 with the lock held, or -1.  Free
 * W->holder after.
 */
static int
lock_wait(cds_handle_t *h, int fd, const char *path, int wait,
    int holder_known, struct waiting *w)
{
	struct cds_event ev = {0};

	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		return 0;
	}
	if (errno != EWOULDBLOCK) {
		return cds_seterr_sys(h, CDS_ERR_IO, path, errno);
	}
	if (w->holder == NULL) {
		w->holder = holder_known ? lock_holder(fd, &w->asking) :
		    cds_xstrdup("another process");
		ev.type = CDS_EV_LOCK_WAIT;
		ev.u.lock.holder = w->holder;
		ev.u.lock.path = path;
		ev.u.lock.asking = w->asking;
		cds_emit(h, &ev);
		w->deadline = cds_now_ms() + (double)wait * 1000;
	}
	for (;;) {
		if (wait < 0 || (wait > 0 && cds_now_ms() >= w->deadline)) {
			return cds_seterr_why(h, CDS_ERR_LOCKED,
			    CDS_REASON_NONE, CDS_ERRNAMES({ CDS_ERRARG_PATH,
			    path }, { CDS_ERRARG_OTHER, w->holder }), "%s: held "
			    "by %s%s", path, w->holder, w->asking ? ", which "
			    "waits for its user's answer" : "");
		}
		if (h->cancelled) {
			return cds_seterr(h, CDS_ERR_CANCELLED,
			    "waiting for %s", path);
		}
		usleep(100000);
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			break;
		}
	}
	cds_log(h, CDS_LOG_DEBUG, "%s: %s let go", path, w->holder);
	return 0;
}

int
cds_lock_take(cds_handle_t *h, const struct cds_layout *l, int wait,
    struct cds_lock *lk)
{
	struct waiting w = {0};
	int fd;

	lk->fd = -1;
again:
	/* (again: the holder may have removed .state with its lock) */
	if (cds_mkdir_p(l->state, 0755) == -1) {
		free(w.holder);
		return cds_seterr_sys(h, cds_errno_code(errno), l->state,
		    errno);
	}
	fd = open(l->lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd == -1) {
		free(w.holder);
		return cds_seterr_sys(h, cds_errno_code(errno), l->lock, errno);
	}
	if (lock_wait(h, fd, l->lock, wait, 1, &w) == -1) {
		free(w.holder);
		close(fd);
		return -1;
	}
	/* the holder may have removed the file (a failed first run into a
	 * new prefix leaves nothing): then this lock guards nothing */
	if (!same_file(fd, l->lock)) {
		close(fd);
		goto again;
	}
	free(w.holder);
	lock_write(fd, NULL);
	lk->fd = fd;
	return 0;
}

int
cds_lock_dir(cds_handle_t *h, const char *dir, int wait, struct cds_lock *lk)
{
	struct waiting w = {0};
	int fd, r;

	lk->fd = -1;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	if (fd == -1) {
		return cds_seterr(h, errno == ENOENT ? CDS_ERR_NOT_FOUND :
		    cds_errno_code(errno), "%s: %s", dir, strerror(errno));
	}
	r = lock_wait(h, fd, dir, wait, 0, &w);
	free(w.holder);
	if (r == -1) {
		close(fd);
		return -1;
	}
	lk->fd = fd;
	return 0;
}

void
cds_lock_release(struct cds_lock *lk)
{
	if (lk->fd == -1) {
		return;
	}
	if (ftruncate(lk->fd, 0) == -1) {
		/* a stale pid only makes a message less exact */
	}
	close(lk->fd);	/* drops the flock */
	lk->fd = -1;
}

/* ------------------------------------------------------------------------ */
/* Journal                                                                  */
/* ------------------------------------------------------------------------ */

int
cds_journal_add(cds_handle_t *h, const struct cds_layout *l, const char *fmt,
    ...)
{
	va_list ap;
	char *line, *msg;
	int ret;

	va_start(ap, fmt);
	msg = cds_xvasprintf(fmt, ap);
	va_end(ap);
	line = cds_xasprintf("%s\n", msg);
	ret = cds_journal_append(h, l->journal, line);
	free(line);
	free(msg);
	return ret;
}

void
cds_journal_end(const struct cds_layout *l)
{
	unlink(l->journal);
}

/* ------------------------------------------------------------------------ */
/* Recovery                                                                 */
/* ------------------------------------------------------------------------ */

void
cds_cleaned(cds_handle_t *h, const char *name, const char *path)
{
	struct cds_event ev = {0};

	ev.type = CDS_EV_CLEANUP;
	ev.u.step.name = name;
	ev.u.step.path = path;
	cds_emit(h, &ev);
}

/* Remove every entry of DIR (leftovers of staging or trash): a real
 * directory inside the prefix, never what a symlink there points at. */
static void
empty_dir(cds_handle_t *h, const struct cds_layout *l, const char *dir)
{
	struct stat st;
	char **names;
	size_t i;

	if (lstat(dir, &st) == -1) {
		return;
	}
	if (!S_ISDIR(st.st_mode) || !cds_path_within(l->prefix, dir)) {
		cds_log(h, CDS_LOG_WARNING, "%s: not a directory inside %s; "
		    "left alone", dir, l->prefix);
		return;
	}
	names = cds_listdir(dir);
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p = cds_path_join(dir, names[i]);

		if (cds_rm_rf(p) == 0) {
			cds_cleaned(h, names[i], p);
		} else {
			cds_log(h, CDS_LOG_WARNING, "%s: %s", p,
			    strerror(errno));
		}
		free(p);
	}
	cds_strfreev(names);
}

/* Files left by an interrupted atomic write ("X.tmp.PID") under DIR, and
 * links left by an interrupted cds_link_set() (".cds-tmp-*"). */
static void
drop_tmp(cds_handle_t *h, const char *dir, int depth)
{
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p = cds_path_join(dir, names[i]);

		if (cds_is_tmp_of(names[i], NULL)) {
			if (unlink(p) == 0) {
				cds_cleaned(h, names[i], p);
			}
		} else if (depth > 0 && cds_is_dir(p) && !cds_is_link(p)) {
			drop_tmp(h, p, depth - 1);
		}
		free(p);
	}
	cds_strfreev(names);
}

/* Our own temporary files in a system directory, and only ours. */
static void
drop_etc_tmp(cds_handle_t *h, const char *tdir, const char *base)
{
	char *dir = cds_rpath(h, tdir);
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p;

		if (!cds_is_tmp_of(names[i], base)) {
			continue;
		}
		p = cds_path_join(dir, names[i]);
		if (unlink(p) == 0) {
			cds_cleaned(h, names[i], p);
		}
		free(p);
	}
	cds_strfreev(names);
	free(dir);
}

/*
 * The journal is data from disk: read it whole and check every line before
 * anything is touched.  Each line is "begin install[ system]", "begin
 * remove", "item NAME" or "commit NAME", NAME a release name (manifest.c's
 * grammar: one path component).  *LINES gets the lines (NULL: no
 * journal).  -1 with CDS_ERR_BAD_INPUT naming the journal and the line.
 */
static int
journal_read(cds_handle_t *h, const struct cds_layout *l, char ***lines)
{
	size_t i, n;

	if (cds_journal_lines(h, l->journal, lines) == -1) {
		return -1;
	}
	if (*lines == NULL) {
		return 0;	/* no journal */
	}
	n = cds_strv_len(*lines);
	for (i = 0; i < n; i++) {
		const char *ln = (*lines)[i], *name = NULL;

		if (strcmp(ln, "begin install") == 0 ||
		    strcmp(ln, "begin install system") == 0 ||
		    strcmp(ln, "begin remove") == 0) {
			continue;
		}
		if (cds_startswith(ln, "item ")) {
			name = ln + 5;
		} else if (cds_startswith(ln, "commit ")) {
			name = ln + 7;
		}
		if (name == NULL || !cds_release_name_ok(name)) {
			cds_journal_bad_line(h, l->journal, i + 1, ln);
			cds_strfreev(*lines);
			*lines = NULL;
			return -1;
		}
	}
	return 0;
}

int
cds_recover(cds_handle_t *h, const struct cds_layout *l)
{
	char **lines, **names;
	int system = 0, op_install = 0, op_remove = 0, ret = 0;
	size_t i;

	if (journal_read(h, l, &lines) == -1) {
		return -1;
	}
	for (i = 0; lines != NULL && lines[i] != NULL; i++) {
		if (cds_startswith(lines[i], "begin install")) {
			op_install = 1;
			system = strstr(lines[i], " system") != NULL;
		} else if (cds_startswith(lines[i], "begin remove")) {
			op_remove = 1;
		}
	}
	for (i = 0; lines != NULL && lines[i] != NULL; i++) {
		const char *name;
		char *tree;

		if (!cds_startswith(lines[i], "item ")) {
			continue;
		}
		name = lines[i] + 5;
		tree = cds_path_join(l->prefix, name);
		if (cds_layout_guard(h, l, tree) == -1) {
			free(tree);
			cds_strfreev(lines);
			return -1;
		}
		if (op_install && cds_release_state(l, name) == 1) {
			/* committed, fix-ups maybe not: finish them */
			if (cds_fixup_commit(h, l, name, system, 0, NULL) ==
			    -1) {
				ret = -1;
			} else {
				cds_cleaned(h, name, tree);
			}
		} else if (op_remove && !cds_exists(tree)) {
			/* the tree went to the trash: finish the removal */
			char *link = cds_path_join(l->prefix,
			    cds_kind_word(cds_kind_of_name(name)));
			char *cur = cds_readlink(link);

			if (cur != NULL && strcmp(cur, name) == 0) {
				unlink(link);
			}
			free(cur);
			free(link);
			cds_env_remove(h, l, name, 0, NULL);
			cds_cleaned(h, name, tree);
		}
		free(tree);
	}
	cds_strfreev(lines);

	empty_dir(h, l, l->staging);
	empty_dir(h, l, l->trash);
	drop_tmp(h, l->prefix, 0);
	drop_tmp(h, l->receipts, 0);
	drop_tmp(h, l->envdir, 3);
	drop_etc_tmp(h, "/etc/ld.so.conf.d", "cudnn-setup.conf");
	drop_etc_tmp(h, "/etc/profile.d", "cudnn-setup.sh");
	/* a receipt without its tree: the commit never happened, or a
	 * removal got halfway */
	names = cds_listdir(l->receipts);
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *name, *tree, *p;

		if (!cds_endswith(names[i], ".json")) {
			continue;
		}
		name = cds_xstrndup(names[i], strlen(names[i]) - 5);
		tree = cds_path_join(l->prefix, name);
		if (!cds_exists(tree)) {
			p = cds_path_join(l->receipts, names[i]);
			if (unlink(p) == 0) {
				cds_cleaned(h, name, p);
			}
			free(p);
		}
		free(tree);
		free(name);
	}
	cds_strfreev(names);
	if (ret == 0) {
		cds_journal_end(l);
	}
	return ret;
}
