#!/bin/sh
# The Debian package (debian/): built once per source tree with
# dpkg-buildpackage, installed with `apt-get install ./cudnn-setup_*.deb`
# into fresh minimal Debian 12 and 13 roots (tests/realworld/recipes/
# bookworm-base, trixie-base, built by mkroot.sh), without network; there
# --version and doctor run and find the signed index where the package put
# it (/usr/share/cudnn-setup/manifests), and a download finds the modules
# that do it (/usr/lib/<triplet>/cudnn-setup/libcds-net.so, libcds-crypto.so);
# then `apt-get remove` leaves no
# file of the package but keeps the user's prefix, and purge also takes the
# program's own state (/var/lib/cudnn-setup, /var/log/cudnn-setup.log).
#
# Each root is used through an overlay in a private mount namespace (the
# cached root never changes), chrooted with /proc, a private tmpfs /dev and
# /tmp: never the host's /dev.  The .deb is cached in
# ${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/debs/KEY, KEY a digest of
# every file git tracks or would track, so an unchanged tree builds it once.
. "$CDS_SRCDIR/tests/lib.sh"
plan 34

SYSPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

why=$(pkg_cannot)
if [ -n "$why" ]; then
	:
elif ! command -v dpkg-buildpackage >/dev/null 2>&1; then
	why="no dpkg-buildpackage (Debian: apt-get install dpkg-dev debhelper)"
elif ! (cd "$CDS_SRCDIR" && dpkg-checkbuilddeps) >/dev/null 2>&1; then
	why="build dependencies missing: $(cd "$CDS_SRCDIR" &&
	    dpkg-checkbuilddeps 2>&1 | sed 's/.*: //')"
fi
if [ -n "$why" ]; then
	skip 34 "$why"
	exit 0
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-pkgdeb-XXXXXX")
cleanup_later "$T"

# ---- the .deb, built once per source tree ---------------------------------
version=$(src_version)
deb=$(deb_built "$T")
check "dpkg-buildpackage -us -uc -b builds cudnn-setup_${version}_amd64.deb" \
    test -f "$deb"
[ -f "$deb" ] || { sed 's/^/# /' "$T/build.log" | tail -30; done_testing; }

info=$(dpkg-deb -f "$deb" Package Version Depends)
like "$info" "^Version: $version\$" "the package carries configure.ac's version"
like "$info" "^Depends:.*libcurl4.*libssl3" \
    "its dependencies are computed from the program's libraries"
like "$info" "^Depends:.*libarchive13.*liblzma5" \
    "... and from its module's (libcds-net.so)"
unlike "$info" "nvidia|cuda|cudnn[^-]" "it depends on nothing of NVIDIA's"
files=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
like "$files" '^\./usr/bin/cudnn-setup$' "the program in /usr/bin"
like "$files" '^\./usr/lib/[a-z0-9_-]*/cudnn-setup/libcds-net\.so$' \
    "its modules in /usr/lib/<triplet>/cudnn-setup: libcds-net.so"
like "$files" '^\./usr/lib/[a-z0-9_-]*/cudnn-setup/libcds-crypto\.so$' \
    "... and libcds-crypto.so"
unlike "$files" '\.la$' "no libtool archive"
like "$files" '^\./usr/share/cudnn-setup/manifests/index\.json\.minisig$' \
    "the signed index in /usr/share/cudnn-setup/manifests"
like "$files" '^\./usr/share/cudnn-setup/manifests/nvidia/cuda_redistrib_' \
    "NVIDIA's manifests beside it"
like "$files" '^\./usr/share/man/man1/cudnn-setup\.1\.gz$' "the man page"
like "$files" 'bash-completion/completions/cudnn-setup$' "bash completion"
like "$files" 'zsh/site-functions/_cudnn-setup$' "zsh completion"
like "$files" 'fish/vendor_completions\.d/cudnn-setup\.fish$' \
    "fish completion"
nlang=$(grep -v "^#" "$CDS_SRCDIR/po/LINGUAS" | wc -w)
is "$(printf '%s\n' "$files" |
    grep -c '^\./usr/share/locale/.*/LC_MESSAGES/cudnn-setup\.mo$')" \
    "$nlang" "a message catalogue for each language in po/LINGUAS"
