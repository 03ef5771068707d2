#!/bin/sh
# Every CUDA consumer doctor can see (F13), not only the frameworks it
# names: a Debian-style system Python whose torch extension loads
# /usr/lib libraries (reached through torch/lib links and DT_NEEDED), one
# of which needs a cuDNN that dpkg's nvidia-cudnn should have put there
# (its script failed: a dangling libcudnn.so is left); a module no rule
# knows by name in a conda env needing CUDA 11 libraries nobody has (one
# finding for the one cause, the release that ships them named); a pip env
# whose wheels resolve through RUNPATH (nothing to say); a module needing
# the driver's libcuda on a machine without one (the driver finding's
# cause, not a second one).  dpkg's database is a real one in its format,
# with a merged /usr (the list says /lib/..., the loader finds /usr/lib/...).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkdebian.sh"
plan 25

R=$(mk_sysroot); cleanup_later "$R"
mk_debian_torch "$R"
L=$R/usr/lib/x86_64-linux-gnu
D=$R/var/lib/dpkg

is "$(unresolved "$R" /usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0 "")" \
	libcudnn.so.9 "the loader emulation: libtorch_cuda needs libcudnn.so.9, nothing else is missing"

cds --root "$R" doctor --json
is "$RC" 1 "doctor: exit 1"
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13"])')" 1 \
	"one F13 for the one cause"
like "$(titles "$OUT" F13)" "libtorch_cuda.so.2.6.0 of torch 2.6.0\+debian \(system Python\) needs libcudnn.so.9, which the loader cannot find" \
	"F13 names the library torch keeps its CUDA code in, the package and the soname"
is "$(evidence "$OUT" F13 'Python says')" \
	"['ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory']" \
	"the error import torch prints"
like "$(evidence "$OUT" F13 'also needed by')" "/usr/lib/x86_64-linux-gnu/libtorch_python.so.2.6.0" \
	"the other module that needs it, reached through DT_NEEDED"
is "$(evidence "$OUT" F13 'dangling link')" \
	"['/usr/lib/x86_64-linux-gnu/libcudnn.so -> libcudnn.so.9 (its target is missing)']" \
	"the dangling link, once on a merged /usr"
is "$(evidence "$OUT" F13 'package')" \
	"['nvidia-cudnn 9.0.0.312~cuda12 lists /usr/lib/x86_64-linux-gnu/libcudnn.so.9 (dpkg: half-configured)']" \
	"the package that should provide it, from dpkg's list (written as /lib/...)"
like "$(evidence "$OUT" F13 'cause')" "dpkg left nvidia-cudnn half-configured: its post-installation script failed \(it runs update-nvidia-cudnn, which downloads the library from mirror.invalid\)" \
	"the cause: the package's script, the program it runs and where it downloads from"
like "$(evidence "$OUT" F13 'needed by package')" "libtorch-cuda-2.6 2.6.0\+dfsg-7\+b1 \(dpkg: unpacked\)" \
	"the package of the library that needs it"
like "$(evidence "$OUT" F13 'provided by')" "cuDNN 9 built for CUDA 12 \(the CUDA runtime here is 12.4.127\)" \
	"what would provide it: cuDNN 9 for the CUDA runtime torch binds"
like "$(fix_command "$OUT" F13)" "^sudo dpkg --configure -a  # runs update-nvidia-cudnn again; it needs to reach mirror.invalid$" \
	"the fix is dpkg's command, not a second cuDNN beside it"
like "$(fix_command "$OUT" F13 1)" "apt-get install --reinstall nvidia-cudnn" "or apt's"
unlike "$(titles "$OUT" F13)" "libcudart|libcublas" "the CUDA libraries that resolve are not findings"

# the library in place: no F13
mk_solib "$L/libcudnn.so.9.0.0" libcudnn.so.9
ln -s libcudnn.so.9.0.0 "$L/libcudnn.so.9"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "with libcudnn.so.9 installed: no F13"
rm -f "$L/libcudnn.so.9.0.0" "$L/libcudnn.so.9"

# ---- a module no rule names, in a conda env ---------------------------
export HOME=/home/user
C=$R/home/user/miniconda3
E=$C/envs/misc
S=$E/lib/python3.11/site-packages
mkdir -p "$C/conda-meta" "$E/conda-meta" "$S/llama_cpp/lib"
mk_solib "$S/llama_cpp/lib/libggml-cuda.so" libggml-cuda.so \
	-N libcudart.so.11.0 -N libcublas.so.11 -R '$ORIGIN'
mk_solib "$S/llama_cpp/lib/libllama.so" libllama.so \
	-n "$S/llama_cpp/lib/libggml-cuda.so" -R '$ORIGIN'
cds --root "$R" doctor --json --env misc
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13"])')" 1 \
	"two CUDA 11 libraries missing for one env: one finding"
like "$(titles "$OUT" F13)" "/home/user/miniconda3/envs/misc/lib/python3.11/site-packages/llama_cpp/lib/libggml-cuda.so needs libcudart.so.11.0 and libcublas.so.11, which the loader cannot find" \
	"F13 names the module and both sonames"
like "$(evidence "$OUT" F13 'provided by')" "CUDA 11\.8\.0" "the CUDA release that ships them, from the manifest"
is "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x["action"] == "install"]')" \
	"['11.8.0']" "the fix installs that release"
unlike "$(titles "$OUT" F13)" "libtorch" "--env misc: the system Python is not walked"

# ---- a pip env whose wheels resolve through RUNPATH: nothing to say --
E2=$C/envs/ok
S2=$E2/lib/python3.11/site-packages
mkdir -p "$E2/conda-meta" "$S2/torch/lib" "$S2/nvidia/cudnn/lib" \
	"$S2/nvidia/cuda_runtime/lib" "$S2/torch-2.6.0.dist-info"
mk_cudnn9 "$S2/nvidia/cudnn/lib" 9.1.0 wheel
mk_solib "$S2/nvidia/cuda_runtime/lib/libcudart.so.12" libcudart.so.12
mk_solib "$S2/torch/lib/libtorch_cuda.so" libtorch_cuda.so \
	-N libcudnn.so.9 -N libcudart.so.12 \
	-R '$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN/../../nvidia/cuda_runtime/lib'
cds --root "$R" doctor --json --env ok
unlike "$(finding_ids "$OUT")" "'F13'" "wheels found through RUNPATH: no F13"

# ---- the driver's libcuda with no driver: the driver's finding ---------
mk_solib "$S2/cupy_backends/cuda/api/driver.cpython-311-x86_64-linux-gnu.so" \
	driver.so -N libcuda.so.1
cds --root "$R" doctor --json --env ok
unlike "$(finding_ids "$OUT")" "'F13'" "libcuda.so.1 missing on a machine without a driver: no F13"
like "$(evidence "$OUT" NO-DRIVER 'needed by')" "cupy_backends/cuda/api/driver.cpython-311-x86_64-linux-gnu.so" \
	"the driver finding names the module that needs libcuda"

# ---- no dpkg: the fix is an install --------------------------------------
rm -rf "$D"
cds --root "$R" doctor --json
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" and "libcudnn" in f["title"] for x in f["fixes"]][0]')" \
	"^cudnn-setup repair  # installs it" "without dpkg: repair installs cuDNN"
unlike "$(jget "$OUT" '[e["key"] for f in d["findings"] for e in f["evidence"]]')" "'package'" \
	"without dpkg: no package named"

done_testing
