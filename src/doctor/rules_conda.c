/*
 * rules_conda.c - conda envs: what their activate.d scripts do to
 * LD_LIBRARY_PATH (evaluated by shell.c, never run), their own cudnn
 * package, CPU-only framework builds.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "read/journal.h"
#include "scan/scan.h"
#include "scan/shell.h"

/* ------------------------------------------------------------------------ */
/* F28: activate.d scripts                                                   */
/* ------------------------------------------------------------------------ */

static int
dir_exists(const cds_handle_t *h, const char *dir)
{
	return cds_root_isdir(h, dir);
}

/* Does a deactivate.d script touch LD_LIBRARY_PATH? */
static int
restores(const cds_handle_t *h, const struct cds_env *e)
{
	char **scripts = cds_activate_scripts(h, e, "deactivate.d"), **s;
	int found = 0;

	for (s = scripts; *s != NULL && !found; s++) {
		char *text = cds_root_read_file(h, *s, 1u << 20, NULL);

		found = text != NULL && strstr(text, "LD_LIBRARY_PATH") != NULL;
		free(text);
	}
	cds_strfreev(scripts);
	return found;
}

/* Does the search path LIST name a directory twice (an activate.d script
 * that grows the path on every activation)? */
static int
has_duplicates(const char *list)
{
	struct cds_strv seen = {0};
	char **dirs = cds_strsplit(list, ":", 1), **d;
	int dup = 0;

	for (d = dirs; *d != NULL; d++) {
		if (**d != '\0' && cds_strv_contains(&seen, *d)) {
			dup = 1;
		}
		cds_strv_push(&seen, *d);
	}
	cds_strfreev(dirs);
	cds_strv_clear(&seen);
	return dup;
}

/* F28's fix: an activate.d script of env E, replacing the one at WHERE
 * ("file:line"), that puts GOOD (the script's directories that exist)
 * first, and what the script meant: an undefined CUDNN_PATH (one of
 * UNDEFINED) is the pip wheel's cuDNN in this env. */
static void
fix_scripts(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, char **undefined, struct cds_strv *good,
    const char *where)
{
	char *wheel = e->site_packages != NULL ?
	    cds_path_join(e->site_packages, "nvidia/cudnn/lib") : NULL;
	char **d;

	for (d = undefined; *d != NULL; d++) {
		if (strstr(*d, "CUDNN") != NULL && wheel != NULL &&
		    dir_exists(c->h, wheel) && !cds_strv_contains(good,
		    wheel)) {
			cds_strv_push(good, wheel);
		}
	}
	free(wheel);
	if (good->n > 0) {
		char *file = cds_xstrndup(where, strcspn(where, ":"));

		cds_fix_activate(c, f, e, (const char *const *)good->v, file);
		free(file);
	}
}

/* F28: an activate.d script that edits LD_LIBRARY_PATH reads a variable
 * nothing sets at activation time (TensorFlow's documented CUDNN_PATH),
 * grows the path on every activation, has no deactivate.d counterpart, or
 * names directories that do not exist. */
static void
rule_activate_scripts(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char **undefined = NULL, *where = NULL, *once, *twice, *marked;
		char **dirs, **d;
		struct cds_finding *f = NULL;
		struct cds_strv good = {0};
		int dup;

		/* from an empty start, so entries of the caller's own
		 * LD_LIBRARY_PATH are not taken for the script's; twice in
		 * one shell, as conda does when an env is activated again */
		{
			struct cds_sheval *x;

			x = cds_sheval_new(c->h, e, "LD_LIBRARY_PATH", NULL);
			if (!cds_sheval_run(x, &where)) {
				cds_sheval_free(x);
				free(where);
				continue;
			}
			once = cds_sheval_value(x);
			undefined = cds_sheval_undefined(x);
			cds_sheval_run(x, NULL);
			twice = cds_sheval_value(x);
			cds_sheval_free(x);
			/* entries built from undefined variables */
			x = cds_sheval_new(c->h, e, "LD_LIBRARY_PATH", NULL);
			cds_sheval_mark_undefined(x, "\001");
			cds_sheval_run(x, NULL);
			marked = cds_sheval_value(x);
			cds_sheval_free(x);
		}
		dup = has_duplicates(twice);
#define F28_OPEN() do { \
	if (f == NULL) { \
		f = cds_finding_add(c, "F28", CDS_SEV_WARNING, "env %s: %s " \
		    "sets LD_LIBRARY_PATH badly", e->name, where); \
		cds_finding_evidence(f, "script", "%s", where); \
		cds_finding_evidence(f, "LD_LIBRARY_PATH after activation", \
		    "%s", *once != '\0' ? once : "(empty)"); \
	} \
} while (0)
		if (undefined[0] != NULL) {
			F28_OPEN();
			for (d = undefined; *d != NULL; d++) {
				cds_finding_evidence(f, "undefined variable",
				    "$%s is read but not set by the env's "
				    "scripts%s", *d,
				    cds_getenv(c->h, *d) != NULL ?
				    " (set in this shell only)" : "");
			}
		}
		if (dup) {
			F28_OPEN();
			cds_finding_evidence(f, "not idempotent", "activating "
			    "twice gives %s", twice);
		}
		if (!restores(c->h, e)) {
			F28_OPEN();
			cds_finding_evidence(f, "no deactivate.d script",
			    "LD_LIBRARY_PATH is not restored when the env is "
			    "deactivated");
		}
		dirs = cds_strsplit(marked, ":", 0);
		for (d = dirs; *d != NULL; d++) {
			int ok = **d == '/' && dir_exists(c->h, *d);

			if (strchr(*d, '\001') != NULL) {
				continue;	/* said above */
			}
			if (!ok) {
				F28_OPEN();
				cds_finding_evidence(f, "missing directory",
				    "%s", *d);
			} else if (!cds_strv_contains(&good, *d)) {
				cds_strv_push(&good, *d);
			}
		}
		cds_strfreev(dirs);
		if (f != NULL) {
			fix_scripts(c, f, e, undefined, &good, where);
		}
