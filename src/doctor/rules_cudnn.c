/*
 * rules_cudnn.c - doctor's rules about cuDNN copies.
 */
#include "config.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/crypto.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "doctor/aptfix.h"
#include "read/pkgdb.h"
#include "read/rpmdb.h"
#include "scan/loader.h"
#include "scan/scan.h"

/* Does copy C hold a file (or link) named NAME? */
static int
has_file(const struct cds_cudnn *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nfiles; i++) {
		if (strcmp(c->files[i].name, name) == 0) {
			return 1;
		}
	}
	return 0;
}

/* pip wheels ship only libX.so.N: programs that dlopen "libcudnn.so" or
 * link with -lcudnn find nothing.  Repair adds libX.so -> libX.so.N.  A
 * note, not a warning: the frameworks that bring the wheel load the
 * versioned names (by RPATH or preloading), so nothing is broken until
 * something is built against it; a consumer whose DT_NEEDED does not
 * resolve is F13's error. */
static void
rule_dev_links(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		const char *const *subs = cds_cudnn_sublibs(d->major);
		struct cds_finding *f = NULL;
		char *list = NULL;

		if (d->origin != CDS_ORIGIN_PIP || subs == NULL) {
			continue;
		}
		for (k = 0; subs[k] != NULL; k++) {
			char *dev = cds_xasprintf("%s.so", subs[k]);
			char *so = cds_xasprintf("%s.so.%d", subs[k], d->major);
			char *path, *q, *more;

			if (has_file(d, dev) || !has_file(d, so)) {
				free(dev);
				free(so);
				continue;
			}
			if (f == NULL) {
				f = cds_finding_add(c, "DEV-LINKS",
				    CDS_SEV_NOTE, "pip cuDNN %s in %s has "
				    "no libcudnn*.so links",
				    d->version != NULL ? d->version : "",
				    d->dir);
				cds_finding_evidence(f, "matters for",
				    "linking with -lcudnn, or a program that "
				    "opens libcudnn.so by that name; the "
				    "frameworks load libcudnn.so.%d", d->major);
				if (d->env != NULL) {
					cds_finding_evidence(f, "env", "%s",
					    d->env);
				}
			}
			/* the links on one line; each is a fix of its own
			 * (--json, repair) */
			more = list == NULL ? cds_xstrdup(dev) :
			    cds_xasprintf("%s, %s", list, dev);
			free(list);
			list = more;
			path = cds_path_join(d->dir, dev);
			q = cds_shquote(path);
			cds_finding_fix(f, CDS_FIX_SYMLINK, path, so,
			    "ln -s %s %s", so, q);
			free(q);
			free(path);
			free(dev);
			free(so);
		}
		if (f != NULL) {
			cds_finding_evidence(f, "missing links",
			    "%s (each a link to its .so.%d)", list, d->major);
		}
		free(list);
	}
}

/* The library stem of "libcudnn_cnn_train.so.8=8.4.1": "libcudnn_cnn_train"
 * and the version "8.4.1". */
static char *
mixed_entry(const char *entry, const char **version)
{
	const char *eq = strchr(entry, '=');
	const char *so = strstr(entry, ".so");

	*version = eq != NULL ? eq + 1 : "";
	return cds_xstrndup(entry, so != NULL ? (size_t)(so - entry) :
	    strlen(entry));
}

/* What ld.so says when the set's sub-libraries are loaded from DIR by
 * path (the first failure), as evidence.  DIR goes first on
 * LD_LIBRARY_PATH meanwhile: whoever uses the set has it on the path. */
