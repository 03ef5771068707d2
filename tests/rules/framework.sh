#!/bin/sh
# Doctor's framework rules (src/doctor/rules_framework.c) on fake roots with
# conda-shaped envs, pip dist-info and tiny real libraries: F10/F11 (an
# older cuDNN first for TensorFlow and JAX), F15 and F30 (toolkit, driver
# and framework CUDA versions), the builds read from what is installed
# (PyTorch 2's annotated version.py, cuda = None, TensorFlow's
# is_cuda_build, ONNX Runtime's capi/; dist-packages and lib64
# site-packages of the system Python), F31 (JAX plugin versions), F14 (ONNX Runtime and pip's cuDNN), F7/F6
# (CTranslate2), F29 (TensorFlow's sonames), and F21 (kernel architectures
# read from .nv_fatbin against a GPU: the GPU is a test double, a fake
# libcuda.so.1 built from tests/fixtures/fake-gpu-libcuda.c; CuPy's and
# CTranslate2's wheels installed by a real pip into a real venv, read in
# their libraries or, without GPU code there, in the index's build row).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkfatbin.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
plan 100

mk_toolkit() {
	_t=$1/usr/local/cuda-$2
	mkdir -p "$_t/lib64" "$_t/bin"
	mk_solib "$_t/lib64/libcudart.so.${2%%.*}" "libcudart.so.${2%%.*}"
	printf '{"cuda": {"name": "CUDA SDK", "version": "%s"}}\n' "$2" >"$_t/version.json"
}
run_env_fix() {	# run_env_fix ROOT ENVPREFIX COMMAND: write the scripts
	sh -c "$(printf '%s' "$3" | sed "s#$2/etc/conda/#$1$2/etc/conda/#g")"
}

# ---- F10: TensorFlow with the env's older cuDNN first -----------------
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" tf 3.10)
mk_dist "$R$S" tensorflow 2.13.0
mkdir -p "$R$S/tensorflow/python/platform"
printf "cuda_version = '11.8'\ncudnn_version = '8'\n" >"$R$S/tensorflow/python/platform/build_info.py"
mk_cudnn8 "$R$C/envs/tf/lib" 8.4.1
HOME=/home/user CONDA_PREFIX=$C/envs/tf LD_LIBRARY_PATH=$C/envs/tf/lib cds --root "$R" doctor --json
is "$(titles "$OUT" F10)" "['tensorflow 2.13.0 in env tf was built with cuDNN 8.6; the first cuDNN it finds is 8.4.1 in $C/envs/tf/lib']" "F10 raised"
is "$(evidence "$OUT" F10 'TensorFlow says')" "['Loaded runtime CuDNN library: 8.4.1 but source was compiled with: 8.6']" "F10 in TensorFlow's words"
is "$(evidence "$OUT" F10 expected)" "['cuDNN 8.6 (manifest: tensorflow 2.13.0 linux-gpu)']" "F10: the expectation and its source"
NEW=$(LD_LIBRARY_PATH=$C/envs/tf/lib sh -c "$(fix_command "$OUT" F10); printf %s \"\$LD_LIBRARY_PATH\"")
HOME=/home/user CONDA_PREFIX=$C/envs/tf LD_LIBRARY_PATH=$NEW cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F10" "after the fix: gone"

# ---- F11 (F10, JAX's words) and F31 -----------------------------------
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" jx 3.11)
mk_dist "$R$S" jaxlib 0.4.28+cuda12.cudnn89
mk_cudnn8 "$R/opt/cudnn/lib" 8.6.0
mkdir -p "$R/etc/profile.d"
echo 'export LD_LIBRARY_PATH=/opt/cudnn/lib:$LD_LIBRARY_PATH' >"$R/etc/profile.d/cudnn.sh"
HOME=/home/user LD_LIBRARY_PATH=/opt/cudnn/lib cds --root "$R" doctor --json
is "$(evidence "$OUT" F10 'JAX says')" "['Found cuDNN version 8600, but JAX was built against version 8.9, which is newer']" "F11: JAX's words"
is "$(evidence "$OUT" F10 'put first by')" "['LD_LIBRARY_PATH entry /opt/cudnn/lib, set in /etc/profile.d/cudnn.sh:1']" "F11: the profile.d script that sets it"
mk_dist "$R$S" jax-cuda12-plugin 0.4.30
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F31)" "['env jx: jax-cuda12-plugin 0.4.30 does not match jaxlib 0.4.28+cuda12.cudnn89']" "F31 raised"
is "$(fix_command "$OUT" F31)" "$C/envs/jx/bin/python -m pip install 'jax[cuda12]==0.4.28'" "F31: the env's python -m pip"
# what that pip command leaves: the plugin at jaxlib's version
rm -rf "$R$S"/jax_cuda12_plugin-*.dist-info
mk_dist "$R$S" jax-cuda12-plugin 0.4.28
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F31" "matching plugin: gone"

