/*
 * explain.c - `cudnn-setup explain`: recognise a failure from the text a
 * program printed (paths, versions and symbols may differ from the
 * catalogue's: the patterns capture them), say what it means, and run the
 * checks that tell its known causes apart on this machine: doctor's rules,
 * plus checks driven by what the message names (the library it could not
 * open, the file that failed, the cuDNN it loaded, the GPU's architecture)
 * and by what the entry's causes ask about (the driver, the framework's
 * build).  A cause is claimed only when a finding's evidence shows it.
 * The patterns are explain_patterns.c's, the catalogue explain_table.c's,
 * the checks explain_checks.c's; the status codes are read by codes.c.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/aptfix.h"
#include "base/strmap.h"
#include "doctor/codes.h"
#include "scan/container.h"
#include "scan/dynprobe.h"
#include "doctor/explain.h"
#include "doctor/explain_checks.h"
#include "doctor/explain_patterns.h"
#include "doctor/explain_table.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "scan/loader.h"
#include "read/manifest.h"
#include "doctor/pkgfix.h"
#include "scan/scan.h"
#include "base/version.h"

#define NENTRIES cds_explain_nentries

/* Where the fix of a container's failure is made: "host" (how the
 * container is started, or the host's driver and toolkit: doctor is run
 * there) or "container" (its image). */
static const struct {
	const char *id, *side;
} sides[] = {
	{ "CTR-RUNTIME", "host" }, { "CTR-CGROUP", "host" },
	{ "CTR-HOST-DRIVER", "host" }, { "CTR-BAKED", "container" },
	{ "CTR-WSL", "host" }, { "CTR-CDI", "host" }, { "CTR-PERM", "host" },
	{ "CTR-K8S", "host" }, { "CTR-ROOTLESS", "host" },
	{ "CTR-GVISOR", "host" }, { "CTR-LDCONFIG", "host" },
	{ "CTR-DRIVER-IMAGE", "host" },
	{ "CUDA-IMAGE-GONE", "container" },
};

static const char *
entry_side(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		if (strcmp(sides[i].id, id) == 0) {
			return sides[i].side;
		}
	}
	return NULL;
}

#define NPATTERNS cds_explain_npatterns
#define patterns cds_explain_patterns

static const struct entry_def *
entry_of(const char *id)
{
	size_t i;

	for (i = 0; i < NENTRIES; i++) {
		if (strcmp(cds_explain_entries[i].id, id) == 0) {
			return &cds_explain_entries[i];
		}
	}
	return NULL;
}

const char *
cds_explain_title(const char *id)
{
	const struct entry_def *e = entry_of(id);

	return e != NULL ? _(e->title) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Recognition                                                               */
/* ------------------------------------------------------------------------ */

/*
 * The work is linear in the text: each pattern looks for its key with
 * strcasestr() (two-way, linear), is tried at the first MAXTRIES places
 * only, and its regular expression, anchored there, sees at most KEYRUN
 * bytes before the key and WINDOW after it.  Unanchored expressions with
 * `[^ ...]*` cost the square of a run of non-blank text.
 */
#define KEYRUN 512
#define WINDOW 1024
#define MAXTRIES 64
#define NGROUPS 12

static void
capture_add(struct cds_explain_match *m, const char *key, const char *val,
    size_t n)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			char *v = cds_xasprintf("%s.%.*s", m->captures[i].value,
			    (int)n, val);

			free(m->captures[i].value);
			m->captures[i].value = v;
			return;
		}
	}
	m->captures = cds_xreallocarray(m->captures, m->ncaptures + 1,
	    sizeof(*m->captures));
	m->captures[m->ncaptures].key = cds_xstrdup(key);
	m->captures[m->ncaptures].value = cds_xstrndup(val, n);
	m->ncaptures++;
}

/* Versions printed as integers: JAX's and old PyTorch's cuDNN (8600 is
 * 8.6.0, 90100 9.1.0), PyTorch's driver CUDA (11040 is 11.4). */
static void
dotted_versions(struct cds_explain_match *m)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		const char *k = m->captures[i].key;
		char *v = m->captures[i].value;
		long n;

		if (strchr(v, '.') != NULL || (n = atol(v)) < 1000) {
			continue;
		}
		if (strcmp(k, "driver_cuda") == 0) {
			m->captures[i].value = cds_xasprintf("%ld.%ld",
			    n / 1000, (n % 1000) / 10);
		} else if (strcmp(k, "runtime") == 0 ||
		    strcmp(k, "compiled") == 0) {
			m->captures[i].value = n >= 90000 ?
			    cds_xasprintf("%ld.%ld.%ld", n / 10000,
			    (n % 10000) / 100, n % 100) :
			    cds_xasprintf("%ld.%ld.%ld", n / 1000,
			    (n % 1000) / 100, n % 100);
		} else {
			continue;
		}
		free(v);
	}
}

/*
 * A library named by its Windows DLL ("cublas64_12.dll", "cudart64_110.dll",
 * "nvrtc64_112_0.dll") is looked up here by the Linux soname of the same
 * release: the stem before "64_", then the number after it, whose last digit
 * is the minor when it has three ("110" is 11.0, "112" 11.2: CUDA 11 kept
 * a minor in some sonames; CUDA 12 and later have the major only, but for
 * NVRTC's builtins).  The DLL's own name is kept as "windows name".
 */
/* The soname of the DLL of STEM (STEMLEN bytes) and the D DIGITS after its
 * "64_", by that rule (binding_soname() uses it too). */
static char *
dll_rule(const char *stem, size_t stemlen, const char *digits, size_t d)
{
	/* NVRTC's builtins keep the minor in every release (soname-rules'
	 * "cudaminor": libnvrtc-builtins.so.13.0, nvrtc-builtins64_129.dll) */
	int minor = stemlen == 14 && strncmp(stem, "nvrtc-builtins", 14) == 0;

	if (d == 3 && (minor || strncmp(digits, "12", 2) < 0)) {
		return cds_xasprintf("lib%.*s.so.%.2s.%c", (int)stemlen, stem,
		    digits, digits[2]);
	}
	return cds_xasprintf("lib%.*s.so.%.*s", (int)stemlen, stem,
	    d == 3 ? 2 : (int)d, digits);
}

/* How much of capture KEY, the N bytes at V, to keep: a library's name
 * ("missing", "library") without the full stop of the sentence it ends
 * ("failed to open libnvrtc-builtins.so.12.1."), which the patterns'
 * "\\.so[.0-9]*" takes; a soname never ends in one. */
static size_t
soname_len(const char *key, const char *v, size_t n)
{
	size_t i;

	if (strcmp(key, "missing") != 0 && strcmp(key, "library") != 0) {
		return n;
	}
	for (i = 0; i + 3 < n && memcmp(v + i, ".so", 3) != 0; i++) {
	}
	/* a ".so" before the last byte: drop the stops after it */
	while (i + 3 < n && v[n - 1] == '.') {
		n--;
	}
	return n;
}

/* A match's "missing" or "library" that is a DLL, as its soname. */
static void
dll_soname(struct cds_explain_match *m)
{
	size_t i, stem, digits;
	char *v, *at;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, "missing") == 0 ||
		    strcmp(m->captures[i].key, "library") == 0) {
			break;
		}
	}
	if (i == m->ncaptures) {
		return;
	}
	v = m->captures[i].value;
	if (!cds_endswith(v, ".dll") || (at = strstr(v, "64_")) == NULL) {
		return;
	}
	stem = (size_t)(at - v);
	digits = strspn(at + 3, "0123456789");
	m->captures[i].value = dll_rule(v, stem, at + 3, digits);
	capture_add(m, "windows name", v, strlen(v));
	free(v);
}

/* A C++ name whose underscores an issue tracker's Markdown made
 * emphasis ("*ZNK3c1017SymbolicShapeMeta18init*is_contiguousEv"): the
 * name as the linker printed it. */
static void
markdown_symbol(struct cds_explain_match *m)
{
	size_t i;
	char *c;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, "symbol") != 0 ||
		    strncmp(m->captures[i].value, "*Z", 2) != 0) {
			continue;
		}
		for (c = m->captures[i].value; *c != '\0'; c++) {
			if (*c == '*') {
				*c = '_';
			}
		}
	}
}

/* Where the word just before offset K starts: back over a quote that
 * opens the key ("file `nvidia-smi`"), blanks and one ':' ("FILE:
 * undefined symbol", "FILE :undefined symbol"), then over the word; at
 * most KEYRUN bytes back. */
static size_t
word_before(const char *text, size_t k)
{
	size_t lim = k > KEYRUN ? k - KEYRUN : 0, i = k;

	if (i > lim && strchr("'\"`", text[i - 1]) != NULL) {
		i--;
	}
	while (i > lim && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
		i--;
	}
	if (i > lim && text[i - 1] == ':') {
		i--;
	}
	while (i > lim && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
		i--;
	}
	while (i > lim && strchr(" \t\r\n'\"`([{=,:", text[i - 1]) == NULL) {
		i--;
	}
	return i;
}

/* Pattern P at the places of its key in F's text: fill M at the first
 * match.  Its expression is compiled at the first place of its key (most
 * texts hold few keys).  Returns 1 when it matched. */
static int
match_pattern(const struct pattern *p, const struct cds_folded *f,
    struct cds_explain_match *m)
{
	const char *text = f->text, *at = text;
	size_t len = f->len;
	char *win = NULL;
	regex_t re;
	int tries, found = 0;

	if (p->context != NULL && (p->context[0] == '!' ?
	    cds_folded_find(f, text, p->context + 1) != NULL :
	    cds_folded_find(f, text, p->context) == NULL)) {
		return 0;
	}
	for (tries = 0; !found && tries < MAXTRIES &&
	    (at = cds_folded_find(f, at, p->key)) != NULL; tries++, at++) {
		size_t k = (size_t)(at - text), end, starts[2], s, j;
		regmatch_t g[NGROUPS];
		int ns = 0;

		if (win == NULL) {
			char *anchored = cds_xasprintf("^(%s)", p->re);
			int bad = regcomp(&re, anchored,
			    REG_EXTENDED | REG_ICASE) != 0;

			free(anchored);
			if (bad) {
				return 0;	/* a bad row: the tests fail */
			}
			win = cds_xmalloc(KEYRUN + WINDOW + 1);
		}

		if (p->back && word_before(text, k) < k) {
			starts[ns++] = word_before(text, k);
		}
		starts[ns++] = k;
		end = len - k > WINDOW ? k + WINDOW : len;
		for (s = 0; !found && s < (size_t)ns; s++) {
			memcpy(win, text + starts[s], end - starts[s]);
			win[end - starts[s]] = '\0';
			if (regexec(&re, win, NGROUPS, g, 0) != 0) {
				continue;
			}
			found = 1;
			m->offset = starts[s] + (size_t)g[0].rm_so;
			m->text = cds_xstrndup(win + g[0].rm_so,
			    (size_t)(g[0].rm_eo - g[0].rm_so));
			/* group 1 is the "^(...)" around the pattern */
			for (j = 1; j < 10 && j + 1 < NGROUPS; j++) {
				if (p->names[j] != NULL &&
				    g[j + 1].rm_so >= 0) {
					capture_add(m, p->names[j],
					    win + g[j + 1].rm_so,
					    soname_len(p->names[j],
					    win + g[j + 1].rm_so,
					    (size_t)(g[j + 1].rm_eo -
					    g[j + 1].rm_so)));
				}
			}
		}
	}
	if (win != NULL) {
		regfree(&re);
		free(win);
	}
	if (found) {
		dotted_versions(m);
		dll_soname(m);
		markdown_symbol(m);
	}
	return found;
}

