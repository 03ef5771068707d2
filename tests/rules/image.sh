#!/bin/sh
# doctor --root IMAGE --driver VERSION: an unpacked image judged against the
# driver it will run on.  Images are OCI runtime bundles (config.json with
# process.env beside rootfs/, as umoci unpack writes them), or a root with a
# saved image configuration (docker inspect's array, an OCI image config).
# IMAGE-REQUIRE: NVIDIA_REQUIRE_CUDA (and a legacy image's CUDA_VERSION)
# refused with the toolkit's own message, brand exceptions, and
# NVIDIA_DISABLE_REQUIRE; IMAGE-COMPAT: a forward-compatibility libcuda (a
# real ELF library carrying the .note.cuda.fwd_compatibility note of the
# H200's driver, research/containers.md) used by the toolkit's hook or by
# the image's own search path: 804 on a newer one, 803 on an older one or
# an unlisted branch; IMAGE-DRIVER-OLD (error 35); IMAGE-DRIVER-LIBS (real
# libraries owned by a dpkg package, and Debian's own driver packages in a
# debootstrap root when the cache has it); IMAGE-LD-PATH.  Healthy images
# and plain roots say nothing of images.
. "$CDS_SRCDIR/tests/lib.sh"
plan 62

command -v gcc >/dev/null && command -v objcopy >/dev/null || {
	skip 62 "no gcc or objcopy"
	done_testing
}
W=$(mktemp -d); cleanup_later "$W"
L=/usr/lib/x86_64-linux-gnu
T124="cuda>=12.4 brand=tesla,driver>=470,driver<471 brand=unknown,driver>=470,driver<471 brand=nvidia,driver>=470,driver<471 brand=nvidiartx,driver>=470,driver<471 brand=geforce,driver>=470,driver<471 brand=geforcertx,driver>=470,driver<471 brand=quadro,driver>=470,driver<471 brand=quadrortx,driver>=470,driver<471 brand=titan,driver>=470,driver<471 brand=titanrtx,driver>=470,driver<471 brand=tesla,driver>=525,driver<526 brand=unknown,driver>=525,driver<526 brand=nvidia,driver>=525,driver<526 brand=nvidiartx,driver>=525,driver<526 brand=geforce,driver>=525,driver<526 brand=geforcertx,driver>=525,driver<526 brand=quadro,driver>=525,driver<526 brand=quadrortx,driver>=525,driver<526 brand=titan,driver>=525,driver<526 brand=titanrtx,driver>=525,driver<526 brand=tesla,driver>=535,driver<536 brand=unknown,driver>=535,driver<536 brand=nvidia,driver>=535,driver<536 brand=nvidiartx,driver>=535,driver<536 brand=geforce,driver>=535,driver<536 brand=geforcertx,driver>=535,driver<536 brand=quadro,driver>=535,driver<536 brand=quadrortx,driver>=535,driver<536 brand=titan,driver>=535,driver<536 brand=titanrtx,driver>=535,driver<536"
MSG="unsatisfied condition: cuda>=13.0, please update your driver to a newer version, or use an earlier cuda container"

