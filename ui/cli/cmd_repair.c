/*
 * cmd_repair.c - `cudnn-setup repair`: doctor's findings on one env (or
 * the system's Python), the operations that mend them, one question, then
 * the checks again.  What the package manager owns is named, with its
 * command, for the person to run.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *
op_word(enum cds_repair_op_kind k)
{
	switch (k) {
	case CDS_REPAIR_MKDIR:
		return "mkdir";
	case CDS_REPAIR_SYMLINK:
		return "symlink";
	case CDS_REPAIR_RELINK:
		return "relink";
	case CDS_REPAIR_WRITE:
		return "write";
	case CDS_REPAIR_INSTALL:
		return "install";
	case CDS_REPAIR_PACKAGE:
		return "package";
	case CDS_REPAIR_LDCONFIG:
		return "ldconfig";
	}
	return "?";
}

/* Steps the package manager must take (a person runs them). */
static size_t
package_ops(const struct cds_repair_plan *p)
{
	size_t i, n = 0;

	for (i = 0; i < p->nops; i++) {
		n += p->ops[i].kind == CDS_REPAIR_PACKAGE;
	}
	return n;
}

static void
print_op(const struct cds_repair_op *op)
{
	switch (op->kind) {
	case CDS_REPAIR_MKDIR:
		printf("  mkdir %s\n", op->path);
		break;
	case CDS_REPAIR_SYMLINK:
		printf("  ln -s %s %s\n", op->target, op->path);
		break;
	case CDS_REPAIR_RELINK:
		printf("  %s %s -> %s\n", _("replace the copy by a link:"),
		    op->path, op->target);
		break;
	case CDS_REPAIR_WRITE:
		printf("  %s %s\n", _("write"), op->path);
		break;
	case CDS_REPAIR_INSTALL:
		printf("  %s %s\n", _("install"), op->target);
		break;
	case CDS_REPAIR_PACKAGE:
		break;		/* by its command: print_package_ops() */
	case CDS_REPAIR_LDCONFIG:
		printf("  %s\n", _("ldconfig (the loader's cache)"));
		break;
	}
}

/* The package manager's steps: each command once, with every package it
 * installs for several steps (one `apt-get install A B`), and what each
 * restores. */
static void
print_package_ops(const struct cds_repair_plan *p)
{
	size_t i, k;

	for (i = 0; i < p->package_commands->n; i++) {
		const struct cds_syscmd *x = &p->package_commands->v[i];

		printf("  %s %s\n", _("for the package manager, to run "
		    "yourself:"), x->command);
		for (k = 0; k < x->nfrom; k++) {
			const struct cds_repair_op *op = &p->ops[x->from[k]];

			printf("    %s %s (%s)\n", _("it restores"), op->path,
			    op->target);
		}
	}
}

