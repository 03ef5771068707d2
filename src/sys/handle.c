/*
 * handle.c - the handle: options, the target's environment, and paths
 * under the root.
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/handle.h"
#include "base/strmap.h"

extern char **environ;

cds_handle_t *
cds_new(const char *root, int *err)
{
	cds_handle_t *h;
	char **e;
	size_t len;

	if (root != NULL && *root != '\0' && root[0] != '/') {
		if (err != NULL) {
			*err = CDS_ERR_USAGE;
		}
		return NULL;
	}
	if (root != NULL && *root != '\0' && !cds_is_dir(root)) {
		if (err != NULL) {
			*err = CDS_ERR_NOT_FOUND;
		}
		return NULL;
	}
	h = cds_xcalloc(1, sizeof(*h));
	h->root = cds_xstrdup(root == NULL ? "" : root);
	len = strlen(h->root);
	while (len > 0 && h->root[len - 1] == '/') {
		h->root[--len] = '\0';
	}
	h->jobs = 4;
	h->timeout_s = CDS_TIMEOUT_DEFAULT;
	h->memlimit = CDS_MEMLIMIT_DEFAULT;
	for (e = environ; e != NULL && *e != NULL; e++) {
		cds_strv_push(&h->env, *e);
	}
	if (err != NULL) {
		*err = CDS_ERR_OK;
	}
	return h;
}

/* The loaded manifest goes, by the function its loader left (the handle
 * sits below manifest.c and does not call it). */
static void
manifest_drop(cds_handle_t *h)
{
	if (h->manifest != NULL) {
		h->manifest_free(h->manifest);
		h->manifest = NULL;
	}
	if (h->index_head != NULL) {
		h->manifest_free(h->index_head);
		h->index_head = NULL;
	}
	if (h->manifest_failed != NULL) {
		cds_errsave_free(h->manifest_failed);
		free(h->manifest_failed);
		h->manifest_failed = NULL;
	}
}

void
cds_free(cds_handle_t *h)
{
	if (h == NULL) {
		return;
	}
	manifest_drop(h);
	free(h->manifest_arg);
	cds_strv_clear(&h->mirrors);
	cds_strv_clear(&h->env);
	free(h->cache_dir);
	free(h->prefix);
	free(h->host_driver);
	cds_clearerr(h);
	free(h->root);
	while (h->rcache != NULL) {
		cds_root_cache_end(h);	/* a pass that never ended */
	}
	free(h);
}

const char *
cds_root(const cds_handle_t *h)
{
	return h->root;
}

int
cds_set_manifest(cds_handle_t *h, const char *path_or_url)
{
	manifest_drop(h);
	free(h->manifest_arg);
	h->manifest_arg = cds_strdup0(path_or_url);
	return 0;
}

/* Setting OPTION's VALUE is not within MIN..MAX (with their units). */
static int
err_range(cds_handle_t *h, const char *option, const char *v,
    const char *min, const char *max)
{
	return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_RANGE, CDS_ERRNAMES(
	    { CDS_ERRARG_OPTION, option }, { CDS_ERRARG_VALUE, v },
	    { CDS_ERRARG_MIN, min }, { CDS_ERRARG_MAX, max }), "%s %s: must be "
	    "between %s and %s", option, v, min, max);
}

int
cds_add_mirror(cds_handle_t *h, const char *url)
{
	if (!cds_startswith(url, "http://") &&
	    !cds_startswith(url, "https://") &&
	    !cds_startswith(url, "file://")) {
		return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_BAD_URL,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "mirror" },
		    { CDS_ERRARG_VALUE, url }, { CDS_ERRARG_KNOWN,
		    "http, https, file" }), "mirror %s: not an http, https or "
		    "file URL", url);
	}
	if (cds_endswith(url, "/")) {
		cds_strv_push(&h->mirrors, url);
	} else {
		cds_strv_push_owned(&h->mirrors, cds_xasprintf("%s/", url));
	}
	return 0;
}

int
cds_set_cache_dir(cds_handle_t *h, const char *dir)
{
	free(h->cache_dir);
	h->cache_dir = cds_strdup0(dir);
	return 0;
}

