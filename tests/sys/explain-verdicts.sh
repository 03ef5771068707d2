#!/bin/sh
# explain's verdict follows the evidence: real error texts from the corpus
# (tests/realworld/errors) on fake roots built with the evidence present
# and absent.  A cause is claimed only when a finding's evidence shows it,
# otherwise the verdict is "not determined here" (null); the answer names
# what provides a missing library.  The roots mirror this project's test
# machine where it matters: a complete cuDNN 9.19 on the loader's path,
# no cuDNN 8, no GPU.  And explain stays linear: 1 MiB of hostile text
# (long runs without blanks, thousands of near-matches) is read within a
# generous bound that only catches a hang; more than 1 MiB is refused.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 77

CORPUS=$CDS_SRCDIR/tests/realworld/errors
# text FILE: the error text of a corpus file
text() { sed '1,/^---$/d' "$CORPUS/$1"; }
# ex ROOT MESSAGE [ENV...]: explain --json in that root
ex() {
	_r=$1 _m=$2; shift 2
	OUT=$(env HOME=/home/user "$@" "$CDS_BIN" --root "$_r" explain --json "$_m" 2>/dev/null </dev/null)
	RC=$?
}
verdict() { jget "$OUT" 'd["verdict"]'; }
cause() { jget "$OUT" 'd["cause_here"]'; }
# ev ID KEY: the values of evidence KEY of explain's findings ID
ev() { evidence "$OUT" "$1" "$2"; }
# ldconf ROOT DIR...: put DIRs in ROOT's ld.so.conf
ldconf() {
	_r=$1; shift
	mkdir -p "$_r/etc/ld.so.conf.d"
	echo "include /etc/ld.so.conf.d/*.conf" >"$_r/etc/ld.so.conf"
	printf '%s\n' "$@" >"$_r/etc/ld.so.conf.d/test.conf"
}
# cuda13 ROOT: cuDNN 9.19 complete in a CUDA 13.0 toolkit on the loader's
# path, as on this project's test machine
cuda13() {
	mk_cudnn9 "$1/usr/local/cuda-13.0/lib" 9.19.0
	printf '{"cuda": {"version": "13.0.88"}}\n' >"$1/usr/local/cuda-13.0/version.json"
	ln -s cuda-13.0 "$1/usr/local/cuda"
	ldconf "$1" /usr/local/cuda-13.0/lib
}
C=/home/user/miniconda3
S=$C/envs/dl/lib/python3.10/site-packages
# condaenv ROOT: a conda install with an env "dl"
condaenv() { mkdir -p "$1$C/conda-meta" "$1$C/envs/dl/conda-meta" "$1$S"; }

# ---- a cuDNN 8 sub-library that cannot be opened ---------------------------
M=$(text f6-stream-whisper-18.txt)
R=$(mk_sysroot); cleanup_later "$R"; cuda13 "$R"
ex "$R" "$M"
is "$(jget "$OUT" 'd["id"]')" F6 "cuDNN 8 missing, cuDNN 9.19 on the path: F6"
is "$(cause)" "that cuDNN is not installed at all" "and the cause: not installed"
is "$(ev MSG-LIBRARY state)" "['not installed']" "the evidence says so"
is "$(ev MSG-LIBRARY 'cuDNN majors here')" "['9']" "and names the cuDNN there is"
is "$(jget "$OUT" 'd["causes"][0]["here"]')" False "not 'only inside a pip wheel'"
is "$RC" 1 "an error here: exit 1"
condaenv "$R"; mk_cudnn8 "$R$S/nvidia/cudnn/lib" 8.9.7 wheel
ex "$R" "$M"
is "$(verdict)" 0 "cuDNN 8 only in a pip wheel: cause 1"
is "$(ev MSG-LIBRARY origin)" "['pip wheel']" "its origin: a pip wheel"
R2=$(mk_sysroot); cleanup_later "$R2"; cuda13 "$R2"
mk_cudnn8 "$R2/usr/local/cuda-11.8/lib64" 8.9.7
printf '{"cuda": {"version": "11.8.0"}}\n' >"$R2/usr/local/cuda-11.8/version.json"
ex "$R2" "$M"
is "$(cause)" "that cuDNN is installed in a directory the loader does not search" "cuDNN 8 in a toolkit off the path: cause 2"
is "$(ev MSG-LIBRARY origin)" "['toolkit']" "its origin: a toolkit"
ldconf "$R2" /usr/local/cuda-13.0/lib /usr/local/cuda-11.8/lib64
ex "$R2" "$M"
is "$(verdict)" None "cuDNN 8 on the loader's path here: no cause claimed"
is "$(ev MSG-LIBRARY state)" "['found here']" "it says the loader finds it"
is "$RC" 0 "and exit 0"

