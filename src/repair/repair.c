/*
 * repair.c - mend an env so the frameworks in it load CUDA and cuDNN:
 * soname and .so links in its library dirs, regular files that should be
 * links, and activation scripts that put its library dirs on the loader's
 * path.  Every change is journalled before it is made, and backed up, so
 * that --undo puts the env back exactly and a repair or undo cut short by
 * a kill is taken back or finished by the next run (journal.h).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "doctor/aptfix.h"
#include "doctor/consumers.h"
#include "doctor/facts.h"
#include "txn/fixup.h"
#include "read/journal.h"
#include "scan/loader.h"
#include "txn/lock.h"
#include "read/manifest.h"
#include "read/pkgdb.h"
#include "scan/scan.h"


/* Library name prefixes that belong to CUDA and cuDNN in a conda lib/. */
static const char *const cuda_lib_prefixes[] = {
	"libcudnn", "libcudart", "libcublas", "libcufft", "libcurand",
	"libcusolver", "libcusparse", "libnvrtc", "libnvJitLink", "libnccl",
	"libcupti", "libnvToolsExt", NULL
};

static void
op_add(struct cds_repair_plan *p, enum cds_repair_op_kind kind,
    const char *path, const char *target, const char *content,
    const char *finding)
{
	struct cds_repair_op *op;
	size_t i;

	for (i = 0; i < p->nops; i++) {
		if (p->ops[i].kind == kind && strcmp(p->ops[i].path, path) == 0) {
			return;		/* planned already */
		}
	}
	p->ops = cds_xreallocarray(p->ops, p->nops + 1, sizeof(*p->ops));
	op = &p->ops[p->nops++];
	op->kind = kind;
	op->path = cds_xstrdup(path);
	op->target = cds_strdup0(target);
	op->content = cds_strdup0(content);
	op->finding = finding;
}

void
cds_repair_plan_free(struct cds_repair_plan *p)
{
	size_t i;

	if (p == NULL) {
		return;
	}
	for (i = 0; i < p->nops; i++) {
		free(p->ops[i].path);
		free(p->ops[i].target);
		free(p->ops[i].content);
	}
	free(p->ops);
	cds_strfreev(p->libdirs);
	cds_findings_free(p->before);
	cds_plan_free(p->install);
	free((char *)p->install_for);
	free(p->cuda_home);
	free(p->cudnn_path);
	free(p->env_name);
	free(p->env_prefix);
	free(p);
}

/* Same bytes?  1 yes, 0 no, -1 unreadable. */
static int
same_content(const char *a, const char *b)
{
	char da[65], db[65];

	if (cds_sha256_file(a, da) == -1 || cds_sha256_file(b, db) == -1) {
		return -1;
	}
	return strcmp(da, db) == 0;
}

/* "libcudnn_ops.so.9.1.0" -> base "libcudnn_ops", major "9". */
static int
split_lib(const char *name, char **base, char **major)
{
	const char *so = strstr(name, ".so.");
	size_t n;

	if (so == NULL || so[4] < '0' || so[4] > '9') {
		return -1;
	}
	*base = cds_xstrndup(name, (size_t)(so - name));
	n = strspn(so + 4, "0123456789");
	*major = cds_xstrndup(so + 4, n);
	return 0;
}

static int
wanted_name(const char *name, const char *const *only)
{
	const char *const *o;

	if (only == NULL) {
		return 1;
	}
	for (o = only; *o != NULL; o++) {
		if (cds_startswith(name, *o)) {
			return 1;
		}
	}
	return 0;
}

/*
 * Plan the link chain of one library dir.  The links that are missing
 * come from the install's soname fix-up (its dry run); a regular file
 * standing where a link belongs (libX.so.N or libX.so, a plain copy of
 * the real libX.so.N.M) is replaced by the link when its bytes are the
 * same as the file it should point to (F24).  ONLY limits the libraries
 * to those name prefixes (a conda lib/ holds much else).
 */
static void
plan_links(cds_handle_t *h, struct cds_repair_plan *p, const char *dir,
    const char *const *only)
{
	char *host = cds_rpath(h, dir);
	struct cds_ops ops = {0};
	char **names;
	size_t i;

	if (cds_fixup_sonames(h, host, 1, &ops) == -1) {
		cds_clearerr(h);	/* an unreadable dir: nothing to plan */
	}
	for (i = 0; i < ops.n; i++) {
		char *path;

		if (ops.v[i].kind != CDS_OP_SYMLINK ||
		    !wanted_name(cds_basename(ops.v[i].path), only)) {
			continue;
		}
		path = cds_unrpath(h, ops.v[i].path);
		op_add(p, CDS_REPAIR_SYMLINK, path, ops.v[i].target, NULL,
		    "DEV-LINKS");
		free(path);
	}
	cds_ops_clear(&ops);
	if ((names = cds_listdir(host)) == NULL) {
		free(host);
		return;
	}
	/* copies: a regular libX.so.N or libX.so beside a longer-named file
	 * of the same soname with the same bytes */
	for (i = 0; names[i] != NULL; i++) {
		char *base, *major, *fhost, *so, *dev;
		const char *name = names[i];

		if (!wanted_name(name, only) ||
		    split_lib(name, &base, &major) == -1) {
			continue;
		}
		so = cds_xasprintf("%s.so.%s", base, major);
		dev = cds_xasprintf("%s.so", base);
		fhost = cds_path_join(host, name);
		if (cds_is_file(fhost) && !cds_is_link(fhost)) {
			/* the real file may itself carry the soname's name
			 * (a wheel): then only libX.so can be its copy */
			const char *const cands[] = { so, dev, NULL };
			size_t k = strcmp(name, so) == 0 ? 1 : 0;

			for (; cands[k] != NULL; k++) {
				char *chost = cds_path_join(host, cands[k]);

				if (cds_is_file(chost) && !cds_is_link(chost) &&
				    same_content(chost, fhost) == 1) {
					char *cpath = cds_path_join(dir,
					    cands[k]);

					/* libX.so points at libX.so.N */
					op_add(p, CDS_REPAIR_RELINK, cpath,
					    k == 0 ? name : so, NULL, "F24");
					free(cpath);
				}
				free(chost);
			}
		}
		free(fhost);
		free(dev);
		free(so);
		free(base);
		free(major);
	}
	cds_strfreev(names);
	free(host);
}

/* Does DIR hold any shared library? */
static int
has_libs(cds_handle_t *h, const char *dir)
{
	char *host = cds_rpath(h, dir);
	char **names = cds_listdir(host), **n;
	int found = 0;

	for (n = names; n != NULL && *n != NULL && !found; n++) {
		found = strstr(*n, ".so") != NULL;
	}
	cds_strfreev(names);
	free(host);
	return found;
}

/* FNV-1a of the env's prefix: per-env variable names, so stacked envs
 * keep their own saved state. */
static char *
env_tag(const char *prefix)
{
	uint32_t hash = 2166136261u;
	const unsigned char *p;

	for (p = (const unsigned char *)prefix; *p != '\0'; p++) {
		hash = (hash ^ *p) * 16777619u;
	}
	return cds_xasprintf("%08X", hash);
}

static char *
join_dirs(char *const *dirs)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; dirs[i] != NULL; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? ":" : "", dirs[i]);
	}
	return cds_buf_steal(&b);
}

/*
 * The sh activation: save LD_LIBRARY_PATH once (set or unset), drop the
 * env's dirs from it, put them first (or last), export.  Activating twice
 * gives the same value; an empty entry (the current directory) is never
 * added by us.
 */
/* fish single quotes: only \\ and \' are special. */
static char *
fish_quote(const char *s)
{
	struct cds_buf b = {0};

	cds_buf_add(&b, "'", 1);
	for (; *s != '\0'; s++) {
		if (*s == '\'' || *s == '\\') {
			cds_buf_add(&b, "\\", 1);
		}
		cds_buf_add(&b, s, 1);
	}
	cds_buf_add(&b, "'", 1);
	return cds_buf_steal(&b);
}

/* The variables activation sets besides LD_LIBRARY_PATH. */
static void
plan_vars(const struct cds_repair_plan *p, const char *names[2],
    const char *values[2])
{
	names[0] = "CUDA_HOME";
	values[0] = p->cuda_home;
	names[1] = "CUDNN_PATH";
	values[1] = p->cudnn_path;
}

/* The text of FMT_ONE for each variable the activation sets. */
static char *
vars_text(const struct cds_repair_plan *p, const char *tag,
    void (*fmt_one)(struct cds_buf *, const char *, const char *,
    const char *))
{
	const char *names[2], *values[2];
	struct cds_buf b = {0};
	int i;

	plan_vars(p, names, values);
	for (i = 0; i < 2; i++) {
		if (values[i] != NULL) {
			fmt_one(&b, tag, names[i], values[i]);
		}
	}
	return cds_buf_steal(&b);
}

static void
sh_vars_activate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	char *q = cds_shquote(value);

	cds_buf_addf(b,
	    "if [ -z \"${_CUDNN_SETUP_%s_%s_DONE+x}\" ]; then\n"
	    "\t_CUDNN_SETUP_%s_%s_DONE=1\n"
	    "\texport _CUDNN_SETUP_%s_%s_DONE\n"
	    "\tif [ -n \"${%s+x}\" ]; then\n"
	    "\t\t_CUDNN_SETUP_%s_%s=$%s\n"
	    "\t\texport _CUDNN_SETUP_%s_%s\n"
	    "\tfi\n"
	    "fi\n"
	    "%s=%s\n"
	    "export %s\n", tag, name, tag, name, tag,
	    name, name, tag, name, name, tag, name,
	    name, q, name);
	free(q);
}

static void
sh_vars_deactivate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	(void)value;
	cds_buf_addf(b,
	    "if [ -n \"${_CUDNN_SETUP_%s_%s_DONE+x}\" ]; then\n"
	    "\tif [ -n \"${_CUDNN_SETUP_%s_%s+x}\" ]; then\n"
	    "\t\t%s=$_CUDNN_SETUP_%s_%s\n"
	    "\t\texport %s\n"
	    "\telse\n"
	    "\t\tunset %s\n"
	    "\tfi\n"
	    "\tunset _CUDNN_SETUP_%s_%s _CUDNN_SETUP_%s_%s_DONE\n"
	    "fi\n", tag, name, tag, name, name, tag,
	    name, name, name, tag, name, tag, name);
}

static void
fish_vars_activate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	char *q = fish_quote(value);

	cds_buf_addf(b,
	    "if not set -q _CUDNN_SETUP_%s_%s_DONE\n"
	    "    set -gx _CUDNN_SETUP_%s_%s_DONE 1\n"
	    "    if set -q %s\n"
	    "        set -gx _CUDNN_SETUP_%s_%s $%s\n"
	    "        set -gx _CUDNN_SETUP_%s_%s_SET 1\n"
	    "    end\n"
	    "end\n"
	    "set -gx %s %s\n", tag, name, tag, name, name,
	    tag, name, name, tag, name, name, q);
	free(q);
}

static void
fish_vars_deactivate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	(void)value;
	cds_buf_addf(b,
	    "if set -q _CUDNN_SETUP_%s_%s_DONE\n"
	    "    if set -q _CUDNN_SETUP_%s_%s_SET\n"
	    "        set -gx %s $_CUDNN_SETUP_%s_%s\n"
	    "    else\n"
	    "        set -e %s\n"
	    "    end\n"
	    "    set -e _CUDNN_SETUP_%s_%s\n"
	    "    set -e _CUDNN_SETUP_%s_%s_SET\n"
	    "    set -e _CUDNN_SETUP_%s_%s_DONE\n"
	    "end\n", tag, name, tag, name, name, tag,
	    name, name, tag, name, tag, name, tag,
	    name);
}

/* The words for the precedence the scripts give. */
static const char *
precedence(const struct cds_repair_plan *p)
{
	return p->path_first ? "LD_LIBRARY_PATH first, then the env's dirs" :
	    "the env's dirs first, then LD_LIBRARY_PATH";
}

