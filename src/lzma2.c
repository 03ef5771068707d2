/*
 * lzma2.c - our LZMA2 decoder (see lzma2.h for the shape).
 *
 * Why not liblzma's: its decoder can stop after any bit and resume when
 * more input comes, so every bit pays for a saved state and a bounds
 * check, and its dictionary is a ring that every match copy must wrap
 * around.  Here a chunk is always decoded whole from a buffer that holds
 * all of it, into a flat window with room for all of it.  The bits of a
 * bit tree (literals, lengths, distance slots) are decoded without
 * branches, so the processor does not guess them; the bits that choose
 * between a literal, a match and a repeated match stay branches, since
 * the code that follows differs.
 *
 * The arithmetic is the LZMA range coder's: 11-bit probabilities, moved
 * by 1/32 towards each decoded bit, a 32-bit range normalised by bytes
 * before each bit.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lzma2.h"

#define TOP		((uint32_t)1 << 24)
#define PBITS		11
#define PONE		((uint32_t)1 << PBITS)
#define MOVE		5
#define PINIT		(PONE / 2)

#define STATES		12
#define LIT_STATES	7	/* states below this: the last was a literal */
#define PSTATES_MAX	16	/* 1 << pb, pb <= 4 */
#define LEN_LOW		8
#define LEN_MID		8
#define LEN_HIGH	256
#define LEN_MIN		2
#define SLOT_STATES	4
#define SLOTS		64
#define SLOT_MODEL_END	14	/* slots below: low bits from `special` */
#define SPECIAL		114	/* probabilities for distances 4..127 */
#define ALIGN_BITS	4
#define LIT_SIZE	0x300
#define LIT_CODERS_MAX	16	/* 1 << (lc + lp), lc + lp <= 4 */

/* bytes before the window: a zero for the first literal's context, and
 * room so that the window's start is cache-line aligned */
#define FRONT		64
/* bytes after the window's end: wide match copies may write past the
 * chunk's end (never past this) */
#define SLACK		64
/* the window slides by multiples of this, so positions keep their low
 * bits (pos_state and the literal position need the low four) */
#define SLIDE_ALIGN	64

typedef uint16_t prob;

struct lenp {
	prob choice;
	prob choice2;
	prob low[PSTATES_MAX][LEN_LOW];
	prob mid[PSTATES_MAX][LEN_MID];
	prob high[LEN_HIGH];
};

/* All probabilities, reset together at a state reset. */
struct probs {
	prob is_match[STATES][PSTATES_MAX];
	prob is_rep[STATES];
	prob is_rep0[STATES];
	prob is_rep1[STATES];
	prob is_rep2[STATES];
	prob is_rep0_long[STATES][PSTATES_MAX];
	prob slot[SLOT_STATES][SLOTS];
	prob special[SPECIAL];
	prob align[1 << ALIGN_BITS];
	struct lenp mlen;
	prob pad1[7];
	struct lenp rlen;
	prob pad2[7];
	prob lit[LIT_CODERS_MAX * LIT_SIZE];
};

struct cds_lz2 {
	struct probs p;
	unsigned char *mem;	/* the allocation */
	size_t mem_size;
	unsigned char *win;	/* mem + FRONT */
	size_t cap;		/* usable bytes of win */
	int fixed;		/* one block's whole output: no sliding */
	size_t pos;		/* next byte to write */
	size_t hist;		/* valid bytes behind pos (<= dsize) */
	size_t phase;		/* pos at the last dictionary reset, mod
				   SLIDE_ALIGN: positions count from there */
	uint32_t dsize;		/* liblzma's: >= 4096, a multiple of 16 */
	int need_dict;		/* a dictionary reset must come first */
	int need_props;		/* a chunk with properties must come next */
	uint32_t state;
	uint32_t rep0, rep1, rep2, rep3;
	unsigned lc, lp, pb;
};

/*
 * The window: for a block unpacked whole (OUT_SIZE > 0), its output;
 * else the history and room to unpack at least one whole chunk after it
 * (more when the history is large, so that the slides, a memmove of the
 * history each, stay rare).
 */
