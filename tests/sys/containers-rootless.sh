#!/bin/sh
# Container engines that run in a user namespace (an unprivileged LXC
# container, a rootless session): the container toolkit's hook may not add
# the GPU's devices to a container's device cgroup (libnvidia-container
# #154), unless its no-cgroups is on.  Built for real: doctor runs in a new
# user namespace that maps root to uid 65534 (setpriv, then unshare -U -r),
# with mount and pid namespaces whose own procfs is mounted in the root, so
# /proc/self/uid_map is the kernel's; the root holds docker and the
# toolkit's nvidia-ctk and config.toml; the loaded module's version file is
# on a tmpfs over the procfs's /proc/driver (this machine has no module).
# Outside a user namespace, and with no-cgroups on, nothing is said; explain
# of the hook's message claims the rootless cause only where doctor shows it.
. "$CDS_SRCDIR/tests/lib.sh"
plan 14

if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null 2>&1 ||
	! setpriv --reuid=65534 --regid=65534 --clear-groups \
		unshare -U -r -m -p -f --propagation private true 2>/dev/null; then
	skip 14 "user, mount and pid namespaces need root, setpriv and unshare"
	done_testing
fi
R=$(mk_sysroot); cleanup_later "$R"
chmod 755 "$R"
mkdir -p "$R/usr/bin" "$R/etc/nvidia-container-runtime" "$R/tmp"
chmod 1777 "$R/tmp"
for p in docker dockerd nvidia-ctk nvidia-container-cli; do
	printf '#!/bin/sh\nexit 0\n' >"$R/usr/bin/$p"
	chmod 755 "$R/usr/bin/$p"
done
# the toolkit's shipped config.toml, its [nvidia-container-cli] section as
# nvidia-ctk config writes it (no-cgroups off)
cfg() {
	printf '[nvidia-container-cli]\nenvironment = []\nldconfig = "@/sbin/ldconfig.real"\nload-kmods = true\nno-cgroups = %s\n' \
		"$1" >"$R/etc/nvidia-container-runtime/config.toml"
}
cfg false
VERSION_LINE='NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Thu Feb 22 01:44:30 UTC 2024'
SETUP="mount -t proc proc '$R/proc'; mount -t tmpfs tmpfs '$R/proc/driver'
mkdir '$R/proc/driver/nvidia'
printf '%s\\n' '$VERSION_LINE' >'$R/proc/driver/nvidia/version'"
# ns MODE ARGS...: cds --root R ARGS... in the namespaces of MODE (host:
# mount and pid only; userns: a user namespace too)
ns() {
	_mode=$1
	shift
	_o=$(mktemp) _e=$(mktemp)
	chmod 666 "$_o" "$_e"
	if [ "$_mode" = userns ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			unshare -U -r -m -p -f --propagation private sh -ec "$SETUP
exec \"\$@\"" ns env HOME=/tmp "$CDS_BIN" --root "$R" "$@" \
			>"$_o" 2>"$_e" </dev/null
	else
		unshare -m -p -f --propagation private sh -ec "$SETUP
exec \"\$@\"" ns env HOME=/tmp "$CDS_BIN" --root "$R" "$@" \
			>"$_o" 2>"$_e" </dev/null
	fi
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
}
ids() { finding_ids "$OUT"; }
ct() { jget "$OUT" 'd["container"]'"$1"; }
MSG='nvidia-container-cli: mount error: failed to add device rules: unable to find any existing device filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not permitted: unknown.'

# ---- no user namespace: the kernel's identity map ------------------------
ns host doctor --json
is "$(ct "['runtime']"), $(ct "['rootless']")" "none, False" "a host with docker: not rootless"
unlike "$(ids)" "CTR-ROOTLESS" "no CTR-ROOTLESS"
ns host explain --json "$MSG"
is "$(jget "$OUT" 'd["id"], d["side"], d["cause_here"]')" "('CTR-ROOTLESS', 'host', None)" \
	"explain: the rootless cause listed, not claimed"

# ---- in a user namespace, no-cgroups off ---------------------------------
ns userns doctor --json
is "$(ct "['rootless']")" True "uid_map maps root elsewhere: rootless"
like "$(ids)" "CTR-ROOTLESS" "CTR-ROOTLESS"
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "CTR-ROOTLESS"]')" "['warning']" "a warning (CDI would still work)"
is "$(evidence "$OUT" CTR-ROOTLESS 'user namespace')" "['/proc/self/uid_map maps root to uid 65534']" \
	"the kernel's map is the evidence"
is "$(evidence "$OUT" CTR-ROOTLESS '/etc/nvidia-container-runtime/config.toml')" "['[nvidia-container-cli] no-cgroups = false']" \
	"the toolkit's setting"
like "$(fix_command "$OUT" CTR-ROOTLESS)" "nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place.*--device nvidia.com/gpu=all" \
	"the fix: no-cgroups, or CDI"
ns userns explain --json "$MSG"
is "$(jget "$OUT" 'd["id"], d["side"]')" "('CTR-ROOTLESS', 'host')" "explain: the hook's message, fixed here"
like "$(jget "$OUT" 'd["cause_here"]')" "a rootless engine with the toolkit's no-cgroups off" \
	"... and the rootless cause claimed, as doctor shows it"

# ---- no-cgroups on: the hook leaves the cgroup alone ---------------------
cfg true
ns userns doctor --json
unlike "$(ids)" "CTR-ROOTLESS|CTK-NO-CGROUPS" \
	"no-cgroups on in a user namespace: nothing (no rootful docker here either)"
ns userns explain --json "$MSG"
is "$(jget "$OUT" 'd["cause_here"]')" None "explain: no cause claimed"
# outside the user namespace the same setting breaks a rootful docker
ns host doctor --json
like "$(ids)" "CTK-NO-CGROUPS" "... while a host's docker gets CTK-NO-CGROUPS"
done_testing
