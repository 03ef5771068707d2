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
grep -v '^tries ' "$T/out" | head -20 | sed 's/^/# /'
# shellcheck disable=SC2046
set -- $(sed -n 's/^tries \([0-9]*\) failed \([0-9]*\) lost \([0-9]*\) escaped \([0-9]*\) killed \([0-9]*\)$/\1 \2 \3 \4 \5/p' "$T/out")
is "${1:-none}" "$N" "$N trials ran"
is "${2:-none}" 0 "no failure: list, a remove and install again, the next clean"
is "${3:-none}" 0 "nothing lost: every release whole, the cache's files whole or gone"
is "${4:-none}" 0 "nothing escaped the prefix"
ok "$([ "${5:-0}" -ge "$N" ] && echo 0 || echo 1)" \
	"the kills came before the runs' ends (${5:-0} killed)"

done_testing
