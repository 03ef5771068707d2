#!/bin/sh
# Containers, each situation built for real (research containers.md, e):
# doctor's Container section and doctor --json's "container" object
# (runtime, the GPU's way in, the evidence) for trees of each runtime
# under --root; the CDS_CONTAINER override; the legacy hook's marks made
# in a mount and pid namespace (a fresh procfs, a tmpfs copy over
# /proc/driver/nvidia, driver files bound in read-only, /dev/nvidiactl
# bound from the host) and CDI's (its ld.so.conf.d file, its variables);
# the passthrough judged from /dev/nvidiactl's real open(): absent
# (CTR-NO-GPU, the fix per runtime; gVisor's sandbox, CTR-GVISOR), denied by a v1 devices cgroup
# (CTR-CGROUP), a node with no driver made by mknod (CTR-NODE), a
# non-root user without the device's permission in a rootless podman
# (CTR-PERM), NVIDIA_DRIVER_CAPABILITIES without compute (CTR-CAPS), the
# device without the libraries (CTR-NO-LIBS); never "install the driver"
# inside.  On a host with an engine and a driver: the container toolkit
# (CTK-MISSING, CTK-DOCKER, CTK-CONTAINERD), the CDI spec against the
# loaded driver (CTK-CDI), the /dev/char links (CTK-DEV-CHAR) and toolkit
# releases whose behaviour changed, read from dpkg (CTK-VERSION: 1.17.4-6,
# 1.18.x, 1.19.1), the toolkit's no-cgroups under a rootful docker
# (CTK-NO-CGROUPS), the ldconfig its hook runs (CTK-LDCONFIG); explain of
# a rootless engine's refused device cgroup (CTR-ROOTLESS).  A host
# that is no container and has no engine says nothing new.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 146

# The variables of the machine running the tests stay out of the trees'.
unset CDS_CONTAINER KUBERNETES_SERVICE_HOST APPTAINER_CONTAINER \
	SINGULARITY_CONTAINER NVIDIA_VISIBLE_DEVICES \
	NVIDIA_DRIVER_CAPABILITIES NVIDIA_CTK_LIBCUDA_DIR container
LIB=/usr/lib/x86_64-linux-gnu
# torch's words (research containers.md, b, row 11)
TORCH='Found no NVIDIA driver on your system'
VERSION_LINE='NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024'

mk_module() {	# mk_module ROOT: the module's /proc entry as a plain file
	mkdir -p "$1/proc/driver/nvidia"
	printf '%s\n' "$VERSION_LINE" >"$1/proc/driver/nvidia/version"
}
ldconf() {	# ldconf ROOT: the loader searches $LIB
	mkdir -p "$1/etc/ld.so.conf.d"
	echo "include /etc/ld.so.conf.d/*.conf" >"$1/etc/ld.so.conf"
	echo "$LIB" >"$1/etc/ld.so.conf.d/x86_64-linux-gnu.conf"
}
ct() { jget "$OUT" "d['container']$1"; }
ids() { jget "$OUT" '[f["id"] for f in d["findings"] if f["id"].startswith(("CTR-", "CTK-", "NO-DRIVER", "ENV-NVIDIA"))]'; }
ev_values() { jget "$OUT" '[e["value"] for e in d["container"]["evidence"]]'; }

# ---- a host that is no container ------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_module "$R"
cds --root "$R" doctor --json
is "$(ct "['runtime']"), $(ct "['gpu_mechanism']"), $(ct "['nvidiactl']")" "none, None, None" "host: runtime none, no mechanism, nothing opened"
is "$(ids)" "['NO-DRIVER']" "host: NO-DRIVER as before, nothing of containers"
like "$(fix_command "$OUT" NO-DRIVER)" "install the user-space driver package of version 550.54.15" "host: NO-DRIVER still says install the user-space driver"
cds --root "$R" doctor
unlike "$OUT" "^Container" "host without an engine: no Container section"
cds --root "$R" explain --json "$TORCH"
unlike "$(jget "$OUT" 'd["cause_here"]')" "container" "explain on the host: no container cause"

# ---- the override ----------------------------------------------------------
CDS_CONTAINER=docker cds --root "$R" doctor --json
is "$(ct "['runtime']"), $(ct "['overridden']")" "docker, True" "CDS_CONTAINER=docker: taken, and said"
is "$(ev_values)" "['CDS_CONTAINER=docker']" "the override is the evidence"
: >"$R/.dockerenv"
CDS_CONTAINER=none cds --root "$R" doctor --json
is "$(ct "['runtime']"), $(ids)" "none, ['NO-DRIVER']" "CDS_CONTAINER=none over /.dockerenv: a host"
CDS_CONTAINER=lxc cds --root "$R" doctor
is "$RC" 2 "CDS_CONTAINER=lxc: a usage error"
like "$ERR" "CDS_CONTAINER=lxc: not a runtime this knows .*unset it" "it names the value, the runtimes and what to do"
rm -f "$R/.dockerenv"

# ---- the host's driver too old for the image's CUDA (row 13) ---------------
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/usr/local/cuda-12.4.1"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.82.01  Tue Oct 26 21:35:24 UTC 2021\n' \
	>"$R/proc/driver/nvidia/version"
printf '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}\n' >"$R/usr/local/cuda-12.4.1/version.json"
ln -s cuda-12.4.1 "$R/usr/local/cuda"
cds --root "$R" doctor --json
like "$(fix_command "$OUT" F16)" "^upgrade the NVIDIA driver to 525.60.13" "F16 on a host: upgrade the driver, as before"
: >"$R/.dockerenv"
cds --root "$R" doctor --json
like "$(fix_command "$OUT" F16)" "^on the host: upgrade the NVIDIA driver to 525.60.13 .*or in the image: a build for an older CUDA" "F16 in a container: the host's driver, or the image"

