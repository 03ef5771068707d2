/* The data path's pieces: the rings between the stages (every byte
 * arrives once and in order, across the wrap, with a blocking and a
 * non-blocking producer; the end and an abort reach the other side), the
 * archive types by name, and the decompression-bomb bounds. */
/* mktests: modules (the network and crypto tables built in) */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fetch/fetch.h"
#include "tap.h"

#define TOTAL ((uint64_t)48 << 20)

static unsigned char
byte_at(uint64_t i)
{
	/* not periodic in the ring's size */
	return (unsigned char)((i * 2654435761u) >> 13 ^ i >> 7);
}

struct side {
	struct cds_ring *r;
	uint64_t n;
	int bad;
	int woken;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* Consumer: read spans, check every byte, consume in odd amounts. */
static void *
consumer(void *p)
{
	struct side *s = p;
	const unsigned char *q;
	ssize_t n;

	while ((n = cds_ring_rspan(s->r, &q)) > 0) {
		size_t take = (size_t)n > 7777 ? 7777 : (size_t)n;
		size_t i;

		for (i = 0; i < take; i++) {
			if (q[i] != byte_at(s->n + i)) {
				s->bad = 1;
			}
		}
		s->n += take;
		cds_ring_consume(s->r, take);
	}
	if (n < 0) {
		s->bad = 2;
	}
	return NULL;
}

/* Producer through wspan/commit (the xz stage's way). */
static void *
producer(void *p)
{
	struct side *s = p;
	unsigned char *w;
	size_t n, i;

	while (s->n < TOTAL) {
		if ((n = cds_ring_wspan(s->r, &w)) == 0) {
			return NULL;
		}
		if (n > TOTAL - s->n) {
			n = (size_t)(TOTAL - s->n);
		}
		if (n > 5000) {
			n = 5000;
		}
		for (i = 0; i < n; i++) {
			w[i] = byte_at(s->n + i);
		}
		cds_ring_commit(s->r, n);
		s->n += n;
	}
	cds_ring_close(s->r);
	return NULL;
}

static void
wake(void *p)
{
	struct side *s = p;

	pthread_mutex_lock(&s->mu);
	s->woken = 1;
	pthread_cond_signal(&s->cv);
	pthread_mutex_unlock(&s->mu);
}

static void *
reader_until_abort(void *p)
{
	struct side *s = p;
	const unsigned char *q;

	s->n = (uint64_t)cds_ring_rspan(s->r, &q);
	return NULL;
}

int
main(void)
{
	struct cds_ring r;
	struct side prod = {0}, cons = {0};
	pthread_t tp, tc;
	unsigned char chunk[3000];
	uint64_t sent = 0;
	int waits = 0;

	tap_plan(19);

	/* blocking producer and consumer across a small ring */
	cds_ring_init(&r, 65536);
	prod.r = cons.r = &r;
	pthread_create(&tc, NULL, consumer, &cons);
	pthread_create(&tp, NULL, producer, &prod);
	pthread_join(tp, NULL);
	pthread_join(tc, NULL);
	tap_ok(cons.n == TOTAL, "wspan/commit: all %llu bytes arrived",
	    (unsigned long long)TOTAL);
	tap_ok(cons.bad == 0, "wspan/commit: in order, unchanged");
	tap_ok(cds_ring_consumed(&r) == TOTAL, "consumed count");

	/* non-blocking producer (the download's way): put when there is
	 * room, else ask to be woken */
	cds_ring_reset(&r);
	memset(&cons, 0, sizeof(cons));
	cons.r = &r;
	memset(&prod, 0, sizeof(prod));
	pthread_mutex_init(&prod.mu, NULL);
	pthread_cond_init(&prod.cv, NULL);
	r.wake = wake;
	r.wake_ctx = &prod;
	pthread_create(&tc, NULL, consumer, &cons);
	while (sent < TOTAL) {
		size_t n = sizeof(chunk), i;

		if (n > TOTAL - sent) {
			n = (size_t)(TOTAL - sent);
		}
		if (cds_ring_space(&r) < n) {
			pthread_mutex_lock(&prod.mu);
			prod.woken = 0;
			pthread_mutex_unlock(&prod.mu);
			cds_ring_want(&r, n);
			pthread_mutex_lock(&prod.mu);
			while (!prod.woken && cds_ring_space(&r) < n) {
				pthread_cond_wait(&prod.cv, &prod.mu);
			}
			pthread_mutex_unlock(&prod.mu);
			waits++;
			continue;
		}
		for (i = 0; i < n; i++) {
			chunk[i] = byte_at(sent + i);
		}
		cds_ring_put(&r, chunk, n);
		sent += n;
	}
	cds_ring_close(&r);
	pthread_join(tc, NULL);
	tap_ok(cons.n == TOTAL && cons.bad == 0,
	    "put/want/wake: all bytes, in order");
	tap_ok(waits > 0, "the producer waited for room (%d times) and was "
	    "woken", waits);

	/* an abort wakes a blocked reader, which sees -1 */
	cds_ring_reset(&r);
	memset(&cons, 0, sizeof(cons));
	cons.r = &r;
	pthread_create(&tc, NULL, reader_until_abort, &cons);
	usleep(50000);
	cds_ring_abort(&r);
	pthread_join(tc, NULL);
	tap_ok((ssize_t)cons.n == -1, "abort wakes the reader with -1");
	tap_ok(cds_ring_is_aborted(&r), "the ring says so");
	{
		unsigned char *w;

		tap_ok(cds_ring_wspan(&r, &w) == 0, "no room in an aborted "
		    "ring");
		tap_ok(cds_ring_wspan_now(&r, &w) == 0, "... nor now");
	}
	/* the span now, without waiting: what is free up to the wrap */
	cds_ring_reset(&r);
	{
		unsigned char *w;
		const unsigned char *q;
		size_t a, b, c;

		cds_ring_commit(&r, r.cap - 100);
		a = cds_ring_wspan_now(&r, &w);
		cds_ring_commit(&r, 100);
		b = cds_ring_wspan_now(&r, &w);
		cds_ring_consume(&r, (size_t)cds_ring_rspan(&r, &q) - 10);
		c = cds_ring_wspan_now(&r, &w);
		tap_ok(a == 100 && b == 0 && c == r.cap - 10 &&
		    w == r.buf, "wspan_now: the free bytes up to the wrap, 0 "
		    "on a full ring, never waiting (%zu, %zu, %zu)", a, b, c);
	}
	cds_ring_reset(&r);
	cds_ring_close(&r);
	{
		const unsigned char *q;

		tap_ok(cds_ring_rspan(&r, &q) == 0, "the end of an empty "
		    "closed ring reads as 0");
	}
	cds_ring_destroy(&r);

	tap_ok(cds_arfmt_of("cudnn-linux-x86_64-9.3.0.75_cuda12-archive."
	    "tar.xz") == CDS_AR_TAR_XZ, ".tar.xz");
	tap_ok(cds_arfmt_of("x-archive.zip") == CDS_AR_ZIP, ".zip");
	tap_ok(cds_arfmt_of("x.tgz") == CDS_AR_TAR_GZ, ".tgz");
	tap_ok(cds_arfmt_of("x.tar.xz.part") == CDS_AR_UNKNOWN,
	    "a .part is no archive type");

	tap_ok(cds_unpack_max_bytes(0) == (uint64_t)16 << 20,
	    "an empty archive may unpack 16 MiB");
	tap_ok(cds_unpack_max_bytes(756509380) >= (uint64_t)756509380 * 10,
	    "cuDNN 9.3's 756 MB archive may unpack ten times that");
	tap_ok(cds_unpack_max_bytes(UINT64_MAX / 2) == UINT64_MAX,
	    "no overflow");
	tap_ok(cds_unpack_max_entries(1157180) > 3000,
	    "cuda_cccl's 1.1 MB of headers may hold thousands of entries");
	return tap_done();
}
