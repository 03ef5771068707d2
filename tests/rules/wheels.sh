#!/bin/sh
# Doctor's wheel rules (src/doctor/rules_wheels.c), on fake roots with real
# env trees (pip dist-info with METADATA and RECORD, conda-shaped envs, a
# venv with lib and lib64) and tiny real ELF libraries: WHEEL-MIX (NVIDIA
# wheels of two CUDA families, CUDA 13's nvidia/cu13 layout), NCCL-SYMBOL (a
# second NCCL wheel overwrote torch's libnccl.so.2; also with PyPI torch
# 2.2.2's own METADATA, tests/data/wheels), VENV-LIB64, BNB-BINARY
# and TORCH-ABI (an extension built against another torch).  Each rule
# fires on its fixture, its fix is applied the way a person would, and it
# goes silent.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
plan 56

mk_torch() {	# mk_torch HOSTSITE VERSION CUDA
	mkdir -p "$1/torch/lib"
	printf "cuda = '%s'\n" "$3" >"$1/torch/version.py"
}
T=$(mktemp -d); cleanup_later "$T"
# torch_nccl SITE: torch's libtorch_cuda.so in SITE, calling ncclMemFree
# from the NCCL wheel's libnccl.so.2 (RUNPATH, as torch's wheels)
torch_nccl() {
	mk_solib "$1/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
		-R '$ORIGIN/../../nvidia/nccl/lib' \
		-n "$1/nvidia/nccl/lib/libnccl.so.2" \
		-D STUB_SYMBOL=torch_cuda_entry -D STUB_CALL=ncclMemFree
}
# torch_site SITE: torch 2.5.1+cu121 in SITE with the NCCL wheel it pins
# (2.27.3, the stub's library)
torch_site() {
	mkdir -p "$1/nvidia/nccl/lib"
	cp "$T/nccl-2.27.3" "$1/nvidia/nccl/lib/libnccl.so.2"
	mk_dist "$1" nvidia-nccl-cu12 2.27.3
	rec "$1" nvidia-nccl-cu12 2.27.3 nvidia/nccl/lib/libnccl.so.2
	mk_dist "$1" torch 2.5.1+cu121 \
		'Requires-Dist: nvidia-nccl-cu12==2.27.3; platform_system == "Linux"'
	mk_torch "$1" 2.5.1+cu121 12.1
	torch_nccl "$1"
}
# cu11_over SITE: pip installs nvidia-nccl-cu11 2.14.3 over SITE's NCCL;
# doctor then
cu11_over() {
	cp "$T/nccl-2.14.3" "$1/nvidia/nccl/lib/libnccl.so.2"
	mk_dist "$1" nvidia-nccl-cu11 2.14.3
	rec "$1" nvidia-nccl-cu11 2.14.3 nvidia/nccl/lib/libnccl.so.2
	HOME=/home/user cds --root "$R" doctor --json
}

