/*
 * xzdec.c - the xz stage of the data path: ring A (an .xz file) to ring B
 * (the tar inside).
 *
 * We read the .xz container ourselves (stream header, blocks, index,
 * footer, the padding between concatenated streams) and decode LZMA2
 * with lzma2.c, which is much faster than liblzma's decoder.  Each block
 * goes one of three ways:
 *  - a block whose header gives both its sizes (xz -T writes them, with
 *    the file cut in blocks) is read whole and decoded by a worker
 *    thread, straight into a window that is the block's output; a block
 *    per core is in flight at once, within the memory limit, and the
 *    outputs are handed on in order;
 *  - a block without sizes (xz -T1 writes one such block for the whole
 *    file), or one that is most of the archive, or one too large for the
 *    limit, is decoded on this thread, chunk by chunk, as it arrives;
 *  - a block with other filters than LZMA2 alone (BCJ, delta: never seen
 *    in NVIDIA's archives, but valid xz) goes to liblzma's block decoder.
 *
 * The blocks' own CRC32/CRC64/SHA-256 checks are skipped: the SHA-256 of
 * the whole archive, pinned by the manifest, is verified before anything
 * unpacked is used, and it covers every byte the checks would.  Headers
 * keep their CRC32s, the index is checked against the blocks, and a
 * corrupt LZMA2 stream still fails (lzma2.c checks what liblzma checks).
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <lzma.h>

#include "fetch.h"
#include "lzma2.h"

/* A legitimate archive never needs more than this, threaded or not. */
#define HARD_LIMIT	((uint64_t)1 << 30)
#define MAX_WORKERS	64
#define HDR_MAX		1024	/* the largest block header */
/* the gathering buffer: a whole LZMA2 chunk with its header, and the
 * decoder's padding after it */
#define TMP_SIZE	(CDS_LZ2_CMAX + 8 + CDS_LZ2_PAD)
#define VLI_MAX		(UINT64_MAX / 2)
#define UNPADDED_MIN	5
#define UNPADDED_MAX	(VLI_MAX & ~(uint64_t)3)

static const unsigned char magic[6] = { 0xFD, '7', 'z', 'X', 'Z', 0x00 };
static const unsigned char footer_magic[2] = { 'Y', 'Z' };

enum xerr {
	XE_OK = 0,
	XE_FORMAT,	/* not an xz file */
	XE_DATA,		/* corrupt */
	XE_TRUNC,	/* ends too early */
	XE_OPTIONS,	/* valid, but not something we (or liblzma) decode */
	XE_MEM,
	XE_MEMLIMIT,
	XE_PEER		/* the other side of a ring gave up */
};

static const char *
xerr_reason(enum xerr e)
{
	switch (e) {
	case XE_FORMAT:
		return "not an xz stream";
	case XE_DATA:
		return "corrupt xz data";
	case XE_TRUNC:
		return "the xz stream is truncated";
	case XE_OPTIONS:
		return "unsupported xz options";
	case XE_MEM:
		return "out of memory";
	case XE_MEMLIMIT:
		return "needs more memory than allowed";
	default:
		return "xz decoder error";
	}
}

static enum xerr
from_lzma(lzma_ret r)
{
	switch (r) {
	case LZMA_OK:
	case LZMA_STREAM_END:
		return XE_OK;
	case LZMA_FORMAT_ERROR:
		return XE_FORMAT;
	case LZMA_BUF_ERROR:
		return XE_TRUNC;
	case LZMA_MEM_ERROR:
		return XE_MEM;
	case LZMA_MEMLIMIT_ERROR:
		return XE_MEMLIMIT;
	case LZMA_OPTIONS_ERROR:
	case LZMA_UNSUPPORTED_CHECK:
		return XE_OPTIONS;
	default:
		return XE_DATA;
	}
}

