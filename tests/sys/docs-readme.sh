#!/bin/sh
# The README and the docs beside it: the README stays short and starts with
# the two commands .ci/run relies on (build and run; the suite); its doctor
# output is what doctor really prints on the Debian root it names
# (tests/realworld/mkroot.sh trixie-torch-cuda, read with --root); every
# relative link of README.md, HACKING.md, tests/README.md,
# ui/ansible/README.md and doc/*.md names a file of the tree (and an anchor
# of failure-modes.md that exists); every file of doc/ is in the release
# tarball's list (Makefile.am).
. "$CDS_SRCDIR/tests/lib.sh"
plan 8

S=$CDS_SRCDIR
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-docs-XXXXXX")
cleanup_later "$T"

# ---- the README's shape ----------------------------------------------------
n=$(wc -l <"$S/README.md")
ok "$([ "$n" -lt 180 ]; echo $?)" "the README has fewer than 180 lines ($n)"
first=$(sed -n '/^```sh$/,/^```$/p' "$S/README.md" | sed -n '2,3p' |
	sed 's/[[:space:]]*#.*//')
is "$first" ".ci/build && ./cudnn-setup
.ci/build check" "the README starts with the build-and-run and the suite's commands"
like "$(grep -v '^#' "$S/.ci/run")" "exec \.ci/build check" \
	".ci/run runs the README's suite command"

# ---- the README's doctor output is real ------------------------------------
# every line of the block after the marker must come out of doctor, in this
# order (tests/sys/pkg-fixes.sh checks the package-manager block likewise)
block=$(readme_block trixie-torch-cuda)
ok "$([ "$(printf '%s\n' "$block" | grep -vc '^…$')" -ge 10 ]; echo $?)" \
	"the README shows at least 10 lines of doctor's output"
root=$(sh "$S/tests/realworld/mkroot.sh" trixie-torch-cuda 2>"$T/mkroot.err")
if [ $? -ne 0 ] || [ ! -d "$root" ]; then
	skip 1 "no trixie-torch-cuda root here: $(tail -n 1 "$T/mkroot.err")"
else
	CDS_CONTAINER=none cds --root "$root" doctor
	missing=$(not_in_order "$OUT" "$block")
	is "$missing" "" \
	    "the README's doctor output is doctor's on the root, in order"
	[ -z "$missing" ] || diag "$OUT"
fi

# ---- links -----------------------------------------------------------------
docs="README.md HACKING.md tests/README.md ui/ansible/README.md
$(cd "$S" && ls doc/*.md)"
bad=""
anchors=$(sed -n 's/.*<a id="\([^"]*\)"><\/a>.*/\1/p' \
	"$S/doc/failure-modes.md" | tr '\n' ' ')
for d in $docs; do
	[ -f "$S/$d" ] || { bad="$bad $d(missing)"; continue; }
	dir=$(dirname "$d")
	# [text](target): targets that are no URL and no bare #anchor
	for l in $(grep -o '\]([^)]*)' "$S/$d" | sed 's/^](//; s/)$//' |
		grep -v '^[a-z]*://' | grep -v '^#' | grep -v '^mailto:'); do
		f=${l%%#*}
		a=${l#"$f"}
		[ -e "$S/$dir/$f" ] || { bad="$bad $d:$l"; continue; }
		if [ -n "$a" ] && [ "${f##*/}" = failure-modes.md ]; then
			case " $anchors " in
			*" ${a#\#} "*) ;;
			*) bad="$bad $d:$l" ;;
			esac
		fi
	done
done
is "$bad" "" "every relative link of the docs names a file (and anchor) of the tree"
ok "$([ "$(echo $docs | wc -w)" -ge 12 ]; echo $?)" \
	"the docs checked: README, HACKING, tests and Ansible READMEs and doc/*.md"

# ---- the release tarball carries them (EXTRA_DIST) ---------------------------
am=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$S/Makefile.am" | grep -v '^#')
notlisted=""
for d in $docs; do
	printf '%s\n' "$am" | grep -q "[[:space:]=]$d\([[:space:]]\|\$\)" ||
		notlisted="$notlisted $d"
done
is "$notlisted" "" "Makefile.am puts every doc in the release tarball (EXTRA_DIST)"

done_testing
