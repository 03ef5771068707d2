#!/bin/sh
# The soname table (manifests/data/sonames.tsv, the index's "sonames"):
# mksonames.py rebuilds it from manifests/ alone; the index carries it row
# for row; every row's releases agree with NVIDIA's redistrib files (the
# component is there at both ends, a "major" library's soname major is its
# component's version major all along, no two sonames of one library claim
# the same release, and every release that carries a component has a row
# for each of its libraries), and the checker finds a row that lies; the
# Debian packages a row names carry that file in Debian's own Contents
# index of that suite, where apt's lists are here (CDS_DEBIAN_LISTS, else
# /var/lib/apt/lists; skipped otherwise).  The lookups by soname and a
# real CUDA's sonames are tests/unit/test-sonames.c's.
. "$CDS_SRCDIR/tests/lib.sh"
plan 7

SHIP=$CDS_SRCDIR/manifests
if ! have_python; then
	skip 7 "no python3"
	done_testing
	exit 0
fi
W=$(mktemp -d); cleanup_later "$W"

# 1-2: rebuilt from the clone, and from a copy of manifests/ alone
python3 "$SHIP/mksonames.py" >"$W/s.tsv" 2>"$W/err"
is "$?:$(cmp "$W/s.tsv" "$SHIP/data/sonames.tsv" >/dev/null 2>&1 &&
	echo same)" "0:same" "mksonames.py rebuilds the committed table"
cp -R "$SHIP" "$W/copy"
python3 "$W/copy/mksonames.py" >"$W/s2.tsv" 2>/dev/null
check "a copy of manifests/ alone rebuilds it" cmp "$W/s2.tsv" \
	"$SHIP/data/sonames.tsv"

# 3: the index carries the table, row for row ("-" left out)
bad=$(python3 - "$SHIP" <<'PY'
import csv, json, os, sys
top = sys.argv[1]
idx = json.load(open(os.path.join(top, "index.json")))["sonames"]
with open(os.path.join(top, "data", "sonames.tsv")) as f:
    rows = list(csv.DictReader(f, delimiter="\t"))
if len(idx) != len(rows):
    print("rows", len(idx), len(rows))
for i, r in zip(idx, rows):
    for k in ("soname", "component", "kind", "releases", "debian",
              "conda", "pip", "source"):
        want = None if r[k] == "-" else r[k]
        if i.get(k) != want:
            print(r["soname"], k)
PY
)
is "$bad" "" "the index's \"sonames\" is data/sonames.tsv"

# the checker of releases against the redistrib files: prints what is wrong
cat >"$W/releases.py" <<'PY'
import csv, json, os, re, sys
top, table = sys.argv[1], sys.argv[2]

def vkey(v):
    return [int(p) for p in v.split(".")]

def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))

rels = []       # (product, major.minor, {component: version})
for fn in sorted(os.listdir(os.path.join(top, "nvidia"))):
    m = re.match(r"(cuda|cudnn)_redistrib_(.*)\.json$", fn)
    doc = json.load(open(os.path.join(top, "nvidia", fn)))
    if m.group(1) == "cuda":
        comps = {k: v["version"] for k, v in doc.items()
                 if isinstance(v, dict) and "linux-x86_64" in v}
        rels.append(("CUDA", ".".join(m.group(2).split(".")[:2]), comps))
    else:
        v = doc["cudnn"]["version"]
        rels.append(("cuDNN", ".".join(v.split(".")[:2]), {"cudnn": v}))
lowest = {p: min((r[1] for r in rels if r[0] == p), key=vkey)
          for p in ("CUDA", "cuDNN")}
rules = rows(os.path.join(top, "data", "soname-rules.tsv"))
major_libs = {(r["lib"], r["component"]) for r in rules
              if r["rule"] == "major"}
