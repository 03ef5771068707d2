#!/usr/bin/env python3
"""Write manifests/index.json from the project's fact tables.

Run from the top of the source tree with the data directory as argument:

    python3 manifests/mkindex.py ../shared/data > manifests/index.json

Every number comes from a table in the data directory: the redistrib files'
digests from nvidia-redist/redistrib-json-sha256.tsv (checked against the
files here), driver floors from driver-min.tsv, cuDNN variants from
cudnn-support.tsv, framework rows from frameworks.tsv.
"""
import csv
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# The components that make a "toolkit": runtime, compiler, math libraries.
# CUDA 13 split the compiler (cuda_crt, libnvvm, libnvptxcompiler).
TOOLKIT = [
    "cuda_cudart", "cuda_nvcc", "cuda_nvrtc", "cuda_cccl", "cuda_cupti",
    "cuda_nvtx", "cuda_profiler_api", "cuda_cuobjdump", "cuda_cuxxfilt",
    "libcublas", "libcufft", "libcurand", "libcusolver", "libcusparse",
    "libnvjitlink", "cuda_crt", "libnvvm", "libnvptxcompiler",
    "cuda_culibos",
]

# cudnn-support.tsv, column supported_cuda_toolkits, read per variant:
# (cuda_min, cuda_max); a max of "12" means any 12.x.
CUDNN_RANGES = {
    ("8.9.7", "cuda12"): ("12.0", "12.2"),
    ("8.9.7", "cuda11"): ("11.0", "11.8"),
    ("9.1.1", "cuda11"): ("11.0", "11.8"),
    ("9.1.1", "cuda12"): ("12.0", "12.4"),
    ("9.3.0", "cuda11"): ("11.0", "11"),
    ("9.3.0", "cuda12"): ("12.0", "12"),
    ("9.5.1", "cuda11"): ("11.0", "11.8"),
    ("9.5.1", "cuda12"): ("12.0", "12.6"),
    ("9.8.0", "cuda11"): ("11.0", "11"),
    ("9.8.0", "cuda12"): ("12.0", "12.8"),
    ("9.10.0", "cuda11"): ("11.8", "11.8"),
    ("9.10.0", "cuda12"): ("12.0", "12.9"),
    ("9.13.0", "cuda12"): ("12.0", "12"),
    ("9.13.0", "cuda13"): ("13.0", "13.0"),
    ("9.22.0", "cuda12"): ("12.0", "12"),
    ("9.22.0", "cuda13"): ("13.0", "13"),
}


