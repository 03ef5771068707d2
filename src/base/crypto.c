/*
 * crypto.c - load libcds-crypto.so, the table of libcrypto's functions
 * (crypto.h), on first use; SHA-256 of a file or of bytes through it.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <unistd.h>

#include "base/crypto.h"

/* cryptomod.c's table where the program links it (tools/cds-sign, the
 * tests' tools), else NULL: then the module is loaded */
extern const struct cds_crypto cds_crypto_module __attribute__((weak));

const struct cds_crypto *cds_crypto = &cds_crypto_module;

static pthread_mutex_t crypto_lock = PTHREAD_MUTEX_INITIALIZER;
static char *crypto_failed;	/* the first attempt's answer */

const char *
cds_crypto_load(void)
{
	const char *why;

	pthread_mutex_lock(&crypto_lock);
	if (cds_crypto == NULL && crypto_failed == NULL) {
		cds_crypto = cds_module_open(CDS_CRYPTO_MODULE,
		    CDS_CRYPTO_SYMBOL, sizeof(*cds_crypto), &crypto_failed);
	}
	why = cds_crypto == NULL ? crypto_failed : NULL;
	pthread_mutex_unlock(&crypto_lock);
	return why;
}

int
cds_sha256_buf(const void *data, size_t len, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	if (cds_crypto_load() != NULL) {
		errno = ELIBACC;
		return -1;
	}
	if (CRYPTO(EVP_Digest)(data, len, md, &mdlen, CRYPTO(EVP_sha256)(),
	    NULL) != 1 || mdlen != 32) {
		errno = ENOMEM;
		return -1;
	}
	cds_sha256_hex(md, out);
	return 0;
}

int
cds_sha256_file(const char *path, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned char chunk[65536];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx;
	ssize_t r;
	int fd, ret = -1, saved;

	if (cds_crypto_load() != NULL) {
		errno = ELIBACC;
		return -1;
	}
	if ((fd = cds_open_regular(path, NULL)) == -1) {
		return -1;
	}
	ctx = CRYPTO(EVP_MD_CTX_new)();
	if (ctx == NULL || CRYPTO(EVP_DigestInit_ex)(ctx,
	    CRYPTO(EVP_sha256)(), NULL) != 1) {
		errno = ENOMEM;
		goto out;
	}
	while ((r = read(fd, chunk, sizeof(chunk))) != 0) {
		if (r == -1) {
			if (errno == EINTR) {
				continue;
			}
			goto out;
		}
		CRYPTO(EVP_DigestUpdate)(ctx, chunk, (size_t)r);
	}
	if (CRYPTO(EVP_DigestFinal_ex)(ctx, md, &mdlen) != 1 ||
	    mdlen != 32) {
		errno = EINVAL;
		goto out;
	}
	cds_sha256_hex(md, out);
	ret = 0;
out:
	saved = errno;
	CRYPTO(EVP_MD_CTX_free)(ctx);
	close(fd);
	errno = saved;
	return ret;
}
