/*
 * installed.c - the prefix's releases once installed: list, resolve a
 * name, use (the default link), remove, and the env text.  The install
 * itself is install.c's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "txn/fixup.h"
#include "txn/lock.h"
#include "read/manifest.h"
#include "txn/receipt.h"
#include "base/version.h"

void
cds_installed_list_free(struct cds_installed_list *list)
{
	size_t i;

	if (list == NULL) {
		return;
	}
	for (i = 0; i < list->n; i++) {
		struct cds_installed *e = &list->v[i];

		free(e->name);
		free(e->version);
		free(e->variant);
		free(e->dir);
		free(e->installed_at);
	}
	free(list->v);
	free(list->prefix);
	free(list);
}

static int
installed_cmp(const void *a, const void *b)
{
	const struct cds_installed *x = a, *y = b;

	if (x->kind != y->kind) {
		return x->kind == CDS_KIND_CUDA ? -1 : 1;
	}
	return cds_vercmp(x->name, y->name);
}

static const char *
jstr(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* A receipt's relative path: components, none empty, "." or "..". */
static int
rel_ok(const char *p)
{
	char *t = cds_xasprintf("/r/%s", p);
	int ok = *p != '/' && cds_path_within("/r", t);

	free(t);
	return ok;
}

/* Release NAME is not in PREFIX: -1 with CDS_ERR_NOT_FOUND. */
static int
not_installed(cds_handle_t *h, const char *name, const char *prefix)
{
	return cds_seterr_why(h, CDS_ERR_NOT_FOUND, CDS_REASON_NOT_INSTALLED,
	    CDS_ERRNAMES({ CDS_ERRARG_RELEASE, name }, { CDS_ERRARG_PATH,
	    prefix }), "%s: not installed in %s", name, prefix);
}

/* Where a receipt is wrong: -1 with CDS_ERR_BAD_INPUT. */
static int
receipt_bad(cds_handle_t *h, const char *path, const char *field,
    const char *why)
{
	return cds_seterr_why(h, CDS_ERR_BAD_INPUT, CDS_REASON_BAD_RECEIPT,
	    CDS_ERRNAMES({ CDS_ERRARG_PATH, path }, { CDS_ERRARG_OTHER,
	    field }, { CDS_ERRARG_WHY, why }), "%s: %s: %s; move the receipt "
	    "away (and its tree, if it is not whole) and install again",
	    path, field, why);
}

/*
 * Read release NAME's receipt: data from disk, so checked whole before
 * anything uses it: a regular file of at most 64 MiB, our schema, its own
 * name, each file's path inside the tree (names decoded, see
 * cds_receipt_name_set()),
 * each link's target staying inside it, each digest 64 hex digits.
 * Returns the document, or NULL with CDS_ERR_BAD_INPUT (or CDS_ERR_IO)
 * naming the file and the field.
 */
