#!/usr/bin/env python3
"""Tables of NVIDIA's status enums, from the headers and libraries here.

Writes manifests/data/cuda-codes.tsv: every value of CUresult, cudaError_t,
cudnnStatus_t (cuDNN 8 and 9), cublasStatus_t, cusparseStatus_t,
cufftResult, curandStatus_t, cusolverStatus_t, nvrtcResult,
nvJitLinkResult, ncclResult_t, nvmlReturn_t, NVENCSTATUS and CUfileOpError, read from
the headers and described by the library's own string function where one
answers without a GPU; the words other releases' libraries (or, where the text is a
header's comment, other releases' headers) say for a value are kept too,
since people paste the words of the release they had.

How the committed table was made, whole: each package below (NVIDIA's, as
Debian ships them in non-free and contrib; manifests/SOURCES.md lists
them with their suites and SHA-256) fetched through a private apt
configuration in a scratch directory (never the system's sources list)
with `apt-get download PKG=VERSION` and unpacked with
`dpkg-deb -x PKG.deb "$X/PKG-VERSION"` (libc6, libstdc++6 and libgcc-s1
of trixie all into "$X/trixie-libc": Debian's libnccl2 2.22 needs
glibc 2.38, newer than bookworm's); the cuDNN 8 header as SOURCES.md
says.  Each older release is named by its release, its files and a label
for the source column:

    X=/tmp/codes-x    # any scratch directory
    L=usr/lib/x86_64-linux-gnu
    # the libraries that libcublas and libcusparse need, loaded first
    LT11="$X/libcublaslt11-11.11.3.6~11.8.0-5~deb12u1/$L/libcublasLt.so.11"
    LT12="$X/libcublaslt12-12.4.5.8~12.4.1-2/$L/libcublasLt.so.12"
    JL12="$X/libnvjitlink12-12.4.127~12.4.1-2/$L/libnvJitLink.so.12"
    python3 tools/mkcodes.py \\
     --cuda 11.2 "$X/nvidia-cuda-dev-11.2.2-3+deb11u3/usr/include" \\
       'Debian nvidia-cuda-dev 11.2.2-3+deb11u3' \\
     --cuda 11.8 "$X/nvidia-cuda-dev-11.8.89~11.8.0-5~deb12u1/usr/include" \\
       'Debian nvidia-cuda-dev 11.8.89~11.8.0-5~deb12u1' \\
     --cuda 12.4 "$X/nvidia-cuda-dev-12.4.127~12.4.1-2/usr/include" \\
       'Debian nvidia-cuda-dev 12.4.127~12.4.1-2' \\
     --cuda 12.5 "$X/nvidia-cuda-dev-12.5.39~12.5.0-2+b1/usr/include" \\
       'Debian nvidia-cuda-dev 12.5.39~12.5.0-2+b1' \\
     --nvml 11.2 "$X/libnvidia-ml-dev-11.2.152~11.2.2-3+deb11u3/usr/include" \\
       'Debian libnvidia-ml-dev 11.2.152~11.2.2-3+deb11u3' \\
     --nvml 11.8 "$X/libnvidia-ml-dev-11.8.86~11.8.0-5~deb12u1/usr/include" \\
       'Debian libnvidia-ml-dev 11.8.86~11.8.0-5~deb12u1' \\
     --nvml 12.4 "$X/libnvidia-ml-dev-12.4.127~12.4.1-2/usr/include" \\
       'Debian libnvidia-ml-dev 12.4.127~12.4.1-2' \\
     --nvml 12.5 "$X/libnvidia-ml-dev-12.5.39~12.5.0-2+b1/usr/include" \\
       'Debian libnvidia-ml-dev 12.5.39~12.5.0-2+b1' \\
     --nccl "$X/libnccl-dev-2.22.3-1-1/usr/include/nccl.h" \\
       'Debian libnccl-dev 2.22.3-1-1' \\
     --cudnn 8.9 "$X/cudnn8/cudnn_ops_infer.h" \\
       'cuDNN 8.9.1 in xiaohaoo/Yolo_TensorRT include/cudnn_ops_infer.h @9d8501d38e9c' \\
     --glibc "$X/trixie-libc/$L" \\
     --lib cudaError_t 11.2 \\
       "$X/libcudart11.0-11.2.152~11.2.2-3+deb11u3/$L/libcudart.so.11.0" \\
       'Debian libcudart11.0 11.2.152~11.2.2-3+deb11u3' \\
     --lib cudaError_t 11.8 \\
       "$X/libcudart11.0-11.8.89~11.8.0-5~deb12u1/$L/libcudart.so.11.0" \\
       'Debian libcudart11.0 11.8.89~11.8.0-5~deb12u1' \\
     --lib cudaError_t 12.4 \\
       "$X/libcudart12-12.4.127~12.4.1-2/$L/libcudart.so.12" \\
       'Debian libcudart12 12.4.127~12.4.1-2' \\
     --lib ncclResult_t 2.22 "$X/libnccl2-2.22.3-1-1/$L/libnccl.so.2" \\
       'Debian libnccl2 2.22.3-1-1' \\
     --lib nvrtcResult 11.2 \\
       "$X/libnvrtc11.2-11.2.152~11.2.2-3+deb11u3/$L/libnvrtc.so.11.2" \\
       'Debian libnvrtc11.2 11.2.152~11.2.2-3+deb11u3' \\
     --lib nvrtcResult 11.8 \\
       "$X/libnvrtc11.2-11.8.89~11.8.0-5~deb12u1/$L/libnvrtc.so.11.2" \\
       'Debian libnvrtc11.2 11.8.89~11.8.0-5~deb12u1' \\
     --lib nvrtcResult 12.4 \\
       "$X/libnvrtc12-12.4.127~12.4.1-2/$L/libnvrtc.so.12" \\
       'Debian libnvrtc12 12.4.127~12.4.1-2' \\
     --lib cublasStatus_t 11.8 \\
       "$LT11:$X/libcublas11-11.11.3.6~11.8.0-5~deb12u1/$L/libcublas.so.11" \\
       'Debian libcublas11 11.11.3.6~11.8.0-5~deb12u1' \\
     --lib cublasStatus_t 12.4 \\
       "$LT12:$X/libcublas12-12.4.5.8~12.4.1-2/$L/libcublas.so.12" \\
       'Debian libcublas12 12.4.5.8~12.4.1-2' \\
     --lib cusparseStatus_t 11.2 \\
       "$X/libcusparse11-11.4.1.1152~11.2.2-3+deb11u3/$L/libcusparse.so.11" \\
       'Debian libcusparse11 11.4.1.1152~11.2.2-3+deb11u3' \\
     --lib cusparseStatus_t 11.8 \\
       "$X/libcusparse11-11.7.5.86~11.8.0-5~deb12u1/$L/libcusparse.so.11" \\
       'Debian libcusparse11 11.7.5.86~11.8.0-5~deb12u1' \\
     --lib cusparseStatus_t 12.4 \\
       "$JL12:$X/libcusparse12-12.3.1.170~12.4.1-2/$L/libcusparse.so.12" \\
       'Debian libcusparse12 12.3.1.170~12.4.1-2' \\
     --lib CUresult 12.4 \\
       "$X/libcuda1-550.163.01-2/$L/nvidia/current/libcuda.so.1" \\
       'Debian libcuda1 550.163.01-2' \\
     --lib CUresult 12.5 \\
       "$X/libcuda1-555.58.02-4/$L/nvidia/current/libcuda.so.1" \\
       'Debian libcuda1 555.58.02-4' \\
     --lib nvmlReturn_t 12.4 \\
       "$X/libnvidia-ml1-550.163.01-2/$L/nvidia/current/libnvidia-ml.so.1" \\
       'Debian libnvidia-ml1 550.163.01-2' \\
     --lib nvmlReturn_t 12.5 \\
       "$X/libnvidia-ml1-555.58.02-4/$L/nvidia/current/libnvidia-ml.so.1" \\
       'Debian libnvidia-ml1 555.58.02-4' \\
     --nvenc "$X/libffmpeg-nvenc-dev-11.1.5.2-1/usr/include/ffnvcodec/nvEncodeAPI.h" \\
       'Debian libffmpeg-nvenc-dev 11.1.5.2-1' \\
     --nvenc "$X/libffmpeg-nvenc-dev-12.1.14.0-1/usr/include/ffnvcodec/nvEncodeAPI.h" \\
       'Debian libffmpeg-nvenc-dev 12.1.14.0-1' \\
     > manifests/data/cuda-codes.tsv

(CUfileOpError, GPUDirect Storage's cuFile, from Debian's
libcufile-dev of trixie non-free, fetched and unpacked as above:

    python3 tools/mkcodes.py --enum CUfileOpError \\
     --cufile 12.4 "$X/libcufile-dev-1.9.1.3~12.4.1-2/usr/include/cufile.h" \\
       'Debian libcufile-dev 1.9.1.3~12.4.1-2'

its rows merged into the table, the others' unchanged.  Its words are
the header's own: the enum and cufileop_status_error() are both made from
one macro, expanded here by cc -E.  This machine's cufile.h, where
--prefix has one, is read too.)

(NVENCSTATUS, the encoder API of NVIDIA's Video Codec SDK, from
nv-codec-headers as Debian ships it in main; its rows were added to the
table with --enum NVENCSTATUS and the two --nvenc options alone, the
other enums' rows unchanged.  --enum ENUM writes only that enum's rows.)

(bullseye's libcublas11 11.4.1 has no cublasGetStatusString: not read.)

The driver's own libraries, libcuda.so.1 (cuGetErrorString, whose words
come through an out-parameter) and libnvidia-ml.so.1 (nvmlErrorString),
answer without a GPU and without cuInit()/nvmlInit().  NVIDIA's driver
libraries create the /dev/nvidia* files they miss (themselves as root,
else through the setuid nvidia-modprobe), so the tool calls them only in
a mount namespace of its own with an empty tmpfs on /dev, made with
unshare(1) (as root --mount, otherwise in a user namespace too,
--map-root-user); where that cannot be made the call fails and the tool
stops.  A driver library is named by the CUDA release its driver is of,
and the tool checks it: a libcuda's own cuDriverGetVersion() must say
that release (550.163.01 says 12040, 555.58.02 12050), and a libnvidia-ml
is of the release of the libcuda of the same driver version (the version
in their file names), which must be given too.  This agrees with
NVIDIA's redistrib manifests, whose nvidia_driver of CUDA 12.4.0/12.4.1
is 550.54.14/550.54.15 and of 12.5.0/12.5.1 555.42.02/555.42.06.  Like
every --lib, a driver library's release needs its headers read too:
hence CUDA 12.5's (Debian experimental's nvidia-cuda-dev and
libnvidia-ml-dev 12.5.39).  Not read: bookworm's 535.261.03 and
bullseye's 470.256.02, whose cuDriverGetVersion() says 12020 and 11040:
Debian has no headers of CUDA 12.2 or 11.4.

The headers and libraries of the machine itself are always read:
--prefix (default /usr/local/cuda) include/ and lib64/, and --ffnvcodec
(default /usr/include/ffnvcodec, where Debian's libffmpeg-nvenc-dev puts
nvEncodeAPI.h); their releases are read from the headers (CUDA_VERSION,
CUDNN_MAJOR/MINOR, NCCL_MAJOR/MINOR, NVENCAPI_MAJOR/MINOR_VERSION).

    python3 tools/mkcodes.py --check manifests/data/cuda-codes.tsv

compares the table with what this machine's headers and libraries say
(used by tests/sys/codes.sh): one line per check, "ok", "fail" or "skip",
a tab, the check's name, a tab, the reason.

Columns (tab-separated, one header line, sorted by enum, major, value,
name, then a code's newest row before its older ones, the most recent
first):
  enum      the C type: CUresult, cudaError_t, cudnnStatus_t, ...
  major     cudnnStatus_t only: the cuDNN major (8 or 9), whose numbering
            differs; "-" for every other enum
  value     the number, decimal
  name      the enumerator exactly as the header spells it.  Left out:
            sentinels (*_MAX, *_FORCE_*, ncclNumResults) and an alias of
            an earlier enumerator's value that the header marks deprecated
            (cuDNN 9's CUDNN_STATUS_MAPPING_ERROR = ..._TEXTURE_CREATION_
            FAILED); a deprecated name with a value of its own is kept
  text      the library's description: its string function's answer for
            the value (cuGetErrorString, cudaGetErrorString,
            cudnnGetErrorString, cublasGetStatusString,
            cusparseGetErrorString, nvrtcGetErrorString,
            ncclGetErrorString, nvmlErrorString) of the newest release
            read that has the value, else the header's
            doc comment for the enumerator, its first sentence (doxygen's
            "::" before a name dropped); "-" when neither exists; white
            space collapsed
  releases  the releases of the headers the enumerator was seen in, with
            this value: "11.2-13.0" when seen in every release read from
            the first to the last, else a comma list ("11.2,11.8"); CUDA
            releases for the toolkit's headers, the NVML header's CUDA
            release for nvmlReturn_t, NCCL's for ncclResult_t, cuDNN's for
            cudnnStatus_t
  source    where the text came from: "cudaGetErrorString, libcudart.so.13
            (CUDA 13.0)", "header comment, cuda.h (CUDA 13.0)", "header,
            cudnn_ops_infer.h (...) has no description"
  wording   "newest": the code's one row of the above, its text the
            newest release's that has the value (what the program shows
            of a code); "older": other words for the same code (same
            enum, major, value and name) that older releases say, of the
            same kind of source as the newest row's (string function or
            header comment: a header's comment is no older wording of a
            code whose text is a library's, since people paste what the
            library prints), each once: then releases is the releases
            whose library (or header) says these words, and source each
            of them, "; "-separated.  An older row follows its newest row
            and its words differ from the newest's
"""
import argparse
import os
import re
import subprocess
import tempfile
import sys

