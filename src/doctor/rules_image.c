/*
 * rules_image.c - doctor's rules about an image and the driver it will
 * run on (`doctor --root IMAGE --driver 550.54.15`, or inside a running
 * container, where the host's module is the driver): will the container
 * toolkit start it, what its forward-compatibility libcuda does there,
 * the driver libraries baked into it, and an LD_LIBRARY_PATH that no
 * longer names the driver's directory.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/cudareq.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "read/manifest.h"
#include "read/pkgdb.h"
#include "scan/container.h"
#include "scan/scan.h"
#include "base/version.h"

/* V's strings joined by SEP (new). */
static char *
join(const struct cds_strv *v, const char *sep)
{
	size_t i, len = 1;
	char *out;

	for (i = 0; i < v->n; i++) {
		len += strlen(v->v[i]) + strlen(sep);
	}
	out = cds_xmalloc(len);
	*out = '\0';
	for (i = 0; i < v->n; i++) {
		if (i > 0) {
			strcat(out, sep);
		}
		strcat(out, v->v[i]);
	}
	return out;
}

/* The target runs in a container: scan's detection (src/scan/container.c),
 * as every container rule uses it. */
static int
in_container(const struct cds_rule_ctx *c)
{
	return cds_in_container(&c->s->container);
}

/* The host facts the toolkit will see: the driver (--driver, or the
 * module of the host a running container shares) and its CUDA version.
 * 0 when there is no image to judge against a driver. */
static int
host_of(struct cds_rule_ctx *c, struct cds_req_host *x, const char **dsrc,
    const char **csrc, char buf[16])
{
	const struct cds_driver *d = &c->s->driver;

	memset(x, 0, sizeof(*x));
	if (c->h->host_driver != NULL) {
		x->driver = c->h->host_driver;
		*dsrc = "--driver";
	} else if (*c->h->root == '\0' && in_container(c) &&
	    d->module_version != NULL) {
		x->driver = d->module_version;
		*dsrc = "the host's kernel module (/proc/driver/nvidia/"
		    "version)";
	} else {
		return 0;
	}
	if (c->h->host_driver == NULL && d->cuda_version > 0) {
		snprintf(buf, 16, "%d.%d", d->cuda_version / 1000,
		    (d->cuda_version % 1000) / 10);
		x->cuda = buf;
		*csrc = "cuDriverGetVersion";
	} else {
		x->cuda = cds_req_driver_cuda(c->m, x->driver, buf);
		*csrc = "at least: the newest CUDA release whose own driver "
		    "is not newer (the index)";
	}
	return 1;
}

/* "12.8" of a requirement that starts "cuda>=12.8", or NULL (new). */
static char *
required_cuda(const char *req)
{
	size_t n;

	if (strncmp(req, "cuda>=", 6) != 0) {
		return NULL;
	}
	n = strcspn(req + 6, " ,");
	return n > 0 ? cds_xstrndup(req + 6, n) : NULL;
}

/* The oldest driver a release of CUDA CUDA (a prefix: "12.8") ships
 * with, or NULL. */
static const char *
driver_for_cuda(const struct cds_manifest *m, const char *cuda)
{
	const char *best = NULL;
	size_t i;

	for (i = 0; m != NULL && cuda != NULL &&
	    i < cds_manifest_nreleases(m); i++) {
		const struct cds_release *r = cds_manifest_release(m, i);

		if (r->kind == CDS_KIND_CUDA && r->bundled_driver != NULL &&
		    cds_ver_has_prefix(r->version, cuda) && (best == NULL ||
		    cds_vercmp(r->bundled_driver, best) < 0)) {
			best = r->bundled_driver;
		}
	}
	return best;
}

/* Did IMAGE-REQUIRE find the image refused on every GPU?  Then nothing
 * else about running it matters. */
static int
refused(const struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->out->n; i++) {
		if (strcmp(c->out->items[i].id, "IMAGE-REQUIRE") == 0 &&
		    c->out->items[i].severity == CDS_SEV_ERROR) {
			return 1;
		}
	}
	return 0;
}

