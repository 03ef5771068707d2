/*
 * The soname table of the shipped index (manifests/index.json, "sonames")
 * through cds_manifest_soname(): exact sonames, longer versions, names
 * without a version, a library's rows in turn, names it does not know.
 * Where a real CUDA is installed (/usr/local/cuda/lib64, or
 * CDS_CUDA_LIB64), every library file there with a DT_SONAME resolves to
 * a row of that exact soname whose component the CUDA redistrib file of
 * the same release lists (cuDNN and NCCL, installed beside it, resolve to
 * their own kinds) and whose releases include that release.
 */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "read/elfread.h"
#include "sys/handle.h"
#include "read/manifest.h"
#include "base/version.h"
#include "shipped.h"
#include "tap.h"

static const struct cds_manifest *m;

static const char *
comp_of(const char *name)
{
	const struct cds_soname *r = cds_manifest_soname(m, name);

	return r != NULL ? r->soname : "(none)";
}

static int
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while (p != NULL && (p = strstr(p, word)) != NULL) {
		if ((p == list || p[-1] == ' ') && (p[n] == '\0' ||
		    p[n] == ' ')) {
			return 1;
		}
		p += n;
	}
	return 0;
}

/* Do RELEASES ("CUDA 12.1-12.9", "CUDA 13.0") include CUDA V? */
static int
covers(const char *releases, const char *v)
{
	char lo[32], hi[32];
	const char *p = strstr(releases, "CUDA ");
	int n;

	if (p == NULL) {
		return 0;
	}
	n = sscanf(p + 5, "%31[0-9.]-%31[0-9.]", lo, hi);
	if (n < 1) {
		return 0;
	}
	if (n == 1) {
		strcpy(hi, lo);
	}
	return cds_vercmp(v, lo) >= 0 && cds_vercmp(v, hi) <= 0;
}