# mk_bundle DIR VAR=VALUE...: an OCI runtime bundle, its rootfs empty
mk_bundle() {
	_b=$1; shift
	mkdir -p "$_b/rootfs/etc/ld.so.conf.d" "$_b/rootfs$L" \
		"$_b/rootfs/usr/local"
	: >"$_b/rootfs/etc/ld.so.conf"
	python3 -c 'import json, sys
json.dump({"ociVersion": "1.0.2", "process": {"env": sys.argv[2:]}},
    open(sys.argv[1], "w"))' "$_b/config.json" PATH=/usr/bin "$@"
}
# add_env BUNDLE VAR=VALUE: one more variable in the bundle's environment
add_env() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["process"]["env"].append(sys.argv[2])
json.dump(d, open(sys.argv[1], "w"))' "$1/config.json" "$2"
}
# mk_lib FILE SONAME: a real shared library
mk_lib() {
	mkdir -p "$(dirname "$1")"
	echo 'int cuInit(unsigned f) { return (int)f; }' >"$W/lib.c"
	gcc -shared -fPIC -Wl,-soname,"$2" -o "$1" "$W/lib.c"
}
# mk_compat ROOT DIR VERSION CUDA BRANCHES: a forward-compatibility
# libcuda in DIR with its ELF note, as NVIDIA's carry it (owner "NVIDIA
# Corporation", a JSON description; cuda-elf-header.go reads "CUDA
# Version" and "driver"); CUDA 13.0 and 535 ... 580 are the H200's
# libcuda.so.580.159.04 (research/containers.md, measured by readelf -n)
mk_compat() {
	_f=$1$2/libcuda.so.$3
	mk_lib "$_f" libcuda.so.1
	python3 -c 'import json, struct, sys
d = json.dumps({"format": 1, "CUDA version": sys.argv[2],
    "driver": [int(b) for b in sys.argv[3].split(",")]}).encode() + b"\0"
n = b"NVIDIA Corporation\0"
pad = lambda b: b + b"\0" * (-len(b) % 4)
open(sys.argv[1], "wb").write(struct.pack("<III", len(n), len(d), 1)
    + pad(n) + pad(d))' "$W/note" "$4" "$5"
	objcopy --add-section .note.cuda.fwd_compatibility="$W/note" "$_f"
	ln -sf "libcuda.so.$3" "$1$2/libcuda.so.1"
}
# the shipped index: the driver each CUDA release ships with
M=$CDS_SRCDIR/manifests/index.json
aud() {	# aud BUNDLE DRIVER [ARGS]: doctor --json on the bundle's rootfs
	_r=$1 _d=$2; shift 2
	cds --manifest "$M" --root "$_r/rootfs" doctor --driver "$_d" --json "$@"
}
ids_img() { jget "$OUT" '[f["id"] for f in d["findings"] if f["id"].startswith("IMAGE-")]'; }
sev() { jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "'"$1"'"]'; }

# ---- a CUDA 13.0 image with the H200's compat libcuda -------------------
B=$W/cuda13
mk_bundle "$B" CUDA_VERSION=13.0.2 "NVIDIA_REQUIRE_CUDA=cuda>=13.0"
mk_compat "$B/rootfs" /usr/local/cuda-13.0/compat 580.159.04 13.0 \
	535,550,565,570,575,580
ln -s cuda-13.0 "$B/rootfs/usr/local/cuda"
# its runtime (cuda_cudart 13.0.96 in cuda_redistrib_13.0.2.json)
mk_lib "$B/rootfs/usr/local/cuda-13.0/lib64/libcudart.so.13.0.96" libcudart.so.13
ln -s libcudart.so.13.0.96 "$B/rootfs/usr/local/cuda-13.0/lib64/libcudart.so.13"
# owned by NVIDIA's package of it, as the nvidia/cuda images install it
mkdir -p "$B/rootfs/var/lib/dpkg/info"
printf '%s\n' /usr/local/cuda-13.0/compat/libcuda.so.580.159.04 \
	>"$B/rootfs/var/lib/dpkg/info/cuda-compat-13-0.list"
printf 'Package: cuda-compat-13-0\nStatus: install ok installed\nArchitecture: amd64\nVersion: 580.159.04-1\n\n' \
	>"$B/rootfs/var/lib/dpkg/status"
readelf -n "$B/rootfs/usr/local/cuda/compat/libcuda.so.580.159.04" \
	>"$W/readelf" 2>&1
like "$(cat "$W/readelf")" "NVIDIA Corporation" \
	"the test's compat libcuda carries the note (readelf -n)"

aud "$B" 550.54.15
is "$(ids_img)" "['IMAGE-REQUIRE']" "13.0 image on 550: refused, nothing else"
is "$(sev IMAGE-REQUIRE)" "['error']" "on every GPU: an error"
is "$RC" 1 "doctor exits 1"
is "$(evidence "$OUT" IMAGE-REQUIRE 'toolkit says')" \
	"['nvidia-container-cli: requirement error: $MSG']" \
	"the toolkit's own message, verbatim"
