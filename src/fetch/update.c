/*
 * update.c - `update`: fetch a newer index and its signature, check them,
 * and keep them with the redistrib files they pin.
 *
 * Order of the checks (each a refusal with its reason, nothing changed):
 * the signature (a trusted key, these bytes, the trusted comment as
 * signed), the document (an index with version, generated, expires), the
 * version (above the one held: rollback), the date (not expired: freeze),
 * then each redistrib file against its pin.  Only then is anything
 * written, in an order where a crash leaves the old index or the new one
 * (see cds_update() in cds.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "base/crypto.h"
#include "fetch/fetch.h"
#include "sys/http.h"
#include "read/manifest.h"
#include "fetch/update.h"

static void
copy_field(char *dst, size_t size, const char *v)
{
	snprintf(dst, size, "%s", v);
}

int
cds_index_state_read(cds_handle_t *h, const char *store,
    struct cds_index_state *st)
{
	char *path = cds_path_join(store, "state");
	char *text, *line, *save = NULL;

	memset(st, 0, sizeof(*st));
	if ((text = cds_read_file(path, 4096, NULL)) == NULL) {
		int e = errno;

		if (e == ENOENT) {
			free(path);
			return 0;
		}
		cds_seterr(h, CDS_ERR_IO, "%s: %s", path, cds_read_strerror(e));
		free(path);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '='), *end;

		if (eq == NULL) {
			continue;
		}
		*eq++ = '\0';
		if (strcmp(line, "version") == 0) {
			errno = 0;
			st->version = strtoll(eq, &end, 10);
			if (errno != 0 || *end != '\0' || st->version < 0) {
				cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: version: "
				    "\"%s\" is not a number", path, eq);
				free(text);
				free(path);
				return -1;
			}
		} else if (strcmp(line, "sha256") == 0 && cds_is_sha256(eq)) {
			copy_field(st->sha256, sizeof(st->sha256), eq);
		} else if (strcmp(line, "expires") == 0) {
			copy_field(st->expires, sizeof(st->expires), eq);
		} else if (strcmp(line, "generated") == 0) {
			copy_field(st->generated, sizeof(st->generated), eq);
		}
	}
	free(text);
	free(path);
	return 0;
}

/* URL's directory with "/" + NAME, or NAME on BASE (a mirror). */
static char *
beside(const char *url, const char *name)
{
	const char *slash = strrchr(url, '/');

	return cds_xasprintf("%.*s/%s", slash != NULL ? (int)(slash - url) :
	    (int)strlen(url), url, name);
}

static char *
on_base(const char *base, const char *name)
{
	size_t n = strlen(base);

	return cds_xasprintf("%.*s/%s", (int)(n > 0 && base[n - 1] == '/' ?
	    n - 1 : n), base, name);
}

/* A fetched index, checked. */
struct got {
	char *url;
	char *text;
	size_t len;
	char *sig;
	size_t siglen;
	char keyid[17];
	char sha256[65];
	struct cds_manifest *m;
};

static void
got_clear(struct got *g)
{
	free(g->url);
	free(g->text);
	free(g->sig);
	cds_manifest_free(g->m);
	memset(g, 0, sizeof(*g));
}

static int
is_refusal(int err)
{
	return err == CDS_ERR_SIGNATURE || err == CDS_ERR_ROLLBACK ||
	    err == CDS_ERR_EXPIRED || err == CDS_ERR_MANIFEST ||
	    err == CDS_ERR_CHECKSUM;
}

/*
 * Fetch URL and URL.minisig and check signature, document, version and
 * date against FLOOR (the version held, and its digest FLOOR_SHA).
 * 0 with G filled (G->m NULL when the index is the one held), or -1.
 */
