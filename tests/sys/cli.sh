#!/bin/sh
# The command line itself: --help, --version, unknown commands and options,
# options out of range, exit statuses.
. "$CDS_SRCDIR/tests/lib.sh"
plan 19

cds --help
is "$RC" 0 "--help exits 0"
like "$OUT" "Usage: cudnn-setup" "--help prints usage"

cds --version
like "$OUT" "^cudnn-setup [0-9]+\.[0-9]+" "--version"

cds frobnicate
is "$RC" 2 "unknown command: exit 2"
like "$ERR" "unknown command 'frobnicate'" "unknown command named"

cds doctor --frob
is "$RC" 2 "unknown option: exit 2"
like "$ERR" "unknown option '--frob'" "unknown option named"

cds doctor --jobs 99
is "$RC" 2 "--jobs out of range: exit 2"
like "$ERR" "--jobs 99: must be a number from 1 to 16" "range named"

cds doctor --root relative/path
is "$RC" 2 "relative --root: exit 2"

cds doctor --root /nonexistent-cds-root
like "$ERR" "no such directory" "missing --root named"

cds doctor --cuda 12.4
like "$ERR" "does not apply to 'doctor'" "an option of another command is refused"

# Every --json document says which cudnn-setup printed it: "version", the
# same as --version's.
cds --version
v=${OUT#cudnn-setup }
v=${v%%
*}
R=$(mk_sysroot)
E=$(mktemp -d)
mkdir -p "$E/lib"
cleanup_later "$R" "$E"
for args in "doctor" "plan --cuda 12.4.1 --no-driver" \
    "install --cuda 12.4.1 --no-driver --dry-run --prefix /opt/nvidia" \
    "explain no-such-finding" "list --prefix /opt/nvidia"; do
	# shellcheck disable=SC2086
	cds --root "$R" $args --json
	is "$(jget "$OUT" 'd["version"]')" "$v" "$args --json: version $v"
done
# verify checks this machine (no --root): a prefix with no libraries fails
# its checks and still prints its document
cds verify --prefix "$E" --json
is "$(jget "$OUT" 'd["version"]')" "$v" "verify --json: version $v"
like "$(printf '%s' "$OUT" | head -n 2)" '^\{
  "version"' "version is the first key"

done_testing
