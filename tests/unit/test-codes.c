/*
 * Every status code of NVIDIA's libraries (manifests/data/cuda-codes.tsv,
 * compiled in) resolves to a meaning through every form it is printed in:
 * its enumerator anywhere in a line, or cut short where a text ends as
 * far as only it begins so; for the CUDA runtime, its number in
 * each framework's wording (llama.cpp, ONNX Runtime, PyTorch's THC,
 * TensorRT, glog) and its words after each framework's prefix (PyTorch,
 * TensorRT, NCCL, MXNet); for the driver API, its number as numba,
 * TensorFlow, CUDA.jl, TorchCodec, UCX and Open MPI print it and its name
 * in a Rust panic (rustacuda); for cuBLAS, its number as ONNX Runtime,
 * NVIDIA's samples, Dorado and ggml print it; an enumerator in a
 * compiler's error is API-GONE's.  The texts are generated from the
 * table, one per code and form: the match must name that code (or, for a
 * number, a code of that number of that library) and be an entry of the
 * catalogue.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/codes.h"
#include "sys/handle.h"
#include "tap.h"

static const char *
cap(const struct cds_explain_match *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			return m->captures[i].value;
		}
	}
	return NULL;
}

/* The match of X that names a code, or NULL. */
static const struct cds_explain_match *
code_match(const struct cds_explanation *x)
{
	size_t i;

	for (i = 0; x != NULL && i < x->nmatches; i++) {
		if (cap(&x->matches[i], "code") != NULL) {
			return &x->matches[i];
		}
	}
	return NULL;
}

/* Explain TEXT: is code C named (by NAME when BYNAME, else by its number
 * and library), in a match of a catalogue entry? */
static void
check(cds_handle_t *h, const struct cds_code *c, const char *form,
    const char *text, int byname)
{
	struct cds_explanation *x = cds_explain_text(h, text);
	const struct cds_explain_match *m = code_match(x);
	char num[24];
	int ok;

	snprintf(num, sizeof(num), "%ld", c->value);
	ok = m != NULL && cds_explain_title(m->id) != NULL && (byname ?
	    strcmp(cap(m, "code"), c->name) == 0 :
	    strcmp(cap(m, "code value"), num) == 0 &&
	    strcmp(cap(m, "code library"), cds_code_library(c->type)) == 0);
	tap_ok(ok, "%s %s (%ld) %s: %s", c->type, c->name, c->value, form,
	    m == NULL ? "no code named" : m->id);
	cds_explanation_free(x);
	cds_clearerr(h);
}

/* Is C's text said by no other code of its enum? */
static int
unique_words(const struct cds_code *c)
{
	const struct cds_code *o;
	size_t i;

	for (i = 0; (o = cds_code_at(i)) != NULL; i++) {
		if (o != c && strcmp(o->type, c->type) == 0 &&
		    strcasecmp(o->text, c->text) == 0) {
			return 0;
		}
	}
	return c->text[0] != '\0';
}

/* The number forms of a library: printf formats with one %ld. */
static const char *const runtime_numbers[] = {
	"CUDA error %ld at ggml-cuda.cu:493: x",
	"ERROR: CUDA failure %ld: x ; GPU=0 ; hostname=h",
	"RuntimeError: cuda runtime error (%ld) : x at THCGeneral.cpp:1",
	"[TRT] CUDA initialization failure with error: %ld.",
	"F0101 net.cu:12] Check failed: error == cudaSuccess (%ld vs. 0)",
	"PaddlePaddle ExternalError: CUDA error(%ld), x.",
	"cudaMalloc failed with error %ld",
	"ucp_mm.c:1 UCX ERROR cudaMalloc(&ptr, size)() failed: %ld(x)",
	"Cuda failure in file 'yolo_layer.cu' line 51: %ld",
	"Cuda failure: %ld",
	"fatal error: Could not launch CUDA kernel on device 0, error %ld",
	NULL
};
static const char *const driver_numbers[] = {
	"numba.cuda.cudadrv.driver.CudaAPIError: [%ld] Call to cuInit "
	    "results in x",
	"E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call "
	    "to cuInit: UNKNOWN ERROR (%ld)",
	"ERROR: CUDA error: x (code %ld, ERROR_X)",
	"cuInit returned %ld",
	"cuDriverGetVersion(): %ld",
	"mc_cuda.c:369 UCC ERROR cuCtxGetId(ctx, &id)() failed: %ld(x)",
	"msg=\"Unable to load cudart library /usr/lib/libcuda.so.1: cuda "
	    "driver library init failure: %ld\"",
	"RuntimeError: Failed to get decoder caps: %ld",
	"cuvidCreateDecoder failed: %ld",
	"tl_cuda_cache.c:231  UCC  ERROR ipc-cache: failed to open ipc mem "
	    "handle. addr:0x7f65a8000000 len:16777216 err:%ld",
	"The call to cuIpcOpenMemHandle failed. This is an unrecoverable "
	    "error\nand will cause the program to abort.\n  Hostname:    "
	    "node1\n  cuIpcOpenMemHandle return value:  %ld\n  address:    "
	    "        0x7fd865200000\nCheck the cuda.h file for what the "
	    "return value means. A possible cause\nfor this is not enough "
	    "free device memory.  Try to reduce the device\nmemory footprint "
	    "of your application.",
	NULL
};
/* cuBLAS's number as ONNX Runtime, NVIDIA's CUDALibrarySamples, Dorado
 * and ggml print it. */
