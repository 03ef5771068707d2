#!/bin/sh
# The command line itself: --help, --version, unknown commands and options,
# options out of range, exit statuses.
. "$CDS_SRCDIR/tests/lib.sh"
plan 12

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

done_testing
