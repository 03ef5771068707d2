#!/bin/sh
# Doctor's loader rules on fake roots, with tiny but real cuDNN sets built by
# tests/fixtures/mkcudnn.sh: F1 (a pip wheel's cuDNN 8 binding another
# release's sibling because LD_LIBRARY_PATH puts it first), F5 (cuDNN
# needing a cuBLAS nobody provides), F12 (pip cuSPARSE binding an older
# nvJitLink), F13 and F6 (a framework library needing a runtime that is not
# on the path), F13's lying links; each fix command is run and the finding
# checked gone.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 41

# ---- F1: two cuDNN 8 sets, LD_LIBRARY_PATH order ----------------------
R=$(mk_sysroot); cleanup_later "$R"
E=/home/user/miniconda3/envs/dl
S=$E/lib/python3.10/site-packages
mkdir -p "$R/home/user/miniconda3/conda-meta" "$R$E/conda-meta" "$R$S/torch"
# torch's own wheel: cuDNN 8.5.0, pip layout (only .so.8 files)
mk_cudnn8 "$R$S/nvidia/cudnn/lib" 8.5.0 wheel
mkdir -p "$R$S/nvidia_cudnn_cu11-8.5.0.96.dist-info"
printf 'Name: nvidia-cudnn-cu11\nVersion: 8.5.0.96\n' >"$R$S/nvidia_cudnn_cu11-8.5.0.96.dist-info/METADATA"
mkdir -p "$R$S/torch-2.0.1.dist-info"
printf 'Name: torch\nVersion: 2.0.1\nRequires-Dist: nvidia-cudnn-cu11==8.5.0.96\n' >"$R$S/torch-2.0.1.dist-info/METADATA"
printf "cuda = '11.7'\n" >"$R$S/torch/version.py"
# an older cuDNN 8.3.2 in a system toolkit, put first by ~/.bashrc
mk_cudnn8 "$R/usr/local/cuda-11.6/lib64" 8.3.2
printf '# cuda\nexport PATH=/usr/local/cuda-11.6/bin:$PATH\nexport LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64:$LD_LIBRARY_PATH\n' >"$R/home/user/.bashrc"
LLP=/usr/local/cuda-11.6/lib64
HOME=/home/user LD_LIBRARY_PATH=$LLP cds --root "$R" doctor --json
is "$RC" 1 "F1: exit 1"
like "$(finding_ids "$OUT")" "'F1'" "F1 raised"
is "$(evidence "$OUT" F1 'loader says')" \
	"['$S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8']" \
	"F1: ld.so's exact message for the wheel's cnn_infer"
like "$(evidence "$OUT" F1 library)" "$S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8 \(cuDNN 8.5.0" "F1 names the wheel's file and its version"
like "$(evidence "$OUT" F1 'bound to')" "/usr/local/cuda-11.6/lib64/libcudnn_ops_infer.so.8 \(cuDNN 8.3.2\)" "F1 names the other set's file and version"
is "$(evidence "$OUT" F1 'put first by')" \
	"['LD_LIBRARY_PATH entry /usr/local/cuda-11.6/lib64, set in /home/user/.bashrc:3']" \
	"F1 names the LD_LIBRARY_PATH entry and the line that sets it"
like "$(finding_ids "$OUT")" "'F9'" "torch's cuDNN check (F9) sees the same older copy"
cmd=$(fix_command "$OUT" F1)
like "$cmd" "grep -Fvx /usr/local/cuda-11.6/lib64" "F1's fix drops that entry"
NEW=$(LD_LIBRARY_PATH=$LLP sh -c "$cmd; printf %s \"\$LD_LIBRARY_PATH\"")
is "$NEW" "" "the fix command leaves LD_LIBRARY_PATH without it"
HOME=/home/user LD_LIBRARY_PATH=$NEW cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F1'|'F9'" "after the fix: no F1, no F9"
HOME=/home/user LD_LIBRARY_PATH=$LLP cds --root "$R" doctor
like "$OUT" "error +\[F1\]" "text: F1 as an error"
like "$(printf '%s' "$OUT" | tr '\n' ' ' | tr -s ' ')" "undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8" "text: the loader's message (wrapped at 80 columns)"
# the same older set placed by an activate.d script of a non-active env
mkdir -p "$R$E/etc/conda/activate.d"
printf 'export LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n' >"$R$E/etc/conda/activate.d/cuda.sh"
HOME=/home/user cds --root "$R" doctor --json --env dl
like "$(evidence "$OUT" F1 'put first by')" "activate.d of env dl \($E/etc/conda/activate.d/cuda.sh:1\)" \
	"F1 for an env that is not active: its activate.d script puts the entry first"
