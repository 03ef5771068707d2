#!/bin/sh
# A stopped install tried again from the wizard, against nginx on 127.0.0.1
# (TLS from a test CA) sending slowly: the Stop key in the middle of a
# download rolls back, leaves the prefix as it was and the partial download
# (.part) in the prefix's download cache, and offers to go back.  Esc goes
# back to Versions; installing from there and stopping again grows the same
# .part (a Range request, not a new download).  Enter then goes back to
# Review; installing again at full speed resumes the .part (nginx answers
# 206 with only the bytes that were missing) and completes: the trees
# checked as the install tests check them (every file in its receipt with
# its digest, default links, env files, the audit line, nothing left in
# staging, no .part).  The terminal is as it was afterwards.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 35

if ! have_tmux; then
	skip 35 "tmux is not installed"
	done_testing
fi

# CUDA 12.4.1 whose cuda_cudart archive is large (incompressible bytes
# beside its library), so that a slow server keeps it downloading
T=$(mktemp -d); cleanup_later "$T"
ART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz
NGX_SLOW_RATE=96k
mirror "$T/mirror" -s 35 --https 'mka_tree "$T/cudart" cuda_cudart 12.4.127 &&
    head -c 1500000 /dev/urandom >"$T/cudart/lib/libcudart_static.a" &&
    mka_packdir cuda_cudart 12.4.127 -- "$T/cudart" &&
    mka_component cuda_nvcc 12.4.131 && mka_component libcublas 12.4.5.8 &&
    mka_release_cuda 12.4.1 cuda_cudart cuda_nvcc libcublas &&
    mka_cudnn 9.3.0.75 cuda12'
SIZE=$(mka_size "$T/mirror/$ART")
touch "$T/mirror/.slow"


