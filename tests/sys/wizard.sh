#!/bin/sh
# The wizard on a real terminal (tmux), on a fake root with an old driver
# (470.82.01), a CUDA 11.8 toolkit and a /usr/local/cuda link to a missing
# one: the Scan screen (three numbers, toolkits, findings most severe
# first, opening to evidence and fix), Goal, Target, Versions (releases
# the driver cannot run shown disabled with the driver they need), Review;
# help on every screen; Esc and Backspace go back; a resize from 120x40 to
# 80x24 in the middle of a screen and on; a terminal too small; mouse
# clicks; colours and NO_COLOR; TERM=linux and TERM=vt100; ASCII line
# drawing in a non-UTF-8 locale; verify refused under --root; q, Ctrl-C,
# SIGTERM and a crash (SIGSEGV) all leave the terminal as it was; off a
# terminal, with TERM=dumb or a TERM without terminfo, usage and doctor's
# summary instead.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 118

if ! have_tmux || ! have_python; then
	skip 118 "tmux or python3 is not installed"
	done_testing
fi

R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia" "$R/sys/module/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.82.01  Tue Jan 1 00:00:00 UTC 2024\n' \
	>"$R/proc/driver/nvidia/version"
echo 470.82.01 >"$R/sys/module/nvidia/version"
TK=$R/usr/local/cuda-11.8.0
mkdir -p "$TK/bin" "$TK/lib64" "$TK/include"
echo 'int cds_fixture_cudart(void) { return 1; }' >"$R/tmp/so.c"
$CC -shared -fPIC -Wl,-soname,libcudart.so.11.0 -o "$TK/lib64/libcudart.so.11.8.89" "$R/tmp/so.c"
ln -s libcudart.so.11.8.89 "$TK/lib64/libcudart.so.11.0"
printf '#!/bin/sh\necho "Cuda compilation tools, release 11.8, V11.8.89"\n' >"$TK/bin/nvcc"
chmod +x "$TK/bin/nvcc"
printf '{"cuda": {"name": "CUDA SDK", "version": "11.8.0"}}\n' >"$TK/version.json"
ln -s /usr/local/cuda-12.2 "$R/usr/local/cuda"

# the program on a terminal: UTF-8, the fake root's home
UENV="env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user TERM=screen"
wiz() {
	_c=$1 _r=$2
	shift 2
	tmx_start "$_c" "$_r" $UENV "$@" "$CDS_BIN" --root "$R"
}
goneok() {
	if tmx_wait_gone "$1" "${3:-10}"; then
		ok 0 "$2"
	else
		ok 1 "$2"
		printf '%s\n' "$SCREEN" | sed 's/^/# /'
	fi
}
# the widest line of the screen, in columns
widest() {
	disp_widths "$SCREEN" | sort -n | tail -1
}

# ---- Scan ---------------------------------------------------------------
wiz 80 24
waitok "Findings:" "the Scan screen comes up" 20
like "$SCREEN" "^ cudnn-setup +Scan .* Goal .* Verify" "header: the steps"
like "$SCREEN" "driver supports +none +module loaded, libcuda\.so\.1 not found" \
	"three numbers: what the driver supports, and why none"
like "$SCREEN" "active toolkit +\? +/usr/local/cuda-12\.2 \(/usr/local/cuda\)" \
	"three numbers: the active toolkit (the link's missing one)"
like "$SCREEN" "frameworks bundle +none" "three numbers: the frameworks"
like "$SCREEN" "CUDA toolkits \(2\)" "toolkits section"
like "$SCREEN" "11\.8\.0 +/usr/local/cuda-11\.8\.0" "the CUDA 11.8 toolkit listed"
like "$SCREEN" "/usr/local/cuda-12\.2, default, active, missing" \
	"the missing toolkit the link names"
