/*
 * manifest.c - read our index.json and NVIDIA's redistrib_<label>.json.
 *
 * Trust flows down: the index pins each redistrib file's SHA-256, and each
 * redistrib file pins each archive's SHA-256 and size.  A redistrib file
 * given directly (--manifest redistrib_X.json) is trusted through TLS or
 * the local file system alone, and the client is told so.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <sys/utsname.h>
#include <time.h>

#include <jansson.h>

#include "base/crypto.h"
#include "sys/http.h"
#include "read/manifest.h"
#include "base/version.h"

/*
 * FILE cannot be used as a manifest: WHY, a parser's words about a field
 * or a line (data, untranslated).  CDS_ERR_MANIFEST with its reason and
 * names, the detail "FILE: WHY".  Returns -1.
 */
static int
bad_manifest(cds_handle_t *h, const char *file, const char *fmt, ...)
    CDS_PRINTF(3, 4);

static int
bad_manifest(cds_handle_t *h, const char *file, const char *fmt, ...)
{
	va_list ap;
	char *why;

	va_start(ap, fmt);
	why = cds_xvasprintf(fmt, ap);
	va_end(ap);
	cds_seterr_why(h, CDS_ERR_MANIFEST, CDS_REASON_BAD_MANIFEST,
	    CDS_ERRNAMES({ CDS_ERRARG_PATH, file }, { CDS_ERRARG_WHY, why }),
	    "%s: %s", file, why);
	free(why);
	return -1;
}

#define INDEX_SCHEMA 1

static const char *const cuda_base_default =
    "https://developer.download.nvidia.com/compute/cuda/redist/";
static const char *const cudnn_base_default =
    "https://developer.download.nvidia.com/compute/cudnn/redist/";

void
cds_archive_clear(struct cds_archive *a)
{
	free(a->component);
	free(a->version);
	free(a->variant);
	free(a->relative_path);
	free(a->sha256);
	memset(a, 0, sizeof(*a));
}

void
cds_archives_free(struct cds_archive **v)
{
	struct cds_archive **p;

	if (v == NULL) {
		return;
	}
	for (p = v; *p != NULL; p++) {
		cds_archive_clear(*p);
		free(*p);
	}
	free(v);
}

static void
release_clear(struct cds_release *r)
{
	size_t i;

	free(r->version);
	free(r->full_version);
	free(r->redistrib);
	free(r->redistrib_sha256);
	free(r->base_url);
	free(r->min_driver);
	free(r->bundled_driver);
	cds_strfreev(r->components);
	for (i = 0; i < r->nvariants; i++) {
		free(r->variants[i].name);
		free(r->variants[i].cuda_min);
		free(r->variants[i].cuda_max);
		free(r->variants[i].min_driver);
	}
	free(r->variants);
}

void
cds_manifest_free(struct cds_manifest *m)
{
	size_t i;

	if (m == NULL) {
		return;
	}
	for (i = 0; i < m->nreleases; i++) {
		release_clear(&m->releases[i]);
	}
	free(m->releases);
	for (i = 0; i < m->nframeworks; i++) {
		struct cds_framework_req *f = &m->frameworks[i];

		free(f->name);
		free(f->version);
		free(f->variant);
		free(f->cuda);
		free(f->cudnn);
		free(f->index_url);
		free(f->archs);
		free(f->ptx);
		free(f->min_driver);
		free(f->build_source);
	}
	free(m->frameworks);
	for (i = 0; i < m->nfloors; i++) {
		free(m->floors[i].cuda);
		free(m->floors[i].min_driver);
		free(m->floors[i].note);
	}
	free(m->floors);
	for (i = 0; i < m->nextras; i++) {
		free(m->extras[i].release);
		free(m->extras[i].platform);
		cds_archive_clear(&m->extras[i].a);
	}
	free(m->extras);
	for (i = 0; i < m->nsets; i++) {
		free(m->sets[i].platform);
		free(m->sets[i].variant);
		cds_archives_free(m->sets[i].items);
	}
	free(m->sets);
	for (i = 0; i < m->nknown_bad; i++) {
		free(m->known_bad[i].versions);
		free(m->known_bad[i].with_cuda);
		free(m->known_bad[i].reason);
		free(m->known_bad[i].source);
	}
	free(m->known_bad);
	for (i = 0; i < m->nlegacy; i++) {
		free(m->legacy[i].cuda);
		cds_strfreev(m->legacy[i].sonames);
		free(m->legacy[i].where);
		free(m->legacy[i].conda);
		free(m->legacy[i].source);
	}
	free(m->legacy);
	for (i = 0; i < m->nlib_mins; i++) {
		struct cds_lib_min *l = &m->lib_mins[i];

		free(l->package);
		free(l->versions);
		free(l->component);
		free(l->wheel);
		free(l->min);
		free(l->below);
		free(l->source);
	}
	free(m->lib_mins);
	for (i = 0; i < m->nlegacy_cudnn; i++) {
		free(m->legacy_cudnn[i].cudnn);
		cds_strfreev(m->legacy_cudnn[i].sonames);
		cds_strfreev(m->legacy_cudnn[i].cuda);
		free(m->legacy_cudnn[i].source);
	}
	free(m->legacy_cudnn);
	for (i = 0; i < m->nsonames; i++) {
		struct cds_soname *sn = &m->sonames[i];

		free(sn->soname);
		free(sn->component);
		free(sn->kind);
		free(sn->releases);
		free(sn->debian);
		free(sn->conda);
		free(sn->pip);
		free(sn->source);
	}
	free(m->sonames);
	for (i = 0; i < m->ncompsets; i++) {
		free(m->compsets[i].name);
		cds_strfreev(m->compsets[i].components);
		free(m->compsets[i].note);
	}
	free(m->compsets);
	free(m->bare_text);
	free(m->generated);
	free(m->expires);
	free(m->update_url);
	free(m->path);
	free(m->dir);
	free(m);
}

/* ------------------------------------------------------------------------ */
/* Names: one grammar for everything that becomes a path or a line          */
/* ------------------------------------------------------------------------ */

static int
key_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '+' ||
	    ch == '-';
}

/* One KEY-like word of N bytes at S. */
static const char *
word_bad(const char *s, size_t n, size_t max, int digit_first)
{
	size_t i;

	if (n == 0) {
		return "empty";
	}
	for (i = 0; i < n; i++) {
		if (!key_char(s[i])) {
			return (unsigned char)s[i] < 0x20 || s[i] == 0x7f ?
			    "holds a control character" : s[i] == '/' ?
			    "holds a '/'" : "holds a character other than "
			    "letters, digits, '.', '_', '+', '-'";
		}
		if (s[i] == '.' && i + 1 < n && s[i + 1] == '.') {
			return "holds \"..\"";
		}
	}
	if (digit_first ? !(s[0] >= '0' && s[0] <= '9') :
	    !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	    (s[0] >= '0' && s[0] <= '9'))) {
		return digit_first ? "does not start with a digit" :
		    "does not start with a letter or digit";
	}
	if (n > max) {
		return "too long";
	}
	return NULL;
}

const char *
cds_name_bad(enum cds_name_kind kind, const char *s)
{
	const char *p, *why;
	size_t n;

	if (s == NULL || *s == '\0') {
		return "empty";
	}
	n = strlen(s);
	switch (kind) {
	case CDS_NAME_KEY:
		return word_bad(s, n, 64, 0);
	case CDS_NAME_VERSION:
		return word_bad(s, n, 40, 1);
	case CDS_NAME_PATH:
		if (n > 256) {
			return "too long";
		}
		for (p = s;; p += n + 1) {
			n = strcspn(p, "/");
			if ((why = word_bad(p, n, 256, 0)) != NULL) {
				return why;
			}
			if (p[n] == '\0') {
				return NULL;
			}
		}
	case CDS_NAME_TEXT:
		if (n > 1024) {
			return "too long";
		}
		for (p = s; *p != '\0'; p++) {
			if ((unsigned char)*p < 0x20 || *p == 0x7f) {
				return "holds a control character";
			}
		}
		return NULL;
	}
	return "unknown";
}

int
cds_release_name_ok(const char *name)
{
	const char *rest;

	if (cds_startswith(name, "cuda-")) {
		rest = name + 5;
	} else if (cds_startswith(name, "cudnn-")) {
		rest = name + 6;
	} else {
		return 0;
	}
	/* VERSION, or VERSION-VARIANT: the same characters */
	return strlen(rest) <= 40 + 1 + 64 &&
	    word_bad(rest, strlen(rest), 40 + 1 + 64, 1) == NULL;
}

/* Check string S of FIELD against KIND; -1 with CDS_ERR_MANIFEST naming
 * the file, the field and the reason. */
static int
check_name(cds_handle_t *h, const char *file, const char *field,
    enum cds_name_kind kind, const char *s)
{
	static const char *const what[] = {
		[CDS_NAME_KEY] = "a name",
		[CDS_NAME_VERSION] = "a version",
		[CDS_NAME_PATH] = "a relative path",
		[CDS_NAME_TEXT] = "text",
	};
	const char *why = cds_name_bad(kind, s);
	char *shown;

