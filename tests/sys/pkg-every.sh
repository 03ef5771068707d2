#!/bin/sh
# Every finding about a pip, uv or conda env carries the env's own
# package-manager command (issue 25): as argv and undo_argv in --json and
# as the command in text, `ENV/bin/python -m pip ...` in a pip venv or a
# conda env's pip wheels, `uv pip ... --python ENV` in a venv uv made (no
# bin/pip there), `conda install -p ENV -c conda-forge ...` for conda's own
# packages.  Each finding is raised on the trees pip, uv and conda write
# (dist-info with METADATA, INSTALLER and RECORD, pyvenv.cfg, conda-meta),
# once in a pip venv and once in a uv venv (and in a conda env where conda
# owns the package); versions come from the env's METADATA pins or the
# shipped index, never from the test.  At the end, no fix of all these
# cases is a bare `pip` or an ENV/bin/pip.  The driver is its
# /proc/driver/nvidia/version; no case needs a GPU.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
plan 48

SHIP=$CDS_SRCDIR/manifests/index.json
PT=https://download.pytorch.org/whl
W=$(mktemp -d); cleanup_later "$W"
ALL=$W/all-fixes

doc() {	# doc ROOT ENV: doctor --json on the env, every fix kept in $ALL
	HOME=/home/user cds --root "$1" --manifest "$SHIP" doctor --json --env "$2"
	printf '%s' "$OUT" | python3 -c '
import json, sys
for f in json.load(sys.stdin)["findings"]:
    for x in f["fixes"]:
        print("%s\t%s" % (f["id"], x["command"]))
        if x.get("undo"): print("%s\t%s" % (f["id"], x["undo"]))
' >>"$ALL"
}
# argv JSON ID [N] [KEY]: the Nth (from 0) argv (KEY: undo_argv) of ID's
# fixes that have one, as one line
argv() {
	jget "$1" '" ".join([x for f in d["findings"] if f["id"] == "'"$2"'" for x in f["fixes"] if x.get("argv")]['"${3:-0}"'].get("'"${4:-argv}"'") or ["-"])'
}
# words V TOOL: the env's own install words
words() {
	if [ "$2" = uv ]; then echo "uv pip install --python $1"; else echo "$1/bin/python -m pip install"; fi
}
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 550.54.15

