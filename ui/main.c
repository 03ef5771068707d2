/*
 * main.c - pick a front-end: a bare `cudnn-setup [global options]` on a
 * terminal opens the wizard, everything else is the command line.  The
 * command line parses the options either way, so --root, --manifest,
 * --mirror and the rest apply to the wizard too.
 */
#include "config.h"

#include <locale.h>
#include <stdlib.h>

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
		 * yet, as CDS_DATADIR gives its manifests */
		const char *dir = getenv("CDS_LOCALEDIR");

		bindtextdomain(PACKAGE, dir != NULL && *dir != '\0' ? dir :
		    LOCALEDIR);
		textdomain(PACKAGE);
	}
#endif
	cli_wizard = run_wizard;
	return cli_main(argc, argv);
}
