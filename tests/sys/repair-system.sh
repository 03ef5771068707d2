#!/bin/sh
# repair of the system's Python (no env named or active), on a root with
# Debian's layout of a CUDA build of torch whose cuDNN should come from
# dpkg's nvidia-cudnn, whose script could not download it:
#  - the package manager owns it: repair names dpkg's command and changes
#    nothing (exit 1: left to a person); --prefix /usr is the same target;
#  - asked for (--cudnn 9): cuDNN 9 for the CUDA 12.4 that is there, alone
#    (Debian's cuBLAS is used, never a second CUDA beside it), installed
#    from the test mirror into the prefix, put on the loader's path with
#    /etc/ld.so.conf.d/cudnn-setup-<release>.conf and ldconfig -r; torch's
#    library then resolves; --undo takes the wiring back;
#  - without dpkg: the same install, unasked; without cuBLAS either: the
#    CUDA release too, one consistent set;
#  - an env named with --prefix gets its installs in the shared prefix,
#    never in the env, and a failed repair leaves the env as it was.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkdebian.sh"
plan 38

T=$(mktemp -d); cleanup_later "$T"
R=$(mk_sysroot); cleanup_later "$R"
mk_debian_torch "$R"
LIB=/usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0
export HOME=/home/user

# ---- dpkg owns it: its command, nothing changed ------------------------
h0=$(tree_hash "$R")
cds --root "$R" repair --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$(printf '%s' "$OUT" | head -n 1)" "^Repair of the system's Python$" \
	"no env named or active: the system's Python"
like "$OUT" "for the package manager, to run yourself: sudo dpkg --configure -a" \
	"the step is dpkg's command"
like "$OUT" "it restores /usr/lib/x86_64-linux-gnu/libcudnn.so.9 \(nvidia-cudnn 9.0.0.312~cuda12\)" \
	"... naming the library and the package"
unlike "$OUT" "install cud|ld.so.conf.d" "no second cuDNN beside dpkg's"
cds --root "$R" repair --yes
is "$RC" 1 "--yes: exit 1, the fix is left to a person"
like "$OUT" "the package manager owns these files" "... and it says so"
is "$(tree_hash "$R")" "$h0" "nothing changed under the root"
cds --root "$R" repair --prefix /usr --dry-run --json
is "$(jget "$OUT" 'str(d["system"])+" "+" | ".join(o["op"]+" "+o["command"]+" "+o["target"] for o in d["operations"])')" \
	"True package sudo dpkg --configure -a nvidia-cudnn 9.0.0.312~cuda12" \
	"--prefix /usr names the system's Python too (--json)"

mirror "$T/mirror" -s 29 --https-base 'mka_cuda 12.4.1 cuda_cudart libcublas &&
    mka_cudnn 9.3.0.75 cuda12 && mka_cuda 11.8.0 cuda_cudart libcublas &&
    mka_cudnn 8.9.7.29 cuda11'
export CURL_CA_BUNDLE="$NGX_CA"

# ---- asked for: cuDNN 9 for the CUDA 12.4 here, alone ------------------
CONF=/etc/ld.so.conf.d/cudnn-setup-cudnn-9.3.0.75-cuda12.conf
cds --root "$R" --manifest "$M" repair --cudnn 9 --dry-run
is "$RC" 0 "--cudnn 9 --dry-run: exit 0"
like "$OUT" "install cudnn-9.3.0.75-cuda12" "cuDNN 9 built for CUDA 12"
unlike "$OUT" "install cuda-" "no CUDA release: Debian's CUDA 12.4 and its cuBLAS are used"
like "$OUT" "write $CONF" "the loader's configuration for it"
like "$OUT" "ldconfig" "and the loader's cache"
is "$(tree_hash "$R")" "$h0" "--dry-run changed nothing"