# ---- runtimes and mechanisms from --root trees -----------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_module "$R"
: >"$R/.dockerenv"
cds --root "$R" doctor
like "$OUT" "^Container" "docker: the Container section"
like "$OUT" "runtime +docker" "docker: named"
like "$OUT" "/dev/nvidiactl +ENOENT +not passed into the container" "docker: /dev/nvidiactl's open"
unlike "$OUT" "install the user-space driver" "docker: never install the driver inside"
# gVisor: the version its kernel reports (pkg/sentry/kernel/version.go),
# its marker file where runsc exposes it (pkg/gvisordetect)
printf 'Linux version 4.4.0 #1 SMP Sun Jan 10 15:06:54 PST 2016\n' >"$R/proc/version"
cds --root "$R" doctor --json
is "$(ct "['sandbox']"), $(ids)" "gvisor, ['CTR-NO-GPU', 'CTR-GVISOR']" "gVisor's kernel version: the sandbox named, a note beside CTR-NO-GPU"
like "$(fix_command "$OUT" CTR-NO-GPU)" "under gVisor: runsc passes the GPU only with --nvproxy .*--runtime=runsc --gpus all" "CTR-NO-GPU under gVisor: nvproxy, not the NVIDIA runtime alone"
like "$(evidence "$OUT" CTR-GVISOR sandbox)" 'PST 2016' "what told: the version line"
cds --root "$R" doctor
like "$OUT" "sandbox +gvisor" "the Container section names the sandbox"
printf 'Linux version 5.15.0-gvisor #1 SMP Sun Jan 10 15:06:54 PST 2016\n' >"$R/proc/version"
cds --root "$R" doctor --json
is "$(ct "['sandbox']")" gvisor "a later runsc's release, -gvisor"
printf 'Linux version 4.4.0-210-generic (buildd@lgw01-amd64-009) (gcc version 5.4.0 20160609 (Ubuntu 5.4.0-6ubuntu1~16.04.12) ) #242-Ubuntu SMP Fri Apr 16 09:57:56 UTC 2021\n' >"$R/proc/version"
cds --root "$R" doctor --json
is "$(ct "['sandbox']"), $(ids)" "None, ['CTR-NO-GPU']" "Ubuntu 16.04's own 4.4.0 kernel: no sandbox, no note"
unlike "$(fix_command "$OUT" CTR-NO-GPU)" "nvproxy" "no gVisor: no nvproxy in the fix"
mkdir -p "$R/proc/gvisor"
: >"$R/proc/gvisor/kernel_is_gvisor"
cds --root "$R" doctor --json
is "$(ct "['sandbox']")" gvisor "gVisor's marker file"
rm -rf "$R/proc/gvisor" "$R/proc/version"
mkdir -p "$R/run"
printf 'engine="podman-5.4.2"\nrootless=1\n' >"$R/run/.containerenv"
cds --root "$R" doctor --json
is "$(ct "['runtime']"), $(ct "['rootless']")" "podman, True" "/run/.containerenv: podman, rootless=1 read"
rm -rf "$R/run/.containerenv" "$R/.dockerenv"
KUBERNETES_SERVICE_HOST=10.96.0.1 cds --root "$R" doctor --json
is "$(ct "['runtime']")" kubernetes "KUBERNETES_SERVICE_HOST: kubernetes"
NVIDIA_VISIBLE_DEVICES=/var/run/nvidia-container-devices KUBERNETES_SERVICE_HOST=10.96.0.1 cds --root "$R" doctor --json
is "$(ct "['gpu_mechanism']")" device-plugin "the device plugin's volume-mounts variable"
R2=$(mk_sysroot); cleanup_later "$R2"
mk_module "$R2"
mk_solib "$R2/.singularity.d/libs/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R2/.singularity.d/libs/libcuda.so.1"
mkdir -p "$R2/dev"
mknod "$R2/dev/nvidiactl" c 1 3 2>/dev/null || : >"$R2/dev/nvidiactl"
LD_LIBRARY_PATH=/.singularity.d/libs APPTAINER_CONTAINER=/home/user/pytorch.sif cds --root "$R2" doctor --json
is "$(ct "['runtime']"), $(ct "['gpu_mechanism']")" "apptainer, apptainer-nv" "apptainer --nv: /.singularity.d/libs/libcuda.so.1"
is "$(ids)" "[]" "apptainer --nv with the device: nothing wrong"
R3=$(mk_sysroot); cleanup_later "$R3"
mkdir -p "$R3/usr/lib/wsl/lib" "$R3/dev"
: >"$R3/dev/dxg"
mk_solib "$R3/usr/lib/wsl/lib/libcuda.so.1" libcuda.so.1
mk_solib "$R3/usr/lib/wsl/lib/libdxcore.so" libdxcore.so
cds --root "$R3" doctor --json
is "$(ct "['runtime']"), $(ct "['gpu_mechanism']"), $(ids)" "wsl2, wsl, []" "WSL2 without a container: wsl2, its own way in, no container finding"
: >"$R3/.dockerenv"
cds --root "$R3" doctor --json
is "$(ct "['runtime']"), $(ct "['gpu_mechanism']"), $(ids)" "docker, wsl, []" "docker on WSL2: /dev/dxg, no /dev/nvidiactl asked for"