rm -rf "$R$E/etc/conda"
# the older set found as a toolkit's, then named through a link to its
# directory: the copy is the same one (directories compare resolved)
printf '{"cuda": {"version": "11.6.2"}}\n' >"$R/usr/local/cuda-11.6/version.json"
mkdir -p "$R/opt"
ln -s /usr/local/cuda-11.6/lib64 "$R/opt/cudnn-old"
HOME=/home/user LD_LIBRARY_PATH=/opt/cudnn-old cds --root "$R" doctor --json
like "$(titles "$OUT" F9)" "cuDNN 8.3.2 in /usr/local/cuda-11.6/lib64 comes first" \
	"F9 through a link to the older set's directory: that copy"

# ---- F5: cuDNN 8 for CUDA 11 needs cuBLAS 11 ------------------------
R=$(mk_sysroot); cleanup_later "$R"
MKCUDNN_NEEDED="libcublas.so.11 libcublasLt.so.11" mk_cudnn8 "$R/usr/local/cuda-12.4/lib64" 8.9.7
mkdir -p "$R/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R/etc/ld.so.conf"
echo /usr/local/cuda-12.4/lib64 >"$R/etc/ld.so.conf.d/cuda.conf"
cds --root "$R" doctor --json
like "$(finding_ids "$OUT")" "'F5'" "F5 raised"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F5"]')" \
	"cuDNN 8.9.7 in /usr/local/cuda-12.4/lib64 needs libcublas.so.11" "F5 names the copy and the library"
like "$(evidence "$OUT" F5 'cuDNN says')" "Could not load library libcudnn_ops_infer.so.8. Error: libcublas.so.11: cannot open shared object file: No such file or directory" "F5: cuDNN's and ld.so's words"
like "$(evidence "$OUT" F5 'shipped by')" "CUDA 11.8.0 \(libcublas.so.11\)" "F5: the CUDA release that ships it, from the manifest"
is "$(jget "$OUT" '[x["action"] + " " + x["target"] for f in d["findings"] if f["id"] == "F5" for x in f["fixes"] if x["action"] == "install"]')" \
	"['install 11.8.0']" "F5: repair installs CUDA 11.8.0"
# cuBLAS 11 installed in another toolkit, not on the path: the fix puts it there
mk_solib "$R/usr/local/cuda-11.8/lib64/libcublas.so.11" libcublas.so.11
mk_solib "$R/usr/local/cuda-11.8/lib64/libcublasLt.so.11" libcublasLt.so.11
cds --root "$R" doctor --json
like "$(evidence "$OUT" F5 'installed in')" "/usr/local/cuda-11.8/lib64/libcublas.so.11, which the loader does not search" "F5: found off the path"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F5" for x in f["fixes"] if x["action"] == "none" and "bashrc" in x["command"]]')" \
	"['/usr/local/cuda-11.8/lib64']" "F5: the fix adds that directory"
LD_LIBRARY_PATH=/usr/local/cuda-11.8/lib64 cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F5'" "with it on LD_LIBRARY_PATH: F5 gone"

# ---- F12: pip cuSPARSE and an older nvJitLink --------------------------
R=$(mk_sysroot); cleanup_later "$R"
E=/home/user/miniconda3/envs/rag
S=$E/lib/python3.11/site-packages
mkdir -p "$R/home/user/miniconda3/conda-meta" "$R$E/conda-meta" "$R$S"
mk_solib "$R$S/nvidia/nvjitlink/lib/libnvJitLink.so.12" libnvJitLink.so.12 \
	-V libnvJitLink.so.12 -D STUB_SYMBOL=__nvJitLinkAddData_12_4
mk_solib "$R$S/nvidia/cusparse/lib/libcusparse.so.12" libcusparse.so.12 \
	-R '$ORIGIN/../../nvjitlink/lib' -n "$R$S/nvidia/nvjitlink/lib/libnvJitLink.so.12" \
	-D STUB_SYMBOL=cusparseCreate -D STUB_CALL=__nvJitLinkAddData_12_4
mk_solib "$R/usr/local/cuda-12.1/lib64/libnvJitLink.so.12" libnvJitLink.so.12 \
	-V libnvJitLink.so.12 -D STUB_SYMBOL=__nvJitLinkAddData_12_1
HOME=/home/user LD_LIBRARY_PATH=/usr/local/cuda-12.1/lib64 cds --root "$R" doctor --json
like "$(finding_ids "$OUT")" "'F12'" "F12 raised"
is "$(evidence "$OUT" F12 'loader says')" \
	"['$S/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_4, version libnvJitLink.so.12']" \
	"F12: ld.so's exact message"
like "$(evidence "$OUT" F12 nvJitLink)" "/usr/local/cuda-12.1/lib64/libnvJitLink.so.12" "F12 names the older nvJitLink"
like "$(evidence "$OUT" F12 'put first by')" "LD_LIBRARY_PATH entry /usr/local/cuda-12.1/lib64" "F12 names the entry"
HOME=/home/user cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F12'" "without the entry: F12 gone"

# ---- F13 / F6: a framework needs a runtime that is not on the path ---
R=$(mk_sysroot); cleanup_later "$R"
E=/home/user/miniconda3/envs/tf1
S=$E/lib/python3.6/site-packages
mkdir -p "$R/home/user/miniconda3/conda-meta" "$R$E/conda-meta" \
	"$R$S/tensorflow/python" "$R$S/tensorflow_gpu-1.4.0.dist-info"
