/*
 * fixup.c - soname links, default links, env files and system files.
 *
 * Each function here is idempotent: it makes what is missing and leaves
 * what is there, so that an interrupted run is finished by running it
 * again.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/quote.h"
#include "read/elfread.h"
#include "txn/fixup.h"
#include "read/manifest.h"
#include "sys/spawn.h"

/* How long ldconfig may take to rebuild the cache. */
#define LDCONFIG_MS 120000

/* DT_SONAME of the ELF file PATH (a host path), or NULL. */
static char *
soname_of(cds_handle_t *h, const char *path)
{
	struct cds_elf *e = cds_elf_open(h, path);
	char *r = NULL;

	if (e != NULL) {
		r = cds_strdup0(cds_elf_soname(e));
		cds_elf_free(e);
	}
	return r;
}

/* ------------------------------------------------------------------------ */
/* Soname links                                                             */
/* ------------------------------------------------------------------------ */

/* A link name we want in DIR, and what it should point to. */
struct want {
	char *name;
	char *target;
};

static void
want_put(struct want **v, size_t *n, const char *name, const char *target)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		if (strcmp((*v)[i].name, name) == 0) {
			/* several candidates: the highest version wins */
			if (cds_vercmp(target, (*v)[i].target) > 0) {
				free((*v)[i].target);
				(*v)[i].target = cds_xstrdup(target);
			}
			return;
		}
	}
	*v = cds_xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[*n].name = cds_xstrdup(name);
	(*v)[*n].target = cds_xstrdup(target);
	(*n)++;
}

/* "libcudnn.so.9" -> "libcudnn.so"; NULL when there is no ".so.N". */
static char *
dev_name(const char *soname)
{
	const char *p = strstr(soname, ".so.");

	if (p == NULL || p[4] == '\0') {
		return NULL;
	}
	return cds_xstrndup(soname, (size_t)(p - soname) + 3);
}

/* A soname we may link by: a plain file name. */
static int
sane_name(const char *s)
{
	return *s != '\0' && strchr(s, '/') == NULL && strcmp(s, ".") != 0 &&
	    strcmp(s, "..") != 0;
}

static int
make_links(cds_handle_t *h, const char *dir, struct want *v, size_t n,
    int dry_run, struct cds_ops *ops)
{
	size_t i;
	int made = 0;

	for (i = 0; i < n; i++) {
		char *path = cds_path_join(dir, v[i].name);

		if (cds_exists(path)) {
			free(path);
			continue;
		}
		cds_ops_add(ops, CDS_OP_SYMLINK, path, v[i].target);
		if (!dry_run && symlink(v[i].target, path) == -1) {
			cds_seterr_sys(h, cds_errno_code(errno), path, errno);
			free(path);
			return -1;
		}
		cds_log(h, CDS_LOG_DEBUG, "link %s -> %s", path, v[i].target);
		free(path);
		made++;
	}
	return made;
}

int
cds_fixup_sonames(cds_handle_t *h, const char *dir, int dry_run,
    struct cds_ops *ops)
{
	struct want *sonames = NULL, *devs = NULL;
	size_t nsonames = 0, ndevs = 0, i;
	char **names;
	int made = -1, a, b;

	if ((names = cds_listdir(dir)) == NULL) {
		return cds_seterr_sys(h, CDS_ERR_IO, dir, errno);
	}
	for (i = 0; names[i] != NULL; i++) {
		char *path, *soname, *dev;
		struct stat st;

		if (strstr(names[i], ".so") == NULL) {
			continue;
		}
		path = cds_path_join(dir, names[i]);
		if (lstat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
		    (soname = soname_of(h, path)) == NULL) {
			free(path);
			continue;
		}
		free(path);
		if (!sane_name(soname)) {
			free(soname);
			continue;
		}
		if (strcmp(soname, names[i]) != 0) {
			want_put(&sonames, &nsonames, soname, names[i]);
		}
		if ((dev = dev_name(soname)) != NULL) {
			want_put(&devs, &ndevs, dev, soname);
			free(dev);
		}
		free(soname);
	}
	/* sonames first: the development links point at them */
	if ((a = make_links(h, dir, sonames, nsonames, dry_run, ops)) != -1 &&
	    (b = make_links(h, dir, devs, ndevs, dry_run, ops)) != -1) {
		made = a + b;
	}
	for (i = 0; i < nsonames; i++) {
		free(sonames[i].name);
		free(sonames[i].target);
	}
	for (i = 0; i < ndevs; i++) {
		free(devs[i].name);
		free(devs[i].target);
	}
	free(sonames);
	free(devs);
	cds_strfreev(names);
	return made;
}