static int
fetch_checked(cds_handle_t *h, const char *url, long long floor,
    const char *floor_sha, int allow_expired, struct got *g)
{
	char *sigurl = cds_xasprintf("%s.minisig", url);
	struct cds_manifest *m;
	char *dir;
	int ret = -1;

	memset(g, 0, sizeof(*g));
	g->url = cds_xstrdup(url);
	if ((g->text = cds_dl_fetch_small(h, url, CDS_UPDATE_MAX_INDEX,
	    &g->len)) == NULL || (g->sig = cds_dl_fetch_small(h, sigurl,
	    CDS_MS_MAX_FILE, &g->siglen)) == NULL) {
		goto out;	/* error set by cds_dl_fetch_small */
	}
	if (cds_index_verify(h, url, g->text, g->len, sigurl, g->sig,
	    g->siglen, g->keyid) == -1) {
		goto out;
	}
	if (memchr(g->text, '\0', g->len) != NULL) {
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: holds a NUL byte", url);
		goto out;
	}
	cds_sha256_buf(g->text, g->len, g->sha256);
	dir = cds_dirname(url);
	m = cds_index_parse(h, url, dir, g->text);
	free(dir);
	if (m == NULL) {
		goto out;	/* error set by cds_index_parse */
	}
	g->m = m;
	if (m->version == 0 || m->generated == NULL || m->expires == NULL) {
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: an index `update` takes "
		    "carries \"version\", \"generated\" and \"expires\"", url);
		goto out;
	}
	if (m->version < floor) {
		cds_seterr(h, CDS_ERR_ROLLBACK, "%s: version %lld is older "
		    "than version %lld, the index held (a rollback)", url,
		    m->version, floor);
		goto out;
	}
	if (m->version == floor) {
		if (floor_sha != NULL && strcasecmp(floor_sha, g->sha256) ==
		    0) {
			cds_manifest_free(g->m);
			g->m = NULL;	/* the index held */
			ret = 0;
			goto out;
		}
		cds_seterr(h, CDS_ERR_ROLLBACK, "%s: version %lld is the "
		    "version held, with other contents; a new index needs a "
		    "higher version", url, m->version);
		goto out;
	}
	if (time(NULL) >= m->expires_t) {
		if (!allow_expired) {
			char v[32];

			snprintf(v, sizeof(v), "%lld", m->version);
			cds_seterr_why(h, CDS_ERR_EXPIRED, CDS_REASON_EXPIRED,
			    CDS_ERRNAMES({ CDS_ERRARG_URL, url },
			    { CDS_ERRARG_VERSION, v }, { CDS_ERRARG_OTHER,
			    m->generated }, { CDS_ERRARG_MAX, m->expires },
			    { CDS_ERRARG_OPTION, "allow-expired" }), "%s: "
			    "version %s (generated %s) expired on %s; a server "
			    "that serves a stale copy keeps old releases and "
			    "fixes from you", url, v, m->generated,
			    m->expires);
			goto out;
		}
	}
	ret = 0;
out:
	free(sigurl);
	return ret;
}

/* The first good source of a redistrib file REL pinned to SHA: the kept
 * index's copy, the shipped one, then the mirrors and the index's
 * directory.  A new buffer, or NULL. */
static char *
get_redistrib(cds_handle_t *h, const char *rel, const char *sha,
    const char *url, const char *kept_dir, size_t *len, int *fetched)
{
	char *local[2], *data = NULL, digest[65];
	char *shipped = cds_index_shipped_path(), *sdir = cds_dirname(shipped);
	struct cds_errsave first = {0};
	size_t i;

	*fetched = 0;
	local[0] = kept_dir != NULL ? cds_path_join(kept_dir, rel) : NULL;
	local[1] = cds_path_join(sdir, rel);
	free(shipped);
	free(sdir);
	for (i = 0; i < 2 && data == NULL; i++) {
		if (local[i] == NULL || (data = cds_read_file(local[i],
		    CDS_UPDATE_MAX_INDEX, len)) == NULL) {
			continue;
		}
		if (cds_sha256_buf(data, *len, digest) == -1 ||
		    strcasecmp(digest, sha) != 0) {
			free(data);
			data = NULL;
		}
	}
	free(local[0]);
	free(local[1]);
	if (data != NULL) {
		return data;
	}
	for (i = 0; i <= h->mirrors.n; i++) {
		char *u = i < h->mirrors.n ? on_base(h->mirrors.v[i], rel) :
		    beside(url, rel);

		data = cds_dl_fetch_small(h, u, CDS_UPDATE_MAX_INDEX, len);
		if (data != NULL && (cds_sha256_buf(data, *len, digest) ==
		    -1 || strcasecmp(digest, sha) != 0)) {
			cds_seterr(h, CDS_ERR_CHECKSUM, "%s: SHA-256 is %s, "
			    "the signed index pins %s", u, digest, sha);
			free(data);
			data = NULL;
		}
		if (data == NULL && (first.err == CDS_ERR_OK ||
		    (is_refusal(cds_errno(h)) && !is_refusal(first.err)))) {
			cds_err_copy(h, &first);
		}
		free(u);
		if (data != NULL) {
			*fetched = 1;
			break;
		}
	}
	if (data == NULL) {
		cds_err_put(h, &first);
	}
	cds_errsave_free(&first);
	return data;
}

