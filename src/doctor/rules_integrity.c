/*
 * rules_integrity.c - doctor's rule on a library's own bytes: a file
 * shorter than its ELF headers say (LIB-TRUNCATED), cut short by a full
 * disk or a killed copy.  ld.so maps it anyway; the first touch of a page
 * past the end is a SIGBUS, in whichever program loads it.  Read: each
 * cuDNN copy's files, each toolkit's shared libraries, the driver's
 * libcuda and NVML, and NVIDIA's libraries (by their names) in every
 * directory the loader searches (LD_LIBRARY_PATH, ld.so.conf, the
 * defaults): a cut cuBLAS first on LD_LIBRARY_PATH breaks every program
 * that is not given its own.  Each file once, however many paths lead to
 * it.  Where the C library is glibc 2.41 or newer, the same files are read
 * for an executable stack's request (PT_GNU_STACK with PF_X), which its
 * dlopen no longer grants (LIB-EXECSTACK; glibc 2.41's NEWS).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/strmap.h"
#include "read/elfread.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/aptfix.h"
#include "read/pkgdb.h"
#include "read/rpmdb.h"
#include "scan/probe.h"
#include "scan/scan.h"
#include "doctor/pkgfix.h"

/* The pip wheel of env E that holds cuDNN (nvidia-cudnn-cu12), or NULL. */
static const struct cds_package *
cudnn_wheel(const struct cds_rule_ctx *c, const char *env)
{
	size_t i, k;

	for (i = 0; env != NULL && i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];

		if (!cds_streq(e->name, env) && !cds_streq(e->prefix, env)) {
			continue;
		}
		for (k = 0; k < e->npackages; k++) {
			if (cds_startswith(e->packages[k].name,
			    "nvidia-cudnn")) {
				return &e->packages[k];
			}
		}
	}
	return NULL;
}

/* On an rpm system: the package rpm says owns PATH (rpm -qf), as
 * evidence "owner" on F, and its reinstall.  Returns 1 when there is
 * one. */
static int
rpm_owner_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *path)
{
	struct cds_rpmdb *db = cds_rpmdb_open(c->h);
	char **v, *name;

	if (db == NULL) {
		return 0;
	}
	v = cds_rpmdb_query(db, "-f", path);
	cds_rpmdb_free(db);
	if (v[0] == NULL) {
		cds_strfreev(v);
		return 0;
	}
	name = cds_xstrndup(v[0], strcspn(v[0], " "));
	cds_finding_evidence(f, "owner", "rpm package %s", v[0]);
	cds_finding_fix_argv(f, cds_rpm_reinstall_argv(c, name), NULL);
	free(name);
	cds_strfreev(v);
	return 1;
}

/* Evidence "owner" and the fix: reinstall what put PATH there. */
static void
owner_fix(struct cds_rule_ctx *c, struct cds_finding *f, const char *path,
    const struct cds_cudnn *d)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	const struct cds_dpkg *p = db != NULL ? cds_pkgdb_owner(db, path) :
	    NULL;
	const struct cds_package *w;
	char *dir = cds_dirname(path);

	if (p != NULL) {
		char *label = cds_dpkg_label(p);

		cds_finding_evidence(f, "owner", "%s package %s", p->mgr,
		    label);
		cds_finding_fix_argv(f, cds_dpkg_fix_argv(p), NULL);
		free(label);
	} else if (cds_pkgdb_empty(db) && rpm_owner_fix(c, f, path)) {
		/* rpm's package */
	} else if (d != NULL && d->origin == CDS_ORIGIN_PIP &&
	    (w = cudnn_wheel(c, d->env)) != NULL) {
		const struct cds_env *e = cds_env_of_package(c->s, w);
		char *spec = cds_xasprintf("%s==%s", w->name, w->version);
		const char *const specs[] = { spec, NULL };

		cds_finding_evidence(f, "owner", "pip wheel %s %s", w->name,
		    w->version);
		cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_REINSTALL, specs, 0,
		    NULL);
		free(spec);
	} else if (d != NULL && d->origin == CDS_ORIGIN_CONDA &&
	    d->env != NULL) {
		char *spec = cds_xasprintf("cudnn%s%s",
		    d->package_version != NULL ? "=" : "",
		    d->package_version != NULL ? d->package_version : "");
		const char *const specs[] = { spec, NULL };

		cds_finding_evidence(f, "owner", "conda package cudnn%s%s of "
		    "env %s", d->package_version != NULL ? " " : "",
		    d->package_version != NULL ? d->package_version : "",
		    d->env);
		cds_pkg_fix_specs(c, f, cds_scan_env(c->s, d->env), 1,
		    CDS_PKG_REINSTALL, specs, 0, NULL);
		free(spec);
	} else {
		cds_finding_evidence(f, "owner", "not known: no package "
		    "manager lists it");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "copy %s again "
		    "from the package, wheel or archive that put it in %s",
		    path, dir);
	}
	free(dir);
}

