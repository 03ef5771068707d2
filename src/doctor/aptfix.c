/*
 * aptfix.c - a CUDA library nothing here provides, as the system's package
 * manager sees it.  dpkg's status file says which packages depend on which
 * (Depends, Pre-Depends): a package present whose dependency on the
 * library's package is unmet is the cause (what `dpkg --remove
 * --force-depends` or an interrupted apt run leaves), and installing that
 * package with apt the fix.  Else the soname table's Debian column names
 * the package this release of Debian ships it in.  Where apt has the list of
 * NVIDIA's own CUDA repository, its package of the CUDA release the
 * libraries here belong to comes before Debian's (unless that release is
 * Debian's own), and with no release here its newest that the driver
 * runs comes after.  A release of CUDA from NVIDIA's archives comes last,
 * and only one of the release the libraries here belong to: a cuBLAS 12.9
 * beside Debian's 12.4 cuBLASLt does not load.
 *
 * On a root with rpm's database instead, rpm says the same: an installed
 * package requiring the library's soname capability (rpm records one for
 * each DT_NEEDED of the files it packages) that nothing provides is the
 * cause, and the install of what it requires with the system's tool
 * (zypper, dnf, yum) the fix; where nothing installed requires it,
 * NVIDIA's repository as for apt, from the tool's cache of its package
 * list.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/aptfix.h"
#include "doctor/facts.h"
#include "scan/loader.h"
#include "read/manifest.h"
#include "read/rpmdb.h"
#include "scan/scan.h"
#include "base/version.h"

/* Packages named in one finding's evidence. */
#define SHOW_NEEDERS 4

static int in_releases(const char *releases, const char *line);
static char *line_of(const char *v);
static struct cds_aptfix *nvidia_fix(struct cds_rule_ctx *c,
    const struct cds_pkgdb *db, const struct cds_rpmdb *rdb,
    const char *name, const char *part, int *present);
static int is_cudnn(struct cds_rule_ctx *c, const char *name);
static char *first_line(struct cds_rule_ctx *c);
static char **pacman_argv(char *const *pkgs, int undo);
static void present_lines(struct cds_rule_ctx *c, struct cds_strv *out);

char *
cds_os_codename(struct cds_rule_ctx *c)
{
	static const char *const files[] = {
		"/etc/os-release", "/usr/lib/os-release", NULL
	};
	const char *const *fp;
	char *r = NULL;

	for (fp = files; *fp != NULL && r == NULL; fp++) {
		char *host = cds_rpath(c->h, *fp);
		char *text = cds_read_file(host, 64u << 10, NULL), *p;

		free(host);
		if (text == NULL) {
			continue;
		}
		for (p = text; p != NULL && r == NULL; p = strchr(p, '\n')) {
			p += *p == '\n';
			if (strncmp(p, "VERSION_CODENAME=", 17) == 0) {
				p += 17;
				p += *p == '"';
				r = cds_xstrndup(p, strcspn(p, "\"\n"));
			}
		}
		free(text);
	}
	if (r != NULL && *r == '\0') {
		free(r);
		r = NULL;
	}
	return r;
}

/* The Debian packages of the soname table for NAME: every "suite:package"
 * word of its Debian column, into NAMES; the one of SUITE into *MINE. */
static void
table_packages(struct cds_rule_ctx *c, const char *name, const char *suite,
    struct cds_strv *names, char **mine)
{
	const struct cds_soname *r;
	char **words, **w;

	*mine = NULL;
	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL ||
	    strcmp(r->soname, name) != 0 || r->debian == NULL) {
		return;
	}
	words = cds_strsplit(r->debian, " ", 0);
	for (w = words; *w != NULL; w++) {
		char *colon = strchr(*w, ':');

		if (colon == NULL) {
			continue;
		}
		if (!cds_strv_contains(names, colon + 1)) {
			cds_strv_push(names, colon + 1);
		}
		if (suite != NULL && *mine == NULL &&
		    strncmp(*w, suite, (size_t)(colon - *w)) == 0 &&
		    suite[colon - *w] == '\0') {
			*mine = cds_xstrdup(colon + 1);
		}
	}
	cds_strfreev(words);
}

/* The index of the first of CONSUMERS package P owns; past the end when
 * none. */
static size_t
first_owned(const struct cds_pkgdb *db, const struct cds_dpkg *p,
    char *const *consumers)
{
	size_t i;

	for (i = 0; consumers != NULL && consumers[i] != NULL; i++) {
		if (cds_pkgdb_owner(db, consumers[i]) == p) {
			break;
		}
	}
	return consumers != NULL ? i : 0;
}

/* The needers in the order of the consumers they own, those that own
 * none after, each group in dpkg's order (a stable insertion sort). */
static void
consumers_first(const struct cds_pkgdb *db, const struct cds_dpkg **v,
    char *const *consumers)
{
	size_t n = 0, i, k;
	size_t *at;

	while (v[n] != NULL) {
		n++;
	}
	at = cds_xcalloc(n + 1, sizeof(*at));
	for (i = 0; i < n; i++) {
		at[i] = first_owned(db, v[i], consumers);
	}
	for (i = 1; i < n; i++) {
		const struct cds_dpkg *p = v[i];
		size_t a = at[i];

		for (k = i; k > 0 && at[k - 1] > a; k--) {
			v[k] = v[k - 1];
			at[k] = at[k - 1];
		}
		v[k] = p;
		at[k] = a;
	}
	free(at);
}

/* Add LABEL ("NAME VERSION-RELEASE") to V unless it is there. */
static void
add_once(struct cds_strv *v, const char *label)
{
	if (!cds_strv_contains(v, label)) {
		cds_strv_push(v, label);
	}
}

/* The package tool of the root's rpm system: zypper where it has one
 * (SUSE), else dnf, else yum (Enterprise Linux 7 has only yum); dnf when
 * none is seen. */
static const char *
rpm_tool(struct cds_rule_ctx *c)
{
	static const char *const tools[] = { "zypper", "dnf", "yum" };
	static const char *const dirs[] = { "/usr/bin", "/bin" };
	size_t i, k;

	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		for (k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
			char *p = cds_path_join(dirs[k], tools[i]);
			int here = cds_root_is_exec(c->h, p);

			free(p);
			if (here) {
				return tools[i];
			}
		}
	}
	return "dnf";
}

/* TOOL's command (dnf, yum, zypper) as an argument list: install PKG, or
 * remove it (UNDO 1), or install it again (UNDO -1: dnf's and yum's
 * reinstall, zypper's install --force). */
static char **
rpm_argv(const char *tool, const char *pkg, int undo)
{
	struct cds_strv v = {0};

	cds_strv_push(&v, "sudo");
	cds_strv_push(&v, tool);
	if (undo < 0 && strcmp(tool, "zypper") == 0) {
		cds_strv_push(&v, "install");
		cds_strv_push(&v, "--force");
	} else {
		cds_strv_push(&v, undo < 0 ? "reinstall" : undo ? "remove" :
		    "install");
	}
	cds_strv_push(&v, pkg);
	return cds_strv_steal(&v);
}

