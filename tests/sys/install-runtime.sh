#!/bin/sh
# install --components runtime, for an image: only the shared libraries a
# program loads (cudart, cuBLAS/cuBLASLt, cuFFT, cuRAND, cuSOLVER,
# cuSPARSE, NVRTC, nvJitLink, cuDNN), none of the headers, static
# libraries, stubs or nvcc that the same archives carry, with the
# ld.so.conf.d file that lets the loader find them.  The archives are in
# NVIDIA's layout, their libraries real ELF files whose NEEDED entries are
# those of NVIDIA's own (read with readelf -d from CUDA 13.0 and cuDNN
# 9.19: cuBLAS needs cuBLASLt; cuSPARSE nvJitLink; cuSOLVER all three;
# cuDNN's sub-libraries cudnn_ops, cudnn_graph, libz and libstdc++).
# Installed with --root into a Debian root (the cached debootstrap root
# under an overlay, its driver packages' files removed: an image with no
# driver), the closure is checked by the root's own loader (ldd in a
# chroot): nothing missing; doctor --driver on it then says nothing.
# plan shows the download against the whole release's; --components devel
# keeps everything; an archive that would place libcuda is refused with
# nothing installed; an unknown set is an error.
. "$CDS_SRCDIR/tests/lib.sh"
plan 28

T=$(mktemp -d); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
mka_init "$T/mirror"
V=$CDS_DATADIR/manifests/nvidia/cuda_redistrib_12.4.1.json
ver() { python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))[sys.argv[2]]["version"])' "$V" "$1"; }

