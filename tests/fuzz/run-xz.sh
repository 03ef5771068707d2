#!/bin/sh
# tests/fuzz/run-xz.sh - build the xz fuzz target with clang (libFuzzer, ASan,
# UBSan) and run it.  Run by hand after `make` (or `make fuzz-xz`):
#   tests/fuzz/run-xz.sh [SECONDS] [libFuzzer options...]
# (CDS_BUILDDIR: the build tree, when it is not the source tree)
# Seeds: small .xz files made here with xz(1) in the shapes the data path
# meets (one block, blocks with sizes, BCJ, concatenated, every check);
# the corpus grows in $FUZZ_DIR (default tests/fuzz/corpus, not kept in
# git), crashes land there as crash-*.  Needs clang with libFuzzer
# (Debian: clang, libclang-rt-dev), xz, and `make` done first (it links
# the rest of the engine from .libs/libcds.a).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${CDS_BUILDDIR:-$top}
secs=${1:-60}
[ $# -gt 0 ] && shift
dir=${FUZZ_DIR:-$top/tests/fuzz/corpus}
bin=$build/tests/fuzz/fuzz-xz
command -v clang >/dev/null || { echo "fuzz: clang missing" >&2; exit 2; }
[ -f "$build/.libs/libcds.a" ] || { echo "fuzz: run make first" >&2; exit 2; }
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
# the fuzzed sources are compiled here, instrumented; the archive's
# copies of them are then not linked
mkdir -p "$(dirname "$bin")"
clang $flags -I"$build" -I"$top/src" -I"$top/tests/unit" \
	"$top/tests/fuzz/fuzz-xz.c" "$top/src/xzdec.c" "$top/src/lzma2.c" \
	"$build/.libs/libcds.a" -lcurl -larchive -lcrypto -ljansson -llzma \
	-lpthread -lm -o "$bin"
mkdir -p "$dir"
if [ -z "$(ls -A "$dir")" ]; then
	t=$(mktemp -d)
	{ seq 1 3000; head -c 3000 /dev/urandom; seq 1 2000 | tr 0-9 a-j; } \
		>"$t/d"
	i=0
	for args in "-1 -T1" "-6 -T1" "-0 -T2 --block-size=4000" \
		"-1 -T1 --check=none" "-1 -T1 --check=crc32" \
		"-1 -T1 --check=sha256" "--x86 --lzma2=preset=1" \
		"--lzma2=preset=1,lc=0,lp=4,pb=4" "--lzma2=preset=1,dict=4KiB"; do
		for sel in 00 05 0b 8e; do
			# shellcheck disable=SC2086
			{ printf "\\x$sel"; xz $args -c "$t/d"; } \
				>"$dir/seed-$i-$sel"
		done
		i=$((i + 1))
	done
	{ printf '\005'; xz -1 -c "$t/d"; printf '\0\0\0\0'; xz -1 -c "$t/d"; } \
		>"$dir/seed-concat"
	rm -rf "$t"
fi
exec "$bin" -max_total_time="$secs" -max_len=65536 -timeout=20 \
	-rss_limit_mb=4096 -artifact_prefix="$dir/" "$@" "$dir"