static void
loader_says(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_cudnn *d)
{
	char *saved = cds_strdup0(cds_getenv(c->h, "LD_LIBRARY_PATH"));
	char *llp = saved != NULL ? cds_xasprintf("%s:%s", d->dir, saved) :
	    cds_xstrdup(d->dir);
	size_t i, k;
	int done = 0;

	cds_setenv(c->h, "LD_LIBRARY_PATH", llp);
	free(llp);

	for (i = 0; i < d->nfiles && !done; i++) {
		struct cds_ld_resolution *r;
		char *path, *v = cds_soname_version(d->files[i].name);
		int soname = v != NULL && strchr(v, '.') == NULL;

		free(v);
		if (!soname) {
			continue;	/* only libX.so.N, as programs ask */
		}
		path = cds_path_join(d->dir, d->files[i].name);
		r = cds_loader_resolve(c->h, path, 0);
		cds_clearerr(c->h);
		free(path);
		for (k = 0; r != NULL && k < r->nproblems && !done; k++) {
			if (r->problems[k].kind == CDS_LD_NO_SYMBOL ||
			    r->problems[k].kind == CDS_LD_NO_VERSION) {
				cds_finding_evidence(f, "loader says", "%s",
				    r->problems[k].message);
				done = 1;
			}
		}
		cds_ld_resolution_free(r);
	}
	cds_setenv(c->h, "LD_LIBRARY_PATH", saved);
	free(saved);
}

static char *pip_cudnn_name(const cds_handle_t *h, const char *dir);

/*
 * The fix that puts cuDNN copy D back as its package manager installed
 * it, with the env's own tool: the pip wheel that owns it (its version
 * from its dist-info; else the library's release, any build of it), or
 * the conda env's cudnn package.  0 when D is no package's.
 */
static int
pkg_reinstall_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_cudnn *d)
{
	const struct cds_env *e = d->env != NULL ?
	    cds_scan_env(c->s, d->env) : NULL;
	char *spec;

	if (d->origin == CDS_ORIGIN_PIP) {
		char *wheel = pip_cudnn_name(c->h, d->dir);

		if (wheel == NULL) {
			/* no dist-info: nothing says which wheel */
			return 0;
		}
		spec = d->package_version != NULL ? cds_xasprintf("%s==%s",
		    wheel, d->package_version) : d->version != NULL ?
		    cds_xasprintf("%s==%s.*", wheel, d->version) :
		    cds_xstrdup(wheel);
		free(wheel);
	} else if (d->origin == CDS_ORIGIN_CONDA && e != NULL) {
		spec = d->package_version != NULL ? cds_xasprintf("cudnn=%s",
		    d->package_version) : cds_xstrdup("cudnn");
	} else {
		return 0;
	}
	{
		const char *const specs[] = { spec, NULL };

		cds_pkg_fix_specs(c, f, e, d->origin == CDS_ORIGIN_CONDA,
		    CDS_PKG_REINSTALL, specs, 0, NULL);
	}
	free(spec);
	return 1;
}

/* F8's fix on an rpm system: the installed package that provides every
 * missing sub-library's capability ("libcudnn_graph.so.9()(64bit)") and
 * lists it in D's directory (rpm -ql), installed again.  Returns 1 when
 * there is one. */
static int
rpm_reinstall_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_cudnn *d)
{
	struct cds_rpmdb *db = cds_rpmdb_open(c->h);
	char *pkg = NULL, *label = NULL;
	size_t k, i;
	int all = 1;

	if (db == NULL) {
		return 0;
	}
	for (k = 0; d->missing[k] != NULL && all; k++) {
		char *cap = cds_xasprintf("%s()(64bit)", d->missing[k]);
		char *path = cds_path_join(d->dir, d->missing[k]);
		char **who = cds_rpmdb_query(db, "--whatprovides", cap), **fl;
		int listed = 0;

		if (who[0] != NULL && (pkg == NULL || (strcspn(who[0], " ") ==
		    strlen(pkg) && strncmp(who[0], pkg, strlen(pkg)) == 0))) {
			if (pkg == NULL) {
				pkg = cds_xstrndup(who[0], strcspn(who[0],
				    " "));
				label = cds_xstrdup(who[0]);
			}
			fl = cds_rpmdb_files(db, pkg);
			for (i = 0; fl[i] != NULL && !listed; i++) {
				listed = strcmp(fl[i], path) == 0;
			}
			cds_strfreev(fl);
		}
		all = listed;
		cds_strfreev(who);
		free(path);
		free(cap);
	}
	if (all && pkg != NULL) {
		cds_finding_evidence(f, "package", "%s lists %s/%s (rpm: "
		    "installed)", label, d->dir, d->missing[0]);
		cds_finding_fix_argv(f, cds_rpm_reinstall_argv(c, pkg), NULL);
	}
	cds_rpmdb_free(db);
	free(pkg);
	free(label);
	return all && k > 0;
}

