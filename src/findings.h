/*
 * findings.h - doctor's rules: the table, and what a rule uses to report.
 */
#ifndef CDS_FINDINGS_H
#define CDS_FINDINGS_H

#include "handle.h"

/* What every rule gets: the handle, the scan and the manifest (may be
 * NULL when none could be loaded). */
struct cds_rule_ctx {
	cds_handle_t *h;
	const struct cds_scan *s;
	const struct cds_manifest *m;
	struct cds_findings *out;
};

typedef void (*cds_rule_fn)(struct cds_rule_ctx *c);

struct cds_rule {
	const char *id;		/* stable: "F1", "STUB-LIBCUDA" */
	const char *summary;	/* N_(): the translated headline */
	const char *source;	/* failure-modes.md entry, or NULL */
	cds_rule_fn fn;
};

/* Add a finding; TITLE is an untranslated line of data. */
CDS_HIDDEN struct cds_finding *cds_finding_add(struct cds_rule_ctx *c,
    const char *id, enum cds_severity sev, const char *fmt, ...)
    CDS_PRINTF(4, 5);
CDS_HIDDEN void cds_finding_evidence(struct cds_finding *f, const char *key,
    const char *fmt, ...) CDS_PRINTF(3, 4);
/* A fix: what repair does (KIND, PATH, TARGET) and the command a person
 * could type instead. */
CDS_HIDDEN void cds_finding_fix(struct cds_finding *f, enum cds_fix_kind kind,
    const char *path, const char *target, const char *fmt, ...)
    CDS_PRINTF(5, 6);

/* Quote a string for sh: 'it'\''s'.  New string. */
CDS_HIDDEN char *cds_shquote(const char *s);

/* Rules, one function each (src/rules_*.c). */
CDS_HIDDEN void cds_rule_no_driver(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_stub_libcuda(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_wsl_path(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_driver_too_old(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cuda_link(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_dev_links(struct cds_rule_ctx *c);

#endif /* CDS_FINDINGS_H */
