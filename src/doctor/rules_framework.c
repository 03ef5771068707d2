/*
 * rules_framework.c - doctor's rules about what the Python frameworks
 * need: the cuDNN and CUDA libraries they would load, the toolkit they
 * build extensions with, the GPU architectures they carry kernels for.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/elfread.h"
#include "read/fatbin.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "read/manifest.h"
#include "read/pkgdb.h"
#include "scan/scan.h"

/* Call FN for every framework package: those of each env, then the
 * system Python's (env NULL). */
typedef void (*pkg_fn)(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p);

static void
each_package(struct cds_rule_ctx *c, pkg_fn fn)
{
	size_t i, k;

	for (i = 0; i < c->s->nenvs; i++) {
		for (k = 0; k < c->s->envs[i].npackages; k++) {
			fn(c, &c->s->envs[i], &c->s->envs[i].packages[k]);
		}
	}
	for (k = 0; k < c->s->nsystem_packages; k++) {
		fn(c, NULL, &c->s->system_packages[k]);
	}
}

static int
dir_exists(const cds_handle_t *h, const char *dir)
{
	return cds_root_isdir(h, dir);
}

/* site-packages/nvidia/<sub>/lib of a pip package, if it is there. */
static char *
wheel_dir(const struct cds_rule_ctx *c, const struct cds_package *p,
    const char *sub)
{
	char *d;

	if (p->from_conda || p->location == NULL) {
		return NULL;
	}
	d = cds_xasprintf("%s/nvidia/%s/lib", p->location, sub);
	if (!dir_exists(c->h, d)) {
		free(d);
		return NULL;
	}
	return d;
}

/* "in env NAME" or "in PATH" for titles. */
static char *
where_words(const struct cds_env *e, const struct cds_package *p)
{
	return e != NULL ? cds_xasprintf("in env %s", e->name) :
	    cds_xasprintf("in %s", p->location);
}

/* ------------------------------------------------------------------------ */
/* F9, F10: the first cuDNN the framework would load                         */
/* ------------------------------------------------------------------------ */

/* The directories a framework's own libraries search before the system
 * (their RUNPATH, or conda's $ORIGIN/../lib): NULL-terminated, new. */
static char **
framework_runpath(const struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	struct cds_strv sv = {0};
	char *w;

	if (p->from_conda && e != NULL) {
		cds_strv_push_owned(&sv, cds_path_join(e->prefix, "lib"));
	} else if ((w = wheel_dir(c, p, "cudnn")) != NULL) {
		cds_strv_push_owned(&sv, w);
	}
	return cds_strv_steal(&sv);
}

/* Where the framework's cuDNN of major MAJOR comes from: index in *LP (set
 * here; free it) and the copy, or -1. */
static int
first_cudnn(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p, int major, struct cds_libpath **lp,
    const struct cds_cudnn **copy)
{
	char **rp = framework_runpath(c, e, p);
	char so[32];
	int at;

	*lp = cds_libpath_for(c, e, (const char *const *)rp);
	cds_strfreev(rp);
	snprintf(so, sizeof(so), "libcudnn.so.%d", major);
	at = cds_libpath_find(c, *lp, so);
	*copy = at >= 0 ? cds_cudnn_in(c, (*lp)->dirs[at].dir, major) : NULL;
	return at;
}

/* "(8, 3, 2)" the way torch prints a cuDNN version. */
static char *
torch_tuple(const char *v)
{
	int a = 0, b = 0, d = 0;

	sscanf(v, "%d.%d.%d", &a, &b, &d);
	return cds_xasprintf("(%d, %d, %d)", a, b, d);
}

static void
fix_older_first(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_libdir *d, const struct cds_cudnn *copy,
    const char *want)
{
	if (d->from_env) {
		cds_fix_remove_path(c, f, d);
	} else if (copy->origin == CDS_ORIGIN_CONDA && copy->env != NULL &&
	    cds_scan_env(c->s, copy->env) != NULL) {
		char *spec = cds_xasprintf("cudnn>=%s", want);
		char *was = copy->package_version != NULL ?
		    cds_xasprintf("cudnn=%s", copy->package_version) : NULL;
		const char *const add[] = { spec, NULL };
		const char *const back[] = { was, NULL };

		cds_pkg_fix_specs(c, f, cds_scan_env(c->s, copy->env), 1,
		    CDS_PKG_ADD, add, CDS_PKG_ADD, was != NULL ? back : NULL);
		free(was);
		free(spec);
	} else {
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, want,
		    "cudnn-setup install --cudnn %s", want);
	}
}

static void
torch_cudnn(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	struct cds_libpath *lp;
	const struct cds_cudnn *copy, *own;
	const char *want;
	char *src = NULL, *wheel, *w, *t1, *t2;
	struct cds_finding *f;
	int at;

	if (p->kind != CDS_FW_TORCH || (want = cds_expected_cudnn(c, p,
	    &src)) == NULL) {
		free(src);
		return;
	}
	at = first_cudnn(c, e, p, atoi(want), &lp, &copy);
	if (at < 0 || copy == NULL || copy->version == NULL ||
	    strcmp(lp->dirs[at].via, "RUNPATH") == 0 ||
	    cds_cmp_minor(copy->version, want) >= 0) {
		cds_libpath_free(lp);
		free(src);
		return;
	}
	w = where_words(e, p);
	f = cds_finding_add(c, "F9", CDS_SEV_ERROR, "torch %s %s expects "
	    "cuDNN %s, but cuDNN %s in %s comes first", p->version, w, want,
	    copy->version, copy->dir);
	free(w);
	t1 = torch_tuple(want);
	t2 = torch_tuple(copy->version);
	cds_finding_evidence(f, "torch says", "cuDNN version incompatibility: "
	    "PyTorch was compiled against %s but found runtime version %s",
	    t1, t2);
	free(t1);
	free(t2);
	cds_finding_evidence(f, "expected", "cuDNN %s (%s)", want, src);
	cds_finding_evidence(f, "found first", "%s/libcudnn.so.%d (cuDNN %s)",
	    lp->dirs[at].dir, copy->major, copy->version);
	cds_evidence_via(f, &lp->dirs[at]);
	wheel = wheel_dir(c, p, "cudnn");
	own = wheel != NULL ? cds_cudnn_in(c, wheel, copy->major) : NULL;
	if (own != NULL) {
		cds_finding_evidence(f, "torch's own", "%s (cuDNN %s), "
		    "reached by RUNPATH only after LD_LIBRARY_PATH", own->dir,
		    own->version != NULL ? own->version : "?");
	}
	free(wheel);
	fix_older_first(c, f, &lp->dirs[at], copy, want);
	cds_libpath_free(lp);
	free(src);
}

/* F9: PyTorch finds an older cuDNN of its major before its own wheel's
 * (an HPC module, a bashrc line): the wheel's RUNPATH loses to
 * LD_LIBRARY_PATH. */
static void
rule_torch_cudnn_path(struct cds_rule_ctx *c)
{
	each_package(c, torch_cudnn);
}

