#!/bin/sh
# The texts torch 2.11 and jax 0.11.2 printed on a real H200 (driver 580)
# with CUDA_VISIBLE_DEVICES set and empty (tests/realworld/gpu/
# h200-2026-11-28: cvd-torch.txt, cvd-jax.txt): explain recognises both as
# no device visible, and the cause it finds is the variable when it is set
# and empty here, not when it is unset (doctor's ENV-CUDA-VISIBLE shows
# it); a GPU machine's root (its /proc/driver/nvidia/gpus) makes that
# finding an error.
#
# Then what torch, jax, CuPy, numba, Triton and ONNX Runtime printed on
# another H200 on 2026-11-30 for causes set up there (tests/realworld/gpu/
# run.sh; h200-2026-11-30/text-*.txt): each recognised as its entry, and
# where a root like that machine shows the cause (the variable, a venv
# with a CPU-only onnxruntime and jax, a partial cuDNN first on
# LD_LIBRARY_PATH), explain names that cause.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 44

G=$CDS_SRCDIR/tests/realworld/gpu/h200-2026-11-28
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia/gpus/0000:00:05.0"
printf 'Model: \t\t NVIDIA H200\nGPU UUID: \t GPU-0fdcd1c1-533d-7cad-6721-d8f7237820e0\n' \
	>"$R/proc/driver/nvidia/gpus/0000:00:05.0/information"
for t in torch jax; do
	text=$(tail -3 "$G/cvd-$t.txt")
	CUDA_VISIBLE_DEVICES= cds --root "$R" explain --json "$text"
	is "$(jget "$OUT" 'd["id"]')" NO-DRIVER "$t: no device visible"
	like "$(jget "$OUT" 'd["cause_here"]')" CUDA_VISIBLE_DEVICES \
		"$t: the cause here is CUDA_VISIBLE_DEVICES"
	is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "ENV-CUDA-VISIBLE"][0]')" \
		error "$t: ENV-CUDA-VISIBLE is an error where a GPU is"
	# tests/lib.sh leaves CUDA_VISIBLE_DEVICES unset
	cds --root "$R" explain --json "$text"
	unlike "$(jget "$OUT" 'd["cause_here"]')" CUDA_VISIBLE_DEVICES \
		"$t: unset, the variable is not the cause"
done

# ---- 2026-11-30 ---------------------------------------------------------
H=$CDS_SRCDIR/tests/realworld/gpu/h200-2026-11-30
# what the program printed: run.sh's file less its command, its program
# (the "> " lines) and the exit line
printed() {
	sed -e '1,/^[^>$]/{/^[>$]/d}' -e '/^\[exit [0-9]*\]$/d' \
		"$H/text-$1.txt"
}
R2=$(mk_sysroot); cleanup_later "$R2"
mkdir -p "$R2/proc/driver/nvidia/gpus/0000:00:06.0"
printf 'Model: \t\t NVIDIA H200\nGPU UUID: \t GPU-1285e0fb-0523-b3cd-5915-b46e1c4a0165\n' \
	>"$R2/proc/driver/nvidia/gpus/0000:00:06.0/information"
# the machine's venv, as far as the causes need it
V=/opt/torch/.venv
VS=$R2$V/lib/python3.12/site-packages
mkdir -p "$R2$V/bin" "$VS/onnxruntime-1.30.0.dist-info" "$VS/jax-0.11.2.dist-info"
printf 'home = /usr/bin\nversion = 3.12.3\n' >"$R2$V/pyvenv.cfg"
printf 'Metadata-Version: 2.1\nName: onnxruntime\nVersion: 1.30.0\n' \
	>"$VS/onnxruntime-1.30.0.dist-info/METADATA"
printf 'Metadata-Version: 2.1\nName: jax\nVersion: 0.11.2\n' \
	>"$VS/jax-0.11.2.dist-info/METADATA"
# gpu NAME ID CAUSE VAR=VALUE...: explain of NAME's text with VARs set is
# ID, and its cause here names CAUSE ("-": none is claimed; "!X": not X)
gpu() {
	_n=$1 _id=$2 _cause=$3
	shift 3
	OUT=$(printed "$_n" | env "$@" VIRTUAL_ENV=$V "$CDS_BIN" --root "$R2" \
		explain --json - 2>/dev/null)
	is "$(jget "$OUT" 'd["id"]')" "$_id" "11-30 $_n: $_id"
	case $_cause in
	!*)
		unlike "$(jget "$OUT" 'd["cause_here"]')" "${_cause#!}" \
			"11-30 $_n: the cause here is not ${_cause#!}"
		;;
	-)
		is "$(jget "$OUT" 'd["cause_here"]')" None "11-30 $_n: no cause claimed"
		;;
	*)
		like "$(jget "$OUT" 'd["cause_here"]')" "$_cause" \
			"11-30 $_n: the cause here: $_cause"
		;;
	esac
}
BOGUS=GPU-00000000-1111-2222-3333-444444444444
gpu cvd-empty-torch NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=
gpu cvd-minus1-torch NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=-1
gpu cvd-range-torch NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=3
gpu cvd-uuid-torch NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=$BOGUS
gpu cvd-minus1-jax NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=-1
gpu cvd-uuid-jax NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=$BOGUS
gpu cvd-empty-cupy NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=
gpu cvd-empty-numba NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=
# Triton's "0 active drivers ([])": torch saw no GPU
gpu cvd-empty-triton NO-DRIVER CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=
# a backend JAX_PLATFORMS names that no plugin provides
gpu jax-rocm NO-DRIVER JAX_PLATFORMS JAX_PLATFORMS=rocm
# ONNX Runtime's provider list: the venv's onnxruntime is the CPU package
gpu ort-cpu F27 "CPU-only" CUDA_VISIBLE_DEVICES=0
gpu oom-torch CUDA-OOM - CUDA_VISIBLE_DEVICES=0
# torch's cuDNN 9 with only its first three libraries in a directory first
# on LD_LIBRARY_PATH: cuDNN's own "Unable to load any of {...}"
P=/tmp/part
MKCUDNN_LIBS="cudnn graph ops" mk_cudnn9 "$R2$P" 9.19.0 wheel >/dev/null
gpu part-cudnn-torch F7 incomplete LD_LIBRARY_PATH=$P
gpu nocnn-cudnn-torch F7 incomplete LD_LIBRARY_PATH=$P
# doctor on that root: F8, whose first fix takes the directory out of
# LD_LIBRARY_PATH (the loader then takes a whole set), then install
LD_LIBRARY_PATH=$P cds --root "$R2" doctor --json
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] == "F8"]')" \
	"['F8']" "11-30: the partial copy first on LD_LIBRARY_PATH is F8"
like "$(fix_command "$OUT" F8)" "grep -Fvx $P" \
	"11-30: F8's first fix drops the directory from LD_LIBRARY_PATH"
# the same texts without the causes: not those
gpu cvd-empty-torch NO-DRIVER !CUDA_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES=0
gpu jax-rocm NO-DRIVER !JAX_PLATFORMS CUDA_VISIBLE_DEVICES=0
gpu part-cudnn-torch F7 !incomplete CUDA_VISIBLE_DEVICES=0
done_testing
