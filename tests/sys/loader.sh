#!/bin/sh
# The loader emulation (RESOLVE) checked against the real ld.so (the
# dynamic probe, MAPS) on libraries compiled here: failure F1 for real (a
# new cuDNN 8 cnn_infer bound to an old ops_infer by the LD_LIBRARY_PATH
# order: same message from both, naming both files and the entry), a
# missing version node, a missing library, RPATH before LD_LIBRARY_PATH
# before RUNPATH, inherited RPATH and RUNPATH stopping it, $ORIGIN, the
# empty LD_LIBRARY_PATH entry, files of the wrong ELF class passed over,
# a garbage file stopping the search, cuDNN 9 RUNPATH $ORIGIN; then in a
# fake root: ld.so.conf with include globs, ldconfig's cache rules,
# DF_1_NODEFLIB, realpath inside the root; and the probe's own behaviour
# (crash, hang, --root, the hidden argument of cudnn-setup itself).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"

LDR=$CDS_BUILDDIR/tests/tools/ldresolve

if ! have_python; then
	plan 1
	skip 1 "python3 is needed to read the JSON"
	is "$LDR_BAD" "" "every other run of the driver exited 0"

done_testing
fi
plan 87

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-loader-XXXXXX")
cleanup_later "$T"

# ldr ARGS...: run the driver; JSON in $OUT, stderr in $ERR, status in $RC.
# A non-zero status (an error, a sanitizer report) is collected in
# $LDR_BAD unless LDR_MAY_FAIL is set.
LDR_BAD=
ldr() {
	_o=$(mktemp) _e=$(mktemp)
	"$LDR" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
	if [ "$RC" -ne 0 ] && [ -z "${LDR_MAY_FAIL:-}" ]; then
		LDR_BAD="$LDR_BAD [$RC: $*: $(echo "$ERR" | head -3)]"
	fi
}

# j EXPR: a value of the last JSON document ($OUT); python on `d`
j() { jgetj "$OUT" "$1"; }

# ---------------------------------------------------------------- F1
mk_cudnn8 "$T/new/lib" 8.9.7 || exit 1
mk_cudnn8 "$T/old/lib" 8.3.2 || exit 1
F1="$T/new/lib/libcudnn_cnn_infer.so.8: undefined symbol:\
 _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8"

ldr --env LD_LIBRARY_PATH="$T/old/lib:$T/new/lib" \
	--resolve "$T/new/lib/libcudnn_cnn_infer.so.8"
STATIC=$(j 'd["loads"][0]["error"]')
is "$STATIC" "$F1" "F1: the emulation gives ld.so's message"
PROV='d["objects"][d["problems"][0]["provider"]]'
is "$(j "$PROV[\"path\"]")" "$T/old/lib/libcudnn_ops_infer.so.8" \
	"F1: names the ops_infer it bound"
is "$(j "$PROV[\"realpath\"]")" \
	"$T/old/lib/libcudnn_ops_infer.so.8.3.2" "F1: and its real file"
is "$(j "$PROV[\"how\"]")" "LD_LIBRARY_PATH entry 1: $T/old/lib" \
	"F1: names the LD_LIBRARY_PATH entry that put it first"
is "$(j 'd["objects"][d["problems"][0]["object"]]["realpath"]')" \
	"$T/new/lib/libcudnn_cnn_infer.so.8.9.7" "F1: names the new cnn_infer"
is "$(j 'd["problems"][0]["kind"] + " " + d["problems"][0]["name"]')" \
	"no_symbol _ZN15TracebackLoggerC1EPKc" "F1: a missing symbol"

ldr --env LD_LIBRARY_PATH="$T/old/lib:$T/new/lib" \
	--probe "$T/new/lib/libcudnn_cnn_infer.so.8"
is "$(j 'd["libs"][0]["error"]')" "$STATIC" \
	"F1: the real ld.so says exactly the same"
like "$(j 'd["libs"][0]["mapped"]')" \
	"$T/old/lib/libcudnn_ops_infer.so.8.3.2" \
	"F1: the probe saw the old ops_infer mapped"

ldr --env LD_LIBRARY_PATH="$T/new/lib:$T/old/lib" \
	--resolve "$T/new/lib/libcudnn_cnn_infer.so.8"
