#!/bin/sh
# The table of NVIDIA's status codes (manifests/data/cuda-codes.tsv, made by
# tools/mkcodes.py), checked against what this machine has: for each of the
# fourteen enums whose header is here (CUDA under $CDS_CODES_PREFIX, default
# /usr/local/cuda, cuFile's cufile.h with it; NVENC's under
# /usr/include/ffnvcodec), every enumerator of the header is a row with the same
# value and every row the table gives to that header's release is in it;
# where the library's string function is here, each text is what it
# answers now (else, for rows taken from this header's comments, the
# comment).  What is not here is skipped with the reason.  Then the check
# itself, on a fake CUDA tree made from the table's own curandStatus_t
# rows: it agrees, and it fails on a changed value, a changed text and a
# broken line, so that a real difference cannot pass unseen.  Then the
# words older releases say for a code (the table's "older" rows, such as
# CUDA 11.2's "all CUDA-capable devices are busy or unavailable"): explain
# resolves each, in each form its library's words are printed in, to its
# code and shows the code's newest words; the check takes an older
# release's libcudart (a real ELF library built here, soname
# libcudart.so.11.0, saying the table's words of 11.2) as agreeing, and
# not once those rows are gone; and it fails on a misplaced or repeated
# older row.  Then the driver's own libraries: a test double of libcuda.so.1
# and of libnvidia-ml.so.1 (real ELF libraries built here, saying the
# table's words of CUDA 12.5, and writing a file into /dev when called, as
# NVIDIA's create /dev/nvidia*): mkcodes.py takes cuGetErrorString's words
# through its out-parameter and nvmlErrorString's, falls back to the
# header's comment for a value the library has no words for, leaves the
# machine's /dev untouched, and stops on a driver library named by another
# release than its cuDriverGetVersion() says or an NVML without its
# driver's libcuda.  And explain knows words only the libraries say:
# nvidia-smi's "Failed to initialize NVML: GPU access blocked by the
# operating system" (NVML_ERROR_OPERATING_SYSTEM; nvml.h's comment says
# "blocked by the operating system/cgroups") and the driver's "context
# already current" (no runtime code says it).
. "$CDS_SRCDIR/tests/lib.sh"
if ! have_python; then
	echo "1..0 # SKIP no python3"
	exit 0
fi

TSV=$CDS_SRCDIR/manifests/data/cuda-codes.tsv
W=$(mktemp -d); cleanup_later "$W"

# the older words of the codes whose words are matched, one line a text
# in a form its library's words are printed in: TEXT, code, its newest
# words (tab-separated)
python3 - "$TSV" >"$W/forms" <<'PY'
import csv, sys
forms = {
    "cudaError_t": ["Status: %s", "RuntimeError: CUDA error: %s\n"
                    "CUDA kernel errors might be asynchronously reported"],
    "CUresult": ["RuntimeError: CUDA driver error: %s"],
    "ncclResult_t": ["RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1191,"
                     " %s, NCCL version 2.22.3"],
}
newest = {}
for r in csv.reader(open(sys.argv[1]), delimiter="\t",
                    quoting=csv.QUOTE_NONE):
    if r[7] == "newest":
        newest[tuple(r[:4])] = r[4]
    elif r[7] == "older":
        for f in forms.get(r[0], []):
            print("\t".join([(f % r[4]).replace("\n", "\\n"), r[3],
                             newest[tuple(r[:4])]]))
PY
NFORMS=$(wc -l <"$W/forms" | tr -d ' ')
plan $((59 + NFORMS))

TSV=$CDS_SRCDIR/manifests/data/cuda-codes.tsv
MK=$CDS_SRCDIR/tools/mkcodes.py
PREFIX=${CDS_CODES_PREFIX:-/usr/local/cuda}

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

# 1-29: the table against this machine (one line for its shape, two for
# each enum: header, texts)
python3 "$MK" --prefix "$PREFIX" --check "$TSV" >"$W/check" 2>"$W/err"
is "$?:$(wc -l <"$W/check" | tr -d ' ')" "0:29" "mkcodes.py --check runs"
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