# ---- WHEEL-MIX and NCCL-SYMBOL: nvidia-nccl-cu11 beside -cu12 -----------
# rwth-i6/returnn#1802: nvidia-nccl-cu11 2.14.3 and nvidia-nccl-cu12 2.27.3
# both install nvidia/nccl/lib/libnccl.so.2; torch's own was overwritten
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" pt 3.10)
L=$R$S/nvidia/nccl/lib
mk_solib "$T/nccl-2.27.3" libnccl.so.2 -D STUB_SYMBOL=ncclMemFree
mk_solib "$T/nccl-2.14.3" libnccl.so.2 -D STUB_SYMBOL=ncclCommInitRank
torch_site "$R$S"
for w in cublas-cu12:12.1.3.1:libcublas.so.12 cublas-cu11:11.11.3.6:libcublas.so.11; do
	n=${w%%:*} v=${w#*:}; v=${v%%:*} so=${w##*:}
	mk_solib "$R$S/nvidia/cublas/lib/$so" "$so"
	mk_dist "$R$S" "nvidia-$n" "$v"
	rec "$R$S" "nvidia-$n" "$v" "nvidia/cublas/lib/$so"
done
# healthy so far: one NCCL, torch finds what it calls
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NCCL-SYMBOL" "torch's own NCCL: no NCCL-SYMBOL"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "WHEEL-MIX"]')" "['warning']" "cu11 and cu12 cuBLAS, no shared file: a warning"
# then pip installs nvidia-nccl-cu11 over it
cu11_over "$R$S"
is "$(titles "$OUT" NCCL-SYMBOL)" "['torch 2.5.1+cu121 in $S calls ncclMemFree, which the libnccl.so.2 it loads ($S/nvidia/nccl/lib/libnccl.so.2) lacks']" "NCCL-SYMBOL raised"
is "$(evidence "$OUT" NCCL-SYMBOL 'torch says')" "['$S/torch/lib/libtorch_cuda.so: undefined symbol: ncclMemFree']" "NCCL-SYMBOL: in ld.so's words"
is "$(evidence "$OUT" NCCL-SYMBOL 'installed by')" "['nvidia-nccl-cu11 2.14.3 (the file there), nvidia-nccl-cu12 2.27.3 (overwritten)']" "NCCL-SYMBOL: the wheel whose bytes are there, from the RECORDs"
is "$(evidence "$OUT" NCCL-SYMBOL 'torch requires')" "['nvidia-nccl-cu12==2.27.3']" "NCCL-SYMBOL: torch's pin"
is "$(fix_command "$OUT" NCCL-SYMBOL 0)" "$C/envs/pt/bin/python -m pip uninstall -y nvidia-nccl-cu11" "NCCL-SYMBOL: remove the other NCCL"
is "$(fix_command "$OUT" NCCL-SYMBOL 1)" "$C/envs/pt/bin/python -m pip install --force-reinstall --no-deps nvidia-nccl-cu12==2.27.3" "NCCL-SYMBOL: and torch's back"
is "$(titles "$OUT" WHEEL-MIX)" "['env pt ($S) holds NVIDIA wheels of CUDA 11 and CUDA 12']" "WHEEL-MIX raised"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "WHEEL-MIX"]')" "['error']" "WHEEL-MIX: a file overwritten is an error"
is "$(evidence "$OUT" WHEEL-MIX 'same file')" "[\"nvidia/nccl/lib/libnccl.so.2 is installed by nvidia-nccl-cu11 2.14.3 and nvidia-nccl-cu12 2.27.3; the file there is nvidia-nccl-cu11's, nvidia-nccl-cu12's was overwritten\"]" "WHEEL-MIX: the shared file"
is "$(evidence "$OUT" WHEEL-MIX 'CUDA 11 wheels')" "['nvidia-cublas-cu11 11.11.3.6, nvidia-nccl-cu11 2.14.3']" "WHEEL-MIX: the CUDA 11 wheels"
is "$(evidence "$OUT" WHEEL-MIX 'needed by')" "['torch 2.5.1+cu121 (CUDA 12)']" "WHEEL-MIX: who needs which"
is "$(fix_command "$OUT" WHEEL-MIX 0)" "$C/envs/pt/bin/python -m pip uninstall -y nvidia-cublas-cu11 nvidia-nccl-cu11" "WHEEL-MIX: uninstall the family nobody needs, with the env's interpreter"
is "$(jget "$OUT" '[" ".join(f["fixes"][0]["undo_argv"]) for f in d["findings"] if f["id"] == "WHEEL-MIX"]')" "['$C/envs/pt/bin/python -m pip install nvidia-cublas-cu11==11.11.3.6 nvidia-nccl-cu11==2.14.3']" "WHEEL-MIX: and the command that puts them back"
is "$(fix_command "$OUT" WHEEL-MIX 1)" "$C/envs/pt/bin/python -m pip install --force-reinstall --no-deps nvidia-nccl-cu12==2.27.3" "WHEEL-MIX: reinstall what was overwritten"
# what those commands leave
rm -rf "$R$S"/nvidia_nccl_cu11-* "$R$S"/nvidia_cublas_cu11-* \
	"$R$S/nvidia/cublas/lib/libcublas.so.11"
