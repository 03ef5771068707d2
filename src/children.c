/*
 * children.c - the table of internal commands: which work each child
 * mode runs.  It sits above everything it names (the driver probe, the
 * GPU checks, the dynamic probe), so that none of them depends on another
 * through it; the mechanism itself is child.c.
 */
#include "config.h"

#include "sys/child.h"
#include "scan/dynprobe.h"
#include "verify/gpucheck.h"
#include "scan/probe.h"

static const struct cds_child_mode modes[] = {
	{ CDS_CHILD_DRIVER, cds_driver_child, 0 },
	{ CDS_CHILD_VERIFY, cds_verify_child, 0 },
	/* no destructors of the libraries it loaded: they may crash */
	{ CDS_CHILD_DLPROBE, cds_dlprobe_child, 1 },
	{ NULL, NULL, 0 }
};

int
cds_child_main(int argc, char **argv)
{
	return cds_child_serve(argc, argv, modes);
}
