#!/bin/sh
# tools/release.sh's refusals, before it builds anything: the version is
# configure.ac's, and debian/changelog, ui/ansible/galaxy.yml and
# CHANGELOG.md must agree with it; a release's index keys come as a pair
# (INDEX_KEY, the public key the program trusts, and MINISIGN_KEY, the
# secret key that signs the shipped index).  Run on a copy of those files:
# the artifacts themselves are built by `make release` (minutes), and the
# .deb and the portable tarball are proved by package-deb.sh and
# package-portable.sh.
. "$CDS_SRCDIR/tests/lib.sh"
plan 8

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-release-XXXXXX")
cleanup_later "$T"
version=$(src_version)

# fresh: a copy of what release.sh reads, as committed
fresh() {
	rm -rf "$T/s"
	mkdir -p "$T/s/tools" "$T/s/debian" "$T/s/ui/ansible"
	cp "$CDS_SRCDIR/tools/release.sh" "$T/s/tools/"
	cp "$CDS_SRCDIR/configure.ac" "$CDS_SRCDIR/CHANGELOG.md" "$T/s/"
	cp "$CDS_SRCDIR/debian/changelog" "$T/s/debian/"
	cp "$CDS_SRCDIR/ui/ansible/galaxy.yml" "$T/s/ui/ansible/"
}
rel() {
	_e=$(mktemp)
	env "$@" sh "$T/s/tools/release.sh" "$T/out" >/dev/null 2>"$_e"
	ERR="rc=$? $(tr "\n" " " <"$_e")"	# the status, then what it said
	rm -f "$_e"
}

fresh
rel
# no Makefile in the copy: it gets as far as asking for a built tree
like "$ERR" '^rc=1 .*not configured: run \.ci/build first' \
    "the committed versions agree ($version): it goes on to the build"
is "$(ls "$T/out" 2>/dev/null)" "" "and makes nothing before that"

fresh
sed -i "1s/($version)/(9.9.9)/" "$T/s/debian/changelog"
rel
like "$ERR" "^rc=1 .*debian/changelog says 9\.9\.9, configure\.ac $version" \
    "a debian/changelog of another version is refused"

fresh
sed -i "s/^version: .*/version: 9.9.9/" "$T/s/ui/ansible/galaxy.yml"
rel
like "$ERR" "^rc=1 .*galaxy\.yml says 9\.9\.9, configure\.ac $version" \
    "a collection of another version is refused"

fresh
sed -i "s/^## $version\$/## older/" "$T/s/CHANGELOG.md"
rel
like "$ERR" "^rc=1 .*CHANGELOG\.md has no section '## $version'" \
    "a release without its CHANGELOG section is refused"

fresh
rel INDEX_KEY=RWQB3WRlThRwqrpLnEdYa3KsYfogI9X1
like "$ERR" '^rc=1 .*INDEX_KEY given without MINISIGN_KEY' \
    "a trusted key without the secret key that signs is refused"
rel MINISIGN_KEY="$T/none.key" INDEX_KEY=RWQB3WRlThRwqrpLnEdYa3KsYfogI9X1
like "$ERR" "^rc=1 .*MINISIGN_KEY=$T/none\.key: cannot read it" \
    "a secret key file that is not there is refused"
: >"$T/k.key"
rel MINISIGN_KEY="$T/k.key"
like "$ERR" '^rc=1 .*MINISIGN_KEY given without INDEX_KEY' \
    "a secret key without the public key to trust is refused"
done_testing
