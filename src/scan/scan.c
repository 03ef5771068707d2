/*
 * scan.c - look at the machine: driver, toolkits, cuDNN copies, conda envs,
 * Python frameworks and the loader's search path.  Everything is read under
 * the handle's root; nothing is written.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "sys/child.h"
#include "scan/container.h"
#include "read/elfread.h"
#include "scan/loader.h"
#include "read/dnfrepo.h"
#include "read/pkgdb.h"
#include "scan/probe.h"
#include "scan/scan.h"
#include "sys/spawn.h"
#include "base/strmap.h"

/* cudnn-libs.tsv: the sublibraries of each major, in load order. */
static const char *const cudnn8_libs[] = {
	"libcudnn", "libcudnn_ops_infer", "libcudnn_ops_train",
	"libcudnn_cnn_infer", "libcudnn_cnn_train", "libcudnn_adv_infer",
	"libcudnn_adv_train", NULL
};
static const char *const cudnn9_libs[] = {
	"libcudnn", "libcudnn_graph", "libcudnn_ops", "libcudnn_cnn",
	"libcudnn_adv", "libcudnn_engines_precompiled",
	"libcudnn_engines_runtime_compiled", "libcudnn_heuristic", NULL
};

const char *const *
cds_cudnn_sublibs(int major)
{
	switch (major) {
	case 8:
		return cudnn8_libs;
	case 9:
		return cudnn9_libs;
	default:
		return NULL;
	}
}

char *
cds_soname_version(const char *filename)
{
	const char *p = strstr(filename, ".so.");

	if (p == NULL || !isdigit((unsigned char)p[4])) {
		return NULL;
	}
	return cds_xstrdup(p + 4);
}

char *
cds_pkg_normalise(const char *name)
{
	struct cds_buf b = {0};
	const char *p;
	int sep = 0;

	for (p = name; *p != '\0'; p++) {
		if (*p == '-' || *p == '_' || *p == '.') {
			sep = 1;
			continue;
		}
		if (sep && b.len > 0) {
			cds_buf_add(&b, "-", 1);
		}
		sep = 0;
		{
			char c = (char)tolower((unsigned char)*p);

			cds_buf_add(&b, &c, 1);
		}
	}
	return cds_buf_steal(&b);
}

/* Value of "#define NAME <int>" in TEXT, or -1. */
static long
define_value(const char *text, const char *name)
{
	const char *p = text;
	size_t n = strlen(name);

	while ((p = strstr(p, "#define")) != NULL) {
		const char *q = p + 7;

		while (*q == ' ' || *q == '\t') {
			q++;
		}
		if (strncmp(q, name, n) == 0 && (q[n] == ' ' || q[n] == '\t')) {
			return strtol(q + n, NULL, 10);
		}
		p = q;
	}
	return -1;
}

char *
cds_cudnn_header_version(const cds_handle_t *h, const char *path)
{
	char *text = cds_root_read_file(h, path, 1u << 20, NULL);
	long major, minor, patch;
	char *v = NULL;

	if (text == NULL) {
		return NULL;
	}
	major = define_value(text, "CUDNN_MAJOR");
	minor = define_value(text, "CUDNN_MINOR");
	patch = define_value(text, "CUDNN_PATCHLEVEL");
	if (major >= 0 && minor >= 0 && patch >= 0) {
		v = cds_xasprintf("%ld.%ld.%ld", major, minor, patch);
	}
	free(text);
	return v;
}

/* The cuDNN copies found in one directory: cudnns[first .. first + n). */
struct dir_copies {
	size_t first, n;
};

/* The scan as it runs: the public result first, then private state. */
struct scan_run {
	struct cds_scan pub;
	struct cds_strmap *cudnn_dirs;	/* real dir scanned for cuDNN -> its
					   struct dir_copies */
	struct cds_pkgdb *pkgdb;	/* read on first use */
	struct cds_apt_offer *nv[2];	/* what NVIDIA's repository offers
					   (apt's lists, the rpm tools'
					   caches), read on first use */
	size_t nnv[2];
	int nv_read[2];
	struct cds_root_cache *snapshot;	/* what the scan's pass read,
						   for the rules run on it */
};

const struct cds_pkgdb *
cds_scan_pkgdb(cds_handle_t *h, const struct cds_scan *s)
{
	struct scan_run *run = (struct scan_run *)s;

	if (run->pkgdb == NULL) {
		run->pkgdb = cds_pkgdb_load(h);
	}
	return run->pkgdb;
}

size_t
cds_scan_nvidia_offers(cds_handle_t *h, const struct cds_scan *s, int rpm,
    const struct cds_apt_offer **out)
{
	struct scan_run *run = (struct scan_run *)s;

	rpm = rpm != 0;
	if (!run->nv_read[rpm]) {
		run->nnv[rpm] = rpm ? cds_dnf_nvidia_offers(h, NULL, 0,
		    &run->nv[rpm]) : cds_apt_nvidia_offers(h, NULL, 0,
		    &run->nv[rpm]);
		run->nv_read[rpm] = 1;
	}
	*out = run->nv[rpm];
	return run->nnv[rpm];
}

/* ------------------------------------------------------------------------ */
/* ------------------------------------------------------------------------ */
/* Driver                                                                    */
/* ------------------------------------------------------------------------ */

/* NVIDIA's PCI vendor id is 0x10de. */
static int
count_nvidia_pci(const cds_handle_t *h)
{
	char **devs = cds_root_glob(h, "/sys/bus/pci/devices/*/vendor");
	char **d;
	int n = 0;

	for (d = devs; *d != NULL; d++) {
		char *v = cds_root_read_line(h, *d);

		if (v != NULL && strcmp(v, "0x10de") == 0) {
			n++;
		}
		free(v);
	}
	cds_strfreev(devs);
	return n;
}

static void
scan_driver(cds_handle_t *h, struct cds_scan *s, unsigned flags)
{
	s->nvidia_pci = count_nvidia_pci(h);
	if (flags & CDS_SCAN_NO_DYNAMIC) {
		cds_probe_driver_static(h, &s->driver);
	} else {
		/* the files first, then a child that loads libcuda.so.1;
		 * a child that cannot start leaves what the files told */
		cds_probe_driver(h, &s->driver);
	}
}

/* ------------------------------------------------------------------------ */
/* Toolkits                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * The directory of a toolkit's libraries: NVIDIA's lib64 or targets/<arch>/
 * lib, or, for a distribution's toolkit installed in /usr (Debian's and
 * Ubuntu's nvidia-cuda-toolkit), the multiarch lib/<triplet>.  The first
 * that holds the CUDA runtime; else the first that exists.  Named by its
 * real path (lib64 is often a link to lib).
 */
static char *
toolkit_libdir(const cds_handle_t *h, const char *dir, int *has_runtime)
{
	static const char *const cands[] = {
		"lib64", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib",
		"lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu", "lib", NULL
	};
	const char *const *c;
	char *first = NULL;

	*has_runtime = 0;
	for (c = cands; *c != NULL; c++) {
		char *p = cds_path_join(dir, *c), *pat, **m, *real;

		if (!cds_root_isdir(h, p)) {
			free(p);
			continue;
		}
		if ((real = cds_realpath_in_root(h, p)) != NULL) {
			free(p);
			p = real;
		}
		pat = cds_path_join(p, "libcudart.so*");
		m = cds_root_glob(h, pat);
		free(pat);
		if (m[0] != NULL) {
			cds_strfreev(m);
			free(first);
			*has_runtime = 1;
			return p;
		}
		cds_strfreev(m);
		if (first == NULL) {
			first = p;
		} else {
			free(p);
		}
	}
	return first;
}

/* How long nvcc --version may take (it answers in well under a second;
 * a wrapper script that hangs must not hang the scan). */
#define NVCC_VERSION_MS 10000

/* "release 13.0, V13.0.88" in nvcc --version. */
static char *
nvcc_release(cds_handle_t *h, const char *nvcc)
{
	char buf[4096], *argv[3], **envp, *p, *out = NULL;

	if (*h->root != '\0') {
		return NULL;	/* another system's nvcc is not ours to run */
	}
	argv[0] = (char *)nvcc;
	argv[1] = (char *)"--version";
	argv[2] = NULL;
	envp = cds_child_env(h, NULL);
	if (cds_run_capture(argv, envp, NVCC_VERSION_MS, buf,
	    sizeof(buf)) == 0 && (p = strstr(buf, "release ")) != NULL) {
		p += 8;
		out = cds_xstrndup(p, strspn(p, "0123456789."));
		if (*out == '\0') {
			free(out);
			out = NULL;
		}
	}
	cds_strfreev(envp);
	return out;
}

