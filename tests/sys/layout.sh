#!/bin/sh
# The engine's floors (HACKING.md, "The floors"): src/ holds one folder per
# floor, and a folder includes and calls only the folders below it.  Read
# from the tree: every `#include "..."` line of src/ names its folder and
# points down; the clients in ui/ include no engine header but cds.h.  Read
# from the built objects of libcds (nm): every symbol an object leaves
# undefined and the engine defines is defined in its own folder or below,
# and no file calls itself back through others (no cycle between files).
. "$CDS_SRCDIR/tests/lib.sh"

# Each floor and the floors it may include and call: this table is the
# rule; src/ itself (cds.h, children.c) may use them all.
FLOORS='base:
sys: base
read: sys base
scan: read sys base
doctor: scan read sys base
plan: doctor scan read sys base
fetch: read sys base
txn: fetch read sys base
repair: txn fetch plan doctor scan read sys base
verify: scan read sys base'
# Includes that name no folder: the build's own headers (configure's, and
# the files it generates from data) and the clients' API.
BARE='config.h cds.h index-keys.h codes-table.inc driver-api.inc loader-l10n.inc nv-headers.inc'

names=$(printf '%s\n' "$FLOORS" | sed 's/:.*//')
n=0
for _f in $names; do n=$((n + 1)); done
plan $((7 + 2 * n))

S=$CDS_SRCDIR/src
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-layout-XXXXXX")
cleanup_later "$T"

# below FLOOR: the floors FLOOR may use, one per line
below() { printf '%s\n' "$FLOORS" | sed -n "s/^$1://p" | tr ' ' '\n' |
	sed '/^$/d'; }

# ---- the folders -----------------------------------------------------------
dirs=$(cd "$S" && for _d in */; do echo "${_d%/}"; done)
is "$(printf '%s\n' "$dirs" | sort | tr '\n' ' ')" \
	"$(printf '%s\n' "$names" | sort | tr '\n' ' ')" \
	"src/ has one folder per floor of the table, no other"
is "$(cd "$S" && ls ./*.c ./*.h 2>/dev/null | sed 's|^\./||' |
	tr '\n' ' ')" "cds.h children.c " \
	"src/ itself holds only the API (cds.h) and the children table"

# ---- the include lines -----------------------------------------------------
# every include line of src/ as: FILE FOLDER-OF-FILE INCLUDED
(cd "$S" && grep -H '^#[[:space:]]*include[[:space:]]*"' ./*.[ch] ./*/*.[ch]) |
	sed 's|^\./||; s|:#[[:space:]]*include[[:space:]]*"\([^"]*\)".*| \1|' |
	awk '{ d = $1; if (d ~ /\//) sub(/\/.*/, "", d); else d = "."
		print $1, d, $2 }' >"$T/inc"
bare=$(awk -v ok=" $BARE " '$3 !~ /\// && index(ok, " " $3 " ") == 0' \
	"$T/inc")
is "$bare" "" "every include of an engine header names its folder"
for _f in $names; do
	_ok=" $_f $(below "$_f" | tr '\n' ' ')"
	_bad=$(awk -v d="$_f" -v ok="$_ok" '$2 == d && $3 ~ /\// {
		t = $3; sub(/\/.*/, "", t)
		if (index(ok, " " t " ") == 0) print $1 " includes " $3 }' \
		"$T/inc")
	is "$_bad" "" "$_f/ includes only $(echo $_ok | sed 's/ /, /g')"
done
ui=$(cd "$CDS_SRCDIR" && grep -rn '^#[[:space:]]*include[[:space:]]*"' ui |
	grep -v '"cds.h"' | grep -E "\"($(echo $names | tr ' ' '|'))/" )
is "$ui" "" "ui/ includes no engine header but cds.h"

# ---- the objects' symbols --------------------------------------------------
if ! command -v nm >/dev/null 2>&1; then
	skip $((n + 3)) "nm is not installed (binutils): the symbols are not read"
	done_testing
fi
B=$CDS_BUILDDIR/src
# The objects of libcds (and of its modules: base/cryptomod.c,
# sys/netmod.c) that match a source file today (an object of a removed or
# moved source is left out), as: OBJECT FOLDER FILE
: >"$T/objs"
for _c in "$S"/*.c "$S"/*/*.c; do
	_r=${_c#"$S"/}
	case $_r in */*) _d=${_r%%/*} ;; *) _d=. ;; esac
	_b=${_r##*/}
	_o=
	for _l in libcds_la libcds_net_la libcds_crypto_la; do
		for _p in "" .libs/; do
			_x=$B/${_r%"$_b"}$_p${_l}-${_b%.c}.o
			[ -z "$_o" ] && [ -f "$_x" ] && _o=$_x
		done
	done
	if [ -z "$_o" ]; then
		echo "$_r" >>"$T/missing"
		continue
	fi
	echo "$_o $_d ${_r%.c}" >>"$T/objs"
done
missing=$(cat "$T/missing" 2>/dev/null)
is "$missing" "" "every source of src/ has its object in libcds or a module (built)"
# defined: SYMBOL FOLDER FILE; used: FILE FOLDER SYMBOL
: >"$T/def"; : >"$T/use"
while read -r _o _d _r; do
	nm --defined-only -g "$_o" | awk -v d="$_d" -v r="$_r" \
		'NF == 3 { print $3, d, r }' >>"$T/def"
	nm -u "$_o" | awk -v d="$_d" -v r="$_r" '{ print r, d, $NF }' \
		>>"$T/use"
done <"$T/objs"
# edges: FROM-FILE FROM-FOLDER TO-FILE TO-FOLDER SYMBOL
awk 'NR == FNR { f[$1] = $3; d[$1] = $2; next }
	($3 in f) && f[$3] != $1 { print $1, $2, f[$3], d[$3], $3 }' \
	"$T/def" "$T/use" >"$T/edges"
ok "$([ "$(awk '{ print $1, $3 }' "$T/edges" | sort -u | wc -l)" -gt 100 ]
	echo $?)" "the objects' symbols give the calls between files"
for _f in $names; do
	_ok=" $_f $(below "$_f" | tr '\n' ' ')"
	_bad=$(awk -v d="$_f" -v ok="$_ok" '$2 == d &&
		index(ok, " " $4 " ") == 0 { print $1 " calls " $5 " of " $3 }' \
		"$T/edges" | sort -u)
	is "$_bad" "" "$_f/'s objects call only $(echo $_ok | sed 's/ /, /g')"
done
# a cycle between files: a file that reaches itself by the call edges
cyc=$(awk '{ if (!(($1, $3) in e)) { e[$1, $3] = 1; out[$1] = out[$1] " " $3 }
		node[$1] = 1; node[$3] = 1 }
	function walk(v,   i, k, w) {
		state[v] = 1; path[++depth] = v
		k = split(out[v], w, " ")
		for (i = 1; i <= k; i++) {
			if (state[w[i]] == 1 && found == "") {
				found = w[i]
				for (j = depth; path[j] != w[i]; j--)
					found = path[j] " -> " found
				found = w[i] " -> " found
			} else if (state[w[i]] == 0)
				walk(w[i])
		}
		depth--; state[v] = 2
	}
	END { for (v in node) if (state[v] == 0) walk(v); print found }' \
	"$T/edges")
is "$cyc" "" "no file of src/ calls itself back through others"
done_testing
