#!/bin/sh
# tests/tools/ldmatrix.sh - the loader matrix: the emulation of ld.so
# (src/scan/loader.c) against glibc's real ld.so on generated cases.
#
#   tests/tools/ldmatrix.sh [--figure] [--keep DIR] [-j JOBS]
#
# It builds throwaway roots (a copy of this machine's C library, the real
# NVIDIA libraries of /usr/local/cuda linked in, libraries compiled here
# with real sonames, symbol versions, RPATH/RUNPATH and ELF classes, an
# /etc/ld.so.conf and the cache `ldconfig -X -r ROOT` makes from it), then
# runs tests/tools/ldmatrix: every case is dlopen()ed for real inside its
# root (chroot) and emulated with the same root, and each request's result
# (the files loaded, or dlerror()'s text) is compared.  It prints the
# disagreements, a line per class, and last
#   loader agreement with ld.so: N of M (P%)
# --figure prints only that line.  --keep DIR builds in DIR and leaves it.
#
# Classes (the name of each case says which): nvidia-* (the real NVIDIA
# libraries: by path, by soname through LD_LIBRARY_PATH and the cache,
# shadowed by other copies earlier on the path), order (RPATH, RUNPATH,
# LD_LIBRARY_PATH, inherited RPATH, $ORIGIN, $LIB), cache (ld.so.conf and
# ldconfig's rules for what it lists), version (missing versions, missing
# symbols, hidden and weak versions, unversioned definitions, the first
# failing relocation), class (ELFCLASS32, x32, aarch64), unusable (files
# ld.so refuses), nodeflib (DF_1_NODEFLIB), multi (several requests in one
# process).  Cases of the emulation's documented limits (doc/loader.md)
# are run as "limit:NAME" and never counted.
#
# Needs: root, or user namespaces (`unshare -r`), for chroot; cc; ldconfig;
# readelf.  Without /usr/local/cuda the nvidia-* classes are left out, and
# a line says so.  Environment: CDS_BUILDDIR (default .), CDS_SRCDIR,
# CC.  Exit status: ldmatrix's (0, or 3 when the matrix could not run).
set -u

FIGURE=
KEEP=
JOBS=2
while [ $# -gt 0 ]; do
	case $1 in
	--figure) FIGURE=--figure; shift ;;
	--keep) KEEP=$2; shift 2 ;;
	-j) JOBS=$2; shift 2 ;;
	*) echo "usage: $0 [--figure] [--keep DIR] [-j JOBS]" >&2; exit 2 ;;
	esac
done
B=${CDS_BUILDDIR:-.}
CC=${CC:-cc}
DRV=$B/tests/tools/lddlopen
CMP=$B/tests/tools/ldmatrix
for p in "$DRV" "$CMP"; do
	if [ ! -x "$p" ]; then
		echo "ldmatrix: $p is not built (make check builds it)" >&2
		exit 3
	fi
done
LDCONFIG=$(command -v ldconfig || echo /sbin/ldconfig)
case $(uname -m) in
x86_64) ASM=yes ;;
*) ASM=no ;;
esac

if [ -n "$KEEP" ]; then
	T=$KEEP
	rm -rf "$T"
	mkdir -p "$T" || exit 3
else
	T=$(mktemp -d "${TMPDIR:-/tmp}/cds-ldmatrix-XXXXXX") || exit 3
	trap 'rm -rf "$T"' EXIT INT TERM
fi
T=$(cd "$T" && pwd -P)
T0=$(date +%s)
mkdir -p "$T/src" "$T/link" "$T/fx" "$T/base"
say() { [ -n "$FIGURE" ] || echo "# $*"; }
die() { echo "ldmatrix: $*" >&2; exit 3; }

# ---------------------------------------------------------------- building
# mklib OUT SONAME [OPTION...]: compile a library OUT (soname "-": none).
#   -d F,G      define functions F, G        -o X,Y   define data X, Y
#   -u F,G      call functions F, G (PLT)    -g X,Y   take the address of
#   -w F,G      weak references to F, G               data X, Y (.rela.dyn)
#   -S IMPL,SYM@V   define IMPL and give it the version name SYM@V (@@:
#                   the default)
#   -e TEXT     a line of C                  -s SCRIPT  a version script
#   -n FILE     link against FILE            -z KEY   a linker -z keyword
#   -r DIRS     DT_RPATH                     -R DIRS  DT_RUNPATH
#   -m32 | -mx32  another class              -x FLAGS  instead of -shared
#   -c          link the C library and call strlen (a versioned import)
# The options are walked twice: mklib_src writes the source, mklib the
# link line.  On x86-64 a library without -c, -e, -x or another class is
# written in assembly (mklib_asm): the same symbols and relocations, at
# half the compiler's cost.
mklib() {
	_out=$1 _so=$2
	shift 2
	_src=$(mktemp "$T/src/lib-XXXXXX") || return 1
	_ext=c
	if [ "$ASM" = yes ] && mklib_asm "$@" >"$_src.s"; then
		_ext=s
	else
		mklib_src "$@" >"$_src.c"
	fi
	_std=-nostdlib _arch= _kind="-shared -fPIC"
	set -- "$@" --end--
	while [ "$1" != --end-- ]; do
		case $1 in
		-s) printf '%s\n' "$2" >"$_src.map"
			set -- "$@" "-Wl,--version-script,$_src.map"; shift 2 ;;
		-n) set -- "$@" "$2"; shift 2 ;;
		-r) set -- "$@" -Wl,--disable-new-dtags "-Wl,-rpath,$2"
			shift 2 ;;
		-R) set -- "$@" -Wl,--enable-new-dtags "-Wl,-rpath,$2"
			shift 2 ;;
		-z) set -- "$@" "-Wl,-z,$2"; shift 2 ;;
		-m32|-mx32) _arch=$1; shift ;;
		-c) _std=; shift ;;
		-x) _kind=$2; shift 2 ;;
		*) shift 2 ;;
		esac
	done
	shift
	mkdir -p "$(dirname "$_out")"
	if [ "$_so" != - ]; then
		set -- "-Wl,-soname,$_so" "$@"
	fi
	# shellcheck disable=SC2086
	$CC $_kind -O1 $_std $_arch -Wl,--no-as-needed -o "$_out" \
		"$_src.$_ext" "$@" 2>"$_src.err" ||
		{ echo "ldmatrix: cannot build $_out:" >&2
		  cat "$_src.err" >&2; return 1; }
	rm -f "$_src" "$_src.c" "$_src.s" "$_src.err" "$_src.map"
}

