#!/bin/sh
# The README's first commands speak the user's language before any `make
# install`: `make` lays the real catalogues (po/*.gmo) out next to the
# program (locale/LANG/LC_MESSAGES), and `LANG=zh_CN.UTF-8 ./cudnn-setup
# doctor`, typed on a terminal in the build tree with no CDS_LOCALEDIR,
# prints Chinese (Korean for ko_KR), the words read from po/*.po.  A copy
# of the program away from the build tree does not find them (they are
# looked for beside the executable, nowhere else), and CDS_LOCALEDIR
# still names another directory.  The locales are generated with localedef
# into a temporary directory (LOCPATH) when the system lacks them.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 11

if ! have_tmux || ! have_python; then
	skip 9 "tmux or python3 is not installed"
	done_testing
fi
if ! grep -q '^#define ENABLE_NLS 1' "$CDS_BUILDDIR/config.h" 2>/dev/null; then
	skip 9 "built without native language support"
	done_testing
fi
T=$(mktemp -d); cleanup_later "$T"

# msgstr PO MSGID: the translation of MSGID in PO (one line, unwrapped)
msgstr() {
	python3 - "$1" "$2" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'\nmsgid "%s"\nmsgstr "([^"]*)"' % re.escape(sys.argv[2]), text)
print(m.group(1) if m else "")
PY
}

for l in zh_CN ko; do
	cmp -s "$CDS_BUILDDIR/locale/$l/LC_MESSAGES/cudnn-setup.mo" \
		"$CDS_BUILDDIR/po/$l.gmo" ||
		cmp -s "$CDS_BUILDDIR/locale/$l/LC_MESSAGES/cudnn-setup.mo" \
			"$CDS_SRCDIR/po/$l.gmo"
	ok $? "make laid out po/$l.gmo as locale/$l/LC_MESSAGES/cudnn-setup.mo"
done

LOC=""
have_locale() {
	locale -a 2>/dev/null | grep -qix "$(echo "$1" | sed 's/UTF-8/utf8/')" ||
		locale -a 2>/dev/null | grep -qix "$1"
}
if ! have_locale zh_CN.UTF-8 || ! have_locale ko_KR.UTF-8; then
	LOC=$T/locale
	mkdir -p "$LOC"
	if ! localedef -i zh_CN -f UTF-8 "$LOC/zh_CN.UTF-8" >/dev/null 2>&1 ||
	    ! localedef -i ko_KR -f UTF-8 "$LOC/ko_KR.UTF-8" >/dev/null 2>&1; then
		skip 8 "the zh_CN and ko_KR locales cannot be made (localedef)"
		done_testing
	fi
fi
# glibc keeps the list of LOCPATH directories for the life of the process;
# a build with LeakSanitizer (--enable-debug) would count it as our leak.
# print_suppressions=0: a suppression used is not a report
printf 'leak:__argz_add_sep\n' >"$T/lsan.supp"

# say LANG PROGRAM ARGS...: on a terminal, in the build tree, as a person
# types it; SCREEN gets what it printed
say() {
	_lang=$1
	shift
	tmx_start 100 40 env -u LC_ALL -u LANGUAGE -u CDS_LOCALEDIR \
		${LOC:+LOCPATH=$LOC} LANG="$_lang" \
		LSAN_OPTIONS=suppressions=$T/lsan.supp:print_suppressions=0 \
		sh -c 'cd "$1" && shift && "$@"; echo "exit $?"' sh \
		"$CDS_BUILDDIR" "$@"
	tmx_wait "^exit [0-9]+" 30
	tmx_capture -h
}

zh=$(msgstr "$CDS_SRCDIR/po/zh_CN.po" "CUDA: three numbers")
ko=$(msgstr "$CDS_SRCDIR/po/ko.po" "CUDA: three numbers")
zhf=$(msgstr "$CDS_SRCDIR/po/zh_CN.po" "Findings")
ok $([ -n "$zh" ] && [ -n "$ko" ] && [ -n "$zhf" ]; echo $?) \
	"the catalogues translate the words looked for"