char **
cds_rpm_reinstall_argv(struct cds_rule_ctx *c, const char *pkg)
{
	return rpm_argv(rpm_tool(c), pkg, -1);
}

/* An rpm system's package that provides capability CAP of soname NAME
 * but whose file of it is gone (rpm -ql lists a path ending in NAME that
 * does not lead to a file): its reinstall.  NULL when none, or its file
 * is there (the loader's path is then the matter). */
static struct cds_aptfix *
rpm_gone(struct cds_rule_ctx *c, const struct cds_rpmdb *db,
    const char *name, const char *cap)
{
	char **who = cds_rpmdb_query(db, "--whatprovides", cap), **files;
	struct cds_aptfix *a = NULL;
	char *pkg, *gone = NULL;
	size_t i;

	if (who[0] == NULL) {
		cds_strfreev(who);
		return NULL;
	}
	pkg = cds_xstrndup(who[0], strcspn(who[0], " "));
	files = cds_rpmdb_files(db, pkg);
	for (i = 0; files[i] != NULL; i++) {
		if (cds_endswith(files[i], name) && files[i][strlen(files[i]) -
		    strlen(name) - 1] == '/') {
			if (cds_root_is_file(c->h, files[i])) {
				free(gone);
				gone = NULL;
				break;	/* there: not the package's matter */
			}
			if (gone == NULL) {
				gone = cds_xstrdup(files[i]);
			}
		}
	}
	cds_strfreev(files);
	if (gone != NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		a->rpm = 1;
		a->tool = rpm_tool(c);
		a->soname = cds_xstrdup(name);
		a->package = pkg;
		pkg = NULL;
		a->rpm_cap = cds_xstrdup(cap);
		a->rpm_gone = gone;
		a->rpm_needers = who;
		who = NULL;
		a->needers = cds_xcalloc(1, sizeof(*a->needers));
		files = rpm_argv(a->tool, a->package, -1);
		a->command = cds_argv_text(files);
		cds_strfreev(files);
	}
	free(pkg);
	cds_strfreev(who);
	return a;
}

/* apt's command as an argument list: install PKG, or with PKG NULL finish
 * what dpkg left unconfigured; UNDO: the command that goes back. */
static char **
apt_argv(const char *pkg, int undo)
{
	struct cds_strv v = {0};

	cds_strv_push(&v, "sudo");
	cds_strv_push(&v, "apt-get");
	if (pkg == NULL) {
		cds_strv_push(&v, "-f");
	}
	cds_strv_push(&v, undo ? "remove" : "install");
	if (pkg != NULL) {
		cds_strv_push(&v, pkg);
	}
	return cds_strv_steal(&v);
}

/* The install of A's package, in its pinned version when it has one
 * (apt's and zypper's "NAME=VERSION", dnf's and yum's "NAME-VERSION"). */
static char **
install_argv(const struct cds_aptfix *a)
{
	char *w = a->pin != NULL ? cds_xasprintf("%s%c%s", a->package,
	    a->rpm && strcmp(a->tool, "zypper") != 0 ? '-' : '=', a->pin) :
	    NULL;
	const char *pkg = w != NULL ? w : a->package;
	char **v = a->rpm ? rpm_argv(a->tool, pkg, 0) : apt_argv(pkg, 0);

	free(w);
	return v;
}

char **
cds_aptfix_argv(const struct cds_aptfix *a)
{
	if (a->pacman && a->pac_unmet == NULL) {
		/* a partial upgrade: the whole system's */
		char *v[] = { "sudo", "pacman", "-Syu", NULL };

		return cds_strv_copy(v);
	}
	if (a->pacman) {
		return pacman_argv(a->pac_unmet, 0);
	}
	if (a->rpm_gone != NULL) {
		return rpm_argv(a->tool, a->package, -1);
	}
	return a->broken ? apt_argv(NULL, 0) : install_argv(a);
}

/*
 * rpm's view of soname NAME that nothing here provides: the installed
 * packages that require its capability, and those owning one of
 * CONSUMERS; what the first of them requires by package name that nothing
 * provides is what dnf installs, else the capability itself (dnf resolves
 * a capability to the package of its repositories that provides it).
 */
static struct cds_aptfix *
rpm_fix_for(struct cds_rule_ctx *c, const char *name,
    char *const *consumers)
{
	struct cds_rpmdb *db = cds_rpmdb_open(c->h);
	struct cds_strv needers = {0};
	struct cds_aptfix *a = NULL;
	char *cap, *pkg = NULL, **v, **req;
	size_t i, k;

	if (db == NULL) {
		return NULL;
	}
	/* rpm's automatic requirement of an ELF's DT_NEEDED on x86-64 and
	 * the other 64-bit targets: "libcublas.so.12()(64bit)" */
	cap = cds_xasprintf("%s()(64bit)", name);
	if (cds_rpmdb_provided(db, cap)) {
		/* installed: its own files are the matter */
		a = rpm_gone(c, db, name, cap);
		goto out;
	}
	v = cds_rpmdb_query(db, "--whatrequires", cap);
	for (i = 0; v[i] != NULL; i++) {
		add_once(&needers, v[i]);
	}
	cds_strfreev(v);
	for (i = 0; consumers != NULL && consumers[i] != NULL; i++) {
		v = cds_rpmdb_query(db, "-f", consumers[i]);
		for (k = 0; v[k] != NULL; k++) {
			add_once(&needers, v[k]);
		}
		cds_strfreev(v);
	}
	if (needers.n == 0) {
		/* nothing here requires it: NVIDIA's package of the CUDA
		   here, else (not a cuDNN) its newest the driver runs */
		char *part = is_cudnn(c, name) ? first_line(c) :
		    cds_cuda_part(c, name);
		int present;

		if (part != NULL || !is_cudnn(c, name)) {
			a = nvidia_fix(c, NULL, db, name, part, &present);
		}
		free(part);
		if (a != NULL) {
			a->tool = rpm_tool(c);
			a->soname = cds_xstrdup(name);
			v = cds_aptfix_argv(a);
			a->command = cds_argv_text(v);
			cds_strfreev(v);
		}
		goto out;
	}
	/* a package of the name the first one requires, not installed */
	{
		char *first = cds_xstrndup(needers.v[0],
		    strcspn(needers.v[0], " "));

		req = cds_rpmdb_requires(db, first);
		free(first);
	}
	for (i = 0; req[i] != NULL && pkg == NULL; i++) {
		if (strpbrk(req[i], "()/") == NULL &&
		    !cds_rpmdb_provided(db, req[i])) {
			pkg = cds_xstrdup(req[i]);
		}
	}
	cds_strfreev(req);
	a = cds_xcalloc(1, sizeof(*a));
	a->rpm = 1;
	a->tool = rpm_tool(c);
	a->soname = cds_xstrdup(name);
	a->package = pkg != NULL ? pkg : cds_xstrdup(cap);
	a->rpm_cap = cap;
	cap = NULL;
	a->rpm_needers = cds_strv_steal(&needers);
	a->needers = cds_xcalloc(1, sizeof(*a->needers));
	v = cds_aptfix_argv(a);
	a->command = cds_argv_text(v);
	cds_strfreev(v);
out:
	cds_strv_clear(&needers);
	free(cap);
	cds_rpmdb_free(db);
	return a;
}

