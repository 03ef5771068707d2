#!/bin/sh
# install's --timeout and --memlimit, for real.  --timeout 1 against a
# server that sends a few bytes and then nothing (tests/fixtures/
# faultserver.py, stall mode): three attempts of about a second, then the
# next URL; exit 3 in seconds, not the minute the default 15 s takes, with
# a message naming the URL and the timeout, and no tree, link, receipt or
# staging left in the prefix.  A manifest fetched by URL from that server
# gives up as fast.  Bad values of either option are exit 2 naming the
# option, before anything is made.  --memlimit: a multi-block archive in
# NVIDIA's layout (xz -T2 --block-size=16MiB, ~47 MB unpacked) installed
# with the default limit (256 MiB) and with --memlimit 1MiB unpacks the
# same tree; by default its blocks go to liblzma's threaded decoder (which
# then holds more than a block), with 1 MiB no block fits on a thread and
# liblzma's single-threaded decoder takes the archive (--verbose says so,
# and what it held: less than a block) and the peak RSS (/usr/bin/time) is
# lower by more than a block; a 24 MiB limit keeps the threaded decoder
# within it (one block at a time).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
plan 41

if ! have_python; then
	skip 40 "python3 missing"
	done_testing
fi
unset CURL_CA_BUNDLE SSL_CERT_FILE SSL_CERT_DIR http_proxy https_proxy \
	HTTPS_PROXY ALL_PROXY all_proxy NO_PROXY no_proxy
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-opts-XXXXXX"); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
# CUDA 12.4.1: one small archive; CUDA 12.6.3: libcublas (its real version
# from NVIDIA's file) with ~47 MB of text besides its library, in blocks of
# 16 MiB that the threaded decoder can share out
VBLAS=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["libcublas"]["version"])' \
	"$CDS_DATADIR/manifests/nvidia/cuda_redistrib_12.6.3.json")
S=$T/stage/libcublas-linux-x86_64-$VBLAS-archive
mirror "$T/mirror" 'mka_cuda 12.4.1 cuda_cudart &&
	mka_tree "$S" libcublas "$VBLAS" && mkdir -p "$S/share" &&
	seq 1 6000000 >"$S/share/seq.txt" &&
	BIG=$(XZ_FLAGS="-1 -T2 --block-size=16MiB" \
		mka_packdir libcublas "$VBLAS" -- "$S") &&
	mka_release_cuda 12.6.3 libcublas'

# --- bad values: exit 2, naming the option, nothing made ----------------------
R=$(mk_sysroot); cleanup_later "$R"
for v in 0 abc 99999 -5 1.5; do
	cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
		install --cuda 12.4.1 --cudnn none --yes --timeout "$v"
	is "$RC:$(printf '%s' "$ERR" | grep -c -- "--timeout $v: must be a number of seconds from 1 to 3600")" \
		"2:1" "--timeout $v: exit 2, the option and its range named"
done
for v in 512K 17GiB 0; do
	cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
		install --cuda 12.4.1 --cudnn none --yes --memlimit "$v"
	is "$RC:$(printf '%s' "$ERR" | grep -c -- "--memlimit $v: must be from 1 MiB to 16 GiB")" \
		"2:1" "--memlimit $v: exit 2, the range named"
done
for v in abc 64XB 12MiBs; do
	cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
		install --cuda 12.4.1 --cudnn none --yes --memlimit "$v"
	is "$RC:$(printf '%s' "$ERR" | grep -c -- "--memlimit $v: not a size")" \
		"2:1" "--memlimit $v: exit 2, not a size"
done
check "bad values: nothing made under the root" test ! -e "$R/opt"
cds --root "$R" --manifest "$M" --timeout 7 --memlimit 64MiB list
is "$RC" 0 "both are global options (list takes them)"

# --- a stalled server, --timeout 1 ------------------------------------------------
fault_start "$T/mirror" stall:100
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
CUDART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz
# the work around the downloads, without them: the base of the bounds
t0=$(now)
cds --root "$R" --manifest "$M" plan --cuda 12.4.1 --cudnn none
base=$(since "$t0")
t0=$(now)
cds --root "$R" --manifest "$M" --mirror "$FAULT_URL/" install \
	--cuda 12.4.1 --cudnn none --yes --timeout 1
el=$(since "$t0")
is "$RC" 3 "a stalled server with --timeout 1: exit 3"
like "$ERR" "error: .*$FAULT_URL/$CUDART: no data for 1 s" \
	"the message names the URL and the timeout"
is "$(grep -c "GET /$CUDART" "$FAULT_LOG")" 3 \
	"three attempts on the stalled server"
# 3 x 1 s of silence, backoff 1 s + 2 s, then the index's own base URL
# (refused at once, backoff 1 s + 2 s): about 9 s; 15 s each would be 45
within "it gave up in time" "$el" 25 "$base"
check "no tree" test ! -e "$P/cuda-12.4.1"
check "no default link" test ! -e "$P/cuda" -a ! -L "$P/cuda"
is "$(ls -A "$P/.state/staging" 2>/dev/null)" "" "no staging left"
is "$(ls -A "$P/.state/receipts" 2>/dev/null)" "" "no receipt"

# the manifest itself by URL from the stalled server
asked=$(grep -c "GET /index.json" "$FAULT_LOG")
t0=$(now)
cds --root "$R" --manifest "$FAULT_URL/index.json" plan --cuda 12.4.1 \
	--cudnn none --timeout 2
