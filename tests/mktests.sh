#!/bin/sh
# tests/mktests.sh [SRCDIR]: print the automake fragment tests/tests.am, the
# tests found by their files' names, so that a new test is a new file and no
# list to edit:
#   unit_tests       tests/unit/test-NAME.c, each the TAP program
#                    tests/unit/test-NAME.t, with the flags Makefile.am
#                    gives every unit test (and the modules built in for
#                    one that says "mktests: modules")
#   sys_tests        tests/sys/*.sh and tests/rules/*.sh
#   realworld_tests  tests/realworld/*.sh, less the helpers they source or
#                    run (roots.sh, mkroot.sh, collect.sh)
#   test_files       what they read besides: tests/fixtures, and the
#                    real-world helpers, recipes and expectations
#   fuzz_targets     tests/fuzz/fuzz-*.c, the libFuzzer targets that
#                    tests/fuzz/run.sh finds by the same names
# autogen.sh writes it before automake reads Makefile.am; make writes it
# again when the set of files changes (Makefile.am, "the tests").
set -e
cd "${1:-.}"
LC_ALL=C
export LC_ALL

# list VAR PATTERN...: "VAR += FILE" for each file the patterns name
list() {
	var=$1
	shift
	for f in "$@"; do
		[ -f "$f" ] || continue
		case $var:$f in
		realworld_tests:*/roots.sh | realworld_tests:*/mkroot.sh | \
		realworld_tests:*/collect.sh)
			continue ;;
		esac
		printf '%s += %s\n' "$var" "$f"
	done
}

echo '## made by tests/mktests.sh from the files under tests/: do not edit'
for c in tests/unit/test-*.c; do
	[ -f "$c" ] || continue
	t=${c%.c}.t
	# automake's name for the program's variables: other characters as _
	v=$(printf '%s' "$t" | tr -c 'A-Za-z0-9_' '_')
	printf 'unit_tests += %s\n' "$t"
	printf '%s_CPPFLAGS = $(unit_cppflags)\n' "$v"
	# a test that downloads, unpacks or hashes says so in a line of its
	# own ("mktests: modules"): the modules' tables are built into it
	if grep -q 'mktests: modules' "$c"; then
		printf '%s_SOURCES = %s $(modules_builtin)\n' "$v" "$c"
		printf '%s_CFLAGS = $(unit_cflags) $(module_cflags)\n' "$v"
		printf '%s_LDADD = $(unit_ldadd) $(modules_builtin_libs)\n' "$v"
	else
		printf '%s_SOURCES = %s\n' "$v" "$c"
		printf '%s_CFLAGS = $(unit_cflags)\n' "$v"
		printf '%s_LDADD = $(unit_ldadd)\n' "$v"
	fi
done
list sys_tests tests/sys/*.sh tests/rules/*.sh
list realworld_tests tests/realworld/*.sh
list test_files tests/fixtures/*.c tests/fixtures/*.py tests/fixtures/*.sh \
	tests/fixtures/*/*.py tests/realworld/roots.sh tests/realworld/mkroot.sh \
	tests/realworld/collect.sh tests/realworld/*.py \
	tests/realworld/recipes/* tests/realworld/expect/*.ini
list fuzz_targets tests/fuzz/fuzz-*.c
