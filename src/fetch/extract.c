/*
 * extract.c - the unpacking stage: libarchive reads, we write.
 *
 * libarchive's ARCHIVE_EXTRACT_SECURE_* flags belong to archive_write_disk,
 * which resolves names against the process's working directory; several
 * archives unpack at once on threads of one process, so we write ourselves,
 * relative to a directory descriptor, with the same rules and more:
 *  - a member name is split into components; an absolute name, ".." or an
 *    over-long name is refused (SECURE_NOABSOLUTEPATHS, SECURE_NODOTDOT);
 *  - every directory on the way is opened with O_NOFOLLOW, so nothing is
 *    ever written through a symlink, not even one made earlier by the same
 *    archive (SECURE_SYMLINKS); files are created O_EXCL|O_NOFOLLOW;
 *  - a symlink may only point inside the tree: a relative target made of
 *    leading ".." (no deeper than the link) and then names;
 *  - a hard link must name a regular file already unpacked in the tree;
 *  - device nodes, fifos and sockets are refused; owners are never
 *    applied; modes are the archive's, made safe (file_mode(), dir_mode()):
 *    setuid and setgid are dropped, and nothing is writable by group or
 *    other except a sticky directory (01777 stays 01777, as /tmp: its
 *    sticky bit is what protects it);
 *  - unpacked bytes and entries are bounded by the archive's size
 *    (cds_unpack_max_bytes/_entries), against decompression bombs;
 *  - NVIDIA's single top directory ("<name>-archive/") is stripped, and a
 *    member outside it is refused.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fetch/fetch.h"

#define MAX_DEPTH 128
#define RATIO 100		/* unpacked bytes per compressed byte */
#define SLACK ((uint64_t)16 << 20)	/* plus this much */
#define BYTES_PER_ENTRY 64		/* compressed bytes per entry */
#define MIN_ENTRIES 10000

struct ex {
	struct cds_unpack *u;
	struct archive *a;
	size_t held;		/* bytes of the span libarchive holds */
	char *top;
	char *cdir;		/* the directory cfd is open on ("" root) */
	int cfd;
	uint64_t bytes;
	uint64_t entries;
};

uint64_t
cds_unpack_max_bytes(uint64_t csize)
{
	if (csize > (UINT64_MAX - SLACK) / RATIO) {
		return UINT64_MAX;
	}
	return csize * RATIO + SLACK;
}

uint64_t
cds_unpack_max_entries(uint64_t csize)
{
	return csize / BYTES_PER_ENTRY + MIN_ENTRIES;
}

/*
 * The modes a release tree gets.  A tree is shared and never modified
 * after commit, so a file is never writable by group or other (an
 * archive's 0666 becomes 0644; tar does the same for an ordinary user
 * through the umask), and never setuid, setgid or sticky.  A directory
 * keeps a sticky bit with its write bits (01777 stays 01777: dropping
 * only the sticky bit would leave it open to all), else loses group and
 * other write like a file; the owner can always write it while unpacking
 * (0700), so that a failed install can be deleted.
 */
static mode_t
file_mode(mode_t perm)
{
	return perm & 0755;
}

static mode_t
dir_mode(mode_t perm)
{
	return ((perm & S_ISVTX) ? perm & 01777 : perm & 0755) | 0700;
}

static uint64_t
csize_now(const struct ex *x)
{
	uint64_t seen;

	if (x->u->csize > 0) {
		return x->u->csize;
	}
	seen = x->u->cseen != NULL ?
	    __atomic_load_n(x->u->cseen, __ATOMIC_RELAXED) : 0;
	return seen;
}

static la_ssize_t
rd(struct archive *a, void *ud, const void **buf)
{
	struct ex *x = ud;
	const unsigned char *p;
	ssize_t n;

	if (x->held > 0) {
		cds_ring_consume(x->u->in, x->held);
		x->held = 0;
	}
	n = cds_ring_rspan(x->u->in, &p);
	if (n < 0) {
		x->u->e.peer = 1;
		NET(archive_set_error)(a, ECANCELED, "stopped");
		return -1;
	}
	x->held = (size_t)n;
	*buf = p;
	return n;
}

