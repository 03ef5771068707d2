/*
 * main.c - pick a front-end: a bare `cudnn-setup [global options]` on a
 * terminal opens the wizard, everything else is the command line.  The
 * command line parses the options either way, so --root, --manifest,
 * --mirror and the rest apply to the wizard too.
 */
#include "config.h"

#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tui/tui.h"

static int
run_wizard(struct cli *c)
{
	struct tui_opts o;

	o.color = c->color;
	o.verbose = c->verbose;
	return tui_main(c->h, &o);
}

#ifdef ENABLE_NLS
/*
 * The catalogues of the build tree the program runs from: locale/ next to
 * the executable, made by `make` (Makefile.am's all-local-locale).  An
 * installed program has none beside it.  NULL when there is none.
 */
static char *
build_localedir(void)
{
	char exe[PATH_MAX], *slash, *dir;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct stat st;

	if (n <= 0) {
		return NULL;
	}
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL) {
		return NULL;
	}
	*slash = '\0';
	if (asprintf(&dir, "%s/locale", exe) == -1) {
		return NULL;
	}
	if (stat(dir, &st) == -1 || !S_ISDIR(st.st_mode)) {
		free(dir);
		return NULL;
	}
	return dir;
}
#endif

int
main(int argc, char **argv)
{
	int ret;

	/* a child re-executed by the engine: before anything else (cds.h) */
	if ((ret = cds_child_main(argc, argv)) >= 0) {
		return ret;
	}
	setlocale(LC_ALL, "");
#ifdef ENABLE_NLS
	{
		/* CDS_LOCALEDIR: the catalogues of a build not installed
		 * yet, as CDS_DATADIR gives its manifests; else the build
		 * tree's, next to the program; else the installed ones */
		const char *dir = getenv("CDS_LOCALEDIR");
		char *built = NULL;

		if (dir == NULL || *dir == '\0') {
			built = build_localedir();
			dir = built != NULL ? built : LOCALEDIR;
		}
		bindtextdomain(PACKAGE, dir);
		textdomain(PACKAGE);
		free(built);
	}
#endif
	cli_wizard = run_wizard;
	return cli_main(argc, argv);
}
