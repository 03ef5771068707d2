#!/bin/sh
# --root resolves every link inside the root.  A fake root whose
# /proc/driver/nvidia/version, libcuda.so.1 chain (an /etc/alternatives-
# style hop), /etc/ld.so.conf, /usr/local/cuda and a /usr/local/cuda-*
# match, the system Python's dist-packages and /usr/local/lib (under which
# python3.* is a glob) are ABSOLUTE links; each
# names a path that exists twice: inside the root (the real thing) and on
# this machine outside the root (a decoy with other versions).  The
# kernel, following such a link from the host, would read the decoy;
# doctor must read the root's file and never print a decoy's version.
# Also a merged /usr (/lib -> usr/lib, relative and absolute): the loader's
# search order is not empty and libraries are found through /lib.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 25

R=$(mk_sysroot); cleanup_later "$R"
# the decoys: a directory of this machine, outside the root, whose
# absolute path the root's links name
H=$(mktemp -d "${TMPDIR:-/tmp}/cds-host-XXXXXX"); cleanup_later "$H"
L=/usr/lib/x86_64-linux-gnu
nvver() {	# nvver FILE VERSION: a /proc/driver/nvidia/version
	mkdir -p "$(dirname "$1")"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2024\n' \
		"$2" >"$1"
}
toolkit() {	# toolkit DIR VERSION: version.json and a runtime
	mkdir -p "$1/lib64"
	printf '{"cuda": {"name": "CUDA SDK", "version": "%s"}}\n' "$2" \
		>"$1/version.json"
	mk_solib "$1/lib64/libcudart.so.${2%%.*}" "libcudart.so.${2%%.*}"
}
torch() {	# torch SITE VERSION CUDA: a pip torch with its version.py
	mkdir -p "$1/torch" "$1/torch-$2.dist-info"
	printf 'Name: torch\nVersion: %s\n' "$2" >"$1/torch-$2.dist-info/METADATA"
	printf "from typing import Optional\n\n__version__ = '%s'\ncuda: Optional[str] = '%s'\n" \
		"$2" "$3" >"$1/torch/version.py"
}

# /proc/driver/nvidia/version -> $H/nvver
nvver "$R$H/nvver" 550.54.15
nvver "$H/nvver" 999.1.1
mkdir -p "$R/proc/driver/nvidia"
ln -s "$H/nvver" "$R/proc/driver/nvidia/version"
# libcuda.so.1 -> $H/alt/libcuda.so.1 -> $L/nvidia/libcuda.so.550.54.15
mk_solib "$R$L/nvidia/libcuda.so.550.54.15" libcuda.so.1
mkdir -p "$R$H/alt" "$H/alt" "$H/decoy"
ln -s "$L/nvidia/libcuda.so.550.54.15" "$R$H/alt/libcuda.so.1"
ln -s "$H/alt/libcuda.so.1" "$R$L/libcuda.so.1"
mk_solib "$H/decoy/libcuda.so.999.1.1" libcuda.so.1
ln -s "$H/decoy/libcuda.so.999.1.1" "$H/alt/libcuda.so.1"
# /etc/ld.so.conf -> $H/ld.so.conf
printf '%s\n' /opt/rootdir "$L" >"$R$H/ld.so.conf"
printf '%s\n' /opt/decoydir >"$H/ld.so.conf"
mkdir -p "$R/opt/rootdir"
rm -f "$R/etc/ld.so.conf"
ln -s "$H/ld.so.conf" "$R/etc/ld.so.conf"
# /usr/local/cuda -> $H/cuda-12.4; /usr/local/cuda-12.6 -> $H/cuda-12.6
toolkit "$R$H/cuda-12.4" 12.4.1
toolkit "$H/cuda-12.4" 99.4.1
toolkit "$R$H/cuda-12.6" 12.6.3
toolkit "$H/cuda-12.6" 99.6.3
ln -s "$H/cuda-12.4" "$R/usr/local/cuda"
ln -s "$H/cuda-12.6" "$R/usr/local/cuda-12.6"
# /usr/lib/python3/dist-packages -> $H/dist
torch "$R$H/dist" 2.6.0 12.4
torch "$H/dist" 9.9.9 99.9
mkdir -p "$R/usr/lib/python3"
ln -s "$H/dist" "$R/usr/lib/python3/dist-packages"
# /usr/local/lib -> $H/ulib: a glob (python3.*) past an absolute link
mkdir -p "$R$H/ulib/python3.11/dist-packages/onnxruntime-1.21.0.dist-info" \
	"$H/ulib/python3.99/dist-packages/jax-9.9.9.dist-info"
rm -rf "$R/usr/local/lib"
ln -s "$H/ulib" "$R/usr/local/lib"

cds --root "$R" doctor --json
is "$RC" 0 "doctor ran (exit $RC)"
unlike "$OUT" "999\\.|99\\.[0-9]\\.|9\\.9\\.9|decoy" "no decoy outside the root was read"
is "$(jget "$OUT" 'd["driver"]["module_version"]')" 550.54.15 \
	"/proc/driver/nvidia/version: the root's file, through its absolute link"
