#!/bin/sh
# kill -9 at random moments of installs (and of removals), 20 times over
# one prefix: after each kill the prefix holds the old state or the new one
# (every release tree complete and matching its receipt; never a tree
# without its receipt), and the next run cleans what the killed one left
# (staging, temporary links and files, receipts without a tree) and
# completes.  A last run from the wreckage ends with everything installed
# and nothing left over.
. "$CDS_SRCDIR/tests/lib.sh"
plan 9

T=$(mktemp -d); cleanup_later "$T"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
# the repository: mka_* calls after mka_init (mirror, tests/lib.sh)
build_mirror() {
	mka_component cuda_cudart 12.4.127 &&
	mka_component cuda_nvcc 12.4.131 &&
	mkdir -p "$T/bulk/include" "$T/bulk/lib" &&
	echo license >"$T/bulk/LICENSE" &&
	python3 -c 'import os, sys
for i in range(800):
    open("%s/include/cublas_part_%d.h" % (sys.argv[1], i), "w").write(
        "/* %d */\n" % i)
open(sys.argv[1] + "/lib/libcublas_blob.a", "wb").write(
    os.urandom(1 << 20) * 4)' "$T/bulk" &&
	ln -s libcublas_blob.a "$T/bulk/lib/libcublas_blob_link.a" &&
	XZ_FLAGS=-0 mka_packdir libcublas 12.4.5.8 -- "$T/bulk" &&
	mka_release_cuda 12.4.1 cuda_cudart cuda_nvcc libcublas &&
	mka_cudnn 9.3.0.75 cuda12
}
mirror "$T/mirror" build_mirror
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
run() {
	"$CDS_BIN" --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
		"$@" </dev/null
}

# how long a whole install takes here, in a scratch root
S=$(mk_sysroot); cleanup_later "$S"
t0=$(date +%s.%N)
"$CDS_BIN" --root "$S" --manifest "$M" --offline --cache "$T/mirror" \
	install --cuda 12.4.1 --cudnn 9.3.0 --yes >/dev/null 2>&1
rc=$?
dur=$(python3 -c "print(max(0.05, $(date +%s.%N) - $t0))")
is "$rc" 0 "an uninterrupted install works (took ${dur}s)"

bad=0 killed=0 cleaned=0 i=0
while [ "$i" -lt 20 ]; do
	i=$((i + 1))
	delay=$(python3 -c "import random; print('%.3f' % random.uniform(0, $dur * 1.1))")
	if [ $((i % 5)) -eq 0 ]; then
		# a removal to interrupt: install first, uninterrupted
		run install --cuda 12.4.1 --cudnn 9.3.0 --yes >/dev/null 2>&1
		what="remove --force cuda-12.4.1"
		(exec "$CDS_BIN" --root "$R" --manifest "$M" --offline \
			--cache "$T/mirror" remove --force cuda-12.4.1 \
			>"$T/out" 2>"$T/err" </dev/null) &
	else
		what="install"
		(exec "$CDS_BIN" --root "$R" --manifest "$M" --offline \
			--cache "$T/mirror" install --cuda 12.4.1 --cudnn 9.3.0 \
			--yes >"$T/out" 2>"$T/err" </dev/null) &
	fi
	pid=$!	# cudnn-setup itself: the subshell exec'd it
	sleep "$delay"
	if kill -9 "$pid" 2>/dev/null; then
		killed=$((killed + 1))
	fi
	wait "$pid" 2>/dev/null
	rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 137 ]; then
		diag "iteration $i ($what): exit $rc, not our kill:"
		sed 's/^/#   /' "$T/err" | head -40
		bad=$((bad + 1))
	fi
	grep -q "cleaned up after an interrupted run" "$T/err" &&
		cleaned=$((cleaned + 1))
	# old state or new state, never a half
	if ! out=$(LEFTOVERS=ok prefix_check "$P"); then
		diag "iteration $i ($what, killed after ${delay}s): $out"
		bad=$((bad + 1))
	fi
	for l in cuda cudnn; do
		if [ -L "$P/$l" ] && [ ! -e "$P/$l" ] &&
			! grep -q "^begin remove" "$P/.state/journal" 2>/dev/null; then
			diag "iteration $i: $l dangles with no removal under way"
			bad=$((bad + 1))
		fi
	done
	# the next run (a removal of what is there, so that the next
	# install has all to do) cleans up first
	for r in cuda-12.4.1 cudnn-9.3.0.75-cuda12; do
		if [ -d "$P/$r" ]; then
			run remove --force "$r" >/dev/null 2>"$T/err2"
			grep -q "cleaned up after an interrupted run" "$T/err2" &&
				cleaned=$((cleaned + 1))
		fi
	done
done
is "$bad" 0 "after each of 20 kills: old state or new, trees match receipts"
diag "$killed of 20 runs were killed while running; $cleaned runs cleaned up after an earlier one"
ok "$([ "$cleaned" -gt 0 ] && echo 0 || echo 1)" \
	"later runs cleaned up after killed ones"

# the run after the wreckage completes
run install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/out" 2>"$T/err"
is "$?" 0 "the run after the kills completes"
out=$(prefix_check "$P")
ok $? "every release whole, every receipt with its tree"
[ -n "$out" ] && diag "$out"
is "$(readlink "$P/cuda") $(readlink "$P/cudnn")" \
	"cuda-12.4.1 cudnn-9.3.0.75-cuda12" "the default links are set"
check "env files written" test -f "$P/env/cuda-12.4.1.sh" -a \
	-f "$P/env/modulefiles/cudnn/9.3.0.75-cuda12"
left=$(cd "$P" && { find .state/staging .state/trash -mindepth 1;
	find . -name '.cds-tmp-*' -o -name '*.tmp.*'; ls .state/journal 2>/dev/null; })
is "$left" "" "nothing left over: staging, trash, temporary files, journal"
is "$(tree_hash "$P/cuda-12.4.1" content)" \
	"$(tree_hash "$S/opt/nvidia/cuda-12.4.1" content)" \
	"the tree equals one installed without interruption"

done_testing
