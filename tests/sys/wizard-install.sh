#!/bin/sh
# An install through the wizard against a test mirror (nginx on 127.0.0.1
# with TLS from a test CA, archives in NVIDIA's layout built here): each
# screen captured and checked on the way (Scan, Goal, Target, Versions,
# Review, Progress, Summary), keys sent as a person would; then the
# installed tree checked as the install tests check it (the trees, every
# file in its receipt with its digest, the default links, env files that
# work, the audit line, nothing left in staging).  Then a cancel in the
# middle of a download (a server that stalls): asked once, rolled back,
# nothing left in the prefix, and q then quits (wizard-retry.sh goes back
# and installs again instead); and Ctrl-C in the middle of a download.
# After each, the terminal is as it was.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 53

if ! have_tmux; then
	skip 53 "tmux is not installed"
	done_testing
fi

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror" -s 53 --https 'mka_cuda 12.4.1 cuda_cudart cuda_nvcc cuda_nvrtc \
    libcublas && mka_cudnn 9.3.0.75 cuda12 cuda11'


# the state of a prefix after a run: release trees, receipts, links, env
# files and staging, one line each
prefix_state() {
	_p=$1
	for _x in "$_p"/cuda-* "$_p"/cudnn-* "$_p"/cuda "$_p"/cudnn \
	    "$_p"/env/* "$_p"/.state/receipts/* "$_p"/.state/staging/* \
	    "$_p"/.state/journal; do
		[ -e "$_x" ] || [ -L "$_x" ] && echo "${_x#$_p/}"
	done
	return 0
}

R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	CURL_CA_BUNDLE="$NGX_CA" "$CDS_BIN" --root "$R" --manifest "$M" \
	--mirror "$NGX_URL/"

# ---- the screens, in order ----------------------------------------------------
waitok "Findings:" "Scan" 20
like "$SCREEN" "CUDA toolkits \(0\)" "Scan: no toolkit on the fresh root"
tmx_keys Enter
waitok "> Install CUDA and cuDNN" "Goal: install under the cursor"
tmx_keys Enter
waitok "> System prefix +/opt/nvidia" "Target: the system prefix"
tmx_keys Enter
waitok "> 12\.4\.1 " "Versions: the mirror's CUDA release" 20
like "$SCREEN" "9\.3\.0\.75 +cuda12" "Versions: cuDNN 9.3.0.75, its CUDA 12 build"
like "$SCREEN" "No NVIDIA driver found" "Versions: no driver, said plainly"
tmx_keys Enter
waitok "Install into /opt/nvidia" "Review" 20
like "$SCREEN" "CUDA 12\.4\.1: 4 archives" "Review: CUDA and its archives"
like "$SCREEN" "^   -> /opt/nvidia/cuda-12\.4\.1$" "Review: the CUDA directory"
like "$SCREEN" "cuDNN 9\.3\.0\.75 cuda12: 1 archive" "Review: cuDNN, its build"
like "$SCREEN" "^   -> /opt/nvidia/cudnn-9\.3\.0\.75-cuda12$" "Review: the cuDNN directory"
tmx_keys d
waitok "cuda_cudart 12\.4\.127" "Review, d: an archive of the mirror"
check "Review: nothing made yet" test ! -e "$P"
tmx_keys Enter
waitok "Install 2 releases \(.* to download\) into /opt/nvidia\?" "one question before anything happens"
like "$SCREEN" "(▸|>)\[ Yes \]" "the question: Yes is the default"
tmx_keys Enter
waitok "Enter quit +Esc start over" "Progress, then the summary" 60
like "$SCREEN" "Done: the install in /opt/nvidia is complete" "Summary: done"
like "$SCREEN" "installed cuda-12\.4\.1 +/opt/nvidia/cuda-12\.4\.1" "Summary: CUDA installed"
like "$SCREEN" "installed cudnn-9\.3\.0\.75-cuda12" "Summary: cuDNN installed"
like "$SCREEN" "\. /opt/nvidia/env/cuda-12\.4\.1\.sh" "Summary: the env file to source"
like "$SCREEN" "remove --prefix /opt/nvidia --force" "Summary: how to undo"
tmx_keys End
waitok "cannot check another system" "Summary: verify says why it cannot run here"
like "$SCREEN" "$R/var/log/cudnn-setup\.log" "Summary: where the log is"
tmx_keys Enter
tmx_wait_exit 10
is "$TMX_RC" 0 "Enter quits: exit 0"
[ "$TMX_RC" = 0 ] || tmx_dump
out=$(tmx_restored)
ok $? "the terminal is as it was $out"

# ---- the installed tree, as the install tests check it ----------------------
check "nvcc from cuda_nvcc" test -x "$P/cuda-12.4.1/bin/nvcc"
check "libcudart from cuda_cudart" test -f "$P/cuda-12.4.1/lib/libcudart.so.12.4.127"
check "libcublasLt from libcublas" test -f "$P/cuda-12.4.1/lib/libcublasLt.so.12.4.5.8"
check "the cuDNN tree" test -f "$P/cudnn-9.3.0.75-cuda12/include/cudnn_version.h"
is "$(readlink "$P/cuda")" cuda-12.4.1 "default link cuda"
is "$(readlink "$P/cudnn")" cudnn-9.3.0.75-cuda12 "default link cudnn"
out=$(python3 - "$P" <<'PY'
import hashlib, json, os, stat, sys
p, bad = sys.argv[1], []
for name in ("cuda-12.4.1", "cudnn-9.3.0.75-cuda12"):
    doc = json.load(open(os.path.join(p, ".state/receipts", name + ".json")))
    root, seen = os.path.join(p, name), set()
    for e in doc["files"]:
        f = os.path.join(root, e["path"])
        seen.add(e["path"])
        st = os.lstat(f) if os.path.lexists(f) else None
        if st is None:
            bad.append("missing " + f)
        elif e["type"] == "link":
            if not stat.S_ISLNK(st.st_mode) or os.readlink(f) != e["target"]:
                bad.append("link differs " + f)
        elif e["type"] == "file":
            h = hashlib.sha256(open(f, "rb").read()).hexdigest()
            if h != e["sha256"] or st.st_size != e["size"]:
                bad.append("file differs " + f)
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            rel = os.path.relpath(os.path.join(d, n), root)
            if rel not in seen:
                bad.append("not in the receipt " + rel)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
)
ok $? "every file of both trees is in its receipt, with its digest"
[ -n "$out" ] && diag "$out"
is "$(ls -A "$P/.state/staging" 2>/dev/null)" "" "staging is empty"
check "no journal left" test ! -e "$P/.state/journal"
like "$(cat "$R/var/log/cudnn-setup.log")" \
	"installed cuda-12\.4\.1 into /opt/nvidia/cuda-12\.4\.1 \(4 archives" "the audit line"
out=$(env -i PATH=/usr/bin:/bin sh -c '. "$1/env/cuda-12.4.1.sh";
	. "$1/env/cudnn-9.3.0.75-cuda12.sh"; echo "$CUDA_HOME|$CUDNN_PATH|$LD_LIBRARY_PATH"' sh "$P")
is "$out" "/opt/nvidia/cuda-12.4.1|/opt/nvidia/cudnn-9.3.0.75-cuda12|/opt/nvidia/cudnn-9.3.0.75-cuda12/lib:/opt/nvidia/cuda-12.4.1/lib" \
	"the env files the summary names set CUDA_HOME, CUDNN_PATH and LD_LIBRARY_PATH"

# ---- a cancel in the middle of a download -------------------------------------
fault_start "$T/mirror" stall:300 || { skip 16 "the fault server did not start"; done_testing; }
R2=$(mk_sysroot); cleanup_later "$R2"
P2=$R2/opt/nvidia
tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	"$CDS_BIN" --root "$R2" --manifest "$M" --mirror "$FAULT_URL/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Enter
tmx_wait "Install into /opt/nvidia" 20
tmx_keys Enter
tmx_wait "Install 2 releases"
tmx_keys y
waitok "download +[#█░.]+ +[0-9]+%" "Progress: the archives downloading, one bar each" 20
like "$SCREEN" "Installing into /opt/nvidia" "Progress: what it does"
like "$SCREEN" "Overall +[#█░.]+ +[0-9]+%" "Progress: the overall bar"
like "$SCREEN" "cuda_cudart +download" "Progress: the archive named by its component"
tmx_keys Escape
waitok "Stop the installation\?" "Esc asks once whether to stop"
tmx_keys n
tmx_wait_gone "Stop the installation"
waitok "Installing into /opt/nvidia" "No: the install goes on"
tmx_keys Escape
tmx_wait "Stop the installation\?"
tmx_keys y
waitok "Stopped: nothing was changed in /opt/nvidia" "Yes: stopped, rolled back" 30
like "$SCREEN" "cancelled" "the engine's word for it"
is "$(prefix_state "$P2")" "" \
	"nothing left in the prefix: no tree, link, env file, receipt, staging or journal"
like "$SCREEN" "Enter back to Review +Esc back to Versions +q quit" \
	"after the stop: back to Review or Versions, or quit"
tmx_keys q
tmx_wait_exit 10
is "$TMX_RC" 3 "stopped, then q: exit 3 (the job did not run to its end)"
out=$(tmx_restored)
ok $? "after the stop: the terminal is as it was $out"

# ---- Ctrl-C in the middle of a download --------------------------------------
R3=$(mk_sysroot); cleanup_later "$R3"
tmx_start 80 24 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
	"$CDS_BIN" --root "$R3" --manifest "$M" --mirror "$FAULT_URL/"
tmx_wait "Findings:" 20
tmx_keys Enter
tmx_wait "> Install CUDA"
tmx_keys Enter
tmx_wait "> System prefix"
tmx_keys Enter
tmx_wait "> 12\.4\.1 " 20
tmx_keys Enter
tmx_wait "Install into /opt/nvidia" 20
tmx_keys Enter
tmx_wait "Install 2 releases"
tmx_keys y
waitok "download +[#█░.]+ +[0-9]+%" "Ctrl-C case: downloading" 20
tmx_keys C-c
tmx_wait_exit 30
is "$TMX_RC" 130 "Ctrl-C while downloading: the install stops, exit 130"
is "$(prefix_state "$R3/opt/nvidia")" "" "Ctrl-C: nothing left in the prefix"
out=$(tmx_restored)
ok $? "Ctrl-C: the terminal is as it was $out"
tmx_stop

done_testing