# ---- F15 and F30 ----------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_toolkit "$R" 11.8.0
mk_toolkit "$R" 12.1.1
P=/usr/local/lib/python3.10/dist-packages
mkdir -p "$R$P/torch"
mk_dist "$R$P" torch 2.3.1+cu121
printf "cuda = '12.1'\n" >"$R$P/torch/version.py"
echo 'export CUDA_HOME=/usr/local/cuda-11.8.0' >"$R/home/user/.bashrc"
HOME=/home/user CUDA_HOME=/usr/local/cuda-11.8.0 cds --root "$R" doctor --json
is "$(titles "$OUT" F15)" "['the active toolkit is CUDA 11.8.0, torch 2.3.1+cu121 in $P was built with CUDA 12.1']" "F15 raised"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "F15"]')" "['warning']" "F15: a warning (majors differ)"
is "$(evidence "$OUT" F15 'made active by')" "['CUDA_HOME=/usr/local/cuda-11.8.0, set in /home/user/.bashrc:1']" "F15 names CUDA_HOME and where it is set"
is "$(evidence "$OUT" F15 'torch says')" "['The detected CUDA version (11.8.0) mismatches the version that was used to compile PyTorch (12.1)']" "F15 in torch's words"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "F30"]')" "['note']" "F30: a note"
like "$(evidence "$OUT" F30 framework)" "torch 2.3.1\+cu121 \($P\) was built with CUDA 12.1 \(torch/version.py\)" "F30: the framework's number, and where it was read"
like "$(evidence "$OUT" F30 'active toolkit')" "11.8.0 at /usr/local/cuda-11.8.0" "F30: the toolkit's number"
cmd=$(fix_command "$OUT" F15)
is "$cmd" 'export CUDA_HOME=/usr/local/cuda-12.1.1 PATH=/usr/local/cuda-12.1.1/bin:$PATH' "F15: point CUDA_HOME at the matching toolkit"
NEWHOME=$(sh -c "$cmd; printf %s \"\$CUDA_HOME\"")
HOME=/home/user CUDA_HOME=$NEWHOME cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F15|F30" "after the fix: no F15, and one number less (no F30)"

# ---- builds read from what is installed -----------------------------------
# PyTorch 2's version.py (an annotated assignment) for builds without a
# +cuXXX tag (Debian, conda-forge, a source build); cuda = None for a CPU
# build; TensorFlow's is_cuda_build; ONNX Runtime with and without its CUDA
# provider; the system Python's dist-packages and lib64 site-packages
R=$(mk_sysroot); cleanup_later "$R"
P=/usr/lib/python3/dist-packages
mkdir -p "$R$P/torch"
mkdir -p "$R$P/torch-2.6.0+debian.egg-info"
printf "from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']\n__version__ = '2.6.0+debian'\ndebug = False\ncuda: Optional[str] = '12.4'\ngit_version = 'Unknown'\nhip: Optional[str] = None\n" \
	>"$R$P/torch/version.py"
F=/usr/lib64/python3.12/site-packages
mkdir -p "$R$F/tensorflow/python/platform" "$R$F/onnxruntime/capi"
mk_dist "$R$F" tensorflow 2.16.1
printf "build_info = {'cpu_compiler': '/usr/bin/gcc', 'is_cuda_build': False, 'is_rocm_build': False}\n" \
	>"$R$F/tensorflow/python/platform/build_info.py"
mk_dist "$R$F" onnxruntime 1.21.0
printf "package_name = 'onnxruntime'\n__version__ = '1.21.0'\n" >"$R$F/onnxruntime/capi/build_and_package_info.py"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(p["name"], p["version"], p["cuda"], p["cpu_only"], p["cuda_source"]) for p in d["system_packages"]]')" \
	"[('torch', '2.6.0+debian', '12.4', False, 'torch/version.py'), ('onnxruntime', '1.21.0', None, True, 'onnxruntime/capi: no CUDA provider'), ('tensorflow', '2.16.1', None, True, 'tensorflow build_info.py')]" \
	"builds from version.py (annotated), build_info.py and capi/, in dist-packages and lib64"
cds --root "$R" doctor
like "$OUT" "12\\.4 +torch 2\\.6\\.0\\+debian" "text: torch's CUDA from version.py"
like "$OUT" "CPU-only +tensorflow 2\\.16\\.1" "text: CPU-only, not ?"
# a CPU-only torch without a +cpu tag (cuda = None), on a machine with a GPU
printf "__version__ = '2.5.1'\ncuda: Optional[str] = None\nhip: Optional[str] = None\n" >"$R$P/torch/version.py"
mk_driver "$R" 550.54.15
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(p["cuda"], p["cpu_only"]) for p in d["system_packages"] if p["name"] == "torch"]')" \
	"[(None, True)]" "torch with cuda = None: CPU-only, cuda null"
like "$(titles "$OUT" F27)" "torch 2\\.6\\.0\\+debian is a CPU-only build on a machine with an NVIDIA GPU" "F27 fires for it"
is "$(evidence "$OUT" F27 build)" "['CPU-only (torch/version.py)', 'CPU-only (tensorflow build_info.py)']" \
	"F27 for torch and TensorFlow, each saying where its build was read"
# a web UI's start-up check, which does not say why: the CPU-only torch here
HOME=/home/user cds --root "$R" explain --json 'AssertionError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to disable this check'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('CUDA-UNAVAILABLE', 0)" \
	"AUTOMATIC1111's 'Torch is not able to use GPU': the CPU-only build shown, cause 1"
