#!/bin/sh
# install when a server cannot be reached.  A mirror whose name does not
# resolve (.invalid never does, RFC 6761) and a mirror on 127.0.0.1 at a
# closed port, each before the index's base URL (http://127.0.0.1:9/, a
# refused port too): one probe per server and no retries, so the install
# fails within seconds, exit 3, with one message that names each server
# and why, and what to do (--mirror, --cache, --offline); nothing is left
# (no staging, no release, no download; list shows nothing).  With --json,
# the error names them too.  A mirror that is down before a server that
# works (nginx, TLS from a test CA): passed over, said once, installed.
# The wizard: the archives that never came show as failed, never as
# unpacking, and the failure names the server.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 35

if ! have_python; then
	skip 35 "python3 missing"
	done_testing
fi
unset CURL_CA_BUNDLE SSL_CERT_FILE SSL_CERT_DIR http_proxy https_proxy \
	HTTPS_PROXY ALL_PROXY all_proxy NO_PROXY no_proxy
T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror" -s 35

# install through MIRROR into a fresh root R; SECS: how long it took
install_via() {
	R=$(mk_sysroot); cleanup_later "$R"
	_m=$1
	shift
	_t0=$(now)
	cds --root "$R" --manifest "$M" --mirror "$_m" install --cuda 12.4.1 \
		--cudnn 9.3.0 --yes "$@"
	SECS=$(since "$_t0")
}
# the same install's cost without the network (start-up, the index, the
# plan): offline with an empty cache, it stops at the first archive.  A
# server down must cost no more than that and a second: a retry waits 1 s
# then 2 s on each server (6 s at least here).
R=$(mk_sysroot); cleanup_later "$R"
mkdir -p "$T/empty"
_t0=$(now)
cds --root "$R" --manifest "$M" --offline --cache "$T/empty" install \
	--cuda 12.4.1 --cudnn 9.3.0 --yes
BASE=$(since "$_t0")
# nothing of the install is left in root R
left_nothing() {
	is "$(ls -A "$R/opt/nvidia" 2>/dev/null | grep -v '^\.state$')" "" \
		"$1: no release"
	check "$1: no journal" test ! -e "$R/opt/nvidia/.state/journal"
	is "$(ls -A "$R/opt/nvidia/.state/staging" 2>/dev/null)" "" \
		"$1: no staging left"
	is "$(find "$R/opt/nvidia/.state/downloads" -type f 2>/dev/null)" "" \
		"$1: no download, no .part"
	cds --root "$R" list --json
	is "$(jget "$OUT" '[len(d["installed"]), d["cache"]["archives"], d["cache"]["partial"]]')" \
		"[0, 0, 0]" "$1: list shows nothing"
}
HINT='--mirror URL.*--cache DIR.*--offline'

# ---- a name that does not resolve -------------------------------------------
install_via https://cds-test.invalid/
is "$RC" 3 "DNS: exit 3 (the network)"
within "DNS: fails at once, no retries" "$SECS" 1 "$BASE"
like "$ERR" "error: network error: cds-test\.invalid: its name does not resolve \(DNS\); 127\.0\.0\.1:9: it refused the connection" \
	"DNS: one message naming each server and why"
like "$ERR" "nothing was changed; .*$HINT" "DNS: what to do"
is "$(printf '%s\n' "$ERR" | grep -c 'error:')" 1 "DNS: one error"
is "$(printf '%s\n' "$ERR" | grep -cvE 'warning: no NVIDIA driver|error: network error|nothing was changed')" 0 \
	"DNS: nothing else on stderr (no retries, no line per archive)"
left_nothing "DNS"

# ---- a refused connection ----------------------------------------------------
P=$(free_port)
install_via "http://127.0.0.1:$P/"
is "$RC" 3 "refused: exit 3"
within "refused: fails at once, no retries" "$SECS" 1 "$BASE"
like "$ERR" "error: network error: 127\.0\.0\.1:$P: it refused the connection; 127\.0\.0\.1:9: it refused the connection" \
	"refused: one message naming each server and why"
like "$ERR" "$HINT" "refused: what to do"
is "$(printf '%s\n' "$ERR" | grep -cvE 'warning: no NVIDIA driver|error: network error|nothing was changed')" 0 \
	"refused: nothing else on stderr"
left_nothing "refused"

# ---- --json ------------------------------------------------------------------
install_via https://cds-test.invalid/ --json
is "$RC" 3 "--json: exit 3"
is "$(jget "$OUT" '[d["result"], d["error"]["code"]]')" "['failed', 'network']" \
	"--json: the document says it failed, for the network"
like "$(jget "$OUT" 'd["error"]["detail"]')" "cds-test\.invalid: dns .*127\.0\.0\.1:9: refused" \
	"--json: the detail names each server and why"
is "$(jget "$OUT" '[d["error"]["reason"], d["error"]["names"]["known"]]')" \
	"['servers-down', 'cds-test.invalid, 127.0.0.1:9']" \
	"--json: the reason is data: servers down, each named"
like "$(jget "$OUT" 'd["error"]["text"]')" \
	"^network error: no server could be reached: cds-test\.invalid: dns " \
	"--json: the text says no server could be reached"

# ---- a mirror down before a server that works -------------------------------
if ngx_serve "$T/mirror" -b; then
	export CURL_CA_BUNDLE=$NGX_CA
	install_via https://cds-test.invalid/
	is "$RC" 0 "a mirror down, the index's server up: installed"
	is "$(printf '%s\n' "$ERR" | grep -c 'cds-test\.invalid')" 1 \
		"the mirror down: said once"
	like "$ERR" "warning: passed over, as they could not be reached: cds-test\.invalid: its name does not resolve" \
		"the mirror down: named, with why"
	unlike "$ERR" "trying again" "the mirror down: no retries"
	unset CURL_CA_BUNDLE
else
	skip 4 "$NGX_WHY"
fi

# ---- the wizard --------------------------------------------------------------
if have_tmux; then
	R=$(mk_sysroot); cleanup_later "$R"
	tmx_start 100 30 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 \
		HOME=/home/user "$CDS_BIN" --root "$R" --manifest "$M" \
		--mirror https://cds-test.invalid/
	tmx_wait "Findings:" 20 && tmx_keys Enter
	tmx_wait "> Install CUDA" && tmx_keys Enter
	tmx_wait "> System prefix" && tmx_keys Enter
	tmx_wait "Recommended: CUDA 12\.6\.3" 20 && tmx_keys Enter
	tmx_wait "Install into /opt/nvidia" 20 && tmx_keys Enter
	tmx_wait "Install 2 releases" && tmx_keys Enter
	if tmx_wait "The install failed" 30; then
		ok 0 "wizard: the install fails"
	else
		ok 1 "wizard: the install fails"
		printf '%s\n' "$SCREEN" | sed 's/^/# /'
	fi
	unlike "$SCREEN" "Unpacking|unpack " "wizard: no archive said to be unpacking"
	is "$(printf '%s\n' "$SCREEN" | grep -cE '^ *(cuda_cudart|cudnn) +failed')" 2 \
		"wizard: each archive shows as failed"
	like "$SCREEN" "cds-test\.invalid" "wizard: the server is named"
	tmx_keys q
	tmx_wait_exit 10
	is "$TMX_RC" 3 "wizard: exit 3"
else
	skip 5 "tmux is not installed"
fi

done_testing