	if (why == NULL) {
		return 0;
	}
	shown = cds_printable(s != NULL ? s : "", 80);
	bad_manifest(h, file, "%s: \"%s\" is not %s: %s", field, shown,
	    what[kind], why);
	free(shown);
	return -1;
}

/* A JSON string member checked as KIND when present.  FIELD names it. */
static int
check_member(cds_handle_t *h, const char *file, const char *field,
    json_t *o, const char *key, enum cds_name_kind kind)
{
	json_t *v = json_object_get(o, key);
	char *f;
	int r;

	if (v == NULL || json_is_null(v)) {
		return 0;
	}
	f = cds_xasprintf("%s%s%s", field, *field != '\0' ? "." : "", key);
	if (!json_is_string(v)) {
		bad_manifest(h, file, "%s: not a string",
		    f);
		free(f);
		return -1;
	}
	r = check_name(h, file, f, kind, json_string_value(v));
	free(f);
	return r;
}

/* A size: decimal digits (a string, as NVIDIA writes it, or an integer),
 * at most CDS_MAX_ARCHIVE_SIZE. */
static int
parse_size(json_t *v, uint64_t *out)
{
	const char *s;
	uint64_t n = 0;

	*out = 0;
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0 || (uint64_t)json_integer_value(
		    v) > CDS_MAX_ARCHIVE_SIZE) {
			return -1;
		}
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (!json_is_string(v)) {
		return -1;
	}
	s = json_string_value(v);
	if (*s == '\0' || strlen(s) > 20) {
		return -1;
	}
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9') {
			return -1;
		}
		n = n * 10 + (uint64_t)(*s - '0');
		if (n > CDS_MAX_ARCHIVE_SIZE) {
			return -1;
		}
	}
	*out = n;
	return 0;
}

static int
is_hex(const char *s, size_t n)
{
	size_t i;

	if (s == NULL || strlen(s) != n) {
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (strchr("0123456789abcdefABCDEF", s[i]) == NULL) {
			return 0;
		}
	}
	return 1;
}

/* One archive entry of a redistrib file (or the index's extra archives):
 * relative_path, sha256, md5 and size as the format says. */
static int
check_entry(cds_handle_t *h, const char *file, const char *field, json_t *e)
{
	json_t *v;
	uint64_t size;

	if (check_member(h, file, field, e, "relative_path",
	    CDS_NAME_PATH) == -1) {
		return -1;
	}
	v = json_object_get(e, "sha256");
	if (v != NULL && !is_hex(json_string_value(v), 64)) {
		return bad_manifest(h, file, "%s.sha256: not 64 "
		    "hexadecimal digits", field);
	}
	v = json_object_get(e, "md5");
	if (v != NULL && !is_hex(json_string_value(v), 32)) {
		return bad_manifest(h, file, "%s.md5: not 32 "
		    "hexadecimal digits", field);
	}
	v = json_object_get(e, "size");
	if (v != NULL && parse_size(v, &size) == -1) {
		char *shown = json_is_string(v) ?
		    cds_printable(json_string_value(v), 40) :
		    cds_xstrdup("(not a string)");

		bad_manifest(h, file, "%s.size: \"%s\" is not "
		    "a size (decimal digits, at most %llu)", field,
		    shown, (unsigned long long)CDS_MAX_ARCHIVE_SIZE);
		free(shown);
		return -1;
	}
	return 0;
}

/*
 * A whole redistrib document, every component and platform (not only
 * those asked for): its names become directories, lines and URLs.
 */
static int
check_redistrib(cds_handle_t *h, const char *file, json_t *root)
{
	const char *key, *pk, *vk;
	json_t *comp, *plat, *ve;

	if (check_member(h, file, "", root, "release_label",
	    CDS_NAME_VERSION) == -1 ||
	    check_member(h, file, "", root, "release_product",
	    CDS_NAME_KEY) == -1 ||
	    check_member(h, file, "", root, "release_date",
	    CDS_NAME_TEXT) == -1) {
		return -1;
	}
	json_object_foreach(root, key, comp) {
		if (!json_is_object(comp)) {
			continue;
		}
		if (check_name(h, file, "component", CDS_NAME_KEY, key) ==
		    -1 || check_member(h, file, key, comp, "version",
		    CDS_NAME_VERSION) == -1 || check_member(h, file, key,
		    comp, "name", CDS_NAME_TEXT) == -1 || check_member(h, file,
		    key, comp, "license", CDS_NAME_TEXT) == -1 ||
		    check_member(h, file, key, comp, "license_path",
		    CDS_NAME_TEXT) == -1) {
			return -1;
		}
		json_object_foreach(comp, pk, plat) {
			char *f;
			int r = 0;

			if (!json_is_object(plat)) {
				continue;
			}
			f = cds_xasprintf("%s.%s", key, pk);
			if (check_name(h, file, f, CDS_NAME_KEY, pk) == -1) {
				free(f);
				return -1;
			}
			if (json_object_get(plat, "relative_path") != NULL) {
				r = check_entry(h, file, f, plat);
				free(f);
				if (r == -1) {
					return -1;
				}
				continue;
			}
			json_object_foreach(plat, vk, ve) {
				char *fv = cds_xasprintf("%s.%s", f, vk);

				r = check_name(h, file, fv, CDS_NAME_KEY, vk);
				if (r == 0 && json_is_object(ve)) {
					r = check_entry(h, file, fv, ve);
				}
				free(fv);
				if (r == -1) {
					break;
				}
			}
			free(f);
			if (r == -1) {
				return -1;
			}
		}
	}
	return 0;
}

/* A string member, or NULL; sets *bad when present but not a string. */
static char *
get_str(json_t *o, const char *key, int *bad)
{
	json_t *v = json_object_get(o, key);

	if (v == NULL || json_is_null(v)) {
		return NULL;
	}
	if (!json_is_string(v)) {
		*bad = 1;
		return NULL;
	}
	return cds_xstrdup(json_string_value(v));
}

static json_t *
load_json(cds_handle_t *h, const char *name, const char *text)
{
	json_error_t je;
	json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je);

	if (root == NULL) {
		bad_manifest(h, name, "line %d: %s",
		    je.line, je.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		bad_manifest(h, name, "not a JSON object");
		return NULL;
	}
	return root;
}

/* One platform entry: {relative_path, sha256, size, ...}. */
static struct cds_archive *
parse_entry(cds_handle_t *h, const char *name, const char *component,
    const char *version, const char *variant, json_t *e)
{
	struct cds_archive *a;
	int bad = 0;

	if (check_name(h, name, "component", CDS_NAME_KEY, component) == -1 ||
	    (version != NULL && check_name(h, name, component,
	    CDS_NAME_VERSION, version) == -1) ||
	    (variant != NULL && check_name(h, name, component, CDS_NAME_KEY,
	    variant) == -1)) {
		return NULL;
	}
	a = cds_xcalloc(1, sizeof(*a));
	a->component = cds_xstrdup(component);
	a->version = cds_strdup0(version);
	a->variant = cds_strdup0(variant);
	a->relative_path = get_str(e, "relative_path", &bad);
	a->sha256 = get_str(e, "sha256", &bad);
	if (bad || a->relative_path == NULL || a->sha256 == NULL) {
		bad_manifest(h, name,
		    "%s: missing relative_path or sha256",
		    component);
		goto fail;
	}
	if (!cds_is_sha256(a->sha256)) {
		bad_manifest(h, name, "%s: bad sha256 \"%s\"", component,
		    a->sha256);
		goto fail;
	}
	if (cds_name_bad(CDS_NAME_PATH, a->relative_path) != NULL) {
		bad_manifest(h, name,
		    "%s: unsafe relative_path \"%s\"", component,
		    a->relative_path);
		goto fail;
	}
	if (json_object_get(e, "size") != NULL &&
	    parse_size(json_object_get(e, "size"), &a->size) == -1) {
		bad_manifest(h, name, "%s: bad size",
		    component);
		goto fail;
	}
	{
		char *p;

		for (p = a->sha256; *p != '\0'; p++) {
			if (*p >= 'A' && *p <= 'F') {
				*p = (char)(*p - 'A' + 'a');
			}
		}
	}
	return a;
fail:
	cds_archive_clear(a);
	free(a);
	return NULL;
}

