/*
 * rules_loader.c - doctor's rules that resolve libraries the way ld.so
 * does (src/scan/loader.c), for the environment of the env that owns them: a
 * cuDNN sub-library binding a sibling of another release (F1), cuDNN's
 * own CUDA dependencies (F5), cuSPARSE binding an older nvJitLink (F12),
 * a framework needing a CUDA runtime nobody provides (F13, F6).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/elfread.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "scan/loader.h"
#include "scan/scan.h"
#include "base/version.h"

/* The env a copy belongs to (by name), or NULL. */
static const struct cds_env *
env_named(const struct cds_scan *s, const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < s->nenvs; i++) {
		if (strcmp(s->envs[i].name, name) == 0) {
			return &s->envs[i];
		}
	}
	return NULL;
}

/* Emulate dlopen(PATH) with LD_LIBRARY_PATH set as LP says (an env's
 * activation may change it): the handle's value is restored after. */
static struct cds_ld_resolution *
resolve_in(struct cds_rule_ctx *c, const struct cds_libpath *lp,
    const char *path)
{
	char *saved = cds_strdup0(cds_getenv(c->h, "LD_LIBRARY_PATH"));
	struct cds_ld_resolution *r;

	cds_setenv(c->h, "LD_LIBRARY_PATH", lp->ld_library_path);
	r = cds_loader_resolve(c->h, path, 0);
	cds_setenv(c->h, "LD_LIBRARY_PATH", saved);
	free(saved);
	cds_clearerr(c->h);
	return r;
}

/* The entry of LP for the directory ld.so found an object in, so that
 * evidence can say where an LD_LIBRARY_PATH entry was set.  NULL when the
 * object was found another way. */
static const struct cds_libdir *
libdir_of(const struct cds_libpath *lp, const struct cds_ld_found *fd)
{
	size_t i;

	if (fd->via != CDS_LD_LIBRARY_PATH || fd->dir == NULL) {
		return NULL;
	}
	for (i = 0; i < lp->n; i++) {
		if (lp->dirs[i].from_env && (strcmp(lp->dirs[i].dir,
		    fd->dir) == 0 || (fd->dir_as_written != NULL &&
		    strcmp(lp->dirs[i].dir, fd->dir_as_written) == 0))) {
			return &lp->dirs[i];
		}
	}
	return NULL;
}

/* Evidence on how ld.so found an object, and the fix that takes that
 * directory out of the search. */
static void
evidence_found(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_libpath *lp, const struct cds_ld_found *fd, int fix)
{
	const struct cds_libdir *d = libdir_of(lp, fd);

	if (d != NULL) {
		cds_evidence_via(f, d);
		if (fix) {
			cds_fix_remove_path(c, f, d);
		}
		return;
	}
	if (fd->how != NULL) {
		cds_finding_evidence(f, "found through", "%s", fd->how);
	}
	if (fix && fd->via == CDS_LD_CACHE && fd->from != NULL &&
	    *fd->from != '\0') {
		struct cds_libdir cd = {0};

		cd.dir = fd->dir;
		cd.via = fd->from;
		cds_fix_remove_path(c, f, &cd);
	}
}

/* Version of the file at target PATH from its real name, else the cuDNN
 * copy's version; NULL if unknown. */
static const char *
version_of(struct cds_rule_ctx *c, const char *path, int major, char **tmp)
{
	char *real = cds_realpath_in_root(c->h, path), *dir;
	const struct cds_cudnn *copy;

	*tmp = real != NULL ? cds_soname_version(cds_basename(real)) : NULL;
	if (*tmp != NULL && strchr(*tmp, '.') != NULL) {
		free(real);
		return *tmp;
	}
	free(*tmp);
	*tmp = NULL;
	dir = cds_dirname(real != NULL ? real : path);
	copy = cds_cudnn_in(c, dir, major);
	free(dir);
	free(real);
	return copy != NULL ? copy->version : NULL;
}

static int
in_dir(struct cds_rule_ctx *c, const char *path, const char *dir)
{
	char *d;
	int r;

	if (path == NULL) {
		return 0;
	}
	d = cds_dirname(path);
	r = cds_same_dir(c->h, d, dir);
	free(d);
	return r;
}