/* IMAGE-REQUIRE: the container toolkit checks NVIDIA_REQUIRE_* (and a
 * legacy image's CUDA_VERSION) against the host before it starts the
 * container, per GPU; refused, the container never runs. */
static void
rule_image_require(struct cds_rule_ctx *c)
{
	struct cds_req_host x;
	struct cds_strv refused = { 0 }, passed = { 0 };
	struct cds_finding *f;
	const char *dsrc, *csrc, *fix_driver;
	char buf[16], **reqs, *bad, *why = NULL, *first = NULL, *need;
	size_t b, i;
	int disabled, invalid = 0, r;

	if (!host_of(c, &x, &dsrc, &csrc, buf) || x.cuda == NULL) {
		/* without the driver's CUDA version every cuda>= would hold,
		 * as the toolkit's rule has it for an unknown one: a verdict
		 * this driver would not get */
		return;
	}
	reqs = cds_req_list(c->h->env.v, &disabled, &bad);
	if (bad != NULL) {
		f = cds_finding_add(c, "IMAGE-REQUIRE", CDS_SEV_ERROR,
		    "the container toolkit cannot read %s: it starts no "
		    "container of this image", bad);
		cds_finding_evidence(f, "rule", "an image with CUDA_VERSION "
		    "and no NVIDIA_REQUIRE_CUDA needs cuda>=MAJOR.MINOR of "
		    "it (nvidia-container-toolkit, cuda_image.go)");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "set CUDA_VERSION "
		    "to the image's CUDA version (ENV CUDA_VERSION=12.4.1), or "
		    "set NVIDIA_REQUIRE_CUDA");
		free(bad);
	}
	for (b = 0; cds_req_brands[b] != NULL && reqs[0] != NULL; b++) {
		x.brand = cds_req_brands[b];
		r = cds_req_eval_all(reqs, &x, &why);
		if (r == 1) {
			cds_strv_push(&passed, x.brand);
		} else {
			invalid |= r == -1;
			cds_strv_push(&refused, x.brand);
			if (first == NULL) {
				first = why;
				why = NULL;
			}
		}
		free(why);
		why = NULL;
	}
	if (refused.n == 0) {
		goto out;
	}
	/* in a running container the check did not stop it: it came
	 * without the GPU, or the check was skipped */
	f = cds_finding_add(c, "IMAGE-REQUIRE", passed.n == 0 ?
	    CDS_SEV_ERROR : CDS_SEV_WARNING, "the container toolkit %s "
	    "on driver %s%s: %s", c->h->host_driver != NULL ? "refuses to "
	    "start this image" : "would refuse this container's image with "
	    "the GPU", x.driver, passed.n == 0 ? "" : " unless the GPU's "
	    "brand lets it", first);
	for (i = 0; reqs[i] != NULL; i++) {
		char *shown = cds_printable(reqs[i], 160);

		cds_finding_evidence(f, "requirement", "%s", shown);
		free(shown);
	}
	cds_finding_evidence(f, "driver", "%s (%s)", x.driver, dsrc);
	if (x.cuda != NULL) {
		cds_finding_evidence(f, "driver supports CUDA", "%s (%s)",
		    x.cuda, csrc);
	}
	cds_finding_evidence(f, "toolkit says", "nvidia-container-cli: "
	    "requirement error: %s", first);
	if (passed.n > 0) {
		char *p = join(&passed, ", "), *q = join(&refused, ", ");

		cds_finding_evidence(f, "starts on", "%s (NVML's brand, as "
		    "nvidia-smi -q shows it as Product Brand)", p);
		cds_finding_evidence(f, "refused on", "%s", q);
		free(p);
		free(q);
	}
	if (invalid) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "write the "
		    "requirement as the toolkit reads it: alternatives "
		    "separated by single spaces, conditions by commas, each "
		    "NAME OP VALUE with cuda, driver, arch or brand");
		goto out;
	}
	need = NULL;
	for (i = 0; reqs[i] != NULL && need == NULL; i++) {
		need = required_cuda(reqs[i]);
	}
	fix_driver = driver_for_cuda(c->m, need);
	if (fix_driver != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "upgrade the host "
		    "driver to %s or newer (the driver of CUDA %s)",
		    fix_driver, need);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "upgrade the host "
		    "driver to one of CUDA %s or newer", need != NULL ? need :
		    "the image's");
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or use an image built "
	    "for CUDA %s or older", x.cuda != NULL ? x.cuda : "the driver's");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or skip the check with "
	    "docker run -e NVIDIA_DISABLE_REQUIRE=true: only where the "
	    "image's forward-compatibility libraries can serve (a data-center "
	    "GPU), else CUDA fails inside instead");
	free(need);
