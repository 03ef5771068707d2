#!/bin/sh
# plan follows the driver the scan finds: the kernel module's version, else
# (no module loaded: an image, a container) the version the driver's own
# libcuda.so.1 is named for, found through Debian's /etc/alternatives link
# chain inside the root.  The CUDA release it picks is never one the driver
# cannot run; within the newest line the driver runs it takes the newest
# release the driver runs natively (the driver the release ships with, from
# the index, is not newer), and says why; a release asked for that runs
# only through minor version compatibility is planned and flagged.  The
# expected releases are computed here from the shipped index, not written
# down.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 25

IDX=$CDS_DATADIR/manifests/index.json
names() { jget "$OUT" '" ".join(r["name"] for r in d["releases"])'; }
# expect DRIVER: "CUDA-VERSION WHY" by the rule, from the index's data
expect() {
	python3 - "$IDX" "$1" <<'PY'
import json, sys
idx, drv = json.load(open(sys.argv[1])), sys.argv[2]
v = lambda s: [int(x) for x in s.split(".")]
cuda = [r for r in idx["releases"] if r["kind"] == "cuda"]
runs = [r for r in cuda if v(r["min_driver"]) <= v(drv)]
top = max(runs, key=lambda r: v(r["version"]))
line = [r for r in runs if v(r["version"])[0] == v(top["version"])[0]
        and "bundled_driver" in r and v(r["bundled_driver"]) <= v(drv)]
if line:
    print(max(line, key=lambda r: v(r["version"]))["version"], "native")
else:
    print(top["version"], "compat")
PY
}
# field EXPR of a release of the index
index_of() {
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["releases"]:
    if r["version"] == sys.argv[2]:
        print(r.get(sys.argv[3]))' "$IDX" "$1" "$2"
}

# ---- a root with Debian's driver user-space and no kernel module -----
R=$(mk_sysroot); cleanup_later "$R"
L=$R/usr/lib/x86_64-linux-gnu
mkdir -p "$L/nvidia/current" "$R/etc/alternatives" "$R/etc/ld.so.conf.d"
ln -s usr/lib "$R/lib"
echo 'include /etc/ld.so.conf.d/*.conf' >"$R/etc/ld.so.conf"
printf '/usr/local/lib/x86_64-linux-gnu\n/lib/x86_64-linux-gnu\n/usr/lib/x86_64-linux-gnu\n' \
	>"$R/etc/ld.so.conf.d/x86_64-linux-gnu.conf"
mk_solib "$L/nvidia/current/libcuda.so.535.261.03" libcuda.so.1
ln -s libcuda.so.535.261.03 "$L/nvidia/current/libcuda.so.1"
# absolute links, as update-alternatives makes them: inside the root
ln -s /usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.1 \
	"$R/etc/alternatives/nvidia--libcuda.so.1-x86_64-linux-gnu"
ln -s /etc/alternatives/nvidia--libcuda.so.1-x86_64-linux-gnu \
	"$L/libcuda.so.1"

set -- $(expect 535.261.03)
WANT=$1 WHY=$2
cds --root "$R" plan --json
is "$RC" 0 "driver libraries without a module: plan exits 0"
is "$(jget "$OUT" 'd["driver"]["version"]')" 535.261.03 \
	"the driver's version is read from its libcuda.so.1 through the alternatives links"
like "$(jget "$OUT" 'd["driver"]["source"]')" "/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.535.261.03$" \
	"and the file it was read from is named"
is "$(jget "$OUT" 'd["driver"]["no_module"]')$(jget "$OUT" '",".join(d["warnings"])')" \
	"Trueno-module" "no module: said in the JSON, not 'no driver'"
is "$(jget "$OUT" 'd["releases"][0]["name"]') $(jget "$OUT" 'd["why"]["cuda"]')" \
	"cuda-$WANT $WHY" "driver 535: the CUDA release the index's bundled drivers say it runs natively ($WANT)"
is "$(jget "$OUT" 'all([int(x) for x in d["releases"][0][k].split(".")] <= [535, 261, 3] for k in ("min_driver", "bundled_driver"))')" \
	True "that release's minimum and bundled drivers are both met"
is "$(jget "$OUT" 'd["why"]["refused"]["cuda"]+" "+d["why"]["refused"]["min_driver"]')" \
	"13.0.2 $(index_of 13.0.2 min_driver)" "the newest release it cannot run is named with the driver it needs"
is "$(jget "$OUT" 'd["why"]["compat_newest"]["cuda"]+" "+d["why"]["compat_newest"]["bundled_driver"]')" \
	"12.9.1 $(index_of 12.9.1 bundled_driver)" "the newer one it runs only through minor version compatibility is named"
cds --root "$R" plan
like "$OUT" "^Driver: 535.261.03 \(/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.535.261.03; no kernel module is loaded\)" \
	"text: where the driver's version came from"
