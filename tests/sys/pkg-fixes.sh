#!/bin/sh
# The fix in the env's own package manager (issue 25): for a framework
# whose build does not run on this driver or GPU, doctor gives the exact
# command that installs the build that does, with the env's interpreter
# (pip) or uv (a venv uv made), the local label pinned ("torch==2.9.0+cu126":
# a plain "torch==2.9.0" is met by the "+cu130" there, PEP 440), the
# build's index, and the command that goes back.  The envs are the trees
# pip and uv write: dist-info with METADATA (the wheels' own Requires-Dist
# pins) and RECORD, torch/version.py, a libtorch_cuda.so with the build's
# kernels in .nv_fatbin (tests/fixtures/mkfatbin.sh), pyvenv.cfg.  The GPU
# is a TEST DOUBLE (tests/fixtures/fake-gpu-libcuda.c): a capability and
# the CUDA its driver runs.  The index is the shipped one (its framework
# rows with their builds, manifests/data/wheel-builds.tsv).  The cases are
# those of the research notes on package-manager fixes, each with the
# command that fixed it.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkfatbin.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
plan 79

SHIP=$CDS_SRCDIR/manifests/index.json
PT=https://download.pytorch.org/whl
W=$(mktemp -d); cleanup_later "$W"
${CC:-cc} -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$W/libcuda.so.1" \
	"$CDS_SRCDIR/tests/fixtures/fake-gpu-libcuda.c" || exit 1

# torch SITE VERSION CUDA "SASS" "PTX" [REQUIRES-DIST...]: torch's wheel:
# its dist-info, torch/version.py as PyTorch 2 writes it, libtorch_cuda.so
# with the build's kernels
torch() {
	_s=$1 _v=$2 _c=$3 _sass=$4 _ptx=$5
	shift 5
	dist "$_s" torch "$_v" "$@"
	mkdir -p "$_s/torch/lib"
	printf "from typing import Optional\n__version__ = '%s'\ncuda: Optional[str] = '%s'\n" \
		"$_v" "$_c" >"$_s/torch/version.py"
	mk_fatbin_lib "$_s/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
		"$_sass" "$_ptx"
}
# gpu CC CUDA ENV: doctor --json on the GPU double of capability CC whose
# driver runs CUDA (12080), for env ENV
gpu() {
	HOME=$W/home LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=$1 \
		CDS_FAKE_GPU_CUDA=$2 cds --manifest "$SHIP" doctor --json \
		--env "$3"
}
argv() {	# argv JSON ID [KEY]: the first package-manager command of ID
	jget "$1" '" ".join([x["'"${3:-argv}"'"] for f in d["findings"] if f["id"] == "'"$2"'" for x in f["fixes"] if "argv" in x][0])'
}

# ---- case 1: Pascal with a cu128 torch from uv (uv#14742) ----------------
# GTX 1080 Ti (sm_61), driver for 12.8; torch 2.7.1+cu128 has sm_75 and up
V=$W/c1/.venv
S=$(mk_venv "$V" uv)
torch "$S" 2.7.1+cu128 12.8 "75 80 86 90 100 120" "120" \
	'nvidia-cudnn-cu12==9.7.1.26; platform_system == "Linux" and platform_machine == "x86_64"'
gpu 61 12080 "$V"
is "$(titles "$OUT" F21)" "['torch 2.7.1+cu128 in env $V has no kernels for this GPU (sm_61)']" "case 1: F21 on sm_61"
is "$(argv "$OUT" F21)" "uv pip install --python $V torch==2.7.1+cu126 --index-url $PT/cu126" \
	"case 1: uv's own command, the cu126 build of the same release"
is "$(argv "$OUT" F21 undo_argv)" "uv pip install --python $V torch==2.7.1+cu128 --index-url $PT/cu128" \
	"case 1: and the command that goes back"
# applied: the cu126 wheel (Maxwell to Hopper cubins) is silent
rm -rf "$S"/torch*
torch "$S" 2.7.1+cu126 12.6 "50 60 70 75 80 86 90" "" \
	'nvidia-cudnn-cu12==9.5.1.17; platform_system == "Linux" and platform_machine == "x86_64"'
gpu 61 12080 "$V"
unlike "$(titles "$OUT" F21) $(titles "$OUT" F16)" "torch" "case 1 applied: no finding about torch"

# ---- case 2: a uv project on Pascal pulls torch 2.14.0+cu130 -------------
# (hvoss-tech/AutoForge#59): uv sync would undo a uv pip change
P=$W/c2
V=$P/.venv
S=$(mk_venv "$V" uv)
printf '[project]\nname = "autoforge"\nversion = "0.1.0"\ndependencies = ["torch", "torchvision"]\n' >"$P/pyproject.toml"
printf 'version = 1\nrequires-python = ">=3.12"\n' >"$P/uv.lock"
torch "$S" 2.14.0+cu130 13.0 "75 80 86 90 100 120" "120" \
	'cuda-toolkit[cublas,cudart,cufft,cufile,cupti,curand,cusolver,cusparse,nvjitlink,nvrtc,nvtx]==13.0.3; platform_system == "Linux"' \
	'cuda-bindings<14,>=13.0.3; platform_system == "Linux"' \
	'nvidia-cudnn-cu13==9.24.0.43; platform_system == "Linux"'
