#!/bin/sh
# Doctor's rules on what CUDA meets at run time (src/doctor/rules_runtime.c),
# on fake roots with real env trees and tiny real ELF libraries: NO-UVM
# (CUDA's error 999: the nvidia_uvm module not loaded, or its device missing
# in a container, with each container's fix), RUNTIME-SONAME (libraries a
# framework opens by name, read from .rodata, not DT_NEEDED) and CUDNN-JIT
# (the GRAPH_JIT_ONLY set is no incomplete set for F8); and explain naming
# NO-UVM's cause for PyTorch's words for error 999.  Each rule fires on its
# fixture, its fix is applied the way a person would, and it goes silent.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
plan 27

T=$(mktemp -d); cleanup_later "$T"

# ---- NO-UVM: CUDA's error 999 ---------------------------------------------
# (the container is the tree's: the test machine's own variables stay out)
unset CDS_CONTAINER KUBERNETES_SERVICE_HOST APPTAINER_CONTAINER \
	SINGULARITY_CONTAINER container
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/sys/module/nvidia" "$R/dev"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  570.133.20  Fri Mar 14 2025\n' >"$R/proc/driver/nvidia/version"
echo 570.133.20 >"$R/sys/module/nvidia/version"
printf 'nvidia_drm 131072 0 - Live 0x0\nnvidia 11403264 1 nvidia_drm, Live 0x0 (POE)\n' >"$R/proc/modules"
cds --root "$R" doctor --json
is "$(titles "$OUT" NO-UVM)" "['the nvidia_uvm module is not loaded: CUDA programs fail with error 999 (unknown error)']" "NO-UVM: module not loaded, no nvidia-modprobe"
is "$(evidence "$OUT" NO-UVM /proc/modules)" "['nvidia (driver 570.133.20) is loaded, nvidia_uvm is not']" "NO-UVM: /proc/modules"
is "$(fix_command "$OUT" NO-UVM)" "sudo modprobe nvidia-uvm" "NO-UVM: load it"
printf 'nvidia_uvm 1794048 0 - Live 0x0 (POE)\n' >>"$R/proc/modules"
: >"$R/dev/nvidiactl"; : >"$R/dev/nvidia0"; : >"$R/.dockerenv"
cds --root "$R" doctor --json
is "$(titles "$OUT" NO-UVM)" "['/dev/nvidia-uvm is missing: CUDA programs fail with error 999 (unknown error)']" "NO-UVM: the device file missing in a container"
like "$(fix_command "$OUT" NO-UVM)" "nvidia-modprobe -c 0 -u; then start the container with --device /dev/nvidia-uvm" "NO-UVM: the container's fix"
is "$(evidence "$OUT" NO-UVM container)" "['docker: /.dockerenv exists']" "NO-UVM: the container as scan found it"
CDS_CONTAINER=none cds --root "$R" doctor --json
is "$(fix_command "$OUT" NO-UVM)" "sudo nvidia-modprobe -c 0 -u" "NO-UVM: CDS_CONTAINER=none is a host, as for every rule"
rm -f "$R/.dockerenv"; mkdir -p "$R/var/run/secrets/kubernetes.io"
cds --root "$R" doctor --json
is "$(evidence "$OUT" NO-UVM container)" "['kubernetes: /var/run/secrets/kubernetes.io exists']" "NO-UVM: a Kubernetes pod is a container too"
like "$(fix_command "$OUT" NO-UVM)" "^on the host: " "NO-UVM: a pod's fix is on the host"
: >"$R/dev/nvidia-uvm"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "NO-UVM" "module and device there: silent"

# ---- RUNTIME-SONAME: CTranslate2's libcublas.so.12 on a CUDA 13 machine --
# SYSTRAN/faster-whisper#1431, Softcatala/whisper-ctranslate2#146
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" ct 3.11)
mk_dist "$R$S" ctranslate2 4.6.0
mkdir -p "$R$S/ctranslate2" "$R/usr/local/cuda-13.0/lib64" "$R/etc/ld.so.conf.d"
printf 'static const char *const libs[] = { "libcublas.so.12", "libcudnn.so.9", 0 };\nconst char *ct2_lib(int i) { return libs[i]; }\n' >"$T/ct2.c"
${CC:-cc} -shared -fPIC -nostdlib -O1 -Wl,-soname,libctranslate2.so.4 \
	-o "$R$S/ctranslate2/libctranslate2.so.4" "$T/ct2.c"