static int
rd_close(struct archive *a, void *ud)
{
	struct ex *x = ud;

	if (x->held > 0) {
		cds_ring_consume(x->u->in, x->held);
		x->held = 0;
	}
	return ARCHIVE_OK;
}

/* An error of this stage, unless it only echoes the other side's abort. */
static int
fail(struct ex *x, int err, const char *member, const char *fmt, ...)
    CDS_PRINTF(4, 5);

static int
fail(struct ex *x, int err, const char *member, const char *fmt, ...)
{
	va_list ap;
	char *why;

	if (x->u->e.peer) {
		return -1;
	}
	va_start(ap, fmt);
	why = cds_xvasprintf(fmt, ap);
	va_end(ap);
	if (member != NULL) {
		cds_stage_seterr(&x->u->e, err, "%s: %s: %s", x->u->name,
		    member, why);
	} else {
		cds_stage_seterr(&x->u->e, err, "%s: %s", x->u->name, why);
	}
	free(why);
	return -1;
}

static int
io_fail(struct ex *x, const char *member, const char *what)
{
	int e = errno;

	return fail(x, e == ENOSPC || e == EDQUOT ? CDS_ERR_NO_SPACE :
	    CDS_ERR_IO, member, "%s: %s", what, strerror(e));
}

/*
 * Split a member name into components, dropping "" and ".".  Returns the
 * count (0 for the root itself) or -1 with *why.
 */
static int
split_name(const char *name, char ***out, const char **why)
{
	struct cds_strv sv = {0};
	char **v, **p;

	*out = NULL;
	if (name == NULL || *name == '\0') {
		*why = "empty member name";
		return -1;
	}
	if (name[0] == '/') {
		*why = "absolute path";
		return -1;
	}
	if (strlen(name) >= PATH_MAX) {
		*why = "name too long";
		return -1;
	}
	v = cds_strsplit(name, "/", 0);
	for (p = v; *p != NULL; p++) {
		if (strcmp(*p, ".") == 0) {
			continue;
		}
		if (strcmp(*p, "..") == 0) {
			*why = "\"..\" in the path";
			goto bad;
		}
		if (strlen(*p) > NAME_MAX) {
			*why = "name too long";
			goto bad;
		}
		cds_strv_push(&sv, *p);
	}
	cds_strfreev(v);
	if (sv.n > MAX_DEPTH) {
		*why = "too deep";
		cds_strv_clear(&sv);
		return -1;
	}
	*out = cds_strv_steal(&sv);
	return (int)cds_strv_len(*out);
bad:
	cds_strfreev(v);
	cds_strv_clear(&sv);
	return -1;
}

/*
 * Open the directory made of the first N components under the tree,
 * creating what is missing when CREATE.  Never follows a symlink.  Returns
 * a new descriptor or -1 (error set).
 */
