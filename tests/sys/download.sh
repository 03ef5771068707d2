#!/bin/sh
# The data path against a real nginx with TLS from a test CA: archives of
# tiny real libraries in NVIDIA's layout are downloaded, hashed and
# unpacked in one pass (top directory stripped, soname links kept), kept in
# the cache, reused offline; a certificate that does not verify is
# CDS_ERR_TLS; CURL_CA_BUNDLE and SSL_CERT_FILE are honoured, and so is
# http_proxy; mirrors fail over; a .part from an earlier run is resumed
# with a Range request, and one that does not verify is fetched again; a
# damaged cache copy is fetched again; --jobs runs transfers at once;
# no more archives unpack at once than the cores (the affinity mask, a
# cgroup's CPU quota), the other downloads running ahead into the cache;
# cds_cancel() stops a transfer.  Driven through tests/tools/fetchtool.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
plan 59

FT=$CDS_BUILDDIR/tests/tools/fetchtool
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-dl-XXXXXX"); cleanup_later "$T"
MIR=$T/mirror
mirror "$MIR" -s 58 --https 'mka_cuda 12.4.1 cuda_cudart cuda_nvcc &&
    mka_cudnn 9.3.0.75 cuda12'

# ft ARGS...: run fetchtool; stdout in $OUT, stderr in $ERR, status $RC
ft() {
	run_tool "$FT" "$@"
}
# item SPEC for an archive of the mirror: DEST REL URL...
item() {
	_d=$1 _r=$2
	shift 2
	_s="$_d|$_r|$(mka_sha256 "$MIR/$_r")|$(mka_size "$MIR/$_r")"
	for _u in "$@"; do _s="$_s|$_u"; done
	printf '%s' "$_s"
}
CUDNN=cudnn/linux-x86_64/cudnn-linux-x86_64-9.3.0.75_cuda12-archive.tar.xz
CUDART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz
NVCC=cuda_nvcc/linux-x86_64/cuda_nvcc-linux-x86_64-12.4.131-archive.tar.xz

# --- the whole release from the https mirror, through the manifest ------
export CURL_CA_BUNDLE=$NGX_CA
ft --cache "$T/cache" --manifest "$M" \
	--release cudnn:9.3.0:cuda12 --dest "$T/o1" --mirror "$NGX_URL/"
is "$RC" 0 "cuDNN from the https mirror: success"
L=$T/o1/cudnn/lib
is "$(readlink "$L/libcudnn.so")" libcudnn.so.9 "top dir stripped, libcudnn.so -> libcudnn.so.9"
is "$(readlink "$L/libcudnn.so.9")" libcudnn.so.9.3.0 "libcudnn.so.9 -> libcudnn.so.9.3.0"
is "$(od -An -c -N4 "$L/libcudnn.so.9.3.0" | tr -d ' ')" '177ELF' "the real file is an ELF library"
like "$(readelf -d "$L/libcudnn_ops.so.9.3.0" 2>/dev/null)" 'SONAME.*libcudnn_ops\.so\.9' "its soname survives"
like "$(cat "$T/o1/cudnn/include/cudnn_version.h")" 'CUDNN_MINOR 3' "headers unpacked"
check "no top directory left" test ! -e "$T/o1/cudnn/cudnn-linux-x86_64-9.3.0.75_cuda12-archive"
is "$(mka_sha256 "$T/cache/$CUDNN")" "$(mka_sha256 "$MIR/$CUDNN")" "the archive is kept in the cache, verified"
check "no .part left" test ! -e "$T/cache/$CUDNN.part"
like "$OUT" "event DOWNLOAD_START name=cudnn-linux-x86_64-9.3.0.75_cuda12-archive.tar.xz url=$NGX_URL/$CUDNN size=[0-9]+ offset=0" "DOWNLOAD_START names the mirror URL"
like "$(echo "$OUT" | grep '^event' | cut -d' ' -f2 | tr '\n' ' ')" \
	'DOWNLOAD_START EXTRACT_START DOWNLOAD_DONE VERIFY_START VERIFY_DONE EXTRACT_DONE' \
	"events in order"

# --- offline, from the cache ---------------------------------------------
ft --offline --cache "$T/cache" --manifest "$M" \
	--release cudnn:9.3.0:cuda12 --dest "$T/o2"
is "$RC" 0 "offline from the cache: success"
unlike "$OUT" "DOWNLOAD_START" "offline: no download"
like "$OUT" "event VERIFY_START name=cudnn-linux-x86_64-9.3.0.75_cuda12-archive.tar.xz path=$T/cache/$CUDNN" "offline: verified from the cache"
check "offline: unpacked" test -L "$T/o2/cudnn/lib/libcudnn.so"
ft --offline --cache "$T/cache" --manifest "$M" \
	--release cuda:12.4.1 --dest "$T/o3"
