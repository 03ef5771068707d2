/*
 * callbacks.c - the engine's callbacks for the command line: logs and
 * questions (progress and events are added by the commands that run them).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void
cb_log(void *ctx, enum cds_loglevel level, const char *fmt, va_list ap)
{
	struct cli *c = ctx;

	if (level == CDS_LOG_DEBUG && c->verbose < 2) {
		return;
	}
	if (level == CDS_LOG_INFO && (c->verbose < 1 || c->quiet)) {
		return;
	}
	if (level == CDS_LOG_WARNING && c->quiet) {
		return;
	}
	cli_progress_hide();
	fprintf(stderr, "%s: ", PACKAGE);
	if (level == CDS_LOG_ERROR) {
		fputs(_("error: "), stderr);
	} else if (level == CDS_LOG_WARNING) {
		fputs(_("warning: "), stderr);
	}
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static int
cb_question(void *ctx, enum cds_question q, const void *data)
{
	struct cli *c = ctx;

	switch (q) {
	case CDS_Q_PROCEED:
		return cli_ask_yes(c, _("Proceed?"), 1);
	case CDS_Q_REMOVE_DEFAULT:
		return cli_ask_yes(c, _("Remove the current default?"), 0);
	case CDS_Q_REPAIR:
		return cli_ask_yes(c, _("Apply these changes?"), 1);
	}
	return -1;
}

static void
cb_event(void *ctx, const struct cds_event *ev)
{
	struct cli *c = ctx;

	if (ev->type == CDS_EV_UNTRUSTED_MANIFEST) {
		cli_warn(c, _("%s is an NVIDIA redistrib file given directly: "
		    "it is trusted through TLS alone, not pinned by the "
		    "index"), ev->u.step.path);
	}
}

void
cli_callbacks_install(struct cli *c)
{
	cds_set_log_cb(c->h, cb_log, c);
	cds_set_question_cb(c->h, cb_question, c);
	cds_set_event_cb(c->h, cb_event, c);
}
