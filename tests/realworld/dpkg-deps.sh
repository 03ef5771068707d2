#!/bin/sh
# doctor, explain and repair where dpkg's own database says what is wrong
# (issue 25), on overlays of the real-world root trixie-torch-cuda (Debian
# 13, CUDA 12.4 from Debian's packages; tests/realworld/recipes/): the
# cached root is the lower layer, each case its own upper layer in a
# private mount namespace, so the root is never changed.  Each case is
# made with dpkg itself, as a person or a half-finished apt run leaves it:
#   pycudwt: python3-pycudwt (Debian's CUDA 12.4 build) installed, then
#     libcublas12 removed with `dpkg --remove --force-depends`;
#   unconfigured: libcublas12 removed the same way, then python3-pycudwt
#     installed with `dpkg -i`, which leaves it unpacked for want of it;
#   nvjitlink: libnvjitlink12, a dependency of the toolkit's libcusparse12,
#     removed with --force-depends;
#   absent: nvidia-cuda-toolkit, nvidia-cuda-dev (nvidia-cudnn's dependency
#     on it forced) and libnvjpeg12, which nothing else depends on, purged,
#     and a Python module built here that needs libnvjpeg.so.12: the
#     package for it is not installed at all;
#   two: libcublas12 and libnvjitlink12 removed the same way: doctor's fix
#     and repair's step are one `apt-get install` for both, and --json
#     keeps each fix's argument list beside the joined one;
#   three: two and absent together, two findings: doctor ends with one
#     `apt-get install` for the three packages, and so does repair.
# The shipped index is read (its soname table names Debian's packages).
# doctor's fix is apt's command for the package; explain says part of CUDA
# 12.4 is installed and names the library missing; nothing proposes a CUDA
# release other than Debian's 12.4.
. "$CDS_SRCDIR/tests/lib.sh"
RW=$CDS_SRCDIR/tests/realworld
CACHE=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}
MIRROR=http://deb.debian.org/debian

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}
have_python || skip_all "python3 is missing"
[ "$(id -u)" -eq 0 ] || skip_all "needs root (overlay mounts, dpkg in a chroot)"
command -v unshare >/dev/null 2>&1 || skip_all "unshare is missing"
_err=$(mktemp)
LOWER=$(sh "$RW/mkroot.sh" trixie-torch-cuda 2>"$_err")
_rc=$?
if [ $_rc -ne 0 ]; then
	_why=$(tail -n 1 "$_err")
	rm -f "$_err"
	skip_all "the root trixie-torch-cuda: $_why"
fi
rm -f "$_err"

