#!/usr/bin/env python3
"""Write manifests/data/sonames.tsv: every NVIDIA library soname, the
component that ships it, the releases that do, and the Debian, conda and
pip packages that carry it.

Run from anywhere in a clone; it reads only files under manifests/:

    python3 manifests/mksonames.py > manifests/data/sonames.tsv

The inputs (each with its sources in SOURCES.md):
  nvidia/*_redistrib_*.json    NVIDIA's redistrib files: which CUDA and
                               cuDNN releases carry a component, and at
                               which version
  data/soname-rules.tsv        hand-kept: per library, its component, the
                               rule that turns a component version into a
                               soname, the releases where no redistrib file
                               says, its conda and pip packages, sources
  data/legacy-cuda.tsv         sonames of CUDA 8.0 to 11.7 (no redistrib)
  data/legacy-cudnn.tsv        sonames of cuDNN 5 to 8
  data/debian-sonames.tsv      which Debian package carries which file,
                               made from Debian's own indexes by

    python3 manifests/mksonames.py --debian LISTS > manifests/data/debian-sonames.tsv

where LISTS is an apt lists directory holding the non-free and contrib
Contents-amd64 and Packages indexes of bullseye, bookworm and trixie (an
`apt-get update` with those sources and apt's Contents target).

The rules (column "rule" of soname-rules.tsv), for a component at version
V in CUDA release C:
  major      LIB.so.<major of V>            (libcublas 12.4.5.8: .so.12)
  cudart     .so.<major of V>; in CUDA 11: .so.11.0
  cupti      .so.<major of V>; in CUDA 11: .so.<major.minor of V>
  nvrtc      .so.<major of V>; in CUDA 11: .so.11.2
  cudaminor  .so.<major.minor of C>         (libnvrtc-builtins.so.12.4)
  fixed:N    .so.N whatever the version
  none       LIB.so (an unversioned soname)
"only" limits a rule to some majors of its product ("11-12", "13", "8")
or to one release ("13.0"); "*" is every release.
"""
import csv
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
SUITES = ["bullseye", "bookworm", "trixie"]
# the libraries of conda's cudatoolkit (CUDA 11 and older): its recipe's
# subpackages (cudart, cublas, cufft, curand, cusparse, cusolver, npp,
# nvblas, nvrtc, nvvm, nvtx, cupti; the cudatoolkit 8.0 recipe's run
# requirements, found by the search tool), by component
CUDATOOLKIT = {"cuda_cudart", "libcublas", "libcufft", "libcurand",
               "libcusparse", "libcusolver", "libnpp", "cuda_nvrtc",
               "cuda_nvcc", "libnvvm", "cuda_nvtx", "cuda_cupti"}
COLUMNS = ["soname", "component", "kind", "releases", "debian", "conda",
           "pip", "source"]


def fail(msg):
    sys.stderr.write("mksonames.py: %s\n" % msg)
    sys.exit(1)


