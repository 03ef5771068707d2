#!/usr/bin/env python3
"""mkseeds.py - (re)make the committed seed corpora of tests/fuzz/seeds/:
small inputs in the shapes each target meets.  Run from the source tree:
    python3 tests/fuzz/mkseeds.py
The manifest seeds are cut from NVIDIA's files in manifests/nvidia/ (a
component or two, one platform or two); the ELF seeds are two tiny
libraries that tests/fuzz/run.sh compiles at each run (cc), one with a
.nv_fatbin section laid out as nvcc does (tests/fixtures/mkfatbin.sh)."""
import gzip, io, json, lzma, os, subprocess, sys, tarfile, zipfile

top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
seeds = os.path.join(top, "tests", "fuzz", "seeds")


def put(target, name, data):
    d = os.path.join(seeds, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    open(os.path.join(d, name), "wb").write(data)


def nvidia(name):
    return json.load(open(os.path.join(top, "manifests", "nvidia", name)))


def cut(doc, comps, plats):
    out = {k: v for k, v in doc.items() if not isinstance(v, dict)}
    for c in comps:
        e = doc[c]
        out[c] = {k: v for k, v in e.items()
                  if not isinstance(v, dict) or k in plats}
    return json.dumps(out, indent=4)


# manifest: bare redistrib files and an index
put("manifest", "cuda-12.4.1", cut(nvidia("cuda_redistrib_12.4.1.json"),
    ["cuda_cudart", "cuda_nvcc"], ["linux-x86_64", "linux-sbsa"]))
put("manifest", "cudnn-9.3.0", cut(nvidia("cudnn_redistrib_9.3.0.json"),
    ["cudnn"], ["linux-x86_64"]))
put("manifest", "cudnn-8.9.7", cut(nvidia("cudnn_redistrib_8.9.7.29.json"),
    ["cudnn"], ["linux-x86_64"]))
idx = json.load(open(os.path.join(top, "manifests", "index.json")))
small = {"schema": 1, "base_urls": idx["base_urls"],
         "driver_floors": idx["driver_floors"],
         "releases": [r for r in idx["releases"]
                      if r["version"] in ("12.4.1", "9.3.0")],
         "extra_archives": idx["extra_archives"],
         "frameworks": idx["frameworks"][:3]}
put("manifest", "index", json.dumps(small, indent=1))

# elf: no seeds here; tests/fuzz/run.sh compiles its two libraries (one
# with GPU code) at each run, so that no binary is committed

# explain: error texts as users paste them
put("explain", "ops-infer", "Could not load library libcudnn_ops_infer.so.8. "
    "Error: libcudnn_ops_infer.so.8: cannot open shared object file: No "
    "such file or directory\n")
put("explain", "symbol", "ImportError: /usr/lib/libcudnn_cnn_infer.so.8: "
    "undefined symbol: _ZN15TracebackLoggerC1EPKc, version "
    "libcudnn_ops_infer.so.8\n")
put("explain", "ort", "[E:onnxruntime:Default, provider_bridge_ort.cc:1480 "
    "TryGetProviderInfo_CUDA] Failed to load library "
    "libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot "
    "open shared object file: No such file or directory\n"
    "Failed to create CUDAExecutionProvider\n")
put("explain", "tf", "2024-01-01 W tensorflow/compiler/xla/stream_executor/"
    "platform/default/dso_loader.cc:64] Could not load dynamic library "
    "'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object "
    "file\nLoaded runtime CuDNN library: 8.4.1 but source was compiled "
    "with: 8.6.0.\n")

# activate: what conda envs hold
put("activate", "prepend", 'export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:'
    '${LD_LIBRARY_PATH:-}"\n')
put("activate", "tf-recipe", "CUDNN_PATH=$(dirname $(python -c \"import "
    "nvidia.cudnn;print(nvidia.cudnn.__file__)\"))\nexport LD_LIBRARY_PATH="
    "$CONDA_PREFIX/lib/:$CUDNN_PATH/lib:$LD_LIBRARY_PATH\n")
put("activate", "saved", 'export _OLD="${_OLD-${LD_LIBRARY_PATH-}}"\n'
    'if [ -n "$X" ]; then export LD_LIBRARY_PATH=\'/a\':"${_OLD:+:$_OLD}"; '
    'fi\nunset X; Y=${Z:=/z} `dirname /q/r`\n')

# journal: first byte odd: the journal; even: a receipt
put("journal", "install", "\x01begin install\nitem cuda-12.4.1\n"
    "commit cuda-12.4.1\n")
put("journal", "remove", "\x01begin remove\nitem cudnn-9.3.0.75-cuda12\n")
put("journal", "receipt", "\x00" + json.dumps({
    "schema": 1, "name": "cuda-12.4.1", "kind": "cuda", "version": "12.4.1",
    "variant": None, "installed_at": "2024-01-01T00:00:00Z", "size": 1,
    "nfiles": 1, "files": [
        {"path": "lib", "type": "dir", "mode": "0755"},
        {"path": "lib/libcudart.so.12", "type": "file", "size": 1,
         "mode": "0644", "sha256": "2d711642b726b04401627ca9fbac32f5c8530fb"
         "1903cc4db02258717921a4881"},
        {"path": "lib/libcudart.so", "type": "link",
         "target": "libcudart.so.12"},
        {"path": "caf\\xe9", "path_hex": "636166e9", "type": "dir",
         "mode": "0755"}]}))


# extract: first byte 0 tar, 1 tar.gz, 2 zip, 3 tar.xz
def tar(members):
    buf = io.BytesIO()
    tf = tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT)
    for name, typ, data, link in members:
        ti = tarfile.TarInfo(name)
        ti.type, ti.mode, ti.linkname = typ, 0o755 if typ == tarfile.DIRTYPE \
            else 0o644, link
        ti.size = len(data) if typ == tarfile.REGTYPE else 0
        tf.addfile(ti, io.BytesIO(data) if ti.size else None)
    tf.close()
    return buf.getvalue()