# trees, links, env files, receipts, staging and journal of the prefix
prefix_state() {
	for _x in "$1"/cuda-* "$1"/cudnn-* "$1"/cuda "$1"/cudnn "$1"/env/* \
	    "$1"/.state/receipts/* "$1"/.state/staging/* \
	    "$1"/.state/journal; do
		[ -e "$_x" ] || [ -L "$_x" ] && echo "${_x#$1/}"
	done
	return 0
}

# the size of the .part of the large archive, 0 when there is none
part_size() {
	if [ -f "$PART" ]; then
		mka_size "$PART"
	else
		echo 0
	fi
}

# nginx's answers for the large archive: "STATUS BYTES" a line
ngx_answers() {
	awk -v a="/$ART" '$7 == a { print $9, $10 }' "$NGX_DIR/access.log"
}

# wait until the large archive is downloading, then stop it
download_then_stop() {
	waitok "cuda_cudart +download +[#█░.]+ +[0-9]+%" "$1: downloading" 20
	# a part of it, not none
	_i=0
	while [ "$(part_size)" -lt 65536 ] && [ $_i -lt 100 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	tmx_keys Escape
	tmx_wait "Stop the installation\?"
	tmx_keys y
	waitok "Stopped: nothing was changed in /opt/nvidia" "$1: stopped" 30
}

R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
PART=$P/.state/downloads/$ART.part
tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	CURL_CA_BUNDLE="$NGX_CA" "$CDS_BIN" --root "$R" --manifest "$M" \
	--mirror "$NGX_URL/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Enter
tmx_wait "Install into /opt/nvidia" 20
tmx_keys Enter
tmx_wait "Install 2 releases"
tmx_keys y

# ---- the first stop, then back to Versions --------------------------------------
download_then_stop "first run"
like "$SCREEN" "The downloads stay in the cache: go back and install again" \
	"after the stop: says the downloads stay and how to go on"
like "$SCREEN" "Enter back to Review +Esc back to Versions +q quit" \
	"after the stop: the keys to go back, or quit"
is "$(prefix_state "$P")" "" "after the stop: nothing in the prefix"
part1=$(part_size)
ok "$( [ "$part1" -gt 0 ] && [ "$part1" -lt "$SIZE" ]; echo $?)" \
	"after the stop: part of the archive kept in the cache ($part1 of $SIZE bytes)"
tmx_keys Escape
waitok "> 12\.4\.1 " "Esc: back to Versions"
tmx_keys Enter
waitok "Install into /opt/nvidia" "Versions, Enter: Review again" 20
tmx_keys Enter
waitok "Install 2 releases" "Review, Enter: the question again"
tmx_keys y
download_then_stop "second run"
part2=$(part_size)
ok "$( [ "$part2" -gt "$part1" ] && [ "$part2" -lt "$SIZE" ]; echo $?)" \
	"the second run added to the same .part ($part1 -> $part2 bytes)"
like "$(ngx_answers | sed -n 2p)" "^206 " \
	"the second run asked for the rest only (206)"
is "$(prefix_state "$P")" "" "after the second stop: nothing in the prefix"

# ---- back to Review, and install at full speed --------------------------------
rm -f "$T/mirror/.slow"
tmx_keys Enter
waitok "Install into /opt/nvidia" "Enter after the stop: back to Review" 20
like "$SCREEN" "CUDA 12\.4\.1: [0-9]+ archives" "Review: the plan, made again"
tmx_keys Enter
waitok "Install 2 releases" "Review, Enter: the question"
tmx_keys Enter
waitok "Enter quit +Esc start over" "the install ran to its end, then the summary" 60
like "$SCREEN" "Done: the install in /opt/nvidia is complete" "Summary: done"
like "$SCREEN" "installed cuda-12\.4\.1 +/opt/nvidia/cuda-12\.4\.1" "Summary: CUDA installed"
like "$SCREEN" "installed cudnn-9\.3\.0\.75-cuda12" "Summary: cuDNN installed"
last=$(ngx_answers | tail -1)
is "$last" "206 $((SIZE - part2))" \
	"the last run resumed the .part: 206 with only the missing bytes"
is "$(ngx_answers | grep -c '^200 ')" 1 "the archive was sent whole only once"
tmx_keys Enter
tmx_wait_exit 10
is "$TMX_RC" 0 "a stop, then a retry that completes: exit 0"
[ "$TMX_RC" = 0 ] || tmx_dump
out=$(tmx_restored)
ok $? "the terminal is as it was $out"
tmx_stop

# ---- the installed tree, as the install tests check it ----------------------
out=$(prefix_check "$P")
ok $? "every file of both trees is in its receipt, with its digest"
[ -n "$out" ] && diag "$out"
cmp -s "$T/cudart/lib/libcudart_static.a" \
	"$P/cuda-12.4.1/lib/libcudart_static.a"
ok $? "the large file is whole, byte for byte"
check "nvcc from cuda_nvcc" test -x "$P/cuda-12.4.1/bin/nvcc"
check "the cuDNN tree" test -f "$P/cudnn-9.3.0.75-cuda12/include/cudnn_version.h"
is "$(readlink "$P/cuda") $(readlink "$P/cudnn")" \
	"cuda-12.4.1 cudnn-9.3.0.75-cuda12" "the default links"
is "$(ls -A "$P/.state/staging" 2>/dev/null)" "" "staging is empty"
check "no journal left" test ! -e "$P/.state/journal"
check "no .part left; the archive stays in the cache" \
	test ! -e "$PART" -a -f "$P/.state/downloads/$ART"
is "$(grep -c 'installed cuda-12\.4\.1 into /opt/nvidia/cuda-12\.4\.1 (3 archives' \
	"$R/var/log/cudnn-setup.log")" 1 "one audit line for CUDA"
out=$(env -i PATH=/usr/bin:/bin sh -c '. "$1/env/cuda-12.4.1.sh";
	. "$1/env/cudnn-9.3.0.75-cuda12.sh"; echo "$CUDA_HOME|$CUDNN_PATH"' sh "$P")
is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12" \
	"the env files set CUDA_HOME and CUDNN_PATH"

done_testing
