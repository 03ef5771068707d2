/*
 * rule.c - how a rule of doctor (or explain) reports: a finding, its
 * evidence, its fixes, and the list they are kept in.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "doctor/rule.h"

struct cds_finding *
cds_finding_add(struct cds_rule_ctx *c, const char *id, enum cds_severity sev,
    const char *fmt, ...)
{
	struct cds_findings *out = c->out;
	struct cds_finding *f;
	va_list ap;

	out->items = cds_xreallocarray(out->items, out->n + 1,
	    sizeof(*out->items));
	f = &out->items[out->n++];
	memset(f, 0, sizeof(*f));
	f->id = id;
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
	char *value;
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	value = cds_xvasprintf(fmt, ap);
	va_end(ap);
	/* a line the finding already has (two libraries of one cause) is
	 * said once */
	for (i = 0; i < f->nevidence; i++) {
		if (strcmp(f->evidence[i].key, key) == 0 &&
		    strcmp(f->evidence[i].value, value) == 0) {
			free(value);
			return;
		}
	}
	f->evidence = cds_xreallocarray(f->evidence, f->nevidence + 1,
	    sizeof(*f->evidence));
	e = &f->evidence[f->nevidence++];
	e->key = cds_xstrdup(key);
	e->value = value;
}

/* A new, empty fix at the end of F's. */
static struct cds_fix *
fix_new(struct cds_finding *f)
{
	struct cds_fix *x;

	f->fixes = cds_xreallocarray(f->fixes, f->nfixes + 1,
	    sizeof(*f->fixes));
	x = &f->fixes[f->nfixes++];
	memset(x, 0, sizeof(*x));
	return x;
}

void
cds_finding_fix(struct cds_finding *f, enum cds_fix_kind kind,
    const char *path, const char *target, const char *fmt, ...)
{
	struct cds_fix *x;
	char *command;
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	command = cds_xvasprintf(fmt, ap);
	va_end(ap);
	if (path == NULL && target == NULL) {
		/* words only: the same words are said once */
		for (i = 0; i < f->nfixes; i++) {
			x = &f->fixes[i];
			if (x->kind == kind && x->path == NULL &&
			    x->target == NULL && x->argv == NULL &&
			    strcmp(x->command, command) == 0) {
				free(command);
				return;
			}
		}
	}
	x = fix_new(f);
	x->kind = kind;
	x->path = cds_strdup0(path);
	x->target = cds_strdup0(target);
	x->command = command;
}

char *
cds_argv_text(char *const *argv)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; argv[i] != NULL; i++) {
		char *q = cds_shquote(argv[i]);

		cds_buf_addf(&b, "%s%s", i > 0 ? " " : "", q);
		free(q);
	}
	return cds_buf_steal(&b);
}

struct cds_fix *
cds_finding_fix_argv(struct cds_finding *f, char **argv, char **undo)
{
	char *command = cds_argv_text(argv);
	char *back = undo != NULL ? cds_argv_text(undo) : NULL;
	struct cds_fix *x;
	size_t i;

	/* the same command (two libraries of one package) is given once */
	for (i = 0; i < f->nfixes; i++) {
		x = &f->fixes[i];
		if (x->argv != NULL && strcmp(x->command, command) == 0 &&
		    (x->undo == NULL) == (back == NULL) && (back == NULL ||
		    strcmp(x->undo, back) == 0)) {
			free(command);
			free(back);
			cds_strfreev(argv);
			cds_strfreev(undo);
			return x;
		}
	}
	x = fix_new(f);
	x->kind = CDS_FIX_NONE;
	x->command = command;
	x->argv = argv;
	x->undo_argv = undo;
	x->undo = back;
	return x;
}

int
cds_finding_exists(const struct cds_rule_ctx *c, const char *id,
    const char *text)
{
	size_t i, k;

	for (i = 0; i < c->out->n; i++) {
		const struct cds_finding *f = &c->out->items[i];

		if (strcmp(f->id, id) != 0) {
			continue;
		}
		if (text == NULL || strstr(f->title, text) != NULL) {
			return 1;
		}
		for (k = 0; k < f->nevidence; k++) {
			if (strstr(f->evidence[k].value, text) != NULL) {
				return 1;
			}
		}
	}
	return 0;
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
			cds_strfreev(x->fixes[k].argv);
			cds_strfreev(x->fixes[k].undo_argv);
			free(x->fixes[k].undo);
		}
		free(x->fixes);
	}
	free(f->items);
	free(f);
}
