#!/bin/sh
# tests/bench/toolkit.sh - a whole toolkit's archives, fetched and
# unpacked, against the machine's floor and against what people do.  Run
# by hand (`make bench-toolkit`, or with CDS_SRCDIR and CDS_BUILDDIR set);
# not part of `make check`, not pass/fail.  Needs nginx, openssl, python3,
# curl, xz, tar, sha256sum, xargs and /usr/bin/time.
#
# It makes eight archives in NVIDIA's layout (<component>/linux-x86_64/
# <component>-linux-x86_64-<version>-archive.tar.xz, one top directory,
# lib/ inside) from this machine's CUDA 13.0 libraries
# (/usr/local/cuda-13.0/lib; the versions are those of the wheels they
# came from, /usr/local/cuda-13.0/dist-info), each one xz block as
# NVIDIA's are (xz -T1), and serves them over https from nginx on
# 127.0.0.1.  Then, the commands taking turns for BENCH_RUNS rounds
# (default 3), the files in the page cache, the best round of each:
#   floor  xargs -P nproc -n 1 xz -dc >/dev/null, every archive at once,
#          the largest first: the machine decoding at full width, writing
#          nothing
#   floor+write  the same, each piped into tar -x: decoding at full width
#          and writing what an install writes of the tree, with no
#          download and no hash (the kernel's copy into the page cache is
#          in it; where that copy is dear, it is the floor an install can
#          reach)
#   ours   download + SHA-256 + unpack of the eight in one pass
#          (tests/tools/fetchtool with install's defaults: the data path
#          of `install`, its cache written as an install does)
#   user   curl -O && sha256sum -c && tar -xJf, one archive after another
# and prints ours/floor (goal <= 1.10), ours/floor+write and ours/user in
# one table, with
# each one's wall and CPU seconds (nginx's too: it serves ours and user on
# the same cores) and the machine's load before and after.  When the
# cores are the bound, ours cannot beat the floor's time by more than its
# CPU over the floor's: the table prints that bound too.
#
# BENCH_JOBS=N passes --jobs N to ours (default: not passed, as a user
# runs it); BENCH_XZ (default -6) the preset; BENCH_DATA=DIR keeps the
# archives in DIR and reuses them (making them takes minutes).
# --against OLD times another fetchtool (an older build's) in the same
# rounds, for a before and after.
set -u
: "${CDS_SRCDIR:?set CDS_SRCDIR to the source tree}"
: "${CDS_BUILDDIR:=$CDS_SRCDIR}"
export CDS_SRCDIR
FT=$CDS_BUILDDIR/tests/tools/fetchtool
OLD=
if [ "${1:-}" = --against ]; then
	OLD=$2
	shift 2
fi
JOBS=${BENCH_JOBS:-}
XZP=${BENCH_XZ:--6}
RUNS=${BENCH_RUNS:-3}
CUDA=/usr/local/cuda-13.0
NPROC=$(nproc)
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"

for t in curl xz tar sha256sum xargs /usr/bin/time; do
	command -v "$t" >/dev/null 2>&1 || { echo "bench: $t missing" >&2; exit 2; }