/* Write NAME under DIR (its directories made), fsynced and renamed. */
static int
put(cds_handle_t *h, const char *dir, const char *name, const void *data,
    size_t len)
{
	char *path = cds_path_join(dir, name), *pdir = cds_dirname(path);
	int ret = 0;

	if (cds_mkdir_p(pdir, 0755) == -1 ||
	    cds_write_file_atomic(path, data, len, 0644) == -1) {
		ret = cds_seterr_sys(h, cds_errno_code(errno), path, errno);
	}
	free(pdir);
	free(path);
	return ret;
}

/* Stage the index, its signature and its redistrib files in STAGE. */
static int
stage(cds_handle_t *h, const struct got *g, const char *stage,
    const char *kept_dir, struct cds_update_result *res)
{
	const struct cds_manifest *m = g->m;
	size_t i;

	if (put(h, stage, "index.json", g->text, g->len) == -1 ||
	    put(h, stage, "index.json.minisig", g->sig, g->siglen) == -1) {
		return -1;
	}
	for (i = 0; i < m->nreleases; i++) {
		const struct cds_release *r = &m->releases[i];
		char *data;
		size_t len = 0;
		int fetched;

		if (cds_startswith(r->redistrib, "https://")) {
			/* read from there, pinned, when used */
			continue;
		}
		if (cds_name_bad(CDS_NAME_PATH, r->redistrib) != NULL) {
			return cds_seterr(h, CDS_ERR_MANIFEST, "%s: release "
			    "%s: redistrib \"%s\" is not a relative path",
			    g->url, r->version, r->redistrib);
		}
		if (r->redistrib_sha256 == NULL) {
			return cds_seterr(h, CDS_ERR_MANIFEST, "%s: release "
			    "%s: %s is not pinned (no sha256)", g->url,
			    r->version, r->redistrib);
		}
		data = get_redistrib(h, r->redistrib, r->redistrib_sha256,
		    g->url, kept_dir, &len, &fetched);
		if (data == NULL) {
			return -1;	/* error set by get_redistrib */
		}
		if (put(h, stage, r->redistrib, data, len) == -1) {
			free(data);
			return -1;
		}
		free(data);
		if (fetched) {
			res->fetched++;
		} else {
			res->reused++;
		}
	}
	return 0;
}

/* Remove what earlier runs left in STORE, a run killed at any point
 * included: versions other than KEEP (NULL: all), stages, a temporary
 * link or state.  Under the store's lock (lock_store), so no other run's
 * stage is taken. */
static void
tidy(const char *store, const char *keep)
{
	char **names = cds_listdir(store), **p;

	for (p = names; p != NULL && *p != NULL; p++) {
		char *path;

		if (keep != NULL && strcmp(*p, keep) == 0) {
			continue;
		}
		if (**p != 'v' && !cds_startswith(*p, ".stage-") &&
		    !cds_startswith(*p, ".current.tmp.") &&
		    !cds_is_tmp_of(*p, "state")) {
			continue;
		}
		path = cds_path_join(store, *p);
		cds_rm_rf(path);
		free(path);
	}
	cds_strfreev(names);
}

/* Take STORE's lock (STORE/.lock), waiting while another update holds it:
 * two at once would each remove the other's stage and version.  The fd,
 * or -1 with the error set. */
static int
lock_store(cds_handle_t *h, const char *store)
{
	char *path = cds_path_join(store, ".lock");
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd == -1 || flock(fd, LOCK_EX) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), path, errno);
		if (fd != -1) {
			close(fd);
		}
		fd = -1;
	}
	free(path);
	return fd;
}

/* What STORE's current link names (the caller's), or NULL. */
static char *
current_name(const char *store)
{
	char *link = cds_path_join(store, "current");
	char *target = cds_readlink(link);

	free(link);
	return target;
}

/* Make the staged index the kept one: STAGE renamed to vN, the current
 * link flipped, the state written. */
