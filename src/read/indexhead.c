/*
 * indexhead.c - the index's number and dates without loading it.
 *
 * `--version` says which index the program uses, its number and dates;
 * loading the index whole for that (200 KB of JSON into jansson's tree,
 * then into ours) took two thirds of the run.  This reads the three
 * top-level members alone: one pass over the text that steps over every
 * other value (strings, with their escapes, and nested arrays and
 * objects), checking only their shape.  It is never the judge of an index:
 * on anything it is not sure of (a syntax it does not expect, a member
 * twice, a string with an escape where a date is) it gives up, and the
 * caller loads the index whole, which accepts or refuses it and says why.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "read/manifest.h"

/* Nested arrays and objects stepped over, at most (jansson's own limit
 * is 2048: deeper is for the whole load to refuse). */
#define HEAD_DEPTH	64

static const char *
ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
		p++;
	}
	return p;
}

/* Past the string at P ('"'), NULL if it does not end well; *ESC: it holds
 * an escape. */
static const char *
string_end(const char *p, int *esc)
{
	*esc = 0;
	for (p++; *p != '"'; p++) {
		if ((unsigned char)*p < 0x20) {
			return NULL;	/* the end of the text included */
		}
		if (*p == '\\') {
			*esc = 1;
			if (*++p == '\0') {
				return NULL;
			}
		}
	}
	return p + 1;
}

/* Past the scalar at P (a string, a number, true, false, null), NULL if
 * it is none. */
static const char *
scalar_end(const char *p)
{
	static const char *const words[] = { "true", "false", "null" };
	size_t i, n;
	int esc;

	if (*p == '"') {
		return string_end(p, &esc);
	}
	for (i = 0; i < 3; i++) {
		n = strlen(words[i]);
		if (strncmp(p, words[i], n) == 0) {
			return p + n;
		}
	}
	if (*p != '-' && (*p < '0' || *p > '9')) {
		return NULL;
	}
	return p + strspn(p, "+-.0123456789eE");
}

/* Past the key at P and its colon, NULL if there is none. */
static const char *
key_end(const char *p)
{
	int esc;

	if (*p != '"' || (p = string_end(p, &esc)) == NULL ||
	    *(p = ws(p)) != ':') {
		return NULL;
	}
	return p + 1;
}

/* Past the value at P, NULL if its shape is wrong. */
static const char *
value_end(const char *p)
{
	char open[HEAD_DEPTH];
	size_t depth = 0;

	for (;;) {
		/* at a value */
		p = ws(p);
		if (*p == '{' || *p == '[') {
			if (depth == HEAD_DEPTH) {
				return NULL;
			}
			open[depth++] = *p == '{' ? '}' : ']';
			p = ws(p + 1);
			if (*p != open[depth - 1]) {
				/* its first member */
				if (open[depth - 1] == '}' &&
				    (p = key_end(p)) == NULL) {
					return NULL;
				}
				continue;
			}
			depth--;	/* empty */
			p++;
		} else if ((p = scalar_end(p)) == NULL) {
			return NULL;
		}
		/* past a value: close what ends here, or on to the next */
		for (;;) {
			p = ws(p);
			if (depth == 0) {
				return p;
			}
			if (*p == open[depth - 1]) {
				depth--;
				p++;
				continue;
			}
			if (*p != ',') {
				return NULL;
			}
			p = ws(p + 1);
			if (open[depth - 1] == '}' && (p = key_end(p)) ==
			    NULL) {
				return NULL;
			}
			break;
		}
	}
}

/* The members read: each once at most. */
struct head {
	int seen[4];		/* version, generated, expires, the index's
				   own members (schema, releases) */
	long long version;
	char *dates[2];
};

