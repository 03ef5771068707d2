#!/bin/sh
# The Ansible collection (ui/ansible) on a fleet: built and installed with
# ansible-galaxy, then its role run with forks 5 (strategy free) on five
# hosts at once:
#   bare     local, its own --root, no driver: CUDA 12.4.1 + cuDNN 9.3.0
#   drv550   local, its own --root, driver 550.54.15: for torch==2.6.0
#   conda    local, its own --root, a conda env whose pip cuDNN 8 needs
#            repair; CUDA 12.6.3 then 12.4.1 without cuDNN, and 12.4.1
#            made the default
#   ssh-a    a real host over SSH: a network namespace made here (veth,
#            10.x addresses on a /30, sshd on the namespace's address with
#            a host key and an authorized key made here), with its own
#            mount namespace in which a directory of its own is bound over
#            the fleet's host directory (program, prefix, textfiles): the
#            program from the portable tarball (tools/portable.sh), a file
#            on the controller (and, in check mode, the .deb by its URL:
#            the role's choice on the Debian family)
#   ssh-b    the same in a second namespace: the portable tarball by its
#            https URL (on the mirror), CUDA 12.6.3 + cuDNN 9.3.0, verify
#            against the GPU test doubles
# and, for one check each: noprog (--check where the program is not
# installed yet), down (its mirror is down), shared-1 and shared-2 (one
# prefix).  Archives come from a real nginx with TLS from a test CA,
# listening on 127.0.0.1 and on this side of each veth pair (nothing
# outside this machine is reached).  Checked: --check on fresh hosts
# writes nothing (every tree hashed before and after) and says what would
# change; the first run is `changed` on every host; the second
# `changed=0` everywhere; a host whose mirror is down fails with the code
# and message (retried, as exit status 3 is retryable) while the others
# finish; two hosts sharing one prefix are serialised by its lock and both
# succeed; the textfiles hold cudnn_setup_verify_ok with the versions;
# system: true writes the system files once (in check mode, nothing);
# state=absent takes a release and a repair back.
# SKIPs only where namespaces cannot be made (not root, no `ip netns`, no
# mount namespace) or the tools are missing (.ci/deps installs them).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
NTESTS=73

why=""
if [ "$(id -u)" -ne 0 ]; then
	why="not root: network and mount namespaces cannot be made"
elif ! ip netns list >/dev/null 2>&1; then
	why="ip netns is not available (iproute2)"
else
	for t in ansible-playbook ansible-galaxy sshd ssh ssh-keygen unshare \
	    flock; do
		if ! command -v "$t" >/dev/null 2>&1 &&
		    [ ! -x "/usr/sbin/$t" ]; then
			why="$t is not installed (.ci/deps installs it)"
			break
		fi
	done
	have_nginx || why="nginx or openssl is not installed"
fi
if [ -n "$why" ]; then
	echo "1..0 # SKIP $why"
	exit 0