like "$OUT" "Why CUDA $WANT: the newest release driver 535.261.03 runs natively \(CUDA $WANT ships with driver $(index_of "$WANT" bundled_driver)\)" \
	"text: why this CUDA"
like "$OUT" "CUDA 13.0.2 needs driver 580.65.06 or newer" "text: why not 13.0.2"
like "$ERR" "warning: the NVIDIA driver's libraries \(535.261.03\) are installed but no kernel module is loaded" \
	"text: the missing module is a warning, not 'no driver'"
unlike "$OUT$ERR" "none found" "never 'Driver: none found' when its libraries are there"

cds --root "$R" plan --cuda 13.0.2
is "$RC" 1 "CUDA 13.0.2 on the libraries' driver 535: refused, exit 1"
like "$ERR" "CUDA 13.0.2 needs NVIDIA driver 580.65.06 or newer; the driver here is 535.261.03 \(/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.535.261.03\)" \
	"refused with the driver read from the libraries"
cds --root "$R" plan --cuda 12.9.1 --cudnn none --json
is "$RC:$(jget "$OUT" 'd["releases"][0]["compat"]')" "0:True" \
	"--cuda 12.9.1 asked: planned, flagged as minor version compatibility"
cds --root "$R" plan --cuda 12.9.1 --cudnn none
like "$OUT" "runs on driver 535.261.03 only through minor version compatibility \(it ships with $(index_of 12.9.1 bundled_driver)\)" \
	"text: the flag in words"

# the doctor's own rule agrees: what plan picks, F16 does not refuse
mkdir -p "$R/usr/local/cuda-$WANT/bin" "$R/usr/local/cuda-$WANT/lib64"
printf '{"cuda": {"name": "CUDA SDK", "version": "%s"}}\n' "$WANT" \
	>"$R/usr/local/cuda-$WANT/version.json"
ln -s "cuda-$WANT" "$R/usr/local/cuda"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "'F16'" "doctor does not refuse the toolkit plan picks"
rm -rf "$R/usr/local/cuda" "$R/usr/local/cuda-$WANT"

# ---- a loaded module wins over the libraries' name -------------------
mkdir -p "$R/proc/driver/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.95.05  Thu Jan 1 00:00:00 UTC 2025\n' \
	>"$R/proc/driver/nvidia/version"
set -- $(expect 580.95.05)
cds --root "$R" plan --json
is "$(jget "$OUT" 'd["driver"]["version"]+" "+d["driver"]["source"]+" "+str(d["driver"]["no_module"])')" \
	"580.95.05 /proc/driver/nvidia/version False" "a loaded module's version wins"
is "$(jget "$OUT" 'd["releases"][0]["name"]+" "+d["why"]["cuda"]')" "cuda-$1 $2" \
	"driver 580.95.05: CUDA $1 ($2)"

# ---- a driver at the floor of CUDA 12 runs no 12.x natively -----------
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  525.60.13  Thu Jan 1 00:00:00 UTC 2023\n' \
	>"$R/proc/driver/nvidia/version"
set -- $(expect 525.60.13)
cds --root "$R" plan --json
is "$(jget "$OUT" 'd["releases"][0]["name"]+" "+d["why"]["cuda"]+" "+str(d["releases"][0]["compat"])')" \
	"cuda-$1 $2 True" "driver 525.60.13: CUDA $1 through minor version compatibility, not an older major"
cds --root "$R" plan
like "$OUT" "Why CUDA $1: no known release runs natively on driver 525.60.13" "text: said so"
rm -rf "$R/proc/driver"

# ---- a toolkit's stub is no driver ------------------------------------
rm -f "$L/libcuda.so.1"
mkdir -p "$R/opt/cuda/lib64/stubs"
mk_solib "$R/opt/cuda/lib64/stubs/libcuda.so" libcuda.so.1
ln -s libcuda.so "$R/opt/cuda/lib64/stubs/libcuda.so.1"
LD_LIBRARY_PATH=/opt/cuda/lib64/stubs cds --root "$R" plan --json
is "$(jget "$OUT" 'str(d["driver"]["version"])+" "+",".join(d["warnings"])')" \
	"None no-driver" "a stub libcuda.so.1 on the path is no driver"

# ---- no driver at all: as before, planned with a warning --------------
rm -rf "$R/opt/cuda"
cds --root "$R" plan --json
is "$(jget "$OUT" '",".join(d["warnings"])+" "+d["why"]["cuda"]')" \
	"no-driver no-driver" "no driver: the newest release, with the warning"
is "$(jget "$OUT" 'd["releases"][0]["name"]')" "cuda-$(python3 -c 'import json,sys
print(max((r["version"] for r in json.load(open(sys.argv[1]))["releases"] if r["kind"] == "cuda"), key=lambda s: [int(x) for x in s.split(".")]))' "$IDX")" \
	"no driver: the newest known CUDA"

done_testing
