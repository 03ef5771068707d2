#!/bin/sh
# NVIDIA's headers (manifests/data/nv-headers.tsv, made by
# manifests/mkheaders.py from wheels' RECORD files and Debian's Contents
# indexes): the committed table is what the tool makes from the CUDA
# toolkit's wheels here, every row's component is one of the redistrib
# files', and explain reads a header not found, in the compilers' words,
# as NV-HEADER and looks for it: nowhere here (an error, with Debian's
# package on Debian, else the toolkit), or in a directory the build did
# not search (a warning, with that directory for CPATH).
. "$CDS_SRCDIR/tests/lib.sh"
TSV=$CDS_SRCDIR/manifests/data/nv-headers.tsv
plan 21

n=$(($(wc -l <"$TSV") - 1))
is "$([ "$n" -ge 150 ] && echo yes)" yes "the table has $n headers"
# the toolkit's wheels here, when they are the ones the table was made from
dist=
for d in /usr/local/cuda/dist-info /usr/local/cuda-*/dist-info; do
	[ -d "$d" ] && { dist=$d; break; }
done
rt=$(awk -F'\t' '$1 == "cuda_runtime.h" { print $5 }' "$TSV")
if [ -n "$dist" ] && have_python &&
    [ -d "$dist/$(echo "$rt" | sed 's/^RECORD of nvidia-cuda-runtime \([^;]*\);.*/nvidia_cuda_runtime-\1.dist-info/')" ]; then
	remade "$TSV" "the table is what the tool makes from $dist" \
	    python3 "$CDS_SRCDIR/manifests/mkheaders.py" --records "$dist"
else
	skip 1 "not the toolkit's wheels the table was made from here"
fi
if have_python; then
	bad=$(python3 - "$CDS_SRCDIR/manifests" <<'EOF'
import csv, glob, json, sys
keys = set()
for p in glob.glob(sys.argv[1] + "/nvidia/*.json"):
    keys.update(json.load(open(p)))
keys.update(("cudnn", "nccl"))
rows = csv.DictReader(open(sys.argv[1] + "/data/nv-headers.tsv"), delimiter="\t")
print(" ".join(r["header"] for r in rows if r["component"] not in keys | {"-"}))
EOF
)
	is "$bad" "" "every row's component is a redistrib component (or cuDNN's, NCCL's)"
else
	skip 1 "no python3"
fi

R=$(mk_sysroot); cleanup_later "$R"
hx() {	# hx MESSAGE: explain --json in R
	OUT=$(env HOME=/home/user "$CDS_BIN" --root "$R" explain --json "$1" 2>/dev/null </dev/null)
}
state() { jget "$OUT" 'd["id"], d["matches"][0]["captures"]["header"], [e["value"] for f in d["findings"] if f["id"] == "MSG-HEADER" for e in f["evidence"] if e["key"] == "state"]'; }
gcc='cc1plus: fatal error: cuda_runtime.h: No such file or directory
compilation terminated.'
hx "$gcc"
is "$(state)" "('NV-HEADER', 'cuda_runtime.h', ['absent'])" \
	"GCC's words: the header, installed nowhere here"
is "$(jget "$OUT" 'd["verdict"]') $(fix_command "$OUT" MSG-HEADER)" \
	"0 cudnn-setup install --cuda VERSION (the release the build is for), then export CUDA_HOME to it" \
	"no package database: the toolkit, from cudnn-setup"
# Debian's package, on a Debian that has it
mkdir -p "$R/var/lib/dpkg"; : >"$R/var/lib/dpkg/status"
echo 'VERSION_CODENAME=bookworm' >"$R/etc/os-release"
hx "$gcc"
is "$(jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-HEADER" for x in f["fixes"] if "argv" in x]')" \
	"['sudo apt-get install nvidia-cuda-dev']" "Debian bookworm: apt-get, nvidia-cuda-dev"
hx "src/comm.cc:3:10: fatal error: nccl.h: No such file or directory"
is "$(jget "$OUT" '[x.get("argv") for f in d["findings"] if f["id"] == "MSG-HEADER" for x in f["fixes"]]')" \
	"[]" "nccl.h on bookworm: Debian has it only from trixie, no apt-get"
echo 'VERSION_CODENAME=trixie' >"$R/etc/os-release"
hx "src/comm.cc:3:10: fatal error: nccl.h: No such file or directory"
is "$(jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-HEADER" for x in f["fixes"] if "argv" in x]')" \
	"['sudo apt-get install libnccl-dev']" "nccl.h on trixie: libnccl-dev"

