/*
 * The xz stage of the data path (src/fetch/xz.c: liblzma between two byte
 * rings) run through real rings and threads, a producer and a consumer like the
 * download and the unpacker, against liblzma's single-threaded decoder
 * reading the same bytes from memory (the answer):
 *  - which decoder the stage picks, and why: one block (with or without
 *    its sizes), blocks with sizes (threaded), blocks without sizes, a
 *    memory limit that fits a block on a thread or none, one core;
 *  - the threaded decoder stays within the limit it is given;
 *  - input that arrives a few bytes at a time through a 4 KiB ring, output
 *    through a small one, with and without threads;
 *  - concatenated streams and their padding, bytes after the stream, the
 *    empty input, what is not xz, other filters (BCJ), every check type,
 *    a damaged check (not computed: the archive's SHA-256 covers it), a
 *    dictionary over the hard limit;
 *  - damaged files (bytes changed, cut short, stretched): the stage refuses
 *    exactly what liblzma refuses, and otherwise gives the same bytes;
 *  - either side giving up mid-way stops the stage, threads and all, with
 *    no error of its own.
 */
/* mktests: modules (the network and crypto tables built in) */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lzma.h>

#include "fetch/fetch.h"
#include "tap.h"

#define MiB ((size_t)1 << 20)
#define HARD_LIMIT ((uint64_t)1 << 30)

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

/* ------------------------------------------------------------------------ */
/* Making .xz files with liblzma's encoders                                   */
/* ------------------------------------------------------------------------ */

/* One block, both sizes in its header (liblzma's buffer encoder writes
 * them, xz(1) does not), one filter chain. */
static void
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
		abort();
	}
	o->n = pos;
}

/* Preset PRESET, one block with its sizes, CRC64. */
static void
encode_preset(struct buf *o, const unsigned char *data, size_t n,
    uint32_t preset)
{
	lzma_options_lzma opt;
	lzma_filter fl[2] = {
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};

	lzma_lzma_preset(&opt, preset);
	encode(o, data, n, fl, LZMA_CHECK_CRC64);
}

/*
 * Blocks of BLOCK bytes, preset PRESET.  SIZES: by the threaded encoder,
 * which writes both sizes in each block's header (xz -T); else by the
 * single-threaded one, a full flush every BLOCK bytes (blocks without
 * sizes; one block as xz -T1 writes it when BLOCK >= N).
 */
static void
encode_blocks(struct buf *o, const unsigned char *data, size_t n,
    uint64_t block, int sizes, uint32_t preset)
{
	lzma_stream s = LZMA_STREAM_INIT;
	size_t off = 0;
	lzma_ret r;

	if (sizes) {
		lzma_mt mt;

		memset(&mt, 0, sizeof(mt));
		mt.threads = 2;
		mt.block_size = block;
		mt.preset = preset;
		mt.check = LZMA_CHECK_CRC64;
		r = lzma_stream_encoder_mt(&s, &mt);
	} else {
		r = lzma_easy_encoder(&s, preset, LZMA_CHECK_CRC64);
	}
	if (r != LZMA_OK) {
		abort();
	}
	o->n = 0;
	o->cap = n + n / 2 + 65536;
	if ((o->p = realloc(o->p, o->cap)) == NULL) {
		abort();
	}
	s.next_out = o->p;
	s.avail_out = o->cap;
	do {
		lzma_action a = LZMA_FINISH;

		s.next_in = data + off;
		s.avail_in = n - off;
		if (!sizes && n - off > block) {
			s.avail_in = (size_t)block;
			a = LZMA_FULL_FLUSH;
		}
		off += s.avail_in;
		do {
			r = lzma_code(&s, a);
		} while (r == LZMA_OK && (s.avail_in > 0 || a == LZMA_FINISH));
	} while (r == LZMA_STREAM_END && off < n);
	if (r != LZMA_STREAM_END) {
		abort();
	}
	o->n = o->cap - s.avail_out;
	lzma_end(&s);
}

/* An .xz stream (check none) of one block of raw LZMA2 bytes RAW, whose
 * header names the dictionary DICT_BYTE (liblzma's encoders would not
 * write one larger than they used). */
