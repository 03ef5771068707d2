#!/bin/sh
# The real cuDNN 9 of this machine (/usr/local/cuda/lib64) through the
# whole pipeline: libcudnn.so.9 and libcudnn_graph.so.9 packed into an
# archive in NVIDIA's layout (lib/libX.so.9.M.P, without the links, so
# that the soname fix-up works on NVIDIA's own ELF files) with its
# manifest entry; installed; then a program compiled here dlopens the
# installed libcudnn.so.9 through the link the install made and calls
# cudnnGetVersion(), which must give the version of the headers beside
# the libraries (91900 for cuDNN 9.19.0).  Skipped without them.
. "$CDS_SRCDIR/tests/lib.sh"
plan 6

CU=${CDS_CUDA_DIR:-/usr/local/cuda}
lib=$(readlink -f "$CU/lib64/libcudnn.so.9" 2>/dev/null)
graph=$(readlink -f "$CU/lib64/libcudnn_graph.so.9" 2>/dev/null)
hdr=$CU/include/cudnn_version.h
if [ ! -f "$lib" ] || [ ! -f "$graph" ] || [ ! -f "$hdr" ]; then
	skip 6 "no cuDNN 9 in $CU"
	done_testing
fi
ver() { sed -n "s/^#define CUDNN_$1 *\([0-9][0-9]*\).*/\1/p" "$hdr"; }
maj=$(ver MAJOR) min=$(ver MINOR) pat=$(ver PATCHLEVEL)
if [ "$maj" != 9 ]; then
	skip 6 "the cuDNN in $CU is $maj, not 9"
	done_testing
fi
want=$((maj * 10000 + min * 100 + pat))
full=$maj.$min.$pat
cudamaj=$(sed -n 's/^#define CUDA_VERSION *\([0-9]*\).*/\1/p' \
	"$CU/include/cuda.h" 2>/dev/null)
variant=cuda$((${cudamaj:-13000} / 1000))
diag "packing cuDNN $full ($variant) from $CU"

T=$(mktemp -d); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
mkdir -p "$T/pkg/lib" "$T/pkg/include"
cp "$lib" "$T/pkg/lib/libcudnn.so.$full"
cp "$graph" "$T/pkg/lib/libcudnn_graph.so.$full"
cp "$hdr" "$T/pkg/include/"
echo "This machine's cuDNN, packed by a test." >"$T/pkg/LICENSE"
# the repository: mka_* calls after mka_init (mirror, tests/lib.sh)
build_mirror() {
	XZ_FLAGS=-1 mka_packdir cudnn "$full" "$variant" -- "$T/pkg" &&
	mka_release_cudnn "$full" "$variant"
}
mirror "$T/mirror" build_mirror
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" --manifest "$T/mirror/index.json" --offline \
	--cache "$T/mirror" install --cuda none --cudnn "$full" --yes
is "$RC" 0 "the real cuDNN installs through the pipeline"
D=$R/opt/nvidia/cudnn-$full-$variant
is "$(readlink "$D/lib/libcudnn.so.9") $(readlink "$D/lib/libcudnn.so")" \
	"libcudnn.so.$full libcudnn.so.9" "the soname chain, from NVIDIA's DT_SONAME"
is "$(readlink "$D/lib/libcudnn_graph.so.9")" "libcudnn_graph.so.$full" \
	"the soname link of libcudnn_graph"
cmp -s "$lib" "$D/lib/libcudnn.so.$full"
ok $? "the installed library is the machine's, byte for byte"
out=$(prefix_check "$R/opt/nvidia")
ok $? "the receipt matches the tree"

cat >"$T/getversion.c" <<'C'
#include <dlfcn.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
	size_t (*get)(void);
	void *h;

	if ((h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL)) == NULL) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	*(void **)&get = dlsym(h, "cudnnGetVersion");
	if (get == NULL) {
		printf("dlsym: %s\n", dlerror());
		return 1;
	}
	printf("%zu\n", get());
	return 0;
}
C
if ${CC:-cc} -o "$T/getversion" "$T/getversion.c" -ldl 2>"$T/cc.log"; then
	is "$("$T/getversion" "$D/lib/libcudnn.so.9")" "$want" \
		"dlopen of the installed libcudnn.so.9: cudnnGetVersion() = $want"
else
	cat "$T/cc.log"
	ok 1 "the test program could not be compiled"
fi

done_testing
