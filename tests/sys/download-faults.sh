#!/bin/sh
# Downloads from a server that misbehaves (tests/fixtures/faultserver.py):
# a connection dropped mid-way is resumed with Range (and the 206 is
# checked); a stalled server ends in CDS_ERR_NETWORK after 3 timed-out
# attempts; 404 is not retried, 500 is retried with backoff 1 s, 2 s; an
# HTML page with status 200 is refused before anything is unpacked and the
# next mirror is used; a server that ignores Range has its first bytes
# compared with the .part (and a mismatch restarts from zero); a wrong
# Content-Range, a short file, a size overrun, changed bytes and a digest
# mismatch each end in a clear error, with the bad .part deleted and
# nothing cached; a refused connection is not retried (the server is down
# for the run, said once).  Driven through tests/tools/fetchtool.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
plan 57

FT=$CDS_BUILDDIR/tests/tools/fetchtool
if ! have_python; then
	skip 57 "python3 missing"
	done_testing
fi
unset CURL_CA_BUNDLE SSL_CERT_FILE http_proxy https_proxy ALL_PROXY \
	all_proxy
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-dlf-XXXXXX"); cleanup_later "$T"
M=$T/mirror
mkdir -p "$M"

# A 3 MiB archive in NVIDIA's layout (random bytes: it stays 3 MiB).
mkdir -p "$T/stage/big-linux-x86_64-1.0-archive/lib"
head -c 3145728 /dev/urandom >"$T/stage/big-linux-x86_64-1.0-archive/lib/libbig.so.1.0"
ln -s libbig.so.1.0 "$T/stage/big-linux-x86_64-1.0-archive/lib/libbig.so.1"
echo license >"$T/stage/big-linux-x86_64-1.0-archive/LICENSE"
BIG=big/linux-x86_64/big-linux-x86_64-1.0-archive.tar.xz
XZ_FLAGS=-0 mka_pack "$T/stage/big-linux-x86_64-1.0-archive" "$M/$BIG"
SZ=$(mka_size "$M/$BIG")
SHA=$(mka_sha256 "$M/$BIG")
# and another one
mkdir -p "$T/stage/other-archive/lib"
echo other >"$T/stage/other-archive/lib/other"
OTHER=other/other-archive.tar.xz
mka_pack "$T/stage/other-archive" "$M/$OTHER"

ft() {
	run_tool "$FT" "$@"
}
# big DEST URL...: the big archive's item spec
big() {
	_s="$1|$BIG|$SHA|$SZ"
	shift
	for _u in "$@"; do _s="$_s|$_u"; done
	printf '%s' "$_s"
}
nreq() { grep -c "$1" "$FAULT_LOG"; }
whole() { test "$(mka_sha256 "$1")" = "$SHA"; }

# --- a dropped connection is resumed ---------------------------------------
fault_start "$M" drop:100000
t0=$(now)
ft --cache "$T/c1" "$(big "$T/o1" "$FAULT_URL/$BIG")"
# a whole download, unpacked: the base of the stall's bound below
base=$(since "$t0")
is "$RC" 0 "dropped after 100000 bytes: resumed, success"
like "$(cat "$FAULT_LOG")" "range=bytes=100000- status=206" "the retry asked for the rest with Range"
like "$OUT" "DOWNLOAD_RETRY .* err=NETWORK http=200 delay_ms=0" "the retry after progress is immediate"
check "the cached archive is whole" whole "$T/c1/$BIG"
check "and unpacked" test -L "$T/o1/lib/libbig.so.1"
is "$(mka_sha256 "$T/o1/lib/libbig.so.1.0")" \
	"$(mka_sha256 "$T/stage/big-linux-x86_64-1.0-archive/lib/libbig.so.1.0")" \
	"the unpacked file is byte for byte the packed one"
fault_stop

fault_start "$M" dropall:700000
ft --cache "$T/c2" "$(big "$T/o2" "$FAULT_URL/$BIG")"
is "$RC" 0 "every response dropped after 700000 bytes: success"
ok $(( $(nreq "status=206") < 4 )) "it took $(nreq 'status=') requests, resuming each time"
check "the cached archive is whole" whole "$T/c2/$BIG"
fault_stop

