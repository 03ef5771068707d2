/*
 * fuzz-minisig.c - the index's signature file (src/base/minisign.c), which
 * `update` reads from the network before anything else: any bytes are
 * parsed and, when they parse, checked against a fixed key over a fixed
 * text (seeds/minisig/good is a signature by that key over that text).
 * Properties: no memory error, no leak; a refusal always has a reason; a
 * signature that parses keeps its trusted comment within the input.  The
 * same bytes are read as a public key too.
 */
#include "config.h"

#include "fuzz.h"
#include "base/minisign.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char text[] = "{\"schema\": 1}\n";
	/* the key of tests/fuzz/seeds/minisig/good (seed of 32 bytes 0x01) */
	static struct cds_ms_pubkey key;
	static int ready;
	struct cds_ms_pubkey pk;
	struct cds_ms_sig s;
	const char *why;
	char *copy;

	if (!ready) {
		unsigned char seed[32];

		memset(seed, 1, sizeof(seed));
		memset(key.keyid, 2, sizeof(key.keyid));
		if (cds_ms_public_of(seed, key.pk) == -1) {
			abort();
		}
		ready = 1;
	}
	copy = cds_xstrndup((const char *)data, size);
	if (cds_ms_sig_parse(copy, size, &s, &why) == 0) {
		if (strlen(s.trusted) >= size) {
			abort();
		}
		(void)cds_ms_verify(&s, &key, 1, text, sizeof(text) - 1,
		    NULL);
	} else if (why == NULL) {
		abort();
	}
	cds_ms_sig_clear(&s);
	/* the same bytes as a public key */
	(void)cds_ms_pubkey_parse(copy, &pk, &why);
	free(copy);
	return 0;
}
