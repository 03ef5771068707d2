/*
 * codes.c - NVIDIA's status codes, looked up by enumerator, by number and
 * by the library's own words (codes.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cds.h"
#include "doctor/codes.h"

static const struct cds_code table[] = {
#include "codes-table.inc"
};

#define NCODES (sizeof(table) / sizeof(table[0]))

/* the driver API's functions and the release each came with */
static const struct {
	const char *name;
	int since;
} driver_api[] = {
#include "driver-api.inc"
};

int
cds_driver_api_since(const char *sym)
{
	size_t i;

	for (i = 0; i < sizeof(driver_api) / sizeof(*driver_api); i++) {
		if (strcmp(driver_api[i].name, sym) == 0) {
			return driver_api[i].since;
		}
	}
	return 0;
}

/* NVIDIA's headers and the development files that carry them */
static const struct cds_nv_header nv_headers[] = {
#include "nv-headers.inc"
};

const struct cds_nv_header *
cds_nv_header(const char *name)
{
	const char *slash = strchr(name, '/');
	size_t i, n = slash != NULL ? (size_t)(slash - name) + 1 : 0;

	if (strstr(name, "..") != NULL) {
		return NULL;	/* a header's name, not a way out of include/ */
	}

	for (i = 0; i < sizeof(nv_headers) / sizeof(*nv_headers); i++) {
		const char *h = nv_headers[i].name;

		/* "cuda/std/utility" is of the row "cuda/" */
		if (n > 0 ? strlen(h) == n && strncmp(h, name, n) == 0 :
		    strcmp(h, name) == 0) {
			return &nv_headers[i];
		}
	}
	return NULL;
}

/* The words older releases' libraries (or headers) say for a code where
 * they differ from its newest (CUDA 11.2's cudaGetErrorString says "all
 * CUDA-capable devices are busy or unavailable" for what 13.0 words
 * "CUDA-capable device(s) is/are busy or unavailable"): people paste the
 * words of the release they had.  Matched as the code's own words; what
 * is shown of a code is its newest. */
struct older {
	size_t code;		/* its row in table[] */
	const char *text;
	const char *releases;	/* the releases that say it */
};

#define CDS_CODES_OLDER
static const struct older older[] = {
#include "codes-table.inc"
};
#undef CDS_CODES_OLDER

/* every code's words: the newest of each, then the older ones (the last
 * row of older[] closes it) */
#define NWORDS (NCODES + sizeof(older) / sizeof(older[0]) - 1)

/* The I-th words of the codes (I < NWORDS), and in *C the code whose
 * they are. */
static const char *
words_at(size_t i, const struct cds_code **c)
{
	if (i < NCODES) {
		*c = &table[i];
		return table[i].text;
	}
	*c = &table[older[i - NCODES].code];
	return older[i - NCODES].text;
}

/* The table's rows in the order of their names (made on first use; the
 * engine runs on its caller's thread). */
static size_t by_name[NCODES];
static int sorted;

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(table[*(const size_t *)a].name,
	    table[*(const size_t *)b].name);
}

static void
sort_names(void)
{
	size_t i;

	for (i = 0; i < NCODES; i++) {
		by_name[i] = i;
	}
	qsort(by_name, NCODES, sizeof(by_name[0]), cmp_name);
	sorted = 1;
}

/* Of the rows named as by_name[AT] (cuDNN 8's and 9's), the one of the
 * newest major. */
static const struct cds_code *
newest(size_t at)
{
	const char *name = table[by_name[at]].name;
	const struct cds_code *best = &table[by_name[at]];
	size_t i = at;

	while (i > 0 && strcmp(table[by_name[i - 1]].name, name) == 0) {
		i--;
	}
	for (; i < NCODES && strcmp(table[by_name[i]].name, name) == 0; i++) {
		if (table[by_name[i]].major > best->major) {
			best = &table[by_name[i]];
		}
	}
	return best;
}

const struct cds_code *
cds_code_named(const char *name, size_t n)
{
	size_t lo = 0, hi = NCODES;

	if (!sorted) {
		sort_names();
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *t = table[by_name[mid]].name;
		int c = strncmp(name, t, n);

		if (c == 0 && t[n] != '\0') {
			c = -1;		/* NAME is a prefix of T */
		}
		if (c == 0) {
			return newest(mid);
		}
		if (c < 0) {
			hi = mid;
		} else {
			lo = mid + 1;
		}
	}
	return NULL;
}

const struct cds_code *
cds_code_of(const char *type, int major, long value)
{
	const struct cds_code *best = NULL;
	size_t i;

	for (i = 0; i < NCODES; i++) {
		const struct cds_code *c = &table[i];

		if (c->value != value || strcmp(c->type, type) != 0 ||
		    (major != 0 && c->major != 0 && c->major != major)) {
			continue;
		}
		if (best == NULL || c->major > best->major) {
			best = c;
		}
	}
	return best;
}

/* How many bytes of S say TEXT, case, runs of blanks and a hyphen
 * retyped as a blank aside ("no CUDA capable device": 0 when S does not
 * begin with it). */
static size_t
says(const char *s, const char *text)
{
	const char *p = s;

	while (*text != '\0') {
		if (isspace((unsigned char)*text)) {
			if (!isspace((unsigned char)*p)) {
				return 0;
			}
			while (isspace((unsigned char)*text)) {
				text++;
			}
			while (*p != '\0' && isspace((unsigned char)*p)) {
				p++;
			}
			continue;
		}
		if (tolower((unsigned char)*p) !=
		    tolower((unsigned char)*text) &&
		    !(*text == '-' && *p == ' ')) {
			return 0;
		}
		p++;
		text++;
	}
	return (size_t)(p - s);
}

/* How many bytes of S say the first clause of NCCL's words W, the part
 * before its hint ("internal error" of "internal error - please report
 * this issue to the NCCL developers", "unhandled system error" of
 * "unhandled system error (run with NCCL_DEBUG=INFO for details)"), as
 * the wrappers that keep only that much print it; 0 when S says
 * something else or goes on with a word of its own. */
static size_t
says_clause(const char *s, const char *w)
{
	const char *e = strstr(w, " - ");
	const char *o = strstr(w, " (");
	char clause[128];
	size_t n;

	if (o != NULL && (e == NULL || o < e)) {
		e = o;
	}
	if (e == NULL || (size_t)(e - w) >= sizeof(clause)) {
		return 0;
	}
	snprintf(clause, sizeof(clause), "%.*s", (int)(e - w), w);
	n = says(s, clause);
	return n > 0 && !isalnum((unsigned char)s[n]) ? n : 0;
}

static int only_prefix(const struct cds_code *c, const char *words,
    size_t k);

/* How many bytes of S say code C's words W cut short: the rest of S's
 * line (three words or more, a closing '.' aside) is W's beginning up to
 * a word's end, and no other code's words of C's enum begin so ("CUDA
 * error: an illegal memory access" where a paste or a log line ended);
 * 0 otherwise. */
static size_t
says_cut(const char *s, const struct cds_code *c, const char *w)
{
	size_t k = strcspn(s, "\r\n"), i, spaces = 0;

	while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t' ||
	    s[k - 1] == '.')) {
		k--;
	}
	for (i = 0; i < k; i++) {
		spaces += s[i] == ' ';
	}
	if (spaces < 2 || k >= strlen(w) || w[k] != ' ' ||
	    strncasecmp(s, w, k) != 0 || !only_prefix(c, w, k)) {
		return 0;
	}
	return k;
}

/* The code of TYPE whose words (any release's) S begins with, the
 * longest; their length in *LEN. */
static const struct cds_code *
said_by(const char *type, const char *s, size_t *len)
{
	const struct cds_code *best = NULL, *c;
	const char *w;
	size_t i, n;

	for (i = 0; i < NWORDS; i++) {
		w = words_at(i, &c);
		if (strcmp(c->type, type) != 0 || w[0] == '\0') {
			continue;
		}
		n = says(s, w);
		if (n == 0 && strcmp(type, "ncclResult_t") == 0) {
			n = says_clause(s, w);
		}
		if (n > 0 && (best == NULL || n > *len)) {
			best = c;
			*len = n;
		}
	}
	return best;
}

/* The code of TYPE (NULL: the runtime's, then the driver's) whose words
 * the rest of S's line says cut short (says_cut()), unless FULL, the same
 * place in the whole text, goes on to say them whole on the next line (a
 * message broken in two: the lines joined read it, explain's second
 * pass); its length in *LEN. */
static const struct cds_code *
said_cut(const char *type, const char *s, const char *full, size_t *len)
{
	const struct cds_code *c;
	const char *w;
	size_t i, n;

	if (type == NULL) {
		c = said_cut("cudaError_t", s, full, len);
		return c != NULL ? c : said_cut("CUresult", s, full, len);
	}
	for (i = 0; i < NWORDS; i++) {
		w = words_at(i, &c);
		if (strcmp(c->type, type) == 0 && w[0] != '\0' &&
		    (n = says_cut(s, c, w)) > 0) {
			if (says(full, w) > 0) {
				return NULL;
			}
			*len = n;
			return c;
		}
	}
	return NULL;
}

const struct cds_code *
cds_code_said(const char *type, const char *s, size_t *len)
{
	const struct cds_code *c;

	*len = 0;
	if (type != NULL) {
		return said_by(type, s, len);
	}
	if ((c = said_by("cudaError_t", s, len)) != NULL) {
		return c;
	}
	return said_by("CUresult", s, len);
}

const struct cds_code *
cds_code_at(size_t i)
{
	return i < NCODES ? &table[i] : NULL;
}

const char *
cds_code_library(const char *type)
{
	static const char *const names[][2] = {
		{ "CUresult", "CUDA driver API" },
		{ "cudaError_t", "CUDA runtime" },
		{ "cudnnStatus_t", "cuDNN" },
		{ "cublasStatus_t", "cuBLAS" },
		{ "cusparseStatus_t", "cuSPARSE" },
		{ "cufftResult", "cuFFT" },
		{ "curandStatus_t", "cuRAND" },
		{ "cusolverStatus_t", "cuSOLVER" },
		{ "nvrtcResult", "NVRTC" },
		{ "nvJitLinkResult", "nvJitLink" },
		{ "ncclResult_t", "NCCL" },
		{ "nvmlReturn_t", "NVML" },
		{ "OptixResult", "OptiX" },
		{ "NVENCSTATUS", "NVENC (the Video Codec SDK's encoder)" },
		{ "CUfileOpError", "cuFile (GPUDirect Storage)" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(names[i][0], type) == 0) {
			return names[i][1];
		}
	}
	return type;
}

