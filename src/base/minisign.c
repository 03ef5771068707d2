/*
 * minisign.c - minisign's signatures, read, checked and made with OpenSSL
 * EVP: Ed25519 (EVP_PKEY_ED25519) over BLAKE2b-512 (EVP_blake2b512).
 *
 * Every byte of a signature file comes from the network: the parser is
 * strict (four lines, base64 with its padding, fixed lengths, no NUL) and
 * bounded (CDS_MS_MAX_FILE), and tests/fuzz/fuzz-minisig.c runs it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/crypto.h"
#include "base/minisign.h"

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int
b64val(unsigned char c)
{
	const char *p;

	if (c == '\0' || (p = strchr(b64, c)) == NULL) {
		return -1;
	}
	return (int)(p - b64);
}

long
cds_ms_base64_decode(const char *s, size_t n, unsigned char *out,
    size_t max)
{
	size_t i, o = 0;

	if (n == 0 || n % 4 != 0) {
		return -1;
	}
	for (i = 0; i < n; i += 4) {
		int v[4], k, pad = 0;
		unsigned long w;

		for (k = 0; k < 4; k++) {
			if (s[i + k] == '=' && i + 4 == n && k >= 2) {
				v[k] = 0;
				pad++;
			} else if (pad > 0 || (v[k] = b64val(
			    (unsigned char)s[i + k])) < 0) {
				return -1;
			}
		}
		w = ((unsigned long)v[0] << 18) | ((unsigned long)v[1] << 12) |
		    ((unsigned long)v[2] << 6) | (unsigned long)v[3];
		/* the bits a padded group leaves over must be zero */
		if ((pad == 2 && (w & 0xffff) != 0) ||
		    (pad == 1 && (w & 0xff) != 0)) {
			return -1;
		}
		if (o + 3 - (size_t)pad > max) {
			return -1;
		}
		out[o++] = (unsigned char)(w >> 16);
		if (pad < 2) {
			out[o++] = (unsigned char)(w >> 8);
		}
		if (pad < 1) {
			out[o++] = (unsigned char)w;
		}
	}
	return (long)o;
}

char *
cds_ms_base64_encode(const unsigned char *p, size_t n)
{
	char *out = cds_xmalloc((n + 2) / 3 * 4 + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i += 3) {
		unsigned long w = (unsigned long)p[i] << 16;

		if (i + 1 < n) {
			w |= (unsigned long)p[i + 1] << 8;
		}
		if (i + 2 < n) {
			w |= p[i + 2];
		}
		*o++ = b64[(w >> 18) & 63];
		*o++ = b64[(w >> 12) & 63];
		*o++ = i + 1 < n ? b64[(w >> 6) & 63] : '=';
		*o++ = i + 2 < n ? b64[w & 63] : '=';
	}
	*o = '\0';
	return out;
}

/* The next line of [*P, END): its start and length without "\n" or
 * "\r\n"; *P moves past it.  -1 at the end. */
static int
next_line(const char **p, const char *end, const char **line, size_t *n)
{
	const char *nl;

	if (*p >= end) {
		return -1;
	}
	*line = *p;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	*n = (size_t)((nl != NULL ? nl : end) - *p);
	*p = nl != NULL ? nl + 1 : end;
	if (*n > 0 && (*line)[*n - 1] == '\r') {
		(*n)--;
	}
	return 0;
}

static int
has_prefix(const char *line, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && memcmp(line, prefix, k) == 0;
}

int
cds_ms_pubkey_parse(const char *text, struct cds_ms_pubkey *pk,
    const char **why)
{
	const char *p = text, *end = text + strlen(text), *line;
	unsigned char raw[2 + CDS_MS_KEYID_LEN + CDS_MS_PK_LEN + 1];
	size_t n;

	if (next_line(&p, end, &line, &n) == -1) {
		*why = "empty";
		return -1;
	}
	if (has_prefix(line, n, "untrusted comment: ") &&
	    next_line(&p, end, &line, &n) == -1) {
		*why = "a comment line and no key";
		return -1;
	}
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t')) {
		n--;
	}
	if (cds_ms_base64_decode(line, n, raw, sizeof(raw)) !=
	    (long)(sizeof(raw) - 1)) {
		*why = "not a minisign public key (42 bytes of base64)";
		return -1;
	}
	if (raw[0] != 'E' || raw[1] != 'd') {
		*why = "not an Ed25519 key";
		return -1;
	}
	memcpy(pk->keyid, raw + 2, CDS_MS_KEYID_LEN);
	memcpy(pk->pk, raw + 2 + CDS_MS_KEYID_LEN, CDS_MS_PK_LEN);
	return 0;
}

void
cds_ms_sig_clear(struct cds_ms_sig *s)
{
	free(s->trusted);
	memset(s, 0, sizeof(*s));
}

