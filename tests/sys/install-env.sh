#!/bin/sh
# install --env NAME: releases go into the shared prefix (from a real nginx
# with TLS from a test CA), then the env's activation is wired to them
# (LD_LIBRARY_PATH, CUDA_HOME, CUDNN_PATH), journalled like a repair so
# `repair --undo` takes the wiring back.  Without versions the env's
# framework decides (onnxruntime-gpu 1.16.1: CUDA 11.8 and cuDNN 8 for
# CUDA 11); with --cuda/--cudnn those are installed whatever the env has.
# Bad input (no such env, an env with nothing to go by, --system) exits 2
# with nothing changed; a failed download leaves the env untouched.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 31

T=$(mktemp -d); cleanup_later "$T"
R=$(mk_sysroot); cleanup_later "$R"

mirror "$T/mirror" -s 31 --https-base 'mka_cuda 11.8.0 cuda_cudart libcublas &&
    mka_cudnn 8.9.7.29 cuda11 && mka_cuda 12.4.1 cuda_cudart &&
    mka_cudnn 9.3.0.75 cuda12'

C=$R/home/user/miniconda3
mkdir -p "$C/conda-meta"
mk_env_ort "$R"
E=$ORT_ENV PROV=$ORT_PROV
# env "tools": python and nothing that uses CUDA
E2=$C/envs/tools
mkdir -p "$E2/conda-meta" "$E2/lib/python3.11/site-packages"

export HOME=/home/user CURL_CA_BUNDLE="$NGX_CA"
unset CONDA_PREFIX
h0=$(tree_hash "$R")

# --- bad input: nothing changes -----------------------------------------------
cds --root "$R" --manifest "$M" install --env nosuch --yes
is "$RC" 2 "no such env: exit 2"
like "$ERR" "nosuch" "the message names the env"
cds --root "$R" --manifest "$M" install --env tools --yes
is "$RC" 2 "an env with no framework and no versions asked: exit 2"
like "$ERR" "no framework the manifest knows is here; name what to install" "the message says what is missing"
like "$ERR" "^  name what to install: --cuda V, --cudnn V or --for PKG==VER" "and the command line's hint, what to give"
cds --root "$R" --manifest "$M" install --env ort --system --yes
is "$RC" 2 "--env with --system: exit 2"
cds --root "$R" --manifest "$M" install --cuda 12.4.1 --path-first --yes
is "$RC" 2 "--path-first without --env: exit 2"
cds --root "$R" --manifest "$M" install --env ort --timeout-typo 3
is "$RC" 2 "an unknown option: exit 2"
is "$(tree_hash "$R")" "$h0" "the bad requests changed nothing under the root"

# --- the env's framework decides ----------------------------------------------
cds --root "$R" --manifest "$M" install --env ort --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$OUT" "Install into env ort" "--dry-run names the env"
like "$OUT" "For onnxruntime-gpu==1.16.1" "... and the framework the versions come from"
like "$OUT" "cudnn-8.9.7.29-cuda11" "... cuDNN 8.9.7 for CUDA 11"
like "$OUT" "activate.d/cudnn-setup.sh" "... and the activation script it writes"
is "$(tree_hash "$R")" "$h0" "--dry-run changed nothing"

cds --root "$R" --manifest "$M" install --env ort --yes
is "$RC" 0 "install --env ort --yes: exit 0"; [ "$RC" = 0 ] || diag "$OUT$ERR"
check "cuDNN 8 is in the shared prefix" test -f "$R/opt/nvidia/cudnn-8.9.7.29-cuda11/lib/libcudnn.so.8.9.7"
check "CUDA 11.8 is in the shared prefix" test -e "$R/opt/nvidia/cuda-11.8.0/lib/libcublasLt.so.11"
A=$E/etc/conda/activate.d/cudnn-setup.sh
is "$(unresolved "$R" "$PROV" "")" "libcublasLt.so.11 libcudnn.so.8" "without activation the provider finds neither"
llp=$(env -i sh -c '. "$1"; printf %s "$LD_LIBRARY_PATH"' sh "$A")
is "$(unresolved "$R" "$PROV" "$llp")" "" "activated: the provider resolves every NEEDED entry"
home=$(env -i sh -c '. "$1"; printf "%s %s" "$CUDA_HOME" "$CUDNN_PATH"' sh "$A")
is "$home" "/opt/nvidia/cuda-11.8.0 /opt/nvidia/cudnn-8.9.7.29-cuda11" "CUDA_HOME and CUDNN_PATH name the installed releases"

h1=$(tree_hash "$R")
cds --root "$R" --manifest "$M" install --env ort --yes
like "$OUT" "Nothing to change" "again: nothing to change"
is "$(tree_hash "$R")" "$h1" "... and nothing changed"

cds --root "$R" --manifest "$M" repair --env ort --undo
is "$RC" 0 "repair --undo takes the wiring back"
check "... the activation script is gone, the shared install stays" sh -c "test ! -e '$A' && test -d '$R/opt/nvidia/cudnn-8.9.7.29-cuda11'"

# --- versions asked for, into an env that has no framework ---------------------
cds --root "$R" --manifest "$M" install --env tools --cuda 12.4.1 --cudnn 9.3.0 --yes --json
is "$RC" 0 "install --env tools --cuda 12.4.1 --cudnn 9.3.0: exit 0"
is "$(jget "$OUT" 'd["result"] + " " + d["env"] + " " + " ".join(sorted(i["name"] for i in d["install"]["releases"]))')" \
	"changed tools cuda-12.4.1 cudnn-9.3.0.75-cuda12" "--json: the result, the env and the releases"
A2=$E2/etc/conda/activate.d/cudnn-setup.sh
out=$(env -i LD_LIBRARY_PATH=/usr/lib/x sh -c '. "$1"; printf "%s|%s|%s" "$CUDA_HOME" "$CUDNN_PATH" "$LD_LIBRARY_PATH"' sh "$A2")
is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cuda-12.4.1/lib:/opt/nvidia/cudnn-9.3.0.75-cuda12/lib:/usr/lib/x" \
	"the tools env's activation: the asked releases, ahead of LD_LIBRARY_PATH"
v=$(python3 -c 'import ctypes, sys
print(ctypes.CDLL(sys.argv[1] + "/libcudnn.so.9").cudnnGetVersion())' \
	"$R/opt/nvidia/cudnn-9.3.0.75-cuda12/lib" 2>&1)
is "$v" 90300 "the wired cuDNN loads and says 9.3.0"

# --- a failed download leaves the env as it was --------------------------------
mkdir -p "$T/empty"
h2=$(tree_hash "$E")
cds --root "$R" --manifest "$M" --offline --cache "$T/empty" install --env ort --prefix /opt/other --yes
isnt_zero=$([ "$RC" != 0 ] && echo yes || echo no)
is "$isnt_zero" yes "an install that cannot fetch fails"
is "$(tree_hash "$E")" "$h2" "... and the env is untouched"

done_testing