static void
match_free(struct cds_explain_match *m)
{
	size_t k;

	for (k = 0; k < m->ncaptures; k++) {
		free(m->captures[k].key);
		free(m->captures[k].value);
	}
	free(m->captures);
	free(m->text);
}

/* Is A (from pattern IA) better than B (from IB): lower rank, then
 * earlier in the text, then earlier in the table? */
static int
better(const struct cds_explain_match *a, size_t ia,
    const struct cds_explain_match *b, size_t ib)
{
	if (a->rank != b->rank) {
		return a->rank < b->rank;
	}
	if (a->offset != b->offset) {
		return a->offset < b->offset;
	}
	return ia < ib;
}

/* Does the message itself show a cause through row S: BY_MESSAGE, its
 * conditions (if any) on what X's matches captured (a capture KEY whose
 * value contains TEXT, "=TEXT" is TEXT, NULL any; ABSENT: none)? */
static int
said_by_message(const struct cds_explanation *x, const struct shows *s)
{
	size_t k;

	if (strcmp(s->id, BY_MESSAGE) != 0) {
		return 0;
	}
	for (k = 0; k < MAXCONDS && s->conds[k].key != NULL; k++) {
		const struct cond *co = &s->conds[k];
		const char *v = cds_explain_capture(x, co->key);
		int seen = v != NULL && (co->text == NULL || (co->text[0] ==
		    '=' ? strcmp(v, co->text + 1) == 0 : strstr(v, co->text) !=
		    NULL));

		if (co->absent ? seen : !seen) {
			return 0;
		}
	}
	return 1;
}

/* The distinct finding ids of cause CD, NULL-terminated (static strings in
 * a new array). */
static const char **
cause_ids(const struct cause_def *cd)
{
	const char **ids = cds_xcalloc(MAXSHOWS + 1, sizeof(*ids));
	size_t j, k, n = 0;

	for (j = 0; j < MAXSHOWS && cd->shows[j].id != NULL; j++) {
		if (strcmp(cd->shows[j].id, BY_MESSAGE) == 0) {
			continue;	/* no finding's */
		}
		for (k = 0; k < n && strcmp(ids[k], cd->shows[j].id) != 0;
		    k++) {
		}
		if (k == n) {
			ids[n++] = cd->shows[j].id;
		}
	}
	return ids;
}

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */

/* The entries about one code, by its enumerator (the driver API's and the
 * runtime's name of the same failure both). */
