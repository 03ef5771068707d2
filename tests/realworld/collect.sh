#!/bin/sh
# collect.sh ROOT OUT CAPTURES [RUNS]: run in a mount namespace of its own
# (unshare -m); everything it mounts goes away with it.  Makes two
# read-only views of the real-world root ROOT and records, under OUT:
#
#   capture/NAME.txt, NAME.rc  what the root's own tools say (CAPTURES: lines
#                              "NAME<TAB>EXPLAIN<TAB>SHELL COMMAND", run in the
#                              chroot as the root's shell would)
#   chroot/CMD.out, .err, .rc, .ms  the program run inside the root (chroot, proc
#                              mounted, a private tmpfs /dev, the program and
#                              its data copied to /tmp/cds)
#   root/CMD.out, .err, .rc    the program run from outside with --root
#
# CMD: doctor (--json), doctor-text, plan (--json --offline), repair
# (--dry-run --json), explain-NAME (--json, of each capture whose EXPLAIN is
# 1), and each line "NAME<TAB>VAR=VALUE ...<TAB>ARGS" of RUNS.  Both run with the environment the root's login would give: PATH,
# HOME=/root, LC_ALL=C.  The views are read-only: a command that tries to
# write fails there.  The host's /dev is never bound in: NVIDIA's library
# creates /dev/nvidiactl when run as root.
#
# Needs CDS_BIN (the program), CDS_SRCDIR (its data: manifests/).
set -u
root=$1 out=$2 captures=$3 runs=${4:-/dev/null}
here=$(cd "$(dirname "$0")" && pwd)
PATH_IN=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

mkdir -p "$out/capture" "$out/chroot" "$out/root" || exit 1
vin=$(mktemp -d "${TMPDIR:-/tmp}/cds-rw-in-XXXXXX") &&
    vout=$(mktemp -d "${TMPDIR:-/tmp}/cds-rw-out-XXXXXX") || exit 1
ro_view() {
	mount --bind "$root" "$1" && mount -o remount,bind,ro "$1"
}
ro_view "$vout" || exit 1
ro_view "$vin" &&
    mount -t proc proc "$vin/proc" &&
    mount -t tmpfs -o mode=755 tmpfs "$vin/dev" &&
    mknod -m 666 "$vin/dev/null" c 1 3 &&
    mknod -m 666 "$vin/dev/zero" c 1 5 &&
    mknod -m 666 "$vin/dev/urandom" c 1 9 &&
    mount -t tmpfs -o mode=1777 tmpfs "$vin/tmp" &&
    mkdir -p "$vin/tmp/cds" &&
    cp "$CDS_BIN" "$vin/tmp/cds/cudnn-setup" &&
    mkdir -p "$vin/tmp/cds/lib" &&
    for m in "${CDS_BIN%/*}"/.libs/libcds-*.so \
        "${CDS_BIN%/*}"/lib/libcds-*.so; do
	[ ! -f "$m" ] || cp "$m" "$vin/tmp/cds/lib/" || exit 1
    done &&
    cp -R "$CDS_SRCDIR/tests/data/manifests" "$vin/tmp/cds/manifests" &&
    cp "$here/driverprobe.py" "$vin/tmp/cds/" || exit 1

# in_root CMD...: run CMD in the root, as its shell would; none runs past
# five minutes (a hang must not hang the suite)
in_root() {
	env -i PATH=$PATH_IN HOME=/root LC_ALL=C chroot "$vin" \
	    timeout 300 "$@"
}
# run VIEW NAME [VAR=VALUE...] [STDIN] -- ARGS...: the program in one view
# (the variables as one word, split at spaces)
run() {
	_v=$1 _n=$2 _in=/dev/null _env=
	shift 2
	case $1 in
	*=*) _env=$1
		shift ;;
	esac
	if [ "$1" != "--" ]; then
		_in=$1
		shift
	fi
	shift
	_t=$(date +%s%N)
	if [ "$_v" = chroot ]; then
		# shellcheck disable=SC2086
		env -i PATH=$PATH_IN HOME=/root LC_ALL=C $_env chroot "$vin" \
		    timeout 300 /tmp/cds/cudnn-setup "$@"
	else
		# the sanitizers' options kept: their reports go to the
		# test's files (tests/sanitized.sh)
		# shellcheck disable=SC2086
		env -i PATH=$PATH_IN HOME=/root LC_ALL=C $_env \
		    ${ASAN_OPTIONS+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		    ${UBSAN_OPTIONS+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		    CDS_DATADIR="$CDS_SRCDIR/tests/data" timeout 300 "$CDS_BIN" \
		    --root "$vout" "$@"
	fi <"$_in" >"$out/$_v/$_n.out" 2>"$out/$_v/$_n.err"
	echo $? >"$out/$_v/$_n.rc"
	echo $((($(date +%s%N) - _t) / 1000000)) >"$out/$_v/$_n.ms"
}

tab=$(printf '\t')
while IFS=$tab read -r name explain cmd; do
	_t=$(date +%s%N)
	in_root sh -c "$cmd" </dev/null >"$out/capture/$name.txt" 2>&1
	echo $? >"$out/capture/$name.rc"
	echo $((($(date +%s%N) - _t) / 1000000)) >"$out/capture/$name.ms"
done <"$captures"

views=root
# the program, built on this host, may not run in an older root (a newer
# glibc): then the chroot's view is skipped, saying why
if in_root /tmp/cds/cudnn-setup --version >"$out/chroot.skip" 2>&1; then
	rm -f "$out/chroot.skip"
	views="root chroot"
else
	_why=$(head -c 300 "$out/chroot.skip")
	echo "the program cannot run inside the root: $_why" >"$out/chroot.skip"
	rmdir "$out/chroot"
fi
for v in $views; do
	run $v doctor -- doctor --json
	run $v doctor-text -- doctor
	run $v plan -- plan --json --offline
	run $v repair -- repair --dry-run --json
	while IFS=$tab read -r name explain cmd; do
		[ "$explain" = 1 ] || continue
		run $v "explain-$name" "$out/capture/$name.txt" -- \
		    explain --json -
	done <"$captures"
	while IFS=$tab read -r name vars args; do
		# shellcheck disable=SC2086
		run $v "$name" ${vars:+"$vars"} -- $args
	done <"$runs"
done
umount -R "$vin" "$vout" 2>/dev/null
rmdir "$vin" "$vout"
exit 0
