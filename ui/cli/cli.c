/*
 * cli.c - the command line: global options, subcommands, the handle.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum {
	OPT_ROOT = 1000,
	OPT_MANIFEST,
	OPT_MIRROR,
	OPT_CACHE,
	OPT_OFFLINE,
	OPT_JOBS,
	OPT_JSON,
	OPT_QUIET,
	OPT_VERBOSE,
	OPT_NO_COLOR,
	OPT_COLOR,
	OPT_VERSION,
	OPT_HELP,
	OPT_ENV,
	OPT_PREFIX,
	OPT_CUDA,
	OPT_CUDNN,
	OPT_FOR,
	OPT_SHELL,
	OPT_YES,
	OPT_DRY_RUN,
	OPT_SYSTEM,
	OPT_FORCE,
	OPT_UNDO,
	OPT_PATH_FIRST,
	OPT_LOCK_WAIT,
	OPT_TIMEOUT,
	OPT_MEMLIMIT,
	OPT_DEADLINE,
	OPT_URL,
	OPT_ALLOW_EXPIRED,
	OPT_DRIVER,
	OPT_COMPONENTS,
	OPT_NO_DRIVER,
	OPT_MAX
};

/* Every option any command takes; cli_cmd.accepts says which are whose. */
static const struct option options[] = {
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "manifest", required_argument, NULL, OPT_MANIFEST },
	{ "mirror", required_argument, NULL, OPT_MIRROR },
	{ "cache", required_argument, NULL, OPT_CACHE },
	{ "offline", no_argument, NULL, OPT_OFFLINE },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "verbose", no_argument, NULL, OPT_VERBOSE },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "color", no_argument, NULL, OPT_COLOR },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "env", required_argument, NULL, OPT_ENV },
	{ "prefix", required_argument, NULL, OPT_PREFIX },
	{ "cuda", required_argument, NULL, OPT_CUDA },
	{ "cudnn", required_argument, NULL, OPT_CUDNN },
	{ "for", required_argument, NULL, OPT_FOR },
	{ "shell", required_argument, NULL, OPT_SHELL },
	{ "yes", no_argument, NULL, OPT_YES },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "system", no_argument, NULL, OPT_SYSTEM },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "undo", no_argument, NULL, OPT_UNDO },
	{ "path-first", no_argument, NULL, OPT_PATH_FIRST },
	{ "lock-wait", required_argument, NULL, OPT_LOCK_WAIT },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "memlimit", required_argument, NULL, OPT_MEMLIMIT },
	{ "deadline", required_argument, NULL, OPT_DEADLINE },
	{ "url", required_argument, NULL, OPT_URL },
	{ "allow-expired", no_argument, NULL, OPT_ALLOW_EXPIRED },
	{ "driver", required_argument, NULL, OPT_DRIVER },
	{ "components", required_argument, NULL, OPT_COMPONENTS },
	{ "no-driver", no_argument, NULL, OPT_NO_DRIVER },
	{ NULL, 0, NULL, 0 }
};

/* Options every command takes (--timeout: any command may fetch a
 * --manifest URL; --memlimit, like --jobs, for the wizard's installs too). */
static const char *const global_opts[] = {
	"root", "manifest", "mirror", "cache", "offline", "jobs", "timeout",
	"deadline", "memlimit", "json", "quiet", "verbose", "no-color",
	"color", "version", "help", NULL
};

static const char *const doctor_opts[] = { "env", "prefix", "driver",
	NULL };
