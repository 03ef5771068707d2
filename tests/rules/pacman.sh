#!/bin/sh
# The system's package manager's fix where pacman put the libraries
# (src/read/pkgdb.c, src/doctor/aptfix.c): a root whose database is
# pacman's own, of packages built here by makepkg and installed by pacman
# --root (Debian's pacman-package-manager and makepkg, pacman 6):
# - cuda (its libraries in /opt/cuda/lib64), cudnn (a whole cuDNN 9 set
#   in /usr/lib, depends on cuda) and a Python module package that depends on both: all installed,
#   nothing to say;
# - cudnn removed with -Rdd (its dependents left): the module's package's
#   missing dependency is the cause, `pacman -S cudnn` the fix (doctor,
#   explain, repair), `pacman -R cudnn` the way back; never apt;
# - cuda removed too: one command for both;
# - a file of an installed package deleted: the package that lists it,
#   `pacman -S cuda` (pacman installs an installed package again);
# - a sub-library of the cuDNN set deleted (F8): the package that lists
#   it, installed again;
# - a library cut short (LIB-TRUNCATED): its owner, pacman's command;
# - cuda upgraded to 13 alone (a partial upgrade): `pacman -Syu`, or the
#   cached cuda 12.4 package with `pacman -U`;
# - a module no package owns, cudnn not installed: the package the sync
#   database (made by repo-add, kept by pacman -Sy) offers by its name,
#   and after pacman -Fy by its file list;
# - the database and the cache moved where the root's pacman.conf says
#   (DBPath, CacheDir with two values): read there.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 35

if ! command -v pacman >/dev/null 2>&1 || ! command -v makepkg >/dev/null 2>&1 ||
	! command -v bsdtar >/dev/null 2>&1; then
	skip 35 "pacman, makepkg and bsdtar are not installed (apt-get install pacman-package-manager makepkg libarchive-tools)"
	done_testing
fi
IDX=$CDS_SRCDIR/manifests/index.json
T=$(mktemp -d); cleanup_later "$T"
# makepkg refuses to run as root: as nobody then, in a directory of its own
B=$(mktemp -d); cleanup_later "$B"
SITE=usr/lib/python3.12/site-packages
as_builder() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		"$@"
	fi
}
# pkg NAME VERSION DEPENDS: $T/NAME.pkg.tar.zst of the tree $B/NAME/tree
pkg() {
	mkdir -p "$B/$1"
	{
		printf 'pkgname=%s\npkgver=%s\npkgrel=1\n' "$1" "$2"
		printf "pkgdesc='%s as the tests build it'\narch=('x86_64')\n" "$1"
		printf "license=('custom')\noptions=('!strip' '!debug')\n"
		printf 'depends=(%s)\n' "$3"
		printf 'package() {\n\tcp -a "%s/tree/." "$pkgdir/"\n}\n' "$B/$1"
	} >"$B/$1/PKGBUILD"
	[ "$(id -u)" -eq 0 ] && chown -R 65534 "$B"
	(cd "$B/$1" && as_builder env HOME="$B" PKGEXT=.pkg.tar.zst \
		makepkg -f --nodeps >"$B/$1/log" 2>&1) ||
		{ diag "makepkg $1: $(tail -5 "$B/$1/log")"; return 1; }
	cp "$B/$1/$1-$2-1-x86_64.pkg.tar.zst" "$T/$1.pkg.tar.zst"
}
# lib PKG DIR FILE SONAME [mk_solib options]: FILE in PKG's tree, its link
lib() {
	_p=$1 _d=$2 _f=$3 _s=$4
	shift 4
	mkdir -p "$B/$_p/tree/$_d"
	mk_solib "$B/$_p/tree/$_d/$_f" "$_s" "$@" &&
		ln -s "$_f" "$B/$_p/tree/$_d/$_s"
}
lib cuda opt/cuda/lib64 libcudart.so.12.4.127 libcudart.so.12 &&
	lib cuda opt/cuda/lib64 libcublas.so.12.4.5.8 libcublas.so.12 &&
	mkdir -p "$B/cuda/tree/etc/ld.so.conf.d" &&
	echo /opt/cuda/lib64 >"$B/cuda/tree/etc/ld.so.conf.d/cuda.conf" &&
	pkg cuda 12.4.1 "" &&
	mkdir -p "$B/cudnn/tree/usr/lib" &&
	mk_cudnn9 "$B/cudnn/tree/usr/lib" 9.8.0 &&
	pkg cudnn 9.8.0.87 "'cuda'" &&
	mkdir -p "$B/python-cudamod/tree/$SITE" &&
	mk_solib "$B/python-cudamod/tree/$SITE/cudamod.cpython-312-x86_64-linux-gnu.so" \
		cudamod.cpython-312-x86_64-linux-gnu.so -N libcudnn.so.9 \
		-N libcublas.so.12 -N libcudart.so.12 &&
	pkg python-cudamod 1.0 "'cuda>=12.4' 'cudnn'" || exit 1

