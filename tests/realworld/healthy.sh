#!/bin/sh
# Healthy machines and envs, made of the real NVIDIA libraries on this
# machine: each must give no error finding, and repair --dry-run must plan
# nothing.  Expectations: tests/realworld/expect/healthy.ini.
#
#   host   this machine as it is: a complete CUDA + cuDNN under
#          /usr/local/cuda (NVIDIA's wheels unpacked there, their dist-info
#          kept), on the loader's path by ld.so.conf.d, nvcc on PATH; no
#          NVIDIA driver.  HOME is an empty directory (the machine, not
#          whoever runs the tests).
#   pip    a venv laid out exactly as pip installs those same wheels (each
#          wheel's RECORD: site-packages/nvidia/cu13/lib, nvidia/cudnn/lib,
#          ...; the files are hard links to the real ones) with torch
#          2.11.0+cu130: its version.py as PyTorch 2.x writes it, and a
#          stand-in for libtorch_cuda.so with the wheel's DT_NEEDED and
#          DT_RPATH (pytorch's .ci/manywheel/build_cuda.sh: nvidia/cudnn/lib,
#          ..., nvidia/cu13/lib, $ORIGIN).  cuDNN 9.19 with torch built for
#          cuDNN 9.17 is fine: cuDNN 9 minor versions are backward
#          compatible, and torch checks only that the runtime's minor is not
#          older (torch/backends/cudnn/__init__.py).
#   conda  a conda env whose conda-meta records cudnn, cuda-cudart and
#          libcublas of those versions with the libraries in ENV/lib, and
#          pytorch built for them (the pytorch channel's build string names
#          both: py3.X_cuda13.0_cudnn9.19.0_0); its extension's RPATH is
#          conda-build's $ORIGIN/../../../.. (ENV/lib).
#
# The versions are read from the wheels' dist-info here, never written in.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
RW=$CDS_SRCDIR/tests/realworld
CUDA=/usr/local/cuda

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}
have_python || skip_all "python3 is missing"
di=$CUDA/dist-info
set -- "$di"/nvidia_cudnn_cu*-*.dist-info
[ -d "$1" ] && [ -f "$CUDA/lib/libcudnn.so.9" ] ||
	skip_all "no real CUDA + cuDNN from NVIDIA's wheels under $CUDA (lib/, dist-info/)"
[ -e /proc/driver/nvidia/version ] &&
	skip_all "this host has an NVIDIA driver: the cases model machines without one"

