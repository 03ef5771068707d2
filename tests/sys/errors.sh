#!/bin/sh
# Errors are data: bad input of several kinds, driven through the command
# line, gives the code, the reason and the names involved as JSON fields
# beside the message and the engine's English detail (which names no
# command-line option); the words and the hint (the option to type next)
# are the command line's, and they are translated (LANGUAGE=ko).
. "$CDS_SRCDIR/tests/lib.sh"
plan 43

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
set -- --root "$R" --manifest "$M" --offline --cache "$T/mirror"

# err EXPR: a field of the JSON error on stdout
err() {
	jget "$OUT" "$1"
}

# --- nothing asked for: usage, nothing-to-do ------------------------------
cds "$@" plan --cuda none --cudnn none --json
is "$RC" 2 "plan --cuda none --cudnn none: exit 2"
is "$(err 'd["error"]["code"] + " " + d["error"]["reason"]')" \
	"usage nothing-to-do" "the code and the reason"
is "$(err 'd["error"]["text"]')" \
	"invalid usage: --cuda none and --cudnn none: nothing to install" \
	"the words name the options as the command line spells them"
is "$(err '"--" in d["error"]["detail"]')" False \
	"the engine's detail names no option"

# --- a release the index does not know ------------------------------------
cds "$@" plan --cuda 12.4.1 --cudnn 9.99 --json
is "$RC" 2 "plan --cudnn 9.99: exit 2"
is "$(err 'd["error"]["code"] + " " + d["error"]["reason"]')" \
	"not-found unknown-release" "unknown cuDNN: code and reason"
is "$(err 'd["error"]["names"]["option"] + " " + d["error"]["names"]["value"]')" \
	"cudnn 9.99" "the names: which option, which value"
like "$(err 'd["error"]["names"]["known"]')" "9\.3\.0" \
	"the names: the releases it knows"
is "$(err 'd["error"]["names"]["path"]')" "$M" "the names: the index read"
is "$(err '"--" in d["error"]["detail"]')" False \
	"the engine's detail names no option"

# --- --for with no package: bad syntax, a hint with an example ------------
cds "$@" plan --for ==2.3 --json
is "$RC" 2 "plan --for ==2.3: exit 2"
is "$(err 'd["error"]["reason"] + " " + d["error"]["names"]["option"] + " " + d["error"]["names"]["value"]')" \
	"bad-syntax for ==2.3" "the reason and the names"
is "$(err 'd["error"]["hint"]')" "such as --for torch==2.3.0" \
	"the hint is the command line's"
cds "$@" plan --for ==2.3
like "$ERR" "^cudnn-setup: error: invalid usage: --for ==2\.3: expected PACKAGE==VERSION$" \
	"text: the words"
like "$ERR" "^  such as --for torch==2\.3\.0$" "text: the hint on its own line"

# --- a manifest that cannot be read: reason bad-manifest, the file, why ---
printf '{"releases": [}' >"$T/broken.json"
cds --root "$R" --manifest "$T/broken.json" plan --cuda 12.4.1 --json
is "$(err 'd["error"]["code"] + " " + d["error"]["reason"]')" \
	"manifest bad-manifest" "a broken manifest: code and reason"
is "$(err 'd["error"]["names"]["path"]')" "$T/broken.json" \
	"... the file it names"
like "$(err 'd["error"]["names"]["why"]')" "^line 1: " \
	"... and the parser's words, with the line"

# --- a system call on a path: reason system, path and errno ---------------
: >"$R/file-not-dir"
cds "$@" --prefix /file-not-dir/x install --cuda 12.4.1 --cudnn none --yes \
	--json
is "$(jget "$OUT" 'd["error"]["reason"]')" system \
	"a prefix under a regular file: reason system"
is "$(jget "$OUT" 'd["error"]["names"]["errno"]')" 20 \
	"... with errno ENOTDIR as a number"
like "$(jget "$OUT" 'd["error"]["names"]["path"]')" "/file-not-dir" \
	"... and the path"
check "nothing made under the file" test -f "$R/file-not-dir"

# --- the default, removed: is-default, the hint names --force -------------
cds "$@" install --cuda 12.4.1 --cudnn none --yes
is "$RC" 0 "install CUDA 12.4.1"
before=$(tree_hash "$P" content)
cds "$@" remove cuda-12.4.1 --yes --json
is "$RC" 2 "remove the default, --yes answers no: exit 2"
is "$(err 'd["error"]["reason"] + " " + d["error"]["names"]["release"]')" \
	"is-default cuda-12.4.1" "reason is-default, the release named"