done
have_nginx || { echo "bench: nginx/openssl/python3 missing" >&2; exit 2; }
[ -x "$FT" ] || { echo "bench: build $FT first (make tests/tools/fetchtool)" >&2; exit 2; }
[ -d "$CUDA/lib" ] || { echo "bench: no CUDA 13.0 in $CUDA" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
cleanup() { fix_stop_all; rm -rf "$W"; }
FIX_TRAPPED=1	# the server stops in cleanup, not in a trap of its own
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM
D=${BENCH_DATA:-$W/data}
mkdir -p "$D" "$W/www"

# COMPONENT WHEEL FILES...: NVIDIA's component name, the wheel of
# dist-info its version comes from, the libraries it ships (lib/)
cat >"$W/components" <<'EOF'
libcublas nvidia_cublas libcublas.so.13 libcublasLt.so.13 libnvblas.so.13
libcufft nvidia_cufft libcufft.so.12 libcufftw.so.12
libcusolver nvidia_cusolver libcusolver.so.12 libcusolverMg.so.12
cuda_nvrtc nvidia_cuda_nvrtc libnvrtc.so.13 libnvrtc.alt.so.13 libnvrtc-builtins.so.13.0 libnvrtc-builtins.alt.so.13.0
libcusparse nvidia_cusparse libcusparse.so.12
libcurand nvidia_curand libcurand.so.10
libnvjitlink nvidia_nvjitlink libnvJitLink.so.13
cuda_cudart nvidia_cuda_runtime libcudart.so.13 libcudart_static.a libcudadevrt.a
EOF
# one line per archive: RELATIVE_PATH SHA256 SIZE, in $W/archives
: >"$W/archives"
while read -r comp wheel files; do
	ver=$(ls "$CUDA/dist-info" | sed -n "s/^$wheel-\([0-9.]*\)\.dist-info$/\1/p")
	[ -n "$ver" ] || { echo "bench: no $wheel in $CUDA/dist-info" >&2; exit 2; }
	top=$comp-linux-x86_64-$ver-archive
	rel=$comp/linux-x86_64/$top.tar.xz
	mkdir -p "$W/www/$comp/linux-x86_64"
	if [ ! -f "$D/$top.tar.xz" ]; then
		echo "bench: packing $rel (xz $XZP, one block)" >&2
		s=$W/stage/$top
		mkdir -p "$s/lib"
		for f in $files; do
			cp -L "$CUDA/lib/$f" "$s/lib/$f" || exit 2
			case $f in
			*.so.*) ln -s "$f" "$s/lib/${f%%.so.*}.so" ;;
			esac
		done
		echo "$comp $ver: bench copy of this machine's libraries" \
			>"$s/LICENSE"
		echo "(cd '$W/stage' && tar -cf - '$top') | xz $XZP -T1 -c >'$D/$top.tar.xz.tmp' && mv '$D/$top.tar.xz.tmp' '$D/$top.tar.xz'" \
			>>"$W/pack"
	fi
	echo "$rel $top" >>"$W/archives"
done <"$W/components"
# pack what is missing, nproc at a time
if [ -s "$W/pack" ]; then
	tr '\n' '\0' <"$W/pack" | xargs -0 -P "$NPROC" -n 1 sh -c || exit 2
	rm -rf "$W/stage"
fi
: >"$W/list"
while read -r rel top; do
	ln -s "$D/$top.tar.xz" "$W/www/$rel"
	echo "$rel $(sha256sum <"$D/$top.tar.xz" | cut -d' ' -f1) $(stat -Lc %s "$D/$top.tar.xz") $top" >>"$W/list"
done <"$W/archives"
# the largest first, for the floor
sort -k3,3nr "$W/list" | awk -v d="$W/www" '{ print d "/" $1 }' >"$W/bysize"

ngx_serve "$W/www" || { echo "bench: $NGX_WHY" >&2; exit 2; }
export CURL_CA_BUNDLE=$NGX_CA

