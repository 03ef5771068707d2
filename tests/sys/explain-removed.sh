#!/bin/sh
# explain's list of the CUDA runtime's removed functions (RTGONE in
# src/doctor/explain_patterns.c), checked against the toolkit here (under
# $CDS_CODES_PREFIX, default /usr/local/cuda): every function its own
# include/generated_cudart_removed_meta.h lists that cuda_runtime_api.h no
# longer declares (less the ABI's _ptsz and _vN variants) is read, at the
# link, as API-GONE with the function named, and none of them, nor the
# texture and surface registrations, is exported by its libcudart; a
# function libcudart still exports stays the link line's (LINK-NVLIB).
# Skipped where no toolkit with that header is here.
. "$CDS_SRCDIR/tests/lib.sh"
CUDA=${CDS_CODES_PREFIX:-/usr/local/cuda}
META=$CUDA/include/generated_cudart_removed_meta.h
API=$CUDA/include/cuda_runtime_api.h
RT=$(ls "$CUDA"/lib64/libcudart.so.[0-9]* 2>/dev/null | head -n 1)
if [ ! -f "$META" ] || [ ! -f "$API" ] || [ -z "$RT" ] ||
    ! command -v readelf >/dev/null 2>&1; then
	plan 1
	skip_rest "no CUDA toolkit with its removed-functions header (and readelf) under $CUDA"
fi
gone=$(sed -n 's/^typedef struct \(cuda[A-Za-z0-9_]*\)_params_st.*/\1/p' "$META" |
    sed 's/_v[0-9]*$//' | grep -v '_ptsz$' | grep -v '_v[0-9]*$' | sort -u |
    while read -r f; do
	grep -Eq "[^A-Za-z0-9_]$f *\(" "$API" "$CUDA/include/cuda_runtime.h" ||
	    echo "$f"
done)
n=$(printf '%s\n' "$gone" | grep -c .)
kept='cudaLaunchKernel cudaMemcpy cudaStreamDestroy cudaMemPrefetchAsync'
plan $((2 * n + 8))
is "$([ "$n" -ge 20 ] && echo yes)" yes "the header lists $n removed functions"
E=$(mk_sysroot); cleanup_later "$E"
exported=$(readelf --dyn-syms -W "$RT" | awk '{print $8}' | sed 's/@.*//')
for f in $gone; do
	cds --root "$E" explain --json "main.o: undefined reference to \`$f'"
	is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("symbol")')" \
	    "('API-GONE', '$f')" "$f: removed, by the toolkit's own list"
	is "$(printf '%s\n' "$exported" | grep -cx "$f")" 0 \
	    "$f: not exported by ${RT##*/}"
done
for f in __cudaRegisterTexture __cudaRegisterSurface; do
	is "$(printf '%s\n' "$exported" | grep -cx "$f")" 0 \
	    "$f: not exported by ${RT##*/}"
done
is "$(printf '%s\n' "$exported" | grep -cx cudaLaunchKernel)" 1 \
    "the check sees what ${RT##*/} does export"
for f in $kept; do
	cds --root "$E" explain --json "main.o: undefined reference to \`$f'"
	is "$(jget "$OUT" 'd["id"]')" LINK-NVLIB "$f: still there, the link line's"
done
done_testing
