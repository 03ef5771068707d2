/*
 * net.c - load libcds-net.so, the table of libcurl's, libarchive's and
 * liblzma's functions (net.h), on first use.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>

#include "base/crypto.h"
#include "base/module.h"
#include "sys/net.h"

/* netmod.c's table where the program links it (the tests' tools), else
 * NULL: then the module is loaded */
extern const struct cds_net cds_net_module __attribute__((weak));

const struct cds_net *cds_net = &cds_net_module;

static pthread_mutex_t net_lock = PTHREAD_MUTEX_INITIALIZER;
static char *net_failed;	/* why the module could not be loaded: the
				   first attempt's answer is every call's */
static int curl_ready;

int
cds_net_load(cds_handle_t *h)
{
	const char *why;
	int ret = 0;

	/* the transfers hash what they bring */
	if ((why = cds_crypto_load()) != NULL) {
		return cds_seterr(h, CDS_ERR_UNSUPPORTED, "cannot download "
		    "or unpack: %s", why);
	}
	pthread_mutex_lock(&net_lock);
	if (cds_net == NULL && net_failed == NULL) {
		cds_net = cds_module_open(CDS_NET_MODULE, CDS_NET_SYMBOL,
		    sizeof(*cds_net), &net_failed);
	}
	if (cds_net == NULL) {
		cds_seterr(h, CDS_ERR_UNSUPPORTED, "cannot download or "
		    "unpack: %s", net_failed);
		ret = -1;
	} else if (!curl_ready) {
		NET(curl_global_init)(CURL_GLOBAL_DEFAULT);
		curl_ready = 1;
	}
	pthread_mutex_unlock(&net_lock);
	return ret;
}
