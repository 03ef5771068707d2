#!/bin/sh
# The real-world root bookworm-nvidia (tests/realworld/recipes/): doctor,
# explain, plan and repair inside it and with --root, checked against
# tests/realworld/expect/bookworm-nvidia.ini.
. "$CDS_SRCDIR/tests/realworld/roots.sh"
check_root bookworm-nvidia