static void
toolkit_version(cds_handle_t *h, struct cds_toolkit *t)
{
	char *p, *host, *text;

	/* version.json: {"cuda": {"name": ..., "version": "12.4.1"}} */
	p = cds_path_join(t->realpath, "version.json");
	text = cds_root_read_file(h, p, 1u << 20, NULL);
	free(p);
	if (text != NULL) {
		json_t *root = json_loads(text, 0, NULL);
		const char *v = json_string_value(json_object_get(
		    json_object_get(root, "cuda"), "version"));

		if (v != NULL) {
			t->version = cds_xstrdup(v);
			t->version_source = cds_xstrdup("version.json");
		}
		json_decref(root);
		free(text);
		if (t->version != NULL) {
			return;
		}
	}
	/* version.txt: "CUDA Version 11.4.2" */
	p = cds_path_join(t->realpath, "version.txt");
	text = cds_root_read_line(h, p);
	free(p);
	if (text != NULL) {
		char *q = strstr(text, "Version ");

		if (q != NULL) {
			q += 8;
			t->version = cds_xstrndup(q, strspn(q, "0123456789."));
			t->version_source = cds_xstrdup("version.txt");
		}
		free(text);
		if (t->version != NULL) {
			return;
		}
	}
	/* cuda.h: #define CUDA_VERSION 12040 */
	p = cds_path_join(t->realpath, "include/cuda.h");
	text = cds_root_read_file(h, p, 4u << 20, NULL);
	free(p);
	if (text != NULL) {
		long v = define_value(text, "CUDA_VERSION");

		if (v > 0) {
			t->version = cds_xasprintf("%ld.%ld", v / 1000,
			    (v % 1000) / 10);
			t->version_source = cds_xstrdup("cuda.h");
		}
		free(text);
		if (t->version != NULL) {
			return;
		}
	}
	/* last, what nvcc says: a program run here only (not under a root),
	 * so the files above come first for the same answer both ways */
	p = cds_path_join(t->realpath, "bin/nvcc");
	host = cds_rpath_follow(h, p);
	if (access(host, X_OK) == 0 &&
	    (t->version = nvcc_release(h, host)) != NULL) {
		t->version_source = cds_xstrdup("nvcc");
	}
	free(host);
	free(p);
}

/*
 * The NVIDIA HPC SDK.  A release directory (<prefix>/Linux_<arch>/<release>)
 * holds compilers/, with a second nvcc in compilers/bin (CMake's merge
 * request 5777: "the NVIDIA HPC SDK specifically ships two copies of nvcc
 * one in compilers/bin/ and one in cuda/bin"), its CUDA toolkits as
 * cuda/<X.Y>, with cuda/bin, include and lib64 standing for the default
 * one, and their math libraries apart, in math_libs/<X.Y>/lib64 (CMake's
 * FindCUDAToolkit: "The NVHPC layout moves math library headers and
 * libraries to a sibling directory"; public build lines name
 * Linux_x86_64/24.5/cuda/12.4/lib64 beside math_libs/12.4/lib64).
 */

/* 1 when REL is such a release directory. */
static int
hpcsdk_release(const cds_handle_t *h, const char *rel)
{
	char *a = cds_path_join(rel, "compilers/bin");
	char *b = cds_path_join(rel, "cuda");
	int r = cds_root_isdir(h, a) && cds_root_isdir(h, b);

	free(b);
	free(a);
	return r;
}

/* REAL, a toolkit's real directory: when it is an HPC SDK's cuda/ whose
 * bin/ leads into cuda/<X.Y>, that default toolkit, as a new string;
 * else NULL (the listing names one toolkit once). */
static char *
hpcsdk_default_cuda(const cds_handle_t *h, const char *real)
{
	char *rel, *bin, *rbin, *top, *up, *out = NULL;

	if (strcmp(cds_basename(real), "cuda") != 0) {
		return NULL;
	}
	rel = cds_dirname(real);
	if (hpcsdk_release(h, rel)) {
		bin = cds_path_join(real, "bin");
		if ((rbin = cds_realpath_in_root(h, bin)) != NULL) {
			top = cds_dirname(rbin);
			up = cds_dirname(top);
			if (strcmp(up, real) == 0) {
				out = top;
				top = NULL;
			}
			free(up);
			free(top);
			free(rbin);
		}
		free(bin);
	}
	free(rel);
	return out;
}

/* T in an HPC SDK's cuda/<X.Y>: the SDK's release and T's math libraries
 * (left NULL when they are not there). */
static void
hpcsdk_toolkit(const cds_handle_t *h, struct cds_toolkit *t)
{
	char *cuda = cds_dirname(t->realpath), *rel, *math;

	if (strcmp(cds_basename(cuda), "cuda") != 0) {
		free(cuda);
		return;
	}
	rel = cds_dirname(cuda);
	if (hpcsdk_release(h, rel)) {
		math = cds_xasprintf("%s/math_libs/%s/lib64", rel,
		    cds_basename(t->realpath));
		if (cds_root_isdir(h, math)) {
			t->mathdir = math;
			math = NULL;
		}
		free(math);
		t->sdk = rel;
		rel = NULL;
	}
	free(rel);
	free(cuda);
}

static struct cds_toolkit *
add_toolkit(cds_handle_t *h, struct cds_scan *s, const char *path,
    unsigned how, const char *via)
{
	char *real = cds_realpath_in_root(h, path), *def;
	struct cds_toolkit *t;
	size_t i;

	if (real == NULL) {
		real = cds_xstrdup(path);
	}
	if ((def = hpcsdk_default_cuda(h, real)) != NULL) {
		free(real);
		real = def;
	}
	for (i = 0; i < s->ntoolkits; i++) {
		t = &s->toolkits[i];
		if (strcmp(t->realpath, real) == 0) {
			t->found_by |= how;
			if (t->found_via == NULL && via != NULL) {
				t->found_via = cds_xstrdup(via);
			}
			free(real);
			return t;
		}
	}
	s->toolkits = cds_xreallocarray(s->toolkits, s->ntoolkits + 1,
	    sizeof(*s->toolkits));
	t = &s->toolkits[s->ntoolkits++];
	memset(t, 0, sizeof(*t));
	t->path = cds_xstrdup(path);
	t->realpath = real;
	t->found_by = how;
	t->found_via = cds_strdup0(via);
	t->exists = cds_root_isdir(h, real);
	if (!t->exists) {
		return t;
	}
	toolkit_version(h, t);
	t->libdir = toolkit_libdir(h, real, &t->has_runtime);
	hpcsdk_toolkit(h, t);
	{
		char *nvcc = cds_path_join(real, "bin/nvcc");

		t->has_nvcc = cds_root_exists(h, nvcc);
		free(nvcc);
	}
	return t;
}

/* Every executable PROG on the target's PATH, in PATH's order (target
 * paths), each file once: with a merged /usr, /bin/nvcc is /usr/bin/nvcc
 * met again, not a second one. */
char **
cds_which_all(const cds_handle_t *h, const char *prog)
{
	const char *path = cds_getenv(h, "PATH");
	struct cds_strv found = {0}, seen = {0};
	char **dirs, **d;

	if (path == NULL) {
		return cds_strv_steal(&found);
	}
	dirs = cds_strsplit(path, ":", 0);
	for (d = dirs; *d != NULL; d++) {
		char *p, *real;

		if (**d != '/') {
			continue;	/* the cwd's is not a place */
		}
		p = cds_path_join(*d, prog);
		real = cds_root_is_exec(h, p) ? cds_realpath_in_root(h, p) :
		    NULL;
		if (real == NULL || cds_strv_contains(&seen, real)) {
			free(real);
			free(p);
			continue;
		}
		cds_strv_push_owned(&seen, real);
		cds_strv_push_owned(&found, p);
	}
	cds_strfreev(dirs);
	cds_strv_clear(&seen);
	return cds_strv_steal(&found);
}

/* Make toolkit T the one builds use, named active through VIA. */
static void
set_active(struct cds_scan *s, const struct cds_toolkit *t, const char *via)
{
	free(s->active_toolkit);
	free(s->active_via);
	s->active_toolkit = cds_xstrdup(t->realpath);
	s->active_via = cds_xstrdup(via);
}

/* Each nvcc on PATH is a toolkit: the first is what a plain `nvcc` runs,
 * the others are shadowed by it.  Its toolkit is the directory above its
 * bin/, as torch.utils.cpp_extension takes it (dirname(dirname(which
 * nvcc))), so Debian's /usr/bin/nvcc is the toolkit /usr. */
static void
scan_nvcc_on_path(cds_handle_t *h, struct cds_scan *s)
{
	char **all = cds_which_all(h, "nvcc"), **n;

	for (n = all; *n != NULL; n++) {
		char *bin = cds_dirname(*n), *top = cds_dirname(bin);
		char *rel = cds_dirname(top), *via;
		struct cds_toolkit *t;

		if (strcmp(cds_basename(top), "compilers") == 0 &&
		    hpcsdk_release(h, rel)) {
			/* the SDK's second nvcc: its CUDA is the SDK's */
			free(top);
			top = cds_path_join(rel, "cuda");
			via = cds_xasprintf("nvcc on PATH: %s (the NVIDIA HPC "
			    "SDK's compilers/bin/nvcc; its CUDA taken as the "
			    "SDK's default, %s)", *n, top);
		} else {
			via = cds_xasprintf("nvcc on PATH: %s", *n);
		}
		free(rel);
		t = add_toolkit(h, s, top, CDS_FOUND_NVCC_PATH, via);

		if (s->nvcc_path == NULL) {
			s->nvcc_path = cds_xstrdup(*n);
			s->nvcc_toolkit = cds_xstrdup(t->realpath);
		} else if (strcmp(t->realpath, s->nvcc_toolkit) != 0) {
			t->shadowed = 1;
		}
		free(via);
		free(top);
		free(bin);
	}
	cds_strfreev(all);
}

