#!/bin/sh
# Doctor's toolchain and environment-script rules on fake roots: F23 (the
# host gcc newer than the toolkit's crt/host_config.h allows; NVCC_CCBIN
# naming an accepted g++ fixes it), F25 (NVIDIA's apt repository listed
# twice with different Signed-By, or without a key), F28 (TensorFlow's
# documented activate.d recipe: CUDNN_PATH unset at activation, growing
# on every activation, no deactivate script).  Fix commands are run.
. "$CDS_SRCDIR/tests/lib.sh"
plan 22

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

# ---- F28 ------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
C=/home/user/miniconda3
E=$C/envs/tf
S=$E/lib/python3.9/site-packages
mkdir -p "$R$C/conda-meta" "$R$E/conda-meta" "$R$E/etc/conda/activate.d" "$R$S/nvidia/cudnn/lib"
# TensorFlow's documented recipe, as it lands in the file
echo 'export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CONDA_PREFIX/lib/:$CUDNN_PATH/lib' >"$R$E/etc/conda/activate.d/env_vars.sh"
HOME=/home/user CUDNN_PATH=/somewhere cds --root "$R" doctor --json
is "$(titles "$OUT" F28)" "['env tf: $E/etc/conda/activate.d/env_vars.sh:1 sets LD_LIBRARY_PATH badly']" "F28 raised"
is "$(evidence "$OUT" F28 'undefined variable')" "[\"\$CUDNN_PATH is read but not set by the env's scripts (set in this shell only)\"]" "F28: CUDNN_PATH undefined at activation"
like "$(evidence "$OUT" F28 'not idempotent')" "activating twice gives :$E/lib/:/lib:$E/lib/:/lib" "F28: grows on every activation"
is "$(evidence "$OUT" F28 'no deactivate.d script')" "['LD_LIBRARY_PATH is not restored when the env is deactivated']" "F28: no deactivate script"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F28" for x in f["fixes"]]')" "['$E/lib/:$S/nvidia/cudnn/lib']" "F28: the fix keeps the env's lib and what CUDNN_PATH meant"
sh -c "$(fix_command "$OUT" F28 | sed "s#$E/etc/conda/#$R$E/etc/conda/#g")"
check "the fix rewrote env_vars.sh" grep -q _CDS_OLD_LD_LIBRARY_PATH "$R$E/etc/conda/activate.d/env_vars.sh"
# what the new pair of scripts does, in a real shell: twice, then back
got=$(LD_LIBRARY_PATH=/orig sh -c ". '$R$E/etc/conda/activate.d/env_vars.sh'; . '$R$E/etc/conda/activate.d/env_vars.sh'; a=\$LD_LIBRARY_PATH; . '$R$E/etc/conda/deactivate.d/env_vars.sh'; echo \"\$a|\$LD_LIBRARY_PATH\"")
is "$got" "$E/lib/:$S/nvidia/cudnn/lib:/orig|/orig" "the new scripts: idempotent, and deactivation restores"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F28" "after the fix: gone"

done_testing
