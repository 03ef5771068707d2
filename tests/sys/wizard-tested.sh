#!/bin/sh
# The wizard's cuDNN list beside a CUDA minor newer than NVIDIA's support
# matrix lists for a cuDNN build (issue 25): on a root whose driver is
# 590.48.01 (the driver CUDA 13.1.2 ships with, manifests/data/
# bundled-driver.tsv), CUDA 13.4.1 chosen, every cuDNN with a cuda13 build
# is offered and labelled "not tested with this minor" (the build runs
# through CUDA's minor version compatibility), none "no build for this
# CUDA"; beside CUDA 13.1.2, which NVIDIA tested, the label is the build
# alone.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 10

if ! have_tmux || ! have_python; then
	skip 10 "tmux or python3 is not installed"
	done_testing
fi

R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/sys/module/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  590.48.01  Tue Jan 1 00:00:00 UTC 2026\n' \
	>"$R/proc/driver/nvidia/version"
echo 590.48.01 >"$R/sys/module/nvidia/version"

# the shipped index: CUDA 13.4.1, and cuDNN 9.20.0.48 whose cuda13 build
# NVIDIA tested with CUDA 13.0-13.1
IDX=$CDS_SRCDIR/manifests/index.json
tmx_start 100 40 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	TERM=screen "$CDS_BIN" --root "$R" --manifest "$IDX"
waitok "Findings:" "the Scan screen comes up" 20
tmx_keys Enter
waitok "What do you want to do" "the Goal screen" 20
tmx_keys Enter
waitok "Where should CUDA and cuDNN go" "the Target screen" 20
tmx_keys Enter
waitok "> 13\.[0-9.]+ " "the Versions screen" 20
# the newest CUDA is the first row
tmx_keys Up Up Up Up Up Up Up Up Up Up
waitok "> 13\.4\.1 " "CUDA 13.4.1 chosen"
tmx_keys Tab
waitok "9\.20\.0\.48 +cuda13 not tested with this minor" \
	"cuDNN 9.20 beside CUDA 13.4.1: its cuda13 build, not tested with this minor"
# cuDNN 9.12 on have a cuda13 build (the index); 9.11 and older have none
unlike "$SCREEN" "9\.(1[2-9]|2[0-9])\.[0-9.]+ +no build" \
	"no cuDNN with a cuda13 build is refused"
like "$SCREEN" "9\.11\.1\.4 +no build for this CUDA" \
	"cuDNN 9.11, which has no cuda13 build, is"
like "$SCREEN" "> 9\.22\.0\.52 +cuda13 *$" \
	"the cursor on cuDNN 9.22, whose cuda13 build NVIDIA lists for 13.x: tested"
# back to the CUDA list, down to CUDA 13.1.2
tmx_keys Tab
tmx_keys Down Down Down
tmx_wait "> 13\.1\.2 "
tmx_keys Tab
waitok "9\.20\.0\.48 +cuda13 *$" "beside CUDA 13.1.2, which NVIDIA tested: the build alone"
tmx_keys q
tmx_stop
done_testing
