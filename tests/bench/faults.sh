#!/bin/sh
# tests/bench/faults.sh - faults of every kind against one program, the
# figures in one table: kills (SIGKILL, SIGTERM, SIGINT at random moments)
# during install, use, remove, repair, update and clean; concurrent
# installs into one prefix; a
# full disk; hostile archives, manifests, journals and roots.  For each:
# tries, failures (an end state that is not the old one or the new one, an
# exit status not the one promised, a hang), anything lost (a release that
# does not match its receipt, a user's file gone, a library missing at its
# path) or escaped (a write outside the prefix, the env or the
# destination).  The goal is zero in the last three columns everywhere.
# Not pass/fail: run by hand,
#   make bench-faults [FAULT_TRIES=20] [FAULT_ONLY="update clean"]
# (kills per phase; 8 times as many for repair, whose trials rotate over
# three conda envs and a system's Python (--root) and cut the repair or
# its undo; the hostile sets are fixed).
# Reuses the machinery of tests/sys/install-crash.sh (kills, prefix_check),
# tests/sys/repair-crash.sh (tests/fixtures/repairkill.py: kills at a call
# that changes a file, with strace), update-crash.sh and clean-crash.sh
# (tests/fixtures/statekill.py, the same way; SIGKILL only),
# install-lock.sh (concurrent runs),
# install-space.sh (a 2 MiB tmpfs; root only) and install-safety.sh /
# archive.sh (crafted archives).
. "$CDS_SRCDIR/tests/lib.sh" >/dev/null
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
N=${FAULT_TRIES:-20}
# want SECTION: FAULT_ONLY (e.g. "update clean") names the sections to run;
# unset, all: kills repair update clean concurrent full archives manifests
# journals roots
want() { case " ${FAULT_ONLY:-$1} " in *" $1 "*) return 0 ;; esac; return 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-faults-XXXXXX")
trap 'umount "$T/full/opt" 2>/dev/null; rm -rf "$T"' EXIT
ROWS=""
row() {	# row WHAT TRIES FAILURES LOST ESCAPED
	ROWS="$ROWS$(printf '%-34s %7s %9s %6s %8s' "$1" "$2" "$3" "$4" "$5")
"
	printf '%s: %s tries, %s failures, %s lost, %s escaped\n' "$1" "$2" \
		"$3" "$4" "$5" >&2
}
sig() {	# a signal, by try
	case $(($1 % 3)) in 0) echo KILL ;; 1) echo TERM ;; *) echo INT ;; esac
}

# the repository (mirror, tests/lib.sh): txn_releases' (the hostile
# manifests are made for it) with a libcublas of 400 headers and 2 MiB
build_mirror() {
	mka_component cuda_cudart 12.4.127 && mka_component cuda_nvcc 12.4.131 &&
	mka_component cuda_nvrtc 12.4.127 &&
	mkdir -p "$T/bulk/include" "$T/bulk/lib" && echo l >"$T/bulk/LICENSE" &&
	python3 -c 'import os, sys
for i in range(400):
    open("%s/include/p%d.h" % (sys.argv[1], i), "w").write("/* %d */\n" % i)
open(sys.argv[1] + "/lib/libcublas_blob.a", "wb").write(os.urandom(1 << 20) * 2)' \
		"$T/bulk" &&
	XZ_FLAGS=-0 mka_packdir libcublas 12.4.5.8 -- "$T/bulk" >/dev/null &&
	mka_release_cuda 12.4.1 cuda_cudart cuda_nvcc cuda_nvrtc libcublas &&
	mka_cuda 12.6.3 cuda_cudart && mka_cudnn 9.3.0.75 cuda12 cuda11
}
mirror "$T/mirror" -r build_mirror || { cat "$T/mirror.log"; exit 1; }
run() {	# run ROOT ARGS...
	_r=$1
	shift
	"$CDS_BIN" --root "$_r" --manifest "$M" --offline --cache "$T/mirror" \
		"$@" </dev/null
}
# a user's files beside the prefix, that nothing may touch
mk_user() {
	mkdir -p "$1/home/user/keep" "$1/opt/other"
	echo precious >"$1/home/user/keep/file"
	echo mine >"$1/opt/other/file"
}
user_hash() { tree_hash "$1/home" content; tree_hash "$1/opt/other" content; }
S=$(mk_sysroot)
t0=$(date +%s.%N)
run "$S" install --cuda 12.4.1 --cudnn 9.3.0 --yes >/dev/null 2>&1
dur=$(python3 -c "print(max(0.1, $(date +%s.%N) - $t0))")
rm -rf "$S"

