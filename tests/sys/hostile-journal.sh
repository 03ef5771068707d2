#!/bin/sh
# The prefix's own files are data from disk.  A journal naming a path
# outside the prefix ("item ../../…"), a line that is no step of ours, a
# NUL byte, a FIFO or an over-long journal: recovery refuses with exit 2
# naming the journal (and the line), and touches nothing, in the prefix or
# out of it.  A journal whose last append a kill cut short is recovered.
# A staging directory that is a symlink is not emptied through it.  A
# receipt whose file list leaves the tree, or that is a FIFO: list and
# remove refuse with exit 2 naming the receipt and the field.  A receipts
# directory that cannot be read is an error, not "Nothing installed".
# Files whose names are not UTF-8 are recorded in the receipt (as hex)
# and restored exactly; modes: a 01777 directory keeps its mode, a 0666
# file becomes 0644, and the receipt says what is on disk.  repair's undo
# record likewise: a path out of the env (relative, absolute, through a
# link), a backup outside the record, a line that is no step: --undo exits
# 2 naming the journal and the line, and touches nothing.
. "$CDS_SRCDIR/tests/lib.sh"
plan 56

T=$(mktemp -d); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
odd=$(printf 'caf\351-\377.txt')
# the repository: mka_* calls after mka_init (mirror, tests/lib.sh)
build_mirror() {
	mka_crafted cuda_cudart 12.4.127 -- dir:lib "file:lib/libx.so:x" \
		"file:$odd:latin-1 name" "symlink:link-$odd:$odd" \
		dirmode:scratch:1777 dirmode:open:0777 exec:shared.txt:0666 \
		>/dev/null &&
	mka_release_cuda 12.4.1 cuda_cudart &&
	mka_component cuda_cudart 12.6.77 >/dev/null &&
	mka_release_cuda 12.6.3 cuda_cudart
}
mirror "$T/mirror" build_mirror
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
c() { cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" "$@"; }

# names that are not UTF-8, and modes
c install --cuda 12.4.1 --cudnn none --yes
is "$RC" 0 "an archive with names that are not UTF-8 installs"
out=$(prefix_check "$P")
ok $? "the receipt lists every file, odd names included, exactly"
[ -n "$out" ] && diag "$out"
like "$(cat "$P/.state/receipts/cuda-12.4.1.json")" \
	'"path_hex": "636166e92dff2e747874"' "the odd name is kept as hex"
is "$(stat -c %a "$P/cuda-12.4.1/scratch") $(stat -c %a "$P/cuda-12.4.1/open") $(stat -c %a "$P/cuda-12.4.1/shared.txt")" \
	"1777 755 644" "modes: 01777 kept, 0777 dir and 0666 file lose write for others"
c list
is "$RC" 0 "list reads the receipt"
like "$OUT" "cuda-12\.4\.1" "list shows the release"

# a journal that names a path outside the prefix
mkdir -p "$T/outside/env"
echo "precious" >"$T/outside/keep"
echo "mine" >"$T/outside/env/x.sh"
out_hash() { tree_hash "$T/outside"; }
journal() {
	printf "$1" >"$P/.state/journal"
}
try() {
	# try WHAT PATTERN: a writer refuses the journal, nothing changes
	hj_b=$(tree_hash "$R")
	hj_o=$(out_hash)
	c use cuda-12.4.1
	is "$RC" 2 "$1: use exit 2"
	like "$ERR" "$2" "$1: the journal and what is wrong are named"
	is "$(tree_hash "$R") $(out_hash)" "$hj_b $hj_o" \
		"$1: nothing touched, in the prefix or out of it"
}
rel=../../../../../../../../..$T/outside
journal "begin remove\nitem $rel/env/x\n"
try "item ../../…" "\.state/journal: line 2: \"item \.\./.*\" is not a step of ours"
journal "begin install\nitem cuda-12.4.1\nrm -rf /\n"
try "a line that is no step" "journal: line 3: \"rm -rf /\" is not a step of ours"
journal "begin install\nitem cuda-1\0\n"
try "a NUL byte" "journal: holds a NUL byte"
rm -f "$P/.state/journal"
mkfifo "$P/.state/journal"
_b=$(tree_hash "$R")
timeout 120 "$CDS_BIN" --root "$R" --manifest "$M" \
	--offline --cache "$T/mirror" use cuda-12.4.1 >/dev/null 2>"$T/err" </dev/null
rc=$?
is "$rc" 2 "a FIFO journal: exit 2, no hang"
like "$(cat "$T/err")" "journal: not a regular file" "a FIFO journal: said"
is "$(tree_hash "$R")" "$_b" "a FIFO journal: nothing touched"
rm -f "$P/.state/journal"
head -c 2000000 /dev/zero | tr '\0' 'x' >"$P/.state/journal"
c use cuda-12.4.1
is "$RC" 2 "a journal over 1 MiB: exit 2"
like "$ERR" "journal: File too large" "an over-long journal: said"

# a kill mid-append: the cut line is dropped, the rest recovered
printf 'begin install\nitem cuda-12.4.1\ncomm' >"$P/.state/journal"
c use cuda-12.4.1
is "$RC" 0 "a journal cut mid-line: recovered"
check "a journal cut mid-line: then removed" test ! -e "$P/.state/journal"

# a staging directory that is a symlink out of the prefix
mkdir -p "$T/elsewhere"
echo keep >"$T/elsewhere/file"
mkdir -p "$P/.state"
rm -rf "$P/.state/staging"
ln -s "$T/elsewhere" "$P/.state/staging"
c use cuda-12.4.1
is "$RC" 0 "staging a symlink: the writer goes on"
is "$(cat "$T/elsewhere/file" 2>/dev/null)" keep \
	"staging a symlink: what it points at is not emptied"
rm -f "$P/.state/staging"

# a receipt whose file list leaves the tree
rc=$P/.state/receipts/cuda-12.4.1.json
cp "$rc" "$T/receipt.good"
python3 - "$rc" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["files"].append({"path": "../../../../etc/passwd", "type": "file",
                   "size": 1, "mode": "0644", "sha256": "0" * 64})
json.dump(d, open(sys.argv[1], "w"))
PY
_b=$(tree_hash "$R")
c list
is "$RC" 2 "a receipt with a path out of the tree: list exit 2"
like "$ERR" "receipts/cuda-12\.4\.1\.json: files\[[0-9]+\]: a path outside the tree" \
	"the receipt and the field are named"
c remove cuda-12.4.1 --yes
is "$RC" 2 "remove refuses it too"
is "$(tree_hash "$R")" "$_b" "nothing touched"
python3 - "$rc" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["files"][-1] = {"path": "lib/evil", "type": "link", "target": "../../../x"}
d["files"][-1]["path"] = "lib/evil"
json.dump(d, open(sys.argv[1], "w"))
PY
c list
is "$RC" 2 "a receipt with a link out of the tree: list exit 2"
like "$ERR" "a link leaving the tree" "the link is named as such"
rm -f "$rc"
mkfifo "$rc"
timeout 120 "$CDS_BIN" --root "$R" --manifest "$M" \
	--offline --cache "$T/mirror" list >/dev/null 2>"$T/err" </dev/null
is "$?" 0 "a FIFO receipt: list finishes, no hang"
unlike "$(cat "$T/err")" "." "a FIFO receipt: the release is not ours (no receipt)"
rm -f "$rc"
cp "$T/receipt.good" "$rc"

# a receipts directory that cannot be read
mv "$P/.state/receipts" "$T/receipts.saved"
echo "not a directory" >"$P/.state/receipts"
c list
is "$RC" 3 "an unreadable receipts directory: an error"
like "$ERR" "receipts: Not a directory" "the directory is named"
unlike "$OUT" "Nothing installed" "not called empty"
rm -f "$P/.state/receipts"
mv "$T/receipts.saved" "$P/.state/receipts"
c list
is "$RC" 0 "restored: list exit 0"

# the journal of a real interrupted install is still recovered
printf 'begin install\nitem cuda-12.4.1\ncommit cuda-12.4.1\n' \
	>"$P/.state/journal"
rm -f "$P/env/cuda-12.4.1.sh"
c install --cuda 12.6.3 --cudnn none --yes
is "$RC" 0 "a good journal: recovered, then the install runs"
check "the interrupted install's env file is made" \
	test -f "$P/env/cuda-12.4.1.sh"
out=$(prefix_check "$P")
ok $? "every release matches its receipt"

# repair's undo record is data from disk too: a path that leaves the env,
# an absolute one, a backup outside the record, a line that is no step, a
# path through a link out of the env, the record of an earlier version:
# --undo refuses with exit 2 naming the journal (and the line), and
# touches nothing, in the env or out of it
X=/home/user/envx
mkdir -p "$R$X/lib" "$R$X/etc/cudnn-setup/undo/files" "$T/outside/dir"
echo "mine" >"$R/home/user/keep"
echo "lib" >"$R$X/lib/libx.so"
ln -s "$T/outside/dir" "$R$X/lib/out"
undo_try() {
	# undo_try WHAT PATTERN LINE...: a record of these lines is refused
	_what=$1 _pat=$2
	shift 2
	printf '%s\n' '{"cudnn-setup-repair":1,"made":[]}' "$@" '{"done":1}' \
		>"$R$X/etc/cudnn-setup/undo/journal"
	hj_b=$(tree_hash "$R")
	hj_o=$(out_hash)
	c repair --prefix "$X" --undo
	is "$RC" 2 "repair record, $_what: --undo exit 2"
	like "$ERR" "$_pat" "repair record, $_what: the journal and the line are named"
	is "$(tree_hash "$R") $(out_hash)" "$hj_b $hj_o" \
		"repair record, $_what: nothing touched, in the env or out of it"
}
undo_try "a path out of the env" \
	'undo/journal: line 2: .*\.\./\.\./keep.* is not a step of ours' \
	'{"op":"write","path":"../../keep"}'
undo_try "an absolute path" 'undo/journal: line 2: ' \
	'{"op":"symlink","path":"/home/user/keep","target":"x"}'
undo_try "a backup outside the record" 'undo/journal: line 2: ' \
	'{"op":"relink","path":"lib/libx.so","target":"y","backup":"files/../../../../../keep"}'
undo_try "a line that is no step" 'undo/journal: line 3: "rm -rf /"' \
	'{"op":"symlink","path":"lib/liby.so","target":"libx.so"}' 'rm -rf /'
undo_try "a path through a link out of the env" 'undo/journal: line 2: ' \
	'{"op":"write","path":"lib/out/new"}'
rm -f "$R$X/etc/cudnn-setup/undo/journal"
echo '{"schema": 1, "steps": [{"op": "write", "host": "/home/user/keep"}]}' \
	>"$R$X/etc/cudnn-setup/undo/journal.json"
hj_b=$(tree_hash "$R")
c repair --prefix "$X" --undo
is "$RC:$(tree_hash "$R")" "2:$hj_b" \
	"repair record of an earlier version: exit 2, nothing touched"
like "$ERR" "undo/journal\.json: the record of an earlier version" \
	"... and it says so"

done_testing
