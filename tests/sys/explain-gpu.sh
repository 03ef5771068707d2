#!/bin/sh
# The texts torch 2.11 and jax 0.11.2 printed on a real H200 (driver 580)
# with CUDA_VISIBLE_DEVICES set and empty (tests/realworld/gpu/
# h200-2026-11-28: cvd-torch.txt, cvd-jax.txt): explain recognises both as
# no device visible, and the cause it finds is the variable when it is set
# and empty here, not when it is unset (doctor's ENV-CUDA-VISIBLE shows
# it); a GPU machine's root (its /proc/driver/nvidia/gpus) makes that
# finding an error.
. "$CDS_SRCDIR/tests/lib.sh"
plan 8

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
done_testing