static const char *const code_ids[][2] = {
	{ "cudaErrorInsufficientDriver", "F16" },
	/* a call the installed driver does not have (CUDA 12.2+) */
	{ "cudaErrorCallRequiresNewerDriver", "F16" },
	{ "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER", "F16" },
	/* PTX or a cubin from a newer toolkit than the driver's */
	{ "cudaErrorUnsupportedPtxVersion", "F16" },
	{ "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "F16" },
	{ "cudaErrorInvalidPtx", "F16" }, { "CUDA_ERROR_INVALID_PTX", "F16" },
	{ "cudaErrorInvalidKernelImage", "F16" },
	{ "CUDA_ERROR_INVALID_IMAGE", "F16" },
	{ "cudaErrorNoDevice", "NO-DRIVER" },
	{ "CUDA_ERROR_NO_DEVICE", "NO-DRIVER" },
	{ "cudaErrorStubLibrary", "STUB-LIBCUDA" },
	{ "CUDA_ERROR_STUB_LIBRARY", "STUB-LIBCUDA" },
	{ "cudaErrorSystemDriverMismatch", "CUDA-803" },
	{ "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", "CUDA-803" },
	{ "cudaErrorCompatNotSupportedOnDevice", "F17" },
	{ "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "F17" },
	{ "cudaErrorSystemNotReady", "F18" },
	{ "CUDA_ERROR_SYSTEM_NOT_READY", "F18" },
	{ "cudaErrorUnknown", "CUDA-999" }, { "CUDA_ERROR_UNKNOWN", "CUDA-999" },
	{ "cudaErrorNoKernelImageForDevice", "F21" },
	/* "The requested device function does not exist or is not compiled
	 * for the proper device architecture." (driver_types.h, CUDA 13.0) */
	{ "cudaErrorInvalidDeviceFunction", "F21" },
	{ "CUDA_ERROR_NO_BINARY_FOR_GPU", "F21" },
	{ "CUDNN_STATUS_ARCH_MISMATCH", "F21" },
	{ "CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH", "F21" },
	{ "CUBLAS_STATUS_ARCH_MISMATCH", "F21" },
	{ "CUDNN_STATUS_MAPPING_ERROR", "F22" },
	{ "CUDNN_STATUS_NOT_INITIALIZED", "CUDNN-NOT-INITIALIZED" },
	{ "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED", "F2" },
	{ "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH", "F2" },
	{ "CUDNN_STATUS_VERSION_MISMATCH", "F2" },
	{ "CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING", "F5" },
	{ "NVML_ERROR_DRIVER_NOT_LOADED", "F20" },
	{ "NVML_ERROR_LIB_RM_VERSION_MISMATCH", "F19" },
	{ "NVML_ERROR_LIBRARY_NOT_FOUND", "DRIVER-LIB" },
	{ "NVML_ERROR_GPU_IS_LOST", "GPU-LOST" },
	{ "cudaErrorJitCompilerNotFound", "DRIVER-LIB" },
	{ "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", "DRIVER-LIB" },
	{ "cudaErrorDevicesUnavailable", "CUDA-BUSY" },
	{ "CUDA_ERROR_DEVICE_UNAVAILABLE", "CUDA-BUSY" },
	{ "cudaErrorInvalidDevice", "CUDA-ORDINAL" },
	{ "CUDA_ERROR_INVALID_DEVICE", "CUDA-ORDINAL" },
	{ "cudaErrorSharedObjectInitFailed", "CODE-INIT" },
	{ "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", "CODE-INIT" },
	{ "cudaErrorOperatingSystem", "CODE-INIT" },
	{ "CUDA_ERROR_OPERATING_SYSTEM", "CODE-INIT" },
	{ "cudaErrorLaunchOutOfResources", "GPU-RESOURCES" },
	{ "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "GPU-RESOURCES" },
	/* the Xids NVIDIA's catalog calls a program's own fault (13, 31,
	 * 43, 137) and the GPU off the bus (79); every other Xid is
	 * GPU-XID's */
	{ "ROBUST_CHANNEL_GR_EXCEPTION", "CUDA-FAULT" },
	{ "ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT", "CUDA-FAULT" },
	{ "ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR", "CUDA-FAULT" },
	{ "NVLINK_PRIV_ERR", "CUDA-FAULT" },
	{ "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS", "GPU-LOST" },
	/* OptiX's loader (optix_stubs.h): the driver's libnvoptix.so.1 not
	 * found, or one too old for the SDK's ABI or without its entry; an
	 * SDK newer than the driver says 7804 too (NVIDIA's OWL author,
	 * owl-project/owl#12), so that is F16's first cause */
	/* NVENC: a driver older than the Video Codec SDK the program was
	 * built with answers its structures' versions with
	 * NV_ENC_ERR_INVALID_VERSION; a session the driver will not open on
	 * a consumer GPU, out of memory or "incompatible client key" */
	{ "NV_ENC_ERR_INVALID_VERSION", "F16" },
	{ "NV_ENC_ERR_OUT_OF_MEMORY", "NVENC-SESSIONS" },
	{ "NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY", "NVENC-SESSIONS" },
	/* GPUDirect Storage: cuFile's codes about nvidia-fs, the device,
	 * the file and the platform (cufile.h's own words) */
	{ "CU_FILE_DRIVER_NOT_INITIALIZED", "GDS-DRIVER" },
	{ "CU_FILE_DRIVER_VERSION_MISMATCH", "GDS-DRIVER" },
	{ "CU_FILE_DRIVER_VERSION_READ_ERROR", "GDS-DRIVER" },
	{ "CU_FILE_NVFS_DRIVER_ERROR", "GDS-DRIVER" },
	{ "CU_FILE_NVFS_SETUP_ERROR", "GDS-DRIVER" },
	{ "CU_FILE_PLATFORM_NOT_SUPPORTED", "GDS-DRIVER" },
	{ "CU_FILE_IO_NOT_SUPPORTED", "GDS-DRIVER" },
	{ "CU_FILE_DEVICE_NOT_SUPPORTED", "GDS-DRIVER" },
	{ "OPTIX_ERROR_LIBRARY_NOT_FOUND", "F16" },
	{ "OPTIX_ERROR_UNSUPPORTED_ABI_VERSION", "F16" },
	{ "OPTIX_ERROR_ENTRY_SYMBOL_NOT_FOUND", "F16" },
};

/*
 * How near a text is to each entry, by the words they share.  An entry's
 * words are those of its patterns (their keys and the literal words of
 * their expressions) and of its title, meaning and causes: four letters
 * or more, folded.  A word in many entries says little ("could", "load",
 * "library"), one in few says much: each weighs the log of how many entries
 * there are over how many have it.  An entry's nearness is the weight of
 * its words the text holds over the length of all its words' weights (an
 * entry of many words is not near everything), and needs two words held.
 * Measured on the main corpus with each text's own patterns left out (the
 * way a text none of them knows is read): the entry the text is about was
 * among the three nearest for 462 of 859 texts, where the share of one
 * key's plain words found it for 268 (doc/findings.md).
 */
struct near_words {
	struct cds_strmap *index;	/* word -> its number + 1 */
	char **word;
	size_t n, cap;
};

struct near_list {
	size_t *id, n, cap;
};

/* The catalogue's words and their weights: the same in every call, made
 * once per process (near_init) and kept until it ends. */
static struct {
	char **word;		/* folded */
	double *weight;		/* by word */
	struct near_list *of;	/* by entry: its words */
	double *length;		/* by entry: the length of its weights */
	size_t nword;
} vocab;
static pthread_once_t vocab_once = PTHREAD_ONCE_INIT;

static size_t
near_word(struct near_words *w, const char *s, size_t len)
{
	char buf[64];
	void *known;
	size_t j;

	for (j = 0; j < len; j++) {
		buf[j] = (char)tolower((unsigned char)s[j]);
	}
	buf[len] = '\0';
	if ((known = cds_strmap_get(w->index, buf)) != NULL) {
		return (size_t)(uintptr_t)known - 1;
	}
	if (w->n == w->cap) {
		w->cap = w->cap != 0 ? 2 * w->cap : 512;
		w->word = cds_xreallocarray(w->word, w->cap, sizeof(*w->word));
	}
	w->word[w->n] = cds_xstrdup(buf);
	cds_strmap_add(w->index, w->word[w->n], (void *)(uintptr_t)(w->n + 1));
	return w->n++;
}

/* The words of S (an expression's, with ESCAPES: a backslash and the
 * character after it end a word) added to L, each once: MARK[word] is
 * TAG once it is there. */
static void
near_split(struct near_words *w, const char *s, int escapes,
    struct near_list *l, size_t **mark, size_t *nmark, size_t tag)
{
	const char *p = s, *q;

	while (p != NULL && *p != '\0') {
		size_t len, id;

		if (escapes && *p == '\\') {
			p += p[1] != '\0' ? 2 : 1;
			continue;
		}
		for (q = p; isalnum((unsigned char)*q); q++) {
		}
		len = (size_t)(q - p);
		p = *q != '\0' ? q + 1 : q;
		if (len < 4 || len >= 64) {
			continue;
		}
		id = near_word(w, q - len, len);
		if (id >= *nmark) {
			size_t old = *nmark;

			*nmark = 2 * (id + 1);
			*mark = cds_xreallocarray(*mark, *nmark, sizeof(**mark));
			memset(*mark + old, 0, (*nmark - old) * sizeof(**mark));
		}
		if ((*mark)[id] != tag) {
			(*mark)[id] = tag;
			if (l->n == l->cap) {
				l->cap = l->cap != 0 ? 2 * l->cap : 64;
				l->id = cds_xreallocarray(l->id, l->cap,
				    sizeof(*l->id));
			}
			l->id[l->n++] = id;
		}
	}
}

static void
near_init(void)
{
	struct near_words w = { cds_strmap_new(0), NULL, 0, 0 };
	size_t *mark = NULL, nmark = 0, *df, i, j, k, nwith = 0;

	vocab.of = cds_xcalloc(NENTRIES, sizeof(*vocab.of));
	for (i = 0; i < NPATTERNS; i++) {
		for (k = 0; k < NENTRIES && strcmp(cds_explain_entries[k].id,
		    patterns[i].id) != 0; k++) {
		}
		if (k < NENTRIES) {
			near_split(&w, patterns[i].key, 0, &vocab.of[k], &mark,
			    &nmark, k + 1);
			near_split(&w, patterns[i].re, 1, &vocab.of[k], &mark,
			    &nmark, k + 1);
		}
	}
	for (k = 0; k < NENTRIES; k++) {
		const struct entry_def *e = &cds_explain_entries[k];
		struct near_list *l = &vocab.of[k];

		near_split(&w, e->title, 0, l, &mark, &nmark, k + 1);
		near_split(&w, e->meaning, 0, l, &mark, &nmark, k + 1);
		for (i = 0; i < MAXCAUSES && e->causes[i].text != NULL; i++) {
			near_split(&w, e->causes[i].text, 0, l, &mark, &nmark,
			    k + 1);
		}
		nwith += l->n > 0;
	}
	df = cds_xcalloc(w.n + 1, sizeof(*df));
	for (k = 0; k < NENTRIES; k++) {
		for (j = 0; j < vocab.of[k].n; j++) {
			df[vocab.of[k].id[j]]++;
		}
	}
	vocab.weight = cds_xcalloc(w.n + 1, sizeof(*vocab.weight));
	for (j = 0; j < w.n; j++) {
		vocab.weight[j] = log((double)nwith / (double)df[j]);
	}
	vocab.length = cds_xcalloc(NENTRIES, sizeof(*vocab.length));
	for (k = 0; k < NENTRIES; k++) {
		for (j = 0; j < vocab.of[k].n; j++) {
			double x = vocab.weight[vocab.of[k].id[j]];

			vocab.length[k] += x * x;
		}
		vocab.length[k] = sqrt(vocab.length[k]);
	}
	vocab.word = w.word;
	vocab.nword = w.n;
	cds_strmap_free(w.index, NULL);
	free(mark);
	free(df);
}

size_t
cds_explain_closest(const char *text, const char **ids, size_t max)
{
	double *best = cds_xcalloc(NENTRIES, sizeof(*best));
	unsigned char *held;
	struct cds_folded f;
	size_t j, k, n = 0;

	pthread_once(&vocab_once, near_init);
	held = cds_xcalloc(vocab.nword + 1, 1);
	cds_folded_init(&f, text, strlen(text));
	for (j = 0; j < vocab.nword; j++) {
		held[j] = vocab.weight[j] > 0 &&
		    cds_folded_find(&f, text, vocab.word[j]) != NULL;
	}
	for (k = 0; k < NENTRIES; k++) {
		double have = 0;
		size_t nheld = 0;

		for (j = 0; j < vocab.of[k].n; j++) {
			if (held[vocab.of[k].id[j]]) {
				have += vocab.weight[vocab.of[k].id[j]];
				nheld++;
			}
		}
		if (nheld >= 2 && vocab.length[k] > 0) {
			best[k] = have / vocab.length[k];
		}
	}
	while (n < max) {
		size_t top = NENTRIES;

		for (k = 0; k < NENTRIES; k++) {
			if (best[k] > 0 &&
			    strcmp(cds_explain_entries[k].id, "NAMES") != 0 &&
			    (top == NENTRIES || best[k] > best[top])) {
				top = k;
			}
		}
		if (top == NENTRIES) {
			break;
		}
		ids[n++] = cds_explain_entries[top].id;
		best[top] = 0;
	}
	cds_folded_free(&f);
	free(held);
	free(best);
	return n;
}

/* Any of the words, separated by '|', in NAME? */
static int
name_has(const char *name, const char *words)
{
	char buf[64];
	const char *w = words, *bar;

	while (*w != '\0') {
		size_t n = (bar = strchr(w, '|')) != NULL ? (size_t)(bar - w) :
		    strlen(w);

		snprintf(buf, sizeof(buf), "%.*s", (int)n, w);
		if (strstr(name, buf) != NULL) {
			return 1;
		}
		w += n + (bar != NULL);
	}
	return 0;
}

/* The entry that explains code C, and in *RANK how specific it is (an
 * entry of its own: 0; a kind read from its name: 1; nothing known: 2). */
static const char *
code_entry(const struct cds_code *c, int *rank)
{
	size_t i;

	*rank = 0;
	for (i = 0; i < sizeof(code_ids) / sizeof(code_ids[0]); i++) {
		if (strcmp(code_ids[i][0], c->name) == 0) {
			return code_ids[i][1];
		}
	}
	if (strcmp(c->type, "Xid") == 0) {
		return "GPU-XID";
	}
	*rank = 1;
	if (name_has(c->name, "ALLOC|OUT_OF_MEMORY|MemoryAllocation|"
	    "OutOfMemory")) {
		return "CUDA-OOM";
	}
	if (name_has(c->name, "NOT_INITIALIZED|INITIALIZATION_FAILED|"
	    "InitializationError|NotInitialized|SETUP_FAILED")) {
		return "CODE-INIT";
	}
	if (name_has(c->name, "IllegalAddress|ILLEGAL_ADDRESS|LaunchFailure|"
	    "LAUNCH_FAILED|LAUNCH_FAILURE|IllegalInstruction|"
	    "ILLEGAL_INSTRUCTION|Misaligned|MISALIGNED|Assert|ASSERT|"
	    "HardwareStack|HARDWARE_STACK|ECCUncorrectable|ECC_UNCORRECTABLE|"
	    "LaunchTimeout|LAUNCH_TIMEOUT|InvalidPc|INVALID_PC|"
	    "EXECUTION_FAILED|EXEC_FAILED")) {
		return "CUDA-FAULT";
	}
	if (name_has(c->name, "Invalid|INVALID|BAD_PARAM|NOT_SUPPORTED|"
	    "NotSupported|Unsupported|UNSUPPORTED")) {
		return "CODE-USAGE";
	}
	*rank = 2;
	return "CODE-OTHER";
}

/* The codes TEXT names, as matches of their entries: a code whose entry
 * a pattern matched already adds what it says to that match. */
static void
add_codes(struct cds_explanation *x, size_t **from, const char *text,
    size_t len)
{
	struct cds_code_hit *hits;
	size_t n = cds_codes_find(text, len, &hits), i, k;

	for (i = 0; i < n; i++) {
		const struct cds_code *c = hits[i].code;
		struct cds_explain_match m, *t;
		char num[24];
		int kind;
		const char *id = code_entry(c, &kind);

		for (k = 0; k < x->nmatches &&
		    strcmp(x->matches[k].id, id) != 0; k++) {
		}
		if (k == x->nmatches) {
			memset(&m, 0, sizeof(m));
			m.id = id;
			/* by name or words: as a pattern's key; a number in
			 * a wrapper's form, one less; a kind, less again.  An
			 * Xid is the driver's own report of what the GPU did,
			 * ahead of the codes a library returned after it */
			m.rank = strcmp(c->type, "Xid") == 0 ? 1 :
			    2 + hits[i].by_number + 2 * kind;
			m.offset = hits[i].offset;
			m.text = cds_xstrndup(text + hits[i].offset,
			    hits[i].len);
			x->matches = cds_xreallocarray(x->matches,
			    x->nmatches + 1, sizeof(*x->matches));
			*from = cds_xreallocarray(*from, x->nmatches + 1,
			    sizeof(**from));
			(*from)[x->nmatches] = NPATTERNS + i;
			x->matches[x->nmatches++] = m;
		}
		t = &x->matches[k];
		if (cds_explain_match_capture(t, "code") != NULL) {
			continue;	/* one code a match: the first */
		}
		snprintf(num, sizeof(num), "%ld", c->value);
		capture_add(t, "code", c->name, strlen(c->name));
		capture_add(t, "code value", num, strlen(num));
		capture_add(t, "code library", cds_code_library(c->type),
		    strlen(cds_code_library(c->type)));
		capture_add(t, "code says", c->text, strlen(c->text));
		if (c->action != NULL) {
			capture_add(t, "code action", c->action,
			    strlen(c->action));
		}
		if (hits[i].via != NULL) {
			capture_add(t, "printed by", hits[i].via,
			    strlen(hits[i].via));
		}
	}
	free(hits);
}

/* Every pattern over TEXT: the best match of each entry into X (FROM: the
 * pattern each match came from). */
/* The patterns match without case; a function of NVIDIA's APIs that M
 * names (its "symbol") must be spelt as the APIs spell them: a capital
 * after the prefix (cudaMalloc, cuMemCreate, nvmlInit_v2; a paste's
 * "CuMemCreate" too), not another program's cudaify_image.  The
 * libraries whose prefix is a longer lower-case word (cuptiActivity...,
 * cutensorCreate, custatevecCreate, cudssCreate, cudlaCreateDevice,
 * cuvidCreateDecoder) are named before "cu".  Other symbols (C++ names)
 * pass. */
static int
api_case(const struct cds_explain_match *m)
{
	static const char *const prefixes[] = { "cudnn", "cublas",
	    "cusparse", "cusolver", "cufft", "curand", "nvrtc", "nvJitLink",
	    "nccl", "nvml", "cupti", "cutensornet", "cutensor", "custatevec",
	    "cudensitymat", "cudss", "cudla", "cuvid", "cuda", "cu" };
	const char *sym = NULL;
	size_t i, n;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, "symbol") == 0) {
			sym = m->captures[i].value;
		}
	}
	for (i = 0; sym != NULL && i < sizeof(prefixes) / sizeof(*prefixes);
	    i++) {
		n = strlen(prefixes[i]);
		if (strncasecmp(sym, prefixes[i], n) == 0 &&
		    isalpha((unsigned char)sym[n])) {
			return isupper((unsigned char)sym[n]);
		}
	}
	return 1;
}

/* Does match M, if it names a driver API function as the one the
 * driver lacks, name one that came after CUDA 11.0 (older ones every
 * driver in use has)?  Adds the release it needs. */
static int
driver_api_new(struct cds_explain_match *m)
{
	const char *sym = cds_explain_match_capture(m, "driver function");
	char *v;
	int since;

	if (sym == NULL) {
		return 1;
	}
	if ((since = cds_driver_api_since(sym)) <= 11000) {
		return 0;
	}
	v = cds_xasprintf("%d.%d", since / 1000, since % 1000 / 10);
	capture_add(m, "needs CUDA", v, strlen(v));
	free(v);
	return 1;
}

