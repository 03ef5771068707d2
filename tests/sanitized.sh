#!/bin/sh
# tests/sanitized.sh COMMAND...: run one test (the log compiler of every
# test in Makefile.am) with ASan's and UBSan's reports written to files of
# its own (log_path), not to stderr: many tests send the program's stderr
# to /dev/null, where a report would pass unseen.  CDS_SANDIR names that
# directory for the test: a program run where the options cannot follow it
# (in a chroot) has its stderr kept there (san_keep, tests/lib.sh) when it
# holds a report.  After the test, any
# report fails it: one more "not ok" line with the reports as comments
# (which also breaks the TAP plan), and a copy in
# BUILD/sanitizer-reports/.  Without --enable-debug nothing writes a report.
d=$(mktemp -d "${TMPDIR:-/tmp}/cds-san-XXXXXX") || exit 99
# ours last: the last log_path wins (a wrapper inside a wrapper keeps its
# own reports)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$d/asan"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:log_path=$d/ubsan"
CDS_SANDIR=$d
export ASAN_OPTIONS UBSAN_OPTIONS CDS_SANDIR
"$@"
rc=$?
if [ -n "$(ls -A "$d")" ]; then
	name=$(basename "$(eval echo "\${$#}")")
	echo "not ok - sanitizer reports from $name (ASan/UBSan):"
	for f in "$d"/*; do
		echo "# ---- $(basename "$f")"
		sed 's/^/# /' "$f" | head -60
	done
	mkdir -p "${CDS_BUILDDIR:-.}/sanitizer-reports"
	for f in "$d"/*; do
		cp "$f" "${CDS_BUILDDIR:-.}/sanitizer-reports/$name.$(basename "$f")"
	done
	rc=1
fi
rm -rf "$d"
exit $rc