top_dir = "c-linux-x86_64-1.0-archive/"
plain = tar([(top_dir, tarfile.DIRTYPE, b"", ""),
             (top_dir + "lib/", tarfile.DIRTYPE, b"", ""),
             (top_dir + "lib/libc.so.1", tarfile.REGTYPE, b"\x7fELF", ""),
             (top_dir + "lib/libc.so", tarfile.SYMTYPE, b"", "libc.so.1"),
             (top_dir + "lib/hard", tarfile.LNKTYPE, b"",
              top_dir + "lib/libc.so.1")])
put("extract", "tar", b"\x00" + plain)
put("extract", "tar.gz", b"\x01" + gzip.compress(plain))
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w") as z:
    z.writestr(top_dir + "include/c.h", "#define C 1\n")
    z.writestr(top_dir + "LICENSE", "license\n")
put("extract", "zip", b"\x02" + zb.getvalue())
# tar.xz: one block without sizes (as xz -T1), and blocks of 4 KiB with
# their sizes (as xz -T), which go to liblzma's threaded decoder
put("extract", "tar.xz", b"\x03" + lzma.compress(plain))
put("extract", "tar.xz-blocks", b"\x03" + subprocess.run(
    ["xz", "-T2", "--block-size=4096", "-c"], input=plain,
    stdout=subprocess.PIPE, check=True).stdout)
put("extract", "escape", b"\x00" + tar([
    (top_dir, tarfile.DIRTYPE, b"", ""),
    (top_dir + "up", tarfile.SYMTYPE, b"", "../../.."),
    (top_dir + "up/x", tarfile.REGTYPE, b"x", "")]))


# root: records TYPE PATH LEN DATA (see fuzz-root.c's paths)
def rec(typ, path, data=b""):
    return bytes([typ, path, len(data)]) + data


