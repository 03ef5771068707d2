#!/bin/sh
# The dynamic loader's words in the languages glibc translates them to
# (manifests/data/loader-l10n.tsv, made by tools/mkloaderl10n.py from
# libc-l10n's catalogs): the committed table is what the tool makes from
# the catalogs here when they are of the release it names, and explain
# reads every row as the English words: "libcudart.so.12: <translation of
# 'cannot open shared object file'>" is the CUDA runtime not found (F13),
# "./app: <translation of 'error while loading shared libraries'>:
# libcudart.so.12" too, and "fatal error: cuda_runtime.h: <translation
# of 'No such file or directory'>" (strerror's ENOENT) a CUDA header not
# found (NV-HEADER).  A translation around another library is not an
# NVIDIA library's failure.
. "$CDS_SRCDIR/tests/lib.sh"
TSV=$CDS_SRCDIR/manifests/data/loader-l10n.tsv
plan 7

n=$(($(wc -l <"$TSV") - 1))
langs=$(awk -F'\t' 'NR > 1 { print $1 }' "$TSV" | sort -u | wc -l)
is "$([ "$n" -ge 60 ] && [ "$langs" -ge 30 ] && echo yes)" yes \
	"the table has $n translations in $langs languages"
# the catalogs here, when they are the release the table was made from
source=$(awk -F'\t' 'NR == 2 { print $4 }' "$TSV")
here=$(dpkg-query -W -f='libc-l10n ${Version}' libc-l10n 2>/dev/null)
if [ "$here" = "$source" ] && command -v python3 >/dev/null 2>&1; then
	remade "$TSV" "the table is what the tool makes from this machine's $source" \
	    python3 "$CDS_SRCDIR/tools/mkloaderl10n.py" /usr/share/locale "$source"
else
	skip 1 "no $source here to make the table from (${here:-none})"
fi
E=$(mk_sysroot); cleanup_later "$E"
# each translation, as the loader says it (one explain per row)
bad=
tab=$(printf '\t')
while IFS=$tab read -r lang msgid msgstr _; do
	want="('F13', 'libcudart.so.12')"
	case $msgid in
	"cannot open shared object file")
		t="ImportError: libcudart.so.12: $msgstr: x" ;;
	"No such file or directory")
		t="x.cu:1:10: fatal error: cuda_runtime.h: $msgstr"
		want="('NV-HEADER', 'cuda_runtime.h')" ;;
	*)	t="./app: $msgstr: libcudart.so.12" ;;
	esac
	cds --root "$E" explain --json "$t"
	got=$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("missing", d["matches"][0]["captures"].get("header"))')
	[ "$got" = "$want" ] || bad="$bad $lang:$msgid:$got"
done <<TSV_ROWS
$(sed 1d "$TSV")
TSV_ROWS
is "$bad" "" "every translation: the CUDA runtime (F13) or a CUDA header (NV-HEADER) not found, named"
cds --root "$E" explain --json 'libfoo.so.1: 无法打开共享对象文件: 没有那个文件或目录'
is "$(jget "$OUT" '[m["id"] for m in d.get("matches", [])]')" "[]" \
	"the same words around another library: no NVIDIA library's failure"
# a Flatpak monitor's NVML in Ukrainian (held out: the driver's library)
cds --root "$E" explain --json 'WARN  resources::utils::gpu::nvidia > Connection to NVML failed, reason: a libloading error occurred: libnvidia-ml.so: не вдалося відкрити файл об’єктів спільного використання: Немає такого файла або каталогу'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("missing")')" "('DRIVER-LIB', 'libnvidia-ml.so')" \
	"the driver's NVML not found, in Ukrainian"
# what is shown is what was read: the English words, the library kept
cds --root "$E" explain 'OSError: libcudnn_ops.so.9: Kann die Shared-Object-Datei nicht öffnen: Datei oder Verzeichnis nicht gefunden'
like "$OUT" "libcudnn_ops\.so\.9: cannot open shared object file" "the message as read, in English"
cds --root "$E" explain --json 'kan gedeeld objectbestand niet openen'
is "$(jget "$OUT" 'd["recognised"]')" "False" "the words alone, no library: not known"
done_testing