static const char *const repair_opts[] = {
	"env", "prefix", "yes", "dry-run", "undo", "path-first", "lock-wait",
	"cuda", "cudnn", NULL
};
static const char *const verify_opts[] = { "env", "prefix", NULL };
static const char *const plan_opts[] = {
	"cuda", "cudnn", "for", "prefix", "system", "components", "no-driver",
	NULL
};
static const char *const install_opts[] = {
	"cuda", "cudnn", "for", "env", "prefix", "yes", "dry-run", "system",
	"lock-wait", "path-first", "components", "no-driver", NULL
};
static const char *const list_opts[] = { "prefix", NULL };
static const char *const use_opts[] = {
	"prefix", "dry-run", "lock-wait", NULL
};
static const char *const remove_opts[] = {
	"prefix", "yes", "force", "dry-run", "lock-wait", NULL
};
static const char *const clean_opts[] = {
	"prefix", "dry-run", "lock-wait", NULL
};
static const char *const env_opts[] = { "prefix", "shell", NULL };
static const char *const explain_opts[] = { "env", "prefix", NULL };
static const char *const update_opts[] = { "url", "allow-expired", NULL };

/* `__complete` (help.c's cli_complete): every option, for the shells */
static const char *const complete_opts[] = {
	"env", "prefix", "cuda", "cudnn", "for", "shell", "yes", "dry-run",
	"system", "force", "undo", "path-first", "lock-wait", NULL
};
static const struct cli_cmd complete_cmd = {
	"__complete", "WHAT", "", complete_opts, cli_complete
};