/* The sh code of the activation (conda's activate.d script and a venv's
 * bin/activate share it): the variables saved under TAG, then set. */
static char *
sh_activate_code(const struct cds_repair_plan *p, const char *tag)
{
	char *dirs = join_dirs(p->libdirs), *q = cds_shquote(dirs);
	char *s, *vars = vars_text(p, tag, sh_vars_activate_one), *all;

	s = cds_xasprintf(
	    "if [ -z \"${_CUDNN_SETUP_%s_ON+x}\" ]; then\n"
	    "\t_CUDNN_SETUP_%s_ON=1\n"
	    "\texport _CUDNN_SETUP_%s_ON\n"
	    "\tif [ -n \"${LD_LIBRARY_PATH+x}\" ]; then\n"
	    "\t\t_CUDNN_SETUP_%s_LD=$LD_LIBRARY_PATH\n"
	    "\t\texport _CUDNN_SETUP_%s_LD\n"
	    "\tfi\n"
	    "fi\n"
	    "_cds_dirs=%s\n"
	    "_cds_rest=${LD_LIBRARY_PATH-}\n"
	    "_cds_keep=\n"
	    "_cds_first=1\n"
	    "while [ -n \"$_cds_rest\" ]; do\n"
	    "\tcase $_cds_rest in\n"
	    "\t*:*) _cds_d=${_cds_rest%%%%:*}; _cds_rest=${_cds_rest#*:} ;;\n"
	    "\t*) _cds_d=$_cds_rest; _cds_rest= ;;\n"
	    "\tesac\n"
	    "\tcase :$_cds_dirs: in\n"
	    "\t*\":$_cds_d:\"*) ;;\n"
	    "\t*)\n"
	    "\t\tif [ -n \"$_cds_first\" ]; then\n"
	    "\t\t\t_cds_keep=$_cds_d\n"
	    "\t\telse\n"
	    "\t\t\t_cds_keep=$_cds_keep:$_cds_d\n"
	    "\t\tfi\n"
	    "\t\t_cds_first= ;;\n"
	    "\tesac\n"
	    "done\n"
	    "if [ -n \"$_cds_keep\" ]; then\n"
	    "\tLD_LIBRARY_PATH=%s\n"
	    "else\n"
	    "\tLD_LIBRARY_PATH=$_cds_dirs\n"
	    "fi\n"
	    "export LD_LIBRARY_PATH\n"
	    "unset _cds_dirs _cds_rest _cds_keep _cds_first _cds_d\n",
	    tag, tag, tag, tag, tag, q,
	    p->path_first ? "$_cds_keep:$_cds_dirs" : "$_cds_dirs:$_cds_keep");
	all = cds_xasprintf("%s%s", s, vars);
	free(s);
	free(vars);
	free(q);
	free(dirs);
	return all;
}

static char *
script_sh_activate(const struct cds_repair_plan *p, const char *tag)
{
	char *code = sh_activate_code(p, tag), *s;

	s = cds_xasprintf(
	    "# cudnn-setup: put this env's CUDA and cuDNN libraries on the\n"
	    "# loader's path.  Written by `cudnn-setup repair`; the script of\n"
	    "# the same name in deactivate.d restores the previous state.\n"
	    "# Precedence: %s.\n%s", precedence(p), code);
	free(code);
	return s;
}

/* The sh code that restores what sh_activate_code() saved under TAG. */
static char *
sh_deactivate_code(const struct cds_repair_plan *p, const char *tag)
{
	char *vars = vars_text(p, tag, sh_vars_deactivate_one), *s;

	s = cds_xasprintf(
	    "if [ -n \"${_CUDNN_SETUP_%s_ON+x}\" ]; then\n"
	    "\tif [ -n \"${_CUDNN_SETUP_%s_LD+x}\" ]; then\n"
	    "\t\tLD_LIBRARY_PATH=$_CUDNN_SETUP_%s_LD\n"
	    "\t\texport LD_LIBRARY_PATH\n"
	    "\telse\n"
	    "\t\tunset LD_LIBRARY_PATH\n"
	    "\tfi\n"
	    "\tunset _CUDNN_SETUP_%s_LD _CUDNN_SETUP_%s_ON\n"
	    "fi\n%s", tag, tag, tag, tag, tag, vars);
	free(vars);
	return s;
}

static char *
script_sh_deactivate(const struct cds_repair_plan *p, const char *tag)
{
	char *code = sh_deactivate_code(p, tag), *s;

	s = cds_xasprintf(
	    "# cudnn-setup: restore what activate.d/cudnn-setup.sh changed.\n"
	    "# Written by `cudnn-setup repair`.\n%s", code);
	free(code);
	return s;
}

/* fish keeps LD_LIBRARY_PATH as a list (a *PATH variable). */
static char *
fish_activate_code(const struct cds_repair_plan *p, const char *tag)
{
	struct cds_buf dirs = {0};
	char *s, *vars, *all;
	size_t i;

	for (i = 0; p->libdirs[i] != NULL; i++) {
		char *q = fish_quote(p->libdirs[i]);

		cds_buf_addf(&dirs, " %s", q);
		free(q);
	}
	s = cds_xasprintf(
	    "if not set -q _CUDNN_SETUP_%s_ON\n"
	    "    set -gx _CUDNN_SETUP_%s_ON 1\n"
	    "    if set -q LD_LIBRARY_PATH\n"
	    "        set -gx _CUDNN_SETUP_%s_LD_PATH $LD_LIBRARY_PATH\n"
	    "        set -gx _CUDNN_SETUP_%s_LD_SET 1\n"
	    "    end\n"
	    "end\n"
	    "set -l _cds_dirs%s\n"
	    "set -l _cds_keep\n"
	    "for _cds_d in $LD_LIBRARY_PATH\n"
	    "    if test -n \"$_cds_d\"; and not contains -- $_cds_d $_cds_dirs\n"
	    "        set -a _cds_keep $_cds_d\n"
	    "    end\n"
	    "end\n"
	    "set -gx LD_LIBRARY_PATH %s\n", tag, tag, tag, tag, dirs.s,
	    p->path_first ? "$_cds_keep $_cds_dirs" : "$_cds_dirs $_cds_keep");
	cds_buf_free(&dirs);
	vars = vars_text(p, tag, fish_vars_activate_one);
	all = cds_xasprintf("%s%s", s, vars);
	free(vars);
	free(s);
	return all;
}

static char *
script_fish_activate(const struct cds_repair_plan *p, const char *tag)
{
	char *code = fish_activate_code(p, tag), *s;

	s = cds_xasprintf(
	    "# cudnn-setup: put this env's CUDA and cuDNN libraries on the\n"
	    "# loader's path (fish).  Written by `cudnn-setup repair`.\n"
	    "# Precedence: %s.\n%s", precedence(p), code);
	free(code);
	return s;
}

static char *
fish_deactivate_code(const struct cds_repair_plan *p, const char *tag)
{
	char *vars = vars_text(p, tag, fish_vars_deactivate_one), *s;

	s = cds_xasprintf(
	    "if set -q _CUDNN_SETUP_%s_ON\n"
	    "    if set -q _CUDNN_SETUP_%s_LD_SET\n"
	    "        set -gx LD_LIBRARY_PATH $_CUDNN_SETUP_%s_LD_PATH\n"
	    "    else\n"
	    "        set -e LD_LIBRARY_PATH\n"
	    "    end\n"
	    "    set -e _CUDNN_SETUP_%s_LD_PATH\n"
	    "    set -e _CUDNN_SETUP_%s_LD_SET\n"
	    "    set -e _CUDNN_SETUP_%s_ON\n"
	    "end\n%s", tag, tag, tag, tag, tag, tag, vars);
	free(vars);
	return s;
}

static char *
script_fish_deactivate(const struct cds_repair_plan *p, const char *tag)
{
	char *code = fish_deactivate_code(p, tag), *s;

	s = cds_xasprintf(
	    "# cudnn-setup: restore what activate.d/cudnn-setup.fish changed.\n"
	    "# Written by `cudnn-setup repair`.\n%s", code);
	free(code);
	return s;
}

/* Plan writing PATH with CONTENT unless it already holds exactly that;
 * create missing parent dirs up to (not including) the env prefix. */
static void
plan_write(cds_handle_t *h, struct cds_repair_plan *p, const char *path,
    char *content)
{
	char *host = cds_rpath(h, path);
	size_t len;
	char *cur = cds_read_file(host, 1u << 20, &len);

	if (cur == NULL || strcmp(cur, content) != 0) {
		char *dir = cds_dirname(path);
		struct cds_strv parents = {0};

		/* parents from the outermost missing one inward */
		while (strlen(dir) > strlen(p->env_prefix)) {
			char *dh = cds_rpath(h, dir), *up;

			if (cds_is_dir(dh)) {
				free(dh);
				break;
			}
			free(dh);
			cds_strv_push(&parents, dir);
			up = cds_dirname(dir);
			free(dir);
			dir = up;
		}
		free(dir);
		while (parents.n > 0) {
			op_add(p, CDS_REPAIR_MKDIR, parents.v[parents.n - 1], NULL,
			    NULL, "F28");
			free(parents.v[--parents.n]);
			parents.v[parents.n] = NULL;
		}
		cds_strv_clear(&parents);
		op_add(p, CDS_REPAIR_WRITE, path, NULL, content, "F28");
	}
	free(cur);
	free(host);
	free(content);
}

/* The library dirs of the env's pip wheels: site-packages/nvidia/<x>/lib. */
static void
wheel_dirs(cds_handle_t *h, const struct cds_env *e, struct cds_strv *out)
{
	char *nv, *host, **subs, **q;

	if (e->site_packages == NULL) {
		return;
	}
	nv = cds_path_join(e->site_packages, "nvidia");
	host = cds_rpath(h, nv);
	subs = cds_listdir(host);
	for (q = subs; q != NULL && *q != NULL; q++) {
		char *d = cds_xasprintf("%s/%s/lib", nv, *q);

		if (!has_libs(h, d)) {
			free(d);
			continue;
		}
		if (strchr(d, ':') != NULL) {
			cds_log(h, CDS_LOG_WARNING, "%s: a ':' in a path "
			    "cannot go on LD_LIBRARY_PATH", d);
			free(d);
			continue;
		}
		cds_strv_push_owned(out, d);
	}
	cds_strfreev(subs);
	free(host);
	free(nv);
}

/* The env's activate.d and deactivate.d scripts, sh and fish. */
static void
plan_activation(cds_handle_t *h, struct cds_repair_plan *p)
{
	char *tag = env_tag(p->env_prefix);
	char *base = cds_path_join(p->env_prefix, "etc/conda");
	char *a = cds_xasprintf("%s/activate.d/cudnn-setup.sh", base);

	plan_write(h, p, a, script_sh_activate(p, tag));
	free(a);
	a = cds_xasprintf("%s/deactivate.d/cudnn-setup.sh", base);
	plan_write(h, p, a, script_sh_deactivate(p, tag));
	free(a);
	a = cds_xasprintf("%s/activate.d/cudnn-setup.fish", base);
	plan_write(h, p, a, script_fish_activate(p, tag));
	free(a);
	a = cds_xasprintf("%s/deactivate.d/cudnn-setup.fish", base);
	plan_write(h, p, a, script_fish_deactivate(p, tag));
	free(a);
	free(base);
	free(tag);
}

/* ------------------------------------------------------------------------ */
/* A plain venv: its own activate scripts                                   */
/* ------------------------------------------------------------------------ */

/*
 * A venv (python -m venv, virtualenv, uv, poetry) has no activate.d: a
 * person sources its bin/activate (bash, zsh, dash), activate.fish or
 * activate.csh, and each defines `deactivate`.  The repair adds two marked
 * blocks to each: one at the top of `deactivate`, which restores what the
 * other, at the end of the file, set.  The activate scripts call
 * `deactivate nondestructive` before anything else, so activating again,
 * or another venv over this one, starts from the shell as it was.  One tag
 * for every venv, as one venv is active at a time: the next venv's
 * `deactivate` restores what this one saved.
 */
