#!/bin/sh
# plan, doctor and repair on roots built by debootstrap from Debian's own
# packages (read only; SKIP when they are absent):
#  - bookworm: libcuda1 535 without a kernel module, CUDA 11.8, CPU torch:
#    plan takes the driver from its libraries and plans only what 535
#    runs, natively; doctor and repair find nothing to mend;
#  - trixie: python3-torch-cuda 2.6 whose nvidia-cudnn could not download:
#    doctor's F13 says why import torch fails (libtorch_cuda needs
#    libcudnn.so.9; the dangling libcudnn.so; nvidia-cudnn half-configured)
#    in well under a second of CPU; repair names dpkg's command, or with
#    --cudnn 9 plans cuDNN 9 alone for Debian's CUDA 12.4.
# Each is run from outside (--root) and, where this machine can, inside
# the root (a private mount namespace: proc, a tmpfs /dev and /tmp, never
# the host's /dev); the two must agree.
. "$CDS_SRCDIR/tests/lib.sh"
plan 21

BW=$(real_root bookworm-nvidia)
TX=$(real_root trixie-torch-cuda)
IDX=$CDS_DATADIR/manifests/index.json
export HOME=/root

# inside ROOT ARGS...: the program run in ROOT (chroot), as cds does,
# with the test index
inside() {
	_r=$1
	shift
	in_chroot "$_r" PATH=/usr/bin:/bin NO_COLOR=1 -- \
	    --manifest /tmp/cds/manifests/index.json "$@"
}
# the release names of a plan --json in $OUT
names() { jget "$OUT" '" ".join(r["name"] for r in d["releases"])'; }
vers() { python3 -c 'import sys; print([int(x) for x in sys.argv[1].split(".")])' "$1"; }

# ---- bookworm: driver 535 libraries, no module ------------------------------
if [ -f "$BW/var/lib/dpkg/status" ]; then
	cds --root "$BW" plan --json
	drv=$(jget "$OUT" 'd["driver"]["version"]')
	like "$drv" "^535\." "bookworm: the driver's version from libcuda1's library ($drv)"
	is "$(jget "$OUT" 'str(d["driver"]["no_module"])+" "+d["why"]["cuda"]')" \
		"True native" "bookworm: no module; the CUDA release is one 535 runs natively"
	is "$(jget "$OUT" 'all([int(x) for x in r[k].split(".")] <= '"$(vers "$drv")"' for r in d["releases"] for k in ("min_driver", "bundled_driver") if r.get(k))')" \
		True "bookworm: every planned release's minimum and bundled drivers are met"
	unlike "$(names)" "cuda-13" "bookworm: never CUDA 13, which needs 580"
	P1=$(names)
	cds --root "$BW" doctor --json
	is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] == "error" and f["id"] == "F13"]')" \
		"[]" "bookworm: CPU torch: no consumer misses a CUDA library"
	cds --root "$BW" repair --dry-run --json
	is "$(jget "$OUT" 'str(d["system"])+" "+str(len(d["operations"]))+" "+str(d["install"])')" \
		"True 0 None" "bookworm: repair of the system's Python: nothing to change"
	if can_chroot; then
		inside "$BW" plan --json
		is "$RC:$(names)" "0:$P1" "bookworm inside the root: the same plan"
		is "$(jget "$OUT" 'd["driver"]["version"]')" "$drv" \
			"bookworm inside: the same driver version"
	else
		skip 2 "cannot run inside the root here (needs root and unshare)"
	fi
else
	skip 8 "no bookworm root at $BW"
fi

# ---- trixie: torch's cuDNN never arrived -----------------------------------
if [ -f "$TX/var/lib/dpkg/status" ]; then
	cds --root "$TX" doctor --json
	cpu=$(python3 - "$CDS_BIN" "$TX" <<'PY'
import resource, subprocess, sys
def used():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
before = used()
subprocess.run([sys.argv[1], "--root", sys.argv[2], "doctor"],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.2f" % (used() - before))
PY
)
	diag "trixie: doctor used $cpu s of CPU"
	is "$RC" 1 "trixie: doctor exits 1"
	is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "F13"])')" 1 \
		"trixie: one F13 for the one cause"
	like "$(titles "$OUT" F13)" "libtorch_cuda.so.2.6.0 of torch 2.6.0\+debian \(system Python\) needs libcudnn.so.9" \
		"trixie: F13 says why import torch fails"
	is "$(evidence "$OUT" F13 'Python says')" \
		"['ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory']" \
		"trixie: the error import torch prints"
	like "$(evidence "$OUT" F13 'dangling link')" "/usr/lib/x86_64-linux-gnu/libcudnn.so -> libcudnn.so.9" \
		"trixie: the dangling link nvidia-cudnn left"
	like "$(evidence "$OUT" F13 'package')" "nvidia-cudnn 9\.0\.0\.312~cuda12 .*\(dpkg: half-configured\)" \
		"trixie: the package that should provide it, and its state"
	like "$(fix_command "$OUT" F13)" "^sudo dpkg --configure -a" "trixie: dpkg's command"
	is "$(python3 -c 'import sys; print(float(sys.argv[1]) < 1.0)' "$cpu")" True \
		"trixie: doctor well under a second of CPU ($cpu s)"
	cds --root "$TX" repair --dry-run --json
	is "$(jget "$OUT" '" | ".join(o["op"]+" "+o["path"]+" "+o["command"] for o in d["operations"])+" "+str(d["install"])')" \
		"package /usr/lib/x86_64-linux-gnu/libcudnn.so.9 sudo dpkg --configure -a None" \
		"trixie: repair of the system's Python is dpkg's command, nothing else"
	cds --root "$TX" repair --prefix /usr --dry-run --json
	is "$(jget "$OUT" 'str(d["system"])+" "+d["operations"][0]["op"]')" "True package" \
		"trixie: --prefix /usr is the system's Python"
	cds --root "$TX" repair --cudnn 9 --dry-run --json
	is "$(jget "$OUT" '" ".join(r["kind"]+":"+(r["variant"] or "") for r in d["install"]["releases"])')" \
		"cudnn:cuda12" "trixie: --cudnn 9: cuDNN 9 for CUDA 12 alone, Debian's cuBLAS kept"
	like "$(jget "$OUT" '" ".join(o["path"] for o in d["operations"])')" \
		"/etc/ld.so.conf.d/cudnn-setup-cudnn-9\.[0-9.]+-cuda12\.conf /etc/ld.so.cache" \
		"trixie: wired with ld.so.conf.d and ldconfig"
	if can_chroot; then
		inside "$TX" doctor --json
		like "$(titles "$OUT" F13)" "libtorch_cuda.so.2.6.0 of torch 2.6.0\+debian \(system Python\) needs libcudnn.so.9" \
			"trixie inside the root: the same F13"
	else
		skip 1 "cannot run inside the root here (needs root and unshare)"
	fi
else
	skip 13 "no trixie root at $TX"
fi

done_testing
