#!/bin/sh
# The portable tarball (tools/portable.sh): built once per source tree in
# Debian 11, unpacked into a minimal Debian 11 root (glibc 2.31, the oldest
# it supports; tests/realworld/recipes/bullseye-base) that has none of the
# program's libraries, where --version and doctor run from it and find the
# index beside the program; no library but glibc's comes from the system,
# for the program and for the modules it loads to download and to hash
# (libcds-net.so, libcds-crypto.so, found beside it in libexec/lib).
# Then the same tarball with the CA bundle where RHEL keeps it: the wrapper
# names that one.
#
# The root is used through an overlay in a private mount namespace,
# chrooted with /proc, a private tmpfs /dev and /tmp, without network.  The
# tarball is cached in ${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/
# portable/KEY, KEY a digest of every file git tracks or would track.
. "$CDS_SRCDIR/tests/lib.sh"
plan 17

why=$(pkg_cannot)
if [ -n "$why" ]; then
	skip 17 "$why"
	exit 0
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-portable-XXXXXX")
cleanup_later "$T"

version=$(src_version)
name=cudnn-setup-$version-x86_64-linux
tgz=$(portable_tgz "$T")
if [ "$?" -eq 77 ]; then
	skip 17 "tools/portable.sh cannot build here: $(tail -n 1 "$T/build.log")"
	done_testing
fi
check "tools/portable.sh builds $name.tar.gz" test -f "$tgz"
[ -f "$tgz" ] || { sed 's/^/# /' "$T/build.log" | tail -30; done_testing; }

root=$("$CDS_SRCDIR/tests/realworld/mkroot.sh" bullseye-base 2>"$T/mkroot.err")
if [ -z "$root" ] || [ ! -d "$root" ]; then
	skip 16 "bullseye-base: no root ($(tail -n 1 "$T/mkroot.err"))"
	done_testing
fi
# shellcheck disable=SC2016
like "$(chroot "$root" dpkg-query -W -f='${Version}' libc6)" '^2\.31-' \
    "the root has glibc 2.31"
# shellcheck disable=SC2016
is "$(chroot "$root" dpkg-query -W -f='${db:Status-Abbrev}' libcurl4 \
    libarchive13 libjansson4 2>/dev/null | tr -d ' ')" "" \
    "the root has none of the program's libraries"

mkdir -p "$T/mnt" "$T/res"
# shellcheck disable=SC2016
in_overlay "$root" "$T/mnt" '
TGZ=$1 N=$2 RES=$3
tar -C "$M/opt" -xzf "$TGZ" || exit 99
run() {	# run NAME COMMAND...: in the root, without network
	_n=$1; shift
	unshare -n chroot "$M" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	    HOME=/root LC_ALL=C "$@" >"$RES/$_n.out" 2>&1
	echo $? >"$RES/$_n.rc"
}
run version /opt/$N/cudnn-setup --version
run doctor /opt/$N/cudnn-setup --json doctor
ln -s /opt/$N/cudnn-setup "$M/usr/local/bin/cudnn-setup"
run linked /usr/local/bin/cudnn-setup --version
run ldd ldd /opt/$N/libexec/cudnn-setup
run ldd-net sh -c "ldd /opt/$N/libexec/lib/libcds-net.so; \
    ldd /opt/$N/libexec/lib/libcds-crypto.so"
run net /opt/$N/cudnn-setup --manifest http://127.0.0.1:9/index.json doctor
run ca sh -c "sed \"s|^exec .*|echo \\\$CURL_CA_BUNDLE|\" \
    /opt/$N/cudnn-setup >/tmp/w && sh /tmp/w"
# RHEL keeps its bundle in /etc/pki/tls/certs
mkdir -p "$M/etc/pki/tls/certs" &&
mv "$M/etc/ssl/certs/ca-certificates.crt" "$M/etc/pki/tls/certs/ca-bundle.crt"
run ca-rhel sh -c "sed \"s|^exec .*|echo \\\$CURL_CA_BUNDLE|\" \
    /opt/$N/cudnn-setup >/tmp/w && sh /tmp/w"
' "$tgz" "$name" "$T/res"

is "$(cat "$T/res/version.rc")" 0 "--version runs in Debian 11"
like "$(cat "$T/res/version.out")" "^cudnn-setup $version\$" \
    "it says $version"
like "$(cat "$T/res/version.out")" '^index: version [0-9]+.*\(shipped\)$' \
    "it reads the signed index beside the program"
is "$(cat "$T/res/linked.out")" "$(cat "$T/res/version.out")" \
    "linked into PATH, it runs the same"
like "$(cat "$T/res/doctor.out")" '"findings"' "doctor runs and reports"
unlike "$(cat "$T/res/ldd.out" "$T/res/ldd-net.out")" 'not found' \
    "every library is found, the modules' too"
# glibc's, and the compiler's C++ runtime (ICU's), which NVIDIA's libraries
# loaded later need in the system's newer version
is "$(awk '$3 ~ /^\// && $3 !~ /^\/opt\// { print $1 }' "$T/res/ldd.out" \
    "$T/res/ldd-net.out" |
    grep -Ev '^(libc|libm|libpthread|libdl|librt|libresolv|libgcc_s)\.so' |
    grep -Ev '^libstdc\+\+\.so' | tr '\n' ' ')" "" \
    "no library but glibc's and the C++ runtime comes from the system"
like "$(cat "$T/res/ldd-net.out")" 'libcurl\.so.* => /opt/' \
    "the module's libcurl is the tarball's"
like "$(cat "$T/res/net.out")" 'network error: http://127\.0\.0\.1:9/' \
    "a manifest URL: the module is loaded and the transfer tried"
is "$(cat "$T/res/net.rc")" 3 "... which fails as a network error (exit 3)"
# what each ELF file asks of glibc: nothing newer than 2.31
mkdir -p "$T/x" && tar -C "$T/x" -xzf "$tgz"
newest=$(find "$T/x" -type f \( -name '*.so*' -o -name cudnn-setup \) \
    -exec objdump -T {} + 2>/dev/null | sed -n 's/.*GLIBC_2\.\([0-9]*\).*/\1/p' |
    sort -n | tail -n 1)
[ -n "$newest" ] && [ "$newest" -le 31 ]
ok $? "no file asks for a glibc newer than 2.31 (newest: 2.$newest)"
is "$(tar -tzf "$tgz" | grep -c '/libexec/locale/.*/LC_MESSAGES/cudnn-setup\.mo$')" \
    "$(grep -v '^#' "$CDS_SRCDIR/po/LINGUAS" | wc -w)" \
    "a message catalogue for each language, beside the program"
is "$(cat "$T/res/ca.out")" /etc/ssl/certs/ca-certificates.crt \
    "the wrapper names Debian's CA bundle"
is "$(cat "$T/res/ca-rhel.out")" /etc/pki/tls/certs/ca-bundle.crt \
    "where RHEL keeps it, that one"
done_testing