static void
scan_toolkits(cds_handle_t *h, struct cds_scan *s)
{
	static const char *const pats[] = {
		"/usr/local/cuda-*", "/opt/cuda", "/opt/cuda-*",
		"/opt/nvidia/cuda-*",
		/* the HPC SDK's toolkits at its default prefix */
		"/opt/nvidia/hpc_sdk/Linux_*/*/cuda/[0-9]*", NULL
	};
	const char *const *p;
	const char *home, *cpath;
	const struct cds_toolkit *th = NULL, *tp = NULL;
	size_t i;

	/* the default link first: it names the toolkit most tools use */
	if (cds_root_is_link(h, "/usr/local/cuda")) {
		struct cds_toolkit *t = add_toolkit(h, s, "/usr/local/cuda",
		    CDS_FOUND_LINK, NULL);

		t->is_default = 1;
		s->default_link = cds_xstrdup("/usr/local/cuda");
		s->default_toolkit = cds_xstrdup(t->realpath);
		/* name the toolkit by its real directory */
		free(t->path);
		t->path = cds_xstrdup(t->realpath);
	} else if (cds_root_isdir(h, "/usr/local/cuda")) {
		struct cds_toolkit *t = add_toolkit(h, s, "/usr/local/cuda",
		    CDS_FOUND_DIR, NULL);

		t->is_default = 1;
		s->default_toolkit = cds_xstrdup(t->realpath);
	}
	for (p = pats; *p != NULL; p++) {
		char **m = cds_root_glob(h, *p), **q;

		for (q = m; *q != NULL; q++) {
			if (cds_root_isdir(h, *q) &&
			    !cds_endswith(*q, ".state")) {
				add_toolkit(h, s, *q, cds_startswith(*q,
				    "/opt/nvidia/cuda-") ? CDS_FOUND_PREFIX :
				    CDS_FOUND_DIR, NULL);
			}
		}
		cds_strfreev(m);
	}
	scan_nvcc_on_path(h, s);
	/* torch.utils.cpp_extension's order, which most build scripts
	 * copy: CUDA_HOME, else CUDA_PATH, else nvcc on PATH, else
	 * /usr/local/cuda; set but empty counts as unset there too */
	if ((cpath = cds_getenv(h, "CUDA_PATH")) != NULL && *cpath == '/') {
		char *via = cds_xasprintf("CUDA_PATH=%s", cpath);

		add_toolkit(h, s, cpath, CDS_FOUND_CUDA_PATH, via);
		free(via);
	}
	if ((home = cds_getenv(h, "CUDA_HOME")) != NULL && *home == '/') {
		char *via = cds_xasprintf("CUDA_HOME=%s", home);

		add_toolkit(h, s, home, CDS_FOUND_CUDA_HOME, via);
		free(via);
	}
	/* once the array stops moving */
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];

		if (t->found_by & CDS_FOUND_CUDA_HOME) {
			th = t;
		}
		if (t->found_by & CDS_FOUND_CUDA_PATH) {
			tp = t;
		}
	}
	if (th != NULL) {
		set_active(s, th, "CUDA_HOME");
	} else if (tp != NULL) {
		set_active(s, tp, "CUDA_PATH");
	} else if (s->nvcc_toolkit != NULL) {
		s->active_toolkit = cds_xstrdup(s->nvcc_toolkit);
		s->active_via = cds_xstrdup("nvcc on PATH");
	} else if (s->default_toolkit != NULL) {
		s->active_toolkit = cds_xstrdup(s->default_toolkit);
		s->active_via = cds_xstrdup("/usr/local/cuda");
	}
}

/* ------------------------------------------------------------------------ */
/* Loader search path                                                        */
/* ------------------------------------------------------------------------ */

static void
scan_searchdirs(cds_handle_t *h, struct cds_scan *s)
{
	/* the loader emulation (src/scan/loader.c) knows ld.so's order */
	s->searchdirs = cds_loader_searchdirs(h, NULL, &s->nsearchdirs);
}

/* ------------------------------------------------------------------------ */
/* cuDNN copies                                                              */
/* ------------------------------------------------------------------------ */


/* A dist-info or conda-meta version for cuDNN near DIR, or NULL. */
static char *
cudnn_package_version(const cds_handle_t *h, const char *dir,
    enum cds_origin origin, const char *env_prefix)
{
	char **m, *v = NULL, *pat;

	if (origin == CDS_ORIGIN_CONDA && env_prefix != NULL) {
		pat = cds_path_join(env_prefix, "conda-meta/cudnn-[0-9]*.json");
		m = cds_root_glob(h, pat);
		if (m[0] != NULL) {
			/* cudnn-9.1.0.70-h1234_0.json */
			const char *b = cds_basename(m[0]) + 6;

			v = cds_xstrndup(b, strcspn(b, "-"));
		}
		cds_strfreev(m);
		free(pat);
		return v;
	}
	/* pip: site-packages/nvidia/cudnn/lib -> site-packages/
	 * nvidia_cudnn_cu12-9.1.0.70.dist-info; a toolkit with wheels
	 * unpacked in it keeps them in dist-info/ beside lib/ */
	{
		static const char *const rel[] = {
			"../../../nvidia_cudnn_cu*-*.dist-info",
			"../dist-info/nvidia_cudnn_cu*-*.dist-info", NULL
		};
		const char *const *r;
		char *real = cds_realpath_in_root(h, dir);

		for (r = rel; *r != NULL && v == NULL; r++) {
			char *p = cds_path_join(real != NULL ? real : dir, *r);

			m = cds_root_glob(h, p);
			if (m[0] != NULL) {
				const char *b = cds_basename(m[0]);
				const char *dash = strchr(b, '-');

				v = cds_xstrndup(dash + 1, strlen(dash + 1) -
				    strlen(".dist-info"));
			}
			cds_strfreev(m);
			free(p);
		}
		free(real);
	}
	return v;
}

/*
 * The file a library link in DIR ends at, when the chain stays in DIR (as
 * NVIDIA's and conda's chains do: libX.so -> libX.so.9 -> libX.so.9.1.0).
 * Otherwise the full resolution inside the root.  Returns the final file
 * name (new string) or NULL when the chain is broken.
 */
static char *
link_final_name(const cds_handle_t *h, const char *dir, const char *name)
{
	char *cur = cds_xstrdup(name);
	int hops;

	for (hops = 0; hops < 16; hops++) {
		char *path = cds_path_join(dir, cur);
		char *target = cds_root_readlink(h, path);

		if (target == NULL) {
			free(path);
			return cur;	/* not a link: the end */
		}
		if (strchr(target, '/') != NULL) {
			char *real = cds_realpath_in_root(h, path);
			char *r = real != NULL ? cds_xstrdup(cds_basename(real)) :
			    NULL;

			free(real);
			free(target);
			free(path);
			free(cur);
			return r;
		}
		free(path);
		free(cur);
		cur = target;
	}
	free(cur);
	return NULL;
}

/*
 * Is file NAME in DIR part of the cuDNN MAJOR copy?  Versioned names say so
 * themselves ("libcudnn_ops.so.9.1.0"); a dev link "libcudnn.so" goes with
 * the major it points to, or with the FIRST major found if it points
 * nowhere versioned.
 */
static int
belongs_to_major(const cds_handle_t *h, const char *dir, const char *name,
    int major, int first)
{
	char *v, *real;
	int ok;

	if (!cds_startswith(name, "libcudnn") || cds_endswith(name, ".a")) {
		return 0;
	}
	if ((v = cds_soname_version(name)) != NULL) {
		ok = atoi(v) == major;
		free(v);
		return ok;
	}
	if (!cds_endswith(name, ".so")) {
		return 0;
	}
	real = link_final_name(h, dir, name);
	v = real != NULL ? cds_soname_version(real) : NULL;
	ok = v != NULL ? atoi(v) == major : first;
	free(v);
	free(real);
	return ok;
}

/* One file of a cuDNN set in DIR: its name, where a link points, the
 * version its final name carries and its soname. */
static void
read_cudnn_file(cds_handle_t *h, const char *dir, const char *name,
    struct cds_libfile *f)
{
	char *path, *host, *real;

	memset(f, 0, sizeof(*f));
	f->name = cds_xstrdup(name);
	path = cds_path_join(dir, name);
	host = cds_rpath_follow(h, path);
	f->is_link = cds_root_is_link(h, path);
	if (f->is_link) {
		f->target = cds_root_readlink(h, path);
	}
	real = f->is_link ? link_final_name(h, dir, name) : cds_xstrdup(name);
	if (real != NULL) {
		f->version = cds_soname_version(real);
	}
	if (cds_is_file(host)) {
		struct cds_elf *e = cds_elf_open(h, host);

		if (e != NULL) {
			f->soname = cds_strdup0(cds_elf_soname(e));
			cds_elf_free(e);
		}
	}
	free(real);
	free(host);
	free(path);
}

