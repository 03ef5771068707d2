#!/bin/sh
# release.sh [OUTDIR]: build a release's artifacts into OUTDIR (default
# release-VERSION) from a built git checkout (`.ci/build` first), as root:
#   cudnn-setup-VERSION.tar.xz              make dist (make distcheck when
#                                           DISTCHECK=1: minutes longer)
#   cudnn-setup_VERSION_amd64.deb           dpkg-buildpackage -us -uc -b
#   cudnn-setup-VERSION-x86_64-linux.tar.gz tools/portable.sh
#   cudnn_setup-gpu-VERSION.tar.gz          ansible-galaxy collection build
#   SHA256SUMS                              their digests
# `make release` runs it.  A release for distribution names the index's
# keys: INDEX_KEY=RW... (and INDEX_NEXT_KEY) and MINISIGN_KEY=FILE, its
# secret key; the .deb and the portable tarball are built with them.
# The version is configure.ac's; debian/changelog and ui/ansible/galaxy.yml
# must say the same, and CHANGELOG.md have its section, or nothing is built.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
say() { echo "release.sh: $*" >&2; }
die() { say "$*"; exit 1; }

version=$(sed -n 's/^AC_INIT(\[cudnn-setup\], \[\([^]]*\)\].*/\1/p' \
    configure.ac)
deb_version=$(dpkg-parsechangelog -S Version 2>/dev/null ||
    sed -n '1s/^cudnn-setup (\([^)]*\)).*/\1/p' debian/changelog)
galaxy_version=$(sed -n 's/^version: *//p' ui/ansible/galaxy.yml)
[ -n "$version" ] || die "configure.ac: no version in AC_INIT"
[ "$deb_version" = "$version" ] || die "debian/changelog says" \
    "$deb_version, configure.ac $version: add a changelog entry (dch -v $version)"
[ "$galaxy_version" = "$version" ] || die "ui/ansible/galaxy.yml says" \
    "$galaxy_version, configure.ac $version: make them agree"
grep -q "^## $version\$" CHANGELOG.md ||
	die "CHANGELOG.md has no section '## $version'"
if [ -n "${INDEX_KEY:-}${INDEX_NEXT_KEY:-}" ] && [ -z "${MINISIGN_KEY:-}" ]
then
	die "INDEX_KEY given without MINISIGN_KEY: the shipped index would" \
	    "be signed by no key the program trusts"
elif [ -n "${MINISIGN_KEY:-}" ]; then
	[ -r "$MINISIGN_KEY" ] || die "MINISIGN_KEY=$MINISIGN_KEY: cannot read it"
	[ -n "${INDEX_KEY:-}" ] || die "MINISIGN_KEY given without INDEX_KEY" \
	    "(the public key the program is to trust: RW...)"
	MINISIGN_KEY=$(cd "$(dirname "$MINISIGN_KEY")" &&
	    pwd)/$(basename "$MINISIGN_KEY")
	export MINISIGN_KEY INDEX_KEY
else
	say "no INDEX_KEY and MINISIGN_KEY: each artifact trusts and is signed" \
	    "by a development key of its own build; not for distribution"
fi
[ -f Makefile ] || die "not configured: run .ci/build first"

out=${1:-release-$version}
mkdir -p "$out"
out=$(cd "$out" && pwd)

say "source tarball"
if [ "${DISTCHECK:-0}" = 1 ]; then
	make distcheck >"$out/dist.log" 2>&1 || die "make distcheck failed:" \
	    "$(tail -n 5 "$out/dist.log")"
else
	make dist >"$out/dist.log" 2>&1 || die "make dist failed:" \
	    "$(tail -n 5 "$out/dist.log")"
fi
mv "cudnn-setup-$version.tar.xz" "$out/"

say "Debian package"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir "$t/src"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - |
    tar -C "$t/src" -xf -
(cd "$t/src" && dpkg-buildpackage -us -uc -b) >"$out/deb.log" 2>&1 ||
	die "dpkg-buildpackage failed: $(tail -n 5 "$out/deb.log")"
cp "$t/cudnn-setup_${version}_amd64.deb" "$out/"

say "portable tarball"
tools/portable.sh "$out" >"$out/portable.log" 2>&1 ||
	die "tools/portable.sh failed: $(tail -n 5 "$out/portable.log")"

say "Ansible collection"
ansible-galaxy collection build --force --output-path "$out" ui/ansible \
    >"$out/collection.log" 2>&1 ||
	die "ansible-galaxy collection build failed:" \
	    "$(tail -n 5 "$out/collection.log")"

cd "$out"
sha256sum "cudnn-setup-$version.tar.xz" "cudnn-setup_${version}_amd64.deb" \
    "cudnn-setup-$version-x86_64-linux.tar.gz" \
    "cudnn_setup-gpu-$version.tar.gz" >SHA256SUMS
cat SHA256SUMS
