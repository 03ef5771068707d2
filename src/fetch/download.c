/*
 * download.c - libcurl transfers, and the pipeline that hashes them and
 * feeds the unpacker while the bytes arrive (see fetch.h for the shape).
 *
 * Everything that talks to the client (events, progress) and to curl runs
 * on the caller's thread, in one loop around a curl multi handle, which
 * also hashes every byte as it arrives and writes it to the .part.  An
 * archive being unpacked has two threads of its own: the xz decoder (with
 * liblzma's threads when it decodes blocks in parallel) and the unpacker.
 *
 * The machine's floor is every core decoding from the first second:
 * `xargs -P nproc xz -dc`, the largest archive first.  So the archives
 * start largest first, up to --jobs transfers at once, but only as many
 * decode at once as there are cores (cds_ncpu(): the affinity mask or the
 * cgroup's quota), taken in the same order: more decoders would only
 * share the cores and leave the largest archive decoding alone at the
 * end.  A transfer without a decoder runs ahead into its .part (hashed as
 * it arrives, never read twice for that); when a decoder is free, the
 * loop feeds ring A from the .part until the decoder has caught up with
 * the download, then straight from the transfer.  A decoder that falls
 * behind leaves the bytes in the .part rather than pausing the transfer;
 * one that has had every byte and waits on a slow server (STARVED_MS)
 * does not count against the cores, so an archive already downloaded
 * decodes meanwhile.
 * Only without a download cache (no .part to run ahead into) does an
 * archive wait for a decoder before its transfer starts, and a full ring A
 * pause it (CURL_WRITEFUNC_PAUSE) until the unpacker has made room and
 * woken the loop with curl_multi_wakeup().
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/crypto.h"
#include "fetch/fetch.h"
#include "sys/http.h"

#define RING_A_SIZE	((size_t)4 << 20)
#define RING_B_SIZE	((size_t)4 << 20)
#define CHUNK		((size_t)256 << 10)
#define ATTEMPTS	3	/* per URL, without progress */
#define MAX_ATTEMPTS	200	/* per archive, in all */
#define RESTARTS	1	/* from zero, when the server's file changed */
/* no byte for this long ends an attempt (unless cds_set_timeout() says) */
#define TIMEOUT_S	CDS_TIMEOUT_DEFAULT
#define TICK_MS		100
/* a decoder that has had every byte for this long waits on the network */
#define STARVED_MS	250

enum cds_arfmt
cds_arfmt_of(const char *name)
{
	static const struct {
		const char *suffix;
		enum cds_arfmt fmt;
	} t[] = {
		{ ".tar.xz", CDS_AR_TAR_XZ }, { ".txz", CDS_AR_TAR_XZ },
		{ ".tar.gz", CDS_AR_TAR_GZ }, { ".tgz", CDS_AR_TAR_GZ },
		{ ".tar.bz2", CDS_AR_TAR_BZ2 }, { ".tar", CDS_AR_TAR },
		{ ".zip", CDS_AR_ZIP }
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (cds_endswith(name, t[i].suffix)) {
			return t[i].fmt;
		}
	}
	return CDS_AR_UNKNOWN;
}

/* The first bytes every archive of a type starts with. */
static const char *
magic_of(enum cds_arfmt fmt, size_t *len)
{
	switch (fmt) {
	case CDS_AR_TAR_XZ:
		*len = 6;
		return "\xfd" "7zXZ\0";
	case CDS_AR_TAR_GZ:
		*len = 2;
		return "\x1f\x8b";
	case CDS_AR_TAR_BZ2:
		*len = 3;
		return "BZh";
	case CDS_AR_ZIP:
		*len = 2;
		return "PK";
	default:
		*len = 0;
		return "";
	}
}

static const char *
fmt_word(enum cds_arfmt fmt)
{
	switch (fmt) {
	case CDS_AR_TAR_XZ:
		return "xz";
	case CDS_AR_TAR_GZ:
		return "gzip";
	case CDS_AR_TAR_BZ2:
		return "bzip2";
	case CDS_AR_ZIP:
		return "zip";
	default:
		return "tar";
	}
}

/* ------------------------------------------------------------------------ */
/* Archives                                                                  */
/* ------------------------------------------------------------------------ */

enum state {
	ST_QUEUED = 0,
	ST_LOCAL,	/* reading the cache or a .part */
	ST_NET,		/* a transfer is in the multi handle */
	ST_RETRY,	/* waiting for retry_at */
	ST_HOSTWAIT,	/* waiting for another item's probe of the host */
	ST_WAITDEC,	/* no .part to run ahead into: waits for a
			   decoder before it reads a byte */
	ST_DRAIN,	/* all bytes in and verified; unpacking ends */
	ST_DONE
};

/* What to do after an attempt failed. */
enum next {
	NX_RETRY = 1,	/* the same URL again, after a delay */
	NX_URL,		/* the next URL */
	NX_FAIL,	/* give up on this archive */
	NX_RESTART,	/* from byte 0 */
	NX_HOST		/* the host cannot be reached: every archive
			   passes it over */
};

struct run;
struct host;

struct item {
	struct run *run;
	cds_handle_t *h;
	struct cds_fetch *f;
	const struct cds_archive *a;
	const char *name;
	enum cds_arfmt fmt;
	enum state st;
	char *final;		/* <cache>/<relative_path>, or NULL */
	char *part;
	int part_fd;
	int src_fd;		/* ST_LOCAL: the file being read */
	uint64_t src_left;
	int from_cache;		/* the source is the whole cached file */
	int src_url;		/* the source is a file:// URL */
	uint64_t prefix;	/* bytes of an earlier run's .part used */
	unsigned char *buf;	/* for reading files */
	EVP_MD_CTX *md;
	uint64_t received;	/* hashed and passed on (atomic) */

	CURL *c;
	int in_multi;
	size_t url;
	struct host *host;	/* of the URL being tried (http, https) */
	int fails;		/* on this URL, without progress */
	int attempts;
	double retry_at;
	double last_data;
	uint64_t att_start;
	uint64_t req_off;
	int paused;
	size_t need;
	int checked;		/* response headers looked at */
	uint64_t skip;		/* Range ignored: bytes to compare */
	EVP_MD_CTX *skip_md;
	unsigned char prefix_md[EVP_MAX_MD_SIZE];
	unsigned char sniff[8];
	size_t nsniff;
	int sniffed;
	int have_cr;
	uint64_t cr_start;
	uint64_t cr_total;	/* UINT64_MAX when "*" */
	int xerr;		/* why a callback stopped the transfer */
	enum next xnext;
	char *xdetail;
	char errbuf[CURL_ERROR_SIZE];
	struct cds_buf failures;
	int first_err;
	int other_fail;		/* a URL failed for a reason of its own, not
				   its host's */
	int hosts_down;		/* it failed because every server of its
				   URLs was down */
	int ex_started;		/* EXTRACT_START was emitted */
	int dl_started;		/* DOWNLOAD_START was emitted */
	int dl_done;

	struct cds_ring ra, rb;
	struct cds_xz dec;
	struct cds_unpack un;
	pthread_t tdec, tun;
	int running;
	int has_dec;		/* holds one of the run's decoders */
	uint64_t fed;		/* bytes put into ring A (atomic: the
				   unpacker's bound when the size is unknown) */
	int fed_all;		/* ring A closed after the last byte */
	double caught_up;	/* since when the decoder has had every byte
				   fed while the transfer goes on (0: not) */
	int dec_done, un_done;	/* atomic */
	double dec_cpu, un_cpu;	/* CPU seconds of each stage's thread (not
				   liblzma's threads), set before its _done
				   flag */
	int stage_failed;	/* a stage gave up while bytes still came */
	int dirfd;
	int restarts;
	double last_progress;

	int err;
	char *detail;
};

struct run {
	cds_handle_t *h;
	CURLM *multi;
	uint64_t memlimit;	/* for each archive's xz decoder */
	size_t ndec;		/* archives decoded at once, at most */
	struct host **hosts;	/* the servers of the URLs tried so far */
	size_t nhosts;
};

/* ------------------------------------------------------------------------ */
/* Hosts: one probe each                                                     */
/* ------------------------------------------------------------------------ */

/*
 * The first transfer to a server is its probe; the other archives for it
 * wait until it answers.  A name that does not resolve, a refused or
 * unroutable connection or a certificate that does not verify is the
 * server's, not an archive's: the server is down for the rest of the run,
 * said once (CDS_EV_HOST_DOWN), and every archive passes it over at once,
 * without retries.  A probe that times out keeps its retries; when they
 * are spent without an answer, the server is down too.  Once a server has
 * answered, each archive retries on its own (a stall, a 5xx).
 */
enum hstate {
	HS_UNKNOWN = 0,	/* not tried yet (or its probe stopped for a
			   reason of its own) */
	HS_PROBING,	/* `prober` is finding out */
	HS_UP,		/* it answered */
	HS_DOWN		/* it cannot be reached */
};

struct host {
	char *key;		/* scheme://name:port */
	char *name;		/* name, with :port when not the default */
	enum hstate st;
	struct item *prober;
	int err;		/* HS_DOWN: CDS_ERR_NETWORK or CDS_ERR_TLS */
	enum cds_net_reason reason;
	char *detail;		/* HS_DOWN: libcurl's words */
};

