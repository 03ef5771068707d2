#!/bin/sh
# Doctor's driver rules on fake roots: F20 (a GPU without its kernel
# module: DKMS for another kernel, nouveau, Secure Boot), STUB-LIBCUDA (a
# toolkit stub found at run time, through LD_LIBRARY_PATH or an ld.so.conf
# line that only the fix's sed deletes; harmless on LIBRARY_PATH), F17 (the
# forward-compatibility libcuda on a GeForce, and one copied out of compat/:
# error 803), F18 (NVSwitch without a
# matching fabric manager), F19 (module and NVML of different versions,
# with the apt history entry), F4 (cuDNN 8 without the libcuda.so link),
# NO-MODULE (the driver's libraries, found through Debian's /etc/
# alternatives chain, without a kernel module: the version from their
# file names, the dpkg package that owns them and the module package to
# install; F20 instead when a GPU is on the bus; the probe child's cuInit
# and NVML results with TEST DOUBLES of libcuda and NVML), GPU-XID (the
# Xids of this boot, from /dev/kmsg or /var/log/kern.log).
# Fix commands that change files are run inside the root.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 73

mk_pci() {	# mk_pci ROOT ADDR CLASS
	mkdir -p "$1/sys/bus/pci/devices/$2"
	echo 0x10de >"$1/sys/bus/pci/devices/$2/vendor"
	echo "$3" >"$1/sys/bus/pci/devices/$2/class"
}
ldconf() {	# ldconf ROOT DIR...: /etc/ld.so.conf.d/test.conf lists them
	_r=$1; shift
	mkdir -p "$_r/etc/ld.so.conf.d"
	echo "include /etc/ld.so.conf.d/*.conf" >"$_r/etc/ld.so.conf"
	printf '%s\n' "$@" >"$_r/etc/ld.so.conf.d/test.conf"
}

# ---- F20 ---------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_pci "$R" 0000:01:00.0 0x030000
mkdir -p "$R/proc/sys/kernel" "$R/var/lib/dkms/nvidia/550.54.15/6.5.0-14-generic/x86_64"
echo 6.8.0-40-generic >"$R/proc/sys/kernel/osrelease"
cds --root "$R" doctor --json
is "$RC" 1 "F20: exit 1"
is "$(finding_ids "$OUT")" "['F20']" "F20, not NO-DRIVER, when a GPU is on the bus"
is "$(evidence "$OUT" F20 GPU)" "['0000:01:00.0']" "F20 names the GPU's PCI address"
is "$(evidence "$OUT" F20 'DKMS nvidia builds')" "['550.54.15 for 6.5.0-14-generic']" "F20: what DKMS built"
is "$(evidence "$OUT" F20 cause)" "['no nvidia module was built for the running kernel 6.8.0-40-generic']" "F20: no module for the running kernel"
is "$(fix_command "$OUT" F20)" "sudo dkms install -m nvidia -v 550.54.15 -k 6.8.0-40-generic && sudo modprobe nvidia" "F20: the dkms command"
mkdir -p "$R/sys/module/nouveau" "$R/sys/firmware/efi/efivars"
printf '\006\000\000\000\001' >"$R/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
cds --root "$R" doctor --json
like "$(evidence "$OUT" F20 cause)" "nouveau driver is loaded" "F20: nouveau named"
like "$(evidence "$OUT" F20 cause)" "Secure Boot is on" "F20: Secure Boot named"
mk_driver "$R" 550.54.15
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F20" "module loaded: F20 gone"

