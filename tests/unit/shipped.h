/*
 * shipped.h - the index the project ships (manifests/index.json of
 * $CDS_SRCDIR), read and parsed for a unit test.
 */
#ifndef CDS_SHIPPED_H
#define CDS_SHIPPED_H

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "read/manifest.h"
#include "tap.h"

/* The shipped index parsed with handle H, its text in *TEXT (free both);
 * NULL after printing a failing plan, for main() to return 1. */
TAP_FN struct cds_manifest *
shipped_index(cds_handle_t *h, char **text)
{
	const char *src = getenv("CDS_SRCDIR");
	struct cds_manifest *m = NULL;
	char *path, *dir;
	size_t len;

	if (src == NULL) {
		src = ".";
	}
	path = cds_xasprintf("%s/manifests/index.json", src);
	dir = cds_xasprintf("%s/manifests", src);
	*text = cds_read_file(path, 1u << 24, &len);
	if (*text != NULL) {
		m = cds_index_parse(h, path, dir, *text);
	}
	if (m == NULL) {
		printf("1..1\nnot ok 1 - %s parses: %s\n", path,
		    cds_errdetail(h) != NULL ? cds_errdetail(h) : "unreadable");
	}
	free(path);
	free(dir);
	return m;
}

#endif