# installed where the build does not look: a toolkit's, a venv's wheel's
mkdir -p "$R/usr/local/cuda-12.4/targets/x86_64-linux/include" "$R/usr/local/cuda-12.4/bin"
ln -s targets/x86_64-linux/include "$R/usr/local/cuda-12.4/include"
printf '/* a header */\n' >"$R/usr/local/cuda-12.4/targets/x86_64-linux/include/curand_kernel.h"
printf '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}\n' >"$R/usr/local/cuda-12.4/version.json"
clang="x.cu:1:10: fatal error: 'curand_kernel.h' file not found"
hx "$clang"
is "$(state) $(evidence "$OUT" MSG-HEADER 'found in')" \
	"('NV-HEADER', 'curand_kernel.h', ['elsewhere']) ['/usr/local/cuda-12.4/include']" \
	"Clang's words: in the toolkit's include/, once (its targets/ link is the same file)"
like "$(fix_command "$OUT" MSG-HEADER)" '^export CPATH=/usr/local/cuda-12\.4/include\$\{CPATH:\+:\$CPATH\}' \
	"its directory for CPATH"
S=/home/user/venv/lib/python3.12/site-packages
mkdir -p "$R$S/nvidia/cu13/include" "$R$S/torch"
printf 'home = /usr/bin\n' >"$R/home/user/venv/pyvenv.cfg"
printf '/* a header */\n' >"$R$S/nvidia/cu13/include/nvrtc.h"
OUT=$(env HOME=/home/user VIRTUAL_ENV=/home/user/venv "$CDS_BIN" --root "$R" explain --json \
    'x.cu(1): catastrophic error: cannot open source file "nvrtc.h"' 2>/dev/null </dev/null)
is "$(state) $(evidence "$OUT" MSG-HEADER 'found in')" \
	"('NV-HEADER', 'nvrtc.h', ['elsewhere']) ['$S/nvidia/cu13/include']" \
	"nvcc's words: in a venv's pip wheel"
# CUDA 13's CCCL under include/cccl/: a directory of headers, found there
mkdir -p "$R/usr/local/cuda-13.0/include/cccl/cuda/std" "$R/usr/local/cuda-13.0/bin"
printf '/* a header */\n' >"$R/usr/local/cuda-13.0/include/cccl/cuda/std/utility"
printf '{"cuda": {"name": "CUDA SDK", "version": "13.0.2"}}\n' >"$R/usr/local/cuda-13.0/version.json"
hx "third-party/cutlass/include/cutlass/cutlass.h:43:35: fatal error: cuda/std/utility: No such file or directory"
is "$(state) $(evidence "$OUT" MSG-HEADER 'found in')" \
	"('NV-HEADER', 'cuda/std/utility', ['elsewhere']) ['/usr/local/cuda-13.0/include/cccl']" \
	"CCCL's <cuda/std/utility>: in CUDA 13's include/cccl, the directory to include from"
hx "fatal error: cuda/../../../etc/passwd: No such file or directory"
is "$(jget "$OUT" '"NV-HEADER" in [m["id"] for m in d.get("matches", [])]')" "False" \
	"a name that climbs out of include/: not a header looked for"
hx "sh: 1: cuda/bin/nvcc: No such file or directory"
is "$(jget "$OUT" '"NV-HEADER" in [m["id"] for m in d.get("matches", [])]')" "False" \
	"a program under a directory of that name, not a header: not NV-HEADER"
hx "C:\\src\\conv.cpp(3): fatal error C1083: Cannot open include file: 'cudnn.h': No such file or directory"
is "$(state)" "('NV-HEADER', 'cudnn.h', ['absent'])" "MSVC's words: cudnn.h"
like "$(fix_command "$OUT" MSG-HEADER)" '^cudnn-setup install --cudnn VERSION' \
	"cuDNN's header: cudnn-setup's cuDNN"
is "$(evidence "$OUT" MSG-HEADER 'pip wheel')" "['nvidia-cudnn-cu13 (its RECORD lists cudnn.h)']" \
	"the wheel that carries it, by its RECORD"

# not NVIDIA's, or another entry's
hx "foo.c:1:10: fatal error: zlib.h: No such file or directory"
is "$(jget "$OUT" 'd["recognised"]')" "False" "another project's header: not known"
hx "fatal error: nvToolsExt.h: No such file or directory"
is "$(jget "$OUT" 'd["id"]')" "API-GONE" "NVTX 2's header: the API newer toolkits dropped"
hx "RuntimeError: Can not find locations of CUDA headers, please set environment variable CUDA_HOME or CUDA_PATH."
is "$(jget "$OUT" 'd["id"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-HEADER"]')" \
	"NV-HEADER ['cuda_runtime.h is installed nowhere here']" \
	"a program's own words for the CUDA headers: the runtime's looked for"
hx "/usr/include/stdc-predef.h:59:1: fatal error: cuda_runtime_api.h: Datei oder Verzeichnis nicht gefunden"
is "$(state)" "('NV-HEADER', 'cuda_runtime_api.h', ['absent'])" \
	"in German (glibc's words for ENOENT)"
done_testing
