/*
 * consumers.h - every CUDA consumer the scan can see: the Python extension
 * modules and shared libraries of an env or of the system's Python (and
 * the libraries they load), and the CUDA or cuDNN sonames in their
 * DT_NEEDED that the loader cannot find.  Doctor's F13 and repair both
 * read it.
 */
#ifndef CDS_CONSUMERS_H
#define CDS_CONSUMERS_H

#include "doctor/rule.h"

/* One library nobody provides, for one env (or the system's Python). */
struct cds_miss {
	char *soname;		/* "libcudnn.so.9" */
	const struct cds_env *env;	/* NULL: the system's Python */
	char *scope;		/* the env's prefix, or "system Python" */
	char **consumers;	/* target paths of the files whose DT_NEEDED
				   names it, a framework's own first;
				   NULL-terminated */
	char *error;		/* ld.so's words for the first consumer:
				   "libcudnn.so.9: cannot open shared object
				   file: No such file or directory" */
	const struct cds_package *package;	/* the Python package the
				   first consumer belongs to (its files, or
				   the libraries they load), or NULL */
	char *runtime;		/* the CUDA runtime the consumers of this
				   scope bind, from its file name ("12.4.127"),
				   or NULL */
};

struct cds_misses {
	struct cds_miss *v;
	size_t n;
	char *runtime;		/* the first CUDA runtime a consumer binds,
				   from its file name ("12.4.127"), or NULL */
	size_t nfiles;		/* ELF files read */
	size_t nusers;		/* of those, outside NVIDIA's own wheels
				   (site-packages/nvidia), the ones whose
				   DT_NEEDED names a CUDA library: the
				   frameworks and modules that use CUDA */
	double ms;
};

/* Flags of cds_consumers_check(). */
enum {
	CDS_CONSUMERS_ENVS = 1,		/* the envs of the scan (or ONLY) */
	CDS_CONSUMERS_SYSTEM = 2	/* the system's Python */
};

/*
 * Walk, with CDS_CONSUMERS_ENVS, the site-packages tree of env ONLY (NULL:
 * every env of the scan) and, with CDS_CONSUMERS_SYSTEM, the system's
 * Python directories: each
 * shared object's dynamic section is read once, each DT_NEEDED library is
 * followed (so a Debian package's /usr/lib libraries count as its own),
 * and each CUDA, cuDNN, NCCL or driver soname is looked up the way ld.so
 * would for that file (its RPATH, RUNPATH and $ORIGIN, and the env's
 * LD_LIBRARY_PATH as its activation makes it; EXTRA_PATH, when not NULL,
 * goes first: the directories a repair is about to add), once per
 * directory and search path.  A soname that is a file beside the file
 * that needs it (a cuDNN or CUDA set loading its own member) is left to
 * the rules of those sets.  Returns the sonames not found, one entry per
 * scope and soname; free with cds_misses_free().
 */
CDS_HIDDEN struct cds_misses *cds_consumers_check(struct cds_rule_ctx *c,
    const struct cds_env *only, unsigned flags, const char *extra_path);
CDS_HIDDEN void cds_misses_free(struct cds_misses *m);


/*
 * Links in the loader's directories named for M's soname or its
 * development name (libcudnn.so.9, libcudnn.so) whose target is missing:
 * "/usr/lib/x86_64-linux-gnu/libcudnn.so -> libcudnn.so.9", NULL-terminated,
 * never NULL.  Free with cds_strfreev().
 */
CDS_HIDDEN char **cds_miss_dangling(struct cds_rule_ctx *c,
    const struct cds_miss *m);

struct cds_dpkg;
/*
 * The installed (or half-installed) dpkg package that should provide M's
 * soname: one whose file list holds it in a directory the loader
 * searches, or whose Provides field names it.  *PATH (may be NULL) gets
 * the path it lists (a new string, NULL for a Provides).  NULL when dpkg
 * has none.
 */
CDS_HIDDEN const struct cds_dpkg *cds_miss_owner(struct cds_rule_ctx *c,
    const struct cds_miss *m, char **path);

/* The major of M's soname ("libcudnn_ops.so.9" -> 9, "libcudart.so.11.0"
 * -> 11), or -1. */
CDS_HIDDEN int cds_miss_major(const struct cds_miss *m);

#endif /* CDS_CONSUMERS_H */
