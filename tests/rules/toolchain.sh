#!/bin/sh
# Doctor's toolchain rules (src/doctor/rules_toolchain.c) on fake roots:
# F23 (the host gcc newer than the toolkit's crt/host_config.h allows;
# NVCC_CCBIN naming an accepted g++ fixes it), F25 (NVIDIA's apt repository
# listed twice with different Signed-By, or without a key), CUDA-HOME (CUDA_HOME naming
# another toolkit than PATH's nvcc, a missing directory, one without nvcc;
# every nvcc on PATH a toolkit, the later ones shadowed; what F30 says
# about each), a distribution's toolkit in /usr with its multiarch
# library dir, and nvcc --version under a deadline; CTK-REPO (an apt source
# of the container toolkit by distribution).  Fix commands are run.
. "$CDS_SRCDIR/tests/lib.sh"
plan 41

# ---- F23 ------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
T=/usr/local/cuda-12.1.1
mkdir -p "$R$T/bin" "$R$T/lib64" "$R$T/targets/x86_64-linux/include/crt" "$R/usr/bin"
printf '{"cuda": {"name": "CUDA SDK", "version": "12.1.1"}}\n' >"$R$T/version.json"
printf '#!/bin/sh\n' >"$R$T/bin/nvcc"; chmod +x "$R$T/bin/nvcc"
: >"$R$T/lib64/libcudart.so.12"
printf '#if defined(__GNUC__)\n\n#if __GNUC__ > 12\n\n#error -- unsupported GNU version!\n#endif\n#endif\n' \
	>"$R$T/targets/x86_64-linux/include/crt/host_config.h"
for g in gcc-13 g++-13 g++-11 g++-12; do printf '#!/bin/sh\n' >"$R/usr/bin/$g"; chmod +x "$R/usr/bin/$g"; done
ln -s gcc-13 "$R/usr/bin/gcc"
ln -s cuda-12.1.1 "$R/usr/local/cuda"
PATH=/usr/bin cds --root "$R" doctor --json
is "$(titles "$OUT" F23)" "[\"gcc 13 is newer than CUDA 12.1.1's nvcc accepts (gcc 12 at most)\"]" "F23 raised"
is "$(evidence "$OUT" F23 limit)" "['$T/targets/x86_64-linux/include/crt/host_config.h:3']" "F23: the line of host_config.h"
is "$(evidence "$OUT" F23 'host compiler')" "['/usr/bin/gcc (gcc 13)']" "F23: the host gcc"
is "$(fix_command "$OUT" F23)" "export NVCC_CCBIN=/usr/bin/g++-12 CUDAHOSTCXX=/usr/bin/g++-12" "F23: the newest accepted g++ installed"
eval "$(fix_command "$OUT" F23)"
PATH=/usr/bin NVCC_CCBIN=$NVCC_CCBIN cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F23" "with NVCC_CCBIN set: gone"
unset NVCC_CCBIN CUDAHOSTCXX
rm "$R/usr/bin/g++-11" "$R/usr/bin/g++-12"
PATH=/usr/bin cds --root "$R" doctor --json
like "$(fix_command "$OUT" F23)" "apt-get install gcc-12 g\+\+-12" "F23: none installed: install gcc 12"

# ---- CTK-REPO: the container toolkit's apt source by distribution ---------
# as NVIDIA's per-distribution lists wrote it (and the oldest form without
# "stable/"); the fix points it at the generic stable/deb path, keeping its
# signed-by; the generic path and a commented line are healthy
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/etc/apt/sources.list.d"
L=$R/etc/apt/sources.list.d/nvidia-container-toolkit.list
printf '%s\n' 'deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://nvidia.github.io/libnvidia-container/stable/ubuntu22.04/$(ARCH) /' \
    '#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://nvidia.github.io/libnvidia-container/experimental/ubuntu22.04/$(ARCH) /' >"$L"
printf 'deb https://nvidia.github.io/libnvidia-container/ubuntu18.04/$(ARCH) /\n' \
    >"$R/etc/apt/sources.list.d/libnvidia-container.list"