dist "$S" torchvision 0.29.0+cu130 'torch==2.14.0'
gpu 61 13000 "$V"
is "$(argv "$OUT" F21)" \
	"uv pip install --python $V torch==2.14.0+cu126 torchvision==0.29.0+cu126 --index-url $PT/cu126" \
	"case 2: torch and torchvision from the cu126 index, labels pinned"
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F21" for x in f["fixes"]]')" \
	"uv sync.*undo.*\[\[tool.uv.index\]\] name = .pytorch-cu126., url = .$PT/cu126., explicit = true.*\[tool.uv.sources\] torch = \{ index = .pytorch-cu126. \}" \
	"case 2: uv sync would undo it: the pyproject edit that lasts"
# the same tree made by pip, not uv: the env's interpreter, no uv advice
rm "$P/uv.lock"
sed -i '/^uv = /d' "$V/pyvenv.cfg"
gpu 61 13000 "$V"
is "$(argv "$OUT" F21)" \
	"$V/bin/python -m pip install torch==2.14.0+cu126 torchvision==0.29.0+cu126 --index-url $PT/cu126" \
	"case 2 in a pip venv: ENV/bin/python -m pip"
unlike "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"]]')" "uv sync" \
	"... and nothing about uv"
# torch 2.0's torchvision is one patch above (0.15.2 with 2.0.1): a
# build of 2.0.1 whose library has no sm_61 code, on Pascal
V=$W/c2b/venv
S=$(mk_venv "$V")
torch "$S" 2.0.1+cu118 11.8 "75 80 86 90" "90"
dist "$S" torchvision 0.15.2+cu118 'torch==2.0.1'
gpu 61 12000 "$V"
is "$(argv "$OUT" F21)" \
	"$V/bin/python -m pip install torch==2.0.1+cu117 torchvision==0.15.2+cu117 --index-url $PT/cu117" \
	"torch 2.0.1's build for sm_61, with torchvision 0.15.2 (2.0's patch one above)"

# ---- case 3: RTX 5090 (sm_120) with a CUDA 12.4-era torch ----------------
# (Hellod035/LeggedLab#26): "supports sm_50 ... sm_90"; driver 570 (12.8)
V=$W/c3/venv
S=$(mk_venv "$V")
torch "$S" 2.5.1+cu124 12.4 "50 60 70 75 80 86 90" "" \
	'nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux" and platform_machine == "x86_64"'
gpu 120 12080 "$V"
is "$(titles "$OUT" F21)" "['torch 2.5.1+cu124 in env $V has no kernels for this GPU (sm_120)']" "case 3: F21 on sm_120"
is "$(argv "$OUT" F21)" "$V/bin/python -m pip install torch==2.11.* --index-url $PT/cu128" \
	"case 3: no 2.5 build has sm_120 cubins: the newest release with a cu128 build this driver runs"
like "$(evidence "$OUT" F21 'build that fits')" "torch 2.11 cu128 \(CUDA 12.8" "case 3: the build named"
# with a 13.0 driver the newest release's cu13x build fits
gpu 120 13000 "$V"
like "$(argv "$OUT" F21)" "torch==2.14.\* --index-url $PT/cu13[02]$" "case 3 on a 13.0 driver: a CUDA 13 build"

# ---- case 6: JAX 0.6 (cuDNN >= 9.8) beside torch 2.7's cuDNN 9.5.1.17 ------
# (rdyro/torch2jax#29, jax#29315): keep torch 2.7, raise the cuDNN wheel
# (torch accepts a newer minor at run time); on Pascal, below 9.11
V=$W/c6/.venv
S=$(mk_venv "$V" uv)
torch "$S" 2.7.1+cu126 12.6 "50 60 70 75 80 86 90" "" \
	'nvidia-cudnn-cu12==9.5.1.17; platform_system == "Linux" and platform_machine == "x86_64"'
dist "$S" nvidia-cudnn-cu12 9.5.1.17 nvidia-cublas-cu12
mk_cudnn9 "$S/nvidia/cudnn/lib" 9.5.1 wheel
dist "$S" jax-cuda12-plugin 0.6.0 'jax-cuda12-pjrt==0.6.0' \
	'nvidia-cudnn-cu12<10.0,>=9.8; extra == "with-cuda"'
dist "$S" jax-cuda12-pjrt 0.6.0
gpu 61 12080 "$V"
is "$(argv "$OUT" LIB-MIN)" "uv pip install --python $V nvidia-cudnn-cu12>=9.8,<9.11" \
	"case 6: cuDNN 9.8 or newer for JAX, below 9.11 for torch on sm_61"
is "$(argv "$OUT" LIB-MIN undo_argv)" "uv pip install --python $V nvidia-cudnn-cu12==9.5.1.17" \
	"case 6: back to torch's pin"