# ---- in namespaces: the legacy hook and CDI ------------------------------
# ns_cds SETUP ARGS...: cds ARGS... in a new mount and pid namespace, after
# the shell commands SETUP ran there
ns_cds() {
	_setup=$1
	shift
	_o=$(mktemp) _e=$(mktemp)
	unshare -m -p -f --propagation private sh -ec "$_setup
exec \"\$@\"" ns "$CDS_BIN" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
}
# the host's /proc/driver/nvidia in the namespace's own procfs: a tmpfs over
# /proc/driver (this machine has no module), and MASK: the legacy hook's
# tmpfs copy over /proc/driver/nvidia
proc_setup() {	# proc_setup ROOT [mask]
	echo "mount -t proc proc '$1/proc'; mount -t tmpfs tmpfs '$1/proc/driver'"
	echo "mkdir '$1/proc/driver/nvidia'"
	[ "${2:-}" = mask ] && echo "mount -t tmpfs -o mode=0555 tmpfs '$1/proc/driver/nvidia'"
	echo "printf '%s\\n' '$VERSION_LINE' >'$1/proc/driver/nvidia/version'"
}
bind_ro() {	# bind_ro HOSTFILE TARGET: as the legacy hook's mount_files
	echo "mount --bind '$1' '$2'; mount -o remount,bind,ro,nosuid,nodev '$2'"
}

if [ "$(id -u)" != 0 ] || ! unshare -m -p -f --propagation private true 2>/dev/null; then
	skip 38 "mount and pid namespaces need root and unshare"
else
	H=$(mktemp -d "${TMPDIR:-/tmp}/cds-host-XXXXXX"); cleanup_later "$H"
	mk_solib "$H/libcuda.so.550.54.15" libcuda.so.1
	mk_solib "$H/libnvidia-ml.so.550.54.15" libnvidia-ml.so.1

	# legacy hook, healthy: docker run --gpus all
	R=$(mk_sysroot); cleanup_later "$R"
	ldconf "$R"
	: >"$R/.dockerenv"
	: >"$R$LIB/libcuda.so.550.54.15"
	ln -s libcuda.so.550.54.15 "$R$LIB/libcuda.so.1"
	mkdir -p "$R/dev"
	: >"$R/dev/nvidiactl"
	SETUP="$(proc_setup "$R" mask)
$(bind_ro "$H/libcuda.so.550.54.15" "$R$LIB/libcuda.so.550.54.15")
mount --bind /dev/null '$R/dev/nvidiactl'"
	NVIDIA_VISIBLE_DEVICES=all ns_cds "$SETUP" --root "$R" doctor --json
	is "$(ct "['runtime']"), $(ct "['gpu_mechanism']"), $(ct "['nvidiactl']"), $(ct "['nvidiactl_chardev']")" \
		"docker, legacy-hook, ok, True" "legacy hook: found, and the bound device opens"
	like "$(ev_values)" "/proc/driver/nvidia is a tmpfs copy" "legacy: the tmpfs mask, from mountinfo"
	like "$(ev_values)" "$LIB/libcuda.so.550.54.15 bound in read-only \\(ro,nosuid,nodev" "legacy: the read-only bind, the root taken off its mount point"
	like "$(ev_values)" "/dev/nvidiactl bound in from the host" "legacy: the device's bind"
	is "$(jget "$OUT" 'd["driver"]["module_version"]')" 550.54.15 "the module read from the tmpfs copy"
	is "$(ids)" "[]" "legacy hook, all there: no finding"

	# the host's driver upgraded without a reboot (row 14): its newer
	# libraries mounted in over the old module: F19, fixed on the host
	mk_solib "$H/libcuda.so.570.133.20" libcuda.so.1
	: >"$R$LIB/libcuda.so.570.133.20"
	ln -sf libcuda.so.570.133.20 "$R$LIB/libcuda.so.1"
	SETUP2="$(proc_setup "$R" mask)
$(bind_ro "$H/libcuda.so.570.133.20" "$R$LIB/libcuda.so.570.133.20")
mount --bind /dev/null '$R/dev/nvidiactl'"
	ns_cds "$SETUP2" --root "$R" doctor --json
	is "$(ct "['driver_mounts']")" "['$LIB/libcuda.so.570.133.20']" "the mounted driver library listed"
	like "$(evidence "$OUT" F19 'fix on')" "the host: its driver's libraries, mounted in" "F19 of a mounted library: the host's side"
	like "$(fix_command "$OUT" F19)" "^on the host: sudo reboot" "reboot the host, not the container"
	# the same version as the image's own file (row 9): fixed in the image
	rm -f "$R$LIB/libcuda.so.570.133.20"
	mk_solib "$R$LIB/libcuda.so.570.133.20" libcuda.so.1
	ns_cds "$(proc_setup "$R" mask)
mount --bind /dev/null '$R/dev/nvidiactl'" --root "$R" doctor --json
	like "$(fix_command "$OUT" F19)" "^in the image: remove the driver's libraries" "F19 of the image's own library: fixed in the image"
	ns_cds "$(proc_setup "$R" mask)
mount --bind /dev/null '$R/dev/nvidiactl'" --root "$R" explain --json \
		"Failed to initialize NVML: Driver/library version mismatch"
	is "$(jget "$OUT" 'd["id"], d["cause_here"]')" "('F19', \"the container's image carries driver libraries of its own\")" \
		"explain: NVML's mismatch in a container whose image carries the driver's libraries"
	unlike "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"]]')" "apt-mark hold|sudo reboot" "no reboot or apt-mark inside the container"
	rm -f "$R$LIB/libcuda.so.570.133.20"
	ln -sf libcuda.so.550.54.15 "$R$LIB/libcuda.so.1"

	# the same without the tmpfs mask and with CDI's marks
	mkdir -p "$R/etc/ld.so.conf.d"
	: >"$R/etc/ld.so.conf.d/00-nvcr-2291866402.conf"
	rm -f "$R/dev/nvidiactl"
	mknod "$R/dev/nvidiactl" c 1 3	# made by the runtime: not a bind
	SETUP="$(proc_setup "$R")
