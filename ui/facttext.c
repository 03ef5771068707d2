/*
 * facttext.c - facts of the scan in words, one telling for both clients.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) (s)
#endif

#include "facttext.h"

const char *
ui_ctl_word(const struct cds_container *ct, const char **detail)
{
	switch (ct->ctl_errno) {
	case 0:
		*detail = ct->ctl_chardev ? _("the device opens") :
		    _("a file, not a device");
		return _("ok");
	case ENOENT:
		*detail = _("not passed into the container");
		return "ENOENT";
	case EPERM:
		*detail = _("the device cgroup denies it");
		return "EPERM";
	case ENXIO:
		*detail = _("a device node with no driver behind it");
		return "ENXIO";
	case EACCES:
		*detail = _("no permission (rootless, groups, SELinux)");
		return "EACCES";
	default:
		*detail = strerror(ct->ctl_errno);
		return _("failed");
	}
}

int
ui_container_shown(const struct cds_container *ct)
{
	return strcmp(ct->runtime, "none") != 0 || ct->engines[0] != NULL;
}
