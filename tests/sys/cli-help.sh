#!/bin/sh
# What a new user meets on the command line: each command's own help
# (`install --help`, `help install`), "did you mean" for a mistyped
# command, option, env name and version (and none when nothing is close),
# and errors that end with what to do next, with real names and paths: a
# version the index lacks names --manifest FILE; a prefix the user cannot
# write names the user prefix; a release installed in the other prefix
# names it; repair's undo line names the env; F15's fix names the real
# CUDA_HOME; doctor names `repair --env` for each finding repair mends,
# prints its error as JSON with --json, and says less with --quiet.  Each
# advice printed is then followed, as a person would, and works.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 57

T=$(mktemp -d); cleanup_later "$T"
HOME=$T/home; export HOME
C=$HOME/miniconda3
mkdir -p "$C/conda-meta"

# ---- per-command help --------------------------------------------------
cds install --help
is "$RC" 0 "install --help: exit 0"
like "$(printf '%s\n' "$OUT" | head -1)" "^Usage: cudnn-setup install " \
	"install --help: install's usage, not the global one"
unlike "$OUT" "^Commands:" "install --help: no list of commands"
missing=""
for o in cuda cudnn for env prefix yes dry-run system lock-wait path-first; do
	printf '%s\n' "$OUT" | grep -Eq "^  --$o( [A-Z|=]+)? +[a-z]" ||
		missing="$missing --$o"
done
is "$missing" "" "install --help: each of install's options, a line with what it does"
long=$(printf '%s\n' "$OUT" | awk 'length > 80')
is "$long" "" "install --help: no line past 80 columns"
help_install=$OUT
cds help install
is "$RC:$OUT" "0:$help_install" "help install: the same text"

# every command of --help: its help lists exactly the options its usage names
cds --help
cmds=$(printf '%s\n' "$OUT" | sed -n 's/^  \([a-z]\+\)  .*/\1/p')
bad=""
for c in $cmds; do
	cds help "$c"
	[ "$RC" -eq 0 ] || bad="$bad $c(exit $RC)"
	printf '%s\n' "$OUT" | head -1 | grep -q "^Usage: cudnn-setup $c" ||
		bad="$bad $c(usage)"
	usage=$(printf '%s\n' "$OUT" | sed -n '1,/^$/p' | grep -o -- '--[a-z-]\+' |
		sort -u)
	for o in $usage; do
		printf '%s\n' "$OUT" | grep -q -- "^  $o" || bad="$bad $c:$o"
	done
	h=$OUT
	cds "$c" --help
	[ "$RC:$OUT" = "0:$h" ] || bad="$bad $c(--help differs)"
done
[ "$(echo $cmds | wc -w)" -ge 10 ] || bad="(--help lists no commands?)"
is "$bad" "" "help COMMAND for every command: its usage, an option line for each"
cds help isntall
is "$RC" 2 "help of an unknown command: exit 2"
like "$ERR" "did you mean 'install'" "help isntall: did you mean install"

# ---- did you mean ------------------------------------------------------
cds isntall --cuda 12.4
is "$RC" 2 "isntall: exit 2"
like "$ERR" "unknown command 'isntall'; did you mean 'install'\?" \
	"isntall: did you mean 'install'"
cds frobnicate
unlike "$ERR" "did you mean" "frobnicate: nothing is close, nothing suggested"
like "$ERR" "cudnn-setup help" "frobnicate: where the commands are listed"
cds install --cdua 12.4
is "$RC" 2 "--cdua: exit 2"
like "$ERR" "unknown option '--cdua'; did you mean '--cuda'\? \(see .cudnn-setup install --help.\)" \
	"--cdua: did you mean --cuda, and install's help"
cds plan --cudnnn 9
like "$ERR" "did you mean '--cudnn'" "--cudnnn: did you mean --cudnn"
cds doctor --cdua 12.4
unlike "$ERR" "did you mean" "doctor --cdua: doctor takes no --cuda, none suggested"