out:
	free(first);
	cds_strv_clear(&refused);
	cds_strv_clear(&passed);
	cds_strfreev(reqs);
}

/* How a compat libcuda comes to be loaded: the image's own search path
 * (its entry, in LP), or the toolkit's enable-cuda-compat hook.  A
 * sentence into *HOW (new), or 0 when neither loads it. */
static int
compat_used(struct cds_rule_ctx *c, const struct cds_libpath *lp,
    const struct cds_compat_lib *all, size_t nall,
    const struct cds_compat_lib *l, const char *driver, const char *cuda,
    char **how, int *path_idx)
{
	char *dir = cds_dirname(l->path);
	int dmajor = atoi(driver), cmajor = atoi(l->version), used = 0;
	size_t i, here = 0;

	*how = NULL;
	*path_idx = -1;
	for (i = 0; i < lp->n; i++) {
		if (cds_same_dir(c->h, lp->dirs[i].dir, dir)) {
			*path_idx = (int)i;
			*how = cds_xasprintf("the image's own search path (%s)",
			    lp->dirs[i].via != NULL ? lp->dirs[i].via :
			    lp->dirs[i].dir);
			free(dir);
			return 1;
		}
	}
	/*
	 * The hook looks at /usr/local/cuda/compat only, and only when it
	 * holds one libcuda.so.*.* (nvidia-container-toolkit cmd/nvidia-
	 * cdi-hook/cudacompat/cudacompat.go, commit 90988f7ae0df5a63bdea14
	 * 47a015f5d97164d976), and an /etc/ld.so.cache beside it: the
	 * compat major above the host's; with the
	 * ELF note (cuda-elf-header.go, commit 7f2d76b2b6654a43f5c75b0f377e
	 * cec6466b326b, UseCompat): the host's branch in its "driver" list,
	 * else its CUDA version above the host's.
	 */
	for (i = 0; i < nall; i++) {
		char *d = cds_dirname(all[i].path);

		here += cds_same_dir(c->h, d, "/usr/local/cuda/compat");
		free(d);
	}
	/* ... and only in a container with an ld.so.cache to update */
	if (here == 1 && cds_same_dir(c->h, dir, "/usr/local/cuda/compat") &&
	    cds_root_exists(c->h, "/etc/ld.so.cache")) {
		if (l->has_note && l->nbranches > 0) {
			for (i = 0; i < l->nbranches; i++) {
				used |= l->branches[i] == dmajor;
			}
			if (used) {
				*how = cds_xasprintf("the container toolkit's "
				    "enable-cuda-compat hook: the library's "
				    "ELF note lists driver branch %d", dmajor);
			}
		} else if (l->has_note && l->cuda != NULL && cuda != NULL) {
			if (cds_vercmp(l->cuda, cuda) > 0) {
				used = 1;
				*how = cds_xasprintf("the container toolkit's "
				    "enable-cuda-compat hook: its CUDA %s is "
				    "above the driver's %s", l->cuda, cuda);
			}
		} else if (cmajor > dmajor) {
			used = 1;
			*how = cds_xasprintf("the container toolkit's "
			    "enable-cuda-compat hook (1.17.5 and later): "
			    "branch %d above the host's %d", cmajor, dmajor);
		}
	}
	free(dir);
	return used;
}

/* IMAGE-COMPAT: the image's forward-compatibility libcuda on the host
 * driver.  Older than the driver: error 803.  Newer: forward compatibility,
 * which only data-center GPUs have (error 804 elsewhere), and only over
 * the driver branches its note lists. */
