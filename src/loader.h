/*
 * loader.h - the loader emulation's helpers shared with the dynamic probe.
 */
#ifndef CDS_LOADER_H
#define CDS_LOADER_H

#include "cds.h"
#include "util.h"

/* The ELF class, byte order and machine of this program. */
CDS_HIDDEN void cds_loader_host(int *elfclass, int *be, unsigned *machine);

#endif /* CDS_LOADER_H */