static enum xerr
from_lz2(enum cds_lz2_ret r)
{
	switch (r) {
	case CDS_LZ2_OK:
	case CDS_LZ2_END:
		return XE_OK;
	case CDS_LZ2_MEM_ERROR:
		return XE_MEM;
	case CDS_LZ2_MEMLIMIT_ERROR:
		return XE_MEMLIMIT;
	default:
		return XE_DATA;
	}
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* The size of a block's check field, by check ID (0..15). */
static size_t
check_size(unsigned id)
{
	static const unsigned char sizes[16] = {
		0, 4, 4, 4, 8, 8, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64
	};

	return sizes[id & 15];
}

/* ------------------------------------------------------------------------ */
/* Reading ring A                                                            */
/* ------------------------------------------------------------------------ */

/*
 * The bytes at p are read in place from the ring while they are
 * contiguous there; what straddles the ring's end (or arrives in pieces)
 * is gathered into tmp, followed by CDS_LZ2_PAD zero bytes.
 */
struct xin {
	struct cds_ring *ring;
	const unsigned char *p;	/* the next byte */
	size_t avail;		/* bytes at p */
	size_t held;		/* the ring span in hand, from p - (held -
				   avail) (not in tmp mode) */
	int in_tmp;		/* p points into tmp */
	unsigned char *tmp;
};

/* Give the ring back what was read from the span in hand. */
static void
xin_release(struct xin *r)
{
	if (!r->in_tmp && r->held > r->avail) {
		cds_ring_consume(r->ring, r->held - r->avail);
		r->held = r->avail;
	}
}

/*
 * Make K contiguous bytes available at p (K <= TMP_SIZE - CDS_LZ2_PAD);
 * with PADDED, also CDS_LZ2_PAD readable bytes after them.  1 when done,
 * 0 at the end of the input with fewer (avail tells how many), -1 when
 * the ring was aborted.
 */
static int
xin_fill(struct xin *r, size_t k, int padded)
{
	const unsigned char *q;
	ssize_t n;
	size_t have;

	if (r->avail >= k && (r->in_tmp || !padded ||
	    r->avail >= k + CDS_LZ2_PAD)) {
		return 1;
	}
	if (!r->in_tmp) {
		/* the span may have grown since it was taken */
		xin_release(r);
		if ((n = cds_ring_rspan(r->ring, &q)) < 0) {
			return -1;
		}
		r->p = q;
		r->avail = r->held = (size_t)n;
		if (r->avail >= k && (!padded || r->avail >= k + CDS_LZ2_PAD)) {
			return 1;
		}
		if (n == 0) {
			return 0;
		}
	}
	/* gather into tmp: the K bytes (no more: tmp holds K and the
	 * padding) */
	have = r->avail < k ? r->avail : k;
	memmove(r->tmp, r->p, have);
	if (!r->in_tmp) {
		/* the span in hand is fresh (held == avail): the rest of it
		 * stays in the ring, to be read after tmp */
		cds_ring_consume(r->ring, have);
		r->held = 0;
		r->in_tmp = 1;
	}
	r->p = r->tmp;
	while (have < k) {
		size_t m;

		if ((n = cds_ring_rspan(r->ring, &q)) <= 0) {
			r->avail = have;
			memset(r->tmp + have, 0, CDS_LZ2_PAD);
			return n < 0 ? -1 : 0;
		}
		m = (size_t)n < k - have ? (size_t)n : k - have;
		memcpy(r->tmp + have, q, m);
		cds_ring_consume(r->ring, m);
		have += m;
	}
	r->avail = have;
	memset(r->tmp + have, 0, CDS_LZ2_PAD);
	return 1;
}

static void
xin_skip(struct xin *r, size_t k)
{
	r->p += k;
	r->avail -= k;
	if (r->in_tmp && r->avail == 0) {
		r->in_tmp = 0;
		r->held = 0;
	}
}

/* ------------------------------------------------------------------------ */
/* The decoder's state                                                       */
/* ------------------------------------------------------------------------ */

struct job {
	struct job *next;	/* in the work queue */
	struct job *onext;	/* in file order */
	struct cds_lz2 *z;	/* its window is the block's output */
	unsigned char *in;	/* csize bytes, then CDS_LZ2_PAD zeros */
	uint64_t csize;
	uint64_t usize;
	uint64_t mem;
	int done;		/* under xd.mu */
	enum xerr err;
};

struct xd {
	struct cds_xzdec *x;
	struct xin in;
	uint64_t memlimit;	/* threaded decoding stays under this */
	struct cds_lz2 *z;	/* for blocks decoded on this thread */

	/* the stream being read */
	unsigned char flags[2];
	unsigned check;
	uint64_t blocks;	/* of this stream */
	uint64_t all_blocks;
	uint64_t sum_unpadded, sum_usize;
	uint64_t rec_crc;	/* CRC64 of the (unpadded, usize) pairs */

	/* workers */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t th[MAX_WORKERS];
	unsigned nth;		/* started */
	unsigned want_th;	/* to start, at most */
	int stop;
	struct job *qhead, *qtail;	/* waiting for a worker */
	struct job *ohead, *otail;	/* not yet handed on */
	unsigned inflight;
	uint64_t mem;		/* held by jobs */
	uint64_t peak;
	double worker_cpu;	/* CPU seconds of the workers that ended */
};

static void
note_mem(struct xd *d)
{
	uint64_t m = d->mem + (d->z != NULL ? cds_lz2_memusage(d->z) : 0) +
	    TMP_SIZE;

	if (m > d->peak) {
		d->peak = m;
	}
}

/* Hand bytes to ring B; -1 when its reader gave up. */
static int
emit(struct xd *d, const unsigned char *p, size_t n)
{
	while (n > 0) {
		unsigned char *w;
		size_t m = cds_ring_wspan(d->x->out, &w);

		if (m == 0) {
			return -1;
		}
		if (m > n) {
			m = n;
		}
		memcpy(w, p, m);
		cds_ring_commit(d->x->out, m);
		p += m;
		n -= m;
	}
	return 0;
}

/* The blocks and the index's records are compared by a CRC64 of their
 * (unpadded, unpacked) sizes, in order, and the sums of each. */
static uint64_t
rec_crc(uint64_t crc, uint64_t unpadded, uint64_t usize)
{
	unsigned char rec[16];
	int i;

	for (i = 0; i < 8; i++) {
		rec[i] = (unsigned char)(unpadded >> (8 * i));
		rec[8 + i] = (unsigned char)(usize >> (8 * i));
	}
	return lzma_crc64(rec, sizeof(rec), crc);
}

/* A block seen: its sizes join those the index must list. */
static enum xerr
record(struct xd *d, uint64_t unpadded, uint64_t usize)
{
	if (unpadded < UNPADDED_MIN || unpadded > UNPADDED_MAX ||
	    usize > VLI_MAX) {
		return XE_DATA;
	}
	d->rec_crc = rec_crc(d->rec_crc, unpadded, usize);
	d->sum_unpadded += unpadded;
	d->sum_usize += usize;
	d->blocks++;
	d->all_blocks++;
	return XE_OK;
}

/* Byte I of a variable-length integer (7 bits a byte, at most 9): 1
 * when it was the last, 0 when more follow, -1 when malformed. */
static int
vli_byte(uint64_t *v, unsigned i, unsigned c)
{
	if (i == 0) {
		*v = 0;
	}
	*v |= (uint64_t)(c & 0x7F) << (7 * i);
	if (c & 0x80) {
		return i < 8 ? 0 : -1;
	}
	/* the shortest form only: no trailing zero byte */
	return i > 0 && c == 0 ? -1 : 1;
}

/* A variable-length integer from B[*pos..n); 0 or -1. */
static int
vli_get(const unsigned char *b, size_t n, size_t *pos, uint64_t *v)
{
	unsigned i;
	int r = 0;

	for (i = 0; r == 0; i++) {
		if (*pos >= n) {
			return -1;
		}
		r = vli_byte(v, i, b[(*pos)++]);
	}
	return r < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Workers                                                                   */
/* ------------------------------------------------------------------------ */

/* Decode a whole block held in memory: its chunks must fill the window
 * exactly and use every compressed byte. */
static enum xerr
job_decode(struct job *j)
{
	const unsigned char *p = j->in, *end = j->in + j->csize;
	const unsigned char *out;
	uint64_t done = 0;

	for (;;) {
		struct cds_lz2_chunk c;
		enum cds_lz2_ret r;
		int hl;

		if (p >= end || (hl = cds_lz2_hdr_len(*p)) < 0 ||
		    (size_t)(end - p) < 1 + (size_t)hl) {
			return XE_DATA;
		}
		r = cds_lz2_header(j->z, p, &c);
		p += 1 + hl;
		if (r == CDS_LZ2_END) {
			break;
		}
		if (r != CDS_LZ2_OK || c.csize > (size_t)(end - p)) {
			return XE_DATA;
		}
		if ((r = cds_lz2_chunk(j->z, &c, p, &out)) != CDS_LZ2_OK) {
			return from_lz2(r);
		}
		p += c.csize;
		done += c.usize;
	}
	return p == end && done == j->usize ? XE_OK : XE_DATA;
}

static void *
worker_main(void *arg)
{
	struct xd *d = arg;
	struct job *j;

	pthread_mutex_lock(&d->mu);
	for (;;) {
		while (d->qhead == NULL && !d->stop) {
			pthread_cond_wait(&d->cv, &d->mu);
		}
		if (d->stop) {
			break;
		}
		j = d->qhead;
		d->qhead = j->next;
		if (d->qhead == NULL) {
			d->qtail = NULL;
		}
		pthread_mutex_unlock(&d->mu);
		j->err = job_decode(j);
		pthread_mutex_lock(&d->mu);
		j->done = 1;
		pthread_cond_broadcast(&d->cv);
	}
	d->worker_cpu += cds_thread_cpu_s();
	pthread_mutex_unlock(&d->mu);
	return NULL;
}

static void
job_free(struct job *j)
{
	cds_lz2_free(j->z);
	free(j->in);
	free(j);
}

/* Hand on the oldest block once its worker is done. */
static enum xerr
emit_oldest(struct xd *d)
{
	struct job *j = d->ohead;
	const unsigned char *out;
	enum xerr e;
	size_t n;

	/* let the source go on while this waits */
	xin_release(&d->in);
	pthread_mutex_lock(&d->mu);
	while (!j->done) {
		pthread_cond_wait(&d->cv, &d->mu);
	}
	d->ohead = j->onext;
	if (d->ohead == NULL) {
		d->otail = NULL;
	}
	d->inflight--;
	d->mem -= j->mem;
	pthread_mutex_unlock(&d->mu);
	if ((e = j->err) == XE_OK) {
		n = cds_lz2_output(j->z, &out);
		if (emit(d, out, n) != 0) {
			e = XE_PEER;
		}
	}
	job_free(j);
	return e;
}

static enum xerr
drain(struct xd *d)
{
	enum xerr e;

	while (d->ohead != NULL) {
		if ((e = emit_oldest(d)) != XE_OK) {
			return e;
		}
	}
	return XE_OK;
}

/* Stop the workers, dropping what they have not done. */
static void
workers_stop(struct xd *d)
{
	unsigned i;
	struct job *j;

	pthread_mutex_lock(&d->mu);
	d->stop = 1;
	pthread_cond_broadcast(&d->cv);
	pthread_mutex_unlock(&d->mu);
	for (i = 0; i < d->nth; i++) {
		pthread_join(d->th[i], NULL);
	}
	d->nth = 0;
	while ((j = d->ohead) != NULL) {
		d->ohead = j->onext;
		job_free(j);
	}
	d->otail = d->qhead = d->qtail = NULL;
}

/* ------------------------------------------------------------------------ */
/* Blocks                                                                    */
/* ------------------------------------------------------------------------ */

/* K bytes that must come (see xin_fill): XE_TRUNC at the end of the
 * input, XE_PEER when the ring was aborted. */
static enum xerr
need(struct xd *d, size_t k, int padded)
{
	int r = xin_fill(&d->in, k, padded);

	return r > 0 ? XE_OK : r < 0 ? XE_PEER : XE_TRUNC;
}

struct bhdr {
	unsigned char raw[HDR_MAX];
	size_t size;		/* of the header */
	uint64_t csize;		/* 0: not given */
	uint64_t usize;		/* UINT64_MAX: not given */
	int lzma2;		/* the filter chain is LZMA2 alone */
	uint32_t dict;
};

/* Read a block header; its first byte (not 0: that is the index) is at
 * the reader's p. */
static enum xerr
block_header(struct xd *d, struct bhdr *h)
{
	const unsigned char *b;
	size_t pos, end, i;
	unsigned nf, f;
	enum xerr e;

	h->size = ((size_t)d->in.p[0] + 1) * 4;
	if ((e = need(d, h->size, 0)) != XE_OK) {
		return e;
	}
	b = d->in.p;
	memcpy(h->raw, b, h->size);
	xin_skip(&d->in, h->size);
	b = h->raw;
	end = h->size - 4;
	if (lzma_crc32(b, end, 0) != le32(b + end)) {
		return XE_DATA;
	}
	if (b[1] & 0x3C) {
		return XE_OPTIONS;
	}
	pos = 2;
	h->csize = 0;
	h->usize = UINT64_MAX;
	if ((b[1] & 0x40) && (vli_get(b, end, &pos, &h->csize) != 0 ||
	    h->csize == 0 || h->csize > UNPADDED_MAX)) {
		return XE_DATA;
	}
	if ((b[1] & 0x80) && (vli_get(b, end, &pos, &h->usize) != 0 ||
	    h->usize > VLI_MAX)) {
		return XE_DATA;
	}
	nf = (b[1] & 3) + 1;
	h->lzma2 = 0;
	for (f = 0; f < nf; f++) {
		uint64_t id, psize;

		if (vli_get(b, end, &pos, &id) != 0 ||
		    vli_get(b, end, &pos, &psize) != 0 ||
		    psize > end - pos) {
			return XE_DATA;
		}
		if (nf == 1 && id == 0x21 && psize == 1) {
			unsigned pr = b[pos];

			if (pr & 0xC0 || pr > 40) {
				return XE_OPTIONS;
			}
			h->dict = pr == 40 ? UINT32_MAX :
			    (uint32_t)(2 | (pr & 1)) << (pr / 2 + 11);
			h->lzma2 = 1;
		}
		pos += (size_t)psize;
	}
	for (i = pos; i < end; i++) {
		if (b[i] != 0) {
			return XE_OPTIONS;
		}
	}
	return XE_OK;
}

/* After a block's data: its padding (zeros) and its check (skipped). */
static enum xerr
block_tail(struct xd *d, uint64_t csize)
{
	size_t pad = (size_t)(-csize & 3), n = pad + check_size(d->check);
	size_t i;
	enum xerr e;

	if ((e = need(d, n, 0)) != XE_OK) {
		return e;
	}
	for (i = 0; i < pad; i++) {
		if (d->in.p[i] != 0) {
			return XE_DATA;
		}
	}
	xin_skip(&d->in, n);
	return XE_OK;
}

/* A block without sizes, decoded here as it arrives. */
static enum xerr
block_stream(struct xd *d, const struct bhdr *h)
{
	uint64_t cin = 0, uout = 0;
	enum cds_lz2_ret lr;
	enum xerr e;

	if (d->z == NULL) {
		d->z = cds_lz2_new(h->dict, 0, HARD_LIMIT, &lr);
	} else {
		lr = cds_lz2_block(d->z, h->dict, 0, HARD_LIMIT);
	}
	if (lr != CDS_LZ2_OK) {
		return from_lz2(lr);
	}
	note_mem(d);
	for (;;) {
		struct cds_lz2_chunk c;
		const unsigned char *out;
		int hl;

		if ((e = need(d, 1, 0)) != XE_OK) {
			return e;
		}
		if ((hl = cds_lz2_hdr_len(d->in.p[0])) < 0) {
			return XE_DATA;
		}
		if ((e = need(d, 1 + (size_t)hl, 0)) != XE_OK) {
			return e;
		}
		lr = cds_lz2_header(d->z, d->in.p, &c);
		xin_skip(&d->in, 1 + (size_t)hl);
		cin += 1 + (size_t)hl;
		if (lr == CDS_LZ2_END) {
			break;
		}
		if (lr != CDS_LZ2_OK) {
			return XE_DATA;
		}
		if ((h->csize != 0 && cin + c.csize > h->csize) ||
		    (h->usize != UINT64_MAX && c.usize > h->usize - uout)) {
			return XE_DATA;
		}
		if ((e = need(d, c.csize, 1)) != XE_OK) {
			return e;
		}
		if ((lr = cds_lz2_chunk(d->z, &c, d->in.p, &out)) !=
		    CDS_LZ2_OK) {
			return from_lz2(lr);
		}
		xin_skip(&d->in, c.csize);
		cin += c.csize;
		uout += c.usize;
		xin_release(&d->in);
		if (emit(d, out, c.usize) != 0) {
			return XE_PEER;
		}
	}
	if ((h->csize != 0 && cin != h->csize) ||
	    (h->usize != UINT64_MAX && uout != h->usize)) {
		return XE_DATA;
	}
	if ((e = block_tail(d, cin)) != XE_OK) {
		return e;
	}
	return record(d, h->size + cin + check_size(d->check), uout);
}

/* A block with both sizes: read whole, decoded by a worker. */
static enum xerr
block_job(struct xd *d, const struct bhdr *h, uint64_t mem)
{
	struct job *j;
	enum cds_lz2_ret lr;
	enum xerr e;
	uint64_t got = 0;

	/* room: in memory, and a block per worker plus the one being
	 * handed on */
	while (d->ohead != NULL &&
	    (d->mem + mem > d->memlimit || d->inflight > d->want_th)) {
		if ((e = emit_oldest(d)) != XE_OK) {
			return e;
		}
	}
	if ((j = calloc(1, sizeof(*j))) == NULL) {
		return XE_MEM;
	}
	j->csize = h->csize;
	j->usize = h->usize;
	j->mem = mem;
	j->in = malloc((size_t)h->csize + CDS_LZ2_PAD);
	j->z = cds_lz2_new(h->dict, h->usize, d->memlimit, &lr);
	if (j->in == NULL || j->z == NULL) {
		e = j->in == NULL ? XE_MEM : from_lz2(lr);
		job_free(j);
		return e;
	}
	while (got < h->csize) {
		size_t m;

		if ((e = need(d, 1, 0)) != XE_OK) {
			job_free(j);
			return e;
		}
		m = d->in.avail;
		if (m > h->csize - got) {
			m = (size_t)(h->csize - got);
		}
		memcpy(j->in + got, d->in.p, m);
		xin_skip(&d->in, m);
		xin_release(&d->in);
		got += m;
	}
	memset(j->in + h->csize, 0, CDS_LZ2_PAD);
	if ((e = block_tail(d, h->csize)) != XE_OK ||
	    (e = record(d, h->size + h->csize + check_size(d->check),
	    h->usize)) != XE_OK) {
		job_free(j);
		return e;
	}
	/* start a worker for each block in flight, up to want_th */
	if (d->nth < d->want_th && d->nth <= d->inflight) {
		if (pthread_create(&d->th[d->nth], NULL, worker_main, d) != 0) {
			if (d->nth == 0) {
				job_free(j);
				return XE_MEM;
			}
		} else {
			d->nth++;
		}
	}
	pthread_mutex_lock(&d->mu);
	if (d->qtail != NULL) {
		d->qtail->next = j;
	} else {
		d->qhead = j;
	}
	d->qtail = j;
	if (d->otail != NULL) {
		d->otail->onext = j;
	} else {
		d->ohead = j;
	}
	d->otail = j;
	d->inflight++;
	d->mem += mem;
	pthread_cond_broadcast(&d->cv);
	pthread_mutex_unlock(&d->mu);
	note_mem(d);
	return XE_OK;
}

/* A block with other filters: liblzma's block decoder. */
static enum xerr
block_liblzma(struct xd *d, const struct bhdr *h)
{
	lzma_filter filters[LZMA_FILTERS_MAX + 1];
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_block b;
	lzma_ret lr;
	enum xerr e = XE_OK;
	uint64_t mem;
	size_t i;

	memset(&b, 0, sizeof(b));
	b.version = 1;
	b.header_size = (uint32_t)h->size;
	b.check = (lzma_check)d->check;
	b.filters = filters;
	for (i = 0; i <= LZMA_FILTERS_MAX; i++) {
		filters[i].id = LZMA_VLI_UNKNOWN;
		filters[i].options = NULL;
	}
	if ((lr = lzma_block_header_decode(&b, NULL, h->raw)) != LZMA_OK) {
		return from_lzma(lr);
	}
	b.ignore_check = 1;
	mem = lzma_raw_decoder_memusage(filters);
	if (mem == UINT64_MAX) {
		e = XE_OPTIONS;
	} else if (mem > HARD_LIMIT) {
		e = XE_MEMLIMIT;
	} else if ((lr = lzma_block_decoder(&s, &b)) != LZMA_OK) {
		e = from_lzma(lr);
	}
	while (e == XE_OK) {
		unsigned char *w;
		size_t before_in, wn;

		if ((e = need(d, 1, 0)) != XE_OK) {
			break;
		}
		if ((wn = cds_ring_wspan(d->x->out, &w)) == 0) {
			e = XE_PEER;
			break;
		}
		s.next_in = d->in.p;
		s.avail_in = before_in = d->in.avail;
		s.next_out = w;
		s.avail_out = wn;
		lr = lzma_code(&s, LZMA_RUN);
		xin_skip(&d->in, before_in - s.avail_in);
		xin_release(&d->in);
		cds_ring_commit(d->x->out, wn - s.avail_out);
		if (lr == LZMA_STREAM_END) {
			e = record(d, lzma_block_unpadded_size(&b),
			    b.uncompressed_size);
			break;
		}
		if (lr != LZMA_OK) {
			e = from_lzma(lr);
		}
	}
	lzma_end(&s);
	for (i = 0; i <= LZMA_FILTERS_MAX; i++) {
		free(filters[i].options);
	}
	return e;
}

static enum xerr
block(struct xd *d)
{
	struct bhdr h;
	enum xerr e;
	uint64_t mem;

	if ((e = block_header(d, &h)) != XE_OK) {
		return e;
	}
	/* a worker for a block that is not most of the archive (one that
	 * is would wait for its last byte before its first is decoded:
	 * decoded here, it overlaps the download) */
	if (h.lzma2 && h.csize != 0 && h.usize != UINT64_MAX &&
	    d->want_th > 1 && h.csize <= SIZE_MAX - CDS_LZ2_PAD &&
	    (d->x->size == 0 || h.csize <= d->x->size / 2)) {
		mem = cds_lz2_mem_needed(h.dict, h.usize) + h.csize +
		    CDS_LZ2_PAD;
		if (mem <= d->memlimit) {
			return block_job(d, &h, mem);
		}
	}
	/* decoded here: what the workers hold goes first */
	if ((e = drain(d)) != XE_OK) {
		return e;
	}
	return h.lzma2 ? block_stream(d, &h) : block_liblzma(d, &h);
}

/* ------------------------------------------------------------------------ */
/* Streams                                                                   */
/* ------------------------------------------------------------------------ */

/* One byte of the index, added to its CRC32 and size. */
static enum xerr
index_byte(struct xd *d, unsigned char *c, uint32_t *crc, uint64_t *size)
{
	enum xerr e;

	if ((e = need(d, 1, 0)) != XE_OK) {
		return e;
	}
	*c = d->in.p[0];
	xin_skip(&d->in, 1);
	*crc = lzma_crc32(c, 1, *crc);
	(*size)++;
	return XE_OK;
}

static enum xerr
index_vli(struct xd *d, uint64_t *v, uint32_t *crc, uint64_t *size)
{
	unsigned i;
	int r = 0;

	for (i = 0; r == 0; i++) {
		unsigned char c;
		enum xerr e;

		if ((e = index_byte(d, &c, crc, size)) != XE_OK) {
			return e;
		}
		r = vli_byte(v, i, c);
	}
	return r < 0 ? XE_DATA : XE_OK;
}

/* The index (its indicator byte is at p), then the stream footer. */
static enum xerr
stream_end(struct xd *d)
{
	unsigned char c;
	uint32_t crc = 0;
	uint64_t size = 0, count, i, sum_u = 0, sum_s = 0, rc = 0;
	const unsigned char *f;
	enum xerr e;

	if ((e = index_byte(d, &c, &crc, &size)) != XE_OK ||
	    (e = index_vli(d, &count, &crc, &size)) != XE_OK) {
		return e;
	}
	if (count != d->blocks) {
		return XE_DATA;
	}
	for (i = 0; i < count; i++) {
		uint64_t unp, us;

		if ((e = index_vli(d, &unp, &crc, &size)) != XE_OK ||
		    (e = index_vli(d, &us, &crc, &size)) != XE_OK) {
			return e;
		}
		rc = rec_crc(rc, unp, us);
		sum_u += unp;
		sum_s += us;
	}
	if (rc != d->rec_crc || sum_u != d->sum_unpadded ||
	    sum_s != d->sum_usize) {
		return XE_DATA;
	}
	while (size % 4 != 0) {
		if ((e = index_byte(d, &c, &crc, &size)) != XE_OK) {
			return e;
		}
		if (c != 0) {
			return XE_DATA;
		}
	}
	if ((e = need(d, 4 + 12, 0)) != XE_OK) {
		return e;
	}
	if (le32(d->in.p) != crc) {
		return XE_DATA;
	}
	size += 4;
	f = d->in.p + 4;
	if (lzma_crc32(f + 4, 6, 0) != le32(f) ||
	    ((uint64_t)le32(f + 4) + 1) * 4 != size ||
	    memcmp(f + 8, d->flags, 2) != 0 ||
	    memcmp(f + 10, footer_magic, 2) != 0) {
		return XE_DATA;
	}
	xin_skip(&d->in, 4 + 12);
	return XE_OK;
}

static enum xerr
stream(struct xd *d, int first)
{
	const unsigned char *p;
	enum xerr e;
	int r;

	if ((r = xin_fill(&d->in, 12, 0)) < 0) {
		return XE_PEER;
	}
	p = d->in.p;
	if (memcmp(p, magic, r > 0 || d->in.avail > 6 ? 6 :
	    d->in.avail) != 0) {
		return first ? XE_FORMAT : XE_DATA;
	}
	if (r == 0) {
		return XE_TRUNC;
	}
	if (lzma_crc32(p + 6, 2, 0) != le32(p + 8)) {
		return XE_DATA;
	}
	if (p[6] != 0 || (p[7] & 0xF0) != 0) {
		return XE_OPTIONS;
	}
	memcpy(d->flags, p + 6, 2);
	d->check = p[7] & 0x0F;
	d->blocks = d->sum_unpadded = d->sum_usize = d->rec_crc = 0;
	xin_skip(&d->in, 12);
	for (;;) {
		if ((e = need(d, 1, 0)) != XE_OK) {
			return e;
		}
		if (d->in.p[0] == 0x00) {
			break;
		}
		if ((e = block(d)) != XE_OK) {
			return e;
		}
	}
	if ((e = drain(d)) != XE_OK) {
		return e;
	}
	return stream_end(d);
}

/* Streams, and the padding between them, to the end of the input. */
static enum xerr
decode(struct xd *d)
{
	enum xerr e;
	int r;

	if ((e = stream(d, 1)) != XE_OK) {
		return e;
	}
	for (;;) {
		if ((r = xin_fill(&d->in, 4, 0)) < 0) {
			return XE_PEER;
		}
		if (r == 0) {
			/* padding comes in fours */
			return d->in.avail == 0 ? XE_OK : XE_DATA;
		}
		if (le32(d->in.p) == 0) {
			xin_skip(&d->in, 4);
			continue;
		}
		if ((e = stream(d, 0)) != XE_OK) {
			return e;
		}
	}
}

void
cds_xzdec_run(struct cds_xzdec *x)
{
	struct xd d;
	enum xerr e;

	memset(&d, 0, sizeof(d));
	d.x = x;
	d.in.ring = x->in;
	d.memlimit = x->memlimit;
	d.want_th = x->threads > MAX_WORKERS ? MAX_WORKERS : x->threads;
	pthread_mutex_init(&d.mu, NULL);
	pthread_cond_init(&d.cv, NULL);
	x->peak_mem = 0;
	x->worker_cpu = 0;
	x->blocks = 0;
	x->workers = 0;
	if ((d.in.tmp = malloc(TMP_SIZE)) == NULL) {
		e = XE_MEM;
	} else {
		e = decode(&d);
	}
	x->workers = d.nth;
	workers_stop(&d);
	x->worker_cpu = d.worker_cpu;
	x->blocks = d.all_blocks;
	x->peak_mem = d.peak;
	cds_lz2_free(d.z);
	free(d.in.tmp);
	pthread_mutex_destroy(&d.mu);
	pthread_cond_destroy(&d.cv);
	if (e == XE_OK) {
		xin_release(&d.in);
		cds_ring_close(x->out);
		return;
	}
	if (e == XE_PEER) {
		x->e.peer = 1;
	} else {
		cds_stage_seterr(&x->e, CDS_ERR_ARCHIVE, "%s: %s", x->name,
		    xerr_reason(e));
	}
	cds_ring_abort(x->out);
	cds_ring_abort(x->in);
}