/* The library's name in soname NAME: "cudnn" of libcudnn_ops.so.9,
 * "nccl" of libnccl.so.2; a new string. */
static char *
soname_stem(const char *name)
{
	const char *p = cds_startswith(name, "lib") ? name + 3 : name;

	return cds_xstrndup(p, strcspn(p, "._"));
}

/* The file of another major of soname NAME ("libcudart.so.13" for
 * libcudart.so.12) that package Q lists in a directory the loader
 * searches, or NULL; a new string. */
static char *
other_major(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const struct cds_dpkg *q, const char *name)
{
	const char *so = strstr(name, ".so.");
	char *r = NULL;
	size_t i, k;

	if (so == NULL) {
		return NULL;
	}
	/* the scan's loader path (a package's directories are the
	   system's, never LD_LIBRARY_PATH's alone) */
	for (i = 0; i < c->s->nsearchdirs && r == NULL; i++) {
		char *pat = cds_xasprintf("%s/%.*s*", c->s->searchdirs[i].dir,
		    (int)(so + 4 - name), name);
		char **m = cds_root_glob(c->h, pat);

		for (k = 0; m[k] != NULL && r == NULL; k++) {
			const char *b = cds_basename(m[k]) + (so + 4 - name);

			/* another major: "13", not "12" nor "12.4.127" */
			if (strspn(b, "0123456789") == strlen(b) && *b != '\0' &&
			    strcmp(b, so + 4) != 0 &&
			    cds_pkgdb_owner(db, m[k]) == q) {
				r = cds_xstrdup(m[k]);
			}
		}
		cds_strfreev(m);
		free(pat);
	}
	return r;
}

/* pacman's cached package of Q ("/var/cache/pacman/pkg/cuda-12.9.1-2-
 * x86_64.pkg.tar.zst", in any CacheDir) of a release that ships soname NAME: of the
 * soname table's releases for a CUDA library, of its major for cuDNN;
 * the newest such, or NULL.  A new string. */
static char *
cached_package(struct cds_rule_ctx *c, const struct cds_dpkg *q,
    const char *name)
{
	const struct cds_soname *r = c->m != NULL ?
	    cds_manifest_soname(c->m, name) : NULL;
	char *pat, **m, *best = NULL, *bestv = NULL, *major, **dirs;
	struct cds_strv all = {0};
	size_t i, k;

	if (r == NULL || (strcmp(r->kind, "cuda") != 0 &&
	    strcmp(r->kind, "cudnn") != 0)) {
		return NULL;
	}
	/* every cache pacman.conf names, as pacman tries them */
	dirs = cds_pacman_cachedirs(c->h);
	for (k = 0; dirs[k] != NULL; k++) {
		pat = cds_xasprintf("%s/%s-*.pkg.tar*", dirs[k], q->name);
		m = cds_root_glob(c->h, pat);
		for (i = 0; m[i] != NULL; i++) {
			cds_strv_push(&all, m[i]);
		}
		cds_strfreev(m);
		free(pat);
	}
	cds_strfreev(dirs);
	major = cds_soname_version(name);
	for (i = 0; i < all.n; i++) {
		/* NAME-VER-REL-ARCH.pkg.tar.zst */
		const char *v = cds_basename(all.v[i]) + strlen(q->name) + 1;
		char *ver = cds_xstrndup(v, strcspn(v, "-")), *l = line_of(ver);
		int fits = l != NULL && (strcmp(r->kind, "cuda") == 0 ?
		    in_releases(r->releases, l) : major != NULL &&
		    atoi(ver) == atoi(major));

		if (fits && *v >= '0' && *v <= '9' &&
		    (bestv == NULL || cds_vercmp(ver, bestv) > 0)) {
			free(best);
			free(bestv);
			best = cds_xstrdup(all.v[i]);
			bestv = ver;
			ver = NULL;
		}
		free(ver);
		free(l);
	}
	cds_strv_clear(&all);
	free(bestv);
	free(major);
	return best;
}

/* The dependency of P that ships another major of soname NAME, into A
 * (a partial upgrade); 1 when there is one. */
static int
partial_upgrade(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const struct cds_dpkg *p, const char *name, struct cds_aptfix *a)
{
	char **deps;
	size_t i;

	if (p->depends == NULL) {
		return 0;
	}
	deps = cds_strsplit(p->depends, ",", 0);
	for (i = 0; deps[i] != NULL && a->pac_other == NULL; i++) {
		const struct cds_dpkg *q = cds_pkgdb_find(db,
		    cds_strtrim(deps[i]));

		if (q != NULL && (a->pac_other = other_major(c, db, q,
		    name)) != NULL) {
			a->pac_dep = q;
			a->pac_cached = cached_package(c, q, name);
		}
	}
	cds_strfreev(deps);
	return a->pac_other != NULL;
}

/* Does package version VERSION (pacman's "12.9.1-1") of a library of
 * kind R ship soname NAME: a CUDA release of the soname table's, or
 * another library's major the soname's? */
static int
ships(const struct cds_soname *r, const char *version, const char *name)
{
	char *v = cds_soname_version(name), *l = line_of(version);
	int yes;

	if (strcmp(r->kind, "cuda") == 0) {
		yes = l != NULL && in_releases(r->releases, l);
	} else {
		yes = v != NULL && atoi(version) == atoi(v);
	}
	free(v);
	free(l);
	return yes;
}

/* NAME, which no package here needs: the package pacman's sync
 * databases offer for it (cds_pacman_offers()), by its file list, else
 * by its library's name (R's stem; "cuda" for the toolkit's) at a
 * release that ships it; never one pacman has installed. */
static struct cds_aptfix *
pacman_sync_fix(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const struct cds_soname *r, const char *name)
{
	struct cds_apt_offer *o = NULL;
	struct cds_aptfix *a = NULL;
	size_t n, i, at = 0;
	int files = 1;

	n = cds_pacman_offers(c->h, NULL, name, &o);
	if (n == 0 && r != NULL && strcmp(r->soname, name) == 0) {
		char *stem = soname_stem(name);

		files = 0;
		n = cds_pacman_offers(c->h, stem, NULL, &o);
		if (n == 0 && strcmp(r->kind, "cuda") == 0) {
			n = cds_pacman_offers(c->h, "cuda", NULL, &o);
		}
		free(stem);
		for (at = 0; at < n && !ships(r, o[at].version, name); at++) {
		}
	}
	if (at < n && !cds_dpkg_present(cds_pkgdb_find(db, o[at].name))) {
		a = cds_xcalloc(1, sizeof(*a));
		a->pacman = 1;
		a->pac_files = files;
		a->package = cds_xstrdup(o[at].name);
		a->offered = cds_xstrdup(o[at].version);
		a->list = cds_xstrdup(o[at].list);
		a->pac_unmet = cds_xcalloc(2, sizeof(char *));
		a->pac_unmet[0] = cds_xstrdup(o[at].name);
		a->needers = cds_xcalloc(1, sizeof(*a->needers));
	}
	for (i = 0; i < n; i++) {
		free(o[i].name);
		free(o[i].version);
		free(o[i].list);
	}
	free(o);
	return a;
}