is "$RC" 1 "offline with the archive missing: failure"
like "$OUT" "result -1 err=NOT_FOUND detail=.*$T/cache/cuda_.*-archive.tar.xz: not in the cache" "offline: names the missing file"

# --- TLS -----------------------------------------------------------------
unset CURL_CA_BUNDLE
ft "$(item "$T/o4" "$CUDART" "$NGX_URL/$CUDART")"
like "$OUT" "result -1 err=TLS detail=127\.0\.0\.1:$NGX_PORT: tls \(.*certificate" "a certificate from an unknown CA: CDS_ERR_TLS, naming the server"
like "$OUT" "event HOST_DOWN host=127\.0\.0\.1:$NGX_PORT url=$NGX_URL/$CUDART reason=5 err=TLS" \
	"the server is down for the run, said once with the reason (CDS_NET_TLS)"
is "$(ls -A "$T/o4")" "" "TLS failure: nothing unpacked"
CURL_CA_BUNDLE=$NGX_DIR/other-ca.pem ft "$(item "$T/o5" "$CUDART" "$NGX_URL/$CUDART")"
like "$OUT" "result -1 err=TLS" "CURL_CA_BUNDLE naming another CA: CDS_ERR_TLS"
SSL_CERT_FILE=$NGX_CA ft "$(item "$T/o6" "$CUDART" "$NGX_URL/$CUDART")"
is "$RC" 0 "SSL_CERT_FILE naming the test CA: success"
# a wrong host name: 127.0.0.2 is not in the certificate
CURL_CA_BUNDLE=$NGX_CA ft "$(item "$T/o7" "$CUDART" "$NGX_BADNAME_URL/$CUDART")"
like "$OUT" "result -1 err=TLS detail=.*127.0.0.2" "a certificate for another host name: CDS_ERR_TLS"
export CURL_CA_BUNDLE=$NGX_CA

# --- mirrors in turn -----------------------------------------------------
ft "$(item "$T/o8" "$CUDART" "$NGX_URL/nope/$CUDART" "$NGX_HTTP_URL/$CUDART")"
is "$RC" 0 "a 404 on the first mirror, the second serves: success"
is "$(echo "$OUT" | grep -c 'DOWNLOAD_START')" 2 "both URLs announced"
unlike "$OUT" "DOWNLOAD_RETRY" "a 404 is not retried"
ft "$(item "$T/o9" "$CUDART" "$NGX_URL/nope/$CUDART" "$NGX_URL/nope2/$CUDART")"
like "$OUT" "result -1 err=HTTP detail=.*nope/.*HTTP 404; .*nope2/.*HTTP 404" "every URL failed: both reasons named"

# --- resume a .part from an earlier run, with Range ------------------------
fault_start "$MIR" ok
SZ=$(mka_size "$MIR/$CUDNN")
HALF=$((SZ / 2))
mkdir -p "$T/c2/$(dirname "$CUDNN")"
head -c "$HALF" "$MIR/$CUDNN" >"$T/c2/$CUDNN.part"
ft --cache "$T/c2" "$(item "$T/o10" "$CUDNN" "$FAULT_URL/$CUDNN")"
is "$RC" 0 "a half .part is resumed: success"
like "$OUT" "DOWNLOAD_START .* offset=$HALF" "DOWNLOAD_START says where it resumes"
like "$(cat "$FAULT_LOG")" "GET /$CUDNN range=bytes=$HALF- status=206" "the server got a Range request from the .part's size"
is "$(mka_sha256 "$T/c2/$CUDNN")" "$(mka_sha256 "$MIR/$CUDNN")" "the resumed archive is whole in the cache"
check "and unpacked" test -f "$T/o10/lib/libcudnn.so.9.3.0"

# a .part of another file: it fails the digest, is dropped, fetched again
: >"$FAULT_LOG"
mkdir -p "$T/c2/$(dirname "$CUDART")"
head -c 100 /dev/urandom >"$T/c2/$CUDART.part"
ft --cache "$T/c2" "$(item "$T/o11" "$CUDART" "$FAULT_URL/$CUDART")"
is "$RC" 0 "a .part of other bytes: fetched again from zero, success"
like "$(cat "$FAULT_LOG")" "range=- status=200" "the second request starts at byte 0"
check "unpacked after the restart" test -f "$T/o11/lib/libcudart.so.12.4.127"