static json_t *
json_ops(const struct cds_repair_plan *p)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < p->nops; i++) {
		const struct cds_repair_op *op = &p->ops[i];
		json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:o}",
		    "op", op_word(op->kind), "path", op->path,
		    "target", cli_jstr(op->target),
		    "command", op->kind == CDS_REPAIR_PACKAGE ?
		    cli_jstr(op->content) : json_null(),
		    "finding", cli_jstr(op->finding));

		if (op->argv != NULL) {
			json_object_set_new(o, "argv", cli_jstrv(op->argv));
		}
		/* a script's text, so that --dry-run shows what it would be */
		if (op->kind == CDS_REPAIR_WRITE) {
			json_object_set_new(o, "content",
			    cli_jstr(op->content));
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* Doctor's rules again on the env as its activation makes it. */
static struct cds_findings *
check_after(struct cli *c, const struct cds_repair_plan *p)
{
	struct cds_findings *f;
	struct cds_scan *s;

	cds_repair_activate_env(c->h, p);
	if ((s = cds_scan_run(c->h, p->system ? NULL : p->env_prefix, 0)) ==
	    NULL) {
		return NULL;
	}
	f = cds_findings_run(c->h, s);
	cds_scan_free(s);
	return f;
}

/*
 * Plan, show, ask, apply and check the repair of ENV; with REQ, an install
 * the person asked for is wired into the env instead of what its frameworks
 * miss (`install --env`).
 */
int
cli_repair_env(struct cli *c, const char *env,
    const struct cds_plan_request *req)
{
	struct cds_repair_plan *p;
	struct cds_findings *after = NULL;
	int ret = 0, r, install;
	size_t i;

	if (!c->dry_run) {
		/* a repair or undo a kill cut short: the plan is made from
		 * the env as it was */
		cli_progress_install(c);
		r = cds_repair_recover(c->h, env, c->lock_wait);
		cli_progress_end();
		cli_callbacks_install(c);
		if (r == -1) {
			if (c->json) {
				cli_json_print(json_pack("{s:s, s:o}", "result",
				    "failed", "error", cli_error_json(c)));
				return cds_exit_status(cds_errno(c->h));
			}
			return cli_fail_env(c, env);
		}
	}
	p = cds_repair_plan_build(c->h, env, c->env_last ?
	    CDS_REPAIR_PATH_FIRST : 0, req);
	if (p == NULL) {
		if (c->json) {
			cli_json_print(json_pack("{s:s, s:o}", "result",
			    "failed", "error", cli_error_json(c)));
			return cds_exit_status(cds_errno(c->h));
		}
		return cli_fail_env(c, env);
	}
	install = req != NULL && strcmp(c->cmd, "install") == 0;
	if (!c->json && p->system) {
		printf("%s\n", install ? _("Install for the system's Python") :
		    _("Repair of the system's Python"));
	} else if (!c->json) {
		printf("%s %s (%s)\n", install ? _("Install into env") :
		    _("Repair of env"), p->env_name, p->env_prefix);
	}
	if (!c->json) {
		if (p->before->n > 0) {
			cli_print_findings(c, p->before);
		}
		if (p->install != NULL) {
			if (req == NULL && p->install_for != NULL) {
				printf("\n%s %s:\n", _("Missing for"),
				    p->install_for);
			} else if (p->install_for != NULL) {
				printf("\n%s %s:\n", _("For"),
				    p->install_for);
			} else {
				printf("\n");
			}
			cli_plan_warnings(c, p->install);
			cli_plan_print(c, p->install, 0);
		}
		printf("\n%s%s%s\n", cli_c(CLI_BOLD), p->nops == 0 ?
		    _("Nothing to change.") : _("Operations:"),
		    cli_c(CLI_RESET));
		for (i = 0; i < p->nops; i++) {
			print_op(&p->ops[i]);
		}
		print_package_ops(p);
	}
	if (c->dry_run || p->nops == package_ops(p)) {
		if (c->json) {
			cli_json_print(json_pack("{s:s, s:s, s:s, s:b, s:b, "
			    "s:o, s:o, s:o, s:o}", "result", c->dry_run ?
			    "dry-run" : p->nops > 0 ? "left-to-package-manager" :
			    "unchanged", "env", p->env_name, "prefix",
			    p->env_prefix, "system", p->system, "dry_run",
			    c->dry_run, "operations", json_ops(p),
			    "package_commands", cli_json_syscmds(
			    p->package_commands, "operations"),
			    "install", p->install != NULL ?
			    cli_plan_json(p->install) : json_null(),
			    "findings", cli_json_findings(p->before)));
		} else if (!c->dry_run && p->nops > 0) {
			printf("\n%s\n", _("Nothing here is this program's to "
			    "change: the package manager owns these files."));
		}
		ret = !c->dry_run && p->nops > 0 ? 1 : 0;
		cds_repair_plan_free(p);
		return ret;
	}
	r = cli_ask_yes(c, _("Apply these changes?"), 1);
	if (r != 1) {
		cds_repair_plan_free(p);
		if (r == -1) {
			return cli_fail(c, _("not on a terminal: use --yes to "
			    "apply, or --dry-run to see the operations"));
		}
		return 1;
	}
	/* the install's progress, a wait for the env's lock, a cleanup */
	cli_progress_install(c);
	if (p->install != NULL) {
		cli_progress_plan(p->install);
	}
	p->lock_wait = c->lock_wait;
	r = cds_repair_apply(c->h, p);
	cli_progress_end();
	cli_callbacks_install(c);
	if (r == -1) {
		if (c->json) {
			cli_json_print(json_pack("{s:s, s:s, s:s, s:o, s:o}",
			    "result", "failed", "env", p->env_name, "prefix",
			    p->env_prefix, "install", p->install != NULL ?
			    cli_plan_json(p->install) : json_null(),
			    "error", cli_error_json(c)));
			ret = cds_exit_status(cds_errno(c->h));
		} else if ((ret = cli_progress_net(c, 1)) < 0) {
			ret = cli_fail_handle(c);
		}
		cds_repair_plan_free(p);
		return ret;
	}
	after = check_after(c, p);
	if (c->json) {
		cli_json_print(json_pack("{s:s, s:s, s:s, s:b, s:o, s:o, s:o, "
		    "s:o, s:o}", "result", "changed", "env", p->env_name,
		    "prefix", p->env_prefix, "dry_run", 0, "operations",
		    json_ops(p), "package_commands", cli_json_syscmds(
		    p->package_commands, "operations"),
		    "install", p->install != NULL ?
		    cli_plan_json(p->install) : json_null(),
		    "findings", cli_json_findings(p->before),
		    "after", cli_json_findings(after)));
	} else {
		printf("\n%s\n", _("Done.  Checks on the activated env:"));
		if (after != NULL) {
			cli_print_findings(c, after);
		}
		if (p->system) {
			printf("\n%s\n", _("Undo with: cudnn-setup repair "
			    "--undo"));
		} else if (p->libdirs[0] != NULL && p->venv) {
			printf("\n%s\n  . %s/bin/activate\n", _("Activate the "
			    "venv to use it (bin/activate.fish, activate.csh "
			    "for fish and csh):"), p->env_prefix);
			printf(_("Undo with: %s%s%s repair --undo --env %s\n"),
			    PACKAGE, c->root != NULL ? " --root " : "",
			    c->root != NULL ? c->root : "", p->env_prefix);
		} else if (p->libdirs[0] != NULL) {
			printf("\n%s\n  conda activate %s\n", _("Activate the "
			    "env to use it:"), p->env_name);
			printf(_("Undo with: %s%s%s repair --undo --env %s\n"),
			    PACKAGE, c->root != NULL ? " --root " : "",
			    c->root != NULL ? c->root : "", p->env_name);
		}
		if (package_ops(p) > 0) {
			printf("\n%s\n", _("Left for the package manager (run "
			    "these yourself):"));
			for (i = 0; i < p->package_commands->n; i++) {
				printf("  %s\n",
				    p->package_commands->v[i].command);
			}
		}
	}
	if ((after != NULL && cds_findings_worst(after) == CDS_SEV_ERROR) ||
	    package_ops(p) > 0) {
		ret = 1;
	}
	cds_findings_free(after);
	cds_repair_plan_free(p);
	return ret;
}

int
cmd_repair(struct cli *c, int argc, char **argv)
{
	const char *env;
	int r;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if ((r = cli_env_target(c, 1, &env)) != 0) {
		return r;
	}
	if (c->undo) {
		if (c->dry_run) {
			return cli_fail(c, _("--undo and --dry-run: give one"));
		}
		cli_progress_install(c);
		r = cds_repair_undo(c->h, env, c->lock_wait);
		cli_progress_end();
		cli_callbacks_install(c);
		if (r == -1) {
			return cli_fail_handle(c);
		}
		if (c->json) {
			cli_json_print(json_pack("{s:b}", "undone", 1));
		} else if (!c->quiet) {
			printf("%s\n", _("The last repair was undone."));
		}
		return 0;
	}
	if (c->cuda != NULL || c->cudnn != NULL) {
		/* an install the person asks for, wired in the same way */
		struct cds_plan_request req;

		if ((r = cli_check_versions(c)) != 0) {
			return r;
		}
		cli_plan_request(c, &req);
		return cli_repair_env(c, env, &req);
	}
	return cli_repair_env(c, env, NULL);
}