$(bind_ro "$H/libcuda.so.550.54.15" "$R$LIB/libcuda.so.550.54.15")"
	NVIDIA_VISIBLE_DEVICES=void NVIDIA_CTK_LIBCUDA_DIR=$LIB ns_cds "$SETUP" --root "$R" doctor --json
	is "$(ct "['gpu_mechanism']"), $(ct "['nvidiactl']")" "cdi, ok" "CDI: its ld.so.conf.d file and variables"
	like "$(ev_values)" "00-nvcr-2291866402.conf" "CDI: the file named"
	is "$(ids)" "[]" "CDI sets NVIDIA_VISIBLE_DEVICES=void itself: no ENV-NVIDIA-VISIBLE"
	rm -f "$R/etc/ld.so.conf.d/00-nvcr-2291866402.conf"

	# one host directory mounted read-only at /usr/local/nvidia (GKE's
	# device plugin; the H200 machine's: a squashfs there), found through
	# LD_LIBRARY_PATH as the image sets it
	R=$(mk_sysroot); cleanup_later "$R"
	: >"$R/.dockerenv"
	mkdir -p "$H/nvidia/lib64" "$R/usr/local/nvidia" "$R/dev"
	cp "$H/libcuda.so.550.54.15" "$H/nvidia/lib64/"
	ln -s libcuda.so.550.54.15 "$H/nvidia/lib64/libcuda.so.1"
	mknod "$R/dev/nvidiactl" c 1 3
	NVIDIA_VISIBLE_DEVICES=all LD_LIBRARY_PATH=/usr/local/nvidia/lib64 ns_cds "$(proc_setup "$R")
mount --bind '$H/nvidia' '$R/usr/local/nvidia'
mount -o remount,bind,ro,nosuid,nodev '$R/usr/local/nvidia'" --root "$R" doctor --json
	is "$(ct "['gpu_mechanism']"), $(ids)" "host-dir, []" "a host directory at /usr/local/nvidia: host-dir, nothing wrong"
	like "$(ev_values)" "/usr/local/nvidia mounted from the host \\(ro,nosuid,nodev" "its mount named"

	# docker run without --gpus on a GPU host (row 11)
	R=$(mk_sysroot); cleanup_later "$R"
	ldconf "$R"
	: >"$R/.dockerenv"
	ns_cds "$(proc_setup "$R")" --root "$R" doctor --json
	is "$RC" 1 "no GPU passed: exit 1"
	is "$(ids)" "['CTR-NO-GPU']" "CTR-NO-GPU, and no NO-DRIVER"
	is "$(titles "$OUT" CTR-NO-GPU)" "[\"this container was started without the GPU: the host's NVIDIA module 550.54.15 is loaded, but /dev/nvidiactl and libcuda.so.1 were not passed in\"]" "the missing pieces named"
	like "$(fix_command "$OUT" CTR-NO-GPU)" "docker run --gpus all .*NVIDIA_VISIBLE_DEVICES=all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility" "the host-side fix, with the variables an image not FROM nvidia/cuda lacks"
	like "$(evidence "$OUT" CTR-NO-GPU 'fix on')" "the host" "the side named"
	ns_cds "$(proc_setup "$R")" --root "$R" doctor
	unlike "$OUT" "install the user-space driver|libnvidia-compute" "never the driver inside a container"
	mkdir -p "$R/run"; : >"$R/run/.containerenv"
	ns_cds "$(proc_setup "$R")" --root "$R" doctor --json
	like "$(fix_command "$OUT" CTR-NO-GPU)" "podman run --device nvidia.com/gpu=all" "podman: CDI's device"
	rm -f "$R/run/.containerenv"
	KUBERNETES_SERVICE_HOST=10.96.0.1 ns_cds "$(proc_setup "$R")" --root "$R" doctor --json
	like "$(fix_command "$OUT" CTR-NO-GPU)" "nvidia.com/gpu: 1" "kubernetes: the pod's limit"
	APPTAINER_CONTAINER=/x.sif ns_cds "$(proc_setup "$R")" --root "$R" doctor --json
	like "$(fix_command "$OUT" CTR-NO-GPU)" "apptainer exec --nv" "apptainer: --nv"
	# explain of torch's words there: the container, not "no driver"
	ns_cds "$(proc_setup "$R")" --root "$R" explain --json "$TORCH"
	is "$(jget "$OUT" 'd["id"], d["cause_here"]')" "('NO-DRIVER', 'a container started without the GPU')" "explain: torch's no-driver text in this container: the container's cause"

	# capabilities without compute (row 10): NVML bound in, no libcuda
	R=$(mk_sysroot); cleanup_later "$R"
	ldconf "$R"
	: >"$R/.dockerenv"
	: >"$R$LIB/libnvidia-ml.so.550.54.15"
	ln -s libnvidia-ml.so.550.54.15 "$R$LIB/libnvidia-ml.so.1"
	mkdir -p "$R/dev"; : >"$R/dev/nvidiactl"
	SETUP="$(proc_setup "$R" mask)