cds --root "$R" doctor --json
is "$(titles "$OUT" CTK-REPO)" "[\"the container toolkit's apt source for ubuntu18.04 is a path NVIDIA no longer serves\", \"the container toolkit's apt source for ubuntu22.04 is a path NVIDIA no longer serves\"]" \
    "CTK-REPO: both sources by distribution, not the commented one"
in_root "$R" "$(fix_command "$OUT" CTK-REPO)"
in_root "$R" "$(jget "$OUT" '[f["fixes"][0]["command"] for f in d["findings"] if f["id"] == "CTK-REPO"][1]')"
is "$(head -n 1 "$L")" 'deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://nvidia.github.io/libnvidia-container/stable/deb/$(ARCH) /' \
    "CTK-REPO: the fix names stable/deb and keeps signed-by"
is "$(cat "$R/etc/apt/sources.list.d/libnvidia-container.list")" 'deb https://nvidia.github.io/libnvidia-container/stable/deb/$(ARCH) /' \
    "CTK-REPO: the oldest form goes to stable/deb"
is "$(fix_command "$OUT" CTK-REPO 1)" "sudo apt-get update" "CTK-REPO: then apt's update"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "CTK-REPO" "after the fix: gone (the commented line left alone)"
cds --root "$R" explain --json "E: The repository 'https://nvidia.github.io/libnvidia-container/stable/ubuntu22.04/amd64  Release' does not have a Release file."
is "$(jget "$OUT" 'd["id"]') $(jget "$OUT" 'd["verdict"]')" "CTR-REPO 0" \
    "explain: the message shows CTR-REPO's cause"
printf 'deb https://nvidia.github.io/libnvidia-container/stable/jammy/amd64 /\n' >"$L"
cds --root "$R" explain --json "E: The repository 'https://nvidia.github.io/libnvidia-container/stable/ubuntu22.04/amd64  Release' does not have a Release file."
is "$(jget "$OUT" '[f["id"] for f in d["findings"]]')" "[]" \
    "explain: a path without a release number is no finding (jammy is not a by-distribution directory NVIDIA used)"
printf 'deb https://nvidia.github.io/libnvidia-container/stable/ubuntu20.04/amd64 /\n' >"$L"
cds --root "$R" explain --json "E: The repository 'https://nvidia.github.io/libnvidia-container/stable/ubuntu20.04/amd64  Release' does not have a Release file."
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "CTK-REPO"]')" "ubuntu20.04" \
    "explain: doctor's finding shows the file to fix"

# ---- F25 ------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
U=https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64
mkdir -p "$R/etc/apt/sources.list.d" "$R/usr/share/keyrings"
: >"$R/usr/share/keyrings/cuda-archive-keyring.gpg"
echo "deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] $U/ /" >"$R/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list"
echo "deb [signed-by=/usr/share/keyrings/cuda.gpg] $U/ /" >"$R/etc/apt/sources.list.d/cuda.list"
cds --root "$R" doctor --json
is "$(titles "$OUT" F25)" "['$U is listed twice with different Signed-By']" "F25: conflicting Signed-By"
is "$(evidence "$OUT" F25 'apt says')" "['E: Conflicting values set for option Signed-By regarding source $U/']" "F25 in apt's words"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "F25"]')" "['error']" "F25: an error (apt stops)"
in_root "$R" "$(fix_command "$OUT" F25)"
check "the fix removed the second list" test ! -e "$R/etc/apt/sources.list.d/cuda.list"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F25" "after the fix: gone"
printf 'deb http://archive.ubuntu.com/ubuntu jammy main\ndeb %s/ /\n' "$U" >"$R/etc/apt/sources.list"
rm "$R/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list"
cds --root "$R" doctor --json
is "$(titles "$OUT" F25)" "['$U has no signed-by, and no cuda key is in trusted.gpg.d']" "F25: an entry without a key"
like "$(evidence "$OUT" F25 'apt says')" "NO_PUBKEY A4B469963BF863CC" "F25: the NO_PUBKEY message"
in_root "$R" "$(fix_command "$OUT" F25 1)"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F25" "the entry commented out: gone"

