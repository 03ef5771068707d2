#!/bin/sh
# Doctor's conda rules (src/doctor/rules_conda.c) on fake roots with
# conda-shaped envs, pip dist-info and tiny real libraries: F3 (a conda
# env's own cudnn package under a pip framework), F27 (CPU builds, conda's
# and pip's, on a machine with a GPU; none without one) and F28
# (TensorFlow's documented activate.d recipe: CUDNN_PATH unset at
# activation, growing on every activation, no deactivate script; the fix's
# pair of scripts run in a real shell, also for an env whose path holds a
# space and both quotes).  REPAIR-CUT, a repair cut short, is
# tested where repairs are cut: tests/sys/repair-crash.sh.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/envs.sh"
plan 20

# ---- F3: conda's cudnn under a pip framework ----------------------------
R=$(mk_sysroot); cleanup_later "$R"
S=$(mk_env "$R" pt 3.10)
mk_dist "$R$S" tensorflow 2.13.0
echo '{"name": "cudnn", "version": "8.2.1"}' >"$R$C/envs/pt/conda-meta/cudnn-8.2.1-cuda11.3_0.json"
mk_cudnn8 "$R$C/envs/pt/lib" 8.2.1
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F3)" "[\"env pt: conda's cudnn 8.2.1, but tensorflow 2.13.0 needs cuDNN 8.6\"]" "F3 raised"
like "$(evidence "$OUT" F3 'its libraries')" "$C/envs/pt/lib \(found first through python's RPATH" "F3 names the env's lib"
is "$(fix_command "$OUT" F3)" "conda install -p $C/envs/pt -c conda-forge cudnn=8.6" "F3: the conda command"
# what that conda command leaves behind
rm "$R$C/envs/pt/conda-meta/cudnn-8.2.1-cuda11.3_0.json"
echo '{"name": "cudnn", "version": "8.6.0"}' >"$R$C/envs/pt/conda-meta/cudnn-8.6.0.163-cuda11_0.json"
rm -f "$R$C/envs/pt/lib"/libcudnn*
mk_cudnn8 "$R$C/envs/pt/lib" 8.6.0
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F3" "aligned conda cudnn: gone"

# ---- F27: CPU builds on a machine with a GPU ----------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 550.54.15
S=$(mk_env "$R" c 3.10)
echo '{}' >"$R$C/envs/c/conda-meta/pytorch-2.1.0-py3.10_cpu_0.json"
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F27)" "['torch 2.1.0 in env c is a CPU-only build on a machine with an NVIDIA GPU']" "F27 raised"
is "$(fix_command "$OUT" F27)" "env CONDA_OVERRIDE_CUDA=12 conda install -p $C/envs/c -c conda-forge 'pytorch=*=*cuda*'" "F27: the override names the driver's CUDA major"
# what conda leaves after that command
rm "$R$C/envs/c/conda-meta/pytorch-2.1.0-py3.10_cpu_0.json"
echo '{}' >"$R$C/envs/c/conda-meta/pytorch-2.1.0-py3.10_cuda12.1_cudnn8.9.2_0.json"
P=/usr/local/lib/python3.10/dist-packages
mk_dist "$R$P" torch 2.3.1+cpu
HOME=/home/user cds --root "$R" doctor --json
is "$(titles "$OUT" F27)" "['torch 2.3.1+cpu is a CPU-only build on a machine with an NVIDIA GPU']" "F27: the pip +cpu build (the conda one is gone)"
rm -rf "$R/proc/driver" "$R/sys/module/nvidia"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F27" "no GPU: a CPU build is right"

# ---- F28 ------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
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

# ---- F28 in an env whose path the shell must not read: a space, ', ", $ --
R=$(mk_sysroot); cleanup_later "$R"
E="$C/envs/o'neil \"tf\" \$x"
S=$E/lib/python3.9/site-packages
mkdir -p "$R$C/conda-meta" "$R$E/conda-meta" "$R$E/etc/conda/activate.d" "$R$S/nvidia/cudnn/lib"
echo 'export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CONDA_PREFIX/lib/:$CUDNN_PATH/lib' >"$R$E/etc/conda/activate.d/env_vars.sh"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F28" for x in f["fixes"]][0]' 2>&1)" \
	"$E/lib/:$S/nvidia/cudnn/lib" "F28 in that env: raised, its directories named"
# the command as a person runs it, its paths moved under the root: the
# quoted form of "$E/etc/conda/" becomes the quoted form of "$R$E/..."
cmd=$(python3 -c 'import sys
q = lambda s: s.replace("\x27", "\x27\\\x27\x27")
print(sys.argv[1].replace(q(sys.argv[2]), q(sys.argv[3] + sys.argv[2])))' \
	"$(fix_command "$OUT" F28)" "$E/etc/conda/" "$R")
sh -c "$cmd"
ok $? "the fix runs in sh"
got=$(LD_LIBRARY_PATH=/orig x=bad sh -c ". \"\$1/activate.d/env_vars.sh\"; . \"\$1/activate.d/env_vars.sh\"; a=\$LD_LIBRARY_PATH; . \"\$1/deactivate.d/env_vars.sh\"; printf '%s|%s' \"\$a\" \"\$LD_LIBRARY_PATH\"" sh "$R$E/etc/conda")
is "$got" "$E/lib/:$S/nvidia/cudnn/lib:/orig|/orig" \
	"its scripts put those directories first, as they are, and take them back"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F28" "after the fix: gone"

done_testing
