/*
 * cmd_plan.c - `cudnn-setup plan`: what an install would fetch and make,
 * and why.  The plan's words and JSON are shared with `install`.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *
cli_kind_name(enum cds_kind kind)
{
	return kind == CDS_KIND_CUDA ? "CUDA" : "cuDNN";
}

const char *
cli_err_word(int err)
{
	static const char *const words[CDS_ERR_MAX] = {
		[CDS_ERR_OK] = "ok",
		[CDS_ERR_MEMORY] = "memory",
		[CDS_ERR_USAGE] = "usage",
		[CDS_ERR_BAD_INPUT] = "bad-input",
		[CDS_ERR_MANIFEST] = "manifest",
		[CDS_ERR_NOT_FOUND] = "not-found",
		[CDS_ERR_IO] = "io",
		[CDS_ERR_NO_SPACE] = "no-space",
		[CDS_ERR_LOCKED] = "locked",
		[CDS_ERR_NETWORK] = "network",
		[CDS_ERR_HTTP] = "http",
		[CDS_ERR_TLS] = "tls",
		[CDS_ERR_CHECKSUM] = "checksum",
		[CDS_ERR_SIZE] = "size",
		[CDS_ERR_ARCHIVE] = "archive",
		[CDS_ERR_UNSAFE_ARCHIVE] = "unsafe-archive",
		[CDS_ERR_DRIVER] = "driver",
		[CDS_ERR_CANCELLED] = "cancelled",
		[CDS_ERR_NEED_ANSWER] = "need-answer",
		[CDS_ERR_CHILD] = "child",
		[CDS_ERR_UNSUPPORTED] = "unsupported",
		[CDS_ERR_CONFLICT] = "conflict",
		[CDS_ERR_SIGNATURE] = "signature",
		[CDS_ERR_ROLLBACK] = "rollback",
		[CDS_ERR_EXPIRED] = "expired",
	};

	if (err < 0 || err >= CDS_ERR_MAX || words[err] == NULL) {
		return "unknown";
	}
	return words[err];
}

/*
 * {"code", "message", "detail"} as ever, and the error as data: "reason"
 * (a stable key, or null), "names" (what it is about: {"option": "cudnn",
 * "value": "9.99"}), "text" (the whole line in the user's language) and
 * "hint" (what to type next, or null).
 */
json_t *
cli_error_json(struct cli *c)
{
	int err = cds_errno(c->h), i;
	char *text = cli_err_text(c), *hint = cli_err_hint(c);
	json_t *names = json_object(), *e;

	for (i = 0; i < CDS_ERRARG_COUNT; i++) {
		const char *v = cds_errarg(c->h, i);

		if (v != NULL) {
			json_object_set_new(names, cds_errarg_key(i),
			    json_string(v));
		}
	}
	e = json_pack("{s:s, s:s, s:s, s:o, s:o, s:s, s:o}", "code",
	    cli_err_word(err), "message", cds_strerror(err), "detail",
	    cds_errdetail(c->h), "reason",
	    cli_jstr(cds_errreason_key(cds_errreason(c->h))), "names", names,
	    "text", text, "hint", cli_jstr(hint));
	free(text);
	free(hint);
	return e;
}

static const char *
why_word(enum cds_plan_why w)
{
	switch (w) {
	case CDS_PLAN_WHY_ASKED:
		return "asked";
	case CDS_PLAN_WHY_FRAMEWORK:
		return "framework";
	case CDS_PLAN_WHY_NATIVE:
		return "native";
	case CDS_PLAN_WHY_COMPAT:
		return "compat";
	case CDS_PLAN_WHY_NEWEST:
		return "newest";
	case CDS_PLAN_WHY_NO_DRIVER:
		return "no-driver";
	}
	return "unknown";
}

static const char *
state_word(enum cds_item_state s)
{
	switch (s) {
	case CDS_ITEM_NEW:
		return "new";
	case CDS_ITEM_PRESENT:
		return "present";
	case CDS_ITEM_DONE:
		return "installed";
	case CDS_ITEM_FAILED:
		return "failed";
	}
	return "unknown";
}