struct cds_archive **
cds_redistrib_parse(cds_handle_t *h, const char *name, const char *text,
    const char *platform, const char *variant, char *const *only)
{
	struct cds_archive **v = NULL;
	size_t n = 0;
	const char *key;
	json_t *root, *comp;

	if ((root = load_json(h, name, text)) == NULL) {
		return NULL;
	}
	if (check_redistrib(h, name, root) == -1) {
		json_decref(root);
		return NULL;
	}
	v = cds_xcalloc(1, sizeof(*v));
	json_object_foreach(root, key, comp) {
		json_t *entry, *ver;
		struct cds_archive *a;
		int wanted = only == NULL;
		char *const *o;

		if (!json_is_object(comp)) {
			continue;	/* release_date, release_label... */
		}
		for (o = only; o != NULL && *o != NULL; o++) {
			if (strcmp(*o, key) == 0) {
				wanted = 1;
			}
		}
		if (!wanted) {
			continue;
		}
		ver = json_object_get(comp, "version");
		if (ver != NULL && !json_is_string(ver)) {
			bad_manifest(h, name,
			    "%s: version is not a string", key);
			goto fail;
		}
		entry = json_object_get(comp, platform);
		if (entry == NULL) {
			continue;
		}
		if (!json_is_object(entry)) {
			bad_manifest(h, name, "%s: %s is not an "
			    "object", key, platform);
			goto fail;
		}
		/* cuDNN 8 is flat: the variant shows only in the file name */
		if (json_object_get(entry, "relative_path") != NULL &&
		    variant != NULL) {
			const char *rp = json_string_value(
			    json_object_get(entry, "relative_path"));
			char *tag = cds_xasprintf("_%s-", variant);
			int match = rp != NULL && strstr(rp, tag) != NULL;

			free(tag);
			if (!match) {
				continue;
			}
		}
		/* cuDNN 9 nests one level of CUDA variants */
		if (json_object_get(entry, "relative_path") == NULL) {
			json_t *ve;

			if (variant == NULL) {
				continue;
			}
			ve = json_object_get(entry, variant);
			if (ve == NULL) {
				continue;
			}
			if (!json_is_object(ve)) {
				bad_manifest(h, name,
				    "%s: %s.%s is not an object",
				    key, platform, variant);
				goto fail;
			}
			entry = ve;
		}
		a = parse_entry(h, name, key,
		    ver == NULL ? NULL : json_string_value(ver),
		    variant, entry);
		if (a == NULL) {
			goto fail;
		}
		v = cds_xreallocarray(v, n + 2, sizeof(*v));
		v[n++] = a;
		v[n] = NULL;
	}
	json_decref(root);
	return v;
fail:
	json_decref(root);
	cds_archives_free(v);
	return NULL;
}

/* An array of names (KIND each); NULL with the error set when one is not
 * a string or does not fit. */
static char **
get_names(cds_handle_t *h, const char *file, const char *field, json_t *a,
    enum cds_name_kind kind)
{
	struct cds_strv sv = {0};
	size_t i;
	json_t *e;

	json_array_foreach(a, i, e) {
		char *f = cds_xasprintf("%s[%zu]", field, i);
		int r = json_is_string(e) ? check_name(h, file, f, kind,
		    json_string_value(e)) : bad_manifest(h, file,
		    "%s: not a string", f);

		free(f);
		if (r == -1) {
			cds_strv_clear(&sv);
			return NULL;
		}
		cds_strv_push(&sv, json_string_value(e));
	}
	return cds_strv_steal(&sv);
}

/* The members of object O named in KEYS (NULL-terminated), each checked as
 * KINDS says, under FIELD. */
static int
check_members(cds_handle_t *h, const char *file, const char *field,
    json_t *o, const char *const *keys, const enum cds_name_kind *kinds)
{
	size_t i;

	for (i = 0; keys[i] != NULL; i++) {
		if (check_member(h, file, field, o, keys[i], kinds[i]) == -1) {
			return -1;
		}
	}
	return 0;
}

static int
parse_release(cds_handle_t *h, const char *name, size_t idx, json_t *o,
    const char *cuda_base, const char *cudnn_base, struct cds_release *r)
{
	static const char *const keys[] = { "version", "full_version",
		"redistrib", "min_driver", "base_url", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_VERSION,
		CDS_NAME_VERSION, CDS_NAME_TEXT, CDS_NAME_VERSION,
		CDS_NAME_TEXT };
	static const char *const vkeys[] = { "name", "cuda_min", "cuda_max",
		"min_driver", NULL };
	static const enum cds_name_kind vkinds[] = { CDS_NAME_KEY,
		CDS_NAME_VERSION, CDS_NAME_VERSION, CDS_NAME_VERSION };
	const char *kind;
	char field[48];
	int bad = 0;
	json_t *comps, *vars;

	snprintf(field, sizeof(field), "releases[%zu]", idx);
	if (check_members(h, name, field, o, keys, kinds) == -1) {
		return -1;
	}

	kind = json_string_value(json_object_get(o, "kind"));
	if (kind != NULL && strcmp(kind, "cuda") == 0) {
		r->kind = CDS_KIND_CUDA;
	} else if (kind != NULL && strcmp(kind, "cudnn") == 0) {
		r->kind = CDS_KIND_CUDNN;
	} else {
		return bad_manifest(h, name,
		    "release with unknown kind \"%s\"",
		    kind == NULL ? "" : kind);
	}
	r->version = get_str(o, "version", &bad);
	r->full_version = get_str(o, "full_version", &bad);
	r->redistrib = get_str(o, "redistrib", &bad);
	r->redistrib_sha256 = get_str(o, "sha256", &bad);
	r->min_driver = get_str(o, "min_driver", &bad);
	r->bundled_driver = get_str(o, "bundled_driver", &bad);
	r->base_url = get_str(o, "base_url", &bad);
	if (bad || r->version == NULL || r->redistrib == NULL) {
		return bad_manifest(h, name,
		    "release %s: missing version or redistrib",
		    r->version == NULL ? "?" : r->version);
	}
	if (!cds_is_sha256(r->redistrib_sha256)) {
		return bad_manifest(h, name,
		    "release %s: missing or bad sha256 of %s",
		    r->version, r->redistrib);
	}
	if (r->full_version == NULL) {
		r->full_version = cds_xstrdup(r->version);
	}
	if (r->base_url == NULL) {
		r->base_url = cds_xstrdup(r->kind == CDS_KIND_CUDA ?
		    cuda_base : cudnn_base);
	}
	comps = json_object_get(o, "components");
	if (json_is_array(comps)) {
		char *f = cds_xasprintf("%s.components", field);

		r->components = get_names(h, name, f, comps, CDS_NAME_KEY);
		free(f);
		if (r->components == NULL) {
			return -1;
		}
	}
	if (r->kind == CDS_KIND_CUDA && r->components == NULL) {
		return bad_manifest(h, name,
		    "CUDA %s: no components", r->version);
	}
	vars = json_object_get(o, "variants");
	if (r->kind == CDS_KIND_CUDNN) {
		size_t i;
		json_t *e;

		if (!json_is_array(vars) || json_array_size(vars) == 0) {
			return bad_manifest(h, name,
			    "cuDNN %s: no variants", r->version);
		}
		r->variants = cds_xcalloc(json_array_size(vars),
		    sizeof(*r->variants));
		json_array_foreach(vars, i, e) {
			struct cds_cudnn_variant *v = &r->variants[i];
			char vf[96];

			r->nvariants++;
			snprintf(vf, sizeof(vf), "%s.variants[%zu]", field, i);
			if (json_is_object(e) && check_members(h, name, vf, e,
			    vkeys, vkinds) == -1) {
				return -1;
			}
			v->name = get_str(e, "name", &bad);
			v->cuda_min = get_str(e, "cuda_min", &bad);
			v->cuda_max = get_str(e, "cuda_max", &bad);
			v->min_driver = get_str(e, "min_driver", &bad);
			if (bad || v->name == NULL || v->cuda_min == NULL ||
			    v->cuda_max == NULL) {
				return bad_manifest(h, name, "cuDNN %s: "
				    "variant %zu incomplete", r->version, i);
			}
		}
	}
	return 0;
}

/* "known_bad": releases to refuse, each with its reason and source. */
static int
parse_known_bad(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "kind", "versions", "with_cuda",
		"reason", "source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_KEY,
		CDS_NAME_TEXT, CDS_NAME_VERSION, CDS_NAME_TEXT, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->known_bad = cds_xcalloc(json_array_size(a), sizeof(*m->known_bad));
	json_array_foreach(a, i, e) {
		struct cds_known_bad *k = &m->known_bad[i];
		char f[48];
		const char *kind;
		int bad = 0;

		m->nknown_bad++;
		snprintf(f, sizeof(f), "known_bad[%zu]", i);
		if (!json_is_object(e) || check_members(h, m->path, f, e, keys,
		    kinds) == -1) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s is not an "
			    "object", f);
		}
		kind = json_string_value(json_object_get(e, "kind"));
		k->kind = kind != NULL && strcmp(kind, "cuda") == 0 ?
		    CDS_KIND_CUDA : CDS_KIND_CUDNN;
		k->versions = get_str(e, "versions", &bad);
		k->with_cuda = get_str(e, "with_cuda", &bad);
		k->reason = get_str(e, "reason", &bad);
		k->source = get_str(e, "source", &bad);
		if (bad || kind == NULL || (strcmp(kind, "cuda") != 0 &&
		    strcmp(kind, "cudnn") != 0) || k->versions == NULL ||
		    k->reason == NULL) {
			return bad_manifest(h, m->path, "%s "
			    "incomplete (kind cuda or cudnn, versions, reason)",
			    f);
		}
	}
	return 0;
}