static void
wrap(struct buf *o, const struct buf *raw, uint64_t usize, unsigned dict_byte)
{
	static const unsigned char magic[6] = { 0xFD, '7', 'z', 'X', 'Z', 0 };
	unsigned char flags[2] = { 0, 0 };
	struct buf h = { 0 }, ix = { 0 }, f = { 0 };
	size_t i;

	o->n = 0;
	put(o, magic, 6);
	put(o, flags, 2);
	put_le32(o, lzma_crc32(flags, 2, 0));
	put_byte(&h, 0);	/* size, set below */
	put_byte(&h, 0x00);	/* one filter, no sizes */
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
	put_byte(&ix, 0);
	put_vli(&ix, 1);
	put_vli(&ix, h.n + raw->n);
	put_vli(&ix, usize);
	while (ix.n % 4 != 0) {
		put_byte(&ix, 0);
	}
	put_le32(&ix, lzma_crc32(ix.p, ix.n, 0));
	put(o, ix.p, ix.n);
	put_le32(&f, (uint32_t)(ix.n / 4 - 1));
	put(&f, flags, 2);
	put_le32(o, lzma_crc32(f.p, 6, 0));
	put(o, f.p, 6);
	put(o, "YZ", 2);
	free(h.p);
	free(ix.p);
	free(f.p);
}

/* ------------------------------------------------------------------------ */
/* The stage through real rings, and the answer                              */
/* ------------------------------------------------------------------------ */

struct opts {
	size_t ring_a;		/* bytes; the data path's are 4 MiB */
	size_t ring_b;
	size_t piece;		/* the producer writes at most this much at
				   a time (0: as much as fits) */
	unsigned threads;
	uint64_t memlimit;
	uint64_t size;		/* the archive's size told the stage (0:
				   unknown) */
	size_t src_stop;	/* the producer aborts ring A after this
				   many bytes (0: never) */
	size_t max_out;		/* the consumer aborts ring B after this
				   many bytes */
};

static const struct opts plain = {
	4 * MiB, 4 * MiB, 0, 2, 256 * MiB, 0, 0, 64 * MiB
};

struct result {
	int ok;			/* the stage finished without error */
	int peer;		/* it stopped because a side gave up */
	unsigned char *out;
	size_t len;
	char *why;		/* its error detail */
	enum cds_xzmode mode;
	uint64_t block_mem;
	uint64_t peak;
};

struct prod {
	struct cds_ring *r;
	const unsigned char *p;
	size_t n;
	size_t piece;
	size_t stop;
	unsigned seed;
};

static void *
producer(void *arg)
{
	struct prod *pr = arg;
	size_t off = 0;

	while (off < pr->n) {
		unsigned char *w;
		size_t m = cds_ring_wspan(pr->r, &w);

		if (m == 0) {
			return NULL;	/* aborted */
		}
		if (pr->stop > 0 && off >= pr->stop) {
			cds_ring_abort(pr->r);
			return NULL;
		}
		if (m > pr->n - off) {
			m = pr->n - off;
		}
		if (pr->piece > 0) {
			size_t lim;

			pr->seed = pr->seed * 1103515245u + 12345u;
			lim = 1 + (pr->seed >> 8) % pr->piece;
			if (m > lim) {
				m = lim;
			}
		}
		memcpy(w, pr->p + off, m);
		cds_ring_commit(pr->r, m);
		off += m;
	}
	cds_ring_close(pr->r);
	return NULL;
}

struct cons {
	struct cds_ring *r;
	unsigned char *buf;
	size_t len, cap;
	size_t max;		/* give up (abort) after this much */
	int aborted;
};

static void *
consumer(void *arg)
{
	struct cons *c = arg;
	const unsigned char *q;
	ssize_t n;

	while ((n = cds_ring_rspan(c->r, &q)) > 0) {
		if (c->len + (size_t)n > c->max) {
			c->aborted = 1;
			cds_ring_abort(c->r);
			return NULL;
		}
		if (c->len + (size_t)n > c->cap) {
			size_t cap = c->cap * 2 + (size_t)n;

			if ((c->buf = realloc(c->buf, cap)) == NULL) {
				abort();
			}
			c->cap = cap;
		}
		memcpy(c->buf + c->len, q, (size_t)n);
		c->len += (size_t)n;
		cds_ring_consume(c->r, (size_t)n);
	}
	return NULL;
}

/* The stage on IN, through rings of the sizes O asks. */
static void
stage(const unsigned char *in, size_t n, const struct opts *o,
    struct result *res)
{
	struct cds_ring ra, rb;
	struct cds_xz x;
	struct prod pr;
	struct cons co;
	pthread_t tp, tc;