# ---- CTranslate2's list of cuDNN 9 names ------------------------------------
M=$(text f7-always-on-ai-assistant-3.txt)
ex "$R" "$M"
is "$(jget "$OUT" 'd["id"]')" F7 "CTranslate2's message: F7"
is "$(verdict)" None "cuDNN 9.19 complete on the path: no cause claimed"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-LIBRARY"]')" \
	"here the loader finds libcudnn_ops.so.9: /usr/local/cuda-13.0/lib/libcudnn_ops.so.9" "it finds libcudnn_ops.so.9, one of the names"
is "$(jget "$OUT" 'd["causes"][2]["here"]')" False "not 'only cuDNN 8 is installed'"
R3=$(mk_sysroot); cleanup_later "$R3"
mk_cudnn8 "$R3/usr/lib/x86_64-linux-gnu" 8.9.7
ldconf "$R3" /usr/lib/x86_64-linux-gnu
ex "$R3" "$M"
is "$(cause)" "only cuDNN 8 is installed" "only cuDNN 8 installed: that cause"
is "$(ev MSG-LIBRARY 'cuDNN majors here')" "['8']" "shown by the copies there are"
R4=$(mk_sysroot); cleanup_later "$R4"
ex "$R4" "$M"
is "$(cause)" "no cuDNN is installed at all" "no cuDNN at all: that cause"
condaenv "$R4"; mk_cudnn9 "$R4$S/nvidia/cudnn/lib" 9.1.0 wheel
ex "$R4" "$M"
is "$(verdict)" 0 "cuDNN 9 in a pip wheel off the path: cause 1"

# ---- F1: which entry puts the other release's sibling first ----------------
R5=$(mk_sysroot); cleanup_later "$R5"; condaenv "$R5"
mkdir -p "$R5$S/torch" "$R5$S/torch-2.0.1.dist-info" "$R5$S/nvidia_cudnn_cu11-8.5.0.96.dist-info"
mk_cudnn8 "$R5$S/nvidia/cudnn/lib" 8.5.0 wheel
printf 'Name: torch\nVersion: 2.0.1\nRequires-Dist: nvidia-cudnn-cu11==8.5.0.96\n' >"$R5$S/torch-2.0.1.dist-info/METADATA"
printf "cuda = '11.7'\n" >"$R5$S/torch/version.py"
mk_cudnn8 "$R5/usr/local/cuda-11.6/lib64" 8.3.2
M="python3: symbol lookup error: $S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8"
ex "$R5" "$M" LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
is "$(verdict)" 0 "F1, the other release on LD_LIBRARY_PATH entry 1: cause 1"
like "$(ev MSG-FILE 'found through')" "LD_LIBRARY_PATH entry 1: /usr/local/cuda-11.6/lib64" "shown by the entry that binds the sibling"
is "$(jget "$OUT" 'd["causes"][1]["here"]')" False "not 'a system cuDNN 8 (ld.so.conf)'"
ldconf "$R5" /usr/local/cuda-11.6/lib64
ex "$R5" "$M"
is "$(cause)" "a system cuDNN 8 (apt libcudnn8, ld.so.conf) is found before the framework's own" "the other release through ld.so.conf: cause 2"
is "$(jget "$OUT" 'd["causes"][0]["here"]')" False "and not LD_LIBRARY_PATH"
: >"$R5/etc/ld.so.conf.d/test.conf"
ex "$R5" "$M"
is "$(verdict)" None "no other release anywhere on the path: not determined"
M=$(text f1-yolov12-40-bare.txt)
ex "$R5" "$M" LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F1', 0)" "the bare line as people paste it: F1, and doctor's F1 shows cause 1"