# ---- CUDA-HOME: the toolkit builds use and the nvcc on PATH -------------
R=$(mk_sysroot); cleanup_later "$R"
for v in 11.8.0 12.4.1; do
	_t=$R/usr/local/cuda-$v
	mkdir -p "$_t/bin" "$_t/lib64"
	printf '{"cuda": {"name": "CUDA SDK", "version": "%s"}}\n' "$v" >"$_t/version.json"
	printf '#!/bin/sh\n' >"$_t/bin/nvcc"; chmod +x "$_t/bin/nvcc"
	: >"$_t/lib64/libcudart.so.${v%%.*}"
done
echo 'export CUDA_HOME=/usr/local/cuda-11.8.0' >"$R/home/user/.bashrc"
S=$R/usr/local/lib/python3.10/dist-packages
mkdir -p "$S/torch" "$S/torch-2.3.1.dist-info"
printf 'Name: torch\nVersion: 2.3.1\n' >"$S/torch-2.3.1.dist-info/METADATA"
printf "cuda: Optional[str] = '12.1'\n" >"$S/torch/version.py"
P=/usr/local/cuda-12.4.1/bin:/usr/bin:/usr/local/cuda-11.8.0/bin
HOME=/home/user PATH=$P CUDA_HOME=/usr/local/cuda-11.8.0 cds --root "$R" doctor --json
is "$(titles "$OUT" CUDA-HOME)" "['CUDA_HOME=/usr/local/cuda-11.8.0 is CUDA 11.8.0, but the nvcc on PATH (/usr/local/cuda-12.4.1/bin/nvcc) is CUDA 12.4.1']" \
	"CUDA-HOME: CUDA_HOME and PATH's nvcc are two toolkits"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CUDA-HOME"]')" "['warning']" "CUDA-HOME: a warning (versions differ)"
is "$(evidence "$OUT" CUDA-HOME CUDA_HOME)" "['/usr/local/cuda-11.8.0, set in /home/user/.bashrc:1']" "CUDA-HOME: where CUDA_HOME is set"
like "$(evidence "$OUT" CUDA-HOME 'extension builds')" "compile with /usr/local/cuda-11.8.0/bin/nvcc" "CUDA-HOME: what extension builds use"
like "$(evidence "$OUT" CUDA-HOME 'a plain nvcc')" "run /usr/local/cuda-12.4.1/bin/nvcc \\(CUDA 12.4.1\\)" "CUDA-HOME: what a plain nvcc runs"
is "$(jget "$OUT" '(d["cuda"]["active_via"], d["cuda"]["active_toolkit_path"], d["cuda"]["nvcc"], d["cuda"]["nvcc_toolkit_path"])')" \
	"('CUDA_HOME', '/usr/local/cuda-11.8.0', '/usr/local/cuda-12.4.1/bin/nvcc', '/usr/local/cuda-12.4.1')" \
	"JSON: the active toolkit and PATH's nvcc apart"
is "$(jget "$OUT" '[(t["realpath"], t["nvcc_on_path"], t["shadowed"]) for t in d["toolkits"]]')" \
	"[('/usr/local/cuda-11.8.0', False, True), ('/usr/local/cuda-12.4.1', True, False)]" \
	"every nvcc on PATH is a toolkit; the later one is shadowed"
is "$(evidence "$OUT" F30 'nvcc on PATH')" "['12.4.1 at /usr/local/cuda-12.4.1 (/usr/local/cuda-12.4.1/bin/nvcc): what a plain \`nvcc\` runs']" \
	"F30: says which toolkit a plain nvcc runs"
like "$(evidence "$OUT" F30 'active toolkit')" "11.8.0 at /usr/local/cuda-11.8.0 \\(CUDA_HOME\\): what extension builds use" \
	"F30: and which one extension builds use"