/* The server of URL (found or added), or NULL when it cannot be parsed
 * (curl then says why). */
static struct host *
host_of(struct run *r, const char *url)
{
	CURLU *u = NET(curl_url)();
	char *scheme = NULL, *name = NULL, *port = NULL, *given = NULL, *key;
	struct host *hs = NULL;
	size_t i;

	if (u == NULL ||
	    NET(curl_url_set)(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    NET(curl_url_get)(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
	    NET(curl_url_get)(u, CURLUPART_HOST, &name, 0) != CURLUE_OK ||
	    NET(curl_url_get)(u, CURLUPART_PORT, &port,
	    CURLU_DEFAULT_PORT) != CURLUE_OK) {
		goto out;
	}
	key = cds_xasprintf("%s://%s:%s", scheme, name, port);
	for (i = 0; i < r->nhosts; i++) {
		if (strcmp(r->hosts[i]->key, key) == 0) {
			hs = r->hosts[i];
			free(key);
			goto out;
		}
	}
	hs = cds_xcalloc(1, sizeof(*hs));
	hs->key = key;
	hs->name = NET(curl_url_get)(u, CURLUPART_PORT, &given, 0) ==
	    CURLUE_OK ? cds_xasprintf("%s:%s", name, given) :
	    cds_xstrdup(name);
	r->hosts = cds_xrealloc(r->hosts, (r->nhosts + 1) *
	    sizeof(*r->hosts));
	r->hosts[r->nhosts++] = hs;
out:
	NET(curl_free)(scheme);
	NET(curl_free)(name);
	NET(curl_free)(port);
	NET(curl_free)(given);
	NET(curl_url_cleanup)(u);
	return hs;
}

/* The item's server answered. */
static void
host_up(struct item *it)
{
	struct host *hs = it->host;

	if (hs != NULL && hs->st != HS_DOWN) {
		hs->st = HS_UP;
		hs->prober = NULL;
	}
}

/* The item stops trying its server before it answered: another item may
 * probe it. */
static void
host_leave(struct item *it)
{
	struct host *hs = it->host;

	if (hs != NULL && hs->st == HS_PROBING && hs->prober == it) {
		hs->st = HS_UNKNOWN;
		hs->prober = NULL;
	}
	it->host = NULL;
}

static const char *
reason_word(enum cds_net_reason reason)
{
	switch (reason) {
	case CDS_NET_DNS:
		return "dns";
	case CDS_NET_PROXY:
		return "proxy";
	case CDS_NET_REFUSED:
		return "refused";
	case CDS_NET_UNREACHABLE:
		return "unreachable";
	case CDS_NET_TLS:
		return "tls";
	case CDS_NET_TIMEOUT:
		return "timeout";
	case CDS_NET_OTHER:
		break;
	}
	return "connection";
}

/* The item's server cannot be reached: down for the whole run. */
static void
host_down(struct item *it, int err, enum cds_net_reason reason,
    const char *detail)
{
	struct host *hs = it->host;
	struct cds_event ev = {0};

	if (hs == NULL || hs->st == HS_DOWN) {
		return;
	}
	hs->st = HS_DOWN;
	hs->prober = NULL;
	hs->err = err;
	hs->reason = reason;
	hs->detail = cds_xstrdup(detail);
	cds_log(it->h, CDS_LOG_DEBUG, "%s: down (%s): %s", hs->name,
	    reason_word(reason), detail);
	ev.type = CDS_EV_HOST_DOWN;
	ev.u.host.host = hs->name;
	ev.u.host.url = it->f->urls[it->url];
	ev.u.host.reason = reason;
	ev.u.host.err = err;
	ev.u.host.detail = detail;
	cds_emit(it->h, &ev);
}

/* The run's error when archives failed because their servers are down:
 * each server and why, once, rather than an archive's URLs. */
static void
hosts_error(cds_handle_t *h, const struct run *r, int err)
{
	struct cds_buf b = {0}, names = {0};
	size_t i;

	for (i = 0; i < r->nhosts; i++) {
		const struct host *hs = r->hosts[i];

		if (hs->st == HS_DOWN) {
			cds_buf_addf(&b, "%s%s: %s (%s)", b.len > 0 ? "; " : "",
			    hs->name, reason_word(hs->reason), hs->detail);
			cds_buf_addf(&names, "%s%s", names.len > 0 ? ", " :
			    "", hs->name);
		}
	}
	cds_seterr_why(h, err, CDS_REASON_SERVERS_DOWN, CDS_ERRNAMES(
	    { CDS_ERRARG_KNOWN, names.s != NULL ? names.s : "" },
	    { CDS_ERRARG_WHY, b.s != NULL ? b.s : "" }),
	    "%s", b.s != NULL ? b.s : "");
	cds_buf_free(&b);
	cds_buf_free(&names);
}

static void
hosts_free(struct run *r)
{
	size_t i;

	for (i = 0; i < r->nhosts; i++) {
		free(r->hosts[i]->key);
		free(r->hosts[i]->name);
		free(r->hosts[i]->detail);
		free(r->hosts[i]);
	}
	free(r->hosts);
}

static void
wake_run(void *ctx)
{
	struct run *r = ctx;

	NET(curl_multi_wakeup)(r->multi);
}

static void
emit_step(struct item *it, enum cds_event_type type, const char *path,
    int err)
{
	struct cds_event ev = {0};

	ev.type = type;
	ev.u.step.name = it->name;
	ev.u.step.path = path;
	ev.u.step.err = err;
	cds_emit(it->h, &ev);
}

static void
emit_progress(struct item *it, int force)
{
	double now = cds_now_ms();
	uint64_t total = it->a->size;

	if (!force && now - it->last_progress < TICK_MS) {
		return;
	}
	it->last_progress = now;
	if (it->st == ST_LOCAL && it->from_cache) {
		cds_progress(it->h, it->name, CDS_PHASE_VERIFY, it->received,
		    total);
	} else if (it->st != ST_DRAIN && it->st != ST_DONE) {
		cds_progress(it->h, it->name, CDS_PHASE_DOWNLOAD,
		    it->received, total);
	}
	if (it->running) {
		cds_progress(it->h, it->name, CDS_PHASE_EXTRACT,
		    cds_ring_consumed(&it->ra), total);
	}
}

static void *
dec_main(void *p)
{
	struct item *it = p;

	cds_xz_run(&it->dec);
	it->dec_cpu = cds_thread_cpu_s();
	__atomic_store_n(&it->dec_done, 1, __ATOMIC_RELEASE);
	wake_run(it->run);
	return NULL;
}

static void *
un_main(void *p)
{
	struct item *it = p;

	cds_unpack_run(&it->un);
	it->un_cpu = cds_thread_cpu_s();
	__atomic_store_n(&it->un_done, 1, __ATOMIC_RELEASE);
	wake_run(it->run);
	return NULL;
}

static void
stage_err_clear(struct cds_stage_err *e)
{
	free(e->detail);
	memset(e, 0, sizeof(*e));
}

static int
pipeline_start(struct item *it)
{
	int xz = it->fmt == CDS_AR_TAR_XZ;

	cds_ring_reset(&it->ra);
	cds_ring_reset(&it->rb);
	stage_err_clear(&it->dec.e);
	stage_err_clear(&it->un.e);
	it->dec_done = it->un_done = 0;
	it->stage_failed = 0;
	__atomic_store_n(&it->fed, 0, __ATOMIC_RELAXED);
	it->fed_all = 0;

	it->dec.in = &it->ra;
	it->dec.out = &it->rb;
	it->dec.name = it->name;
	it->dec.memlimit = it->run->memlimit;
	it->dec.threads = (uint32_t)cds_ncpu();
	it->dec.size = it->a->size;

	it->un.in = xz ? &it->rb : &it->ra;
	it->un.peer = xz ? &it->ra : NULL;
	it->un.fmt = it->fmt;
	it->un.name = it->name;
	it->un.dirfd = it->dirfd;
	it->un.csize = it->a->size;
	it->un.cseen = &it->fed;
	it->un.bytes = it->un.entries = 0;

	if (xz && pthread_create(&it->tdec, NULL, dec_main, it) != 0) {
		return -1;
	}
	if (pthread_create(&it->tun, NULL, un_main, it) != 0) {
		if (xz) {
			cds_ring_abort(&it->ra);
			cds_ring_abort(&it->rb);
			pthread_join(it->tdec, NULL);
		}
		return -1;
	}
	it->running = 1;
	return 0;
}

static void
pipeline_stop(struct item *it)
{
	if (!it->running) {
		return;
	}
	cds_ring_abort(&it->ra);
	cds_ring_abort(&it->rb);
	if (it->fmt == CDS_AR_TAR_XZ) {
		pthread_join(it->tdec, NULL);
	}
	pthread_join(it->tun, NULL);
	it->running = 0;
}

/* Join finished stages. */
static void
pipeline_join(struct item *it)
{
	if (!it->running) {
		return;
	}
	if (it->fmt == CDS_AR_TAR_XZ) {
		pthread_join(it->tdec, NULL);
	}
	pthread_join(it->tun, NULL);
	it->running = 0;
}

static int
stages_done(struct item *it)
{
	if (!__atomic_load_n(&it->un_done, __ATOMIC_ACQUIRE)) {
		return 0;
	}
	return it->fmt != CDS_AR_TAR_XZ ||
	    __atomic_load_n(&it->dec_done, __ATOMIC_ACQUIRE);
}

/* The error of the stage that gave up first (the other only echoes it). */
static const struct cds_stage_err *
stage_error(struct item *it)
{
	if (it->dec.e.err != 0 && !it->dec.e.peer) {
		return &it->dec.e;
	}
	if (it->un.e.err != 0 && !it->un.e.peer) {
		return &it->un.e;
	}
	if (it->dec.e.err != 0) {
		return &it->dec.e;
	}
	return it->un.e.err != 0 ? &it->un.e : NULL;
}

static void
stop_transfer(struct item *it)
{
	if (it->in_multi) {
		NET(curl_multi_remove_handle)(it->run->multi, it->c);
		it->in_multi = 0;
	}
	it->paused = 0;
}

static void
close_src(struct item *it)
{
	if (it->src_fd != -1 && it->src_fd != it->part_fd) {
		close(it->src_fd);
	}
	it->src_fd = -1;
	it->src_left = 0;
	it->src_url = 0;
}

/* The archive is finished, well or not. */
static void
item_end(struct item *it, int err, const char *fmt, ...) CDS_PRINTF(3, 4);

static void
item_end(struct item *it, int err, const char *fmt, ...)
{
	/* begun: its unpacker ran (an archive whose every server was down
	 * ends before a byte, and is still said to end) */
	int begun = it->running || it->st != ST_QUEUED;

	stop_transfer(it);
	host_leave(it);
	if (err != 0) {
		va_list ap;

		pipeline_stop(it);
		va_start(ap, fmt);
		free(it->detail);
		it->detail = cds_xvasprintf(fmt, ap);
		va_end(ap);
		/* a .part whose bytes are wrong must not be resumed (only
		 * ours: we hold its lock) */
		if (it->part_fd != -1 && (err == CDS_ERR_CHECKSUM ||
		    err == CDS_ERR_SIZE || err == CDS_ERR_UNSAFE_ARCHIVE ||
		    err == CDS_ERR_ARCHIVE) && it->st != ST_DRAIN) {
			unlink(it->part);
		} else if (it->part_fd != -1) {
			struct stat pst;

			/* nothing to resume: no empty .part left behind */
			if (fstat(it->part_fd, &pst) == 0 &&
			    pst.st_size == 0) {
				unlink(it->part);
			}
		}
	} else {
		pipeline_join(it);
	}
	close_src(it);
	if (it->part_fd != -1) {
		close(it->part_fd);
		it->part_fd = -1;
	}
	if (it->dl_started && !it->dl_done) {
		it->dl_done = 1;
		emit_step(it, CDS_EV_DOWNLOAD_DONE, it->part, err);
	}
	it->err = err;
	it->f->err = err;
	if (it->dl_started || it->from_cache) {
		emit_progress(it, 1);
	}
	if (begun) {
		emit_step(it, CDS_EV_EXTRACT_DONE, it->f->dest_dir, err);
	}
	it->has_dec = 0;
	it->st = ST_DONE;
}

static double
now_ms(void)
{
	return cds_now_ms();
}

static size_t on_body(char *p, size_t size, size_t nmemb, void *ud);
static size_t on_header(char *p, size_t size, size_t n, void *ud);

#if LIBCURL_VERSION_NUM >= 0x075000
/* Connected (TLS included), the request about to go: the server is up,
 * and the archives waiting for it start at the next turn rather than after
 * its answer. */
static int
on_connected(void *ud, char *ip, char *local_ip, int port, int local_port)
{
	(void)ip;
	(void)local_ip;
	(void)port;
	(void)local_port;
	host_up(ud);
	return CURL_PREREQFUNC_OK;
}
#endif

static void url_failed(struct item *it, int err, char *why);
static void host_failed(struct item *it);
static int start_file(struct item *it, const char *url);

static void
announce(struct item *it)
{
	struct cds_event ev = {0};

	if (it->dl_started) {
		return;
	}
	it->dl_started = 1;
	ev.type = CDS_EV_DOWNLOAD_START;
	ev.u.download.name = it->name;
	ev.u.download.url = it->f->urls[it->url];
	ev.u.download.size = it->a->size;
	ev.u.download.offset = it->received;
	cds_emit(it->h, &ev);
}

/* Seconds without a byte that end an attempt: the item's, else the
 * handle's (cds_set_timeout()). */
static unsigned
item_timeout(const struct item *it)
{
	if (it->f->timeout_s > 0) {
		return it->f->timeout_s;
	}
	return it->h->timeout_s > 0 ? it->h->timeout_s : TIMEOUT_S;
}

static int
start_attempt(struct item *it)
{
	const char *url = it->f->urls[it->url];
	CURL *c = it->c;

	if (cds_startswith(url, "file://")) {
		return start_file(it, url);
	}
	it->host = host_of(it->run, url);
	if (it->host != NULL) {
		switch (it->host->st) {
		case HS_DOWN:
			host_failed(it);
			return -1;
		case HS_PROBING:
			if (it->host->prober != it) {
				it->st = ST_HOSTWAIT;
				return 0;
			}
			break;
		case HS_UNKNOWN:
			it->host->st = HS_PROBING;
			it->host->prober = it;
			break;
		case HS_UP:
			break;
		}
	}
	NET(curl_easy_reset)(c);
	cds_curl_setup(c, item_timeout(it));
	NET(curl_easy_setopt)(c, CURLOPT_URL, url);
	NET(curl_easy_setopt)(c, CURLOPT_PRIVATE, it);
	NET(curl_easy_setopt)(c, CURLOPT_FAILONERROR, 1L);
	NET(curl_easy_setopt)(c, CURLOPT_BUFFERSIZE, (long)CHUNK);
	NET(curl_easy_setopt)(c, CURLOPT_ERRORBUFFER, it->errbuf);
	it->errbuf[0] = '\0';
	NET(curl_easy_setopt)(c, CURLOPT_WRITEFUNCTION, on_body);
	NET(curl_easy_setopt)(c, CURLOPT_HEADERFUNCTION, on_header);
	NET(curl_easy_setopt)(c, CURLOPT_WRITEDATA, it);
	NET(curl_easy_setopt)(c, CURLOPT_HEADERDATA, it);
#if LIBCURL_VERSION_NUM >= 0x075000
	NET(curl_easy_setopt)(c, CURLOPT_PREREQFUNCTION, on_connected);
	NET(curl_easy_setopt)(c, CURLOPT_PREREQDATA, it);
#endif
	it->req_off = it->received;
	if (it->received > 0) {
		char range[32];

		snprintf(range, sizeof(range), "%llu-",
		    (unsigned long long)it->received);
		NET(curl_easy_setopt)(c, CURLOPT_RANGE, range);
	}
	it->checked = 0;
	it->skip = 0;
	it->nsniff = 0;
	it->have_cr = 0;
	it->xerr = 0;
	free(it->xdetail);
	it->xdetail = NULL;
	it->paused = 0;
	it->att_start = it->received;
	it->last_data = now_ms();
	it->attempts++;
	announce(it);
	if (NET(curl_multi_add_handle)(it->run->multi, c) != CURLM_OK) {
		item_end(it, CDS_ERR_MEMORY, "%s: curl", it->name);
		return -1;
	}
	it->in_multi = 1;
	it->st = ST_NET;
	return 0;
}

/* Move to the next URL, or fail when there is none. */
static void
next_url(struct item *it)
{
	host_leave(it);
	it->url++;
	it->fails = 0;
	if (it->f->urls[it->url] == NULL) {
		it->hosts_down = !it->other_fail && it->first_err != 0;
		item_end(it, it->first_err, "%s: %s", it->name,
		    it->failures.s != NULL ? it->failures.s : "no URL");
		return;
	}
	it->dl_started = 0;
	start_attempt(it);
}

/* Note why a URL failed (WHY is taken). */
static void
note_failure(struct item *it, int err, char *why)
{
	cds_buf_addf(&it->failures, "%s%s", it->failures.len > 0 ? "; " : "",
	    why);
	if (it->first_err == 0) {
		it->first_err = err;
	}
	free(why);
}

/* This URL cannot serve the archive: note why and go on with the next
 * one. */
static void
url_failed(struct item *it, int err, char *why)
{
	it->other_fail = 1;
	note_failure(it, err, why);
	next_url(it);
}

/* The URL's server is down: on to the next URL, without trying it. */
static void
host_failed(struct item *it)
{
	const struct host *hs = it->host;

	note_failure(it, hs->err, cds_xasprintf("%s: %s",
	    it->f->urls[it->url], hs->detail));
	next_url(it);
}

/*
 * A file:// URL (a mirror on a local or network file system) is read
 * directly, like the cache: curl cannot pause a file transfer.  Its bytes
 * go to the .part and the cache as a download's would.
 */
static int
start_file(struct item *it, const char *url)
{
	const char *path = url + 7;
	uint64_t size = it->a->size;
	unsigned char head[8];
	struct stat st;
	size_t mlen;
	const char *magic = magic_of(it->fmt, &mlen);
	int fd;

	if (cds_startswith(path, "localhost/")) {
		path += 9;
	}
	announce(it);
	if (*path != '/' || (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		int e = *path != '/' ? EINVAL : errno;

		url_failed(it, e == ENOENT ? CDS_ERR_NOT_FOUND : CDS_ERR_IO,
		    cds_xasprintf("%s: %s", url, strerror(e)));
		return -1;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		close(fd);
		url_failed(it, CDS_ERR_NOT_FOUND, cds_xasprintf("%s: not a "
		    "file", url));
		return -1;
	}
	if ((size > 0 && (uint64_t)st.st_size != size) ||
	    (uint64_t)st.st_size < it->received) {
		close(fd);
		url_failed(it, CDS_ERR_SIZE, cds_xasprintf("%s: %lld bytes, "
		    "the manifest says %llu", url, (long long)st.st_size,
		    (unsigned long long)size));
		return -1;
	}
	if (it->received == 0 && mlen > 0 &&
	    (pread(fd, head, mlen, 0) != (ssize_t)mlen ||
	    memcmp(head, magic, mlen) != 0)) {
		close(fd);
		url_failed(it, CDS_ERR_ARCHIVE, cds_xasprintf("%s: not a %s "
		    "archive", url, fmt_word(it->fmt)));
		return -1;
	}
	it->sniffed = 1;
	it->src_fd = fd;
	it->src_left = (uint64_t)st.st_size - it->received;
	it->src_url = 1;
	it->attempts++;
	it->st = ST_LOCAL;
	return 0;
}

static void
set_fed(struct item *it, uint64_t fed)
{
	__atomic_store_n(&it->fed, fed, __ATOMIC_RELAXED);
}

/* Bytes just accepted go on to ring A when the decoder has had all those
 * before them and there is room; else they wait in the .part for feed()
 * (an archive without a .part never gets here without the room). */
static void
offer(struct item *it, const void *p, size_t n)
{
	if (it->running && it->fed == it->received &&
	    cds_ring_want(&it->ra, n)) {
		cds_ring_put(&it->ra, p, n);
		set_fed(it, it->fed + n);
	}
}

/* Bytes that belong to the archive: to the .part, the digest and ring A. */
static int
accept_bytes(struct item *it, const void *p, size_t n, int to_part)
{
	uint64_t size = it->a->size;

	if (!it->ex_started) {
		/* said when there is something to unpack, not before: an
		 * archive whose server never answers is never "unpacking" */
		it->ex_started = 1;
		emit_step(it, CDS_EV_EXTRACT_START, it->f->dest_dir, 0);
	}

	if (size > 0 && it->received + n > size) {
		it->xerr = CDS_ERR_SIZE;
		it->xnext = NX_FAIL;
		it->xdetail = cds_xasprintf("%s: the server sent more than "
		    "the %llu bytes the manifest gives", it->f->urls[it->url],
		    (unsigned long long)size);
		return -1;
	}
	if (to_part && it->part_fd != -1) {
		const char *q = p;
		size_t left = n;
		off_t off = (off_t)it->received;

		while (left > 0) {
			ssize_t w = pwrite(it->part_fd, q, left, off);

			if (w == -1 && errno == EINTR) {
				continue;
			}
			if (w <= 0) {
				int e = w == 0 ? EIO : errno;

				it->xerr = e == ENOSPC || e == EDQUOT ?
				    CDS_ERR_NO_SPACE : CDS_ERR_IO;
				it->xnext = NX_FAIL;
				it->xdetail = cds_xasprintf("%s: %s",
				    it->part, strerror(e));
				return -1;
			}
			q += w;
			left -= (size_t)w;
			off += w;
		}
	}
	CRYPTO(EVP_DigestUpdate)(it->md, p, n);
	offer(it, p, n);
	__atomic_store_n(&it->received, it->received + n, __ATOMIC_RELAXED);
	return 0;
}

/*
 * Ring A from the .part: the bytes the download wrote ahead of the
 * decoder, until it has caught up (then offer() passes them on directly).
 * 1 when more could be read at once.
 */
static int
feed(struct item *it)
{
	size_t budget = RING_A_SIZE;

	while (it->running && it->part_fd != -1 && it->fed < it->received &&
	    budget > 0) {
		uint64_t left = it->received - it->fed;
		size_t n = left < CHUNK ? (size_t)left : CHUNK;
		unsigned char *w;
		size_t span;
		ssize_t r;

		if (!cds_ring_want(&it->ra, n)) {
			return 0;	/* woken when the decoder made room */
		}
		/* read in place; the span is shorter where the ring wraps,
		 * and an aborted ring has none (the stages' end says why) */
		if ((span = cds_ring_wspan_now(&it->ra, &w)) == 0) {
			return 0;
		}
		if (n > span) {
			n = span;
		}
		r = pread(it->part_fd, w, n, (off_t)it->fed);
		if (r == -1 && errno == EINTR) {
			continue;
		}
		if (r <= 0) {
			item_end(it, CDS_ERR_IO, "%s: %s", it->part, r == 0 ?
			    "shorter than it was" : strerror(errno));
			return 0;
		}
		cds_ring_commit(&it->ra, (size_t)r);
		set_fed(it, it->fed + (uint64_t)r);
		budget -= (size_t)r < budget ? (size_t)r : budget;
	}
	return it->st != ST_DONE && it->running && it->fed < it->received;
}

/* Every byte verified: ring A ends once the decoder has them all. */
static void
feed_end(struct item *it)
{
	if (it->running && !it->fed_all && it->fed == it->received) {
		cds_ring_close(&it->ra);
		it->fed_all = 1;
	}
}

static void
set_xerr(struct item *it, int err, enum next nx, const char *fmt, ...)
    CDS_PRINTF(4, 5);

static void
set_xerr(struct item *it, int err, enum next nx, const char *fmt, ...)
{
	va_list ap;

	it->xerr = err;
	it->xnext = nx;
	free(it->xdetail);
	va_start(ap, fmt);
	it->xdetail = cds_xvasprintf(fmt, ap);
	va_end(ap);
}

/* The response's headers are in: is it the body we asked for? */
static int
check_response(struct item *it)
{
	const char *url = it->f->urls[it->url];
	uint64_t size = it->a->size;
	curl_off_t clen = -1;
	char *ctype = NULL;
	long code = 0;

	NET(curl_easy_getinfo)(it->c, CURLINFO_RESPONSE_CODE, &code);
	NET(curl_easy_getinfo)(it->c, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T,
	    &clen);
	if (it->req_off > 0 && code == 206) {
		if (!it->have_cr || it->cr_start != it->req_off ||
		    (size > 0 && it->cr_total != UINT64_MAX &&
		    it->cr_total != size)) {
			set_xerr(it, CDS_ERR_HTTP, NX_URL, "%s: the answer to "
			    "a Range request from byte %llu has a wrong "
			    "Content-Range", url,
			    (unsigned long long)it->req_off);
			return -1;
		}
		if (size > 0 && clen >= 0 &&
		    (uint64_t)clen != size - it->req_off) {
			set_xerr(it, CDS_ERR_SIZE, NX_URL, "%s: the server "
			    "offers %lld more bytes, the manifest %llu", url,
			    (long long)clen,
			    (unsigned long long)(size - it->req_off));
			return -1;
		}
		return 0;
	}
	if (code != 200) {
		set_xerr(it, CDS_ERR_HTTP, NX_URL, "%s: unexpected HTTP %ld",
		    url, code);
		return -1;
	}
	NET(curl_easy_getinfo)(it->c, CURLINFO_CONTENT_TYPE, &ctype);
	/* an error page's length says nothing: let the first bytes tell */
	if (size > 0 && clen >= 0 && (uint64_t)clen != size &&
	    (ctype == NULL || strncasecmp(ctype, "text/", 5) != 0)) {
		set_xerr(it, CDS_ERR_SIZE, NX_URL, "%s: the server offers "
		    "%lld bytes, the manifest says %llu", url,
		    (long long)clen, (unsigned long long)size);
		return -1;
	}
	if (it->req_off > 0) {
		/* Range ignored: the body starts at byte 0 again.  Compare
		 * what we have with it rather than trusting it. */
		EVP_MD_CTX *tmp = CRYPTO(EVP_MD_CTX_new)();
		unsigned int len = 0;

		if (tmp == NULL || it->skip_md == NULL) {
			CRYPTO(EVP_MD_CTX_free)(tmp);
			set_xerr(it, CDS_ERR_MEMORY, NX_FAIL, "%s", url);
			return -1;
		}
		CRYPTO(EVP_MD_CTX_copy_ex)(tmp, it->md);
		CRYPTO(EVP_DigestFinal_ex)(tmp, it->prefix_md, &len);
		CRYPTO(EVP_MD_CTX_free)(tmp);
		CRYPTO(EVP_DigestInit_ex)(it->skip_md, CRYPTO(EVP_sha256)(),
		    NULL);
		it->skip = it->req_off;
		cds_log(it->h, CDS_LOG_DEBUG, "%s: Range ignored, comparing "
		    "the first %llu bytes", url,
		    (unsigned long long)it->req_off);
	}
	return 0;
}

/* Content-Range: bytes S-E/T (T may be "*"); reset at each status line,
 * since redirects bring several responses. */
static size_t
on_header(char *p, size_t size, size_t n, void *ud)
{
	struct item *it = ud;
	size_t len = size * n;

	if (len >= 5 && strncmp(p, "HTTP/", 5) == 0) {
		it->have_cr = 0;
		host_up(it);
	} else if (len > 14 && strncasecmp(p, "Content-Range:", 14) == 0) {
		char buf[128], *q;
		unsigned long long s, e;

		snprintf(buf, sizeof(buf), "%.*s", (int)(len - 14), p + 14);
		q = cds_strtrim(buf);
		if (sscanf(q, "bytes %llu-%llu/", &s, &e) == 2) {
			char *slash = strchr(q, '/');

			it->have_cr = 1;
			it->cr_start = s;
			it->cr_total = slash != NULL && slash[1] != '*' ?
			    strtoull(slash + 1, NULL, 10) : UINT64_MAX;
		}
	}
	return len;
}

static size_t
on_body(char *p, size_t size, size_t nmemb, void *ud)
{
	struct item *it = ud;
	size_t n = size * nmemb, skip, pass, mlen;
	const char *magic = magic_of(it->fmt, &mlen);

	if (!it->checked) {
		if (check_response(it) == -1) {
			return 0;
		}
		it->checked = 1;
	}
	skip = n < it->skip ? n : (size_t)it->skip;
	pass = n - skip;
	if (pass > it->ra.cap / 2) {
		set_xerr(it, CDS_ERR_MEMORY, NX_FAIL, "%s: a %zu-byte write",
		    it->f->urls[it->url], pass);
		return 0;
	}
	if (pass > 0 && it->part_fd == -1 && !cds_ring_want(&it->ra, pass)) {
		/* nowhere to run ahead to */
		it->paused = 1;
		it->need = pass;
		return CURL_WRITEFUNC_PAUSE;
	}
	it->last_data = now_ms();
	if (skip > 0) {
		CRYPTO(EVP_DigestUpdate)(it->skip_md, p, skip);
		it->skip -= skip;
		p += skip;
		if (it->skip == 0) {
			unsigned char md[EVP_MAX_MD_SIZE];
			unsigned int len = 0;

			CRYPTO(EVP_DigestFinal_ex)(it->skip_md, md, &len);
			if (memcmp(md, it->prefix_md, len) != 0) {
				set_xerr(it, CDS_ERR_CHECKSUM, NX_RESTART,
				    "%s: the file on the server differs from "
				    "the part already downloaded",
				    it->f->urls[it->url]);
				return 0;
			}
		}
	}
	if (pass == 0) {
		return n;
	}
	if (it->received == 0 && !it->sniffed && mlen > 0) {
		size_t k = mlen - it->nsniff;

		if (k > pass) {
			k = pass;
		}
		memcpy(it->sniff + it->nsniff, p, k);
		it->nsniff += k;
		p += k;
		pass -= k;
		if (it->nsniff < mlen) {
			return n;
		}
		if (memcmp(it->sniff, magic, mlen) != 0) {
			char *ct = NULL;

			NET(curl_easy_getinfo)(it->c, CURLINFO_CONTENT_TYPE,
			    &ct);
			set_xerr(it, CDS_ERR_HTTP, NX_URL, "%s: the body is "
			    "not a %s archive (%s)", it->f->urls[it->url],
			    fmt_word(it->fmt), ct != NULL ? ct :
			    "no Content-Type");
			return 0;
		}
		it->sniffed = 1;
		if (accept_bytes(it, it->sniff, it->nsniff, 1) == -1) {
			return 0;
		}
	}
	if (pass > 0 && accept_bytes(it, p, pass, 1) == -1) {
		return 0;
	}
	return n;
}

static void restart(struct item *it, const char *why);

/* Every byte is in: check the digest, then let the unpacker finish. */
static void
source_done(struct item *it)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	char hex[65];
	const char *path = it->from_cache ? it->final : it->part;

	stop_transfer(it);
	close_src(it);
	if (it->dl_started && !it->dl_done) {
		it->dl_done = 1;
		emit_progress(it, 1);
		emit_step(it, CDS_EV_DOWNLOAD_DONE, it->part, 0);
	}
	if (!it->from_cache) {
		emit_step(it, CDS_EV_VERIFY_START, path, 0);
	}
	CRYPTO(EVP_DigestFinal_ex)(it->md, md, &len);
	cds_sha256_hex(md, hex);
	if (it->a->size > 0 && it->received != it->a->size) {
		emit_step(it, CDS_EV_VERIFY_DONE, path, CDS_ERR_SIZE);
		item_end(it, CDS_ERR_SIZE, "%s: %llu bytes, the manifest says "
		    "%llu", it->name, (unsigned long long)it->received,
		    (unsigned long long)it->a->size);
		return;
	}
	if (strcasecmp(hex, it->a->sha256) != 0) {
		const struct cds_stage_err *se = stage_error(it);

		emit_step(it, CDS_EV_VERIFY_DONE, path, CDS_ERR_CHECKSUM);
		if (it->from_cache && it->f->user_cache) {
			/* the user's file: said, never deleted */
			item_end(it, CDS_ERR_CHECKSUM, "%s: SHA-256 is %s, the "
			    "manifest says %s; the cache is yours, so it is "
			    "left as it is (move it away, or use another "
			    "cache directory)", it->final, hex, it->a->sha256);
			return;
		}
		if (it->from_cache) {
			/* a damaged cache copy: fetch it again */
			unlink(it->final);
			if (!it->h->offline && it->f->urls != NULL &&
			    it->f->urls[0] != NULL &&
			    it->restarts < RESTARTS) {
				restart(it, "the cached copy is damaged");
				return;
			}
		} else if (it->prefix > 0 && it->restarts < RESTARTS) {
			/* an old .part may hold bytes of another file */
			restart(it, "the resumed download does not verify");
			return;
		}
		item_end(it, CDS_ERR_CHECKSUM, "%s: SHA-256 is %s, the "
		    "manifest says %s%s%s", it->name, hex, it->a->sha256,
		    se != NULL ? "; " : "", se != NULL ? se->detail : "");
		return;
	}
	emit_step(it, CDS_EV_VERIFY_DONE, path, 0);
	it->st = ST_DRAIN;
	feed_end(it);
}

/* How the xz stage decoded: its share of cds_set_memlimit(), the decoder
 * it chose and why, and what liblzma held. */
static void
log_decoder(struct item *it)
{
	const struct cds_xz *d = &it->dec;
	double lim = (double)d->memlimit / (1 << 20);
	double blk = (double)d->block_mem / (1 << 20);
	double held = (double)d->peak_mem / (1 << 20);

	switch (d->mode) {
	case CDS_XZ_THREADED:
		cds_log(it->h, CDS_LOG_INFO, "%s: xz decoder: threaded, up to "
		    "%u threads (one per core), %.1f MiB a block, within %.1f "
		    "MiB; held %.1f MiB at most", it->name,
		    (unsigned)d->threads, blk, lim, held);
		break;
	case CDS_XZ_OVER_LIMIT:
		cds_log(it->h, CDS_LOG_INFO, "%s: xz decoder: one thread: a "
		    "block needs %.1f MiB on a thread, more than the %.1f MiB "
		    "limit; held %.1f MiB at most", it->name, blk, lim, held);
		break;
	default:
		cds_log(it->h, CDS_LOG_INFO, "%s: xz decoder: one thread: %s; "
		    "held %.1f MiB at most", it->name,
		    d->mode == CDS_XZ_NO_SIZES ? "the first block's header "
		    "carries no sizes (as xz -T1 writes it)" :
		    d->mode == CDS_XZ_ONE_CORE ? "one core" : "one block",
		    held);
		break;
	}
}

/* Unpacking finished after a verified download. */
static void
drain_done(struct item *it)
{
	const struct cds_stage_err *se;

	pipeline_join(it);
	cds_log(it->h, CDS_LOG_DEBUG, "%s: %llu bytes unpacked; CPU seconds: "
	    "xz decoder %.2f, unpacker %.2f%s", it->name,
	    (unsigned long long)it->un.bytes, it->dec_cpu, it->un_cpu,
	    it->fmt == CDS_AR_TAR_XZ && it->dec.mode == CDS_XZ_THREADED ?
	    " (the decoder's own thread; liblzma's threads not counted)" :
	    "");
	/* the bytes are right: keep them, even if unpacking failed */
	if (!it->from_cache && it->part != NULL) {
		if (rename(it->part, it->final) == -1) {
			item_end(it, CDS_ERR_IO, "%s: %s", it->final,
			    strerror(errno));
			return;
		}
	}
	se = stage_error(it);
	if (se != NULL) {
		item_end(it, se->err, "%s", se->detail);
		return;
	}
	if (it->fmt == CDS_AR_TAR_XZ) {
		log_decoder(it);
	}
	item_end(it, 0, NULL);
}

/* Remove what a first pass unpacked. */
static int
empty_dest(struct item *it)
{
	char **names, **p;
	int ret = 0;

	if ((names = cds_listdir(it->f->dest_dir)) == NULL) {
		return -1;
	}
	for (p = names; *p != NULL; p++) {
		char *c = cds_path_join(it->f->dest_dir, *p);

		if (cds_rm_rf(c) == -1) {
			ret = -1;
		}
		free(c);
	}
	cds_strfreev(names);
	return ret;
}

/*
 * Open the .part and hold a lock on it while we write, so two runs that
 * share a cache never write one file at once.
 */
static int
open_part(struct item *it)
{
	it->part_fd = open(it->part, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (it->part_fd == -1) {
		item_end(it, errno == ENOSPC ? CDS_ERR_NO_SPACE : CDS_ERR_IO,
		    "%s: %s", it->part, strerror(errno));
		return -1;
	}
	if (flock(it->part_fd, LOCK_EX | LOCK_NB) == -1) {
		int e = errno;

		close(it->part_fd);
		it->part_fd = -1;
		if (e == EWOULDBLOCK) {
			item_end(it, CDS_ERR_LOCKED, "%s: another process is "
			    "downloading it", it->part);
		} else {
			item_end(it, CDS_ERR_IO, "%s: %s", it->part,
			    strerror(e));
		}
		return -1;
	}
	return 0;
}

static void
restart(struct item *it, const char *why)
{
	if (it->restarts >= RESTARTS) {
		item_end(it, CDS_ERR_CHECKSUM, "%s: %s", it->name, why);
		return;
	}
	it->restarts++;
	cds_log(it->h, CDS_LOG_INFO, "%s: %s; downloading it again",
	    it->name, why);
	stop_transfer(it);
	pipeline_stop(it);
	close_src(it);
	if (empty_dest(it) == -1) {
		item_end(it, CDS_ERR_IO, "%s: %s", it->f->dest_dir,
		    strerror(errno));
		return;
	}
	if (it->part != NULL) {
		if (it->part_fd == -1 && open_part(it) == -1) {
			return;
		}
		if (ftruncate(it->part_fd, 0) == -1) {
			item_end(it, CDS_ERR_IO, "%s: %s", it->part,
			    strerror(errno));
			return;
		}
	}
	CRYPTO(EVP_DigestInit_ex)(it->md, CRYPTO(EVP_sha256)(), NULL);
	it->received = 0;
	it->prefix = 0;
	it->from_cache = 0;
	it->sniffed = 0;
	it->fails = 0;
	it->dl_started = it->dl_done = 0;
	if (it->has_dec && pipeline_start(it) == -1) {
		item_end(it, CDS_ERR_MEMORY, "%s: threads", it->name);
		return;
	}
	if (it->f->urls == NULL || it->f->urls[it->url] == NULL) {
		it->url = 0;
	}
	if (it->f->urls == NULL || it->f->urls[it->url] == NULL) {
		item_end(it, CDS_ERR_NOT_FOUND, "%s: no URL", it->name);
		return;
	}
	start_attempt(it);
}

/* A complete copy in the cache becomes the source; a wrong one of ours
 * goes, a wrong one of the user's ends the item (-1). */
static int
use_cache(struct item *it)
{
	const struct cds_archive *a = it->a;
	struct stat st;

	if (it->final != NULL && stat(it->final, &st) == 0 &&
	    S_ISREG(st.st_mode)) {
		if (a->size > 0 && (uint64_t)st.st_size != a->size &&
		    it->f->user_cache) {
			/* the user's file: said, never deleted */
			item_end(it, CDS_ERR_SIZE, "%s: %lld bytes, the "
			    "manifest says %llu; the cache is yours, so it is "
			    "left as it is (move it away, or use another "
			    "cache directory)", it->final, (long long)st.st_size,
			    (unsigned long long)a->size);
			return -1;
		}
		if (a->size > 0 && (uint64_t)st.st_size != a->size) {
			cds_log(it->h, CDS_LOG_INFO, "%s: %lld bytes in the "
			    "cache, the manifest says %llu; fetching again",
			    it->final, (long long)st.st_size,
			    (unsigned long long)a->size);
			unlink(it->final);
		} else {
			it->src_fd = open(it->final, O_RDONLY | O_CLOEXEC);
			if (it->src_fd != -1) {
				it->src_left = (uint64_t)st.st_size;
				it->from_cache = 1;
			}
		}
	}
	return 0;
}

/* Resume from an earlier run's .part (one longer than the archive is
 * emptied); -1 when the item ended. */
static int
resume_part(struct item *it)
{
	const struct cds_archive *a = it->a;
	struct stat st;

	if (open_part(it) == -1) {
		return -1;
	}
	if (fstat(it->part_fd, &st) == -1) {
		item_end(it, CDS_ERR_IO, "%s: %s", it->part,
		    strerror(errno));
		return -1;
	}
	if (a->size > 0 && (uint64_t)st.st_size > a->size) {
		if (ftruncate(it->part_fd, 0) == -1) {
			item_end(it, CDS_ERR_IO, "%s: %s", it->part,
			    strerror(errno));
			return -1;
		}
		st.st_size = 0;
	}
	if (st.st_size > 0) {
		it->src_fd = it->part_fd;
		it->src_left = (uint64_t)st.st_size;
		it->prefix = (uint64_t)st.st_size;
	}
	return 0;
}

/* The item takes one of the run's decoders: its stages start, and one
 * that waited for it begins to read.  -1 when they could not (the item
 * ended). */
static int
take_decoder(struct item *it)
{
	if (pipeline_start(it) == -1) {
		item_end(it, CDS_ERR_MEMORY, "%s: threads", it->name);
		return -1;
	}
	it->has_dec = 1;
	it->caught_up = 0;
	if (it->st != ST_WAITDEC) {
		return 0;
	}
	if (it->from_cache) {
		emit_step(it, CDS_EV_VERIFY_START, it->final, 0);
	}
	if (it->src_fd != -1) {
		it->st = ST_LOCAL;
		return 0;
	}
	return start_attempt(it);
}

/* Set an item up and choose its source. */
static void
item_start(struct item *it)
{
	const struct cds_archive *a = it->a;

	it->name = cds_basename(a->relative_path);
	it->fmt = cds_arfmt_of(it->name);
	it->part_fd = it->src_fd = it->dirfd = -1;
	if (it->fmt == CDS_AR_UNKNOWN) {
		item_end(it, CDS_ERR_ARCHIVE, "%s: unknown archive type",
		    it->name);
		return;
	}
	it->dirfd = open(it->f->dest_dir, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC);
	if (it->dirfd == -1) {
		item_end(it, CDS_ERR_IO, "%s: %s", it->f->dest_dir,
		    strerror(errno));
		return;
	}
	if (it->f->cache_dir != NULL) {
		char *dir;

		it->final = cds_path_join(it->f->cache_dir, a->relative_path);
		it->part = cds_xasprintf("%s.part", it->final);
		dir = cds_dirname(it->final);
		if (cds_mkdir_p(dir, 0755) == -1) {
			item_end(it, errno == ENOSPC ? CDS_ERR_NO_SPACE :
			    CDS_ERR_IO, "%s: %s", dir, strerror(errno));
			free(dir);
			return;
		}
		free(dir);
	}
	it->md = CRYPTO(EVP_MD_CTX_new)();
	it->skip_md = CRYPTO(EVP_MD_CTX_new)();
	it->c = NET(curl_easy_init)();
	it->buf = cds_xmalloc(CHUNK);
	if (it->md == NULL || it->skip_md == NULL || it->c == NULL ||
	    CRYPTO(EVP_DigestInit_ex)(it->md, CRYPTO(EVP_sha256)(),
	    NULL) != 1) {
		item_end(it, CDS_ERR_MEMORY, "%s", it->name);
		return;
	}
	cds_ring_init(&it->ra, RING_A_SIZE);
	cds_ring_init(&it->rb, it->fmt == CDS_AR_TAR_XZ ? RING_B_SIZE : 16);
	it->ra.wake = wake_run;
	it->ra.wake_ctx = it->run;
	if (use_cache(it) == -1) {
		return;
	}
	if (!it->from_cache && it->h->offline) {
		item_end(it, CDS_ERR_NOT_FOUND, "%s: not in the cache "
		    "(offline)", it->final != NULL ? it->final :
		    a->relative_path);
		return;
	}
	if (!it->from_cache && (it->f->urls == NULL ||
	    it->f->urls[0] == NULL)) {
		item_end(it, CDS_ERR_NOT_FOUND, "%s: no URL to fetch it from",
		    it->name);
		return;
	}
	if (!it->from_cache && it->part != NULL && resume_part(it) == -1) {
		return;
	}
	if (it->part_fd == -1) {
		/* nowhere to run ahead to: its decoder first */
		it->st = ST_WAITDEC;
		return;
	}
	if (it->src_fd != -1) {
		it->st = ST_LOCAL;
		return;
	}
	start_attempt(it);
}

/* Feed ring A from a file; 1 when more can be read right away. */
static int
step_local(struct item *it)
{
	size_t budget = RING_A_SIZE;
	int whole;

	while (it->src_left > 0 && budget > 0) {
		size_t n = it->src_left < CHUNK ? (size_t)it->src_left : CHUNK;
		ssize_t r;

		/* with a .part the bytes may run ahead of the decoder;
		 * without, they wait for room in ring A */
		if (it->part_fd == -1 && (!it->running ||
		    !cds_ring_want(&it->ra, n))) {
			return 0;
		}
		r = pread(it->src_fd, it->buf, n, (off_t)it->received);
		if (r == -1 && errno == EINTR) {
			continue;
		}
		if (r <= 0) {
			item_end(it, CDS_ERR_IO, "%s: %s", it->src_url ?
			    it->f->urls[it->url] : it->from_cache ?
			    it->final : it->part, r == 0 ?
			    "shorter than it was" : strerror(errno));
			return 0;
		}
		if (accept_bytes(it, it->buf, (size_t)r, it->src_url) == -1) {
			item_end(it, it->xerr, "%s", it->xdetail);
			return 0;
		}
		it->src_left -= (uint64_t)r;
		budget -= (size_t)r < budget ? (size_t)r : budget;
	}
	if (it->src_left > 0) {
		return 1;
	}
	whole = it->from_cache || it->src_url || (it->a->size > 0 &&
	    it->received == it->a->size);
	close_src(it);
	if (whole) {
		source_done(it);
		return 0;
	}
	start_attempt(it);
	return 0;
}

/* What an attempt's failure means. */
static enum next
classify(struct item *it, CURLcode rc, int *err,
    enum cds_net_reason *reason, char **why)
{
	const char *url = it->f->urls[it->url];
	const char *msg = it->errbuf[0] != '\0' ? it->errbuf :
	    NET(curl_easy_strerror)(rc);
	long code = 0;

	NET(curl_easy_getinfo)(it->c, CURLINFO_RESPONSE_CODE, &code);
	if (rc == CURLE_HTTP_RETURNED_ERROR) {
		*err = CDS_ERR_HTTP;
		*why = cds_xasprintf("%s: HTTP %ld", url, code);
		return code >= 500 || code == 408 || code == 429 ?
		    NX_RETRY : NX_URL;
	}
	if (cds_curl_is_tls_error(rc)) {
		*err = CDS_ERR_TLS;
		*reason = CDS_NET_TLS;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_HOST;
	}
	switch (rc) {
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_RESOLVE_PROXY:
		*err = CDS_ERR_NETWORK;
		*reason = rc == CURLE_COULDNT_RESOLVE_HOST ? CDS_NET_DNS :
		    CDS_NET_PROXY;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_HOST;
	case CURLE_COULDNT_CONNECT: {
		long oserr = 0;

		NET(curl_easy_getinfo)(it->c, CURLINFO_OS_ERRNO, &oserr);
		*err = CDS_ERR_NETWORK;
		*why = cds_xasprintf("%s: %s", url, msg);
		if (oserr == ETIMEDOUT) {
			/* no answer: retried, as a timeout is */
			return NX_RETRY;
		}
		*reason = oserr == ECONNREFUSED ? CDS_NET_REFUSED :
		    oserr == ENETUNREACH || oserr == EHOSTUNREACH ||
		    oserr == ENETDOWN || oserr == EHOSTDOWN ?
		    CDS_NET_UNREACHABLE : CDS_NET_OTHER;
		return NX_HOST;
	}
	case CURLE_FILE_COULDNT_READ_FILE:
	case CURLE_REMOTE_FILE_NOT_FOUND:
		*err = CDS_ERR_NOT_FOUND;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_URL;
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_URL_MALFORMAT:
		*err = CDS_ERR_BAD_INPUT;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_URL;
	case CURLE_OPERATION_TIMEDOUT:
		*err = CDS_ERR_NETWORK;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_RETRY;
	default:
		*err = CDS_ERR_NETWORK;
		*why = cds_xasprintf("%s: %s", url, msg);
		return NX_RETRY;
	}
}

/* An attempt ended (RC from curl, or our stall check). */
static void
attempt_done(struct item *it, CURLcode rc)
{
	uint64_t size = it->a->size;
	int progress = it->received > it->att_start;
	enum next nx;
	enum cds_net_reason reason = CDS_NET_OTHER;
	int err = 0;
	char *why = NULL;

	stop_transfer(it);
	if (it->st != ST_NET) {
		return;
	}
	if (it->xerr != 0) {
		err = it->xerr;
		nx = it->xnext;
		why = it->xdetail;
		it->xdetail = NULL;
		it->xerr = 0;
	} else if (rc == CURLE_OK) {
		size_t mlen;

		(void)magic_of(it->fmt, &mlen);
		if (it->received == 0 && mlen > 0 && !it->sniffed) {
			err = CDS_ERR_HTTP;
			nx = NX_URL;
			why = cds_xasprintf("%s: the body is not a %s archive "
			    "(%zu bytes)", it->f->urls[it->url],
			    fmt_word(it->fmt), it->nsniff);
		} else if (size == 0 || it->received == size) {
			source_done(it);
			return;
		} else {
			/* a close-delimited body that stopped short */
			err = CDS_ERR_NETWORK;
			nx = NX_RETRY;
			why = cds_xasprintf("%s: the body ended after %llu of "
			    "%llu bytes", it->f->urls[it->url],
			    (unsigned long long)it->received,
			    (unsigned long long)size);
		}
	} else {
		nx = classify(it, rc, &err, &reason, &why);
	}
	if (nx == NX_RESTART) {
		restart(it, why);
		free(why);
		return;
	}
	if (nx == NX_FAIL) {
		item_end(it, err, "%s: %s", it->name, why);
		free(why);
		return;
	}
	if (nx == NX_RETRY) {
		/* a dropped connection that brought bytes resumes for free;
		 * a stall always counts, or a server that sends a little
		 * and then nothing would hold us forever */
		if (progress && rc != CURLE_OPERATION_TIMEDOUT) {
			it->fails = 0;
		} else {
			progress = 0;
		}
		it->fails++;
		if (it->fails >= ATTEMPTS) {
			nx = NX_URL;
		}
		if (nx == NX_URL && it->host != NULL &&
		    it->host->st == HS_PROBING && it->host->prober == it) {
			/* the probe's retries are spent and the server never
			 * answered: the other archives would only wait as
			 * long again */
			nx = NX_HOST;
			reason = rc == CURLE_OPERATION_TIMEDOUT ?
			    CDS_NET_TIMEOUT : CDS_NET_OTHER;
		}
	}
	if (nx == NX_HOST && it->host == NULL) {
		nx = NX_URL;
	}
	if (nx == NX_HOST) {
		host_down(it, err, reason, it->errbuf[0] != '\0' ?
		    it->errbuf : NET(curl_easy_strerror)(rc));
		free(why);
		host_failed(it);
		return;
	}
	if (it->attempts >= MAX_ATTEMPTS) {
		item_end(it, err, "%s: %s (after %d attempts)", it->name, why,
		    it->attempts);
		free(why);
		return;
	}
	if (nx == NX_RETRY) {
		struct cds_event ev = {0};
		unsigned delay = progress ? 0 : 1000u << (it->fails - 1);
		long code = 0;

		NET(curl_easy_getinfo)(it->c, CURLINFO_RESPONSE_CODE, &code);
		ev.type = CDS_EV_DOWNLOAD_RETRY;
		ev.u.retry.name = it->name;
		ev.u.retry.url = it->f->urls[it->url];
		ev.u.retry.attempt = it->attempts + 1;
		ev.u.retry.err = err;
		ev.u.retry.http_status = code;
		ev.u.retry.delay_ms = delay;
		cds_emit(it->h, &ev);
		cds_log(it->h, CDS_LOG_DEBUG, "%s; retrying in %u ms", why,
		    delay);
		it->retry_at = now_ms() + delay;
		it->st = ST_RETRY;
		free(why);
		return;
	}
	url_failed(it, err, why);
}

/* A stage stopped before the bytes were all in. */
static void
check_stages(struct item *it)
{
	const struct cds_stage_err *se;

	if (!it->running || it->stage_failed || !(it->st == ST_LOCAL ||
	    it->st == ST_NET || it->st == ST_RETRY)) {
		return;
	}
	if (!__atomic_load_n(&it->un_done, __ATOMIC_ACQUIRE) &&
	    !(it->fmt == CDS_AR_TAR_XZ &&
	    __atomic_load_n(&it->dec_done, __ATOMIC_ACQUIRE))) {
		return;
	}
	se = stage_error(it);
	if (se == NULL) {
		/* the archive ended early; the rest must still verify */
		return;
	}
	it->stage_failed = 1;
	if (se->err == CDS_ERR_ARCHIVE) {
		/* unreadable: finish the download to tell a damaged
		 * download (the digest differs) from a bad archive */
		return;
	}
	item_end(it, se->err, "%s", se->detail);
}

static void
item_free(struct item *it)
{
	if (it->c != NULL) {
		NET(curl_easy_cleanup)(it->c);
	}
	CRYPTO(EVP_MD_CTX_free)(it->md);
	CRYPTO(EVP_MD_CTX_free)(it->skip_md);
	cds_ring_destroy(&it->ra);
	cds_ring_destroy(&it->rb);
	stage_err_clear(&it->dec.e);
	stage_err_clear(&it->un.e);
	if (it->dirfd != -1) {
		close(it->dirfd);
	}
	free(it->buf);
	free(it->final);
	free(it->part);
	free(it->xdetail);
	free(it->detail);
	cds_buf_free(&it->failures);
}

/* One turn over the items started: their states move on.  Returns 1 when
 * one can read more at once (no waiting then); *WAIT shrinks to the
 * nearest retry. */
static int
step_items(struct item *items, size_t next, double *wait)
{
	double now = now_ms();
	int busy = 0;
	size_t i;

	for (i = 0; i < next; i++) {
		struct item *it = &items[i];
		unsigned tmo = item_timeout(it);

		check_stages(it);
		if (it->st != ST_DONE && it->running &&
		    it->fed < it->received) {
			busy |= feed(it);
		}
		switch (it->st) {
		case ST_LOCAL:
			busy |= step_local(it);
			break;
		case ST_RETRY:
			if (now >= it->retry_at || (it->host != NULL &&
			    it->host->st == HS_DOWN)) {
				start_attempt(it);
			} else if (it->retry_at - now < *wait) {
				*wait = it->retry_at - now;
			}
			break;
		case ST_HOSTWAIT:
			if (it->host == NULL || it->host->st != HS_PROBING) {
				start_attempt(it);
			}
			break;
		case ST_NET:
			if (it->paused && cds_ring_space(&it->ra) >=
			    it->need) {
				it->paused = 0;
				it->last_data = now;
				NET(curl_easy_pause)(it->c, CURLPAUSE_CONT);
			} else if (!it->paused &&
			    now - it->last_data > tmo * 1000.0) {
				snprintf(it->errbuf,
				    sizeof(it->errbuf), "no data for "
				    "%u s", tmo);
				attempt_done(it,
				    CURLE_OPERATION_TIMEDOUT);
			}
			break;
		case ST_DRAIN:
			/* a stage that ended before ring A did failed */
			if (it->running && stages_done(it)) {
				drain_done(it);
			} else {
				feed_end(it);
			}
			break;
		default:
			break;
		}
		/* one waiting for a decoder has nothing to say yet */
		if (it->st != ST_DONE && it->st != ST_QUEUED &&
		    it->st != ST_WAITDEC) {
			emit_progress(it, 0);
		}
	}
	return busy;
}

/* The transfers curl finished. */
static void
collect(CURLM *multi)
{
	CURLMsg *msg;
	int left;

	while ((msg = NET(curl_multi_info_read)(multi, &left)) != NULL) {
		struct item *it = NULL;

		if (msg->msg != CURLMSG_DONE) {
			continue;
		}
		NET(curl_easy_getinfo)(msg->easy_handle, CURLINFO_PRIVATE,
		    (char **)&it);
		if (it != NULL) {
			attempt_done(it, msg->data.result);
		}
	}
}

/* Cancelled, or past the run's deadline: every item still going ends.
 * 1 when the run stops. */
static int
end_early(cds_handle_t *h, struct item *items, size_t n, double deadline,
    unsigned deadline_s)
{
	size_t i;

	if (h->cancelled) {
		for (i = 0; i < n; i++) {
			if (items[i].st != ST_DONE) {
				item_end(&items[i], CDS_ERR_CANCELLED, "%s",
				    items[i].f->archive->relative_path);
			}
		}
		return 1;
	}
	if (now_ms() >= deadline) {
		/* a trickle never stalls: the run's own limit */
		for (i = 0; i < n; i++) {
			if (items[i].st != ST_DONE) {
				item_end(&items[i], CDS_ERR_NETWORK, "%s: not "
				    "whole after %u s (the run's deadline)",
				    items[i].f->archive->relative_path,
				    deadline_s);
			}
		}
		return 1;
	}
	return 0;
}

/*
 * The order the archives start in (*ORDER, N indexes of F): the largest
 * first, by the manifest's size (one of unknown size last), the caller's
 * order among equals.  The run ends when its last decoder does: started
 * first, the largest archive decodes while the small ones fill the other
 * cores around it, instead of decoding alone at the end (longest
 * processing time first).  Decoders are handed out in the same order.
 */
/* The item holds one of the --jobs transfers: it is getting its bytes
 * from a server, a .part or a file:// URL, or waits for a decoder before
 * it may (a copy already in the cache needs no transfer). */
static int
fetching(const struct item *it)
{
	switch (it->st) {
	case ST_NET:
	case ST_RETRY:
	case ST_HOSTWAIT:
		return 1;
	case ST_LOCAL:
	case ST_WAITDEC:
		return !it->from_cache;
	default:
		return 0;
	}
}

/* The item's decoder has a core's work: it is not one that has decoded
 * every byte the network brought and has waited STARVED_MS for more (on
 * a slow network, a core it holds would sit idle while archives already
 * in the cache wait). */
static int
decoding(struct item *it, double now)
{
	if (!it->has_dec || it->st == ST_DONE) {
		return 0;
	}
	if ((it->st != ST_NET && it->st != ST_RETRY &&
	    it->st != ST_HOSTWAIT) || it->fed < it->received ||
	    cds_ring_consumed(&it->ra) < it->fed) {
		it->caught_up = 0;
		return 1;
	}
	if (it->caught_up == 0) {
		it->caught_up = now;
	}
	return now - it->caught_up < STARVED_MS;
}

static size_t *
start_order(const struct cds_fetch *f, size_t n)
{
	size_t *o = cds_xcalloc(n > 0 ? n : 1, sizeof(*o)), i, k;

	for (i = 0; i < n; i++) {
		uint64_t size = f[i].archive->size;

		for (k = i; k > 0 && f[o[k - 1]].archive->size < size; k--) {
			o[k] = o[k - 1];
		}
		o[k] = i;
	}
	return o;
}

int
cds_fetch_extract_all(cds_handle_t *h, struct cds_fetch *f, size_t n)
{
	struct run run = { .h = h };
	struct item *items, *it;
	size_t i, next = 0, ndone = 0, *order, *at, busy_dec;
	int jobs = h->jobs < 1 ? 1 : h->jobs > 16 ? 16 : h->jobs;
	int ret = 0;
	unsigned deadline_s;
	double deadline;

	if (cds_net_load(h) == -1) {
		return -1;	/* error set by cds_net_load */
	}
	if ((run.multi = NET(curl_multi_init)()) == NULL) {
		return cds_seterr(h, CDS_ERR_MEMORY, "curl");
	}
	/* one decoder a core: more would only share the cores */
	run.ndec = (size_t)cds_ncpu();
	/* the limit is for the whole run: share it among the archives that
	 * decode at once (a decoder starts fewer workers when it is tight) */
	run.memlimit = h->memlimit / (n < run.ndec ? (n > 0 ? n : 1) :
	    run.ndec);
	cds_log(h, CDS_LOG_INFO, "%zu archives, the largest first: up to %d "
	    "downloading and %zu unpacking at once (one a core)", n, jobs,
	    run.ndec < n ? run.ndec : n);
	items = cds_xcalloc(n, sizeof(*items));
	order = start_order(f, n);
	at = cds_xcalloc(n > 0 ? n : 1, sizeof(*at));
	for (i = 0; i < n; i++) {
		items[i].run = &run;
		items[i].h = h;
		items[i].f = &f[order[i]];
		items[i].a = f[order[i]].archive;
		items[i].dirfd = items[i].part_fd = items[i].src_fd = -1;
		f[order[i]].err = 0;
		at[order[i]] = i;
	}
	deadline_s = h->deadline_s > 0 ? h->deadline_s : CDS_DEADLINE_DEFAULT;
	deadline = now_ms() + deadline_s * 1000.0;
	while (ndone < n) {
		size_t active = 0;
		int busy, running = 0;
		double wait = TICK_MS;

		for (i = 0; i < next; i++) {
			active += fetching(&items[i]);
		}
		if (end_early(h, items, n, deadline, deadline_s)) {
			break;
		}
		while (active < (size_t)jobs && next < n) {
			it = &items[next++];
			item_start(it);
			active += fetching(it);
		}
		/* the free cores to the first archives waiting, in the
		 * start order */
		busy_dec = 0;
		for (i = 0; i < next; i++) {
			busy_dec += decoding(&items[i], now_ms());
		}
		for (i = 0; i < next && busy_dec < run.ndec; i++) {
			if (items[i].st != ST_DONE && !items[i].has_dec &&
			    take_decoder(&items[i]) == 0) {
				busy_dec++;
			}
		}
		busy = step_items(items, next, &wait);
		NET(curl_multi_perform)(run.multi, &running);
		collect(run.multi);
		ndone = 0;
		for (i = 0; i < n; i++) {
			ndone += items[i].st == ST_DONE;
		}
		if (ndone == n) {
			break;
		}
		if (busy) {
			wait = 0;
		}
		NET(curl_multi_poll)(run.multi, NULL, 0, (int)wait, NULL);
	}
	/* the first failure in the caller's order is the handle's */
	for (i = 0; i < n; i++) {
		it = &items[at[i]];
		if (it->err != 0 && ret == 0) {
			if (it->hosts_down) {
				hosts_error(h, &run, it->err);
			} else {
				cds_seterr(h, it->err, "%s", it->detail);
			}
			ret = -1;
		}
		f[i].err = it->err;
		item_free(it);
	}
	free(items);
	free(order);
	free(at);
	hosts_free(&run);
	NET(curl_multi_cleanup)(run.multi);
	return ret;
}

int
cds_set_deadline(cds_handle_t *h, unsigned seconds)
{
	if (seconds < 1 || seconds > CDS_DEADLINE_MAX) {
		char v[16], max[24];

		snprintf(v, sizeof(v), "%u", seconds);
		snprintf(max, sizeof(max), "%u s", (unsigned)CDS_DEADLINE_MAX);
		return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_RANGE,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "deadline" },
		    { CDS_ERRARG_VALUE, v }, { CDS_ERRARG_MIN, "1 s" },
		    { CDS_ERRARG_MAX, max }), "deadline %s: must be between "
		    "1 s and %s", v, max);
	}
	h->deadline_s = seconds;
	return 0;
}

int
cds_fetch_extract(cds_handle_t *h, struct cds_fetch *f)
{
	return cds_fetch_extract_all(h, f, 1);
}
