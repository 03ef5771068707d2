# shellcheck shell=sh
# tests/realworld/roots.sh - sourced by the real-world root tests: build (or
# find) the root, run the program inside it and with --root, check the
# expectations of tests/realworld/expect/NAME.ini (verdicts.py prints the
# TAP).  What was run and said is kept in the build tree,
# tests/realworld/NAME.d/ (capture/, chroot/, root/), for reading after a
# failure.
. "$CDS_SRCDIR/tests/lib.sh"
RW=$CDS_SRCDIR/tests/realworld

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

check_root() {
	_name=$1
	have_python || skip_all "python3 is missing"
	[ "$(id -u)" -eq 0 ] ||
		skip_all "needs root (chroot, mount namespaces) for the" \
		    "real-world roots"
	command -v unshare >/dev/null 2>&1 || skip_all "unshare is missing"
	# the roots are machines without an NVIDIA kernel module; a host with
	# one would lend it to them (one kernel)
	[ -e /proc/driver/nvidia/version ] &&
		skip_all "this host has an NVIDIA kernel module loaded: the roots model machines without one"
	_err=$(mktemp)
	_root=$(sh "$RW/mkroot.sh" "$_name" 2>"$_err")
	_rc=$?
	if [ $_rc -eq 77 ]; then
		_why=$(tail -n 1 "$_err")
		rm -f "$_err"
		skip_all "$_why"
	elif [ $_rc -ne 0 ]; then
		echo "1..1"
		echo "not ok 1 - build the real-world root $_name"
		sed 's/^/# /' "$_err"
		rm -f "$_err"
		exit 1
	fi
	sed 's/^/# /' "$_err"
	rm -f "$_err"
	_out=$CDS_BUILDDIR/tests/realworld/$_name.d
	rm -rf "$_out"
	mkdir -p "$_out" || exit 1
	python3 "$RW/verdicts.py" captures "$RW/expect/$_name.ini" \
	    >"$_out/captures" &&
	    python3 "$RW/verdicts.py" runs "$RW/expect/$_name.ini" \
		>"$_out/runs" || exit 1
	_t0=$(date +%s)
	unshare -m --propagation private \
	    sh "$RW/collect.sh" "$_root" "$_out" "$_out/captures" \
	    "$_out/runs" ||
		{
			echo "1..1"
			echo "not ok 1 - run the program in and on the root $_name"
			exit 1
		}
	diag "$_name: collected in $(($(date +%s) - _t0)) s; outputs in $_out"
	# inside the root the sanitizers print their reports
	san_keep "$_out"/chroot/*.err "$_out"/root/*.err
	python3 "$RW/verdicts.py" check "$RW/expect/$_name.ini" "$_out"
	exit $?
}
