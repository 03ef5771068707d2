/*
 * codes.h - every status code of NVIDIA's libraries (CUresult,
 * cudaError_t, cudnnStatus_t, cuBLAS, cuSPARSE, cuFFT, cuRAND, cuSOLVER,
 * NVRTC, nvJitLink, NCCL, NVML): its number, its enumerator and the
 * library's own words for it.  The table is manifests/data/cuda-codes.tsv,
 * made from the real headers and libraries by tools/mkcodes.py, and the
 * Xid numbers the NVIDIA kernel module logs (manifests/data/xid.tsv, from
 * NVIDIA's Xid catalog: the enum "Xid", its mnemonics as enumerators) and
 * OptiX's OptixResult (manifests/data/optix.tsv, from its SDK header,
 * without words), compiled in (codes-table.inc, made by
 * tools/codes2c.awk).
 */
#ifndef CDS_CODES_H
#define CDS_CODES_H

#include <stddef.h>

#include "base/util.h"

struct cds_code {
	const char *type;	/* the enum: "cudaError_t", "CUresult"... */
	int major;		/* the library major where the numbering
				   differs by major (cudnnStatus_t: 8, 9);
				   0 for every release */
	long value;
	const char *name;	/* "cudaErrorNoDevice" */
	const char *text;	/* the library's description string, of
				   its newest release read */
	const char *releases;	/* the releases whose headers have it */
	const char *action;	/* what its maker says to do, as a bucket of
				   NVIDIA's Xid catalog ("RESET_GPU"), or
				   NULL */
};

/* The code whose enumerator is the N bytes at NAME, or NULL. */
CDS_HIDDEN const struct cds_code *cds_code_named(const char *name, size_t n);
/* If NAME is an enumerator that the newest headers of its enum here no
 * longer have (cuFFT's CUFFT_PARSE_ERROR after CUDA 12.5), the last
 * release whose headers have it ("12.5"), and in *NEWEST the newest
 * release of the enum ("13.0"); else NULL. */
CDS_HIDDEN const char *cds_code_gone(const char *name, const char **newest);
/* The code VALUE of enum TYPE (of library major MAJOR; 0: the newest
 * major that has the value), or NULL. */
CDS_HIDDEN const struct cds_code *cds_code_of(const char *type, int major,
    long value);
/* The code of enum TYPE (NULL: the CUDA runtime's, then the driver API's)
 * whose description string S begins with, case and runs of blanks aside,
 * the longest when several do; its length in S in *LEN.  Any release's
 * words for a code count (the table keeps those older releases said
 * otherwise).  NULL when none does. */
CDS_HIDDEN const struct cds_code *cds_code_said(const char *type,
    const char *s, size_t *len);
/* The I-th code of the table (file order), NULL past the end. */
CDS_HIDDEN const struct cds_code *cds_code_at(size_t i);
/* What TYPE is, for people: "CUDA runtime", "cuDNN"; TYPE itself when
 * unknown. */
CDS_HIDDEN const char *cds_code_library(const char *type);

/* A code that a text names. */
struct cds_code_hit {
	const struct cds_code *code;
	size_t offset;		/* where in the text it is said */
	size_t len;		/* how many bytes say it */
	const char *via;	/* the program whose wording said it by number
				   or by the library's words ("llama.cpp",
				   "ONNX Runtime"), or NULL: by its
				   enumerator, or by words only that code
				   has */
	int by_number;		/* said by its number alone */
};

/*
 * Every failure code TEXT (LEN bytes) names, as the libraries and the
 * frameworks around them print one: the enumerator (cudaErrorNoDevice,
 * CUDNN_STATUS_MAPPING_ERROR), the library's own words after a wrapper's
 * prefix ("CUDA error: out of memory", "Cuda Runtime (no kernel image
 * ..."), a number in a wrapper's form ("CUDA error 35 at", "CUDA failure
 * 100:", "[100] Call to cuInit results in"), or words that only one code
 * of the CUDA runtime or driver says; the words of any release read.
 * Success codes are not failures and are left out.  One hit a code, at
 * its first place; in the order of the text.  Returns the number of hits,
 * the array (free()) in *HITS.
 */
CDS_HIDDEN size_t cds_codes_find(const char *text, size_t len,
    struct cds_code_hit **hits);

/*
 * The CUDA release (as CUDA_VERSION writes it: 12040 is 12.4) whose driver
 * first exports the driver API function SYM (cuGreenCtxDestroy, or a later
 * version of one by its suffix: cuCtxCreate_v4), from CUDA 13.0's
 * cudaTypedefs.h; 0 for a name that is not one.
 */
CDS_HIDDEN int cds_driver_api_since(const char *sym);

/* A header of CUDA or an NVIDIA library, and what carries it
 * (manifests/data/nv-headers.tsv). */
struct cds_nv_header {
	const char *name;	/* "curand_kernel.h", a directory "thrust/" */
	const char *component;	/* redistrib component, "libcurand"; NULL */
	const char *pip;	/* the wheel whose RECORD lists it; NULL */
	const char *debian;	/* "bullseye,bookworm,trixie:nvidia-cuda-dev";
				   NULL */
};

/* The row of header NAME ("cuda_runtime.h"; "cuda/std/utility": the row
 * of its directory, "cuda/"), or NULL: not NVIDIA's. */
CDS_HIDDEN const struct cds_nv_header *cds_nv_header(const char *name);

#endif /* CDS_CODES_H */
