/*
 * manifest.h - the index and NVIDIA's redistrib files, read natively.
 */
#ifndef CDS_MANIFEST_H
#define CDS_MANIFEST_H

#include <time.h>

#include "sys/handle.h"
#include "base/minisign.h"

/* A release the index marks as known bad: a cuDNN or CUDA of VERSIONS
 * ("9.0-9.10.0", or a prefix), when WITH_CUDA is set only together with a
 * CUDA of that prefix ("12.9"); why, and where that is reported. */
struct cds_known_bad {
	enum cds_kind kind;
	char *versions;
	char *with_cuda;	/* NULL: whatever the CUDA */
	char *reason;
	char *source;
};

/* A CUDA release NVIDIA publishes no redistrib file of (8.0 to 10.2):
 * the sonames it ships, where it can still be had, the conda command
 * that installs it (NULL: none known), and the sources of all that. */
struct cds_legacy_cuda {
	char *cuda;
	char **sonames;		/* NULL-terminated */
	char *where;
	char *conda;
	char *source;
};

struct cds_driver_floor {
	char *cuda;		/* "12", or "12.8" for a narrower rule */
	char *min_driver;
	char *note;
};

/* A named set of components ("component_sets" of the index): what
 * `install --components NAME` takes of a CUDA release. */
struct cds_component_set {
	char *name;		/* "runtime", "devel" */
	char **components;	/* CUDA components, NULL-terminated */
	int libraries_only;	/* files "libraries": only the shared
				   libraries of their lib directories */
	char *note;		/* what it is for, or NULL */
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

/*
 * A library version a package requires beside its own CUDA and cuDNN
 * (data/lib-minimums.tsv): PACKAGE at VERSIONS ("0.6.0-0.11.0") needs
 * COMPONENT (a redistrib key: "libcublas", "cudnn"), shipped as the pip
 * wheel WHEEL, at MIN or newer and, when BELOW is set, older than BELOW
 * ("10": any 9.x).
 */
struct cds_lib_min {
	char *package;
	char *versions;
	char *component;
	char *wheel;
	char *min;
	char *below;		/* NULL: no upper bound */
	char *source;
};

/* A cuDNN major by its sonames (data/legacy-cudnn.tsv): the CUDA releases
 * it went with, and the source of that. */
struct cds_legacy_cudnn {
	char *cudnn;		/* "7" */
	char **sonames;		/* NULL-terminated */
	char **cuda;		/* "9.0", "10.0", ...; NULL-terminated */
	char *source;
};

/*
 * An NVIDIA library by its soname (manifests/data/sonames.tsv, the
 * index's "sonames"): the component that ships it (a redistrib key:
 * "libcublas", "cuda_cudart", "cudnn"; else the product: "nccl",
 * "tensorrt", "driver"), its kind ("cuda", "cudnn", "nccl", "tensorrt",
 * "cusparselt", "nvshmem", "cutensor", "driver" or "other"; a "driver"
 * library never comes from CUDA: the fix is the driver's package), the
 * releases that ship it ("CUDA 12.1-12.9", "cuDNN 9.1-9.22", "NVIDIA
 * driver"), and the packages that carry it, space-separated, each NULL
 * where none is known: Debian "suite:package" ("bookworm:libcublas11
 * trixie:libcublas12"), conda-forge package names, pip wheels.
 */
struct cds_soname {
	char *soname;		/* "libcublasLt.so.12" */
	char *component;
	char *kind;
	char *releases;
	char *debian;		/* NULL: none */
	char *conda;		/* NULL: none */
	char *pip;		/* NULL: none */
	char *source;
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
	struct cds_lib_min *lib_mins;
	size_t nlib_mins;
	struct cds_legacy_cudnn *legacy_cudnn;
	size_t nlegacy_cudnn;
	struct cds_soname *sonames;
	size_t nsonames;
	struct cds_component_set *compsets;
	size_t ncompsets;
	char *bare_text;	/* a bare redistrib file's contents */
	/* the index's own dates and number (update.c): 0 and NULL when it
	   carries none */
	long long version;	/* strictly increasing from one to the next */
	char *generated;	/* "2026-11-26" or "2026-11-26T06:00:00Z" */
	char *expires;		/* the first moment it is no longer valid */
	time_t expires_t;	/* expires as a time; 0 when none */
	char *update_url;	/* where `update` fetches the next one */
	int updated;		/* the index `update` kept, not the shipped */
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

/*
 * The index `update` keeps (update.c) and the one shipped.  The store is
 * <root>/var/lib/cudnn-setup/index as root or under --root, else
 * $XDG_DATA_HOME/cudnn-setup/index (~/.local/share/...):
 *   state            "version=N", "sha256=HEX", "generated=", "expires="
 *   current -> vN    the kept index, flipped by rename
 *   vN/index.json, vN/index.json.minisig, vN/nvidia/...  (its redistribs)
 * A new host path.
 */
CDS_HIDDEN char *cds_index_store(const cds_handle_t *h);
/* The shipped index's host path (new string). */
CDS_HIDDEN char *cds_index_shipped_path(void);
/*
 * The number and dates of the index TEXT (M's version, generated,
 * expires, expires_t) read without loading it (indexhead.c: what
 * cds_index_info() reads of the shipped index): 0, or -1 when unsure
 * (TEXT is no index, or not as this expects; load it whole).
 */
CDS_HIDDEN int cds_index_head_read(const char *text, struct cds_manifest *m);
/* The public keys this program was built with (configure's
 * --with-index-key and --with-index-next-key, or the build's own
 * development keys): KEYS gets up to 2, their number returned; NAMES[i]
 * is "current" or "next". */
CDS_HIDDEN size_t cds_index_keys(struct cds_ms_pubkey keys[2],
    const char *names[2]);
/*
 * Check the signature SIG (SIGLEN bytes, from SIGNAME) of DATA (from
 * NAME) against the trusted keys.  0, or -1 with CDS_ERR_SIGNATURE and
 * the reason: a malformed signature, another key (its id and the ids
 * trusted), bytes changed after signing, an edited trusted comment.
 * KEYID (17 bytes, when not NULL) gets the signer's id.
 */
CDS_HIDDEN int cds_index_verify(cds_handle_t *h, const char *name,
    const void *data, size_t len, const char *signame, const char *sig,
    size_t siglen, char *keyid);
/* Parse an index document (TEXT, read from PATH, whose relative
 * redistrib names resolve in DIR) without making it the handle's: NULL
 * with the handle's error (CDS_ERR_MANIFEST). */
CDS_HIDDEN struct cds_manifest *cds_index_parse(cds_handle_t *h,
    const char *path, const char *dir, const char *text);
/* The cuDNN major whose sonames include SONAME; NULL. */
CDS_HIDDEN const struct cds_legacy_cudnn *cds_manifest_legacy_cudnn(
    const struct cds_manifest *m, const char *soname);
/*
 * The row of SONAME in the index's soname table, else NULL.  An exact
 * soname ("libcublasLt.so.12") gives its row.  A name with a longer
 * version ("libcublasLt.so.12.4.5.8", "libnvrtc-builtins.so.13.0.88")
 * gives the row whose soname it extends at a '.' (the longest such).  A
 * name without a version ("libcublasLt.so", "libcublasLt"), or with one no
 * row of its library has ("libcublasLt.so.99"), gives that library's
 * first row in the table (its lowest major); the library's other rows
 * follow through cds_manifest_soname_next().  The library is the name
 * before ".so" ("libnvrtc", "libnvrtc.alt" and "libnvrtc-builtins" are
 * three).  Owned by M.
 */
CDS_HIDDEN const struct cds_soname *cds_manifest_soname(
    const struct cds_manifest *m, const char *soname);
/* The next row after ROW (a row of M) of the same library, else NULL. */
CDS_HIDDEN const struct cds_soname *cds_manifest_soname_next(
    const struct cds_manifest *m, const struct cds_soname *row);
/* Does minimum L apply to PACKAGE at VERSION? */
CDS_HIDDEN int cds_lib_min_applies(const struct cds_lib_min *l,
    const char *package, const char *version);
/* Does VERSION of L's component meet L (at or above its minimum, below
 * its bound)?  1 or 0. */
CDS_HIDDEN int cds_lib_min_met(const struct cds_lib_min *l,
    const char *version);

/* A date of the index ("YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SSZ") as a time;
 * -1 when malformed. */
CDS_HIDDEN time_t cds_index_date(const char *s);

/* The framework table, known-bad and legacy entries, archives and
 * resolution of the manifest loaded (cds_manifest_load()). */
CDS_HIDDEN size_t cds_manifest_nframeworks(const struct cds_manifest *m);
CDS_HIDDEN const struct cds_framework_req *cds_manifest_framework(
    const struct cds_manifest *m, size_t i);
/* The index's entry that marks release VERSION of KIND (its full version)
 * known bad, alone or with CUDA version CUDA (NULL: none known); NULL when
 * none does. */
CDS_HIDDEN const struct cds_known_bad *cds_manifest_known_bad(
    const struct cds_manifest *m, enum cds_kind kind, const char *version,
    const char *cuda);
/* The legacy release that ships SONAME ("libcudart.so.8.0"); NULL. */
CDS_HIDDEN const struct cds_legacy_cuda *cds_manifest_legacy_soname(
    const struct cds_manifest *m, const char *soname);
/* Whether the manifest is a bare redistrib file trusted through TLS alone. */
CDS_HIDDEN int cds_manifest_is_bare(const struct cds_manifest *m);
/*
 * The archives of RELEASE for PLATFORM ("linux-x86_64"), read from its
 * redistrib file after checking that file's digest against the index.
 * VARIANT selects the cuDNN CUDA variant ("cuda12"; NULL for CUDA).
 * Returns a NULL-terminated array owned by the handle.
 */
/* The component set NAME of the index, or NULL. */
CDS_HIDDEN const struct cds_component_set *cds_manifest_component_set(
    const struct cds_manifest *m, const char *name);
CDS_HIDDEN const struct cds_archive *const *cds_release_archives(
    cds_handle_t *h, const struct cds_release *rel, const char *platform,
    const char *variant);

/* Does framework row F match NAME and VERSION (NULL: any version)? */
CDS_HIDDEN int cds_framework_matches(const struct cds_framework_req *f,
    const char *name, const char *version);
/* Does a cuDNN variant support CUDA version CUDA? */
CDS_HIDDEN int cds_variant_covers(const struct cds_cudnn_variant *v,
    const char *cuda);
/*
 * Resolve a CUDA version and an optional cuDNN version (as a framework row
 * gives them: "12.1", "8.9.2.26", "9") to known releases: the oldest CUDA
 * release of that major at or above CUDA, and the newest cuDNN of that
 * major at or above CUDNN with a variant for the chosen CUDA (*variant).
 * Returns -1 when no release fits.
 */
CDS_HIDDEN int cds_manifest_resolve(const struct cds_manifest *m,
    const char *cuda, const char *cudnn, const struct cds_release **cuda_rel,
    const struct cds_release **cudnn_rel, const char **variant);

/* The platform name of this machine in NVIDIA's manifests. */
CDS_HIDDEN const char *cds_platform(void);

#endif /* CDS_MANIFEST_H */