/* "legacy_cuda": releases without redistrib files, by their sonames. */
static int
parse_legacy(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "cuda", "where", "conda",
		"source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_VERSION,
		CDS_NAME_TEXT, CDS_NAME_TEXT, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->legacy = cds_xcalloc(json_array_size(a), sizeof(*m->legacy));
	json_array_foreach(a, i, e) {
		struct cds_legacy_cuda *lg = &m->legacy[i];
		json_t *names = json_object_get(e, "sonames");
		char f[48];
		int bad = 0;

		m->nlegacy++;
		snprintf(f, sizeof(f), "legacy_cuda[%zu]", i);
		if (!json_is_object(e) || !json_is_array(names) ||
		    check_members(h, m->path, f, e, keys, kinds) == -1) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s: an object "
			    "with a \"sonames\" array expected", f);
		}
		lg->cuda = get_str(e, "cuda", &bad);
		lg->where = get_str(e, "where", &bad);
		lg->conda = get_str(e, "conda", &bad);
		lg->source = get_str(e, "source", &bad);
		strncat(f, ".sonames", sizeof(f) - strlen(f) - 1);
		lg->sonames = get_names(h, m->path, f, names, CDS_NAME_KEY);
		if (lg->sonames == NULL) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s: empty", f);
		}
		if (bad || lg->cuda == NULL || lg->where == NULL) {
			return bad_manifest(h, m->path, "%s "
			    "incomplete (cuda, sonames, where)", f);
		}
	}
	return 0;
}

/* "legacy_cudnn": cuDNN majors by their sonames, with the CUDA releases
 * each went with. */
static int
parse_legacy_cudnn(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "cudnn", "source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_VERSION,
		CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->legacy_cudnn = cds_xcalloc(json_array_size(a),
	    sizeof(*m->legacy_cudnn));
	json_array_foreach(a, i, e) {
		struct cds_legacy_cudnn *lg = &m->legacy_cudnn[i];
		json_t *names = json_object_get(e, "sonames");
		json_t *cuda = json_object_get(e, "cuda");
		char f[48], fs[64];
		int bad = 0;

		m->nlegacy_cudnn++;
		snprintf(f, sizeof(f), "legacy_cudnn[%zu]", i);
		if (!json_is_object(e) || !json_is_array(names) ||
		    !json_is_array(cuda) ||
		    check_members(h, m->path, f, e, keys, kinds) == -1) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s: an object "
			    "with \"sonames\" and \"cuda\" arrays expected", f);
		}
		lg->cudnn = get_str(e, "cudnn", &bad);
		lg->source = get_str(e, "source", &bad);
		snprintf(fs, sizeof(fs), "%s.sonames", f);
		if ((lg->sonames = get_names(h, m->path, fs, names,
		    CDS_NAME_KEY)) == NULL) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s: empty", fs);
		}
		snprintf(fs, sizeof(fs), "%s.cuda", f);
		if ((lg->cuda = get_names(h, m->path, fs, cuda,
		    CDS_NAME_VERSION)) == NULL) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s: empty", fs);
		}
		if (bad || lg->cudnn == NULL) {
			return bad_manifest(h, m->path, "%s "
			    "incomplete (cudnn, sonames, cuda)", f);
		}
	}
	return 0;
}

/* "sonames": every NVIDIA library by its soname, with its component, the
 * releases that ship it and the packages that carry it. */
static int
parse_sonames(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "soname", "component", "kind",
		"releases", "debian", "conda", "pip", "source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_KEY,
		CDS_NAME_KEY, CDS_NAME_KEY, CDS_NAME_TEXT, CDS_NAME_TEXT,
		CDS_NAME_TEXT, CDS_NAME_TEXT, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->sonames = cds_xcalloc(json_array_size(a), sizeof(*m->sonames));
	json_array_foreach(a, i, e) {
		struct cds_soname *sn = &m->sonames[i];
		char f[48];
		int bad = 0;

		m->nsonames++;
		snprintf(f, sizeof(f), "sonames[%zu]", i);
		if (!json_is_object(e) ||
		    check_members(h, m->path, f, e, keys, kinds) == -1) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s is not an "
			    "object", f);
		}
		sn->soname = get_str(e, "soname", &bad);
		sn->component = get_str(e, "component", &bad);
		sn->kind = get_str(e, "kind", &bad);
		sn->releases = get_str(e, "releases", &bad);
		sn->debian = get_str(e, "debian", &bad);
		sn->conda = get_str(e, "conda", &bad);
		sn->pip = get_str(e, "pip", &bad);
		sn->source = get_str(e, "source", &bad);
		if (bad || sn->soname == NULL || sn->component == NULL ||
		    sn->kind == NULL || sn->releases == NULL ||
		    strstr(sn->soname, ".so") == NULL) {
			return bad_manifest(h, m->path, "%s "
			    "incomplete (soname LIB.so..., component, kind, "
			    "releases)", f);
		}
	}
	return 0;
}

time_t
cds_index_date(const char *s)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	if (s == NULL || (end = strptime(s, "%Y-%m-%d", &tm)) == NULL) {
		return -1;
	}
	if (*end == 'T' && ((end = strptime(end + 1, "%H:%M:%S", &tm)) ==
	    NULL || strcmp(end, "Z") != 0)) {
		return -1;
	}
	if (*end != '\0' && strcmp(end, "Z") != 0) {
		return -1;
	}
	return timegm(&tm);
}

/* The index's number and dates (all optional; an index `update` takes
 * must carry them, update.c checks): "version" a positive integer,
 * "generated" and "expires" dates, "update_url" text. */
static int
parse_dates(cds_handle_t *h, struct cds_manifest *m, json_t *root)
{
	static const char *const keys[] = { "generated", "expires" };
	json_t *v = json_object_get(root, "version");
	char **out[2];
	size_t i;

	out[0] = &m->generated;
	out[1] = &m->expires;
	if (v != NULL && (!json_is_integer(v) || json_integer_value(v) < 1)) {
		return bad_manifest(h, m->path, "version: not a "
		    "positive integer");
	}
	m->version = v != NULL ? (long long)json_integer_value(v) : 0;
	for (i = 0; i < 2; i++) {
		json_t *d = json_object_get(root, keys[i]);

		if (d == NULL) {
			continue;
		}
		if (!json_is_string(d) ||
		    cds_index_date(json_string_value(d)) == -1) {
			return bad_manifest(h, m->path, "%s: not a "
			    "date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)",
			    keys[i]);
		}
		*out[i] = cds_xstrdup(json_string_value(d));
	}
	m->expires_t = m->expires != NULL ? cds_index_date(m->expires) : 0;
	if (check_member(h, m->path, "", root, "update_url", CDS_NAME_TEXT) ==
	    -1) {
		return -1;
	}
	if (json_is_string(json_object_get(root, "update_url"))) {
		m->update_url = cds_xstrdup(json_string_value(
		    json_object_get(root, "update_url")));
	}
	return 0;
}

/* "base_urls": where relative archive paths resolve (each optional;
 * NVIDIA's own URLs otherwise).  The strings stay owned by ROOT. */
static int
parse_bases(cds_handle_t *h, const char *name, json_t *root,
    const char **cuda_base, const char **cudnn_base)
{
	json_t *bases = json_object_get(root, "base_urls");

	*cuda_base = cuda_base_default;
	*cudnn_base = cudnn_base_default;
	if (!json_is_object(bases)) {
		return 0;
	}
	if (check_member(h, name, "base_urls", bases, "cuda",
	    CDS_NAME_TEXT) == -1 || check_member(h, name, "base_urls",
	    bases, "cudnn", CDS_NAME_TEXT) == -1) {
		return -1;
	}
	if (json_is_string(json_object_get(bases, "cuda"))) {
		*cuda_base = json_string_value(json_object_get(bases, "cuda"));
	}
	if (json_is_string(json_object_get(bases, "cudnn"))) {
		*cudnn_base = json_string_value(json_object_get(bases,
		    "cudnn"));
	}
	return 0;
}

/* "releases": the CUDA and cuDNN releases, each with its redistrib file. */
static int
parse_releases(cds_handle_t *h, struct cds_manifest *m, json_t *root,
    const char *cuda_base, const char *cudnn_base)
{
	json_t *rels, *e;
	size_t i;

	rels = json_object_get(root, "releases");
	if (!json_is_array(rels)) {
		return bad_manifest(h, m->path,
		    "no \"releases\" array");
	}
	m->releases = cds_xcalloc(json_array_size(rels), sizeof(*m->releases));
	json_array_foreach(rels, i, e) {
		m->nreleases++;
		if (!json_is_object(e) || parse_release(h, m->path, i, e,
		    cuda_base, cudnn_base, &m->releases[i]) == -1) {
			if (cds_errno(h) == CDS_ERR_OK) {
				bad_manifest(h, m->path,
				    "release %zu is not an object", i);
			}
			return -1;
		}
	}
	return 0;
}

