#!/bin/sh
# The smaller holes of an install.  --cache DIR is the user's: an archive
# there whose size or digest differs is reported and left as it is (never
# deleted).  A release committed before a later step fails is exit 1 with
# what was done, not exit 3 ("nothing changed").  A failed install into a
# prefix that did not exist leaves no prefix at all (no .state/downloads
# directories, empty .part files, journal, lock or staging).  A server that
# trickles bytes is cut off by --deadline (exit 3 in seconds), leaving
# only the bytes a next run resumes.  A second
# run on the same --cache waits for the first instead of failing.  An
# option given twice with two values is an error naming it.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
plan 29

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-hard-XXXXXX"); cleanup_later "$T"
mirror "$T/mirror"
CUDART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz

# --- the user's cache is never deleted from ---------------------------------
R=$(mk_sysroot); cleanup_later "$R"
cp -a "$T/mirror" "$T/bad"
python3 -c 'import sys
p = sys.argv[1]; b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0xff
open(p, "wb").write(b)' "$T/bad/$CUDART"
sum=$(sha256sum "$T/bad/$CUDART")
cds --root "$R" --manifest "$M" --offline --cache "$T/bad" install \
	--cuda 12.4.1 --cudnn none --yes
is "$RC" 1 "a damaged archive in --cache: exit 1"
like "$ERR" "$CUDART: SHA-256 is [0-9a-f]+, the manifest says [0-9a-f]+; the cache is yours, so it is left as it is" \
	"a damaged archive in --cache: named, and said to be left"
is "$(sha256sum "$T/bad/$CUDART")" "$sum" "the damaged archive is still there, unchanged"
head -c 100 "$T/mirror/$CUDART" >"$T/bad/$CUDART"
cds --root "$R" --manifest "$M" --offline --cache "$T/bad" install \
	--cuda 12.4.1 --cudnn none --yes
is "$RC" 1 "a short archive in --cache: exit 1"
like "$ERR" "$CUDART: 100 bytes, the manifest says [0-9]+; the cache is yours" \
	"a short archive in --cache: named"
is "$(wc -c <"$T/bad/$CUDART" | tr -d ' ')" 100 "the short archive is still there"
check "a failed install into a new prefix: no prefix left" \
	test ! -e "$R/opt/nvidia"

# --- a failure after a commit ---------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
mkdir -p "$P"
echo "not a directory" >"$P/env"
cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.4.1 --cudnn none --yes
is "$RC" 1 "env files cannot be written after the commit: exit 1, not 3"
like "$ERR" "cuda-12\.4\.1 was installed before that" "what was done is said"
check "the release is committed" test -f "$P/.state/receipts/cuda-12.4.1.json"
rm -f "$P/env"
cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.4.1 --cudnn none --yes --json
is "$RC" 0 "the same install again finishes it"
check "its env file is there" test -f "$P/env/cuda-12.4.1.sh"
echo "not a directory" >"$P/env.keep"
rm -rf "$P/env"
mv "$P/env.keep" "$P/env"
cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" install \
	--cuda 12.6.3 --cudnn none --yes --json
is "$RC:$(jget "$OUT" 'd["result"]')" "1:partial" "--json: exit 1, result partial"
is "$(jget "$OUT" 'd["installed"]')" "['cuda-12.6.3']" \
	"--json: installed names the committed release"

# --- a new prefix, a failed download: nothing left ----------------------------
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" --manifest "$M" install --cuda 12.4.1 --cudnn none --yes \
	--timeout 1
is "$RC" 3 "nothing listens at the mirror: exit 3"
check "no prefix left (no downloads, .part, journal, lock)" \
	test ! -e "$R/opt/nvidia"
mkdir -p "$R/opt/nvidia/cuda-12.6.3"
cds --root "$R" --manifest "$M" install --cuda 12.4.1 --cudnn none --yes \
	--timeout 1
is "$RC" 3 "an existing prefix: exit 3 too"
check "an existing prefix: what was there stays" \
	test -d "$R/opt/nvidia/cuda-12.6.3"
is "$(find "$R/opt/nvidia/.state" -name '*.part' -size 0 | wc -l | tr -d ' ')" 0 \
	"no empty .part left"

# --- a trickling server and --deadline ---------------------------------------
if have_python; then
	fault_start "$T/mirror" trickle:50
	R=$(mk_sysroot); cleanup_later "$R"
	# the work around the download, without it: the base of the bound
	t0=$(now)
	cds --root "$R" --manifest "$M" plan --cuda 12.4.1 --cudnn none
	base=$(since "$t0")
	t0=$(now)
	cds --root "$R" --manifest "$M" --mirror "$FAULT_URL/" install \
		--cuda 12.4.1 --cudnn none --yes --deadline 3
	el=$(since "$t0")
	is "$RC" 3 "a server trickling 50 bytes a second, --deadline 3: exit 3"
	like "$ERR" "$CUDART: not whole after 3 s \(the run.s deadline\)" \
		"the archive and the deadline are named"
	within "it gave up in time" "$el" 15 "$base"
	P=$R/opt/nvidia
	is "$(ls -A "$P/.state" | tr '\n' ' ')$(find "$P/.state/downloads" -type f -size 0 | wc -l | tr -d ' ')" \
		"downloads lock 0" \
		"what stays: the bytes a next run resumes (no empty .part, no staging or journal)"
	fault_stop
else
	skip 4 "python3 missing"
fi

# --- two runs on one --cache take turns -------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
cp -a "$T/mirror" "$T/shared"
# the first holds the cache's lock until the second is seen waiting
flock "$T/shared/.cudnn-setup.lock" sh -c 'touch "$1"
	while [ ! -e "$2" ]; do sleep 0.1; done' sh "$T/held" "$T/go" &
holder=$!
while [ ! -e "$T/held" ]; do sleep 0.05; done
"$CDS_BIN" --root "$R" --manifest "$M" --cache "$T/shared" install \
	--cuda 12.4.1 --cudnn none --yes >/dev/null 2>"$T/second" </dev/null &
second=$!
n=0
while ! grep -q "cudnn-setup\.lock" "$T/second" && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 1
check "it waited for the first" kill -0 "$second"
touch "$T/go"
wait $holder
wait $second
is "$?" 0 "a second run on a busy --cache: waits, then installs"
like "$(cat "$T/second")" "\.cudnn-setup\.lock" "the wait is said, naming the lock"

# --- options given twice ------------------------------------------------------
cds --root "$R" --manifest "$M" plan --cuda 12.4 --cuda 12.6
is "$RC" 2 "--cuda twice: exit 2"
like "$ERR" "option '--cuda' given twice, as '12\.4' and '12\.6'" \
	"--cuda twice: named, with both values"
cds --root "$R" --manifest "$M" --offline --cache "$T/mirror" --cache \
	"$T/mirror" plan --cuda 12.4 --cudnn none
is "$RC" 0 "the same value twice: fine"

done_testing
