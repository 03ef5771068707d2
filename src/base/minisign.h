/*
 * minisign.h - minisign's signature and public key formats, read and
 * written with OpenSSL EVP (Ed25519, BLAKE2b-512).
 *
 * A public key: "untrusted comment: ..." and one line of base64 of
 * "Ed" || key id (8) || Ed25519 public key (32).  A signature file:
 *
 *   untrusted comment: TEXT
 *   base64("ED" || key id (8) || Ed25519 over BLAKE2b-512(file) (64))
 *   trusted comment: TEXT
 *   base64(Ed25519 over (the 64-byte signature || TEXT) (64))
 *
 * "ED" is minisign's prehashed algorithm (its default since 0.11); the
 * legacy "Ed" (the file signed as it is) is refused by name.  The second
 * (global) signature covers the trusted comment, so an edited comment
 * fails apart from a changed file.  Reference: minisign's own
 * documentation, https://jedisct1.github.io/minisign/ ("Signature
 * format").
 */
#ifndef CDS_MINISIGN_H
#define CDS_MINISIGN_H

#include <stddef.h>

#include "base/util.h"

#define CDS_MS_KEYID_LEN 8
#define CDS_MS_PK_LEN 32
#define CDS_MS_SIG_LEN 64
/* The longest comment line minisign writes is 1 KiB (untrusted) and
 * 8 KiB (trusted); a signature file is a few hundred bytes. */
#define CDS_MS_MAX_FILE 16384

struct cds_ms_pubkey {
	unsigned char keyid[CDS_MS_KEYID_LEN];
	unsigned char pk[CDS_MS_PK_LEN];
};

struct cds_ms_sig {
	unsigned char keyid[CDS_MS_KEYID_LEN];
	unsigned char sig[CDS_MS_SIG_LEN];
	char *trusted;		/* the trusted comment, no prefix */
	unsigned char global[CDS_MS_SIG_LEN];
};

enum cds_ms_result {
	CDS_MS_OK = 0,
	CDS_MS_UNKNOWN_KEY,	/* signed by a key not among those given */
	CDS_MS_BAD_SIGNATURE,	/* the file is not what was signed */
	CDS_MS_BAD_COMMENT	/* the trusted comment is not what was
				   signed */
};

/*
 * Decode strict base64 (RFC 4648, padding required, no white space) of
 * at most MAX bytes into OUT.  Returns the length, or -1.
 */
CDS_HIDDEN long cds_ms_base64_decode(const char *s, size_t n,
    unsigned char *out, size_t max);
/* Encode N bytes; a new NUL-terminated string. */
CDS_HIDDEN char *cds_ms_base64_encode(const unsigned char *p, size_t n);

/*
 * A public key: its base64 line alone ("RW...") or minisign's .pub file
 * (comment line, then the key).  0, or -1 with *WHY a static reason.
 */
CDS_HIDDEN int cds_ms_pubkey_parse(const char *text,
    struct cds_ms_pubkey *pk, const char **why);
/* A signature file of LEN bytes.  0, or -1 with *WHY a static reason;
 * clear with cds_ms_sig_clear() either way. */
CDS_HIDDEN int cds_ms_sig_parse(const char *text, size_t len,
    struct cds_ms_sig *s, const char **why);
CDS_HIDDEN void cds_ms_sig_clear(struct cds_ms_sig *s);

/*
 * Check S over DATA with the key among KEYS (N of them) whose id it
 * names; *USED (when not NULL) is that key's index.  The global
 * signature is checked after the file's, so a changed file and a changed
 * comment are told apart.  libcrypto's module must be loaded (crypto.h:
 * without it every signature reads as bad).
 */
CDS_HIDDEN enum cds_ms_result cds_ms_verify(const struct cds_ms_sig *s,
    const struct cds_ms_pubkey *keys, size_t n, const void *data,
    size_t len, size_t *used);

/*
 * Sign DATA with the Ed25519 secret key SEED (32 bytes) whose id is
 * KEYID: a whole signature file with the comments given (no newline in
 * either).  NULL when OpenSSL fails (or cannot be loaded).
 */
CDS_HIDDEN char *cds_ms_sign(const unsigned char seed[32],
    const unsigned char keyid[CDS_MS_KEYID_LEN], const void *data,
    size_t len, const char *untrusted, const char *trusted);

/* The Ed25519 public key of SEED.  0/-1. */
CDS_HIDDEN int cds_ms_public_of(const unsigned char seed[32],
    unsigned char pk[CDS_MS_PK_LEN]);

/* A key id as minisign prints it: 16 upper-case hex digits of the id
 * read as a little-endian number. */
CDS_HIDDEN void cds_ms_keyid_hex(const unsigned char id[CDS_MS_KEYID_LEN],
    char out[17]);

#endif /* CDS_MINISIGN_H */