static void
older_cudnn(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	struct cds_libpath *lp;
	const struct cds_cudnn *copy;
	const char *want;
	char *src = NULL, *w;
	struct cds_finding *f;
	int at;

	if ((p->kind != CDS_FW_TENSORFLOW && p->kind != CDS_FW_JAX) ||
	    (want = cds_expected_cudnn(c, p, &src)) == NULL ||
	    strcmp(p->name, "jax") == 0) {
		free(src);
		return;
	}
	at = first_cudnn(c, e, p, atoi(want), &lp, &copy);
	if (at < 0 || copy == NULL || copy->version == NULL ||
	    cds_cmp_minor(copy->version, want) >= 0 ||
	    (copy->origin == CDS_ORIGIN_CONDA && !p->from_conda &&
	    cds_finding_exists(c, "F3", copy->dir))) {
		cds_libpath_free(lp);
		free(src);
		return;
	}
	w = where_words(e, p);
	f = cds_finding_add(c, "F10", CDS_SEV_ERROR, "%s %s %s was built "
	    "with cuDNN %s; the first cuDNN it finds is %s in %s", p->name,
	    p->version, w, want, copy->version, copy->dir);
	free(w);
	if (p->kind == CDS_FW_TENSORFLOW) {
		cds_finding_evidence(f, "TensorFlow says", "Loaded runtime "
		    "CuDNN library: %s but source was compiled with: %s",
		    copy->version, want);
	} else {
		cds_finding_evidence(f, "JAX says", "Found cuDNN version "
		    "%d%d%02d, but JAX was built against version %s, which is "
		    "newer",
		    atoi(copy->version), strchr(copy->version, '.') != NULL ?
		    atoi(strchr(copy->version, '.') + 1) : 0, 0, want);
	}
	cds_finding_evidence(f, "expected", "cuDNN %s (%s)", want, src);
	cds_finding_evidence(f, "found first", "%s/libcudnn.so.%d (cuDNN %s)",
	    lp->dirs[at].dir, copy->major, copy->version);
	cds_evidence_via(f, &lp->dirs[at]);
	fix_older_first(c, f, &lp->dirs[at], copy, want);
	cds_libpath_free(lp);
	free(src);
}

/* F10/F11: TensorFlow, XLA or JAX find an older cuDNN than they were
 * built with: "needs matching major version and equal or higher minor". */
static void
rule_cudnn_too_old(struct cds_rule_ctx *c)
{
	each_package(c, older_cudnn);
}

/* ------------------------------------------------------------------------ */
/* F15: the toolkit extensions are built with                                */
/* ------------------------------------------------------------------------ */

static void
toolkit_vs_torch(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	const struct cds_toolkit *t = cds_toolkit_at(c->s,
	    c->s->active_toolkit), *match = NULL;
	struct cds_finding *f;
	int major_differs;
	char *w;
	size_t i;

	if (p->kind != CDS_FW_TORCH || p->cuda == NULL ||
	    t == NULL || t->version == NULL ||
	    cds_cmp_minor(t->version, p->cuda) == 0) {
		return;
	}
	major_differs = atoi(t->version) != atoi(p->cuda);
	w = where_words(e, p);
	f = cds_finding_add(c, "F15", major_differs ? CDS_SEV_WARNING :
	    CDS_SEV_NOTE, "the active toolkit is CUDA %s, torch %s %s was "
	    "built with CUDA %s", t->version, p->version, w, p->cuda);
	free(w);
	cds_finding_evidence(f, "torch says", "The detected CUDA version (%s) "
	    "mismatches the version that was used to compile PyTorch (%s)",
	    t->version, p->cuda);
	cds_finding_evidence(f, "active toolkit", "%s (%s)", t->realpath,
	    t->version_source != NULL ? t->version_source : "?");
	if (c->s->active_via != NULL && strcmp(c->s->active_via,
	    "CUDA_HOME") == 0) {
		const char *v = cds_getenv(c->h, "CUDA_HOME");
		char *o = v != NULL ? cds_var_origin(c, "CUDA_HOME", v) : NULL;

		cds_finding_evidence(f, "made active by", "CUDA_HOME=%s%s%s",
		    v != NULL ? v : "", o != NULL ? ", set in " : "",
		    o != NULL ? o : "");
		free(o);
	} else if (c->s->active_via != NULL) {
		cds_finding_evidence(f, "made active by", "%s",
		    c->s->active_via);
	}
	cds_finding_evidence(f, "matters for", "building CUDA extensions "
	    "(torch.utils.cpp_extension, mmcv, torch_sparse); running torch "
	    "uses its own bundled runtime%s", major_differs ? "" :
	    "; a minor difference only warns");
	for (i = 0; i < c->s->ntoolkits; i++) {
		const struct cds_toolkit *o = &c->s->toolkits[i];

		if (o->exists && o->version != NULL &&
		    cds_cmp_minor(o->version, p->cuda) == 0) {
			match = o;
		}
	}
	if (match != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "export CUDA_HOME=%s PATH=%s/bin:$PATH", match->realpath,
		    match->realpath);
	} else {
		const struct cds_release *r = c->m != NULL ?
		    cds_manifest_find(c->m, CDS_KIND_CUDA, p->cuda) : NULL;

		/* where the install puts it: the prefix's cuda-VERSION */
		if (r != NULL) {
			char *home = cds_xasprintf("%s/cuda-%s",
			    cds_prefix(c->h), r->version);

			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, r->version,
			    "cudnn-setup install --cuda %s && export "
			    "CUDA_HOME=%s PATH=%s/bin:$PATH", r->version, home,
			    home);
			free(home);
		} else {
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, p->cuda,
			    "cudnn-setup install --cuda %s", p->cuda);
		}
	}
}

/* F15: building a CUDA extension compares the toolkit at CUDA_HOME (or
 * nvcc's) with the CUDA torch was compiled with. */
static void
rule_toolkit_vs_torch(struct cds_rule_ctx *c)
{
	each_package(c, toolkit_vs_torch);
}

/* ------------------------------------------------------------------------ */
/* F30: the three numbers                                                    */
/* ------------------------------------------------------------------------ */

/* F30's toolkit lines: which toolkit extension builds use (the active
 * one) and which a plain `nvcc` runs, apart when they differ. */
static void
toolkit_evidence(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_toolkit *t)
{
	const struct cds_scan *s = c->s;
	const char *via = s->active_via != NULL ? s->active_via : "";
	size_t i;

	if (t == NULL) {
		return;
	}
	if (s->nvcc_toolkit != NULL && strcmp(s->nvcc_toolkit,
	    t->realpath) == 0) {
		cds_finding_evidence(f, "active toolkit", "%s at %s (%s): "
		    "what nvcc on PATH and extension builds use",
		    t->version != NULL ? t->version : "?", t->realpath, via);
		return;
	}
	cds_finding_evidence(f, "active toolkit", "%s at %s (%s): what "
	    "extension builds use (torch.utils.cpp_extension)",
	    t->version != NULL ? t->version : "?", t->realpath, via);
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *n = &s->toolkits[i];

		if (s->nvcc_toolkit != NULL && strcmp(n->realpath,
		    s->nvcc_toolkit) == 0) {
			cds_finding_evidence(f, "nvcc on PATH", "%s at %s "
			    "(%s): what a plain `nvcc` runs", n->version !=
			    NULL ? n->version : "?", n->realpath,
			    s->nvcc_path);
			return;
		}
	}
	cds_finding_evidence(f, "nvcc on PATH", "none");
}

