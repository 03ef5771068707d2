/*
 * lock.h - one writer at a time in a prefix, its journal, and recovery
 * after an interrupted run (lock.c).
 */
#ifndef CDS_LOCK_H
#define CDS_LOCK_H

#include "sys/handle.h"
#include "read/journal.h"
#include "txn/ops.h"
#include "read/prefix.h"

struct cds_lock {
	int fd;
};
/*
 * Take the prefix's lock, creating .state.  While another process holds
 * it, emits CDS_EV_LOCK_WAIT once and waits WAIT seconds (0: as long as it
 * takes; < 0: not at all), then fails with CDS_ERR_LOCKED naming the
 * holder.  The holder's pid is written into the lock file (then " asking"
 * while cds_lock_note() says so).
 */
CDS_HIDDEN int cds_lock_take(cds_handle_t *h, const struct cds_layout *l,
    int wait, struct cds_lock *lk);
/*
 * The same on directory DIR itself (an env: no lock file is left in it,
 * and a holder's pid is not known).  CDS_ERR_NOT_FOUND when DIR is not
 * there.
 */
CDS_HIDDEN int cds_lock_dir(cds_handle_t *h, const char *dir, int wait,
    struct cds_lock *lk);
CDS_HIDDEN void cds_lock_release(struct cds_lock *lk);
/* Write what the holder does into the lock file, for a waiter's event:
 * "asking" while it waits for its user's answer, NULL when it works. */
CDS_HIDDEN void cds_lock_note(struct cds_lock *lk, const char *state);

/*
 * The install's journal: one line per step of the transaction in
 * progress, "begin OP FLAGS", "item NAME", "commit NAME".
 * cds_journal_end() removes it once everything is done.
 */
CDS_HIDDEN int cds_journal_add(cds_handle_t *h, const struct cds_layout *l,
    const char *fmt, ...) CDS_PRINTF(3, 4);
CDS_HIDDEN void cds_journal_end(const struct cds_layout *l);

/*
 * Under the lock: finish what an interrupted run committed (default links,
 * env files), undo what it did not (staging, trash, temporary links and
 * files, receipts without a tree), and remove the journal.  Emits
 * CDS_EV_CLEANUP per thing removed or finished.
 */
CDS_HIDDEN int cds_recover(cds_handle_t *h, const struct cds_layout *l);
/* CDS_EV_CLEANUP: NAME at PATH, left by an interrupted run, is removed or
 * finished. */
CDS_HIDDEN void cds_cleaned(cds_handle_t *h, const char *name,
    const char *path);

#endif /* CDS_LOCK_H */