	memset(res, 0, sizeof(*res));
	cds_ring_init(&ra, o->ring_a);
	cds_ring_init(&rb, o->ring_b);
	memset(&pr, 0, sizeof(pr));
	pr.r = &ra;
	pr.p = in;
	pr.n = n;
	pr.piece = o->piece;
	pr.stop = o->src_stop;
	pr.seed = (unsigned)n;
	memset(&co, 0, sizeof(co));
	co.r = &rb;
	co.max = o->max_out;
	memset(&x, 0, sizeof(x));
	x.in = &ra;
	x.out = &rb;
	x.name = "t.tar.xz";
	x.memlimit = o->memlimit;
	x.threads = o->threads;
	x.size = o->size;
	if (pthread_create(&tp, NULL, producer, &pr) != 0 ||
	    pthread_create(&tc, NULL, consumer, &co) != 0) {
		abort();
	}
	cds_xz_run(&x);
	pthread_join(tp, NULL);
	pthread_join(tc, NULL);
	res->ok = x.e.err == 0 && !x.e.peer && !co.aborted;
	res->peer = x.e.peer;
	res->why = x.e.detail;
	res->out = co.buf;
	res->len = co.len;
	res->mode = x.mode;
	res->block_mem = x.block_mem;
	res->peak = x.peak_mem;
	cds_ring_destroy(&ra);
	cds_ring_destroy(&rb);
}

/* liblzma's single-threaded decoder on IN in memory, with the stage's
 * flags and hard limit. */
static void
answer(const unsigned char *in, size_t n, size_t max_out, struct result *res)
{
	lzma_stream s = LZMA_STREAM_INIT;
	size_t cap = 1 << 16;
	lzma_ret r;

	memset(res, 0, sizeof(*res));
	if ((res->out = malloc(cap)) == NULL) {
		abort();
	}
	r = lzma_stream_decoder(&s, HARD_LIMIT,
	    LZMA_CONCATENATED | LZMA_IGNORE_CHECK);
	s.next_in = in;
	s.avail_in = n;
	while (r == LZMA_OK) {
		if (res->len == cap) {
			if (cap >= max_out) {
				break;
			}
			cap *= 2;
			if ((res->out = realloc(res->out, cap)) == NULL) {
				abort();
			}
		}
		s.next_out = res->out + res->len;
		s.avail_out = cap - res->len;
		r = lzma_code(&s, LZMA_FINISH);
		res->len = cap - s.avail_out;
	}
	res->ok = r == LZMA_STREAM_END;
	lzma_end(&s);
}

static void
result_free(struct result *r)
{
	free(r->out);
	free(r->why);
	r->out = NULL;
	r->why = NULL;
}

/* 1 when the two agree: both refused, or both gave the same bytes. */
static int
agree(const struct result *a, const struct result *b)
{
	if (a->ok != b->ok) {
		return 0;
	}
	return !a->ok || (a->len == b->len &&
	    (a->len == 0 || memcmp(a->out, b->out, a->len) == 0));
}

static const char *
mode_name(enum cds_xzmode m)
{
	switch (m) {
	case CDS_XZ_THREADED:
		return "threaded";
	case CDS_XZ_ONE_BLOCK:
		return "one block";
	case CDS_XZ_NO_SIZES:
		return "no sizes";
	case CDS_XZ_OVER_LIMIT:
		return "over the limit";
	case CDS_XZ_ONE_CORE:
		return "one core";
	}
	return "?";
}

/*
 * The stage on F with O, and the answer; 1 when they agree and (WANT not
 * NULL) the stage gave exactly WANT_N bytes of WANT.  The stage's result
 * in *OUT when not NULL (result_free() it).
 */
static int
same(const struct buf *f, const struct opts *o, const unsigned char *want,
    size_t want_n, struct result *out)
{
	struct result a, b;
	int ok;

	stage(f->p, f->n, o, &a);
	answer(f->p, f->n, o->max_out, &b);
	ok = agree(&a, &b);
	if (want != NULL) {
		ok = ok && a.ok && a.len == want_n &&
		    (want_n == 0 || memcmp(a.out, want, want_n) == 0);
	}
	if (!ok) {
		printf("# stage: %s, %zu bytes (%s, %s); liblzma: %s, %zu "
		    "bytes\n", a.ok ? "ok" : "refused", a.len,
		    a.why != NULL ? a.why : "-", mode_name(a.mode),
		    b.ok ? "ok" : "refused", b.len);
	}
	if (out != NULL) {
		*out = a;
	} else {
		result_free(&a);
	}
	result_free(&b);
	return ok;
}

