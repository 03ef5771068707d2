/*
 * The xz stage (src/xzdec.c with our LZMA2 decoder, src/lzma2.c) against
 * liblzma's decoder, on files liblzma's encoder made and on files built
 * here to reach what its encoder never writes:
 *  - presets 0..9 and extreme, every literal/position setting LZMA2
 *    allows at the corners, a 4 KiB dictionary, stored (incompressible)
 *    chunks, the empty file and one byte, the four check types;
 *  - blocks with their sizes (xz -T) decoded on 1, 2 and 4 worker threads
 *    and within memory limits that fit one block or none;
 *  - BCJ and delta filters (liblzma's block decoder takes those blocks),
 *    concatenated streams with padding;
 *  - a dictionary reset in the middle of a block at an odd position, new
 *    properties without one, state resets;
 *  - input that arrives a few bytes at a time through a 4 KiB ring;
 *  - damaged files (bytes changed, cut short, stretched): both refuse or
 *    both give the same bytes, and ours never reads or writes out of
 *    bounds (ASan in the --enable-debug build).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xztest.h"

#define MiB ((size_t)1 << 20)

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2;
		if ((b->p = realloc(b->p, b->cap)) == NULL) {
			abort();
		}
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
put_byte(struct buf *b, unsigned c)
{
	unsigned char x = (unsigned char)c;

	put(b, &x, 1);
}

static void
put_vli(struct buf *b, uint64_t v)
{
	while (v >= 0x80) {
		put_byte(b, (unsigned)(v & 0x7F) | 0x80);
		v >>= 7;
	}
	put_byte(b, (unsigned)v);
}

static void
put_le32(struct buf *b, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++) {
		put_byte(b, (v >> (8 * i)) & 0xFF);
	}
}

static unsigned rnd_state = 12345;

static unsigned
rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

/* ~N bytes like a library archive: code-like bytes, text, runs, random
 * stretches, repeats from near and far. */
static void
make_data(struct buf *b, size_t n)
{
	static const char *const words[] = {
		"cudnn", "convolution", "forward", "libcudart.so.12", "\n",
		"    ", "return", "CUDNN_STATUS_SUCCESS", "{", "}", ";", " "
	};

	while (b->n < n) {
		unsigned k = rnd() % 6, i, len;

		switch (k) {
		case 0:		/* text */
			for (i = 0; i < 64; i++) {
				const char *w = words[rnd() % 12];

				put(b, w, strlen(w));
			}
			break;
		case 1:		/* random */
			len = 16 + rnd() % 3000;
			for (i = 0; i < len; i++) {
				put_byte(b, rnd() & 0xFF);
			}
			break;
		case 2:		/* a run */
			len = 1 + rnd() % 600;
			for (i = 0; i < len; i++) {
				put_byte(b, k * 7);
			}
			break;
		case 3:		/* a repeat from near or far */
			if (b->n > 64) {
				size_t dist = 1 + rnd() % (rnd() % 2 ? 16 :
				    b->n - 1);
				size_t from = b->n - dist;

				len = 2 + rnd() % 300;
				for (i = 0; i < len; i++) {
					put_byte(b, b->p[from + i]);
				}
			}
			break;
		default:	/* little-endian words, like code */
			for (i = 0; i < 256; i++) {
				uint32_t v = (rnd() % 64) << (rnd() % 3 * 8);

				put(b, &v, 4);
			}
			break;
		}
	}
	b->n = n;
}

/* An .xz file of DATA with one filter chain and check, by liblzma. */
static int
encode(struct buf *o, const unsigned char *data, size_t n,
    const lzma_filter *filters, lzma_check check)
{
	size_t cap = n + n / 2 + 65536, pos = 0;

	o->n = 0;
	if (o->cap < cap) {
		o->cap = cap;
		if ((o->p = realloc(o->p, cap)) == NULL) {
			abort();
		}
	}
	if (lzma_stream_buffer_encode((lzma_filter *)filters, check, NULL,
	    data, n, o->p, &pos, cap) != LZMA_OK) {
		return -1;
	}
	o->n = pos;
	return 0;
}

