/*
 * dnfrepo.c - what the root's rpm repositories offer (dnfrepo.h).
 *
 * A repository is a section of a file in /etc/yum.repos.d (dnf, yum) or
 * /etc/zypp/repos.d (zypper): "[id]", then "key=value" lines.  Each tool
 * keeps what it last downloaded of one in its cache: dnf 4 in
 * var/cache/dnf/ID-HASH/repodata/ (HASH of its URL), dnf 5 in
 * var/cache/libdnf5/ID-HASH/repodata/, yum in var/cache/yum/ARCH/
 * RELEASEVER/ID/ (brave/brave-browser#39686), zypper in
 * var/cache/zypp/raw/ID/repodata/ (openSUSE/opi#179); the package list
 * among it as HASH-primary.xml.gz (or .xz, .bz2, .zst: what the
 * repository's repomd.xml says).  Each package of primary.xml is one
 * <package type="rpm"> element holding <name>, <arch> and <version
 * epoch= ver= rel=/>.  NVIDIA's local repositories (a local installer's
 * package: /var/cuda-repo-rhel9-12-4-local and its .repo file) are read
 * where they lie, from their own repodata/.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "read/dnfrepo.h"
#include "read/unpack.h"

/* Is LINE a "KEY=value" line of KEY (not of "enabled_metadata")? */
static int
key_is(const char *line, const char *key)
{
	size_t n = strlen(key);

	return strncmp(line, key, n) == 0 &&
	    line[n + strspn(line + n, " \t")] == '=';
}

/* Is baseurl line LINE one of NVIDIA's local repositories, the
 * directory the local installer's package puts under /var
 * ("baseurl=file:///var/cuda-repo-rhel9-12-4-local" of
 * /etc/yum.repos.d/cuda-rhel9-12-4-local.repo, from
 * cuda-repo-rhel9-12-4-local-12.4.1_550.54.15-1.x86_64.rpm; cuDNN's
 * cudnn-local-repo-rhel9-9.1.0)?  Its path then, a new string. */
static char *
local_repo(const char *line)
{
	const char *p = strstr(line, "file://");
	size_t n;

	if (p == NULL) {
		return NULL;
	}
	p += 7;
	n = strcspn(p, " \t\r\n");
	while (n > 1 && p[n - 1] == '/') {
		n--;
	}
	if (strncmp(p, "/var/cuda-repo-", 15) != 0 &&
	    strncmp(p, "/var/cudnn-local-repo-", 22) != 0) {
		return NULL;
	}
	if (memchr(p + 5, '/', n - 5) != NULL || memmem(p, n, "..", 2)) {
		return NULL;	/* the directory itself, nothing below */
	}
	return cds_xstrndup(p, n);
}

/* The ids of the enabled repositories of /etc/yum.repos.d and
 * /etc/zypp/repos.d whose baseurl holds URL, into IDS; of those whose
 * baseurl is NVIDIA's local repository (local_repo()), "ID\tPATH" into
 * LOCALS. */
static void
repos_of(const cds_handle_t *h, const char *url, struct cds_strv *ids,
    struct cds_strv *locals)
{
	static const char *const dirs[] = {
		"/etc/yum.repos.d/*.repo", "/etc/zypp/repos.d/*.repo"
	};
	struct cds_strv all = {0};
	char **files;
	size_t i, k;

	for (k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
		files = cds_root_glob(h, dirs[k]);
		for (i = 0; files[i] != NULL; i++) {
			cds_strv_push_owned(&all, files[i]);
		}
		free(files);
	}
	files = cds_strv_steal(&all);
	for (i = 0; files != NULL && files[i] != NULL; i++) {
		char *host = cds_rpath(h, files[i]);
		char *text = cds_read_file(host, 1u << 20, NULL);
		char *id = NULL, *line, *save = NULL, *local = NULL;
		int ours = 0, enabled = 1;

		free(host);
		for (line = text != NULL ? strtok_r(text, "\n", &save) :
		    NULL; ; line = strtok_r(NULL, "\n", &save)) {
			line = line != NULL ? line + strspn(line, " \t") :
			    NULL;
			if (line == NULL || *line == '[') {
				/* the section before ends */
				if (id != NULL && ours && enabled &&
				    !cds_strv_contains(ids, id)) {
					cds_strv_push(ids, id);
				}
				if (id != NULL && local != NULL && enabled) {
					cds_strv_push_owned(locals,
					    cds_xasprintf("%s\t%s", id,
					    local));
				}
				free(id);
				free(local);
				id = NULL;
				local = NULL;
				ours = 0;
				enabled = 1;
				if (line == NULL) {
					break;
				}
				id = cds_xstrndup(line + 1, strcspn(line + 1,
				    "]"));
			} else if (key_is(line, "baseurl") &&
			    strstr(line, url) != NULL) {
				ours = 1;
			} else if (key_is(line, "baseurl") && local == NULL) {
				local = local_repo(line);
			} else if (key_is(line, "enabled")) {
				const char *v = line + 7 + strspn(line + 7,
				    " \t=");

				enabled = *v != '0';
			}
		}
		free(text);
	}
	cds_strfreev(files);
}

