/* Version comparison, prefixes and CUDA integers. */
#include "config.h"

#include "cds.h"
#include "tap.h"
#include "base/version.h"

int
main(void)
{
	tap_plan(16);
	tap_ok(cds_vercmp("12.10", "12.9") > 0, "12.10 > 12.9");
	tap_ok(cds_vercmp("12.4.1", "12.4") > 0, "12.4.1 > 12.4");
	tap_ok(cds_vercmp("12.4.0", "12.4") == 0, "12.4.0 == 12.4");
	tap_ok(cds_vercmp("9.1.0.70", "9.10.0") < 0, "9.1.0.70 < 9.10.0");
	tap_ok(cds_vercmp("2.3.1+cu121", "2.3.1") > 0 ||
	    cds_vercmp("2.3.1+cu121", "2.3.1") < 0,
	    "a local tag is not equal to the plain version");
	tap_ok(cds_vercmp("1.0rc1", "1.0") < 0, "1.0rc1 < 1.0");
	tap_ok(cds_vercmp("550.54.15", "525.60.13") > 0, "driver order");
	tap_ok(cds_ver_has_prefix("12.4.1", "12.4"), "12.4.1 under 12.4");
	tap_ok(cds_ver_has_prefix("12.4.1", "12"), "12.4.1 under 12");
	tap_ok(!cds_ver_has_prefix("12.40", "12.4"), "12.40 not under 12.4");
	tap_ok(!cds_ver_has_prefix("1.2", "12"), "1.2 not under 12");
	tap_ok(cds_ver_has_prefix("2.3.1+cu121", "2.3.1"), "local tag prefix");
	tap_is_int(cds_cuda_int("12.4"), 12040, "12.4 -> 12040");
	tap_is_int(cds_cuda_int("13.0.2"), 13000, "13.0.2 -> 13000");
	tap_is_int(cds_cuda_int("11"), 11000, "11 -> 11000");
	tap_is_int(cds_cuda_int("x"), -1, "garbage -> -1");
	return tap_done();
}