/* The lookups every caller relies on, on facts of the shipped table. */
static void
lookups(void)
{
	const struct cds_soname *r, *r2;
	int n;

	r = cds_manifest_soname(m, "libcublasLt.so.12");
	tap_ok(r != NULL && strcmp(r->soname, "libcublasLt.so.12") == 0 &&
	    strcmp(r->component, "libcublas") == 0 &&
	    strcmp(r->kind, "cuda") == 0 && covers(r->releases, "12.4") &&
	    !covers(r->releases, "13.0") && r->debian != NULL &&
	    has_word(r->debian, "trixie:libcublaslt12") && r->pip != NULL &&
	    has_word(r->pip, "nvidia-cublas-cu12") && r->conda != NULL &&
	    has_word(r->conda, "libcublas"),
	    "libcublasLt.so.12: libcublas, CUDA 12.x, trixie:libcublaslt12, "
	    "nvidia-cublas-cu12, conda libcublas");
	tap_ok(strcmp(comp_of("libcublasLt.so.12.4.5.8"),
	    "libcublasLt.so.12") == 0, "a longer version finds its soname "
	    "(got %s)", comp_of("libcublasLt.so.12.4.5.8"));
	tap_ok(strcmp(comp_of("libnvrtc-builtins.so.13.0.88"),
	    "libnvrtc-builtins.so.13.0") == 0, "nvrtc-builtins keeps "
	    "major.minor (got %s)", comp_of("libnvrtc-builtins.so.13.0.88"));
	tap_ok(strcmp(comp_of("libnvrtc.so.12"), "libnvrtc.so.12") == 0 &&
	    strcmp(comp_of("libnvrtc.so"), "libnvrtc.so.11.2") == 0 &&
	    strcmp(cds_manifest_soname(m, "libnvrtc.so.12")->component,
	    "cuda_nvrtc") == 0, "libnvrtc is not libnvrtc.alt nor "
	    "libnvrtc-builtins (got %s)", comp_of("libnvrtc.so"));
	/* no version: the library's rows, lowest major first */
	r = cds_manifest_soname(m, "libcublasLt.so");
	r2 = cds_manifest_soname(m, "libcublasLt");
	tap_ok(r != NULL && r == r2 && strcmp(r->soname,
	    "libcublasLt.so.11") == 0, "libcublasLt.so and libcublasLt: the "
	    "library's first row (got %s)", r != NULL ? r->soname : "none");
	n = 0;
	for (r2 = r; r2 != NULL; r2 = cds_manifest_soname_next(m, r2)) {
		n += strncmp(r2->soname, "libcublasLt.so.", 15) == 0;
		if (strncmp(r2->soname, "libcublasLt.so.", 15) != 0) {
			n = -100;
		}
	}
	tap_ok(n == 3, "libcublasLt's rows in turn: .so.11, .so.12, .so.13 "
	    "(%d)", n);
	tap_ok(strcmp(comp_of("libcudart.so.99"), "libcudart.so.8.0") == 0,
	    "a version no row has: the library's first row (got %s)",
	    comp_of("libcudart.so.99"));
	r = cds_manifest_soname(m, "libcudnn_cnn_infer.so.8");
	tap_ok(r != NULL && strcmp(r->component, "cudnn") == 0 &&
	    strcmp(r->kind, "cudnn") == 0 && strstr(r->releases, "cuDNN 8")
	    != NULL && r->pip != NULL && has_word(r->pip,
	    "nvidia-cudnn-cu12"), "libcudnn_cnn_infer.so.8: cuDNN 8");
	r = cds_manifest_soname(m, "libcudnn_graph.so.9");
	tap_ok(r != NULL && strcmp(r->kind, "cudnn") == 0 &&
	    has_word(r->pip, "nvidia-cudnn-cu13"), "libcudnn_graph.so.9: "
	    "cuDNN 9, nvidia-cudnn-cu13");
	r = cds_manifest_soname(m, "libcuda.so.1");
	tap_ok(r != NULL && strcmp(r->kind, "driver") == 0 &&
	    r->pip == NULL && r->conda == NULL && r->debian != NULL &&
	    has_word(r->debian, "bookworm:libcuda1"), "libcuda.so.1: the "
	    "driver's (bookworm:libcuda1), no wheel, no conda package");
	r = cds_manifest_soname(m, "libcublas.so.13");
	tap_ok(r != NULL && r->debian == NULL && r->pip != NULL &&
	    strcmp(r->pip, "nvidia-cublas") == 0, "libcublas.so.13: no "
	    "Debian package (NULL), the unsuffixed CUDA 13 wheel");
	r = cds_manifest_soname(m, "libnccl.so.2");
	tap_ok(r != NULL && strcmp(r->kind, "nccl") == 0 &&
	    has_word(r->debian, "trixie:libnccl2"), "libnccl.so.2: NCCL, "
	    "trixie:libnccl2");
	tap_ok(cds_manifest_soname(m, "libfoo.so.1") == NULL &&
	    cds_manifest_soname(m, "libfoo") == NULL &&
	    cds_manifest_soname(m, NULL) == NULL &&
	    cds_manifest_soname(NULL, "libcudart.so.12") == NULL,
	    "names it does not know: NULL");
}

/* The components of the CUDA redistrib file of RELEASE ("13.0.0"). */
static struct cds_archive **
components(cds_handle_t *h, const char *src, const char *release)
{
	char *name = cds_xasprintf("%s/manifests/nvidia/cuda_redistrib_%s"
	    ".json", src, release), *text;
	struct cds_archive **v = NULL;
	size_t len;

	if ((text = cds_read_file(name, 1u << 22, &len)) != NULL) {
		v = cds_redistrib_parse(h, name, text, "linux-x86_64", NULL,
		    NULL);
	}
	free(text);
	free(name);
	return v;
}