is "$(evidence "$OUT" IMAGE-REQUIRE 'driver supports CUDA')" \
	"['12.4 (at least: the newest CUDA release whose own driver is not newer (the index))']" \
	"550.54.15 supports CUDA 12.4, from the index"
is "$(fix_command "$OUT" IMAGE-REQUIRE)" \
	"upgrade the host driver to 580.65.06 or newer (the driver of CUDA 13.0)" \
	"fix: the oldest driver of a CUDA 13.0 release"
like "$ERR" "the image's environment: $B/rootfs/../config.json" \
	"says where the image's environment came from"

aud "$B" 580.95.05
is "$(ids_img)" "[]" "no ld.so.cache in the image: the toolkit's hook does nothing"
# the image's loader cache, made by the real ldconfig as an image build does
/sbin/ldconfig -r "$B/rootfs" 2>/dev/null || ldconfig -r "$B/rootfs"
check "the image has its ld.so.cache" test -s "$B/rootfs/etc/ld.so.cache"
aud "$B" 580.159.04
is "$(ids_img)" "[]" "on its compat library's own driver: nothing"
is "$RC" 0 "... and exit 0"

aud "$B" 580.95.05
is "$(ids_img)" "['IMAGE-COMPAT']" "on an older 580: forward compatibility"
is "$(sev IMAGE-COMPAT)" "['warning']" "a warning: it depends on the GPU"
like "$(titles "$OUT" IMAGE-COMPAT)" "error 804 .forward compatibility was attempted on non supported HW." \
	"804 off data-center GPUs"
is "$(evidence "$OUT" IMAGE-COMPAT 'its ELF note')" \
	"['CUDA 13.0, driver branches 535 550 565 570 575 580 (.note.cuda.fwd_compatibility)']" \
	"the note, read without loading the library"
like "$(evidence "$OUT" IMAGE-COMPAT 'loaded by')" \
	"enable-cuda-compat hook: the library's ELF note lists driver branch 580" \
	"the toolkit's hook loads it, by the note"
is "$(evidence "$OUT" IMAGE-COMPAT 'compat libcuda')" \
	"['/usr/local/cuda/compat/libcuda.so.580.159.04 (package cuda-compat-13-0)']" \
	"the library and the package that put it there"

# NVIDIA_DISABLE_REQUIRE: the check is skipped, the compat library decides
add_env "$B" NVIDIA_DISABLE_REQUIRE=true
aud "$B" 535.104.05
is "$(ids_img)" "['IMAGE-COMPAT']" "NVIDIA_DISABLE_REQUIRE: no refusal, the compat library runs"
is "$(sev IMAGE-COMPAT)" "['warning']" "branch 535 is in its note: 804 unless data-center"
aud "$B" 530.30.02
is "$(ids_img)" "['IMAGE-DRIVER-OLD']" "branch 530 is not in its note: the hook leaves it, CUDA 13 needs a newer driver"
aud "$B" 590.48.01
is "$(ids_img)" "[]" "a newer driver: the hook leaves the older compat library alone"
add_env "$B" LD_LIBRARY_PATH=/usr/local/cuda/compat
aud "$B" 590.48.01
is "$(sev IMAGE-COMPAT)" "['error']" "... unless the image puts it on its own path"
like "$(titles "$OUT" IMAGE-COMPAT)" "580.159.04 is older than driver 590.48.01: CUDA fails with error 803" \
	"an older compat library: 803"
like "$(evidence "$OUT" IMAGE-COMPAT 'loaded by')" "LD_LIBRARY_PATH" \
	"loaded through LD_LIBRARY_PATH"
aud "$B" 530.30.02
like "$(titles "$OUT" IMAGE-COMPAT)" "does not support driver branch 530: CUDA fails with error 803" \
	"on the path over a branch its note does not list: 803"

