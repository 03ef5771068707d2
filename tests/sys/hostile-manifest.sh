#!/bin/sh
# Manifests as an attacker writes them: every name that becomes a path or
# a line (component keys, versions, labels, variants, platform keys) and
# every size and digest, from the index and from a redistrib file alike,
# is checked when the manifest is read.  Each crafted manifest of
# tests/fixtures/hostile-manifests.sh (a component key "../../../tmp/x", a
# version with "/../", a version with a newline, an empty version, a size
# "-3848" or 2^64-1, a variant with a '/', a bare redistrib file's label,
# ...) is refused by plan and by install with exit 2, the message naming
# the file and the field, and nothing under the root is written.
# A good plan lists no path outside its prefix; a cuDNN 8 file whose
# product names no CUDA takes its build from the archive names, so its
# cuda11 and cuda12 builds never share one release name.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/hostile-manifests.sh"
plan 74

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia

# craft NAME PYTHON: a copy of the mirror as $T/NAME, changed by PYTHON
# (craft_manifest: `idx`, the index, and `red(name)`, a redistrib file's
# parsed JSON, written back; the index pins the files as changed)
craft() { craft_manifest "$T/mirror" "$T/$1" "$2"; }

# hm NAME WHAT MANIFEST FIELD ARGS CODE, for each hostile manifest of
# tests/fixtures/hostile-manifests.sh: plan and install with the crafted
# copy $T/NAME are exit 2, the message names FIELD, nothing changed under
# the root, nothing written where the entry aims outside
hm() {
	_n=$1 _w=$2 _m=$3 _f=$4 _a=$5
	craft "$_n" "$6"
	before=$(tree_hash "$R")
	# shellcheck disable=SC2086
	cds --root "$R" --manifest "$T/$_n/$_m" --offline \
		--cache "$T/$_n" plan $_a
	is "$RC" 2 "$_w: plan exit 2"
	like "$ERR" "$_f" "$_w: the message names the file and field"
	# shellcheck disable=SC2086
	cds --root "$R" --manifest "$T/$_n/$_m" --offline \
		--cache "$T/$_n" install --yes $_a
	is "$RC" 2 "$_w: install exit 2"
	is "$(tree_hash "$R")" "$before" "$_w: nothing written under the root"
	case $6 in
	*"$esc"*) check "$_w: nothing escaped" test ! -e "$esc" ;;
	esac
	case $_n in
	vnl) unlike "$ERR" "^touch " \
		"newline: the message shows it escaped, on one line" ;;
	neg) unlike "$ERR" "space" "size -3848: not called a lack of space" ;;
	esac
}
esc=$(cd "$T" && pwd)/escaped
hostile_manifests "$esc"

# a good plan: every path it lists is inside the prefix
cds --root "$R" --manifest "$T/mirror/index.json" --offline \
	--cache "$T/mirror" plan --cuda 12.4.1 --cudnn 9.3 --json
is "$RC" 0 "the good mirror plans"
is "$(jget "$OUT" '[p for p in d["paths"] if not p.startswith(d["prefix"] + "/") or "/../" in p]')" \
	"[]" "a good plan lists no path outside the prefix"

# the index is read once: the bytes hashed are the bytes parsed (a file
# swapped between two reads cannot be)
cds --root "$R" --manifest "$T/mirror/index.json" --offline \
	--cache "$T/mirror" install --cuda 12.4.1 --cudnn none --yes
is "$RC" 0 "the good mirror installs"
out=$(prefix_check "$P")
ok $? "the good install matches its receipt"

# cuDNN 8 with a product that names no CUDA: the build from the archives
python3 - "$T/mirror/$HM_D930" "$T/c8-11.json" "$T/c8-12.json" <<'PY'
import json, sys
src = json.load(open(sys.argv[1]))
for var, out in (("cuda11", sys.argv[2]), ("cuda12", sys.argv[3])):
    e = dict(src["cudnn"]["linux-x86_64"][var])
    doc = {"release_date": "2023-12-05", "release_label": "8.9.7.29",
           "release_product": "cudnn",
           "cudnn": {"name": "cuDNN", "license": "cudnn",
                     "version": "8.9.7.29",
                     "linux-x86_64": e}}
    json.dump(doc, open(out, "w"), indent=4)
PY
cds --root "$R" --manifest "$T/c8-11.json" --offline --cache "$T/mirror" \
	plan --json --cuda 11.8
n11=$(jget "$OUT" 'd["releases"][0]["name"]')
cds --root "$R" --manifest "$T/c8-12.json" --offline --cache "$T/mirror" \
	plan --json --cuda 12.4
n12=$(jget "$OUT" 'd["releases"][0]["name"]')
is "$n11 $n12" "cudnn-8.9.7.29-cuda11 cudnn-8.9.7.29-cuda12" \
	"generic cuDNN 8 product: the cuda11 and cuda12 builds keep their names"

done_testing