/*
 * pacman's view of soname NAME that nothing here provides: an installed
 * package whose dependencies pacman's database has not installed (what
 * `pacman -Dk` reports), found as the owner of one of CONSUMERS, else as
 * a package whose missing dependency is named as NAME's library (its
 * stem; for a library of the CUDA toolkit also "cuda": Arch packages the
 * toolkit as one package, /opt/cuda).  The fix installs every dependency
 * of that package that is missing.
 */
static struct cds_aptfix *
pacman_fix_for(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const char *name, char *const *consumers)
{
	const struct cds_soname *r = c->m != NULL ?
	    cds_manifest_soname(c->m, name) : NULL;
	const struct cds_dpkg **who = NULL;
	struct cds_aptfix *a = cds_xcalloc(1, sizeof(*a));
	char **unmet = NULL;
	size_t i;

	for (i = 0; consumers != NULL && consumers[i] != NULL; i++) {
		const struct cds_dpkg *p = cds_pkgdb_owner(db, consumers[i]);

		if (p == NULL) {
			continue;
		}
		unmet = cds_pkgdb_unmet(db, p);
		if (unmet[0] != NULL || partial_upgrade(c, db, p, name, a)) {
			who = cds_xcalloc(2, sizeof(*who));
			who[0] = p;
			break;
		}
		cds_strfreev(unmet);
		unmet = NULL;
	}
	if (a->pac_other != NULL) {
		cds_strfreev(unmet);
		unmet = NULL;
	}
	if (who == NULL) {
		char *stem = soname_stem(name);

		who = cds_pkgdb_needers(db, stem);
		if (who[0] == NULL && r != NULL && strcmp(r->kind, "cuda") ==
		    0) {
			free(who);
			who = cds_pkgdb_needers(db, "cuda");
		}
		free(stem);
		if (who[0] == NULL) {
			/* nothing here needs it: what the sync databases
			   offer */
			free(who);
			free(a);
			a = pacman_sync_fix(c, db, r, name);
			if (a != NULL) {
				char **v = cds_aptfix_argv(a);

				a->soname = cds_xstrdup(name);
				a->command = cds_argv_text(v);
				cds_strfreev(v);
			}
			return a;
		}
		unmet = cds_pkgdb_unmet(db, who[0]);
	}
	a->pacman = 1;
	a->soname = cds_xstrdup(name);
	a->package = cds_xstrdup(unmet != NULL ? unmet[0] :
	    a->pac_dep->name);
	a->pac_unmet = unmet;
	a->needers = who;
	{
		char **v = cds_aptfix_argv(a);

		a->command = cds_argv_text(v);
		cds_strfreev(v);
	}
	return a;
}

/* pacman's command as an argument list: install PKGS, or remove them
 * (UNDO). */
static char **
pacman_argv(char *const *pkgs, int undo)
{
	struct cds_strv v = {0};
	size_t i;

	cds_strv_push(&v, "sudo");
	cds_strv_push(&v, "pacman");
	cds_strv_push(&v, undo ? "-R" : "-S");
	for (i = 0; pkgs[i] != NULL; i++) {
		cds_strv_push(&v, pkgs[i]);
	}
	return cds_strv_steal(&v);
}

/* Does the driver here run CUDA release LINE ("12.6", or a major:
 * "12")?  By the CUDA it says it runs when known, else by the minimum
 * driver of the index's releases of that line; yes when neither tells. */
static int
driver_runs(struct cds_rule_ctx *c, const char *line)
{
	const char *drv = c->s->driver.version;
	int known = 0, runs = 0, major = strchr(line, '.') == NULL;
	size_t r;

	if (c->s->driver.cuda_version > 0) {
		return cds_cuda_int(line) <= c->s->driver.cuda_version;
	}
	for (r = 0; drv != NULL && c->m != NULL &&
	    r < cds_manifest_nreleases(c->m) && !runs; r++) {
		const struct cds_release *rel = cds_manifest_release(c->m, r);
		char *l = line_of(rel->version);

		if (rel->kind == CDS_KIND_CUDA && rel->min_driver != NULL &&
		    l != NULL && (major ? atoi(l) == atoi(line) :
		    strcmp(l, line) == 0)) {
			known = 1;
			runs = cds_vercmp(drv, rel->min_driver) >= 0;
		}
		free(l);
	}
	return runs || !known;
}

/* The CUDA release of NVIDIA's package O (its name after the N bytes of
 * the name asked for, or for cuDNN 8's one package its version's
 * "+cudaA.B"): "12.4", "12"; NULL when it names none of the form WANT
 * (2: "X-Y", 1: "N", 0: the version's).  A new string. */
static char *
offer_line(const struct cds_apt_offer *o, size_t n, int want)
{
	const char *cu = strstr(o->version, "cuda");
	char *l, *p;

	if (want == 0) {
		/* apt's "8.9.7.29-1+cuda12.2", rpm's "8.9.7.29-1.cuda12.2" */
		return cu != NULL && cu > o->version && (cu[-1] == '+' ||
		    cu[-1] == '.') && cu[4] >= '0' && cu[4] <= '9' ?
		    line_of(cu + 4) : NULL;
	}
	l = cds_xstrdup(o->name + n);
	p = strchr(l, '-');
	if ((p != NULL) != (want == 2)) {
		free(l);
		return NULL;
	}
	if (p != NULL) {
		*p = '.';
	}
	return l;
}

/*
 * NVIDIA's CUDA repository's package of soname NAME, by NVIDIA's names:
 * a CUDA library's is its component's name with '-' for '_', then the
 * release ("cuda_cudart" of 12.4: "cuda-cudart-12-4", as NVIDIA's
 * container images install "libcublas-12-0", "libnpp-12-0"); cuDNN 9's
 * and later's "libcudnnN-cuda-M" for CUDA major M (cuDNN 9.8's
 * libcudnn9-cuda-12 in those images' lists); cuDNN 8's one "libcudnn8"
 * in the version built for the CUDA it names ("8.0.5.39-1+cuda11.1").  Of
 * release PART when it is given (for cuDNN, its major), else the newest
 * one that ships NAME and the driver runs.  Only a package one of that
 * repository's lists (RDB NULL) or, on an rpm system, its tool's cache
 * offers.  NULL when none is; *PRESENT set when dpkg (rpm) has it
 * installed (its own files are then the matter).
 */