/* Does match M name, as the NVIDIA name a compiler does not know, an
 * enumerator the newest headers of its enum no longer have?  Adds the
 * last release that has it.  Keeps the match either way. */
static int
enum_gone(struct cds_explain_match *m)
{
	const char *sym = cds_explain_match_capture(m, "symbol"), *last,
	    *newest;

	if (sym != NULL && strcmp(m->id, "API-GONE") == 0 &&
	    (last = cds_code_gone(sym, &newest)) != NULL) {
		capture_add(m, "last release with it", last, strlen(last));
		capture_add(m, "newest release", newest, strlen(newest));
	}
	return 1;
}

/*
 * A library name of a binding's own list, as a soname: a soname as is
 * ("libcublas.so.12"); a Windows name by dll_soname()'s rule
 * ("cufft64_12.dll", cudarc's bare "nvrtc64_120_5": the major, and for
 * CUDA 11 a minor); cudarc's "cufft.dll.13" by its major; a bare stem
 * ("cublas", "cublas64") by its development link "libcublas.so".  NULL
 * for anything else.  *ON_LINUX says whether a program on Linux opens that
 * name: a soname, or a bare name the binding makes "lib<name>.so" (only
 * the stem's is a real name: "libcublas64_12.so" is no one's).
 */
static char *
binding_soname(const char *name, size_t n, int *on_linux)
{
	char stem[64];
	int bare = 1;
	size_t k, d;

	*on_linux = 0;
	if (n >= 4 && strncmp(name, "lib", 3) == 0 &&
	    memmem(name, n, ".so", 3) != NULL) {
		*on_linux = 1;
		return cds_xstrndup(name, n);
	}
	if (n > 4 && strncasecmp(name + n - 4, ".dll", 4) == 0) {
		n -= 4;
		bare = 0;
	}
	for (k = 0; k < n && k < sizeof(stem) - 1 &&
	    (isalnum((unsigned char)name[k]) || name[k] == '_') &&
	    strncmp(name + k, "64_", 3) != 0; k++) {
		stem[k] = name[k];
	}
	stem[k] = '\0';
	if (k == 0 || (k < n && name[k] != '.' && strncmp(name + k, "64_",
	    3) != 0)) {
		return NULL;
	}
	if (k + 3 <= n && strncmp(name + k, "64_", 3) == 0) {
		d = strspn(name + k + 3, "0123456789");
		if (d == 0 || k + 3 + d != n) {
			return NULL;
		}
		return dll_rule(stem, k, name + k + 3, d);
	}
	if (k + 5 < n && strncasecmp(name + k, ".dll.", 5) == 0 &&
	    strspn(name + k + 5, "0123456789") == n - k - 5) {
		return cds_xasprintf("lib%s.so.%.*s", stem, (int)(n - k - 5),
		    name + k + 5);
	}
	if (k < n) {
		return NULL;
	}
	if (k > 2 && strcmp(stem + k - 2, "64") == 0) {
		stem[k - 2] = '\0';
		bare = 0;
	}
	*on_linux = bare;
	return cds_xasprintf("lib%s.so", stem);
}

/* Is WORD one of the words of LIST ("A, B")? */
static int
word_in(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; (p = strstr(p, word)) != NULL; p++) {
		if ((p == list || p[-1] == ' ') && (p[n] == ',' ||
		    p[n] == '\0')) {
			return 1;
		}
	}
	return 0;
}

/* WORD added to the words of *LIST ("A, B"), once. */
static void
word_add(char **list, const char *word)
{
	char *v;

	if (*list != NULL && word_in(*list, word)) {
		return;
	}
	v = *list == NULL ? cds_xstrdup(word) : cds_xasprintf("%s, %s",
	    *list, word);
	free(*list);
	*list = v;
}

/* Is SONAME one of the driver's libraries (libcuda, Windows' nvcuda,
 * NVML), which DRIVER-LIB is about? */
static int
driver_soname(const char *soname)
{
	return cds_startswith(soname, "libcuda.so") ||
	    cds_startswith(soname, "libnvcuda.so") ||
	    cds_startswith(soname, "libnvml.so") ||
	    cds_startswith(soname, "libnvidia-ml.so");
}

/* NV-HEADER's header, where it names one, must be NVIDIA's
 * (manifests/data/nv-headers.tsv): "foo.h: No such file or directory" of
 * another project is not. */
static int
nv_header_known(const struct cds_explain_match *m)
{
	const char *h;

	if (strcmp(m->id, "NV-HEADER") != 0) {
		return 1;
	}
	h = cds_explain_match_capture(m, "header");
	return h == NULL || cds_nv_header(h) != NULL;
}

/* Is SONAME by its stem one of NVIDIA's (cu*, nv*, npp*, nccl*), which a
 * binding's list is about? */
static int
nvidia_soname(const char *soname)
{
	static const char *const stems[] = { "libcu", "libnv", "libnpp",
		"libnccl" };
	size_t i;

	for (i = 0; i < sizeof(stems) / sizeof(*stems); i++) {
		if (cds_startswith(soname, stems[i])) {
			return 1;
		}
	}
	return 0;
}

/*
 * A binding's list of the names it tried (cudarc's "under the names
 * [...]" and "searched for library names: [...]", CUDA.jl's one name),
 * each as a soname: all of them as "known" (the releases the list knows),
 * those a program on Linux opens as "candidates" (all of them when none
 * is: a Windows list), the first of those as "missing"; explain checks
 * them here as it checks any library a message names.  Returns 0, and
 * the match is dropped, when the list is the driver's (DRIVER-LIB's) or
 * names nothing of NVIDIA's.
 */
static int
binding_list(struct cds_explain_match *m)
{
	const char *list = cds_explain_match_capture(m, "names");
	char *known = NULL, *lin = NULL, *so;
	const char *p, *q;
	int drv = 1, lx;

	if (list == NULL) {
		return 1;
	}
	for (p = list; *p != '\0'; p = q) {
		char name[128];
		size_t n, k, j = 0;

		p += strspn(p, " \t\n\"'`,");
		n = strcspn(p, " \t\"'`,");
		q = p + n;
		/* a name a terminal wrapped ("cu\ndart64_12.dll") is one */
		for (k = 0; k < n && j + 1 < sizeof(name); k++) {
			if (p[k] != '\n' && p[k] != '\r') {
				name[j++] = p[k];
			}
		}
		name[j] = '\0';
		if (j == 0 || (so = binding_soname(name, j, &lx)) == NULL) {
			continue;
		}
		if (!nvidia_soname(so)) {
			free(so);
			continue;
		}
		drv &= driver_soname(so);
		word_add(&known, so);
		if (lx) {
			word_add(&lin, so);
		}
		free(so);
	}
	if (known == NULL || drv) {
		free(known);
		free(lin);
		return 0;
	}
	so = lin != NULL ? lin : known;
	capture_add(m, "missing", so, strcspn(so, ","));
	capture_add(m, "candidates", so, strlen(so));
	capture_add(m, "known", known, strlen(known));
	free(known);
	free(lin);
	return 1;
}

/* Does match M, if it has the GPU's capability and the one a build was
 * made for as one program printed them (text-embeddings-inference:
 * "Runtime compute cap 87 is not compatible with compile time compute
 * cap 87"), name two different ones?  The same twice is the check's own
 * table at fault, not a build without the GPU. */
static int
caps_differ(const struct cds_explain_match *m)
{
	const char *gpu = cds_explain_match_capture(m, "gpu cap");
	const char *built = cds_explain_match_capture(m, "built for");

	return gpu == NULL || built == NULL || strcmp(gpu, built) != 0;
}

/* Does match M, if it has nvidia-smi's query columns ("memory.total
 * [MiB], memory.free [MiB]", the header from a memory column on) and a
 * row of values ("0, NVIDIA GB10, [N/A], [N/A]"), have "[N/A]" under a
 * memory column?  The columns align from the right; another column's
 * [N/A] (a laptop's power.draw) is not the memory query's. */
static int
memory_na(const struct cds_explain_match *m)
{
	const char *cols = cds_explain_match_capture(m, "columns");
	const char *vals = cds_explain_match_capture(m, "values");
	char **c, **v;
	size_t nc, nv, j;
	int na = 0;

	if (cols == NULL || vals == NULL) {
		return 1;
	}
	c = cds_strsplit(cols, ",", 1);
	v = cds_strsplit(vals, ",", 1);
	nc = cds_strv_len(c);
	nv = cds_strv_len(v);
	for (j = 0; j < nc && nc <= nv && !na; j++) {
		const char *h = c[j] + strspn(c[j], " \t");
		const char *x = v[nv - nc + j] + strspn(v[nv - nc + j], " \t");

		na = cds_startswith(h, "memory.") &&
		    cds_startswith(x, "[N/A]");
	}
	cds_strfreev(c);
	cds_strfreev(v);
	return na;
}

/* Is match M, if F13's, about a library of NVIDIA's outside the
 * driver?  The driver's own (libcuda, NVML) are DRIVER-LIB's. */
static int
not_driver_f13(const struct cds_explain_match *m)
{
	const char *lib = cds_explain_match_capture(m, "missing");

	return strcmp(m->id, "F13") != 0 || lib == NULL ||
	    !driver_soname(lib);
}

/* Does match M, if it has the version a library was linked against
 * ("linked") and the one loaded ("loaded", or F10's cuDNN "runtime"), show
 * the loaded one older?  TensorRT warns of any difference; only an older
 * one is a cause. */
static int
loaded_older(const struct cds_explain_match *m)
{
	const char *linked = cds_explain_match_capture(m, "linked");
	const char *loaded = cds_explain_match_capture(m, "loaded");

	if (loaded == NULL) {
		loaded = cds_explain_match_capture(m, "runtime");
	}
	return linked == NULL || loaded == NULL ||
	    cds_vercmp(loaded, linked) < 0;
}

/* A capability "X.Y" as 10 * X + Y; -1 for anything else. */
static int
cc_num(const char *s)
{
	int major, minor, n = 0;

	if (s == NULL || sscanf(s, "%d.%d%n", &major, &minor, &n) != 2 ||
	    s[n] != '\0' || minor > 9) {
		return -1;
	}
	return 10 * major + minor;
}

/* Does match M, if it has the GPU's capability and the build's range,
 * say what its entry does: CC-MINOR a later minor of the highest major
 * (its cubins run there), F21 any other capability outside the range? */
static int
cc_range_fits(const struct cds_explain_match *m)
{
	int cc = cc_num(cds_explain_match_capture(m, "cc")),
	    lo = cc_num(cds_explain_match_capture(m, "lowest")),
	    hi = cc_num(cds_explain_match_capture(m, "highest")), minor_on;

	if (lo < 0 || hi < 0) {
		return 1;
	}
	if (cc < 0) {
		return 0;
	}
	minor_on = cc > hi && cc / 10 == hi / 10;
	if (strcmp(m->id, "CC-MINOR") == 0) {
		return minor_on;
	}
	return !minor_on && (cc < lo || cc > hi);
}

/* Does match M, if it has the CUDA a program generates code with
 * ("toolkit") and the one the driver supports ("driver cuda"), name the
 * toolkit's as the later release? */