fi
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
# the helpers' python3 is the one Ansible runs with (its own interpreter,
# not a wrapper that may come first on PATH)
PYDIR=$(sed -n '1s/^#! *\(\/[^ ]*\)\/python3.*/\1/p' "$(command -v ansible-playbook)")
[ -n "$PYDIR" ] && [ -x "$PYDIR/python3" ] && PATH=$PYDIR:$PATH

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-fleet-XXXXXX")
chmod 755 "$T"
NS_A="" NS_B="" SSHD_PIDS="" holder=""
fleet_cleanup() {
	[ -n "$holder" ] && [ -d "$T" ] && touch "$T/letgo"
	# Ansible's SSH connections stay open a while: close them
	for _s in "$T"/cp/*; do
		[ -S "$_s" ] && ssh -o ControlPath="$_s" -O exit cds-fleet \
			>/dev/null 2>&1
	done
	for _p in $SSHD_PIDS $holder; do
		kill "$_p" 2>/dev/null
		wait "$_p" 2>/dev/null
	done
	for _n in $NS_A $NS_B; do
		ip netns del "$_n" 2>/dev/null
		ip link del "${_n}h" 2>/dev/null
	done
	fix_stop_all
	rm -rf "$T"
}
FIX_TRAPPED=1
trap fleet_cleanup EXIT
trap 'fleet_cleanup; exit 130' INT TERM

# a namespace with no way out but its veth pair: NS H N (this side's
# address, the namespace's), a /30 of 10.x
mk_netns() {
	ip netns add "$1" &&
	ip link add "${1}h" type veth peer name "${1}n" &&
	ip link set "${1}n" netns "$1" &&
	ip addr add "$2/30" dev "${1}h" &&
	ip link set "${1}h" up &&
	ip -n "$1" addr add "$3/30" dev "${1}n" &&
	ip -n "$1" link set "${1}n" up &&
	ip -n "$1" link set lo up
}

# two /30s no interface here uses yet
pick_net() {
	_i=0
	while [ $_i -lt 50 ]; do
		_n=10.$(($(od -An -N1 -tu1 /dev/urandom) % 200 + 20)).$(($(od -An -N1 -tu1 /dev/urandom) % 250))
		if ! ip -4 -o addr | grep -q " $_n\."; then
			echo "$_n"
			return 0
		fi
		_i=$((_i + 1))
	done
	return 1
}

start=$(date +%s)
NET=$(pick_net) || { echo "1..0 # SKIP no free 10.x network"; exit 0; }
NS_A=cdsfa$$ NS_B=cdsfb$$
H_A=$NET.1 N_A=$NET.2 H_B=$NET.5 N_B=$NET.6
if ! mk_netns "$NS_A" "$H_A" "$N_A" 2>"$T/netns.err" ||
    ! mk_netns "$NS_B" "$H_B" "$N_B" 2>>"$T/netns.err"; then
	echo "1..0 # SKIP network namespaces cannot be made: $(head -1 "$T/netns.err")"
	exit 0
fi
# and a mount namespace inside one, with a directory bound in it
mkdir -p "$T/probe/a" "$T/probe/b"
if ! ip netns exec "$NS_A" unshare -m --propagation private sh -c \
    'mount --bind "$1" "$2"' sh "$T/probe/a" "$T/probe/b" \
    >"$T/netns.err" 2>&1; then
	echo "1..0 # SKIP mount namespaces cannot be made: $(head -1 "$T/netns.err")"
	exit 0
fi
# the program as the release ships it: the portable tarball (built once
# per source tree and cached, as tests/sys/package-portable.sh does)
mkdir -p "$T/portable"
PTGZ=$(portable_tgz "$T/portable")
rc=$?
if [ $rc -ne 0 ]; then
	echo "1..0 # SKIP the portable tarball cannot be built here (status" \
	    "$rc): $(tail -n 1 "$T/portable/build.log")"
	exit 0
fi
plan $NTESTS

# ---- the mirror: archives in NVIDIA's layout, over TLS -------------------
mirror "$T/mirror"
NGX_EXTRA_ADDRS="$H_A $H_B" ngx_serve "$T/mirror" || {
	ok 1 "$NGX_WHY"
	done_testing
}

# ---- the local hosts: one root each ---------------------------------------
mk_root() {
	_r=$T/$1
	mkdir -p "$_r/etc" "$_r/usr/lib/x86_64-linux-gnu" "$_r/proc" \
		"$_r/sys/module" "$_r/home/user" "$_r/tmp" \
		"$_r/var/lib/prometheus/node-exporter"
	: >"$_r/etc/ld.so.conf"
	echo "$_r"
}
R1=$(mk_root bare)
R2=$(mk_root drv550)
R3=$(mk_root conda)
R4=$(mk_root down)
R5=$(mk_root shared)
# the driver 550: the kernel module's version and its libcuda
mkdir -p "$R2/proc/driver/nvidia" "$R2/sys/module/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Jan 1 00:00:00 UTC 2024\n' \
	>"$R2/proc/driver/nvidia/version"
echo 550.54.15 >"$R2/sys/module/nvidia/version"
mk_solib "$R2/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15" libcuda.so.1
ln -s libcuda.so.550.54.15 "$R2/usr/lib/x86_64-linux-gnu/libcuda.so.1"
# a conda env whose pip cuDNN 8 has no .so links and no activation
ENV3=/home/user/miniconda3/envs/dl310
mkdir -p "$R3/home/user/miniconda3/conda-meta" "$R3$ENV3/conda-meta" \
	"$R3$ENV3/lib/python3.10/site-packages/nvidia_cudnn_cu12-8.9.7.29.dist-info"
mk_cudnn8 "$R3$ENV3/lib/python3.10/site-packages/nvidia/cudnn/lib" 8.9.7 wheel

# ---- the SSH hosts ----------------------------------------------------------
# $T/hostfs is where each SSH host keeps its program, prefix and textfile;
# in each host's mount namespace its own directory is bound over it.
HF=$T/hostfs
mkdir -p "$HF" "$T/ssh-a/textfile" "$T/ssh-b/textfile" "$T/ssh-b/bin" \
	"$T/rtmp" "$T/noprog/bin"
ssh-keygen -q -t ed25519 -N '' -C cds-fleet-host -f "$T/hostkey"
ssh-keygen -q -t ed25519 -N '' -C cds-fleet-user -f "$T/userkey"
cp "$T/userkey.pub" "$T/authorized_keys"
printf '%s %s\n%s %s\n' "$N_A" "$(cat "$T/hostkey.pub")" \
	"$N_B" "$(cat "$T/hostkey.pub")" >"$T/known_hosts"
# sshd's privilege separation directory (Debian's service makes it)
[ -d /run/sshd ] || mkdir -p /run/sshd
start_sshd() {
	# start_sshd NS ADDR VIEW
	cat >"$T/sshd-$1.conf" <<EOF
ListenAddress $2:22
HostKey $T/hostkey
AuthorizedKeysFile $T/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $T/sshd-$1.pid
Subsystem sftp internal-sftp
EOF
	ip netns exec "$1" unshare -m --propagation private sh -c \
		'mount --bind "$1" "$2" && exec "$3" -D -e -f "$4"' sh \
		"$3" "$HF" "$SSHD" "$T/sshd-$1.conf" >"$T/sshd-$1.log" 2>&1 &
	SSHD_PIDS="$SSHD_PIDS $!"
}
start_sshd "$NS_A" "$N_A" "$T/ssh-a"
start_sshd "$NS_B" "$N_B" "$T/ssh-b"
sshq() {
	ssh -F /dev/null -i "$T/userkey" -o IdentitiesOnly=yes \
		-o UserKnownHostsFile="$T/known_hosts" -o BatchMode=yes \
		-o ConnectTimeout=5 "root@$1" "$2"
}
for h in "$N_A" "$N_B"; do
	i=0
	until sshq "$h" true 2>/dev/null || [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
done
is "$(sshq "$N_A" "ip -4 -o addr show scope global | awk '{print \$4}'")" \
	"$N_A/30" "ssh-a: a real sshd inside its network namespace"
echo a >"$T/ssh-a/whoami"
echo b >"$T/ssh-b/whoami"
is "$(sshq "$N_A" "cat '$HF/whoami'") $(sshq "$N_B" "cat '$HF/whoami'")" \
	"a b" "each SSH host sees its own directory at the same path"
check "and this machine sees neither there" test ! -e "$HF/whoami"

# the portable tarball on the mirror too, for ssh-b's URL; and the .deb
# (built once per source tree, as tests/sys/package-deb.sh does)
mkdir -p "$T/mirror/dist" "$T/deb" && cp "$PTGZ" "$T/mirror/dist/"
ok $? "the portable tarball $(basename "$PTGZ") on the controller and the mirror"
DEB=$(deb_built "$T/deb") && cp "$DEB" "$T/mirror/dist/"
# the GPU test doubles (tests/fixtures/fake-libcuda.c, fake-libcudnn.c)
mk_gpu_doubles "$T/doubles" >"$T/doubles.log" 2>&1
ok $? "the GPU test doubles built"

# ---- the collection ---------------------------------------------------------
# (Ansible needs a UTF-8 locale; the modules give the program LC_ALL=C)
LC_ALL=C.UTF-8 ansible-galaxy collection build "$CDS_SRCDIR/ui/ansible" \
	--output-path "$T/build" >"$T/galaxy.log" 2>&1 &&
LC_ALL=C.UTF-8 ansible-galaxy collection install -p "$T/collections" \
	"$T"/build/cudnn_setup-gpu-*.tar.gz >>"$T/galaxy.log" 2>&1
rc=$?
ok $rc "ansible-galaxy collection build and install"
[ $rc -eq 0 ] || sed 's/^/# /' "$T/galaxy.log"
[ -f "$T/collections/ansible_collections/cudnn_setup/gpu/roles/cudnn_setup/tasks/main.yml" ]
ok $? "the installed collection holds the role"

mkdir -p "$T/ansible-home" "$T/ansible-local"
cat >"$T/ansible.cfg" <<EOF
[defaults]
inventory = $T/inventory.yml
forks = 5
host_key_checking = True
retry_files_enabled = False
interpreter_python = /usr/bin/python3
local_tmp = $T/ansible-local
nocolor = True
[ssh_connection]
pipelining = True
ssh_args = -o ControlMaster=auto -o ControlPersist=120s
control_path = $T/cp/%%h
EOF
mkdir -p "$T/cp"
free=$(free_port)
cat >"$T/inventory.yml" <<EOF
all:
  vars:
    ansible_python_interpreter: /usr/bin/python3
    ansible_remote_tmp: $T/rtmp
    cudnn_setup_manifest: $M
    cudnn_setup_verify_required: false
    cudnn_setup_retry_delay: 0
  children:
    local:
      vars:
        ansible_connection: local
        cudnn_setup_program: $CDS_BIN
        cudnn_setup_textfile_dir: "{{ cudnn_setup_root }}/var/lib/prometheus/node-exporter"
        cudnn_setup_mirrors: ["$NGX_URL/"]
        fleet_env: {CURL_CA_BUNDLE: "$NGX_CA", HOME: /home/user}
      hosts:
        bare:
          cudnn_setup_root: $R1
          cudnn_setup_installs: [{cuda: 12.4.1, cudnn: 9.3.0}]
        drv550:
          cudnn_setup_root: $R2
          cudnn_setup_installs: [{for: torch==2.6.0}]
        conda:
          cudnn_setup_root: $R3
          cudnn_setup_installs:
            - {cuda: 12.6.3, cudnn: none}
            - {cuda: 12.4.1, cudnn: none}
          cudnn_setup_defaults: [cuda-12.4.1]
          cudnn_setup_repair_envs: [$ENV3]
        down:
          cudnn_setup_root: $R4
          cudnn_setup_installs: [{cuda: 12.4.1, cudnn: 9.3.0}]
          cudnn_setup_mirrors: ["https://127.0.0.1:$free/"]
          cudnn_setup_retries: 1
        noprog:
          cudnn_setup_copy: $CDS_BIN
          cudnn_setup_program: $T/noprog/bin/cudnn-setup
          cudnn_setup_installs: [{cuda: 12.4.1}]
        shared-1:
          cudnn_setup_root: $R5
        shared-2:
          cudnn_setup_root: $R5
    ssh:
      vars:
        ansible_user: root
        ansible_ssh_private_key_file: $T/userkey
        ansible_ssh_common_args: -F /dev/null -o IdentitiesOnly=yes -o UserKnownHostsFile=$T/known_hosts
        cudnn_setup_prefix: $HF/prefix
        cudnn_setup_textfile_dir: $HF/textfile
      hosts:
        ssh-a:
          ansible_host: $N_A
          cudnn_setup_portable: $PTGZ
          cudnn_setup_portable_dest: $HF/opt/cudnn-setup
          cudnn_setup_portable_link: ""
          cudnn_setup_program: $HF/opt/cudnn-setup/cudnn-setup
          cudnn_setup_mirrors: ["https://$H_A:$NGX_PORT/"]
          cudnn_setup_installs: [{cuda: 12.4.1, cudnn: 9.3.0}]
          fleet_env: {CURL_CA_BUNDLE: "$NGX_CA", SSL_CERT_FILE: "$NGX_CA"}
        ssh-b:
          ansible_host: $N_B
          cudnn_setup_portable: https://$H_B:$NGX_PORT/dist/$(basename "$PTGZ")
          cudnn_setup_portable_dest: $HF/opt/cudnn-setup
          cudnn_setup_portable_link: $HF/bin/cudnn-setup
          cudnn_setup_program: $HF/bin/cudnn-setup
          cudnn_setup_mirrors: ["https://$H_B:$NGX_PORT/"]
          cudnn_setup_installs: [{cuda: 12.6.3, cudnn: 9.3.0}]
          cudnn_setup_verify_prefix: $T/doubles/prefix
          cudnn_setup_verify_required: true
          fleet_env: {CURL_CA_BUNDLE: "$NGX_CA", SSL_CERT_FILE: "$NGX_CA", LD_LIBRARY_PATH: $T/doubles/driver}
    fleet:
      hosts:
        bare:
        drv550:
        conda:
        ssh-a:
        ssh-b:
EOF
# strategy free: each host goes through the role at its own pace (the SSH
# hosts' program copies and the dead mirror's retries hold no other back)
cat >"$T/site.yml" <<'EOF'
- name: CUDA and cuDNN on the fleet
  hosts: fleet:down:noprog
  strategy: free
  gather_facts: false
  environment: "{{ fleet_env | default({}) }}"
  roles:
    - role: cudnn_setup.gpu.cudnn_setup
EOF

# ap NAME ARGS...: run ansible-playbook; its results in $T/NAME.jsonl, its
# screen in $T/NAME.out, status in $RC
ap() {
	_n=$1
	shift
	: >"$T/$_n.jsonl"
	env LC_ALL=C.UTF-8 ANSIBLE_CONFIG="$T/ansible.cfg" ANSIBLE_HOME="$T/ansible-home" \
		ANSIBLE_COLLECTIONS_PATH="$T/collections" \
		ANSIBLE_CALLBACK_PLUGINS="$CDS_SRCDIR/tests/fixtures/ansible" \
		ANSIBLE_CALLBACKS_ENABLED=cds_record CDS_RECORD="$T/$_n.jsonl" \
		"$@" >"$T/$_n.out" 2>&1 </dev/null
	RC=$?
	[ "$RC" -eq 0 ] || tail -30 "$T/$_n.out" | sed 's/^/# /'
	return $RC
}
# rq NAME EXPR: EXPR (python) over the run's records: `ev` the task
# results, `st` the stats; helpers changed(host), res(host, task)
rq() {
	python3 - "$T/$1.jsonl" "$2" <<'PY'
import json, sys
ev, st = [], {}
for line in open(sys.argv[1]):
    d = json.loads(line)
    if "stats" in d:
        st = d["stats"]
    else:
        ev.append(d)
def changed(h):
    return st.get(h, {}).get("changed")
def res(h, task):
    r = [e for e in ev if e["host"] == h and e["task"] == task]
    return r[-1] if r else None
def status(h, task):
    r = res(h, task)
    return r["status"] if r else None
v = eval(sys.argv[2])
print(json.dumps(v) if isinstance(v, (list, dict)) else v)
PY
}
hashes() {
	for d in "$R1" "$R2" "$R3" "$T/ssh-a" "$T/ssh-b" "$HF" "$T/noprog"; do
		tree_hash "$d"
	done
}
# the fleet's five, or those given
fleet="bare drv550 conda ssh-a ssh-b"

# ---- the program, from the portable tarball: a file and a URL -------------
# (ssh-b's Python trusts the test CA through SSL_CERT_FILE)
ap program ansible-playbook "$T/site.yml" --limit ssh --tags cudnn_setup_program
is "$RC" 0 "the program installed on the SSH hosts (the role's program tag)"
is "$(rq program '[status(h, "Unpack the cudnn-setup portable tarball") for h in ("ssh-a", "ssh-b")] + [status("ssh-b", "Link the portable cudnn-setup onto PATH")]')" \
	'["changed", "changed", "changed"]' \
	"ssh-a from the tarball on the controller, ssh-b by its URL, linked"
check "ssh-a: the portable program is in its own view" \
    test -x "$T/ssh-a/opt/cudnn-setup/libexec/cudnn-setup"
is "$(sshq "$N_B" "'$HF/bin/cudnn-setup' --version | head -n 1")" \
	"cudnn-setup $(src_version)" "ssh-b: the linked program runs there"
check "and not in this machine's view" test ! -e "$HF/opt/cudnn-setup"
ap program2 ansible-playbook "$T/site.yml" --limit ssh --tags cudnn_setup_program
is "$RC $(rq program2 'sorted(h for h in st if changed(h))')" "0 []" \
	"installed again: nothing changed on either"
# The .deb by its URL: these hosts are of the Debian family, so the role
# takes it (not the tarball) and apt would install it.  In check mode
# only: the SSH hosts' / is this machine's.
if [ -f "$DEB" ]; then
	ap debcheck ansible-playbook "$T/site.yml" --limit ssh-a --check \
	    --tags cudnn_setup_program \
	    -e "cudnn_setup_deb=https://$H_A:$NGX_PORT/dist/$(basename "$DEB")"
	is "$RC $(rq debcheck '[status("ssh-a", t) for t in ("Install the cudnn-setup .deb", "Unpack the cudnn-setup portable tarball")]')" \
	    '0 ["changed", "skipped"]' \
	    "--check with a .deb URL on the Debian family: apt would install it, no tarball"
	check "and nothing was installed" sh -c \
	    '! dpkg-query -W cudnn-setup >/dev/null 2>&1'
else
	skip 2 "the .deb cannot be built here: $(tail -n 1 "$T/deb/build.log")"
fi

# ---- --check on fresh hosts: nothing written ------------------------------
h0=$(hashes)
ap check ansible-playbook "$T/site.yml" --limit fleet,noprog --check --diff
is "$RC" 0 "--check on the fresh fleet: exit 0"
is "$(hashes)" "$h0" "--check wrote nothing on any host (every tree hashed)"
is "$(rq check 'sorted(e["host"] for e in ev if e["task"] == "Install CUDA and cuDNN" and e["status"] == "changed")')" \
	'["bare", "conda", "drv550", "ssh-a", "ssh-b"]' "--check: every host would install"
is "$(rq check '[p for p in res("bare", "Install CUDA and cuDNN")["result"]["results"][0]["diff"]["after"].split() if p.count("/") == 3]')" \
	'["/opt/nvidia/cuda", "/opt/nvidia/cuda-12.4.1", "/opt/nvidia/cudnn", "/opt/nvidia/cudnn-9.3.0.75-cuda12"]' \
	"--check --diff: the paths the install would create"
like "$(rq check 'res("ssh-b", "Install CUDA and cuDNN")["result"]["results"][0]["diff"]["after"]')" \
	"^$HF/prefix/cuda-12.6.3$" "--check --diff: the SSH host's paths, in its prefix"
is "$(rq check 'status("conda", "Repair the conda envs")')" changed \
	"--check: the env would be repaired"
is "$(rq check '[(x["after_header"].split("/etc/conda/")[-1], x["before"], "LD_LIBRARY_PATH" in x["after"]) for x in res("conda", "Repair the conda envs")["result"]["results"][0]["diff"]]')" \
	'[["activate.d/cudnn-setup.sh", "", true], ["deactivate.d/cudnn-setup.sh", "", true], ["activate.d/cudnn-setup.fish", "", true], ["deactivate.d/cudnn-setup.fish", "", true], ["links and directories (after)", "", false]]' \
	"--check --diff: the activation scripts it would write, with their text"
is "$(rq check '[status("noprog", t) for t in ("Copy the cudnn-setup program", "Say that everything else waits for the program", "Gather the facts of cudnn-setup")]')" \
	'["changed", "ok", null]' "--check where the program is not installed yet: says so, and stops"

# ---- the first run ----------------------------------------------------------
t0=$(date +%s)
ap run1 ansible-playbook "$T/site.yml" --limit fleet --diff
t1=$(date +%s)
is "$RC" 0 "first run: exit 0"
diag "first run: $((t1 - t0)) s"
is "$(rq run1 'sorted(h for h in st if changed(h) > 0)')" \
	'["bare", "conda", "drv550", "ssh-a", "ssh-b"]' \
	"first run: changed on every host"
is "$(rq run1 'sorted((h, status(h, "Install CUDA and cuDNN")) for h in st)')" \
	'[["bare", "changed"], ["conda", "changed"], ["drv550", "changed"], ["ssh-a", "changed"], ["ssh-b", "changed"]]' \
	"first run: the install changed each host"
is "$(rq run1 'res("drv550", "Install CUDA and cuDNN")["result"]["results"][0]["plan"]["driver"]["version"]')" \
	550.54.15 "drv550: planned for its driver"
is "$(rq run1 'res("drv550", "Install CUDA and cuDNN")["result"]["results"][0]["plan"]["framework"]["asked"]')" \
	2.6.0 "drv550: for torch 2.6.0"
is "$(rq run1 'status("conda", "Repair the conda envs")')" changed "conda: env repaired"
is "$(rq run1 'status("conda", "Make the defaults")')" changed "conda: cuda-12.4.1 made the default"
is "$(readlink "$R3/opt/nvidia/cuda")" cuda-12.4.1 "conda: the cuda link names it"
check "conda: the activation script is written" \
	test -f "$R3$ENV3/etc/conda/activate.d/cudnn-setup.sh"
like "$(rq run1 'res("conda", "Repair the conda envs")["result"]["results"][0]["diff"][0]["after"]')" \
	"LD_LIBRARY_PATH" "--diff: the activation script's text"
for r in "$R1" "$R2" "$R3"; do
	out=$(prefix_check "$r/opt/nvidia")
	ok $? "$(basename "$r"): every release matches its receipt"
	[ -z "$out" ] || diag "$out"
done
for h in a b; do
	out=$(prefix_check "$T/ssh-$h/prefix")
	ok $? "ssh-$h: every release matches its receipt"
	[ -z "$out" ] || diag "$out"
done
is "$(ls "$T/ssh-a/prefix" | grep -E '^cud' | tr '\n' ' ')" \
	"cuda cuda-12.4.1 cudnn cudnn-9.3.0.75-cuda12 " "ssh-a's prefix: its own releases"
is "$(ls "$T/ssh-b/prefix" | grep -E '^cud' | tr '\n' ' ')" \
	"cuda cuda-12.6.3 cudnn cudnn-9.3.0.75-cuda12 " "ssh-b's prefix: its own releases"
check "nothing in this machine's view of the prefix" test ! -e "$HF/prefix"
like "$(cat "$T/ssh-b/textfile/cudnn_setup.prom" 2>&1)" \
	'^cudnn_setup_verify_ok\{blocked="",cuda="12.6.3",cudnn="9.3.0.75-cuda12",driver=""\} 1$' \
	"ssh-b's textfile: verify passed (GPU test doubles), versions as labels"
like "$(cat "$T/ssh-a/textfile/cudnn_setup.prom" 2>&1)" \
	'^cudnn_setup_verify_ok\{blocked="[a-z-]+",cuda="12.4.1",cudnn="9.3.0.75-cuda12",driver=""\} 0$' \
	"ssh-a's textfile: no GPU here, verify_ok 0 and why"
like "$(cat "$R2/var/lib/prometheus/node-exporter/cudnn_setup.prom" 2>&1)" \
	'cudnn_setup_release_info\{default="1",kind="cuda",name="cuda-12.4.1",version="12.4.1"\} 1' \
	"drv550's textfile: the releases"
like "$(cat "$R2/var/lib/prometheus/node-exporter/cudnn_setup.prom" 2>&1)" \
	'driver="550.54.15"' "drv550's textfile: the driver's version"
is "$(ls -A "$R1/var/lib/prometheus/node-exporter")" cudnn_setup.prom \
	"the textfile directory holds the file and no temporary"
like "$(sshq "$N_A" "cat '$HF/textfile/cudnn_setup.prom'")" \
	'cuda="12.4.1"' "read over SSH, ssh-a's own textfile"

# ---- the second run: nothing to do; a host whose mirror is down ----------
t0=$(date +%s)
ap run2 ansible-playbook "$T/site.yml" --limit fleet,down
t1=$(date +%s)
diag "second run (with the host whose mirror is down): $((t1 - t0)) s"
is "$RC" 2 "second run: exit 2, one host failed"
is "$(rq run2 'sorted((h, changed(h), st[h]["failures"]) for h in "'"$fleet"'".split())')" \
	'[["bare", 0, 0], ["conda", 0, 0], ["drv550", 0, 0], ["ssh-a", 0, 0], ["ssh-b", 0, 0]]' \
	"second run: changed=0 and no failure on each of the five"
is "$(rq run2 'sorted(set([e["task"] for e in ev if e["host"] == h][-1] for h in "'"$fleet"'".split()))')" \
	'["Fail where verify did not pass"]' "the five ran to the role's last task"
is "$(rq run2 'st["down"]["failures"]')" 1 "the host whose mirror is down failed"
is "$(rq run2 'res("down", "Install CUDA and cuDNN")["result"]["results"][0]["code"]')" \
	network "... with the error's code"
is "$(rq run2 'res("down", "Install CUDA and cuDNN")["result"]["results"][0]["error"]["reason"]')" \
	servers-down "... and its reason, as data"
like "$(rq run2 'res("down", "Install CUDA and cuDNN")["result"]["results"][0]["msg"]')" \
	"cudnn-setup install failed \(network\): .*127\.0\.0\.1:$free" \
	"... and its message, naming the mirror"
is "$(rq run2 'res("down", "Install CUDA and cuDNN")["result"]["results"][0]["rc"]')" 3 \
	"... exit status 3"
is "$(rq run2 'res("down", "Install CUDA and cuDNN")["result"]["results"][0]["retryable"]')" True \
	"... marked retryable"
is "$(rq run2 '[(e["status"], e["result"].get("code")) for e in ev if e["host"] == "down" and e["task"] == "Install CUDA and cuDNN"]')" \
	'[["retrying", "network"], ["failed", null]]' \
	"... and tried again (retries 1: two attempts)"
check "the failed host's prefix holds no release" test ! -e "$R4/opt/nvidia/cuda-12.4.1"

# ---- two hosts, one prefix: the lock serialises them -------------------------
cat >"$T/lock.yml" <<'EOF'
- name: Two hosts install into one prefix at once
  hosts: shared-1,shared-2
  gather_facts: false
  environment: "{{ fleet_env }}"
  tasks:
    - name: Install
      cudnn_setup.gpu.cudnn_setup_install:
        program: "{{ cudnn_setup_program }}"
        root: "{{ cudnn_setup_root }}"
        manifest: "{{ cudnn_setup_manifest }}"
        mirror: "{{ cudnn_setup_mirrors }}"
        cuda: 12.4.1
        cudnn: 9.3.0
EOF
# another process holds the lock until both hosts wait for it
lock_hold "$R5/opt/nvidia" "$T/letgo"
ap lock ansible-playbook "$T/lock.yml" &
apid=$!
waiting() {
	python3 - "$R5" <<'PY'
import os, sys
n = 0
for p in os.listdir("/proc"):
    try:
        a = open("/proc/%s/cmdline" % p, "rb").read().split(b"\0")
    except (IOError, OSError):
        continue
    if os.fsencode(sys.argv[1]) in a and b"install" in a:
        n += 1
print(n)
PY
}
i=0
while [ "$(waiting)" -lt 2 ] && [ $i -lt 300 ] && kill -0 $apid 2>/dev/null
do
	sleep 0.2
	i=$((i + 1))
done
is "$(waiting)" 2 "both hosts' installs wait for the lock"
sleep 0.5
touch "$T/letgo"
wait $holder
holder=""
wait $apid
RC=$?
is "$RC" 0 "both hosts succeed"
is "$(rq lock 'sorted(status(h, "Install") for h in ("shared-1", "shared-2"))')" \
	'["changed", "ok"]' "one installed, the other found it installed"
is "$(rq lock 'all("waiting for the lock" in res(h, "Install")["result"]["stderr"] and "held by pid '"$hpid"'" in res(h, "Install")["result"]["stderr"] for h in ("shared-1", "shared-2"))')" \
	True "each said it waited for the lock, naming the holder"
out=$(LEFTOVERS= prefix_check "$R5/opt/nvidia")
ok $? "the shared prefix: every release once, matching its receipt"
[ -z "$out" ] || diag "$out"

# ---- system: true; state=absent: a release, a repair ---------------------
cat >"$T/absent.yml" <<'EOF'
- name: The system files, then take things back
  hosts: conda
  gather_facts: false
  environment: "{{ fleet_env }}"
  module_defaults:
    group/cudnn_setup.gpu.cudnn_setup:
      program: "{{ cudnn_setup_program }}"
      root: "{{ cudnn_setup_root }}"
      manifest: "{{ cudnn_setup_manifest }}"
  tasks:
    - name: The system files, in check mode
      cudnn_setup.gpu.cudnn_setup_install:
        cuda: 12.4.1
        cudnn: none
        system: true
      check_mode: true
      diff: true
    - name: Look for the system files
      ansible.builtin.stat:
        path: "{{ cudnn_setup_root }}/etc/ld.so.conf.d/cudnn-setup.conf"
    - name: The system files for the releases there
      cudnn_setup.gpu.cudnn_setup_install:
        cuda: 12.4.1
        cudnn: none
        system: true
    - name: The system files again
      cudnn_setup.gpu.cudnn_setup_install:
        cuda: 12.4.1
        cudnn: none
        system: true
    - name: Remove CUDA 12.6
      cudnn_setup.gpu.cudnn_setup_install:
        state: absent
        cuda: "12.6"
    - name: Remove CUDA 12.6 again
      cudnn_setup.gpu.cudnn_setup_install:
        state: absent
        cuda: "12.6"
    - name: Undo the repair
      cudnn_setup.gpu.cudnn_setup_repair:
        state: absent
        env: "{{ cudnn_setup_repair_envs[0] }}"
    - name: Undo the repair again
      cudnn_setup.gpu.cudnn_setup_repair:
        state: absent
        env: "{{ cudnn_setup_repair_envs[0] }}"
    - name: Use a release that is not there
      cudnn_setup.gpu.cudnn_setup_use:
        release: "12.6"
      ignore_errors: true
EOF
ap absent ansible-playbook "$T/absent.yml"
is "$RC" 0 "system files, state=absent: exit 0"
is "$(rq absent '[x for x in res("conda", "The system files, in check mode")["result"]["diff"]["after"].split() if x.startswith("/etc/")] + [status("conda", "The system files, in check mode"), res("conda", "Look for the system files")["result"]["stat"]["exists"]]')" \
	'["/etc/ld.so.conf.d/cudnn-setup.conf", "/etc/profile.d/cudnn-setup.sh", "changed", false]' \
	"system: true in check mode: changed, the system files as the diff, nothing written"
is "$(rq absent '[status("conda", t) for t in ("The system files for the releases there", "The system files again")]')" \
	'["changed", "ok"]' "system: true on present releases writes the system files, once"
like "$(cat "$R3/etc/ld.so.conf.d/cudnn-setup.conf" 2>&1)" "^/opt/nvidia/cuda/lib$" \
	"... ld.so.conf.d names the default's libraries"
is "$(rq absent '[status("conda", t) for t in ("Remove CUDA 12.6", "Remove CUDA 12.6 again", "Undo the repair", "Undo the repair again")]')" \
	'["changed", "ok", "changed", "ok"]' "absent: changed once, then nothing to do"
check "cuda-12.6.3 is gone" test ! -e "$R3/opt/nvidia/cuda-12.6.3"
check "cuda-12.4.1, the default, stays" test -d "$R3/opt/nvidia/cuda-12.4.1"
check "the activation script is gone with the undo" \
	test ! -e "$R3$ENV3/etc/conda/activate.d/cudnn-setup.sh"
is "$(rq absent 'res("conda", "Use a release that is not there")["result"]["code"]')" \
	not-found "a failure carries the program's error code"
is "$(rq absent '(lambda e: [e["reason"], sorted(e["names"])])(res("conda", "Use a release that is not there")["result"]["error"])')" \
	'["not-installed", ["known", "path", "release"]]' \
	"... and its error as data: the reason and the names"

end=$(date +%s)
diag "the whole test: $((end - start)) s"
done_testing