/* ------------------------------------------------------------------------ */
/* The codes a text names                                                    */
/* ------------------------------------------------------------------------ */

/*
 * The forms the frameworks print a code in, beyond its enumerator: a
 * number or the library's own words after a prefix of their own.  Each is
 * looked for at its key (strcasestr: linear), at most MAXTRIES places, and
 * its expression is searched in the key's line only (BACK bytes before
 * it, FWD after).
 */
struct wrapper {
	const char *who;	/* the program that prints it so */
	const char *key;
	const char *re;		/* ERE, case ignored */
	int num;		/* the group of the number, or 0 */
	int at;			/* the (empty) group where the library's
				   words start, or 0 */
	int fn;			/* the group naming the CUDA call, whose
				   prefix says runtime or driver, or 0 */
	const char *type;	/* the enum of the number or words; NULL: the
				   runtime's, then the driver's */
	const char *name;	/* the enumerator the words stand for, where
				   they print no number or description of
				   their own (the libraries' log lines) */
	int cased;		/* the expression's case matters */
};

#define MAXTRIES 64
#define BACK 256
#define FWD 768
#define NGROUPS 6

/* A form more than one program prints: its owners, named together
 * unless the text shows which one printed it (form_owner). */
#define SHARED_CUDA_ERROR "PyTorch, ggml or CUDA.jl"

