/*
 * aptfix.h - the system's package manager's fix for a CUDA library nothing
 * here provides (aptfix.c): the dependency dpkg (or rpm) says is unmet, else the
 * package the distribution ships the soname in; and which CUDA release the
 * libraries already here belong to, so that nothing of another release is
 * put beside them.
 */
#ifndef CDS_APTFIX_H
#define CDS_APTFIX_H

#include "read/pkgdb.h"
#include "doctor/rule.h"

struct cds_aptfix {
	char *soname;		/* "libcublas.so.12" */
	char *package;		/* to install: "libcublas12" */
	char *suite;		/* the release whose table named it
				   ("trixie"), or NULL when a dependency did */
	const struct cds_dpkg **needers;	/* packages present whose
				   dependency on it is unmet (consumers'
				   first); empty for the second choice */
	int broken;		/* every needer was left unconfigured:
				   `apt-get -f install` finishes them */
	char *command;		/* "sudo apt-get install libcublas12" */
	/* NVIDIA's CUDA repository's package (nvidia set; needers then
	   empty, suite NULL): */
	int nvidia;
	char *release;		/* the CUDA release it is of: "12.4" (for
				   cuDNN 9 and later the major: "12") */
	int cudnn;		/* the cuDNN major of a cuDNN package, else 0 */
	char *pin;		/* the version apt is to install
				   (libcudnn8's of that CUDA), or NULL */
	int of_part;		/* that release is installed here in part */
	char *offered;		/* the version its list offers */
	char *list;		/* that list's file name */
	/* an rpm system's (rpm set; needers then empty): */
	int rpm;
	const char *tool;	/* its package tool: "dnf", "zypper",
				   "yum" (static) */
	char **rpm_needers;	/* "NAME VERSION-RELEASE" of the packages
				   whose requirement is unmet */
	char *rpm_cap;		/* the soname's capability they require,
				   "libcublas.so.12()(64bit)" */
	char *rpm_gone;		/* set when the package is installed and
				   its file of the soname is gone: that
				   file (package, the one to reinstall;
				   rpm_needers its "NAME VERSION-RELEASE") */
	/* pacman's (pacman set): needers the packages whose dependencies
	   are not installed, package the first of those: */
	int pacman;
	char **pac_unmet;	/* every one of them, to install together;
				   NULL for a partial upgrade: */
	const struct cds_dpkg *pac_dep;	/* the dependency of needers[0]
				   that ships another major of the soname */
	char *pac_other;	/* that file: "/opt/cuda/lib64/libcudart.so.13" */
	char *pac_cached;	/* pacman's cached package of pac_dep that
				   ships the soname, or NULL */
	int pac_files;		/* needers empty: a sync database offers
				   package (its version in offered, the
				   database in list), by its file list (1)
				   or its name (0) */
};

/* VERSION_CODENAME of the root's os-release ("trixie"), or NULL. */
CDS_HIDDEN char *cds_os_codename(struct cds_rule_ctx *c);

