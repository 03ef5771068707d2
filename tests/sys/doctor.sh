#!/bin/sh
# doctor on fake roots: no NVIDIA at all; two toolkits with the cuda link
# pointing at one; a WSL2 layout; a conda root with several envs (pip cuDNN
# wheels without .so links, conda's cudnn package); a framework built for a
# CUDA newer than the driver supports; --env/--prefix narrowing; --json
# shape; and, where present, the real /usr/local/cuda of this machine.
. "$CDS_SRCDIR/tests/lib.sh"
plan 65

W=$(mktemp -d); cleanup_later "$W"
# mk_so DIR FILE SONAME: a real shared library with that soname
mk_so() {
	mkdir -p "$1"
	echo "int cds_fixture_$(echo "$2" | tr -c 'a-z0-9\n' _)(void) { return 1; }" >"$W/so.c"
	$CC -shared -fPIC -Wl,-soname,"$3" -o "$1/$2" "$W/so.c"
}
# mk_toolkit ROOT VERSION: /usr/local/cuda-VERSION with version.json,
# libcudart and nvcc
mk_toolkit() {
	_t=$1/usr/local/cuda-$2
	_maj=${2%%.*}
	mkdir -p "$_t/bin" "$_t/include"
	mk_so "$_t/lib64" "libcudart.so.$2" "libcudart.so.$_maj"
	ln -sf "libcudart.so.$2" "$_t/lib64/libcudart.so.$_maj"
	printf '#!/bin/sh\necho "Cuda compilation tools, release %s, V%s"\n' \
		"${2%.*}" "$2" >"$_t/bin/nvcc"
	chmod +x "$_t/bin/nvcc"
	printf '{"cuda": {"name": "CUDA SDK", "version": "%s"}}\n' "$2" \
		>"$_t/version.json"
}
# mk_cudnn9_wheel SITE VERSION: pip's nvidia/cudnn/lib, only .so.9 files
mk_cudnn9_wheel() {
	_l=$1/nvidia/cudnn/lib
	for n in libcudnn libcudnn_graph libcudnn_ops libcudnn_cnn libcudnn_adv \
		libcudnn_engines_precompiled libcudnn_engines_runtime_compiled \
		libcudnn_heuristic; do
		mk_so "$_l" "$n.so.9" "$n.so.9"
	done
	mkdir -p "$1/nvidia_cudnn_cu12-$2.dist-info"
	printf 'Name: nvidia-cudnn-cu12\nVersion: %s\n' "$2" \
		>"$1/nvidia_cudnn_cu12-$2.dist-info/METADATA"
}
# mk_driver ROOT VERSION: the kernel module's version files
mk_driver() {
	mkdir -p "$1/proc/driver/nvidia" "$1/sys/module/nvidia"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2024\nGCC version:  gcc version 12.2.0\n' \
		"$2" >"$1/proc/driver/nvidia/version"
	echo "$2" >"$1/sys/module/nvidia/version"
}

# ---- no NVIDIA at all -------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" doctor
is "$RC" 0 "bare system: exit 0 (a warning only)"
like "$OUT" "driver supports +none +not probed|driver supports +none" "bare: driver none"
like "$OUT" "active toolkit +none" "bare: no toolkit"
like "$OUT" "cuDNN copies.*" "bare: cuDNN section"
like "$OUT" "frameworks bundle +none" "bare: no framework"
cds --root "$R" doctor --json
is "$RC" 0 "bare --json: exit 0"
is "$(jget "$OUT" 'len(d["toolkits"]), len(d["cudnn"]), len(d["envs"])')" "(0, 0, 0)" "bare --json: nothing found"
is "$(jget "$OUT" 'd["driver"]["module_version"]')" "None" "bare --json: no module"
is "$ERR" "" "--json: nothing on stderr"