# ---- STUB-LIBCUDA ------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_solib "$R/usr/local/cuda-12.4/lib64/stubs/libcuda.so" libcuda.so.1
ln -s libcuda.so "$R/usr/local/cuda-12.4/lib64/stubs/libcuda.so.1"
ln -s cuda-12.4 "$R/usr/local/cuda"
LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs cds --root "$R" doctor --json
is "$RC" 1 "stub on LD_LIBRARY_PATH: exit 1"
like "$(titles "$OUT" STUB-LIBCUDA)" "the stub /usr/local/cuda-12.4/lib64/stubs/libcuda.so is what the loader finds for libcuda.so.1" "STUB-LIBCUDA names the stub"
is "$(evidence "$OUT" STUB-LIBCUDA 'put first by')" "['LD_LIBRARY_PATH entry /usr/local/cuda/lib64/stubs']" "and the entry"
NEW=$(LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs:/opt/x sh -c "$(fix_command "$OUT" STUB-LIBCUDA); printf %s \"\$LD_LIBRARY_PATH\"")
is "$NEW" "/opt/x" "the fix keeps the other entries"
LD_LIBRARY_PATH=$NEW cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "STUB" "after the fix: gone"
LIBRARY_PATH=/usr/local/cuda/lib64/stubs cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "STUB" "on LIBRARY_PATH only (the linker's): no finding"
# ... through an ld.so.conf line whose path holds what a regular expression
# reads ('.', '[', '*', '&'): the fix deletes that line and no other, not
# the neighbour that the path read as a pattern would match
R=$(mk_sysroot); cleanup_later "$R"
D='/opt/cu.da[1]*&/stubs'
mk_solib "$R$D/libcuda.so" libcuda.so.1
ln -s libcuda.so "$R$D/libcuda.so.1"
mkdir -p "$R/opt/cuXda&/stubs"
ldconf "$R" /opt/keep '/opt/cuXda&/stubs' "$D" /opt/keep2
cds --root "$R" doctor --json
is "$(evidence "$OUT" STUB-LIBCUDA 'found through')" "['$D (/etc/ld.so.conf.d/test.conf)']" \
	"STUB-LIBCUDA through that ld.so.conf line"
# as a person runs it, in the root; the host's loader cache left alone
in_root "$R" "$(fix_command "$OUT" STUB-LIBCUDA | sed 's/ && sudo ldconfig$//')"
is "$(cat "$R/etc/ld.so.conf.d/test.conf" | tr '\n' ' ')" \
	"/opt/keep /opt/cuXda&/stubs /opt/keep2 " \
	"the fix deleted that line, and only that one"

# ---- F17 ----------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 470.82.01
mk_solib "$R/usr/local/cuda-12.4/compat/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R/usr/local/cuda-12.4/compat/libcuda.so.1"
mkdir -p "$R/proc/driver/nvidia/gpus/0000:01:00.0"
printf 'Model: \t\t NVIDIA GeForce RTX 3090\nIRQ: 130\n' >"$R/proc/driver/nvidia/gpus/0000:01:00.0/information"
LD_LIBRARY_PATH=/usr/local/cuda-12.4/compat cds --root "$R" doctor --json
like "$(titles "$OUT" F17)" "the forward-compatibility libcuda /usr/local/cuda-12.4/compat/libcuda.so.550.54.15 550.54.15 is what programs load on a GPU that does not support it" "F17 raised"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "F17"]')" "['error']" "F17: an error on a GeForce"
like "$(evidence "$OUT" F17 GPU)" "GeForce RTX 3090 \(forward compatibility is for data-center GPUs: error 804\)" "F17 names the GPU"
like "$(evidence "$OUT" F17 'kernel module')" "470.82.01" "F17 names the module"
NEW=$(LD_LIBRARY_PATH=/usr/local/cuda-12.4/compat sh -c "$(fix_command "$OUT" F17); printf %s \"\$LD_LIBRARY_PATH\"")
LD_LIBRARY_PATH=$NEW cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F17" "after the fix: gone"

