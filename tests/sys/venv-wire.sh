#!/bin/sh
# A plain Python venv has no etc/conda/activate.d: repair and install --env
# wire it through its own bin/activate (bash, zsh, dash), activate.fish and
# activate.csh.  Real venvs made by `python3 -m venv` and a virtualenv-style
# one (its own layout of deactivate), each with a pip cuDNN 8 wheel missing
# its .so links: --env takes the venv's path, relative ones from the
# current directory; each shell sources bin/activate (twice), sees the
# wheel's dir first on LD_LIBRARY_PATH (from unset, set and empty), and
# after `deactivate` its environment is exactly as before (`env` compared);
# a second venv activated over the first leaves nothing of the first.  A
# second repair changes no byte; --undo puts every file back byte for byte
# and mode for mode.  install --env VENV sets CUDA_HOME and CUDNN_PATH the
# same way.  doctor --env PATH lists the venv, and the venv of the first
# python3 on PATH without --env.  A path that is neither a conda env nor a
# venv, a venv's bare name, a relative path under --root: exit 2, naming
# it, nothing changed.  Kills during the venv's repair and its undo
# (tests/fixtures/repairkill.py) leave it restorable.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
plan 69

T=$(mktemp -d); cleanup_later "$T"
if ! python3 -m venv "$T/probe" >"$T/venv.log" 2>&1; then
	skip 69 "python3 -m venv does not work here (python3-venv): $(tail -n 1 "$T/venv.log")"
	done_testing
fi
rm -rf "$T/probe"
export HOME=$T/home
mkdir -p "$HOME"
unset CONDA_PREFIX VIRTUAL_ENV LD_LIBRARY_PATH CUDA_HOME CUDNN_PATH

# wheel VENV: a pip cuDNN 8 wheel in the venv's site-packages; prints the
# wheel's lib dir
wheel() {
	_s=$(echo "$1"/lib/python3.*/site-packages)
	mk_cudnn8 "$_s/nvidia/cudnn/lib" 8.9.7 wheel >/dev/null || return 1
	mkdir -p "$_s/nvidia_cudnn_cu12-8.9.7.29.dist-info"
	echo "$_s/nvidia/cudnn/lib"
}

V1=$T/work/v1
mkdir -p "$T/work"
python3 -m venv "$V1" >/dev/null 2>&1
L1=$(wheel "$V1")
cp -a "$V1" "$T/v1.orig"

# a virtualenv-style venv: virtualenv's pyvenv.cfg key, its bin/activate
# guard, a deactivate with four-space indentation, fish's single-quoted
# description, and a last line without its newline
V2=$T/work/v2
mkdir -p "$V2/bin" "$V2/lib/python3.12/site-packages"
printf 'home = /usr/bin\nimplementation = CPython\nvirtualenv = 20.26.6\ninclude-system-site-packages = false\nversion_info = 3.12.3.final.0\n' >"$V2/pyvenv.cfg"
cat >"$V2/bin/activate" <<EOF
# source this file from bash or zsh
if [ "\${BASH_SOURCE-}" = "\$0" ]; then
    echo "You must source this script: \\\$ source \$0" >&2
    exit 33
fi

deactivate () {
    if [ -n "\${_OLD_VIRTUAL_PATH:-}" ] ; then
        PATH="\$_OLD_VIRTUAL_PATH"
        export PATH
        unset _OLD_VIRTUAL_PATH
    fi
    hash -r 2>/dev/null || true
    unset VIRTUAL_ENV
    unset VIRTUAL_ENV_PROMPT
    if [ ! "\${1-}" = "nondestructive" ] ; then
        unset -f deactivate
    fi
}

deactivate nondestructive

VIRTUAL_ENV='$V2'
export VIRTUAL_ENV
VIRTUAL_ENV_PROMPT=v2
export VIRTUAL_ENV_PROMPT
_OLD_VIRTUAL_PATH="\$PATH"
PATH="\$VIRTUAL_ENV/bin:\$PATH"
export PATH
hash -r 2>/dev/null || true
EOF
printf '%s' '# the end' >>"$V2/bin/activate"
cat >"$V2/bin/activate.fish" <<EOF
function deactivate -d 'Exit virtualenv mode and return to the normal environment.'
    if test -n "\$_OLD_VIRTUAL_PATH"
        set -gx PATH \$_OLD_VIRTUAL_PATH
        set -e _OLD_VIRTUAL_PATH
    end
    set -e VIRTUAL_ENV
    if test "\$argv[1]" != 'nondestructive'
        functions -e deactivate
    end
end

