#!/bin/sh
# install end to end from an offline cache laid out like NVIDIA's
# relative_paths (--offline --cache DIR): a CUDA release of four components
# and a cuDNN merge into versioned trees; the receipts list every file
# exactly; default links, env files (sourced by sh, fish and Environment
# Modules where installed), the audit line.  A second run changes nothing.
# No terminal and no --yes is an error that makes nothing; --dry-run lists
# the operations and changes nothing; --json prints one document.
. "$CDS_SRCDIR/tests/lib.sh"
plan 49

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"

# a question with no one to answer it
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0
is "$RC" 2 "no --yes and no terminal: exit 2"
like "$ERR" "use --yes" "no --yes: says how to answer"
check "no --yes: nothing made under the root" test ! -e "$R/opt"

# dry run: the exact operations, nothing done
before=$(tree_hash "$R")
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$OUT" "fetch +file://.*|fetch +http.*cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz -> $P/.state/staging/cuda-12.4.1/parts/cuda_cudart" \
	"--dry-run: the fetch of each archive into its staging dir"
like "$OUT" "rename +$P/.state/staging/cuda-12.4.1/tree -> $P/cuda-12.4.1" \
	"--dry-run: the commit by rename"
like "$OUT" "symlink +$P/cuda -> cuda-12.4.1" "--dry-run: the default link"
like "$OUT" "write +$P/env/cudnn-9.3.0.75-cuda12.fish" "--dry-run: env files"
is "$(tree_hash "$R")" "$before" "--dry-run: the root is byte for byte the same"

# the install
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes --json
is "$RC" 0 "install: exit 0"
is "$(jget "$OUT" 'd["result"]')" installed "--json: result"
is "$(jget "$OUT" '",".join(d["installed"])')" \
	"cuda-12.4.1,cudnn-9.3.0.75-cuda12" "--json: both releases installed"
is "$(jget "$OUT" 'len(d["plan"]["releases"][0]["archives"])')" 4 \
	"--json: the CUDA release has four archives"
unlike "$ERR" "error" "install: no error on stderr"

# the trees: four components merged into one
check "nvcc from cuda_nvcc" test -x "$P/cuda-12.4.1/bin/nvcc"
check "libcudart from cuda_cudart" test -f "$P/cuda-12.4.1/lib/libcudart.so.12.4.127"
check "libcublasLt from libcublas" test -f "$P/cuda-12.4.1/lib/libcublasLt.so.12.4.5.8"
check "soname link kept" test -L "$P/cuda-12.4.1/lib/libnvrtc.so.12"
is "$(cat "$P/cuda-12.4.1/LICENSE.libcublas")" \
	"Test license for libcublas 12.4.5.8 (cudnn-setup test fixture)." \
	"a component's differing LICENSE is kept beside the first"
check "cuDNN tree" test -f "$P/cudnn-9.3.0.75-cuda12/include/cudnn_version.h"

# receipts
out=$(prefix_check "$P")
ok $? "every file of each tree is in its receipt with its digest, size and mode"
[ -n "$out" ] && diag "$out"
RC=$(python3 - "$P" "$T/mirror" <<'PY'
import json, sys
p, m = sys.argv[1], sys.argv[2]
r = json.load(open(p + "/.state/receipts/cuda-12.4.1.json"))
n = json.load(open(m + "/cuda_redistrib_12.4.1.json"))
want = sorted((k, v["linux-x86_64"]["sha256"]) for k, v in n.items()
              if isinstance(v, dict))
got = sorted((a["component"], a["sha256"]) for a in r["archives"])
links = [f for f in r["files"] if f["type"] == "link"]
print(0 if want == got and r["version"] == "12.4.1" and r["kind"] == "cuda"
      and any(f["path"] == "lib/libcudart.so.12" and
              f["target"] == "libcudart.so.12.4.127" for f in links)
      else 1)
PY
)
ok "$RC" "the receipt names each archive's digest and each link's target"