static const struct wrapper wrappers[] = {
	/* c10/cuda (CUDAException.h): "CUDA error: " and the runtime's
	 * words; ggml and Julia's CUDA.jl print the same (which of them
	 * printed it: form_owner) */
	{ SHARED_CUDA_ERROR, "CUDA error: ", "CUDA error: *()", 0, 1, 0, NULL,
	    NULL, 0 },
	{ "PyTorch", "CUDA driver error: ", "CUDA driver error: *()", 0, 1,
	    0, "CUresult", NULL, 0 },
	/* PyTorch's own words for two codes: its caching allocator
	 * (c10/cuda/CUDACachingAllocator.cpp) says "CUDA out of memory.
	 * Tried to allocate ..." when cudaMalloc returned
	 * cudaErrorMemoryAllocation, and sets that code itself where the
	 * memory fraction would be passed; its device count
	 * (c10/cuda/CUDAFunctions.cpp) says "CUDA unknown error - this may
	 * be due to an incorrectly set up environment" on cudaErrorUnknown */
	{ "PyTorch", "CUDA out of memory", "CUDA out of memory", 0, 0, 0,
	    NULL, "cudaErrorMemoryAllocation", 0 },
	{ "PyTorch", "CUDA unknown error", "CUDA unknown error", 0, 0, 0,
	    NULL, "cudaErrorUnknown", 0 },
	/* LAMMPS' geryon and others: "Cuda driver error 804 in call at
	 * file" */
	{ NULL, "driver error ", "CUDA driver error:? *([0-9]+)", 1, 0, 0,
	    "CUresult", NULL, 0 },
	/* llama.cpp/ggml before 2024 ("CUDA error 35 at FILE:LINE"),
	 * PaddlePaddle ("CUDA error(100), ...") and bare numbers; the
	 * parenthesis closed only where the form opened it ("(CUDA error
	 * 36)" is another program's own) */
	{ NULL, "CUDA error", "CUDA error:? *(error code )?\\(([0-9]+)\\)", 2,
	    0, 0, NULL, NULL, 0 },
	{ NULL, "CUDA error", "CUDA error:? *(error code )?([0-9]+)", 2, 0, 0,
	    NULL, NULL, 0 },
	/* llama.cpp/ggml before 2024: "cuBLAS error 15 at ggml-cuda.cu:1";
	 * Dorado: "[error] CuBLAS error 8" */
	{ NULL, "cuBLAS error ", "cuBLAS error ([0-9]+)( at|$)", 1, 0, 0,
	    "cublasStatus_t", NULL, 0 },
	/* PyTorch's c10d: "NCCL error in: FILE:LINE, unhandled system
	 * error (run with NCCL_DEBUG=INFO for details)" */
	{ "PyTorch", "NCCL error in: ", "NCCL error in: [^,\n]*, *()", 0, 1,
	    0, "ncclResult_t", NULL, 0 },
	/* NCCL's words after "NCCL error: " (vLLM's pynccl, PyTorch's
	 * ncclCommInitRank, JAX), often cut to their first clause ("NCCL
	 * error: internal error") */
	{ NULL, "NCCL error: ", "NCCL error: *()", 0, 1, 0, "ncclResult_t", NULL, 0 },
	/* XLA's NCCL calls: "ncclCommInitRankConfig(...) failed: invalid
	 * usage (run with NCCL_DEBUG=WARN for details)" */
	{ "XLA", ") failed: ", "(nccl[A-Z][A-Za-z]*)\\([^)\n]*\\) failed: *()",
	    0, 2, 0, "ncclResult_t", NULL, 0 },
	/* UCX and UCC: a CUDA call with its arguments, the number and the
	 * driver's or runtime's words: "cuCtxGetId(cu_ctx, &cu_ctx_id)()
	 * failed: 201(invalid device context)" */
	{ "UCX", " failed: ", "(cu[A-Za-z0-9_]+)\\([^)\n]*\\)(\\(\\))? "
	    "failed: *([0-9]+)\\(", 3, 0, 1, NULL, NULL, 0 },
	/* TensorRT-LLM (TLLM_CUDA_CHECK): "[TensorRT-LLM][ERROR] CUDA
	 * runtime error in cudaDeviceGetDefaultMemPool(&memPool, device):
	 * operation not supported (FILE:LINE)" */
	{ "TensorRT-LLM", "CUDA runtime error in ", "CUDA runtime error in "
	    "(::)?(cuda[A-Z][A-Za-z0-9_]*)\\([^\n]*\\): *()", 0, 3, 2,
	    "cudaError_t", NULL, 0 },
	/* a C++ check that prints the runtime call with its arguments, then
	 * cudaGetErrorString's words (MLX: "cudaMemAdvise(data_, size,
	 * cudaMemAdviseSetReadMostly, 0) failed: invalid argument") */
	{ NULL, ") failed: ", "(cuda[A-Z][A-Za-z0-9_]*)\\([^\n]*\\) failed: *()",
	    0, 2, 1, "cudaError_t", NULL, 0 },
	/* PyCUDA: "cuFuncSetBlockShape failed: invalid resource handle" */
	{ "PyCUDA", "failed: ", "(cu[A-Z][A-Za-z0-9_]*) failed: *()", 0, 2,
	    1, NULL, NULL, 0 },
	/* PyCUDA's exceptions name its own routine, not the driver's call
	 * ("pycuda._driver.LogicError: explicit_context_dependent failed:
	 * invalid device context - no currently active context?"): the
	 * driver's words, as cuGetErrorString says them */
	{ "PyCUDA", "pycuda._driver.", "pycuda\\._driver\\.[A-Za-z]*Error: "
	    "*[A-Za-z_][A-Za-z0-9_:]* failed: *()", 0, 1, 0, "CUresult", NULL,
	    0 },
	/* ethminer's CUDA_SAFE_CALL and the miners made from it
	 * (kawpowminer, nsfminer): "CUDA error in func set_constants at line
	 * 180 calling cudaMemcpyToSymbol(...) failed with error invalid
	 * device symbol" */
	{ "ethminer", " failed with error ", "calling (cu[A-Za-z0-9_]*)\\("
	    "[^\n]*\\) failed with error *()", 0, 2, 1, NULL, NULL, 0 },
	/* bitsandbytes' CUDA_CHECK_RETURN: "Error invalid device ordinal at
	 * line 359 in file ...\csrc\pythonInterface.c" */
	{ "bitsandbytes", " in file ", "(^|[^A-Za-z])Error ()[^\n]* at line "
	    "[0-9]+ in file ", 0, 2, 0, "cudaError_t", NULL, 0 },
	/* the check macro most CUDA code copies (gpuErrchk: "GPUassert: %s
	 * %s %d" of cudaGetErrorString, the file and the line), and RAJA's
	 * "CUDAassert: invalid device function FILE:LINE" */
	{ NULL, "assert: ", "(GPU|CUDA)assert: *()", 0, 2, 0, "cudaError_t",
	    NULL, 0 },
	/* CTranslate2: "CUDA failed with error initialization error" */
	{ "CTranslate2", "CUDA failed with error ", "CUDA failed with error "
	    "*()", 0, 1, 0, "cudaError_t", NULL, 0 },
	/* nccl-tests (common.h): "Test NCCL failure common.cu:1294
	 * 'unhandled cuda error ...'", "Test CUDA failure common.cu:891
	 * 'out of memory'" */
	{ "nccl-tests", "Test NCCL failure ", "Test NCCL failure [^ \n]*:"
	    "[0-9]+ '()", 0, 1, 0, "ncclResult_t", NULL, 0 },
	{ "nccl-tests", "Test CUDA failure ", "Test CUDA failure [^ \n]*:"
	    "[0-9]+ '()", 0, 1, 0, "cudaError_t", NULL, 0 },
	/* ONNX Runtime (cuda_call.cc): "CUDA failure 100: words ; GPU=0" */
	{ "ONNX Runtime", "CUDA failure ", "CUDA failure ([0-9]+):", 1, 0, 0,
	    NULL, NULL, 0 },
	{ "ONNX Runtime", "CUBLAS failure ", "CUBLAS failure ([0-9]+)", 1, 0,
	    0, "cublasStatus_t", NULL, 0 },
	/* CCCL's (CUB's, Thrust's) throw on a runtime call: "::cudaMallocAsync
	 * operation not supported(801)" */
	{ "CCCL", "::cuda", "::(cuda[A-Z][A-Za-z0-9_]*) [a-z][^(\n]{0,80}"
	    "\\(([0-9]+)\\)", 2, 0, 1, "cudaError_t", NULL, 0 },
	/* NVIDIA's CUDALibrarySamples' check (and the extensions written
	 * from them): "cuBLAS API failed with status 7" */
	{ "CUDALibrarySamples", "API failed with status ", "cuBLAS(Lt)? API "
	    "failed with status:? *([0-9]+)", 2, 0, 0, "cublasStatus_t", NULL, 0 },
	/* NCCL's WARN lines: "Cuda failure 'out of memory'", "Cuda failure
	 * 217 'peer access ...'" */
	{ "NCCL", "Cuda failure ", "Cuda failure ([0-9]+ )?'()", 0, 2, 0,
	    NULL, NULL, 0 },
	/* TensorRT's samples and the plugins written from them (common.h's
	 * CHECK): "Cuda failure: 35", "Cuda failure in file 'yolo_layer.cu'
	 * line 51: 35" */
	{ "TensorRT", "Cuda failure", "Cuda failure( in file '[^'\n]*' line "
	    "[0-9]+)?: *([0-9]+)", 2, 0, 0, "cudaError_t", NULL, 0 },
	/* hashcat: a driver API call and its number, "cuDriverGetVersion():
	 * 34" */
	{ "hashcat", "(): ", "(cu[A-Z][A-Za-z0-9_]*)\\(\\): *([0-9]+)\\b", 2,
	    0, 1, NULL, NULL, 0 },
	/* numba: "[100] Call to cuInit results in CUDA_ERROR_NO_DEVICE" */
	{ "numba", "] Call to cu", "\\[([0-9]+)\\] Call to cu[A-Za-z0-9_]* "
	    "results in", 1, 0, 0, "CUresult", NULL, 0 },
	/* PyTorch's THC (to 1.x): "cuda runtime error (2) : out of memory
	 * at FILE", the number of the runtime it was built with: the words
	 * say which code where the release renumbered it ("(8) : invalid
	 * device function", "(30) : unknown error") */
	{ "PyTorch", "cuda runtime error (", "cuda runtime error \\(([0-9]+)"
	    "\\)( *: *())?", 1, 3, 0, "cudaError_t", NULL, 0 },
	/* TensorRT: "Error Code 1: Cuda Runtime (out of memory)", "Cuda
	 * Driver (...)", "CUDA initialization failure with error: 35" */
	{ "TensorRT", "Cuda Runtime (", "Cuda Runtime \\(()", 0, 1, 0,
	    "cudaError_t", NULL, 0 },
	{ "TensorRT", "Cuda Driver (", "Cuda Driver \\(()", 0, 1, 0, NULL, NULL, 0 },
	{ "TensorRT", "CUDA initialization failure with error",
	    "CUDA initialization failure with error:? *([0-9]+)", 1, 0, 0,
	    "cudaError_t", NULL, 0 },
	/* TensorFlow/XLA: "failed call to cuInit: UNKNOWN ERROR (303)" */
	{ "TensorFlow", "UNKNOWN ERROR (", "UNKNOWN ERROR \\(([0-9]+)\\)", 1,
	    0, 0, "CUresult", NULL, 0 },
	/* CUTLASS's examples and tools (CUDA_CHECK): "[ ERROR: CUDA Runtime ]
	 * ./include/cutlass/cluster_launch.hpp:248: invalid argument" */
	{ "CUTLASS", "ERROR: CUDA Runtime ]", "ERROR: CUDA Runtime \\] *"
	    "[^ \n]+:[0-9]+: *()", 0, 1, 0, "cudaError_t", NULL, 0 },
	/* Triton: "Triton Error [CUDA]: device kernel image is invalid" */
	{ "Triton", "Triton Error [CUDA]: ", "Triton Error \\[CUDA\\]: *()",
	    0, 1, 0, NULL, NULL, 0 },
	/* ollama's driver-API probe: "cuda driver library failed to get
	 * device context 801", "cuda driver library init failure: 999" */
	{ "Ollama", "cuda driver library ", "cuda driver library [a-z ]*"
	    "(failure|failed)[a-z ]*:? *([0-9]+)", 2, 0, 0, "CUresult", NULL, 0 },
	/* DaVinci Resolve: "The GPU failed to perform image processing
	 * because of an error. Error code: 999." */
	{ "DaVinci Resolve", "GPU failed to perform image processing",
	    "GPU failed to perform image processing because of an error\\.? "
	    "*Error [Cc]ode: *([0-9]+)", 1, 0, 0, NULL, NULL, 0 },
	/* SPECFEM's exit_on_cuda_error: "CUDA error !!!!! <out of memory>
	 * !!!!! at CUDA call error code: # 2402" (its own number after) */
	{ "SPECFEM", "CUDA error !", "CUDA error !+ *<()", 0, 1, 0,
	    "cudaError_t", NULL, 0 },
	/* MPICH's yaksa: "CUDA Error (0x14a429,yaksuri_cudai_iunpack_with_
	 * stream:FILE,190): invalid argument" */
	{ "yaksa", "CUDA Error (", "CUDA Error \\([^\n]*\\): *()", 0, 1, 0,
	    "cudaError_t", NULL, 0 },
	/* the runtime's words after "Error code:" where the line speaks of
	 * CUDA or its kernels (HVM: "Failed to launch kernels. Error code:
	 * invalid argument.") */
	{ NULL, "Error code: ", "(CUDA|kernels?)[^\n]{0,60}Error code: *()",
	    0, 2, 0, "cudaError_t", NULL, 0 },
	/* MXNet and others: "CUDA: an illegal memory access was ..." */
	{ NULL, "CUDA: ", "CUDA: *()", 0, 1, 0, NULL, NULL, 0 },
	/* Caffe/glog: "Check failed: error == cudaSuccess (2 vs. 0)", and
	 * the same CHECK_EQ on the other libraries' success value */
	{ NULL, "== cudaSuccess (", "== cudaSuccess \\(([0-9]+) vs", 1, 0,
	    0, "cudaError_t", NULL, 0 },
	{ NULL, "== CUDA_SUCCESS (", "== CUDA_SUCCESS \\(([0-9]+) vs", 1, 0,
	    0, "CUresult", NULL, 0 },
	{ NULL, "== CUBLAS_STATUS_SUCCESS (", "== CUBLAS_STATUS_SUCCESS "
	    "\\(([0-9]+) vs", 1, 0, 0, "cublasStatus_t", NULL, 0 },
	{ NULL, "== CURAND_STATUS_SUCCESS (", "== CURAND_STATUS_SUCCESS "
	    "\\(([0-9]+) vs", 1, 0, 0, "curandStatus_t", NULL, 0 },
	{ NULL, "== CUSOLVER_STATUS_SUCCESS (", "== CUSOLVER_STATUS_SUCCESS "
	    "\\(([0-9]+) vs", 1, 0, 0, "cusolverStatus_t", NULL, 0 },
	{ NULL, "== CUSPARSE_STATUS_SUCCESS (", "== CUSPARSE_STATUS_SUCCESS "
	    "\\(([0-9]+) vs", 1, 0, 0, "cusparseStatus_t", NULL, 0 },
	{ NULL, "== CUFFT_SUCCESS (", "== CUFFT_SUCCESS \\(([0-9]+) vs", 1,
	    0, 0, "cufftResult", NULL, 0 },
	/* Ollama's NVML probe (gpu.go): "nvml vram init failure: 9" */
	{ "Ollama", "nvml ", "nvml [a-z ]*failure:? *([0-9]+)", 1, 0, 0,
	    "nvmlReturn_t", NULL, 0 },
	/* Ollama's loaders of libcuda and libcudart (discover/gpu.go):
	 * "cuda driver library init failure: 3", "cudart init failure: 999"
	 * (its NVML's "nvml vram init failure: 9" is NVML's code, above) */
	{ "Ollama", "init failure: ", "(cudart|library) init failure: "
	    "([0-9]+)", 2, 0, 0, "CUresult", NULL, 0 },
	/* NVML's number as wrappers print it: DALI's "nvml error (3): ...",
	 * nvidia-smi's "exit status N" is not (its own codes differ) */
	{ NULL, "nvml error (", "nvml error \\(([0-9]+)\\)", 1, 0, 0,
	    "nvmlReturn_t", NULL, 0 },
	/* and T-Rex's "NVML error, code 12" */
	{ NULL, "nvml error, code ", "nvml error, code:? *([0-9]+)\\b", 1, 0,
	    0, "nvmlReturn_t", NULL, 0 },
	/* NVML's own words (nvmlErrorString) after nvidia-smi's "Failed to
	 * initialize NVML: " ("... GPU access blocked by the operating
	 * system"), and after "NVML error: ", as the container toolkit and
	 * the programs that print pynvml's NVMLError (its words) write them */
	{ "nvidia-smi", "Failed to initialize NVML: ", "Failed to initialize "
	    "NVML: *()", 0, 1, 0, "nvmlReturn_t", NULL, 0 },
	{ NULL, "nvml error: ", "nvml error: *()", 0, 1, 0, "nvmlReturn_t", NULL, 0 },
	/* and after a program's own words for nvmlInit() failing, which
	 * print nvmlErrorString() or pynvml's NVMLError after them ("nvmlInit
	 * failed: Driver Not Loaded", "NVML initialization failed: Unknown
	 * Error", "unable to initialize NVML: Insufficient Permissions") */
	{ NULL, "nvmlInit", "nvmlInit(_v[0-9])?(\\(\\))? failed!?:? *()", 0, 3,
	    0, "nvmlReturn_t", NULL, 0 },
	{ NULL, "NVML initiali", "NVML initiali[sz]ation failed:? *()", 0, 1,
	    0, "nvmlReturn_t", NULL, 0 },
	{ NULL, " initialize NVML: ", "(unable to|could not|couldn't|cannot|"
	    "can't) initialize NVML: *()", 0, 2, 0, "nvmlReturn_t", NULL, 0 },
	/* the Kubernetes device plugin's chain of go-nvml errors, NVML's
	 * words last: "error visiting device: error getting device memory
	 * info: Insufficient Permissions" */
	{ "the NVIDIA device plugin", "error getting ", "error getting "
	    "(device|gpu|mig)[^:\n]{0,60}: *()", 0, 2, 0,
	    "nvmlReturn_t", NULL, 0 },
	/* NVML's device handle as go-nvml's callers word its failure (the
	 * DRA driver: "device handle from UUID: Not Found") */
	{ "go-nvml", "device handle ", "device handle (for|from|by) "
	    "[^:\n]{0,60}: *()", 0, 2, 0, "nvmlReturn_t", NULL, 0 },
	/* Julia's CUDA.jl: "(code 2, ERROR_OUT_OF_MEMORY)" */
	{ "CUDA.jl", "(code ", "\\(code ([0-9]+), ERROR_[A-Z_]+\\)", 1, 0,
	    0, "CUresult", NULL, 0 },
	/* the NVIDIA kernel module's log: "NVRM: Xid (PCI:0000:01:00): 79,
	 * pid=..., GPU has fallen off the bus." (NVIDIA's Xid catalog,
	 * manifests/data/xid.tsv), and the number as people write it: "Xid
	 * 79", "XID error 48" (an NVSwitch's "SXid" is another catalog) */
	{ "the NVIDIA kernel module", "Xid (", "\\<Xid \\([^)\n]{0,40}\\): *"
	    "([0-9]+)", 1, 0, 0, "Xid", NULL, 0 },
	{ NULL, "Xid", "\\<Xid( error)?:? *#?([0-9]+)\\>", 2, 0, 0, "Xid", NULL, 0 },
	/* the OptiX SDK's samples' check (and the programs that copied it):
	 * "Optix call (optixInit()) failed with code 7804 (line 157)" */
	{ "the OptiX SDK's check", "failed with code ", "Optix call "
	    "[^\n]{0,160} failed with code ([0-9]+)", 1, 0, 0,
	    "OptixResult", NULL, 0 },
	/* the Video Codec SDK's samples (NvEncoder.cpp's NVENC_API_CALL) and
	 * the programs built on them, such as VPF: "NvEncoder :
	 * m_nvenc.nvEncOpenEncodeSessionEx(&params, &hEncoder) returned error
	 * 10" */
	{ "the Video Codec SDK's samples", "returned error ", "(nvEnc[A-Za-z]+)"
	    "(\\([^\n]{0,200}\\))? returned error ([0-9]+)", 3, 0, 0,
	    "NVENCSTATUS", NULL, 0 },
	/* GPUDirect Storage: libcufile's own log (cufile.log), the cuFile
	 * call and cufileop_status_error()'s words ("cufio:339
	 * cuFileHandleRegister error: GPUDirect Storage not supported on
	 * current file": tinygrad/open-gpu-kernel-modules#51), and KvikIO's
	 * exception (rapidsai/kvikio, CUFILE_TRY: "cuFile error at:
	 * FILE:LINE: " and the same words) */
	{ "cuFile (GPUDirect Storage)", "cuFile", "cuFile[A-Za-z_]+ error: "
	    "*()", 0, 1, 0, "CUfileOpError", NULL, 0 },
	{ "KvikIO", "cuFile error at: ", "cuFile error at: [^\n]*:[0-9]+: "
	    "*()", 0, 1, 0, "CUfileOpError", NULL, 0 },
	/* a CUDA call and what it returned: "cuInit returned 100",
	 * "cudaMalloc failed with error 2", "cuInit() failed: 999"; NVDEC's
	 * cuvid calls return the driver's codes ("cuvidCreateDecoder
	 * failed: 201") */
	{ NULL, "returned", "(cuda[A-Z][A-Za-z0-9_]*|cu(vid)?[A-Z][A-Za-z0-9_]*)"
	    "(\\([^)]{0,80}\\))?:? +returned[^0-9\n]{0,24}([0-9]+)", 4, 0, 1,
	    NULL, NULL, 0 },
	{ NULL, "failed", "(cuda[A-Z][A-Za-z0-9_]*|cu(vid)?[A-Z][A-Za-z0-9_]*)"
	    "(\\([^)]{0,80}\\))?:? +failed[^0-9\n]{0,24}([0-9]+)", 4, 0, 1,
	    NULL, NULL, 0 },
	/* DeepEP's CU_CHECK: the driver call, then its words: "call=
	 * 'cuMemCreate(&handle, size, &prop, 0)' Reason=operation not
	 * permitted." */
	{ "DeepEP", "' Reason=", "call='(cu[A-Z][A-Za-z0-9_]*)\\([^\n]{0,200}"
	    "' Reason=()", 0, 2, 1, NULL, NULL, 0 },
	/* MSCCL++'s CuError: "(800, 'Call to cuMemCreate(...) failed.
	 * gpu_utils.cc:113 (Cu failure: operation not permitted)')" */
	{ "MSCCL++", "(Cu failure: ", "\\(Cu failure: ()", 0, 1, 0, "CUresult",
	    NULL, 0 },
	/* Open MPI's CUDA transport (smcuda), the call and its number on
	 * lines of their own: "cuIpcOpenMemHandle return value:  1" */
	{ "Open MPI", " return value:", "(cu[A-Z][A-Za-z0-9_]*) return value: *"
	    "([0-9]+)\\>", 2, 0, 1, NULL, NULL, 0 },
	/* TorchCodec's NVDEC interface: the cuvid call's CUresult after its
	 * own words ("Failed to get decoder caps: 201", "Failed to create
	 * NVDEC decoder: 2", "Failed to create video parser: 999") */
	{ "TorchCodec", "Failed to ", "Failed to (get decoder caps|create "
	    "NVDEC decoder|create video parser|map video frame): *([0-9]+)\\>",
	    2, 0, 0, "CUresult", NULL, 0 },
	/* a program's own words around a CUDA call's number, the number
	 * last: "Could not launch CUDA kernel on device 0, error 1" (AmgX) */
	{ NULL, ", error ", "\\<CUDA [a-z][^\n]{0,80}, error ([0-9]+)$", 1, 0,
	    0, NULL, NULL, 0 },
	/* UCX's and UCC's CUDA transports (cuda_ipc, cuda_copy, tl_cuda):
	 * "tl_cuda_cache.c:231 UCC ERROR ipc-cache: failed to open ipc mem
	 * handle. addr:0x7f65a8000000 len:16777216 err:201" */
	{ "UCX", " err:", "(tl_cuda|cuda_ipc|cuda_copy)[^\n]{0,200} err: *"
	    "([0-9]+)\\>", 2, 0, 0, "CUresult", NULL, 0 },
	/* the BLAS-style log line cuBLAS and cuSPARSE print for the
	 * argument that was refused, just before they return
	 * *_INVALID_VALUE: " ** On entry to HgemmStridedBatched parameter
	 * number 10 had an illegal value", " ** On entry to cusparseSpMV()
	 * parameter number 5 (alpha) had an illegal value".  Reference
	 * BLAS and OpenBLAS print it too, with the routine in capitals
	 * ("DGEMM "): cuBLAS is named only where the routine is not */
	{ "cuBLAS", "On entry to ", "On entry to +(cublas)?[A-Z][A-Za-z0-9_]*"
	    "[a-z][A-Za-z0-9_]*(\\(\\))? +parameter number +[0-9]+ had an "
	    "illegal value", 0, 0, 0, NULL, "CUBLAS_STATUS_INVALID_VALUE", 1 },
	{ "cuSPARSE", "On entry to cusparse", "On entry to cusparse"
	    "[A-Za-z0-9_]*(\\(\\))? +parameter number +[0-9]+( \\([^)\n]*\\))? "
	    "had an illegal value", 0, 0, 0, NULL,
	    "CUSPARSE_STATUS_INVALID_VALUE", 0 },
};

