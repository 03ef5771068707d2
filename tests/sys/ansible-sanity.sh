#!/bin/sh
# The Ansible collection (ui/ansible) is clean: ansible-doc renders every
# module and the role; `ansible-test sanity` passes every test it can run
# here (the collection copied into an ansible_collections/NS/NAME tree,
# on the system's Python 3); ansible-lint passes with the production
# profile.  ansible-test keeps one virtualenv per test and fills it from
# PyPI; where pip cannot be fetched (no network), that virtualenv is given
# the system's packages instead (Debian's python3-voluptuous, pylint,
# pycodestyle, yamllint), and the test runs on them.
. "$CDS_SRCDIR/tests/lib.sh"

for t in ansible-doc ansible-test ansible-lint; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "1..0 # SKIP $t is not installed (.ci/deps installs it)"
		exit 0
	fi
done
plan 9

T=$(mktemp -d "${TMPDIR:-/tmp}/cds-sanity-XXXXXX"); cleanup_later "$T"
C=$T/ansible_collections/cudnn_setup/gpu
mkdir -p "$C"
cp -R "$CDS_SRCDIR/ui/ansible/." "$C/"
chmod -R u+w "$C"
# Ansible wants a UTF-8 locale; its caches go under $T
export LC_ALL=C.UTF-8 HOME="$T/home" ANSIBLE_COLLECTIONS_PATH="$T"
mkdir -p "$HOME"
# the interpreter Ansible itself runs on, not a wrapper first on PATH
PYDIR=$(sed -n '1s/^#! *\(\/[^ ]*\)\/python3.*/\1/p' "$(command -v ansible-test)")
[ -n "$PYDIR" ] && PATH=$PYDIR:$PATH
PYV=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')

bad=""
for m in facts install repair verify use textfile; do
	ansible-doc "cudnn_setup.gpu.cudnn_setup_$m" >"$T/doc-$m" 2>&1 &&
		grep -q "^EXAMPLES:" "$T/doc-$m" &&
		grep -q "^RETURN VALUES:" "$T/doc-$m" || bad="$bad $m"
done
is "$bad" "" "ansible-doc shows every module's options, examples and return values"
ansible-doc -t role cudnn_setup.gpu.cudnn_setup >"$T/doc-role" 2>&1
ok $? "ansible-doc shows the role's entry point"
like "$(cat "$T/doc-role")" "cudnn_setup_installs" "... with its variables"

# sanity TEST...: ansible-test sanity in the collection, giving each
# virtualenv it cannot fill the system's packages; status in $RC
sanity() {
	_i=0
	while :; do
		(cd "$C" && ansible-test sanity --python "$PYV" "$@") \
			>"$T/sanity.out" 2>&1
		RC=$?
		_v=$(sed -n 's/^FATAL: Python [0-9.]* at "\(.*\)\/bin\/python" does not have pip available\.$/\1/p' "$T/sanity.out")
		[ -n "$_v" ] && [ $_i -lt 20 ] || break
		sed -i 's/^include-system-site-packages = false/include-system-site-packages = true/' \
			"$_v/pyvenv.cfg"
		echo true >"$_v/meta.yaml.json"
		: >"$_v/marker.txt"
		_i=$((_i + 1))
	done
	[ "$RC" -eq 0 ] || grep -v 'Using locale\|previous 1 warning' \
		"$T/sanity.out" | tail -40 | sed 's/^/# /'
}
for t in validate-modules ansible-doc pep8 yamllint; do
	sanity --test "$t"
	is "$RC" 0 "ansible-test sanity --test $t"
done
sanity --skip-test validate-modules --skip-test ansible-doc \
	--skip-test pep8 --skip-test yamllint
is "$RC" 0 "ansible-test sanity: every other test ($(grep -c '^Running sanity test' "$T/sanity.out") run)"
diag "$(grep '^Running sanity test' "$T/sanity.out" | sed 's/Running sanity test //' | tr -d '"' | tr '\n' ' ')"

(cd "$C" && ansible-lint --offline --nocolor) >"$T/lint.out" 2>&1
RC=$?
is "$RC" 0 "ansible-lint (production profile)"
[ "$RC" -eq 0 ] || tail -30 "$T/lint.out" | sed 's/^/# /'
done_testing
