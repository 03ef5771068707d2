/*
 * elfread.h - the ELF reader (elf.c): what the doctor, the loader emulation
 * and the tests read of a file.
 */
#ifndef CDS_ELFREAD_H
#define CDS_ELFREAD_H

#include <stdint.h>
#include <sys/types.h>

#include "cds.h"
#include "base/util.h"

/*
 * Static evidence: an ELF file's dynamic section read without loading it
 * (elf.c); the dynamic loader (glibc's ld.so) emulated over those files
 * is loader.h's, and the dynamic evidence, a child process that really
 * dlopen()s libraries, dynprobe.h's.
 */

/* A symbol version: required from a file, or defined by one. */
struct cds_elf_version {
	const char *name;	/* "libcudnn_ops_infer.so.8", "GLIBC_2.2.5" */
	int weak;		/* a weak requirement: missing is not fatal */
};

/* The versions an object requires from one file (.gnu.version_r). */
struct cds_elf_verneed {
	const char *file;	/* vn_file: "libcudnn_ops_infer.so.8" */
	const struct cds_elf_version *versions;
	size_t nversions;
};

/* A dynamic symbol, defined or imported. */
struct cds_elf_sym {
	const char *name;	/* "_ZN15TracebackLoggerC1EPKc" */
	const char *version;	/* version name, NULL when unversioned */
	const char *file;	/* imports: the file the version is required
				   from (vn_file); NULL otherwise */
	int weak;		/* STB_WEAK */
	int hidden;		/* defined as name@version, not name@@version */
	int type;		/* STT_FUNC, STT_OBJECT, ... */
};

struct cds_elf;

/*
 * Read the dynamic linking information of the ELF file at HOSTPATH (a path
 * on this machine: add the root with the handle's rules first): class,
 * machine, SONAME, NEEDED, RPATH, RUNPATH, the symbol versions it needs
 * and defines, and its dynamic symbols.  ELF32 and ELF64 of either byte
 * order.  Only the headers and the dynamic tables are read, never the
 * whole file, so a 250 MB library costs a few reads.  Every offset and
 * count in the file is checked: a truncated or hostile file is an error,
 * never a crash.  A file without a dynamic section (a static program) is
 * not an error: its lists are empty.
 * Returns a new object (free with cds_elf_free()) or NULL with
 * CDS_ERR_NOT_FOUND or CDS_ERR_IO (detail: path and reason) or
 * CDS_ERR_BAD_INPUT (not ELF, truncated, corrupt: detail names which).
 * Emits no events.
 */
CDS_HIDDEN struct cds_elf *cds_elf_open(cds_handle_t *h, const char *hostpath);
CDS_HIDDEN void cds_elf_free(struct cds_elf *e);

/* Accessors.  Strings and arrays are owned by E and live as long as it. */
/* The path as opened; the class (32 or 64); the byte order; e_machine
 * (62); e_type (3, ET_DYN). */
CDS_HIDDEN const char *cds_elf_path(const struct cds_elf *e);
CDS_HIDDEN int cds_elf_class(const struct cds_elf *e);
CDS_HIDDEN int cds_elf_big_endian(const struct cds_elf *e);
CDS_HIDDEN unsigned cds_elf_machine(const struct cds_elf *e);
CDS_HIDDEN unsigned cds_elf_type(const struct cds_elf *e);
/* A short name for an e_machine value: "x86-64", "AArch64"; never NULL. */
CDS_HIDDEN const char *cds_elf_machine_name(unsigned machine);
/* DT_SONAME, or NULL. */
CDS_HIDDEN const char *cds_elf_soname(const struct cds_elf *e);
/* PT_INTERP (programs), or NULL. */
CDS_HIDDEN const char *cds_elf_interp(const struct cds_elf *e);
/* DT_NEEDED names in file order; NULL-terminated, never NULL. */
CDS_HIDDEN char *const *cds_elf_needed(const struct cds_elf *e);
/* DT_RPATH and DT_RUNPATH as written (":"-separated, "$ORIGIN" not
 * expanded), or NULL when absent. */