/* Whether C's files make the set SUBS (each sublibrary's soname file, with
 * SUFFIX ".so.N") of one release: fills c->missing, c->mixed and
 * c->complete.  Returns that release's version (the caller's), or NULL
 * when no file's name carries one. */
static char *
check_cudnn_set(struct cds_cudnn *c, const char *const *subs,
    const char *suffix)
{
	struct cds_strv missing = {0}, mixed = {0};
	char *ver = NULL;
	size_t i;

	for (i = 0; subs[i] != NULL; i++) {
		char *want = cds_xasprintf("%s%s", subs[i], suffix);
		struct cds_libfile *f = NULL;
		size_t k;

		for (k = 0; k < c->nfiles; k++) {
			if (strcmp(c->files[k].name, want) == 0) {
				f = &c->files[k];
			}
		}
		if (f == NULL) {
			cds_strv_push_owned(&missing, want);
			continue;
		}
		free(want);
		/* a bare ".so.9" file carries no version in its name */
		if (f->version != NULL && strchr(f->version, '.') != NULL) {
			if (ver == NULL) {
				ver = cds_xstrdup(f->version);
			} else if (strcmp(ver, f->version) != 0) {
				cds_strv_push_owned(&mixed, cds_xasprintf(
				    "%s=%s", f->name, f->version));
			}
		}
	}
	if (mixed.n > 0 && ver != NULL) {
		/* name the first file's version too, so both sides show */
		for (i = 0; i < c->nfiles; i++) {
			if (cds_streq(c->files[i].version, ver) &&
			    cds_endswith(c->files[i].name, suffix)) {
				cds_strv_push_owned(&mixed, cds_xasprintf(
				    "%s=%s", c->files[i].name, ver));
				break;
			}
		}
	}
	c->missing = cds_strv_steal(&missing);
	c->mixed = cds_strv_steal(&mixed);
	c->complete = c->missing[0] == NULL && c->mixed[0] == NULL;
	return ver;
}

/* The version the header next to the libraries in DIR declares
 * (../include/cudnn_version.h, or cudnn_version_v9.h), when it is of
 * MAJOR; NULL otherwise. */
static char *
cudnn_header_beside(cds_handle_t *h, const char *dir, int major)
{
	char *parent, *p, *hdr;

	parent = cds_dirname(dir);
	p = cds_path_join(parent, "include/cudnn_version.h");
	hdr = cds_cudnn_header_version(h, p);
	if (hdr == NULL) {
		char *h2 = cds_path_join(parent, "include/cudnn_version_v9.h");

		hdr = cds_cudnn_header_version(h, h2);
		free(h2);
	}
	free(p);
	free(parent);
	if (hdr != NULL && atoi(hdr) != major) {
		free(hdr);
		hdr = NULL;
	}
	return hdr;
}

/* Add the cuDNN of MAJOR in DIR (NAMES: its entries; FIRST: whether this
 * is the first major found there, see belongs_to_major) to S: its files,
 * whether they make one whole release, and its version from the names, the
 * package or the header. */
static void
add_cudnn_major(cds_handle_t *h, struct cds_scan *s, const char *dir,
    char **names, int major, int first, enum cds_origin origin,
    const char *env, const char *env_prefix)
{
	struct cds_cudnn *c;
	char suffix[8], *ver;
	char **n;

	snprintf(suffix, sizeof(suffix), ".so.%d", major);
	s->cudnns = cds_xreallocarray(s->cudnns, s->ncudnns + 1,
	    sizeof(*s->cudnns));
	c = &s->cudnns[s->ncudnns++];
	memset(c, 0, sizeof(*c));
	c->dir = cds_xstrdup(dir);
	c->origin = origin;
	c->env = cds_strdup0(env);
	c->major = major;
	for (n = names; *n != NULL; n++) {
		if (!belongs_to_major(h, dir, *n, major, first)) {
			continue;
		}
		c->files = cds_xreallocarray(c->files, c->nfiles + 1,
		    sizeof(*c->files));
		read_cudnn_file(h, dir, *n, &c->files[c->nfiles++]);
		if (strcmp(*n, "libcudnn.so") == 0) {
			c->has_dev_links = 1;
		}
	}
	ver = check_cudnn_set(c, cds_cudnn_sublibs(major), suffix);
	c->header_version = cudnn_header_beside(h, dir, major);
	c->package_version = cudnn_package_version(h, dir, origin,
	    env_prefix);
	if (ver != NULL) {
		c->version = ver;
	} else if (c->package_version != NULL) {
		char **f = cds_strsplit(c->package_version, ".", 0);

		c->version = cds_strv_len(f) >= 3 ?
		    cds_xasprintf("%s.%s.%s", f[0], f[1], f[2]) :
		    cds_xstrdup(c->package_version);
		cds_strfreev(f);
	} else if (c->header_version != NULL) {
		c->version = cds_xstrdup(c->header_version);
	}
}

/* Look at DIR (a target path) for cuDNN libraries of any major. */
static void
scan_cudnn_dir(cds_handle_t *h, struct cds_scan *s, const char *dir,
    enum cds_origin origin, const char *env, const char *env_prefix)
{
	struct cds_strmap *seen = ((struct scan_run *)s)->cudnn_dirs;
	char *real = cds_realpath_in_root(h, dir);
	char **names, **n;
	int majors[4] = {0}, nm = 0, i;
	struct dir_copies *dc;

	if (real == NULL) {
		return;
	}
	/* each directory once, however many ways it was reached */
	if (cds_strmap_has(seen, real)) {
		free(real);
		return;
	}
	dc = cds_xcalloc(1, sizeof(*dc));
	dc->first = s->ncudnns;
	cds_strmap_add(seen, real, dc);
	free(real);
	names = cds_root_listdir(h, dir);
	if (names == NULL) {
		return;
	}
	for (n = names; *n != NULL; n++) {
		char *v;
		int m;

		if (!cds_startswith(*n, "libcudnn") ||
		    (v = cds_soname_version(*n)) == NULL) {
			continue;
		}
		m = atoi(v);
		free(v);
		for (i = 0; i < nm && majors[i] != m; i++) {
		}
		if (i == nm && nm < 4 && m > 0) {
			majors[nm++] = m;
		}
	}
	for (i = 0; i < nm; i++) {
		if (cds_cudnn_sublibs(majors[i]) != NULL) {
			add_cudnn_major(h, s, dir, names, majors[i], i == 0,
			    origin, env, env_prefix);
		}
	}
	dc->n = s->ncudnns - dc->first;
	cds_strfreev(names);
}

const struct cds_cudnn *
cds_scan_cudnns_in(const cds_handle_t *h, const struct cds_scan *s,
    const char *dir, size_t *n)
{
	const struct dir_copies *dc = NULL;
	char *real = cds_realpath_in_root(h, dir);

	if (real != NULL) {
		dc = cds_strmap_get(((const struct scan_run *)s)->cudnn_dirs,
		    real);
		free(real);
	}
	*n = dc != NULL ? dc->n : 0;
	return *n > 0 ? &s->cudnns[dc->first] : NULL;
}

/* ------------------------------------------------------------------------ */
/* Python packages and conda envs                                            */
/* ------------------------------------------------------------------------ */

static enum cds_framework_kind
framework_kind(const char *name)
{
	if (strcmp(name, "torch") == 0 || strcmp(name, "pytorch") == 0) {
		return CDS_FW_TORCH;
	}
	if (cds_startswith(name, "onnxruntime")) {
		return CDS_FW_ONNXRUNTIME;
	}
	if (cds_startswith(name, "tensorflow")) {
		return CDS_FW_TENSORFLOW;
	}
	if (strcmp(name, "jax") == 0 || cds_startswith(name, "jaxlib") ||
	    cds_startswith(name, "jax-cuda")) {
		return CDS_FW_JAX;
	}
	return CDS_FW_OTHER;
}

/* Which installed distributions matter to us. */
static int
interesting(const char *name)
{
	static const char *const names[] = {
		"torch", "onnxruntime-gpu", "onnxruntime", "tensorflow",
		"tensorflow-gpu", "jax", "jaxlib", "ctranslate2",
		"paddlepaddle-gpu", "cupy", "torchvision", "torchaudio", NULL
	};
	const char *const *p;

	if (cds_startswith(name, "nvidia-") ||
	    cds_startswith(name, "jax-cuda") ||
	    cds_startswith(name, "cupy-cuda")) {
		return 1;
	}
	for (p = names; *p != NULL; p++) {
		if (strcmp(*p, name) == 0) {
			return 1;
		}
	}
	return 0;
}

/* What a small Python file assigns to a name. */
enum py_kind {
	PY_ABSENT = 0,	/* not assigned (or no file) */
	PY_STR,		/* a string literal: the value */
	PY_NONE,	/* None */
	PY_TRUE,
	PY_FALSE,
	PY_OTHER	/* anything else: an expression */
};