static void
rule_image_compat(struct cds_rule_ctx *c)
{
	struct cds_req_host x;
	struct cds_compat_lib *libs;
	struct cds_libpath *lp;
	struct cds_pkgdb *db;
	struct cds_finding *f;
	const char *dsrc, *csrc;
	char buf[16], *how;
	size_t n, i, k;
	int cmp, idx, listed;

	if (c->h->host_driver == NULL || !host_of(c, &x, &dsrc, &csrc, buf) ||
	    refused(c)) {
		return;	/* a running system: F17 judges what it loads */
	}
	libs = cds_compat_find(c->h, &n);
	if (n == 0) {
		cds_compat_free(libs, n);
		return;
	}
	lp = cds_libpath_for(c, NULL, NULL);
	db = cds_pkgdb_load(c->h);
	for (i = 0; i < n; i++) {
		const struct cds_compat_lib *l = &libs[i];
		const struct cds_dpkg *o;

		if (!compat_used(c, lp, libs, n, l, x.driver, x.cuda, &how,
		    &idx) || (cmp = cds_vercmp(l->version, x.driver)) == 0) {
			free(how);
			continue;
		}
		listed = !l->has_note || l->nbranches == 0;
		for (k = 0; k < l->nbranches; k++) {
			listed |= l->branches[k] == atoi(x.driver);
		}
		if (cmp < 0) {
			f = cds_finding_add(c, "IMAGE-COMPAT", CDS_SEV_ERROR,
			    "the image's forward-compatibility libcuda %s is "
			    "older than driver %s: CUDA fails with error 803 "
			    "(system has unsupported display driver / cuda "
			    "driver combination)", l->version, x.driver);
		} else if (!listed) {
			f = cds_finding_add(c, "IMAGE-COMPAT", CDS_SEV_ERROR,
			    "the image's forward-compatibility libcuda %s does "
			    "not support driver branch %d: CUDA fails with "
			    "error 803", l->version, atoi(x.driver));
		} else {
			f = cds_finding_add(c, "IMAGE-COMPAT",
			    CDS_SEV_WARNING, "the image's forward-"
			    "compatibility libcuda %s runs over driver %s only "
			    "on a data-center GPU: elsewhere CUDA fails with "
			    "error 804 (forward compatibility was attempted on "
			    "non supported HW)", l->version, x.driver);
		}
		o = cds_pkgdb_owner(db, l->path);
		cds_finding_evidence(f, "compat libcuda", "%s%s%s%s", l->path,
		    o != NULL ? " (package " : "", o != NULL ? o->name : "",
		    o != NULL ? ")" : "");
		if (l->has_note) {
			char list[160] = "";
			size_t used = 0;

			for (k = 0; k < l->nbranches && used < sizeof(list) -
			    8; k++) {
				used += (size_t)snprintf(list + used,
				    sizeof(list) - used, "%s%d", k > 0 ? " " :
				    "", l->branches[k]);
			}
			cds_finding_evidence(f, "its ELF note", "CUDA %s, "
			    "driver branches %s (.note.cuda.fwd_compatibility)",
			    l->cuda != NULL ? l->cuda : "?", list[0] != '\0' ?
			    list : "not listed");
		}
		cds_finding_evidence(f, "loaded by", "%s", how);
		if (idx >= 0) {
			cds_evidence_via(f, &lp->dirs[idx]);
		}
		cds_finding_evidence(f, "driver", "%s (%s)", x.driver, dsrc);
		if (cmp < 0 || !listed) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "keep %s "
			    "off the image's search path: the driver needs no "
			    "forward compatibility%s", l->path, idx >= 0 ? "" :
			    " (the toolkit's cuda-compat-mode=disabled turns "
			    "the hook off)");
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on a "
			    "GeForce, RTX or Quadro GPU: upgrade the host "
			    "driver to %s or newer, so that no forward "
			    "compatibility is needed", l->version);
		}
		free(how);
	}
	cds_pkgdb_free(db);
	cds_libpath_free(lp);
	cds_compat_free(libs, n);
}

/* The CUDA version an image is built for: CUDA_VERSION, else its default
 * toolkit's.  Not a new string. */