# 31-: the older words, through explain on an empty root: the code named,
# its newest words shown
E0=$W/empty
mkdir -p "$E0"
# said_code TEXT: in $SAID what explain names of TEXT, the first code a
# match captures and what it says the code says ($OUT: the JSON)
said_code() {
	cds --root "$E0" explain --json "$1"
	SAID=$(jget "$OUT" '[m["captures"]["code"] + " | " +
	    m["captures"]["code says"] for m in d["matches"]
	    if "code" in m.get("captures", {})][:1]')
}
while IFS='	' read -r text name words; do
	text=$(printf '%b' "$text")
	said_code "$text"
	is "$SAID" "['$name | $words']" \
		"older words resolve to $name: $(printf '%s' "$text" | head -1)"
done <"$W/forms"
like "$NFORMS" '^([4-9]|[1-9][0-9]+)$' \
	"the table has older words of the runtime, the driver or NCCL ($NFORMS forms)"
# the two that people paste most, by hand: CUDA 11.2's runtime words and
# PyTorch's words for ncclSystemError (they name the enumerator); the
# newest words still resolve as before
said_code 'Status: all CUDA-capable devices are busy or unavailable'
is "$SAID" \
	"['cudaErrorDevicesUnavailable | CUDA-capable device(s) is/are busy or unavailable']" \
	"CUDA 11.2's 'all CUDA-capable devices are busy or unavailable' is cudaErrorDevicesUnavailable"
is "$(jget "$OUT" 'd["id"]')" "CUDA-BUSY" "... and its entry is CUDA-BUSY"
said_code 'Status: CUDA-capable device(s) is/are busy or unavailable'
is "$SAID" \
	"['cudaErrorDevicesUnavailable | CUDA-capable device(s) is/are busy or unavailable']" \
	"CUDA 13.0's words for it still resolve"
said_code 'ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.'
is "$SAID" \
	"['ncclSystemError | unhandled system error (run with NCCL_DEBUG=INFO for details)']" \
	"PyTorch's 'ncclSystemError: System call (e.g. socket, malloc) ...' is ncclSystemError"
said_code 'read as normalized float not supported for 32-bit non float type'
is "$SAID" \
	"['cudaErrorInvalidNormSetting | read as normalized float not supported for data type']" \
	"CUDA 11.2-12.4's bare sentence for cudaErrorInvalidNormSetting resolves"

# mk_tree DIR REL SONAME: a CUDA tree of release REL whose driver_types.h
# has the table's cudaError_t values of REL and whose libcudart (a real
# ELF library built here, soname SONAME) says the table's words of REL:
# an older row's where one is of REL, else the newest row's
mk_tree() {
	mkdir -p "$1/include" "$1/lib64"
	python3 - "$TSV" "$1" "$2" <<'PY' &&
import csv, json, sys
tsv, out, rel = sys.argv[1:4]
rows = [r for r in csv.reader(open(tsv), delimiter="\t",
                              quoting=csv.QUOTE_NONE)
        if r[0] == "cudaError_t"]
key = lambda v: tuple(map(int, v.split(".")))
def has(cell, rel):
    for part in cell.split(","):
        a, _, b = part.partition("-")
        if key(a) <= key(rel) <= key(b or a):
            return True
    return False
words = {}
for r in rows:
    if has(r[5], rel) and (r[7] == "older" or r[2] not in words):
        words[r[2]] = (r[3], r[4])
ma, mi = key(rel)
open(out + "/include/cuda.h", "w").write(
    "#define CUDA_VERSION %d\n" % (ma * 1000 + mi * 10))
with open(out + "/include/driver_types.h", "w") as f:
    f.write("enum cudaError {\n")
    for v, (name, _) in sorted(words.items(), key=lambda x: int(x[0])):
        f.write("    %s = %s,\n" % (name, v))
    f.write("};\n")
with open(out + "/cudart.c", "w") as f:
    f.write("const char *cudaGetErrorString(int e);\n"
            "const char *\ncudaGetErrorString(int e)\n{\n\tswitch (e) {\n")
    for v, (_, t) in words.items():
        f.write("\tcase %s: return %s;\n" % (v, json.dumps(t)))
    f.write("\t}\n\treturn \"unrecognized error code\";\n}\n")
PY
	${CC:-cc} -shared -fPIC -Wl,-soname,"$3" -o "$1/lib64/$3" \
	    "$1/cudart.c" 2>"$W/cc.err"
}