# CPU seconds this bench's nginx (its master and workers) has used so far
ngx_cpu() {
	for _p in "$NGX_PID" $(pgrep -P "$NGX_PID"); do
		cut -d')' -f2 "/proc/$_p/stat" 2>/dev/null
	done | awk -v hz="$(getconf CLK_TCK)" '{ s += $12 + $13 }
	    END { print s / hz }'
}
# measure NAME PREP CMD: one run of CMD after PREP, files in the page
# cache, as "NAME WALL CPU NGINX_CPU" appended to the results
measure() {
	sh -c "$2"
	cat "$D"/*.tar.xz >/dev/null
	_n0=$(ngx_cpu)
	/usr/bin/time -f "%e %U %S" -o "$W/time" sh -c "$3" >"$W/log" 2>&1 ||
		{ echo "bench: failed: $3" >&2; tail -5 "$W/log" >&2; exit 1; }
	_n1=$(ngx_cpu)
	read -r _t _u _s <"$W/time"
	echo "$1 $_t $(awk -v u="$_u" -v s="$_s" 'BEGIN { print u + s }') $(awk -v a="$_n0" -v b="$_n1" 'BEGIN { print b - a }')" \
		>>"$W/results"
}
# before each run: no output, no cache, no download of the last run
dirs="'$W/dl'"
ours_args=
user_cmd=
while read -r rel sha size top; do
	comp=${rel%%/*}
	dirs="$dirs '$W/out/$comp'"
	ours_args="$ours_args '$W/out/$comp|$rel|$sha|$size|$NGX_URL/$rel'"
	f=$W/dl/$top.tar.xz
	user_cmd="$user_cmd curl -sS -o '$f' '$NGX_URL/$rel' && echo '$sha  $f' | sha256sum -c --quiet && tar -xJf '$f' -C '$W/out/$comp' &&"
done <"$W/list"
prep="rm -rf '$W/out' '$W/cache' '$W/dl' && mkdir -p $dirs"
jobs_arg=${JOBS:+--jobs $JOBS}
LOAD0=$(cut -d' ' -f1 /proc/loadavg)
: >"$W/results"
i=0
while [ $i -lt "$RUNS" ]; do
	measure floor "$prep" "xargs -P $NPROC -n 1 xz -dc <'$W/bysize' >/dev/null"
	measure floorw "$prep && mkdir '$W/out/floor'" "xargs -P $NPROC -n 1 sh -c 'xz -dc \"\$1\" | tar -xf - -C \"\$0\"' '$W/out/floor' <'$W/bysize'"
	measure ours "$prep" "'$FT' $jobs_arg --cache '$W/cache' $ours_args"
	if [ -n "$OLD" ]; then
		measure old "$prep" "'$OLD' $jobs_arg --cache '$W/cache' $ours_args"
	fi
	measure user "$prep" "$user_cmd true"
	i=$((i + 1))
done
LOAD1=$(cut -d' ' -f1 /proc/loadavg)
UNPACKED=$(du -sb "$W/out" | cut -f1)
PACKED=$(awk '{ s += $3 } END { print s }' "$W/list")

python3 - "$W/results" "$NPROC" "$RUNS" "${JOBS:-0}" "$XZP" "$LOAD0" "$LOAD1" \
	"$UNPACKED" "$PACKED" "$W/list" <<'PY'
import sys
res = {}
for line in open(sys.argv[1]):
    name, wall, cpu, ngx = line.split()
    res.setdefault(name, []).append((float(wall), float(cpu), float(ngx)))
best = {k: min(v) for k, v in res.items()}
ncpu, runs, jobs = map(int, sys.argv[2:5])
xzp, l0, l1 = sys.argv[5:8]
unp, packed = int(sys.argv[8]), int(sys.argv[9])
print("toolkit benchmark: %d CPUs, best of %d rounds, xz %s, one block each;"
      " load average %s at the start, %s at the end" % (ncpu, runs, xzp, l0,
                                                       l1))
if float(l0) > 1.0:
    print("  (other work was running: wall times are inflated and noisy)")
print("  8 archives, %.0f MB packed, %.0f MB unpacked:" % (packed / 1e6,
                                                         unp / 1e6))
for line in open(sys.argv[10]):
    rel, sha, size, top = line.split()
    print("    %-62s %7.1f MB" % (rel.split("/")[-1], int(size) / 1e6))
labels = [("floor", "floor: xargs -P %d xz -dc, largest first" % ncpu),
          ("floorw", "floor+write: the same, each into tar -x"),
          ("ours", "ours: fetchtool %s(install's data path)" %
           ("--jobs %d " % jobs if jobs else "")),
          ("old", "old: the other build's fetchtool"),
          ("user", "user: curl; sha256sum -c; tar -xJf, one by one")]
print("  %-50s %8s %8s %8s" % ("", "wall", "CPU", "nginx"))
for k, label in labels:
    if k in best:
        print("  %-50s %7.2fs %7.2fs %7.2fs" % (label, best[k][0],
                                               best[k][1], best[k][2]))
def row(name, a, b, goal):
    v = best[a][0] / best[b][0]
    print("  %-22s %5.2f%s" % (name, v, "  goal <= %.2f  %s" % (goal,
          "met" if v <= goal else "MISSED") if goal else ""))
print("ratios (wall):")
row("ours / floor", "ours", "floor", 1.10)
# the same round's floor and ours, each round: the spread other work on
# the machine leaves
print("  %-22s %s" % ("  each round", " ".join("%.2f" % (o[0] / f[0])
      for f, o in zip(res["floor"], res["ours"]))))
row("ours / floor+write", "ours", "floorw", None)
row("ours / user", "ours", "user", None)
if "old" in best:
    row("old / floor", "old", "floor", 1.10)
f = best["floor"]
print("  the floor kept %.2f of the %d cores busy%s" % (f[1] / f[0], ncpu,
      "" if f[1] / f[0] >= 0.9 * ncpu else ": other work took the rest, "
      "and the ratios above are not the machine's"))
# with every core busy, wall time is CPU time over the cores: ours' CPU
# (nginx's included) over the floor's is then the least ours / floor
print("  %-22s %5.2f  (ours' CPU with nginx's over the floor's: the "
      "least ours / floor\n  %-22s        can be where the %d cores are the "
      "bound)" % ("CPU ours / floor", (best["ours"][1] + best["ours"][2]) /
                  best["floor"][1], "", ncpu))
PY