deactivate 'nondestructive'
set -gx VIRTUAL_ENV '$V2'
set -gx _OLD_VIRTUAL_PATH \$PATH
set -gx PATH "\$VIRTUAL_ENV/bin" \$PATH
EOF
# a csh script of its own kind: no one-line alias to hook
printf 'setenv VIRTUAL_ENV %s\n' "$V2" >"$V2/bin/activate.csh"
L2=$(wheel "$V2")
cp -a "$V2" "$T/v2.orig"

h1=$(tree_hash "$V1" content)
h2=$(tree_hash "$V2" content)

# ---- bad input: nothing changes ------------------------------------------
mkdir -p "$T/plain/lib"
cds repair --env "$T/plain" --yes
is "$RC" 2 "a directory that is neither a conda env nor a venv: exit 2"
like "$ERR" "$T/plain: neither a conda env .*pyvenv\.cfg" "... naming it and why"
like "$ERR" "python3 -m venv" "... and what to do"
check "... nothing written into it" test ! -e "$T/plain/etc"
cd "$T/work" || exit 1
cds repair --env v1 --yes
is "$RC" 2 "a venv's bare name: exit 2"
like "$ERR" "v1 here is a venv: .*--env \./v1" "... the message says to give its path"
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" repair --env ./v1 --yes
is "$RC" 2 "a relative --env under --root: exit 2"
like "$ERR" "\./v1: a relative path" "... naming it"
is "$(tree_hash "$V1" content)" "$h1" "the bad requests changed nothing in the venv"

# ---- doctor sees the venv ------------------------------------------------
cds doctor --env ./v1
like "$OUT" "$V1 \(venv\)" "doctor --env ./v1 lists it as a venv"
cds doctor --env "$V1" --json
is "$(jget "$OUT" '[e["venv"] for e in d["envs"]]')" "[True]" "... in JSON too"
PATH=$V1/bin:$PATH cds doctor --json
is "$(jget "$OUT" '[e["prefix"] for e in d["envs"] if e["venv"]]')" "['$V1']" \
	"without --env: the venv of the first python3 on PATH"
PATH=$V1/bin:$PATH cds doctor
like "$OUT" "or: cudnn-setup repair --env $V1\$" \
	"... its findings name the repair by the venv's path, not its bare name"

# ---- the repair ----------------------------------------------------------
cds repair --env ./v1 --dry-run
is "$RC" 0 "--dry-run: exit 0"
like "$OUT" "write $V1/bin/activate$" "... writes bin/activate"
like "$OUT" "write $V1/bin/activate.fish" "... activate.fish"
like "$OUT" "write $V1/bin/activate.csh" "... and activate.csh"
unlike "$OUT" "etc/conda" "... and nothing under etc/conda"
is "$(tree_hash "$V1" content)" "$h1" "--dry-run changed nothing"

cds repair --env ./v1 --yes
is "$RC" 0 "repair --env ./v1 (a relative path): exit 0"; [ "$RC" = 0 ] || diag "$ERR"
like "$OUT" "\. $V1/bin/activate" "... it says how to activate the venv"
like "$OUT" "repair --undo --env $V1" "... and how to undo"
check "no etc/conda/activate.d" test ! -e "$V1/etc/conda"
for f in activate activate.fish activate.csh; do
	is "$(grep -c '^# >>> cudnn-setup >>>$' "$V1/bin/$f")/$(grep -c '^# <<< cudnn-setup <<<$' "$V1/bin/$f")" \
		2/2 "bin/$f: two marked blocks"
done
is "$(grep -v -x -F -f "$V1/bin/activate" "$T/v1.orig/bin/activate")" "" \
	"bin/activate keeps every line of its own"
is "$(stat -c %a "$V1/bin/activate")" "$(stat -c %a "$T/v1.orig/bin/activate")" \
	"... and its mode"

cds repair --env "$V2" --yes
is "$RC" 0 "the virtualenv-style venv: exit 0"; [ "$RC" = 0 ] || diag "$ERR"
like "$ERR" "activate.csh: no one-line .alias deactivate.; not wired" \
	"... a csh script with nothing to hook: a warning naming it"
is "$(cat "$V2/bin/activate.csh")" "$(cat "$T/v2.orig/bin/activate.csh")" "... and left as it is"
is "$(grep -c 'cudnn-setup >>>' "$V2/bin/activate" "$V2/bin/activate.fish" | tr '\n' ' ')" \
	"$V2/bin/activate:2 $V2/bin/activate.fish:2 " "... bin/activate and activate.fish wired"

# ---- each shell: the variables, then exactly the shell before ------------
# the state a child sees
cat >"$T/show" <<'EOF'
#!/bin/sh
printf '%s=%s|%s\n' "$1" "${LD_LIBRARY_PATH-UNSET}" "${CUDA_HOME-UNSET}"
EOF
chmod +x "$T/show"
# cycle SHELL INIT VENV: activate twice, deactivate; prints "in=...",
# "again=..." and "same" when `env` is as before
cycle() {
	_v=$3
	case $1 in
	fish)
		_s="$2
