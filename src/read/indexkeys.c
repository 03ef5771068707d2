/*
 * indexkeys.c - the trust of the index: the keys this program was built
 * with (index-keys.h, made by make), the check of a signature against
 * them (src/base/minisign.c), and where `update` keeps the index it takes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "index-keys.h"
#include "base/crypto.h"
#include "read/manifest.h"

char *
cds_index_store(const cds_handle_t *h)
{
	const char *xdg, *home;

	if (geteuid() == 0 || *h->root != '\0') {
		return cds_rpath(h, "/var/lib/cudnn-setup/index");
	}
	if ((xdg = cds_getenv(h, "XDG_DATA_HOME")) != NULL && xdg[0] == '/') {
		return cds_xasprintf("%s/cudnn-setup/index", xdg);
	}
	home = cds_getenv(h, "HOME");
	return cds_xasprintf("%s/.local/share/cudnn-setup/index",
	    home != NULL ? home : "");
}

char *
cds_index_shipped_path(void)
{
	return cds_path_join(cds_data_dir(), "manifests/index.json");
}

size_t
cds_index_keys(struct cds_ms_pubkey keys[2], const char *names[2])
{
	static const char *const lines[2] = { CDS_INDEX_KEY,
		CDS_INDEX_NEXT_KEY };
	static const char *const words[2] = { "current", "next" };
	const char *why;
	size_t i, n = 0;

	for (i = 0; i < 2; i++) {
		if (*lines[i] != '\0' &&
		    cds_ms_pubkey_parse(lines[i], &keys[n], &why) == 0) {
			names[n++] = words[i];
		}
	}
	return n;
}

int
cds_index_verify(cds_handle_t *h, const char *name, const void *data,
    size_t len, const char *signame, const char *sig, size_t siglen,
    char *keyid)
{
	struct cds_ms_pubkey keys[2];
	const char *names[2], *why;
	struct cds_ms_sig s;
	char id[17], trusted[2][17];
	size_t n = cds_index_keys(keys, names), used = 0, i;
	struct cds_buf tb = {0};
	const char *nocrypto;
	int ret = -1;

	if ((nocrypto = cds_crypto_load()) != NULL) {
		return cds_seterr(h, CDS_ERR_UNSUPPORTED, "%s: its signature "
		    "cannot be checked: %s", name, nocrypto);
	}
	if (cds_ms_sig_parse(sig, siglen, &s, &why) == -1) {
		cds_ms_sig_clear(&s);
		return cds_seterr(h, CDS_ERR_SIGNATURE, "%s: not a minisign "
		    "signature: %s", signame, why);
	}
	cds_ms_keyid_hex(s.keyid, id);
	if (keyid != NULL) {
		memcpy(keyid, id, sizeof(id));
	}
	for (i = 0; i < n; i++) {
		cds_ms_keyid_hex(keys[i].keyid, trusted[i]);
		cds_buf_addf(&tb, "%s%s (%s)", i > 0 ? " and " : "",
		    trusted[i], names[i]);
	}
	switch (cds_ms_verify(&s, keys, n, data, len, &used)) {
	case CDS_MS_OK:
		ret = 0;
		break;
	case CDS_MS_UNKNOWN_KEY:
		cds_seterr(h, CDS_ERR_SIGNATURE, "%s: signed by key %s; this "
		    "program trusts %s", name, id, n > 0 ? tb.s :
		    "no key");
		break;
	case CDS_MS_BAD_SIGNATURE:
		cds_seterr(h, CDS_ERR_SIGNATURE, "%s: its bytes are not the "
		    "ones key %s signed (changed after signing)", name, id);
		break;
	case CDS_MS_BAD_COMMENT:
		cds_seterr(h, CDS_ERR_SIGNATURE, "%s: the trusted comment "
		    "\"%s\" is not the one key %s signed (edited after "
		    "signing)", signame, s.trusted, id);
		break;
	}
	cds_buf_free(&tb);
	cds_ms_sig_clear(&s);
	return ret;
}