# a note of another owner, or one whose size runs past its section, is no
# note (cuda-elf-header.go): the hook's older rule, by the major number
B=$W/badnote
mk_bundle "$B" CUDA_VERSION=13.0.2 NVIDIA_DISABLE_REQUIRE=1
mk_compat "$B/rootfs" /usr/local/cuda-13.0/compat 580.159.04 13.0 580
python3 -c 'import struct, sys
n = b"Other Corporation\0"
d = b"{\"CUDA Version\": \"13.0\", \"driver\": [550]}\0"
pad = lambda b: b + b"\0" * (-len(b) % 4)
open(sys.argv[1], "wb").write(struct.pack("<III", len(n), len(d), 1)
    + pad(n) + pad(d))' "$W/note2"
objcopy --update-section .note.cuda.fwd_compatibility="$W/note2" \
	"$B/rootfs/usr/local/cuda-13.0/compat/libcuda.so.580.159.04"
ln -s cuda-13.0 "$B/rootfs/usr/local/cuda"
/sbin/ldconfig -r "$B/rootfs" 2>/dev/null || ldconfig -r "$B/rootfs"
aud "$B" 550.54.15
is "$(evidence "$OUT" IMAGE-COMPAT 'its ELF note')" "[]" \
	"another owner's note is not read (its branch list would have said 550)"
like "$(evidence "$OUT" IMAGE-COMPAT 'loaded by')" "branch 580 above the host's 550" \
	"the hook's rule without a note: the major number"

# ---- the nvidia/cuda 12.4.1 image's requirement and its brand list ------
B=$W/cuda124
mk_bundle "$B" CUDA_VERSION=12.4.1 "NVIDIA_REQUIRE_CUDA=$T124"
aud "$B" 550.54.15
is "$(ids_img)" "[]" "12.4.1 image on 550.54.15: starts"
aud "$B" 535.104.05
is "$(sev IMAGE-REQUIRE)" "['warning']" "on 535: only some brands"
is "$(evidence "$OUT" IMAGE-REQUIRE 'refused on')" "['NVS, GRID']" \
	"refused on the brands its list does not name"
like "$(evidence "$OUT" IMAGE-REQUIRE 'starts on')" "Quadro, Tesla, GeForce, TITAN, Unknown .NVML" \
	"starts on the others"
aud "$B" 530.30.02
is "$(sev IMAGE-REQUIRE)" "['error']" "on 530: refused on every GPU"
like "$(evidence "$OUT" IMAGE-REQUIRE 'toolkit says')" \
	"unsatisfied condition: cuda>=12.4, please update your driver" \
	"the message names the first alternative"

aud "$B" 390.157
is "$(ids_img)" "['IMAGE-DRIVER-OLD']" \
	"a driver older than every release the index knows: its requirement not judged, its CUDA floor is"

# ---- a legacy image: CUDA_VERSION alone ---------------------------------
B=$W/legacy
mk_bundle "$B" CUDA_VERSION=12.6.3
aud "$B" 550.54.15
like "$(titles "$OUT" IMAGE-REQUIRE)" "unsatisfied condition: cuda>=12.6, please update" \
	"CUDA_VERSION=12.6.3: the toolkit requires cuda>=12.6"

# ---- IMAGE-DRIVER-OLD: a CUDA 13 image with the check off, no compat ----
B=$W/old
mk_bundle "$B" CUDA_VERSION=13.0.2 NVIDIA_DISABLE_REQUIRE=1
aud "$B" 550.54.15
is "$(ids_img)" "['IMAGE-DRIVER-OLD']" "CUDA 13 on 550, nothing to save it"
like "$(titles "$OUT" IMAGE-DRIVER-OLD)" "needs driver 580.65.06 or newer.*error 35" \
	"the CUDA 13 floor and error 35"
aud "$B" 580.65.06
is "$(ids_img)" "[]" "on the floor's own driver: nothing"

# PyTorch built for CUDA 13.0 in a python image (no CUDA_VERSION): its
# own words, with the driver's CUDA as the integer it prints
B=$W/torch
mk_bundle "$B" PYTHONPATH=
P=/usr/local/lib/python3.12/site-packages
mkdir -p "$B/rootfs$P/torch/" "$B/rootfs$P/torch-2.9.0+cu130.dist-info"
printf 'Name: torch\nVersion: 2.9.0+cu130\n' \
	>"$B/rootfs$P/torch-2.9.0+cu130.dist-info/METADATA"
