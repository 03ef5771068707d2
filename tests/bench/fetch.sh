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
#   user  curl -O && sha256sum -c && tar -xJf      (what people do now,
#         on each archive)
#   ours  download + SHA-256 + unpack in one pass  (tests/tools/fetchtool,
#         one archive, --jobs 1, the cache written as an install does)
#   floor xz -dc >/dev/null (single block); xz -T0 -dc >/dev/null (multi)
# The floor is xz(1) of the liblzma the program decodes with (the script
# prints both libraries and whether they are the same file): ours decodes
# with that liblzma too, so the ratios show what the pipeline adds or
# saves around it.  It prints ours/user (goal <= 0.75) for each archive,
# ours/floor single-block (<= 1.05), ours/floor multi-block (<= 1.1), wall
# and CPU seconds of each, the decoder each archive had (--verbose's
# line), and ours' peak RSS (goal <= 64 MiB on the single-block archive;
# threaded decoding stays under the memory limit of cds_set_memlimit(),
# default 256 MiB).  Everything lives in one temp dir, removed at the end.
#
# BENCH_MB (default 500) sets the unpacked size, BENCH_XZ (default -6) the
# xz preset, BENCH_RUNS the repetitions.  BENCH_DATA=DIR keeps the two
# archives in DIR and reuses them next time (packing 500 MB takes minutes).
set -u
: "${CDS_SRCDIR:?set CDS_SRCDIR to the source tree}"
: "${CDS_BUILDDIR:=$CDS_SRCDIR}"
export CDS_SRCDIR
FT=$CDS_BUILDDIR/tests/tools/fetchtool
MB=${BENCH_MB:-500}
XZP=${BENCH_XZ:--6}
RUNS=${BENCH_RUNS:-3}
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"

for t in curl xz tar sha256sum /usr/bin/time; do
	command -v "$t" >/dev/null 2>&1 || { echo "bench: $t missing" >&2; exit 2; }