#define NWRAPPERS (sizeof(wrappers) / sizeof(wrappers[0]))

/* The enumerators' prefixes: a word that begins otherwise is no code. */
static int
code_word(const char *w, size_t n)
{
	static const char *const pre[] = {
		"cuda", "CUDA_", "CUDNN_", "CUBLAS_", "CUSPARSE_", "CUFFT_",
		"CURAND_", "CUSOLVER_", "NVRTC_", "NVJITLINK_", "nccl", "NVML_",
		"OPTIX_", "NV_ENC_ERR_", "CU_FILE_",
	};
	size_t i;

	for (i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		size_t k = strlen(pre[i]);

		if (n > k && strncmp(w, pre[i], k) == 0) {
			return 1;
		}
	}
	return 0;
}

static void
hit_add(struct cds_code_hit **hits, size_t *n, const struct cds_code *c,
    size_t offset, size_t len, const char *via, int by_number)
{
	size_t i;

	if (c == NULL || c->value == 0) {
		return;		/* no code, or success */
	}
	for (i = 0; i < *n; i++) {
		if ((*hits)[i].code == c) {
			if (offset < (*hits)[i].offset) {
				(*hits)[i].offset = offset;
				(*hits)[i].len = len;
				(*hits)[i].via = via;
				(*hits)[i].by_number = by_number;
			}
			return;
		}
	}
	*hits = cds_xreallocarray(*hits, *n + 1, sizeof(**hits));
	(*hits)[*n].code = c;
	(*hits)[*n].offset = offset;
	(*hits)[*n].len = len;
	(*hits)[*n].by_number = by_number;
	(*hits)[(*n)++].via = via;
}

/* The last release a row's releases ("11.2-12.5", "8.9") name, or NULL
 * when they name none. */
static const char *
last_release(const struct cds_code *c)
{
	const char *dash;

	if (c->releases == NULL || !isdigit((unsigned char)c->releases[0])) {
		return NULL;
	}
	dash = strrchr(c->releases, '-');
	return dash != NULL ? dash + 1 : c->releases;
}

const char *
cds_code_gone(const char *name, const char **newestp)
{
	const char *mine = NULL, *newest = NULL, *type = NULL, *r;
	size_t i;

	for (i = 0; i < NCODES; i++) {
		if (strcmp(table[i].name, name) == 0 &&
		    (r = last_release(&table[i])) != NULL) {
			type = table[i].type;
			if (mine == NULL || cds_vercmp(r, mine) > 0) {
				mine = r;
			}
		}
	}
	for (i = 0; type != NULL && i < NCODES; i++) {
		if (strcmp(table[i].type, type) == 0 &&
		    (r = last_release(&table[i])) != NULL &&
		    (newest == NULL || cds_vercmp(r, newest) > 0)) {
			newest = r;
		}
	}
	if (mine == NULL || cds_vercmp(mine, newest) >= 0) {
		return NULL;
	}
	*newestp = newest;
	return mine;
}

/* The one code whose name begins with the N bytes at NAME, or NULL when
 * none or two names do. */
static const struct cds_code *
code_cut(const char *name, size_t n)
{
	size_t lo = 0, hi = NCODES, k;

	if (!sorted) {
		sort_names();
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(table[by_name[mid]].name, name, n) < 0) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	if (lo == NCODES || strncmp(table[by_name[lo]].name, name, n) != 0) {
		return NULL;
	}
	for (k = lo + 1; k < NCODES &&
	    strncmp(table[by_name[k]].name, name, n) == 0; k++) {
		if (strcmp(table[by_name[k]].name,
		    table[by_name[lo]].name) != 0) {
			return NULL;
		}
	}
	return newest(lo);
}

