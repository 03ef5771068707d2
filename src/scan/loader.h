/*
 * loader.h - the loader emulation (loader.c), and its helpers shared with
 * the dynamic probe.
 */
#ifndef CDS_LOADER_H
#define CDS_LOADER_H

#include "cds.h"
#include "base/util.h"

struct cds_elf;

/*
 * The loader, emulated: glibc ld.so's search and binding rules applied to
 * the files under the handle's root, for the handle's environment
 * (cds_getenv(h, "LD_LIBRARY_PATH")).  Nothing is loaded.
 *
 * The search for a name without '/', as ld.so does it: DT_RPATH of the
 * object that asks and of the objects that loaded it, in turn (only when
 * the asking object has no DT_RUNPATH), then LD_LIBRARY_PATH, then the
 * asking object's DT_RUNPATH, then what ld.so.cache would hold (the
 * directories of /etc/ld.so.conf and its includes, in order, each once
 * even under another name, then the trusted directories; a name is listed
 * where ldconfig lists it: a file under its DT_SONAME, a link under its
 * own name when that is the soname or its ".so" development link; the
 * first directory listing the name gives the one file tried), then the
 * default directories.  For an object marked DF_1_NODEFLIB the default
 * directories and the cache's entries under them are skipped.  $ORIGIN,
 * $LIB and $PLATFORM are expanded.  A file of the other ELF class or
 * another machine is passed over; a file ld.so cannot read (not ELF, too
 * short, a directory) or will not map (an executable, a PIE,
 * DF_1_NOOPEN) stops the search with ld.so's error.  The agreement with
 * the real ld.so is measured by tests/tools/ldmatrix.sh (doc/loader.md).
 *
 * Not emulated (the comments of src/scan/loader.c say why): the binary
 * ld.so.cache itself (its content is rebuilt from ld.so.conf, as if
 * ldconfig -X had just run), glibc-hwcaps and legacy hwcap subdirectories,
 * $ORIGIN in LD_LIBRARY_PATH (the program is not known), LD_PRELOAD, and
 * the program's own RPATH and libraries (the program is not known).
 */

/* Which step of the search found a library. */
enum cds_ld_via {
	CDS_LD_NOT_FOUND = 0,
	CDS_LD_DIRECT,		/* the name holds a '/': opened as given */
	CDS_LD_RPATH,		/* DT_RPATH of the asking object or one that
				   loaded it */
	CDS_LD_LIBRARY_PATH,	/* LD_LIBRARY_PATH */
	CDS_LD_RUNPATH,		/* DT_RUNPATH of the asking object */
	CDS_LD_CACHE,		/* ld.so.cache: an ld.so.conf directory or a
				   trusted directory */
	CDS_LD_DEFAULT		/* ld.so's built-in default directories */
};

/* The untranslated name of a step: "RPATH", "LD_LIBRARY_PATH", "RUNPATH",
 * "ld.so.cache", "default", "path", "not found". */
CDS_HIDDEN const char *cds_ld_via_name(enum cds_ld_via via);

/* One search for one name, as ld.so would do it. */
struct cds_ld_found {
	char *name;		/* as asked: "libcudnn_ops_infer.so.8" */
	char *path;		/* the target path ld.so opens (directory as
				   written + name, no symlink resolved: what
				   ld.so prints); NULL if not found */
	char *realpath;		/* PATH with symlinks resolved in the root */
	enum cds_ld_via via;
	int entry;		/* 1-based position of the directory in that
				   list (LD_LIBRARY_PATH "a::b": b is 3); 0
				   when there is no list */
	char *dir;		/* the directory, expanded; NULL if none */
	char *dir_as_written;	/* "$ORIGIN/../lib"; NULL if none */
	char *from;		/* RPATH/RUNPATH: the target path of the object
				   whose entry it is; CACHE: the ld.so.conf
				   file listing the directory ("" for a
				   trusted one); else NULL */
	char *how;		/* one untranslated line of evidence:
				   "LD_LIBRARY_PATH entry 2: /opt/old/lib" */
	char *error;		/* when not found or refused: ld.so's words
				   as dlerror() gives them ("libx.so.1:
				   cannot open shared object file: No such
				   file or directory"); else NULL */
	char **skipped;		/* files passed over: "/p/libx.so.1: wrong ELF
				   class: ELFCLASS32"; NULL-terminated, never
				   NULL */
};

/* Flags of the loader calls. */
enum {
	CDS_LD_ALL_SYMBOLS = 1	/* also check unversioned symbol references
				   (off by default: the program, unknown
				   here, may define them) */
};

/*
 * Find one library the way ld.so would when CONSUMER (may be NULL: the
 * program asks, and has no RPATH) needs NAME: a bare soname
 * ("libcudnn.so.9") or a target path.  CONSUMER's own RPATH/RUNPATH and
 * $ORIGIN apply (no loading chain: see cds_loader_resolve() for that).
 * Files of another class or machine than CONSUMER's (or this machine's
 * when NULL) are passed over.  Returns a new result, also when nothing is
 * found (->path NULL, ->error set); free with cds_ld_found_free().  NULL
 * only for bad arguments (CDS_ERR_USAGE).
 */
CDS_HIDDEN struct cds_ld_found *cds_loader_find(cds_handle_t *h,
    const char *name, const struct cds_elf *consumer, unsigned flags);
CDS_HIDDEN void cds_ld_found_free(struct cds_ld_found *f);