static struct cds_aptfix *
nvidia_fix(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const struct cds_rpmdb *rdb, const char *name, const char *part,
    int *present)
{
	const struct cds_soname *r;
	const struct cds_apt_offer *o;
	struct cds_aptfix *a = NULL;
	char *want, *p, *best = NULL;
	size_t n, i, at = 0;
	int cudnn = 0, form = 2;

	*present = 0;
	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL ||
	    strcmp(r->soname, name) != 0) {
		return NULL;
	}
	if (strcmp(r->kind, "cudnn") == 0) {
		char *v = cds_soname_version(name);

		cudnn = v != NULL ? atoi(v) : 0;
		free(v);
		if (cudnn < 8) {
			return NULL;
		}
		form = cudnn == 8 ? 0 : 1;
		want = cudnn == 8 ? cds_xstrdup("libcudnn8") :
		    cds_xasprintf("libcudnn%d-cuda-", cudnn);
	} else if (strcmp(r->kind, "cuda") == 0) {
		want = cds_xasprintf("%s-", r->component);
		for (p = want; *p != '\0'; p++) {
			*p = *p == '_' ? '-' : *p;
		}
	} else {
		return NULL;
	}
	n = cds_scan_nvidia_offers(c->h, c->s, rdb != NULL, &o);
	for (i = 0; i < n; i++) {
		char *l = cds_pkg_name_fits(o[i].name, strlen(o[i].name), want,
		    form == 0) ? offer_line(&o[i], strlen(want), form) : NULL;
		int fits;

		if (l == NULL) {
			continue;
		}
		if (part != NULL) {
			fits = cudnn ? atoi(l) == atoi(part) :
			    strcmp(l, part) == 0;
		} else {
			fits = (cudnn || in_releases(r->releases, l)) &&
			    driver_runs(c, l);
		}
		if (fits && (best == NULL || cds_vercmp(l, best) > 0 ||
		    (strcmp(l, best) == 0 &&
		    cds_vercmp(o[i].version, o[at].version) > 0))) {
			free(best);
			best = l;
			l = NULL;
			at = i;
		}
		free(l);
	}
	if (best != NULL && (rdb != NULL ? cds_rpmdb_provided(rdb,
	    o[at].name) : cds_dpkg_present(cds_pkgdb_find(db, o[at].name)))) {
		*present = 1;
	} else if (best != NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		a->nvidia = 1;
		a->rpm = rdb != NULL;
		a->cudnn = cudnn;
		a->package = cds_xstrdup(o[at].name);
		if (form == 0) {
			a->pin = cds_xstrdup(o[at].version);
		}
		a->release = best;
		best = NULL;
		a->of_part = part != NULL;
		a->offered = cds_xstrdup(o[at].version);
		a->list = cds_xstrdup(o[at].list);
		a->needers = cds_xcalloc(1, sizeof(*a->needers));
	}
	free(best);
	free(want);
	return a;
}

/* Is CUDA release LINE ("12.4"), installed here, Debian's own: dpkg has
 * the package Debian SUITE ships its runtime (libcudart.so.MAJOR) in? */
static int
debian_release(struct cds_rule_ctx *c, const struct cds_pkgdb *db,
    const char *suite, const char *line)
{
	struct cds_strv names = {0};
	char *so = cds_xasprintf("libcudart.so.%d", atoi(line)), *mine;
	int r;

	table_packages(c, so, suite, &names, &mine);
	r = mine != NULL && cds_dpkg_present(cds_pkgdb_find(db, mine));
	cds_strv_clear(&names);
	free(mine);
	free(so);
	return r;
}

/* Is NAME a cuDNN soname of the table? */
static int
is_cudnn(struct cds_rule_ctx *c, const char *name)
{
	const struct cds_soname *r = c->m != NULL ?
	    cds_manifest_soname(c->m, name) : NULL;

	return r != NULL && strcmp(r->soname, name) == 0 &&
	    strcmp(r->kind, "cudnn") == 0;
}

/* The first CUDA release here (present_lines()), or NULL; a new string. */
static char *
first_line(struct cds_rule_ctx *c)
{
	struct cds_strv lines = {0};
	char *l;

	present_lines(c, &lines);
	l = lines.n > 0 ? cds_xstrdup(lines.v[0]) : NULL;
	cds_strv_clear(&lines);
	return l;
}

struct cds_aptfix *
cds_aptfix_for(struct cds_rule_ctx *c, const char *name,
    char *const *consumers)
{
	const struct cds_pkgdb *db = cds_scan_pkgdb(c->h, c->s);
	struct cds_strv names = {0};
	struct cds_aptfix *a = NULL;
	char *suite, *mine, *part = NULL;
	int present;
	size_t i, k;

	if (cds_pkgdb_empty(db)) {
		return rpm_fix_for(c, name, consumers);
	}
	if (strcmp(cds_pkgdb_tool(db), "pacman") == 0) {
		return pacman_fix_for(c, db, name, consumers);
	}
	suite = cds_os_codename(c);
	table_packages(c, name, suite, &names, &mine);
	for (i = 0; i < names.n; i++) {
		if (cds_dpkg_present(cds_pkgdb_find(db, names.v[i]))) {
			/* installed: its own files are the matter */
			goto out;
		}
	}
	for (i = 0; i < names.n && a == NULL; i++) {
		const struct cds_dpkg **v = cds_pkgdb_needers(db, names.v[i]);

		if (v[0] == NULL) {
			free(v);
			continue;
		}
		a = cds_xcalloc(1, sizeof(*a));
		a->package = cds_xstrdup(names.v[i]);
		a->needers = v;
		consumers_first(db, v, consumers);
		a->broken = 1;
		for (k = 0; v[k] != NULL; k++) {
			a->broken &= cds_dpkg_unfinished(v[k]);
		}
	}
	if (a == NULL) {
		/* for cuDNN, any CUDA here: its package is built for one */
		part = is_cudnn(c, name) ? first_line(c) : cds_cuda_part(c,
		    name);
	}
	if (a == NULL && part != NULL && !debian_release(c, db, suite, part)) {
		/* NVIDIA's package of the release here */
		a = nvidia_fix(c, db, NULL, name, part, &present);
		if (present) {
			goto out;
		}
	}
	if (a == NULL && mine != NULL) {
		/* the second choice: what this release of Debian ships */
		a = cds_xcalloc(1, sizeof(*a));
		a->package = cds_xstrdup(mine);
		a->suite = cds_xstrdup(suite);
		a->needers = cds_xcalloc(1, sizeof(*a->needers));
	}
	if (a == NULL && part == NULL && !is_cudnn(c, name)) {
		/* no release here: NVIDIA's newest the driver runs (never a
		   cuDNN: which CUDA its build is for is not known) */
		a = nvidia_fix(c, db, NULL, name, NULL, &present);
		if (present) {
			goto out;
		}
	}
	if (a != NULL) {
		char **v = cds_aptfix_argv(a);

		a->soname = cds_xstrdup(name);
		a->command = cds_argv_text(v);
		cds_strfreev(v);
	}
out:
	cds_strv_clear(&names);
	free(part);
	free(mine);
	free(suite);
	return a;
}