static int
walk(struct ex *x, const char *member, char **comps, size_t n, int create)
{
	int fd = dup(x->u->dirfd);
	size_t i;

	if (fd == -1) {
		return io_fail(x, member, "dup");
	}
	for (i = 0; i < n; i++) {
		int nfd = openat(fd, comps[i],
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		if (nfd == -1 && errno == ENOENT && create) {
			if (mkdirat(fd, comps[i], 0755) == -1 &&
			    errno != EEXIST) {
				io_fail(x, member, "mkdir");
				close(fd);
				return -1;
			}
			nfd = openat(fd, comps[i],
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		}
		if (nfd == -1) {
			int e = errno;

			close(fd);
			if (e == ELOOP || e == ENOTDIR) {
				return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
				    "its path goes through \"%s\", a symlink "
				    "or a file", comps[i]);
			}
			errno = e;
			return io_fail(x, member, comps[i]);
		}
		close(fd);
		fd = nfd;
	}
	return fd;
}

/* The parent directory of a member (all components but the last), from a
 * one-entry cache: archives list a directory's files together.  The
 * descriptor stays owned by the cache. */
static int
parent(struct ex *x, const char *member, char **comps, size_t n)
{
	struct cds_buf key = {0};
	size_t i;
	int fd;

	for (i = 0; i + 1 < n; i++) {
		cds_buf_addf(&key, "%s%s", i > 0 ? "/" : "", comps[i]);
	}
	if (key.s == NULL) {
		cds_buf_adds(&key, "");
	}
	if (x->cdir != NULL && strcmp(x->cdir, key.s) == 0) {
		cds_buf_free(&key);
		return x->cfd;
	}
	if ((fd = walk(x, member, comps, n - 1, 1)) == -1) {
		cds_buf_free(&key);
		return -1;
	}
	if (x->cfd != -1) {
		close(x->cfd);
	}
	free(x->cdir);
	x->cdir = cds_buf_steal(&key);
	x->cfd = fd;
	return fd;
}

/* NAME exists in PFD: remove it unless it is a directory (directories are
 * never replaced, so the parent cache stays right). */
static int
make_room(struct ex *x, const char *member, int pfd, const char *name)
{
	struct stat st;

	if (fstatat(pfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		return io_fail(x, member, "stat");
	}
	if (S_ISDIR(st.st_mode)) {
		return fail(x, CDS_ERR_ARCHIVE, member,
		    "a directory of that name is already there");
	}
	if (unlinkat(pfd, name, 0) == -1) {
		return io_fail(x, member, "unlink");
	}
	return 0;
}

static int
over_bytes(struct ex *x, const char *member, uint64_t more)
{
	uint64_t max = cds_unpack_max_bytes(csize_now(x));

	if (more > max || x->bytes > max - more) {
		return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "unpacks to more than %llu bytes, more than an archive "
		    "of %llu bytes may hold", (unsigned long long)max,
		    (unsigned long long)csize_now(x));
	}
	return 0;
}

static int
write_all(int fd, const void *buf, size_t len, off_t off)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t w = pwrite(fd, p, len, off);

		if (w == -1) {
			if (errno == EINTR) {
				continue;
			}
			return -1;
		}
		if (w == 0) {
			errno = EIO;
			return -1;
		}
		p += w;
		len -= (size_t)w;
		off += w;
	}
	return 0;
}

