#!/bin/sh
# What an install refuses, and what it mends.  Components of one release
# that ship the same file with different contents (a header; a real
# library built twice, in two archives in NVIDIA's layout): a conflict
# naming the path and both archives, exit 2 (bad data from the server),
# code "conflict" in --json, nothing of the plan committed (its other
# release neither).  An archive whose digest differs from the manifest,
# and one holding a link out of its tree: nothing committed, no receipt,
# no staging left.  Libraries shipped without their soname links (as in
# wheels and copies): the links libX.so.N -> file and libX.so -> libX.so.N
# are made, recorded in the receipt, and the library loads through them.
# --system writes the loader and profile files under the root and runs
# ldconfig -r ROOT, so the loader there finds the default release; without
# --system nothing under /etc is touched.  A bare redistrib manifest
# installs, flagged as trusted through TLS alone.
. "$CDS_SRCDIR/tests/lib.sh"
plan 43

T=$(mktemp -d); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
# the repository: mka_* calls after mka_init (mirror, tests/lib.sh)
build_mirror() {
	# 12.4.1: two components with the same header, different bytes
	mkdir -p "$T/a/include" "$T/b/include" &&
	echo "/* one */" >"$T/a/include/shared.h" &&
	echo "/* two */" >"$T/b/include/shared.h" &&
	mka_packdir cuda_cudart 12.4.127 -- "$T/a" &&
	mka_packdir cuda_nvrtc 12.4.127 -- "$T/b" &&
	mka_release_cuda 12.4.1 cuda_cudart cuda_nvrtc &&
	# 12.5.1: cuda_cudart as usual, and a cuda_nvrtc archive that also
	# ships lib/libcudart.so.12.5.82, a real library of other bytes
	mka_component cuda_cudart 12.5.82 &&
	mka_lib "$T/n/lib" cudart 12.5.82 cudaRuntimeGetVersion 99999 &&
	mka_lib "$T/n/lib" nvrtc 12.5.82 &&
	mkdir -p "$T/n/include" &&
	echo "/* nvrtc */" >"$T/n/include/cuda_nvrtc.h" &&
	echo "nvrtc license" >"$T/n/LICENSE" &&
	mka_packdir cuda_nvrtc 12.5.82 -- "$T/n" &&
	mka_release_cuda 12.5.1 cuda_cudart cuda_nvrtc &&
	# 12.6.3: an archive with a link out of the tree
	mkdir -p "$T/c/lib" &&
	ln -s ../../../../../../../../etc/passwd "$T/c/lib/libcudart.so" &&
	mka_packdir cuda_cudart 12.6.77 -- "$T/c" &&
	mka_release_cuda 12.6.3 cuda_cudart &&
	# 12.8.1: fine, but its archive will be corrupted in the cache
	mka_component cuda_cudart 12.8.90 &&
	mka_release_cuda 12.8.1 cuda_cudart &&
	# 12.9.1: fine (for --system and the bare manifest)
	mka_component cuda_cudart 12.9.79 &&
	mka_release_cuda 12.9.1 cuda_cudart &&
	# cuDNN 9.5.1.17: libraries without any link, as a wheel has them
	mka_lib "$T/w/lib" cudnn 9.5.1 cudnnGetVersion 90501 &&
	mka_lib "$T/w/lib" cudnn_ops 9 &&
	rm "$T/w/lib/libcudnn.so" "$T/w/lib/libcudnn.so.9" \
		"$T/w/lib/libcudnn_ops.so" &&
	echo "cuDNN license" >"$T/w/LICENSE" &&
	mka_packdir cudnn 9.5.1.17 cuda12 -- "$T/w" &&
	mka_release_cudnn 9.5.1.17 cuda12
}
mirror "$T/mirror" build_mirror
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"
nothing_committed() {
	# nothing_committed RELEASE WHAT
	check "$2: no tree" test ! -e "$P/$1"
	check "$2: no receipt" test ! -e "$P/.state/receipts/$1.json"
	is "$(ls -A "$P/.state/staging" 2>/dev/null)" "" "$2: no staging left"
}

# conflicting components
cds "$@" install --cuda 12.4.1 --cudnn none --yes
is "$RC" 2 "conflicting components: exit 2, bad data"
like "$ERR" "error: the archives of one release conflict: cuda-12\.4\.1: include/shared\.h is in both cuda_cudart-linux-x86_64-12\.4\.127-archive\.tar\.xz and cuda_nvrtc-linux-x86_64-12\.4\.127-archive\.tar\.xz, with different contents" \
	"conflict: names the file and both archives"
unlike "$ERR" "unreadable archive" "conflict: not called an unreadable archive"
nothing_committed cuda-12.4.1 "conflict"

# two real libraries at one path, in a plan with a cuDNN release too
before=$(tree_hash "$R" content)
cds "$@" install --cuda 12.5.1 --cudnn 9.5.1 --yes --json
is "$RC" 2 "a library in two archives: exit 2"
is "$(jget "$OUT" 'd["error"]["code"]')" conflict "--json: the code is conflict"
like "$(jget "$OUT" 'd["error"]["detail"]')" \
	"^cuda-12\.5\.1: lib/libcudart\.so\.12\.5\.82 is in both cuda_cudart-linux-x86_64-12\.5\.82-archive\.tar\.xz and cuda_nvrtc-linux-x86_64-12\.5\.82-archive\.tar\.xz, with different contents\$" \
	"--json: the detail names the library and both archives"
