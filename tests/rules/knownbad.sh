#!/bin/sh
# doctor's KNOWN-BAD rule: an installed release the index marks known bad
# (its known_bad entries, from manifests/data/known-bad.tsv) is flagged with
# the reason and the source; the same copy with another CUDA, or a release
# outside the range, is not.  The index is the test index with the shipped
# index's entry for cuDNN 9.0-9.10.0 with CUDA 12.9 (cuBLAS 12.9) added.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 5

W=$(mktemp -d); cleanup_later "$W"
cp -R "$CDS_DATADIR/manifests" "$W/m"
python3 - "$W/m/index.json" "$CDS_SRCDIR/manifests/index.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["known_bad"] = [k for k in json.load(open(sys.argv[2]))["known_bad"]
                  if k["kind"] == "cudnn" and k.get("with_cuda") == "12.9"]
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
C=/home/user/miniconda3
S=$C/envs/jax/lib/python3.11/site-packages
# root CUDNN CUBLAS: an env with pip's cuDNN CUDNN and cuBLAS CUBLAS wheels
mk_wheels() {
	_r=$(mk_sysroot); cleanup_later "$_r"
	mkdir -p "$_r$C/conda-meta" "$_r$C/envs/jax/conda-meta" "$_r$S"
	for _p in "nvidia_cudnn_cu12 $1" "nvidia_cublas_cu12 $2"; do
		set -- $_p
		mkdir -p "$_r$S/$1-$2.dist-info"
		printf 'Name: %s\nVersion: %s\n' "$(echo "$1" | tr _ -)" "$2" \
			>"$_r$S/$1-$2.dist-info/METADATA"
	done
	echo "$_r"
}
kb() { jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "KNOWN-BAD"]'; }

R=$(mk_wheels 9.10.0.56 12.9.0.13)
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.10.0 wheel
mk_solib "$R$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(kb)" "['cuDNN 9.10.0.56 in $S/nvidia/cudnn/lib is known bad with CUDA 12.9']" \
	"cuDNN 9.10.0 beside cuBLAS 12.9: flagged"
like "$(evidence "$OUT" KNOWN-BAD why)" 'cuDNN before 9\.10\.1 with cuBLAS 12\.9' \
	"with the reason"
like "$(evidence "$OUT" KNOWN-BAD with)$(evidence "$OUT" KNOWN-BAD source)" \
	'CUDA 12\.9 \(nvidia-cublas-cu12 12\.9\.0\.13\).*jax-ml/jax#28513' \
	"the CUDA it meets, read from the cuBLAS wheel, and the source"

R=$(mk_wheels 9.10.0.56 12.8.4.1)
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.10.0 wheel
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(kb)" "[]" "the same cuDNN beside cuBLAS 12.8: silent"

R=$(mk_wheels 9.10.1.4 12.9.0.13)
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.10.1 wheel
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(kb)" "[]" "cuDNN 9.10.1 beside cuBLAS 12.9: silent"

done_testing
