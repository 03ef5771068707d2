#!/bin/sh
# The system's package manager's fix for a CUDA library nothing provides,
# where CUDA came from NVIDIA's own apt repository (src/doctor/aptfix.c):
# Ubuntu 22.04 roots whose dpkg database is dpkg's own, with packages built
# here with dpkg-deb under NVIDIA's names and versions (the component's
# name, then the release: cuda-cudart-12-4 12.4.127-1, libcublas-12-4
# 12.4.5.8-1; the versions are the components' of CUDA 12.4.1's redistrib
# manifest, the names those NVIDIA's CUDA container images install), tiny
# libraries with the real sonames in /usr/local/cuda-12.4, and apt's list
# of NVIDIA's repository under the file name apt gives it
# (developer.download.nvidia.com_compute_cuda_repos_ubuntu2204_x86%5f64_Packages).
# - part of CUDA 12.4 installed from it, cuBLAS missing: doctor, explain
#   and repair say `apt-get install libcublas-12-4`, never 12.6 or 12.9 and
#   never a CUDA release beside it; installed, nothing is said;
# - no CUDA here: the newest package of NVIDIA's that ships the soname and
#   the driver runs (by the index's minimum drivers: none of CUDA 12 under
#   driver 520), of each component by its name; none the list does not offer;
# - apt's lists removed (as container images do): NVIDIA's package is not
#   guessed; the CUDA release is proposed as before;
# - cuDNN beside NVIDIA's CUDA 12.4: libcudnn9-cuda-12 (cuDNN 9), libcudnn8
#   pinned to its newest build for CUDA 12 (cuDNN 8); with no CUDA here
#   none (the CUDA its build must be for is not known);
# - NVIDIA's local installers' repositories (/var/cuda-repo-ubuntu2204-12-4-local,
#   /var/cudnn-local-repo-ubuntu2204-9.1.1), their lists made by a real
#   `apt-get update` (links to the repositories' own Packages): their
#   packages, said to come from them; the repository removed, none;
# - Debian trixie whose CUDA runtime is Debian's own: Debian's package
#   first, even with NVIDIA's repository configured.
# The shipped index is read (its soname table names the components).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkdebian.sh"
command -v dpkg-deb >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1 || {
	echo "1..0 # SKIP dpkg and dpkg-deb are not installed"
	exit 0
}
plan 40

IDX=$CDS_SRCDIR/manifests/index.json
T=$(mktemp -d); cleanup_later "$T"
CU=usr/local/cuda-12.4/targets/x86_64-linux/lib
SITE=usr/lib/python3/dist-packages
NVLIST=var/lib/apt/lists/developer.download.nvidia.com_compute_cuda_repos_ubuntu2204_x86%5f64_Packages

# deb NAME VERSION: build $T/NAME.deb from the tree $T/NAME
deb() {
	mkdir -p "$T/$1/DEBIAN"
	printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nMaintainer: cudnn-setup tests <tests@invalid>\nDescription: %s as NVIDIA names it\n' \
		"$1" "$2" "$1" >"$T/$1/DEBIAN/control"
	dpkg-deb --root-owner-group -b "$T/$1" "$T/$1.deb" >/dev/null
}
# lib PKG FILE SONAME: FILE in PKG's tree under CUDA 12.4, with its link
lib() {
	mkdir -p "$T/$1/$CU"
	mk_solib "$T/$1/$CU/$2" "$3" && ln -s "$2" "$T/$1/$CU/$3"
}
lib cuda-cudart-12-4 libcudart.so.12.4.127 libcudart.so.12
deb cuda-cudart-12-4 12.4.127-1
lib libcublas-12-4 libcublas.so.12.4.5.8 libcublas.so.12
deb libcublas-12-4 12.4.5.8-1
# the loader's path NVIDIA's packages set (/etc/ld.so.conf.d/988_cuda-12.conf,
# its /usr/local/cuda-12 link made by update-alternatives)
mkdir -p "$T/cuda-toolkit-12-config-common/etc/ld.so.conf.d"
echo /usr/local/cuda-12/targets/x86_64-linux/lib \
	>"$T/cuda-toolkit-12-config-common/etc/ld.so.conf.d/988_cuda-12.conf"
deb cuda-toolkit-12-config-common 12.4.127-1
# what configures the repository: NVIDIA's cuda-keyring 1.1-1 (its key
# file here is a placeholder) and the source entry it is used with
mkdir -p "$T/cuda-keyring/usr/share/keyrings"
echo placeholder >"$T/cuda-keyring/usr/share/keyrings/cuda-archive-keyring.gpg"
deb cuda-keyring 1.1-1

