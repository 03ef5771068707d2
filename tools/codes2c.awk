# codes2c.awk - manifests/data/cuda-codes.tsv (enum, major, value, name,
# text, releases, source, wording), manifests/data/xid.tsv (xid,
# mnemonic, description, immediate, investigatory: NVIDIA's Xid catalog)
# and manifests/data/optix.tsv (value, enumerator of OptixResult) as
# the rows of src/doctor/codes.c's two tables, one C initialiser a line:
# the codes (their newest rows; the Xids as codes of the enum "Xid" with
# the catalog's immediate action), then, under CDS_CODES_OLDER, the other
# releases' words for them (each with the index of its code's row).  The
# file is included once for each table.  A row that is not of that shape
# stops the build.
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
FNR < NR && !head[FILENAME] {
	if (!($1 == "xid" && $2 == "mnemonic" && $4 == "immediate") &&
	    !($1 == "optix" && $2 == "name" && NF == 2)) {
		fail("not the header of the Xid or the OptiX table")
	}
	head[FILENAME] = $1
	next
}
FNR < NR && head[FILENAME] == "optix" {
	if (NF != 2 || $1 !~ /^[0-9]+$/ || $2 !~ /^OPTIX_[A-Z0-9_]+$/) {
		fail("not 2 columns of value, enumerator")
	}
	printf "\t{ \"OptixResult\", 0, %sL, %s, \"\", \"7.0\", NULL },\n", \
	    $1, cstr($2)
	ncodes++
	next
}
FNR < NR {
	if (NF != 5 || $1 !~ /^[0-9]+$/ || $2 !~ /^[A-Z0-9_]+$/) {
		fail("not 5 columns of xid, mnemonic, description, " \
		    "immediate, investigatory")
	}
	# "Unused": the catalog's word for a number its GPUs do not log
	# (no words, no action)
	unused = $3 == "Unused"
	printf "\t{ \"Xid\", 0, %sL, %s, %s, \"-\", %s },\n", $1, \
	    cstr($2), cstr(unused ? "" : $3), \
	    ($4 == "-" || unused ? "NULL" : cstr($4))
	ncodes++
	next
}
{
	if (NF != 8 || $3 !~ /^-?[0-9]+$/ || ($2 != "-" && $2 !~ /^[0-9]+$/)) {
		fail("not 8 columns of enum, major, value, name, text, " \
		    "releases, source, wording")
	}
	key = $1 FS $2 FS $3 FS $4
	if ($8 == "newest") {
		printf "\t{ %s, %d, %sL, %s, %s, %s, NULL },\n", cstr($1), \
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
