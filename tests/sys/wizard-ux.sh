#!/bin/sh
# What a new user meets in the wizard (issue 16), each on an 80x24 terminal,
# keys sent as a person would:
# - a conda env as Target means what `install --env` means: the releases go
#   to the shared prefix and the env's activation is wired to them; the
#   files the wizard writes in the env are those `install --env` writes in
#   a twin root, and the activation sets CUDA_HOME and the loader's path;
# - Review: a summary that fits the screen (releases, sizes, where), no
#   URL or .state internals in it, d opens the details (archives and their
#   URLs, operations), nothing wider than 80 columns, no word cut;
# - Scan: one DEV-LINKS row per env, each naming its env; two findings of
#   one env that read alike share one row, opened to both;
# - the directory field: the shown value is replaced by typing, ~ and ~/x
#   are the home directory, ~bob is refused with a reason;
# - after a repair, the env list and the Scan are made again;
# - a manifest of CUDA alone: Versions offers "cuDNN: none" and installs;
# - as a user who is not root, the summary names the per-user log under
#   $XDG_STATE_HOME, which exists, and nothing of the run is in /var/log.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 84

if ! have_tmux || ! have_python; then
	skip 81 "tmux or python3 is not installed"
	done_testing
fi

T=$(mktemp -d); cleanup_later "$T"
chmod 755 "$T"
mirror "$T/cudaonly" -s 81 'mka_cuda 12.4.1 cuda_cudart cuda_nvcc'
M1=$M
mirror "$T/mirror" -s 81 'mka_cuda 12.4.1 cuda_cudart cuda_nvcc &&
    mka_cudnn 9.3.0.75 cuda12'
chmod -R a+rX "$T/mirror" "$T/cudaonly"

widest() {
	disp_widths "$SCREEN" | sort -n | tail -1
}
wiz() {
	_r=$1
	shift
	tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 \
		HOME=/home/user "$CDS_BIN" --root "$_r" "$@"
}
quit() {
	tmx_keys q
	tmx_wait_exit 10
}
# a conda install ($CONDA, default miniconda3) with envs NAME... in root $1
mk_conda() {
	_c=$1/home/user/${CONDA:-miniconda3}
	shift
	mkdir -p "$_c/conda-meta"
	for _e in "$@"; do
		mkdir -p "$_c/envs/$_e/conda-meta"
	done
}
# a pip cuDNN 8 wheel without its .so links in env $2 of root $1 (in
# $CONDA, default miniconda3)
mk_wheel() {
	_sp=$1/home/user/${CONDA:-miniconda3}/envs/$2/lib/python3.10/site-packages
	mk_cudnn8 "$_sp/nvidia/cudnn/lib" 8.9.7 wheel >/dev/null &&
		mkdir -p "$_sp/nvidia_cudnn_cu12-8.9.7.29.dist-info"
}

# ---- a conda env as the target: install --env ----------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_conda "$R" dl310
wiz "$R" --manifest "$M" --mirror "file://$T/mirror/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
waitok "Conda env dl310 +/opt/nvidia, wired into the env" \
	"Target: the env row names the shared prefix and the wiring"
tmx_keys Down Down Down
waitok "> Conda env dl310" "Target: the env under the cursor"
like "$SCREEN" "install --env dl310" "Target: said to be what install --env does"
unlike "$SCREEN" "activation is not changed" "Target: no other meaning of env"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Enter
waitok "Install into /opt/nvidia, wired into conda env dl310" "Review: the prefix and the env" 20
like "$SCREEN" "Activating env dl310 puts on LD_LIBRARY_PATH:" "Review: what activation will do"
like "$SCREEN" "/opt/nvidia/cuda-12\.4\.1/lib" "Review: the release's lib on the path"
like "$SCREEN" "^ d: each archive" "Review in env mode: the summary fits 80x24, down to its last line"
ok $(( $(widest) > 80 )) "Review in env mode: no line wider than 80 columns"
tmx_keys Enter
waitok "wired into conda env dl310\?" "one question, naming the env"
tmx_keys y
waitok "Enter quit +Esc start over" "installed and wired" 60
like "$SCREEN" "Done: installed into /opt/nvidia and wired into conda env dl310" \
	"Summary: done"