void
cds_set_offline(cds_handle_t *h, int offline)
{
	h->offline = offline != 0;
}

int
cds_set_jobs(cds_handle_t *h, int jobs)
{
	if (jobs < 1 || jobs > 16) {
		char v[32];

		snprintf(v, sizeof(v), "%d", jobs);
		return err_range(h, "jobs", v, "1", "16");
	}
	h->jobs = jobs;
	return 0;
}

int
cds_set_timeout(cds_handle_t *h, unsigned seconds)
{
	if (seconds < 1 || seconds > CDS_TIMEOUT_MAX) {
		char v[32], max[32];

		snprintf(v, sizeof(v), "%u", seconds);
		snprintf(max, sizeof(max), "%u s", (unsigned)CDS_TIMEOUT_MAX);
		return err_range(h, "timeout", v, "1 s", max);
	}
	h->timeout_s = seconds;
	return 0;
}

int
cds_set_prefix(cds_handle_t *h, const char *dir)
{
	if (dir != NULL && dir[0] != '/') {
		return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_NOT_ABSOLUTE,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "prefix" },
		    { CDS_ERRARG_VALUE, dir }), "prefix %s: must be an "
		    "absolute path", dir);
	}
	free(h->prefix);
	h->prefix = cds_strdup0(dir);
	return 0;
}

char *
cds_prefix_default(const cds_handle_t *h, enum cds_prefix_kind kind)
{
	const char *xdg, *home;

	if (kind == CDS_PREFIX_SYSTEM) {
		return cds_xstrdup("/opt/nvidia");
	}
	if ((xdg = cds_getenv(h, "XDG_DATA_HOME")) != NULL && xdg[0] == '/') {
		return cds_path_join(xdg, "cudnn-setup");
	}
	home = cds_getenv(h, "HOME");
	return cds_xasprintf("%s/.local/share/cudnn-setup",
	    home != NULL ? home : "");
}

const char *
cds_prefix(const cds_handle_t *h)
{
	cds_handle_t *m = (cds_handle_t *)h;

	if (h->prefix == NULL) {
		/* under a root: another system's (an image's) prefix */
		m->prefix = cds_prefix_default(h, geteuid() == 0 ||
		    *h->root != '\0' ? CDS_PREFIX_SYSTEM : CDS_PREFIX_USER);
	}
	return h->prefix;
}

char *
cds_audit_log_path(const cds_handle_t *h)
{
	const char *env = getenv("CDS_AUDIT_LOG"), *xdg, *home;

	/* a root given: that system's log, whoever runs */
	if (*h->root != '\0') {
		return cds_rpath(h, "/var/log/cudnn-setup.log");
	}
	/* set by whoever runs us (the test suite), as CDS_DATADIR is */
	if (env != NULL && env[0] == '/') {
		return cds_xstrdup(env);
	}
	if (geteuid() == 0) {
		return cds_xstrdup("/var/log/cudnn-setup.log");
	}
	/* XDG Base Directory: $XDG_STATE_HOME, else ~/.local/state */
	if ((xdg = cds_getenv(h, "XDG_STATE_HOME")) != NULL && xdg[0] == '/') {
		return cds_xasprintf("%s/cudnn-setup/cudnn-setup.log", xdg);
	}
	home = cds_getenv(h, "HOME");
	return cds_xasprintf("%s/.local/state/cudnn-setup/cudnn-setup.log",
	    home != NULL ? home : "");
}

int
cds_set_memlimit(cds_handle_t *h, uint64_t bytes)
{
	if (bytes < CDS_MEMLIMIT_MIN || bytes > CDS_MEMLIMIT_MAX) {
		char v[32], min[32], max[32];

		snprintf(v, sizeof(v), "%llu", (unsigned long long)bytes);
		snprintf(min, sizeof(min), "%llu MiB",
		    (unsigned long long)(CDS_MEMLIMIT_MIN >> 20));
		snprintf(max, sizeof(max), "%llu GiB",
		    (unsigned long long)(CDS_MEMLIMIT_MAX >> 30));
		return err_range(h, "memlimit", v, min, max);
	}
	h->memlimit = bytes;
	return 0;
}

