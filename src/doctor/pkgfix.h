/*
 * pkgfix.h - the command, in the env's own package manager, that puts a
 * framework build there which fits this machine's driver and GPU
 * (pkgfix.c): pip or uv for wheels, conda-forge for conda packages.
 */
#ifndef CDS_PKGFIX_H
#define CDS_PKGFIX_H

#include "read/manifest.h"
#include "doctor/rule.h"

/* What made an env, and so what changes it. */
enum cds_pkg_tool {
	CDS_PKG_PIP = 0,	/* a venv (or conda env) with pip */
	CDS_PKG_UV,		/* a venv uv made (pyvenv.cfg's "uv =") */
	CDS_PKG_UV_PROJECT,	/* ... inside a uv project (pyproject.toml
				   and uv.lock beside it): `uv sync` undoes
				   a `uv pip` change */
	CDS_PKG_CONDA,		/* a conda package, in a conda env */
	CDS_PKG_PIP_MANAGED	/* the system Python's pip where the
				   distribution marks it externally managed
				   (PEP 668): pip changes it only with
				   --break-system-packages */
};

/* The machine a build must run on: the driver's version (NULL: unknown),
 * the CUDA it supports (12040; 0: unknown) and the lowest compute
 * capability of its GPUs (61 for 6.1; 0: unknown). */
struct cds_machine {
	const char *driver;
	int driver_cuda;
	int min_cc;
};

/*
 * Does the build of framework row F run on machine MC?  The driver must
 * meet the floor of the build's CUDA major (minor version compatibility),
 * or of its CUDA minor where the build compiles that minor's PTX at run
 * time (the row's min_driver), Blackwell the floor the index gives for it; the GPU's capability must
 * be among the build's cubins (same major, equal or lower minor) or at or
 * above its PTX; PyTorch refuses cuDNN 9.11 or newer below sm_75.  An
 * unknown driver or GPU does not count against it.  *WHY (may be NULL)
 * gets a static reason when it does not run.
 */
CDS_HIDDEN int cds_build_runs(const struct cds_manifest *m,
    const struct cds_framework_req *f, const struct cds_machine *mc,
    const char **why);

/*
 * The torch build to use on machine MC: of the release VERSION ("2.9.0",
 * "2.9"; NULL: the newest), the build with the highest CUDA that runs,
 * other than EXCEPT (a build known not to run here; may be NULL); if
 * none of VERSION's builds runs, the newest release with one that does.
 * NULL when the index knows none.
 */
CDS_HIDDEN const struct cds_framework_req *cds_torch_fit(
    const struct cds_manifest *m, const char *version,
    const struct cds_framework_req *except, const struct cds_machine *mc);

/* The machine of a scan. */
CDS_HIDDEN void cds_machine_of(const struct cds_scan *s,
    struct cds_machine *mc);

/* What a package-manager command does to the packages it names. */
enum cds_pkg_how {
	CDS_PKG_ADD = 0,	/* install what the specs say (pip keeps a
				   version there that meets them) */
	CDS_PKG_UPGRADE,	/* install the newest the specs allow */
	CDS_PKG_REINSTALL,	/* install again, files and all, without
				   the dependencies */
	CDS_PKG_REMOVE		/* uninstall */
};

/*
 * The one way a finding says "change these packages in this env": push
 * onto W the words of env E's own tool that HOW, up to the requirements:
 * `ENV/bin/python -m pip install` (a venv, or pip's wheels in a conda
 * env), `uv pip install --python ENV` (a venv uv made), or, when CONDA
 * (the packages are the conda env's own), `conda install -p ENV -c
 * conda-forge`; with E NULL, `python3 -m pip install`.
 */
CDS_HIDDEN void cds_pkg_cmd(const cds_handle_t *h, struct cds_strv *w,
    const struct cds_env *e, int conda, enum cds_pkg_how how);

/* The same command with SPECS (requirements, and options such as
 * "--index-url" and its URL; NULL-terminated) after it.  New vector. */
CDS_HIDDEN char **cds_pkg_argv(const cds_handle_t *h,
    const struct cds_env *e, int conda, enum cds_pkg_how how,
    const char *const *specs);

/*
 * Add to finding F the fix that HOW SPECS in env E, with the command that
 * goes back (UNDO_HOW UNDO; UNDO NULL: none): its text, argv and
 * undo_argv.  The fix.
 */
CDS_HIDDEN struct cds_fix *cds_pkg_fix_specs(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_env *e, int conda,
    enum cds_pkg_how how, const char *const *specs,
    enum cds_pkg_how undo_how, const char *const *undo);

/*
 * Push onto W torch release PIN ("2.6.0") in the build of the torch NOW
 * there ("2.5.1+cu124": "torch==2.6.0+cu124", "--index-url", its index),
 * where the index has that release's build of NOW's label; else
 * "torch==PIN" (PyPI's build).  NOW NULL: PIN's own label.  1 when the
 * build is NOW's (or NOW has no label), 0 when only PyPI's is named.
 */
