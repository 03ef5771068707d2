/*
 * help.c - per-command help (`cudnn-setup install --help`, `cudnn-setup
 * help install`) and "did you mean" for what a person mistyped: commands,
 * options, env names and versions.
 */
#include "config.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* One line of help per option.  CMD set: what the option means for that
 * command (doctor's --prefix names an env, install's an install prefix);
 * NULL: for every command that takes it. */
struct opt_help {
	const char *cmd;
	const char *name;
	const char *arg;	/* the value's name; NULL for a flag */
	const char *text;	/* N_() */
};

static const struct opt_help opt_helps[] = {
	{ "install", "env", "NAME",
	    N_("then wire the releases into this conda env (name or path)") },
	{ NULL, "env", "NAME", N_("the conda env to look at, by name or "
	    "path") },
	{ "doctor", "prefix", "DIR", N_("the env or directory to look at") },
	{ "explain", "prefix", "DIR", N_("the env or directory to look at") },
	{ "repair", "prefix", "DIR", N_("the env or directory to mend "
	    "(releases still go to the install prefix)") },
	{ "verify", "prefix", "DIR", N_("the prefix, toolkit or env to load "
	    "and run") },
	{ NULL, "prefix", "DIR", N_("the install prefix (default /opt/nvidia "
	    "as root, else the user prefix)") },
	{ NULL, "cuda", "V", N_("the CUDA release, or a prefix of one (12.4), "
	    "or none") },
	{ NULL, "cudnn", "V", N_("the cuDNN release, or a prefix of one (9), "
	    "or none") },
	{ NULL, "for", "PKG==VER", N_("the CUDA and cuDNN this framework needs "
	    "(torch==2.3.0)") },
	{ NULL, "shell", "sh|fish", N_("the shell to print for (default sh)") },
	{ NULL, "components", "NAME", N_("a component set of the index: "
	    "runtime (the shared libraries only, for images) or devel") },
	{ NULL, "no-driver", NULL, N_("for an image: ignore the driver here, "
	    "refuse to place driver libraries") },
	{ "doctor", "driver", "VERSION", N_("judge the target as an image "
	    "that will run on this host driver (550.54.15)") },
	{ "doctor", "quiet", NULL, N_("only the errors and warnings, a line "
	    "each, and their count") },
	{ NULL, "json", NULL, N_("one JSON document on stdout, errors "
	    "included") },
	{ NULL, "yes", NULL, N_("answer every question with its default") },
	{ NULL, "dry-run", NULL, N_("print the exact operations and do none "
	    "of them") },
	{ NULL, "system", NULL, N_("also write /etc/ld.so.conf.d and "
	    "/etc/profile.d") },
	{ NULL, "force", NULL, N_("remove the current default too") },
	{ NULL, "undo", NULL, N_("put back what the last repair changed") },
	{ NULL, "path-first", NULL, N_("keep LD_LIBRARY_PATH ahead of the "
	    "env's directories") },
	{ "clean", "lock-wait", "S", N_("wait up to S seconds for a run "
	    "holding the prefix (default: refuse at once)") },
	{ NULL, "lock-wait", "S", N_("wait up to S seconds for another run "
	    "holding the prefix (none: do not wait)") },
	{ "update", "url", "URL", N_("where the signed index is published "
	    "(default: the index's own update_url)") },
	{ "update", "mirror", "URL", N_("a copy of that directory, tried "
	    "first") },
	{ "update", "allow-expired", NULL, N_("take an index past its expiry "
	    "date, with a warning and an audit line") },
	{ NULL, NULL, NULL, NULL }
};

static const struct opt_help *
find_help(const char *cmd, const char *name)
{
	const struct opt_help *o;

	for (o = opt_helps; o->name != NULL; o++) {
		if (strcmp(o->name, name) == 0 &&
		    (o->cmd == NULL || strcmp(o->cmd, cmd) == 0)) {
			return o;
		}
	}
	return NULL;
}

