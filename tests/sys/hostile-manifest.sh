#!/bin/sh
# Manifests as an attacker writes them: every name that becomes a path or
# a line (component keys, versions, labels, variants, platform keys) and
# every size and digest, from the index and from a redistrib file alike,
# is checked when the manifest is read.  Each crafted manifest below (a
# component key "../../../tmp/x", a version with "/../", a version with a
# newline, an empty version, a size "-3848" or 2^64-1, a variant with a
# '/', ...) is refused by plan and by install with exit 2, the message
# naming the file and the field, and nothing under the root is written.
# A good plan lists no path outside its prefix; a cuDNN 8 file whose
# product names no CUDA takes its build from the archive names, so its
# cuda11 and cuda12 builds never share one release name.
. "$CDS_SRCDIR/tests/lib.sh"
plan 71

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia

# craft NAME PYTHON: a copy of the mirror as $T/NAME, changed by PYTHON
# (craft_manifest: `idx`, the index, and `red(name)`, a redistrib file's
# parsed JSON, written back; the index pins the files as changed)
craft() { craft_manifest "$T/mirror" "$T/$1" "$2"; }

# refused NAME WHAT FIELD-PATTERN ARGS...: plan and install with $T/NAME
# are exit 2, the message names FIELD, nothing changed under the root
refused() {
	_n=$1 _w=$2 _f=$3
	shift 3
	before=$(tree_hash "$R")
	cds --root "$R" --manifest "$T/$_n/index.json" --offline \
		--cache "$T/$_n" plan "$@"
	is "$RC" 2 "$_w: plan exit 2"
	like "$ERR" "$_f" "$_w: the message names the file and field"
	cds --root "$R" --manifest "$T/$_n/index.json" --offline \
		--cache "$T/$_n" install --yes "$@"
	is "$RC" 2 "$_w: install exit 2"
	is "$(tree_hash "$R")" "$before" "$_w: nothing written under the root"
}

C124=cuda_redistrib_12.4.1.json
D930=cudnn_redistrib_9.3.0.json
esc=$(cd "$T" && pwd)/escaped

craft key "c = red('$C124'); c['../../../../../../..$esc'] = dict(c['cuda_cudart'])"
refused key "component key ../../…" \
	"cuda_redistrib_12\.4\.1\.json: component: .* is not a name: holds" \
	--cuda 12.4.1 --cudnn none
check "component key: nothing escaped" test ! -e "$esc"

craft idxcomp "idx['releases'][0]['components'].append('../x')"
refused idxcomp "index component ../x" \
	"index\.json: releases\[0\]\.components\[[0-9]+\]: \"\.\./x\" is not a name" \
	--cuda 12.4.1 --cudnn none

craft vdotdot "red('$C124')['cuda_nvcc']['version'] = '12.4/../../../../x'"
refused vdotdot "component version with /../" \
	"cuda_redistrib_12\.4\.1\.json: cuda_nvcc\.version: \"12\.4/\.\./\.\./\.\./\.\./x\" is not a version" \
	--cuda 12.4.1 --cudnn none

craft vnl "red('$C124')['cuda_nvcc']['version'] = '12.4.131\ntouch $esc'"
refused vnl "component version with a newline" \
	"cuda_nvcc\.version: \"12\.4\.131\\\\x0atouch .*\" is not a version: holds a control character" \
	--cuda 12.4.1 --cudnn none
unlike "$ERR" "^touch " "newline: the message shows it escaped, on one line"

craft idxver "idx['releases'][0]['version'] = '12.4.1/../../../../../x'"
refused idxver "index version with /../" \
	"index\.json: releases\[0\]\.version: .* is not a version: holds a '/'" \
	--cuda 12.4 --cudnn none

craft fullnl "[r for r in idx['releases'] if r['kind'] == 'cudnn'][0]['full_version'] = '9.3.0.75\nexport X=1'"
refused fullnl "index full_version with a newline" \
	"releases\[[0-9]+\]\.full_version: \"9\.3\.0\.75\\\\x0aexport X=1\" is not a version" \
	--cuda 12.4.1 --cudnn 9.3