static uint64_t
window_bytes(uint32_t dsize, uint64_t out_size)
{
	uint64_t room = dsize;

	if (out_size > 0) {
		return out_size;
	}
	if (room < 2 * CDS_LZ2_UMAX) {
		room = 2 * CDS_LZ2_UMAX;
	}
	if (room > (uint64_t)32 << 20) {
		room = (uint64_t)32 << 20;
	}
	return (uint64_t)dsize + room + SLIDE_ALIGN;
}

static uint32_t
round_dict(uint32_t d)
{
	if (d < 4096) {
		d = 4096;
	}
	if (d > UINT32_MAX - 15) {
		return UINT32_MAX & ~(uint32_t)15;
	}
	return (d + 15) & ~(uint32_t)15;
}

uint64_t
cds_lz2_mem_needed(uint32_t dict_size, uint64_t out_size)
{
	return window_bytes(round_dict(dict_size), out_size) + FRONT + SLACK +
	    sizeof(struct cds_lz2);
}

static void
free_window(struct cds_lz2 *z)
{
	if (z->mem != NULL) {
		munmap(z->mem, z->mem_size);
	}
	z->mem = z->win = NULL;
	z->mem_size = z->cap = 0;
}

/* Anonymous pages: zero (so the byte before the window, the first
 * literal's context, is 0), allocated as they are first written, and
 * the kernel may back a large window with huge pages (fewer TLB misses
 * on the match sources, which jump around a history of megabytes). */
static enum cds_lz2_ret
alloc_window(struct cds_lz2 *z, uint64_t need, uint64_t memlimit)
{
	size_t total;
	void *m;

	if (need + FRONT + SLACK + sizeof(*z) > memlimit) {
		return CDS_LZ2_MEMLIMIT_ERROR;
	}
	if (need > SIZE_MAX - FRONT - SLACK) {
		return CDS_LZ2_MEM_ERROR;
	}
	total = (size_t)need + FRONT + SLACK;
	m = mmap(NULL, total, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		return CDS_LZ2_MEM_ERROR;
	}
#ifdef MADV_HUGEPAGE
	if (total >= (size_t)4 << 20) {
		(void)madvise(m, total, MADV_HUGEPAGE);
	}
#endif
	free_window(z);
	z->mem = m;
	z->mem_size = total;
	z->win = z->mem + FRONT;
	z->cap = (size_t)need;
	return CDS_LZ2_OK;
}

struct cds_lz2 *
cds_lz2_new(uint32_t dict_size, uint64_t out_size, uint64_t memlimit,
    enum cds_lz2_ret *ret)
{
	struct cds_lz2 *z;

	if ((z = calloc(1, sizeof(*z))) == NULL) {
		*ret = CDS_LZ2_MEM_ERROR;
		return NULL;
	}
	*ret = cds_lz2_block(z, dict_size, out_size, memlimit);
	if (*ret != CDS_LZ2_OK) {
		free(z);
		return NULL;
	}
	return z;
}

enum cds_lz2_ret
cds_lz2_block(struct cds_lz2 *z, uint32_t dict_size, uint64_t out_size,
    uint64_t memlimit)
{
	uint32_t d = round_dict(dict_size);
	uint64_t need = window_bytes(d, out_size);
	enum cds_lz2_ret r;

	/* a fixed window is made to measure; a sliding one is kept when
	 * it is large enough */
	if (z->mem == NULL || need > z->cap || (out_size > 0) != z->fixed ||
	    (out_size > 0 && need != z->cap)) {
		if ((r = alloc_window(z, need, memlimit)) != CDS_LZ2_OK) {
			return r;
		}
	}
	z->fixed = out_size > 0;
	z->dsize = d;
	z->pos = 0;
	z->hist = 0;
	z->phase = 0;
	z->need_dict = 1;
	z->need_props = 1;
	return CDS_LZ2_OK;
}

void
cds_lz2_free(struct cds_lz2 *z)
{
	if (z != NULL) {
		free_window(z);
		free(z);
	}
}