json_t *
cli_plan_json(const struct cds_plan *p)
{
	json_t *doc, *items = json_array(), *paths = json_array(), *warn;
	json_t *fw = json_null();
	size_t i, k;

	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];
		json_t *arch = json_array();

		for (k = 0; k < it->narchives; k++) {
			const struct cds_archive *a = it->archives[k].archive;
			json_t *urls = json_array();
			char **u;

			for (u = it->archives[k].urls; *u != NULL; u++) {
				json_array_append_new(urls, json_string(*u));
			}
			json_array_append_new(arch, json_pack("{s:s, s:o, "
			    "s:s, s:I, s:s, s:o}", "component", a->component,
			    "version", cli_jstr(a->version), "url",
			    it->archives[k].urls[0], "size",
			    (json_int_t)a->size, "sha256", a->sha256, "urls",
			    urls));
		}
		json_array_append_new(items, json_pack("{s:s, s:s, s:s, s:o, "
		    "s:s, s:o, s:o, s:b, s:s, s:I, s:o, s:o, s:o}", "name",
		    it->name, "kind", it->kind == CDS_KIND_CUDA ? "cuda" :
		    "cudnn", "version", it->version, "variant",
		    cli_jstr(it->variant), "dir", it->dir, "min_driver",
		    cli_jstr(it->min_driver), "bundled_driver",
		    cli_jstr(it->bundled_driver), "compat", it->compat,
		    "state", state_word(it->state), "download_size",
		    (json_int_t)it->download_size, "archives", arch,
		    "cuda_tested", cli_jstr(it->cuda_tested), "tested",
		    it->cuda_tested != NULL && it->untested >= 0 ?
		    json_boolean(it->untested == 0) : json_null()));
		json_object_set_new(json_array_get(items,
		    json_array_size(items) - 1), "full_size",
		    json_integer((json_int_t)it->full_size));
		json_object_set_new(json_array_get(items,
		    json_array_size(items) - 1), "libraries_only",
		    json_boolean(it->libraries_only));
	}
	for (i = 0; p->paths[i] != NULL; i++) {
		json_array_append_new(paths, json_string(p->paths[i]));
	}
	if (p->framework != NULL) {
		fw = json_pack("{s:s, s:o, s:s, s:o, s:s, s:o, s:b}",
		    "name", p->framework->name,
		    "asked", cli_jstr(p->for_version),
		    "row", p->framework->version,
		    "variant", cli_jstr(p->framework->variant),
		    "cuda", p->framework->cuda,
		    "cudnn", cli_jstr(p->framework->cudnn),
		    "default", p->framework->is_default);
		/* the build's wheels: where, and for which GPUs */
		json_object_set_new(fw, "index_url",
		    cli_jstr(p->framework->index_url));
		json_object_set_new(fw, "archs", cli_jstr(p->framework->archs));
		json_object_set_new(fw, "ptx", cli_jstr(p->framework->ptx));
	}
	warn = json_array();
	if (p->warnings & CDS_PLAN_WARN_NO_DRIVER) {
		json_array_append_new(warn, json_string("no-driver"));
	}
	if (p->warnings & CDS_PLAN_WARN_UNTRUSTED) {
		json_array_append_new(warn, json_string("untrusted-manifest"));
	}
	if (p->warnings & CDS_PLAN_WARN_NO_MODULE) {
		json_array_append_new(warn, json_string("no-module"));
	}
	if (p->warnings & CDS_PLAN_WARN_TESTED_PAIR) {
		json_array_append_new(warn, json_string("tested-pair"));
	}
	doc = json_pack("{s:s, s:s, s:{s:o, s:o, s:b}, s:{s:s, s:b}, s:o, "
	    "s:{s:s, s:o, s:o}, s:o, s:I, s:o, s:o}",
	    "prefix", p->prefix,
	    "platform", p->platform,
	    "driver", "version", cli_jstr(p->driver), "source",
	    cli_jstr(p->driver_source), "no_module", p->driver_no_module,
	    "manifest", "path", p->manifest, "trusted",
	    !(p->warnings & CDS_PLAN_WARN_UNTRUSTED),
	    "framework", fw,
	    "why", "cuda", why_word(p->why),
	    "refused", p->refused == NULL ? json_null() :
	    json_pack("{s:s, s:s}", "cuda", p->refused, "min_driver",
	    p->refused_needs),
	    "compat_newest", p->compat_newest == NULL ? json_null() :
	    json_pack("{s:s, s:o}", "cuda", p->compat_newest,
	    "bundled_driver", cli_jstr(p->compat_bundled)),
	    "releases", items,
	    "download_size", (json_int_t)p->download_size,
	    "paths", paths,
	    "warnings", warn);
	json_object_set_new(doc, "components", cli_jstr(p->components));
	json_object_set_new(doc, "no_driver", json_boolean(p->no_driver));
	return doc;
}