is "$(j 'd["loads"][0]["error"]')" None "F1 fixed by the order: emulation"
ldr --env LD_LIBRARY_PATH="$T/new/lib:$T/old/lib" \
	--probe "$T/new/lib/libcudnn_cnn_infer.so.8"
is "$(j 'd["libs"][0]["ok"]')" True "F1 fixed by the order: real ld.so"
is "$(j 'd["libs"][0]["cudnn_version"]')" 8907 \
	"the probe reads cnn_infer's own cudnnGetVersion()"

# ------------------------------------------- versions, missing files
mkdir -p "$T/v"
mk_solib "$T/v/libA.so.1" libA.so.1 -V A_1 -D STUB_SYMBOL=a_func
mk_solib "$T/v/libB.so.1" libB.so.1 -n "$T/v/libA.so.1" \
	-D STUB_SYMBOL=b_func -D STUB_CALL=a_func
mk_solib "$T/v/libA.so.1" libA.so.1 -V A_2 -D STUB_SYMBOL=a_func
ldr --env LD_LIBRARY_PATH="$T/v" --resolve "$T/v/libB.so.1"
S=$(j 'd["loads"][0]["error"]')
is "$S" "$T/v/libA.so.1: version \`A_1' not found (required by\
 $T/v/libB.so.1)" "a missing version node: ld.so's words"
ldr --env LD_LIBRARY_PATH="$T/v" --probe "$T/v/libB.so.1"
is "$(j 'd["libs"][0]["error"]')" "$S" "and the real ld.so agrees"

ldr --unset LD_LIBRARY_PATH --resolve "$T/v/libB.so.1"
S=$(j 'd["loads"][0]["error"]')
is "$S" "libA.so.1: cannot open shared object file: No such file or\
 directory" "a missing library: ld.so's words"
is "$(j 'd["problems"][0]["kind"]')" missing "kind missing"
ldr --unset LD_LIBRARY_PATH --probe "$T/v/libB.so.1"
is "$(j 'd["libs"][0]["error"]')" "$S" "and the real ld.so agrees"

# F5's shape: a sub-library needing a cuBLAS that is not there
MKCUDNN_NEEDED=libcublas.so.11 MKCUDNN_LIBS=ops_infer \
	mk_cudnn8 "$T/f5" 8.9.7
ldr --unset LD_LIBRARY_PATH --resolve "$T/f5/libcudnn_ops_infer.so.8"
S=$(j 'd["loads"][0]["error"]')
is "$S" "libcublas.so.11: cannot open shared object file: No such file\
 or directory" "MKCUDNN_NEEDED adds a real DT_NEEDED"
ldr --unset LD_LIBRARY_PATH --probe "$T/f5/libcudnn_ops_infer.so.8"
is "$(j 'd["libs"][0]["error"]')" "$S" "and the real ld.so agrees"

# ------------------------------------------------- search order
P=$T/prec
mkdir -p "$P/r" "$P/l"
mk_solib "$P/r/libcudep.so.1" libcudep.so.1 -D STUB_SYMBOL=dep
cp "$P/r/libcudep.so.1" "$P/l/libcudep.so.1"
mk_solib "$P/libcurp.so.1" libcurp.so.1 -r "$P/r" \
	-n "$P/r/libcudep.so.1" -D STUB_SYMBOL=rp -D STUB_CALL=dep
mk_solib "$P/libcurun.so.1" libcurun.so.1 -R "$P/r" \
	-n "$P/r/libcudep.so.1" -D STUB_SYMBOL=run -D STUB_CALL=dep

ldr --env LD_LIBRARY_PATH="$P/l" --resolve "$P/libcurp.so.1"
is "$(j 'd["objects"][1]["path"]')" "$P/r/libcudep.so.1" \
	"RPATH comes before LD_LIBRARY_PATH"
is "$(j 'd["objects"][1]["how"]')" \
	"RPATH of $P/libcurp.so.1 entry 1: $P/r" "and says so"
ldr --env LD_LIBRARY_PATH="$P/l" --probe "$P/libcurp.so.1"
like "$(j 'd["maps"]')" "$P/r/libcudep.so.1" "the real ld.so agrees"

ldr --env LD_LIBRARY_PATH="$P/l" --resolve "$P/libcurun.so.1"
is "$(j 'd["objects"][1]["path"]')" "$P/l/libcudep.so.1" \
	"LD_LIBRARY_PATH comes before RUNPATH"