put("root", "machine",
    rec(0, 0, b"NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15\n")
    + rec(0, 2, b"include /etc/ld.so.conf.d/*.conf\n")
    + rec(0, 3, b"/usr/local/cuda/lib64\n")
    + rec(0, 6, b'{"cuda": {"version": "12.4.1"}}')
    + rec(2, 4, b"cuda-12.4")
    + rec(0, 13, b"/home/user/miniconda3/envs/e\n")
    + rec(0, 17, b"Name: torch\nVersion: 2.5.1\n")
    + rec(0, 16, b"cuda = '12.4'\n")
    + rec(0, 15, b'export LD_LIBRARY_PATH="$CONDA_PREFIX/lib"\n'))
put("root", "loops", rec(2, 4, b"/usr/local/cuda") + rec(4, 2, bytes([2]))
    + rec(3, 13) + rec(2, 19, b"../../../../../../..") + rec(3, 0))

# pkglists: a .repo file, NUL, dnf's primary.xml, NUL, apt's list
REPO = ("[cuda]\nname=cuda-rhel9-x86_64\nbaseurl=https://developer.download."
        "nvidia.com/compute/cuda/repos/rhel9/x86_64\nenabled=1\n")
PRIMARY = ('<?xml version="1.0" encoding="UTF-8"?>\n<metadata packages="2">\n'
           '<package type="rpm">\n  <name>libcublas-12-4</name>\n'
           '  <arch>x86_64</arch>\n  <version epoch="0" ver="12.4.5.8" '
           'rel="1"/>\n</package>\n<package type="rpm">\n  <name>libcudnn8'
           '</name>\n  <arch>x86_64</arch>\n  <version epoch="0" '
           'ver="8.9.7.29" rel="1.cuda12.2"/>\n</package>\n</metadata>\n')
APT = ("Package: libcublas-12-4\nArchitecture: amd64\nVersion: 12.4.5.8-1\n\n"
       "Package: libcudnn8\nArchitecture: amd64\nVersion: 8.9.7.29-1+cuda12.2"
       "\n\n")
put("pkglists", "nvidia", REPO + "\0" + PRIMARY + "\0" + APT)
put("pkglists", "disabled", REPO.replace("enabled=1", "enabled=0") + "\0"
    + PRIMARY + "\0")

# pkgdb: pacman's desc of one package, NUL, its files
DESC = ("%NAME%\ncuda\n\n%VERSION%\n12.4.1-1\n\n%ARCH%\nx86_64\n\n"
        "%DEPENDS%\ncudnn>=9\nlibcudart.so=12-64\ngcc13\n\n"
        "%PROVIDES%\ncuda-toolkit\nlibcublas.so=12-64\n\n")
FILES = ("%FILES%\nopt/\nopt/cuda/\nopt/cuda/lib64/\n"
         "opt/cuda/lib64/libcudart.so.12\n"
         "opt/cuda/lib64/libcudart.so.12.4.127\n")
# ... NUL, a sync database as repo-add writes it: a gzip tar of
# NAME-VER-REL/desc (and /files)
def syncdb():
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w") as t:
        for name, text in (("cudnn-9.8.0.87-1/desc",
                            "%NAME%\ncudnn\n\n%VERSION%\n9.8.0.87-1\n\n"),
                           ("cudnn-9.8.0.87-1/files",
                            "%FILES%\nusr/\nusr/lib/\nusr/lib/libcudnn.so.9\n")):
            data = text.encode()
            ti = tarfile.TarInfo(name)
            ti.size = len(data)
            ti.mtime = 0
            t.addfile(ti, io.BytesIO(data))
    return gzip.compress(b.getvalue(), mtime=0)


# ... NUL, the root's pacman.conf
CONF = ("[options]\n# DBPath = /var/lib/pacman/\n"
        "CacheDir = /var/cache/pacman/pkg/  /srv/pkgcache/\n\n"
        "[extra]\nDBPath = /elsewhere/\n")
put("pkgdb", "cuda", (DESC + "\0" + FILES + "\0" + CONF + "\0").encode()
    + syncdb())
put("pkgdb", "nameless", "%VERSION%\n1-1\n\n%FILES%\n\0%FILES%\n/\n\n")
put("pkgdb", "dbpath", "%NAME%\np\n\0\0[options]\nDBPath=/srv/db//\n"
    "CacheDir=\n")