static const char *
image_cuda(const struct cds_rule_ctx *c, const char **src)
{
	const char *v = cds_getenv(c->h, "CUDA_VERSION");
	size_t i;

	if (v != NULL && cds_cuda_int(v) > 0) {
		*src = "CUDA_VERSION";
		return v;
	}
	for (i = 0; i < c->s->ntoolkits; i++) {
		const struct cds_toolkit *t = &c->s->toolkits[i];

		if (t->exists && t->is_default && t->version != NULL) {
			*src = t->path;
			return t->version;
		}
	}
	return NULL;
}

/* One IMAGE-DRIVER-OLD: WHAT (built for CUDA CUDA, as WHERE says) needs
 * a newer driver than X's.  PyTorch says so in words of its own. */
static void
driver_old(struct cds_rule_ctx *c, const struct cds_req_host *x,
    const char *dsrc, const char *what, const char *where, const char *cuda,
    int torch)
{
	struct cds_finding *f;
	const char *floor;

	if ((floor = cds_manifest_driver_floor(c->m, cuda)) == NULL ||
	    cds_vercmp(x->driver, floor) >= 0) {
		return;
	}
	/* PyTorch's words name the driver's CUDA as an integer (12040) */
	if (torch && x->cuda != NULL) {
		f = cds_finding_add(c, "IMAGE-DRIVER-OLD", CDS_SEV_ERROR, "%s "
		    "needs driver %s or newer; driver %s is older: PyTorch "
		    "says 'The NVIDIA driver on your system is too old (found "
		    "version %d)'", what, floor, x->driver,
		    cds_cuda_int(x->cuda));
	} else {
		f = cds_finding_add(c, "IMAGE-DRIVER-OLD", CDS_SEV_ERROR, "%s "
		    "needs driver %s or newer; driver %s is older: programs "
		    "fail with 'CUDA driver version is insufficient for CUDA "
		    "runtime version' (error 35)", what, floor, x->driver);
	}
	cds_finding_evidence(f, "needs CUDA", "%s (%s)", cuda, where);
	cds_finding_evidence(f, "driver", "%s (%s)", x->driver, dsrc);
	if (x->cuda != NULL) {
		cds_finding_evidence(f, "driver supports CUDA", "%s", x->cuda);
	}
	cds_finding_evidence(f, "minimum driver", "%s (CUDA %d.x)", floor,
	    cds_cuda_int(cuda) / 1000);
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "upgrade the host driver "
	    "to %s or newer, or use an image built for the driver's CUDA %s",
	    floor, x->cuda != NULL ? x->cuda : "major");
}

struct host_driver {
	const struct cds_req_host *x;
	const char *dsrc;
};

static void
framework_old(struct cds_rule_ctx *c, const struct cds_package *p,
    const char *what, const char *where, void *ctx)
{
	const struct host_driver *hd = ctx;

	driver_old(c, hd->x, hd->dsrc, what, where, p->cuda,
	    p->kind == CDS_FW_TORCH);
}

/* IMAGE-DRIVER-OLD: the image's CUDA, or a framework in it, needs a newer
 * driver than the host has, and nothing else decides first (no refusal,
 * no compat library). */
static void
rule_image_driver_old(struct cds_rule_ctx *c)
{
	struct cds_req_host x;
	struct host_driver hd;
	const char *dsrc, *csrc, *cuda, *src;
	char buf[16];

	if (c->h->host_driver == NULL || !host_of(c, &x, &dsrc, &csrc, buf) ||
	    c->m == NULL || refused(c) ||
	    cds_finding_exists(c, "IMAGE-COMPAT", NULL)) {
		return;
	}
	if ((cuda = image_cuda(c, &src)) != NULL) {
		char *what = cds_xasprintf("CUDA %s in this image", cuda);

		driver_old(c, &x, dsrc, what, src, cuda, 0);
		free(what);
	}
	hd.x = &x;
	hd.dsrc = dsrc;
	cds_each_cuda_build(c, framework_old, &hd);
}

/* The driver libraries matching target glob PATTERN: regular files
 * (LINKS 0) or links to files not seen yet (1), each real file once into
 * SEEN, its name (and "-> real" for a link) into FILES. */
static void
collect(const cds_handle_t *h, const char *pattern, int links,
    struct cds_strv *seen, struct cds_strv *files)
{
	char **m = cds_root_glob(h, pattern);
	size_t i;