void
cli_plan_warnings(struct cli *c, const struct cds_plan *p)
{
	if (p->no_driver) {
		cli_warn(c, _("--no-driver: planned for an image, whatever "
		    "driver is here; the host's driver comes in through the "
		    "container runtime"));
	} else if (p->warnings & CDS_PLAN_WARN_NO_DRIVER) {
		cli_warn(c, _("no NVIDIA driver found: planning without one "
		    "(the driver must be installed before CUDA can run)"));
	}
	if (p->warnings & CDS_PLAN_WARN_NO_MODULE) {
		cli_warn(c, _("the NVIDIA driver's libraries (%s) are "
		    "installed but no kernel module is loaded: planning for "
		    "that driver; CUDA programs cannot run until its module "
		    "is loaded"), p->driver);
	}
	if ((p->warnings & CDS_PLAN_WARN_TESTED_PAIR) &&
	    p->framework != NULL) {
		cli_warn(c, _("NVIDIA's support matrix lists this cuDNN for "
		    "older CUDA releases than %s %s was built with (CUDA %s, "
		    "cuDNN %s): planned as the framework's tested build "
		    "configuration"), p->framework->name, p->for_version !=
		    NULL ? p->for_version : p->framework->version,
		    p->framework->cuda, p->framework->cudnn != NULL ?
		    p->framework->cudnn : "-");
		if (p->framework->index_url != NULL) {
			printf(_("  its wheels: %s\n"),
			    p->framework->index_url);
		}
	}
}

/* A release's bundled driver, or words that say the data lacks it (the
 * plan never calls a release native or compat without one; this is the
 * guard that keeps a "(null)" out of a sentence). */
static const char *
bundled_words(const char *bundled)
{
	return bundled != NULL ? bundled : _("(not in the data)");
}

/* Why the CUDA release is the one planned, when the choice was ours. */
static void
plan_why(const struct cds_plan *p)
{
	const struct cds_plan_item *cuda = NULL;
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].kind == CDS_KIND_CUDA) {
			cuda = &p->items[i];
		}
	}
	if (cuda == NULL) {
		return;
	}
	switch (p->why) {
	case CDS_PLAN_WHY_NATIVE:
		printf(_("Why CUDA %s: the newest release driver %s runs "
		    "natively (CUDA %s ships with driver %s)\n"),
		    cuda->version, p->driver, cuda->version,
		    bundled_words(cuda->bundled_driver));
		if (p->compat_newest != NULL && p->compat_bundled != NULL) {
			printf(_("  CUDA %s would run only through minor "
			    "version compatibility (it ships with driver "
			    "%s)\n"), p->compat_newest, p->compat_bundled);
		} else if (p->compat_newest != NULL) {
			/* the index has no bundled driver for it: whether it
			 * runs natively is not known, so it was not picked */
			printf(_("  CUDA %s is newer, but whether driver %s "
			    "runs it natively is not known: its bundled "
			    "driver is not in the data\n"), p->compat_newest,
			    p->driver);
		}
		break;
	case CDS_PLAN_WHY_COMPAT:
		printf(_("Why CUDA %s: no known release runs natively on driver "
		    "%s; this one runs through minor version compatibility "
		    "(it ships with driver %s)\n"), cuda->version, p->driver,
		    bundled_words(cuda->bundled_driver));
		break;
	case CDS_PLAN_WHY_NEWEST:
		printf(_("Why CUDA %s: the newest release driver %s runs\n"),
		    cuda->version, p->driver);
		break;
	case CDS_PLAN_WHY_NO_DRIVER:
		printf(_("Why CUDA %s: the newest known release (no driver to "
		    "check it against)\n"), cuda->version);
		break;
	case CDS_PLAN_WHY_ASKED:
	case CDS_PLAN_WHY_FRAMEWORK:
		break;
	}
	if (p->refused != NULL) {
		printf(_("  CUDA %s needs driver %s or newer\n"), p->refused,
		    p->refused_needs);
	}
}

/* The CUDA release of plan P ("13.4.1"), or "the CUDA asked for". */
static const char *
plan_cuda(const struct cds_plan *p)
{
	size_t i;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].kind == CDS_KIND_CUDA) {
			return p->items[i].version;
		}
	}
	return _("the CUDA asked for");
}