gpu 86 12080 "$V"
is "$(argv "$OUT" LIB-MIN)" "uv pip install --python $V nvidia-cudnn-cu12>=9.8,<10" \
	"case 6 on sm_86: JAX's own bound"

# ---- plan --for torch, no version: the build that runs on this machine ---
plan_on() {	# plan_on CC CUDA: plan --for torch on the GPU double
	LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=$1 CDS_FAKE_GPU_CUDA=$2 \
		cds --manifest "$SHIP" plan --for torch
}
plan_on 120 12080
like "$OUT" "^For torch 2.11: the cu128 build \(CUDA 12.8, cuDNN 9.17.1.4\)
  its wheels: $PT/cu128" "plan --for torch on sm_120 and a 12.8 driver: 2.11's cu128 build"
LD_LIBRARY_PATH=$W CDS_FAKE_GPU_CC=120 CDS_FAKE_GPU_CUDA=12080 \
	cds --manifest "$SHIP" plan --for torch --json
is "$(jget "$OUT" 'd["framework"]["row"], d["framework"]["variant"], d["framework"]["index_url"], d["framework"]["archs"]')" \
	"('2.11', 'cu128', '$PT/cu128', '75 80 86 90 100 120')" "plan --json: the build, its index and architectures"
plan_on 61 13000
like "$OUT" "^For torch 2.14: the cu126 build .*
  its wheels: $PT/cu126" "on sm_61: the newest cu126 build (the cu13x builds start at sm_75)"

# ---- the issue's example: torch 2.9.0+cu130 under driver 550 -------------
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia"
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Thu" \
	>"$R/proc/driver/nvidia/version"
V=/home/user/venv
S=$(mk_venv "$R$V")
torch "$S" 2.9.0+cu130 13.0 "75 80 86 90 100 120" "120" \
	'nvidia-cudnn-cu13==9.13.0.50; platform_system == "Linux"'
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
like "$(titles "$OUT" F16)" "torch 2.9.0\+cu130 in env $V needs CUDA 13.0, which needs driver 580.65.06 or newer; this driver is 550.54.15" \
	"F16: cu130 on driver 550"
is "$(argv "$OUT" F16)" "$V/bin/python -m pip install torch==2.9.0+cu128 --index-url $PT/cu128" \
	"F16: the same release's build for CUDA 12 (minor version compatibility: 550 runs 12.x)"
is "$(fix_command "$OUT" F16)" "upgrade the NVIDIA driver to 580.65.06 or newer, or install the build for this driver with the command below" \
	"F16: the second half of the fix is the command"
cds --root "$R" --manifest "$SHIP" doctor --env "$V"
like "$OUT" "to go back: $V/bin/python -m pip install" "text: the command that goes back"
block=$(readme_block "pkg-fixes F16")
ok "$([ "$(printf '%s\n' "$block" | grep -c 'pip install')" -ge 2 ]; echo $?)" \
	"the README shows this case's command and the way back"
is "$(not_in_order "$OUT" "$block")" "" "the README's block is doctor's text here, in order"
cds --root "$R" --manifest "$SHIP" explain --prefix "$V" "CUDA driver version is insufficient for CUDA runtime version"
like "$(printf '%s' "$OUT" | tr -d '\\\n' | tr -s ' ')" "pip install torch==2.9.0\+cu128 --index-url $PT/cu128 to go back: $V/bin/python -m pip install torch==2.9.0\+cu130 --index-url $PT/cu130" \
	"explain shows the command and the way back"
# driver 470 (CUDA 11): the newest release with a cu118 build
sed -i 's/550.54.15/470.82.01/' "$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(argv "$OUT" F16)" "$V/bin/python -m pip install torch==2.7.* --index-url $PT/cu118" \
	"driver 470: torch 2.7, the last release with a cu118 build"
# applied (the cu128 wheel under 550): nothing to fix
sed -i 's/470.82.01/550.54.15/' "$R/proc/driver/nvidia/version"
rm -rf "$S"/torch*
torch "$S" 2.9.0+cu128 12.8 "70 75 80 86 90 100 120" "" \
	'nvidia-cudnn-cu12==9.10.2.21; platform_system == "Linux" and platform_machine == "x86_64"'
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
unlike "$(finding_ids "$OUT")" "F16" "applied: cu128 under driver 550 raises nothing"

# torch23 SITE: torch 2.3.1+cu121 with the cuDNN 8 wheel it pins
torch23() {
	torch "$1" 2.3.1+cu121 12.1 "50 60 70 75 80 86 90" "" \
		'nvidia-cudnn-cu12==8.9.2.26; platform_system == "Linux" and platform_machine == "x86_64"'
	dist "$1" nvidia-cudnn-cu12 8.9.2.26 nvidia-cublas-cu12
	mk_cudnn8 "$1/nvidia/cudnn/lib" 8.9.2 wheel
}