say zh_CN.UTF-8 ./cudnn-setup doctor
like "$SCREEN" "$zh" "LANG=zh_CN.UTF-8 ./cudnn-setup doctor: Chinese ($zh)"
like "$SCREEN" "$zhf" "its findings in Chinese too ($zhf)"
unlike "$SCREEN" "CUDA: three numbers" "no English heading left"
say ko_KR.UTF-8 ./cudnn-setup doctor
like "$SCREEN" "$ko" "LANG=ko_KR.UTF-8 ./cudnn-setup doctor: Korean ($ko)"
# doctor's rows line up by display width: a Korean label takes two
# columns a character, so the values of two rows start in one column
say ko_KR.UTF-8 env CDS_CONTAINER=docker ./cudnn-setup doctor
cat >"$T/cols.py" <<'PY'
import sys, unicodedata as u
def col(l, w):
    return sum(2 if u.east_asian_width(c) in "WF" else 1
               for c in l[:l.index(w)])
ls = sys.stdin.read().splitlines()
print(" ".join(str(col(l, w)) for w in ("docker", "ENOENT") for l in ls
               if w in l and "CDS_CONTAINER=" not in l))
PY
cols=$(printf '%s\n' "$SCREEN" | python3 "$T/cols.py")
is "$cols" "21 21" "Korean labels: the Container rows line up (value at column 21)"

# Korean writes spaces between its words: explain's paragraphs break at
# them, never inside a word (its syllables are wide, as Chinese is), so
# the lines joined with spaces are the catalogue's words again
R=$(mk_sysroot); cleanup_later "$R"
msg='CUDA error: no kernel image is available for execution on the device'
env -u LC_ALL -u LANGUAGE LANG=C "$CDS_BIN" --root "$R" explain "$msg" \
	>"$T/en.txt" 2>/dev/null
env -u LC_ALL -u LANGUAGE -u CDS_LOCALEDIR ${LOC:+LOCPATH=$LOC} \
	LANG=ko_KR.UTF-8 \
	LSAN_OPTIONS=suppressions=$T/lsan.supp:print_suppressions=0 \
	"$CDS_BIN" --root "$R" explain "$msg" >"$T/ko.txt" 2>/dev/null
cat >"$T/para.py" <<'PY'
import re, sys
def po(path):
    d, key, cur = {}, None, None
    for l in open(path, encoding="utf-8"):
        m = re.match(r'(msgid|msgstr) "(.*)"$', l)
        if m:
            cur = m.group(1)
            if cur == "msgid":
                key = m.group(2)
            else:
                d[key] = m.group(2)
        elif l.startswith('"') and cur is not None:
            if cur == "msgid":
                key += l.strip()[1:-1]
            else:
                d[key] += l.strip()[1:-1]
        else:
            cur = None
    return d
def para(path, head):
    ls = open(path, encoding="utf-8").read().split("\n")
    i = ls.index(head) + 1
    out = []
    while ls[i].strip():
        out.append(ls[i].strip())
        i += 1
    return " ".join(out)
cat = po(sys.argv[1])
en = para(sys.argv[2], "What it means")
ko = cat.get(en.replace('"', '\\"'), "")
print("same" if ko and re.sub(" +", " ", ko) == para(sys.argv[3], sys.argv[4])
      else "differs:\n%s\n%s" % (ko, para(sys.argv[3], sys.argv[4])))
PY
is "$(python3 "$T/para.py" "$CDS_SRCDIR/po/ko.po" "$T/en.txt" "$T/ko.txt" \
	"$(msgstr "$CDS_SRCDIR/po/ko.po" "What it means")")" same \
	"Korean explain: lines break between words, never inside one"

# the catalogues are found beside the program, not by chance: a copy
# elsewhere (manifests given) has none beside it
mkdir -p "$T/elsewhere"
cp "$CDS_BIN" "$T/elsewhere/cudnn-setup"
# where `make install` puts the catalogues (Makefile's localedir)
installed=$(make -s -C "$CDS_BUILDDIR" -f Makefile -f - print-localedir \
	2>/dev/null <<'MK'
print-localedir:
	@echo $(localedir)
MK
)
if [ -n "$installed" ] && [ -f "$installed/zh_CN/LC_MESSAGES/cudnn-setup.mo" ]; then
	skip 1 "a cudnn-setup is installed here ($installed): a copy would find its catalogues"
else
	say zh_CN.UTF-8 env CDS_DATADIR="$CDS_DATADIR" "$T/elsewhere/cudnn-setup" doctor
	like "$SCREEN" "CUDA: three numbers" "a copy away from the build tree: English"
fi
mkdir -p "$T/empty"
say zh_CN.UTF-8 env CDS_LOCALEDIR="$T/empty" ./cudnn-setup doctor
like "$SCREEN" "CUDA: three numbers" "CDS_LOCALEDIR names another directory, and wins"

done_testing