unlike "$files" 'libcuda|libcudnn|libcudart|libnvidia' \
    "no NVIDIA library in the package"
# lintian: no error or warning but those debian/cudnn-setup.lintian-overrides
# explains
if command -v lintian >/dev/null 2>&1; then
	lint=$(lintian --fail-on error,warning "$deb" 2>&1)
	ok $? "lintian finds no error or warning${lint:+: $lint}"
else
	skip 1 "no lintian (Debian: apt-get install lintian)"
fi

# ---- installed into a root ------------------------------------------------
# in_pkgroot ROOT: in an overlay of ROOT, install the .deb, run the
# program, remove and purge it; each step's output in $T/NAME.*
in_pkgroot() {
	_o=$T/$(basename "$1")
	mkdir -p "$_o"
	# shellcheck disable=SC2016
	in_overlay "$1" "$T/mnt" '
DEB=$1 P=$2 O=$D
mkdir "$O/res" && cp "$DEB" "$M/tmp/" || exit 99
run() {	# run NAME COMMAND...: in the root, without network
	_n=$1; shift
	unshare -n chroot "$M" env -i PATH="$P" HOME=/root LC_ALL=C \
	    DEBIAN_FRONTEND=noninteractive "$@" >"$O/res/$_n.out" 2>&1
	echo $? >"$O/res/$_n.rc"
}
run install apt-get install -y --no-install-recommends \
    /tmp/$(basename "$DEB")
run version cudnn-setup --version
run doctor cudnn-setup --json doctor
run net cudnn-setup --manifest http://127.0.0.1:9/index.json doctor
run list dpkg -L cudnn-setup
mkdir -p "$M/opt/nvidia" && echo mine >"$M/opt/nvidia/user-file"
# what the program keeps: the update index store, its audit log as root
mkdir -p "$M/var/lib/cudnn-setup/index" && echo x >>"$M/var/log/cudnn-setup.log"
run remove apt-get remove -y cudnn-setup
for f in $(cat "$O/res/list.out"); do
	[ -d "$M$f" ] || [ ! -e "$M$f" ] || echo "$f"
done >"$O/res/left.out"
[ -e "$M/var/log/cudnn-setup.log" ] && echo log >"$O/res/kept.out"
run purge apt-get purge -y cudnn-setup
ls -d "$M/var/lib/cudnn-setup" "$M/var/log/cudnn-setup.log" \
    >"$O/res/purged.out" 2>/dev/null
cat "$M/opt/nvidia/user-file" >"$O/res/user.out" 2>&1
cp -r "$O/res" "$3/"
' "$deb" "$SYSPATH" "$_o"
}

for name in bookworm-base trixie-base; do
	root=$("$CDS_SRCDIR/tests/realworld/mkroot.sh" "$name" 2>"$T/mkroot.err")
	if [ -z "$root" ] || [ ! -d "$root" ]; then
		skip 8 "$name: no root ($(tail -n 1 "$T/mkroot.err"))"
		continue
	fi
	mkdir -p "$T/mnt"
	in_pkgroot "$root"
	r=$T/$name/res
	is "$(cat "$r/install.rc" 2>/dev/null)" 0 \
	    "$name: apt-get install ./cudnn-setup_${version}_amd64.deb, offline"
	if [ "$(cat "$r/install.rc" 2>/dev/null)" != 0 ]; then
		sed 's/^/# /' "$r/install.out" | tail -15
	fi
	like "$(cat "$r/version.out")" \
	    "^cudnn-setup $version\$" "$name: --version says $version"
	like "$(cat "$r/version.out")" '^index: version [0-9]+.*\(shipped\)$' \
	    "$name: it reads the shipped index where the package put it"
	like "$(cat "$r/doctor.out")" '"findings"' \
	    "$name: doctor runs and reports"
	like "$(cat "$r/net.out")" 'network error: http://127\.0\.0\.1:9/' \
	    "$name: a manifest URL loads the module and tries the transfer"
	is "$(cat "$r/left.out")" "" \
	    "$name: apt-get remove leaves no file of the package"
	is "$(cat "$r/kept.out")" log \
	    "$name: remove keeps the program's log until purge"
	is "$(cat "$r/purged.out")$(cat "$r/user.out")" "mine" \
	    "$name: purge takes its state and log, the user's prefix stays"
done
done_testing
