/*
 * manifest.h - the index and NVIDIA's redistrib files, read natively.
 */
#ifndef CDS_MANIFEST_H
#define CDS_MANIFEST_H

#include "handle.h"

struct cds_driver_floor {
	char *cuda;		/* "12", or "12.8" for a narrower rule */
	char *min_driver;
	char *note;
};

/* An archive the index knows that its redistrib file does not list. */
struct cds_extra_archive {
	char *release;		/* "8.9.7" */
	char *platform;
	struct cds_archive a;
};

/* Parsed archives of one (release, platform, variant), cached. */
struct cds_archive_set {
	const struct cds_release *rel;
	char *platform;
	char *variant;
	struct cds_archive **items;	/* NULL-terminated */
};

struct cds_manifest {
	char *path;		/* the index or redistrib file as given */
	char *dir;		/* where relative redistrib names resolve */
	int bare;		/* a redistrib file given directly */
	struct cds_release *releases;
	size_t nreleases;
	struct cds_framework_req *frameworks;
	size_t nframeworks;
	struct cds_driver_floor *floors;
	size_t nfloors;
	struct cds_extra_archive *extras;
	size_t nextras;
	struct cds_archive_set *sets;
	size_t nsets;
	struct cds_known_bad *known_bad;
	size_t nknown_bad;
	struct cds_legacy_cuda *legacy;
	size_t nlegacy;
	char *bare_text;	/* a bare redistrib file's contents */
};

/*
 * The one validator of names that come from outside (manifests, journals,
 * receipts) and become a path, a file name or a line.  Each kind is the
 * grammar of what NVIDIA publishes (every redistrib file of CUDA 11.8 to
 * 13.4 and cuDNN 8.9 to 9.22 fits it), with room to spare:
 *  KEY      component keys, platforms, variants, products: a letter or
 *           digit, then letters, digits, '.', '_', '+', '-'; at most 64
 *  VERSION  versions and labels: a digit, then the same; at most 40
 *  PATH     relative_path: KEYs joined by '/'; at most 256
 *  TEXT     anything read only by people (notes, URLs, file names): no
 *           control character; at most 1024
 * and never empty, never "..".  Returns NULL when S fits, else the reason
 * (a static string).
 */
enum cds_name_kind {
	CDS_NAME_KEY,
	CDS_NAME_VERSION,
	CDS_NAME_PATH,
	CDS_NAME_TEXT
};
CDS_HIDDEN const char *cds_name_bad(enum cds_name_kind kind, const char *s);
/* The largest archive size a manifest may state (1 TiB; NVIDIA's largest
 * is under 2 GiB). */
#define CDS_MAX_ARCHIVE_SIZE ((uint64_t)1 << 40)
/* Is NAME a release directory name: "cuda-VERSION", "cudnn-VERSION" or
 * "cudnn-VERSION-VARIANT", each part fitting its grammar?  1 or 0. */
CDS_HIDDEN int cds_release_name_ok(const char *name);

CDS_HIDDEN void cds_manifest_free(struct cds_manifest *m);
CDS_HIDDEN void cds_archive_clear(struct cds_archive *a);

/*
 * Parse one of NVIDIA's redistrib documents (TEXT, named NAME in errors)
 * for PLATFORM and VARIANT, keeping the components listed in ONLY (NULL for
 * all).  Returns a NULL-terminated array to free with cds_archives_free().
 */
CDS_HIDDEN struct cds_archive **cds_redistrib_parse(cds_handle_t *h,
    const char *name, const char *text, const char *platform,
    const char *variant, char *const *only);
CDS_HIDDEN void cds_archives_free(struct cds_archive **v);

#endif /* CDS_MANIFEST_H */