for T in pip uv; do
	# F13: torch's pinned cuDNN and cuBLAS wheels gone
	V=/home/user/f13$T; S=$(mk_venv "$R$V" $T)
	dist "$S" torch 2.5.1+cu124 'nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux"' 'nvidia-cublas-cu12==12.4.5.8; platform_system == "Linux"'
	mkdir -p "$S/torch/lib"; printf "__version__ = '2.5.1+cu124'\ncuda = '12.4'\n" >"$S/torch/version.py"
	mk_solib "$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so -R '$ORIGIN/../../nvidia/cudnn/lib' -N libcudnn.so.9 -N libcublas.so.12
	doc "$R" "$V"
	is "$(argv "$OUT" F13)" "$(words $V $T) nvidia-cudnn-cu12==9.1.0.70 nvidia-cublas-cu12==12.4.5.8" "F13 ($T): torch's own pins, with the env's tool"
	unlike "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" "cudnn-setup install" "F13 ($T): no cudnn-setup install in the env's place"

	# F5: the cuDNN wheel's own cuBLAS gone
	V=/home/user/f5$T; S=$(mk_venv "$R$V" $T)
	dist "$S" nvidia-cudnn-cu12 9.1.0.70 nvidia-cublas-cu12
	MKCUDNN_NEEDED="libcublas.so.12 libcublasLt.so.12" mk_cudnn9 "$S/nvidia/cudnn/lib" 9.1.0 wheel
	doc "$R" "$V"
	is "$(argv "$OUT" F5) / $(argv "$OUT" F5 0 undo_argv)" "$(words $V $T) nvidia-cublas-cu12 / $(words $V $T | sed 's/install/uninstall/')$([ $T = pip ] && echo ' -y') nvidia-cublas-cu12" \
		"F5 ($T): the wheel cuDNN's METADATA names, no version invented; back: removed"

	# F8: a cuDNN wheel without its engine libraries
	V=/home/user/f8$T; S=$(mk_venv "$R$V" $T)
	dist "$S" nvidia-cudnn-cu12 9.1.0.70 nvidia-cublas-cu12
	MKCUDNN_LIBS="cudnn graph ops" mk_cudnn9 "$S/nvidia/cudnn/lib" 9.1.0 wheel
	doc "$R" "$V"
	is "$(argv "$OUT" F8)" "$(words $V $T) --force-reinstall --no-deps nvidia-cudnn-cu12==9.1.0.70" "F8 ($T): reinstall the wheel at its dist-info's version"

	# LIB-TRUNCATED: a cut library of the cuDNN wheel
	V=/home/user/tr$T; S=$(mk_venv "$R$V" $T)
	dist "$S" nvidia-cudnn-cu12 9.1.0.70 nvidia-cublas-cu12
	mk_cudnn9 "$S/nvidia/cudnn/lib" 9.1.0 wheel
	f=$S/nvidia/cudnn/lib/libcudnn_ops.so.9
	head -c $(( $(stat -c %s "$f") / 2 )) "$f" >"$f.x" && mv "$f.x" "$f"
	doc "$R" "$V"
	is "$(argv "$OUT" LIB-TRUNCATED)" "$(words $V $T) --force-reinstall --no-deps nvidia-cudnn-cu12==9.1.0.70" "LIB-TRUNCATED ($T): reinstall the wheel"

	# KNOWN-BAD: cuDNN 9.5.1 with cuBLAS 12.9 (manifests/data/known-bad.tsv)
	V=/home/user/kb$T; S=$(mk_venv "$R$V" $T)
	dist "$S" nvidia-cudnn-cu12 9.5.1.17 nvidia-cublas-cu12; mk_cudnn9 "$S/nvidia/cudnn/lib" 9.5.1 wheel
	dist "$S" nvidia-cublas-cu12 12.9.0.13
	mk_solib "$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12
	mk_solib "$S/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
	doc "$R" "$V"
	is "$(argv "$OUT" KNOWN-BAD) / $(argv "$OUT" KNOWN-BAD 0 undo_argv)" "$(words $V $T) nvidia-cudnn-cu12>=9.10.1 / $(words $V $T) nvidia-cudnn-cu12==9.5.1.17" \
		"KNOWN-BAD ($T): the index's oldest good release, and back"

	# NCCL-SYMBOL: nvidia-nccl-cu11 over torch's NCCL (tests/rules/wheels.sh)
	V=/home/user/nc$T; S=$(mk_venv "$R$V" $T)
	mk_solib "$W/nccl-2.27.3" libnccl.so.2 -D STUB_SYMBOL=ncclMemFree
	mk_solib "$W/nccl-2.14.3" libnccl.so.2 -D STUB_SYMBOL=ncclCommInitRank
	mkdir -p "$S/nvidia/nccl/lib" "$S/torch/lib"
	cp "$W/nccl-2.27.3" "$S/nvidia/nccl/lib/libnccl.so.2"
	mk_dist "$S" nvidia-nccl-cu12 2.27.3
	mk_dist "$S" torch 2.5.1+cu121 'Requires-Dist: nvidia-nccl-cu12==2.27.3; platform_system == "Linux"'
	printf "cuda = '12.1'\n" >"$S/torch/version.py"
	mk_solib "$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so -R '$ORIGIN/../../nvidia/nccl/lib' \
		-n "$S/nvidia/nccl/lib/libnccl.so.2" -D STUB_SYMBOL=torch_cuda_entry -D STUB_CALL=ncclMemFree
	rec "$S" nvidia-nccl-cu12 2.27.3 nvidia/nccl/lib/libnccl.so.2
	cp "$W/nccl-2.14.3" "$S/nvidia/nccl/lib/libnccl.so.2"
	mk_dist "$S" nvidia-nccl-cu11 2.14.3
	rec "$S" nvidia-nccl-cu11 2.14.3 nvidia/nccl/lib/libnccl.so.2
	doc "$R" "$V"
	if [ $T = uv ]; then RM="uv pip uninstall --python $V"; else RM="$V/bin/python -m pip uninstall -y"; fi
	is "$(argv "$OUT" NCCL-SYMBOL 0) / $(argv "$OUT" NCCL-SYMBOL 0 undo_argv)" "$RM nvidia-nccl-cu11 / $(words $V $T) nvidia-nccl-cu11==2.14.3" \
		"NCCL-SYMBOL ($T): the other NCCL out, and back"
	is "$(argv "$OUT" NCCL-SYMBOL 1)" "$(words $V $T) --force-reinstall --no-deps nvidia-nccl-cu12==2.27.3" "NCCL-SYMBOL ($T): torch's pinned NCCL again"

	# BNB-BINARY: no binary for torch's CUDA 12.9
	V=/home/user/bnb$T; S=$(mk_venv "$R$V" $T)
	mk_dist "$S" torch 2.8.0+cu129; mkdir -p "$S/torch/lib"; printf "cuda = '12.9'\n" >"$S/torch/version.py"
	mk_dist "$S" bitsandbytes 0.46.1
	mk_solib "$S/bitsandbytes/libbitsandbytes_cuda118.so" libbitsandbytes_cuda118.so
	doc "$R" "$V"
	is "$(argv "$OUT" BNB-BINARY) / $(argv "$OUT" BNB-BINARY 0 undo_argv)" "$(words $V $T) -U bitsandbytes / $(words $V $T) bitsandbytes==0.46.1" \
		"BNB-BINARY ($T): upgrade, no version invented, and back"

	# TORCH-ABI: vllm 0.8.1 requires torch==2.6.0 over torch 2.5.1+cu124
	V=/home/user/abi$T; S=$(mk_venv "$R$V" $T)
	SYM=_ZNK3c1011StorageImpl27throw_data_ptr_access_errorEv
	mk_dist "$S" torch 2.5.1+cu124; mkdir -p "$S/torch/lib"; printf "cuda = '12.4'\n" >"$S/torch/version.py"
	mk_solib "$S/torch/lib/libc10.so" libc10.so -D STUB_SYMBOL=_ZN3c1019UndefinedTensorImpl10_singletonE
	mk_solib "$S/torch/lib/libtorch_cpu.so" libtorch_cpu.so -n "$S/torch/lib/libc10.so"
	mk_solib "$S/vllm/_C.abi3.so" _C.abi3.so -n "$S/torch/lib/libc10.so" -D STUB_SYMBOL=PyInit__C -D STUB_CALL=$SYM
	mk_dist "$S" vllm 0.8.1 'Requires-Dist: torch==2.6.0'
	rec "$S" vllm 0.8.1 vllm/_C.abi3.so
	doc "$R" "$V"
	is "$(argv "$OUT" TORCH-ABI) / $(argv "$OUT" TORCH-ABI 0 undo_argv)" \
		"$(words $V $T) torch==2.6.0+cu124 --index-url $PT/cu124 / $(words $V $T) torch==2.5.1+cu124 --index-url $PT/cu124" \
		"TORCH-ABI ($T): the release vllm pins, in the build there (+cu124 and its index), and back"

	# F27: a CPU build of torch on a machine with the driver
	V=/home/user/cpu$T; S=$(mk_venv "$R$V" $T); mk_dist "$S" torch 2.5.1+cpu
	doc "$R" "$V"
	is "$(argv "$OUT" F27)" "$(words $V $T) torch==2.5.1+cu124 --index-url $PT/cu124" "F27 ($T): the index's CUDA build of that release that runs on driver 550"

	# F29: TensorFlow 2.15 with no CUDA wheels
	V=/home/user/tf$T; S=$(mk_venv "$R$V" $T); dist "$S" tensorflow 2.15.0
	mkdir -p "$S/tensorflow/python/platform"
	printf "cuda_version = '12.2'\ncudnn_version = '8'\n" >"$S/tensorflow/python/platform/build_info.py"
	doc "$R" "$V"
	is "$(argv "$OUT" F29)" "$(words $V $T) tensorflow[and-cuda]==2.15.0" "F29 ($T): TensorFlow's CUDA extra at its release"

	# F31: the JAX plugin ahead of jaxlib
	V=/home/user/jx$T; S=$(mk_venv "$R$V" $T)
	dist "$S" jax 0.4.28; dist "$S" jaxlib 0.4.28+cuda12.cudnn89
	dist "$S" jax-cuda12-plugin 0.4.30; dist "$S" jax-cuda12-pjrt 0.4.30
	doc "$R" "$V"
	is "$(argv "$OUT" F31)" "$(words $V $T) jax[cuda12]==0.4.28" "F31 ($T): jax's CUDA extra at jaxlib's release"

	# F14: ONNX Runtime alone, no cuDNN or CUDA wheels
	V=/home/user/ort$T; S=$(mk_venv "$R$V" $T)
	dist "$S" onnxruntime-gpu 1.20.1 coloredlogs
	mkdir -p "$S/onnxruntime/capi"
	mk_solib "$S/onnxruntime/capi/libonnxruntime_providers_cuda.so" libonnxruntime_providers_cuda.so \
		-N libcublasLt.so.12 -N libcublas.so.12 -N libcudnn.so.9 -N libcudart.so.12
	doc "$R" "$V"
	like "$(argv "$OUT" F14)" "^$(words $V $T) nvidia-cudnn-cu12==9\.\* nvidia-cublas-cu12" "F14 ($T): cuDNN 9's wheel for CUDA 12, the CUDA wheels without versions"

	# F7 and F6: CTranslate2 alone, no cuDNN
	V=/home/user/ct9$T; S=$(mk_venv "$R$V" $T); dist "$S" ctranslate2 4.5.0 numpy
	doc "$R" "$V"
	is "$(argv "$OUT" F7)" "$(words $V $T) nvidia-cudnn-cu12==9.*" "F7 ($T): cuDNN 9's wheel"
	is "$(argv "$OUT" F7 1) / $(argv "$OUT" F7 1 undo_argv)" "$(words $V $T) ctranslate2==4.4.0 / $(words $V $T) ctranslate2==4.5.0" "F7 ($T): or CTranslate2 for cuDNN 8, and back"
	V=/home/user/ct8$T; S=$(mk_venv "$R$V" $T); dist "$S" ctranslate2 4.4.0 numpy
	doc "$R" "$V"
	is "$(argv "$OUT" F6)" "$(words $V $T) nvidia-cudnn-cu12==8.*" "F6 ($T): cuDNN 8's wheel"
