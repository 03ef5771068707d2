#!/bin/sh
# https_proxy through a real CONNECT proxy (tinyproxy, from Debian's
# tinyproxy-bin) on 127.0.0.1: install fetches a redistrib file by URL and
# its archive over TLS from the test nginx (tests/fixtures/nginx.sh, test
# CA) through the proxy's tunnel; the proxy logs `CONNECT host:port` for
# the nginx and the server its requests; verification stays end to end, so
# a CA that did not sign the server still fails (exit 3, the tunnel was
# made); NO_PROXY=127.0.0.1 goes direct (no CONNECT); an https_proxy where
# nothing listens fails, and NO_PROXY gets past it too.  Skipped when
# tinyproxy is not installed.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/nginx.sh"
plan 20

TP=$(command -v tinyproxy 2>/dev/null || echo /usr/bin/tinyproxy)
if [ ! -x "$TP" ]; then
	skip 20 "tinyproxy is not installed (Debian: tinyproxy-bin)"
	done_testing
fi
unset HTTP_PROXY
T=$(mktemp -d "${TMPDIR:-/tmp}/cds-proxy-XXXXXX"); cleanup_later "$T"
mirror "$T/mirror" -s 20 --https 'mka_cuda 12.4.1 cuda_cudart'
CUDART=cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz
NGX_HOSTPORT=${NGX_URL#https://}

# proxy_start: tinyproxy in the foreground, in the background, on a free
# port of 127.0.0.1; sets PROXY_URL and PROXY_LOG (one line per request)
proxy_start() {
	_n=0
	while [ $_n -lt 5 ]; do
		_pp=$(free_port)
		PROXY_LOG=$T/proxy.log
		: >"$PROXY_LOG"
		cat >"$T/tinyproxy.conf" <<EOF
Port $_pp
Listen 127.0.0.1
Timeout 60
MaxClients 20
Allow 127.0.0.1
LogFile "$PROXY_LOG"
LogLevel Connect
EOF
		"$TP" -d -c "$T/tinyproxy.conf" >"$T/proxy.out" 2>&1 &
		PROXY_PID=$!
		fix_track "$PROXY_PID"
		_t=0
		while [ $_t -lt 50 ]; do
			if python3 -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
				"$_pp" 2>/dev/null; then
				PROXY_URL=http://127.0.0.1:$_pp
				return 0
			fi
			kill -0 "$PROXY_PID" 2>/dev/null || break
			_t=$((_t + 1))
			sleep 0.1
		done
		kill "$PROXY_PID" 2>/dev/null
		wait "$PROXY_PID" 2>/dev/null
		_n=$((_n + 1))
	done
	sed 's/^/# /' "$T/proxy.out" "$PROXY_LOG" >&2
	return 1
}
proxy_start || { skip 20 "tinyproxy did not start"; done_testing; }
# connects: how many CONNECT requests for the nginx the proxy logged
connects() { grep -c "CONNECT $NGX_HOSTPORT " "$PROXY_LOG"; }

# --- through the tunnel ------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
: >"$NGX_DIR/access.log"
https_proxy=$PROXY_URL CURL_CA_BUNDLE=$NGX_CA \
	cds --root "$R" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" install --yes
is "$RC" 0 "https_proxy: the manifest and the archive through CONNECT, exit 0"
like "$(cat "$PROXY_LOG")" "CONNECT $NGX_HOSTPORT HTTP/1\.1" \
	"the proxy was asked to CONNECT $NGX_HOSTPORT"
ok $(( $(connects) < 1 )) "tunnels opened: $(connects)"
like "$(cat "$NGX_DIR/access.log")" "GET /cuda_redistrib_12.4.1.json HTTP/1\.1\" 200" \
	"nginx served the manifest"
like "$(cat "$NGX_DIR/access.log")" "GET /$CUDART HTTP/1\.1\" 200" \
	"nginx served the archive"
check "installed" test -f "$R/opt/nvidia/cuda-12.4.1/lib/libcudart.so.12.4.127"
out=$(prefix_check "$R/opt/nvidia")
ok $? "the tree matches its receipt"

# --- verification still ends at the server -------------------------------------
: >"$PROXY_LOG"
R=$(mk_sysroot); cleanup_later "$R"
https_proxy=$PROXY_URL CURL_CA_BUNDLE=$NGX_DIR/other-ca.pem \
	cds --root "$R" --manifest "$M" --mirror "$NGX_URL/" install \
	--cuda 12.4.1 --cudnn none --yes
is "$RC" 3 "another CA, through the proxy: exit 3"
like "$ERR" "error: TLS certificate not trusted: $NGX_HOSTPORT: its certificate is not trusted here \(SSL certificate problem" \
	"the certificate is refused, naming the server and why"
like "$ERR" "CURL_CA_BUNDLE=FILE" "what to do: the CA to trust"
ok $(( $(connects) < 1 )) "the tunnel was made ($(connects)); TLS failed inside it"
check "nothing installed" test ! -e "$R/opt/nvidia/cuda-12.4.1"
is "$(ls -A "$R/opt/nvidia/.state/staging" 2>/dev/null)" "" "no staging left"
https_proxy=$PROXY_URL CURL_CA_BUNDLE=$NGX_DIR/other-ca.pem \
	cds --root "$R" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" plan
is "$RC" 3 "a manifest URL with another CA, through the proxy: exit 3"
like "$ERR" "TLS certificate not trusted.*$NGX_URL/cuda_redistrib_12.4.1.json" \
	"the manifest's certificate is refused"

# --- NO_PROXY ---------------------------------------------------------------------
: >"$PROXY_LOG"
R=$(mk_sysroot); cleanup_later "$R"
https_proxy=$PROXY_URL NO_PROXY=127.0.0.1 CURL_CA_BUNDLE=$NGX_CA \
	cds --root "$R" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" install --yes
is "$RC" 0 "NO_PROXY=127.0.0.1: exit 0"
is "$(connects)" 0 "NO_PROXY=127.0.0.1: the proxy saw nothing"

# a proxy where nothing listens: the variable is obeyed, and NO_PROXY wins
DEAD=http://127.0.0.1:$(free_port)
R=$(mk_sysroot); cleanup_later "$R"
https_proxy=$DEAD CURL_CA_BUNDLE=$NGX_CA \
	cds --root "$R" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" plan
is "$RC" 3 "https_proxy where nothing listens: exit 3"
like "$ERR" "network error: $NGX_URL/cuda_redistrib_12.4.1.json: .*(onnect|refused)" \
	"the connection to the proxy failed"
https_proxy=$DEAD no_proxy=127.0.0.1 CURL_CA_BUNDLE=$NGX_CA \
	cds --root "$R" --manifest "$NGX_URL/cuda_redistrib_12.4.1.json" \
	--mirror "$NGX_URL/" plan
is "$RC" 0 "the same with no_proxy=127.0.0.1: direct, exit 0"

done_testing
