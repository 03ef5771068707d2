#!/bin/sh
# plan against the shipped index and NVIDIA's own files: --cuda, --cudnn,
# --for torch==2.3.0 and onnxruntime-gpu==1.16.1 resolve to the releases
# the real data gives; every archive is listed with URL, size and digest,
# and every path the install would create; the driver found under the root
# decides what is possible: too old is refused with the minimum it needs,
# none at all plans anyway with a warning; a bare redistrib file is flagged
# and held to the driver floor of its CUDA line.  plan writes nothing.
. "$CDS_SRCDIR/tests/lib.sh"
plan 42

R=$(mk_sysroot); cleanup_later "$R"
IDX=$CDS_DATADIR/manifests/index.json
NV=$CDS_DATADIR/manifests/nvidia
driver() {
	mkdir -p "$R/proc/driver/nvidia"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Thu Jan 1 00:00:00 UTC 2024\nGCC version:  gcc version 12.2.0\n' \
		"$1" >"$R/proc/driver/nvidia/version"
}
names() { jget "$OUT" '" ".join(r["name"] for r in d["releases"])'; }

# the facts the answers come from (the shipped data, read here directly)
digest_1211_cudart=$(python3 -c 'import json,sys
print(json.load(open(sys.argv[1]))["cuda_cudart"]["linux-x86_64"]["sha256"])' \
	"$NV/cuda_redistrib_12.1.1.json")

driver 550.54.15

cds --root "$R" plan --for torch==2.3.0 --json
is "$RC" 0 "--for torch==2.3.0: exit 0"
is "$(names)" "cuda-12.1.1 cudnn-8.9.7.29-cuda12" \
	"torch 2.3.0: the cu121 build: CUDA 12.1.1 and the newest cuDNN 8 for it"
is "$(jget "$OUT" 'd["framework"]["variant"]+" "+d["framework"]["cudnn"]')" \
	"cu121 8.9.2.26" "torch 2.3.0: the framework row is reported"
is "$(jget "$OUT" '[a["sha256"] for a in d["releases"][0]["archives"] if a["component"]=="cuda_cudart"][0]')" \
	"$digest_1211_cudart" "the archive digest is NVIDIA's"
is "$(jget "$OUT" '[a["url"] for a in d["releases"][1]["archives"]][0]')" \
	"https://developer.download.nvidia.com/compute/cudnn/redist/cudnn/linux-x86_64/cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz" \
	"the archive URL is the base URL and NVIDIA's relative_path"
is "$(jget "$OUT" 'd["releases"][1]["archives"][0]["size"]')" \
	"$(python3 -c 'import json,sys
print(json.load(open(sys.argv[1]))["cudnn"]["linux-x86_64"]["size"])' \
	"$NV/cudnn_redistrib_8.9.7.29.json" 2>/dev/null || echo '?')" \
	"the archive size is NVIDIA's"
is "$(jget "$OUT" 'd["driver"]["version"]+" "+d["driver"]["source"]')" \
	"550.54.15 /proc/driver/nvidia/version" "the driver is read under the root"
is "$(jget "$OUT" '" ".join(d["paths"])')" \
	"/opt/nvidia/cuda-12.1.1 /opt/nvidia/.state/receipts/cuda-12.1.1.json /opt/nvidia/cuda /opt/nvidia/env/cuda-12.1.1.sh /opt/nvidia/env/cuda-12.1.1.fish /opt/nvidia/env/modulefiles/cuda/12.1.1 /opt/nvidia/cudnn-8.9.7.29-cuda12 /opt/nvidia/.state/receipts/cudnn-8.9.7.29-cuda12.json /opt/nvidia/cudnn /opt/nvidia/env/cudnn-8.9.7.29-cuda12.sh /opt/nvidia/env/cudnn-8.9.7.29-cuda12.fish /opt/nvidia/env/modulefiles/cudnn/8.9.7.29-cuda12" \
	"every path the install creates"

cds --root "$R" plan --for onnxruntime-gpu==1.16.1 --json
is "$RC" 0 "--for onnxruntime-gpu==1.16.1: exit 0"
is "$(names)" "cuda-11.8.0 cudnn-8.9.7.29-cuda11" \
	"onnxruntime-gpu 1.16.1: CUDA 11.8 and cuDNN 8 (its 1.15-1.17 row)"
is "$(jget "$OUT" 'd["releases"][1]["archives"][0]["sha256"]')" \
	"a3e2509028cecda0117ce5a0f42106346e82e86d390f4bb9475afc976c77402e" \
	"cuDNN 8.9.7 for CUDA 11 comes from the index's extra archive"

cds --root "$R" plan --cuda 12.4.1
is "$RC" 0 "--cuda 12.4.1: exit 0"
like "$OUT" "CUDA 12.4.1 -> /opt/nvidia/cuda-12.4.1" "--cuda 12.4.1: CUDA 12.4.1"
like "$OUT" "cuDNN 9.22.0.52 cuda12 -> " \
	"--cuda 12.4.1: the newest cuDNN built for CUDA 12"
like "$OUT" "cuda_nvcc +12.4.131 .* sha256:[0-9a-f]{64}" \
	"text: each archive with its version, size and digest"
like "$OUT" "https://developer.download.nvidia.com/compute/cuda/redist/libcublas/linux-x86_64/libcublas-linux-x86_64-12.4.5.8-archive.tar.xz" \
	"text: each archive's URL"
like "$OUT" "Creates:" "text: the paths"

cds --root "$R" plan --cudnn 9.3.0 --json
is "$(names)" "cuda-12.4.1 cudnn-9.3.0.75-cuda12" \
	"--cudnn 9.3.0: the newest CUDA its builds cover that driver 550 runs natively"
cds --root "$R" plan --cuda 12.4 --cudnn 9 --json
is "$(names)" "cuda-12.4.1 cudnn-9.22.0.52-cuda12" "version prefixes: 12.4 and 9"
cds --root "$R" plan --cuda 11.8 --cudnn none --json
is "$(names)" "cuda-11.8.0" "--cudnn none: CUDA alone"
cds --root "$R" plan --json
is "$(names)" "cuda-12.4.1 cudnn-9.22.0.52-cuda12" \
	"no request, driver 550: the newest CUDA it runs natively (12.4.1 ships with 550.54.15; 13.x needs 580)"

# what the driver cannot run
cds --root "$R" plan --cuda 13.0.2
is "$RC" 1 "CUDA 13.0.2 on driver 550: refused, exit 1"
like "$ERR" "CUDA 13.0.2 needs NVIDIA driver 580.65.06 or newer; the driver here is 550.54.15 \(/proc/driver/nvidia/version\)" \
	"refused: the reason and the minimum driver"
# its cuda12 build, tested with 12.0-12.2, runs with 12.4 through minor
# version compatibility (issue 25; tests/sys/plan-tested.sh refuses
# another major)
cds --root "$R" plan --cuda 12.4 --cudnn 8.9
is "$RC" 0 "cuDNN 8.9.7 with CUDA 12.4: its cuda12 build, exit 0"
like "$OUT" "not tested with this CUDA minor: NVIDIA tested this build with CUDA 12\.0-12\.2; it runs with CUDA 12\.4\.1" \
	"not tested with this minor: said, with the minors NVIDIA tested"

driver 470.82.01
cds --root "$R" plan --for torch==2.3.0 --json
is "$(names)" "cuda-11.8.0 cudnn-8.9.7.29-cuda11" \
	"driver 470: torch 2.3.0's cu118 build, the one it can run"
cds --root "$R" plan --json
is "$(names)" "cuda-11.8.0 cudnn-9.10.0.56-cuda11" \
	"driver 470: CUDA 11.8 and the newest cuDNN built for CUDA 11"

driver 440.33.01
cds --root "$R" plan --for torch==2.3.0 --json
is "$RC" 1 "driver 440: torch 2.3.0 refused, exit 1"
is "$(jget "$OUT" 'd["error"]["code"]')" driver "--json: error code driver"
like "$(jget "$OUT" 'd["error"]["detail"]')" \
	"torch 2.3.0 \(its cu118 build\) needs NVIDIA driver 450.80.02 or newer; the driver here is 440.33.01" \
	"--json: the minimum driver named"

# /sys/module/nvidia/version when /proc says nothing
rm -rf "$R/proc/driver"
mkdir -p "$R/sys/module/nvidia"
echo 535.104.05 >"$R/sys/module/nvidia/version"
cds --root "$R" plan --cuda 12.4.1 --json
is "$(jget "$OUT" 'd["driver"]["version"]+" "+d["driver"]["source"]')" \
	"535.104.05 /sys/module/nvidia/version" "the driver from /sys/module"

# no driver: plan anyway, with a warning
rm -rf "$R/sys/module/nvidia"
cds --root "$R" plan --cuda 13.0.2
is "$RC" 0 "no driver: plans anyway"
like "$ERR" "warning: no NVIDIA driver found" "no driver: a warning"
cds --root "$R" plan --cuda 13.0.2 --json
is "$(jget "$OUT" '",".join(d["warnings"])')" no-driver "no driver: in the JSON"

# bad requests
cds --root "$R" plan --for torch==9.9
is "$RC" 2 "unknown framework version: exit 2"
like "$ERR" "--for torch==9.9: no such version in the framework table \(known: 2.11, 2.10, .*2.1, 2.0\)" \
	"unknown framework version: the known ones listed"
cds --root "$R" plan --for 'torch>=2'
is "$RC" 2 "malformed --for: exit 2"

# a bare redistrib file: trusted through TLS alone, the floor of its line
cds --root "$R" --manifest "$NV/cuda_redistrib_12.4.1.json" plan --json
is "$(names) $(jget "$OUT" 'd["manifest"]["trusted"]')" "cuda-12.4.1 False" \
	"bare CUDA redistrib: its release, not trusted by the index"
like "$ERR" "trusted through TLS alone" "bare redistrib: the warning"
is "$(jget "$OUT" 'd["releases"][0]["min_driver"]')" 525.60.13 \
	"bare redistrib: the driver floor of CUDA 12"
driver 470.82.01
cds --root "$R" --manifest "$NV/cuda_redistrib_12.4.1.json" plan
like "$RC:$(printf '%s' "$ERR" | tail -n 1)" "^1:.*CUDA 12.4.1 needs NVIDIA driver 525.60.13 or newer" \
	"bare redistrib on driver 470: refused by the floor of its line"

is "$(ls -A "$R" | tr '\n' ' ')$(ls -A "$R/etc")" "etc home proc sys tmp usr ld.so.conf" \
	"plan wrote nothing under the root"

done_testing