/* F30: the driver's maximum, the active toolkit and each framework's
 * runtime are three different CUDA versions that answer three questions.
 * A note when they differ; the real incompatibilities are F16 and F15. */
static void
rule_three_numbers(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	const struct cds_toolkit *t = cds_toolkit_at(s, s->active_toolkit);
	struct cds_strv seen = {0};
	struct cds_finding *f;
	char drv[16] = "", mm[32];
	size_t i, k;

	if (s->driver.cuda_version > 0) {
		snprintf(drv, sizeof(drv), "%d.%d", s->driver.cuda_version /
		    1000, (s->driver.cuda_version % 1000) / 10);
		cds_strv_push(&seen, drv);
	}
	if (t != NULL && t->version != NULL) {
		snprintf(mm, sizeof(mm), "%d.%d", atoi(t->version),
		    strchr(t->version, '.') != NULL ?
		    atoi(strchr(t->version, '.') + 1) : 0);
		if (!cds_strv_contains(&seen, mm)) {
			cds_strv_push(&seen, mm);
		}
	}
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			const struct cds_package *p = &s->envs[i].packages[k];

			if (p->kind != CDS_FW_OTHER && p->cuda != NULL &&
			    isdigit((unsigned char)p->cuda[0]) &&
			    !cds_strv_contains(&seen, p->cuda)) {
				cds_strv_push(&seen, p->cuda);
			}
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];

		if (p->kind != CDS_FW_OTHER && p->cuda != NULL &&
		    isdigit((unsigned char)p->cuda[0]) &&
		    !cds_strv_contains(&seen, p->cuda)) {
			cds_strv_push(&seen, p->cuda);
		}
	}
	if (seen.n < 2) {
		cds_strv_clear(&seen);
		return;
	}
	cds_strv_clear(&seen);
	f = cds_finding_add(c, "F30", CDS_SEV_NOTE, "driver, toolkit and "
	    "frameworks name different CUDA versions; each answers another "
	    "question");
	cds_finding_evidence(f, "driver supports", "%s", *drv != '\0' ? drv :
	    "unknown here (no driver probed)");
	if (*drv != '\0' && s->driver.cuda_version_source != NULL &&
	    strcmp(s->driver.cuda_version_source,
	    "cuDriverGetVersion") == 0) {
		cds_finding_evidence(f, "read by", "cuDriverGetVersion in a "
		    "probe child%s", s->driver.state ==
		    CDS_DRIVER_NO_KERNEL_MODULE ? " (libcuda answers it "
		    "without a kernel module; nothing runs until one is "
		    "loaded)" : "");
	} else if (*drv != '\0') {
		cds_finding_evidence(f, "read by", "%s in %s (no child asked "
		    "the library)", s->driver.cuda_version_source != NULL ?
		    s->driver.cuda_version_source : "its files",
		    s->driver.libcuda_realpath != NULL ?
		    s->driver.libcuda_realpath : "libcuda");
	}
	cds_finding_evidence(f, "meaning", "the newest CUDA the driver can "
	    "run (nvidia-smi's \"CUDA Version\", conda's __cuda); not an "
	    "installed toolkit");
	toolkit_evidence(c, f, t);
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			const struct cds_package *p = &s->envs[i].packages[k];

			if (p->kind != CDS_FW_OTHER && p->cuda != NULL) {
				cds_finding_evidence(f, "framework", "%s %s "
				    "(env %s) was built with CUDA %s (%s)",
				    p->name, p->version, s->envs[i].name,
				    p->cuda, p->cuda_source != NULL ?
				    p->cuda_source : "?");
			}
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];

		if (p->kind != CDS_FW_OTHER && p->cuda != NULL) {
			cds_finding_evidence(f, "framework", "%s %s (%s) "
			    "was built with CUDA %s (%s)", p->name,
			    p->version, p->location, p->cuda,
			    p->cuda_source != NULL ? p->cuda_source : "?");
		}
	}
	cds_finding_evidence(f, "rule", "each of the others must be at most "
	    "what the driver supports; they need not equal each other");
}

/* ------------------------------------------------------------------------ */
/* F31: JAX plugin versions                                                  */
/* ------------------------------------------------------------------------ */

/* F31's fix in env E: JAX's CUDA MAJOR extra at jaxlib's release JV,
 * which brings the plugin and PJRT of that release, with the env's own
 * tool; back: plugin or PJRT P as it is. */
static void
jax_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, const char *major,
    const char *jv)
{
	char *spec = cds_xasprintf("jax[cuda%s]==%s", major, jv);
	char *was = cds_xasprintf("%s==%s", p->name, p->version);
	const char *const add[] = { spec, NULL };
	const char *const back[] = { was, NULL };

	cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD, add, CDS_PKG_ADD, back);
	free(was);
	free(spec);
}

/* F31: jax-cudaNN-plugin / -pjrt must be exactly jaxlib's version, or JAX
 * says "Mismatched PJRT plugin PJRT API version". */
static void
rule_jax_plugin(struct cds_rule_ctx *c)
{
	size_t i, k, j;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		const struct cds_package *jaxlib = cds_env_package(e,
		    "jaxlib");

		if (jaxlib == NULL) {
			continue;
		}
		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];
			struct cds_finding *f;
			char major[8] = "12";
			char *jv = cds_xstrndup(jaxlib->version,
			    strcspn(jaxlib->version, "+"));

			if (!cds_startswith(p->name, "jax-cuda") ||
			    cds_vercmp(p->version, jv) == 0) {
				free(jv);
				continue;
			}
			for (j = 0; j < 2 && isdigit((unsigned char)
			    p->name[8 + j]); j++) {
				major[j] = p->name[8 + j];
			}
			major[j] = '\0';
			f = cds_finding_add(c, "F31", CDS_SEV_ERROR,
			    "env %s: %s %s does not match jaxlib %s", e->name,
			    p->name,
			    p->version, jaxlib->version);
			cds_finding_evidence(f, "plugin", "%s %s", p->name,
			    p->version);
			cds_finding_evidence(f, "jaxlib", "%s",
			    jaxlib->version);
			cds_finding_evidence(f, "JAX says", "Unable to "
			    "initialize backend 'cuda': INVALID_ARGUMENT: "
			    "Mismatched PJRT plugin PJRT API version");
			jax_fix(c, f, e, p, major, jv);
			free(jv);
		}
	}
}

/* ------------------------------------------------------------------------ */
/* TORCH-COMPANION: torchvision and torchaudio beside torch                  */
/* ------------------------------------------------------------------------ */

/* What companion P's build says against torch T's, in env E's words; one
 * finding at most. */
