#!/usr/bin/env python3
"""Write the table of NVIDIA's headers: which component's development
files carry each header a build includes (cuda_runtime.h, curand_kernel.h,
nvrtc.h, cudnn.h, nccl.h ...), its pip wheel and its Debian package.

Two steps, each from real files:

    python3 manifests/mkheaders.py --debian LISTS > manifests/data/debian-headers.tsv

LISTS is an apt lists directory holding the non-free and contrib
Contents-amd64 indexes of bullseye, bookworm and trixie (mksonames.py's
--debian reads the same): every usr/include/NAME.h of a package of
NVIDIA's libraries (nvidia-cuda-dev, libcupti-dev, libnvidia-ml-dev,
libcufile-dev, libnccl-dev ...).

    python3 manifests/mkheaders.py --records DIR... > manifests/data/nv-headers.tsv

DIR holds installed wheels' NAME-VERSION.dist-info directories (a CUDA
toolkit assembled from NVIDIA's wheels keeps them in dist-info/; a
site-packages directory has them too): every include/NAME.h a wheel's
RECORD lists.  The wheel's component is the one soname-rules.tsv gives
its pip package, else the redistrib component of its name (nvidia-cuda-
profiler-api: cuda_profiler_api) found in manifests/nvidia/.  Debian's
package comes from data/debian-headers.tsv.  A header of several wheels
is given to the first in the order of COMPONENT_ORDER (cuda_stdint.h:
the runtime's, not CUPTI's copy).

The headers at the top of include/, and the directories of headers
there by their first part ("thrust/", "cuda/": a build includes
<cuda/std/utility>), found also under include/cccl/, where CUDA 13 put
CCCL's (CUB, Thrust, libcu++).  NVTX's nvToolsExt*.h are left out: newer
toolkits dropped them (an API gone, which explain says apart).
"""
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEBIAN_PKG = re.compile(r"^(nvidia-cuda-(dev|toolkit)|libcupti-dev|libnvidia-ml-dev|"
                        r"libcufile-dev|libnccl-dev|libcudnn[0-9]*-dev)$")
SUITES = ("bullseye", "bookworm", "trixie")
COMPONENT_ORDER = ("cuda_cudart", "cuda_nvrtc", "libnvjitlink", "libcublas",
                   "libcufft", "libcurand", "libcusolver", "libcusparse")
LEFT_OUT = re.compile(r"^nvToolsExt")


def debian(lists):
    rows = []
    for suite in SUITES:
        for comp in ("non-free", "contrib"):
            pat = os.path.join(lists, "*_dists_%s_%s_Contents-amd64*"
                               % (suite, comp))
            for path in sorted(glob.glob(pat)):
                cat = "lz4cat" if path.endswith(".lz4") else \
                    "zcat" if path.endswith(".gz") else "cat"
                out = subprocess.run([cat, path], check=True,
                                     capture_output=True).stdout
                for line in out.decode("utf-8", "replace").splitlines():
                    m = re.match(r"^usr/include/([^/\s]+\.h)\s+(\S+)$", line)
                    if not m:
                        continue
                    for loc in m.group(2).split(","):
                        pkg = loc.rsplit("/", 1)[-1]
                        if DEBIAN_PKG.match(pkg):
                            rows.append((suite, m.group(1), pkg))
    print("suite\theader\tpackage")
    for r in sorted(set(rows)):
        print("\t".join(r))


def pip_components():
    """pip package name -> component, from soname-rules.tsv."""
    comp = {}
    with open(os.path.join(HERE, "data", "soname-rules.tsv")) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(head, line.rstrip("\n").split("\t")))
            for name in row.get("pip", "-").split():
                if name != "-":
                    comp.setdefault(name.split("@")[0], row["component"])
    return comp


def redist_keys():
    keys = set()
    for path in glob.glob(os.path.join(HERE, "nvidia", "*.json")):
        with open(path) as f:
            keys.update(k for k in json.load(f) if not k.startswith("release"))
    return keys


def component_of(wheel, comps, keys):
    if wheel in comps:
        return comps[wheel]
    base = re.sub(r"-cu[0-9]+$", "", wheel)
    for name, c in comps.items():
        if re.sub(r"-cu[0-9]+$", "", name) == base:
            return c
    stem = base[len("nvidia-"):].replace("-", "_")
    for k in (stem, "lib" + stem):
        if k in keys:
            return k
    return None


def records(dirs):
    comps, keys = pip_components(), redist_keys()
    deb = {}
    with open(os.path.join(HERE, "data", "debian-headers.tsv")) as f:
        f.readline()
        for line in f:
            suite, header, pkg = line.rstrip("\n").split("\t")
            deb.setdefault(header, {}).setdefault(pkg, []).append(suite)
    found = {}
    for d in dirs:
        for info in sorted(glob.glob(os.path.join(d, "*.dist-info"))):
            m = re.match(r"^(.+?)-([0-9][^-]*)\.dist-info$",
                         os.path.basename(info))
            if not m or not os.path.exists(os.path.join(info, "RECORD")):
                continue
            wheel = m.group(1).lower().replace("_", "-")
            if not wheel.startswith("nvidia-"):
                continue
            comp = component_of(wheel, comps, keys)
            if comp is None:
                sys.exit("%s: no component known for wheel %s"
                         % (info, wheel))
            with open(os.path.join(info, "RECORD")) as f:
                for line in f:
                    path = line.split(",", 1)[0]
                    h = re.search(r"(?:^|/)include/([^/]+\.h)$", path)
                    # a directory of headers: include/DIR/..., and
                    # CCCL's include/cccl/DIR/... (CUDA 13 moved them)
                    d = re.search(r"(?:^|/)include/(?:cccl/)?([^/.]+)/", path)
                    if d and d.group(1) != "cccl":
                        h = d
                        name = d.group(1) + "/"
                    elif h and not LEFT_OUT.match(h.group(1)):
                        name = h.group(1)
                    else:
                        continue
                    if (comp, wheel, m.group(2)) not in found.get(name, []):
                        found.setdefault(name, []).append(
                            (comp, wheel, m.group(2)))

    def order(c):
        return (COMPONENT_ORDER.index(c[0]) if c[0] in COMPONENT_ORDER
                else len(COMPONENT_ORDER), c[0])

    print("header\tcomponent\tpip\tdebian\tsource")
    for header in sorted(set(found) | set(deb), key=str.lower):
        if LEFT_OUT.match(header):
            continue
        src = []
        if header in found:
            comp, wheel, ver = sorted(found[header], key=order)[0]
            src.append("RECORD of %s %s" % (wheel, ver))
            if not comp:
                comp = "-"
        else:
            comp, wheel = "-", "-"
        pkgs = deb.get(header, {})
        debs = " ".join("%s:%s" % (",".join(s for s in SUITES
                                             if s in pkgs[p]), p)
                        for p in sorted(pkgs)) or "-"
        if pkgs:
            src.append("Debian Contents-amd64 (data/debian-headers.tsv)")
        print("\t".join((header, comp, wheel, debs, "; ".join(src))))


def main(argv):
    if len(argv) >= 2 and argv[0] == "--debian":
        debian(argv[1])
    elif len(argv) >= 2 and argv[0] == "--records":
        records(argv[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
