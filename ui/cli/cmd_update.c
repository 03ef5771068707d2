/*
 * cmd_update.c - `cudnn-setup update`: a newer index, signed; and what the
 * other commands say about the index in use (--version, a stale index in
 * doctor and plan).
 */
#include "config.h"
#include "cds-version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static json_t *
index_json(const struct cds_index_info *i)
{
	return json_pack("{s:s, s:s, s:I, s:o, s:o, s:b}", "path", i->path,
	    "source", i->updated ? "updated" : "shipped", "version",
	    (json_int_t)i->version, "generated", cli_jstr(i->generated),
	    "expires", cli_jstr(i->expires), "expired", i->expired);
}

/* The index in use, for a JSON document (NULL when it cannot load). */
json_t *
cli_index_json(struct cli *c)
{
	struct cds_index_info i;

	if (cds_index_info(c->h, &i) == -1) {
		return NULL;
	}
	return index_json(&i);
}

void
cli_index_note(struct cli *c)
{
	struct cds_index_info i;

	if (cds_index_info(c->h, &i) == -1 || !i.expired) {
		return;
	}
	cli_warn(c, _("the index (version %lld, generated %s) is past its "
	    "expiry date, %s: newer releases and fixes may be missing; run "
	    "`%s update`"), i.version, i.generated != NULL ? i.generated :
	    "?", i.expires, PACKAGE);
}

void
cli_print_version(const char *root, const char *manifest)
{
	struct cds_index_info i;
	cds_handle_t *h;
	int err;

	printf("%s %s\n", PACKAGE, CDS_VERSION);
	/* a --manifest URL is not fetched for this */
	if ((manifest != NULL && strstr(manifest, "://") != NULL) ||
	    (h = cds_new(root, &err)) == NULL) {
		return;
	}
	if ((manifest == NULL || cds_set_manifest(h, manifest) == 0) &&
	    cds_index_info(h, &i) == 0) {
		if (i.version > 0) {
			printf(_("index: version %lld, generated %s, expires "
			    "%s%s (%s)\n"), i.version, i.generated != NULL ?
			    i.generated : "?", i.expires != NULL ? i.expires :
			    "?", i.expired ? _(", EXPIRED") : "", i.updated ?
			    _("updated") : _("shipped"));
		} else {
			printf(_("index: %s (no version)\n"), i.path);
		}
	}
	cds_free(h);
}

int
cmd_update(struct cli *c, int argc, char **argv)
{
	struct cds_update_request req = {0};
	struct cds_update_result res;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	req.url = c->url;
	req.allow_expired = c->allow_expired;
	if (cds_update(c->h, &req, &res) == -1) {
		if (c->json) {
			cli_json_print(json_pack("{s:o, s:o}", "update",
			    json_null(), "error", cli_error_json(c)));
			return cds_exit_status(cds_errno(c->h));
		}
		return cli_fail_handle(c);
	}
	if (c->json) {
		cli_json_print(json_pack("{s:{s:b, s:I, s:I, s:o, s:o, s:s, "
		    "s:s, s:s, s:b, s:I, s:I}}", "update", "changed",
		    !res.current, "version", (json_int_t)res.version,
		    "previous", (json_int_t)res.previous, "generated",
		    cli_jstr(res.generated), "expires", cli_jstr(res.expires),
		    "url", res.url, "key", res.keyid, "path", res.path,
		    "expired", res.expired, "fetched", (json_int_t)res.fetched,
		    "reused", (json_int_t)res.reused));
	} else if (res.current) {
		printf(_("The index is up to date: version %lld (generated "
		    "%s, expires %s).\n"), res.version, res.generated != NULL ?
		    res.generated : "?", res.expires != NULL ? res.expires :
		    "?");
	} else {
		printf(_("Index updated to version %lld (generated %s, "
		    "expires %s), was %lld.\n"), res.version, res.generated,
		    res.expires, res.previous);
		printf(_("  from %s, signed by key %s\n"), res.url, res.keyid);
		printf(_n("  %zu redistrib file downloaded, %zu already "
		    "here\n", "  %zu redistrib files downloaded, %zu already "
		    "here\n", res.fetched), res.fetched, res.reused);
		printf(_("  kept in %s\n"), res.path);
	}
	cds_update_result_clear(&res);
	return 0;
}
