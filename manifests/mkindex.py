#!/usr/bin/env python3
"""Write manifests/index.json from the tables in this directory.

Run from anywhere in a clone; it reads only files under manifests/:

    python3 manifests/mkindex.py > manifests/index.json

The inputs (each with its sources in SOURCES.md):
  nvidia/*_redistrib_*.json      NVIDIA's redistrib files, byte-exact
  data/redistrib-pins-all.tsv    an independent pin of each file's URL
  data/bundled-driver.tsv        the driver each CUDA redistrib file names
  data/driver-min.tsv            the driver floor of each CUDA major
  data/cudnn-support.tsv         cuDNN's supported CUDA ranges (support
                                 matrices)
  data/frameworks.tsv            what each framework build needs
  data/wheel-builds.tsv          per framework build: its package index,
                                 the GPU architectures it carries, the
                                 build PyPI gives by default
  data/known-bad.tsv             releases to refuse, and why
  data/lib-minimums.tsv          library versions a package requires
                                 beside its CUDA and cuDNN (JAX's plugin)
  data/legacy-cuda.tsv           CUDA releases without redistrib files:
                                 their sonames, where they can be had
  data/legacy-cudnn.tsv          cuDNN majors by their sonames, and the
                                 CUDA releases each went with
  data/sonames.tsv               every NVIDIA soname: its component, the
                                 releases and the Debian, conda and pip
                                 packages that carry it (mksonames.py)

A value that no table states for a release is inferred by a rule written
out below, and the index says so beside the value ("min_driver_basis",
"range_basis").
"""
import csv
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")

# The components that make a "toolkit": runtime, compiler, math libraries.
# CUDA 13 split the compiler (cuda_crt, libnvvm, libnvptxcompiler).
TOOLKIT = [
    "cuda_cudart", "cuda_nvcc", "cuda_nvrtc", "cuda_cccl", "cuda_cupti",
    "cuda_nvtx", "cuda_profiler_api", "cuda_cuobjdump", "cuda_cuxxfilt",
    "libcublas", "libcufft", "libcurand", "libcusolver", "libcusparse",
    "libnvjitlink", "cuda_crt", "libnvvm", "libnvptxcompiler",
    "cuda_culibos",
]


# `install --components NAME`: named subsets of a release's components.
# "runtime" is what a program needs at run time, as the nvidia/cuda
# runtime images install it (cudart, cuBLAS and cuBLASLt, cuFFT, cuRAND,
# cuSOLVER, cuSPARSE, NVRTC, nvJitLink; shared/research/containers.md,
# section d), and of those only the shared libraries: no headers, static
# libraries, stubs or tools.  cuDNN, when planned, comes whole but for
# the same files.  "devel" is the whole toolkit.
COMPONENT_SETS = [
    {"name": "runtime",
     "components": ["cuda_cudart", "libcublas", "libcufft", "libcurand",
                    "libcusolver", "libcusparse", "cuda_nvrtc",
                    "libnvjitlink"],
     "files": "libraries",
     "note": "the shared libraries a program needs at run time, for "
             "images: no headers, static libraries or nvcc"},
    {"name": "devel", "components": TOOLKIT, "files": "all",
     "note": "the whole toolkit: compiler, headers, static libraries"},
]


def fail(msg):
    sys.stderr.write("mkindex.py: %s\n" % msg)
    sys.exit(1)


