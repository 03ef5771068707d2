/*
 * http.c - what every libcurl transfer shares (options, which errors are
 * TLS's), and small documents fetched into memory (a manifest).  The
 * archives' transfers are download.c's; libcurl is called through net.h.
 */
#include "config.h"

#include <stdlib.h>

#include "sys/http.h"

/* ------------------------------------------------------------------------ */
/* curl setup shared by all transfers                                        */
/* ------------------------------------------------------------------------ */

/*
 * Options every transfer gets.  Proxies: libcurl reads http_proxy,
 * https_proxy, ALL_PROXY and NO_PROXY itself.  CA: as the curl tool does,
 * CURL_CA_BUNDLE, else SSL_CERT_FILE, and SSL_CERT_DIR.  Verification of
 * the peer and of the host name is always on.  A connection (through a
 * proxy's tunnel too) that is not up after TIMEOUT seconds fails.
 */
void
cds_curl_setup(CURL *c, unsigned timeout)
{
	const char *ca = getenv("CURL_CA_BUNDLE");
	const char *dir = getenv("SSL_CERT_DIR");

	if (ca == NULL || *ca == '\0') {
		ca = getenv("SSL_CERT_FILE");
	}
	if (ca != NULL && *ca != '\0') {
		NET(curl_easy_setopt)(c, CURLOPT_CAINFO, ca);
	}
	if (dir != NULL && *dir != '\0') {
		NET(curl_easy_setopt)(c, CURLOPT_CAPATH, dir);
	}
	NET(curl_easy_setopt)(c, CURLOPT_SSL_VERIFYPEER, 1L);
	NET(curl_easy_setopt)(c, CURLOPT_SSL_VERIFYHOST, 2L);
	NET(curl_easy_setopt)(c, CURLOPT_NOSIGNAL, 1L);
	NET(curl_easy_setopt)(c, CURLOPT_FOLLOWLOCATION, 1L);
	NET(curl_easy_setopt)(c, CURLOPT_MAXREDIRS, 10L);
#if LIBCURL_VERSION_NUM >= 0x075500
	NET(curl_easy_setopt)(c, CURLOPT_PROTOCOLS_STR, "http,https");
	NET(curl_easy_setopt)(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	NET(curl_easy_setopt)(c, CURLOPT_PROTOCOLS,
	    (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	NET(curl_easy_setopt)(c, CURLOPT_REDIR_PROTOCOLS,
	    (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	NET(curl_easy_setopt)(c, CURLOPT_CONNECTTIMEOUT, (long)timeout);
	NET(curl_easy_setopt)(c, CURLOPT_TCP_KEEPALIVE, 1L);
	NET(curl_easy_setopt)(c, CURLOPT_USERAGENT, PACKAGE "/" VERSION);
}

int
cds_curl_is_tls_error(CURLcode rc)
{
	switch (rc) {
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CONNECT_ERROR:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CIPHER:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_ISSUER_ERROR:
	case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
	case CURLE_SSL_INVALIDCERTSTATUS:
	case CURLE_SSL_CRL_BADFILE:
		return 1;
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------------ */
/* Small documents                                                           */
/* ------------------------------------------------------------------------ */

struct small {
	struct cds_buf buf;
	size_t max;
	int overrun;
	unsigned tmo;		/* seconds without a byte */
	double last_data;
	int stalled;
};

static size_t
small_write(char *p, size_t size, size_t n, void *ud)
{
	struct small *s = ud;

	s->last_data = cds_now_ms();
	if (s->buf.len + size * n > s->max) {
		s->overrun = 1;
		return 0;
	}
	cds_buf_add(&s->buf, p, size * n);
	return size * n;
}

/*
 * Runs the transfer C until it ends or no byte has come for S->tmo
 * seconds (S->stalled): the same "no data for N s" as an archive's
 * attempt.  The loop is ours, waking at least every quarter second, so
 * that the silence is measured on our clock: curl_easy_perform's progress
 * callback may come seconds apart when nothing arrives, and curl's
 * low-speed check averages over a window (it would wait longer after a
 * last few bytes).  The transfer's own result, or CURLE_OK when it
 * stalled.
 */
static CURLcode
small_run(CURL *c, struct small *s)
{
	CURLM *m;
	CURLMsg *msg;
	CURLcode rc = CURLE_OK;
	int running = 1, left;

	if ((m = NET(curl_multi_init)()) == NULL) {
		return CURLE_OUT_OF_MEMORY;
	}
	if (NET(curl_multi_add_handle)(m, c) != CURLM_OK) {
		NET(curl_multi_cleanup)(m);
		return CURLE_OUT_OF_MEMORY;
	}
	s->last_data = cds_now_ms();
	while (running) {
		NET(curl_multi_perform)(m, &running);
		while ((msg = NET(curl_multi_info_read)(m, &left)) != NULL) {
			if (msg->msg == CURLMSG_DONE) {
				rc = msg->data.result;
				running = 0;
			}
		}
		if (!running) {
			break;
		}
		if (cds_now_ms() - s->last_data > s->tmo * 1000.0) {
			s->stalled = 1;
			break;
		}
		NET(curl_multi_poll)(m, NULL, 0, 250, NULL);
	}
	NET(curl_multi_remove_handle)(m, c);
	NET(curl_multi_cleanup)(m);
	return rc;
}

char *
cds_dl_fetch_small(cds_handle_t *h, const char *url, size_t max, size_t *len)
{
	struct small s = { .max = max };
	char errbuf[CURL_ERROR_SIZE] = "";
	CURL *c;
	CURLcode rc;
	long status = 0;

	if (h->offline) {
		cds_seterr_why(h, CDS_ERR_NETWORK, CDS_REASON_OFFLINE,
		    CDS_ERRNAMES({ CDS_ERRARG_OPTION, "offline" },
		    { CDS_ERRARG_URL, url }), "%s: not fetched: offline", url);
		return NULL;
	}
	if (cds_net_load(h) == -1) {
		return NULL;	/* error set by cds_net_load */
	}
	if ((c = NET(curl_easy_init)()) == NULL) {
		cds_seterr(h, CDS_ERR_MEMORY, "%s", url);
		return NULL;
	}
	s.tmo = h->timeout_s > 0 ? h->timeout_s : CDS_TIMEOUT_DEFAULT;
	cds_curl_setup(c, s.tmo);
	NET(curl_easy_setopt)(c, CURLOPT_URL, url);
	NET(curl_easy_setopt)(c, CURLOPT_WRITEFUNCTION, small_write);
	NET(curl_easy_setopt)(c, CURLOPT_WRITEDATA, &s);
	NET(curl_easy_setopt)(c, CURLOPT_ERRORBUFFER, errbuf);
	rc = small_run(c, &s);
	NET(curl_easy_getinfo)(c, CURLINFO_RESPONSE_CODE, &status);
	NET(curl_easy_cleanup)(c);
	if (s.overrun) {
		cds_seterr(h, CDS_ERR_SIZE, "%s: larger than %zu bytes", url,
		    max);
		goto fail;
	}
	if (s.stalled) {
		cds_seterr(h, CDS_ERR_NETWORK, "%s: no data for %u s", url,
		    s.tmo);
		goto fail;
	}
	if (cds_curl_is_tls_error(rc)) {
		cds_seterr(h, CDS_ERR_TLS, "%s: %s", url,
		    *errbuf != '\0' ? errbuf : NET(curl_easy_strerror)(rc));
		goto fail;
	}
	if (rc != CURLE_OK) {
		cds_seterr(h, CDS_ERR_NETWORK, "%s: %s", url,
		    *errbuf != '\0' ? errbuf : NET(curl_easy_strerror)(rc));
		goto fail;
	}
	if (status >= 400) {
		cds_seterr(h, CDS_ERR_HTTP, "%s: HTTP %ld", url, status);
		goto fail;
	}
	if (len != NULL) {
		*len = s.buf.len;
	}
	return cds_buf_steal(&s.buf);
fail:
	cds_buf_free(&s.buf);
	return NULL;
}
