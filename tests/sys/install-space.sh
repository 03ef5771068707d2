#!/bin/sh
# Disk space, for real, on a 2 MiB tmpfs mounted at the root's /opt (needs
# root to mount; skipped cleanly otherwise): an install whose archives
# cannot fit is refused before anything is unpacked, with what is free and
# what is needed; an install whose archive passes that check but fills the
# disk while unpacking (6 MiB of zeros in a tiny archive) is rolled back:
# exit 3, "no space left", no tree, no receipt, the staging gone and the
# space given back, so that a release that fits installs right after.
. "$CDS_SRCDIR/tests/lib.sh"
plan 14

T=$(mktemp -d); cleanup_later "$T"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
mkdir -p "$R/opt"
if [ "$(id -u)" -ne 0 ] ||
	! mount -t tmpfs -o size=2m,mode=0755 cds-space-test "$R/opt" \
	2>/dev/null; then
	skip 14 "cannot mount a 2 MiB tmpfs here (needs root)"
	done_testing
fi
finish() {
	umount "$R/opt" 2>/dev/null
	done_testing
}

. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
{
	mka_init "$T/mirror" &&
	mkdir -p "$T/big/lib" "$T/zeros/lib" &&
	python3 -c 'import os, sys
open(sys.argv[1], "wb").write(os.urandom(3 << 20))' \
		"$T/big/lib/libcublas_static.a" &&
	dd if=/dev/zero of="$T/zeros/lib/libcublas_static.a" bs=1M count=6 \
		2>/dev/null &&
	mka_component cuda_cudart 12.4.127 &&
	XZ_FLAGS=-0 mka_packdir libcublas 12.4.5.8 -- "$T/big" &&
	mka_release_cuda 12.4.1 cuda_cudart libcublas &&
	mka_component cuda_cudart 12.6.77 &&
	mka_packdir libcublas 12.6.4.1 -- "$T/zeros" &&
	mka_release_cuda 12.6.3 cuda_cudart libcublas &&
	mka_cudnn 9.3.0.75 cuda12 &&
	mka_index
} >"$T/mk.log" 2>&1 || {
	cat "$T/mk.log"
	ok 1 "the test mirror could not be built"
	finish
}
M=$T/mirror/index.json
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"
free_kib() { df -k --output=avail "$R/opt" | tail -n 1 | tr -d ' '; }
empty=$(free_kib)

# too big to fit: refused before any extraction
cds "$@" install --cuda 12.4.1 --cudnn none --yes
is "$RC" 3 "archives that cannot fit: exit 3"
like "$ERR" "no space left on device: .*/opt/nvidia/\.state/staging: [0-9]+\.[0-9] MiB free; the archives \(3\.0 MiB\) need about 9\.0 MiB to download and unpack" \
	"refused with what is free and what is needed"
is "$(ls -A "$P/.state/staging")" "" "nothing was unpacked"
check "no tree" test ! -e "$P/cuda-12.4.1"

# fits on paper, fills the disk while unpacking
cds "$@" install --cuda 12.6.3 --cudnn none --yes
is "$RC" 3 "the disk fills while unpacking: exit 3"
like "$ERR" "error: no space left on device" "says the disk is full"
check "rolled back: no tree" test ! -e "$P/cuda-12.6.3"
check "rolled back: no receipt" test ! -e "$P/.state/receipts/cuda-12.6.3.json"
is "$(ls -A "$P/.state/staging")" "" "rolled back: the staging is gone"
check "rolled back: no default link" test ! -e "$P/cuda" -a ! -L "$P/cuda"
now=$(free_kib)
ok "$([ $((empty - now)) -lt 64 ] && echo 0 || echo 1)" \
	"rolled back: the space is given back ($empty KiB free before, $now after)"
unlike "$(cat "$R/var/log/cudnn-setup.log" 2>/dev/null)" "installed cuda" \
	"no audit line for what did not install"

# and then what fits, installs
cds "$@" install --cuda none --cudnn 9.3.0 --yes
is "$RC" 0 "a release that fits installs after the failures"
out=$(prefix_check "$P")
ok $? "the prefix matches its receipts"

finish