static ssize_t
env_index(const cds_handle_t *h, const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < h->env.n; i++) {
		if (strncmp(h->env.v[i], name, len) == 0 &&
		    h->env.v[i][len] == '=') {
			return (ssize_t)i;
		}
	}
	return -1;
}

const char *
cds_getenv(const cds_handle_t *h, const char *name)
{
	ssize_t i = env_index(h, name);

	return i < 0 ? NULL : h->env.v[i] + strlen(name) + 1;
}

int
cds_setenv(cds_handle_t *h, const char *name, const char *value)
{
	ssize_t i = env_index(h, name);

	if (*name == '\0' || strchr(name, '=') != NULL) {
		return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_BAD_NAME,
		    CDS_ERRNAMES({ CDS_ERRARG_VALUE, name }), "bad variable "
		    "name %s", name);
	}
	if (i >= 0) {
		/* VALUE may point into the entry it replaces (a value got
		 * from cds_getenv()): free that only after the copy */
		char *old = h->env.v[i];

		if (value == NULL) {
			memmove(&h->env.v[i], &h->env.v[i + 1],
			    (h->env.n - (size_t)i) * sizeof(char *));
			h->env.n--;
		} else {
			h->env.v[i] = cds_xasprintf("%s=%s", name, value);
		}
		free(old);
		return 0;
	}
	if (value != NULL) {
		cds_strv_push_owned(&h->env,
		    cds_xasprintf("%s=%s", name, value));
	}
	return 0;
}

void
cds_cancel(cds_handle_t *h)
{
	h->cancelled = 1;
}

void
cds_reset_cancel(cds_handle_t *h)
{
	h->cancelled = 0;
}

/* ROOT + PATH as a string, nothing resolved: the walk below uses it. */
static char *
join_root(const cds_handle_t *h, const char *path)
{
	size_t a = strlen(h->root), b = strlen(path);
	char *r = cds_xmalloc(a + b + 1);

	memcpy(r, h->root, a);
	memcpy(r + a, path, b + 1);
	return r;
}

/*
 * What a host path is when a target path cannot be resolved inside the
 * root (a loop of links): the empty path, which every system call refuses
 * with ENOENT, so that nothing outside the root is reached instead.
 */
static char *
unresolvable(void)
{
	return cds_xstrdup("");
}

char *
cds_rpath(const cds_handle_t *h, const char *path)
{
	const char *base;
	char *dir, *real, *r;
	size_t len;

	if (*h->root == '\0' || path[0] != '/') {
		return cds_xstrdup(path);
	}
	len = strlen(path);
	base = cds_basename(path);
	if (path[len - 1] == '/' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0) {
		/* "dir/", "dir/.": the directory itself, links followed */
		return cds_rpath_follow(h, path);
	}
	dir = cds_xstrndup(path, (size_t)(base - path));
	real = cds_realpath_in_root(h, dir);
	free(dir);
	if (real == NULL) {
		return unresolvable();
	}
	dir = cds_path_join(real, base);
	r = join_root(h, dir);
	free(dir);
	free(real);
	return r;
}

char *
cds_rpath_follow(const cds_handle_t *h, const char *path)
{
	char *real, *r;

	if (*h->root == '\0' || path[0] != '/') {
		return cds_xstrdup(path);
	}
	if ((real = cds_realpath_in_root(h, path)) == NULL) {
		return unresolvable();
	}
	r = join_root(h, strcmp(real, "/") == 0 ? "" : real);
	free(real);
	return r;
}

char *
cds_unrpath(const cds_handle_t *h, const char *hostpath)
{
	size_t len = strlen(h->root);

	if (len > 0 && strncmp(hostpath, h->root, len) == 0 &&
	    (hostpath[len] == '/' || hostpath[len] == '\0')) {
		return cds_xstrdup(hostpath[len] == '\0' ? "/" :
		    hostpath + len);
	}
	return cds_xstrdup(hostpath);
}

