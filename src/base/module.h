/*
 * module.h - the program's own modules: shared objects of this build that
 * hold tables of a library's functions, opened when first needed, so that
 * a run that does not need the library does not load it (src/sys/net.h:
 * libcurl, libarchive, liblzma; base/crypto.h: libcrypto).
 */
#ifndef CDS_MODULE_H
#define CDS_MODULE_H

#include <stddef.h>

#include "base/util.h"

/*
 * Open the module FILE ("libcds-net.so") and return its table SYMBOL,
 * whose first members are the version it was built as and its size: they
 * must be this program's PACKAGE_VERSION and SIZE.  It is looked for
 * beside a program of the build tree (libtool's .libs/), beside the
 * portable tarball's program (libexec/lib/, tools/portable.sh), and where
 * `make install` puts it (PKGLIBDIR), the first that exists.  It stays
 * loaded.  NULL with *WHY (free it) naming the file, what went wrong
 * (the dynamic loader's words: a library it needs that is missing) and
 * what to do.
 */
CDS_HIDDEN const void *cds_module_open(const char *file, const char *symbol,
    size_t size, char **why);

/* What a table starts with. */
struct cds_module_head {
	const char *version;	/* PACKAGE_VERSION of the build */
	size_t size;		/* the table's size */
};

/*
 * A table's members, one per function F of a list X(F)... : a pointer of
 * the library's own type for F (so the module and the engine agree on
 * every prototype), and in the module F's address.  A name written alone,
 * without "(" after it, is never taken for a function-like macro of the
 * same name (curl's type checks).
 */
#define CDS_MODULE_MEMBER(f) __typeof__(f) *f;
#define CDS_MODULE_ENTRY(f) .f = f,

#endif /* CDS_MODULE_H */