static const struct cli_cmd commands[] = {
	{ "doctor", "[--env NAME|--prefix DIR] [--driver VERSION] "
	    "[--json|--quiet]",
	    N_("show what is installed and loaded, and what is wrong"),
	    doctor_opts, cmd_doctor },
	{ "explain", "['ERROR TEXT' | -] [--env NAME|--prefix DIR] [--json]",
	    N_("which known failure a message is, and its cause here"),
	    explain_opts, cmd_explain },
	{ "plan", "[--cuda V] [--cudnn V] [--for PKG==VER] [--prefix DIR] "
	    "[--system] [--components NAME] [--no-driver] [--json]",
	    N_("show what an install would fetch and create, and why"),
	    plan_opts, cmd_plan },
	{ "install", "[--cuda V] [--cudnn V] [--for PKG==VER] [--env NAME] "
	    "[--prefix DIR] [--yes] [--dry-run] [--system] [--lock-wait S] "
	    "[--path-first] [--components NAME] [--no-driver]",
	    N_("install matching CUDA and cuDNN into versioned directories"),
	    install_opts, cmd_install },
	{ "repair", "[--env NAME|--prefix DIR] [--cuda V] [--cudnn V] [--yes] "
	    "[--dry-run] [--undo] [--path-first] [--lock-wait S]",
	    N_("mend an env: library links and activation scripts"),
	    repair_opts, cmd_repair },
	{ "verify", "[--prefix DIR|--env NAME] [--json]",
	    N_("load the driver, runtime and cuDNN and run them on the GPU"),
	    verify_opts, cmd_verify },
	{ "list", "[--prefix DIR]",
	    N_("show the installed releases and the defaults"),
	    list_opts, cmd_list },
	{ "use", "VERSION [--prefix DIR] [--dry-run] [--lock-wait S]",
	    N_("make an installed release the default"),
	    use_opts, cmd_use },
	{ "remove", "VERSION [--prefix DIR] [--yes] [--force] [--dry-run] "
	    "[--lock-wait S]",
	    N_("remove an installed release"),
	    remove_opts, cmd_remove },
	{ "clean", "[--prefix DIR] [--dry-run] [--lock-wait S]",
	    N_("empty the prefix's download cache"),
	    clean_opts, cmd_clean },
	{ "env", "[--shell sh|fish] [--prefix DIR] VERSION",
	    N_("print the environment of a release, for eval"),
	    env_opts, cmd_env },
	{ "update", "[--url URL] [--mirror URL] [--allow-expired] [--json]",
	    N_("fetch a newer index of releases, signed, and keep it"),
	    update_opts, cmd_update },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct cli_cmd *
find_cmd(const char *name)
{
	const struct cli_cmd *c;

	for (c = commands; c->name != NULL; c++) {
		if (strcmp(c->name, name) == 0) {
			return c;
		}
	}
	return NULL;
}

const struct cli_cmd *
cli_commands(void)
{
	return commands;
}

static int accepts(const struct cli_cmd *cmd, const char *name);

void
cli_print_options(FILE *fp, const char *cmdname)
{
	const struct cli_cmd *cmd = cmdname != NULL ? find_cmd(cmdname) : NULL;
	const struct option *o;

	for (o = options; o->name != NULL; o++) {
		if (accepts(cmd, o->name)) {
			fprintf(fp, "--%s\n", o->name);
		}
	}
}

void
cli_usage(FILE *fp)
{
	const struct cli_cmd *c;

	fprintf(fp, _("Usage: %s [COMMAND] [OPTIONS]\n"), PACKAGE);
	fputs(_("Install, check and repair NVIDIA CUDA and cuDNN.\n"
	    "With no command on a terminal, start the wizard.\n\n"), fp);
	fputs(_("Commands:\n"), fp);
	for (c = commands; c->name != NULL; c++) {
		const char *a = c->args;
		int col;

		fprintf(fp, "  %-8s %s\n", c->name, _(c->summary));
		col = fprintf(fp, "           %s", c->name);
		/* the arguments, wrapped at 79 columns */
		while (*a != '\0') {
			size_t n;

			while (*a == ' ') {
				a++;
			}
			n = strcspn(a, " ");
			if (n == 0) {
				break;
			}
			if (col + 1 + (int)n > 79) {
				col = fprintf(fp, "\n            ");
			}
			col += fprintf(fp, " %.*s", (int)n, a);
			a += n;
		}
		fputc('\n', fp);
	}
	fputs(_("\nGlobal options:\n"
	    "  --root DIR       treat DIR as / for everything read and "
	    "written\n"
	    "  --manifest FILE  our index.json or an NVIDIA redistrib file "
	    "(path or URL)\n"
	    "  --mirror URL     base URL to try first (repeatable)\n"
	    "  --cache DIR      keep downloaded archives in DIR\n"
	    "  --offline        use only the cache, no network\n"
	    "  --jobs N         parallel downloads, 1-16 (default 4)\n"
	    "  --json           one JSON document on stdout\n"), fp);
	fputs(_("  --timeout S      give up on a connection silent for S "
	    "seconds, 1-3600\n"
	    "                   (default 15; retried, then the next mirror)\n"
	    "  --deadline S     all downloads of a run end within S seconds "
	    "(default\n"
	    "                   21600, 6 hours; a trickling server cannot hold "
	    "the lock)\n"
	    "  --memlimit SIZE  memory for threaded xz decoding, e.g. 64MiB, "
	    "1MiB-16GiB\n"
	    "                   (default 256MiB; less decodes on fewer "
	    "threads)\n"
	    "  --quiet, --verbose, --no-color, --version, --help\n"), fp);
	fprintf(fp, _("\n`%s help COMMAND` or `%s COMMAND --help`: a "
	    "command's options.\n"), PACKAGE, PACKAGE);
	fputs(_("\nExit status: 0 all good; 1 a problem was found or left; "
	    "2 usage or bad input;\n3 the job could not run "
	    "(network, disk, lock).\n"), fp);
}

static int
accepts(const struct cli_cmd *cmd, const char *name)
{
	const char *const *p;

	for (p = global_opts; *p != NULL; p++) {
		if (strcmp(*p, name) == 0) {
			return 1;
		}
	}
	for (p = cmd != NULL ? cmd->accepts : NULL; p != NULL && *p != NULL;
	    p++) {
		if (strcmp(*p, name) == 0) {
			return 1;
		}
	}
	return 0;
}

static int
parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
		return -1;
	}
	*out = (int)v;
	return 0;
}

