/*
 * fetch.h - the data path: download, hash and unpack in one pass.
 *
 * One archive flows through three stages joined by byte rings:
 *
 *   source --ring A--> [xz decoder] --ring B--> unpacker --> dest_dir
 *
 * The source runs on the caller's thread: libcurl (a multi handle, so
 * several archives move at once) or a file of the cache.  It writes every
 * byte to <cache>/<relative_path>.part and hashes it with OpenSSL EVP as it
 * arrives.  The decoder (xz.c: liblzma, its threaded decoder when the
 * archive has several blocks) and the unpacker (extract.c, libarchive
 * reading, our own openat-relative writer) each run on a thread of their
 * own.  Events and progress are emitted on the
 * caller's thread only.
 */
#ifndef CDS_FETCH_H
#define CDS_FETCH_H

#include <pthread.h>

#include "sys/net.h"
#include "fetch/ring.h"

/* One archive to get and unpack. */
struct cds_fetch {
	const struct cds_archive *archive; /* name, relative_path, sha256,
					      size */
	char **urls;		/* full candidate URLs in order (mirrors
				   first), NULL-terminated */
	const char *cache_dir;	/* host path; the archive is kept at
				   <cache_dir>/<relative_path>, its partial
				   download at <...>.part; NULL: keep
				   nothing (no resume across runs) */
	int user_cache;		/* cache_dir is the user's (--cache): a copy
				   there that does not match the manifest
				   is reported (CDS_ERR_SIZE or
				   CDS_ERR_CHECKSUM, naming it), never
				   deleted or replaced; 0: ours, a wrong
				   copy is fetched again */
	const char *dest_dir;	/* host path of an existing empty staging
				   dir */
	unsigned timeout_s;	/* an attempt that receives nothing for this
				   long fails (and is retried); 0: the
				   handle's (cds_set_timeout(), 15 s) */
	int err;		/* out: enum cds_err of this item */
};

/*
 * Get one archive (from the cache if a complete verified copy is there,
 * else download, resuming a .part with Range), hash it with OpenSSL EVP as
 * the bytes arrive, and unpack it into dest_dir while it arrives, stripping
 * the single top-level directory of NVIDIA's layout
 * ("<name>-archive/").
 *
 * URLs are tried in order.  Each server (scheme, host, port) is probed
 * once: its first transfer goes alone, the others wait until it has
 * connected.  A name that does not resolve (the proxy's too), a refused or
 * unroutable connection and a TLS failure are the server's: it is down for
 * the rest of the run (CDS_EV_HOST_DOWN, once, with the reason), and every
 * archive passes it over at once, without retries.  On a server that
 * answers, network errors, timeouts and HTTP 5xx/408/429 are retried (3
 * attempts, waiting 1 s then 2 s; a dropped connection that brought bytes
 * resumes at once with Range and does not count; a stall, timeout_s
 * without a byte, always counts, so a stalled server ends in
 * CDS_ERR_NETWORK after 3 x 15 s + 3 s by default); a probe that spends
 * its 3 attempts without an answer puts its server down too.  4xx and a
 * body that is not an archive (an HTML page with status 200) move on to
 * the next URL, resuming where the last one stopped.  A size overrun, a
 * digest mismatch or a hostile archive end the item.
 *
 * Returns 0 only when SHA-256 and size match the manifest and extraction
 * finished; then the .part is renamed into the cache.  On failure -1 with
 * the handle's error set (detail names the archive and the reason, an
 * archive member for CDS_ERR_UNSAFE_ARCHIVE); dest_dir may hold partial
 * files (the caller deletes it); nothing is ever written outside
 * dest_dir and the cache.
 *
 * Emits CDS_EV_DOWNLOAD_START (per URL)/RETRY/DONE, CDS_EV_VERIFY_START/
 * DONE, CDS_EV_EXTRACT_START (with the first byte: never for an archive
 * that did not come)/DONE with the archive's file name as `name`,
 * CDS_EV_HOST_DOWN,
 * and progress in the download (network bytes), verify (bytes read from
 * the cache) and extract (compressed bytes unpacked) phases.  Honours
 * cds_cancel().  Offline (h->offline): the cache only; CDS_ERR_NOT_FOUND
 * naming the missing file.
 */
CDS_HIDDEN int cds_fetch_extract(cds_handle_t *h, struct cds_fetch *f);

