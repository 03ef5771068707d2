/*
 * elfread.h - the ELF reader, as the loader emulation uses it.
 */
#ifndef CDS_ELFREAD_H
#define CDS_ELFREAD_H

#include <stdint.h>
#include <sys/types.h>

#include "cds.h"
#include "util.h"

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

#endif /* CDS_ELFREAD_H */