# ---- what provides a missing cuDNN: the build of the torch here -------------
R6=$(mk_sysroot); cleanup_later "$R6"
D=/usr/lib/python3/dist-packages
mkdir -p "$R6$D/torch" "$R6$D/torch-2.6.0.dist-info"
printf 'Name: torch\nVersion: 2.6.0\n' >"$R6$D/torch-2.6.0.dist-info/METADATA"
printf "cuda = '12.4'\n" >"$R6$D/torch/version.py"
ln -s libcudnn.so.9 "$R6/usr/lib/x86_64-linux-gnu/libcudnn.so"
ex "$R6" "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory"
is "$(jget "$OUT" 'd["id"]')" F6 "ImportError: libcudnn.so.9: F6"
is "$(cause)" "that cuDNN is not installed at all" "not installed"
like "$(ev MSG-LIBRARY 'needed by')" "torch 2.6.0 .*built for CUDA 12.4" "needed by the system's torch 2.6.0, built for CUDA 12.4"
is "$(ev MSG-LIBRARY 'provided by')" "['cuDNN 9 built for CUDA 12']" "provided by cuDNN 9 built for CUDA 12"

# ---- Torch not compiled with CUDA enabled ------------------------------------
M=$(text f27-neuralrgbd-24.txt)
R7=$(mk_sysroot); cleanup_later "$R7"
P=/usr/local/lib/python3.12/dist-packages
mkdir -p "$R7$P/torch" "$R7$P/torch-2.6.0+cpu.dist-info"
printf 'Name: torch\nVersion: 2.6.0+cpu\n' >"$R7$P/torch-2.6.0+cpu.dist-info/METADATA"
ex "$R7" "$M"
is "$(cause)" "a CPU-only build is installed" "pip's CPU torch, no conda: a CPU-only build"
is "$(jget "$OUT" 'd["causes"][0]["here"]')" False "conda is not blamed"
is "$(ev MSG-BUILD build)" "['CPU-only: its version carries +cpu']" "with how that is known"
R8=$(mk_sysroot); cleanup_later "$R8"; condaenv "$R8"
printf '{}\n' >"$R8$C/envs/dl/conda-meta/pytorch-2.1.0-py3.10_cpu_0.json"
ex "$R8" "$M"
is "$(verdict)" 0 "conda's cpu build and no driver at all: conda saw no driver"
R9=$(mk_sysroot); cleanup_later "$R9"
mkdir -p "$R9$P/torch" "$R9$P/torch-2.6.0.dist-info"
printf 'Name: torch\nVersion: 2.6.0\n' >"$R9$P/torch-2.6.0.dist-info/METADATA"
printf "cuda = '12.4'\n" >"$R9$P/torch/version.py"
ex "$R9" "$M"
is "$(verdict)" None "the torch here is built for CUDA 12.4: not determined"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-BUILD"]')" "is built for CUDA 12.4" "and it says so"

# ---- the driver: libraries without a module ----------------------------------
M=$(text f20-self-hosted-runners-40.txt)
R10=$(mk_sysroot); cleanup_later "$R10"
mk_solib "$R10/usr/lib/x86_64-linux-gnu/libcuda.so.535.183.01" libcuda.so.1
ln -s libcuda.so.535.183.01 "$R10/usr/lib/x86_64-linux-gnu/libcuda.so.1"
ldconf "$R10" /usr/lib/x86_64-linux-gnu
ex "$R10" "$M"
is "$(jget "$OUT" 'd["id"]')" F20 "nvidia-smi's message: F20"
is "$(cause)" "the driver's libraries are installed but no kernel module is loaded" "libcuda.so.1 and no module: that cause"
like "$(ev MSG-DRIVER libcuda.so.1)" "/usr/lib/x86_64-linux-gnu/libcuda.so.1 \(version 535.183.01\)" "shown by the library found"
ex "$R10" "$(text nodev-llama-cpp-python-1890.txt)"
is "$(jget "$OUT" 'd["id"], d["cause_here"]')" "('NO-DRIVER', \"the driver's libraries are installed but no kernel module is loaded\")" "no CUDA-capable device: the same cause"
ex "$R4" "$M"
is "$(cause)" "no NVIDIA GPU or driver on this machine" "no driver at all: no GPU or driver"
: >"$R4/.dockerenv"
ex "$R4" "$M"
is "$(cause)" "a container started without the GPU" "in a container: started without the GPU"
rm -f "$R4/.dockerenv"
# 803: libcuda.so.1 of another version than the module
mkdir -p "$R10/proc/driver/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024\n' >"$R10/proc/driver/nvidia/version"
ex "$R10" "$(text cuda803-stable-diffusion-439.txt)"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('CUDA-803', 0)" "error 803, libcuda 535 under module 550: the versions differ"
is "$(ev MSG-DRIVER mismatch)" "['libcuda.so.1 535.183.01, kernel module 550.54.15']" "named with both versions"