/* ------------------------------------------------------------------------ */
/* F1: cuDNN sub-libraries of two releases                                   */
/* ------------------------------------------------------------------------ */

/* Add NAME to the finding's "same failure for" line. */
static void
also_add(struct cds_finding *f, const char *name)
{
	size_t i;

	for (i = 0; i < f->nevidence; i++) {
		if (strcmp(f->evidence[i].key, "same failure for") == 0) {
			char *v = cds_xasprintf("%s, %s", f->evidence[i].value,
			    name);

			free(f->evidence[i].value);
			f->evidence[i].value = v;
			return;
		}
	}
	cds_finding_evidence(f, "same failure for", "%s", name);
}

/* One copy: load each of its files by path, as a framework does through
 * its RUNPATH or a preload, and see which siblings ld.so binds. */
static void
mixed_binding(struct cds_rule_ctx *c, const struct cds_cudnn *own)
{
	const char *const *subs = cds_cudnn_sublibs(own->major);
	const struct cds_env *e = env_named(c->s, own->env);
	struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
	struct cds_finding *f = NULL;
	size_t i, k;

	for (i = 0; subs != NULL && subs[i] != NULL; i++) {
		/* the convolution library first: the one frameworks hit */
		const char *sub = i == 0 ? (own->major == 8 ?
		    "libcudnn_cnn_infer" : "libcudnn_cnn") :
		    strcmp(subs[i], own->major == 8 ? "libcudnn_cnn_infer" :
		    "libcudnn_cnn") == 0 ? subs[0] : subs[i];
		char *name = cds_xasprintf("%s.so.%d", sub, own->major);
		char *path = cds_path_join(own->dir, name);
		struct cds_ld_resolution *r;

		free(name);
		if (!cds_root_is_file(c->h, path)) {
			free(path);
			continue;
		}
		r = resolve_in(c, lp, path);
		for (k = 0; r != NULL && k < r->nproblems; k++) {
			const struct cds_ld_problem *p = &r->problems[k];
			const struct cds_ld_object *user =
			    &r->objects[p->object];
			const struct cds_ld_object *prov;
			char *t1, *t2;
			const char *v1, *v2;

			if ((p->kind != CDS_LD_NO_SYMBOL &&
			    p->kind != CDS_LD_NO_VERSION) ||
			    p->provider == CDS_LD_NONE) {
				continue;
			}
			prov = &r->objects[p->provider];
			if (prov->found.path == NULL ||
			    !cds_startswith(cds_basename(prov->found.path),
			    "libcudnn") || in_dir(c, prov->found.path,
			    own->dir)) {
				continue;
			}
			v1 = version_of(c, user->found.path, own->major, &t1);
			v2 = version_of(c, prov->found.path, own->major, &t2);
			if (f == NULL) {
				f = cds_finding_add(c, "F1", CDS_SEV_ERROR,
				    "%s (cuDNN %s) binds %s (cuDNN %s)",
				    user->found.path, v1 != NULL ? v1 : "?",
				    prov->found.path, v2 != NULL ? v2 : "?");
				cds_finding_evidence(f, "loader says", "%s",
				    p->message);
				cds_finding_evidence(f, "library", "%s (cuDNN "
				    "%s, %s)", user->found.path, v1 != NULL ?
				    v1 : "?", own->env != NULL ? own->env :
				    own->dir);
				cds_finding_evidence(f, "bound to", "%s (cuDNN "
				    "%s): the other release", prov->found.path,
				    v2 != NULL ? v2 : "?");
				evidence_found(c, f, lp, &prov->found, 1);
			} else if (!cds_finding_exists(c, "F1",
			    cds_basename(user->found.path))) {
				also_add(f, cds_basename(user->found.path));
			}
			free(t1);
			free(t2);
		}
		/* bound across releases without a missing symbol yet */
		for (k = 0; f == NULL && r != NULL && k < r->nobjects; k++) {
			const struct cds_ld_object *o = &r->objects[k];
			char *t1, *t2;
			const char *v1, *v2;

			if (o->found.path == NULL || o->loader == CDS_LD_NONE ||
			    !cds_startswith(cds_basename(o->found.path),
			    "libcudnn") || in_dir(c, o->found.path, own->dir)) {
				continue;
			}
			v1 = version_of(c, r->objects[o->loader].found.path,
			    own->major, &t1);
			v2 = version_of(c, o->found.path, own->major, &t2);
			if (v1 != NULL && v2 != NULL && strcmp(v1, v2) != 0) {
				f = cds_finding_add(c, "F1", CDS_SEV_WARNING,
				    "%s (cuDNN %s) binds %s (cuDNN %s)",
				    r->objects[o->loader].found.path, v1,
				    o->found.path, v2);
				cds_finding_evidence(f, "binds", "a sibling "
				    "of another release: it loads now, and "
				    "fails when a symbol differs");
				evidence_found(c, f, lp, &o->found, 1);
			}
			free(t1);
			free(t2);
		}
		cds_ld_resolution_free(r);
		free(path);
	}
	cds_libpath_free(lp);
}

