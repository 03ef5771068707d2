#!/bin/sh
# verify on this machine's real files: bad input (--root, a relative or
# missing --prefix, an unknown --env, both at once) exits 2 naming it; with
# the toolkit's stub libcuda.so seen through LIBRARY_PATH (link-time only)
# and no driver, verify says so, dlopens the stub by its path and reports
# cuInit's 34; a libcuda.so.1 link to the stub on LD_LIBRARY_PATH is
# reported as the stub the loader maps; the real cuDNN under
# /usr/local/cuda is loaded with every sublibrary (its version read from
# cudnn_version.h); --prefix points verify at a toolkit.  Cases that need
# the NVIDIA files skip where they are absent, and the no-driver cases
# skip on a machine with a driver.
. "$CDS_SRCDIR/tests/lib.sh"
plan 37

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-verify-XXXXXX")
cleanup_later "$T"
CUDA=/usr/local/cuda
STUB=$CUDA/lib64/stubs/libcuda.so

# --- bad input --------------------------------------------------------------
R=$(mk_sysroot)
cleanup_later "$R"
cds verify --root "$R"
is "$RC" 2 "--root: exit 2"
like "$ERR" "--root $R: this runs on this machine and cannot check another system" \
	"--root: says why"
cds verify --prefix relative/dir
is "$RC" 2 "relative --prefix: exit 2"
cds verify --prefix /nonexistent-cds-prefix
is "$RC" 2 "missing --prefix: exit 2"
like "$ERR" "/nonexistent-cds-prefix" "missing --prefix: named"
HOME=$T cds verify --env no-such-env-cds
is "$RC" 2 "unknown --env: exit 2"
like "$ERR" "--env no-such-env-cds: no such conda env" "unknown --env: named"
cds verify --prefix "$T" --env x
is "$RC" 2 "--prefix with --env: exit 2"
mkdir -p "$T/empty"
cds verify --prefix "$T/empty"
is "$RC" 2 "a prefix without lib dirs: exit 2"
like "$ERR" "no lib, lib64 or cudnn/lib directory" "and says so"
cds verify extra-arg
is "$RC" 2 "a stray argument: exit 2"

# --- the stub, and no driver -------------------------------------------------
have_driver=no
if [ -e /proc/driver/nvidia/version ] || [ -e /dev/nvidia0 ] ||
    ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
	have_driver=yes
fi
if [ ! -f "$STUB" ] || [ "$have_driver" = yes ] || ! have_python; then
	skip 15 "needs $STUB, no NVIDIA driver, and python3"
else
	LIBRARY_PATH=$CUDA/lib64/stubs cds verify --json
	is "$RC" 1 "no driver: exit 1"
	is "$(jgetj "$OUT" 'd["blocked"]["reason"]')" no-module \
		"no module, no libcuda.so.1"
	# One spelling for a state word across the commands (kebab-case, as
	# doctor --json writes it); 0.1.0's '_' spelling kept for one release.
	is "$(jgetj "$OUT" 'd["blocked"]["reason_v0"] + " " + d["driver"]["state_v0"]')" \
		"no_module no_module" "the 0.1.0 spelling, kept for one release"
	VJ=$OUT
	LIBRARY_PATH=$CUDA/lib64/stubs cds doctor --json
	is "$(jgetj "$VJ" 'd["driver"]["state"]')" \
		"$(jgetj "$OUT" 'd["driver"]["state"]')" \
		"verify and doctor spell driver.state alike"
	is "$(jgetj "$VJ" 'd["driver"]["state"]')" no-module \
		"driver.state no-module"
	OUT=$VJ
	is "$(jgetj "$OUT" 'd["driver"]["stub"]["path"]')" "$STUB" \
		"the stub's path"
	is "$(jgetj "$OUT" 'd["driver"]["stub"]["via"]')" LIBRARY_PATH \
		"seen through LIBRARY_PATH"
	is "$(jgetj "$OUT" 'd["driver"]["stub"]["link_time_only"]')" True \
		"which is link-time only"
	is "$(jgetj "$OUT" 'd["driver"]["stub"]["init_error"]')" 34 \
		"dlopened by its path, cuInit returns 34"
	like "$(jgetj "$OUT" 'd["driver"]["probe_error"]')" \
		"libcuda.so.1: cannot open shared object file" \
		"the loader's own message for libcuda.so.1"
	is "$(jgetj "$OUT" 'set(c["result"] for c in d["checks"])')" \
		"{'not_run'}" "no check ran"
	LIBRARY_PATH=$CUDA/lib64/stubs cds verify
	like "$OUT" "LIBRARY_PATH: a link-time variable" \
		"text: LIBRARY_PATH is named for what it is"
	like "$OUT" "its cuInit\(\) returns 34 \(CUDA_ERROR_STUB_LIBRARY\)" \
		"text: 34 explained"
	like "$OUT" "no NVIDIA kernel module is loaded and libcuda.so.1 is not" \
		"text: why nothing ran"

	mkdir -p "$T/stubs"
	ln -s "$STUB" "$T/stubs/libcuda.so.1"
	LD_LIBRARY_PATH=$T/stubs cds verify --json
	is "$(jgetj "$OUT" 'd["blocked"]["reason"] + " " + str(d["blocked"]["code"]) + " " + d["driver"]["stub"]["path"] + " " + d["driver"]["stub"]["via"]')" \
		"stub 34 $T/stubs/libcuda.so.1 LD_LIBRARY_PATH" \
		"a stub the loader maps: 34, its path, LD_LIBRARY_PATH"