# so LIB SONAME FULL [NEEDED-SONAME...]: a real library in $S/lib
so() {
	_n=$1 _s=$2 _f=$3
	shift 3
	_l=""
	for _d in "$@"; do _l="$_l -l:$_d"; done
	echo "int ${_n}_version(void) { return 0; }" >"$T/$_n.c"
	gcc -shared -fPIC -Wl,-soname,"$_s" -o "$S/lib/$_f" "$T/$_n.c" \
		-L"$T/libs" -Wl,--no-as-needed $_l || return 1
	ln -sf "$_f" "$S/lib/$_s"
	ln -sf "$_s" "$S/lib/${_s%%.so*}.so"
	cp -P "$S/lib/$_f" "$S/lib/$_s" "$T/libs/"
}
# tree COMPONENT: a fresh archive tree in $S, as NVIDIA's: LICENSE,
# include/, lib/
tree() {
	S=$T/stage/$1-$MKA_PLATFORM-$(ver "$1")-archive
	mkdir -p "$S/include" "$S/lib"
	echo "Test license for $1" >"$S/LICENSE"
	echo "/* $1 */" >"$S/include/$1.h"
}
static() {	# static NAME: a real static library in $S/lib
	echo "int $1_static(void) { return 1; }" >"$T/$1s.c"
	gcc -c -o "$T/$1s.o" "$T/$1s.c" && ar rcs "$S/lib/lib${1}_static.a" \
		"$T/$1s.o"
}
pack() { mka_packdir "$1" "$(ver "$1")" -- "$S" >/dev/null; }
mkdir -p "$T/libs"
{
	tree cuda_cudart
	printf '#define CUDART_VERSION 12040\n' >"$S/include/cuda_runtime_api.h"
	so cudart libcudart.so.12 libcudart.so.12.4.127 && static cudart
	# the link editor's stub, as a toolkit's lib64/stubs holds one
	mkdir -p "$S/lib/stubs"
	echo 'int cuInit(unsigned f) { return 34; }' >"$T/stub.c"
	gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$S/lib/stubs/libcuda.so" \
		"$T/stub.c"
	pack cuda_cudart
	tree cuda_nvcc
	mkdir -p "$S/bin"
	printf '#!/bin/sh\necho "Cuda compilation tools, release 12.4"\n' \
		>"$S/bin/nvcc" && chmod 755 "$S/bin/nvcc"
	pack cuda_nvcc
	tree libnvjitlink
	so nvJitLink libnvJitLink.so.12 libnvJitLink.so.12.4.127 && pack libnvjitlink
	tree libcublas
	so cublasLt libcublasLt.so.12 libcublasLt.so.12.4.5.8 &&
		so cublas libcublas.so.12 libcublas.so.12.4.5.8 libcublasLt.so.12 &&
		static cublas && pack libcublas
	tree libcusparse
	so cusparse libcusparse.so.12 libcusparse.so.12.3.1.170 \
		libnvJitLink.so.12 && pack libcusparse
	tree libcusolver
	so cusolver libcusolver.so.11 libcusolver.so.11.6.1.9 \
		libnvJitLink.so.12 libcusparse.so.12 libcublas.so.12 \
		libcublasLt.so.12 && pack libcusolver
	tree libcufft
	so cufft libcufft.so.11 libcufft.so.11.2.1.3 && pack libcufft
	tree libcurand
	so curand libcurand.so.10 libcurand.so.10.3.5.147 && pack libcurand
	tree cuda_nvrtc
	so nvrtc libnvrtc.so.12 libnvrtc.so.12.4.127 && pack cuda_nvrtc
	mka_release_cuda 12.4.1 cuda_cudart cuda_nvcc libnvjitlink libcublas \
		libcusparse libcusolver libcufft libcurand cuda_nvrtc
	# cuDNN 9: its sub-libraries as NVIDIA links them
	S=$T/stage/cudnn-$MKA_PLATFORM-9.3.0.75_cuda12-archive
	mkdir -p "$S/include" "$S/lib"
	echo "Test license for cudnn" >"$S/LICENSE"
	printf '#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n#define CUDNN_PATCHLEVEL 0\n' \
		>"$S/include/cudnn_version.h"
	so cudnn_graph libcudnn_graph.so.9 libcudnn_graph.so.9.3.0 libz.so.1 \
		libstdc++.so.6 &&
		so cudnn_ops libcudnn_ops.so.9 libcudnn_ops.so.9.3.0 \
		libcudnn_graph.so.9 libz.so.1 libstdc++.so.6 &&
		so cudnn_cnn libcudnn_cnn.so.9 libcudnn_cnn.so.9.3.0 \
		libcudnn_ops.so.9 libcudnn_graph.so.9 libz.so.1 libstdc++.so.6 &&
		so cudnn_adv libcudnn_adv.so.9 libcudnn_adv.so.9.3.0 \
		libcudnn_ops.so.9 libcudnn_graph.so.9 libz.so.1 libstdc++.so.6 &&
		so cudnn_engines_precompiled libcudnn_engines_precompiled.so.9 \
		libcudnn_engines_precompiled.so.9.3.0 libcudnn_graph.so.9 \
		libz.so.1 libstdc++.so.6 &&
		so cudnn_engines_runtime_compiled \
		libcudnn_engines_runtime_compiled.so.9 \
		libcudnn_engines_runtime_compiled.so.9.3.0 libcudnn_graph.so.9 \
		libz.so.1 libstdc++.so.6 &&
		so cudnn_heuristic libcudnn_heuristic.so.9 \
		libcudnn_heuristic.so.9.3.0 libcudnn_graph.so.9 libz.so.1 \
		libstdc++.so.6 &&
		so cudnn libcudnn.so.9 libcudnn.so.9.3.0 libstdc++.so.6 &&
		static cudnn_adv
	mka_packdir cudnn 9.3.0.75 cuda12 -- "$S" >/dev/null
	mka_release_cudnn 9.3.0.75 cuda12
	mka_index
} >"$T/mirror.log" 2>&1 || {
	sed 's/^/# /' "$T/mirror.log"
	ok 1 "the test mirror could not be built"
	done_testing
}
M=$T/mirror/index.json
set -- --manifest "$M" --offline --cache "$T/mirror"
rt="--components runtime --cuda 12.4.1 --cudnn 9.3.0 --no-driver"