void
cds_aptfix_free(struct cds_aptfix *a)
{
	if (a == NULL) {
		return;
	}
	free(a->soname);
	free(a->package);
	free(a->suite);
	free(a->needers);
	free(a->command);
	cds_strfreev(a->rpm_needers);
	cds_strfreev(a->pac_unmet);
	free(a->pac_other);
	free(a->pac_cached);
	free(a->rpm_cap);
	free(a->rpm_gone);
	free(a->release);
	free(a->pin);
	free(a->offered);
	free(a->list);
	free(a);
}

/* Evidence KEY on F: the names of the needers after the first, from
 * RPM's "NAME VERSION-RELEASE" strings, else from dpkg's (pacman's)
 * packages V; up to SHOW_NEEDERS of them, then how many more. */
static void
other_needers(struct cds_finding *f, const char *key, char *const *rpm,
    const struct cds_dpkg *const *v)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 1; rpm != NULL ? rpm[i] != NULL : v[i] != NULL; i++) {
		const char *name = rpm != NULL ? rpm[i] : v[i]->name;

		if (i <= SHOW_NEEDERS) {
			cds_buf_addf(&b, "%s%.*s", i > 1 ? ", " : "",
			    (int)strcspn(name, " "), name);
		}
	}
	if (i > SHOW_NEEDERS + 1) {
		cds_buf_addf(&b, " and %zu more", i - SHOW_NEEDERS - 1);
	}
	if (b.s != NULL) {
		cds_finding_evidence(f, key, "%s", b.s);
	}
	cds_buf_free(&b);
}

/* The evidence and fixes of an rpm system's A on F. */
static void
rpm_report(struct cds_finding *f, const struct cds_aptfix *a)
{
	if (a->rpm_gone != NULL) {
		cds_finding_evidence(f, "package", "%s lists %s (rpm: "
		    "installed), and provides %s; the file is not there",
		    a->rpm_needers[0], a->rpm_gone, a->rpm_cap);
		cds_finding_fix_argv(f, rpm_argv(a->tool, a->package, -1),
		    NULL);
		return;
	}
	if (strcmp(a->package, a->rpm_cap) != 0) {
		cds_finding_evidence(f, "cause", "a dependency of an installed "
		    "package is not installed: %s (rpm) requires %s, and %s "
		    "for %s; no package installed provides either",
		    a->rpm_needers[0], a->package, a->rpm_cap, a->soname);
	} else {
		cds_finding_evidence(f, "cause", "a dependency of an installed "
		    "package is not installed: %s (rpm) requires %s; no "
		    "package installed provides it", a->rpm_needers[0],
		    a->rpm_cap);
	}
	other_needers(f, "require it too", a->rpm_needers, NULL);
	cds_finding_fix_argv(f, rpm_argv(a->tool, a->package, 0),
	    rpm_argv(a->tool, a->package, 1));
}

/* The evidence and fixes of pacman's A on F. */
static void
pacman_report(struct cds_finding *f, const struct cds_aptfix *a)
{
	struct cds_buf b = {0};
	char *label;
	size_t n;

	if (a->needers[0] == NULL) {
		if (a->pac_files) {
			cds_finding_evidence(f, "pacman's package", "%s %s "
			    "lists %s (pacman's file database, %s), and "
			    "pacman does not have it installed", a->package,
			    a->offered, a->soname, a->list);
		} else {
			cds_finding_evidence(f, "pacman's package", "%s %s, "
			    "named as the library and of a release that "
			    "ships %s (pacman's sync database, %s), and "
			    "pacman does not have it installed; `pacman -Fy` "
			    "would let its files be read", a->package,
			    a->offered, a->soname, a->list);
		}
		cds_finding_fix_argv(f, pacman_argv(a->pac_unmet, 0),
		    pacman_argv(a->pac_unmet, 1));
		return;
	}
	label = cds_dpkg_label(a->needers[0]);

	if (a->pac_unmet == NULL) {
		char *dep = cds_dpkg_label(a->pac_dep);

		cds_finding_evidence(f, "cause", "a partial upgrade: %s "
		    "(pacman) needs %s and depends on %s, which ships %s "
		    "instead: one was upgraded without the other, which Arch "
		    "does not support", label, a->soname, dep, a->pac_other);
		free(dep);
		free(label);
		cds_finding_fix_argv(f, cds_aptfix_argv(a), NULL);
		if (a->pac_cached != NULL) {
			cds_finding_evidence(f, "in pacman's cache", "%s, of "
			    "the release %s was built for", a->pac_cached,
			    a->needers[0]->name);
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, "
			    "back to it: sudo pacman -U %s", a->pac_cached);
		}
		return;
	}
	for (n = 0; a->pac_unmet[n] != NULL; n++) {
		cds_buf_addf(&b, "%s%s", n == 0 ? "" : a->pac_unmet[n + 1] ==
		    NULL ? " and " : ", ", a->pac_unmet[n]);
	}
	cds_finding_evidence(f, "cause", "a dependency of an installed "
	    "package is not installed: %s (pacman) depends on %s, which "
	    "pacman does not have (pacman -Dk reports it)", label, b.s);
	free(label);
	cds_buf_free(&b);
	other_needers(f, "depend on it too", NULL, a->needers);
	cds_finding_fix_argv(f, pacman_argv(a->pac_unmet, 0),
	    pacman_argv(a->pac_unmet, 1));
}

void
cds_aptfix_report(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_aptfix *a)
{
	const struct cds_dpkg *const *v = a->needers;
	char *label;

	(void)c;
	if (a->rpm && !a->nvidia) {
		rpm_report(f, a);
		return;
	}
	if (a->pacman) {
		pacman_report(f, a);
		return;
	}
	if (a->nvidia) {
		char *lib = a->cudnn > 0 ? cds_xasprintf("cuDNN %d for CUDA "
		    "%s%s", a->cudnn, a->release, a->of_part ? ", the CUDA "
		    "installed here" : "") : cds_cuda_lib_label(a->soname);

		if (a->cudnn > 0) {
			cds_finding_evidence(f, "NVIDIA's package", "%s (%s) "
			    "ships %s; %s offers %s (%s), and %s does not "
			    "have it installed", a->package, lib, a->soname,
			    cds_nvidia_repo_label(a->list), a->offered,
			    a->list, a->rpm ? "rpm" : "dpkg");
		} else {
			cds_finding_evidence(f, "NVIDIA's package", "%s (%s of "
			    "CUDA %s%s) ships %s; %s offers %s (%s), and %s "
			    "does not have it installed", a->package, lib,
			    a->release, a->of_part ? ", the release installed "
			    "here" : "", a->soname,
			    cds_nvidia_repo_label(a->list), a->offered,
			    a->list, a->rpm ? "rpm" : "dpkg");
		}
		free(lib);
		cds_finding_fix_argv(f, install_argv(a), a->rpm ?
		    rpm_argv(a->tool, a->package, 1) : apt_argv(a->package,
		    1));
		return;
	}
	if (v[0] == NULL) {
		cds_finding_evidence(f, "Debian package", "%s ships %s in "
		    "Debian %s; dpkg does not have it installed", a->package,
		    a->soname, a->suite);
		cds_finding_fix_argv(f, apt_argv(a->package, 0),
		    apt_argv(a->package, 1));
		return;
	}
	label = cds_dpkg_label(v[0]);
	cds_finding_evidence(f, "cause", "a dependency of an installed "
	    "package is not installed: %s (dpkg: %s) depends on %s, which "
	    "ships %s", label, v[0]->status, a->package, a->soname);
	free(label);
	other_needers(f, "depend on it too", NULL, v);
	if (a->broken) {
		cds_finding_evidence(f, "apt-get -f install", "installs %s and "
		    "configures what waits for it", a->package);
		cds_finding_fix_argv(f, apt_argv(NULL, 0), NULL);
	}
	cds_finding_fix_argv(f, apt_argv(a->package, 0),
	    apt_argv(a->package, 1));
}