/* One member, KEY (KLEN bytes) at the value P: past it, or NULL. */
static const char *
member(struct head *hd, const char *key, size_t klen, const char *p)
{
	static const char *const names[] = { "version", "generated",
		"expires" };
	const char *end;
	char *stop;
	size_t i;
	int esc;

	for (i = 0; i < 3; i++) {
		if (klen == strlen(names[i]) && memcmp(key, names[i],
		    klen) == 0) {
			break;
		}
	}
	if (i < 3 && hd->seen[i]++) {
		return NULL;	/* twice: the whole load refuses that */
	}
	if (i == 0) {
		if (*p < '0' || *p > '9') {
			return NULL;
		}
		errno = 0;
		hd->version = strtoll(p, &stop, 10);
		if (stop == p || errno != 0 || hd->version < 1 ||
		    strchr(".eE", *stop) != NULL) {
			return NULL;
		}
		return stop;
	}
	if (i < 3) {
		if (*p != '"' || (end = string_end(p, &esc)) == NULL || esc) {
			return NULL;
		}
		hd->dates[i - 1] = cds_xstrndup(p + 1, (size_t)(end - p - 2));
		return cds_index_date(hd->dates[i - 1]) == -1 ? NULL : end;
	}
	if ((klen == 6 && memcmp(key, "schema", 6) == 0) ||
	    (klen == 8 && memcmp(key, "releases", 8) == 0)) {
		hd->seen[3] = 1;
	}
	return value_end(p);
}

/* TEXT's members into HD: 0, or -1 when unsure. */
static int
head_read(struct head *hd, const char *text)
{
	const char *p = ws(text), *key, *kend;
	int esc;

	if (*p++ != '{') {
		return -1;
	}
	if (*(p = ws(p)) == '}') {
		return *ws(p + 1) == '\0' ? 0 : -1;
	}
	for (;;) {
		key = p;
		if (*p != '"' || (kend = string_end(p, &esc)) == NULL ||
		    esc || *(p = ws(kend)) != ':') {
			return -1;
		}
		p = ws(p + 1);
		if ((p = member(hd, key + 1, (size_t)(kend - key - 2), p)) ==
		    NULL) {
			return -1;
		}
		p = ws(p);
		if (*p == '}') {
			return *ws(p + 1) == '\0' ? 0 : -1;
		}
		if (*p != ',') {
			return -1;
		}
		p = ws(p + 1);
	}
}

int
cds_index_head_read(const char *text, struct cds_manifest *m)
{
	struct head hd = {0};

	if (head_read(&hd, text) == -1 || !hd.seen[3]) {
		free(hd.dates[0]);
		free(hd.dates[1]);
		return -1;
	}
	m->version = hd.version;
	m->generated = hd.dates[0];
	m->expires = hd.dates[1];
	m->expires_t = m->expires != NULL ? cds_index_date(m->expires) : 0;
	return 0;
}

/*
 * The index cds_manifest_load() would choose, its number and dates alone
 * (path, version, generated, expires, expires_t): when it is the shipped
 * one (no --manifest, none kept by `update`) and reads as this expects.
 * Owned by the handle; NULL when it cannot say (then load it whole).
 */
static struct cds_manifest *
index_head(cds_handle_t *h)
{
	struct cds_manifest *m;
	char *path, *text, *store, *kept;
	struct stat st;

	if (h->index_head != NULL) {
		return h->index_head;
	}
	if (h->manifest_arg != NULL) {
		return NULL;	/* --manifest: loaded whole, as given */
	}
	store = cds_index_store(h);
	kept = cds_path_join(store, "current/index.json");
	free(store);
	if (stat(kept, &st) == 0 || errno != ENOENT) {
		free(kept);
		return NULL;	/* one `update` kept: its signature first */
	}
	free(kept);
	path = cds_index_shipped_path();
	m = cds_xcalloc(1, sizeof(*m));
	m->path = path;
	if ((text = cds_read_file(path, 16u << 20, NULL)) == NULL ||
	    cds_index_head_read(text, m) == -1) {
		free(text);
		cds_manifest_free(m);
		return NULL;
	}
	free(text);
	h->index_head = m;
	h->manifest_free = cds_manifest_free;
	return m;
}

int
cds_index_info(cds_handle_t *h, struct cds_index_info *info)
{
	const struct cds_manifest *m = h->manifest;

	memset(info, 0, sizeof(*info));
	/* the number and dates alone where they can be read so */
	if (m == NULL && (m = index_head(h)) == NULL &&
	    (m = cds_manifest_load(h)) == NULL) {
		return -1;	/* error set by cds_manifest_load */
	}
	info->path = m->path;
	info->updated = m->updated;
	info->version = m->version;
	info->generated = m->generated;
	info->expires = m->expires;
	info->expired = m->expires_t > 0 && time(NULL) >= m->expires_t;
	return 0;
}
