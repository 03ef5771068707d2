/*
 * findings.c - run doctor's rules over a scan.  The rules are a table, one
 * function each, so a new failure mode is one new row plus a fixture.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "findings.h"

static const struct cds_rule rules[] = {
	{ "NO-DRIVER", N_("no usable NVIDIA driver"), "F20",
	    cds_rule_no_driver },
	{ "STUB-LIBCUDA", N_("a stub libcuda is what programs would load"),
	    NULL, cds_rule_stub_libcuda },
	{ "WSL-LIB-PATH", N_("WSL2: the driver's library dir is not searched"),
	    "F4", cds_rule_wsl_path },
	{ "F16", N_("the driver is too old for this CUDA version"), "F16",
	    cds_rule_driver_too_old },
	{ "CUDA-LINK", N_("the cuda link points to a missing or partial "
	    "toolkit"), NULL, cds_rule_cuda_link },
	{ "DEV-LINKS", N_("cuDNN libraries without their .so links"), "F14",
	    cds_rule_dev_links },
};

const char *
cds_rule_summary(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		if (strcmp(rules[i].id, id) == 0) {
			return _(rules[i].summary);
		}
	}
	return NULL;
}

struct cds_finding *
cds_finding_add(struct cds_rule_ctx *c, const char *id, enum cds_severity sev,
    const char *fmt, ...)
{
	struct cds_findings *out = c->out;
	struct cds_finding *f;
	va_list ap;
	size_t i;

	out->items = cds_xreallocarray(out->items, out->n + 1,
	    sizeof(*out->items));
	f = &out->items[out->n++];
	memset(f, 0, sizeof(*f));
	/* ids point into the static table so they outlive the call */
	f->id = id;
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		if (strcmp(rules[i].id, id) == 0) {
			f->id = rules[i].id;
		}
	}
	f->severity = sev;
	va_start(ap, fmt);
	f->title = cds_xvasprintf(fmt, ap);
	va_end(ap);
	return f;
}

void
cds_finding_evidence(struct cds_finding *f, const char *key,
    const char *fmt, ...)
{
	struct cds_evidence *e;
	va_list ap;

	f->evidence = cds_xreallocarray(f->evidence, f->nevidence + 1,
	    sizeof(*f->evidence));
	e = &f->evidence[f->nevidence++];
	e->key = cds_xstrdup(key);
	va_start(ap, fmt);
	e->value = cds_xvasprintf(fmt, ap);
	va_end(ap);
}

void
cds_finding_fix(struct cds_finding *f, enum cds_fix_kind kind,
    const char *path, const char *target, const char *fmt, ...)
{
	struct cds_fix *x;
	va_list ap;

	f->fixes = cds_xreallocarray(f->fixes, f->nfixes + 1,
	    sizeof(*f->fixes));
	x = &f->fixes[f->nfixes++];
	x->kind = kind;
	x->path = cds_strdup0(path);
	x->target = cds_strdup0(target);
	va_start(ap, fmt);
	x->command = cds_xvasprintf(fmt, ap);
	va_end(ap);
}

char *
cds_shquote(const char *s)
{
	struct cds_buf b = {0};
	const char *p;

	if (*s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == strlen(s)) {
		return cds_xstrdup(s);
	}
	cds_buf_add(&b, "'", 1);
	for (p = s; *p != '\0'; p++) {
		if (*p == '\'') {
			cds_buf_adds(&b, "'\\''");
		} else {
			cds_buf_add(&b, p, 1);
		}
	}
	cds_buf_add(&b, "'", 1);
	return cds_buf_steal(&b);
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct cds_finding *x = a, *y = b;

	if (x->severity != y->severity) {
		return (int)y->severity - (int)x->severity;
	}
	return strcmp(x->id, y->id);
}

struct cds_findings *
cds_findings_run(cds_handle_t *h, const struct cds_scan *s)
{
	struct cds_rule_ctx c;
	size_t i;

	c.h = h;
	c.s = s;
	c.m = h->manifest != NULL ? h->manifest : cds_manifest_load(h);
	c.out = cds_xcalloc(1, sizeof(*c.out));
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		rules[i].fn(&c);
	}
	if (c.out->n > 1) {
		/* stable order: most severe first, then by id */
		qsort(c.out->items, c.out->n, sizeof(*c.out->items),
		    cmp_finding);
	}
	return c.out;
}

int
cds_findings_worst(const struct cds_findings *f)
{
	int worst = -1;
	size_t i;

	for (i = 0; f != NULL && i < f->n; i++) {
		if ((int)f->items[i].severity > worst) {
			worst = (int)f->items[i].severity;
		}
	}
	return worst;
}

void
cds_findings_free(struct cds_findings *f)
{
	size_t i, k;

	if (f == NULL) {
		return;
	}
	for (i = 0; i < f->n; i++) {
		struct cds_finding *x = &f->items[i];

		free(x->title);
		for (k = 0; k < x->nevidence; k++) {
			free(x->evidence[k].key);
			free(x->evidence[k].value);
		}
		free(x->evidence);
		for (k = 0; k < x->nfixes; k++) {
			free(x->fixes[k].path);
			free(x->fixes[k].target);
			free(x->fixes[k].command);
		}
		free(x->fixes);
	}
	free(f->items);
	free(f);
}
