#!/bin/sh
# Hostile and odd archives through the unpacker (digests right, so only
# the unpacker stands in the way): ".." and absolute names, symlinks that
# point out of the tree or climb after a name, writing through a symlink
# made earlier by the same archive, hard links out of the tree or to a
# symlink, device nodes and fifos are refused with CDS_ERR_UNSAFE_ARCHIVE
# naming the member, and nothing appears outside the destination; setuid
# and setgid bits are dropped, nothing is writable by group or other but a
# sticky directory (01777 stays 01777; 0666 files become 0644); more bytes or more entries than the
# archive's size allows are refused before they are written; a member
# outside the single top directory, a corrupt xz stream and xz data that is
# not tar are CDS_ERR_ARCHIVE.  Valid .tar.gz and .zip archives and, when
# present, real cuDNN libraries from /usr/local/cuda unpack byte for byte.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkarchive.sh"
plan 50

FT=$CDS_BUILDDIR/tests/tools/fetchtool
if ! have_python; then
	skip 50 "python3 missing"
	done_testing
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-ar-XXXXXX"); cleanup_later "$T"
A=$T/archives
mkdir -p "$A/h"

ft() {
	_o=$(mktemp) _e=$(mktemp)
	"$FT" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o")
	ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
	# a sanitizer build reports on stderr: show it in the log
	printf '%s\n' "$ERR" | grep -E 'Sanitizer|runtime error' | sed 's/^/# /'
}
# run NAME.EXT SPEC...: craft the archive, unpack it into $T/box/NAME/dest
# from a file:// URL; $D is the destination, $B the box around it.
run() {
	_n=${1%%.*}
	_rel=h/$1
	shift
	mka_craft "$A/$_rel" "$@" || echo "# mka_craft failed" >&2
	B=$T/box/$_n
	D=$B/dest
	mkdir -p "$D"
	ft "$D|$_rel|$(mka_sha256 "$A/$_rel")|$(mka_size "$A/$_rel")|file://$A/$_rel"
}
# outside: everything in the box that is not under dest (should be none)
outside() { find "$B" -mindepth 1 -path "$D" -prune -o -print; }
unsafe() {
	# unsafe MEMBER-REGEX NAME
	like "$OUT" "result -1 err=UNSAFE_ARCHIVE detail=[^:]+: $1" "$2"
}

# --- names --------------------------------------------------------------------
run dotdot.tar.xz dir:top/ file:top/ok "file:top/../../escaped:pwned"
unsafe 'top/\.\./\.\./escaped: ".." in the path' '"..": refused, naming the member'
is "$(outside)" "" '"..": nothing outside the destination'
check '"..": the file is nowhere' test ! -e "$B/escaped" -a ! -e "$T/box/escaped"

run abs.tar.xz dir:top/ "file:$T/box/abs/escaped:pwned"
unsafe "$T/box/abs/escaped: absolute path" "an absolute name: refused"
is "$(outside)" "" "absolute: nothing outside the destination"

# --- symlinks -------------------------------------------------------------------
run sl-up.tar.xz dir:top/ dir:top/lib/ "symlink:top/lib/esc:../../../outside"
unsafe 'top/lib/esc: symlink to \.\./\.\./\.\./outside points outside the tree' "a symlink climbing out: refused"
check "no such link" test ! -e "$D/lib/esc" -a ! -L "$D/lib/esc"

run sl-abs.tar.xz dir:top/ "symlink:top/etc:/etc"
unsafe 'top/etc: symlink to an absolute path \(/etc\)' "a symlink to an absolute path: refused"

run sl-climb.tar.xz dir:top/ dir:top/x/ "symlink:top/l:x/../.."
unsafe 'top/l: symlink target x/\.\./\.\. climbs after a name' "a symlink climbing after a name: refused"

run sl-through.tar.xz dir:top/ dir:top/real/ "symlink:top/d:real" \
	"file:top/d/f:through"
unsafe 'top/d/f: its path goes through "d", a symlink or a file' "writing through a symlink the archive made: refused"
check "the file did not land behind the link" test ! -e "$D/real/f"

run sl-ok.tar.xz dir:top/ dir:top/lib/ "file:top/lib/libx.so.1.2:elf" \
	"symlink:top/lib/libx.so.1:libx.so.1.2" "symlink:top/lib/libx.so:libx.so.1" \
	dir:top/include/ "symlink:top/include/up:../lib" "symlink:top/inc:include"
is "$RC" 0 "symlinks inside the tree: accepted"
is "$(readlink "$D/lib/libx.so")" libx.so.1 "the soname chain is kept"
is "$(cat "$D/include/up/libx.so")" elf "a link up and back down resolves in the tree"

