#!/bin/sh
# The wizard's Verify screen says what `cudnn-setup verify` says when the
# checks cannot run: with CUDA_VISIBLE_DEVICES set and empty, the variable
# that hides every GPU (the GPU test double honours it as the driver does).
# Driven through tmux, on the real machine (verify refuses --root), the
# install verified being the doubles' prefix, typed in as a directory.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 4

if ! have_tmux || ! have_python; then
	skip 4 "tmux or python3 is not installed"
	done_testing
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-wizv-XXXXXX")
cleanup_later "$T"
if ! mk_gpu_doubles "$T" >"$T/cc.log" 2>&1; then
	skip 4 "the compiler cannot build the doubles"
	done_testing
fi
UENV="env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user TERM=screen"
waitok() {
	if tmx_wait "$1" "${3:-10}"; then
		ok 0 "$2"
	else
		ok 1 "$2"
		printf '%s\n' "$SCREEN" | sed 's/^/# /'
	fi
}

tmx_start 100 30 $UENV LD_LIBRARY_PATH="$T/driver" CUDA_VISIBLE_DEVICES= \
	"$CDS_BIN"
tmx_wait "Findings:" 30
tmx_keys Enter
tmx_wait "What do you want"
i=0
until tmx_wait "> Verify an install" 1 || [ $i -ge 8 ]; do
	tmx_keys Down
	i=$((i + 1))
done
tmx_keys Enter
waitok "Which install should be verified" "Goal: verify, then its target"
i=0
until tmx_wait "> Another directory" 1 || [ $i -ge 12 ]; do
	tmx_keys Down
	i=$((i + 1))
done
tmx_keys Enter
tmx_wait "Verify the libraries"
tmx_type "$T/prefix"
tmx_keys Enter
waitok "sees no GPU \(error 100\)" "the checks cannot run: no GPU seen" 60
like "$(printf '%s\n' "$SCREEN" | tr -d '\n' | tr -s ' ')" \
	'CUDA_VISIBLE_DEVICES="" ?\(empty\) ?is set' \
	"the screen names the variable that hides the GPUs"
tmx_keys q
tmx_wait_exit 10
is "$TMX_RC" 1 "verify that could not run: exit 1"
done_testing