# ---- two toolkits, /usr/local/cuda -> one ----------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_toolkit "$R" 12.4.1
mk_toolkit "$R" 11.8.0
ln -s /usr/local/cuda-11.8.0 "$R/usr/local/cuda"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'len(d["toolkits"])')" 2 "two toolkits found"
is "$(jget "$OUT" 'd["default_toolkit"]["target"]')" /usr/local/cuda-11.8.0 "cuda link target named"
is "$(jget "$OUT" '[t["version"] for t in d["toolkits"] if t["default"]][0]')" 11.8.0 "default is 11.8.0 (version.json)"
is "$(jget "$OUT" 'd["cuda"]["active_toolkit"]')" 11.8.0 "active is the default without CUDA_HOME"
CUDA_HOME=/usr/local/cuda-12.4.1 cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["cuda"]["active_toolkit"], d["cuda"]["active_via"]')" "('12.4.1', 'CUDA_HOME')" "CUDA_HOME makes 12.4.1 active"
cds --root "$R" doctor
like "$OUT" "12.4.1 +/usr/local/cuda-12.4.1" "text lists 12.4.1"
like "$OUT" "/usr/local/cuda, active" "text marks the default and active one"
# the cuda link to a missing toolkit
rm "$R/usr/local/cuda"; ln -s /usr/local/cuda-12.2 "$R/usr/local/cuda"
cds --root "$R" doctor --json
is "$RC" 1 "cuda link to a missing toolkit: exit 1"
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] == "error"]')" "['CUDA-LINK']" "CUDA-LINK raised"
like "$(jget "$OUT" '[f["fixes"][0]["command"] for f in d["findings"] if f["id"] == "CUDA-LINK"][0]')" \
	"ln -sfn /usr/local/cuda-12.4.1 /usr/local/cuda" "fix: point it at the newest complete toolkit"

# ---- driver older than the toolkit / a framework ----------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_toolkit "$R" 12.4.1
ln -s /usr/local/cuda-12.4.1 "$R/usr/local/cuda"
mk_driver "$R" 470.82.01
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["driver"]["module_version"]')" 470.82.01 "module version read from /proc"
is "$RC" 1 "driver 470 with toolkit 12.4: exit 1"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F16"]')" \
	"needs CUDA 12.4.1, which needs driver 525.60.13 or newer; this driver is 470.82.01" \
	"F16 names the CUDA, the floor from the manifest and the driver"
rm -rf "$R/proc/driver"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["driver"]["module_version"]')" 470.82.01 "module version from /sys when /proc is absent"

# a framework pinning CUDA 12.1 under driver 470, in a conda env
C=$R/home/user/miniconda3
mkdir -p "$C/conda-meta" "$C/envs/old/conda-meta" \
	"$C/envs/old/lib/python3.10/site-packages/torch"
S=$C/envs/old/lib/python3.10/site-packages
mkdir -p "$S/torch-2.3.1.dist-info"
printf 'Name: torch\nVersion: 2.3.1\nRequires-Dist: nvidia-cudnn-cu12==8.9.2.26; platform_system == "Linux"\n' >"$S/torch-2.3.1.dist-info/METADATA"
printf "__version__ = '2.3.1+cu121'\ncuda = '12.1'\n" >"$S/torch/version.py"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(p["name"], p["cuda"], p["cudnn"]) for p in d["envs"][1]["packages"]]')" \
	"[('torch', '12.1', '8.9.2.26')]" "torch's CUDA from version.py, cuDNN from its pin"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F16"]')" \
	"torch 2.3.1 in env old needs CUDA 12.1" "F16 for the framework too"
HOME=/home/user cds --root "$R" doctor
like "$OUT" "frameworks bundle +12.1 +torch 2.3.1 \(env old\)" "text: the framework's CUDA among the three numbers"