static const char *const cublas_numbers[] = {
	"CUBLAS failure %ld: x ; GPU=0",
	"cuBLAS API failed with status %ld",
	"[2023-03-16 07:48:40.892] [error] CuBLAS error %ld",
	"cuBLAS error %ld at ggml-cuda.cu:6045",
	NULL
};
/* The word forms of the runtime: printf formats with one %s. */
static const char *const runtime_words[] = {
	"RuntimeError: CUDA error: %s\nCUDA kernel errors might be "
	    "asynchronously reported",
	"[E] [TRT] 1: [defaultAllocator.cpp::allocate::20] Error Code 1: "
	    "Cuda Runtime (%s)",
	"node1:123:456 [0] NCCL WARN Cuda failure '%s'",
	"mxnet.base.MXNetError: [10:00:00] src/storage.cc:1: CUDA: %s",
	"RuntimeError: CUDA failed with error %s",
	"Test CUDA failure common.cu:891 '%s'",
	"[ ERROR: CUDA Runtime ] ./include/cutlass/cluster_launch.hpp:248: "
	    "%s",
	"[TensorRT-LLM][ERROR] CUDA runtime error in "
	    "cudaDeviceGetDefaultMemPool(&memPool, device): %s "
	    "(/app/tensorrt_llm/cpp/tensorrt_llm/runtime/bufferManager.cpp:170)",
	"tpv15 CUDA error !!!!! <%s> !!!!! at CUDA call error code: # 2402",
	"CUDA Error (0x14a429,yaksuri_cudai_iunpack_with_stream:"
	    "yaksuri_cudai_pup.c,190): %s",
	"Failed to launch kernels. Error code: %s.",
	/* gpuErrchk, the check macro most CUDA code copies, and RAJA's */
	"GPUassert: %s kernel.cu 42",
	"C++ exception with description \"CUDAassert: %s "
	    "/src/RAJA/policy/cuda/MemUtils_CUDA.hpp:229\" thrown",
	/* bitsandbytes' CUDA_CHECK_RETURN */
	"Error %s at line 359 in file D:\\a\\bnb\\csrc\\pythonInterface.c",
	NULL
};

static void
forms(cds_handle_t *h, const struct cds_code *c, const char *const *fmts,
    int words)
{
	char text[1024], num[24];
	size_t i;

	snprintf(num, sizeof(num), "%ld", c->value);
	for (i = 0; fmts[i] != NULL; i++) {
		/* the form's one "%s" or "%ld", filled (the forms are data,
		 * not format strings) */
		const char *at = strchr(fmts[i], '%');
		size_t skip = at != NULL && at[1] == 'l' ? 3 : 2;

		snprintf(text, sizeof(text), "%.*s%s%s",
		    at != NULL ? (int)(at - fmts[i]) : (int)strlen(fmts[i]),
		    fmts[i], at != NULL ? (words ? c->text : num) : "",
		    at != NULL ? at + skip : "");
		check(h, c, fmts[i], text, words);
	}
}

/* The runtime's words with each hyphen retyped as a blank ("no cuda
 * capable device is detected"), where a program printed them and bare on
 * a line of their own. */
