#!/bin/sh
# One writer per prefix: while another process holds .state/lock, install
# says who (the holder's pid) and waits; with --lock-wait it gives up after
# that many seconds with exit 3 and changes nothing.  Two installs started
# together into one prefix both end well and install each release once.
# A lock whose holder died (kill -9) stops nobody.
# The question comes under the lock (as pacman and apt ask theirs): an
# install on a terminal waiting for its user's answer holds the lock, and
# its lock file says so; another install with --yes waits and is told the
# holder waits for an answer, then runs once the answer is no.  One with
# no terminal and no --yes, which could never answer its own question,
# does not wait at all: it fails at once (exit 3), naming the holder and
# saying that it needs --yes.  In a prefix never written the question
# comes before anything is made, so a no there leaves nothing on disk.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 37

if ! command -v flock >/dev/null 2>&1; then
	skip 36 "flock(1) is not installed"
	done_testing
fi
T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"

# another process holds the lock until told to let go
lock_hold "$P" "$T/letgo"

# a run that does not wait: the base of the bounds on the waits below
t0=$(now)
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes --lock-wait none
base=$(since "$t0")
is "$RC" 3 "--lock-wait none while held: exit 3 at once"

t0=$(now)
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes --lock-wait 1
el=$(since "$t0")
is "$RC" 3 "--lock-wait 1 while held: exit 3"
like "$ERR" "another cudnn-setup holds the lock: .*/\.state/lock: held by pid $hpid" \
	"--lock-wait: names the holder's pid"
ok "$(python3 -c "print(0 if $el >= 0.9 else 1)")" \
	"--lock-wait 1: waited a second ($el s)"
within "--lock-wait 1: gave up after about a second" "$el" 1.5 "$base"
check "--lock-wait: nothing installed" test ! -e "$P/cuda-12.4.1"
is "$(cat "$P/.state/lock")" "$hpid" "--lock-wait: the holder's pid is left alone"

# no --yes and no terminal: it could never answer, so it does not wait
t0=$(now)
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0
el=$(since "$t0")
is "$RC" 3 "no --yes, no terminal, lock held: exit 3"
within "no --yes, no terminal, lock held: fails at once, no wait" \
	"$el" 1 "$base"
like "$ERR" "another cudnn-setup holds the lock: .*/\.state/lock: held by pid $hpid" \
	"no --yes, no terminal: names the holder's pid"
like "$ERR" "with no terminal to ask on, install also needs --yes" \
	"no --yes, no terminal: says it needs --yes too"
unlike "$ERR" "waiting for the lock" "no --yes, no terminal: does not say it waits"

# without a bound it waits, says for whom, and then does the job
"$CDS_BIN" "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/wout" \
	2>"$T/werr" </dev/null &
