/*
 * journal.c - journals written ahead and read back as data: the line
 * primitives of the install's journal and repair's undo record, and the
 * undo record's grammar (journal.h).  Nothing here acts on a step: the
 * readers check every line before their caller touches anything.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "read/journal.h"

int
cds_journal_append(cds_handle_t *h, const char *path, const char *line)
{
	size_t n = strlen(line);
	struct stat st;
	int fd, fresh, ret = 0;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
	    0644);
	if (fd == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), path, errno);
	}
	fresh = fstat(fd, &st) == 0 && st.st_size == 0;
	/* one write: a kill leaves the line whole or absent; a power cut
	 * may leave it cut, and readers drop a last line without its
	 * newline */
	if (write(fd, line, n) != (ssize_t)n || fsync(fd) == -1 ||
	    (fresh && cds_sync_parent(path) == -1)) {
		ret = cds_seterr_sys(h, cds_errno_code(errno), path, errno);
	}
	close(fd);
	return ret;
}

int
cds_journal_lines(cds_handle_t *h, const char *path, char ***lines)
{
	size_t len;
	char *text = cds_read_file(path, 1u << 20, &len), *nl;

	*lines = NULL;
	if (text == NULL) {
		if (errno == ENOENT) {
			return 0;
		}
		return cds_seterr(h, errno == EIO ? CDS_ERR_IO :
		    CDS_ERR_BAD_INPUT, "%s: %s; nothing was recovered (move "
		    "it away to go on)", path, cds_read_strerror(errno));
	}
	if (memchr(text, '\0', len) != NULL) {
		free(text);
		return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: holds a NUL byte; "
		    "nothing was recovered (move it away to go on)", path);
	}
	nl = strrchr(text, '\n');
	if (nl == NULL) {
		text[0] = '\0';
	} else {
		nl[1] = '\0';
	}
	*lines = cds_strsplit(text, "\n", 0);
	free(text);
	return 0;
}

int
cds_journal_bad_line(cds_handle_t *h, const char *path, size_t lineno,
    const char *line)
{
	char *shown = cds_printable(line, 80);

	cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: line %zu: \"%s\" is not a step "
	    "of ours; nothing was recovered (move the journal away to go on)",
	    path, lineno, shown);
	free(shown);
	return -1;
}

/* ------------------------------------------------------------------------ */
/* Repair's undo record                                                     */
/* ------------------------------------------------------------------------ */

char *
cds_undo_env_host(const cds_handle_t *h, const char *prefix)
{
	char *host = cds_rpath_follow(h, prefix);
	char *real = realpath(host, NULL);

	if (real == NULL) {
		return host;
	}
	free(host);
	return real;
}

void
cds_undo_log_clear(struct cds_undo_log *log)
{
	size_t i;

	for (i = 0; i < log->nsteps; i++) {
		free(log->steps[i].path);
		free(log->steps[i].target);
		free(log->steps[i].backup);
	}
	free(log->steps);
	free(log->gens);
	cds_strfreev(log->made);
	memset(log, 0, sizeof(*log));
}

int
cds_undo_log_pending(const struct cds_undo_log *log)
{
	size_t i;

	for (i = 0; i < log->ngens; i++) {
		if (log->gens[i].state == CDS_UNDO_OPEN ||
		    log->gens[i].state == CDS_UNDO_UNDOING) {
			return (int)i;
		}
	}
	return -1;
}

int
cds_undo_log_last(const struct cds_undo_log *log)
{
	size_t i = log->ngens;

	while (i-- > 0) {
		if (log->gens[i].state == CDS_UNDO_DONE) {
			return (int)i;
		}
	}
	return -1;
}

/* A path of the record, relative to the env: its host path inside ENVHOST,
 * or NULL. */
static char *
rel_path(const char *envhost, json_t *v)
{
	const char *rel = json_string_value(v);
	char *p;

	if (rel == NULL || *rel == '\0' || *rel == '/' || strlen(rel) >
	    PATH_MAX) {
		return NULL;
	}
	p = cds_path_join(envhost, rel);
	if (!cds_path_within(envhost, p)) {
		free(p);
		return NULL;
	}
	return p;
}

/* A backup of the record, "files/N": its host path, or NULL. */
static char *
backup_path(const char *udir, json_t *v)
{
	const char *b = json_string_value(v);
	size_t n;

	if (b == NULL || !cds_startswith(b, "files/")) {
		return NULL;
	}
	n = strspn(b + 6, "0123456789");
	if (n == 0 || n > 9 || b[6 + n] != '\0') {
		return NULL;
	}
	return cds_path_join(udir, b);
}

/* The header: {"cudnn-setup-repair": 1, "made": [DIR...]}. */
static int
read_header(const char *envhost, json_t *o, struct cds_undo_log *log)
{
	json_t *made = json_object_get(o, "made");
	struct cds_strv v = {0};
	size_t i;

	if (json_object_size(o) != 2 || json_integer_value(json_object_get(o,
	    "cudnn-setup-repair")) != 1 || !json_is_integer(json_object_get(o,
	    "cudnn-setup-repair")) || !json_is_array(made)) {
		return -1;
	}
	for (i = 0; i < json_array_size(made); i++) {
		char *p = rel_path(envhost, json_array_get(made, i));

		if (p == NULL) {
			cds_strv_clear(&v);
			return -1;
		}
		cds_strv_push_owned(&v, p);
	}
	log->made = cds_strv_steal(&v);
	return 0;
}