# defaults, state
is "$(readlink "$P/cuda")" cuda-12.4.1 "default link cuda"
is "$(readlink "$P/cudnn")" cudnn-9.3.0.75-cuda12 "default link cudnn"
is "$(ls -A "$P/.state/staging")" "" "staging is empty"
check "no journal left" test ! -e "$P/.state/journal"
like "$(cat "$R/var/log/cudnn-setup.log")" \
	"installed cuda-12.4.1 into /opt/nvidia/cuda-12.4.1 \(4 archives" \
	"audit line"

# env files: sh, read twice, change nothing the second time
out=$(env -i PATH=/usr/bin:/bin sh -c '
	. "$1/env/cuda-12.4.1.sh"; . "$1/env/cudnn-9.3.0.75-cuda12.sh"
	a="$PATH|$LD_LIBRARY_PATH"
	. "$1/env/cuda-12.4.1.sh"; . "$1/env/cudnn-9.3.0.75-cuda12.sh"
	[ "$a" = "$PATH|$LD_LIBRARY_PATH" ] || echo CHANGED
	echo "$CUDA_HOME|$CUDNN_PATH|$PATH|$LD_LIBRARY_PATH"' sh "$P")
is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cuda-12.4.1/bin:/usr/bin:/bin|/opt/nvidia/cudnn-9.3.0.75-cuda12/lib:/opt/nvidia/cuda-12.4.1/lib" \
	"sh: CUDA_HOME, CUDNN_PATH, PATH and LD_LIBRARY_PATH, each once"
# what the env file names is what was installed: load the library it
# points to (target paths, under the test's root)
lib=$(env -i sh -c '. "$1/env/cudnn-9.3.0.75-cuda12.sh"
	echo "${LD_LIBRARY_PATH%%:*}"' sh "$P")
v=$(python3 -c 'import ctypes, sys
print(ctypes.CDLL(sys.argv[1] + "/libcudnn.so.9").cudnnGetVersion())' \
	"$R$lib" 2>&1)
is "$v" 90300 "the env file's library dir holds a loadable cuDNN 9.3.0"

if command -v fish >/dev/null 2>&1; then
	out=$(env -i PATH=/usr/bin:/bin fish -c '
		source $argv[1]/env/cuda-12.4.1.fish
		source $argv[1]/env/cuda-12.4.1.fish
		source $argv[1]/env/cudnn-9.3.0.75-cuda12.fish
		sh -c "echo \"\$CUDA_HOME|\$CUDNN_PATH|\$PATH|\$LD_LIBRARY_PATH\""' "$P")
	is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cuda-12.4.1/bin:/usr/bin:/bin|/opt/nvidia/cudnn-9.3.0.75-cuda12/lib:/opt/nvidia/cuda-12.4.1/lib" \
		"fish: the same environment, each directory once"
else
	skip 1 "fish is not installed"
fi

modcmd=""
for f in /usr/lib/x86_64-linux-gnu/modulecmd.tcl /usr/lib/modulecmd.tcl \
	/usr/share/modules/libexec/modulecmd.tcl; do
	[ -f "$f" ] && command -v tclsh >/dev/null 2>&1 && modcmd=$f && break
done
if [ -n "$modcmd" ]; then
	out=$(env -i PATH=/usr/bin:/bin MODULEPATH="$P/env/modulefiles" sh -c '
		eval "$(tclsh "$1" sh load cuda/12.4.1 cudnn/9.3.0.75-cuda12)"
		echo "$CUDA_HOME|$CUDNN_PATH|$PATH|$LD_LIBRARY_PATH"' sh "$modcmd")
	is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cuda-12.4.1/bin:/usr/bin:/bin|/opt/nvidia/cudnn-9.3.0.75-cuda12/lib:/opt/nvidia/cuda-12.4.1/lib" \
		"Environment Modules loads both modulefiles"
else
	skip 1 "Environment Modules is not installed"
fi
lmod=""
for f in "${LMOD_CMD:-}" /usr/share/lmod/lmod/libexec/lmod; do
	[ -n "$f" ] && [ -x "$f" ] && lmod=$f && break
done
if [ -n "$lmod" ]; then
	out=$(env -i PATH=/usr/bin:/bin MODULEPATH="$P/env/modulefiles" sh -c '
		eval "$("$1" sh load cuda/12.4.1)"
		echo "$CUDA_HOME|$PATH"' sh "$lmod")
	is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cuda-12.4.1/bin:/usr/bin:/bin" \
		"Lmod loads the modulefile"
	# a second CUDA (the same modulefile, another version) replaces the
	# first: one toolkit on PATH, never two
	M2=$T/modules2
	mkdir -p "$M2/cuda"
	sed 's/12\.4\.1/12.9.9/g' "$P/env/modulefiles/cuda/12.4.1" >"$M2/cuda/12.9.9"
	out=$(env -i PATH=/usr/bin:/bin MODULEPATH="$P/env/modulefiles:$M2" sh -c '
		eval "$("$1" sh load cuda/12.4.1)"
		eval "$("$1" sh load cuda/12.9.9)" 2>/dev/null
		echo "$CUDA_HOME|$PATH"' sh "$lmod")
	is "$out" "/opt/nvidia/cuda-12.9.9|/opt/nvidia/cuda-12.9.9/bin:/usr/bin:/bin" \
		"Lmod: loading another CUDA swaps the first out"
else
	skip 2 "Lmod is not installed"
fi

# again: nothing to do, nothing changed
h1=$(tree_hash "$P/cuda-12.4.1")$(tree_hash "$P/env")
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes
is "$RC" 0 "second install: exit 0"
like "$OUT" "already installed" "second install: says so"
is "$(tree_hash "$P/cuda-12.4.1")$(tree_hash "$P/env")" "$h1" \
	"second install: trees and env files unchanged"
is "$(grep -c 'installed cuda-12.4.1' "$R/var/log/cudnn-setup.log")" 1 \
	"second install: no second audit line"

# a second CUDA: installed beside the first, the default stays
cds "$@" install --cuda 12.6.3 --cudnn none --yes
is "$RC" 0 "CUDA 12.6.3 with --cudnn none: exit 0"
is "$(readlink "$P/cuda")" cuda-12.4.1 "the default does not move"
check "12.6.3 tree" test -f "$P/cuda-12.6.3/lib/libcudart.so.12.6.77"
check "no cuDNN for it" test ! -e "$P/cudnn-9.3.0.75-cuda12/../cudnn-9.3.0.75-cuda11"

# --json with nothing else on stdout, on a failure too
cds "$@" install --cuda 99.1 --yes --json
is "$RC" 2 "unknown release: exit 2"
is "$(jget "$OUT" 'd["error"]["code"]')" not-found "--json error: code"
like "$(jget "$OUT" 'd["error"]["detail"]')" "CUDA 99.1: not in .*index.json \(known: 12.4.1, 12.6.3\)" \
	"--json error: names the release and what is known"

# a tree that is not ours is never replaced
R2=$(mk_sysroot); cleanup_later "$R2"
mkdir -p "$R2/opt/nvidia/cuda-12.6.3"
echo mine >"$R2/opt/nvidia/cuda-12.6.3/file"
cds --root "$R2" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.6.3 --cudnn none --yes
is "$RC" 3 "a foreign directory in the way: exit 3"
like "$ERR" "cuda-12.6.3: exists but was not installed by cudnn-setup" \
	"a foreign directory: named"
is "$(cat "$R2/opt/nvidia/cuda-12.6.3/file")" mine "a foreign directory: untouched"

# --prefix
cds --root "$R2" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.6.3 --cudnn none --prefix /srv/cuda --yes
is "$RC" 0 "--prefix: exit 0"
check "--prefix: the tree is there" test -d "$R2/srv/cuda/cuda-12.6.3/lib"

done_testing
