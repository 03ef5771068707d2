#!/bin/sh
# A text no entry matches still says something: explain reads the
# libraries it names (looked up in the index's soname table), the C++
# symbols, versions and paths (under the root), names the nearest entries
# by the words their messages share, and exits 1 (not recognised).  A
# library named by its Windows DLL is looked up by the soname of the same
# release; F13's meaning names the soname of the message.  A binding's
# own list of the names it tried (cudarc's, CUDA.jl's) is read name by
# name and held against the soname table and what is installed here.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 48

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

# what a log or a page wraps around the words: docker compose's service
# before each line of a message wrapped in two, a terminal's colours, a
# page's HTML entities, a hyphen retyped as a blank
cds --root "$R" explain --json 'ollama-1  | RuntimeError: CUDA error: no
ollama-1  |      kernel image is available for execution on the device'
is "$(jget "$OUT" 'd["id"]')" F21 "compose's prefix on each line: read without it"
cds --root "$R" explain --json "$(printf '\033[31mERROR: [Loader Message] Code 0 : loader_scanned_icd_add: Could not get &apos;vkCreateInstance&apos; via &apos;vk_icdGetInstanceProcAddr&apos; for ICD libGLX_nvidia.so.0\033[0m')"
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"]["library"]')" \
	"('F20', 'libGLX_nvidia.so.0')" "colours and HTML entities: read without them"
cds --root "$R" explain --json '(VllmWorkerProcess pid=3512) ERROR 03-04 10:11:12 worker.py:1] RuntimeError: CUDA error: no
(VllmWorkerProcess pid=3512)      kernel image is available for execution on the device'
is "$(jget "$OUT" 'd["id"]')" F21 "a vLLM worker's tag on each line: read without it"
cds --root "$R" explain --json 'what():  cuda error no device: no cuda capable device is detected'
is "$(jget "$OUT" 'd["id"]')" NO-DRIVER "the runtime's words with a hyphen retyped as a blank"

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
# a binding's list of the names it tried, read one by one
M=$CDS_SRCDIR/manifests/index.json
cds --root "$R" --manifest "$M" explain --json 'thread '"'"'main'"'"' panicked at cudarc-0.11.4/src/nvrtc/sys/mod.rs:51:9:
Unable to find nvrtc lib under the names ["nvrtc", "nvrtc64", "nvrtc64_12", "nvrtc64_125_0", "nvrtc64_10"]. Please open GitHub issue.'
is "$(jget "$OUT" 'd["id"]')" BINDING-TOOLKIT "cudarc's list of names: a binding's list"
is "$(jget "$OUT" 'd["matches"][0]["captures"]["candidates"]')" libnvrtc.so \
	"a bare stem is, on Linux, its development link; nvrtc64_12 no name there"
is "$(jget "$OUT" 'd["matches"][0]["captures"]["known"]')" \
	"libnvrtc.so, libnvrtc.so.12, libnvrtc.so.10" \
	"the list knows CUDA 12's and 10's names (the Windows names' majors)"
like "$(evidence "$OUT" MSG-LIBRARY 'no name for')" \
	"libnvrtc.so.13 \(CUDA 13.0-13.4\)" "the table: no name for CUDA 13's nvrtc"
unlike "$(evidence "$OUT" MSG-LIBRARY 'no name for')" "libnvrtc.so.12" \
	"and none said missing that the list has"
like "$(evidence "$OUT" MSG-LIBRARY 'on Linux')" \
	"only the development link libnvrtc.so" "a list of stems reaches only the development link"
like "$(jget "$OUT" 'd["meaning"]')" "its own list \(libnvrtc.so, as the loader" \
	"the meaning names the list's names"
cds --root "$R" --manifest "$M" explain --json 'Unable to dynamically shared library - searched for library names: ["cufft64.dll", "cufft64_13.dll", "cufft64_11.dll", "cufft64_10.dll", "cufft.dll.11"]. Ensure that '"'"'LD_LIBRARY_PATH'"'"' has the correct path'
is "$(jget "$OUT" 'd["id"]')" BINDING-TOOLKIT "a list of Windows names: a binding's list"
is "$(evidence "$OUT" MSG-LIBRARY 'no name for')" \
	"['libcufft.so.12 (CUDA 13.0-13.4)']" \
	"the list has cuFFT 13, 11 and 10: no name for CUDA 13's cuFFT 12"
is "$(evidence "$OUT" MSG-LIBRARY 'on Linux')" "[]" \
	"versioned names: no word on the development link"
# the same list where CUDA 13's cuFFT is installed
R2=$(mk_sysroot); cleanup_later "$R2"
mkdir -p "$R2/opt/cuda/lib"
echo /opt/cuda/lib >"$R2/etc/ld.so.conf"
mk_solib "$R2/opt/cuda/lib/libcufft.so.12" libcufft.so.12
L='Unable to dynamically load the "cufft" shared library - searched for library names: ["cufft", "cufft64", "cufft64_11", "cufft64_10"].'
cds --root "$R2" --manifest "$M" explain --json "$L"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('BINDING-TOOLKIT', 1)" \
	"libcufft.so.12 installed, the list without it: cause 2"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["severity"] == "error"]')" \
	"libcufft.so.12 is installed here, under a name the binding's list does not reach" \
	"the finding names the library installed"
ln -s libcufft.so.12 "$R2/opt/cuda/lib/libcufft.so"
cds --root "$R2" --manifest "$M" explain --json "$L"
is "$(jget "$OUT" 'd["verdict"]')" None \
	"its development link here too: the binding would find it, no cause claimed"
like "$(jget "$OUT" '[f["title"] for f in d["findings"]]')" \
	"here the loader finds libcufft.so: /opt/cuda/lib/libcufft.so" \
	"and it says the loader finds it here"
# not a binding's list of NVIDIA's libraries
cds --root "$R" explain --json 'Unable to find cuda lib under the names ["cuda", "nvcuda"]. Please open GitHub issue.'
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['DRIVER-LIB']" \
	"the driver's own list: DRIVER-LIB, not a binding's"
cds --root "$R" explain --json 'searched for library names: ["ssl", "ssl3", "crypto"]'
is "$(jget "$OUT" 'd["recognised"]')" False "a list of other libraries: not NVIDIA's, not recognised"
# CUDA.jl's local toolkit discovery
cds --root "$R" --manifest "$M" explain --json 'Debug: Could not discover CUDA toolkit
    Could not find library '"'"'nvToolsExt'"'"' in your local CUDA installation.'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"]["missing"]')" \
	"('BINDING-TOOLKIT', 'libnvToolsExt.so')" "CUDA.jl: the one library it requires"
like "$(evidence "$OUT" MSG-LIBRARY 'no name for')" \
	"libnvToolsExt.so.1 \(CUDA 11.2-12.9\)" "and the releases that ship it"
cds --root "$R" explain --json "Could not find library 'nvToolsExt'"
is "$(jget "$OUT" '"BINDING-TOOLKIT" in [m["id"] for m in d.get("matches", [])]')" False \
	"the words without CUDA.jl's 'local CUDA installation': not a binding's list"
done_testing