# mklib_asm OPTION...: the library as x86-64 assembly; non-zero when an
# option needs the C compiler
mklib_asm() {
	_fn() {
		printf '\t.text\n\t.globl %s\n\t.type %s, @function\n' "$1" "$1"
		printf '%s:\n\t%s\n\t.size %s, .-%s\n' "$1" "$2" "$1" "$1"
	}
	_obj() {
		printf '\t.data\n\t.globl %s\n\t.type %s, @object\n' "$1" "$1"
		printf '\t.size %s, %s\n%s:\n\t%s\n' "$1" "$2" "$1" "$3"
	}
	while [ $# -gt 0 ]; do
		_v=${2:-}
		case $1 in
		-d) for _s in $(echo "$_v" | tr , ' '); do
			_fn "$_s" 'movl $1, %eax; ret'; done ;;
		-o) for _s in $(echo "$_v" | tr , ' '); do
			_obj "$_s" 4 '.long 1'; done ;;
		-u) for _s in $(echo "$_v" | tr , ' '); do
			_fn "call_$_s" "jmp $_s@PLT"; done ;;
		-g) for _s in $(echo "$_v" | tr , ' '); do
			_obj "ptr_$_s" 8 ".quad $_s"; done ;;
		-w) for _s in $(echo "$_v" | tr , ' '); do
			printf '\t.weak %s\n' "$_s"
			_fn "wcall_$_s" "jmp $_s@PLT"; done ;;
		-S) _fn "${_v%%,*}" 'movl $2, %eax; ret'
			printf '\t.symver %s, %s\n' "${_v%%,*}" "${_v#*,}" ;;
		-c|-e|-x|-m32|-mx32) return 1 ;;
		esac
		case $1 in
		-c|-m32|-mx32) shift ;;
		*) shift 2 ;;
		esac
	done
	_fn ldmatrix_lib 'xorl %eax, %eax; ret'
	printf '\t.section .note.GNU-stack,"",@progbits\n'
}

mklib_src() {
	while [ $# -gt 0 ]; do
		_v=${2:-}
		case $1 in
		-d) for _s in $(echo "$_v" | tr , ' '); do
			echo "int $_s(void) { return 1; }"; done ;;
		-o) for _s in $(echo "$_v" | tr , ' '); do
			echo "int $_s = 1;"; done ;;
		-u) for _s in $(echo "$_v" | tr , ' '); do
			echo "int $_s(void);"
			echo "int call_$_s(void) { return $_s() + 1; }"
		done ;;
		-g) for _s in $(echo "$_v" | tr , ' '); do
			echo "extern int $_s;"
			echo "int *ptr_$_s = &$_s;"
		done ;;
		-w) for _s in $(echo "$_v" | tr , ' '); do
			echo "int $_s(void) __attribute__((weak));"
			echo "int wcall_$_s(void) { return $_s ? $_s() : 0; }"
		done ;;
		-S) echo "int ${_v%%,*}(void) { return 2; }"
			echo "__asm__(\".symver ${_v%%,*}, ${_v#*,}\");" ;;
		-c) echo "#include <string.h>"
			echo "size_t use_libc(const char *s) { return strlen(s); }"
			;;
		-e) echo "$_v" ;;
		esac
		case $1 in
		-c|-m32|-mx32) shift ;;
		*) shift 2 ;;
		esac
	done
	echo "int ldmatrix_lib(void) { return 0; }"
}

