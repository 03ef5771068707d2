/*
 * pkgdb.c - who owns a file, from dpkg's database: var/lib/dpkg/status
 * (name, version, state of each package) and var/lib/dpkg/info/<pkg>.list
 * (the files each one put on the system), read once into a hash of path ->
 * package.  The lists are kept as read, one string per line, so the hash's
 * keys cost no copies.
 *
 * On a root without dpkg, pacman's local database instead (under the
 * DBPath of its pacman.conf, else var/lib/pacman): one directory
 * local/NAME-VERSION-REL per package, its "desc" and
 * "files" made of sections, a "%KEY%" line then a value a line, ended by
 * an empty line (%NAME%, %VERSION%, %DEPENDS% "cuda>=12.4" or
 * "libcudart.so=12-64", %PROVIDES%; %FILES% "usr/lib/libcudnn.so.9",
 * relative to the root, directories ending in '/').  pacman has no
 * half-installed states: its packages are "installed".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/pkgdb.h"
#include "read/unpack.h"
#include "base/strmap.h"

#define DPKG_DIR "/var/lib/dpkg"

struct cds_pkgdb {
	const cds_handle_t *h;
	struct cds_dpkg *pkgs;
	size_t npkgs;
	struct cds_strmap *paths;	/* path -> struct cds_dpkg * */
	struct cds_strv texts;	/* the list files' contents, and the keys
				   made for merged-/usr aliases */
	char usr_alias[6][8];	/* top directories that are links into usr/ */
	size_t nalias;
};

/* The top directories that a merged /usr made links: /lib -> usr/lib. */
static void
find_aliases(struct cds_pkgdb *db)
{
	static const char *const tops[] = {
		"lib", "lib32", "lib64", "libx32", "bin", "sbin"
	};
	size_t i;

	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++) {
		char *p = cds_xasprintf("/%s", tops[i]);
		char *host = cds_rpath(db->h, p);
		char *t = cds_readlink(host);
		char *want = cds_xasprintf("usr/%s", tops[i]);

		if (t != NULL && (strcmp(t, want) == 0 ||
		    (t[0] == '/' && strcmp(t + 1, want) == 0))) {
			snprintf(db->usr_alias[db->nalias++], 8, "%s",
			    tops[i]);
		}
		free(want);
		free(t);
		free(host);
		free(p);
	}
}

/* PATH as the hash keys it: "/lib/x" -> "/usr/lib/x" when /lib is a link
 * into usr/.  Returns PATH itself, or a new string in *tmp. */
static const char *
key_of(const struct cds_pkgdb *db, const char *path, char **tmp)
{
	size_t i;

	*tmp = NULL;
	for (i = 0; i < db->nalias; i++) {
		size_t n = strlen(db->usr_alias[i]);

		if (path[0] == '/' && strncmp(path + 1, db->usr_alias[i],
		    n) == 0 && (path[n + 1] == '/' || path[n + 1] == '\0')) {
			*tmp = cds_xasprintf("/usr%s", path);
			return *tmp;
		}
	}
	return path;
}

/* The first package to list a path keeps it (directories are shared). */
static void
add_path(struct cds_pkgdb *db, const char *path, struct cds_dpkg *pkg)
{
	char *tmp;
	const char *key = key_of(db, path, &tmp);

	if (cds_strmap_add(db->paths, key, pkg) && tmp != NULL) {
		cds_strv_push_owned(&db->texts, tmp);	/* the map's key */
	} else {
		free(tmp);
	}
}

/* "Package: x" in a paragraph of the status file: the value, or NULL. */
static char *
field(const char *para, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *p = para, *end = para + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (eol == NULL) {
			eol = end;
		}
		if ((size_t)(eol - p) > n + 1 && strncmp(p, name, n) == 0 &&
		    p[n] == ':') {
			const char *v = p + n + 1;

			while (v < eol && (*v == ' ' || *v == '\t')) {
				v++;
			}
			return cds_xstrndup(v, (size_t)(eol - v));
		}
		p = eol + 1;
	}
	return NULL;
}