# the check on an older release (11.2), and the table made again from a
# 13.0 tree and that 11.2 one: the same older words of 11.2
O=$W/old N=$W/new
if mk_tree "$O" 11.2 libcudart.so.11.0 &&
    mk_tree "$N" 13.0 libcudart.so.13; then
	python3 "$MK" --prefix "$O" --check "$TSV" >"$W/old.out" 2>&1
	like "$(cat "$W/old.out")" \
		"^ok	cudaError_t: driver_types.h \(CUDA 11.2\) and the table agree" \
		"an 11.2 header agrees with the table"
	like "$(cat "$W/old.out")" \
		"^ok	cudaError_t: [0-9]+ texts of cudaGetErrorString, libcudart.so.11.0 \(CUDA 11.2\) are among the table's wordings" \
		"an 11.2 libcudart's words are among the table's"
	# without its older rows, the table does not know 11.2's words
	awk -F'\t' '$8 != "older"' "$TSV" >"$W/n.tsv"
	python3 "$MK" --prefix "$O" --check "$W/n.tsv" >"$W/old.out" 2>&1
	like "$(cat "$W/old.out")" \
		"^skip	cudaError_t texts	.*none of its wordings.*cudaErrorDevicesUnavailable: .*here 'all CUDA-capable devices are busy or unavailable'" \
		"without the older rows, 11.2's words are told as unknown"
	python3 "$MK" --prefix "$N" --cuda 11.2 "$O/include" 'test 11.2' \
	    --lib cudaError_t 11.2 "$O/lib64/libcudart.so.11.0" 'test 11.2' \
	    >"$W/gen.tsv" 2>"$W/gen.err"
	older() {	# older TSV: an older row's name and words, of 11.2
		awk -F'\t' '$1 == "cudaError_t" && $8 == "older" &&
		    $6 ~ /^11\.2([-,]|$)/ { print $4 "|" $5 }' "$1" | sort
	}
	is "$(older "$W/gen.tsv")" "$(older "$TSV")" \
		"made again from 13.0 and 11.2: the same older words of 11.2"
else
	sed 's/^/# /' "$W/cc.err" | head -5
	skip 4 "no C compiler to build a libcudart"
fi
# a library named on the command line that cannot be called stops the
# tool, naming it
python3 "$MK" --prefix "$W/fake" --cuda 11.2 "$O/include" x \
    --lib cudaError_t 11.2 "$W/none/libcudart.so.11.0" x >"$W/gen.tsv" 2>&1
like "$?:$(cat "$W/gen.tsv")" \
	"^1:mkcodes.py: $W/none/libcudart.so.11.0: cudaGetErrorString cannot be called" \
	"a --lib that cannot be called stops mkcodes.py with its name"

# the shape of older rows: one before its newest row, or one repeating the
# newest's words, fails
python3 - "$TSV" "$W" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = next(n for n, ln in enumerate(lines) if ln.endswith("\tolder"))
swapped = lines[:i - 1] + [lines[i], lines[i - 1]] + lines[i + 1:]
open(sys.argv[2] + "/swap.tsv", "w").write("\n".join(swapped))
cells = lines[i].split("\t")
cells[4] = lines[i - 1].split("\t")[4]
same = lines[:i] + ["\t".join(cells)] + lines[i + 1:]
open(sys.argv[2] + "/same.tsv", "w").write("\n".join(same))
PY
python3 "$MK" --prefix "$W/fake" --check "$W/swap.tsv" >"$W/s.out" 2>&1
like "$(head -1 "$W/s.out")" "^fail	table shape.*older wording of .* before or without its newest" \
	"an older row before its code's newest row fails the shape check"
python3 "$MK" --prefix "$W/fake" --check "$W/same.tsv" >"$W/s.out" 2>&1
like "$(head -1 "$W/s.out")" "^fail	table shape.*words twice" \
	"an older row with the newest's words fails the shape check"

