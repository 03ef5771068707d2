#!/bin/sh
# A text no entry matches still says something: explain reads the
# libraries it names (looked up in the index's soname table), the C++
# symbols, versions and paths (under the root), names the nearest entries
# by the words their messages share, and exits 1 (not recognised).  A
# library named by its Windows DLL is looked up by the soname of the same
# release; F13's meaning names the soname of the message.
. "$CDS_SRCDIR/tests/lib.sh"
plan 25

R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/opt/app/lib"
: >"$R/opt/app/lib/libfoo.so.3"

text='ImportError: libGL.so.1: cannot open shared object file: No such file or directory
  loading /opt/app/lib/libfoo.so.3 and /opt/gone/x.py:12 with torch 2.3.1+cu121 on sm_86'
cds --root "$R" explain --json "$text"
is "$RC" 1 "an unknown text: exit 1"
is "$(jget "$OUT" 'd["recognised"]')" False "not recognised"
is "$(jget "$OUT" '[r["here"] for r in d["reads"] if r["value"] == "libGL.so.1"][0]')" \
	"not one of NVIDIA's libraries known here" "libGL.so.1: looked up, not NVIDIA's"
is "$(jget "$OUT" '[r["here"] for r in d["reads"] if r["value"] == "/opt/app/lib/libfoo.so.3"][0]')" \
	"exists here" "a path that is under the root: exists here"
is "$(jget "$OUT" '[r["here"] for r in d["reads"] if r["value"] == "/opt/gone/x.py"][0]')" \
	"not on this machine" "a path with its line number: not on this machine"
like "$(jget "$OUT" '[r["value"] for r in d["reads"] if r["kind"] == "version"]')" \
	"torch 2.3.1.*cu121.*sm_86" "versions: torch, its CUDA build, the architecture"
like "$(jget "$OUT" '[c["id"] for c in d["closest"]]')" "F13" \
	"nearest entries: 'cannot open shared object file' is near F13"

cds --root "$R" explain 'undefined reference in _ZN3foo3barEv from <module>'
is "$RC" 1 "text output: exit 1"
like "$OUT" "symbol _ZN3foo3barEv" "text output: the symbol read"
like "$OUT" "not one I know" "text output: says it is not known"

# every character a separator or not: '>' once made the reader spin
timeout 30 "$CDS_BIN" --root "$R" explain --json 'a > b >> c <> d' \
	>/dev/null 2>&1 </dev/null
is "$?" 1 "a text of separators ends (within 30 s)"
cds --root "$R" explain --json ''
is "$RC" 2 "an empty text is bad input" 

# the kernel's log: one NVRM message written as several lines, each with
# dmesg's time and NVRM's prefix; a line that ended a sentence keeps its own
cds --root "$R" explain --json '[    7.619120] NVRM: GPU at 0000:01:00.0 has software scheduler ENABLED.
[ 8957.099615] NVRM: API mismatch: the client has the version 570.148.08, but
[ 8957.099615] NVRM: this kernel module has the version 570.148.06.  Please'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"]["module"]')" \
	"('F19', '570.148.06')" "dmesg's continued NVRM lines: read as one message"

# a paste a terminal wrapped mid-sentence: read with its lines joined
cds --root "$R" explain --json 'RuntimeError: CUDA error: no kernel image is
     available for execution on the device'
is "$(jget "$OUT" 'd["id"]')" F21 "a wrapped line: recognised once joined"
is "$(jget "$OUT" 'd["matches"][0]["text"]')" \
	"no kernel image is available for execution on the device" \
	"the message, its lines joined"

# nothing readable: nothing invented
cds --root "$R" explain --json 'Segmentation fault (core dumped)'
is "$(jget "$OUT" 'len(d["reads"])')" 0 "nothing readable: no reads"

# Windows names of NVIDIA's libraries, as their sonames
cds --root "$R" explain --json 'RuntimeError: Library cublas64_12.dll is not found or cannot be loaded'
is "$(jget "$OUT" 'd["id"]')" F13 "cublas64_12.dll missing: F13"
is "$(jget "$OUT" 'd["matches"][0]["captures"]["missing"]')" libcublas.so.12 \
	"cublas64_12.dll is libcublas.so.12"
is "$(jget "$OUT" 'd["matches"][0]["captures"]["windows name"]')" cublas64_12.dll \
	"the DLL's own name is kept"
like "$(jget "$OUT" 'd["meaning"]')" "linked against libcublas.so.12" \
	"F13's meaning names the soname of the message"
cds --root "$R" explain --json 'Library cudart64_110.dll is not found or cannot be loaded'
is "$(jget "$OUT" 'd["matches"][0]["captures"]["missing"]')" libcudart.so.11.0 \
	"cudart64_110.dll is CUDA 11's libcudart.so.11.0"
cds --root "$R" explain --json 'Could not load library cudnn_cnn_infer64_8.dll. Error code 126'
is "$(jget "$OUT" 'd["matches"][0]["captures"]["library"]')" libcudnn_cnn_infer.so.8 \
	"cudnn_cnn_infer64_8.dll is libcudnn_cnn_infer.so.8"

# a TensorRT soname: F13 says NVIDIA, not CUDA, and names it
cds --root "$R" --manifest "$CDS_SRCDIR/manifests/index.json" explain --json 'libnvinfer.so.10: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["title"]')" \
	"an NVIDIA library the program was built against is missing" \
	"F13's title is NVIDIA's library, not CUDA's"
like "$(evidence "$OUT" MSG-LIBRARY component)" \
	"TensorRT|tensorrt" "the finding names TensorRT as the component"
is "$(evidence "$OUT" MSG-LIBRARY 'shipped by')" "[]" \
	"and names no CUDA release as its shipper"
done_testing
