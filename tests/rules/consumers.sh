#!/bin/sh
# Doctor's consumer rule (src/doctor/rules_consumers.c).
# Every CUDA consumer doctor can see (F13), not only the frameworks it
# names: a Debian-style system Python whose torch extension loads
# /usr/lib libraries (reached through torch/lib links and DT_NEEDED), one
# of which needs a cuDNN that dpkg's nvidia-cudnn should have put there
# (its script failed: a dangling libcudnn.so is left); a module no rule
# knows by name in a conda env needing CUDA 11 libraries nobody has (one
# finding for the one cause, the release that ships them named); a pip env
# whose wheels resolve through RUNPATH (nothing to say); a module needing
# the driver's libcuda on a machine without one (the driver finding's
# cause, not a second one).  dpkg's database is a real one in its format,
# with a merged /usr (the list says /lib/..., the loader finds /usr/lib/...).
# And the system's package manager's fix for a CUDA library nothing provides
# (issue 25), on fake roots whose dpkg database is dpkg's own: packages
# built here with dpkg-deb (Debian trixie's names and versions, tiny
# libraries with the real sonames) and installed with dpkg --instdir:
# - all installed: nothing to say;
# - libcublas12 removed with --force-depends under python3-pycudwt: dpkg's
#   Depends is the cause, `apt-get install libcublas12` the fix, the CUDA
#   12.4 the other libraries belong to is named, no other CUDA release is
#   proposed; explain says part of CUDA 12.4 is installed, cuBLAS is
#   missing; repair's step is apt's;
# - python3-pycudwt installed with dpkg -i before its dependency: dpkg
#   leaves it unconfigured, and `apt-get -f install` finishes it;
# - a module of no package needs libcufft.so.11: the package Debian trixie
#   ships it in (the soname table), else (a release the table does not
#   know) the CUDA release part of which is here, 12.4, never a newer one.
# The shipped index is read: its soname table names Debian's packages.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkdebian.sh"
plan 53

R=$(mk_sysroot); cleanup_later "$R"
mk_debian_torch "$R"
L=$R/usr/lib/x86_64-linux-gnu
D=$R/var/lib/dpkg

is "$(unresolved "$R" /usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0 "")" \
	libcudnn.so.9 "the loader emulation: libtorch_cuda needs libcudnn.so.9, nothing else is missing"

cds --root "$R" doctor --json
is "$RC" 1 "doctor: exit 1"
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13"])')" 1 \
	"one F13 for the one cause"
like "$(titles "$OUT" F13)" "libtorch_cuda.so.2.6.0 of torch 2.6.0\+debian \(system Python\) needs libcudnn.so.9, which the loader cannot find" \
	"F13 names the library torch keeps its CUDA code in, the package and the soname"
is "$(evidence "$OUT" F13 'Python says')" \
	"['ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory']" \
	"the error import torch prints"
like "$(evidence "$OUT" F13 'also needed by')" "/usr/lib/x86_64-linux-gnu/libtorch_python.so.2.6.0" \
	"the other module that needs it, reached through DT_NEEDED"
is "$(evidence "$OUT" F13 'dangling link')" \
	"['/usr/lib/x86_64-linux-gnu/libcudnn.so -> libcudnn.so.9 (its target is missing)']" \
	"the dangling link, once on a merged /usr"
is "$(evidence "$OUT" F13 'package')" \
	"['nvidia-cudnn 9.0.0.312~cuda12 lists /usr/lib/x86_64-linux-gnu/libcudnn.so.9 (dpkg: half-configured)']" \
	"the package that should provide it, from dpkg's list (written as /lib/...)"
like "$(evidence "$OUT" F13 'cause')" "dpkg left nvidia-cudnn half-configured: its post-installation script failed \(it runs update-nvidia-cudnn, which downloads the library from mirror.invalid\)" \
	"the cause: the package's script, the program it runs and where it downloads from"
like "$(evidence "$OUT" F13 'needed by package')" "libtorch-cuda-2.6 2.6.0\+dfsg-7\+b1 \(dpkg: unpacked\)" \
	"the package of the library that needs it"
like "$(evidence "$OUT" F13 'provided by')" "cuDNN 9 built for CUDA 12 \(the CUDA runtime here is 12.4.127\)" \
	"what would provide it: cuDNN 9 for the CUDA runtime torch binds"