cp "$T/nccl-2.27.3" "$L/libnccl.so.2"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NCCL-SYMBOL" "after the fix: no NCCL-SYMBOL"
unlike "$(finding_ids "$OUT")" "WHEEL-MIX" "after the fix: no WHEEL-MIX"
# an NCCL put first by LD_LIBRARY_PATH: drop the entry
mkdir -p "$R/opt/nccl/lib"
cp "$T/nccl-2.14.3" "$R/opt/nccl/lib/libnccl.so.2"
HOME=/home/user LD_LIBRARY_PATH=/opt/nccl/lib cds --root "$R" doctor --json
is "$(evidence "$OUT" NCCL-SYMBOL libnccl.so.2)" "['/opt/nccl/lib/libnccl.so.2 (LD_LIBRARY_PATH entry 1: /opt/nccl/lib)']" "NCCL-SYMBOL: an older NCCL on LD_LIBRARY_PATH"
NEW=$(LD_LIBRARY_PATH=/opt/nccl/lib sh -c "$(fix_command "$OUT" NCCL-SYMBOL); printf %s \"\$LD_LIBRARY_PATH\"")
HOME=/home/user LD_LIBRARY_PATH=$NEW cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NCCL-SYMBOL" "entry dropped: gone"

# the same, with a package that requires the CUDA 11 NCCL wheel (cupy's
# CUDA 11 build, its Requires-Dist as a test's): that wheel is kept, and
# the fix says the two need envs of their own
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" pt2 3.10)
torch_site "$R$S"
mk_dist "$R$S" cupy-cuda11x 13.3.0 'Requires-Dist: nvidia-nccl-cu11'
cu11_over "$R$S"
is "$(evidence "$OUT" NCCL-SYMBOL kept)" "['nvidia-nccl-cu11, which cupy-cuda11x requires']" "NCCL-SYMBOL: a wheel another package requires is kept"
is "$(fix_command "$OUT" NCCL-SYMBOL 0)" "$C/envs/pt2/bin/python -m pip install --force-reinstall --no-deps nvidia-nccl-cu12==2.27.3" "NCCL-SYMBOL: no uninstall of it, torch's NCCL back"
is "$(fix_command "$OUT" NCCL-SYMBOL 1)" "cupy-cuda11x requires nvidia-nccl-cu11, whose libnccl.so.2 is the same file as torch's NCCL: give cupy-cuda11x an env of its own, or install its build for torch's CUDA" "NCCL-SYMBOL: and what the two need"

# ---- NCCL-SYMBOL on torch 2.2.2's own METADATA -------------------------
# PyPI's torch 2.2.2 (tests/data/wheels) pins its wheels in the form older
# setuptools wrote, "nvidia-nccl-cu12 (==2.19.3) ; platform_system ...";
# the same nvidia-nccl-cu11 2.14.3 as above installed over its NCCL.  The
# libraries' symbols are the stubs' (those of the case above)
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" pt22 3.10)
real_wheel "$R$S" torch-2.2.2
cp "$T/nccl-2.27.3" "$R$S/nvidia/nccl/lib/libnccl.so.2"
: >"$R$S/nvidia_nccl_cu12-2.19.3.dist-info/RECORD"
rec "$R$S" nvidia-nccl-cu12 2.19.3 nvidia/nccl/lib/libnccl.so.2
torch_nccl "$R$S"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NCCL-SYMBOL|WHEEL-MIX" "torch 2.2.2 with the wheels its METADATA pins: silent"
cu11_over "$R$S"
is "$(evidence "$OUT" NCCL-SYMBOL 'torch requires')" "['nvidia-nccl-cu12==2.19.3']" "NCCL-SYMBOL: the pin read in setuptools' (==V) form"
is "$(fix_command "$OUT" NCCL-SYMBOL 0)" "$C/envs/pt22/bin/python -m pip uninstall -y nvidia-nccl-cu11" "NCCL-SYMBOL: only the other NCCL goes, torch's stays"
is "$(fix_command "$OUT" NCCL-SYMBOL 1)" "$C/envs/pt22/bin/python -m pip install --force-reinstall --no-deps nvidia-nccl-cu12==2.19.3" "NCCL-SYMBOL: and torch's pinned NCCL back"

