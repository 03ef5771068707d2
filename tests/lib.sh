# tests/lib.sh - shared by the system tests: TAP output, fake roots, and
# running the program.  Source it first thing: `. "$CDS_SRCDIR/tests/lib.sh"`.

: "${CDS_BIN:?run through make check}"
: "${CDS_SRCDIR:?run through make check}"
export LC_ALL=C NO_COLOR=1
unset CUDA_HOME CUDA_PATH CONDA_PREFIX CONDA_DEFAULT_ENV LD_LIBRARY_PATH \
	CONDA_EXE LIBRARY_PATH CUDA_VISIBLE_DEVICES NVIDIA_VISIBLE_DEVICES \
	JAX_PLATFORMS CUDA_MODULE_LOADING

T_N=0
T_FAILED=0
T_CLEAN=""

T_PLAN=0
plan() { T_PLAN=$1; echo "1..$1"; }

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

# skip_rest REASON: skip what is left of the plan and end the test
skip_rest() {
	skip $((T_PLAN - T_N)) "$1"
	done_testing
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

# mk_driver ROOT VERSION: the kernel module VERSION loaded in a fake root,
# as /proc/driver/nvidia/version and /sys/module/nvidia/version say it
mk_driver() {
	mkdir -p "$1/proc/driver/nvidia" "$1/sys/module/nvidia"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2024\n' \
		"$2" >"$1/proc/driver/nvidia/version"
	echo "$2" >"$1/sys/module/nvidia/version"
}

# cleanup_later DIR...: remove at done_testing.
cleanup_later() { T_CLEAN="$T_CLEAN $*"; }

# ---- time -------------------------------------------------------------------
# A bound on time must hold on a loaded machine and in a sanitizer build
# (configure --enable-debug), where everything runs several times slower.
# So a bound is never an absolute wall time: the work a program does is
# bounded in CPU seconds (cpu_of), which load does not stretch, and a wait
# (a deadline, a backoff, a lock) is bounded by the wall time it may take
# plus the cost of the same work without the wait, measured in the same run
# (within).

# now: the wall clock, in seconds with fractions
now() { date +%s.%N; }

# since T0: the wall seconds since T0 (from now), e.g. 1.234
since() { python3 -c "import sys; print('%.3f' % ($(now) - $1))"; }

# cpu_of FILE COMMAND...: run COMMAND (its output and status as they are);
# the CPU seconds it and its children used (user + system) go to FILE
cpu_of() {
	_cpuf=$1
	shift
	python3 -c 'import os, resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
u = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write("%.3f\n" % (u.ru_utime + u.ru_stime))
sys.exit(rc if rc >= 0 else 128 - rc)' "$_cpuf" "$@"
}

# within NAME ELAPSED LIMIT BASE: a test that ELAPSED seconds (wall) is
# within LIMIT seconds (what the wait under test may take on a quiet
# machine) plus three times BASE (the same run's cost of the same work
# without the wait: start-up, reading the manifest, the scan)
within() {
	ok "$(python3 -c "print(0 if $2 <= $3 + 3 * $4 else 1)")" \
		"$1 (${2} s; bound $3 s + 3 x ${4} s)"
}

# env_i ARGS...: `env -i ARGS`, the sanitizers' options kept.  Under
# tests/sanitized.sh ASan's and UBSan's reports go to files of the test's
# own (log_path); a program given an empty environment would print them to
# its stderr instead, which the test may not read.
env_i() {
	env -i ${ASAN_OPTIONS+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		${LSAN_OPTIONS+"LSAN_OPTIONS=$LSAN_OPTIONS"} "$@"
}

# san_keep FILE...: the stderr of a program run where the sanitizers'
# log_path cannot follow it (a chroot, where it is printed): a file holding
# a report goes to the test's reports (CDS_SANDIR, tests/sanitized.sh),
# which fails the test.
san_keep() {
	[ -d "${CDS_SANDIR:-}" ] || return 0
	for _sf in "$@"; do
		grep -qsE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' \
			"$_sf" || continue
		cp "$_sf" "$CDS_SANDIR/stderr.$$.$(basename "$_sf")"
	done
}

# cds ARGS...: run the program; stdout in $OUT, stderr in $ERR, status $RC.
cds() {
	run_tool "$CDS_BIN" "$@"
}

# run_tool PROGRAM ARGS...: as cds, for another program (the tests' tools);
# a sanitizer's report on stderr is shown in the log
run_tool() {
	_o=$(mktemp) _e=$(mktemp)
	"$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
	printf '%s\n' "$ERR" | grep -E 'Sanitizer|runtime error' | sed 's/^/# /'
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
# python3 by way of a version manager's shim (pyenv) is a shell script or
# two at each call, seconds of a loaded machine: the interpreter the shim
# picks, found once
_t_py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$_t_py" ] && [ -x "$_t_py" ]; then
	python3() { "$_t_py" "$@"; }
fi

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
		"$_f/fake-libcudnn.c" "$CDS_SRCDIR/src/verify/cpuref.c" -lm || return 1
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

# ---- install (transaction) ------------------------------------------------

# tree_hash DIR [content]: one digest of everything under DIR (names,
# types, modes, mtimes, link targets, contents), to show that a command
# changed nothing; with "content", mtimes are left out (two installs of the
# same release compare equal).
# remade FILE DESC CMD...: one test, that CMD's output is FILE (a table
# the tree commits, made again here from its sources)
remade() {
	_f=$1 _d=$2; shift 2
	"$@" >"${TMPDIR:-/tmp}/remade.$$" 2>&1
	is "$(cmp "${TMPDIR:-/tmp}/remade.$$" "$_f" >/dev/null && echo same)" same "$_d"
	rm -f "${TMPDIR:-/tmp}/remade.$$"
}
tree_hash() {
	python3 - "$1" "${2:-}" <<'PY'
import hashlib, os, stat, sys
top, h = sys.argv[1], hashlib.sha256()
content = sys.argv[2] == "content"
for d, dirs, files in os.walk(top):
    dirs.sort()
    for n in sorted(dirs + files):
        f = os.path.join(d, n)
        st = os.lstat(f)
        h.update(("%s %o %d\n" % (os.path.relpath(f, top), st.st_mode,
                                   0 if content else st.st_mtime_ns)).encode())
        if stat.S_ISLNK(st.st_mode):
            h.update(os.readlink(f).encode())
        elif stat.S_ISREG(st.st_mode):
            h.update(open(f, "rb").read())
print(h.hexdigest())
PY
}

# prefix_check HOSTPREFIX: every release tree in the prefix has a receipt
# and matches it exactly (each file's digest, size and mode, each link's
# target, nothing more, nothing less); no receipt lacks its tree unless
# LEFTOVERS=ok (what a crash may leave for the next run to clean).
# Prints one line per problem; status 0 when there is none.
prefix_check() {
	python3 - "$1" "${LEFTOVERS:-}" <<'PY'
import hashlib, json, os, stat, sys
# names are bytes: a receipt entry's "path_hex"/"target_hex" (a name that
# is not UTF-8) is taken before its "path"/"target"
p, leftovers = os.fsencode(sys.argv[1]), sys.argv[2] == "ok"
def name(e, key):
    if key + "_hex" in e:
        return bytes.fromhex(e[key + "_hex"])
    return e[key].encode()
bad = []
rdir = os.path.join(p, b".state", b"receipts")
receipts = set()
if os.path.isdir(rdir):
    for n in os.listdir(rdir):
        if n.endswith(b".json"):
            receipts.add(n[:-5])
trees = set()
if os.path.isdir(p):
    for n in os.listdir(p):
        if (n.startswith(b"cuda-") or n.startswith(b"cudnn-")) and \
                not os.path.islink(os.path.join(p, n)):
            trees.add(n)
for t in sorted(trees - receipts):
    bad.append("tree without receipt: %r" % t)
if not leftovers:
    for r in sorted(receipts - trees):
        bad.append("receipt without tree: %r" % r)
for nm in sorted(trees & receipts):
    doc = json.load(open(os.path.join(rdir, nm + b".json")))
    root = os.path.join(p, nm)
    seen = set()
    for e in doc["files"]:
        rel = name(e, "path")
        f = os.path.join(root, rel)
        seen.add(rel)
        st = os.lstat(f) if os.path.lexists(f) else None
        if st is None:
            bad.append("%r: missing %r" % (nm, rel))
        elif e["type"] == "link":
            if not stat.S_ISLNK(st.st_mode) or \
                    os.readlink(f) != name(e, "target"):
                bad.append("%r: link %r differs" % (nm, rel))
        elif e["type"] == "dir":
            if not stat.S_ISDIR(st.st_mode):
                bad.append("%r: %r not a dir" % (nm, rel))
        else:
            h = hashlib.sha256(open(f, "rb").read()).hexdigest()
            if h != e["sha256"] or st.st_size != e["size"] or \
                    "%04o" % (st.st_mode & 0o7777) != e["mode"]:
                bad.append("%r: file %r differs" % (nm, rel))
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            rel = os.path.relpath(os.path.join(d, n), root)
            if rel not in seen:
                bad.append("%r: %r not in the receipt" % (nm, rel))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
}

# lock_hold PREFIX GO: another process holds PREFIX's lock (flock(1) on
# PREFIX/.state/lock, writing its pid there as a second cudnn-setup would)
# until the file GO exists.  Sets holder (the holder's pid, to wait for)
# and hpid (the pid in the lock file).
lock_hold() {
	mkdir -p "$1/.state"
	rm -f "$2" "$2.held"
	flock "$1/.state/lock" sh -c 'echo $$ >"$1"; touch "$2"
		while [ ! -e "$3" ]; do sleep 0.1; done' sh \
		"$1/.state/lock" "$2.held" "$2" &
	holder=$!
	while [ ! -e "$2.held" ]; do sleep 0.05; done
	hpid=$(cat "$1/.state/lock")
}

# txn_releases: the releases of the transaction tests' repository, made
# with tests/fixtures/mkarchive.sh (after mka_init): CUDA 12.4.1
# (cuda_cudart, cuda_nvcc, cuda_nvrtc, libcublas), CUDA 12.6.3
# (cuda_cudart), cuDNN 9.3.0.75 (cuda12, cuda11).
txn_releases() {
	mka_cuda 12.4.1 cuda_cudart cuda_nvcc cuda_nvrtc libcublas &&
		mka_cuda 12.6.3 cuda_cudart && mka_cudnn 9.3.0.75 cuda12 cuda11
}
# mirror DIR [-s N | -r] [--https | --https-base] [BUILD]: the test's
# repository in NVIDIA's layout at DIR, made by tests/fixtures/mkarchive.sh:
# mka_init DIR, the sh code BUILD (mka_* calls; default: txn_releases),
# mka_index, what they say in DIR.log.  Sets M to the index.
#   --https       serve it over TLS (and http) from nginx with a test CA:
#                 ngx_serve of tests/fixtures/nginx.sh, which sets NGX_URL,
#                 NGX_CA, NGX_DIR... and clears the proxy and CA variables
#                 (the test says what it trusts); nginx is looked for
#                 before anything is built
#   --https-base  the same, and the index names that server as its base
#                 URL, so that an install needs no --mirror
# When it cannot be built, the log is shown as TAP comments and the test
# ends: one failure, or N skips (-s N); with -r it returns 1 instead.
# When nginx is missing or does not start, the rest of the plan is skipped
# (skip_rest), or with -r, 1 is returned (NGX_WHY says why).
mirror() {
	_md=$1
	shift
	_mskip='' _mret='' _mserve=''
	while :; do
		case ${1:-} in
		-s) _mskip=$2; shift 2 ;;
		-r) _mret=1; shift ;;
		--https) _mserve=-; shift ;;
		--https-base) _mserve=-b; shift ;;
		*) break ;;
		esac
	done
	. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
	if [ -n "$_mserve" ]; then
		command -v ngx_serve >/dev/null ||
			. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
		if ! have_nginx; then
			NGX_WHY="nginx, openssl or python3 is not installed"
			[ -n "$_mret" ] && return 1
			skip_rest "$NGX_WHY"
		fi
	fi
	if ! { mka_init "$_md" && eval "${1:-txn_releases}" &&
	    mka_index; } >"$_md.log" 2>&1; then
		[ -n "$_mret" ] && return 1
		sed 's/^/# /' "$_md.log"
		if [ -n "$_mskip" ]; then
			skip "$_mskip" "the test mirror could not be built"
		else
			ok 1 "the test mirror could not be built"
		fi
		done_testing
	fi
	M=$_md/index.json
	[ -n "$_mserve" ] || return 0
	# shellcheck disable=SC2046
	ngx_serve "$_md" $([ "$_mserve" = -b ] && echo -b) && return 0
	[ -n "$_mret" ] && return 1
	skip_rest "$NGX_WHY"
}

