/*
 * pkgdb.h - who owns a file: the system package manager's database (dpkg's
 * status and file lists, or pacman's local database), read once into a
 * hash of path -> package.
 */
#ifndef CDS_PKGDB_H
#define CDS_PKGDB_H

#include "sys/handle.h"

/* One package dpkg knows (a paragraph of var/lib/dpkg/status), or
 * pacman (a directory of var/lib/pacman/local). */
struct cds_dpkg {
	const char *mgr;	/* whose database: "dpkg" or "pacman"
				   (static) */
	char *name;		/* "nvidia-cudnn" */
	char *arch;		/* "amd64", "all"; NULL if not given */
	char *version;		/* "9.0.0.312~cuda12" */
	char *status;		/* the state word: "installed",
				   "half-configured", "unpacked", ... */
	char *list;		/* its file list: "nvidia-cudnn.list" or
				   "libcuda1:amd64.list" (info/ name);
				   NULL for pacman's */
	char *depends;		/* the Depends field as written, or NULL;
				   pacman's %DEPENDS%, names only, as
				   "cuda, cudnn" */
	char *pre_depends;	/* the Pre-Depends field, or NULL */
	char *provides;		/* the Provides field ("libcudnn.so.9"), or
				   NULL; pacman's %PROVIDES% as depends */
};

struct cds_pkgdb;

/*
 * Read dpkg's database under the handle's root: var/lib/dpkg/status and
 * every info/<package>.list, each once; where dpkg has none, pacman's
 * (var/lib/pacman/local/NAME-VERSION/desc and files).  Paths are keyed so
 * that a merged /usr (a root whose /lib, /lib64, /bin or /sbin is a link
 * into usr/) finds /lib/x86_64-linux-gnu/x and /usr/lib/x86_64-linux-gnu/x
 * as one file.  A root without either gives an empty database
 * (cds_pkgdb_empty()), never an error.  Free with cds_pkgdb_free().
 */
CDS_HIDDEN struct cds_pkgdb *cds_pkgdb_load(cds_handle_t *h);
CDS_HIDDEN void cds_pkgdb_free(struct cds_pkgdb *db);
CDS_HIDDEN int cds_pkgdb_empty(const struct cds_pkgdb *db);
/* Whose database DB is: "dpkg", "pacman", or NULL when it is empty. */
CDS_HIDDEN const char *cds_pkgdb_tool(const struct cds_pkgdb *db);

/*
 * The package that lists target path PATH, or NULL.  The path as given is
 * looked up first, then with its links resolved inside the root (a
 * library reached through an alternatives link belongs to the package of
 * the file it leads to).  Owned by DB.
 */
CDS_HIDDEN const struct cds_dpkg *cds_pkgdb_owner(const struct cds_pkgdb *db,
    const char *path);

/* The package named NAME (any architecture), or NULL.  Owned by DB. */
CDS_HIDDEN const struct cds_dpkg *cds_pkgdb_find(const struct cds_pkgdb *db,
    const char *name);

/* A package dpkg has (in any state but not-installed) whose Provides
 * field names NAME ("libcudnn.so.9"), or NULL.  Owned by DB. */
CDS_HIDDEN const struct cds_dpkg *cds_pkgdb_provider(
    const struct cds_pkgdb *db, const char *name);

/* Are P's files on the system as far as dpkg knows (any state but
 * not-installed and config-files)? */
CDS_HIDDEN int cds_dpkg_present(const struct cds_dpkg *p);

/*
 * The packages whose files are there (cds_dpkg_present()) that declare a
 * dependency (Depends or Pre-Depends) on NAME that nothing here meets: no
 * alternative of that relation is a package present or provided by one.
 * Version constraints are not compared: a dependency is met by the name.
 * A NULL-terminated vector to free() (the packages are owned by DB), empty
 * when none.
 */
CDS_HIDDEN const struct cds_dpkg **cds_pkgdb_needers(
    const struct cds_pkgdb *db, const char *name);

/* The dependencies of P that nothing here meets (of each group of
 * alternatives, its first name): a NULL-terminated vector of new strings
 * (cds_strfreev()), empty when none. */
CDS_HIDDEN char **cds_pkgdb_unmet(const struct cds_pkgdb *db,
    const struct cds_dpkg *p);

/* The text of a maintainer script of P ("postinst", "config"), or NULL.
 * A new string. */
CDS_HIDDEN char *cds_pkgdb_script(const struct cds_pkgdb *db,
    const struct cds_dpkg *p, const char *which);

/* "nvidia-cudnn 9.0.0.312~cuda12" (new string). */
CDS_HIDDEN char *cds_dpkg_label(const struct cds_dpkg *p);

/*
 * The command that makes dpkg finish or redo package P's installation:
 * `sudo dpkg --configure -a` for a package dpkg left unconfigured (its
 * maintainer script failed), `sudo apt-get install --reinstall P`
 * otherwise; pacman's package: `sudo pacman -S P` (which installs an
 * installed package again).  A new string.
 */
CDS_HIDDEN char *cds_dpkg_fix_command(const struct cds_dpkg *p);
/* The same as an argument list; free with cds_strfreev(). */
CDS_HIDDEN char **cds_dpkg_fix_argv(const struct cds_dpkg *p);

/* Did dpkg leave P half-done (unpacked, half-installed, half-configured,
 * triggers-awaited/pending)? */
CDS_HIDDEN int cds_dpkg_unfinished(const struct cds_dpkg *p);

