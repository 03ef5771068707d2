#!/bin/sh
# Benchmark (not a pass/fail test): doctor's wall and CPU time on a fake
# root with 5 toolkits and 1, 10, 30, 100 and 300 conda envs (each with
# torch, its cuDNN wheel and 40 unrelated packages), against `find` walking
# the same tree for the same files, in one table; the readlink and stat
# calls doctor makes when strace is there; peak memory at 30 envs; then
# doctor on this machine, where the real cuDNN set is loaded dynamically
# when the dynamic probe is available.
# Goals: linear in the envs; <= 100 ms at 30 envs, <= 1 s at 300; with a
# real cuDNN 9 set loaded <= 1 s.
#
#   tests/bench/doctor.sh [--keep DIR] [--against OLD] [path/to/cudnn-setup]
#
# --keep DIR builds the fake root in DIR and leaves it there (with 300 envs,
# for profiling).  --against OLD also times another build (an older
# cudnn-setup) on the same tree in the same run, for a before and after.
set -eu
R=
OLD=
while [ $# -gt 0 ]; do
	case $1 in
	--keep)
		R=$2
		shift 2
		mkdir -p "$R"
		;;
	--against)
		OLD=$2
		shift 2
		;;
	*)
		break
		;;
	esac
done
if [ -z "$R" ]; then
	R=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
	trap 'rm -rf "$R"' EXIT INT TERM
fi
BIN=${1:-./cudnn-setup}
CC=${CC:-cc}
STRACE=$(command -v strace || true)
if [ -n "$STRACE" ] && ! "$STRACE" -f -c -o /dev/null true 2>/dev/null; then
	STRACE=	# not allowed here (ptrace refused)
fi
CUDNN='libcudnn libcudnn_graph libcudnn_ops libcudnn_cnn libcudnn_adv
libcudnn_engines_precompiled libcudnn_engines_runtime_compiled
libcudnn_heuristic'

echo 'int cds_bench(void) { return 0; }' >"$R/so.c"
$CC -shared -fPIC -Wl,-soname,libx.so -o "$R/libx.so" "$R/so.c"

mkdir -p "$R/usr/local" "$R/etc" "$R/home/user"
: >"$R/etc/ld.so.conf"
for v in 11.8.0 12.1.1 12.4.1 12.6.3 13.0.2; do
	t=$R/usr/local/cuda-$v
	mkdir -p "$t/lib64" "$t/bin" "$t/include"
	printf '{"cuda": {"version": "%s"}}\n' "$v" >"$t/version.json"
	cp "$R/libx.so" "$t/lib64/libcudart.so.${v%%.*}"
	for n in $CUDNN; do
		cp "$R/libx.so" "$t/lib64/$n.so.9.3.0"
		ln -s "$n.so.9.3.0" "$t/lib64/$n.so.9"
		ln -s "$n.so.9" "$t/lib64/$n.so"
	done
done
ln -s /usr/local/cuda-12.4.1 "$R/usr/local/cuda"
C=$R/home/user/miniconda3
mkdir -p "$C/conda-meta"

# add envs until there are $1
nenvs=0
grow() {
	while [ $nenvs -lt "$1" ]; do
		e=$C/envs/env$nenvs
		s=$e/lib/python3.10/site-packages
		mkdir -p "$e/conda-meta" "$s/torch" \
			"$s/torch-2.4.0.dist-info" \
			"$s/nvidia_cudnn_cu12-9.1.0.70.dist-info" \
			"$s/nvidia/cudnn/lib"
		printf 'Name: torch\nVersion: 2.4.0\nRequires-Dist: %s\n' \
			'nvidia-cudnn-cu12==9.1.0.70' \
			>"$s/torch-2.4.0.dist-info/METADATA"
		printf "cuda = '12.1'\n" >"$s/torch/version.py"
		for l in $CUDNN; do
			cp "$R/libx.so" "$s/nvidia/cudnn/lib/$l.so.9"
		done
		# some unrelated packages, as a real env has
		(cd "$e" && j=0 && while [ $j -lt 40 ]; do
			echo "lib/python3.10/site-packages/pkg$j-1.0.dist-info"
			j=$((j + 1))
		done | xargs mkdir -p)
		(cd "$e/conda-meta" && j=0 && while [ $j -lt 40 ]; do
			echo "pkg$j-1.0-0.json"
			j=$((j + 1))
		done | xargs touch)
		nenvs=$((nenvs + 1))
	done
}