# mka_crafted COMPONENT VERSION [VARIANT] -- SPEC...: like mka_component of
# tests/fixtures/mkarchive.sh, but the archive holds exactly the mka_craft
# SPECs (TYPE:PATH[:ARG], PATH inside the top directory).  Prints the
# relative path.
mka_crafted() {
	_xc=$1 _xv=$2
	shift 2
	_xvar=""
	if [ "$1" != "--" ]; then
		_xvar=$1
		shift
	fi
	shift
	if [ -n "$_xvar" ]; then
		_xtop=$_xc-$MKA_PLATFORM-${_xv}_$_xvar-archive
	else
		_xtop=$_xc-$MKA_PLATFORM-$_xv-archive
	fi
	_xrel=$_xc/$MKA_PLATFORM/$_xtop.tar.xz
	mkdir -p "$MKA_DIR/$_xc/$MKA_PLATFORM"
	_xn=$#
	while [ "$_xn" -gt 0 ]; do
		set -- "$@" "${1%%:*}:$_xtop/${1#*:}"
		shift
		_xn=$((_xn - 1))
	done
	mka_craft "$MKA_DIR/$_xrel" "dir:$_xtop" "$@" || return 1
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$_xc" "$_xv" "${_xvar:--}" \
		"$_xrel" "$(mka_sha256 "$MKA_DIR/$_xrel")" \
		"$(md5sum "$MKA_DIR/$_xrel" | cut -d' ' -f1)" \
		"$(mka_size "$MKA_DIR/$_xrel")" >>"$MKA_DIR/.mka/entries.tsv"
	echo "$_xrel"
}