# PyTorch's own warning, mixed precision turning itself off: the same
# check; a failure printed beside it says more and is the one named
HOME=/home/user cds --root "$R" explain --json 'UserWarning: torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('CUDA-UNAVAILABLE', 0)" \
	"GradScaler's 'but CUDA is not available.  Disabling': the CPU-only build shown, cause 1"
HOME=/home/user cds --root "$R" explain --json "UserWarning: User provided device_type of 'cuda', but CUDA is not available. Disabling
RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx"
is "$(jget "$OUT" 'd["id"]')" "NO-DRIVER" \
	"autocast's warning beside PyTorch's 'Found no NVIDIA driver': the failure is named"
# ONNX Runtime's GPU build names its CUDA
mkdir -p "$R$F/onnxruntime_gpu-1.20.1.dist-info"
printf 'Name: onnxruntime-gpu\nVersion: 1.20.1\n' >"$R$F/onnxruntime_gpu-1.20.1.dist-info/METADATA"
rm -rf "$R$F/onnxruntime-1.21.0.dist-info"
printf "package_name = 'onnxruntime-gpu'\n__version__ = '1.20.1'\ncuda_version = '12.2'\n" >"$R$F/onnxruntime/capi/build_and_package_info.py"
: >"$R$F/onnxruntime/capi/libonnxruntime_providers_cuda.so"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(p["name"], p["cuda"], p["cpu_only"]) for p in d["system_packages"] if p["name"].startswith("onnx")]')" \
	"[('onnxruntime-gpu', '12.2', False)]" "onnxruntime-gpu: its CUDA from build_and_package_info.py"

# ---- F14: ONNX Runtime and pip's cuDNN ------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" ort 3.11)
mk_dist "$R$S" onnxruntime-gpu 1.20.1
mkdir -p "$R$S/onnxruntime/capi"
printf "cuda_version = '12.2'\ncudnn_version = '9'\n" >"$R$S/onnxruntime/capi/version_info.py"
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.5.1 wheel
mk_solib "$R$S/nvidia/cuda_runtime/lib/libcudart.so.12" libcudart.so.12
mk_solib "$R$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12
mk_solib "$R$S/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
mk_solib "$R$S/nvidia/cufft/lib/libcufft.so.11" libcufft.so.11
mk_solib "$R$S/nvidia/curand/lib/libcurand.so.10" libcurand.so.10
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F14)" "['onnxruntime-gpu 1.20.1 in env ort needs libcudnn.so.9, which the loader cannot find']" "F14 raised"
like "$(evidence "$OUT" F14 'ONNX Runtime says')" "Failed to load library libonnxruntime_providers_cuda.so with error: libcudnn.so.9: cannot open shared object file: No such file or directory; Failed to create CUDAExecutionProvider. Require cuDNN 9.\* and CUDA 12.\*" "F14 in ONNX Runtime's words"
like "$(evidence "$OUT" F14 'not found')" "libcudnn.so.9: installed in $S/nvidia/cudnn/lib, which the loader does not search" "F14: pip's cuDNN is there, unseen"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F14" for x in f["fixes"] if x["action"] == "activate"]')" \
	"['$S/nvidia/cudnn/lib:$S/nvidia/cuda_runtime/lib:$S/nvidia/cublas/lib:$S/nvidia/cufft/lib:$S/nvidia/curand/lib']" "F14: activate the wheels' dirs"
# the provider library itself: its DT_NEEDED, read statically
mk_solib "$R$S/onnxruntime/capi/libonnxruntime_providers_cuda.so" libonnxruntime_providers_cuda.so \
	-N libcublasLt.so.12 -N libcublas.so.12 -N libcudnn.so.9 -N libcudart.so.12
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F14" for x in f["fixes"] if x["action"] == "activate"]')" \
	"['$S/nvidia/cudnn/lib:$S/nvidia/cublas/lib:$S/nvidia/cuda_runtime/lib']" "F14: with the provider library, exactly what it links"
run_env_fix "$R" "$C/envs/ort" "$(fix_command "$OUT" F14)"
HOME=/home/user cds --root "$R" doctor --json --env ort
unlike "$(finding_ids "$OUT")" "F14|F28" "after the activate script: no F14 (and the script is clean)"

# ---- F7 and F6: CTranslate2 ---------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R/etc/ld.so.conf"
echo /usr/lib/x86_64-linux-gnu >"$R/etc/ld.so.conf.d/x86_64-linux-gnu.conf"
mk_cudnn8 "$R/usr/lib/x86_64-linux-gnu" 8.9.7
S=$(mk_env "$R" fw 3.10)
mk_dist "$R$S" ctranslate2 4.5.0
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.1.0 wheel
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F7)" "['ctranslate2 4.5.0 in env fw needs cuDNN 9; the loader finds no libcudnn.so.9 (only cuDNN 8)']" "F7 raised"
is "$(evidence "$OUT" F7 'on the path')" "['cuDNN 8 in /usr/lib/x86_64-linux-gnu']" "F7: the cuDNN 8 it would see"
like "$(evidence "$OUT" F7 'not found')" "libcudnn.so.9: installed in $S/nvidia/cudnn/lib" "F7: cuDNN 9 is in the wheel"
run_env_fix "$R" "$C/envs/fw" "$(fix_command "$OUT" F7)"
HOME=/home/user cds --root "$R" doctor --json --env fw
unlike "$(finding_ids "$OUT")" "F7" "after the activate script: gone"
rm -rf "$R$C/envs/fw/etc" "$R$S"/ctranslate2-*.dist-info "$R$S/nvidia"
mk_dist "$R$S" ctranslate2 4.4.0
rm -f "$R/usr/lib/x86_64-linux-gnu"/libcudnn*
mk_cudnn8 "$R$S/nvidia/cudnn/lib" 8.9.7 wheel
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F6)" "['ctranslate2 4.4.0 in env fw needs cuDNN 8; the loader finds no libcudnn.so.8']" "F6: an older CTranslate2, cuDNN 8 only in the wheel"
run_env_fix "$R" "$C/envs/fw" "$(fix_command "$OUT" F6)"
HOME=/home/user cds --root "$R" doctor --json --env fw
unlike "$(finding_ids "$OUT")" "F6" "after the activate script: gone"