static void
companion_check(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p, const struct cds_package *t)
{
	char *tpub = cds_xstrndup(t->version, strcspn(t->version, "+"));
	struct cds_finding *f = NULL;
	const char *where = e != NULL ? e->name : "system";

	/* PEP 440: "==2.5.1" is met by 2.5.1+cu121, "==2.5.1+cu121" by it
	 * alone */
	if (p->torch_pin != NULL && cds_vercmp(p->torch_pin,
	    strchr(p->torch_pin, '+') != NULL ? t->version : tpub) != 0) {
		/* its compiled operators are built against another torch's
		 * C++ ABI: they do not register ("operator torchvision::nms
		 * does not exist") or do not link */
		f = cds_finding_add(c, "TORCH-COMPANION", CDS_SEV_ERROR,
		    "%s: %s %s is built for torch %s; torch %s is installed",
		    where, p->name, p->version, p->torch_pin, t->version);
		cds_finding_evidence(f, "requires", "torch==%s (%s's METADATA, "
		    "in %s)", p->torch_pin, p->name, p->location);
		cds_finding_evidence(f, "what fails", "its compiled operators "
		    "do not load into another torch: \"operator %s::... does "
		    "not exist\", or an undefined symbol in its extension",
		    p->name);
	} else if (p->cuda != NULL && t->cuda != NULL &&
	    atoi(p->cuda) != atoi(t->cuda)) {
		/* torchvision/extension.py and torchaudio's
		 * _check_cuda_version compare the majors as they load */
		f = cds_finding_add(c, "TORCH-COMPANION", CDS_SEV_ERROR,
		    "%s: %s %s is built for CUDA %s, torch %s for CUDA %s",
		    where, p->name, p->version, p->cuda, t->version, t->cuda);
		cds_finding_evidence(f, "CUDA", "%s: %s (%s); torch: %s (%s)",
		    p->name, p->cuda, p->cuda_source, t->cuda,
		    t->cuda_source != NULL ? t->cuda_source : "torch");
		cds_finding_evidence(f, "what fails", "%s refuses to load: "
		    "\"Detected that PyTorch and %s were compiled with "
		    "different CUDA major versions\"", p->name, p->name);
	} else if (p->cpu_only && t->cuda != NULL && !t->cpu_only) {
		f = cds_finding_add(c, "TORCH-COMPANION", CDS_SEV_WARNING,
		    "%s: %s %s is a CPU build beside torch %s for CUDA %s",
		    where, p->name, p->version, t->version, t->cuda);
		cds_finding_evidence(f, "what fails", "its operators have no "
		    "CUDA kernels: \"Could not run '%s::...' with arguments "
		    "from the 'CUDA' backend\"", p->name);
	}
	if (f != NULL) {
		cds_finding_evidence(f, "torch", "%s (%s)", t->version,
		    t->location);
		cds_pkg_companion_fix(c, f, e, p, t);
	}
	free(tpub);
}

/* Did a distribution's package manager put package P's files there (its
 * module's __init__.py is a dpkg package's)? */
static int
distro_owned(struct cds_rule_ctx *c, const struct cds_package *p)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	char *init = cds_xasprintf("%s/%s/__init__.py", p->location, p->name);
	int owned = db != NULL && cds_pkgdb_owner(db, init) != NULL;

	free(init);
	return owned;
}

/* TORCH-COMPANION: torchvision and torchaudio are built against one torch
 * release (their METADATA pins torch==X) for one CUDA (their label, or
 * the libcudart their extension links); pip installs torch's and theirs
 * apart when one comes from another index or alone.  pip's packages only:
 * conda's builds are pinned by conda, a distribution's by its package
 * manager. */
static void
rule_torch_companion(struct cds_rule_ctx *c)
{
	const struct cds_package *sys = c->s->system_packages;
	size_t i, k;

	/* the system Python's: torch and its companion in one site dir */
	for (i = 0; i < c->s->nsystem_packages; i++) {
		const struct cds_package *t = &sys[i];

		if (t->kind != CDS_FW_TORCH || distro_owned(c, t)) {
			continue;
		}
		for (k = 0; k < c->s->nsystem_packages; k++) {
			if (cds_torch_companion(sys[k].name) &&
			    cds_streq(sys[k].location, t->location) &&
			    !distro_owned(c, &sys[k])) {
				companion_check(c, NULL, &sys[k], t);
			}
		}
	}

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		const struct cds_package *t = NULL;
		int conda = 0;

		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];

			if (p->kind != CDS_FW_TORCH) {
				continue;
			}
			conda |= p->from_conda;
			if (!p->from_conda && t == NULL) {
				t = p;
			}
		}
		for (k = 0; t != NULL && !conda && k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];

			if (!p->from_conda &&
			    cds_torch_companion(p->name)) {
				companion_check(c, e, p, t);
			}
		}
	}
}

/* Check that each of NAMES resolves in LP; evidence and fixes on a finding
 * opened by OPEN on the first miss.  Returns the finding or NULL. */
struct need_ctx {
	struct cds_rule_ctx *c;
	const struct cds_env *e;
	const struct cds_package *p;
	struct cds_strv activate;	/* dirs that would fix it */
	struct cds_strv missing;	/* installed nowhere */
};

static void
need_check(struct need_ctx *n, const struct cds_libpath *lp,
    struct cds_finding *f, const char *name)
{
	char *where = cds_find_anywhere(n->c, n->e, name);

	if (where != NULL) {
		char *dir = cds_dirname(where);

		cds_finding_evidence(f, "not found", "%s: installed in %s, "
		    "which the loader does not search", name, dir);
		if (!cds_strv_contains(&n->activate, dir)) {
			cds_strv_push(&n->activate, dir);
		}
		free(dir);
		free(where);
	} else {
		cds_finding_evidence(f, "not found", "%s: not installed "
		    "anywhere the scan looked", name);
		cds_strv_push(&n->missing, name);
	}
	(void)lp;
}

/* ------------------------------------------------------------------------ */
/* F14: ONNX Runtime                                                         */
/* ------------------------------------------------------------------------ */

/* What the CUDA provider links against, less cuDNN: its DT_NEEDED
 * read by the loader emulation when the library is there, else the
 * libraries of its CUDA major it is documented to load (cudart, cuBLAS,
 * cuBLASLt, cuFFT, cuRAND). */
static char **
ort_sonames(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p, const struct cds_libpath *lp,
    const char *cuda, const char **rel)
{
	static const char *const keep[] = { "libcudart.", "libcublas.",
		"libcublasLt.", "libcufft.", "libcurand.", NULL };
	char *lib = cds_framework_cuda_lib(c, p);
	struct cds_strv sv = {0};
	char **all, **n;
	const char *const *k;

	(void)e;
	(void)lp;
	if (lib != NULL) {
		char *host = cds_rpath_follow(c->h, lib);
		struct cds_elf *elf = cds_elf_open(c->h, host);

		free(host);
		cds_clearerr(c->h);
		if (elf != NULL) {
			char *const *need = cds_elf_needed(elf);

			for (; *need != NULL; need++) {
				if (!cds_startswith(*need, "libcudnn") &&
				    (cds_startswith(*need, "libcu") ||
				    cds_startswith(*need, "libnv"))) {
					cds_strv_push(&sv, *need);
				}
			}
			cds_elf_free(elf);
			*rel = NULL;
			free(lib);
			return cds_strv_steal(&sv);
		}
		free(lib);
	}
	all = cds_cuda_sonames(c, cuda, rel);
	for (n = all; *n != NULL; n++) {
		for (k = keep; *k != NULL; k++) {
			if (cds_startswith(*n, *k)) {
				cds_strv_push(&sv, *n);
			}
		}
	}
	cds_strfreev(all);
	return cds_strv_steal(&sv);
}

/* P needs cuDNN major WANT (and CUDA major CUDA; 0: any) but the torch
 * beside it in E brings another: the release of P built for torch's (the
 * command of E's package manager). */