# ---- case 4: onnxruntime-gpu 1.19 (cuDNN 9) beside torch 2.3 (cuDNN 8) ---
# (microsoft/onnxruntime#21684): keep torch, ORT 1.18.0 from its CUDA 12 feed
ORTFEED=https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/
V=/home/user/ortenv
S=$(mk_venv "$R$V")
torch23 "$S"
dist "$S" onnxruntime-gpu 1.19.2 'coloredlogs' 'numpy>=1.21.6'
mkdir -p "$S/onnxruntime/capi"
mk_solib "$S/onnxruntime/capi/libonnxruntime_providers_cuda.so" libonnxruntime_providers_cuda.so \
	-N libcublasLt.so.12 -N libcublas.so.12 -N libcudnn.so.9 -N libcudart.so.12
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
like "$(titles "$OUT" F14)" "onnxruntime-gpu 1.19.2 in env $V needs libcudnn.so.9" "case 4: F14, ORT wants cuDNN 9"
is "$(argv "$OUT" F14)" "$V/bin/python -m pip install onnxruntime-gpu==1.18.0 --extra-index-url $ORTFEED" \
	"case 4: ORT 1.18.0 from the CUDA 12 feed, for torch's cuDNN 8"
is "$(argv "$OUT" F14 undo_argv)" "$V/bin/python -m pip install onnxruntime-gpu==1.19.2" "case 4: and back"

# torch for CUDA 13 with an onnxruntime-gpu for CUDA 12: ORT from its CUDA 13
# feed (ORT's CUDA 13 packages are not on PyPI: microsoft/onnxruntime#27944)
V=/home/user/ort13
S=$(mk_venv "$R$V")
torch "$S" 2.9.0+cu130 13.0 "75 80 86 90 100 120" "120" \
	'nvidia-cudnn-cu13==9.13.0.50; platform_system == "Linux"'
dist "$S" nvidia-cudnn-cu13 9.13.0.50 nvidia-cublas
mk_cudnn9 "$S/nvidia/cudnn/lib" 9.13.0 wheel
dist "$S" onnxruntime-gpu 1.20.1 'coloredlogs' 'numpy>=1.21.6'
mkdir -p "$S/onnxruntime/capi"
mk_solib "$S/onnxruntime/capi/libonnxruntime_providers_cuda.so" libonnxruntime_providers_cuda.so \
	-N libcublasLt.so.12 -N libcublas.so.12 -N libcudnn.so.9 -N libcudart.so.12
# a driver that runs CUDA 13 (under 550 no CUDA 13 build would run)
sed -i 's/550.54.15/580.65.06/' "$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
sed -i 's/580.65.06/550.54.15/' "$R/proc/driver/nvidia/version"
like "$(titles "$OUT" F14)" "onnxruntime-gpu 1.20.1 in env $V needs libcu" "ORT for CUDA 12 beside torch cu130: F14"
is "$(argv "$OUT" F14)" "$V/bin/python -m pip install onnxruntime-gpu==1.24.* --extra-index-url https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-13/pypi/simple/" \
	"... the CUDA 13 build from ORT's own feed"

# ---- case 5: CTranslate2 4.5 (cuDNN 9) beside torch+cu121 with cuDNN 8 ----
# (SYSTRAN/faster-whisper#1086: torch +cu121 or < 2.4 -> ctranslate2<=4.4.0)
V=/home/user/whisper
S=$(mk_venv "$R$V")
torch23 "$S"
dist "$S" ctranslate2 4.5.0 'setuptools' 'numpy' 'pyyaml<7,>=5.3'
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
like "$(titles "$OUT" F7)" "ctranslate2 4.5.0 in env $V needs cuDNN 9" "case 5: F7"
is "$(argv "$OUT" F7)" "$V/bin/python -m pip install ctranslate2==4.4.0" \
	"case 5: ctranslate2 4.4.0, the last built for cuDNN 8"

# ---- conda: pytorch from conda-forge under an old driver ----------------
C=$R/home/user/miniconda3
E=$C/envs/cf
mkdir -p "$C/conda-meta" "$E/conda-meta" "$E/lib/python3.12/site-packages/torch"
python3 - "$E/conda-meta" <<'EOF'
import json, os, sys
# the fields conda writes for each installed package (conda-meta/*.json)
for name, ver, build, deps in (
        ("pytorch", "2.9.0", "cuda130_py312_h0123456_200",
         ["cuda-version >=13.0,<14", "libtorch 2.9.0.*"]),
        ("cuda-version", "13.0", "h2b2f5c5_3", ["__cuda >=13"])):
    d = {"name": name, "version": ver, "build": build, "build_number": 0,
         "channel": "https://conda.anaconda.org/conda-forge/linux-64",
         "subdir": "linux-64", "depends": deps, "files": [],
         "fn": "%s-%s-%s.conda" % (name, ver, build)}
    json.dump(d, open(os.path.join(sys.argv[1], "%s-%s-%s.json" %
                                   (name, ver, build)), "w"), indent=2)