/* F8's fix where the system's package manager put the set: every
 * missing sub-library is a file a package here lists (dpkg's or pacman's
 * database) in D's directory, and that package is installed again; on
 * an rpm system, rpm_reinstall_fix().  Returns 1 when so. */
static int
owner_reinstall_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_cudnn *d)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	const struct cds_dpkg *owners[8];
	size_t n = 0, k, i;

	if (d->origin == CDS_ORIGIN_PIP || d->origin == CDS_ORIGIN_CONDA ||
	    d->origin == CDS_ORIGIN_PREFIX) {
		return 0;	/* their own tools' */
	}
	if (cds_pkgdb_empty(db)) {
		return rpm_reinstall_fix(c, f, d);
	}
	for (k = 0; d->missing[k] != NULL; k++) {
		char *path = cds_path_join(d->dir, d->missing[k]);
		const struct cds_dpkg *p = cds_pkgdb_owner(db, path);

		free(path);
		if (p == NULL) {
			return 0;	/* not all of it is a package's */
		}
		for (i = 0; i < n && owners[i] != p; i++) {
		}
		if (i == n && n < sizeof(owners) / sizeof(owners[0])) {
			char *label = cds_dpkg_label(p);

			cds_finding_evidence(f, "package", "%s lists %s/%s "
			    "(%s: %s)", label, d->dir, d->missing[k], p->mgr,
			    p->status);
			free(label);
			owners[n++] = p;
		}
	}
	for (i = 0; i < n; i++) {
		cds_finding_fix_argv(f, cds_dpkg_fix_argv(owners[i]), NULL);
	}
	return n > 0;
}

/* F2: one directory holds the sub-libraries of different cuDNN releases
 * (a new tarball unpacked over an old one, a partial copy).  The set only
 * works as a whole: the odd ones out are relinked to the majority's files
 * where those are there, otherwise the set is reinstalled. */