# ---- WSL2 ------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_so "$R/usr/lib/wsl/lib" libcuda.so.1 libcuda.so.1
mk_so "$R/usr/lib/wsl/lib" libdxcore.so libdxcore.so
mkdir -p "$R/dev"
: >"$R/dev/dxg"
echo "Linux version 5.15.133.1-microsoft-standard-WSL2" >"$R/proc/version"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["driver"]["wsl"], d["driver"]["wsl_lib_on_path"]')" "(True, False)" "WSL2 seen, lib dir not searched"
is "$(jget "$OUT" '[f["id"] for f in d["findings"]]')" "['WSL-LIB-PATH']" "WSL-LIB-PATH raised"
# NVML reaches the GPU through libdxcore.so and /dev/dxg: a GPU-PV guest
# given only System32\lxss\lib's files lacks the one, a kernel without
# dxgkrnl the other (staralt/dxgkrnl-dkms#7, seflerZ/oneclick-gpu-pv#8)
rm "$R/usr/lib/wsl/lib/libdxcore.so"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[(f["id"], f["severity"]) for f in d["findings"] if f["id"] == "WSL-DXCORE"]')" "[('WSL-DXCORE', 'error')]" "no libdxcore.so beside libcuda.so.1: WSL-DXCORE"
like "$(fix_command "$OUT" WSL-DXCORE)" "wsl --update.*copy libdxcore.so, libd3d12.so and libd3d12core.so" "the fix: WSL's update, or the guest's missing files"
cds --root "$R" explain --json 'Failed to initialize NVML: GPU access blocked by the operating system'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GPU-BLOCKED', 0)" "explain of NVML's words there: GPU-BLOCKED, cause 1 shown"
mk_so "$R/usr/lib/wsl/lib" libdxcore.so libdxcore.so
rm "$R/dev/dxg"
cds --root "$R" doctor --json
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "WSL-DXCORE"]')" "without /dev/dxg:" "no /dev/dxg: the kernel's driver named"
: >"$R/dev/dxg"
cds --root "$R" explain --json 'Failed to initialize NVML: GPU access blocked by the operating system'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GPU-BLOCKED', None)" "both there: no cause claimed"
mkdir -p "$R/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R/etc/ld.so.conf"
echo "/usr/lib/wsl/lib" >"$R/etc/ld.so.conf.d/ld.wsl.conf"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["driver"]["wsl_lib_on_path"]')" True "ld.wsl.conf puts it on the path"
is "$(jget "$OUT" '[f["id"] for f in d["findings"]]')" "[]" "and the finding is gone"
is "$(jget "$OUT" 'd["loader"]["search"][0]')" \
	"{'dir': '/usr/lib/wsl/lib', 'via': '/etc/ld.so.conf.d/ld.wsl.conf', 'exists': True}" \
	"the search dir names the conf file that adds it"

# ---- conda root with several envs ------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
C=$R/home/user/miniconda3
mkdir -p "$C/conda-meta" "$C/bin"
# env "dl310": pip torch + nvidia-cudnn-cu12 wheel, no .so links
S=$C/envs/dl310/lib/python3.10/site-packages
mkdir -p "$C/envs/dl310/conda-meta" "$S/torch"
mk_cudnn9_wheel "$S" 9.1.0.70
mkdir -p "$S/torch-2.4.0.dist-info"
printf 'Name: torch\nVersion: 2.4.0\nRequires-Dist: nvidia-cudnn-cu12==9.1.0.70\n' >"$S/torch-2.4.0.dist-info/METADATA"
printf "cuda = '12.1'\n" >"$S/torch/version.py"
# env "tf": conda's cudnn package in lib/ with the full chain
E=$C/envs/tf
mkdir -p "$E/conda-meta" "$E/lib/python3.9/site-packages"
echo '{"name": "cudnn", "version": "8.9.7.29"}' >"$E/conda-meta/cudnn-8.9.7.29-hcdd5f01_2.json"
for n in libcudnn libcudnn_ops_infer libcudnn_ops_train libcudnn_cnn_infer \
	libcudnn_cnn_train libcudnn_adv_infer libcudnn_adv_train; do
	mk_so "$E/lib" "$n.so.8.9.7" "$n.so.8"
	ln -s "$n.so.8.9.7" "$E/lib/$n.so.8"
	ln -s "$n.so.8" "$E/lib/$n.so"
