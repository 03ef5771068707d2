#!/bin/sh
# NVIDIA wheels left behind (research rule 8 of the package-manager notes):
# after torch moved from its cu126 build to cu130, pip leaves the CUDA 12
# wheels torch 2.7 pulled in (nothing requires them; libcusparse.so.12 is
# now in two directories); after torch is removed, its CUDA 13 wheels stay.
# doctor gives the env's own command that removes them and the one that
# puts them back, both run here for real.  A real venv (python3 -m venv)
# and real pip, offline: PIP_NO_INDEX and PIP_FIND_LINKS point it at wheels
# built here, each with its METADATA (the Requires-Dist pins of torch's
# cu126 and cu130 builds and of NVIDIA's wheels, research notes 1a, and
# the dist-info of NVIDIA's CUDA 13 wheels), WHEEL and RECORD, and real ELF
# libraries with the real sonames, in the real layouts (nvidia/PKG/lib
# for CUDA 12, nvidia/cu13/lib for CUDA 13).  pip itself writes INSTALLER,
# RECORD and REQUESTED (for what it was asked for by name) on install.
# uv writes REQUESTED for every wheel: in a venv uv made, the dependency
# graph decides, less what the uv project around it asks for.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 34

W=$(mktemp -d); cleanup_later "$W"
V=$W/venv
if ! have_python || ! python3 -m venv "$V" >/dev/null 2>&1 ||
	! "$V/bin/python" -m pip --version >/dev/null 2>&1; then
	skip 34 "python3 -m venv with pip does not work here"
	done_testing
fi
H=$W/wheels
mkdir -p "$H" "$W/libs"