#undef F28_OPEN
		cds_strv_clear(&good);
		cds_strfreev(undefined);
		free(where);
		free(once);
		free(twice);
		free(marked);
	}
}

/* ------------------------------------------------------------------------ */
/* F3: the conda env's own cudnn                                             */
/* ------------------------------------------------------------------------ */

/* F3's fixes in conda env E: conda's cudnn at WANT's major.minor, or
 * (pip's wheel there) none; each with the command back to the one there. */
static void
conda_cudnn_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *want)
{
	char *spec, *back = cds_xasprintf("cudnn=%s", e->conda_cudnn);
	const char *const undo[] = { back, NULL };
	const char *const rm[] = { "--force", "cudnn", NULL };

	if (strchr(want, '.') != NULL) {
		spec = cds_xasprintf("cudnn=%d.%d", atoi(want),
		    atoi(strchr(want, '.') + 1));
	} else {
		spec = cds_xasprintf("cudnn=%s", want);
	}
	{
		const char *const add[] = { spec, NULL };

		cds_pkg_fix_specs(c, f, e, 1, CDS_PKG_ADD, add, CDS_PKG_ADD,
		    undo);
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or, when pip's "
	    "nvidia-cudnn wheel is there, conda's cudnn out (--force: "
	    "nothing that depends on it goes with it):");
	cds_pkg_fix_specs(c, f, e, 1, CDS_PKG_REMOVE, rm, CDS_PKG_ADD, undo);
	free(spec);
	free(back);
}

/* F3: a pip framework in a conda env whose conda `cudnn` package is another
 * release than the framework needs.  Programs without a RUNPATH into the
 * wheels find <env>/lib first through python's RPATH ($ORIGIN/../lib):
 * "…/envs/<e>/bin/../lib/libcudnn_ops_train.so.8: undefined symbol". */
static void
rule_conda_cudnn(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char *lib;
		const struct cds_cudnn *copy;

		if (!e->is_conda || e->conda_cudnn == NULL) {
			continue;
		}
		lib = cds_path_join(e->prefix, "lib");
		copy = cds_cudnn_in(c, lib, atoi(e->conda_cudnn));
		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];
			const char *want;
			char *src = NULL, *wheel;
			struct cds_finding *f;
			int torch_wheel;

			if (p->from_conda || p->kind == CDS_FW_OTHER ||
			    p->kind == CDS_FW_JAX) {
				continue;
			}
			want = cds_expected_cudnn(c, p, &src);
			if (want == NULL ||
			    atoi(want) != atoi(e->conda_cudnn) ||
			    cds_cmp_minor(want, e->conda_cudnn) == 0) {
				free(src);
				continue;
			}
			/* torch's wheels reach their own cuDNN by RUNPATH;
			 * only LD_LIBRARY_PATH could put <env>/lib first */
			wheel = e->site_packages != NULL ? cds_path_join(
			    e->site_packages, "nvidia/cudnn/lib") : NULL;
			torch_wheel = p->kind == CDS_FW_TORCH &&
			    wheel != NULL &&
			    cds_cudnn_in(c, wheel, atoi(want)) != NULL;
			if (torch_wheel) {
				struct cds_libpath *lp = cds_libpath_for(c, e,
				    NULL);
				int at = cds_libpath_find(c, lp,
				    atoi(want) == 8 ? "libcudnn.so.8" :
				    "libcudnn.so.9");

				torch_wheel = !(at >= 0 &&
				    lp->dirs[at].from_env &&
				    cds_same_dir(c->h, lp->dirs[at].dir, lib));
				cds_libpath_free(lp);
			}
			if (torch_wheel) {
				free(wheel);
				free(src);
				continue;
			}
			f = cds_finding_add(c, "F3", CDS_SEV_ERROR, "env %s: "
			    "conda's cudnn %s, but %s %s needs cuDNN %s",
			    e->name, e->conda_cudnn, p->name, p->version, want);
			cds_finding_evidence(f, "conda package", "cudnn %s "
			    "(%s/conda-meta)", e->conda_cudnn, e->prefix);
			if (copy != NULL) {
				cds_finding_evidence(f, "its libraries", "%s "
				    "(found first through python's RPATH "
				    "$ORIGIN/../lib)", copy->dir);
			}
			cds_finding_evidence(f, "framework", "%s %s (pip, %s) "
			    "expects cuDNN %s", p->name, p->version,
			    p->location, want);
			cds_finding_evidence(f, "expected from", "%s", src);
			conda_cudnn_fix(c, f, e, want);
			free(wheel);
			free(src);
		}
		free(lib);
	}
}