/*
 * A size in bytes: digits, then nothing (bytes) or K, M or G with an
 * optional "i" and "B" in any case, powers of 1024 as xz --memlimit reads
 * them ("64MiB", "64M", "65536K", "67108864").
 */
static int
parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	uint64_t mult = 1;
	char *end;

	if (*s < '0' || *s > '9') {
		return -1;
	}
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0) {
		return -1;
	}
	switch (*end) {
	case 'k':
	case 'K':
		mult = (uint64_t)1 << 10;
		break;
	case 'm':
	case 'M':
		mult = (uint64_t)1 << 20;
		break;
	case 'g':
	case 'G':
		mult = (uint64_t)1 << 30;
		break;
	case '\0':
		break;
	default:
		return -1;
	}
	if (mult > 1) {
		end++;
		if (*end == 'i' || *end == 'I') {
			end++;
		}
		if (*end == 'b' || *end == 'B') {
			end++;
		}
	}
	if (*end != '\0' || v > UINT64_MAX / mult) {
		return -1;
	}
	*out = (uint64_t)v * mult;
	return 0;
}

static int
set_option(struct cli *c, int key, const char *arg)
{
	switch (key) {
	case OPT_ROOT:
		c->root = arg;
		break;
	case OPT_MANIFEST:
		c->manifest = arg;
		break;
	case OPT_MIRROR:
		c->mirrors = realloc(c->mirrors,
		    (c->nmirrors + 1) * sizeof(*c->mirrors));
		if (c->mirrors == NULL) {
			abort();
		}
		c->mirrors[c->nmirrors++] = (char *)arg;
		break;
	case OPT_CACHE:
		c->cache = arg;
		break;
	case OPT_OFFLINE:
		c->offline = 1;
		break;
	case OPT_JOBS:
		if (parse_int(arg, 1, 16, &c->jobs) == -1) {
			return cli_fail(c, _("--jobs %s: must be a number "
			    "from 1 to 16"), arg);
		}
		break;
	case OPT_TIMEOUT:
		if (parse_int(arg, 1, CDS_TIMEOUT_MAX, &c->timeout) == -1) {
			return cli_fail(c, _("--timeout %s: must be a number "
			    "of seconds from 1 to %d"), arg, CDS_TIMEOUT_MAX);
		}
		break;
	case OPT_DEADLINE:
		if (parse_int(arg, 1, CDS_DEADLINE_MAX, &c->deadline) == -1) {
			return cli_fail(c, _("--deadline %s: must be a number "
			    "of seconds from 1 to %d"), arg, CDS_DEADLINE_MAX);
		}
		break;
	case OPT_MEMLIMIT:
		if (parse_size(arg, &c->memlimit) == -1) {
			return cli_fail(c, _("--memlimit %s: not a size (a "
			    "number of bytes, or with KiB, MiB or GiB)"), arg);
		}
		if (c->memlimit < CDS_MEMLIMIT_MIN ||
		    c->memlimit > CDS_MEMLIMIT_MAX) {
			return cli_fail(c, _("--memlimit %s: must be from "
			    "%d MiB to %d GiB"), arg,
			    (int)(CDS_MEMLIMIT_MIN >> 20),
			    (int)(CDS_MEMLIMIT_MAX >> 30));
		}
		break;
	case OPT_JSON:
		c->json = 1;
		break;
	case OPT_QUIET:
		c->quiet = 1;
		break;
	case OPT_VERBOSE:
		c->verbose++;
		break;
	case OPT_NO_COLOR:
		c->color = 0;
		break;
	case OPT_COLOR:
		c->color = 1;
		break;
	case OPT_ENV:
		c->env = arg;
		break;
	case OPT_PREFIX:
		c->prefix = arg;
		break;
	case OPT_DRIVER:
		c->driver = arg;
		break;
	case OPT_COMPONENTS:
		c->components = arg;
		break;
	case OPT_NO_DRIVER:
		c->no_driver = 1;
		break;
	case OPT_CUDA:
		c->cuda = arg;
		break;
	case OPT_CUDNN:
		c->cudnn = arg;
		break;
	case OPT_FOR:
		c->forpkg = arg;
		break;
	case OPT_SHELL:
		if (strcmp(arg, "sh") != 0 && strcmp(arg, "fish") != 0) {
			return cli_fail(c, _("--shell %s: must be sh or fish"),
			    arg);
		}
		c->shell = arg;
		break;
	case OPT_YES:
		c->yes = 1;
		break;
	case OPT_DRY_RUN:
		c->dry_run = 1;
		break;
	case OPT_SYSTEM:
		c->system = 1;
		break;
	case OPT_FORCE:
		c->force = 1;
		break;
	case OPT_UNDO:
		c->undo = 1;
		break;
	case OPT_PATH_FIRST:
		c->env_last = 1;
		break;
	case OPT_URL:
		c->url = arg;
		break;
	case OPT_ALLOW_EXPIRED:
		c->allow_expired = 1;
		break;
	case OPT_LOCK_WAIT:
		if (strcmp(arg, "none") == 0) {
			c->lock_wait = -1;
		} else if (parse_int(arg, 0, 86400, &c->lock_wait) == -1) {
			return cli_fail(c, _("--lock-wait %s: must be a number "
			    "of seconds, or none"), arg);
		} else if (c->lock_wait == 0) {
			c->lock_wait = -1;	/* 0 s: do not wait */
		}
		break;
	}
	return 0;
}