/*
 * F1: a framework's own cuDNN (a pip wheel, a conda env's lib/) is loaded
 * by path, and each sub-library finds its siblings by soname.
 * LD_LIBRARY_PATH comes before the copy's own RUNPATH, so a directory on
 * it with another release of the same major wins:
 *   symbol lookup error: .../libcudnn_cnn_infer.so.8: undefined symbol:
 *   _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8
 */
static void
rule_loader_cudnn(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *own = &c->s->cudnns[i];

		if (own->origin == CDS_ORIGIN_PIP ||
		    own->origin == CDS_ORIGIN_CONDA) {
			mixed_binding(c, own);
		}
	}
}

/* ------------------------------------------------------------------------ */
/* F5, F13, F6, F12: libraries nobody provides                               */
/* ------------------------------------------------------------------------ */

/* The package of env E whose files hold DIR and whose name starts with
 * PREFIX ("nvidia-cudnn"); NULL. */
static const struct cds_package *
package_holding(const struct cds_env *e, const char *prefix, const char *dir)
{
	size_t i;

	for (i = 0; e != NULL && dir != NULL && i < e->npackages; i++) {
		const struct cds_package *p = &e->packages[i];

		if (cds_startswith(p->name, prefix) && p->location != NULL &&
		    !p->from_conda && cds_startswith(dir, p->location)) {
			return p;
		}
	}
	return NULL;
}

/* Library NAME, which nothing here provides, is one the env's own tool
 * installs (a wheel BY requires): its command stands for cudnn-setup's
 * install, so *INSTALL says one is given.  NAMES collects it. */
static void
env_wheel_missing(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *by, const char *name, struct cds_strv *names,
    int *install)
{
	char *where = cds_find_anywhere(c, e, name);
	char *spec = where == NULL ? cds_pkg_soname_spec(c->h, e, by, name) :
	    NULL;

	if (spec != NULL) {
		*install = 1;
		if (!cds_strv_contains(names, name)) {
			cds_strv_push(names, name);
		}
	}
	free(spec);
	free(where);
}

/* F5: one cuDNN copy's own dependencies (cuBLAS, cuBLASLt of its CUDA
 * major) that the loader cannot find. */