like "$SCREEN" "Findings: 2 errors, [0-9]+ warnings?" "findings counted"
is "$(printf '%s\n' "$SCREEN" | grep -E '\[(CUDA-LINK|NO-DRIVER|[A-Z0-9-]+)\]' | head -1 | grep -c 'error')" 1 \
	"the most severe finding comes first"
like "$(printf '%s\n' "$SCREEN" | tail -1)" "Enter continue.*\? help +q quit" \
	"footer: the keys, help and quit"
is "$(tmx_size)" 80x24 "the session is 80x24"
like "$SCREEN" "(▸|>) \[\+\] error +\[CUDA-LINK\]" "the first finding is selected, closed"
tmx_keys Space
waitok "fix: (sudo )?ln -sfn /usr/local/cuda-11\.8\.0 /usr/local/cuda" "Space opens the finding: its fix"
like "$SCREEN" "\[-\] error +\[CUDA-LINK\]" "the finding is marked open"
tmx_keys Space
goneok "fix: ln -sfn" "Space closes it again"
tmx_keys Tab
waitok "(▸|>) \[\+\] error +\[NO-DRIVER\]" "Tab: the next finding"
tmx_keys '?'
waitok "Help" "? opens the help on Scan"
like "$SCREEN" "three CUDA" "the help is the Scan screen's"
like "$SCREEN" "Esc, Backspace +go back" "the help lists the keys"
tmx_keys x
goneok "─ Help" "any key closes the help"

# ---- Goal ---------------------------------------------------------------
tmx_keys Enter
waitok "What do you want to do" "Enter: the Goal screen"
like "$SCREEN" "> Install CUDA and cuDNN" "Goal: install first, under the cursor"
like "$SCREEN" "Repair a conda env \(0 found\)" "Goal: repair, with the envs found"
like "$SCREEN" "Verify an install on the GPU" "Goal: verify"
tmx_keys '?'
waitok "Choose the job" "? on Goal: its own help"
tmx_keys Escape
tmx_wait_gone "Choose the job"
tmx_keys j j
waitok "> Verify an install" "j moves down the list"
like "$SCREEN" "Load the driver, the CUDA runtime and cuDNN" "the choice under the cursor is described"
tmx_keys k k

# ---- Target -------------------------------------------------------------
tmx_keys Enter
waitok "Where should CUDA and cuDNN go" "Enter: the Target screen"
like "$SCREEN" "> System prefix +/opt/nvidia" "Target: the system prefix, the default under --root"
like "$SCREEN" "User prefix +/home/user/.local/share/cudnn-setup" "Target: the user prefix"
like "$SCREEN" "Nothing installed there yet" "Target: what the prefix holds"
tmx_keys '?'
waitok "Choose the prefix" "? on Target: its own help"
tmx_keys q
tmx_wait_gone "Choose the prefix"

# ---- Versions -----------------------------------------------------------
tmx_keys Enter
waitok "> 11\.8\.0" "Enter: the Versions screen" 20
like "$SCREEN" "Recommended: CUDA 11\.8\.0" "recommended: the newest CUDA driver 470 runs"
like "$SCREEN" "NVIDIA driver 470\.82\.01" "the driver named"
like "$SCREEN" "12\.4\.1 +needs driver 525\.60\.13" "CUDA 12.4.1 disabled, with the driver it needs"
like "$SCREEN" "13\.0\.2 +needs driver 580\.65\.06" "CUDA 13.0.2 disabled, with the driver it needs"
like "$SCREEN" "> 11\.8\.0 +recommended" "the cursor on the recommendation"
tmx_keys Up Up
waitok "CUDA 12\.4\.1 needs NVIDIA driver" "on a disabled release: the engine's reason in full"
like "$SCREEN" "525\.60\.13 or newer; the driver here is 470\.82\.01" \
	"the reason names the driver needed and the driver here"