ldr --env LD_LIBRARY_PATH="$P/l" --probe "$P/libcurun.so.1"
like "$(j 'd["maps"]')" "$P/l/libcudep.so.1" "the real ld.so agrees"
ldr --unset LD_LIBRARY_PATH --resolve "$P/libcurun.so.1"
is "$(j 'd["objects"][1]["how"]')" \
	"RUNPATH of $P/libcurun.so.1 entry 1: $P/r" "RUNPATH alone"

# the same order as the doctor's "loader's view" lists it
ldr --env LD_LIBRARY_PATH="$P/l" --consumer "$P/libcurp.so.1" --searchdirs
like "$(j '" ".join(x["dir"] + "=" + x["via"] for x in d)')" \
	"^$P/r=RPATH $P/l=LD_LIBRARY_PATH [^ ]+=" \
	"searchdirs of an RPATH consumer: RPATH, LD_LIBRARY_PATH, the rest"
ldr --env LD_LIBRARY_PATH="$P/l" --consumer "$P/libcurun.so.1" --searchdirs
like "$(j '" ".join(x["dir"] + "=" + x["via"] for x in d)')" \
	"^$P/l=LD_LIBRARY_PATH $P/r=RUNPATH [^ ]+=" \
	"searchdirs of a RUNPATH consumer: LD_LIBRARY_PATH, RUNPATH, the rest"
ldr --env LD_LIBRARY_PATH="$P/l" --consumer "$P/libcurp.so.1" \
	--find libcudep.so.1
is "$(j 'd["via"] + " " + str(d["entry"]) + " " + d["from"]')" \
	"RPATH 1 $P/libcurp.so.1" "cds_loader_find() with a consumer"

# inherited RPATH: top (RPATH r) -> mid (none) -> bot (only in r)
I=$T/inh
mkdir -p "$I/r" "$I/m"
mk_solib "$I/r/libcubot.so.1" libcubot.so.1 -D STUB_SYMBOL=bot
mk_solib "$I/m/libcumid.so.1" libcumid.so.1 -n "$I/r/libcubot.so.1" \
	-D STUB_SYMBOL=mid -D STUB_CALL=bot
mk_solib "$I/libcutop.so.1" libcutop.so.1 -r "$I/r" \
	-n "$I/m/libcumid.so.1" -D STUB_SYMBOL=top -D STUB_CALL=mid
ldr --env LD_LIBRARY_PATH="$I/m" --resolve "$I/libcutop.so.1"
is "$(j 'd["objects"][2]["how"]')" \
	"RPATH of $I/libcutop.so.1 entry 1: $I/r" \
	"RPATH is inherited down the loading chain"
ldr --env LD_LIBRARY_PATH="$I/m" --probe "$I/libcutop.so.1"
is "$(j 'd["libs"][0]["ok"]')" True "the real ld.so agrees"
mk_solib "$I/m/libcumid.so.1" libcumid.so.1 -R /nonexistent \
	-n "$I/r/libcubot.so.1" -D STUB_SYMBOL=mid -D STUB_CALL=bot
ldr --env LD_LIBRARY_PATH="$I/m" --resolve "$I/libcutop.so.1"
S=$(j 'd["loads"][0]["error"]')
is "$S" "libcubot.so.1: cannot open shared object file: No such file or\
 directory" "a RUNPATH in the asking object stops inherited RPATH"
ldr --env LD_LIBRARY_PATH="$I/m" --probe "$I/libcutop.so.1"
is "$(j 'd["libs"][0]["error"]')" "$S" "the real ld.so agrees"

# $ORIGIN, as opened (with ..) and as real
O=$T/orig
mkdir -p "$O/lib" "$O/dep"
mk_solib "$O/dep/libcudep.so.1" libcudep.so.1 -D STUB_SYMBOL=dep
mk_solib "$O/lib/libcuorig.so.1" libcuorig.so.1 -R '$ORIGIN/../dep' \
	-n "$O/dep/libcudep.so.1" -D STUB_SYMBOL=orig -D STUB_CALL=dep
ldr --unset LD_LIBRARY_PATH --resolve "$O/lib/libcuorig.so.1"
is "$(j 'd["objects"][1]["path"]')" "$O/lib/../dep/libcudep.so.1" \
	"\$ORIGIN: the path as ld.so opens it"
