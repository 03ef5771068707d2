#!/bin/sh
# verify's orchestration driven by TEST DOUBLES of the driver API, the CUDA
# runtime and cuDNN (tests/fixtures/fake-libcuda.c, fake-libcudnn.c, built
# here, never installed), since these machines have no GPU: every library
# loaded from the prefix with RTLD_NOW and named, the device report, the
# PTX kernel launched and compared element by element, the six cuDNN
# checks, a wrong element reported as a failure, each CUDA error verify
# explains (34, 35, 100, 804) with exit status 1, a JIT failure, a crash
# inside the driver, a sublibrary that fails to load, and --json.
. "$CDS_SRCDIR/tests/lib.sh"

if ! have_python; then
	echo "1..0 # SKIP python3 is needed to read the JSON"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-verify-XXXXXX")
cleanup_later "$T"
if ! mk_gpu_doubles "$T" >"$T/cc.log" 2>&1; then
	echo "1..0 # SKIP the compiler cannot build the doubles"
	cat "$T/cc.log" | sed 's/^/# /'
	rm -rf "$T"
	exit 0
fi
plan 96

P=$T/prefix
# the driver double is what the loader finds for libcuda.so.1
dv() {
	env LD_LIBRARY_PATH="$T/driver" "$@" "$CDS_BIN" verify --prefix "$P" \
		--json >"$T/out" 2>"$T/err" </dev/null
	RC=$?
	OUT=$(cat "$T/out")
	ERR=$(cat "$T/err")
	[ -s "$T/out" ] || diag "no JSON (exit $RC); stderr: $(head -c 2000 "$T/err")"
}
j() { jgetj "$OUT" "$1"; }

# --- everything works -----------------------------------------------------
dv
is "$RC" 0 "double: exit 0 when every check passes"
is "$(j 'd["passed"]')" True "double: passed"
is "$(j 'd["blocked"]')" None "double: nothing blocked"
is "$(j 'd["driver"]["state"]')" ok "driver state ok"
is "$(j 'd["driver"]["libcuda_path"]')" "$T/driver/libcuda.so.1" \
	"the file the loader mapped for libcuda.so.1"
is "$(j 'd["driver"]["libcuda_via"]')" LD_LIBRARY_PATH \
	"and why its directory is searched"
is "$(j 'd["driver"]["cuda_version"]')" 13.0 "driver's CUDA version"
is "$(j '[l["name"] for l in d["libraries"] if l["role"] == "cudnn"]')" \
	'["libcudnn_graph.so.9", "libcudnn_ops.so.9", "libcudnn_cnn.so.9", "libcudnn_adv.so.9", "libcudnn_engines_precompiled.so.9", "libcudnn_engines_runtime_compiled.so.9", "libcudnn_heuristic.so.9", "libcudnn.so.9"]' \
	"every cuDNN 9 sublibrary loaded first, then libcudnn.so.9"
is "$(j 'sorted(set(l["path"].rsplit("/", 1)[0] for l in d["libraries"] if l["role"] != "driver"))')" \
	"[\"$P/lib\"]" "each library came from the prefix"
is "$(j 'all(l["loaded"] and not l["outside_target"] for l in d["libraries"] if l["role"] != "driver")')" \
	True "all loaded, none from outside the target"
is "$(j 'd["cudnn"]["version"]')" 9.1.0 "cuDNN version from cudnnGetVersion"
is "$(j 'd["runtime"]["version"]')" 13.0 "runtime version"
is "$(j '[l["path"] for l in d["libraries"] if l["role"] == "runtime"][0]')" \
	"$P/lib/libcudart.so.13" "the prefix's runtime"
is "$(j 'len(d["devices"])')" 1 "one device"
is "$(j 'd["devices"][0]["name"]')" "cudnn-setup test double 0" "its name"
is "$(j 'd["devices"][0]["compute_capability"]')" 8.6 "its compute capability"
is "$(j 'd["devices"][0]["memory_bytes"]')" 8589934592 "its memory"
is "$(j 'd["devices"][0]["cudnn_supported"]')" True \
	"8.6 is within cudnnGetMaxDeviceVersion"
is "$(j '[c["name"] for c in d["checks"]]')" \
	'["kernel", "conv_fwd", "conv_bwd_data", "conv_bwd_filter", "batchnorm_fwd_train", "relu_fwd", "maxpool_fwd"]' \
	"the seven checks"
is "$(j 'set(c["result"] for c in d["checks"])')" "{'pass'}" "all pass"
is "$(j '[c for c in d["checks"] if c["name"] == "kernel"][0]["elements"]')" \
	1048583 "the kernel's every element compared"
is "$(j '[c["elements"] for c in d["checks"][1:]]')" \
	"[192, 252, 108, 132, 150, 54]" \
	"cuDNN outputs compared in full (y, dx, dw, bn y+stats, relu, pool)"