static int
toolkit_newer(const struct cds_explain_match *m)
{
	const char *tk = cds_explain_match_capture(m, "toolkit");
	const char *drv = cds_explain_match_capture(m, "driver cuda");
	int tmaj, tmin, dmaj, dmin;

	if (tk == NULL || drv == NULL) {
		return 1;
	}
	if (sscanf(tk, "%d.%d", &tmaj, &tmin) != 2 ||
	    sscanf(drv, "%d.%d", &dmaj, &dmin) != 2) {
		return 0;
	}
	return tmaj > dmaj || (tmaj == dmaj && tmin > dmin);
}

/* Does match M, if it has the GPU's architecture ("sm": 89) and the
 * list a build was made for ("supported": "sm_61, sm_86, sm_120"), say
 * what its entry does: CC-MINOR when the list has an earlier or the same
 * minor of the GPU's major (its cubins run there), F21 when it has
 * none? */
static int
sm_list_fits(const struct cds_explain_match *m)
{
	const char *sm = cds_explain_match_capture(m, "sm");
	const char *list = cds_explain_match_capture(m, "supported");
	const char *p;
	long gpu;
	int runs = 0;

	if (sm == NULL || list == NULL) {
		return 1;
	}
	gpu = strtol(sm, NULL, 10);
	for (p = strstr(list, "sm_"); p != NULL; p = strstr(p + 3, "sm_")) {
		long built = strtol(p + 3, NULL, 10);

		runs |= built / 10 == gpu / 10 && built <= gpu;
	}
	return strcmp(m->id, "CC-MINOR") == 0 ? runs : !runs;
}

static void
run_patterns(struct cds_explanation *x, size_t **fromp,
    const struct cds_folded *f)
{
	size_t *from = *fromp, i, k;

	for (i = 0; i < NPATTERNS; i++) {
		const struct pattern *p = &patterns[i];
		struct cds_explain_match m;
		int ok;

		memset(&m, 0, sizeof(m));
		m.id = p->id;
		m.rank = p->rank;
		ok = match_pattern(p, f, &m);
		if (ok && (!api_case(&m) || !driver_api_new(&m) ||
		    !enum_gone(&m) ||
		    !cc_range_fits(&m) || !binding_list(&m) ||
		    !caps_differ(&m) || !not_driver_f13(&m) ||
		    !memory_na(&m) || !loaded_older(&m) ||
		    !sm_list_fits(&m) || !toolkit_newer(&m) ||
		    !nv_header_known(&m))) {
			match_free(&m);
			ok = 0;
		}
		if (!ok) {
			continue;
		}
		/* one match per entry: the best */
		for (k = 0; k < x->nmatches &&
		    strcmp(x->matches[k].id, p->id) != 0; k++) {
		}
		if (k < x->nmatches) {
			if (better(&m, i, &x->matches[k], from[k])) {
				match_free(&x->matches[k]);
				x->matches[k] = m;
				from[k] = i;
			} else {
				match_free(&m);
			}
			continue;
		}
		x->matches = cds_xreallocarray(x->matches, x->nmatches + 1,
		    sizeof(*x->matches));
		from[x->nmatches] = i;
		x->matches[x->nmatches++] = m;
	}
}

/* Does the text name R's component, where R's soname does not carry an
 * NVIDIA mark of its own?  CUPTI's libcheckpoint.so and
 * libpcsamplingutil.so are names another project could have: they count
 * as NVIDIA's only beside the component's name ("cupti": a path under
 * extras/CUPTI, a profiler's words).  Any other name carries the mark
 * (libcu*, libnv*, libnccl*, libnpp*, the HPC SDK's libacc*). */
static int
own_name(const struct cds_soname *r, const char *text)
{
	static const char *const marks[] = {
		"libcu", "libnv", "libnccl", "libnpp", "libacc"
	};
	const char *comp = r->component;
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (cds_startswith(r->soname, marks[i])) {
			return 1;
		}
	}
	if (cds_startswith(comp, "cuda_")) {
		comp += 5;
	}
	return *comp != '\0' && strcasestr(text, comp) != NULL;
}

/* The generic rows' library (captured as "table soname": any name a
 * loader could not open) is one of NVIDIA's when the soname table
 * (manifests/data/sonames.tsv) has it, outside the driver's and cuDNN's
 * (their own rows read those): the match is kept, its capture named
 * "missing" as F13's own rows name it.  Any other library is no
 * evidence: the match is dropped.  FROM follows X's matches. */
static void
table_sonames(cds_handle_t *h, struct cds_explanation *x, size_t *from,
    const char *text)
{
	const struct cds_manifest *man = NULL;
	int loaded = 0;
	size_t k = 0, i;

	while (k < x->nmatches) {
		struct cds_explain_match *m = &x->matches[k];
		const struct cds_soname *r = NULL;
		struct cds_evidence *cap = NULL;

		for (i = 0; i < m->ncaptures; i++) {
			if (strcmp(m->captures[i].key, "table soname") == 0) {
				cap = &m->captures[i];
			}
		}
		if (cap == NULL) {
			k++;
			continue;
		}
		if (!loaded) {
			loaded = 1;
			if ((man = cds_manifest_load(h)) == NULL) {
				cds_clearerr(h);
			}
		}
		if (man != NULL) {
			r = cds_manifest_soname(man, cap->value);
		}
		if (r != NULL && strcmp(r->kind, "driver") != 0 &&
		    strcmp(r->kind, "cudnn") != 0 && own_name(r, text)) {
			free(cap->key);
			cap->key = cds_xstrdup("missing");
			k++;
			continue;
		}
		match_free(m);
		memmove(&x->matches[k], &x->matches[k + 1],
		    (x->nmatches - k - 1) * sizeof(*x->matches));
		memmove(&from[k], &from[k + 1],
		    (x->nmatches - k - 1) * sizeof(*from));
		x->nmatches--;
	}
}

/* How long syslog's and journald's prefix of a line at S is: "Aug 12
 * 10:38:34 HOST PROGRAM[PID]: " (a program's output read from the
 * journal); 0 when it has none. */
static size_t
syslog_prefix(const char *s, size_t len)
{
	size_t k = 0, field;

	/* the month, the day, the time */
	if (len < 16 || !isupper((unsigned char)s[0]) ||
	    !islower((unsigned char)s[1]) || !islower((unsigned char)s[2]) ||
	    s[3] != ' ' || s[9] != ':' || s[12] != ':' || s[15] != ' ') {
		return 0;
	}
	k = 16;
	/* the host, then the program and its pid, ending in ": " */
	for (field = 0; field < 2; field++) {
		while (k < len && s[k] != ' ' && s[k] != '\n') {
			k++;
		}
		if (k >= len || s[k] != ' ') {
			return 0;
		}
		k++;
	}
	return s[k - 2] == ':' ? k : 0;
}

/* How long the log's prefix of a line at S is: dmesg's "[ 8957.099615] ",
 * with MID (the line before ended mid-sentence) NVRM's "NVRM: " of a
 * message the driver wrote as several lines, and pytest's "E   " before
 * each line of an exception's message; 0 when it has none. */
static size_t
log_prefix(const char *s, size_t len, int mid)
{
	size_t k = 0;

	if (len > 4 && strncmp(s, "E   ", 4) == 0) {
		for (k = 4; k < len && s[k] == ' '; k++) {
		}
		return k;
	}
	if (len > 0 && s[0] == '[') {
		for (k = 1; k < len && (s[k] == ' ' || s[k] == '.' ||
		    isdigit((unsigned char)s[k])); k++) {
		}
		if (k >= len || s[k] != ']' || k < 3) {
			return 0;
		}
		for (k++; k < len && s[k] == ' '; k++) {
		}
	}
	k += syslog_prefix(s + k, len - k);
	if (mid && len - k >= 6 && strncmp(s + k, "NVRM: ", 6) == 0) {
		k += 6;
	}
	return k;
}

/* The typographic quote whose UTF-8 bytes start at S (GCC's and
 * Clang's ‘name’ in a UTF-8 locale, “text” from an issue tracker): the
 * ASCII quote it stands for, or 0. */
static char
ascii_quote(const char *s, size_t len)
{
	if (len < 3 || (unsigned char)s[0] != 0xe2 ||
	    (unsigned char)s[1] != 0x80) {
		return 0;
	}
	switch ((unsigned char)s[2]) {
	case 0x98:
	case 0x99:
		return '\'';
	case 0x9c:
	case 0x9d:
		return '"';
	default:
		return 0;
	}
}

/* The width a terminal cut TEXT's lines at, when it did: the longest
 * line's length in characters, 70 or more, held by two different lines at
 * least (a copy of a terminal whose lines were cut there, mid-word:
 * "...lib/libcudnn" then "_cnn.so"); 0 when it was not so cut. */
static size_t
cut_width(const char *text, size_t len)
{
	const char *line = text, *first = NULL;
	size_t i, n = 0, width = 0, firstlen = 0;
	int two = 0;

	for (i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n') {
			n += ((unsigned char)text[i] & 0xc0) != 0x80 &&
			    text[i] != '\r';
			continue;
		}
		if (n > width) {
			width = n;
			first = line;
			firstlen = (size_t)(text + i - line);
			two = 0;
		} else if (n == width && !two &&
		    ((size_t)(text + i - line) != firstlen ||
		    memcmp(line, first, firstlen) != 0)) {
			two = 1;
		}
		n = 0;
		line = text + i + 1;
	}
	return width >= 70 && two ? width : 0;
}

/* Are A and B (the bytes before and after a line break) inside one word
 * or path, as a cut mid-word leaves them? */
static int
in_word(char a, char b)
{
	return (isalnum((unsigned char)a) || strchr("_./-", a) != NULL) &&
	    (isalnum((unsigned char)b) || strchr("_./-", b) != NULL);
}

/* Does the line at S (LEN bytes) start a message of its own: a label
 * and a colon, as a log's level ("error: ", "WARNING: ") or an exception's
 * class ("RuntimeError: ") begins one?  Such a line is not the rest of the
 * line before it ("... --device cuda" then "error: invalid value"). */
static int
starts_message(const char *s, size_t len)
{
	static const char *const levels[] = {
		"error", "warning", "warn", "fatal", "note", "info", "debug",
		"critical", "panic", "hint", "help",
	};
	size_t n = 0, i;

	while (n < len && n < 40 && isalpha((unsigned char)s[n])) {
		n++;
	}
	if (n == 0 || n + 1 >= len || s[n] != ':' || s[n + 1] != ' ') {
		return 0;
	}
	for (i = 0; i < sizeof(levels) / sizeof(*levels); i++) {
		if (strlen(levels[i]) == n && strncasecmp(s, levels[i], n) == 0) {
			return 1;
		}
	}
	return (n > 5 && strncmp(s + n - 5, "Error", 5) == 0) ||
	    (n > 9 && strncmp(s + n - 9, "Exception", 9) == 0) ||
	    (n > 7 && strncmp(s + n - 7, "Warning", 7) == 0);
}

/* TEXT with each line break, and the blanks after it, made one space (a
 * paste a terminal or an issue tracker wrapped mid-sentence; none where a
 * terminal cut a word at its width, and a line break still before a line
 * that starts a message of its own), the kernel log's prefix of each
 * continued line dropped and typographic quotes made ASCII; NULL when it
 * has neither a line break nor such a quote. */