/*
 * The first assignment to NAME in the small Python file PATH, in each form
 * the frameworks write: `name = '12.4'`, an annotated `name: Optional[str]
 * = '12.4'` (PyTorch 2's torch/version.py), or a dict entry `'name':
 * '12.3'` (TensorFlow's build_info.py).  *value gets a string literal's
 * text (new), else NULL.
 */
static enum py_kind
py_value(const cds_handle_t *h, const char *path, const char *name,
    char **value)
{
	char *text = cds_root_read_file(h, path, 1u << 20, NULL), *p;
	enum py_kind kind = PY_ABSENT;
	size_t n = strlen(name);

	*value = NULL;
	if (text == NULL) {
		return PY_ABSENT;
	}
	for (p = text; kind == PY_ABSENT && (p = strstr(p, name)) != NULL;
	    p += n) {
		char *q = p + n, quote = 0;

		if (p > text && (isalnum((unsigned char)p[-1]) ||
		    p[-1] == '_' || p[-1] == '.')) {
			continue;
		}
		if (isalnum((unsigned char)*q) || *q == '_') {
			continue;	/* a longer name */
		}
		if (p > text && (p[-1] == '\'' || p[-1] == '"')) {
			/* a dict key: 'cuda_version': '12.3' */
			if (*q != p[-1]) {
				continue;
			}
			q++;
			q += strspn(q, " \t");
			if (*q != ':') {
				continue;	/* __all__ = ['cuda', ...] */
			}
			q++;
		} else {
			q += strspn(q, " \t");
			if (*q == ':') {
				/* an annotation: `name: Optional[str] = ` */
				size_t k = strcspn(q, "=\n");

				if (q[k] != '=' || q[k + 1] == '=') {
					continue;
				}
				q += k;
			}
			if (*q != '=' || q[1] == '=') {
				continue;
			}
			q++;
		}
		q += strspn(q, " \t");
		if (*q == '\'' || *q == '"') {
			quote = *q++;
			*value = cds_xstrndup(q, strcspn(q, quote == '\'' ?
			    "'\n" : "\"\n"));
			kind = PY_STR;
		} else if (strncmp(q, "None", 4) == 0) {
			kind = PY_NONE;
		} else if (strncmp(q, "True", 4) == 0) {
			kind = PY_TRUE;
		} else if (strncmp(q, "False", 5) == 0) {
			kind = PY_FALSE;
		} else {
			kind = PY_OTHER;
		}
	}
	free(text);
	return kind;
}

/* A string assigned to NAME in PATH, or NULL. */
static char *
py_string(const cds_handle_t *h, const char *path, const char *name)
{
	char *v;

	if (py_value(h, path, name, &v) != PY_STR) {
		free(v);
		return NULL;
	}
	return v;
}

/* The version a Requires-Dist of METADATA pins, "==V": of the first
 * requirement whose name starts with NAME ("nvidia-cudnn-cu" of
 * "Requires-Dist: nvidia-cudnn-cu12==8.9.2.26; ..."), or with WHOLE, is
 * NAME ("torch", not "torchvision"; "torch==2.5.1", or the older
 * "torch (==2.0.1)").  NULL when there is none, or it is not pinned. */
static char *
requires_pin(const cds_handle_t *h, const char *distinfo, const char *name,
    int whole)
{
	char *meta = cds_path_join(distinfo, "METADATA");
	char *text = cds_root_read_file(h, meta, 4u << 20, NULL), *p, *r = NULL;
	size_t n = strlen(name);

	free(meta);
	if (text == NULL) {
		return NULL;
	}
	for (p = text; (p = strstr(p, "Requires-Dist: ")) != NULL; p++) {
		char *q = p + 15, *eq;

		if (strncmp(q, name, n) != 0 || (whole && (q[n] == '\0' ||
		    strchr(" =(<>!~", q[n]) == NULL))) {
			continue;
		}
		eq = strstr(q + n, "==");
		if (eq != NULL && eq < q + strcspn(q, "\n;")) {
			r = cds_xstrndup(eq + 2, strspn(eq + 2,
			    "0123456789.abcdefghijklmnopqrstuvwxyz+"));
		}
		break;
	}
	free(text);
	return r;
}

/* The CUDA major a companion's compiled extension links against: the
 * libcudart.so.N among the NEEDED of SITE/NAME/_C.so (torchvision) or
 * SITE/NAME/lib/libNAME.so (torchaudio); NULL when neither names one. */
static char *
cudart_needed(cds_handle_t *h, const char *site, const char *name)
{
	char *paths[2], *r = NULL;
	size_t i;

	paths[0] = cds_xasprintf("%s/%s/_C.so", site, name);
	paths[1] = cds_xasprintf("%s/%s/lib/lib%s.so", site, name, name);
	for (i = 0; i < 2; i++) {
		char *host = r == NULL ? cds_rpath_follow(h, paths[i]) : NULL;
		struct cds_elf *e = host != NULL && cds_is_file(host) ?
		    cds_elf_open(h, host) : NULL;
		char *const *nd = e != NULL ? cds_elf_needed(e) : NULL;

		for (; nd != NULL && *nd != NULL && r == NULL; nd++) {
			if (cds_startswith(*nd, "libcudart.so.") &&
			    isdigit((unsigned char)(*nd)[13])) {
				r = cds_xstrndup(*nd + 13, strspn(*nd + 13,
				    "0123456789"));
			}
		}
		if (e != NULL) {
			cds_elf_free(e);
		}
		free(host);
		free(paths[i]);
	}
	return r;
}

/* "2.3.1+cu121" -> "12.1"; "0.4.28+cuda12.cudnn89" -> "12". */
static char *
cuda_from_local_tag(const char *version)
{
	const char *p = strchr(version, '+');

	if (p == NULL) {
		return NULL;
	}
	if (strncmp(p, "+cu", 3) == 0 && isdigit((unsigned char)p[3])) {
		const char *d = p + 3;
		size_t n = strspn(d, "0123456789");

		if (strncmp(d - 1, "uda", 3) == 0) {
			return NULL;
		}
		if (n >= 3) {
			/* cu121 -> 12.1, cu118 -> 11.8 */
			return cds_xasprintf("%.*s.%.*s", (int)(n - 1), d, 1,
			    d + n - 1);
		}
	}
	if ((p = strstr(version, "cuda")) != NULL &&
	    isdigit((unsigned char)p[4])) {
		return cds_xstrndup(p + 4, strspn(p + 4, "0123456789"));
	}
	return NULL;
}

/* PyTorch's build, from torch/version.py as installed: `cuda` is the
 * CUDA it was built with, None for a CPU-only build (a ROCm build names
 * `hip` instead). */
static void
torch_details(cds_handle_t *h, const char *site, struct cds_package *pkg)
{
	char *p = cds_path_join(site, "torch/version.py"), *v, *hip;
	enum py_kind k = py_value(h, p, "cuda", &v);

	if (k == PY_STR && *v != '\0') {
		pkg->cuda = v;
		pkg->cuda_source = "torch/version.py";
		v = NULL;
	} else if (k == PY_NONE) {
		if (py_value(h, p, "hip", &hip) != PY_STR) {
			pkg->cpu_only = 1;
			pkg->cuda_source = "torch/version.py";
		}
		free(hip);
	}
	free(v);
	if (pkg->cudnn == NULL) {
		pkg->cudnn = py_string(h, p, "cudnn");
	}
	free(p);
	pkg->libdir = cds_path_join(site, "torch/lib");
}

/* TensorFlow's build_info.py: {'cuda_version': '12.3', 'cudnn_version':
 * '8', 'is_cuda_build': True, ...}. */
static void
tf_details(cds_handle_t *h, const char *site, struct cds_package *pkg)
{
	char *p = cds_path_join(site,
	    "tensorflow/python/platform/build_info.py"), *v = NULL;

	pkg->cuda = py_string(h, p, "cuda_version");
	pkg->cudnn = py_string(h, p, "cudnn_version");
	if (pkg->cuda != NULL) {
		pkg->cuda_source = "tensorflow build_info.py";
	} else if (py_value(h, p, "is_cuda_build", &v) == PY_FALSE) {
		pkg->cpu_only = 1;
		pkg->cuda_source = "tensorflow build_info.py";
	}
	free(v);
	free(p);
}

/* ONNX Runtime's capi/: build_and_package_info.py names the CUDA a GPU
 * build was made with (cuda_version), version_info.py too with its cuDNN
 * (or use_cuda = False); a build without libonnxruntime_providers_cuda.so
 * has no CUDA at all (the "onnxruntime" wheel, Debian's package). */
