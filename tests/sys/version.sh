#!/bin/sh
# The version a build says (tools/git-version.sh, made into cds-version.h
# by make): configure.ac's release in a tree of that release, git
# describe's RELEASE-N-gHASH in a git checkout N commits after it ("-dirty"
# with changed files), what .tarball-version says in a tree `make dist`
# made (its dist-hook writes it), the release in a copy without git.  On
# scratch git repositories with real commits and tags; then this build's
# --version and --json say the same as the script does for this tree.
. "$CDS_SRCDIR/tests/lib.sh"
plan 12

if ! command -v git >/dev/null 2>&1; then
	skip 12 "git is not installed"
	done_testing
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-version-XXXXXX")
cleanup_later "$T"
GV=$CDS_SRCDIR/tools/git-version.sh
S=$T/src
mkdir -p "$S"
gitc() { git -C "$S" -c user.name=test -c user.email=test@invalid "$@" >/dev/null 2>&1; }
head_hash() { git -C "$S" rev-parse --short HEAD; }
# a commit that changes file F
change() {
	echo "$2" >>"$S/$1"
	gitc add -A && gitc commit -q -m "$1: $2"
}

gitc init -q
echo 'AC_INIT([cudnn-setup], [0.3.0], [], [cudnn-setup])' >"$S/configure.ac"
gitc add -A && gitc commit -q -m "release 0.3.0"
is "$(sh "$GV" "$S" 0.3.0)" 0.3.0 "the commit that wrote the release: the release"
change README a
change README b
is "$(sh "$GV" "$S" 0.3.0)" "0.3.0-2-g$(head_hash)" "two commits after it: 0.3.0-2-gHASH"
echo c >>"$S/README"
is "$(sh "$GV" "$S" 0.3.0)" "0.3.0-2-g$(head_hash)-dirty" "a changed file: -dirty"
gitc add -A && gitc commit -q -m c
gitc tag v0.3.0
is "$(sh "$GV" "$S" 0.3.0)" 0.3.0 "at the tag v0.3.0: the release"
change README d
is "$(sh "$GV" "$S" 0.3.0)" "0.3.0-1-g$(head_hash)" "one commit after the tag: git describe's count"
sed -i 's/\[0\.3\.0\]/[0.4.0]/' "$S/configure.ac"
gitc add -A && gitc commit -q -m "release 0.4.0"
is "$(sh "$GV" "$S" 0.4.0)" 0.4.0 "the next release, untagged: counted from configure.ac's change"
# a copy without .git: the release; a tree of make dist: its file
mkdir "$T/copy"
git -C "$S" archive HEAD | tar -C "$T/copy" -xf -
is "$(sh "$GV" "$T/copy" 0.4.0)" 0.4.0 "a copy of the files without git: the release"
# this build's dist-hook writes the checkout's version into the tree
mkdir "$T/dist"
make -s -C "$CDS_BUILDDIR" dist-hook distdir="$T/dist" >/dev/null 2>&1
expect=$(sh "$GV" "$CDS_SRCDIR" "$(src_version)")
is "$(cat "$T/dist/.tarball-version" 2>/dev/null)" "$expect" \
	"make dist's hook writes .tarball-version: $expect"
cp "$T/dist/.tarball-version" "$T/copy/"
is "$(sh "$GV" "$T/copy" 0.4.0)" "$expect" "a tree make dist made says what its .tarball-version says"

# ---- this build ---------------------------------------------------------------
cds --version
is "${OUT%%
*}" "cudnn-setup $expect" "--version: $expect"
R=$(mk_sysroot); cleanup_later "$R"
cds --root "$R" doctor --json
is "$(jget "$OUT" 'd["version"]')" "$expect" "--json: the same"
like "$expect" "^$(src_version)(-[0-9]+-g[0-9a-f]+)?(-dirty)?\$" \
	"configure.ac's release, with git describe's count and hash between releases"
done_testing