/*
 * N items with up to h->jobs of them moving at once (one curl multi handle
 * on the caller's thread, two worker threads per item in flight), the
 * largest (the manifest's size) started first.  Returns
 * 0 if all succeeded, else -1 with the first failing item's error on the
 * handle and each f[i].err filled; when that item failed because every
 * server of its URLs was down, the error is the first of them (its code,
 * CDS_ERR_NETWORK or CDS_ERR_TLS), its reason CDS_REASON_SERVERS_DOWN and
 * the detail (and the WHY name) each server down and why
 * ("mirror.example: dns (Could not resolve host: ...); ...").  An
 * item failing does not stop the others; cancellation stops all.
 */
CDS_HIDDEN int cds_fetch_extract_all(cds_handle_t *h, struct cds_fetch *f,
    size_t n);

/* ------------------------------------------------------------------------ */
/* Internals shared by download.c, xz.c and extract.c (the rings: ring.h) */
/* ------------------------------------------------------------------------ */

/* Archive types, from the file name. */
enum cds_arfmt {
	CDS_AR_UNKNOWN = 0,
	CDS_AR_TAR_XZ,		/* decoded by xz.c, then plain tar */
	CDS_AR_TAR_GZ,
	CDS_AR_TAR_BZ2,
	CDS_AR_TAR,
	CDS_AR_ZIP
};
CDS_HIDDEN enum cds_arfmt cds_arfmt_of(const char *name);

/* How the xz stage decoded an archive, and why. */
enum cds_xzmode {
	CDS_XZ_THREADED = 0,	/* liblzma's threaded decoder: several blocks
				   with their sizes (xz -T) */
	CDS_XZ_ONE_BLOCK,	/* single-threaded: the archive is one block
				   (or none), or its first header could not
				   be read (the decoder then says why) */
	CDS_XZ_NO_SIZES,	/* single-threaded: the first block's header
				   carries no sizes (xz -T1 writes none), so
				   it cannot go to a thread */
	CDS_XZ_OVER_LIMIT,	/* single-threaded: a block on a thread needs
				   more than the limit (block_mem) */
	CDS_XZ_ONE_CORE		/* single-threaded: threads is 1 */
};

/*
 * The xz decoding stage: ring `in` (compressed) to ring `out` (tar), with
 * liblzma.  The first block's header (read with liblzma's own header
 * decoders) picks the decoder: liblzma's threaded one when the archive
 * has several blocks with their sizes and one of them fits the memory
 * limit on a thread, else its single-threaded one, which decodes as the
 * bytes arrive with only the dictionary in memory.  The blocks' own checks
 * are not computed (LZMA_IGNORE_CHECK): the archive's SHA-256 covers every
 * byte they would and is verified before anything unpacked is used.
 */
struct cds_xz {
	struct cds_ring *in;
	struct cds_ring *out;
	const char *name;	/* for errors */
	uint64_t memlimit;	/* the threaded decoder stays under this
				   (the handle's limit shared by the jobs;
				   liblzma's memlimit_threading) */
	uint32_t threads;	/* threads, at most */
	uint64_t size;		/* the archive's size, 0 if unknown */
	/* out, read after the join */
	enum cds_xzmode mode;
	uint64_t block_mem;	/* what the first block needs on a thread
				   (0: not known) */
	uint64_t peak_mem;	/* the most liblzma held (lzma_memusage()
				   after each call) */
	struct cds_stage_err e;
};
/* Run to the end of the stream (a thread's body).  On error the rings are
 * aborted. */
CDS_HIDDEN void cds_xz_run(struct cds_xz *x);

/* The unpacking stage: a tar (or other) stream from ring `in`. */
struct cds_unpack {
	struct cds_ring *in;
	enum cds_arfmt fmt;	/* CDS_AR_TAR_XZ: `in` holds plain tar */
	const char *name;	/* for errors */
	int dirfd;		/* dest_dir, opened by the caller */
	uint64_t csize;		/* the archive's size, for the bounds;
				   0 if unknown (then cseen is used) */
	const uint64_t *cseen;	/* compressed bytes so far (atomic) */
	/* out */
	uint64_t bytes;		/* unpacked bytes (atomic) */
	uint64_t entries;	/* (atomic) */
	struct cds_stage_err e;
	struct cds_ring *peer;	/* aborted on error too (ring A) */
};
CDS_HIDDEN void cds_unpack_run(struct cds_unpack *u);

/* The bounds for a compressed size: unpacked bytes and entries. */
CDS_HIDDEN uint64_t cds_unpack_max_bytes(uint64_t csize);
CDS_HIDDEN uint64_t cds_unpack_max_entries(uint64_t csize);

#endif /* CDS_FETCH_H */