/* What the walk over the libraries carries: the files read so far, and
 * the C library's version where it is 2.41 or newer (else NULL). */
struct walk {
	struct cds_strmap *seen;
	char *glibc;
};

/* LIB-EXECSTACK for library PATH, which asks for an executable stack. */
static void
execstack(struct cds_rule_ctx *c, const char *path, const struct walk *w,
    const struct cds_ldir *via)
{
	struct cds_finding *f;

	f = cds_finding_add(c, "LIB-EXECSTACK", CDS_SEV_ERROR, "%s asks for "
	    "an executable stack, which glibc %s here no longer gives a "
	    "library it opens: dlopen fails (\"cannot enable executable "
	    "stack as shared object requires\")", path, w->glibc);
	cds_finding_evidence(f, "file", "%s", path);
	cds_finding_evidence(f, "PT_GNU_STACK", "RWE (an executable stack)");
	cds_finding_evidence(f, "C library", "glibc %s", w->glibc);
	if (via != NULL) {
		cds_finding_evidence(f, "searched by the loader", "%s (%s)",
		    via->dir, via->via);
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "a release of the "
	    "library built without the request, or clear it on the file: "
	    "patchelf --clear-execstack %s (patchelf 0.18 or newer)", path);
}

/* Check library PATH (in the root) against its headers; a finding when it
 * is cut short, or asks for an executable stack glibc here refuses.  D:
 * the cuDNN copy it belongs to, or NULL; VIA: how the loader comes to its
 * directory, or NULL; W: the walk. */
static void
check_lib(struct cds_rule_ctx *c, const char *path, const struct cds_cudnn *d,
    const struct cds_ldir *via, const struct walk *w)
{
	char *host = cds_rpath_follow(c->h, path);
	struct cds_finding *f;
	struct stat st;
	uint64_t need = 0;
	int fd, r, xs = -1;

	if (host == NULL || !cds_strmap_add(w->seen, host, NULL) ||
	    (fd = cds_open_regular(host, &st)) == -1) {
		free(host);
		cds_clearerr(c->h);
		return;
	}
	r = cds_elf_extent(fd, (uint64_t)st.st_size, &need);
	if (r == 0 && w->glibc != NULL) {
		xs = cds_elf_fd_execstack(fd, (uint64_t)st.st_size);
	}
	close(fd);
	free(host);
	if (xs == 1 && !cds_finding_exists(c, "LIB-EXECSTACK", path)) {
		execstack(c, path, w, via);
	}
	if (r != 1) {
		return;
	}
	if (cds_finding_exists(c, "LIB-TRUNCATED", path)) {
		return;
	}
	f = cds_finding_add(c, "LIB-TRUNCATED", CDS_SEV_ERROR, "%s is cut "
	    "short: %lld bytes of the %llu its ELF headers need", path,
	    (long long)st.st_size, (unsigned long long)need);
	cds_finding_evidence(f, "file", "%s", path);
	cds_finding_evidence(f, "size", "%lld bytes", (long long)st.st_size);
	cds_finding_evidence(f, "headers need", "%llu bytes (the end of its "
	    "program headers' segments or of its section header table)",
	    (unsigned long long)need);
	if (via != NULL) {
		cds_finding_evidence(f, "searched by the loader", "%s (%s)",
		    via->dir, via->via);
	}
	cds_finding_evidence(f, "effect", "the loader maps it anyway; a "
	    "program dies of SIGBUS when it touches a page past the end");
	owner_fix(c, f, path, d);
}