is "$(j 'd["objects"][1]["realpath"]')" "$O/dep/libcudep.so.1" \
	"\$ORIGIN: its realpath"
is "$(j 'd["objects"][1]["how"]')" "RUNPATH of $O/lib/libcuorig.so.1\
 entry 1: \$ORIGIN/../dep ($O/lib/../dep)" "\$ORIGIN: as written and expanded"
ldr --unset LD_LIBRARY_PATH --probe "$O/lib/libcuorig.so.1"
like "$(j 'd["maps"]')" "$O/dep/libcudep.so.1" "the real ld.so agrees"

# $LIB as this machine's ld.so expands it
mkdir -p "$T/dst"
mk_solib "$T/dst/libcudst.so.1" libcudst.so.1 -R "$T/dst/\$LIB" \
	-N libcudep.so.1
ldr --unset LD_LIBRARY_PATH --consumer "$T/dst/libcudst.so.1" --searchdirs
LIBDIR=$(j 'd[0]["dir"]')
mkdir -p "$LIBDIR"
mk_solib "$LIBDIR/libcudep.so.1" libcudep.so.1
ldr --unset LD_LIBRARY_PATH --probe "$T/dst/libcudst.so.1"
is "$(j 'd["libs"][0]["ok"]')" True \
	"\$LIB expands as this machine's ld.so does ($LIBDIR)"

# an empty LD_LIBRARY_PATH entry is the current directory
mkdir -p "$T/cwd"
mk_solib "$T/cwd/libcucwd.so.1" libcucwd.so.1
cd "$T/cwd" || exit 1
ldr --env LD_LIBRARY_PATH=/nonexistent: --resolve libcucwd.so.1
is "$(j 'd["objects"][0]["how"]')" "LD_LIBRARY_PATH entry 2: ." \
	"an empty LD_LIBRARY_PATH entry is the current directory"
ldr --env LD_LIBRARY_PATH=/nonexistent: --probe libcucwd.so.1
is "$(j 'd["libs"][0]["ok"]')" True "the real ld.so agrees"
cd "$T" || exit 1

# the wrong ELF class is passed over
W=$T/class
mkdir -p "$W/w32" "$W/w64" "$W/g"
if mk_solib "$W/w32/libcuw.so.1" libcuw.so.1 -m32 2>/dev/null; then
	mk_solib "$W/w64/libcuw.so.1" libcuw.so.1
	ldr --env LD_LIBRARY_PATH="$W/w32:$W/w64" --resolve libcuw.so.1
	is "$(j 'd["objects"][0]["path"]')" "$W/w64/libcuw.so.1" \
		"a 32-bit file is passed over"
	is "$(j 'd["objects"][0]["skipped"][0]')" \
		"$W/w32/libcuw.so.1: wrong ELF class: ELFCLASS32" \
		"and named as skipped"
	ldr --env LD_LIBRARY_PATH="$W/w32:$W/w64" --probe libcuw.so.1
	is "$(j 'd["libs"][0]["path"]')" "$W/w64/libcuw.so.1" \
		"the real ld.so agrees"
	ldr --env LD_LIBRARY_PATH="$W/w32" --resolve libcuw.so.1
	S=$(j 'd["loads"][0]["error"]')
	is "$S" "libcuw.so.1: wrong ELF class: ELFCLASS32" \
		"only a 32-bit file: ld.so's words"
	ldr --env LD_LIBRARY_PATH="$W/w32" --probe libcuw.so.1
	is "$(j 'd["libs"][0]["error"]')" "$S" "the real ld.so agrees"
else
	skip 5 "the compiler cannot make 32-bit libraries"
fi
echo "this is not a library, it is a text file long enough to be read" \
	>"$W/g/libcuw.so.1"
ldr --env LD_LIBRARY_PATH="$W/g:$W/w64" --resolve libcuw.so.1
S=$(j 'd["loads"][0]["error"]')
is "$S" "$W/g/libcuw.so.1: invalid ELF header" \
	"a garbage file stops the search with ld.so's words"
is "$(j 'd["problems"][0]["kind"]')" unusable "kind unusable"
ldr --env LD_LIBRARY_PATH="$W/g:$W/w64" --probe libcuw.so.1
is "$(j 'd["libs"][0]["error"]')" "$S" "the real ld.so agrees"