static int
commit(cds_handle_t *h, const char *store, const char *stage,
    const struct got *g)
{
	char vname[32], *vdir, *link, *tmp, *state;
	int ret = -1;

	snprintf(vname, sizeof(vname), "v%lld", g->m->version);
	vdir = cds_path_join(store, vname);
	if (cds_exists(vdir)) {
		/* the same version again (a run killed before it wrote the
		 * state): current may name it, so it stays until the flip */
		snprintf(vname, sizeof(vname), "v%lld-%ld", g->m->version,
		    (long)getpid());
		free(vdir);
		vdir = cds_path_join(store, vname);
	}
	link = cds_path_join(store, "current");
	tmp = cds_xasprintf("%s/.current.tmp.%ld", store, (long)getpid());
	if (rename(stage, vdir) == -1 || cds_sync_dir(store) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), vdir, errno);
		goto out;
	}
	unlink(tmp);
	if (symlink(vname, tmp) == -1 || rename(tmp, link) == -1 ||
	    cds_sync_dir(store) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), link, errno);
		unlink(tmp);
		goto out;
	}
	state = cds_xasprintf("version=%lld\nsha256=%s\ngenerated=%s\n"
	    "expires=%s\n", g->m->version, g->sha256, g->m->generated,
	    g->m->expires);
	if (put(h, store, "state", state, strlen(state)) == 0) {
		ret = 0;
		tidy(store, vname);
	}
	free(state);
out:
	free(tmp);
	free(link);
	free(vdir);
	return ret;
}

static void
fill_result(struct cds_update_result *res, const struct got *g,
    const char *store)
{
	res->url = cds_xstrdup(g->url);
	res->keyid = cds_xstrdup(g->keyid);
	res->path = cds_path_join(store, "current/index.json");
	if (g->m != NULL) {
		res->version = g->m->version;
		res->generated = cds_xstrdup(g->m->generated);
		res->expires = cds_xstrdup(g->m->expires);
	}
}

/* The URL to update from: REQ's, else the update_url of the index in use
 * (CUR).  NULL, the error set, when there is none or it is not http(s). */
static char *
update_url(cds_handle_t *h, const struct cds_update_request *req,
    const struct cds_manifest *cur)
{
	char *url;

	if (req->url != NULL) {
		url = cds_xstrdup(req->url);
	} else if (cur != NULL && cur->update_url != NULL) {
		url = cds_xstrdup(cur->update_url);
	} else {
		cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_NO_URL,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "url" }), "no URL to "
		    "update from: none given, and the index in use names "
		    "none");
		return NULL;
	}
	if (!cds_startswith(url, "https://") &&
	    !cds_startswith(url, "http://")) {
		cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_BAD_URL,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "url" },
		    { CDS_ERRARG_VALUE, url }, { CDS_ERRARG_KNOWN,
		    "http, https" }), "url %s: not an http(s) URL", url);
		free(url);
		return NULL;
	}
	return url;
}

/* Fetch and check the index (into G) from each mirror (a copy of URL's
 * directory) in turn, then from URL, until one passes.  When none does,
 * the error is the first refusal (a check that failed, over a network
 * error), else the first error; a mirror's error is logged as a warning. */
static int
fetch_from_any(cds_handle_t *h, const char *url, long long floor,
    const char *floor_sha, int allow_expired, struct got *g)
{
	struct cds_errsave first = {0};
	size_t i;

	for (i = 0; i <= h->mirrors.n; i++) {
		char *u = i < h->mirrors.n ? on_base(h->mirrors.v[i],
		    cds_basename(url)) : cds_xstrdup(url);

		if (fetch_checked(h, u, floor, floor_sha, allow_expired,
		    g) == 0) {
			free(u);
			cds_errsave_free(&first);
			return 0;
		}
		if (first.err == CDS_ERR_OK || (is_refusal(cds_errno(h)) &&
		    !is_refusal(first.err))) {
			cds_err_copy(h, &first);
		}
		if (i < h->mirrors.n) {
			cds_log(h, CDS_LOG_WARNING, "%s", cds_errdetail(h));
		}
		got_clear(g);
		free(u);
	}
	cds_err_put(h, &first);
	cds_errsave_free(&first);
	return -1;
}

