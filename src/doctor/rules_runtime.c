/*
 * rules_runtime.c - doctor's rules about what a program meets only when it
 * runs: the nvidia_uvm module and its device file, without which CUDA says
 * "unknown error" (NO-UVM); libraries a framework opens by name at run
 * time that are not in its DT_NEEDED, read from the strings of its binary
 * (RUNTIME-SONAME); and cuDNN's GRAPH_JIT_ONLY set, which is no incomplete
 * set (CUDNN-JIT).
 */
#include "config.h"

#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read/elfread.h"
#include "scan/container.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "scan/loader.h"
#include "scan/scan.h"

/* ------------------------------------------------------------------------ */
/* NO-UVM                                                                    */
/* ------------------------------------------------------------------------ */

/* Is module NAME listed in the target's /proc/modules TEXT? */
static int
module_listed(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = text; p != NULL && *p != '\0';) {
		if (strncmp(p, name, n) == 0 && p[n] == ' ') {
			return 1;
		}
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	return 0;
}

/*
 * CUDA needs the nvidia_uvm module and /dev/nvidia-uvm: without them
 * cuInit() fails with CUDA_ERROR_UNKNOWN (999), which PyTorch words as
 * "CUDA unknown error - this may be due to an incorrectly set up
 * environment".  pytorch/pytorch#49081: the device files were missing in a
 * podman container, `nvidia-modprobe -c 0 -u` on the host fixed it;
 * Bumblebee-Project/Bumblebee#623: "cuInit failed: unknown" until
 * nvidia-uvm was loaded.  libcuda loads the module itself through the
 * setuid nvidia-modprobe when that is installed.  Whether this is a
 * container is scan's verdict (container.c, with its CDS_CONTAINER
 * override): there the module and the device come from the host.
 */
static void
rule_no_uvm(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	char *mods;
	int listed, uvm_mod, uvm_dev, ctl, modprobe, container;
	const char *ct_ev = c->s->container.nevidence > 0 ?
	    c->s->container.evidence[0].value : NULL;
	struct cds_finding *f;

	if (d->module_version == NULL) {
		return;		/* no module: F20 and NO-MODULE say so */
	}
	mods = cds_root_read_file(c->h, "/proc/modules", 1u << 20, NULL);
	listed = mods != NULL && module_listed(mods, "nvidia");
	uvm_mod = cds_root_isdir(c->h, "/sys/module/nvidia_uvm") ||
	    (mods != NULL && module_listed(mods, "nvidia_uvm"));
	free(mods);
	uvm_dev = cds_root_exists(c->h, "/dev/nvidia-uvm");
	ctl = cds_root_exists(c->h, "/dev/nvidiactl") ||
	    cds_root_exists(c->h, "/dev/nvidia0");
	modprobe = cds_root_is_file(c->h, "/usr/bin/nvidia-modprobe");
	container = cds_in_container(&c->s->container);
	if (listed && !uvm_mod) {
		f = cds_finding_add(c, "NO-UVM", modprobe && !container ?
		    CDS_SEV_WARNING : CDS_SEV_ERROR, "the nvidia_uvm module is "
		    "not loaded%s", modprobe && !container ? "" : ": CUDA "
		    "programs fail with error 999 (unknown error)");
		cds_finding_evidence(f, "/proc/modules", "nvidia (driver %s) "
		    "is loaded, nvidia_uvm is not", d->module_version);
		cds_finding_evidence(f, "nvidia-modprobe", "%s", modprobe ?
		    "/usr/bin/nvidia-modprobe (libcuda runs it to load the "
		    "module; it cannot inside a container)" :
		    "not installed: nothing loads the module on first use");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo modprobe "
		    "nvidia-uvm");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or: sudo "
		    "nvidia-modprobe -c 0 -u");
		return;
	}
	if (ctl && !uvm_dev) {
		f = cds_finding_add(c, "NO-UVM", CDS_SEV_ERROR, "/dev/nvidia-uvm "
		    "is missing: CUDA programs fail with error 999 (unknown "
		    "error)");
		cds_finding_evidence(f, "/dev", "%s is there, /dev/nvidia-uvm "
		    "is not", cds_root_exists(c->h, "/dev/nvidiactl") ?
		    "/dev/nvidiactl" : "/dev/nvidia0");
		if (uvm_mod) {
			cds_finding_evidence(f, "nvidia_uvm", "loaded");
		}
		if (container) {
			cds_finding_evidence(f, "container", "%s%s%s",
			    c->s->container.runtime, ct_ev != NULL ? ": " :
			    "", ct_ev != NULL ? ct_ev : "");
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the "
			    "host: sudo nvidia-modprobe -c 0 -u; then start "
			    "the container with --device /dev/nvidia-uvm "
			    "--device /dev/nvidia-uvm-tools (or through the "
			    "NVIDIA container toolkit)");
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo "
			    "nvidia-modprobe -c 0 -u");
		}
	}
}