static void
retyped(cds_handle_t *h, const struct cds_code *c)
{
	char words[256], text[512], *p;

	if (strchr(c->text, '-') == NULL) {
		return;
	}
	snprintf(words, sizeof(words), "%s", c->text);
	for (p = words; (p = strchr(p, '-')) != NULL; p++) {
		*p = ' ';
	}
	snprintf(text, sizeof(text), "RuntimeError: CUDA error: %s", words);
	check(h, c, "its words retyped without hyphens", text, 1);
	snprintf(text, sizeof(text), "what():  failed: %s", words);
	check(h, c, "its words retyped, after failed:", text, 1);
}

/* glog's CHECK_EQ against the library's success value: "Check failed:
 * err == CUBLAS_STATUS_SUCCESS (1 vs. 0)" (cuDNN's numbers differ between
 * releases: not by number) */
static void
glog(cds_handle_t *h, const struct cds_code *c)
{
	const struct cds_code *ok = NULL, *o;
	char text[256];
	size_t i;

	for (i = 0; (o = cds_code_at(i)) != NULL && ok == NULL; i++) {
		if (o->value == 0 && strcmp(o->type, c->type) == 0) {
			ok = o;
		}
	}
	if (ok == NULL || strcmp(c->type, "cudnnStatus_t") == 0 ||
	    strcmp(c->type, "ncclResult_t") == 0 ||
	    strcmp(c->type, "nvrtcResult") == 0 ||
	    strcmp(c->type, "nvJitLinkResult") == 0 ||
	    strcmp(c->type, "nvmlReturn_t") == 0 ||
	    strcmp(c->type, "OptixResult") == 0 ||
	    strcmp(c->type, "NVENCSTATUS") == 0 ||
	    strcmp(c->type, "CUfileOpError") == 0) {
		return;
	}
	snprintf(text, sizeof(text), "F0101 10:00:00.1 x.cc:45] Check "
	    "failed: err == %s (%ld vs. 0) : x", ok->name, c->value);
	check(h, c, "glog's CHECK_EQ", text, 0);
}

/* Blender Cycles' spelling of a driver API code, in its two forms: the
 * code named by its number (the runtime's code of the same number where
 * the runtime's words come first: they mean the same). */
static void
cycles(cds_handle_t *h, const struct cds_code *c)
{
	static const char *const fmts[] = {
		"CUDA error: %s in cuCtxSynchronize(), line 1372",
		"%s in CUDA queue copy_from_device (integrator_shade_surface)",
	};
	char spelled[64], text[256], num[24];
	size_t i, k;

	for (k = 0; c->name[11 + k] != '\0' && k + 1 < sizeof(spelled);
	    k++) {
		char ch = c->name[11 + k];

		spelled[k] = ch == '_' ? ' ' : k == 0 ? ch :
		    (char)tolower((unsigned char)ch);
	}
	spelled[k] = '\0';
	snprintf(num, sizeof(num), "%ld", c->value);
	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		struct cds_explanation *x;
		const struct cds_explain_match *m;
		const char *at = strstr(fmts[i], "%s");

		snprintf(text, sizeof(text), "%.*s%s%s", (int)(at - fmts[i]),
		    fmts[i], spelled, at + 2);
		x = cds_explain_text(h, text);
		m = code_match(x);
		tap_ok(m != NULL && cds_explain_title(m->id) != NULL &&
		    strcmp(cap(m, "code value"), num) == 0, "%s (%ld) as "
		    "Blender Cycles spells it: %s: %s", c->name, c->value,
		    text, m == NULL ? "no code named" : cap(m, "code"));
		cds_explanation_free(x);
		cds_clearerr(h);
	}
}

/* NVENC's codes as the Video Codec SDK's samples print them (every
 * code, by number), and as FFmpeg prints them: its words and the number
 * (libavcodec/nvenc.c's nvenc_errors[], FFmpeg/FFmpeg @ab0ef1abdf53,
 * copied here as the test's own oracle: SDK 12.1's
 * NV_ENC_ERR_NEED_MORE_OUTPUT is newer than it) */