tmx_keys Enter
waitok "cannot be installed here" "Enter on a disabled release: refused with a reason"
tmx_keys Enter
tmx_wait_gone "cannot be installed here"
tmx_keys '?'
waitok "Releases the driver cannot run" "? on Versions: its own help"
tmx_keys Enter
tmx_keys Down Down Down Down Down Down
tmx_wait "> 11\.8\.0"
tmx_keys Tab
waitok "> 9\.10\.0\.56 +cuda11" "Tab: the cuDNN list, at the newest cuDNN built for CUDA 11"

# ---- Review ---------------------------------------------------------------
tmx_keys Enter
waitok "Install into /opt/nvidia" "Enter: the Review screen" 20
like "$SCREEN" "CUDA 11\.8\.0: [0-9]+ archives, [0-9.]+ [GM]iB" "Review: the CUDA release, its archives and size"
like "$SCREEN" "^   -> /opt/nvidia/cuda-11\.8\.0$" "Review: the CUDA release's directory"
like "$SCREEN" "cuDNN 9\.10\.0\.56 cuda11: 1 archive" "Review: the cuDNN release and its build"
like "$SCREEN" "^   -> /opt/nvidia/cudnn-9\.10\.0\.56-cuda11$" "Review: the cuDNN release's directory"
tmx_keys d
waitok "cuda_cudart 11\.8\.89 +892\.5 KiB" "Review, d: an archive with its version and size"
tmx_keys End
waitok "link +cuda -> cuda-11\.8\.0" "Review: the operations, from the dry run"
check "Review changed nothing" test ! -e "$R/opt"
tmx_keys '?'
waitok "The plan: the releases" "? on Review: its own help"
tmx_keys Escape
tmx_wait_gone "The plan: the releases"
tmx_keys Escape
waitok "Recommended" "Esc: back to Versions"
tmx_keys BSpace
waitok "Where should CUDA and cuDNN go" "Backspace: back to Target"
tmx_keys q
tmx_wait_exit
is "$TMX_RC" 0 "q: exit 0"
out=$(tmx_restored)
ok $? "q: the terminal is as it was $out"

# ---- resize from 120x40 to 80x24 in the middle of a screen ------------------
wiz 120 40
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "What do you want"
tmx_keys Enter
tmx_wait "Where should"
tmx_keys Enter
waitok "> 11\.8\.0" "120x40: Versions" 20
is "$(tmx_size)" 120x40 "the session is 120x40"
like "$(printf '%s\n' "$SCREEN" | sed -n 40p)" "Enter review .* q quit" "120x40: the footer on row 40"
tmx_resize 80 24
tmx_wait "^ .*\? help +q quit"
_i=0
while [ "$(printf '%s\n' "$SCREEN" | wc -l)" -ne 24 ] && [ $_i -lt 30 ]; do
	sleep 0.1; tmx_capture; _i=$((_i + 1))
done
is "$(tmx_size)" 80x24 "resized to 80x24"
is "$(printf '%s\n' "$SCREEN" | wc -l)" 24 "24 rows"
ok $(( $(widest) > 80 )) "no line wider than 80 columns"
like "$(printf '%s\n' "$SCREEN" | sed -n 24p)" "Enter review .* q quit" "the footer on row 24"
like "$(printf '%s\n' "$SCREEN" | sed -n 1p)" "^ cudnn-setup +Scan" "the header on row 1"
like "$SCREEN" "> 11\.8\.0 +recommended" "the choice survived the resize"
# the lists split the 80 columns: the cuDNN one starts at column 41 (at
# 120 it was 61)
[ "$(disp_columns "$SCREEN" "[x] cuDNN")" = 41 ] || printf '%s\n' "$SCREEN" | sed 's/^/# /'
is "$(disp_columns "$SCREEN" "[x] cuDNN")" 41 "the cuDNN list moved for 80 columns"
is "$(disp_columns "$SCREEN" "9.10.0.56" | head -1)" 43 \
	"the cuDNN rows stand under their title after the resize"