static void
read_status(struct cds_pkgdb *db)
{
	char *host = cds_rpath(db->h, DPKG_DIR "/status");
	char *text = cds_read_file(host, 256u << 20, NULL), *p;

	free(host);
	if (text == NULL) {
		return;
	}
	for (p = text; *p != '\0';) {
		char *end = strstr(p, "\n\n");
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
		char *name = field(p, len, "Package");
		char *st = field(p, len, "Status");

		if (name != NULL && st != NULL) {
			struct cds_dpkg *d;
			const char *word = strrchr(st, ' ');

			db->pkgs = cds_xreallocarray(db->pkgs, db->npkgs + 1,
			    sizeof(*db->pkgs));
			d = &db->pkgs[db->npkgs++];
			memset(d, 0, sizeof(*d));
			d->mgr = "dpkg";
			d->name = name;
			name = NULL;
			d->arch = field(p, len, "Architecture");
			d->version = field(p, len, "Version");
			d->depends = field(p, len, "Depends");
			d->pre_depends = field(p, len, "Pre-Depends");
			d->provides = field(p, len, "Provides");
			d->status = cds_xstrdup(word != NULL ? word + 1 : st);
		}
		free(name);
		free(st);
		p += len;
		while (*p == '\n') {
			p++;
		}
	}
	free(text);
}

/* The package a list file "name.list" or "name:arch.list" belongs to. */
static ssize_t
pkg_of_list(const struct cds_pkgdb *db, const char *base)
{
	size_t n = strlen(base) - 5, i;
	const char *colon = memchr(base, ':', n);
	size_t nlen = colon != NULL ? (size_t)(colon - base) : n;

	for (i = 0; i < db->npkgs; i++) {
		const struct cds_dpkg *d = &db->pkgs[i];

		if (strlen(d->name) != nlen ||
		    strncmp(d->name, base, nlen) != 0) {
			continue;
		}
		if (colon == NULL || (d->arch != NULL &&
		    strlen(d->arch) == n - nlen - 1 &&
		    strncmp(d->arch, colon + 1, n - nlen - 1) == 0)) {
			return (ssize_t)i;
		}
	}
	return -1;
}

static void
read_lists(struct cds_pkgdb *db)
{
	char **lists = cds_root_glob(db->h, DPKG_DIR "/info/*.list");
	size_t i;

	for (i = 0; lists[i] != NULL; i++) {
		const char *base = cds_basename(lists[i]);
		ssize_t pkg = pkg_of_list(db, base);
		char *host, *text, *line, *nl;

		if (pkg < 0) {
			continue;
		}
		host = cds_rpath(db->h, lists[i]);
		text = cds_read_file(host, 64u << 20, NULL);
		free(host);
		if (text == NULL) {
			continue;
		}
		free(db->pkgs[pkg].list);
		db->pkgs[pkg].list = cds_xstrdup(base);
		cds_strv_push_owned(&db->texts, text);
		for (line = text; *line != '\0'; line = nl + 1) {
			if ((nl = strchr(line, '\n')) == NULL) {
				if (*line == '/') {
					add_path(db, line, &db->pkgs[pkg]);
				}
				break;
			}
			*nl = '\0';
			if (*line == '/') {
				add_path(db, line, &db->pkgs[pkg]);
			}
		}
	}
	cds_strfreev(lists);
}

/* The values of section KEY ("%DEPENDS%") of a pacman database file's
 * TEXT, each cut where CUT ("<>=:", or "" to keep) begins; joined with
 * ", " when JOIN, else the first.  A new string or NULL. */
static char *
pac_section(const char *text, const char *key, const char *cut, int join)
{
	size_t n = strlen(key);
	const char *p = text;
	struct cds_buf b = {0};

	while ((p = strstr(p, key)) != NULL && !((p == text || p[-1] ==
	    '\n') && p[n] == '\n')) {
		p += n;
	}
	if (p == NULL) {
		return NULL;
	}
	for (p += n + 1; *p != '\0' && *p != '\n';) {
		size_t len = strcspn(p, "\n"), v = strcspn(p, cut);

		if (v > len) {
			v = len;
		}
		if (v > 0) {	/* a value with a name before its operator */
			cds_buf_addf(&b, "%s%.*s", b.s != NULL ? ", " : "",
			    (int)v, p);
		}
		p += len + (p[len] == '\n');
		if (!join) {
			break;
		}
	}
	return cds_buf_steal(&b);
}

