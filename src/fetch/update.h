/*
 * update.h - `update`: a newer index, signed, fetched and kept.
 *
 * The public call is cds_update() (cds.h); the store's layout and the
 * signature check it shares with the loader are in manifest.h
 * (cds_index_store(), cds_index_verify()).
 */
#ifndef CDS_UPDATE_H
#define CDS_UPDATE_H

#include "sys/handle.h"

/* The largest index and redistrib file taken (NVIDIA's largest redistrib
 * file is under 100 KiB; the index under 1 MiB). */
#define CDS_UPDATE_MAX_INDEX (16u << 20)

/* The state file: what the store last took.  Missing: all zero. */
struct cds_index_state {
	long long version;
	char sha256[65];
	char expires[64];
	char generated[64];
};

/* Read STORE/state.  0 (all zero when there is none), or -1 with
 * CDS_ERR_IO (unreadable) or CDS_ERR_BAD_INPUT (malformed), naming it. */
CDS_HIDDEN int cds_index_state_read(cds_handle_t *h, const char *store,
    struct cds_index_state *st);

#endif /* CDS_UPDATE_H */