# ------------------------------------------------------------ cuDNN 9
C9=$T/site/nvidia/cudnn/lib
mk_cudnn9 "$C9" 9.1.0 wheel || exit 1
mk_cudnn9 "$T/sys9/lib" 9.19.0 || exit 1
ldr --unset LD_LIBRARY_PATH --resolve "$C9/libcudnn_cnn.so.9"
is "$(j 'd["loads"][0]["error"]')" None "a cuDNN 9 wheel resolves alone"
is "$(j 'd["objects"][1]["how"]')" "RUNPATH of $C9/libcudnn_cnn.so.9\
 entry 1: \$ORIGIN ($C9)" "through RUNPATH \$ORIGIN"
ldr --env LD_LIBRARY_PATH="$T/sys9/lib" --resolve "$C9/libcudnn_cnn.so.9"
is "$(j 'd["objects"][1]["realpath"]')" \
	"$T/sys9/lib/libcudnn_ops.so.9.19.0" \
	"LD_LIBRARY_PATH beats the wheel's RUNPATH (F9's cause)"
ldr --env LD_LIBRARY_PATH="$T/sys9/lib" --probe "$C9/libcudnn_cnn.so.9"
like "$(j 'd["libs"][0]["mapped"]')" "$T/sys9/lib/libcudnn_ops.so.9.19.0" \
	"the real ld.so agrees"
ldr --unset LD_LIBRARY_PATH --resolve "$C9/libcudnn.so.9" \
	-c 0 libcudnn_ops.so.9
is "$(j 'd["objects"][d["loads"][1]["object"]]["how"]')" \
	"RUNPATH of $C9/libcudnn.so.9 entry 1: \$ORIGIN ($C9)" \
	"dlopen() from libcudnn.so.9 uses its RUNPATH"
ldr --unset LD_LIBRARY_PATH --resolve "$C9/libcudnn.so.9" libcudnn_ops.so.9
unlike "$(j 'd["objects"][d["loads"][1]["object"]]["how"]')" "RUNPATH" \
	"dlopen() from the program does not"
ldr --unset LD_LIBRARY_PATH --resolve "$C9/libcudnn_ops.so.9" \
	"$C9/libcudnn_cnn.so.9"
CNN='d["objects"][d["loads"][1]["object"]]'
is "$(j "d[\"objects\"][$CNN[\"needed\"][0]][\"path\"]")" \
	"$C9/libcudnn_ops.so.9" "a library is loaded once and shared"
is "$(j 'len(d["objects"])')" 3 "three objects for two requests"
ldr --unset LD_LIBRARY_PATH --probe "$C9/libcudnn.so.9"
is "$(j 'd["libs"][0]["cudnn_version"]')" 90100 \
	"the probe reads libcudnn.so.9's cudnnGetVersion()"

# ------------------------------------------------------- a fake root
R=$(mk_sysroot)
cleanup_later "$R"
mkdir -p "$R/etc/ld.so.conf.d" "$R/etc/more" "$R/opt/a/lib" \
	"$R/opt/b/lib" "$R/opt/c/lib" "$R/opt/real"
printf 'include /etc/ld.so.conf.d/*.conf\ninclude more/*.conf\n' \
	>"$R/etc/ld.so.conf"
printf '# old style\n/opt/c/lib/\n' >>"$R/etc/ld.so.conf"
printf '/opt/a/lib   # a comment\n/opt/b/lib\n' \
	>"$R/etc/ld.so.conf.d/10-a.conf"
printf '/opt/b/lib\n' >"$R/etc/ld.so.conf.d/20-b.conf"
printf '/opt/more/lib\n' >"$R/etc/more/x.conf"
mk_solib "$R/opt/a/lib/libfoo.so.1" libfoo.so.1 -D STUB_SYMBOL=foo
cp "$R/opt/a/lib/libfoo.so.1" "$R/opt/b/lib/libfoo.so.1"

ldr --root "$R" --unset LD_LIBRARY_PATH --searchdirs
is "$(j '" ".join(x["dir"] + "=" + x["via"] for x in d)')" \
	"/opt/a/lib=/etc/ld.so.conf.d/10-a.conf\
 /opt/b/lib=/etc/ld.so.conf.d/10-a.conf /opt/more/lib=/etc/more/x.conf\
 /opt/c/lib=/etc/ld.so.conf /lib/x86_64-linux-gnu=default\
 /usr/lib/x86_64-linux-gnu=default /lib=default /usr/lib=default" \
	"ld.so.conf: includes in order, globs sorted, relative include, \
first listing wins, then the default directories"
is "$(j '[x["exists"] for x in d][:5]')" \
	"[true, true, false, true, false]" "searchdirs say which exist"