static void
rule_mixed_set(struct cds_rule_ctx *c)
{
	size_t i, k, j;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		const char *major_ver = NULL;
		struct cds_finding *f;
		int best = 0, reinstall = 0;

		if (d->mixed == NULL || d->mixed[0] == NULL) {
			continue;
		}
		/* the release most of the set's files come from */
		for (k = 0; k < d->nfiles; k++) {
			int n = 0;

			if (d->files[k].version == NULL) {
				continue;
			}
			for (j = 0; j < d->nfiles; j++) {
				n += cds_streq(d->files[j].version,
				    d->files[k].version) &&
				    strstr(d->files[j].name, ".so.") != NULL;
			}
			if (n > best) {
				best = n;
				major_ver = d->files[k].version;
			}
		}
		f = cds_finding_add(c, "F2", CDS_SEV_ERROR,
		    "mixed cuDNN set in %s: %s", d->dir, major_ver != NULL ?
		    major_ver : "?");
		for (k = 0; d->mixed[k] != NULL; k++) {
			const char *v;
			char *stem = mixed_entry(d->mixed[k], &v);

			cds_finding_evidence(f, "file", "%s/%s.so.%d -> "
			    "%s.so.%s", d->dir, stem, d->major, stem, v);
			free(stem);
		}
		/* title: every release present, majority first */
		{
			struct cds_strv vers = {0};
			struct cds_buf t = {0};

			if (major_ver != NULL) {
				cds_strv_push(&vers, major_ver);
			}
			for (k = 0; d->mixed[k] != NULL; k++) {
				const char *v;
				char *stem = mixed_entry(d->mixed[k], &v);

				if (!cds_strv_contains(&vers, v)) {
					cds_strv_push(&vers, v);
				}
				free(stem);
			}
			cds_buf_addf(&t, "mixed cuDNN set in %s:", d->dir);
			for (k = 0; k < vers.n; k++) {
				cds_buf_addf(&t, "%s %s", k > 0 ? "," : "",
				    vers.v[k]);
			}
			free(f->title);
			f->title = cds_buf_steal(&t);
			cds_strv_clear(&vers);
		}
		if (major_ver != NULL) {
			cds_finding_evidence(f, "majority release", "%s",
			    major_ver);
		}
		loader_says(c, f, d);
		for (k = 0; d->mixed[k] != NULL && major_ver != NULL; k++) {
			const char *v;
			char *stem = mixed_entry(d->mixed[k], &v);
			char *want, *link, *host, *q;

			if (strcmp(v, major_ver) == 0) {
				free(stem);
				continue;
			}
			want = cds_xasprintf("%s.so.%s", stem, major_ver);
			link = cds_xasprintf("%s/%s.so.%d", d->dir, stem,
			    d->major);
			{
				char *p = cds_path_join(d->dir, want);

				host = cds_rpath_follow(c->h, p);
				free(p);
			}
			if (cds_is_file(host)) {
				q = cds_shquote(link);
				cds_finding_fix(f, CDS_FIX_SYMLINK, link, want,
				    "ln -sfn %s %s", want, q);
				free(q);
			} else {
				reinstall = 1;
			}
			free(host);
			free(link);
			free(want);
			free(stem);
		}
		if ((reinstall || major_ver == NULL) &&
		    pkg_reinstall_fix(c, f, d)) {
			/* a wheel's or conda package's set: its own tool */
		} else if (reinstall || major_ver == NULL) {
			char *q = cds_shquote(d->dir);

			cds_finding_fix(f, CDS_FIX_INSTALL, d->dir, major_ver,
			    "rm -f %s/libcudnn* && cudnn-setup install "
			    "--cudnn %s", q, major_ver != NULL ? major_ver :
			    "VERSION");
			free(q);
		}
	}
}

/* Does target file PATH start with the ELF magic?  A linker script
 * (glibc's libc.so, libm.so) is a regular ".so" that is no library. */
static int
is_elf(const cds_handle_t *h, const char *path)
{
	char *host = cds_rpath_follow(h, path), magic[4];
	int fd = open(host, O_RDONLY | O_CLOEXEC | O_NONBLOCK), r = 0;

	free(host);
	if (fd != -1) {
		r = read(fd, magic, 4) == 4 && memcmp(magic, "\177ELF", 4) == 0;
		close(fd);
	}
	return r;
}

/* Is file NAME in target dir DIR a regular ELF file (not a link)? */
static int
regular_in(const cds_handle_t *h, const char *dir, const char *name)
{
	char *p = cds_path_join(dir, name);
	int r = !cds_root_is_link(h, p) && cds_root_is_file(h, p) &&
	    is_elf(h, p);

	free(p);
	return r;
}

/* Do two files of the target hold the same bytes? */
static int
same_bytes(const cds_handle_t *h, const char *dir, const char *a,
    const char *b)
{
	char *pa = cds_path_join(dir, a), *pb = cds_path_join(dir, b);
	char *ha = cds_rpath_follow(h, pa), *hb = cds_rpath_follow(h, pb);
	char da[65], db[65];
	struct stat sa, sb;
	int same = 0;

	if (stat(ha, &sa) == 0 && stat(hb, &sb) == 0 &&
	    sa.st_size == sb.st_size && cds_sha256_file(ha, da) == 0 &&
	    cds_sha256_file(hb, db) == 0) {
		same = strcmp(da, db) == 0;
	}
	free(ha);
	free(hb);
	free(pa);
	free(pb);
	return same;
}

/* The file NAME should link to, among NAMES: for libX.so.8 the longest
 * libX.so.8.* name; for libX.so, libX.so.N when there is one. */
