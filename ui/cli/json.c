/*
 * json.c - the scan and findings as JSON (doctor --json; repair and verify
 * reuse the findings part).  The shape is documented in doc/json.md.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *
driver_state_word(enum cds_driver_state s)
{
	switch (s) {
	case CDS_DRIVER_OK:
		return "ok";
	case CDS_DRIVER_NO_MODULE:
		return "no-module";
	case CDS_DRIVER_NO_LIBRARY:
		return "no-library";
	case CDS_DRIVER_STUB:
		return "stub";
	case CDS_DRIVER_INIT_FAILED:
		return "init-failed";
	case CDS_DRIVER_NOT_PROBED:
		return "not-probed";
	case CDS_DRIVER_NO_KERNEL_MODULE:
		return "libraries-without-module";
	}
	return "unknown";
}

const char *
cli_driver_state_word(enum cds_driver_state s)
{
	return driver_state_word(s);
}

json_t *
cli_jstrv(char *const *v)
{
	json_t *a = json_array();

	while (v != NULL && *v != NULL) {
		json_array_append_new(a, json_string(*v++));
	}
	return a;
}

static json_t *
jcuda(int v)
{
	char buf[16];

	if (v <= 0) {
		return json_null();
	}
	snprintf(buf, sizeof(buf), "%d.%d", v / 1000, (v % 1000) / 10);
	return json_string(buf);
}

static json_t *
jpackages(const struct cds_package *p, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_array_append_new(a, json_pack("{s:s, s:s, s:o, s:b, s:o, "
		    "s:o, s:o, s:o, s:b, s:b}",
		    "name", p[i].name, "version", p[i].version,
		    "cuda", cli_jstr(p[i].cuda), "cpu_only", p[i].cpu_only,
		    "cuda_source", cli_jstr(p[i].cuda_source),
		    "cudnn", cli_jstr(p[i].cudnn),
		    "location", cli_jstr(p[i].location),
		    "libdir", cli_jstr(p[i].libdir),
		    "framework", p[i].kind != CDS_FW_OTHER,
		    "conda", p[i].from_conda));
	}
	return a;
}

json_t *
cli_json_findings(const struct cds_findings *f)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; f != NULL && i < f->n; i++) {
		const struct cds_finding *x = &f->items[i];
		json_t *ev = json_array(), *fx = json_array();
		const char *summary = cds_rule_summary(x->id);

		for (k = 0; k < x->nevidence; k++) {
			json_array_append_new(ev, json_pack("{s:s, s:s}",
			    "key", x->evidence[k].key,
			    "value", x->evidence[k].value));
		}
		for (k = 0; k < x->nfixes; k++) {
			static const char *const kinds[] = {
				"none", "symlink", "relink", "activate",
				"install", "remove-path", "remove"
			};
			const struct cds_fix *q = &x->fixes[k];
			json_t *o = json_pack("{s:s, s:o, s:o, s:s}",
			    "action", kinds[q->kind],
			    "path", cli_jstr(q->path),
			    "target", cli_jstr(q->target),
			    "command", q->command);

			/* a package manager's command, word by word */
			if (q->argv != NULL) {
				json_object_set_new(o, "argv",
				    cli_jstrv(q->argv));
			}
			if (q->undo_argv != NULL) {
				json_object_set_new(o, "undo_argv",
				    cli_jstrv(q->undo_argv));
				json_object_set_new(o, "undo",
				    json_string(q->undo));
			}
			json_array_append_new(fx, o);
		}
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:o, s:o, "
		    "s:o}", "id", x->id,
		    "severity", cli_severity_word(x->severity),
		    "title", x->title, "summary", cli_jstr(summary),
		    "evidence", ev, "fixes", fx));
	}
	return a;
}

json_t *
cli_json_syscmds(const struct cds_syscmds *j, const char *from)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; j != NULL && i < j->n; i++) {
		const struct cds_syscmd *x = &j->v[i];
		json_t *idx = json_array();

		for (k = 0; k < x->nfrom; k++) {
			json_array_append_new(idx,
			    json_integer((json_int_t)x->from[k]));
		}
		json_array_append_new(a, json_pack("{s:s, s:o, s:o, s:o, "
		    "s:o}", "command", x->command, "argv",
		    cli_jstrv(x->argv), "undo", cli_jstr(x->undo),
		    "undo_argv", x->undo_argv != NULL ?
		    cli_jstrv(x->undo_argv) : json_null(), from, idx));
	}
	return a;
}

/* The open() of /dev/nvidiactl: "ok", errno's name, or null (not
 * tried). */