static char *
unwrapped(const char *text, size_t len, size_t *outlen)
{
	char *o, *w, q;
	size_t i, width, col = 0;

	if (memchr(text, '\n', len) == NULL &&
	    strstr(text, "\xe2\x80") == NULL) {
		return NULL;
	}
	width = cut_width(text, len);
	o = w = cds_xmalloc(len + 1);
	for (i = 0; i < len; i++) {
		if (text[i] == '\r') {
			continue;
		}
		if (text[i] != '\n') {
			col += ((unsigned char)text[i] & 0xc0) != 0x80;
		} else if (width > 0 && col == width && i + 1 < len &&
		    i > 0 && in_word(text[i - 1], text[i + 1])) {
			col = 0;
			continue;	/* cut at the width, mid-word */
		} else {
			col = 0;
		}
		if ((q = ascii_quote(text + i, len - i)) != 0) {
			*w++ = q;
			i += 2;
			continue;
		}
		if (text[i] != '\n') {
			*w++ = text[i];
			continue;
		}
		while (i + 1 < len && (text[i + 1] == ' ' ||
		    text[i + 1] == '\t' || text[i + 1] == '\n')) {
			i++;
		}
		i += log_prefix(text + i + 1, len - i - 1,
		    w > o && w[-1] != '.');
		if (starts_message(text + i + 1, len - i - 1)) {
			*w++ = '\n';	/* a new message, not a continuation */
		} else if (w > o && w[-1] != ' ') {
			*w++ = ' ';
		}
	}
	*w = '\0';
	*outlen = (size_t)(w - o);
	return o;
}

/* How long a launcher's tag of a line at S is (LEN bytes): torchrun's
 * "[rank0]: " and "[default0]:", Open MPI's "[1,0]<stderr>:", Ray's and
 * vLLM's "(VllmWorkerProcess pid=3512) ", BuildKit's "#12 4.512 ", srun
 * --label's "0: "; 0 when it has none. */
static size_t
launcher_tag(const char *s, size_t len)
{
	size_t k = 0, d;

	if (len > 3 && s[0] == '[') {
		k = 1;
		if (len > 6 && strncmp(s + 1, "rank", 4) == 0) {
			k = 5;
		} else if (len > 9 && strncmp(s + 1, "default", 7) == 0) {
			k = 8;
		}
		for (d = k; k < len && (isdigit((unsigned char)s[k]) ||
		    (d == 1 && s[k] == ',')); k++) {
		}
		if (k == d || k + 1 >= len || s[k] != ']') {
			return 0;
		}
		k++;
		if (d == 1 && s[k] == '<') {	/* Open MPI's stream */
			k += strcspn(s + k, ">\n");
			k += k < len && s[k] == '>';
		}
		if (k >= len || s[k] != ':') {
			return 0;
		}
		return k + 1 + (k + 1 < len && s[k + 1] == ' ');
	}
	if (len > 6 && s[0] == '(') {
		const char *pid;

		d = strcspn(s, ")\n");
		pid = d < len && d < 120 ? memmem(s, d, "pid=", 4) : NULL;
		if (pid != NULL && s[d] == ')' && (pid == s + 1 ||
		    pid[-1] == ' ') && isdigit((unsigned char)pid[4])) {
			return d + 1 + (d + 1 < len && s[d + 1] == ' ');
		}
		return 0;
	}
	if (len > 4 && s[0] == '#' && isdigit((unsigned char)s[1])) {
		for (k = 1; k < len && isdigit((unsigned char)s[k]); k++) {
		}
		if (k + 1 < len && s[k] == ' ' &&
		    isdigit((unsigned char)s[k + 1])) {
			for (d = k + 1; d < len && (isdigit((unsigned char)s[d]) ||
			    s[d] == '.'); d++) {
			}
			if (d < len && s[d] == ' ' && memchr(s + k, '.', d - k)) {
				return d + 1;
			}
		}
		return 0;
	}
	for (k = 0; k < len && k < 5 && isdigit((unsigned char)s[k]); k++) {
	}
	return k > 0 && k + 1 < len && s[k] == ':' && s[k + 1] == ' ' ?
	    k + 2 : 0;
}

/* How long a log's decoration of a line at S is (LEN bytes): a Markdown
 * quote's "> ", docker compose's "SERVICE  | ", an ISO 8601 time with
 * the container runtime's "stderr F " after it, a launcher's tag, and the
 * kernel's and syslog's prefixes; 0 when it has none. */
static size_t
decoration(const char *s, size_t len)
{
	size_t k = 0, d;

	if ((k = launcher_tag(s, len)) > 0) {
		return k;
	}

	while (k < len && (s[k] == ' ' || s[k] == '\t')) {
		k++;
	}
	if (k < len && s[k] == '>') {
		while (k < len && (s[k] == '>' || s[k] == ' ')) {
			k++;
		}
		return k;
	}
	k = 0;
	if (len > 0 && isalnum((unsigned char)s[0])) {
		/* compose: a service's name, padding, '|' */
		while (k < len && (isalnum((unsigned char)s[k]) ||
		    strchr("_.-", s[k]) != NULL)) {
			k++;
		}
		d = k;
		while (k < len && s[k] == ' ') {
			k++;
		}
		if (k > d && k < len && s[k] == '|' && (k + 1 == len ||
		    s[k + 1] == ' ' || s[k + 1] == '\n')) {
			return k + 1 + (k + 1 < len && s[k + 1] == ' ');
		}
	}
	for (k = 0; k < len && k < 10 && (isdigit((unsigned char)s[k]) ||
	    ((k == 4 || k == 7) && s[k] == '-')); k++) {
	}
	if (k == 10 && k < len && (s[k] == 'T' || s[k] == ' ') &&
	    k + 3 < len && isdigit((unsigned char)s[k + 1]) &&
	    isdigit((unsigned char)s[k + 2]) && s[k + 3] == ':') {
		/* the date, then the time up to the first blank */
		for (k += 1; k < len && s[k] != ' ' && s[k] != '\n'; k++) {
		}
		while (k < len && s[k] == ' ') {
			k++;
		}
		if (len - k > 9 && (strncmp(s + k, "stdout ", 7) == 0 ||
		    strncmp(s + k, "stderr ", 7) == 0) &&
		    (s[k + 7] == 'F' || s[k + 7] == 'P') && s[k + 8] == ' ') {
			k += 9;
		}
		return k;
	}
	return log_prefix(s, len, 0);
}

/* The character of the HTML entity at S ("&quot;" of a page's copy), its
 * length in *N; 0 for none. */
static char
entity(const char *s, size_t len, size_t *n)
{
	static const struct {
		const char *name;
		char c;
	} ents[] = {
		{ "&quot;", '"' }, { "&#34;", '"' }, { "&#39;", '\'' },
		{ "&#x27;", '\'' }, { "&apos;", '\'' }, { "&lt;", '<' },
		{ "&gt;", '>' }, { "&amp;", '&' }, { "&nbsp;", ' ' },
	};
	size_t i;

	for (i = 0; i < sizeof(ents) / sizeof(*ents); i++) {
		*n = strlen(ents[i].name);
		if (*n <= len && strncasecmp(s, ents[i].name, *n) == 0) {
			return ents[i].c;
		}
	}
	return 0;
}

/* How long a terminal's colour code at S is: ESC '[' ... 'm', or the
 * same without its ESC where a paste lost it ("[31m"); 0 for none. */
static size_t
colour_code(const char *s, size_t len)
{
	size_t k = s[0] == '\x1b' ? 1 : 0, d;

	if (k >= len || s[k] != '[') {
		return 0;
	}
	for (d = k + 1; d < len && d < k + 10 &&
	    (isdigit((unsigned char)s[d]) || s[d] == ';'); d++) {
	}
	if (d < len && (s[d] == 'm' || (k == 1 && s[d] == 'K')) &&
	    (d > k + 1 || k == 1)) {
		return d + 1;
	}
	return 0;
}

/* Where the Markdown strong emphasis opened at S ("**" before a word, not
 * after one) closes on its line, LEN bytes from S: the offset of the
 * closing "**" (after a non-space, before no word); 0 when S opens none.
 * "make: *** No rule", "f(**kwargs)" and "a**2" open none. */
static size_t
strong_close(const char *s, size_t len, int after_word)
{
	size_t j;

	if (after_word || len < 5 || s[0] != '*' || s[1] != '*' ||
	    s[2] == '*' || isspace((unsigned char)s[2])) {
		return 0;
	}
	for (j = 3; j + 1 < len && s[j] != '\n'; j++) {
		if (s[j] == '*' && s[j + 1] == '*' &&
		    !isspace((unsigned char)s[j - 1]) && (j + 2 == len ||
		    !isalnum((unsigned char)s[j + 2]))) {
			return j;
		}
	}
	return 0;
}

/* TEXT without what a log, a terminal or a page wrapped around the
 * program's words: each line's decoration(), terminal colour codes, the
 * CR of CR LF, HTML entities and Markdown's strong emphasis
 * ("**libcudart.so.12**" of a paste's source); NULL when it has none. */
static char *
undecorated(const char *text, size_t len, size_t *outlen)
{
	char *o = cds_xmalloc(len + 1), *w = o, c;
	size_t i = 0, k, n, round, close = 0;
	int changed = 0;

	while (i < len) {
		/* the start of a line: its decorations, one after another */
		for (round = 0; round < 4; round++) {
			k = decoration(text + i, len - i);
			if (k == 0) {
				break;
			}
			i += k;
			changed = 1;
		}
		for (; i < len && text[i] != '\n'; i++) {
			if ((k = colour_code(text + i, len - i)) > 0) {
				i += k - 1;
				changed = 1;
			} else if (text[i] == '\r' && (i + 1 == len ||
			    text[i + 1] == '\n')) {
				changed = 1;	/* a line's CR LF end */
			} else if (text[i] == '&' &&
			    (c = entity(text + i, len - i, &n)) != 0) {
				*w++ = c;
				i += n - 1;
				changed = 1;
			} else if (close > 0 && i == close) {
				i++;	/* the emphasis' closing "**" */
				close = 0;
			} else if (close == 0 && (k = strong_close(text + i,
			    len - i, i > 0 &&
			    isalnum((unsigned char)text[i - 1]))) > 0) {
				close = i + k;
				i++;	/* its opening "**" */
				changed = 1;
			} else {
				*w++ = text[i];
			}
		}
		close = 0;	/* passed over within a colour code */
		if (i < len) {
			*w++ = text[i++];
		}
	}
	*w = '\0';
	if (!changed) {
		free(o);
		return NULL;
	}
	*outlen = (size_t)(w - o);
	return o;
}

/* Has X nothing known yet but what the text names (NAMES)? */
static int
names_only(const struct cds_explanation *x)
{
	return x->nmatches == 0 || (x->nmatches == 1 &&
	    strcmp(x->matches[0].id, "NAMES") == 0);
}

/* glibc's translations of the dynamic loader's words (made from
 * manifests/data/loader-l10n.tsv): English first */
static const struct {
	const char *english, *translated;
} loader_words[] = {
#include "loader-l10n.inc"
};
#define NLOADER_WORDS (sizeof(loader_words) / sizeof(*loader_words))

/* Which row of loader_words is at TEXT (LEFT bytes): its index, or the
 * table's size when none. */
static size_t
loader_word_at(const char *text, size_t left)
{
	static unsigned char starts[256];	/* a first byte of one */
	size_t k, n;

	if (!starts[0]) {
		for (k = 0; k < NLOADER_WORDS; k++) {
			starts[(unsigned char)loader_words[k].translated[0]] = 1;
		}
		starts[0] = 1;	/* made (no row starts with '\0') */
	}
	if (text[0] == '\0' || !starts[(unsigned char)text[0]]) {
		return NLOADER_WORDS;	/* most places, at the first byte */
	}
	for (k = 0; k < NLOADER_WORDS; k++) {
		if (loader_words[k].translated[0] != text[0]) {
			continue;
		}
		n = strlen(loader_words[k].translated);
		if (n <= left && memcmp(text, loader_words[k].translated, n) == 0) {
			break;
		}
	}
	return k;
}