# a damaged complete copy in the cache is fetched again (byte 100 changed
# to another value: writing a fixed one left the copy whole whenever the
# archive, made anew each run, had that value there)
b=$(od -An -tu1 -j100 -N1 "$T/c2/$CUDNN" | tr -d ' ')
printf "\\$(printf %03o $(((b + 1) % 256)))" |
    dd of="$T/c2/$CUDNN" bs=1 seek=100 conv=notrunc 2>/dev/null
check "the cached copy is damaged" test "$(od -An -tu1 -j100 -N1 "$T/c2/$CUDNN" | tr -d ' ')" != "$b"
ft --cache "$T/c2" "$(item "$T/o12" "$CUDNN" "$FAULT_URL/$CUDNN")"
is "$RC" 0 "a damaged cached archive: fetched again, success"
like "$OUT" "VERIFY_DONE .*path=$T/c2/$CUDNN err=CHECKSUM" "the damaged copy failed its check"
is "$(mka_sha256 "$T/c2/$CUDNN")" "$(mka_sha256 "$MIR/$CUDNN")" "the cache holds the right bytes again"
fault_stop

# --- several at once -------------------------------------------------------
# (a server sending 2000 bytes a second: each transfer lasts a second or
# more; the second starts once the first has connected, its server's probe)
fault_start "$MIR" trickle:2000
ft --jobs 2 "$(item "$T/o13" "$CUDNN" "$FAULT_URL/$CUDNN")" \
	"$(item "$T/o14" "$CUDART" "$FAULT_URL/$CUDART")"
fault_stop
is "$RC" 0 "--jobs 2: success"
like "$(echo "$OUT" | grep '^event DOWNLOAD' | cut -d' ' -f2 | tr '\n' ' ')" \
	'^DOWNLOAD_START DOWNLOAD_START DOWNLOAD_DONE DOWNLOAD_DONE' "--jobs 2: both transfers start before either ends"
ft --jobs 1 "$(item "$T/o15" "$CUDNN" "$NGX_URL/$CUDNN")" \
	"$(item "$T/o16" "$CUDART" "$NGX_URL/$CUDART")"
like "$(echo "$OUT" | grep '^event DOWNLOAD' | cut -d' ' -f2 | tr '\n' ' ')" \
	'^DOWNLOAD_START DOWNLOAD_DONE DOWNLOAD_START DOWNLOAD_DONE' "--jobs 1: one after the other"

# --- http_proxy is honoured (libcurl reads it) -----------------------------
fault_start "$MIR" ok
http_proxy=$FAULT_URL ft "$(item "$T/o17" "$NVCC" "http://mirror.invalid/$NVCC")"
is "$RC" 0 "through http_proxy: success (the host name exists only for the proxy)"
like "$(cat "$FAULT_LOG")" "GET http://mirror.invalid/$NVCC" "the proxy got the request"
fault_stop

