#!/bin/sh
# Benchmark (not a pass/fail test): what one run of the program costs when
# it does little, against the plain tool beside it, in one table: each
# command run N times in a row (default 200), in rounds that take turns
# so a machine's changing load falls on both alike; per run, the median
# round's wall and CPU (user + system) time, and the ratio to the plain
# tool's.  The commands: `--version` (it names the index in use, read
# without loading it: src/read/indexhead.c) and `--help` against
# `ls --version`, and `doctor --json` on an empty root.  Then the objects
# the loader maps for `--version` (LD_DEBUG=files): libcurl, libarchive,
# libcrypto and the rest are the modules' (src/base/module.h), mapped only
# when a run downloads, unpacks or hashes.
# Goal: `--version` within 2x `ls --version`.
#
#   tests/bench/startup.sh [-n RUNS] [--against OLD] [path/to/cudnn-setup]
#
# --against OLD also times another build (an older cudnn-setup, run with
# this tree's data) in the same rounds, for a before and after.
set -eu
N=200
OLD=
while [ $# -gt 0 ]; do
	case $1 in
	-n) N=$2; shift 2 ;;
	--against) OLD=$2; shift 2 ;;
	*) break ;;
	esac
done
BIN=${1:-./cudnn-setup}
R=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
trap 'rm -rf "$R"' EXIT INT TERM
mkdir -p "$R/root/etc" "$R/root/usr/lib" "$R/root/proc"
: >"$R/root/etc/ld.so.conf"

# rows: NAME<TAB>COMMAND (run by sh, output discarded); the first is the
# plain tool every other row is compared with
{
	printf 'ls --version\tls --version\n'
	printf -- '--version\t%s --version\n' "$BIN"
	printf -- '--help\t%s --help\n' "$BIN"
	printf 'doctor, empty root\t%s --root %s doctor --json\n' "$BIN" \
		"$R/root"
	if [ -n "$OLD" ]; then
		printf 'old --version\t%s --version\n' "$OLD"
		printf 'old --help\t%s --help\n' "$OLD"
		printf 'old doctor, empty root\t%s --root %s doctor --json\n' \
			"$OLD" "$R/root"
	fi
} >"$R/rows"

python3 - "$N" "$R/rows" <<'PY'
import os, subprocess, sys, time

n = int(sys.argv[1])
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2]) if l.strip()]
ROUNDS = 7

def loop(cmd):
    """N runs of CMD in one shell loop: (wall, cpu) seconds per run."""
    script = 'i=0; while [ $i -lt %d ]; do %s >/dev/null 2>&1; ' \
        'i=$((i + 1)); done' % (n, cmd)
    r0, t0 = os.times(), time.monotonic()
    subprocess.run(["sh", "-c", script], check=False)
    t1, r1 = time.monotonic(), os.times()
    cpu = (r1.children_user - r0.children_user +
           r1.children_system - r0.children_system)
    return (t1 - t0) / n, cpu / n

got = {name: [] for name, _ in rows}
for _ in range(ROUNDS):
    for name, cmd in rows:
        got[name].append(loop(cmd))

def median(xs):
    return sorted(xs)[len(xs) // 2]

base = rows[0][0]
bw = median([w for w, _ in got[base]])
bc = median([c for _, c in got[base]])
print("%d runs a round, %d rounds taking turns; per run, the median round"
      % (n, ROUNDS))
print("%-24s %8s %8s %7s %7s" % ("command", "wall ms", "cpu ms",
                                 "wall x", "cpu x"))
for name, _ in rows:
    w = median([w for w, _ in got[name]])
    c = median([c for _, c in got[name]])
    print("%-24s %8.2f %8.2f %7.2f %7.2f" % (name, w * 1e3, c * 1e3,
                                            w / bw, c / bc))
print("goal: --version within 2x ls --version")
PY
l=$(cd "$R" && LD_DEBUG=files LD_DEBUG_OUTPUT="$R/ld" "$BIN" --version \
	>/dev/null 2>&1; cat "$R"/ld.* | sed -n 's/.*file=\([^ ]*\).*/\1/p' |
	sed 's|.*/||' | sort -u | tr '\n' ' ')
echo "objects --version maps: $l"
echo "ldd $BIN: $(ldd "$BIN" | wc -l) lines"
uptime