static void
nvenc(cds_handle_t *h, const struct cds_code *c)
{
	static const char *const ffmpeg[] = { NULL, "no encode device",
	    "unsupported device", "invalid encoder device", "invalid device",
	    "device does not exist", "invalid ptr", "invalid event",
	    "invalid param", "invalid call", "out of memory",
	    "encoder not initialized", "unsupported param", "lock busy",
	    "not enough buffer", "invalid version", "map failed",
	    "need more input", "encoder busy", "event not registered",
	    "generic error", "incompatible client key", "unimplemented",
	    "resource register failed", "resource not registered",
	    "resource not mapped" };
	char text[256];

	snprintf(text, sizeof(text), "RuntimeError: NvEncoder : "
	    "m_nvenc.nvEncOpenEncodeSessionEx(&encodeSessionExParams, "
	    "&hEncoder) returned error %ld", c->value);
	check(h, c, "the Video Codec SDK samples' number", text, 0);
	if (c->value > 0 && (size_t)c->value <
	    sizeof(ffmpeg) / sizeof(ffmpeg[0])) {
		snprintf(text, sizeof(text), "[hevc_nvenc @ 0x55d5c0a0] "
		    "OpenEncodeSessionEx failed: %s (%ld): (no details)",
		    ffmpeg[c->value], c->value);
		check(h, c, "FFmpeg's words", text, 0);
	}
}

/* NCCL's words after "NCCL error: ", whole and cut to their first
 * clause, the part before the hint " (run with..." or " - please..." */
static void
nccl(cds_handle_t *h, const struct cds_code *c)
{
	const char *e = strstr(c->text, " (");
	const char *d = strstr(c->text, " - ");
	char text[256];

	snprintf(text, sizeof(text), "RuntimeError: NCCL error: %s", c->text);
	check(h, c, "after \"NCCL error: \"", text, 1);
	snprintf(text, sizeof(text), "node1: Test NCCL failure common.cu:1294 "
	    "'%s'", c->text);
	check(h, c, "nccl-tests' words", text, 1);
	snprintf(text, sizeof(text), "XlaRuntimeError: INTERNAL: "
	    "ncclCommInitRank(...) failed: %s", c->text);
	check(h, c, "XLA's words", text, 1);
	if (d != NULL && (e == NULL || d < e)) {
		e = d;
	}
	if (e != NULL) {
		snprintf(text, sizeof(text), "ncclCommInitRank failed with "
		    "error: NCCL error: %.*s", (int)(e - c->text), c->text);
		check(h, c, "its first clause", text, 1);
	}
}

/* WORDS ("NO_PERMISSION") as CamelCase ("NoPermission") into OUT */
static void
camel_of(const char *words, char *out, size_t n)
{
	const char *p;
	size_t k = 0;
	int up = 1;

	for (p = words; *p != '\0' && k + 1 < n; p++) {
		if (*p == '_') {
			up = 1;
			continue;
		}
		out[k++] = up ? *p : (char)tolower((unsigned char)*p);
		up = 0;
	}
	out[k] = '\0';
}

/* A driver API code without its "CUDA_", beside a driver call or
 * libcuda (CUDA.jl's and others' words), and by its CamelCase name
 * alone (Rust's cust) where one of its humps is a word only CUDA's
 * codes use; any other alone names no code. */
static void
unprefixed(cds_handle_t *h, const struct cds_code *c)
{
	static const char *const own[] = { "Ptx", "Jit", "Nvlink", "Mps",
		"Cdp", NULL };
	struct cds_explanation *x;
	const struct cds_explain_match *m;
	char text[256], camel[64];
	const char *p;
	size_t i, k;
	int alone = 0;

	snprintf(text, sizeof(text), "calling cuModuleLoad in libcuda fails "
	    "with %s", c->name + 5);
	check(h, c, "without CUDA_, beside a driver call", text, 1);
	camel_of(c->name + 11, camel, sizeof(camel));
	for (i = 0; own[i] != NULL; i++) {
		p = strstr(camel, own[i]);
		alone |= p != NULL && !islower((unsigned char)p[strlen(own[i])]);
	}
	/* rustacuda's and cust's name in a Rust panic of a CUDA source:
	 * the name, "Error" added where it does not end so */
	k = strlen(camel);
	snprintf(text, sizeof(text), "thread 'main' panicked at "
	    "risc0/zkp/src/hal/cuda.rs:434:63:\ncalled `Result::unwrap()` on "
	    "an `Err` value: %s%s", camel, k >= 5 &&
	    strcmp(camel + k - 5, "Error") == 0 ? "" : "Error");
	check(h, c, "a Rust panic's value", text, 0);
	snprintf(text, sizeof(text), "Error: %s", camel);
	x = cds_explain_text(h, text);
	m = code_match(x);
	tap_ok(alone ? m != NULL && cds_explain_title(m->id) != NULL &&
	    strcmp(cap(m, "code value"), "0") != 0 : m == NULL,
	    "%s as \"%s\" alone: %s (%s)", c->name, text, m == NULL ?
	    "no code named" : cap(m, "code"), alone ? "a word of CUDA's own" :
	    "no word of CUDA's own");
	cds_explanation_free(x);
	cds_clearerr(h);
}