/* "frameworks": what each framework build needs. */
static int
parse_frameworks(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "name", "version", "variant",
		"cuda", "cudnn", "index_url", "archs", "ptx", "min_driver",
		"build_source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_KEY,
		CDS_NAME_TEXT, CDS_NAME_TEXT, CDS_NAME_VERSION,
		CDS_NAME_VERSION, CDS_NAME_TEXT, CDS_NAME_TEXT,
		CDS_NAME_VERSION, CDS_NAME_VERSION, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->frameworks = cds_xcalloc(json_array_size(a),
	    sizeof(*m->frameworks));
	json_array_foreach(a, i, e) {
		struct cds_framework_req *f = &m->frameworks[i];
		char ff[48];
		int bad = 0;

		m->nframeworks++;
		snprintf(ff, sizeof(ff), "frameworks[%zu]", i);
		if (json_is_object(e) && check_members(h, m->path, ff, e, keys,
		    kinds) == -1) {
			return -1;
		}
		f->name = get_str(e, "name", &bad);
		f->version = get_str(e, "version", &bad);
		f->variant = get_str(e, "variant", &bad);
		f->cuda = get_str(e, "cuda", &bad);
		f->cudnn = get_str(e, "cudnn", &bad);
		f->is_default = json_is_true(json_object_get(e, "default"));
		f->index_url = get_str(e, "index_url", &bad);
		f->archs = get_str(e, "archs", &bad);
		f->ptx = get_str(e, "ptx", &bad);
		f->pypi_default = json_is_true(json_object_get(e,
		    "pypi_default"));
		f->min_driver = get_str(e, "min_driver", &bad);
		f->ptx_jit = json_is_true(json_object_get(e, "ptx_jit"));
		f->build_source = get_str(e, "build_source", &bad);
		if (bad || f->name == NULL || f->version == NULL ||
		    f->cuda == NULL) {
			return bad_manifest(h, m->path, "framework "
			    "row %zu incomplete", i);
		}
	}
	return 0;
}

/* "driver_floors": the driver each CUDA line needs. */
static int
parse_floors(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "cuda", "min_driver", "note",
		NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_VERSION,
		CDS_NAME_VERSION, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->floors = cds_xcalloc(json_array_size(a), sizeof(*m->floors));
	json_array_foreach(a, i, e) {
		struct cds_driver_floor *f = &m->floors[i];
		char ff[48];
		int bad = 0;

		m->nfloors++;
		snprintf(ff, sizeof(ff), "driver_floors[%zu]", i);
		if (json_is_object(e) && check_members(h, m->path, ff, e, keys,
		    kinds) == -1) {
			return -1;
		}
		f->cuda = get_str(e, "cuda", &bad);
		f->min_driver = get_str(e, "min_driver", &bad);
		f->note = get_str(e, "note", &bad);
		if (bad || f->cuda == NULL || f->min_driver == NULL) {
			return bad_manifest(h, m->path, "driver "
			    "floor %zu incomplete", i);
		}
	}
	return 0;
}

/* One of "extra_archives" (E, the INDEXth): an archive the index knows
 * that its release's redistrib file does not list. */
static int
parse_extra(cds_handle_t *h, const char *name, size_t index, json_t *e,
    struct cds_extra_archive *x)
{
	static const char *const keys[] = { "release", "platform",
		"component", "version", "variant", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_VERSION,
		CDS_NAME_KEY, CDS_NAME_KEY, CDS_NAME_VERSION, CDS_NAME_KEY };
	struct cds_archive *a;
	char *comp, *ver, *var;
	char ff[48];
	int bad = 0;

	snprintf(ff, sizeof(ff), "extra_archives[%zu]", index);
	if (json_is_object(e) && (check_members(h, name, ff, e, keys,
	    kinds) == -1 || check_entry(h, name, ff, e) == -1)) {
		return -1;
	}
	x->release = get_str(e, "release", &bad);
	x->platform = get_str(e, "platform", &bad);
	comp = get_str(e, "component", &bad);
	ver = get_str(e, "version", &bad);
	var = get_str(e, "variant", &bad);
	if (bad || x->release == NULL || x->platform == NULL || comp == NULL) {
		free(comp);
		free(ver);
		free(var);
		return bad_manifest(h, name, "extra archive %zu "
		    "incomplete", index);
	}
	a = parse_entry(h, name, comp, ver, var, e);
	free(comp);
	free(ver);
	free(var);
	if (a == NULL) {
		return -1;
	}
	x->a = *a;
	free(a);
	return 0;
}

static int
parse_extras(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->extras = cds_xcalloc(json_array_size(a), sizeof(*m->extras));
	json_array_foreach(a, i, e) {
		m->nextras++;
		if (parse_extra(h, m->path, i, e, &m->extras[i]) == -1) {
			return -1;
		}
	}
	return 0;
}

/* "lib_minimums": the library versions a package requires beside its
 * own CUDA and cuDNN (JAX's plugin: cuBLAS, cuFFT, ...), each with its
 * source. */
static int
parse_lib_minimums(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "package", "versions",
		"component", "wheel", "min", "below", "source", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_KEY,
		CDS_NAME_TEXT, CDS_NAME_KEY, CDS_NAME_KEY, CDS_NAME_VERSION,
		CDS_NAME_VERSION, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->lib_mins = cds_xcalloc(json_array_size(a), sizeof(*m->lib_mins));
	json_array_foreach(a, i, e) {
		struct cds_lib_min *l = &m->lib_mins[i];
		char f[48];
		int bad = 0;

		m->nlib_mins++;
		snprintf(f, sizeof(f), "lib_minimums[%zu]", i);
		if (!json_is_object(e) || check_members(h, m->path, f, e, keys,
		    kinds) == -1) {
			return cds_errno(h) != CDS_ERR_OK ? -1 :
			    bad_manifest(h, m->path, "%s is not an "
			    "object", f);
		}
		l->package = get_str(e, "package", &bad);
		l->versions = get_str(e, "versions", &bad);
		l->component = get_str(e, "component", &bad);
		l->wheel = get_str(e, "wheel", &bad);
		l->min = get_str(e, "min", &bad);
		l->below = get_str(e, "below", &bad);
		l->source = get_str(e, "source", &bad);
		if (bad || l->package == NULL || l->versions == NULL ||
		    l->component == NULL || l->min == NULL ||
		    l->source == NULL) {
			return bad_manifest(h, m->path, "%s "
			    "incomplete (package, versions, component, min, "
			    "source)", f);
		}
	}
	return 0;
}

/* "component_sets": named subsets of a CUDA release's components, and
 * which of their files an install keeps. */
static int
parse_compsets(cds_handle_t *h, struct cds_manifest *m, json_t *a)
{
	static const char *const keys[] = { "name", "files", "note", NULL };
	static const enum cds_name_kind kinds[] = { CDS_NAME_KEY,
		CDS_NAME_KEY, CDS_NAME_TEXT };
	size_t i;
	json_t *e;

	if (!json_is_array(a)) {
		return 0;
	}
	m->compsets = cds_xcalloc(json_array_size(a), sizeof(*m->compsets));
	json_array_foreach(a, i, e) {
		struct cds_component_set *cs = &m->compsets[i];
		char ff[48];
		char *files;
		int bad = 0;

		m->ncompsets++;
		snprintf(ff, sizeof(ff), "component_sets[%zu]", i);
		if (!json_is_object(e) || check_members(h, m->path, ff, e, keys,
		    kinds) == -1) {
			return json_is_object(e) ? -1 : bad_manifest(h,
			    m->path, "%s: not an object", ff);
		}
		cs->name = get_str(e, "name", &bad);
		cs->note = get_str(e, "note", &bad);
		files = get_str(e, "files", &bad);
		if (bad || cs->name == NULL || files == NULL ||
		    !json_is_array(json_object_get(e, "components")) ||
		    (strcmp(files, "libraries") != 0 &&
		    strcmp(files, "all") != 0)) {
			free(files);
			return bad_manifest(h, m->path, "%s: incomplete (name, "
			    "components, files \"libraries\" or \"all\")", ff);
		}
		cs->libraries_only = strcmp(files, "libraries") == 0;
		free(files);
		snprintf(ff, sizeof(ff), "component_sets[%zu].components", i);
		cs->components = get_names(h, m->path, ff,
		    json_object_get(e, "components"), CDS_NAME_KEY);
		if (cs->components == NULL) {
			return -1;
		}
	}
	return 0;
}

const struct cds_component_set *
cds_manifest_component_set(const struct cds_manifest *m, const char *name)
{
	size_t i;

	for (i = 0; m != NULL && i < m->ncompsets; i++) {
		if (strcmp(m->compsets[i].name, name) == 0) {
			return &m->compsets[i];
		}
	}
	return NULL;
}