#define VENV_BEGIN "# >>> cudnn-setup >>>"
#define VENV_END "# <<< cudnn-setup <<<"
#define VENV_TAG "VENV"

enum venv_shell {
	VENV_SH,
	VENV_FISH,
	VENV_CSH
};

/* Is the line at P (N bytes, no newline) exactly WORD? */
static int
line_is(const char *p, size_t n, const char *word)
{
	return n == strlen(word) && strncmp(p, word, n) == 0;
}

/* TEXT without the marked blocks (their marker lines included): what the
 * venv's script was before any repair.  NULL when a block has no end. */
static char *
venv_strip(const char *text)
{
	struct cds_buf b = {0};
	const char *p = text;
	int in = 0;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		size_t all = nl != NULL ? n + 1 : n;

		if (!in && line_is(p, n, VENV_BEGIN)) {
			in = 1;
		} else if (in && line_is(p, n, VENV_END)) {
			in = 0;
		} else if (!in) {
			cds_buf_add(&b, p, all);
		}
		p += all;
	}
	if (in) {
		cds_buf_free(&b);
		return NULL;
	}
	return cds_buf_steal(&b);
}

/* Skip blanks. */
static const char *
blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t')) {
		p++;
	}
	return p;
}

/*
 * Is the line [P, END) where SHELL's script defines `deactivate`?  sh:
 * `deactivate () {` (or `function deactivate {`); fish: `function
 * deactivate ...`; csh: `alias deactivate '...'`, *BODY the text between
 * its quotes (a pointer into the line, *NBODY bytes).
 */
static int
deactivate_line(enum venv_shell shell, const char *p, const char *end,
    const char **body, size_t *nbody)
{
	static const char word[] = "deactivate";
	size_t n = sizeof(word) - 1;

	p = blanks(p, end);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r')) {
		end--;
	}
	switch (shell) {
	case VENV_SH:
		if ((size_t)(end - p) > 9 && strncmp(p, "function ", 9) == 0) {
			p = blanks(p + 9, end);
		}
		if ((size_t)(end - p) < n || strncmp(p, word, n) != 0) {
			return 0;
		}
		p = blanks(p + n, end);
		if (end - p >= 2 && p[0] == '(' && p[1] == ')') {
			p = blanks(p + 2, end);
		}
		return end - p == 1 && *p == '{';
	case VENV_FISH:
		if ((size_t)(end - p) < 9 + n || strncmp(p, "function ", 9) !=
		    0) {
			return 0;
		}
		p = blanks(p + 9, end);
		return (size_t)(end - p) >= n && strncmp(p, word, n) == 0 &&
		    (p + n == end || p[n] == ' ' || p[n] == '\t');
	case VENV_CSH:
		if ((size_t)(end - p) < 6 || strncmp(p, "alias ", 6) != 0) {
			return 0;
		}
		p = blanks(p + 6, end);
		if ((size_t)(end - p) < n || strncmp(p, word, n) != 0) {
			return 0;
		}
		p = blanks(p + n, end);
		if (end - p < 2 || *p != '\'' || end[-1] != '\'') {
			return 0;
		}
		*body = p + 1;
		*nbody = (size_t)(end - p - 2);
		/* one quoted word: a quote inside ends it */
		return memchr(*body, '\'', *nbody) == NULL;
	}
	return 0;
}

/* Can VALUE go between csh's double quotes as it is? */
static int
csh_plain(const char *value)
{
	return value == NULL || strcspn(value, "\"$!`\\'\n") == strlen(value);
}

/* One variable's save-and-set of the csh activation. */
static void
csh_vars_activate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	cds_buf_addf(b,
	    "if (! $?_CUDNN_SETUP_%s_%s_DONE) then\n"
	    "\tsetenv _CUDNN_SETUP_%s_%s_DONE 1\n"
	    "\tif ($?%s) then\n"
	    "\t\tsetenv _CUDNN_SETUP_%s_%s \"$%s\"\n"
	    "\tendif\n"
	    "endif\n"
	    "setenv %s \"%s\"\n", tag, name, tag, name, name, tag, name, name,
	    name, value);
}

/* One variable's restore, a part of the one-line alias. */
static void
csh_vars_deactivate_one(struct cds_buf *b, const char *tag, const char *name,
    const char *value)
{
	(void)value;
	cds_buf_addf(b,
	    "test $?_CUDNN_SETUP_%s_%s_DONE != 0 && "
	    "test $?_CUDNN_SETUP_%s_%s != 0 && "
	    "setenv %s \"$_CUDNN_SETUP_%s_%s\"; "
	    "test $?_CUDNN_SETUP_%s_%s_DONE != 0 && "
	    "test $?_CUDNN_SETUP_%s_%s = 0 && unsetenv %s; "
	    "unsetenv _CUDNN_SETUP_%s_%s; unsetenv _CUDNN_SETUP_%s_%s_DONE; ",
	    tag, name, tag, name, name, tag, name, tag, name, tag, name, name,
	    tag, name, tag, name);
}

/*
 * The csh activation.  csh has no functions and splits no strings well:
 * the env's dirs go before (or after) the value saved at the first
 * activation, which is the value before it (`deactivate nondestructive`
 * restored it just before); an empty saved value adds no empty entry.
 */
static char *
csh_activate_code(const struct cds_repair_plan *p, const char *tag)
{
	char *dirs = join_dirs(p->libdirs), *vars, *both, *s;

	vars = vars_text(p, tag, csh_vars_activate_one);
	both = p->path_first ?
	    cds_xasprintf("$_CUDNN_SETUP_%s_LD:%s", tag, dirs) :
	    cds_xasprintf("%s:$_CUDNN_SETUP_%s_LD", dirs, tag);
	s = cds_xasprintf(
	    "if (! $?_CUDNN_SETUP_%s_ON) then\n"
	    "\tsetenv _CUDNN_SETUP_%s_ON 1\n"
	    "\tif ($?LD_LIBRARY_PATH) then\n"
	    "\t\tsetenv _CUDNN_SETUP_%s_LD \"$LD_LIBRARY_PATH\"\n"
	    "\tendif\n"
	    "endif\n"
	    "setenv LD_LIBRARY_PATH \"%s\"\n"
	    "if ($?_CUDNN_SETUP_%s_LD) then\n"
	    "\tif (\"$_CUDNN_SETUP_%s_LD\" != \"\") then\n"
	    "\t\tsetenv LD_LIBRARY_PATH \"%s\"\n"
	    "\tendif\n"
	    "endif\n%s", tag, tag, tag, dirs, tag, tag, both, vars);
	free(both);
	free(vars);
	free(dirs);
	return s;
}

/* The csh restore: `deactivate` again, with the restore first.  BODY is
 * the venv's own alias, N bytes. */
static char *
csh_deactivate_code(const struct cds_repair_plan *p, const char *tag,
    const char *body, size_t n)
{
	char *vars = vars_text(p, tag, csh_vars_deactivate_one), *s;

	s = cds_xasprintf("alias deactivate '"
	    "test $?_CUDNN_SETUP_%s_ON != 0 && "
	    "test $?_CUDNN_SETUP_%s_LD != 0 && "
	    "setenv LD_LIBRARY_PATH \"$_CUDNN_SETUP_%s_LD\"; "
	    "test $?_CUDNN_SETUP_%s_ON != 0 && "
	    "test $?_CUDNN_SETUP_%s_LD = 0 && unsetenv LD_LIBRARY_PATH; "
	    "unsetenv _CUDNN_SETUP_%s_LD; unsetenv _CUDNN_SETUP_%s_ON; "
	    "%s%.*s'\n", tag, tag, tag, tag, tag, tag, tag, vars, (int)n,
	    body);
	free(vars);
	return s;
}

/*
 * The venv script TEXT of SHELL, wired: the venv's own text (any earlier
 * blocks of ours taken out) with the restore at the top of `deactivate`
 * and the activation at the end.  NULL, *WHY saying why, when it cannot
 * be wired.
 */
static char *
venv_wire(const struct cds_repair_plan *p, enum venv_shell shell,
    const char *text, const char **why)
{
	char *base = venv_strip(text), *restore, *act;
	const char *line, *body = NULL;
	size_t nbody = 0, at = 0;
	struct cds_buf b = {0};

	if (base == NULL) {
		*why = "a block of cudnn-setup without its end line";
		return NULL;
	}
	for (line = base; *line != '\0'; ) {
		const char *nl = strchr(line, '\n');

		if (nl == NULL) {
			break;		/* a last line without its newline */
		}
		if (deactivate_line(shell, line, nl, &body, &nbody)) {
			at = (size_t)(nl + 1 - base);
			break;
		}
		line = nl + 1;
	}
	if (at == 0) {
		free(base);
		*why = shell == VENV_CSH ? "no one-line `alias deactivate`" :
		    "no `deactivate` function";
		return NULL;
	}
	switch (shell) {
	case VENV_SH:
		restore = sh_deactivate_code(p, VENV_TAG);
		act = sh_activate_code(p, VENV_TAG);
		break;
	case VENV_FISH:
		restore = fish_deactivate_code(p, VENV_TAG);
		act = fish_activate_code(p, VENV_TAG);
		break;
	default:
		restore = csh_deactivate_code(p, VENV_TAG, body, nbody);
		act = csh_activate_code(p, VENV_TAG);
		break;
	}
	cds_buf_add(&b, base, at);
	cds_buf_addf(&b, "%s\n"
	    "# Written by `cudnn-setup repair`: restores what its block at "
	    "the\n# end of this file set.  `cudnn-setup repair --undo` takes "
	    "both out.\n%s%s\n", VENV_BEGIN, restore, VENV_END);
	cds_buf_adds(&b, base + at);
	if (b.s[b.len - 1] != '\n') {
		cds_buf_add(&b, "\n", 1);
	}
	cds_buf_addf(&b, "%s\n"
	    "# Written by `cudnn-setup repair`: puts this venv's CUDA and "
	    "cuDNN\n# libraries on the loader's path; `deactivate` restores "
	    "the shell.\n"
	    "# Precedence: %s.\n%s%s\n", VENV_BEGIN, precedence(p), act,
	    VENV_END);
	free(restore);
	free(act);
	free(base);
	return cds_buf_steal(&b);
}

/* The venv's bin/activate, activate.fish and activate.csh, wired. */
static void
plan_venv_activation(cds_handle_t *h, struct cds_repair_plan *p)
{
	static const struct {
		const char *file;
		enum venv_shell shell;
	} scripts[] = {
		{ "bin/activate", VENV_SH },
		{ "bin/activate.fish", VENV_FISH },
		{ "bin/activate.csh", VENV_CSH }
	};
	size_t i, k, wired = 0;

	for (i = 0; i < sizeof(scripts) / sizeof(scripts[0]); i++) {
		char *path = cds_path_join(p->env_prefix, scripts[i].file);
		char *host = cds_rpath(h, path), *text, *wire;
		const char *why = NULL;
		size_t len;

		text = cds_read_file(host, 1u << 20, &len);
		free(host);
		if (text == NULL) {
			if (errno != ENOENT) {
				cds_log(h, CDS_LOG_WARNING, "%s: %s; not wired",
				    path, strerror(errno));
			}
			free(path);
			continue;
		}
		if (memchr(text, '\0', len) != NULL) {
			why = "not a text file";
		} else if (scripts[i].shell == VENV_CSH) {
			const char *v[2] = { p->cuda_home, p->cudnn_path };

			for (k = 0; p->libdirs[k] != NULL; k++) {
				if (!csh_plain(p->libdirs[k])) {
					why = "a path csh cannot quote";
				}
			}
			for (k = 0; k < 2; k++) {
				if (!csh_plain(v[k])) {
					why = "a path csh cannot quote";
				}
			}
		}
		wire = why == NULL ? venv_wire(p, scripts[i].shell, text,
		    &why) : NULL;
		free(text);
		if (wire == NULL) {
			cds_log(h, CDS_LOG_WARNING, "%s: %s; not wired", path,
			    why);
			free(path);
			continue;
		}
		plan_write(h, p, path, wire);
		free(path);
		wired++;
	}
	if (wired == 0) {
		cds_log(h, CDS_LOG_WARNING, "%s: no bin/activate, "
		    "activate.fish or activate.csh with a `deactivate` to "
		    "wire; the venv's activation is left as it is",
		    p->env_prefix);
	}
}