static int
do_file(struct ex *x, struct archive_entry *e, const char *member,
    char **comps, size_t n)
{
	const char *base = comps[n - 1];
	int64_t size = NET(archive_entry_size_is_set)(e) ?
	    NET(archive_entry_size)(e) : 0;
	int64_t end = 0;
	struct timespec ts[2];
	int pfd, fd, r;

	if (size < 0 || over_bytes(x, member, (uint64_t)size) == -1) {
		return size < 0 ? fail(x, CDS_ERR_ARCHIVE, member,
		    "negative size") : -1;
	}
	if ((pfd = parent(x, member, comps, n)) == -1) {
		return -1;
	}
	fd = openat(pfd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (fd == -1 && errno == EEXIST) {
		if (make_room(x, member, pfd, base) == -1) {
			return -1;
		}
		fd = openat(pfd, base, O_WRONLY | O_CREAT | O_EXCL |
		    O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (fd == -1) {
		return io_fail(x, member, "create");
	}
	for (;;) {
		const void *buf;
		size_t len;
		la_int64_t off;

		r = NET(archive_read_data_block)(x->a, &buf, &len, &off);
		if (r == ARCHIVE_EOF) {
			break;
		}
		if (r < ARCHIVE_WARN) {
			fail(x, CDS_ERR_ARCHIVE, member, "%s",
			    NET(archive_error_string)(x->a));
			goto bad;
		}
		if (len == 0) {
			continue;
		}
		if (over_bytes(x, member, len) == -1) {
			goto bad;
		}
		x->bytes += len;
		__atomic_store_n(&x->u->bytes, x->bytes, __ATOMIC_RELAXED);
		if (write_all(fd, buf, len, (off_t)off) == -1) {
			io_fail(x, member, "write");
			goto bad;
		}
		if (off + (int64_t)len > end) {
			end = off + (int64_t)len;
		}
	}
	if (size > end && ftruncate(fd, (off_t)size) == -1) {
		io_fail(x, member, "truncate");
		goto bad;
	}
	/* never setuid, setgid or sticky; never another owner */
	if (fchmod(fd, file_mode(NET(archive_entry_perm)(e))) == -1) {
		io_fail(x, member, "chmod");
		goto bad;
	}
	ts[0].tv_sec = ts[1].tv_sec = NET(archive_entry_mtime)(e);
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	futimens(fd, ts);
	if (close(fd) == -1) {
		return io_fail(x, member, "close");
	}
	return 0;
bad:
	close(fd);
	return -1;
}

static int
do_dir(struct ex *x, struct archive_entry *e, const char *member,
    char **comps, size_t n)
{
	const char *base = comps[n - 1];
	struct stat st;
	int pfd, fd;

	if ((pfd = parent(x, member, comps, n)) == -1) {
		return -1;
	}
	if (mkdirat(pfd, base, 0700) == -1) {
		if (errno != EEXIST) {
			return io_fail(x, member, "mkdir");
		}
		if (fstatat(pfd, base, &st, AT_SYMLINK_NOFOLLOW) == -1) {
			return io_fail(x, member, "stat");
		}
		if (S_ISLNK(st.st_mode)) {
			return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
			    "a directory over a symlink of that name");
		}
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(pfd, base, 0) == -1 ||
			    mkdirat(pfd, base, 0700) == -1) {
				return io_fail(x, member, "mkdir");
			}
		}
	}
	fd = openat(pfd, base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (fd == -1) {
		return io_fail(x, member, "open");
	}
	/* we must still be able to write into it, and to delete it */
	if (fchmod(fd, dir_mode(NET(archive_entry_perm)(e))) == -1) {
		close(fd);
		return io_fail(x, member, "chmod");
	}
	close(fd);
	return 0;
}

/*
 * A symlink stays inside the tree when its target is relative, climbs at
 * most as many levels as the link is deep, and then only descends: a ".."
 * after a name could climb out of a directory reached through another
 * symlink.
 */
static int
check_link_target(struct ex *x, const char *member, const char *target,
    size_t depth)
{
	char **t;
	size_t up = 0, names = 0;
	char **p;
	int ret = 0;

	if (target == NULL || *target == '\0') {
		return fail(x, CDS_ERR_ARCHIVE, member, "empty symlink");
	}
	if (target[0] == '/') {
		return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "symlink to an absolute path (%s)", target);
	}
	t = cds_strsplit(target, "/", 0);
	for (p = t; *p != NULL; p++) {
		if (strcmp(*p, ".") == 0) {
			continue;
		}
		if (strcmp(*p, "..") == 0) {
			if (names > 0) {
				ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
				    "symlink target %s climbs after a name",
				    target);
				break;
			}
			up++;
			continue;
		}
		names++;
	}
	if (ret == 0 && up > depth) {
		ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "symlink to %s points outside the tree", target);
	}
	cds_strfreev(t);
	return ret;
}

static int
do_symlink(struct ex *x, struct archive_entry *e, const char *member,
    char **comps, size_t n)
{
	const char *target = NET(archive_entry_symlink)(e);
	const char *base = comps[n - 1];
	struct timespec ts[2];
	int pfd;

	if (check_link_target(x, member, target, n - 1) == -1) {
		return -1;
	}
	if ((pfd = parent(x, member, comps, n)) == -1) {
		return -1;
	}
	if (symlinkat(target, pfd, base) == -1) {
		if (errno != EEXIST || make_room(x, member, pfd, base) == -1 ||
		    symlinkat(target, pfd, base) == -1) {
			return x->u->e.err != 0 ? -1 :
			    io_fail(x, member, "symlink");
		}
	}
	ts[0].tv_sec = ts[1].tv_sec = NET(archive_entry_mtime)(e);
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	utimensat(pfd, base, ts, AT_SYMLINK_NOFOLLOW);
	return 0;
}