ldr --root "$R" --unset LD_LIBRARY_PATH --find libfoo.so.1
is "$(j 'd["how"]')" \
	"ld.so.cache: /opt/a/lib (from /etc/ld.so.conf.d/10-a.conf)" \
	"found through ld.so.conf, named with its file"
is "$(j 'd["path"]')" /opt/a/lib/libfoo.so.1 \
	"paths are the target's, without the root"
rm "$R/opt/a/lib/libfoo.so.1"
ldr --root "$R" --unset LD_LIBRARY_PATH --find libfoo.so.1
is "$(j 'd["path"]')" /opt/b/lib/libfoo.so.1 "the next directory"

mk_solib "$R/opt/real/libfoo.so.1.2" libfoo.so.1 -D STUB_SYMBOL=foo
ln -s /opt/real/libfoo.so.1.2 "$R/opt/c/lib/libfoo.so.1"
ldr --root "$R" --env LD_LIBRARY_PATH=/opt/c/lib --find libfoo.so.1
is "$(j 'd["how"]')" "LD_LIBRARY_PATH entry 1: /opt/c/lib" \
	"LD_LIBRARY_PATH of the target, inside the root"
is "$(j 'd["realpath"]')" /opt/real/libfoo.so.1.2 \
	"an absolute link resolves inside the root"

# ldconfig lists a file under its SONAME only, a link under its own name
# when that is the soname or begins it with ".so" (the development link);
# the real ld.so agrees (tests/sys/loader-matrix.sh, class cache)
mk_solib "$R/opt/a/lib/libqux.so.1" libother.so.1
ldr --root "$R" --unset LD_LIBRARY_PATH --find libqux.so.1
is "$(j 'd["via"]')" "not found" \
	"a file named unlike its SONAME is not in the cache"
ln -s libqux.so.1 "$R/opt/a/lib/libqux.so"
ldr --root "$R" --unset LD_LIBRARY_PATH --find libqux.so
is "$(j 'd["via"]')" "not found" "nor is a link to it"
mk_solib "$R/opt/a/lib/libquy.so.1" libquy.so.1
ln -s libquy.so.1 "$R/opt/a/lib/libquy.so"
ldr --root "$R" --unset LD_LIBRARY_PATH --find libquy.so
is "$(j 'd["path"]')" /opt/a/lib/libquy.so "the development link of a soname is"

# DF_1_NODEFLIB skips the default directories, and the cache's entries
# under them; the ld.so.conf directories stay (glibc's _dl_map_object)
mk_solib "$R/usr/lib/libbaz.so.1" libbaz.so.1 -D STUB_SYMBOL=baz
mk_solib "$R/opt/app/libapp.so.1" libapp.so.1 -z nodefaultlib \
	-n "$R/opt/b/lib/libfoo.so.1" -D STUB_SYMBOL=app -D STUB_CALL=foo
mk_solib "$R/opt/app/libapp3.so.1" libapp3.so.1 -z nodefaultlib \
	-n "$R/usr/lib/libbaz.so.1" -D STUB_SYMBOL=app -D STUB_CALL=baz
mk_solib "$R/opt/app/libapp2.so.1" libapp2.so.1 \
	-n "$R/usr/lib/libbaz.so.1" -D STUB_SYMBOL=app -D STUB_CALL=baz
ldr --root "$R" --unset LD_LIBRARY_PATH --resolve /opt/app/libapp.so.1
is "$(j 'd["objects"][1]["how"]')" \
	"ld.so.cache: /opt/b/lib (from /etc/ld.so.conf.d/10-a.conf)" \
	"DF_1_NODEFLIB: an ld.so.conf directory is still searched"
ldr --root "$R" --unset LD_LIBRARY_PATH --resolve /opt/app/libapp3.so.1
is "$(j 'd["loads"][0]["error"]')" \
	"libbaz.so.1: cannot open shared object file" \
	"DF_1_NODEFLIB: a default directory is not (and ld.so tried nothing)"
