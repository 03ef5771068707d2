/*
 * rule.h - what a rule of doctor (or explain) gets, and how it reports
 * (rule.c): a finding, its evidence and its fixes.
 */
#ifndef CDS_RULE_H
#define CDS_RULE_H

#include "base/quote.h"	/* fix commands quote with cds_shquote() */
#include "sys/handle.h"

/* What every rule gets: the handle, the scan and the manifest (may be
 * NULL when none could be loaded). */
struct cds_rule_ctx {
	cds_handle_t *h;
	const struct cds_scan *s;
	const struct cds_manifest *m;
	struct cds_findings *out;
};

/* Add a finding; ID is a string that outlives the list (a literal: "F1"),
 * TITLE an untranslated line of data. */
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
/* A fix that is a command of the env's package manager: ARGV and UNDO
 * (the command that goes back; NULL: none) are taken; the text is the
 * words of ARGV quoted for sh. */
CDS_HIDDEN struct cds_fix *cds_finding_fix_argv(struct cds_finding *f,
    char **argv, char **undo);
/* ARGV as one line for sh.  New string. */
CDS_HIDDEN char *cds_argv_text(char *const *argv);
/* Is there already a finding ID whose evidence or title mentions TEXT
 * (NULL: any finding ID)? */
CDS_HIDDEN int cds_finding_exists(const struct cds_rule_ctx *c,
    const char *id, const char *text);


#endif /* CDS_RULE_H */
