#!/bin/sh
# A fact the data lacks is said in words, never printed as "(null)": CUDA
# 13.4.1 has no bundled driver in manifests/data/bundled-driver.tsv (none
# is invented here either).  plan on driver 580 (a loaded module's
# version, faked in the root) names 13.4.1 as newer, says its bundled
# driver is not in the data, and the JSON has null, not "(null)"; asked
# for 13.4.1 outright, the same in the release's lines.
. "$CDS_SRCDIR/tests/lib.sh"
plan 10

# the shipped index (the tests' own, tests/data, stops at 13.0.2)
IDX=$CDS_SRCDIR/manifests/index.json
if python3 -c 'import json, sys
r = [r for r in json.load(open(sys.argv[1]))["releases"] if r["version"] == "13.4.1"]
sys.exit(0 if r and "bundled_driver" not in r[0] else 1)' "$IDX"; then
	ok 0 "the index has CUDA 13.4.1 without a bundled driver"
else
	ok 1 "the index has CUDA 13.4.1 without a bundled driver (the test's premise)"
fi

R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.95.05  Thu Jan 1 00:00:00 UTC 2025\n' \
	>"$R/proc/driver/nvidia/version"

cds --root "$R" --manifest "$IDX" plan
is "$RC" 0 "plan on driver 580: exit 0"
unlike "$OUT$ERR" "\(null\)" "text: no (null)"
like "$OUT" "CUDA 13.4.1 is newer, but whether driver 580.95.05 runs it natively is not known: its bundled driver is not in the data" \
	"text: the missing fact said in words"

cds --root "$R" --manifest "$IDX" plan --json
unlike "$OUT" "\(null\)" "JSON: no (null)"
is "$(jget "$OUT" 'd["why"]["compat_newest"]["cuda"]')" 13.4.1 "JSON: 13.4.1 named"
is "$(jget "$OUT" 'd["why"]["compat_newest"]["bundled_driver"]')" None \
	"JSON: its bundled driver is null"

cds --root "$R" --manifest "$IDX" plan --cuda 13.4.1 --cudnn none
unlike "$OUT$ERR" "\(null\)" "--cuda 13.4.1: no (null)"
like "$OUT" "whether driver 580.95.05 runs it natively is not known: its bundled driver is not in the data" \
	"--cuda 13.4.1: said under the release"
cds --root "$R" --manifest "$IDX" plan --cuda 13.4.1 --cudnn none --json
is "$(jget "$OUT" '[r["bundled_driver"] for r in d["releases"]]')" "[None]" \
	"--cuda 13.4.1 --json: bundled_driver null"

done_testing
