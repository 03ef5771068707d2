#!/bin/sh
# mkroot.sh NAME: build (once) the real-world root NAME from Debian's own
# packages, as its recipe tests/realworld/recipes/NAME says, and print its
# path.  Roots are cached outside the source tree, in
# ${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/roots/NAME; a root whose
# stamp (roots/NAME.recipe) holds the current recipe is reused as it is.
#
# A recipe is lines of "KEY WORDS...": suite (the Debian release), packages
# (what the case is about), runtime (what the program needs to run inside
# the root), fails (packages whose postinst is expected to fail: it runs
# without network).  Everything is installed with --no-install-recommends
# from http://deb.debian.org/debian (main contrib non-free
# non-free-firmware): downloaded first, then installed inside a network
# namespace of its own, so that a postinst that fetches from elsewhere fails
# the same way on every machine.
#
# The build runs in a mount namespace with proc mounted and a private tmpfs
# /dev (null, zero, urandom): the host's /dev is never bound in, since
# NVIDIA's driver library creates /dev/nvidiactl when run as root.  It is
# made in a temporary directory beside the cache entry and renamed into
# place when complete.
#
# Exit status: 0 built or cached (path on stdout); 77 it cannot be built
# here (not root, a tool missing, the mirror unreachable: the reason on
# stderr); 1 the build failed.
set -u

MIRROR=http://deb.debian.org/debian
COMPONENTS=main,contrib,non-free,non-free-firmware
# raise when the way a root is built changes: every root is rebuilt
BUILDER=1

here=$(cd "$(dirname "$0")" && pwd)
name=${1:-}
recipe=$here/recipes/$name

say() { echo "mkroot: $name: $*" >&2; }
cannot() {
	say "$*"
	exit 77
}
die() {
	say "$*"
	exit 1
}

case $name in
'' | */* | .*) echo "usage: mkroot.sh NAME (one of: $(ls "$here/recipes" | tr '\n' ' '))" >&2
	exit 2 ;;
esac
[ -f "$recipe" ] || {
	echo "mkroot: no recipe $name (have: $(ls "$here/recipes" | tr '\n' ' '))" >&2
	exit 2
}

# recipe KEY: the words of every KEY line
field() { sed -n "s/^$1[[:space:]][[:space:]]*//p" "$recipe" | tr '\n' ' '; }
suite=$(field suite)
suite=${suite% }
packages=$(field packages)
runtime=$(field runtime)
fails=$(field fails)
[ -n "$suite" ] && [ -n "$packages" ] || die "recipe lacks suite or packages"

cache=${CDS_TEST_CACHE:-/var/cache/cudnn-setup-tests}/roots
root=$cache/$name
stamp=$cache/$name.recipe
want=$(printf 'builder %s\n' "$BUILDER"; cat "$recipe")

if [ -d "$root" ] && [ -f "$stamp" ] &&
    [ "$(cat "$stamp")" = "$want" ]; then
	echo "$root"
	exit 0
fi

[ "$(id -u)" -eq 0 ] || cannot "building a root needs root (debootstrap," \
    "chroot, mount): run as root, or build it once: sudo $0 $name"
for t in debootstrap unshare chroot flock curl mknod; do
	command -v "$t" >/dev/null 2>&1 ||
		cannot "$t is missing (Debian: apt-get install debootstrap util-linux curl)"
done
mkdir -p "$cache" || cannot "cannot create the cache $cache"

# one builder per root at a time; a second waits, then finds it built
exec 9>"$cache/.$name.lock"
flock 9 || die "cannot lock $cache/.$name.lock"
if [ -d "$root" ] && [ -f "$stamp" ] &&
    [ "$(cat "$stamp")" = "$want" ]; then
	echo "$root"
	exit 0
fi

curl -fsS -o /dev/null --max-time 20 "$MIRROR/dists/$suite/Release" \
    2>/dev/null || cannot "cannot reach $MIRROR (dists/$suite/Release):" \
    "no Debian mirror, so no real-world root"

tmp=$(mktemp -d "$cache/.$name.tmp.XXXXXX") && chmod 755 "$tmp" ||
	die "cannot make a temporary directory in $cache"
log=$cache/$name.log
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
say "building in $tmp (log: $log)"
start=$(date +%s)

debootstrap --variant=minbase --components="$COMPONENTS" "$suite" "$tmp" \
    "$MIRROR" >"$log" 2>&1 || die "debootstrap failed; the end of $log:
$(tail -n 15 "$log")"

# Install inside a mount namespace: proc, a private /dev, nothing of the
# host's.  Download with network, install without it.  dpkg skips its
# fsync()s (--force-unsafe-io): a root is thrown away if its build stops.
# shellcheck disable=SC2016
unshare -m --propagation private sh -c '
	set -u
	r=$1 pkgs=$2 log=$3
	mount -t proc proc "$r/proc" && mount -t tmpfs -o mode=755 tmpfs "$r/dev" &&
	mknod -m 666 "$r/dev/null" c 1 3 && mknod -m 666 "$r/dev/zero" c 1 5 &&
	mknod -m 666 "$r/dev/urandom" c 1 9 || exit 1
	export DEBIAN_FRONTEND=noninteractive LC_ALL=C
	in_root() {
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		    DEBIAN_FRONTEND=noninteractive LC_ALL=C chroot "$r" "$@"
	}
	# shellcheck disable=SC2086
	in_root apt-get install -y -q --no-install-recommends --download-only \
	    $pkgs >>"$log" 2>&1 || exit 1
	# shellcheck disable=SC2086
	unshare -n sh -c "
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		    DEBIAN_FRONTEND=noninteractive LC_ALL=C chroot \"$r\" \
		    apt-get install -y -q --no-install-recommends \
		    -o Dpkg::Options::=--force-unsafe-io $pkgs ||
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		    DEBIAN_FRONTEND=noninteractive LC_ALL=C chroot \"$r\" \
		    dpkg --configure -a" >>"$log" 2>&1
	in_root apt-get clean >>"$log" 2>&1
	exit 0
' mkroot "$tmp" "$packages $runtime" "$log" ||
	die "installing the packages failed; the end of $log:
$(tail -n 15 "$log")"

# Check the result: every package asked for is unpacked; a postinst fails
# only where the recipe says so, and what is left unconfigured besides waits
# on one of those.
bad=""
status() {
	chroot "$tmp" dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null |
	    cut -c1-2
}
for p in $packages $runtime; do
	case $(status "$p") in
	ii | iU | iF) ;;
	*) bad="$bad $p(not installed)" ;;
	esac
done
for p in $fails; do
	[ "$(status "$p")" = iF ] ||
		bad="$bad $p(its postinst was expected to fail; state '$(status "$p")')"
done
left=$(chroot "$tmp" dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' |
    awk '$1 != "ii" { print $2 }' | tr '\n' ' ')
for p in $left; do
	case " $fails " in
	*" $p "*) continue ;;
	esac
	if [ -z "$fails" ] || [ "$(status "$p")" != iU ]; then
		bad="$bad $p(state '$(status "$p")')"
	fi
done
[ -z "$bad" ] || die "not as the recipe says:$bad (log: $log)"
[ -n "$left" ] && say "left unconfigured, as expected: $left"

rm -rf "$root" "$stamp"
mv "$tmp" "$root" || die "cannot rename $tmp to $root"
trap - EXIT
printf '%s\n' "$want" >"$stamp"
say "built in $(($(date +%s) - start)) s, $(du -sh "$root" | cut -f1)"
echo "$root"
