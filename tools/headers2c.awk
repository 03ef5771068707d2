# headers2c.awk - manifests/data/nv-headers.tsv (header, component, pip,
# debian, source: NVIDIA's headers and the development files that carry
# them, made by manifests/mkheaders.py from wheels' RECORD files and
# Debian's Contents indexes) as the rows of src/doctor/codes.c's table:
# { "curand_kernel.h", "libcurand", "nvidia-curand",
# "bullseye,bookworm,trixie:nvidia-cuda-dev" }, NULL for "-"; a directory
# of headers by its name and a slash ("thrust/").  A row that
# is not of that shape stops the build.
BEGIN {
	FS = "\t"
}
function fail(why) {
	print FILENAME ":" NR ": " why > "/dev/stderr"
	exit 1
}
function str(s) {
	return s == "-" ? "NULL" : "\"" s "\""
}
NR == 1 {
	if ($1 != "header" || $2 != "component" || $3 != "pip" ||
	    $4 != "debian") {
		fail("line 1 is not the header")
	}
	print "/* made by make from manifests/data/nv-headers.tsv */"
	next
}
{
	if (NF != 5 || $1 !~ /^[A-Za-z0-9_]+(\.h|\/)$/ ||
	    $2 !~ /^([a-z0-9_]+|-)$/ || $3 !~ /^([a-z0-9-]+|-)$/ ||
	    $4 !~ /^([a-z,]+:[a-z0-9-]+( [a-z,]+:[a-z0-9-]+)*|-)$/) {
		fail("not a row of header, component, pip, debian, source")
	}
	if ($2 == "-" && $4 == "-") {
		fail("a header with neither a component nor a package")
	}
	printf "{ \"%s\", %s, %s, %s },\n", $1, str($2), str($3), str($4)
}
