#!/bin/sh
# The wizard and the command line in the users' languages: with
# LANG=zh_CN.UTF-8 and LANG=ko_KR.UTF-8 the screens are translated (the
# catalogues compiled from po/ here) and aligned by display width, a
# Chinese or Korean character taking two columns: the value column of the
# three CUDA numbers, the two release lists of the Versions screen, the
# right border of the help box and the footer all stand where they stand in
# English, and no line passes 80 columns, in the wizard and in explain's
# text (wrapped by display width).  The locales are generated with
# localedef into a temporary directory (LOCPATH) when the system does not
# have them.  The terminal is as it was after each run.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 44

if ! have_tmux || ! have_python; then
	skip 44 "tmux or python3 is not installed"
	done_testing
fi
if ! grep -q '^#define ENABLE_NLS 1' "$CDS_BUILDDIR/config.h" 2>/dev/null; then
	skip 44 "built without native language support"
	done_testing
fi

T=$(mktemp -d); cleanup_later "$T"

# the catalogues, laid out as bindtextdomain wants them
MSG=$T/msg
for l in zh_CN ko; do
	mkdir -p "$MSG/$l/LC_MESSAGES"
	if command -v msgfmt >/dev/null 2>&1; then
		msgfmt -o "$MSG/$l/LC_MESSAGES/cudnn-setup.mo" \
			"$CDS_SRCDIR/po/$l.po" || break
	elif [ -f "$CDS_BUILDDIR/po/$l.gmo" ]; then
		cp "$CDS_BUILDDIR/po/$l.gmo" "$MSG/$l/LC_MESSAGES/cudnn-setup.mo"
	fi
done
if [ ! -s "$MSG/ko/LC_MESSAGES/cudnn-setup.mo" ]; then
	skip 44 "no msgfmt and no compiled catalogues"
	done_testing
fi

# the locales: the system's, else made here
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
		skip 44 "the zh_CN and ko_KR locales cannot be made (localedef, locales)"
		done_testing
	fi
fi

# glibc keeps the list of LOCPATH directories for the life of the process;
# a build with LeakSanitizer (--enable-debug) would count it as our leak
# (print_suppressions=0: a suppression used is not a report)
printf 'leak:__argz_add_sep\n' >"$T/lsan.supp"

R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$R/proc/driver/nvidia"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.82.01  Tue Jan 1 00:00:00 UTC 2024\n' \
	>"$R/proc/driver/nvidia/version"
ln -s /usr/local/cuda-12.2 "$R/usr/local/cuda"