# --- kills during install, use and remove --------------------------------------
if want kills; then
kills() {	# kills WHAT: N tries
	_what=$1 _f=0 _l=0 _e=0 _i=0
	R=$(mk_sysroot)
	P=$R/opt/nvidia
	mk_user "$R"
	uh=$(user_hash "$R")
	while [ "$_i" -lt "$N" ]; do
		_i=$((_i + 1))
		case $_what in
		install) run "$R" remove --force cuda-12.4.1 >/dev/null 2>&1
			set -- install --cuda 12.4.1 --cudnn 9.3.0 --yes
			d=$dur ;;
		use) run "$R" install --cuda 12.6.3 --cudnn none --yes \
				>/dev/null 2>&1
			run "$R" install --cuda 12.4.1 --cudnn 9.3.0 --yes \
				>/dev/null 2>&1
			if [ $((_i % 2)) -eq 0 ]; then
				set -- use cuda-12.6.3
			else
				set -- use cuda-12.4.1
			fi
			d=0.3 ;;
		remove) run "$R" install --cuda 12.4.1 --cudnn 9.3.0 --yes \
				>/dev/null 2>&1
			set -- remove --force cuda-12.4.1
			d=0.5 ;;
		esac
		delay=$(python3 -c "import random; print('%.3f' % random.uniform(0, $d))")
		(exec "$CDS_BIN" --root "$R" --manifest "$M" --offline \
			--cache "$T/mirror" "$@" >/dev/null 2>&1 </dev/null) &
		pid=$!
		sleep "$delay"
		kill -"$(sig "$_i")" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		if ! LEFTOVERS=ok prefix_check "$P" >/dev/null; then
			_l=$((_l + 1))
		fi
		for l in cuda cudnn; do
			if [ -L "$P/$l" ] && [ ! -e "$P/$l" ] && ! grep -q \
			    "^begin remove" "$P/.state/journal" 2>/dev/null; then
				_f=$((_f + 1))
			fi
		done
		# the next run finishes or undoes what was cut
		if ! run "$R" list >/dev/null 2>&1 ||
			! run "$R" install --cuda 12.4.1 --cudnn 9.3.0 --yes \
			>/dev/null 2>&1 || ! prefix_check "$P" >/dev/null; then
			_f=$((_f + 1))
		fi
		[ "$(user_hash "$R")" = "$uh" ] || _e=$((_e + 1))
	done
	rm -rf "$R"
	row "kills during $_what" "$N" "$_f" "$_l" "$_e"
}
kills install
kills use
kills remove
fi

# --- kills during repair and its undo --------------------------------------------
if want repair; then
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/repairkill.sh"
if (rk_envs "$T/rk") >"$T/rk.log" 2>&1; then
	# "kind NAME tries N failed N lost N escaped N killed N" per target,
	# then the totals
	(rk_trials "$T/rk" $((N * 8)) "${FAULT_SEED:-$$}") >"$T/rk.out" 2>&1
	# shellcheck disable=SC2046
	set -- $(awk '$1 == "kind" && $2 != "system" {
		for (i = 3; i < NF; i += 2) { s[$i] += $(i + 1) } }
		END { print s["tries"] + 0, s["failed"] + 0, s["lost"] + 0,
		    s["escaped"] + 0 }' "$T/rk.out")
	if [ "${1:-0}" -gt 0 ]; then
		row "kills during repair+undo, conda" "$1" "$2" "$3" "$4"
	else
		row "kills during repair+undo, conda" "error" "-" "-" "-"
	fi
	# shellcheck disable=SC2046
	set -- $(awk '$1 == "kind" && $2 == "system" {
		print $4, $6, $8, $10 }' "$T/rk.out")
	if [ "${1:-0}" -gt 0 ]; then
		row "kills during repair+undo, system" "$1" "$2" "$3" "$4"
	else
		row "kills during repair+undo, system" "error" "-" "-" "-"
	fi
	grep -v '^tries \|^kind ' "$T/rk.out" | head -20 >&2
else
	row "kills during repair and undo" "skipped" "(no" "cc)" "-"
fi
fi

# --- kills during update and clean ------------------------------------------------
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/statekill.sh"
# nginx stops with the rest, from this script's own trap
FIX_TRAPPED=1
trap 'fix_stop_all; umount "$T/full/opt" 2>/dev/null; rm -rf "$T"' EXIT
# skrow WHAT KIND: the row of statekill.py's trials of KIND in $T/sk-KIND
skrow() {
	_k=$2
	# shellcheck disable=SC2046
	set -- "$1" $(sed -n 's/^tries \([0-9]*\) failed \([0-9]*\) lost \([0-9]*\) escaped \([0-9]*\) .*/\1 \2 \3 \4/p' "$T/sk-$2.out")
	if [ "${2:-0}" -gt 0 ]; then
		row "$1" "$2" "$3" "$4" "$5"
	else
		row "$1" "error" "-" "-" "-"
	fi
	grep -v '^tries ' "$T/sk-$_k.out" | head -10 >&2
}
if want update; then
mkdir -p "$T/sk-update" "$T/sk-clean"
if sk_update_setup "$T/sk-update" >"$T/sk.log" 2>&1; then
	sk_trials update "$T/sk-update" "$N" "${FAULT_SEED:-$$}" \
		>"$T/sk-update.out" 2>&1
	skrow "kills during update" update