table = rows(table)
claims = {}
for t in table:
    m = re.match(r"^(CUDA|cuDNN) ([0-9.]+)(?:-([0-9.]+))?$", t["releases"])
    if not m:
        continue
    prod, lo, hi = m.group(1), m.group(2), m.group(3) or m.group(2)
    lib, tail = t["soname"].split(".so", 1)
    if (prod == "cuDNN") != (t["kind"] == "cudnn"):
        print(t["soname"], "kind", t["kind"], "for", prod)
    for end in (lo, hi):
        if vkey(end) < vkey(lowest[prod]):
            continue        # before the redistrib files: legacy, Debian
        if not any(r[0] == prod and r[1] == end and t["component"] in r[2]
                   for r in rels):
            print(t["soname"], "no", t["component"], "in", prod, end)
    for p, mm, comps in rels:
        if p != prod or not vkey(lo) <= vkey(mm) <= vkey(hi) or \
                t["component"] not in comps:
            continue
        if (lib, t["component"]) in major_libs and \
                tail.lstrip(".") != comps[t["component"]].split(".")[0]:
            print(t["soname"], "in", p, mm, "but", t["component"],
                  comps[t["component"]])
        if tail:
            other = claims.setdefault((lib, p, mm), t["soname"])
            if other != t["soname"]:
                print(t["soname"], "and", other, "both in", p, mm)
# every release that carries a component has a row of each library of it
for r in rules:
    if r["releases"] != "-" or r["only"] != "*" or r["kind"] != "cuda":
        continue
    for p, mm, comps in rels:
        if p == "CUDA" and r["component"] in comps and \
                (r["lib"], p, mm) not in claims and r["rule"] != "none":
            print(r["lib"], "has no row in", p, mm)
PY

# 4: the shipped table agrees with the redistrib files
bad=$(python3 "$W/releases.py" "$SHIP" "$SHIP/data/sonames.tsv" 2>&1)
is "$bad" "" "every row's releases agree with the redistrib files"

# 5: ... and a table that lies is caught: libcublas.so.12 claiming 13.x,
# libcufft.so.11 dropped
sed -e 's/^\(libcublas\.so\.12	[^	]*	[^	]*	\)CUDA 12\.1-12\.9/\1CUDA 12.1-13.4/' \
	-e '/^libcufft\.so\.11	/d' "$SHIP/data/sonames.tsv" >"$W/lie.tsv"
bad=$(python3 "$W/releases.py" "$SHIP" "$W/lie.tsv" 2>&1)
like "$bad" "libcublas.so.12 in CUDA 13.0 but libcublas 13" \
	"a soname claimed past its major is caught"
like "$bad" "libcufft has no row in CUDA 12.4" "a lost row is caught"

# 7: the Debian packages named carry the file, in Debian's own index
LISTS=${CDS_DEBIAN_LISTS:-/var/lib/apt/lists}
res=$(python3 - "$SHIP/data/sonames.tsv" "$LISTS" <<'PY'
import csv, os, sys
table, lists = sys.argv[1], sys.argv[2]
have = {}
for suite in ("bullseye", "bookworm", "trixie"):
    files = [os.path.join(lists, f) for f in sorted(os.listdir(lists))
             if "_dists_%s_" % suite in f and f.endswith("_Contents-amd64")
             and ("_non-free_" in f or "_contrib_" in f)] \
        if os.path.isdir(lists) else []
    if not files:
        continue
    carried = set()
    for fn in files:
        with open(fn) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and parts[0].startswith("usr/lib/"):
                    for loc in parts[1].split(","):
                        carried.add((os.path.basename(parts[0]),
                                     loc.rsplit("/", 1)[-1]))
    have[suite] = carried
if not have:
    print("skip")
    sys.exit(0)
n = 0
with open(table, newline="") as f:
    for r in csv.DictReader(f, delimiter="\t"):
        for e in r["debian"].split() if r["debian"] != "-" else []:
            suite, pkg = e.split(":")
            if suite not in have:
                continue
            n += 1
            if (r["soname"], pkg) not in have[suite]:
                print("%s: %s does not carry it" % (r["soname"], e))
print("checked %d in %s" % (n, " ".join(sorted(have))))
PY
)
if [ "$res" = skip ]; then
	skip 1 "no Debian non-free/contrib Contents index in $LISTS"
else
	diag "$(printf '%s\n' "$res" | tail -1)"
	is "$(printf '%s\n' "$res" | grep -v '^checked [1-9][0-9]* in ')" "" \
		"every Debian package named carries its soname"
fi
done_testing