/* ------------------------------------------------------------------------ */
/* F27: CPU builds                                                           */
/* ------------------------------------------------------------------------ */

static int
cpu_build(const struct cds_package *p)
{
	return p->cpu_only;	/* the scan read it from what is installed */
}

/* The CUDA major the driver can run: its own number, else the newest
 * major whose floor the module version meets. */
static int
driver_major(const struct cds_rule_ctx *c)
{
	static const char *const majors[] = { "13", "12", "11", NULL };
	const struct cds_driver *d = &c->s->driver;
	const char *const *m;

	if (d->cuda_version > 0) {
		return d->cuda_version / 1000;
	}
	for (m = majors; d->module_version != NULL && c->m != NULL &&
	    *m != NULL; m++) {
		const char *floor = cds_manifest_driver_floor(c->m, *m);

		if (floor != NULL &&
		    cds_vercmp(d->module_version, floor) >= 0) {
			return atoi(*m);
		}
	}
	return 0;
}

/* F27 for conda's package P in env E: a CUDA build from conda-forge,
 * with CONDA_OVERRIDE_CUDA=MAJOR (0: unknown) where conda cannot see the
 * driver, and back to the very build there (NAME-VERSION-BUILD.json in
 * conda-meta). */
static void
conda_cpu_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, int major)
{
	const char *pkg = strcmp(p->name, "torch") == 0 ? "pytorch" :
	    p->name;
	const char *base = p->location != NULL ? cds_basename(p->location) :
	    "";
	size_t n = strlen(base), skip = strlen(pkg) + strlen(p->version) + 2;
	struct cds_strv w = {0}, u = {0};

	if (major > 0) {
		cds_strv_push(&w, "env");
		cds_strv_push_owned(&w, cds_xasprintf("CONDA_OVERRIDE_CUDA=%d",
		    major));
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "with "
		    "CONDA_OVERRIDE_CUDA=<major> when conda does not see the "
		    "driver:");
	}
	cds_pkg_cmd(c->h, &w, e, 1, CDS_PKG_ADD);
	cds_strv_push_owned(&w, cds_xasprintf("%s=*=*cuda*", pkg));
	cds_pkg_cmd(c->h, &u, e, 1, CDS_PKG_ADD);
	if (n > skip + 5 && strcmp(base + n - 5, ".json") == 0) {
		cds_strv_push_owned(&u, cds_xasprintf("%s=%s=%.*s", pkg,
		    p->version, (int)(n - skip - 5), base + skip));
	} else {
		cds_strv_push_owned(&u, cds_xasprintf("%s=%s", pkg,
		    p->version));
	}
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
}

static void
cpu_finding(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;
	int major = driver_major(c);

	f = cds_finding_add(c, "F27", CDS_SEV_WARNING, "%s %s%s%s is a "
	    "CPU-only build on a machine with an NVIDIA GPU", p->name,
	    p->version, e != NULL ? " in env " : "", e != NULL ? e->name : "");
	cds_finding_evidence(f, "package", "%s %s (%s)", p->name, p->version,
	    p->location);
	if (p->cuda_source != NULL) {
		cds_finding_evidence(f, "build", "CPU-only (%s)",
		    p->cuda_source);
	}
	if (c->s->nvidia_pci > 0) {
		cds_finding_evidence(f, "NVIDIA PCI devices", "%d",
		    c->s->nvidia_pci);
	}
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "driver", "%s", d->module_version);
	}
	if (p->from_conda && e != NULL) {
		conda_cpu_fix(c, f, e, p, major);
	} else if (!cds_pkg_fix_cpu(c, f, e, p)) {
		/* no row of the index says which build: the same release,
		 * reinstalled from where pip finds CUDA builds */
		char *v = cds_xasprintf("%s==%.*s", p->name,
		    (int)strcspn(p->version, "+"), p->version);
		const char *const specs[] = { v, NULL };

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "reinstall it "
		    "from PyPI or a CUDA wheel index, not the CPU one:");
		cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_REINSTALL, specs, 0,
		    NULL);
		free(v);
	}
}