$(bind_ro "$H/libnvidia-ml.so.550.54.15" "$R$LIB/libnvidia-ml.so.550.54.15")
mount --bind /dev/null '$R/dev/nvidiactl'"
	NVIDIA_VISIBLE_DEVICES=all NVIDIA_DRIVER_CAPABILITIES=utility ns_cds "$SETUP" --root "$R" doctor --json
	is "$(ids)" "['CTR-CAPS']" "utility only: CTR-CAPS"
	is "$(titles "$OUT" CTR-CAPS)" "['NVIDIA_DRIVER_CAPABILITIES=utility lacks compute: the runtime passed the GPU and NVML (nvidia-smi works) but not libcuda.so.1']" "what was passed, what was not"
	like "$(fix_command "$OUT" CTR-CAPS)" "NVIDIA_DRIVER_CAPABILITIES=compute,utility" "the fix adds compute"
	NVIDIA_VISIBLE_DEVICES=all NVIDIA_DRIVER_CAPABILITIES=compute,utility ns_cds "$SETUP" --root "$R" doctor --json
	is "$(ids)" "['CTR-NO-LIBS']" "compute given, the device without libcuda: CTR-NO-LIBS"
	like "$(fix_command "$OUT" CTR-NO-LIBS)" "not --device /dev/nvidia\\* alone" "the runtime, not bare --device"

	# explain's NCCL-SHM: the tmpfs on the container's /dev/shm, at
	# Docker's default size (64m) and at --shm-size=1g
	R=$(mk_sysroot); cleanup_later "$R"
	: >"$R/.dockerenv"
	mkdir -p "$R/dev/shm"
	shm='NCCL WARN Error: failed to extend /dev/shm/nccl-ja1jcc to 9637892 bytes'
	ns_cds "$(proc_setup "$R")
mount -t tmpfs -o size=64m,nosuid,nodev,noexec shm '$R/dev/shm'" --root "$R" explain --json "$shm"
	is "$(jget "$OUT" 'd["id"], d["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-SHM"]')" \
		"('NCCL-SHM', 0) [\"/dev/shm here is 64 MiB, a container engine's default\"]" "NCCL-SHM: the container's 64 MiB /dev/shm, cause 1 shown"
	like "$(evidence "$OUT" MSG-SHM mount)" "tmpfs on /dev/shm, rw,size=65536k" "NCCL-SHM: the mount as mountinfo has it"
	ns_cds "$(proc_setup "$R")
mount -t tmpfs -o size=1g shm '$R/dev/shm'" --root "$R" explain --json "$shm"
	is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "MSG-SHM"]')" "None ['note']" \
		"NCCL-SHM: a 1 GiB /dev/shm, a note, no cause claimed"

	# explain's DISK-FULL: the temporary directory's room (statvfs), a
	# tmpfs of 1 MiB on /tmp filled, then empty
	mkdir -p "$R/tmp"
	nospc='ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device'
	ns_cds "mount -t tmpfs -o size=1m tmp '$R/tmp'
dd if=/dev/zero of='$R/tmp/fill' bs=64k count=64 2>/dev/null || :" --root "$R" explain --json "$nospc"
	is "$(jget "$OUT" 'd["id"], d["verdict"]') $(jget "$OUT" '[f["evidence"][0]["value"] for f in d["findings"] if f["id"] == "MSG-DISK"]')" \
		"('DISK-FULL', 0) ['full']" "DISK-FULL: /tmp full here, cause 1 shown"
	ns_cds "mount -t tmpfs -o size=1m tmp '$R/tmp'" --root "$R" explain --json "$nospc"
	is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-DISK"]')" \
		"None ['the temporary directory /tmp has 1 MiB free of 1 MiB']" "DISK-FULL: room in /tmp, a note, no cause claimed"
fi

# ---- /dev/nvidiactl's errors --------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_module "$R"
ldconf "$R"
: >"$R/.dockerenv"
mk_solib "$R$LIB/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R$LIB/libcuda.so.1"
mkdir -p "$R/dev"
if [ "$(id -u)" != 0 ] || ! mknod "$R/dev/nvidiactl" c 195 255 2>/dev/null; then
	skip 15 "device nodes need root (mknod)"
else
	# ENXIO: a node of the NVIDIA major with no driver behind it (this
	# machine's kernel has none)
	cds --root "$R" doctor --json
	is "$(ct "['nvidiactl']"), $(ids)" "ENXIO, ['CTR-NODE']" "mknod'ed node, no driver: ENXIO, CTR-NODE"
	like "$(fix_command "$OUT" CTR-NODE)" "on the host: run cudnn-setup doctor" "the fix is the host's"

	# EPERM: a v1 devices cgroup that denies the NVIDIA major, as the
	# systemd cgroup driver leaves a container after daemon-reload (row 3)
	CG=/sys/fs/cgroup/devices
	if [ -w "$CG" ] && [ -f "$CG/devices.deny" ]; then
		CG=$CG/cds-test-$$
		mkdir "$CG"
		echo 'c 195:* rwm' >"$CG/devices.deny"
		in_cg() {	# in_cg ARGS...: cds ARGS... in the cgroup
			_o=$(mktemp)
			sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' \
				cg "$CG" "$CDS_BIN" "$@" >"$_o" 2>/dev/null </dev/null
			RC=$?
			OUT=$(cat "$_o"); rm -f "$_o"
		}
		in_cg --root "$R" explain --json 'Failed to initialize NVML: Unknown Error'
		is "$(jget "$OUT" 'd["id"], d["side"], d["cause_here"]')" "('CTR-CGROUP', 'host', 'the device cgroup denies /dev/nvidiactl in this container')" "explain of NVML's Unknown Error there: the cgroup, fixed on the host"
		in_cg --root "$R" doctor --json
		rmdir "$CG"
		is "$(ct "['nvidiactl']"), $(ids)" "EPERM, ['CTR-CGROUP']" "denied by the devices cgroup: EPERM, CTR-CGROUP"
		is "$RC" 1 "CTR-CGROUP: exit 1"
		like "$(fix_command "$OUT" CTR-CGROUP)" "on the host: sudo nvidia-ctk system create-dev-char-symlinks --create-all, then recreate the container" "NVIDIA's fix, on the host"
		like "$(fix_command "$OUT" CTR-CGROUP)" "native.cgroupdriver=cgroupfs" "or the cgroupfs driver"
	else
		skip 5 "no writable cgroup v1 devices controller here (cgroup v2 denies devices by eBPF)"
	fi

	# EACCES: a rootless podman's user without the device's permission
	rm -f "$R/dev/nvidiactl"
	mknod -m 0600 "$R/dev/nvidiactl" c 1 3
	mkdir -p "$R/run"
	printf 'engine="podman-5.4.2"\nrootless=1\n' >"$R/run/.containerenv"
	rm -f "$R/.dockerenv"
	chmod 755 "$R"
	if command -v setpriv >/dev/null 2>&1; then
		_o=$(mktemp); chmod 666 "$_o"
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$CDS_BIN" --root "$R" doctor --json >"$_o" 2>/dev/null </dev/null
		OUT=$(cat "$_o"); rm -f "$_o"
		is "$(ct "['runtime']"), $(ct "['nvidiactl']"), $(ct "['rootless']")" "podman, EACCES, True" "rootless, not the device's owner: EACCES"
		is "$(ids)" "['CTR-PERM']" "CTR-PERM"
		like "$(fix_command "$OUT" CTR-PERM)" "--group-add keep-groups" "the fix keeps the groups"
		like "$(evidence "$OUT" CTR-PERM rootless)" "yes" "rootless named"
	else
		skip 4 "setpriv is not here"
	fi
	# a user namespace that maps root to another uid: rootless, read from
	# the kernel's /proc/self/uid_map (this machine's own root: the
	# runtime named by the override)
	_o=$(mktemp); chmod 666 "$_o"
	if setpriv --reuid=65534 --regid=65534 --clear-groups unshare -U -r \
		env CDS_CONTAINER=podman HOME=/tmp "$CDS_BIN" doctor --json \
		>"$_o" 2>/dev/null </dev/null; [ -s "$_o" ]; then
		OUT=$(cat "$_o")
		is "$(ct "['rootless']")" True "a user namespace mapping root to 65534: rootless"
		like "$(ev_values)" "/proc/self/uid_map maps root to uid 65534" "the map is the evidence"
	else
		skip 2 "no user namespaces for an unprivileged user here"
	fi
	rm -f "$_o"
	# the healthy device for the same container: nothing
	cds --root "$R" doctor --json
	is "$(ct "['nvidiactl']"), $(ids)" "ok, []" "root opens it: no finding"
	chmod 700 "$R"