# patch FILE OFFSET OCTAL-BYTES: overwrite bytes of FILE in place.
patch() {
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# link_tree SRC DST: DST becomes SRC's tree, its files hard links; where
# they cannot be (another file system), DST is bound onto SRC when the
# matrix runs ($T/binds).
link_tree() {
	mkdir -p "$(dirname "$2")"
	cp -al "$1" "$2" 2>/dev/null && return 0
	rm -rf "$2"
	mkdir -p "$2"
	echo "$1 $2" >>"$T/binds"
}

# mirror HOSTPATH ROOT: copy HOSTPATH into ROOT at the same path, with
# every symbolic link on the way made again inside ROOT (a directory at
# the end is linked with link_tree).
mirror() {
	_p=$1 _r=$2 _done=
	_rest=${_p#/}
	while [ -n "$_rest" ]; do
		_c=${_rest%%/*}
		if [ "$_c" = "$_rest" ]; then _rest=; else _rest=${_rest#*/}; fi
		_done=$_done/$_c
		if [ -L "$_done" ]; then
			_l=$(readlink "$_done")
			[ -e "$_r$_done" ] || [ -L "$_r$_done" ] ||
				ln -s "$_l" "$_r$_done"
			case $_l in
			/*) _done= _rest=${_l#/}${_rest:+/$_rest} ;;
			*) _done=${_done%/*}
			   _rest=$_l${_rest:+/$_rest} ;;
			esac
			continue
		fi
		if [ -n "$_rest" ]; then
			mkdir -p "$_r$_done"
		elif [ -d "$_done" ]; then
			link_tree "$_done" "$_r$_done"
		elif [ ! -e "$_r$_done" ]; then
			cp "$_done" "$_r$_done"
		fi
	done
}

# L OUT SONAME [OPTION...]: mklib in the background, JOBS at a time; a
# failure is remembered in $T/FAILED.  Call `settle` before using the
# results.
_nbg=0
L() {
	{ mklib "$@" || echo "$1" >>"$T/FAILED"; } &
	_nbg=$((_nbg + 1))
	if [ "$_nbg" -ge "$JOBS" ]; then
		wait
		_nbg=0
	fi
}
settle() {
	wait
	_nbg=0
	[ ! -s "$T/FAILED" ] || die "cannot build $(cat "$T/FAILED")"
}

# cases: C CLASS ROOT ENV NAME... appends one case
CASES=$T/cases.tsv
: >"$CASES"
C() {
	_c=$1 _r=$2 _e=$3
	shift 3
	printf '%s\t%s\t%s' "$_c" "$_r" "$_e" >>"$CASES"
	printf '\t%s' "$@" >>"$CASES"
	printf '\n' >>"$CASES"
}
# each NAME... in its own process
CE() {
	_c=$1 _r=$2 _e=$3
	shift 3
	for _x in "$@"; do
		C "$_c" "$_r" "$_e" "$_x"
	done
}

# --------------------------------------------------------- the C library
# the files this machine's ld.so loads for our program and for what the
# NVIDIA libraries need, copied at the same paths (links made again)
HOSTOBJS=$("$DRV" libstdc++.so.6 libz.so.1 libgcc_s.so.1 libm.so.6 \
	libdl.so.2 libpthread.so.0 librt.so.1 libutil.so.1 |
	awk -F '\t' '$1 == "start" { print $2 } $1 == "obj" { print $3 }')
[ -n "$HOSTOBJS" ] || die "$DRV does not run here"
for p in $HOSTOBJS; do
	mirror "$p" "$T/base"
done
LIBC=$(echo "$HOSTOBJS" | grep '/libc\.so\.6$' | head -1)
LIBCDIR=$(cd "$(dirname "$LIBC")" && pwd -P)
cp "$DRV" "$T/base/lddlopen"
mkdir -p "$T/base/etc" "$T/base/var/cache/ldconfig" "$T/base/usr/lib"

# ------------------------------------------- fixtures: the search order
F=$T/fx
K=$T/link
L "$F/opt/m/o/r/libdep.so.1" libdep.so.1 -d dep,dep_r
L "$F/opt/m/o/l/libdep.so.1" libdep.so.1 -d dep,dep_l
L "$F/opt/m/o/u/libdep.so.1" libdep.so.1 -d dep,dep_u
L "$F/opt/m/c1/libdep.so.1" libdep.so.1 -d dep,dep_c
settle
DEP=$F/opt/m/o/r/libdep.so.1
L "$F/opt/m/o/m/libmid.so.1" libmid.so.1 -n "$DEP" -u dep -d mid
L "$F/opt/m/o/mu/libmidu.so.1" libmidu.so.1 -R /nonexistent -n "$DEP" \
	-u dep -d mid
settle
L "$F/opt/m/o/librp.so.1" librp.so.1 -r /opt/m/o/r -n "$DEP" -u dep
L "$F/opt/m/o/librun.so.1" librun.so.1 -R /opt/m/o/u -n "$DEP" -u dep
L "$F/opt/m/o/libnone.so.1" libnone.so.1 -n "$DEP" -u dep
L "$F/opt/m/o/librp2.so.1" librp2.so.1 -r /nonexistent:/opt/m/o/r/ \
	-n "$DEP" -u dep
L "$F/opt/m/o/librpdup.so.1" librpdup.so.1 \
	-r /opt/m/o/l:/opt/m/o/l:/opt/m/o/r -n "$DEP" -u dep
L "$F/opt/m/o/libtop.so.1" libtop.so.1 -r /opt/m/o/r:/opt/m/o/m \
	-n "$F/opt/m/o/m/libmid.so.1" -u mid
L "$F/opt/m/o/libtopu.so.1" libtopu.so.1 -r /opt/m/o/r:/opt/m/o/mu \
	-n "$F/opt/m/o/mu/libmidu.so.1" -u mid
L "$F/opt/m/o/librunchain.so.1" librunchain.so.1 \
	-R /opt/m/o/r:/opt/m/o/m -n "$F/opt/m/o/m/libmid.so.1" -u mid
L "$F/opt/m/o/librunrp.so.1" librunrp.so.1 -R /opt/m/o/u \
	-n "$F/opt/m/o/m/libmid.so.1" -u mid
# $ORIGIN, ${ORIGIN}, $LIB, $PLATFORM
L "$F/opt/m/x/dep/libodep.so.1" libodep.so.1 -d odep
L "$F/opt/m/x/lib/libodep2.so.1" libodep2.so.1 -d odep2
for d in lib64 lib/x86_64-linux-gnu lib lib/i386-linux-gnu; do
	L "$F/opt/m/x/$d/libldep.so.1" libldep.so.1 -d ldep
done
for d in x86_64 haswell xeon_phi i686; do
	L "$F/opt/m/x/$d/libpdep.so.1" libpdep.so.1 -d pdep
done
settle
L "$F/opt/m/x/lib/liborig.so.1" liborig.so.1 -R '$ORIGIN/../dep' \
	-n "$F/opt/m/x/dep/libodep.so.1" -u odep
L "$F/opt/m/x/lib/liborigr.so.1" liborigr.so.1 -r '$ORIGIN/../dep' \
	-n "$F/opt/m/x/dep/libodep.so.1" -u odep
L "$F/opt/m/x/lib/liborigb.so.1" liborigb.so.1 -R '${ORIGIN}/../dep/' \
	-n "$F/opt/m/x/dep/libodep.so.1" -u odep
L "$F/opt/m/x/lib/liborigs.so.1" liborigs.so.1 -R '$ORIGIN' \
	-n "$F/opt/m/x/lib/libodep2.so.1" -u odep2
L "$F/opt/m/x/lib/liblib.so.1" liblib.so.1 -R '/opt/m/x/$LIB' \
	-n "$F/opt/m/x/lib/libldep.so.1" -u ldep
L "$F/opt/m/x/lib/libplat.so.1" libplat.so.1 -R '/opt/m/x/${PLATFORM}' \
	-n "$F/opt/m/x/x86_64/libpdep.so.1" -u pdep
settle
ln -s x "$F/opt/m/xlink"
mkdir -p "$F/opt/m/y"
ln -s ../x/lib/liborig.so.1 "$F/opt/m/y/liborig.so.1"

O=/opt/m/o
for r in cuda plain; do
	for e in - LD_LIBRARY_PATH=$O/l LD_LIBRARY_PATH=$O/l:$O/u \
	    "LD_LIBRARY_PATH=$O/u;$O/l" LD_LIBRARY_PATH=/nonexistent \
	    LD_LIBRARY_PATH=$O/l/:$O/l LD_LIBRARY_PATH=/opt/m/c1; do
		CE order $r "$e" $O/librp.so.1 $O/librun.so.1 $O/libnone.so.1 \
			$O/librp2.so.1 $O/librpdup.so.1 $O/libtop.so.1 \
			$O/libtopu.so.1 $O/librunchain.so.1 $O/librunrp.so.1
	done
done
CE order cuda LD_LIBRARY_PATH=$O:$O/l librp.so.1 librun.so.1 libnone.so.1 \
	libtop.so.1 libtopu.so.1 librunchain.so.1
X=/opt/m/x
for e in - LD_LIBRARY_PATH=$X/dep; do
	CE order cuda "$e" $X/lib/liborig.so.1 /opt/m/xlink/lib/liborig.so.1 \
		/opt/m/y/liborig.so.1 $X/lib/../lib/liborig.so.1 \
		$X/lib/liborigr.so.1 $X/lib/liborigb.so.1 \
		$X/lib/liborigs.so.1 $X/lib/liblib.so.1 $X/lib/libplat.so.1
done
CE order cuda "LD_LIBRARY_PATH=$X/\$LIB" libldep.so.1
CE order cuda "LD_LIBRARY_PATH=$X/\${PLATFORM}:$X/i686" libpdep.so.1

# --------------------------------------------- fixtures: ldconfig's cache
C1=$F/opt/m/c1 C2=$F/opt/m/c2
L "$C1/libca.so.1" libca.so.1 -d ca,ca1
L "$C2/libca.so.1" libca.so.1 -d ca,ca2
L "$C2/libcb.so.1" libcb.so.1 -d cb
L "$C1/libcc.so.1.2" libcc.so.1 -d cc1
L "$C2/libcc.so.1" libcc.so.1 -d cc2
L "$C1/libcd.so.2.0" libcd.so.2 -d cd
L "$C1/libce.so.9" libce.so.9 -d ce
L "$C1/libcf.so.1" libcf.so.1 -d cf
L "$C1/libcg.so.1" libother.so.1 -d cg
L "$C1/libch.so.1" libother2.so.1 -d ch
L "$C1/libci.so.1" - -d ci
L "$C1/foo.so.1" foo.so.1 -d foo
L "$C1/libcj.so.1" libcj.so.1 -m32 -d cj
L "$C1/libcl.so.1" libcl.so.1 -mx32 -d cl
L "$C1/libck.so.1" libck.so.1 -d ck
for n in cj ck cl cm cn co; do
	L "$C2/lib$n.so.1" "lib$n.so.1" -d "$n"
done
L "$C1/libcp.so.1.0" libcp.so.1 -d cp0
L "$C1/libcp.so.1.1" libcp.so.1 -d cp1
L "$F/opt/m/c3/libcq.so.1" libcq.so.1 -d cq
L "$F/opt/m/c4/libcr.so.1" libcr.so.1 -d cr
L "$F/usr/lib/libcs.so.1" libcs.so.1 -d cs
L "$F$LIBCDIR/libct.so.1" libct.so.1 -d ct
L "$C2/libcu.so.1.5" libcu.so.1 -d cu
settle
ln -s libcd.so.2.0 "$C1/libcd.so.2"
ln -s libce.so.9 "$C1/libce.so.8"
ln -s libcf.so.1 "$C1/libcf.so"
ln -s libcg.so.1 "$C1/libcg.so"
ln -s /opt/m/c2/libcu.so.1.5 "$C1/libcu.so.1"
patch "$C1/libck.so.1" 18 '\267\000'			# EM_AARCH64
echo "this is not a library, it is a text file long enough" \
	>"$C1/libcm.so.1"
mkdir -p "$C1/libcn.so.1"
ln -s /nonexistent/libco.so.1 "$C1/libco.so.1"
ln -s c1 "$F/opt/m/alias"
CACHENAMES="libdep.so.1 libca.so.1 libcb.so.1 libcc.so.1 libcd.so.2
libce.so.8 libce.so.9 libcf.so libcf.so.1 libcg.so libother.so.1 libch.so.1
libother2.so.1 libci.so.1 foo.so.1 libcj.so.1 libck.so.1 libcl.so.1
libcm.so.1 libcn.so.1 libco.so.1 libcp.so.1 libcq.so.1 libcr.so.1
libcs.so.1 libct.so.1 libcu.so.1"
for r in cuda plain links alias; do
	# shellcheck disable=SC2086
	CE cache $r - $CACHENAMES
done
# shellcheck disable=SC2086
CE cache plain LD_LIBRARY_PATH=/opt/m/c1:/opt/m/c2 $CACHENAMES
# a DT_NEEDED found through the cache
L "$F/opt/m/o/libneedcc.so.1" libneedcc.so.1 -n "$C2/libcc.so.1" -u cc2
# one that needs libce.so.8 (the hand-made link's name)
L "$K/libce.so.8" libce.so.8 -d ce
settle
L "$F/opt/m/o/libneedce.so.1" libneedce.so.1 -n "$K/libce.so.8" -u ce
settle
for r in cuda plain links alias; do
	CE cache $r - $O/libneedcc.so.1 $O/libneedce.so.1
done
CE cache plain LD_LIBRARY_PATH=/opt/m/c1 $O/libneedce.so.1

# ---------------------------------------------------- fixtures: NODEFLIB
N=/opt/m/n
L "$F$N/libndf.so.1" libndf.so.1 -z nodefaultlib -n "$C1/libca.so.1" -u ca
L "$F$N/libndfr.so.1" libndfr.so.1 -z nodefaultlib -R /opt/m/c2 \
	-n "$C1/libca.so.1" -u ca
L "$F$N/libndfs.so.1" libndfs.so.1 -z nodefaultlib \
	-n "$F/usr/lib/libcs.so.1" -u cs
L "$F$N/libndfc.so.1" libndfc.so.1 -z nodefaultlib -c
L "$F$N/n2/libndmid.so.1" libndmid.so.1 -n "$C1/libca.so.1" -u ca -d ndmid
settle
L "$F$N/libndtop.so.1" libndtop.so.1 -R $N -n "$F$N/libndf.so.1" -d ndtop
L "$F$N/libnd2.so.1" libnd2.so.1 -z nodefaultlib -R $N/n2 \
	-n "$F$N/n2/libndmid.so.1" -u ndmid
settle
for r in cuda plain; do
	for e in - LD_LIBRARY_PATH=/opt/m/c2; do
		CE nodeflib $r "$e" $N/libndf.so.1 $N/libndfr.so.1 \
			$N/libndfs.so.1 $N/libndfc.so.1 $N/libndtop.so.1 \
			$N/libnd2.so.1
	done
done
CE nodeflib cuda LD_LIBRARY_PATH=$N libndf.so.1 libndtop.so.1 libnd2.so.1

# ------------------------------------------------- fixtures: ELF classes
W=/opt/m/k
L "$F$W/64/libkc.so.1" libkc.so.1 -d kc
L "$F$W/32/libkc.so.1" libkc.so.1 -m32 -d kc
L "$F$W/x32/libkc.so.1" libkc.so.1 -mx32 -d kc
settle
mkdir -p "$F$W/a64"
cp "$F$W/64/libkc.so.1" "$F$W/a64/libkc.so.1"
patch "$F$W/a64/libkc.so.1" 18 '\267\000'
L "$F$W/libkuse.so.1" libkuse.so.1 -n "$F$W/64/libkc.so.1" -u kc
L "$F$W/libkuser.so.1" libkuser.so.1 -R $W/32:$W/a64:$W/64 \
	-n "$F$W/64/libkc.so.1" -u kc
L "$F$W/libkuser2.so.1" libkuser2.so.1 -R $W/32:$W/x32 \
	-n "$F$W/64/libkc.so.1" -u kc
settle
CE class cuda - $W/64/libkc.so.1 $W/32/libkc.so.1 $W/x32/libkc.so.1 \
	$W/a64/libkc.so.1 $W/libkuser.so.1 $W/libkuser2.so.1
for e in $W/32:$W/64 $W/x32:$W/64 $W/a64:$W/64 $W/32 $W/x32 $W/a64 \
    $W/a64:$W/32 $W/32:$W/a64 $W/a64:$W/x32:$W/64 $W/x32:$W/32; do
	CE class cuda "LD_LIBRARY_PATH=$e" libkc.so.1 $W/libkuse.so.1
done
CE class cuda LD_LIBRARY_PATH=$W/64 $W/libkuser2.so.1

# ------------------------------------------ fixtures: files ld.so refuses
U=/opt/m/u
UNAMES="garbage short empty dir rel be osabi abiver abivok ident version
phent pad pie exec nodlopen"
for n in $UNAMES; do
	L "$F$U/good/libu$n.so.1" "libu$n.so.1" -d "u$n"
done
L "$F$U/libupie.so.1" libupie.so.1 -x "-pie -fPIE" -c \
	-e 'int main(void) { return 0; }'
L "$F$U/libuexec.so.1" libuexec.so.1 -x "-no-pie" -c \
	-e 'int main(void) { return 0; }'
L "$F$U/libunodlopen.so.1" libunodlopen.so.1 -z nodlopen -d un
settle
echo "this is not a library, it is a text file long enough" \
	>"$F$U/libugarbage.so.1"
printf '\177ELF\002\001\001' >"$F$U/libushort.so.1"
: >"$F$U/libuempty.so.1"
mkdir -p "$F$U/libudir.so.1"
echo 'int urel(void) { return 0; }' >"$T/src/urel.c"
$CC -c -fPIC -o "$F$U/liburel.so.1" "$T/src/urel.c" || die "urel"
for n in be osabi abiver abivok ident version phent pad; do
	cp "$F$U/good/libu$n.so.1" "$F$U/libu$n.so.1"
done
patch "$F$U/libube.so.1" 5 '\002'
patch "$F$U/libuosabi.so.1" 7 '\011'
patch "$F$U/libuabiver.so.1" 7 '\003\005'
patch "$F$U/libuabivok.so.1" 7 '\003\003'
patch "$F$U/libuident.so.1" 6 '\000'
patch "$F$U/libuversion.so.1" 20 '\000'
patch "$F$U/libuphent.so.1" 54 '\040'
patch "$F$U/libupad.so.1" 12 '\001'
for n in $UNAMES; do
	CE unusable cuda - "$U/libu$n.so.1"
	CE unusable cuda LD_LIBRARY_PATH=$U:$U/good "libu$n.so.1"
done
L "$F$U/libuneed.so.1" libuneed.so.1 -R $U:$U/good \
	-n "$F$U/good/libugarbage.so.1" -u ugarbage
L "$F$U/libuneed2.so.1" libuneed2.so.1 -R $U:$U/good \
	-n "$F$U/good/libuabivok.so.1" -u uabivok
settle
CE unusable cuda - $U/libuneed.so.1 $U/libuneed2.so.1

# ------------------------------------- fixtures: versions and symbols
# Each consumer is linked against a library in $K; at run time another
# build of that library, in a directory of its own, is found instead.
V=/opt/m/v
VA='VA_1 { global: va1; local: *; }; VA_2 { global: va2; } VA_1;'
L "$K/libva.so.1" libva.so.1 -s "$VA" -d va1,va2
L "$K/libvn.so.1" libvn.so.1 -s 'libvn.so.1 { global: *; };' -d vn1,vn2
L "$K/libvu.so.1" libvu.so.1 -d vu1,vu2
L "$K/libmm.so.1" libmm.so.1 -s 'MM_1 { global: *; };' -d m_a,m_b,m_d \
	-o m_c
L "$K/libmu.so.1" libmu.so.1 -d u_a,u_b -o u_c
L "$K/libvb.so.1" libvb.so.1 -s 'VB_1 { global: *; };' -d vb1
L "$K/libgz.so.1" libgz.so.1 -s 'GZ_1 { global: *; };' -d zb,zc,za
settle
L "$F$V/libuse.so.1" libuse.so.1 -n "$K/libva.so.1" -u va1,va2
L "$F$V/libusew.so.1" libusew.so.1 -n "$K/libva.so.1" -u va1 -w va2
L "$F$V/libusevn.so.1" libusevn.so.1 -n "$K/libvn.so.1" -u vn1,vn2
L "$F$V/libuseu.so.1" libuseu.so.1 -n "$K/libvu.so.1" -u vu1
L "$F$V/libmulti.so.1" libmulti.so.1 -n "$K/libmm.so.1" -u m_a,m_b \
	-g m_c -u m_d
L "$F$V/libmultiu.so.1" libmultiu.so.1 -n "$K/libmu.so.1" -u u_b,u_a \
	-g u_c
L "$F$V/libuse2.so.1" libuse2.so.1 -n "$K/libva.so.1" \
	-n "$K/libvb.so.1" -u va2,vb1
# libgr needs ga and gb, ga needs gc, gc needs gz and gb: ld.so relocates
# gb before gc (the order of its dependency sort), not in reverse order
# of the breadth-first list
L "$F$V/libgb.so.1" libgb.so.1 -R '$ORIGIN' -n "$K/libgz.so.1" -u zb -d gb
settle
L "$F$V/libgc.so.1" libgc.so.1 -R '$ORIGIN' -n "$K/libgz.so.1" \
	-n "$F$V/libgb.so.1" -u zc,gb -d gc
settle
L "$F$V/libga.so.1" libga.so.1 -R '$ORIGIN' -n "$F$V/libgc.so.1" -u gc \
	-d ga
settle
L "$F$V/libgr.so.1" libgr.so.1 -R '$ORIGIN' -n "$F$V/libga.so.1" \
	-n "$F$V/libgb.so.1" -u ga,gb
# the libraries found at run time, one directory per variant
L "$F$V/ok/libva.so.1" libva.so.1 -s "$VA" -d va1,va2
L "$F$V/nov2/libva.so.1" libva.so.1 -s 'VA_1 { global: va1; va2; local: *; };' \
	-d va1,va2
L "$F$V/miss/libva.so.1" libva.so.1 \
	-s 'VA_1 { global: va1; local: *; }; VA_2 { global: vx; } VA_1;' \
	-d va1,vx
L "$F$V/hidden/libva.so.1" libva.so.1 \
	-s 'VA_1 { global: va1; local: *; }; VA_2 { } VA_1; VA_3 { } VA_2;' \
	-d va1 -S va2_old,va2@VA_2 -S va2_new,va2@@VA_3
L "$F$V/unv/libva.so.1" libva.so.1 -c -d va1,va2
L "$F$V/noversym/libva.so.1" libva.so.1 -d va1,va2
L "$F$V/ok/libvb.so.1" libvb.so.1 -s 'VB_1 { global: *; };' -d vb1
L "$F$V/nov2/libvb.so.1" libvb.so.1 -s 'VB_0 { global: *; };' -d vb1
L "$F$V/unv/libvn.so.1" libvn.so.1 -s 'libvn.so.1 { global: vn1; };' \
	-d vn1,vn2
L "$F$V/other/libvn.so.1" libvn.so.1 -s 'VNX { global: vn1; };' -d vn1,vn2
L "$F$V/ndx3/libvu.so.1" libvu.so.1 \
	-s 'VU_0 { global: other; local: *; }; VU_1 { global: vu1; } VU_0;' \
	-d other,vu1
L "$F$V/hid3/libvu.so.1" libvu.so.1 \
	-s 'VU_0 { global: other; local: *; }; VU_1 { } VU_0;' \
	-d other -S vu1_i,vu1@VU_1
L "$F$V/hid2/libvu.so.1" libvu.so.1 -s 'VU_0 { local: *; }; VU_1 { } VU_0;' \
	-S vu1_i,vu1@VU_0
L "$F$V/miss/libvu.so.1" libvu.so.1 -d other
L "$F$V/none/libmm.so.1" libmm.so.1 -s 'MM_1 { global: *; };' -d zz
L "$F$V/onlyc/libmm.so.1" libmm.so.1 -s 'MM_1 { global: *; };' -o m_c
L "$F$V/onlyac/libmm.so.1" libmm.so.1 -s 'MM_1 { global: *; };' -d m_a \
	-o m_c
L "$F$V/onlyd/libmm.so.1" libmm.so.1 -s 'MM_1 { global: *; };' -d m_d
L "$F$V/none/libmu.so.1" libmu.so.1 -d zz
L "$F$V/onlyc/libmu.so.1" libmu.so.1 -o u_c
L "$F$V/none/libgz.so.1" libgz.so.1 -s 'GZ_1 { global: *; };' -d za
L "$F$V/ok/libgz.so.1" libgz.so.1 -s 'GZ_1 { global: *; };' -d za,zb,zc
settle
mkdir -p "$F$V/lt"
cp "$K"/*.so.* "$F$V/lt/"
for d in ok nov2 miss hidden unv; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libuse.so.1 \
		$V/libusew.so.1
done
CE version cuda "LD_LIBRARY_PATH=$V/ok" $V/libuse2.so.1
CE version cuda "LD_LIBRARY_PATH=$V/nov2" $V/libuse2.so.1
CE version cuda "LD_LIBRARY_PATH=$V/nov2:$V/ok" $V/libuse2.so.1
for d in unv other; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libusevn.so.1
done
CE version cuda LD_LIBRARY_PATH=$V/lt $V/libusevn.so.1 $V/libuseu.so.1 \
	$V/libmulti.so.1 $V/libmultiu.so.1 $V/libgr.so.1
for d in ndx3 hid3 hid2 miss; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libuseu.so.1
done
for d in none onlyc onlyac onlyd; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libmulti.so.1
done
for d in none onlyc; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libmultiu.so.1
done
for d in none ok; do
	CE version cuda "LD_LIBRARY_PATH=$V/$d" $V/libgr.so.1 $V/libga.so.1 \
		$V/libgc.so.1 $V/libgb.so.1
done
CE limit:assert cuda "LD_LIBRARY_PATH=$V/noversym" $V/libuse.so.1

# ------------------------------------------- several requests in a process
C multi cuda - $O/libnone.so.1 $O/librp.so.1 $O/libnone.so.1
C multi cuda - $O/libtop.so.1 libmid.so.1 $O/m/libmid.so.1
C multi cuda - /opt/m/c1/libcd.so.2 /opt/m/c1/libcd.so.2.0 libcd.so.2
C multi cuda "LD_LIBRARY_PATH=$V/none" $V/libgr.so.1 $V/libgb.so.1 \
	$V/libgr.so.1
C multi cuda - $N/libndf.so.1 libca.so.1 $N/libndf.so.1
C multi cuda - $W/32/libkc.so.1 $W/64/libkc.so.1 libkc.so.1
C multi cuda - libca.so.1 /opt/m/c2/libca.so.1 libca.so.1

# ------------------------------------------ the real NVIDIA libraries
NVL=/usr/local/cuda/lib64
NV=/opt/nv
if [ -d "$NVL" ] && ls "$NVL"/lib*.so* >/dev/null 2>&1; then
	CUDALIB=$(cd "$NVL" && pwd -P)
	NVFILES=$(cd "$CUDALIB" && for f in lib*.so*; do
		[ -f "$f" ] && [ ! -L "$f" ] && echo "$f"; done)
	[ -f "$CUDALIB/stubs/libcuda.so" ] && NVFILES="$NVFILES stubs/libcuda.so"
	NVLINKS=$(cd "$CUDALIB" && for f in lib*.so; do
		[ -L "$f" ] && echo "$f"; done)
	NVSONAMES=
	NVPATHS=
	for f in $NVFILES; do
		so=$(readelf -d "$CUDALIB/$f" 2>/dev/null |
			sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
		NVSONAMES="$NVSONAMES ${so:-$(basename "$f")}"
		NVPATHS="$NVPATHS $NVL/$f"
	done
	# imported-at-version symbols of FILE from VERSION, in dynsym order
	nv_imports() {
		readelf -W --dyn-syms "$CUDALIB/$1" | awk -v v="@$2" '
			$7 == "UND" && index($8, v) { sub(/@.*/, "", $8); print $8 }'
	}
	# a stub that defines every second of them, at version NODE
	nv_stub() {
		_o=$1 _so=$2 _node=$3
		shift 3
		_defs=$(for _f in "$@"; do nv_imports "$_f" "$_so"; done |
			awk '!seen[$0]++' | awk 'NR % 2 == 0' | tr '\n' , |
			sed 's/,$//')
		L "$_o" "$_so" -s "$_node { global: *; };" -d "${_defs:-nothing}"
	}
	CUDNN="libcudnn_ops.so.9 libcudnn_cnn.so.9 libcudnn_adv.so.9
	libcudnn_heuristic.so.9 libcudnn_engines_precompiled.so.9
	libcudnn_engines_runtime_compiled.so.9 libcudnn_graph.so.9 libcudnn.so.9"
	nv_stub "$F$NV/shadow-lt/libcublasLt.so.13" libcublasLt.so.13 \
		libcublasLt.so.13 libcublas.so.13
	nv_stub "$F$NV/shadow-graph/libcudnn_graph.so.9" libcudnn_graph.so.9 \
		libcudnn_graph.so.9 libcudnn_ops.so.9
	nv_stub "$F$NV/shadow-graph8/libcudnn_graph.so.9" libcudnn_graph.so.9 \
		libcudnn_graph.so.8 libcudnn_ops.so.9
	L "$F$NV/shadow-nover/libcudnn_graph.so.9" libcudnn_graph.so.9 \
		-d nothing
	L "$F$NV/shadow-class/libnvJitLink.so.13" libnvJitLink.so.13 -m32 \
		-d nothing
	L "$F$NV/shadow-class/libcublasLt.so.13" libcublasLt.so.13 -mx32 \
		-d nothing
	L "$F$NV/shadow-class/libcudnn_graph.so.9" libcudnn_graph.so.9 \
		-d nothing
	settle
	patch "$F$NV/shadow-class/libcudnn_graph.so.9" 18 '\267\000'
	mkdir -p "$F$NV/shadow-garbage" "$F$NV/other"
	echo "this is not a library, it is a text file long enough" \
		>"$F$NV/shadow-garbage/libcudnn_graph.so.9"
	ln -s "$CUDALIB/libnvrtc.alt.so.13" "$F$NV/other/libnvrtc.so.13"
	# hand-made links named with another soname
	ln -s "$NVL/libcudnn.so.9" "$C1/libcudnn.so.8"
	ln -s "$NVL/libcudnn_ops.so.9" "$C1/libcudnn_ops.so.8"
	ln -s "$NVL/libcublas.so.13" "$C1/libcublas.so.12"

	# shellcheck disable=SC2086
	{
	CE nvidia-path cuda - $NVPATHS
	C nvidia-path plain - $NVPATHS
	C nvidia-soname plain "LD_LIBRARY_PATH=$NVL" $NVSONAMES
	C nvidia-cache cuda - $NVSONAMES
	C nvidia-cache links - $NVSONAMES
	C nvidia-cache alias - $NVLINKS
	CE nvidia-shadow cuda "LD_LIBRARY_PATH=$NV/shadow-lt:$NVL" \
		libcublas.so.13 $NVL/libcublas.so.13 libcusolver.so.12 \
		libnvblas.so.13 libcusolverMg.so.12
	for d in shadow-graph shadow-graph8 shadow-nover shadow-garbage; do
		CE nvidia-shadow cuda "LD_LIBRARY_PATH=$NV/$d:$NVL" $CUDNN
		for x in $CUDNN; do
			CE nvidia-shadow cuda "LD_LIBRARY_PATH=$NV/$d:$NVL" \
				"$NVL/$x"
		done
	done
	CE nvidia-shadow cuda "LD_LIBRARY_PATH=$NV/shadow-class:$NVL" \
		libcusparse.so.12 libcudnn_ops.so.9 "$NVL/libcudnn_heuristic.so.9"
	CE nvidia-shadow cuda "LD_LIBRARY_PATH=$NV/other:$NVL" libnvrtc.so.13
	CE nvidia-link cuda - libcudnn.so.8 libcudnn_ops.so.8 libcublas.so.12
	CE nvidia-link plain LD_LIBRARY_PATH=/opt/m/c1 libcudnn.so.8 \
		libcudnn_ops.so.8
	}