like "$SCREEN" "conda activate dl310" "Summary: how to use it"
quit
check "the releases are in the shared prefix" test -f "$R/opt/nvidia/cuda-12.4.1/lib/libcudart.so.12.4.127"
check "nothing of them in the env" test ! -e "$R/home/user/miniconda3/envs/dl310/cuda-12.4.1"
A=$R/home/user/miniconda3/envs/dl310/etc/conda/activate.d/cudnn-setup.sh
out=$(env -i PATH=/usr/bin:/bin sh -c '. "$1"; echo "$CUDA_HOME|$CUDNN_PATH|$LD_LIBRARY_PATH"' sh "$A")
is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cuda-12.4.1/lib:/opt/nvidia/cudnn-9.3.0.75-cuda12/lib" \
	"activating the env sets CUDA_HOME, CUDNN_PATH and the loader's path"
# the command line in a twin root: the same files in the env
R2=$(mk_sysroot); cleanup_later "$R2"
mk_conda "$R2" dl310
HOME=/home/user "$CDS_BIN" --root "$R2" --manifest "$M" --mirror "file://$T/mirror/" \
	install --env dl310 --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/cli.out" 2>&1
is "$?" 0 "install --env in the twin root"
envsum() {
	(cd "$1/home/user/miniconda3/envs/dl310/etc/conda" && find . -type f | sort |
		xargs sha256sum)
}
is "$(envsum "$R")" "$(envsum "$R2")" "the wizard wrote in the env what install --env writes"

# ---- Review: a summary first, details on d ---------------------------------
R=$(mk_sysroot); cleanup_later "$R"
wiz "$R" --manifest "$M" --mirror "file://$T/mirror/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Enter
waitok "Install into /opt/nvidia" "Review" 20
like "$SCREEN" "CUDA 12\.4\.1: 2 archives, [0-9.]+ KiB" "summary: the release, its archives and size"
like "$SCREEN" "^   -> /opt/nvidia/cudnn-9\.3\.0\.75-cuda12" "summary: where cuDNN goes"
like "$SCREEN" "Download: [0-9.]+ KiB in 3 archives" "summary: the download"
like "$SCREEN" "Default links: cuda -> cuda-12\.4\.1, cudnn -> cudnn-9\.3\.0\.75-cuda12" \
	"summary: the default links"
like "$SCREEN" "^ d: each archive" "the summary fits the screen"
unlike "$SCREEN" "://" "no URL in the summary"
unlike "$SCREEN" "\.state" "no .state internals in the summary"
like "$(printf '%s\n' "$SCREEN" | tail -1)" "d details" "footer: d for the details"
tmx_keys d
waitok "^ Archives:" "d: the details"
like "$SCREEN" "^     file://$T/mirror/cuda_cudart/linux-x86_64/" "a URL, broken after a slash"
like "$SCREEN" "^     cuda_cudart-linux-x86_64-12\.4\.127-archive\.tar\.xz$" \
	"its file name whole on the next line"
ok $(( $(widest) > 80 )) "details: no line wider than 80 columns"
tmx_keys End
waitok "link +cudnn -> cudnn-9\.3\.0\.75-cuda12" "details: the operations"
like "$SCREEN" "move into place +cuda-12\.4\.1" "details: a release moved into place"
unlike "$SCREEN" "\.state|staging" "details: no .state internals"
unlike "$SCREEN" "…" "no label cut short"
quit