/* ------------------------------------------------------------------------ */
/* RUNTIME-SONAME: libraries opened by name                                  */
/* ------------------------------------------------------------------------ */

/* .rodata read at most (a framework's is tens of MB), in chunks. */
#define RODATA_MAX (256u << 20)
#define CHUNK (1u << 20)
#define MAXNAME 64

/* Libraries a framework may dlopen() by name, without the ".so...". */
static int
runtime_stem(const char *name, size_t n)
{
	static const char *const stems[] = { "libcudart", "libcublas",
		"libcublasLt", "libcufft", "libcurand", "libcusolver",
		"libcusparse", "libnvrtc", "libnvJitLink", "libcupti",
		"libnccl", "libcudnn", NULL };
	const char *const *s;

	for (s = stems; *s != NULL; s++) {
		if (strlen(*s) == n && strncmp(name, *s, n) == 0) {
			return 1;
		}
	}
	/* cuDNN's sub-libraries: libcudnn_ops, libcudnn_cnn_infer... */
	return n > 9 && strncmp(name, "libcudnn_", 9) == 0;
}

/* Is the NUL-terminated string at P (LEN bytes before the NUL) a soname
 * "libX.so" or "libX.so.N[.M...]" of one of runtime_stem()'s? */
static int
soname_string(const char *p, size_t len)
{
	const char *so = NULL, *q;
	size_t i;

	for (i = 3; i + 3 <= len; i++) {
		if (memcmp(p + i, ".so", 3) == 0) {
			so = p + i;
			break;
		}
	}
	if (so == NULL || !runtime_stem(p, (size_t)(so - p))) {
		return 0;
	}
	for (q = p + 3; q < so; q++) {
		if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
		    (*q >= '0' && *q <= '9') || *q == '_')) {
			return 0;
		}
	}
	for (q = so + 3; q < p + len; q++) {
		if (*q == '.' ? q[1] < '0' || q[1] > '9' :
		    *q < '0' || *q > '9') {
			return 0;
		}
	}
	return 1;
}

/* Scan BUF (N bytes) for NUL-terminated sonames that start at offsets
 * FROM to LIMIT - 1 (offset 0 only when it starts the section: BUF[0]
 * is otherwise the byte before FROM), adding new ones to OUT. */
static void
scan_strings(const char *buf, size_t n, size_t from, size_t limit,
    struct cds_strv *out)
{
	const char *p = buf + from, *end = buf + n, *stop = buf + limit;

	while (p < stop && (p = memchr(p, 'l', (size_t)(stop - p))) != NULL) {
		const char *nul;
		size_t room = (size_t)(end - p);

		if (room < 8 || memcmp(p, "lib", 3) != 0 ||
		    (p != buf && p[-1] != '\0')) {
			p++;
			continue;
		}
		nul = memchr(p, '\0', room < MAXNAME ? room : MAXNAME);
		if (nul != NULL && soname_string(p, (size_t)(nul - p))) {
			char *s = cds_xstrndup(p, (size_t)(nul - p));

			if (!cds_strv_contains(out, s)) {
				cds_strv_push_owned(out, s);
			} else {
				free(s);
			}
		}
		p++;
	}
}

