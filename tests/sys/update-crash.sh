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

if ! have_nginx; then
	skip 5 "nginx, openssl or python3 missing"
	done_testing
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-updkill-XXXXXX"); cleanup_later "$T"
if ! sk_update_setup "$T"; then
	skip 5 "$SK_WHY"
	done_testing
fi
sk_trials update "$T" "$N" "${KILL_SEED:-$$}" >"$T/out" 2>&1
grep -v '^tries ' "$T/out" | head -20 | sed 's/^/# /'
# shellcheck disable=SC2046
set -- $(sed -n 's/^tries \([0-9]*\) failed \([0-9]*\) lost \([0-9]*\) escaped \([0-9]*\) killed \([0-9]*\)$/\1 \2 \3 \4 \5/p' "$T/out")
is "${1:-none}" "$N" "$N trials ran"
is "${2:-none}" 0 "no failure: each cut run, the runs after it and the next update as promised"
is "${3:-none}" 0 "nothing lost: after each kill the old index or the new, whole and verified"
is "${4:-none}" 0 "nothing escaped the store"
ok "$([ "${5:-0}" -ge "$N" ] && echo 0 || echo 1)" \
	"the kills came before the runs' ends (${5:-0} killed)"

done_testing
