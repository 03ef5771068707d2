#!/bin/sh
# The shipped catalogue (manifests/), checked for consistency only: the
# other tests use their own index (tests/data), so a release added here
# breaks none of them.  Checked: the index is what manifests/mkindex.py
# builds from the tables under manifests/ (anyone can rebuild it from a
# clone); every redistrib file it names is the file pinned by digest; every
# release resolves through plan; every framework row points at releases
# the index holds; the engine lists releases in version order whatever
# order an index gives them in.
. "$CDS_SRCDIR/tests/lib.sh"
plan 23

SHIP=$CDS_SRCDIR/manifests
IDX=$SHIP/index.json
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia"
# a driver newer than any floor in the index, so that every release runs
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  999.99.99  Thu" \
	>"$R/proc/driver/nvidia/version"

# 1: rebuilt from the clone's own data, the index is the one committed
W=$(mktemp -d); cleanup_later "$W"
# the index's number and dates are the day it was made, not today's: take
# them from the committed index (mkindex.py's INDEX_* variables)
eval "$(python3 -c 'import json, sys
i = json.load(open(sys.argv[1]))
print("INDEX_VERSION=%d INDEX_GENERATED=%s INDEX_EXPIRES=%s" % (i["version"],
    i["generated"], i["expires"]))' "$IDX")"
export INDEX_VERSION INDEX_GENERATED INDEX_EXPIRES
python3 "$SHIP/mkindex.py" >"$W/index.json" 2>"$W/err"
is "$?:$(cmp "$W/index.json" "$IDX" >/dev/null 2>&1 && echo same)" \
	"0:same" "mkindex.py rebuilds the committed index from manifests/"
# ... and from a copy of manifests/ alone (nothing outside it is read)
cp -R "$SHIP" "$W/copy"
python3 "$W/copy/mkindex.py" >"$W/index2.json" 2>/dev/null
check "a copy of manifests/ alone rebuilds it" cmp "$W/index2.json" "$IDX"

# 2: every redistrib file is the one pinned by digest, twice: the index's
# sha256 and the pin table's
bad=$(python3 - "$SHIP" <<'PY'
import csv, hashlib, json, os, sys
top = sys.argv[1]
idx = json.load(open(os.path.join(top, "index.json")))
pins = {}
with open(os.path.join(top, "data", "redistrib-pins-all.tsv")) as f:
    for r in csv.DictReader(f, delimiter="\t"):
        pins[(r["product"], os.path.basename(r["url"]))] = r["sha256"]
files = set()
for r in idx["releases"]:
    fn = r["redistrib"]
    files.add(os.path.basename(fn))
    got = hashlib.sha256(open(os.path.join(top, fn), "rb").read()).hexdigest()
    url = os.path.basename(fn).split("_", 1)[1]
    if got != r["sha256"] or got != pins.get((r["kind"], url)):
        print("digest", fn)
for fn in os.listdir(os.path.join(top, "nvidia")):
    if fn not in files:
        print("not indexed", fn)
PY
)
is "$bad" "" "every redistrib file is pinned by digest and indexed"

# 3-5 in one python3 (one interpreter, not one per run): every release
# resolves (plan asked for it picks exactly it); the releases the issue
# names resolve; every framework row points at releases of the index:
# asked for with its CUDA line (where the index has that line), plan picks
# a CUDA and a cuDNN of the row's majors, or says that no pair of releases
# fits (the row's versions fall outside every cuDNN's documented range)
python3 - "$CDS_BIN" "$R" "$IDX" >"$W/res" 2>&1 <<'PY'
import json, subprocess, sys
cds, root, idx = sys.argv[1:4]
d = json.load(open(idx))


def plan(*args):
    p = subprocess.run([cds, "--root", root, "--manifest", idx, "plan"] +
                       list(args) + ["--json"], capture_output=True,
                       text=True)
    rels = []
    if p.returncode == 0:
        rels = [(r["kind"], r["version"]) for r in
                json.loads(p.stdout)["releases"]]
    return p.returncode, rels, p.stderr + p.stdout


miss = []
for r in d["releases"]:
    if r["kind"] == "cuda":
        rc, rels, _ = plan("--cuda", r["version"], "--cudnn", "none")
        if (rc, rels) != (0, [("cuda", r["version"])]):
            miss.append("cuda-%s(%d:%s)" % (r["version"], rc, rels))
    else:
        rc, rels, _ = plan("--cudnn", r["full_version"])
        if rc != 0 or ("cudnn", r["full_version"]) not in rels:
            miss.append("cudnn-%s(%d:%s)" % (r["full_version"], rc, rels))
print("resolve:" + " ".join(miss))
named = []
for a in (["--cuda", "12.2"], ["--cuda", "13.4"], ["--cudnn", "9.20"]):
    rc, rels, _ = plan(*a)
    named.append("%d:%s" % (rc, ",".join(v for _, v in rels)))
print("named:" + " ".join(named))
lines = set(".".join(r["version"].split(".")[:2]) for r in d["releases"]
            if r["kind"] == "cuda")
