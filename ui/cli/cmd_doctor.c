/*
 * cmd_doctor.c - `cudnn-setup doctor`: the scan and its findings.
 */
#include "config.h"

#include "cli.h"

/* --driver, and an image's own environment beside its --root (its
 * config.json) in place of this process's. */
static int
cli_image_target(struct cli *c)
{
	char *path;
	int r;

	if (c->driver != NULL && cds_set_host_driver(c->h, c->driver) == -1) {
		return cli_fail(c, _("--driver %s: not a driver version (like "
		    "550.54.15)"), c->driver);
	}
	if (c->root == NULL) {
		return 0;
	}
	if ((r = cds_image_env_load(c->h, &path)) == -1) {
		return cli_fail(c, "%s", cds_errdetail(c->h));
	}
	if (r == 1 && !c->quiet) {
		fprintf(stderr, _("the image's environment: %s\n"), path);
	}
	free(path);
	return 0;
}

int
cmd_doctor(struct cli *c, int argc, char **argv)
{
	const char *env;
	struct cds_findings *f;
	struct cds_scan *s;
	int worst, r;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if ((r = cli_env_target(c, 0, &env)) != 0) {
		return r;
	}
	if ((r = cli_image_target(c)) != 0) {
		return r;
	}
	/* the rules need the manifest's floors and framework table */
	if (cds_manifest_load(c->h) == NULL) {
		return cli_fail_env(c, NULL);
	}
	if ((s = cds_scan_run(c->h, env, 0)) == NULL) {
		return cli_fail_env(c, env);
	}
	f = cds_findings_run(c->h, s);
	worst = cds_findings_worst(f);
	cli_index_note(c);
	c->scan = s;
	if (c->json) {
		json_t *doc = cli_json_scan(c->h, s);
		json_t *index = cli_index_json(c);
		struct cds_syscmds *j = cds_findings_syscmds(f);

		json_object_set_new(doc, "findings", cli_json_findings(f));
		json_object_set_new(doc, "package_commands",
		    cli_json_syscmds(j, "findings"));
		cds_syscmds_free(j);
		if (index != NULL) {
			json_object_set_new(doc, "index", index);
		}
		cli_json_print(doc);
	} else if (c->quiet) {
		cli_print_findings_brief(c, f);
	} else {
		cli_print_scan(c, s);
		cli_print_findings(c, f);
		cli_print_syscmds(f);
	}
	c->scan = NULL;
	cds_findings_free(f);
	cds_scan_free(s);
	return worst == CDS_SEV_ERROR ? 1 : 0;
}