# --- a stalled server --------------------------------------------------------
fault_start "$M" stall:1000
t0=$(now)
ft --timeout 1 --cache "$T/c3" "$(big "$T/o3" "$FAULT_URL/$BIG")"
el=$(since "$t0")
like "$OUT" "result -1 err=NETWORK detail=.*$FAULT_URL/$BIG: no data for 1 s" "a stall: CDS_ERR_NETWORK naming the timeout"
is "$(nreq 'GET')" 3 "three attempts"
like "$(echo "$OUT" | grep RETRY | sed 's/.*delay_ms=//' | tr '\n' ' ')" '^1000 2000 $' "backoff 1 s then 2 s"
within "it gave up in time" "$el" 12 "$base"
is "$(mka_size "$T/c3/$BIG.part")" 3000 "each attempt resumed where the last stopped; the .part keeps it"
fault_stop

# --- HTTP errors ----------------------------------------------------------------
fault_start "$M" 404
ft "$(big "$T/o4" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=HTTP detail=.*$FAULT_URL/$BIG: HTTP 404" "404: CDS_ERR_HTTP naming the URL"
is "$(nreq 'GET')" 1 "404 is not retried"
fault_stop

fault_start "$M" 500
t0=$(date +%s)
ft "$(big "$T/o5" "$FAULT_URL/$BIG")"
t1=$(date +%s)
like "$OUT" "result -1 err=HTTP detail=.*HTTP 500" "500: CDS_ERR_HTTP"
is "$(nreq 'status=500')" 3 "500 is tried three times"
like "$(echo "$OUT" | grep RETRY | sed 's/.*http=//' | tr '\n' ' ')" '^500 delay_ms=1000 500 delay_ms=2000 $' "RETRY events carry the status and the delay"
ok $(( t1 - t0 < 3 )) "the backoff was waited ($((t1 - t0)) s)"
is "$(ls -A "$T/o5")" "" "nothing unpacked"
fault_stop

fault_start "$M" fail:2
ft --cache "$T/c6" "$(big "$T/o6" "$FAULT_URL/$BIG")"
is "$RC" 0 "two 500s, then the file: success"
check "the cached archive is whole" whole "$T/c6/$BIG"
fault_stop

# --- an HTML page with status 200 ------------------------------------------------
fault_start "$M" html
ft --cache "$T/c7" "$(big "$T/o7" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=HTTP detail=.*$FAULT_URL/$BIG: the body is not a xz archive \(text/html" "HTML with 200: refused, naming what came"
is "$(ls -A "$T/o7")" "" "nothing unpacked from it"
check "nothing cached" test ! -e "$T/c7/$BIG"
is "$(nreq 'GET')" 1 "an HTML page is not retried on the same URL"
# with a second mirror that serves the file
H=$FAULT_URL
fault_start "$M" ok
G=$FAULT_URL
ft --cache "$T/c8" "$(big "$T/o8" "$H/$BIG" "$G/$BIG")"
is "$RC" 0 "HTML on the first mirror, the file on the second: success"
check "the cached archive is whole" whole "$T/c8/$BIG"
fault_stop

# --- Range ignored ---------------------------------------------------------------
fault_start "$M" norange
mkdir -p "$T/c9/$(dirname "$BIG")"
head -c 500000 "$M/$BIG" >"$T/c9/$BIG.part"
ft --cache "$T/c9" "$(big "$T/o9" "$FAULT_URL/$BIG")"
is "$RC" 0 "a server that ignores Range: success"
like "$(cat "$FAULT_LOG")" "range=bytes=500000- status=200" "it answered the Range request with 200"
check "the cached archive is whole" whole "$T/c9/$BIG"
# ... and an old .part with other bytes: the comparison fails, from zero
: >"$FAULT_LOG"
head -c 500000 /dev/urandom >"$T/c9/$BIG.part"
rm -f "$T/c9/$BIG"
ft --cache "$T/c9" "$(big "$T/o10" "$FAULT_URL/$BIG")"
is "$RC" 0 "Range ignored and the .part differs: fetched again, success"
is "$(nreq 'GET')" 2 "two requests: the compared one, then from zero"
check "the cached archive is whole" whole "$T/c9/$BIG"
check "unpacked after the restart" test -L "$T/o10/lib/libbig.so.1"
fault_stop

