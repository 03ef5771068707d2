/*
 * log.c - the two logs (client log and audit log), events, progress and
 * questions: everything the engine says goes through here.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sys/handle.h"

void
cds_set_event_cb(cds_handle_t *h, cds_event_cb fn, void *ctx)
{
	h->event_cb = fn;
	h->event_ctx = ctx;
}

void
cds_set_progress_cb(cds_handle_t *h, cds_progress_cb fn, void *ctx)
{
	h->progress_cb = fn;
	h->progress_ctx = ctx;
}

void
cds_set_question_cb(cds_handle_t *h, cds_question_cb fn, void *ctx)
{
	h->question_cb = fn;
	h->question_ctx = ctx;
}

void
cds_set_log_cb(cds_handle_t *h, cds_log_cb fn, void *ctx)
{
	h->log_cb = fn;
	h->log_ctx = ctx;
}

void
cds_log(cds_handle_t *h, enum cds_loglevel level, const char *fmt, ...)
{
	va_list ap;

	if (h->log_cb == NULL) {
		return;
	}
	va_start(ap, fmt);
	h->log_cb(h->log_ctx, level, fmt, ap);
	va_end(ap);
}

/*
 * Audit lines are untranslated and never fail the job: a read-only /var/log
 * (an unprivileged user on the real system) only loses the line.
 */
void
cds_logaction(cds_handle_t *h, const char *fmt, ...)
{
	char *path = cds_audit_log_path(h);
	char *dir = cds_dirname(path);
	char stamp[32], *msg, *line;
	struct tm tm;
	time_t now = time(NULL);
	va_list ap;
	int fd;

	va_start(ap, fmt);
	msg = cds_xvasprintf(fmt, ap);
	va_end(ap);
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	line = cds_xasprintf("[%s] %s\n", stamp, msg);
	/* under a root, and the user's own state directory; never the real
	 * /var/log, which the system makes */
	if (*h->root != '\0' || geteuid() != 0) {
		cds_mkdir_p(dir, *h->root != '\0' ? 0755 : 0700);
	}
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd != -1) {
		if (write(fd, line, strlen(line)) == -1) {
			cds_log(h, CDS_LOG_DEBUG, "audit log %s: %s", path,
			    strerror(errno));
		}
		close(fd);
	} else {
		cds_log(h, CDS_LOG_DEBUG, "audit log %s: %s", path,
		    strerror(errno));
	}
	free(line);
	free(msg);
	free(path);
	free(dir);
}

void
cds_emit(cds_handle_t *h, const struct cds_event *ev)
{
	if (h->event_cb != NULL) {
		h->event_cb(h->event_ctx, ev);
	}
}

void
cds_progress(cds_handle_t *h, const char *name, enum cds_phase phase,
    uint64_t done, uint64_t total)
{
	if (h->progress_cb != NULL) {
		h->progress_cb(h->progress_ctx, name, phase, done, total);
	}
}

int
cds_ask(cds_handle_t *h, enum cds_question q, const void *data)
{
	int r = -1;

	if (h->question_cb != NULL) {
		r = h->question_cb(h->question_ctx, q, data);
	}
	if (r < 0) {
		cds_seterr(h, CDS_ERR_NEED_ANSWER, NULL);
		return -1;
	}
	return r != 0;
}
