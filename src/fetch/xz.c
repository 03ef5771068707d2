/*
 * xz.c - the xz stage of the data path: ring A (an .xz file) to ring B
 * (the tar inside), decoded by liblzma.
 *
 * liblzma reads and checks the whole container (headers, blocks, index,
 * footer, the padding between concatenated streams); this file only moves
 * bytes between the rings and liblzma's buffers and picks the decoder.
 * The first block's header decides, read with liblzma's own header
 * decoders before any byte is decoded:
 *  - several blocks with their sizes (xz -T writes them) go to liblzma's
 *    threaded decoder, one thread per core at most, as many blocks at once
 *    as fit in the memory limit (memlimit_threading); each block on a
 *    thread holds its packed and unpacked bytes;
 *  - one block, blocks without sizes (xz -T1), a block that alone does not
 *    fit the limit on a thread, or one core: liblzma's single-threaded
 *    decoder, which needs only the dictionary and decodes as the bytes
 *    arrive.
 * Neither is capped by the limit: it only budgets threads.  Both stop at
 * HARD_LIMIT (or the limit, when higher), which no legitimate archive
 * reaches.
 *
 * The bytes reach liblzma before the archive's SHA-256 is known (a mirror
 * is untrusted by design), so liblzma is a parser of hostile input here.
 * Its threaded decoder in XZ Utils 5.3.3alpha to 5.8.0 frees memory too
 * early on invalid input (CVE-2025-31115, fixed in 5.8.1 and patched by
 * distributions in their older packages): configure warns below 5.8.1.
 */
#include "config.h"

#include <string.h>

#include "fetch/fetch.h"

/* A legitimate archive never needs more than this, threaded or not. */
#define HARD_LIMIT	((uint64_t)1 << 30)
/* the threaded decoder's bookkeeping per block, beyond its two buffers
 * (liblzma's lzma_outbuf) */
#define BLOCK_SLACK	((uint64_t)1 << 10)
/* the stream header and the first block's header */
#define HEAD_MAX	(LZMA_STREAM_HEADER_SIZE + LZMA_BLOCK_HEADER_SIZE_MAX)
/* the most a stream of one block holds besides it: the stream header and
 * footer, an index of one record (indicator, count, two 9-byte sizes,
 * padding, CRC32) */
#define ONE_BLOCK_REST	(2 * LZMA_STREAM_HEADER_SIZE + 24)

static const char *
reason(lzma_ret r)
{
	switch (r) {
	case LZMA_FORMAT_ERROR:
		return "not an xz stream";
	case LZMA_BUF_ERROR:
		return "the xz stream is truncated";
	case LZMA_OPTIONS_ERROR:
	case LZMA_UNSUPPORTED_CHECK:
		return "unsupported xz options";
	case LZMA_MEM_ERROR:
		return "out of memory";
	case LZMA_MEMLIMIT_ERROR:
		return "needs more memory than allowed";
	default:
		return "corrupt xz data";
	}
}

/*
 * Read the start of the stream into HEAD, consuming it from the ring: the
 * stream header and the first block's header, or less where the input
 * ends first.  The number of bytes, or -1 when the ring was aborted.
 */
static ssize_t
read_head(struct cds_ring *r, unsigned char *head)
{
	size_t have = 0, want = LZMA_STREAM_HEADER_SIZE + 1;

	while (have < want) {
		const unsigned char *p;
		ssize_t n = cds_ring_rspan(r, &p);
		size_t m;

		if (n < 0) {
			return -1;
		}
		if (n == 0) {
			break;
		}
		m = (size_t)n < want - have ? (size_t)n : want - have;
		memcpy(head + have, p, m);
		cds_ring_consume(r, m);
		have += m;
		if (have == LZMA_STREAM_HEADER_SIZE + 1 &&
		    head[LZMA_STREAM_HEADER_SIZE] != 0x00) {
			/* a block header, not the index: all of it */
			want = LZMA_STREAM_HEADER_SIZE +
			    lzma_block_header_size_decode(
			    head[LZMA_STREAM_HEADER_SIZE]);
		}
	}
	return (ssize_t)have;
}

/*
 * Which decoder, from the first N bytes of the stream.  Anything that does
 * not read here goes to the single-threaded decoder, which reads the same
 * bytes with the same functions and says what is wrong.
 */
