/*
 * elfread.h - the ELF reader, as the loader emulation uses it.
 */
#ifndef CDS_ELFREAD_H
#define CDS_ELFREAD_H

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

#endif /* CDS_ELFREAD_H */