static void
cudnn_deps(struct cds_rule_ctx *c, const struct cds_cudnn *d)
{
	const char *const *subs = cds_cudnn_sublibs(d->major);
	const struct cds_env *e = env_named(c->s, d->env);
	const struct cds_package *wheel = package_holding(e, "nvidia-cudnn",
	    d->dir);
	struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
	struct cds_strv seen = {0}, dirs = {0}, pip = {0};
	struct cds_finding *f = NULL;
	int install = 0;
	size_t i, k;

	for (i = 0; subs != NULL && subs[i] != NULL; i++) {
		char *name = cds_xasprintf("%s.so.%d", subs[i], d->major);
		char *path = cds_path_join(d->dir, name);
		struct cds_ld_resolution *r = NULL;

		if (cds_root_is_file(c->h, path)) {
			r = resolve_in(c, lp, path);
		}
		for (k = 0; r != NULL && k < r->nproblems; k++) {
			const struct cds_ld_problem *p = &r->problems[k];

			if (p->kind != CDS_LD_MISSING ||
			    cds_startswith(p->name, "libcudnn") ||
			    cds_startswith(p->name, "libcuda.so") ||
			    cds_strv_contains(&seen, p->name)) {
				continue;
			}
			cds_strv_push(&seen, p->name);
			if (f == NULL) {
				f = cds_finding_add(c, "F5", CDS_SEV_ERROR,
				    "cuDNN %s in %s needs %s, which the loader "
				    "cannot find", d->version != NULL ?
				    d->version : "?", d->dir, p->name);
				cds_finding_evidence(f, "cuDNN says",
				    "Could not load library %s. Error: %s",
				    name, p->message);
			}
			cds_finding_evidence(f, "missing", "%s (needed by %s)",
			    p->name, r->objects[r->objects[p->object].loader !=
			    CDS_LD_NONE ? r->objects[p->object].loader :
			    p->object].found.path);
			env_wheel_missing(c, e, wheel, p->name, &pip, &install);
			cds_fix_missing(c, f, e, p->name, &dirs, &install);
		}
		cds_ld_resolution_free(r);
		free(path);
		free(name);
	}
	if (f != NULL && pip.n > 0) {
		/* what the cuDNN wheel requires, with the env's own tool */
		cds_pkg_fix_sonames(c, f, e, wheel, pip.v);
	}
	if (f != NULL && dirs.n > 0) {
		cds_fix_activate(c, f, e, (const char *const *)dirs.v, NULL);
	}
	if (f != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or use a cuDNN "
		    "built for the CUDA that is installed");
	}
	cds_strv_clear(&seen);
	cds_strv_clear(&dirs);
	cds_strv_clear(&pip);
	cds_libpath_free(lp);
}

/* F13 (and F6): a framework's CUDA library needs a runtime or cuDNN soname
 * the loader cannot find: "ImportError: libcudart.so.8.0: cannot open
 * shared object file". */
static void
framework_deps(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	char *lib;
	struct cds_libpath *lp;
	struct cds_ld_resolution *r;
	struct cds_strv dirs = {0}, pip = {0};
	/* indexes, not pointers: adding a finding moves the array */
	size_t f13 = CDS_LD_NONE, f6 = CDS_LD_NONE;
	int install = 0;
	size_t k;

	if (p->kind == CDS_FW_ONNXRUNTIME ||
	    (lib = cds_framework_cuda_lib(c, p)) == NULL) {
		return;	/* ONNX Runtime's own rule is F14 */
	}
	lp = cds_libpath_for(c, e, NULL);
	r = resolve_in(c, lp, lib);
	for (k = 0; r != NULL && k < r->nproblems; k++) {
		const struct cds_ld_problem *q = &r->problems[k];
		struct cds_finding *f;
		char *where;

		if (q->kind != CDS_LD_MISSING || (!cds_is_cuda_soname(q->name) &&
		    !cds_startswith(q->name, "libcudnn"))) {
			continue;
		}
		where = cds_startswith(q->name, "libcudnn") ?
		    cds_find_anywhere(c, e, q->name) : NULL;
		if (where != NULL && strstr(where, "/site-packages/nvidia/") !=
		    NULL) {
			if (f6 == CDS_LD_NONE) {
				f = cds_finding_add(c, "F6", CDS_SEV_ERROR,
				    "%s %s needs %s; it exists only in %s, "
				    "which its loader does not search", p->name,
				    p->version, q->name, where);
				cds_finding_evidence(f, "library", "%s", lib);
				f6 = c->out->n - 1;
			}
			f = &c->out->items[f6];
		} else {
			if (f13 == CDS_LD_NONE) {
				f = cds_finding_add(c, "F13", CDS_SEV_ERROR,
				    "%s %s needs %s, which is not on the "
				    "loader's path", p->name, p->version,
				    q->name);
				cds_finding_evidence(f, "library", "%s", lib);
				f13 = c->out->n - 1;
			}
			f = &c->out->items[f13];
			env_wheel_missing(c, e, p, q->name, &pip, &install);
		}
		free(where);
		cds_finding_evidence(f, "Python says", "ImportError: %s",
		    q->message);
		cds_fix_missing(c, f, e, q->name, &dirs, &install);
	}
	if (dirs.n > 0) {
		cds_fix_activate(c, &c->out->items[f6 != CDS_LD_NONE ? f6 :
		    f13], e, (const char *const *)dirs.v, NULL);
	}
	if (f13 != CDS_LD_NONE && pip.n > 0) {
		/* the wheels the framework pins, with the env's own tool */
		cds_pkg_fix_sonames(c, &c->out->items[f13], e, p, pip.v);
	}
	if (f13 != CDS_LD_NONE) {
		cds_finding_fix(&c->out->items[f13], CDS_FIX_NONE, NULL, NULL,
		    "or install the %s build made for the CUDA that is "
		    "installed; never symlink another version under the "
		    "missing name", p->name);
	}
	cds_strv_clear(&dirs);
	cds_strv_clear(&pip);
	cds_ld_resolution_free(r);
	cds_libpath_free(lp);
	free(lib);
}