/* F27: a CPU-only torch or TensorFlow build where a GPU is present: conda's
 * solver picked the cpu variant (no __cuda seen), or pip used the CPU
 * index. */
static void
rule_cpu_build(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	size_t i, k;

	if (s->nvidia_pci == 0 && s->driver.module_version == NULL &&
	    s->driver.state != CDS_DRIVER_OK) {
		return;	/* no GPU: a CPU build is the right one */
	}
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			const struct cds_package *p = &s->envs[i].packages[k];

			if ((p->kind == CDS_FW_TORCH ||
			    p->kind == CDS_FW_TENSORFLOW) && cpu_build(p)) {
				cpu_finding(c, &s->envs[i], p);
			}
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];

		if ((p->kind == CDS_FW_TORCH || p->kind == CDS_FW_TENSORFLOW) &&
		    cpu_build(p)) {
			cpu_finding(c, NULL, p);
		}
	}
}

/* ------------------------------------------------------------------------ */
/* REPAIR-CUT: a repair or undo a kill cut short                             */
/* ------------------------------------------------------------------------ */

/* The record of the env at PREFIX (E NULL: the system's Python). */
static void
repair_cut_of(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *prefix)
{
	char *envhost = cds_undo_env_host(c->h, prefix);
	char *udir = cds_path_join(envhost, CDS_UNDO_DIR);
	/* a venv is named by its path: its name is only its directory's */
	char *env = e != NULL ? cds_shquote(e->is_venv ? e->prefix :
	    e->name) : NULL;
	const char *who = e != NULL ? e->name : "the system's Python";
	struct cds_undo_log log;
	struct cds_finding *f;
	int g;

	if (!cds_exists(udir)) {
		goto out;
	}
	if (cds_undo_log_read(c->h, envhost, udir, &log) == -1) {
		f = cds_finding_add(c, "REPAIR-CUT", CDS_SEV_WARNING,
		    "%s: its undo record is not one of ours", who);
		cds_finding_evidence(f, "undo record", "%s",
		    cds_errdetail(c->h));
		cds_clearerr(c->h);
		goto out;
	}
	if ((g = cds_undo_log_pending(&log)) != -1) {
		const struct cds_undo_gen *gen = &log.gens[g];
		int undoing = gen->state == CDS_UNDO_UNDOING;

		f = cds_finding_add(c, "REPAIR-CUT", CDS_SEV_ERROR, "%s: %s "
		    "was cut short", who, undoing ? "the undo of a repair" :
		    "a repair");
		cds_finding_evidence(f, "undo record", "%s/journal", udir);
		cds_finding_evidence(f, "changes journalled", "%zu of this "
		    "repair%s", gen->n, undoing ? ", being taken back" : "");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "cudnn-setup repair --undo%s%s", env != NULL ? " --env " :
		    "", env != NULL ? env : "");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "cudnn-setup repair%s%s", env != NULL ? " --env " : "",
		    env != NULL ? env : "");
	}
	cds_undo_log_clear(&log);
out:
	free(env);
	free(udir);
	free(envhost);
}

/* REPAIR-CUT: the record of each env, and the system's, names a repair or
 * an undo a kill cut short: the env is half changed until the next
 * repair or --undo takes it back (or finishes the undo). */
static void
rule_repair_cut(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		repair_cut_of(c, &c->s->envs[i], c->s->envs[i].prefix);
	}
	repair_cut_of(c, NULL, "/");
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_conda[] = {
	{ "F3", N_("the conda env's cudnn package differs from what the "
	    "framework needs"), "F3", rule_conda_cudnn },
	{ "F27", N_("a CPU-only framework build on a machine with a GPU"),
	    "F27", rule_cpu_build },
	{ "F28", N_("a conda activate.d script sets LD_LIBRARY_PATH "
	    "wrongly"), "F28", rule_activate_scripts },
	{ "REPAIR-CUT", N_("a repair or its undo was cut short"), NULL,
	    rule_repair_cut },
	{ NULL, NULL, NULL, NULL }
};
