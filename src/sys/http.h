/*
 * http.h - libcurl's setup shared by every transfer, and small documents
 * fetched into memory.
 */
#ifndef CDS_HTTP_H
#define CDS_HTTP_H

#include "sys/net.h"

/*
 * Options every transfer gets: the CA (CURL_CA_BUNDLE, else SSL_CERT_FILE,
 * and SSL_CERT_DIR), peer and host verification, http and https only (on
 * redirects too), and a connection that is not up after TIMEOUT seconds
 * fails.  Proxies come from libcurl's own reading of the environment.
 */
CDS_HIDDEN void cds_curl_setup(CURL *c, unsigned timeout);

/* Is RC a TLS failure (certificate, handshake)? */
CDS_HIDDEN int cds_curl_is_tls_error(CURLcode rc);

/*
 * Fetch a small document (a manifest) into memory: at most MAX bytes, the
 * handle's timeout without a byte.  Returns the bytes (NUL-terminated;
 * their count in *LEN when LEN is not NULL), or NULL with the handle's
 * error set (CDS_ERR_NETWORK, CDS_ERR_TLS, CDS_ERR_HTTP, CDS_ERR_SIZE;
 * CDS_ERR_NETWORK when offline), naming the URL.
 */
CDS_HIDDEN char *cds_dl_fetch_small(cds_handle_t *h, const char *url,
    size_t max, size_t *len);

#endif /* CDS_HTTP_H */
