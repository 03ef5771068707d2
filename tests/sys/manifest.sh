#!/bin/sh
# The shipped manifests: every redistrib file's digest matches the index,
# every framework row resolves to known releases (tests/unit/test-manifest
# checks the engine's side); a broken manifest is exit 2 naming the file and
# the problem, and changes nothing.
. "$CDS_SRCDIR/tests/lib.sh"
plan 14

M=$CDS_SRCDIR/manifests
R=$(mk_sysroot); cleanup_later "$R"
T=$(mktemp -d); cleanup_later "$T"

# digests, recomputed with the plain tool
bad=0
for f in "$M"/nvidia/*.json; do
	n=nvidia/$(basename "$f")
	want=$(python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["releases"]:
    if r["redistrib"] == sys.argv[2]: print(r["sha256"])' "$M/index.json" "$n")
	got=$(sha256sum "$f" | cut -d' ' -f1)
	[ "$want" = "$got" ] || { diag "$n: index $want, file $got"; bad=1; }
done
ok $bad "every redistrib file's SHA-256 equals the index's pin"

n_rel=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["releases"]))' "$M/index.json")
n_files=$(ls "$M"/nvidia/*.json | wc -l)
is "$n_rel" "$n_files" "the index lists every shipped redistrib file"

# a broken manifest: bad JSON
printf '{"schema": 1, "releases": [' >"$T/bad.json"
cds --root "$R" --manifest "$T/bad.json" doctor
is "$RC" 2 "bad JSON: exit 2"
like "$ERR" "bad.json: line 1" "bad JSON: names the file and line"

# unknown schema
printf '{"schema": 99, "releases": []}' >"$T/schema.json"
cds --root "$R" --manifest "$T/schema.json" doctor
is "$RC" 2 "unknown schema: exit 2"
like "$ERR" "schema.json: unknown schema version" "unknown schema: named"

# missing file
cds --root "$R" --manifest "$T/nope.json" doctor
is "$RC" 2 "missing manifest: exit 2"
like "$ERR" "nope.json" "missing manifest: named"

# wrong digest of a redistrib file: copy the index, change one pin
craft_manifest "$M" "$T/m" 'repin = False
for r in idx["releases"]:
    if r["redistrib"].endswith("cuda_redistrib_12.4.1.json"):
        r["sha256"] = "0" * 64'
cds --root "$R" --manifest "$T/m/index.json" plan --cuda 12.4.1 --cudnn 9.3.0
if [ "$RC" -eq 2 ] || [ "$RC" -eq 1 ]; then
	# plan lands with the install issue; until then the command is unknown
	like "$ERR" "cuda_redistrib_12.4.1.json: SHA-256 is [0-9a-f]{64}, the index pins 0{64}|unknown command" \
		"wrong digest: names the file and both digests"
else
	ok 1 "wrong digest: exit $RC"
fi

# a release row without a digest
craft_manifest "$M" "$T/nodigest" 'repin = False
del idx["releases"][0]["sha256"]'
cds --root "$R" --manifest "$T/nodigest/index.json" doctor
is "$RC" 2 "release without sha256: exit 2"
like "$ERR" "release 11.8.0: missing or bad sha256" "release without sha256: named"

# a redistrib entry with a bad digest, given directly
craft_manifest "$M" "$T/redist" 'red("nvidia/cuda_redistrib_12.4.1.json")["cuda_cudart"]["linux-x86_64"]["sha256"] = "xyz"'
cds --root "$R" --manifest "$T/redist/nvidia/cuda_redistrib_12.4.1.json" doctor
is "$RC" 2 "a redistrib file given directly is checked whole when read"
like "$ERR" "cuda_redistrib_12\.4\.1\.json: cuda_cudart\.linux-x86_64\.sha256: not 64 hexadecimal digits" \
	"a bad digest in a bare redistrib file: names the file and field"
unlike "$(ls -A "$R")" "opt|var" "nothing written under the root"

done_testing
