/*
 * repair.h - what the files of repair/ share: repair.c builds the plan,
 * undo.c keeps the record, applies it and takes it back.
 */
#ifndef CDS_REPAIR_H
#define CDS_REPAIR_H

#include "base/util.h"

/* Is ENV the system's Python rather than an env? */
CDS_HIDDEN int cds_repair_names_system(const char *env);

#endif /* CDS_REPAIR_H */
