/*
 * crypto.h - libcrypto (OpenSSL), loaded on first use.
 *
 * Mapping and relocating libcrypto costs a run a millisecond, as much as
 * all of `ls --version`, and most runs never hash a file or check a
 * signature.  So, as net.h does for libcurl, the program does not link it:
 * the module libcds-crypto.so (cryptomod.c, installed in $(pkglibdir))
 * does, and holds a table of the functions the engine calls; the first
 * digest or signature loads it (cds_crypto_load()), and each call goes
 * through the table:
 *
 *	CRYPTO(EVP_DigestUpdate)(ctx, p, n);
 *
 * A program that links cryptomod.c itself (tools/cds-sign, the tests'
 * tools) has the table built in and loads nothing.
 */
#ifndef CDS_CRYPTO_H
#define CDS_CRYPTO_H

#include <openssl/evp.h>

#include "base/module.h"

#define CDS_CRYPTO_MODULE	"libcds-crypto.so"
#define CDS_CRYPTO_SYMBOL	"cds_crypto_module"

/* Every libcrypto function the engine calls. */
#define CDS_CRYPTO_FUNCTIONS(X) \
	X(EVP_sha256) X(EVP_blake2b512) X(EVP_Digest) X(EVP_MD_CTX_new) \
	X(EVP_MD_CTX_free) X(EVP_MD_CTX_copy_ex) X(EVP_DigestInit_ex) \
	X(EVP_DigestUpdate) X(EVP_DigestFinal_ex) \
	X(EVP_PKEY_new_raw_public_key) X(EVP_PKEY_new_raw_private_key) \
	X(EVP_PKEY_get_raw_public_key) X(EVP_PKEY_free) \
	X(EVP_DigestVerifyInit) X(EVP_DigestVerify) \
	X(EVP_DigestSignInit) X(EVP_DigestSign)

struct cds_crypto {
	struct cds_module_head head;	/* its build and size */
	CDS_CRYPTO_FUNCTIONS(CDS_MODULE_MEMBER)
};

/* The table once loaded (NULL before); read by CRYPTO() only after
 * cds_crypto_load() returned NULL. */
CDS_HIDDEN extern const struct cds_crypto *cds_crypto;

#define CRYPTO(f) (cds_crypto->f)

/*
 * Load the module (once per process; thread-safe).  NULL when it is
 * loaded, else why not and what to do (module.h; the same answer at every
 * call, owned here).
 */
CDS_HIDDEN const char *cds_crypto_load(void);

/* Lowercase hex SHA-256 of a regular file (cds_open_regular()) into
 * out[65]; 0/-1 with errno (ELIBACC: the module cannot be loaded,
 * cds_crypto_load() says why). */
CDS_HIDDEN int cds_sha256_file(const char *path, char out[65]);
/* The same of LEN bytes in memory. */
CDS_HIDDEN int cds_sha256_buf(const void *data, size_t len, char out[65]);

#endif /* CDS_CRYPTO_H */