static const char *
link_target(char **names, const char *name)
{
	const char *best = NULL;
	size_t n = strlen(name);
	char **p;

	for (p = names; *p != NULL; p++) {
		if (strncmp(*p, name, n) != 0 || (*p)[n] != '.' ||
		    !isdigit((unsigned char)(*p)[n + 1])) {
			continue;
		}
		if (cds_endswith(name, ".so")) {
			/* libX.so -> libX.so.N: the shortest, one level */
			if (best == NULL || strlen(*p) < strlen(best)) {
				best = *p;
			}
		} else if (best == NULL || strlen(*p) > strlen(best)) {
			best = *p;
		}
	}
	return best;
}

/* F24: links copied as regular files (cp without -P, `install`): the
 * soname file is a second copy, ldconfig complains "is not a symbolic
 * link", and an update of the real file leaves the copy behind. */
static void
rule_copied_links(struct cds_rule_ctx *c)
{
	struct cds_strv dirs = {0};
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		char *r = cds_realpath_in_root(c->h, c->s->cudnns[i].dir);

		if (r != NULL && !cds_strv_contains(&dirs, r)) {
			cds_strv_push(&dirs, r);
		}
		free(r);
	}
	for (i = 0; i < c->s->ntoolkits; i++) {
		const char *l = c->s->toolkits[i].libdir;

		if (l != NULL && !cds_strv_contains(&dirs, l)) {
			cds_strv_push(&dirs, l);
		}
	}
	for (i = 0; i < dirs.n; i++) {
		char **names = cds_root_listdir(c->h, dirs.v[i]), **n;
		struct cds_finding *f = NULL;

		for (n = names; n != NULL && *n != NULL; n++) {
			const char *target;
			char *path, *q;
			int same;

			/* names first: a file is opened only when another
			 * name says what it should link to */
			if (!cds_startswith(*n, "lib") ||
			    (!cds_endswith(*n, ".so") && strstr(*n, ".so.") ==
			    NULL) || (target = link_target(names, *n)) ==
			    NULL || !regular_in(c->h, dirs.v[i], *n)) {
				continue;
			}
			same = same_bytes(c->h, dirs.v[i], *n, target);
			if (f == NULL) {
				f = cds_finding_add(c, "F24", CDS_SEV_WARNING,
				    "%s/%s is not a symbolic link", dirs.v[i],
				    *n);
				cds_finding_evidence(f, "dir", "%s", dirs.v[i]);
			}
			cds_finding_evidence(f, "regular file", "%s, %s %s",
			    *n, same ? "a byte copy of" : "differs from",
			    target);
			path = cds_path_join(dirs.v[i], *n);
			q = cds_shquote(path);
			cds_finding_fix(f, CDS_FIX_RELINK, path, target,
			    "ln -sf %s %s", target, q);
			free(q);
			free(path);
		}
		cds_strfreev(names);
	}
	cds_strv_clear(&dirs);
}

/* The pip distribution that owns site-packages/nvidia/cudnn/lib DIR:
 * "nvidia-cudnn-cu12"; NULL if its dist-info is not there. */
static char *
pip_cudnn_name(const cds_handle_t *h, const char *dir)
{
	char *pat = cds_path_join(dir, "../../../nvidia_cudnn_cu*-*.dist-info");
	char **m = cds_root_glob(h, pat), *r = NULL;

	if (m[0] != NULL) {
		const char *b = cds_basename(m[0]);
		char *name = cds_xstrndup(b, strcspn(b, "-"));

		r = cds_pkg_normalise(name);
		free(name);
	}
	cds_strfreev(m);
	free(pat);
	return r;
}

/* F8: a cuDNN copy whose main library is there but some sub-libraries are
 * not.  cuDNN opens them by soname when it first needs an engine; when
 * the loader finds none (or one of another release), the heuristics find
 * no engine: "GET was unable to find an engine to execute this
 * computation". */