env | sort >$T/e0
source $_v/bin/activate.fish
$T/show in
source $_v/bin/activate.fish
$T/show again
deactivate
env | sort >$T/e1" ;;
	tcsh)
		printf '%s\nset prompt="> "\nenv | sort >%s/e0\nsource %s/bin/activate.csh\n%s/show in\nsource %s/bin/activate.csh\n%s/show again\ndeactivate\nenv | sort >%s/e1\n' \
			"$2" "$T" "$_v" "$T" "$_v" "$T" "$T" >"$T/c.csh"
		_s=" -f $T/c.csh" ;;
	*)
		_s="$2
env | sort >$T/e0
. $_v/bin/activate
$T/show in
. $_v/bin/activate
$T/show again
deactivate
env | sort >$T/e1" ;;
	esac
	rm -f "$T/e0" "$T/e1"
	mkdir -p "$T/sh-home"
	if [ "$1" = tcsh ]; then
		env -i HOME="$T/sh-home" PATH=/usr/bin:/bin \
			VIRTUAL_ENV_DISABLE_PROMPT=1 tcsh -f "$T/c.csh" 2>&1
	else
		env -i HOME="$T/sh-home" PATH=/usr/bin:/bin \
			VIRTUAL_ENV_DISABLE_PROMPT=1 "$1" -c "$_s" 2>&1
	fi
	if [ -s "$T/e0" ] && cmp -s "$T/e0" "$T/e1"; then
		echo same
	else
		diff "$T/e0" "$T/e1" | head -4
	fi
}
nl='
'
for sh in bash zsh dash fish tcsh; do
	if ! command -v "$sh" >/dev/null 2>&1; then
		skip 3 "$sh is not installed"
		continue
	fi
	case $sh in
	fish) u="set -e LD_LIBRARY_PATH" s="set -gx LD_LIBRARY_PATH /a $L1 /b"
		e="set -gx LD_LIBRARY_PATH ''" ;;
	tcsh) u="unsetenv LD_LIBRARY_PATH" s="setenv LD_LIBRARY_PATH /a:/b"
		e='setenv LD_LIBRARY_PATH ""' ;;
	*) u="unset LD_LIBRARY_PATH" s="LD_LIBRARY_PATH=/a:$L1:/b; export LD_LIBRARY_PATH"
		e="LD_LIBRARY_PATH=; export LD_LIBRARY_PATH" ;;
	esac
	is "$(cycle "$sh" "$u" "$V1")" "in=$L1|UNSET${nl}again=$L1|UNSET${nl}same" \
		"$sh, LD_LIBRARY_PATH unset: the wheel's dir, once; deactivate: unset again, env as before"
	is "$(cycle "$sh" "$s" "$V1")" "in=$L1:/a:/b|UNSET${nl}again=$L1:/a:/b|UNSET${nl}same" \
		"$sh, LD_LIBRARY_PATH set: the wheel's dir first; deactivate: the old value, env as before"
	is "$(cycle "$sh" "$e" "$V1")" "in=$L1|UNSET${nl}again=$L1|UNSET${nl}same" \
		"$sh, LD_LIBRARY_PATH empty: no empty entry added; deactivate: empty again, env as before"
done
for sh in bash fish; do
	case $sh in
	fish) u="set -e LD_LIBRARY_PATH" ;;
	*) u="unset LD_LIBRARY_PATH" ;;
	esac
	is "$(cycle "$sh" "$u" "$V2")" "in=$L2|UNSET${nl}again=$L2|UNSET${nl}same" \
		"$sh, the virtualenv-style venv: its dir; deactivate: env as before"
done
# one venv over another: the second's `deactivate nondestructive` takes
# back what the first set
out=$(env -i HOME="$T/sh-home" PATH=/usr/bin:/bin VIRTUAL_ENV_DISABLE_PROMPT=1 \
	LD_LIBRARY_PATH=/a bash -c "env | sort >$T/e0; . $V1/bin/activate; . $V2/bin/activate; $T/show two; deactivate; env | sort >$T/e1; cmp -s $T/e0 $T/e1 && echo same")
is "$out" "two=$L2:/a|UNSET${nl}same" "v2 activated over v1: only v2's dir; deactivate: env as before"

# ---- idempotent, then undone byte for byte -------------------------------
ha=$(tree_hash "$V1")
cds repair --env "$V1" --yes
is "$RC" 0 "a second repair: exit 0"
like "$OUT" "Nothing to change" "... nothing to change"
is "$(tree_hash "$V1")" "$ha" "... not a byte, not a time stamp changed"
cds repair --env ./v1 --undo
is "$RC" 0 "--undo: exit 0"; [ "$RC" = 0 ] || diag "$ERR"
for f in activate activate.fish activate.csh; do
	check "bin/$f: byte for byte as before" cmp "$V1/bin/$f" "$T/v1.orig/bin/$f"