static int
listed(struct cds_archive **v, const char *component)
{
	for (; v != NULL && *v != NULL; v++) {
		if (strcmp((*v)->component, component) == 0) {
			return 1;
		}
	}
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every soname of the library files in LIB64, a CUDA of RELEASE. */
static void
installed(cds_handle_t *h, const char *src, const char *lib64,
    const char *release)
{
	struct cds_archive **v = components(h, src, release);
	char **names = NULL, mm[16];
	size_t n = 0, i;
	struct dirent *de;
	DIR *d = opendir(lib64);

	snprintf(mm, sizeof(mm), "%.*s", (int)(strchr(strchr(release, '.') +
	    1, '.') - release), release);
	while (d != NULL && (de = readdir(d)) != NULL) {
		if (strstr(de->d_name, ".so") != NULL) {
			names = cds_xreallocarray(names, n + 1,
			    sizeof(*names));
			names[n++] = cds_xstrdup(de->d_name);
		}
	}
	if (d != NULL) {
		closedir(d);
	}
	qsort(names, n, sizeof(*names), cmp_str);
	tap_ok(v != NULL, "the CUDA %s redistrib file parses", release);
	for (i = 0; i < n; i++) {
		char *path = cds_path_join(lib64, names[i]);
		struct cds_elf_ident id = {0};
		const struct cds_soname *r;
		int good;

		if (cds_elf_ident(path, &id) == -1 || id.soname == NULL) {
			free(path);
			free(id.soname);
			continue;	/* a linker script, a static archive */
		}
		r = cds_manifest_soname(m, id.soname);
		if (r == NULL || strcmp(r->soname, id.soname) != 0) {
			good = 0;
		} else if (strcmp(r->kind, "cuda") == 0) {
			good = listed(v, r->component) &&
			    covers(r->releases, mm);
		} else {
			good = strcmp(r->kind, "cudnn") == 0 ||
			    strcmp(r->kind, "nccl") == 0;
		}
		tap_ok(good, "%s (%s): %s, %s, %s", names[i], id.soname,
		    r != NULL ? r->soname : "no row",
		    r != NULL ? r->component : "-",
		    r != NULL ? r->releases : "-");
		free(path);
		free(id.soname);
	}
	for (i = 0; i < n; i++) {
		free(names[i]);
	}
	free(names);
	cds_archives_free(v);
}

/* The CUDA release of an installed toolkit: the "13.0" of .../cuda-13.0,
 * as the first redistrib file of that minor names it ("13.0.0"). */
static char *
release_of(const char *src, const char *lib64)
{
	char *real = realpath(lib64, NULL), *p, *out = NULL;
	int maj, min;

	if (real != NULL && (p = strstr(real, "cuda-")) != NULL &&
	    sscanf(p + 5, "%d.%d", &maj, &min) == 2) {
		int patch;

		for (patch = 0; patch < 10 && out == NULL; patch++) {
			char *f = cds_xasprintf("%s/manifests/nvidia/"
			    "cuda_redistrib_%d.%d.%d.json", src, maj, min,
			    patch);

			if (cds_exists(f)) {
				out = cds_xasprintf("%d.%d.%d", maj, min,
				    patch);
			}
			free(f);
		}
	}
	free(real);
	return out;
}

int
main(void)
{
	const char *src = getenv("CDS_SRCDIR");
	const char *lib64 = getenv("CDS_CUDA_LIB64");
	char *text, *rel;
	struct cds_manifest *own;
	cds_handle_t *h;
	int err;

	if (src == NULL) {
		src = ".";
	}
	if (lib64 == NULL) {
		lib64 = "/usr/local/cuda/lib64";
	}
	h = cds_new("/", &err);
	if ((own = shipped_index(h, &text)) == NULL) {
		return 1;
	}
	m = own;
	tap_ok(m->nsonames > 100, "the index has its soname table (%zu rows)",
	    m->nsonames);
	lookups();
	rel = cds_exists(lib64) ? release_of(src, lib64) : NULL;
	if (rel != NULL) {
		installed(h, src, lib64, rel);
	} else {
		tap_skip("no CUDA with a redistrib file here at %s", lib64);
	}
	free(rel);
	cds_manifest_free(own);
	cds_free(h);
	free(text);
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