int
cds_fixup_tree(cds_handle_t *h, const char *tree, int dry_run,
    struct cds_ops *ops)
{
	static const char *const libdirs[] = { "lib", "lib64" };
	char *targets, **arches;
	size_t i;
	int total = 0, n;

	for (i = 0; i < 2; i++) {
		char *d = cds_path_join(tree, libdirs[i]);

		if (cds_is_dir(d) && !cds_is_link(d)) {
			if ((n = cds_fixup_sonames(h, d, dry_run, ops)) ==
			    -1) {
				free(d);
				return -1;
			}
			total += n;
		}
		free(d);
	}
	targets = cds_path_join(tree, "targets");
	arches = cds_is_dir(targets) ? cds_listdir(targets) : NULL;
	for (i = 0; arches != NULL && arches[i] != NULL; i++) {
		char *d = cds_xasprintf("%s/%s/lib", targets, arches[i]);

		if (cds_is_dir(d) && !cds_is_link(d)) {
			if ((n = cds_fixup_sonames(h, d, dry_run, ops)) ==
			    -1) {
				free(d);
				total = -1;
				break;
			}
			total += n;
		}
		free(d);
	}
	cds_strfreev(arches);
	free(targets);
	return total;
}

/* ------------------------------------------------------------------------ */
/* Links and files                                                          */
/* ------------------------------------------------------------------------ */

int
cds_link_set(cds_handle_t *h, const char *path, const char *target,
    int dry_run, struct cds_ops *ops)
{
	char *dir = cds_dirname(path);
	char *tmp = cds_xasprintf("%s/.cds-tmp-%ld-%s", dir, (long)getpid(),
	    cds_basename(path));
	char *cur = cds_readlink(path);
	int ret = -1;

	if (cur != NULL && strcmp(cur, target) == 0) {
		ret = 0;	/* already so */
		goto out;
	}
	cds_ops_add(ops, CDS_OP_SYMLINK, path, target);
	if (dry_run) {
		ret = 0;
		goto out;
	}
	unlink(tmp);
	if (symlink(target, tmp) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), tmp, errno);
		goto out;
	}
	if (rename(tmp, path) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), path, errno);
		unlink(tmp);
		goto out;
	}
	cds_sync_dir(dir);	/* the link lasts: no step of ours needs it */
	ret = 0;
out:
	free(cur);
	free(tmp);
	free(dir);
	return ret;
}