/* One option's line in a command's help. */
static void
print_option(FILE *fp, const struct cli_cmd *cmd, const char *name)
{
	const struct opt_help *o = find_help(cmd->name, name);
	char lhs[64], *line;

	snprintf(lhs, sizeof(lhs), "--%s%s%s", name,
	    o != NULL && o->arg != NULL ? " " : "",
	    o != NULL && o->arg != NULL ? o->arg : "");
	if (o == NULL) {
		fprintf(fp, "  %s\n", lhs);
	} else if (asprintf(&line, "%-18s %s", lhs, _(o->text)) > 0) {
		cli_wrap(fp, 2, 21, line);
		free(line);
	}
}

void
cli_cmd_usage(FILE *fp, const struct cli_cmd *cmd)
{
	const char *const *p;
	const char *a;
	size_t n;
	char *line;

	if (asprintf(&line, _("Usage: %s %s %s"), PACKAGE, cmd->name,
	    cmd->args) > 0) {
		cli_wrap(fp, 0, 8, line);
		free(line);
	}
	fprintf(fp, "%s\n", _(cmd->summary));
	if (cmd->accepts != NULL && cmd->accepts[0] != NULL) {
		fprintf(fp, "\n%s\n", _("Options:"));
	}
	for (p = cmd->accepts; p != NULL && *p != NULL; p++) {
		print_option(fp, cmd, *p);
	}
	/* global options its usage names (--json) */
	for (a = cmd->args; (a = strstr(a, "--")) != NULL; a += n) {
		char name[32];

		a += 2;
		n = strspn(a, "abcdefghijklmnopqrstuvwxyz-");
		snprintf(name, sizeof(name), "%.*s", (int)n, a);
		for (p = cmd->accepts; p != NULL && *p != NULL; p++) {
			if (strcmp(*p, name) == 0) {
				break;
			}
		}
		if ((p == NULL || *p == NULL) && n > 0) {
			print_option(fp, cmd, name);
		}
	}

	if (asprintf(&line, _("Global options (--root, --manifest, --mirror, "
	    "--cache, --offline, --jobs, --json, --quiet...) apply too: see "
	    "`%s --help`, and the manual: man %s"), PACKAGE, PACKAGE) > 0) {
		fputc('\n', fp);
		cli_wrap(fp, 0, 0, line);
		free(line);
	}
}

/*
 * The optimal string alignment distance of A and B: insertions, deletions,
 * substitutions and swaps of two neighbours ("isntall") cost one each.
 */
int
cli_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *d, r;

	if (la > 64 || lb > 64) {
		return 99;	/* nothing people type by mistake */
	}
	d = calloc((la + 1) * (lb + 1), sizeof(*d));
	if (d == NULL) {
		abort();
	}
#define D(x, y) d[(x) * (lb + 1) + (y)]
	for (i = 0; i <= la; i++) {
		D(i, 0) = (int)i;
	}
	for (j = 0; j <= lb; j++) {
		D(0, j) = (int)j;
	}
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1], v;

			v = D(i - 1, j) + 1;
			if (D(i, j - 1) + 1 < v) {
				v = D(i, j - 1) + 1;
			}
			if (D(i - 1, j - 1) + cost < v) {
				v = D(i - 1, j - 1) + cost;
			}
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && D(i - 2, j - 2) + 1 < v) {
				v = D(i - 2, j - 2) + 1;
			}
			D(i, j) = v;
		}
	}
	r = D(la, lb);
#undef D
	free(d);
	return r;
}

/*
 * Of the N candidates, the one closest to WORD when it is close enough to
 * be what was meant: at most one edit in a word of up to four characters,
 * two up to eight, three beyond, and never a word changed by half.  A tie
 * goes to the first.  NULL when none is.
 */
const char *
cli_suggest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	int bestd = 99, max;
	size_t i, len = strlen(word);

	max = len <= 4 ? 1 : len <= 8 ? 2 : 3;
	for (i = 0; i < n; i++) {
		int d;

		if (cands[i] == NULL || strcmp(cands[i], word) == 0) {
			continue;
		}
		d = cli_distance(word, cands[i]);
		if (d <= max && d * 2 < (int)strlen(cands[i]) && d < bestd) {
			best = cands[i];
			bestd = d;
		}
	}
	return best;
}

