#!/bin/sh
# The system's package manager's fix on an rpm system (issue 25): a root
# whose rpm database is rpm's own, of tiny packages built here with
# rpmbuild (NVIDIA's CUDA repository's names: cuda-cudart-12-4,
# libcublas-12-4, as NVIDIA/cuda-repo-management#18 installs them; tiny libraries with the real sonames, from which rpmbuild
# records the soname capabilities provided and required) and installed
# with rpm --root:
# - all installed: nothing to say;
# - a library file of an installed package deleted: `dnf reinstall` of
#   it; a library cut short (LIB-TRUNCATED): its rpm owner's reinstall;
# - libcublas-12-4 erased with --nodeps under the package whose module
#   needs it: rpm's requirement is the cause, `dnf install libcublas-12-4`
#   the fix (and `dnf remove` the way back), the CUDA 12.4 the other
#   libraries belong to named, no CUDA release proposed; explain says so;
# - a package that requires only the soname: dnf installs the capability;
# - installed again: nothing to say;
# - a module of no package needs cuBLAS and cuDNN: with NVIDIA's CUDA
#   repository in /etc/yum.repos.d and dnf's cache of its primary.xml (gzip
#   for dnf 4, xz under libdnf5's cache), `dnf install libcublas-12-4`,
#   the package of the CUDA here, never 12.9; cuDNN 8 pinned to its build
#   for CUDA 12 (rpm's "1.cuda12.2" release); the repository disabled or
#   its cache gone, no package is named; NVIDIA's local repository
#   (/var/cuda-repo-rhel9-12-4-local, createrepo_c's metadata) read where
#   it lies;
# - SUSE (zypper in the root): zypper's commands, its repositories
#   (/etc/zypp/repos.d) and its cache (var/cache/zypp/raw).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 36

if ! command -v rpmbuild >/dev/null 2>&1 || ! [ -x /usr/bin/rpm ] &&
	! [ -x /bin/rpm ]; then
	skip 36 "rpm and rpmbuild are not installed (apt-get install rpm)"
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
lib cuda-cudart-12-4 libcudart.so.12.4.127 libcudart.so.12 &&
	rpm_pkg cuda-cudart-12-4 12.4.127 "" &&
	lib libcublas-12-4 libcublas.so.12.4.5.8 libcublas.so.12 &&
	rpm_pkg libcublas-12-4 12.4.5.8 "" || exit 1
# a Python module built on them, as a distribution packages one: it
# requires the CUDA packages by name (and rpmbuild adds the sonames)
mkdir -p "$T/python3-cudamod/root/$SITE"
mk_solib "$T/python3-cudamod/root/$SITE/cudamod.cpython-312-x86_64-linux-gnu.so" \
	cudamod.cpython-312-x86_64-linux-gnu.so -N libcublas.so.12 \
	-N libcudart.so.12 &&
	rpm_pkg python3-cudamod 1.0 "libcublas-12-4, cuda-cudart-12-4" || exit 1
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
rpmr --initdb && rpmr -i --nodeps --noscripts "$T/cuda-cudart-12-4.rpm" \
	"$T/libcublas-12-4.rpm" "$T/python3-cudamod.rpm" >"$T/log" 2>&1
is "$(rpmr -qa --qf '%{NAME}\n' | sort | tr '\n' ' ')" \
	"cuda-cudart-12-4 libcublas-12-4 python3-cudamod " "rpm installed the three packages"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "all installed: no F13"

# ---- an installed package's file gone, a library cut short ------------------------
rm -f "$R/$LIB/libcublas.so.12.4.5.8"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo dnf reinstall libcublas-12-4" \
	"its library deleted: dnf installs the package rpm has again"
is "$(evidence "$OUT" F13 package)" \
	"['libcublas-12-4 12.4.5.8-1 lists /usr/lib64/libcublas.so.12 (rpm: installed), and provides libcublas.so.12()(64bit); the file is not there']" \
	"the package rpm says lists it and provides it"
