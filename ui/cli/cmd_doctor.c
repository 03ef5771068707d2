/*
 * cmd_doctor.c - `cudnn-setup doctor`: the scan and its findings.
 */
#include "config.h"

#include "cli.h"

int
cmd_doctor(struct cli *c, int argc, char **argv)
{
	if (cds_manifest_load(c->h) == NULL) {
		return cli_fail_handle(c);
	}
	return 0;
}
