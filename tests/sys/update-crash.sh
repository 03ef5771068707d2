#!/bin/sh
# kill -9 at any point of `update` (tests/fixtures/statekill.py, strace
# injecting SIGKILL at a call that changes a file): the kept index is the
# old one or the new one, whole and verified, never half; the program
# reads that one; half the trials cut a second run before the next,
# which takes the new index and leaves nothing beside it; nothing outside
# the store changes.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/statekill.sh"
N=${UPDATE_KILL_TRIES:-12}
plan 5

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-updkill-XXXXXX"); cleanup_later "$T"
if ! sk_update_setup "$T"; then
	skip 5 "$SK_WHY"
	done_testing
fi
sk_trials update "$T" "$N" "${KILL_SEED:-$$}" >"$T/out" 2>&1
sk_is "$T/out" "$N" "the store"

done_testing
