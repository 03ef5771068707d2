/*
 * facts.h - the facts doctor's rules (and explain) share (facts.c): where
 * a variable was set, the library search of a program, what cuDNN a
 * framework expects, CUDA's sonames and where a library is, and the
 * fixes several rules give.
 */
#ifndef CDS_FACTS_H
#define CDS_FACTS_H

#include "doctor/rule.h"

/*
 * Where the environment variable VAR got an entry VALUE (a directory on
 * LD_LIBRARY_PATH, a toolkit in CUDA_HOME): the first shell start-up file,
 * /etc/profile.d script, conda activate.d script or modulefile line that
 * sets VAR and mentions VALUE, as "FILE:LINE"; or the Lmod module named in
 * LOADEDMODULES.  New string, NULL when it cannot be known.
 */
CDS_HIDDEN char *cds_var_origin(struct cds_rule_ctx *c, const char *var,
    const char *value);

/* One directory of a library search, in the loader's order. */
struct cds_libdir {
	char *dir;		/* as named (an LD_LIBRARY_PATH entry as
				   given) */
	char *via;		/* "LD_LIBRARY_PATH", "RUNPATH", a conf
				   file */
	char *origin;		/* where the entry was set, or NULL */
	int from_env;		/* an LD_LIBRARY_PATH entry */
};

struct cds_libpath {
	struct cds_libdir *dirs;
	size_t n;
	char *ld_library_path;	/* the value used, NULL when unset */
};

/*
 * The directories searched for a library loaded by a program of env E
 * (NULL: as the target environment is now): LD_LIBRARY_PATH (with E's
 * activate.d additions when E is not the active env), then RUNPATH (the
 * consumer's own directories, NULL-terminated, may be NULL), then
 * ld.so.conf and the default directories.  Free with cds_libpath_free().
 */
CDS_HIDDEN struct cds_libpath *cds_libpath_for(struct cds_rule_ctx *c,
    const struct cds_env *e, const char *const *runpath);
CDS_HIDDEN void cds_libpath_free(struct cds_libpath *lp);
/* The first directory of LP holding a file (or a link to one) named NAME;
 * its index, or -1. */
CDS_HIDDEN int cds_libpath_find(struct cds_rule_ctx *c,
    const struct cds_libpath *lp, const char *name);

/* Fix: drop directory D from the search (LD_LIBRARY_PATH in the shell, or
 * its ld.so.conf file), and say where the entry was set. */
CDS_HIDDEN void cds_fix_remove_path(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_libdir *d);
/* Evidence: which LD_LIBRARY_PATH entry (and where it was set), RUNPATH
 * or conf file put D in the search. */
CDS_HIDDEN void cds_evidence_via(struct cds_finding *f,
    const struct cds_libdir *d);

/* Same directory, symlinks resolved inside the root? */
CDS_HIDDEN int cds_same_dir(const cds_handle_t *h, const char *a,
    const char *b);
/* The cuDNN copy of major MAJOR in DIR, or NULL. */
CDS_HIDDEN const struct cds_cudnn *cds_cudnn_in(const struct cds_rule_ctx *c,
    const char *dir, int major);
/* The env owning package P (NULL for the system Python). */
CDS_HIDDEN const struct cds_env *cds_env_of_package(const struct cds_scan *s,
    const struct cds_package *p);
/* Package NAME of env E, or NULL. */
CDS_HIDDEN const struct cds_package *cds_env_package(const struct cds_env *e,
    const char *name);

/*
 * The cuDNN a framework package expects: its own pin or build info, else
 * the manifest's framework table for its version and CUDA.  *SOURCE says
 * which ("nvidia-cudnn-cu12 pin", "build_info.py", "manifest: torch 2.3
 * cu121").  NULL when unknown.  The string is owned by P or the manifest.
 */
CDS_HIDDEN const char *cds_expected_cudnn(const struct cds_rule_ctx *c,
    const struct cds_package *p, char **source);
/* major.minor of V ("8.9.2.26" -> 8.9) compared: <0, 0, >0. */
CDS_HIDDEN int cds_cmp_minor(const char *a, const char *b);

/*
 * Fix: a conda activate.d script (and its deactivate.d twin) of env E that
 * puts DIRS first on LD_LIBRARY_PATH, saved and restored, idempotent;
 * FILE names the script to replace (NULL: cudnn-setup.sh).  For the system
 * Python (E NULL) a line for ~/.bashrc.
 */
CDS_HIDDEN void cds_fix_activate(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_env *e,
    const char *const *dirs, const char *file);