uint64_t
cds_lz2_memusage(const struct cds_lz2 *z)
{
	return (uint64_t)z->mem_size + sizeof(*z);
}

size_t
cds_lz2_output(const struct cds_lz2 *z, const unsigned char **out)
{
	*out = z->win;
	return z->pos;
}

int
cds_lz2_hdr_len(unsigned control)
{
	if (control == 0x00) {
		return 0;
	}
	if (control == 0x01 || control == 0x02) {
		return 2;
	}
	if (control < 0x80) {
		return -1;
	}
	return control >= 0xC0 ? 5 : 4;
}

static void
reset_state(struct cds_lz2 *z)
{
	prob *p = (prob *)&z->p;
	size_t i, n = offsetof(struct probs, lit) / sizeof(prob) +
	    ((size_t)LIT_SIZE << (z->lc + z->lp));

	for (i = 0; i < n; i++) {
		p[i] = PINIT;
	}
	z->state = 0;
	z->rep0 = z->rep1 = z->rep2 = z->rep3 = 0;
}

enum cds_lz2_ret
cds_lz2_header(struct cds_lz2 *z, const unsigned char *hdr,
    struct cds_lz2_chunk *c)
{
	unsigned ctl = hdr[0];

	memset(c, 0, sizeof(*c));
	if (ctl == 0x00) {
		return CDS_LZ2_END;
	}
	if (cds_lz2_hdr_len(ctl) < 0) {
		return CDS_LZ2_DATA_ERROR;
	}
	/* a dictionary reset (stored 0x01, LZMA 0xE0..0xFF) is first, and
	 * is followed by new properties */
	if (ctl == 0x01 || ctl >= 0xE0) {
		z->need_dict = 0;
		z->need_props = 1;
		z->hist = 0;
		z->phase = z->pos & (SLIDE_ALIGN - 1);
	} else if (z->need_dict) {
		return CDS_LZ2_DATA_ERROR;
	}
	if (ctl < 0x80) {
		c->stored = 1;
		c->usize = c->csize = ((size_t)hdr[1] << 8 | hdr[2]) + 1;
		return CDS_LZ2_OK;
	}
	c->usize = ((size_t)(ctl & 0x1F) << 16 | (size_t)hdr[1] << 8 |
	    hdr[2]) + 1;
	c->csize = ((size_t)hdr[3] << 8 | hdr[4]) + 1;
	if (ctl >= 0xC0) {
		unsigned pr = hdr[5];

		/* lc + lp <= 4 in LZMA2; pb <= 4 */
		if (pr > (4 * 5 + 4) * 9 + 8) {
			return CDS_LZ2_DATA_ERROR;
		}
		z->lc = pr % 9;
		pr /= 9;
		z->lp = pr % 5;
		z->pb = pr / 5;
		if (z->lc + z->lp > 4) {
			return CDS_LZ2_DATA_ERROR;
		}
		z->need_props = 0;
		reset_state(z);
	} else if (z->need_props) {
		return CDS_LZ2_DATA_ERROR;
	} else if (ctl >= 0xA0) {
		reset_state(z);
	}
	return CDS_LZ2_OK;
}

/* Make room for N more bytes after pos, sliding the history back by a
 * multiple of SLIDE_ALIGN; 0 when a fixed window has no room. */
static int
make_room(struct cds_lz2 *z, size_t n)
{
	size_t start;

	if (n <= z->cap - z->pos) {
		return 1;
	}
	if (z->fixed) {
		return 0;
	}
	start = (z->pos - z->hist) & ~(size_t)(SLIDE_ALIGN - 1);
	memmove(z->win, z->win + start, z->pos - start);
	z->pos -= start;
	return 1;
}

/* ------------------------------------------------------------------------ */
/* The range decoder                                                         */
/* ------------------------------------------------------------------------ */

#define NORMALIZE()							\
	((void)(range < TOP ? (range <<= 8, code = (code << 8) | *in++) : 0))

/* A bit whose value chooses what comes next: `if (BIT0(p))`, then
 * UPDATE0(p) or UPDATE1(p) on each side. */