CDS_HIDDEN const char *cds_elf_rpath(const struct cds_elf *e);
CDS_HIDDEN const char *cds_elf_runpath(const struct cds_elf *e);
/* DF_1_NODEFLIB: for what E needs, ld.so skips its default directories
 * and the cache's entries under them. */
CDS_HIDDEN int cds_elf_nodeflib(const struct cds_elf *e);
/* Does E define versions (.gnu.version_d)?  ld.so skips the version check
 * against a file that defines none. */
CDS_HIDDEN int cds_elf_has_verdef(const struct cds_elf *e);

/* Versions needed, one entry per file, in file order; *N gets the count. */
CDS_HIDDEN const struct cds_elf_verneed *cds_elf_verneeds(
    const struct cds_elf *e, size_t *n);
/* The entry for FILE ("libcudnn_ops_infer.so.8"), or NULL. */
CDS_HIDDEN const struct cds_elf_verneed *cds_elf_verneed_find(
    const struct cds_elf *e, const char *file);
/* Version names defined, without the base entry (the file's own name);
 * NULL-terminated, never NULL. */
CDS_HIDDEN char *const *cds_elf_verdefs(const struct cds_elf *e);
/* Does E define version VERSION?  The base definition (the file's own
 * name, usually its soname) counts, as it does for ld.so's version check:
 * a library whose version node is its soname satisfies a requirement of
 * that version whatever symbols it holds. */
CDS_HIDDEN int cds_elf_defines_version(const struct cds_elf *e,
    const char *version);

/* Dynamic symbols E defines (global and weak, default and protected
 * visibility, as ld.so sees them), and the ones it imports. */
CDS_HIDDEN const struct cds_elf_sym *cds_elf_defined(
    const struct cds_elf *e, size_t *n);
CDS_HIDDEN const struct cds_elf_sym *cds_elf_undefined(
    const struct cds_elf *e, size_t *n);
/*
 * Does E define SYM so that a reference to SYM at VERSION binds to it, by
 * ld.so's rules (glibc's check_match())?  With a VERSION: a definition of
 * that version, default or not, or an unversioned one (index 0, or 1 in
 * a file that defines no versions) that is not hidden.  VERSION NULL (an
 * unversioned reference): a definition at index 0, 1 or 2, else the only
 * non-hidden one at a later version.  An object without a .gnu.version
 * table matches any definition of SYM, as in ld.so (glibc 2.36 aborts with
 * an assertion when that object is the very file the version was required
 * from; that case is not told apart here).
 * Returns 1 or 0.  The first call sorts an index (a few microseconds per
 * hundred symbols).
 */
CDS_HIDDEN int cds_elf_defines(const struct cds_elf *e, const char *sym,
    const char *version);

/* What ld.so's open_verify() would make of a candidate file. */
enum cds_elf_verdict {
	CDS_ELF_OK = 0,		/* it would load it */
	CDS_ELF_ABSENT,		/* no such file: the search goes on */
	CDS_ELF_OTHER_CLASS,	/* ELFCLASS32 for a 64-bit loader: skipped */
	CDS_ELF_OTHER_MACHINE,	/* another e_machine: skipped silently */
	CDS_ELF_BAD		/* fatal: *why holds ld.so's words */
};

/*
 * Check HOSTPATH the way glibc's ld.so checks a file it found, for a loader
 * of class WANT_CLASS (32/64), byte order WANT_BE and machine WANT_MACHINE.
 * For CDS_ELF_BAD, *why gets ld.so's own text ("invalid ELF header",
 * "file too short", "cannot read file data: Is a directory"); free it.
 */
CDS_HIDDEN enum cds_elf_verdict cds_elf_check(const char *hostpath,
    int want_class, int want_be, unsigned want_machine, char **why);
/* cds_elf_check(), each file checked once in the handle's read-only pass
 * (cds_root_cache_begin()): the loader checks a library for every env
 * and rule that resolves it. */
CDS_HIDDEN enum cds_elf_verdict cds_elf_check_in(cds_handle_t *h,
    const char *hostpath, int want_class, int want_be,
    unsigned want_machine, char **why);