cds --root "$R" --manifest "$IDX" repair --dry-run
like "$OUT" "to run yourself: sudo dnf reinstall libcublas-12-4" "repair: the same step"
rpmr -U --replacepkgs --nodeps --noscripts "$T/libcublas-12-4.rpm" >"$T/log" 2>&1
_size=$(wc -c <"$R/$LIB/libcudart.so.12.4.127")
truncate -s $((_size / 2)) "$R/$LIB/libcudart.so.12.4.127"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(evidence "$OUT" LIB-TRUNCATED owner)" "['rpm package cuda-cudart-12-4 12.4.127-1']" \
	"LIB-TRUNCATED: its owner, as rpm has it"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED" for x in f["fixes"]]')" \
	"['sudo dnf reinstall cuda-cudart-12-4']" "and dnf's reinstall"
rpmr -U --replacepkgs --nodeps --noscripts "$T/cuda-cudart-12-4.rpm" >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'|'LIB-TRUNCATED'" "both put back: nothing to say"
# NVIDIA's cuDNN package (a whole cuDNN 9 set), a sub-library deleted (F8)
mkdir -p "$T/libcudnn9-cuda-12/root/$LIB" &&
	mk_cudnn9 "$T/libcudnn9-cuda-12/root/$LIB" 9.8.0 &&
	rpm_pkg libcudnn9-cuda-12 9.8.0.87 "" || exit 1
rpmr -i --nodeps --noscripts "$T/libcudnn9-cuda-12.rpm" >"$T/log" 2>&1
rm -f "$R/$LIB/libcudnn_graph.so.9" "$R/$LIB"/libcudnn_graph.so.9.*
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F8" for x in f["fixes"]]')" \
	"['sudo dnf reinstall libcudnn9-cuda-12']" "F8 of an rpm's cuDNN set: dnf's reinstall"
is "$(evidence "$OUT" F8 package)" \
	"['libcudnn9-cuda-12 9.8.0.87-1 lists /usr/lib64/libcudnn_graph.so.9 (rpm: installed)']" \
	"the package that lists the missing sub-library"
rpmr -e --nodeps libcudnn9-cuda-12 >"$T/log" 2>&1

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

# ---- NVIDIA's repository, as dnf's cache holds it ------------------------------
rpmr -e --nodeps python3-cudamod libcublas-12-4 >"$T/log" 2>&1
mk_solib "$R/$SITE/other.cpython-312-x86_64-linux-gnu.so" \
	other.cpython-312-x86_64-linux-gnu.so -N libcublas.so.12 -N libcudart.so.12
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(f13_fixes)" "dnf" "no package requires it, no repository: no dnf command"
# NVIDIA's cuda-rhel9.repo and dnf 4's cache of its primary.xml: each
# release's packages at its components' versions (redistrib manifests
# 12.4.1, 12.9.1; cuDNN 9.8.0.87, 9.19.0.56, 8.9.7.29)
mkdir -p "$R/etc/yum.repos.d"
printf '[cuda-rhel9-x86_64]\nname=cuda-rhel9-x86_64\nbaseurl=https://developer.download.nvidia.com/compute/cuda/repos/rhel9/x86_64\nenabled=1\ngpgcheck=1\nenabled_metadata=1\n' \
	>"$R/etc/yum.repos.d/cuda-rhel9.repo"
