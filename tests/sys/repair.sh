#!/bin/sh
# repair on real env trees: the seed case (a pip cuDNN 8 wheel without .so
# links or activation: after repair the activated env dlopens every
# sublibrary with RTLD_NOW, deactivation restores the environment byte for
# byte, a second repair changes nothing); paths with spaces and quotes;
# LD_LIBRARY_PATH shadowing; --dry-run and --undo checked by hashing the
# tree; fish; missing and unwritable envs; and, where the real cuDNN 9 is
# here, a copy of it repaired and loaded for real.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 51

T=$(mktemp -d); cleanup_later "$T"
HOME=$T/home; export HOME
C=$HOME/miniconda3
mkdir -p "$C/conda-meta"

CUDNN8="libcudnn.so.8 libcudnn_ops_infer.so.8 libcudnn_ops_train.so.8 libcudnn_cnn_infer.so.8 libcudnn_cnn_train.so.8 libcudnn_adv_infer.so.8 libcudnn_adv_train.so.8"

# probe LIB...: dlopen each with RTLD_NOW (ctypes adds it) in this
# environment; print the file each came from, or the loader's error.
probe() {
	python3 - "$@" <<'PY'
import ctypes, sys
for name in sys.argv[1:]:
    try:
        ctypes.CDLL(name)
    except OSError as e:
        print("FAIL", e)
        sys.exit(1)
maps = open("/proc/self/maps").read().split("\n")
for name in sys.argv[1:]:
    print(sorted({l.split()[-1] for l in maps if l.endswith("/" + name)}))
PY
}

mk_env() {
	_e=$C/envs/$1
	mkdir -p "$_e/conda-meta" "$_e/lib/python3.10/site-packages"
	mk_cudnn8 "$_e/lib/python3.10/site-packages/nvidia/cudnn/lib" "$2" wheel
	mkdir -p "$_e/lib/python3.10/site-packages/nvidia_cudnn_cu12-$2.29.dist-info"
}

# ---- the seed case ---------------------------------------------------
mk_env dl310 8.9.7
E=$C/envs/dl310
L=$E/lib/python3.10/site-packages/nvidia/cudnn/lib
before=$(tree_hash "$E" content)
out=$(probe $CUDNN8 2>&1)
ok $((! $?)) "before repair the env's cuDNN cannot be loaded by name"

cds repair --env dl310 --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$OUT" "ln -s libcudnn_cnn_infer.so.8 .*/libcudnn_cnn_infer.so" "--dry-run lists the links"
like "$OUT" "write .*/etc/conda/activate.d/cudnn-setup.sh" "--dry-run lists the scripts"
is "$(tree_hash "$E" content)" "$before" "--dry-run changes nothing"
cds repair --env dl310 --dry-run --json
dry=$OUT

cds repair --env dl310
is "$RC" 2 "without --yes and no terminal: exit 2, no hang"
is "$(tree_hash "$E" content)" "$before" "and nothing changed"

cds repair --env dl310 --yes
is "$RC" 0 "repair --yes: exit 0"
is "$(readlink "$L/libcudnn.so")" libcudnn.so.8 "libcudnn.so -> libcudnn.so.8"
is "$(readlink "$L/libcudnn_adv_train.so")" libcudnn_adv_train.so.8 "every sublibrary gets its .so link"
check "activate.d/cudnn-setup.sh written" test -f "$E/etc/conda/activate.d/cudnn-setup.sh"
check "deactivate.d/cudnn-setup.sh written" test -f "$E/etc/conda/deactivate.d/cudnn-setup.sh"
is "$(jget "$dry" '[(o["op"], o["path"].split("/conda/")[-1], open(o["path"]).read() == o["content"]) for o in d["operations"] if "content" in o]')" \
	"[('write', 'activate.d/cudnn-setup.sh', True), ('write', 'deactivate.d/cudnn-setup.sh', True), ('write', 'activate.d/cudnn-setup.fish', True), ('write', 'deactivate.d/cudnn-setup.fish', True)]" \
	"--dry-run --json: each script's text, as repair then wrote it"