else
	CUDALIB=
	say "no NVIDIA libraries in $NVL: the nvidia classes are left out"
fi

# ------------------------------------------------------------ limits
# Cases the emulation does not cover (doc/loader.md);
# run and shown, never counted.
L "$F/opt/m/h/glibc-hwcaps/x86-64-v2/libhw.so.1" libhw.so.1 -d hw2
L "$F/opt/m/h/libhw.so.1" libhw.so.1 -d hw
L "$F/opt/m/h/tls/libhw2.so.1" libhw2.so.1 -d hw2
L "$F/opt/m/h/libhw2.so.1" libhw2.so.1 -d hw
L "$F/opt/m/h/x86_64/libhw3.so.1" libhw3.so.1 -d hw2
L "$F/opt/m/h/libhw3.so.1" libhw3.so.1 -d hw
settle
CE limit:glibc-hwcaps cuda LD_LIBRARY_PATH=/opt/m/h libhw.so.1
CE limit:legacy-hwcaps cuda LD_LIBRARY_PATH=/opt/m/h libhw2.so.1 libhw3.so.1
CE limit:preload cuda LD_PRELOAD=/opt/m/c2/libcb.so.1 $O/libnone.so.1
CE limit:origin-in-ld-library-path cuda "LD_LIBRARY_PATH=\$ORIGIN/opt/m/o/l" \
	libdep.so.1