#define BIT0(p) (NORMALIZE(), bound = (range >> PBITS) * (uint32_t)*(p),	\
	code < bound)
#define UPDATE0(p) do {							\
	range = bound;							\
	*(p) = (prob)(*(p) + ((PONE - *(p)) >> MOVE));			\
} while (0)
#define UPDATE1(p) do {							\
	range -= bound;							\
	code -= bound;							\
	*(p) = (prob)(*(p) - (*(p) >> MOVE));				\
} while (0)

/*
 * A bit of a tree, without a branch: SYM = SYM * 2 + bit, with the
 * probability at TP (BASE[SYM] for TBIT); tm_ is all ones for a 1 bit.
 * The probability v moves up by (PONE - v) >> MOVE for a 0, down by
 * v >> MOVE for a 1; both are v - ((v - k) >> MOVE), with k = PONE -
 * (1 << MOVE) + 1 for a 0 and k = 0 for a 1, the shift arithmetic (GCC
 * and Clang define it so).
 */
#define TBITP(tp, sym) do {						\
	prob *tp_ = (tp);						\
	uint32_t tv_ = *tp_, tb_, tm_;					\
	NORMALIZE();							\
	tb_ = (range >> PBITS) * tv_;					\
	tm_ = 0u - (uint32_t)(code >= tb_);				\
	range = tm_ != 0 ? range - tb_ : tb_;				\
	code -= tb_ & tm_;						\
	*tp_ = (prob)(tv_ - (uint32_t)((int32_t)(tv_ -			\
	    (~tm_ & (PONE - (1u << MOVE) + 1))) >> MOVE));		\
	(sym) = ((sym) << 1) - tm_;					\
} while (0)
#define TBIT(base, sym)	TBITP(&(base)[sym], sym)

/* A reverse tree's bit: also adds the bit at weight W to DST. */
#define RBITP(tp, sym, dst, w) do {					\
	uint32_t rs_ = (sym);						\
	TBITP(tp, sym);							\
	(dst) += ((sym) - (rs_ << 1)) * (w);				\
} while (0)

/* A bit with probability 1/2. */
#define DIRECT(dst) do {						\
	uint32_t dm_;							\
	NORMALIZE();							\
	range >>= 1;							\
	code -= range;							\
	dm_ = 0u - (code >> 31);					\
	code += range & dm_;						\
	(dst) = ((dst) << 1) + (dm_ + 1);				\
} while (0)

/* A length: 2..273. */
#define LENGTH(lp_, dst) do {						\
	uint32_t ls_ = 1;						\
	if (BIT0(&(lp_)->choice)) {					\
		UPDATE0(&(lp_)->choice);				\
		TBIT((lp_)->low[ps], ls_);				\
		TBIT((lp_)->low[ps], ls_);				\
		TBIT((lp_)->low[ps], ls_);				\
		(dst) = ls_ - LEN_LOW + LEN_MIN;			\
	} else {							\
		UPDATE1(&(lp_)->choice);				\
		if (BIT0(&(lp_)->choice2)) {				\
			UPDATE0(&(lp_)->choice2);			\
			TBIT((lp_)->mid[ps], ls_);			\
			TBIT((lp_)->mid[ps], ls_);			\
			TBIT((lp_)->mid[ps], ls_);			\
			(dst) = ls_ - LEN_MID + LEN_MIN + LEN_LOW;	\
		} else {						\
			UPDATE1(&(lp_)->choice2);			\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			TBIT((lp_)->high, ls_);				\
			(dst) = ls_ - LEN_HIGH + LEN_MIN + LEN_LOW +	\
			    LEN_MID;					\
		}							\
	}								\
} while (0)

/* Copy LEN bytes from DIST + 1 back; the window has SLACK after the
 * chunk's end, so the wide copy may run over by up to 15 bytes. */
static inline unsigned char *
copy_match(unsigned char *out, size_t dist, uint32_t len)
{
	const unsigned char *src = out - dist - 1;
	unsigned char *end = out + len;

	if (dist >= 15) {
		do {
			memcpy(out, src, 16);
			out += 16;
			src += 16;
		} while (out < end);
	} else if (dist == 0) {
		memset(out, *src, len);
	} else {
		do {
			*out++ = *src++;
		} while (out < end);
	}
	return end;
}