static json_t *
jctl(int e)
{
	switch (e) {
	case -1:
		return json_null();
	case 0:
		return json_string("ok");
	case ENOENT:
		return json_string("ENOENT");
	case EPERM:
		return json_string("EPERM");
	case ENXIO:
		return json_string("ENXIO");
	case EACCES:
		return json_string("EACCES");
	default:
		return json_integer(e);
	}
}

/* "container": where the scan ran, a stable object. */
static json_t *
jcontainer(const struct cds_container *ct)
{
	json_t *ev = json_array();
	size_t i;

	for (i = 0; i < ct->nevidence; i++) {
		json_array_append_new(ev, json_pack("{s:s, s:s}", "key",
		    ct->evidence[i].key, "value", ct->evidence[i].value));
	}
	return json_pack("{s:s, s:o, s:b, s:o, s:b, s:b, s:o, s:o, s:o, "
	    "s:o, s:o, s:o}", "runtime", ct->runtime,
	    "gpu_mechanism", cli_jstr(ct->gpu_mechanism),
	    "overridden", ct->overridden,
	    "nvidiactl", jctl(ct->ctl_errno),
	    "nvidiactl_chardev", ct->ctl_chardev,
	    "rootless", ct->rootless,
	    "sandbox", cli_jstr(ct->sandbox),
	    "visible_devices", cli_jstr(ct->visible_devices),
	    "capabilities", cli_jstr(ct->capabilities),
	    "engines", cli_jstrv(ct->engines), "driver_mounts",
	    cli_jstrv(ct->driver_mounts), "evidence", ev);
}