is "$(j '[c["algorithm"] for c in d["checks"][1:4]]')" \
	'["IMPLICIT_PRECOMP_GEMM", "ALGO_1", "ALGO_1"]' \
	"the algorithms cuDNN chose, by name"
is "$(j 'all(c["ms"] >= 0 for c in d["checks"])')" True "each check timed"

env LD_LIBRARY_PATH="$T/driver" "$CDS_BIN" verify --prefix "$P" \
	>"$T/out" 2>&1 </dev/null
RC=$?
TXT=$(cat "$T/out")
is "$RC" 0 "text mode: exit 0"
like "$TXT" "cuDNN 9.1.0: 8 of 8 libraries loaded" "text: cuDNN summary"
like "$TXT" "conv_bwd_filter +pass +max error 0" "text: a check line"
like "$TXT" "passed: every library loaded" "text: the verdict"

# --- wrong answers are failures -----------------------------------------
dv CDS_FAKE_CU_WRONG=4242
is "$RC" 1 "a wrong kernel element: exit 1"
is "$(j 'd["checks"][0]["result"]')" fail "kernel: fail"
is "$(j 'd["checks"][0]["mismatches"]')" 1 "exactly one element wrong"
is "$(j 'd["checks"][0]["max_error"]')" 1.0 "by 1.0"
is "$(j 'd["passed"]')" False "not passed"
dv CDS_FAKE_DNN_WRONG=conv_bwd_filter
is "$(j '[c["name"] for c in d["checks"] if c["result"] != "pass"]')" \
	'["conv_bwd_filter"]' "a wrong backward filter fails that check only"
is "$RC" 1 "and verify exits 1"
dv CDS_FAKE_DNN_WRONG=batchnorm_fwd_train
is "$(j '[c["result"] for c in d["checks"] if c["name"] == "batchnorm_fwd_train"][0]')" \
	fail "a wrong batch norm output fails"
dv CDS_FAKE_DNN_STATUS=maxpool_fwd
is "$(j 'd["checks"][6]["result"]')" error "a failing cuDNN call: error"
is "$(j 'd["checks"][6]["detail"]')" \
	"cudnnPoolingForward: CUDNN_STATUS_NOT_SUPPORTED (3000)" \
	"names the call and the status"

# --- each reason it cannot run --------------------------------------------
dv CDS_FAKE_CU_INIT=34
is "$RC" 1 "34: exit 1"
is "$(j 'd["blocked"]["reason"]')" stub "34: the stub"
is "$(j 'd["blocked"]["code"]')" 34 "34: the code"
is "$(j 'd["driver"]["stub"]["path"]')" "$T/driver/libcuda.so.1" \
	"34: the stub's path"
is "$(j 'd["driver"]["stub"]["via"]')" LD_LIBRARY_PATH \
	"34: the variable that put it there"
is "$(j 'set(c["result"] for c in d["checks"])')" "{'not_run'}" \
	"34: no check ran"
dv CDS_FAKE_CU_VERSION=12040
is "$(j 'd["blocked"]["reason"]')" driver-too-old "35: driver too old"
is "$(j 'd["blocked"]["code"]')" 35 "35: the runtime's code"
is "$(j 'd["driver"]["min_required"]')" 580.65.06 \
	"35: the minimum driver for CUDA 13 (the manifest's floor)"
is "$(j 'd["checks"][0]["result"]')" pass \
	"35: the driver API kernel still ran"
is "$(j 'set(c["detail"] for c in d["checks"][1:])')" "{'runtime'}" \
	"35: cuDNN checks not run because of the runtime"
is "$RC" 1 "35: exit 1"
dv CDS_FAKE_CU_INIT=100
is "$(j 'd["blocked"]["reason"] + " " + str(d["blocked"]["code"])')" \
	"no-device 100" "100: no device"
dv CDS_FAKE_CU_DEVICES=0
is "$(j 'd["blocked"]["reason"]')" no-device "a driver with zero devices"
is "$(j 'd["cuda_visible_devices"]')" None "CUDA_VISIBLE_DEVICES unset: null"

# --- CUDA_VISIBLE_DEVICES hides every GPU (the double honours it) ----------
dv CUDA_VISIBLE_DEVICES=
is "$(j 'd["blocked"]["reason"] + " " + str(d["blocked"]["code"])')" \
	"no-device 100" "CUDA_VISIBLE_DEVICES empty: cuInit 100"
is "$(j 'd["cuda_visible_devices"]')" "" "and the JSON carries its value"
is "$RC" 1 "exit 1"
txt() {
	env LD_LIBRARY_PATH="$T/driver" "$@" "$CDS_BIN" verify --prefix "$P" \
		>"$T/out" 2>&1 </dev/null
	TXT=$(cat "$T/out")
}
txt CUDA_VISIBLE_DEVICES=-1
like "$TXT" "error 100 \(CUDA_ERROR_NO_DEVICE\).*; CUDA_VISIBLE_DEVICES=-1 is set" \
	"text: error 100 names the variable and its value"