# root [CODENAME]: an empty Ubuntu 22.04 (or Debian CODENAME) system with
# dpkg's database, a system Python module that needs cuBLAS 12 and the CUDA
# runtime, and apt's list of NVIDIA's repository
root() {
	_r=$(mk_sysroot); cleanup_later "$_r"
	mkdir -p "$_r/var/lib/dpkg/info" "$_r/var/lib/dpkg/updates" \
		"$_r/var/lib/apt/lists" "$_r/$SITE"
	: >"$_r/var/lib/dpkg/status"
	printf 'include /etc/ld.so.conf.d/*.conf\n/usr/lib/x86_64-linux-gnu\n' >"$_r/etc/ld.so.conf"
	if [ -n "${1:-}" ]; then
		printf 'VERSION_CODENAME=%s\nID=debian\n' "$1" >"$_r/etc/os-release"
	else
		printf 'NAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\n' \
			>"$_r/etc/os-release"
	fi
	ln -s cuda-12.4 "$_r/usr/local/cuda-12"
	mkdir -p "$_r/etc/apt/sources.list.d"
	echo "deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/ /" \
		>"$_r/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list"
	dpkgr "$_r" -i "$T/cuda-keyring.deb" >/dev/null 2>&1
	mk_solib "$_r/$SITE/blasmod.cpython-310-x86_64-linux-gnu.so" \
		blasmod.cpython-310-x86_64-linux-gnu.so -N libcublas.so.12 -N libcudart.so.12
	# each release's packages, at its components' versions (redistrib
	# manifests 12.4.1, 12.6.3, 12.9.1)
	for _p in cuda-cudart-12-4:12.4.127 libcublas-12-4:12.4.5.8 \
	    libcublas-dev-12-4:12.4.5.8 libcufft-12-4:11.2.1.3 \
	    cuda-cudart-12-6:12.6.77 libcublas-12-6:12.6.4.1 \
	    libcufft-12-6:11.3.0.4 cuda-cudart-12-9:12.9.79 \
	    libcublas-12-9:12.9.1.4 libcufft-12-9:11.4.1.4 \
	    libcudnn9-cuda-12:9.8.0.87 libcudnn9-cuda-13:9.19.0.56 \
	    libcudnn9-dev-cuda-12:9.8.0.87 libcudnn8:8.9.7.29-1+cuda11.8 \
	    libcudnn8:8.9.7.29-1+cuda12.2 libcudnn8:8.9.6.50-1+cuda12.2; do
		_v=${_p#*:}
		case $_v in *-*) ;; *) _v=$_v-1 ;; esac
		printf 'Package: %s\nArchitecture: amd64\nVersion: %s\nPriority: optional\nSection: multiverse/devel\nMaintainer: cudatools <cudatools@nvidia.com>\nFilename: ./%s_%s_amd64.deb\n\n' \
			"${_p%%:*}" "$_v" "${_p%%:*}" "$_v"
	done >"$_r/$NVLIST"
	echo "$_r"
}
MSG="ImportError: libcublas.so.12: cannot open shared object file: No such file or directory"

# ---- part of CUDA 12.4 from NVIDIA's repository, cuBLAS missing --------------
R=$(root)
dpkgr "$R" -i "$T/cuda-toolkit-12-config-common.deb" "$T/cuda-cudart-12-4.deb" >"$T/log" 2>&1
is "$?" 0 "dpkg installed NVIDIA's cuda-cudart-12-4"
is "$(unresolved "$R" /$SITE/blasmod.cpython-310-x86_64-linux-gnu.so "")" libcublas.so.12 \
	"the loader emulation: the module's libcudart.so.12 is found through 988_cuda-12.conf, libcublas.so.12 is not"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo apt-get install libcublas-12-4" \
	"doctor: apt's fix, NVIDIA's package of the release installed here"
is "$(evidence "$OUT" F13 "NVIDIA's package")" \
	"[\"libcublas-12-4 (cuBLAS of CUDA 12.4, the release installed here) ships libcublas.so.12; NVIDIA's CUDA repository offers 12.4.5.8-1 (developer.download.nvidia.com_compute_cuda_repos_ubuntu2204_x86%5f64_Packages), and dpkg does not have it installed\"]" \
	"doctor: the package, its release, the list that offers it"
