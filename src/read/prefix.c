/*
 * prefix.c - the prefix's layout on disk: where releases, their receipts,
 * the lock, the journal, staging and env files are, and what a release's
 * name says.  Writers (install, use, remove, fix-ups, recovery) and the
 * plan share it; it writes nothing.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "read/prefix.h"

void
cds_layout_init(cds_handle_t *h, struct cds_layout *l)
{
	l->tprefix = cds_xstrdup(cds_prefix(h));
	l->prefix = cds_rpath(h, l->tprefix);
	l->state = cds_path_join(l->prefix, ".state");
	l->staging = cds_path_join(l->state, "staging");
	l->receipts = cds_path_join(l->state, "receipts");
	l->trash = cds_path_join(l->state, "trash");
	l->lock = cds_path_join(l->state, "lock");
	l->journal = cds_path_join(l->state, "journal");
	l->envdir = cds_path_join(l->prefix, "env");
}

void
cds_layout_clear(struct cds_layout *l)
{
	free(l->tprefix);
	free(l->prefix);
	free(l->state);
	free(l->staging);
	free(l->receipts);
	free(l->trash);
	free(l->lock);
	free(l->journal);
	free(l->envdir);
	memset(l, 0, sizeof(*l));
}

char *
cds_receipt_path(const struct cds_layout *l, const char *name)
{
	return cds_xasprintf("%s/%s.json", l->receipts, name);
}

int
cds_layout_guard(cds_handle_t *h, const struct cds_layout *l,
    const char *path)
{
	char *shown;

	if (cds_path_within(l->prefix, path)) {
		return 0;
	}
	shown = cds_printable(path, 200);
	cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not inside the prefix %s; "
	    "nothing was written", shown, l->prefix);
	free(shown);
	return -1;
}

int
cds_release_state(const struct cds_layout *l, const char *name)
{
	char *tree = cds_path_join(l->prefix, name);
	char *rcpt = cds_receipt_path(l, name);
	int ret = 0;

	if (cds_exists(tree)) {
		ret = cds_is_dir(tree) && !cds_is_link(tree) &&
		    cds_is_file(rcpt) ? 1 : -1;
	}
	free(tree);
	free(rcpt);
	return ret;
}

char *
cds_receipt_set(const struct cds_layout *l, const char *name)
{
	char *rcpt = cds_receipt_path(l, name), *set = NULL, *text;
	json_t *doc = NULL;
	const char *v;
	size_t len;

	/* the same bound as the writers' reading of a receipt */
	if ((text = cds_read_file(rcpt, 64u << 20, &len)) != NULL) {
		doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL);
		free(text);
	}
	free(rcpt);
	if (doc != NULL && (v = json_string_value(json_object_get(doc,
	    "components"))) != NULL) {
		set = cds_xstrdup(v);
	}
	json_decref(doc);
	return set;
}

int
cds_kind_of_name(const char *name)
{
	if (cds_startswith(name, "cuda-") && name[5] != '\0') {
		return CDS_KIND_CUDA;
	}
	if (cds_startswith(name, "cudnn-") && name[6] != '\0') {
		return CDS_KIND_CUDNN;
	}
	return 0;
}

const char *
cds_kind_word(enum cds_kind kind)
{
	return kind == CDS_KIND_CUDA ? "cuda" : "cudnn";
}