/*
 * Plan an install of REQ into the prefix and wire it in: the installed
 * trees' lib/ dirs go into DIRS (activation, or for the system the
 * loader's configuration), CUDA_HOME and CUDNN_PATH point at them.
 * FINDING is the finding the install answers, or NULL when the person
 * asked for it.
 */
static int
plan_install(cds_handle_t *h, struct cds_repair_plan *p,
    const struct cds_plan_request *req, const char *finding,
    struct cds_strv *dirs)
{
	size_t k;

	if ((p->install = cds_plan_build(h, req)) == NULL) {
		return -1;	/* set by cds_plan_build() */
	}
	for (k = 0; k < p->install->nitems; k++) {
		const struct cds_plan_item *it = &p->install->items[k];
		char *lib = cds_path_join(it->dir, "lib");

		if (!cds_strv_contains(dirs, lib)) {
			cds_strv_push(dirs, lib);
		}
		free(lib);
		if (it->kind == CDS_KIND_CUDA) {
			free(p->cuda_home);
			p->cuda_home = cds_xstrdup(it->dir);
		} else {
			free(p->cudnn_path);
			p->cudnn_path = cds_xstrdup(it->dir);
		}
		if (it->state == CDS_ITEM_NEW) {
			op_add(p, CDS_REPAIR_INSTALL, it->dir, it->name, NULL,
			    finding);
		}
	}
	return 0;
}

/* The manifest's framework row for a package of the env, or NULL. */
static const struct cds_framework_req *
framework_row(const struct cds_manifest *m, const struct cds_package *pkg)
{
	size_t k;

	if (pkg->kind == CDS_FW_OTHER) {
		return NULL;
	}
	for (k = 0; k < m->nframeworks; k++) {
		if (cds_framework_matches(&m->frameworks[k], pkg->name,
		    pkg->version)) {
			return &m->frameworks[k];
		}
	}
	return NULL;
}

static int findable(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *name);

/*
 * What the person asked to install (`install --env`, `repair --cudnn`).  A
 * request that names nothing takes what the first framework of PKGS known
 * to the manifest needs (pip packages before conda ones).
 */
static int
plan_requested(struct cds_rule_ctx *c, struct cds_repair_plan *p,
    const struct cds_env *e, const struct cds_plan_request *want,
    const char *runtime, struct cds_strv *dirs)
{
	const struct cds_package *pkgs = e != NULL ? e->packages :
	    c->s->system_packages;
	size_t npkgs = e != NULL ? e->npackages : c->s->nsystem_packages;
	struct cds_plan_request req = *want;
	cds_handle_t *h = c->h;
	const struct cds_manifest *m;
	char lt[32];
	size_t i;
	int pass;

	if (req.cudnn != NULL && req.cuda == NULL && req.forpkg == NULL &&
	    runtime != NULL) {
		/* a cuDNN asked for where a CUDA is: built for that CUDA,
		 * alone when its cuBLAS is there too */
		snprintf(lt, sizeof(lt), "libcublasLt.so.%d", atoi(runtime));
		if (findable(c, e, lt)) {
			req.cuda = "none";
			req.with_cuda = runtime;
		}
	}
	if (req.cuda != NULL || req.cudnn != NULL || req.forpkg != NULL) {
		if (req.forpkg != NULL) {
			p->install_for = cds_xstrdup(req.forpkg);
		}
		return plan_install(h, p, &req, NULL, dirs);
	}
	if ((m = cds_manifest_load(h)) == NULL) {
		return -1;	/* set by cds_manifest_load() */
	}
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < npkgs; i++) {
			const struct cds_package *pkg = &pkgs[i];

			if (pkg->from_conda != pass ||
			    framework_row(m, pkg) == NULL) {
				continue;
			}
			p->install_for = cds_xasprintf("%s==%s", pkg->name,
			    pkg->version);
			req.forpkg = p->install_for;
			return plan_install(h, p, &req, NULL, dirs);
		}
	}
	return cds_seterr_why(h, CDS_ERR_USAGE, CDS_REASON_NO_TARGET,
	    CDS_ERRNAMES({ CDS_ERRARG_PATH, p->env_prefix }), "%s: no "
	    "framework the manifest knows is here; name what to install (a "
	    "CUDA, a cuDNN or a framework's PACKAGE==VERSION)",
	    p->env_prefix);
}

/* "12.4" of "12.4.127" or "12.4"; NULL when V has no minor. */
static char *
cuda_line(const char *v)
{
	char **f;
	char *r = NULL;

	if (v == NULL || !isdigit((unsigned char)*v)) {
		return NULL;
	}
	f = cds_strsplit(v, ".", 0);
	if (cds_strv_len(f) >= 2) {
		r = cds_xasprintf("%s.%s", f[0], f[1]);
	}
	cds_strfreev(f);
	return r;
}

/* Can the consumers of env E (NULL: the system) find library NAME: on the
 * loader's path, or installed where activation would put it? */
static int
findable(struct cds_rule_ctx *c, const struct cds_env *e, const char *name)
{
	struct cds_ld_found *f = cds_loader_find(c->h, name, NULL, 0);
	char *where;
	int ok = f != NULL && f->path != NULL;

	cds_ld_found_free(f);
	cds_clearerr(c->h);
	if (!ok && e != NULL && (where = cds_find_anywhere(c, e, name)) !=
	    NULL) {
		ok = 1;
		free(where);
	}
	return ok;
}

/*
 * The install for the libraries nothing provides: the CUDA release of the
 * build the consumers were made for when CUDA libraries are missing, and
 * a cuDNN of the major they name built for that CUDA.  The build comes
 * from what is installed: the framework's own version.py or wheel pins,
 * else the CUDA runtime the consumers bind (its file name), else the
 * release that ships the missing soname.  A cuDNN alone when the CUDA it
 * needs (its cuBLAS) is there: never a lone cuBLAS of another release.
 */
static int
plan_needed(struct cds_rule_ctx *c, struct cds_repair_plan *p,
    const struct cds_miss *const *need, size_t n, struct cds_strv *dirs)
{
	const struct cds_miss *cuda = NULL, *dnn = NULL, *who = NULL;
	struct cds_plan_request req = {0};
	char *line = NULL, major[16], lt[32];
	int r;
	size_t i;

	for (i = 0; i < n; i++) {
		if (cds_startswith(need[i]->soname, "libcudnn")) {
			dnn = dnn != NULL ? dnn : need[i];
		} else if (cds_is_cuda_soname(need[i]->soname) &&
		    cds_soname_release(c, need[i]->soname) != NULL) {
			cuda = cuda != NULL ? cuda : need[i];
		}
		if (who == NULL && need[i]->package != NULL) {
			who = need[i];
		}
	}
	if (cuda == NULL && dnn == NULL) {
		return 0;
	}
	if (who != NULL) {
		p->install_for = cds_xasprintf("%s==%s", who->package->name,
		    who->package->version);
		line = cuda_line(who->package->cuda);
	}
	if (line == NULL) {
		line = cuda_line((cuda != NULL ? cuda : dnn)->runtime);
	}
	if (line == NULL && cuda != NULL) {
		line = cuda_line(cds_soname_release(c, cuda->soname));
	}
	if (dnn != NULL) {
		snprintf(major, sizeof(major), "%d", cds_miss_major(dnn));
		req.cudnn = major;
	} else {
		req.cudnn = "none";
	}
	if (cuda == NULL && line != NULL) {
		/* the CUDA is here: is its cuBLAS, which cuDNN needs? */
		snprintf(lt, sizeof(lt), "libcublasLt.so.%d", atoi(line));
		if (findable(c, dnn->env, lt)) {
			req.cuda = "none";
			req.with_cuda = line;
		}
	}
	if (req.cuda == NULL) {
		req.cuda = line != NULL ? line : NULL;
	}
	r = plan_install(c->h, p, &req, "F13", dirs);
	free(line);
	return r;
}

/* Where library NAME is installed for env E (NULL: the system) off the
 * loader's path: the places doctor knows (cds_find_anywhere), then the
 * releases of the prefix (an earlier repair's installs).  A new target
 * path, or NULL. */
static char *
find_installed(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *name)
{
	char *r = cds_find_anywhere(c, e, name), *pat, **m;
	size_t n;

	if (r != NULL) {
		return r;
	}
	pat = cds_xasprintf("%s/%s-*/lib/%s", cds_prefix(c->h),
	    cds_startswith(name, "libcudnn") ? "cudnn" : "cuda", name);
	m = cds_root_glob(c->h, pat);
	/* the newest release: the glob is sorted */
	if ((n = cds_strv_len(m)) > 0) {
		r = cds_xstrdup(m[n - 1]);
	}
	cds_strfreev(m);
	free(pat);
	return r;
}

/* A library dir of a release in the prefix: activation sets CUDA_HOME or
 * CUDNN_PATH to it, as when the release was installed for the env. */
static void
wire_release(cds_handle_t *h, struct cds_repair_plan *p, const char *dir)
{
	char *tree = cds_dirname(dir), *up = cds_dirname(tree);
	const char *name = cds_basename(tree);

	if (strcmp(up, cds_prefix(h)) == 0 && strcmp(cds_basename(dir),
	    "lib") == 0) {
		if (cds_startswith(name, "cudnn-") && p->cudnn_path == NULL) {
			p->cudnn_path = cds_xstrdup(tree);
		} else if (cds_startswith(name, "cuda-") &&
		    p->cuda_home == NULL) {
			p->cuda_home = cds_xstrdup(tree);
		}
	}
	free(up);
	free(tree);
}

/* Is ENV the system's Python rather than an env? */
static int
names_system(const char *env)
{
	static const char *const sys[] = { "/", "/usr", "/usr/", "/usr/local",
		"/usr/local/", NULL };
	const char *const *s;

	for (s = sys; *s != NULL; s++) {
		if (strcmp(env, *s) == 0) {
			return 1;
		}
	}
	return 0;
}

/* The ld.so.conf.d file a repair of the system writes for DIR. */
static char *
conf_path(const char *dir)
{
	char *d = cds_xstrdup(dir), *slash;
	const char *name;
	char *r;

	/* /opt/nvidia/cudnn-9.22.0.52-cuda12/lib: named for the release */
	if ((slash = strrchr(d, '/')) != NULL && strcmp(slash, "/lib") == 0 &&
	    slash != d) {
		*slash = '\0';
	}
	name = cds_basename(d);
	r = cds_xasprintf("/etc/ld.so.conf.d/cudnn-setup-%s.conf", name);
	free(d);
	return r;
}

/*
 * What the consumers of env E (NULL: the system's Python) miss, and what
 * mends it: a library installed elsewhere goes into DIRS (the path), one
 * a dpkg package should provide is a step for that package manager (unless
 * the person asked for an install: REQ), the rest is installed.  *USERS
 * gets how many consumers were seen, *RUNTIME the CUDA line ("12.4") of
 * the runtime they bind (new string, or NULL).
 */
