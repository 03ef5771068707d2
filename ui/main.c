/*
 * main.c - pick a front-end: the wizard on a terminal with no arguments,
 * the command line otherwise.
 */
#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

int tui_available(void) __attribute__((weak));
int tui_main(int argc, char **argv) __attribute__((weak));

int
main(int argc, char **argv)
{
	const char *term = getenv("TERM");
	int ret;

	/* a probe child re-executed by the engine (src/probe.c) */
	if ((ret = cds_child_main(argc, argv)) >= 0) {
		return ret;
	}
	/* the dynamic probe's child: before anything else (cds.h) */
	if (cds_dlprobe_is_child(argc, argv)) {
		return cds_dlprobe_child(argc, argv);
	}
	setlocale(LC_ALL, "");
#ifdef ENABLE_NLS
	bindtextdomain(PACKAGE, LOCALEDIR);
	textdomain(PACKAGE);
#endif
	if (argc == 1 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    term != NULL && *term != '\0' && strcmp(term, "dumb") != 0 &&
	    tui_main != NULL && tui_available != NULL && tui_available()) {
		return tui_main(argc, argv);
	}
	return cli_main(argc, argv);
}
