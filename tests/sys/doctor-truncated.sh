#!/bin/sh
# LIB-TRUNCATED on the loader's path: NVIDIA's libraries (by their names:
# libcu*, libnv*, libnpp*) in every directory the loader searches are read
# against their ELF headers, not only the cuDNN copies, toolkits and the
# driver that doctor lists.  A cut cuBLASLt first on LD_LIBRARY_PATH (what
# a full disk or a killed copy leaves; on a real H200 torch kept working,
# it loads its own by path, while any program that asks the loader maps
# the cut one) is an error naming the file, its size, the size its headers
# need and the directory's reason (LD_LIBRARY_PATH, an ld.so.conf file).
# Whole, it says nothing; one file reached by two paths is one finding;
# a library of another name is not read.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 9

R=$(mk_sysroot); cleanup_later "$R"
T=$(mktemp -d); cleanup_later "$T"
# a real library with the soname of CUDA 13's cuBLASLt, grown past 64 KiB
# by a data section so that its headers say more than a cut keeps
mk_solib "$T/whole" libcublasLt.so.13 -D STUB_SYMBOL=cublasLtCreate ||
	skip_rest "no compiler"
head -c 100000 /dev/zero >>"$T/whole"
mkdir -p "$R/opt/cut" "$R/opt/other"
cp "$T/whole" "$R/opt/cut/libcublasLt.so.13"

LD_LIBRARY_PATH=/opt/cut cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED"]')" \
	"[]" "whole (and grown at its end): no LIB-TRUNCATED"

truncate -s 4096 "$R/opt/cut/libcublasLt.so.13"
LD_LIBRARY_PATH=/opt/cut cds --root "$R" doctor --json
is "$(evidence "$OUT" LIB-TRUNCATED file)" "['/opt/cut/libcublasLt.so.13']" \
	"cut to 4 KiB on LD_LIBRARY_PATH: named"
is "$(evidence "$OUT" LIB-TRUNCATED size)" "['4096 bytes']" "its size"
like "$(evidence "$OUT" LIB-TRUNCATED 'headers need')" "^\\[.[0-9]+ bytes \\(the end" \
	"and the size its headers need"
is "$(evidence "$OUT" LIB-TRUNCATED 'searched by the loader')" \
	"['/opt/cut (LD_LIBRARY_PATH)']" "and why the loader looks there"

# the same directory twice, through a link: one finding
ln -s cut "$R/opt/link"
LD_LIBRARY_PATH=/opt/cut:/opt/link cds --root "$R" doctor --json
is "$(jget "$OUT" 'len([f for f in d["findings"] if f["id"] == "LIB-TRUNCATED"])')" \
	1 "one file by two paths: one finding"

# in a directory of ld.so.conf: found, with the conf file as the reason
mv "$R/opt/cut/libcublasLt.so.13" "$R/opt/other/"
mkdir -p "$R/etc/ld.so.conf.d"
echo /opt/other >"$R/etc/ld.so.conf.d/other.conf"
echo 'include /etc/ld.so.conf.d/*.conf' >"$R/etc/ld.so.conf"
cds --root "$R" doctor --json
like "$(evidence "$OUT" LIB-TRUNCATED 'searched by the loader')" \
	"^\\['/opt/other \\(/etc/ld.so.conf.d/other.conf\\)" \
	"in an ld.so.conf directory: named, with its conf file"

# another library's name is not read (doctor reads NVIDIA's alone)
mv "$R/opt/other/libcublasLt.so.13" "$R/opt/other/libfoo.so.1"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED"]')" \
	"[]" "a cut library of another name: not read"
is "$RC" 0 "and doctor exits 0"
done_testing