static int
plan_consumers(struct cds_rule_ctx *c, struct cds_repair_plan *p,
    const struct cds_env *e, const struct cds_plan_request *req,
    struct cds_strv *dirs, size_t *users, char **runtime)
{
	struct cds_misses *m = cds_consumers_check(c, e, e != NULL ?
	    CDS_CONSUMERS_ENVS : CDS_CONSUMERS_SYSTEM, NULL);
	const struct cds_miss **need = cds_xcalloc(m->n + 1, sizeof(*need));
	size_t i, n = 0;
	int r = 0;

	*users = m->nusers;
	*runtime = cuda_line(m->runtime);
	for (i = 0; i < m->n; i++) {
		const struct cds_miss *x = &m->v[i];
		const struct cds_dpkg *owner;
		struct cds_aptfix *a;
		char *where, *path;

		if (cds_startswith(x->soname, "libcuda.so")) {
			continue;	/* the driver: a person installs it */
		}
		if ((where = find_installed(c, e, x->soname)) != NULL) {
			char *dir = cds_dirname(where);

			if (!cds_strv_contains(dirs, dir)) {
				cds_strv_push(dirs, dir);
			}
			wire_release(c->h, p, dir);
			free(dir);
			free(where);
			continue;
		}
		owner = req == NULL ? cds_miss_owner(c, x, &path) : NULL;
		if (owner != NULL) {
			char *cmd = cds_dpkg_fix_command(owner);
			char *label = cds_dpkg_label(owner);

			op_add(p, CDS_REPAIR_PACKAGE, path != NULL ? path :
			    x->soname, label, cmd, "F13");
			free(label);
			free(cmd);
			free(path);
			continue;
		}
		if (req == NULL && e == NULL && (a = cds_aptfix_for(c,
		    x->soname, x->consumers)) != NULL) {
			op_add(p, CDS_REPAIR_PACKAGE, x->soname, a->package,
			    a->command, "F13");
			cds_aptfix_free(a);
			continue;
		}
		need[n++] = x;
	}
	if (req == NULL && n > 0) {
		r = plan_needed(c, p, need, n, dirs);
	}
	free(need);
	cds_misses_free(m);
	return r;
}

/* The system's Python: ld.so.conf.d files for DIRS and the cache. */
static void
plan_system_path(cds_handle_t *h, struct cds_repair_plan *p,
    char *const *dirs)
{
	size_t i;

	for (i = 0; dirs[i] != NULL; i++) {
		char *conf = conf_path(dirs[i]);

		plan_write(h, p, conf, cds_xasprintf("# written by `cudnn-setup "
		    "repair` for the system's Python; `cudnn-setup repair "
		    "--undo` removes it\n%s\n", dirs[i]));
		free(conf);
	}
	if (p->nops > 0 && dirs[0] != NULL) {
		op_add(p, CDS_REPAIR_LDCONFIG, "/etc/ld.so.cache", NULL, NULL,
		    "F13");
	}
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the entries of DIRS that are release dirs of the prefix among
 * themselves, in their places. */
static void
qsort_prefix_dirs(const cds_handle_t *h, struct cds_strv *dirs)
{
	size_t n = strlen(cds_prefix(h)), i, k = 0;
	char **v = cds_xcalloc(dirs->n + 1, sizeof(char *));
	size_t *at = cds_xcalloc(dirs->n + 1, sizeof(size_t));

	for (i = 0; i < dirs->n; i++) {
		if (strncmp(dirs->v[i], cds_prefix(h), n) == 0 &&
		    dirs->v[i][n] == '/') {
			at[k] = i;
			v[k++] = dirs->v[i];
		}
	}
	qsort(v, k, sizeof(char *), cmp_str);
	for (i = 0; i < k; i++) {
		dirs->v[at[i]] = v[i];
	}
	free(at);
	free(v);
}

/* Is the install prefix inside the env (an env's own tree is no place for
 * releases every env shares)? */
static int
prefix_inside(const cds_handle_t *h, const char *env)
{
	const char *pre = cds_prefix(h);
	size_t n = strlen(env);

	return strncmp(pre, env, n) == 0 && (pre[n] == '/' || pre[n] == '\0');
}

/*
 * The env's library directories in their order: DIRS (what consumers
 * need) with WHEELS (the env's NVIDIA wheels, whose links P makes).
 */
static void
order_libdirs(cds_handle_t *h, struct cds_repair_plan *p,
    struct cds_strv *dirs, const struct cds_strv *wheels, size_t users)
{
	size_t i;

	/*
	 * The wheels go on the path when something needs them there: a
	 * library found elsewhere or installed, or no consumer at all (the
	 * wheels are for programs that load them by name).  Consumers that
	 * find everything through their RUNPATH need nothing.
	 */
	if (wheels->n > 0 && (dirs->n > 0 || users == 0)) {
		struct cds_strv all = {0};

		for (i = 0; i < wheels->n; i++) {
			plan_links(h, p, wheels->v[i], NULL);
			cds_strv_push(&all, wheels->v[i]);
		}
		for (i = 0; i < dirs->n; i++) {
			if (!cds_strv_contains(&all, dirs->v[i])) {
				cds_strv_push(&all, dirs->v[i]);
			}
		}
		cds_strv_clear(dirs);
		*dirs = all;
	}
	/* the prefix's releases in one order (CUDA, then cuDNN), whichever
	 * was found first: a second repair writes the same scripts */
	qsort_prefix_dirs(h, dirs);
	/* the cuDNN wheel first: it is what shadowing breaks (F1, F9) */
	for (i = 1; i < dirs->n; i++) {
		if (strstr(dirs->v[i], "/nvidia/cudnn/lib") != NULL) {
			char *t = dirs->v[i];

			memmove(&dirs->v[1], &dirs->v[0], i * sizeof(char *));
			dirs->v[0] = t;
		}
	}
}

struct cds_repair_plan *
cds_repair_plan_build(cds_handle_t *h, const char *env, unsigned flags,
    const struct cds_plan_request *req)
{
	struct cds_repair_plan *p;
	const struct cds_env *e = NULL;
	struct cds_strv dirs = {0}, wheels = {0};
	struct cds_rule_ctx c;
	struct cds_findings scratch = {0};
	struct cds_scan *s;
	char *runtime = NULL;
	size_t users = 0;
	int sys;

	if (env == NULL) {
		env = cds_getenv(h, "CONDA_PREFIX");
	}
	sys = env == NULL || *env == '\0' || names_system(env);
	if ((s = cds_scan_run(h, sys ? NULL : env, 0)) == NULL) {
		return NULL;	/* error set by cds_scan_run */
	}
	p = cds_xcalloc(1, sizeof(*p));
	p->path_first = (flags & CDS_REPAIR_PATH_FIRST) != 0;
	if (sys) {
		p->system = 1;
		p->env_name = cds_xstrdup("system");
		p->env_prefix = cds_xstrdup("/");
	} else {
		e = &s->envs[0];
		p->env_name = cds_xstrdup(e->name);
		p->env_prefix = cds_xstrdup(e->prefix);
		p->venv = e->is_venv;
		if (!e->is_conda && !e->is_venv) {
			cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: neither a conda "
			    "env (no conda-meta/) nor a Python venv (no "
			    "pyvenv.cfg): nothing to wire its activation "
			    "into", e->prefix);
			goto fail;
		}
		if (prefix_inside(h, e->prefix)) {
			cds_seterr(h, CDS_ERR_USAGE, "the install prefix %s is "
			    "inside the env %s: releases are shared by every "
			    "env; install them elsewhere (the default prefix)",
			    cds_prefix(h), e->prefix);
			goto fail;
		}
	}
	p->before = cds_findings_run(h, s);
	c.h = h;
	c.s = s;
	c.m = cds_manifest_load(h);
	c.out = &scratch;
	if (c.m == NULL) {
		goto fail;	/* set by cds_manifest_load() */
	}
	if (e != NULL) {
		wheel_dirs(h, e, &wheels);
	}
	if (plan_consumers(&c, p, e, req, &dirs, &users, &runtime) == -1 ||
	    (req != NULL && plan_requested(&c, p, e, req, runtime, &dirs) ==
	    -1)) {
		goto fail;
	}
	if (e != NULL && (dirs.n > 0 || users == 0)) {
		/* conda packages: CUDA and cuDNN libraries in <env>/lib,
		 * when something loads them by name */
		char *lib = cds_path_join(e->prefix, "lib");

		plan_links(h, p, lib, cuda_lib_prefixes);
		free(lib);
	}
	order_libdirs(h, p, &dirs, &wheels, users);
	p->libdirs = cds_strv_steal(&dirs);
	if (sys) {
		plan_system_path(h, p, p->libdirs);
	} else if (p->libdirs[0] != NULL && p->venv) {
		plan_venv_activation(h, p);
	} else if (p->libdirs[0] != NULL) {
		plan_activation(h, p);
	}
	cds_strv_clear(&wheels);
	free(scratch.items);
	free(runtime);
	cds_scan_free(s);
	return p;
fail:
	free(runtime);
	cds_strv_clear(&wheels);
	cds_strv_clear(&dirs);
	free(scratch.items);
	cds_scan_free(s);
	cds_repair_plan_free(p);
	return NULL;
}

/* ------------------------------------------------------------------------ */
/* The undo record                                                           */
/* ------------------------------------------------------------------------ */

/*
 * A repair holds the env's lock (a flock on the env's directory) from its
 * recovery to its last step, and writes its record ahead (journal.h): a
 * step is in the journal, synced, before it is taken, and every step can
 * be taken back whether it happened, half happened or not at all.  A link
 * is made by symlink(); a file is replaced by rename() of a temporary
 * beside it, after the original was linked (or copied) into files/; a
 * directory is made by mkdir().  The record itself appears by rename():
 * made under a temporary name with its first line inside, and goes the
 * same way.  After a kill the next run takes back the repair cut short,
 * or finishes the undo cut short (recover()).
 */
struct record {
	char *envhost;		/* the env's directory, resolved */
	char *udir;		/* its record, envhost/CDS_UNDO_DIR */
	char *journal;
	char *files;
	struct cds_undo_log log;
	struct cds_lock lock;
};

/* Host path HOST with its directories resolved (the longest part that
 * exists, through realpath()), its last component as written. */
static char *
resolve_entry(const char *host)
{
	char *dir = cds_dirname(host), *tail = cds_xstrdup(cds_basename(host));
	char *real, *r;

	while ((real = realpath(dir, NULL)) == NULL && errno == ENOENT &&
	    strcmp(dir, "/") != 0 && strcmp(dir, ".") != 0) {
		char *up = cds_dirname(dir), *t;

		t = cds_path_join(cds_basename(dir), tail);
		free(tail);
		tail = t;
		free(dir);
		dir = up;
	}
	r = cds_path_join(real != NULL ? real : dir, tail);
	free(real);
	free(tail);
	free(dir);
	return r;
}

/* Where op path PATH (a target path) is on this host, checked to be inside
 * the env; NULL with CDS_ERR_BAD_INPUT, nothing changed. */
static char *
entry_host(cds_handle_t *h, const struct record *r, const char *path)
{
	char *host = cds_rpath(h, path), *res = resolve_entry(host);

	free(host);
	if (!cds_path_within(r->envhost, res)) {
		char *shown = cds_printable(path, 200);

		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not inside the env %s; "
		    "nothing was changed", shown, r->envhost);
		free(shown);
		free(res);
		return NULL;
	}
	return res;
}

/* "etc/x" of HOST inside the env. */
static const char *
env_rel(const struct record *r, const char *host)
{
	size_t n = strlen(r->envhost);

	return host + n + (r->envhost[n - 1] != '/');
}

/* Append object O (taken) to journal PATH, synced. */
static int
journal_line(cds_handle_t *h, const char *path, json_t *o)
{
	char *text = o != NULL ? json_dumps(o, JSON_COMPACT |
	    JSON_PRESERVE_ORDER) : NULL;
	char *line;
	int ret;

	json_decref(o);
	if (text == NULL) {
		return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a name that is "
		    "not UTF-8 cannot be journalled; nothing more was "
		    "changed", path);
	}
	line = cds_xasprintf("%s\n", text);
	ret = cds_journal_append(h, path, line);
	free(line);
	free(text);
	return ret;
}