/*
 * An option given twice: one that takes a value must get the same one
 * (`--cuda 12.4 --cuda 12.6` is an error naming it, as apt and rustup
 * refuse what contradicts; the same value twice is harmless); --mirror
 * adds one each time, --verbose says more each time; a flag twice is the
 * flag; --color and --no-color contradict.  SEEN holds the first value
 * (or "" for a flag) of each, by key - OPT_ROOT.  0, or the exit status
 * of the error.
 */
static int
repeated(struct cli *c, const char **seen, int key, const char *name,
    const char *arg)
{
	const char *v = arg != NULL ? arg : "";

	if (key == OPT_MIRROR || key == OPT_VERBOSE) {
		return 0;
	}
	if ((key == OPT_COLOR && seen[OPT_NO_COLOR - OPT_ROOT] != NULL) ||
	    (key == OPT_NO_COLOR && seen[OPT_COLOR - OPT_ROOT] != NULL)) {
		return cli_fail(c, _("--color and --no-color contradict; give "
		    "one"));
	}
	seen += key - OPT_ROOT;
	if (*seen != NULL && strcmp(*seen, v) != 0) {
		return cli_fail(c, _("option '--%s' given twice, as '%s' and "
		    "'%s'; give it once"), name, *seen, v);
	}
	*seen = v;
	return 0;
}

static const char *
option_name(int key)
{
	const struct option *o;

	for (o = options; o->name != NULL; o++) {
		if (o->val == key) {
			return o->name;
		}
	}
	return "?";
}

/* doctor, explain and repair take --prefix as the env to look at, not as
 * where releases are installed: a repair's installs go to the shared
 * prefix, never into the env. */
static int
prefix_names_env(const struct cli *c)
{
	static const char *const cmds[] = { "doctor", "explain", "repair",
		NULL };
	const char *const *k;

	for (k = cmds; c->cmd != NULL && *k != NULL; k++) {
		if (strcmp(c->cmd, *k) == 0) {
			return 1;
		}
	}
	return 0;
}

/*
 * --env as a path (one with a '/', or "." or ".."), a venv's or a conda
 * env's: a relative one is taken from the current directory, so that the
 * engine gets the absolute path.  Under --root paths are the root's, and
 * the current directory is not in it: a relative one is refused.
 */