/* Add the paths of pacman's file list FILES ("%FILES%" then "usr/lib/x"
 * a line) as "/usr/lib/x", owned by D. */
static void
pac_files(struct cds_pkgdb *db, const char *files, struct cds_dpkg *d)
{
	const char *line = strstr(files, "%FILES%\n");

	for (line = line != NULL ? line + 8 : NULL; line != NULL &&
	    *line != '\0' && *line != '\n';) {
		size_t len = strcspn(line, "\n");

		if (line[len - 1] != '/') {
			char *path = cds_xasprintf("/%.*s", (int)len, line);

			cds_strv_push_owned(&db->texts, path);
			add_path(db, path, d);
		}
		line += len + (line[len] == '\n');
	}
}

/* ------------------------------------------------------------------------ */
/* pacman.conf                                                               */
/* ------------------------------------------------------------------------ */

char **
cds_pacman_conf(const cds_handle_t *h, const char *key)
{
	char *text = cds_root_read_file(h, "/etc/pacman.conf", 1u << 20,
	    NULL), *line, *next, *eq, *v;
	struct cds_strv out = {0};
	int options = 0;
	size_t n;

	for (line = text; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL) {
			*next++ = '\0';
		}
		line += strspn(line, " \t");
		if (*line == '#' || *line == '\0') {
			continue;
		}
		if (*line == '[') {
			options = cds_startswith(line, "[options]");
			continue;
		}
		n = strcspn(line, " \t=");
		if (!options || n != strlen(key) ||
		    strncmp(line, key, n) != 0 ||
		    (eq = strchr(line + n, '=')) == NULL) {
			continue;
		}
		/* a repeating option's values are split at blanks; a
		 * later line of a single one overrides */
		for (v = eq + 1; *(v += strspn(v, " \t")) != '\0'; v += n) {
			n = strcspn(v, " \t#");
			if (n == 0) {
				break;
			}
			cds_strv_push_owned(&out, cds_xstrndup(v, n));
		}
	}
	free(text);
	return cds_strv_steal(&out);
}

char *
cds_pacman_db(const cds_handle_t *h, const char *sub)
{
	char **v = cds_pacman_conf(h, "DBPath");
	const char *dir = "/var/lib/pacman";
	size_t i, n = 0;
	char *r;

	for (i = 0; v[i] != NULL; i++) {
		if (v[i][0] == '/') {
			dir = v[i];	/* the last one set */
		}
	}
	n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/') {
		n--;
	}
	r = cds_xasprintf("%.*s/%s", (int)n, dir, sub);
	cds_strfreev(v);
	return r;
}

char **
cds_pacman_cachedirs(const cds_handle_t *h)
{
	char **v = cds_pacman_conf(h, "CacheDir");
	struct cds_strv out = {0};
	size_t i, n;

	for (i = 0; v[i] != NULL; i++) {
		n = strlen(v[i]);
		while (n > 1 && v[i][n - 1] == '/') {
			n--;
		}
		if (v[i][0] == '/') {
			cds_strv_push_owned(&out, cds_xstrndup(v[i], n));
		}
	}
	if (out.n == 0) {
		cds_strv_push(&out, "/var/cache/pacman/pkg");
	}
	cds_strfreev(v);
	return cds_strv_steal(&out);
}

/* pacman's local database: every package's desc, then (the packages no
 * longer moving) their files. */