printf 'Name: tensorflow-gpu\nVersion: 1.4.0\n' >"$R$S/tensorflow_gpu-1.4.0.dist-info/METADATA"
mk_solib "$R$S/tensorflow/python/_pywrap_tensorflow_internal.so" _pywrap_tensorflow_internal.so \
	-N libcudart.so.8.0 -N libcublas.so.8.0
HOME=/home/user cds --root "$R" doctor --json
like "$(finding_ids "$OUT")" "'F13'" "F13 raised"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F13"]')" "tensorflow-gpu 1.4.0 needs libcudart.so.8.0" "F13 names the soname"
like "$(evidence "$OUT" F13 'Python says')" "ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory" "F13: the ImportError as Python prints it"
like "$(evidence "$OUT" F13 'shipped by')" "no CUDA release this program knows" "F13: CUDA 8.0 is not in the manifest, and says so"
# the runtime exists in a side-by-side toolkit: the fix names its dir
mk_solib "$R/usr/local/cuda-8.0/lib64/libcudart.so.8.0.61" libcudart.so.8.0
ln -s libcudart.so.8.0.61 "$R/usr/local/cuda-8.0/lib64/libcudart.so.8.0"
mk_solib "$R/usr/local/cuda-8.0/lib64/libcublas.so.8.0" libcublas.so.8.0
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x["action"] == "activate"]')" \
	"['/usr/local/cuda-8.0/lib64']" "F13: activate the side-by-side toolkit's lib dir"
# run the fix: it writes the env's activate.d and deactivate.d scripts
cmd=$(fix_command "$OUT" F13)
sh -c "$(printf '%s' "$cmd" | sed "s#$E/etc/conda/#$R$E/etc/conda/#g")"
check "F13 fix wrote the activate script" test -s "$R$E/etc/conda/activate.d/cudnn-setup.sh"
check "and the deactivate script" test -s "$R$E/etc/conda/deactivate.d/cudnn-setup.sh"
HOME=/home/user cds --root "$R" doctor --json --env tf1
unlike "$(finding_ids "$OUT")" "'F13'|'F28'" "after the fix: no F13, and the script is clean (no F28)"
# the anti-pattern: a link named 8.0 pointing at 9.2
rm "$R/usr/local/cuda-8.0/lib64/libcudart.so.8.0"
mk_solib "$R/usr/local/cuda-8.0/lib64/libcudart.so.9.2.148" libcudart.so.9.2
ln -s libcudart.so.9.2.148 "$R/usr/local/cuda-8.0/lib64/libcudart.so.8.0"
HOME=/home/user cds --root "$R" doctor --json --env tf1
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F13" and f["severity"] == "warning"]')" \
	"/usr/local/cuda-8.0/lib64/libcudart.so.8.0 claims version 8.0 but is /usr/local/cuda-8.0/lib64/libcudart.so.9.2.148" \
	"F13 warns about a link that lies about its version"
cmd=$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" and f["severity"] == "warning" for x in f["fixes"]][0]')
sh -c "$(printf '%s' "$cmd" | sed "s#/usr/local#$R/usr/local#g")"
HOME=/home/user cds --root "$R" doctor --json --env tf1
unlike "$(jget "$OUT" '[f["title"] for f in d["findings"]]')" "claims version" "after rm: the warning is gone"
# F6: the cuDNN it needs exists only in a pip wheel
mk_solib "$R$S/tensorflow/python/_pywrap_tensorflow_internal.so" _pywrap_tensorflow_internal.so -N libcudnn.so.8
mk_cudnn8 "$R$S/nvidia/cudnn/lib" 8.9.7 wheel
rm -rf "$R$E/etc/conda"
HOME=/home/user cds --root "$R" doctor --json --env tf1
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "F6"]')" \
	"needs libcudnn.so.8; it exists only in $S/nvidia/cudnn/lib/libcudnn.so.8" "F6: only in the wheel"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F6" for x in f["fixes"] if x["action"] == "activate"]')" \
	"['$S/nvidia/cudnn/lib']" "F6: activate the wheel's dir"
cmd=$(fix_command "$OUT" F6)
sh -c "$(printf '%s' "$cmd" | sed "s#$E/etc/conda/#$R$E/etc/conda/#g")"
HOME=/home/user cds --root "$R" doctor --json --env tf1
unlike "$(finding_ids "$OUT")" "'F6'" "after the activate script: F6 gone"

# ---- the real machine: no loader finding against the real cuDNN -------
if [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
	cds doctor --json
	unlike "$(finding_ids "$OUT")" "'F1'|'F5'|'F13'|'F12'|'F8'|'F2'|'F24'" "no loader finding against the real cuDNN"
else
	skip 1 "no real cuDNN 9 here"
fi

done_testing