/* The names of the commands, NULL-terminated (free() the array). */
static const char **
command_names(size_t *n)
{
	const struct cli_cmd *c;
	const char **v;
	size_t k = 0;

	for (c = cli_commands(); c->name != NULL; c++) {
		k++;
	}
	v = calloc(k + 2, sizeof(*v));
	if (v == NULL) {
		abort();
	}
	k = 0;
	for (c = cli_commands(); c->name != NULL; c++) {
		v[k++] = c->name;
	}
	v[k++] = "help";
	*n = k;
	return v;
}

int
cli_unknown_command(struct cli *c, const char *word)
{
	size_t n;
	const char **names = command_names(&n);
	const char *s = cli_suggest(word, names, n);
	int ret;

	if (s != NULL) {
		ret = cli_fail(c, _("unknown command '%s'; did you mean '%s'? "
		    "(`%s help` lists the commands)"), word, s, PACKAGE);
	} else {
		ret = cli_fail(c, _("unknown command '%s' (`%s help` lists "
		    "the commands)"), word, PACKAGE);
	}
	free(names);
	return ret;
}

int
cli_unknown_option(struct cli *c, const struct cli_cmd *cmd,
    const char *arg, const char *const *names, size_t n)
{
	const char *word = arg, *s;
	char where[64];

	if (strncmp(word, "--", 2) == 0) {
		word += 2;
	} else if (word[0] == '-') {
		word += 1;
	}
	word = strndup(word, strcspn(word, "="));
	if (word == NULL) {
		abort();
	}
	s = cli_suggest(word, names, n);
	free((char *)word);
	if (cmd != NULL) {
		snprintf(where, sizeof(where), "%s %s --help", PACKAGE,
		    cmd->name);
	} else {
		snprintf(where, sizeof(where), "%s --help", PACKAGE);
	}
	if (s != NULL) {
		return cli_fail(c, _("unknown option '%s'; did you mean "
		    "'--%s'? (see `%s`)"), arg, s, where);
	}
	return cli_fail(c, _("unknown option '%s' (see `%s`)"), arg, where);
}

int
cli_help_command(struct cli *c, int argc, char **argv)
{
	const struct cli_cmd *cmd;

	if (argc == 0) {
		cli_usage(stdout);
		return 0;
	}
	if (argc > 1) {
		return cli_fail(c, _("help: one command at a time ('%s')"),
		    argv[1]);
	}
	for (cmd = cli_commands(); cmd->name != NULL; cmd++) {
		if (strcmp(cmd->name, argv[0]) == 0) {
			cli_cmd_usage(stdout, cmd);
			return 0;
		}
	}
	if (strcmp(argv[0], "help") == 0) {
		cli_usage(stdout);
		return 0;
	}
	return cli_unknown_command(c, argv[0]);
}

/* The numbers of version V, up to 8 ("12.6.3": 12, 6, 3); how many. */
static int
ver_parts(const char *v, long *out)
{
	int n = 0;

	while (n < 8 && *v >= '0' && *v <= '9') {
		char *end;

		out[n++] = strtol(v, &end, 10);
		if (*end != '.') {
			break;
		}
		v = end + 1;
	}
	return n;
}

/*
 * The releases of KIND in M nearest to WANT, which M does not have, in
 * BUF joined by ", ": of those that share the most leading numbers with
 * it (the major at least), the nearest in the next number (12.6.4: 12.6.3;
 * 12.7: 12.6.3 and 12.8.1; 13.1: 13.0.2).  Numbers, not letters: a
 * version is not mistyped as a word is.  "" when none shares the major.
 */