# ---- F29: TensorFlow's list of sonames -------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" tf3 3.11)
mk_dist "$R$S" tensorflow 2.15.0
mkdir -p "$R$S/tensorflow/python/platform"
printf "cuda_version = '12.2'\ncudnn_version = '8'\n" >"$R$S/tensorflow/python/platform/build_info.py"
mk_cudnn8 "$R$S/nvidia/cudnn/lib" 8.9.7 wheel
for l in cuda_runtime:libcudart.so.12 cublas:libcublas.so.12 cublas:libcublasLt.so.12 \
	curand:libcurand.so.10 cusolver:libcusolver.so.11 cusparse:libcusparse.so.12 \
	nvjitlink:libnvJitLink.so.12; do
	mk_solib "$R$S/nvidia/${l%%:*}/lib/${l#*:}" "${l#*:}"
done
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F29)" "['tensorflow 2.15.0 in env tf3 cannot dlopen libcufft.so.11']" "F29 names the one missing soname"
like "$(evidence "$OUT" F29 'TensorFlow says')" "Could not load dynamic library 'libcufft.so.11'.*Cannot dlopen some GPU libraries" "F29 in TensorFlow's words"
is "$(evidence "$OUT" F29 'built for')" "['CUDA 12.2, cuDNN 8.9; sonames from CUDA 12.4.1']" "F29: where the list comes from"
is "$(evidence "$OUT" F29 'not found')" "['libcufft.so.11: not installed anywhere the scan looked']" "F29: not installed"
like "$(fix_command "$OUT" F29)" "pip install 'tensorflow\[and-cuda\]==2.15.0'" "F29: install TensorFlow's CUDA wheels"
mk_solib "$R/usr/local/cuda-12.2/lib64/libcufft.so.11" libcufft.so.11
HOME=/home/user cds --root "$R" doctor --json
is "$(evidence "$OUT" F29 'not found')" "['libcufft.so.11: installed in /usr/local/cuda-12.2/lib64, which the loader does not search']" "F29: found off the path"
run_env_fix "$R" "$C/envs/tf3" "$(fix_command "$OUT" F29)"
HOME=/home/user cds --root "$R" doctor --json --env tf3
unlike "$(finding_ids "$OUT")" "F29" "after the activate script: gone"

