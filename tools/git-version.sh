#!/bin/sh
# git-version.sh SRCDIR RELEASE: the version of the source tree SRCDIR,
# whose configure.ac names release RELEASE ("0.1.0"), on stdout:
#   - a tree made by `make dist`: what its .tarball-version says (the
#     version of the checkout it was made from);
#   - a git checkout at release RELEASE: RELEASE;
#   - a git checkout N commits after it: RELEASE-N-gHASH, as git describe
#     writes it (from the tag vRELEASE when there is one, else from the
#     commit that put RELEASE into configure.ac's AC_INIT), "-dirty" after
#     it when files git tracks are changed;
#   - anything else (a copy of the files without .git): RELEASE.
# configure.ac stays the one place a release's version is written.
set -u
src=$1 rel=$2

if [ -f "$src/.tarball-version" ]; then
	v=$(sed -n 1p "$src/.tarball-version")
	if [ -n "$v" ]; then
		echo "$v"
		exit 0
	fi
fi
g() { git -C "$src" "$@" 2>/dev/null; }
top=$(g rev-parse --show-toplevel) || top=
if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$(cd "$src" && pwd -P)" ]
then
	echo "$rel"	# not a checkout of its own (or no git)
	exit 0
fi
g update-index -q --refresh >/dev/null
dirty=
g diff-index --quiet HEAD -- || dirty=-dirty
if d=$(g describe --tags --long --match "v$rel" HEAD); then
	n=${d#"v$rel"-}
	n=${n%%-*}
	hash=${d##*-g}
else
	# no tag: count from the commit that wrote this release's version
	base=$(g log -1 --format=%H -S"[cudnn-setup], [$rel]" -- configure.ac)
	if [ -z "$base" ]; then
		echo "$rel$dirty"
		exit 0
	fi
	n=$(g rev-list --count "$base..HEAD") || n=0
	hash=$(g rev-parse --short HEAD) || hash=
fi
if [ "$n" = 0 ]; then
	echo "$rel$dirty"
else
	echo "$rel-$n-g$hash$dirty"
fi