EOF
printf "__version__ = '2.9.0'\ncuda = '13.0'\n" >"$E/lib/python3.12/site-packages/torch/version.py"
HOME=/home/user cds --root "$R" --manifest "$SHIP" doctor --json --env cf
like "$(titles "$OUT" F16)" "torch 2.9.0 in env cf needs CUDA 13.0" "conda: F16 for conda-forge's pytorch"
is "$(argv "$OUT" F16)" "conda install -p /home/user/miniconda3/envs/cf -c conda-forge cuda-version=12.4 pytorch-gpu" \
	"conda: conda-forge's cuda-version (the CUDA driver 550 runs natively) and pytorch-gpu"
is "$(argv "$OUT" F16 undo_argv)" "conda install -p /home/user/miniconda3/envs/cf -c conda-forge pytorch=2.9.0=cuda130_py312_h0123456_200" \
	"conda: back to the very build conda-meta names"

# ---- explain: the package managers' own messages -------------------------
# exj TEXT [ARGS]: explain --json TEXT on the GPU double (sm_86, 12.8 driver)
exj() {
	_t=$1
	shift
	cds --manifest "$SHIP" explain --json "$@" "$_t"
}
msgpkg() { jget "$OUT" '" ".join([x["argv"] for f in d["findings"] if f["id"] == "MSG-PKG" for x in f["fixes"] if "argv" in x][0])'; }
# case 3 from the message alone (explain): the GPU's sm_120 as PyTorch
# says it, a driver 575 here
V=/home/user/c3x
S=$(mk_venv "$R$V")
torch "$S" 2.5.1+cu124 12.4 "50 60 70 75 80 86 90" "" \
	'nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux" and platform_machine == "x86_64"'
sed -i 's/550.54.15/575.51.03/' "$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$SHIP" explain --json --prefix "$V" 'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.
The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.'
sed -i 's/575.51.03/550.54.15/' "$R/proc/driver/nvidia/version"
is "$(argv "$OUT" F21)" "$V/bin/python -m pip install torch==2.11.* --index-url $PT/cu128" \
	"case 3 in explain: the capability the message gives chooses the build"
# case 7 (pytorch/pytorch#193491): the cu124 index lost cuDNN 9.1.0.70
V=$W/c7/venv
S=$(mk_venv "$V")
exj 'ERROR: Could not find a version that satisfies the requirement nvidia-cudnn-cu12==9.1.0.70 (from torch) (from versions: none)
ERROR: No matching distribution found for nvidia-cudnn-cu12==9.1.0.70' --prefix "$V"
is "$(jget "$OUT" 'd["id"]')" PIP-NO-PIN "case 7: recognised"
is "$(msgpkg)" "$V/bin/python -m pip install nvidia-cudnn-cu12==9.1.0.70 --index-url https://pypi.org/simple" \
	"case 7: the pinned wheel from PyPI, with the env's interpreter"
# case 8 (PaddlePaddle/Paddle#74894): torch's and Paddle's exact pins clash
exj 'ERROR: Cannot install paddlepaddle-gpu==3.1.0 and torch==2.5.1 because these package versions have conflicting dependencies.

The conflict is caused by:
    torch 2.5.1 depends on nvidia-cuda-runtime-cu12==12.4.127; platform_system == "Linux" and platform_machine == "x86_64"
    paddlepaddle-gpu 3.1.0 depends on nvidia-cuda-runtime-cu12==12.3.101; platform_system == "Linux"

ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts' --prefix "$V"
is "$(jget "$OUT" 'd["id"]')" PIP-PIN-CLASH "case 8: recognised"
is "$(jget "$OUT" '" | ".join(" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-PKG" for x in f["fixes"])')" \
	"$V/bin/python -m pip install torch==2.7.* --index-url $PT/cu126 | $V/bin/python -m pip install paddlepaddle-gpu==3.1.0 --index-url https://www.paddlepaddle.org.cn/packages/stable/cu126/" \
	"case 8: torch 2.7 and Paddle from their cu126 indexes, whose pins agree (CUDA 12.6, cuDNN 9.5.1.17)"
# case 9 (conda-forge/pytorch-cpu-feedstock#364): a node without a GPU
exj 'error    libmamba Could not solve for environment specs
    The following packages are incompatible
    └─ libtorch * cuda12* is not installable because it requires
       └─ __cuda, which is missing on the system.'
is "$(jget "$OUT" 'd["id"]')" CONDA-NO-CUDA "case 9: recognised"
like "$(msgpkg)" "^env CONDA_OVERRIDE_CUDA=12\.[0-9]+ conda install -c conda-forge pytorch libtorch=\*=cuda12\*$" \
	"case 9: CONDA_OVERRIDE_CUDA with the build's CUDA major"
# case 10 (Jim137/qkan#29): a deprecated -cu13 name
# (in a root of its own: whether the system Python is externally managed
# is the root's)
P0=$(mk_sysroot); cleanup_later "$P0"
cds --root "$P0" --manifest "$SHIP" explain --json "ERROR: THIS PROJECT 'nvidia-cusparse-cu13' IS DEPRECATED. Please use 'nvidia-cusparse' instead."
is "$(jget "$OUT" 'd["id"]')" CU13-STUB "case 10: recognised"
is "$(msgpkg)" "python3 -m pip install cuda-toolkit[cusparse]==13.*" \
	"case 10: NVIDIA's metapackage with the component as its extra"
