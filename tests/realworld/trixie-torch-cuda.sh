#!/bin/sh
# The real-world root trixie-torch-cuda (tests/realworld/recipes/): doctor,
# explain, plan and repair inside it and with --root, checked against
# tests/realworld/expect/trixie-torch-cuda.ini.
. "$CDS_SRCDIR/tests/realworld/roots.sh"
check_root trixie-torch-cuda
