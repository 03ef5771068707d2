/*
 * journal.h - journals written ahead and read back as data: the line
 * primitives the install's journal (lock.c) and repair's undo record
 * (repair.c) share, and the undo record's grammar, which doctor reads too.
 */
#ifndef CDS_JOURNAL_H
#define CDS_JOURNAL_H

#include "sys/handle.h"

/*
 * A journal is written ahead: each line is appended with one write() and
 * synced (and the directory, when the line made the file) before the step
 * it announces is taken.  cds_journal_append() appends LINE (with its
 * newline) to PATH.  cds_journal_lines() reads PATH back as data from
 * disk: a regular file of at most 1 MiB without a NUL byte; a last line
 * without its newline (an append cut short) is dropped.  *LINES gets the
 * lines, NULL when there is no journal; -1 with CDS_ERR_BAD_INPUT (or
 * CDS_ERR_IO) naming the file.  cds_journal_bad_line() sets the error for
 * a line that is no step of the reader's: CDS_ERR_BAD_INPUT naming the
 * journal and the line; returns -1.
 */
CDS_HIDDEN int cds_journal_append(cds_handle_t *h, const char *path,
    const char *line);
CDS_HIDDEN int cds_journal_lines(cds_handle_t *h, const char *path,
    char ***lines);
CDS_HIDDEN int cds_journal_bad_line(cds_handle_t *h, const char *path,
    size_t lineno, const char *line);

/*
 * Repair's undo record: <env>/etc/cudnn-setup/undo/ holds `journal` and
 * `files/N`, the originals a repair replaced.  One JSON object a line:
 *
 *   {"cudnn-setup-repair": 1, "made": [DIR...]}   first: the directories
 *                            made to hold the record, outermost first
 *   {"op": "mkdir", "path": P}
 *   {"op": "symlink", "path": P, "target": T}
 *   {"op": "relink", "path": P, "target": T, "backup": "files/N"}
 *   {"op": "write", "path": P[, "backup": "files/N"]}
 *   {"op": "ldconfig"}
 *   {"done": G}  {"undo": G}  {"undone": G}
 *
 * P and DIR relative to the env.  Each step is written (and synced)
 * before it is taken.  The steps after the header, or after a "done" or
 * "undone", open generation G (1, 2, ...: one repair each); "done" closes
 * it, "undo" starts taking it back (the last generation not undone, only),
 * "undone" says it was taken back (an undo, or the rollback of a repair
 * cut short).
 */
#define CDS_UNDO_DIR "etc/cudnn-setup/undo"

enum cds_undo_op {
	CDS_UNDO_MKDIR = 1,
	CDS_UNDO_SYMLINK,
	CDS_UNDO_RELINK,
	CDS_UNDO_WRITE,
	CDS_UNDO_LDCONFIG
};

struct cds_undo_step {
	enum cds_undo_op op;
	char *path;		/* host path inside the env (not ldconfig) */
	char *target;		/* symlink and relink */
	char *backup;		/* host path in the record's files/ or NULL */
};

enum cds_undo_state {
	CDS_UNDO_OPEN = 1,	/* a repair under way, or cut short */
	CDS_UNDO_DONE,		/* a repair that finished */
	CDS_UNDO_UNDOING,	/* its undo under way, or cut short */
	CDS_UNDO_UNDONE		/* taken back */
};

struct cds_undo_gen {
	size_t first;		/* its steps: steps[first .. first + n) */
	size_t n;
	enum cds_undo_state state;
};

struct cds_undo_log {
	char **made;		/* host paths, outermost first */
	struct cds_undo_step *steps;
	size_t nsteps;
	struct cds_undo_gen *gens;
	size_t ngens;
	size_t nlines;		/* 0: no record */
};

/* The env's directory on this host, links resolved (inside the root):
 * every path of its record must stay under it.  New string. */
CDS_HIDDEN char *cds_undo_env_host(const cds_handle_t *h, const char *prefix);

/*
 * Read the record UDIR (ENVHOST/CDS_UNDO_DIR, or a temporary name of it)
 * of the env at host path ENVHOST and check every line of its journal
 * before anything is touched:
 * the grammar above, every path inside the env (cds_path_within()), every
 * backup a files/N of the record.  0 (LOG->nlines 0 when there is none),
 * or -1 with CDS_ERR_BAD_INPUT naming the journal and the line.  Clear
 * LOG with cds_undo_log_clear().
 */
CDS_HIDDEN int cds_undo_log_read(cds_handle_t *h, const char *envhost,
    const char *udir, struct cds_undo_log *log);
CDS_HIDDEN void cds_undo_log_clear(struct cds_undo_log *log);
/* The generation a kill cut short (OPEN or UNDOING), or -1. */
CDS_HIDDEN int cds_undo_log_pending(const struct cds_undo_log *log);
/* The last generation DONE (the one an undo takes back), or -1. */
CDS_HIDDEN int cds_undo_log_last(const struct cds_undo_log *log);

#endif /* CDS_JOURNAL_H */
