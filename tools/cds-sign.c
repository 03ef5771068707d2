/*
 * cds-sign.c - make and check the index's minisign signatures, with the
 * engine's src/base/minisign.c and OpenSSL; no minisign needed.
 *
 *   cds-sign generate SECKEY PUBKEY      a new key pair in minisign's
 *                                        format (secret key unencrypted,
 *                                        as `minisign -G -W` writes it)
 *   cds-sign pubkey SECKEY               its public key line ("RW...")
 *   cds-sign sign SECKEY FILE [SIG [TRUSTED-COMMENT]]
 *                                        FILE.minisig by default; the
 *                                        trusted comment minisign's
 *                                        ("timestamp:N\tfile:NAME\thashed");
 *                                        prints the signer's public key
 *   cds-sign verify PUBKEY FILE [SIG]    the program's own check
 *
 * SECKEY is minisign's secret key file: unencrypted, or encrypted with a
 * password (scrypt, as minisign does by default), which is read from the
 * first line of standard input.  Build-time only: never installed.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

#include "base/minisign.h"

/* minisign's secret key: alg "Ed", kdf ("Sc" or zeros), checksum "B2",
 * salt, opslimit, memlimit (little-endian), then the part the kdf
 * encrypts: key id, libsodium's 64-byte secret key (seed || public),
 * BLAKE2b-256 of (alg || key id || secret key). */
struct seckey {
	unsigned char alg[2], kdf[2], chk_alg[2];
	unsigned char salt[32];
	unsigned char ops[8], mem[8];
	unsigned char keyid[8];
	unsigned char sk[64];
	unsigned char chk[32];
};
#define SECKEY_LEN 158
#define SECRET_PART 104		/* keyid + sk + chk */
_Static_assert(sizeof(struct seckey) == SECKEY_LEN, "no padding");

/* ---- BLAKE2b with any output length (RFC 7693) -------------------------
 * OpenSSL 3.0 has only the 64-byte one; minisign's key checksum is the
 * 32-byte one, whose parameter block differs. */
static const uint64_t b2iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};
static const unsigned char b2sigma[12][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 }
};

static uint64_t
rotr(uint64_t x, int n)
{
	return (x >> n) | (x << (64 - n));
}

static uint64_t
le64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--) {
		v = (v << 8) | p[i];
	}
	return v;
}

static void
b2g(uint64_t *v, int a, int b, int c, int d, uint64_t x, uint64_t y)
{
	v[a] = v[a] + v[b] + x;
	v[d] = rotr(v[d] ^ v[a], 32);
	v[c] = v[c] + v[d];
	v[b] = rotr(v[b] ^ v[c], 24);
	v[a] = v[a] + v[b] + y;
	v[d] = rotr(v[d] ^ v[a], 16);
	v[c] = v[c] + v[d];
	v[b] = rotr(v[b] ^ v[c], 63);
}