NEWPATH=$(PATH=$P sh -c "$(fix_command "$OUT" CUDA-HOME); printf %s \"\$PATH\"")
HOME=/home/user PATH=$NEWPATH CUDA_HOME=/usr/local/cuda-11.8.0 cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "CUDA-HOME" "after the fix (CUDA_HOME's bin first on PATH): gone"
# CUDA_HOME naming nothing, or a directory without nvcc
HOME=/home/user PATH=$P CUDA_HOME=/opt/cuda-gone cds --root "$R" doctor --json
is "$(titles "$OUT" CUDA-HOME)" "['CUDA_HOME=/opt/cuda-gone names a directory that does not exist']" "CUDA-HOME: a missing directory"
is "$(fix_command "$OUT" CUDA-HOME)" "export CUDA_HOME=/usr/local/cuda-12.4.1" "CUDA-HOME: name PATH's toolkit instead"
mkdir -p "$R/opt/half/lib64"
HOME=/home/user PATH=$P CUDA_HOME=/opt/half cds --root "$R" doctor --json
is "$(titles "$OUT" CUDA-HOME)" "['CUDA_HOME=/opt/half names a directory without bin/nvcc']" "CUDA-HOME: a directory without nvcc"
# the same toolkit both ways: nothing
HOME=/home/user PATH=$P CUDA_HOME=/usr/local/cuda-12.4.1 cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "CUDA-HOME" "CUDA_HOME is PATH's toolkit: no finding"

# ---- a distribution's toolkit in /usr (Debian's nvidia-cuda-toolkit) -----
R=$(mk_sysroot); cleanup_later "$R"
L=/usr/lib/x86_64-linux-gnu
mkdir -p "$R/usr/bin" "$R/usr/include" "$R/usr/lib64" "$R/usr/lib/nvidia-cuda-toolkit/bin"
printf '#!/bin/sh\nexec /usr/lib/nvidia-cuda-toolkit/bin/nvcc "$@"\n' >"$R/usr/bin/nvcc"
chmod +x "$R/usr/bin/nvcc"
printf '#define CUDA_VERSION 12040\n' >"$R/usr/include/cuda.h"
: >"$R$L/libcudart.so.12.4.127"
ln -s libcudart.so.12.4.127 "$R$L/libcudart.so.12"
ln -s usr/bin "$R/bin"
PATH=/usr/bin:/bin cds --root "$R" doctor --json
is "$(jget "$OUT" '[(t["realpath"], t["version"], t["version_source"], t["libdir"], t["runtime"], t["nvcc"]) for t in d["toolkits"]]')" \
	"[('/usr', '12.4', 'cuda.h', '$L', True, True)]" \
	"/usr/bin/nvcc: the toolkit /usr, its multiarch library dir, runtime yes; /bin/nvcc is the same one"

# ---- nvcc --version has a deadline (this machine, no --root) -----------
W=$(mktemp -d); cleanup_later "$W"
mkdir -p "$W/hang/bin" "$W/tk/bin"
printf '#!/bin/sh\nsleep 617 && :\n' >"$W/hang/bin/nvcc"
printf '#!/bin/sh\necho "Cuda compilation tools, release 12.4, V12.4.131"\n' >"$W/tk/bin/nvcc"
chmod +x "$W/hang/bin/nvcc" "$W/tk/bin/nvcc"
# the cost of the same doctor without the hanging nvcc, in this run
t0=$(now)
PATH=$W/tk/bin:/usr/bin:/bin cds doctor --json
base=$(since "$t0")
t0=$(now)
PATH=$W/hang/bin:$W/tk/bin:/usr/bin:/bin cds doctor --json
el=$(since "$t0")
is "$(jget "$OUT" '[t["version"] for t in d["toolkits"] if t["realpath"] == "'"$W"'/hang"]')" "[None]" \
	"a hanging nvcc --version: no version"
is "$(jget "$OUT" '[(t["version"], t["version_source"]) for t in d["toolkits"] if t["realpath"] == "'"$W"'/tk"]')" \
	"[('12.4', 'nvcc')]" "a toolkit known only by nvcc --version: its release"
# the deadline is 10 s (scan.c); without one, 617 s
within "and doctor ended past the deadline, not waiting for nvcc" \
	"$el" 20 "$base"
sleep 1
ok "$(ps -eo args | grep -q '^sleep 617$' && echo 1 || echo 0)" "the hanging nvcc's child was killed with it"

done_testing
