#!/bin/sh
# doctor on roots built with debootstrap from Debian's own packages (see
# the real-world corpus; $CDS_TEST_CACHE/roots, default /var/cache/cudnn-setup-tests/
# roots), from outside with --root and, where this runs as root with
# unshare(1), inside the root (chroot with a private /proc, /dev and /tmp;
# the host's /dev is never bound: NVIDIA's library creates /dev/nvidiactl
# as root).  Each root is skipped, saying why, when it is not there.
#   bookworm-nvidia: libcuda1/libnvidia-ml1 535 through Debian's
#     /etc/alternatives chain, no kernel module, no GPU; the CUDA 11.8
#     toolkit (nvcc in /usr/bin, libraries in /usr/lib/x86_64-linux-gnu);
#     a CPU-only python3-torch 1.13.
#   trixie-torch-cuda: libcuda1 550, python3-torch-cuda 2.6 (CUDA 12.4,
#     `cuda: Optional[str] = '12.4'`), python3-onnxruntime (no CUDA
#     provider), the CUDA 12.4 toolkit, merged /usr.
# The facts must be the same both ways, apart from what only a running
# child can know (cuInit, NVML, cuDriverGetVersion), which is labelled.
. "$CDS_SRCDIR/tests/lib.sh"
plan 42

SYSPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# the doctor run from outside: the target's environment of a login there
outside() {	# outside ROOT ARGS...
	_r=$1; shift
	_o=$(mktemp) _e=$(mktemp)
	env_i PATH=$SYSPATH HOME=/root LC_ALL=C CDS_DATADIR="$CDS_DATADIR" \
		"$CDS_BIN" --root "$_r" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	rm -f "$_o" "$_e"
}

# facts JSON: doctor --json without what only a running child can know,
# and without the findings' evidence lines that carry it
facts() {
	printf '%s' "$1" | python3 -c 'import json, sys
d = json.load(sys.stdin)
live = ("probed", "probe_error", "cuda_version", "init_error", "devices",
        "nvml_init", "nvml_error")
for k in live:
    d["driver"].pop(k, None)
d["cuda"].pop("driver_supports", None)
d.pop("elapsed_ms", None)
d.pop("root", None)
d.pop("index", None)	# the index the program reads: where it was copied to
f = [(x["id"], x["severity"], x["title"],
      [e for e in x["evidence"] if e["key"] not in
       ("cuInit", "nvmlInit", "running kernel", "driver supports")])
     for x in d.pop("findings") if x["id"] != "F30"]
print(json.dumps(d, sort_keys=True))
print(json.dumps(f))'
}

# ---- bookworm -------------------------------------------------------------
B=$(real_root bookworm-nvidia)
if [ ! -d "$B/usr/lib/x86_64-linux-gnu" ]; then
	skip 20 "no Debian bookworm root at $B (tests/realworld/mkroot.sh could not build it here)"
