#!/bin/sh
# portable.sh [OUTDIR]: build cudnn-setup-VERSION-x86_64-linux.tar.gz, one
# tarball that runs on x86-64 Linux with glibc 2.31 or later (Debian 11,
# Ubuntu 20.04, the RHEL 9 family) without any of the program's libraries
# installed.  Run as root from a git checkout; the tarball goes to OUTDIR
# (default .).
#
# It is built in Debian 11 (glibc 2.31), so that neither the program nor
# the libraries it carries ask for a newer glibc: the root bullseye-build
# of tests/realworld/mkroot.sh, used through an overlay in a private mount
# namespace (the cached root never changes), without network.  Debian 11's
# liblzma (5.2.5) is older than configure wants (5.4), so liblzma is built
# first from XZ Utils 5.8.1, Debian's source tarball, checked against the
# digest in Debian 13's Sources index (xz-utils 5.8.1-1+deb13u1).
#
# The tarball holds:
#   cudnn-setup          a shell wrapper: finds the system's CA certificates
#                        and runs libexec/cudnn-setup
#   libexec/cudnn-setup  the program, with an RPATH of $ORIGIN/lib
#   libexec/lib/         the modules libcds-net.so (libcurl, libarchive,
#                        liblzma) and libcds-crypto.so (libcrypto), with
#                        an RPATH of $ORIGIN, where the program looks for
#                        them beside itself (src/base/module.h), and the
#                        shared libraries they and the program link, but
#                        glibc's and
#                        the compiler's runtime (libgcc_s, libstdc++):
#                        every system has those, and NVIDIA's libraries,
#                        loaded later, need the system's newer ones
#   libexec/manifests/   the signed index and NVIDIA's manifests, found
#                        beside the program (src/handle.c, cds_data_dir)
#   libexec/locale/      the message catalogues, likewise (ui/main.c)
#   share/               the man page and the shell completions
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "${1:-.}" && pwd)
CACHE=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}
XZ=xz-utils_5.8.1.orig.tar.xz
XZ_SHA256=0b54f79df85912504de0b14aec7971e3f964491af1812d83447005807513cd9e
XZ_URL=http://deb.debian.org/debian/pool/main/x/xz-utils/$XZ

say() { echo "portable.sh: $*" >&2; }
[ "$(id -u)" -eq 0 ] || { say "needs root (chroot, mounts)"; exit 77; }
for t in unshare chroot curl git; do
	command -v "$t" >/dev/null 2>&1 || { say "$t is missing"; exit 77; }
done
root=$("$here/tests/realworld/mkroot.sh" bullseye-build) || exit $?
version=$(sed -n 's/^AC_INIT(\[cudnn-setup\], \[\([^]]*\)\].*/\1/p' \
    "$here/configure.ac")

mkdir -p "$CACHE/src"
if ! echo "$XZ_SHA256  $CACHE/src/$XZ" | sha256sum -c --status 2>/dev/null
then
	curl -fsS -o "$CACHE/src/$XZ.tmp" "$XZ_URL" ||
		{ say "cannot fetch $XZ_URL"; exit 77; }
	echo "$XZ_SHA256  $CACHE/src/$XZ.tmp" | sha256sum -c --status ||
		{ say "$XZ_URL: not the digest Debian lists"; exit 1; }
	mv "$CACHE/src/$XZ.tmp" "$CACHE/src/$XZ"
fi

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/src"
(cd "$here" && git ls-files -co --exclude-standard -z |
    tar --null -T - -cf -) | tar -C "$t/src" -xf -
cp "$CACHE/src/$XZ" "$t/"
# a release's index keys, as debian/rules takes them (tools/release.sh)
conf="" sign=""
[ -n "${INDEX_KEY:-}" ] && conf="$conf --with-index-key=$INDEX_KEY"
[ -n "${INDEX_NEXT_KEY:-}" ] && conf="$conf --with-index-next-key=$INDEX_NEXT_KEY"
if [ -n "${MINISIGN_KEY:-}" ]; then
	cp "$MINISIGN_KEY" "$t/index.key" && sign=MINISIGN_KEY=/build/index.key