/*
 * cds_elf_open() without the symbol versions and the dynamic symbols:
 * class, machine, SONAME, NEEDED, RPATH, RUNPATH and DF_1_NODEFLIB only,
 * from the headers, the dynamic section and its string table (a few small
 * reads, whatever the size of the library).  Enough to be the consumer of
 * cds_loader_find(); not for symbol or version checks.
 */
CDS_HIDDEN struct cds_elf *cds_elf_open_dynamic(cds_handle_t *h,
    const char *hostpath);

/* Device and inode of the file E was read from (ld.so's file identity). */
CDS_HIDDEN void cds_elf_file_id(const struct cds_elf *e, dev_t *dev,
    ino_t *ino);

/* Does E carry a .gnu.version table (versioned symbols)? */
CDS_HIDDEN int cds_elf_has_versym(const struct cds_elf *e);

/*
 * The imports of E (indices into cds_elf_undefined()) in the order ld.so
 * looks them up when it relocates E with RTLD_NOW: DT_RELA/DT_REL past
 * the leading relative relocations, then DT_JMPREL, each symbol at its
 * first relocation; imports no relocation names are left out.  *ORDER is
 * owned by E.  Reads the tables from E's file the first time (E's path
 * must still name it).  Returns the count, or -1 when they cannot be
 * read (*ORDER then undefined).
 */
CDS_HIDDEN ssize_t cds_elf_reloc_order(const struct cds_elf *e,
    const size_t **order);

/* DT_FLAGS_1 (DF_1_PIE, DF_1_NOOPEN...), 0 when absent. */
CDS_HIDDEN unsigned cds_elf_flags_1(const struct cds_elf *e);
/* Has E a PT_DYNAMIC segment with bytes in it? */
CDS_HIDDEN int cds_elf_has_dynamic(const struct cds_elf *e);
/* The number of its PT_LOAD segments. */
CDS_HIDDEN size_t cds_elf_nloads(const struct cds_elf *e);

/* What ldconfig reads of a file. */
struct cds_elf_ident {
	int elfclass;		/* 32 or 64 */
	int be;
	unsigned machine;	/* e_machine */
	unsigned type;		/* e_type */
	int has_dynamic;	/* a PT_DYNAMIC with bytes */
	char *soname;		/* DT_SONAME (malloc()ed), NULL if none */
};

/*
 * Read the ELF header, program headers and DT_SONAME of HOSTPATH, as
 * ldconfig does to list a file in its cache.  Returns 0 (free ID->soname),
 * or -1 when it is no ELF file, cannot be read or is not a regular file.
 */
CDS_HIDDEN int cds_elf_ident(const char *hostpath,
    struct cds_elf_ident *id);

/* Read N bytes at OFF of FD, a file of FSIZE bytes: 0, or -1 when they
 * lie past its end or the read is short. */
CDS_HIDDEN int cds_pread_in(int fd, void *buf, size_t n, uint64_t off,
    uint64_t fsize);
/* Where section NAME of the 64-bit little-endian ELF file FD (FSIZE
 * bytes, read by section headers bounded by the file) lies: *OFF and
 * *SIZE, clipped to what the file holds; size 0 when it is absent or
 * NOBITS.  0, or -1 when FD is no such file. */
CDS_HIDDEN int cds_elf_section(int fd, uint64_t fsize, const char *name,
    uint64_t *off, uint64_t *size);

/*
 * How many bytes the ELF file open on FD (FSIZE bytes) needs: the end of
 * its program header table, of each segment's bytes in the file
 * (p_offset + p_filesz) and of its section header table (e_shoff +
 * e_shnum * e_shentsize), the largest, into *NEED.  ELF32 and ELF64 of
 * either byte order; every read is checked against FSIZE.  1 when the
 * file is shorter than that (cut short: a full disk, a killed copy), 0
 * when it is whole, -1 when it is no ELF file (or unreadable).
 */
CDS_HIDDEN int cds_elf_extent(int fd, uint64_t fsize, uint64_t *need);
/* The PT_GNU_STACK of the ELF file open on FD (FSIZE bytes): 1 when it
 * asks for an executable stack, 0 when not, -1 without the header or
 * when it is no ELF file. */
CDS_HIDDEN int cds_elf_fd_execstack(int fd, uint64_t fsize);

#endif /* CDS_ELFREAD_H */
