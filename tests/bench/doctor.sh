#!/bin/sh
# Benchmark (not a pass/fail test): doctor's wall time and peak memory on a
# fake root with 30 conda envs and 5 toolkits, against `find` walking the
# same tree for the same files; then doctor on this machine, where the real
# cuDNN set is loaded dynamically when the dynamic probe is available.
# Goals: static scan <= 100 ms; with a real cuDNN 9 set loaded <= 1 s.
#
#   tests/bench/doctor.sh [--keep DIR] [path/to/cudnn-setup]
#
# --keep DIR builds the fake root in DIR and leaves it there (for profiling).
set -eu
if [ "${1:-}" = --keep ]; then
	R=$2
	shift 2
	mkdir -p "$R"
else
	R=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
	trap 'rm -rf "$R"' EXIT INT TERM
fi
BIN=${1:-./cudnn-setup}
CC=${CC:-cc}

echo 'int cds_bench(void) { return 0; }' >"$R/so.c"
$CC -shared -fPIC -Wl,-soname,libx.so -o "$R/libx.so" "$R/so.c"

mkdir -p "$R/usr/local" "$R/etc" "$R/home/user"
: >"$R/etc/ld.so.conf"
for v in 11.8.0 12.1.1 12.4.1 12.6.3 13.0.2; do
	t=$R/usr/local/cuda-$v
	mkdir -p "$t/lib64" "$t/bin" "$t/include"
	printf '{"cuda": {"version": "%s"}}\n' "$v" >"$t/version.json"
	cp "$R/libx.so" "$t/lib64/libcudart.so.${v%%.*}"
	for n in libcudnn libcudnn_graph libcudnn_ops libcudnn_cnn libcudnn_adv \
		libcudnn_engines_precompiled libcudnn_engines_runtime_compiled \
		libcudnn_heuristic; do
		cp "$R/libx.so" "$t/lib64/$n.so.9.3.0"
		ln -s "$n.so.9.3.0" "$t/lib64/$n.so.9"
		ln -s "$n.so.9" "$t/lib64/$n.so"
	done
done
ln -s /usr/local/cuda-12.4.1 "$R/usr/local/cuda"
C=$R/home/user/miniconda3
mkdir -p "$C/conda-meta"
i=0
while [ $i -lt 30 ]; do
	e=$C/envs/env$i
	s=$e/lib/python3.10/site-packages
	mkdir -p "$e/conda-meta" "$s/torch" "$s/torch-2.4.0.dist-info" \
		"$s/nvidia_cudnn_cu12-9.1.0.70.dist-info" "$s/nvidia/cudnn/lib"
	printf 'Name: torch\nVersion: 2.4.0\nRequires-Dist: nvidia-cudnn-cu12==9.1.0.70\n' \
		>"$s/torch-2.4.0.dist-info/METADATA"
	printf "cuda = '12.1'\n" >"$s/torch/version.py"
	for n in libcudnn libcudnn_graph libcudnn_ops libcudnn_cnn libcudnn_adv \
		libcudnn_engines_precompiled libcudnn_engines_runtime_compiled \
		libcudnn_heuristic; do
		cp "$R/libx.so" "$s/nvidia/cudnn/lib/$n.so.9"
	done
	# some unrelated packages, as a real env has
	j=0
	while [ $j -lt 40 ]; do
		mkdir -p "$s/pkg$j-1.0.dist-info"
		touch "$e/conda-meta/pkg$j-1.0-0.json"
		j=$((j + 1))
	done
	i=$((i + 1))
done

# median of 5 runs, in ms
median() {
	sort -n | sed -n 3p
}
run_ms() {
	for _ in 1 2 3 4 5; do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1 || true
		e=$(date +%s%N)
		echo $(((e - s) / 1000000))
	done | median
}
peak_kib() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
	else
		python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
	fi
}

ours=$(run_ms env HOME=/home/user "$BIN" --root "$R" doctor --json)
plain=$(run_ms find "$R" -name 'libcud*' -o -name '*.dist-info' -o -name 'version.json')
mem=$(peak_kib env HOME=/home/user "$BIN" --root "$R" doctor --json)
envs=$(HOME=/home/user "$BIN" --root "$R" doctor --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["envs"]), len(d["toolkits"]), len(d["cudnn"]))')
echo "fake root: envs, toolkits, cuDNN copies found: $envs"
echo "static scan (30 envs, 5 toolkits): ${ours} ms (goal <= 100 ms), peak RSS ${mem} KiB"
echo "find over the same tree:            ${plain} ms"
python3 -c "import sys; print('ratio doctor/find: %.2f' % (int(sys.argv[1]) / max(1, int(sys.argv[2]))))" "$ours" "$plain"
if [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
	real=$(run_ms "$BIN" doctor --json)
	mem=$(peak_kib "$BIN" doctor --json)
	echo "this machine (real cuDNN 9 set): ${real} ms (goal <= 1000 ms), peak RSS ${mem} KiB"
fi
