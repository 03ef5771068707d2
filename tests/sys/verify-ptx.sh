#!/bin/sh
# verify's PTX kernel (src/verify/ptx.h) assembles with the toolkit's ptxas for
# sm_75, sm_80 and sm_90 and for every other real target ptxas lists in
# --help; its ISA version is the lowest this ptxas takes (one step lower,
# 2.2, is refused because .address_size 64 needs 2.3).  Skips without a
# CUDA toolkit.
. "$CDS_SRCDIR/tests/lib.sh"

PTXAS=/usr/local/cuda/bin/ptxas
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas 2>/dev/null)
if [ -z "$PTXAS" ] || [ ! -x "$PTXAS" ]; then
	echo "1..0 # SKIP no ptxas (no CUDA toolkit)"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-ptx-XXXXXX")
cleanup_later "$T"
# the text exactly as the program carries it
printf '#include <stdio.h>\n#include "%s"\nint main(void) {\n%s\n}\n' \
	verify/ptx.h 'fputs(cds_ptx_saxpy, stdout); return 0;' >"$T/dump.c"
if ! ${CC:-cc} -I"$CDS_SRCDIR/src" -o "$T/dump" "$T/dump.c" ||
    ! "$T/dump" >"$T/k.ptx"; then
	echo "1..1"
	echo "not ok 1 - cannot extract the PTX from src/verify/ptx.h"
	exit 1
fi
# every real target ptxas knows: 'sm_75', 'sm_90a', ... in its --help
archs=$("$PTXAS" --help | sed -n "/Allowed values for this option:  'compute_/,/Default value/p" |
	grep -o "'sm_[0-9]*[a-z]*'" | tr -d "'" | sort -u)
extra=$(printf '%s\n' $archs | grep -v -x -e sm_75 -e sm_80 -e sm_90 | tr '\n' ' ')
n=$(printf '%s\n' $extra | grep -c .)
plan $((n + 7))

for a in sm_75 sm_80 sm_90 $extra; do
	"$PTXAS" -arch="$a" "$T/k.ptx" -o "$T/k.cubin" >"$T/log" 2>&1
	ok $? "ptxas -arch=$a assembles the kernel"
	[ -s "$T/k.cubin" ] || sed 's/^/# /' "$T/log"
	rm -f "$T/k.cubin"
done
is "$(printf '%s\n' $archs | grep -c -x -e sm_75 -e sm_80 -e sm_90)" 3 \
	"ptxas lists sm_75, sm_80 and sm_90"
is "$(head -2 "$T/k.ptx" | tr '\n' ' ')" ".version 2.3 .target sm_20 " \
	"the ISA and target the comment in ptx.h states"
sed '1s/.*/.version 2.2/' "$T/k.ptx" >"$T/low.ptx"
"$PTXAS" -arch=sm_75 "$T/low.ptx" -o "$T/low.cubin" >"$T/log" 2>&1
rc=$?
ok $((rc == 0)) "one ISA step lower is refused (so 2.3 is the lowest)"
like "$(cat "$T/log")" "address_size.*requires PTX ISA .version 2.3" \
	"for the reason ptx.h gives"
done_testing
