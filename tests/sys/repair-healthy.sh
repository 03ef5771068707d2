#!/bin/sh
# Healthy envs and machines give no error finding and no repair plan:
#  1. a pip torch env built from the real NVIDIA libraries of this machine
#     (/usr/local/cuda, CUDA 13 and cuDNN 9.19) placed in the wheels'
#     layout, with torch's dist-info and version.py matching them; the real
#     ld.so loads its extension module with them;
#  2. pip torch 2.3.0 with its nvidia-*-cu12 wheels (cuDNN 8.9.2.26): its
#     build is read from what is installed, not from the framework table's
#     first torch 2.3 row (cu118), so nothing is downloaded;
#  3. a conda env whose cudnn package matches its pytorch build;
#  4. this machine's own system CUDA 13 + cuDNN 9.19 (no env).
# False errors and needless plans are counted; the goal is none.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 12

T=$(mktemp -d); cleanup_later "$T"
HOME=$T/home; export HOME
C=$HOME/miniconda3
mkdir -p "$C/conda-meta"
CUDA=/usr/local/cuda/lib64
cases=0 false_errors=0 needless=0

# healthy NAME [ENV-ARGS...]: doctor has no error, repair plans nothing
healthy() {
	_what=$1
	shift
	cases=$((cases + 1))
	cds doctor --json "$@"
	_errs=$(jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] == "error"]')
	is "$_errs" "[]" "$_what: no error finding"
	[ "$_errs" = "[]" ] || false_errors=$((false_errors + 1))
	cds repair --dry-run --json "$@"
	_plan=$(jget "$OUT" 'str(len(d["operations"]))+" "+str(d["install"])')
	is "$RC:$_plan" "0:0 None" "$_what: repair plans nothing"
	[ "$_plan" = "0 None" ] || needless=$((needless + 1))
}

# link or copy a library of the machine into a wheel's directory
place() {
	mkdir -p "$2"
	ln -f "$1" "$2/${1##*/}" 2>/dev/null || cp "$1" "$2/"
}

