#!/bin/sh
# `update` against a real nginx on 127.0.0.1 with TLS from a test CA: a
# good update (kept under the root's /var/lib/cudnn-setup/index, the
# redistrib files it pins taken from the shipped ones or fetched, used in
# preference to the shipped index, shown by --version and doctor), the
# same index again (up to date), and the refusals, each exit 1 with its
# reason and nothing changed: a flipped byte, a signature by another key,
# an edited trusted comment, a lower version (rollback), an expired index
# (freeze; --allow-expired takes it with a warning and an audit line,
# and doctor and plan then say it is past its date), a redistrib file
# that does not match its pin.  Rotation: the next key is trusted too.
# Keys: the build's development pair (keys/, made by make, never
# committed) and one made here that the program does not trust.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
plan 53

SIGN=$CDS_BUILDDIR/tools/cds-sign
KEY=$CDS_BUILDDIR/keys/dev.key
NEXT=$CDS_BUILDDIR/keys/dev-next.key
if [ ! -f "$KEY" ] || [ ! -f "$NEXT" ]; then
	skip_rest "this build trusts configured keys (--with-index-key), not its development pair"
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-upd-XXXXXX"); cleanup_later "$T"
W=$T/www
mkdir -p "$W/cat" "$W/mirror"
R=$(mk_sysroot); cleanup_later "$R"
STORE=$R/var/lib/cudnn-setup/index
AUDIT=$R/var/log/cudnn-setup.log
SHIPPED=$CDS_DATADIR/manifests/index.json
BASE=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("version", 0))' "$SHIPPED")

# the newest CUDA release's redistrib file, which the published index
# moves to extra/ (not shipped there, so fetched from beside the index)
EXTRA=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print([r for r in d["releases"] if r["kind"] == "cuda"][-1]["redistrib"])' "$SHIPPED")

# publish VERSION EXPIRES [KEY]: index.json and its signature in cat/
publish() { publish_index "$W/cat" "$1" "$2" "${3:-$KEY}"; }
state() { cat "$STORE/state" 2>/dev/null; readlink "$STORE/current"; }

ngx_serve "$W" || skip_rest "$NGX_WHY"
export CURL_CA_BUNDLE=$NGX_CA
URL=$NGX_URL/cat/index.json
V1=$((BASE + 10))

# --- no URL: usage -------------------------------------------------------
cds --root "$R" update
is "$RC" 2 "no --url and no update_url in the index: exit 2"
like "$ERR" "give --url URL" "the message says what to give"

