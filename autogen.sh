#!/bin/sh
# Generate configure and Makefile.in from configure.ac and Makefile.am.
set -e
cd "$(dirname "$0")"
# the tests, found by name (tests/mktests.sh), for automake to read
sh tests/mktests.sh >tests/tests.am
autoreconf --force --install --verbose