int
cds_ms_sig_parse(const char *text, size_t len, struct cds_ms_sig *s,
    const char **why)
{
	static const char tc[] = "trusted comment: ";
	unsigned char raw[2 + CDS_MS_KEYID_LEN + CDS_MS_SIG_LEN + 1];
	const char *p = text, *end = text + len, *line;
	size_t n;

	memset(s, 0, sizeof(*s));
	if (len > CDS_MS_MAX_FILE) {
		*why = "larger than a signature file can be";
		return -1;
	}
	if (memchr(text, '\0', len) != NULL) {
		*why = "holds a NUL byte";
		return -1;
	}
	if (next_line(&p, end, &line, &n) == -1 ||
	    !has_prefix(line, n, "untrusted comment: ")) {
		*why = "does not start with \"untrusted comment: \"";
		return -1;
	}
	if (next_line(&p, end, &line, &n) == -1) {
		*why = "ends before the signature line";
		return -1;
	}
	if (cds_ms_base64_decode(line, n, raw, sizeof(raw)) !=
	    (long)(sizeof(raw) - 1)) {
		*why = "the signature line is not 74 bytes of base64";
		return -1;
	}
	if (raw[0] == 'E' && raw[1] == 'd') {
		*why = "a legacy signature of the whole file (\"Ed\"); sign "
		    "with the prehashed algorithm (\"ED\", minisign 0.11 and "
		    "later)";
		return -1;
	}
	if (raw[0] != 'E' || raw[1] != 'D') {
		*why = "an unknown signature algorithm (not \"ED\")";
		return -1;
	}
	memcpy(s->keyid, raw + 2, CDS_MS_KEYID_LEN);
	memcpy(s->sig, raw + 2 + CDS_MS_KEYID_LEN, CDS_MS_SIG_LEN);
	if (next_line(&p, end, &line, &n) == -1 ||
	    !has_prefix(line, n, tc)) {
		*why = "no \"trusted comment: \" line";
		return -1;
	}
	s->trusted = cds_xstrndup(line + sizeof(tc) - 1, n - (sizeof(tc) -
	    1));
	if (next_line(&p, end, &line, &n) == -1 ||
	    cds_ms_base64_decode(line, n, raw, sizeof(raw)) !=
	    CDS_MS_SIG_LEN) {
		*why = "the global signature line is not 64 bytes of base64";
		cds_ms_sig_clear(s);
		return -1;
	}
	memcpy(s->global, raw, CDS_MS_SIG_LEN);
	/* nothing after the fourth line but an empty one */
	while (p < end && (*p == '\n' || *p == '\r')) {
		p++;
	}
	if (p != end) {
		*why = "text after the global signature";
		cds_ms_sig_clear(s);
		return -1;
	}
	return 0;
}

/* Ed25519 of MSG under PK: 1 good, 0 bad, -1 OpenSSL failed. */
static int
ed25519_ok(const unsigned char pk[CDS_MS_PK_LEN],
    const unsigned char sig[CDS_MS_SIG_LEN], const void *msg, size_t len)
{
	EVP_PKEY *key;
	EVP_MD_CTX *ctx;
	int r = -1;

	if (cds_crypto_load() != NULL) {
		return -1;
	}
	key = CRYPTO(EVP_PKEY_new_raw_public_key)(EVP_PKEY_ED25519, NULL, pk,
	    CDS_MS_PK_LEN);
	if (key == NULL) {
		return -1;
	}
	if ((ctx = CRYPTO(EVP_MD_CTX_new)()) != NULL &&
	    CRYPTO(EVP_DigestVerifyInit)(ctx, NULL, NULL, NULL, key) == 1) {
		r = CRYPTO(EVP_DigestVerify)(ctx, sig, CDS_MS_SIG_LEN, msg,
		    len) == 1;
	}
	CRYPTO(EVP_MD_CTX_free)(ctx);
	CRYPTO(EVP_PKEY_free)(key);
	return r;
}

static int
blake2b512(const void *data, size_t len, unsigned char md[64])
{
	unsigned int n = 0;

	if (cds_crypto_load() != NULL) {
		return -1;
	}
	return CRYPTO(EVP_Digest)(data, len, md, &n,
	    CRYPTO(EVP_blake2b512)(), NULL) == 1 && n == 64 ? 0 : -1;
}