static void
rule_incomplete_set(struct cds_rule_ctx *c)
{
	struct cds_libpath *lp = NULL;
	const struct cds_libdir *env_dir;
	size_t i, k;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];
		struct cds_finding *f = NULL;
		char main_so[32];

		snprintf(main_so, sizeof(main_so), "libcudnn.so.%d", d->major);
		if (d->missing == NULL || d->missing[0] == NULL ||
		    !has_file(d, main_so) || cds_cudnn_jit_only(d)) {
			continue;	/* GRAPH_JIT_ONLY: CUDNN-JIT's note */
		}
		if (lp == NULL) {
			lp = cds_libpath_for(c, NULL, NULL);
		}
		for (k = 0; d->missing[k] != NULL; k++) {
			int at = cds_libpath_find(c, lp, d->missing[k]);
			const struct cds_cudnn *other = at >= 0 ?
			    cds_cudnn_in(c, lp->dirs[at].dir, d->major) : NULL;

			if (f == NULL) {
				f = d->version != NULL ? cds_finding_add(c,
				    "F8", CDS_SEV_ERROR, "cuDNN %s in %s lacks "
				    "%s", d->version, d->dir, d->missing[k]) :
				    cds_finding_add(c, "F8", CDS_SEV_ERROR,
				    "cuDNN %d (release not known) in %s lacks "
				    "%s", d->major, d->dir, d->missing[k]);
				cds_finding_evidence(f, "copy", "%s (%s%s%s)",
				    d->dir, d->origin == CDS_ORIGIN_PIP ?
				    "pip" : d->origin == CDS_ORIGIN_CONDA ?
				    "conda" : "files", d->env != NULL ?
				    ", env " : "", d->env != NULL ?
				    d->env : "");
			}
			if (at < 0) {
				cds_finding_evidence(f, "missing", "%s: not "
				    "in the directory, and nothing on the "
				    "loader's path provides it", d->missing[k]);
			} else {
				cds_finding_evidence(f, "missing", "%s: the "
				    "loader would take %s/%s instead "
				    "(cuDNN %s)",
				    d->missing[k], lp->dirs[at].dir,
				    d->missing[k], other != NULL &&
				    other->version != NULL ? other->version :
				    "of unknown version");
			}
		}
		if (f == NULL) {
			continue;
		}
		/* a partial copy LD_LIBRARY_PATH puts first (a few files
		 * copied by hand): out of the path, the loader takes a whole
		 * set again, the framework's own or the system's */
		env_dir = NULL;
		for (k = 0; d->origin == CDS_ORIGIN_PATH && k < lp->n; k++) {
			if (lp->dirs[k].from_env &&
			    cds_same_dir(c->h, lp->dirs[k].dir, d->dir)) {
				env_dir = &lp->dirs[k];
				break;
			}
		}
		if (env_dir != NULL) {
			cds_evidence_via(f, env_dir);
			cds_fix_remove_path(c, f, env_dir);
		}
		if (!owner_reinstall_fix(c, f, d) &&
		    !pkg_reinstall_fix(c, f, d)) {
			char major[16];

			/* a copy of no known release: its major, which
			 * install takes as "the newest 9" */
			snprintf(major, sizeof(major), "%d", d->major);
			cds_finding_fix(f, CDS_FIX_INSTALL, d->dir, d->version,
			    "%scudnn-setup install --cudnn %s", env_dir !=
			    NULL ? "or: " : "", d->version != NULL ?
			    d->version : major);
		}
	}
	cds_libpath_free(lp);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_cudnn[] = {
	{ "DEV-LINKS", N_("cuDNN libraries without their .so links"), "F14",
	    rule_dev_links },
	{ "F2", N_("one directory holds cuDNN libraries of different "
	    "releases"), "F2", rule_mixed_set },
	{ "F24", N_("library links were copied as regular files"), "F24",
	    rule_copied_links },
	{ "F8", N_("cuDNN sub-libraries missing: no engine can run"), "F8",
	    rule_incomplete_set },
	{ NULL, NULL, NULL, NULL }
};
