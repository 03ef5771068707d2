#!/bin/sh
# One writer per prefix: while another process holds .state/lock, install
# says who (the holder's pid) and waits; with --lock-wait it gives up after
# that many seconds with exit 3 and changes nothing.  Two installs started
# together into one prefix both end well and install each release once.
# A lock whose holder died (kill -9) stops nobody.
. "$CDS_SRCDIR/tests/lib.sh"
plan 15

if ! command -v flock >/dev/null 2>&1; then
	skip 15 "flock(1) is not installed"
	done_testing
fi
T=$(mktemp -d); cleanup_later "$T"
if ! mk_txn_mirror "$T/mirror" >"$T/mk.log" 2>&1; then
	cat "$T/mk.log"
	ok 1 "the test mirror could not be built"
	done_testing
fi
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"
mkdir -p "$P/.state"

# another process holds the lock until told to let go (flock(1), as a
# second cudnn-setup would: it writes its pid into the file)
flock "$P/.state/lock" sh -c 'echo $$ >"$1"; touch "$2"
	while [ ! -e "$3" ]; do sleep 0.1; done' sh \
	"$P/.state/lock" "$T/held" "$T/letgo" &
holder=$!
while [ ! -e "$T/held" ]; do sleep 0.05; done
hpid=$(cat "$P/.state/lock")

start=$(date +%s.%N)
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes --lock-wait 1
end=$(date +%s.%N)
is "$RC" 3 "--lock-wait 1 while held: exit 3"
like "$ERR" "another cudnn-setup holds the lock: .*/\.state/lock: held by pid $hpid" \
	"--lock-wait: names the holder's pid"
ok "$(python3 -c "print(0 if 0.9 <= $end - $start < 2.5 else 1)")" \
	"--lock-wait 1: gave up after about a second"
check "--lock-wait: nothing installed" test ! -e "$P/cuda-12.4.1"
is "$(cat "$P/.state/lock")" "$hpid" "--lock-wait: the holder's pid is left alone"

cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes --lock-wait none
is "$RC" 3 "--lock-wait none while held: exit 3 at once"

# without a bound it waits, says for whom, and then does the job
"$CDS_BIN" "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/wout" \
	2>"$T/werr" </dev/null &
waiter=$!
n=0
while ! grep -q "waiting for the lock" "$T/werr" && [ "$n" -lt 300 ]; do
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
(flock "$P/.state/lock" sh -c 'echo $$ >"$1"; exec sleep 30' sh \
	"$P/.state/lock" &
echo $! >"$T/flockpid"
wait) 2>/dev/null &
sub=$!
sleep 0.3
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

done_testing
