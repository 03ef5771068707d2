#!/bin/sh
# The system's package manager's fix on an rpm system (issue 25): a root
# whose rpm database is rpm's own, of tiny packages built here with
# rpmbuild (NVIDIA's CUDA repository's names: libcudart-12-4,
# libcublas-12-4; tiny libraries with the real sonames, from which rpmbuild
# records the soname capabilities provided and required) and installed
# with rpm --root:
# - all installed: nothing to say;
# - libcublas-12-4 erased with --nodeps under the package whose module
#   needs it: rpm's requirement is the cause, `dnf install libcublas-12-4`
#   the fix (and `dnf remove` the way back), the CUDA 12.4 the other
#   libraries belong to named, no CUDA release proposed; explain says so;
# - a package that requires only the soname: dnf installs the capability;
# - installed again: nothing to say.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 12

if ! command -v rpmbuild >/dev/null 2>&1 || ! [ -x /usr/bin/rpm ] &&
	! [ -x /bin/rpm ]; then
	skip 12 "rpm and rpmbuild are not installed (apt-get install rpm)"
	done_testing
fi
IDX=$CDS_SRCDIR/manifests/index.json
T=$(mktemp -d); cleanup_later "$T"
LIB=usr/lib64
SITE=usr/lib64/python3.12/site-packages

# rpm_pkg NAME VERSION REQUIRES: $T/NAME.rpm of the tree $T/NAME/root
rpm_pkg() {
	{
		printf 'Name: %s\nVersion: %s\nRelease: 1\n' "$1" "$2"
		printf 'Summary: %s as NVIDIA names it\nLicense: none\n' "$1"
		[ -n "$3" ] && printf 'Requires: %s\n' "$3"
		printf '%%description\n%s\n' "$1"
		printf '%%install\nmkdir -p %%{buildroot}\n'
		printf 'cp -a %s/. %%{buildroot}/\n' "$T/$1/root"
		printf '%%files\n'
		(cd "$T/$1/root" && find . ! -type d | sed 's|^\.||')
	} >"$T/$1.spec"
	rpmbuild -bb --define "_topdir $T/build" --define "_rpmdir $T/rpms" \
		--define "_build_id_links none" "$T/$1.spec" >"$T/$1.log" 2>&1 ||
		{ diag "rpmbuild $1: $(tail -5 "$T/$1.log")"; return 1; }
	mv "$T/rpms"/*/"$1-$2-1".*.rpm "$T/$1.rpm"
}
# lib PKG FILE SONAME [mk_solib options]: FILE in PKG's tree, with its link
lib() {
	_p=$1 _f=$2 _s=$3
	shift 3
	mkdir -p "$T/$_p/root/$LIB"
	mk_solib "$T/$_p/root/$LIB/$_f" "$_s" "$@" &&
		ln -s "$_f" "$T/$_p/root/$LIB/$_s"
}
lib libcudart-12-4 libcudart.so.12.4.127 libcudart.so.12 &&
	rpm_pkg libcudart-12-4 12.4.127 "" &&
	lib libcublas-12-4 libcublas.so.12.4.5.8 libcublas.so.12 &&
	rpm_pkg libcublas-12-4 12.4.5.8 "" || exit 1
# a Python module built on them, as a distribution packages one: it
# requires the CUDA packages by name (and rpmbuild adds the sonames)
mkdir -p "$T/python3-cudamod/root/$SITE"
mk_solib "$T/python3-cudamod/root/$SITE/cudamod.cpython-312-x86_64-linux-gnu.so" \
	cudamod.cpython-312-x86_64-linux-gnu.so -N libcublas.so.12 \
	-N libcudart.so.12 &&
	rpm_pkg python3-cudamod 1.0 "libcublas-12-4, libcudart-12-4" || exit 1
check "rpmbuild recorded the soname python3-cudamod requires" \
	sh -c "rpm -qp --requires '$T/python3-cudamod.rpm' 2>/dev/null | grep -qx 'libcublas.so.12()(64bit)'"

# root: an empty system with rpm's database and a RHEL-like os-release
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/var/lib/rpm" "$R/$LIB" "$R/$SITE"
printf '/usr/lib64\n' >"$R/etc/ld.so.conf"
printf 'NAME="Rocky Linux"\nVERSION_ID="9.4"\nID="rocky"\nID_LIKE="rhel centos fedora"\n' \
	>"$R/etc/os-release"
rpmr() {	# rpmr ARGS...: rpm on the root's database and tree
	rpm --root "$R" --dbpath /var/lib/rpm "$@"
}
f13_fixes() {
	jget "$OUT" '"\n".join(x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"])'
}

# ---- all installed ------------------------------------------------------------
rpmr --initdb && rpmr -i --nodeps --noscripts "$T/libcudart-12-4.rpm" \
	"$T/libcublas-12-4.rpm" "$T/python3-cudamod.rpm" >"$T/log" 2>&1
is "$(rpmr -qa --qf '%{NAME}\n' | sort | tr '\n' ' ')" \
	"libcublas-12-4 libcudart-12-4 python3-cudamod " "rpm installed the three packages"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "all installed: no F13"

# ---- a dependency erased with --nodeps ------------------------------------------
rpmr -e --nodeps libcublas-12-4 >"$T/log" 2>&1
check "libcublas.so.12 is gone" test ! -e "$R/$LIB/libcublas.so.12"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo dnf install libcublas-12-4" "the fix is dnf's, for the package rpm lacks"
is "$(jget "$OUT" '[(x["argv"], x["undo_argv"]) for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[(['sudo', 'dnf', 'install', 'libcublas-12-4'], ['sudo', 'dnf', 'remove', 'libcublas-12-4'])]" \
	"--json: dnf's command and the way back as argument lists"
is "$(evidence "$OUT" F13 cause)" \
	"['a dependency of an installed package is not installed: python3-cudamod 1.0-1 (rpm) requires libcublas-12-4, and libcublas.so.12()(64bit) for libcublas.so.12; no package installed provides either']" \
	"the cause, from rpm's requirements"
is "$(evidence "$OUT" F13 'provided by')" \
	"['CUDA 12.4, part of which is installed here: its cuBLAS is missing']" \
	"what provides it: the CUDA 12.4 of the libraries here"
unlike "$(jget "$OUT" '[f["fixes"] for f in d["findings"]]')" "install --cuda" \
	"no CUDA release proposed"
cds --root "$R" --manifest "$IDX" explain "ImportError: libcublas.so.12: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo dnf install libcublas-12-4" "explain: dnf's fix"

# ---- a package that requires the soname only -------------------------------------
lib cudatool libcudatool.so.1.0 libcudatool.so.1 -N libcublas.so.12 &&
	rpm_pkg cudatool 2.0 "" || exit 1
rpmr -e --nodeps python3-cudamod >"$T/log" 2>&1
rpmr -i --nodeps --noscripts "$T/cudatool.rpm" >"$T/log" 2>&1
mk_solib "$R/$SITE/other.cpython-312-x86_64-linux-gnu.so" \
	other.cpython-312-x86_64-linux-gnu.so -N libcublas.so.12
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo dnf install 'libcublas.so.12()(64bit)'" \
	"required by its soname only: dnf installs the capability"
rm -f "$R/$SITE/other.cpython-312-x86_64-linux-gnu.so"
rpmr -e --nodeps cudatool >"$T/log" 2>&1

# ---- back: installed again, nothing to say ---------------------------------------
rpmr -i --nodeps --noscripts "$T/libcublas-12-4.rpm" "$T/python3-cudamod.rpm" >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "libcublas-12-4 installed again: no F13"
done_testing
