# driverapi2c.awk - manifests/data/driver-api.tsv (symbol, cuda, source:
# the driver API's functions and the CUDA release each came with, made by
# tools/mkdriverapi.py from cudaTypedefs.h) as the rows of
# src/doctor/codes.c's table of them: { "cuGreenCtxDestroy", 12040 }, the
# release as CUDA_VERSION writes it.  A row that is not of that shape
# stops the build.
BEGIN {
	FS = "\t"
}
function fail(why) {
	print FILENAME ":" NR ": " why > "/dev/stderr"
	exit 1
}
NR == 1 {
	if ($1 != "symbol" || $2 != "cuda") {
		fail("line 1 is not the header")
	}
	print "/* made by make from manifests/data/driver-api.tsv */"
	next
}
{
	if (NF != 3 || $1 !~ /^cu[A-Za-z0-9_]+$/ || $2 !~ /^[0-9]+\.[0-9]$/) {
		fail("not a row of symbol, cuda, source")
	}
	split($2, v, ".")
	printf "{ \"%s\", %d },\n", $1, v[1] * 1000 + v[2] * 10
}