/* An expired index taken (as the request allows): warned and audited. */
static void
note_expired(cds_handle_t *h, const struct got *g,
    struct cds_update_result *res)
{
	res->expired = 1;
	cds_log(h, CDS_LOG_WARNING, "%s: version %lld expired on %s; "
	    "taken anyway, as allowed", g->url, g->m->version,
	    g->m->expires);
	cds_logaction(h, "update: accepted EXPIRED index version %lld "
	    "(expired %s) from %s (expired allowed)", g->m->version,
	    g->m->expires, g->url);
}

/* Keep G in STORE, under its lock: what a killed run left removed, G
 * staged (its redistrib files taken from KEPT_DIR, the kept index in use,
 * where they are there), then committed. */
static int
keep_index(cds_handle_t *h, const char *store, const struct got *g,
    const char *kept_dir, struct cds_update_result *res)
{
	char *stagedir, *cur;
	int fd, ret = 0;

	if (cds_mkdir_p(store, 0755) == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), store, errno);
	}
	if ((fd = lock_store(h, store)) == -1) {
		return -1;
	}
	cur = current_name(store);
	tidy(store, cur);
	free(cur);
	stagedir = cds_xasprintf("%s/.stage-%ld", store, (long)getpid());
	if (stage(h, g, stagedir, kept_dir, res) == -1 ||
	    commit(h, store, stagedir, g) == -1) {
		cds_rm_rf(stagedir);
		ret = -1;
	}
	free(stagedir);
	close(fd);
	return ret;
}

/* The index fetched is the one kept: only what a killed run left is
 * removed (STORE/state may have come before the run's end). */
static void
tidy_held(cds_handle_t *h, const char *store)
{
	char *cur;
	int fd;

	if (!cds_is_dir(store) || (fd = lock_store(h, store)) == -1) {
		cds_clearerr(h);
		return;
	}
	if ((cur = current_name(store)) != NULL) {
		tidy(store, cur);
		free(cur);
	}
	close(fd);
}

int
cds_update(cds_handle_t *h, const struct cds_update_request *req,
    struct cds_update_result *res)
{
	const struct cds_manifest *cur;
	struct cds_index_state st;
	struct got g = {0};
	char *store, *kept_dir = NULL, *url;
	const char *floor_sha = NULL;
	char shipped_sha[65];
	long long floor;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	/* the index in use: the floor, and its update_url */
	cur = cds_manifest_load(h);
	if ((url = update_url(h, req, cur)) == NULL) {
		return -1;
	}
	store = cds_index_store(h);
	if (cds_index_state_read(h, store, &st) == -1) {
		goto out;
	}
	floor = st.version;
	floor_sha = st.sha256[0] != '\0' ? st.sha256 : NULL;
	if (cur != NULL && !cur->updated && cur->version > floor) {
		floor = cur->version;	/* the shipped index is newer */
		floor_sha = cds_sha256_file(cur->path, shipped_sha) == 0 ?
		    shipped_sha : NULL;
	}
	res->previous = floor;
	if (cur != NULL && cur->updated) {
		kept_dir = cds_xstrdup(cur->dir);
	}
	if (fetch_from_any(h, url, floor, floor_sha, req->allow_expired,
	    &g) == -1) {
		goto out;
	}
	if (g.m == NULL) {
		/* already held */
		tidy_held(h, store);
		res->current = 1;
		fill_result(res, &g, store);
		res->version = floor;
		res->generated = cds_strdup0(st.generated);
		res->expires = cds_strdup0(st.expires);
		ret = 0;
		goto out;
	}
	if (time(NULL) >= g.m->expires_t) {
		note_expired(h, &g, res);
	}
	if (keep_index(h, store, &g, kept_dir, res) == -1) {
		goto out;
	}
	fill_result(res, &g, store);
	cds_logaction(h, "update: index version %lld (generated %s, expires "
	    "%s) from %s, signed by key %s; was %lld", g.m->version,
	    g.m->generated, g.m->expires, g.url, g.keyid, floor);
	/* the next cds_manifest_load() reads the new one */
	cds_manifest_free(h->manifest);
	h->manifest = NULL;
	ret = 0;
out:
	if (ret == -1) {
		cds_update_result_clear(res);
	}
	got_clear(&g);
	free(kept_dir);
	free(store);
	free(url);
	return ret;
}

void
cds_update_result_clear(struct cds_update_result *res)
{
	free(res->generated);
	free(res->expires);
	free(res->url);
	free(res->keyid);
	free(res->path);
	memset(res, 0, sizeof(*res));
}