is "$(jget "$OUT" 'd["result"]')" failed "--json: result failed"
nothing_committed cuda-12.5.1 "library conflict"
nothing_committed cudnn-9.5.1.17-cuda12 "library conflict, the other release"
check "library conflict: no default link" test ! -e "$P/cuda" -a ! -L "$P/cuda"
is "$(tree_hash "$R" content)" "$before" \
	"library conflict: the root holds what it held (no file changed)"

# a link out of the tree
cds "$@" install --cuda 12.6.3 --cudnn none --yes
is "$RC" 1 "a link leaving the tree: exit 1"
like "$ERR" "unsafe archive entry: .*lib/libcudart.so" \
	"a link leaving the tree: named"
nothing_committed cuda-12.6.3 "link out"

# a digest that differs
cp -a "$T/mirror" "$T/bad"
f=$T/bad/cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.8.90-archive.tar.xz
python3 -c 'import sys
p = sys.argv[1]; b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0xff
open(p, "wb").write(b)' "$f"
cds --root "$R" --manifest "$M" --offline --cache "$T/bad" install \
	--cuda 12.8.1 --cudnn none --yes
is "$RC" 1 "a digest that differs: exit 1"
like "$ERR" "SHA-256 digest mismatch" "a digest that differs: said"
nothing_committed cuda-12.8.1 "digest"
check "nothing of the failures is in the prefix" test ! -e "$P/cuda" -a \
	! -L "$P/cuda"

# soname links made for a wheel-like set
cds "$@" install --cuda none --cudnn 9.5.1 --yes
is "$RC" 0 "libraries without links: exit 0"
L=$P/cudnn-9.5.1.17-cuda12/lib
is "$(readlink "$L/libcudnn.so.9") $(readlink "$L/libcudnn.so") $(readlink "$L/libcudnn_ops.so")" \
	"libcudnn.so.9.5.1 libcudnn.so.9 libcudnn_ops.so.9" \
	"the soname and development links are made"
check "no soname link for a file named by its soname" \
	test ! -L "$L/libcudnn_ops.so.9"
out=$(prefix_check "$P")
ok $? "the links are in the receipt"
v=$(python3 -c 'import ctypes, sys
print(ctypes.CDLL(sys.argv[1]).cudnnGetVersion())' "$L/libcudnn.so" 2>&1)
is "$v" 90501 "the library loads through libcudnn.so"

check "without --system nothing under /etc" test ! -e \
	"$R/etc/ld.so.conf.d/cudnn-setup.conf" -a ! -e \
	"$R/etc/profile.d/cudnn-setup.sh"

# --system
R2=$(mk_sysroot); cleanup_later "$R2"
mkdir -p "$R2/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R2/etc/ld.so.conf"
cds --root "$R2" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.9.1 --cudnn 9.5.1 --system --yes
is "$RC" 0 "--system: exit 0"
is "$(grep -v '^#' "$R2/etc/ld.so.conf.d/cudnn-setup.conf")" \
	"/opt/nvidia/cuda/lib
/opt/nvidia/cudnn/lib" "--system: the loader reads the default links' lib dirs"
out=$(env -i PATH=/bin sh -c '. "$1"; echo "$CUDA_HOME $CUDNN_PATH $PATH"' \
	sh "$R2/etc/profile.d/cudnn-setup.sh")
is "$out" "/opt/nvidia/cuda /opt/nvidia/cudnn /opt/nvidia/cuda/bin:/bin" \
	"--system: the profile script"
if command -v ldconfig >/dev/null 2>&1 || [ -x /sbin/ldconfig ]; then
	cache=$( (ldconfig -r "$R2" -p || /sbin/ldconfig -r "$R2" -p) 2>/dev/null)
	like "$cache" "libcudnn.so.9 .*=> /opt/nvidia/cudnn/lib/libcudnn.so.9" \
		"--system: ldconfig -r ROOT made the root's cache"
else
	skip 1 "no ldconfig"
fi

# a bare redistrib file
R3=$(mk_sysroot); cleanup_later "$R3"
cds --root "$R3" --manifest "$T/mirror/cuda_redistrib_12.9.1.json" \
	--offline --cache "$T/mirror" install --yes --json
is "$RC" 0 "bare redistrib manifest: installs"
like "$ERR" "trusted through TLS alone" "bare redistrib manifest: flagged"
is "$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["trusted"])' \
	"$R3/opt/nvidia/.state/receipts/cuda-12.9.1.json")" False \
	"bare redistrib manifest: the receipt says so"
like "$(cat "$R3/var/log/cudnn-setup.log")" "installed cuda-12.9.1 .*trusted through TLS alone" \
	"bare redistrib manifest: so does the audit line"

done_testing
