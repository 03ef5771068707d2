/*
 * errtext.c - the engine's errors in the user's words (errtext.h).
 *
 * One sentence per reason of cds.h, with the names the error carries; the
 * engine's English detail is used only where an error names no reason.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) (s)
#endif

#include "errtext.h"

static char *
xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) == -1) {
		abort();
	}
	return s;
}

static char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/* A name the error carries, "?" where it has none. */
static const char *
arg(const cds_handle_t *h, int a)
{
	const char *v = cds_errarg(h, a);

	return v != NULL ? v : "?";
}

static const char *
opt(const cds_handle_t *h, ui_optname_fn optname, const char *option)
{
	if (option == NULL) {
		option = arg(h, CDS_ERRARG_OPTION);
	}
	return optname != NULL ? optname(option) : option;
}

/* The strerror() of the error's errno, in the user's language. */
static const char *
sys_text(const cds_handle_t *h)
{
	const char *e = cds_errarg(h, CDS_ERRARG_ERRNO);

	return e != NULL ? strerror(atoi(e)) : cds_strerror(cds_errno(h));
}

/* A release the error names, and the CUDA it is for when it names one. */
static char *
with_cuda(const cds_handle_t *h, const char *what)
{
	const char *cuda = cds_errarg(h, CDS_ERRARG_CUDA);

	return cuda == NULL ? xasprintf("%s", what) :
	    xasprintf(_("%s with CUDA %s"), what, cuda);
}