static void
ort_details(cds_handle_t *h, const char *site, struct cds_package *pkg)
{
	char *capi = cds_path_join(site, "onnxruntime/capi");
	char *bi = cds_path_join(capi, "build_and_package_info.py");
	char *vi = cds_path_join(capi, "version_info.py");
	char *prov = cds_path_join(capi, "libonnxruntime_providers_cuda.so");
	char *v = NULL;
	enum py_kind use;

	if ((pkg->cuda = py_string(h, bi, "cuda_version")) != NULL) {
		pkg->cuda_source = "onnxruntime build_and_package_info.py";
	} else if ((pkg->cuda = py_string(h, vi, "cuda_version")) != NULL) {
		pkg->cuda_source = "onnxruntime version_info.py";
	}
	pkg->cudnn = py_string(h, vi, "cudnn_version");
	use = py_value(h, vi, "use_cuda", &v);
	free(v);
	if (pkg->cuda == NULL && use != PY_TRUE && cds_root_isdir(h, capi) &&
	    !cds_root_is_file(h, prov)) {
		pkg->cpu_only = 1;
		pkg->cuda_source = "onnxruntime/capi: no CUDA provider";
	}
	pkg->libdir = capi;
	free(prov);
	free(vi);
	free(bi);
}

int
cds_torch_companion(const char *name)
{
	return strcmp(name, "torchvision") == 0 ||
	    strcmp(name, "torchaudio") == 0;
}

static void
package_details(cds_handle_t *h, const char *site, const char *distinfo,
    struct cds_package *pkg)
{
	int companion = cds_torch_companion(pkg->name);
	char *p;

	pkg->kind = framework_kind(pkg->name);
	switch (pkg->kind) {
	case CDS_FW_TORCH:
		pkg->cudnn = requires_pin(h, distinfo, "nvidia-cudnn-cu", 0);
		torch_details(h, site, pkg);
		break;
	case CDS_FW_TENSORFLOW:
		tf_details(h, site, pkg);
		break;
	case CDS_FW_ONNXRUNTIME:
		ort_details(h, site, pkg);
		break;
	case CDS_FW_JAX:
		if (cds_startswith(pkg->name, "jax-cuda") &&
		    isdigit((unsigned char)pkg->name[8])) {
			/* jax-cuda13-plugin, jax-cuda12-pjrt: the CUDA major
			 * the plugin is built for is in its name */
			pkg->cuda = cds_xstrndup(pkg->name + 8,
			    strspn(pkg->name + 8, "0123456789"));
			pkg->cuda_source = "package name";
		}
		if ((p = strstr(pkg->version, "cudnn")) != NULL) {
			/* jaxlib 0.4.28+cuda12.cudnn89 */
			const char *d = p + 5;
			size_t n = strspn(d, "0123456789");

			if (n >= 2) {
				pkg->cudnn = cds_xasprintf("%c.%.*s", d[0],
				    (int)(n - 1), d + 1);
			}
		}
		break;
	default:
		if (companion) {
			/* torch's companions: the torch their release is
			 * built against, pinned in METADATA */
			pkg->torch_pin = requires_pin(h, distinfo, "torch", 1);
		}
		if (cds_startswith(pkg->name, "cupy-cuda") &&
		    isdigit((unsigned char)pkg->name[9])) {
			/* cupy-cuda12x, cupy-cuda13x: one wheel per CUDA
			 * major, named for it (research/pip-fixes.md) */
			pkg->cuda = cds_xstrndup(pkg->name + 9,
			    strspn(pkg->name + 9, "0123456789"));
			pkg->cuda_source = "package name";
		}
		break;
	}
	if (strstr(pkg->version, "+cpu") != NULL && pkg->cuda == NULL) {
		pkg->cpu_only = 1;	/* 2.3.1+cpu: PyTorch's CPU index */
		pkg->cuda_source = "version tag";
	}
	if (pkg->cuda == NULL && !pkg->cpu_only &&
	    (pkg->cuda = cuda_from_local_tag(pkg->version)) != NULL) {
		pkg->cuda_source = "version tag";
	}
	if (companion && pkg->cuda == NULL && !pkg->cpu_only &&
	    (pkg->cuda = cudart_needed(h, site, pkg->name)) != NULL) {
		/* PyPI's builds carry no label: the CUDA runtime their
		 * extension links names the major */
		pkg->cuda_source = strcmp(pkg->name, "torchvision") == 0 ?
		    "torchvision/_C.so" : "torchaudio/lib/libtorchaudio.so";
	}
	if (pkg->cuda == NULL && !pkg->cpu_only) {
		/* pip wheels pin the runtime: nvidia-cuda-runtime-cu12==12.1.105,
		 * CUDA 13's unsuffixed nvidia-cuda-runtime==13.0.96, or NVIDIA's
		 * metapackage, cuda-toolkit[cublas,...]==13.0.2 (torch for
		 * CUDA 13) */
		static const char *const pins[][2] = {
			{ "nvidia-cuda-runtime", "nvidia-cuda-runtime pin" },
			{ "cuda-toolkit", "cuda-toolkit pin" },
		};
		size_t i;

		for (i = 0; i < 2 && pkg->cuda == NULL; i++) {
			char *v = requires_pin(h, distinfo, pins[i][0], 0);
			char **f;

			if (v == NULL) {
				continue;
			}
			f = cds_strsplit(v, ".", 0);
			if (cds_strv_len(f) >= 2) {
				pkg->cuda = cds_xasprintf("%s.%s", f[0], f[1]);
				pkg->cuda_source = pins[i][1];
			}
			cds_strfreev(f);
			free(v);
		}
	}
	if (cds_startswith(pkg->name, "nvidia-")) {
		/* nvidia-cudnn-cu12 -> site-packages/nvidia/cudnn/lib */
		char *sub = cds_xstrdup(pkg->name + 7);
		char *cu = strstr(sub, "-cu");

		if (cu != NULL) {
			*cu = '\0';
		}
		for (p = sub; *p != '\0'; p++) {
			if (*p == '-') {
				*p = '_';
			}
		}
		if (strcmp(sub, "cuda_runtime") == 0 ||
		    strcmp(sub, "cuda_nvrtc") == 0 ||
		    strcmp(sub, "cuda_cupti") == 0) {
			/* their dirs drop the "cuda_" only for some; look */
		}
		p = cds_xasprintf("%s/nvidia/%s/lib", site, sub);
		if (cds_root_isdir(h, p)) {
			pkg->libdir = p;
		} else {
			free(p);
		}
		free(sub);
	}
}

static void
scan_site_packages(cds_handle_t *h, const char *site,
    struct cds_package **pkgs, size_t *npkgs)
{
	char **names = cds_root_listdir(h, site), **n;

	if (names == NULL) {
		return;
	}
	for (n = names; *n != NULL; n++) {
		struct cds_package *pkg;
		char *base, *dash, *norm, *di;

		if (!cds_endswith(*n, ".dist-info") &&
		    !cds_endswith(*n, ".egg-info")) {
			continue;
		}
		base = cds_xstrndup(*n, strlen(*n) - (cds_endswith(*n,
		    ".dist-info") ? 10 : 9));
		dash = strchr(base, '-');
		if (dash == NULL) {
			free(base);
			continue;
		}
		*dash = '\0';
		norm = cds_pkg_normalise(base);
		if (!interesting(norm)) {
			free(norm);
			free(base);
			continue;
		}
		*pkgs = cds_xreallocarray(*pkgs, *npkgs + 1, sizeof(**pkgs));
		pkg = &(*pkgs)[(*npkgs)++];
		memset(pkg, 0, sizeof(*pkg));
		pkg->name = norm;
		pkg->version = cds_xstrndup(dash + 1, strcspn(dash + 1, "-"));
		pkg->location = cds_xstrdup(site);
		di = cds_path_join(site, *n);
		package_details(h, site, di, pkg);
		free(di);
		free(base);
	}
	cds_strfreev(names);
}

/* conda packages: conda-meta/<name>-<version>-<build>.json. */
static void
scan_conda_meta(cds_handle_t *h, struct cds_env *e)
{
	char *pat = cds_path_join(e->prefix, "conda-meta/*.json");
	char **m = cds_root_glob(h, pat), **q;

	free(pat);
	for (q = m; *q != NULL; q++) {
		const char *b = cds_basename(*q);
		char *stem = cds_xstrndup(b, strlen(b) - 5);
		char *build = strrchr(stem, '-'), *ver, *name;

		if (build == NULL) {
			free(stem);
			continue;
		}
		*build++ = '\0';
		ver = strrchr(stem, '-');
		if (ver == NULL) {
			free(stem);
			continue;
		}
		*ver++ = '\0';
		name = stem;
		if (strcmp(name, "cudnn") == 0) {
			free(e->conda_cudnn);
			e->conda_cudnn = cds_xstrdup(ver);
		} else if (strcmp(name, "cudatoolkit") == 0 ||
		    strcmp(name, "cuda-cudart") == 0) {
			free(e->conda_cudatoolkit);
			e->conda_cudatoolkit = cds_xstrdup(ver);
		} else if (strcmp(name, "pytorch") == 0 ||
		    strcmp(name, "tensorflow") == 0 ||
		    strcmp(name, "onnxruntime") == 0 ||
		    strcmp(name, "jaxlib") == 0) {
			struct cds_package *pkg;
			char *cu;

			e->packages = cds_xreallocarray(e->packages,
			    e->npackages + 1, sizeof(*e->packages));
			pkg = &e->packages[e->npackages++];
			memset(pkg, 0, sizeof(*pkg));
			pkg->name = cds_xstrdup(strcmp(name, "pytorch") == 0 ?
			    "torch" : name);
			pkg->version = cds_xstrdup(ver);
			pkg->location = cds_xstrdup(*q);
			pkg->kind = framework_kind(pkg->name);
			pkg->from_conda = 1;
			/* build strings: py3.10_cuda12.1_cudnn8.9.2_0 (the
			 * pytorch channel); cuda126_py312_h..._200
			 * (conda-forge: "cuda{{ cuda_compiler_version |
			 * replace('.', '') }}") */
			if ((cu = strstr(build, "cuda")) != NULL &&
			    isdigit((unsigned char)cu[4])) {
				size_t n = strspn(cu + 4, "0123456789.");

				pkg->cuda = memchr(cu + 4, '.', n) == NULL &&
				    n == 3 ? cds_xasprintf("%.2s.%c", cu + 4,
				    cu[6]) : cds_xstrndup(cu + 4, n);
			}
			if ((cu = strstr(build, "cudnn")) != NULL &&
			    isdigit((unsigned char)cu[5])) {
				pkg->cudnn = cds_xstrndup(cu + 5,
				    strspn(cu + 5, "0123456789."));
			}
			if (pkg->cuda != NULL) {
				pkg->cuda_source = "conda build string";
			} else if (strstr(build, "cpu") != NULL) {
				pkg->cpu_only = 1;
				pkg->cuda_source = "conda build string";
			}
		}
		free(stem);
	}
	cds_strfreev(m);
}