else
	row "kills during update" "skipped" "(${SK_WHY:-})" "-" "-"
fi
ngx_stop 2>/dev/null
fi
if want clean; then
_m=$M	# sk_clean_setup sets M to its own mirror's index
if sk_clean_setup "$T/sk-clean" >"$T/sk.log" 2>&1; then
	sk_trials clean "$T/sk-clean" "$N" "${FAULT_SEED:-$$}" \
		>"$T/sk-clean.out" 2>&1
	skrow "kills during clean" clean
else
	row "kills during clean" "skipped" "(${SK_WHY:-})" "-" "-"
fi
M=$_m
fi

# --- concurrent installs into one prefix ------------------------------------------
if want concurrent; then
R=$(mk_sysroot)
P=$R/opt/nvidia
f=0 l=0 i=0
while [ "$i" -lt "$N" ]; do
	i=$((i + 1))
	run "$R" remove --force cuda-12.4.1 >/dev/null 2>&1
	run "$R" install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/a" 2>&1 &
	a=$!
	run "$R" install --cuda 12.4.1 --cudnn 9.3.0 --yes >"$T/b" 2>&1 &
	b=$!
	wait $a; ra=$?
	wait $b; rb=$?
	[ "$ra" -eq 0 ] && [ "$rb" -eq 0 ] || f=$((f + 1))
	prefix_check "$P" >/dev/null || l=$((l + 1))
done
rm -rf "$R"
row "concurrent installs (pairs)" "$N" "$f" "$l" 0
fi

# --- a full disk (a 2 MiB tmpfs; root only) ----------------------------------------
if want full; then
mkdir -p "$T/zeros/lib"
head -c 6000000 /dev/zero >"$T/zeros/lib/libzeros.a"
cp -a "$T/mirror" "$T/zm"
(MKA_DIR=$T/zm MKA_PLATFORM=linux-x86_64
	: >"$T/zm/.mka/entries.tsv"; : >"$T/zm/.mka/releases.tsv"
	mka_packdir cuda_cudart 12.8.90 -- "$T/zeros" >/dev/null &&
	mka_release_cuda 12.8.1 cuda_cudart && mka_index) >/dev/null 2>&1
R=$T/full
mkdir -p "$R/opt" "$R/etc"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=2m cds-faults "$R/opt" \
	2>/dev/null; then
	f=0 l=0 i=0
	while [ "$i" -lt 5 ]; do
		i=$((i + 1))
		"$CDS_BIN" --root "$R" --manifest "$T/zm/index.json" --offline \
			--cache "$T/zm" install --cuda 12.8.1 --cudnn none --yes \
			>/dev/null 2>&1 </dev/null
		rc=$?
		[ "$rc" -eq 3 ] || f=$((f + 1))
		[ -z "$(ls -A "$R/opt/nvidia/.state/staging" 2>/dev/null)" ] &&
			[ ! -e "$R/opt/nvidia/cuda-12.8.1" ] || f=$((f + 1))
		prefix_check "$R/opt/nvidia" >/dev/null || l=$((l + 1))
	done
	umount "$R/opt"
	row "disk full while unpacking" 5 "$f" "$l" 0
else
	row "disk full while unpacking" "skipped" "(needs" "root)" "-"
fi
fi

# --- hostile archives ----------------------------------------------------------------
if want archives; then
f=0 l=0 e=0 n=0
for spec in "symlink:x:../../../../../../..$T/esc" "file:../../esc:x" \
	"symlink:up:../../..@file:up/esc:x" "hardlink:h:/etc/passwd" \
	"fifo:p" "chr:c" "blk:b" "symlink:d:/tmp@file:d/esc:x" \
	"zeros:big:100000000" "many:f:50000" "file:lib/../../../esc:x" \
	"symlink:a:b@symlink:b:a@file:a/x:y"; do
	n=$((n + 1))
	R=$(mk_sysroot)
	mk_user "$R"
	uh=$(user_hash "$R")
	cp -a "$T/mirror" "$T/h"
	(MKA_DIR=$T/h MKA_PLATFORM=linux-x86_64
		: >"$T/h/.mka/entries.tsv"; : >"$T/h/.mka/releases.tsv"
		# shellcheck disable=SC2046
		mka_crafted cuda_cudart 12.9.79 -- dir:lib $(echo "$spec" |
			tr '@' ' ') >/dev/null &&
		mka_release_cuda 12.9.1 cuda_cudart && mka_index) >/dev/null 2>&1
	rm -f "$T/esc" "$R/esc"
	"$CDS_BIN" --root "$R" --manifest "$T/h/index.json" --offline \
		--cache "$T/h" install --cuda 12.9.1 --cudnn none --yes \
		>/dev/null 2>&1 </dev/null
	rc=$?
	[ "$rc" -ne 0 ] && [ ! -e "$R/opt/nvidia/cuda-12.9.1" ] || f=$((f + 1))
	[ -e "$T/esc" ] || [ -e "$R/esc" ] || [ -e "$R/opt/esc" ] && e=$((e + 1))
	[ "$(user_hash "$R")" = "$uh" ] || e=$((e + 1))
	prefix_check "$R/opt/nvidia" >/dev/null 2>&1 || l=$((l + 1))
	rm -rf "$R" "$T/h"