hetc=$(tree_hash "$R/etc" content)
cds --root "$R" --manifest "$M" repair --cudnn 9 --yes
is "$RC" 0 "--cudnn 9 --yes: exit 0"; [ "$RC" = 0 ] || diag "$OUT$ERR"
check "cuDNN 9.3.0 is in the prefix" test -f "$R/opt/nvidia/cudnn-9.3.0.75-cuda12/lib/libcudnn.so.9.3.0"
check "no CUDA release was installed" sh -c "! ls -d '$R'/opt/nvidia/cuda-* 2>/dev/null"
is "$(grep -v '^#' "$R$CONF")" /opt/nvidia/cudnn-9.3.0.75-cuda12/lib \
	"the ld.so.conf.d file names its lib/"
if command -v ldconfig >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	check "ldconfig -r built the root's cache" test -s "$R/etc/ld.so.cache"
else
	skip 1 "ldconfig -r needs root"
fi
is "$(unresolved "$R" "$LIB" "")" "" "torch's CUDA library now resolves every NEEDED entry"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'" "doctor: no F13"
check "the journal is in /etc/cudnn-setup/undo" test -f "$R/etc/cudnn-setup/undo/journal"

cds --root "$R" repair --undo
is "$RC" 0 "--undo: exit 0"
check "the ld.so.conf.d file is gone" test ! -e "$R$CONF"
check "the journal is gone" test ! -e "$R/etc/cudnn-setup"
rm -f "$R/etc/ld.so.cache"
is "$(tree_hash "$R/etc" content)" "$hetc" "/etc is as it was (the cache aside)"
check "the shared install stays" test -d "$R/opt/nvidia/cudnn-9.3.0.75-cuda12"
is "$(unresolved "$R" "$LIB" "")" libcudnn.so.9 "and torch misses libcudnn.so.9 again"

# ---- no dpkg: the same install, unasked --------------------------------
R2=$(mk_sysroot); cleanup_later "$R2"
mk_debian_torch "$R2"
rm -rf "$R2/var/lib/dpkg"
cds --root "$R2" --manifest "$M" repair --dry-run
like "$OUT" "Missing for torch==2.6.0\+debian" "without dpkg: what is missing, for whom"
like "$OUT" "install cudnn-9.3.0.75-cuda12" "... cuDNN 9 for CUDA 12"
unlike "$OUT" "install cuda-|for the package manager" "... alone, nothing for a package manager"
# no cuBLAS either: CUDA 12.4 and cuDNN, never a lone cuBLAS beside
rm -f "$R2"/usr/lib/x86_64-linux-gnu/libcublas*
cds --root "$R2" --manifest "$M" repair --dry-run --json
is "$(jget "$OUT" '" ".join(sorted(r["name"] for r in d["install"]["releases"]))')" \
	"cuda-12.4.1 cudnn-9.3.0.75-cuda12" "without cuBLAS: the CUDA 12.4 release and its cuDNN"

# ---- an env named with --prefix: installs go to the shared prefix -------
mk_env_ort "$R2"
E=/home/user/miniconda3/envs/ort
cds --root "$R2" --manifest "$M" repair --prefix "$E" --dry-run --json
is "$(jget "$OUT" '" ".join(sorted(r["dir"] for r in d["install"]["releases"]))')" \
	"/opt/nvidia/cuda-11.8.0 /opt/nvidia/cudnn-8.9.7.29-cuda11" \
	"repair --prefix ENV: the releases go to the shared prefix, not the env"
he=$(tree_hash "$R2$E")
cds --root "$R2" --manifest "$M" --offline --cache "$T/empty" repair --prefix "$E" --yes
is "$([ "$RC" -ne 0 ] && echo failed):$(printf '%s' "$ERR" | grep -c 'not in the cache (offline)')" \
	"failed:1" "an install that cannot fetch: the repair fails, saying why"
is "$(tree_hash "$R2$E")" "$he" "... the env is exactly as it was"
check "... with no .state of an install in it" test ! -e "$R2$E/.state"
check "... and no undo record" test ! -e "$R2$E/etc/cudnn-setup"

done_testing