# ---- the driver's own libraries -----------------------------------------
# mk_driver DIR: CUDA 12.5's cuda.h and nvml.h in DIR/include, of the
# table's CUresult and nvmlReturn_t values of 12.5, and one value more
# that only the header knows (9999, with a comment); test doubles of
# libcuda (cuGetErrorString of the table's words, 1 and NULL for 9999;
# cuDriverGetVersion 12050) and libnvidia-ml (nvmlErrorString) in DIR/lib,
# driver 555.0.1 in their file names, each writing the file $CDS_DEVFILE
# when called
mk_driver() {
	mkdir -p "$1/include" "$1/lib"
	python3 - "$TSV" "$1" "$CDS_SRCDIR/tools" <<'PY' &&
import csv, json, sys
tsv, out = sys.argv[1:3]
sys.path.insert(0, sys.argv[3])
from mkcodes import covers    # is a release in a releases cell
words = {"CUresult": {}, "nvmlReturn_t": {}}
for r in csv.reader(open(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
    if r[0] in words and r[7] == "newest" and covers(r[5], "12.5"):
        words[r[0]][int(r[2])] = (r[3], r[4])
with open(out + "/include/cuda.h", "w") as f:
    f.write("#define CUDA_VERSION 12050\ntypedef enum cudaError_enum {\n")
    for v, (n, _) in sorted(words["CUresult"].items()):
        f.write("    %s = %d,\n" % (n, v))
    f.write("    /**\n     * Only the header says this.\n     */\n"
            "    CUDA_ERROR_TEST_ONLY = 9999\n} CUresult;\n")
with open(out + "/include/nvml.h", "w") as f:
    f.write("typedef enum nvmlReturn_enum {\n")
    for v, (n, _) in sorted(words["nvmlReturn_t"].items()):
        f.write("    %s = %d,\n" % (n, v))
    f.write("} nvmlReturn_t;\n")
def switch(enum):
    return "".join("\tcase %d: return %s;\n" % (v, json.dumps(t))
                   for v, (_, t) in sorted(words[enum].items()))
with open(out + "/driver.c", "w") as f:
    f.write("""/* a TEST DOUBLE of the driver's libraries (never installed) */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
static void
touch_dev(void)
{
	const char *p = getenv("CDS_DEVFILE");
	int fd;

	if (p != NULL && (fd = open(p, O_CREAT | O_WRONLY, 0644)) >= 0)
		close(fd);
}
#ifdef NVML
const char *nvmlErrorString(int e);
const char *
nvmlErrorString(int e)
{
	touch_dev();
	switch (e) {
%s\t}
	return "Unknown Error";
}
#else
static const char *
words(int e)
{
	switch (e) {
%s\t}
	return NULL;
}
int cuGetErrorString(int e, const char **s);
int
cuGetErrorString(int e, const char **s)
{
	touch_dev();
	*s = words(e);
	return *s == NULL ? 1 : 0;
}
int cuDriverGetVersion(int *v);
int
cuDriverGetVersion(int *v)
{
	*v = 12050;
	return 0;
}
#endif
""" % (switch("nvmlReturn_t"), switch("CUresult")))
PY
	${CC:-cc} -shared -fPIC -Wl,-soname,libcuda.so.1 \
	    -o "$1/lib/libcuda.so.555.0.1" "$1/driver.c" 2>"$W/cc.err" &&
	${CC:-cc} -shared -fPIC -DNVML -Wl,-soname,libnvidia-ml.so.1 \
	    -o "$1/lib/libnvidia-ml.so.555.0.1" "$1/driver.c" 2>>"$W/cc.err" &&
	ln -s libcuda.so.555.0.1 "$1/lib/libcuda.so.1" &&
	ln -s libnvidia-ml.so.555.0.1 "$1/lib/libnvidia-ml.so.1"
}

D=$W/driver
DEVFILE=/dev/cds-codes-test.$$
# newest KIND TSV: the newest rows of enum KIND, value, name and text
newest() {
	awk -F'\t' -v k="$1" '$1 == k && $8 == "newest" {
	    print $3 "|" $4 "|" $5 }' "$2"
}
if [ "$(id -u)" = 0 ]; then
	NS="unshare --mount --propagation private"
else
	NS="unshare --map-root-user --mount --propagation private"
fi
if ! mk_driver "$D"; then
	sed 's/^/# /' "$W/cc.err" | head -5
	skip 8 "no C compiler to build the driver's test doubles"
elif ! $NS sh -c 'mount -t tmpfs x /dev' 2>/dev/null; then
	skip 8 "no mount namespace can be made here ($NS)"
else
	CDS_DEVFILE=$DEVFILE python3 "$MK" --prefix "$W/none" \
	    --cuda 12.5 "$D/include" 'test 12.5' \
	    --nvml 12.5 "$D/include" 'test 12.5' \
	    --lib CUresult 12.5 "$D/lib/libcuda.so.1" 'test driver 555' \
	    --lib nvmlReturn_t 12.5 "$D/lib/libnvidia-ml.so.1" \
	    'test driver 555' >"$W/drv.tsv" 2>"$W/drv.err"
	is "$?:$(cat "$W/drv.err")" "0:" "mkcodes.py calls the driver's libraries"
	is "$(newest CUresult "$W/drv.tsv" | grep -v '^9999|')" \
	    "$(awk -F'\t' '$1 == "CUresult" && $8 == "newest" &&
	    $7 ~ /^cuGetErrorString/ { print $3 "|" $4 "|" $5 }' "$TSV")" \
	    "cuGetErrorString's words, through its out-parameter, for every value"
	is "$(grep -c '	cuGetErrorString, libcuda.so.1 (test driver 555)	' "$W/drv.tsv")" \
	    "$(awk -F'\t' '$1 == "CUresult" && $8 == "newest" &&
	    $7 ~ /^cuGetErrorString/' "$TSV" | wc -l | tr -d ' ')" \
	    "... each row naming the library"
	is "$(newest CUresult "$W/drv.tsv" | grep '^9999|')" \
	    "9999|CUDA_ERROR_TEST_ONLY|Only the header says this." \
	    "a value the library has no words for keeps the header's comment"
	is "$(newest nvmlReturn_t "$W/drv.tsv" | grep '^17|')" \
	    "17|NVML_ERROR_OPERATING_SYSTEM|GPU access blocked by the operating system" \
	    "nvmlErrorString's words"
	if [ -e "$DEVFILE" ]; then
		rm -f "$DEVFILE"
		ok 1 "the machine's /dev is untouched"
		diag "the driver's test double wrote $DEVFILE"
	else
		ok 0 "the machine's /dev is untouched (the libraries had a /dev of their own)"
	fi
	python3 "$MK" --prefix "$W/none" --cuda 12.4 "$D/include" x \
	    --lib CUresult 12.4 "$D/lib/libcuda.so.1" x >/dev/null 2>"$W/drv.err"
	like "$?:$(cat "$W/drv.err")" \
	    "^1:mkcodes.py: --lib CUresult 12.4 .*: its cuDriverGetVersion\(\) says CUDA 12.5; name it by that release" \
	    "a libcuda named by another release than it says stops mkcodes.py"
	python3 "$MK" --prefix "$W/none" --nvml 12.5 "$D/include" x \
	    --lib nvmlReturn_t 12.5 "$D/lib/libnvidia-ml.so.1" x >/dev/null 2>"$W/drv.err"
	like "$?:$(cat "$W/drv.err")" \
	    "^1:mkcodes.py: --lib nvmlReturn_t 12.5 .*: name the libcuda of the same driver \(555.0.1\)" \
	    "an NVML without its driver's libcuda stops mkcodes.py"
fi

# words only the libraries say, through explain
said_code 'Failed to initialize NVML: GPU access blocked by the operating system'
is "$SAID" \
	"['NVML_ERROR_OPERATING_SYSTEM | GPU access blocked by the operating system']" \
	"nvidia-smi's 'GPU access blocked by the operating system' is NVML_ERROR_OPERATING_SYSTEM"
is "$(jget "$OUT" '[m["captures"].get("printed by") for m in d["matches"] if "code" in m["captures"]]')" \
	"['nvidia-smi']" "... printed by nvidia-smi (the code's match; GPU-BLOCKED reads it first)"
said_code 'RuntimeError: CUDA driver error: context already current'
is "$SAID" \
	"['CUDA_ERROR_CONTEXT_ALREADY_CURRENT | context already current']" \
	"the driver's 'context already current' is CUDA_ERROR_CONTEXT_ALREADY_CURRENT"
said_code 'Failed to initialize NVML: out of memory'
is "$SAID" "" \
	"after NVML's prefix, the runtime's words are no code (NVML says 'Insufficient Memory')"

done_testing