printf "cuda = '13.0'\n" >"$B/rootfs$P/torch/version.py"
aud "$B" 550.54.15
like "$(titles "$OUT" IMAGE-DRIVER-OLD)" \
	"torch 2.9.0\+cu130 in .* needs driver 580.65.06 or newer; driver 550.54.15 is older: PyTorch says 'The NVIDIA driver on your system is too old \(found version 12040\)'" \
	"a framework in the image: PyTorch's own words"

# ---- IMAGE-DRIVER-LIBS: a driver package in the image --------------------
B=$W/baked
mk_bundle "$B" CUDA_VERSION=12.4.1 "NVIDIA_REQUIRE_CUDA=cuda>=12.4"
R=$B/rootfs
mk_lib "$R$L/libnvidia-ml.so.550.54.15" libnvidia-ml.so.1
ln -s libnvidia-ml.so.550.54.15 "$R$L/libnvidia-ml.so.1"
mk_lib "$R$L/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R$L/libcuda.so.1"
mkdir -p "$R/var/lib/dpkg/info"
printf '%s\n' "$L/libnvidia-ml.so.550.54.15" "$L/libnvidia-ml.so.1" \
	"$L/libcuda.so.550.54.15" "$L/libcuda.so.1" \
	>"$R/var/lib/dpkg/info/libnvidia-compute-550:amd64.list"
printf 'Package: libnvidia-compute-550\nStatus: install ok installed\nArchitecture: amd64\nVersion: 550.54.15-0ubuntu1\n\n' \
	>"$R/var/lib/dpkg/status"
aud "$B" 550.54.15
is "$(ids_img)" "['IMAGE-DRIVER-LIBS']" "driver libraries in the image"
unlike "$(finding_ids "$OUT")" "NO-DRIVER|NO-MODULE" \
	"an image is not told to load a kernel module or install a driver"
is "$(sev IMAGE-DRIVER-LIBS)" "['error']" "an error"
is "$(evidence "$OUT" IMAGE-DRIVER-LIBS 'driver library')" \
	"[\"$L/libcuda.so.550.54.15 (package libnvidia-compute-550): the host's own file name, where the toolkit's mount fails with 'file exists'\", \"$L/libnvidia-ml.so.550.54.15 (package libnvidia-compute-550): the host's own file name, where the toolkit's mount fails with 'file exists'\"]" \
	"each file once, its package, and the collision with the host's"
is "$(fix_command "$OUT" IMAGE-DRIVER-LIBS)" \
	"in the Dockerfile: RUN apt-get purge -y libnvidia-compute-550 (or install what pulled them in without it)" \
	"fix: purge the package in the Dockerfile"
aud "$B" 570.124.06
unlike "$(evidence "$OUT" IMAGE-DRIVER-LIBS 'driver library')" "file exists" \
	"another host driver: no collision claimed, still an error"
cds --root "$R" doctor --json
is "$(ids_img)" "[]" "without --driver: not judged as an image"

ROOTS=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/roots
if [ -d "$ROOTS/bookworm-nvidia/var/lib/dpkg" ]; then
	cds --root "$ROOTS/bookworm-nvidia" doctor --driver 535.261.03 --json
	like "$(fix_command "$OUT" IMAGE-DRIVER-LIBS)" \
		"apt-get purge -y .*libcuda1 libnvidia-ml1 " \
		"Debian's driver packages in a debootstrap root, by dpkg"
	unlike "$(finding_ids "$OUT")" "NO-MODULE" \
		"... and no advice to load the module in an image"
else
	skip 2 "no cached bookworm-nvidia root (tests/realworld/mkroot.sh)"
fi

# ---- IMAGE-LD-PATH -------------------------------------------------------
B=$W/ldpath
mk_bundle "$B" CUDA_VERSION=12.4.1 LD_LIBRARY_PATH=/opt/app/lib
printf '/usr/local/nvidia/lib\n/usr/local/nvidia/lib64\n' \
	>"$B/rootfs/etc/ld.so.conf.d/nvidia.conf"