ldr --root "$R" --unset LD_LIBRARY_PATH --resolve /opt/app/libapp2.so.1
is "$(j 'd["loads"][0]["error"]')" None "without it: found"

# $LIB and $PLATFORM, for the target
mk_solib "$R/opt/app/libdst.so.1" libdst.so.1 -R '/opt/$LIB:/opt/${PLATFORM}'
ldr --root "$R" --unset LD_LIBRARY_PATH --consumer "$R/opt/app/libdst.so.1" \
	--searchdirs
# what this machine's ld.so expands $PLATFORM to (glibc 2.33's
# --list-diagnostics: "haswell" on an Intel CPU that qualifies), else the
# machine's name
PLAT=$(/lib64/ld-linux-x86-64.so.2 --list-diagnostics 2>/dev/null |
	sed -n 's/^dl_platform="\(.*\)"$/\1/p')
[ -n "$PLAT" ] || PLAT=$(uname -m)
like "$(j '" ".join(x["dir"] + "=" + x["via"] for x in d)')" \
	"^/opt/lib/x86_64-linux-gnu=RUNPATH /opt/$PLAT=RUNPATH " \
	"\$LIB is multiarch in a multiarch root; \$PLATFORM the machine's ($PLAT)"

# a root without multiarch directories: lib64
R2=$(mktemp -d "${TMPDIR:-/tmp}/cds-root-XXXXXX")
cleanup_later "$R2"
mkdir -p "$R2/etc" "$R2/usr/lib64"
ldr --root "$R2" --unset LD_LIBRARY_PATH --searchdirs
is "$(j '" ".join(x["dir"] for x in d)')" "/lib64 /usr/lib64" \
	"without multiarch: the lib64 defaults"

# an ld.so.conf that includes itself three times, and a loop of two more
# files: each file is read once, so the work is linear (capped recursion
# alone made K self-includes cost K^17 reads: K = 3 ran for minutes)
R3=$(mktemp -d "${TMPDIR:-/tmp}/cds-root-XXXXXX")
cleanup_later "$R3"
mkdir -p "$R3/etc/c" "$R3/opt/l1" "$R3/opt/l2" "$R3/usr/lib64"
printf 'include /etc/ld.so.conf\ninclude /etc/ld.so.conf\n%s\n%s\n%s\n' \
	'include /etc/ld.so.conf' 'include /etc/c/*.conf' /opt/l1 \
	>"$R3/etc/ld.so.conf"
printf 'include /etc/ld.so.conf /etc/c/*.conf\n/opt/l2\n' >"$R3/etc/c/a.conf"
printf 'include /etc/c/a.conf\ninclude ../ld.so.conf\n/opt/l1\n' \
	>"$R3/etc/c/b.conf"
OUT=$(cpu_of "$T/cpu" timeout 300 "$LDR" --root "$R3" --unset LD_LIBRARY_PATH \
	--searchdirs)
is "$(j '" ".join(x["dir"] for x in d)')" "/opt/l1 /opt/l2 /lib64 /usr/lib64" \
	"ld.so.conf including itself and a loop: each directory once, first read first"
ok "$(python3 -c "print(0 if $(cat "$T/cpu") < 10 else 1)")" \
	"and it takes no time ($(cat "$T/cpu") s of CPU)"

# F1 under the root, statically
mk_cudnn8 "$R/usr/local/cuda-11.8/lib64" 8.3.2
mk_cudnn8 "$R/site/nvidia/cudnn/lib" 8.9.7 wheel
ldr --root "$R" --env LD_LIBRARY_PATH=/usr/local/cuda-11.8/lib64 \
	--resolve /site/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8
is "$(j 'd["loads"][0]["error"]')" "/site/nvidia/cudnn/lib/\
libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc,\
 version libcudnn_ops_infer.so.8" "F1 under --root, in the target's paths"

# --------------------------------------------------------- the probe
mkdir -p "$T/bad"
mk_solib "$T/bad/libcucrash.so.1" libcucrash.so.1 -D STUB_CTOR_CRASH
mk_solib "$T/bad/libcuhang.so.1" libcuhang.so.1 -D STUB_CTOR_HANG
ldr --unset LD_LIBRARY_PATH --probe "$T/new/lib/libcudnn.so.8" \
	"$T/bad/libcucrash.so.1" "$T/new/lib/libcudnn_ops_infer.so.8"