static enum cds_xzmode
choose(struct cds_xz *x, const unsigned char *head, size_t n)
{
	lzma_filter filters[LZMA_FILTERS_MAX + 1];
	lzma_stream_flags sf;
	lzma_block b;
	uint64_t fmem, total;

	if (x->threads < 2) {
		return CDS_XZ_ONE_CORE;
	}
	if (n <= LZMA_STREAM_HEADER_SIZE ||
	    head[LZMA_STREAM_HEADER_SIZE] == 0x00 ||
	    NET(lzma_stream_header_decode)(&sf, head) != LZMA_OK) {
		return CDS_XZ_ONE_BLOCK;
	}
	memset(&b, 0, sizeof(b));
	b.version = 1;
	b.header_size = lzma_block_header_size_decode(
	    head[LZMA_STREAM_HEADER_SIZE]);
	b.check = sf.check;
	b.filters = filters;
	if (n < LZMA_STREAM_HEADER_SIZE + b.header_size ||
	    NET(lzma_block_header_decode)(&b, NULL,
	    head + LZMA_STREAM_HEADER_SIZE) != LZMA_OK) {
		return CDS_XZ_ONE_BLOCK;
	}
	fmem = NET(lzma_raw_decoder_memusage)(filters);
	NET(lzma_filters_free)(filters, NULL);
	if (b.compressed_size == LZMA_VLI_UNKNOWN ||
	    b.uncompressed_size == LZMA_VLI_UNKNOWN) {
		return CDS_XZ_NO_SIZES;
	}
	total = NET(lzma_block_total_size)(&b);
	if (fmem == UINT64_MAX || total == 0) {
		return CDS_XZ_ONE_BLOCK;
	}
	if (x->size > 0 && x->size <= total + ONE_BLOCK_REST) {
		return CDS_XZ_ONE_BLOCK;
	}
	/* as liblzma counts a block on a thread, or a little more; sizes a
	 * header may claim (up to 2^63) do not wrap */
	x->block_mem = total > UINT64_MAX / 4 ||
	    b.uncompressed_size > UINT64_MAX / 4 ? UINT64_MAX :
	    fmem + total + b.uncompressed_size + BLOCK_SLACK;
	return x->block_mem <= x->memlimit ? CDS_XZ_THREADED :
	    CDS_XZ_OVER_LIMIT;
}

static lzma_ret
decoder_init(struct cds_xz *x, lzma_stream *s)
{
	uint32_t flags = LZMA_CONCATENATED | LZMA_IGNORE_CHECK;
	uint64_t stop = x->memlimit > HARD_LIMIT ? x->memlimit : HARD_LIMIT;
	lzma_mt mt;

	if (x->mode != CDS_XZ_THREADED) {
		return NET(lzma_stream_decoder)(s, stop, flags);
	}
	memset(&mt, 0, sizeof(mt));
	mt.flags = flags;
	mt.threads = x->threads;
	mt.timeout = 0;		/* each call decodes what it was given */
	mt.memlimit_threading = x->memlimit;
	mt.memlimit_stop = stop;
	return NET(lzma_stream_decoder_mt)(s, &mt);
}

/*
 * Feed HEAD, then ring A, to the decoder and its output to ring B, to the
 * end of the stream.  LZMA_STREAM_END when done, else liblzma's error;
 * *PEER set when a ring was aborted (the other side gave up).
 */
static lzma_ret
pump(struct cds_xz *x, lzma_stream *s, const unsigned char *head,
    size_t nhead, int *peer)
{
	lzma_action action = LZMA_RUN;
	int from_ring = 0;	/* s->next_in points into ring A */
	lzma_ret r;

	s->next_in = head;
	s->avail_in = nhead;
	for (;;) {
		unsigned char *w;
		size_t wn, before;
		uint64_t mem;

		if (s->avail_in == 0 && action == LZMA_RUN) {
			const unsigned char *p;
			ssize_t n = cds_ring_rspan(x->in, &p);

			if (n < 0) {
				*peer = 1;
				return LZMA_OK;
			}
			if (n == 0) {
				/* the end of the input: liblzma may finish
				 * (or find the stream cut short) */
				action = LZMA_FINISH;
				s->next_in = NULL;
			} else {
				s->next_in = p;
				s->avail_in = (size_t)n;
				from_ring = 1;
			}
		}
		if ((wn = cds_ring_wspan(x->out, &w)) == 0) {
			*peer = 1;
			return LZMA_OK;
		}
		s->next_out = w;
		s->avail_out = wn;
		before = s->avail_in;
		r = NET(lzma_code)(s, action);
		/* what liblzma took is given back to the source at once */
		if (from_ring && before > s->avail_in) {
			cds_ring_consume(x->in, before - s->avail_in);
		}
		cds_ring_commit(x->out, wn - s->avail_out);
		if ((mem = NET(lzma_memusage)(s)) > x->peak_mem) {
			x->peak_mem = mem;
		}
		if (r != LZMA_OK) {
			return r;
		}
	}
}

void
cds_xz_run(struct cds_xz *x)
{
	lzma_stream s = LZMA_STREAM_INIT;
	unsigned char head[HEAD_MAX];
	ssize_t nhead;
	lzma_ret r = LZMA_OK;
	int peer = 0;

	x->mode = CDS_XZ_ONE_BLOCK;
	x->block_mem = 0;
	x->peak_mem = 0;
	if ((nhead = read_head(x->in, head)) < 0) {
		peer = 1;
	} else {
		x->mode = choose(x, head, (size_t)nhead);
		if ((r = decoder_init(x, &s)) == LZMA_OK) {
			r = pump(x, &s, head, (size_t)nhead, &peer);
		}
	}
	/* joins the threaded decoder's threads */
	NET(lzma_end)(&s);
	if (r == LZMA_STREAM_END) {
		cds_ring_close(x->out);
		return;
	}
	if (peer) {
		x->e.peer = 1;
	} else {
		cds_stage_seterr(&x->e, CDS_ERR_ARCHIVE, "%s: %s", x->name,
		    reason(r));
	}
	cds_ring_abort(x->out);
	cds_ring_abort(x->in);
}
