/*
 * quote.c - one word of sh, fish or Tcl from any bytes, and a regular
 * expression that matches only the bytes it was given.  Single quotes
 * take every byte as it is in sh (only the quote itself needs the
 * '\'' dance) and in fish (where \ and ' are the two escapes); Tcl's
 * double quotes substitute, so its special characters get a backslash.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/quote.h"

void
cds_buf_quote(struct cds_buf *b, enum cds_quote how, const char *s)
{
	const char *open = how == CDS_QUOTE_TCL ? "\"" : "'";

	cds_buf_adds(b, open);
	for (; *s != '\0'; s++) {
		if (how == CDS_QUOTE_SH && *s == '\'') {
			cds_buf_adds(b, "'\\''");
			continue;
		}
		if ((how == CDS_QUOTE_FISH && (*s == '\'' || *s == '\\')) ||
		    (how == CDS_QUOTE_TCL && strchr("\\$[]\"{}", *s) != NULL)) {
			cds_buf_adds(b, "\\");
		}
		cds_buf_add(b, s, 1);
	}
	cds_buf_adds(b, open);
}

char *
cds_quote(enum cds_quote how, const char *s)
{
	struct cds_buf b = {0};

	cds_buf_quote(&b, how, s);
	return cds_buf_steal(&b);
}

char *
cds_shquote(const char *s)
{
	if (*s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == strlen(s)) {
		return cds_xstrdup(s);
	}
	return cds_quote(CDS_QUOTE_SH, s);
}

char *
cds_brequote(const char *s, char delim)
{
	struct cds_buf b = {0};

	for (; *s != '\0'; s++) {
		if (strchr("\\.[*^$", *s) != NULL || *s == delim) {
			cds_buf_adds(&b, "\\");
		}
		cds_buf_add(&b, s, 1);
	}
	return cds_buf_steal(&b);
}