done
have_nginx || { echo "bench: nginx/openssl/python3 missing" >&2; exit 2; }
[ -x "$FT" ] || { echo "bench: build $FT first (make check or make tests/tools/fetchtool)" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
cleanup() { fix_stop_all; rm -rf "$W"; }
FIX_TRAPPED=1	# the server stops in cleanup, not in a trap of its own
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

ngx_serve "$W/www" || { echo "bench: $NGX_WHY" >&2; exit 2; }
export CURL_CA_BUNDLE=$NGX_CA

# one run of CMD (after PREP), as "NAME WALL CPU RSS" appended to results
measure() {
	sh -c "$2"
	cat "$W/www/$REL1" "$W/www/$REL2" >/dev/null
	/usr/bin/time -f "%e %U %S %M" -o "$W/time" sh -c "$3" \
		>"$W/out" 2>&1 || { echo "bench: failed: $3" >&2; cat "$W/out" >&2; exit 1; }
	read -r _t _u _s _m <"$W/time"
	echo "$1 $_t $(awk -v u="$_u" -v s="$_s" 'BEGIN { print u + s }') $_m" \
		>>"$W/results"
}
clean_out="rm -rf '$W/out1' '$W/cache' '$W/dl.tar.xz'; mkdir -p '$W/out1'"
rm -rf "$W/ref" && mkdir -p "$W/ref" && tar -xJf "$W/www/$REL1" -C "$W/ref"
SAME=yes
LOAD0=$(cut -d' ' -f1 /proc/loadavg)
: >"$W/results"
# the commands take turns, so a change in the machine's load hits all
i=0
while [ $i -lt "$RUNS" ]; do
	measure user "$clean_out" "curl -sS -o '$W/dl.tar.xz' '$NGX_URL/$REL1' && echo '$SHA1  $W/dl.tar.xz' | sha256sum -c --quiet && tar -xJf '$W/dl.tar.xz' -C '$W/out1'"
	measure ours1 "$clean_out" "'$FT' --jobs 1 --cache '$W/cache' '$W/out1|$REL1|$SHA1|$SZ1|$NGX_URL/$REL1'"
	# the CPU seconds of our decoder thread alone (fetchtool logs them;
	# single-threaded here, so that is all of liblzma's work)
	sed -n 's/.*CPU seconds: xz decoder \([0-9.]*\),.*/dec \1/p' "$W/out" \
		>>"$W/results"
	grep -m1 'xz decoder:' "$W/out" | sed 's/^log: [^:]*: /mode1 /' \
		>>"$W/results"
	# the unpacked tree must equal tar's
	diff -r "$W/out1" "$W/ref/$TOP" >/dev/null || SAME=NO
	measure floor1 "$clean_out" "xz -dc '$W/www/$REL1' >/dev/null"
	measure ours2 "$clean_out" "'$FT' --jobs 1 --cache '$W/cache' '$W/out1|$REL2|$SHA2|$SZ2|$NGX_URL/$REL2'"
	grep -m1 'xz decoder:' "$W/out" | sed 's/^log: [^:]*: /mode2 /' \
		>>"$W/results"
	diff -r "$W/out1" "$W/ref/$TOP" >/dev/null || SAME=NO
	measure floor2 "$clean_out" "xz -T0 -dc '$W/www/$REL2' >/dev/null"
	measure user2 "$clean_out" "curl -sS -o '$W/dl.tar.xz' '$NGX_URL/$REL2' && echo '$SHA2  $W/dl.tar.xz' | sha256sum -c --quiet && tar -xJf '$W/dl.tar.xz' -C '$W/out1'"
	i=$((i + 1))
done
LOAD1=$(cut -d' ' -f1 /proc/loadavg)
# the liblzma each side loads: xz(1)'s and the program's
lib_of() { ldd "$1" 2>/dev/null | awk '/liblzma/ { print $3 }'; }
LZ_XZ=$(readlink -f "$(lib_of "$(command -v xz)")")
LZ_FT=$(readlink -f "$(lib_of "$FT")")
LZ_VER=$(xz --version | sed -n 's/^liblzma //p')
rm -rf "$W/ref" "$W/out1" "$W/cache" "$W/dl.tar.xz"

python3 - "$W/results" "$SZ1" "$SZ2" "$UNPACKED" "$(blocks "$W/www/$REL1")" \
	"$(blocks "$W/www/$REL2")" "$(nproc)" "$RUNS" "$SAME" "$XZP" \
	"$LOAD0" "$LOAD1" "$LZ_XZ" "$LZ_FT" "$LZ_VER" <<'PY'
import sys
res = {}
dec = []
mode = {}
for line in open(sys.argv[1]):
    if line.startswith("dec "):
        dec.append(float(line.split()[1]))
        continue
    if line.startswith("mode"):
        k, v = line.rstrip("\n").split(" ", 1)
        mode[k] = v
        continue
    name, wall, cpu, rss = line.split()
    res.setdefault(name, []).append((float(wall), float(cpu), int(rss)))
best = {k: min(v) for k, v in res.items()}     # the fastest run of each
sz1, sz2, unp, b1, b2, ncpu, runs = map(int, sys.argv[2:9])
same, xzp, l0, l1 = sys.argv[9], sys.argv[10], sys.argv[11], sys.argv[12]
lz_xz, lz_ft, lz_ver = sys.argv[13], sys.argv[14], sys.argv[15]
mb = lambda n: n / 1e6
print("data path benchmark: %d CPUs, best of %d runs, xz %s; load average "
      "%s at the start, %s at the end" % (ncpu, runs, xzp, l0, l1))
# the load at the end is mostly this run's own; at the start it is others'
if float(l0) > 1.0:
    print("  (other work was running: wall times are inflated and noisy; "
          "CPU seconds are the steadier figure)")
print("  archive: %.0f MB unpacked; %.0f MB in %d block(s), %.0f MB in %d blocks"
      % (mb(unp), mb(sz1), b1, mb(sz2), b2))
print("  liblzma %s; xz(1) loads %s, ours %s: %s" % (lz_ver, lz_xz or "?",
      lz_ft or "?", "the same library" if lz_xz and lz_xz == lz_ft
      else "NOT the same library: the floor is not like for like"))
for k, label in (("mode1", "single block"), ("mode2", "multi-block")):
    if k in mode:
        print("  %s: %s" % (label, mode[k]))
names = [("user", "user: curl -O && sha256sum -c && tar -xJf"),
         ("ours1", "ours, single block"),
         ("floor1", "floor: xz -dc >/dev/null, single block"),
         ("ours2", "ours, multi-block (liblzma threaded)"),
         ("floor2", "floor: xz -T0 -dc >/dev/null, multi-block"),
         ("user2", "user, multi-block (tar runs xz -d: one thread)")]
print("  %-46s %8s %9s" % ("", "wall", "CPU"))
for k, label in names:
    print("  %-46s %7.2fs %8.2fs" % (label, best[k][0], best[k][1]))
def row(name, a, b, goal):
    v = best[a][0] / best[b][0]
    print("  %-36s %5.2f  goal <= %.2f  %-6s (CPU %.2f)" % (name, v, goal,
          "met" if v <= goal else "MISSED", best[a][1] / best[b][1]))
print("ratios (wall):")
row("ours / user (single block)", "ours1", "user", 0.75)
row("ours / xz -dc (single block)", "ours1", "floor1", 1.05)
row("ours / xz -T0 -dc (multi-block)", "ours2", "floor2", 1.10)
row("ours / user (multi-block)", "ours2", "user2", 0.75)
if dec:
    print("  our decoder thread's CPU / xz -dc's CPU (single block; block "
          "checks not computed): %.2f" % (min(dec) / best["floor1"][1]))
print("peak RSS:")
r1 = max(r[2] for r in res["ours1"])
r2 = max(r[2] for r in res["ours2"])
print("  %-36s %6.1f MiB  goal <= 64 MiB  %s" % ("ours, single block", r1 / 1024,
      "met" if r1 <= 64 * 1024 else "MISSED"))
print("  %-36s %6.1f MiB  (memlimit 256 MiB)" % ("ours, multi-block, threaded",
      r2 / 1024))
print("unpacked tree identical to tar's: %s" % same)
PY