# mka_release_cuda LABEL COMPONENT...: close a CUDA release whose archives
# were made with mka_crafted or mka_component since the last release.
mka_release_cuda() {
	_yl=$1
	shift
	mka_redistrib cuda "$_yl" "$_yl" \
		"$MKA_DIR/cuda_redistrib_$_yl.json" || return 1
	printf 'cuda\t%s\t%s\tcuda_redistrib_%s.json\t%s\t-\n' "$_yl" "$_yl" \
		"$_yl" "$*" >>"$MKA_DIR/.mka/releases.tsv"
}

# mka_release_cudnn FULLVERSION VARIANT...: the same for cuDNN.
mka_release_cudnn() {
	_zf=$1
	shift
	_zl=$(echo "$_zf" | cut -d. -f1-3)
	mka_redistrib cudnn "$_zl" "$_zf" \
		"$MKA_DIR/cudnn_redistrib_$_zl.json" || return 1
	printf 'cudnn\t%s\t%s\tcudnn_redistrib_%s.json\tcudnn\t%s\n' "$_zl" \
		"$_zf" "$_zl" "$*" >>"$MKA_DIR/.mka/releases.tsv"
}

# mka_packdir COMPONENT VERSION [VARIANT] -- SRCDIR: an archive in NVIDIA's
# layout whose top directory holds a copy of SRCDIR (packed by mka_pack).
# Prints the relative path.
mka_packdir() {
	_wc=$1 _wv=$2
	shift 2
	_wvar=""
	if [ "$1" != "--" ]; then
		_wvar=$1
		shift
	fi
	shift
	if [ -n "$_wvar" ]; then
		_wtop=$_wc-$MKA_PLATFORM-${_wv}_$_wvar-archive
	else
		_wtop=$_wc-$MKA_PLATFORM-$_wv-archive
	fi
	_wrel=$_wc/$MKA_PLATFORM/$_wtop.tar.xz
	_wtmp=$(mktemp -d "${TMPDIR:-/tmp}/mka-XXXXXX")
	cp -a "$1" "$_wtmp/$_wtop" &&
		mka_pack "$_wtmp/$_wtop" "$MKA_DIR/$_wrel" || {
		rm -rf "$_wtmp"
		return 1
	}
	rm -rf "$_wtmp"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$_wc" "$_wv" "${_wvar:--}" \
		"$_wrel" "$(mka_sha256 "$MKA_DIR/$_wrel")" \
		"$(md5sum "$MKA_DIR/$_wrel" | cut -d' ' -f1)" \
		"$(mka_size "$MKA_DIR/$_wrel")" >>"$MKA_DIR/.mka/entries.tsv"
	echo "$_wrel"
}
# ---- manifests as an attacker or a broken mirror writes them ---------------
# craft_manifest FROM TO CODE: TO, a copy of the manifest directory FROM
# (index.json and the redistrib files it names, beside it), changed by the
# python CODE: `idx` is the index, red(NAME) the redistrib file NAME (its
# path in FROM) as parsed JSON, written back after CODE.  Then the index
# pins each redistrib file's new SHA-256, so that only CODE's change is
# wrong; CODE sets repin = False to keep the pins as it left them.  TO's
# index is unsigned (a signature of FROM's is not copied).
craft_manifest() {
	rm -rf "${2:?}"
	cp -a "$1" "$2" && rm -f "$2/index.json.minisig" || return 1
	python3 - "$2" "$3" <<'PY'
import hashlib, json, os, sys
d, code = sys.argv[1], sys.argv[2]
idx = json.load(open(os.path.join(d, "index.json")))
docs = {}
repin = True
def red(name):
    if name not in docs:
        docs[name] = json.load(open(os.path.join(d, name)))
    return docs[name]
exec(code)
for name, doc in docs.items():
    open(os.path.join(d, name), "w").write(json.dumps(doc, indent=4))
if repin:
    for r in idx["releases"]:
        p = os.path.join(d, r["redistrib"])
        r["sha256"] = hashlib.sha256(open(p, "rb").read()).hexdigest()
open(os.path.join(d, "index.json"), "w").write(json.dumps(idx, indent=2))
PY
}
# publish_index DIR VERSION [EXPIRES [KEY [MOVED]]]: what `update` fetches,
# at DIR/index.json: the index the tests read (CDS_DATADIR) as version
# VERSION, generated 2026-11-26, expiring EXPIRES (default 2099-01-01), its
# newest CUDA release's redistrib file moved to MOVED/ (default extra) and
# copied there, so that an update fetches it; signed (DIR/index.json.minisig)
# with KEY (default the build's development key; "none": left unsigned).
publish_index() {
	python3 - "$CDS_DATADIR/manifests" "$1" "$2" "${3:-2099-01-01}" \
	    "${5:-extra}" <<'PY' || return 1
import json, os, shutil, sys
src, out, ver, exp, moved = sys.argv[1:]
d = json.load(open(os.path.join(src, "index.json")))
d["version"], d["generated"], d["expires"] = int(ver), "2026-11-26", exp
cuda = [r for r in d["releases"] if r["kind"] == "cuda"][-1]
name = cuda["redistrib"].split("/")[-1]
os.makedirs(os.path.join(out, moved), exist_ok=True)
shutil.copy(os.path.join(src, cuda["redistrib"]), os.path.join(out, moved))
cuda["redistrib"] = moved + "/" + name
json.dump(d, open(os.path.join(out, "index.json"), "w"), indent=1)
PY
	rm -f "$1/index.json.minisig"
	[ "${4:-}" = none ] && return 0
	"$CDS_BUILDDIR/tools/cds-sign" sign "${4:-$CDS_BUILDDIR/keys/dev.key}" \
		"$1/index.json" >/dev/null
}
# ---- findings and explain ----------------------------------------------
# in_root ROOT COMMAND: run a fix command doctor printed for a fake root:
# without sudo, with absolute paths under /usr /etc /opt /home /var moved
# into ROOT.  For commands that change files (ln, rm, sed -i).
in_root() {
	_cmd=$(printf '%s' "$2" | sed -e 's/sudo //g' \
		-e "s#\([ '=]\)/\(usr\|etc\|opt\|home\|var\|lib\)/#\1$1/\2/#g")
	sh -c "$_cmd"
}
# finding_ids JSON: the ids of doctor --json's findings, as a list
finding_ids() { jget "$1" '[f["id"] for f in d["findings"]]'; }
# evidence JSON ID KEY: the values of evidence KEY of the findings ID
evidence() {
	jget "$1" '[e["value"] for f in d["findings"] if f["id"] == "'"$2"'" for e in f["evidence"] if e["key"] == "'"$3"'"]'
}
# fix_command JSON ID [N]: the Nth (0) fix command of the first finding ID
fix_command() {
	jget "$1" '[f["fixes"]['"${3:-0}"']["command"] for f in d["findings"] if f["id"] == "'"$2"'"][0]'
}
# readme_block NAME: the README's block after "<!-- doctor output: NAME",
# without its fences
readme_block() {
	awk -v m="<!-- doctor output: $1" 'index($0, m) == 1 { on = 1; next }
		on && /^```/ { if (++fence == 2) exit; next }
		on && fence == 1' "$CDS_SRCDIR/README.md"
}
# not_in_order TEXT BLOCK: the first line of BLOCK (a line "…" stands for
# lines left out) that is not a whole line of TEXT after the one before it;
# nothing when every line is
not_in_order() {
	printf '%s\n' "$2" | awk -v text="$1" 'BEGIN { n = split(text, out, "\n") }
		$0 == "…" { next }
		{ while (i < n && out[++i] != $0) ; if (out[i] != $0) {
			print; exit } }'
}
# titles JSON ID: the titles of the findings ID
titles() { jget "$1" '[f["title"] for f in d["findings"] if f["id"] == "'"$2"'"]'; }

# ---- envs that need an install (repair, install --env) ----------------------
# mk_env_ort ROOT: a conda install under ROOT/home/user/miniconda3 with an
# env "ort" holding pip onnxruntime-gpu 1.16.1 and its CUDA provider library
# (NEEDED libcudnn.so.8 and libcublasLt.so.11, nothing providing them).
# Sets ORT_ENV (host path) and ORT_PROV (the provider, under the root).
# Needs tests/fixtures/mkcudnn.sh.
mk_env_ort() {
	ORT_ENV=$1/home/user/miniconda3/envs/ort
	_os=$ORT_ENV/lib/python3.10/site-packages
	mkdir -p "$1/home/user/miniconda3/conda-meta" "$ORT_ENV/conda-meta" \
		"$_os/onnxruntime/capi" "$_os/onnxruntime_gpu-1.16.1.dist-info"
	printf 'Name: onnxruntime-gpu\nVersion: 1.16.1\n' \
		>"$_os/onnxruntime_gpu-1.16.1.dist-info/METADATA"
	ORT_PROV=/home/user/miniconda3/envs/ort/lib/python3.10/site-packages/onnxruntime/capi/libonnxruntime_providers_cuda.so
	mk_solib "$1$ORT_PROV" libonnxruntime_providers_cuda.so \
		-N libcudnn.so.8 -N libcublasLt.so.11
}

# unresolved ROOT LIBRARY LD_LIBRARY_PATH: the NEEDED entries of LIBRARY
# (a path under ROOT) that the loader would not find, sorted, one line
unresolved() {
	"$CDS_BUILDDIR/tests/tools/ldresolve" --root "$1" \
		--env LD_LIBRARY_PATH="$3" --resolve "$2" |
		python3 -c 'import json, sys
d = json.load(sys.stdin)
print(" ".join(sorted(o["name"] for o in d["objects"] if not o.get("path"))))'
}
# ---- packages (tests/sys/package-*.sh) ------------------------------------
# src_version: configure.ac's version (AC_INIT), the one place it is said
src_version() {
	sed -n 's/^AC_INIT(\[cudnn-setup\], \[\([^]]*\)\].*/\1/p' \
	    "$CDS_SRCDIR/configure.ac"
}
# src_key: a digest of every file git tracks or would track in the source,
# which keys a cached build of it
src_key() {
	(cd "$CDS_SRCDIR" && git ls-files -co --exclude-standard -z |
	    sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
}
# pkg_cannot: why a package test cannot run here; nothing when it can
pkg_cannot() {
	if [ "$(id -u)" != 0 ]; then
		echo "needs root (chroot, mounts)"
	elif ! unshare -m true 2>/dev/null; then
		echo "cannot make a mount namespace (unshare -m)"
	elif ! git -C "$CDS_SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
		echo "the source is not a git checkout: nothing to key the build by"
	fi
}
# real_root NAME: the path of the real-world root NAME (tests/realworld/
# recipes/NAME), built by tests/realworld/mkroot.sh when this machine can
# and it is not there yet, waiting on a build already under way (its
# lock): on a fresh machine `.ci/build check` starts every root's build
# while the program compiles, and a test that reads a root must not look
# before it is done.  The path is printed even where it cannot be built;
# the caller skips when it is absent, saying so.
real_root() {
	_p=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/roots/$1
	if [ "$(id -u)" -eq 0 ]; then
		_b=$(sh "$CDS_SRCDIR/tests/realworld/mkroot.sh" "$1" 2>/dev/null) &&
			[ -n "$_b" ] && _p=$_b
	fi
	echo "$_p"
}
# portable_tgz WORKDIR: the portable tarball of this source
# (tools/portable.sh), built once per src_key and cached under
# ${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/portable/; prints its
# path.  Status 77: it cannot be built here (WORKDIR/build.log says why);
# another non-zero status: the build failed (the log is there too).
portable_tgz() {
	_c=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/portable
	_k=$(src_key)
	_n=cudnn-setup-$(src_version)-x86_64-linux
	mkdir -p "$_c" "$1/out" || return 1
	(
		flock 9
		[ -f "$_c/$_k/$_n.tar.gz" ] && exit 0
		"$CDS_SRCDIR/tools/portable.sh" "$1/out" >"$1/build.log" 2>&1 ||
			exit $?
		mkdir -p "$_c/$_k" && cp "$1/out/$_n.tar.gz" "$_c/$_k/"
	) 9>"$_c/.lock" || return $?
	echo "$_c/$_k/$_n.tar.gz"
}
# deb_built WORKDIR: this source's .deb (dpkg-buildpackage -us -uc -b on a
# copy of what git tracks), built once per src_key and cached under
# ${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/debs/ with its .changes;
# prints its path.  Non-zero: the build failed (WORKDIR/build.log).
deb_built() {
	_c=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/debs
	_k=$(src_key)
	_n=cudnn-setup_$(src_version)_amd64.deb
	mkdir -p "$_c" "$1/build/src" || return 1
	(
		flock 9
		[ -f "$_c/$_k/$_n" ] && exit 0
		(cd "$CDS_SRCDIR" && git ls-files -co --exclude-standard -z |
		    tar --null -T - -cf -) | tar -C "$1/build/src" -xf - &&
		(cd "$1/build/src" && dpkg-buildpackage -us -uc -b) \
		    >"$1/build.log" 2>&1 &&
		mkdir -p "$_c/$_k" &&
		cp "$1"/build/*.deb "$1"/build/*.changes "$_c/$_k/"
	) 9>"$_c/.lock" || return $?
	echo "$_c/$_k/$_n"
}
# ---- running inside a root (a private mount namespace) ---------------------
# ROOT_MOUNTS: what a run inside the root $M needs, as sh text for the
# unshare -m scripts below: /proc, a private tmpfs /dev with null, zero and
# urandom (never the host's: NVIDIA's library, run as root, creates
# /dev/nvidiactl there) and a private tmpfs /tmp.
# shellcheck disable=SC2016
ROOT_MOUNTS='mount -t proc proc "$M/proc" &&
mount -t tmpfs -o mode=755 tmpfs "$M/dev" &&
mknod -m 666 "$M/dev/null" c 1 3 && mknod -m 666 "$M/dev/zero" c 1 5 &&
mknod -m 666 "$M/dev/urandom" c 1 9 &&
mount -t tmpfs -o mode=1777 tmpfs "$M/tmp"'
# in_overlay ROOT DIR SCRIPT ARGS...: run the shell SCRIPT in a private
# mount namespace where $M is an overlay of ROOT (its changes on a tmpfs
# at DIR, so ROOT never changes) with ROOT_MOUNTS mounted; SCRIPT's $1...
# are ARGS.  Status 99: the mounts failed.
in_overlay() {
	_r=$1 _d=$2 _s=$3
	shift 3
	# shellcheck disable=SC2016
	unshare -m sh -c '
R=$1 D=$2; shift 2
mount --make-rprivate / && mount -t tmpfs tmpfs "$D" &&
mkdir "$D/up" "$D/work" "$D/m" &&
mount -t overlay overlay -o "lowerdir=$R,upperdir=$D/up,workdir=$D/work" \
    "$D/m" || exit 99
M=$D/m
'"$ROOT_MOUNTS"' || exit 99
'"$_s" sh "$_r" "$_d" "$@"
}
# can_chroot: whether the program can run inside a root here: as root,
# with unshare(1) able to make a mount namespace.
can_chroot() {
	[ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
		unshare -m true 2>/dev/null
}
# in_chroot ROOT [VAR=VALUE...] -- ARGS...: the program with ARGS chrooted
# into ROOT, in a private mount namespace with ROOT_MOUNTS, its /tmp
# holding this build at /tmp/cds/cudnn-setup and the test manifests beside
# it (/tmp/cds/manifests, where it looks); in env -i's environment: the
# usual system PATH, HOME=/root, LC_ALL=C, then the VAR=VALUEs.  Sets OUT,
# ERR and RC like cds (RC 99: the mounts failed).  ROOT never changes.
in_chroot() {
	_r=$1
	shift
	_o=$(mktemp) _e=$(mktemp)
	# shellcheck disable=SC2016
	unshare -m sh -c '
M=$1 B=$2 D=$3; shift 3
mount --make-rprivate / && '"$ROOT_MOUNTS"' &&
mkdir -p "$M/tmp/cds/lib" && cp "$B" "$M/tmp/cds/cudnn-setup" &&
cp -r "$D/manifests" "$M/tmp/cds/" || exit 99
# its modules (libcurl'"'"'s and libcrypto'"'"'s tables), where a portable
# tarball keeps them: lib/ beside the program
for m in "${B%/*}"/.libs/libcds-*.so "${B%/*}"/lib/libcds-*.so; do
	[ -f "$m" ] && { cp "$m" "$M/tmp/cds/lib/" || exit 99; }
done
# VAR=VALUE... -- ARGS...: the program in the place of --
n=0
for a; do [ "$a" = -- ] && break; n=$((n + 1)); done
i=0
for a; do
	shift
	if [ $i -eq $n ]; then a=/tmp/cds/cudnn-setup; fi
	set -- "$@" "$a"
	i=$((i + 1))
done
exec chroot "$M" env -i \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LC_ALL=C "$@"
' sh "$_r" "$CDS_BIN" "$CDS_DATADIR" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	san_keep "$_e"
	rm -f "$_o" "$_e"
}