is "$(fix_command "$OUT" F13)" "sudo dpkg --configure -a" \
	"the fix is dpkg's command, not a second cuDNN beside it"
is "$(jget "$OUT" '[x.get("argv") for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]][0]')" \
	"['sudo', 'dpkg', '--configure', '-a']" "--json: dpkg's command as an argument list"
is "$(evidence "$OUT" F13 'the fix runs')" \
	"['update-nvidia-cudnn again; it needs to reach mirror.invalid']" \
	"what the fix runs, and where it must reach"
like "$(fix_command "$OUT" F13 1)" "apt-get install --reinstall nvidia-cudnn" "or apt's"
unlike "$(titles "$OUT" F13)" "libcudart|libcublas" "the CUDA libraries that resolve are not findings"

# the library in place: no F13
mk_solib "$L/libcudnn.so.9.0.0" libcudnn.so.9
ln -s libcudnn.so.9.0.0 "$L/libcudnn.so.9"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "with libcudnn.so.9 installed: no F13"
rm -f "$L/libcudnn.so.9.0.0" "$L/libcudnn.so.9"

# ---- a module no rule names, in a conda env ---------------------------
export HOME=/home/user
C=$R/home/user/miniconda3
E=$C/envs/misc
S=$E/lib/python3.11/site-packages
mkdir -p "$C/conda-meta" "$E/conda-meta" "$S/llama_cpp/lib"
mk_solib "$S/llama_cpp/lib/libggml-cuda.so" libggml-cuda.so \
	-N libcudart.so.11.0 -N libcublas.so.11 -R '$ORIGIN'
mk_solib "$S/llama_cpp/lib/libllama.so" libllama.so \
	-n "$S/llama_cpp/lib/libggml-cuda.so" -R '$ORIGIN'
cds --root "$R" doctor --json --env misc
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13"])')" 1 \
	"two CUDA 11 libraries missing for one env: one finding"
like "$(titles "$OUT" F13)" "/home/user/miniconda3/envs/misc/lib/python3.11/site-packages/llama_cpp/lib/libggml-cuda.so needs libcudart.so.11.0 and libcublas.so.11, which the loader cannot find" \
	"F13 names the module and both sonames"
like "$(evidence "$OUT" F13 'provided by')" "CUDA 11\.8\.0" "the CUDA release that ships them, from the manifest"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x["action"] == "install"]')" \
	"['11.8.0']" "the fix installs that release"
unlike "$(titles "$OUT" F13)" "libtorch" "--env misc: the system Python is not walked"

# ---- a pip env whose wheels resolve through RUNPATH: nothing to say --
E2=$C/envs/ok
S2=$E2/lib/python3.11/site-packages
mkdir -p "$E2/conda-meta" "$S2/torch/lib" "$S2/nvidia/cudnn/lib" \
	"$S2/nvidia/cuda_runtime/lib" "$S2/torch-2.6.0.dist-info"
mk_cudnn9 "$S2/nvidia/cudnn/lib" 9.1.0 wheel
mk_solib "$S2/nvidia/cuda_runtime/lib/libcudart.so.12" libcudart.so.12
mk_solib "$S2/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	-N libcudnn.so.9 -N libcudart.so.12 \
	-R '$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN/../../nvidia/cuda_runtime/lib'
cds --root "$R" doctor --json --env ok
unlike "$(finding_ids "$OUT")" "'F13'" "wheels found through RUNPATH: no F13"

# ---- the driver's libcuda with no driver: the driver's finding ---------
mk_solib "$S2/cupy_backends/cuda/api/driver.cpython-311-x86_64-linux-gnu.so" \
	driver.so -N libcuda.so.1
cds --root "$R" doctor --json --env ok
unlike "$(finding_ids "$OUT")" "'F13'" "libcuda.so.1 missing on a machine without a driver: no F13"
like "$(evidence "$OUT" NO-DRIVER 'needed by')" "cupy_backends/cuda/api/driver.cpython-311-x86_64-linux-gnu.so" \
	"the driver finding names the module that needs libcuda"

# ---- no dpkg: the fix is an install --------------------------------------
rm -rf "$D"
cds --root "$R" doctor --json
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" and "libcudnn" in f["title"] for x in f["fixes"]][0]')" \
	"^cudnn-setup repair  # installs it" "without dpkg: repair installs cuDNN"
unlike "$(jget "$OUT" '[e["key"] for f in d["findings"] for e in f["evidence"]]')" "'package'" \
	"without dpkg: no package named"

