/*
 * cmd_clean.c - `cudnn-setup clean`: empty the prefix's download cache.
 */
#include "config.h"

#include <stdio.h>

#include "cli.h"

json_t *
cli_cache_json(const struct cds_cache_info *ci)
{
	return json_pack("{s:s, s:I, s:I, s:I, s:I}", "dir", ci->dir,
	    "archives", (json_int_t)ci->files, "archive_bytes",
	    (json_int_t)ci->bytes, "partial", (json_int_t)ci->partial,
	    "partial_bytes", (json_int_t)ci->partial_bytes);
}

int
cmd_clean(struct cli *c, int argc, char **argv)
{
	struct cds_txn_opts o = {0};
	struct cds_ops ops = {0};
	struct cds_cache_info ci;
	char b[32];
	int rc;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	/* a run holding the prefix may be downloading into the cache:
	 * refuse at once unless told to wait */
	o.lock_wait = c->lock_wait != 0 ? c->lock_wait : -1;
	o.flags = c->dry_run ? CDS_TXN_DRY_RUN : 0;
	cli_progress_install(c);
	rc = cds_prefix_clean(c->h, &o, &ops, &ci);
	cli_progress_end();
	if (rc == -1) {
		int err = cds_errno(c->h);

		cds_cache_info_clear(&ci);
		cds_ops_clear(&ops);
		if (c->json) {
			cli_json_print(json_pack("{s:o}", "error",
			    cli_error_json(c)));
			return cds_exit_status(err);
		}
		rc = cli_fail_handle(c);
		cli_prefix_hint(c, NULL);
		if (err == CDS_ERR_LOCKED) {
			fprintf(stderr, _("  run `%s clean` again once it is "
			    "done, or wait for it with --lock-wait SECONDS\n"),
			    PACKAGE);
		}
		return rc;
	}
	if (c->json) {
		json_t *doc = cli_cache_json(&ci);

		json_object_set_new(doc, "freed", json_integer((json_int_t)
		    (ci.bytes + ci.partial_bytes)));
		json_object_set_new(doc, "dry_run", json_boolean(c->dry_run));
		json_object_set_new(doc, "operations", cli_ops_json(&ops));
		cli_json_print(doc);
	} else if (ci.files + ci.partial == 0) {
		printf(_("Nothing to clean in %s.\n"), ci.dir);
	} else {
		cli_bytes(ci.bytes + ci.partial_bytes, b);
		if (c->dry_run) {
			printf(_("Dry run: would free %s in %s: %zu %s, %zu "
			    "%s.\n"), b, ci.dir, ci.files, _n("archive",
			    "archives", ci.files), ci.partial,
			    _n("partial download", "partial downloads",
			    ci.partial));
			if (c->verbose) {
				cli_ops_print(&ops);
			}
		} else if (!c->quiet) {
			printf(_("Freed %s in %s: %zu %s, %zu %s.\n"), b,
			    ci.dir, ci.files, _n("archive", "archives",
			    ci.files), ci.partial, _n("partial download",
			    "partial downloads", ci.partial));
		}
	}
	cds_cache_info_clear(&ci);
	cds_ops_clear(&ops);
	return 0;
}