is "$(jget "$OUT" '[x["argv"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[['sudo', 'apt-get', 'install', 'libcublas-12-4']]" "--json: apt's command as an argument list"
unlike "$(jget "$OUT" '[f["fixes"] for f in d["findings"]]')" "install --cuda|12-6|12-9" \
	"no CUDA release proposed beside it, no package of another release"
cds --root "$R" --manifest "$IDX" explain "$MSG"
like "$OUT" "part of CUDA 12\.4 is installed, cuBLAS is missing \(libcublas\.so\.12\)" \
	"explain: part of CUDA 12.4 is installed, cuBLAS is missing"
like "$OUT" "to do: sudo apt-get install libcublas-12-4" "explain: NVIDIA's package, with apt"
like "$OUT" "to go back: sudo apt-get remove libcublas-12-4" "explain: and the way back"
unlike "$OUT" "install --cuda" "explain: no CUDA release"
cds --root "$R" --manifest "$IDX" repair --dry-run
like "$OUT" "to run yourself: sudo apt-get install libcublas-12-4" "repair: apt's command is the step"
unlike "$OUT" "install cuda-|12\.4\.1" "repair: no CUDA release installed beside it"

# installed: nothing to say
dpkgr "$R" -i "$T/libcublas-12-4.deb" >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "libcublas-12-4 installed: no F13"
# installed but its file gone: its own files are the matter, not NVIDIA's list
rm -f "$R/$CU/libcublas.so.12.4.5.8"
cds --root "$R" --manifest "$IDX" doctor --json
like "$(f13_fixes)" "apt-get install --reinstall libcublas-12-4" \
	"its library deleted: reinstall the package dpkg has"

# ---- cuDNN of NVIDIA's repository, for the CUDA here ------------------------------
R=$(root)
dpkgr "$R" -i "$T/cuda-toolkit-12-config-common.deb" "$T/cuda-cudart-12-4.deb" \
	"$T/libcublas-12-4.deb" >"$T/log" 2>&1
mk_solib "$R/$SITE/dnnmod.cpython-310-x86_64-linux-gnu.so" \
	dnnmod.cpython-310-x86_64-linux-gnu.so -N libcudnn.so.9 -N libcudart.so.12
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo apt-get install libcudnn9-cuda-12" \
	"cuDNN 9 missing beside NVIDIA's CUDA 12.4: libcudnn9-cuda-12, not -cuda-13"
is "$(evidence "$OUT" F13 "NVIDIA's package")" \
	"[\"libcudnn9-cuda-12 (cuDNN 9 for CUDA 12, the CUDA installed here) ships libcudnn.so.9; NVIDIA's CUDA repository offers 9.8.0.87-1 (developer.download.nvidia.com_compute_cuda_repos_ubuntu2204_x86%5f64_Packages), and dpkg does not have it installed\"]" \
	"said so"
cds --root "$R" --manifest "$IDX" explain \
	"Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo apt-get install libcudnn8=8\.9\.7\.29-1\+cuda12\.2" \
	"cuDNN 8: its one package, pinned to the newest build for CUDA 12"
like "$OUT" "to go back: sudo apt-get remove libcudnn8" "the way back names the package alone"
unlike "$OUT" "install --cudnn" "no cuDNN of this program's beside it"

# a sub-library of NVIDIA's cuDNN package deleted (F8): apt installs the
# package again, not a cuDNN of cudnn-setup's beside it
mkdir -p "$T/libcudnn9-cuda-12/usr/lib/x86_64-linux-gnu"
mk_cudnn9 "$T/libcudnn9-cuda-12/usr/lib/x86_64-linux-gnu" 9.8.0
deb libcudnn9-cuda-12 9.8.0.87-1
dpkgr "$R" -i "$T/libcudnn9-cuda-12.deb" >"$T/log" 2>&1
rm -f "$R/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9" "$R"/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9.*
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F8" for x in f["fixes"]]')" \
	"['sudo apt-get install --reinstall libcudnn9-cuda-12']" \
	"F8 of NVIDIA's cuDNN package: dpkg's reinstall"
like "$(evidence "$OUT" F8 package)" \
	"libcudnn9-cuda-12 9\.8\.0\.87-1 lists /usr/lib/x86_64-linux-gnu/libcudnn_graph\.so\.9 \(dpkg: installed\)" \
	"said so"

# ---- no CUDA here ---------------------------------------------------------------
R=$(root)
cds --root "$R" --manifest "$IDX" explain "$MSG"
like "$OUT" "to do: sudo apt-get install libcublas-12-9" \
	"no CUDA here, no driver known: NVIDIA's newest package that ships libcublas.so.12"
