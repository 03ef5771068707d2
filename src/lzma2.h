/*
 * lzma2.h - our LZMA2 decoder, for the single-threaded xz path.
 *
 * xzdec.c parses the .xz container and hands each LZMA2 chunk here whole:
 * a chunk is at most 64 KiB compressed and 2 MiB unpacked, so the decoder
 * never stops in the middle of a symbol and needs no bounds checks inside
 * its loop but one per symbol.  The dictionary is a flat window: matches
 * are copied without wrapping, and the window slides back (a memmove of
 * the history) when a chunk no longer fits.
 *
 * The behaviour on every input follows liblzma's (xz 5.4): the same
 * arithmetic, the same chunk rules (dictionary and state resets, the
 * required properties), the same checks at the end of a chunk (every
 * compressed byte used, the range coder's code at 0, no match crossing
 * the chunk's end), the same distance limit (the history since the last
 * dictionary reset, at most the dictionary size rounded up to 16 bytes).
 * tests/unit/test-lzma2.c compares the two on real and damaged streams.
 */
#ifndef CDS_LZMA2_H
#define CDS_LZMA2_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Readable bytes the decoder may need after a chunk's compressed data
 * (a damaged chunk is caught at the end of the symbol that overran). */
#define CDS_LZ2_PAD	64

/* The largest chunk: 64 KiB compressed, 2 MiB unpacked. */
#define CDS_LZ2_CMAX	((size_t)1 << 16)
#define CDS_LZ2_UMAX	((size_t)1 << 21)

enum cds_lz2_ret {
	CDS_LZ2_OK = 0,
	CDS_LZ2_END,		/* the end-of-data control byte */
	CDS_LZ2_DATA_ERROR,	/* corrupt LZMA2 data */
	CDS_LZ2_MEM_ERROR,	/* the window could not be allocated */
	CDS_LZ2_MEMLIMIT_ERROR	/* the window would pass the limit */
};

/* One chunk's header. */
struct cds_lz2_chunk {
	size_t csize;		/* compressed bytes (== usize if stored) */
	size_t usize;		/* unpacked bytes */
	int stored;		/* an uncompressed chunk */
};

struct cds_lz2;

/*
 * A decoder for a block with this dictionary size (from the block
 * header's filter properties).  OUT_SIZE 0: the block's size is unknown
 * and the window slides, holding the dictionary and one chunk; else the
 * window is the block's whole output, OUT_SIZE bytes, and a chunk that
 * would pass it is corrupt data.  The memory it takes
 * (cds_lz2_mem_needed()) stays under MEMLIMIT; NULL with *ret set
 * otherwise.
 */
CDS_HIDDEN struct cds_lz2 *cds_lz2_new(uint32_t dict_size,
    uint64_t out_size, uint64_t memlimit, enum cds_lz2_ret *ret);
/* Start a new block (a dictionary reset is required first); the window
 * is reused where it fits. */
CDS_HIDDEN enum cds_lz2_ret cds_lz2_block(struct cds_lz2 *z,
    uint32_t dict_size, uint64_t out_size, uint64_t memlimit);
CDS_HIDDEN void cds_lz2_free(struct cds_lz2 *z);
CDS_HIDDEN uint64_t cds_lz2_mem_needed(uint32_t dict_size,
    uint64_t out_size);
/* What the decoder holds, in bytes. */
CDS_HIDDEN uint64_t cds_lz2_memusage(const struct cds_lz2 *z);
/* Bytes unpacked into a fixed window so far, which starts at *OUT. */
CDS_HIDDEN size_t cds_lz2_output(const struct cds_lz2 *z,
    const unsigned char **out);

/*
 * Bytes of a chunk's header after its control byte: 0 for the end of the
 * data (0x00), 2 for a stored chunk, 4 or 5 for an LZMA chunk; -1 for a
 * control byte that is never valid.
 */
CDS_HIDDEN int cds_lz2_hdr_len(unsigned control);
/* Parse a header (the control byte and cds_lz2_hdr_len() more bytes) and
 * check it against the decoder's state: OK, END or DATA_ERROR. */
CDS_HIDDEN enum cds_lz2_ret cds_lz2_header(struct cds_lz2 *z,
    const unsigned char *hdr, struct cds_lz2_chunk *c);
/*
 * Decode the chunk C whose compressed bytes are IN (c->csize of them,
 * followed by CDS_LZ2_PAD readable bytes).  On OK its c->usize unpacked
 * bytes are at *OUT.
 */
CDS_HIDDEN enum cds_lz2_ret cds_lz2_chunk(struct cds_lz2 *z,
    const struct cds_lz2_chunk *c, const unsigned char *in,
    const unsigned char **out);

#endif /* CDS_LZMA2_H */