# --- a good update -------------------------------------------------------
publish "$V1" 2099-01-01
cds --root "$R" update --url "$URL"
is "$RC" 0 "a good update: exit 0"
like "$OUT" "Index updated to version $V1 \\(generated 2026-11-26, expires 2099-01-01\\), was $BASE" "says the version, its dates and the one before"
like "$OUT" "1 redistrib file downloaded, [0-9]+ already here" "the redistrib file not shipped is fetched, the others reused"
cmp -s "$W/cat/index.json" "$STORE/current/index.json"
ok $? "the index is kept byte for byte"
cmp -s "$W/cat/extra/${EXTRA##*/}" "$STORE/current/extra/${EXTRA##*/}"
ok $? "the fetched redistrib file is kept beside it"
like "$(cat "$STORE/state")" "^version=$V1" "the state holds the version"
like "$(cat "$STORE/state")" "expires=2099-01-01" "the state holds the expiry"
like "$(cat "$AUDIT")" "update: index version $V1 .* signed by key [0-9A-F]{16}; was $BASE" "an audit line names version, source and key"
ls -a "$STORE" | grep -q '^\.stage-'
is "$?" 1 "no staging directory is left"
cds --root "$R" --version
like "$OUT" "index: version $V1, generated 2026-11-26, expires 2099-01-01 \\(updated\\)" "--version shows the updated index"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["index"]["source"]')" updated "doctor reads the updated index"
is "$(jget "$OUT" 'd["index"]["version"]')" "$V1" "... version $V1"
NEWEST=${EXTRA##*redistrib_}
NEWEST=${NEWEST%.json}
cds --root "$R" plan --cuda "$NEWEST" --json
is "$(jget "$OUT" 'd["manifest"]["path"]')" "$STORE/current/index.json" "plan reads the updated index"
is "$(jget "$OUT" 'd["releases"][0]["download_size"] > 0')" True "... and CUDA $NEWEST's archives from the redistrib file it fetched"
GOOD=$(state)

# --- again: up to date ---------------------------------------------------
cds --root "$R" update --url "$URL"
is "$RC" 0 "the same index again: exit 0"
like "$OUT" "up to date: version $V1" "says it is up to date"
cds --root "$R" update --url "$URL" --json
is "$(jget "$OUT" '(d["update"]["changed"], d["update"]["version"])')" "(False, $V1)" "--json: not changed, the version held"

# --- refusals: exit 1, the reason, nothing changed -----------------------
V2=$((V1 + 1))
publish "$V2" 2099-01-01
python3 - "$W/cat/index.json" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0x01
open(p, "wb").write(b)
PY
cds --root "$R" update --url "$URL"
is "$RC" 1 "a flipped byte: exit 1"
like "$ERR" "signature refused: .*index.json: its bytes are not the ones key [0-9A-F]{16} signed" "names the file and the reason"
is "$(state)" "$GOOD" "... nothing changed"

"$SIGN" generate "$T/other.key" "$T/other.pub"
publish "$V2" 2099-01-01 "$T/other.key"
OTHER=$(sed -n 's/.*public key //p' "$T/other.pub")
cds --root "$R" update --url "$URL"
is "$RC" 1 "a signature by another key: exit 1"
like "$ERR" "signed by key $OTHER; this program trusts [0-9A-F]{16} \\(current\\) and [0-9A-F]{16} \\(next\\)" "names the key and the keys trusted"
is "$(state)" "$GOOD" "... nothing changed"

publish "$V2" 2099-01-01
sed -i 's/^trusted comment: .*/trusted comment: timestamp:1\tfile:index.json\thashed/' \
	"$W/cat/index.json.minisig"
cds --root "$R" update --url "$URL"
is "$RC" 1 "an edited trusted comment: exit 1"
like "$ERR" "index.json.minisig: the trusted comment .* is not the one key [0-9A-F]{16} signed" "names the comment"
is "$(state)" "$GOOD" "... nothing changed"

publish "$((V1 - 1))" 2099-01-01
cds --root "$R" update --url "$URL"
is "$RC" 1 "a lower version (rollback): exit 1"
like "$ERR" "refused: not newer than the index held: .*version $((V1 - 1)) is older than version $V1, the index held" "names both versions"
is "$(state)" "$GOOD" "... nothing changed"

publish "$V2" 2020-01-01
cds --root "$R" update --url "$URL"
is "$RC" 1 "an expired index (freeze): exit 1"
like "$ERR" "the index has expired: .*version $V2 \\(generated 2026-11-26\\) expired on 2020-01-01" "names the date"
like "$ERR" "^  --allow-expired takes it anyway" "and the way out (the command line's hint)"
is "$(state)" "$GOOD" "... nothing changed"

V3=$((V2 + 1))
publish "$V3" 2099-01-01
cp "$W/cat/extra/${EXTRA##*/}" "$T/extra.good"
python3 - "$W/cat/extra/${EXTRA##*/}" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[100] ^= 0x20
open(p, "wb").write(b)
PY
# the kept copy would be reused: remove it from the store's sight by
# publishing under a new path too
sed -i "s|extra/${EXTRA##*/}|extra2/${EXTRA##*/}|" "$W/cat/index.json"
mkdir -p "$W/cat/extra2"
cp "$W/cat/extra/${EXTRA##*/}" "$W/cat/extra2/"
"$SIGN" sign "$KEY" "$W/cat/index.json" >/dev/null
cds --root "$R" update --url "$URL"
is "$RC" 1 "a redistrib file that does not match its pin: exit 1"
like "$ERR" "extra2/${EXTRA##*/}: SHA-256 is [0-9a-f]{64}, the signed index pins [0-9a-f]{64}" "names the file and both digests"
is "$(state)" "$GOOD" "... nothing changed"
cp "$T/extra.good" "$W/cat/extra/${EXTRA##*/}"

# --- expired, taken with --allow-expired ---------------------------------
publish "$V2" 2020-01-01
cds --root "$R" update --url "$URL" --allow-expired
is "$RC" 0 "--allow-expired takes it: exit 0"
like "$ERR" "warning: .*expired on 2020-01-01; taken anyway, as allowed" "with a warning"
like "$(cat "$AUDIT")" "update: accepted EXPIRED index version $V2 \\(expired 2020-01-01\\)" "and an audit line"
cds --root "$R" doctor
like "$ERR" "the index \\(version $V2, generated 2026-11-26\\) is past its expiry date, 2020-01-01" "doctor says the index is past its date"
cds --root "$R" plan --cuda 12
like "$ERR" "is past its expiry date, 2020-01-01.*update" "plan says it too, and what to run"
cds --root "$R" --version
like "$OUT" "expires 2020-01-01, EXPIRED \\(updated\\)" "--version marks it expired"

# --- rotation: an index signed by the next key ---------------------------
V4=$((V2 + 5))
publish "$V4" 2099-01-01 "$NEXT"
cds --root "$R" update --url "$URL"
is "$RC" 0 "signed by the next key: taken"
like "$(cat "$STORE/state")" "^version=$V4" "... and kept"

# --- a mirror that serves a tampered copy, then the URL ------------------
V5=$((V4 + 1))
publish "$V5" 2099-01-01
cp "$W/cat/index.json.minisig" "$W/mirror/index.json.minisig"
sed "s/\"generated\"/\"generated\" /" "$W/cat/index.json" >"$W/mirror/index.json"
cds --root "$R" --mirror "$NGX_URL/mirror/" update --url "$URL"
is "$RC" 0 "a tampered mirror is passed over for the URL"
like "$ERR" "warning: .*mirror/index.json: its bytes are not the ones" "with a warning naming the mirror"
like "$(cat "$AUDIT")" "version $V5 .* from $URL," "the audit line names where it came from"

# --- signed by minisign itself (Debian's package), with the build's key -
if command -v minisign >/dev/null 2>&1; then
	V6=$((V5 + 1))
	publish_index "$W/cat" "$V6" 2099-01-01 none
	minisign -S -s "$KEY" -m "$W/cat/index.json" -t "cudnn-setup test" \
		>/dev/null 2>&1 </dev/null
	cds --root "$R" update --url "$URL"
	is "$RC" 0 "an index signed by minisign with the build's key: taken"
	like "$(cat "$STORE/state")" "^version=$V6" "... and kept"
else
	skip 2 "minisign is not installed (Debian: minisign)"
fi

# --- the kept index is used over the shipped one, and checked each time -
sed -i 's/"schema"/"schema" /' "$STORE/current/index.json"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["index"]["source"]')" shipped "a kept index that no longer verifies is ignored"
like "$ERR" "ignoring the kept index: .*its bytes are not the ones" "... saying why"

done_testing
