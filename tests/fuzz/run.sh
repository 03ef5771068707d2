#!/bin/sh
# tests/fuzz/run.sh - build the fuzz targets of every parser of untrusted
# input with clang (libFuzzer, ASan, UBSan) and run each for a bounded time
# on its committed seed corpus:
#   tests/fuzz/run.sh [-t SECONDS] [TARGET...]
#   tests/fuzz/run.sh -l          print the targets, one a line
# The targets are found by their files' names, as the tests are
# (tests/mktests.sh): tests/fuzz/fuzz-TARGET.c is the target TARGET (its
# first comment says what it reads), its seeds tests/fuzz/seeds/TARGET/;
# a new target is a new file, with no list to edit.
# Default: all, FUZZ_SECONDS (20) each.  The engine's sources are compiled here,
# instrumented, into BUILD/tests/fuzz/obj (again only when a source or
# header is newer); new inputs go to BUILD/tests/fuzz/corpus/TARGET, never
# to the seeds.  Exit 0: every target ran clean; 1: a finding (its input
# is BUILD/tests/fuzz/out/TARGET-crash-*, the report above it); 77: skipped
# (no clang, or clang without libFuzzer: the reason on stderr).  Needs
# `make` done first (config.h).  CDS_BUILDDIR: the build tree, when it is
# not the source tree.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${CDS_BUILDDIR:-$top}
secs=${FUZZ_SECONDS:-20}
if [ "${1:-}" = "-t" ]; then
	secs=$2
	shift 2
fi
# every target, by its file's name
all_targets() {
	for _f in "$top"/tests/fuzz/fuzz-*.c; do
		[ -f "$_f" ] || continue
		_t=${_f##*/fuzz-}
		echo "${_t%.c}"
	done
}
if [ "${1:-}" = "-l" ]; then
	all_targets
	exit 0
fi
targets=${*:-$(all_targets)}

skip() {
	echo "fuzz: SKIP: $*" >&2
	exit 77
}
command -v clang >/dev/null 2>&1 ||
	skip "clang is not installed (Debian: clang, libclang-rt-dev)"
[ -f "$build/config.h" ] || skip "no config.h in $build: run make first"
fz=$build/tests/fuzz
mkdir -p "$fz/obj" "$fz/out" "$fz/corpus" || exit 1
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ return 0; }\n' \
	>"$fz/probe.c"
clang -fsanitize=fuzzer,address,undefined -o "$fz/probe" "$fz/probe.c" \
	>"$fz/probe.log" 2>&1 ||
	skip "clang's libFuzzer is not available ($(tail -1 "$fz/probe.log"); Debian: libclang-rt-dev)"
pc=$(pkg-config --cflags libcurl libarchive jansson liblzma libcrypto \
	2>/dev/null)
cflags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
-fno-sanitize-recover=undefined -I$build -I$top/src -I$top/tests/fuzz $pc
-DLOCALEDIR=\"/usr/share/locale\" -DPKGDATADIR=\"$top\" -DPKGLIBDIR=\"$build/.libs\""
libs="-lcurl -larchive -lcrypto -ljansson -llzma -lpthread -lm -ldl"

# the engine, instrumented for coverage and the sanitizers
newest_h=$(ls -t "$top"/src/*.h "$top"/src/*/*.h "$build/config.h" | head -1)
objs=""
for src in "$top"/src/*.c "$top"/src/*/*.c; do
	# named by its path below src/: two floors may each have a facts.c
	rel=${src#"$top"/src/}
	o=$fz/obj/$(printf '%s' "${rel%.c}" | tr / _).o
	if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
		# shellcheck disable=SC2086
		clang $cflags -fsanitize=fuzzer-no-link -c "$src" -o "$o" ||
			exit 1
	fi
	objs="$objs $o"
done

# The ELF seeds are compiled here, as tests/fuzz/mkseeds.py says, never
# committed: a library with a soname, a needed entry, a version node and
# a RUNPATH, and one with a .nv_fatbin section laid out as nvcc does.
elf_seeds() {
	mkdir -p "$1"
	printf 'int cds_seed(void) { return 1; }\n' >"$fz/obj/seed.c"
	printf 'libseed.so.1 { global: cds_seed; local: *; };\n' \
		>"$fz/obj/seed.map"
	# shellcheck disable=SC2016
	cc -shared -fPIC -s -o "$1/libseed" -Wl,-soname,libseed.so.1 \
		-Wl,--version-script,"$fz/obj/seed.map" -Wl,-rpath,'$ORIGIN' \
		"$fz/obj/seed.c" -lm &&
		(. "$top/tests/fixtures/mkfatbin.sh" &&
			CC=cc mk_fatbin_lib "$1/libfatbin" libfb.so "80 86" "90" &&
			strip "$1/libfatbin")
}

status=0
for t in $targets; do
	bin=$fz/fuzz-$t
	seeds=$top/tests/fuzz/seeds/$t
	if [ "$t" = elf ]; then
		seeds=$fz/seeds-elf
		if ! elf_seeds "$seeds"; then
			echo "fuzz: elf: its seeds do not build" >&2
			status=1
			continue
		fi
	fi
	# shellcheck disable=SC2086
	if ! clang $cflags -fsanitize=fuzzer "$top/tests/fuzz/fuzz-$t.c" \
		$objs $libs -o "$bin"; then
		echo "fuzz: $t: the target does not build" >&2
		status=1
		continue
	fi
	mkdir -p "$fz/corpus/$t"
	# explain's matching is quadratic on long runs of text until its
	# rewrite lands: inputs of 4 KiB keep its cost per input under the
	# timeout (issue 13), the others take 64 KiB
	len=65536
	[ "$t" = explain ] && len=4096
	echo "fuzz: $t: $secs s on $(ls "$seeds" | wc -l) seeds" >&2
	# leaks are findings too; a run past -timeout is a hang
	CDS_DATADIR=$top UBSAN_OPTIONS=print_stacktrace=1 \
		ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 \
		"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-max_len="$len" -print_final_stats=1 \
		-artifact_prefix="$fz/out/$t-" "$fz/corpus/$t" \
		"$seeds" >"$fz/out/$t.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "fuzz: $t: FINDING (exit $rc); the report:" >&2
		grep -v '^#\|^INFO\|^Loaded\|^Done\|^stat::' "$fz/out/$t.log" |
			tail -40 >&2
		ls "$fz/out/$t-"* 2>/dev/null | sed 's/^/fuzz: input: /' >&2
		status=1
	else
		grep '^stat::number_of_executed_units' "$fz/out/$t.log" |
			sed "s/^/fuzz: $t: /" >&2
	fi
done
exit $status