/* Read N bytes at OFF of a file of FSIZE bytes: 0 or -1. */
/*
 * The sonames of CUDA libraries written as strings in the .rodata section
 * of the 64-bit little-endian ELF file HOSTPATH: what the program may
 * dlopen() by name.  The section is read in chunks (each string that
 * straddles two is seen whole, from an overlap), once, and at most
 * RODATA_MAX bytes: linear in its size.  0, or -1 when it is no such
 * file.
 */
static int
rodata_sonames(const char *hostpath, struct cds_strv *out)
{
	struct stat st;
	char *buf = NULL;
	uint64_t fsize, off, size, pos;
	int fd, ret = -1;

	if ((fd = cds_open_regular(hostpath, &st)) == -1) {
		return -1;
	}
	fsize = (uint64_t)st.st_size;
	if (cds_elf_section(fd, fsize, ".rodata", &off, &size) == -1) {
		goto out;
	}
	if (size > RODATA_MAX) {
		size = RODATA_MAX;
	}
	buf = cds_xmalloc(CHUNK + MAXNAME + 1);
	for (pos = 0; pos < size; pos += CHUNK) {
		/* from the byte before the chunk (is a string starting?) to
		 * MAXNAME bytes past it (the strings that start near its
		 * end) */
		uint64_t at = pos == 0 ? 0 : pos - 1;
		size_t skip = (size_t)(pos - at);
		size_t n = size - at < CHUNK + MAXNAME + 1 ?
		    (size_t)(size - at) : CHUNK + MAXNAME + 1;
		size_t limit = n < skip + CHUNK ? n : skip + CHUNK;

		if (cds_pread_in(fd, buf, n, off + at, fsize) == -1) {
			goto out;
		}
		scan_strings(buf, n, skip, limit, out);
	}
	ret = 0;
out:
	free(buf);
	close(fd);
	return ret;
}

/* Frameworks that open CUDA libraries by name, and where their binaries
 * are (globs under site-packages). */
static const struct {
	const char *package;
	const char *files[4];
} openers[] = {
	/* OpenNMT/CTranslate2: cuBLAS and cuDNN through dlopen() stubs;
	 * SYSTRAN/faster-whisper#1431 ("Library libcublas.so.12 is not found
	 * or cannot be loaded" with CUDA 13) */
	{ "ctranslate2", { "ctranslate2/*.so*", "ctranslate2.libs/*.so*",
	    NULL } },
	/* PaddlePaddle's dynload opens cuDNN, cuBLAS... by name */
	{ "paddlepaddle-gpu", { "paddle/base/libpaddle.so",
	    "paddle/fluid/libpaddle.so", "paddle/libs/*.so*", NULL } },
};

/* Another major of library NAME ("libcublas.so.13" for
 * "libcublas.so.12") that the loader finds for CONSUMER: its path, or
 * NULL. */
static char *
other_major(struct cds_rule_ctx *c, const struct cds_elf *consumer,
    const char *name)
{
	const char *so = strstr(name, ".so.");
	int v, d;

	if (so == NULL || (v = atoi(so + 4)) <= 0) {
		return NULL;
	}
	for (d = 1; d >= -1; d -= 2) {
		char *n = cds_xasprintf("%.*s.so.%d", (int)(so - name), name,
		    v + d);
		struct cds_ld_found *fd = cds_loader_find(c->h, n, consumer,
		    0);
		char *r = fd != NULL && fd->path != NULL ?
		    cds_xstrdup(fd->path) : NULL;

		cds_ld_found_free(fd);
		cds_clearerr(c->h);
		free(n);
		if (r != NULL) {
			return r;
		}
	}
	return NULL;
}

/* RUNTIME-SONAME's fix in env E: the wheel WHEEL that holds library N
 * (at the version package P requires, where it names one), with the
 * env's own tool, and its directory SUB of SITE on LD_LIBRARY_PATH. */