# --- hard links ---------------------------------------------------------------
run hl-up.tar.xz dir:top/ "hardlink:top/h:top/../../etc/passwd"
unsafe 'top/h: hard link to top/\.\./\.\./etc/passwd: ".." in the path' "a hard link climbing out: refused"
run hl-abs.tar.xz dir:top/ "hardlink:top/h:/etc/passwd"
unsafe 'top/h: hard link to /etc/passwd: absolute path' "a hard link to an absolute path: refused"
run hl-out.tar.xz dir:top/ file:other/x "hardlink:top/h:other/x"
like "$OUT" "result -1 err=ARCHIVE detail=[^:]+: other/x: outside the archive's top directory top/" "a member outside the top directory: CDS_ERR_ARCHIVE"
run hl-sym.tar.xz dir:top/ "file:top/a:A" "symlink:top/s:a" "hardlink:top/h:top/s"
unsafe 'top/h: hard link to top/s, which is not a file unpacked before it' "a hard link to a symlink: refused"
run hl-ok.tar.xz dir:top/ "file:top/a:A" "hardlink:top/b:top/a"
is "$RC" 0 "a hard link inside the tree: accepted"
is "$(stat -c %i "$D/a")" "$(stat -c %i "$D/b")" "the two names share one file"

# --- special files and modes ----------------------------------------------------
run chr.tar.xz dir:top/ chr:top/null
unsafe "top/null: a device node" "a character device: refused"
check "no device made" test ! -e "$D/null"
run blk.tar.xz dir:top/ blk:top/sda
unsafe "top/sda: a device node" "a block device: refused"
run fifo.tar.xz dir:top/ fifo:top/p
unsafe "top/p: a fifo" "a fifo: refused"
check "no fifo made" test ! -e "$D/p"

run modes.tar.xz dir:top/ dir:top/bin/ exec:top/bin/suid:4755 \
	exec:top/bin/sgid:2755 exec:top/bin/sticky:1777 exec:top/bin/ro:0555 \
	exec:top/bin/rw:0666 dirmode:top/scratch:1777 dirmode:top/open:0777
is "$RC" 0 "setuid/setgid/sticky members unpack"
is "$(stat -c %a "$D/bin/suid")" 755 "setuid dropped"
is "$(stat -c %a "$D/bin/sgid")" 755 "setgid dropped"
is "$(stat -c %a "$D/bin/sticky")" 755 "a file: sticky and write for others dropped"
is "$(stat -c %a "$D/bin/ro")" 555 "other modes kept"
is "$(stat -c %a "$D/bin/rw")" 644 "a 0666 file: 0644"
is "$(stat -c %a "$D/scratch") $(stat -c %a "$D/open")" "1777 755" \
	"a sticky 01777 directory keeps its mode; a 0777 one is 0755"
is "$(stat -c %u "$D/bin/suid")" "$(id -u)" "owned by whoever unpacked it"

# --- bounds -----------------------------------------------------------------------
run bomb.tar.xz dir:top/ zeros:top/zeros:67108864
unsafe "top/zeros: unpacks to more than [0-9]+ bytes, more than an archive of $(mka_size "$A/h/bomb.tar.xz") bytes may hold" "64 MiB of zeros in $(mka_size "$A/h/bomb.tar.xz") bytes: refused"
ok $(( $(du -sk "$D" | cut -f1) > 1024 )) "and not written ($(du -sk "$D" | cut -f1) KiB on disk)"
run many.tar.xz dir:top/ many:top/f:20000
unsafe "top/f[0-9]+: more than [0-9]+ entries, more than an archive of $(mka_size "$A/h/many.tar.xz") bytes may hold" "20000 entries in $(mka_size "$A/h/many.tar.xz") bytes: refused"
ok $(( $(ls "$D" | wc -l) > 20000 - 1 )) "not all were made ($(ls "$D" | wc -l))"

# --- layout and format errors -----------------------------------------------------
run toplevel.tar.xz file:README
like "$OUT" "result -1 err=ARCHIVE detail=[^:]+: README: not NVIDIA's layout" "a file at the top level: CDS_ERR_ARCHIVE"
run empty.tar.xz
like "$OUT" "result -1 err=ARCHIVE detail=[^:]+: the archive is empty" "an empty archive: CDS_ERR_ARCHIVE"