# ---- F18 ----------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 550.54.15
mk_pci "$R" 0000:05:00.0 0x068000
mk_pci "$R" 0000:06:00.0 0x068000
cds --root "$R" doctor --json
like "$(titles "$OUT" F18)" "2 NVSwitch devices but nv-fabricmanager is not running" "F18: not running"
like "$(fix_command "$OUT" F18)" "apt-get install nvidia-fabricmanager-550=550.54.15-" "F18: install the matching version"
mkdir -p "$R/proc/4242" "$R/var/lib/dpkg"
echo nv-fabricmanager >"$R/proc/4242/comm"
printf 'Package: nvidia-fabricmanager-550\nStatus: install ok installed\nVersion: 550.90.07-1\n\n' >"$R/var/lib/dpkg/status"
cds --root "$R" doctor --json
like "$(titles "$OUT" F18)" "nvidia-fabricmanager 550.90.07 does not match driver 550.54.15" "F18: version mismatch"
printf 'Package: nvidia-fabricmanager-550\nStatus: install ok installed\nVersion: 550.54.15-1\n\n' >"$R/var/lib/dpkg/status"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F18" "matching and running: gone"

# ---- GPU-XID: the Xids of this boot ---------------------------------------
# /var/log/kern.log as rsyslog writes it, two boots: only the last one's
# Xids count; /dev/kmsg's records (a regular file here) come first when
# readable
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 580.95.05
mkdir -p "$R/var/log"
cat >"$R/var/log/kern.log" <<'LOG'
Nov 28 10:00:00 node7 kernel: [    0.000000] Linux version 6.1.0-9-amd64 (debian-kernel@lists.debian.org)
Nov 28 11:00:00 node7 kernel: [  812.104] NVRM: Xid (PCI:0000:01:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.
Nov 29 07:00:00 node7 kernel: [    0.000000] Linux version 6.1.0-9-amd64 (debian-kernel@lists.debian.org)
Nov 29 07:10:00 node7 kernel: [  600.120] NVRM: Xid (PCI:0000:3b:00): 31, pid=4242, name=python3, Ch 00000008
LOG
cds --root "$R" doctor --json
is "$(jget "$OUT" '[(f["severity"], f["title"]) for f in d["findings"] if f["id"] == "GPU-XID"]')" \
    "[('warning', 'the NVIDIA driver logged Xid 31 this boot: GPU memory page fault')]" \
    "GPU-XID: a program's fault of this boot is a warning; the last boot's Xid 79 left out"
echo 'Nov 29 07:10:01 node7 kernel: [  601.3] NVRM: Xid (PCI:0000:3b:00): 119, pid=2, name=Xorg, Timeout after 6s of waiting for RPC response from GPU0 GSP!' >>"$R/var/log/kern.log"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "GPU-XID"]')" "['error']" \
    "GPU-XID: the GSP's timeout (reset the GPU) is an error"
is "$(evidence "$OUT" GPU-XID Xid)" "[\"31 ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, 1 time; NVIDIA's action: RESTART_APP\", \"119 GSP_RPC_TIMEOUT, 1 time; NVIDIA's action: RESET_GPU\"]" \
    "GPU-XID: each Xid with its name, count and NVIDIA's action"
mkdir -p "$R/dev"
printf '6,1,100,-;Linux version 6.1.0-9-amd64\n4,2,200,-;NVRM: Xid (PCI:0000:3b:00): 48, pid=7, Double Bit ECC\n' >"$R/dev/kmsg"
cds --root "$R" doctor --json
like "$(titles "$OUT" GPU-XID)" "Xid 48 this boot: Double Bit ECC Error" "GPU-XID: /dev/kmsg's records read first"
printf '6,1,100,-;Linux version 6.1.0-9-amd64\n6,2,200,-;NVRM: loading NVIDIA UNIX x86_64 Kernel Module  580.95.05\n' >"$R/dev/kmsg"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "GPU-XID" "GPU-XID: a log without Xids: none"
printf '6,1,100,-;Linux version 6.1.0-9-amd64\n4,2,200,-;NVRM: Xid (PCI:0000:3b:00): 63, pid=0, Row Remapper: New row marked for remapping\n' >"$R/dev/kmsg"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "GPU-XID" "GPU-XID: an Xid NVIDIA says needs nothing (63, a row remapped): none"