/* Does TEXT end at S (only spaces, dots or an ellipsis after it)?  A paste
 * cut short there ends in the middle of a word. */
static int
text_ends(const char *s, const char *end)
{
	for (; s < end; s++) {
		if (end - s >= 3 && memcmp(s, "\xe2\x80\xa6", 3) == 0) {
			s += 2;
		} else if (!isspace((unsigned char)*s) && *s != '.') {
			return 0;
		}
	}
	return 1;
}

/* Is the word of N bytes at W, in TEXT, a name a compiler says it does
 * not know (nvcc's front end, GCC, Clang, MSVC)?  No library returned it
 * then. */
static int
undeclared(const char *text, const char *w, size_t n, const char *end)
{
	static const char *const after[] = { "\" is undefined",
	    "' was not declared", "\xe2\x80\x99 was not declared",
	    "': undeclared identifier", "': identifier not found" };
	static const char *const before = "undeclared identifier '";
	size_t i, k = strlen(before);

	for (i = 0; i < sizeof(after) / sizeof(after[0]); i++) {
		size_t a = strlen(after[i]);

		if ((size_t)(end - (w + n)) >= a &&
		    memcmp(w + n, after[i], a) == 0) {
			return 1;
		}
	}
	return (size_t)(w - text) >= k && memcmp(w - k, before, k) == 0;
}

/* The enumerators TEXT names: whole, or the last word of a text cut short
 * ("CUDA error cudaErrorNoK"), when only one name begins so. */
static void
find_names(const char *text, size_t len, struct cds_code_hit **hits,
    size_t *n)
{
	size_t i = 0, j;

	while (i < len) {
		if (!(isalpha((unsigned char)text[i]) || text[i] == '_') ||
		    (i > 0 && (isalnum((unsigned char)text[i - 1]) ||
		    text[i - 1] == '_'))) {
			i++;
			continue;
		}
		for (j = i; j < len && (isalnum((unsigned char)text[j]) ||
		    text[j] == '_'); j++) {
		}
		if (code_word(text + i, j - i)) {
			const struct cds_code *c = cds_code_named(text + i,
			    j - i);

			if (c == NULL && text_ends(text + j, text + len)) {
				c = code_cut(text + i, j - i);
			}
			if (!undeclared(text, text + i, j - i, text + len)) {
				hit_add(hits, n, c, i, j - i, NULL, 0);
			}
		}
		i = j;
	}
}

/* jaxlib's own words for the statuses of the libraries whose string
 * functions it does not call (jaxlib/gpu/gpu_kernel_helpers.cc,
 * ErrorString(cusolverStatus_t | cublasStatus_t | cufftResult)), printed
 * as "operation gpusolverDnCreate(&handle) failed: cuSolver internal
 * error".  Each begins with its library's name, so none is said in
 * passing. */