mkdir -p "$C/envs/dl310/conda-meta" "$C/envs/dl310/lib/python3.10/site-packages"
mk_cudnn8 "$C/envs/dl310/lib/python3.10/site-packages/nvidia/cudnn/lib" 8.9.7 wheel
mkdir -p "$C/envs/dl310/lib/python3.10/site-packages/nvidia_cudnn_cu12-8.9.7.29.dist-info"
cds doctor --env dl31
is "$RC" 2 "doctor --env dl31: exit 2"
like "$ERR" "did you mean --env dl310\?" "--env dl31: did you mean dl310"
cds doctor --env zzzzzz
unlike "$ERR" "did you mean" "--env zzzzzz: nothing close, nothing suggested"

cds plan --cuda 12.6.4 --cudnn none
is "$RC" 2 "--cuda 12.6.4: exit 2"
like "$ERR" "did you mean --cuda 12\.6\.3\?" "--cuda 12.6.4: the nearest of its line, 12.6.3"
cds plan --cuda 12.7 --cudnn none
like "$ERR" "did you mean --cuda 12\.6\.3 or 12\.8\.1\?" "--cuda 12.7: the two neighbours"
cds plan --cuda 99 --cudnn none
unlike "$ERR" "did you mean" "--cuda 99: no release of that line, nothing suggested"
cds plan --cuda 12.6 --cudnn none --json
is "$RC:$(jget "$OUT" 'd["releases"][0]["version"]')" "0:12.6.3" \
	"--cuda 12.6 takes 12.6.3, the newest 12.6.x"

# ---- messages that say what to do next ---------------------------------
cds plan --cuda 13.1 --cudnn none
is "$RC" 2 "--cuda 13.1: exit 2"
like "$ERR" "--cuda 13\.1: not in $CDS_DATADIR/manifests/index\.json" \
	"--cuda 13.1: the index it is not in, by path"
like "$ERR" "cudnn-setup plan --manifest FILE --cuda 13\.1" \
	"--cuda 13.1: how to give NVIDIA's manifest of it"
e131=$ERR
cds help update
if [ "$RC" -eq 0 ]; then
	like "$e131" "a newer index may know it: .cudnn-setup update." \
		"--cuda 13.1: names the update command, which exists"
else
	unlike "$e131" "update" "--cuda 13.1: no update command to name"
fi
cds plan --cuda 13.1 --cudnn none --json
is "$(jget "$OUT" 'd["error"]["code"]')" "not-found" \
	"--cuda 13.1 --json: the engine's error, as data"

# the advice followed: a redistrib file for a release this index lacks
if mirror "$T/mirror" -r; then
	cds plan --manifest "$T/mirror/cuda_redistrib_12.6.3.json" --cuda 12.6.3 \
		--cudnn none
	is "$RC" 0 "--manifest FILE, as the message says: the plan is made"
else
	sed 's/^/# /' "$T/mirror.log"
	ok 1 "the test mirror could not be built"
fi

# use: the release is in the user's prefix, not in the system one
R=$(mk_sysroot); cleanup_later "$R"
UP=/home/user/.local/share/cudnn-setup
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"
HOME=/home/user cds "$@" install --cuda 12.6.3 --cudnn none --yes --prefix "$UP"
is "$RC" 0 "12.6.3 installed in the user prefix"
HOME=/home/user cds "$@" use 12.6.3
is "$RC" 2 "use 12.6.3 with the system prefix: exit 2"
like "$ERR" "not installed in /opt/nvidia" "use: where it looked"
like "$ERR" "12\.6\.3 is installed in $UP: add --prefix $UP" \
	"use: where it is installed, and the --prefix to give"
HOME=/home/user cds "$@" use 12.6.3 --prefix "$UP"
is "$RC" 0 "use --prefix as the message says: exit 0"