static int
pm_like_torch(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, int want,
    int cuda)
{
	size_t i;

	for (i = 0; e != NULL && i < e->npackages; i++) {
		const struct cds_package *t = &e->packages[i];

		if (t->kind == CDS_FW_TORCH && t->cudnn != NULL &&
		    t->cuda != NULL && (atoi(t->cudnn) != want ||
		    (cuda > 0 && atoi(t->cuda) != cuda))) {
			return cds_pkg_fix_like(c, f, e, p, t);
		}
	}
	return 0;
}

/*
 * With no torch beside it to follow: the NVIDIA wheels of the libraries
 * MISSING (installed nowhere) that package P in env E opens, with the
 * env's own tool: what P's Requires-Dist names, else the wheel of P's
 * CUDA major CUDA (cuDNN's at the soname's major, other libraries with
 * no version: nothing here says which), and the command that removes
 * them.  P has no RUNPATH into the wheels, so their directories go on
 * the path after.
 */
static void
pm_wheels(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_strv *missing, int cuda)
{
	struct cds_strv add = {0}, rm = {0};
	size_t i;

	if (e == NULL || p->from_conda) {
		return;
	}
	for (i = 0; i < missing->n; i++) {
		const char *so = strstr(missing->v[i], ".so.");
		char *wheel = cds_pkg_soname_wheel(missing->v[i], cuda, NULL);
		char *spec = cds_pkg_soname_spec(c->h, e, p, missing->v[i]);

		if (spec == NULL && wheel != NULL) {
			spec = cds_startswith(missing->v[i], "libcudnn") ?
			    cds_xasprintf("%s==%d.*", wheel, atoi(so + 4)) :
			    cds_xstrdup(wheel);
		}
		if (spec != NULL && !cds_strv_contains(&add, spec)) {
			cds_strv_push(&add, spec);
			cds_strv_push_owned(&rm, cds_xstrndup(spec,
			    strcspn(spec, "=<>!~[")));
		}
		free(spec);
		free(wheel);
	}
	if (add.n > 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, in this "
		    "env, the wheels below; %s has no RUNPATH into them, so "
		    "their lib directories then go on the loader's path "
		    "(doctor names them)", p->name);
		cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD,
		    (const char *const *)add.v, CDS_PKG_REMOVE,
		    (const char *const *)rm.v);
	}
	cds_strv_clear(&add);
	cds_strv_clear(&rm);
}

static void
ort_needs(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	const char *want, *cuda = p->cuda, *rel;
	struct need_ctx n;
	struct cds_libpath *lp;
	struct cds_finding *f = NULL;
	char *src = NULL, **names, so[32], *w;
	size_t i;

	if (p->kind != CDS_FW_ONNXRUNTIME || strcmp(p->name,
	    "onnxruntime-gpu") != 0) {
		return;
	}
	want = cds_expected_cudnn(c, p, &src);
	if (cuda == NULL && c->m != NULL) {
		/* the manifest row the cuDNN came from names its CUDA */
		for (i = 0; i < cds_manifest_nframeworks(c->m); i++) {
			const struct cds_framework_req *r =
			    cds_manifest_framework(c->m, i);

			if (cds_framework_matches(r, "onnxruntime-gpu",
			    p->version) && (cuda == NULL || r->is_default)) {
				cuda = r->cuda;
				if (want == NULL) {
					want = r->cudnn;
				}
			}
		}
	}
	if (want == NULL || cuda == NULL) {
		free(src);
		return;
	}
	memset(&n, 0, sizeof(n));
	n.c = c;
	n.e = e;
	n.p = p;
	lp = cds_libpath_for(c, e, NULL);
	names = ort_sonames(c, e, p, lp, cuda, &rel);
	snprintf(so, sizeof(so), "libcudnn.so.%d", atoi(want));
	w = where_words(e, p);
	if (cds_libpath_find(c, lp, so) < 0) {
		f = cds_finding_add(c, "F14", CDS_SEV_ERROR, "onnxruntime-gpu "
		    "%s %s needs %s, which the loader cannot find", p->version,
		    w, so);
		cds_finding_evidence(f, "ONNX Runtime says", "Failed to load "
		    "library libonnxruntime_providers_cuda.so with error: %s: "
		    "cannot open shared object file: No such file or directory"
		    "; Failed to create CUDAExecutionProvider. Require cuDNN "
		    "%d.* and CUDA %d.*", so, atoi(want), atoi(cuda));
		need_check(&n, lp, f, so);
	}
	for (i = 0; names[i] != NULL; i++) {
		if (strstr(names[i], "nvJitLink") != NULL ||
		    cds_libpath_find(c, lp, names[i]) >= 0) {
			continue;
		}
		if (f == NULL) {
			f = cds_finding_add(c, "F14", CDS_SEV_ERROR,
			    "onnxruntime-gpu %s %s needs %s, which the loader "
			    "cannot find", p->version, w, names[i]);
			cds_finding_evidence(f, "ONNX Runtime says", "Failed "
			    "to load library libonnxruntime_providers_cuda.so "
			    "with error: %s: cannot open shared object file: "
			    "No such file or directory", names[i]);
		}
		need_check(&n, lp, f, names[i]);
	}
	free(w);
	if (f != NULL) {
		cds_finding_evidence(f, "requires", "cuDNN %s and CUDA %s (%s%s"
		    "%s)", want, cuda, src != NULL ? src : "manifest",
		    rel != NULL ? "; sonames from CUDA " : "",
		    rel != NULL ? rel : "");
		cds_finding_evidence(f, "search", "LD_LIBRARY_PATH=%s, then "
		    "ld.so.conf; onnxruntime has no RUNPATH into pip's nvidia "
		    "wheels", lp->ld_library_path != NULL ?
		    lp->ld_library_path : "(unset)");
		if (n.activate.n > 0) {
			cds_fix_activate(c, f, e,
			    (const char *const *)n.activate.v, NULL);
		}
		if (n.missing.n > 0) {
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, want,
			    "cudnn-setup install --cuda %s --cudnn %s", cuda,
			    want);
		}
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, in Python: "
		    "import torch before onnxruntime (torch preloads its "
		    "copies), or onnxruntime.preload_dlls() with ORT 1.21+");
		if (!pm_like_torch(c, f, e, p, atoi(want), atoi(cuda))) {
			pm_wheels(c, f, e, p, &n.missing, atoi(cuda));
		}
	}
	cds_strv_clear(&n.activate);
	cds_strv_clear(&n.missing);
	cds_strfreev(names);
	cds_libpath_free(lp);
	free(src);
}

/* F14: onnxruntime-gpu has no RUNPATH into pip's nvidia wheels, so their
 * cuDNN and CUDA libraries are invisible to it unless something puts them
 * on the path (torch imported first, an activate script). */
static void
rule_ort_cudnn(struct cds_rule_ctx *c)
{
	each_package(c, ort_needs);
}

/* ------------------------------------------------------------------------ */
/* F7, F6: programs that dlopen cuDNN by soname (CTranslate2)                */
/* ------------------------------------------------------------------------ */

/* F7's other way: CTranslate2 4.4.0, the last built for cuDNN 8
 * (doc/failure-modes.md F7), with env E's own tool, and back. */
static void
ct2_for_cudnn8(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p)
{
	char *was = cds_xasprintf("ctranslate2==%s", p->version);
	const char *const add[] = { "ctranslate2==4.4.0", NULL };
	const char *const back[] = { was, NULL };

	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, where cuDNN 8 is "
	    "what there is, CTranslate2 4.4.0, built for it:");
	cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD, add, CDS_PKG_ADD, back);
	free(was);
}