/* ------------------------------------------------------------------------ */
/* The CUDA release already here                                             */
/* ------------------------------------------------------------------------ */

/* "12.4.127" -> "12.4" (new string), or NULL. */
static char *
line_of(const char *v)
{
	const char *dot = v != NULL ? strchr(v, '.') : NULL;

	if (dot == NULL || dot[1] < '0' || dot[1] > '9') {
		return NULL;
	}
	return cds_xstrndup(v, (size_t)(dot + 1 - v) + strspn(dot + 1,
	    "0123456789"));
}

/* Is LINE ("12.4") inside RELEASES ("CUDA 12.1-12.9", "CUDA 8.0")? */
static int
in_releases(const char *releases, const char *line)
{
	char *lo, *hi, *dash;
	int in;

	if (!cds_startswith(releases, "CUDA ")) {
		return 0;
	}
	lo = cds_xstrdup(releases + 5);
	lo[strcspn(lo, " ,;")] = '\0';
	dash = strchr(lo, '-');
	hi = dash != NULL ? dash + 1 : lo;
	if (dash != NULL) {
		*dash = '\0';
	}
	in = cds_vercmp(line, lo) >= 0 && cds_vercmp(line, hi) <= 0;
	free(lo);
	return in;
}

/* The versions of CUDA here: the toolkits', and each CUDA runtime the
 * loader finds (libcudart.so.10 ... .13). */
static void
present_lines(struct cds_rule_ctx *c, struct cds_strv *out)
{
	size_t i;
	int major;

	for (i = 0; i < c->s->ntoolkits; i++) {
		char *l = c->s->toolkits[i].exists ?
		    line_of(c->s->toolkits[i].version) : NULL;

		if (l != NULL && !cds_strv_contains(out, l)) {
			cds_strv_push(out, l);
		}
		free(l);
	}
	for (major = 10; major <= 13; major++) {
		char *so = cds_xasprintf("libcudart.so.%d", major);
		struct cds_ld_found *f = cds_loader_find(c->h, so, NULL, 0);
		char *v = f != NULL && f->realpath != NULL ?
		    cds_soname_version(cds_basename(f->realpath)) : NULL;
		char *l = line_of(v);

		if (l != NULL && !cds_strv_contains(out, l)) {
			cds_strv_push(out, l);
		}
		cds_clearerr(c->h);
		free(l);
		free(v);
		cds_ld_found_free(f);
		free(so);
	}
}

char *
cds_cuda_part(struct cds_rule_ctx *c, const char *name)
{
	const struct cds_soname *r;
	struct cds_strv lines = {0};
	char *best = NULL;
	size_t i;

	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL ||
	    strcmp(r->soname, name) != 0) {
		return NULL;
	}
	present_lines(c, &lines);
	for (i = 0; i < lines.n && best == NULL; i++) {
		if (in_releases(r->releases, lines.v[i])) {
			best = cds_xstrdup(lines.v[i]);
		}
	}
	cds_strv_clear(&lines);
	return best;
}

char *
cds_cuda_lib_label(const char *name)
{
	/* the names of NVIDIA's CUDA Toolkit documentation */
	static const char *const labels[][2] = {
		{ "libcublasLt.so", "cuBLASLt" }, { "libcublas.so", "cuBLAS" },
		{ "libcudart.so", "the CUDA runtime" },
		{ "libcufftw.so", "cuFFTW" }, { "libcufft.so", "cuFFT" },
		{ "libcurand.so", "cuRAND" },
		{ "libcusolverMg.so", "cuSOLVERMg" },
		{ "libcusolver.so", "cuSOLVER" },
		{ "libcusparse.so", "cuSPARSE" },
		{ "libnvJitLink.so", "nvJitLink" }, { "libnvrtc.so", "NVRTC" },
		{ "libnvToolsExt.so", "NVTX" }, { "libcupti.so", "CUPTI" },
		{ "libnvjpeg.so", "nvJPEG" }, { "libnpp", "NPP" },
		{ "libnvblas.so", "NVBLAS" },
	};
	size_t i;

	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		if (cds_startswith(name, labels[i][0])) {
			return cds_xstrdup(labels[i][1]);
		}
	}
	return cds_xstrndup(name, strcspn(name, "."));
}

/* ------------------------------------------------------------------------ */
/* The system's package manager's commands, joined                          */
/* ------------------------------------------------------------------------ */

int
cds_argv_system(char *const *argv)
{
	static const char *const tools[] = {
		"apt-get", "apt", "dpkg", "dnf", "yum", "rpm", "pacman", NULL
	};
	const char *const *t;
	const char *w;

	if (argv == NULL || argv[0] == NULL) {
		return 0;
	}
	w = strcmp(argv[0], "sudo") == 0 ? argv[1] : argv[0];
	for (t = tools; w != NULL && *t != NULL; t++) {
		if (strcmp(cds_basename(w), *t) == 0) {
			return 1;
		}
	}
	return 0;
}

/* A verb of apt-get's or dnf's after which come packages, or pacman's
 * operation (-S installs, -R removes). */