/* pynvml's class: NVML_ERROR_NO_PERMISSION is NVMLError_NoPermission;
 * cuda-python's cuda.bindings._nvml: NoPermissionError (earlier
 * NoPermission) */
static void
pynvml(cds_handle_t *h, const struct cds_code *c)
{
	char text[256], cls[64];

	camel_of(c->name + 11, cls, sizeof(cls));
	snprintf(text, sizeof(text), "pynvml.NVMLError_%s: x", cls);
	check(h, c, "pynvml's class", text, 1);
	snprintf(text, sizeof(text), "cuda.bindings._nvml.%sError: x", cls);
	check(h, c, "cuda.bindings' class", text, 1);
	snprintf(text, sizeof(text), "E   cuda.bindings._nvml.%s", cls);
	check(h, c, "cuda.bindings' class before the Error suffix", text, 1);
	/* Modular's Mojo: the name without "ERROR_" */
	snprintf(text, sizeof(text), "ABORT: CUDA NVML library "
	    "initialization failed: NVML_%s", c->name + 11);
	check(h, c, "the name without ERROR_", text, 1);
}

/* An Xid as the NVIDIA kernel module logs it and as people write it: its
 * number names its row of NVIDIA's catalog, in the entry the catalog's
 * words say (a program's fault, the GPU off the bus, or any other Xid),
 * with the catalog's action when it gives one. */
static const char *const xid_forms[] = {
	"Nov 29 07:00:01 node7 kernel: NVRM: Xid (PCI:0000:3b:00): %ld, "
	    "pid=4242, name=python3, Ch 00000008",
	"[  812.113] NVRM: Xid (0000:01:00): %ld, C 00000005",
	"the job died and dmesg shows XID %ld on that node",
	NULL
};

static void
xid(cds_handle_t *h, const struct cds_code *c)
{
	struct cds_explanation *x;
	const struct cds_explain_match *m;
	const char *want = "GPU-XID", *act;
	char text[256];

	forms(h, c, xid_forms, 0);
	if (c->value == 79) {
		want = "GPU-LOST";
	} else if (c->value == 13 || c->value == 31 || c->value == 43 ||
	    c->value == 137) {
		want = "CUDA-FAULT";
	}
	snprintf(text, sizeof(text), "kernel: NVRM: Xid (PCI:0000:3b:00): "
	    "%ld, pid=1, name=x", c->value);
	x = cds_explain_text(h, text);
	m = code_match(x);
	act = m != NULL ? cap(m, "code action") : NULL;
	tap_ok(m != NULL && strcmp(m->id, want) == 0 &&
	    (c->action == NULL ? act == NULL : act != NULL &&
	    strcmp(act, c->action) == 0), "Xid %ld: %s, action %s",
	    c->value, m != NULL ? m->id : "none", act != NULL ? act : "none");
	cds_explanation_free(x);
	cds_clearerr(h);
}

/* The shortest start of C's name that no other name begins with (one
 * longer than its enum's prefix at least, as a word to be read as a code
 * must be), or 0 when only the whole name is C's. */
static size_t
shortest_cut(const struct cds_code *c)
{
	const struct cds_code *o;
	size_t n, i, len = strlen(c->name);

	for (n = 5; n < len; n++) {
		for (i = 0; (o = cds_code_at(i)) != NULL; i++) {
			if (strcmp(o->name, c->name) != 0 &&
			    strncmp(o->name, c->name, n) == 0) {
				break;
			}
		}
		if (o == NULL) {
			return n;
		}
	}
	return 0;
}

/* C's name cut short where a paste ends, as short as it is still C's
 * alone: C; in the middle of a text, or shorter, none. */