static void
read_pacman(struct cds_pkgdb *db)
{
	char *local = cds_pacman_db(db->h, "local/*/desc");
	char **descs = cds_root_glob(db->h, local);
	size_t i, *of = NULL;

	free(local);

	for (i = 0; descs[i] != NULL; i++) {
		char *host = cds_rpath(db->h, descs[i]);
		char *text = cds_read_file(host, 1u << 20, NULL);
		struct cds_dpkg *d;

		free(host);
		if (text == NULL) {
			continue;
		}
		db->pkgs = cds_xreallocarray(db->pkgs, db->npkgs + 1,
		    sizeof(*db->pkgs));
		of = cds_xreallocarray(of, db->npkgs + 1, sizeof(*of));
		d = &db->pkgs[db->npkgs];
		memset(d, 0, sizeof(*d));
		d->name = pac_section(text, "%NAME%", "", 0);
		if (d->name == NULL) {
			free(text);
			continue;
		}
		of[db->npkgs++] = i;
		d->mgr = "pacman";
		d->version = pac_section(text, "%VERSION%", "", 0);
		d->arch = pac_section(text, "%ARCH%", "", 0);
		d->depends = pac_section(text, "%DEPENDS%", "<>=:", 1);
		d->provides = pac_section(text, "%PROVIDES%", "<>=:", 1);
		d->status = cds_xstrdup("installed");
		free(text);
	}
	for (i = 0; i < db->npkgs; i++) {
		const char *desc = descs[of[i]];
		char *fp = cds_xasprintf("%.*sfiles", (int)(strlen(desc) - 4),
		    desc);
		char *host = cds_rpath(db->h, fp);
		char *files = cds_read_file(host, 64u << 20, NULL);

		if (files != NULL) {
			pac_files(db, files, &db->pkgs[i]);
		}
		free(files);
		free(host);
		free(fp);
	}
	free(of);
	cds_strfreev(descs);
}

struct cds_pkgdb *
cds_pkgdb_load(cds_handle_t *h)
{
	struct cds_pkgdb *db = cds_xcalloc(1, sizeof(*db));
	double t0 = cds_now_ms();

	db->h = h;
	db->paths = cds_strmap_new(0);
	find_aliases(db);
	read_status(db);
	if (db->npkgs > 0) {
		read_lists(db);
	} else {
		read_pacman(db);
	}
	cds_log(h, CDS_LOG_DEBUG, "%s database: %zu packages, %zu paths "
	    "in %.1f ms", db->npkgs > 0 ? db->pkgs[0].mgr : "dpkg",
	    db->npkgs, cds_strmap_size(db->paths), cds_now_ms() - t0);
	return db;
}

void
cds_pkgdb_free(struct cds_pkgdb *db)
{
	size_t i;

	if (db == NULL) {
		return;
	}
	for (i = 0; i < db->npkgs; i++) {
		free(db->pkgs[i].name);
		free(db->pkgs[i].arch);
		free(db->pkgs[i].version);
		free(db->pkgs[i].status);
		free(db->pkgs[i].list);
		free(db->pkgs[i].depends);
		free(db->pkgs[i].pre_depends);
		free(db->pkgs[i].provides);
	}
	free(db->pkgs);
	cds_strmap_free(db->paths, NULL);
	cds_strv_clear(&db->texts);
	free(db);
}

int
cds_pkgdb_empty(const struct cds_pkgdb *db)
{
	return db == NULL || db->npkgs == 0;
}

const char *
cds_pkgdb_tool(const struct cds_pkgdb *db)
{
	return cds_pkgdb_empty(db) ? NULL : db->pkgs[0].mgr;
}

static const struct cds_dpkg *
lookup(const struct cds_pkgdb *db, const char *path)
{
	const struct cds_dpkg *p;
	char *tmp;

	p = cds_strmap_get(db->paths, key_of(db, path, &tmp));
	free(tmp);
	return p;
}

const struct cds_dpkg *
cds_pkgdb_owner(const struct cds_pkgdb *db, const char *path)
{
	const struct cds_dpkg *p;
	char *real;

	if (db == NULL || path == NULL || path[0] != '/') {
		return NULL;
	}
	if ((p = lookup(db, path)) != NULL) {
		return p;
	}
	real = cds_realpath_in_root(db->h, path);
	if (real != NULL && strcmp(real, path) != 0) {
		p = lookup(db, real);
	}
	free(real);
	return p;
}

