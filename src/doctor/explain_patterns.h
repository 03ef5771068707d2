/*
 * explain_patterns.h - the texts explain recognises (explain_patterns.c):
 * one pattern per wording, each naming its catalogue entry
 * (explain_table.c); matched by explain.c.
 */
#ifndef CDS_EXPLAIN_PATTERNS_H
#define CDS_EXPLAIN_PATTERNS_H

#include <stddef.h>

#include "base/util.h"

/*
 * One recognisable message.  KEY is a literal the message always holds
 * (compared ignoring case); the regular expression RE is matched where KEY
 * is found, anchored there, or with BACK at the start of the word just
 * before KEY (the file an "undefined symbol" is about); CONTEXT, when set,
 * must occur somewhere in the text, or with a leading '!' must not (the
 * driver's JIT's "!application ptx input").  Groups are named by NAMES (index 1 =
 * group 1; NULL: not kept); groups of the same name are joined with '.'
 * ("(8, 3, 2)" -> "8.3.2").  Lower RANK wins when several entries match
 * one text.
 */
struct pattern {
	const char *id;
	int rank;
	const char *key;
	int back;
	const char *context;
	const char *re;
	const char *names[10];
};

/* The patterns, and how many there are. */
CDS_HIDDEN extern const struct pattern cds_explain_patterns[];
CDS_HIDDEN extern const size_t cds_explain_npatterns;

#endif /* CDS_EXPLAIN_PATTERNS_H */