CE limit:relative-dir cuda LD_LIBRARY_PATH=opt/m/o/l libdep.so.1

# ---------------------------------------------------------------- roots
# mkroot NAME: a root of the C library and every fixture; its
# /etc/ld.so.conf is written next
mkroot() {
	_r=$T/$1
	cp -al "$T/base" "$_r" || die "cannot copy the base root"
	cp -al "$F/." "$_r/" || die "cannot copy the fixtures"
	if [ -n "$CUDALIB" ]; then
		mirror "$NVL" "$_r"
	fi
	mkdir -p "$_r/etc/ld.so.conf.d" "$_r/etc/m.d"
}
conf_main() {
	_r=$T/$1
	printf 'include /etc/ld.so.conf.d/*.conf\n' >"$_r/etc/ld.so.conf"
	printf '/opt/m/c1\n/opt/m/c2/   # a comment\n' \
		>"$_r/etc/ld.so.conf.d/10-m.conf"
	printf 'include ../m.d/*.conf\n' >"$_r/etc/ld.so.conf.d/20-inc.conf"
	printf '/opt/m/c3\n' >"$_r/etc/m.d/x.conf"
	printf '/opt/m/c4\n' >"$_r/etc/ld.so.conf.d/c4.txt"
	if [ -n "$CUDALIB" ]; then
		printf '%s\n' "$CUDALIB" >"$_r/etc/ld.so.conf.d/zz-cuda.conf"
	fi
}
mkroot cuda
conf_main cuda
mkroot links
conf_main links
mkroot plain
printf '/opt/m/c2\n' >"$T/plain/etc/ld.so.conf"
mkroot alias
printf '%s\n/opt/m/alias\n/opt/m/c1\n%s\n' "$LIBCDIR" "$CUDALIB" \
	>"$T/alias/etc/ld.so.conf"

