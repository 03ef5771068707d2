/*
 * fuzz-manifest.c - our index and NVIDIA's redistrib JSON, as an attacker
 * writes them.  The input is parsed as a redistrib document for every
 * platform and variant it names, and loaded as a manifest file (an index
 * or a bare redistrib file) and planned from.  Properties: every archive
 * parsed has names that fit manifest.c's grammar and a size within the
 * bound; every path a plan lists is inside its prefix, one component per
 * name, with no control character; where an index loads and its number
 * and dates can be read alone (indexhead.c, --version), they are the ones
 * the load read.
 */
#include "config.h"

#include "fuzz.h"
#include "read/manifest.h"
#include "plan/plan.h"

static void
check_archives(struct cds_archive **v)
{
	size_t i;

	for (i = 0; v != NULL && v[i] != NULL; i++) {
		const struct cds_archive *a = v[i];

		if (cds_name_bad(CDS_NAME_KEY, a->component) != NULL ||
		    cds_name_bad(CDS_NAME_PATH, a->relative_path) != NULL ||
		    (a->version != NULL && cds_name_bad(CDS_NAME_VERSION,
		    a->version) != NULL) || !cds_is_sha256(a->sha256) ||
		    a->size > CDS_MAX_ARCHIVE_SIZE) {
			fz_fail("an archive that does not fit the grammar",
			    a->relative_path);
		}
	}
}

/* The number and dates read alone are the load's, where both read them. */
static void
check_head(cds_handle_t *h, const char *text)
{
	const struct cds_manifest *m = h != NULL ? cds_manifest_load(h) : NULL;
	struct cds_manifest hm = {0};

	if (m == NULL || m->bare || cds_index_head_read(text, &hm) == -1) {
		return;
	}
	if (hm.version != m->version || !cds_streq(hm.generated,
	    m->generated) || !cds_streq(hm.expires, m->expires) ||
	    hm.expires_t != m->expires_t) {
		fz_fail("the index's number or dates read alone are not the "
		    "load's", hm.generated != NULL ? hm.generated : "-");
	}
	free(hm.generated);
	free(hm.expires);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const plats[] = { "linux-x86_64", "linux-sbsa",
		NULL };
	static const char *const vars[] = { NULL, "cuda11", "cuda12",
		"cuda13" };
	const char *top = fz_dir();
	char *text, *path, *root;
	cds_handle_t *h;
	struct cds_plan *p;
	size_t i, k;
	int err;

	if (size > (1u << 20) || memchr(data, '\0', size) != NULL) {
		return 0;
	}
	text = fz_text(data, size);
	h = cds_new(NULL, &err);
	for (i = 0; plats[i] != NULL; i++) {
		for (k = 0; k < 4; k++) {
			struct cds_archive **v = cds_redistrib_parse(h,
			    "fuzz.json", text, plats[i], vars[k], NULL);

			check_archives(v);
			cds_archives_free(v);
		}
	}
	cds_free(h);

	root = cds_path_join(top, "root");
	cds_rm_rf(root);
	cds_mkdir_p(root, 0755);
	path = cds_path_join(top, "manifest.json");
	fz_write(path, data, size);
	h = cds_new(root, &err);
	if (h != NULL && cds_set_manifest(h, path) == 0 &&
	    cds_set_prefix(h, "/opt/nvidia") == 0 &&
	    (p = cds_plan_build(h, NULL)) != NULL) {
		for (i = 0; p->paths != NULL && p->paths[i] != NULL; i++) {
			const char *q = p->paths[i];

			if ((!cds_startswith(q, "/opt/nvidia/") &&
			    !cds_startswith(q, "/etc/")) ||
			    strstr(q, "/../") != NULL ||
			    cds_name_bad(CDS_NAME_TEXT, q) != NULL) {
				fz_fail("a planned path outside the prefix",
				    q);
			}
		}
		for (i = 0; i < p->nitems; i++) {
			if (!cds_release_name_ok(p->items[i].name)) {
				fz_fail("a release name", p->items[i].name);
			}
		}
		cds_plan_free(p);
	}
	check_head(h, text);
	cds_free(h);
	free(path);
	free(root);
	free(text);
	return 0;
}