tmx_keys Enter
waitok "Install into /opt/nvidia" "and on: Review at 80x24" 20
ok $(( $(widest) > 80 )) "Review fits 80 columns"
tmx_keys q
tmx_wait_exit
out=$(tmx_restored)
ok $? "after the resize: the terminal is as it was $out"

# ---- too small, then large enough ---------------------------------------
wiz 50 12
waitok "60x16" "a 50x12 terminal: says it is too small"
tmx_resize 80 24
waitok "Findings:" "enlarged to 80x24: the Scan screen" 20
tmx_keys q
tmx_wait_exit
out=$(tmx_restored)
ok $? "after the resizes: the terminal is as it was $out"

# ---- mouse ----------------------------------------------------------------
wiz 80 24
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "What do you want"
row=$(printf '%s\n' "$SCREEN" | grep -n "Verify an install" | cut -d: -f1)
tmx_click 10 $((row - 1))
waitok "> Verify an install" "a click selects a row"
tmx_click 10 $((row - 1))
waitok "Which install should be verified" "a click on the selected row chooses it"
like "$SCREEN" "> What this environment loads now" "verify: the default environment first"
tmx_keys Enter
waitok "Verify could not run" "verify under --root: refused" 20
like "$SCREEN" "cannot check another system" "verify says why"
tmx_click 66 23
waitok "Help" "a click on '? help' in the footer opens the help"
tmx_keys Escape
tmx_keys Enter
tmx_wait_exit
is "$TMX_RC" 1 "verify that could not run: exit 1"
out=$(tmx_restored)
ok $? "mouse reporting is off again $out"

# ---- a directory typed in (the form library) ---------------------------------
wiz 80 24
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "What do you want"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Down Down
tmx_wait "> Another directory"
tmx_keys Enter
waitok "Install into this directory \(an absolute path\)" "Another directory: a field to type in"
tmx_type "srv/x"
tmx_keys Enter
waitok "srv/x: not an absolute path" "a relative path is refused, and said why"
tmx_keys Enter
tmx_wait_gone "not an absolute path"
tmx_keys Down Down Enter
tmx_wait "Install into this directory"
tmx_type "/srv/cudaX"
tmx_keys BSpace
tmx_type "-tree"
tmx_keys Enter
waitok "> 11\.8\.0" "a typed directory: on to Versions" 20
tmx_keys Escape
waitok "> /srv/cuda-tree" "back on Target, the directory typed is the choice"
like "$SCREEN" "/srv/cuda-tree/cuda-VERSION" "and what goes there is described"
tmx_keys Enter
tmx_wait "Install into this directory"
tmx_keys Enter
tmx_wait "> 11\.8\.0" 20
tmx_keys Enter
waitok "Install into /srv/cuda-tree" "Review: the install goes to the directory typed" 20
tmx_keys q
tmx_wait_exit
out=$(tmx_restored)
ok $? "after typing: the terminal is as it was $out"

# ---- colours and NO_COLOR -------------------------------------------------
wiz 80 24
tmx_wait "Findings:" 20
tmx_capture -e
like "$SCREEN" "$(printf '\033')\[([0-9;]*;)?31(;[0-9;]*)?m" "colour: the error finding in red"
tmx_keys q
tmx_wait_exit
tmx_start 80 24 env -u LC_ALL LANG=C.UTF-8 NO_COLOR=1 HOME=/home/user "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 20
tmx_capture -e
unlike "$SCREEN" "$(printf '\033')\[([0-9;]*;)?(3[0-7]|4[0-7]|38|48)(;[0-9;]*)?m" "NO_COLOR: no colour at all"
like "$SCREEN" "$(printf '\033')\[([0-9;]*;)?7(;[0-9;]*)?m" "NO_COLOR: the selection still shows (reverse video)"
tmx_keys q
tmx_wait_exit
out=$(tmx_restored)
ok $? "NO_COLOR: the terminal is as it was $out"