/*
 * What a read-only pass remembers (cds_root_cache_begin): per target path,
 * what readlink(2) said of it, and what it resolved to.
 */
struct cds_root_cache {
	unsigned depth;			/* nested passes of the handle */
	unsigned refs;			/* its holders: the handle while in a
					   pass, scans (cds_root_cache_hold) */
	struct cds_strmap *links;	/* path -> struct answer: readlink */
	struct cds_strmap *reals;	/* path -> struct answer: resolved */
	struct cds_strmap *stats;	/* "L"/"S" + host path -> struct
					   stat_answer: lstat, stat */
	struct cds_strmap *globs;	/* pattern -> struct glob_answer */
	struct memo {
		void (*free_val)(void *);
		struct cds_strmap *map;
	} memos[8];			/* the modules' (cds_root_cache_memo) */
};

/* One remembered stat(2) or lstat(2): its status, or the errno. */
struct stat_answer {
	int err;
	struct stat st;
};

/* One remembered glob: the matches. */
struct glob_answer {
	char **paths;
};

/* One remembered answer: a string, or NULL and the errno that came with
 * it. */
struct answer {
	int err;
	char *s;
};

void
cds_root_cache_begin(cds_handle_t *h)
{
	if (h->rcache == NULL) {
		h->rcache = cds_xcalloc(1, sizeof(*h->rcache));
		h->rcache->links = cds_strmap_new(1);
		h->rcache->reals = cds_strmap_new(1);
		h->rcache->stats = cds_strmap_new(1);
		h->rcache->globs = cds_strmap_new(1);
		h->rcache->refs = 1;	/* the handle's */
	}
	h->rcache->depth++;
}

static void
answer_free(void *p)
{
	struct answer *a = p;

	free(a->s);
	free(a);
}

static void
glob_answer_free(void *p)
{
	struct glob_answer *a = p;

	cds_strfreev(a->paths);
	free(a);
}

void
cds_root_cache_release(struct cds_root_cache *rc)
{
	size_t i;

	if (rc == NULL || --rc->refs > 0) {
		return;
	}
	cds_strmap_free(rc->links, answer_free);
	cds_strmap_free(rc->reals, answer_free);
	cds_strmap_free(rc->stats, free);
	cds_strmap_free(rc->globs, glob_answer_free);
	for (i = 0; i < sizeof(rc->memos) / sizeof(rc->memos[0]) &&
	    rc->memos[i].map != NULL; i++) {
		cds_strmap_free(rc->memos[i].map, rc->memos[i].free_val);
	}
	free(rc);
}

void
cds_root_cache_end(cds_handle_t *h)
{
	struct cds_root_cache *rc = h->rcache;

	if (rc == NULL || --rc->depth > 0) {
		return;
	}
	h->rcache = NULL;
	cds_root_cache_release(rc);
}

struct cds_root_cache *
cds_root_cache_hold(cds_handle_t *h)
{
	if (h->rcache == NULL) {
		return NULL;
	}
	h->rcache->refs++;
	return h->rcache;
}

void
cds_root_cache_resume(cds_handle_t *h, struct cds_root_cache *rc)
{
	if (rc == NULL || h->rcache != NULL) {
		/* no pass kept, or one already under way: it serves */
		cds_root_cache_begin(h);
		return;
	}
	rc->refs++;	/* the handle's again */
	rc->depth = 1;
	h->rcache = rc;
}

struct cds_strmap *
cds_root_cache_memo(cds_handle_t *h, void (*free_val)(void *))
{
	struct cds_root_cache *rc = h->rcache;
	size_t i;

	if (rc == NULL) {
		return NULL;
	}
	for (i = 0; i < sizeof(rc->memos) / sizeof(rc->memos[0]); i++) {
		if (rc->memos[i].map == NULL) {
			rc->memos[i].free_val = free_val;
			rc->memos[i].map = cds_strmap_new(1);
		}
		if (rc->memos[i].free_val == free_val) {
			return rc->memos[i].map;
		}
	}
	return NULL;	/* more modules than slots: they go without */
}