# a row naming a major ("12") or a line the index lacks ("11.7"): the
# oldest release of that major at or above it, as the engine resolves
def vkey(v):
    return [int(p) for p in v.split(".")]


def first_at(cuda):
    m = cuda.split(".")[0]
    for r in sorted((r for r in d["releases"] if r["kind"] == "cuda"),
                    key=lambda r: vkey(r["version"])):
        if r["version"].split(".")[0] == m and \
                vkey(r["version"]) >= vkey(cuda):
            return r["version"]
    return None


miss, unfit = [], []
for f in d["frameworks"]:
    args = ["--for", "%s==%s" % (f["name"], f["version"].split("-")[0])]
    if f["cuda"] in lines:
        args += ["--cuda", f["cuda"]]
    elif first_at(f["cuda"]) is not None:
        args += ["--cuda", first_at(f["cuda"])]
    rc, rels, err = plan(*args)
    want = [("cuda", f["cuda"].split(".")[0]),
            ("cudnn", f["cudnn"].split(".")[0])]
    got = [(k, v.split(".")[0]) for k, v in rels]
    # unfit: the row's cuDNN is in no release of the index (the error may
    # name a sibling build of the same version with that cuDNN)
    if rc != 0 and ("needs CUDA %s and cuDNN %s; no known pair of releases "
                    "fits" % (f["cuda"], f["cudnn"]) in err or
                    "and cuDNN %s; no known pair of releases fits" %
                    f["cudnn"] in err and not any(
                        r["version"].startswith(f["cudnn"])
                        for r in d["releases"] if r["kind"] == "cudnn")):
        unfit.append("%s==%s(%s)" % (f["name"], f["version"], f["variant"]))
    elif (rc, got) != (0, want):
        miss.append("%s==%s+%s(%d:%s)" % (f["name"], f["version"],
                                          f["variant"], rc, rels))
print("frameworks:" + " ".join(miss))
print("unfit:" + " ".join(unfit))
PY
is "$(sed -n 's/^resolve://p' "$W/res")" "" \
	"plan resolves every release of the shipped index"
like "$(sed -n 's/^named://p' "$W/res")" \
	'^0:12\.2\.0,9\.[0-9.]+ 0:13\.4\.1,9\.[0-9.]+ 0:13\.[0-9.]+,9\.20\.0\.48$' \
	"plan --cuda 12.2, --cuda 13.4 and --cudnn 9.20 resolve"
is "$(sed -n 's/^frameworks://p' "$W/res")" "" \
	"every framework row resolves to releases of the index"
diag "rows no pair of releases fits: $(sed -n 's/^unfit://p' "$W/res")"

# 6: an index listing 9.10 before 9.3 (the test index does) is read in
# version order: the releases named in an error come out sorted
cds --root "$R" plan --cudnn 7.1
like "$ERR" 'cuDNN releases: 8\.9\.7, 9\.1\.1, 9\.3\.0, 9\.5\.1, 9\.8\.0, 9\.10\.0, 9\.13\.0, 9\.22\.0\)' \
	"cuDNN releases listed as versions (9.10 after 9.3)"
is "$(python3 -c 'import json, sys
rs = [r["version"] for r in json.load(open(sys.argv[1]))["releases"]
      if r["kind"] == "cudnn"]
print(rs.index("9.10.0") < rs.index("9.3.0"))' "$CDS_DATADIR/manifests/index.json")" \
	"True" "(the test index does list 9.10.0 before 9.3.0)"

# 7: the test index is not the shipped one: adding a release there cannot
# change what the other tests see
unlike "$(cmp "$CDS_DATADIR/manifests/index.json" "$IDX" 2>&1)" '^$' \
	"the tests read an index of their own"

# 8: a release the index marks known bad: plan refuses the pair with the
# reason and its source, and picks around it when the CUDA is its to pick.
# The test index, with one entry of the shape mkindex.py writes from
# data/known-bad.tsv (cuDNN 9.0-9.10.0 with CUDA 12.9)
K=$W/kb
cp -R "$CDS_DATADIR/manifests" "$K"
python3 - "$K/index.json" "$SHIP/index.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
kb = [k for k in json.load(open(sys.argv[2]))["known_bad"]
      if k["kind"] == "cudnn" and k.get("with_cuda") == "12.9"]
d["known_bad"] = kb
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
cds --root "$R" --manifest "$K/index.json" plan --cudnn 9.10.0 --cuda 12.9
like "$RC|$ERR" '^[1-9][0-9]*\|.*cuDNN 9\.10\.0\.56 with CUDA 12\.9\.1 is known bad: cuDNN before 9\.10\.1 with cuBLAS 12\.9 .*jax-ml/jax#28513' \
	"plan refuses a known-bad pair, with the reason and its source"
cds --root "$R" --manifest "$K/index.json" plan --cudnn 9.10.0 --json
is "$RC:$(jget "$OUT" '",".join(r["version"] for r in d["releases"])' \
	2>/dev/null)" "0:12.8.1,9.10.0.56" \
	"with the CUDA its to pick, plan takes the newest that is not bad"