static void
close_versions(const struct cds_manifest *m, enum cds_kind kind,
    const char *want, char *buf, size_t size)
{
	size_t i, n = cds_manifest_nreleases(m);
	long w[8], best_d = -1;
	int nw = ver_parts(want, w), best_c = 0, pass;

	buf[0] = '\0';
	/* pass 0 finds the best, pass 1 writes those that are it */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			const struct cds_release *r = cds_manifest_release(m,
			    i);
			long v[8], d;
			int nv, k = 0;

			if (r->kind != kind) {
				continue;
			}
			nv = ver_parts(r->full_version, v);
			while (k < nw && k < nv && v[k] == w[k]) {
				k++;
			}
			if (k == 0 || k >= nw || k >= nv) {
				continue;
			}
			d = v[k] > w[k] ? v[k] - w[k] : w[k] - v[k];
			if (pass == 0 && (k > best_c || (k == best_c &&
			    d < best_d))) {
				best_c = k;
				best_d = d;
			} else if (pass == 1 && k == best_c && d == best_d) {
				snprintf(buf + strlen(buf), size - strlen(buf),
				    "%s%s", buf[0] != '\0' ? _(" or ") : "",
				    r->version);
			}
		}
	}
}

/* Is there a command NAME (`update` comes from another part of the
 * program; the advice names it only where it exists)? */
static int
has_command(const char *name)
{
	const struct cli_cmd *cmd;

	for (cmd = cli_commands(); cmd->name != NULL; cmd++) {
		if (strcmp(cmd->name, name) == 0) {
			return 1;
		}
	}
	return 0;
}

/* One of --cuda and --cudnn: 0 when the manifest has it (or it is
 * "none"), else the error, with what is close and what to do. */
static int
check_version(struct cli *c, const struct cds_manifest *m,
    enum cds_kind kind, const char *want)
{
	const char *opt = kind == CDS_KIND_CUDA ? "cuda" : "cudnn";
	char close[256], *known = NULL, *tmp;
	size_t i;

	if (want == NULL || strcmp(want, "none") == 0 ||
	    cds_manifest_find(m, kind, want) != NULL) {
		return 0;
	}
	for (i = 0; i < cds_manifest_nreleases(m); i++) {
		const struct cds_release *r = cds_manifest_release(m, i);

		if (r->kind != kind) {
			continue;
		}
		if (asprintf(&tmp, "%s%s%s", known != NULL ? known : "",
		    known != NULL ? ", " : "", r->version) == -1) {
			abort();
		}
		free(known);
		known = tmp;
	}
	close_versions(m, kind, want, close, sizeof(close));
	cli_fail(c, _("--%s %s: not in %s (its %s releases: %s)"), opt, want,
	    cds_manifest_path(m), kind == CDS_KIND_CUDA ? "CUDA" : "cuDNN",
	    known != NULL ? known : _("none"));
	if (close[0] != '\0') {
		fprintf(stderr, _("  did you mean --%s %s?\n"), opt, close);
	}
	if (has_command("update")) {
		fprintf(stderr, _("  a newer index may know it: `%s update`, "
		    "then again\n"), PACKAGE);
	}
	fprintf(stderr, _("  for a release this index does not know yet, "
	    "give NVIDIA's manifest of it\n  (a redistrib_*.json, path or "
	    "URL): %s %s --manifest FILE --%s %s\n"), PACKAGE,
	    c->cmd != NULL ? c->cmd : "plan", opt, want);
	free(known);
	return 2;
}

int
cli_check_versions(struct cli *c)
{
	const struct cds_manifest *m;
	int r;

	if (c->json || (c->cuda == NULL && c->cudnn == NULL)) {
		return 0;	/* JSON: the engine's error, as data */
	}
	if ((m = cds_manifest_load(c->h)) == NULL) {
		return 0;	/* reported by the command, as always */
	}
	if ((r = check_version(c, m, CDS_KIND_CUDA, c->cuda)) != 0) {
		return r;
	}
	return check_version(c, m, CDS_KIND_CUDNN, c->cudnn);
}

/*
 * The handle's error after a command could not find ENV (--env or
 * --prefix; NULL: none given): with --json, {"error": {...}} on stdout
 * (and "did_you_mean", the name of a known env close to ENV, or null);
 * else the error on stderr, then the close name and how to list the envs.
 * Returns the exit status.
 */
/* What to do when ENV named no env, or a directory that is no env: a
 * venv is named by its path. */
