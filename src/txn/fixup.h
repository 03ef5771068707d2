/*
 * fixup.h - what is made after the files are in place: soname links,
 * default links, env files, system files.
 */
#ifndef CDS_FIXUP_H
#define CDS_FIXUP_H

#include "txn/ops.h"
#include "read/prefix.h"

/*
 * Complete the soname chains of the libraries in DIR (a host path): for
 * each regular ELF file with a DT_SONAME, the link `SONAME -> file` when
 * the file is not itself named so, and the development link
 * `libX.so -> SONAME` (the highest SONAME wins when several share it).
 * Existing entries are never replaced.  With DRY_RUN only OPS is filled.
 * OPS may be NULL.  Returns the number of links made (or to make), or -1
 * (CDS_ERR_IO naming the path).
 */
CDS_HIDDEN int cds_fixup_sonames(cds_handle_t *h, const char *dir,
    int dry_run, struct cds_ops *ops);

/* The same for every library directory of an installed tree (lib, lib64,
 * targets/ARCH/lib). */
CDS_HIDDEN int cds_fixup_tree(cds_handle_t *h, const char *tree,
    int dry_run, struct cds_ops *ops);

/*
 * Replace or create the symlink PATH -> TARGET atomically: a link under a
 * temporary name (".cds-tmp-<pid>-<name>" beside it), then rename().
 */
CDS_HIDDEN int cds_link_set(cds_handle_t *h, const char *path,
    const char *target, int dry_run, struct cds_ops *ops);

/*
 * After release NAME is committed: the default link of its kind when there
 * is none, its env files, and with SYSTEM the system files.  Idempotent:
 * recovery calls it again for a commit whose fix-ups were interrupted.
 */
CDS_HIDDEN int cds_fixup_commit(cds_handle_t *h, const struct cds_layout *l,
    const char *name, int system, int dry_run, struct cds_ops *ops);

/* Remove release NAME's env files (missing ones are fine). */
CDS_HIDDEN int cds_env_remove(cds_handle_t *h, const struct cds_layout *l,
    const char *name, int dry_run, struct cds_ops *ops);

/* Host paths of release NAME's env files: [0] .sh, [1] .fish,
 * [2] modulefile.  Free each. */
CDS_HIDDEN void cds_env_paths(const struct cds_layout *l, const char *name,
    char *out[3]);

/* The env text for target prefix TPREFIX. */
CDS_HIDDEN char *cds_env_text(const char *tprefix, const char *name,
    enum cds_shell shell);

/* /etc/ld.so.conf.d/cudnn-setup.conf and /etc/profile.d/cudnn-setup.sh
 * for the default links that exist, then ldconfig. */
CDS_HIDDEN int cds_system_files(cds_handle_t *h, const struct cds_layout *l,
    int dry_run, struct cds_ops *ops);
/* Does the system's ld.so.conf.d file exist (so `use` re-runs ldconfig)? */
CDS_HIDDEN int cds_system_files_present(cds_handle_t *h);
/* ldconfig for the root: `ldconfig` on /, `ldconfig -r ROOT` otherwise.
 * A failure is a warning, never an error. */
CDS_HIDDEN void cds_ldconfig(cds_handle_t *h, int dry_run,
    struct cds_ops *ops);

#endif /* CDS_FIXUP_H */
