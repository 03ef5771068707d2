#!/bin/sh
# Real wheels' METADATA (tests/data/wheels; their sources in SOURCES.md
# there): torch from PyPI (setuptools' "(==V) ;" pins of 2.2.2 and 2.4.0,
# today's "==V;" of 2.6.0 and 2.7.1, PyPI's cu124 and cu126 builds), from
# PyTorch's nightly index with its "+cu126" label, its CPU build, and a
# CUDA 13 build that pins cuda-toolkit; TensorFlow 2.14.0 with its
# and-cuda extra; ONNX Runtime's cuda and cudnn extras.  Each is laid in a
# venv as pip lays it, with the NVIDIA wheels it pins
# (tests/fixtures/wheels.sh real_wheel: their libraries real ELF files with
# their sonames, torch's libtorch_cuda.so linking them through DT_RPATH),
# in a fake root whose driver version is set in /proc and /sys.  doctor
# says what it reads of each build (name, version with its label, the
# CUDA it was built for and where that was read, the cuDNN it pins), a
# healthy env raises nothing, and under a driver too old for the build
# doctor and explain give the command of the env's own package manager:
# the local label pinned, a nightly's release, and a way back that
# reinstalls PyPI's build (a label-less "torch==V" is met by the "+cuXXX"
# the fix installed, PEP 440).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
plan 42

SHIP=$CDS_SRCDIR/manifests/index.json
PT=https://download.pytorch.org/whl
V=/home/user/venv