like "$TXT" "unset CUDA_VISIBLE_DEVICES" "text: and how to undo it"
txt CUDA_VISIBLE_DEVICES=
like "$TXT" 'CUDA_VISIBLE_DEVICES="" \(empty\) is set' "text: an empty value said so"
dv CUDA_VISIBLE_DEVICES=1
is "$(j 'd["blocked"]["reason"]')" no-device "index 1 of one GPU: no device"
dv CUDA_VISIBLE_DEVICES=0
is "$RC:$(j 'd["passed"]')" "0:True" "CUDA_VISIBLE_DEVICES=0: passes"
txt CDS_FAKE_CU_INIT=100
unlike "$TXT" "CUDA_VISIBLE_DEVICES" "error 100 without the variable: not named"
dv CDS_FAKE_CU_INIT=804
is "$(j 'd["blocked"]["reason"] + " " + str(d["blocked"]["code"])')" \
	"compat-unsupported 804" "804: forward compatibility unsupported"
is "$RC" 1 "804: exit 1"
env LD_LIBRARY_PATH="$T/driver" CDS_FAKE_CU_INIT=804 "$CDS_BIN" verify \
	--prefix "$P" >"$T/out" 2>&1 </dev/null
like "$(cat "$T/out")" "error 804, CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE" \
	"804 explained in words"

# --- the kernel's own failures --------------------------------------------
dv CDS_FAKE_CU_JIT=fail
is "$(j 'd["checks"][0]["result"]')" error "JIT failure: error"
like "$(j 'd["checks"][0]["detail"]')" \
	"cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX \(218\): ptxas fatal" \
	"JIT failure: the call, the code and the JIT log"
dv CDS_FAKE_CU_CRASH=1
is "$(j 'd["blocked"]["reason"]')" child-failed "a crash in the driver"
like "$(j 'd["blocked"]["detail"]')" "(signal 11|exited with status).* in kernel" \
	"names how it died and in which step"
is "$RC" 1 "a crash: exit 1, and verify itself survived"

# --- a driver without an entry point the checks need -----------------------
mkdir -p "$T/old"
${CC:-cc} -shared -fPIC -DCDS_FAKE_OLD_DRIVER -o "$T/old/libcuda.so.1" \
	-Wl,-soname,libcuda.so.1 "$CDS_SRCDIR/tests/fixtures/fake-libcuda.c" -lm
env LD_LIBRARY_PATH="$T/old" "$CDS_BIN" verify --prefix "$P" --json \
	>"$T/out" 2>&1 </dev/null
RC=$?
OUT=$(cat "$T/out")
is "$(j 'd["blocked"]["reason"] + ": " + d["blocked"]["detail"]')" \
	"init-failed: libcuda.so.1 lacks cuDevicePrimaryCtxRelease_v2" \
	"a driver lacking an entry point: named"
is "$RC" 1 "and exit 1"

# --- devices cuDNN does not know, and more than one -------------------------
dv CDS_FAKE_CU_CC=10.0 CDS_FAKE_CU_DEVICES=2
is "$(j '[x["cudnn_supported"] for x in d["devices"]]')" "[false, false]" \
	"10.0 is beyond the double's cudnnGetMaxDeviceVersion (900)"
is "$(j '[(c["name"], c["device"]) for c in d["checks"] if c["name"] == "kernel"]')" \
	'[["kernel", 0], ["kernel", 1]]' "the kernel runs on every device"

# --- a broken cuDNN set ---------------------------------------------------
echo 'extern int cds_missing_symbol; int *cds_use = &cds_missing_symbol;' \
	>"$T/broken.c"
mv "$P/lib/libcudnn_cnn.so.9" "$T/cnn.keep"
${CC:-cc} -shared -fPIC -o "$P/lib/libcudnn_cnn.so.9" \
	-Wl,-soname,libcudnn_cnn.so.9 "$T/broken.c"
dv
is "$RC" 1 "a sublibrary that fails RTLD_NOW: exit 1"
is "$(j '[l["error"] for l in d["libraries"] if l["name"] == "libcudnn_cnn.so.9"][0]')" \
	"$P/lib/libcudnn_cnn.so.9: undefined symbol: cds_missing_symbol" \
	"its file and the loader's message"
is "$(j 'd["libraries_ok"]')" False "libraries not ok"
is "$(j 'set(c["detail"] for c in d["checks"][1:])')" "{'cudnn'}" \
	"cuDNN checks not run: cuDNN did not load"
env LD_LIBRARY_PATH="$T/driver" "$CDS_BIN" verify --prefix "$P" \
	>"$T/out" 2>&1 </dev/null