static void
ct2_needs(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	static const char *const need9[] = { "libcudnn.so.9",
		"libcudnn_ops.so.9", "libcudnn_cnn.so.9", NULL };
	static const char *const need8[] = { "libcudnn.so.8",
		"libcudnn_ops_infer.so.8", "libcudnn_cnn_infer.so.8", NULL };
	const char *const *need;
	struct cds_libpath *lp;
	struct need_ctx n;
	struct cds_finding *f = NULL;
	int major;
	char *w;
	size_t i;

	if (strcmp(p->name, "ctranslate2") != 0) {
		return;
	}
	/* doc/failure-modes.md F7: 4.5 is built for cuDNN 9, 4.4 for cuDNN 8 */
	major = cds_vercmp(p->version, "4.5") >= 0 ? 9 : 8;
	need = major == 9 ? need9 : need8;
	memset(&n, 0, sizeof(n));
	n.c = c;
	n.e = e;
	n.p = p;
	lp = cds_libpath_for(c, e, NULL);
	w = where_words(e, p);
	for (i = 0; need[i] != NULL; i++) {
		if (cds_libpath_find(c, lp, need[i]) >= 0) {
			continue;
		}
		if (f == NULL) {
			int other = cds_libpath_find(c, lp, major == 9 ?
			    "libcudnn.so.8" : "libcudnn.so.9");

			f = cds_finding_add(c, major == 9 ? "F7" : "F6",
			    CDS_SEV_ERROR, "ctranslate2 %s %s needs cuDNN %d; "
			    "the loader finds no %s%s", p->version, w, major,
			    need[i], other >= 0 ? major == 9 ?
			    " (only cuDNN 8)" : " (only cuDNN 9)" : "");
			if (major == 9) {
				cds_finding_evidence(f, "the program says",
				    "Unable to load any of {%s, libcudnn_ops."
				    "so}", need[i]);
			} else {
				cds_finding_evidence(f, "the program says",
				    "Could not load library %s. Error: %s: "
				    "cannot open shared object file", need[i],
				    need[i]);
			}
			if (other >= 0) {
				cds_finding_evidence(f, "on the path", "cuDNN "
				    "%d in %s", major == 9 ? 8 : 9,
				    lp->dirs[other].dir);
			}
		}
		need_check(&n, lp, f, need[i]);
	}
	free(w);
	if (f != NULL) {
		if (n.activate.n > 0) {
			cds_fix_activate(c, f, e,
			    (const char *const *)n.activate.v, NULL);
		}
		if (n.missing.n > 0) {
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, major == 9 ?
			    "9" : "8", "cudnn-setup install --cudnn %d",
			    major);
		}
		if (!pm_like_torch(c, f, e, p, major, 0) &&
		    n.missing.n > 0) {
			const struct cds_framework_req *r =
			    cds_pkg_index_row(c->m, p);
			const char *cuda = p->cuda != NULL ? p->cuda :
			    r != NULL ? r->cuda : NULL;

			if (cuda != NULL) {
				pm_wheels(c, f, e, p, &n.missing, atoi(cuda));
			}
			if (major == 9 && e != NULL && !p->from_conda) {
				ct2_for_cudnn8(c, f, e, p);
			}
		}
	}
	cds_strv_clear(&n.activate);
	cds_strv_clear(&n.missing);
	cds_libpath_free(lp);
}

/* F7 / F6: CTranslate2 (faster-whisper) dlopens cuDNN by soname with no
 * RUNPATH into pip's wheels: 4.5+ needs cuDNN 9, older needs cuDNN 8. */
static void
rule_cudnn_major(struct cds_rule_ctx *c)
{
	each_package(c, ct2_needs);
}

/* ------------------------------------------------------------------------ */
/* F29: TensorFlow's GPU libraries                                           */
/* ------------------------------------------------------------------------ */

static void
tf_needs(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	struct cds_strv rp = {0};
	struct cds_libpath *lp;
	struct need_ctx n;
	struct cds_finding *f = NULL;
	const char *want, *rel;
	char *src = NULL, **names, *w, so[32];
	size_t i;

	if (p->kind != CDS_FW_TENSORFLOW || p->cuda == NULL ||
	    !isdigit((unsigned char)p->cuda[0])) {
		return;
	}
	want = cds_expected_cudnn(c, p, &src);
	names = cds_cuda_sonames(c, p->cuda, &rel);
	if (want != NULL) {
		snprintf(so, sizeof(so), "libcudnn.so.%d", atoi(want));
		cds_strv_push(&rp, so);
	}
	for (i = 0; names[i] != NULL; i++) {
		cds_strv_push(&rp, names[i]);
	}
	cds_strfreev(names);
	names = cds_strv_steal(&rp);
	/* 2.14+ pip builds reach the nvidia-*-cu12 wheels by RUNPATH; a
	 * conda build, its env's lib/ */
	if (p->from_conda && e != NULL) {
		cds_strv_push_owned(&rp, cds_path_join(e->prefix, "lib"));
	} else if (cds_vercmp(p->version, "2.14") >= 0 &&
	    p->location != NULL) {
		char *pat = cds_xasprintf("%s/nvidia/*/lib", p->location);
		char **m = cds_root_glob(c->h, pat);

		for (i = 0; m[i] != NULL; i++) {
			cds_strv_push(&rp, m[i]);
		}
		cds_strfreev(m);
		free(pat);
	}
	lp = cds_libpath_for(c, e, (const char *const *)rp.v);
	memset(&n, 0, sizeof(n));
	n.c = c;
	n.e = e;
	n.p = p;
	w = where_words(e, p);
	for (i = 0; names[i] != NULL; i++) {
		if (cds_libpath_find(c, lp, names[i]) >= 0) {
			continue;
		}
		if (f == NULL) {
			f = cds_finding_add(c, "F29", CDS_SEV_ERROR,
			    "tensorflow %s %s cannot dlopen %s", p->version,
			    w, names[i]);
			cds_finding_evidence(f, "TensorFlow says", "Could not "
			    "load dynamic library '%s'; dlerror: %s: cannot "
			    "open shared object file: No such file or "
			    "directory ... Cannot dlopen some GPU libraries. "
			    "Skipping registering GPU devices...", names[i],
			    names[i]);
			cds_finding_evidence(f, "built for", "CUDA %s, cuDNN %s"
			    "%s%s", p->cuda, want != NULL ? want : "?",
			    rel != NULL ? "; sonames from CUDA " : "",
			    rel != NULL ? rel : "");
		}
		need_check(&n, lp, f, names[i]);
	}
	free(w);
	if (f != NULL) {
		if (n.activate.n > 0) {
			cds_fix_activate(c, f, e,
			    (const char *const *)n.activate.v, NULL);
		}
		if (n.missing.n > 0) {
			char *v = cds_xstrndup(p->version, strcspn(p->version,
			    "+"));

			char *spec = cds_xasprintf("tensorflow[and-cuda]==%s",
			    v);
			const char *const add[] = { spec, NULL };

			/* no command back: it adds the extra's CUDA wheels
			 * to the same tensorflow */
			cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD, add, 0,
			    NULL);
			free(spec);
			free(v);
		}
	}
	cds_strv_clear(&n.activate);
	cds_strv_clear(&n.missing);
	cds_strv_clear(&rp);
	cds_strfreev(names);
	cds_libpath_free(lp);
	free(src);
}