done

# conda's own packages: conda install -p ENV -c conda-forge
mk_driver "$R" 550.54.15
S=$(mk_env "$R" pt 3.10)
mk_dist "$R$S" tensorflow 2.13.0
echo '{"name": "cudnn", "version": "8.2.1"}' >"$R$C/envs/pt/conda-meta/cudnn-8.2.1-cuda11.3_0.json"
mk_cudnn8 "$R$C/envs/pt/lib" 8.2.1
doc "$R" pt
is "$(argv "$OUT" F3) / $(argv "$OUT" F3 0 undo_argv)" "conda install -p $C/envs/pt -c conda-forge cudnn=8.6 / conda install -p $C/envs/pt -c conda-forge cudnn=8.2.1" \
	"F3 (conda): conda-forge's cudnn at TensorFlow's cuDNN, and back"
is "$(argv "$OUT" F3 1)" "conda remove -p $C/envs/pt --force cudnn" "F3 (conda): or conda's cudnn out"
S=$(mk_env "$R" c 3.10)
echo '{}' >"$R$C/envs/c/conda-meta/pytorch-2.1.0-py3.10_cpu_0.json"
doc "$R" c
is "$(argv "$OUT" F27) / $(argv "$OUT" F27 0 undo_argv)" \
	"env CONDA_OVERRIDE_CUDA=12 conda install -p $C/envs/c -c conda-forge pytorch=*=*cuda* / conda install -p $C/envs/c -c conda-forge pytorch=2.1.0=py3.10_cpu_0" \
	"F27 (conda): a CUDA build, and back to the very build"