else
	outside "$B" doctor --json
	BJ=$OUT
	is "$RC" 1 "bookworm, --root: exit 1 (CUDA cannot run there)"
	is "$(finding_ids "$BJ")" "['NO-MODULE', 'F30']" \
		"bookworm: NO-MODULE, the one error (and F30's note: the driver's CUDA read from libcuda's banner)"
	is "$(jget "$BJ" '(d["cuda"]["driver_supports"], [e["value"] for f in d["findings"] if f["id"] == "F30" for e in f["evidence"] if e["key"] == "read by"])')" \
		"('12.2', [\"libcuda's PTX compiler banner in /usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.535.261.03 (no child asked the library)\"])" \
		"bookworm, --root: the driver's CUDA 12.2, read from the file and said so"
	# a program built for CUDA 8.0: the build to take instead is one for
	# a CUDA within what this driver says it runs (12.2), not the newest
	# release its minimum driver would allow
	outside "$B" --manifest "$CDS_SRCDIR/manifests/index.json" explain --json \
		"ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory"
	like "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"]]')" \
		"build for CUDA 12 \\(CUDA 12\\.[0-2]\\.[0-9]+ is the newest this driver runs\\)" \
		"bookworm: explain of libcudart.so.8.0 offers a CUDA 12 within 12.2"
	is "$(jget "$BJ" 'd["driver"]["state"]')" libraries-without-module \
		"bookworm: driver state libraries-without-module"
	is "$(jget "$BJ" '(d["driver"]["version"], d["driver"]["version_source"])')" \
		"('535.261.03', 'libcuda.so.1')" "bookworm: the driver's version, from libcuda's file name"
	is "$(jget "$BJ" 'd["driver"]["libcuda_realpath"]')" \
		/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.535.261.03 \
		"bookworm: libcuda.so.1 through /etc/alternatives, inside the root"
	is "$(jget "$BJ" 'd["driver"]["nvml_version"]')" 535.261.03 "bookworm: NVML's version"
	is "$(jget "$BJ" '(d["driver"]["probed"], d["driver"]["probe_error"])')" \
		"(False, '--root')" "bookworm, --root: the JSON says the child did not run"
	is "$(titles "$BJ" NO-MODULE)" "['NVIDIA driver libraries 535.261.03 are installed but no kernel module is loaded: CUDA cannot run']" \
		"bookworm: NO-MODULE's title"
	is "$(evidence "$BJ" NO-MODULE packages)" "['libcuda1:amd64, libnvidia-ml1:amd64 (dpkg)']" \
		"bookworm: the owning packages"
	like "$(fix_command "$BJ" NO-MODULE)" "apt-get install .*nvidia-kernel-dkms=535\\.261\\.03-" \
		"bookworm: the fix installs Debian's module package of the same version"
	is "$(jget "$BJ" '[(p["name"], p["cuda"], p["cpu_only"], p["cuda_source"]) for p in d["system_packages"] if p["name"] == "torch"]')" \
		"[('torch', None, True, 'torch/version.py')]" "bookworm: torch 1.13 is CPU-only (cuda = None)"
	is "$(jget "$BJ" '[(t["realpath"], t["version"], t["libdir"], t["runtime"], t["nvcc"]) for t in d["toolkits"]]')" \
		"[('/usr', '11.8', '/usr/lib/x86_64-linux-gnu', True, True)]" \
		"bookworm: Debian's toolkit, its multiarch library dir and runtime; /bin/nvcc is not a second one"
	if ! can_chroot; then
		skip 6 "not root or no unshare(1): no chroot"
	else
		in_chroot "$B" -- doctor --json
		BI=$OUT
		is "$RC" 1 "bookworm, inside: exit 1"
		is "$(finding_ids "$BI")" "['NO-MODULE', 'F30']" "bookworm, inside: NO-MODULE (and F30's note from cuDriverGetVersion)"
		is "$(jget "$BI" '(d["driver"]["probed"], d["driver"]["init_error"], d["driver"]["nvml_error"])')" \
			"(True, 100, 'Driver Not Loaded')" "bookworm, inside: cuInit 100, NVML Driver Not Loaded"
		is "$(evidence "$BI" NO-MODULE cuInit)" \
			"['error 100 (CUDA_ERROR_NO_DEVICE) (in a child process that loaded /lib/x86_64-linux-gnu/libcuda.so.1)']" \
			"bookworm, inside: the child's cuInit, labelled"
		is "$(facts "$BI")" "$(facts "$BJ")" "bookworm: the same facts inside and with --root"
		in_chroot "$B" -- doctor
		like "$OUT" "NVIDIA driver libraries 535.261.03 are installed but no kernel" \
			"bookworm, inside: the text says it"
	fi
fi

# ---- trixie ---------------------------------------------------------------
T=$(real_root trixie-torch-cuda)
if [ ! -d "$T/usr/lib/x86_64-linux-gnu" ]; then
	skip 18 "no Debian trixie root at $T (tests/realworld/mkroot.sh could not build it here)"
else
	outside "$T" doctor --json
	TJ=$OUT
	is "$RC" 1 "trixie, --root: exit 1"
	like "$(finding_ids "$TJ")" "'NO-MODULE'" "trixie: NO-MODULE"
	is "$(jget "$TJ" '(d["driver"]["state"], d["driver"]["version"])')" \
		"('libraries-without-module', '550.163.01')" "trixie: libcuda 550 found through the alternatives chain"
	is "$(jget "$TJ" 'd["driver"]["libcuda"]')" /lib/x86_64-linux-gnu/libcuda.so.1 \
		"trixie: through the merged /usr's /lib first, as ld.so.conf orders it"
	is "$(jget "$TJ" 'len(d["loader"]["search"]) >= 4')" True \
		"trixie: the loader's search order is not empty (/lib -> usr/lib)"
	is "$(jget "$TJ" '[(p["version"], p["cuda"], p["cuda_source"]) for p in d["system_packages"] if p["name"] == "torch"]')" \
		"[('2.6.0+debian', '12.4', 'torch/version.py')]" "trixie: Debian's torch 2.6, CUDA 12.4 from its annotated version.py"
	is "$(jget "$TJ" '[(p["cuda"], p["cpu_only"]) for p in d["system_packages"] if p["name"] == "onnxruntime"]')" \
		"[(None, True)]" "trixie: Debian's onnxruntime has no CUDA provider: CPU-only"
	is "$(jget "$TJ" '[(t["realpath"], t["version"], t["libdir"], t["runtime"]) for t in d["toolkits"]]')" \
		"[('/usr', '12.4', '/usr/lib/x86_64-linux-gnu', True)]" "trixie: Debian's CUDA 12.4 toolkit"
	like "$(fix_command "$TJ" NO-MODULE)" "nvidia-kernel-dkms=550\\.163\\.01-" \
		"trixie: the module package of the libraries' version"
	outside "$T" doctor
	like "$OUT" "CPU-only +onnxruntime 1\\.21" "trixie, text: onnxruntime CPU-only"
	like "$OUT" "12\\.4 +torch 2\\.6\\.0\\+debian" "trixie, text: torch's CUDA 12.4, not ?"
	unlike "$OUT" "runtime: no" "trixie, text: the toolkit has its runtime"
	if ! can_chroot; then
		skip 6 "not root or no unshare(1): no chroot"
	else
		in_chroot "$T" -- doctor --json
		TI=$OUT
		is "$RC" 1 "trixie, inside: exit 1"
		like "$(finding_ids "$TI")" "'NO-MODULE'" "trixie, inside: NO-MODULE"
		is "$(jget "$TI" '(d["driver"]["init_error"], d["driver"]["nvml_init"])')" \
			"(100, 9)" "trixie, inside: cuInit 100, nvmlInit 9"
		is "$(facts "$TI")" "$(facts "$TJ")" "trixie: the same facts inside and with --root"
		in_chroot "$T" -- doctor
		like "$OUT" "nvmlInit +9 +Driver Not Loaded" "trixie, inside, text: NVML's words"
		like "$OUT" "cuInit +100 " "trixie, inside, text: cuInit's result"
	fi
