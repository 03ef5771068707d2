#!/bin/sh
# The prefix's commands on installed releases: list (the default marked,
# each release's size), use (the default link flipped atomically), env
# (sh and fish text for eval), remove (the default refused unless --force,
# with no terminal an error; receipt, env files and link go with the tree;
# --dry-run changes nothing); names resolve by prefix and ambiguity is an
# error that lists the candidates.
. "$CDS_SRCDIR/tests/lib.sh"
plan 40

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"

cds "$@" list
is "$RC:$OUT" "0:Prefix: /opt/nvidia
Nothing installed." "list of an empty prefix"

cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes
is "$RC" 0 "install 12.4.1 and cuDNN 9.3.0"
cds "$@" install --cuda 12.6.3 --cudnn none --yes
is "$RC" 0 "install 12.6.3"

# list
size=$(python3 -c 'import os, sys
print(sum(os.lstat(os.path.join(d, f)).st_size for d, _, fs in os.walk(sys.argv[1])
          for f in fs if os.path.isfile(os.path.join(d, f)) and
          not os.path.islink(os.path.join(d, f))))' "$P/cuda-12.6.3")
cds "$@" list --json
is "$RC" 0 "list --json: exit 0"
is "$(jget "$OUT" '" ".join(e["name"]+("*" if e["default"] else "") for e in d["installed"])')" \
	"cuda-12.4.1* cuda-12.6.3 cudnn-9.3.0.75-cuda12*" "list: releases, defaults marked"
is "$(jget "$OUT" '[e["size"] for e in d["installed"] if e["name"]=="cuda-12.6.3"][0]')" \
	"$size" "list: a release's size is the bytes of its files"
cds "$@" list
like "$OUT" "^\* cuda-12.4.1 .*\(default\)" "list text: the default marked"
like "$OUT" "^  cuda-12.6.3 " "list text: the other release"

# use
cds "$@" use cuda-12.6.3
is "$RC" 0 "use cuda-12.6.3: exit 0"
is "$(readlink "$P/cuda")" cuda-12.6.3 "use: the link now points to 12.6.3"
is "$(ls -A "$P" | grep -c cds-tmp)" 0 "use: no temporary link left"
like "$(cat "$R/var/log/cudnn-setup.log")" "use cuda-12.6.3" "use: audit line"
cds "$@" use 12.4
is "$RC:$(readlink "$P/cuda")" 0:cuda-12.4.1 "use 12.4: a version prefix names 12.4.1"
cds "$@" use 12
is "$RC" 2 "use 12: ambiguous, exit 2"
like "$ERR" "12: matches cuda-12.4.1, cuda-12.6.3; name one" \
	"ambiguous: the candidates listed"
cds "$@" use cuda-11.8.0
is "$RC" 2 "use of a release not installed: exit 2"
like "$ERR" "cuda-11.8.0: not installed in /opt/nvidia \(installed: cuda-12.4.1, cuda-12.6.3, cudnn-9.3.0.75-cuda12\)" \
	"not installed: what is"
before=$(tree_hash "$P")
cds "$@" use cuda-12.6.3 --dry-run
like "$OUT" "symlink +$P/cuda -> cuda-12.6.3" "use --dry-run: the operation"
is "$(tree_hash "$P")" "$before" "use --dry-run: nothing changed"

# env
cds "$@" env cuda-12.6.3
is "$RC" 0 "env: exit 0"
out=$(env -i PATH=/bin sh -c 'eval "$1"; echo "$CUDA_HOME $PATH"' sh "$OUT")
is "$out" "/opt/nvidia/cuda-12.6.3 /opt/nvidia/cuda-12.6.3/bin:/bin" \
	"env: eval sets CUDA_HOME and PATH"
cds "$@" env --shell fish cudnn
like "$OUT" "set -gx CUDNN_PATH '/opt/nvidia/cudnn-9.3.0.75-cuda12'" \
	"env --shell fish of the default cuDNN"
is "$(cat "$P/env/cuda-12.6.3.sh")" "$(cds "$@" env 12.6.3; echo "$OUT")" \
	"env prints what the env file holds"

# remove: the default is refused unless forced (the lock is taken and let
# go: its file's time changes, nothing's contents)
before=$(tree_hash "$P" content)
cds "$@" remove cuda-12.4.1
is "$RC" 2 "remove the default, no terminal, no --yes: exit 2"
cds "$@" remove cuda-12.4.1 --yes
is "$RC" 2 "remove the default with --yes (default answer no): refused"
like "$ERR" "^  add --force to remove it anyway, or make another the default first" \
	"remove the default: the command line's hint names --force"
like "$ERR" "cuda-12.4.1 is the current default \(.*/opt/nvidia/cuda\)" \
	"refused: says why"
is "$(tree_hash "$P" content)" "$before" "the refusals changed nothing"
before=$(tree_hash "$P")
cds "$@" remove cuda-12.4.1 --force --dry-run
like "$OUT" "rename +$P/cuda-12.4.1 -> $P/.state/trash/cuda-12.4.1" \
	"remove --dry-run: the rename into the trash"
is "$(tree_hash "$P")" "$before" "remove --dry-run changed nothing, not a time"

cds "$@" remove cuda-12.6.3
is "$RC" 0 "remove a release that is not the default: exit 0"
check "removed: tree gone" test ! -e "$P/cuda-12.6.3"
check "removed: receipt gone" test ! -e "$P/.state/receipts/cuda-12.6.3.json"
check "removed: env files gone" test ! -e "$P/env/cuda-12.6.3.sh" -a \
	! -e "$P/env/cuda-12.6.3.fish" -a ! -e "$P/env/modulefiles/cuda/12.6.3"
is "$(ls -A "$P/.state/trash")" "" "removed: the trash is empty"

cds "$@" remove cuda-12.4.1 --force --json
is "$RC:$(jget "$OUT" 'd["removed"]')" 0:cuda-12.4.1 "remove --force the default"
check "removed the default: its link too" test ! -e "$P/cuda" -a ! -L "$P/cuda"
like "$(cat "$R/var/log/cudnn-setup.log")" \
	"removed cuda-12.4.1 from /opt/nvidia \(it was the default\)" \
	"remove: audit line"
cds "$@" list --json
is "$(jget "$OUT" '" ".join(e["name"] for e in d["installed"])')" \
	"cudnn-9.3.0.75-cuda12" "list after the removals"
out=$(prefix_check "$P")
ok $? "what is left matches its receipts"

done_testing