static void
venv_hint(struct cli *c, int err, const char *env)
{
	char *cfg;

	if (env == NULL) {
		return;
	}
	if (err == CDS_ERR_NOT_FOUND && strchr(env, '/') == NULL &&
	    c->root == NULL && asprintf(&cfg, "%s/pyvenv.cfg", env) != -1) {
		if (access(cfg, F_OK) == 0) {
			fprintf(stderr, _("  %s here is a venv: name it by its "
			    "path, --env ./%s\n"), env, env);
		}
		free(cfg);
	} else if (err == CDS_ERR_BAD_INPUT && strchr(env, '/') != NULL) {
		fprintf(stderr, _("  --env takes a conda env's name or path, "
		    "or a venv's directory (the one that holds pyvenv.cfg and "
		    "bin/activate); a new venv: python3 -m venv DIR\n"));
	}
}

int
cli_fail_env(struct cli *c, const char *env)
{
	int err = cds_errno(c->h);
	/* in words now: the scan below sets the handle's error anew */
	json_t *e = c->json ? cli_error_json(c) : NULL;
	char *text = c->json ? NULL : cli_err_text(c);
	char *hint = c->json ? NULL : cli_err_hint(c);
	const char *s = NULL;
	struct cds_scan *scan = NULL;
	int ret;

	if (err == CDS_ERR_NOT_FOUND && env != NULL && strchr(env, '/') ==
	    NULL && (scan = cds_scan_run(c->h, NULL, CDS_SCAN_NO_DYNAMIC)) !=
	    NULL) {
		const char **names = calloc(scan->nenvs + 1, sizeof(*names));
		size_t i;

		if (names == NULL) {
			abort();
		}
		for (i = 0; i < scan->nenvs; i++) {
			names[i] = scan->envs[i].name;
		}
		s = cli_suggest(env, names, scan->nenvs);
		free(names);
	}
	ret = cds_exit_status(err == CDS_ERR_OK ? CDS_ERR_IO : err);
	if (c->json) {
		if (err == CDS_ERR_NOT_FOUND && env != NULL) {
			json_object_set_new(e, "did_you_mean", cli_jstr(s));
		}
		cli_json_print(json_pack("{s:o}", "error", e));
	} else {
		cli_fail(c, "%s", text);
		if (hint != NULL) {
			fprintf(stderr, "  %s\n", hint);
		}
		if (s != NULL) {
			fprintf(stderr, _("  did you mean --env %s?\n"), s);
		}
		if (err == CDS_ERR_NOT_FOUND && env != NULL) {
			fprintf(stderr, _("  `%s doctor` lists the envs it "
			    "finds; --prefix DIR takes any env by its path\n"),
			    PACKAGE);
		}
		venv_hint(c, err, env);
	}
	cds_scan_free(scan);
	free(text);
	free(hint);
	return ret;
}

/*
 * Where else release WHAT is installed, when the prefix in use does not
 * have it: the other usual prefix (the user's for root, the system's for a
 * user) and, under sudo, the invoking user's.  A new string naming the
 * prefix, or NULL.
 */
static char *
installed_elsewhere(struct cli *c, const char *what)
{
	char *cands[3] = { NULL, NULL, NULL }, *found = NULL;
	const char *sudo_user = getenv("SUDO_USER");
	int i, err;

	cands[0] = cds_prefix_default(c->h, CDS_PREFIX_SYSTEM);
	cands[1] = cds_prefix_default(c->h, CDS_PREFIX_USER);
	if (geteuid() == 0 && sudo_user != NULL && *sudo_user != '\0' &&
	    c->root == NULL) {
		struct passwd *pw = getpwnam(sudo_user);

		if (pw != NULL && pw->pw_dir != NULL &&
		    asprintf(&cands[2], "%s/.local/share/cudnn-setup",
		    pw->pw_dir) == -1) {
			cands[2] = NULL;
		}
	}
	for (i = 0; i < 3 && found == NULL; i++) {
		cds_handle_t *h2;
		char *name;

		if (cands[i] == NULL || strcmp(cands[i],
		    cds_prefix(c->h)) == 0 ||
		    (h2 = cds_new(c->root, &err)) == NULL) {
			continue;
		}
		if (cds_set_prefix(h2, cands[i]) == 0 &&
		    (name = cds_prefix_resolve(h2, what)) != NULL) {
			found = cands[i];
			cands[i] = NULL;
			free(name);
		}
		cds_free(h2);
	}
	for (i = 0; i < 3; i++) {
		free(cands[i]);
	}
	return found;
}