/* Strip the top directory from a split name; -1 when outside it. */
static int
strip_top(struct ex *x, char **comps, int n)
{
	if (n < 1 || strcmp(comps[0], x->top) != 0) {
		return -1;
	}
	return 0;
}

static int
do_hardlink(struct ex *x, const char *member, char **comps, size_t n,
    const char *target)
{
	char **t = NULL;
	const char *why;
	struct stat st;
	int tn, tfd = -1, pfd, ret = -1;

	tn = split_name(target, &t, &why);
	if (tn < 0) {
		return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "hard link to %s: %s", target, why);
	}
	if (tn < 2 || strip_top(x, t, tn) == -1) {
		fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "hard link to %s, outside the tree", target);
		goto out;
	}
	if ((tfd = walk(x, member, t + 1, (size_t)tn - 2, 0)) == -1) {
		goto out;
	}
	if (fstatat(tfd, t[tn - 1], &st, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !S_ISREG(st.st_mode)) {
		fail(x, CDS_ERR_UNSAFE_ARCHIVE, member, "hard link to %s, "
		    "which is not a file unpacked before it", target);
		goto out;
	}
	if ((pfd = parent(x, member, comps, n)) == -1) {
		goto out;
	}
	if (linkat(tfd, t[tn - 1], pfd, comps[n - 1], 0) == -1) {
		if (errno != EEXIST ||
		    make_room(x, member, pfd, comps[n - 1]) == -1 ||
		    linkat(tfd, t[tn - 1], pfd, comps[n - 1], 0) == -1) {
			if (x->u->e.err == 0) {
				io_fail(x, member, "link");
			}
			goto out;
		}
	}
	ret = 0;
out:
	if (tfd != -1) {
		close(tfd);
	}
	cds_strfreev(t);
	return ret;
}

static int
entry(struct ex *x, struct archive_entry *e)
{
	const char *member = NET(archive_entry_pathname)(e);
	const char *hl = NET(archive_entry_hardlink)(e);
	mode_t type = NET(archive_entry_filetype)(e);
	const char *why;
	char **comps = NULL;
	uint64_t max_entries = cds_unpack_max_entries(csize_now(x));
	int n, ret = -1;

	if (member == NULL) {
		return fail(x, CDS_ERR_ARCHIVE, NULL,
		    "a member name cannot be read");
	}
	x->entries++;
	__atomic_store_n(&x->u->entries, x->entries, __ATOMIC_RELAXED);
	if (x->entries > max_entries) {
		return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "more than %llu entries, more than an archive of %llu "
		    "bytes may hold", (unsigned long long)max_entries,
		    (unsigned long long)csize_now(x));
	}
	n = split_name(member, &comps, &why);
	if (n < 0) {
		return fail(x, CDS_ERR_UNSAFE_ARCHIVE, member, "%s", why);
	}
	if (n == 0) {
		/* "./": the tree itself */
		ret = type == AE_IFDIR ? 0 : fail(x, CDS_ERR_ARCHIVE, member,
		    "not a directory");
		goto out;
	}
	if (x->top == NULL) {
		x->top = cds_xstrdup(comps[0]);
	}
	if (strip_top(x, comps, n) == -1) {
		fail(x, CDS_ERR_ARCHIVE, member, "outside the archive's top "
		    "directory %s/ (not NVIDIA's layout)", x->top);
		goto out;
	}
	if (n == 1) {
		ret = type == AE_IFDIR && hl == NULL ? 0 :
		    fail(x, CDS_ERR_ARCHIVE, member, "not NVIDIA's layout: "
		    "the top level holds a file");
		goto out;
	}
	if (hl != NULL) {
		ret = do_hardlink(x, member, comps + 1, (size_t)n - 1, hl);
		goto out;
	}
	switch (type) {
	case AE_IFREG:
		ret = do_file(x, e, member, comps + 1, (size_t)n - 1);
		break;
	case AE_IFDIR:
		ret = do_dir(x, e, member, comps + 1, (size_t)n - 1);
		break;
	case AE_IFLNK:
		ret = do_symlink(x, e, member, comps + 1, (size_t)n - 1);
		break;
	case AE_IFCHR:
	case AE_IFBLK:
		ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member, "a device node");
		break;
	case AE_IFIFO:
		ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member, "a fifo");
		break;
	case AE_IFSOCK:
		ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member, "a socket");
		break;
	default:
		ret = fail(x, CDS_ERR_UNSAFE_ARCHIVE, member,
		    "an unknown file type");
		break;
	}