static int
env_path(struct cli *c)
{
	const char *e = c->env;
	char *cwd;

	if (e == NULL || e[0] == '/' || (strchr(e, '/') == NULL &&
	    strcmp(e, ".") != 0 && strcmp(e, "..") != 0)) {
		return 0;
	}
	if (c->root != NULL) {
		return cli_fail(c, _("--env %s: a relative path, and --root "
		    "%s: give the env's path inside the root, from its /"),
		    e, c->root);
	}
	if ((c->env_path = realpath(e, NULL)) != NULL) {
		c->env = c->env_path;
		return 0;
	}
	if ((cwd = getcwd(NULL, 0)) == NULL) {
		return cli_fail(c, _("--env %s: the current directory: %s"),
		    e, strerror(errno));
	}
	/* not there: the engine names it as not found */
	if (asprintf(&c->env_path, "%s/%s", cwd, e) == -1) {
		abort();
	}
	free(cwd);
	c->env = c->env_path;
	return 0;
}

int
cli_open(struct cli *c)
{
	int err;
	size_t i;

	c->h = cds_new(c->root, &err);
	if (c->h == NULL) {
		if (err == CDS_ERR_NOT_FOUND) {
			return cli_fail(c, _("--root %s: no such directory"),
			    c->root);
		}
		return cli_fail(c, _("--root %s: must be an absolute path"),
		    c->root);
	}
	if ((c->manifest != NULL && cds_set_manifest(c->h, c->manifest)) ||
	    (c->cache != NULL && cds_set_cache_dir(c->h, c->cache)) ||
	    (c->jobs != 0 && cds_set_jobs(c->h, c->jobs)) ||
	    (c->timeout != 0 && cds_set_timeout(c->h,
	    (unsigned)c->timeout)) ||
	    (c->deadline != 0 && cds_set_deadline(c->h,
	    (unsigned)c->deadline)) ||
	    (c->memlimit != 0 && cds_set_memlimit(c->h, c->memlimit)) ||
	    (c->prefix != NULL && !prefix_names_env(c) &&
	    cds_set_prefix(c->h, c->prefix))) {
		return cli_fail_handle(c);
	}
	for (i = 0; i < c->nmirrors; i++) {
		if (cds_add_mirror(c->h, c->mirrors[i]) == -1) {
			return cli_fail_handle(c);
		}
	}
	cds_set_offline(c->h, c->offline);
	cli_callbacks_install(c);
	return 0;
}

void
cli_close(struct cli *c)
{
	cds_free(c->h);
	c->h = NULL;
	free(c->mirrors);
	c->mirrors = NULL;
	free(c->env_path);
	c->env_path = NULL;
	c->env = NULL;
}

int (*cli_wizard)(struct cli *c);

/* A bare `cudnn-setup`: the wizard on a terminal (not with --json, not
 * with TERM=dumb); elsewhere usage and doctor's summary. */
static int
no_command(struct cli *c)
{
	char *argv[] = { (char *)"doctor", NULL };
	const char *term = getenv("TERM");
	int ret;

	if (cli_wizard != NULL && !c->json && isatty(STDIN_FILENO) &&
	    isatty(STDOUT_FILENO) && term != NULL && *term != '\0' &&
	    strcmp(term, "dumb") != 0 && (ret = cli_wizard(c)) >= 0) {
		return ret;
	}

	cli_usage(stdout);
	fputs("\n", stdout);
	c->cmd = "doctor";
	/* the command word is not an argument of the command */
	return cmd_doctor(c, 0, argv + 1);
}

/* `help [COMMAND]`: the words after "help" that are not options. */
static int
help_words(struct cli *c, int argc, char **argv)
{
	char *words[2] = { NULL, NULL };
	int i, n = 0;

	for (i = 0; i < argc; i++) {
		if (argv[i][0] == '-') {
			continue;
		}
		if (n == 2) {
			break;
		}
		words[n++] = argv[i];
	}
	return cli_help_command(c, n, words);
}

