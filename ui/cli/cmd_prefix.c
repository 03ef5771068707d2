/*
 * cmd_prefix.c - the prefix's releases: `list`, `use VERSION`,
 * `remove VERSION`, `env [--shell sh|fish] VERSION`.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Exactly one VERSION argument. */
static const char *
one_arg(struct cli *c, int argc, char **argv, int *rc)
{
	*rc = 0;
	if (argc < 1) {
		*rc = cli_fail(c, _("%s: which release? (see `%s list`)"),
		    c->cmd, PACKAGE);
		return NULL;
	}
	if (argc > 1) {
		*rc = cli_fail(c, _("unexpected argument '%s'"), argv[1]);
		return NULL;
	}
	return argv[0];
}

/* The handle's error, as JSON or as words (then where else release WHAT
 * is, or whose prefix it is). */
static int
failed(struct cli *c, const char *what)
{
	int rc;

	if (c->json) {
		cli_json_print(json_pack("{s:o}", "error",
		    cli_error_json(c)));
		return cds_exit_status(cds_errno(c->h));
	}
	rc = cli_fail_handle(c);
	cli_prefix_hint(c, what);
	return rc;
}

int
cmd_list(struct cli *c, int argc, char **argv)
{
	struct cds_cache_info ci;
	struct cds_installed_list *l;
	size_t i;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if ((l = cds_prefix_list(c->h)) == NULL) {
		return failed(c, NULL);
	}
	if (c->json) {
		json_t *a = json_array();

		for (i = 0; i < l->n; i++) {
			const struct cds_installed *e = &l->v[i];

			json_array_append_new(a, json_pack("{s:s, s:s, s:s, "
			    "s:o, s:s, s:I, s:I, s:o, s:b}", "name", e->name,
			    "kind", e->kind == CDS_KIND_CUDA ? "cuda" :
			    "cudnn", "version", e->version, "variant",
			    cli_jstr(e->variant), "dir", e->dir, "size",
			    (json_int_t)e->size, "files", (json_int_t)e->nfiles,
			    "installed_at", cli_jstr(e->installed_at),
			    "default", e->is_default));
		}
		cds_prefix_cache(c->h, &ci);
		cli_json_print(json_pack("{s:s, s:o, s:o}", "prefix",
		    l->prefix, "installed", a, "cache", cli_cache_json(&ci)));
		cds_cache_info_clear(&ci);
		cds_installed_list_free(l);
		return 0;
	}
	printf(_("Prefix: %s\n"), l->prefix);
	if (l->n == 0) {
		printf(_("Nothing installed.\n"));
	}
	for (i = 0; i < l->n; i++) {
		const struct cds_installed *e = &l->v[i];
		char b[32];

		printf("%s %-28s %10s  %s%s\n", e->is_default ? "*" : " ",
		    e->name, cli_bytes(e->size, b),
		    e->installed_at != NULL ? e->installed_at : "",
		    e->is_default ? _("  (default)") : "");
	}
	/* an empty cache says nothing */
	cds_prefix_cache(c->h, &ci);
	if (ci.files + ci.partial > 0) {
		char b[32];

		printf(_("Download cache: %s in %s (%zu %s, %zu %s); `%s "
		    "clean` frees it\n"), cli_bytes(ci.bytes +
		    ci.partial_bytes, b), ci.dir, ci.files, _n("archive",
		    "archives", ci.files), ci.partial, _n("partial download",
		    "partial downloads", ci.partial), PACKAGE);
	}
	cds_cache_info_clear(&ci);
	cds_installed_list_free(l);
	return 0;
}

int
cmd_use(struct cli *c, int argc, char **argv)
{
	struct cds_txn_opts o = {0};
	struct cds_ops ops = {0};
	const char *what;
	char *name;
	int rc;

	if ((what = one_arg(c, argc, argv, &rc)) == NULL) {
		return rc;
	}
	if ((name = cds_prefix_resolve(c->h, what)) == NULL) {
		return failed(c, what);
	}
	cli_progress_install(c);
	o.lock_wait = c->lock_wait;
	o.flags = c->dry_run ? CDS_TXN_DRY_RUN : 0;
	rc = cds_prefix_use(c->h, name, &o, &ops);
	cli_progress_end();
	if (rc == -1) {
		free(name);
		cds_ops_clear(&ops);
		return failed(c, what);
	}
	if (c->json) {
		cli_json_print(json_pack("{s:s, s:b, s:o}", "default", name,
		    "dry_run", c->dry_run, "operations", cli_ops_json(&ops)));
	} else if (c->dry_run) {
		printf(_("Dry run: these operations would run; none was "
		    "done.\n"));
		cli_ops_print(&ops);
	} else if (!c->quiet) {
		printf(_("%s is now the default\n"), name);
	}
	free(name);
	cds_ops_clear(&ops);
	return 0;
}

int
cmd_remove(struct cli *c, int argc, char **argv)
{
	struct cds_txn_opts o = {0};
	struct cds_ops ops = {0};
	const char *what;
	char *name;
	int rc;

	if ((what = one_arg(c, argc, argv, &rc)) == NULL) {
		return rc;
	}
	if ((name = cds_prefix_resolve(c->h, what)) == NULL) {
		return failed(c, what);
	}
	cli_progress_install(c);
	o.lock_wait = c->lock_wait;
	o.flags = (c->dry_run ? CDS_TXN_DRY_RUN : 0) |
	    (c->force ? CDS_TXN_FORCE : 0);
	rc = cds_prefix_remove(c->h, name, &o, &ops);
	cli_progress_end();
	if (rc == -1) {
		free(name);
		cds_ops_clear(&ops);
		return failed(c, what);
	}
	if (c->json) {
		cli_json_print(json_pack("{s:s, s:b, s:o}", "removed", name,
		    "dry_run", c->dry_run, "operations", cli_ops_json(&ops)));
	} else if (c->dry_run) {
		printf(_("Dry run: these operations would run; none was "
		    "done.\n"));
		cli_ops_print(&ops);
	} else if (!c->quiet) {
		printf(_("removed %s\n"), name);
	}
	free(name);
	cds_ops_clear(&ops);
	return 0;
}

int
cmd_env(struct cli *c, int argc, char **argv)
{
	const char *what;
	char *name, *text;
	int rc;

	if ((what = one_arg(c, argc, argv, &rc)) == NULL) {
		return rc;
	}
	if ((name = cds_prefix_resolve(c->h, what)) == NULL) {
		return failed(c, what);
	}
	text = cds_prefix_env(c->h, name, c->shell != NULL &&
	    strcmp(c->shell, "fish") == 0 ? CDS_SHELL_FISH : CDS_SHELL_SH);
	if (c->json) {
		cli_json_print(json_pack("{s:s, s:s, s:s}", "name", name,
		    "shell", c->shell != NULL ? c->shell : "sh", "text",
		    text));
	} else {
		fputs(text, stdout);
	}
	free(text);
	free(name);
	return 0;
}
