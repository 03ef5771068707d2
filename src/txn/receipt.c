/*
 * receipt.c - what a receipt's entries say and how: names of any bytes in
 * JSON, and links that stay inside their tree.  install.c writes
 * receipts, installed.c reads them back.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "txn/receipt.h"

/* Does link TARGET, found at REL (tree-relative), stay inside the tree? */
int
cds_link_inside(const char *rel, const char *target)
{
	char **parts, **t;
	int depth = 0;
	size_t i;

	if (target[0] == '/' || target[0] == '\0') {
		return 0;
	}
	parts = cds_strsplit(rel, "/", 0);
	depth = (int)cds_strv_len(parts) - 1;	/* the link's directory */
	cds_strfreev(parts);
	t = cds_strsplit(target, "/", 0);
	for (i = 0; t[i] != NULL; i++) {
		if (strcmp(t[i], "..") == 0) {
			depth--;
		} else if (strcmp(t[i], ".") != 0) {
			depth++;
		}
		if (depth < 0) {
			break;
		}
	}
	cds_strfreev(t);
	return depth >= 0;
}

/*
 * Names in a receipt.  JSON strings are UTF-8; a file name is any bytes.
 * A name that is valid UTF-8 is written as itself ("path", "target"); one
 * that is not gets "path_hex" ("target_hex"), its bytes in hexadecimal,
 * which a reader takes first, and "path" a readable form with each byte
 * that is not UTF-8 as \xNN, for people.  Nothing is lost either way.
 */
static int
utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 :
		    (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
		uint32_t c;
		int i;

		if (n < 0 || (n == 1 && *p < 0xc2) || (n == 3 && *p > 0xf4)) {
			return 0;
		}
		c = n == 0 ? *p : *p & (0x3f >> n);
		for (i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80) {
				return 0;
			}
			c = (c << 6) | (p[i] & 0x3f);
		}
		if ((n == 2 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
		    (n == 3 && (c < 0x10000 || c > 0x10ffff))) {
			return 0;
		}
		p += n + 1;
	}
	return 1;
}

/* Set KEY of entry E to name S, as the comment above says. */
void
cds_receipt_name_set(json_t *e, const char *key, const char *s)
{
	struct cds_buf hex = {0}, shown = {0};
	const unsigned char *p;
	char *hkey;

	if (utf8_ok(s)) {
		json_object_set_new(e, key, json_string(s));
		return;
	}
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		cds_buf_addf(&hex, "%02x", *p);
		if (*p < 0x80 && *p >= 0x20 && *p != '\\') {
			cds_buf_add(&shown, p, 1);
		} else {
			cds_buf_addf(&shown, "\\x%02x", *p);
		}
	}
	hkey = cds_xasprintf("%s_hex", key);
	json_object_set_new(e, key, json_string(shown.s));
	json_object_set_new(e, hkey, json_string(hex.s));
	free(hkey);
	cds_buf_free(&hex);
	cds_buf_free(&shown);
}

/* The name KEY of a receipt entry, decoded; NULL when absent or not
 * hexadecimal.  Free it. */
char *
cds_receipt_name_get(json_t *e, const char *key)
{
	char *hkey = cds_xasprintf("%s_hex", key);
	const char *hex = json_string_value(json_object_get(e, hkey));
	const char *plain = json_string_value(json_object_get(e, key));
	char *out;
	size_t i, n;

	free(hkey);
	if (hex == NULL) {
		return plain != NULL && strlen(plain) ==
		    json_string_length(json_object_get(e, key)) ?
		    cds_xstrdup(plain) : NULL;
	}
	n = strlen(hex);
	if (n == 0 || n % 2 != 0) {
		return NULL;
	}
	out = cds_xmalloc(n / 2 + 1);
	for (i = 0; i < n / 2; i++) {
		unsigned v;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1 ||
		    strchr("0123456789abcdefABCDEF", hex[2 * i]) == NULL ||
		    strchr("0123456789abcdefABCDEF", hex[2 * i + 1]) == NULL ||
		    v == 0) {
			free(out);
			return NULL;
		}
		out[i] = (char)v;
	}
	out[n / 2] = '\0';
	return out;
}