# root: an empty Arch Linux system with pacman's database
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/var/lib/pacman" "$R/var/cache/pacman/pkg"
printf 'include /etc/ld.so.conf.d/*.conf\n/usr/lib\n' >"$R/etc/ld.so.conf"
printf 'NAME="Arch Linux"\nID=arch\nBUILD_ID=rolling\n' >"$R/etc/os-release"
printf '[options]\nArchitecture = auto\nSigLevel = Never\n' >"$T/pacman.conf"
PDB=/var/lib/pacman PCACHE=/var/cache/pacman/pkg
pacr() {	# pacr ARGS...: pacman on the root's database and tree
	pacman --config "$T/pacman.conf" --root "$R" \
		--dbpath "$R$PDB" --cachedir "$R$PCACHE" \
		--logfile "$T/pacman.log" --hookdir "$T/hooks" --noconfirm \
		"$@"
}
f13_fixes() {
	jget "$OUT" '"\n".join(x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"])'
}
MOD=/$SITE/cudamod.cpython-312-x86_64-linux-gnu.so

# ---- all installed ------------------------------------------------------------
pacr -U "$T/cuda.pkg.tar.zst" "$T/cudnn.pkg.tar.zst" \
	"$T/python-cudamod.pkg.tar.zst" >"$T/log" 2>&1
is "$(pacr -Qq | tr '\n' ' ')" "cuda cudnn python-cudamod " "pacman installed the three packages"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(finding_ids "$OUT")" "'F13'|'LIB-TRUNCATED'" "all installed: nothing missing"
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] == "error"]')" "[]" \
	"all installed: no error"

# ---- a dependency removed with -Rdd --------------------------------------------------
pacr -Rdd cudnn >"$T/log" 2>&1
check "libcudnn.so.9 is gone" test ! -e "$R/usr/lib/libcudnn.so.9"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo pacman -S cudnn" "doctor: pacman's fix, for the dependency it lacks"
is "$(jget "$OUT" '[(x["argv"], x["undo_argv"]) for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"[(['sudo', 'pacman', '-S', 'cudnn'], ['sudo', 'pacman', '-R', 'cudnn'])]" \
	"--json: pacman's command and the way back as argument lists"
is "$(evidence "$OUT" F13 cause)" \
	"['a dependency of an installed package is not installed: python-cudamod 1.0-1 (pacman) depends on cudnn, which pacman does not have (pacman -Dk reports it)']" \
	"the cause, from pacman's database"
is "$(evidence "$OUT" F13 'needed by package')" "['python-cudamod 1.0-1 (pacman: installed)']" \
	"the package of the module that needs it, as pacman has it"
unlike "$OUT" "apt-get|dpkg" "no apt or dpkg on a pacman system"
cds --root "$R" --manifest "$IDX" explain "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo pacman -S cudnn" "explain: the package whose dependency named cudnn is missing"
like "$OUT" "to go back: sudo pacman -R cudnn" "explain: and the way back"
cds --root "$R" --manifest "$IDX" repair --dry-run
like "$OUT" "to run yourself: sudo pacman -S cudnn" "repair: pacman's command is the step"