done
is "$(tree_hash "$V1" content)" "$h1" "the whole venv as before: names, modes, bytes, links"
cds repair --env "$V2" --undo
is "$(tree_hash "$V2" content)" "$h2" "the virtualenv-style venv as before, its last line without newline too"

# ---- install --env VENV: CUDA_HOME and CUDNN_PATH too ------------------
mka_init "$T/mirror" >/dev/null
mka_cuda 12.4.1 cuda_cudart >/dev/null
mka_cudnn 9.3.0.75 cuda12 >/dev/null
mka_index "file://$T/mirror/" >/dev/null
P=$T/prefix
cds --manifest "$T/mirror/index.json" --prefix "$P" install --env ./v1 \
	--cuda 12.4.1 --cudnn 9.3.0.75 --yes
is "$RC" 0 "install --env ./v1: exit 0"; [ "$RC" = 0 ] || diag "$ERR"
check "... CUDA 12.4.1 in the prefix" test -d "$P/cuda-12.4.1/lib"
out=$(env -i HOME="$T/sh-home" PATH=/usr/bin:/bin VIRTUAL_ENV_DISABLE_PROMPT=1 \
	CUDA_HOME=/old bash -c "env | sort >$T/e0; . $V1/bin/activate; printf '%s %s\n' \"\$CUDA_HOME\" \"\$CUDNN_PATH\"; deactivate; env | sort >$T/e1; cmp -s $T/e0 $T/e1 && echo same")
is "$out" "$P/cuda-12.4.1 $P/cudnn-9.3.0.75-cuda12${nl}same" \
	"activated: CUDA_HOME and CUDNN_PATH name the releases; deactivate: CUDA_HOME=/old back, CUDNN_PATH unset"
if command -v tcsh >/dev/null 2>&1; then
	printf 'setenv CUDA_HOME /old\nset prompt="> "\nenv | sort >%s/e0\nsource %s/bin/activate.csh\nprintenv CUDA_HOME\nprintenv CUDNN_PATH\ndeactivate\nenv | sort >%s/e1\n' \
		"$T" "$V1" "$T" >"$T/c.csh"
	out=$(env -i HOME="$T/sh-home" PATH=/usr/bin:/bin tcsh -f "$T/c.csh" 2>&1)
	is "$out" "$P/cuda-12.4.1$nl$P/cudnn-9.3.0.75-cuda12" "tcsh: the same two variables"
	check "... deactivate: env as before" cmp "$T/e0" "$T/e1"
else
	skip 2 "tcsh is not installed"
fi
cds repair --env ./v1 --undo
is "$(tree_hash "$V1" content)" "$h1" "--undo after install --env: the venv as before"

# ---- kills ---------------------------------------------------------------
cd "$T" || exit 1
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$@"
}
if command -v strace >/dev/null 2>&1; then
	# bin/activate's write cut between its temporary and the rename
	traced strace -s 4096 -o "$T/trace" -e trace=rename "$CDS_BIN" repair \
		--env "$V1" --yes >/dev/null 2>&1 </dev/null
	w=$(grep '^rename(' "$T/trace" | grep -n -m 1 'bin/activate\.tmp\.[0-9]*", ' | cut -d: -f1)
	cds repair --env "$V1" --undo
	traced strace -o /dev/null -qq -e trace=rename \
		-e inject="rename:signal=KILL:when=$w" "$CDS_BIN" repair --env "$V1" \
		--yes >/dev/null 2>&1 </dev/null
	check "a write of bin/activate cut before its rename: the original in place" \
		cmp "$V1/bin/activate" "$T/v1.orig/bin/activate"
	cds repair --env "$V1" --undo
	is "$RC" 0 "--undo after it: exit 0"
	is "$(tree_hash "$V1" content)" "$h1" "... and the venv is exactly as before"
else
	skip 3 "strace is not installed"
fi
mkdir -p "$T/k/home"
cp -a "$T/v1.orig" "$T/k/home/venv"
rk_out=$(python3 "$CDS_SRCDIR/tests/fixtures/repairkill.py" "$T/k" 12 \
	"${RK_SEED:-$$}" 2>&1)
printf '%s\n' "$rk_out" | grep -v '^tries ' | head -12 | while IFS= read -r l; do
	diag "$l"
done
sum=$(printf '%s\n' "$rk_out" | tail -n 1)
diag "seed ${RK_SEED:-$$}: $sum"
like "$sum" "^tries 12 failed 0 lost 0 escaped 0 " \
	"12 kills of the venv's repair and undo: every end state exact"

done_testing