/* F29: TensorFlow opens a list of CUDA libraries by soname and, when one
 * is missing, says only "Cannot dlopen some GPU libraries".  Name it. */
static void
rule_tf_sonames(struct cds_rule_ctx *c)
{
	each_package(c, tf_needs);
}

/* ------------------------------------------------------------------------ */
/* F21: the GPU architectures a framework has kernels for                    */
/* ------------------------------------------------------------------------ */

/* Compute capabilities of the GPUs here (86 for 8.6), as the driver
 * probe's child read them (cuDeviceGetAttribute, after dlopening
 * libcuda.so.1 the way programs do): none when there is no usable driver,
 * under --root, or when the scan ran no child. */
static size_t
device_ccs(struct cds_rule_ctx *c, int *cc, size_t max)
{
	const struct cds_driver *d = &c->s->driver;
	size_t n = d->ncc < max ? d->ncc : max;

	memcpy(cc, d->cc, n * sizeof(*cc));
	return n;
}

/* Can code for SASS and PTX architectures run on a GPU of capability CC?
 * A cubin runs on the same major at an equal or higher minor; PTX is
 * compiled by the driver for any GPU at or above its architecture. */
static int
covered(const struct cds_strv *sass, const struct cds_strv *ptx, int cc)
{
	size_t i;

	for (i = 0; i < sass->n; i++) {
		int a = atoi(sass->v[i]);

		if (a / 10 == cc / 10 && a <= cc) {
			return 1;
		}
	}
	for (i = 0; i < ptx->n; i++) {
		if (atoi(ptx->v[i]) <= cc) {
			return 1;
		}
	}
	return 0;
}

static int
cmp_arch(const void *a, const void *b)
{
	return atoi(*(char *const *)a) - atoi(*(char *const *)b);
}

static char *
arch_list(struct cds_strv *v, const char *prefix)
{
	struct cds_buf b = {0};
	size_t i;

	if (v->n > 1) {
		qsort(v->v, v->n, sizeof(char *), cmp_arch);
	}
	for (i = 0; i < v->n; i++) {
		cds_buf_addf(&b, "%s%s_%s", i > 0 ? " " : "", prefix, v->v[i]);
	}
	return cds_buf_steal(&b);
}

struct arch_ctx {
	int cc[16];
	size_t ncc;
	int probed;
	int given;		/* the capability was given, not probed */
};

/* The GPU code a framework carries, and where it was read: the
 * .nv_fatbin of its libraries (LIBS: those that have one), else the
 * index's build row of its wheel (FROM_ROW). */
struct kernels {
	struct cds_strv sass, ptx;
	struct cds_strv libs;
	size_t nread;		/* libraries its RECORD lists, read */
	const struct cds_framework_req *row;	/* the index's, or NULL */
	int from_row;
};

static void
kernels_clear(struct kernels *k)
{
	cds_strv_clear(&k->sass);
	cds_strv_clear(&k->ptx);
	cds_strv_clear(&k->libs);
}

static void
push_new(struct cds_strv *to, const struct cds_strv *from)
{
	size_t i;

	for (i = 0; i < from->n; i++) {
		if (!cds_strv_contains(to, from->v[i])) {
			cds_strv_push(to, from->v[i]);
		}
	}
}

/* Add the cubins and PTX in the .nv_fatbin of library PATH (in the root)
 * to K. */
static void
fatbin_into(struct cds_rule_ctx *c, const char *path, struct kernels *k)
{
	struct cds_strv sass = {0}, ptx = {0};
	char *host = cds_rpath_follow(c->h, path);

	if (host != NULL && cds_fatbin_arches(host, &sass, &ptx) == 0 &&
	    sass.n + ptx.n > 0) {
		push_new(&k->sass, &sass);
		push_new(&k->ptx, &ptx);
		cds_strv_push(&k->libs, path);
	}
	cds_strv_clear(&sass);
	cds_strv_clear(&ptx);
	free(host);
}

/* The build row the index has of wheel P with the GPU architectures it
 * carries (CuPy's cupy-cudaNNx and CTranslate2's wheels:
 * data/wheel-builds.tsv), or NULL. */
static const struct cds_framework_req *
wheel_arch_row(const struct cds_rule_ctx *c, const struct cds_package *p)
{
	size_t i;

	if (c->m == NULL || p->kind != CDS_FW_OTHER || p->from_conda ||
	    p->cpu_only || p->version == NULL || p->location == NULL) {
		return NULL;
	}
	for (i = 0; i < c->m->nframeworks; i++) {
		const struct cds_framework_req *r = &c->m->frameworks[i];

		if (r->index_url != NULL && r->archs != NULL &&
		    cds_framework_matches(r, p->name, p->version)) {
			return r;
		}
	}
	return NULL;
}

/* The kernels of the shared libraries wheel P's RECORD lists (the files
 * pip installed for it, "path,sha256=...,size" lines) into K. */
static void
wheel_fatbins(struct cds_rule_ctx *c, const struct cds_package *p,
    struct kernels *k)
{
	char **lines = cds_record_lines(c->h, p->location, p->name), **l;
	char *path;

	if (lines == NULL) {
		return;
	}
	for (l = lines; *l != NULL; l++) {
		char *rel = cds_xstrndup(*l, strcspn(*l, ","));
		const char *b = cds_basename(rel);

		/* its own files only: not ../../bin/x, not an absolute path */
		if (rel[0] != '/' && strstr(rel, "../") == NULL &&
		    (cds_endswith(b, ".so") || strstr(b, ".so.") != NULL)) {
			path = cds_path_join(p->location, rel);
			k->nread++;
			fatbin_into(c, path, k);
			free(path);
		}
		free(rel);
	}
	cds_strfreev(lines);
}

/* Split row list LIST ("50 60 70") into V. */
static void
row_archs(struct cds_strv *v, const char *list)
{
	char **w = cds_strsplit(list != NULL ? list : "", " ", 0), **q;

	for (q = w; *q != NULL; q++) {
		if (**q != '\0') {
			cds_strv_push(v, *q);
		}
	}
	cds_strfreev(w);
}

/* What package P carries for the GPU, into K: the framework's own
 * library's fatbin; for a wheel the index has build rows of, the fatbins
 * of the libraries its RECORD lists, else that row's cubins and PTX.  0
 * when nothing says. */
static int
kernels_of(struct cds_rule_ctx *c, const struct cds_package *p,
    struct kernels *k)
{
	char *lib = cds_framework_cuda_lib(c, p);

	if (lib != NULL) {
		fatbin_into(c, lib, k);
		free(lib);
		return k->libs.n > 0;
	}
	if ((k->row = wheel_arch_row(c, p)) == NULL) {
		return 0;
	}
	wheel_fatbins(c, p, k);
	if (k->libs.n == 0) {
		row_archs(&k->sass, k->row->archs);
		row_archs(&k->ptx, k->row->ptx);
		k->from_row = 1;
	}
	return k->sass.n + k->ptx.n > 0;
}