static json_t *
receipt_load(cds_handle_t *h, const struct cds_layout *l, const char *name)
{
	char *path = cds_receipt_path(l, name), *text;
	json_error_t je;
	json_t *doc = NULL, *files, *e;
	size_t len, i;
	char field[64];

	text = cds_read_file(path, 64u << 20, &len);
	if (text == NULL) {
		cds_seterr(h, errno == ENOENT || errno == EIO ? CDS_ERR_IO :
		    CDS_ERR_BAD_INPUT, "%s: %s", path,
		    cds_read_strerror(errno));
		goto out;
	}
	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	free(text);
	if (doc == NULL) {
		receipt_bad(h, path, "JSON", je.text);
		goto out;
	}
	if (json_integer_value(json_object_get(doc, "schema")) !=
	    CDS_RECEIPT_SCHEMA) {
		receipt_bad(h, path, "schema", "not one this program reads");
		goto fail;
	}
	if (!cds_streq(jstr(doc, "name"), name)) {
		receipt_bad(h, path, "name", "not the receipt's own name");
		goto fail;
	}
	if (cds_name_bad(CDS_NAME_VERSION, jstr(doc, "version")) != NULL ||
	    (json_object_get(doc, "variant") != NULL &&
	    !json_is_null(json_object_get(doc, "variant")) &&
	    cds_name_bad(CDS_NAME_KEY, jstr(doc, "variant")) != NULL)) {
		receipt_bad(h, path, "version", "not a version and variant");
		goto fail;
	}
	if (json_integer_value(json_object_get(doc, "size")) < 0 ||
	    json_integer_value(json_object_get(doc, "nfiles")) < 0 ||
	    cds_name_bad(CDS_NAME_TEXT, jstr(doc, "installed_at")) != NULL) {
		receipt_bad(h, path, "size", "not a count, or no date");
		goto fail;
	}
	files = json_object_get(doc, "files");
	if (!json_is_array(files)) {
		receipt_bad(h, path, "files", "not a list");
		goto fail;
	}
	json_array_foreach(files, i, e) {
		const char *type = jstr(e, "type");
		char *p = cds_receipt_name_get(e, "path"), *t = NULL;
		const char *why = NULL;

		snprintf(field, sizeof(field), "files[%zu]", i);
		if (p == NULL || !rel_ok(p)) {
			why = "a path outside the tree";
		} else if (cds_streq(type, "link")) {
			t = cds_receipt_name_get(e, "target");
			if (t == NULL || !cds_link_inside(p, t)) {
				why = "a link leaving the tree";
			}
		} else if (cds_streq(type, "file")) {
			if (!cds_is_sha256(jstr(e, "sha256")) ||
			    json_integer_value(json_object_get(e, "size")) <
			    0) {
				why = "a file without its digest or size";
			}
		} else if (!cds_streq(type, "dir")) {
			why = "neither a file, a directory nor a link";
		}
		free(p);
		free(t);
		if (why != NULL) {
			receipt_bad(h, path, field, why);
			goto fail;
		}
	}
	goto out;
fail:
	json_decref(doc);
	doc = NULL;
out:
	free(path);
	return doc;
}

struct cds_installed_list *
cds_prefix_list(cds_handle_t *h)
{
	struct cds_installed_list *list = cds_xcalloc(1, sizeof(*list));
	struct cds_layout l;
	char **names;
	char *defs[3] = { NULL, NULL, NULL };
	size_t i;

	cds_layout_init(h, &l);
	list->prefix = cds_xstrdup(l.tprefix);
	for (i = 1; i <= 2; i++) {
		char *link = cds_path_join(l.prefix, cds_kind_word(i));

		defs[i] = cds_readlink(link);
		free(link);
	}
	names = cds_listdir(l.receipts);
	if (names == NULL && errno != ENOENT) {
		/* "nothing installed" would be a guess */
		cds_seterr_sys(h, cds_errno_code(errno), l.receipts, errno);
		cds_installed_list_free(list);
		list = NULL;
		goto out;
	}
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		struct cds_installed *e;
		char *name;
		json_t *doc;
		int kind;

		if (!cds_endswith(names[i], ".json")) {
			continue;
		}
		name = cds_xstrndup(names[i], strlen(names[i]) - 5);
		kind = cds_kind_of_name(name);
		if (kind == 0 || !cds_release_name_ok(name) ||
		    cds_release_state(&l, name) != 1) {
			free(name);	/* not committed: not installed */
			continue;
		}
		if ((doc = receipt_load(h, &l, name)) == NULL) {
			free(name);
			cds_installed_list_free(list);
			list = NULL;
			goto out;
		}
		list->v = cds_xreallocarray(list->v, list->n + 1,
		    sizeof(*list->v));
		e = &list->v[list->n++];
		memset(e, 0, sizeof(*e));
		e->name = name;
		e->kind = kind;
		e->dir = cds_path_join(l.tprefix, name);
		e->is_default = cds_streq(defs[kind], name);
		e->version = cds_xstrdup(jstr(doc, "version"));
		e->variant = cds_strdup0(jstr(doc, "variant"));
		e->installed_at = cds_xstrdup(jstr(doc, "installed_at"));
		e->size = (uint64_t)json_integer_value(
		    json_object_get(doc, "size"));
		e->nfiles = (size_t)json_integer_value(
		    json_object_get(doc, "nfiles"));
		json_decref(doc);
	}
	if (list->n > 1) {
		qsort(list->v, list->n, sizeof(*list->v), installed_cmp);
	}
out:
	cds_strfreev(names);
	free(defs[1]);
	free(defs[2]);
	cds_layout_clear(&l);
	return list;
}

