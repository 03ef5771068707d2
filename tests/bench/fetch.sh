#!/bin/sh
# tests/bench/fetch.sh - how fast is the data path next to the plain tools?
# Run by hand (`make bench-fetch`, or with CDS_SRCDIR and CDS_BUILDDIR set);
# not part of `make check`, not pass/fail.  Needs nginx, openssl, python3,
# curl, xz, tar, sha256sum and /usr/bin/time.
#
# It builds one archive in NVIDIA's layout, ~500 MB unpacked (copies of the
# large real libraries in /usr/local/cuda/lib64 when there, else random
# bytes and text), packed twice: as one xz block (`xz -T1`) and as many
# (`xz -T2`).  nginx serves both over https on 127.0.0.1.  Then, each
# timing the best of BENCH_RUNS runs (default 3), with files in the page
# cache:
#   user  curl -O && sha256sum -c && tar -xJf      (what people do now)
#   ours  download + SHA-256 + unpack in one pass  (tests/unit/fetch-test,
#         one archive, --jobs 1, the cache written as an install does)
#   floor xz -dc >/dev/null (single block); xz -T0 -dc >/dev/null (multi)
# and prints ours/user (goal <= 0.75), ours/floor single-block (<= 1.05),
# ours/floor multi-block (<= 1.1), and ours' peak RSS (goal <= 64 MiB on
# the single-block archive; threaded decoding stays under --memlimit,
# default 256 MiB).  Everything lives in one temp dir, removed at the end.
#
# BENCH_MB (default 500) sets the unpacked size, BENCH_XZ (default -6) the
# xz preset, BENCH_RUNS the repetitions.  BENCH_DATA=DIR keeps the two
# archives in DIR and reuses them next time (packing 500 MB takes minutes).
set -u
: "${CDS_SRCDIR:?set CDS_SRCDIR to the source tree}"
: "${CDS_BUILDDIR:=$CDS_SRCDIR}"
export CDS_SRCDIR
FT=$CDS_BUILDDIR/tests/unit/fetch-test
MB=${BENCH_MB:-500}
XZP=${BENCH_XZ:--6}
RUNS=${BENCH_RUNS:-3}
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"

for t in curl xz tar sha256sum /usr/bin/time; do
	command -v "$t" >/dev/null 2>&1 || { echo "bench: $t missing" >&2; exit 2; }
