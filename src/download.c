/*
 * download.c - libcurl transfers.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "handle.h"

CDS_HIDDEN char *cds_dl_fetch_small(cds_handle_t *h, const char *url,
    size_t max, size_t *len);

struct small {
	struct cds_buf buf;
	size_t max;
	int overrun;
};

static size_t
small_write(char *p, size_t size, size_t n, void *ud)
{
	struct small *s = ud;

	if (s->buf.len + size * n > s->max) {
		s->overrun = 1;
		return 0;
	}
	cds_buf_add(&s->buf, p, size * n);
	return size * n;
}

/* Fetch a small document (a manifest) into memory. */
char *
cds_dl_fetch_small(cds_handle_t *h, const char *url, size_t max, size_t *len)
{
	struct small s = { .max = max };
	CURL *c;
	CURLcode rc;
	long status = 0;

	if (h->offline) {
		cds_seterr(h, CDS_ERR_NETWORK, "%s: --offline", url);
		return NULL;
	}
	if ((c = curl_easy_init()) == NULL) {
		cds_seterr(h, CDS_ERR_MEMORY, NULL);
		return NULL;
	}
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 30L);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, 30L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, small_write);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &s);
	curl_easy_setopt(c, CURLOPT_USERAGENT, PACKAGE "/" VERSION);
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_easy_cleanup(c);
	if (s.overrun) {
		cds_seterr(h, CDS_ERR_SIZE, "%s: larger than %zu bytes", url,
		    max);
		goto fail;
	}
	if (rc == CURLE_PEER_FAILED_VERIFICATION || rc == CURLE_SSL_CACERT ||
	    rc == CURLE_SSL_CONNECT_ERROR) {
		cds_seterr(h, CDS_ERR_TLS, "%s: %s", url,
		    curl_easy_strerror(rc));
		goto fail;
	}
	if (rc != CURLE_OK) {
		cds_seterr(h, CDS_ERR_NETWORK, "%s: %s", url,
		    curl_easy_strerror(rc));
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