/* The same into the record's journal. */
static int
journal_put(cds_handle_t *h, struct record *r, json_t *o)
{
	if (journal_line(h, r->journal, o) == -1) {
		return -1;
	}
	r->log.nlines++;
	return 0;
}

/* A marker for generation G: "done", "undo" or "undone". */
static int
journal_mark(cds_handle_t *h, struct record *r, const char *what, int g)
{
	if (journal_put(h, r, json_pack("{s:i}", what, g + 1)) == -1) {
		return -1;
	}
	r->log.gens[g].state = strcmp(what, "done") == 0 ? CDS_UNDO_DONE :
	    strcmp(what, "undo") == 0 ? CDS_UNDO_UNDOING : CDS_UNDO_UNDONE;
	return 0;
}

/* The step ST (taken: the record owns it) into the journal before it is
 * taken, in generation *G (-1: a new one). */
static int
journal_step(cds_handle_t *h, struct record *r, struct cds_undo_step *st,
    int *g)
{
	static const char *const words[] = { NULL, "mkdir", "symlink",
		"relink", "write", "ldconfig" };
	json_t *o = json_pack("{s:s}", "op", words[st->op]);
	struct cds_undo_log *log = &r->log;
	int ok = 1;

	if (st->path != NULL) {
		json_t *v = json_string(env_rel(r, st->path));

		ok &= v != NULL;
		json_object_set_new(o, "path", v != NULL ? v : json_null());
	}
	if (st->target != NULL) {
		json_t *v = json_string(st->target);

		ok &= v != NULL;
		json_object_set_new(o, "target", v != NULL ? v : json_null());
	}
	if (st->backup != NULL) {
		json_object_set_new(o, "backup", json_string(st->backup +
		    strlen(r->udir) + 1));
	}
	if (!ok) {
		json_decref(o);
		o = NULL;
	}
	if (journal_put(h, r, o) == -1) {
		return -1;
	}
	if (*g == -1) {
		log->gens = cds_xreallocarray(log->gens, log->ngens + 1,
		    sizeof(*log->gens));
		log->gens[log->ngens].first = log->nsteps;
		log->gens[log->ngens].n = 0;
		log->gens[log->ngens].state = CDS_UNDO_OPEN;
		*g = (int)log->ngens++;
	}
	log->steps = cds_xreallocarray(log->steps, log->nsteps + 1,
	    sizeof(*log->steps));
	log->steps[log->nsteps++] = *st;
	log->gens[*g].n++;
	memset(st, 0, sizeof(*st));
	return 0;
}

/* Remove the temporaries of an interrupted replacement of PATH (the
 * names cds_write_file_atomic() and cds_link_set() use beside it). */
static void
drop_tmps(cds_handle_t *h, const char *path)
{
	char *dir = cds_dirname(path);
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p;

		if (!cds_is_tmp_of(names[i], cds_basename(path))) {
			continue;
		}
		p = cds_path_join(dir, names[i]);
		if (!cds_is_dir(p) && unlink(p) == 0) {
			cds_cleaned(h, names[i], p);
		}
		free(p);
	}
	cds_strfreev(names);
	free(dir);
}

/* Is DIR (a host path) a directory with nothing in it, or absent? */
static int
empty_or_absent(const char *dir)
{
	char **names = cds_listdir(dir);
	int empty = names == NULL ? errno == ENOENT : names[0] == NULL;

	cds_strfreev(names);
	return empty;
}

/*
 * Is TMP (".cds-tmp-PID-NAME", where the record or a directory above it
 * goes) what an interrupted making or removal of the record left: REST the
 * way from it down to the record, each directory on the way holding the
 * next and nothing else (or nothing: made that far), the record holding at
 * most its journal and an empty files/?  *UDIR gets where the record is in
 * it (it may not exist).
 */
static int
staged_record(const char *tmp, const char *rest, char **udir)
{
	char **parts = cds_strsplit(rest, "/", 0), **names;
	char *d = cds_xstrdup(tmp), *files;
	size_t i;
	int ok = !cds_is_link(tmp) && cds_is_dir(tmp), end = 0;

	for (i = 0; ok && !end && parts[i] != NULL; i++) {
		char *next = cds_path_join(d, parts[i]);

		names = cds_listdir(d);
		end = names != NULL && names[0] == NULL;
		ok = names != NULL && (end || (cds_strv_len(names) == 1 &&
		    strcmp(names[0], parts[i]) == 0 && !cds_is_link(next)));
		cds_strfreev(names);
		free(d);
		d = next;
	}
	cds_strfreev(parts);
	names = ok && !end ? cds_listdir(d) : NULL;
	files = cds_path_join(d, "files");
	for (i = 0; names != NULL && names[i] != NULL; i++) {
		ok &= strcmp(names[i], "journal") == 0 ||
		    (strcmp(names[i], "files") == 0 && !cds_is_link(files) &&
		    empty_or_absent(files));
	}
	cds_strfreev(names);
	free(files);
	if (!ok) {
		free(d);
		return 0;
	}
	*udir = d;
	return 1;
}

/* rmdir each of DIRS, innermost first, where empty. */
static void
rmdir_made(char *const *dirs)
{
	size_t i = cds_strv_len(dirs);

	while (i-- > 0) {
		rmdir(dirs[i]);
	}
}

/* In DIR, the ".cds-tmp-PID-NAME" records (REST below them) of ours. */
static void
drop_staged_in(cds_handle_t *h, const struct record *r, const char *dir,
    const char *name, const char *rest)
{
	char **names = cds_listdir(dir);
	size_t k;

	for (k = 0; names != NULL && names[k] != NULL; k++) {
		char *tmp, *udir;
		struct cds_undo_log log;

		if (!cds_startswith(names[k], ".cds-tmp-") ||
		    !cds_is_tmp_of(names[k], name)) {
			continue;
		}
		tmp = cds_path_join(dir, names[k]);
		if (!staged_record(tmp, rest, &udir)) {
			cds_log(h, CDS_LOG_WARNING, "%s: not a record of ours; "
			    "left alone", tmp);
			free(tmp);
			continue;
		}
		if (cds_undo_log_read(h, r->envhost, udir, &log) == -1) {
			cds_log(h, CDS_LOG_WARNING, "%s; left alone",
			    cds_errdetail(h));
			cds_clearerr(h);
		} else {
			/* a removal: the directories made for the record
			 * (empty now); a making: they are inside TMP */
			rmdir_made(log.made);
			if (cds_rm_rf(tmp) == 0) {
				cds_cleaned(h, names[k], tmp);
			}
		}
		cds_undo_log_clear(&log);
		free(udir);
		free(tmp);
	}
	cds_strfreev(names);
}

/*
 * The temporaries an interrupted making or removal of the record left: a
 * record is made as ".cds-tmp-PID-NAME" beside the outermost directory it
 * needs (NAME that directory), and removed by a rename to
 * ".cds-tmp-PID-undo" beside the outermost directory made for it.  Such a
 * directory holding a record and nothing else goes, with the directories
 * its journal says were made for the record (when empty).
 */
static void
drop_staged(cds_handle_t *h, const struct record *r)
{
	char **parts = cds_strsplit(CDS_UNDO_DIR, "/", 0);
	const char *name = cds_basename(r->udir);
	char *dir = cds_xstrdup(r->envhost);
	size_t i, k;

	for (i = 0; parts[i] != NULL && cds_is_dir(dir) && !cds_is_link(dir);
	    i++) {
		struct cds_buf rest = {0};
		char *next;

		for (k = i + 1; parts[k] != NULL; k++) {
			cds_buf_addf(&rest, "%s%s", rest.len > 0 ? "/" : "",
			    parts[k]);
		}
		cds_buf_add(&rest, "", 0);
		drop_staged_in(h, r, dir, parts[i], rest.s);
		if (strcmp(parts[i], name) != 0) {
			drop_staged_in(h, r, dir, name, "");
		}
		cds_buf_free(&rest);
		next = cds_path_join(dir, parts[i]);
		free(dir);
		dir = next;
	}
	free(dir);
	cds_strfreev(parts);
}

static void
record_close(struct record *r)
{
	cds_lock_release(&r->lock);
	cds_undo_log_clear(&r->log);
	free(r->envhost);
	free(r->udir);
	free(r->journal);
	free(r->files);
	memset(r, 0, sizeof(*r));
	r->lock.fd = -1;
}

/* Lock the env at target path PREFIX and read its record (checked). */
static int
record_open(cds_handle_t *h, const char *prefix, int wait, struct record *r)
{
	char *legacy;

	memset(r, 0, sizeof(*r));
	r->lock.fd = -1;
	r->envhost = cds_undo_env_host(h, prefix);
	r->udir = cds_path_join(r->envhost, CDS_UNDO_DIR);
	r->journal = cds_path_join(r->udir, "journal");
	r->files = cds_path_join(r->udir, "files");
	if (!cds_path_within(r->envhost, r->udir)) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not inside the env %s "
		    "(a link on the way); nothing was changed", r->udir,
		    r->envhost);
		goto fail;
	}
	if (cds_lock_dir(h, r->envhost, wait, &r->lock) == -1) {
		goto fail;	/* set by cds_lock_dir() */
	}
	legacy = cds_path_join(r->udir, "journal.json");
	if (cds_exists(legacy)) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: the record of an earlier "
		    "version, which this one does not read; nothing was "
		    "changed (move %s away to go on)", legacy, r->udir);
		free(legacy);
		goto fail;
	}
	free(legacy);
	drop_staged(h, r);
	if (cds_undo_log_read(h, r->envhost, r->udir, &r->log) == -1) {
		goto fail;	/* set by cds_undo_log_read() */
	}
	return 0;
fail:
	record_close(r);
	return -1;
}

/*
 * Make the record, holding only its first line, when there is none: under
 * a temporary name beside the outermost directory it needs, then renamed
 * into place, so that it appears whole or not at all.
 */
static int
record_create(cds_handle_t *h, struct record *r)
{
	struct cds_strv missing = {0};
	json_t *made;
	char *d, *up, *tmp, *inner, *files, *journal;
	size_t i;
	int ret = -1;

	if (r->log.nlines > 0) {
		return 0;
	}
	for (d = cds_xstrdup(r->udir); strcmp(d, r->envhost) != 0 &&
	    !cds_exists(d); ) {
		char *next = cds_dirname(d);

		cds_strv_push_owned(&missing, d);
		d = next;
	}
	free(d);
	if (missing.n == 0) {
		cds_strv_clear(&missing);
		return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a record without "
		    "its journal; nothing was changed (move it away to go on)",
		    r->udir);
	}
	/* outermost first */
	for (i = 0; i < missing.n / 2; i++) {
		char *t = missing.v[i];

		missing.v[i] = missing.v[missing.n - 1 - i];
		missing.v[missing.n - 1 - i] = t;
	}
	made = json_array();
	for (i = 0; i + 1 < missing.n; i++) {
		json_array_append_new(made, json_string(env_rel(r,
		    missing.v[i])));
	}
	up = cds_dirname(missing.v[0]);
	tmp = cds_xasprintf("%s/.cds-tmp-%ld-%s", up, (long)getpid(),
	    cds_basename(missing.v[0]));
	inner = cds_xasprintf("%s%s", tmp, r->udir + strlen(missing.v[0]));
	files = cds_path_join(inner, "files");
	journal = cds_path_join(inner, "journal");
	cds_rm_rf(tmp);
	if (cds_mkdir_p(files, 0755) == -1) {
		cds_seterr(h, cds_errno_code(errno), "%s: %s; nothing was "
		    "changed", files, strerror(errno));
		json_decref(made);
		goto fail;
	}
	if (journal_line(h, journal, json_pack("{s:i, s:o}",
	    "cudnn-setup-repair", 1, "made", made)) == -1) {
		goto fail;	/* set by cds_journal_append() */
	}
	/* what is inside TMP is on disk before TMP gets its name */
	for (d = cds_xstrdup(inner); strlen(d) >= strlen(tmp); ) {
		char *next = cds_dirname(d);

		cds_sync_dir(d);
		free(d);
		d = next;
	}
	free(d);
	if (rename(tmp, missing.v[0]) == -1) {
		cds_seterr(h, cds_errno_code(errno), "%s: %s; nothing was "
		    "changed", missing.v[0], strerror(errno));
		goto fail;
	}
	d = cds_dirname(missing.v[0]);
	cds_sync_dir(d);
	free(d);
	r->log.nlines = 1;
	cds_strfreev(r->log.made);
	/* the directories it made, all but the record */
	free(missing.v[--missing.n]);
	missing.v[missing.n] = NULL;
	r->log.made = cds_strv_steal(&missing);
	ret = 0;
	goto out;
