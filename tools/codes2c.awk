# codes2c.awk - manifests/data/cuda-codes.tsv (enum, major, value, name,
# text, releases, source, wording) as the rows of src/doctor/codes.c's two
# tables, one C initialiser a line: the codes (their newest rows), then,
# under CDS_CODES_OLDER, the other releases' words for them (each with the
# index of its code's row).  The file is included once for each table.  A
# row that is not of that shape stops the build.
BEGIN {
	FS = "\t"
	ncodes = 0
	nolder = 0
	bad = 0
}
function cstr(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}
function fail(why) {
	print FILENAME ":" NR ": " why > "/dev/stderr"
	bad = 1
	exit 1
}
NR == 1 {
	if ($1 != "enum" || $4 != "name" || $8 != "wording") {
		fail("line 1 is not the header")
	}
	print "#ifndef CDS_CODES_OLDER"
	next
}
/^#/ || /^$/ {
	next
}
{
	if (NF != 8 || $3 !~ /^-?[0-9]+$/ || ($2 != "-" && $2 !~ /^[0-9]+$/)) {
		fail("not 8 columns of enum, major, value, name, text, " \
		    "releases, source, wording")
	}
	key = $1 FS $2 FS $3 FS $4
	if ($8 == "newest") {
		printf "\t{ %s, %d, %sL, %s, %s, %s },\n", cstr($1), \
		    ($2 == "-" ? 0 : $2), $3, cstr($4), cstr($5), cstr($6)
		last = key
		ncodes++
	} else if ($8 == "older" && key == last) {
		older[nolder++] = sprintf("\t{ %d, %s, %s },", ncodes - 1, \
		    cstr($5), cstr($6))
	} else {
		fail("wording is not 'newest', or 'older' after its code's " \
		    "newest row")
	}
}
END {
	if (bad) {
		exit 1
	}
	print "#else"
	for (i = 0; i < nolder; i++) {
		print older[i]
	}
	print "\t{ 0, NULL, NULL }"
	print "#endif"
}