# ---- Scan: findings name their env -----------------------------------------
# envs dl310 and tf215 in one conda, ort in it and in a second one: each
# with a cuDNN wheel without its links
R=$(mk_sysroot); cleanup_later "$R"
mk_conda "$R" dl310 ort tf215
CONDA=anaconda3 mk_conda "$R" ort
for e in dl310 ort tf215; do mk_wheel "$R" $e; done
CONDA=anaconda3 mk_wheel "$R" ort
wiz "$R"
waitok "cuDNN copies \(4\)" "Scan" 20
tmx_keys End
waitok "Findings:" "Scan: the findings, at the end"
rows=$(printf '%s\n' "$SCREEN" | grep '\[DEV-LINKS\]')
is "$(printf '%s\n' "$rows" | wc -l)" 3 "one DEV-LINKS row per env name"
is "$(printf '%s\n' "$rows" | sort -u | wc -l)" 3 "no two rows alike"
for e in dl310 ort tf215; do
	like "$rows" "\[DEV-LINKS\] .* \(env $e\)" "the row of env $e names it"
done
# the two envs named ort share a row, which opens to both
row=$(printf '%s\n' "$SCREEN" | grep -n '(env ort)' | cut -d: -f1)
tmx_click 6 $((row - 1))
waitok "pip cuDNN 8\.9\.7 in" "the shared row opens"
all=$SCREEN
for _p in 1 2 3 4; do
	tmx_keys PageDown
	sleep 0.3
	tmx_capture
	all="$all
$SCREEN"
done
like "$all" "/home/user/anaconda3/envs/ort/lib/python3\.10/" "to one env's copy"
like "$all" "/home/user/miniconda3/envs/ort/lib/python3\.10/" "and to the other's"
# each opened copy: its links in one ln -s loop (ui_links_command), as
# doctor's text says them; no ln -s per link
like "$all" "fix: cd .*" "a fix for the links"
like "$all" "libcudnn\*\.so\.8;" "the links as one ln -s loop"
unlike "$all" "ln -s libcudnn" "no ln -s per link"
ok $(( $(widest) > 80 )) "Scan: no line wider than 80 columns"

# ---- after a repair, the env list and the Scan are made again ----------------
tmx_keys Home Enter
tmx_wait "Repair a conda env"
tmx_keys Down Enter
tmx_wait "Which env should be repaired"
to_dl310() {
	_i=0
	while ! printf '%s\n' "$SCREEN" | grep -q "> dl310" && [ $_i -lt 8 ]; do
		tmx_keys Down
		sleep 0.3
		tmx_capture
		_i=$((_i + 1))
	done
}
to_dl310
waitok "> dl310" "Env: dl310 under the cursor"
like "$SCREEN" "\(no libcudnn\.so links\)" "Env: before the repair, the links are missing"
tmx_keys Enter
tmx_wait "Repair of env dl310" 20
tmx_keys Enter
tmx_wait "Apply [0-9]+ changes to env dl310"
tmx_keys y
waitok "Done: env dl310 is repaired" "the repair ran" 30
tmx_keys Escape
tmx_wait "Repair of env dl310" 20
tmx_keys Escape
waitok "Which env should be repaired" "back on the env list" 20
to_dl310
tmx_wait "> dl310"
unlike "$SCREEN" "no libcudnn\.so links" "the env list is made again: dl310 has its links"
tmx_keys Escape Escape
waitok "cuDNN copies \(4\)" "back on Scan" 20
tmx_keys End
tmx_wait "DEV-LINKS"
unlike "$SCREEN" "\(env dl310\)" "Scan made again: dl310's finding is gone"
like "$SCREEN" "\[DEV-LINKS\] .* \(env ort\)" "Scan made again: the other envs' remain"
quit
out=$(tmx_restored)
ok $? "after the repair: the terminal is as it was $out"