# ---- both removed: one command ----------------------------------------------------
pacr -Rdd cuda >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" doctor --json
like "$(f13_fixes)" "^sudo pacman -S cuda cudnn$" "cuda and cudnn missing: one pacman command for both"
cds --root "$R" --manifest "$IDX" explain "OSError: libcublas.so.12: cannot open shared object file: No such file or directory"
like "$OUT" "to do: sudo pacman -S cuda cudnn" \
	"explain: a toolkit library, the missing cuda dependency (and the package's other one)"

# ---- a file of an installed package deleted -------------------------------------
pacr -U "$T/cuda.pkg.tar.zst" "$T/cudnn.pkg.tar.zst" >"$T/log" 2>&1
rm -f "$R/opt/cuda/lib64/libcublas.so.12.4.5.8"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo pacman -S cuda" "a file of cuda deleted: pacman installs cuda again"
is "$(evidence "$OUT" F13 package)" \
	"['cuda 12.4.1-1 lists /opt/cuda/lib64/libcublas.so.12 (pacman: installed)']" \
	"the package pacman says lists it"
cds --root "$R" --manifest "$IDX" repair --dry-run
like "$OUT" "to run yourself: sudo pacman -S cuda" "repair: the same"

# ---- a sub-library of the cuDNN set deleted (F8) -----------------------------------
rm -f "$R/usr/lib/libcudnn_graph.so.9" "$R"/usr/lib/libcudnn_graph.so.9.*
cds --root "$R" --manifest "$IDX" doctor --json
is "$(evidence "$OUT" F8 package)" "['cudnn 9.8.0.87-1 lists /usr/lib/libcudnn_graph.so.9 (pacman: installed)']" \
	"F8: the package that lists the missing sub-library"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F8" for x in f["fixes"]]')" \
	"['sudo pacman -S cudnn']" "F8: pacman puts the set back, not a cuDNN of cudnn-setup's"
pacr -U "$T/cudnn.pkg.tar.zst" >"$T/log" 2>&1

# ---- a library cut short ----------------------------------------------------------
pacr -U "$T/cuda.pkg.tar.zst" >"$T/log" 2>&1
truncate -s 4096 "$R/usr/lib/libcudnn.so.9.8.0"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(evidence "$OUT" LIB-TRUNCATED owner)" "['pacman package cudnn 9.8.0.87-1']" \
	"LIB-TRUNCATED: its owner, as pacman has it"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED" for x in f["fixes"]]')" \
	"['sudo pacman -S cudnn']" "and pacman's command to put it back"

# ---- a partial upgrade: cuda 13 without the module's package --------------------
pacr -U "$T/cudnn.pkg.tar.zst" >"$T/log" 2>&1
# the package of CUDA 12.4 stays in pacman's cache, as a download leaves it
cp "$T/cuda.pkg.tar.zst" "$R/var/cache/pacman/pkg/cuda-12.4.1-1-x86_64.pkg.tar.zst"
rm -rf "$B/cuda/tree/opt"
lib cuda opt/cuda/lib64 libcudart.so.13.0.96 libcudart.so.13 &&
	lib cuda opt/cuda/lib64 libcublas.so.13.1.0.3 libcublas.so.13 &&
	pkg cuda 13.0.2 "" || exit 1
pacr -U "$T/cuda.pkg.tar.zst" >"$T/log" 2>&1
is "$(pacr -Q cuda)" "cuda 13.0.2-1" "pacman upgraded cuda alone (python-cudamod's cuda>=12.4 allows it)"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x.get("argv")]')" \
	"['sudo pacman -Syu']" "a partial upgrade: the whole system's upgrade, once for both libraries"
like "$(evidence "$OUT" F13 cause)" \
	"a partial upgrade: python-cudamod 1\.0-1 \(pacman\) needs libcu[a-z]*\.so\.12 and depends on cuda 13\.0\.2-1, which ships /opt/cuda/lib64/libcu[a-z]*\.so\.13 instead" \
	"said so: the package, the dependency, the other major it ships"
like "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"]]')" \
	"or, back to it: sudo pacman -U /var/cache/pacman/pkg/cuda-12\.4\.1-1-x86_64\.pkg\.tar\.zst" \
	"or pacman's cached cuda of the release it was built for"
unlike "$(jget "$OUT" '[x["command"] for f in d["findings"] for x in f["fixes"]]')" "install --cuda" \
	"no CUDA release of cudnn-setup's beside pacman's"