# ---- F19 ----------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 550.54.15
L=/usr/lib/x86_64-linux-gnu
ldconf "$R" $L
mk_solib "$R$L/libnvidia-ml.so.550.90.07" libnvidia-ml.so.1
ln -s libnvidia-ml.so.550.90.07 "$R$L/libnvidia-ml.so.1"
mk_solib "$R$L/libcuda.so.550.90.07" libcuda.so.1
ln -s libcuda.so.550.90.07 "$R$L/libcuda.so.1"
mkdir -p "$R/var/log/apt"
printf 'Start-Date: 2024-07-01  06:12:33\nCommandline: /usr/bin/unattended-upgrade\nUpgrade: libnvidia-compute-550:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1), libnvidia-gl-550:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1)\nEnd-Date: 2024-07-01  06:13:01\n\n' >"$R/var/log/apt/history.log"
cds --root "$R" doctor --json
like "$(titles "$OUT" F19)" "kernel module 550.54.15, but libnvidia-ml.so.1 is 550.90.07: reboot required" "F19 raised"
is "$(evidence "$OUT" F19 libcuda.so.1)" "['$L/libcuda.so.550.90.07 (550.90.07)']" "F19: libcuda too"
is "$(evidence "$OUT" F19 'apt history')" "['2024-07-01  06:12:33 Upgrade: libnvidia-compute-550:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1)']" "F19: the apt entry that did it"
mk_driver "$R" 550.90.07
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F19" "after a reboot into the new module: gone"

# ---- F17, error 803: a forward-compatibility libcuda copied out of compat/
# (into the system's lib dir, as container images do): newer than the
# module, while NVML is the module's own; not F19 (nothing to reboot into)
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 535.183.01
L=/usr/lib/x86_64-linux-gnu
ldconf "$R" $L
mk_solib "$R$L/libnvidia-ml.so.535.183.01" libnvidia-ml.so.1
ln -s libnvidia-ml.so.535.183.01 "$R$L/libnvidia-ml.so.1"
mk_solib "$R$L/libcuda.so.535.183.01" libcuda.so.1
mk_solib "$R$L/libcuda.so.580.65.06" libcuda.so.1
ln -s libcuda.so.580.65.06 "$R$L/libcuda.so.1"
mk_solib "$R$L/libnvidia-ptxjitcompiler.so.580.65.06" libnvidia-ptxjitcompiler.so.1
cds --root "$R" doctor --json
is "$(titles "$OUT" F17)" "['libcuda 580.65.06, newer than the kernel module 535.183.01, is what programs load: a forward-compatibility libcuda outside a compat/ directory (error 803)']" \
	"803: the copied forward-compatibility libcuda named"
unlike "$(finding_ids "$OUT")" "F19" "803: not F19 (NVML is the module's version)"
is "$(evidence "$OUT" F17 libcuda.so.1)" "['$L/libcuda.so.1 -> $L/libcuda.so.580.65.06']" \
	"803: the link and the file it resolves to"
like "$(evidence "$OUT" F17 'beside it')" "libnvidia-ptxjitcompiler\.so\.580\.65\.06" \
	"803: the rest of the compat set beside it"
is "$(fix_command "$OUT" F17)" "sudo ln -sf libcuda.so.535.183.01 $L/libcuda.so.1 && sudo rm -f $L/libcuda.so.580.65.06 && sudo ldconfig" \
	"803: the fix points libcuda.so.1 back at the module's libcuda"