COLUMNS = ["enum", "major", "value", "name", "text", "releases", "source",
           "wording"]

# enum type -> (header file, how its body is found, product, string
# function, library sonames tried in order)
ENUMS = [
    ("CUresult", "cuda.h", ("tag", "cudaError_enum"), "cuda",
     "cuGetErrorString", []),
    ("cudaError_t", "driver_types.h", ("tag", "cudaError"), "cuda",
     "cudaGetErrorString", ["libcudart.so.13", "libcudart.so.12",
                            "libcudart.so.11.0"]),
    ("cudnnStatus_t", None, ("typedef", "cudnnStatus_t"), "cudnn",
     "cudnnGetErrorString", []),
    ("cublasStatus_t", "cublas_api.h", ("typedef", "cublasStatus_t"), "cuda",
     "cublasGetStatusString", ["libcublas.so.13", "libcublas.so.12",
                               "libcublas.so.11"]),
    ("cusparseStatus_t", "cusparse.h", ("typedef", "cusparseStatus_t"),
     "cuda", "cusparseGetErrorString", ["libcusparse.so.12",
                                        "libcusparse.so.11"]),
    ("cufftResult", "cufft.h", ("typedef", "cufftResult"), "cuda", None, []),
    ("curandStatus_t", "curand.h", ("tag", "curandStatus"), "cuda", None, []),
    ("cusolverStatus_t", "cusolver_common.h",
     ("typedef", "cusolverStatus_t"), "cuda", None, []),
    ("nvrtcResult", "nvrtc.h", ("typedef", "nvrtcResult"), "cuda",
     "nvrtcGetErrorString", ["libnvrtc.so.13", "libnvrtc.so.12",
                             "libnvrtc.so.11.2"]),
    ("nvJitLinkResult", "nvJitLink.h", ("typedef", "nvJitLinkResult"),
     "cuda", None, []),
    ("ncclResult_t", "nccl.h", ("typedef", "ncclResult_t"), "nccl",
     "ncclGetErrorString", ["libnccl.so.2"]),
    ("nvmlReturn_t", "nvml.h", ("tag", "nvmlReturn_enum"), "nvml",
     "nvmlErrorString", []),
    # the Video Codec SDK's encoder API (NVENC), as nv-codec-headers (the
    # header FFmpeg builds against) carries it; no string function: the
    # header's comments
    ("NVENCSTATUS", "nvEncodeAPI.h", ("typedef", "NVENCSTATUS"), "nvenc",
     None, []),
    # GPUDirect Storage's cuFile: its enum and its status function
    # (cufileop_status_error, a static inline of the header) are both
    # made from one macro, CUFILEOP_STATUS_ENTRIES: read by the C
    # preprocessor (cufile_values())
    ("CUfileOpError", "cufile.h", None, "cufile", "cufileop_status_error",
     []),
]
CUDNN_HEADERS = ["cudnn_graph.h", "cudnn_ops_infer.h", "cudnn.h"]
CUDNN_LIBS = {"9": ["libcudnn_graph.so.9", "libcudnn.so.9"],
              "8": ["libcudnn_ops_infer.so.8", "libcudnn.so.8"]}
