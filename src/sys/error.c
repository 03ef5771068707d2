/*
 * error.c - error codes, their translated text and the exit statuses; an
 * error's reason and the names involved, as data for the clients.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/handle.h"

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
	[CDS_ERR_NEED_ANSWER] = N_("a question needs an answer"),
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
cds_errreason(const cds_handle_t *h)
{
	return h == NULL ? CDS_REASON_NONE : h->errreason;
}

const char *
cds_errarg(const cds_handle_t *h, int arg)
{
	if (h == NULL || arg < 0 || arg >= CDS_ERRARG_COUNT) {
		return NULL;
	}
	return h->errargs[arg];
}

/* Keys of JSON documents: data, never translated, never renamed. */
static const char *const reason_keys[CDS_REASON_MAX] = {
	[CDS_REASON_SYSTEM] = "system",
	[CDS_REASON_RANGE] = "out-of-range",
	[CDS_REASON_BAD_URL] = "bad-url",
	[CDS_REASON_NOT_ABSOLUTE] = "not-absolute",
	[CDS_REASON_BAD_NAME] = "bad-name",
	[CDS_REASON_BAD_SYNTAX] = "bad-syntax",
	[CDS_REASON_UNKNOWN_RELEASE] = "unknown-release",
	[CDS_REASON_NO_CUDNN_FOR_CUDA] = "no-cudnn-for-cuda",
	[CDS_REASON_NO_CUDA_FOR_CUDNN] = "no-cuda-for-cudnn",
	[CDS_REASON_NO_BUILD_FOR_CUDA] = "no-build-for-cuda",
	[CDS_REASON_NOTHING_TO_DO] = "nothing-to-do",
	[CDS_REASON_DRIVER_TOO_OLD] = "driver-too-old",
	[CDS_REASON_KNOWN_BAD] = "known-bad",
	[CDS_REASON_UNKNOWN_PACKAGE] = "unknown-package",
	[CDS_REASON_UNKNOWN_VERSION] = "unknown-version",
	[CDS_REASON_NO_FRAMEWORK_BUILD] = "no-framework-build",
	[CDS_REASON_NO_PAIR] = "no-fitting-pair",
	[CDS_REASON_NEEDS_INDEX] = "needs-index",
	[CDS_REASON_MANIFEST_HOLDS] = "manifest-holds-other",
	[CDS_REASON_NO_ARCHIVE] = "no-archive",
	[CDS_REASON_NOT_OURS] = "not-ours",
	[CDS_REASON_NOT_INSTALLED] = "not-installed",
	[CDS_REASON_NO_DEFAULT] = "no-default",
	[CDS_REASON_AMBIGUOUS] = "ambiguous",
	[CDS_REASON_IS_DEFAULT] = "is-default",
	[CDS_REASON_BAD_RECEIPT] = "bad-receipt",
	[CDS_REASON_NO_SPACE] = "no-space",
	[CDS_REASON_CONFLICT] = "conflict",
	[CDS_REASON_DECLINED] = "declined",
	[CDS_REASON_NO_SUCH_DIR] = "no-such-directory",
	[CDS_REASON_NO_SUCH_ENV] = "no-such-env",
	[CDS_REASON_OTHER_SYSTEM] = "other-system",
	[CDS_REASON_NO_TARGET] = "no-target",
	[CDS_REASON_NO_URL] = "no-url",
	[CDS_REASON_EXPIRED] = "expired",
	[CDS_REASON_OFFLINE] = "offline",
	[CDS_REASON_EXCLUSIVE] = "exclusive",
	[CDS_REASON_SERVERS_DOWN] = "servers-down",
	[CDS_REASON_BAD_MANIFEST] = "bad-manifest",
};

static const char *const arg_keys[CDS_ERRARG_COUNT] = {
	[CDS_ERRARG_OPTION] = "option",
	[CDS_ERRARG_VALUE] = "value",
	[CDS_ERRARG_PATH] = "path",
	[CDS_ERRARG_RELEASE] = "release",
	[CDS_ERRARG_CUDA] = "cuda",
	[CDS_ERRARG_CUDNN] = "cudnn",
	[CDS_ERRARG_PACKAGE] = "package",
	[CDS_ERRARG_VERSION] = "version",
	[CDS_ERRARG_URL] = "url",
	[CDS_ERRARG_ARCHIVE] = "archive",
	[CDS_ERRARG_KNOWN] = "known",
	[CDS_ERRARG_MIN] = "min",
	[CDS_ERRARG_MAX] = "max",
	[CDS_ERRARG_NEED] = "need",
	[CDS_ERRARG_HAVE] = "have",
	[CDS_ERRARG_ERRNO] = "errno",
	[CDS_ERRARG_WHY] = "why",
	[CDS_ERRARG_SOURCE] = "source",
	[CDS_ERRARG_OTHER] = "other",
};