/* TEXT with the loader's words, where they are in one of the languages
 * glibc translates them to ("libcudart.so.12: 无法打开共享对象文件"), made
 * the English ones; NULL when it has none. */
static char *
loader_english(const char *text, size_t len, size_t *outlen)
{
	char *o, *w = NULL;
	size_t i, k, size = 0, pass;

	/* once to measure, once to write */
	for (pass = 0; pass < 2; pass++) {
		size_t n = 0;

		for (i = 0; i < len;) {
			if ((k = loader_word_at(text + i, len - i)) ==
			    NLOADER_WORDS) {
				if (w != NULL) {
					w[n] = text[i];
				}
				n++;
				i++;
				continue;
			}
			if (w != NULL) {
				memcpy(w + n, loader_words[k].english,
				    strlen(loader_words[k].english));
			}
			n += strlen(loader_words[k].english);
			i += strlen(loader_words[k].translated);
		}
		if (pass == 0) {
			size = n;
			w = cds_xmalloc(size + 1);
		}
	}
	o = w;
	o[size] = '\0';
	*outlen = size;
	if (size == len && memcmp(o, text, len) == 0) {
		free(o);
		return NULL;
	}
	return o;
}

/* Read TEXT into X: the patterns and the codes in the lines as pasted,
 * and, when nothing is known from them but the names they mention, once
 * more with the lines joined (a match's offset is then in the joined
 * text). */
static void
read_text(struct cds_explanation *x, size_t **fromp, const char *text,
    size_t len)
{
	struct cds_folded f;
	char *flat;
	size_t n;

	cds_folded_init(&f, text, len);
	run_patterns(x, fromp, &f);
	cds_folded_free(&f);
	add_codes(x, fromp, text, len);
	if (names_only(x) && (flat = unwrapped(text, len, &n)) != NULL) {
		cds_folded_init(&f, flat, n);
		run_patterns(x, fromp, &f);
		cds_folded_free(&f);
		add_codes(x, fromp, flat, n);
		free(flat);
	}
}

struct cds_explanation *
cds_explain_text(cds_handle_t *h, const char *text)
{
	struct cds_explanation *x;
	const struct entry_def *e;
	const char *v;
	char *eng;
	size_t *from, len, i, k, j;

	if (text == NULL || *text == '\0') {
		cds_seterr(h, CDS_ERR_USAGE, "no error text given");
		return NULL;
	}
	if ((len = strlen(text)) > CDS_EXPLAIN_MAX) {
		cds_seterr(h, CDS_ERR_USAGE, "the error text is %zu bytes; "
		    "explain reads at most %d: give the lines around the error",
		    len, CDS_EXPLAIN_MAX);
		return NULL;
	}
	x = cds_xcalloc(1, sizeof(*x));
	from = cds_xcalloc(NPATTERNS, sizeof(*from));
	read_text(x, &from, text, len);
	if ((eng = undecorated(text, len, &i)) != NULL) {
		/* quoted, coloured or logged: once more without that */
		read_text(x, &from, eng, i);
		free(eng);
	}
	if (names_only(x) && (eng = loader_english(text, len, &i)) != NULL) {
		/* the loader's words in the user's language: once more in
		 * English */
		read_text(x, &from, eng, i);
		free(eng);
	}
	table_sonames(h, x, from, text);
	/* what the text names is shown only when nothing else is known */
	for (k = 0; x->nmatches > 1 && k < x->nmatches; k++) {
		if (strcmp(x->matches[k].id, "NAMES") == 0) {
			match_free(&x->matches[k]);
			memmove(&x->matches[k], &x->matches[k + 1],
			    (x->nmatches - k - 1) * sizeof(*x->matches));
			memmove(&from[k], &from[k + 1],
			    (x->nmatches - k - 1) * sizeof(*from));
			x->nmatches--;
			break;
		}
	}
	if (x->nmatches == 0) {
		/* none, or none left (table_sonames() drops matches) */
		free(x->matches);
		free(from);
		free(x);
		cds_seterr(h, CDS_ERR_NOT_FOUND, "no known failure matches "
		    "the text");
		return NULL;
	}
	/* best first (a few matches: insertion sort) */
	for (i = 1; i < x->nmatches; i++) {
		for (k = i; k > 0 && better(&x->matches[k], from[k],
		    &x->matches[k - 1], from[k - 1]); k--) {
			struct cds_explain_match t = x->matches[k];
			size_t tf = from[k];

			x->matches[k] = x->matches[k - 1];
			from[k] = from[k - 1];
			x->matches[k - 1] = t;
			from[k - 1] = tf;
		}
	}
	free(from);
	x->id = x->matches[0].id;
	e = entry_of(x->id);
	x->title = _(e->title);
	x->meaning = _(e->meaning);
	if (strcmp(e->id, "F13") == 0 &&
	    (v = cds_explain_match_capture(&x->matches[0], "missing")) != NULL) {
		/* the soname of the message, not an example */
		const char *so = strstr(v, ".so");

		x->said = so != NULL && so[3] == '.' ? cds_xasprintf(_("The "
		    "program was linked against %s, a library of NVIDIA's of "
		    "one release (the number after .so is its major "
		    "version).  The loader finds no file of that name: that "
		    "release is not installed, or not on the path."), v) :
		    cds_xasprintf(_("The program was linked against %s, a "
		    "library of NVIDIA's whose name carries no version.  The "
		    "loader finds no file of that name: what ships it is not "
		    "installed, or not on the path."), v);
		x->meaning = x->said;
	}
	if (strcmp(e->id, "F16") == 0 &&
	    (v = cds_explain_match_capture(&x->matches[0],
	    "driver function")) != NULL) {
		/* the function of the message and the release it came with
		 * (driver_api_new() added it) */
		const char *need = cds_explain_match_capture(&x->matches[0],
		    "needs CUDA");

		x->said = cds_xasprintf(_("%s is a function of the driver "
		    "API that came with CUDA %s.  The libcuda.so.1 the "
		    "program loaded does not export it: the driver is older "
		    "than CUDA %s's."), v, need, need);
		x->meaning = x->said;
	}
	if (strcmp(e->id, "API-GONE") == 0 &&
	    (v = cds_explain_match_capture(&x->matches[0],
	    "last release with it")) != NULL) {
		/* an enumerator the table says the newest headers dropped
		 * (enum_gone() added both releases) */
		const char *sym = cds_explain_match_capture(&x->matches[0],
		    "symbol");
		const struct cds_code *c = cds_code_named(sym, strlen(sym));

		x->said = cds_xasprintf(_("%s is one of %s's status codes: "
		    "the headers of release %s have it, those of release %s "
		    "do not.  The code was written for the older release and "
		    "is built against a newer one."), sym,
		    cds_code_library(c->type), v,
		    cds_explain_match_capture(&x->matches[0],
		    "newest release"));
		x->meaning = x->said;
	}
	if (strcmp(e->id, "BINDING-TOOLKIT") == 0 &&
	    (v = cds_explain_match_capture(&x->matches[0], "candidates")) !=
	    NULL) {
		/* the names of the binding's list, as the loader knows them */
		x->said = cds_xasprintf(_("The program's CUDA binding looked "
		    "for a library of NVIDIA's under the names of its own "
		    "list (%s, as the loader knows them) and found none.  "
		    "None of them is installed where the loader looks, or the "
		    "library installed has a name the list lacks: a binding's "
		    "list is written for the releases it knew."), v);
		x->meaning = x->said;
	}
	x->fix = _(e->fix);
	x->side = entry_side(x->id);
	for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
		struct cds_explain_cause *c;

		x->causes = cds_xreallocarray(x->causes, x->ncauses + 1,
		    sizeof(*x->causes));
		c = &x->causes[x->ncauses++];
		memset(c, 0, sizeof(*c));
		c->text = _(e->causes[k].text);
		c->ids = cause_ids(&e->causes[k]);
		c->finding = -1;
		for (j = 0; j < MAXSHOWS && e->causes[k].shows[j].id != NULL;
		    j++) {
			c->by_message |= said_by_message(x,
			    &e->causes[k].shows[j]);
		}
	}
	x->verdict = -1;
	return x;
}