static void
framework_deps_all(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->nenvs; i++) {
		for (k = 0; k < c->s->envs[i].npackages; k++) {
			framework_deps(c, &c->s->envs[i],
			    &c->s->envs[i].packages[k]);
		}
	}
	for (k = 0; k < c->s->nsystem_packages; k++) {
		framework_deps(c, NULL, &c->s->system_packages[k]);
	}
}

/* Is NAME the DT_SONAME of the library at target path REAL?  Then the
 * link is the one ldconfig makes (CUDA 11's libcudart.so.11.0 ->
 * libcudart.so.11.8.89), not a lie. */
static int
named_by_soname(cds_handle_t *h, const char *real, const char *name)
{
	char *host = cds_rpath_follow(h, real);
	struct cds_elf *e = cds_elf_open(h, host);
	int same = e != NULL && cds_elf_soname(e) != NULL &&
	    strcmp(cds_elf_soname(e), name) == 0;

	cds_elf_free(e);
	free(host);
	return same;
}

/* F13's anti-pattern: a link named for one CUDA version pointing at a
 * library of another (libcudart.so.8.0 -> libcudart.so.9.2.148). */
static void
lying_links(struct cds_rule_ctx *c)
{
	struct cds_strv dirs = {0};
	size_t i;

	for (i = 0; i < c->s->ntoolkits; i++) {
		if (c->s->toolkits[i].libdir != NULL &&
		    !cds_strv_contains(&dirs, c->s->toolkits[i].libdir)) {
			cds_strv_push(&dirs, c->s->toolkits[i].libdir);
		}
	}
	for (i = 0; i < c->s->nsearchdirs; i++) {
		if (!cds_strv_contains(&dirs, c->s->searchdirs[i].dir)) {
			cds_strv_push(&dirs, c->s->searchdirs[i].dir);
		}
	}
	for (i = 0; i < dirs.n; i++) {
		char **names = cds_root_listdir(c->h, dirs.v[i]), **n;

		for (n = names; n != NULL && *n != NULL; n++) {
			char *path, *real, *nv, *tv, *q;
			struct cds_finding *f;

			if (!cds_is_cuda_soname(*n) && !cds_startswith(*n,
			    "libcudnn")) {
				continue;
			}
			path = cds_path_join(dirs.v[i], *n);
			real = cds_root_is_link(c->h, path) ?
			    cds_realpath_in_root(c->h, path) : NULL;
			nv = cds_soname_version(*n);
			tv = real != NULL ? cds_soname_version(
			    cds_basename(real)) : NULL;
			if (nv != NULL && tv != NULL &&
			    strncmp(*n, cds_basename(real), strlen(*n) -
			    strlen(nv)) == 0 && !cds_ver_has_prefix(tv, nv) &&
			    !named_by_soname(c->h, real, *n)) {
				f = cds_finding_add(c, "F13", CDS_SEV_WARNING,
				    "%s claims version %s but is %s", path, nv,
				    real);
				cds_finding_evidence(f, "link", "%s -> %s",
				    path, real);
				cds_finding_evidence(f, "why it is wrong", "a "
				    "program built for %s gets another ABI; "
				    "it may load, then fail or misbehave", nv);
				q = cds_shquote(path);
				cds_finding_fix(f, CDS_FIX_REMOVE, path, NULL,
				    "rm %s", q);
				free(q);
			}
			free(nv);
			free(tv);
			free(real);
			free(path);
		}
		cds_strfreev(names);
	}
	cds_strv_clear(&dirs);
}