/* ------------------------------------------------------------------------ */
/* The cases                                                                 */
/* ------------------------------------------------------------------------ */

/* Which decoder, and the limit. */
static void
choice(const struct buf *d)
{
	struct buf f = { 0 };
	struct opts o = plain;
	struct result a;
	uint64_t one;
	int ok;

	/* one block without sizes, as xz -T1 writes it, preset 6: an 8 MiB
	 * dictionary; its header cannot say it is alone */
	encode_blocks(&f, d->p, MiB, MiB, 0, 6);
	o.size = f.n;
	ok = same(&f, &o, d->p, MiB, &a);
	tap_ok(ok && a.mode == CDS_XZ_NO_SIZES && a.peak > 0 &&
	    a.peak < 16 * MiB, "one block as xz -T1 writes it: "
	    "single-threaded (no sizes), the same bytes, held %.1f MiB (the "
	    "dictionary)", (double)a.peak / MiB);
	result_free(&a);

	/* one block with its sizes: single-threaded when the archive's
	 * size says it is the only one */
	encode_blocks(&f, d->p, d->n, 4 * MiB, 1, 1);
	o.size = f.n;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_ONE_BLOCK,
	    "one block with its sizes, the archive's size known: %s",
	    mode_name(a.mode));
	result_free(&a);
	o.size = 0;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_THREADED,
	    "... the size unknown: %s (there may be more)", mode_name(a.mode));
	result_free(&a);

	/* blocks of 1 MiB with sizes (xz -T) */
	encode_blocks(&f, d->p, d->n, MiB, 1, 1);
	o = plain;
	o.size = f.n;
	ok = same(&f, &o, d->p, d->n, &a);
	one = a.block_mem;
	tap_ok(ok && a.mode == CDS_XZ_THREADED && one > MiB &&
	    one < 3 * MiB && a.peak > MiB && a.peak <= o.memlimit,
	    "blocks with sizes, 2 threads: threaded, %.1f MiB a block, held "
	    "%.1f MiB", (double)one / MiB, (double)a.peak / MiB);
	result_free(&a);
	o.threads = 4;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_THREADED, "... 4 threads: the same");
	result_free(&a);
	o.threads = 1;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_ONE_CORE && a.peak < one,
	    "... one core: single-threaded, held %.1f MiB (less than a "
	    "block)", (double)a.peak / MiB);
	result_free(&a);

	/* the limit: one block fits, then none */
	o.threads = 4;
	o.memlimit = one + one / 2;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_THREADED && a.peak <= o.memlimit,
	    "a limit of %.1f MiB (one block): threaded, held %.1f MiB, "
	    "within it", (double)o.memlimit / MiB, (double)a.peak / MiB);
	result_free(&a);
	o.memlimit = one - 1;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_OVER_LIMIT && a.block_mem == one &&
	    a.peak < one, "a limit no block fits: single-threaded, held %.1f "
	    "MiB, the same bytes", (double)a.peak / MiB);
	result_free(&a);
	o.memlimit = MiB;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_OVER_LIMIT, "a limit of 1 MiB: %s, not "
	    "an error", mode_name(a.mode));
	result_free(&a);

	/* blocks without sizes: no block can go to a thread */
	encode_blocks(&f, d->p, d->n, MiB, 0, 1);
	o = plain;
	o.size = f.n;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_NO_SIZES,
	    "blocks without sizes: %s", mode_name(a.mode));
	result_free(&a);
	free(f.p);
}

/* Input a few bytes at a time through a 4 KiB ring, output through a
 * 64 KiB one. */
static void
trickle(const struct buf *d)
{
	struct buf f = { 0 };
	struct opts o = plain;
	struct result a;
	int ok;

	o.ring_a = 4096;
	o.ring_b = 65536;
	o.piece = 700;
	encode_blocks(&f, d->p, d->n, MiB, 1, 1);
	o.size = f.n;
	ok = same(&f, &o, d->p, d->n, &a);
	tap_ok(ok && a.mode == CDS_XZ_THREADED,
	    "blocks trickling through a 4 KiB ring: threaded, the same bytes");
	result_free(&a);
	o.threads = 1;
	tap_ok(same(&f, &o, d->p, d->n, NULL), "... on one thread");
	/* one byte at a time or three, on the single-threaded decoder */
	encode_preset(&f, d->p, 300000, 6);
	o.size = f.n;
	o.piece = 3;
	o.threads = 2;
	ok = same(&f, &o, d->p, 300000, &a);
	tap_ok(ok && a.mode == CDS_XZ_ONE_BLOCK,
	    "one block arriving 1 to 3 bytes at a time: the same bytes");
	result_free(&a);
	free(f.p);
}

