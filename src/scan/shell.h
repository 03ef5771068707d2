/*
 * shell.h - the activate.d evaluator (shell.c): what conda's activate.d
 * scripts of an env do to a variable, read, never run.
 */
#ifndef CDS_SHELL_H
#define CDS_SHELL_H

#include "sys/handle.h"

/*
 * Evaluate the conda activate.d scripts of env E for NAME: the value NAME
 * has after activating E once (START is the value before, NULL when
 * unset).  *undefined gets the variables the scripts read without setting
 * them (not CONDA_*, HOME, PATH or NAME itself), as a NULL-terminated
 * array; *where the "file:line" of the last assignment.  Returns NULL when
 * no script sets NAME.  Free the result and arrays.
 */
CDS_HIDDEN char *cds_activate_eval(cds_handle_t *h, const struct cds_env *e,
    const char *name, const char *start, char ***undefined, char **where);

/* The activate.d (or deactivate.d: SUB) scripts of env E, in conda's
 * order, less those `cudnn-setup repair` wrote.  NULL-terminated, never
 * NULL; free with cds_strfreev(). */
CDS_HIDDEN char **cds_activate_scripts(const cds_handle_t *h,
    const struct cds_env *e, const char *sub);

/*
 * One evaluation kept open, for a caller that activates an env more than
 * once in the same shell or asks what the scripts read (doctor's F28).
 * New evaluation of NAME for env E, START its value before (NULL: unset).
 */
struct cds_sheval;
CDS_HIDDEN struct cds_sheval *cds_sheval_new(cds_handle_t *h,
    const struct cds_env *e, const char *name, const char *start);
/* Variables the scripts read unset expand to VALUE (which must outlive the
 * evaluation) instead of nothing, so that the entries built from them can
 * be told apart. */
CDS_HIDDEN void cds_sheval_mark_undefined(struct cds_sheval *x,
    const char *value);
/* Source every activate.d script once; 1 when one assigned the target.
 * *where (NULL or a string it frees) gets the "file:line" of the last
 * assignment. */
CDS_HIDDEN int cds_sheval_run(struct cds_sheval *x, char **where);
/* The target's value now ("" when unset).  New string. */
CDS_HIDDEN char *cds_sheval_value(struct cds_sheval *x);
/* The variables read before being set so far, NULL-terminated (taken:
 * the list starts again empty). */
CDS_HIDDEN char **cds_sheval_undefined(struct cds_sheval *x);
CDS_HIDDEN void cds_sheval_free(struct cds_sheval *x);

#endif /* CDS_SHELL_H */
