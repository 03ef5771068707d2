#!/usr/bin/env python3
"""The driver API's functions and the CUDA release each came with.

Writes manifests/data/driver-api.tsv from cudaTypedefs.h, NVIDIA's
header of a pointer type per driver API function and version:
PFN_cuGreenCtxDestroy_v12040 is cuGreenCtxDestroy as CUDA 12.4 brought
it.  A function changed in a later release is exported again under a
suffix, one per version in order: cuCtxCreate (2.0), cuCtxCreate_v2
(3.2), cuCtxCreate_v3 (11.4), cuCtxCreate_v4 (12.5).  The per-thread
stream entry points (_ptds, _ptsz) are left out: they come with the
function they serve.

    python3 tools/mkdriverapi.py /usr/local/cuda/include/cudaTypedefs.h \\
        'cudaTypedefs.h (CUDA 13.0)' [LIBCUDA] > manifests/data/driver-api.tsv

With LIBCUDA (a libcuda.so, the toolkit's stub will do) every name
written must be one that library exports, or the tool stops: the order
of the suffixes is then the library's as well as the header's.
"""
import re
import subprocess
import sys

PFN = re.compile(r"\bPFN_(cu[A-Za-z0-9]+)_v([0-9]+)(_pt[ds][sz])?\b")


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    header, source = argv[1], argv[2]
    with open(header, encoding="utf-8") as f:
        text = f.read()
    versions = {}
    for m in PFN.finditer(text):
        if m.group(3):
            continue
        versions.setdefault(m.group(1), set()).add(int(m.group(2)))
    rows = []
    for base, vs in versions.items():
        for k, v in enumerate(sorted(vs)):
            name = base if k == 0 else "%s_v%d" % (base, k + 1)
            rows.append((name, "%d.%d" % (v // 1000, v % 1000 // 10)))
    if len(argv) == 4:
        have = exported(argv[3])
        missing = [n for n, _ in rows if n not in have]
        if missing:
            sys.exit("%s does not export: %s" % (argv[3], " ".join(missing)))
    print("symbol\tcuda\tsource")
    for name, cuda in sorted(rows):
        print("%s\t%s\t%s" % (name, cuda, source))


if __name__ == "__main__":
    main(sys.argv)