SENTINEL = re.compile(r"(_MAX|_FORCE_\w*|NumResults|^CU_FILE_IO_MAX_ERROR)$")


def vkey(rel):
    return tuple(int(x) for x in rel.split("."))


def clean(s):
    return re.sub(r"\s+", " ", s).strip()


def first_sentence(s):
    s = clean(s)
    s = re.sub(r"::(?=\w)", "", s)
    s = re.sub(r"\\(?:deprecated|note|p|e|c|b|ref)\s+", "", s)
    # a sentence ends at ". " before a capital, not after e.g./i.e.
    m = re.search(r"(?<!e\.g)(?<!i\.e)\.\s+(?=[A-Z(])", s)
    if m:
        s = s[:m.start() + 1]
    return s


def find_body(text, how):
    """The text between the braces of the enum, or None."""
    kind, name = how
    if kind == "tag":
        m = re.search(r"enum\s+(?:__device_builtin__\s+)?" + re.escape(name)
                      + r"\s*\{", text)
        if not m:
            return None
        start = m.end()
    else:
        m = re.search(r"\}\s*" + re.escape(name) + r"\s*;", text)
        if not m:
            return None
        head = text.rfind("enum", 0, m.start())
        start = text.index("{", head) + 1
    depth, i = 1, start
    while depth:
        c = text[i]
        if text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        if text.startswith("//", i):
            i = text.index("\n", i)
            continue
        depth += {"{": 1, "}": -1}.get(c, 0)
        i += 1
    return text[start:i - 1]


def preprocess(body):
    """The lines of an enum body a plain compile sees: an #ifdef'd name
    (nvJitLink 12's NEW_ERROR_CODES, "will appear in a future CUDA
    release") is not defined, an #ifndef is taken, #if 0 is not."""
    out, stack = [], []
    for ln in body.split("\n"):
        d = re.match(r"\s*#\s*(\w+)\s*(.*)", ln)
        if not d:
            if all(stack):
                out.append(ln)
            continue
        word, rest = d.group(1), d.group(2)
        if word == "ifdef" or (word == "if" and
                               re.match(r"defined\b", rest)):
            stack.append(False)
        elif word == "ifndef":
            stack.append(True)
        elif word == "if":
            stack.append(not re.match(r"0\b", rest))
        elif word == "else" and stack:
            stack[-1] = not stack[-1]
        elif word == "endif" and stack:
            stack.pop()
    return "\n".join(out)


def tokens(body):
    """Comments and code of an enum body: (kind, text, own_line)."""
    out, i, code = [], 0, ""
    line_start = True
    while i < len(body):
        if body.startswith("/*", i) or body.startswith("//", i):
            if code:
                out.append(("code", code, False))
                code = ""
            if body.startswith("/*", i):
                j = body.index("*/", i) + 2
            else:
                j = body.find("\n", i)
                j = len(body) if j < 0 else j
            out.append(("comment", body[i:j], line_start))
            i = j
            continue
        c = body[i]
        if c == "#" and line_start:
            j = body.find("\n", i)
            i = len(body) if j < 0 else j
            continue
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        code += c
        i += 1
    if code:
        out.append(("code", code, False))
    return out