/* One version of a package that one of apt's downloaded lists offers. */
struct cds_apt_offer {
	char *name;		/* the package: "libcublas-12-4" */
	char *version;		/* "535.216.03-1" */
	char *list;		/* the list's file name under
				   var/lib/apt/lists, which names the
				   repository:
				   "deb.debian.org_debian_dists_bookworm_"
				   "non-free_binary-amd64_Packages" */
};

/*
 * The versions of package NAME that apt's lists under the handle's root
 * offer (the files var/lib/apt/lists/..._Packages, as apt keeps them
 * after `apt-get update`: uncompressed, or compressed where
 * Acquire::GzipIndexes is set, as in Docker's images), each list in name
 * order and its versions in file order.  Returns how many; the array in *OUT (cds_apt_offers_free).
 * *LISTS, when not NULL, is set to how many Packages lists there are: 0
 * means apt has no lists here (never updated, or removed as container
 * images do), so that nothing can be said of what it offers.
 */
CDS_HIDDEN size_t cds_apt_offers(cds_handle_t *h, const char *name,
    struct cds_apt_offer **out, size_t *lists);
CDS_HIDDEN void cds_apt_offers_free(struct cds_apt_offer *v, size_t n);

/*
 * The start of the file name apt gives the lists of NVIDIA's CUDA
 * repository (https://developer.download.nvidia.com/compute/cuda/repos/
 * DISTRO/ARCH/, a flat repository): the URI's '/' become '_', its own '_'
 * "%5f" ("..._repos_ubuntu2204_x86%5f64_Packages", as apt's errors name
 * them: NVIDIA/cuda-repo-management#50, tensorflow/tensorflow#49013).
 */
#define CDS_APT_NVIDIA_CUDA "developer.download.nvidia.com_compute_cuda_repos_"

/*
 * The starts of the file names apt gives the lists of NVIDIA's local
 * repositories: the directories the local installers' packages put under
 * /var (cuda-repo-ubuntu2204-12-4-local_12.4.1-550.54.15-1_amd64.deb:
 * "deb [signed-by=...] file:///var/cuda-repo-ubuntu2204-12-4-local /";
 * cuDNN's cudnn-local-repo-ubuntu2204-9.1.0), which apt's updates print
 * as "file:/var/cuda-repo-ubuntu2204-12-5-local" and name their lists by
 * ("/var/lib/apt/lists/_var_cuda-repo-8-0-local_Release").  An
 * uncompressed list is apt's link to the repository's own Packages.
 */
#define CDS_APT_NVIDIA_LOCAL_CUDA "_var_cuda-repo-"
#define CDS_APT_NVIDIA_LOCAL_CUDNN "_var_cudnn-local-repo-"

/* Which of NVIDIA's repositories the list or repository LIST (an offer's
 * list) is: "NVIDIA's local CUDA repository", "NVIDIA's local cuDNN
 * repository", else "NVIDIA's CUDA repository" (static). */
CDS_HIDDEN const char *cds_nvidia_repo_label(const char *list);

/* Is package name NAME (LEN bytes) PREFIX itself (EXACT), or else PREFIX
 * then a release's numbers, "N" or "X-Y", as NVIDIA names the packages of
 * one CUDA release ("libcublas-12-4") or major ("libcudnn9-cuda-12")?
 * Every name fits a NULL PREFIX. */
CDS_HIDDEN int cds_pkg_name_fits(const char *name, size_t len,
    const char *prefix, int exact);

/*
 * What NVIDIA's CUDA repositories offer here (those of apt's lists named
 * above, online and local): package NAME (EXACT), or else the packages named NAME then a
 * release's numbers, "N" or "X-Y" ("libcublas-" -> "libcublas-12-4",
 * "libcudnn9-cuda-" -> "libcudnn9-cuda-12"; never "libcublas-dev-12-4");
 * NAME NULL: every package.  Like cds_apt_offers(); none when apt has no
 * list of that repository.
 */
CDS_HIDDEN size_t cds_apt_nvidia_offers(cds_handle_t *h,
    const char *name, int exact, struct cds_apt_offer **out);

/*
 * What pacman's sync databases here offer (var/lib/pacman/sync/REPO.db,
 * a tar of NAME-VERSION/desc, as `pacman -Sy` keeps it): package NAME;
 * or, NAME NULL, the packages whose file list has soname SONAME in a
 * directory (a line ending in "/SONAME" of NAME-VERSION/files in
 * REPO.files, kept by `pacman -Fy`).  Each offer's list is the
 * database's file name ("extra.db", "extra.files").  Returns how many;
 * the array in *OUT (cds_apt_offers_free()).  None without those
 * databases or the network module that reads them.
 */
CDS_HIDDEN size_t cds_pacman_offers(cds_handle_t *h, const char *name,
    const char *soname, struct cds_apt_offer **out);

/*
 * pacman.conf(5) of the root, section [options]: every value of KEY
 * ("DBPath", "CacheDir"), in order, a repeating option's values split at
 * blanks as pacman does; a NULL-terminated list, empty when unset.
 */
CDS_HIDDEN char **cds_pacman_conf(const cds_handle_t *h, const char *key);

/* SUB ("local", "sync") of pacman's database directory: DBPath,
 * else /var/lib/pacman.  A new string, a path of the root. */
CDS_HIDDEN char *cds_pacman_db(const cds_handle_t *h, const char *sub);

/* pacman's package caches, in the order it tries them: CacheDir, else
 * /var/cache/pacman/pkg (paths of the root, no trailing slash). */
CDS_HIDDEN char **cds_pacman_cachedirs(const cds_handle_t *h);

#endif /* CDS_PKGDB_H */
