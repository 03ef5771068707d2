#!/bin/sh
# The wizard's Scan screen says where it runs as doctor's Container section
# does (ui/facttext.c tells both): in a container without /dev/nvidiactl
# the runtime and ENOENT, "not passed into the container"; on a plain host
# nothing.  CDS_CONTAINER names the runtime (the machines running the suite
# are containers themselves).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 5

if ! have_tmux; then
	skip 5 "tmux is not installed"
	done_testing
fi
R=$(mk_sysroot); cleanup_later "$R"
UENV="env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user TERM=screen"

tmx_start 100 40 $UENV CDS_CONTAINER=docker "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 30
like "$SCREEN" "Container" "in a container: the section is on the Scan screen"
like "$SCREEN" "runtime +docker +set by CDS_CONTAINER" "the runtime, and who said so"
like "$SCREEN" "/dev/nvidiactl +ENOENT +not passed into the container" \
	"no /dev/nvidiactl: not passed in, as doctor says"
tmx_keys q
tmx_wait_exit 10

tmx_start 100 40 $UENV CDS_CONTAINER=none "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 30
unlike "$SCREEN" "Container|nvidiactl" "a plain host: nothing of containers"
tmx_keys q
tmx_wait_exit 10
is "$(CDS_CONTAINER=docker "$CDS_BIN" --root "$R" doctor 2>&1 | grep -c 'not passed into the container')" 1 \
	"doctor's text says the same words"
done_testing