# python3-pycudwt's .deb, fetched once by the name apt's lists give it
DEBS=$CACHE/debs
deb=$(sed -n '/^Package: python3-pycudwt$/,/^$/s/^Filename: //p' \
	"$LOWER"/var/lib/apt/lists/*_contrib_binary-amd64_Packages | head -n 1)
[ -n "$deb" ] || skip_all "apt's lists in the root have no python3-pycudwt"
PYC=$DEBS/$(basename "$deb")
if [ ! -s "$PYC" ]; then
	mkdir -p "$DEBS" &&
		curl -fsS -o "$PYC.part" "$MIRROR/$deb" && mv "$PYC.part" "$PYC" ||
		{ rm -f "$PYC.part"; skip_all "cannot fetch $MIRROR/$deb"; }
fi

plan 38
W=$(mktemp -d); [ -n "${CDS_KEEP:-}" ] || cleanup_later "$W"; diag "work dir $W"
cp "$PYC" "$W/pycudwt.deb"
# a module of the system's Python that needs libnvjpeg.so.12
printf 'int cds_fixture_nvjpeg(void) { return 1; }\n' >"$W/so.c"
$CC -shared -fPIC -Wl,-soname,libnvjpeg.so.12 -o "$W/libnvjpeg.so.12" "$W/so.c" &&
	$CC -shared -fPIC -o "$W/jpegmod.cpython-313-x86_64-linux-gnu.so" \
		"$W/so.c" -L"$W" -Wl,--no-as-needed -l:libnvjpeg.so.12 || skip_all "the compiler failed"

# case NAME SETUP: make the overlay, run SETUP (shell, in the chroot) and
# doctor --json, doctor, explain and repair --dry-run with --root on it;
# the outputs in $W/NAME.*
case_run() {
	_n=$1 _setup=$2
	mkdir -p "$W/$_n/up" "$W/$_n/work" "$W/$_n/m"
	unshare -m sh -c '
set -e
L=$1 D=$2 S=$3 B=$4 DD=$5 W=$6
mount --make-rprivate /
mount -t overlay overlay -o "lowerdir=$L,upperdir=$D/up,workdir=$D/work" "$D/m"
mount -t proc proc "$D/m/proc"
mount -t tmpfs -o mode=755 tmpfs "$D/m/dev"
mknod -m 666 "$D/m/dev/null" c 1 3
cp "$W/pycudwt.deb" "$W/jpegmod.cpython-313-x86_64-linux-gnu.so" "$D/m/tmp/"
chroot "$D/m" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin sh -c "$S" \
	>"$D/setup.log" 2>&1 || true
umount "$D/m/dev" "$D/m/proc"
run() { env -i PATH=/usr/bin:/bin LC_ALL=C CDS_DATADIR="$DD" "$B" --root "$D/m" "$@"; }
run doctor --json >"$D.json" 2>/dev/null || true
run doctor >"$D.doctor" 2>&1 || true
run explain "ImportError: libcublas.so.12: cannot open shared object file: No such file or directory" \
	>"$D.explain" 2>&1 || true
run repair --dry-run >"$D.repair" 2>&1 || true
run repair --dry-run --json >"$D.repair.json" 2>/dev/null || true
' sh "$LOWER" "$W/$_n" "$_setup" "$CDS_BIN" "$CDS_SRCDIR" "$W"
	OUT=$(cat "$W/$_n.json")
}
# the fixes of the F13 findings that name SONAME, one a line
f13_fixes() {
	jget "$OUT" '"\n".join(x["command"] for f in d["findings"] if f["id"] == "F13" and "'"$2"'" in f["title"] for x in f["fixes"])'
}
f13_evidence() {
	jget "$OUT" '"\n".join(e["key"] + ": " + e["value"] for f in d["findings"] if f["id"] == "F13" and "'"$2"'" in f["title"] for e in f["evidence"])'
}

# ---- pycudwt: a dependency removed with --force-depends -------------------
case_run pycudwt 'dpkg -i /tmp/pycudwt.deb && dpkg --remove --force-depends libcublas12'
like "$(cat "$W/pycudwt/setup.log")" "Removing libcublas12" "pycudwt: dpkg removed libcublas12"
is "$(f13_fixes "$OUT" libcublas.so.12)" "sudo apt-get install libcublas12" \
	"pycudwt: doctor's fix is apt's, for the package dpkg says is missing"
E=$(f13_evidence "$OUT" libcublas.so.12)
like "$E" "cause: a dependency of an installed package is not installed: .* depends on libcublas12, which ships libcublas\.so\.12" \
	"pycudwt: the cause, from dpkg's Depends"
like "$E" "python3-pycudwt" "pycudwt: python3-pycudwt among the packages that depend on it"
like "$E" "provided by: CUDA 12\.4, part of which is installed here: its cuBLAS is missing" \
	"pycudwt: what provides it: Debian's CUDA 12.4, part of which is here"
unlike "$(cat "$W/pycudwt.doctor")" "install --cuda|CUDA 12\.9" "pycudwt: doctor proposes no other CUDA"
X=$(cat "$W/pycudwt.explain")
like "$X" "part of CUDA 12\.4 is installed, cuBLAS is missing \(libcublas\.so\.12\)" \
	"pycudwt: explain says part of CUDA 12.4 is installed, cuBLAS is missing"
like "$X" "It is cause [0-9]: part of that CUDA release is installed" \
	"pycudwt: explain's cause here"
unlike "$X" "that CUDA release is not installed \[found here\]|install --cuda" \
	"pycudwt: explain neither says the release is not installed nor installs one"
like "$X" "sudo apt-get install libcublas12" "pycudwt: explain's fix is apt's"
R=$(cat "$W/pycudwt.repair")
like "$R" "to run yourself: sudo apt-get install libcublas12" "pycudwt: repair's step is apt's"
unlike "$R" "install cuda-" "pycudwt: repair installs no CUDA release beside Debian's"
unlike "$(cat "$W/pycudwt.doctor")" "in one go" \
	"pycudwt: one package, one finding: nothing to join"

# ---- unconfigured: dpkg -i without the dependency ---------------------------
case_run unconfigured 'dpkg --remove --force-depends libcublas12; dpkg -i /tmp/pycudwt.deb'
like "$(cat "$W/unconfigured/setup.log")" "dependency problems - leaving unconfigured" \
	"unconfigured: dpkg left python3-pycudwt unconfigured"
is "$(f13_fixes "$OUT" libcublas.so.12)" "sudo apt-get install libcublas12" \
	"unconfigured: apt installs the package (other installed packages need it too)"
like "$(f13_evidence "$OUT" libcublas.so.12)" "python3-pycudwt" \
	"unconfigured: python3-pycudwt named"

# ---- nvjitlink: a dependency of the toolkit's libraries ----------------------
case_run nvjitlink 'dpkg --remove --force-depends libnvjitlink12'
like "$(cat "$W/nvjitlink/setup.log")" "Removing libnvjitlink12" "nvjitlink: dpkg removed it"
is "$(f13_fixes "$OUT" libnvJitLink.so.12)" "sudo apt-get install libnvjitlink12" \
	"nvjitlink: the fix is apt's"
like "$(f13_evidence "$OUT" libnvJitLink.so.12)" "libcusparse12 .*depends on libnvjitlink12|depend on it too: .*libcusparse12" \
	"nvjitlink: the toolkit's libcusparse12 depends on it"
unlike "$(cat "$W/nvjitlink.doctor")" "install --cuda" "nvjitlink: no CUDA release proposed"

# ---- absent: a soname whose package is not installed at all ------------------
case_run absent 'dpkg --purge nvidia-cuda-toolkit &&
	dpkg --purge --force-depends nvidia-cuda-dev && dpkg --purge libnvjpeg12 &&
	cp /tmp/jpegmod.cpython-313-x86_64-linux-gnu.so /usr/lib/python3/dist-packages/'
like "$(cat "$W/absent/setup.log")" "Removing libnvjpeg12" "absent: libnvjpeg12 purged"
is "$(f13_fixes "$OUT" libnvjpeg.so.12)" "sudo apt-get install libnvjpeg12" \
	"absent: the package Debian trixie ships libnvjpeg.so.12 in"
like "$(f13_evidence "$OUT" libnvjpeg.so.12)" "Debian package: libnvjpeg12 ships libnvjpeg\.so\.12 in Debian trixie; dpkg does not have it installed" \
	"absent: said so"

# ---- two: two dependencies removed: one apt-get install for both ------------
# (one finding: torch's libraries need both)
case_run two 'dpkg -i /tmp/pycudwt.deb &&
	dpkg --remove --force-depends libcublas12 libnvjitlink12'
like "$(cat "$W/two/setup.log")" "Removing libnvjitlink12" "two: dpkg removed both"
D=$(cat "$W/two.doctor")
like "$D" "to do: sudo apt-get install libcublas12 libnvjitlink12
 *to go back: sudo apt-get remove libcublas12 libnvjitlink12" \
	"two: doctor shows one apt-get install for both, and one remove"
is "$(printf '%s\n' "$D" | grep -c 'apt-get install libcublas12\|apt-get install libnvjitlink12')" 1 \
	"two: and no line for each package"
is "$(jget "$OUT" '" | ".join(" ".join(x["argv"]) for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x.get("argv") and x["argv"][1] == "apt-get")')" \
	"sudo apt-get install libcublas12 | sudo apt-get install libnvjitlink12" \
	"two: --json keeps each fix's argument list"
is "$(jget "$OUT" '" | ".join(" ".join(x["argv"]) + " / " + " ".join(x["undo_argv"] or ["-"]) for x in d["package_commands"])')" \
	"sudo dpkg --configure -a / - | sudo apt-get install libcublas12 libnvjitlink12 / sudo apt-get remove libcublas12 libnvjitlink12" \
	"two: --json's package_commands: the root's half-configured nvidia-cudnn's dpkg command, and the joined apt-get's argv and undo_argv"
R=$(cat "$W/two.repair")
like "$R" "to run yourself: sudo apt-get install libcublas12 libnvjitlink12
 *it restores libcublas\.so\.12 \(libcublas12\)
 *it restores libnvJitLink\.so\.12 \(libnvjitlink12\)" \
	"two: repair's plan: one apt-get install, what it restores"
is "$(printf '%s\n' "$R" | sed -n '/^Operations:/,$p' | grep -c 'apt-get install')" 1 \
	"two: repair's operations name apt-get install once"
RJ=$(cat "$W/two.repair.json")
is "$(jget "$RJ" '" | ".join(" ".join(x["argv"]) + " " + repr(len(x["operations"])) for x in d["package_commands"] if x["argv"][1] == "apt-get")')" \
	"sudo apt-get install libcublas12 libnvjitlink12 2" \
	"two: repair --json: one joined command for the two operations"
is "$(jget "$RJ" '" | ".join(" ".join(o["argv"]) for o in d["operations"] if o["op"] == "package" and o["argv"][1] == "apt-get")')" \
	"sudo apt-get install libcublas12 | sudo apt-get install libnvjitlink12" \
	"two: and each operation's own argument list"

# ---- three: and a module whose package is not installed: two findings --------
case_run three 'dpkg -i /tmp/pycudwt.deb &&
	dpkg --remove --force-depends libcublas12 libnvjitlink12 &&
	dpkg --purge nvidia-cuda-toolkit &&
	dpkg --purge --force-depends nvidia-cuda-dev && dpkg --purge libnvjpeg12 &&
	cp /tmp/jpegmod.cpython-313-x86_64-linux-gnu.so /usr/lib/python3/dist-packages/'
like "$(cat "$W/three/setup.log")" "Removing libnvjpeg12" "three: libnvjpeg12 purged too"
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13" and any((x.get("argv") or [""])[1:2] == ["apt-get"] for x in f["fixes"])])')" 2 \
	"three: two findings, each with apt's fix"
like "$(cat "$W/three.doctor")" "For the system's package manager, in one go
 *to do: sudo apt-get install libnvjpeg12 libcublas12 libnvjitlink12
 *to go back: sudo apt-get remove libnvjpeg12 libcublas12 libnvjitlink12" \
	"three: doctor ends with one apt-get install for the three packages"
is "$(jget "$OUT" '" | ".join(" ".join(x["argv"]) + " " + repr(len(x["findings"])) for x in d["package_commands"] if x["argv"][1] == "apt-get")')" \
	"sudo apt-get install libnvjpeg12 libcublas12 libnvjitlink12 2" \
	"three: --json: the joined command, from the two findings"
R=$(cat "$W/three.repair")
like "$R" "to run yourself: sudo apt-get install libnvjpeg12 libcublas12 libnvjitlink12" \
	"three: repair's plan: one apt-get install for the three"
is "$(printf '%s\n' "$R" | sed -n '/^Operations:/,$p' | grep -c 'apt-get install')" 1 \
	"three: repair's operations name apt-get install once"
done_testing