craft empty "red('$C124')['cuda_cudart']['version'] = ''"
refused empty "empty version" \
	"cuda_cudart\.version: \"\" is not a version: empty" \
	--cuda 12.4.1 --cudnn none

craft emptyidx "idx['releases'][1]['version'] = ''"
refused emptyidx "empty index version" \
	"releases\[1\]\.version: \"\" is not a version: empty" \
	--cuda 12.4.1 --cudnn none

craft neg "red('$C124')['cuda_cudart']['linux-x86_64']['size'] = '-3848'"
refused neg "size -3848" \
	"cuda_cudart\.linux-x86_64\.size: \"-3848\" is not a size" \
	--cuda 12.4.1 --cudnn none
unlike "$ERR" "space" "size -3848: not called a lack of space"

craft huge "red('$C124')['cuda_cudart']['linux-x86_64']['size'] = '18446744073709551615'"
refused huge "size 2^64-1" \
	"cuda_cudart\.linux-x86_64\.size: \"18446744073709551615\" is not a size" \
	--cuda 12.4.1 --cudnn none

craft var "v = [r for r in idx['releases'] if r['kind'] == 'cudnn'][0]['variants'][0]; v['name'] = 'cuda12/../../x'
red('$D930')['cudnn']['linux-x86_64']['cuda12/../../x'] = red('$D930')['cudnn']['linux-x86_64'].pop('cuda12')"
refused var "variant with /../" \
	"variants\[0\]\.name: .* is not a name: holds a '/'" \
	--cuda 12.4.1 --cudnn 9.3

craft plat "c = red('$C124')['cuda_nvrtc']; c['linux-x86_64/../../x'] = dict(c['linux-x86_64'])"
refused plat "platform key with /../" \
	"cuda_nvrtc\.linux-x86_64/\.\./\.\./x: .* is not a name" \
	--cuda 12.4.1 --cudnn none

craft rpath "e = red('$C124')['cuda_nvrtc']['linux-x86_64']; e['relative_path'] = 'cuda_nvrtc/../../x.tar.xz'"
refused rpath "relative_path with .." \
	"cuda_nvrtc\.linux-x86_64\.relative_path: .* is not a relative path" \
	--cuda 12.4.1 --cudnn none

craft sha "red('$C124')['cuda_nvrtc']['linux-x86_64']['sha256'] = 'abc'"
refused sha "a short digest" \
	"cuda_nvrtc\.linux-x86_64\.sha256: not 64 hexadecimal digits" \
	--cuda 12.4.1 --cudnn none

# a bare redistrib file: its label is the release's name
craft bare "red('$D930')['release_label'] = '9.3.0/../../../x'"
before=$(tree_hash "$R")
cds --root "$R" --manifest "$T/bare/$D930" --offline --cache "$T/bare" \
	install --yes --cuda 12.4
is "$RC" 2 "bare file, label with /../: exit 2"
like "$ERR" "cudnn_redistrib_9\.3\.0\.json: release_label: .* is not a version" \
	"bare file, label: named"
is "$(tree_hash "$R")" "$before" "bare file, label: nothing written"

# ... and its component keys are its components
craft barekey "c = red('$C124'); c['../../../../../../..$esc'] = dict(c['cuda_cudart'])"
before=$(tree_hash "$R")
cds --root "$R" --manifest "$T/barekey/$C124" --offline \
	--cache "$T/barekey" install --yes --cudnn none
is "$RC" 2 "bare file, component key ../../…: exit 2"
like "$ERR" "cuda_redistrib_12\.4\.1\.json: component: .* is not a name" \
	"bare file, component key: named"
is "$(tree_hash "$R")" "$before" "bare file, component key: nothing written"
check "bare file, component key: nothing escaped" test ! -e "$esc"

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
python3 - "$T/mirror/$D930" "$T/c8-11.json" "$T/c8-12.json" <<'PY'
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
