#!/bin/sh
# The table of NVIDIA's status codes (manifests/data/cuda-codes.tsv, made by
# tools/mkcodes.py), checked against what this machine has: for each of the
# twelve enums whose header is here (CUDA under $CDS_CODES_PREFIX, default
# /usr/local/cuda), every enumerator of the header is a row with the same
# value and every row the table gives to that header's release is in it;
# where the library's string function is here, each text is what it
# answers now (else, for rows taken from this header's comments, the
# comment).  What is not here is skipped with the reason.  Then the check
# itself, on a fake CUDA tree made from the table's own curandStatus_t
# rows: it agrees, and it fails on a changed value, a changed text and a
# broken line, so that a real difference cannot pass unseen.
. "$CDS_SRCDIR/tests/lib.sh"
if ! have_python; then
	echo "1..0 # SKIP no python3"
	exit 0
fi
plan 30

TSV=$CDS_SRCDIR/manifests/data/cuda-codes.tsv
MK=$CDS_SRCDIR/tools/mkcodes.py
PREFIX=${CDS_CODES_PREFIX:-/usr/local/cuda}
W=$(mktemp -d); cleanup_later "$W"

# tap_of FILE: mkcodes.py --check's lines ("ok|fail|skip<TAB>name<TAB>why")
# as TAP
tap_of() {
	while IFS='	' read -r st name why; do
		case $st in
		ok) ok 0 "$name" ;;
		skip) skip 1 "$name: $why" ;;
		*) ok 1 "$name"; diag "$why" ;;
		esac
	done <"$1"
}

# 1-25: the table against this machine (one line for its shape, two for
# each enum: header, texts)
python3 "$MK" --prefix "$PREFIX" --check "$TSV" >"$W/check" 2>"$W/err"
is "$?:$(wc -l <"$W/check" | tr -d ' ')" "0:25" "mkcodes.py --check runs"
[ -s "$W/err" ] && sed 's/^/# /' "$W/err" | head -20
tap_of "$W/check"

# 26-29: the check can fail.  A fake CUDA tree whose curand.h is written
# from the table's own rows of the newest release it records
F=$W/fake
mkdir -p "$F/include" "$F/lib64"
python3 - "$TSV" "$F/include" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1]), delimiter="\t")
        if r[0] == "curandStatus_t" and r[7] == "newest"]
last = max((r[5].split("-")[-1].split(",")[-1] for r in rows),
           key=lambda v: tuple(map(int, v.split("."))))
ma, mi = map(int, last.split("."))
with open(sys.argv[2] + "/cuda.h", "w") as f:
    f.write("#define CUDA_VERSION %d\n" % (ma * 1000 + mi * 10))
with open(sys.argv[2] + "/curand.h", "w") as f:
    f.write("enum curandStatus {\n")
    for r in rows:
        if r[5].endswith(last) and r[4] != "-":
            f.write("    %s = %s, ///< %s\n" % (r[3], r[2], r[4]))
    f.write("};\n")
PY
python3 "$MK" --prefix "$F" --check "$TSV" >"$W/fake.out" 2>&1
is "$(grep -c '^ok	curandStatus_t' "$W/fake.out")" "2" \
	"the check agrees with a curand.h made from the table"
# one value changed in the header: the header check fails
sed "s|= \([0-9]*\), ///< Generator not|= 1\1, ///< Generator not|" \
	"$F/include/curand.h" >"$W/h" && cp "$W/h" "$F/include/curand.h"
python3 "$MK" --prefix "$F" --check "$TSV" >"$W/fake.out" 2>&1
like "$(cat "$W/fake.out")" "^fail	curandStatus_t: curand.h .*not in table" \
	"a value the table lacks fails the check"
# one text changed in the table: the texts check fails
awk -F'\t' -v OFS='\t' '$1 == "curandStatus_t" && $3 == "0" { $5 = $5 "!" }
	{ print }' "$TSV" >"$W/t.tsv"
python3 "$MK" --prefix "$F" --check "$W/t.tsv" >"$W/fake.out" 2>&1
like "$(cat "$W/fake.out")" "^fail	curandStatus_t: [0-9]+ texts" \
	"a text that is not the header's fails the check"
# a line of seven columns: the shape check fails
sed '2s/	[^	]*$//' "$TSV" >"$W/s.tsv"
python3 "$MK" --prefix "$F" --check "$W/s.tsv" >"$W/fake.out" 2>&1
like "$(cat "$W/fake.out")" "^fail	table shape.*line 2: 7 columns" \
	"a line of seven columns fails the shape check"

done_testing