static int
is_verb(const char *w)
{
	static const char *const verbs[] = {
		"install", "reinstall", "remove", "purge", "-S", "-R", NULL
	};
	const char *const *v;

	for (v = verbs; *v != NULL; v++) {
		if (strcmp(w, *v) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Is word I of ARGV a package: after the verb, not an option?  A command
 * without such a verb (`dpkg --configure -a`) names none. */
static int
is_package(char *const *argv, size_t i)
{
	size_t k;

	if (argv[i][0] == '-') {
		return 0;
	}
	for (k = 0; k < i; k++) {
		if (is_verb(argv[k])) {
			return 1;
		}
	}
	return 0;
}

/* Do A and B differ only in their packages? */
static int
same_head(char *const *a, char *const *b)
{
	size_t i = 0, k = 0;

	for (;;) {
		while (a[i] != NULL && is_package(a, i)) {
			i++;
		}
		while (b[k] != NULL && is_package(b, k)) {
			k++;
		}
		if (a[i] == NULL || b[k] == NULL) {
			return a[i] == NULL && b[k] == NULL;
		}
		if (strcmp(a[i], b[k]) != 0) {
			return 0;
		}
		i++;
		k++;
	}
}

/* Add to *TO the packages of FROM that it does not name (both have the
 * same other words); *TEXT becomes *TO's shell command. */
static void
join_packages(char ***to, char **text, char *const *from)
{
	struct cds_strv v = {0};
	size_t i, k;

	for (i = 0; (*to)[i] != NULL; i++) {
		cds_strv_push(&v, (*to)[i]);
	}
	for (i = 0; from[i] != NULL; i++) {
		int have = 0;

		if (!is_package(from, i)) {
			continue;
		}
		for (k = 0; k < v.n && !have; k++) {
			have = is_package(v.v, k) && strcmp(v.v[k],
			    from[i]) == 0;
		}
		if (!have) {
			cds_strv_push(&v, from[i]);
		}
	}
	cds_strfreev(*to);
	*to = cds_strv_steal(&v);
	free(*text);
	*text = cds_argv_text(*to);
}

void
cds_syscmds_add(struct cds_syscmds *j, char *const *argv,
    char *const *undo, size_t from)
{
	struct cds_syscmd *x = NULL;
	size_t i;

	for (i = 0; i < j->n && x == NULL; i++) {
		if (same_head(j->v[i].argv, argv)) {
			x = &j->v[i];
		}
	}
	if (x == NULL) {
		j->v = cds_xreallocarray(j->v, j->n + 1, sizeof(*j->v));
		x = &j->v[j->n++];
		memset(x, 0, sizeof(*x));
		x->argv = cds_strv_copy(argv);
		x->command = cds_argv_text(x->argv);
	} else {
		join_packages(&x->argv, &x->command, argv);
	}
	if (undo != NULL && x->undo_argv == NULL) {
		x->undo_argv = cds_strv_copy(undo);
		x->undo = cds_argv_text(x->undo_argv);
	} else if (undo != NULL && same_head(x->undo_argv, undo)) {
		join_packages(&x->undo_argv, &x->undo, undo);
	}
	for (i = 0; i < x->nfrom && x->from[i] != from; i++) {
		continue;
	}
	if (i == x->nfrom) {
		x->from = cds_xreallocarray(x->from, x->nfrom + 1,
		    sizeof(*x->from));
		x->from[x->nfrom++] = from;
	}
}

struct cds_syscmds *
cds_findings_syscmds(const struct cds_findings *f)
{
	struct cds_syscmds *j = cds_xcalloc(1, sizeof(*j));
	size_t i, k;

	for (i = 0; f != NULL && i < f->n; i++) {
		const struct cds_finding *x = &f->items[i];

		for (k = 0; k < x->nfixes; k++) {
			if (cds_argv_system(x->fixes[k].argv)) {
				cds_syscmds_add(j, x->fixes[k].argv,
				    x->fixes[k].undo_argv, i);
			}
		}
	}
	return j;
}

void
cds_syscmds_free(struct cds_syscmds *c)
{
	size_t i;

	if (c == NULL) {
		return;
	}
	for (i = 0; i < c->n; i++) {
		free(c->v[i].command);
		cds_strfreev(c->v[i].argv);
		free(c->v[i].undo);
		cds_strfreev(c->v[i].undo_argv);
		free(c->v[i].from);
	}
	free(c->v);
	free(c);
}

int
cds_apt_offers_check(struct cds_rule_ctx *c, const char *pkg,
    const char *relation, const char *required)
{
	struct cds_apt_offer *o;
	size_t lists, n = cds_apt_offers(c->h, pkg, &o, &lists), i, k;
	const struct cds_dpkg *d;
	struct cds_strv said = {0}, v = {0};
	const char *state;
	int versions = 0, mine = 0, offered = 0;
	struct cds_finding *f;

	if (lists == 0) {
		cds_apt_offers_free(o, n);
		return 0;
	}
	d = cds_pkgdb_find(cds_scan_pkgdb(c->h, c->s), pkg);
	if (d != NULL && !cds_dpkg_present(d)) {
		d = NULL;
	}
	for (i = 0; i < n; i++) {
		char *one = cds_xasprintf("%s (%s)", o[i].version, o[i].list);

		for (k = 0; k < i && strcmp(o[k].version, o[i].version) != 0;
		    k++) {
		}
		versions += k == i;
		mine |= d != NULL && d->version != NULL &&
		    strcmp(d->version, o[i].version) == 0;
		offered |= required != NULL &&
		    strcmp(required, o[i].version) == 0;
		add_once(&said, one);
		free(one);
	}
	if (n == 0) {
		state = "offered by no list here";
	} else if (required != NULL && !offered &&
	    (relation == NULL || strcmp(relation, "=") == 0)) {
		state = "version asked for offered by no list";
	} else if (versions > 1) {
		state = "several versions offered";
	} else if (d != NULL && !mine) {
		state = "installed version offered by no list";
	} else {
		state = "one version offered";
	}
	f = cds_finding_add(c, "MSG-PKG", strcmp(state, "one version "
	    "offered") == 0 ? CDS_SEV_NOTE : CDS_SEV_ERROR, "apt here: %s %s; "
	    "%s", pkg, d != NULL ? d->version : "not installed", state);
	cds_finding_evidence(f, "state", "%s", state);
	if (d != NULL) {
		char *label = cds_dpkg_label(d);

		cds_finding_evidence(f, "installed", "%s (dpkg: %s)", label,
		    d->status);
		free(label);
	} else {
		cds_finding_evidence(f, "installed", "not installed (dpkg)");
	}
	for (i = 0; i < said.n; i++) {
		cds_finding_evidence(f, "offered", "%s", said.v[i]);
	}
	if (n == 0) {
		cds_finding_evidence(f, "lists read", "%zu (var/lib/apt/lists; "
		    "run apt-get update if they are old)", lists);
	}
	if (required != NULL) {
		cds_finding_evidence(f, "asked for", "%s (%s %s)%s", pkg,
		    relation != NULL ? relation : "=", required, offered ?
		    "" : ": no list here offers it");
	}
	cds_strv_push(&v, "apt-cache");
	cds_strv_push(&v, "policy");
	cds_strv_push(&v, pkg);
	cds_finding_fix_argv(f, cds_strv_steal(&v), NULL);
	if (offered && (relation == NULL || strcmp(relation, "=") == 0)) {
		cds_strv_push(&v, "sudo");
		cds_strv_push(&v, "apt-get");
		cds_strv_push(&v, "install");
		cds_strv_push_owned(&v, cds_xasprintf("%s=%s", pkg, required));
		cds_finding_fix_argv(f, cds_strv_steal(&v), NULL);
	}
	cds_strv_clear(&said);
	cds_apt_offers_free(o, n);
	return 1;
}
