#!/bin/sh
# Doctor's driver rules on fake roots: F20 (a GPU without its kernel
# module: DKMS for another kernel, nouveau, Secure Boot), STUB-LIBCUDA (a
# toolkit stub found at run time; harmless on LIBRARY_PATH), F17 (the
# forward-compatibility libcuda on a GeForce), F18 (NVSwitch without a
# matching fabric manager), F19 (module and NVML of different versions,
# with the apt history entry), F4 (cuDNN 8 without the libcuda.so link).
# Fix commands that change files are run inside the root.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 34

mk_driver() {
	mkdir -p "$1/proc/driver/nvidia" "$1/sys/module/nvidia"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2024\n' \
		"$2" >"$1/proc/driver/nvidia/version"
	echo "$2" >"$1/sys/module/nvidia/version"
}
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
