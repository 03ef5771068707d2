#!/bin/sh
# Benchmark (not a pass/fail test): how often the tool tells the truth, in
# one table.
#
#   tests/bench/truth.sh [BUILDDIR]        (or `make bench-truth`)
#
# Rows:
#   corpus texts      every real error text of tests/realworld/errors, fed
#                     to `explain` as people paste it: recognised as the
#                     entry its header names, as another entry, or not at
#                     all;
#   held-out texts    the same for tests/realworld/heldout, texts no
#                     recogniser was written against (its README): right
#                     when a match is the entry the thread's cause is, or,
#                     for a cause no entry is about, names its NVIDIA code;
#                     then apart: the texts whose cause has an entry, and
#                     those whose cause none is about; and every answer the
#                     thread bears out (for a cause none is about, also no
#                     entry claimed); of the wrong ones, those whose entry
#                     names the thread's cause among its causes (a finding
#                     of the user's machine decides between them);
#   verdicts          every expectation of the real-world cases (Debian's
#                     own roots, inside and with --root; the healthy host,
#                     pip and conda envs) and of explain's verdicts on named
#                     machines (tests/sys/explain-verdicts.sh): right, or
#                     wrong (a failing check, or one still marked pending);
#   false errors      error findings, and repair plans, in the healthy
#                     machines and envs (the goal is none);
#   loader            agreement of the loader emulation with glibc's ld.so
#                     on the generated matrix (tests/tools/ldmatrix.sh).
# A case whose parts are missing here (no Debian roots, not root) is shown
# as skipped with the reason, never counted.
set -u
B=$(cd "${1:-.}" && pwd)
SRC=$(cd "$(dirname "$0")/../.." && pwd)
CDS_BIN=$B/cudnn-setup CDS_BUILDDIR=$B CDS_SRCDIR=$SRC CDS_DATADIR=$SRC/tests/data
export CDS_BIN CDS_BUILDDIR CDS_SRCDIR CDS_DATADIR
[ -x "$CDS_BIN" ] || {
	echo "truth.sh: $CDS_BIN: not built; run make first" >&2
	exit 2
}
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-truth-XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM

row() { printf '%-34s %8s %8s %8s  %s\n' "$@"; }

# ---- corpus texts ----------------------------------------------------------
# corpus DIR: "N SAME OTHER NONE EN ESAME EOTHER" for the texts of DIR,
# fed to `explain` as people paste them: recognised as the cause its
# header names (its entry; for "entry: -", the NVIDIA code of "code:"
# named by a match), as something else, or not at all; EN of them have a
# header that names an entry, ESAME and EOTHER of those recognised so.
# The wrong ones go to the notes.
mkdir -p "$T/empty/etc" "$T/empty/tmp"
# same(NAME): a code's name, the driver API's and the runtime's spelling of
# one code made one (CUDA_ERROR_LAUNCH_TIMEOUT and cudaErrorLaunchTimeout):
# a text that prints only the description ("the launch timed out and was
# terminated") or a number both enums give the same meaning names either
CODES='
def same(n):
    if n.startswith("CUDA_ERROR_"):
        return "cuda:" + n[11:].replace("_", "").lower()
    if n.startswith("cudaError"):
        return "cuda:" + n[9:].lower()
    return n
'
: >"$T/empty/etc/ld.so.conf"
corpus() {
	n=0 same=0 other=0 none=0 en=0 esame=0 eother=0 elisted=0
	for f in "$1"/*.txt; do
		want=$(sed -n 's/^entry: *//p;/^---$/q' "$f")
		code=$(sed -n 's/^code: *//p;/^---$/q' "$f")
		sed '1,/^---$/d' "$f" >"$T/text"
		# the shipped index, as a user's explain reads it (its soname
		# table decides F13 for a library no row names)
		got=$("$CDS_BIN" --root "$T/empty" --manifest \
		    "$SRC/manifests/index.json" explain --json - \
		    <"$T/text" 2>/dev/null | python3 -c "$CODES"'
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    print("-"); sys.exit()
ids = [m["id"] for m in d.get("matches", [])]
ids += ["=" + same(m["captures"]["code"]) for m in d.get("matches", [])
        if "code" in m.get("captures", {})]
# only what the text names, looked up: no cause claimed, not recognised
got = " ".join(ids) if d.get("recognised") and ids != ["NAMES"] else "-"
# and the entries whose findings would show each cause it names
by = [i for c in d.get("causes") or [] for i in c.get("finding_ids") or []]
print(got + " | " + " ".join(by))')
		by=" ${got#* | } "
		got=${got%% | *}
		[ "$code" = - ] || code=$(python3 -c "$CODES"'
import sys
print(same(sys.argv[1]))' "$code")
		n=$((n + 1))
		[ "$want" = - ] || en=$((en + 1))
		case " $got " in
		" - ") none=$((none + 1))
			echo "# ${f##*/}: wanted $want, not recognised" \
			    >>"$T/notes" ;;
		*" $want "*|*" =$code "*) same=$((same + 1))
			[ "$want" = - ] || esame=$((esame + 1)) ;;
		*)	other=$((other + 1))
			[ "$want" = - ] || eother=$((eother + 1))
			case "$want:$by" in
			-:*) ;;
			*:*" $want "*) elisted=$((elisted + 1)) ;;
			esac
			echo "# ${f##*/}: wanted $want${code:+ ($code)}," \
			    "explain said $got" >>"$T/notes" ;;
		esac
	done
	echo "$n $same $other $none $en $esame $eother $elisted"
}
set -- $(corpus "$SRC/tests/realworld/errors")
n=$1 same=$2 other=$3 none=$4
set -- $(corpus "$SRC/tests/realworld/heldout")
hn=$1 hsame=$2 hother=$3 hnone=$4 hen=$5 hesame=$6 heother=$7 helisted=$8