/* Streams, padding, filters, checks, and what is not an archive. */
static void
formats(const struct buf *d)
{
	static const lzma_check ck[] = {
		LZMA_CHECK_NONE, LZMA_CHECK_CRC32, LZMA_CHECK_CRC64,
		LZMA_CHECK_SHA256
	};
	lzma_options_lzma opt;
	lzma_filter lz[2] = {
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	lzma_filter bcj[3] = {
		{ LZMA_FILTER_X86, NULL },
		{ LZMA_FILTER_LZMA2, &opt },
		{ LZMA_VLI_UNKNOWN, NULL }
	};
	struct buf f = { 0 }, two = { 0 }, raw = { 0 };
	struct opts o = plain;
	struct result a;
	size_t i, end;
	int ok;

	lzma_lzma_preset(&opt, 1);
	for (i = 0; i < 4; i++) {
		encode(&f, d->p, 300000, lz, ck[i]);
		tap_ok(same(&f, &o, d->p, 300000, NULL),
		    "check type %d: the same bytes", (int)ck[i]);
	}
	/* the CRC64 after the block, damaged: not computed */
	encode(&f, d->p, 300000, lz, LZMA_CHECK_CRC64);
	/* before the footer, the index (the footer gives its size), before
	 * it the check */
	end = f.n - 12 - ((size_t)f.p[f.n - 8] + 1) * 4 - 8;
	f.p[end + 3] ^= 0x55;
	tap_ok(same(&f, &o, d->p, 300000, NULL),
	    "a damaged block check: not computed, the same bytes (the "
	    "archive's SHA-256 covers it)");
	encode(&f, d->p, d->n, bcj, LZMA_CHECK_CRC64);
	tap_ok(same(&f, &o, d->p, d->n, NULL), "x86 BCJ + LZMA2");
	encode(&f, d->p, 0, lz, LZMA_CHECK_CRC64);
	tap_ok(same(&f, &o, d->p, 0, NULL), "an empty file: no bytes");

	/* two streams, 8 bytes of padding between them and 4 after */
	encode(&f, d->p, MiB, lz, LZMA_CHECK_CRC64);
	put(&two, f.p, f.n);
	put(&two, "\0\0\0\0\0\0\0\0", 8);
	encode_blocks(&f, d->p + MiB, MiB, MiB / 4, 1, 1);
	put(&two, f.p, f.n);
	put(&two, "\0\0\0\0", 4);
	o.size = two.n;
	ok = same(&two, &o, d->p, 2 * MiB, &a);
	tap_ok(ok, "concatenated streams with padding: both, in order (%s)",
	    mode_name(a.mode));
	result_free(&a);
	two.n -= 1;
	o.size = two.n;
	ok = same(&two, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strstr(a.why, "t.tar.xz: ") == a.why,
	    "padding not a multiple of four: refused (\"%s\")",
	    a.why != NULL ? a.why : "-");
	result_free(&a);
	two.n = 0;
	put(&two, f.p, f.n);
	put(&two, "trailing garbage\n", 17);
	o.size = two.n;
	ok = same(&two, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strcmp(a.why, "t.tar.xz: corrupt xz data") == 0,
	    "bytes after the stream: \"%s\"", a.why != NULL ? a.why : "-");
	result_free(&a);

	/* what is not an archive, or is cut short */
	o = plain;
	ok = same(d, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strcmp(a.why, "t.tar.xz: not an xz stream") == 0,
	    "not xz: \"%s\"", a.why != NULL ? a.why : "-");
	result_free(&a);
	two.n = 0;
	ok = same(&two, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strcmp(a.why, "t.tar.xz: the xz stream is truncated") == 0,
	    "no bytes at all: \"%s\"", a.why != NULL ? a.why : "-");
	result_free(&a);
	encode(&f, d->p, 300000, lz, LZMA_CHECK_CRC64);
	f.n = 20;		/* in the first block's header */
	ok = same(&f, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strcmp(a.why, "t.tar.xz: the xz stream is truncated") == 0,
	    "cut in the first block's header: \"%s\"",
	    a.why != NULL ? a.why : "-");
	result_free(&a);

	/* a header that names a dictionary of 4 GiB: over the hard limit */
	raw.n = 0;
	put_byte(&raw, 0x01);		/* a stored chunk of 4 bytes */
	put_byte(&raw, 0x00);
	put_byte(&raw, 0x03);
	put(&raw, "abcd", 4);
	put_byte(&raw, 0x00);
	wrap(&f, &raw, 4, 40);
	ok = same(&f, &o, NULL, 0, &a);
	tap_ok(ok && !a.ok && a.why != NULL &&
	    strcmp(a.why, "t.tar.xz: needs more memory than allowed") == 0,
	    "a 4 GiB dictionary: \"%s\"", a.why != NULL ? a.why : "-");
	result_free(&a);
	wrap(&f, &raw, 4, 0);
	tap_ok(same(&f, &o, (const unsigned char *)"abcd", 4, NULL),
	    "... the same bytes with a 4 KiB one: decoded");
	free(f.p);
	free(two.p);
	free(raw.p);
}

/* Damage: change, cut and stretch valid files; the stage must refuse
 * what liblzma refuses and give the same bytes otherwise. */
static void
damage(const struct buf *d)
{
	struct buf f = { 0 }, m = { 0 };
	struct opts o = plain;
	int round, disagree = 0, refused = 0, threaded = 0, n = 0;

	for (round = 0; round < 3; round++) {
		int i;

		if (round == 0) {
			encode_preset(&f, d->p, 200000, 6);
			o.threads = 2;
		} else {
			encode_blocks(&f, d->p, 300000, 50000, 1, 1);
			o.threads = round == 1 ? 1 : 3;
		}
		for (i = 0; i < 100; i++) {
			struct result a, b;
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
			o.size = i % 4 == 0 ? 0 : f.n;
			o.max_out = 8 * MiB;
			stage(m.p, m.n, &o, &a);
			answer(m.p, m.n, 8 * MiB, &b);
			if (!agree(&a, &b) && disagree++ < 5) {
				printf("# round %d case %d: stage %s (%s, %s), "
				    "liblzma %s\n", round, i,
				    a.ok ? "ok" : "refused",
				    a.why != NULL ? a.why : "-",
				    mode_name(a.mode), b.ok ? "ok" : "refused");
			}
			refused += !a.ok;
			threaded += a.mode == CDS_XZ_THREADED;
			n++;
			result_free(&a);
			result_free(&b);
		}
	}
	tap_ok(disagree == 0 && refused > n / 2 && threaded > 0,
	    "%d damaged files: the stage and liblzma agree on each (%d "
	    "refused, %d threaded), %d disagreements", n, refused, threaded,
	    disagree);
	free(f.p);
	free(m.p);
}

/* Either side giving up: the stage stops, no error of its own. */
static void
give_up(const struct buf *d)
{
	struct buf f = { 0 };
	struct opts o = plain;
	struct result a;
	int t;

	for (t = 0; t < 2; t++) {
		encode_blocks(&f, d->p, d->n, MiB / 2, t, 1);
		o = plain;
		o.size = f.n;
		o.ring_b = 65536;	/* the output cannot all fit */
		o.max_out = MiB;
		stage(f.p, f.n, &o, &a);
		tap_ok(!a.ok && a.peer && a.why == NULL &&
		    a.mode == (t ? CDS_XZ_THREADED : CDS_XZ_NO_SIZES),
		    "%s: the reader stops after 1 MiB: the stage stops, no "
		    "error of its own", mode_name(a.mode));
		result_free(&a);
		o.max_out = 64 * MiB;
		o.ring_a = 4096;
		o.src_stop = f.n / 2;
		stage(f.p, f.n, &o, &a);
		tap_ok(!a.ok && a.peer && a.why == NULL,
		    "%s: the source gives up half-way: the same",
		    mode_name(a.mode));
		result_free(&a);
	}
	free(f.p);
}

int
main(void)
{
	struct buf d = { 0 };

	tap_plan(33);
	make_data(&d, 3 * MiB);
	choice(&d);
	trickle(&d);
	formats(&d);
	damage(&d);
	give_up(&d);
	free(d.p);
	return tap_done();
}