S=$(mk_env "$R" cc 3.10)
echo '{"name": "cudnn", "version": "8.9.7.29"}' >"$R$C/envs/cc/conda-meta/cudnn-8.9.7.29-h092f7fd_3.json"
mk_cudnn8 "$R$C/envs/cc/lib" 8.9.7
f=$R$C/envs/cc/lib/libcudnn_ops_infer.so.8
head -c $(( $(stat -c %s "$f") / 2 )) "$f" >"$f.x" && mv "$f.x" "$f"
doc "$R" cc
is "$(argv "$OUT" LIB-TRUNCATED)" "conda install -p $C/envs/cc -c conda-forge --force-reinstall cudnn=8.9.7.29" "LIB-TRUNCATED (conda): conda reinstalls its cudnn"

# F16 for JAX's CUDA 13 plugin under driver 550 (CUDA 12): the same
# release's cuda12 extra, the CUDA 13 plugin and its PJRT out first; one
# finding for the plugin and its PJRT
for T in pip uv; do
	V=/home/user/jax$T; S=$(mk_venv "$R$V" $T)
	for p in jax jaxlib jax-cuda13-plugin jax-cuda13-pjrt; do
		dist "$S" $p 0.8.0
	done
	doc "$R" "$V"
	is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F16"])')" 1 \
		"F16 JAX ($T): one finding for the plugin and its PJRT"
	u=$(words $V $T | sed 's/ install/ uninstall/'); [ $T = pip ] && u="$u -y"
	is "$(argv "$OUT" F16) / $(argv "$OUT" F16 1)" \
		"$u jax-cuda13-plugin jax-cuda13-pjrt / $(words $V $T) jax[cuda12]==0.8.0" \
		"F16 JAX ($T): the CUDA 13 plugin out, the same release's cuda12 extra in"
	is "$(argv "$OUT" F16 1 undo_argv)" "$u jax-cuda12-plugin jax-cuda12-pjrt" \
		"F16 JAX ($T): and the way back"
