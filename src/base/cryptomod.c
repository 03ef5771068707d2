/*
 * cryptomod.c - libcds-crypto.so: the table of libcrypto's functions that
 * the engine calls (crypto.h), and nothing else.  Built as a module linked
 * against libcrypto, and loaded by crypto.c on first use; tools/cds-sign
 * and the tests' tools link it into themselves.
 */
#include "config.h"

#include "base/crypto.h"

__attribute__((visibility("default")))
const struct cds_crypto cds_crypto_module = {
	.head = { PACKAGE_VERSION, sizeof(struct cds_crypto) },
	CDS_CRYPTO_FUNCTIONS(CDS_MODULE_ENTRY)
};