like "$OUT" "libcublas-12-9 \(cuBLAS of CUDA 12\.9\) ships" \
	"said so, without claiming a release installed here"
cds --root "$R" --manifest "$IDX" explain \
	"OSError: libcufft.so.11: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo apt-get install libcufft-12-9" \
	"another component (cuFFT 11 of CUDA 12): its package, by the component's name"
unlike "$OUT" "libcublas-dev" "a development package is never taken for the library's"
cds --root "$R" --manifest "$IDX" explain --json \
	"ImportError: libnvrtc.so.12: cannot open shared object file: No such file or directory"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-LIBRARY" for x in f["fixes"] if "apt-get" in x["command"]]')" \
	"[]" "a component the repository's list does not offer (NVRTC): no apt command"
cds --root "$R" --manifest "$IDX" explain "OSError: libcudnn.so.9: cannot open shared object file: No such file or directory"
unlike "$OUT" "apt-get install libcudnn9" \
	"cuDNN with no CUDA here: which build is not known, none named"
# a driver older than CUDA 12's floor (525.60.13, the index's): no CUDA 12
# package runs on it
mk_driver "$R" 520.61.05
cds --root "$R" --manifest "$IDX" explain "$MSG"
unlike "$OUT" "apt-get install libcublas-12" \
	"driver 520: below every CUDA 12 release's minimum, no package of one proposed"

# apt's lists kept compressed (Acquire::GzipIndexes, as Docker's Ubuntu
# images set it; apt's KeepCompressedAs default, lz4): read the same
if command -v lz4 >/dev/null 2>&1; then
	lz4 -q "$R/$NVLIST" "$R/$NVLIST.lz4" && rm -f "$R/$NVLIST"
	mk_driver "$R" 580.65.06
	cds --root "$R" --manifest "$IDX" explain --json "$MSG"
	is "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"] if "libcublas" in x["command"]][:1]')" \
		"['sudo apt-get install libcublas-12-9']" \
		"the list kept as lz4: read, its name without the suffix"
	like "$OUT" "x86%5f64_Packages\\)" "the list named as apt names it"
else
	skip 2 "lz4 is not installed (apt-get install lz4)"
fi

# ---- apt's lists removed -----------------------------------------------------------
R=$(root)
dpkgr "$R" -i "$T/cuda-toolkit-12-config-common.deb" "$T/cuda-cudart-12-4.deb" >"$T/log" 2>&1
rm -f "$R/$NVLIST"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(f13_fixes)" "apt-get" "no list of NVIDIA's repository: no package named"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x["action"] == "install"]')" \
	"['12.4.1']" "the CUDA release part of which is here, as before"

