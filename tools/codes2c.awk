# codes2c.awk - manifests/data/cuda-codes.tsv (enum, major, value, name,
# text, releases, source) as the rows of src/doctor/codes.c's table: one C
# initialiser a line.  A row that is not of that shape stops the build.
BEGIN {
	FS = "\t"
}
function cstr(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}
NR == 1 {
	if ($1 != "enum" || $4 != "name") {
		print FILENAME ": line 1 is not the header" > "/dev/stderr"
		exit 1
	}
	next
}
/^#/ || /^$/ {
	next
}
{
	if (NF != 7 || $3 !~ /^-?[0-9]+$/ || ($2 != "-" && $2 !~ /^[0-9]+$/)) {
		print FILENAME ":" NR ": not 7 columns of enum, major, " \
		    "value, name, text, releases, source" > "/dev/stderr"
		exit 1
	}
	printf "\t{ %s, %d, %sL, %s, %s, %s },\n", cstr($1), \
	    ($2 == "-" ? 0 : $2), $3, cstr($4), cstr($5), cstr($6)
}