static void
runtime_wheel_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, const char *n,
    const char *wheel, const char *site, const char *sub)
{
	char *spec = cds_pkg_soname_spec(c->h, e, p, n);
	const char *const add[] = { spec != NULL ? spec : wheel, NULL };
	const char *const back[] = { wheel, NULL };

	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, in this env, the "
	    "wheel below, then put %s/%s on LD_LIBRARY_PATH", site, sub);
	cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD, add, CDS_PKG_REMOVE,
	    back);
	free(spec);
}

static void
opened_by(struct cds_rule_ctx *c, const struct cds_env *e, const char *site,
    const struct cds_package *p, const char *file)
{
	struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
	char *saved = cds_strdup0(cds_getenv(c->h, "LD_LIBRARY_PATH"));
	char *host = cds_rpath_follow(c->h, file);
	struct cds_elf *el = cds_elf_open(c->h, host);
	struct cds_strv names = {0}, dirs = {0};
	char *const *needed;
	size_t i, k;
	int install = 0;

	cds_clearerr(c->h);
	if (el == NULL || rodata_sonames(host, &names) == -1) {
		goto out;
	}
	needed = cds_elf_needed(el);
	cds_setenv(c->h, "LD_LIBRARY_PATH", lp->ld_library_path);
	for (i = 0; i < names.n; i++) {
		const char *n = names.v[i];
		struct cds_ld_found *fd;
		struct cds_finding *f;
		char *other, *sub = NULL, *wheel;
		int in_needed = 0;

		for (k = 0; needed[k] != NULL; k++) {
			in_needed |= strcmp(needed[k], n) == 0;
		}
		/* DT_NEEDED: F13's; CTranslate2's cuDNN 9: F7's */
		if (in_needed || cds_finding_exists(c, "RUNTIME-SONAME", n) ||
		    cds_finding_exists(c, "F7", n)) {
			continue;
		}
		fd = cds_loader_find(c->h, n, el, 0);
		cds_clearerr(c->h);
		if (fd == NULL || fd->path != NULL) {
			cds_ld_found_free(fd);
			continue;
		}
		f = cds_finding_add(c, "RUNTIME-SONAME", CDS_SEV_ERROR, "%s %s "
		    "opens %s at run time; the loader finds none", p->name,
		    p->version, n);
		cds_finding_evidence(f, "binary", "%s names %s in its strings, "
		    "not in its DT_NEEDED", file, n);
		cds_finding_evidence(f, "loader says", "%s", fd->error != NULL ?
		    fd->error : "not found");
		if ((other = other_major(c, el, n)) != NULL) {
			cds_finding_evidence(f, "found instead", "%s: another "
			    "major, which %s does not open", other, p->name);
			free(other);
		}
		if (p->cuda != NULL) {
			cds_finding_evidence(f, "built for", "CUDA %s (%s)",
			    p->cuda, p->cuda_source != NULL ? p->cuda_source :
			    "its build");
		}
		if (strstr(n, ".so.") == NULL && cds_startswith(n,
		    "libcudnn")) {
			/* "libcudnn.so": the development link wheels lack */
			for (k = 0; k < c->s->ncudnns; k++) {
				const struct cds_cudnn *d = &c->s->cudnns[k];
				char *target = cds_xasprintf("%s.%d", n,
				    d->major);
				char *link = cds_path_join(d->dir, n);
				char *have = cds_path_join(d->dir, target);

				if ((e == NULL || cds_streq(d->env, e->name)) &&
				    !d->has_dev_links &&
				    cds_root_is_file(c->h, have) &&
				    !cds_strv_contains(&dirs, d->dir)) {
					cds_finding_evidence(f, "installed as",
					    "%s (no %s link)", have, n);
					cds_finding_fix(f, CDS_FIX_SYMLINK,
					    link, target, "ln -s %s %s",
					    target, link);
					cds_strv_push(&dirs, d->dir);
				}
				free(have);
				free(link);
				free(target);
			}
		} else {
			cds_fix_missing(c, f, e, n, &dirs, &install);
			if (install && e != NULL && (wheel =
			    cds_pkg_soname_wheel(n, p->cuda != NULL ?
			    atoi(p->cuda) : 0, &sub)) != NULL) {
				runtime_wheel_fix(c, f, e, p, n, wheel, site,
				    sub);
				free(wheel);
				free(sub);
			}
		}
		if (dirs.n > 0) {
			cds_fix_activate(c, f, e, (const char *const *)dirs.v,
			    NULL);
			cds_strv_clear(&dirs);
		}
		cds_ld_found_free(fd);
	}
	cds_setenv(c->h, "LD_LIBRARY_PATH", saved);
out:
	cds_strv_clear(&names);
	cds_strv_clear(&dirs);
	cds_elf_free(el);
	free(host);
	free(saved);
	cds_libpath_free(lp);
}