fault_start "$M" badrange
head -c 500000 "$M/$BIG" >"$T/c9/$BIG.part"
rm -f "$T/c9/$BIG"
ft --cache "$T/c9" "$(big "$T/o11" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=HTTP detail=.*wrong Content-Range" "206 with a Content-Range at the wrong offset: refused"
fault_stop

# --- sizes ------------------------------------------------------------------------
fault_start "$M" truncate:1000
ft --cache "$T/c12" "$(big "$T/o12" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=SIZE detail=.*offers 1000 bytes, the manifest says $SZ" "a short file: CDS_ERR_SIZE before any byte"
check "no .part" test ! -e "$T/c12/$BIG.part" -o ! -s "$T/c12/$BIG.part"
fault_stop

fault_start "$M" overrun:20000000
ft --cache "$T/c13" "$(big "$T/o13" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=SIZE detail=.*more than the $SZ bytes the manifest gives" "more bytes than the manifest: CDS_ERR_SIZE"
check "the .part is deleted" test ! -e "$T/c13/$BIG.part"
check "nothing cached" test ! -e "$T/c13/$BIG"
fault_stop

# --- wrong bytes ------------------------------------------------------------------
fault_start "$M" wrong
ft --cache "$T/c14" "$(big "$T/o14" "$FAULT_URL/$BIG")"
like "$OUT" "result -1 err=CHECKSUM detail=$(basename "$BIG"): SHA-256 is [0-9a-f]{64}, the manifest says $SHA" "changed bytes: CDS_ERR_CHECKSUM with both digests"
like "$OUT" "VERIFY_DONE .* err=CHECKSUM" "VERIFY_DONE carries the error"
check "the .part is deleted" test ! -e "$T/c14/$BIG.part"
check "nothing cached" test ! -e "$T/c14/$BIG"
fault_stop

# a valid archive, not the one the manifest pins
fault_start "$M" ok
ft --cache "$T/c15" "$T/o15|$OTHER|$SHA|$(mka_size "$M/$OTHER")|$FAULT_URL/$OTHER"
like "$OUT" "result -1 err=CHECKSUM detail=other-archive.tar.xz: SHA-256 is $(mka_sha256 "$M/$OTHER"), the manifest says $SHA" "another valid archive: CDS_ERR_CHECKSUM"
check "nothing cached" test ! -e "$T/c15/$OTHER"
check "no .part" test ! -e "$T/c15/$OTHER.part"
# the manifest's size is smaller than the file
ft --cache "$T/c16" "$T/o16|$BIG|$SHA|1000|$FAULT_URL/$BIG"
like "$OUT" "result -1 err=SIZE detail=.*offers $SZ bytes, the manifest says 1000" "size differs from the manifest: CDS_ERR_SIZE"
fault_stop

# --- no server at all ------------------------------------------------------------
P=$(free_port)
ft "$(big "$T/o17" "http://127.0.0.1:$P/$BIG")"
like "$OUT" "result -1 err=NETWORK detail=127\.0\.0\.1:$P: refused \(.*onnect" "connection refused: CDS_ERR_NETWORK, naming the server and why"
is "$(echo "$OUT" | grep -c RETRY)" 0 "a refused connection is the server's answer: not retried"
like "$OUT" "event HOST_DOWN host=127\.0\.0\.1:$P url=http://127\.0\.0\.1:$P/$BIG reason=3 err=NETWORK" \
	"the server is down for the run (CDS_NET_REFUSED)"
unlike "$OUT" "EXTRACT_START" "an archive that never came is never said to be unpacking"
like "$OUT" "event EXTRACT_DONE name=big-linux-x86_64-1.0-archive.tar.xz .* err=NETWORK" \
	"its end is said, failed"

# file:// URLs work too, resumed from a .part
mkdir -p "$T/c18/$(dirname "$BIG")"
head -c 123456 "$M/$BIG" >"$T/c18/$BIG.part"
ft --cache "$T/c18" "$(big "$T/o18" "file://$M/$BIG")"
is "$RC" 0 "file:// URL with a .part: success"
check "the cached archive is whole" whole "$T/c18/$BIG"

done_testing