char *
cds_prefix_resolve(cds_handle_t *h, const char *what)
{
	struct cds_installed_list *list = cds_prefix_list(h);
	struct cds_buf cands = {0};
	char *found = NULL;
	size_t i, n = 0;

	if (list == NULL) {
		return NULL;	/* set by cds_prefix_list() */
	}
	if (strcmp(what, "cuda") == 0 || strcmp(what, "cudnn") == 0) {
		for (i = 0; i < list->n; i++) {
			if (list->v[i].is_default &&
			    strcmp(cds_kind_word(list->v[i].kind), what) ==
			    0) {
				found = cds_xstrdup(list->v[i].name);
			}
		}
		if (found == NULL) {
			cds_seterr_why(h, CDS_ERR_NOT_FOUND,
			    CDS_REASON_NO_DEFAULT, CDS_ERRNAMES(
			    { CDS_ERRARG_RELEASE, what }, { CDS_ERRARG_PATH,
			    list->prefix }), "%s: no default in %s", what,
			    list->prefix);
		}
		cds_installed_list_free(list);
		return found;
	}
	for (i = 0; i < list->n; i++) {
		if (strcmp(list->v[i].name, what) == 0) {
			found = cds_xstrdup(what);
			cds_installed_list_free(list);
			return found;
		}
	}
	for (i = 0; i < list->n; i++) {
		const struct cds_installed *e = &list->v[i];

		if ((cds_startswith(e->name, what) &&
		    (e->name[strlen(what)] == '.' ||
		    e->name[strlen(what)] == '-')) ||
		    cds_ver_has_prefix(e->version, what)) {
			n++;
			free(found);
			found = cds_xstrdup(e->name);
			cds_buf_addf(&cands, "%s%s", n > 1 ? ", " : "",
			    e->name);
		}
	}
	if (n == 1) {
		cds_buf_free(&cands);
		cds_installed_list_free(list);
		return found;
	}
	free(found);
	if (n > 1) {
		cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_AMBIGUOUS,
		    CDS_ERRNAMES({ CDS_ERRARG_VALUE, what },
		    { CDS_ERRARG_KNOWN, cands.s }), "%s: matches %s; name one",
		    what, cands.s);
	} else {
		for (i = 0; i < list->n; i++) {
			cds_buf_addf(&cands, "%s%s", i > 0 ? ", " : "",
			    list->v[i].name);
		}
		cds_seterr_why(h, CDS_ERR_NOT_FOUND, CDS_REASON_NOT_INSTALLED,
		    CDS_ERRNAMES({ CDS_ERRARG_RELEASE, what },
		    { CDS_ERRARG_PATH, list->prefix }, { CDS_ERRARG_KNOWN,
		    cands.s != NULL ? cands.s : "" }), "%s: not installed in "
		    "%s (installed: %s)", what, list->prefix, cands.s != NULL ?
		    cands.s : "nothing");
	}
	cds_buf_free(&cands);
	cds_installed_list_free(list);
	return NULL;
}

/* Lock and recover for a writer; dry runs do neither. */
static int
writer_begin(cds_handle_t *h, const struct cds_layout *l,
    const struct cds_txn_opts *o, struct cds_lock *lk, struct cds_ops *ops)
{
	lk->fd = -1;
	cds_ops_add(ops, CDS_OP_LOCK, l->lock, NULL);
	if (o->flags & CDS_TXN_DRY_RUN) {
		return 0;
	}
	if (cds_lock_take(h, l, o->lock_wait, lk) == -1) {
		return -1;
	}
	if (cds_recover(h, l) == -1) {
		cds_lock_release(lk);
		return -1;
	}
	return 0;
}

int
cds_prefix_use(cds_handle_t *h, const char *what,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk;
	char *name, *link = NULL;
	int dry, ret = -1;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	if ((name = cds_prefix_resolve(h, what)) == NULL) {
		return -1;	/* set by cds_prefix_resolve() */
	}
	cds_layout_init(h, &l);
	if (writer_begin(h, &l, o, &lk, ops) == -1) {
		goto out;
	}
	if (cds_release_state(&l, name) != 1) {
		not_installed(h, name, l.tprefix);
		goto unlock;
	}
	link = cds_path_join(l.prefix, cds_kind_word(cds_kind_of_name(name)));
	if (cds_link_set(h, link, name, dry, ops) == -1) {
		goto unlock;
	}
	if (cds_system_files_present(h) &&
	    cds_system_files(h, &l, dry, ops) == -1) {
		goto unlock;
	}
	if (!dry) {
		cds_logaction(h, "use %s: %s -> %s", name, link, name);
	}
	ret = 0;
unlock:
	cds_lock_release(&lk);
out:
	free(link);
	free(name);
	cds_layout_clear(&l);
	return ret;
}