	for (i = 0; m[i] != NULL; i++) {
		char *real;

		if (cds_root_is_link(h, m[i]) != links ||
		    strstr(m[i], "libnvidia-container") != NULL) {
			continue;
		}
		real = cds_realpath_in_root(h, m[i]);
		if (real != NULL && !cds_strv_contains(seen, real) &&
		    strstr(real, "/compat/") == NULL &&
		    strstr(real, "/stubs/") == NULL &&
		    cds_root_is_file(h, real)) {
			cds_strv_push(seen, real);
			cds_strv_push_owned(files, strcmp(real, m[i]) == 0 ?
			    cds_xstrdup(m[i]) : cds_xasprintf("%s -> %s", m[i],
			    real));
		}
		free(real);
	}
	cds_strfreev(m);
}

/* IMAGE-DRIVER-LIBS: the driver's own libraries in an image.  The
 * toolkit mounts the host's over the same names ("file exists", CTK#371)
 * or beside them, where the image's copy can be the one loaded. */
static void
rule_image_driver_libs(struct cds_rule_ctx *c)
{
	static const char *const dirs[] = {
		"/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
		"/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/lib64",
		"/usr/lib", NULL
	};
	static const char *const pats[] = { "libcuda.so*", "libnvidia-*.so*",
		NULL };
	struct cds_strv files = { 0 }, pkgs = { 0 }, seen = { 0 };
	struct cds_pkgdb *db;
	struct cds_finding *f;
	size_t d, p, i;
	int links;

	if (c->h->host_driver == NULL) {
		return;	/* in a running container the runtime put them */
	}
	/* the files themselves first, then the links to files elsewhere
	 * (Debian's nvidia/current, through alternatives) */
	for (links = 0; links < 2; links++) {
		for (d = 0; dirs[d] != NULL; d++) {
			for (p = 0; pats[p] != NULL; p++) {
				char *g = cds_path_join(dirs[d], pats[p]);

				collect(c->h, g, links, &seen, &files);
				free(g);
			}
		}
	}
	if (files.n == 0) {
		cds_strv_clear(&seen);
		return;
	}
	f = cds_finding_add(c, "IMAGE-DRIVER-LIBS", CDS_SEV_ERROR, "the image "
	    "carries the NVIDIA driver's own libraries (%zu): the container "
	    "toolkit's mounts fail with 'file exists', or the image's copy "
	    "is loaded instead of the host driver's", files.n);
	db = cds_pkgdb_load(c->h);
	for (i = 0; i < files.n; i++) {
		char *name = cds_xstrndup(files.v[i], strcspn(files.v[i], " "));
		const struct cds_dpkg *o = cds_pkgdb_owner(db, name);
		/* the toolkit mounts the host's file at this very name */
		char *ver = cds_soname_version(cds_basename(name));
		int same = ver != NULL && strcmp(ver, c->h->host_driver) == 0;

		if (i < 8) {
			cds_finding_evidence(f, "driver library", "%s%s%s%s%s",
			    files.v[i], o != NULL ? " (package " : "",
			    o != NULL ? o->name : "", o != NULL ? ")" : "",
			    same ? ": the host's own file name, where the "
			    "toolkit's mount fails with 'file exists'" : "");
		}
		free(ver);
		free(name);
		if (o != NULL && !cds_strv_contains(&pkgs, o->name)) {
			cds_strv_push(&pkgs, o->name);
		}
	}
	cds_finding_evidence(f, "driver", "%s (--driver): the runtime mounts "
	    "its libcuda.so.%s, libnvidia-ml.so.%s, ... from the host",
	    c->h->host_driver, c->h->host_driver, c->h->host_driver);
	if (pkgs.n > 0) {
		char *list = join(&pkgs, " ");

		const char *tool = cds_pkgdb_tool(db);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "in the "
		    "Dockerfile: RUN %s %s (or install what pulled them in "
		    "without it)", tool != NULL && strcmp(tool, "pacman") ==
		    0 ? "pacman -R --noconfirm" : "apt-get purge -y", list);
		free(list);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "in the "
		    "Dockerfile: delete them (RUN rm -f %s...)", files.v[0]);
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "the container runtime "
	    "brings the host driver's libraries; an image needs none");
	cds_pkgdb_free(db);
	cds_strv_clear(&files);
	cds_strv_clear(&pkgs);
	cds_strv_clear(&seen);
}

