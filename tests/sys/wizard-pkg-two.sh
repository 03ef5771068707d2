#!/bin/sh
# The wizard runs a finding's two commands of the env's own package
# manager, in order: a real venv (python3 -m venv, with its pip) holding
# CuPy's CUDA 13 wheel (cupy-cuda13x 14.0.1) under driver 550, which runs
# CUDA 12 at most.  F16 carries two commands: the CUDA 13 wheel out first,
# then CuPy's CUDA 12 wheel of the same release in (both are the one cupy
# module: removed after, the old wheel would take the new one's files).
# Review shows both in full, each with the one that goes back; c asks
# with both, runs both with the env's own pip, and shows each with what it
# printed; the env then has the CUDA 12 wheel and its module files, not
# the CUDA 13 one, and the plan made again has nothing left to run.  pip
# runs for real, offline: PIP_NO_INDEX and PIP_FIND_LINKS point it at
# wheels built here (METADATA, WHEEL, RECORD as the wheel format has
# them, the cupy module with a real ELF extension) instead of PyPI.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
. "$CDS_SRCDIR/tests/fixtures/pkgvenv.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/wheels.sh"
plan 15

pkg_venv 15
# cupy NAME MARK: CuPy's wheel NAME 14.0.1 into $W/NAME, its module saying
# MARK (which wheel put it there)
cupy() {
	mkdir -p "$W/$1" "$W/src-$1"
	printf "__version__ = '14.0.1'\nbuilt_for = '%s'\n" "$2" >"$W/src-$1/init.py"
	mk_solib "$W/src-$1/core.so" core.cpython-311-x86_64-linux-gnu.so &&
		mk_wheel "$W/$1" "$1" 14.0.1 "cupy/__init__.py=$W/src-$1/init.py" \
			"cupy/_core/core.cpython-311-x86_64-linux-gnu.so=$W/src-$1/core.so"
}
cupy cupy-cuda13x cuda13 && cupy cupy-cuda12x cuda12 || exit 1
pkg_pip "$W/cupy-cuda13x" install -q cupy-cuda13x==14.0.1 >/dev/null 2>&1 ||
	{ diag "pip could not install the cupy-cuda13x wheel"; exit 1; }
check "pip installed cupy-cuda13x" test -d "$S/cupy_cuda13x-14.0.1.dist-info"

pkg_review "$W/cupy-cuda12x"
tmx_keys End
tmx_wait "to go back"
P=/home/user/venv/bin/python
flat() {	# the screen on one line, the dialog's borders as blanks
	printf '%s' "$SCREEN" | sed 's/│/ /g' | tr -s ' \n' '  '
}
like "$(printf '%s' "$SCREEN" | tr -s ' \n' '  ')" \
	"$P -m pip uninstall -y cupy-cuda13x to go back: $P -m pip install cupy-cuda13x==14\.0\.1 $P -m pip install cupy-cuda12x==14\.0\.1 to go back: $P -m pip uninstall -y cupy-cuda12x" \
	"Review: both commands in full, in order, each with the one that goes back"
tmx_keys c
waitok "Run this in env venv\?" "c asks first"
# (the dialog's lines, with the Review's words behind it on each side)
like "$(flat)" \
	"$P -m pip uninstall -y cupy-cuda13x .*$P -m pip install cupy-cuda12x==14\.0\.1 .*To go back: $P -m pip uninstall -y cupy-cuda12x $P -m pip install cupy-cuda13x==14\.0\.1" \
	"... naming both commands, and both that go back, last first"
check "nothing ran yet" test -d "$S/cupy_cuda13x-14.0.1.dist-info"
tmx_keys y
waitok "Exit status 0" "both ran: the status" 60
X=$(flat)
like "$X" "\\\$ $P -m pip uninstall -y cupy-cuda13x .*Successfully uninstalled cupy-cuda13x-14\.0\.1" \
	"the first command is shown with what pip printed"
like "$X" "\\\$ $P -m pip install cupy-cuda12x==14\.0\.1 .*Successfully installed cupy-cuda12x-14\.0\.1" \
	"... and the second, after it"
tmx_keys Enter
tmx_wait_gone "Exit status" 20
check "the env has CuPy's CUDA 12 wheel" test -d "$S/cupy_cuda12x-14.0.1.dist-info"
is "$(test -d "$S/cupy_cuda13x-14.0.1.dist-info" && echo there; cat "$S/cupy/__init__.py")" \
	"__version__ = '14.0.1'
built_for = 'cuda12'" "... in place of the CUDA 13 one, its module files kept"
pkg_again

done_testing
