/*
 * quote.h - a string as one word of the shells and languages the program
 * writes: the commands doctor prints (sh), the env files of an install
 * and a repair (sh, fish, the Tcl of environment modules), and a text as
 * a regular expression that matches only that text (the sed of a fix).
 * Every place that puts data into such text quotes it here.
 */
#ifndef CDS_QUOTE_H
#define CDS_QUOTE_H

#include "base/util.h"

enum cds_quote {
	CDS_QUOTE_SH,	/* 'text'; a ' becomes '\'' */
	CDS_QUOTE_FISH,	/* 'text'; \ and ' escaped with \ */
	CDS_QUOTE_TCL	/* "text"; \ $ [ ] " { } escaped with \ */
};

/* Append S to B as one word of HOW's language, always quoted. */
CDS_HIDDEN void cds_buf_quote(struct cds_buf *b, enum cds_quote how,
    const char *s);
/* S as one word of HOW's language, always quoted.  New string. */
CDS_HIDDEN char *cds_quote(enum cds_quote how, const char *s);
/* S as one sh word for a person to read: as it is when it holds only
 * characters no shell treats specially (a path, a version), else quoted
 * like cds_quote(CDS_QUOTE_SH, S).  New string. */
CDS_HIDDEN char *cds_shquote(const char *s);
/* S as a basic regular expression (POSIX sed, grep) that matches S and
 * nothing else, inside a sed address or command delimited by DELIM: each
 * of \ . [ * ^ $ and DELIM takes a backslash (/ and & are themselves in a
 * pattern; DELIM must not be a letter, a digit or a newline).  Quote the
 * whole script for the shell after.  New string. */
CDS_HIDDEN char *cds_brequote(const char *s, char delim);

#endif /* CDS_QUOTE_H */
