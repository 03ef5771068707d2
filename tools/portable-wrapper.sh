#!/bin/sh
# cudnn-setup, the portable tarball's (tools/portable.sh): runs the program
# beside it, which finds its libraries ($ORIGIN/lib), its signed index and
# its catalogues next to itself.  Its libcurl was built on Debian and looks
# for CA certificates where Debian keeps them; elsewhere this names the
# system's bundle through CURL_CA_BUNDLE (which the program honours, as it
# does SSL_CERT_FILE and SSL_CERT_DIR), unless the user named one.  The
# places: Debian and Ubuntu, Fedora and RHEL, openSUSE, RHEL's extracted
# trust store, Alpine (the bundles Go's crypto/x509 looks for on Linux).
here=$(dirname "$(readlink -f "$0")")
if [ -z "${CURL_CA_BUNDLE:-}" ] && [ -z "${SSL_CERT_FILE:-}" ]; then
	for f in /etc/ssl/certs/ca-certificates.crt \
	    /etc/pki/tls/certs/ca-bundle.crt /etc/ssl/ca-bundle.pem \
	    /etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem \
	    /etc/ssl/cert.pem; do
		if [ -r "$f" ]; then
			CURL_CA_BUNDLE=$f
			export CURL_CA_BUNDLE
			break
		fi
	done
fi
exec "$here/libexec/cudnn-setup" "$@"