is "$RC" 0 "a crashing library is a result, not a failure"
is "$(j '[d["libs"][0]["ok"], d["libs"][0]["cudnn_version"]]')" \
	"[true, 8907]" "the library before it is answered"
is "$(j 'd["libs"][1]["signal"]')" 11 "the crash is named: SIGSEGV"
is "$(j 'd["libs"][2]["reached"]')" False "the one after was not reached"

# the probe's timeout covers its start-up: on a loaded machine or in a
# sanitizer build that alone can take more than half a second, so the
# timeouts below are at least four times what a whole probe of a good
# library takes in this run
t0=$(now)
ldr --unset LD_LIBRARY_PATH --probe "$T/new/lib/libcudnn.so.8"
PROBE_MS=$(python3 -c "print(max(500, int(4000 * $(since "$t0"))))")
ldr --unset LD_LIBRARY_PATH --probe --timeout "$PROBE_MS" \
	"$T/bad/libcuhang.so.1"
is "$(j '[d["timed_out"], d["libs"][0]["reached"], d["libs"][0]["ok"]]')" \
	"[true, true, false]" "a hanging library is killed at the timeout"

# a library that starts a process holding the pipes: the probe still ends
# when the child does, and the process goes with it
mk_solib "$T/bad/libcudaemon.so.1" libcudaemon.so.1 -c \
	-D STUB_CTOR_DAEMON="$T/bad/daemon.pid"
ldr --unset LD_LIBRARY_PATH --probe --timeout 20000 \
	"$T/bad/libcudaemon.so.1"
is "$(j '[d["timed_out"], d["libs"][0]["ok"], d["exit_status"]]')" \
	"[false, true, 0]" "a library's own process does not hold the probe"
sleep 1
DPID=$(cat "$T/bad/daemon.pid" 2>/dev/null)
# gone, or a zombie waiting for an init that may not reap
DSTATE=$(awk '{ print $3 }' "/proc/$DPID/stat" 2>/dev/null)
if [ -n "$DPID" ] && { [ -z "$DSTATE" ] || [ "$DSTATE" = Z ]; }; then
	ok 0 "and it was killed with the probe"
else
	ok 1 "and it was killed with the probe (pid '$DPID')"
	[ -n "$DPID" ] && kill "$DPID" 2>/dev/null
fi

# a library that closes the result pipe and sleeps: killed at the timeout
mk_solib "$T/bad/libcuclose.so.1" libcuclose.so.1 -c -D STUB_CTOR_CLOSE
ldr --unset LD_LIBRARY_PATH --probe --timeout "$((PROBE_MS + 200))" \
	"$T/bad/libcuclose.so.1"
is "$(j '[d["timed_out"], d["libs"][0]["reached"], d["libs"][0]["ok"]]')" \
	"[true, true, false]" "a child that closed its pipes is still timed"

LDR_MAY_FAIL=1 ldr --root "$R" --probe libfoo.so.1
is "$RC" 3 "the probe under --root: could not run"
like "$ERR" "another system" "and says why"

# the hidden argument of cudnn-setup itself: the protocol on fd 3
S=$("$CDS_BIN" --internal-dlprobe "{\"libs\": [\"$T/new/lib/libcudnn.so.8\"]}" \
	3>&1 >/dev/null 2>&1)
like "$S" '"cudnn_version": ?8907' \
	"cudnn-setup --internal-dlprobe answers on fd 3"

# ------------------------------------------------ the real cuDNN 9
if [ -e /usr/local/cuda/lib64/libcudnn_ops.so.9 ]; then
	ldr --unset LD_LIBRARY_PATH --resolve --all \
		/usr/local/cuda/lib64/libcudnn_ops.so.9
	is "$(j 'len(d["problems"])')" 0 \
		"the real libcudnn_ops.so.9 resolves with no problem"
	ldr --unset LD_LIBRARY_PATH --probe /usr/local/cuda/lib64/libcudnn.so.9
	like "$(j 'd["libs"][0]["cudnn_version"]')" '^9[0-9]{4}$' \
		"the real libcudnn.so.9 reports its version"
else
	skip 2 "no /usr/local/cuda/lib64/libcudnn_ops.so.9"
fi

is "$LDR_BAD" "" "every other run of the driver exited 0"

done_testing
