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
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <sys/utsname.h>

#include <jansson.h>

#include "manifest.h"

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
	free(m->bare_text);
	free(m->path);
	free(m->dir);
	free(m);
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

/* NVIDIA writes sizes as strings; accept integers too. */
static int
get_size(json_t *o, const char *key, uint64_t *out)
{
	json_t *v = json_object_get(o, key);
	const char *s;
	char *end;

	*out = 0;
	if (v == NULL) {
		return 0;
	}
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (!json_is_string(v)) {
		return -1;
	}
	s = json_string_value(v);
	errno = 0;
	*out = strtoull(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0) {
		return -1;
	}
	return 0;
}

static json_t *
load_json(cds_handle_t *h, const char *name, const char *text)
{
	json_error_t je;
	json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je);

	if (root == NULL) {
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: line %d: %s", name,
		    je.line, je.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: not a JSON object", name);
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

	a = cds_xcalloc(1, sizeof(*a));
	a->component = cds_xstrdup(component);
	a->version = cds_strdup0(version);
	a->variant = cds_strdup0(variant);
	a->relative_path = get_str(e, "relative_path", &bad);
	a->sha256 = get_str(e, "sha256", &bad);
	if (bad || a->relative_path == NULL || a->sha256 == NULL) {
		cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: %s: missing relative_path or sha256", name,
		    component);
		goto fail;
	}
	if (!cds_is_sha256(a->sha256)) {
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: %s: bad sha256 \"%s\"",
		    name, component, a->sha256);
		goto fail;
	}
	if (a->relative_path[0] == '/' || strstr(a->relative_path, "..")) {
		cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: %s: unsafe relative_path \"%s\"", name, component,
		    a->relative_path);
		goto fail;
	}
	if (get_size(e, "size", &a->size) == -1) {
		cds_seterr(h, CDS_ERR_MANIFEST, "%s: %s: bad size", name,
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
			cds_seterr(h, CDS_ERR_MANIFEST,
			    "%s: %s: version is not a string", name, key);
			goto fail;
		}
		entry = json_object_get(comp, platform);
		if (entry == NULL) {
			continue;
		}
		if (!json_is_object(entry)) {
			cds_seterr(h, CDS_ERR_MANIFEST, "%s: %s: %s is not an "
			    "object", name, key, platform);
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
				cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: %s: %s.%s is not an object", name,
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

static char **
get_strv(json_t *a)
{
	struct cds_strv sv = {0};
	size_t i;
	json_t *e;

	json_array_foreach(a, i, e) {
		if (json_is_string(e)) {
			cds_strv_push(&sv, json_string_value(e));
		}
	}
	return cds_strv_steal(&sv);
}

static int
parse_release(cds_handle_t *h, const char *name, json_t *o,
    const char *cuda_base, const char *cudnn_base, struct cds_release *r)
{
	const char *kind;
	int bad = 0;
	json_t *comps, *vars;

	kind = json_string_value(json_object_get(o, "kind"));
	if (kind != NULL && strcmp(kind, "cuda") == 0) {
		r->kind = CDS_KIND_CUDA;
	} else if (kind != NULL && strcmp(kind, "cudnn") == 0) {
		r->kind = CDS_KIND_CUDNN;
	} else {
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: release with unknown kind \"%s\"", name,
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
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: release %s: missing version or redistrib", name,
		    r->version == NULL ? "?" : r->version);
	}
	if (!cds_is_sha256(r->redistrib_sha256)) {
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: release %s: missing or bad sha256 of %s", name,
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
	r->components = json_is_array(comps) ? get_strv(comps) : NULL;
	if (r->kind == CDS_KIND_CUDA && r->components == NULL) {
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: CUDA %s: no components", name, r->version);
	}
	vars = json_object_get(o, "variants");
	if (r->kind == CDS_KIND_CUDNN) {
		size_t i;
		json_t *e;

		if (!json_is_array(vars) || json_array_size(vars) == 0) {
			return cds_seterr(h, CDS_ERR_MANIFEST,
			    "%s: cuDNN %s: no variants", name, r->version);
		}
		r->variants = cds_xcalloc(json_array_size(vars),
		    sizeof(*r->variants));
		json_array_foreach(vars, i, e) {
			struct cds_cudnn_variant *v = &r->variants[i];

			r->nvariants++;
			v->name = get_str(e, "name", &bad);
			v->cuda_min = get_str(e, "cuda_min", &bad);
			v->cuda_max = get_str(e, "cuda_max", &bad);
			v->min_driver = get_str(e, "min_driver", &bad);
			if (bad || v->name == NULL || v->cuda_min == NULL ||
			    v->cuda_max == NULL) {
				return cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: cuDNN %s: variant %zu incomplete",
				    name, r->version, i);
			}
		}
	}
	return 0;
}

static int
parse_index(cds_handle_t *h, struct cds_manifest *m, json_t *root)
{
	const char *name = m->path;
	json_t *rels, *fws, *floors, *extras, *bases, *e;
	const char *cuda_base = cuda_base_default;
	const char *cudnn_base = cudnn_base_default;
	json_t *schema = json_object_get(root, "schema");
	size_t i;
	int bad = 0;

	if (!json_is_integer(schema) ||
	    json_integer_value(schema) != INDEX_SCHEMA) {
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: unknown schema version (this program reads %d)",
		    name, INDEX_SCHEMA);
	}
	bases = json_object_get(root, "base_urls");
	if (json_is_object(bases)) {
		if (json_is_string(json_object_get(bases, "cuda"))) {
			cuda_base = json_string_value(
			    json_object_get(bases, "cuda"));
		}
		if (json_is_string(json_object_get(bases, "cudnn"))) {
			cudnn_base = json_string_value(
			    json_object_get(bases, "cudnn"));
		}
	}
	rels = json_object_get(root, "releases");
	if (!json_is_array(rels)) {
		return cds_seterr(h, CDS_ERR_MANIFEST,
		    "%s: no \"releases\" array", name);
	}
	m->releases = cds_xcalloc(json_array_size(rels), sizeof(*m->releases));
	json_array_foreach(rels, i, e) {
		m->nreleases++;
		if (!json_is_object(e) || parse_release(h, name, e, cuda_base,
		    cudnn_base, &m->releases[i]) == -1) {
			if (cds_errno(h) == CDS_ERR_OK) {
				cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: release %zu is not an object",
				    name, i);
			}
			return -1;
		}
	}
	fws = json_object_get(root, "frameworks");
	if (json_is_array(fws)) {
		m->frameworks = cds_xcalloc(json_array_size(fws),
		    sizeof(*m->frameworks));
		json_array_foreach(fws, i, e) {
			struct cds_framework_req *f = &m->frameworks[i];

			m->nframeworks++;
			f->name = get_str(e, "name", &bad);
			f->version = get_str(e, "version", &bad);
			f->variant = get_str(e, "variant", &bad);
			f->cuda = get_str(e, "cuda", &bad);
			f->cudnn = get_str(e, "cudnn", &bad);
			f->is_default = json_is_true(
			    json_object_get(e, "default"));
			if (bad || f->name == NULL || f->version == NULL ||
			    f->cuda == NULL) {
				return cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: framework row %zu incomplete", name,
				    i);
			}
		}
	}
	floors = json_object_get(root, "driver_floors");
	if (json_is_array(floors)) {
		m->floors = cds_xcalloc(json_array_size(floors),
		    sizeof(*m->floors));
		json_array_foreach(floors, i, e) {
			struct cds_driver_floor *f = &m->floors[i];

			m->nfloors++;
			f->cuda = get_str(e, "cuda", &bad);
			f->min_driver = get_str(e, "min_driver", &bad);
			f->note = get_str(e, "note", &bad);
			if (bad || f->cuda == NULL || f->min_driver == NULL) {
				return cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: driver floor %zu incomplete", name,
				    i);
			}
		}
	}
	extras = json_object_get(root, "extra_archives");
	if (json_is_array(extras)) {
		m->extras = cds_xcalloc(json_array_size(extras),
		    sizeof(*m->extras));
		json_array_foreach(extras, i, e) {
			struct cds_extra_archive *x = &m->extras[i];
			struct cds_archive *a;
			char *comp, *ver, *var;

			m->nextras++;
			x->release = get_str(e, "release", &bad);
			x->platform = get_str(e, "platform", &bad);
			comp = get_str(e, "component", &bad);
			ver = get_str(e, "version", &bad);
			var = get_str(e, "variant", &bad);
			if (bad || x->release == NULL || x->platform == NULL ||
			    comp == NULL) {
				free(comp);
				free(ver);
				free(var);
				return cds_seterr(h, CDS_ERR_MANIFEST,
				    "%s: extra archive %zu incomplete", name,
				    i);
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
		}
	}
	return 0;
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
		return cds_seterr(h, CDS_ERR_MANIFEST, "%s: neither an index "
		    "(no \"schema\") nor a redistrib file (no release_label, "
		    "cudnn or cuda_cudart)", m->path);
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

			r->variants = cds_xcalloc(1, sizeof(*r->variants));
			r->nvariants = 1;
			r->variants[0].name = cu != NULL ?
			    cds_xasprintf("cuda%s", cu + 5) : cds_xstrdup("");
			r->variants[0].cuda_min = cu != NULL ?
			    cds_xasprintf("%s.0", cu + 5) :
			    cds_xstrdup("0");
			r->variants[0].cuda_max = cu != NULL ?
			    cds_xstrdup(cu + 5) : cds_xstrdup("99");
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

/* Fetch a manifest URL; provided by the download module. */
CDS_HIDDEN char *cds_dl_fetch_small(cds_handle_t *h, const char *url,
    size_t max, size_t *len);

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
		text = cds_dl_fetch_small(h, h->manifest_arg, 16u << 20, NULL);
		if (text == NULL) {
			return NULL;	/* error set by cds_dl_fetch_small */
		}
		path = cds_xstrdup(h->manifest_arg);
	} else {
		path = h->manifest_arg != NULL ?
		    cds_xstrdup(h->manifest_arg) :
		    cds_path_join(cds_data_dir(), "manifests/index.json");
		text = cds_read_file(path, 16u << 20, NULL);
		if (text == NULL) {
			cds_seterr(h, errno == ENOENT ? CDS_ERR_NOT_FOUND :
			    CDS_ERR_MANIFEST, "%s: %s", path, strerror(errno));
			free(path);
			return NULL;
		}
	}
	h->manifest = manifest_from_text(h, path, text);
	free(text);
	free(path);
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
		char digest[65];

		path = rel->redistrib[0] == '/' ? cds_xstrdup(rel->redistrib) :
		    cds_path_join(m->dir, rel->redistrib);
		if (cds_sha256_file(path, digest) == -1) {
			cds_seterr(h, errno == ENOENT ? CDS_ERR_MANIFEST :
			    CDS_ERR_IO, "%s: %s", path, strerror(errno));
			free(path);
			return NULL;
		}
		if (strcasecmp(digest, rel->redistrib_sha256) != 0) {
			cds_seterr(h, CDS_ERR_MANIFEST, "%s: SHA-256 is %s, "
			    "the index pins %s", path, digest,
			    rel->redistrib_sha256);
			free(path);
			return NULL;
		}
		text = cds_read_file(path, 16u << 20, NULL);
		if (text == NULL) {
			cds_seterr(h, CDS_ERR_IO, "%s: %s", path,
			    strerror(errno));
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

/* "2.3" matches 2.3.0 and 2.3.1+cu121; "1.15-1.17" matches 1.16.1. */
int
cds_framework_matches(const struct cds_framework_req *f, const char *name,
    const char *version)
{
	const char *dash;

	if (strcmp(f->name, name) != 0) {
		return 0;
	}
	if (version == NULL) {
		return 1;
	}
	if ((dash = strchr(f->version, '-')) != NULL) {
		char *lo = cds_xstrndup(f->version,
		    (size_t)(dash - f->version));
		int ok = cds_vercmp(version, lo) >= 0 &&
		    (cds_vercmp(version, dash + 1) <= 0 ||
		    cds_ver_has_prefix(version, dash + 1));

		free(lo);
		return ok;
	}
	return cds_ver_has_prefix(version, f->version);
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