/* Every NVIDIA shared library file of directory DIR (a target path; a
 * distribution's directory is the system's: only NVIDIA's names are read
 * there; links are skipped, their files are read by name). */
static void
check_dir(struct cds_rule_ctx *c, const char *dir, const struct cds_ldir *via,
    const struct walk *w)
{
	char *host = cds_rpath(c->h, dir), **names;
	size_t k;

	names = cds_listdir(host);
	for (k = 0; names != NULL && names[k] != NULL; k++) {
		char *p, *hp;
		struct stat st;

		if (strstr(names[k], ".so") == NULL ||
		    !(cds_startswith(names[k], "libcu") ||
		    cds_startswith(names[k], "libnpp") ||
		    cds_startswith(names[k], "libnv"))) {
			continue;
		}
		p = cds_path_join(dir, names[k]);
		hp = cds_path_join(host, names[k]);
		if (lstat(hp, &st) == 0 && S_ISREG(st.st_mode)) {
			check_lib(c, p, NULL, via, w);
		}
		free(p);
		free(hp);
	}
	cds_strfreev(names);
	cds_clearerr(c->h);
	free(host);
}

static void
rule_lib_truncated(struct cds_rule_ctx *c)
{
	const struct cds_driver *dr = &c->s->driver;
	struct walk w;
	struct cds_ldir *ld;
	size_t i, k, n = 0;

	w.seen = cds_strmap_new(1);
	w.glibc = cds_glibc_here(c->h);
	if (w.glibc != NULL && cds_vercmp(w.glibc, "2.41") < 0) {
		free(w.glibc);
		w.glibc = NULL;
	}

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		for (k = 0; k < d->nfiles; k++) {
			char *p;

			if (d->files[k].is_link) {
				continue;
			}
			p = cds_path_join(d->dir, d->files[k].name);
			check_lib(c, p, d, NULL, &w);
			free(p);
		}
	}
	for (i = 0; i < c->s->ntoolkits; i++) {
		const struct cds_toolkit *t = &c->s->toolkits[i];

		if (t->exists && t->libdir != NULL) {
			check_dir(c, t->libdir, NULL, &w);
		}
		if (t->mathdir != NULL) {
			check_dir(c, t->mathdir, NULL, &w);
		}
	}
	if (dr->libcuda_realpath != NULL || dr->libcuda_path != NULL) {
		check_lib(c, dr->libcuda_realpath != NULL ?
		    dr->libcuda_realpath : dr->libcuda_path, NULL, NULL, &w);
	}
	if (dr->nvml_realpath != NULL) {
		check_lib(c, dr->nvml_realpath, NULL, NULL, &w);
	}
	ld = cds_loader_dirs(c->h, cds_getenv(c->h, "LD_LIBRARY_PATH"), 0, &n);
	for (i = 0; i < n; i++) {
		check_dir(c, ld[i].dir, &ld[i], &w);
	}
	cds_ldirs_free(ld, n);
	cds_strmap_free(w.seen, NULL);
	free(w.glibc);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_integrity[] = {
	{ "LIB-TRUNCATED", N_("a library is shorter than its ELF headers "
	    "say: cut short"), NULL, rule_lib_truncated },
	{ "LIB-EXECSTACK", N_("a library asks for an executable stack the C "
	    "library refuses"), NULL, NULL },
	{ NULL, NULL, NULL, NULL }
};