fi

# ---- on a host with a container engine ----------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_module "$R"
mkdir -p "$R/usr/bin" "$R/etc/docker" "$R/dev" "$R/sys/fs/cgroup"
mk_exec() { printf '#!/bin/sh\n' >"$1"; chmod 755 "$1"; }
mk_exec "$R/usr/bin/dockerd"
cds --root "$R" doctor --json
is "$(ct "['runtime']"), $(ct "['engines']")" "none, ['docker']" "host: docker found"
is "$(ids)" "['NO-DRIVER', 'CTK-MISSING']" "docker and a driver, no toolkit: CTK-MISSING"
like "$(titles "$OUT" CTK-MISSING)" "docker is here but not the NVIDIA Container Toolkit" "named"
like "$(fix_command "$OUT" CTK-MISSING)" "apt-get install nvidia-container-toolkit .*nvidia-ctk runtime configure --runtime=docker" "install and configure"
cds --root "$R" doctor
like "$OUT" "engine +docker \\(/usr/bin/dockerd\\)" "the Container section names the engine"
cds --root "$R" explain --json 'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]]'
is "$(jget "$OUT" 'd["id"], d["side"], d["cause_here"]')" "('CTR-RUNTIME', 'host', 'the NVIDIA Container Toolkit is not installed on the host')" "explain of docker's --gpus error here: the toolkit is missing"
mk_exec "$R/usr/bin/nvidia-ctk"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-DOCKER']" "toolkit, no nvidia runtime in daemon.json: a note"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-DOCKER"]')" "['note']" "only a note: --gpus works"
cat >"$R/etc/docker/daemon.json" <<'EOF'
{
    "runtimes": {
        "nvidia": {
            "args": [],
            "path": "nvidia-container-runtime"
        }
    }
}
EOF
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "configured: silent"

# /dev/char links with the systemd cgroup driver (row 3, on the host)
if [ "$(id -u)" = 0 ] && mknod "$R/dev/nvidiactl" c 195 255 2>/dev/null; then
	: >"$R/sys/fs/cgroup/cgroup.controllers"
	cds --root "$R" doctor --json
	is "$(ids)" "['NO-DRIVER', 'CTK-DEV-CHAR']" "cgroup v2, no /dev/char link: CTK-DEV-CHAR"
	is "$(evidence "$OUT" CTK-DEV-CHAR 'cgroup driver')" "[\"systemd (docker's default on cgroup v2)\"]" "the cgroup driver and how it is known"
	is "$(fix_command "$OUT" CTK-DEV-CHAR)" "sudo nvidia-ctk system create-dev-char-symlinks --create-all" "NVIDIA's command"
	mkdir -p "$R/dev/char"
	ln -s ../nvidiactl "$R/dev/char/195:255"
	cds --root "$R" doctor --json
	is "$(ids)" "['NO-DRIVER']" "the link there: silent"
	rm -f "$R/dev/char/195:255"
	printf '{ "exec-opts": ["native.cgroupdriver=cgroupfs"], "runtimes": { "nvidia": { "path": "nvidia-container-runtime" } } }\n' >"$R/etc/docker/daemon.json"
	cds --root "$R" doctor --json
	is "$(ids)" "['NO-DRIVER']" "the cgroupfs driver: no link needed"
else
	skip 5 "device nodes need root (mknod)"
fi

