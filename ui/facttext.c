/*
 * facttext.c - facts of the scan in words, one telling for both clients.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A file name or directory a shell reads as it is: no quoting needed. */
static int
plain_word(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789._+-/", s[i]) == NULL || s[i] == '\0') {
			return 0;
		}
	}
	return n > 0;
}

char *
ui_links_command(const struct cds_finding *x)
{
	const char *dir, *suffix = NULL, *first;
	size_t k, ndir = 0, nsuf = 0, npre, nend, shortest;
	char *cmd = NULL;

	if (x->nfixes < 2) {
		return NULL;
	}
	dir = x->fixes[0].path;
	for (k = 0; k < x->nfixes; k++) {
		const struct cds_fix *fx = &x->fixes[k];
		const char *slash, *base;
		size_t nbase;

		if (fx->kind != CDS_FIX_SYMLINK || fx->path == NULL ||
		    fx->target == NULL ||
		    (slash = strrchr(fx->path, '/')) == NULL) {
			return NULL;
		}
		base = slash + 1;
		nbase = strlen(base);
		if (k == 0) {
			ndir = (size_t)(slash - fx->path);
			suffix = fx->target + nbase;
			nsuf = strlen(suffix);
		}
		/* one directory; the target is the link's name and one
		 * suffix (libX.so -> libX.so.9) */
		if ((size_t)(slash - fx->path) != ndir ||
		    strncmp(fx->path, dir, ndir) != 0 ||
		    strlen(fx->target) != nbase + nsuf ||
		    strncmp(fx->target, base, nbase) != 0 ||
		    strcmp(fx->target + nbase, suffix) != 0 ||
		    !plain_word(base, nbase)) {
			return NULL;
		}
	}
	if (!plain_word(dir, ndir) || nsuf == 0 ||
	    !plain_word(suffix, nsuf)) {
		return NULL;
	}
	/* the names as one glob: their common start and end around a '*' */
	first = strrchr(x->fixes[0].path, '/') + 1;
	npre = nend = shortest = strlen(first);
	for (k = 1; k < x->nfixes; k++) {
		const char *b = strrchr(x->fixes[k].path, '/') + 1;
		size_t nb = strlen(b), i = 0;

		while (i < npre && i < nb && b[i] == first[i]) {
			i++;
		}
		npre = i;
		for (i = 0; i < nend && i < nb &&
		    b[nb - 1 - i] == first[strlen(first) - 1 - i]; i++) {
		}
		nend = i;
		shortest = nb < shortest ? nb : shortest;
	}
	if (npre + nend > shortest) {
		nend = shortest - npre;
	}
	if (asprintf(&cmd, "cd %.*s && for l in %.*s*%s%s; do "
	    "[ -e ${l%%%s} ] || ln -s $l ${l%%%s}; done", (int)ndir, dir,
	    (int)npre, first, first + strlen(first) - nend, suffix, suffix,
	    suffix) < 0) {
		return NULL;
	}
	return cmd;
}

const char *
ui_fw_cuda(const struct cds_fw_row *row)
{
	if (row->cuda != NULL) {
		return row->cuda;
	}
	return row->p->cpu_only ? _("CPU-only") : "?";
}

char *
ui_fw_detail(const struct cds_fw_row *row)
{
	char *d = NULL;

	if ((row->env != NULL ? asprintf(&d, _("%s %s (env %s)"),
	    row->p->name, row->p->version, row->env) :
	    asprintf(&d, "%s %s (%s)", row->p->name, row->p->version,
	    row->p->location)) < 0) {
		return NULL;
	}
	return d;
}