# ---- TORCH-COMPANION in the system Python ---------------------------------
# pip's torch and torchvision in /usr/local (the pin as pip words it:
# "torchvision 0.19.1 requires torch==2.4.1", 2kpr/ComfyUI-PMRF#11), then
# Debian's, whose files dpkg owns: its package manager keeps them in step
R=$(mk_sysroot); cleanup_later "$R"
P=/usr/local/lib/python3.11/dist-packages
mkdir -p "$R$P/torch" "$R$P/torchvision"
mk_dist "$R$P" torch 2.5.1+cu121
printf "cuda = '12.1'\n" >"$R$P/torch/version.py"
mk_dist "$R$P" torchvision 0.19.1+cu121 "Requires-Dist: torch==2.4.1"
: >"$R$P/torchvision/__init__.py"
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" TORCH-COMPANION)" "['system: torchvision 0.19.1+cu121 is built for torch 2.4.1; torch 2.5.1+cu121 is installed']" "TORCH-COMPANION in the system Python's site dir"
is "$(fix_command "$OUT" TORCH-COMPANION)" "python3 -m pip install torch==2.5.1+cu121 torchvision --index-url https://download.pytorch.org/whl/cu121" "TORCH-COMPANION: python3's pip, torch kept"
rm -rf "$R$P"/torchvision-*.dist-info
mk_dist "$R$P" torchvision 0.20.1+cu121 "Requires-Dist: torch==2.5.1+cu121"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "TORCH-COMPANION" "a pin with torch's label, met by it exactly (PEP 440): no finding"
P=/usr/lib/python3/dist-packages
mkdir -p "$R$P" "$R/var/lib/dpkg/info"
mv "$R"/usr/local/lib/python3.11/dist-packages/* "$R$P/"
printf 'Package: python3-torchvision\nStatus: install ok installed\nArchitecture: amd64\nVersion: 0.19.1-1\n' >"$R/var/lib/dpkg/status"
printf '/.\n%s/torchvision/__init__.py\n' "$P" >"$R/var/lib/dpkg/info/python3-torchvision:amd64.list"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "TORCH-COMPANION" "torchvision's files are a dpkg package's: not pip's to change"

# ---- TORCH-LIB: PyTorch's own libraries, where the loader looks --------
# an extension imported before torch (Mamba-Install#1): libc10.so is in
# the env's torch/lib, a real ELF library the loader does not search
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" mamba 3.11)
mkdir -p "$R$S/torch/lib"
mk_dist "$R$S" torch 2.6.0+cu124
printf "cuda = '12.4'\n" >"$R$S/torch/version.py"
mk_solib "$R$S/torch/lib/libc10.so" libc10.so
HOME=/home/user cds --root "$R" explain --json 'ImportError: libc10.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('TORCH-LIB', 0)" \
	"libc10.so from an extension: TORCH-LIB, in torch's directory (cause 1)"
is "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "MSG-TORCH-LIB" for e in f["evidence"] if e["key"] in ("installed in", "torch")]')" \
	"['$S/torch/lib/libc10.so', '2.6.0+cu124']" "MSG-TORCH-LIB: the file and its torch"
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-TORCH-LIB" for x in f["fixes"]]')" \
	"import torch before the module that failed; a program of its own: export LD_LIBRARY_PATH=$S/torch/lib" \
	"MSG-TORCH-LIB: import torch first, else its lib directory on the path"
unlike "$(jget "$OUT" '[f["id"] for f in d["findings"]]')" "MSG-LIBRARY" \
	"PyTorch's library is not looked for as NVIDIA's (no 'development link' said of libc10.so)"
# a program of its own linked against libtorch_cuda.so (tch-rs#824), where
# the torch here is a CPU-only build: no PyTorch has it, F27 shows why
printf "__version__ = '2.6.0'\ncuda: Optional[str] = None\n" >"$R$S/torch/version.py"
HOME=/home/user cds --root "$R" explain --json 'target/debug/tch_test: error while loading shared libraries: libtorch_cuda.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('TORCH-LIB', 1)" \
	"libtorch_cuda.so from a program, torch a CPU-only build: no PyTorch here has it (cause 2)"
is "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "MSG-TORCH-LIB" for e in f["evidence"] if e["key"] == "state"]')" \
	"['not installed']" "MSG-TORCH-LIB: not in the CPU build"
# Python's import of the CUDA half where torch is a CPU build stays F27's
HOME=/home/user cds --root "$R" explain --json 'ImportError: libtorch_cuda.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["id"]')" "F27" "ImportError of libtorch_cuda.so: the CPU build's row, ranked first"
# the loader finds it here: the failing program ran with another environment
mkdir -p "$R/usr/local/libtorch/lib"
mk_solib "$R/usr/local/libtorch/lib/libtorch.so" libtorch.so
mkdir -p "$R/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R/etc/ld.so.conf"
echo /usr/local/libtorch/lib >"$R/etc/ld.so.conf.d/libtorch.conf"
HOME=/home/user cds --root "$R" explain --json 'ImportError: libtorch.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" '[(f["title"], [e["value"] for e in f["evidence"] if e["key"] == "state"]) for f in d["findings"] if f["id"] == "MSG-TORCH-LIB"]')" \
	"[('here the loader finds libtorch.so: /usr/local/libtorch/lib/libtorch.so', ['found by the loader'])]" \
	"MSG-TORCH-LIB: LibTorch on the loader's path here, a note"
is "$(jget "$OUT" 'd["verdict"]')" "None" "found here: no cause claimed"
# LibTorch unpacked where its guide puts it, off the loader's path (tch-rs#767)
rm "$R/etc/ld.so.conf.d/libtorch.conf"
HOME=/home/user cds --root "$R" explain --json 'target/release/myproject : error while loading shared libraries: libtorch.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["verdict"], [e["value"] for f in d["findings"] if f["id"] == "MSG-TORCH-LIB" for e in f["evidence"] if e["key"] == "installed in"]')" \
	"(0, ['/usr/local/libtorch/lib/libtorch.so'])" "MSG-TORCH-LIB: LibTorch in /usr/local/libtorch, off the loader's path (cause 1)"

# ---- F21: kernel architectures against the GPU (a test double) ----------
W=$(mktemp -d); cleanup_later "$W"
$CC -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$W/libcuda.so.1" "$CDS_SRCDIR/tests/fixtures/fake-gpu-libcuda.c"
G=$W/home/miniconda3/envs/g/lib/python3.11/site-packages
mkdir -p "$W/home/miniconda3/conda-meta" "$W/home/miniconda3/envs/g/conda-meta" "$G/torch/lib"
mk_dist "$G" torch 2.5.1+cu124
printf "cuda = '12.4'\n" >"$G/torch/version.py"
mk_fatbin_lib "$G/torch/lib/libtorch_cuda.so" libtorch_cuda.so "50 60 70 75 80 86 90" ""
HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=120 cds doctor --json --env g
is "$(titles "$OUT" F21)" "['torch 2.5.1+cu124 in env g has no kernels for this GPU (sm_120)']" "F21: sm_120 against sm_50..sm_90"
is "$(evidence "$OUT" F21 'cubins (SASS)')" "['sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90']" "F21: the architectures read from .nv_fatbin"
like "$(evidence "$OUT" F21 GPU)" "compute capability 12.0" "F21: the GPU's capability"
HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=89 cds doctor --json --env g
unlike "$(finding_ids "$OUT")" "F21" "sm_89 runs sm_86 cubins: no finding"
mk_fatbin_lib "$G/torch/lib/libtorch_cuda.so" libtorch_cuda.so "50 60 70 75 80 86 90" "90"
HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=120 cds doctor --json --env g
unlike "$(finding_ids "$OUT")" "F21" "with compute_90 PTX the driver can compile for sm_120: no finding"
HOME=$W/home CDS_FAKE_GPU_CC=120 cds doctor --json --env g
unlike "$(finding_ids "$OUT")" "F21" "no GPU (no libcuda): nothing claimed"
# the real thing, where nvcc is here: a library nvcc built
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$NVCC" ] && printf '__global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }\nvoid launch(float *x) { k<<<1, 32>>>(x); }\n' >"$W/k.cu" &&
	"$NVCC" -shared -Xcompiler -fPIC -gencode arch=compute_75,code=sm_75 \
		-gencode arch=compute_80,code=compute_80 -o "$G/torch/lib/libtorch_cuda.so" "$W/k.cu" >/dev/null 2>&1; then
	HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=70 cds doctor --json --env g
	is "$(evidence "$OUT" F21 'cubins (SASS)') $(evidence "$OUT" F21 PTX)" "['sm_75'] ['compute_80']" "nvcc's own fat binary read: sm_75 cubin, compute_80 PTX"
	HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=86 cds doctor --json --env g
	unlike "$(finding_ids "$OUT")" "F21" "sm_86 gets the compute_80 PTX: no finding"
else
	skip 2 "no working nvcc"
fi

# ---- F21 for wheels the index has build rows of (CuPy, CTranslate2) -----
# A real venv (python3 -m venv, its own pip) with wheels its pip installs
# offline (tests/fixtures/wheels.sh mk_wheel): the dist-info and RECORD
# are pip's.  Where the wheel's libraries carry a .nv_fatbin, they are
# read; where none does, the index's build row (wheel-builds.tsv) says
# what the wheel carries.  The GPU is the test double, with the CUDA its
# driver runs (CDS_FAKE_GPU_CUDA), so that the driver runs each wheel.
V=$W/wv
D=$W/wheels
mkdir -p "$D"
if python3 -m venv "$V" >/dev/null 2>&1 && "$V/bin/python" -m pip --version >/dev/null 2>&1; then
	vpip() {	# vpip ARGS: the venv's pip, offline, wheels from $D
		PIP_NO_INDEX=1 PIP_FIND_LINKS=$D PIP_DISABLE_PIP_VERSION_CHECK=1 \
			"$V/bin/python" -m pip "$@" >/dev/null 2>&1
	}
	wgpu() {	# wgpu CC CUDA: doctor on the GPU double, for the venv
		HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=$1 \
			CDS_FAKE_GPU_CUDA=$2 cds --manifest "$SHIP" doctor \
			--json --env "$V"
	}
	fixes() {	# fixes [KEY]: each command of F21, " | " between
		jget "$OUT" '" | ".join(" ".join(x["'"${1:-argv}"'"]) for f in d["findings"] if f["id"] == "F21" for x in f["fixes"] if "argv" in x)'
	}
	SHIP=$CDS_SRCDIR/manifests/index.json
	P=$V/bin/python
	# CuPy's wheels: the cupy module with an extension library without
	# GPU code of its own (CuPy compiles most kernels at run time)
	mk_solib "$W/core.so" core.cpython-312-x86_64-linux-gnu.so
	for n in cupy-cuda13x cupy-cuda12x; do
		mk_wheel "$D" $n 14.0.1 "cupy/_core/core.cpython-312-x86_64-linux-gnu.so=$W/core.so"
	done
	vpip install cupy-cuda13x==14.0.1
	# Pascal sm_61 with a driver that runs CUDA 13.0: cupy-cuda13x has
	# sm_75 to sm_120 and PTX compute_120
	wgpu 61 13000
	is "$(titles "$OUT" F21)" "['cupy-cuda13x 14.0.1 in env $V has no kernels for this GPU (sm_61)']" "F21: cupy-cuda13x on Pascal sm_61"
	like "$(evidence "$OUT" F21 'read from')" "the index's build row cupy-cuda13x 14 \(cuda13x\): none of the 1 libraries its RECORD lists has a .nv_fatbin" "F21: no fatbin in the wheel: the index's row"
	is "$(evidence "$OUT" F21 'cubins (SASS)') $(evidence "$OUT" F21 PTX)" "['sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120'] ['compute_120']" "F21: the row's cubins and PTX"
	like "$(evidence "$OUT" F21 'row source')" "cupy_builder/_compiler.py" "F21: the row's source"
	is "$(fixes)" "$P -m pip uninstall -y cupy-cuda13x | $P -m pip install cupy-cuda12x==14.0.1" "F21: the CUDA 12 wheel of the same release, the CUDA 13 one out first"
	is "$(fixes undo_argv)" "$P -m pip install cupy-cuda13x==14.0.1 | $P -m pip uninstall -y cupy-cuda12x" "F21: and the commands back"
	wgpu 75 13000
	unlike "$(finding_ids "$OUT")" "F21" "cupy-cuda13x on sm_75, its lowest cubin: no finding"
	HOME=$W/home CDS_FAKE_GPU_CC=61 cds --manifest "$SHIP" doctor --json --env "$V"
	unlike "$(finding_ids "$OUT")" "F21" "cupy-cuda13x, no GPU known (no driver): nothing claimed"
	# the fix, run: the venv's pip, offline
	wgpu 61 13000
	vpip $(jget "$OUT" '" ".join([x["argv"] for f in d["findings"] if f["id"] == "F21" for x in f["fixes"] if "argv" in x][0][3:])')
	vpip $(jget "$OUT" '" ".join([x["argv"] for f in d["findings"] if f["id"] == "F21" for x in f["fixes"] if "argv" in x][1][3:])')
	wgpu 61 13000
	is "$(ls -d "$V"/lib/python3*/site-packages/cupy_cuda1*.dist-info | sed 's#.*/##')" "cupy_cuda12x-14.0.1.dist-info" "pip ran the fix: cupy-cuda12x 14.0.1 alone"
	unlike "$(finding_ids "$OUT")" "F21" "applied: cupy-cuda12x (sm_50 to sm_120) on sm_61: no finding"
	vpip uninstall -y cupy-cuda12x

	# CTranslate2 4.6.3: its kernels in ctranslate2.libs (auditwheel's
	# copy of libctranslate2), read from their .nv_fatbin
	ct2wheel() {	# ct2wheel VERSION "SASS" "PTX"
		mk_solib "$W/ext.so" _ext.cpython-312-x86_64-linux-gnu.so
		mk_fatbin_lib "$W/libct2.so" "libctranslate2-d3ffa4a2.so.$1" "$2" "$3"
		mk_wheel "$D" ctranslate2 "$1" \
			"ctranslate2/_ext.cpython-312-x86_64-linux-gnu.so=$W/ext.so" \
			"ctranslate2.libs/libctranslate2-d3ffa4a2.so.$1=$W/libct2.so"
	}
	ct2wheel 4.6.3 "53 60 61 70 75 80 86" "86"
	ct2wheel 3.24.0 "35 50 53 60 61 70 75 80 86" "86"
	vpip install ctranslate2==4.6.3
	wgpu 52 12080
	is "$(titles "$OUT" F21)" "['ctranslate2 4.6.3 in env $V has no kernels for this GPU (sm_52)']" "F21: CTranslate2 4.6.3 on Maxwell sm_52"
	is "$(evidence "$OUT" F21 'read from')" "[\"the wheel's own libraries (.nv_fatbin of 1 of the 2 its RECORD lists)\"]" "F21: read in the wheel's own libraries"
	like "$(evidence "$OUT" F21 'kernels in')" "site-packages/ctranslate2.libs/libctranslate2-d3ffa4a2.so.4.6.3" "F21: the library that holds them"
	is "$(evidence "$OUT" F21 "the index's row")" "['ctranslate2 4.6.3-4.8.1 (cuda12): sm_53 sm_60 sm_61 sm_70 sm_75 sm_80 sm_86, PTX compute_86']" "F21: the index's row beside it"
	is "$(fixes) / $(fixes undo_argv)" "$P -m pip install ctranslate2==3.24.0 / $P -m pip install ctranslate2==4.6.3" "F21: 3.24.0, the newest with a Maxwell kernel, and back"
	wgpu 86 12080
	unlike "$(finding_ids "$OUT")" "F21" "ctranslate2 4.6.3 on sm_86: no finding"
	wgpu 90 12080
	unlike "$(finding_ids "$OUT")" "F21" "ctranslate2 4.6.3 on sm_90: its compute_86 PTX is compiled for it, no finding"
	wgpu 52 12080
	vpip $(jget "$OUT" '" ".join([x["argv"] for f in d["findings"] if f["id"] == "F21" for x in f["fixes"] if "argv" in x][0][3:])')
	wgpu 52 12080
	unlike "$(finding_ids "$OUT")" "F21" "applied: ctranslate2 3.24.0 (sm_50 cubin) on sm_52: no finding"
	# the binary counts over the row: a 4.6.3 built with sm_52 kernels
	ct2wheel 4.6.3 "52 61 75 86" ""
	vpip install --force-reinstall ctranslate2==4.6.3
	wgpu 52 12080
	unlike "$(finding_ids "$OUT")" "F21" "a 4.6.3 whose library has an sm_52 cubin: no finding, whatever the row says"
	# and with no GPU code in its libraries the row says it
	rm -f "$D"/ctranslate2-4.6.3-*.whl
	mk_solib "$W/ext.so" _ext.cpython-312-x86_64-linux-gnu.so
	mk_wheel "$D" ctranslate2 4.6.3 "ctranslate2/_ext.cpython-312-x86_64-linux-gnu.so=$W/ext.so"
	vpip install --force-reinstall ctranslate2==4.6.3
	wgpu 52 12080
	like "$(evidence "$OUT" F21 'read from')" "the index's build row ctranslate2 4.6.3-4.8.1 \(cuda12\)" "no fatbin in 4.6.3's libraries: the row, and F21"

	# TORCH-COMPANION: torchvision and torchaudio beside torch.  Their
	# METADATA pins the torch release they are built against
	# ("torchvision 0.19.1 requires torch==2.4.1", pip's words in
	# 2kpr/ComfyUI-PMRF#11); the label or the libcudart their extension
	# links names their CUDA
	mk_solib "$W/tv.so" _C.so
	mk_solib "$W/tv12.so" _C.so -N libcudart.so.12
	printf "__version__ = '2.5.1+cu118'\ncuda = '11.8'\n" >"$W/version.py"
	mk_wheel "$D" torch 2.5.1+cu118 "torch/version.py=$W/version.py"
	mk_wheel "$D" torchvision 0.19.1+cu118 "torchvision/_C.so=$W/tv.so" "Requires-Dist: torch==2.4.1"
	mk_wheel "$D" torchvision 0.20.1+cu118 "torchvision/_C.so=$W/tv.so" "Requires-Dist: torch==2.5.1"
	mk_wheel "$D" torchvision 0.20.1 "torchvision/_C.so=$W/tv12.so" "Requires-Dist: torch==2.5.1"
	mk_wheel "$D" torchvision 0.20.1+cpu "torchvision/_C.so=$W/tv.so" "Requires-Dist: torch==2.5.1"
	mk_wheel "$D" torchaudio 2.4.1+cu118 "Requires-Dist: torch==2.4.1"
	vpip install --no-deps torch==2.5.1+cu118 torchvision==0.19.1+cu118
	tc() {	# tc [KEY]: TORCH-COMPANION's commands
		jget "$OUT" '" | ".join(" ".join(x["'"${1:-argv}"'"]) for f in d["findings"] if f["id"] == "TORCH-COMPANION" for x in f["fixes"] if "argv" in x)'
	}
	wgpu 86 12080
	is "$(titles "$OUT" TORCH-COMPANION)" "['$V: torchvision 0.19.1+cu118 is built for torch 2.4.1; torch 2.5.1+cu118 is installed']" "TORCH-COMPANION: torchvision pins another torch release"
	like "$(evidence "$OUT" TORCH-COMPANION requires)" "torch==2.4.1 \\(torchvision's METADATA" "TORCH-COMPANION: the pin, and where it was read"
	is "$(tc) / $(tc undo_argv)" "$P -m pip install torch==2.5.1+cu118 torchvision --index-url https://download.pytorch.org/whl/cu118 / $P -m pip install --force-reinstall --no-deps torchvision==0.19.1+cu118 --index-url https://download.pytorch.org/whl/cu118" \
		"TORCH-COMPANION: torch kept, the resolver picks the torchvision that pins it; and back, alone"
	vpip $(jget "$OUT" '" ".join([x["argv"] for f in d["findings"] if f["id"] == "TORCH-COMPANION" for x in f["fixes"] if "argv" in x][0][3:])')
	wgpu 86 12080
	is "$(ls -d "$V"/lib/python3*/site-packages/torchvision-*.dist-info | sed 's#.*/##')" "torchvision-0.20.1+cu118.dist-info" "applied (the venv's pip, offline): the resolver took 0.20.1+cu118"
	unlike "$(finding_ids "$OUT")" "TORCH-COMPANION" "and no finding"
	# PyPI's torchvision, without a label: its _C.so links libcudart.so.12
	vpip install --force-reinstall --no-deps "$D/torchvision-0.20.1-py3-none-any.whl"
	wgpu 86 12080
	is "$(titles "$OUT" TORCH-COMPANION)" "['$V: torchvision 0.20.1 is built for CUDA 12, torch 2.5.1+cu118 for CUDA 11.8']" "TORCH-COMPANION: CUDA majors differ (PyPI's torchvision beside torch from the cu118 index)"
	is "$(evidence "$OUT" TORCH-COMPANION CUDA)" "['torchvision: 12 (torchvision/_C.so); torch: 11.8 (torch/version.py)']" "TORCH-COMPANION: where each CUDA was read"
	is "$(tc)" "$P -m pip install --force-reinstall --no-deps torchvision==0.20.1+cu118 --index-url https://download.pytorch.org/whl/cu118" "TORCH-COMPANION: the same release from torch's index"
	# a CPU build beside torch for CUDA: a warning
	vpip install --force-reinstall --no-deps torchvision==0.20.1+cpu
	wgpu 86 12080
	is "$(jget "$OUT" '[(f["severity"], f["title"]) for f in d["findings"] if f["id"] == "TORCH-COMPANION"]')" "[('warning', '$V: torchvision 0.20.1+cpu is a CPU build beside torch 2.5.1+cu118 for CUDA 11.8')]" "TORCH-COMPANION: a CPU torchvision beside torch for CUDA, a warning"
	HOME=$W/home cds --manifest "$SHIP" explain --json --prefix "$V" "NotImplementedError: Could not run 'torchvision::nms' with arguments from the 'CUDA' backend."
	is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F27', 1)" "explain: the dispatcher's words for it, the CPU build shown here"
	# torchaudio of another release: the resolver picks the one that
	# pins torch as it is
	vpip install --force-reinstall --no-deps torchvision==0.20.1+cu118 torchaudio==2.4.1+cu118
	wgpu 86 12080
	is "$(tc)" "$P -m pip install torch==2.5.1+cu118 torchaudio --index-url https://download.pytorch.org/whl/cu118" "TORCH-COMPANION: torchaudio through the resolver, torch pinned"
	vpip uninstall -y torch torchvision torchaudio
else
	skip 31 "python3 -m venv with pip does not work here"
fi

done_testing