like "$(cat "$T/out")" "libcudnn_cnn.so.9 did not load.*undefined symbol: cds_missing_symbol" \
	"said in the verdict"
mv "$T/cnn.keep" "$P/lib/libcudnn_cnn.so.9"

# --- a sublibrary cut short: the child dies of SIGBUS in it, named ---------
cp "$P/lib/libcudnn_ops.so.9" "$T/ops.keep"
OPS_SIZE=$(wc -c <"$T/ops.keep" | tr -d ' ')
truncate -s 4096 "$P/lib/libcudnn_ops.so.9"
dv
is "$(j 'd["blocked"]["reason"]')" child-failed "cut to 4 KiB: the check process died"
like "$(j 'd["blocked"]["detail"]')" "signal 7 \(Bus error\) in cudnn" "of SIGBUS, loading cuDNN"
is "$(j 'd["blocked"]["library"] + " " + d["blocked"]["library_how"]')" \
	"$P/lib/libcudnn_ops.so.9 fault address" \
	"the library it died in, from the fault's address in its mapping"
is "$(j '[(t["path"], t["size"], t["needs"]) for t in d["truncated"]]')" \
	"[[\"$P/lib/libcudnn_ops.so.9\", 4096, $OPS_SIZE]]" \
	"and it is cut short: its size and the size its headers need"
is "$RC" 1 "exit 1"
env LD_LIBRARY_PATH="$T/driver" "$CDS_BIN" verify --prefix "$P" \
	>"$T/out" 2>&1 </dev/null
like "$(cat "$T/out")" "it died in $P/lib/libcudnn_ops.so.9 \(the faulting address" \
	"text: the library named"
like "$(cat "$T/out")" "$P/lib/libcudnn_ops.so.9 is cut short: 4096 bytes of the $OPS_SIZE" \
	"text: cut short, in numbers"
# only its section header table cut: it loads and runs, and still fails
cp "$T/ops.keep" "$P/lib/libcudnn_ops.so.9"
truncate -s $((OPS_SIZE - 64)) "$P/lib/libcudnn_ops.so.9"
dv
is "$(j '[t["path"] for t in d["truncated"]]')" "[\"$P/lib/libcudnn_ops.so.9\"]" \
	"the section headers cut: loaded, yet named as cut short"
is "$RC:$(j 'd["passed"]')" "1:False" "and verify fails"
cp "$T/ops.keep" "$P/lib/libcudnn_ops.so.9"
dv
is "$RC:$(j 'd["truncated"]')" "0:[]" "whole again: passes, nothing cut"

# --- a sublibrary missing from the target, found elsewhere: a mixed set ----
mkdir -p "$T/other"
mv "$P/lib/libcudnn_adv.so.9" "$T/other/"
env LD_LIBRARY_PATH="$T/driver:$T/other" "$CDS_BIN" verify --prefix "$P" \
	--json >"$T/out" 2>&1 </dev/null
RC=$?
OUT=$(cat "$T/out")
is "$(j '[[l["path"], l["outside_target"]] for l in d["libraries"] if l["name"] == "libcudnn_adv.so.9"][0]')" \
	"[\"$T/other/libcudnn_adv.so.9\", true]" \
	"a sublibrary from outside the prefix is flagged"
is "$(j 'd["libraries_ok"]')" False "a mixed set is not ok"
is "$RC" 1 "a mixed set: exit 1"
mv "$T/other/libcudnn_adv.so.9" "$P/lib/"

# --- a conda env by name, with pip wheels' nvidia/*/lib ---------------------
E=$T/home/miniconda3/envs/dl
W=$E/lib/python3.11/site-packages/nvidia
mkdir -p "$E/conda-meta" "$W/cudnn/lib" "$W/cuda_runtime/lib"
cp "$P"/lib/libcudnn* "$W/cudnn/lib/"
cp "$P/lib/libcudart.so.13" "$W/cuda_runtime/lib/"
env HOME="$T/home" LD_LIBRARY_PATH="$T/driver" "$CDS_BIN" verify --env dl \
	--json >"$T/out" 2>"$T/err" </dev/null
RC=$?
OUT=$(cat "$T/out")
is "$(j 'd["target"]["kind"] + " " + d["target"]["path"]')" "env $E" \
	"--env dl found under ~/miniconda3/envs"
is "$(j 'sorted(d["target"]["libdirs"])')" \
	"[\"$E/lib\", \"$W/cuda_runtime/lib\", \"$W/cudnn/lib\"]" \
	"the env's lib and the wheels' library dirs are the target's"
is "$(j '[l["path"] for l in d["libraries"] if l["name"] == "libcudnn_ops.so.9"][0]')" \
	"$W/cudnn/lib/libcudnn_ops.so.9" "cuDNN loaded from the wheel"
is "$RC" 0 "the env passes"

done_testing
