/*
 * ring.c - the byte ring between two threads of the data path (see
 * ring.h), and a stage's error.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fetch/ring.h"

void
cds_ring_init(struct cds_ring *r, size_t cap)
{
	memset(r, 0, sizeof(*r));
	pthread_mutex_init(&r->mu, NULL);
	pthread_cond_init(&r->cv, NULL);
	r->buf = cds_xmalloc(cap);
	r->cap = cap;
}

void
cds_ring_destroy(struct cds_ring *r)
{
	if (r->buf == NULL) {
		return;
	}
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->cv);
	free(r->buf);
	r->buf = NULL;
}

void
cds_ring_reset(struct cds_ring *r)
{
	pthread_mutex_lock(&r->mu);
	r->rpos = r->wpos = 0;
	r->eof = r->aborted = 0;
	r->want = 0;
	pthread_mutex_unlock(&r->mu);
}

static size_t
ring_free(const struct cds_ring *r)
{
	return r->cap - (size_t)(r->wpos - r->rpos);
}

size_t
cds_ring_space(struct cds_ring *r)
{
	size_t n;

	pthread_mutex_lock(&r->mu);
	n = r->aborted ? r->cap : ring_free(r);
	pthread_mutex_unlock(&r->mu);
	return n;
}

/*
 * 1 when NEED bytes are free now (or the ring is aborted: writes are then
 * dropped); else 0, and r->wake will be called once a quarter of the ring
 * (at least NEED) is free: waking for every few bytes freed would cost
 * more than it brings.
 */
int
cds_ring_want(struct cds_ring *r, size_t need)
{
	int ok;

	pthread_mutex_lock(&r->mu);
	ok = r->aborted || ring_free(r) >= need;
	r->want = ok ? 0 : need > r->cap / 4 ? need : r->cap / 4;
	pthread_mutex_unlock(&r->mu);
	return ok;
}

void
cds_ring_put(struct cds_ring *r, const void *p, size_t n)
{
	size_t off, first;

	pthread_mutex_lock(&r->mu);
	if (r->aborted || n > ring_free(r)) {
		pthread_mutex_unlock(&r->mu);
		return;
	}
	off = (size_t)(r->wpos % r->cap);
	pthread_mutex_unlock(&r->mu);
	/* only this thread writes the free part */
	first = n < r->cap - off ? n : r->cap - off;
	memcpy(r->buf + off, p, first);
	memcpy(r->buf, (const char *)p + first, n - first);
	pthread_mutex_lock(&r->mu);
	r->wpos += n;
	if (r->rwait) {
		pthread_cond_broadcast(&r->cv);
	}
	pthread_mutex_unlock(&r->mu);
}

/* The contiguous free span (the lock held). */
static size_t
free_span(struct cds_ring *r, unsigned char **p)
{
	size_t off = (size_t)(r->wpos % r->cap), n = ring_free(r);

	if (n > r->cap - off) {
		n = r->cap - off;
	}
	*p = r->buf + off;
	return n;
}

size_t
cds_ring_wspan(struct cds_ring *r, unsigned char **p)
{
	size_t n;

	pthread_mutex_lock(&r->mu);
	while (!r->aborted && ring_free(r) < r->cap / 4) {
		r->wwait = 1;
		pthread_cond_wait(&r->cv, &r->mu);
		r->wwait = 0;
	}
	n = r->aborted ? 0 : free_span(r, p);
	pthread_mutex_unlock(&r->mu);
	return n;
}

size_t
cds_ring_wspan_now(struct cds_ring *r, unsigned char **p)
{
	size_t n;

	pthread_mutex_lock(&r->mu);
	n = r->aborted ? 0 : free_span(r, p);
	pthread_mutex_unlock(&r->mu);
	return n;
}

void
cds_ring_commit(struct cds_ring *r, size_t n)
{
	pthread_mutex_lock(&r->mu);
	r->wpos += n;
	if (r->rwait) {
		pthread_cond_broadcast(&r->cv);
	}
	pthread_mutex_unlock(&r->mu);
}

void
cds_ring_close(struct cds_ring *r)
{
	pthread_mutex_lock(&r->mu);
	r->eof = 1;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
}

void
cds_ring_abort(struct cds_ring *r)
{
	void (*wake)(void *) = NULL;

	pthread_mutex_lock(&r->mu);
	r->aborted = 1;
	pthread_cond_broadcast(&r->cv);
	if (r->want > 0) {
		r->want = 0;
		wake = r->wake;
	}
	pthread_mutex_unlock(&r->mu);
	if (wake != NULL) {
		wake(r->wake_ctx);
	}
}

int
cds_ring_is_aborted(struct cds_ring *r)
{
	int a;

	pthread_mutex_lock(&r->mu);
	a = r->aborted;
	pthread_mutex_unlock(&r->mu);
	return a;
}

ssize_t
cds_ring_rspan(struct cds_ring *r, const unsigned char **p)
{
	size_t off, n;

	pthread_mutex_lock(&r->mu);
	while (!r->aborted && r->wpos == r->rpos && !r->eof) {
		r->rwait = 1;
		pthread_cond_wait(&r->cv, &r->mu);
		r->rwait = 0;
	}
	if (r->aborted) {
		pthread_mutex_unlock(&r->mu);
		return -1;
	}
	n = (size_t)(r->wpos - r->rpos);
	off = (size_t)(r->rpos % r->cap);
	if (n > r->cap - off) {
		n = r->cap - off;
	}
	*p = r->buf + off;
	pthread_mutex_unlock(&r->mu);
	return (ssize_t)n;
}

void
cds_ring_consume(struct cds_ring *r, size_t n)
{
	void (*wake)(void *) = NULL;

	pthread_mutex_lock(&r->mu);
	r->rpos += n;
	if (r->wwait && ring_free(r) >= r->cap / 4) {
		pthread_cond_broadcast(&r->cv);
	}
	if (r->want > 0 && ring_free(r) >= r->want) {
		r->want = 0;
		wake = r->wake;
	}
	pthread_mutex_unlock(&r->mu);
	if (wake != NULL) {
		wake(r->wake_ctx);
	}
}

uint64_t
cds_ring_consumed(struct cds_ring *r)
{
	uint64_t n;

	pthread_mutex_lock(&r->mu);
	n = r->rpos;
	pthread_mutex_unlock(&r->mu);
	return n;
}

void
cds_stage_seterr(struct cds_stage_err *e, int err, const char *fmt, ...)
{
	va_list ap;

	if (e->err != 0) {
		return;
	}
	e->err = err;
	va_start(ap, fmt);
	e->detail = cds_xvasprintf(fmt, ap);
	va_end(ap);
}