const char *
cds_errreason_key(int reason)
{
	if (reason <= CDS_REASON_NONE || reason >= CDS_REASON_MAX) {
		return NULL;
	}
	return reason_keys[reason];
}

const char *
cds_errarg_key(int arg)
{
	if (arg < 0 || arg >= CDS_ERRARG_COUNT) {
		return NULL;
	}
	return arg_keys[arg];
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

static void
clear_names(cds_handle_t *h)
{
	size_t i;

	for (i = 0; i < CDS_ERRARG_COUNT; i++) {
		free(h->errargs[i]);
		h->errargs[i] = NULL;
	}
	h->errreason = CDS_REASON_NONE;
}

static void
vseterr(cds_handle_t *h, int err, const char *fmt, va_list ap)
{
	free(h->errdetail);
	h->errdetail = NULL;
	clear_names(h);
	h->err = err;
	if (fmt != NULL) {
		h->errdetail = cds_xvasprintf(fmt, ap);
	}
}

int
cds_seterr(cds_handle_t *h, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vseterr(h, err, fmt, ap);
	va_end(ap);
	return -1;
}

int
cds_seterr_why(cds_handle_t *h, int err, int reason,
    const struct cds_errname *names, const char *fmt, ...)
{
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	vseterr(h, err, fmt, ap);
	va_end(ap);
	h->errreason = reason;
	for (i = 0; names != NULL && names[i].arg >= 0; i++) {
		if (names[i].arg < CDS_ERRARG_COUNT &&
		    names[i].value != NULL) {
			free(h->errargs[names[i].arg]);
			h->errargs[names[i].arg] = cds_xstrdup(names[i].value);
		}
	}
	return -1;
}

int
cds_seterr_sys(cds_handle_t *h, int err, const char *path, int e)
{
	char num[16];

	snprintf(num, sizeof(num), "%d", e);
	return cds_seterr_why(h, err, CDS_REASON_SYSTEM, CDS_ERRNAMES(
	    { CDS_ERRARG_PATH, path }, { CDS_ERRARG_ERRNO, num }),
	    "%s: %s", path, strerror(e));
}

void
cds_clearerr(cds_handle_t *h)
{
	free(h->errdetail);
	h->errdetail = NULL;
	clear_names(h);
	h->err = CDS_ERR_OK;
}

void
cds_err_take(cds_handle_t *h, struct cds_errsave *s)
{
	s->err = h->err;
	s->reason = h->errreason;
	s->detail = h->errdetail;
	memcpy(s->args, h->errargs, sizeof(s->args));
	memset(h->errargs, 0, sizeof(h->errargs));
	h->errdetail = NULL;
	h->errreason = CDS_REASON_NONE;
	h->err = CDS_ERR_OK;
}

void
cds_errsave_free(struct cds_errsave *s)
{
	size_t i;

	free(s->detail);
	for (i = 0; i < CDS_ERRARG_COUNT; i++) {
		free(s->args[i]);
	}
	memset(s, 0, sizeof(*s));
}

void
cds_err_copy(const cds_handle_t *h, struct cds_errsave *s)
{
	size_t i;

	cds_errsave_free(s);
	s->err = h->err;
	s->reason = h->errreason;
	s->detail = cds_strdup0(h->errdetail);
	for (i = 0; i < CDS_ERRARG_COUNT; i++) {
		s->args[i] = cds_strdup0(h->errargs[i]);
	}
}

void
cds_err_put(cds_handle_t *h, struct cds_errsave *s)
{
	cds_clearerr(h);
	h->err = s->err;
	h->errreason = s->reason;
	h->errdetail = s->detail;
	memcpy(h->errargs, s->args, sizeof(h->errargs));
	memset(s, 0, sizeof(*s));
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