# --- two runs that share a cache never write one .part at once ---------------
mkdir -p "$T/c4/$(dirname "$CUDNN")"
: >"$T/c4/$CUDNN.part"
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "a")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(60)' "$T/c4/$CUDNN.part" "$T/locked" &
LP=$!
n=0
while [ ! -e "$T/locked" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
# a run that ends at once: the base of the cancel's bound below
t0=$(now)
ft --cache "$T/c4" "$(item "$T/o19" "$CUDNN" "$NGX_URL/$CUDNN")"
base=$(since "$t0")
kill $LP 2>/dev/null; wait $LP 2>/dev/null
like "$OUT" "result -1 err=LOCKED detail=.*$CUDNN.part: another process is downloading it" "a .part another run is writing: CDS_ERR_LOCKED"

# --- memory stays bounded whatever the archive's size -------------------------
# ~100 MB of text in one xz block (it packs ~10:1, inside the bomb bound)
mkdir -p "$T/rs/text-linux-x86_64-1-archive/lib"
seq 1 13000000 >"$T/rs/text-linux-x86_64-1-archive/lib/seq.txt"
TEXT=text/linux-x86_64/text-linux-x86_64-1-archive.tar.xz
XZ_FLAGS="-1 -T1" mka_pack "$T/rs/text-linux-x86_64-1-archive" "$MIR/$TEXT"
rm -rf "$T/rs"
ft --rss --jobs 1 --cache "$T/c5" "$(item "$T/o20" "$TEXT" "$NGX_URL/$TEXT")"
is "$RC" 0 "a $(($(mka_size "$MIR/$TEXT") / 1000000)) MB archive of 100 MB: success"
KB=$(echo "$OUT" | sed -n 's/^maxrss_kb=//p')
ok $(( ${KB:-999999} > 65536 )) "peak RSS $((${KB:-0} / 1024)) MiB, under 64 MiB"
is "$(wc -c <"$T/o20/lib/seq.txt")" 105888897 "every byte unpacked"
# one core: one archive unpacks at a time, the largest first, and the
# other's download runs ahead into the cache meanwhile (checked before it
# is unpacked from there)
taskset -c 0 "$FT" --cache "$T/c7" "$(item "$T/o21" "$CUDNN" "$NGX_URL/$CUDNN")" \
	"$(item "$T/o22" "$TEXT" "$NGX_URL/$TEXT")" >"$T/ev" 2>"$T/log" </dev/null
is "$?" 0 "one core, two archives: success"
like "$(cat "$T/log")" "2 archives, the largest first: up to 4 downloading and 1 unpacking at once" \
	"one core: one unpacking at a time (the affinity mask is read)"
like "$(sed -n 's/^event \([A-Z_]*\) name=\([a-z]*\).*/\1:\2/p' "$T/ev" | grep -v START | tr '\n' ' ')" \
	'DOWNLOAD_DONE:cudnn VERIFY_DONE:cudnn (.* )?EXTRACT_DONE:text EXTRACT_DONE:cudnn $' \
	"the smaller one is downloaded and verified while the larger unpacks, and unpacked after it"
is "$(wc -c <"$T/o22/lib/seq.txt")" 105888897 "the larger one unpacked"
check "the smaller one unpacked" test -L "$T/o21/lib/libcudnn.so"
rm -rf "$T/o21" "$T/o22" "$T/c7"
# ... but a decoder that has had every byte and waits on a slow server
# leaves its core to an archive already downloaded (2000 bytes a second:
# the larger takes seconds to come, the smaller unpacks meanwhile)
fault_start "$MIR" trickle:2000
taskset -c 0 "$FT" --cache "$T/c8" "$(item "$T/o25" "$CUDNN" "$FAULT_URL/$CUDNN")" \
	"$(item "$T/o26" "$CUDART" "$NGX_URL/$CUDART")" >"$T/ev" 2>"$T/log" </dev/null
rc=$?
fault_stop
is "$rc" 0 "one core, the larger archive trickling in: success"
like "$(sed -n 's/^event \([A-Z_]*\) name=\([a-z_]*\).*/\1:\2/p' "$T/ev" | grep -v START | tr '\n' ' ')" \
	'EXTRACT_DONE:cuda_cudart .*DOWNLOAD_DONE:cudnn .*EXTRACT_DONE:cudnn $' \
	"the smaller one is unpacked while the larger one trickles in"
rm -rf "$T/o25" "$T/o26" "$T/c8"
# a cgroup whose CPU quota is half a core: one unpacking at a time, however
# many cores the affinity mask allows (cgroup v1's cpu controller, or v2's
# at the top of the hierarchy; skipped where neither can be made)
cg=
if [ "$(nproc)" -lt 2 ]; then
	:
elif [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
	cg=/sys/fs/cgroup/cpu/cds-dl-test-$$
	{ mkdir "$cg" && echo 50000 >"$cg/cpu.cfs_quota_us"; } 2>/dev/null || cg=
elif grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null &&
	[ "$(sed -n 's/^0:://p' /proc/self/cgroup)" = / ]; then
	cg=/sys/fs/cgroup/cds-dl-test-$$
	{ mkdir "$cg" && echo "50000 100000" >"$cg/cpu.max"; } 2>/dev/null || cg=
fi
if [ -n "$cg" ]; then
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		"$FT" "$(item "$T/o23" "$CUDNN" "$NGX_URL/$CUDNN")" \
		"$(item "$T/o24" "$CUDART" "$NGX_URL/$CUDART")" >"$T/ev" 2>"$T/log" </dev/null
	like "$(cat "$T/log")" "2 archives, the largest first: up to 4 downloading and 1 unpacking at once" \
		"a CPU quota of half a core on $(nproc) cores: one unpacking at a time"
	rmdir "$cg"
else
	skip 1 "no cgroup with a CPU quota can be made here (root, cgroup v1's cpu or v2 at the top, 2 cores)"
fi
rm -rf "$T/o20" "$T/c5" "$MIR/$TEXT"

# --- cancel ------------------------------------------------------------------
fault_start "$MIR" stall:1000
t0=$(now)
ft --cancel-after 1000 --cache "$T/c3" "$(item "$T/o18" "$CUDNN" "$FAULT_URL/$CUDNN")"
el=$(since "$t0")
like "$OUT" "result -1 err=CANCELLED" "cds_cancel() during a transfer: CDS_ERR_CANCELLED"
within "cancel takes effect at once" "$el" 5 "$base"
is "$(mka_size "$T/c3/$CUDNN.part")" 1000 "the .part keeps what came, for next time"
fault_stop

done_testing