const struct cds_dpkg *
cds_pkgdb_find(const struct cds_pkgdb *db, const char *name)
{
	size_t i;

	for (i = 0; db != NULL && i < db->npkgs; i++) {
		if (strcmp(db->pkgs[i].name, name) == 0) {
			return &db->pkgs[i];
		}
	}
	return NULL;
}

char *
cds_pkgdb_script(const struct cds_pkgdb *db, const struct cds_dpkg *p,
    const char *which)
{
	char *stem, *path, *host, *text;

	if (p->list == NULL) {
		return NULL;
	}
	stem = cds_xstrndup(p->list, strlen(p->list) - 5);
	path = cds_xasprintf(DPKG_DIR "/info/%s.%s", stem, which);
	host = cds_rpath(db->h, path);
	text = cds_read_file(host, 1u << 20, NULL);
	free(host);
	free(path);
	free(stem);
	return text;
}

char *
cds_dpkg_label(const struct cds_dpkg *p)
{
	return cds_xasprintf("%s %s", p->name, p->version != NULL ?
	    p->version : "(no version)");
}

int
cds_dpkg_unfinished(const struct cds_dpkg *p)
{
	static const char *const states[] = {
		"half-installed", "unpacked", "half-configured", NULL
	};
	const char *const *s;

	for (s = states; *s != NULL; s++) {
		if (strcmp(p->status, *s) == 0) {
			return 1;
		}
	}
	return 0;
}

char **
cds_dpkg_fix_argv(const struct cds_dpkg *p)
{
	struct cds_strv v = {0};

	cds_strv_push(&v, "sudo");
	/* unpacked or half-configured: configuring it runs its script again;
	 * half-installed needs its files again */
	if (strcmp(p->mgr, "pacman") == 0) {
		cds_strv_push(&v, "pacman");
		cds_strv_push(&v, "-S");
		cds_strv_push(&v, p->name);
	} else if (cds_dpkg_unfinished(p) && strcmp(p->status,
	    "half-installed") != 0) {
		cds_strv_push(&v, "dpkg");
		cds_strv_push(&v, "--configure");
		cds_strv_push(&v, "-a");
	} else {
		cds_strv_push(&v, "apt-get");
		cds_strv_push(&v, "install");
		cds_strv_push(&v, "--reinstall");
		cds_strv_push(&v, p->name);
	}
	return cds_strv_steal(&v);
}

char *
cds_dpkg_fix_command(const struct cds_dpkg *p)
{
	/* Debian's package names need no quoting (Policy 5.6.1) */
	char **v = cds_dpkg_fix_argv(p);
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; v[i] != NULL; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? " " : "", v[i]);
	}
	cds_strfreev(v);
	return cds_buf_steal(&b);
}

/* Does the comma-separated relation list LIST name NAME ("a (>= 1), b")? */
static int
names(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	if (n == 0) {
		return 0;
	}
	while ((p = strstr(p, name)) != NULL) {
		int start = p == list || p[-1] == ' ' || p[-1] == ',' ||
		    p[-1] == '|';
		int end = p[n] == '\0' || p[n] == ' ' || p[n] == ',' ||
		    p[n] == '(' || p[n] == ':';

		if (start && end) {
			return 1;
		}
		p += n;
	}
	return 0;
}

const struct cds_dpkg *
cds_pkgdb_provider(const struct cds_pkgdb *db, const char *name)
{
	size_t i;

	for (i = 0; db != NULL && i < db->npkgs; i++) {
		const struct cds_dpkg *p = &db->pkgs[i];

		if (p->provides != NULL && strcmp(p->status, "not-installed") !=
		    0 && names(p->provides, name)) {
			return p;
		}
	}
	return NULL;
}

int
cds_dpkg_present(const struct cds_dpkg *p)
{
	return p != NULL && strcmp(p->status, "not-installed") != 0 &&
	    strcmp(p->status, "config-files") != 0;
}

