#!/bin/sh
# The driver API's functions and the CUDA release each came with
# (manifests/data/driver-api.tsv, made by tools/mkdriverapi.py from
# cudaTypedefs.h), checked against the toolkit here (under
# $CDS_CODES_PREFIX, default /usr/local/cuda): the committed table is what
# the tool makes from its header, and every name in it is one its stub
# libcuda.so exports (so the suffixes' order is the library's too).  Then
# explain: a function the libcuda loaded lacks at run time is the driver's
# age (F16, with the release it needs) when the function came after CUDA
# 11.0, and a library linked without -lcuda (LINK-LIBCUDA) when it is
# older; at the link it is always the link's.  Every function of the table
# is read so.  The table's half runs where no toolkit is here; the
# header's half is skipped then.
. "$CDS_SRCDIR/tests/lib.sh"
CUDA=${CDS_CODES_PREFIX:-/usr/local/cuda}
HDR=$CUDA/include/cudaTypedefs.h
STUB=$CUDA/lib64/stubs/libcuda.so
TSV=$CDS_SRCDIR/manifests/data/driver-api.tsv
n=$(($(wc -l <"$TSV") - 1))
new=$(awk -F'\t' 'NR > 1 { split($2, v, "."); if (v[1] * 1000 + v[2] * 10 > 11000) print $1 }' "$TSV")
old=$(awk -F'\t' 'NR > 1 { split($2, v, "."); if (v[1] * 1000 + v[2] * 10 <= 11000) print $1 }' "$TSV")
plan 9

is "$([ "$n" -ge 500 ] && echo yes)" yes "the table has $n functions"
E=$(mk_sysroot); cleanup_later "$E"
# each function, as a loader says it (one explain a function: a batch
# would not tell which one failed)
bad=
for f in $new; do
	cds --root "$E" explain --json "ImportError: /opt/x/ops.so: undefined symbol: $f"
	got=$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("driver function")')
	[ "$got" = "('F16', '$f')" ] || bad="$bad $f:$got"
done
is "$bad" "" "every function after CUDA 11.0 lacking at run time: F16, the function named"
bad=
for f in $old; do
	cds --root "$E" explain --json "ImportError: /opt/x/ops.so: undefined symbol: $f"
	got=$(jget "$OUT" 'd["id"]')
	[ "$got" = LINK-LIBCUDA ] || bad="$bad $f:$got"
done
is "$bad" "" "every function of CUDA 11.0 or before: LINK-LIBCUDA"
cds --root "$E" explain --json "ImportError: /opt/x/ops.so: undefined symbol: cuGreenCtxDestroy"
is "$(jget "$OUT" 'd["matches"][0]["captures"]["needs CUDA"], d["matches"][1]["id"]')" \
    "('12.4', 'LINK-LIBCUDA')" "cuGreenCtxDestroy: the release it needs, the other reading beside it"
cds --root "$E" explain "x.so: undefined symbol: cuCtxCreate_v4"
like "$OUT" "cuCtxCreate_v4 is a function of the driver API that came with CUDA 12.5" \
    "the text says the function and its release (a later version by its suffix)"
cds --root "$E" explain --json "ops.o: undefined reference to \`cuGreenCtxDestroy'"
is "$(jget "$OUT" 'd["id"]')" LINK-LIBCUDA "at the link: the link's, whatever the release"
cds --root "$E" explain --json "x.so: undefined symbol: cuNotAFunction"
unlike "$(jget "$OUT" '[m["id"] for m in d.get("matches", [])]')" F16 \
    "a name that is no function of the driver API: no claim of the driver's age"

if [ ! -f "$HDR" ] || [ ! -f "$STUB" ] || ! command -v nm >/dev/null 2>&1 ||
    ! command -v python3 >/dev/null 2>&1; then
	skip 2 "no CUDA toolkit with cudaTypedefs.h and its stub libcuda (and nm, python3) under $CUDA"
	done_testing
fi
src=$(sed -n '2s/.*\t//p' "$TSV")
python3 "$CDS_SRCDIR/tools/mkdriverapi.py" "$HDR" "$src" "$STUB" \
    >"$E/made.tsv" 2>"$E/err"
is "$?:$(cat "$E/err")" "0:" "every name the tool makes is exported by ${STUB##*/}"
is "$(diff "$TSV" "$E/made.tsv" | head -n 5)" "" \
    "the committed table is the one $HDR makes"
done_testing
