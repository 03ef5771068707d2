#!/bin/sh
# Doctor's rules on what the index knows of releases
# (src/doctor/rules_knownbad.c), each on the test index with the shipped
# index's rows it needs added:
# - KNOWN-BAD: an installed release the index marks known bad (its
#   known_bad entries, from manifests/data/known-bad.tsv) is flagged with
#   the reason and the source; the same copy with another CUDA, or a
#   release outside the range, is not (the shipped index's entry for cuDNN
#   9.0-9.10.0 with CUDA 12.9, cuBLAS 12.9);
# - LIB-MIN: the index's per-library minimums (lib_minimums, from
#   manifests/data/lib-minimums.tsv: JAX's CUDA plugin needs cuDNN
#   >=9.8,<10, cuBLAS >=12.1.3.1, ...).  An env with jax-cuda12-plugin
#   whose nvidia-* wheel beside it is older than the minimum (or at the
#   upper bound) is flagged with the wheel, the minimum, its source and the
#   pip command; the same env with wheels that meet them is silent.  plan
#   --for jax-cuda12-plugin picks a CUDA release whose libraries meet the
#   minimums, the next one of the line when the first does not, and says
#   which minimum nothing meets.  And a framework row whose CUDA minor is
#   newer than NVIDIA's matrix lists for its cuDNN (TensorFlow 2.16.1:
#   CUDA 12.3 with cuDNN 8.9) plans as that tested pair, with a warning
#   (the shipped index's JAX and TensorFlow rows and minimums).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 22

# ---- KNOWN-BAD --------------------------------------------------------------
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

# ---- LIB-MIN ----------------------------------------------------------------
W=$(mktemp -d); cleanup_later "$W"
cp -R "$CDS_DATADIR/manifests" "$W/m"
python3 - "$W/m/index.json" "$CDS_SRCDIR/manifests/index.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
d["frameworks"] += [f for f in s["frameworks"]
                    if f["name"].startswith("jax-cuda12")
                    or (f["name"] == "tensorflow" and f["version"] == "2.16.1")]
d["lib_minimums"] = [l for l in s["lib_minimums"]
                     if l["package"].startswith("jax-cuda12")]
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
# the same index with JAX 0.6's cuBLAS minimum raised above CUDA 12.1.1's
# cuBLAS (12.1.3.1) to the one of the next release in the test index
python3 - "$W/m/index.json" "$W/m/raised.json" "$W/m/nvidia" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
nv = json.load(open(sys.argv[3] + "/cuda_redistrib_12.4.1.json"))
for l in d["lib_minimums"]:
    if l["component"] == "libcublas" and l["versions"].startswith("0.6"):
        l["min"] = nv["libcublas"]["version"]
json.dump(d, open(sys.argv[2], "w"), indent=2)
PY
cublas_1241=$(python3 -c 'import json,sys
print(json.load(open(sys.argv[1]))["libcublas"]["version"])' \
	"$W/m/nvidia/cuda_redistrib_12.4.1.json")

S=$C/envs/jax/lib/python3.11/site-packages
# root PKG=VER...: an env with these dist-infos (METADATA) and, for
# cuDNN and cuBLAS, their libraries where pip puts them
mk_jax_env() {
	_r=$(mk_sysroot); cleanup_later "$_r"
	mkdir -p "$_r$C/conda-meta" "$_r$C/envs/jax/conda-meta" "$_r$S"
	for _p in "$@"; do
		_n=${_p%%=*} _v=${_p#*=}
		mkdir -p "$_r$S/$_n-$_v.dist-info"
		printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' \
			"$(echo "$_n" | tr _ -)" "$_v" \
			>"$_r$S/$_n-$_v.dist-info/METADATA"
		case $_n in
		nvidia_cudnn_cu12)
			[ "${_v%%.*}" = 9 ] || continue
			mk_cudnn9 "$_r$S/nvidia/cudnn/lib" \
				"$(echo "$_v" | cut -d. -f1-3)" wheel ;;
		nvidia_cublas_cu12)
			mk_solib "$_r$S/nvidia/cublas/lib/libcublas.so.12" \
				libcublas.so.12 ;;
		esac
	done
	echo "$_r"
}
lm() { jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "LIB-MIN"]'; }

