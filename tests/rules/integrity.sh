#!/bin/sh
# LIB-TRUNCATED: a library shorter than its ELF headers say (a full disk,
# a killed copy).  A cuDNN 9 set compiled here with real sonames: whole, it
# is silent; one sublibrary cut to 4 KiB with truncate(1) is named with its
# size and the size its headers need (the end of the section header
# table: the file's own original size); the fix reinstalls its owner (a
# pip wheel: the env's pip with --force-reinstall) or, owner unknown, says
# to copy it again into its directory.  The driver's libcuda cut short is
# named too, and a toolkit's cuBLAS; a file that is no ELF is not judged.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 21

ids_trunc() { jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED" for e in f["evidence"] if e["key"] == "file"]'; }

# ---- a cuDNN set on LD_LIBRARY_PATH ------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
if ! mk_cudnn9 "$R/opt/cudnn/lib" 9.1.0 >"$R/cc.log" 2>&1; then
	echo "1..0 # SKIP the compiler cannot build the libraries"
	exit 0
fi
F=/opt/cudnn/lib/libcudnn_ops.so.9.1.0
WHOLE=$(wc -c <"$R$F" | tr -d ' ')
LD_LIBRARY_PATH=/opt/cudnn/lib cds --root "$R" doctor --json
is "$(ids_trunc)" "[]" "whole libraries: silent"

truncate -s 4096 "$R$F"
ok "$([ "$WHOLE" -gt 4096 ] && echo 0 || echo 1)" "the library was longer than 4 KiB ($WHOLE bytes)"
LD_LIBRARY_PATH=/opt/cudnn/lib cds --root "$R" doctor --json
is "$(ids_trunc)" "['$F']" "cut to 4 KiB: LIB-TRUNCATED names the file"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED"]')" \
	"['error']" "an error"
is "$RC" 1 "doctor exits 1"
is "$(evidence "$OUT" LIB-TRUNCATED size)" "['4096 bytes']" "its size"
like "$(evidence "$OUT" LIB-TRUNCATED 'headers need')" "[^0-9]$WHOLE bytes \\(the end" \
	"the size its headers need: the whole file's"
like "$(evidence "$OUT" LIB-TRUNCATED owner)" "not known" "owner not known: said"
like "$(fix_command "$OUT" LIB-TRUNCATED)" "copy $F again .* in /opt/cudnn/lib" \
	"fix: copy it again, its directory named"

# a file that is no ELF file is not this rule's
printf 'not an ELF file\n' >"$R$F"
LD_LIBRARY_PATH=/opt/cudnn/lib cds --root "$R" doctor --json
is "$(ids_trunc)" "[]" "no ELF: not judged here"

# ---- a pip wheel's cuDNN in a conda env --------------------------------
R=$(mk_sysroot); cleanup_later "$R"
C=/home/user/miniconda3
E=$C/envs/dl
S=$E/lib/python3.11/site-packages
mkdir -p "$R$C/conda-meta" "$R$E/conda-meta" "$R$S/nvidia_cudnn_cu12-9.1.0.70.dist-info"
printf 'Name: nvidia-cudnn-cu12\nVersion: 9.1.0.70\n' \
	>"$R$S/nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA"
mk_cudnn9 "$R$S/nvidia/cudnn/lib" 9.1.0 wheel
HOME=/home/user cds --root "$R" doctor --json
is "$(ids_trunc)" "[]" "whole wheel: silent"
truncate -s 4096 "$R$S/nvidia/cudnn/lib/libcudnn_cnn.so.9"
HOME=/home/user cds --root "$R" doctor --json
is "$(ids_trunc)" "['$S/nvidia/cudnn/lib/libcudnn_cnn.so.9']" "the wheel's file named"
is "$(fix_command "$OUT" LIB-TRUNCATED)" \
	"$E/bin/python -m pip install --force-reinstall --no-deps nvidia-cudnn-cu12==9.1.0.70" \
	"fix: reinstall the wheel with the env's python -m pip"

# ---- the driver's libcuda ------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
L=$R/usr/lib/x86_64-linux-gnu
echo /usr/lib/x86_64-linux-gnu >"$R/etc/ld.so.conf"
mk_solib "$L/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$L/libcuda.so.1"
truncate -s 4096 "$L/libcuda.so.550.54.15"
cds --root "$R" doctor --json
like "$(ids_trunc)" "/usr/lib/x86_64-linux-gnu/libcuda.so" "libcuda cut short: named"

# ---- a toolkit's library -------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
TK=$R/usr/local/cuda-12.4
mkdir -p "$TK/lib64" "$TK/bin"
printf '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}\n' >"$TK/version.json"
mk_solib "$TK/lib64/libcudart.so.12.4.127" libcudart.so.12
ln -s libcudart.so.12.4.127 "$TK/lib64/libcudart.so.12"
mk_solib "$TK/lib64/libcublas.so.12.4.5.8" libcublas.so.12
ln -s libcublas.so.12.4.5.8 "$TK/lib64/libcublas.so.12"
cds --root "$R" doctor --json
is "$(ids_trunc)" "[]" "a whole toolkit: silent"
truncate -s 4096 "$TK/lib64/libcublas.so.12.4.5.8"
cds --root "$R" doctor --json
is "$(ids_trunc)" "['/usr/local/cuda-12.4/lib64/libcublas.so.12.4.5.8']" \
	"a toolkit's cuBLAS cut short: named, once (its link not again)"

# a library asking for an executable stack (PT_GNU_STACK with PF_X): from
# glibc 2.41 dlopen refuses it (its NEWS); the C library's version read
# from its version nodes, the request from the library's program headers
ids_xs() { jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "LIB-EXECSTACK" for e in f["evidence"] if e["key"] == "file"]'; }
R=$(mk_sysroot); cleanup_later "$R"
XL=/opt/trt/lib/libnvinfer_builder_resource.so.10.7.0
mk_solib "$R$XL" libnvinfer_builder_resource.so.10.7.0 -z execstack
mk_solib "$R/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.36
LD_LIBRARY_PATH=/opt/trt/lib cds --root "$R" doctor --json
is "$(ids_xs)" "[]" "an executable stack asked for under glibc 2.36: it is given, silent"
mk_solib "$R/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.41
LD_LIBRARY_PATH=/opt/trt/lib cds --root "$R" doctor --json
is "$(ids_xs)" "['$XL']" "under glibc 2.41: LIB-EXECSTACK names the file"
like "$(fix_command "$OUT" LIB-EXECSTACK)" "patchelf --clear-execstack $XL" "the fix: clear the request on it"
LD_LIBRARY_PATH=/opt/trt/lib cds --root "$R" explain --json "$XL: cannot enable executable stack as shared object requires: Invalid argument"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('LIB-EXECSTACK', 0)" "explain of dlopen's words there: the cause shown"
mk_solib "$R$XL" libnvinfer_builder_resource.so.10.7.0
LD_LIBRARY_PATH=/opt/trt/lib cds --root "$R" doctor --json
is "$(ids_xs)" "[]" "the same library without the request: silent"

done_testing