# a corrupt xz stream whose digest the manifest pins (so only xz can tell)
head -c 300000 /dev/urandom >"$T/rnd"
mka_craft "$A/h/good.tar.xz" dir:top/ "file:top/a:$(od -An -tx1 -N40000 "$T/rnd" | tr -d ' \n')"
cp "$A/h/good.tar.xz" "$A/h/corrupt.tar.xz"
# the first block header's flags byte: its CRC32 no longer matches
printf '\377' | dd of="$A/h/corrupt.tar.xz" bs=1 seek=13 conv=notrunc 2>/dev/null
B=$T/box/corrupt D=$B/dest
mkdir -p "$D"
ft "$D|h/corrupt.tar.xz|$(mka_sha256 "$A/h/corrupt.tar.xz")|$(mka_size "$A/h/corrupt.tar.xz")|file://$A/h/corrupt.tar.xz"
like "$OUT" "result -1 err=ARCHIVE detail=corrupt.tar.xz: corrupt xz data" "a corrupt xz stream: CDS_ERR_ARCHIVE"

# xz that holds no tar
head -c 5000 /dev/urandom | xz -c >"$A/h/notar.tar.xz"
B=$T/box/notar D=$B/dest
mkdir -p "$D"
ft "$D|h/notar.tar.xz|$(mka_sha256 "$A/h/notar.tar.xz")|$(mka_size "$A/h/notar.tar.xz")|file://$A/h/notar.tar.xz"
like "$OUT" "result -1 err=ARCHIVE detail=notar.tar.xz: .*(nrecognized|format)" "xz data that is not tar: CDS_ERR_ARCHIVE"

# xz with garbage after the stream
cp "$A/h/good.tar.xz" "$A/h/trail.tar.xz"
echo "trailing garbage" >>"$A/h/trail.tar.xz"
B=$T/box/trail D=$B/dest
mkdir -p "$D"
ft "$D|h/trail.tar.xz|$(mka_sha256 "$A/h/trail.tar.xz")|$(mka_size "$A/h/trail.tar.xz")|file://$A/h/trail.tar.xz"
like "$OUT" "result -1 err=ARCHIVE detail=trail.tar.xz: " "bytes after the xz stream: CDS_ERR_ARCHIVE"

# --- other formats ------------------------------------------------------------------
run gz.tar.gz dir:top/ dir:top/lib/ "file:top/lib/libg.so.1:gz" "symlink:top/lib/libg.so:libg.so.1"
is "$RC" 0 ".tar.gz: unpacked"
is "$(readlink "$D/lib/libg.so")" libg.so.1 ".tar.gz: links kept"
python3 - "$A/h/z.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("top/", "")
    z.writestr("top/include/z.h", "/* zip */\n")
    z.writestr("top/LICENSE", "license\n")
PY
B=$T/box/z D=$B/dest
mkdir -p "$D"
ft "$D|h/z.zip|$(mka_sha256 "$A/h/z.zip")|$(mka_size "$A/h/z.zip")|file://$A/h/z.zip"
is "$RC" 0 ".zip: unpacked"
is "$(cat "$D/include/z.h")" "/* zip */" ".zip: contents right"

# --- real NVIDIA libraries, when this machine has them ----------------------------------
R=/usr/local/cuda/lib64
if [ -f "$R/libcudnn.so.9" ] && [ -f "$R/libcudnn_graph.so.9" ]; then
	S=$T/real/cudnn-linux-x86_64-9.0.0.0_cuda13-archive
	mkdir -p "$S/lib" "$S/include"
	cp "$R/libcudnn.so.9" "$R/libcudnn_graph.so.9" "$S/lib/"
	ln -s libcudnn.so.9 "$S/lib/libcudnn.so"
	cp /usr/local/cuda/include/cudnn_version.h "$S/include/" 2>/dev/null
	REL=cudnn/linux-x86_64/cudnn-linux-x86_64-9.0.0.0_cuda13-archive.tar.xz
	mka_pack "$S" "$A/$REL"
	B=$T/box/real D=$B/dest
	mkdir -p "$D"
	ft "$D|$REL|$(mka_sha256 "$A/$REL")|$(mka_size "$A/$REL")|file://$A/$REL"
	is "$RC" 0 "real cuDNN libraries: unpacked"
	check "libcudnn.so.9 byte for byte" cmp "$R/libcudnn.so.9" "$D/lib/libcudnn.so.9"
	check "libcudnn_graph.so.9 byte for byte" cmp "$R/libcudnn_graph.so.9" "$D/lib/libcudnn_graph.so.9"
	like "$(readelf -d "$D/lib/libcudnn.so.9" 2>/dev/null)" 'SONAME.*libcudnn\.so\.9' "its soname is libcudnn.so.9"
else
	skip 4 "no cuDNN 9 in /usr/local/cuda/lib64"
fi

done_testing