/* The plan in words, on stdout; FULL lists every archive and path. */
void
cli_plan_print(struct cli *c, const struct cds_plan *p, int full)
{
	char b1[32];
	size_t i, k, nnew = 0;

	if (p->framework != NULL) {
		printf(_("For %s %s: the %s build (CUDA %s, cuDNN %s)\n"),
		    p->framework->name, p->for_version != NULL ?
		    p->for_version : p->framework->version,
		    p->framework->variant != NULL ? p->framework->variant :
		    "", p->framework->cuda, p->framework->cudnn != NULL ?
		    p->framework->cudnn : "-");
		if (p->framework->index_url != NULL) {
			printf(_("  its wheels: %s\n"),
			    p->framework->index_url);
		}
	}
	if (p->driver != NULL && p->driver_no_module) {
		printf(_("Driver: %s (%s; no kernel module is loaded)\n"),
		    p->driver, p->driver_source);
	} else if (p->driver != NULL) {
		printf(_("Driver: %s (%s)\n"), p->driver, p->driver_source);
	} else {
		printf(_("Driver: none found\n"));
	}
	plan_why(p);
	printf(_("Prefix: %s\n"), p->prefix);
	for (i = 0; i < p->nitems; i++) {
		const struct cds_plan_item *it = &p->items[i];

		printf("\n%s%s %s%s%s%s -> %s", cli_c(CLI_BOLD),
		    cli_kind_name(it->kind), it->version,
		    it->variant != NULL ? " " : "",
		    it->variant != NULL ? it->variant : "", cli_c(CLI_RESET),
		    it->dir);
		if (it->state == CDS_ITEM_PRESENT) {
			printf(_("  (already installed)\n"));
			continue;
		}
		nnew++;
		printf("\n");
		if (it->min_driver != NULL) {
			printf(_("  needs driver %s or newer\n"),
			    it->min_driver);
		}
		if (it->kind == CDS_KIND_CUDA && p->driver != NULL &&
		    it->bundled_driver == NULL) {
			printf(_("  whether driver %s runs it natively is not "
			    "known: its bundled driver is not in the data\n"),
			    p->driver);
		}
		if (it->cuda_tested != NULL && it->untested == 1) {
			printf(_("  not tested with this CUDA minor: NVIDIA "
			    "tested this build with CUDA %s; it runs with CUDA "
			    "%s through CUDA's minor version compatibility\n"),
			    it->cuda_tested, plan_cuda(p));
		} else if (it->cuda_tested != NULL && it->untested == 0) {
			printf(_("  tested: NVIDIA tested this build with CUDA "
			    "%s\n"), it->cuda_tested);
		} else if (it->cuda_tested != NULL) {
			printf(_("  NVIDIA tested this build with CUDA %s\n"),
			    it->cuda_tested);
		}
		if (it->compat) {
			printf(_("  runs on driver %s only through minor "
			    "version compatibility (it ships with %s)\n"),
			    p->driver, bundled_words(it->bundled_driver));
		}
		if (it->libraries_only) {
			printf(_("  only its shared libraries (component set "
			    "%s): no headers, static libraries or tools; "
			    "the whole release's archives: %s\n"),
			    p->components, cli_bytes(it->full_size, b1));
		}
		if (!full) {
			printf(_n("  %zu archive, %s\n",
			    "  %zu archives, %s\n", it->narchives),
			    it->narchives, cli_bytes(it->download_size, b1));
			continue;
		}
		for (k = 0; k < it->narchives; k++) {
			const struct cds_archive *a = it->archives[k].archive;

			printf("  %-22s %-14s %10s  sha256:%s\n",
			    a->component, a->version != NULL ? a->version : "",
			    cli_bytes(a->size, b1), a->sha256);
			printf("      %s\n", it->archives[k].urls[0]);
		}
	}
	if (nnew == 0) {
		printf(_("\nNothing to download: everything is installed.\n"));
		return;
	}
	printf(_("\nDownload: %s\n"), cli_bytes(p->download_size, b1));
	if (p->components != NULL) {
		uint64_t whole = 0;

		for (i = 0; i < p->nitems; i++) {
			if (p->items[i].state == CDS_ITEM_NEW) {
				whole += p->items[i].full_size;
			}
		}
		printf(_("  the whole releases: %s; component set %s%s\n"),
		    cli_bytes(whole, b1), p->components,
		    p->items != NULL && p->items[0].libraries_only ?
		    _(", of which only the shared libraries are kept") : "");
	}
	if (full) {
		printf(_("Creates:\n"));
		for (i = 0; p->paths[i] != NULL; i++) {
			printf("  %s\n", p->paths[i]);
		}
	}
}

/* The request as the options gave it. */
void
cli_plan_request(struct cli *c, struct cds_plan_request *req)
{
	memset(req, 0, sizeof(*req));
	req->cuda = c->cuda;
	req->cudnn = c->cudnn;
	req->forpkg = c->forpkg;
	req->system = c->system;
	req->components = c->components;
	req->no_driver = c->no_driver;
}

int
cmd_plan(struct cli *c, int argc, char **argv)
{
	struct cds_plan_request req;
	struct cds_plan *p;
	int r;

	if (argc > 0) {
		return cli_fail(c, _("unexpected argument '%s'"), argv[0]);
	}
	if ((r = cli_check_versions(c)) != 0) {
		return r;
	}
	cli_progress_install(c);
	cli_plan_request(c, &req);
	p = cds_plan_build(c->h, &req);
	cli_progress_end();
	if (p == NULL) {
		if (c->json) {
			cli_json_print(json_pack("{s:o, s:o}", "plan",
			    json_null(), "error", cli_error_json(c)));
			return cds_exit_status(cds_errno(c->h));
		}
		return cli_fail_handle(c);
	}
	cli_index_note(c);
	if (c->json) {
		cli_json_print(cli_plan_json(p));
	} else {
		cli_plan_warnings(c, p);
		cli_plan_print(c, p, 1);
	}
	cds_plan_free(p);
	return 0;
}