fail:
	cds_rm_rf(tmp);
out:
	free(journal);
	free(files);
	free(inner);
	free(tmp);
	free(up);
	cds_strv_clear(&missing);
	return ret;
}

/*
 * Remove the record once nothing in it is needed (every repair in it
 * taken back): renamed out of its place first (after that it is gone for
 * a reader), then the directories made for it, then its files.  The
 * originals are back in place by then; a backup still in files/ keeps the
 * record where it is.
 */
static void
record_drop(cds_handle_t *h, struct record *r)
{
	char *tmp, *up;

	if (!empty_or_absent(r->files)) {
		cds_log(h, CDS_LOG_WARNING, "%s: backups are left: the record "
		    "stays", r->files);
		return;
	}
	/* beside the outermost directory made for it, which goes next */
	up = cds_dirname(r->log.made != NULL && r->log.made[0] != NULL ?
	    r->log.made[0] : r->udir);
	tmp = cds_xasprintf("%s/.cds-tmp-%ld-%s", up, (long)getpid(),
	    cds_basename(r->udir));
	cds_rm_rf(tmp);
	if (rename(r->udir, tmp) == -1) {
		cds_log(h, CDS_LOG_WARNING, "%s: %s", r->udir,
		    strerror(errno));
		free(tmp);
		free(up);
		return;
	}
	cds_sync_dir(up);
	free(up);
	rmdir_made(r->log.made);
	cds_rm_rf(tmp);
	free(tmp);
	cds_undo_log_clear(&r->log);
}

/* Copy entry SRC (a regular file or a link) to DST: beside it under a
 * temporary name, synced, then renamed.  Mode and times are kept. */
static int
copy_entry(const char *src, const char *dst)
{
	char *tmp = cds_xasprintf("%s.tmp.%ld", dst, (long)getpid());
	char buf[65536], *t = NULL;
	struct stat st;
	int in = -1, out = -1, ret = -1, saved;
	ssize_t n;

	if (lstat(src, &st) == -1) {
		goto out;
	}
	unlink(tmp);
	if (S_ISLNK(st.st_mode)) {
		if ((t = cds_readlink(src)) == NULL || symlink(t, tmp) == -1) {
			goto out;
		}
	} else if (S_ISREG(st.st_mode)) {
		struct timespec ts[2];

		if ((in = open(src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) ==
		    -1 || (out = open(tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_CLOEXEC, 0600)) == -1) {
			goto out;
		}
		while ((n = read(in, buf, sizeof(buf))) != 0) {
			if (n == -1) {
				if (errno == EINTR) {
					continue;
				}
				goto out;
			}
			if (write(out, buf, (size_t)n) != n) {
				goto out;
			}
		}
		ts[0] = st.st_atim;
		ts[1] = st.st_mtim;
		if (fchmod(out, st.st_mode & 07777) == -1 ||
		    futimens(out, ts) == -1 || fsync(out) == -1) {
			goto out;
		}
	} else {
		errno = EINVAL;
		goto out;
	}
	if (rename(tmp, dst) == -1) {
		goto out;
	}
	ret = cds_sync_parent(dst);
out:
	saved = errno;
	if (in != -1) {
		close(in);
	}
	if (out != -1) {
		close(out);
	}
	if (ret == -1) {
		unlink(tmp);
	}
	free(t);
	free(tmp);
	errno = saved;
	return ret;
}

/* The original PATH into the record: a second name for the same file
 * (link()), or a copy where the file system has none. */
static int
backup_make(const char *path, const char *backup)
{
	if (link(path, backup) == 0) {
		return cds_sync_parent(backup);
	}
	if (errno != EXDEV && errno != EPERM && errno != EMLINK &&
	    errno != EOPNOTSUPP) {
		return -1;
	}
	return copy_entry(path, backup);
}

/* Take step ST (journalled already) of op OP. */
static int
step_forward(cds_handle_t *h, const struct cds_undo_step *st,
    const struct cds_repair_op *op)
{
	const char *content = op->content;
	mode_t mode = 0644;
	int r = 0;

	switch (st->op) {
	case CDS_UNDO_MKDIR:
		r = mkdir(st->path, 0755);
		break;
	case CDS_UNDO_SYMLINK:
		r = symlink(st->target, st->path);
		break;
	case CDS_UNDO_RELINK:
		if ((r = backup_make(st->path, st->backup)) == 0) {
			r = cds_link_set(h, st->path, st->target, 0, NULL);
			if (r == -1) {
				return -1;	/* set by cds_link_set() */
			}
		}
		break;
	case CDS_UNDO_WRITE:
		if (st->backup != NULL) {
			struct stat sb;

			/* a file replaced keeps its mode (a venv's
			 * bin/activate) */
			if (lstat(st->path, &sb) == 0 && S_ISREG(sb.st_mode)) {
				mode = sb.st_mode & 07777;
			}
			r = backup_make(st->path, st->backup);
		}
		if (r == 0) {
			r = cds_write_file_atomic(st->path, content,
			    strlen(content), mode);
		}
		break;
	case CDS_UNDO_LDCONFIG:
		/* a failure is ldconfig's warning, never ours */
		cds_ldconfig(h, 0, NULL);
		return 0;
	}
	if (r == 0 && (st->op == CDS_UNDO_MKDIR || st->op ==
	    CDS_UNDO_SYMLINK)) {
		r = cds_sync_parent(st->path);
	}
	if (r == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), op->path, errno);
	}
	return r;
}

/*
 * Take step ST back, whether it was taken, half taken or not at all: a
 * directory goes when empty, a link when it is ours as made, a temporary
 * of a replacement goes, then the original comes back from files/ (or,
 * still in place, keeps its place and its second name goes); a file the
 * repair made goes.  *LDCONFIG is set for the loader's cache.
 */
static int
step_back(cds_handle_t *h, const struct cds_undo_step *st, int *ldconfig)
{
	struct stat sb, sp;
	char *t;
	int ours;

	switch (st->op) {
	case CDS_UNDO_LDCONFIG:
		*ldconfig = 1;
		return 0;
	case CDS_UNDO_MKDIR:
		if (rmdir(st->path) == 0) {
			return cds_sync_parent(st->path);
		}
		if (errno == ENOENT) {
			return 0;
		}
		if (errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR) {
			cds_log(h, CDS_LOG_WARNING, "%s: holds what the repair "
			    "did not make; left", st->path);
			return 0;
		}
		return -1;
	case CDS_UNDO_SYMLINK:
		t = cds_readlink(st->path);
		ours = t != NULL && strcmp(t, st->target) == 0;
		free(t);
		if (ours && unlink(st->path) == -1 && errno != ENOENT) {
			return -1;
		}
		return ours ? cds_sync_parent(st->path) : 0;
	default:
		break;
	}
	drop_tmps(h, st->path);
	if (st->backup == NULL) {
		/* a file the repair made */
		if (unlink(st->path) == -1) {
			return errno == ENOENT ? 0 : -1;
		}
		return cds_sync_parent(st->path);
	}
	drop_tmps(h, st->backup);
	if (lstat(st->backup, &sb) == -1) {
		/* never made, or already back in place */
		return errno == ENOENT ? 0 : -1;
	}
	if (lstat(st->path, &sp) == 0 && sp.st_dev == sb.st_dev &&
	    sp.st_ino == sb.st_ino) {
		/* the replacement never came: the original is in place */
		if (unlink(st->backup) == -1) {
			return -1;
		}
		return cds_sync_parent(st->backup);
	}
	if (rename(st->backup, st->path) == -1) {
		return -1;
	}
	cds_sync_parent(st->backup);
	return cds_sync_parent(st->path);
}

/* Take generation G back, last step first.  REPORT: as a cleanup after an
 * interrupted run (CDS_EV_CLEANUP naming the env).  -1 with the error set;
 * the journal then says what is left to do. */
static int
gen_back(cds_handle_t *h, struct record *r, int g, int report)
{
	const struct cds_undo_gen *gen = &r->log.gens[g];
	size_t i = gen->n;
	int ldconfig = 0;

	while (i-- > 0) {
		const struct cds_undo_step *st = &r->log.steps[gen->first + i];

		if (step_back(h, st, &ldconfig) == -1) {
			return cds_seterr(h, cds_errno_code(errno), "%s: %s; "
			    "the next run takes the rest back", st->path,
			    strerror(errno));
		}
	}
	if (ldconfig) {
		/* the loader's cache without our files */
		cds_ldconfig(h, 0, NULL);
	}
	if (report) {
		cds_cleaned(h, gen->state == CDS_UNDO_UNDOING ? "undo" :
		    "repair", r->envhost);
	}
	return 0;
}

/* Generation G was taken back: say so, and drop the record when no
 * repair in it is left. */
static int
gen_undone(cds_handle_t *h, struct record *r, int g)
{
	if (journal_mark(h, r, "undone", g) == -1) {
		return -1;
	}
	if (cds_undo_log_last(&r->log) == -1) {
		record_drop(h, r);
	}
	return 0;
}

/*
 * Under the lock: what an interrupted run left.  A repair cut short is
 * taken back, an undo cut short is finished; a record with no repair left
 * in it, or an empty one, goes.  *DID (may be NULL) says whether a repair
 * or an undo was cut short.
 */
static int
recover(cds_handle_t *h, struct record *r, int *did)
{
	int g = cds_undo_log_pending(&r->log);

	if (did != NULL) {
		*did = g != -1;
	}
	if (g != -1) {
		if (gen_back(h, r, g, 1) == -1 || gen_undone(h, r, g) == -1) {
			return -1;
		}
		cds_logaction(h, "repair of %s cut short: taken back",
		    r->envhost);
		return 0;
	}
	if (r->log.nlines > 0 && cds_undo_log_last(&r->log) == -1) {
		record_drop(h, r);	/* every repair in it was undone */
	} else if (r->log.nlines == 0 && cds_exists(r->udir)) {
		/* the first line lost with the machine: empty, or not ours */
		char *j = cds_path_join(r->udir, "journal");
		char **names = cds_listdir(r->udir), **n;
		int ok = names != NULL;

		for (n = names; ok && *n != NULL; n++) {
			ok = strcmp(*n, "journal") == 0 ||
			    (strcmp(*n, "files") == 0 &&
			    empty_or_absent(r->files));
		}
		cds_strfreev(names);
		if (!ok) {
			free(j);
			return cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: a record "
			    "without its journal; nothing was changed (move "
			    "it away to go on)", r->udir);
		}
		unlink(j);
		rmdir(r->files);
		if (rmdir(r->udir) == 0) {
			cds_cleaned(h, "undo", r->udir);
		}
		free(j);
	}
	return 0;
}

/* The env prefix (a target path) ENV names, as cds_repair_plan_build()
 * reads it; *S gets the scan that found it (may be NULL). */