/*
 * The loader's directories in search order for CONSUMER (NULL: the
 * program): its RPATH (when it has no RUNPATH), LD_LIBRARY_PATH, its
 * RUNPATH, the ld.so.conf directories, the default ones.  `via` is
 * "RPATH", "LD_LIBRARY_PATH", "RUNPATH", the ld.so.conf file's target path
 * ("/etc/ld.so.conf.d/cuda.conf"), or "default" (ld.so's built-in and
 * ldconfig's trusted directories, listed once).  A directory listed twice
 * by ld.so.conf files appears once, as ldconfig keeps it.  Returns a new
 * array of *N entries (never NULL); free with cds_searchdirs_free(), or
 * take it over: the array and its strings are plain malloc() memory (as
 * struct cds_scan's searchdirs).
 */
CDS_HIDDEN struct cds_searchdir *cds_loader_searchdirs(cds_handle_t *h,
    const struct cds_elf *consumer, size_t *n);
CDS_HIDDEN void cds_searchdirs_free(struct cds_searchdir *dirs, size_t n);

#define CDS_LD_NONE ((size_t)-1)

/* One object of a resolution: a library ld.so looked up. */
struct cds_ld_object {
	struct cds_ld_found found;	/* how it was found, or not */
	char *soname;		/* DT_SONAME, NULL if none or not found */
	struct cds_elf *elf;	/* its ELF data, owned by the resolution;
				   NULL when not found or unreadable */
	size_t loader;		/* the object whose DT_NEEDED or dlopen()
				   asked for it; CDS_LD_NONE: the program */
	size_t load;		/* the request (cds_ld_resolution.loads) */
	size_t *needed;		/* objects its DT_NEEDED resolved to, in
				   order (an earlier object when shared) */
	size_t nneeded;
	int unloaded;		/* its request failed: ld.so unmapped it */
};

enum cds_ld_problem_kind {
	CDS_LD_MISSING = 1,	/* a library not found */
	CDS_LD_UNUSABLE,	/* found, but ld.so refuses or cannot read it */
	CDS_LD_NO_VERSION,	/* a required version is not defined */
	CDS_LD_NO_SYMBOL	/* a symbol reference binds to nothing */
};

/* Something that makes a dlopen() fail. */
struct cds_ld_problem {
	enum cds_ld_problem_kind kind;
	size_t load;		/* the request it breaks */
	size_t object;		/* MISSING/UNUSABLE: the object not found or
				   refused; NO_VERSION/NO_SYMBOL: the object
				   with the requirement */
	size_t provider;	/* NO_VERSION: the file that lacks the version;
				   NO_SYMBOL: the object loaded for the
				   version's file (CDS_LD_NONE if none) */
	char *name;		/* the soname, version or symbol */
	char *version;		/* NO_SYMBOL: the version required, or NULL */
	char *message;		/* ld.so's text as dlerror() gives it:
				   "/a/libcudnn_cnn_infer.so.8: undefined
				   symbol: _ZN15TracebackLoggerC1EPKc, version
				   libcudnn_ops_infer.so.8", "/x/liba.so.1:
				   version `A_1' not found (required by
				   /y/libb.so.1)" */
};

/* One dlopen() request and what it would return. */
struct cds_ld_load {
	char *name;		/* as given */
	size_t caller;		/* the request whose object calls dlopen()
				   (its RPATH/RUNPATH apply), or CDS_LD_NONE
				   for the program */
	size_t object;		/* its object (found or not: the entry holds
				   the search and its error) */
	char *error;		/* what dlerror() would say after
				   dlopen(name, RTLD_NOW | RTLD_LOCAL), NULL
				   when it loads */
};

struct cds_ld_resolution {
	struct cds_ld_load *loads;	/* in the order asked */
	size_t nloads;
	struct cds_ld_object *objects;	/* in the order ld.so met them */
	size_t nobjects;
	struct cds_ld_problem *problems; /* in the order ld.so meets them:
					   per request, the first is the one
					   dlopen() reports */
	size_t nproblems;
	double elapsed_ms;
};

/* A dlopen() to emulate: NAME (a target path or a bare soname), called
 * from the object of the earlier request CALLER, or CDS_LD_NONE for the
 * program. */
struct cds_ld_request {
	const char *name;
	size_t caller;
};

/*
 * RESOLVE: emulate dlopen(name, RTLD_NOW | RTLD_LOCAL) for each request in
 * turn in one process: find the library, then its DT_NEEDED tree breadth
 * first (each soname loaded once, the first found wins, already loaded
 * objects shared between requests), then check every required symbol
 * version against the file that provides it and every versioned symbol
 * reference against the objects in the request's scope, by ld.so's rules.
 * A failed request leaves nothing loaded for the next one, as in ld.so.
 * Problems carry ld.so's exact message.  Missing symbols are listed in
 * the order ld.so relocates them (objects in its dependency sort, each
 * one's relocation tables in order), so the first is the one dlopen()
 * reports.  FLAGS: CDS_LD_ALL_SYMBOLS.
 * Returns a new resolution (free with cds_ld_resolution_free()), or NULL
 * with CDS_ERR_USAGE for an empty or relative name or a bad caller.
 * Emits no events.
 */
CDS_HIDDEN struct cds_ld_resolution *cds_loader_resolve_seq(cds_handle_t *h,
    const struct cds_ld_request *reqs, size_t n, unsigned flags);
/* The same for one library asked by the program. */
CDS_HIDDEN struct cds_ld_resolution *cds_loader_resolve(cds_handle_t *h,
    const char *name, unsigned flags);
CDS_HIDDEN void cds_ld_resolution_free(struct cds_ld_resolution *r);
/* The live object loaded under NAME (a soname or a name it was asked
 * by), or NULL. */
CDS_HIDDEN const struct cds_ld_object *cds_ld_resolution_object(
    const struct cds_ld_resolution *r, const char *name);

/* The ELF class, byte order and machine of this program. */
CDS_HIDDEN void cds_loader_host(int *elfclass, int *be, unsigned *machine);

#endif /* CDS_LOADER_H */
