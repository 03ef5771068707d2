#!/bin/sh
# The real-world root bullseye-tesla (tests/realworld/recipes/): doctor,
# explain, plan and repair inside it and with --root, checked against
# tests/realworld/expect/bullseye-tesla.ini.
. "$CDS_SRCDIR/tests/realworld/roots.sh"
check_root bullseye-tesla