cds --root "$P0" --manifest "$SHIP" explain --json "THIS PROJECT 'nvidia-cuda-runtime-cu13' IS DEPRECATED"
is "$(msgpkg)" "python3 -m pip install cuda-toolkit[cudart]==13.*" \
	"case 10: cuda-runtime is the cudart extra"
# case 11 (sd-1click-colab#30, sd-wav2lip-uhq#36): torchvision or
# torchaudio built for another CUDA than torch: the companion of torch's
# release in torch's build, from torch's index, named exactly (pip keeps
# an installed one that the name alone satisfies), or in words where
# torch is not known here
V=$W/c11/venv
S=$(mk_venv "$V")
torch "$S" 2.0.1+cu117 11.7 "50 60 70 75 80 86" "86"
dist "$S" torchvision 0.15.2+cu118 "torch==2.0.1"
exj 'RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA versions. PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=11.8. Please reinstall the torchvision that matches your PyTorch install.' --prefix "$V"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('TORCH-COMPANION', 0)" "case 11: recognised, the message shows its cause"
is "$(msgpkg)" "$V/bin/python -m pip install --force-reinstall --no-deps torchvision==0.15.2+cu117 --index-url $PT/cu117" \
	"case 11: the env's torchvision release in torch's cu117 build, alone"
cds --root "$P0" --manifest "$SHIP" explain --json 'RuntimeError: Detected that PyTorch and TorchAudio were compiled with different CUDA versions. PyTorch has CUDA version 13.0 whereas TorchAudio has CUDA version 12.8. Please install the TorchAudio version that matches your PyTorch version.'
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-PKG" for x in f["fixes"]][0]')" \
	"pip install --force-reinstall --no-deps torchaudio==<the release that goes with torch's>\\+cu130 --index-url $PT/cu130" \
	"case 11: torchaudio's words, no torch known: the command in words, the cu130 index"
# the dispatcher's words when torchvision is built against another torch
# release (sdnext#3531): the doctor finding shows it, with its command
dist "$S" torchvision 0.16.0+cu117 "torch==2.1.0"
rm -rf "$S"/torchvision-0.15.2+cu118.dist-info
exj 'RuntimeError: operator torchvision::nms does not exist' --prefix "$V"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('TORCH-COMPANION', 1)" "case 11: 'operator torchvision::nms does not exist', cause 2 shown here"
is "$(jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "TORCH-COMPANION" for x in f["fixes"] if "argv" in x]')" \
	"['$V/bin/python -m pip install torch==2.0.1+cu117 torchvision --index-url $PT/cu117']" \
	"case 11: torch kept as it is, the resolver picks the torchvision that pins it, from cu117"
# the distribution marks its Python externally managed (PEP 668: Debian 12
# on): pip refuses the plain command, so the fix says what pip asks for
mkdir -p "$P0/usr/lib/python3.11"
printf '[externally-managed]\nError=use apt\n' >"$P0/usr/lib/python3.11/EXTERNALLY-MANAGED"
cds --root "$P0" --manifest "$SHIP" explain --json "THIS PROJECT 'nvidia-cuda-runtime-cu13' IS DEPRECATED"
is "$(msgpkg)" "python3 -m pip install --break-system-packages cuda-toolkit[cudart]==13.*" \
	"an externally managed system Python: pip's --break-system-packages"