# CDI specs against the loaded driver (row 7)
mk_exec "$R/usr/bin/podman"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-CDI']" "podman, no CDI spec: CTK-CDI"
like "$(titles "$OUT" CTK-CDI)" "unresolvable CDI devices" "the failure it leads to"
cds --root "$R" explain --json 'Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all'
is "$(jget "$OUT" 'd["id"], d["side"], d["cause_here"]')" "('CTR-CDI', 'host', 'no CDI spec names the GPU on this host')" "explain of podman's CDI error here: no spec"
cds --root "$R" explain 'Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all'
like "$(printf "%s" "$OUT" | tr "\n" " " | tr -s " ")" "The fix is made on the host, not in the container: run .cudnn-setup doctor. on the host" "explain says which side"
mkdir -p "$R/etc/cdi"
cat >"$R/etc/cdi/nvidia.yaml" <<'EOF'
cdiVersion: 0.5.0
kind: nvidia.com/gpu
devices:
- name: all
  containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
containerEdits:
  deviceNodes:
  - path: /dev/nvidiactl
  mounts:
  - hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.183.01
    containerPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.183.01
    options:
    - ro
    - nosuid
    - nodev
    - bind
EOF
cds --root "$R" doctor --json
is "$(titles "$OUT" CTK-CDI)" "['the CDI spec /etc/cdi/nvidia.yaml was generated for driver 535.183.01; the loaded driver is 550.54.15']" "a stale spec: both versions"
is "$(fix_command "$OUT" CTK-CDI)" "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml" "regenerate it in place"
sed -i 's/535\.183\.01/550.54.15/g' "$R/etc/cdi/nvidia.yaml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "the spec matches the driver: silent"

