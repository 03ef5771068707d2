/*
 * reads.c - what a text no known failure matches still says.
 *
 * explain's catalogue knows failures; a text it does not know is still
 * not nothing: the libraries it names (by soname, or by the Windows name
 * of the same library), the C++ symbols, the versions of CUDA, cuDNN, the
 * driver and the frameworks, and the paths.  Each is looked up here (the
 * index's table of NVIDIA's sonames, the files under the root), and the
 * entries whose messages share the most words are named as the nearest.
 * Nothing here claims a cause.
 */
#include "config.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cds.h"
#include "doctor/explain.h"
#include "sys/handle.h"
#include "read/manifest.h"
#include "base/util.h"

#define PER_KIND 6		/* at most this many of one kind */
#define MAXTOKEN 512

static int
have(const struct cds_text_reads *r, const char *kind, const char *value)
{
	size_t i, n = 0;

	for (i = 0; i < r->n; i++) {
		if (strcmp(r->items[i].kind, kind) == 0) {
			if (strcmp(r->items[i].value, value) == 0) {
				return 1;
			}
			n++;
		}
	}
	return n >= PER_KIND;	/* full: as if had */
}

static struct cds_text_read *
add(struct cds_text_reads *r, const char *kind, const char *value,
    size_t len)
{
	struct cds_text_read *it;
	char *v = cds_xstrndup(value, len);

	if (have(r, kind, v)) {
		free(v);
		return NULL;
	}
	r->items = cds_xreallocarray(r->items, r->n + 1, sizeof(*r->items));
	it = &r->items[r->n++];
	it->kind = kind;
	it->value = v;
	it->here = NULL;
	return it;
}

/* "libcublas.so.12" and "libfoo.so": a soname. */
static int
is_soname(const char *t, size_t n)
{
	const char *so;
	size_t i;

	if (n < 7 || strncmp(t, "lib", 3) != 0 ||
	    (so = memmem(t, n, ".so", 3)) == NULL) {
		return 0;
	}
	for (i = (size_t)(so - t) + 3; i < n; i++) {
		if (!isdigit((unsigned char)t[i]) && t[i] != '.') {
			return 0;
		}
	}
	return t[n - 1] != '.';
}

/* What the table of NVIDIA's sonames says of library NAME. */
static char *
library_here(const cds_handle_t *h, const char *name)
{
	const struct cds_soname *r;

	if (h->manifest == NULL) {
		return NULL;
	}
	if ((r = cds_manifest_soname(h->manifest, name)) == NULL) {
		return cds_xstrdup(_("not one of NVIDIA's libraries known "
		    "here"));
	}
	return cds_xasprintf(_("NVIDIA %s (%s), in releases %s"),
	    r->component, r->kind, r->releases);
}

/* A path under the root: there or not. */
static char *
path_here(const cds_handle_t *h, const char *path)
{
	char *real = cds_rpath(h, path), *s;

	s = cds_xstrdup(access(real, F_OK) == 0 ? _("exists here") :
	    _("not on this machine"));
	free(real);
	return s;
}

/* One word of the text: a library, a symbol or a path. */
static void
token(cds_handle_t *h, struct cds_text_reads *r, const char *t, size_t n)
{
	struct cds_text_read *it;

	/* trailing punctuation, and a path's ":LINE" */
	while (n > 0 && strchr(".,;:!?)]}'\"`", t[n - 1]) != NULL) {
		n--;
	}
	if (n == 0 || n >= MAXTOKEN) {
		return;
	}
	if (is_soname(t, n)) {
		if ((it = add(r, "library", t, n)) != NULL) {
			it->here = library_here(h, it->value);
		}
	} else if (n > 6 && strncmp(t, "_Z", 2) == 0 &&
	    strspn(t, "_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789") == n) {
		add(r, "symbol", t, n);
	} else if (t[0] == '/' && n > 2 && memchr(t + 1, '/', n - 1) != NULL) {
		const char *colon = memchr(t, ':', n);

		if (colon != NULL) {
			n = (size_t)(colon - t);
		}
		if ((it = add(r, "path", t, n)) != NULL) {
			it->here = path_here(h, it->value);
		}
	}
}

/* The versions TEXT names: "CUDA 12.4", "cuDNN 9.1.0", "driver 550.54.15",
 * a build's "+cu121", an architecture "sm_86". */
static void
versions(struct cds_text_reads *r, const char *text)
{
	static const char *const res[] = {
		"(CUDA|cuDNN|NCCL|TensorRT|driver|PyTorch|torch|TensorFlow|"
		    "jaxlib|jax|onnxruntime)[^0-9\n]{0,16}([0-9]+\\.[0-9]+"
		    "(\\.[0-9]+)*)",
		"\\+(cu[0-9]{2,3})\\b",
		"\\b(sm_[0-9]+a?)\\b",
	};
	size_t i;

	for (i = 0; i < sizeof(res) / sizeof(res[0]); i++) {
		const char *at = text;
		regmatch_t g[3];
		regex_t re;
		int tries;

		if (regcomp(&re, res[i], REG_EXTENDED) != 0) {
			continue;
		}
		for (tries = 0; tries < 64 && regexec(&re, at, 3, g,
		    at == text ? 0 : REG_NOTBOL) == 0; tries++) {
			char *v = i == 0 ? cds_xasprintf("%.*s %.*s",
			    (int)(g[1].rm_eo - g[1].rm_so), at + g[1].rm_so,
			    (int)(g[2].rm_eo - g[2].rm_so), at + g[2].rm_so) :
			    cds_xstrndup(at + g[1].rm_so,
			    (size_t)(g[1].rm_eo - g[1].rm_so));

			add(r, "version", v, strlen(v));
			free(v);
			at += g[0].rm_eo > 0 ? g[0].rm_eo : 1;
		}
		regfree(&re);
	}
}

struct cds_text_reads *
cds_explain_reads(cds_handle_t *h, const char *text)
{
	struct cds_text_reads *r = cds_xcalloc(1, sizeof(*r));
	const char *p = text;

	while (*p != '\0') {
		size_t n;

		p += strspn(p, " \t\r\n'\"`([{<=,");
		n = strcspn(p, " \t\r\n'\"`([{<=,");
		token(h, r, p, n);
		p += n;
	}
	versions(r, text);
	r->nclosest = cds_explain_closest(text, r->closest, CDS_CLOSEST);
	return r;
}

void
cds_text_reads_free(struct cds_text_reads *r)
{
	size_t i;

	if (r == NULL) {
		return;
	}
	for (i = 0; i < r->n; i++) {
		free(r->items[i].value);
		free(r->items[i].here);
	}
	free(r->items);
	free(r);
}
