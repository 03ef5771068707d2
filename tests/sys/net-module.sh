#!/bin/sh
# The program links neither libcurl nor libarchive nor liblzma: they and
# the forty libraries libcurl brings are the module libcds-net.so's
# (src/sys/net.h), loaded when the program first downloads or unpacks.
# The commands that do neither (--version, --help, doctor, explain, plan,
# verify) never load it, as the dynamic loader reports (LD_DEBUG=files); an
# install loads it once.  A module that cannot be loaded (a library it
# needs is missing; a module of another build) is an error that names the
# module's path, why, and what to do, and the commands that do not need it
# run as before.
. "$CDS_SRCDIR/tests/lib.sh"
plan 26

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-net-XXXXXX")
cleanup_later "$T"
MOD=$CDS_BUILDDIR/.libs/libcds-net.so
R=$(mk_sysroot)
cleanup_later "$R"

# ---- what is linked ----------------------------------------------------------
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	tr '\n' ' '; }
prog=$(needed "$CDS_BIN")
unlike "$prog" 'libcurl|libarchive|liblzma' \
	"the program links no libcurl, libarchive or liblzma ($prog)"
check "the module is built beside the program (.libs)" test -f "$MOD"
mod=$(needed "$MOD")
like "$mod" 'libcurl\.so' "the module links libcurl"
like "$mod" 'libarchive\.so' "the module links libarchive"
like "$mod" 'liblzma\.so' "the module links liblzma"
is "$(nm -D --defined-only "$MOD" | awk '{ print $3 }' | tr '\n' ' ')" \
	"cds_net_module " "it exports its table and nothing else"

# ---- which commands load it --------------------------------------------------
# loaded CMD...: run the program with the loader's report of every object
# it maps (children included) into $T/ld.*; the libraries of interest it
# mapped go to $T/libs, its status to RC
loaded() {
	rm -f "$T"/ld.*
	LD_DEBUG=files LD_DEBUG_OUTPUT=$T/ld "$CDS_BIN" "$@" \
		>"$T/out" 2>"$T/err" </dev/null
	RC=$?
	cat "$T"/ld.* 2>/dev/null | sed -n 's/.*file=\([^ ]*\).*/\1/p' |
		grep -E 'libcurl|libarchive|liblzma|libcds-net|libssh|libldap' |
		sort -u | tr '\n' ' ' >"$T/libs"
}
loaded --version
is "$(cat "$T/libs")" "" "--version: nothing of the module's is loaded"
loaded --help
is "$(cat "$T/libs")" "" "--help: nothing of the module's is loaded"
loaded --root "$R" doctor --json
is "$(cat "$T/libs")" "" "doctor: nothing of the module's is loaded"
is "$RC" 0 "doctor runs as before"
loaded explain 'libcudnn_ops.so.9: cannot open shared object file'
is "$(cat "$T/libs")" "" "explain: nothing of the module's is loaded"
loaded --root "$R" plan --cuda 12.4.1 --cudnn 9.3.0
is "$(cat "$T/libs")" "" "plan: nothing of the module's is loaded"
loaded verify
is "$(cat "$T/libs")" "" "verify: nothing of the module's is loaded"

# an install from a cache unpacks: the module is loaded, once
txn_mirror "$T/mirror"
loaded --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
	install --cuda 12.4.1 --yes
is "$RC" 0 "an install from the cache succeeds"
like "$(cat "$T/libs")" 'libcds-net\.so' "an install loads the module"
like "$(cat "$T/libs")" 'libarchive\.so' "... and libarchive with it"
is "$(cat "$T"/ld.* | grep -c 'file=.*libcds-net\.so.*dynamically loaded')" \
	1 "... once"
# a manifest fetched over HTTP: loaded for that (nothing listens on port 9)
loaded --manifest http://127.0.0.1:9/index.json doctor --json
like "$(cat "$T/libs")" 'libcds-net\.so' "a manifest URL loads the module"
like "$(cat "$T/out" "$T/err")" '127\.0\.0\.1:9' \
	"... and the transfer's error names the URL"

# ---- a module that cannot be loaded ------------------------------------------
# a copy of the program with a module beside it (.libs/, where a build
# tree's is) that needs a library that is gone
B=$T/bin
mkdir -p "$B/.libs" "$T/gone"
cp "$CDS_BIN" "$B/cudnn-setup"
echo 'int cds_gone(void) { return 1; }' >"$T/gone/gone.c"
echo 'extern int cds_gone(void); int cds_uses(void) { return cds_gone(); }' \
	>"$T/mod.c"
${CC:-cc} -shared -fPIC -Wl,-soname,libcds-gone.so.1 \
	-o "$T/gone/libcds-gone.so.1" "$T/gone/gone.c" &&
	ln -s libcds-gone.so.1 "$T/gone/libcds-gone.so" &&
	${CC:-cc} -shared -fPIC -o "$B/.libs/libcds-net.so" "$T/mod.c" \
	-L"$T/gone" -lcds-gone && rm -rf "$T/gone"
check "a module needing a library that is gone is built" \
	test -f "$B/.libs/libcds-net.so"
got() {
	CDS_DATADIR=$CDS_DATADIR "$B/cudnn-setup" "$@" >"$T/out" 2>"$T/err" \
		</dev/null
	RC=$?
}
R2=$(mk_sysroot)
cleanup_later "$R2"
got --root "$R2" --manifest "$M" --offline --cache "$T/mirror" \
	install --cuda 12.4.1 --yes
is "$RC" 1 "install with an unloadable module: exit 1"
like "$(cat "$T/err")" "$B/\.libs/libcds-net\.so cannot be loaded \(libcds-gone\.so\.1: cannot open" \
	"the error names the module's path and the library it lacks"
like "$(cat "$T/err")" "install the library named, or reinstall cudnn-setup" \
	"... and what to do"
check "nothing is installed" test ! -e "$R2/opt/nvidia/cuda-12.4.1"
got --version
like "$(cat "$T/out")" '^cudnn-setup ' "--version runs without the module"

# a module of another build: its table is not this program's
cat >"$T/other.c" <<'EOF'
#include <stddef.h>
struct other { const char *version; size_t size; void *f[3]; };
const struct other cds_net_module = { "0.0.0-other", sizeof(struct other) };
EOF
${CC:-cc} -shared -fPIC -o "$B/.libs/libcds-net.so" "$T/other.c"
got --manifest http://127.0.0.1:9/index.json doctor
like "$(cat "$T/err")" "libcds-net\.so is not the module of cudnn-setup" \
	"a module of another build is refused, and said so"
done_testing