# ---- the package manager's fix (dpkg's own database) ------------------------
command -v dpkg-deb >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1 || {
	skip 26 "dpkg and dpkg-deb are not installed"
	done_testing
}
IDX=$CDS_SRCDIR/manifests/index.json
T=$(mktemp -d); cleanup_later "$T"
LIB=usr/lib/x86_64-linux-gnu
SITE=usr/lib/python3/dist-packages

# deb NAME VERSION DEPENDS: build $T/NAME.deb from the tree $T/NAME
deb() {
	mkdir -p "$T/$1/DEBIAN"
	{
		printf 'Package: %s\nVersion: %s\nArchitecture: amd64\n' "$1" "$2"
		[ -n "$3" ] && printf 'Depends: %s\n' "$3"
		printf 'Maintainer: cudnn-setup tests <tests@invalid>\n'
		printf 'Description: %s as Debian trixie names it\n' "$1"
	} >"$T/$1/DEBIAN/control"
	dpkg-deb --root-owner-group -b "$T/$1" "$T/$1.deb" >/dev/null
}
# lib PKG FILE SONAME [mk_solib options]: FILE in PKG's tree, with its link
lib() {
	_p=$1 _f=$2 _s=$3
	shift 3
	mkdir -p "$T/$_p/$LIB"
	mk_solib "$T/$_p/$LIB/$_f" "$_s" "$@" &&
		ln -s "$_f" "$T/$_p/$LIB/$_s"
}
lib libcudart12 libcudart.so.12.4.127 libcudart.so.12
deb libcudart12 12.4.127~12.4.1-2 ""
lib libcublaslt12 libcublasLt.so.12.4.5.8 libcublasLt.so.12
deb libcublaslt12 12.4.5.8~12.4.1-2 ""
lib libcublas12 libcublas.so.12.4.5.8 libcublas.so.12 -N libcublasLt.so.12
deb libcublas12 12.4.5.8~12.4.1-2 "libcublaslt12 (= 12.4.5.8~12.4.1-2)"
mkdir -p "$T/python3-pycudwt/$SITE"
mk_solib "$T/python3-pycudwt/$SITE/pycudwt.cpython-313-x86_64-linux-gnu.so" \
	pycudwt.cpython-313-x86_64-linux-gnu.so -N libcublas.so.12 -N libcudart.so.12
# Debian's python3-pycudwt 1.0.2-5 Depends, cut to its CUDA packages (the
# root has no python3 or libc6 packages)
deb python3-pycudwt 1.0.2-5 "libcublas12, libcudart12"

# root NAME: an empty system with dpkg's database and Debian trixie's
# os-release
root() {
	_r=$(mk_sysroot); cleanup_later "$_r"
	mkdir -p "$_r/var/lib/dpkg/info" "$_r/var/lib/dpkg/updates" \
		"$_r/$LIB" "$_r/$SITE"
	: >"$_r/var/lib/dpkg/status"
	printf '/usr/lib/x86_64-linux-gnu\n' >"$_r/etc/ld.so.conf"
	printf 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nVERSION_CODENAME=trixie\nID=debian\n' \
		>"$_r/etc/os-release"
	echo "$_r"
}

# ---- all installed ------------------------------------------------------------
R=$(root)
dpkgr "$R" -i "$T/libcudart12.deb" "$T/libcublaslt12.deb" "$T/libcublas12.deb" \
	"$T/python3-pycudwt.deb" >"$T/log" 2>&1
is "$?" 0 "dpkg installed the four packages"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "all installed: no F13"

# ---- a dependency removed with --force-depends ---------------------------------
dpkgr "$R" --remove --force-depends libcublas12 >"$T/log" 2>&1
like "$(cat "$T/log")" "dependency problems, but removing anyway" "dpkg removed libcublas12 against python3-pycudwt's Depends"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo apt-get install libcublas12" "the fix is apt's, for the package dpkg lacks"
is "$(jget "$OUT" '[(x["argv"], x["undo_argv"]) for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[(['sudo', 'apt-get', 'install', 'libcublas12'], ['sudo', 'apt-get', 'remove', 'libcublas12'])]" \
	"--json: apt's command and the way back as argument lists"
