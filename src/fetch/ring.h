/*
 * ring.h - a byte ring between two threads, and a stage's error: what the
 * data path's stages (download.c, xz.c, extract.c) share.
 */
#ifndef CDS_RING_H
#define CDS_RING_H

#include <pthread.h>
#include <sys/types.h>

#include "base/util.h"

/*
 * A byte ring between one producer and one consumer thread.  Positions are
 * running byte counts; the free and filled parts are handed out as
 * contiguous spans so that curl, the xz stage and libarchive read and
 * write it in place.
 */
struct cds_ring {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned char *buf;
	size_t cap;
	uint64_t rpos;		/* consumed */
	uint64_t wpos;		/* produced */
	int eof;		/* the producer is done */
	int aborted;		/* either side gave up */
	int rwait, wwait;	/* a side sleeps on cv */
	size_t want;		/* a non-blocking producer waits for this */
	void (*wake)(void *);	/* ... and is woken by this */
	void *wake_ctx;
};

CDS_HIDDEN void cds_ring_init(struct cds_ring *r, size_t cap);
CDS_HIDDEN void cds_ring_destroy(struct cds_ring *r);
/* Back to empty, not aborted (both sides stopped). */
CDS_HIDDEN void cds_ring_reset(struct cds_ring *r);
/* Free bytes now (producer side, non-blocking). */
CDS_HIDDEN size_t cds_ring_space(struct cds_ring *r);
/* Non-blocking producer: 1 when WANT bytes are free now (or the ring is
 * aborted), else 0 and r->wake is called once WANT bytes (and a quarter
 * of the ring) are free. */
CDS_HIDDEN int cds_ring_want(struct cds_ring *r, size_t want);
/* Copy N bytes in; the caller checked the space. */
CDS_HIDDEN void cds_ring_put(struct cds_ring *r, const void *p, size_t n);
/* A contiguous free span, waiting for one; 0 when aborted. */
CDS_HIDDEN size_t cds_ring_wspan(struct cds_ring *r, unsigned char **p);
/* The contiguous free span now, without waiting (0 when there is none or
 * the ring is aborted): a non-blocking producer writes it in place, then
 * commits. */
CDS_HIDDEN size_t cds_ring_wspan_now(struct cds_ring *r, unsigned char **p);
CDS_HIDDEN void cds_ring_commit(struct cds_ring *r, size_t n);
CDS_HIDDEN void cds_ring_close(struct cds_ring *r);
CDS_HIDDEN void cds_ring_abort(struct cds_ring *r);
CDS_HIDDEN int cds_ring_is_aborted(struct cds_ring *r);
/* A contiguous filled span, waiting for one: its length, 0 at the end of
 * the stream, -1 when aborted. */
CDS_HIDDEN ssize_t cds_ring_rspan(struct cds_ring *r,
    const unsigned char **p);
CDS_HIDDEN void cds_ring_consume(struct cds_ring *r, size_t n);
CDS_HIDDEN uint64_t cds_ring_consumed(struct cds_ring *r);

/* A stage's error, reported to the caller's thread after the join. */
struct cds_stage_err {
	int err;		/* enum cds_err, 0 if none */
	char *detail;
	int peer;		/* stopped because the other side aborted */
};

/* Record a stage error (first one wins). */
CDS_HIDDEN void cds_stage_seterr(struct cds_stage_err *e, int err,
    const char *fmt, ...) CDS_PRINTF(3, 4);

#endif /* CDS_RING_H */
