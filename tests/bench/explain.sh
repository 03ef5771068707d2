#!/bin/sh
# Benchmark (not a pass/fail test): explain's wall time on hostile text of
# growing size (runs of 200,000 bytes without a blank and thousands of
# near-matches of every kind of key), on an empty root so that the scan
# costs the same each time; the time should grow with the size, not with
# its square.  Then the whole corpus of real error texts, one run each.
#
#   tests/bench/explain.sh [path/to/cudnn-setup]
set -eu
BIN=${1:-./cudnn-setup}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-bench-XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
mkdir -p "$T/root/etc" "$T/root/tmp"
: >"$T/root/etc/ld.so.conf"

ms() { python3 -c 'import time; print(int(time.time() * 1000))'; }

# hostile SIZE FILE
hostile() {
	python3 - "$1" "$2" <<'EOF'
import sys
size, out = int(sys.argv[1]), sys.argv[2]
run = "x" * 200000
near = ("undefined symbol:/a/b/libcudnn_cnn_infer.so.8:" * 40 +
        "Could not load library libcudnn_x.so.8. Error: /p/" * 40 +
        "cannot open shared object file/" * 40 + "sm_" * 100 +
        "NO_PUBKEY" * 40 + "/stubs/libcuda.so" * 40)
text = (run + near) * (size // len(run + near) + 1)
open(out, "w").write(text[:size - 27] + " CUDNN_STATUS_MAPPING_ERROR")
EOF
}

printf '%-10s %8s\n' "bytes" "ms"
for size in 65536 262144 1048576; do
	hostile "$size" "$T/h"
	t0=$(ms)
	"$BIN" --root "$T/root" explain --json - <"$T/h" >/dev/null 2>&1 || :
	t1=$(ms)
	printf '%-10s %8s\n' "$size" "$((t1 - t0))"
done

# a long log of ordinary words that names nothing: every key and every
# word of the nearest-entries list is looked for in all of it
python3 - "$T/w" <<'EOF'
import random, sys
random.seed(1)
w = ("the model loading layer tensor value step epoch loss info warning "
     "path file python site-packages line call return").split()
out, n = [], 0
while n < 1048576 - 100:
    l = " ".join(random.choice(w) for _ in range(12)) + "\n"
    out.append(l)
    n += len(l)
open(sys.argv[1], "w").write("".join(out))
EOF
t0=$(ms)
"$BIN" --root "$T/root" explain --json - <"$T/w" >/dev/null 2>&1 || :
t1=$(ms)
printf '%-10s %8s  (a log of ordinary words, no key)\n' "$(wc -c <"$T/w")" \
	"$((t1 - t0))"

n=0
t0=$(ms)
for f in "$SRC"/tests/realworld/errors/*.txt; do
	sed '1,/^---$/d' "$f" >"$T/m"
	"$BIN" --root "$T/root" explain --json - <"$T/m" >/dev/null 2>&1 || :
	n=$((n + 1))
done
t1=$(ms)
echo "corpus: $n texts in $((t1 - t0)) ms, one explain each (scan included)"