say "fixtures: $(find "$F" "$K" -name '*.so*' | wc -l) files," \
	"$(wc -l <"$CASES") cases, $(($(date +%s) - T0)) s"

# ------------------------------------------------------------- running
# ldconfig and the comparer run together, in a mount namespace when some
# directories had to be bound, in a user namespace when not root
{
	echo 'set -e'
	if [ -s "$T/binds" ]; then
		while read -r src dst; do
			echo "mount --bind -o ro '$src' '$dst'"
		done <"$T/binds"
	fi
	for r in cuda plain alias; do
		echo "'$LDCONFIG' -X -r '$T/$r' 2>/dev/null"
	done
	echo "'$LDCONFIG' -r '$T/links' 2>/dev/null"
	echo 'set +e'
	echo "'$CMP' -j '$JOBS' $FIGURE '$T' '$CASES'"
} >"$T/run.sh"
NS=
[ "$(id -u)" -eq 0 ] || NS=-r
[ -s "$T/binds" ] && NS="$NS -m"
if [ -n "$NS" ]; then
	if ! unshare $NS true 2>/dev/null; then
		echo "ldmatrix: cannot chroot here: not root, and" \
			"\`unshare $NS' is refused" >&2
		exit 77
	fi
	unshare $NS sh "$T/run.sh"
else
	sh "$T/run.sh"
fi