def rows(name):
    with open(os.path.join(DATA, name), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def vkey(v):
    return [int(p) if p.isdigit() else -1 for p in re.split(r"[.]", v)]


def minor(v):
    """12.4.5.8 -> 12.4"""
    return ".".join(v.split(".")[:2])


def lib_of(soname):
    """libcublasLt.so.12 -> libcublasLt"""
    return soname.split(".so", 1)[0]


def in_only(only, version):
    """Does a rule limited to ONLY apply at VERSION (major.minor)?"""
    if only == "*":
        return True
    major = int(version.split(".")[0])
    if re.match(r"^\d+\.\d+$", only):
        return version == only
    m = re.match(r"^(\d+)(?:-(\d+)?)?$", only)
    if not m:
        fail("soname-rules.tsv: bad \"only\" %r" % only)
    lo = int(m.group(1))
    hi = lo if m.group(2) is None and "-" not in only else \
        int(m.group(2)) if m.group(2) else 999
    return lo <= major <= hi


def soname_for(rule, lib, cver, comp_ver):
    """The soname RULE gives LIB at component version COMP_VER in product
    release CVER (major.minor)."""
    cmaj = int(cver.split(".")[0])
    vmaj = comp_ver.split(".")[0]
    if rule == "major":
        tail = vmaj
    elif rule == "cudart":
        tail = vmaj if cmaj >= 12 else vmaj + ".0"
    elif rule == "cupti":
        tail = vmaj if cmaj >= 12 else minor(comp_ver)
    elif rule == "nvrtc":
        tail = vmaj if cmaj >= 12 else "11.2"
    elif rule == "cudaminor":
        tail = cver
    elif rule.startswith("fixed:"):
        tail = rule.split(":", 1)[1]
    elif rule == "none":
        return lib + ".so"
    else:
        fail("soname-rules.tsv: unknown rule %r" % rule)
    return "%s.so.%s" % (lib, tail)


def manifests():
    """[(product, release major.minor, {component: version})], oldest
    first."""
    out = []
    nv = os.path.join(HERE, "nvidia")
    for fn in os.listdir(nv):
        m = re.match(r"(cuda|cudnn)_redistrib_(.*)\.json$", fn)
        if not m:
            continue
        with open(os.path.join(nv, fn)) as f:
            doc = json.load(f)
        if m.group(1) == "cuda":
            comps = {k: v["version"] for k, v in doc.items()
                     if isinstance(v, dict) and "version" in v and
                     "linux-x86_64" in v}
            out.append(("CUDA", minor(m.group(2)), comps))
        else:
            ver = doc["cudnn"]["version"]
            out.append(("cuDNN", minor(ver), {"cudnn": ver}))
    out.sort(key=lambda r: (r[0], vkey(r[1])))
    return out


def debian_table():
    """{soname: ["suite:package", ...]} from data/debian-sonames.tsv."""
    out = {}
    for r in rows("debian-sonames.tsv"):
        e = "%s:%s" % (r["suite"], r["package"])
        lst = out.setdefault(r["file"], [])
        if e not in lst:
            lst.append(e)
    for lst in out.values():
        lst.sort(key=lambda e: SUITES.index(e.split(":")[0]))
    return out


def render(points):
    """{"CUDA": {versions}} -> "CUDA 11.8-12.9"; text points kept."""
    parts = []
    for prod in ("CUDA", "cuDNN"):
        vs = sorted(points.get(prod, ()), key=vkey)
        if vs:
            parts.append("%s %s" % (prod, vs[0] if len(vs) == 1 else
                                    "%s-%s" % (vs[0], vs[-1])))
    parts.extend(sorted(points.get("text", ())))
    return ", ".join(parts)


def pip_names(spec, majors):
    """"nvidia-cublas@11,12,13" and the CUDA majors of the releases ->
    the wheel names: -cu11, -cu12, and unsuffixed from CUDA 13 (NVIDIA's
    CUDA 13 wheels dropped the suffix)."""
    if spec == "-":
        return []
    if "@" not in spec:
        return spec.split()
    base, have = spec.split("@")
    out = []
    for mj in sorted(majors):
        if str(mj) not in have.split(","):
            continue
        out.append(base if mj >= 13 else "%s-cu%d" % (base, mj))
    return out


def build():
    rules = rows("soname-rules.tsv")
    mans = manifests()
    deb = debian_table()
    table = {}      # soname -> row under construction

    def row(soname, rule, point, product):
        r = table.get(soname)
        if r is None:
            r = table[soname] = {"soname": soname, "rules": [],
                                 "points": {}, "latest": None,
                                 "legacy": set(), "majors": set()}
        if rule not in r["rules"]:
            r["rules"].append(rule)
        if point is not None:
            r["points"].setdefault(product, set()).add(point)
            if product != "text" and (r["latest"] is None or
                                      vkey(point) > vkey(r["latest"][0])):
                r["latest"] = (point, rule)
        return r

    for rule in rules:
        if rule["releases"] != "-":
            soname = soname_for(rule["rule"], rule["lib"], "0.0", "0")
            row(soname, rule, rule["releases"], "text")
            continue
        for prod, rel, comps in mans:
            if rule["component"] not in comps or not in_only(
                    rule["only"], rel):
                continue
            if (prod == "cuDNN") != (rule["kind"] == "cudnn"):
                continue
            soname = soname_for(rule["rule"], rule["lib"], rel,
                                comps[rule["component"]])
            r = row(soname, rule, rel, prod)
            if prod == "CUDA":
                r["majors"].add(int(rel.split(".")[0]))
            r["manifest"] = True

    by_lib = {}
    for rule in rules:
        by_lib.setdefault((rule["lib"], rule["kind"]), rule)
    for lg in rows("legacy-cuda.tsv"):
        ends = lg["cuda"].split("-")
        for soname in lg["sonames"].split():
            rule = by_lib.get((lib_of(soname), "cuda"))
            if rule is None:
                fail("legacy-cuda.tsv: no rule for %s" % soname)
            for v in ends:
                r = row(soname, rule, v, "CUDA")
            r["legacy"].add("legacy-cuda.tsv")
    # Debian's CUDA packages name their CUDA release after "~"
    # (11.4.1.1043~11.2.2-3): a soname they carry is in that release
    for d in rows("debian-sonames.tsv"):
        rule = by_lib.get((lib_of(d["file"]), "cuda"))
        m = re.search(r"~(\d+\.\d+)\.\d+-", d["version"])
        if rule is None or m is None or ".so" not in d["file"] or \
                (rule["rule"] != "none" and not re.search(
                    r"\.so\.\d", d["file"])):
            continue
        if d["file"] not in table and rule["rule"] == "none":
            continue
        r = row(d["file"], rule, m.group(1), "CUDA")
        r["legacy"].add("data/debian-sonames.tsv")
    for lg in rows("legacy-cudnn.tsv"):
        for soname in lg["sonames"].split():
            rule = by_lib.get((lib_of(soname), "cudnn"))
            if rule is None:
                fail("legacy-cudnn.tsv: no rule for %s" % soname)
            known = soname in table and table[soname]["points"].get(
                "cuDNN")
            r = row(soname, rule, None if known else
                    "cuDNN %s.x" % lg["cudnn"], "text")
            r["legacy"].add("legacy-cudnn.tsv")

    out = []
    for soname in sorted(table, key=lambda s: (lib_of(s).lower(),
                                                vkey(s.split(".so")[1]
                                                     .lstrip(".") or "0"))):
        r = table[soname]
        rule = r["latest"][1] if r["latest"] else r["rules"][0]
        cuda = [int(v.split(".")[0]) for v in r["points"].get("CUDA", ())]
        conda = []
        if rule["kind"] == "cuda":
            if any(m < 12 for m in cuda) and rule["rule"] != "none" and \
                    rule["component"] in CUDATOOLKIT:
                conda.append("cudatoolkit")
            if any(m >= 12 for m in cuda) and rule["conda"] != "-":
                conda.append(rule["conda"])
        elif rule["conda"] != "-" and (r.get("manifest") or
                                       rule["releases"] != "-"):
            conda.append(rule["conda"])
        pip = []
        for ru in r["rules"] if r.get("manifest") or \
                rule["releases"] != "-" else []:
            # a rule's wheels for the CUDA majors of the redistrib releases
            # that carry this soname: a wheel of a legacy-only soname (CUDA
            # 11.0's libcusolver.so.10) is not known
            for n in pip_names(ru["pip"], r["majors"]):
                if n not in pip:
                    pip.append(n)
        sources = []
        for ru in r["rules"]:
            if ru["source"] not in sources:
                sources.append(ru["source"])
        if r["points"].get("CUDA") or r["points"].get("cuDNN"):
            sources.append("releases: manifests/nvidia redistrib files")
        sources.extend(sorted(r["legacy"]))
        out.append({
            "soname": soname, "component": rule["component"],
            "kind": rule["kind"], "releases": render(r["points"]),
            "debian": " ".join(deb.get(soname, [])) or "-",
            "conda": " ".join(conda) or "-", "pip": " ".join(pip) or "-",
            "source": "; ".join(sources),
        })
    return out


def debian(lists):
    """data/debian-sonames.tsv from an apt lists directory: every file
    directly in usr/lib/x86_64-linux-gnu (or the driver's nvidia/current)
    named LIB.so or LIB.so.N[.M] for a LIB of soname-rules.tsv, with the
    package that carries it and that package's version."""
    libs = {r["lib"] for r in rows("soname-rules.tsv")}
    name_re = re.compile(r"^(.+?)\.so(\.\d+){0,2}$")
    dir_re = re.compile(r"^usr/lib/x86_64-linux-gnu/(nvidia/current/)?"
                        r"([^/]+)$")
    print("suite\tfile\tpackage\tversion\tpath")
    for suite in SUITES:
        vers = {}
        for fn in sorted(os.listdir(lists)):
            if "_dists_%s_" % suite not in fn:
                continue
            path = os.path.join(lists, fn)
            if fn.endswith("_Packages.lz4"):
                text = subprocess.run(["lz4cat", path], check=True,
                                      capture_output=True).stdout.decode()
            elif fn.endswith("_Packages"):
                text = open(path).read()
            else:
                continue
            pkg = None
            for line in text.splitlines():
                if line.startswith("Package: "):
                    pkg = line.split()[1]
                elif line.startswith("Version: ") and pkg:
                    vers[pkg] = line.split()[1]
        seen = set()
        for fn in sorted(os.listdir(lists)):
            if "_dists_%s_" % suite not in fn or \
                    not fn.endswith("_Contents-amd64"):
                continue
            with open(os.path.join(lists, fn)) as f:
                for line in f:
                    parts = line.rstrip("\n").rsplit(None, 1)
                    if len(parts) != 2:
                        continue
                    m = dir_re.match(parts[0])
                    if not m:
                        continue
                    n = name_re.match(m.group(2))
                    if not n or n.group(1) not in libs:
                        continue
                    for loc in parts[1].split(","):
                        pkg = loc.rsplit("/", 1)[-1]
                        key = (m.group(2), pkg)
                        if key in seen:
                            continue
                        seen.add(key)
                        print("\t".join([suite, m.group(2), pkg,
                                         vers.get(pkg, "-"), parts[0]]))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--debian":
        debian(sys.argv[2])
        return
    if len(sys.argv) != 1:
        fail("usage: mksonames.py [--debian APT-LISTS-DIR]")
    sys.stdout.write("\t".join(COLUMNS) + "\n")
    for r in build():
        for c in COLUMNS:
            if not r[c] or "\t" in r[c] or "\n" in r[c]:
                fail("%s: bad %s %r" % (r["soname"], c, r[c]))
        sys.stdout.write("\t".join(r[c] for c in COLUMNS) + "\n")


if __name__ == "__main__":
    main()