/* Write TEXT to PATH (creating its directory) unless it already says so. */
static int
write_text(cds_handle_t *h, const char *path, const char *text,
    int dry_run, struct cds_ops *ops)
{
	char *cur = cds_read_file(path, 1u << 20, NULL);
	char *dir;
	int same = cur != NULL && strcmp(cur, text) == 0;

	free(cur);
	if (same) {
		return 0;
	}
	cds_ops_add(ops, CDS_OP_WRITE, path, NULL);
	if (dry_run) {
		return 0;
	}
	dir = cds_dirname(path);
	if (cds_mkdir_p(dir, 0755) == -1) {
		cds_seterr_sys(h, cds_errno_code(errno), dir, errno);
		free(dir);
		return -1;
	}
	free(dir);
	if (cds_write_file_atomic(path, text, strlen(text), 0644) == -1) {
		return cds_seterr_sys(h, cds_errno_code(errno), path, errno);
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Env files                                                                */
/* ------------------------------------------------------------------------ */

static void
sh_prepend(struct cds_buf *b, const char *var, const char *dir)
{
	cds_buf_addf(b, "case \":${%s-}:\" in\n*", var);
	{
		char *pat = cds_xasprintf(":%s:", dir);

		cds_buf_quote(b, CDS_QUOTE_SH, pat);
		free(pat);
	}
	cds_buf_addf(b, "*) ;;\n*) %s=", var);
	cds_buf_quote(b, CDS_QUOTE_SH, dir);
	cds_buf_addf(b, "\"${%s:+:$%s}\" ;;\nesac\nexport %s\n", var, var,
	    var);
}

static void
fish_prepend(struct cds_buf *b, const char *var, const char *dir)
{
	cds_buf_adds(b, "if not contains -- ");
	cds_buf_quote(b, CDS_QUOTE_FISH, dir);
	cds_buf_addf(b, " $%s\n    set -gx %s ", var, var);
	cds_buf_quote(b, CDS_QUOTE_FISH, dir);
	cds_buf_addf(b, " $%s\nend\n", var);
}

char *
cds_env_text(const char *tprefix, const char *name, enum cds_shell shell)
{
	int cuda = cds_kind_of_name(name) == CDS_KIND_CUDA;
	const char *homevar = cuda ? "CUDA_HOME" : "CUDNN_PATH";
	char *dir = cds_path_join(tprefix, name);
	char *bin = cds_path_join(dir, "bin");
	char *lib = cds_path_join(dir, "lib");
	struct cds_buf b = {0};

	switch (shell) {
	case CDS_SHELL_SH:
		cds_buf_addf(&b, "# %s, written by cudnn-setup.  Read it "
		    "with: . %s/env/%s.sh\n# Each directory is added once, "
		    "however often this is read.\n", name, tprefix, name);
		cds_buf_addf(&b, "%s=", homevar);
		cds_buf_quote(&b, CDS_QUOTE_SH, dir);
		cds_buf_addf(&b, "\nexport %s\n", homevar);
		if (cuda) {
			sh_prepend(&b, "PATH", bin);
		}
		sh_prepend(&b, "LD_LIBRARY_PATH", lib);
		break;
	case CDS_SHELL_FISH:
		cds_buf_addf(&b, "# %s, written by cudnn-setup.  Read it "
		    "with: source %s/env/%s.fish\n", name, tprefix, name);
		cds_buf_addf(&b, "set -gx %s ", homevar);
		cds_buf_quote(&b, CDS_QUOTE_FISH, dir);
		cds_buf_adds(&b, "\n");
		if (cuda) {
			fish_prepend(&b, "PATH", bin);
		}
		fish_prepend(&b, "LD_LIBRARY_PATH", lib);
		break;
	case CDS_SHELL_MODULE:
		cds_buf_addf(&b, "#%%Module1.0\n## %s, written by cudnn-setup"
		    "\nmodule-whatis ", name);
		{
			char *what = cds_xasprintf("%s %s (cudnn-setup)",
			    cuda ? "CUDA Toolkit" : "cuDNN",
			    name + (cuda ? 5 : 6));

			cds_buf_quote(&b, CDS_QUOTE_TCL, what);
			free(what);
		}
		/* one CUDA and one cuDNN at a time: Lmod swaps a loaded
		 * version for the new one, Environment Modules refuses */
		cds_buf_addf(&b, "\nconflict %s", cuda ? "cuda" : "cudnn");
		cds_buf_addf(&b, "\nsetenv %s ", homevar);
		cds_buf_quote(&b, CDS_QUOTE_TCL, dir);
		if (cuda) {
			cds_buf_adds(&b, "\nprepend-path PATH ");
			cds_buf_quote(&b, CDS_QUOTE_TCL, bin);
		}
		cds_buf_adds(&b, "\nprepend-path LD_LIBRARY_PATH ");
		cds_buf_quote(&b, CDS_QUOTE_TCL, lib);
		cds_buf_adds(&b, "\n");
		break;
	}
	free(lib);
	free(bin);
	free(dir);
	return cds_buf_steal(&b);
}

void
cds_env_paths(const struct cds_layout *l, const char *name, char *out[3])
{
	int cuda = cds_kind_of_name(name) == CDS_KIND_CUDA;

	out[0] = cds_xasprintf("%s/%s.sh", l->envdir, name);
	out[1] = cds_xasprintf("%s/%s.fish", l->envdir, name);
	out[2] = cds_xasprintf("%s/modulefiles/%s/%s", l->envdir,
	    cuda ? "cuda" : "cudnn", name + (cuda ? 5 : 6));
}

static int
env_write(cds_handle_t *h, const struct cds_layout *l, const char *name,
    int dry_run, struct cds_ops *ops)
{
	static const enum cds_shell shells[3] = {
		CDS_SHELL_SH, CDS_SHELL_FISH, CDS_SHELL_MODULE
	};
	char *paths[3];
	int i, ret = 0;

	cds_env_paths(l, name, paths);
	for (i = 0; i < 3; i++) {
		char *text = cds_env_text(l->tprefix, name, shells[i]);

		if (ret == 0 && write_text(h, paths[i], text, dry_run, ops) ==
		    -1) {
			ret = -1;
		}
		free(text);
		free(paths[i]);
	}
	return ret;
}

int
cds_env_remove(cds_handle_t *h, const struct cds_layout *l, const char *name,
    int dry_run, struct cds_ops *ops)
{
	char *paths[3];
	int i, ret = 0;

	cds_env_paths(l, name, paths);
	for (i = 0; i < 3 && ret == 0; i++) {
		if (cds_layout_guard(h, l, paths[i]) == -1) {
			ret = -1;
		}
	}
	for (i = 0; i < 3; i++) {
		if (ret == 0 && cds_exists(paths[i])) {
			cds_ops_add(ops, CDS_OP_REMOVE, paths[i], NULL);
			if (!dry_run && unlink(paths[i]) == -1 && ret == 0) {
				ret = cds_seterr_sys(h, CDS_ERR_IO, paths[i],
				    errno);
			}
		}
		free(paths[i]);
	}
	return ret;
}

/* ------------------------------------------------------------------------ */
/* System files                                                             */
/* ------------------------------------------------------------------------ */

static const char ldconf_path[] = "/etc/ld.so.conf.d/cudnn-setup.conf";
static const char profile_path[] = "/etc/profile.d/cudnn-setup.sh";

int
cds_system_files_present(cds_handle_t *h)
{
	char *p = cds_rpath(h, ldconf_path);
	int ret = cds_exists(p);

	free(p);
	return ret;
}

void
cds_ldconfig(cds_handle_t *h, int dry_run, struct cds_ops *ops)
{
	static const char *const cands[] = {
		"/sbin/ldconfig", "/usr/sbin/ldconfig", "/usr/bin/ldconfig"
	};
	struct cds_spawn sp = {0};
	struct cds_spawn_result res;
	const char *prog = NULL, *what = NULL;
	const char *root = cds_root(h);
	char *argv[4];
	size_t i;

	for (i = 0; i < 3 && prog == NULL; i++) {
		if (access(cands[i], X_OK) == 0) {
			prog = cands[i];
		}
	}
	if (prog == NULL) {
		cds_log(h, CDS_LOG_WARNING, "ldconfig: not found");
		return;
	}
	cds_ops_add(ops, CDS_OP_RUN, prog, *root != '\0' ? root : NULL);
	if (dry_run) {
		return;
	}
	argv[0] = (char *)prog;
	argv[1] = *root != '\0' ? "-r" : NULL;
	argv[2] = (char *)root;
	argv[3] = NULL;
	sp.argv = argv;
	sp.envp = environ;
	sp.timeout_ms = LDCONFIG_MS;
	if (cds_spawn_run(&sp, &res, &what) == -1) {
		cds_log(h, CDS_LOG_WARNING, "ldconfig: %s: %s", what,
		    strerror(errno));
	} else if (res.timed_out) {
		cds_log(h, CDS_LOG_WARNING, "%s%s%s: timed out after %d s",
		    prog, *root != '\0' ? " -r " : "", root,
		    LDCONFIG_MS / 1000);
	} else if (res.exit_status != 0) {
		cds_log(h, CDS_LOG_WARNING, "%s%s%s: exit status %d", prog,
		    *root != '\0' ? " -r " : "", root, res.exit_status);
	}
}

int
cds_system_files(cds_handle_t *h, const struct cds_layout *l, int dry_run,
    struct cds_ops *ops)
{
	struct cds_buf conf = {0}, prof = {0};
	char *cuda = cds_path_join(l->prefix, "cuda");
	char *cudnn = cds_path_join(l->prefix, "cudnn");
	char *tcuda = cds_path_join(l->tprefix, "cuda");
	char *tcudnn = cds_path_join(l->tprefix, "cudnn");
	char *p1 = cds_rpath(h, ldconf_path);
	char *p2 = cds_rpath(h, profile_path);
	int ret = -1;

	cds_buf_addf(&conf, "# written by cudnn-setup: the default CUDA and "
	    "cuDNN of %s\n", l->tprefix);
	cds_buf_addf(&prof, "# written by cudnn-setup: the default CUDA and "
	    "cuDNN of %s\n", l->tprefix);
	if (cds_exists(cuda)) {
		char *lib = cds_path_join(tcuda, "lib");
		char *bin = cds_path_join(tcuda, "bin");

		cds_buf_addf(&conf, "%s\n", lib);
		cds_buf_adds(&prof, "CUDA_HOME=");
		cds_buf_quote(&prof, CDS_QUOTE_SH, tcuda);
		cds_buf_adds(&prof, "\nexport CUDA_HOME\n");
		sh_prepend(&prof, "PATH", bin);
		free(lib);
		free(bin);
	}
	if (cds_exists(cudnn)) {
		char *lib = cds_path_join(tcudnn, "lib");

		cds_buf_addf(&conf, "%s\n", lib);
		cds_buf_adds(&prof, "CUDNN_PATH=");
		cds_buf_quote(&prof, CDS_QUOTE_SH, tcudnn);
		cds_buf_adds(&prof, "\nexport CUDNN_PATH\n");
		free(lib);
	}
	/* the loader finds the libraries through ld.so.conf.d: the profile
	 * needs no LD_LIBRARY_PATH */
	if (write_text(h, p1, conf.s, dry_run, ops) == 0 &&
	    write_text(h, p2, prof.s, dry_run, ops) == 0) {
		cds_ldconfig(h, dry_run, ops);
		ret = 0;
	}
	cds_buf_free(&conf);
	cds_buf_free(&prof);
	free(p1);
	free(p2);
	free(cuda);
	free(cudnn);
	free(tcuda);
	free(tcudnn);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* After a commit                                                           */
/* ------------------------------------------------------------------------ */

int
cds_fixup_commit(cds_handle_t *h, const struct cds_layout *l,
    const char *name, int system, int dry_run, struct cds_ops *ops)
{
	int kind = cds_kind_of_name(name);
	char *link = cds_path_join(l->prefix, cds_kind_word(kind));
	char *paths[3];
	int ret = -1, i, bad = 0;

	/* names from a manifest or a journal: every path stays inside */
	cds_env_paths(l, name, paths);
	for (i = 0; i < 3; i++) {
		if (!bad && cds_layout_guard(h, l, paths[i]) == -1) {
			bad = 1;
		}
		free(paths[i]);
	}
	if (!bad && !cds_release_name_ok(name)) {
		char *shown = cds_printable(name, 80);

		cds_seterr_why(h, CDS_ERR_BAD_INPUT, CDS_REASON_BAD_NAME,
		    CDS_ERRNAMES({ CDS_ERRARG_VALUE, shown }), "\"%s\": not "
		    "the name of a release; nothing was written", shown);
		free(shown);
		bad = 1;
	}
	if (bad) {
		goto out;
	}
	/* the default: set on first install, never moved by a later one */
	if (!cds_exists(link) &&
	    cds_link_set(h, link, name, dry_run, ops) == -1) {
		goto out;
	}
	if (env_write(h, l, name, dry_run, ops) == -1) {
		goto out;
	}
	if (system && cds_system_files(h, l, dry_run, ops) == -1) {
		goto out;
	}
	ret = 0;
out:
	free(link);
	return ret;
}