static struct cds_env *
add_env(cds_handle_t *h, struct cds_scan *s, const char *name,
    const char *prefix)
{
	struct cds_env *e;
	char *real = cds_realpath_in_root(h, prefix), **py;
	size_t i;

	if (real == NULL || !cds_root_isdir(h, real)) {
		free(real);
		return NULL;
	}
	for (i = 0; i < s->nenvs; i++) {
		if (strcmp(s->envs[i].prefix, real) == 0) {
			free(real);
			return &s->envs[i];
		}
	}
	s->envs = cds_xreallocarray(s->envs, s->nenvs + 1, sizeof(*s->envs));
	e = &s->envs[s->nenvs++];
	memset(e, 0, sizeof(*e));
	e->name = cds_xstrdup(name);
	e->prefix = real;
	{
		char *cm = cds_path_join(real, "conda-meta");

		e->is_conda = cds_root_isdir(h, cm);
		free(cm);
		cm = cds_path_join(real, "pyvenv.cfg");
		e->is_venv = !e->is_conda && cds_root_is_file(h, cm);
		free(cm);
	}
	{
		char *pat = cds_path_join(real, "lib/python3.*");

		py = cds_root_glob(h, pat);
		free(pat);
	}
	if (py[0] != NULL) {
		char *site = cds_path_join(py[0], "site-packages");

		e->python = cds_xstrdup(cds_basename(py[0]) + 6);
		if (cds_root_isdir(h, site)) {
			e->site_packages = site;
		} else {
			free(site);
		}
	}
	cds_strfreev(py);
	return e;
}

/* A conda root (base) and its envs/. */
static void
add_conda_root(cds_handle_t *h, struct cds_scan *s, const char *root)
{
	char *pat, **m, **q, *cm;

	cm = cds_path_join(root, "conda-meta");
	if (!cds_root_isdir(h, cm)) {
		free(cm);
		return;
	}
	free(cm);
	add_env(h, s, "base", root);
	pat = cds_path_join(root, "envs/*");
	m = cds_root_glob(h, pat);
	for (q = m; *q != NULL; q++) {
		add_env(h, s, cds_basename(*q), *q);
	}
	cds_strfreev(m);
	free(pat);
}

/*
 * The env of the `python3` first on PATH, when it is a venv (pyvenv.cfg
 * beside its bin/) or a conda env: what the user's `python3` runs is
 * looked at without being named (a container's /opt/venv/bin first on
 * PATH, a venv put there by hand).  Only the first python3 runs, so only
 * its env; a system or pyenv Python is neither and adds nothing.
 */
static void
path_python_env(cds_handle_t *h, struct cds_scan *s)
{
	const char *path = cds_getenv(h, "PATH");
	char **dirs, **d;

	if (path == NULL) {
		return;
	}
	dirs = cds_strsplit(path, ":", 0);
	for (d = dirs; *d != NULL; d++) {
		char *py = cds_path_join(*d, "python3");
		char *top, *cfg, *meta;
		int found = (*d)[0] == '/' && cds_root_is_file(h, py);

		free(py);
		if (!found) {
			continue;
		}
		top = cds_dirname(*d);
		cfg = cds_path_join(top, "pyvenv.cfg");
		meta = cds_path_join(top, "conda-meta");
		if (cds_root_is_file(h, cfg) || cds_root_isdir(h, meta)) {
			add_env(h, s, cds_basename(top), top);
		}
		free(meta);
		free(cfg);
		free(top);
		break;
	}
	cds_strfreev(dirs);
}

static void
scan_envs(cds_handle_t *h, struct cds_scan *s)
{
	static const char *const homes_roots[] = {
		"anaconda3", "miniconda3", "miniforge3", "mambaforge",
		"micromamba", "conda", ".conda", NULL
	};
	static const char *const sys_roots[] = {
		"/opt/conda", "/opt/anaconda3", "/opt/miniconda3",
		"/opt/miniforge3", "/usr/local/anaconda3",
		"/usr/local/miniconda3", NULL
	};
	const char *home = cds_getenv(h, "HOME");
	const char *const *r;
	const char *env;
	char *p;

	if (home != NULL && *home == '/') {
		for (r = homes_roots; *r != NULL; r++) {
			p = cds_path_join(home, *r);
			add_conda_root(h, s, p);
			free(p);
		}
		/* environments.txt: every env conda has created, one a line */
		p = cds_path_join(home, ".conda/environments.txt");
		{
			char *text = cds_root_read_file(h, p, 1u << 20, NULL);

			if (text != NULL) {
				char **lines = cds_strsplit(text, "\n", 0), **l;

				for (l = lines; *l != NULL; l++) {
					char *line = cds_strtrim(*l);

					if (line[0] == '/') {
						add_env(h, s,
						    cds_basename(line), line);
					}
				}
				cds_strfreev(lines);
				free(text);
			}
		}
		free(p);
	}
	for (r = sys_roots; *r != NULL; r++) {
		add_conda_root(h, s, *r);
	}
	if ((env = cds_getenv(h, "CONDA_EXE")) != NULL && *env == '/') {
		char *bin = cds_dirname(env), *top = cds_dirname(bin);

		add_conda_root(h, s, top);
		free(top);
		free(bin);
	}
	if ((env = cds_getenv(h, "CONDA_PREFIX")) != NULL && *env == '/') {
		struct cds_env *e = add_env(h, s, cds_basename(env), env);
		char *real = cds_realpath_in_root(h, env);

		if (e != NULL) {
			e->is_active = 1;
		}
		free(real);
	}
	/* an activated venv (python -m venv, virtualenv, uv) */
	if ((env = cds_getenv(h, "VIRTUAL_ENV")) != NULL && *env == '/') {
		struct cds_env *e = add_env(h, s, cds_basename(env), env);

		if (e != NULL) {
			e->is_active = 1;
		}
	}
	path_python_env(h, s);
}

static void
env_packages(cds_handle_t *h, struct cds_scan *s, struct cds_env *e)
{
	char *lib;

	if (e->site_packages != NULL) {
		scan_site_packages(h, e->site_packages, &e->packages,
		    &e->npackages);
	}
	if (e->is_conda) {
		scan_conda_meta(h, e);
	}
	/* conda's cudnn package installs into <env>/lib */
	lib = cds_path_join(e->prefix, "lib");
	scan_cudnn_dir(h, s, lib, CDS_ORIGIN_CONDA, e->name, e->prefix);
	free(lib);
	if (e->site_packages != NULL) {
		char *d = cds_path_join(e->site_packages, "nvidia/cudnn/lib");

		scan_cudnn_dir(h, s, d, CDS_ORIGIN_PIP, e->name, e->prefix);
		free(d);
	}
}

/* The directories matching PATTERN onto SITES, each real directory once
 * (REAL holds those seen: lib64 may be lib). */
static void
add_sites(const cds_handle_t *h, const char *pattern, struct cds_strv *sites,
    struct cds_strv *real)
{
	char **m = cds_root_glob(h, pattern), **q;

	for (q = m; *q != NULL; q++) {
		char *r = cds_realpath_in_root(h, *q);

		if (r != NULL && !cds_strv_contains(real, r)) {
			cds_strv_push(sites, *q);
			cds_strv_push_owned(real, r);
		} else {
			free(r);
		}
	}
	cds_strfreev(m);
}