# wheel NAME VERSION "REQ;REQ" [PATH=SONAME ...]: a wheel (zip) with its
# dist-info and, at each PATH, an ELF library of that soname
wheel() {
	wh_name=$1 wh_ver=$2 wh_req=$3
	shift 3
	wh_args=
	for wh_f in "$@"; do
		wh_so=${wh_f#*=}
		mk_solib "$W/libs/$wh_so" "$wh_so" || return 1
		wh_args="$wh_args ${wh_f%%=*}=$W/libs/$wh_so"
	done
	# (mk_solib has variables of its own: these are named apart)
	# shellcheck disable=SC2086
	python3 - "$H" "$wh_name" "$wh_ver" "$wh_req" $wh_args <<'EOF'
import base64, hashlib, sys, zipfile
out, name, ver, reqs = sys.argv[1:5]
dist = name.replace("-", "_")
di = "%s-%s.dist-info" % (dist, ver)
def rec(n, data):
    d = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (n, d.decode(), len(data))
meta = "Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, ver)
for r in filter(None, reqs.split("|")):
    meta += "Requires-Dist: %s\n" % r
files = {}
for a in sys.argv[5:]:
    path, src = a.split("=", 1)
    files[path] = open(src, "rb").read()
if name == "torch":
    files["torch/__init__.py"] = b""
    files["torch/version.py"] = ("__version__ = '%s'\ncuda = '%s'\n" % (
        ver, "13.0" if ver.endswith("cu130") else "12.6")).encode()
files[di + "/METADATA"] = meta.encode()
files[di + "/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: cudnn-setup-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
with zipfile.ZipFile("%s/%s-%s-py3-none-any.whl" % (out, dist, ver), "w") as z:
    for n, d in files.items():
        z.writestr(n, d)
    z.writestr(di + "/RECORD", "\n".join([rec(n, d) for n, d in files.items()] + [di + "/RECORD,,"]) + "\n")
EOF
}
L='platform_system == "Linux" and platform_machine == "x86_64"'
# torch 2.7's cu126 build and 2.9's cu130 build with the NVIDIA wheels they
# pin (research notes 1a: cuBLAS, cuSPARSE, nvJitLink of each)
wheel torch 2.7.1+cu126 "nvidia-cublas-cu12==12.6.4.1; $L|nvidia-cusparse-cu12==12.5.4.2; $L|nvidia-nvjitlink-cu12==12.6.85; $L" &&
wheel torch 2.9.0+cu130 'nvidia-cublas==13.0.0.19; platform_system == "Linux"|nvidia-cusparse==12.6.2.49; platform_system == "Linux"|nvidia-nvjitlink==13.0.39; platform_system == "Linux"' &&
wheel nvidia-cublas-cu12 12.6.4.1 "" nvidia/cublas/lib/libcublas.so.12=libcublas.so.12 &&
wheel nvidia-cusparse-cu12 12.5.4.2 "nvidia-nvjitlink-cu12" nvidia/cusparse/lib/libcusparse.so.12=libcusparse.so.12 &&
wheel nvidia-nvjitlink-cu12 12.6.85 "" nvidia/nvjitlink/lib/libnvJitLink.so.12=libnvJitLink.so.12 &&
wheel nvidia-cublas 13.0.0.19 "" nvidia/cu13/lib/libcublas.so.13=libcublas.so.13 &&
wheel nvidia-cusparse 12.6.2.49 "nvidia-nvjitlink" nvidia/cu13/lib/libcusparse.so.12=libcusparse.so.12 &&
wheel nvidia-nvjitlink 13.0.39 "" nvidia/cu13/lib/libnvJitLink.so.13=libnvJitLink.so.13 &&
wheel ctranslate2 4.6.2 "numpy" || exit 1
# numpy stands in for CTranslate2's own requirements: an empty wheel
wheel numpy 2.0.0 "" || exit 1

pip_() {
	PIP_NO_INDEX=1 PIP_FIND_LINKS=$H PIP_DISABLE_PIP_VERSION_CHECK=1 \
		"$V/bin/python" -m pip "$@" >"$W/pip.log" 2>&1 ||
		{ diag "pip $*: $(tail -3 "$W/pip.log")"; return 1; }
}
doc() { cds doctor --json --env "$V"; }
all_argv() {	# all_argv ID [KEY]: each command of ID, " | " between
	jget "$OUT" '" | ".join(" ".join(x["'"${2:-argv}"'"]) for f in d["findings"] if f["id"] == "'"$1"'" for x in f["fixes"] if "argv" in x)'
}
run_fix() {	# run_fix ID [KEY]: run the first command of ID, as doctor gives it
	jget "$OUT" '"\0".join([x["'"${2:-argv}"'"] for f in d["findings"] if f["id"] == "'"$1"'" for x in f["fixes"] if "argv" in x][0])' |
		tr '\0' '\n' >"$W/argv"
	(
		set --
		while IFS= read -r _a; do set -- "$@" "$_a"; done <"$W/argv"
		PIP_NO_INDEX=1 PIP_FIND_LINKS=$H PIP_DISABLE_PIP_VERSION_CHECK=1 \
			"$@" >"$W/run.log" 2>&1
	)
}
S=$(echo "$V"/lib/python3*/site-packages)
P="$V/bin/python -m pip"

# ---- healthy: torch 2.7.1+cu126 and the wheels it pins -------------------
pip_ install torch==2.7.1+cu126 || exit 1
check "pip marks torch as asked for" test -f "$S/torch-2.7.1+cu126.dist-info/REQUESTED"
check "... and not the wheels it pulled in" test ! -f "$S/nvidia_cublas_cu12-12.6.4.1.dist-info/REQUESTED"
doc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN|WHEEL-MIX" "torch with its own wheels: nothing"

# ---- torch moved to cu130: the CUDA 12 wheels stay -----------------------
pip_ install torch==2.9.0+cu130 || exit 1
check "pip left the CUDA 12 wheels" test -d "$S/nvidia_cusparse_cu12-12.5.4.2.dist-info"
doc
is "$(titles "$OUT" WHEEL-MIX)" "['env $V ($S) holds NVIDIA wheels of CUDA 12 and CUDA 13']" \
	"after the switch: WHEEL-MIX"
is "$(all_argv WHEEL-MIX)" "$P uninstall -y nvidia-cublas-cu12 nvidia-cusparse-cu12 nvidia-nvjitlink-cu12" \
	"the env's pip removes the CUDA 12 wheels"
is "$(all_argv WHEEL-MIX undo_argv)" "$P install nvidia-cublas-cu12==12.6.4.1 nvidia-cusparse-cu12==12.5.4.2 nvidia-nvjitlink-cu12==12.6.85" \
	"... and puts them back at the versions there"
is "$(evidence "$OUT" WHEEL-MIX 'same library')" "['libcusparse.so.12: nvidia/cusparse/lib/libcusparse.so.12 (nvidia-cusparse-cu12 12.5.4.2, left over) and nvidia/cu13/lib/libcusparse.so.12 (nvidia-cusparse 12.6.2.49)']" \
	"one soname in two directories named"
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN" "... said once, not again as WHEEL-ORPHAN"
# CTranslate2 (CUDA 12, by the index) loads CUDA 12 wheels it does not name
pip_ install ctranslate2==4.6.2 || exit 1
cds --manifest "$CDS_SRCDIR/manifests/index.json" doctor --json --env "$V"
is "$(jget "$OUT" '"ctranslate2" in [p["name"] for e in d["envs"] for p in e["packages"]]') $(finding_ids "$OUT" | grep -c 'WHEEL-')" "True 0" \
	"with CTranslate2 4.6.2 there (CUDA 12 by the index), the CUDA 12 wheels serve it: nothing"
pip_ uninstall -y ctranslate2 numpy || exit 1
# the command, run
doc
run_fix WHEEL-MIX
is "$?" 0 "the uninstall runs"
doc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN|WHEEL-MIX" "after it: nothing"
check "torch's CUDA 13 cuSPARSE is still there" test -f "$S/nvidia/cu13/lib/libcusparse.so.12"

# ---- torch removed: its CUDA 13 wheels stay ------------------------------
pip_ uninstall -y torch || exit 1
doc
is "$(titles "$OUT" WHEEL-ORPHAN)" "['env $V ($S) holds NVIDIA wheels that no installed package requires']" \
	"torch removed: WHEEL-ORPHAN"
is "$(evidence "$OUT" WHEEL-ORPHAN 'left over')" "['nvidia-cublas 13.0.0.19, nvidia-cusparse 12.6.2.49, nvidia-nvjitlink 13.0.39']" \
	"the wheels it left"
is "$(all_argv WHEEL-ORPHAN)" "$P uninstall -y nvidia-cublas nvidia-cusparse nvidia-nvjitlink" "the command that removes them"
is "$(all_argv WHEEL-ORPHAN undo_argv)" "$P install nvidia-cublas==13.0.0.19 nvidia-cusparse==12.6.2.49 nvidia-nvjitlink==13.0.39" \
	"... and the one that puts them back"
BEFORE=$OUT
run_fix WHEEL-ORPHAN
is "$?" 0 "the uninstall runs"
check "... the wheels are gone" test ! -e "$S/nvidia/cu13/lib/libcublas.so.13"
doc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN|WHEEL-MIX" "after it: nothing"
OUT=$BEFORE
run_fix WHEEL-ORPHAN undo_argv
check "the undo runs: the wheels are back" test -f "$S/nvidia/cu13/lib/libcublas.so.13"
doc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN" "asked for by name now (REQUESTED): not left over"
pip_ uninstall -y nvidia-cublas nvidia-cusparse nvidia-nvjitlink || exit 1

# ---- healthy: a wheel asked for by name, and what it pulled in -----------
pip_ install nvidia-cusparse-cu12==12.5.4.2 || exit 1
doc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN|WHEEL-MIX" \
	"nvidia-cusparse-cu12 asked for, nvidia-nvjitlink-cu12 its dependency: nothing"


# ---- uv: it marks every wheel as asked for; the graph decides ------------
# uv is not packaged by Debian here, so this tree is written by the test as
# uv writes one: a venv without pip (uv venv makes none) whose pyvenv.cfg
# has "uv = VERSION", the wheels laid out by the pip of the venv above
# (--python) from the same wheel files, then in each dist-info the
# INSTALLER uv writes ("uv", no newline) and an empty REQUESTED: uv's
# wheel installer writes one for every wheel it installs (uv-install-wheel,
# install.rs: write_installer_metadata(..., requested: true, ...)).
U=$W/proj/.venv
mkdir -p "$W/proj"
python3 -m venv --without-pip "$U" && printf 'uv = 0.12.5\n' >>"$U/pyvenv.cfg" || exit 1
US=$(echo "$U"/lib/python3*/site-packages)
uv_() {
	PIP_NO_INDEX=1 PIP_FIND_LINKS=$H PIP_DISABLE_PIP_VERSION_CHECK=1 \
		"$V/bin/python" -m pip --python "$U/bin/python" "$@" >"$W/pip.log" 2>&1 ||
		{ diag "pip --python $*: $(tail -3 "$W/pip.log")"; return 1; }
	for _d in "$US"/*.dist-info; do
		printf uv >"$_d/INSTALLER" && : >"$_d/REQUESTED"
	done
}
udoc() { cds doctor --json --env "$U"; }
wheel gpuext 1.0 'nvidia-cusparse; extra == "cuda"' || exit 1
UP="uv pip"

uv_ install torch==2.9.0+cu130 || exit 1
check "uv's marks: nvidia-cublas is 'asked for' too" test -f "$US/nvidia_cublas-13.0.0.19.dist-info/REQUESTED"
udoc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN|WHEEL-MIX" "uv: torch with its own wheels: nothing"

uv_ uninstall -y torch || exit 1
udoc
is "$(evidence "$OUT" WHEEL-ORPHAN 'left over')" "['nvidia-cublas 13.0.0.19, nvidia-cusparse 12.6.2.49, nvidia-nvjitlink 13.0.39']" \
	"uv: torch removed: its wheels found by the graph, though uv marked them asked for"
like "$(evidence "$OUT" WHEEL-ORPHAN 'installed by uv')" "uv marks every wheel it installs as asked for \(REQUESTED\), so the dependency graph decides: no package there names them in its Requires-Dist, under any marker or extra'" \
	"uv: the evidence says how it was decided"
unlike "$(evidence "$OUT" WHEEL-ORPHAN 'installed as')" "pip" "uv: not said to be pip's"
is "$(all_argv WHEEL-ORPHAN)" "$UP uninstall --python $U nvidia-cublas nvidia-cusparse nvidia-nvjitlink" \
	"uv: uv's own command removes them"
is "$(all_argv WHEEL-ORPHAN undo_argv)" "$UP install --python $U nvidia-cublas==13.0.0.19 nvidia-cusparse==12.6.2.49 nvidia-nvjitlink==13.0.39" \
	"uv: ... and puts them back"

# a package that names nvidia-cusparse under an extra keeps it and what it needs
uv_ install gpuext==1.0 || exit 1
udoc
is "$(evidence "$OUT" WHEEL-ORPHAN 'left over')" "['nvidia-cublas 13.0.0.19']" \
	"uv: a wheel named under an extra (and its own dependency) is required"
uv_ uninstall -y gpuext || exit 1

# the env is a uv project's .venv: what its pyproject.toml asks for stays
cat >"$W/proj/pyproject.toml" <<'EOF'
[project]
name = "proj"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = [
    "nvidia-cublas>=13",
]
EOF
# uv.lock in uv's layout (no wheel hashes: none is invented here)
lock() {
	printf 'version = 1\nrevision = 3\nrequires-python = ">=3.11"\n'
	printf '\n[[package]]\nname = "proj"\nversion = "0.1.0"\nsource = { virtual = "." }\n'
	for _p in "$@"; do
		printf '\n[[package]]\nname = "%s"\nversion = "%s"\nsource = { registry = "https://pypi.org/simple" }\n' \
			"${_p%%==*}" "${_p#*==}"
	done
}
lock nvidia-cublas==13.0.0.19 >"$W/proj/uv.lock"
udoc
is "$(evidence "$OUT" WHEEL-ORPHAN 'left over')" "['nvidia-cusparse 12.6.2.49, nvidia-nvjitlink 13.0.39']" \
	"uv project: the wheel pyproject.toml asks for is kept"
like "$(evidence "$OUT" WHEEL-ORPHAN 'installed by uv')" "and $W/proj/pyproject\.toml and $W/proj/uv\.lock do not list them" \
	"uv project: the files read are named"
# torch still locked (removed with uv pip): uv sync puts it back, with them
lock torch==2.9.0+cu130 nvidia-cublas==13.0.0.19 nvidia-cusparse==12.6.2.49 nvidia-nvjitlink==13.0.39 >"$W/proj/uv.lock"
udoc
unlike "$(finding_ids "$OUT")" "WHEEL-ORPHAN" "uv project: wheels its uv.lock holds are not left over"

done_testing