char *
ui_err_reason_text(const cds_handle_t *h, ui_optname_fn of)
{
	const char *known = cds_errarg(h, CDS_ERRARG_KNOWN);
	const char *cudnn = cds_errarg(h, CDS_ERRARG_CUDNN);
	char *s, *w;

#define A(x)	arg(h, CDS_ERRARG_##x)
#define O()	opt(h, of, NULL)
	switch (cds_errreason(h)) {
	case CDS_REASON_SYSTEM:
		return xasprintf("%s: %s", A(PATH), sys_text(h));
	case CDS_REASON_RANGE:
		return xasprintf(_("%s %s: must be between %s and %s"), O(),
		    A(VALUE), A(MIN), A(MAX));
	case CDS_REASON_BAD_URL:
		return xasprintf(_("%s %s: not a URL this program fetches "
		    "(%s)"), O(), A(VALUE), A(KNOWN));
	case CDS_REASON_NOT_ABSOLUTE:
		return xasprintf(_("%s %s: must be an absolute path"), O(),
		    A(VALUE));
	case CDS_REASON_BAD_NAME:
		if (cds_errarg(h, CDS_ERRARG_OPTION) != NULL) {
			return xasprintf(_("%s %s: not a valid name"), O(),
			    A(VALUE));
		}
		return xasprintf(_("\"%s\": not a valid name; nothing was "
		    "written"), A(VALUE));
	case CDS_REASON_BAD_SYNTAX:
		return xasprintf(_("%s %s: expected %s"), O(), A(VALUE),
		    A(WHY));
	case CDS_REASON_UNKNOWN_RELEASE:
		return xasprintf(_("%s %s: not in %s (known: %s)"), O(),
		    A(VALUE), A(PATH), A(KNOWN));
	case CDS_REASON_NO_CUDNN_FOR_CUDA:
		if (cudnn != NULL) {
			return xasprintf(_("no known cuDNN %s is built for "
			    "CUDA %s"), cudnn, A(CUDA));
		}
		return xasprintf(_("no known cuDNN is built for CUDA %s"),
		    A(CUDA));
	case CDS_REASON_NO_CUDA_FOR_CUDNN:
		return xasprintf(_("cuDNN %s: no known CUDA release fits its "
		    "builds (%s)"), A(CUDNN), A(KNOWN));
	case CDS_REASON_NO_BUILD_FOR_CUDA:
		return xasprintf(_("cuDNN %s has no build for CUDA %s (its "
		    "builds: %s)"), A(CUDNN), A(CUDA), A(KNOWN));
	case CDS_REASON_NOTHING_TO_DO:
		return xasprintf(_("%s none and %s none: nothing to install"),
		    opt(h, of, "cuda"), opt(h, of, "cudnn"));
	case CDS_REASON_DRIVER_TOO_OLD:
		return xasprintf(_("%s needs NVIDIA driver %s or newer; the "
		    "driver here is %s (%s)"), A(RELEASE), A(NEED), A(HAVE),
		    A(SOURCE));
	case CDS_REASON_KNOWN_BAD:
		w = with_cuda(h, A(RELEASE));
		s = xasprintf(_("%s is known bad: %s (%s)"), w, A(WHY),
		    cds_errarg(h, CDS_ERRARG_SOURCE) != NULL ? A(SOURCE) :
		    _("no source given"));
		free(w);
		return s;
	case CDS_REASON_UNKNOWN_PACKAGE:
		return xasprintf(_("%s %s: not in the framework table of %s"),
		    O(), A(PACKAGE), A(PATH));
	case CDS_REASON_UNKNOWN_VERSION:
		return xasprintf(_("%s %s: no such version in the framework "
		    "table (known: %s)"), O(), A(VALUE), A(KNOWN));
	case CDS_REASON_NO_FRAMEWORK_BUILD:
		return xasprintf(_("%s %s: no build for CUDA %s in the "
		    "framework table"), O(), A(VALUE), A(CUDA));
	case CDS_REASON_NO_PAIR:
		return xasprintf(_("%s %s: its %s build needs CUDA %s and "
		    "cuDNN %s; no known pair of releases fits that"), O(),
		    A(VALUE), A(OTHER), A(CUDA), A(CUDNN));
	case CDS_REASON_NEEDS_INDEX:
		return xasprintf(_("%s needs the index: %s is a single "
		    "redistrib file with no framework table"), O(), A(PATH));
	case CDS_REASON_MANIFEST_HOLDS:
		return xasprintf(_("%s %s: %s holds %s only"), O(), A(VALUE),
		    A(PATH), A(RELEASE));
	case CDS_REASON_NO_ARCHIVE:
		return xasprintf(_("%s: no archive for %s in %s"), A(RELEASE),
		    A(OTHER), A(PATH));
	case CDS_REASON_NOT_OURS:
		return xasprintf(_("%s: exists but was not installed by "
		    "cudnn-setup (no receipt); move it away first"), A(PATH));
	case CDS_REASON_NOT_INSTALLED:
		if (known == NULL) {
			return xasprintf(_("%s: not installed in %s"),
			    A(RELEASE), A(PATH));
		}
		return xasprintf(_("%s: not installed in %s (installed: %s)"),
		    A(RELEASE), A(PATH), *known != '\0' ? known :
		    _("nothing"));
	case CDS_REASON_NO_DEFAULT:
		return xasprintf(_("%s: no default in %s"), A(RELEASE),
		    A(PATH));
	case CDS_REASON_AMBIGUOUS:
		return xasprintf(_("%s: matches %s; name one"), A(VALUE),
		    A(KNOWN));
	case CDS_REASON_IS_DEFAULT:
		return xasprintf(_("%s is the current default (%s)"),
		    A(RELEASE), A(PATH));
	case CDS_REASON_BAD_RECEIPT:
		return xasprintf(_("%s: %s: %s; move the receipt away (and "
		    "its tree, if it is not whole) and install again"),
		    A(PATH), A(OTHER), A(WHY));
	case CDS_REASON_NO_SPACE:
		return xasprintf(_("%s: %s MiB free; the archives (%s MiB) "
		    "need about %s MiB to download and unpack"), A(PATH),
		    A(HAVE), A(OTHER), A(NEED));
	case CDS_REASON_CONFLICT:
		return xasprintf(_("%s: %s is in both %s and %s, with "
		    "different contents"), A(RELEASE), A(PATH), A(ARCHIVE),
		    A(OTHER));
	case CDS_REASON_DECLINED:
		return xasprintf("%s", _("the plan was declined"));
	case CDS_REASON_NO_SUCH_DIR:
		return xasprintf(_("%s %s: no such directory"), O(),
		    A(VALUE));
	case CDS_REASON_NO_SUCH_ENV:
		return xasprintf(_("%s %s: no such conda env"), O(), A(VALUE));
	case CDS_REASON_OTHER_SYSTEM:
		return xasprintf(_("%s %s: this runs on this machine and "
		    "cannot check another system"), O(), A(VALUE));
	case CDS_REASON_NO_TARGET:
		return xasprintf(_("%s: no framework the manifest knows is "
		    "here; name what to install"), A(PATH));
	case CDS_REASON_NO_URL:
		return xasprintf("%s", _("no URL to update from: none given, "
		    "and the index in use names none"));
	case CDS_REASON_EXPIRED:
		return xasprintf(_("%s: version %s (generated %s) expired on %s; "
		    "a server that serves a stale copy keeps old releases and "
		    "fixes from you"), A(URL), A(VERSION), A(OTHER), A(MAX));
	case CDS_REASON_OFFLINE:
		return xasprintf(_("%s: not fetched: working offline"),
		    A(URL));
	case CDS_REASON_SERVERS_DOWN:
		return xasprintf(_("no server could be reached: %s"), A(WHY));
	case CDS_REASON_BAD_MANIFEST:
		/* "broken manifest: " comes first: the file and the
		 * parser's words say the rest */
		return xasprintf("%s: %s", A(PATH), A(WHY));
	case CDS_REASON_EXCLUSIVE:
		return xasprintf(_("%s and %s: give one"), O(),
		    opt(h, of, arg(h, CDS_ERRARG_OTHER)));
	default:
		return NULL;
	}
#undef A
#undef O
}

char *
ui_err_text(const cds_handle_t *h, ui_optname_fn optname)
{
	int err = cds_errno(h);
	const char *detail = cds_errdetail(h);
	char *words = ui_err_reason_text(h, optname), *s;

	if (words != NULL) {
		s = xasprintf("%s: %s", cds_strerror(err), words);
		free(words);
		return s;
	}
	if (*detail != '\0') {
		return xasprintf("%s: %s", cds_strerror(err), detail);
	}
	return xasprintf("%s", cds_strerror(err));
}