# ---- NVIDIA's real CUDA 13 wheels (nvidia/cu13/lib, cudnn-cu13) ---------
# their own METADATA and RECORD, laid out as pip does, from the CUDA here
# made of them; torch 2.9.0+cu130's Requires-Dist as its wheel has them
CUDA=${CDS_CUDA:-/usr/local/cuda}
if ls "$CUDA"/dist-info/nvidia_cudnn_cu13-*.dist-info >/dev/null 2>&1; then
	V=$W/real13/venv
	S=$(mk_venv "$V")
	lay_wheels "$CUDA" "$S" "$CUDA"/dist-info/*.dist-info
	torch "$S" 2.9.0+cu130 13.0 "75 80 86 90 100 120" "120" \
		'nvidia-cuda-runtime==13.0.48; platform_system == "Linux"' \
		'nvidia-cublas==13.0.0.19; platform_system == "Linux"' \
		'nvidia-cufft==12.0.0.15; platform_system == "Linux"' \
		'nvidia-cusparse==12.6.2.49; platform_system == "Linux"' \
		'nvidia-nvjitlink==13.0.39; platform_system == "Linux"' \
		'nvidia-cudnn-cu13==9.13.0.50; platform_system == "Linux"' \
		'nvidia-nccl-cu13==2.27.7; platform_system == "Linux"'
	gpu 86 13000 "$V"
	is "$(titles "$OUT" F16) $(titles "$OUT" F21)" "[] []" \
		"real cu13 wheels, sm_86, a 13.0 driver: torch runs, nothing to say"
	is "$(jget "$OUT" 'len([x for f in d["findings"] for x in f["fixes"] if "argv" in x])')" 0 \
		"... and no package-manager command"
	gpu 61 13000 "$V"
	is "$(argv "$OUT" F21)" "$V/bin/python -m pip install torch==2.9.0+cu126 --index-url $PT/cu126" \
		"real cu13 wheels on sm_61: the cu126 build"
else
	skip 3 "no CUDA 13 made of NVIDIA's wheels at $CUDA"
fi

# ---- CuPy and CTranslate2: wheels of their own per CUDA ------------------
# record SITE DIST FILE...: FILEs (paths in SITE) into DIST's RECORD as pip
# writes it: path, sha256 (urlsafe base64, no padding), size
record() {
	python3 - "$@" <<'PY'
import base64, hashlib, os, sys
site, dist = sys.argv[1:3]
with open(os.path.join(site, dist, "RECORD"), "a") as out:
    for rel in sys.argv[3:]:
        data = open(os.path.join(site, rel), "rb").read()
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
        out.write("%s,sha256=%s,%d\n" % (rel, h.rstrip(b"=").decode(),
                                          len(data)))
PY
}
# cupy SITE NAME VERSION: CuPy's wheel for one CUDA major (cupy-cuda13x):
# its dist-info with v14's Requires-Dist (cupy/cupy setup.py: the
# cuda-pathfinder pin and the [ctk] extra), the cupy module with a real
# extension library, each file in RECORD
cupy() {
	_maj=$(echo "$2" | sed 's/cupy-cuda\([0-9]*\)x/\1/')
	dist "$1" "$2" "$3" 'cuda-pathfinder==1.*,>=1.3.4' \
		"cuda-toolkit[cublas,cudart,cufft,curand,cusolver,cusparse,nvrtc]==$_maj.*; extra == \"ctk\""
	mkdir -p "$1/cupy/_core"
	echo "__version__ = '$3'" >"$1/cupy/__init__.py"
	mk_solib "$1/cupy/_core/core.cpython-312-x86_64-linux-gnu.so" \
		core.cpython-312-x86_64-linux-gnu.so
	record "$1" "cupy_cuda${_maj}x-$3.dist-info" cupy/__init__.py \
		cupy/_core/core.cpython-312-x86_64-linux-gnu.so
}
# ct2 SITE VERSION: CTranslate2's wheel (its Requires-Dist, its extension)
ct2() {
	dist "$1" ctranslate2 "$2" 'setuptools' 'numpy' 'pyyaml<7,>=5.3'
	mkdir -p "$1/ctranslate2"
	echo "__version__ = '$2'" >"$1/ctranslate2/version.py"
	mk_solib "$1/ctranslate2/_ext.cpython-312-x86_64-linux-gnu.so" \
		_ext.cpython-312-x86_64-linux-gnu.so
	record "$1" "ctranslate2-$2.dist-info" ctranslate2/version.py \
		ctranslate2/_ext.cpython-312-x86_64-linux-gnu.so
}
drv() {	# drv VERSION: the module's version in the root
	echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  $1  Thu" \
		>"$R/proc/driver/nvidia/version"
}
all_argv() {	# all_argv JSON ID [KEY]: each command of ID, " | " between
	jget "$1" '" | ".join(" ".join(x["'"${3:-argv}"'"]) for f in d["findings"] if f["id"] == "'"$2"'" for x in f["fixes"] if "argv" in x)'
}
# cupy-cuda13x 14.0.1 under driver 550 (CUDA 12 at most): CuPy v14 has a
# CUDA 12 wheel of the same release; the one there goes first
V=/home/user/cupy13
S=$(mk_venv "$R$V")
cupy "$S" cupy-cuda13x 14.0.1
drv 550.54.15
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
like "$(titles "$OUT" F16)" "cupy-cuda13x 14.0.1 in env $V needs CUDA 13, which needs driver 580.65.06 or newer; this driver is 550.54.15" \
	"cupy-cuda13x under 550: F16"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip uninstall -y cupy-cuda13x | $V/bin/python -m pip install cupy-cuda12x==14.0.1" \
	"cupy: the CUDA 13 wheel out, then the CUDA 12 wheel of the same release"
is "$(all_argv "$OUT" F16 undo_argv)" "$V/bin/python -m pip install cupy-cuda13x==14.0.1 | $V/bin/python -m pip uninstall -y cupy-cuda12x" \
	"cupy: each with the command that goes back"
# a uv venv with NVIDIA's wheels from the [ctk] extra (cuda-toolkit 13)
V=/home/user/cupyuv
S=$(mk_venv "$R$V" uv)
cupy "$S" cupy-cuda13x 14.0.1
dist "$S" cuda-toolkit 13.0.3
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(all_argv "$OUT" F16)" "uv pip uninstall --python $V cupy-cuda13x | uv pip install --python $V cupy-cuda12x[ctk]==14.0.1" \
	"cupy in a uv venv with [ctk]: uv's commands, the extra kept"
# cupy-cuda12x 14 under driver 470 (CUDA 11): v13 is the last with a
# cupy-cuda11x
V=/home/user/cupy12
S=$(mk_venv "$R$V")
cupy "$S" cupy-cuda12x 14.0.1
drv 470.82.01
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip uninstall -y cupy-cuda12x | $V/bin/python -m pip install cupy-cuda11x==13.*" \
	"cupy-cuda12x 14 under 470: cupy-cuda11x of v13, its last release line"
# healthy: the CUDA 12 wheel under 550 runs (minor version compatibility)
drv 550.54.15
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(titles "$OUT" F16)" "[]" "cupy-cuda12x under 550: nothing"
V=/home/user/cupy13
drv 580.65.06
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(titles "$OUT" F16) $(all_argv "$OUT" F16)" "[] " "cupy-cuda13x under 580.65.06: nothing, no command"

# CTranslate2 4.6.3 is built with CUDA 12.8 and compiles its PTX at run
# time: older drivers refuse it (OpenNMT/CTranslate2#1978); 4.6.2, built
# with 12.4, runs on any CUDA 12 driver
V=/home/user/ct2
S=$(mk_venv "$R$V")
ct2 "$S" 4.6.3
drv 550.54.15
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
like "$(titles "$OUT" F16)" "ctranslate2 4.6.3 in env $V needs CUDA 12.8, which needs driver 570.86.10 or newer; this driver is 550.54.15" \
	"ctranslate2 4.6.3 under 550: F16 (the driver of CUDA 12.8)"
like "$(evidence "$OUT" F16 'why the minor')" "cudaErrorUnsupportedPtxVersion" "... why the minor counts"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip install ctranslate2==4.6.2" \
	"ctranslate2: 4.6.2, the newest with cuDNN 9 this driver runs"
is "$(all_argv "$OUT" F16 undo_argv)" "$V/bin/python -m pip install ctranslate2==4.6.3" "... and back"
cds --root "$R" --manifest "$SHIP" explain --json --prefix "$V" \
	'parallel_for failed: cudaErrorUnsupportedPtxVersion: the provided PTX was compiled with an unsupported toolchain.'
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip install ctranslate2==4.6.2" \
	"explain of CTranslate2#1978's message: the same command"
drv 470.82.01
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip install ctranslate2==3.24.0" \
	"driver 470 (CUDA 11): 3.24.0, the last built with CUDA 11 (CTranslate2#1842)"
like "$(evidence "$OUT" F16 'build that fits')" "CUDA 11.2, cuDNN 8" "... its cuDNN 8 said"
drv 570.86.10
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(titles "$OUT" F16)" "[]" "ctranslate2 4.6.3 under 570.86.10: nothing"
drv 550.54.15
rm -rf "$S"/ctranslate2*
ct2 "$S" 4.6.2
cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"
is "$(titles "$OUT" F16)" "[]" "applied: ctranslate2 4.6.2 under 550: nothing"
# the GPU double's driver says CUDA 12.4 (no module version): the same
V=$W/ct2gpu/venv
S=$(mk_venv "$V")
ct2 "$S" 4.6.3
gpu 86 12040 "$V"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip install ctranslate2==4.6.2" \
	"a driver that runs CUDA 12.4: ctranslate2 4.6.2"
gpu 86 12080 "$V"
unlike "$(titles "$OUT" F16)" "ctranslate2" "... one that runs 12.8: nothing about it"
# the GPU counts too: CTranslate2 4.x's wheels carry cubins sm_53 to sm_86
# and PTX compute_86 (CMake 3.22's Common list for CUDA 12), nothing a
# Maxwell 5.2 GPU runs; its CUDA 11 wheels add sm_50 (CTranslate2#1765,
# #1666; faster-whisper#806 went back to 3.24)
gpu 52 12040 "$V"
is "$(all_argv "$OUT" F16)" "$V/bin/python -m pip install ctranslate2==3.24.0" \
	"Maxwell sm_52: 3.24.0, the newest with a kernel for it"
like "$(evidence "$OUT" F16 'build that fits')" "CUDA 11\.2, cuDNN 8" "... its cuDNN 8 said"

# ---- healthy: a build that runs gets no command --------------------------
V=$W/ok/venv
S=$(mk_venv "$V")
torch "$S" 2.9.0+cu128 12.8 "70 75 80 86 90 100 120" "" \
	'nvidia-cudnn-cu12==9.10.2.21; platform_system == "Linux" and platform_machine == "x86_64"'
gpu 86 12080 "$V"
unlike "$(titles "$OUT" F21) $(titles "$OUT" F16)" "torch" "healthy: sm_86 on 12.8 with torch cu128: nothing"
is "$(jget "$OUT" 'len([x for f in d["findings"] for x in f["fixes"] if "argv" in x])')" 0 \
	"healthy: no package-manager command at all"

done_testing
