#!/bin/sh
# A repair through the wizard: a conda env "dl310" whose pip cuDNN 8 wheel
# has no libcudnn.so links and no activation scripts (the libraries are
# real, compiled here with their sonames).  The Scan screen shows the env
# and the finding, Goal offers repair, the env list describes the env, the
# Review screen shows the findings and every operation, one question,
# then the repair: the links and the activate.d/deactivate.d scripts exist
# afterwards, the script naming the env's cuDNN directory (that the
# activated env loads it is tests/sys/repair.sh's to show).  Then the undo
# from the env list puts the env back exactly.  The terminal is as it was
# after each run.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 33

if ! have_tmux || ! have_python; then
	skip 33 "tmux or python3 is not installed"
	done_testing
fi

R=$(mk_sysroot); cleanup_later "$R"
C=$R/home/user/miniconda3
E=$C/envs/dl310
L=$E/lib/python3.10/site-packages/nvidia/cudnn/lib
mkdir -p "$C/conda-meta" "$E/conda-meta" "$E/lib/python3.10/site-packages"
mk_cudnn8 "$L" 8.9.7 wheel >/dev/null
mkdir -p "$E/lib/python3.10/site-packages/nvidia_cudnn_cu12-8.9.7.29.dist-info"

# names, link targets and contents of everything under DIR
tree_sum() {
	(cd "$1" && find . -printf '%p %y %l\n' | sort &&
		find . -type f -exec sha256sum {} + | sort) | sha256sum | cut -d' ' -f1
}
before=$(tree_sum "$E")

wiz() {
	tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 \
		HOME=/home/user "$CDS_BIN" --root "$R"
}

wiz
waitok "Findings:" "Scan" 20
like "$SCREEN" "dl310 +/home/user/miniconda3/envs/dl310" "Scan: the env is listed"
like "$SCREEN" "without their \.so links" "Scan: the finding about the missing links"
tmx_keys Enter
waitok "Repair a conda env \(2 found\)" "Goal: repair, with the envs found"
tmx_keys Down Enter
waitok "Which env should be repaired" "Env: the list of envs"
tmx_keys Down
waitok "\(no libcudnn\.so links\)" "Env: the env under the cursor, described"
tmx_keys Enter
waitok "Repair of env dl310" "Review: the repair plan" 20
like "$SCREEN" "link +libcudnn\.so -> libcudnn\.so\.8" "Review: the dev link of libcudnn"
like "$SCREEN" "link +libcudnn_cnn_infer\.so -> libcudnn_cnn_infer\.so\.8" \
	"Review: a sublibrary's dev link"
tmx_keys End
waitok "write +cudnn-setup\.sh" "Review: the activation script"
is "$(tree_sum "$E")" "$before" "Review changed nothing"
tmx_keys Enter
waitok "Apply [0-9]+ changes to env dl310" "one question before anything changes"
tmx_keys y
waitok "Enter quit +Esc back" "the repair runs to its summary" 30
like "$SCREEN" "Done: env dl310 is repaired" "Summary: done"
like "$SCREEN" "\[x\] link" "Summary: each operation done"
tmx_keys End
waitok "conda activate dl310" "Summary: how to use it"
like "$SCREEN" "repair --undo --env dl310" "Summary: how to undo"
tmx_keys Enter
tmx_wait_exit 10
out=$(tmx_restored)
ok $? "after the repair: the terminal is as it was $out"
is "$(readlink "$L/libcudnn_cnn_infer.so")" libcudnn_cnn_infer.so.8 \
	"the link is on disk"
check "activate.d/cudnn-setup.sh written" test -f "$E/etc/conda/activate.d/cudnn-setup.sh"
check "deactivate.d/cudnn-setup.sh written" test -f "$E/etc/conda/deactivate.d/cudnn-setup.sh"
like "$(cat "$E/etc/conda/activate.d/cudnn-setup.sh")" \
	"site-packages/nvidia/cudnn/lib" "the activation names the env's cuDNN directory"

# ---- undo from the env list -------------------------------------------------
wiz
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "Repair a conda env"
tmx_keys Down Enter
tmx_wait "Which env should be repaired"
tmx_keys Down
tmx_wait "> dl310"
tmx_keys u
waitok "Undo the last repair of dl310\?" "u asks before undoing"
tmx_keys y
waitok "The last repair of dl310 was undone" "undone" 20
tmx_keys Enter
tmx_keys q
tmx_wait_exit 10
out=$(tmx_restored)
ok $? "after the undo: the terminal is as it was $out"
is "$(tree_sum "$E")" "$before" "the env is exactly as before the repair"
tmx_stop

# ---- a plain venv: wired through its own bin/activate -----------------------
R2=$(mk_sysroot); cleanup_later "$R2"
V=$R2/home/user/venv
mkdir -p "$V/bin" "$V/lib/python3.11/site-packages/nvidia_cudnn_cu12-8.9.7.29.dist-info"
printf 'home = /usr/bin\nversion = 3.11.2\n' >"$V/pyvenv.cfg"
printf 'deactivate () {\n    unset VIRTUAL_ENV\n}\nVIRTUAL_ENV="/home/user/venv"\nexport VIRTUAL_ENV\n' \
	>"$V/bin/activate"
mk_cudnn8 "$V/lib/python3.11/site-packages/nvidia/cudnn/lib" 8.9.7 wheel >/dev/null
tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	VIRTUAL_ENV=/home/user/venv "$CDS_BIN" --root "$R2"
waitok "Findings:" "venv: Scan" 20
tmx_keys Enter
tmx_wait "Repair a conda env"
tmx_keys Down Enter
waitok "> venv +/home/user/venv" "venv: the active venv is in the env list"
tmx_keys Enter
waitok "write +activate" "venv: Review writes its bin/activate, no activate.d" 20
tmx_keys Enter
tmx_wait "Apply [0-9]+ changes"
tmx_keys y
tmx_wait "Enter quit +Esc back" 30
tmx_keys End
waitok "\. /home/user/venv/bin/activate" "venv: Summary says to source its activate script"
like "$SCREEN" "repair --undo --env /home/user/venv" "venv: ... and undoes it by its path"
unlike "$SCREEN" "conda activate" "venv: ... and says nothing of conda"
tmx_keys Enter
tmx_wait_exit 10
tmx_stop
like "$(cat "$V/bin/activate")" "cudnn-setup" "venv: the block is in bin/activate"

done_testing