static int
parse_index(cds_handle_t *h, struct cds_manifest *m, json_t *root)
{
	json_t *schema = json_object_get(root, "schema");
	const char *cuda_base, *cudnn_base;

	if (!json_is_integer(schema) ||
	    json_integer_value(schema) != INDEX_SCHEMA) {
		return bad_manifest(h, m->path,
		    "unknown schema version (this program reads %d)",
		    INDEX_SCHEMA);
	}
	if (parse_bases(h, m->path, root, &cuda_base, &cudnn_base) == -1 ||
	    parse_dates(h, m, root) == -1 ||
	    parse_releases(h, m, root, cuda_base, cudnn_base) == -1 ||
	    parse_frameworks(h, m, json_object_get(root, "frameworks")) ==
	    -1 ||
	    parse_floors(h, m, json_object_get(root, "driver_floors")) ==
	    -1 ||
	    parse_extras(h, m, json_object_get(root, "extra_archives")) ==
	    -1 ||
	    parse_known_bad(h, m, json_object_get(root, "known_bad")) ==
	    -1 ||
	    parse_lib_minimums(h, m, json_object_get(root,
	    "lib_minimums")) == -1 ||
	    parse_legacy_cudnn(h, m, json_object_get(root,
	    "legacy_cudnn")) == -1 ||
	    parse_sonames(h, m, json_object_get(root, "sonames")) == -1 ||
	    parse_compsets(h, m, json_object_get(root, "component_sets")) ==
	    -1) {
		return -1;
	}
	return parse_legacy(h, m, json_object_get(root, "legacy_cuda"));
}

/*
 * The CUDA builds of a flat (cuDNN 8) component whose product does not
 * name one ("cudnn"): each archive names its build,
 * "cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz" -> "12", so that a
 * cuda11 and a cuda12 build never share one release name.
 */
static void
flat_builds(json_t *comp, struct cds_strv *out)
{
	const char *pk;
	json_t *plat;

	json_object_foreach(comp, pk, plat) {
		const char *rp = json_string_value(json_object_get(plat,
		    "relative_path"));
		const char *t, *e;
		char *tag;

		if (rp == NULL || (t = strstr(cds_basename(rp), "_cuda")) ==
		    NULL || (e = strstr(t, "-archive")) == NULL) {
			continue;
		}
		tag = cds_xstrndup(t + 5, (size_t)(e - t - 5));
		if (cds_name_bad(CDS_NAME_VERSION, tag) == NULL &&
		    !cds_strv_contains(out, tag)) {
			cds_strv_push(out, tag);
		}
		free(tag);
	}
}

/*
 * A redistrib file given directly becomes a one-release manifest.  Its kind
 * comes from its components: "cudnn" makes it cuDNN, anything else CUDA.
 */
static int
parse_bare(cds_handle_t *h, struct cds_manifest *m, json_t *root,
    const char *text)
{
	struct cds_release *r;
	json_t *label = json_object_get(root, "release_label");
	json_t *cudnn = json_object_get(root, "cudnn");
	const char *key;
	json_t *comp;
	struct cds_strv comps = {0};

	if (check_redistrib(h, m->path, root) == -1) {
		return -1;
	}
	m->bare = 1;
	m->bare_text = cds_xstrdup(text);
	m->releases = cds_xcalloc(1, sizeof(*m->releases));
	m->nreleases = 1;
	r = &m->releases[0];
	r->redistrib = cds_xstrdup(m->path);
	r->kind = json_is_object(cudnn) ? CDS_KIND_CUDNN : CDS_KIND_CUDA;
	if (json_is_string(label)) {
		r->version = cds_xstrdup(json_string_value(label));
	} else if (r->kind == CDS_KIND_CUDNN &&
	    json_is_string(json_object_get(cudnn, "version"))) {
		r->version = cds_xstrdup(json_string_value(
		    json_object_get(cudnn, "version")));
	} else if (json_is_string(json_object_get(
	    json_object_get(root, "cuda_cudart"), "version"))) {
		/* CUDA 11.x files have no label: cudart 11.8.89 is 11.8 */
		const char *v = json_string_value(json_object_get(
		    json_object_get(root, "cuda_cudart"), "version"));
		char **f = cds_strsplit(v, ".", 0);

		r->version = cds_strv_len(f) >= 2 ?
		    cds_xasprintf("%s.%s", f[0], f[1]) : cds_xstrdup(v);
		cds_strfreev(f);
	} else {
		return bad_manifest(h, m->path, "neither an index "
		    "(no \"schema\") nor a redistrib file (no release_label, "
		    "cudnn or cuda_cudart)");
	}
	r->base_url = cds_xstrdup(r->kind == CDS_KIND_CUDA ?
	    cuda_base_default : cudnn_base_default);
	if (r->kind == CDS_KIND_CUDNN) {
		json_t *vers = json_object_get(cudnn, "version");
		json_t *cv = json_object_get(cudnn, "cuda_variant");
		size_t i;
		json_t *e;

		r->full_version = json_is_string(vers) ?
		    cds_xstrdup(json_string_value(vers)) :
		    cds_xstrdup(r->version);
		cds_strv_push(&comps, "cudnn");
		r->components = cds_strv_steal(&comps);
		if (json_is_array(cv) && json_array_size(cv) > 0) {
			r->variants = cds_xcalloc(json_array_size(cv),
			    sizeof(*r->variants));
			json_array_foreach(cv, i, e) {
				struct cds_cudnn_variant *v =
				    &r->variants[r->nvariants];

				if (!json_is_string(e)) {
					continue;
				}
				if (check_name(h, m->path, "cudnn.cuda_variant",
				    CDS_NAME_VERSION, json_string_value(e)) ==
				    -1) {
					cds_strv_clear(&comps);
					return -1;
				}
				r->nvariants++;
				v->name = cds_xasprintf("cuda%s",
				    json_string_value(e));
				v->cuda_min = cds_xasprintf("%s.0",
				    json_string_value(e));
				v->cuda_max = cds_xstrdup(json_string_value(e));
			}
		} else {
			/* cuDNN 8: no variant level; the product names it */
			const char *prod = json_string_value(
			    json_object_get(root, "release_product"));
			const char *cu = prod != NULL ?
			    strstr(prod, "cuda-") : NULL;
			struct cds_strv tags = {0};

			if (cu != NULL) {
				cds_strv_push(&tags, cu + 5);
			} else {
				flat_builds(cudnn, &tags);
			}
			r->variants = cds_xcalloc(tags.n + 1,
			    sizeof(*r->variants));
			for (i = 0; i < tags.n; i++) {
				struct cds_cudnn_variant *v =
				    &r->variants[r->nvariants++];

				v->name = cds_xasprintf("cuda%s", tags.v[i]);
				v->cuda_min = cds_xasprintf("%s.0", tags.v[i]);
				v->cuda_max = cds_xstrdup(tags.v[i]);
			}
			if (tags.n == 0) {
				/* a build for no CUDA that it names */
				r->nvariants = 1;
				r->variants[0].name = cds_xstrdup("");
				r->variants[0].cuda_min = cds_xstrdup("0");
				r->variants[0].cuda_max = cds_xstrdup("99");
			}
			cds_strv_clear(&tags);
		}
	} else {
		r->full_version = cds_xstrdup(r->version);
		json_object_foreach(root, key, comp) {
			if (json_is_object(comp)) {
				cds_strv_push(&comps, key);
			}
		}
		r->components = cds_strv_steal(&comps);
	}
	return 0;
}

/* Releases in version order, CUDA first: 9.10 after 9.3, whatever order
 * the index lists them in, so that every list made from them reads so. */
static int
release_cmp(const void *a, const void *b)
{
	const struct cds_release *x = a, *y = b;
	int c;

	if (x->kind != y->kind) {
		return x->kind == CDS_KIND_CUDA ? -1 : 1;
	}
	c = cds_vercmp(x->version, y->version);
	return c != 0 ? c : cds_vercmp(x->full_version, y->full_version);
}

static struct cds_manifest *
manifest_from_text(cds_handle_t *h, const char *path, const char *text)
{
	struct cds_manifest *m = cds_xcalloc(1, sizeof(*m));
	json_t *root;

	m->path = cds_xstrdup(path);
	m->dir = cds_dirname(path);
	if ((root = load_json(h, path, text)) == NULL) {
		goto fail;
	}
	if (json_object_get(root, "schema") != NULL ||
	    json_object_get(root, "releases") != NULL) {
		if (parse_index(h, m, root) == -1) {
			json_decref(root);
			goto fail;
		}
		qsort(m->releases, m->nreleases, sizeof(*m->releases),
		    release_cmp);
	} else if (parse_bare(h, m, root, text) == -1) {
		json_decref(root);
		goto fail;
	}
	json_decref(root);
	return m;
fail:
	cds_manifest_free(m);
	return NULL;
}

struct cds_manifest *
cds_index_parse(cds_handle_t *h, const char *path, const char *dir,
    const char *text)
{
	struct cds_manifest *m = manifest_from_text(h, path, text);

	if (m == NULL) {
		return NULL;	/* error set by manifest_from_text */
	}
	if (m->bare) {
		bad_manifest(h, path, "a redistrib file, not an "
		    "index");
		cds_manifest_free(m);
		return NULL;
	}
	free(m->dir);
	m->dir = cds_xstrdup(dir);
	return m;
}

/*
 * The index `update` kept, when its signature still verifies and it is
 * newer than SHIPPED_VERSION; NULL (with a warning for one that does not
 * verify) otherwise.  The handle's error is left as it was.
 */