# ---- the directory field -----------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
wiz "$R" --manifest "$M" --mirror "file://$T/mirror/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Down Down
tmx_wait "> Another directory"
tmx_keys Enter
tmx_wait "Install into this directory"
tmx_type "~/cuda"
tmx_keys Enter
waitok "> 12\.4\.1 " "~/cuda is taken" 20
tmx_keys Escape
waitok "> /home/user/cuda$" "~/cuda is the home's cuda directory"
tmx_keys Enter
waitok "Install into this directory" "the field again"
like "$SCREEN" "/home/user/cuda" "it shows the directory chosen"
tmx_type "/srv/new"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Escape
waitok "> /srv/new$" "typing replaced the value shown, not appended to it"
tmx_keys Enter
tmx_wait "Install into this directory"
tmx_keys End
tmx_type "-2"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Escape
waitok "> /srv/new-2$" "an arrow key keeps the value to edit it"
tmx_keys Enter
tmx_wait "Install into this directory"
tmx_type "~"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Escape
waitok "> /home/user$" "~ alone is the home directory"
tmx_keys Enter
tmx_wait "Install into this directory"
tmx_type "~bob/x"
tmx_keys Enter
waitok "~bob/x: only ~ and ~/\.\.\. are understood" "~bob is refused, and said why"
tmx_keys Enter
quit
out=$(tmx_restored)
ok $? "after typing: the terminal is as it was $out"

# ---- a manifest of CUDA alone --------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
wiz "$R" --manifest "$M1" --mirror "file://$T/cudaonly/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Enter
waitok "Recommended: CUDA 12\.4\.1 \+ cuDNN none" "Versions: CUDA with cuDNN none" 20
like "$SCREEN" "\[ \] cuDNN" "the cuDNN list is off"
like "$SCREEN" "> none" "its one row: none"
unlike "$SCREEN" "--cudnn" "no command-line flag in the wizard"
tmx_keys Tab
waitok "The manifest has no cuDNN release" "the none row says why"
tmx_keys Enter
waitok "Install into /opt/nvidia" "Enter: on to Review" 20
unlike "$SCREEN" "cuDNN [0-9]" "Review: no cuDNN"
tmx_keys Enter
tmx_wait "Install 1 release"
tmx_keys y
waitok "Done: the install in /opt/nvidia is complete" "CUDA alone installed" 60
quit
check "the CUDA tree" test -d "$R/opt/nvidia/cuda-12.4.1"
is "$(ls "$R/opt/nvidia" | grep -c cudnn)" 0 "no cuDNN"

# ---- the log, as a user who is not root -----------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	U=$T/user
	mkdir -p "$U/home" "$U/state"
	chown -R 65534:65534 "$U"
	tmx_start 80 24 env -u LC_ALL -u NO_COLOR -u CDS_AUDIT_LOG LANG=C.UTF-8 \
		HOME="$U/home" XDG_STATE_HOME="$U/state" setpriv --reuid=65534 \
		--regid=65534 --clear-groups "$CDS_BIN" --manifest "$M1" \
		--mirror "file://$T/cudaonly/"
	tmx_wait "Findings:" 30
	tmx_keys Enter
	tmx_wait "> Install CUDA"
	tmx_keys Enter
	waitok "> User prefix +$U/home/\.local/share/" "not root: the user prefix"
	tmx_keys Enter
	tmx_wait "> 12\.4\.1 " 20
	tmx_keys Enter
	tmx_wait "Install into" 20
	tmx_keys Enter
	tmx_wait "Install 1 release"
	tmx_keys y
	waitok "Enter quit +Esc start over" "not root: installed" 60
	tmx_keys End
	waitok "Log of what was done:" "the summary's log line"
	L=$U/state/cudnn-setup/cudnn-setup.log
	like "$(printf '%s\n' "$SCREEN" | grep -A1 'Log of what was done' | tail -1)" \
		"^   $L$" "it names the per-user log under \$XDG_STATE_HOME"
	unlike "$SCREEN" "could not be written|/var/log" "no /var/log, nothing unwritten"
	quit
	like "$(cat "$L" 2>&1)" "installed cuda-12\.4\.1 into $U/home/\.local/share/cudnn-setup" \
		"the log exists and holds the install"
	# other runs on this machine may write the real log: what this
	# run would have written is what must not be there
	is "$(grep -c "$U/" /var/log/cudnn-setup.log 2>/dev/null || true)" \
		"$(test -e /var/log/cudnn-setup.log && echo 0)" \
		"nothing of this run in the real /var/log/cudnn-setup.log"
else
	skip 7 "needs root and setpriv to run as another user"
fi
tmx_stop

done_testing