def index_stamp():
    """The index's number and dates, which `cudnn-setup update` checks.

    version: a strictly increasing integer, by default the generation
    date as YYYYMMDD00 (INDEX_VERSION to publish a second one the same
    day); generated: that date (INDEX_GENERATED, else SOURCE_DATE_EPOCH,
    else today, UTC); expires: INDEX_EXPIRES, else generated plus
    INDEX_EXPIRES_DAYS (default 365) days.  Signed afterwards with
    `make sign-index MINISIGN_KEY=...` (README.md, "Signing the index").
    """
    import datetime
    env = os.environ
    if env.get("INDEX_GENERATED"):
        gen = datetime.date.fromisoformat(env["INDEX_GENERATED"])
    elif env.get("SOURCE_DATE_EPOCH"):
        gen = datetime.datetime.fromtimestamp(
            int(env["SOURCE_DATE_EPOCH"]), datetime.timezone.utc).date()
    else:
        gen = datetime.datetime.now(datetime.timezone.utc).date()
    days = int(env.get("INDEX_EXPIRES_DAYS", "365"))
    exp = env.get("INDEX_EXPIRES") or (
        gen + datetime.timedelta(days=days)).isoformat()
    version = int(env.get("INDEX_VERSION") or gen.strftime("%Y%m%d00"))
    return {"version": version, "generated": gen.isoformat(),
            "expires": exp}


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main(data):
    pins = {}
    for r in rows(os.path.join(data, "nvidia-redist",
                               "redistrib-json-sha256.tsv")):
        name = os.path.basename(r["url"])
        pins[(r["product"], name)] = r["sha256"]

    floors = []
    bundled = {}
    for r in rows(os.path.join(data, "driver-min.tsv")):
        v = r["cuda_version"]
        if r["kind"] == "minor_version_compat_floor":
            floors.append({"cuda": v.split(".")[0],
                           "min_driver": r["min_driver_linux"]})
        elif r["kind"] == "arch_requirement":
            floors.append({"cuda": v.split(" ")[0],
                           "min_driver": r["min_driver_linux"],
                           "note": "Blackwell (compute capability 10.0, "
                                   "12.0)"})
        elif r["kind"] == "toolkit_bundled_driver":
            bundled[v] = r["min_driver_linux"]

    def floor(cuda):
        major = cuda.split(".")[0]
        for f in floors:
            if f["cuda"] == major and "note" not in f:
                return f["min_driver"]
        raise SystemExit("no driver floor for CUDA %s" % cuda)

    releases = []
    nv = os.path.join(HERE, "nvidia")
    for fn in sorted(os.listdir(nv)):
        m = re.match(r"(cuda|cudnn)_redistrib_(.*)\.json$", fn)
        if not m:
            continue
        kind, label = m.groups()
        url_name = "redistrib_%s.json" % label
        pin = pins.get((kind, url_name))
        got = sha256(os.path.join(nv, fn))
        if pin != got:
            raise SystemExit("%s: digest %s, pinned %s" % (fn, got, pin))
        doc = json.load(open(os.path.join(nv, fn)))
        rel = {"kind": kind, "redistrib": "nvidia/" + fn, "sha256": pin}
        if kind == "cuda":
            rel["version"] = label
            rel["min_driver"] = floor(label)
            if label in bundled:
                rel["bundled_driver"] = bundled[label]
            rel["components"] = [c for c in TOOLKIT if c in doc]
        else:
            full = doc["cudnn"]["version"]
            short = ".".join(full.split(".")[:3])
            rel["version"] = short
            rel["full_version"] = full
            rel["components"] = ["cudnn"]
            variants = []
            for (ver, var), (lo, hi) in sorted(CUDNN_RANGES.items()):
                if ver != short:
                    continue
                variants.append({"name": var, "cuda_min": lo,
                                 "cuda_max": hi,
                                 "min_driver": floor(lo)})
            if not variants:
                raise SystemExit("no variants for cuDNN %s" % short)
            rel["variants"] = variants
        releases.append(rel)

    extras = []
    for r in rows(os.path.join(data, "cudnn-support.tsv")):
        src = r["source"]
        m = re.search(r"(cudnn-linux-x86_64-[0-9.]+_cuda11-archive\.tar\.xz)"
                      r" sha256 ([0-9a-f]{64})", src)
        if m and r["cuda_variant"] == "cuda11":
            extras.append({
                "release": r["cudnn_release"], "platform": "linux-x86_64",
                "component": "cudnn", "version": r["full_version"],
                "variant": "cuda11",
                "relative_path": "cudnn/linux-x86_64/" + m.group(1),
                "sha256": m.group(2),
            })

    frameworks = []
    names = {"pytorch": "torch"}
    for r in rows(os.path.join(data, "frameworks.tsv")):
        ver = r["framework_version"]
        if ver.startswith("(") or ver.startswith("main"):
            continue    # unversioned rows: nothing to match a request on
        ver = ver.replace(".x", "")
        cuda = r["cuda"].replace(".x", "")
        cudnn = r["cudnn"].split(" ")[0].replace(".x", "")
        variant = r["variant"].split(" ")[0]
        row = {"name": names.get(r["framework"], r["framework"]),
               "version": ver, "variant": variant, "cuda": cuda,
               "cudnn": cudnn}
        notes = r["notes"] + " " + r["variant"]
        if "PyPI default" in notes or "stable" in notes:
            row["default"] = "PyPI default" in notes
            row["stable"] = True
        frameworks.append(row)

    index = {
        "schema": 1,
        "base_urls": {
            "cuda": "https://developer.download.nvidia.com/compute/cuda/"
                    "redist/",
            "cudnn": "https://developer.download.nvidia.com/compute/cudnn/"
                     "redist/",
        },
        "driver_floors": floors,
        "releases": releases,
        "extra_archives": extras,
        "frameworks": frameworks,
    }
    index.update(index_stamp())
    json.dump(index, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else
         os.path.join(HERE, "..", "..", "shared", "data"))