json_t *
cli_json_scan(cds_handle_t *h, const struct cds_scan *s)
{
	const struct cds_driver *d = &s->driver;
	json_t *doc, *tk = json_array(), *cu = json_array(),
	    *envs = json_array(), *search = json_array(), *fw = json_array();
	struct cds_fw_iter it = {0, 0};
	struct cds_fw_row row;
	size_t i, k;

	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];
		json_t *how = json_array();

		if (t->found_by & CDS_FOUND_LINK) {
			json_array_append_new(how, json_string("link"));
		}
		if (t->found_by & CDS_FOUND_DIR) {
			json_array_append_new(how, json_string("dir"));
		}
		if (t->found_by & CDS_FOUND_CUDA_HOME) {
			json_array_append_new(how, json_string("CUDA_HOME"));
		}
		if (t->found_by & CDS_FOUND_CUDA_PATH) {
			json_array_append_new(how, json_string("CUDA_PATH"));
		}
		if (t->found_by & CDS_FOUND_NVCC_PATH) {
			json_array_append_new(how, json_string("PATH"));
		}
		if (t->found_by & CDS_FOUND_PREFIX) {
			json_array_append_new(how, json_string("prefix"));
		}
		json_array_append_new(tk, json_pack("{s:s, s:s, s:o, s:o, "
		    "s:o, s:b, s:b, s:b, s:b, s:b, s:b, s:b, s:o, s:o, "
		    "s:o, s:o}",
		    "path", t->path, "realpath", t->realpath,
		    "version", cli_jstr(t->version),
		    "version_source", cli_jstr(t->version_source),
		    "libdir", cli_jstr(t->libdir),
		    "default", t->is_default,
		    "active", s->active_toolkit != NULL &&
		    strcmp(s->active_toolkit, t->realpath) == 0,
		    "nvcc_on_path", s->nvcc_toolkit != NULL &&
		    strcmp(s->nvcc_toolkit, t->realpath) == 0,
		    "shadowed", t->shadowed,
		    "exists", t->exists, "runtime", t->has_runtime,
		    "nvcc", t->has_nvcc, "found_by", how,
		    "found_via", cli_jstr(t->found_via),
		    "hpc_sdk", cli_jstr(t->sdk),
		    "math_libdir", cli_jstr(t->mathdir)));
	}
	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *c = &s->cudnns[i];
		json_t *files = json_array();

		for (k = 0; k < c->nfiles; k++) {
			const struct cds_libfile *f = &c->files[k];

			json_array_append_new(files, json_pack("{s:s, s:o, "
			    "s:o, s:b, s:o}", "name", f->name,
			    "soname", cli_jstr(f->soname),
			    "version", cli_jstr(f->version),
			    "link", f->is_link, "target",
			    cli_jstr(f->target)));
		}
		json_array_append_new(cu, json_pack("{s:s, s:s, s:o, s:i, "
		    "s:o, s:o, s:o, s:b, s:b, s:o, s:o, s:o}",
		    "dir", c->dir, "origin", cli_origin_word(c->origin),
		    "env", cli_jstr(c->env), "major", c->major,
		    "version", cli_jstr(c->version),
		    "header_version", cli_jstr(c->header_version),
		    "package_version", cli_jstr(c->package_version),
		    "complete", c->complete, "dev_links", c->has_dev_links,
		    "missing", cli_jstrv(c->missing),
		    "mixed", cli_jstrv(c->mixed),
		    "files", files));
	}
	for (i = 0; i < s->nenvs; i++) {
		const struct cds_env *e = &s->envs[i];

		json_array_append_new(envs, json_pack("{s:s, s:s, s:b, s:b, "
		    "s:b, s:o, s:o, s:o, s:o, s:o}", "name", e->name,
		    "prefix", e->prefix, "active", e->is_active,
		    "conda", e->is_conda, "venv", e->is_venv,
		    "python", cli_jstr(e->python),
		    "site_packages", cli_jstr(e->site_packages),
		    "conda_cudnn", cli_jstr(e->conda_cudnn),
		    "conda_cuda", cli_jstr(e->conda_cudatoolkit),
		    "packages", jpackages(e->packages, e->npackages)));
	}
	while (cds_fw_next(s, &it, &row)) {
		json_array_append_new(fw, json_pack("{s:s, s:s, s:o, s:b, "
		    "s:o, s:o}", "name", row.p->name, "version", row.p->version,
		    "cuda", cli_jstr(row.cuda), "cpu_only", row.p->cpu_only,
		    "cudnn", cli_jstr(row.p->cudnn), "env", cli_jstr(row.env)));
	}
	for (i = 0; i < s->nsearchdirs; i++) {
		json_array_append_new(search, json_pack("{s:s, s:s, s:b}",
		    "dir", s->searchdirs[i].dir, "via", s->searchdirs[i].via,
		    "exists", s->searchdirs[i].exists));
	}
	doc = json_pack("{s:i, s:s, s:f}", "schema", 1, "root",
	    *cds_root(h) == '\0' ? "/" : cds_root(h),
	    "elapsed_ms", s->elapsed_ms);
	{
		const struct cds_toolkit *at = cds_toolkit_at(s,
		    s->active_toolkit);
		const char *active_ver = at != NULL ? at->version : NULL;

		json_object_set_new(doc, "cuda", json_pack("{s:o, s:o, s:o, "
		    "s:o, s:o, s:o, s:O}", "driver_supports",
		    jcuda(d->cuda_version),
		    "active_toolkit", cli_jstr(active_ver),
		    "active_toolkit_path", cli_jstr(s->active_toolkit),
		    "active_via", cli_jstr(s->active_via),
		    "nvcc", cli_jstr(s->nvcc_path),
		    "nvcc_toolkit_path", cli_jstr(s->nvcc_toolkit),
		    "frameworks", fw));
	}
	json_decref(fw);
	json_object_set_new(doc, "driver", json_pack("{s:s, s:o, s:o, s:o, "
	    "s:o, s:o, s:o, s:o, s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:o, "
	    "s:i, s:b, s:b, s:i, s:i}",
	    "state", driver_state_word(d->state),
	    "version", cli_jstr(d->version),
	    "version_source", cli_jstr(d->version_source),
	    "module_version", cli_jstr(d->module_version),
	    "libcuda", cli_jstr(d->libcuda_path),
	    "libcuda_realpath", cli_jstr(d->libcuda_realpath),
	    "libcuda_version", cli_jstr(d->libcuda_version),
	    "nvml", cli_jstr(d->nvml_path),
	    "nvml_version", cli_jstr(d->nvml_version),
	    "probed", d->probed,
	    "probe_error", cli_jstr(d->probe_error),
	    "nvml_init", d->nvml_probed ? json_integer(d->nvml_init) :
	    json_null(),
	    "nvml_error", cli_jstr(d->nvml_error),
	    "stub", cli_jstr(d->stub_path), "stub_via", cli_jstr(d->stub_via),
	    "cuda_version", jcuda(d->cuda_version),
	    "init_error", d->init_error, "wsl", d->wsl,
	    "wsl_lib_on_path", d->wsl_lib_on_path, "devices", d->ndevices,
	    "nvidia_pci_devices", s->nvidia_pci));
	json_object_set_new(doc, "container", jcontainer(&s->container));
	json_object_set_new(doc, "toolkits", tk);
	json_object_set_new(doc, "default_toolkit",
	    json_pack("{s:o, s:o}", "link", cli_jstr(s->default_link),
	    "target", cli_jstr(s->default_toolkit)));
	json_object_set_new(doc, "cudnn", cu);
	json_object_set_new(doc, "envs", envs);
	json_object_set_new(doc, "system_packages",
	    jpackages(s->system_packages, s->nsystem_packages));
	json_object_set_new(doc, "loader", json_pack("{s:o, s:o}",
	    "LD_LIBRARY_PATH", cli_jstr(cds_getenv(h, "LD_LIBRARY_PATH")),
	    "search", search));
	return doc;
}