is "$(evidence "$OUT" F13 cause)" \
	"['a dependency of an installed package is not installed: python3-pycudwt 1.0.2-5 (dpkg: installed) depends on libcublas12, which ships libcublas.so.12']" \
	"the cause, from python3-pycudwt's Depends"
is "$(evidence "$OUT" F13 'provided by')" \
	"['CUDA 12.4, part of which is installed here: its cuBLAS is missing']" \
	"what provides it: the CUDA 12.4 of the libraries here"
unlike "$(jget "$OUT" '[f["fixes"] for f in d["findings"]]')" "install --cuda" \
	"no CUDA release proposed"
cds --root "$R" --manifest "$IDX" explain "ImportError: libcublas.so.12: cannot open shared object file: No such file or directory"
like "$OUT" "part of CUDA 12\.4 is installed, cuBLAS is missing \(libcublas\.so\.12\)" \
	"explain: part of CUDA 12.4 is installed, cuBLAS is missing"
like "$OUT" "It is cause [0-9]: part of that CUDA release is installed" "explain: that cause, here"
like "$OUT" "to do: sudo apt-get install libcublas12" "explain: apt's fix"
unlike "$OUT" "install --cuda|not installed \[found here\]" \
	"explain: no CUDA release, and not 'not installed'"
cds --root "$R" --manifest "$IDX" repair --dry-run
like "$OUT" "to run yourself: sudo apt-get install libcublas12" "repair: apt's command is the step"
unlike "$OUT" "install cuda-" "repair: no CUDA release installed beside it"
cds --root "$R" --manifest "$IDX" repair --yes
is "$RC" 1 "repair --yes: exit 1, the package manager's step is left to a person"

# a cuDNN in the system's directory needs it too (F5): apt's fix there too
MKCUDNN_NEEDED="libcublas.so.12 libcublasLt.so.12" mk_cudnn8 "$R/$LIB" 8.9.7
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F5" for x in f["fixes"]][:1]')" \
	"['sudo apt-get install libcublas12']" "F5, cuDNN's cuBLAS missing: apt's fix first"
unlike "$(jget "$OUT" '[f["fixes"] for f in d["findings"]]')" "install --cuda" \
	"F5: no CUDA release proposed"
rm -f "$R/$LIB"/libcudnn*

# back: installed again, nothing to say
dpkgr "$R" -i "$T/libcublas12.deb" >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "libcublas12 installed again: no F13"

# ---- dpkg -i before the dependency: unconfigured -------------------------------
R=$(root)
dpkgr "$R" -i "$T/libcudart12.deb" "$T/libcublaslt12.deb" >"$T/log" 2>&1
dpkgr "$R" -i "$T/python3-pycudwt.deb" >"$T/log" 2>&1
like "$(cat "$T/log")" "leaving unconfigured" "dpkg left python3-pycudwt unconfigured"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "$(printf 'sudo apt-get -f install\nsudo apt-get install libcublas12')" \
	"apt-get -f install finishes it; or install the package"
like "$(evidence "$OUT" F13 cause)" "python3-pycudwt 1\.0\.2-5 \(dpkg: unpacked\) depends on libcublas12" \
	"the cause names the unconfigured package"

# ---- a library no package here depends on ------------------------------------
R=$(root)
dpkgr "$R" -i "$T/libcudart12.deb" "$T/libcublaslt12.deb" >"$T/log" 2>&1
mk_solib "$R/$SITE/fftmod.cpython-313-x86_64-linux-gnu.so" \
	fftmod.cpython-313-x86_64-linux-gnu.so -N libcufft.so.11 -N libcudart.so.12
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo apt-get install libcufft11" \
	"the package Debian trixie ships libcufft.so.11 in"
is "$(evidence "$OUT" F13 'Debian package')" \
	"['libcufft11 ships libcufft.so.11 in Debian trixie; dpkg does not have it installed']" \
	"said so"
# a release the soname table does not know: NVIDIA's CUDA of the libraries
# here, 12.4, not the newest 12.x
sed -i 's/^VERSION_CODENAME=.*/VERSION_CODENAME=forky/' "$R/etc/os-release"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x["action"] == "install"]')" \
	"['12.4.1']" "no Debian package known: CUDA 12.4.1, the release part of which is here"
like "$(evidence "$OUT" F13 'shipped by')" "CUDA 12\.4\.1 \(libcufft\.so\.11\)" "shipped by: 12.4.1"
unlike "$(f13_fixes)" "apt-get" "and no apt command"
done_testing