def comment_text(c):
    c = re.sub(r"^/\*\*?<?|\*/$|^//[/!]?<?", "", c)
    lines = [re.sub(r"^\s*\*?\s?", "", ln) for ln in c.split("\n")]
    return clean(" ".join(lines))


def is_doc_before(c):
    return (c.startswith("/**") or c.startswith("//!") or
            c.startswith("///")) and not re.match(r"(/\*\*|//!|///)<", c)


def evaluate(expr, known):
    e = re.sub(r"\b(\d+|0[xX][0-9a-fA-F]+)[uUlL]+\b", r"\1", expr)
    e = re.sub(r"\(\s*(?:unsigned\s+)?int\s*\)", "", e)

    def name(m):
        if m.group(0) in known:
            return str(known[m.group(0)])
        if re.match(r"0[xX]", m.group(0)) or m.group(0).isdigit():
            return str(int(m.group(0), 0))
        raise ValueError("unknown name %s in %r" % (m.group(0), expr))
    e = re.sub(r"\b[A-Za-z_]\w*\b|\b0[xX][0-9a-fA-F]+\b", name, e)
    if not re.fullmatch(r"[\d\s+\-*()<>|&~]+", e):
        raise ValueError("cannot evaluate %r" % expr)
    return int(eval(e, {"__builtins__": {}}))


def parse_enum(text, how):
    """[(name, value, doc, deprecated)] in header order, aliases marked."""
    body = find_body(text, how)
    if body is None:
        return None
    entries, cur, pending = [], None, None
    known, prev = {}, -1

    def finish():
        nonlocal cur, prev
        if cur is None:
            return
        code = clean(cur["code"])
        if code:
            # NAME [ATTRIBUTE_MACRO] [= EXPR], the macro cuDNN 9's
            # CUDNN_DEPRECATED_ENUM
            m = re.match(r"([A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*(?==|$)",
                         code)
            dep = bool(m and "DEPRECATED" in m.group(2))
            if m:
                code = m.group(1) + code[m.end():]
            if "=" in code:
                nm, ex = code.split("=", 1)
                val = evaluate(ex.strip(), known)
                alias = re.fullmatch(r"\s*[A-Za-z_]\w*\s*", ex) is not None
            else:
                nm, val, alias = code, prev + 1, False
            nm = nm.strip()
            known[nm] = val
            prev = val
            entries.append({"name": nm, "value": val, "doc": cur["doc"],
                            "deprecated": dep, "alias": alias})
        cur = None

    for kind, t, own in tokens(preprocess(body)):
        if kind == "comment":
            if own:
                if is_doc_before(t):
                    pending = comment_text(t)
                continue
            # a comment on an enumerator's line: its description
            target = cur if cur is not None else (entries[-1] if entries
                                                  else None)
            if target is not None and not target.get("doc"):
                target["doc"] = comment_text(t)
            continue
        for piece in re.split(r"(,)", t):
            if piece == ",":
                finish()
                continue
            if not piece.strip():
                continue
            if cur is None:
                cur = {"code": "", "doc": pending}
                pending = None
            cur["code"] += piece
    finish()
    return entries


def keep(e, seen_values):
    if SENTINEL.search(e["name"]):
        return False
    doc = (e["doc"] or "")
    deprecated = e["deprecated"] or "deprecated" in doc.lower()
    if e["value"] in seen_values and deprecated:
        return False
    return True


def header_values(text, how):
    """The kept enumerators of one header: [(name, value, doc)]."""
    ents = parse_enum(text, how)
    if ents is None:
        return None
    out, seen = [], set()
    for e in ents:
        if keep(e, seen):
            out.append((e["name"], e["value"], e["doc"]))
        seen.add(e["value"])
    return out