fi

# ---- apt's refusal of NVIDIA's packages, against apt's own lists ----------
# explain of apt's "Depends: libcuda1 (= V) but W is to be installed" on
# a root made of bookworm-nvidia's dpkg status and apt lists (libcuda1
# 535.261.03-1 installed and offered), then with trixie's non-free list
# beside them (550.163.01-2 offered too), then with no lists at all
# (apt-get update never run, as container images are)
apt_ids() {	# the cause explain finds (0: the first), MSG-PKG's evidence and fixes
	jget "$OUT" '(d.get("verdict"), [(e["key"], e["value"]) for f in d["findings"] if f["id"] == "MSG-PKG" for e in f["evidence"] if e["key"] in ("state", "installed", "asked for")], [c["command"] for f in d["findings"] if f["id"] == "MSG-PKG" for c in f.get("fixes", [])])'
}
if [ ! -f "$B/var/lib/dpkg/status" ] || [ ! -f "$T/var/lib/dpkg/status" ]; then
	skip 4 "no Debian bookworm and trixie roots (tests/realworld/mkroot.sh could not build them here)"
else
	A=$(mktemp -d); cleanup_later "$A"
	mkdir -p "$A/var/lib/dpkg" "$A/var/lib/apt/lists"
	cp "$B/var/lib/dpkg/status" "$A/var/lib/dpkg/status"
	cp "$B"/var/lib/apt/lists/*non-free_binary-amd64_Packages "$A/var/lib/apt/lists/"
	M="nvidia-driver : Depends: libcuda1 (= 550.163.01-2) but 535.261.03-1 is to be installed"
	outside "$A" explain --json "$M"
	is "$(apt_ids)" "(1, [('state', 'version asked for offered by no list'), ('installed', 'libcuda1 535.261.03-1 (dpkg: installed)'), ('asked for', 'libcuda1 (= 550.163.01-2): no list here offers it')], ['apt-cache policy libcuda1'])" \
		"apt: the version asked for is in no list here: cause 2 (a repository behind what depends on it)"
	cp "$T"/var/lib/apt/lists/*non-free_binary-amd64_Packages "$A/var/lib/apt/lists/"
	outside "$A" explain --json "$M"
	is "$(apt_ids)" "(0, [('state', 'several versions offered'), ('installed', 'libcuda1 535.261.03-1 (dpkg: installed)'), ('asked for', 'libcuda1 (= 550.163.01-2)')], ['apt-cache policy libcuda1', 'sudo apt-get install libcuda1=550.163.01-2'])" \
		"apt: bookworm's and trixie's lists offer two versions: cause 1, apt's command for the one asked for"
	outside "$A" explain --json "E: Unable to locate package nvidia-graphics-drivers-555"
	is "$(jget "$OUT" 'd.get("verdict")')" 2 "apt: a package no list here has: cause 3"
	rm -f "$A"/var/lib/apt/lists/*
	outside "$A" explain --json "$M"
	is "$(jget "$OUT" '(d.get("verdict"), [f["id"] for f in d["findings"] if f["id"] == "MSG-PKG"])')" \
		"(None, [])" "apt without lists: nothing said of what it offers, no cause claimed"
fi

done_testing
