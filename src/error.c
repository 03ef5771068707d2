/*
 * error.c - error codes, their translated text and the exit statuses.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handle.h"

static const char *const messages[CDS_ERR_MAX] = {
	[CDS_ERR_OK] = N_("success"),
	[CDS_ERR_MEMORY] = N_("out of memory"),
	[CDS_ERR_USAGE] = N_("invalid usage"),
	[CDS_ERR_BAD_INPUT] = N_("invalid input"),
	[CDS_ERR_MANIFEST] = N_("broken manifest"),
	[CDS_ERR_NOT_FOUND] = N_("not found"),
	[CDS_ERR_IO] = N_("input/output error"),
	[CDS_ERR_NO_SPACE] = N_("no space left on device"),
	[CDS_ERR_LOCKED] = N_("another cudnn-setup holds the lock"),
	[CDS_ERR_NETWORK] = N_("network error"),
	[CDS_ERR_HTTP] = N_("server error"),
	[CDS_ERR_TLS] = N_("TLS certificate not trusted"),
	[CDS_ERR_CHECKSUM] = N_("SHA-256 digest mismatch"),
	[CDS_ERR_SIZE] = N_("size mismatch"),
	[CDS_ERR_ARCHIVE] = N_("unreadable archive"),
	[CDS_ERR_UNSAFE_ARCHIVE] = N_("unsafe archive entry"),
	[CDS_ERR_DRIVER] = N_("the driver cannot run this release"),
	[CDS_ERR_CANCELLED] = N_("cancelled"),
	[CDS_ERR_NEED_ANSWER] = N_("a question needs an answer: use --yes"),
	[CDS_ERR_CHILD] = N_("probe process failed"),
	[CDS_ERR_UNSUPPORTED] = N_("not supported here"),
	[CDS_ERR_CONFLICT] = N_("the archives of one release conflict"),
	[CDS_ERR_SIGNATURE] = N_("signature refused"),
	[CDS_ERR_ROLLBACK] = N_("refused: not newer than the index held"),
	[CDS_ERR_EXPIRED] = N_("refused: the index has expired"),
};

const char *
cds_strerror(int err)
{
	if (err < 0 || err >= CDS_ERR_MAX || messages[err] == NULL) {
		return _("unknown error");
	}
	return _(messages[err]);
}

int
cds_errno(const cds_handle_t *h)
{
	return h == NULL ? CDS_ERR_OK : h->err;
}

const char *
cds_errdetail(const cds_handle_t *h)
{
	return h == NULL || h->errdetail == NULL ? "" : h->errdetail;
}

int
cds_exit_status(int err)
{
	switch (err) {
	case CDS_ERR_OK:
		return 0;
	case CDS_ERR_USAGE:
	case CDS_ERR_BAD_INPUT:
	case CDS_ERR_MANIFEST:
	case CDS_ERR_NOT_FOUND:
	case CDS_ERR_NEED_ANSWER:
	case CDS_ERR_CONFLICT:
		return 2;
	case CDS_ERR_IO:
	case CDS_ERR_NO_SPACE:
	case CDS_ERR_LOCKED:
	case CDS_ERR_NETWORK:
	case CDS_ERR_HTTP:
	case CDS_ERR_TLS:
	case CDS_ERR_MEMORY:
	case CDS_ERR_CANCELLED:
	case CDS_ERR_CHILD:
		return 3;
	default:
		return 1;
	}
}

int
cds_seterr(cds_handle_t *h, int err, const char *fmt, ...)
{
	va_list ap;

	free(h->errdetail);
	h->errdetail = NULL;
	h->err = err;
	if (fmt != NULL) {
		va_start(ap, fmt);
		h->errdetail = cds_xvasprintf(fmt, ap);
		va_end(ap);
	}
	return -1;
}

void
cds_clearerr(cds_handle_t *h)
{
	free(h->errdetail);
	h->errdetail = NULL;
	h->err = CDS_ERR_OK;
}

int
cds_errno_code(int e)
{
	switch (e) {
	case ENOSPC:
#ifdef EDQUOT
	case EDQUOT:
#endif
		return CDS_ERR_NO_SPACE;
	case ENOMEM:
		return CDS_ERR_MEMORY;
	default:
		return CDS_ERR_IO;
	}
}