cds --root "$R" --manifest "$K/index.json" plan --cudnn 9.13.0 --cuda 12.9 \
	--json
is "$RC" 0 "a cuDNN outside the known-bad range is planned with CUDA 12.9"

# 9: CUDA releases NVIDIA publishes no redistrib archives of, known by
# their sonames (the shipped index's legacy_cuda, in the test index):
# explain names the release, where it can be had, and fixes that work for
# the driver found: the program's build for the newest CUDA it runs, or
# the old release in a conda env
L=$W/legacy
cp -R "$CDS_DATADIR/manifests" "$L"
python3 - "$L/index.json" "$SHIP/index.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["legacy_cuda"] = json.load(open(sys.argv[2]))["legacy_cuda"]
d["legacy_cudnn"] = json.load(open(sys.argv[2]))["legacy_cudnn"]
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
M8='ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory'
lib_finding() {	# the explain finding about the missing library, one line
	jget "$OUT" '" | ".join([e["key"] + ": " + e["value"] for f in
	    d["findings"] if f["id"] == "MSG-LIBRARY" for e in f["evidence"]] +
	    ["fix: " + x["command"] for f in d["findings"]
	    if f["id"] == "MSG-LIBRARY" for x in f["fixes"]])'
}
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Thu" \
	>"$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$L/index.json" explain --json "$M8"
got=$(lib_finding)
like "$got" 'shipped by: CUDA 8\.0, which this program.s index holds no archives of' \
	"libcudart.so.8.0: CUDA 8.0 named, without redistrib archives"
like "$got" "where to get it: NVIDIA's CUDA Toolkit Archive .*start later \\(the oldest in this index: CUDA 11\\.8\\.0\\)" \
	"where it can be had, and that the archives start later"
like "$got" "fix: install the program's build for CUDA 12 \\(CUDA 12\\.9\\.1 is the newest this driver runs\\).* \\| fix: or keep the old build and run it in a conda env holding CUDA 8\\.0: conda create -n cuda8\\.0 -c anaconda cudatoolkit=8\\.0" \
	"fixes: the build for CUDA 12 on driver 535, or CUDA 8.0 in conda"
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.82.01  Thu" \
	>"$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$L/index.json" explain --json \
	"OSError: libcublas.so.10: cannot open shared object file: No such file or directory"
like "$(lib_finding)" "shipped by: CUDA 10\\.1,.*fix: install the program's build for CUDA 11 \\(CUDA 11\\.8\\.0 is the newest this driver runs\\)" \
	"libcublas.so.10 on driver 470: CUDA 10.1, the build for CUDA 11"

# 10: CUDA 11.0 to 11.7 by their sonames: libcudart.so.11.0 is every
# 11.x's (CUDA 11.8 of the index ships it), libcusolver.so.10 only 11.0's
cds --root "$R" --manifest "$L/index.json" explain --json \
	"libcusolver.so.10: cannot open shared object file: No such file or directory"
like "$(lib_finding)" "shipped by: CUDA 11\\.0, which this program.s index holds no archives of \\| where to get it: .*not in this index, whose oldest CUDA is 11\\.8\\.0.*fix: install the program's build for CUDA 11 " \
	"libcusolver.so.10: CUDA 11.0, not in the index; the build for CUDA 11"
cds --root "$R" --manifest "$L/index.json" explain --json \
	"libcudart.so.11.0: cannot open shared object file: No such file or directory"
like "$(lib_finding)" "shipped by: CUDA 11\\.8\\.0 .*fix: cudnn-setup install --cuda 11\\.8\\.0" \
	"libcudart.so.11.0: the index's CUDA 11.8.0 ships it"

# 11: cuDNN 5 to 8 by their sonames: explain names the major and the CUDA
# releases it went with; for a major the index holds no release of, the
# fix that works on this driver instead of an install it cannot do
echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Thu" \
	>"$R/proc/driver/nvidia/version"
cds --root "$R" --manifest "$L/index.json" explain --json \
	"ImportError: libcudnn.so.7: cannot open shared object file: No such file or directory"
got=$(lib_finding)
like "$got" "cuDNN major: cuDNN 7, which went with CUDA 9\\.0, 10\\.0, 10\\.1" \
	"libcudnn.so.7: cuDNN 7 and the CUDA releases it went with"
like "$got" "fix: install the program's build for CUDA 12 \\(CUDA 12\\.9\\.1 is the newest this driver runs\\)" \
	"the build for CUDA 12 on driver 535"
unlike "$got" "install --cudnn 7" "no install of a cuDNN 7 the index does not hold"
cds --root "$R" --manifest "$L/index.json" explain --json \
	"Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file: No such file or directory"
got=$(lib_finding)
like "$got" "cuDNN major: cuDNN 8, which went with CUDA 11\\.0, 11\\.2, 11\\.8, 12\\.2, 12\\.3" \
	"libcudnn_ops_infer.so.8: cuDNN 8's split library, its CUDA releases"
like "$got" "fix: cudnn-setup install --cudnn 8" \
	"cuDNN 8 is in the index: its install"

done_testing