/* An .xz file in blocks of BLOCK bytes, their sizes in the headers. */
static int
encode_mt(struct buf *o, const unsigned char *data, size_t n,
    uint32_t preset, uint64_t block)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_mt mt;
	lzma_ret r;

	memset(&mt, 0, sizeof(mt));
	mt.threads = 2;
	mt.block_size = block;
	mt.preset = preset;
	mt.check = LZMA_CHECK_CRC64;
	if (lzma_stream_encoder_mt(&s, &mt) != LZMA_OK) {
		return -1;
	}
	o->n = 0;
	o->cap = n + n / 2 + 65536;
	if ((o->p = realloc(o->p, o->cap)) == NULL) {
		abort();
	}
	s.next_in = data;
	s.avail_in = n;
	s.next_out = o->p;
	s.avail_out = o->cap;
	do {
		r = lzma_code(&s, LZMA_FINISH);
	} while (r == LZMA_OK && s.avail_out > 0);
	o->n = o->cap - s.avail_out;
	lzma_end(&s);
	return r == LZMA_STREAM_END ? 0 : -1;
}

/* Raw LZMA2 (chunks, then the end byte) for DATA. */
static void
raw_lzma2(struct buf *o, const unsigned char *data, size_t n,
    const lzma_options_lzma *opt)
{
	lzma_filter f[2] = {
		{ LZMA_FILTER_LZMA2, (void *)opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	size_t cap = n + n / 2 + 65536, pos = 0;

	o->n = 0;
	o->cap = cap;
	if ((o->p = realloc(o->p, cap)) == NULL ||
	    lzma_raw_buffer_encode(f, NULL, data, n, o->p, &pos, cap) !=
	    LZMA_OK) {
		abort();
	}
	o->n = pos;
}

/* An .xz stream (check none) of one block of raw LZMA2 data; SIZES puts
 * both sizes in the block header. */
static void
wrap(struct buf *o, const struct buf *raw, uint64_t usize, int sizes,
    unsigned dict_byte)
{
	static const unsigned char magic[6] = { 0xFD, '7', 'z', 'X', 'Z', 0 };
	unsigned char flags[2] = { 0, 0 };
	struct buf h = { 0 }, ix = { 0 };
	uint64_t unpadded;
	size_t i;

	o->n = 0;
	put(o, magic, 6);
	put(o, flags, 2);
	put_le32(o, lzma_crc32(flags, 2, 0));
	put_byte(&h, 0);	/* size, set below */
	put_byte(&h, sizes ? 0xC0 : 0x00);
	if (sizes) {
		put_vli(&h, raw->n);
		put_vli(&h, usize);
	}
	put_vli(&h, 0x21);
	put_vli(&h, 1);
	put_byte(&h, dict_byte);
	while ((h.n + 4) % 4 != 0) {
		put_byte(&h, 0);
	}
	h.p[0] = (unsigned char)((h.n + 4) / 4 - 1);
	put_le32(&h, lzma_crc32(h.p, h.n, 0));
	put(o, h.p, h.n);
	put(o, raw->p, raw->n);
	for (i = raw->n; i % 4 != 0; i++) {
		put_byte(o, 0);
	}
	unpadded = h.n + raw->n;
	put_byte(&ix, 0);
	put_vli(&ix, 1);
	put_vli(&ix, unpadded);
	put_vli(&ix, usize);
	while (ix.n % 4 != 0) {
		put_byte(&ix, 0);
	}
	put_le32(&ix, lzma_crc32(ix.p, ix.n, 0));
	put(o, ix.p, ix.n);
	{
		struct buf f = { 0 };

		put_le32(&f, (uint32_t)(ix.n / 4 - 1));
		put(&f, flags, 2);
		put_le32(o, lzma_crc32(f.p, 6, 0));
		put(o, f.p, 6);
		put(o, "YZ", 2);
		free(f.p);
	}
	free(h.p);
	free(ix.p);
}

static const struct xt_opts plain = {
	4 * MiB, 4 * MiB, 0, 1, 256 * MiB, 0
};

/* Decode F both ways with O; 1 when they agree.  WANT (if not NULL,
 * WANT_N bytes) is what a valid file must give. */
static int
same(const struct buf *f, const struct xt_opts *o, const unsigned char *want,
    size_t want_n, struct xt_result *ours_out)
{
	struct xt_result a, b;
	int ok;

	xt_ours(f->p, f->n, o, 64 * MiB, &a);
	xt_liblzma(f->p, f->n, 64 * MiB, &b);
	ok = xt_agree(&a, &b);
	if (want != NULL) {
		ok = ok && a.ok && a.len == want_n &&
		    (want_n == 0 || memcmp(a.out, want, want_n) == 0);
	}
	if (!ok) {
		printf("# ours: %s, %zu bytes (%s); liblzma: %s, %zu bytes\n",
		    a.ok ? "ok" : "refused", a.len,
		    a.why != NULL ? a.why : "-", b.ok ? "ok" : "refused",
		    b.len);
	}
	if (ours_out != NULL) {
		*ours_out = a;
	} else {
		xt_free(&a);
	}
	xt_free(&b);
	return ok;
}

static void
presets(const struct buf *d)
{
	static const uint32_t ps[] = {
		0, 1, 3, 6, 9, 6 | LZMA_PRESET_EXTREME
	};
	struct buf f = { 0 };
	size_t i;

	for (i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
		lzma_options_lzma opt;
		lzma_filter fl[2] = {
			{ LZMA_FILTER_LZMA2, &opt },
			{ LZMA_VLI_UNKNOWN, NULL }
		};

		lzma_lzma_preset(&opt, ps[i]);
		if (encode(&f, d->p, d->n, fl, LZMA_CHECK_CRC64) != 0) {
			tap_ok(0, "preset %u: encoded", ps[i] & 9);
			continue;
		}
		tap_ok(same(&f, &plain, d->p, d->n, NULL),
		    "preset %u%s: %zu bytes, the same as liblzma's", ps[i] & 15,
		    ps[i] & LZMA_PRESET_EXTREME ? "e" : "", f.n);
	}
	free(f.p);
}

/* lc/lp/pb at the corners, a 4 KiB dictionary. */
static void
settings(const struct buf *d)
{
	static const unsigned lclppb[][3] = {
		{ 0, 0, 0 }, { 4, 0, 2 }, { 0, 4, 4 }, { 1, 3, 1 },
		{ 3, 1, 4 }, { 2, 2, 3 }
	};
	struct buf f = { 0 };
	size_t i;

	for (i = 0; i < sizeof(lclppb) / sizeof(lclppb[0]); i++) {
		lzma_options_lzma opt;
		lzma_filter fl[2] = {
			{ LZMA_FILTER_LZMA2, &opt },
			{ LZMA_VLI_UNKNOWN, NULL }
		};

		lzma_lzma_preset(&opt, 6);
		opt.lc = lclppb[i][0];
		opt.lp = lclppb[i][1];
		opt.pb = lclppb[i][2];
		if (i == 5) {
			opt.dict_size = 4096;
		}
		tap_ok(encode(&f, d->p, d->n, fl, LZMA_CHECK_CRC32) == 0 &&
		    same(&f, &plain, d->p, d->n, NULL),
		    "lc=%u lp=%u pb=%u%s: the same bytes", opt.lc, opt.lp,
		    opt.pb, i == 5 ? ", 4 KiB dictionary" : "");
	}
	free(f.p);
}

static void
checks_and_sizes(const struct buf *d)
{
	static const lzma_check ck[] = {
		LZMA_CHECK_NONE, LZMA_CHECK_CRC32, LZMA_CHECK_CRC64,
		LZMA_CHECK_SHA256
	};
	lzma_options_lzma opt;
	lzma_filter fl[2] = {
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	struct buf f = { 0 }, rnd_data = { 0 };
	size_t i;

	lzma_lzma_preset(&opt, 1);
	for (i = 0; i < 4; i++) {
		tap_ok(encode(&f, d->p, 300000, fl, ck[i]) == 0 &&
		    same(&f, &plain, d->p, 300000, NULL),
		    "check type %d: skipped, the data the same", (int)ck[i]);
	}
	tap_ok(encode(&f, d->p, 0, fl, LZMA_CHECK_CRC64) == 0 &&
	    same(&f, &plain, d->p, 0, NULL), "the empty file: no bytes");
	tap_ok(encode(&f, d->p, 1, fl, LZMA_CHECK_CRC64) == 0 &&
	    same(&f, &plain, d->p, 1, NULL), "one byte");
	/* incompressible: stored chunks, then LZMA chunks that reset the
	 * state after them */
	for (i = 0; i < 3 * MiB; i++) {
		put_byte(&rnd_data, rnd() & 0xFF);
	}
	/* noise alone: 64 KiB stored chunks to the end, the last one
	 * followed by fewer bytes than the decoder's padding */
	tap_ok(encode(&f, rnd_data.p, MiB, fl, LZMA_CHECK_CRC64) == 0 &&
	    same(&f, &plain, rnd_data.p, MiB, NULL),
	    "1 MiB of noise: whole stored chunks, the last at the file's end");
	put(&rnd_data, d->p, MiB);
	tap_ok(encode(&f, rnd_data.p, rnd_data.n, fl, LZMA_CHECK_CRC64) ==
	    0 && same(&f, &plain, rnd_data.p, rnd_data.n, NULL),
	    "3 MiB of noise then data: stored chunks and state resets");
	free(f.p);
	free(rnd_data.p);
}

static void
other_filters(const struct buf *d)
{
	lzma_options_lzma opt;
	lzma_options_delta delta;
	lzma_filter bcj[3] = {
		{ LZMA_FILTER_X86, NULL },
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	lzma_filter del[3] = {
		{ LZMA_FILTER_DELTA, &delta },
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	struct buf f = { 0 }, two = { 0 };

	lzma_lzma_preset(&opt, 6);
	memset(&delta, 0, sizeof(delta));
	delta.type = LZMA_DELTA_TYPE_BYTE;
	delta.dist = 4;
	tap_ok(encode(&f, d->p, d->n, bcj, LZMA_CHECK_CRC64) == 0 &&
	    same(&f, &plain, d->p, d->n, NULL),
	    "x86 BCJ + LZMA2: liblzma's block decoder, the same bytes");
	tap_ok(encode(&f, d->p, d->n, del, LZMA_CHECK_CRC32) == 0 &&
	    same(&f, &plain, d->p, d->n, NULL), "delta + LZMA2");
	/* two streams, 8 bytes of padding between them and 4 after */
	put(&two, f.p, f.n);
	put(&two, "\0\0\0\0\0\0\0\0", 8);
	encode(&f, d->p, d->n / 2, bcj + 1, LZMA_CHECK_NONE);
	put(&two, f.p, f.n);
	put(&two, "\0\0\0\0", 4);
	{
		struct xt_result a;
		int ok = same(&two, &plain, NULL, 0, &a);

		tap_ok(ok && a.ok && a.len == d->n + d->n / 2 &&
		    memcmp(a.out + d->n, d->p, d->n / 2) == 0,
		    "concatenated streams with padding: both, in order");
		xt_free(&a);
	}
	two.n -= 1;
	tap_ok(same(&two, &plain, NULL, 0, NULL),
	    "padding not a multiple of four: refused by both");
	free(f.p);
	free(two.p);
}

static void
blocks(const struct buf *d)
{
	struct buf f = { 0 };
	struct xt_opts o = plain;
	struct xt_result a;
	unsigned th;

	if (encode_mt(&f, d->p, d->n, 1, 1 * MiB) != 0) {
		tap_ok(0, "the multi-block file could not be made");
		return;
	}
	for (th = 1; th <= 4; th *= 2) {
		int ok;

		o.threads = th;
		ok = same(&f, &o, d->p, d->n, &a);
		/* a worker per block in flight, no more than blocks */
		tap_ok(ok && a.blocks == 3 &&
		    a.workers == (th == 1 ? 0 : th < 3 ? th : 3),
		    "%llu blocks with sizes, %u threads: %u workers, the same "
		    "bytes", (unsigned long long)a.blocks, th, a.workers);
		xt_free(&a);
	}
	o.threads = 4;
	o.memlimit = 2 * MiB;
	{
		int ok = same(&f, &o, d->p, d->n, &a);

		tap_ok(ok && a.workers == 1,
		    "a limit that fits one block: one worker (%u)", a.workers);
		xt_free(&a);
	}
	o.memlimit = 1 * MiB;
	{
		int ok = same(&f, &o, d->p, d->n, &a);

		tap_ok(ok && a.workers == 0,
		    "a limit no block fits: decoded on the stage's thread (%u)",
		    a.workers);
		xt_free(&a);
	}
	/* one block with its sizes: a worker, unless the stage knows the
	 * block is the whole archive (then it overlaps the download) */
	if (encode_mt(&f, d->p, d->n, 1, 4 * MiB) != 0) {
		tap_ok(0, "the one-block file could not be made");
		return;
	}
	o = plain;
	o.threads = 2;
	{
		int ok = same(&f, &o, d->p, d->n, &a);

		tap_ok(ok && a.blocks == 1 && a.workers == 1,
		    "one block with sizes, the archive's size unknown: a worker "
		    "(%u)", a.workers);
		xt_free(&a);
		o.size = f.n;
		ok = same(&f, &o, d->p, d->n, &a);
		tap_ok(ok && a.blocks == 1 && a.workers == 0,
		    "the archive's size known: decoded as it arrives (%u "
		    "workers)", a.workers);
		xt_free(&a);
	}
	if (encode_mt(&f, d->p, d->n, 1, 1 * MiB) != 0) {
		tap_ok(0, "the multi-block file could not be made");
		return;
	}
	o.size = f.n;
	{
		int ok = same(&f, &o, d->p, d->n, &a);

		tap_ok(ok && a.workers == 2, "three blocks of the archive's "
		    "size: on workers (%u)", a.workers);
		xt_free(&a);
	}
	/* trickling input, small rings, with and without workers */
	o = plain;
	o.ring_a = 4096;
	o.ring_b = 65536;
	o.piece = 700;
	o.threads = 2;
	tap_ok(same(&f, &o, d->p, d->n, NULL),
	    "blocks trickling through a 4 KiB ring, 2 threads");
	o.threads = 1;
	tap_ok(same(&f, &o, d->p, d->n, NULL),
	    "the same on one thread");
	free(f.p);
}

/* What liblzma's encoder never writes, built from its raw LZMA2. */
static void
crafted(const struct buf *d)
{
	lzma_options_lzma o1, o2;
	struct buf ra = { 0 }, rb = { 0 }, raw = { 0 }, f = { 0 };
	struct buf want = { 0 };
	struct xt_opts two = plain;
	size_t na = 1000003, nb = 700001;
	int sizes;

	two.threads = 2;
	lzma_lzma_preset(&o1, 6);
	lzma_lzma_preset(&o2, 6);
	o2.lc = 1;
	o2.lp = 2;
	o2.pb = 1;
	/* a dictionary reset at an odd position in the block: B's first
	 * chunk resets it (0xE0 or a stored 0x01) */
	raw_lzma2(&ra, d->p, na, &o1);
	raw_lzma2(&rb, d->p + na, nb, &o2);
	put(&raw, ra.p, ra.n - 1);
	put(&raw, rb.p, rb.n);
	for (sizes = 0; sizes <= 1; sizes++) {
		wrap(&f, &raw, na + nb, sizes, 22);	/* 8 MiB */
		tap_ok(same(&f, sizes ? &two : &plain, d->p, na + nb, NULL),
		    "a dictionary reset at byte %zu of the block%s", na,
		    sizes ? " (on a worker)" : "");
	}
	/* new properties and a state reset, no dictionary reset: A ends
	 * with a zero byte at a multiple of 16, B's first control byte
	 * loses its dictionary reset */
	put(&want, d->p, 1048575);
	put_byte(&want, 0);
	put(&want, d->p + 2 * MiB, nb);
	raw_lzma2(&ra, want.p, 1048576, &o1);
	raw_lzma2(&rb, want.p + 1048576, nb, &o2);
	if (rb.p[0] >= 0xE0) {
		rb.p[0] = (unsigned char)(0xC0 | (rb.p[0] & 0x1F));
	} else if (rb.p[0] == 0x01) {
		rb.p[0] = 0x02;
	}
	raw.n = 0;
	put(&raw, ra.p, ra.n - 1);
	put(&raw, rb.p, rb.n);
	wrap(&f, &raw, want.n, 0, 22);
	tap_ok(same(&f, &plain, want.p, want.n, NULL),
	    "new properties without a dictionary reset");
	/* ... the same, but B keeps A's properties: a state reset only;
	 * liblzma decides what it gives */
	rb.p[0] = (unsigned char)(0xA0 | (rb.p[0] & 0x1F));
	raw.n = 0;
	put(&raw, ra.p, ra.n - 1);
	put(&raw, rb.p, rb.n - 0);
	wrap(&f, &raw, want.n, 0, 22);
	tap_ok(same(&f, &plain, NULL, 0, NULL),
	    "a state reset with the old properties: as liblzma");
	/* a first chunk without a dictionary reset, an LZMA chunk before
	 * any properties: refused */
	raw.n = 0;
	put(&raw, ra.p, ra.n);
	raw.p[0] = (unsigned char)(0x80 | (raw.p[0] & 0x1F));
	wrap(&f, &raw, 1048576, 0, 22);
	{
		struct xt_result a;
		int ok = same(&f, &plain, NULL, 0, &a);

		tap_ok(ok && !a.ok && a.why != NULL &&
		    strstr(a.why, "corrupt xz data") != NULL,
		    "no dictionary reset first: \"%s\"",
		    a.why != NULL ? a.why : "-");
		xt_free(&a);
	}
	/* stored chunks of the largest size, the last right before the
	 * block's end: the decoder's reading at its limits */
	raw.n = 0;
	put_byte(&raw, 0x01);
	put_byte(&raw, 0xFF);
	put_byte(&raw, 0xFF);
	put(&raw, d->p, 65536);
	put_byte(&raw, 0x02);
	put_byte(&raw, 0xFF);
	put_byte(&raw, 0xFF);
	put(&raw, d->p + 65536, 65536);
	put_byte(&raw, 0x00);
	wrap(&f, &raw, 131072, 0, 22);
	tap_ok(same(&f, &plain, d->p, 131072, NULL),
	    "two stored chunks of 64 KiB, the last at the end of the file");
	/* a dictionary smaller than the distances used */
	raw.n = 0;
	put(&raw, ra.p, ra.n);
	wrap(&f, &raw, 1048576, 0, 0);		/* 4 KiB */
	tap_ok(same(&f, &plain, NULL, 0, NULL),
	    "distances past a 4 KiB dictionary: as liblzma (refused)");
	free(ra.p);
	free(rb.p);
	free(raw.p);
	free(f.p);
	free(want.p);
}

/* Damage: change, cut and stretch valid files; both must agree. */
static void
damage(const struct buf *d)
{
	struct buf f = { 0 }, m = { 0 };
	struct xt_opts o = plain;
	lzma_options_lzma opt;
	lzma_filter fl[2] = {
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	int round, disagree = 0, refused = 0, n = 0;

	lzma_lzma_preset(&opt, 6);
	for (round = 0; round < 3; round++) {
		int i, rounds = round == 2 ? 150 : 300;

		if (round == 0) {
			encode(&f, d->p, 200000, fl, LZMA_CHECK_CRC32);
			o.threads = 1;
		} else {
			encode_mt(&f, d->p, 600000, 1, 100000);
			o.threads = round == 1 ? 1 : 3;
		}
		for (i = 0; i < rounds; i++) {
			struct xt_result a, b;
			unsigned k = rnd() % 10, j;

			m.n = 0;
			put(&m, f.p, f.n);
			if (k < 6) {	/* change 1..4 bytes */
				for (j = 0; j <= rnd() % 4; j++) {
					m.p[rnd() % m.n] ^= (unsigned char)
					    (1 + rnd() % 255);
				}
			} else if (k < 8) {	/* cut short */
				m.n = rnd() % m.n;
			} else {	/* stretch: bytes inserted */
				size_t at = rnd() % (m.n + 1), old = m.n;
				size_t ins = 1 + rnd() % 8;

				put(&m, "\0\0\0\0\0\0\0\0", ins);
				memmove(m.p + at + ins, m.p + at, old - at);
				memset(m.p + at, (int)(rnd() & 0xFF), ins);
			}
			o.ring_a = i % 2 ? 4096 : 4 * MiB;
			o.piece = i % 3 == 0 ? 333 : 0;
			xt_ours(m.p, m.n, &o, 8 * MiB, &a);
			xt_liblzma(m.p, m.n, 8 * MiB, &b);
			if (!xt_agree(&a, &b)) {
				if (disagree++ < 5) {
					printf("# round %d case %d: ours %s "
					    "(%s), liblzma %s\n", round, i,
					    a.ok ? "ok" : "refused",
					    a.why != NULL ? a.why : "-",
					    b.ok ? "ok" : "refused");
				}
			}
			refused += !a.ok;
			n++;
			xt_free(&a);
			xt_free(&b);
		}
	}
	tap_ok(disagree == 0, "%d damaged files: ours and liblzma agree on "
	    "each (%d refused), %d disagreements", n, refused, disagree);
	free(f.p);
	free(m.p);
}

int
main(void)
{
	struct buf d = { 0 };

	tap_plan(42);
	make_data(&d, 3 * MiB);
	presets(&d);
	settings(&d);
	checks_and_sizes(&d);
	other_filters(&d);
	blocks(&d);
	crafted(&d);
	damage(&d);
	free(d.p);
	return tap_done();
}