static void
find_jaxlib(const struct cds_folded *f, struct cds_code_hit **hits,
    size_t *n)
{
	const char *text = f->text;
	static const struct {
		const char *name, *words;
	} said[] = {
		{ "CUSOLVER_STATUS_NOT_INITIALIZED", "cuSolver has not been initialized" },
		{ "CUSOLVER_STATUS_ALLOC_FAILED", "cuSolver allocation failed" },
		{ "CUSOLVER_STATUS_INVALID_VALUE", "cuSolver invalid value error" },
		{ "CUSOLVER_STATUS_ARCH_MISMATCH", "cuSolver architecture mismatch error" },
		{ "CUSOLVER_STATUS_MAPPING_ERROR", "cuSolver mapping error" },
		{ "CUSOLVER_STATUS_EXECUTION_FAILED", "cuSolver execution failed" },
		{ "CUSOLVER_STATUS_INTERNAL_ERROR", "cuSolver internal error" },
		{ "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "cuSolver matrix type not supported error" },
		{ "CUSOLVER_STATUS_NOT_SUPPORTED", "cuSolver not supported error" },
		{ "CUSOLVER_STATUS_ZERO_PIVOT", "cuSolver zero pivot error" },
		{ "CUSOLVER_STATUS_INVALID_LICENSE", "cuSolver invalid license error" },
		{ "CUBLAS_STATUS_NOT_INITIALIZED", "cuBlas has not been initialized" },
		{ "CUBLAS_STATUS_ALLOC_FAILED", "cuBlas allocation failure" },
		{ "CUBLAS_STATUS_INVALID_VALUE", "cuBlas invalid value error" },
		{ "CUBLAS_STATUS_ARCH_MISMATCH", "cuBlas architecture mismatch" },
		{ "CUBLAS_STATUS_MAPPING_ERROR", "cuBlas mapping error" },
		{ "CUBLAS_STATUS_EXECUTION_FAILED", "cuBlas execution failed" },
		{ "CUBLAS_STATUS_INTERNAL_ERROR", "cuBlas internal error" },
		{ "CUBLAS_STATUS_NOT_SUPPORTED", "cuBlas not supported error" },
		{ "CUBLAS_STATUS_LICENSE_ERROR", "cuBlas license error" },
		{ "CUFFT_INVALID_PLAN", "cuFFT invalid plan" },
		{ "CUFFT_ALLOC_FAILED", "cuFFT allocation failed" },
		{ "CUFFT_INVALID_TYPE", "cuFFT invalid type" },
		{ "CUFFT_INVALID_VALUE", "cuFFT invalid value" },
		{ "CUFFT_INTERNAL_ERROR", "cuFFT internal error" },
		{ "CUFFT_EXEC_FAILED", "cuFFT execution failed" },
		{ "CUFFT_SETUP_FAILED", "cuFFT setup failed" },
		{ "CUFFT_INVALID_SIZE", "cuFFT invalid size" },
		{ "CUFFT_UNALIGNED_DATA", "cuFFT unaligned data" },
		{ "CUFFT_INVALID_DEVICE", "cuFFT invalid device" },
		{ "CUFFT_NO_WORKSPACE", "cuFFT no workspace" },
		{ "CUFFT_NOT_IMPLEMENTED", "cuFFT not implemented" },
		{ "CUFFT_NOT_SUPPORTED", "cuFFT not supported" },
	};
	size_t i;

	for (i = 0; i < sizeof(said) / sizeof(said[0]); i++) {
		const char *at = cds_folded_find(f, text, said[i].words);
		size_t k = strlen(said[i].words);

		/* the whole phrase: "cuFFT invalid value" is not the start
		 * of a longer one */
		if (at != NULL && !isalpha((unsigned char)at[k])) {
			hit_add(hits, n, cds_code_named(said[i].name,
			    strlen(said[i].name)), (size_t)(at - text), k,
			    "jaxlib", 0);
		}
	}
}

/* FFmpeg's words for NVENC's code C (libavcodec/nvenc.c, nvenc_errors[]):
 * the enumerator after NV_ENC_ERR_, in lower case, its '_' blanks ("out of
 * memory", "incompatible client key"), but for four it words otherwise;
 * into BUF.  0 for a code FFmpeg has no words for (it says "unknown
 * error"). */
static int
ffmpeg_nvenc_words(const struct cds_code *c, char *buf, size_t size)
{
	static const char *const other[][2] = {
		{ "NV_ENC_ERR_INVALID_ENCODERDEVICE", "invalid encoder device" },
		{ "NV_ENC_ERR_DEVICE_NOT_EXIST", "device does not exist" },
		{ "NV_ENC_ERR_EVENT_NOT_REGISTERD", "event not registered" },
		{ "NV_ENC_ERR_GENERIC", "generic error" },
	};
	size_t i;

	if (strcmp(c->type, "NVENCSTATUS") != 0 ||
	    strncmp(c->name, "NV_ENC_ERR_", 11) != 0 ||
	    strcmp(c->name, "NV_ENC_ERR_NEED_MORE_OUTPUT") == 0) {
		return 0;	/* SDK 12.1's, newer than FFmpeg's table */
	}
	for (i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
		if (strcmp(other[i][0], c->name) == 0) {
			snprintf(buf, size, "%s", other[i][1]);
			return 1;
		}
	}
	for (i = 0; c->name[11 + i] != '\0' && i + 1 < size; i++) {
		char ch = c->name[11 + i];

		buf[i] = ch == '_' ? ' ' : (char)tolower((unsigned char)ch);
	}
	buf[i] = '\0';
	return 1;
}

/* NVENC's codes as FFmpeg prints them, its words and the number together:
 * "OpenEncodeSessionEx failed: out of memory (10): (no details)";
 * programs that drive FFmpeg's encoder print the same ("failed to
 * reconfigure nvenc: invalid param (8): Invalid Level.").  Only on a line
 * that names an encoder ("enc": nvenc, NvEnc, EncodeSession) beside the
 * words, so that another library's "out of memory (2)" is not NVENC's. */
static void
find_ffmpeg_nvenc(const struct cds_folded *f, struct cds_code_hit **hits,
    size_t *n)
{
	const char *text = f->text;
	size_t i;

	for (i = 0; i < NCODES; i++) {
		char words[48], form[64];
		const char *at;
		int k;

		if (!ffmpeg_nvenc_words(&table[i], words, sizeof(words))) {
			continue;
		}
		k = snprintf(form, sizeof(form), "%s (%ld)", words,
		    table[i].value);
		for (at = text; (at = cds_folded_find(f, at, form)) != NULL;
		    at += k) {
			const char *bol = at, *eol = at + k;
			int named = 0;

			if (at > text && isalnum((unsigned char)at[-1])) {
				continue;
			}
			while (bol > text && bol[-1] != '\n') {
				bol--;
			}
			while (*eol != '\0' && *eol != '\n') {
				eol++;
			}
			/* the line around the words (theirs may say "enc"
			 * themselves: "encoder busy") */
			for (; bol + 3 <= eol && !named; bol++) {
				if (bol + 3 > at && bol < at + k) {
					continue;
				}
				named = strncasecmp(bol, "enc", 3) == 0;
			}
			if (named) {
				hit_add(hits, n, &table[i], (size_t)(at - text),
				    (size_t)k, "FFmpeg", 0);
				break;
			}
		}
	}
}

/* NVML_ERROR_* of an exception class's name at W, the words of its
 * CamelCase ("NoPermission", "GpuIsLost"; a trailing "Error" dropped)
 * joined by '_', into NAME; returns where the name ends. */
static const char *
nvml_class(const char *w, char *name, size_t size)
{
	const char *end = w, *p;
	size_t k = (size_t)snprintf(name, size, "NVML_ERROR_");

	while (isalnum((unsigned char)*end)) {
		end++;
	}
	if (end - w > 5 && strncmp(end - 5, "Error", 5) == 0) {
		end -= 5;
	}
	for (p = w; p < end && k + 2 < size; p++) {
		if (isupper((unsigned char)*p) && p > w) {
			name[k++] = '_';
		}
		name[k++] = (char)toupper((unsigned char)*p);
	}
	name[k] = '\0';
	while (isalnum((unsigned char)*end)) {
		end++;
	}
	return end;
}

/* NVML's exceptions by their classes, one per NVML_ERROR_*: pynvml's
 * (nvidia-ml-py's pynvml.py makes "NVMLError_NoPermission" of
 * NVML_ERROR_NO_PERMISSION: the words after the prefix, capitalised,
 * the '_' dropped) and cuda-python's (cuda.bindings._nvml's
 * "NoPermissionError", earlier "NoPermission"). */
static void
find_pynvml(const char *text, struct cds_code_hit **hits, size_t *n)
{
	static const struct {
		const char *key, *via;
	} keys[] = {
		{ "NVMLError_", "pynvml" },
		{ "bindings._nvml.", "cuda.bindings" },
		{ "bindings.nvml.", "cuda.bindings" },
	};
	const char *at, *w;
	size_t i;
	int tries;

	for (i = 0; i < sizeof(keys) / sizeof(*keys); i++) {
		size_t kl = strlen(keys[i].key);

		for (at = text, tries = 0; tries < MAXTRIES &&
		    (at = strstr(at, keys[i].key)) != NULL; tries++, at++) {
			char name[64];

			if (!isupper((unsigned char)at[kl])) {
				continue;	/* a module, not a class */
			}
			w = nvml_class(at + kl, name, sizeof(name));
			hit_add(hits, n, cds_code_named(name, strlen(name)),
			    (size_t)(at - text), (size_t)(w - at),
			    keys[i].via, 0);
		}
	}
}

/* NVML's enumerator without its "ERROR_" ("NVML library initialization
 * failed: NVML_DRIVER_NOT_LOADED", as Modular's Mojo prints it): a name
 * NVML_X counts when NVML_ERROR_X is one of NVML's codes. */
static void
find_nvml_short(const char *text, struct cds_code_hit **hits, size_t *n)
{
	static const char key[] = "NVML_";
	const char *at = text, *w;
	int tries;

	for (tries = 0; tries < MAXTRIES && (at = strstr(at, key)) != NULL;
	    tries++, at++) {
		char name[64] = "NVML_ERROR_";
		const struct cds_code *c;
		size_t k = strlen(name), len;

		if ((at > text && (isalnum((unsigned char)at[-1]) ||
		    at[-1] == '_')) || strncmp(at + 5, "ERROR_", 6) == 0) {
			continue;
		}
		for (w = at + 5; (isupper((unsigned char)*w) || *w == '_' ||
		    isdigit((unsigned char)*w)) && k + 1 < sizeof(name); w++) {
			name[k++] = *w;
		}
		name[k] = '\0';
		len = (size_t)(w - at);
		if (len > 5 && (c = cds_code_named(name, k)) != NULL) {
			hit_add(hits, n, c, (size_t)(at - text), len, NULL, 0);
		}
	}
}

/* An enumerator without its library's prefix, as bindings print them:
 * NVML's by NVIDIA's Go bindings (go-nvml, under the device plugin, the
 * container toolkit and dcgm-exporter: "nvml init failed:
 * ERROR_LIBRARY_NOT_FOUND") on a line that speaks of NVML, and the
 * driver API's by CUDA.jl and others ("cuModuleLoad in libcuda ...
 * ERROR_JIT_COMPILER_NOT_FOUND") on a line that names a driver API call
 * or libcuda. */
static void
find_unprefixed(const char *text, struct cds_code_hit **hits, size_t *n)
{
	static const char key[] = "ERROR_";
	const char *at = text, *w, *b;
	int tries;

	for (tries = 0; tries < MAXTRIES && (at = strstr(at, key)) != NULL;
	    tries++, at++) {
		char name[64];
		size_t k;
		int nvml = 0, driver = 0;

		if (at > text && (isalnum((unsigned char)at[-1]) ||
		    at[-1] == '_')) {
			continue;	/* NVML_ERROR_X itself, or another's */
		}
		for (b = at; b > text && b[-1] != '\n' && at - b < BACK; b--) {
			nvml |= strncasecmp(b - 1, "nvml", 4) == 0;
			driver |= strncmp(b - 1, "libcuda", 7) == 0 ||
			    (b[-1] == 'c' && b[0] == 'u' &&
			    isupper((unsigned char)b[1]) &&
			    islower((unsigned char)b[2]) &&
			    (b - 1 == text || !isalnum((unsigned char)b[-2])));
		}
		k = (size_t)snprintf(name, sizeof(name), "%s",
		    nvml ? "NVML_" : "CUDA_");
		for (w = at; (isupper((unsigned char)*w) || *w == '_' ||
		    isdigit((unsigned char)*w)) && k + 1 < sizeof(name); w++) {
			name[k++] = *w;
		}
		name[k] = '\0';
		if (nvml || driver) {
			hit_add(hits, n, cds_code_named(name, k),
			    (size_t)(at - text), (size_t)(w - at),
			    nvml ? "go-nvml" : NULL, 0);
		}
	}
}

/* Does no other code of C's enum say WORDS (C's, of some release) in any
 * release? */
static int
only_one(const struct cds_code *c, const char *words)
{
	const struct cds_code *o;
	const char *w;
	size_t i;

	for (i = 0; i < NWORDS; i++) {
		w = words_at(i, &o);
		if (o != c && strcmp(o->type, c->type) == 0 &&
		    strcasecmp(w, words) == 0) {
			return 0;
		}
	}
	return 1;
}

/* Are C's words its library's own string function's, printed as they
 * are (the CUDA runtime, NCCL, cuRAND), not a header's comment or the
 * short generic phrases of cuBLAS and cuSPARSE? */
static int
own_words(const struct cds_code *c)
{
	return strcmp(c->type, "cudaError_t") == 0 ||
	    strcmp(c->type, "ncclResult_t") == 0 ||
	    strcmp(c->type, "curandStatus_t") == 0;
}

/* Do no other code's words of C's enum (any release's) begin with the
 * first K bytes of WORDS? */
static int
only_prefix(const struct cds_code *c, const char *words, size_t k)
{
	const struct cds_code *o;
	const char *w;
	size_t i;

	for (i = 0; i < NWORDS; i++) {
		w = words_at(i, &o);
		if (o != c && strcmp(o->type, c->type) == 0 &&
		    strncasecmp(w, words, k) == 0) {
			return 0;
		}
	}
	return 1;
}

/* Does E go on as the check macro of "CUDA by Example" (HANDLE_ERROR) and
 * the programs that copied it print after cudaGetErrorString(): " in
 * FILE at line N"? */
static int
in_file_at_line(const char *e)
{
	const char *p;

	if (strncmp(e, " in ", 4) != 0) {
		return 0;
	}
	p = e + 4 + strcspn(e + 4, " \t\n");
	return strncmp(p, " at line ", 9) == 0 &&
	    isdigit((unsigned char)p[9]);
}

/* Does the number of code C come just before AT in TEXT, as a program
 * prints a code beside its words: "[101] invalid device ordinal",
 * "(101) ...", "error 101: ...", "code=101 ..."?  The number and the
 * words agree: it is that code whatever prints it.  A bare number
 * ("line 101 invalid ...") is not enough. */
static int
own_number_before(const char *text, const char *at, const struct cds_code *c)
{
	const char *e = at, *d;
	char *end;
	long v;
	int bracket = 0;

	while (e > text && (e[-1] == ' ' || e[-1] == '\t')) {
		e--;
	}
	e -= e > text && e[-1] == ':';
	while (e > text && e[-1] == ' ') {
		e--;
	}
	if (e > text && (e[-1] == ']' || e[-1] == ')')) {
		bracket = e[-1];
		e--;
	}
	for (d = e; d > text && isdigit((unsigned char)d[-1]); d--) {
		;
	}
	if (d == e || e - d > 6) {
		return 0;
	}
	v = strtol(d, &end, 10);
	if (end != e || v != c->value) {
		return 0;
	}
	if (bracket != 0) {
		return d > text && d[-1] == (bracket == ']' ? '[' : '(');
	}
	/* "error 101", "code=101", "status: 101", "err #101" */
	while (d > text && strchr(" =:#", d[-1]) != NULL) {
		d--;
	}
	return (d - text >= 5 && strncasecmp(d - 5, "error", 5) == 0) ||
	    (d - text >= 4 && strncasecmp(d - 4, "code", 4) == 0) ||
	    (d - text >= 6 && strncasecmp(d - 6, "status", 6) == 0) ||
	    (d - text >= 3 && strncasecmp(d - 3, "err", 3) == 0);
}

/* Is the word that ends at E in TEXT the word W (any case)? */
static int
word_before(const char *text, const char *e, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(e - text) >= n && strncasecmp(e - n, w, n) == 0 &&
	    ((size_t)(e - text) == n || !isalnum((unsigned char)e[-n - 1]));
}

/* Is SAID, found at AT in TEXT, the end of what a program printed after
 * a colon ("setConst: invalid device symbol"), or what HANDLE_ERROR
 * prints ("unspecified launch failure in k.cu at line 196"), or a line
 * of its own under a line ending in a colon, or after the code's own
 * number (own_number_before())? */
static int
said_last(const char *text, const char *at, size_t k, const struct cds_code *c)
{
	/* the runtime's three-word strings that other programs print for
	 * causes of their own (strerror(), allocators, file lookups) */
	static const char *const common[] = {
		"out of memory", "file not found", "operation not permitted",
		"operation not supported", "device not ready",
		"integrity checks failed", "api failure base",
	};
	const char *e = at + k;
	size_t i;

	if (own_number_before(text, at, c)) {
		return 1;
	}
	for (i = 0; i < sizeof(common) / sizeof(common[0]); i++) {
		if (strncasecmp(at, common[i], k) == 0 &&
		    strlen(common[i]) == k) {
			return 0;
		}
	}
	if (in_file_at_line(e)) {
		return 1;
	}
	if (at > text && at[-1] == '\n') {
		/* a line of its own under a line that ends in a colon
		 * (MATLAB's "The CUDA error was:", a blank line, the words) */
		const char *b = at - 1;

		while (b > text && (b[-1] == '\n' || b[-1] == '\r' ||
		    b[-1] == ' ' || b[-1] == '\t')) {
			b--;
		}
		if (b == text || b[-1] != ':') {
			return 0;
		}
	} else if (at - text < 2 || at[-1] != ' ' || (at[-2] != ':' &&
	    !word_before(text, at - 1, "failed") &&
	    !word_before(text, at - 1, "error"))) {
		/* else after a colon, or after "failed" or "error" as a
		 * program's own check prints it ("copy to cData failed
		 * invalid device symbol", "Device synchronize failed with
		 * error unspecified launch failure") */
		return 0;
	}
	e += *e == '.';
	while (*e == ' ' || *e == '\t' || *e == '\r') {
		e++;
	}
	return *e == '\n' || *e == '\0';
}

/* Where F's text says SAID, K bytes of code C's WORDS-word sentence, as
 * find_words() takes it: anywhere for four words or more, else as the
 * end of what a program printed (said_last()). */
static const char *
said_at(const struct cds_folded *f, const char *said, size_t k, int words,
    const struct cds_code *c)
{
	const char *at;

	for (at = f->text; (at = cds_folded_find(f, at, said)) != NULL;
	    at++) {
		if (words >= 4 || said_last(f->text, at, k, c)) {
			return at;
		}
	}
	return NULL;
}

/* Words of the CUDA runtime that no other code says (of any release):
 * anywhere when long enough (four words) not to be said in passing, a
 * three-word one only where programs print cudaGetErrorString(): the
 * last thing on a line after a colon or "failed", or before " in FILE at
 * line N" (said_last()); a long sentence (six words or
 * more) cut short by its last word when no other code's begins the
 * same. */
static void
find_words(const struct cds_folded *f, struct cds_code_hit **hits, size_t *n)
{
	const char *text = f->text;
	size_t i;

	for (i = 0; i < NWORDS; i++) {
		const struct cds_code *c;
		const char *p, *at, *last = NULL, *w = words_at(i, &c);
		char said[256];
		size_t k;
		int words = 1;

		if (!own_words(c)) {
			continue;
		}
		for (p = w; *p != '\0'; p++) {
			if (*p == ' ') {
				words++;
				last = p;
			}
		}
		if (words < 3 || !only_one(c, w)) {
			continue;
		}
		/* the runtime's sentence, its closing '.' or not */
		k = strlen(w);
		k -= k > 0 && w[k - 1] == '.';
		snprintf(said, sizeof(said), "%.*s", (int)k, w);
		at = said_at(f, said, k, words, c);
		if (at == NULL && strchr(said, '-') != NULL) {
			/* retyped: "no CUDA capable device is detected" */
			for (p = said; (p = strchr(p, '-')) != NULL; p++) {
				said[p - said] = ' ';
			}
			at = said_at(f, said, k, words, c);
		}
		if (words < 4 && strcmp(c->type, "cudaError_t") != 0) {
			at = NULL;	/* short words: the runtime's only */
		}
		if (at == NULL && words >= 6 &&
		    only_prefix(c, w, (size_t)(last - w))) {
			k = (size_t)(last - w);
			snprintf(said, sizeof(said), "%.*s", (int)k, w);
			at = cds_folded_find(f, text, said);
		}
		if (at != NULL) {
			hit_add(hits, n, c, (size_t)(at - text), k, NULL, 0);
		}
	}
}

/* Does S go on as Blender Cycles' message goes on after a driver API
 * code's spelled name: " in cuCall(" or " in CUDA queue"? */
static int
spelled_before_call(const char *s)
{
	return (strncmp(s, " in cu", 6) == 0 &&
	    isupper((unsigned char)s[6])) ||
	    strncmp(s, " in CUDA queue", 14) == 0;
}

/* The enum of the call ggml's check prints below the words
 * at S (ggml-cuda's ggml_cuda_error: "CUDA error: out of memory",
 * "  current device: 0, in function F at FILE:LINE", "  cuMemCreate(...)"):
 * a driver API call's words are CUresult's, a runtime call's
 * cudaError_t's; NULL where no such call follows. */
static const char *
statement_type(const char *s)
{
	static const char dev[] = "current device: ";
	const char *line, *nl = NULL, *d;
	size_t col;
	int i;

	/* the next line, a log's prefix before it or not, or the one after
	 * where the abort's own line ("ggml-cuda.cu:97: CUDA error") came
	 * first on a shared terminal */
	for (i = 0, d = NULL, line = s; i < 2 && d == NULL; i++) {
		if ((line = strchr(line, '\n')) == NULL ||
		    (nl = strchr(++line, '\n')) == NULL) {
			return NULL;
		}
		if ((d = strstr(line, dev)) != NULL && d > nl) {
			d = NULL;
		}
	}
	if (d == NULL) {
		return NULL;
	}
	/* the call, in the column of "current device" (both indented
	 * alike below the same prefix) */
	col = (size_t)(d - line);
	line = nl + 1;
	if (strnlen(line, col) < col || memchr(line, '\n', col) != NULL) {
		return NULL;
	}
	s = line + col;
	if (strncmp(s, "cuda", 4) == 0 && isupper((unsigned char)s[4])) {
		return "cudaError_t";
	}
	if (strncmp(s, "cu", 2) == 0 && isupper((unsigned char)s[2])) {
		return "CUresult";
	}
	return NULL;
}

/* The code wrapper W's match G in WIN (the line, at FULL in the whole
 * text) says. */
static const struct cds_code *
wrapped_code(const struct wrapper *w, const char *win, const char *full,
    const regmatch_t *g, size_t *len)
{
	const char *type = w->type;

	if (w->name != NULL) {
		*len = (size_t)(g[0].rm_eo - g[0].rm_so);
		return cds_code_named(w->name, strlen(w->name));
	}
	if (w->fn > 0 && g[w->fn].rm_so >= 0) {
		type = strncmp(win + g[w->fn].rm_so, "cuda", 4) == 0 ?
		    "cudaError_t" : "CUresult";
	}
	if (type == NULL && w->at > 0 && g[w->at].rm_so >= 0) {
		type = statement_type(full + g[w->at].rm_so);
	}
	if (w->at > 0 && g[w->at].rm_so >= 0) {
		/* ggml prints cuBLAS's words under "CUDA error: " too
		 * (CUBLAS_CHECK), and others NVRTC's and cuSPARSE's: the
		 * libraries with string functions, after the runtime's and
		 * the driver's */
		static const char *const more[] = { "cublasStatus_t",
		    "cusparseStatus_t", "nvrtcResult" };
		const struct cds_code *c = cds_code_said(type,
		    win + g[w->at].rm_so, len);
		size_t i;

		for (i = 0; c == NULL && type == NULL &&
		    i < sizeof(more) / sizeof(more[0]); i++) {
			c = cds_code_said(more[i], win + g[w->at].rm_so, len);
			/* "Invalid value in cuCtxSynchronize()" is a driver
			 * API code Blender Cycles spells (find_spelled) */
			if (c != NULL && spelled_before_call(win +
			    g[w->at].rm_so + *len)) {
				c = NULL;
			}
		}

		/* NVML's words are its own: no runtime or driver code stands
		 * for them */
		if (c == NULL && type != NULL &&
		    strcmp(type, "nvmlReturn_t") != 0) {
			c = cds_code_said(NULL, win + g[w->at].rm_so, len);
			/* a driver call in the runtime's words: the driver's
			 * code of the same number (the two enums share
			 * their numbers) */
			if (c != NULL && strcmp(type, "CUresult") == 0 &&
			    cds_code_of(type, 0, c->value) != NULL) {
				c = cds_code_of(type, 0, c->value);
			}
		}
		/* words cut short where the line ends: the enum's own, the
		 * runtime's and the driver's where the wrapper names none */
		if (c == NULL) {
			c = said_cut(type, win + g[w->at].rm_so,
			    full + g[w->at].rm_so, len);
		}
		*len += (size_t)(g[w->at].rm_so - g[0].rm_so);
		/* a number beside the words: the words say which code, the
		 * number may be of another release's numbering (CUDA 10.1
		 * renumbered the runtime's: PyTorch's "cuda runtime error (8)
		 * : invalid device function" is today's 98) */
		if (c != NULL || w->num == 0 || g[w->num].rm_so < 0) {
			return c;
		}
	}
	if (w->num > 0 && g[w->num].rm_so >= 0) {
		long v = strtol(win + g[w->num].rm_so, NULL, 10);
		const struct cds_code *c;

		*len = (size_t)(g[0].rm_eo - g[0].rm_so);
		if (type != NULL) {
			return cds_code_of(type, 0, v);
		}
		c = cds_code_of("cudaError_t", 0, v);
		return c != NULL ? c : cds_code_of("CUresult", 0, v);
	}
	return NULL;
}

/* Which program printed W's form in F's text: W's own where only one
 * prints it.  Where more than one prints it (or one whose words another
 * could print too), the one the text shows: ggml's check names its
 * function and source ("in function ggml_...", ggml-cuda.cu), CUDA.jl's
 * its package, PyTorch's a torch path or module or its allocator's
 * "Tried to allocate"; else the row without a marker says (all of them
 * named together, or none). */
static const char *
form_owner(const struct cds_folded *f, const struct wrapper *w)
{
	static const struct {
		const char *key, *marker, *who;
	} owners[] = {
		{ "CUDA error: ", "in function ggml_", "ggml" },
		{ "CUDA error: ", "ggml-cuda", "ggml" },
		{ "CUDA error: ", "CUDA.jl", "CUDA.jl" },
		{ "CUDA error: ", "CUDA/src/", "CUDA.jl" },
		{ "CUDA error: ", "torch", "PyTorch" },
		{ "CUDA error: ", NULL, SHARED_CUDA_ERROR },
		{ "CUDA out of memory", "Tried to allocate", "PyTorch" },
		{ "CUDA out of memory", "torch", "PyTorch" },
		{ "CUDA out of memory", NULL, NULL },
	};
	size_t i;

	if (w->who == NULL) {
		return NULL;
	}
	for (i = 0; i < sizeof(owners) / sizeof(owners[0]); i++) {
		if (strcmp(owners[i].key, w->key) == 0 &&
		    (owners[i].marker == NULL || cds_folded_find(f, f->text,
		    owners[i].marker) != NULL)) {
			return owners[i].who;
		}
	}
	return w->who;
}

/* The codes wrapper W prints in F's text. */
static void
find_wrapped(const struct cds_folded *f, const struct wrapper *w,
    struct cds_code_hit **hits, size_t *n)
{
	const char *text = f->text, *at = text, *who = NULL;
	size_t len = f->len;
	char *win = NULL;
	regex_t re;
	int tries;

	for (tries = 0; tries < MAXTRIES &&
	    (at = cds_folded_find(f, at, w->key)) != NULL; tries++, at++) {
		size_t k = (size_t)(at - text), b = k, e = k, l = 0;
		regmatch_t g[NGROUPS];
		const struct cds_code *c;

		while (b > 0 && k - b < BACK && text[b - 1] != '\n') {
			b--;
		}
		while (e < len && e - k < FWD && text[e] != '\n') {
			e++;
		}
		if (win == NULL) {
			/* compiled at the first place of its key only */
			if (regcomp(&re, w->re, REG_EXTENDED |
			    (w->cased ? 0 : REG_ICASE)) != 0) {
				return;	/* a bad row: the tests fail */
			}
			win = cds_xmalloc(BACK + FWD + 1);
		}
		memcpy(win, text + b, e - b);
		win[e - b] = '\0';
		if (regexec(&re, win, NGROUPS, g, 0) != 0) {
			continue;
		}
		if ((c = wrapped_code(w, win, text + b, g, &l)) != NULL) {
			if (who == NULL) {	/* one text, one owner */
				who = form_owner(f, w);
			}
			hit_add(hits, n, c, b + (size_t)g[0].rm_so, l, who,
			    w->num > 0);
		}
	}
	if (win != NULL) {
		regfree(&re);
		free(win);
	}
}

/* C's name as other languages' bindings spell it, without its prefix:
 * CUDA_ERROR_NO_BINARY_FOR_GPU as NoBinaryForGpu (Rust's cudarc and
 * rustacuda, CuTe DSL), cudaErrorInsufficientDriver as
 * InsufficientDriver.  Empty when C is neither enum's. */
static void
camel_name(const struct cds_code *c, char *out, size_t size)
{
	const char *p;
	size_t k = 0;
	int up = 1;

	out[0] = '\0';
	if (strcmp(c->type, "cudaError_t") == 0 &&
	    strncmp(c->name, "cudaError", 9) == 0) {
		snprintf(out, size, "%s", c->name + 9);
		return;
	}
	if (strcmp(c->type, "CUresult") != 0 ||
	    strncmp(c->name, "CUDA_ERROR_", 11) != 0) {
		return;
	}
	for (p = c->name + 11; *p != '\0' && k + 1 < size; p++) {
		if (*p == '_') {
			up = 1;
			continue;
		}
		out[k++] = (char)(up ? toupper((unsigned char)*p) :
		    tolower((unsigned char)*p));
		up = 0;
	}
	out[k] = '\0';
}

/* Does CamelCase NAME hold a hump only CUDA's codes use ("InvalidPtx",
 * "JitCompilerNotFound", "NvlinkUncorrectable")? */
static int
own_word(const char *name)
{
	static const char *const own[] = { "Ptx", "Jit", "Nvlink", "Mps",
		"Cdp", NULL };
	size_t i, k;

	for (i = 0; own[i] != NULL; i++) {
		const char *p = strstr(name, own[i]);

		k = strlen(own[i]);
		if (p != NULL && !islower((unsigned char)p[k])) {
			return 1;
		}
	}
	return 0;
}

/* Is the word at OFF in TEXT the value of a Rust panic ("called
 * `Result::unwrap()` on an `Err` value: UnknownError") whose place, on
 * its line or the line before, is a source file of a CUDA binding or
 * backend ("at risc0/zkp/src/hal/cuda.rs:347:63")? */
static int
rust_cuda_panic(const char *text, size_t len, size_t off)
{
	static const char value[] = "`Err` value: ";
	size_t k = sizeof(value) - 1, b = off, e = off, i;
	int lines = 0;

	if (off < k || strncmp(text + off - k, value, k) != 0) {
		return 0;
	}
	while (b > 0 && (text[b - 1] != '\n' || lines++ == 0)) {
		b--;
	}
	while (e < len && text[e] != '\n') {
		e++;
	}
	for (i = b; i + 4 <= e; i++) {
		size_t j = i + 4;

		if (strncasecmp(text + i, "cuda", 4) != 0) {
			continue;
		}
		while (j < e && (isalnum((unsigned char)text[j]) ||
		    text[j] == '_')) {
			j++;
		}
		if (j + 4 <= e && strncmp(text + j, ".rs:", 4) == 0) {
			return 1;
		}
	}
	return 0;
}

/* The first place in TEXT where CAMEL, a binding's name of C, stands as
 * a whole word in a Rust panic of a CUDA source, or (unless RUST) with
 * "cuda" a little before it or alone where a word of it is CUDA's own. */
static void
camel_at(const char *text, size_t len, const struct cds_code *c,
    const char *camel, int rust, struct cds_code_hit **hits, size_t *n)
{
	const char *at;
	size_t k = strlen(camel);

	for (at = text; (at = strstr(at, camel)) != NULL; at++) {
		size_t off = (size_t)(at - text), b;
		int near = 0;

		if ((off > 0 && isalnum((unsigned char)at[-1])) ||
		    (off + k < len && isalnum((unsigned char)at[k]))) {
			continue;
		}
		if (off >= 5 && strncasecmp(at - 5, "nvml.", 5) == 0) {
			continue;	/* NVML's class (find_pynvml) */
		}
		for (b = off > 24 ? off - 24 : 0; !rust && b + 4 <= off; b++) {
			near |= strncasecmp(text + b, "cuda", 4) == 0;
		}
		near |= (!rust && own_word(camel)) ||
		    rust_cuda_panic(text, len, off);
		if (near) {
			hit_add(hits, n, c, off, k, NULL, 0);
			return;
		}
	}
}

/* The bindings' names of the runtime's and the driver's codes, as whole
 * words of two humps or more, with "cuda" a little before them
 * ("Cuda(NoBinaryForGpu)", "CUDAError InsufficientDriver"), or alone
 * where a word of the name is CUDA's own (Rust's cust: "Error:
 * InvalidPtx").  rustacuda and cust add "Error" to the driver's names
 * that would otherwise be one word or say nothing of an error
 * (CUDA_ERROR_UNKNOWN as UnknownError, CUDA_ERROR_ASSERT as
 * AssertError): those only as a Rust panic's value, since other names
 * so made are the frameworks' own classes (torch.cuda's
 * OutOfMemoryError). */
static void
find_camel(const char *text, size_t len, struct cds_code_hit **hits,
    size_t *n)
{
	size_t i;

	for (i = 0; i < NCODES; i++) {
		const struct cds_code *c = &table[i];
		const char *p;
		char camel[64], named[72];
		size_t humps = 0;

		camel_name(c, camel, sizeof(camel));
		for (p = camel; *p != '\0'; p++) {
			humps += isupper((unsigned char)*p) != 0;
		}
		if (humps >= 2) {
			camel_at(text, len, c, camel, 0, hits, n);
		}
		if (humps >= 1 && strcmp(c->type, "CUresult") == 0 &&
		    (strlen(camel) < 5 ||
		    strcmp(camel + strlen(camel) - 5, "Error") != 0)) {
			snprintf(named, sizeof(named), "%sError", camel);
			camel_at(text, len, c, named, 1, hits, n);
		}
	}
}

/* Blender Cycles' words for a driver API code: its loader spells the
 * enumerator (CUDA_ERROR_ILLEGAL_ADDRESS as "Illegal address") and
 * says where, "CUDA error: Launch failed in cuCtxSynchronize()" and
 * "Illegal address in CUDA queue copy_from_device (...)".  A code's
 * spelled name counts only before " in cu" or " in CUDA queue". */
static void
find_spelled(const struct cds_folded *f, struct cds_code_hit **hits,
    size_t *n)
{
	const char *text = f->text;
	size_t len = f->len, i;

	for (i = 0; i < NCODES; i++) {
		const struct cds_code *c = &table[i];
		const char *at, *p;
		char spelled[64];
		size_t k;

		if (strcmp(c->type, "CUresult") != 0 ||
		    strncmp(c->name, "CUDA_ERROR_", 11) != 0 ||
		    strlen(c->name + 11) >= sizeof(spelled)) {
			continue;
		}
		for (k = 0, p = c->name + 11; *p != '\0'; p++) {
			spelled[k++] = *p == '_' ? ' ' : *p;
		}
		spelled[k] = '\0';
		for (at = text; (at = cds_folded_find(f, at, spelled)) != NULL;
		    at++) {
			size_t off = (size_t)(at - text);
			const char *e = at + k;

			if ((off > 0 && isalnum((unsigned char)at[-1])) ||
			    off + k >= len) {
				continue;
			}
			if (spelled_before_call(e)) {
				hit_add(hits, n, c, off, k, "Blender Cycles", 0);
				break;
			}
		}
	}
}

static int
hit_order(const void *a, const void *b)
{
	const struct cds_code_hit *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

size_t
cds_codes_find(const char *text, size_t len, struct cds_code_hit **hits)
{
	struct cds_folded f;
	size_t n = 0, i;

	*hits = NULL;
	cds_folded_init(&f, text, len);
	find_names(text, len, hits, &n);
	for (i = 0; i < NWRAPPERS; i++) {
		find_wrapped(&f, &wrappers[i], hits, &n);
	}
	find_words(&f, hits, &n);
	find_camel(text, len, hits, &n);
	find_spelled(&f, hits, &n);
	find_jaxlib(&f, hits, &n);
	find_ffmpeg_nvenc(&f, hits, &n);
	find_pynvml(text, hits, &n);
	find_nvml_short(text, hits, &n);
	find_unprefixed(text, hits, &n);
	cds_folded_free(&f);
	if (n > 1) {
		qsort(*hits, n, sizeof(**hits), hit_order);
	}
	return n;
}