R=$(mk_jax_env jax_cuda12_plugin=0.6.2 jax_cuda12_pjrt=0.6.2 \
	nvidia_cudnn_cu12=9.1.1.17 nvidia_cublas_cu12=12.0.2.224 \
	nvidia_cufft_cu12=11.0.2.54)
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(jget "$OUT" '[f["title"].split(" ", 2)[2] for f in d["findings"] if f["id"] == "LIB-MIN"]')" \
	"['needs nvidia-cudnn-cu12>=9.8,<10; 9.1.1.17 is installed', 'needs nvidia-cublas-cu12>=12.1.3.1; 12.0.2.224 is installed']" \
	"cuDNN 9.1 and cuBLAS 12.0 beside the JAX 0.6.2 plugin and pjrt: each wheel flagged once"
like "$(evidence "$OUT" LIB-MIN installed)" \
	"nvidia-cublas-cu12 12\.0\.2\.224 in $S" "the wheel installed, where"
like "$(evidence "$OUT" LIB-MIN source)" \
	"jax_plugins/cuda/plugin_setup\.py.*080294cf" "with its source"
is "$(fix_command "$OUT" LIB-MIN 0)" \
	"$C/envs/jax/bin/python -m pip install 'nvidia-cudnn-cu12>=9.8,<10'" \
	"the fix: the env's own pip, the exact requirement"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "LIB-MIN"][0]')" \
	"error" "JAX refuses such a set: an error"

R=$(mk_jax_env jax_cuda12_plugin=0.6.2 nvidia_cudnn_cu12=10.0.0.1 \
	nvidia_cublas_cu12=12.1.3.1)
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(lm)" "['jax-cuda12-plugin 0.6.2 needs nvidia-cudnn-cu12>=9.8,<10; 10.0.0.1 is installed']" \
	"a cuDNN at the upper bound (10) is flagged; cuBLAS exactly at its minimum is not"

R=$(mk_jax_env jax_cuda12_plugin=0.5.3 nvidia_cudnn_cu12=9.1.1.17 \
	nvidia_cublas_cu12=12.1.3.1)
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(lm)" "[]" "the JAX 0.5.3 plugin needs cuDNN 9.1 only: silent"

R=$(mk_jax_env jax_cuda12_plugin=0.6.2 jax_cuda12_pjrt=0.6.2 \
	nvidia_cudnn_cu12=9.10.2.21 nvidia_cublas_cu12=12.9.1.4 \
	nvidia_cufft_cu12=11.4.1.4 nvidia_cusparse_cu12=12.5.10.65 \
	nvidia_cuda_cupti_cu12=12.9.79)
HOME=/home/user cds --root "$R" --manifest "$W/m/index.json" doctor --json
is "$(lm)" "[]" "a healthy JAX env (every wheel above its minimum): silent"
is "$RC" 0 "and doctor exits 0 on it"

# plan: the minimums decide the CUDA release
P=$(mk_sysroot); cleanup_later "$P"
names() { jget "$OUT" '" ".join(r["name"] for r in d["releases"])'; }
cds --root "$P" --manifest "$W/m/index.json" plan \
	--for jax-cuda12-plugin==0.6.2 --json
is "$RC" 0 "plan --for jax-cuda12-plugin==0.6.2: exit 0"
like "$(names)" "^cuda-12\.1\.1 cudnn-9\.22\." \
	"CUDA 12.1.1 (its cuBLAS is 12.1.3.1, the minimum) and the newest cuDNN 9"
cds --root "$P" --manifest "$W/m/raised.json" plan \
	--for jax-cuda12-plugin==0.6.2 --json
like "$(names)" "^cuda-12\.4\.1 " \
	"cuBLAS minimum $cublas_1241: 12.1.1 is passed over for 12.4.1"
cds --root "$P" --manifest "$W/m/raised.json" plan \
	--for jax-cuda12-plugin==0.6.2 --cuda 12.1.1
is "$RC" 2 "--cuda 12.1.1 against that minimum: refused (not found)"
like "$ERR" "needs libcublas $cublas_1241 or newer .*plugin_setup\.py.*CUDA 12\.1\.1 has 12\.1\.3\.1" \
	"naming the minimum, its source and what the release has"

# TensorFlow 2.16.1's tested pair: CUDA 12.3 (here the next release of
# the line, 12.4.1) with cuDNN 8.9, which NVIDIA lists for 12.0-12.2
cds --root "$P" --manifest "$W/m/index.json" plan --for tensorflow==2.16.1 \
	--json
is "$RC" 0 "plan --for tensorflow==2.16.1: exit 0 (was: no pair fits)"
is "$(names)" "cuda-12.4.1 cudnn-8.9.7.29-cuda12" \
	"the first CUDA 12 release at or above 12.3, cuDNN 8.9.7 for CUDA 12"
is "$(jget "$OUT" '" ".join(d["warnings"])')" "no-driver tested-pair" \
	"said: the framework's tested pair, beyond NVIDIA's matrix"

done_testing
