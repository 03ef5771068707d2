#!/bin/sh
# Completion in zsh and fish (and the bash one's new values), loaded into
# the real shells: zsh interactive on a terminal (tmux), Tab pressed as a
# person does; fish through `complete -C`, which runs the same machinery.
# Each completes the commands, each command's options (not another
# command's), the CUDA and cuDNN versions the manifest knows (the shipped
# index's, read here from index.json, and those of a --manifest given on
# the line), the envs doctor finds for --env, and the releases a prefix
# holds for use.  The install rules put them where the shells look.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 20

T=$(mktemp -d); cleanup_later "$T"
HOME=$T/home; export HOME
C=$HOME/miniconda3
mkdir -p "$C/conda-meta" "$C/envs/dl310/conda-meta" "$C/envs/tf215/conda-meta"
# the program on PATH, by the name the completions are for
mkdir -p "$T/bin"
ln -s "$CDS_BIN" "$T/bin/cudnn-setup"
PATH=$T/bin:$PATH; export PATH

index_versions() {	# index_versions KIND PREFIX: the index's, sorted
	python3 - "$CDS_DATADIR/manifests/index.json" "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted(r["version"] for r in d["releases"]
                      if r["kind"] == sys.argv[2] and
                      r["version"].startswith(sys.argv[3]))))
PY
}
cuda12=$(index_versions cuda 12.)
cudnn9=$(index_versions cudnn 9.)
ok $([ -n "$cuda12" ] && [ -n "$cudnn9" ]; echo $?) "the index has CUDA 12.x and cuDNN 9.x releases"

mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.6.3 --cudnn none --yes

# ---- fish ------------------------------------------------------------
if command -v fish >/dev/null 2>&1; then
	fc() {	# fc LINE: what fish completes for LINE, sorted, on one line
		fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
			"$CDS_SRCDIR/ui/fish-completion/cudnn-setup.fish" "$1" |
			cut -f1 | sort | tr '\n' ' ' | sed 's/ $//'
	}
	is "$(fc 'cudnn-setup ins')" "install" "fish: a command from its start"
	like " $(fc 'cudnn-setup install --') " " --dry-run .* --path-first " \
		"fish: install's options"
	unlike " $(fc 'cudnn-setup install --') " " --undo " \
		"fish: not another command's options"
	is "$(fc 'cudnn-setup plan --cuda 12.')" "$cuda12" \
		"fish: --cuda, the index's versions"
	is "$(fc 'cudnn-setup install --cudnn 9.')" "$cudnn9" \
		"fish: --cudnn, the index's versions"
	is "$(fc "cudnn-setup --manifest $M plan --cuda 12.")" "12.4.1 12.6.3" \
		"fish: --cuda, the versions of the --manifest on the line"
	is "$(fc 'cudnn-setup doctor --env ')" "base dl310 tf215" \
		"fish: --env, the envs doctor finds"
	is "$(fc "cudnn-setup --root $R use ")" "cuda-12.6.3" \
		"fish: use, the releases the prefix holds"
else
	skip 8 "fish is not installed"
fi

# ---- zsh, on a terminal -----------------------------------------------
if command -v zsh >/dev/null 2>&1 && have_tmux; then
	Z=$T/zdot
	mkdir -p "$Z"
	cat >"$Z/.zshrc" <<EOF
PS1='zsh%# '
fpath=($CDS_SRCDIR/ui/zsh-completion \$fpath)
autoload -Uz compinit && compinit -u -d $Z/compdump
EOF
	tmx_start 120 30 env -u LC_ALL LANG=C.UTF-8 ZDOTDIR="$Z" HOME="$HOME" \
		PATH="$PATH" CDS_DATADIR="$CDS_DATADIR" zsh -i
	tmx_wait 'zsh#' || diag "no zsh prompt: $SCREEN"
	# zc TEXT: type TEXT, press Tab; LINE is the prompt's line after it,
	# SCREEN the whole screen (a list of matches below the line)
	zc() {
		tmx_keys C-u
		tmx_type "$1"
		tmx_keys Tab
		sleep 1
		tmx_capture
		LINE=$(printf '%s\n' "$SCREEN" | grep 'zsh#' | tail -1)
	}
	zc "cudnn-setup ins"
	like "$LINE" "zsh# cudnn-setup install$" "zsh: a command from its start"
	zc "cudnn-setup install --dry"
	like "$LINE" "cudnn-setup install --dry-run$" "zsh: install's option"
	zc "cudnn-setup install --und"
	like "$LINE" "cudnn-setup install --und$" "zsh: not another command's option"
	zc "cudnn-setup plan --cuda 12."
	got=$(printf '%s\n' "$SCREEN" | sed -n '/zsh# cudnn-setup plan --cuda 12\./,$p' |
		tail -n +2 | tr -s ' \n' '\n\n' | grep . | sort | tr '\n' ' ' |
		sed 's/ $//')
	is "$got" "$cuda12" "zsh: --cuda 12.<Tab> lists the index's 12.x"
	zc "cudnn-setup --manifest $M plan --cuda 12.6"
	like "$LINE" "--cuda 12\.6\.3$" "zsh: a --manifest on the line: its versions"
	zc "cudnn-setup doctor --env dl"
	like "$LINE" "--env dl310$" "zsh: --env, an env doctor finds"
	zc "cudnn-setup --root $R use cu"
	like "$LINE" "use cuda-12\.6\.3$" "zsh: use, a release the prefix holds"
	zc "cudnn-setup help cl"
	like "$LINE" "help clean$" "zsh: help, a command"
	tmx_keys C-u C-d
	tmx_stop
else
	skip 8 "zsh or tmux is not installed"
fi

# ---- bash: the versions and the new command ------------------------------
bc() {
	bash -c '. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_cudnn_setup
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | sed "s/ $//"' \
		sh "$CDS_SRCDIR/ui/bash-completion/cudnn-setup" "$@"
}
is "$(bc cudnn-setup plan --cuda 12.)" "$cuda12" "bash: --cuda, the index's versions"
is "$(bc cudnn-setup clean --d)" "--deadline --dry-run" "bash: clean's options"

# ---- installed where the shells look ------------------------------------
make -s -C "$CDS_BUILDDIR" install-dist_zshcompletionDATA \
	install-dist_fishcompletionDATA DESTDIR="$T/dest" >/dev/null 2>&1
zf=$(find "$T/dest" -name _cudnn-setup -path '*/zsh/site-functions/*')
ff=$(find "$T/dest" -name cudnn-setup.fish -path '*/fish/*completions*')
ok $([ -n "$zf" ] && [ -n "$ff" ]; echo $?) \
	"make install: zsh's site-functions and fish's completions ($zf $ff)"

done_testing