enum cds_ms_result
cds_ms_verify(const struct cds_ms_sig *s, const struct cds_ms_pubkey *keys,
    size_t n, const void *data, size_t len, size_t *used)
{
	unsigned char md[64];
	unsigned char *gmsg;
	size_t i, tlen;
	int ok;

	for (i = 0; i < n; i++) {
		if (memcmp(keys[i].keyid, s->keyid, CDS_MS_KEYID_LEN) == 0) {
			break;
		}
	}
	if (i == n) {
		return CDS_MS_UNKNOWN_KEY;
	}
	if (used != NULL) {
		*used = i;
	}
	if (blake2b512(data, len, md) == -1 ||
	    ed25519_ok(keys[i].pk, s->sig, md, sizeof(md)) != 1) {
		return CDS_MS_BAD_SIGNATURE;
	}
	tlen = strlen(s->trusted);
	gmsg = cds_xmalloc(CDS_MS_SIG_LEN + tlen);
	memcpy(gmsg, s->sig, CDS_MS_SIG_LEN);
	memcpy(gmsg + CDS_MS_SIG_LEN, s->trusted, tlen);
	ok = ed25519_ok(keys[i].pk, s->global, gmsg, CDS_MS_SIG_LEN + tlen);
	free(gmsg);
	return ok == 1 ? CDS_MS_OK : CDS_MS_BAD_COMMENT;
}

static int
ed25519_sign(const unsigned char seed[32], const void *msg, size_t len,
    unsigned char sig[CDS_MS_SIG_LEN])
{
	EVP_PKEY *key;
	EVP_MD_CTX *ctx;
	size_t slen = CDS_MS_SIG_LEN;
	int r = -1;

	key = CRYPTO(EVP_PKEY_new_raw_private_key)(EVP_PKEY_ED25519, NULL,
	    seed, 32);
	if (key == NULL) {
		return -1;
	}
	if ((ctx = CRYPTO(EVP_MD_CTX_new)()) != NULL &&
	    CRYPTO(EVP_DigestSignInit)(ctx, NULL, NULL, NULL, key) == 1 &&
	    CRYPTO(EVP_DigestSign)(ctx, sig, &slen, msg, len) == 1 &&
	    slen == CDS_MS_SIG_LEN) {
		r = 0;
	}
	CRYPTO(EVP_MD_CTX_free)(ctx);
	CRYPTO(EVP_PKEY_free)(key);
	return r;
}

int
cds_ms_public_of(const unsigned char seed[32],
    unsigned char pk[CDS_MS_PK_LEN])
{
	EVP_PKEY *key;
	size_t n = CDS_MS_PK_LEN;
	int r;

	if (cds_crypto_load() != NULL) {
		return -1;
	}
	key = CRYPTO(EVP_PKEY_new_raw_private_key)(EVP_PKEY_ED25519, NULL,
	    seed, 32);
	if (key == NULL) {
		return -1;
	}
	r = CRYPTO(EVP_PKEY_get_raw_public_key)(key, pk, &n) == 1 &&
	    n == CDS_MS_PK_LEN ? 0 : -1;
	CRYPTO(EVP_PKEY_free)(key);
	return r;
}

char *
cds_ms_sign(const unsigned char seed[32],
    const unsigned char keyid[CDS_MS_KEYID_LEN], const void *data,
    size_t len, const char *untrusted, const char *trusted)
{
	unsigned char md[64], raw[2 + CDS_MS_KEYID_LEN + CDS_MS_SIG_LEN];
	unsigned char global[CDS_MS_SIG_LEN], *gmsg;
	size_t tlen = strlen(trusted);
	char *b1, *b2, *out;
	int r;

	raw[0] = 'E';
	raw[1] = 'D';
	memcpy(raw + 2, keyid, CDS_MS_KEYID_LEN);
	if (blake2b512(data, len, md) == -1 ||
	    ed25519_sign(seed, md, sizeof(md), raw + 2 + CDS_MS_KEYID_LEN) ==
	    -1) {
		return NULL;
	}
	gmsg = cds_xmalloc(CDS_MS_SIG_LEN + tlen);
	memcpy(gmsg, raw + 2 + CDS_MS_KEYID_LEN, CDS_MS_SIG_LEN);
	memcpy(gmsg + CDS_MS_SIG_LEN, trusted, tlen);
	r = ed25519_sign(seed, gmsg, CDS_MS_SIG_LEN + tlen, global);
	free(gmsg);
	if (r == -1) {
		return NULL;
	}
	b1 = cds_ms_base64_encode(raw, sizeof(raw));
	b2 = cds_ms_base64_encode(global, sizeof(global));
	out = cds_xasprintf("untrusted comment: %s\n%s\ntrusted comment: "
	    "%s\n%s\n", untrusted, b1, trusted, b2);
	free(b1);
	free(b2);
	return out;
}

void
cds_ms_keyid_hex(const unsigned char id[CDS_MS_KEYID_LEN], char out[17])
{
	static const char hex[] = "0123456789ABCDEF";
	int i;

	for (i = 0; i < CDS_MS_KEYID_LEN; i++) {
		unsigned char b = id[CDS_MS_KEYID_LEN - 1 - i];

		out[2 * i] = hex[b >> 4];
		out[2 * i + 1] = hex[b & 15];
	}
	out[16] = '\0';
}
