/*
 * xztest.h - what the xz decoder's tests and its fuzz target share: run
 * our stage (src/xzdec.c) on a buffer through real rings and threads,
 * run liblzma's stream decoder on the same buffer, and compare.
 */
#ifndef CDS_XZTEST_H
#define CDS_XZTEST_H

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lzma.h>

#include "fetch.h"

#define XT_HARD_LIMIT ((uint64_t)1 << 30)

struct xt_opts {
	size_t ring_a;		/* bytes; the data path's are 4 MiB */
	size_t ring_b;
	size_t piece;		/* the producer writes at most this much at
				   a time (0: as much as fits) */
	unsigned threads;
	uint64_t memlimit;
	uint64_t size;		/* the archive's size told the stage (0:
				   unknown) */
};

struct xt_result {
	int ok;			/* the decoder finished without error */
	int limit;		/* it refused for memory (not comparable) */
	unsigned char *out;
	size_t len;
	char *why;
	uint64_t blocks;
	unsigned workers;
};

struct xt_prod {
	struct cds_ring *r;
	const unsigned char *p;
	size_t n;
	size_t piece;
	unsigned seed;
};

static void *
xt_producer(void *arg)
{
	struct xt_prod *pr = arg;
	size_t off = 0;

	while (off < pr->n) {
		unsigned char *w;
		size_t m = cds_ring_wspan(pr->r, &w);

		if (m == 0) {
			return NULL;	/* aborted */
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

struct xt_cons {
	struct cds_ring *r;
	unsigned char *buf;
	size_t len, cap;
	size_t max;		/* give up (abort) after this much */
	int aborted;
};

static void *
xt_consumer(void *arg)
{
	struct xt_cons *c = arg;
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
			unsigned char *b = realloc(c->buf, cap);

			if (b == NULL) {
				abort();
			}
			c->buf = b;
			c->cap = cap;
		}
		memcpy(c->buf + c->len, q, (size_t)n);
		c->len += (size_t)n;
		cds_ring_consume(c->r, (size_t)n);
	}
	return NULL;
}

/* Our decoder stage on IN, through rings of the sizes O asks. */
static void
xt_ours(const unsigned char *in, size_t n, const struct xt_opts *o,
    size_t max_out, struct xt_result *res)
{
	struct cds_ring ra, rb;
	struct cds_xzdec x;
	struct xt_prod pr;
	struct xt_cons co;
	pthread_t tp, tc;

	memset(res, 0, sizeof(*res));
	cds_ring_init(&ra, o->ring_a);
	cds_ring_init(&rb, o->ring_b);
	memset(&pr, 0, sizeof(pr));
	pr.r = &ra;
	pr.p = in;
	pr.n = n;
	pr.piece = o->piece;
	pr.seed = (unsigned)n;
	memset(&co, 0, sizeof(co));
	co.r = &rb;
	co.max = max_out;
	memset(&x, 0, sizeof(x));
	x.in = &ra;
	x.out = &rb;
	x.name = "t.tar.xz";
	x.memlimit = o->memlimit;
	x.threads = o->threads;
	x.size = o->size;
	if (pthread_create(&tp, NULL, xt_producer, &pr) != 0 ||
	    pthread_create(&tc, NULL, xt_consumer, &co) != 0) {
		abort();
	}
	cds_xzdec_run(&x);
	pthread_join(tp, NULL);
	pthread_join(tc, NULL);
	res->ok = x.e.err == 0 && !x.e.peer && !co.aborted;
	res->limit = x.e.detail != NULL &&
	    strstr(x.e.detail, "more memory than allowed") != NULL;
	res->why = x.e.detail;
	res->out = co.buf;
	res->len = co.len;
	res->blocks = x.blocks;
	res->workers = x.workers;
	cds_ring_destroy(&ra);
	cds_ring_destroy(&rb);
}

/* liblzma's stream decoder, single-threaded, checks ignored like ours. */
static void
xt_liblzma(const unsigned char *in, size_t n, size_t max_out,
    struct xt_result *res)
{
	lzma_stream s = LZMA_STREAM_INIT;
	size_t cap = 1 << 16;
	lzma_ret r;

	memset(res, 0, sizeof(*res));
	if ((res->out = malloc(cap)) == NULL) {
		abort();
	}
	r = lzma_stream_decoder(&s, XT_HARD_LIMIT,
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
	res->limit = r == LZMA_MEMLIMIT_ERROR || r == LZMA_MEM_ERROR;
	lzma_end(&s);
}

static void
xt_free(struct xt_result *r)
{
	free(r->out);
	free(r->why);
	r->out = NULL;
	r->why = NULL;
}

/* 1 when the two agree: both refused, or both gave the same bytes; also
 * 1 when either refused for memory (the limits are not the same). */
static int
xt_agree(const struct xt_result *a, const struct xt_result *b)
{
	if (a->limit || b->limit) {
		return 1;
	}
	if (a->ok != b->ok) {
		return 0;
	}
	return !a->ok || (a->len == b->len &&
	    (a->len == 0 || memcmp(a->out, b->out, a->len) == 0));
}

#endif /* CDS_XZTEST_H */
