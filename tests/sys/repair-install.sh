#!/bin/sh
# repair when something is missing: an env whose onnxruntime-gpu 1.16.1
# needs CUDA 11 and cuDNN 8 (its provider library's NEEDED entries), with
# neither anywhere.  repair installs CUDA 11.8 and cuDNN 8 for CUDA 11 from
# the test mirror (a real nginx with TLS from a test CA) into the prefix,
# wires them into the env's activation, and the provider then resolves
# every NEEDED entry.  --undo takes the wiring back and leaves the shared
# install.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 14

T=$(mktemp -d); cleanup_later "$T"
R=$(mk_sysroot); cleanup_later "$R"
mirror "$T/mirror" -s 14 --https-base 'mka_cuda 11.8.0 cuda_cudart libcublas &&
    mka_cudnn 8.9.7.29 cuda11'

# the env: pip onnxruntime-gpu 1.16.1 and its CUDA provider library
mk_env_ort "$R"
E=$ORT_ENV PROV=$ORT_PROV

is "$(unresolved "$R" "$PROV" "")" "libcublasLt.so.11 libcudnn.so.8" "before: the provider cannot find cuDNN 8 or cuBLAS 11"

export HOME=/home/user CURL_CA_BUNDLE="$NGX_CA"
cds --root "$R" --manifest "$M" repair --env ort --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$OUT" "Missing for onnxruntime-gpu==1.16.1" "--dry-run names what is missing and for whom"
like "$OUT" "cudnn-8.9.7.29-cuda11" "--dry-run: cuDNN 8.9.7 for CUDA 11"
check "--dry-run installs nothing" test ! -e "$R/opt/nvidia"

cds --root "$R" --manifest "$M" repair --env ort --yes
is "$RC" 0 "repair --yes: exit 0"; [ "$RC" = 0 ] || diag "$OUT"
check "cuDNN 8 installed into the prefix" test -f "$R/opt/nvidia/cudnn-8.9.7.29-cuda11/lib/libcudnn.so.8.9.7"
check "CUDA 11.8 installed into the prefix" test -e "$R/opt/nvidia/cuda-11.8.0/lib/libcublasLt.so.11"
A=$E/etc/conda/activate.d/cudnn-setup.sh
like "$(cat "$A")" "/opt/nvidia/cudnn-8.9.7.29-cuda11/lib" "activation puts the installed cuDNN on the path"
llp=$(env -i sh -c '. "$1"; printf %s "$LD_LIBRARY_PATH"' sh "$A")
is "$(unresolved "$R" "$PROV" "$llp")" "" "after: the provider resolves every NEEDED entry"
home=$(env -i sh -c '. "$1"; printf "%s %s" "$CUDA_HOME" "$CUDNN_PATH"' sh "$A")
is "$home" "/opt/nvidia/cuda-11.8.0 /opt/nvidia/cudnn-8.9.7.29-cuda11" "CUDA_HOME and CUDNN_PATH name the versioned prefix"
out=$(env -i CUDA_HOME=/usr/local/cuda sh -c '. "$1"; . "$2"; printf "%s|%s" "$CUDA_HOME" "${CUDNN_PATH-unset}"' sh "$A" "$E/etc/conda/deactivate.d/cudnn-setup.sh")
is "$out" "/usr/local/cuda|unset" "deactivation restores CUDA_HOME and unsets CUDNN_PATH"

cds --root "$R" --manifest "$M" repair --env ort --yes
like "$OUT" "Nothing to change" "a second repair: nothing to install or change"
cds --root "$R" --manifest "$M" repair --env ort --undo
check "--undo removes the wiring, the shared install stays" sh -c "test ! -e '$A' && test -d '$R/opt/nvidia/cudnn-8.9.7.29-cuda11'"

done_testing