# ---- NVIDIA's local installer's repository ----------------------------------------
# cuda-repo-ubuntu2204-12-4-local puts a flat repository in
# /var/cuda-repo-ubuntu2204-12-4-local and its source entry
# ("deb [signed-by=...] file:///var/cuda-repo-ubuntu2204-12-4-local /");
# cuDNN's cudnn-local-repo-ubuntu2204-9.1.1 the same.  apt's own update
# names their lists, and makes an uncompressed one a link to the
# repository's Packages (absolute: inside the root here).
# local_repo ROOT DIR PKG:VER...: the repository /var/DIR in ROOT offering
# PKG at VER, and its source entry
local_repo() {
	_r=$1 _d=$2
	shift 2
	mkdir -p "$_r/var/$_d"
	for _p; do
		printf 'Package: %s\nArchitecture: amd64\nVersion: %s\nMaintainer: cudatools <cudatools@nvidia.com>\nFilename: ./%s_%s_amd64.deb\n\n' \
			"${_p%%:*}" "${_p#*:}" "${_p%%:*}" "${_p#*:}"
	done >"$_r/var/$_d/Packages"
	printf 'Origin: NVIDIA\nLabel: NVIDIA CUDA\nArchitecture: amd64\nDate: Thu, 07 Mar 2024 00:00:00 UTC\nSHA256:\n %s %s Packages\n' \
		"$(sha256sum "$_r/var/$_d/Packages" | cut -d' ' -f1)" \
		"$(wc -c <"$_r/var/$_d/Packages")" >"$_r/var/$_d/Release"
	echo "deb [trusted=yes] file:///var/$_d /" \
		>"$_r/etc/apt/sources.list.d/${_d#*-repo-}.list"
}
# apt_update ROOT: apt-get update of ROOT's sources, in a private mount
# namespace where ROOT's /var/cuda-repo-* and /var/cudnn-local-repo-* are
# at their own paths (a tmpfs /var there, never the host's)
apt_update() {
	# shellcheck disable=SC2016
	unshare -m sh -c '
R=$1
mount --make-rprivate / && mount -t tmpfs tmpfs /var || exit 99
for d in "$R"/var/cuda-repo-* "$R"/var/cudnn-local-repo-*; do
	[ -d "$d" ] || continue
	mkdir "/var/${d##*/}" && mount --bind "$d" "/var/${d##*/}" || exit 99
done
mkdir -p "$R/var/lib/apt/lists/partial" "$R/var/cache/apt/archives/partial"
exec apt-get -q -o Acquire::GzipIndexes=false -o Debug::NoLocking=1 \
    -o Dir::Etc="$R/etc/apt" -o Dir::State="$R/var/lib/apt" \
    -o Dir::State::status="$R/var/lib/dpkg/status" \
    -o Dir::Cache="$R/var/cache/apt" update' sh "$1"
}
if can_chroot && command -v apt-get >/dev/null 2>&1; then
	R=$(root)
	rm -f "$R/$NVLIST" "$R/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list"
	dpkgr "$R" -i "$T/cuda-toolkit-12-config-common.deb" "$T/cuda-cudart-12-4.deb" >"$T/log" 2>&1
	local_repo "$R" cuda-repo-ubuntu2204-12-4-local cuda-cudart-12-4:12.4.127-1 \
		libcublas-12-4:12.4.5.8-1 libcufft-12-4:11.2.1.3-1
	local_repo "$R" cudnn-local-repo-ubuntu2204-9.1.1 libcudnn9-cuda-12:9.1.1.17-1 \
		libcudnn9-cuda-11:9.1.1.17-1
	apt_update "$R" >"$T/log" 2>&1
	is "$?" 0 "apt-get update read both local repositories"
	L=var/lib/apt/lists/_var_cuda-repo-ubuntu2204-12-4-local_Packages
	check "apt named the list _var_cuda-repo-ubuntu2204-12-4-local_Packages, a link to the repository's own" \
		test -L "$R/$L"
	cds --root "$R" --manifest "$IDX" doctor --json
	is "$(f13_fixes)" "sudo apt-get install libcublas-12-4" \
		"doctor: the local repository's package of the release installed here"
	is "$(evidence "$OUT" F13 "NVIDIA's package")" \
		"[\"libcublas-12-4 (cuBLAS of CUDA 12.4, the release installed here) ships libcublas.so.12; NVIDIA's local CUDA repository offers 12.4.5.8-1 (_var_cuda-repo-ubuntu2204-12-4-local_Packages), and dpkg does not have it installed\"]" \
		"doctor: said to come from NVIDIA's local CUDA repository, with apt's list"
	cds --root "$R" --manifest "$IDX" explain "OSError: libcudnn.so.9: cannot open shared object file: No such file or directory"
	like "$OUT" "to do: sudo apt-get install libcudnn9-cuda-12" \
		"cuDNN's local repository: its build for CUDA 12, the CUDA here"
	like "$(printf '%s' "$OUT" | tr -s ' \n' '  ')" \
		"NVIDIA's local cuDNN repository offers 9\.1\.1\.17-1 \(_var_cudnn-local-repo-ubuntu2204-9\.1\.1_Packages\)" \
		"said so"
	# the repository's directory removed (its package purged): nothing offered
	rm -rf "$R/var/cuda-repo-ubuntu2204-12-4-local"
	cds --root "$R" --manifest "$IDX" doctor --json
	unlike "$(f13_fixes)" "apt-get install libcublas" \
		"the local repository gone, its list a dangling link: no package named"
else
	skip 7 "needs root, unshare -m and apt-get (a real apt update)"
fi

# ---- Debian's own CUDA, NVIDIA's repository configured too -------------------------
R=$(root trixie)
mkdir -p "$T/libcudart12/usr/lib/x86_64-linux-gnu"
mk_solib "$T/libcudart12/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127" libcudart.so.12 &&
	ln -s libcudart.so.12.4.127 "$T/libcudart12/usr/lib/x86_64-linux-gnu/libcudart.so.12"
deb libcudart12 12.4.127~12.4.1-2
dpkgr "$R" -i "$T/libcudart12.deb" >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo apt-get install libcublas12" \
	"Debian's CUDA 12.4 runtime installed: Debian's package, not NVIDIA's"
done_testing