static const char *
target_prefix(cds_handle_t *h, const char *env, struct cds_scan **s)
{
	*s = NULL;
	if (env == NULL) {
		env = cds_getenv(h, "CONDA_PREFIX");
	}
	if (env == NULL || *env == '\0' || names_system(env)) {
		return "/";	/* the system's Python */
	}
	if ((*s = cds_scan_run(h, env, CDS_SCAN_NO_DYNAMIC)) == NULL) {
		return NULL;	/* error set by cds_scan_run */
	}
	return (*s)->envs[0].prefix;
}

int
cds_repair_recover(cds_handle_t *h, const char *env, int lock_wait)
{
	struct cds_scan *s;
	struct record r;
	const char *prefix = target_prefix(h, env, &s);
	int ret = -1;

	if (prefix != NULL && record_open(h, prefix, lock_wait, &r) == 0) {
		ret = recover(h, &r, NULL);
		record_close(&r);
	}
	cds_scan_free(s);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* Apply and undo                                                            */
/* ------------------------------------------------------------------------ */

/* The nearest existing ancestor of PATH must be writable by us. */
static int
check_writable(cds_handle_t *h, const char *path)
{
	char *dir = cds_dirname(path);

	for (;;) {
		char *host = cds_rpath(h, dir);

		if (cds_exists(host)) {
			int ok = access(host, W_OK) == 0;

			free(host);
			if (!ok) {
				cds_seterr(h, CDS_ERR_IO, "%s: not writable "
				    "(%s); nothing was changed", dir,
				    strerror(errno));
				free(dir);
				return -1;
			}
			free(dir);
			return 0;
		}
		free(host);
		{
			char *up = cds_dirname(dir);

			free(dir);
			dir = up;
		}
		if (strcmp(dir, "/") == 0) {
			free(dir);
			return 0;
		}
	}
}

/* The person agreed to the repair, whose plan lists the install. */
static int
answer_yes(void *ctx, enum cds_question q, const void *data)
{
	return 1;
}

static int
run_install(cds_handle_t *h, struct cds_plan *plan, int lock_wait)
{
	cds_question_cb saved = h->question_cb;
	void *saved_ctx = h->question_ctx;
	struct cds_txn_opts o = {0};
	int r;

	h->question_cb = answer_yes;
	h->question_ctx = NULL;
	o.lock_wait = lock_wait;
	r = cds_install_run(h, plan, &o, NULL);
	h->question_cb = saved;
	h->question_ctx = saved_ctx;
	return r;
}

/*
 * What op OP needs now: 1 to be taken (*ST filled: the step to journal,
 * its backup left to the caller), 0 nothing (it holds already: a second
 * run, a concurrent one), -1 the env is neither as planned nor as
 * repaired (CDS_ERR_IO, nothing done).  TAKEN: steps of this repair taken
 * so far (the loader's cache is rebuilt only after some).
 */
static int
step_plan(cds_handle_t *h, const struct record *r,
    const struct cds_repair_op *op, size_t taken, struct cds_undo_step *st)
{
	struct stat sb;
	char *host, *cur = NULL;
	int ret = -1, there;

	memset(st, 0, sizeof(*st));
	if (op->kind == CDS_REPAIR_LDCONFIG) {
		st->op = CDS_UNDO_LDCONFIG;
		return taken > 0;
	}
	if ((host = entry_host(h, r, op->path)) == NULL) {
		return -1;	/* set by entry_host() */
	}
	there = lstat(host, &sb) == 0;
	if (there && S_ISLNK(sb.st_mode)) {
		cur = cds_readlink(host);
	}
	switch (op->kind) {
	case CDS_REPAIR_MKDIR:
		st->op = CDS_UNDO_MKDIR;
		ret = !there ? 1 : S_ISDIR(sb.st_mode) ? 0 : -1;
		break;
	case CDS_REPAIR_SYMLINK:
		st->op = CDS_UNDO_SYMLINK;
		ret = !there ? 1 : cds_streq(cur, op->target) ? 0 : -1;
		break;
	case CDS_REPAIR_RELINK:
		st->op = CDS_UNDO_RELINK;
		ret = there && S_ISREG(sb.st_mode) ? 1 :
		    cds_streq(cur, op->target) ? 0 : -1;
		break;
	case CDS_REPAIR_WRITE:
		st->op = CDS_UNDO_WRITE;
		if (!there || S_ISLNK(sb.st_mode)) {
			ret = 1;
		} else if (S_ISREG(sb.st_mode)) {
			size_t len;
			char *text = cds_read_file(host, 1u << 20, &len);

			ret = text != NULL && len == strlen(op->content) &&
			    memcmp(text, op->content, len) == 0 ? 0 : 1;
			free(text);
		}
		break;
	default:
		break;
	}
	free(cur);
	if (ret == -1) {
		free(host);
		return cds_seterr(h, CDS_ERR_IO, "%s: changed since the repair "
		    "was planned; nothing was changed (run the repair again)",
		    op->path);
	}
	st->path = host;
	if (op->target != NULL && (op->kind == CDS_REPAIR_SYMLINK ||
	    op->kind == CDS_REPAIR_RELINK)) {
		st->target = cds_xstrdup(op->target);
	}
	if (ret == 1 && (op->kind == CDS_REPAIR_RELINK ||
	    (op->kind == CDS_REPAIR_WRITE && there))) {
		st->backup = cds_xstrdup("");	/* named once journalled */
	}
	return ret;
}

static void
step_clear(struct cds_undo_step *st)
{
	free(st->path);
	free(st->target);
	free(st->backup);
	memset(st, 0, sizeof(*st));
}

int
cds_repair_apply(cds_handle_t *h, const struct cds_repair_plan *p)
{
	struct cds_undo_step st;
	struct record r;
	size_t i, todo = 0, taken = 0;
	int g = -1, ret = -1;

	for (i = 0; i < p->nops; i++) {
		enum cds_repair_op_kind k = p->ops[i].kind;

		if (k == CDS_REPAIR_PACKAGE) {
			continue;	/* the package manager's: a person's */
		}
		todo++;
		if (k != CDS_REPAIR_INSTALL && k != CDS_REPAIR_LDCONFIG &&
		    check_writable(h, p->ops[i].path) == -1) {
			return -1;
		}
	}
	if (todo == 0) {
		return 0;
	}
	if (record_open(h, p->env_prefix, p->lock_wait, &r) == -1) {
		return -1;	/* set by record_open() */
	}
	if (recover(h, &r, NULL) == -1) {
		goto out;
	}
	/* the env as planned (or repaired) before anything is done */
	todo = 0;
	for (i = 0; i < p->nops; i++) {
		enum cds_repair_op_kind k = p->ops[i].kind;
		int act;

		if (k == CDS_REPAIR_PACKAGE || k == CDS_REPAIR_INSTALL ||
		    k == CDS_REPAIR_LDCONFIG) {
			continue;
		}
		if ((act = step_plan(h, &r, &p->ops[i], 0, &st)) == -1) {
			goto out;
		}
		todo += act;
		step_clear(&st);
	}
	if (p->install != NULL && run_install(h, p->install, p->lock_wait) ==
	    -1) {
		goto out;	/* set by cds_install_run(); nothing changed */
	}
	/* the record first: the directories it makes are then there for
	 * the steps that would make them */
	if (todo > 0 && record_create(h, &r) == -1) {
		goto out;
	}
	for (i = 0; i < p->nops; i++) {
		const struct cds_repair_op *op = &p->ops[i];
		struct cds_event ev = {0};
		int act;

		if (op->kind == CDS_REPAIR_PACKAGE ||
		    op->kind == CDS_REPAIR_INSTALL) {
			/* installs ran above, through the install pipeline;
			 * nothing to undo: a versioned prefix is shared */
			continue;
		}
		if ((act = step_plan(h, &r, op, taken, &st)) != 1) {
			step_clear(&st);
			if (act == -1) {
				goto fail;
			}
			continue;
		}
		if (st.backup != NULL) {
			free(st.backup);
			st.backup = cds_xasprintf("%s/%zu", r.files,
			    r.log.nlines + 1);
		}
		ev.type = CDS_EV_FIXUP_START;
		ev.u.step.name = op->finding;
		ev.u.step.path = op->path;
		cds_emit(h, &ev);
		/* the step is in the journal before it is taken */
		if (journal_step(h, &r, &st, &g) == -1) {
			step_clear(&st);
			goto fail;
		}
		act = step_forward(h, &r.log.steps[r.log.nsteps - 1], op);
		ev.type = CDS_EV_FIXUP_DONE;
		ev.u.step.err = act == 0 ? 0 : cds_errno(h);
		cds_emit(h, &ev);
		if (act == -1) {
			goto fail;
		}
		taken++;
	}
	if (g != -1 && journal_mark(h, &r, "done", g) == -1) {
		goto fail;
	}
	cds_logaction(h, "repair %s: %zu changes", p->env_prefix, taken);
	ret = 0;
	goto out;
fail:
	if (g != -1) {
		/* what was done is taken back; the error stays the first */
		int err = cds_errno(h);
		char *detail = cds_xasprintf("%s; the changes made so far "
		    "were undone", cds_errdetail(h));

		if (gen_back(h, &r, g, 0) == 0 && gen_undone(h, &r, g) == 0) {
			cds_seterr(h, err, "%s", detail);
		}
		free(detail);
	} else if (r.log.nlines > 0 && cds_undo_log_last(&r.log) == -1) {
		record_drop(h, &r);	/* made for this repair, unused */
	}
out:
	record_close(&r);
	return ret;
}

int
cds_repair_undo(cds_handle_t *h, const char *env, int lock_wait)
{
	struct cds_scan *s;
	struct record r;
	const char *prefix = target_prefix(h, env, &s);
	int ret = -1, did, g;

	if (prefix == NULL) {
		return -1;	/* set by cds_scan_run() */
	}
	if (record_open(h, prefix, lock_wait, &r) == -1) {
		cds_scan_free(s);
		return -1;	/* set by record_open() */
	}
	if (recover(h, &r, &did) == -1) {
		goto out;
	}
	if (did) {
		/* a repair cut short is taken back, an undo finished: that
		 * is the undo asked for */
		ret = 0;
		goto out;
	}
	if ((g = cds_undo_log_last(&r.log)) == -1) {
		cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: no repair to undo",
		    s != NULL ? prefix : "the system's Python");
		goto out;
	}
	/* from here the undo is in the journal: a kill, and the next run
	 * finishes it */
	if (journal_mark(h, &r, "undo", g) == -1 ||
	    gen_back(h, &r, g, 0) == -1 || gen_undone(h, &r, g) == -1) {
		goto out;
	}
	cds_logaction(h, "repair undone %s", prefix);
	ret = 0;
out:
	record_close(&r);
	cds_scan_free(s);
	return ret;
}

int
cds_repair_activate_env(cds_handle_t *h, const struct cds_repair_plan *p)
{
	const char *llp = cds_getenv(h, "LD_LIBRARY_PATH");
	struct cds_buf b = {0};
	char **old = cds_strsplit(llp != NULL ? llp : "", ":", 0), **o;
	size_t i;

	if (p->libdirs[0] == NULL) {
		cds_strfreev(old);
		return 0;
	}
	/* the same computation as the sh script */
	if (!p->path_first) {
		for (i = 0; p->libdirs[i] != NULL; i++) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "",
			    p->libdirs[i]);
		}
	}
	for (o = old; *o != NULL; o++) {
		int ours = 0;

		for (i = 0; p->libdirs[i] != NULL; i++) {
			ours |= strcmp(p->libdirs[i], *o) == 0;
		}
		if (!ours) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "", *o);
		}
	}
	if (p->path_first) {
		for (i = 0; p->libdirs[i] != NULL; i++) {
			cds_buf_addf(&b, "%s%s", b.len > 0 ? ":" : "",
			    p->libdirs[i]);
		}
	}
	cds_setenv(h, "LD_LIBRARY_PATH", b.s);
	cds_setenv(h, p->venv ? "VIRTUAL_ENV" : "CONDA_PREFIX", p->env_prefix);
	cds_buf_free(&b);
	cds_strfreev(old);
	return 0;
}
