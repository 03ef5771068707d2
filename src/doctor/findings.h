/*
 * findings.h - doctor's rules, one function and one row each, in the
 * tables of rules_*.c that findings.c runs.  How a rule reports is rule.h;
 * the facts the rules share, facts.h.
 */
#ifndef CDS_FINDINGS_H
#define CDS_FINDINGS_H

#include "doctor/rule.h"

typedef void (*cds_rule_fn)(struct cds_rule_ctx *c);

struct cds_rule {
	const char *id;		/* stable: "F1", "STUB-LIBCUDA" */
	const char *summary;	/* N_(): the translated headline */
	const char *source;	/* failure-modes.md entry, or NULL */
	cds_rule_fn fn;
};

/*
 * The rules: each src/doctor/rules_FAMILY.c ends with cds_rules_FAMILY, a
 * row per finding id its static functions raise, in the order they run,
 * and a row with a NULL id last.  A row without a function names an id
 * that another row's function raises (its summary is looked up there).
 * findings.c runs the tables in its order.
 */
CDS_HIDDEN extern const struct cds_rule cds_rules_conda[];
CDS_HIDDEN extern const struct cds_rule cds_rules_consumers[];
CDS_HIDDEN extern const struct cds_rule cds_rules_container[];
CDS_HIDDEN extern const struct cds_rule cds_rules_cudnn[];
CDS_HIDDEN extern const struct cds_rule cds_rules_driver[];
CDS_HIDDEN extern const struct cds_rule cds_rules_env[];
CDS_HIDDEN extern const struct cds_rule cds_rules_framework[];
CDS_HIDDEN extern const struct cds_rule cds_rules_image[];
CDS_HIDDEN extern const struct cds_rule cds_rules_integrity[];
CDS_HIDDEN extern const struct cds_rule cds_rules_knownbad[];
CDS_HIDDEN extern const struct cds_rule cds_rules_loader[];
CDS_HIDDEN extern const struct cds_rule cds_rules_runtime[];
CDS_HIDDEN extern const struct cds_rule cds_rules_toolchain[];
CDS_HIDDEN extern const struct cds_rule cds_rules_wheels[];

/* The entries of CUDA_VISIBLE_DEVICES' value LIST (split on commas,
 * spaces trimmed), empty ones kept: "" is one empty entry
 * (rules_env.c). */
CDS_HIDDEN char **cds_cvd_entries(const char *list);

/* F21's check against a given compute capability (86 for 8.6), as a
 * message names it: a finding for each framework without kernels for it. */
CDS_HIDDEN void cds_check_arch(struct cds_rule_ctx *c, int cc);

#endif /* CDS_FINDINGS_H */