done
# an env listed only in environments.txt
mkdir -p "$R/home/user/.conda" "$R/srv/envs/extra/conda-meta"
echo /srv/envs/extra >"$R/home/user/.conda/environments.txt"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" 'sorted(e["name"] for e in d["envs"])')" "['base', 'dl310', 'extra', 'tf']" "envs from envs/ and environments.txt"
is "$(jget "$OUT" '[(c["origin"], c["env"], c["version"], c["complete"], c["dev_links"]) for c in d["cudnn"] if c["env"] == "dl310"]')" \
	"[('pip', 'dl310', '9.1.0', True, False)]" "pip cuDNN 9.1.0 found: complete, no dev links"
is "$(jget "$OUT" '[(c["origin"], c["version"], c["complete"], c["dev_links"]) for c in d["cudnn"] if c["env"] == "tf"]')" \
	"[('conda', '8.9.7', True, True)]" "conda cuDNN 8.9.7 found with its chain"
is "$(jget "$OUT" '[e["conda_cudnn"] for e in d["envs"] if e["name"] == "tf"]')" "['8.9.7.29']" "conda-meta cudnn version"
is "$(jget "$OUT" '[c["package_version"] for c in d["cudnn"] if c["env"] == "dl310"]')" "['9.1.0.70']" "the wheel's dist-info version"
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] != "NO-DRIVER"]')" "['DEV-LINKS']" "DEV-LINKS raised for the wheel only"
like "$(jget "$OUT" '[f["fixes"][0]["command"] for f in d["findings"] if f["id"] == "DEV-LINKS"][0]')" \
	"ln -s libcudnn.so.9 .*/envs/dl310/lib/python3.10/site-packages/nvidia/cudnn/lib/libcudnn.so" "the fix is the ln command"
# the note in words: one line of links, one command for them all; the JSON
# keeps each link as a fix of its own
is "$(jget "$OUT" '[len(f["fixes"]) for f in d["findings"] if f["id"] == "DEV-LINKS"]')" "[8]" \
	"--json: each of the eight links a fix"
is "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "DEV-LINKS" for e in f["evidence"] if e["key"] == "missing links"]')" \
	"['libcudnn.so, libcudnn_graph.so, libcudnn_ops.so, libcudnn_cnn.so, libcudnn_adv.so, libcudnn_engines_precompiled.so, libcudnn_engines_runtime_compiled.so, libcudnn_heuristic.so (each a link to its .so.9)']" \
	"the missing links: one evidence line"
DJ=$OUT
HOME=/home/user cds --root "$R" doctor
note=$(printf '%s\n' "$OUT" | sed -n '/\[DEV-LINKS\]/,/^  [a-z]/p')
is "$(printf '%s\n' "$note" | grep -c 'fix:')" 1 "text: one fix line"
is "$(printf '%s\n' "$note" | grep -c 'missing links:')" 1 "text: one line of links"
unlike "$note" "ln -s libcudnn" "text: no ln -s per link"
like "$note" "repair --env dl310\$" "text: repair names the env (not its conda base)"
# the command a person would type (the lines joined, the dir under the root)
fix=$(printf '%s\n' "$note" | sed -n '/fix:/,/done$/p' | sed 's/^ *//; s/^fix: //; s/ \\$//' | tr '\n' ' ')
like "$fix" '^cd /home/user/miniconda3/envs/dl310/lib/python3.10/site-packages/nvidia/cudnn/lib && for l in libcudnn\*\.so\.9; do' \
	"text: the links as one ln -s loop"
(sh -c "${fix%% *} $R${fix#cd }") >/dev/null 2>&1
is "$(jget "$DJ" '" ".join(x["target"] for f in d["findings"] if f["id"] == "DEV-LINKS" for x in f["fixes"])')" \
	"$(for p in $(jget "$DJ" '" ".join(x["path"] for f in d["findings"] if f["id"] == "DEV-LINKS" for x in f["fixes"])'); do readlink "$R$p"; done | tr '\n' ' ' | sed 's/ $//')" \
	"the loop made each link --json names"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] != "NO-DRIVER"]')" "[]" "after the links, no finding"