# the fix, done inside the root
ln -sf libcuda.so.535.183.01 "$R$L/libcuda.so.1"
rm -f "$R$L/libcuda.so.580.65.06"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F17|F19" "803: after the fix, silent (healthy: libcuda is the module's)"
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 535.183.01
ldconf "$R" $L
mk_solib "$R$L/libnvidia-ml.so.535.183.01" libnvidia-ml.so.1
ln -s libnvidia-ml.so.535.183.01 "$R$L/libnvidia-ml.so.1"
mk_solib "$R$L/libcuda.so.580.65.06" libcuda.so.1
ln -s libcuda.so.580.65.06 "$R$L/libcuda.so.1"
cds --root "$R" doctor --json
like "$(fix_command "$OUT" F17)" "^sudo rm -f $L/libcuda.so.1 $L/libcuda.so.580.65.06 && sudo ldconfig" \
	"803 without the module's libcuda beside it: remove the copy"

# ---- F4 -----------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 550.54.15
ldconf "$R" $L
mk_solib "$R$L/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R$L/libcuda.so.1"
mk_cudnn8 "$R/usr/local/cuda-11.8/lib64" 8.9.7
cds --root "$R" doctor --json
like "$(titles "$OUT" F4)" "no libcuda.so on the loader's path, only $L/libcuda.so.1: cuDNN 8.9.7 cannot load" "F4 raised"
is "$(jget "$OUT" '[(x["action"], x["path"], x["target"]) for f in d["findings"] if f["id"] == "F4" for x in f["fixes"]]')" \
	"[('symlink', '$L/libcuda.so', 'libcuda.so.1')]" "F4: repair links libcuda.so -> libcuda.so.1"
in_root "$R" "$(fix_command "$OUT" F4)"
check "the fix made the link" test -L "$R$L/libcuda.so"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F4" "after the link: gone"

# ---- NO-MODULE: the driver's libraries without its kernel module --------
# Debian's layout: libcuda.so.1 -> /etc/alternatives/... -> nvidia/current/
# libcuda.so.<version>, owned by libcuda1 (dpkg's list and status)
mk_libs() {	# mk_libs ROOT VERSION PACKAGE: the user-space driver of VERSION
	_nvd=$L/nvidia/current
	mk_solib "$1$_nvd/libcuda.so.$2" libcuda.so.1
	mk_solib "$1$_nvd/libnvidia-ml.so.$2" libnvidia-ml.so.1
	ln -s "libcuda.so.$2" "$1$_nvd/libcuda.so.1"
	ln -s "libnvidia-ml.so.$2" "$1$_nvd/libnvidia-ml.so.1"
	mkdir -p "$1/etc/alternatives" "$1/var/lib/dpkg/info"
	ln -s "$_nvd/libcuda.so.1" "$1/etc/alternatives/nvidia--libcuda.so.1"
	ln -s /etc/alternatives/nvidia--libcuda.so.1 "$1$L/libcuda.so.1"
	ln -s "$_nvd/libnvidia-ml.so.1" "$1$L/libnvidia-ml.so.1"
	printf '%s\n' "$_nvd/libcuda.so.$2" "$L/libcuda.so.1" \
		>"$1/var/lib/dpkg/info/$3:amd64.list"
	printf 'Package: %s\nStatus: install ok installed\nArchitecture: amd64\nVersion: %s-1\n\n' \
		"$3" "$2" >>"$1/var/lib/dpkg/status"
}
R=$(mk_sysroot); cleanup_later "$R"
ldconf "$R" $L
mk_libs "$R" 535.261.03 libcuda1
cds --root "$R" doctor --json
is "$RC" 1 "NO-MODULE: exit 1"
is "$(finding_ids "$OUT")" "['NO-MODULE']" "NO-MODULE, not NO-DRIVER, for libraries without a module"
is "$(titles "$OUT" NO-MODULE)" "['NVIDIA driver libraries 535.261.03 are installed but no kernel module is loaded: CUDA cannot run']" "NO-MODULE's title names the libraries' version"
is "$(jget "$OUT" '(d["driver"]["state"], d["driver"]["version"], d["driver"]["version_source"], d["driver"]["libcuda_version"])')" \
	"('libraries-without-module', '535.261.03', 'libcuda.so.1', '535.261.03')" "the driver's version, read from its libraries"
is "$(evidence "$OUT" NO-MODULE libcuda.so.1)" "['$L/libcuda.so.1 -> $L/nvidia/current/libcuda.so.535.261.03 (535.261.03)']" \
	"NO-MODULE: libcuda.so.1 and its real file"
is "$(evidence "$OUT" NO-MODULE packages)" "['libcuda1:amd64 (dpkg)']" "NO-MODULE: the owning package"
like "$(evidence "$OUT" NO-MODULE cuInit)" "^\\['not called: --root" "NO-MODULE under --root: the child did not run, and says so"
is "$(jget "$OUT" '(d["driver"]["probed"], d["driver"]["probe_error"])')" "(False, '--root')" "JSON: probed false, and why"
is "$(fix_command "$OUT" NO-MODULE)" "sudo apt-get install linux-headers-\$(uname -r) nvidia-kernel-dkms=535.261.03-1 && sudo modprobe nvidia" \
	"NO-MODULE: Debian's module package, pinned to the libraries' version"
# Debian's Tesla branches: libnvidia-tesla-470-cuda1 goes with
# nvidia-tesla-470-kernel-dkms (Debian 11's packages)
R=$(mk_sysroot); cleanup_later "$R"
ldconf "$R" $L
mk_libs "$R" 470.256.02 libnvidia-tesla-470-cuda1
cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-MODULE)" "sudo apt-get install linux-headers-\$(uname -r) nvidia-tesla-470-kernel-dkms=470.256.02-1 && sudo modprobe nvidia" \
	"NO-MODULE: the Tesla branch's own module package"