done
row "hostile archives" "$n" "$f" "$l" "$e"
fi

# --- hostile manifests -----------------------------------------------------------------
if want manifests; then
. "$CDS_SRCDIR/tests/fixtures/hostile-manifests.sh"
f=0 e=0 n=0
# hm NAME WHAT MANIFEST FIELD ARGS CODE: install with the crafted copy
hm() {
	n=$((n + 1))
	craft_manifest "$T/mirror" "$T/hm" "$6"
	R=$(mk_sysroot)
	mk_user "$R"
	before=$(tree_hash "$R")
	rm -f "$T/esc"
	# shellcheck disable=SC2086
	"$CDS_BIN" --root "$R" --manifest "$T/hm/$3" --offline \
		--cache "$T/hm" install $5 --yes >/dev/null 2>&1 </dev/null
	[ $? -eq 2 ] || f=$((f + 1))
	[ "$(tree_hash "$R")" = "$before" ] || f=$((f + 1))
	ls "$T" | grep -q esc && e=$((e + 1))
	rm -rf "$R"
}
hostile_manifests "$T/esc"
row "hostile manifests" "$n" "$f" 0 "$e"
fi

# --- hostile journals ----------------------------------------------------------------
if want journals; then
R=$(mk_sysroot)
P=$R/opt/nvidia
mk_user "$R"
run "$R" install --cuda 12.4.1 --cudnn none --yes >/dev/null 2>&1
f=0 l=0 e=0 n=0
for j in "begin remove\nitem ../../home/user/keep\n" \
	"begin install\nitem ../../../../../..$R/home/user\n" \
	"begin remove\nitem cuda-12.4.1/../../../home/user/keep\n" \
	"rm -rf /\n" "begin install\nitem cuda-1\0\n" "FIFO" "BIG"; do
	n=$((n + 1))
	uh=$(user_hash "$R")
	ph=$(tree_hash "$P/cuda-12.4.1" content)
	rm -f "$P/.state/journal"
	case $j in
	FIFO) mkfifo "$P/.state/journal" ;;
	BIG) head -c 2000000 /dev/zero | tr '\0' x >"$P/.state/journal" ;;
	*) printf "$j" >"$P/.state/journal" ;;
	esac
	timeout 60 "$CDS_BIN" --root "$R" --manifest "$M" --offline \
		--cache "$T/mirror" use cuda-12.4.1 >/dev/null 2>&1 </dev/null
	[ $? -eq 2 ] || f=$((f + 1))
	[ "$(user_hash "$R")" = "$uh" ] || e=$((e + 1))
	[ "$(tree_hash "$P/cuda-12.4.1" content)" = "$ph" ] || l=$((l + 1))
done
rm -f "$P/.state/journal"
rm -rf "$R"
row "hostile journals" "$n" "$f" "$l" "$e"
fi

# --- hostile roots: FIFOs and 20 GB files where doctor reads ---------------------------
if want roots; then
f=0 n=0
for path in /proc/driver/nvidia/version /etc/ld.so.conf \
	/usr/local/cuda-12.4/version.json /etc/apt/sources.list.d/cuda.list \
	/home/user/.conda/environments.txt; do
	for kind in fifo big; do
		n=$((n + 1))
		R=$(mk_sysroot)
		mkdir -p "$(dirname "$R$path")"
		rm -f "$R$path"
		if [ "$kind" = fifo ]; then
			mkfifo "$R$path"
		else
			truncate -s 20G "$R$path"
		fi
		for cmd in doctor plan; do
			HOME=/home/user timeout 60 "$CDS_BIN" --root "$R" \
				--manifest "$M" $cmd >/dev/null 2>&1 </dev/null
			rc=$?
			[ "$rc" -eq 124 ] || [ "$rc" -ge 128 ] && f=$((f + 1))
		done
		rm -rf "$R"
	done
done
row "hostile roots (doctor and plan)" "$n" "$f" 0 0
fi

echo
printf '%-34s %7s %9s %6s %8s\n' "fault" "tries" "failures" "lost" "escaped"
printf '%s' "$ROWS"