static void
b2compress(uint64_t h[8], const unsigned char blk[128], uint64_t t,
    int last)
{
	uint64_t v[16], m[16];
	int i;

	for (i = 0; i < 16; i++) {
		m[i] = le64(blk + 8 * i);
	}
	for (i = 0; i < 8; i++) {
		v[i] = h[i];
		v[i + 8] = b2iv[i];
	}
	v[12] ^= t;
	if (last) {
		v[14] = ~v[14];
	}
	for (i = 0; i < 12; i++) {
		const unsigned char *s = b2sigma[i];

		b2g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
		b2g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
		b2g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
		b2g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
		b2g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
		b2g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
		b2g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
		b2g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (i = 0; i < 8; i++) {
		h[i] ^= v[i] ^ v[i + 8];
	}
}

static void
blake2b(const unsigned char *p, size_t n, unsigned char *out, size_t outlen)
{
	uint64_t h[8];
	unsigned char blk[128];
	size_t done = 0, i;

	memcpy(h, b2iv, sizeof(h));
	h[0] ^= 0x01010000ULL ^ outlen;
	while (n - done > 128) {
		b2compress(h, p + done, done + 128, 0);
		done += 128;
	}
	memset(blk, 0, sizeof(blk));
	memcpy(blk, p + done, n - done);
	b2compress(h, blk, n, 1);
	for (i = 0; i < outlen; i++) {
		out[i] = (unsigned char)(h[i / 8] >> (8 * (i % 8)));
	}
}

/* ---- secret keys ------------------------------------------------------ */

static void die(const char *fmt, ...) CDS_PRINTF(1, 2);

static void
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "cds-sign: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static char *
slurp(const char *path, size_t *len)
{
	char *t = cds_read_file(path, 64u << 20, len);

	if (t == NULL) {
		fprintf(stderr, "cds-sign: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return t;
}

static void
seckey_checksum(const struct seckey *k, unsigned char out[32])
{
	unsigned char in[2 + 8 + 64];

	memcpy(in, k->alg, 2);
	memcpy(in + 2, k->keyid, 8);
	memcpy(in + 10, k->sk, 64);
	blake2b(in, sizeof(in), out, 32);
}

/* libsodium's scryptsalsa208sha256 parameters from minisign's opslimit
 * and memlimit (libsodium's pickparams). */
static void
scrypt_params(uint64_t ops, uint64_t mem, uint64_t *nn, uint64_t *r,
    uint64_t *p)
{
	uint64_t maxn, maxrp;
	int nlog;

	if (ops < 32768) {
		ops = 32768;
	}
	*r = 8;
	if (ops < mem / 32) {
		*p = 1;
		maxn = ops / (*r * 4);
	} else {
		maxn = mem / (*r * 128);
	}
	for (nlog = 1; nlog < 63; nlog++) {
		if ((uint64_t)1 << nlog > maxn / 2) {
			break;
		}
	}
	if (!(ops < mem / 32)) {
		maxrp = (ops / 4) / ((uint64_t)1 << nlog);
		if (maxrp > 0x3fffffff) {
			maxrp = 0x3fffffff;
		}
		*p = maxrp / *r;
	}
	*nn = (uint64_t)1 << nlog;
}

static char *
read_password(void)
{
	char buf[1024];
	struct termios old, quiet;
	int tty = isatty(STDIN_FILENO);

	if (tty) {
		fputs("Password: ", stderr);
		tcgetattr(STDIN_FILENO, &old);
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
	}
	if (fgets(buf, sizeof(buf), stdin) == NULL) {
		buf[0] = '\0';
	}
	if (tty) {
		tcsetattr(STDIN_FILENO, TCSANOW, &old);
		fputc('\n', stderr);
	}
	buf[strcspn(buf, "\r\n")] = '\0';
	return cds_xstrdup(buf);
}

static void
seckey_load(const char *path, struct seckey *k)
{
	unsigned char raw[SECKEY_LEN + 1], pk[32], chk[32];
	size_t len, n;
	char *text = slurp(path, &len), *line = text;

	if (strncmp(line, "untrusted comment: ", 19) == 0) {
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	n = strcspn(line, "\r\n");
	if (cds_ms_base64_decode(line, n, raw, sizeof(raw)) != SECKEY_LEN) {
		die("%s: not a minisign secret key", path);
	}
	free(text);
	memcpy(k, raw, SECKEY_LEN);
	if (memcmp(k->alg, "Ed", 2) != 0 || memcmp(k->chk_alg, "B2", 2) != 0) {
		die("%s: not an Ed25519 minisign secret key", path);
	}
	if (memcmp(k->kdf, "Sc", 2) == 0) {
		uint64_t nn, r, p, ops = le64(k->ops), mem = le64(k->mem);
		unsigned char stream[SECRET_PART];
		char *pw = read_password();
		size_t i;

		scrypt_params(ops, mem, &nn, &r, &p);
		if (EVP_PBE_scrypt(pw, strlen(pw), k->salt, sizeof(k->salt),
		    nn, r, p, 128 * r * (nn + p + 2) + (1u << 20), stream,
		    sizeof(stream)) != 1) {
			die("%s: scrypt failed (not enough memory?)", path);
		}
		free(pw);
		for (i = 0; i < SECRET_PART; i++) {
			raw[SECKEY_LEN - SECRET_PART + i] ^= stream[i];
		}
		memcpy(k, raw, SECKEY_LEN);
	} else if (k->kdf[0] != 0 || k->kdf[1] != 0) {
		die("%s: an unknown key derivation (not scrypt)", path);
	}
	/* minisign -W leaves the checksum of an unencrypted key zero; the
	 * public half, derived again, checks the key either way */
	seckey_checksum(k, chk);
	if ((memcmp(k->kdf, "Sc", 2) == 0 && memcmp(chk, k->chk, 32) != 0) ||
	    cds_ms_public_of(k->sk, pk) == -1 || memcmp(pk, k->sk + 32, 32) !=
	    0) {
		die("%s: wrong password, or a damaged key", path);
	}
}

static char *
pubkey_line(const struct seckey *k)
{
	unsigned char raw[42];

	raw[0] = 'E';
	raw[1] = 'd';
	memcpy(raw + 2, k->keyid, 8);
	memcpy(raw + 10, k->sk + 32, 32);
	return cds_ms_base64_encode(raw, sizeof(raw));
}

static void
write_text(const char *path, const char *text, mode_t mode)
{
	if (cds_write_file_atomic(path, text, strlen(text), mode) == -1) {
		fprintf(stderr, "cds-sign: %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static int
generate(const char *secpath, const char *pubpath)
{
	struct seckey k;
	char hex[17], *b, *text, *pub;

	memset(&k, 0, sizeof(k));
	memcpy(k.alg, "Ed", 2);
	memcpy(k.chk_alg, "B2", 2);
	if (RAND_bytes(k.keyid, 8) != 1 || RAND_bytes(k.sk, 32) != 1 ||
	    cds_ms_public_of(k.sk, k.sk + 32) == -1) {
		die("%s", "OpenSSL could not make a key");
	}
	seckey_checksum(&k, k.chk);
	b = cds_ms_base64_encode((const unsigned char *)&k, SECKEY_LEN);
	text = cds_xasprintf("untrusted comment: minisign encrypted secret "
	    "key\n%s\n", b);
	write_text(secpath, text, 0600);
	free(text);
	free(b);
	cds_ms_keyid_hex(k.keyid, hex);
	pub = pubkey_line(&k);
	text = cds_xasprintf("untrusted comment: minisign public key %s\n%s\n",
	    hex, pub);
	write_text(pubpath, text, 0644);
	free(text);
	free(pub);
	return 0;
}

static int
sign(const char *secpath, const char *file, const char *sigpath,
    const char *trusted)
{
	struct seckey k;
	size_t len;
	char *data, *sig, *tc = NULL, *sp = NULL;

	seckey_load(secpath, &k);
	data = slurp(file, &len);
	if (trusted == NULL) {
		trusted = tc = cds_xasprintf("timestamp:%lld\tfile:%s\thashed",
		    (long long)time(NULL), cds_basename(file));
	}
	if (strchr(trusted, '\n') != NULL) {
		die("%s", "a trusted comment is one line");
	}
	sig = cds_ms_sign(k.sk, k.keyid, data, len, "signature from "
	    "cds-sign secret key", trusted);
	if (sig == NULL) {
		die("%s", "OpenSSL could not sign");
	}
	if (sigpath == NULL) {
		sigpath = sp = cds_xasprintf("%s.minisig", file);
	}
	write_text(sigpath, sig, 0644);
	/* the key that signed, for the caller to check it is trusted */
	free(tc);
	tc = pubkey_line(&k);
	puts(tc);
	OPENSSL_cleanse(&k, sizeof(k));
	free(sig);
	free(data);
	free(tc);
	free(sp);
	return 0;
}

static int
verify(const char *pubpath, const char *file, const char *sigpath)
{
	static const char *const words[] = { "", "signed by another key",
		"the file is not the one signed",
		"the trusted comment is not the one signed" };
	struct cds_ms_pubkey pk;
	struct cds_ms_sig s;
	enum cds_ms_result r;
	const char *why;
	size_t len, slen;
	char *ptext, *data, *sig, *sp = NULL;

	ptext = slurp(pubpath, &len);
	if (cds_ms_pubkey_parse(ptext, &pk, &why) == -1) {
		die("public key: %s", why);
	}
	if (sigpath == NULL) {
		sigpath = sp = cds_xasprintf("%s.minisig", file);
	}
	data = slurp(file, &len);
	sig = slurp(sigpath, &slen);
	if (cds_ms_sig_parse(sig, slen, &s, &why) == -1) {
		die("signature: %s", why);
	}
	r = cds_ms_verify(&s, &pk, 1, data, len, NULL);
	if (r == CDS_MS_OK) {
		printf("Signature and comment signature verified\n"
		    "Trusted comment: %s\n", s.trusted);
	} else {
		fprintf(stderr, "cds-sign: %s: %s\n", file, words[r]);
	}
	cds_ms_sig_clear(&s);
	free(ptext);
	free(data);
	free(sig);
	free(sp);
	return r == CDS_MS_OK ? 0 : 1;
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "generate") == 0) {
		return generate(argv[2], argv[3]);
	}
	if (argc == 3 && strcmp(argv[1], "pubkey") == 0) {
		struct seckey k;
		char *p;

		seckey_load(argv[2], &k);
		p = pubkey_line(&k);
		puts(p);
		free(p);
		return 0;
	}
	if (argc >= 4 && argc <= 6 && strcmp(argv[1], "sign") == 0) {
		return sign(argv[2], argv[3], argc > 4 ? argv[4] : NULL,
		    argc > 5 ? argv[5] : NULL);
	}
	if (argc >= 4 && argc <= 5 && strcmp(argv[1], "verify") == 0) {
		return verify(argv[2], argv[3], argc > 4 ? argv[4] : NULL);
	}
	if (argc == 3 && strcmp(argv[1], "blake2b256") == 0) {
		/* for the tests: the checksum's hash, against a reference */
		unsigned char md[32];
		size_t len, i;
		char *d = slurp(argv[2], &len);

		blake2b((unsigned char *)d, len, md, 32);
		for (i = 0; i < 32; i++) {
			printf("%02x", md[i]);
		}
		putchar('\n');
		free(d);
		return 0;
	}
	fputs("usage: cds-sign generate SECKEY PUBKEY | pubkey SECKEY |\n"
	    "       sign SECKEY FILE [SIG [TRUSTED-COMMENT]] |\n"
	    "       verify PUBKEY FILE [SIG]\n", stderr);
	return 2;
}