done
# healthy: the same env under driver 580 (CUDA 13) has no F16 at all
R13=$(mk_sysroot); cleanup_later "$R13"
mk_driver "$R13" 580.65.06
S=$(mk_venv "$R13/home/user/jax13")
for p in jax jaxlib jax-cuda13-plugin jax-cuda13-pjrt; do dist "$S" $p 0.8.0; done
doc "$R13" /home/user/jax13
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] in ("F16", "F31")]')" "[]" \
	"JAX's CUDA 13 plugin under driver 580: no F16, no F31"
# under a driver for CUDA 11 no JAX of today has a build: words only
R11=$(mk_sysroot); cleanup_later "$R11"
mk_driver "$R11" 470.82.01
S=$(mk_venv "$R11/home/user/jax11")
for p in jax jaxlib jax-cuda13-plugin jax-cuda13-pjrt; do dist "$S" $p 0.8.0; done
doc "$R11" /home/user/jax11
is "$(jget "$OUT" '[len(x.get("argv") or []) for f in d["findings"] if f["id"] == "F16" for x in f["fixes"]]')" "[0]" \
	"F16 JAX under driver 470: the words only, no command (no JAX build runs there)"

# across every case: never a bare pip, never ENV/bin/pip (a uv venv has none)
BAD=$(python3 - "$ALL" <<'EOF'
import sys
for line in open(sys.argv[1]):
    if "\t" not in line:
        continue
    fid, cmd = line.rstrip("\n").split("\t", 1)
    w = cmd.replace("'", " ").split()
    for i, t in enumerate(w):
        if t.endswith("/bin/pip") or (t == "pip" and
                w[i + 1:i + 2] in (["install"], ["uninstall"]) and
                (i == 0 or w[i - 1] not in ("-m", "uv"))):
            print(line.strip())
            break
EOF
)
is "$BAD" "" "no fix of these findings is a bare pip or an ENV/bin/pip"
ok "$([ "$(grep -c . "$ALL")" -ge 60 ]; echo $?)" "and there were fixes to read ($(grep -c . "$ALL"))"
done_testing