def cufile_values(path):
    """cufile.h's codes, [(name, value, text)], the text as its
    cufileop_status_error() returns it: CUFILEOP_STATUS_ENTRIES expanded
    by the C preprocessor (cc -E) with CUFILE_OP(code, name, string)
    defined to give all three, the string by the preprocessor's own #
    (cuda.h, which the header includes, is given empty: no macro of it is
    used).  None when the header has no such macro or cc cannot run."""
    if "CUFILEOP_STATUS_ENTRIES" not in read(path):
        return None
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "cuda.h"), "w").close()
        src = os.path.join(d, "codes.c")
        with open(src, "w") as f:
            f.write('#include "%s"\n#undef CUFILE_OP\n'
                    '#define CUFILE_OP(code, name, string) '
                    'CDS_ROW (code) name #string\n'
                    'CUFILEOP_STATUS_ENTRIES\n' % os.path.abspath(path))
        try:
            r = subprocess.run(["cc", "-E", "-P", "-I", d, src],
                               capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return None
    if r.returncode != 0:
        return None
    out = []
    for m in re.finditer(r'CDS_ROW \(([0-9 +]+)\) (CU_FILE_[A-Z0-9_]+) '
                         r'"((?:[^"\\]|\\.)*)"', r.stdout):
        out.append((m.group(2), sum(int(x) for x in m.group(1).split("+")),
                    m.group(3).replace('\\"', '"')))
    return out or None


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def define(text, name):
    m = re.search(r"#define\s+" + name + r"\s+(\d+)", text)
    return int(m.group(1)) if m else None


def cuda_release(inc):
    p = os.path.join(inc, "cuda.h")
    if not os.path.exists(p):
        return None
    v = define(read(p), "CUDA_VERSION")
    return "%d.%d" % (v // 1000, v % 1000 // 10) if v else None


def nvenc_release(path):
    """"major.minor" of an nvEncodeAPI.h (NVENCAPI_MAJOR/MINOR_VERSION)."""
    t = read(path)
    ma = define(t, "NVENCAPI_MAJOR_VERSION")
    mi = define(t, "NVENCAPI_MINOR_VERSION")
    return "%d.%d" % (ma, mi) if ma is not None and mi is not None else None


def cudnn_release(path):
    """(major, "major.minor") of a cuDNN header, from it or cudnn_version.h."""
    for p in (path, os.path.join(os.path.dirname(path), "cudnn_version.h")):
        if os.path.exists(p):
            t = read(p)
            ma, mi = define(t, "CUDNN_MAJOR"), define(t, "CUDNN_MINOR")
            if ma is None:
                ma = define(t, r"CUDNN_\w+_MAJOR")
                mi = define(t, r"CUDNN_\w+_MINOR")
            if ma is not None:
                return str(ma), "%d.%d" % (ma, mi)
    return None


def nccl_release(path):
    t = read(path)
    return "%d.%d" % (define(t, "NCCL_MAJOR"), define(t, "NCCL_MINOR"))


# How each string function is called: "ret", const char *f(int); "out",
# int f(int, const char **) (the driver API's cuGetErrorString, which
# answers CUDA_SUCCESS and the words through its out-parameter, or an
# error and NULL for a value it does not know); "version", int f(int *)
# (cuDriverGetVersion: the CUDA release the driver library is of, as
# CUDA_VERSION is written, 12040 for 12.4).
SHAPES = {"cuGetErrorString": "out", "cuDriverGetVersion": "version"}
# The driver's own libraries (libcuda.so.1, libnvidia-ml.so.1): loading
# them may create the /dev/nvidia* nodes (they run nvidia-modprobe, a
# setuid program, when the nodes are missing), so they are only ever
# called in a mount namespace of their own whose /dev is an empty tmpfs
# (private_dev()).
DRIVER_FNS = {"cuGetErrorString", "cuDriverGetVersion", "nvmlErrorString"}

# Run in a process of its own for each library (so that two releases of
# one soname, each with the libraries it needs, never meet): argv is the
# libraries, colon-separated, those it needs first; the function; how it
# is called (SHAPES); the values.  One line a value: its text, or nothing
# for NULL (or, for "out", an answer other than success).
QUERY = r"""
import ctypes, sys
libs = sys.argv[1].split(":")
for lib in libs[:-1]:
    ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
f = getattr(ctypes.CDLL(libs[-1]), sys.argv[2])
shape = sys.argv[3]
if shape == "version":
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.POINTER(ctypes.c_int)]
    n = ctypes.c_int(0)
    print(n.value if f(ctypes.byref(n)) == 0 else "")
    sys.exit(0)
if shape == "out":
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
else:
    f.restype = ctypes.c_char_p
    f.argtypes = [ctypes.c_int]
for v in sys.argv[4:]:
    if shape == "out":
        p = ctypes.c_char_p()
        s = p.value if f(int(v), ctypes.byref(p)) == 0 else None
    else:
        s = f(int(v))
    print((s or b"").decode("utf-8", "replace").replace("\n", " "))
"""


def private_dev(cmd):
    """CMD run in a mount namespace of its own (unshare(1)) whose /dev is
    an empty tmpfs, so that nothing a driver library creates there reaches
    the machine's /dev: as root a mount namespace, else one inside a user
    namespace of its own (--map-root-user).  When the tmpfs cannot be
    mounted the command does not run (the shell stops first)."""
    pre = ["unshare", "--mount", "--propagation", "private"]
    if os.geteuid() != 0:
        pre.insert(1, "--map-root-user")
    return pre + ["sh", "-c", 'mount -t tmpfs cds-codes /dev && exec "$@"',
                  "sh"] + cmd


def call(libs, fn, args, glibc=None):
    """The lines QUERY prints for function FN of LIBS called on ARGS (a
    list of strings), or (None, why)."""
    cmd = [sys.executable, "-c", QUERY, libs, fn,
           SHAPES.get(fn, "ret")] + args
    if glibc:
        cmd = [os.path.join(glibc, "ld-linux-x86-64.so.2"),
               "--library-path", glibc] + cmd
    if fn in DRIVER_FNS:
        cmd = private_dev(cmd)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           errors="replace", timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    lines = r.stdout.split("\n")[:max(len(args), 1)]
    if r.returncode != 0 or len(lines) != max(len(args), 1):
        why = r.stderr.strip().split("\n")[-1] if r.stderr.strip() else (
            "exit status %d" % r.returncode)
        return None, why
    return lines, None


def libstring(libs, fn, values, glibc=None):
    """{value: text} of the string function FN of the last of LIBS (a
    colon-separated list, the libraries it needs first), called in a
    process of its own, under the C library in directory GLIBC when one is
    given; a value it has no words for is left out; (None, why) when it
    cannot be called."""
    values = sorted(values)
    lines, why = call(libs, fn, [str(v) for v in values], glibc)
    if lines is None:
        return None, why
    return {v: clean(t) for v, t in zip(values, lines) if clean(t)}, None


def driver_release(libs, glibc=None):
    """The CUDA release a libcuda is of, as its cuDriverGetVersion() says
    it ("12.4"), or (None, why)."""
    lines, why = call(libs, "cuDriverGetVersion", [], glibc)
    if lines is None:
        return None, why
    if not lines[0].isdigit():
        return None, "cuDriverGetVersion() failed"
    v = int(lines[0])
    return "%d.%d" % (v // 1000, v % 1000 // 10), None


def driver_version(libs):
    """The driver version in the file name of the last of LIBS (its link
    followed): "550.163.01" of libnvidia-ml.so.550.163.01; else None."""
    m = re.search(r"\.so\.(\d+\.\d+(?:\.\d+)?)$",
                  os.path.realpath(libs.split(":")[-1]))
    return m.group(1) if m else None


class Sources:
    """Every header read: (enum, major) -> [(release, file label, values)]."""

    def __init__(self):
        self.seen = {}
        self.strings = {}     # (enum, major) -> [(release, texts, label)]
        self.pending = []     # string functions not yet called

    def add(self, enum, major, rel, label, vals):
        if vals is not None:
            self.seen.setdefault((enum, major), []).append((rel, label, vals))

    def add_cuda(self, inc, rel, label):
        for enum, hdr, how, prod, _, _ in ENUMS:
            if prod != "cuda":
                continue
            p = os.path.join(inc, hdr)
            if os.path.exists(p):
                self.add(enum, "-", rel, "%s (%s)" % (hdr, label),
                         header_values(read(p), how))

    def add_nvml(self, inc, rel, label):
        p = os.path.join(inc, "nvml.h")
        if os.path.exists(p):
            self.add("nvmlReturn_t", "-", rel, "nvml.h (%s)" % label,
                     header_values(read(p), ("tag", "nvmlReturn_enum")))

    def add_cudnn(self, path, rel, label):
        major = rel.split(".")[0]
        self.add("cudnnStatus_t", major, rel,
                 "%s (%s)" % (os.path.basename(path), label),
                 header_values(read(path), ("typedef", "cudnnStatus_t")))

    def add_nccl(self, path, label):
        rel = nccl_release(path)
        self.add("ncclResult_t", "-", rel, "nccl.h (%s)" % label,
                 header_values(read(path), ("typedef", "ncclResult_t")))

    def add_nvenc(self, path, label):
        rel = nvenc_release(path)
        if rel is None:
            sys.exit("mkcodes.py: %s: no NVENCAPI_MAJOR_VERSION and "
                     "NVENCAPI_MINOR_VERSION" % path)
        self.add("NVENCSTATUS", "-", rel, "nvEncodeAPI.h (%s)" % label,
                 header_values(read(path), ("typedef", "NVENCSTATUS")))

    def add_cufile(self, path, rel, label):
        """cufile.h of CUDA release REL: its codes, and their words as
        the header's own status function gives them."""
        vals = cufile_values(path)
        if vals is None:
            sys.exit("mkcodes.py: %s: no CUFILEOP_STATUS_ENTRIES read (or "
                     "cc -E failed)" % path)
        # the last, CU_FILE_IO_MAX_ERROR, bounds the list: a value later
        # releases give to a code of their own
        vals = [v for v in vals if not SENTINEL.search(v[0])]
        self.add("CUfileOpError", "-", rel, "cufile.h (%s)" % label,
                 [(n, v, None) for n, v, _ in vals])
        self.strings.setdefault(("CUfileOpError", "-"), []).append(
            (rel, {v: clean(t) for _, v, t in vals},
             "cufileop_status_error, cufile.h (%s)" % label))

    def add_string(self, enum, major, rel, fn, libs, label, glibc=None,
                   must=False):
        """The string function FN of LIBS (release REL; colon-separated,
        the libraries it needs first), called for every value of ENUM
        once all headers are read (resolve()).  A library of this machine
        that does not answer is left out; one named on the command line
        (MUST) that does not stops the tool."""
        self.pending.append((enum, major, rel, fn, libs, label, glibc,
                             must))

    def driver_releases(self):
        """Each driver library named on the command line is of the CUDA
        release it is named by: a libcuda's cuDriverGetVersion() says
        which; a libnvidia-ml is of the release of the libcuda of the same
        driver version (in their file names), which must be named too.
        Stops the tool otherwise."""
        drivers = {}
        for enum, _, rel, _, libs, _, glibc, must in self.pending:
            if enum != "CUresult" or not must:
                continue
            said, why = driver_release(libs, glibc)
            if said is None:
                sys.exit("mkcodes.py: %s: cuDriverGetVersion cannot be "
                         "called: %s" % (libs, why))
            if said != rel:
                sys.exit("mkcodes.py: --lib CUresult %s %s: its "
                         "cuDriverGetVersion() says CUDA %s; name it by "
                         "that release" % (rel, libs, said))
            if driver_version(libs):
                drivers[driver_version(libs)] = rel
        for enum, _, rel, _, libs, _, _, must in self.pending:
            if enum != "nvmlReturn_t" or not must:
                continue
            drv = driver_version(libs)
            if drv not in drivers:
                sys.exit("mkcodes.py: --lib nvmlReturn_t %s %s: name the "
                         "libcuda of the same driver (%s) with --lib "
                         "CUresult too: its cuDriverGetVersion() says which "
                         "CUDA release that driver is of" % (
                             rel, libs, drv or "no version in its file "
                             "name"))
            if drivers[drv] != rel:
                sys.exit("mkcodes.py: --lib nvmlReturn_t %s %s: driver %s "
                         "is of CUDA %s (its libcuda's cuDriverGetVersion())"
                         % (rel, libs, drv, drivers[drv]))

    def resolve(self):
        self.driver_releases()
        for enum, major, rel, fn, libs, label, glibc, must in self.pending:
            hdrs = self.seen.get((enum, major), [])
            if must and rel not in [h[0] for h in hdrs]:
                sys.exit("mkcodes.py: %s of release %s: no header of %s of "
                         "that release was read; give its headers too "
                         "(--cuda, --nvml, --nccl, --cudnn)" % (libs, rel,
                                                                enum))
            values = {v for _, _, vals in hdrs for _, v, _ in vals}
            if not values:
                continue
            texts, why = libstring(libs, fn, values, glibc)
            if texts is None:
                if must:
                    sys.exit("mkcodes.py: %s: %s cannot be called: %s%s" % (
                        libs, fn, why, " (a library built for a newer C "
                        "library than this machine's needs --glibc DIR)"
                        if "GLIBC_" in why else ""))
                continue
            self.strings.setdefault((enum, major), []).append(
                (rel, texts, "%s, %s (%s)" % (
                    fn, os.path.basename(libs.split(":")[-1]), label)))
        self.pending = []


def machine(src, prefix, ffnvcodec=None):
    """Read the headers and libraries of the CUDA tree at prefix, and the
    NVENC header of nv-codec-headers in the directory ffnvcodec."""
    if ffnvcodec:
        p = os.path.join(ffnvcodec, "nvEncodeAPI.h")
        if os.path.exists(p) and nvenc_release(p):
            src.add_nvenc(p, "nv-codec-headers %s" % nvenc_release(p))
    inc = os.path.join(prefix, "include")
    lib = os.path.join(prefix, "lib64")
    rel = cuda_release(inc)
    if rel:
        src.add_cuda(inc, rel, "CUDA %s" % rel)
        for enum, _, _, prod, fn, libs in ENUMS:
            if prod != "cuda" or fn is None:
                continue
            for so in libs:
                if os.path.exists(os.path.join(lib, so)):
                    src.add_string(enum, "-", rel, fn, os.path.join(lib, so),
                                   "CUDA %s" % rel)
                    break
    if os.path.exists(os.path.join(inc, "nvml.h")) and rel:
        src.add_nvml(inc, rel, "CUDA %s" % rel)
    for h in CUDNN_HEADERS:
        p = os.path.join(inc, h)
        if not os.path.exists(p) or "cudnnStatus_t;" not in read(p):
            continue
        r = cudnn_release(p)
        if r is None:
            continue
        major, crel = r
        src.add_cudnn(p, crel, "cuDNN %s" % crel)
        for so in CUDNN_LIBS.get(major, []):
            if os.path.exists(os.path.join(lib, so)):
                src.add_string("cudnnStatus_t", major, crel,
                               "cudnnGetErrorString", os.path.join(lib, so),
                               "cuDNN %s" % crel)
                break
        break
    p = os.path.join(inc, "cufile.h")
    if os.path.exists(p) and rel:
        src.add_cufile(p, rel, "CUDA %s" % rel)
    p = os.path.join(inc, "nccl.h")
    if os.path.exists(p):
        nrel = nccl_release(p)
        src.add_nccl(p, "NCCL %s" % nrel)
        if os.path.exists(os.path.join(lib, "libnccl.so.2")):
            src.add_string("ncclResult_t", "-", nrel, "ncclGetErrorString",
                           os.path.join(lib, "libnccl.so.2"),
                           "NCCL %s" % nrel)


def releases_text(have, all_rels):
    have = sorted(set(have), key=vkey)
    all_rels = sorted(set(all_rels), key=vkey)
    i, j = all_rels.index(have[0]), all_rels.index(have[-1])
    if len(have) == 1:
        return have[0]
    if all_rels[i:j + 1] == have:
        return "%s-%s" % (have[0], have[-1])
    return ",".join(have)


def newest_release(cell):
    return max((vkey(x) for x in re.split(r"[,-]", cell)), default=())


def row_order(r):
    """Sorted by enum, major, value, name; a code's newest wording first,
    then its older ones, the most recent first."""
    return (r[0], r[1], int(r[2]), r[3], r[7] != "newest",
            tuple(-x for x in newest_release(r[5])))


def build(src):
    src.resolve()
    rows = []
    for (enum, major), hdrs in src.seen.items():
        hdrs = sorted(hdrs, key=lambda h: vkey(h[0]))
        all_rels = [h[0] for h in hdrs]
        keyed = {}
        for rel, label, vals in hdrs:
            for name, value, doc in vals:
                k = (name, value)
                keyed.setdefault(k, []).append((rel, label, doc))
        strings = sorted(src.strings.get((enum, major), []),
                         key=lambda s: vkey(s[0]), reverse=True)
        for (name, value), where in keyed.items():
            rels = [w[0] for w in where]
            # what each release says, the newest first: the libraries
            # whose header has this value, else the headers' comments
            said = [(srel, texts[value], label)
                    for srel, texts, label in strings
                    if srel in rels and value in texts]
            if not said:
                said = [(rel, first_sentence(doc), "header comment, " + label)
                        for rel, label, doc in reversed(where) if doc]
            if said:
                text, source = said[0][1], said[0][2]
            else:
                text = "-"
                source = "header, %s has no description" % where[-1][1]
            key = [enum, major, str(value), name]
            rows.append(key + [text, releases_text(rels, all_rels), source,
                               "newest"])
            # the other words of other releases, each once, with the
            # releases that say them
            older = {}
            for rel, t, label in said[1:]:
                if t and t != text:
                    older.setdefault(t, []).append((rel, label))
            for t, by in older.items():
                rows.append(key + [t, releases_text([b[0] for b in by],
                                                    [w[0] for w in said]),
                                   "; ".join(b[1] for b in reversed(by)),
                                   "older"])
    rows.sort(key=row_order)
    return rows


def write(rows, out):
    out.write("\t".join(COLUMNS) + "\n")
    for r in rows:
        for c in r:
            assert "\t" not in c and "\n" not in c, r
        out.write("\t".join(r) + "\n")


def load(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.split("\t") for ln in lines]


def covers(releases, rel):
    """Whether a releases cell says the value was in release rel."""
    for part in releases.split(","):
        if "-" in part:
            a, b = part.split("-")
            if vkey(a) <= vkey(rel) <= vkey(b):
                return True
        elif part == rel:
            return True
    return False


def shape(rows):
    """What is wrong with the table's shape: [reason]."""
    bad = []
    if not rows or rows[0] != COLUMNS:
        bad.append("header line is not %s" % " ".join(COLUMNS))
    keys, texts, newest = set(), set(), {}
    ncol = len(COLUMNS)
    for n, r in enumerate(rows[1:], 2):
        if len(r) != ncol:
            bad.append("line %d: %d columns" % (n, len(r)))
            continue
        if not re.fullmatch(r"-?\d+", r[2]) or r[2] != str(int(r[2])):
            bad.append("line %d: value %r is not decimal" % (n, r[2]))
        if r[0] not in [e[0] for e in ENUMS]:
            bad.append("line %d: enum %r" % (n, r[0]))
        if (r[1] == "-") == (r[0] == "cudnnStatus_t"):
            bad.append("line %d: major %r" % (n, r[1]))
        if not r[4] or not r[5] or not r[6] or r[4] != clean(r[4]):
            bad.append("line %d: empty or unclean cell" % n)
        k = tuple(r[:4])
        if r[7] == "newest":
            if k in keys:
                bad.append("line %d: duplicate %s" % (n, " ".join(k)))
            keys.add(k)
            newest[k] = r
        elif r[7] == "older":
            # another release's words for a code the table has: after
            # its newest row, in releases the code's headers have
            if k not in newest:
                bad.append("line %d: older wording of %s before or "
                           "without its newest" % (n, " ".join(k)))
            elif r[4] == newest[k][4] or (k + (r[4],)) in texts:
                bad.append("line %d: %s's words twice" % (n, r[3]))
            elif not all(covers(newest[k][5], x)
                         for x in re.split(r"[,-]", r[5])):
                bad.append("line %d: %s said in %s, its headers are of "
                           "%s" % (n, r[3], r[5], newest[k][5]))
            texts.add(k + (r[4],))
        else:
            bad.append("line %d: wording %r is not newest or older"
                       % (n, r[7]))
    body = [r for r in rows[1:] if len(r) == ncol]
    try:
        srt = sorted(body, key=row_order)
    except ValueError:
        srt = None
    if srt != body:
        bad.append("rows are not sorted by enum, major, value, name, "
                   "wording")
    return bad


def same_kind(a, b, fn):
    """Are sources A and B both the string function FN (of any release),
    or both a header's comments?"""
    k = "header comment"
    return (bool(fn) and a.startswith(fn) and b.startswith(fn)) or (
        a.startswith(k) and b.startswith(k))


def check(path, prefix, ffnvcodec=None):
    res = []
    rows = load(path)
    bad = shape(rows)
    res.append(("fail" if bad else "ok", "table shape: %d columns, decimal "
                "values, one newest row a code, sorted" % len(COLUMNS),
                "; ".join(bad[:5])))
    body = [r for r in rows[1:] if len(r) == len(COLUMNS)]

    src = Sources()
    machine(src, prefix, ffnvcodec)
    src.resolve()
    table, words = {}, {}
    for r in body:
        if r[7] == "newest":
            table.setdefault((r[0], r[1]), []).append(r)
        words.setdefault((r[0], r[1], r[3], r[2]), set()).add(r[4])
    for enum, hdr, how, prod, fn, _ in ENUMS:
        majors = sorted({m for (e, m) in src.seen if e == enum}) or [None]
        hdone = sdone = False
        for major in majors:
            if major is None:
                break
            rel, label, vals = src.seen[(enum, major)][0]
            mine = table.get((enum, major), [])
            miss = []
            have = {(r[3], int(r[2])) for r in mine}
            for name, value, _ in vals:
                if (name, value) not in have:
                    miss.append("%s=%d not in table" % (name, value))
            hv = {(n, v) for n, v, _ in vals}
            for r in mine:
                if covers(r[5], rel) and (r[3], int(r[2])) not in hv:
                    miss.append("%s=%s (%s) not in %s" % (r[3], r[2], r[5],
                                                         label))
            res.append(("fail" if miss else "ok",
                        "%s: %s and the table agree" % (enum, label),
                        "; ".join(miss[:5])))
            hdone = True
            gen = {(g[3], g[2]): g for g in build_one(src, enum, major)
                   if g[7] == "newest"}
            # the texts: where the table took a row's text from this very
            # library (or header) release, it must be what that gives now.
            # Another release of the library may word a value differently
            # (cudaErrorInvalidNormSetting: 12.4 and 13.0 differ): then
            # what it says here is one of the table's wordings of the
            # code, or the table is older than what is here (told, not
            # failed)
            diff, other, n, m = [], [], 0, 0
            for r in mine:
                g = gen.get((r[3], r[2]))
                if g is None:
                    continue
                if g[6] == r[6]:
                    n += 1
                    if g[4] != r[4]:
                        diff.append("%s: table %r, now %r" % (r[3], r[4],
                                                             g[4]))
                elif same_kind(g[6], r[6], fn):
                    m += 1
                    if g[4] not in words[(r[0], r[1], r[3], r[2])]:
                        other.append("%s: table %r (%s), here %r" % (
                            r[3], r[4], r[6], g[4]))
            what = [s[2] for s in src.strings.get((enum, major), [])]
            what = what[0] if what else "the comments of " + label
            if n:
                res.append(("fail" if diff else "ok",
                            "%s: %d texts match %s" % (enum, n, what),
                            "; ".join(diff[:5])))
            elif m and not other:
                res.append(("ok", "%s: %d texts of %s are among the "
                            "table's wordings" % (enum, m, what), ""))
            elif m:
                res.append(("skip", "%s texts" % enum,
                            "the table's are another release's; %d of %d "
                            "are none of its wordings of the code in %s: %s"
                            % (len(other), m, what,
                               "; ".join(other[:3]))))
            else:
                res.append(("skip", "%s texts" % enum,
                            "no row of the table takes its text from "
                            "what is here (%s)" % what))
            sdone = True
            break
        if not hdone:
            why = "cuDNN header" if enum == "cudnnStatus_t" else hdr
            where = ffnvcodec if prod == "nvenc" else prefix + "/include"
            res.append(("skip", "%s header" % enum, "no %s (with %s) under "
                        "%s" % (why, enum, where)))
        if not sdone:
            res.append(("skip", "%s texts" % enum, "no header to check"))
    for r in res:
        print("\t".join(r))
    return 0


def build_one(src, enum, major):
    one = Sources()
    one.seen = {(enum, major): src.seen[(enum, major)]}
    one.strings = {k: v for k, v in src.strings.items()
                   if k == (enum, major)}
    return build(one)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--prefix", default="/usr/local/cuda",
                    help="this machine's CUDA tree (include/, lib64/)")
    ap.add_argument("--cuda", nargs=3, action="append", default=[],
                    metavar=("REL", "INCLUDE", "LABEL"),
                    help="an older CUDA release's include directory")
    ap.add_argument("--nvml", nargs=3, action="append", default=[],
                    metavar=("REL", "INCLUDE", "LABEL"),
                    help="a directory with nvml.h, of CUDA release REL")
    ap.add_argument("--cudnn", nargs=3, action="append", default=[],
                    metavar=("REL", "HEADER", "LABEL"),
                    help="a cuDNN header with cudnnStatus_t, release REL")
    ap.add_argument("--nccl", nargs=2, action="append", default=[],
                    metavar=("HEADER", "LABEL"),
                    help="an nccl.h (its release read from it)")
    ap.add_argument("--nvenc", nargs=2, action="append", default=[],
                    metavar=("HEADER", "LABEL"),
                    help="an nvEncodeAPI.h (its release read from it)")
    ap.add_argument("--cufile", nargs=3, action="append", default=[],
                    metavar=("REL", "HEADER", "LABEL"),
                    help="a cufile.h of CUDA release REL")
    ap.add_argument("--ffnvcodec", default="/usr/include/ffnvcodec",
                    help="this machine's nv-codec-headers directory")
    ap.add_argument("--enum", action="append", default=[],
                    help="write only this enum's rows (repeatable)")
    ap.add_argument("--lib", nargs=4, action="append", default=[],
                    metavar=("ENUM", "REL", "LIBS", "LABEL"),
                    help="a library of release REL whose string function "
                    "describes ENUM's values (its header of that release "
                    "given too); LIBS colon-separated, the libraries it "
                    "needs first")
    ap.add_argument("--cudart", nargs=3, action="append", default=[],
                    metavar=("REL", "LIB", "LABEL"),
                    help="--lib cudaError_t REL LIB LABEL")
    ap.add_argument("--glibc", metavar="DIR",
                    help="call the --lib libraries under the C library in "
                    "DIR (its ld-linux-x86-64.so.2, libc.so.6 and the C++ "
                    "runtime): for a library built for a newer one than "
                    "this machine's")
    ap.add_argument("--check", metavar="TSV",
                    help="compare TSV with this machine instead")
    a = ap.parse_args()
    if a.check:
        return check(a.check, a.prefix, a.ffnvcodec)
    src = Sources()
    machine(src, a.prefix, a.ffnvcodec)
    for rel, inc, label in a.cuda:
        src.add_cuda(inc, rel, label)
    for rel, inc, label in a.nvml:
        src.add_nvml(inc, rel, label)
    for rel, path, label in a.cudnn:
        src.add_cudnn(path, rel, label)
    for path, label in a.nccl:
        src.add_nccl(path, label)
    for path, label in a.nvenc:
        src.add_nvenc(path, label)
    for rel, path, label in a.cufile:
        src.add_cufile(path, rel, label)
    fns = {e[0]: e[4] for e in ENUMS}
    for rel, lib, label in a.cudart:
        a.lib.append(["cudaError_t", rel, lib, label])
    for enum, rel, libs, label in a.lib:
        if not fns.get(enum):
            sys.exit("mkcodes.py: --lib %s: no string function of that enum "
                     "is known (those of: %s)" % (enum, ", ".join(
                         e for e in fns if fns[e])))
        major = rel.split(".")[0] if enum == "cudnnStatus_t" else "-"
        src.add_string(enum, major, rel, fns[enum], libs, label, a.glibc,
                       must=True)
    rows = build(src)
    if a.enum:
        rows = [r for r in rows if r[0] in a.enum]
    write(rows, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
