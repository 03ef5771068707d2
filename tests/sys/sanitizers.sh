#!/bin/sh
# The debug suite keeps sanitizer output: proof of tests/sanitized.sh.  A
# tiny program built here with UBSan (and ASan where the compiler has it)
# overflows a signed int and reads past a buffer, its stderr sent to
# /dev/null as many tests do; run as a one-line test through the wrapper,
# the reports are caught, the test fails (exit 1, "not ok", the report's
# words shown), also where the test runs it with an empty environment
# (env_i, tests/lib.sh) or where the options cannot follow it and the
# report is printed (a chroot: san_keep on its stderr), and a clean program
# passes through it untouched.
. "$CDS_SRCDIR/tests/lib.sh"
plan 8

T=$(mktemp -d); cleanup_later "$T"
W=$CDS_SRCDIR/tests/sanitized.sh
cat >"$T/bad.c" <<'C'
#include <limits.h>
#include <stdlib.h>
#include <string.h>
int
main(int argc, char **argv)
{
	int big = INT_MAX - 1 + argc;	/* argc 1: INT_MAX */
	char *p = malloc(4);

	big += argc;			/* signed overflow: UBSan */
	memcpy(p, argv[0], 4);
	if (argc > 1) {
		p[argc + 8] = 1;	/* past the buffer: ASan */
	}
	free(p);
	return big == 0;
}
C
if ! ${CC:-cc} -g -fsanitize=undefined -o "$T/ub" "$T/bad.c" 2>"$T/cc.err"; then
	skip 8 "the compiler has no UBSan: $(tail -1 "$T/cc.err")"
	done_testing
fi
printf '#!/bin/sh\necho 1..1\n"%s" 2>/dev/null\necho "ok 1 - ran"\n' \
	"$T/ub" >"$T/ubtest.sh"
out=$(CDS_BUILDDIR=$T sh "$W" sh "$T/ubtest.sh")
rc=$?
is "$rc" 1 "a UBSan report behind 2>/dev/null fails the test"
like "$out" "^not ok - sanitizer reports from ubtest.sh" "said as a failed test"
like "$out" "runtime error: signed integer overflow" "the report's words are shown"
check "a copy is kept" test -n "$(ls "$T/sanitizer-reports" 2>/dev/null)"
printf '#!/bin/sh\n. "%s/tests/lib.sh"\necho 1..1\nenv_i PATH=/usr/bin:/bin "%s" 2>/dev/null\necho "ok 1 - ran"\n' \
	"$CDS_SRCDIR" "$T/ub" >"$T/envi.sh"
out=$(CDS_BUILDDIR=$T sh "$W" sh "$T/envi.sh")
is "$?:$(printf '%s' "$out" | grep -c 'runtime error: signed integer overflow')" \
	"1:1" "... and behind env -i as env_i runs it (tests/lib.sh)"
printf '#!/bin/sh\n. "%s/tests/lib.sh"\necho 1..1\nenv -i "%s" 2>"%s/err"\nsan_keep "%s/err"\necho "ok 1 - ran"\n' \
	"$CDS_SRCDIR" "$T/ub" "$T" "$T" >"$T/keep.sh"
out=$(CDS_BUILDDIR=$T sh "$W" sh "$T/keep.sh")
is "$?:$(printf '%s' "$out" | grep -c 'runtime error: signed integer overflow')" \
	"1:1" "... and printed to a stderr the test keeps with san_keep"
if ${CC:-cc} -g -fsanitize=address -o "$T/asan" "$T/bad.c" 2>/dev/null; then
	printf '#!/bin/sh\necho 1..1\n"%s" x 2>/dev/null\necho "ok 1 - ran"\n' \
		"$T/asan" >"$T/asantest.sh"
	out=$(CDS_BUILDDIR=$T sh "$W" sh "$T/asantest.sh")
	like "$out" "heap-buffer-overflow" "an ASan report behind 2>/dev/null is caught too"
else
	skip 1 "the compiler has no ASan"
fi
printf '#!/bin/sh\necho 1..1\necho "ok 1 - clean"\n' >"$T/clean.sh"
out=$(CDS_BUILDDIR=$T sh "$W" sh "$T/clean.sh")
is "$?:$out" "0:1..1
ok 1 - clean" "a clean test passes through untouched"

done_testing
