/*
 * util.c - allocation, strings, files and digests for the engine.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cds.h"
#include "base/util.h"

/* Set by the client (cds_set_oom_hook()): called before abort() on
 * out-of-memory. */
static void (*oom_hook)(void);

void
cds_set_oom_hook(void (*hook)(void))
{
	oom_hook = hook;
}

static void
oom(void)
{
	if (oom_hook != NULL) {
		oom_hook();
	}
	fputs("cudnn-setup: out of memory\n", stderr);
	abort();
}

void *
cds_xmalloc(size_t n)
{
	void *p = malloc(n == 0 ? 1 : n);

	if (p == NULL) {
		oom();
	}
	return p;
}

void *
cds_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size);

	if (p == NULL) {
		oom();
	}
	return p;
}

void *
cds_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n == 0 ? 1 : n);

	if (q == NULL) {
		oom();
	}
	return q;
}

void *
cds_xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size) {
		oom();
	}
	return cds_xrealloc(p, n * size);
}

char *
cds_xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL) {
		oom();
	}
	return p;
}

char *
cds_xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (p == NULL) {
		oom();
	}
	return p;
}

char *
cds_xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) == -1) {
		oom();
	}
	return s;
}

char *
cds_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = cds_xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

char *
cds_strdup0(const char *s)
{
	return s == NULL ? NULL : cds_xstrdup(s);
}

int
cds_streq(const char *a, const char *b)
{
	if (a == NULL || b == NULL) {
		return a == b;
	}
	return strcmp(a, b) == 0;
}

int
cds_startswith(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

int
cds_endswith(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static char
ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

void
cds_folded_init(struct cds_folded *f, const char *text, size_t len)
{
	size_t i;

	f->text = text;
	f->len = len;
	f->low = cds_xmalloc(len + 1);
	for (i = 0; i < len; i++) {
		f->low[i] = ascii_lower(text[i]);
	}
	f->low[len] = '\0';
}

void
cds_folded_free(struct cds_folded *f)
{
	free(f->low);
	f->low = NULL;
}

const char *
cds_folded_find(const struct cds_folded *f, const char *from,
    const char *needle)
{
	char small[128], *low = small;
	size_t off = (size_t)(from - f->text), n = strlen(needle), i;
	const char *at;

	if (off > f->len) {
		return NULL;
	}
	if (n >= sizeof(small)) {
		low = cds_xmalloc(n + 1);
	}
	for (i = 0; i < n; i++) {
		low[i] = ascii_lower(needle[i]);
	}
	at = memmem(f->low + off, f->len - off, low, n);
	if (low != small) {
		free(low);
	}
	return at != NULL ? f->text + (at - f->low) : NULL;
}

char *
cds_strtrim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
		s++;
	}
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r')) {
		*--e = '\0';
	}
	return s;
}

