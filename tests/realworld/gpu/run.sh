#!/bin/bash
# tests/realworld/gpu/run.sh PART OUTDIR: what a session runs on a GPU
# machine lent to it (see README.md beside this file), from the source
# tree's root, with the portable tarball (tools/portable.sh: what a fresh
# machine is given) at .device/cudnn-setup-*-x86_64-linux.tar.gz.  Every step is bounded and writes its output under
# OUTDIR, one file per step, whatever happened: the machine is lent for
# minutes, so nothing here stops at the first failure.
#
# PART texts: the frameworks' own words for causes set up here (a hidden GPU
#   by CUDA_VISIBLE_DEVICES in four forms, JAX_PLATFORMS naming an absent
#   platform, a CPU-only ONNX Runtime asked for CUDA, a cut cuBLASLt, a
#   cuDNN whose sub-libraries are missing or older, an older cuDNN first,
#   a cut libcudnn_ops, code built for another GPU, an allocation larger
#   than the GPU), each followed by explain's
#   reading of it on the same machine, in the same environment; then
#   doctor and verify in those environments (the healthy ones included: a
#   UUID prefix of the real GPU, index 0).
# PART install: a fresh install: the machine's own CUDA runtime and torch's
#   cuDNN packed in NVIDIA's layout (tests/fixtures/mkarchive.sh; the
#   machine reaches no network, so not NVIDIA's archives), installed by
#   install --offline from that mirror, then verify of the install, of the
#   venv and of the system, and doctor.
set -u
PART=${1:?usage: run.sh texts|install OUTDIR}
R=${2:?usage: run.sh texts|install OUTDIR}
mkdir -p "$R" /tmp/cs
CS=$(ls -d /tmp/cs/cudnn-setup-*/cudnn-setup 2>/dev/null | head -1)
if [ -z "$CS" ]; then
	tar xzf .device/cudnn-setup-*-x86_64-linux.tar.gz -C /tmp/cs || exit 1
	CS=$(ls -d /tmp/cs/cudnn-setup-*/cudnn-setup | head -1)
fi
PY=${PY:-python3}
SRC=$(pwd)
T=$(mktemp -d)

# step NAME SECONDS COMMAND...: COMMAND's output and status in R/NAME.txt
step() {
	_n=$1 _s=$2
	shift 2
	echo "== $_n"
	{
		echo "\$ $*"
		timeout "$_s" "$@" 2>&1
		echo "[exit $?]"
	} >"$R/$_n.txt" 2>&1
}
# text NAME SECONDS ENV... -- PYTHON: run PYTHON under ENV (VAR=VALUE or
# -u VAR), its output in R/text-NAME.txt, and explain of that output, in the
# same environment, in R/text-NAME.explain.{txt,json}
text() {
	_n=$1 _s=$2
	shift 2
	_e=()
	while [ "$1" != -- ]; do
		_e+=("$1")
		shift
	done
	shift
	echo "== text $_n"
	printf '%s\n' "$1" >"$T/$_n.py"
	env "${_e[@]}" timeout "$_s" "$PY" "$T/$_n.py" >"$T/$_n.out" 2>&1
	_rc=$?
	{
		echo "\$ env ${_e[*]} $PY $_n.py"
		sed 's/^/> /' "$T/$_n.py"
		cat "$T/$_n.out"
		echo "[exit $_rc]"
	} >"$R/text-$_n.txt"
	# explain reads what the program printed, as a user pastes it
	env "${_e[@]}" timeout 60 "$CS" explain - <"$T/$_n.out" \
		>"$R/text-$_n.explain.txt" 2>&1
	env "${_e[@]}" timeout 60 "$CS" explain --json - <"$T/$_n.out" \
		>"$R/text-$_n.explain.json" 2>/dev/null
}