primary() {	# primary: NVIDIA's primary.xml, cut to these packages
	printf '<?xml version="1.0" encoding="UTF-8"?>\n<metadata xmlns="http://linux.duke.edu/metadata/common" xmlns:rpm="http://linux.duke.edu/metadata/rpm" packages="7">\n'
	for _p in cuda-cudart-12-4:12.4.127:1 libcublas-12-4:12.4.5.8:1 \
	    libcublas-12-9:12.9.1.4:1 libcublas-devel-12-4:12.4.5.8:1 \
	    libcudnn9-cuda-12:9.8.0.87:1 libcudnn9-cuda-13:9.19.0.56:1 \
	    libcudnn8:8.9.7.29:1.cuda11.8 libcudnn8:8.9.7.29:1.cuda12.2; do
		_n=${_p%%:*} _r=${_p##*:} _v=${_p#*:}; _v=${_v%:*}
		printf '<package type="rpm">\n  <name>%s</name>\n  <arch>x86_64</arch>\n  <version epoch="0" ver="%s" rel="%s"/>\n  <summary>%s</summary>\n  <location href="%s-%s-%s.x86_64.rpm"/>\n</package>\n' \
			"$_n" "$_v" "$_r" "$_n" "$_n" "$_v" "$_r"
	done
	printf '</metadata>\n'
}
C4=$R/var/cache/dnf/cuda-rhel9-x86_64-1d6b3b4a0e8c9f27/repodata
mkdir -p "$C4"
primary | gzip -9 >"$C4/5f3c0d7e-primary.xml.gz"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo dnf install libcublas-12-4" \
	"NVIDIA's repository in dnf's cache: its package of the CUDA 12.4 here, not 12.9"
like "$(evidence "$OUT" F13 "NVIDIA's package")" \
	"libcublas-12-4 \(cuBLAS of CUDA 12\.4, the release installed here\) ships libcublas\.so\.12; NVIDIA's CUDA repository offers 12\.4\.5\.8-1 \(cuda-rhel9-x86_64, /var/cache/dnf/cuda-rhel9-x86_64-1d6b3b4a0e8c9f27/repodata/5f3c0d7e-primary\.xml\.gz\), and rpm does not have it installed" \
	"said so: the repository, dnf's cache file, rpm"
is "$(jget "$OUT" '[x["undo_argv"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[['sudo', 'dnf', 'remove', 'libcublas-12-4']]" "and dnf's way back"
cds --root "$R" --manifest "$IDX" explain \
	"Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo dnf install libcudnn8-8\.9\.7\.29-1\.cuda12\.2" \
	"cuDNN 8: its build for CUDA 12, as dnf names a version"
# dnf 5's cache, xz
rm -rf "$R/var/cache/dnf"
C5=$R/var/cache/libdnf5/cuda-rhel9-x86_64-1d6b3b4a0e8c9f27/repodata
mkdir -p "$C5"
primary | xz >"$C5/5f3c0d7e-primary.xml.xz"
cds --root "$R" --manifest "$IDX" explain --json "OSError: libcudnn.so.9: cannot open shared object file: No such file or directory"
like "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"]]')" \
	"sudo dnf install libcudnn9-cuda-12'" "libdnf5's cache (xz): cuDNN 9 for the CUDA 12 here"
sed -i 's/^enabled=1/enabled = 0/' "$R/etc/yum.repos.d/cuda-rhel9.repo"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(f13_fixes)" "dnf" "the repository disabled (enabled_metadata=1 after it is another key): no dnf command"
sed -i 's/^enabled = 0/enabled=1/' "$R/etc/yum.repos.d/cuda-rhel9.repo"
rm -rf "$R/var/cache/libdnf5"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(f13_fixes)" "dnf" "enabled, its cache gone (dnf clean all): no package named"
# NVIDIA's local installer (cuda-repo-rhel9-12-4-local-12.4.1_550.54.15-1.x86_64.rpm):
# its repository in /var/cuda-repo-rhel9-12-4-local, its .repo file with a
# file:// baseurl; read where it lies, its metadata made by createrepo_c
# from the packages built here
if command -v createrepo_c >/dev/null 2>&1; then
	rm -f "$R/etc/yum.repos.d/cuda-rhel9.repo"
	L=$R/var/cuda-repo-rhel9-12-4-local
	mkdir -p "$L" && cp "$T/libcublas-12-4.rpm" "$T/cuda-cudart-12-4.rpm" "$L/"
	createrepo_c -q "$L" >"$T/log" 2>&1
	is "$?" 0 "createrepo_c made the local repository's metadata"
	printf '[cuda-rhel9-12-4-local]\nname=cuda-rhel9-12-4-local\nbaseurl=file:///var/cuda-repo-rhel9-12-4-local\nenabled=1\ngpgcheck=1\n' \
		>"$R/etc/yum.repos.d/cuda-rhel9-12-4-local.repo"
	cds --root "$R" --manifest "$IDX" doctor --json
	is "$(f13_fixes)" "sudo dnf install libcublas-12-4" \
		"NVIDIA's local repository: its package, from its own metadata"
	like "$(evidence "$OUT" F13 "NVIDIA's package")" \
		"NVIDIA's local CUDA repository offers 12\.4\.5\.8-1 \(cuda-rhel9-12-4-local, /var/cuda-repo-rhel9-12-4-local/repodata/[0-9a-f]*-primary\.xml\.(gz|zst|xz|bz2)\)" \
		"said so: the local repository and its primary.xml"
	sed -i 's/^enabled=1/enabled=0/' "$R/etc/yum.repos.d/cuda-rhel9-12-4-local.repo"
	cds --root "$R" --manifest "$IDX" doctor --json
	unlike "$(f13_fixes)" "dnf" "the local repository disabled: no package named"