/* Remember S (NULL: errno) for KEY in M. */
static void
remember(struct cds_strmap *m, const char *key, const char *s)
{
	int err = s == NULL ? errno : 0;
	struct answer *a = cds_xcalloc(1, sizeof(*a));

	a->err = err;
	a->s = cds_strdup0(s);
	cds_strmap_add(m, key, a);
	errno = a->err;
}

/* What M remembers for KEY: 1 and *S (a new string, or NULL with errno),
 * or 0 when nothing. */
static int
recall(const struct cds_strmap *m, const char *key, char **s)
{
	const struct answer *a = cds_strmap_get(m, key);

	if (a == NULL) {
		return 0;
	}
	*s = cds_strdup0(a->s);
	errno = a->err;
	return 1;
}

/* readlink(2) of the target path PATH itself, nothing resolved: its
 * target, or NULL with errno (EINVAL: not a link). */
static char *
link_of(const cds_handle_t *h, const char *path)
{
	char *host, *target;
	int saved;

	if (h->rcache != NULL && recall(h->rcache->links, path, &target)) {
		return target;
	}
	host = join_root(h, path);
	target = cds_readlink(host);
	saved = errno;
	free(host);
	errno = saved;
	if (h->rcache != NULL) {
		remember(h->rcache->links, path, target);
	}
	return target;
}

/*
 * Resolve PATH component by component.  Each symlink's target is spliced
 * in front of the remaining components; an absolute target restarts from
 * the root.  40 links at most, as the kernel allows.
 */
static char *
resolve(const cds_handle_t *h, const char *path)
{
	struct cds_buf out = {0};
	char *rest, *p;
	int links = 0;

	rest = cds_xstrdup(path);
	p = rest;
	for (;;) {
		const char *comp;
		char *target;
		size_t n;

		while (*p == '/') {
			p++;
		}
		if (*p == '\0') {
			break;
		}
		n = strcspn(p, "/");
		comp = p;
		p += n;
		if (n == 1 && comp[0] == '.') {
			continue;
		}
		if (n == 2 && comp[0] == '.' && comp[1] == '.') {
			char *slash = out.s == NULL ? NULL :
			    strrchr(out.s, '/');

			if (slash != NULL) {
				*slash = '\0';
				out.len = (size_t)(slash - out.s);
			}
			continue;
		}
		cds_buf_add(&out, "/", 1);
		cds_buf_add(&out, comp, n);
		target = link_of(h, out.s);
		if (target == NULL) {
			if (errno == EINVAL) {
				continue;	/* not a link */
			}
			if (errno == ENOENT || errno == ENOTDIR ||
			    errno == EACCES) {
				/* keep the rest as written: the kernel cannot
				 * go past this component either */
				cds_buf_adds(&out, p);
				break;
			}
			goto fail;
		}
		if (++links > 40) {
			free(target);
			errno = ELOOP;
			goto fail;
		}
		{
			char *next;

			if (target[0] == '/') {
				cds_buf_free(&out);
				next = cds_xasprintf("%s%s", target, p);
			} else {
				char *slash = strrchr(out.s, '/');

				*slash = '\0';
				out.len = (size_t)(slash - out.s);
				next = cds_xasprintf("%s/%s%s",
				    out.s == NULL ? "" : out.s, target, p);
				cds_buf_free(&out);
			}
			free(target);
			free(rest);
			rest = next;
			p = rest;
		}
	}
	free(rest);
	if (out.len == 0) {
		cds_buf_free(&out);
		return cds_xstrdup("/");
	}
	return cds_buf_steal(&out);
fail:
	{
		int saved = errno;

		free(rest);
		cds_buf_free(&out);
		errno = saved;
	}
	return NULL;
}

char *
cds_realpath_in_root(const cds_handle_t *h, const char *path)
{
	char *real;

	if (path[0] != '/') {
		errno = EINVAL;
		return NULL;
	}
	if (h->rcache != NULL && recall(h->rcache->reals, path, &real)) {
		return real;
	}
	real = resolve(h, path);
	if (h->rcache != NULL) {
		remember(h->rcache->reals, path, real);
	}
	return real;
}