/* F12's other fix: the newest nvJitLink wheel of cuSPARSE's (at PATH)
 * CUDA major, with env E's own tool, and back to the one there. */
static void
jitlink_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *path)
{
	const char *so = strstr(path, ".so.");
	char *name = cds_xasprintf("libnvJitLink.so.%d", so != NULL ?
	    atoi(so + 4) : 0);
	char *wheel = cds_pkg_soname_wheel(name, 0, NULL), *was = NULL;
	size_t i;

	for (i = 0; wheel != NULL && i < e->npackages; i++) {
		if (strcmp(e->packages[i].name, wheel) == 0 &&
		    e->packages[i].version != NULL) {
			was = cds_xasprintf("%s==%s", wheel,
			    e->packages[i].version);
		}
	}
	if (wheel != NULL) {
		const char *const up[] = { wheel, NULL };
		const char *const back[] = { was, NULL };

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or upgrade the "
		    "env's own nvJitLink:");
		cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_UPGRADE, up,
		    CDS_PKG_ADD, was != NULL ? back : NULL);
	}
	free(was);
	free(wheel);
	free(name);
}

/* F12: pip's cuSPARSE binds an nvJitLink outside its own wheel set (an
 * older toolkit on LD_LIBRARY_PATH) that lacks the versioned symbols it
 * needs: "undefined symbol: __nvJitLinkAddData_12_1, version
 * libnvJitLink.so.12". */
static void
cusparse_jitlink(struct cds_rule_ctx *c, const struct cds_env *e)
{
	char *pat, **m;
	size_t i, k;

	if (e->site_packages == NULL) {
		return;
	}
	pat = cds_xasprintf("%s/nvidia/cusparse/lib/libcusparse.so.*",
	    e->site_packages);
	m = cds_root_glob(c->h, pat);
	for (i = 0; m[i] != NULL; i++) {
		char *path = cds_xstrdup(m[i]);
		struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
		struct cds_ld_resolution *r = resolve_in(c, lp, path);
		struct cds_finding *f = NULL;

		for (k = 0; r != NULL && k < r->nproblems; k++) {
			const struct cds_ld_problem *p = &r->problems[k];
			const struct cds_ld_object *prov;

			if ((p->kind != CDS_LD_NO_SYMBOL &&
			    p->kind != CDS_LD_NO_VERSION) ||
			    p->provider == CDS_LD_NONE) {
				continue;
			}
			prov = &r->objects[p->provider];
			if (prov->found.path == NULL || strstr(
			    prov->found.path, "nvJitLink") == NULL ||
			    f != NULL) {
				continue;
			}
			f = cds_finding_add(c, "F12", CDS_SEV_ERROR, "%s binds "
			    "%s, which is older", path, prov->found.path);
			cds_finding_evidence(f, "loader says", "%s",
			    p->message);
			cds_finding_evidence(f, "cuSPARSE", "%s (env %s)",
			    path, e->name);
			cds_finding_evidence(f, "nvJitLink", "%s",
			    prov->found.path);
			evidence_found(c, f, lp, &prov->found, 1);
			jitlink_fix(c, f, e, path);
		}
		cds_ld_resolution_free(r);
		cds_libpath_free(lp);
		free(path);
	}
	cds_strfreev(m);
	free(pat);
}

/* F5, F6, F12, F13: what ld.so cannot find or bind for cuDNN's copies,
 * the frameworks' CUDA libraries and pip's cuSPARSE. */
static void
rule_loader_needed(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		cudnn_deps(c, &c->s->cudnns[i]);
	}
	framework_deps_all(c);
	lying_links(c);
	for (i = 0; i < c->s->nenvs; i++) {
		cusparse_jitlink(c, &c->s->envs[i]);
	}
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_loader[] = {
	{ "F1", N_("a cuDNN library binds a sibling from another cuDNN "
	    "release"), "F1", rule_loader_cudnn },
	{ "F5", N_("a cuDNN library needs a CUDA library the loader cannot "
	    "find"), "F5", rule_loader_needed },
	{ "F12", N_("cuSPARSE binds an older nvJitLink"), "F12", NULL },
	{ NULL, NULL, NULL, NULL }
};
