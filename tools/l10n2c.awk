# l10n2c.awk - manifests/data/loader-l10n.tsv (lang, msgid, msgstr,
# source: glibc's translations of the dynamic loader's words, made by
# tools/mkloaderl10n.py from libc-l10n's catalogs) as the rows of
# src/doctor/explain.c's table of them: { "cannot open shared object
# file", "无法打开共享对象文件" }.  A row that is not of that shape, or an
# msgid explain does not read, stops the build.
BEGIN {
	FS = "\t"
}
function fail(why) {
	print FILENAME ":" NR ": " why > "/dev/stderr"
	exit 1
}
NR == 1 {
	if ($1 != "lang" || $2 != "msgid" || $3 != "msgstr") {
		fail("line 1 is not the header")
	}
	print "/* made by make from manifests/data/loader-l10n.tsv */"
	next
}
{
	if (NF != 4 || $1 !~ /^[a-z][a-z](_[A-Z][A-Z])?$/ || $3 == "" ||
	    ($2 != "cannot open shared object file" &&
	    $2 != "error while loading shared libraries" &&
	    $2 != "No such file or directory")) {
		fail("not a row of lang, msgid, msgstr, source")
	}
	if ($3 ~ /["\\]/) {
		fail("a quote or backslash in the translation")
	}
	printf "{ \"%s\", \"%s\" },\t/* %s */\n", $2, $3, $1
}
