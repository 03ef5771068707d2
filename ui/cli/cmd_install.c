/*
 * cmd_install.c - `cudnn-setup install`: plan, ask, run, report.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *
op_word(enum cds_op_kind k)
{
	switch (k) {
	case CDS_OP_MKDIR:
		return "mkdir";
	case CDS_OP_LOCK:
		return "lock";
	case CDS_OP_REMOVE:
		return "remove";
	case CDS_OP_FETCH:
		return "fetch";
	case CDS_OP_MERGE:
		return "merge";
	case CDS_OP_FIXUP:
		return "soname-links";
	case CDS_OP_WRITE:
		return "write";
	case CDS_OP_SYMLINK:
		return "symlink";
	case CDS_OP_RENAME:
		return "rename";
	case CDS_OP_RUN:
		return "run";
	}
	return "?";
}

json_t *
cli_ops_json(const struct cds_ops *ops)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < ops->n; i++) {
		json_array_append_new(a, json_pack("{s:s, s:s, s:o}", "op",
		    op_word(ops->v[i].kind), "path", ops->v[i].path, "target",
		    cli_jstr(ops->v[i].target)));
	}
	return a;
}

/* One operation a line, as a person would read a script. */
void
cli_ops_print(const struct cds_ops *ops)
{
	size_t i;

	for (i = 0; i < ops->n; i++) {
		const struct cds_op *op = &ops->v[i];

		switch (op->kind) {
		case CDS_OP_FETCH:
			printf("  %-12s %s -> %s\n", op_word(op->kind),
			    op->target, op->path);
			break;
		case CDS_OP_SYMLINK:
		case CDS_OP_RENAME:
		case CDS_OP_MERGE:
			printf("  %-12s %s -> %s\n", op_word(op->kind),
			    op->path, op->target);
			break;
		case CDS_OP_RUN:
			printf("  %-12s %s%s%s\n", op_word(op->kind), op->path,
			    op->target != NULL ? " -r " : "",
			    op->target != NULL ? op->target : "");
			break;
		default:
			printf("  %-12s %s\n", op_word(op->kind), op->path);
			break;
		}
	}
}

static json_t *
names_json(const struct cds_plan *p, enum cds_item_state s)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == s) {
			json_array_append_new(a,
			    json_string(p->items[i].name));
		}
	}
	return a;
}

int
cmd_install(struct cli *c, int argc, char **argv)
{
	struct cds_plan_request req;
	struct cds_txn_opts o = {0};
	struct cds_ops ops = {0};
	struct cds_plan *p;
	const char *result;
	size_t i, nnew = 0, ndone = 0;
	int rc;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if ((rc = cli_check_versions(c)) != 0) {
		return rc;
	}
	cli_plan_request(c, &req);
	if (c->env != NULL) {
		/* into the shared prefix, then wired into the env's
		 * activation, journalled like a repair */
		if (c->system) {
			return cli_fail(c, _("--env and --system: an env's "
			    "activation is not system-wide; give one"));
		}
		if (cds_manifest_load(c->h) == NULL) {
			return cli_fail_handle(c);
		}
		return cli_repair_env(c, c->env, &req);
	}
	if (c->env_last) {
		return cli_fail(c, _("--path-first goes with --env"));
	}
	cli_progress_install(c);
	p = cds_plan_build(c->h, &req);
	if (p == NULL) {
		cli_progress_end();
		if (c->json) {
			cli_json_print(json_pack("{s:s, s:o, s:o}", "result",
			    "failed", "plan", json_null(), "error",
			    cli_error_json(c)));
			return cds_exit_status(cds_errno(c->h));
		}
		return cli_fail_handle(c);
	}
	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state == CDS_ITEM_NEW) {
			nnew++;
		}
	}
	if (!c->json && !c->quiet) {
		cli_plan_warnings(c, p);
		cli_plan_print(c, p, 0);
		fflush(stdout);
	}
	if (!c->dry_run && nnew > 0 && !cli_can_ask(c)) {
		/* the question will find no one to answer it: waiting for
		 * the lock would only put that error off */
		c->lock_wait = -1;
	}
	o.lock_wait = c->lock_wait;
	if (c->dry_run) {
		o.flags |= CDS_TXN_DRY_RUN;
	}
	cli_progress_plan(p);
	rc = cds_install_run(c->h, p, &o, &ops);
	cli_progress_end();
	for (i = 0; i < p->nitems; i++) {
		ndone += p->items[i].state == CDS_ITEM_DONE;
	}
	if (rc == -1 && ndone > 0) {
		/* committed, then something after it failed: not "nothing
		 * changed" (exit 3), but a job that left a problem (exit 1) */
		result = "partial";
	} else if (rc == -1) {
		result = "failed";
	} else if (c->dry_run) {
		result = "dry-run";
	} else {
		result = nnew > 0 ? "installed" : "present";
	}
	if (c->json) {
		json_t *doc = json_pack("{s:s, s:o, s:o, s:o, s:o, s:o}",
		    "result", result,
		    "plan", cli_plan_json(p),
		    "installed", names_json(p, CDS_ITEM_DONE),
		    "present", names_json(p, CDS_ITEM_PRESENT),
		    "operations", cli_ops_json(&ops),
		    "error", rc == -1 ? cli_error_json(c) : json_null());

		cli_json_print(doc);
	} else if (rc == 0 && c->dry_run) {
		printf(_("\nDry run: these operations would run, in this "
		    "order; none was done.\n"));
		cli_ops_print(&ops);
	} else if (rc == 0 && !c->quiet) {
		/* a mirror passed over: said once */
		cli_progress_net(c, 0);
		for (i = 0; i < p->nitems; i++) {
			const struct cds_plan_item *it = &p->items[i];

			if (it->state == CDS_ITEM_DONE ||
			    it->state == CDS_ITEM_PRESENT) {
				printf(_("%s is ready; to use it in a shell: "
				    ". %s/env/%s.sh\n"), it->name, p->prefix,
				    it->name);
			}
		}
	}
	if (rc == -1 && ndone > 0 && !c->json) {
		cli_fail_handle(c);
		for (i = 0; i < p->nitems; i++) {
			if (p->items[i].state == CDS_ITEM_DONE) {
				cli_warn(c, _("%s was installed before that "
				    "(%s); run the same install again to "
				    "finish it"), p->items[i].name,
				    p->items[i].dir);
			}
		}
	}
	cds_ops_clear(&ops);
	cds_plan_free(p);
	if (rc == -1 && ndone > 0) {
		return 1;
	}
	if (rc == -1) {
		if (c->json) {
			return cds_exit_status(cds_errno(c->h));
		}
		if ((rc = cli_progress_net(c, 1)) >= 0) {
			/* servers down: which, why, and what to do */
			return rc;
		}
		rc = cli_fail_handle(c);
		cli_prefix_hint(c, NULL);
		if (cds_errno(c->h) == CDS_ERR_LOCKED && !cli_can_ask(c)) {
			cli_warn(c, "%s", _("with no terminal to ask on, "
			    "install also needs --yes"));
		}
		return rc;
	}
	return 0;
}