# ---- WHEEL-MIX: CUDA 13's merged nvidia/cu13/lib beside cu12 wheels ----
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" c13 3.12)
mk_dist "$R$S" torch 2.9.0+cu130
mk_torch "$R$S" 2.9.0+cu130 13.0
mk_solib "$R$S/nvidia/cu13/lib/libcublas.so.13" libcublas.so.13
mk_dist "$R$S" nvidia-cublas 13.0.0.19
rec "$R$S" nvidia-cublas 13.0.0.19 nvidia/cu13/lib/libcublas.so.13
mk_solib "$R$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12
mk_dist "$R$S" nvidia-cublas-cu12 12.8.4.1
rec "$R$S" nvidia-cublas-cu12 12.8.4.1 nvidia/cublas/lib/libcublas.so.12
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" WHEEL-MIX)" "['env c13 ($S) holds NVIDIA wheels of CUDA 12 and CUDA 13']" "WHEEL-MIX: cu12 beside CUDA 13's merged layout"
is "$(evidence "$OUT" WHEEL-MIX 'CUDA 13 wheels')" "['nvidia-cublas 13.0.0.19']" "WHEEL-MIX: a CUDA 13 wheel known by its nvidia/cu13 files"
is "$(fix_command "$OUT" WHEEL-MIX)" "$C/envs/c13/bin/python -m pip uninstall -y nvidia-cublas-cu12" "WHEEL-MIX: uninstall the cu12 leftovers"
# a CUDA 12 JAX beside a CUDA 13 torch: each family has its framework
mk_dist "$R$S" jax-cuda12-plugin 0.7.2
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "WHEEL-MIX" "each family serves a framework: silent"
is "$(jget "$OUT" '[p["cuda"] for e in d["envs"] for p in e["packages"] if p["name"] == "jax-cuda12-plugin"]')" "['12']" "a JAX plugin's CUDA major, from its name"
rm -rf "$R$S"/jax_cuda12_plugin-* "$R$S"/nvidia_cublas_cu12-* "$R$S/nvidia/cublas"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "WHEEL-MIX" "after the uninstall: silent"