const char *
cds_data_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("CDS_DATADIR");

	if (env != NULL && *env != '\0') {
		return env;
	}
	if (dir[0] == '\0') {
		/* an uninstalled build reads the source tree's manifests */
		char exe[PATH_MAX];
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

		if (n > 0) {
			char *d, *cand;

			exe[n] = '\0';
			d = cds_dirname(exe);
			cand = cds_xasprintf("%s/manifests/index.json", d);
			if (cds_is_file(cand)) {
				snprintf(dir, sizeof(dir), "%s", d);
			}
			free(cand);
			free(d);
		}
		if (dir[0] == '\0') {
			snprintf(dir, sizeof(dir), "%s", PKGDATADIR);
		}
	}
	return dir;
}

char *
cds_root_read_file(const cds_handle_t *h, const char *path, size_t max,
    size_t *len)
{
	char *host = cds_rpath_follow(h, path);
	char *text = cds_read_file(host, max, len);
	int saved = errno;

	free(host);
	errno = saved;
	return text;
}

char *
cds_root_read_line(const cds_handle_t *h, const char *path)
{
	char *text = cds_root_read_file(h, path, 1u << 20, NULL), *nl, *r;

	if (text == NULL) {
		return NULL;
	}
	if ((nl = strchr(text, '\n')) != NULL) {
		*nl = '\0';
	}
	r = cds_xstrdup(cds_strtrim(text));
	free(text);
	return r;
}

int
cds_host_stat(const cds_handle_t *h, const char *host, int follow,
    struct stat *st)
{
	struct stat_answer *a;
	char *key;
	int rc;

	if (h->rcache == NULL) {
		return follow ? stat(host, st) : lstat(host, st);
	}
	key = cds_xasprintf("%c%s", follow ? 'S' : 'L', host);
	a = cds_strmap_get(h->rcache->stats, key);
	if (a == NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		rc = follow ? stat(host, &a->st) : lstat(host, &a->st);
		a->err = rc == -1 ? errno : 0;
		cds_strmap_add(h->rcache->stats, key, a);
	}
	free(key);
	if (a->err != 0) {
		errno = a->err;
		return -1;
	}
	*st = a->st;
	return 0;
}

int
cds_host_is_dir(const cds_handle_t *h, const char *host)
{
	struct stat st;

	return cds_host_stat(h, host, 1, &st) == 0 && S_ISDIR(st.st_mode);
}

int
cds_host_exists(const cds_handle_t *h, const char *host)
{
	struct stat st;

	return cds_host_stat(h, host, 0, &st) == 0;
}

/* What a root_test() asks of an entry. */
enum root_ask {
	ASK_EXISTS,	/* lstat: anything, a dangling link too */
	ASK_DIR,	/* links followed: a directory */
	ASK_FILE,	/* links followed: a regular file */
	ASK_EXEC,	/* ... that this process may execute */
	ASK_LINK	/* lstat: a link */
};

/* ASK of the host path of PATH: the entry itself, or what its last link
 * leads to (each stat remembered for the pass). */
static int
root_test(const cds_handle_t *h, const char *path, enum root_ask ask)
{
	int follow = ask == ASK_DIR || ask == ASK_FILE || ask == ASK_EXEC;
	char *host = follow ? cds_rpath_follow(h, path) : cds_rpath(h, path);
	struct stat st;
	int r = cds_host_stat(h, host, follow, &st) == 0;

	if (r) {
		switch (ask) {
		case ASK_EXISTS:
			break;
		case ASK_DIR:
			r = S_ISDIR(st.st_mode);
			break;
		case ASK_FILE:
			r = S_ISREG(st.st_mode);
			break;
		case ASK_EXEC:
			r = S_ISREG(st.st_mode) && access(host, X_OK) == 0;
			break;
		case ASK_LINK:
			r = S_ISLNK(st.st_mode);
			break;
		}
	}
	free(host);
	return r;
}

int
cds_root_exists(const cds_handle_t *h, const char *path)
{
	return root_test(h, path, ASK_EXISTS);
}

int
cds_root_isdir(const cds_handle_t *h, const char *path)
{
	return root_test(h, path, ASK_DIR);
}

