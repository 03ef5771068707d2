#!/bin/sh
# repair survives a kill at any point: 48 trials (tests/fixtures/
# repairkill.py) cut `repair --yes` and `repair --undo` of three real envs
# (links to make, copies to replace, an older script to replace, a second
# repair on top of a first) and of a system's Python under --root (an
# ld.so.conf.d file and the loader's cache, which ldconfig rebuilds: the
# cache must name the cuDNN once repaired, and no longer after the undo)
# with SIGKILL, SIGTERM or SIGINT at a call that
# changes a file (strace; a random delay without it).  Right after each
# kill every path is as before or as after, nothing missing or half
# written; the next run (--undo, or repair then --undo) ends exactly as
# before the repair or exactly repaired, and the tree in the end is
# byte for byte, mode for mode, what it was.  Then the cases of issue 13
# one by one: a write cut before its rename leaves NAME.tmp.PID and --undo
# still works; a replacement cut after its backup: --undo finds the repair
# and a second repair keeps the original; doctor names a repair cut short;
# a system's repair cut after its ld.so.conf.d file, before ldconfig: the
# next run cleans up and the loader's cache then names the cuDNN; two
# repairs at once serialise on the env's lock, and a held lock with
# --lock-wait 0 is exit 3.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/repairkill.sh"
plan 33

T=$(mktemp -d); cleanup_later "$T"
if ! rk_envs "$T/k" >"$T/mk.log" 2>&1; then
	cat "$T/mk.log"
	ok 1 "the test envs could not be built"
	done_testing
fi

# ---- kills at random points ------------------------------------------
rk_trials "$T/k" 48 "${RK_SEED:-$$}" >"$T/trials" 2>&1
sum=$(tail -n 1 "$T/trials")
grep -v '^tries ' "$T/trials" | head -20 | while IFS= read -r l; do
	diag "$l"
done
command -v strace >/dev/null 2>&1 ||
	diag "strace is not installed: kills after a random delay instead"
diag "seed ${RK_SEED:-$$}: $sum"
like "$sum" "^tries 48 " "48 trials ran"
like "$sum" " failed 0 " "every end state exactly the one promised"
like "$sum" " lost 0 " "no file missing at its path, after a kill or after undo"
like "$sum" " escaped 0 " "nothing outside the env changed"
killed=$(echo "$sum" | sed 's/.* killed //')
ok "$([ "${killed:-0}" -ge 34 ] && echo 0 || echo 1)" \
	"most runs were cut ($killed of 48)"
like "$(grep '^kind system ' "$T/trials")" \
	"^kind system tries 12 failed 0 lost 0 escaped 0 " \
	"12 of them the system's Python (--root): every end state exact"

# ---- the cases of issue 13, one by one -------------------------------
HOME=$T/k/home
export HOME
E=$HOME/miniconda3/envs/lived
L=$E/lib/python3.10/site-packages/nvidia/cudnn/lib
A=$E/etc/conda/activate.d
cp -a "$E" "$T/lived.orig"
h0=$(tree_hash "$E" content)

# LeakSanitizer cannot run under ptrace: runs under strace go without it
# (in a debug build)
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$@"
}
# nth NAME PATTERN: which call of NAME (strace) in an uncut repair first
# matches PATTERN, on a copy of the env
nth() {
	rm -rf "$E"
	cp -a "$T/lived.orig" "$E"
	traced strace -s 4096 -o "$T/trace" -e trace="$1" "$CDS_BIN" repair --env lived \
		--yes >/dev/null 2>&1 </dev/null
	grep "^$1(" "$T/trace" | grep -n -m 1 -e "$2" | cut -d: -f1
	rm -rf "$E"
	cp -a "$T/lived.orig" "$E"
}
# cut_at NAME N ARGS...: cudnn-setup killed at the Nth call NAME
cut_at() {
	_c=$1 _w=$2
	shift 2
	traced strace -o /dev/null -qq -e trace="$_c" \
		-e inject="$_c:signal=KILL:when=$_w" "$CDS_BIN" "$@" \
		>/dev/null 2>&1 </dev/null
}