fi
name=cudnn-setup-$version-x86_64-linux

# shellcheck disable=SC2016
unshare -m sh -c '
set -eu
R=$1 T=$2 N=$3
mount --make-rprivate /
mkdir "$T/up" "$T/work" "$T/m"
mount -t overlay overlay -o "lowerdir=$R,upperdir=$T/up,workdir=$T/work" \
    "$T/m"
M=$T/m
mount -t proc proc "$M/proc"
mount -t tmpfs -o mode=755 tmpfs "$M/dev"
mknod -m 666 "$M/dev/null" c 1 3; mknod -m 666 "$M/dev/zero" c 1 5
mknod -m 666 "$M/dev/urandom" c 1 9
mkdir -p "$M/build"
mount --bind "$T" "$M/build"
unshare -n chroot "$M" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LC_ALL=C N="$N" CONF="$4" SIGN="$5" sh -eu -c "
cd /build && tar xf xz-utils_*.orig.tar.xz && cd xz-5.*
./configure -q --prefix=/opt/xz --disable-static --disable-xz \
    --disable-xzdec --disable-lzmadec --disable-lzmainfo --disable-scripts \
    --disable-lzma-links --disable-doc >/dev/null
make -j\$(nproc) >/dev/null && make install >/dev/null
cd /build/src && ./autogen.sh >/dev/null 2>&1
PKG_CONFIG_PATH=/opt/xz/lib/pkgconfig LDFLAGS=-Wl,-rpath,/opt/xz/lib \
    ./configure -q \$CONF >/dev/null
make -j\$(nproc) \$SIGN >/dev/null
s=/build/\$N
mkdir -p \$s/libexec/lib \$s/share/man/man1
cp cudnn-setup \$s/libexec/ && strip \$s/libexec/cudnn-setup
cp .libs/libcds-net.so .libs/libcds-crypto.so \$s/libexec/lib/ &&
	strip --strip-unneeded \$s/libexec/lib/libcds-*.so
{ ldd cudnn-setup; ldd .libs/libcds-net.so; ldd .libs/libcds-crypto.so; } |
	awk '\''\$3 ~ /^\\// { print \$1, \$3 }'\'' | sort -u |
while read -r n p; do
	case \$n in
	libc.so*|libm.so*|libpthread*|libdl.so*|librt.so*|ld-linux*|\
libresolv*|libutil*|libgcc_s*|libstdc++*) continue ;;
	esac
	cp -L \$p \$s/libexec/lib/
done
patchelf --force-rpath --set-rpath '\''\$ORIGIN/lib'\'' \$s/libexec/cudnn-setup
for m in \$s/libexec/lib/libcds-*.so; do
	patchelf --force-rpath --set-rpath '\''\$ORIGIN'\'' \$m
done
mkdir -p \$s/libexec/manifests/nvidia
cp manifests/index.json manifests/index.json.minisig \$s/libexec/manifests/
cp manifests/nvidia/*.json \$s/libexec/manifests/nvidia/
cp -r locale \$s/libexec/
cp ui/cudnn-setup.1 \$s/share/man/man1/
mkdir -p \$s/share/bash-completion/completions \$s/share/zsh/site-functions \
    \$s/share/fish/vendor_completions.d
cp ui/bash-completion/cudnn-setup \$s/share/bash-completion/completions/
cp ui/zsh-completion/_cudnn-setup \$s/share/zsh/site-functions/
cp ui/fish-completion/cudnn-setup.fish \$s/share/fish/vendor_completions.d/
cp tools/portable-wrapper.sh \$s/cudnn-setup && chmod 755 \$s/cudnn-setup
cd /build && tar -czf \$N.tar.gz --owner=0 --group=0 \$N
"
' sh "$root" "$t" "$name" "$conf" "$sign"
cp "$t/$name.tar.gz" "$out/"
echo "$out/$name.tar.gz"
