#!/bin/sh
# The loader emulation against glibc's real ld.so on the generated matrix
# of tests/tools/ldmatrix.sh: the real NVIDIA libraries of /usr/local/cuda
# (each with its DT_NEEDED tree, by path, by soname through
# LD_LIBRARY_PATH and the cache, shadowed by other copies), the search
# order (RPATH, RUNPATH, LD_LIBRARY_PATH, $ORIGIN), ld.so.conf and
# ldconfig's cache, symbol versions and the first failing relocation, ELF
# classes and machines, files ld.so refuses, DF_1_NODEFLIB.  Every class
# where the emulation decides which file is loaded must agree on every
# check; the symbol classes (version, nvidia-shadow) count towards the
# figure, which must be 99% or more.  The documented limits are run and
# shown, never counted.
. "$CDS_SRCDIR/tests/lib.sh"

# classes that must always agree (the others are in the figure only)
MUST="order cache nodeflib class unusable multi nvidia-path nvidia-soname
nvidia-cache nvidia-link"
NVIDIA="nvidia-path nvidia-soname nvidia-cache nvidia-link nvidia-shadow"

OUTF=$(mktemp "${TMPDIR:-/tmp}/cds-ldmatrix-out-XXXXXX")
cleanup_later "$OUTF"
sh "$CDS_SRCDIR/tests/tools/ldmatrix.sh" -j 2 >"$OUTF" 2>&1
RC=$?
if [ "$RC" -eq 77 ]; then
	plan 1
	skip 1 "$(tail -1 "$OUTF")"
	done_testing
fi
plan 14

is "$RC" 0 "the matrix ran (ldmatrix.sh exit status)"
[ "$RC" -eq 0 ] || sed 's/^/# /' "$OUTF" | tail -20

# class NAME: its "agreed total", or nothing
class_of() {
	sed -n "s/^class $1: \([0-9]*\) of \([0-9]*\)\$/\1 \2/p" "$OUTF"
}

for c in $MUST; do
	r=$(class_of "$c")
	case $c in
	nvidia-*)
		if [ -z "$r" ] && [ ! -d /usr/local/cuda/lib64 ]; then
			skip 1 "no /usr/local/cuda/lib64: no NVIDIA libraries"
			continue
		fi ;;
	esac
	set -- $r
	if [ -n "$r" ] && [ "$2" -gt 0 ] && [ "$1" -eq "$2" ]; then
		ok 0 "class $c: every check agrees ($1 of $2)"
	else
		ok 1 "class $c: every check agrees (${1:-?} of ${2:-none})"
		grep -A2 "^\[$c\]" "$OUTF" | sed 's/^/# /' | head -30
	fi
done

FIG=$(grep '^loader agreement with ld.so: ' "$OUTF")
diag "$FIG"
set -- $(echo "$FIG" | sed -n 's/.*: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p')
AGREED=${1:-0} TOTAL=${2:-0}
# several hundred checks, most of them on the real NVIDIA libraries
NV=0
for c in $NVIDIA; do
	r=$(class_of "$c")
	[ -n "$r" ] && NV=$((NV + ${r#* }))
done
if [ -d /usr/local/cuda/lib64 ]; then
	MIN=500
else
	MIN=300
fi
if [ "$TOTAL" -ge "$MIN" ]; then
	ok 0 "at least $MIN checks ($TOTAL, $NV on NVIDIA's libraries)"
else
	ok 1 "at least $MIN checks ($TOTAL, $NV on NVIDIA's libraries)"
fi
if [ "$TOTAL" -gt 0 ] && [ $((AGREED * 1000)) -ge $((TOTAL * 990)) ]; then
	ok 0 "agreement is 99% or more"
else
	ok 1 "agreement is 99% or more"
	grep -A2 '^\[' "$OUTF" | grep -v '^\[limit:' | sed 's/^/# /' | head -40
fi
grep '^excluded' "$OUTF" | sed 's/^/# /'
like "$(grep '^class limit:' "$OUTF")" "limit:glibc-hwcaps" \
	"the documented limits are run and shown apart"

done_testing
