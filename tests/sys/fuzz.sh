#!/bin/sh
# Every parser of untrusted input under libFuzzer, ASan and UBSan, for a
# bounded time each on its committed seed corpus (tests/fuzz/run.sh; the
# targets are tests/fuzz/fuzz-*.c, found by name): manifest and redistrib
# JSON, ELF and fatbin, explain's text recognition, the activate.d
# evaluator, journals and receipts, the unpacker over hostile archives, a
# whole fake root, the index's signature.
# FUZZ_SECONDS (default 20) each.  A finding fails its target and names
# the input that caused it; without clang's libFuzzer every target is
# skipped, saying why.
. "$CDS_SRCDIR/tests/lib.sh"
targets=$(sh "$CDS_SRCDIR/tests/fuzz/run.sh" -l)
# shellcheck disable=SC2086
set -- $targets
plan $#

for t in $targets; do
	sh "$CDS_SRCDIR/tests/fuzz/run.sh" "$t" 2>"$CDS_BUILDDIR/fuzz-$t.err"
	rc=$?
	if [ "$rc" -eq 77 ]; then
		skip 1 "$(sed -n 's/^fuzz: SKIP: //p' "$CDS_BUILDDIR/fuzz-$t.err")"
		continue
	fi
	sed 's/^/# /' "$CDS_BUILDDIR/fuzz-$t.err" | tail -45
	ok "$rc" "fuzz-$t: no finding in ${FUZZ_SECONDS:-20} s"
done

done_testing