# a mixed set in one dir (F2's shape, reported by the scan)
mk_so "$E/lib" libcudnn_cnn_train.so.8.4.1 libcudnn_cnn_train.so.8
ln -sf libcudnn_cnn_train.so.8.4.1 "$E/lib/libcudnn_cnn_train.so.8"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(c["complete"], sorted(c["mixed"])) for c in d["cudnn"] if c["env"] == "tf"]')" \
	"[(False, ['libcudnn.so.8=8.9.7', 'libcudnn_cnn_train.so.8=8.4.1'])]" "a mixed set names both versions"

# ---- narrowing ---------------------------------------------------------
HOME=/home/user cds --root "$R" doctor --env dl310 --json
is "$(jget "$OUT" '[e["name"] for e in d["envs"]]')" "['dl310']" "--env narrows to one env"
HOME=/home/user cds --root "$R" doctor --prefix /srv/envs/extra --json
is "$(jget "$OUT" '[e["prefix"] for e in d["envs"]]')" "['/srv/envs/extra']" "--prefix by path"
HOME=/home/user cds --root "$R" doctor --env nosuch
is "$RC" 2 "unknown env: exit 2"
like "$ERR" "nosuch: no such env \(known: base, dl310, tf, extra\)" "unknown env: names the known ones"
HOME=/home/user cds --root "$R" doctor --env dl310 --prefix /x
is "$RC" 2 "--env with --prefix: exit 2"
HOME=/home/user CONDA_PREFIX=/home/user/miniconda3/envs/tf cds --root "$R" doctor --json
is "$(jget "$OUT" '[e["name"] for e in d["envs"] if e["active"]]')" "['tf']" "CONDA_PREFIX marks the active env"

# ---- the real machine ------------------------------------------------
if [ -e /usr/local/cuda/lib64/libcudnn.so.9 ] && [ -e /usr/local/cuda/include/cudnn_version.h ]; then
	cds doctor --json
	want=$(sed -n 's/^#define CUDNN_MAJOR \([0-9]*\)/\1/p; s/^#define CUDNN_MINOR \([0-9]*\)/\1/p; s/^#define CUDNN_PATCHLEVEL \([0-9]*\)/\1/p' \
		/usr/local/cuda/include/cudnn_version.h | paste -sd.)
	real=$(readlink -f /usr/local/cuda/lib64)
	is "$(jget "$OUT" '[(c["version"], c["complete"], c["missing"], c["mixed"]) for c in d["cudnn"] if c["dir"] == "'"$real"'"]')" \
		"[('$want', True, [], [])]" "real cuDNN $want in $real: complete"
	is "$(jget "$OUT" '[len([f for f in c["files"] if f["name"].endswith(".so.9")]) for c in d["cudnn"] if c["dir"] == "'"$real"'"]')" \
		"[8]" "all 8 sublibraries of cuDNN 9"
	tk=$(readlink -f /usr/local/cuda)
	is "$(jget "$OUT" '[t["realpath"] for t in d["toolkits"] if t["default"]]')" "['$tk']" "the real toolkit is the default"
	like "$(jget "$OUT" '[t["version"] for t in d["toolkits"] if t["default"]][0]')" "^[0-9]+\.[0-9]+" "with a version"
	if [ ! -e /proc/driver/nvidia/version ]; then
		is "$(jget "$OUT" 'd["driver"]["state"]')" "no-module" "no kernel module here"
		unlike "$(jget "$OUT" '[f["id"] for f in d["findings"]]')" "F2|F1|DEV-LINKS" "no finding against the healthy cuDNN set"
	else
		skip 2 "this machine has an NVIDIA kernel module"
	fi
else
	skip 6 "no real cuDNN 9 in /usr/local/cuda"
fi

done_testing