/* Is the alternative ALT ("libcuda1 (>= 525)", "python3:any") met here? */
static int
alt_met(const struct cds_pkgdb *db, const char *alt)
{
	char *name = cds_xstrndup(alt, strcspn(alt, " (:\t"));
	size_t i;
	int met = 0;

	for (i = 0; i < db->npkgs && !met; i++) {
		const struct cds_dpkg *p = &db->pkgs[i];

		met = cds_dpkg_present(p) && (strcmp(p->name, name) == 0 ||
		    (p->provides != NULL && names(p->provides, name)));
	}
	free(name);
	return met;
}

/* Does relation list LIST have a group naming NAME that nothing meets? */
static int
unmet_in(const struct cds_pkgdb *db, const char *list, const char *name)
{
	char **groups, **g;
	int unmet = 0;

	if (list == NULL || !names(list, name)) {
		return 0;
	}
	groups = cds_strsplit(list, ",", 0);
	for (g = groups; *g != NULL && !unmet; g++) {
		char **alts, **a;
		int met = 0;

		if (!names(cds_strtrim(*g), name)) {
			continue;
		}
		alts = cds_strsplit(*g, "|", 0);
		for (a = alts; *a != NULL && !met; a++) {
			met = alt_met(db, cds_strtrim(*a));
		}
		cds_strfreev(alts);
		unmet = !met;
	}
	cds_strfreev(groups);
	return unmet;
}

char **
cds_pkgdb_unmet(const struct cds_pkgdb *db, const struct cds_dpkg *p)
{
	const char *lists[2];
	struct cds_strv out = {0};
	size_t k;

	lists[0] = p->pre_depends;
	lists[1] = p->depends;
	for (k = 0; k < 2; k++) {
		char **groups, **g;

		if (lists[k] == NULL) {
			continue;
		}
		groups = cds_strsplit(lists[k], ",", 0);
		for (g = groups; *g != NULL; g++) {
			char **alts = cds_strsplit(*g, "|", 0), **a;
			int met = 0;

			for (a = alts; *a != NULL && !met; a++) {
				met = alt_met(db, cds_strtrim(*a));
			}
			if (!met && alts[0] != NULL) {
				char *t = cds_strtrim(alts[0]);
				char *nm = cds_xstrndup(t, strcspn(t, " (:\t"));

				if (*nm != '\0' && !cds_strv_contains(&out,
				    nm)) {
					cds_strv_push(&out, nm);
				}
				free(nm);
			}
			cds_strfreev(alts);
		}
		cds_strfreev(groups);
	}
	if (out.n == 0) {
		return cds_xcalloc(1, sizeof(char *));
	}
	return cds_strv_steal(&out);
}

const struct cds_dpkg **
cds_pkgdb_needers(const struct cds_pkgdb *db, const char *name)
{
	const struct cds_dpkg **v = cds_xcalloc(1, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; db != NULL && i < db->npkgs; i++) {
		const struct cds_dpkg *p = &db->pkgs[i];

		if (cds_dpkg_present(p) && (unmet_in(db, p->depends, name) ||
		    unmet_in(db, p->pre_depends, name))) {
			v = cds_xreallocarray(v, n + 2, sizeof(*v));
			v[n++] = p;
			v[n] = NULL;
		}
	}
	return v;
}

/* ------------------------------------------------------------------------ */
/* What apt's lists offer                                                    */
/* ------------------------------------------------------------------------ */

#define APT_LISTS "/var/lib/apt/lists"

int
cds_pkg_name_fits(const char *name, size_t len, const char *prefix,
    int exact)
{
	size_t n = prefix != NULL ? strlen(prefix) : 0, d;

	if (prefix == NULL) {
		return 1;
	}
	if (len < n || strncmp(name, prefix, n) != 0) {
		return 0;
	}
	if (exact) {
		return len == n;
	}
	name += n;
	len -= n;
	d = strspn(name, "0123456789");
	if (d == 0) {
		return 0;
	}
	if (d == len) {
		return 1;
	}
	return name[d] == '-' && d + 1 < len &&
	    strspn(name + d + 1, "0123456789") == len - d - 1;
}