int
cds_root_is_file(const cds_handle_t *h, const char *path)
{
	return root_test(h, path, ASK_FILE);
}

int
cds_root_is_link(const cds_handle_t *h, const char *path)
{
	return root_test(h, path, ASK_LINK);
}

int
cds_root_is_exec(const cds_handle_t *h, const char *path)
{
	return root_test(h, path, ASK_EXEC);
}

char *
cds_root_readlink(const cds_handle_t *h, const char *path)
{
	char *host = cds_rpath(h, path);
	char *r = cds_readlink(host);
	int saved = errno;

	free(host);
	errno = saved;
	return r;
}

char **
cds_root_listdir(const cds_handle_t *h, const char *path)
{
	char *host = cds_rpath_follow(h, path);
	char **r = cds_listdir(host);
	int saved = errno;

	free(host);
	errno = saved;
	return r;
}

static int
has_magic(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

static int
cmp_coll(const void *a, const void *b)
{
	return strcoll(*(char *const *)a, *(char *const *)b);
}

/*
 * glob(3) under a root, one component at a time: a directory is listed
 * where its path resolves inside the root, so a link on the way (a
 * matched "cuda-12.4" as much as a literal "lib") never leads out.  What
 * glob(3) returns, the same way: entries that exist (a dangling link
 * too), dot files only for a pattern that starts with a dot, sorted as
 * glob(3) sorts them.
 */
static char **
glob_in_root(const cds_handle_t *h, const char *pattern)
{
	struct cds_strv cur = {0}, next = {0};
	char **comps = cds_strsplit(pattern, "/", 0), **c;
	size_t i;

	cds_strv_push(&cur, "");
	for (c = comps; *c != NULL && cur.n > 0; c++) {
		int last = c[1] == NULL;

		for (i = 0; i < cur.n; i++) {
			char **names, **n;

			if (!has_magic(*c)) {
				char *p = cds_xasprintf("%s/%s", cur.v[i], *c);

				if (!last || cds_root_exists(h, p)) {
					cds_strv_push_owned(&next, p);
				} else {
					free(p);
				}
				continue;
			}
			names = cds_root_listdir(h, *cur.v[i] == '\0' ? "/" :
			    cur.v[i]);
			for (n = names; n != NULL && *n != NULL; n++) {
				if (fnmatch(*c, *n, FNM_PERIOD) == 0) {
					cds_strv_push_owned(&next, cds_xasprintf(
					    "%s/%s", cur.v[i], *n));
				}
			}
			cds_strfreev(names);
		}
		cds_strv_clear(&cur);
		cur = next;
		memset(&next, 0, sizeof(next));
	}
	cds_strfreev(comps);
	if (cur.n == 1 && *cur.v[0] == '\0') {
		cds_strv_clear(&cur);	/* the pattern "/" */
	}
	if (cur.n > 1) {
		qsort(cur.v, cur.n, sizeof(*cur.v), cmp_coll);
	}
	return cds_strv_steal(&cur);
}

static char **
glob_now(const cds_handle_t *h, const char *pattern)
{
	struct cds_strv sv = {0};
	glob_t g;
	size_t i;

	if (*h->root != '\0' && pattern[0] == '/') {
		return glob_in_root(h, pattern);
	}
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++) {
			cds_strv_push(&sv, g.gl_pathv[i]);
		}
		globfree(&g);
	}
	return cds_strv_steal(&sv);
}

char **
cds_root_glob(const cds_handle_t *h, const char *pattern)
{
	struct glob_answer *a;

	if (h->rcache == NULL) {
		return glob_now(h, pattern);
	}
	if ((a = cds_strmap_get(h->rcache->globs, pattern)) == NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		a->paths = glob_now(h, pattern);
		cds_strmap_add(h->rcache->globs, pattern, a);
	}
	return cds_strv_copy(a->paths);
}

int
cds_root_glob_any(const cds_handle_t *h, const char *pattern)
{
	char **m = cds_root_glob(h, pattern);
	int any = m[0] != NULL;

	cds_strfreev(m);
	return any;
}