/* Can this user write the prefix (its nearest existing directory)? */
static int
prefix_writable(struct cli *c)
{
	char *p;
	int ok;

	if (asprintf(&p, "%s%s", c->root != NULL ? c->root : "",
	    cds_prefix(c->h)) == -1) {
		abort();
	}
	for (;;) {
		char *slash;

		if (access(p, F_OK) == 0) {
			break;
		}
		if ((slash = strrchr(p, '/')) == NULL || slash == p) {
			p[1] = '\0';
			break;
		}
		*slash = '\0';
	}
	ok = access(p, W_OK) == 0;
	free(p);
	return ok;
}

void
cli_prefix_hint(struct cli *c, const char *what)
{
	int err = cds_errno(c->h);
	char *other;

	if (err == CDS_ERR_NOT_FOUND && what != NULL && c->prefix == NULL &&
	    (other = installed_elsewhere(c, what)) != NULL) {
		fprintf(stderr, _("  %s is installed in %s: add --prefix %s\n"),
		    what, other, other);
		free(other);
	} else if (err == CDS_ERR_IO && geteuid() != 0 && !prefix_writable(c)) {
		char *mine = cds_prefix_default(c->h, CDS_PREFIX_USER);

		fprintf(stderr, _("  you cannot write %s: run this as root "
		    "(sudo), or use a prefix of your own:\n  leave out "
		    "--prefix (yours is %s) or give --prefix DIR you can "
		    "write\n"), cds_prefix(c->h), mine);
		free(mine);
	}
}

/*
 * `cudnn-setup __complete WHAT`: the words shell completion offers, one a
 * line, for ui/bash-completion, ui/zsh-completion and ui/fish-completion
 * (not a command people type; not in the help).  WHAT: commands; options
 * COMMAND (the global ones, and COMMAND's); cuda or cudnn (the versions
 * the manifest knows, newest last as it lists them); envs (the envs doctor
 * finds); releases (those the prefix holds).  The global options given
 * before it (--root, --manifest, --prefix) choose what is asked.  Nothing
 * on stderr: a shell is completing.
 */
int
cli_complete(struct cli *c, int argc, char **argv)
{
	const char *what = argc > 0 ? argv[0] : "";
	const struct cli_cmd *cmd;
	size_t i;

	if (strcmp(what, "commands") == 0) {
		for (cmd = cli_commands(); cmd->name != NULL; cmd++) {
			printf("%s\n", cmd->name);
		}
		printf("help\n");
		return 0;
	}
	if (strcmp(what, "options") == 0) {
		cli_print_options(stdout, argc > 1 ? argv[1] : NULL);
		return 0;
	}
	if (strcmp(what, "cuda") == 0 || strcmp(what, "cudnn") == 0) {
		const struct cds_manifest *m = cds_manifest_load(c->h);
		enum cds_kind k = strcmp(what, "cuda") == 0 ? CDS_KIND_CUDA :
		    CDS_KIND_CUDNN;

		for (i = 0; m != NULL && i < cds_manifest_nreleases(m); i++) {
			const struct cds_release *r = cds_manifest_release(m,
			    i);

			if (r->kind == k) {
				printf("%s\n", r->version);
			}
		}
		return m != NULL ? 0 : 1;
	}
	if (strcmp(what, "envs") == 0) {
		struct cds_scan *s = cds_scan_run(c->h, NULL,
		    CDS_SCAN_NO_DYNAMIC);

		for (i = 0; s != NULL && i < s->nenvs; i++) {
			printf("%s\n", s->envs[i].name);
		}
		cds_scan_free(s);
		return s != NULL ? 0 : 1;
	}
	if (strcmp(what, "releases") == 0) {
		struct cds_installed_list *l = cds_prefix_list(c->h);

		for (i = 0; l != NULL && i < l->n; i++) {
			printf("%s\n", l->v[i].name);
		}
		cds_installed_list_free(l);
		return l != NULL ? 0 : 1;
	}
	return 2;
}