static struct cds_manifest *
load_kept(cds_handle_t *h, long long shipped_version)
{
	char *store = cds_index_store(h);
	char *dir = cds_path_join(store, "current");
	char *path = cds_path_join(dir, "index.json");
	char *sigpath = cds_xasprintf("%s.minisig", path);
	char *text = NULL, *sig = NULL;
	size_t len = 0, siglen = 0;
	struct cds_manifest *m = NULL;
	struct cds_errsave saved;

	cds_err_take(h, &saved);
	if ((text = cds_read_file(path, 16u << 20, &len)) == NULL) {
		goto out;	/* none kept */
	}
	if ((sig = cds_read_file(sigpath, CDS_MS_MAX_FILE, &siglen)) ==
	    NULL) {
		cds_log(h, CDS_LOG_WARNING, "ignoring the kept index %s: "
		    "%s: %s", path, sigpath, cds_read_strerror(errno));
		goto out;
	}
	if (cds_index_verify(h, path, text, len, sigpath, sig, siglen,
	    NULL) == -1 || (m = cds_index_parse(h, path, dir, text)) ==
	    NULL) {
		cds_log(h, CDS_LOG_WARNING, "ignoring the kept index: %s",
		    cds_errdetail(h));
		goto out;
	}
	if (m->version <= shipped_version) {
		/* the program was upgraded past it */
		cds_manifest_free(m);
		m = NULL;
		goto out;
	}
	m->updated = 1;
out:
	cds_err_put(h, &saved);
	free(text);
	free(sig);
	free(sigpath);
	free(path);
	free(dir);
	free(store);
	return m;
}

const struct cds_manifest *
cds_manifest_load(cds_handle_t *h)
{
	char *path, *text;

	if (h->manifest != NULL) {
		return h->manifest;
	}
	if (h->manifest_arg != NULL &&
	    (cds_startswith(h->manifest_arg, "http://") ||
	    cds_startswith(h->manifest_arg, "https://"))) {
		/* a URL that did not answer is not asked again in this run
		 * (a command that reads the manifest twice would wait twice
		 * for a stalled server): the same error again */
		if (h->manifest_failed != NULL) {
			cds_err_put(h, h->manifest_failed);
			cds_err_copy(h, h->manifest_failed);
			return NULL;
		}
		text = cds_dl_fetch_small(h, h->manifest_arg, 16u << 20, NULL);
		if (text == NULL) {
			h->manifest_failed = cds_xcalloc(1,
			    sizeof(*h->manifest_failed));
			cds_err_copy(h, h->manifest_failed);
			return NULL;	/* error set by cds_dl_fetch_small */
		}
		path = cds_xstrdup(h->manifest_arg);
	} else {
		path = h->manifest_arg != NULL ?
		    cds_xstrdup(h->manifest_arg) : cds_index_shipped_path();
		text = cds_read_file(path, 16u << 20, NULL);
		if (text == NULL) {
			cds_seterr(h, errno == ENOENT ? CDS_ERR_NOT_FOUND :
			    CDS_ERR_MANIFEST, "%s: %s", path,
			    cds_read_strerror(errno));
			free(path);
			return NULL;
		}
	}
	h->manifest = manifest_from_text(h, path, text);
	h->manifest_free = cds_manifest_free;
	free(text);
	free(path);
	if (h->manifest != NULL && h->manifest_arg == NULL) {
		/* a newer index that `update` kept replaces the shipped one */
		struct cds_manifest *kept = load_kept(h,
		    h->manifest->version);

		if (kept != NULL) {
			cds_manifest_free(h->manifest);
			h->manifest = kept;
		}
	}
	if (h->manifest != NULL && h->manifest->bare) {
		struct cds_event ev = {0};

		ev.type = CDS_EV_UNTRUSTED_MANIFEST;
		ev.u.step.path = h->manifest->path;
		cds_emit(h, &ev);
	}
	return h->manifest;
}

size_t
cds_manifest_nreleases(const struct cds_manifest *m)
{
	return m->nreleases;
}

const struct cds_release *
cds_manifest_release(const struct cds_manifest *m, size_t i)
{
	return i < m->nreleases ? &m->releases[i] : NULL;
}

const struct cds_release *
cds_manifest_find(const struct cds_manifest *m, enum cds_kind kind,
    const char *version)
{
	const struct cds_release *best = NULL;
	size_t i;

	for (i = 0; i < m->nreleases; i++) {
		const struct cds_release *r = &m->releases[i];

		if (r->kind != kind) {
			continue;
		}
		if (version != NULL && !cds_ver_has_prefix(r->version,
		    version) && !cds_ver_has_prefix(r->full_version,
		    version)) {
			continue;
		}
		if (best == NULL || cds_vercmp(r->version, best->version) > 0) {
			best = r;
		}
	}
	return best;
}

size_t
cds_manifest_nframeworks(const struct cds_manifest *m)
{
	return m->nframeworks;
}

const struct cds_framework_req *
cds_manifest_framework(const struct cds_manifest *m, size_t i)
{
	return i < m->nframeworks ? &m->frameworks[i] : NULL;
}

/* The most specific floor whose CUDA prefix matches wins. */
const char *
cds_manifest_driver_floor(const struct cds_manifest *m,
    const char *cuda_version)
{
	const struct cds_driver_floor *best = NULL;
	size_t i;

	for (i = 0; i < m->nfloors; i++) {
		const struct cds_driver_floor *f = &m->floors[i];

		if (f->note != NULL) {
			continue;	/* architecture rules are not floors */
		}
		if (cds_ver_has_prefix(cuda_version, f->cuda) &&
		    (best == NULL || strlen(f->cuda) > strlen(best->cuda))) {
			best = f;
		}
	}
	if (best != NULL) {
		return best->min_driver;
	}
	/* a bare redistrib manifest: the published floors by major */
	if (cds_ver_has_prefix(cuda_version, "11")) {
		return "450.80.02";
	}
	if (cds_ver_has_prefix(cuda_version, "12")) {
		return "525.60.13";
	}
	if (cds_ver_has_prefix(cuda_version, "13")) {
		return "580.65.06";
	}
	return NULL;
}

int
cds_manifest_is_bare(const struct cds_manifest *m)
{
	return m->bare;
}

const char *
cds_manifest_path(const struct cds_manifest *m)
{
	return m->path;
}

const char *
cds_platform(void)
{
	static struct utsname u;

	if (uname(&u) == -1) {
		return "linux-x86_64";
	}
	if (strcmp(u.machine, "aarch64") == 0) {
		return "linux-sbsa";
	}
	if (strcmp(u.machine, "ppc64le") == 0) {
		return "linux-ppc64le";
	}
	return "linux-x86_64";
}

const struct cds_archive *const *
cds_release_archives(cds_handle_t *h, const struct cds_release *rel,
    const char *platform, const char *variant)
{
	struct cds_manifest *m = h->manifest;
	struct cds_archive **items;
	struct cds_archive_set *set;
	char *path = NULL, *text;
	size_t i;

	if (m == NULL) {
		cds_seterr(h, CDS_ERR_MANIFEST, "no manifest loaded");
		return NULL;
	}
	for (i = 0; i < m->nsets; i++) {
		if (m->sets[i].rel == rel &&
		    strcmp(m->sets[i].platform, platform) == 0 &&
		    cds_streq(m->sets[i].variant, variant)) {
			return (const struct cds_archive *const *)
			    m->sets[i].items;
		}
	}
	if (m->bare) {
		text = cds_xstrdup(m->bare_text);
	} else {
		char digest[65] = "";
		size_t len;

		path = rel->redistrib[0] == '/' ? cds_xstrdup(rel->redistrib) :
		    cds_path_join(m->dir, rel->redistrib);
		/* the bytes hashed are the bytes parsed: one read */
		text = cds_read_file(path, 16u << 20, &len);
		if (text == NULL) {
			cds_seterr(h, errno == ENOENT || errno == EINVAL ||
			    errno == EISDIR || errno == EFBIG ?
			    CDS_ERR_MANIFEST : CDS_ERR_IO, "%s: %s", path,
			    cds_read_strerror(errno));
			free(path);
			return NULL;
		}
		if (cds_sha256_buf(text, len, digest) == -1) {
			cds_seterr(h, CDS_ERR_UNSUPPORTED, "%s: its SHA-256 "
			    "cannot be computed: %s", path,
			    cds_crypto_load() != NULL ? cds_crypto_load() :
			    strerror(errno));
			free(text);
			free(path);
			return NULL;
		}
		if (strcasecmp(digest, rel->redistrib_sha256) != 0) {
			bad_manifest(h, path, "SHA-256 is %s, "
			    "the index pins %s", digest,
			    rel->redistrib_sha256);
			free(text);
			free(path);
			return NULL;
		}
		if (memchr(text, '\0', len) != NULL) {
			bad_manifest(h, path, "holds a NUL byte");
			free(text);
			free(path);
			return NULL;
		}
	}
	items = cds_redistrib_parse(h, path != NULL ? path : m->path, text,
	    platform, variant != NULL && *variant != '\0' ? variant : NULL,
	    rel->components);
	free(text);
	free(path);
	if (items == NULL) {
		return NULL;
	}
	/* archives the index adds (published, but missing from the file) */
	for (i = 0; i < m->nextras; i++) {
		struct cds_extra_archive *x = &m->extras[i];
		size_t n = 0;

		if (strcmp(x->release, rel->version) != 0 ||
		    strcmp(x->platform, platform) != 0 ||
		    !cds_streq(x->a.variant, variant)) {
			continue;
		}
		while (items[n] != NULL) {
			n++;
		}
		items = cds_xreallocarray(items, n + 2, sizeof(*items));
		items[n] = cds_xcalloc(1, sizeof(**items));
		items[n]->component = cds_strdup0(x->a.component);
		items[n]->version = cds_strdup0(x->a.version);
		items[n]->variant = cds_strdup0(x->a.variant);
		items[n]->relative_path = cds_strdup0(x->a.relative_path);
		items[n]->sha256 = cds_strdup0(x->a.sha256);
		items[n]->size = x->a.size;
		items[n + 1] = NULL;
	}
	m->sets = cds_xreallocarray(m->sets, m->nsets + 1, sizeof(*m->sets));
	set = &m->sets[m->nsets++];
	set->rel = rel;
	set->platform = cds_xstrdup(platform);
	set->variant = cds_strdup0(variant);
	set->items = items;
	return (const struct cds_archive *const *)items;
}