# ---- VENV-LIB64: torch in venv/lib64, its wheels in venv/lib -----------
# pytorch/pytorch#165812 (AlmaLinux), #104259 (a PyCharm venv on Fedora)
R=$(mk_sysroot); cleanup_later "$R"
V=/home/user/proj/venv
S64=$V/lib64/python3.11/site-packages S=$V/lib/python3.11/site-packages
mkdir -p "$R$S64/torch/lib" "$R$S" "$R$V/bin"
printf 'home = /usr/bin\ninclude-system-site-packages = false\n' >"$R$V/pyvenv.cfg"
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.10.2 wheel
mk_dist "$R$S" nvidia-cudnn-cu12 9.10.2.21
mk_dist "$R$S64" torch 2.8.0+cu128
printf "cuda = '12.8'\n" >"$R$S64/torch/version.py"
mk_solib "$R$S64/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	-R '$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN' -N libcudnn.so.9
HOME=/home/user cds --root "$R" doctor --env "$V" --json
is "$(titles "$OUT" VENV-LIB64)" "['torch is in $S64, its NVIDIA wheels in $S: its RUNPATH names directories that do not exist']" "VENV-LIB64 raised"
is "$(evidence "$OUT" VENV-LIB64 'torch says')" "['ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory']" "VENV-LIB64: the ImportError of the issue"
is "$(evidence "$OUT" VENV-LIB64 RUNPATH)" "['\$ORIGIN/../../nvidia/cudnn/lib: $S64/nvidia/cudnn/lib is missing, $S/nvidia/cudnn/lib exists']" "VENV-LIB64: the RUNPATH entry and both dirs"
is "$(fix_command "$OUT" VENV-LIB64)" "ln -s ../../../lib/python3.11/site-packages/nvidia $S64/nvidia" "VENV-LIB64: link nvidia into lib64"
HOME=/home/user VIRTUAL_ENV=$V cds --root "$R" doctor --json
is "$(titles "$OUT" VENV-LIB64)" "['torch is in $S64, its NVIDIA wheels in $S: its RUNPATH names directories that do not exist']" "VENV-LIB64: the activated venv, from VIRTUAL_ENV"
# not activated, not named: the venv whose python3 is first on PATH (what
# `python3` runs, as in a container's image) is looked at too
printf '#!/bin/sh\n' >"$R$V/bin/python3"; chmod +x "$R$V/bin/python3"
HOME=/home/user PATH="$V/bin:$PATH" cds --root "$R" doctor --json
is "$(titles "$OUT" VENV-LIB64)" "['torch is in $S64, its NVIDIA wheels in $S: its RUNPATH names directories that do not exist']" "VENV-LIB64: the venv of the python3 first on PATH"
in_root "$R" "$(fix_command "$OUT" VENV-LIB64)"
# a python3 that is no venv's (the system's, pyenv's) adds no env
mkdir -p "$R/opt/py/bin"; cp "$R$V/bin/python3" "$R/opt/py/bin/python3"
HOME=/home/user PATH="/opt/py/bin:$V/bin:$PATH" cds --root "$R" doctor --json
is "$(jget "$OUT" 'len(d["envs"])')" "0" "a python3 that is no env's first on PATH: no env, and only the first counts"
HOME=/home/user cds --root "$R" doctor --env "$V" --json
unlike "$(finding_ids "$OUT")" "VENV-LIB64" "after the link: gone"
# python -m venv's own layout: lib64 is a link to lib
R2=$(mk_sysroot); cleanup_later "$R2"
mkdir -p "$R2$S/torch/lib" "$R2$V/bin"
ln -s lib "$R2$V/lib64"
HOME=/home/user cds --root "$R2" doctor --env "$V" --json
unlike "$(finding_ids "$OUT")" "VENV-LIB64" "lib64 -> lib: silent"

# ---- BNB-BINARY ----------------------------------------------------------
# bitsandbytes-foundation/bitsandbytes#1848: "Configured CUDA binary not
# found at .../libbitsandbytes_cuda131.so"; BNB_CUDA_VERSION=130 worked
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" bnb 3.11)
mk_dist "$R$S" torch 2.8.0+cu129
mk_torch "$R$S" 2.8.0+cu129 12.9
mk_dist "$R$S" bitsandbytes 0.46.1
for v in 118 126 128; do
	mk_solib "$R$S/bitsandbytes/libbitsandbytes_cuda$v.so" "libbitsandbytes_cuda$v.so"