int
cds_prefix_remove(cds_handle_t *h, const char *what,
    const struct cds_txn_opts *o, struct cds_ops *ops)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk;
	char *name, *link = NULL, *cur = NULL, *tree = NULL, *trash = NULL;
	char *rcpt = NULL;
	int dry, ret = -1, is_default, a;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	if ((name = cds_prefix_resolve(h, what)) == NULL) {
		return -1;	/* set by cds_prefix_resolve() */
	}
	cds_layout_init(h, &l);
	link = cds_path_join(l.prefix, cds_kind_word(cds_kind_of_name(name)));
	if (writer_begin(h, &l, o, &lk, ops) == -1) {
		goto out;
	}
	if (!dry && cds_release_state(&l, name) != 1) {
		not_installed(h, name, l.tprefix);
		goto unlock;
	}
	/* only now, under the lock: recovery may have set the link */
	cur = cds_readlink(link);
	is_default = cds_streq(cur, name);
	if (is_default && !dry && !(o->flags & CDS_TXN_FORCE)) {
		if ((a = cds_ask(h, CDS_Q_REMOVE_DEFAULT, name)) == -1) {
			goto unlock;	/* CDS_ERR_NEED_ANSWER, by cds_ask() */
		}
		if (a == 0) {
			cds_seterr_why(h, CDS_ERR_USAGE,
			    CDS_REASON_IS_DEFAULT, CDS_ERRNAMES(
			    { CDS_ERRARG_RELEASE, name }, { CDS_ERRARG_PATH,
			    link }, { CDS_ERRARG_OPTION, "force" }), "%s is "
			    "the current default (%s); it stays unless forced, "
			    "or another is made the default first", name, link);
			goto unlock;
		}
	}
	tree = cds_path_join(l.prefix, name);
	trash = cds_xasprintf("%s/%s.%ld", l.trash, name, (long)getpid());
	rcpt = cds_receipt_path(&l, name);
	cds_ops_add(ops, CDS_OP_RENAME, tree, trash);
	cds_ops_add(ops, CDS_OP_REMOVE, rcpt, NULL);
	if (!dry) {
		if (cds_journal_add(h, &l, "begin remove") == -1 ||
		    cds_journal_add(h, &l, "item %s", name) == -1) {
			goto unlock;
		}
		if (cds_mkdir_p(l.trash, 0755) == -1 ||
		    rename(tree, trash) == -1) {
			cds_seterr_sys(h, cds_errno_code(errno), tree, errno);
			cds_journal_end(&l);
			goto unlock;
		}
		cds_sync_dir(l.prefix);
		unlink(rcpt);
	}
	if (cds_env_remove(h, &l, name, dry, ops) == -1) {
		goto unlock;
	}
	if (is_default) {
		cds_ops_add(ops, CDS_OP_REMOVE, link, NULL);
		if (!dry) {
			unlink(link);
		}
		if (cds_system_files_present(h) &&
		    cds_system_files(h, &l, dry, ops) == -1) {
			goto unlock;
		}
	}
	cds_ops_add(ops, CDS_OP_REMOVE, trash, NULL);
	if (!dry) {
		if (cds_rm_rf(trash) == -1) {
			cds_log(h, CDS_LOG_WARNING, "%s: %s", trash,
			    strerror(errno));
		}
		cds_journal_end(&l);
		cds_logaction(h, "removed %s from %s%s", name, l.tprefix,
		    is_default ? " (it was the default)" : "");
	}
	ret = 0;
unlock:
	cds_lock_release(&lk);
out:
	free(rcpt);
	free(trash);
	free(tree);
	free(cur);
	free(link);
	free(name);
	cds_layout_clear(&l);
	return ret;
}

char *
cds_prefix_env(cds_handle_t *h, const char *name, enum cds_shell shell)
{
	return cds_env_text(cds_prefix(h), name, shell);
}