/* Is list file BASE one of apt's package lists: "..._Packages", or kept
 * compressed as apt does where Acquire::GzipIndexes is set (Docker's
 * Debian and Ubuntu images: docker-library/official-images#1953), in its
 * KeepCompressedAs format (lz4 by default) or another? */
static int
packages_list(const char *base)
{
	static const char *const ends[] = {
		"_Packages", "_Packages.lz4", "_Packages.gz", "_Packages.xz",
		"_Packages.zst", "_Packages.bz2", "_Packages.lzma"
	};
	size_t i;

	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		if (cds_endswith(base, ends[i])) {
			return 1;
		}
	}
	return 0;
}

/* The paragraphs of the lists GLOB (then "*") matches whose package NAME
 * fits (cds_pkg_name_fits()); the list count in *LISTS.  A list's name
 * is given without its compression's suffix. */
static size_t
offers(cds_handle_t *h, const char *glob, const char *name, int exact,
    struct cds_apt_offer **out, size_t *lists)
{
	char *pat = cds_xasprintf("%s*", glob);
	char **files = cds_root_glob(h, pat);
	size_t n = 0, nfiles = 0, i;

	free(pat);
	*out = NULL;
	for (i = 0; files[i] != NULL; i++) {
		char *host, *text, *list;
		const char *at, *base = strrchr(files[i], '/');

		base = base != NULL ? base + 1 : files[i];
		if (!packages_list(base)) {
			continue;
		}
		/* an uncompressed list of a file: repository is apt's link
		   to that repository's Packages, absolute inside the root */
		host = cds_rpath_follow(h, files[i]);
		text = host != NULL ? cds_read_unpacked(h, host) : NULL;
		free(host);
		if (text == NULL) {
			continue;
		}
		nfiles++;
		list = cds_xstrndup(base, strstr(base, "_Packages") + 9 - base);
		/* each paragraph that begins "Package: " and a name that
		   fits; a name inside another field is not one */
		for (at = text; (at = strstr(at, "Package: ")) != NULL;
		    at += 9) {
			const char *end, *nm = at + 9;
			size_t len = strcspn(nm, " \n");
			char *v;

			if ((at != text && at[-1] != '\n') ||
			    !cds_pkg_name_fits(nm, len, name, exact)) {
				continue;
			}
			end = strstr(at, "\n\n");
			v = field(at, end != NULL ? (size_t)(end - at) :
			    strlen(at), "Version");
			if (v == NULL) {
				continue;
			}
			*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
			(*out)[n].name = cds_xstrndup(nm, len);
			(*out)[n].version = v;
			(*out)[n++].list = cds_xstrdup(list);
		}
		free(list);
		free(text);
	}
	cds_strfreev(files);
	if (lists != NULL) {
		*lists = nfiles;
	}
	return n;
}

size_t
cds_apt_offers(cds_handle_t *h, const char *name,
    struct cds_apt_offer **out, size_t *lists)
{
	return offers(h, APT_LISTS "/*_Packages", name, 1, out, lists);
}

size_t
cds_apt_nvidia_offers(cds_handle_t *h, const char *name, int exact,
    struct cds_apt_offer **out)
{
	static const char *const globs[] = {
		APT_LISTS "/" CDS_APT_NVIDIA_CUDA "*_Packages",
		APT_LISTS "/" CDS_APT_NVIDIA_LOCAL_CUDA "*_Packages",
		APT_LISTS "/" CDS_APT_NVIDIA_LOCAL_CUDNN "*_Packages",
	};
	struct cds_apt_offer *v;
	size_t n = 0, k, i, m;

	*out = NULL;
	for (k = 0; k < sizeof(globs) / sizeof(globs[0]); k++) {
		m = offers(h, globs[k], name, exact, &v, NULL);
		if (m == 0) {
			continue;
		}
		*out = cds_xreallocarray(*out, n + m, sizeof(**out));
		for (i = 0; i < m; i++) {
			(*out)[n++] = v[i];
		}
		free(v);
	}
	return n;
}

