#!/bin/sh
# The program links neither libcurl, libarchive, liblzma nor libcrypto:
# they (and the forty libraries libcurl brings) are the modules'
# (src/base/module.h): libcds-net.so, loaded when the program first
# downloads or unpacks (src/sys/net.h), and libcds-crypto.so, when it first
# hashes or checks a signature (src/base/crypto.h).  The commands that do
# neither (--version, --help, doctor, explain, verify) load none of them,
# as the dynamic loader reports (LD_DEBUG=files), and plan only libcrypto's
# (it checks the digest of NVIDIA's manifest); an install loads each once.  A module that cannot be loaded (a library it needs is
# missing; a module of another build) is an error that names the module's
# path, why, and what to do, and the commands that do not need it run as
# before.
. "$CDS_SRCDIR/tests/lib.sh"
plan 28

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-lazy-XXXXXX")
cleanup_later "$T"
NET=$CDS_BUILDDIR/.libs/libcds-net.so
CRYPTO=$CDS_BUILDDIR/.libs/libcds-crypto.so
R=$(mk_sysroot)
cleanup_later "$R"

# ---- what is linked ----------------------------------------------------------
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	tr '\n' ' '; }
prog=$(needed "$CDS_BIN")
unlike "$prog" 'libcurl|libarchive|liblzma|libcrypto' \
	"the program links no libcurl, libarchive, liblzma or libcrypto ($prog)"
check "the modules are built beside the program (.libs)" \
	test -f "$NET" -a -f "$CRYPTO"
like "$(needed "$NET")" 'libcurl\.so.*libarchive\.so.*liblzma\.so' \
	"libcds-net.so links libcurl, libarchive and liblzma"
like "$(needed "$CRYPTO")" 'libcrypto\.so' "libcds-crypto.so links libcrypto"
exported() { nm -D --defined-only "$1" | awk '{ print $3 }' | tr '\n' ' '; }
is "$(exported "$NET")" "cds_net_module " \
	"libcds-net.so exports its table and nothing else"
is "$(exported "$CRYPTO")" "cds_crypto_module " \
	"libcds-crypto.so exports its table and nothing else"

# ---- which commands load them ------------------------------------------------
# loaded CMD...: run the program with the loader's report of every object
# it maps (children included) into $T/ld.*; the libraries of interest it
# mapped go to $T/libs, its status to RC
loaded() {
	rm -f "$T"/ld.*
	LD_DEBUG=files LD_DEBUG_OUTPUT=$T/ld "$CDS_BIN" "$@" \
		>"$T/out" 2>"$T/err" </dev/null
	RC=$?
	cat "$T"/ld.* 2>/dev/null | sed -n 's/.*file=\([^ ]*\).*/\1/p' |
		sed 's|.*/||' | grep -E 'libcurl|libarchive|liblzma|libcrypto|libssl|libcds-' |
		sort -u | tr '\n' ' ' >"$T/libs"
}
loaded --version
is "$(cat "$T/libs")" "" "--version: no module is loaded"
loaded --help
is "$(cat "$T/libs")" "" "--help: no module is loaded"
loaded --root "$R" doctor --json
is "$(cat "$T/libs")" "" "doctor: no module is loaded"
is "$RC" 0 "doctor runs as before"
loaded explain 'libcudnn_ops.so.9: cannot open shared object file'
is "$(cat "$T/libs")" "" "explain: no module is loaded"
loaded --root "$R" plan --cuda 12.4.1 --cudnn 9.3.0
is "$(cat "$T/libs")" "libcds-crypto.so libcrypto.so.3 " \
	"plan: libcrypto's module alone is loaded"
loaded verify
is "$(cat "$T/libs")" "" "verify: no module is loaded"

# an install from a cache unpacks and hashes: both are loaded, once
mirror "$T/mirror"
loaded --root "$R" --manifest "$M" --offline --cache "$T/mirror" \
	install --cuda 12.4.1 --yes
is "$RC" 0 "an install from the cache succeeds"
like "$(cat "$T/libs")" 'libarchive\.so.*libcds-crypto\.so.*libcds-net\.so.*libcrypto\.so' \
	"an install loads both modules, and their libraries"
is "$(cat "$T"/ld.* | grep -c 'file=.*libcds-net\.so.*dynamically loaded')" \
	1 "... each once"
# a manifest fetched over HTTP: loaded for that (nothing listens on port 9)
loaded --manifest http://127.0.0.1:9/index.json doctor --json
like "$(cat "$T/libs")" 'libcds-net\.so' "a manifest URL loads the module"
like "$(cat "$T/out" "$T/err")" '127\.0\.0\.1:9' \
	"... and the transfer's error names the URL"

# ---- modules that cannot be loaded -------------------------------------------
# a copy of the program with modules beside it (.libs/, where a build
# tree's are) that need a library that is gone
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
cp "$CRYPTO" "$B/.libs/"
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
like "$(cat "$T/err")" "cannot download or unpack: $B/\.libs/libcds-net\.so cannot be loaded \(libcds-gone\.so\.1: cannot open" \
	"the error names the module's path and the library it lacks"
like "$(cat "$T/err")" "install the library named, or reinstall cudnn-setup" \
	"... and what to do"
check "nothing is installed" test ! -e "$R2/opt/nvidia/cuda-12.4.1"
got --version
like "$(cat "$T/out")" '^cudnn-setup ' "--version runs without the module"
got --root "$R2" doctor --json
is "$RC" 0 "doctor runs without the module"

# libcrypto's module broken the same way: named as the manifest's digest
# is checked, before the download
mv "$B/.libs/libcds-net.so" "$B/.libs/libcds-crypto.so"
cp "$NET" "$B/.libs/"
got --root "$R2" --manifest "$M" --offline --cache "$T/mirror" \
	install --cuda 12.4.1 --yes
like "$(cat "$T/err")" "its SHA-256 cannot be computed: $B/\.libs/libcds-crypto\.so cannot be loaded \(libcds-gone\.so\.1" \
	"an unloadable libcds-crypto.so is named likewise"
check "nothing is installed" test ! -e "$R2/opt/nvidia/cuda-12.4.1"

# a module of another build: its table is not this program's
cat >"$T/other.c" <<'EOF'
#include <stddef.h>
struct other { const char *version; size_t size; void *f[3]; };
const struct other cds_net_module = { "0.0.0-other", sizeof(struct other) };
EOF
${CC:-cc} -shared -fPIC -o "$B/.libs/libcds-net.so" "$T/other.c"
cp "$CRYPTO" "$B/.libs/"
got --manifest http://127.0.0.1:9/index.json doctor
like "$(cat "$T/err")" "libcds-net\.so is not the module of cudnn-setup [^ ]* \(another table\)" \
	"a module of another build is refused, and said so"
done_testing