/* The main loop over one LZMA chunk: from IN to the window at pos. */
static enum cds_lz2_ret
decode_lzma(struct cds_lz2 *z, const unsigned char *in, size_t csize,
    size_t usize)
{
	static const unsigned char lit_next[STATES] = {
		0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 4, 5
	};
	struct probs *const p = &z->p;
	const unsigned char *const in_end = in + csize;
	/* positions (pos_state, the literal's) count from the last
	 * dictionary reset */
	const unsigned char *const win = z->win + z->phase;
	unsigned char *out = z->win + z->pos;
	unsigned char *const out_end = out + usize;
	/* the history starts here: distances must stay behind it */
	const unsigned char *const hbase = out - z->hist;
	const size_t dsize = z->dsize;
	const uint32_t pb_mask = (1u << z->pb) - 1;
	const uint32_t lp_mask = (1u << z->lp) - 1;
	const unsigned lc = z->lc;
	uint32_t state = z->state;
	uint32_t rep0 = z->rep0, rep1 = z->rep1, rep2 = z->rep2;
	uint32_t rep3 = z->rep3;
	uint32_t range = 0xFFFFFFFFu, code, bound;

	if (csize < 5 || in[0] != 0x00) {
		return CDS_LZ2_DATA_ERROR;
	}
	code = (uint32_t)in[1] << 24 | (uint32_t)in[2] << 16 |
	    (uint32_t)in[3] << 8 | in[4];
	in += 5;

	while (out < out_end) {
		uint32_t ps = (uint32_t)(out - win) & pb_mask;
		uint32_t len;
		prob *pp;

		/* a damaged chunk may read past its end, by less than
		 * CDS_LZ2_PAD within one symbol */
		if (in > in_end) {
			return CDS_LZ2_DATA_ERROR;
		}
		pp = &p->is_match[state][ps];
		if (BIT0(pp)) {
			uint32_t prev = out[-1], sym = 1;
			prob *lp;

			UPDATE0(pp);
			lp = p->lit + LIT_SIZE *
			    (((uint32_t)(out - win) & lp_mask) << lc |
			    prev >> (8 - lc));
			if (state < LIT_STATES) {
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
				TBIT(lp, sym);
			} else {
				/* the byte at rep0 steers the tree while the
				 * bits agree with it: offs is 0x100 until the
				 * first disagreement, then 0 */
				uint32_t mb = out[-(ptrdiff_t)rep0 - 1];
				uint32_t offs = 0x100;

				do {
					uint32_t mbit;

					mb <<= 1;
					mbit = mb & offs;
					TBITP(&lp[offs + mbit + sym], sym);
					/* bit 1: keep offs if mbit set; bit 0:
					 * keep it if mbit clear */
					offs &= mbit ^ ((sym & 1) - 1);
				} while (sym < 0x100);
			}
			*out++ = (unsigned char)sym;
			state = lit_next[state];
			continue;
		}
		UPDATE1(pp);
		if (out == hbase) {
			/* a match with nothing behind it */
			return CDS_LZ2_DATA_ERROR;
		}
		pp = &p->is_rep[state];
		if (BIT0(pp)) {
			uint32_t slot = 1;

			/* a new distance */
			UPDATE0(pp);
			rep3 = rep2;
			rep2 = rep1;
			rep1 = rep0;
			LENGTH(&p->mlen, len);
			state = state < LIT_STATES ? 7 : 10;
			{
				prob *sp = p->slot[len < 6 ? len - 2 : 3];

				TBIT(sp, slot);
				TBIT(sp, slot);
				TBIT(sp, slot);
				TBIT(sp, slot);
				TBIT(sp, slot);
				TBIT(sp, slot);
			}
			slot -= SLOTS;
			if (slot < 4) {
				rep0 = slot;
			} else {
				uint32_t nd = (slot >> 1) - 1;
				uint32_t dist = (2 | (slot & 1)) << nd;
				uint32_t s = 1;

				if (slot < SLOT_MODEL_END) {
					/* a reverse tree over special[],
					 * node s (from 1) at special[dist -
					 * slot - 1 + s] */
					prob *sb = p->special + (dist - slot);
					uint32_t w = 1;

					do {
						RBITP(&sb[s - 1], s, dist, w);
						w <<= 1;
					} while (--nd);
				} else {
					uint32_t hi = 0;

					nd -= ALIGN_BITS;
					do {
						DIRECT(hi);
					} while (--nd);
					dist += hi << ALIGN_BITS;
					RBITP(&p->align[s], s, dist, 1);
					RBITP(&p->align[s], s, dist, 2);
					RBITP(&p->align[s], s, dist, 4);
					RBITP(&p->align[s], s, dist, 8);
					if (dist == 0xFFFFFFFFu) {
						/* an end marker: not in
						 * LZMA2 */
						return CDS_LZ2_DATA_ERROR;
					}
				}
				rep0 = dist;
			}
			if (rep0 >= dsize ||
			    rep0 >= (size_t)(out - hbase)) {
				return CDS_LZ2_DATA_ERROR;
			}
		} else {
			UPDATE1(pp);
			pp = &p->is_rep0[state];
			if (BIT0(pp)) {
				UPDATE0(pp);
				pp = &p->is_rep0_long[state][ps];
				if (BIT0(pp)) {
					/* one byte from rep0 */
					UPDATE0(pp);
					state = state < LIT_STATES ? 9 : 11;
					*out = out[-(ptrdiff_t)rep0 - 1];
					out++;
					continue;
				}
				UPDATE1(pp);
			} else {
				uint32_t dist;

				UPDATE1(pp);
				pp = &p->is_rep1[state];
				if (BIT0(pp)) {
					UPDATE0(pp);
					dist = rep1;
				} else {
					UPDATE1(pp);
					pp = &p->is_rep2[state];
					if (BIT0(pp)) {
						UPDATE0(pp);
						dist = rep2;
					} else {
						UPDATE1(pp);
						dist = rep3;
						rep3 = rep2;
					}
					rep2 = rep1;
				}
				rep1 = rep0;
				rep0 = dist;
			}
			LENGTH(&p->rlen, len);
			state = state < LIT_STATES ? 8 : 11;
		}
		/* a match may not cross the chunk's end */
		if (len > (size_t)(out_end - out)) {
			return CDS_LZ2_DATA_ERROR;
		}
		out = copy_match(out, rep0, len);
	}
	/* the encoder's flush leaves the range normalised */
	NORMALIZE();
	if (in != in_end || code != 0) {
		return CDS_LZ2_DATA_ERROR;
	}
	z->state = state;
	z->rep0 = rep0;
	z->rep1 = rep1;
	z->rep2 = rep2;
	z->rep3 = rep3;
	return CDS_LZ2_OK;
}

enum cds_lz2_ret
cds_lz2_chunk(struct cds_lz2 *z, const struct cds_lz2_chunk *c,
    const unsigned char *in, const unsigned char **out)
{
	enum cds_lz2_ret r = CDS_LZ2_OK;

	if (!make_room(z, c->usize)) {
		/* more than the block's header said */
		return CDS_LZ2_DATA_ERROR;
	}
	if (c->stored) {
		memcpy(z->win + z->pos, in, c->usize);
	} else if (z->hist == 0) {
		/* the first literal after a dictionary reset sees a 0
		 * before it, whatever the window holds there */
		unsigned char *before = z->win + z->pos - 1;
		unsigned char saved = *before;

		*before = 0;
		r = decode_lzma(z, in, c->csize, c->usize);
		*before = saved;
	} else {
		r = decode_lzma(z, in, c->csize, c->usize);
	}
	if (r != CDS_LZ2_OK) {
		return r;
	}
	*out = z->win + z->pos;
	z->pos += c->usize;
	z->hist = z->hist + c->usize > z->dsize ? z->dsize :
	    z->hist + c->usize;
	return CDS_LZ2_OK;
}