char **
cds_system_sites(const cds_handle_t *h)
{
	static const char *const pats[] = {
		/* Debian and Ubuntu: the distribution's packages, then
		 * pip's; Fedora and its kin: lib64 for compiled packages */
		"/usr/lib/python3/dist-packages",
		"/usr/lib/python3.*/dist-packages",
		"/usr/local/lib/python3.*/dist-packages",
		"/usr/local/lib/python3.*/site-packages",
		"/usr/lib/python3.*/site-packages",
		"/usr/lib64/python3.*/site-packages",
		"/usr/local/lib64/python3.*/site-packages", NULL
	};
	const char *const *p;
	const char *home = cds_getenv(h, "HOME");
	struct cds_strv sites = {0}, real = {0};

	for (p = pats; *p != NULL; p++) {
		add_sites(h, *p, &sites, &real);
	}
	if (home != NULL && *home == '/') {
		char *pat = cds_path_join(home,
		    ".local/lib/python3.*/site-packages");

		add_sites(h, pat, &sites, &real);
		free(pat);
	}
	cds_strv_clear(&real);
	return cds_strv_steal(&sites);
}

static void
scan_system_python(cds_handle_t *h, struct cds_scan *s)
{
	char **sites = cds_system_sites(h);
	size_t i;

	for (i = 0; sites[i] != NULL; i++) {
		char *d;

		scan_site_packages(h, sites[i], &s->system_packages,
		    &s->nsystem_packages);
		d = cds_path_join(sites[i], "nvidia/cudnn/lib");
		scan_cudnn_dir(h, s, d, CDS_ORIGIN_PIP, NULL, NULL);
		free(d);
	}
	cds_strfreev(sites);
}

/* ------------------------------------------------------------------------ */
/* The whole scan                                                            */
/* ------------------------------------------------------------------------ */

/* Is DIR inside an env we know?  Then its copy belongs to that env. */
static const struct cds_env *
env_of_dir(const struct cds_scan *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->nenvs; i++) {
		size_t n = strlen(s->envs[i].prefix);

		if (strncmp(dir, s->envs[i].prefix, n) == 0 &&
		    (dir[n] == '/' || dir[n] == '\0')) {
			return &s->envs[i];
		}
	}
	return NULL;
}

static struct cds_scan *
scan_all(cds_handle_t *h, const char *env, unsigned flags)
{
	struct scan_run *run = cds_xcalloc(1, sizeof(*run));
	struct cds_scan *s = &run->pub;
	struct cds_event ev = {0};
	double t0 = cds_now_ms();
	size_t i;

	run->cudnn_dirs = cds_strmap_new(1);
	if (cds_container_scan(h, &s->container) == -1) {
		cds_scan_free(s);
		return NULL;
	}
	ev.type = CDS_EV_SCAN_START;
	cds_emit(h, &ev);
	scan_driver(h, s, flags);
	scan_toolkits(h, s);
	scan_searchdirs(h, s);
	scan_envs(h, s);
	if (env != NULL) {
		const struct cds_env *e = cds_scan_env(s, env);
		struct cds_env keep;

		if (e == NULL && strchr(env, '/') != NULL) {
			/* any prefix by path, conda or not */
			e = add_env(h, s, env, env);
		}
		if (e == NULL) {
			struct cds_buf names = {0};

			for (i = 0; i < s->nenvs; i++) {
				cds_buf_addf(&names, "%s%s", i > 0 ? ", " : "",
				    s->envs[i].name);
			}
			if (names.len > 0) {
				cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no such "
				    "env (known: %s)", env, names.s);
			} else {
				cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no such "
				    "env (no conda envs found)", env);
			}
			cds_buf_free(&names);
			cds_scan_free(s);
			return NULL;
		}
		/* keep only that env */
		keep = *e;
		for (i = 0; i < s->nenvs; i++) {
			if (&s->envs[i] != e) {
				struct cds_env *o = &s->envs[i];

				free(o->name);
				free(o->prefix);
				free(o->python);
				free(o->site_packages);
			}
		}
		s->envs[0] = keep;
		s->nenvs = 1;
		s->narrowed_env = cds_xstrdup(keep.prefix);
	}
	for (i = 0; i < s->nenvs; i++) {
		env_packages(h, s, &s->envs[i]);
	}
	for (i = 0; i < s->ntoolkits; i++) {
		if (s->toolkits[i].libdir != NULL) {
			scan_cudnn_dir(h, s, s->toolkits[i].libdir,
			    s->toolkits[i].found_by & CDS_FOUND_PREFIX ?
			    CDS_ORIGIN_PREFIX : CDS_ORIGIN_TOOLKIT, NULL,
			    NULL);
		}
	}
	{
		char **m = cds_root_glob(h, "/opt/nvidia/cudnn-*/lib"), **q;

		for (q = m; *q != NULL; q++) {
			scan_cudnn_dir(h, s, *q, CDS_ORIGIN_PREFIX, NULL,
			    NULL);
		}
		cds_strfreev(m);
	}
	if (env == NULL) {
		scan_system_python(h, s);
	}
	for (i = 0; i < s->nsearchdirs; i++) {
		const struct cds_env *e = env_of_dir(s, s->searchdirs[i].dir);

		scan_cudnn_dir(h, s, s->searchdirs[i].dir,
		    strcmp(s->searchdirs[i].via, "LD_LIBRARY_PATH") == 0 ?
		    CDS_ORIGIN_PATH : CDS_ORIGIN_SYSTEM,
		    e != NULL ? e->name : NULL, e != NULL ? e->prefix : NULL);
	}
	s->elapsed_ms = cds_now_ms() - t0;
	ev.type = CDS_EV_SCAN_DONE;
	cds_emit(h, &ev);
	return s;
}

struct cds_scan *
cds_scan_run(cds_handle_t *h, const char *env, unsigned flags)
{
	struct cds_scan *s;

	/* a scan reads: each directory is resolved once */
	cds_root_cache_begin(h);
	s = scan_all(h, env, flags);
	if (s != NULL) {
		((struct scan_run *)s)->snapshot = cds_root_cache_hold(h);
	}
	cds_root_cache_end(h);
	return s;
}

void
cds_scan_pass_resume(cds_handle_t *h, const struct cds_scan *s)
{
	cds_root_cache_resume(h, ((const struct scan_run *)s)->snapshot);
}

const struct cds_env *
cds_scan_env(const struct cds_scan *s, const char *name_or_path)
{
	size_t i;

	for (i = 0; i < s->nenvs; i++) {
		if (strcmp(s->envs[i].name, name_or_path) == 0 ||
		    strcmp(s->envs[i].prefix, name_or_path) == 0) {
			return &s->envs[i];
		}
	}
	return NULL;
}

static void
package_clear(struct cds_package *p)
{
	free(p->name);
	free(p->version);
	free(p->location);
	free(p->cuda);
	free(p->cudnn);
	free(p->libdir);
	free(p->torch_pin);
}

void
cds_scan_free(struct cds_scan *s)
{
	size_t i, k;

	if (s == NULL) {
		return;
	}
	cds_driver_clear(&s->driver);
	cds_container_clear(&s->container);
	for (i = 0; i < s->ntoolkits; i++) {
		struct cds_toolkit *t = &s->toolkits[i];

		free(t->path);
		free(t->realpath);
		free(t->version);
		free(t->version_source);
		free(t->libdir);
		free(t->found_via);
		free(t->sdk);
		free(t->mathdir);
	}
	free(s->toolkits);
	for (i = 0; i < s->ncudnns; i++) {
		struct cds_cudnn *c = &s->cudnns[i];

		for (k = 0; k < c->nfiles; k++) {
			free(c->files[k].name);
			free(c->files[k].soname);
			free(c->files[k].version);
			free(c->files[k].target);
		}
		free(c->files);
		free(c->dir);
		free(c->env);
		free(c->version);
		free(c->header_version);
		free(c->package_version);
		cds_strfreev(c->missing);
		cds_strfreev(c->mixed);
	}
	free(s->cudnns);
	for (i = 0; i < s->nenvs; i++) {
		struct cds_env *e = &s->envs[i];

		free(e->name);
		free(e->prefix);
		free(e->python);
		free(e->site_packages);
		free(e->conda_cudnn);
		free(e->conda_cudatoolkit);
		for (k = 0; k < e->npackages; k++) {
			package_clear(&e->packages[k]);
		}
		free(e->packages);
	}
	free(s->envs);
	for (i = 0; i < s->nsystem_packages; i++) {
		package_clear(&s->system_packages[i]);
	}
	free(s->system_packages);
	for (i = 0; i < s->nsearchdirs; i++) {
		free(s->searchdirs[i].dir);
		free(s->searchdirs[i].via);
	}
	free(s->searchdirs);
	free(s->default_link);
	free(s->default_toolkit);
	free(s->active_toolkit);
	free(s->active_via);
	free(s->nvcc_path);
	free(s->nvcc_toolkit);
	free(s->narrowed_env);
	cds_strmap_free(((struct scan_run *)s)->cudnn_dirs, free);
	cds_pkgdb_free(((struct scan_run *)s)->pkgdb);
	cds_apt_offers_free(((struct scan_run *)s)->nv[0],
	    ((struct scan_run *)s)->nnv[0]);
	cds_apt_offers_free(((struct scan_run *)s)->nv[1],
	    ((struct scan_run *)s)->nnv[1]);
	cds_root_cache_release(((struct scan_run *)s)->snapshot);
	free(s);
}
