#!/bin/sh
# What install shows while it downloads, read as a person sees it: the real
# program on a real terminal (tmux), against nginx on 127.0.0.1 (TLS from
# a test CA) sending each archive slowly (limit_rate), so that several
# archives are in flight at once.  On the terminal: one line per archive
# in flight and an overall line, each with its bytes, a speed that is not
# zero and the time left, redrawn in place (the pane, its history too,
# holds each line once: nothing scrolls); each archive done leaves one
# line.  With --json, stdout (a file) is one JSON document and nothing
# else, the progress still on the terminal.  Off a terminal: plain lines,
# one as each archive starts and one as it is done, no escape codes.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 21

if ! have_tmux; then
	skip 21 "tmux is not installed"
	done_testing
fi

# CUDA 12.4.1 of four archives, each large (incompressible bytes beside its
# library), so that a slow server keeps them all downloading together
T=$(mktemp -d); cleanup_later "$T"
COMPS="cuda_cudart:12.4.127 cuda_nvcc:12.4.131 cuda_nvrtc:12.4.127 libcublas:12.4.5.8"
build_mirror() {
	for _c in $COMPS; do
		mka_tree "$T/src/${_c%%:*}" "${_c%%:*}" "${_c#*:}" &&
		mkdir -p "$T/src/${_c%%:*}/lib" &&
		head -c 256000 /dev/urandom \
		    >"$T/src/${_c%%:*}/lib/${_c%%:*}.a" &&
		mka_packdir "${_c%%:*}" "${_c#*:}" -- "$T/src/${_c%%:*}" ||
		    return 1
	done
	mka_release_cuda 12.4.1 cuda_cudart cuda_nvcc cuda_nvrtc libcublas &&
	    mka_cudnn 9.3.0.75 cuda12
}
NGX_SLOW_RATE=32k
mirror "$T/mirror" -s 21 --https build_mirror
touch "$T/mirror/.slow"

# one install on a terminal of 100 x 24; EXTRA... before the command
tty_install() {
	_r=$1
	shift
	tmx_start 100 24 env -u LC_ALL LANG=C.UTF-8 TERM=xterm \
		CURL_CA_BUNDLE="$NGX_CA" "$@" --root "$_r" --manifest "$M" \
		--mirror "$NGX_URL/" install --cuda 12.4.1 --cudnn none \
		--jobs 4 --yes
}
# lines of SCREEN matching ERE
nlines() { printf '%s\n' "$SCREEN" | grep -cE -- "$1"; }
ARCH='(cuda_cudart|cuda_nvcc|cuda_nvrtc|libcublas)-linux-x86_64-[0-9.]+'
LINE="^  $ARCH +downloading +[0-9.]+ (B|KiB) / [0-9.]+ KiB  "

# ---- on a terminal -------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
tty_install "$R" "$CDS_BIN"
# two archives at least downloading, and the speed measured
if tmx_wait "$LINE[0-9.]+ (B|KiB)/s  ETA [0-9]+:[0-9]{2}" 20 &&
    [ "$(nlines "$LINE")" -ge 2 ]; then
	ok 0 "several archives downloading at once, a line each"
else
	ok 1 "several archives downloading at once, a line each"
	printf '%s\n' "$SCREEN" | sed 's/^/# /'
fi
like "$SCREEN" "$LINE[1-9][0-9.]* (B|KiB)/s|$LINE[0-9]\.[0-9]*[1-9][0-9]* (B|KiB)/s" \
	"an archive's speed, not zero"
like "$SCREEN" "$LINE[0-9.]+ (B|KiB)/s  ETA [0-9]+:[0-9]{2}" \
	"an archive's time left"
like "$SCREEN" "^  overall, [0-4] of 4 done +[0-9.]+ (B|KiB) / [0-9.]+ (KiB|MiB)  ([0-9.]+ (B|KiB)/s  ETA [0-9]+:[0-9]{2}|--)" \
	"the overall line: archives done, bytes of the plan's total"
is "$(nlines '^  overall')" 1 "one overall line"
# more looks while it runs: each time, the pane and its history hold each
# line once (rewritten where it was, never scrolled)
seen=0 bad="" LAST=$SCREEN
while [ $seen -lt 8 ]; do
	tmx_capture -h
	n=$(nlines '^  overall')
	[ "$n" -eq 0 ] && break
	seen=$((seen + 1))
	[ "$n" -eq 1 ] || bad="$bad overall:$n"
	bad="$bad$(printf '%s\n' "$SCREEN" |
		grep -oE "^  $ARCH +(downloading|unpacking|verifying)" |
		awk '{print $1}' | sort | uniq -d)"
	LAST=$SCREEN
	sleep 0.3
done
ok "$([ $seen -ge 1 ] && echo 0 || echo 1)" "the lines seen again while it runs ($seen more looks)"
is "$bad" "" "redrawn in place: each line once in every look, the history too"
like "$LAST" "^  overall, [0-4] of 4 done .*[0-9.]+ (B|KiB)/s  ETA [0-9]+:[0-9]{2}" \
	"the overall speed and time left, measured"
tmx_wait_exit 60
is "$TMX_RC" 0 "the install ends: exit 0"
tmx_capture -h
is "$(nlines "^cudnn-setup: $ARCH-archive\.tar\.xz: [0-9.]+ KiB, verified and unpacked")" 4 \
	"each archive done leaves one line"
is "$(nlines '^  overall|downloading +[0-9]')" 0 "the progress lines are gone at the end"
check "installed" test -f "$R/opt/nvidia/cuda-12.4.1/lib/libcublas.a"

# ---- --json: stdout a document, progress still on the terminal ----------------
R2=$(mk_sysroot); cleanup_later "$R2"
cat >"$T/json.sh" <<'EOF'
out=$1
shift
exec "$@" --json >"$out"
EOF
tty_install "$R2" sh "$T/json.sh" "$T/out.json" "$CDS_BIN"
waitok=1
tmx_wait "^  overall, [0-4] of 4 done" 20 && waitok=0
ok $waitok "--json: the progress on the terminal"
tmx_wait_exit 60
is "$TMX_RC" 0 "--json: exit 0"
is "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); print(d["result"])' "$T/out.json" 2>&1)" \
	installed "--json: stdout is one JSON document, nothing else"
unlike "$(cat "$T/out.json")" "$(printf '\033')|downloading|overall" \
	"--json: no progress on stdout"

# ---- off a terminal ----------------------------------------------------------------
R3=$(mk_sysroot); cleanup_later "$R3"
CURL_CA_BUNDLE=$NGX_CA TERM=xterm cds --root "$R3" --manifest "$M" \
	--mirror "$NGX_URL/" install --cuda 12.4.1 --cudnn none --jobs 4 --yes
is "$RC" 0 "off a terminal: exit 0"
unlike "$ERR" "$(printf '\033')" "off a terminal: no escape codes"
is "$(printf '%s\n' "$ERR" | grep -cE "^cudnn-setup: downloading $NGX_URL/.*-archive\.tar\.xz \([0-9.]+ KiB\)$")" 4 \
	"off a terminal: a line as each archive starts"
is "$(printf '%s\n' "$ERR" | grep -cE "^cudnn-setup: $ARCH-archive\.tar\.xz: [0-9.]+ KiB, verified and unpacked$")" 4 \
	"off a terminal: a line as each is done"
is "$(printf '%s\n' "$ERR" | grep -cvE '^cudnn-setup: (downloading|.*verified and unpacked|installed|warning: no NVIDIA driver)')" 0 \
	"off a terminal: nothing else"

done_testing
