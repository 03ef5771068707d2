#!/bin/sh
# The index's signature format against Debian's minisign: keys and
# signatures minisign makes verify with the program's reader
# (src/base/minisign.c, through tools/cds-sign verify), and signatures and keys
# tools/cds-sign makes verify with minisign.  The reader's robustness:
# bad base64, a good signature cut short at each line, a legacy "Ed"
# signature, NUL bytes, a huge file, CRLF line ends.  BLAKE2b-256 (the
# secret key's checksum) against Python's hashlib.
. "$CDS_SRCDIR/tests/lib.sh"
plan 27

SIGN=$CDS_BUILDDIR/tools/cds-sign
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-ms-XXXXXX"); cleanup_later "$T"
printf '{"schema": 1, "version": 7}\n' >"$T/f"

# --- BLAKE2b-256 of 0, 1, 127, 128, 129 and 1000 bytes -------------------
if have_python; then
	bad=""
	for n in 0 1 127 128 129 1000; do
		head -c "$n" /dev/urandom >"$T/b$n"
		want=$(python3 -c 'import hashlib,sys
print(hashlib.blake2b(open(sys.argv[1],"rb").read(), digest_size=32).hexdigest())' "$T/b$n")
		[ "$("$SIGN" blake2b256 "$T/b$n")" = "$want" ] || bad="$bad $n"
	done
	is "$bad" "" "BLAKE2b-256 matches hashlib at 0, 1, 127, 128, 129, 1000 bytes"
else
	skip 1 "no python3"
fi

# --- the program's own pair ---------------------------------------------
"$SIGN" generate "$T/k" "$T/k.pub"
is "$?" 0 "cds-sign generate"
"$SIGN" sign "$T/k" "$T/f" >/dev/null
"$SIGN" verify "$T/k.pub" "$T/f" >"$T/out" 2>&1
is "$?" 0 "cds-sign verifies its own signature"
like "$(cat "$T/out")" "Trusted comment: timestamp:[0-9]+	file:f	hashed" "with minisign's trusted comment"

# --- against minisign ----------------------------------------------------
if command -v minisign >/dev/null 2>&1; then
	minisign -G -W -p "$T/m.pub" -s "$T/m.key" >/dev/null 2>&1 </dev/null
	is "$?" 0 "minisign -G -W makes a key"
	minisign -S -s "$T/m.key" -m "$T/f" -x "$T/f.m.sig" \
		-t "made by minisign" >/dev/null 2>&1 </dev/null
	"$SIGN" verify "$T/m.pub" "$T/f" "$T/f.m.sig" >"$T/out" 2>&1
	is "$?" 0 "a signature by minisign verifies with the program's reader"
	like "$(cat "$T/out")" "Trusted comment: made by minisign" "its trusted comment is read"
	cp "$T/f" "$T/f2"
	printf 'x' >>"$T/f2"
	"$SIGN" verify "$T/m.pub" "$T/f2" "$T/f.m.sig" >"$T/out" 2>&1
	is "$?" 1 "minisign's signature over other bytes: refused"
	like "$(cat "$T/out")" "not the one signed" "... as another file"
	sed 's/^trusted comment: .*/trusted comment: made by someone else/' \
		"$T/f.m.sig" >"$T/f.e.sig"
	"$SIGN" verify "$T/m.pub" "$T/f" "$T/f.e.sig" >"$T/out" 2>&1
	is "$?" 1 "an edited trusted comment: refused"
	like "$(cat "$T/out")" "trusted comment is not the one signed" "... as an edited comment"
	"$SIGN" verify "$T/k.pub" "$T/f" "$T/f.m.sig" >"$T/out" 2>&1
	like "$(cat "$T/out")" "signed by another key" "another key's signature: refused by key id"

	"$SIGN" sign "$T/m.key" "$T/f" "$T/f.c.sig" "made by cds-sign" >/dev/null
	minisign -V -p "$T/m.pub" -m "$T/f" -x "$T/f.c.sig" >"$T/out" 2>&1
	is "$?" 0 "cds-sign's signature with minisign's key verifies with minisign"
	like "$(cat "$T/out")" "Trusted comment: made by cds-sign" "minisign reads its trusted comment"
	minisign -S -s "$T/k" -m "$T/f" -x "$T/f.k.sig" -t "key by cds-sign" \
		>/dev/null 2>&1 </dev/null
	is "$?" 0 "minisign signs with a key cds-sign made (its checksum holds)"
	minisign -V -p "$T/k.pub" -m "$T/f" -x "$T/f.k.sig" >/dev/null 2>&1
	is "$?" 0 "minisign verifies that with cds-sign's public key"
	"$SIGN" verify "$T/k.pub" "$T/f" "$T/f.k.sig" >/dev/null 2>&1
	is "$?" 0 "... and so does the program's reader"
	is "$("$SIGN" pubkey "$T/m.key")" "$(sed -n 2p "$T/m.pub")" "cds-sign reads minisign's secret key: the same public key"
else
	skip 14 "minisign is not installed (Debian: minisign)"
fi

# --- robustness of the reader -------------------------------------------
# rc FILE: cds-sign verify's status with signature FILE (1: refused; a
# crash or a sanitizer report is anything else)
rc() { "$SIGN" verify "$T/k.pub" "$T/f" "$1" >"$T/out" 2>&1; echo $?; }
good=$T/f.minisig
# cut at 0, in each line, and on each side of each line end (every
# length: the fuzz target, tests/fuzz/fuzz-minisig.c)
n=$(wc -c <"$good")
cuts=$(awk 'BEGIN { printf "0 " } { o += length($0) + 1;
	printf "%d %d %d %d ", o - length($0) / 2, o - 2, o - 1, o }' "$good")
bad=""
k=0
for i in $cuts; do
	[ "$i" -lt $((n - 1)) ] || continue
	head -c "$i" "$good" >"$T/cut"
	[ "$(rc "$T/cut")" = 1 ] || bad="$bad $i"
	k=$((k + 1))
done
is "$bad" "" "a good signature cut short ($k places) is refused"
sed '2s/^\(.....\)./\1!/' "$good" >"$T/b64"
is "$(rc "$T/b64")" 1 "a character outside base64: refused"
like "$(cat "$T/out")" "not 74 bytes of base64" "... saying so"
sed '2s/=$//' "$good" >"$T/pad"
is "$(rc "$T/pad")" 1 "base64 without its padding: refused"
# a legacy signature: the algorithm bytes "Ed" instead of "ED"
python3 - "$good" "$T/legacy" <<'PY'
import base64, sys
lines = open(sys.argv[1]).read().split("\n")
raw = bytearray(base64.b64decode(lines[1]))
raw[1] = ord("d")
lines[1] = base64.b64encode(bytes(raw)).decode()
open(sys.argv[2], "w").write("\n".join(lines))
PY
is "$(rc "$T/legacy")" 1 "a legacy (not prehashed) signature: refused"
like "$(cat "$T/out")" "legacy signature" "... by name"
{ head -c 20 "$good"; printf '\0'; tail -c +21 "$good"; } >"$T/nul"
is "$(rc "$T/nul")" 1 "a NUL byte: refused"
{ cat "$good"; head -c 20000 /dev/zero | tr '\0' 'A'; } >"$T/huge"
is "$(rc "$T/huge")" 1 "a signature file over 16 KiB: refused"
sed 's/$/\r/' "$good" >"$T/crlf"
is "$(rc "$T/crlf")" 0 "CRLF line ends: read"

done_testing