SP=$($PY -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' 2>/dev/null)
CUDNN=${SP:+$SP/nvidia/cudnn/lib}
SYSLIB=/lib/x86_64-linux-gnu

case $PART in
texts)
	{
		set -x
		uname -a
		cat /proc/driver/nvidia/version
		nvidia-smi -L
		ls /proc/driver/nvidia/gpus/
		cat /proc/driver/nvidia/gpus/*/information
		env | grep -E '^(NVIDIA|CUDA|LD_LIBRARY|JAX|XLA|PATH=)' | sort
		$PY -m pip list 2>/dev/null | grep -iE '^(torch|jax|cupy|numba|triton|onnxruntime|nvidia-cudnn)'
		ls -la "$CUDNN" $SYSLIB/libcudnn*
		set +x
	} >"$R/layout.txt" 2>&1
	UUID=$(nvidia-smi --query-gpu=uuid --format=csv,noheader 2>/dev/null | head -1)
	BOGUS=GPU-00000000-1111-2222-3333-444444444444
	step doctor 120 "$CS" doctor
	step verify 120 "$CS" verify

	TORCH='import torch
x = torch.ones(4, device="cuda")
print(x.sum().item())'
	JAX='import jax, jax.numpy as jnp
print(jax.devices("cuda"))
print(jnp.ones(4).sum())'
	text cvd-empty-torch 90 CUDA_VISIBLE_DEVICES= -- "$TORCH"
	text cvd-minus1-torch 90 CUDA_VISIBLE_DEVICES=-1 -- "$TORCH"
	text cvd-range-torch 90 CUDA_VISIBLE_DEVICES=3 -- "$TORCH"
	text cvd-uuid-torch 90 CUDA_VISIBLE_DEVICES=$BOGUS -- "$TORCH"
	text cvd-empty-jax 90 CUDA_VISIBLE_DEVICES= -- "$JAX"
	text cvd-minus1-jax 90 CUDA_VISIBLE_DEVICES=-1 -- "$JAX"
	text cvd-uuid-jax 90 CUDA_VISIBLE_DEVICES=$BOGUS -- "$JAX"
	text cvd-empty-cupy 60 CUDA_VISIBLE_DEVICES= -- 'import cupy
print(cupy.ones(4).sum())'
	text cvd-empty-numba 60 CUDA_VISIBLE_DEVICES= -- 'import numpy
from numba import cuda
print(cuda.to_device(numpy.ones(4)).copy_to_host())'
	text cvd-empty-triton 60 CUDA_VISIBLE_DEVICES= -- 'from triton.runtime import driver
print(driver.active.get_current_device())'
	text jax-rocm 90 JAX_PLATFORMS=rocm -- 'import jax
print(jax.devices())'
	text ort-cpu 60 CUDA_VISIBLE_DEVICES=0 -- 'import onnx, onnxruntime as ort
from onnx import helper, TensorProto
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])
g = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x], [y])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
m.ir_version = 10	# one the installed onnxruntime reads
s = ort.InferenceSession(m.SerializeToString(), providers=["CUDAExecutionProvider"])
print(s.get_providers())'
	text oom-torch 90 CUDA_VISIBLE_DEVICES=0 -- 'import torch
x = torch.empty(200 * 2**30, dtype=torch.uint8, device="cuda")'
	# machine code for another GPU (sm_80) and no PTX: nothing to JIT
	text arch-cupy 90 CUDA_VISIBLE_DEVICES=0 -- 'import cupy, subprocess, tempfile
d = tempfile.mkdtemp()
open(d + "/k.cu", "w").write("extern \"C\" __global__ void k(float *x) { x[0] = 1; }")
subprocess.run(["nvcc", "-cubin", "-arch=sm_80", "-o", d + "/k.cubin", d + "/k.cu"], check=True)
m = cupy.RawModule(path=d + "/k.cubin")
x = cupy.zeros(1, dtype=cupy.float32)
m.get_function("k")((1,), (1,), (x,))
print(x)'

	CONV='import torch
x = torch.randn(1, 3, 16, 16, device="cuda")
w = torch.randn(8, 3, 3, 3, device="cuda")
print(torch.nn.functional.conv2d(x, w).sum().item())'
	# a cut cuBLASLt first on LD_LIBRARY_PATH
	mkdir -p "$T/cut"
	lt=$(ls "$SP"/nvidia/cu13/lib/libcublasLt.so.* 2>/dev/null | head -1)
	[ -n "$lt" ] && head -c 65536 "$lt" >"$T/cut/$(basename "$lt")"
	text cut-cublaslt-torch 90 LD_LIBRARY_PATH=$T/cut:${LD_LIBRARY_PATH:-} -- "$TORCH"
	step cut-cublaslt-doctor 120 env LD_LIBRARY_PATH=$T/cut:${LD_LIBRARY_PATH:-} "$CS" doctor
	# torch's cuDNN without its sub-libraries, first on LD_LIBRARY_PATH:
	# the system's older ones (9.14 in /lib) are found for the rest
	mkdir -p "$T/part"
	cp "$CUDNN"/libcudnn.so.9 "$CUDNN"/libcudnn_graph.so.9 \
		"$CUDNN"/libcudnn_ops.so.9 "$T/part/"
	text part-cudnn-torch 90 LD_LIBRARY_PATH=$T/part:${LD_LIBRARY_PATH:-} -- "$CONV"
	step part-cudnn-doctor 120 env LD_LIBRARY_PATH=$T/part:${LD_LIBRARY_PATH:-} "$CS" doctor
	# the same, the system's libcudnn_cnn.so.9 moved away for the run
	mkdir -p "$T/hid"
	mv "$SYSLIB"/libcudnn_cnn.so.9* "$T/hid/" 2>/dev/null
	text nocnn-cudnn-torch 90 LD_LIBRARY_PATH=$T/part:${LD_LIBRARY_PATH:-} -- "$CONV"
	step nocnn-cudnn-doctor 120 env LD_LIBRARY_PATH=$T/part:${LD_LIBRARY_PATH:-} "$CS" doctor
	mv "$T"/hid/* "$SYSLIB/" 2>/dev/null

	# the system's older cuDNN (9.14) first on LD_LIBRARY_PATH under
	# torch (built with 9.19), and torch's libcudnn_ops.so.9 cut to 4 KiB
	text old-cudnn-torch 90 LD_LIBRARY_PATH=$SYSLIB:${LD_LIBRARY_PATH:-} -- "$CONV"
	step old-cudnn-doctor 120 env LD_LIBRARY_PATH=$SYSLIB:${LD_LIBRARY_PATH:-} "$CS" doctor
	mkdir -p "$T/trunc"
	cp "$CUDNN"/libcudnn*.so.9 "$T/trunc/"
	truncate -s 4096 "$T/trunc/libcudnn_ops.so.9"
	text trunc-cudnn-torch 90 LD_LIBRARY_PATH=$T/trunc:${LD_LIBRARY_PATH:-} -- "$CONV"
	step trunc-doctor 120 env LD_LIBRARY_PATH=$T/trunc:${LD_LIBRARY_PATH:-} "$CS" doctor
	step trunc-verify 120 env LD_LIBRARY_PATH=$T/trunc:${LD_LIBRARY_PATH:-} "$CS" verify

	# doctor and verify with CUDA_VISIBLE_DEVICES set, wrong and right
	step cvd-minus1-doctor 120 env CUDA_VISIBLE_DEVICES=-1 "$CS" doctor
	step cvd-range-doctor 120 env CUDA_VISIBLE_DEVICES=3 "$CS" doctor
	step cvd-uuid-doctor 120 env CUDA_VISIBLE_DEVICES=$BOGUS "$CS" doctor
	step cvd-uuid-verify 120 env CUDA_VISIBLE_DEVICES=$BOGUS "$CS" verify
	step cvd-prefix-doctor 120 env CUDA_VISIBLE_DEVICES="${UUID:0:12}" "$CS" doctor
	step cvd-prefix-verify 120 env CUDA_VISIBLE_DEVICES="${UUID:0:12}" "$CS" verify
	step cvd-zero-doctor 120 env CUDA_VISIBLE_DEVICES=0 "$CS" doctor
	;;
install)
	# the machine's CUDA runtime and torch's cuDNN in NVIDIA's layout
	CUDA=${CUDA_VERSION:-13.0.2}
	RT=$(ls /usr/local/cuda/targets/x86_64-linux/lib/libcudart.so.13* 2>/dev/null | tail -1)
	[ -n "$CUDNN" ] || CUDNN=/usr/local/cuda/lib64	# a machine without torch
	H=$(dirname "$CUDNN")/include
	[ -f "$H/cudnn_version.h" ] || H=/usr/local/cuda/include
	hv() { sed -n "s/^#define CUDNN_$1 *\([0-9][0-9]*\).*/\1/p" "$H/cudnn_version.h"; }
	CV=$(hv MAJOR).$(hv MINOR).$(hv PATCHLEVEL)
	FULL=$($PY -c 'import importlib.metadata as m; print(m.version("nvidia-cudnn-cu13"))' 2>/dev/null)
	[ -n "$FULL" ] || FULL=$CV.0
	RTV=$($PY -c 'import json, sys
print(json.load(open(sys.argv[1]))["cuda_cudart"]["version"])' \
		"manifests/nvidia/cuda_redistrib_$CUDA.json")
	echo "CUDA $CUDA (cudart $RTV from $RT), cuDNN $FULL ($CV) from $CUDNN" \
		>"$R/install-sources.txt"
	mkdir -p "$T/rt/lib" "$T/rt/include" "$T/dnn/lib" "$T/dnn/include"
	cp -L "$RT" "$T/rt/lib/libcudart.so.$RTV"
	cp /usr/local/cuda/include/cuda_runtime_api.h "$T/rt/include/"
	echo "The machine's CUDA runtime, packed for a test." >"$T/rt/LICENSE"
	for f in "$CUDNN"/libcudnn*.so.9; do
		b=$(basename "$f" .so.9)
		cp -L "$f" "$T/dnn/lib/$b.so.$CV"
	done
	cp "$H"/cudnn*.h "$T/dnn/include/"
	echo "torch's cuDNN, packed for a test." >"$T/dnn/LICENSE"
	# the mirror's helpers are the suite's (tests/lib.sh, which also clears
	# the CUDA variables: in a subshell)
	(
		set +u
		CDS_BIN=$CS CDS_SRCDIR=$SRC CDS_DATADIR=$SRC
		. tests/lib.sh
		. tests/fixtures/mkarchive.sh
		mka_init "$T/mirror" &&
		XZ_FLAGS="-0 -T0" mka_packdir cuda_cudart "$RTV" -- "$T/rt" &&
		mka_release_cuda "$CUDA" cuda_cudart &&
		XZ_FLAGS="-0 -T0" mka_packdir cudnn "$FULL" cuda13 -- "$T/dnn" &&
		mka_release_cudnn "$FULL" cuda13 &&
		mka_index
	) >"$R/install-mirror.txt" 2>&1
	ls -la "$T"/mirror/*/*/* >>"$R/install-mirror.txt" 2>&1
	# CSROOT: a root to install into instead of /, to try this part here
	RA=()
	[ -n "${CSROOT:-}" ] && RA=(--root "$CSROOT")
	step install-plan 120 "$CS" "${RA[@]}" --manifest "$T/mirror/index.json" --offline \
		--cache "$T/mirror" install --cuda "$CUDA" --cudnn "$CV" --dry-run
	step install 240 "$CS" "${RA[@]}" --manifest "$T/mirror/index.json" --offline \
		--cache "$T/mirror" install --cuda "$CUDA" --cudnn "$CV" --yes
	ls -la "${CSROOT:-}"/opt/nvidia "${CSROOT:-}"/opt/nvidia/* \
		>"$R/install-tree.txt" 2>&1
	step install-verify 120 "$CS" verify --prefix /opt/nvidia
	# as the install told the user: its shell scripts, then what loads
	step install-env-verify 120 bash -c 'for f in /opt/nvidia/env/*.sh; do
		. "$f"; done; echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"; "$0" verify' "$CS"
	step install-doctor 120 "$CS" doctor
	step venv-verify 120 "$CS" verify --env "${VIRTUAL_ENV:-/opt/torch/.venv}"
	step system-verify 120 "$CS" verify
	;;
*)
	echo "run.sh: unknown part $PART (texts or install)" >&2
	exit 2
	;;
esac
rm -rf "$T"