void
cds_strv_push_owned(struct cds_strv *sv, char *s)
{
	if (sv->n + 2 > sv->cap) {
		sv->cap = sv->cap == 0 ? 8 : sv->cap * 2;
		sv->v = cds_xreallocarray(sv->v, sv->cap, sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void
cds_strv_push(struct cds_strv *sv, const char *s)
{
	cds_strv_push_owned(sv, cds_xstrdup(s));
}

int
cds_strv_contains(const struct cds_strv *sv, const char *s)
{
	size_t i;

	for (i = 0; i < sv->n; i++) {
		if (strcmp(sv->v[i], s) == 0) {
			return 1;
		}
	}
	return 0;
}

char **
cds_strv_steal(struct cds_strv *sv)
{
	char **v = sv->v;

	if (v == NULL) {
		v = cds_xcalloc(1, sizeof(*v));
	}
	sv->v = NULL;
	sv->n = sv->cap = 0;
	return v;
}

void
cds_strv_clear(struct cds_strv *sv)
{
	size_t i;

	for (i = 0; i < sv->n; i++) {
		free(sv->v[i]);
	}
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

void
cds_strfreev(char **v)
{
	char **p;

	if (v == NULL) {
		return;
	}
	for (p = v; *p != NULL; p++) {
		free(*p);
	}
	free(v);
}

size_t
cds_strv_len(char *const *v)
{
	size_t n = 0;

	while (v != NULL && v[n] != NULL) {
		n++;
	}
	return n;
}

char **
cds_strv_copy(char *const *v)
{
	size_t i, n = cds_strv_len(v);
	char **r = cds_xcalloc(n + 1, sizeof(*r));

	for (i = 0; i < n; i++) {
		r[i] = cds_xstrdup(v[i]);
	}
	return r;
}

char **
cds_strsplit(const char *s, const char *seps, int keep_empty)
{
	struct cds_strv sv = {0};
	const char *p = s;

	for (;;) {
		size_t n = strcspn(p, seps);

		if (n > 0 || keep_empty) {
			cds_strv_push_owned(&sv, cds_xstrndup(p, n));
		}
		if (p[n] == '\0') {
			break;
		}
		p += n + 1;
	}
	return cds_strv_steal(&sv);
}

void
cds_buf_add(struct cds_buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap == 0 ? 256 : b->cap;

		while (cap < b->len + n + 1) {
			cap *= 2;
		}
		b->s = cds_xrealloc(b->s, cap);
		b->cap = cap;
	}
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
cds_buf_adds(struct cds_buf *b, const char *s)
{
	cds_buf_add(b, s, strlen(s));
}

void
cds_buf_addf(struct cds_buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = cds_xvasprintf(fmt, ap);
	va_end(ap);
	cds_buf_adds(b, s);
	free(s);
}

char *
cds_buf_steal(struct cds_buf *b)
{
	char *s = b->s;

	if (s == NULL) {
		s = cds_xstrdup("");
	}
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void
cds_buf_free(struct cds_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

char *
cds_path_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb;
	char *r;

	while (la > 0 && a[la - 1] == '/') {
		la--;
	}
	while (*b == '/') {
		b++;
	}
	if (*b == '\0') {
		return la == 0 ? cds_xstrdup("/") : cds_xstrndup(a, la);
	}
	lb = strlen(b);
	r = cds_xmalloc(la + 1 + lb + 1);
	memcpy(r, a, la);
	r[la] = '/';
	memcpy(r + la + 1, b, lb + 1);
	return r;
}

const char *
cds_basename(const char *p)
{
	const char *s = strrchr(p, '/');

	return s == NULL ? p : s + 1;
}

char *
cds_dirname(const char *p)
{
	const char *s = strrchr(p, '/');

	if (s == NULL) {
		return cds_xstrdup(".");
	}
	if (s == p) {
		return cds_xstrdup("/");
	}
	return cds_xstrndup(p, (size_t)(s - p));
}

/*
 * Open PATH for reading when it is a regular file.  O_NONBLOCK, so that a
 * FIFO put where a file is expected cannot block the open; fstat() then
 * refuses it (EINVAL), a directory (EISDIR), a device or a socket.
 * Reading a regular file is not changed by O_NONBLOCK.
 */
int
cds_open_regular(const char *path, struct stat *st)
{
	struct stat sb;
	int fd;

	if (st == NULL) {
		st = &sb;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd == -1) {
		return -1;
	}
	if (fstat(fd, st) == -1) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		errno = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	return fd;
}

const char *
cds_read_strerror(int e)
{
	return e == EINVAL ? "not a regular file" : strerror(e);
}

char *
cds_read_file(const char *path, size_t max, size_t *lenp)
{
	struct cds_buf b = {0};
	char chunk[16384];
	struct stat st;
	ssize_t r;
	int fd;

	if (max == 0) {
		max = 64u << 20;
	}
	if ((fd = cds_open_regular(path, &st)) == -1) {
		return NULL;
	}
	/* /proc and /sys say 0 and may grow: the loop keeps the bound too */
	if (st.st_size > 0 && (uint64_t)st.st_size > max) {
		close(fd);
		errno = EFBIG;
		return NULL;
	}
	while ((r = read(fd, chunk, sizeof(chunk))) != 0) {
		if (r == -1) {
			if (errno == EINTR) {
				continue;
			}
			goto fail;
		}
		if (b.len + (size_t)r > max) {
			errno = EFBIG;
			goto fail;
		}
		cds_buf_add(&b, chunk, (size_t)r);
	}
	close(fd);
	if (lenp != NULL) {
		*lenp = b.len;
	}
	return cds_buf_steal(&b);
fail:
	r = errno;
	close(fd);
	cds_buf_free(&b);
	errno = (int)r;
	return NULL;
}

/* SYNC (fsync, syncfs) on directory PATH: its result, errno kept. */
static int
sync_dir_with(const char *path, int (*sync)(int))
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), r, saved;

	if (fd == -1) {
		return -1;
	}
	r = sync(fd);
	saved = errno;
	close(fd);
	errno = saved;
	return r;
}

int
cds_sync_dir(const char *dir)
{
	/* some file systems cannot sync a directory: nothing more to do */
	if (sync_dir_with(dir, fsync) == -1 && errno != EINVAL &&
	    errno != EROFS) {
		return -1;
	}
	return 0;
}

int
cds_sync_fs(const char *path)
{
	return sync_dir_with(path, syncfs);
}

int
cds_sync_parent(const char *path)
{
	char *dir = cds_dirname(path);
	int r = cds_sync_dir(dir);

	free(dir);
	return r;
}

int
cds_is_tmp_of(const char *name, const char *base)
{
	const char *t, *d;
	size_t n;

	/* cds_link_set(): ".cds-tmp-PID-BASE" */
	if (cds_startswith(name, ".cds-tmp-")) {
		d = name + 9;
		n = strspn(d, "0123456789");
		if (n > 0 && d[n] == '-' && d[n + 1] != '\0' &&
		    (base == NULL || strcmp(d + n + 1, base) == 0)) {
			return 1;
		}
	}
	/* cds_write_file_atomic(): "BASE.tmp.PID" */
	if (base != NULL) {
		n = strlen(base);
		if (strncmp(name, base, n) != 0 ||
		    strncmp(name + n, ".tmp.", 5) != 0) {
			return 0;
		}
		t = name + n + 5;
	} else if ((t = strstr(name, ".tmp.")) == NULL || t == name) {
		return 0;
	} else {
		t += 5;
	}
	return *t != '\0' && strspn(t, "0123456789") == strlen(t);
}

int
cds_write_file_atomic(const char *path, const void *data, size_t len,
    mode_t mode)
{
	char *tmp = cds_xasprintf("%s.tmp.%ld", path, (long)getpid());
	const char *p = data;
	int fd, saved;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
	    mode);
	if (fd == -1) {
		free(tmp);
		return -1;
	}
	while (len > 0) {
		ssize_t w = write(fd, p, len);

		if (w == -1) {
			if (errno == EINTR) {
				continue;
			}
			goto fail;
		}
		p += w;
		len -= (size_t)w;
	}
	if (fsync(fd) == -1 || close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) == -1) {
		goto fail;
	}
	free(tmp);
	/* the rename itself lasts once the directory is on disk */
	return cds_sync_parent(path);
fail:
	saved = errno;
	if (fd != -1) {
		close(fd);
	}
	unlink(tmp);
	free(tmp);
	errno = saved;
	return -1;
}

int
cds_mkdir_p(const char *path, mode_t mode)
{
	char *p = cds_xstrdup(path), *s;
	int saved;

	for (s = p + 1; *s != '\0'; s++) {
		if (*s != '/') {
			continue;
		}
		*s = '\0';
		if (mkdir(p, mode) == -1 && errno != EEXIST) {
			goto fail;
		}
		*s = '/';
	}
	if (mkdir(p, mode) == -1 && errno != EEXIST) {
		goto fail;
	}
	if (!cds_is_dir(p)) {
		errno = ENOTDIR;
		goto fail;
	}
	free(p);
	return 0;
fail:
	saved = errno;
	free(p);
	errno = saved;
	return -1;
}

int
cds_rm_rf(const char *path)
{
	struct stat st;
	char **names, **n;
	int ret = 0;

	if (lstat(path, &st) == -1) {
		return errno == ENOENT ? 0 : -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		return unlink(path);
	}
	/* make it writable so an r-x tree from an archive can go */
	if ((st.st_mode & S_IWUSR) == 0) {
		chmod(path, st.st_mode | S_IRWXU);
	}
	if ((names = cds_listdir(path)) == NULL) {
		return -1;
	}
	for (n = names; *n != NULL; n++) {
		char *c = cds_path_join(path, *n);

		if (cds_rm_rf(c) == -1) {
			ret = -1;
		}
		free(c);
	}
	cds_strfreev(names);
	if (ret == 0 && rmdir(path) == -1) {
		ret = -1;
	}
	return ret;
}

int
cds_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int
cds_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int
cds_is_link(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

int
cds_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

char *
cds_readlink(const char *path)
{
	char buf[4096];
	ssize_t n = readlink(path, buf, sizeof(buf) - 1);

	if (n == -1) {
		return NULL;
	}
	buf[n] = '\0';
	return cds_xstrdup(buf);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
cds_listdir(const char *path)
{
	struct cds_strv sv = {0};
	struct dirent *de;
	DIR *d;

	if ((d = opendir(path)) == NULL) {
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0) {
			continue;
		}
		cds_strv_push(&sv, de->d_name);
	}
	closedir(d);
	if (sv.n > 1) {
		qsort(sv.v, sv.n, sizeof(*sv.v), cmp_str);
	}
	return cds_strv_steal(&sv);
}

void
cds_sha256_hex(const unsigned char md[32], char out[65])
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[64] = '\0';
}

double
cds_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double
cds_thread_cpu_s(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == -1) {
		return 0;
	}
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Cores a cgroup's quota allows (QUOTA over PERIOD, rounded up), or
 * INT_MAX without a quota. */
static int
quota_cores(long long quota, long long period)
{
	if (quota <= 0 || period <= 0) {
		return INT_MAX;
	}
	return quota / period >= 1024 ? 1024 :
	    (int)((quota + period - 1) / period);
}

/* The quota of the cgroup at DIR (under its hierarchy's mount) and its
 * parents: v2's cpu.max ("max 100000" or "200000 100000"), else v1's
 * pair. */
static int
cgroup_cores(const char *mount, const char *dir, int v2)
{
	char *d = cds_xstrdup(dir), *slash;
	int best = INT_MAX;

	for (;;) {
		char *p, *s;
		long long q = -1, per = 0;
		int c;

		if (v2) {
			p = cds_xasprintf("%s%s/cpu.max", mount, d);
			if ((s = cds_read_file(p, 256, NULL)) != NULL &&
			    strncmp(s, "max", 3) != 0 &&
			    sscanf(s, "%lld %lld", &q, &per) != 2) {
				q = -1;
			}
			free(s);
			free(p);
		} else {
			p = cds_xasprintf("%s%s/cpu.cfs_quota_us", mount, d);
			if ((s = cds_read_file(p, 256, NULL)) != NULL) {
				q = strtoll(s, NULL, 10);
			}
			free(s);
			free(p);
			p = cds_xasprintf("%s%s/cpu.cfs_period_us", mount, d);
			if ((s = cds_read_file(p, 256, NULL)) != NULL) {
				per = strtoll(s, NULL, 10);
			}
			free(s);
			free(p);
		}
		if ((c = quota_cores(q, per)) < best) {
			best = c;
		}
		if ((slash = strrchr(d, '/')) == NULL || d[0] == '\0') {
			break;
		}
		*slash = '\0';
	}
	free(d);
	return best;
}

int
cds_ncpu(void)
{
	static int cached;
	cpu_set_t set;
	char *cg, *line, *save = NULL;
	int n, c;

	if ((n = __atomic_load_n(&cached, __ATOMIC_RELAXED)) > 0) {
		return n;
	}
	if (sched_getaffinity(0, sizeof(set), &set) == 0) {
		n = CPU_COUNT(&set);
	} else {
		long on = sysconf(_SC_NPROCESSORS_ONLN);

		n = on < 1 ? 1 : on > 1024 ? 1024 : (int)on;
	}
	/* "0::/path" (v2), "N:cpu,cpuacct:/path" (v1) */
	if ((cg = cds_read_file("/proc/self/cgroup", 0, NULL)) != NULL) {
		for (line = strtok_r(cg, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save)) {
			char *ctl = strchr(line, ':'), *path;

			if (ctl == NULL || (path = strchr(ctl + 1, ':')) ==
			    NULL) {
				continue;
			}
			*path++ = '\0';
			ctl++;
			if (strcmp(line, "0") == 0 && *ctl == '\0') {
				c = cgroup_cores("/sys/fs/cgroup", path, 1);
			} else if (strcmp(ctl, "cpu") == 0 ||
			    strncmp(ctl, "cpu,", 4) == 0 ||
			    strstr(ctl, ",cpu,") != NULL ||
			    cds_endswith(ctl, ",cpu")) {
				char *m = cds_xasprintf("/sys/fs/cgroup/%s",
				    ctl);

				c = cgroup_cores(m, path, 0);
				if (c == INT_MAX) {
					free(m);
					m = cds_xstrdup("/sys/fs/cgroup/cpu");
					c = cgroup_cores(m, path, 0);
				}
				free(m);
			} else {
				continue;
			}
			if (c < n) {
				n = c;
			}
		}
		free(cg);
	}
	if (n < 1) {
		n = 1;
	}
	__atomic_store_n(&cached, n, __ATOMIC_RELAXED);
	return n;
}

int
cds_is_sha256(const char *str)
{
	size_t i;

	if (str == NULL || strlen(str) != 64) {
		return 0;
	}
	for (i = 0; i < 64; i++) {
		if (strchr("0123456789abcdefABCDEF", str[i]) == NULL) {
			return 0;
		}
	}
	return 1;
}

int
cds_path_within(const char *dir, const char *path)
{
	size_t n = strlen(dir);
	const char *p;
	char *walk;
	int ok = 1;

	while (n > 1 && dir[n - 1] == '/') {
		n--;
	}
	if (n == 0 || strncmp(path, dir, n) != 0 ||
	    (path[n] != '/' && !(n == 1 && dir[0] == '/'))) {
		return 0;
	}
	p = path + n + (dir[n - 1] != '/');
	if (*p == '\0') {
		return 0;
	}
	/* components: not empty, not "." or "..", no control characters */
	for (;;) {
		size_t k = strcspn(p, "/");
		size_t i;

		if (k == 0 || (k == 1 && p[0] == '.') ||
		    (k == 2 && p[0] == '.' && p[1] == '.')) {
			return 0;
		}
		for (i = 0; i < k; i++) {
			if ((unsigned char)p[i] < 0x20 || p[i] == 0x7f) {
				return 0;
			}
		}
		if (p[k] == '\0') {
			break;
		}
		p += k + 1;
	}
	/* the directories on the way (not the last one) are no symlinks */
	walk = cds_xstrdup(path);
	for (p = walk + n + 1; ok && *p != '\0'; p++) {
		struct stat st;

		if (*p != '/') {
			continue;
		}
		walk[p - walk] = '\0';
		if (lstat(walk, &st) == 0 && S_ISLNK(st.st_mode)) {
			ok = 0;
		}
		walk[p - walk] = '/';
	}
	free(walk);
	return ok;
}

char *
cds_printable(const char *s, size_t max)
{
	struct cds_buf b = {0};
	const unsigned char *p;

	cds_buf_add(&b, "", 0);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (b.len >= max) {
			cds_buf_adds(&b, "...");
			break;
		}
		if (*p < 0x20 || *p == 0x7f || *p == '\\') {
			cds_buf_addf(&b, "\\x%02x", *p);
		} else {
			cds_buf_add(&b, p, 1);
		}
	}
	return cds_buf_steal(&b);
}