fi

# --- the real cuDNN -----------------------------------------------------------
HDR=$CUDA/include/cudnn_version.h
if [ ! -f "$CUDA/lib64/libcudnn.so.9" ] || [ ! -f "$HDR" ] || ! have_python
then
	skip 11 "needs $CUDA/lib64/libcudnn.so.9, $HDR and python3"
else
	want=$(awk '/define CUDNN_MAJOR/ { a = $3 }
		/define CUDNN_MINOR/ { b = $3 }
		/define CUDNN_PATCHLEVEL/ { c = $3 }
		END { print a "." b "." c }' "$HDR")
	subs=$(cd "$CUDA/lib64" && ls libcudnn_*.so.9 | sort | tr '\n' ' ')
	cds verify --prefix "$CUDA" --json
	is "$(jgetj "$OUT" 'd["cudnn"]["version"]')" "$want" \
		"cuDNN $want loaded (cudnn_version.h says $want)"
	is "$(jgetj "$OUT" '" ".join(sorted(l["name"] for l in d["libraries"] if l["role"] == "cudnn" and l["name"] != "libcudnn.so.9")) + " "')" \
		"$subs" "every sublibrary in $CUDA/lib64 loaded: $subs"
	is "$(jgetj "$OUT" 'all(l["loaded"] for l in d["libraries"] if l["role"] == "cudnn")')" \
		True "all of them loaded with RTLD_NOW"
	is "$(jgetj "$OUT" 'd["libraries_ok"]')" True "libraries ok"
	is "$(jgetj "$OUT" 'd["target"]["libdirs"][0]')" "$CUDA/lib64" \
		"the toolkit's lib64 searched first"
	is "$(jgetj "$OUT" 'sorted(set(l["path"].rsplit("/", 1)[0] for l in d["libraries"] if l["role"] != "driver"))')" \
		"[\"$CUDA/lib64\"]" "every library mapped from it"
	is "$(jgetj "$OUT" 'any(l["outside_target"] for l in d["libraries"])')" \
		False "none from outside the target"
	rt=$(cd "$CUDA/lib64" && ls libcudart.so.[0-9]* 2>/dev/null | head -1)
	is "$(jgetj "$OUT" '[l["name"] for l in d["libraries"] if l["role"] == "runtime"][0]')" \
		"$rt" "the toolkit's runtime ($rt)"
	like "$(jgetj "$OUT" 'd["runtime"]["version"]')" "^[0-9]+\.[0-9]+$" \
		"its version from cudaRuntimeGetVersion"
	like "$(jgetj "$OUT" 'd["cudnn"]["max_device_version"]')" "^[0-9]+$" \
		"cudnnGetMaxDeviceVersion reported"
	cds verify --prefix "$CUDA"
	like "$OUT" "cuDNN $want: [0-9]+ of [0-9]+ libraries loaded" \
		"text: cuDNN $want and its libraries"
fi

done_testing