# the module Debian's dkms builds is renamed (dkms.conf DEST_MODULE_NAME:
# nvidia-tesla-470.ko, nvidia-current.ko); its -uvm alone is not it
mkdir -p "$R/proc/sys/kernel" "$R/lib/modules/5.10.0-33-amd64/updates/dkms"
echo 5.10.0-33-amd64 >"$R/proc/sys/kernel/osrelease"
: >"$R/lib/modules/5.10.0-33-amd64/updates/dkms/nvidia-tesla-470-uvm.ko"
cds --root "$R" doctor --json
like "$(fix_command "$OUT" NO-MODULE)" "nvidia-tesla-470-kernel-dkms" \
	"only nvidia-tesla-470-uvm.ko built: not the module, install it"
: >"$R/lib/modules/5.10.0-33-amd64/updates/dkms/nvidia-tesla-470.ko"
cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-MODULE)" "sudo modprobe nvidia" \
	"Debian's renamed nvidia-tesla-470.ko built for this kernel: modprobe"
rm -f "$R"/lib/modules/5.10.0-33-amd64/updates/dkms/*
: >"$R/lib/modules/5.10.0-33-amd64/updates/dkms/nvidia-current.ko.xz"
cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-MODULE)" "sudo modprobe nvidia" \
	"nvidia-current.ko (nvidia-kernel-dkms's name) built for this kernel: modprobe"
# Ubuntu's names: libnvidia-compute-550 goes with nvidia-dkms-550
R=$(mk_sysroot); cleanup_later "$R"
ldconf "$R" $L
mk_libs "$R" 550.54.15 libnvidia-compute-550
cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-MODULE)" "sudo apt-get install nvidia-dkms-550=550.54.15-1 && sudo modprobe nvidia" \
	"NO-MODULE: Ubuntu's module package"
# a module built for the running kernel: load it
mkdir -p "$R/proc/sys/kernel" "$R/lib/modules/6.8.0-40-generic/updates/dkms"
echo 6.8.0-40-generic >"$R/proc/sys/kernel/osrelease"
: >"$R/lib/modules/6.8.0-40-generic/updates/dkms/nvidia.ko.zst"
cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-MODULE)" "sudo modprobe nvidia" "a module built for this kernel: modprobe"
# a GPU on the bus too: F20 says it, once, with the libraries
mk_pci "$R" 0000:01:00.0 0x030000
cds --root "$R" doctor --json
is "$(finding_ids "$OUT")" "['F20']" "GPU, libraries, no module: F20 alone (no second error)"
is "$(evidence "$OUT" F20 'driver version')" "['550.54.15 (from the file name of libcuda.so.1)']" "F20 names the libraries' version"
# the module loaded: neither
mk_driver "$R" 550.54.15
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NO-MODULE|F20|NO-DRIVER" "module loaded: no driver finding"
is "$(jget "$OUT" '(d["driver"]["state"], d["driver"]["version_source"])')" "('not-probed', 'kernel module')" \
	"module loaded: its version is the driver's"

# the probe child on this machine, with TEST DOUBLES of libcuda and NVML
# (tests/fixtures/fake-libcuda.c) on LD_LIBRARY_PATH: cuInit 100, NVML 9
D=$(mktemp -d); cleanup_later "$D"
if [ -e /proc/driver/nvidia/version ] || [ -e /sys/module/nvidia ]; then
	skip 5 "an NVIDIA kernel module is loaded here"
elif ! mk_gpu_doubles "$D" || ! ${CC:-cc} -shared -fPIC -DCDS_FAKE_NVML \
    -o "$D/driver/libnvidia-ml.so.550.54.15" -Wl,-soname,libnvidia-ml.so.1 \
    "$CDS_SRCDIR/tests/fixtures/fake-libcuda.c"; then
	skip 5 "the test doubles did not build"
else
	ln -s libnvidia-ml.so.550.54.15 "$D/driver/libnvidia-ml.so.1"
	LD_LIBRARY_PATH=$D/driver CDS_FAKE_CU_INIT=100 CDS_FAKE_NVML_INIT=9 \
		cds doctor --json
	if [ "$(jget "$OUT" 'd["nvidia_pci_devices"] if "nvidia_pci_devices" in d else d["driver"]["nvidia_pci_devices"]')" != 0 ]; then
		skip 5 "an NVIDIA GPU is on this machine's PCI bus (F20's case)"
	else
		is "$(jget "$OUT" '(d["driver"]["state"], d["driver"]["probed"], d["driver"]["init_error"])')" \
			"('libraries-without-module', True, 100)" "child: cuInit 100 without a module"
		is "$(jget "$OUT" '(d["driver"]["nvml_init"], d["driver"]["nvml_error"], d["driver"]["nvml_version"])')" \
			"(9, 'Driver Not Loaded', '550.54.15')" "child: nvmlInit_v2's result and words; NVML's version from its file"
		is "$(evidence "$OUT" NO-MODULE cuInit)" "['error 100 (CUDA_ERROR_NO_DEVICE) (in a child process that loaded $D/driver/libcuda.so.1)']" \
			"NO-MODULE: the child's cuInit"
		is "$(evidence "$OUT" NO-MODULE nvmlInit)" "['error 9: Driver Not Loaded']" "NO-MODULE: NVML's words"
		is "$(jget "$OUT" '(d["driver"]["version"], d["driver"]["version_source"])')" \
			"('550.54.15', 'libnvidia-ml.so.1')" "the version from NVML's file when libcuda's name has none"
	fi
fi

# ---- this machine: the stub in LIBRARY_PATH is not a finding ----------
if [ -e /usr/local/cuda/lib64/stubs/libcuda.so ]; then
	LIBRARY_PATH=/usr/local/cuda/lib64/stubs cds doctor --json
	unlike "$(finding_ids "$OUT")" "STUB" "real toolkit stub on LIBRARY_PATH: no finding"
	if [ ! -e /proc/driver/nvidia/version ]; then
		like "$(finding_ids "$OUT")" "NO-DRIVER|F20" "no driver here: said"
	else
		skip 1 "a driver is loaded here"
	fi
else
	skip 2 "no toolkit stub here"
fi

done_testing
