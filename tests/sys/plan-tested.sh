#!/bin/sh
# plan with a CUDA minor newer than NVIDIA's support matrix lists for the
# cuDNN asked (issue 25), on the shipped index: cuDNN 9.20.0.48's cuda13
# build was tested with CUDA 13.0-13.1; with CUDA 13.4.1 it runs through
# CUDA's minor version compatibility (NVIDIA, "CUDA Compatibility"; the
# cuDNN packages are per major, and conda-forge's cudnn pins cuda-version
# to the major), so the plan takes it and says it is not tested with this
# minor.  With CUDA 13.1.2 it says tested; with CUDA 11.8.0, another major
# with no build, it refuses.
. "$CDS_SRCDIR/tests/lib.sh"
plan 13

IDX=$CDS_SRCDIR/manifests/index.json
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/sys/module/nvidia"
# the driver CUDA 13.1.2 ships with (manifests/data/bundled-driver.tsv)
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  590.48.01  Tue Jan 1 00:00:00 UTC 2026\n' \
	>"$R/proc/driver/nvidia/version"
echo 590.48.01 >"$R/sys/module/nvidia/version"

# the premise, from the index
cuda13=$(python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["releases"]:
    if r["version"].startswith("9.20") and r.get("kind") == "cudnn":
        for v in r["variants"]:
            if v["name"] == "cuda13":
                print(v["cuda_min"] + "-" + v["cuda_max"])' "$IDX")
is "$cuda13" "13.0-13.1" "the index: cuDNN 9.20's cuda13 build, tested with CUDA 13.0-13.1"

cds --root "$R" --manifest "$IDX" plan --cuda 13.4.1 --cudnn 9.20
is "$RC" 0 "--cuda 13.4.1 --cudnn 9.20: planned"
like "$OUT" "cuDNN 9\.20\.0\.48 cuda13 -> " "its cuda13 build"
like "$OUT" "not tested with this CUDA minor: NVIDIA tested this build with CUDA 13\.0-13\.1; it runs with CUDA 13\.4\.1 through CUDA's minor version compatibility" \
	"said: not tested with this minor, and why it runs"
unlike "$OUT$ERR" "no build for CUDA" "no refusal"

cds --root "$R" --manifest "$IDX" plan --cuda 13.4.1 --cudnn 9.20 --json
is "$(jget "$OUT" '[(r["variant"], r["cuda_tested"], r["tested"]) for r in d["releases"] if r["kind"] == "cudnn"]')" \
	"[('cuda13', '13.0-13.1', False)]" "--json: the build, what NVIDIA tested, tested false"
is "$(jget "$OUT" '[r["tested"] for r in d["releases"] if r["kind"] == "cuda"]')" \
	"[None]" "--json: tested is null for a CUDA release"

cds --root "$R" --manifest "$IDX" plan --cuda 13.1.2 --cudnn 9.20
is "$RC" 0 "--cuda 13.1.2 --cudnn 9.20: planned"
like "$OUT" "tested: NVIDIA tested this build with CUDA 13\.0-13\.1" "said: tested"
unlike "$OUT" "not tested" "and nothing of not tested"

# no CUDA planned: what NVIDIA tested, and no verdict
cds --root "$R" --manifest "$IDX" plan --cuda none --cudnn 9.20 --json
is "$(jget "$OUT" '[(r["cuda_tested"], r["tested"]) for r in d["releases"]]')" \
	"[('13.0-13.1', None)]" "--cuda none: the minors NVIDIA tested, tested null"

cds --root "$R" --manifest "$IDX" plan --cuda 11.8.0 --cudnn 9.20
is "$RC" 2 "--cuda 11.8.0 --cudnn 9.20: refused (another major, no build)"
like "$ERR" "cuDNN 9\.20\.0\.48 has no build for CUDA 11\.8\.0 \(its builds: cuda12 \(12\.0-12\.9\), cuda13 \(13\.0-13\.1\)\)" \
	"the refusal names the builds there are"
done_testing
