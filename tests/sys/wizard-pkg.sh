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
. "$CDS_SRCDIR/tests/fixtures/pkgvenv.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
plan 12

pkg_venv 12
# torch's wheel of VERSION into OUT, its torch/version.py naming CUDA:
# wheel OUT VERSION CUDA
wheel() {
	mkdir -p "$W/src-$2" && : >"$W/src-$2/init.py" &&
		printf "__version__ = '%s'\ncuda = '%s'\n" "$2" "$3" \
			>"$W/src-$2/version.py" &&
		mk_wheel "$1" torch "$2" "torch/__init__.py=$W/src-$2/init.py" \
			"torch/version.py=$W/src-$2/version.py"
}
mkdir -p "$W/cu130" "$W/cu128"
wheel "$W/cu130" 2.9.0+cu130 13.0 && wheel "$W/cu128" 2.9.0+cu128 12.8 || exit 1
# the torch there now, installed by the same pip
pkg_pip "$W/cu130" install -q torch==2.9.0+cu130 >/dev/null 2>&1 ||
	{ diag "pip could not install the cu130 wheel"; exit 1; }

pkg_review "$W/cu128"
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
pkg_again

done_testing