/*
 * The sonames a program built for CUDA version CUDA opens, from the
 * components of the matching release in the manifest: libX.so.<major of
 * the component's version> (libcudart, libcublas, libcublasLt, libcufft,
 * libcurand, libcusolver, libcusparse, libnvJitLink).  cudart 11 is the
 * exception: its soname is libcudart.so.11.0.  *release gets the release
 * used.  NULL-terminated, never NULL; free with cds_strfreev().
 */
CDS_HIDDEN char **cds_cuda_sonames(struct cds_rule_ctx *c, const char *cuda,
    const char **release);
/* Where a library file SONAME is on this machine: env E's pip wheels
 * (nvidia/<x>/lib), a toolkit's libdir, an env's lib/.  A new target
 * path, or NULL. */
CDS_HIDDEN char *cds_find_anywhere(struct cds_rule_ctx *c,
    const struct cds_env *e, const char *soname);

/* Is NAME a library of the CUDA toolkit (libcudart.so.12, libcublasLt.so.11,
 * libnvJitLink.so.13...), not the driver's libcuda nor cuDNN? */
CDS_HIDDEN int cds_is_cuda_soname(const char *name);
/* The manifest's newest CUDA release whose libraries carry soname NAME
 * ("libcublas.so.11" -> "11.8.0"), or NULL.  Owned by the manifest. */
CDS_HIDDEN const char *cds_soname_release(struct cds_rule_ctx *c,
    const char *name);
/* The same within line LINE ("12.4" -> "12.4.1"; NULL: any line). */
CDS_HIDDEN const char *cds_cuda_release_in(struct cds_rule_ctx *c,
    const char *name, const char *line);
/* Evidence and fixes for library NAME that env E (NULL: the system) needs
 * and the loader cannot find: where it is installed off the path (its
 * directory is added to DIRS, for one activation fix), else for the system
 * apt's command (aptfix.c), else the CUDA release that ships it (an install
 * fix, once: *INSTALL), of the release part of which is here if one is. */
CDS_HIDDEN void cds_fix_missing(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *name, struct cds_strv *dirs,
    int *install);

/* The dist-info directory of distribution NAME (normalised) in SITE, or
 * NULL; *VERSION gets its version when not NULL. */
CDS_HIDDEN char *cds_distinfo_named(cds_handle_t *h, const char *site,
    const char *name, char **version);

/* The lines of the RECORD of distribution NAME (normalised) in SITE, as
 * pip writes it ("path,sha256=...,size"), NULL-terminated, new; NULL when
 * there is none. */
CDS_HIDDEN char **cds_record_lines(cds_handle_t *h, const char *site,
    const char *name);

/* The file name of the ELF .so that site-packages framework P keeps its
 * CUDA kernels in ("torch/lib/libtorch_cuda.so"), or NULL. */
CDS_HIDDEN char *cds_framework_cuda_lib(const struct cds_rule_ctx *c,
    const struct cds_package *p);

/* Is NAME a soname whose absence the walk reports: CUDA's, cuDNN's,
 * NCCL's, the driver's libcuda? */
CDS_HIDDEN int cds_consumer_soname(const char *name);

/* The sub-libraries of cuDNN's GRAPH_JIT_ONLY configuration, NULL-ended. */
CDS_HIDDEN extern const char *const cds_cudnn_jit_set[];
/* Is cuDNN copy D the GRAPH_JIT_ONLY set (libcudnn, libcudnn_graph,
 * libcudnn_engines_runtime_compiled of cuDNN 9, nothing else)? */
CDS_HIDDEN int cds_cudnn_jit_only(const struct cds_cudnn *d);

/* Each framework the scan found built for a CUDA version (in an env, or
 * the system's Python), and each wheel named for the CUDA major it is
 * built for (cupy-cuda12x): FN with the package, a description ("torch 2.3.1
 * in env pt", "torch 2.3.1 in /usr/lib/python3/dist-packages"), where the
 * version was read ("built for CUDA 12.1", "system Python") and CTX. */
CDS_HIDDEN void cds_each_cuda_build(struct cds_rule_ctx *c,
    void (*fn)(struct cds_rule_ctx *c, const struct cds_package *p,
    const char *what, const char *where, void *ctx), void *ctx);

/* The newest GLIBC_ version ("2.41") the C library the loader finds here
 * defines, read from its version nodes; new, or NULL. */
CDS_HIDDEN char *cds_glibc_here(cds_handle_t *h);

#endif /* CDS_FACTS_H */