if command -v strace >/dev/null 2>&1; then
	# a write cut between its temporary and the rename
	w=$(nth rename 'activate\.d/cudnn-setup\.sh\.tmp\.[0-9]*", ')
	cut_at rename "$w" repair --env lived --yes
	tmp=$(ls "$A" | grep '^cudnn-setup\.sh\.tmp\.[0-9]*$')
	ok "$([ -n "$tmp" ] && echo 0 || echo 1)" \
		"a write cut before its rename leaves its temporary ($tmp)"
	is "$(cat "$A/cudnn-setup.sh")" "$(cat "$T/lived.orig/etc/conda/activate.d/cudnn-setup.sh")" \
		"... and the old script whole in its place"
	cds repair --env lived --undo
	is "$RC" 0 "--undo after it: exit 0"
	like "$ERR" "cleaned up after an interrupted run: .*cudnn-setup\.sh\.tmp\." \
		"... the temporary is named as cleaned up"
	is "$(tree_hash "$E" content)" "$h0" "... and the env is exactly as before"

	# a replacement cut after the original got its second name in the
	# record, before the link took its place
	w=$(nth rename 'cds-tmp-[0-9]*-libcudnn\.so", ')
	cut_at rename "$w" repair --env lived --yes
	ok "$([ -f "$L/libcudnn.so" ] && [ ! -L "$L/libcudnn.so" ] && echo 0 || echo 1)" \
		"a replacement cut before its rename: the original at its path"
	ls "$E/etc/cudnn-setup/undo/files" >"$T/files"
	ok "$([ -s "$T/files" ] && echo 0 || echo 1)" "... and its second name in the record"
	cds doctor --env lived --json
	is "$RC" 1 "doctor after the kill: exit 1"
	like "$OUT" '"id": "REPAIR-CUT"' "doctor names the repair cut short"
	like "$OUT" 'cudnn-setup repair --undo --env lived' "... and the command that takes it back"
	h1=$(tree_hash "$E")
	cds repair --env lived --dry-run
	like "$OUT" "REPAIR-CUT" "--dry-run shows it too"
	is "$(tree_hash "$E")" "$h1" "--dry-run changes nothing"
	cds repair --env lived --undo
	is "$RC" 0 "--undo finds the repair cut short (not \"no repair to undo\")"
	is "$(tree_hash "$E" content)" "$h0" "... and puts back the env exactly"

	# the same cut, then a second repair: the original is kept for undo
	cut_at rename "$w" repair --env lived --yes
	cds repair --env lived --yes
	is "$RC" 0 "a repair after the kill: exit 0"
	is "$(readlink "$L/libcudnn.so")" libcudnn.so.8 "... it repairs"
	cds repair --env lived --undo
	is "$(tree_hash "$E" content)" "$h0" "... and --undo then puts back the original bytes"

	# the system's Python: cut after its ld.so.conf.d file, before the
	# fork of ldconfig (the run's one clone under --root)
	S=$T/sys
	cp -a "$T/k/root" "$S"
	CONF=$S/etc/ld.so.conf.d/cudnn-setup-cudnn-9.3.0.75-cuda12.conf
	cut_at clone 1 --root "$S" repair --yes
	ok "$([ -f "$CONF" ] && ! grep -qs libcudnn.so.9 "$S/etc/ld.so.cache" &&
		echo 0 || echo 1)" \
		"a system's repair cut before ldconfig: its file, a cache without cuDNN"
	cds --root "$S" repair --yes
	is "$RC" 0 "a repair after it: exit 0"
	like "$ERR" "cleaned up after an interrupted run" "... cleaning up first"
	if command -v ldconfig >/dev/null 2>&1; then
		check "... and the loader's cache names libcudnn.so.9" \
			grep -qs libcudnn.so.9 "$S/etc/ld.so.cache"
	else
		skip 1 "no ldconfig"
	fi
	cds --root "$S" repair --undo
	is "$RC:$(ls "$S/etc/ld.so.conf.d")" "0:x86_64-linux-gnu.conf" \
		"--undo: exit 0, the ld.so.conf.d file gone"
else
	skip 22 "strace is not installed"
fi

# ---- two repairs at once, and a held lock ----------------------------
rm -rf "$E"
cp -a "$T/lived.orig" "$E"
"$CDS_BIN" repair --env lived --yes >"$T/a" 2>&1 </dev/null &
a=$!
"$CDS_BIN" repair --env lived --yes >"$T/b" 2>&1 </dev/null &
b=$!
wait $a; ra=$?
wait $b; rb=$?
is "$ra $rb" "0 0" "two repairs of one env at once: both exit 0"
cds repair --env lived --undo
cds repair --env lived --undo
is "$(tree_hash "$E" content):$RC" "$h0:2" \
	"... one repair in the record: one --undo puts the env back exactly"
# the lock held until the repair has answered (no fixed delay: a loaded
# machine may take seconds to scan the env before it asks for the lock)
flock "$E" sh -c 'touch "$1"; while [ ! -e "$2" ]; do sleep 0.1; done' \
	sh "$T/held" "$T/release" &
f=$!
while [ ! -e "$T/held" ]; do sleep 0.1; done
cds repair --env lived --yes --lock-wait 0
touch "$T/release"
wait $f
is "$RC" 3 "the env's lock held: --lock-wait 0 is exit 3"
like "$ERR" "lived: held by another process" "... naming the env"
is "$(tree_hash "$E" content)" "$h0" "... and nothing changed"

done_testing
