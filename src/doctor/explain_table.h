/*
 * explain_table.h - explain's catalogue (explain_table.c): the failures it
 * knows, what each means, the causes that lead to it and the findings
 * that show each cause on this machine; read by explain.c.
 */
#ifndef CDS_EXPLAIN_TABLE_H
#define CDS_EXPLAIN_TABLE_H

#include <stddef.h>

#include "base/util.h"

#define MAXCAUSES 12
#define MAXSHOWS 6
#define MAXCONDS 2

/* One condition on a finding's evidence: a line KEY whose value contains
 * TEXT ("=TEXT": is TEXT; NULL: any value), or with ABSENT, no such line. */
struct cond {
	const char *key;
	const char *text;
	int absent;
};

/* A finding that shows a cause: its id, and conditions that must all hold
 * on its evidence.  Explain's own checks (MSG-*) write evidence meant for
 * this: "state", "origin", "kernel module"... */
struct shows {
	const char *id;
	struct cond conds[MAXCONDS];
};

struct cause_def {
	const char *text;		/* N_() */
	struct shows shows[MAXSHOWS];	/* any one of them shows it; none:
					   it cannot be checked here;
					   BY_MESSAGE: the message itself
					   does (the entry's patterns match
					   only this cause's words; its
					   conditions, if any, are on the
					   match's captures) */
};

struct entry_def {
	const char *id;
	const char *title;		/* N_() */
	const char *meaning;		/* N_() */
	const char *fix;		/* N_(): when no cause is found here */
	struct cause_def causes[MAXCAUSES];
};

/* What explain's own checks find (summaries in findings.c). */
#define MSG_LIBRARY "MSG-LIBRARY"	/* the library it could not open */
#define MSG_FILE "MSG-FILE"		/* the file it names, loaded here */
#define MSG_CUDNN "MSG-CUDNN"		/* the cuDNN version it loaded */
#define MSG_DRIVER "MSG-DRIVER"		/* module, libcuda.so.1, devices */
#define MSG_BUILD "MSG-BUILD"		/* how the framework was built */
#define BY_MESSAGE "MESSAGE"		/* no finding: the message's words */

/* The catalogue, and how many entries it has. */
CDS_HIDDEN extern const struct entry_def cds_explain_entries[];
CDS_HIDDEN extern const size_t cds_explain_nentries;

#endif /* CDS_EXPLAIN_TABLE_H */