# ---- the driver too old for what is installed ---------------------------------
ex "$R9" "$(text f16-seqnet-36.txt)"
is "$(verdict)" 0 "driver CUDA 11.4 (the message) and torch for 12.4: cause 1"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-BUILD"]')" "built for CUDA 12.4; the driver the message names runs CUDA 11.4 at most" "with both versions"

# ---- ONNX Runtime's CPU package; bitsandbytes without the library -------------
R11=$(mk_sysroot); cleanup_later "$R11"; condaenv "$R11"
mkdir -p "$R11$S/onnxruntime-1.18.0.dist-info" "$R11$S/bitsandbytes"
printf 'Name: onnxruntime\nVersion: 1.18.0\n' >"$R11$S/onnxruntime-1.18.0.dist-info/METADATA"
ex "$R11" "$(text f14-onnxruntime-16931.txt)"
is "$(cause)" "the onnxruntime package installed is the CPU one, not onnxruntime-gpu" "ORT's CPU package: that cause"
mk_solib "$R11$S/bitsandbytes/libbitsandbytes_cuda118.so" libbitsandbytes_cuda118.so
ex "$R11" "$(text bnb-1559.txt)"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('BNB-BINARY', 0)" "bitsandbytes without libbitsandbytes_cuda124.so: cause 1"
is "$(ev MSG-BUILD has)" "['libbitsandbytes_cuda118.so']" "with what it has"
mk_solib "$R11$S/bitsandbytes/libbitsandbytes_cuda124.so" libbitsandbytes_cuda124.so
ex "$R11" "$(text bnb-1559.txt)"
is "$(verdict)" None "with it there: not determined"

# ---- nvidia-persistenced: the toolkit's RPC, a module in use ------------------
# its pid file (/var/run/nvidia-persistenced/nvidia-persistenced.pid) and the
# process it names, as the daemon leaves them; a root without a module says
# nothing of it, nor does a container (the host's daemon is not seen there)
R12=$(mk_sysroot); cleanup_later "$R12"
RPC=$(text rpc-nvidia-container-toolkit-556.txt)
ex "$R12" "$RPC"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('PERSISTENCED', None)" "the toolkit's driver RPC, no module loaded: not determined"
mk_driver "$R12" 580.95.05
ex "$R12" "$RPC"
is "$(verdict)" 0 "module loaded, no daemon: cause 1"
like "$(ev MSG-DRIVER nvidia-persistenced)" "stopped: no live process in its pid file" "the evidence says how that is known"
mkdir -p "$R12/run/nvidia-persistenced" "$R12/proc/4242" "$R12/var"
ln -s ../run "$R12/var/run"
echo 4242 >"$R12/run/nvidia-persistenced/nvidia-persistenced.pid"
echo bash >"$R12/proc/4242/comm"
ex "$R12" "$RPC"
is "$(verdict)" 0 "a pid file naming another program: still stopped"
echo nvidia-persiste >"$R12/proc/4242/comm"
ex "$R12" "$RPC"
is "$(verdict)" None "the daemon running (through /var/run -> /run): not claimed"
ex "$R12" 'rmmod: ERROR: Module nvidia is in use'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GPU-HELD', 0)" "nvidia in use and the daemon running: that cause"
is "$(ev MSG-DRIVER nvidia-persistenced)" "['running, pid 4242']" "with its pid"
ex "$R12" 'rmmod: ERROR: Module nvidia_uvm is in use'
is "$(verdict)" None "nvidia_uvm in use: the daemon is not what holds it"
rm "$R12/run/nvidia-persistenced/nvidia-persistenced.pid"
: >"$R12/.dockerenv"
ex "$R12" "$RPC"
is "$(verdict)" None "in a container: the host's daemon unseen, not claimed"

# ---- the GPU off the bus, and this boot's kernel log ---------------------------
R13=$(mk_sysroot); cleanup_later "$R13"; mkdir -p "$R13/var/log"
LOST='RuntimeError: CUDA error: unspecified launch failure
NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.'
ex "$R13" "$LOST"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GPU-LOST', None)" "Xid 79 pasted, no log here: not determined"
printf 'Nov 29 07:00:00 n kernel: [ 0.0] Linux version 6.1.0-9-amd64\nNov 29 07:10:00 n kernel: [ 600.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.\n' >"$R13/var/log/kern.log"
ex "$R13" "$LOST"
is "$(verdict)" 0 "this boot's log has Xid 79: cause 1"
ex "$R13" 'NVRM: Xid (PCI:0000:3b:00): 119, pid=2, Timeout after 6s of waiting for RPC response from GPU0 GSP!'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GPU-XID', 0)" "another Xid, the log's Xid 79: the GPU faulted this boot"