mk_solib "$R/usr/local/cuda-13.0/lib64/libcublas.so.13" libcublas.so.13
echo 'include /etc/ld.so.conf.d/*.conf' >"$R/etc/ld.so.conf"
echo /usr/local/cuda-13.0/lib64 >"$R/etc/ld.so.conf.d/cuda-13.conf"
mk_cudnn9 "$R/usr/local/cuda-13.0/lib64" 9.19.0
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" RUNTIME-SONAME)" "['ctranslate2 4.6.0 opens libcublas.so.12 at run time; the loader finds none']" "RUNTIME-SONAME raised for cuBLAS 12 only"
is "$(evidence "$OUT" RUNTIME-SONAME binary)" "['$S/ctranslate2/libctranslate2.so.4 names libcublas.so.12 in its strings, not in its DT_NEEDED']" "RUNTIME-SONAME: read from .rodata"
is "$(evidence "$OUT" RUNTIME-SONAME 'found instead')" "['/usr/local/cuda-13.0/lib64/libcublas.so.13: another major, which ctranslate2 does not open']" "RUNTIME-SONAME: CUDA 13's cuBLAS is not it"
like "$(fix_command "$OUT" RUNTIME-SONAME 1)" "the wheel below, then put $S/nvidia/cublas/lib on LD_LIBRARY_PATH" "RUNTIME-SONAME: the wheel's directory on the path"
is "$(fix_command "$OUT" RUNTIME-SONAME 2)" "$C/envs/ct/bin/python -m pip install nvidia-cublas-cu12" "RUNTIME-SONAME: the pip wheel, with the env's python"
# that wheel, then its directory on the path
mk_solib "$R$S/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12
mk_dist "$R$S" nvidia-cublas-cu12 12.9.1.4
HOME=/home/user cds --root "$R" doctor --json
is "$(evidence "$OUT" RUNTIME-SONAME 'installed in')" "['$S/nvidia/cublas/lib/libcublas.so.12, which the loader does not search']" "RUNTIME-SONAME: installed off the path"
HOME=/home/user LD_LIBRARY_PATH=$S/nvidia/cublas/lib cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "RUNTIME-SONAME" "on the path: silent"
# PaddlePaddle opens the unversioned libcudnn.so; the wheel has .so.9 only
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" pd 3.10)
mk_dist "$R$S" paddlepaddle-gpu 3.0.0
mkdir -p "$R$S/paddle/base"
printf 'static const char *const n[] = { "libcudnn.so", 0 };\nconst char *pd_lib(int i) { return n[i]; }\n' >"$T/pd.c"
${CC:-cc} -shared -fPIC -nostdlib -O1 -Wl,-soname,libpaddle.so \
	-o "$R$S/paddle/base/libpaddle.so" "$T/pd.c"
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.5.1 wheel
mk_dist "$R$S" nvidia-cudnn-cu12 9.5.1.17
HOME=/home/user cds --root "$R" doctor --env pd --json
is "$(titles "$OUT" RUNTIME-SONAME)" "['paddlepaddle-gpu 3.0.0 opens libcudnn.so at run time; the loader finds none']" "RUNTIME-SONAME: Paddle's unversioned libcudnn.so"
is "$(fix_command "$OUT" RUNTIME-SONAME)" "ln -s libcudnn.so.9 $S/nvidia/cudnn/lib/libcudnn.so" "RUNTIME-SONAME: the development link"
in_root "$R" "$(fix_command "$OUT" RUNTIME-SONAME)"
HOME=/home/user LD_LIBRARY_PATH=$S/nvidia/cudnn/lib cds --root "$R" doctor --env pd --json
unlike "$(finding_ids "$OUT")" "RUNTIME-SONAME" "link made, on the path: silent"

# ---- CUDNN-JIT: the GRAPH_JIT_ONLY set is no incomplete set -------------
jit_root() {	# jit_root PARTS: a root with those cuDNN 9 parts on the path
	_r=$(mk_sysroot); cleanup_later "$_r"
	MKCUDNN_LIBS=$1 mk_cudnn9 "$_r/opt/cudnn/lib" 9.19.0
	mkdir -p "$_r/etc/ld.so.conf.d"
	echo "include /etc/ld.so.conf.d/*.conf" >"$_r/etc/ld.so.conf"
	echo /opt/cudnn/lib >"$_r/etc/ld.so.conf.d/cudnn.conf"
	echo "$_r"
}
R=$(jit_root "cudnn graph engines_runtime_compiled")
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F8" "JIT-only set: no F8"
is "$(titles "$OUT" CUDNN-JIT)" "['cuDNN 9.19.0 in /opt/cudnn/lib is the GRAPH_JIT_ONLY set']" "CUDNN-JIT: a note"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CUDNN-JIT"]')" "['note']" "CUDNN-JIT: severity note"
R2=$(jit_root "cudnn graph")
cds --root "$R2" doctor --json
like "$(titles "$OUT" F8)" "lacks libcudnn_ops.so.9" "without the runtime-compiled engines: F8 still"
unlike "$(finding_ids "$OUT")" "CUDNN-JIT" "and no CUDNN-JIT"

# ---- explain names the rule that shows the cause ---------------------------
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/sys/module/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  570.133.20  Fri Mar 14 2025\n' >"$R/proc/driver/nvidia/version"
echo 570.133.20 >"$R/sys/module/nvidia/version"
printf 'nvidia 11403264 0 - Live 0x0 (POE)\n' >"$R/proc/modules"
cds --root "$R" explain --json "UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero."
is "$(jget "$OUT" 'd["id"]')" "CUDA-999" "explain: PyTorch's words for 999"
like "$(jget "$OUT" 'd["causes"][d["verdict"]]["text"]')" "nvidia_uvm" "explain: the missing nvidia_uvm shown as the cause"

done_testing