# ---- TERM=linux and TERM=vt100 -------------------------------------------
# (NCURSES_GPM_TERMS empty: no GPM mouse, as on a console without gpm.
# For TERM=linux ncurses loads libgpm and unloads it at the end, and what
# libgpm allocated then shows under LeakSanitizer as a leak of an unknown
# module: not the program's.)
for term in linux vt100; do
	tmx_start 80 24 env -u LC_ALL LANG=C.UTF-8 TERM=$term NCURSES_GPM_TERMS= \
		HOME=/home/user "$CDS_BIN" --root "$R"
	tmx_wait "Findings:" 20
	ok $? "TERM=$term: the Scan screen"
	tmx_keys Enter
	tmx_wait "What do you want to do"
	ok $? "TERM=$term: keys work (Goal)"
	tmx_keys Down
	tmx_wait "> Repair a conda env"
	ok $? "TERM=$term: arrow keys"
	tmx_keys q
	tmx_wait_exit
	out=$(tmx_restored)
	ok $? "TERM=$term: the terminal is as it was $out"
done

# ---- a locale that is not UTF-8: ASCII lines ------------------------------
tmx_start 80 24 env -u LC_ALL LANG=C HOME=/home/user "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 20
tmx_keys '?'
tmx_wait "Help"
like "$SCREEN" "\+- Help -+\+" "LANG=C: the help box is drawn with ASCII"
unlike "$SCREEN" "[─│┌┐└┘›▸…]" "LANG=C: no Unicode line drawing or arrows"
like "$SCREEN" "Scan > Goal > Target" "LANG=C: the steps with ASCII separators"
tmx_keys Escape
tmx_wait_gone "Help"
tmx_keys q
tmx_wait_exit
out=$(tmx_restored)
ok $? "LANG=C: the terminal is as it was $out"

# ---- Ctrl-C, SIGTERM, a crash ---------------------------------------------
wiz 80 24
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "What do you want"
tmx_keys C-c
tmx_wait_exit
is "$TMX_RC" 130 "Ctrl-C: exit 130"
out=$(tmx_restored)
ok $? "Ctrl-C: the terminal is as it was $out"
wiz 80 24
tmx_wait "Findings:" 20
tmx_signal TERM
tmx_wait_exit
is "$TMX_RC" 143 "SIGTERM: exit 143"
out=$(tmx_restored)
ok $? "SIGTERM: the terminal is as it was $out"
wiz 80 24
tmx_wait "Findings:" 20
tmx_keys '?'
tmx_wait "Help"
tmx_signal SEGV
tmx_wait_exit
is "$TMX_RC" 139 "a crash (SIGSEGV): killed by the signal"
out=$(tmx_restored)
ok $? "a crash: the terminal is as it was $out"

# ---- not on a terminal, TERM=dumb ------------------------------------------
cds --root "$R"
like "$OUT" "Usage: cudnn-setup" "off a terminal: usage"
like "$OUT" "Findings" "off a terminal: doctor's summary"
is "$RC" 1 "off a terminal: doctor's exit status (an error finding)"
tmx_start 80 24 env -u LC_ALL LANG=C.UTF-8 TERM=dumb HOME=/home/user "$CDS_BIN" --root "$R"
tmx_wait_exit 20
tmx_capture -h
like "$SCREEN" "Usage: cudnn-setup" "TERM=dumb: usage, not the wizard"
like "$SCREEN" "CUDA-LINK" "TERM=dumb: doctor's summary"
tmx_start 80 24 env -u LC_ALL LANG=C.UTF-8 TERM=no-such-terminal \
	HOME=/home/user "$CDS_BIN" --root "$R"
tmx_wait_exit 20
tmx_capture -h
like "$SCREEN" "Usage: cudnn-setup" "a TERM with no terminfo: usage, not the wizard"
out=$(tmx_restored)
ok $? "a TERM with no terminfo: the terminal untouched $out"
tmx_stop

done_testing
