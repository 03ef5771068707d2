#!/bin/sh
# doc/findings.md's tables are the code's: tools/mkfindings.py reads doctor's
# rule tables (each src/doctor/rules_*.c's, run by findings.c) and explain's
# catalogue (src/doctor/explain_table.c) through the C preprocessor and writes the
# tables; the committed page must be what it writes (else: `make
# findings-doc`).  On a copy of the sources: a row added to the rule table
# appears in the page, a stale row of the page is written back from the
# code, and a failure mode cited without its entry in doc/failure-modes.md
# is refused, naming it.
. "$CDS_SRCDIR/tests/lib.sh"
plan 7

if ! have_python; then
	skip 7 "python3 is not installed"
	done_testing
fi
S=$CDS_SRCDIR
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-docs-XXXXXX")
cleanup_later "$T"

# gen SRCDIR DOC: the page DOC as the generator makes it from SRCDIR
gen() {
	python3 "$S/tools/mkfindings.py" --cc "${CC:-cc}" -I "$CDS_BUILDDIR" \
	    --srcdir "$1" "$2"
}

gen "$S" "$S/doc/findings.md" >"$T/made" 2>"$T/err"
rc=$?
is "$rc $(cat "$T/err")" "0 " "the generator reads both tables"
d=$(diff -u "$S/doc/findings.md" "$T/made")
is "$d" "" "doc/findings.md is what the code's tables say (make findings-doc)"

# every id of the rule table, read by the compiler's own preprocessor from
# the code, has its row; the catalogue's entries likewise
ids=$(for f in "$S"/src/doctor/rules_*.c "$S/src/doctor/findings.c"; do
	${CC:-cc} -E -P -I"$S/src" -I"$CDS_BUILDDIR" -I"$S" "$f" |
	    sed -n '/cds_rule [a-z_]*\[\] = {/,/^};/p' |
	    grep -o '{ *"[A-Z0-9-]*"' | sed 's/[{ "]//g'
done)
missing=""
for i in $ids; do
	grep -q "^| $i | " "$T/made" || missing="$missing $i"
done
rows=$(sed -n '/^<!-- generated: rules -->$/,/^<!-- end generated -->$/p' \
    "$T/made" | grep -c '^| ')
is "$(echo $ids | wc -w) rows, missing:$missing" "$((rows - 1)) rows, missing:" \
	"a row per id of the rule table, and no other"

# ---- on a copy of the sources ----------------------------------------------
mkdir -p "$T/src" "$T/doc"
cp -R "$S/src/." "$T/src/"
cp "$S/doc/findings.md" "$S/doc/failure-modes.md" "$T/doc/"
# a new rule row, citing a failure mode that has its entry
awk '/^const struct cds_rule cds_rules_driver\[\] = \{/ { print
	print "\t{ \"DOCS-PROBE\", N_(\"a row the test added\"), \"F26\", NULL },"
	next } { print }' "$S/src/doctor/rules_driver.c" \
    >"$T/src/doctor/rules_driver.c"
gen "$T" "$T/doc/findings.md" >"$T/made2" 2>"$T/err"
like "$(grep '^| DOCS-PROBE ' "$T/made2")" \
	'^\| DOCS-PROBE \| a row the test added \| \[F26\]\(failure-modes.md#f26\) \|' \
	"a row added to the rule table appears in the page"

# a stale page: a headline edited by hand is written back from the code
sed 's/^| F1 | [^|]*|/| F1 | an old headline |/' "$S/doc/findings.md" \
    >"$T/doc/findings.md"
gen "$S" "$T/doc/findings.md" >"$T/made3" 2>"$T/err"
is "$(diff "$T/made3" "$T/made" && echo same)" "same" \
	"a headline edited in the page is written back from the code"

# a failure mode without its entry in doc/failure-modes.md
sed 's/"F26", NULL },$/"F99", NULL },/' "$T/src/doctor/rules_driver.c" \
    >"$T/f.c" && mv "$T/f.c" "$T/src/doctor/rules_driver.c"
cp "$S/doc/findings.md" "$T/doc/findings.md"
gen "$T" "$T/doc/findings.md" >/dev/null 2>"$T/err"
rc=$?
like "rc=$rc $(cat "$T/err")" \
	"^rc=1 .*without an entry in doc/failure-modes.md: F99" \
	"a failure mode cited without its entry is refused, naming it"

# ---- make findings-doc writes the page in place ------------------------------
sed 's/^| F1 | [^|]*|/| F1 | an old headline |/' "$T/made" >"$T/doc/findings.md"
python3 "$S/tools/mkfindings.py" --cc "${CC:-cc}" -I "$CDS_BUILDDIR" \
    --srcdir "$S" --write "$T/doc/findings.md" 2>"$T/err"
is "$(diff "$T/doc/findings.md" "$T/made" && echo same)" "same" \
	"--write rewrites the page from the code"

done_testing