done
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" BNB-BINARY)" "['bitsandbytes 0.46.1 in $S has no libbitsandbytes_cuda129.so']" "BNB-BINARY raised"
is "$(evidence "$OUT" BNB-BINARY 'bitsandbytes says')" "['Configured CUDA binary not found at $S/bitsandbytes/libbitsandbytes_cuda129.so']" "BNB-BINARY: in bitsandbytes' words"
is "$(evidence "$OUT" BNB-BINARY 'looks for')" "['libbitsandbytes_cuda129.so (from torch 2.8.0+cu129, built with CUDA 12.9 (torch/version.py))']" "BNB-BINARY: why that file"
is "$(fix_command "$OUT" BNB-BINARY)" "export BNB_CUDA_VERSION=128" "BNB-BINARY: the newest binary of the same major"
HOME=/home/user BNB_CUDA_VERSION=128 cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "BNB-BINARY" "BNB_CUDA_VERSION=128: silent"
# an override naming a binary that is not there, torch's own is
HOME=/home/user BNB_CUDA_VERSION=124 cds --root "$R" doctor --json
is "$(evidence "$OUT" BNB-BINARY 'looks for')" "['libbitsandbytes_cuda124.so (from BNB_CUDA_VERSION)']" "BNB-BINARY: from BNB_CUDA_VERSION"
is "$(fix_command "$OUT" BNB-BINARY)" "export BNB_CUDA_VERSION=128" "BNB-BINARY: still the nearest"
mk_solib "$R$S/bitsandbytes/libbitsandbytes_cuda129.so" libbitsandbytes_cuda129.so
HOME=/home/user BNB_CUDA_VERSION=124 cds --root "$R" doctor --json
is "$(fix_command "$OUT" BNB-BINARY)" "unset BNB_CUDA_VERSION" "BNB-BINARY: torch's own binary is there: unset the override"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "BNB-BINARY" "unset: silent"

# ---- TORCH-ABI: vllm/_C.abi3.so built against another torch ------------
# vllm-project/vllm#14942 (the symbol), #5501, #611 (reinstall torch)
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" vl 3.12)
SYM=_ZNK3c1011StorageImpl27throw_data_ptr_access_errorEv
mk_dist "$R$S" torch 2.5.1+cu124
mk_torch "$R$S" 2.5.1+cu124 12.4
mk_solib "$R$S/torch/lib/libc10.so" libc10.so -D STUB_SYMBOL=_ZN3c1019UndefinedTensorImpl10_singletonE
mk_solib "$R$S/torch/lib/libtorch_cpu.so" libtorch_cpu.so -n "$R$S/torch/lib/libc10.so"
mk_solib "$R$S/vllm/_C.abi3.so" _C.abi3.so -n "$R$S/torch/lib/libc10.so" \
	-D STUB_SYMBOL=PyInit__C -D STUB_CALL=$SYM
mk_dist "$R$S" vllm 0.8.1 'Requires-Dist: torch==2.6.0'
rec "$R$S" vllm 0.8.1 vllm/_C.abi3.so
# torchvision, built for the torch installed: what it calls is there
mk_solib "$R$S/torchvision/_C.so" _C.so -n "$R$S/torch/lib/libc10.so" \
	-D STUB_SYMBOL=PyInit__C -D STUB_CALL=_ZN3c1019UndefinedTensorImpl10_singletonE
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" TORCH-ABI)" "['vllm/_C.abi3.so calls 1 PyTorch function that torch 2.5.1+cu124 in $S does not define']" "TORCH-ABI raised, for vllm only"
is "$(evidence "$OUT" TORCH-ABI 'Python says')" "['ImportError: $S/vllm/_C.abi3.so: undefined symbol: $SYM']" "TORCH-ABI: the ImportError"
is "$(evidence "$OUT" TORCH-ABI requires)" "[\"torch==2.6.0 (vllm 0.8.1's METADATA)\"]" "TORCH-ABI: the torch the extension was built for"
is "$(fix_command "$OUT" TORCH-ABI)" "$C/envs/vl/bin/python -m pip install torch==2.6.0" "TORCH-ABI: install that torch, with the env's python"
# what that pip command leaves: a torch that defines it
mk_solib "$R$S/torch/lib/libc10.so" libc10.so -D STUB_SYMBOL=$SYM
mk_solib "$R$S/torch/lib/libtorch_cpu.so" libtorch_cpu.so -D STUB_SYMBOL=_ZN3c1019UndefinedTensorImpl10_singletonE
rm -rf "$R$S"/torch-2.5.1+cu124.dist-info
mk_dist "$R$S" torch 2.6.0+cu124
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "TORCH-ABI" "torch 2.6.0: silent"

done_testing