waiter=$!
n=0
while ! grep -q "waiting for the lock" "$T/werr" && [ "$n" -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 0.5
check "still waiting while the lock is held" kill -0 "$waiter"
touch "$T/letgo"
wait "$waiter"
is "$?" 0 "waits for the holder, then installs"
like "$(cat "$T/werr")" "waiting for the lock .*/\.state/lock, held by pid $hpid" \
	"the wait names the holder"
check "installed after the wait" test -d "$P/cuda-12.4.1/lib"
wait "$holder"

# a holder killed with -9: the kernel drops its lock, the pid stays
(flock "$P/.state/lock" sh -c 'echo $$ >"$1"; touch "$2"; exec sleep 30' \
	sh "$P/.state/lock" "$T/stale.held" &
echo $! >"$T/flockpid"
wait) 2>/dev/null &
sub=$!
n=0
while { [ ! -e "$T/stale.held" ] || [ ! -s "$T/flockpid" ]; } &&
    [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 0.1
# the sleep (pid in the lock file) and flock(1), by their ids
kill -9 "$(cat "$P/.state/lock")" "$(cat "$T/flockpid")" 2>/dev/null
wait "$sub" 2>/dev/null
sleep 0.1
cds "$@" use cuda-12.4.1 --lock-wait 2
is "$RC" 0 "a stale lock file of a dead process does not block"

# two at once into a fresh prefix
R2=$(mk_sysroot); cleanup_later "$R2"
for i in 1 2; do
	"$CDS_BIN" --root "$R2" --manifest "$M" --offline --cache "$T/mirror" \
		install --cuda 12.4.1 --cudnn 9.3.0 --yes \
		>"$T/out$i" 2>"$T/err$i" </dev/null &
	eval "pid$i=\$!"
done
wait "$pid1"; rc1=$?
wait "$pid2"; rc2=$?
is "$rc1:$rc2" "0:0" "two installs at once: both exit 0"
out=$(prefix_check "$R2/opt/nvidia")
ok $? "two installs at once: each tree whole and matching its receipt"
[ -n "$out" ] && diag "$out"
is "$(grep -c 'installed cuda-12.4.1 into' "$R2/var/log/cudnn-setup.log")" 1 \
	"two installs at once: CUDA installed once"
is "$(grep -c 'installed cudnn-9.3.0.75-cuda12 into' "$R2/var/log/cudnn-setup.log")" 1 \
	"two installs at once: cuDNN installed once"
if grep -q "waiting for the lock" "$T/err1" "$T/err2"; then
	diag "the two installs overlapped: one waited for the other"
fi

# ---- the question under the lock ------------------------------------------
if ! have_tmux; then
	skip 16 "tmux is not installed"
	done_testing
fi
R3=$(mk_sysroot); cleanup_later "$R3"
P3=$R3/opt/nvidia
set -- --root "$R3" --manifest "$M" --offline --cache "$T/mirror"
cds "$@" install --cuda 12.6.3 --cudnn none --yes
is "$RC" 0 "a first release into the prefix (its lock file exists now)"

# an install on a terminal, at its question
tmx_start 100 30 "$CDS_BIN" "$@" install --cuda 12.4.1 --cudnn 9.3.0
if tmx_wait "Proceed\? \[Y/n\]" 60; then
	ok 0 "on a terminal: the question"
else
	ok 1 "on a terminal: the question"
	tmx_dump
fi
apid=$(tmx_pid)
is "$(cat "$P3/.state/lock")" "$apid asking" \
	"while it waits for the answer, it holds the lock and the lock file says so"

# --yes without a terminal: waits, told why
"$CDS_BIN" "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/yout" \
	2>"$T/yerr" </dev/null &
yes_pid=$!
n=0
while ! grep -q "waiting for the lock" "$T/yerr" && [ "$n" -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
like "$(cat "$T/yerr")" "waiting for the lock .*/\.state/lock, held by pid $apid, which waits for its user's answer" \
	"--yes: waits, and says the holder waits for its user's answer"
sleep 0.5
check "--yes: still waiting while the question is open" kill -0 "$yes_pid"

# no --yes, no terminal: at once, naming the holder and what it does
t0=$(now)
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0
el=$(since "$t0")
is "$RC" 3 "no --yes, no terminal, the holder asking: exit 3"
within "no --yes, no terminal, the holder asking: at once" \
	"$el" 1 "$base"
like "$ERR" "held by pid $apid, which waits for its user's answer" \
	"no --yes, no terminal: names the holder and says it waits for an answer"

# the answer is no: the holder lets go, the one with --yes installs
tmx_keys n Enter
tmx_wait_exit 10
is "$TMX_RC" 3 "the question answered no: exit 3"
tmx_capture -h
like "$SCREEN" "cancelled: the plan was declined" "no: declined, said"
wait "$yes_pid"
is "$?" 0 "the waiting --yes install ran once the lock was free"
out=$(prefix_check "$P3")
ok $? "after it: every tree whole and matching its receipt"
[ -n "$out" ] && diag "$out"
check "after it: CUDA 12.4.1 installed" test -d "$P3/cuda-12.4.1/lib"

# a prefix never written: the question before anything is made
R4=$(mk_sysroot); cleanup_later "$R4"
tmx_start 100 30 "$CDS_BIN" --root "$R4" --manifest "$M" --offline \
	--cache "$T/mirror" install --cuda 12.4.1 --cudnn 9.3.0
tmx_wait "Proceed\? \[Y/n\]" 20
check "a fresh prefix: nothing made while the question waits" test ! -e "$R4/opt"
tmx_keys n Enter
tmx_wait_exit 10
is "$TMX_RC" 3 "a fresh prefix, answered no: exit 3"
check "a fresh prefix, answered no: nothing made under the root" \
	test ! -e "$R4/opt"
tmx_stop

done_testing