out=$CDS_BUILDDIR/tests/realworld/healthy.d
rm -rf "$out"
mkdir -p "$out" || exit 1
home=$out/home
mkdir -p "$home"
# the versions of what is here, from the wheels' dist-info names
distver() {
	# shellcheck disable=SC2231
	for _d in "$di"/$1-*.dist-info; do
		[ -d "$_d" ] || return 1
		_v=${_d##*/}
		_v=${_v#*-}
		echo "${_v%.dist-info}"
		return 0
	done
}
cudnn_v=$(distver 'nvidia_cudnn_cu[0-9]*')
cudart_v=$(distver nvidia_cuda_runtime)
cublas_v=$(distver nvidia_cublas)
cuda_mm=$(echo "$cudart_v" | cut -d. -f1-2)
cudnn_mmp=$(echo "$cudnn_v" | cut -d. -f1-3)
cumaj=${cuda_mm%%.*}
# shellcheck disable=SC2046
set -- $(python3 -c 'import os, sys
print("%d.%d" % sys.version_info[:2], os.path.realpath(sys.executable))')
pyv=$1 pyexe=$2
mkdir -p "$out/capture"
echo "$cudnn_v" >"$out/capture/cudnn-version.txt"
echo "$cuda_mm" >"$out/capture/cuda-version.txt"
diag "here: CUDA runtime $cudart_v, cuBLAS $cublas_v, cuDNN $cudnn_v; python $pyv"

PATH_H=$CUDA/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# run VIEW NAME -- ARGS: the program as a user of this machine
run() {
	_v=$1 _n=$2
	shift 3
	mkdir -p "$out/$_v"
	_t=$(date +%s%N)
	env_i PATH="$PATH_H" HOME="$home" LC_ALL=C CDS_DATADIR="$CDS_DATADIR" \
	    "$CDS_BIN" "$@" </dev/null >"$out/$_v/$_n.out" \
	    2>"$out/$_v/$_n.err"
	echo $? >"$out/$_v/$_n.rc"
	echo $((($(date +%s%N) - _t) / 1000000)) >"$out/$_v/$_n.ms"
}

# ---- host ----
run host doctor -- doctor --json
run host doctor-text -- doctor
run host repair -- repair --dry-run --json

# ---- pip: the wheels' RECORDs, laid out as pip does (tests/fixtures/wheels.sh) ----
# a torch as PyTorch 2.x writes its version.py
torch_files() {
	mkdir -p "$1/torch/lib"
	echo "# stand-in: the test reads the metadata, nothing imports it" \
	    >"$1/torch/__init__.py"
	cat >"$1/torch/version.py" <<EOF
from typing import Optional

__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']
__version__ = '$2'
debug = False
cuda: Optional[str] = '$3'
git_version = 'Unknown'
hip: Optional[str] = None
xpu: Optional[str] = None
EOF
}
pip=$out/envs/pip
site=$pip/lib/python$pyv/site-packages
pipok=1
mkdir -p "$site" "$pip/bin" &&
    ln -s "$pyexe" "$pip/bin/python3" &&
    printf 'home = %s\ninclude-system-site-packages = false\nversion = %s\n' \
	"${pyexe%/*}" "$pyv" >"$pip/pyvenv.cfg" ||
	pipok=0
[ $pipok -eq 1 ] &&
	{ lay_wheels "$CUDA" "$site" "$di"/*.dist-info 2>"$out/pip.skip" || pipok=0; }
if [ $pipok -eq 1 ]; then
	tv=2.11.0+cu$(echo "$cuda_mm" | tr -d .)
	torch_files "$site" "$tv" "$cuda_mm"
	mkdir -p "$site/torch-$tv.dist-info"
	printf 'Metadata-Version: 2.1\nName: torch\nVersion: %s\n' "$tv" \
	    >"$site/torch-$tv.dist-info/METADATA"
	echo pip >"$site/torch-$tv.dist-info/INSTALLER"
	# shellcheck disable=SC2016
	rp=
	for d in cudnn nvshmem nccl cusparselt "cu$cumaj"; do
		rp="$rp\$ORIGIN/../../nvidia/$d/lib:"
	done
	rp="$rp\$ORIGIN"
	mk_solib "$site/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	    -N "libcudart.so.$cumaj" -N "libcublas.so.$cumaj" \
	    -N "libcublasLt.so.$cumaj" -N libcudnn.so.9 -r "$rp" \
	    2>"$out/pip.skip" || pipok=0
fi
if [ $pipok -eq 1 ]; then
	rm -f "$out/pip.skip"
	run pip doctor -- doctor --prefix "$pip" --json
	run pip doctor-text -- doctor --prefix "$pip"
	run pip repair -- repair --prefix "$pip" --dry-run --json
else
	why=$(head -c 300 "$out/pip.skip")
	echo "cannot lay out the pip env from $CUDA (hard links need one" \
	    "file system): $why" >"$out/pip.skip"
fi

# ---- conda ----
conda=$out/envs/conda
csite=$conda/lib/python$pyv/site-packages
condaok=1
mkdir -p "$conda/conda-meta" "$csite" || condaok=0
: >"$conda/conda-meta/history"
# meta NAME VERSION BUILD FILE...: a conda-meta record owning FILEs
meta() {
	_m=$conda/conda-meta/$1-$2-$3.json
	printf '{"name": "%s", "version": "%s", "build": "%s",\n' "$1" "$2" "$3" \
	    >"$_m"
	printf ' "build_number": 0, "channel": "local", "files": [' >>"$_m"
	shift 3
	_sep=
	for _f in "$@"; do
		printf '%s"%s"' "$_sep" "$_f" >>"$_m"
		_sep=", "
	done
	printf ']}\n' >>"$_m"
}
libs=""
for f in "$CUDA"/lib/libcudnn*.so* "$CUDA/lib/libcudart.so.$cumaj" \
    "$CUDA"/lib/libcublas.so* "$CUDA"/lib/libcublasLt.so*; do
	[ $condaok -eq 1 ] || break
	b=${f##*/}
	if [ -L "$f" ]; then
		ln -s "$(readlink "$f")" "$conda/lib/$b"
	else
		ln "$f" "$conda/lib/$b" 2>"$out/conda.skip"
	fi || condaok=0
	libs="$libs lib/$b"
done
if [ $condaok -eq 1 ]; then
	# shellcheck disable=SC2086
	# shellcheck disable=SC2046
	meta cudnn "$cudnn_v" h0_0 $(echo "$libs" | tr ' ' '\n' | grep cudnn) &&
	    meta cuda-cudart "$cudart_v" h0_0 "lib/libcudart.so.$cumaj" &&
	    meta libcublas "$cublas_v" h0_0 \
		$(echo "$libs" | tr ' ' '\n' | grep cublas) &&
	    torch_files "$csite" 2.11.0 "$cuda_mm" &&
	    meta pytorch 2.11.0 \
		"py${pyv}_cuda${cuda_mm}_cudnn${cudnn_mmp}_0" \
		"lib/python$pyv/site-packages/torch/version.py" &&
	    mk_solib "$csite/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
		-N "libcudart.so.$cumaj" -N "libcublas.so.$cumaj" \
		-N "libcublasLt.so.$cumaj" -N libcudnn.so.9 \
		-r '$ORIGIN/../../../..' 2>"$out/conda.skip" || condaok=0
fi
if [ $condaok -eq 1 ]; then
	rm -f "$out/conda.skip"
	run conda doctor -- doctor --prefix "$conda" --json
	run conda doctor-text -- doctor --prefix "$conda"
	run conda repair -- repair --prefix "$conda" --dry-run --json
else
	why=$(head -c 300 "$out/conda.skip")
	echo "cannot lay out the conda env from $CUDA (hard links need one" \
	    "file system): $why" >"$out/conda.skip"
fi

# false errors: error findings on these healthy machines, all cases
diag "false errors (error findings on healthy machines): $(python3 - "$out" <<'PY'
import json, os, sys
n, names = 0, []
for v in ("host", "pip", "conda"):
    try:
        d = json.load(open(os.path.join(sys.argv[1], v, "doctor.out")))
    except (OSError, ValueError):
        continue
    e = [f["id"] for f in d.get("findings", []) if f["severity"] == "error"]
    n += len(e)
    names += ["%s:%s" % (v, i) for i in e]
print(n, " ".join(names))
PY
)"
python3 "$RW/verdicts.py" check "$RW/expect/healthy.ini" "$out"