/* Does a line of an /etc/ld.so.conf.d file of the target name DIR?  The
 * file's path into *WHERE (new). */
static int
conf_names(const cds_handle_t *h, const char *dir, char **where)
{
	char **files = cds_root_glob(h, "/etc/ld.so.conf.d/*.conf");
	size_t i;
	int found = 0;

	*where = NULL;
	for (i = 0; files[i] != NULL && !found; i++) {
		char *text = cds_root_read_file(h, files[i], 1u << 16, NULL);
		char *line, *save = NULL;

		for (line = text != NULL ? strtok_r(text, "\n", &save) : NULL;
		    line != NULL; line = strtok_r(NULL, "\n", &save)) {
			if (strcmp(cds_strtrim(line), dir) == 0) {
				found = 1;
				*where = cds_xstrdup(files[i]);
				break;
			}
		}
		free(text);
	}
	cds_strfreev(files);
	return found;
}

/* IMAGE-LD-PATH: an image of NVIDIA's CUDA bases expects the driver of a
 * host-directory runtime (GKE's device plugin mounts it at
 * /usr/local/nvidia) on LD_LIBRARY_PATH: the image's ld.so.cache was made
 * before the mount, so ld.so.conf.d's entry alone does not find it.  An
 * LD_LIBRARY_PATH set over the base's drops it. */
static void
rule_image_ld_path(struct cds_rule_ctx *c)
{
	static const char nvdir[] = "/usr/local/nvidia/lib64";
	const char *v = cds_getenv(c->h, "LD_LIBRARY_PATH");
	struct cds_finding *f;
	char *conf, *copy, *e, *save = NULL;
	int named = 0;

	if (!c->h->image_env && (*c->h->root != '\0' ||
	    !in_container(c))) {
		return;	/* the environment is not the image's */
	}
	if (!conf_names(c->h, nvdir, &conf)) {
		return;	/* not an image that expects the host directory */
	}
	copy = cds_xstrdup(v != NULL ? v : "");
	for (e = strtok_r(copy, ":", &save); e != NULL;
	    e = strtok_r(NULL, ":", &save)) {
		named |= cds_same_dir(c->h, e, nvdir);
	}
	free(copy);
	if (named) {
		free(conf);
		return;
	}
	f = cds_finding_add(c, "IMAGE-LD-PATH", CDS_SEV_WARNING,
	    "LD_LIBRARY_PATH does not name %s: on hosts that mount the driver "
	    "there (GKE), libcuda.so.1 is not found", nvdir);
	cds_finding_evidence(f, "LD_LIBRARY_PATH", "%s", v != NULL ? v :
	    "(unset)");
	cds_finding_evidence(f, "ld.so.conf.d", "%s names %s, but the "
	    "image's ld.so.cache was made before the driver is mounted", conf,
	    nvdir);
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "keep the base image's "
	    "entries: ENV LD_LIBRARY_PATH=%s%s/usr/local/nvidia/lib:%s",
	    v != NULL ? v : "", v != NULL && *v != '\0' ? ":" : "", nvdir);
	free(conf);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_image[] = {
	{ "IMAGE-REQUIRE", N_("the container toolkit refuses to start the "
	    "image on this driver"), NULL, rule_image_require },
	{ "IMAGE-COMPAT", N_("the image's forward-compatibility libcuda "
	    "fails on this driver or GPU"), NULL, rule_image_compat },
	{ "IMAGE-DRIVER-OLD", N_("the image's CUDA needs a newer driver"),
	    NULL, rule_image_driver_old },
	{ "IMAGE-DRIVER-LIBS", N_("the image carries the driver's own "
	    "libraries"), NULL, rule_image_driver_libs },
	{ "IMAGE-LD-PATH", N_("the image's LD_LIBRARY_PATH drops the "
	    "driver's directory"), NULL, rule_image_ld_path },
	{ NULL, NULL, NULL, NULL }
};