# ---- plan: the set, and the size against the whole release -------------
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" "$@" plan $rt --json
is "$RC" 0 "plan --components runtime: exit 0"
is "$(jget "$OUT" '[d["components"], d["no_driver"]]')" "['runtime', True]" \
	"the plan names its set and --no-driver"
is "$(jget "$OUT" '[a["component"] for a in d["releases"][0]["archives"]]')" \
	"['cuda_cudart', 'libnvjitlink', 'libcublas', 'libcusparse', 'libcusolver', 'libcufft', 'libcurand', 'cuda_nvrtc']" \
	"CUDA: the set's components, nvcc left out"
is "$(jget "$OUT" '[r["full_size"] > r["download_size"] for r in d["releases"]] + [r["libraries_only"] for r in d["releases"]]')" \
	"[True, False, True, True]" \
	"the whole release is larger (cuDNN: one archive, the same); both libraries only"
cds --root "$R" "$@" plan $rt
like "$OUT" "the whole releases: .*component set runtime, of which only the shared libraries are kept" \
	"the text plan shows the size against the whole releases"
like "$OUT" "/etc/ld.so.conf.d/cudnn-setup.conf" "... and the ld.so.conf.d file it writes"
cds --root "$R" "$@" plan --components nosuch --cuda 12.4.1
is "$RC" 2 "an unknown set: exit 2"
like "$ERR" "--components nosuch: .* has no such component set .it has: runtime, devel." \
	"... naming the sets there are"

# ---- install into a minimal root: only libraries ------------------------
cds --root "$R" "$@" install $rt --yes
is "$RC" 0 "install --components runtime: exit 0"
P=$R/opt/nvidia
is "$(cd "$P" && find cuda-12.4.1 cudnn-9.3.0.75-cuda12 \( -name '*.h' -o \
	-name '*.a' -o -name nvcc -o -name stubs -o -name include \) | wc -l)" 0 \
	"no header, static library, stub or nvcc"
is "$(cd "$P" && ls cuda-12.4.1/lib | grep -c '\.so\.[0-9.]*[0-9]$')" 18 \
	"the nine libraries of CUDA's set, each with its soname link"
check "cuDNN's sub-libraries" test -f "$P/cudnn-9.3.0.75-cuda12/lib/libcudnn_ops.so.9.3.0"
is "$(cat "$R/etc/ld.so.conf.d/cudnn-setup.conf" | grep -v '^#')" \
	"$(printf '/opt/nvidia/cuda/lib\n/opt/nvidia/cudnn/lib')" \
	"the ld.so.conf.d file names both"
is "$(jget "$(cat "$P/.state/receipts/cuda-12.4.1.json")" 'd["components"]')" \
	runtime "the receipt records the set"
# the whole release over the runtime set is refused, naming both, and
# nothing changes; the same set again is already there
sum=$(cd "$P" && find . -type f | sort | xargs cat | cksum)
cds --root "$R" "$@" install --cuda 12.4.1 --cudnn none --no-driver --yes
is "$RC" 2 "the whole release over the runtime set: refused (exit 2)"
like "$ERR" "cuda-12.4.1 holds only the runtime set of the release.*cudnn-setup remove cuda-12.4.1" \
	"the error names the tree, the set it holds and the way on"
is "$(cd "$P" && find . -type f | sort | xargs cat | cksum)" "$sum" \
	"nothing changed on disk"
cds --root "$R" "$@" install $rt --yes
is "$RC" 0 "the same set again: nothing to do, exit 0"

# ---- devel: the whole toolkit ---------------------------------------------
R2=$(mk_sysroot); cleanup_later "$R2"
cds --root "$R2" "$@" install --components devel --cuda 12.4.1 --cudnn none --yes
is "$RC" 0 "install --components devel: exit 0"
check "devel keeps nvcc, headers, static libraries" test -x \
	"$R2/opt/nvidia/cuda-12.4.1/bin/nvcc" -a -f \
	"$R2/opt/nvidia/cuda-12.4.1/include/cuda_runtime_api.h" -a -f \
	"$R2/opt/nvidia/cuda-12.4.1/lib/libcublas_static.a"

