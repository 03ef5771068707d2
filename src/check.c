/*
 * check.c - `verify`: the GPU checks (placeholder until the checks land).
 */
#include "config.h"

#include "probe.h"

int
cds_verify_child(json_t *arg)
{
	return 2;
}
