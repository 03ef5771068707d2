#!/bin/sh
# --version names the index in use with its number and dates, read from
# the shipped index without loading it whole (src/read/indexhead.c: one
# pass that steps over every other value).  On every index below, the
# shipped one and variants of it made here (members in another order,
# every kind of JSON value and escape before them, one line or many; no
# number; expired; and those that must fall back to the whole load: a
# member twice, an escape in a date or a key, nesting past its depth,
# broken JSON), it says exactly what loading that file whole says
# (--manifest naming the same file), refusals included.
. "$CDS_SRCDIR/tests/lib.sh"

if ! have_python; then
	plan 1
	skip 1 "python3 is needed to make the indexes"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-vindex-XXXXXX")
cleanup_later "$T"
R=$(mk_sysroot)
cleanup_later "$R"

# each variant N into $T/N/manifests/index.json, its name in $T/names
python3 - "$CDS_SRCDIR/manifests/index.json" "$T" <<'PY'
import json, os, sys

src, out = sys.argv[1], sys.argv[2]
text = open(src).read()
d = json.loads(text)
head = {k: d[k] for k in ("version", "generated", "expires")}
rest = {k: v for k, v in d.items() if k not in head}
junk = {"x": [1, {"a": "b\"}]{[", "c": [[], {}, [{}]]}, "\u00e9\n\t"],
        "y": None, "z": -1.5e3, "w": True, "v": False, "u": "\\\"",
        "t": "\\u0041 \U0001F600"}
cases = []

def add(name, body):
    cases.append(name)
    os.makedirs(os.path.join(out, name, "manifests"))
    open(os.path.join(out, name, "manifests", "index.json"), "w",
         encoding="utf-8").write(body)

add("shipped", text)
add("first", json.dumps(dict(head, **rest), indent=2))
add("junk-before", json.dumps(dict(junk, **d), ensure_ascii=False))
add("junk-ascii", json.dumps(dict(junk, **d)))
add("one-line", json.dumps(d, separators=(",", ":")))
add("spaces", json.dumps(d, indent="\t", separators=(" ,", " : ")))
add("no-version", json.dumps({k: v for k, v in d.items() if k != "version"}))
add("expired", json.dumps(dict(d, generated="2020-01-01",
                               expires="2021-01-01T00:00:00Z")))
add("twice", text.rstrip()[:-1].rstrip() + ', "version": 7\n}\n')
add("date-escape", json.dumps(d).replace('"generated": "' + d["generated"],
    '"generated": "' + d["generated"].replace("-", "\\u002d", 1)))
add("key-escape", json.dumps(d).replace('"version"', '"vers\\u0069on"'))
deep = 1
for _ in range(70):
    deep = [deep]
add("deep", json.dumps(dict(d, deep=deep)))
add("version-text", json.dumps(dict(d, version=str(d["version"]))))
add("version-float", json.dumps(d).replace(
    '"version": %d' % d["version"], '"version": %d.0' % d["version"]))
add("truncated", text[: len(text) // 2])
add("trailing", text + "x")
add("empty", "{}")
open(os.path.join(out, "names"), "w").write("\n".join(cases) + "\n")
PY
if [ ! -s "$T/names" ]; then
	plan 1
	ok 1 "the indexes could not be made"
	done_testing
fi
n=$(wc -l <"$T/names")
plan $((n + 2))

for name in $(cat "$T/names"); do
	D=$T/$name
	CDS_DATADIR=$D "$CDS_BIN" --root "$R" --version >"$D/head" 2>&1
	CDS_DATADIR=$D "$CDS_BIN" --root "$R" --manifest \
		"$D/manifests/index.json" --version >"$D/whole" 2>&1
	is "$(cat "$D/head")" "$(cat "$D/whole")" \
		"$name: --version says what the whole load says"
done
like "$(cat "$T/shipped/head")" \
	'^index: version [0-9]+, generated [0-9-]+, expires [0-9-]+ \(shipped\)$' \
	"the shipped index: its number and dates"
like "$(cat "$T/expired/head")" ', EXPIRED \(shipped\)$' \
	"an expired one says so"
done_testing