aud "$B" 550.54.15
is "$(ids_img)" "['IMAGE-LD-PATH']" "an LD_LIBRARY_PATH over the base's"
is "$(fix_command "$OUT" IMAGE-LD-PATH)" \
	"keep the base image's entries: ENV LD_LIBRARY_PATH=/opt/app/lib:/usr/local/nvidia/lib:/usr/local/nvidia/lib64" \
	"fix: keep the driver's directories"
mk_bundle "$B" CUDA_VERSION=12.4.1 \
	LD_LIBRARY_PATH=/usr/local/nvidia/lib:/usr/local/nvidia/lib64
aud "$B" 550.54.15
is "$(ids_img)" "[]" "the base's LD_LIBRARY_PATH: silent"
rm "$B/config.json"
aud "$B" 550.54.15
is "$(ids_img)" "[]" "no image configuration: this process's environment is not judged"

# ---- inside a running container: the host's module is the driver ---------
# A mount namespace of its own: the module's /proc entry on a tmpfs (as a
# container sees the host's), podman's marker on a tmpfs /run, the image's
# variables in the environment; doctor without --root.
incont() {	# incont VAR=VALUE...: doctor --json there
	unshare -m sh -c 'mount -t tmpfs none /proc/driver &&
		mkdir /proc/driver/nvidia &&
		printf "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:21:06 UTC 2024\n" \
			>/proc/driver/nvidia/version &&
		mount -t tmpfs none /run && : >/run/.containerenv || exit 9
		shift; exec env -i PATH=/usr/bin:/bin HOME=/nonexistent "$@"' \
		sh x "$@" "$CDS_BIN" --manifest "$M" doctor --json \
		>"$W/in.out" 2>"$W/in.err"
	RC=$?
	OUT=$(cat "$W/in.out")
}
if [ -d /proc/driver ] && unshare -m true 2>/dev/null; then
	incont "NVIDIA_REQUIRE_CUDA=cuda>=13.0"
	like "$(titles "$OUT" IMAGE-REQUIRE)" \
		"would refuse this container's image with the GPU on driver 550.54.15: unsatisfied condition: cuda>=13.0, please update" \
		"in a container: the host's module against the image's requirement"
	is "$(evidence "$OUT" IMAGE-REQUIRE driver)" \
		"[\"550.54.15 (the host's kernel module (/proc/driver/nvidia/version))\"]" \
		"the driver read from the module's /proc entry"
	incont "NVIDIA_REQUIRE_CUDA=cuda>=12.4"
	is "$(ids_img)" "[]" "a requirement the host meets: nothing"
else
	skip 3 "no mount namespace here"
fi

# ---- the other configuration shapes, and a bad one ------------------------
R=$(mk_sysroot); cleanup_later "$R" "$R.cfg"
mkdir -p "$R.cfg"
mv "$R" "$R.cfg/root"
R=$R.cfg/root
printf '[{"Id": "sha256:0", "Config": {"Env": ["NVIDIA_REQUIRE_CUDA=cuda>=13.0"]}}]\n' \
	>"$(dirname "$R")/config.json"
cds --manifest "$M" --root "$R" doctor --driver 550.54.15 --json
is "$(evidence "$OUT" IMAGE-REQUIRE 'toolkit says')" \
	"['nvidia-container-cli: requirement error: $MSG']" "docker inspect's answer read"
printf '{"architecture": "amd64", "config": {"Env": ["NVIDIA_REQUIRE_CUDA=cuda>=13.0"]}}\n' \
	>"$(dirname "$R")/config.json"
cds --root "$R" doctor --driver 550.54.15 --json
is "$(ids_img)" "['IMAGE-REQUIRE']" "an OCI image configuration read"
printf '{"process": {}}\n' >"$(dirname "$R")/config.json"
cds --root "$R" doctor --driver 550.54.15
is "$RC" 2 "a config.json without an environment: usage error"
like "$ERR" "config.json: neither a runtime bundle's configuration" \
	"... naming the file and what it lacks"
cds --root "$R" doctor --driver 550.x
is "$RC" 2 "--driver 550.x: exit 2"
like "$ERR" "--driver 550.x: not a driver version" "... with the reason"

done_testing