/* The value of attribute KEY in the tag at P (up to its '>'); a new
 * string or NULL. */
static char *
attr(const char *p, const char *key)
{
	const char *end = strchr(p, '>'), *at = p;
	size_t n = strlen(key);

	while (end != NULL && (at = strstr(at, key)) != NULL && at < end) {
		if ((at[-1] == ' ' || at[-1] == '\t' || at[-1] == '\n') &&
		    at[n] == '=' && at[n + 1] == '"') {
			return cds_xstrndup(at + n + 2, strcspn(at + n + 2,
			    "\""));
		}
		at += n;
	}
	return NULL;
}

/* The text of element TAG ("<name>") between P and END; a new string or
 * NULL. */
static char *
element(const char *p, const char *end, const char *tag)
{
	const char *at = strstr(p, tag);

	if (at == NULL || at >= end) {
		return NULL;
	}
	at += strlen(tag);
	return cds_xstrndup(at, strcspn(at, "<"));
}

/* Add to *OUT (N offers) the packages of primary.xml TEXT that fit NAME. */
static size_t
read_primary(const char *text, const char *name, int exact,
    const char *list, struct cds_apt_offer **out, size_t n)
{
	const char *p, *end;

	for (p = text; (p = strstr(p, "<package ")) != NULL; p = end) {
		char *nm, *arch, *ver = NULL, *rel = NULL;
		const char *v;

		end = strstr(p, "</package>");
		if (end == NULL) {
			break;
		}
		nm = element(p, end, "<name>");
		arch = element(p, end, "<arch>");
		v = strstr(p, "<version ");
		if (v != NULL && v < end) {
			ver = attr(v, "ver");
			rel = attr(v, "rel");
		}
		if (nm != NULL && ver != NULL && rel != NULL &&
		    (arch == NULL || strcmp(arch, "src") != 0) &&
		    cds_pkg_name_fits(nm, strlen(nm), name, exact)) {
			*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
			(*out)[n].name = nm;
			nm = NULL;
			(*out)[n].version = cds_xasprintf("%s-%s", ver, rel);
			(*out)[n++].list = cds_xstrdup(list);
		}
		free(nm);
		free(arch);
		free(ver);
		free(rel);
	}
	return n;
}

/* Add to *OUT (N offers) the packages fitting NAME of each primary.xml
 * the glob PAT matches, of the repository ID (IDLEN bytes). */
static size_t
read_glob(cds_handle_t *h, const char *pat, const char *id, int idlen,
    const char *name, int exact, struct cds_apt_offer **out, size_t n)
{
	char **files = cds_root_glob(h, pat);
	size_t j;

	for (j = 0; files[j] != NULL; j++) {
		char *host = cds_rpath(h, files[j]);
		char *text = cds_read_unpacked(h, host);
		char *list = cds_xasprintf("%.*s, %s", idlen, id, files[j]);

		if (text != NULL) {
			n = read_primary(text, name, exact, list, out, n);
		}
		free(list);
		free(text);
		free(host);
	}
	cds_strfreev(files);
	return n;
}

size_t
cds_dnf_nvidia_offers(cds_handle_t *h, const char *name, int exact,
    struct cds_apt_offer **out)
{
	static const char *const caches[][2] = {
		{ "/var/cache/dnf/", "-*/repodata/" },
		{ "/var/cache/libdnf5/", "-*/repodata/" },
		{ "/var/cache/yum/*/*/", "/" },
		{ "/var/cache/zypp/raw/", "/repodata/" },
	};
	struct cds_strv ids = {0}, locals = {0};
	size_t n = 0, i, k;
	char *pat;

	*out = NULL;
	repos_of(h, CDS_DNF_NVIDIA_CUDA, &ids, &locals);
	/* a local repository's own metadata, where it lies */
	for (i = 0; i < locals.n; i++) {
		const char *tab = strchr(locals.v[i], '\t');

		pat = cds_xasprintf("%s/repodata/*primary.xml*", tab + 1);
		n = read_glob(h, pat, locals.v[i], (int)(tab - locals.v[i]),
		    name, exact, out, n);
		free(pat);
	}
	cds_strv_clear(&locals);
	/* the tools' caches of the online one */
	for (i = 0; i < ids.n; i++) {
		for (k = 0; k < sizeof(caches) / sizeof(caches[0]); k++) {
			pat = cds_xasprintf("%s%s%s*primary.xml*",
			    caches[k][0], ids.v[i], caches[k][1]);
			n = read_glob(h, pat, ids.v[i], (int)strlen(ids.v[i]),
			    name, exact, out, n);
			free(pat);
		}
	}
	cds_strv_clear(&ids);
	return n;
}