is "$(err 'd["error"]["names"]["path"]')" "$P/cuda" \
	"the default link named"
like "$(err 'd["error"]["hint"]')" "^add --force to remove it anyway" \
	"the hint names --force"
is "$(err '"--" in d["error"]["detail"]')" False \
	"the engine's detail does not"
is "$(tree_hash "$P" content)" "$before" "the refusal changed nothing"

# --- not installed: the names say where it looked and what is there ------
cds "$@" use cuda-11.8.0 --json
is "$RC" 2 "use of a release not installed: exit 2"
is "$(err 'd["error"]["code"] + " " + d["error"]["reason"]')" \
	"not-found not-installed" "code and reason"
is "$(err 'd["error"]["names"]["known"]')" "cuda-12.4.1" \
	"the names: what is installed"

# --- a bad mirror: the option as a setting, the words as a flag ----------
cds "$@" --mirror ftp://example.invalid/ list
is "$RC" 2 "--mirror ftp://...: exit 2"
like "$ERR" "error: invalid usage: --mirror ftp://example\.invalid/: not a URL this program fetches \(http, https, file\)" \
	"the words name --mirror and the schemes it takes"

# --- in Korean: the words and the hint from po/ko.po -----------------------
MSG=$T/msg
mkdir -p "$MSG/ko/LC_MESSAGES"
if command -v msgfmt >/dev/null 2>&1; then
	msgfmt -o "$MSG/ko/LC_MESSAGES/cudnn-setup.mo" "$CDS_SRCDIR/po/ko.po"
elif [ -f "$CDS_BUILDDIR/po/ko.gmo" ]; then
	cp "$CDS_BUILDDIR/po/ko.gmo" "$MSG/ko/LC_MESSAGES/cudnn-setup.mo"
fi
# a locale whose messages gettext translates: C.UTF-8 takes LANGUAGE
ko() {
	_o=$(mktemp) _e=$(mktemp)
	env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=ko \
		CDS_LOCALEDIR="$MSG" "$CDS_BIN" "$@" >"$_o" 2>"$_e" </dev/null
	RC=$?
	OUT=$(cat "$_o") ERR=$(cat "$_e")
	rm -f "$_o" "$_e"
}
if ! grep -q '^#define ENABLE_NLS 1' "$CDS_BUILDDIR/config.h" 2>/dev/null ||
    [ ! -s "$MSG/ko/LC_MESSAGES/cudnn-setup.mo" ]; then
	skip 9 "built without native language support, or no catalogue"
	done_testing
fi
ko "$@" remove cuda-12.4.1 --yes
is "$RC" 2 "ko: remove the default: exit 2"
like "$ERR" "오류: 잘못된 사용법: cuda-12\.4\.1은\(는\) 현재 기본값입니다 \($P/cuda\)" \
	"ko: the words"
like "$ERR" "^  그래도 제거하려면 --force를 더하거나, 먼저 다른 것을 기본값으로 하십시오: cudnn-setup use VERSION$" \
	"ko: the hint names --force in Korean"
ko "$@" remove cuda-12.4.1 --yes --json
is "$(jget "$OUT" 'd["error"]["reason"]')" is-default \
	"ko: the reason stays a key, never translated"
like "$(jget "$OUT" 'd["error"]["hint"]')" "^그래도 제거하려면 --force" \
	"ko: JSON's hint is the translated one"
is "$(jget "$OUT" 'd["error"]["detail"]')" \
	"cuda-12.4.1 is the current default ($P/cuda); it stays unless forced, or another is made the default first" \
	"ko: the detail stays the engine's English, for logs"
ko "$@" plan --cuda none --cudnn none
like "$ERR" "^cudnn-setup: 오류: 잘못된 사용법: --cuda none과 --cudnn none: 설치할 것이 없습니다$" \
	"ko: nothing to install, options spelled as flags"
ko "$@" update
like "$ERR" "업데이트할 URL이 없습니다" "ko: update without a URL: the words"
like "$ERR" "^  --url URL을 지정하십시오" "ko: ... and the hint"
done_testing