widest() {
	disp_widths "$SCREEN" | sort -n | tail -1
}
# the display columns of the help box's right border, one per line
right_borders() {
	printf '%s\n' "$SCREEN" | python3 -c '
import sys, unicodedata
def w(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
for line in sys.stdin.read().split("\n"):
    i = line.rfind("\u2502")
    if line.count("\u2502") >= 2:
        print(w(line[:i]))' | sort -u
}

lang_env() {
	if [ -n "$LOC" ]; then
		echo "env -u LC_ALL -u NO_COLOR LOCPATH=$LOC LANG=$1 CDS_LOCALEDIR=$MSG HOME=/home/user LSAN_OPTIONS=suppressions=$T/lsan.supp:print_suppressions=0"
	else
		echo "env -u LC_ALL -u NO_COLOR LANG=$1 CDS_LOCALEDIR=$MSG HOME=/home/user"
	fi
}

# one run per language: LANG, then the words to look for on each screen
run_lang() {
	_lang=$1 _scan=$2 _counts=$3 _goal=$4 _target=$5 _help=$6 _name=$7
	# shellcheck disable=SC2046
	tmx_start 80 24 $(lang_env "$_lang") "$CDS_BIN" --root "$R"
	waitok "$_scan" "$_name: the Scan screen is translated" 20
	like "$SCREEN" "$_counts" "$_name: the findings counted in words"
	is "$(disp_columns "$SCREEN" "[NO-DRIVER]")" 16 \
		"$_name: the finding's id after the translated severity, as in English"
	# the value column of the three numbers: where it is in English
	is "$(disp_columns "$SCREEN" "/usr/local/cuda-12.2 (/usr/local/cuda)")" 34 \
		"$_name: the three numbers' detail column by display width"
	ok $(( $(widest) > 80 )) "$_name: no line passes 80 columns"
	tmx_keys Enter
	waitok "$_goal" "$_name: Goal translated"
	tmx_keys Enter
	waitok "$_target" "$_name: Target translated"
	tmx_keys Enter
	waitok "> 11\.8\.0" "$_name: Versions" 20
	is "$(disp_columns "$SCREEN" "[x] cuDNN")" 41 \
		"$_name: the cuDNN list where it is in English"
	is "$(disp_columns "$SCREEN" "9.22.0.52")" 43 \
		"$_name: its rows under it, past the translated CUDA notes"
	ok $(( $(widest) > 80 )) "$_name: Versions fits 80 columns"
	tmx_keys '?'
	waitok "$_help" "$_name: the help translated"
	is "$(right_borders)" 77 "$_name: the help box's right border is straight"
	like "$(printf '%s\n' "$SCREEN" | sed -n 24p)" "q [^ ]+ *$" \
		"$_name: the footer ends with quit, inside the line"
	tmx_keys Escape
	tmx_wait_gone "$_help"
	tmx_keys q
	tmx_wait_exit
	is "$TMX_RC" 0 "$_name: q quits"
	out=$(tmx_restored)
	ok $? "$_name: the terminal is as it was $out"
}

run_lang zh_CN.UTF-8 "本机的 CUDA：三个版本号" "发现的问题：2 个错误，0 个警告" \
	"你想做什么？" "CUDA 和 cuDNN 装到哪里？" "按键" "zh_CN"
run_lang ko_KR.UTF-8 "이 머신의 CUDA: 세 가지 버전" "발견된 문제: 오류 2개, 경고 0개" \
	"무엇을 하시겠습니까\?" "CUDA와 cuDNN을 어디에 설치할까요\?" "도움말" "ko"

# a conda env as Target, and Review's summary, in each language
RE=$(mk_sysroot); cleanup_later "$RE"
mkdir -p "$RE/home/user/miniconda3/conda-meta" \
	"$RE/home/user/miniconda3/envs/dl310/conda-meta"
run_env() {
	_lang=$1 _row=$2 _review=$3 _more=$4 _name=$5
	# shellcheck disable=SC2046
	tmx_start 80 24 $(lang_env "$_lang") "$CDS_BIN" --root "$RE"
	tmx_wait "dl310" 20
	tmx_keys Enter
	tmx_wait "> "
	tmx_keys Enter
	waitok "$_row" "$_name: the env row of Target, translated"
	tmx_keys Down Down Down
	tmx_wait "> .*dl310"
	tmx_keys Enter
	tmx_wait "\[x\] cuDNN" 20
	tmx_keys Enter
	waitok "$_review" "$_name: Review's summary, translated" 20
	like "$SCREEN" "$_more" "$_name: and its last line, on the screen"
	ok $(( $(widest) > 80 )) "$_name: Review fits 80 columns"
	tmx_keys q
	tmx_wait_exit
}
run_env zh_CN.UTF-8 "conda 环境 dl310 +/opt/nvidia，并接入该环境" \
	"安装到 /opt/nvidia，并接入 conda 环境 dl310" "d：每个压缩包及其 URL" "zh_CN"
run_env ko_KR.UTF-8 "conda 환경 dl310 +/opt/nvidia, 환경에 연결" \
	"/opt/nvidia에 설치, conda 환경 dl310에 연결" "d: 아카이브마다 URL" "ko"

# the header's steps, and the command line
# shellcheck disable=SC2046
out=$($(lang_env zh_CN.UTF-8) "$CDS_BIN" --help)
like "$out" "^用法：cudnn-setup \[命令\] \[选项\]" "zh_CN: the command line's usage"
# shellcheck disable=SC2046
out=$($(lang_env ko_KR.UTF-8) "$CDS_BIN" --root "$R" doctor)
like "$out" "발견된 문제" "ko: doctor's report"
# explain wraps by display width: a CJK character takes two columns
for l in zh_CN ko_KR; do
	# shellcheck disable=SC2046
	out=$($(lang_env $l.UTF-8) "$CDS_BIN" --root "$R" explain 'CUDNN_STATUS_MAPPING_ERROR')
	is "$(disp_widths "$out" | awk '$1 > 80' | wc -l | tr -d ' ')" 0 \
		"$l: explain's lines are at most 80 columns wide"
done
tmx_stop

done_testing