# a prefix that is not the user's to write
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	NH=$T/nobody-home
	mkdir -p "$NH" && chown 65534:65534 "$NH"
	mkdir -p "$T/ro" && chmod 755 "$T/ro"
	chmod 755 "$T"
	out=$(HOME=$NH setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$CDS_BIN" --manifest "$M" --offline --cache "$T/mirror" install \
		--cuda 12.6.3 --cudnn none --yes --prefix "$T/ro/x" 2>&1)
	rc=$?
	is "$rc" 3 "non-root, --prefix it cannot write: exit 3"
	like "$out" "Permission denied" "the reason"
	like "$out" "leave out --prefix \(yours is $NH/\.local/share/cudnn-setup\)" \
		"names the user prefix by its path"
	out=$(HOME=$NH setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$CDS_BIN" --manifest "$M" --offline --cache "$T/mirror" install \
		--cuda 12.6.3 --cudnn none --yes 2>&1)
	is "$?" 0 "the advice followed: no --prefix installs into the user prefix"
	check "in $NH/.local/share/cudnn-setup" \
		test -d "$NH/.local/share/cudnn-setup/cuda-12.6.3"
else
	skip 5 "needs root and setpriv to run as another user"
fi

# F15's fix: the real CUDA_HOME the install gives
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/usr/local/cuda-11.8.0/lib64" "$R/usr/local/cuda-11.8.0/bin"
mk_solib "$R/usr/local/cuda-11.8.0/lib64/libcudart.so.11" libcudart.so.11
printf '{"cuda": {"name": "CUDA SDK", "version": "11.8.0"}}\n' \
	>"$R/usr/local/cuda-11.8.0/version.json"
P=/usr/local/lib/python3.10/dist-packages
mkdir -p "$R$P/torch" "$R$P/torch-2.3.1+cu121.dist-info"
printf 'Name: torch\nVersion: 2.3.1+cu121\n' >"$R$P/torch-2.3.1+cu121.dist-info/METADATA"
printf "cuda = '12.1'\n" >"$R$P/torch/version.py"
HOME=/home/user CUDA_HOME=/usr/local/cuda-11.8.0 cds --root "$R" doctor --json
is "$(fix_command "$OUT" F15)" \
	'cudnn-setup install --cuda 12.1.1 && export CUDA_HOME=/opt/nvidia/cuda-12.1.1 PATH=/opt/nvidia/cuda-12.1.1/bin:$PATH' \
	"F15: the install, then CUDA_HOME at the path it installs to"
unlike "$OUT" "<its prefix>" "F15: no placeholder"

# doctor: repair --env for what repair mends; --quiet; JSON errors
cds doctor --env dl310
like "$OUT" "or: cudnn-setup repair --env dl310" \
	"doctor: a finding in dl310 names repair --env dl310"
full=$(printf '%s\n' "$OUT" | wc -l)
cds doctor --env dl310 --quiet
quiet=$OUT
unlike "$quiet" "three numbers|^Driver|^Findings" "--quiet: no scan, no sections"
like "$quiet" "^[0-9]+ errors?, [0-9]+ warnings?\.$" "--quiet: the count"
nlines=$(printf '%s\n' "$quiet" | wc -l)
ok $((nlines >= full / 3)) "--quiet: much shorter ($nlines lines, not $full)"
cds doctor --env nope --json
is "$RC" 2 "doctor --env nope --json: exit 2"
is "$(jget "$OUT" 'd["error"]["code"]')" "not-found" "doctor --env nope --json: a JSON error on stdout"
like "$(jget "$OUT" 'd["error"]["detail"]')" "^nope: no such env" "with the detail naming the env"
cds doctor --env dl31 --json
is "$(jget "$OUT" 'd["error"]["did_you_mean"]')" "dl310" "and the close name, as data"

# repair's undo line names the env; followed, it undoes
cds repair --env dl310 --yes
is "$RC" 0 "repair --env dl310 --yes"
like "$OUT" "Undo with: cudnn-setup repair --undo --env dl310$" \
	"repair: the undo line names the env"
unlike "$OUT" "--env NAME" "repair: no placeholder NAME"
cds doctor --env dl310
unlike "$OUT" "repair --env dl310" "after the repair: nothing left for repair"
cds repair --undo --env dl310
is "$RC" 0 "the undo line followed: exit 0"
check "activation gone after the undo" \
	test ! -e "$C/envs/dl310/etc/conda/activate.d/cudnn-setup.sh"

done_testing
