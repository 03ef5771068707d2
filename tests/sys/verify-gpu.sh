#!/bin/sh
# The real path, on a machine with an NVIDIA GPU: when /dev/nvidia0 (or
# WSL's /dev/dxg) exists and a probe compiled here dlopens libcuda.so.1,
# gets CUDA_SUCCESS from cuInit(0) and sees a device, `cudnn-setup verify`
# must report that device, run the PTX kernel and compare it exactly, and,
# where a cuDNN loads, pass all six cuDNN checks; exit 0 when everything
# passed.  Skips (saying why) on machines without a GPU, such as CI's.
. "$CDS_SRCDIR/tests/lib.sh"

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-gpu-XXXXXX")
cleanup_later "$T"
why=""
if [ ! -e /dev/nvidia0 ] && [ ! -e /dev/dxg ]; then
	why="no /dev/nvidia0 or /dev/dxg"
elif ! have_python; then
	why="python3 is needed to read the JSON"
else
	cat >"$T/gpu.c" <<'EOC'
#include <dlfcn.h>
#include <stdio.h>
int
main(void)
{
	void *l = dlopen("libcuda.so.1", RTLD_NOW);
	int (*init)(unsigned int), (*count)(int *), n = 0;

	if (l == NULL) {
		printf("%s\n", dlerror());
		return 1;
	}
	init = (int (*)(unsigned int))dlsym(l, "cuInit");
	count = (int (*)(int *))dlsym(l, "cuDeviceGetCount");
	if (init == NULL || count == NULL || init(0) != 0 ||
	    count(&n) != 0 || n < 1) {
		printf("libcuda.so.1 loads but cuInit or the device count "
		    "fails\n");
		return 1;
	}
	printf("%d\n", n);
	return 0;
}
EOC
	if ! ${CC:-cc} -o "$T/gpu" "$T/gpu.c" -ldl 2>"$T/cc.log"; then
		why="cannot compile the GPU probe"
	elif ! "$T/gpu" >"$T/n"; then
		why=$(cat "$T/n")
	fi
fi
if [ -n "$why" ]; then
	echo "1..0 # SKIP no usable GPU here: $why"
	rm -rf "$T"
	exit 0
fi
ndev=$(cat "$T/n")
plan 9

cds verify --json
j() { jget "$OUT" "$1"; }
diag "$(j '[(x["name"], x["compute_capability"]) for x in d["devices"]]')"
is "$(j 'd["blocked"]')" None "nothing blocks the checks"
is "$(j 'd["driver"]["state"]')" ok "driver ok"
is "$(j 'len(d["devices"])')" "$ndev" "every device reported ($ndev)"
is "$(j '" ".join(c["result"] for c in d["checks"] if c["name"] == "kernel")')" \
	"$(printf 'pass %.0s' $(seq "$ndev") | sed 's/ $//')" \
	"the PTX kernel is exact on every device"
is "$(j '[c["mismatches"] for c in d["checks"] if c["name"] == "kernel"][0]')" \
	0 "no element differs"
if [ "$(j 'd["libraries_ok"] and d["cudnn"]["major"] is not None')" = True ]
then
	is "$(j '[c["name"] for c in d["checks"] if c["name"] != "kernel" and c["result"] != "pass"]')" \
		"[]" "all six cuDNN checks pass"
	is "$(j 'all(c["algorithm"] for c in d["checks"] if c["name"].startswith("conv"))')" \
		True "each convolution names its algorithm"
	is "$(j 'd["passed"]')" True "verify passed"
	is "$RC" 0 "exit 0"
else
	skip 4 "no cuDNN loads on this GPU machine"
fi
done_testing