# ---- nothing here needs it: what pacman's sync databases offer ----------------------
# a repository made by repo-add, synced by pacman -Sy (and -Fy, its files)
pacr -Rdd python-cudamod cudnn >"$T/log" 2>&1
mk_solib "$R/$SITE/loose.cpython-312-x86_64-linux-gnu.so" \
	loose.cpython-312-x86_64-linux-gnu.so -N libcudnn.so.9
mkdir -p "$T/repo" && repo-add -q "$T/repo/extra.db.tar.gz" "$T/cudnn.pkg.tar.zst" \
	"$T/cuda.pkg.tar.zst" >"$T/log" 2>&1
printf '[options]\nArchitecture = auto\nSigLevel = Never\n[extra]\nServer = file://%s\n' \
	"$T/repo" >"$T/pacman.conf"
pacr -Sy >"$T/log" 2>&1
check "pacman -Sy kept the sync database" test -f "$R/var/lib/pacman/sync/extra.db"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(f13_fixes)" "sudo pacman -S cudnn" \
	"a module no package owns needs cuDNN 9: the sync database's cudnn"
like "$(evidence "$OUT" F13 "pacman's package")" \
	"cudnn 9\.8\.0\.87-1, named as the library and of a release that ships libcudnn\.so\.9 \(pacman's sync database, extra\.db\)" \
	"said so: by its name, the database named"
pacr -Fy >"$T/log" 2>&1
cds --root "$R" --manifest "$IDX" explain --json "OSError: libcudnn_graph.so.9: cannot open shared object file: No such file or directory"
like "$(jget "$OUT" '[e["value"] for f in d["findings"] for e in f["evidence"] if e["key"] == "pacman'"'"'s package"]')" \
	"cudnn 9\.8\.0\.87-1 lists libcudnn_graph\.so\.9 \(pacman's file database, extra\.files\)" \
	"after pacman -Fy: by its file list"
cds --root "$R" --manifest "$IDX" explain --json "OSError: libnccl.so.2: cannot open shared object file: No such file or directory"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-LIBRARY" for x in f["fixes"] if "pacman" in x["command"]]')" \
	"[]" "a library no database offers (NCCL): no pacman command for it"

# ---- pacman.conf's DBPath and CacheDir ---------------------------------------
# the database and the cache where the root's pacman.conf puts them: the
# partial upgrade again, its cached cuda 12.4 in the second CacheDir
mkdir -p "$R/srv/pkgcache"
mv "$R/var/lib/pacman" "$R/srv/pacman"
mv "$R/var/cache/pacman/pkg/cuda-12.4.1-1-x86_64.pkg.tar.zst" "$R/srv/pkgcache/"
PDB=/srv/pacman PCACHE=/srv/pkgcache
pacr -U "$T/cudnn.pkg.tar.zst" "$T/python-cudamod.pkg.tar.zst" >"$T/log" 2>&1
is "$(pacr -Qq | tr '\n' ' ')" "cuda cudnn python-cudamod " "pacman installed them again, its database in /srv/pacman"
cds --root "$R" --manifest "$IDX" doctor --json
unlike "$(f13_fixes)" "pacman" "without pacman.conf saying where: no pacman database, no pacman command"
printf '%s\n' '[options]' '# DBPath = /var/lib/pacman/' 'DBPath      = /srv/pacman/' \
	'CacheDir = /var/cache/pacman/pkg/  /srv/pkgcache/' 'Architecture = auto' '' \
	'[extra]' 'DBPath = /elsewhere/' 'Include = /etc/pacman.d/mirrorlist' >"$R/etc/pacman.conf"
cds --root "$R" --manifest "$IDX" doctor --json
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "F13" for x in f["fixes"] if x.get("argv")]')" \
	"['sudo pacman -Syu']" "DBPath read: the partial upgrade found in /srv/pacman"
like "$(f13_fixes)" "or, back to it: sudo pacman -U /srv/pkgcache/cuda-12\.4\.1-1-x86_64\.pkg\.tar\.zst" \
	"CacheDir read: the cached package in the second cache, a value of a repeating option"
done_testing