/*
 * What apt installs for soname NAME that the loader cannot find, needed by
 * the files CONSUMERS (target paths, NULL-terminated, may be NULL): a
 * package that packages present depend on and dpkg does not have (the
 * cause); else, where part of a CUDA release is installed here (not
 * Debian's own), the package of that release NVIDIA's CUDA repository
 * offers, when apt has that repository's list (for a cuDNN soname, its
 * cuDNN built for that CUDA's major); else the package the soname table
 * (manifests/data/sonames.tsv) names for this release of Debian, when
 * dpkg does not have it; else, with no CUDA release here, the newest of
 * NVIDIA's repository that ships it and the driver runs (never a cuDNN:
 * the CUDA its build must be for is not known).  On a root
 * with rpm's database instead (read with this system's rpm): the installed
 * packages that require the soname (its capability, or the owner of a
 * consumer), and the install of the package they require by name that
 * nothing provides, else of the capability, with the system's tool
 * (zypper where the root has it, else dnf, else yum); where an installed
 * package provides the soname but its file of it is gone, that
 * package's reinstall; with none
 * requiring it, the
 * package of NVIDIA's CUDA repository as above, read from the tool's cache
 * of its metadata (read/dnfrepo.h).  On a root with pacman's database:
 * the installed package (the owner of a consumer, else one whose missing
 * dependency is named as the soname's library: "cudnn", "nccl", and for
 * a library of the toolkit "cuda", the one package Arch ships it in)
 * whose dependencies pacman does not have, and pacman's install of all
 * of them; else, where the consumer's package depends on one that ships
 * another major of the soname (one upgraded without the other, which
 * Arch does not support), the whole system's upgrade, and pacman's
 * cached package of the release it was built for; else, with no
 * package here needing it, the package pacman's sync databases offer:
 * the one whose file list (REPO.files) has the soname, else one named
 * as its library of a release that ships it.  NULL when there is
 * no package
 * database, the package is there (its own files are the matter:
 * cds_miss_owner()) or nothing packaged fits.  Free with cds_aptfix_free().
 */
CDS_HIDDEN struct cds_aptfix *cds_aptfix_for(struct cds_rule_ctx *c,
    const char *name, char *const *consumers);
CDS_HIDDEN void cds_aptfix_free(struct cds_aptfix *a);
/* The rpm system's command that installs package PKG again (`sudo dnf
 * reinstall PKG`; yum's the same, zypper's `install --force`), as an
 * argument list. */
CDS_HIDDEN char **cds_rpm_reinstall_argv(struct cds_rule_ctx *c,
    const char *pkg);
/* A's command (its `command`) as an argument list; free with
 * cds_strfreev(). */
CDS_HIDDEN char **cds_aptfix_argv(const struct cds_aptfix *a);
/* A's evidence and fixes on F. */
CDS_HIDDEN void cds_aptfix_report(struct cds_rule_ctx *c,
    struct cds_finding *f, const struct cds_aptfix *a);

/*
 * The CUDA release ("12.4", major.minor) of which part is installed here
 * and which ships soname NAME (its releases in the soname table hold it):
 * a toolkit of that release, or the CUDA runtime the loader finds.  NULL
 * when none is; a new string.
 */
CDS_HIDDEN char *cds_cuda_part(struct cds_rule_ctx *c, const char *name);
/* "cuBLAS" for libcublas.so.12: the library's name as NVIDIA writes it;
 * the soname's stem when it is not known.  A new string. */
CDS_HIDDEN char *cds_cuda_lib_label(const char *name);

/*
 * Join ARGV, a command of the system's package manager (cds_argv_system()),
 * with its UNDO (may be NULL), into J: a command of J that differs only in
 * the packages it names gets ARGV's packages it does not name (and UNDO's
 * its undo's), else ARGV is J's next command; FROM, what it comes from, is
 * added to that command's.
 */
CDS_HIDDEN void cds_syscmds_add(struct cds_syscmds *j, char *const *argv,
    char *const *undo, size_t from);

/*
 * apt's view of package PKG that a package manager's message says it
 * cannot install at the version asked for (RELATION and REQUIRED: the
 * message's "(= 2.30.4-1+cuda13.2)", or NULL): the version dpkg has and
 * the versions apt's lists offer, as a finding MSG-PKG whose evidence
 * "state" says which of PKG-DEPS's causes they show ("offered by no list
 * here", "version asked for offered by no list" (REQUIRED, "="), "several
 * versions offered", "installed version offered by no list", or "one
 * version offered"), with apt's commands to look and, where
 * a list offers REQUIRED, to install it.  0 (no finding) where apt has no
 * lists here.
 */
CDS_HIDDEN int cds_apt_offers_check(struct cds_rule_ctx *c, const char *pkg,
    const char *relation, const char *required);

#endif /* CDS_APTFIX_H */
