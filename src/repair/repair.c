/*
 * repair.c - mend an env so the frameworks in it load CUDA and cuDNN:
 * soname and .so links in its library dirs, regular files that should be
 * links, and activation scripts that put its library dirs on the loader's
 * path.  Every change is journalled before it is made, and backed up, so
 * that --undo puts the env back exactly and a repair or undo cut short by
 * a kill is taken back or finished by the next run (journal.h).  This
 * file finds what to change and builds the plan; undo.c keeps the record,
 * applies the plan and takes it back.
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

#include "base/quote.h"
#include "doctor/aptfix.h"
#include "base/crypto.h"
#include "doctor/consumers.h"
#include "doctor/facts.h"
#include "txn/fixup.h"
#include "scan/loader.h"
#include "read/manifest.h"
#include "read/pkgdb.h"
#include "repair/repair.h"
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
	op->argv = NULL;
	op->finding = finding;
}

/* A step for the system's package manager: restore PATH (a file, or a
 * soname) with the package TARGET by the command ARGV (taken), which
 * joins the plan's package commands. */
static void
op_add_package(struct cds_repair_plan *p, const char *path,
    const char *target, char **argv)
{
	char *text = cds_argv_text(argv);
	size_t n = p->nops;

	op_add(p, CDS_REPAIR_PACKAGE, path, target, text, "F13");
	free(text);
	if (p->nops == n) {
		cds_strfreev(argv);	/* planned already */
		return;
	}
	p->ops[n].argv = argv;
	cds_syscmds_add(p->package_commands, argv, NULL, n);
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
		cds_strfreev(p->ops[i].argv);
	}
	free(p->ops);
	cds_syscmds_free(p->package_commands);
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
	char *q = cds_quote(CDS_QUOTE_FISH, value);

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
		char *q = cds_quote(CDS_QUOTE_FISH, p->libdirs[i]);

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

int
cds_repair_names_system(const char *env)
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
			char *label = cds_dpkg_label(owner);

			op_add_package(p, path != NULL ? path : x->soname,
			    label, cds_dpkg_fix_argv(owner));
			free(label);
			free(path);
			continue;
		}
		if (req == NULL && e == NULL && (a = cds_aptfix_for(c,
		    x->soname, x->consumers)) != NULL) {
			op_add_package(p, x->soname, a->package,
			    cds_aptfix_argv(a));
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
	sys = env == NULL || *env == '\0' || cds_repair_names_system(env);
	if ((s = cds_scan_run(h, sys ? NULL : env, 0)) == NULL) {
		return NULL;	/* error set by cds_scan_run */
	}
	p = cds_xcalloc(1, sizeof(*p));
	p->package_commands = cds_xcalloc(1, sizeof(*p->package_commands));
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