/* "a, b, c and 4 more" of V. */
static char *
some_of(const struct cds_strv *v)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < v->n && i < 3; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? ", " : "", v->v[i]);
	}
	if (v->n > 3) {
		cds_buf_addf(&b, " and %zu more", v->n - 3);
	}
	return cds_buf_steal(&b);
}

/* Where finding F's architectures were read, from K. */
static void
kernels_evidence(struct cds_finding *f, struct kernels *k)
{
	const struct cds_framework_req *r = k->row;
	struct cds_strv rs = {0}, rp = {0};
	char *sl, *pl, *libs = some_of(&k->libs);

	if (r == NULL) {
		cds_finding_evidence(f, "kernels in", "%s", libs);
		free(libs);
		return;
	}
	if (k->from_row) {
		cds_finding_evidence(f, "read from", "the index's build row "
		    "%s %s (%s): none of the %zu libraries its RECORD lists "
		    "has a .nv_fatbin to read", r->name, r->version,
		    r->variant != NULL ? r->variant : "-", k->nread);
	} else {
		cds_finding_evidence(f, "read from", "the wheel's own "
		    "libraries (.nv_fatbin of %zu of the %zu its RECORD "
		    "lists)", k->libs.n, k->nread);
		cds_finding_evidence(f, "kernels in", "%s", libs);
		/* the cross-check: the index's row for this release */
		row_archs(&rs, r->archs);
		row_archs(&rp, r->ptx);
		sl = arch_list(&rs, "sm");
		pl = arch_list(&rp, "compute");
		cds_finding_evidence(f, "the index's row", "%s %s (%s): %s%s%s",
		    r->name, r->version, r->variant != NULL ? r->variant :
		    "-", sl, *pl != '\0' ? ", PTX " : "", pl);
		free(sl);
		free(pl);
		cds_strv_clear(&rs);
		cds_strv_clear(&rp);
	}
	if (r->build_source != NULL) {
		cds_finding_evidence(f, "row source", "%s", r->build_source);
	}
	free(libs);
}

static void
arch_check(struct cds_rule_ctx *c, struct arch_ctx *arch_state,
    const struct cds_env *e, const struct cds_package *p)
{
	struct kernels k;
	char *w, *sl, *pl;
	size_t i;

	memset(&k, 0, sizeof(k));
	if (!kernels_of(c, p, &k)) {
		goto out;
	}
	if (!arch_state->probed && !arch_state->given) {
		arch_state->ncc = device_ccs(c, arch_state->cc, 16);
		arch_state->probed = 1;
	}
	for (i = 0; i < arch_state->ncc; i++) {
		int cc = arch_state->cc[i];
		struct cds_finding *f;

		if (covered(&k.sass, &k.ptx, cc)) {
			continue;
		}
		w = where_words(e, p);
		sl = arch_list(&k.sass, "sm");
		pl = arch_list(&k.ptx, "compute");
		f = cds_finding_add(c, "F21", CDS_SEV_ERROR, "%s %s %s has no "
		    "kernels for this GPU (sm_%d)", p->name, p->version, w, cc);
		if (arch_state->given) {
			cds_finding_evidence(f, "GPU", "compute capability "
			    "%d.%d (as the message says)", cc / 10, cc % 10);
		} else {
			cds_finding_evidence(f, "GPU", "device %zu: compute "
			    "capability %d.%d (cuDeviceGetAttribute in a child "
			    "process)", i, cc / 10, cc % 10);
		}
		kernels_evidence(f, &k);
		cds_finding_evidence(f, "cubins (SASS)", "%s", *sl != '\0' ?
		    sl : "none");
		cds_finding_evidence(f, "PTX", "%s", *pl != '\0' ? pl :
		    "none (nothing the driver could compile)");
		if (k.row == NULL) {
			cds_finding_evidence(f, "the framework says", "CUDA "
			    "error: no kernel image is available for "
			    "execution on the device");
		} else {
			cds_finding_evidence(f, "CUDA's error", "cudaError"
			    "NoKernelImageForDevice: no kernel image is "
			    "available for execution on the device");
		}
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install a %s "
		    "build whose architecture list includes sm_%d (for "
		    "Blackwell sm_100/sm_120: a CUDA 12.8 or newer build)",
		    p->name, cc);
		cds_pkg_fix(c, f, e, p, arch_state->given ? cc : 0);
		free(sl);
		free(pl);
		free(w);
		break;
	}
out:
	kernels_clear(&k);
}

void
cds_check_arch(struct cds_rule_ctx *c, int cc)
{
	struct arch_ctx st;
	size_t i, k;

	memset(&st, 0, sizeof(st));
	st.cc[0] = cc;
	st.ncc = 1;
	st.given = 1;
	for (i = 0; i < c->s->nenvs; i++) {
		for (k = 0; k < c->s->envs[i].npackages; k++) {
			arch_check(c, &st, &c->s->envs[i],
			    &c->s->envs[i].packages[k]);
		}
	}
	for (k = 0; k < c->s->nsystem_packages; k++) {
		arch_check(c, &st, NULL, &c->s->system_packages[k]);
	}
}

/* F21: the framework's binary holds cubins and PTX for a list of
 * architectures (read statically from its .nv_fatbin section; for CuPy's
 * and CTranslate2's wheels from the libraries their RECORD lists, else
 * the index's build row of the release); the GPU's compute capability
 * (read dynamically) is not among them and no PTX is old enough to be
 * compiled for it. */
static void
rule_arch_list(struct cds_rule_ctx *c)
{
	struct arch_ctx st;
	size_t i, k;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < c->s->nenvs; i++) {
		for (k = 0; k < c->s->envs[i].npackages; k++) {
			arch_check(c, &st, &c->s->envs[i],
			    &c->s->envs[i].packages[k]);
		}
	}
	for (k = 0; k < c->s->nsystem_packages; k++) {
		arch_check(c, &st, NULL, &c->s->system_packages[k]);
	}
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_framework[] = {
	{ "F9", N_("LD_LIBRARY_PATH puts an older cuDNN before PyTorch's"),
	    "F9", rule_torch_cudnn_path },
	{ "F10", N_("the first cuDNN found is older than the framework was "
	    "built with"), "F10", rule_cudnn_too_old },
	{ "F15", N_("the active toolkit's CUDA differs from PyTorch's"),
	    "F15", rule_toolkit_vs_torch },
	{ "F21", N_("the framework has no kernels for this GPU"), "F21",
	    rule_arch_list },
	{ "F30", N_("three CUDA versions: what each one means"), "F30",
	    rule_three_numbers },
	{ "F31", N_("the JAX CUDA plugin and jaxlib versions differ"), "F31",
	    rule_jax_plugin },
	{ "TORCH-COMPANION", N_("torchvision or torchaudio does not match "
	    "torch"), NULL, rule_torch_companion },
	{ "F14", N_("ONNX Runtime cannot find the cuDNN or CUDA it needs"),
	    "F14", rule_ort_cudnn },
	{ "F7", N_("the program needs cuDNN 9; the loader finds none"), "F7",
	    rule_cudnn_major },
	{ "F6", N_("cuDNN exists only inside a Python wheel the program "
	    "does not search"), "F6", NULL },
	{ "F29", N_("TensorFlow cannot dlopen a GPU library"), "F29",
	    rule_tf_sonames },
	{ NULL, NULL, NULL, NULL }
};