# env DATA [uv|cu13|EXTRA]: a fresh root with driver 580.65.06 (the
# loader finds its libcuda.so.1, and libcuda.so, which cuDNN 8 opens) and a venv $V holding DATA's wheel: made
# by uv, or by pip with the wheels of DATA's EXTRA, or with CUDA 13's own
# wheels laid first (cu13: the toolkit's, not cuDNN's or NCCL's, which the
# wheel pins); sets R and S
CUDA=${CDS_CUDA:-/usr/local/cuda}
env() {
	R=$(mk_sysroot); cleanup_later "$R"
	mk_driver "$R" 580.65.06
	mk_solib "$R/usr/lib/x86_64-linux-gnu/libcuda.so.1" libcuda.so.1
	ln -s libcuda.so.1 "$R/usr/lib/x86_64-linux-gnu/libcuda.so"
	echo /usr/lib/x86_64-linux-gnu >"$R/etc/ld.so.conf"
	S=$R$V/lib/python3.12/site-packages
	mkdir -p "$S" "$R$V/bin"
	{
		echo "home = /usr/bin"
		[ "$2" = uv ] && echo "uv = 0.9.5"
		echo "include-system-site-packages = false"
	} >"$R$V/pyvenv.cfg"
	case $2 in
	uv) real_wheel "$S" "$1" uv ;;
	cu13) lay_wheels "$CUDA" "$S" $(ls -d "$CUDA"/dist-info/*.dist-info |
			grep -v 'cudnn_cu13\|nccl_cu13')
		real_wheel "$S" "$1" ;;
	*) real_wheel "$S" "$1" pip "$2" ;;
	esac
}
# driver VERSION: the root's driver becomes VERSION
driver() {
	sed -i "s/  [0-9.]*  /  $1  /" "$R/proc/driver/nvidia/version"
	echo "$1" >"$R/sys/module/nvidia/version"
}
doc() { cds --root "$R" --manifest "$SHIP" doctor --json --env "$V"; }
# row NAME: what doctor read of package NAME in the venv
row() {
	jget "$OUT" '[(p["version"], p["cuda"], p["cuda_source"], p["cudnn"]) for e in d["envs"] for p in e["packages"] if p["name"] == "'"$1"'"]'
}
# serious: the findings that are not notes
serious() { jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] != "note"]'; }
argv() {	# argv ID [KEY]: the first package-manager command of ID
	jget "$OUT" '" ".join([x["'"${2:-argv}"'"] for f in d["findings"] if f["id"] == "'"$1"'" for x in f["fixes"] if "argv" in x][0])'
}
P=$V/bin/python

# ---- PyPI torch 2.2.2: setuptools' "(==12.1.105) ;" pins -----------------
env torch-2.2.2
doc
is "$(row torch)" "[('2.2.2', '12.1', 'nvidia-cuda-runtime pin', '8.9.2.26')]" \
	"2.2.2: CUDA 12.1 from the nvidia-cuda-runtime-cu12 (==12.1.105) pin, cuDNN from (==8.9.2.26)"
is "$(serious)" "[]" "2.2.2 with its eleven pinned wheels, driver 580: nothing wrong"
is "$(jget "$OUT" 'len([p for e in d["envs"] for p in e["packages"] if p["name"].startswith("nvidia-")])')" 11 \
	"... each pin's wheel laid (the (==V) form parsed by the fixture too)"
driver 470.82.01
doc
like "$(titles "$OUT" F16)" "torch 2\\.2\\.2 in env $V needs CUDA 12\\.1, which needs driver 525\\.60\\.13 or newer; this driver is 470\\.82\\.01" \
	"driver 470: F16"
is "$(argv F16)" "$P -m pip install torch==2.2.2+cu118 --index-url $PT/cu118" \
	"F16: 2.2.2's cu118 build, its label pinned"
is "$(argv F16 undo_argv)" "$P -m pip install --force-reinstall torch==2.2.2 --index-url https://pypi.org/simple" \
	"F16: back to PyPI's build, reinstalled (torch==2.2.2 is met by 2.2.2+cu118)"
cds --root "$R" --manifest "$SHIP" explain --prefix "$V" "CUDA driver version is insufficient for CUDA runtime version"
like "$(printf '%s' "$OUT" | tr -d '\\\n' | tr -s ' ')" "pip install torch==2\\.2\\.2\\+cu118 --index-url $PT/cu118" \
	"explain: the same command"

# ---- PyPI torch 2.4.0 and 2.6.0 ------------------------------------------
env torch-2.4.0
doc
is "$(row torch)" "[('2.4.0', '12.1', 'nvidia-cuda-runtime pin', '9.1.0.70')]" "2.4.0: CUDA 12.1, cuDNN 9.1.0.70 from its (==V) pins"
is "$(serious)" "[]" "2.4.0, driver 580: nothing wrong"
env torch-2.6.0
doc
is "$(row torch)" "[('2.6.0', '12.4', 'nvidia-cuda-runtime pin', '9.1.0.70')]" "2.6.0 from PyPI: its cu124 pins"
is "$(serious)" "[]" "2.6.0 with cuSPARSELt 0.6.2 at cusparselt/lib: nothing wrong"
driver 470.82.01
doc
is "$(argv F16)" "$P -m pip install torch==2.6.0+cu118 --index-url $PT/cu118" "2.6.0 on driver 470: its cu118 build"

# ---- PyPI torch 2.7.1 (cu126) in a uv venv -------------------------------
env torch-2.7.1 uv
doc
is "$(row torch)" "[('2.7.1', '12.6', 'nvidia-cuda-runtime pin', '9.5.1.17')]" "2.7.1 from PyPI: CUDA 12.6"
is "$(serious)" "[]" "2.7.1 with cuFile, cuSPARSELt and nvJitLink: nothing wrong"
driver 535.54.03
doc
is "$(serious)" "[]" "driver 535 runs CUDA 12.6 (minor version compatibility): nothing wrong"
driver 470.82.01
doc
is "$(argv F16)" "uv pip install --python $V torch==2.7.1+cu118 --index-url $PT/cu118" "2.7.1 on driver 470: uv's own command"
is "$(argv F16 undo_argv)" "uv pip install --python $V --reinstall-package torch torch==2.7.1 --index-url https://pypi.org/simple" \
	"... and back, torch reinstalled from PyPI"

# ---- torch 2.7.1+cpu --------------------------------------------------------
env torch-2.7.1+cpu
driver 470.82.01
doc
is "$(row torch)" "[('2.7.1+cpu', None, 'version tag', None)]" "2.7.1+cpu: no CUDA"
is "$(jget "$OUT" '[p["cpu_only"] for e in d["envs"] for p in e["packages"] if p["name"] == "torch"]')" "[True]" "... a CPU-only build"
unlike "$(finding_ids "$OUT")" "F16" "... nothing about the driver"

# ---- nightlies: the "+cu126" label, PyTorch's nightly index ---------------
env torch-2.6.0.dev20241222+cu126
doc
is "$(row torch)" "[('2.6.0.dev20241222+cu126', '12.6', 'version tag', '9.5.1.17')]" "a nightly: CUDA 12.6 from its label"
is "$(serious)" "[]" "the nightly, driver 580: nothing wrong"
driver 470.82.01
doc
is "$(argv F16)" "$P -m pip install torch==2.6.0+cu118 --index-url $PT/cu118" \
	"driver 470: the release the nightly leads to, from the cu118 release index (not the nightly's version there)"
is "$(argv F16 undo_argv)" "$P -m pip install torch==2.6.0.dev20241222+cu126 --index-url $PT/nightly/cu126" \
	"... and back to the nightly, from the nightly index"
env torch-2.7.0.dev20250116+cu126 uv
driver 470.82.01
doc
is "$(argv F16)" "uv pip install --python $V torch==2.7.0+cu118 --index-url $PT/cu118" "a 2.7 nightly in a uv venv: 2.7.0's cu118 build"
is "$(argv F16 undo_argv)" "uv pip install --python $V torch==2.7.0.dev20250116+cu126 --index-url $PT/nightly/cu126" "... and back"
# the aarch64 wheel of the same nightly pins no NVIDIA wheel
env torch-2.6.0.dev20241222+cu126-aarch64
doc
is "$(row torch)" "[('2.6.0.dev20241222+cu126', '12.6', 'version tag', None)]" "the nightly's aarch64 METADATA: CUDA from the label, no cuDNN pin"
is "$(ls "$S" | grep -c '^nvidia_')" 0 "... and no NVIDIA wheel laid"

# ---- torch 2.14.0+cu130: cuda-toolkit 13.0.2 and CUDA 13's wheels ---------
# CUDA 13.0.2's own wheels where this machine's CUDA is made of them (the
# release cuda-toolkit==13.0.2 names; its components' versions are those
# of manifests/nvidia/cuda_redistrib_13.0.2.json)
if [ -e "$CUDA/dist-info/nvidia_cuda_runtime-13.0.96.dist-info" ]; then
	env torch-2.14.0+cu130 cu13
	doc
	is "$(row torch)" "[('2.14.0+cu130', '13.0', 'version tag', '9.24.0.43')]" "2.14.0+cu130: CUDA 13.0 from its label, cuDNN from nvidia-cudnn-cu13==9.24.0.43"
	is "$(serious)" "[]" "with CUDA 13.0.2's wheels in nvidia/cu13/lib, driver 580: nothing wrong"
	like "$(readelf -d "$S/torch/lib/libtorch_cuda.so")" "NEEDED.*\\[libcudart\\.so\\.13\\]" "... torch's library links libcudart.so.13 from nvidia/cu13/lib"
	driver 550.54.15
	doc
	like "$(titles "$OUT" F16)" "torch 2\\.14\\.0\\+cu130 in env $V needs CUDA 13\\.0, which needs driver 580\\.65\\.06 or newer; this driver is 550\\.54\\.15" "driver 550: F16"
	is "$(argv F16)" "$P -m pip install torch==2.14.0+cu126 --index-url $PT/cu126" "... 2.14.0's cu126 build"
	is "$(argv F16 undo_argv)" "$P -m pip install torch==2.14.0+cu130 --index-url $PT/cu130" "... and back to cu130"
	driver 470.82.01
	doc
	is "$(argv F16)" "$P -m pip install torch==2.7.* --index-url $PT/cu118" "driver 470: no 2.14 build runs; 2.7, the last with cu118"
else
	skip 7 "no CUDA 13.0.2 made of NVIDIA's wheels at $CUDA"
fi

# ---- a torch without a label or torch/version.py pinning cuda-toolkit ----
# the dist-info alone, its one pin the cuda-toolkit line of
# torch-2.14.0+cu130's METADATA: the CUDA is read from that pin
R=$(mk_sysroot); cleanup_later "$R"
S=$R$V/lib/python3.12/site-packages
mkdir -p "$S/torch-2.14.0.dist-info" "$R$V/bin"
echo "home = /usr/bin" >"$R$V/pyvenv.cfg"
{
	printf 'Metadata-Version: 2.4\nName: torch\nVersion: 2.14.0\n'
	grep '^Requires-Dist: cuda-toolkit' "$CDS_SRCDIR/tests/data/wheels/torch-2.14.0+cu130/METADATA"
} >"$S/torch-2.14.0.dist-info/METADATA"
echo pip >"$S/torch-2.14.0.dist-info/INSTALLER"
: >"$S/torch-2.14.0.dist-info/RECORD"
doc
is "$(row torch)" "[('2.14.0', '13.0', 'cuda-toolkit pin', None)]" "no label, no version.py: CUDA 13.0 from the cuda-toolkit[...]==13.0.2 pin"

# ---- TensorFlow 2.14.0 and its and-cuda extra ---------------------------
env tensorflow-2.14.0
doc
is "$(row tensorflow)" "[('2.14.0', '11.8', 'nvidia-cuda-runtime pin', None)]" "TensorFlow 2.14.0: CUDA 11.8 from the and-cuda extra's pins"
is "$(titles "$OUT" F29)" "['tensorflow 2.14.0 in env $V cannot dlopen libcudnn.so.8']" "pip install tensorflow, no extra: no CUDA libraries, F29"
env tensorflow-2.14.0 and-cuda
doc
is "$(serious)" "[]" "pip install 'tensorflow[and-cuda]': the extra's CUDA 11 wheels, nothing wrong"
is "$(ls -d "$S"/nvidia_*_cu11-*.dist-info | wc -l)" 10 \
	"... the extra's ten nvidia-*-cu11 wheels (tensorrt, not NVIDIA's wheel family, aside)"

# ---- ONNX Runtime 1.21.0's cuda and cudnn extras -----------------------
env onnxruntime-gpu-1.21.0
doc
is "$(row onnxruntime-gpu)" "[('1.21.0', None, None, None)]" "onnxruntime-gpu 1.21.0: its extras' ~= bounds are not read as a build's CUDA"
is "$(ls -d "$S"/nvidia_*.dist-info 2>/dev/null | wc -l)" 0 "... and no wheel of an extra not asked for"

done_testing