# ---- verdicts and false errors ---------------------------------------------
# tap NAME SCRIPT: run a TAP script as make check does; counts to NAME.*
tap() {
	(cd "$B" && sh "$2") >"$T/$1.tap" 2>"$T/$1.err"
	awk '
	/^1\.\.0/ { skip = $0; sub(/^1\.\.0 *# *SKIP */, "", skip) }
	/^ok / && !/# SKIP/ { right++ }
	/^not ok / { wrong++; if ($0 ~ /# TODO/) todo++ }
	END { printf "%d %d %d %s\n", right, wrong, todo, skip }' "$T/$1.tap"
}
vr=0 vw=0 vt=0
for c in realworld/bookworm-nvidia realworld/trixie-torch-cuda \
    realworld/bullseye-tesla realworld/healthy sys/explain-verdicts; do
	set -- $(tap "${c##*/}" "$SRC/tests/$c.sh")
	if [ $(($1 + $2)) -eq 0 ]; then
		shift 3
		echo "# ${c##*/}: skipped: ${*:-no result}" >>"$T/notes"
		continue
	fi
	row "  ${c##*/}" "$1" "$2" "$3" "" >>"$T/cases"
	vr=$((vr + $1)) vw=$((vw + $2)) vt=$((vt + $3))
done
fe=- fp=- fv=0
if [ -d "$B/tests/realworld/healthy.d" ]; then
	fe=0 fp=0
	for d in "$B"/tests/realworld/healthy.d/*/; do
		[ -f "$d/doctor.out" ] || continue
		fv=$((fv + 1))
		set -- $(python3 - "$d" <<'EOF'
import json, os, sys
d = sys.argv[1]
def load(n):
    try:
        return json.load(open(os.path.join(d, n)))
    except (OSError, ValueError):
        return {}
doc, rep = load("doctor.out"), load("repair.out")
errs = [f for f in doc.get("findings", []) if f.get("severity") == "error"]
print(len(errs), 1 if rep.get("operations") or rep.get("install") else 0)
EOF
)
		fe=$((fe + $1)) fp=$((fp + $2))
	done
fi

# ---- the loader ------------------------------------------------------------
if [ -x "$B/tests/tools/ldmatrix" ]; then
	ld=$(sh "$SRC/tests/tools/ldmatrix.sh" --figure 2>"$T/ld.err" |
		sed -n 's/^loader agreement with ld.so: //p')
	[ -n "$ld" ] || ld="skipped: $(tail -1 "$T/ld.err")"
else
	ld="skipped: tests/tools/ldmatrix not built (make check builds it)"
fi

# ---- the table -------------------------------------------------------------
row "" "right" "wrong" "pending" ""
row "corpus texts ($n, explain)" "$same" "$other" "-" \
	"recognised as their entry / as another; $none not recognised"
row "held-out texts ($hn, explain)" "$hsame" "$hother" "-" \
	"with the cause the thread established / other; $hnone not recognised"
row "  whose cause has an entry ($hen)" "$hesame" "$heother" "-" \
	"$((hen - hesame - heother)) not recognised"
row "    wrong, naming its cause" "-" "$helisted" "-" \
	"another entry, whose causes include the thread's (a finding here decides)"
row "  whose cause none is about ($((hn - hen)))" "$((hsame - hesame))" \
	"$((hother - heother))" "-" "right by the NVIDIA code printed / an entry claimed; $((hnone - hen + hesame + heother)) not recognised"
# what explain said of every held-out text, held against its thread: the
# cause it established, or, for a cause no entry is about, its code or no
# cause claimed (what the README asks of those texts)
hquiet=$((hnone - hen + hesame + heother))
row "  answers the thread bears out" "$((hsame + hquiet))" \
	"$((hn - hsame - hquiet))" "-" \
	"the entry or code it established, or no entry claimed where none is about it"
row "verdicts (expectations)" "$vr" "$vw" "$vt" \
	"wrong includes pending (known wrong, TODO)"
[ -f "$T/cases" ] && cat "$T/cases"
row "false errors (healthy, $fv views)" "-" "$fe" "-" \
	"error findings; $fp repair plan(s)"
echo "loader agreement with ld.so: $ld"
[ -f "$T/notes" ] && cat "$T/notes"
exit 0
