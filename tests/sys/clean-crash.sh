#!/bin/sh
# kill -9 at any point of `clean` (tests/fixtures/statekill.py, strace
# injecting SIGKILL at a call that changes a file): every release stays
# whole against its receipt, `list` works, what is left in the download
# cache is whole or gone, a release removed and installed again from what
# is left is whole, and the next clean empties the cache; nothing outside
# the prefix changes.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/statekill.sh"
N=${CLEAN_KILL_TRIES:-12}
plan 5

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-cleankill-XXXXXX"); cleanup_later "$T"
if ! sk_clean_setup "$T"; then
	skip 5 "$SK_WHY"
	done_testing
fi
sk_trials clean "$T" "$N" "${KILL_SEED:-$$}" >"$T/out" 2>&1
sk_is "$T/out" "$N" "the prefix"

done_testing
