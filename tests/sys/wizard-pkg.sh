#!/bin/sh
# The wizard runs the fix of the env's own package manager: a real venv
# (python3 -m venv, with its pip) holding torch 2.9.0+cu130 under driver
# 550, which runs CUDA 12 at most.  The Review screen shows the command in
# full (the env's interpreter, the local label pinned, the build's index)
# with the one that goes back; c asks, then runs it with the env's own pip
# and shows what pip printed; the plan is made again from the env as it
# is.  pip runs for real, offline: PIP_NO_INDEX and PIP_FIND_LINKS point
# it at a wheel built here (torch 2.9.0+cu128: METADATA, WHEEL, RECORD as
# the wheel format has them) instead of the network.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 12

if ! have_tmux || ! have_python; then
	skip 12 "tmux or python3 is not installed"
	done_testing
fi
R=$(mk_sysroot); cleanup_later "$R"
V=$R/home/user/venv
# --copies: the interpreter is a file inside the root, run from the host
if ! python3 -m venv --copies "$V" >/dev/null 2>&1 ||
	! "$V/bin/python" -m pip --version >/dev/null 2>&1; then
	skip 12 "python3 -m venv with pip does not work here"
	done_testing
fi
mkdir -p "$R/proc/driver/nvidia"
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Thu" \
	>"$R/proc/driver/nvidia/version"
S=$(echo "$V"/lib/python3*/site-packages)
W=$(mktemp -d); cleanup_later "$W"
# a wheel (zip) of VERSION with torch/version.py naming CUDA CUDA
wheel() {
	python3 - "$1" "$2" "$3" <<'EOF'
import base64, hashlib, sys, zipfile
out, ver, cuda = sys.argv[1:]
def rec(name, data):
    d = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (name, d.decode(), len(data))
di = "torch-%s.dist-info" % ver
files = {
    "torch/__init__.py": b"",
    "torch/version.py": ("__version__ = '%s'\ncuda = '%s'\n" % (ver, cuda)).encode(),
    di + "/METADATA": ("Metadata-Version: 2.1\nName: torch\nVersion: %s\n" % ver).encode(),
    di + "/WHEEL": b"Wheel-Version: 1.0\nGenerator: cudnn-setup-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
with zipfile.ZipFile("%s/torch-%s-py3-none-any.whl" % (out, ver), "w") as z:
    for n, d in files.items():
        z.writestr(n, d)
    z.writestr(di + "/RECORD", "\n".join([rec(n, d) for n, d in files.items()] + [di + "/RECORD,,"]) + "\n")
EOF
}
mkdir -p "$W/cu130" "$W/cu128"
wheel "$W/cu130" 2.9.0+cu130 13.0 && wheel "$W/cu128" 2.9.0+cu128 12.8 || exit 1
# the torch there now, installed by the same pip
PIP_NO_INDEX=1 PIP_FIND_LINKS=$W/cu130 PIP_DISABLE_PIP_VERSION_CHECK=1 \
	"$V/bin/python" -m pip install -q torch==2.9.0+cu130 >/dev/null 2>&1 ||
	{ diag "pip could not install the cu130 wheel"; exit 1; }

tmx_start 100 30 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	VIRTUAL_ENV=/home/user/venv PIP_NO_INDEX=1 PIP_FIND_LINKS="$W/cu128" \
	PIP_DISABLE_PIP_VERSION_CHECK=1 "$CDS_BIN" --root "$R" \
	--manifest "$CDS_SRCDIR/manifests/index.json"
waitok "Findings:" "Scan" 20
tmx_keys Enter
tmx_wait "Repair a conda env"
tmx_keys Down Enter
waitok "> venv +/home/user/venv" "the venv is in the env list"
tmx_keys Enter
waitok "In the env's package manager" "Review: the package manager's command" 20
tmx_keys End
tmx_wait "to go back"
like "$(printf '%s' "$SCREEN" | tr -s ' \n' '  ')" \
	"/home/user/venv/bin/python -m pip install torch==2\.9\.0\+cu128 --index-url https://download\.pytorch\.org/whl/cu128 to go back: /home/user/venv/bin/python -m pip install torch==2\.9\.0\+cu130 --index-url https://download\.pytorch\.org/whl/cu130" \
	"Review: the command in full, and the one that goes back"
check "nothing ran yet" test -d "$S/torch-2.9.0+cu130.dist-info"
tmx_keys c
waitok "Run this in env venv\?" "c asks first"
tmx_keys y
waitok "Exit status 0" "pip ran: its status" 60
like "$SCREEN" "Successfully installed torch-2\.9\.0\+cu128" "pip's own words are shown"
tmx_keys Enter
tmx_wait_gone "Exit status" 20
check "the env has the cu128 build" test -d "$S/torch-2.9.0+cu128.dist-info"
check "... in place of the cu130 one" test ! -d "$S/torch-2.9.0+cu130.dist-info"
tmx_keys Home
waitok "Repair of env venv" "the plan, made again from the env as it is"
unlike "$SCREEN" "In the env's package manager|F16" "... with nothing left to run"
tmx_keys Escape Escape Escape q
tmx_stop

done_testing