done
have_nginx || { echo "bench: nginx/openssl/python3 missing" >&2; exit 2; }
[ -x "$FT" ] || { echo "bench: build $FT first (make check or make tests/unit/fetch-test)" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
cleanup() { fix_stop_all; rm -rf "$W"; }
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

TOP=cudnn-linux-x86_64-9.99.0.0_cuda12-archive
REL1=cudnn/linux-x86_64/$TOP.tar.xz
REL2=cudnn/linux-x86_64/multi-$TOP.tar.xz
mkdir -p "$W/www/cudnn/linux-x86_64"
if [ -n "${BENCH_DATA:-}" ] && [ -f "$BENCH_DATA/$(basename "$REL1")" ] &&
	[ -f "$BENCH_DATA/$(basename "$REL2")" ]; then
	echo "bench: reusing the archives in $BENCH_DATA" >&2
	ln -s "$BENCH_DATA/$(basename "$REL1")" "$W/www/$REL1"
	ln -s "$BENCH_DATA/$(basename "$REL2")" "$W/www/$REL2"
	UNPACKED=$(xz -l --robot "$W/www/$REL1" | awk '$1 == "totals" { print $5 }')
else
S=$W/stage/$TOP
mkdir -p "$S/lib" "$S/include"
echo "bench: building ~$MB MB of data in $W" >&2
want=$((MB * 1000000))
have=0
L=/usr/local/cuda/lib64
for f in libcudnn_engines_precompiled.so.9 libcusparse.so.12 \
	libcudnn_adv.so.9 libnvrtc.so.13 libcublasLt.so.13 libcufft.so.12 \
	libcudnn_ops.so.9 libcudnn_engines_runtime_compiled.so.9; do
	[ -f "$L/$f" ] || continue
	[ "$have" -ge "$want" ] && break
	sz=$(stat -Lc %s "$L/$f")
	if [ $((have + sz)) -gt $((want + want / 10)) ]; then
		head -c $((want - have)) "$L/$f" >"$S/lib/$f"
		sz=$((want - have))
	else
		cp -L "$L/$f" "$S/lib/$f"
	fi
	have=$((have + sz))
done
if [ "$have" -lt "$want" ]; then
	# no CUDA here: half random (stored), half text (compresses)
	left=$((want - have))
	head -c $((left / 2)) /dev/urandom >"$S/lib/libbench_random.so.1"
	head -c $((left / 2 * 3 / 4)) /dev/urandom | base64 >"$S/lib/libbench_text.so.1"
fi
cp /usr/local/cuda/include/cudnn*.h "$S/include/" 2>/dev/null ||
	echo '#define CUDNN_MAJOR 9' >"$S/include/cudnn_version.h"
echo "bench license" >"$S/LICENSE"
UNPACKED=$(du -sb "$S" | cut -f1)

echo "bench: xz $XZP, one block (slow: one core)" >&2
(cd "$W/stage" && tar -cf - "$TOP") | xz $XZP -T1 -c >"$W/www/$REL1"
echo "bench: xz $XZP -T2, many blocks" >&2
(cd "$W/stage" && tar -cf - "$TOP") | xz $XZP -T2 -c >"$W/www/$REL2"
rm -rf "$W/stage"
if [ -n "${BENCH_DATA:-}" ]; then
	mkdir -p "$BENCH_DATA"
	mv "$W/www/$REL1" "$W/www/$REL2" "$BENCH_DATA/"
	ln -s "$BENCH_DATA/$(basename "$REL1")" "$W/www/$REL1"
	ln -s "$BENCH_DATA/$(basename "$REL2")" "$W/www/$REL2"
fi
fi
blocks() { xz -l --robot "$1" | awk '$1 == "totals" { print $3 }'; }
SZ1=$(stat -Lc %s "$W/www/$REL1") SHA1=$(sha256sum "$W/www/$REL1" | cut -d' ' -f1)
SZ2=$(stat -Lc %s "$W/www/$REL2") SHA2=$(sha256sum "$W/www/$REL2" | cut -d' ' -f1)

ngx_start "$W/www" || exit 1
export CURL_CA_BUNDLE=$NGX_CA

# best TIME and its RSS over RUNS runs of a command; PREP runs before each
# best_of PREP CMD: sets BEST (seconds) and RSS (KiB)
best_of() {
	BEST="" RSS=""
	_i=0
	while [ $_i -lt "$RUNS" ]; do
		sh -c "$1"
		cat "$W/www/$REL1" "$W/www/$REL2" >/dev/null
		/usr/bin/time -f "%e %M" -o "$W/time" sh -c "$2" \
			>"$W/out" 2>&1 || { echo "bench: failed: $2" >&2; cat "$W/out" >&2; exit 1; }
		read -r _t _m <"$W/time"
		if [ -z "$BEST" ] ||
			awk -v a="$_t" -v b="$BEST" 'BEGIN { exit !(a < b) }'; then
			BEST=$_t RSS=$_m
		fi
		_i=$((_i + 1))
	done
}
clean_out="rm -rf '$W/out1' '$W/cache' '$W/dl.tar.xz'; mkdir -p '$W/out1'"

best_of "$clean_out" "curl -sS -o '$W/dl.tar.xz' '$NGX_URL/$REL1' && echo '$SHA1  $W/dl.tar.xz' | sha256sum -c --quiet && tar -xJf '$W/dl.tar.xz' -C '$W/out1'"
T_USER=$BEST
best_of "$clean_out" "xz -dc '$W/www/$REL1' >/dev/null"
T_FLOOR1=$BEST
best_of "$clean_out" "xz -T0 -dc '$W/www/$REL2' >/dev/null"
T_FLOOR2=$BEST
# ours; each time the unpacked tree must equal tar's
rm -rf "$W/ref" && mkdir -p "$W/ref" && tar -xJf "$W/www/$REL1" -C "$W/ref"
SAME=yes
best_of "$clean_out" "'$FT' --jobs 1 --cache '$W/cache' '$W/out1|$REL1|$SHA1|$SZ1|$NGX_URL/$REL1'"
T_OURS1=$BEST RSS1=$RSS
diff -r "$W/out1" "$W/ref/$TOP" >/dev/null || SAME=NO
best_of "$clean_out" "'$FT' --jobs 1 --cache '$W/cache' '$W/out1|$REL2|$SHA2|$SZ2|$NGX_URL/$REL2'"
T_OURS2=$BEST RSS2=$RSS
diff -r "$W/out1" "$W/ref/$TOP" >/dev/null || SAME=NO
rm -rf "$W/ref" "$W/out1"

python3 - "$T_USER" "$T_OURS1" "$T_FLOOR1" "$T_OURS2" "$T_FLOOR2" \
	"$RSS1" "$RSS2" "$SZ1" "$SZ2" "$UNPACKED" "$(blocks "$W/www/$REL1")" \
	"$(blocks "$W/www/$REL2")" "$(nproc)" "$RUNS" "$SAME" "$XZP" <<'PY'
import sys
(tu, o1, f1, o2, f2) = map(float, sys.argv[1:6])
rss1, rss2, sz1, sz2, unp, b1, b2, ncpu, runs = map(int, sys.argv[6:15])
same, xzp = sys.argv[15], sys.argv[16]
mb = lambda n: n / 1e6
print("data path benchmark: %d CPUs, best of %d runs, xz %s" % (ncpu, runs, xzp))
print("  archive: %.0f MB unpacked; %.0f MB in %d block(s), %.0f MB in %d blocks"
      % (mb(unp), mb(sz1), b1, mb(sz2), b2))
print("  %-52s %7.2f s" % ("user: curl -O && sha256sum -c && tar -xJf", tu))
print("  %-52s %7.2f s" % ("ours, single block", o1))
print("  %-52s %7.2f s" % ("floor: xz -dc >/dev/null, single block", f1))
print("  %-52s %7.2f s" % ("ours, multi-block (threaded liblzma)", o2))
print("  %-52s %7.2f s" % ("floor: xz -T0 -dc >/dev/null, multi-block", f2))
def row(name, v, goal):
    print("  %-40s %6.2f  goal <= %.2f  %s" % (name, v, goal,
          "met" if v <= goal else "MISSED"))
print("ratios:")
row("ours / user (single block)", o1 / tu, 0.75)
row("ours / xz -dc (single block)", o1 / f1, 1.05)
row("ours / xz -T0 -dc (multi-block)", o2 / f2, 1.10)
print("peak RSS:")
print("  %-40s %6.1f MiB  goal <= 64 MiB  %s" % ("ours, single block", rss1 / 1024,
      "met" if rss1 <= 64 * 1024 else "MISSED"))
print("  %-40s %6.1f MiB  (memlimit 256 MiB)" % ("ours, multi-block, threaded", rss2 / 1024))
print("unpacked tree identical to tar's: %s" % same)
PY