/* One step: its fields, exactly those of its kind. */
static int
read_step(const char *envhost, const char *udir, json_t *o,
    struct cds_undo_step *st)
{
	static const struct {
		const char *name;
		enum cds_undo_op op;
		int target, backup;	/* 1 required, 2 optional */
	} kinds[] = {
		{ "mkdir", CDS_UNDO_MKDIR, 0, 0 },
		{ "symlink", CDS_UNDO_SYMLINK, 1, 0 },
		{ "relink", CDS_UNDO_RELINK, 1, 1 },
		{ "write", CDS_UNDO_WRITE, 0, 2 },
		{ "ldconfig", CDS_UNDO_LDCONFIG, 0, 0 },
	};
	const char *op = json_string_value(json_object_get(o, "op"));
	json_t *target = json_object_get(o, "target");
	json_t *backup = json_object_get(o, "backup");
	size_t k, want;

	memset(st, 0, sizeof(*st));
	for (k = 0; op != NULL && k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (strcmp(op, kinds[k].name) == 0) {
			break;
		}
	}
	if (op == NULL || k == sizeof(kinds) / sizeof(kinds[0])) {
		return -1;
	}
	st->op = kinds[k].op;
	want = 1 + (st->op != CDS_UNDO_LDCONFIG) + (target != NULL) +
	    (backup != NULL);
	if (json_object_size(o) != want ||
	    (kinds[k].target == 1) != (target != NULL) ||
	    (kinds[k].backup == 1 && backup == NULL) ||
	    (kinds[k].backup == 0 && backup != NULL)) {
		return -1;
	}
	if (st->op != CDS_UNDO_LDCONFIG &&
	    (st->path = rel_path(envhost, json_object_get(o, "path"))) ==
	    NULL) {
		return -1;
	}
	if (target != NULL) {
		const char *t = json_string_value(target);

		if (t == NULL || *t == '\0' || strlen(t) > PATH_MAX) {
			return -1;
		}
		st->target = cds_xstrdup(t);
	}
	if (backup != NULL && (st->backup = backup_path(udir, backup)) ==
	    NULL) {
		return -1;
	}
	return 0;
}

/* A marker, {"done"|"undo"|"undone": G}: the generation it moves on. */
static int
read_marker(json_t *o, struct cds_undo_log *log)
{
	const char *key = NULL;
	json_t *v = NULL;
	json_int_t g;
	int pending = cds_undo_log_pending(log);

	if (json_object_size(o) != 1) {
		return -1;
	}
	json_object_foreach(o, key, v) {
		break;
	}
	if (!json_is_integer(v) || (g = json_integer_value(v)) < 1 ||
	    (size_t)g > log->ngens) {
		return -1;
	}
	g--;
	if (strcmp(key, "done") == 0) {
		/* the open repair, whole */
		if (pending != g || log->gens[g].state != CDS_UNDO_OPEN) {
			return -1;
		}
		log->gens[g].state = CDS_UNDO_DONE;
	} else if (strcmp(key, "undo") == 0) {
		/* the last repair not taken back, nothing under way */
		if (pending != -1 || cds_undo_log_last(log) != g) {
			return -1;
		}
		log->gens[g].state = CDS_UNDO_UNDOING;
	} else if (strcmp(key, "undone") == 0) {
		if (pending != g) {
			return -1;
		}
		log->gens[g].state = CDS_UNDO_UNDONE;
	} else {
		return -1;
	}
	return 0;
}

int
cds_undo_log_read(cds_handle_t *h, const char *envhost, const char *udir,
    struct cds_undo_log *log)
{
	char *path = cds_path_join(udir, "journal");
	char **lines;
	size_t i;
	int ret = -1;

	memset(log, 0, sizeof(*log));
	if (cds_journal_lines(h, path, &lines) == -1) {
		goto out;
	}
	for (i = 0; lines != NULL && lines[i] != NULL; i++) {
		json_t *o = json_loads(lines[i], JSON_REJECT_DUPLICATES, NULL);
		int pending = cds_undo_log_pending(log), bad;

		if (!json_is_object(o)) {
			bad = 1;
		} else if (i == 0) {
			bad = read_header(envhost, o, log) == -1;
		} else if (json_object_get(o, "op") != NULL) {
			struct cds_undo_step st;

			bad = read_step(envhost, udir, o, &st) == -1;
			if (!bad && pending != -1 &&
			    log->gens[pending].state != CDS_UNDO_OPEN) {
				bad = 1;	/* no step in an undo */
			}
			if (!bad) {
				if (pending == -1) {
					/* a new repair */
					log->gens = cds_xreallocarray(
					    log->gens, log->ngens + 1,
					    sizeof(*log->gens));
					log->gens[log->ngens].first =
					    log->nsteps;
					log->gens[log->ngens].n = 0;
					log->gens[log->ngens].state =
					    CDS_UNDO_OPEN;
					pending = (int)log->ngens++;
				}
				log->steps = cds_xreallocarray(log->steps,
				    log->nsteps + 1, sizeof(*log->steps));
				log->steps[log->nsteps++] = st;
				log->gens[pending].n++;
			} else {
				free(st.path);
				free(st.target);
				free(st.backup);
			}
		} else {
			bad = read_marker(o, log) == -1;
		}
		json_decref(o);
		if (bad) {
			cds_journal_bad_line(h, path, i + 1, lines[i]);
			cds_undo_log_clear(log);
			cds_strfreev(lines);
			goto out;
		}
	}
	log->nlines = i;
	cds_strfreev(lines);
	ret = 0;
out:
	free(path);
	return ret;
}