is "$(jget "$OUT" 'd["driver"]["libcuda"]')" "$L/libcuda.so.1" \
	"libcuda.so.1 found through an absolute link chain"
is "$(jget "$OUT" 'd["driver"]["libcuda_realpath"]')" "$L/nvidia/libcuda.so.550.54.15" \
	"its real file, resolved inside the root"
is "$(jget "$OUT" 'd["driver"]["libcuda_version"]')" 550.54.15 "its version"
is "$(jget "$OUT" '[s["dir"] for s in d["loader"]["search"]][:2]')" \
	"['/opt/rootdir', '$L']" "ld.so.conf: the root's, through its absolute link"
is "$(jget "$OUT" '[t["version"] for t in d["toolkits"] if t["default"]]')" \
	"['12.4.1']" "/usr/local/cuda: the root's toolkit"
is "$(jget "$OUT" 'd["default_toolkit"]["target"]')" "$H/cuda-12.4" \
	"named by its path inside the root"
is "$(jget "$OUT" '[t["version"] for t in d["toolkits"] if t["path"] == "/usr/local/cuda-12.6"]')" \
	"['12.6.3']" "a glob match that is an absolute link: the root's toolkit"
is "$(jget "$OUT" '[(p["version"], p["cuda"]) for p in d["system_packages"] if p["name"] == "torch"]')" \
	"[('2.6.0', '12.4')]" "dist-packages: the root's torch, through its absolute link"
is "$(jget "$OUT" '[p["name"] for p in d["system_packages"] if p["name"] != "torch"]')" \
	"['onnxruntime']" "a glob past an absolute link lists the root's directory"

# the text report says the same
cds --root "$R" doctor
unlike "$OUT" "999\\.|99\\.[0-9]\\.|9\\.9\\.9" "text: no decoy either"
like "$OUT" "libcuda.so.1 +550.54.15 +$L/libcuda.so.1 -> $L/nvidia/libcuda.so.550.54.15" \
	"text: libcuda and its real file"

# a loop of links inside the root, whose names exist outside it: an
# include of ld.so.conf that loops; nothing outside is read, nothing hangs
ln -s "$H/loop2" "$R$H/loop1"
ln -s "$H/loop1" "$R$H/loop2"
printf '/opt/decoyloop\n' >"$H/loop1"
printf '/opt/decoyloop\n' >"$H/loop2"
printf 'include %s\n%s\n' "$H/loop1" "$L" >"$R$H/ld.so.conf"
cds --root "$R" doctor --json
is "$RC" 0 "a loop of links in the root: doctor still runs"
unlike "$OUT" "decoyloop" "and reads nothing outside the root for it"
is "$(jget "$OUT" 'd["driver"]["libcuda_version"]')" 550.54.15 "and finds the rest"

# ---- merged /usr --------------------------------------------------------
for how in relative absolute; do
	M=$(mk_sysroot); cleanup_later "$M"
	mkdir -p "$M/usr/lib64"
	if [ $how = relative ]; then
		ln -s usr/lib "$M/lib"
		ln -s usr/lib64 "$M/lib64"
	else
		ln -s /usr/lib "$M/lib"
		ln -s /usr/lib64 "$M/lib64"
	fi
	mkdir -p "$M/etc/ld.so.conf.d"
	printf 'include /etc/ld.so.conf.d/*.conf\n' >"$M/etc/ld.so.conf"
	printf '/lib/x86_64-linux-gnu\n/usr/lib/x86_64-linux-gnu\n' \
		>"$M/etc/ld.so.conf.d/x86_64-linux-gnu.conf"
	mk_solib "$M$L/libcuda.so.550.54.15" libcuda.so.1
	ln -s libcuda.so.550.54.15 "$M$L/libcuda.so.1"
	cds --root "$M" doctor --json
	is "$(jget "$OUT" 'len(d["loader"]["search"]) > 0')" True \
		"merged /usr ($how /lib link): the loader's search order is not empty"
	# ldconfig lists a directory once, under the name it met first: /usr's
	# is the same directory as /lib's (same device and inode)
	is "$(jget "$OUT" '[s["dir"] for s in d["loader"]["search"] if s["dir"].endswith("x86_64-linux-gnu")]')" \
		"['/lib/x86_64-linux-gnu']" "($how) ld.so.conf's order, /lib first, the same directory under /usr once"
	is "$(jget "$OUT" 'd["driver"]["libcuda"]')" "/lib/x86_64-linux-gnu/libcuda.so.1" \
		"($how) libcuda.so.1 found through /lib"
	is "$(jget "$OUT" 'd["driver"]["libcuda_realpath"]')" \
		"$L/libcuda.so.550.54.15" "($how) its real file under /usr"
done

done_testing