/* Does entry E name finding ID among its causes? */
static int
wants(const struct entry_def *e, const char *id)
{
	size_t k, j;

	for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
		for (j = 0; j < MAXSHOWS && e->causes[k].shows[j].id != NULL;
		    j++) {
			if (strcmp(e->causes[k].shows[j].id, id) == 0) {
				return 1;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* The verdict                                                               */
/* ------------------------------------------------------------------------ */

/* Findings that bear on entry E: its own id, the ids its causes name,
 * and explain's own checks. */
static int
relevant(const struct entry_def *e, const char *id)
{
	return strcmp(e->id, id) == 0 || wants(e, id) ||
	    cds_startswith(id, "MSG-");
}

static int
mentions_capture(const struct cds_explanation *x, const struct cds_finding *f)
{
	static const char *const keys[] = { "file", "missing", "library",
		"provider", "symbol", "runtime", "wanted", NULL };
	const char *const *k;
	size_t i;

	for (k = keys; *k != NULL; k++) {
		const char *v = cds_explain_capture(x, *k);
		const char *b;

		if (v == NULL) {
			continue;
		}
		b = strrchr(v, '/') != NULL ? strrchr(v, '/') + 1 : v;
		if (strlen(b) < 4) {
			continue;
		}
		if (strstr(f->title, b) != NULL) {
			return 1;
		}
		for (i = 0; i < f->nevidence; i++) {
			if (strstr(f->evidence[i].value, b) != NULL) {
				return 1;
			}
		}
	}
	return 0;
}

/* Does condition CO hold on F's evidence? */
static int
cond_holds(const struct cond *co, const struct cds_finding *f)
{
	size_t i;
	int seen = 0;

	for (i = 0; i < f->nevidence && !seen; i++) {
		const char *v = f->evidence[i].value;

		if (strcmp(f->evidence[i].key, co->key) != 0) {
			continue;
		}
		seen = co->text == NULL || (co->text[0] == '=' ?
		    strcmp(v, co->text + 1) == 0 : strstr(v, co->text) != NULL);
	}
	return co->absent ? !seen : seen;
}

/* Does F show the cause through row S?  A note shows no cause, except
 * F30's (the three numbers are a note by nature). */
static int
shows_cause(const struct shows *s, const struct cds_finding *f)
{
	size_t k;

	if (strcmp(s->id, f->id) != 0 || (f->severity == CDS_SEV_NOTE &&
	    strcmp(f->id, "F30") != 0)) {
		return 0;
	}
	for (k = 0; k < MAXCONDS && s->conds[k].key != NULL; k++) {
		if (!cond_holds(&s->conds[k], f)) {
			return 0;
		}
	}
	return 1;
}

/* A package manager's message: the command of cds_pkg_msg_fix(). */
static int
pkg_msg(struct cds_rule_ctx *c, const struct cds_explanation *x)
{
	struct cds_pkg_msg msg;

	msg.wheel = cds_explain_capture(x, "wheel");
	msg.pin = cds_explain_capture(x, "pin");
	msg.cuda_major = cds_explain_capture(x, "cuda_major");
	msg.pkg1 = cds_explain_capture(x, "pkg1");
	msg.ver1 = cds_explain_capture(x, "ver1");
	msg.pkg2 = cds_explain_capture(x, "pkg2");
	msg.ver2 = cds_explain_capture(x, "ver2");
	return cds_pkg_msg_fix(c, x->id, &msg);
}

int
cds_explain_check(cds_handle_t *h, struct cds_explanation *x,
    const struct cds_scan *s)
{
	const struct entry_def *e = entry_of(x->id);
	struct cds_findings *all;
	struct cds_rule_ctx c;
	const char *v;
	size_t i, j, k, n = 0;
	int pass;

	/* the rules and the checks below only read: one resolution each, in
	 * the scan's pass */
	cds_scan_pass_resume(h, s);
	all = cds_findings_run(h, s);
	c.h = h;
	c.s = s;
	c.m = h->manifest;
	c.out = all;
	/* what the message names, checked here (PyTorch's libraries, which
	 * no package of NVIDIA's or the system's ships, by their own check
	 * below) */
	if ((v = cds_explain_capture(x, "missing")) != NULL &&
	    strcmp(e->id, "TORCH-LIB") != 0) {
		cds_explain_check_missing(&c, x->id, v, cds_explain_capture(x, "candidates"));
	}
	if ((v = cds_explain_capture(x, "file")) != NULL) {
		cds_explain_check_file(&c, x, v);
	}
	if ((v = cds_explain_capture(x, "runtime")) != NULL) {
		cds_explain_check_runtime(&c, v);
	}
	if ((v = cds_explain_capture(x, "sm")) != NULL) {
		cds_check_arch(&c, atoi(v));
	}
	/* what the causes ask about */
	if (wants(e, MSG_DRIVER)) {
		cds_explain_check_driver(&c);
	}
	if (strcmp(e->id, "PERSISTENCED") == 0) {
		cds_explain_check_persistenced(&c, "stopped");
	} else if (strcmp(e->id, "GPU-HELD") == 0 &&
	    ((v = cds_explain_capture(x, "module")) == NULL ||
	    strcmp(v, "nvidia") == 0)) {
		/* the daemon holds nvidia's devices, not its dependents */
		cds_explain_check_persistenced(&c, "running,");
	} else if (strcmp(e->id, "PKG-DEPS") == 0 &&
	    (v = cds_explain_capture(x, "apt package")) != NULL) {
		/* what apt here has and offers of the package apt named */
		cds_apt_offers_check(&c, v, cds_explain_capture(x, "relation"),
		    cds_explain_capture(x, "required"));
	} else if (strcmp(e->id, "MEMLOCK") == 0) {
		cds_explain_check_memlock(&c);
	} else if (strcmp(e->id, "FABRIC-IMEX") == 0) {
		cds_explain_check_imex(&c);
	} else if (strcmp(e->id, "NVCC-MISSING") == 0) {
		cds_explain_check_nvcc(&c);
	} else if (strcmp(e->id, "CVD-UUID") == 0) {
		cds_explain_check_cvd(&c);
	} else if (strcmp(e->id, "TORCH-LIB") == 0 &&
	    (v = cds_explain_capture(x, "missing")) != NULL) {
		cds_explain_check_torchlib(&c, v);
		if (strstr(v, "_cuda") != NULL) {
			/* a CPU-only build has no CUDA half */
			cds_explain_build_cpu(&c);
		}
	} else if (strcmp(e->id, "NV-HEADER") == 0) {
		/* a header by name, else "the CUDA headers": the runtime's */
		v = cds_explain_capture(x, "header");
		cds_explain_check_header(&c, v != NULL ? v : "cuda_runtime.h");
	} else if (strcmp(e->id, "GPU-COUNTERS") == 0) {
		cds_explain_check_counters(&c);
	} else if (strcmp(e->id, "NCCL-SHM") == 0) {
		cds_explain_check_shm(&c);
	} else if (strcmp(e->id, "PEERMEM") == 0) {
		cds_explain_check_peermem(&c);
	} else if (strcmp(e->id, "GDS-DRIVER") == 0) {
		cds_explain_check_gds(&c);
	} else if (strcmp(e->id, "PTXAS-OLD") == 0) {
		cds_explain_check_ptxas(&c);
	} else if (strcmp(e->id, "HOST-CC-MISSING") == 0) {
		cds_explain_check_hostcc(&c);
	} else if (strcmp(e->id, "TRITON-HELPER") == 0 && x->nmatches > 0 &&
	    x->matches[0].text != NULL &&
	    strstr(x->matches[0].text, "C compiler") != NULL) {
		cds_explain_check_cc(&c);
	} else if (strcmp(e->id, "DISK-FULL") == 0) {
		cds_explain_check_disk(&c);
	} else if (strcmp(e->id, "KMOD-BUILD") == 0 && x->nmatches > 0 &&
	    x->matches[0].text != NULL &&
	    (strstr(x->matches[0].text, "headers") != NULL ||
	    strstr(x->matches[0].text, "source tree") != NULL)) {
		/* the message says the headers are missing: are they? */
		cds_explain_check_kheaders(&c, cds_explain_capture(x, "kernel"),
		    cds_explain_capture(x, "headers package"));
	} else if (strcmp(e->id, "LIB-EXECSTACK") == 0 &&
	    (v = cds_explain_capture(x, "file")) != NULL) {
		cds_explain_check_execstack(&c, v);
	} else if (strcmp(e->id, "F27") == 0 && x->nmatches > 0 &&
	    x->matches[0].text != NULL &&
	    strstr(x->matches[0].text, "ExecutionProvider") != NULL) {
		/* ONNX Runtime's provider list: its package's build */
		cds_explain_build_ort(&c);
	} else if (strcmp(e->id, "F27") == 0 ||
	    strcmp(e->id, "CUDA-UNAVAILABLE") == 0) {
		cds_explain_build_cpu(&c);
	} else if (strcmp(e->id, "F14") == 0) {
		cds_explain_build_ort(&c);
	} else if (strcmp(e->id, "F16") == 0 &&
	    (v = cds_explain_capture(x, "driver_cuda")) != NULL) {
		cds_explain_build_driver(&c, v);
	} else if (strcmp(e->id, "TORCH-ABI") == 0) {
		cds_explain_build_torch(&c);
	} else if (strcmp(e->id, "LINK-LIBCUDA") == 0) {
		/* -lcuda is the development link */
		cds_explain_check_missing(&c, x->id, "libcuda.so", NULL);
	} else if (strcmp(e->id, "LINK-NVLIB") == 0 &&
	    (v = cds_explain_capture(x, "symbol")) != NULL &&
	    (v = cds_explain_symbol_library(v)) != NULL) {
		cds_explain_check_missing(&c, x->id, v, NULL);
	} else if (strcmp(e->id, "LINK-NVLIB") == 0 &&
	    (v = cds_explain_capture(x, "link")) != NULL) {
		/* -lNAME is the development link libNAME.so */
		char *dev = cds_xasprintf("lib%s.so", v);

		cds_explain_check_missing(&c, x->id, dev, NULL);
		free(dev);
	} else if (strcmp(e->id, "LINK-NVLIB") == 0 &&
	    (v = cds_explain_capture(x, "file")) != NULL) {
		/* a build rule's library file, by its name */
		cds_explain_check_missing(&c, x->id, v, NULL);
	} else if (strcmp(e->id, "LINK-NVLIB") == 0 &&
	    (v = cds_explain_capture(x, "package")) != NULL) {
		/* CMake's package (CUDNN, NCCL) is the library's stem */
		char *dev = cds_xasprintf("lib%s.so", v), *q;

		for (q = dev; *q != '\0'; q++) {
			*q = (char)tolower((unsigned char)*q);
		}
		cds_explain_check_missing(&c, x->id, dev, NULL);
		free(dev);
	} else if (strcmp(e->id, "LIBC-OLD") == 0 &&
	    (v = cds_explain_capture(x, "runtime library")) != NULL &&
	    cds_explain_capture(x, "version") != NULL) {
		cds_explain_check_libc(&c, v, cds_explain_capture(x,
		    "version"));
	} else if (strcmp(e->id, "BINDING-TOOLKIT") == 0 &&
	    (v = cds_explain_capture(x, "candidates")) != NULL) {
		cds_explain_check_names(&c, v, cds_explain_capture(x,
		    "known"));
	} else if (strcmp(e->id, "BNB-BINARY") == 0) {
		cds_explain_build_bnb(&c, cds_explain_capture(x, "wanted"));
	} else if (pkg_msg(&c, x)) {
		/* a package manager's message: its own command */
	} else if (strcmp(e->id, "F2") == 0 &&
	    cds_explain_capture(x, "missing") == NULL &&
	    cds_explain_capture(x, "file") == NULL &&
	    (v = cds_explain_capture(x, "library")) != NULL) {
		/* the bare "Could not load library X": is X where the loader
		 * looks? */
		cds_explain_check_missing(&c, x->id, v, NULL);
	}
	cds_root_cache_end(h);
	cds_clearerr(h);
	/* keep what bears on the entry: capture-naming ones first */
	x->findings = cds_xcalloc(1, sizeof(*x->findings));
	x->findings->items = cds_xcalloc(all->n + 1,
	    sizeof(*x->findings->items));
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < all->n; i++) {
			struct cds_finding *f = &all->items[i];

			if (f->id == NULL || !relevant(e, f->id) ||
			    mentions_capture(x, f) != (pass == 0)) {
				continue;
			}
			x->findings->items[n++] = *f;
			memset(f, 0, sizeof(*f));
		}
	}
	x->findings->n = n;
	for (i = 0; i < all->n; i++) {
		if (all->items[i].id != NULL) {
			x->others++;
		}
	}
	/* the rest is freed; moved items were zeroed */
	cds_findings_free(all);
	/* each cause: the first finding whose evidence shows it */
	for (k = 0; k < x->ncauses; k++) {
		const struct cause_def *cd = &e->causes[k];

		for (i = 0; i < n && x->causes[k].finding < 0; i++) {
			for (j = 0; j < MAXSHOWS && cd->shows[j].id != NULL;
			    j++) {
				if (shows_cause(&cd->shows[j],
				    &x->findings->items[i])) {
					x->causes[k].finding = (int)i;
					break;
				}
			}
		}
	}
	/* the verdict: a cause the message itself shows, else the first
	 * cause (in the catalogue's order) shown by a finding that names
	 * what the message names, else the first shown; none shown: not
	 * determined here */
	for (k = 0; k < x->ncauses && x->verdict < 0; k++) {
		if (x->causes[k].by_message) {
			x->verdict = (int)k;
		}
	}
	for (k = 0; k < x->ncauses && x->verdict < 0; k++) {
		int fi = x->causes[k].finding;

		if (fi >= 0 && mentions_capture(x, &x->findings->items[fi])) {
			x->verdict = (int)k;
		}
	}
	for (k = 0; k < x->ncauses && x->verdict < 0; k++) {
		if (x->causes[k].finding >= 0) {
			x->verdict = (int)k;
		}
	}
	x->checked = 1;
	return 0;
}

void
cds_explanation_free(struct cds_explanation *x)
{
	size_t i;

	if (x == NULL) {
		return;
	}
	for (i = 0; i < x->nmatches; i++) {
		match_free(&x->matches[i]);
	}
	free(x->matches);
	for (i = 0; i < x->ncauses; i++) {
		free(x->causes[i].ids);
	}
	free(x->causes);
	cds_findings_free(x->findings);
	free(x->said);
	free(x);
}