# ---- 1. pip torch with wheels made of the real CUDA 13 and cuDNN 9.19 ---
if [ -f "$CUDA/libcudnn.so.9" ] && [ -f "$CUDA/libcublasLt.so.13" ] &&
    have_python; then
	E=$C/envs/pt
	S=$E/lib/python3.12/site-packages
	mkdir -p "$E/conda-meta" "$S/torch/lib"
	for f in "$CUDA"/libcudnn*.so.9; do
		place "$(readlink -f "$f")" "$S/nvidia/cudnn/lib"
	done
	for n in libcudart.so.13 libcublas.so.13 libcublasLt.so.13 \
	    libnvrtc.so.13 libnvJitLink.so.13; do
		place "$(readlink -f "$CUDA/$n")" "$S/nvidia/cu13/lib"
	done
	# the wheels' metadata as NVIDIA ships it with these libraries
	cp -r /usr/local/cuda/dist-info/nvidia_cudnn_cu13-*.dist-info \
		/usr/local/cuda/dist-info/nvidia_cuda_runtime-*.dist-info \
		/usr/local/cuda/dist-info/nvidia_cublas-*.dist-info "$S/"
	dnn=$(ls -d "$S"/nvidia_cudnn_cu13-*.dist-info)
	dnn=${dnn##*cu13-}
	dnn=${dnn%.dist-info}
	rt=$(ls -d "$S"/nvidia_cuda_runtime-*.dist-info)
	rt=${rt##*runtime-}
	rt=${rt%.dist-info}
	mkdir -p "$S/torch-2.9.0+cu130.dist-info"
	printf 'Metadata-Version: 2.1\nName: torch\nVersion: 2.9.0+cu130\nRequires-Dist: nvidia-cudnn-cu13==%s; platform_system == "Linux"\nRequires-Dist: nvidia-cuda-runtime==%s; platform_system == "Linux"\n' \
		"$dnn" "$rt" >"$S/torch-2.9.0+cu130.dist-info/METADATA"
	printf "__version__ = '2.9.0+cu130'\ncuda: Optional[str] = '13.0'\n" \
		>"$S/torch/version.py"
	mk_solib "$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
		-N libcudart.so.13 -N libcublas.so.13 -N libcublasLt.so.13 \
		-N libcudnn.so.9 \
		-R '$ORIGIN/../../nvidia/cu13/lib:$ORIGIN/../../nvidia/cudnn/lib'
	mk_solib "$S/torch/_C.cpython-312-x86_64-linux-gnu.so" _C.so \
		-R '$ORIGIN/lib' -n "$S/torch/lib/libtorch_cuda.so"
	# the real loader agrees: the module loads, its libraries are the
	# wheels'
	got=$(python3 -c 'import ctypes, sys
ctypes.CDLL(sys.argv[1])
maps = open("/proc/self/maps").read()
print(all(sys.argv[2] + "/nvidia/" + d + "/lib/" + n in maps for d, n in
    (("cudnn", "libcudnn.so.9"), ("cu13", "libcudart.so.13"),
     ("cu13", "libcublasLt.so.13"))))' "$S/torch/_C.cpython-312-x86_64-linux-gnu.so" "$S" 2>&1)
	is "$got" True "the real ld.so loads torch's module with the wheels' libraries"
	healthy "pip torch on real CUDA 13 wheels" --env pt
else
	skip 3 "no CUDA 13 and cuDNN 9 under /usr/local/cuda"
fi

# ---- 2. pip torch 2.3.0 with its nvidia-*-cu12 wheels ---------------------
E=$C/envs/pt23
S=$E/lib/python3.10/site-packages
mkdir -p "$E/conda-meta" "$S/torch/lib" "$S/nvidia/cublas/lib" \
	"$S/nvidia/cuda_runtime/lib"
mk_cudnn8 "$S/nvidia/cudnn/lib" 8.9.2 wheel
mk_solib "$S/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
mk_solib "$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12 \
	-n "$S/nvidia/cublas/lib/libcublasLt.so.12" -R '$ORIGIN'
mk_solib "$S/nvidia/cuda_runtime/lib/libcudart.so.12" libcudart.so.12
for d in nvidia_cudnn_cu12-8.9.2.26 nvidia_cublas_cu12-12.1.3.1 \
    nvidia_cuda_runtime_cu12-12.1.105 torch-2.3.0; do
	mkdir -p "$S/$d.dist-info"
	printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "${d%-*}" \
		"${d##*-}" >"$S/$d.dist-info/METADATA"
done
printf 'Requires-Dist: nvidia-cuda-runtime-cu12==12.1.105; platform_system == "Linux"\nRequires-Dist: nvidia-cudnn-cu12==8.9.2.26; platform_system == "Linux"\nRequires-Dist: nvidia-cublas-cu12==12.1.3.1; platform_system == "Linux"\n' \
	>>"$S/torch-2.3.0.dist-info/METADATA"
printf "__version__ = '2.3.0'\ncuda = '12.1'\n" >"$S/torch/version.py"
mk_solib "$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	-N libcudart.so.12 -N libcublas.so.12 -N libcublasLt.so.12 \
	-N libcudnn.so.8 \
	-R '$ORIGIN/../../nvidia/cublas/lib:$ORIGIN/../../nvidia/cuda_runtime/lib:$ORIGIN/../../nvidia/cudnn/lib'
mk_solib "$S/torch/_C.cpython-310-x86_64-linux-gnu.so" _C.so \
	-R '$ORIGIN/lib' -n "$S/torch/lib/libtorch_cuda.so"
healthy "pip torch 2.3.0 with its cu12 wheels" --env pt23
cds repair --env pt23 --dry-run
unlike "$(printf '%s' "$OUT" | sed -n '/^Operations/,$p')$(printf '%s' "$OUT" | grep -E '^(Missing for|Download)')" "install|Missing for|Download" \
	"torch 2.3.0: no CUDA download (the table's first torch 2.3 row is cu118)"

# ---- 3. a conda env whose cudnn package matches its pytorch ---------------
E=$C/envs/cd
S=$E/lib/python3.10/site-packages
mkdir -p "$E/conda-meta" "$S/torch/lib"
for m in pytorch-2.3.0-py3.10_cuda12.1_cudnn8.9.2_0 cudnn-8.9.2.26-cuda12_0 \
    cuda-cudart-12.1.105-0 libcublas-12.1.3.1-0; do
	echo '{}' >"$E/conda-meta/$m.json"
done
mk_cudnn8 "$E/lib" 8.9.2
mk_solib "$E/lib/libcudart.so.12.1.105" libcudart.so.12
ln -s libcudart.so.12.1.105 "$E/lib/libcudart.so.12"
mk_solib "$E/lib/libcublasLt.so.12.1.3.1" libcublasLt.so.12
ln -s libcublasLt.so.12.1.3.1 "$E/lib/libcublasLt.so.12"
mk_solib "$E/lib/libcublas.so.12.1.3.1" libcublas.so.12 \
	-n "$E/lib/libcublasLt.so.12" -R '$ORIGIN'
ln -s libcublas.so.12.1.3.1 "$E/lib/libcublas.so.12"
printf "__version__ = '2.3.0'\ncuda = '12.1'\n" >"$S/torch/version.py"
mk_solib "$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	-N libcudart.so.12 -N libcublas.so.12 -N libcudnn.so.8 \
	-R '$ORIGIN/../../../..'
healthy "a conda env with its matching cudnn package" --env cd

# ---- 4. this machine: the system's CUDA 13 and cuDNN 9.19 ----------------
if [ -f "$CUDA/libcudnn.so.9" ]; then
	# no envs: the system's Python is the target
	rm -rf "$C"
	healthy "this machine's system CUDA and cuDNN"
	like "$(printf '%s' "$OUT")" '"system": true' "... as the system's Python"
else
	skip 3 "no cuDNN 9 under /usr/local/cuda"
fi

diag "healthy cases: $cases, false errors: $false_errors, needless plans: $needless"
is "$false_errors $needless" "0 0" "no false error, no needless plan in $cases healthy cases"

done_testing