# a Kubernetes node's containerd (row 15)
mk_exec "$R/usr/bin/containerd"
mk_exec "$R/usr/bin/kubelet"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-CONTAINERD']" "kubelet, containerd without an nvidia runtime: CTK-CONTAINERD"
mkdir -p "$R/etc/containerd"
printf '[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.nvidia]\n  runtime_type = "io.containerd.runc.v2"\n' >"$R/etc/containerd/config.toml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "its nvidia runtime there: silent"
# the toolkit release of NVIDIA/nvidia-container-toolkit#1967, as dpkg has it
mk_status() {	# mk_status VERSION
	mkdir -p "$R/var/lib/dpkg/info"
	for _p in nvidia-container-toolkit libnvidia-container1; do
		printf 'Package: %s\nStatus: install ok installed\nArchitecture: amd64\nVersion: %s\n\n' "$_p" "$1"
	done >"$R/var/lib/dpkg/status"
}
mk_status 1.19.1-1
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-VERSION']" "toolkit 1.19.1: CTK-VERSION"
like "$(fix_command "$OUT" CTK-VERSION)" "nvidia-container-toolkit=1.19.0-1 .*libnvidia-container1=1.19.0-1" "back to 1.19.0, as the issue found"
mk_status 1.19.0-1
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "1.19.0: silent"
sev() { jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-VERSION"]'; }
# 1.17.4 stopped using an image's compat libraries (PR #877, #934)
mk_status 1.17.4-1
cds --root "$R" doctor --json
is "$(ids), $(sev)" "['NO-DRIVER', 'CTK-VERSION'], ['note']" "toolkit 1.17.4: a note, no error"
like "$(titles "$OUT" CTK-VERSION)" "forward-compat libraries .* no longer used" "what changed: the image's compat libraries"
like "$(evidence "$OUT" CTK-VERSION known)" "#877 \\(CVE-2025-23359\\), #934" "with its sources"
like "$(fix_command "$OUT" CTK-VERSION)" "allow-cuda-compat-libs-from-container = true .* 1\\.17\\.7" "the feature flag, or 1.17.7"
mk_status 1.17.6-1
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-VERSION']" "1.17.6: still without compat libraries"
for v in 1.16.2-1 1.17.7-1 1.17.8-1; do
	mk_status $v
	cds --root "$R" doctor --json
	is "$(ids)" "['NO-DRIVER']" "$v: silent"
done
# 1.18 made jit-cdi the nvidia runtime's default (CHANGELOG, #1456)
mk_status 1.18.0-1
cds --root "$R" doctor --json
is "$(ids), $(sev)" "['NO-DRIVER', 'CTK-VERSION'], ['note']" "toolkit 1.18.0: a note"
like "$(titles "$OUT" CTK-VERSION)" "jit-cdi" "what changed: the runtime's mode"
like "$(fix_command "$OUT" CTK-VERSION)" "nvidia-container-runtime.mode=legacy" "back to legacy if a container fails"
mkdir -p "$R/etc/nvidia-container-runtime"
printf '[nvidia-container-runtime]\n#mode = "auto"\n' >"$R/etc/nvidia-container-runtime/config.toml"
mk_status 1.18.2-1
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER', 'CTK-VERSION']" "1.18.2, the mode only in a comment: the note"
printf '[nvidia-container-runtime]\nmode = "legacy"\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "the mode set in config.toml: silent"
rm -rf "$R/etc/nvidia-container-runtime"
mk_status 1.19.0-1
# no-cgroups, set for a rootless engine, under a rootful docker
# (NVIDIA/nvidia-docker#1608, NVIDIA/dcgm-exporter#440)
mkdir -p "$R/etc/nvidia-container-runtime"
printf '[nvidia-container-cli]\n#no-cgroups = false\nldconfig = "@/sbin/ldconfig"\n' >"$R/etc/nvidia-container-runtime/config.toml"
mkdir -p "$R/sbin" "$R/usr/sbin"
cp "$(command -v ldconfig || echo /sbin/ldconfig)" "$R/sbin/ldconfig"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "the toolkit's default config.toml: silent"
printf '[nvidia-container-cli]\nno-cgroups = true # rootless\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(ids), $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-NO-CGROUPS"]')" "['NO-DRIVER', 'CTK-NO-CGROUPS'], ['note']" "no-cgroups = true with docker: CTK-NO-CGROUPS, a note"
is "$(evidence "$OUT" CTK-NO-CGROUPS /etc/nvidia-container-runtime/config.toml)" "['[nvidia-container-cli] no-cgroups = true']" "the line, its comment dropped"
like "$(fix_command "$OUT" CTK-NO-CGROUPS)" "no-cgroups = false .* CDI" "off for a rootful engine, CDI for the rootless one"
cds --root "$R" explain --json 'Failed to initialize NVML: Unknown Error'
is "$(jget "$OUT" 'd["id"], d["cause_here"]')" "('CTR-CGROUP', None)" "explain, only a rootless docker: a note, no cause claimed"
mkdir -p "$R/etc/systemd/system/multi-user.target.wants"
ln -s /lib/systemd/system/docker.service "$R/etc/systemd/system/multi-user.target.wants/docker.service"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-NO-CGROUPS"]')" "['warning']" "the system's docker enabled: a warning"
cds --root "$R" explain --json 'Failed to initialize NVML: Unknown Error'
is "$(jget "$OUT" 'd["id"], d["side"], d["cause_here"]')" "('CTR-CGROUP', 'host', \"the toolkit's no-cgroups (set for a rootless engine) leaves a rootful engine's containers without device rules\")" "explain of NVML's Unknown Error on that host: no-cgroups"
printf '[nvidia-container-runtime]\nno-cgroups = true\n[nvidia-container-cli]\nno-cgroups = false\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "no-cgroups = false in its section (true only in another): silent"
rm -rf "$R/etc/systemd/system/multi-user.target.wants"
# the ldconfig the toolkit runs (its config.toml's, "@" the host's file;
# nvidia-container-toolkit's getLdConfigPath and NormalizeLDConfigPath)
printf '[nvidia-container-cli]\nldconfig = "@/sbin/ldconfig.real"\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "ldconfig.real named, only /sbin/ldconfig here: the toolkit runs that, silent"
mv "$R/sbin/ldconfig" "$R/usr/sbin/ldconfig"
cds --root "$R" doctor --json
is "$(ids), $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-LDCONFIG"]')" "['CTK-LDCONFIG', 'NO-DRIVER'], ['error']" "neither /sbin/ldconfig.real nor /sbin/ldconfig: CTK-LDCONFIG, an error"
is "$(evidence "$OUT" CTK-LDCONFIG /etc/nvidia-container-runtime/config.toml)" "['[nvidia-container-cli] ldconfig = \"@/sbin/ldconfig.real\"']" "the line it read"
is "$(evidence "$OUT" CTK-LDCONFIG "this host's ldconfig")" "['/usr/sbin/ldconfig']" "the ldconfig this host has"
is "$(fix_command "$OUT" CTK-LDCONFIG)" "sudo nvidia-ctk config --set nvidia-container-cli.ldconfig=@/usr/sbin/ldconfig --in-place" "the fix: the toolkit's own command, this host's path"
cds --root "$R" explain --json 'docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as '"'"'legacy'"'"'
nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: unknown.'
is "$(jget "$OUT" 'd["id"], d["side"]')" "('CTR-LDCONFIG', 'host')" "explain of the hook's ldcache error: CTR-LDCONFIG, the host's"
like "$(jget "$OUT" 'd["cause_here"]')" "is not on the host" "explain: the cause shown here, by doctor's finding"
printf '#!/bin/sh\nexec /sbin/ldconfig.real "$@"\n' >"$R/sbin/ldconfig"
printf '[nvidia-container-cli]\nldconfig = "@/sbin/ldconfig"\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTK-LDCONFIG"]')" "['warning']" "/sbin/ldconfig a script, no ldconfig.real: a warning"
is "$(evidence "$OUT" CTK-LDCONFIG /sbin/ldconfig)" "['a script (#!)']" "what it is"
cp "$R/usr/sbin/ldconfig" "$R/sbin/ldconfig.real"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "Ubuntu's layout (the script and ldconfig.real): the toolkit runs .real, silent"
rm -f "$R/sbin/ldconfig.real"
printf '[nvidia-container-cli]\nldconfig = "/sbin/ldconfig"\n' >"$R/etc/nvidia-container-runtime/config.toml"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "a path in the container's root (no @): not the host's to check"
rm -f "$R/sbin/ldconfig" "$R/usr/sbin/ldconfig"
rm -rf "$R/etc/nvidia-container-runtime"
rm -f "$R/usr/bin/nvidia-ctk"
cds --root "$R" doctor --json
like "$(evidence "$OUT" CTK-MISSING engines)" "docker, podman, containerd" "all the engines named"

cds --root "$R" explain --json 'nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/40c7fccee0aa8659243a8180389b333c9a6b85fac895a95207bfddca46df4fc6/merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.'
is "$(jget "$OUT" 'd["id"], d["side"]')" "('CTR-BAKED', 'container')" "driver libraries baked into the image: fixed in the image"

# a rootless engine's hook refused the device cgroup (libnvidia-container#154)
cds --root "$R" explain --json 'nvidia-container-cli: mount error: failed to add device rules: unable to find any existing device filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not permitted: unknown.'
is "$(jget "$OUT" 'd["id"], d["side"]')" "('CTR-ROOTLESS', 'host')" "cgroup v2 eBPF filter refused: rootless, fixed on the host"
cds --root "$R" explain 'nvidia-container-cli: mount error: open failed: /sys/fs/cgroup/devices/user.slice/devices.allow: permission denied'
like "$OUT" "no-cgroups" "cgroup v1 devices.allow refused: the toolkit's no-cgroups setting"
unlike "$OUT" "install the user-space driver" "never the driver inside"

# an engine on a host without an NVIDIA driver: nothing to say
rm -rf "$R/proc/driver"
cds --root "$R" doctor --json
is "$(ids)" "['NO-DRIVER']" "no driver: no toolkit advice"

done_testing