else
	skip 4 "createrepo_c is not installed (apt-get install createrepo-c)"
fi

# ---- SUSE: zypper, its repositories and its cache ---------------------------------
S=$(mk_sysroot); cleanup_later "$S"
mkdir -p "$S/var/lib/rpm" "$S/$LIB" "$S/$SITE" "$S/usr/bin" "$S/etc/zypp/repos.d"
printf '/usr/lib64\n' >"$S/etc/ld.so.conf"
printf 'NAME="SLES"\nVERSION_ID="15.6"\nID="sles"\nID_LIKE="suse"\n' >"$S/etc/os-release"
# zypper is there (never run: the root's programs are not)
printf '#!/bin/sh\nexit 1\n' >"$S/usr/bin/zypper" && chmod 755 "$S/usr/bin/zypper"
rpm --root "$S" --dbpath /var/lib/rpm --initdb &&
	rpm --root "$S" --dbpath /var/lib/rpm -i --nodeps --noscripts \
		"$T/cuda-cudart-12-4.rpm" "$T/python3-cudamod.rpm" >"$T/log" 2>&1
cds --root "$S" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo zypper install libcublas-12-4" \
	"SUSE: rpm's requirement is the cause, zypper the tool"
rpm --root "$S" --dbpath /var/lib/rpm -e --nodeps python3-cudamod >"$T/log" 2>&1
mk_solib "$S/$SITE/other.cpython-312-x86_64-linux-gnu.so" \
	other.cpython-312-x86_64-linux-gnu.so -N libcublas.so.12 -N libcudart.so.12
printf '[cuda-sles15-x86_64]\nname=cuda-sles15-x86_64\nbaseurl=https://developer.download.nvidia.com/compute/cuda/repos/sles15/x86_64\nenabled=1\nautorefresh=1\n' \
	>"$S/etc/zypp/repos.d/cuda-sles15-x86_64.repo"
mkdir -p "$S/var/cache/zypp/raw/cuda-sles15-x86_64/repodata"
primary | gzip -9 >"$S/var/cache/zypp/raw/cuda-sles15-x86_64/repodata/5f3c0d7e-primary.xml.gz"
cds --root "$S" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[(x["argv"], x["undo_argv"]) for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[(['sudo', 'zypper', 'install', 'libcublas-12-4'], ['sudo', 'zypper', 'remove', 'libcublas-12-4'])]" \
	"SUSE, nothing requires it: NVIDIA's package from zypper's cache, with zypper"
cds --root "$S" --manifest "$IDX" explain \
	"Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo zypper install libcudnn8=8\.9\.7\.29-1\.cuda12\.2" \
	"cuDNN 8 pinned as zypper writes a version"
# the runtime's file deleted under rpm's package: zypper's forced install
rm -f "$S/$LIB/libcudart.so.12.4.127"
cds --root "$S" --manifest "$IDX" doctor --json
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"'sudo zypper install --force cuda-cudart-12-4'" \
	"SUSE: a package's file gone, zypper install --force"
done_testing