/* An option getopt does not know: a suggestion from those CMD takes. */
static int
unknown_option(struct cli *c, const struct cli_cmd *cmd, const char *arg)
{
	const char *names[sizeof(options) / sizeof(options[0])];
	const struct option *o;
	size_t n = 0;

	for (o = options; o->name != NULL; o++) {
		if (accepts(cmd, o->name)) {
			names[n++] = o->name;
		}
	}
	return cli_unknown_option(c, cmd, arg, names, n);
}

int
cli_main(int argc, char **argv)
{
	struct cli c;
	const struct cli_cmd *cmd = NULL;
	const char *seen[OPT_MAX - OPT_ROOT] = { NULL };
	int opt, ret, i;

	memset(&c, 0, sizeof(c));
	c.prog = PACKAGE;
	c.color = -1;
	/* the command is the first word that is not an option's argument */
	for (i = 1; i < argc; i++) {
		const struct option *o;

		if (strcmp(argv[i], "--") == 0) {
			break;
		}
		if (argv[i][0] != '-') {
			cmd = find_cmd(argv[i]);
			if (cmd == NULL && strcmp(argv[i], "__complete") ==
			    0) {
				cmd = &complete_cmd;
			}
			if (cmd == NULL && strcmp(argv[i], "help") == 0) {
				cli_color_init(&c);
				return help_words(&c, argc - i - 1,
				    argv + i + 1);
			}
			if (cmd == NULL) {
				cli_color_init(&c);
				return cli_unknown_command(&c, argv[i]);
			}
			c.cmd = cmd->name;
			break;
		}
		for (o = options; o->name != NULL; o++) {
			if (strcmp(argv[i] + 2, o->name) == 0 &&
			    o->has_arg == required_argument) {
				i++;
			}
		}
	}
	opterr = 0;
	/* permuting: options may come before or after the command word */
	while ((opt = getopt_long(argc, argv, ":hVqvy", options, NULL)) !=
	    -1) {
		const char *name;

		switch (opt) {
		case 'h':
			opt = OPT_HELP;
			break;
		case 'V':
			opt = OPT_VERSION;
			break;
		case 'q':
			opt = OPT_QUIET;
			break;
		case 'v':
			opt = OPT_VERBOSE;
			break;
		case 'y':
			opt = OPT_YES;
			break;
		case '?':
			cli_color_init(&c);
			return unknown_option(&c, cmd, argv[optind - 1]);
		case ':':
			cli_color_init(&c);
			return cli_fail(&c, _("option '%s' needs a value"),
			    argv[optind - 1]);
		default:
			break;
		}
		name = option_name(opt);
		if (!accepts(cmd, name)) {
			cli_color_init(&c);
			return cli_fail(&c, _("option '--%s' does not apply "
			    "to '%s'"), name, cmd == NULL ? PACKAGE :
			    cmd->name);
		}
		if (opt == OPT_HELP && cmd != NULL) {
			cli_cmd_usage(stdout, cmd);
			return 0;
		}
		if (opt == OPT_HELP) {
			cli_usage(stdout);
			return 0;
		}
		if (opt == OPT_VERSION) {
			cli_print_version(c.root, c.manifest);
			return 0;
		}
		if ((ret = repeated(&c, seen, opt, name, optarg)) != 0) {
			return ret;
		}
		if ((ret = set_option(&c, opt, optarg)) != 0) {
			return ret;
		}
	}
	cli_color_init(&c);
	if (cmd != NULL) {
		optind++;	/* the command word */
	} else if (optind < argc) {
		return cli_fail(&c, _("unexpected argument '%s'"),
		    argv[optind]);
	}
	if ((ret = env_path(&c)) != 0 || (ret = cli_open(&c)) != 0) {
		cli_close(&c);
		return ret;
	}
	if (cmd == NULL) {
		ret = no_command(&c);
	} else {
		ret = cmd->run(&c, argc - optind, argv + optind);
	}
	cli_close(&c);
	return ret;
}