CDS_HIDDEN int cds_pkg_torch_spec(const struct cds_manifest *m,
    struct cds_strv *w, const char *pin, const char *now);

/* The wheel that installs CUDA library NAME ("libcublas.so.12" ->
 * "nvidia-cublas-cu12"; a cuDNN soname: the wheel of CUDA major
 * CUDA_MAJOR, 0: unknown), and its directory in site-packages into
 * *SUBDIR (may be NULL; "nvidia/cublas/lib"); NULL.  New strings. */
CDS_HIDDEN char *cds_pkg_soname_wheel(const char *name, int cuda_major,
    char **subdir);

/*
 * The requirement that puts library NAME into env E with pip or uv: the
 * one package BY (NULL: none) names in its METADATA's Requires-Dist
 * ("nvidia-cudnn-cu12==9.1.0.70", "nvidia-cublas-cu12"), else, for
 * cuDNN, its wheel of BY's CUDA at the soname's major ("==9.*"); NULL
 * when nothing says which (E NULL, BY a conda package).  New string.
 */
CDS_HIDDEN char *cds_pkg_soname_spec(const cds_handle_t *h,
    const struct cds_env *e, const struct cds_package *by, const char *name);

/* Add to F the command of E's own tool that installs the wheels of
 * libraries NAMES (NULL-terminated) as cds_pkg_soname_spec says, and the
 * one that removes them again.  1 when added. */
CDS_HIDDEN int cds_pkg_fix_sonames(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_env *e,
    const struct cds_package *by, char *const *names);

/* The index's build row of package P whose CUDA only the index knows (a
 * wheel build with its package index: CTranslate2's releases); NULL. */
CDS_HIDDEN const struct cds_framework_req *cds_pkg_index_row(
    const struct cds_manifest *m, const struct cds_package *p);

/* Add to F the command of E's own tool that puts companion P
 * (torchvision, torchaudio) in step with torch T, and the one that puts
 * P back as it is. */
CDS_HIDDEN void cds_pkg_companion_fix(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_env *e,
    const struct cds_package *p, const struct cds_package *t);

/* Which tool changes env E (cds_pkg_tool). */
CDS_HIDDEN enum cds_pkg_tool cds_pkg_tool_of(const cds_handle_t *h,
    const struct cds_env *e);

/*
 * Add to finding F, which says that package P's build in env E does not
 * run here, the command that installs the build that does, with the
 * command that goes back to what is installed now; nothing when P is not
 * a framework the index has builds of, or none of them runs here.  CC: the
 * GPU's capability as a message gave it (0: the scan's GPUs).  A package
 * whose builds are wheels of their own (CuPy's cupy-cudaNNx, CTranslate2's
 * releases) gets the one that runs, in the release it is at where that
 * has one (a CuPy wheel of another CUDA major: the one there removed
 * first, since both are the one cupy module).  1 when a command was
 * added.
 */
CDS_HIDDEN int cds_pkg_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, int cc);

/* Add to F, which says torch P in env E is a CPU-only build, the command
 * that installs the build of its release (else the newest release) that
 * runs here, from the index's rows, and back.  1 when added. */
CDS_HIDDEN int cds_pkg_fix_cpu(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p);

/*
 * The same for package P whose cuDNN or CUDA major differs from what
 * package LIKE (torch, in the same env) brings: the newest release of P
 * the index has for LIKE's CUDA and cuDNN majors (from its own package
 * feed where it has one), and the command back.  1 when added.
 */
CDS_HIDDEN int cds_pkg_fix_like(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_env *e,
    const struct cds_package *p, const struct cds_package *like);

/*
 * The command that brings WHEEL in the env at PREFIX to >=MIN (<BELOW;
 * NULL: no bound above; a cuDNN wheel stays below 9.11 on a GPU older
 * than sm_75), and back to NOW.  0 when PREFIX is no env of the scan.
 */
CDS_HIDDEN int cds_pkg_fix_req(struct cds_rule_ctx *c,
    struct cds_finding *f, const char *prefix, const char *wheel,
    const char *min, const char *below, const char *now);

/* What a package manager's message names (each NULL when it does not). */
struct cds_pkg_msg {
	const char *wheel;	/* "nvidia-cudnn-cu12" */
	const char *pin;	/* "9.1.0.70" */
	const char *cuda_major;	/* "12", of a conda build "cuda12*" */
	const char *pkg1, *ver1;	/* two packages whose pins clash */
	const char *pkg2, *ver2;
};

/*
 * explain: a package manager's own message (entry ID: PIP-NO-PIN,
 * CU13-STUB, CONDA-NO-CUDA, PIP-PIN-CLASH) with what it names gives a
 * finding MSG-PKG with the command that fixes it, in the env the scan was
 * narrowed to (else `python3 -m pip`).  1 when one was added.
 */
CDS_HIDDEN int cds_pkg_msg_fix(struct cds_rule_ctx *c, const char *id,
    const struct cds_pkg_msg *msg);

#endif /* CDS_PKGFIX_H */