# "WALL CPU": the median of 5 runs, in ms; CPU is user + system time,
# which a machine busy with other work inflates less than the wall
run_ms() {
	python3 -c 'import os, subprocess, sys, time
wall, cpu = [], []
for _ in range(5):
    r0 = os.times()
    t0 = time.monotonic()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall.append(time.monotonic() - t0)
    r1 = os.times()
    cpu.append(r1.children_user - r0.children_user +
               r1.children_system - r0.children_system)
print(round(sorted(wall)[2] * 1000), round(sorted(cpu)[2] * 1000))' "$@"
}
peak_kib() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
	else
		python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
	fi
}
# "READLINKS STATS": the calls one run makes (children included), or "- -"
syscalls() {
	if [ -z "$STRACE" ]; then
		echo '- -'
		return
	fi
	"$STRACE" -f -c -o "$R/strace.out" "$@" >/dev/null 2>&1 || true
	# "% time  seconds  usecs/call  calls  [errors]  syscall"
	awk '$NF ~ /^readlink(at)?$/ { r += $4 }
	    $NF ~ /^(l|f|new?f)?stat(x|at|64|at64)?$/ { s += $4 }
	    END { printf "%d %d\n", r, s }' "$R/strace.out"
}
found() {
	env HOME=/home/user "$1" --root "$R" doctor --json |
		python3 -c 'import json, sys
d = json.load(sys.stdin)
print(len(d["envs"]), len(d["toolkits"]), len(d["cudnn"]))'
}

echo "doctor --root on a fake root: 5 toolkits, base and N conda envs;" \
	"times in ms, median of 5"
echo "(cpu: user + system; calls: readlink and stat, one run, strace -f)"
head='envs   wall    cpu   find  ratio readlink   stat'
if [ -n "$OLD" ]; then
	head="$head | old wall  old cpu old rdlnk old/new"
fi
echo "$head"
for n in 1 10 30 100 300; do
	grow $n
	set -- $(found "$BIN")
	if [ "$1" -ne $((n + 1)) ]; then
		echo "doctor found $1 envs, not $n and base: the fake root" \
			"is wrong" >&2
		exit 1
	fi
	set -- $(run_ms env HOME=/home/user "$BIN" --root "$R" doctor \
		--json) $(run_ms find "$R" -name 'libcud*' -o \
		-name '*.dist-info' -o -name 'version.json') \
		$(syscalls env HOME=/home/user "$BIN" --root "$R" doctor --json)
	# wall, cpu, find's wall, find's cpu, readlinks, stats
	row=$(printf '%4d %6d %6d %6d %6s %8s %6s' $n "$1" "$2" "$3" \
		"$(awk -v a="$1" -v b="$3" \
		'BEGIN { printf "%.1f", a / (b > 0 ? b : 1) }')" "$5" "$6")
	if [ -n "$OLD" ]; then
		wall=$1
		set -- $(run_ms env HOME=/home/user "$OLD" --root "$R" doctor \
			--json) $(syscalls env HOME=/home/user "$OLD" \
			--root "$R" doctor --json)
		row=$(printf '%s | %8d %8d %9s %7s' "$row" "$1" "$2" "$3" \
			"$(awk -v a="$1" -v b="$wall" \
			'BEGIN { printf "%.1f", a / (b > 0 ? b : 1) }')")
	fi
	echo "$row"
	if [ $n -eq 30 ]; then
		mem=$(peak_kib env HOME=/home/user "$BIN" --root "$R" doctor \
			--json)
	fi
done
echo "goals: <= 100 ms at 30 envs, <= 1000 ms at 300, linear (a steady" \
	"ratio = doctor's wall / find's)"
echo "peak RSS at 30 envs: ${mem} KiB"
if [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
	set -- $(run_ms "$BIN" doctor --json)
	mem=$(peak_kib "$BIN" doctor --json)
	echo "this machine (real cuDNN 9 set): $1 ms, cpu $2 ms (goal <= 1000" \
		"ms), peak RSS ${mem} KiB"
fi