/* Is VERSION in SPEC: "2.3" holds 2.3.0 and 2.3.1+cu121; "1.15-1.17"
 * holds 1.16.1; "9.0-9.10.0" holds 9.10.0.56. */
static int
in_versions(const char *version, const char *spec)
{
	const char *dash;

	if ((dash = strchr(spec, '-')) != NULL) {
		char *lo = cds_xstrndup(spec, (size_t)(dash - spec));
		int ok = cds_vercmp(version, lo) >= 0 &&
		    (cds_vercmp(version, dash + 1) <= 0 ||
		    cds_ver_has_prefix(version, dash + 1));

		free(lo);
		return ok;
	}
	return cds_ver_has_prefix(version, spec);
}

int
cds_framework_matches(const struct cds_framework_req *f, const char *name,
    const char *version)
{
	if (strcmp(f->name, name) != 0) {
		return 0;
	}
	return version == NULL || in_versions(version, f->version);
}

int
cds_lib_min_applies(const struct cds_lib_min *l, const char *package,
    const char *version)
{
	return strcmp(l->package, package) == 0 && version != NULL &&
	    in_versions(version, l->versions);
}

int
cds_lib_min_met(const struct cds_lib_min *l, const char *version)
{
	if (cds_vercmp(version, l->min) < 0) {
		return 0;
	}
	return l->below == NULL || cds_vercmp(version, l->below) < 0;
}

const struct cds_legacy_cuda *
cds_manifest_legacy_soname(const struct cds_manifest *m, const char *soname)
{
	size_t i, k;

	for (i = 0; m != NULL && soname != NULL && i < m->nlegacy; i++) {
		for (k = 0; m->legacy[i].sonames[k] != NULL; k++) {
			if (strcmp(m->legacy[i].sonames[k], soname) == 0) {
				return &m->legacy[i];
			}
		}
	}
	return NULL;
}

const struct cds_legacy_cudnn *
cds_manifest_legacy_cudnn(const struct cds_manifest *m, const char *soname)
{
	size_t i, k;

	for (i = 0; m != NULL && soname != NULL && i < m->nlegacy_cudnn; i++) {
		for (k = 0; m->legacy_cudnn[i].sonames[k] != NULL; k++) {
			if (strcmp(m->legacy_cudnn[i].sonames[k], soname) ==
			    0) {
				return &m->legacy_cudnn[i];
			}
		}
	}
	return NULL;
}

/* The length of NAME's library: the part before ".so" (all of it when
 * there is none). */
static size_t
lib_len(const char *name)
{
	const char *so = strstr(name, ".so");

	return so != NULL ? (size_t)(so - name) : strlen(name);
}

/* Is ROW's soname of the library NAME[0..LEN)? */
static int
same_lib(const struct cds_soname *row, const char *name, size_t len)
{
	return lib_len(row->soname) == len &&
	    strncmp(row->soname, name, len) == 0;
}

const struct cds_soname *
cds_manifest_soname(const struct cds_manifest *m, const char *soname)
{
	const struct cds_soname *first = NULL, *best = NULL;
	size_t i, len, best_len = 0;

	if (m == NULL || soname == NULL) {
		return NULL;
	}
	len = lib_len(soname);
	for (i = 0; i < m->nsonames; i++) {
		const struct cds_soname *r = &m->sonames[i];
		size_t n = strlen(r->soname);

		if (strcmp(r->soname, soname) == 0) {
			return r;
		}
		if (!same_lib(r, soname, len)) {
			continue;
		}
		if (first == NULL) {
			first = r;
		}
		/* a longer version: the row it extends at a '.' */
		if (strncmp(r->soname, soname, n) == 0 && soname[n] == '.' &&
		    n > best_len) {
			best = r;
			best_len = n;
		}
	}
	return best != NULL ? best : first;
}

const struct cds_soname *
cds_manifest_soname_next(const struct cds_manifest *m,
    const struct cds_soname *row)
{
	size_t i, len;

	if (m == NULL || row == NULL || row < m->sonames ||
	    row >= m->sonames + m->nsonames) {
		return NULL;
	}
	len = lib_len(row->soname);
	for (i = (size_t)(row - m->sonames) + 1; i < m->nsonames; i++) {
		if (same_lib(&m->sonames[i], row->soname, len)) {
			return &m->sonames[i];
		}
	}
	return NULL;
}

const struct cds_known_bad *
cds_manifest_known_bad(const struct cds_manifest *m, enum cds_kind kind,
    const char *version, const char *cuda)
{
	size_t i;

	for (i = 0; m != NULL && version != NULL && i < m->nknown_bad; i++) {
		const struct cds_known_bad *k = &m->known_bad[i];

		if (k->kind == kind && in_versions(version, k->versions) &&
		    (k->with_cuda == NULL || (cuda != NULL &&
		    cds_ver_has_prefix(cuda, k->with_cuda)))) {
			return k;
		}
	}
	return NULL;
}

/* Does a cuDNN variant cover CUDA version V? */
int
cds_variant_covers(const struct cds_cudnn_variant *v, const char *cuda)
{
	if (cds_vercmp(cuda, v->cuda_min) < 0 &&
	    !cds_ver_has_prefix(cuda, v->cuda_min)) {
		return 0;
	}
	return cds_vercmp(cuda, v->cuda_max) <= 0 ||
	    cds_ver_has_prefix(cuda, v->cuda_max);
}

/*
 * The releases that satisfy a framework row: for CUDA the oldest known
 * release of the same major at or above the row's version (minor version
 * compatibility); for cuDNN the newest release of the same major at or
 * above the row's version with a variant for that CUDA.
 */
int
cds_manifest_resolve(const struct cds_manifest *m, const char *cuda,
    const char *cudnn, const struct cds_release **cuda_rel,
    const struct cds_release **cudnn_rel, const char **variant)
{
	const struct cds_release *c = NULL, *d = NULL;
	const char *var = NULL;
	char major[16];
	size_t i;

	*cuda_rel = NULL;
	*cudnn_rel = NULL;
	*variant = NULL;
	snprintf(major, sizeof(major), "%d", atoi(cuda));
	for (i = 0; i < m->nreleases; i++) {
		const struct cds_release *r = &m->releases[i];

		if (r->kind != CDS_KIND_CUDA ||
		    !cds_ver_has_prefix(r->version, major)) {
			continue;
		}
		if (cds_vercmp(r->version, cuda) < 0 &&
		    !cds_ver_has_prefix(r->version, cuda)) {
			continue;
		}
		if (c == NULL || cds_vercmp(r->version, c->version) < 0) {
			c = r;
		}
	}
	if (c == NULL) {
		return -1;
	}
	*cuda_rel = c;
	if (cudnn == NULL) {
		return 0;
	}
	snprintf(major, sizeof(major), "%d", atoi(cudnn));
	for (i = 0; i < m->nreleases; i++) {
		const struct cds_release *r = &m->releases[i];
		size_t k;

		if (r->kind != CDS_KIND_CUDNN ||
		    !cds_ver_has_prefix(r->version, major)) {
			continue;
		}
		if (cds_vercmp(r->full_version, cudnn) < 0 &&
		    !cds_ver_has_prefix(r->full_version, cudnn) &&
		    !cds_ver_has_prefix(cudnn, r->version)) {
			continue;
		}
		for (k = 0; k < r->nvariants; k++) {
			if (cds_variant_covers(&r->variants[k], c->version) &&
			    (d == NULL || cds_vercmp(r->version,
			    d->version) > 0)) {
				d = r;
				var = r->variants[k].name;
			}
		}
	}
	if (d == NULL) {
		return -1;
	}
	*cudnn_rel = d;
	*variant = var;
	return 0;
}