out=$(sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; shift; '"$(command -v python3)"' - "$@" <<PY
import ctypes, sys
for n in sys.argv[1:]:
    ctypes.CDLL(n)
maps = open("/proc/self/maps").read()
print(all(n in maps for n in sys.argv[1:]))
PY' sh "$E" $CUDNN8 2>&1)
is "$out" True "activated: every sublibrary dlopens with RTLD_NOW"
out=$(sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; shift; probe() { python3 -c "import ctypes,sys; ctypes.CDLL(sys.argv[1]); print([l.split()[-1] for l in open(\"/proc/self/maps\") if sys.argv[1] in l][0])" "$1"; }; probe libcudnn_cnn_infer.so.8' sh "$E")
is "$out" "$L/libcudnn_cnn_infer.so.8" "the file mapped is the env's"

# deactivation restores the environment exactly: unset, empty, a value
for state in unset empty value; do
	got=$(env -i PATH="$PATH" HOME="$HOME" STATE=$state sh -c '
		case $STATE in
		empty) LD_LIBRARY_PATH=; export LD_LIBRARY_PATH ;;
		value) LD_LIBRARY_PATH=/opt/a:/opt/b; export LD_LIBRARY_PATH ;;
		esac
		env | sort >"$1.before"
		. "$2/etc/conda/activate.d/cudnn-setup.sh"
		. "$2/etc/conda/activate.d/cudnn-setup.sh"
		printf "%s\n" "$LD_LIBRARY_PATH" >"$1.active"
		. "$2/etc/conda/deactivate.d/cudnn-setup.sh"
		env | sort >"$1.after"
		cmp -s "$1.before" "$1.after" && echo same' sh "$T/env-$state" "$E")
	is "$got" same "deactivation restores the environment byte for byte ($state)"
done
is "$(cat "$T/env-unset.active")" "$L" "activating twice adds nothing twice"
is "$(cat "$T/env-value.active")" "$L:/opt/a:/opt/b" "env first, the old value after"
is "$(cat "$T/env-empty.active")" "$L" "an empty value adds no empty entry (no cwd)"

after=$(tree_hash "$E" content)
cds repair --env dl310 --yes
is "$RC" 0 "second repair: exit 0"
like "$OUT" "Nothing to change" "second repair: nothing to change"
is "$(tree_hash "$E" content)" "$after" "second repair changes nothing"

# ---- undo ------------------------------------------------------------
cds repair --env dl310 --undo
is "$RC" 0 "--undo: exit 0"
is "$(tree_hash "$E" content)" "$before" "--undo restores the tree exactly"
cds repair --env dl310 --undo
is "$RC" 2 "nothing left to undo: exit 2"
like "$ERR" "no repair to undo" "and says so"

# ---- a copy instead of a link (F24) is replaced after comparing -------
mk_env copied 8.9.7
E2=$C/envs/copied
L2=$E2/lib/python3.10/site-packages/nvidia/cudnn/lib
cp "$L2/libcudnn.so.8" "$L2/libcudnn.so"
cp "$L2/libcudnn_ops_infer.so.8" "$L2/libcudnn_ops_infer.so"
printf 'not the same bytes' >>"$L2/libcudnn_ops_infer.so"
before2=$(tree_hash "$E2" content)
cds repair --env copied --yes
is "$(readlink "$L2/libcudnn.so")" libcudnn.so.8 "an identical copy becomes a link"
check "a different file is left alone" test ! -L "$L2/libcudnn_ops_infer.so"
cds repair --env copied --undo
is "$(tree_hash "$E2" content)" "$before2" "--undo puts the copy back"

# ---- paths with spaces and quotes (a conda env by its path) ----------
P="$T/my env's dir"
mkdir -p "$P/conda-meta" "$P/lib/python3.11/site-packages"
mk_cudnn8 "$P/lib/python3.11/site-packages/nvidia/cudnn/lib" 8.9.7 wheel
cds repair --prefix "$P" --yes
is "$RC" 0 "repair of a prefix with a space and a quote"
out=$(env -i PATH="$PATH" sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; printf "%s" "$LD_LIBRARY_PATH"' sh "$P")
is "$out" "$P/lib/python3.11/site-packages/nvidia/cudnn/lib" "the path survives quoting"
if command -v fish >/dev/null 2>&1; then
	out=$(env -i PATH="$PATH" LD_LIBRARY_PATH=/opt/x fish -c "source '$E/../../envs/dl310/etc/conda/activate.d/cudnn-setup.fish' 2>/dev/null; echo \$LD_LIBRARY_PATH" 2>&1)
	# dl310 was undone above: repair it again for fish
	cds repair --env dl310 --yes
	out=$(env -i PATH="$PATH" LD_LIBRARY_PATH=/opt/x fish -c 'source $argv[1]/etc/conda/activate.d/cudnn-setup.fish; source $argv[1]/etc/conda/activate.d/cudnn-setup.fish; set -S LD_LIBRARY_PATH >/dev/null; printenv LD_LIBRARY_PATH; source $argv[1]/etc/conda/deactivate.d/cudnn-setup.fish; printenv LD_LIBRARY_PATH; set -q _CUDNN_SETUP_X; or echo clean' "$E" 2>&1)
	is "$(echo "$out" | sed -n 1p)" "$L:/opt/x" "fish: env first, once"
	is "$(echo "$out" | sed -n 2p)" "/opt/x" "fish: deactivation restores"
	out=$(env -i PATH="$PATH" fish -c 'source $argv[1]/etc/conda/activate.d/cudnn-setup.fish; source $argv[1]/etc/conda/deactivate.d/cudnn-setup.fish; set -q LD_LIBRARY_PATH; and echo set; or echo unset' "$P" 2>&1)
	is "$out" unset "fish: an unset variable is unset again"
else
	skip 3 "fish is not installed"
fi

# ---- shadowing: LD_LIBRARY_PATH names another cuDNN 8 set -------------
mk_cudnn8 "$T/old/lib64" 8.3.2 toolkit
# a framework loads the wheel's cnn_infer by its path (its RPATH does that);
# the sibling it needs comes from the first dir on the path
cds repair --env dl310 --undo
out=$(LD_LIBRARY_PATH=$T/old/lib64 python3 -c "import ctypes, sys; ctypes.CDLL(sys.argv[1])" "$L/libcudnn_cnn_infer.so.8" 2>&1)
like "$out" "undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8" \
	"the old set first on the path breaks loading (F1, for real)"
cds repair --env dl310 --yes
out=$(LD_LIBRARY_PATH=$T/old/lib64 sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; python3 -c "import ctypes, sys; ctypes.CDLL(sys.argv[1]); print(\"loaded\")" "$2" 2>&1' sh "$E" "$L/libcudnn_cnn_infer.so.8")
is "$out" loaded "after repair the activated env's set wins over LD_LIBRARY_PATH"
out=$(LD_LIBRARY_PATH=$T/old/lib64 sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; "$2" doctor --env dl310 --json' sh "$E" "$CDS_BIN")
is "$(jget "$out" '[f["id"] for f in d["findings"] if f["severity"] == "error" and f["id"] in ("F1", "F2", "F9", "F10")]')" "[]" \
	"doctor inside the activated env finds no cuDNN mix"
cds repair --env dl310 --yes --path-first
like "$(cat "$E/etc/conda/activate.d/cudnn-setup.sh")" "Precedence: LD_LIBRARY_PATH first" "--path-first is recorded in the script"
cds repair --env dl310 --yes

# ---- bad input -------------------------------------------------------
cds repair --env nosuch --yes
is "$RC" 2 "missing env: exit 2"
like "$ERR" "nosuch: no such env" "missing env: named"
cds repair --prefix "$T/does/not/exist" --yes
is "$RC" 2 "missing prefix: exit 2"
cds repair --dry-run
is "$RC:$(printf '%s' "$OUT" | head -n 1)" "0:Repair of the system's Python" \
	"no env and none active: the system's Python is the target"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	mk_env ro 8.9.7
	chmod -R a+rX "$T"
	before3=$(tree_hash "$C/envs/ro" content)
	out=$(HOME=$HOME setpriv --reuid=65534 --regid=65534 --clear-groups "$CDS_BIN" repair --env ro --yes 2>&1)
	rc=$?
	is "$rc" 3 "unwritable env: exit 3"
	like "$out" "not writable .*nothing was changed" "unwritable env: says so"
	is "$(tree_hash "$C/envs/ro" content)" "$before3" "unwritable env: nothing changed"
elif [ "$(id -u)" -ne 0 ]; then
	mk_env ro 8.9.7
	chmod -R a-w "$C/envs/ro"
	before3=$(tree_hash "$C/envs/ro" content)
	cds repair --env ro --yes
	is "$RC" 3 "unwritable env: exit 3"
	like "$ERR" "not writable .*nothing was changed" "unwritable env: says so"
	is "$(tree_hash "$C/envs/ro" content)" "$before3" "unwritable env: nothing changed"
	chmod -R u+w "$C/envs/ro"
else
	skip 3 "root without setpriv"
fi

# ---- the real cuDNN 9, copied into an env as a wheel would hold it ----
if [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
	W=$C/envs/real9/lib/python3.12/site-packages/nvidia/cudnn/lib
	mkdir -p "$C/envs/real9/conda-meta" "$W"
	for f in $(readlink -f /usr/local/cuda/lib64/libcudnn*.so.9 | sort -u); do
		ln "$f" "$W/" 2>/dev/null || cp "$f" "$W/"
	done
	cds repair --env real9 --yes
	is "$RC" 0 "real cuDNN 9 copy: repair exit 0"
	is "$(readlink "$W/libcudnn_engines_precompiled.so")" libcudnn_engines_precompiled.so.9 "real: .so links made"
	libs=$(cd "$W" && ls *.so.9 | tr '\n' ' ')
	out=$(env -u LD_LIBRARY_PATH sh -c '. "$1/etc/conda/activate.d/cudnn-setup.sh"; shift; python3 -c "
import ctypes, sys
for n in sys.argv[2:]:
    ctypes.CDLL(n)
maps = open(\"/proc/self/maps\").read()
print(all((sys.argv[1] + \"/\" + n) in maps for n in sys.argv[2:]))
v = ctypes.CDLL(\"libcudnn.so\").cudnnGetVersion
v.restype = ctypes.c_size_t
print(v())" "$@"' sh "$C/envs/real9" "$W" $libs 2>&1)
	is "$(echo "$out" | sed -n 1p)" True "real: every sublibrary dlopened from the env's copy"
	want=$(sed -n 's/^#define CUDNN_MAJOR \([0-9]*\)/\1/p; s/^#define CUDNN_MINOR \([0-9]*\)/\1/p; s/^#define CUDNN_PATCHLEVEL \([0-9]*\)/\1/p' \
		/usr/local/cuda/include/cudnn_version.h | paste -sd' ' | awk '{ print $1 * 10000 + $2 * 100 + $3 }')
	is "$(echo "$out" | sed -n 2p)" "$want" "real: cudnnGetVersion() through libcudnn.so"
else
	skip 4 "no real cuDNN 9 in /usr/local/cuda"
fi

done_testing