static void
opener_package(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	size_t i, k;

	if (p->from_conda || p->location == NULL || p->cpu_only) {
		return;
	}
	for (i = 0; i < sizeof(openers) / sizeof(openers[0]); i++) {
		if (strcmp(openers[i].package, p->name) != 0) {
			continue;
		}
		for (k = 0; openers[i].files[k] != NULL; k++) {
			char *pat = cds_path_join(p->location,
			    openers[i].files[k]);
			char **m = cds_root_glob(c->h, pat), **q;

			for (q = m; *q != NULL; q++) {
				if (!cds_root_is_link(c->h, *q) &&
				    cds_root_is_file(c->h, *q)) {
					opened_by(c, e, p->location, p, *q);
				}
			}
			cds_strfreev(m);
			free(pat);
		}
	}
}

static void
rule_runtime_sonames(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];

		for (k = 0; k < e->npackages; k++) {
			opener_package(c, e, &e->packages[k]);
		}
	}
	for (k = 0; k < c->s->nsystem_packages; k++) {
		opener_package(c, NULL, &c->s->system_packages[k]);
	}
}

/* ------------------------------------------------------------------------ */
/* CUDNN-JIT                                                                 */
/* ------------------------------------------------------------------------ */

/* A note where F8 would otherwise see an incomplete set: which
 * configuration this is, and what it cannot do. */
static void
rule_cudnn_jit(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		struct cds_finding *f;
		struct cds_buf b = {0};

		if (!cds_cudnn_jit_only(d)) {
			continue;
		}
		f = cds_finding_add(c, "CUDNN-JIT", CDS_SEV_NOTE, "cuDNN %s in "
		    "%s is the GRAPH_JIT_ONLY set", d->version != NULL ?
		    d->version : "9", d->dir);
		cds_finding_evidence(f, "has", "%s, %s, %s",
		    cds_cudnn_jit_set[0], cds_cudnn_jit_set[1],
		    cds_cudnn_jit_set[2]);
		for (k = 0; d->missing[k] != NULL; k++) {
			cds_buf_addf(&b, "%s%s", k > 0 ? ", " : "",
			    d->missing[k]);
		}
		cds_finding_evidence(f, "left out", "%s", b.s);
		cds_buf_free(&b);
		cds_finding_evidence(f, "configuration", "GRAPH_JIT_ONLY (cuDNN "
		    "frontend documentation): the graph API with runtime-"
		    "compiled engines only, no precompiled kernels; selected "
		    "with CUDNN_LIB_CONFIG=GRAPH_JIT_ONLY");
		cds_finding_evidence(f, "CUDNN_LIB_CONFIG", "%s",
		    cds_getenv(c->h, "CUDNN_LIB_CONFIG") != NULL ?
		    cds_getenv(c->h, "CUDNN_LIB_CONFIG") : "unset");
	}
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_runtime[] = {
	{ "NO-UVM", N_("CUDA's nvidia_uvm module or device is missing"),
	    NULL, rule_no_uvm },
	{ "RUNTIME-SONAME", N_("a library a framework opens by name is not "
	    "found"), NULL, rule_runtime_sonames },
	{ "CUDNN-JIT", N_("a cuDNN set of the GRAPH_JIT_ONLY "
	    "configuration"), NULL, rule_cudnn_jit },
	{ NULL, NULL, NULL, NULL }
};