const char *
cds_nvidia_repo_label(const char *list)
{
	if (list == NULL) {
		return "NVIDIA's CUDA repository";
	}
	/* apt's list of it, or an rpm repository's own metadata there */
	if (strncmp(list, CDS_APT_NVIDIA_LOCAL_CUDNN,
	    strlen(CDS_APT_NVIDIA_LOCAL_CUDNN)) == 0 ||
	    strstr(list, "/var/cudnn-local-repo-") != NULL) {
		return "NVIDIA's local cuDNN repository";
	}
	if (strncmp(list, CDS_APT_NVIDIA_LOCAL_CUDA,
	    strlen(CDS_APT_NVIDIA_LOCAL_CUDA)) == 0 ||
	    strstr(list, "/var/cuda-repo-") != NULL) {
		return "NVIDIA's local CUDA repository";
	}
	return "NVIDIA's CUDA repository";
}

void
cds_apt_offers_free(struct cds_apt_offer *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].version);
		free(v[i].list);
	}
	free(v);
}

/* ------------------------------------------------------------------------ */
/* What pacman's sync databases offer                                        */
/* ------------------------------------------------------------------------ */


struct pac_want {
	const char *name;	/* by name (desc), or NULL: */
	const char *soname;	/* by a file of its list */
	const char *list;	/* the database's file name */
	struct cds_apt_offer *out;
	size_t n;
};

static void
pac_offer(struct pac_want *w, char *name, char *version)
{
	if (version == NULL) {
		free(name);
		return;
	}
	w->out = cds_xreallocarray(w->out, w->n + 1, sizeof(*w->out));
	w->out[w->n].name = name;
	w->out[w->n].version = version;
	w->out[w->n++].list = cds_xstrdup(w->list);
}

/* A member "NAME-VER-REL/desc" or ".../files" of a sync database. */
static int
pac_member(void *arg, const char *member, const char *text)
{
	struct pac_want *w = arg;

	if (w->name != NULL) {
		char *nm = pac_section(text, "%NAME%", "", 0);

		if (nm != NULL && strcmp(nm, w->name) == 0) {
			pac_offer(w, nm, pac_section(text, "%VERSION%", "",
			    0));
			return 0;
		}
		free(nm);
		return 0;
	}
	{
		size_t n = strlen(w->soname);
		const char *p = text;

		while ((p = strstr(p, w->soname)) != NULL) {
			if (p > text && p[-1] == '/' && (p[n] == '\n' ||
			    p[n] == '\0')) {
				/* "cudnn-9.8.0.87-1/files": the version is
				   the last two words of the directory */
				size_t d = strcspn(member, "/");
				char *dir = cds_xstrndup(member, d);
				char *rel = strrchr(dir, '-'), *ver;

				if (rel != NULL) {
					*rel = '\0';
					ver = strrchr(dir, '-');
					*rel = '-';
					if (ver != NULL && ver > dir) {
						pac_offer(w, cds_xstrndup(dir,
						    (size_t)(ver - dir)),
						    cds_xstrdup(ver + 1));
					}
				}
				free(dir);
				break;
			}
			p += n;
		}
	}
	return 0;
}

size_t
cds_pacman_offers(cds_handle_t *h, const char *name, const char *soname,
    struct cds_apt_offer **out)
{
	struct pac_want w = {0};
	char *pat = cds_pacman_db(h, name != NULL ? "sync/*.db" :
	    "sync/*.files");
	char **dbs = cds_root_glob(h, pat);
	size_t i;

	free(pat);

	w.name = name;
	w.soname = soname;
	for (i = 0; dbs[i] != NULL; i++) {
		char *host = cds_rpath_follow(h, dbs[i]);

		w.list = cds_basename(dbs[i]);
		(void)cds_unpack_each(h, host, name != NULL ? "/desc" :
		    "/files", pac_member, &w);
		free(host);
	}
	cds_strfreev(dbs);
	*out = w.out;
	return w.n;
}