el=$(since "$t0")
is "$RC" 3 "a manifest URL that stalls, --timeout 2: exit 3"
like "$ERR" "error: .*$FAULT_URL/index.json: no data for 2 s" \
	"the message names the manifest's URL and the timeout"
# one wait of 2 s: plan reads the manifest twice (its plan, then the
# findings), and a URL that did not answer is not asked again
is "$(($(grep -c "GET /index.json" "$FAULT_LOG") - asked))" 1 \
	"the manifest's URL asked once in the run"
within "it gave up in time" "$el" 4 "$base"
fault_stop

# --- --memlimit --------------------------------------------------------------------
if [ ! -x /usr/bin/time ]; then
	skip 16 "/usr/bin/time is not installed"
	done_testing
fi
if [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -lt 2 ]; then
	skip 16 "one core: the decoder would use one thread either way"
	done_testing
fi
# a sanitizer build (configure --enable-debug) has its own memory
# overheads: only the comparison holds there, not the ceilings
ceilings=1
if ldd "$CDS_BIN" 2>/dev/null | grep -q 'libasan'; then
	ceilings=0
fi
# inst NAME [ARGS...]: install 12.6.3 offline into a new root with ARGS;
# peak RSS in kB in $RSS, the decoder's log line in $DEC, the root in $RR
inst() {
	RR=$(mk_sysroot); cleanup_later "$RR"
	_n=$1
	shift
	/usr/bin/time -f %M -o "$T/$_n.rss" "$CDS_BIN" --root "$RR" \
		--manifest "$M" --offline --cache "$T/mirror" --verbose \
		install --cuda 12.6.3 --cudnn none --yes "$@" \
		>"$T/$_n.out" 2>"$T/$_n.err" </dev/null
	RC=$?
	RSS=$(tail -n 1 "$T/$_n.rss")
	DEC=$(grep 'xz decoder' "$T/$_n.err")
	diag "$_n: $DEC"
	grep -E 'Sanitizer|runtime error' "$T/$_n.err" | sed 's/^/# /'
}
# held LINE: the MiB the decoder held, as an integer
held() { printf '%s\n' "$1" | sed -n 's/.* held \([0-9]*\)\.[0-9] MiB.*/\1/p'; }

inst default
is "$RC" 0 "the multi-block archive, default limit: exit 0"
RD=$RR RSS_D=$RSS
like "$DEC" "$(basename "$BIG"): xz decoder: threaded, up to [0-9]+ threads \(one per core\), 1[6-9]\.[0-9] MiB a block, within 256\.0 MiB; held [0-9.]+ MiB at most" \
	"--verbose: the decoder, its threads, a block's memory, the limit and what it held"
HD=$(held "$DEC")
ok $(( ${HD:-0} <= 16 || HD > 256 )) \
	"default: the decoder held ${HD} MiB, more than a 16 MiB block (threads), within 256"

inst small --memlimit 1MiB
is "$RC" 0 "--memlimit 1MiB: exit 0"
RS=$RR RSS_S=$RSS
like "$DEC" "xz decoder: one thread: a block needs 1[6-9]\.[0-9] MiB on a thread, more than the 1\.0 MiB limit" \
	"--memlimit reaches the decoder: no block fits on a thread, one thread for all"
HS=$(held "$DEC")
ok $(( ${HS:-99} >= 16 )) \
	"1 MiB: the decoder held ${HS} MiB, less than a block (one thread)"
is "$(tree_hash "$RS/opt/nvidia/cuda-12.6.3" content)" \
	"$(tree_hash "$RD/opt/nvidia/cuda-12.6.3" content)" \
	"both unpacked the same tree"
check "byte for byte the packed text" \
	cmp "$S/share/seq.txt" "$RS/opt/nvidia/cuda-12.6.3/share/seq.txt"
ok $(( ${RSS_D:-0} - ${RSS_S:-0} < 16384 )) \
	"peak RSS $((${RSS_S:-0} / 1024)) MiB with 1 MiB, $((${RSS_D:-0} / 1024)) MiB by default: lower by more than a block"
if [ $ceilings -eq 1 ]; then
	ok $(( ${RSS_S:-999999} > 65536 )) \
		"single-threaded peak RSS under 64 MiB ($((${RSS_S:-0} / 1024)) MiB)"
	ok $(( ${RSS_D:-999999} > 327680 )) \
		"default peak RSS under 256 + 64 MiB ($((${RSS_D:-0} / 1024)) MiB)"
else
	skip 2 "a sanitizer build: no RSS ceilings"
fi

inst mid --memlimit 24MiB
is "$RC" 0 "--memlimit 24MiB: exit 0"
like "$DEC" "xz decoder: threaded, .* within 24\.0 MiB" \
	"24 MiB: one block fits, the threaded decoder"
HM=$(held "$DEC")
ok $(( ${HM:-99} >= 24 || HM < 16 )) \
	"24 MiB: the decoder held ${HM} MiB, a block on one worker, within the limit"
is "$(tree_hash "$RR/opt/nvidia/cuda-12.6.3" content)" \
	"$(tree_hash "$RD/opt/nvidia/cuda-12.6.3" content)" \
	"and the same tree"
out=$(prefix_check "$RS/opt/nvidia")
ok $? "the 1 MiB install matches its receipt"

done_testing