out:
	cds_strfreev(comps);
	return ret;
}

/* After the archive's end: read the stream out, so the stages before this
 * one finish; what follows the end counts against the bound. */
static int
drain(struct ex *x)
{
	const unsigned char *p;
	ssize_t n;

	while ((n = cds_ring_rspan(x->u->in, &p)) > 0) {
		if (over_bytes(x, "(after the end)", (uint64_t)n) == -1) {
			return -1;
		}
		x->bytes += (uint64_t)n;
		cds_ring_consume(x->u->in, (size_t)n);
	}
	if (n < 0) {
		x->u->e.peer = 1;
		return -1;
	}
	return 0;
}

void
cds_unpack_run(struct cds_unpack *u)
{
	struct ex x = { .u = u, .cfd = -1 };
	struct archive_entry *e;
	int r, opened = 0;

	x.a = NET(archive_read_new)();
	if (x.a == NULL) {
		cds_stage_seterr(&u->e, CDS_ERR_MEMORY, "%s", u->name);
		goto fail;
	}
	switch (u->fmt) {
	case CDS_AR_TAR_XZ:
	case CDS_AR_TAR:
		NET(archive_read_support_format_tar)(x.a);
		break;
	case CDS_AR_TAR_GZ:
		NET(archive_read_support_filter_gzip)(x.a);
		NET(archive_read_support_format_tar)(x.a);
		break;
	case CDS_AR_TAR_BZ2:
		NET(archive_read_support_filter_bzip2)(x.a);
		NET(archive_read_support_format_tar)(x.a);
		break;
	case CDS_AR_ZIP:
		NET(archive_read_support_format_zip_streamable)(x.a);
		break;
	default:
		cds_stage_seterr(&u->e, CDS_ERR_ARCHIVE,
		    "%s: unknown archive type", u->name);
		goto fail;
	}
	if (NET(archive_read_open)(x.a, &x, NULL, rd, rd_close) != ARCHIVE_OK) {
		fail(&x, CDS_ERR_ARCHIVE, NULL, "%s",
		    NET(archive_error_string)(x.a));
		goto fail;
	}
	opened = 1;
	for (;;) {
		r = NET(archive_read_next_header)(x.a, &e);
		if (r == ARCHIVE_EOF) {
			break;
		}
		if (r < ARCHIVE_WARN) {
			fail(&x, CDS_ERR_ARCHIVE, NULL, "%s",
			    NET(archive_error_string)(x.a));
			goto fail;
		}
		if (entry(&x, e) == -1) {
			goto fail;
		}
	}
	if (x.top == NULL) {
		fail(&x, CDS_ERR_ARCHIVE, NULL, "the archive is empty");
		goto fail;
	}
	NET(archive_read_close)(x.a);
	NET(archive_read_free)(x.a);
	x.a = NULL;
	if (drain(&x) == -1) {
		goto fail;
	}
	__atomic_store_n(&u->bytes, x.bytes, __ATOMIC_RELAXED);
	goto out;
fail:
	if (u->e.err == 0 && !u->e.peer) {
		cds_stage_seterr(&u->e, CDS_ERR_ARCHIVE, "%s: stopped",
		    u->name);
	}
	cds_ring_abort(u->in);
	if (u->peer != NULL) {
		cds_ring_abort(u->peer);
	}
out:
	if (x.a != NULL) {
		if (opened) {
			NET(archive_read_close)(x.a);
		}
		NET(archive_read_free)(x.a);
	}
	if (x.cfd != -1) {
		close(x.cfd);
	}
	free(x.cdir);
	free(x.top);
}
