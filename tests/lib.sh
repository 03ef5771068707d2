# tests/lib.sh - shared by the system tests: TAP output, fake roots, and
# running the program.  Source it first thing: `. "$CDS_SRCDIR/tests/lib.sh"`.

: "${CDS_BIN:?run through make check}"
: "${CDS_SRCDIR:?run through make check}"
export LC_ALL=C NO_COLOR=1
unset CUDA_HOME CUDA_PATH CONDA_PREFIX CONDA_DEFAULT_ENV LD_LIBRARY_PATH \
	CONDA_EXE LIBRARY_PATH

T_N=0
T_FAILED=0
T_CLEAN=""

plan() { echo "1..$1"; }

ok() {
	# ok COND-STATUS NAME: pass when the status is 0
	T_N=$((T_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $T_N - $2"
	else
		echo "not ok $T_N - $2"
		T_FAILED=$((T_FAILED + 1))
	fi
}

check() {
	# check NAME COMMAND...: pass when the command succeeds
	_name=$1
	shift
	if "$@" >/dev/null 2>&1; then ok 0 "$_name"; else ok 1 "$_name"; fi
}

is() {
	# is GOT WANT NAME
	T_N=$((T_N + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $T_N - $3"
	else
		echo "not ok $T_N - $3"
		echo "# got:  '$1'"
		echo "# want: '$2'"
		T_FAILED=$((T_FAILED + 1))
	fi
}

like() {
	# like TEXT GREP-E-PATTERN NAME
	T_N=$((T_N + 1))
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		echo "ok $T_N - $3"
	else
		echo "not ok $T_N - $3"
		printf '%s\n' "$1" | sed 's/^/# /' | head -40
		echo "# wanted: $2"
		T_FAILED=$((T_FAILED + 1))
	fi
}

unlike() {
	T_N=$((T_N + 1))
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		echo "not ok $T_N - $3"
		printf '%s\n' "$1" | grep -E -- "$2" | sed 's/^/# /' | head -10
		T_FAILED=$((T_FAILED + 1))
	else
		echo "ok $T_N - $3"
	fi
}

skip() {
	# skip COUNT REASON
	_i=0
	while [ "$_i" -lt "$1" ]; do
		T_N=$((T_N + 1))
		echo "ok $T_N # SKIP $2"
		_i=$((_i + 1))
	done
}

diag() { echo "# $*"; }

done_testing() {
	[ -n "$T_CLEAN" ] && rm -rf $T_CLEAN
	[ "$T_FAILED" -eq 0 ]
	exit $?
}

# mk_sysroot: an empty fake system in a temp dir, removed at exit.  Prints
# its path.
mk_sysroot() {
	_r=$(mktemp -d "${TMPDIR:-/tmp}/cds-root-XXXXXX")
	mkdir -p "$_r/etc" "$_r/usr/lib/x86_64-linux-gnu" "$_r/usr/local" \
		"$_r/proc" "$_r/sys/module" "$_r/home/user" "$_r/tmp"
	: >"$_r/etc/ld.so.conf"
	echo "$_r"
}

# cleanup_later DIR...: remove at done_testing.
cleanup_later() { T_CLEAN="$T_CLEAN $*"; }

# cds ARGS...: run the program; stdout in $OUT, stderr in $ERR, status $RC.
cds() {
	_o=$(mktemp) _e=$(mktemp)
	"$CDS_BIN" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
	return 0
}

# jq-free JSON access through python3: jget JSON EXPR (python on `d`)
jget() {
	printf '%s' "$1" | python3 -c 'import json,sys
d = json.load(sys.stdin)
v = eval(sys.argv[1])
print(v if isinstance(v, str) else repr(v))' "$2"
}

have_python() { command -v python3 >/dev/null 2>&1; }

# ---- verify ------------------------------------------------------------------
# mk_gpu_doubles DIR: build the GPU TEST DOUBLES (tests/fixtures/
# fake-libcuda.c, fake-libcudnn.c; never installed) into DIR/driver
# (libcuda.so.1) and DIR/prefix/lib (libcudart.so.13, libcudnn.so.9 and
# its sublibraries, empty ones with the real sonames).  Non-zero when the
# compiler fails.
mk_gpu_doubles() {
	_d=$1
	_f=$CDS_SRCDIR/tests/fixtures
	mkdir -p "$_d/driver" "$_d/prefix/lib" || return 1
	${CC:-cc} -shared -fPIC -o "$_d/driver/libcuda.so.1" \
		-Wl,-soname,libcuda.so.1 "$_f/fake-libcuda.c" -lm || return 1
	${CC:-cc} -shared -fPIC -DCDS_FAKE_RUNTIME \
		-o "$_d/prefix/lib/libcudart.so.13" \
		-Wl,-soname,libcudart.so.13 "$_f/fake-libcuda.c" || return 1
	${CC:-cc} -shared -fPIC -I"$CDS_BUILDDIR" -I"$CDS_SRCDIR/src" \
		-o "$_d/prefix/lib/libcudnn.so.9" -Wl,-soname,libcudnn.so.9 \
		"$_f/fake-libcudnn.c" "$CDS_SRCDIR/src/cpuref.c" -lm || return 1
	for _s in graph ops cnn adv engines_precompiled \
	    engines_runtime_compiled heuristic; do
		echo "int cds_fake_$_s;" >"$_d/sub.c"
		${CC:-cc} -shared -fPIC -o "$_d/prefix/lib/libcudnn_$_s.so.9" \
			-Wl,-soname,"libcudnn_$_s.so.9" "$_d/sub.c" || return 1
	done
	rm -f "$_d/sub.c"
}

# jgetj JSON EXPR: like jget, but lists and dicts print as JSON.
jgetj() {
	printf '%s' "$1" | python3 -c 'import json,sys
d = json.load(sys.stdin)
v = eval(sys.argv[1])
print(json.dumps(v) if isinstance(v, (dict, list)) else v)' "$2"
}