static void
cut(cds_handle_t *h, const struct cds_code *c)
{
	struct cds_explanation *x;
	size_t n = shortest_cut(c);
	char text[256];

	if (n == 0) {
		return;
	}
	snprintf(text, sizeof(text), "Status Message: CUDA error %.*s",
	    (int)n, c->name);
	check(h, c, "cut short where the text ends", text, 1);
	snprintf(text, sizeof(text), "%.*s is in the middle", (int)n,
	    c->name);
	x = cds_explain_text(h, text);
	tap_ok(code_match(x) == NULL, "%s cut to \"%.*s\" mid-text names "
	    "no code: %s", c->name, (int)n, c->name, code_match(x) != NULL ?
	    cap(code_match(x), "code") : "none");
	cds_explanation_free(x);
	if (n == 5) {
		return;		/* shorter is no code's word */
	}
	snprintf(text, sizeof(text), "Status Message: %.*s", (int)n - 1,
	    c->name);
	x = cds_explain_text(h, text);
	tap_ok(code_match(x) == NULL || strcmp(cap(code_match(x), "code"),
	    c->name) != 0, "%s cut to \"%.*s\", "
	    "which other names begin with, is not it", c->name, (int)n - 1,
	    c->name);
	cds_explanation_free(x);
	cds_clearerr(h);
}

/* The words of nvcc's front end, GCC (in a UTF-8 locale and not), Clang
 * and MSVC for a name they do not know. */
static const char *const undeclared_forms[] = {
	"x.cu(12): error: identifier \"%s\" is undefined",
	"x.cpp:93:14: error: \xe2\x80\x98%s\xe2\x80\x99 was not declared "
	    "in this scope",
	"x.cpp:93:14: error: '%s' was not declared in this scope",
	"x.cpp:93:14: error: use of undeclared identifier '%s'",
	"x.cpp(93): error C2065: '%s': undeclared identifier",
	NULL
};

/* C's name in a compiler's error: the code is used, not returned, so
 * API-GONE (not the code's own entry), naming it; where the newest
 * headers here lack it, with the last release that has it. */
static void
undeclared(cds_handle_t *h, const struct cds_code *c)
{
	const char *newest = NULL, *last = cds_code_gone(c->name, &newest);
	char text[256];
	size_t i;

	for (i = 0; undeclared_forms[i] != NULL; i++) {
		/* the form's one "%s", filled (forms are data, as forms()'s) */
		const char *form = undeclared_forms[i], *at = strchr(form, '%');
		struct cds_explanation *x;
		const char *sym, *l;

		snprintf(text, sizeof(text), "%.*s%s%s", (int)(at - form), form,
		    c->name, at + 2);
		x = cds_explain_text(h, text);
		sym = x != NULL && x->nmatches > 0 ?
		    cap(&x->matches[0], "symbol") : NULL;
		l = sym != NULL ? cap(&x->matches[0], "last release with it") :
		    NULL;
		tap_ok(x != NULL && x->nmatches > 0 &&
		    strcmp(x->matches[0].id, "API-GONE") == 0 && sym != NULL &&
		    strcmp(sym, c->name) == 0 && (last == NULL ? l == NULL :
		    l != NULL && strcmp(l, last) == 0) && code_match(x) == NULL,
		    "%s in a compiler's words (form %zu): %s, last release %s",
		    c->name, i, x != NULL && x->nmatches > 0 ?
		    x->matches[0].id : "none", l != NULL ? l : "-");
		cds_explanation_free(x);
		cds_clearerr(h);
	}
}

/* The name of a code the table lists twice (for one enum and major), or
 * NULL: the words older releases say for a code are not rows of their
 * own. */
static const char *
once(void)
{
	const struct cds_code *a, *b;
	size_t i, j;

	for (i = 0; (a = cds_code_at(i)) != NULL; i++) {
		for (j = i + 1; (b = cds_code_at(j)) != NULL; j++) {
			if (a->major == b->major &&
			    strcmp(a->name, b->name) == 0 &&
			    strcmp(a->type, b->type) == 0) {
				return a->name;
			}
		}
	}
	return NULL;
}