# ---- into a Debian root with no driver: the loader's closure ---------------
ROOT=$(real_root bookworm-nvidia)
O=$T/ovl
mkdir -p "$O/u" "$O/w" "$O/m"
if [ -x "$ROOT/usr/bin/ldd" ] && command -v unshare >/dev/null &&
	unshare -m sh -c "mount -t overlay overlay -o lowerdir=$ROOT,upperdir=$O/u,workdir=$O/w $O/m" \
	2>/dev/null; then
	# in a mount namespace of its own: the overlay, the driver's
	# libraries removed (an image has none), the install, the checks
	unshare -m sh -c '
		O=$1 ROOT=$2 BIN=$3; shift 3
		mount -t overlay overlay -o lowerdir=$ROOT,upperdir=$O/u,workdir=$O/w $O/m || exit 9
		rm -rf $O/m/usr/lib/x86_64-linux-gnu/nvidia \
			$O/m/usr/lib/x86_64-linux-gnu/libcuda.so* \
			$O/m/usr/lib/x86_64-linux-gnu/libnvidia-*
		"$BIN" --root $O/m "$@" install --components runtime \
			--cuda 12.4.1 --cudnn 9.3.0 --no-driver --yes \
			>$O/install.out 2>&1 || exit 8
		for f in $O/m/opt/nvidia/cuda-12.4.1/lib/lib*.so.*.* \
			$O/m/opt/nvidia/cudnn-9.3.0.75-cuda12/lib/lib*.so.*.*; do
			echo "== ${f#$O/m}"
			chroot $O/m /usr/bin/ldd "${f#$O/m}"
		done >$O/ldd.out 2>&1
		"$BIN" --root $O/m "$@" doctor --driver 535.261.03 --json \
			>$O/doctor.json 2>/dev/null
		exit 0' sh "$O" "$ROOT" "$CDS_BIN" "$@"
	is "$?" 0 "installed into the Debian root under an overlay"
	is "$(grep -c '^== ' "$O/ldd.out")" 17 "ldd in the root: every library"
	is "$(grep -c 'not found' "$O/ldd.out")" 0 \
		"the root's loader resolves every NEEDED library (cuDNN's libz, libstdc++ from Debian)"
	like "$(cat "$O/ldd.out")" "libcublasLt.so.12 => /opt/nvidia/cuda/lib/libcublasLt.so.12" \
		"through the ld.so.conf.d file and ldconfig -r"
	is "$(jget "$(cat "$O/doctor.json")" '[(f["id"], f["title"]) for f in d["findings"]]')" \
		"[]" "doctor --driver on the image: nothing at all to say"
	rm -rf "$O"
else
	skip 5 "no cached Debian root or no overlay mount here"
fi

# ---- refused: an archive that would place libcuda in the image -------------
rm -rf "$T/stage"
mka_init "$T/bad"
tree cuda_cudart
so cudart libcudart.so.12 libcudart.so.12.4.127
echo 'int cuInit(unsigned f) { return 0; }' >"$T/cu.c"
gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$S/lib/libcuda.so.550.54.15" "$T/cu.c"
ln -s libcuda.so.550.54.15 "$S/lib/libcuda.so.1"
pack cuda_cudart
mka_release_cuda 12.4.1 cuda_cudart >/dev/null 2>&1
mka_index >/dev/null 2>&1
R3=$(mk_sysroot); cleanup_later "$R3"
cds --root "$R3" --manifest "$T/bad/index.json" --offline --cache "$T/bad" \
	install --components runtime --cuda 12.4.1 --cudnn none --yes
is "$RC" 1 "an archive with libcuda: the install fails"
like "$ERR" "cuda-12.4.1: lib/libcuda.so.1 is a driver library: an image gets libcuda and the libnvidia-\* libraries from the host" \
	"... naming the file and why"
check "nothing installed" test ! -e "$R3/opt/nvidia/cuda-12.4.1" -a ! -e \
	"$R3/opt/nvidia/.state/receipts/cuda-12.4.1.json"

done_testing
