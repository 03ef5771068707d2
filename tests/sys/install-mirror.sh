#!/bin/sh
# install over the network: a real nginx on 127.0.0.1 with TLS from a test
# CA serves a repository in NVIDIA's layout.  Through --mirror, and through
# the index's own base URL; the archives are kept in the cache (--cache
# DIR, else PREFIX/.state/downloads) and a later --offline install uses
# them alone; a certificate that does not verify is exit 3 with nothing
# committed; a bare redistrib file fetched by URL installs, flagged as
# trusted through TLS alone.  Progress: plain lines off a terminal, lines
# redrawn in place on one (script(1) gives the terminal); --json keeps
# stdout for one document.
. "$CDS_SRCDIR/tests/lib.sh"
plan 25

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror" -s 24 --https
CUDART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz

# a certificate this machine does not trust: nothing happens
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" --manifest "$M" --mirror "$NGX_URL/" install --cuda 12.4.1 \
	--cudnn 9.3.0 --yes
is "$RC" 3 "an untrusted certificate: exit 3"
like "$ERR" "TLS certificate not trusted: ${NGX_URL#https://}: its certificate is not trusted here" \
	"an untrusted certificate: said, naming the server"
check "an untrusted certificate: no tree" test ! -e "$R/opt/nvidia/cuda-12.4.1"
is "$(ls -A "$R/opt/nvidia/.state/staging")" "" \
	"an untrusted certificate: no staging left"

# --mirror, --cache, --json
export CURL_CA_BUNDLE=$NGX_CA
cds --root "$R" --manifest "$M" --mirror "$NGX_URL/" --cache "$T/cache" \
	install --cuda 12.4.1 --cudnn 9.3.0 --yes --json --jobs 3
is "$RC" 0 "install from the https mirror: exit 0"
is "$(printf '%s' "$OUT" | python3 -c 'import json, sys
d = json.loads(sys.stdin.read()); print(d["result"])')" installed \
	"--json: stdout is exactly one document"
like "$ERR" "downloading $NGX_URL/$CUDART \([0-9.]+ (B|KiB)\)" \
	"off a terminal: a plain line per download"
out=$(prefix_check "$R/opt/nvidia")
ok $? "the trees match their receipts"
is "$(mka_sha256 "$T/cache/$CUDART")" "$(mka_sha256 "$T/mirror/$CUDART")" \
	"the archive is kept in --cache, whole"
is "$(readlink "$R/opt/nvidia/cudnn")" cudnn-9.3.0.75-cuda12 "the default links"

# the cache alone, offline, into another root
R2=$(mk_sysroot); cleanup_later "$R2"
cds --root "$R2" --manifest "$M" --offline --cache "$T/cache" install \
	--cuda 12.4.1 --cudnn 9.3.0 --yes
is "$RC" 0 "--offline from what the first install kept: exit 0"
unlike "$ERR" "downloading" "--offline: nothing downloaded"
is "$(tree_hash "$R2/opt/nvidia/cuda-12.4.1" content)" \
	"$(tree_hash "$R/opt/nvidia/cuda-12.4.1" content)" \
	"--offline: the same tree"

# the unpacked tree reaches the disk before its rename makes it the
# installed one (syncfs of the staging file system, then renameat2)
if command -v strace >/dev/null 2>&1; then
	R4=$(mk_sysroot); cleanup_later "$R4"
	# (LeakSanitizer cannot run under ptrace: a debug build's leak check
	# is off for this one run)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -qq -e trace=syncfs,renameat2,rename -o "$T/strace" \
		"$CDS_BIN" --root "$R4" --manifest "$M" --offline --cache \
		"$T/cache" install --cuda 12.4.1 --cudnn none --yes \
		>/dev/null 2>&1
	is "$(sed -n 's/.*\(syncfs\)(.*/\1/p; s/.*renameat2(.*staging[^"]*", [^"]*"\([^"]*cuda-12\.4\.1\)".*/rename \1/p' "$T/strace" |
		sed 's|rename .*/|rename |' | head -2 | tr '\n' ' ')" \
		"syncfs rename cuda-12.4.1 " "the tree is synced, then renamed into place"
else
	skip 1 "no strace"
fi

# the index's own base URL, and the prefix's own download cache
mka_reindex "$T/mirror" "$NGX_URL/"
R3=$(mk_sysroot); cleanup_later "$R3"
cds --root "$R3" --manifest "$M" install --cuda 12.4.1 --cudnn none --yes
is "$RC" 0 "from the index's base URL, no --mirror: exit 0"
is "$(mka_sha256 "$R3/opt/nvidia/.state/downloads/$CUDART")" \
	"$(mka_sha256 "$T/mirror/$CUDART")" \
	"without --cache the archives are kept in .state/downloads"
check "the release is installed" test -f \
	"$R3/opt/nvidia/cuda-12.4.1/lib/libcudart.so.12.4.127"

# a bare redistrib file by URL
R4=$(mk_sysroot); cleanup_later "$R4"
cds --root "$R4" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" install --yes
is "$RC" 0 "a redistrib file by URL: exit 0"
like "$ERR" "cuda_redistrib_12.4.1.json is an NVIDIA redistrib file given directly: it is trusted through TLS alone" \
	"a redistrib file by URL: flagged"
check "a redistrib file by URL: installed" test -d "$R4/opt/nvidia/cuda-12.4.1/bin"
like "$(cat "$R4/var/log/cudnn-setup.log")" "trusted through TLS alone" \
	"a redistrib file by URL: in the audit line"

# on a terminal: each archive's line redrawn in place
if script -qfec true /dev/null >/dev/null 2>&1; then
	R5=$(mk_sysroot); cleanup_later "$R5"
	TERM=xterm script -qfec "\"$CDS_BIN\" --root \"$R5\" --manifest \"$M\" \
		--mirror \"$NGX_URL/\" install --cuda 12.4.1 --cudnn none --yes" \
		"$T/typescript" >/dev/null 2>&1 </dev/null
	rc=$?
	is "$rc" 0 "on a terminal: exit 0"
	n=$(grep -c "$(printf '\033\\[K')" "$T/typescript")
	ok "$([ "$n" -gt 0 ] && echo 0 || echo 1)" \
		"on a terminal: lines redrawn in place (erase line)"
	# a line redrawn below the first starts with the cursor's move up
	like "$(tr '\r' '\n' <"$T/typescript" |
	    sed "s/$(printf '\033')\\[[0-9]*A//g")" \
		"^  cuda_cudart-linux-x86_64-12.4.127 +(downloading|unpacking|verifying) +[0-9.]+ (B|KiB) / [0-9.]+ (B|KiB)  ([0-9.]+ (B|KiB|MiB)/s|--)" \
		"on a terminal: archive, phase, bytes done of total"
	unlike "$(cat "$T/typescript")" "downloading https://" \
		"on a terminal: no plain download lines"
else
	skip 4 "script(1) cannot give a terminal here"
fi

done_testing