int
main(void)
{
	const struct cds_code *c;
	struct cds_explanation *x;
	cds_handle_t *h;
	char text[512];
	int err, n = 0;
	size_t i;

	h = cds_new("/", &err);
	if (h == NULL) {
		tap_plan(1);
		tap_ok(0, "cds_new: %d", err);
		return 1;
	}
	for (i = 0; (c = cds_code_at(i)) != NULL; i++) {
		if (c->value == 0) {
			continue;	/* success */
		}
		n++;
		if (strcmp(c->type, "Xid") == 0) {
			xid(h, c);	/* logged by number, never by name */
			continue;
		}
		snprintf(text, sizeof(text), "Error: %s", c->name);
		check(h, c, "by name", text, 1);
		snprintf(text, sizeof(text), "ERROR 10:00 x.py:1] failed: %s: "
		    "...", c->name);
		check(h, c, "by name in a log line", text, 1);
		if (strcmp(c->type, "cudaError_t") == 0) {
			forms(h, c, runtime_numbers, 0);
			if (unique_words(c)) {
				forms(h, c, runtime_words, 1);
				retyped(h, c);
			}
		} else if (strcmp(c->type, "CUresult") == 0 &&
		    cds_code_of("cudaError_t", 0, c->value) == NULL) {
			/* a number the runtime has too reads as the
			 * runtime's where nothing says which */
			forms(h, c, driver_numbers, 0);
		} else if (strcmp(c->type, "CUresult") == 0) {
			forms(h, c, driver_numbers, 0);
		}
		if (strcmp(c->type, "CUresult") == 0 && unique_words(c) &&
		    strcmp(c->text, "-") != 0) {
			/* DeepEP's CU_CHECK: the call, then the words */
			snprintf(text, sizeof(text), "call='cuMemCreate(&handle, "
			    "size, &prop, 0)' Reason=%s.", c->text);
			check(h, c, "the driver's words after its call", text, 1);
			/* MSCCL++'s CuError */
			snprintf(text, sizeof(text), "mscclpp._mscclpp.CuError: "
			    "(%ld, 'Call to cuMemCreate(&h, n, &prop, 0 ) failed."
			    "/src/gpu_utils.cc:113 (Cu failure: %s)')", c->value,
			    c->text);
			check(h, c, "MSCCL++'s words", text, 1);
			/* PyCUDA's exception, its own routine's name */
			snprintf(text, sizeof(text), "pycuda._driver.LogicError: "
			    "explicit_context_dependent failed: %s - no currently "
			    "active context?", c->text);
			check(h, c, "PyCUDA's exception", text, 1);
		}
		if (strncmp(c->name, "CUDA_ERROR_", 11) == 0) {
			cycles(h, c);
			unprefixed(h, c);
		} else if (strcmp(c->type, "OptixResult") == 0) {
			snprintf(text, sizeof(text), "Optix call "
			    "(optixInit()) failed with code %ld (line 157)",
			    c->value);
			check(h, c, "the OptiX SDK's check", text, 0);
		} else if (strcmp(c->type, "cudaError_t") == 0 &&
		    c->value > 0) {
			snprintf(text, sizeof(text), "cub/detail/"
			    "device_memory_resource.cuh:66 ::cudaMallocAsync "
			    "x y(%ld): allocate failed", c->value);
			check(h, c, "CCCL's throw", text, 0);
		} else if (strcmp(c->type, "cublasStatus_t") == 0) {
			forms(h, c, cublas_numbers, 0);
		} else if (strcmp(c->type, "ncclResult_t") == 0) {
			nccl(h, c);
		} else if (strcmp(c->type, "NVENCSTATUS") == 0) {
			nvenc(h, c);
		} else if (strcmp(c->type, "CUfileOpError") == 0 &&
		    unique_words(c)) {
			/* libcufile's log and KvikIO's exception: the
			 * header's own words after the call */
			snprintf(text, sizeof(text), " 06-04-2026 14:59:16:997 "
			    "[pid=1 tid=1] ERROR  cufio:339 cuFileHandleRegister "
			    "error: %s", c->text);
			check(h, c, "cufile.log's words", text, 1);
			snprintf(text, sizeof(text), "RuntimeError: cuFile error "
			    "at: /k/cpp/src/shim/cufile.cpp:102: %s", c->text);
			check(h, c, "KvikIO's exception", text, 1);
		} else if (strncmp(c->name, "NVML_ERROR_", 11) == 0) {
			pynvml(h, c);
			if (unique_words(c)) {
				snprintf(text, sizeof(text), "error visiting "
				    "device: error getting device memory "
				    "info: %s", c->text);
				check(h, c, "the device plugin's chain", text,
				    1);
				/* a program's own words for nvmlInit()
				 * failing, NVML's words after them */
				snprintf(text, sizeof(text), "[monitor] "
				    "nvmlInit failed: %s", c->text);
				check(h, c, "nvmlInit failed: and its words",
				    text, 1);
				snprintf(text, sizeof(text), "WARNING: NVML "
				    "initialization failed: %s", c->text);
				check(h, c, "NVML initialization failed: and "
				    "its words", text, 1);
				snprintf(text, sizeof(text), "the app: unable "
				    "to initialize NVML: %s", c->text);
				check(h, c, "unable to initialize NVML: and "
				    "its words", text, 1);
			}
			/* go-nvml's String(): the name without "NVML_" */
			snprintf(text, sizeof(text), "error starting plugins: "
			    "nvml init failed: %s", c->name + 5);
			check(h, c, "go-nvml's name", text, 1);
		}
		glog(h, c);
		cut(h, c);
		if (strncmp(c->name, "cuda", 4) != 0 &&
		    strncmp(c->name, "nccl", 4) != 0 &&
		    strncmp(c->name, "OPTIX_", 6) != 0 &&
		    strncmp(c->name, "NV_ENC_", 7) != 0) {
			undeclared(h, c);
		}
	}
	tap_ok(n > 100, "the table has %d failure codes", n);
	for (i = 0, n = 0; (c = cds_code_at(i)) != NULL; i++) {
		n += strcmp(c->type, "Xid") == 0;
	}
	tap_ok(n == 172 && cds_code_of("Xid", 0, 172) != NULL,
	    "the Xid catalog's 172 rows: %d", n);
	for (i = 0, n = 0; (c = cds_code_at(i)) != NULL; i++) {
		n += strcmp(c->type, "OptixResult") == 0;
	}
	tap_ok(n == 34 && cds_code_of("OptixResult", 0, 7804) != NULL,
	    "OptiX 7.0's 34 result codes: %d", n);
	for (i = 0, n = 0; (c = cds_code_at(i)) != NULL; i++) {
		n += strcmp(c->type, "NVENCSTATUS") == 0;
	}
	tap_ok(n == 27 && cds_code_of("NVENCSTATUS", 0, 26) != NULL,
	    "NVENC SDK 12.1's 27 status codes: %d", n);
	for (i = 0, n = 0; (c = cds_code_at(i)) != NULL; i++) {
		n += strcmp(c->type, "CUfileOpError") == 0;
	}
	tap_ok(n == 37 && cds_code_of("CUfileOpError", 0, 5001) != NULL &&
	    cds_code_of("CUfileOpError", 0, 5039) == NULL,
	    "cuFile 1.9's 37 codes, without its CU_FILE_IO_MAX_ERROR bound: %d",
	    n);
	/* FFmpeg's words for NVENC only with their number, on a line that
	 * names an encoder besides them */
	x = cds_explain_text(h, "cudaMalloc failed: out of memory (2)\n"
	    "worker: encoder busy (18)\nbuffer: out of memory (10)");
	for (i = 0, n = 0; i < x->nmatches; i++) {
		n += strncmp(cap(&x->matches[i], "code library"), "NVENC",
		    5) == 0;
	}
	tap_ok(n == 0 && x->nmatches > 0, "FFmpeg's NVENC words need "
	    "their number and an encoder's name: %d NVENC codes named", n);
	cds_explanation_free(x);
	/* an NVSwitch's SXid is of another catalog, and a number after
	 * a word ending in "xid" is none */
	x = cds_explain_text(h, "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): "
	    "79, Non-fatal, Link 32 egress non-posted PRIV error\n"
	    "checked the oxid 79 sensor");
	tap_ok(code_match(x) == NULL, "SXid 79 and \"oxid 79\" name no "
	    "Xid: %s", code_match(x) != NULL ? code_match(x)->id : "none");
	cds_explanation_free(x);
	/* go-nvml's names only where the line speaks of NVML */
	x = cds_explain_text(h, "open(): ERROR_NOT_FOUND while reading "
	    "config.toml");
	tap_ok(code_match(x) == NULL, "ERROR_NOT_FOUND without NVML names "
	    "no code: %s", code_match(x) != NULL ? code_match(x)->id : "none");
	cds_explanation_free(x);
	{
		const char *newest = NULL,
		    *last = cds_code_gone("CUFFT_PARSE_ERROR", &newest);

		tap_ok(last != NULL && strcmp(last, "12.5") == 0 &&
		    strcmp(newest, "13.0") == 0, "CUFFT_PARSE_ERROR: in the "
		    "headers of 12.5, not 13.0's: %s, %s", last != NULL ? last :
		    "-", newest != NULL ? newest : "-");
		tap_ok(cds_code_gone("CUFFT_INTERNAL_ERROR", &newest) == NULL,
		    "CUFFT_INTERNAL_ERROR: in the newest headers");
	}
	tap_ok(once() == NULL, "each code once, with its newest words: %s",
	    once() == NULL ? "yes" : once());
	cds_free(h);
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