def index_stamp():
    """The index's number and dates, which `cudnn-setup update` checks.

    version: a strictly increasing integer, by default the generation
    date as YYYYMMDD00 (INDEX_VERSION to publish a second one the same
    day); generated: that date (INDEX_GENERATED, else SOURCE_DATE_EPOCH,
    else today, UTC); expires: INDEX_EXPIRES, else generated plus
    INDEX_EXPIRES_DAYS (default 365) days.  Signed afterwards with
    `make sign-index MINISIGN_KEY=...` (doc/index-signing.md).
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


def rows(name):
    with open(os.path.join(DATA, name), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def vkey(v):
    """A version as a sort key: 9.10 after 9.3."""
    return [int(p) if p.isdigit() else -1 for p in re.split(r"[.]", v)]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def driver_floors():
    """driver-min.tsv: the floor per CUDA major, and narrower rules."""
    floors = []
    for r in rows("driver-min.tsv"):
        v = r["cuda_version"]
        if r["kind"] == "minor_version_compat_floor":
            floors.append({"cuda": v.split(".")[0],
                           "min_driver": r["min_driver_linux"]})
        elif r["kind"] == "arch_requirement":
            floors.append({"cuda": v.split(" ")[0],
                           "min_driver": r["min_driver_linux"],
                           "note": "Blackwell (compute capability 10.0, "
                                   "12.0)"})
    return floors


def minor_driver(bundled, cuda):
    """The driver the first release of CUDA minor CUDA ("12.8") ships
    with (bundled-driver.tsv)."""
    first = [v for v in bundled if v.startswith(cuda + ".")]
    if not first:
        fail("no bundled driver of CUDA %s in data/bundled-driver.tsv" %
             cuda)
    return bundled[min(first, key=vkey)]


def floor_of(floors, cuda):
    major = cuda.split(".")[0]
    for f in floors:
        if f["cuda"] == major and "note" not in f:
            return f["min_driver"]
    fail("no driver floor for CUDA %s in data/driver-min.tsv" % cuda)


def part_range(text):
    """One variant's part of supported_cuda_toolkits: "12.0-12.2",
    "11.x (11.8 static; ...)", "11.8 (static) + 11.0-11.7", "13.0".
    Returns (lo, hi); a hi of "12" means any 12.x."""
    nums = re.findall(r"\d+\.(?:\d+|x)", text)
    if not nums:
        fail("cudnn-support.tsv: no CUDA version in %r" % text)
    exact = [n for n in nums if not n.endswith(".x")]
    anyminor = [n.split(".")[0] for n in nums if n.endswith(".x")]
    if anyminor:
        return anyminor[0] + ".0", anyminor[0]
    exact.sort(key=vkey)
    return exact[0], exact[-1]


def cudnn_ranges():
    """cudnn-support.tsv: {(release, variant): (lo, hi)}."""
    out = {}
    for r in rows("cudnn-support.tsv"):
        variants = r["cuda_variant"].split(",")
        parts = r["supported_cuda_toolkits"].split(" / ")
        if len(parts) != len(variants):
            fail("cudnn-support.tsv: %s: %d variants, %d ranges" %
                 (r["cudnn_release"], len(variants), len(parts)))
        for var, part in zip(variants, parts):
            out[(r["cudnn_release"], var)] = part_range(part)
    return out


def range_for(ranges, release, variant):
    """The documented range, else the one of the nearest documented
    release of the same variant: below it, else above it."""
    if (release, variant) in ranges:
        lo, hi = ranges[(release, variant)]
        return lo, hi, "support matrix (data/cudnn-support.tsv)"
    same = sorted((rel for (rel, var) in ranges if var == variant),
                  key=vkey)
    below = [rel for rel in same if vkey(rel) < vkey(release)]
    above = [rel for rel in same if vkey(rel) > vkey(release)]
    src = below[-1] if below else above[0] if above else None
    if src is None:
        fail("cuDNN %s %s: no documented range to infer from" %
             (release, variant))
    lo, hi = ranges[(src, variant)]
    return lo, hi, ("inferred: the range of cuDNN %s %s (the nearest "
                    "release in data/cudnn-support.tsv)" % (src, variant))


def cudnn_variants(doc, label):
    """The variants a cuDNN redistrib file publishes: cuDNN 9 nests them
    under the platform ("cuda12"); cuDNN 8 is flat, one build a file,
    named by its archive (..._cuda12-archive.tar.xz)."""
    c = doc["cudnn"]
    if "cuda_variant" in c:
        return ["cuda" + v for v in c["cuda_variant"]]
    m = re.search(r"_(cuda\d+)-archive",
                  c["linux-x86_64"]["relative_path"])
    if not m:
        fail("cuDNN %s: cannot tell its CUDA build" % label)
    return [m.group(1)]


def add_wheel_build(builds, r, row, floors, bundled):
    """Give a framework row its build's package index, GPU architectures
    (a trailing "?": assumed, not read), whether PyPI's plain wheel is
    this build ("yes?", "no?": inferred) and the driver it needs: the
    floor of its CUDA major (minor version compatibility)."""
    b = builds.get((r["framework"], r["framework_version"],
                    r["variant"].split(" ")[0]))
    if b is None:
        return
    b["used"] = True
    row["index_url"] = b["index_url"]
    row["min_driver"] = floor_of(floors, row["cuda"])
    if b["driver"] == "minor":
        # it compiles its PTX at run time: the driver must know that
        # CUDA minor's PTX, as the first release of the minor's own
        # driver does (the one its redistrib file names)
        row["min_driver"] = minor_driver(bundled, row["cuda"])
        row["ptx_jit"] = True
    elif b["driver"] != "-":
        fail("wheel-builds.tsv: driver %r is neither - nor minor" %
             b["driver"])
    if b["archs"] != "-":
        row["archs"] = b["archs"].rstrip("?")
        if b["archs"].endswith("?"):
            row["archs_assumed"] = True
    if b["ptx"] != "-":
        row["ptx"] = b["ptx"]
    d = b["pypi_default"]
    row["pypi_default"] = d.rstrip("?") == "yes"
    if d.endswith("?"):
        row["pypi_default_inferred"] = True
    row["build_source"] = b["source"]


def main():
    pins = {}
    for r in rows("redistrib-pins-all.tsv"):
        pins[(r["product"], os.path.basename(r["url"]))] = r["sha256"]
    bundled = {}
    for r in rows("bundled-driver.tsv"):
        if re.match(r"^\d+(\.\d+)+$", r["nvidia_driver_version"]):
            bundled[r["cuda_version"]] = r["nvidia_driver_version"]
    floors = driver_floors()
    ranges = cudnn_ranges()

    releases = []
    nv = os.path.join(HERE, "nvidia")
    for fn in os.listdir(nv):
        m = re.match(r"(cuda|cudnn)_redistrib_(.*)\.json$", fn)
        if not m:
            continue
        kind, label = m.groups()
        pin = pins.get((kind, "redistrib_%s.json" % label))
        got = sha256(os.path.join(nv, fn))
        if pin != got:
            fail("%s: digest %s, pinned %s" % (fn, got, pin))
        with open(os.path.join(nv, fn)) as f:
            doc = json.load(f)
        rel = {"kind": kind, "redistrib": "nvidia/" + fn, "sha256": pin}
        if kind == "cuda":
            rel["version"] = label
            rel["min_driver"] = floor_of(floors, label)
            rel["min_driver_basis"] = (
                "inferred: the minor version compatibility floor of CUDA "
                "%s.x (data/driver-min.tsv)" % label.split(".")[0])
            named = doc.get("nvidia_driver", {}).get("version")
            if bundled.get(label) != named:
                fail("%s: names driver %s, bundled-driver.tsv says %s" %
                     (fn, named, bundled.get(label)))
            if named is not None:
                rel["bundled_driver"] = named
            rel["components"] = [c for c in TOOLKIT if c in doc]
        else:
            full = doc["cudnn"]["version"]
            short = ".".join(full.split(".")[:3])
            rel["version"] = short
            rel["full_version"] = full
            rel["components"] = ["cudnn"]
            variants = []
            for var in cudnn_variants(doc, label):
                lo, hi, basis = range_for(ranges, short, var)
                variants.append({"name": var, "cuda_min": lo,
                                 "cuda_max": hi,
                                 "min_driver": floor_of(floors, lo),
                                 "range_basis": basis})
            rel["variants"] = variants
        releases.append(rel)
    releases.sort(key=lambda r: (r["kind"], vkey(r["version"])))

    extras = []
    for r in rows("cudnn-support.tsv"):
        m = re.search(r"(cudnn-linux-x86_64-[0-9.]+_cuda11-archive\.tar\.xz)"
                      r" sha256 ([0-9a-f]{64})", r["source"])
        if m and r["cuda_variant"] == "cuda11":
            extras.append({
                "release": r["cudnn_release"], "platform": "linux-x86_64",
                "component": "cudnn", "version": r["full_version"],
                "variant": "cuda11",
                "relative_path": "cudnn/linux-x86_64/" + m.group(1),
                "sha256": m.group(2),
            })
            for rel in releases:
                if rel["kind"] == "cudnn" and \
                        rel["version"] == r["cudnn_release"]:
                    lo, hi, basis = range_for(ranges, rel["version"],
                                              "cuda11")
                    rel["variants"].append({
                        "name": "cuda11", "cuda_min": lo, "cuda_max": hi,
                        "min_driver": floor_of(floors, lo),
                        "range_basis": basis})
                    rel["variants"].sort(key=lambda v: v["name"])

    frameworks = []
    names = {"pytorch": "torch"}
    builds = {}
    for r in rows("wheel-builds.tsv"):
        builds[(r["framework"], r["framework_version"], r["variant"])] = r
    for r in rows("frameworks.tsv"):
        ver = r["framework_version"]
        if ver.startswith("(") or ver.startswith("main"):
            continue    # unversioned rows: nothing to match a request on
        ver = ver.replace(".x", "")
        cuda = r["cuda"].replace(".x", "")
        cudnn = r["cudnn"].split(" ")[0].replace(".x", "")
        variant = r["variant"].split(" ")[0]
        row = {"name": names.get(r["framework"], r["framework"]),
               "version": ver, "variant": variant, "cuda": cuda}
        if cudnn != "-":
            row["cudnn"] = cudnn    # "-": the build pins none (CuPy)
        notes = r["notes"] + " " + r["variant"]
        if "PyPI default" in notes or "stable" in notes:
            row["default"] = "PyPI default" in notes
            row["stable"] = True
        add_wheel_build(builds, r, row, floors, bundled)
        frameworks.append(row)
    unused = [k for k, b in builds.items() if not b.get("used")]
    if unused:
        sys.exit("wheel-builds.tsv: no frameworks.tsv row for %s" %
                 ", ".join(" ".join(k) for k in unused))

    known_bad = []
    for r in rows("known-bad.tsv"):
        k = {"kind": r["kind"], "versions": r["versions"]}
        if r["with_cuda"]:
            k["with_cuda"] = r["with_cuda"]
        k["reason"] = r["reason"]
        k["source"] = r["source"]
        known_bad.append(k)

    lib_minimums = []
    for r in rows("lib-minimums.tsv"):
        lm = {"package": r["package"], "versions": r["versions"],
              "component": r["component"], "wheel": r["wheel"],
              "min": r["min"]}
        if r["below"]:
            lm["below"] = r["below"]
        lm["source"] = r["source"]
        lib_minimums.append(lm)

    # CUDA releases NVIDIA publishes no redistrib file of: their sonames,
    # and where each can still be had
    oldest = min((r for r in releases if r["kind"] == "cuda"),
                 key=lambda r: vkey(r["version"]))["version"]
    legacy = []
    for r in rows("legacy-cuda.tsv"):
        if vkey(r["cuda"].split("-")[0]) < vkey("11"):
            where = ("NVIDIA's CUDA Toolkit Archive "
                     "(https://developer.nvidia.com/cuda-toolkit-archive)"
                     ": installers only; NVIDIA's redistrib archives, "
                     "which cudnn-setup installs, start later (the "
                     "oldest in this index: CUDA %s)" % oldest)
        else:
            where = ("NVIDIA's CUDA Toolkit Archive "
                     "(https://developer.nvidia.com/cuda-toolkit-archive)"
                     "; not in this index, whose oldest CUDA is %s" %
                     oldest)
        lg = {"cuda": r["cuda"], "sonames": r["sonames"].split(),
              "where": where, "source": r["source"]}
        if r["conda"]:
            lg["conda"] = r["conda"]
        legacy.append(lg)

    legacy_cudnn = []
    for r in rows("legacy-cudnn.tsv"):
        legacy_cudnn.append({"cudnn": r["cudnn"],
                             "sonames": r["sonames"].split(),
                             "cuda": r["cuda"].split(),
                             "source": r["source"]})

    # every soname: which component, which releases, which packages; a
    # package column of "-" (none known) is left out
    sonames = []
    for r in rows("sonames.tsv"):
        sn = {"soname": r["soname"], "component": r["component"],
              "kind": r["kind"], "releases": r["releases"]}
        for k in ("debian", "conda", "pip"):
            if r[k] != "-":
                sn[k] = r[k]
        sn["source"] = r["source"]
        sonames.append(sn)

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
        "known_bad": known_bad,
        "lib_minimums": lib_minimums,
        "legacy_cuda": legacy,
        "legacy_cudnn": legacy_cudnn,
        "sonames": sonames,
        "component_sets": COMPONENT_SETS,
    }
    index.update(index_stamp())
    json.dump(index, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