# ---- a program that opens the development link -----------------------------
# only libcusolver.so.11 (a wheel's or a runtime package's) on the path:
# the program asked for libcusolver.so, which a toolkit carries
# (the soname table is the shipped index's: the tests' index has none)
exm() {
	OUT=$(env HOME=/home/user "$CDS_BIN" --root "$1" --manifest \
	    "$CDS_SRCDIR/manifests/index.json" explain --json "$2" \
	    2>/dev/null </dev/null)
	RC=$?
}
M=$(text devlink-gpu4pyscf-308.txt)
RD=$(mk_sysroot); cleanup_later "$RD"
exm "$RD" "$M"
is "$(ev MSG-LIBRARY state)" "['not installed']" "no libcusolver at all: not installed"
mk_solib "$RD/opt/wheels/cusolver/lib/libcusolver.so.11" libcusolver.so.11
ldconf "$RD" /opt/wheels/cusolver/lib
exm "$RD" "$M"
is "$(ev MSG-LIBRARY state)" "['only the versioned library installed']" \
	"libcusolver.so.11 on the path: only the versioned library"
like "$(cause)" "opens the development link" "and the cause is the link the program opens"
like "$(ev MSG-LIBRARY 'installed in')" "/opt/wheels/cusolver/lib/libcusolver.so.11" \
	"naming the versioned file"

# ---- text output: nothing undetermined is called a cause -----------------------
cds --root "$R" explain "$(text f7-always-on-ai-assistant-3.txt)"
unlike "$OUT" "It is cause" "no verdict: no 'It is cause'"
cds --root "$R9" explain "$(text f27-neuralrgbd-24.txt)"
like "$OUT" "The cause is not determined here" "it says the cause is not determined here"
cds --root "$R9" explain 'OSError: [WinError 126] The specified module could not be found. Error loading "C:\app\torch\lib\shm.dll" or one of its dependencies.'
like "$OUT" "None of these causes can be checked on this machine" \
	"an entry none of whose causes a finding can show: it says so"
unlike "$OUT" "not determined here" "and not that the program may run elsewhere"

# ---- linear time, bounded input ------------------------------------------------
H=$(mktemp -d); cleanup_later "$H"
python3 - "$H/hostile" <<'EOF'
import sys
# runs without blanks, and near-matches of every kind of key
run = "x" * 200000
near = ("undefined symbol:/a/b/libcudnn_cnn_infer.so.8:" * 40 +
        "Could not load library libcudnn_x.so.8. Error: /p/" * 40 +
        "cannot open shared object file/" * 40 + "sm_" * 100 +
        "NO_PUBKEY" * 40 + "/stubs/libcuda.so" * 40)
out = (run + near) * 6
out = out[:(1 << 20) - 40] + " CUDNN_STATUS_MAPPING_ERROR"
open(sys.argv[1], "w").write(out[:1 << 20])
EOF
E0=$(mk_sysroot); cleanup_later "$E0"
cpu_of "$H/cpu" timeout 300 "$CDS_BIN" --root "$E0" explain --json - \
	<"$H/hostile" >"$H/out" 2>/dev/null
is "$?" 0 "1 MiB of hostile text: done (exit 0: no cause here)"
ok "$(python3 -c "print(0 if $(cat "$H/cpu") <= 20 else 1)")" \
	"in seconds, not hours ($(cat "$H/cpu") s of CPU; quadratic, 64 KiB took 67 s)"
is "$(jget "$(cat "$H/out")" 'd["id"]')" F22 "and the message at its end is found"
head -c 100 /dev/zero | tr '\0' x >>"$H/hostile"
timeout 300 "$CDS_BIN" --root "$E0" explain - <"$H/hostile" >"$H/out" 2>"$H/err"
is "$?" 2 "more than 1 MiB: refused, exit 2"
like "$(cat "$H/err")" "longer than 1 MiB: give the lines around the error" "saying why and what to do"

done_testing
