#!/bin/sh
# What ships beside the wizard: the manual page renders without a warning
# and names every command and global option the program's --help lists;
# the bash completion completes commands, each command's options, option
# values (--shell, directories) and, for use/remove/env, the releases an
# installed prefix holds (asked from the real program).
. "$CDS_SRCDIR/tests/lib.sh"
plan 15

MAN=$CDS_SRCDIR/ui/cudnn-setup.1
COMP=$CDS_SRCDIR/ui/bash-completion/cudnn-setup

if command -v groff >/dev/null 2>&1; then
	out=$(groff -man -ww -z "$MAN" 2>&1)
	is "$out" "" "the manual page renders without a warning"
	text=$(groff -man -Tutf8 -P-cbou "$MAN" 2>/dev/null | sed 's/‐/-/g')
else
	skip 1 "groff is not installed"
	text=$(sed 's/\\-/-/g' "$MAN")
fi
cds --help
missing=""
cmds=$(printf '%s\n' "$OUT" | sed -n 's/^  \([a-z]\+\)  .*/\1/p')
for c in $cmds; do
	printf '%s\n' "$text" | grep -q "^ *$c\b" || missing="$missing $c"
done
[ "$(echo $cmds | wc -w)" -ge 8 ] || missing="(--help lists no commands?)"
is "$missing" "" "the manual describes every command of --help"
missing=""
for o in $(printf '%s\n' "$OUT" | grep -o -- '--[a-z-]\+' | sort -u); do
	printf '%s\n' "$text" | grep -q -- "$o" || missing="$missing $o"
done
is "$missing" "" "the manual names every option of --help"

if ! command -v bash >/dev/null 2>&1; then
	skip 12 "bash is not installed"
	done_testing
fi
# complete WORDS...: what the completion offers for the last word
complete_line() {
	bash -c '. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_cudnn_setup
		printf "%s\n" "${COMPREPLY[@]}" | sort' sh "$COMP" "$@"
}
is "$(complete_line "$CDS_BIN" "" | tr '\n' ' ')" \
	"clean doctor env explain help install list plan remove repair update use verify " "the commands"
is "$(complete_line "$CDS_BIN" "re" | tr '\n' ' ')" "remove repair " \
	"a command from its start"
like "$(complete_line "$CDS_BIN" install --)" "^--dry-run$" "install's options"
like "$(complete_line "$CDS_BIN" install --)" "^--root$" "and the global ones"
unlike "$(complete_line "$CDS_BIN" install --)" "^--undo$" \
	"not another command's options"
like "$(complete_line "$CDS_BIN" repair --)" "^--path-first$" "repair's options"
is "$(complete_line "$CDS_BIN" env --shell "" | tr '\n' ' ')" "fish sh " \
	"--shell: sh or fish"
# each command's options: the same in --help's usage and in the completion
# (the global ones aside), and the program takes every one of them
globals=$(complete_line "$CDS_BIN" -- | tr '\n' ' ')
drift=""
for c in $cmds; do
	usage=$(printf '%s\n' "$OUT" | python3 -c 'import re, sys
cmd, cur, out = sys.argv[1], None, []
for line in sys.stdin:
    m = re.match(r"^  ([a-z]+)  ", line)
    if m:
        cur = m.group(1)
    elif not line.startswith("   "):
        cur = None
    elif cur == cmd:
        out.append(line)
print("".join(out))' "$c")
	u=$(printf '%s\n' "$usage" | grep -o -- '--[a-z-]\+' | sort -u)
	cl=$(complete_line "$CDS_BIN" "$c" -- | sort -u)
	for o in $u; do
		case " $globals " in *" $o "*) continue ;; esac
		printf '%s\n' "$cl" | grep -qx -- "$o" || drift="$drift $c:$o(not completed)"
	done
	for o in $cl; do
		case " $globals " in *" $o "*) continue ;; esac
		printf '%s\n' "$u" | grep -qx -- "$o" || drift="$drift $c:$o(not in --help)"
	done
done
is "$drift" "" "every command's options agree in --help and the completion"
T=$(mktemp -d); cleanup_later "$T"
mkdir -p "$T/pfx-a" "$T/pfx-b"
is "$(complete_line "$CDS_BIN" --root "$T/pfx" | tr '\n' ' ')" \
	"$T/pfx-a $T/pfx-b " "--root: directories"

# releases from a prefix installed for real (offline, from a cache made
# like NVIDIA's layout)
if have_python && . "$CDS_SRCDIR/tests/fixtures/mkarchive.sh" &&
    (mka_init "$T/mirror" && mka_cuda 12.4.1 cuda_cudart &&
    mka_index) >"$T/mk.log" 2>&1; then
	R=$(mk_sysroot); cleanup_later "$R"
	cds --root "$R" --manifest "$T/mirror/index.json" --offline \
		--cache "$T/mirror" install --cuda 12.4.1 --cudnn none --yes
	is "$RC" 0 "a release installed to complete"
	is "$(complete_line "$CDS_BIN" --root "$R" use "" | tr '\n' ' ')" \
		"cuda-12.4.1 " "use: the releases of the prefix"
	is "$(complete_line "$CDS_BIN" --root "$R" remove cu | tr '\n' ' ')" \
		"cuda-12.4.1 " "remove: the releases, from their start"
else
	skip 3 "the test mirror could not be built"
fi

done_testing
