/*
 * out.c - how the command line speaks: colours, errors, JSON, questions.
 */
#include "config.h"
#include "cds-version.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "../errtext.h"

static int use_color;

static const char *const colors[] = {
	[CLI_RESET] = "\033[0m",
	[CLI_BOLD] = "\033[1m",
	[CLI_RED] = "\033[1;31m",
	[CLI_YELLOW] = "\033[1;33m",
	[CLI_GREEN] = "\033[1;32m",
	[CLI_BLUE] = "\033[1;34m",
	[CLI_DIM] = "\033[2m",
};

/* Colour only on a terminal, never with NO_COLOR (no-color.org), never
 * with --json or TERM=dumb; --color forces it. */
void
cli_color_init(struct cli *c)
{
	const char *nc = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	c->tty = isatty(STDOUT_FILENO);
	if (c->color == 1) {
		use_color = 1;
	} else if (c->color == 0 || c->json || (nc != NULL && *nc != '\0') ||
	    term == NULL || strcmp(term, "dumb") == 0) {
		use_color = 0;
	} else {
		use_color = c->tty;
	}
}

const char *
cli_c(enum cli_color col)
{
	return use_color ? colors[col] : "";
}

static void
vsay(const char *label, enum cli_color col, const char *fmt, va_list ap)
{
	int err_color = use_color && isatty(STDERR_FILENO);

	fprintf(stderr, "%s: %s%s%s", PACKAGE, err_color ? colors[col] : "",
	    label, err_color ? colors[CLI_RESET] : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int
cli_fail(struct cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(_("error: "), CLI_RED, fmt, ap);
	va_end(ap);
	return 2;
}

void
cli_warn(struct cli *c, const char *fmt, ...)
{
	va_list ap;

	if (c->quiet) {
		return;
	}
	va_start(ap, fmt);
	vsay(_("warning: "), CLI_YELLOW, fmt, ap);
	va_end(ap);
}

/*
 * The env a command is about, from --env NAME or --prefix DIR (one of
 * them; neither: NULL, the active env), in *ENV.  With MANIFEST, the
 * manifest is loaded too (the rules need its floors and framework table).
 * Returns 0, or the exit status of the failure it reported.
 */
int
cli_env_target(struct cli *c, int manifest, const char **env)
{
	*env = c->env != NULL ? c->env : c->prefix;
	if (c->env != NULL && c->prefix != NULL) {
		return cli_fail(c, _("--env and --prefix name the same thing; "
		    "give one"));
	}
	if (manifest && cds_manifest_load(c->h) == NULL) {
		return cli_fail_handle(c);
	}
	return 0;
}

const char *
cli_optname(const char *option)
{
	static char bufs[4][64];
	static unsigned next;
	char *b = bufs[next++ % 4];

	snprintf(b, sizeof(bufs[0]), "--%s", option);
	return b;
}

char *
cli_err_text(struct cli *c)
{
	return ui_err_text(c->h, cli_optname);
}

static char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) == -1) {
		abort();
	}
	va_end(ap);
	return s;
}

/* The engine names the case and the names; the options to type are ours. */
char *
cli_err_hint(struct cli *c)
{
	const char *cuda = cds_errarg(c->h, CDS_ERRARG_CUDA);
	const char *option = cds_errarg(c->h, CDS_ERRARG_OPTION);

	if (cds_errno(c->h) == CDS_ERR_NEED_ANSWER) {
		return xasprintf("%s", _("use --yes (every question takes its "
		    "default), or run it on a terminal"));
	}
	switch (cds_errreason(c->h)) {
	case CDS_REASON_NO_CUDNN_FOR_CUDA:
		return xasprintf(_("--cudnn none installs CUDA %s alone"),
		    cuda != NULL ? cuda : "");
	case CDS_REASON_IS_DEFAULT:
		return xasprintf(_("add --force to remove it anyway, or make "
		    "another the default first: %s use VERSION"), PACKAGE);
	case CDS_REASON_NO_TARGET:
		return xasprintf("%s", _("name what to install: --cuda V, "
		    "--cudnn V or --for PKG==VER"));
	case CDS_REASON_NO_URL:
		return xasprintf("%s", _("give --url URL (the index.json of a "
		    "published catalogue)"));
	case CDS_REASON_EXPIRED:
		return xasprintf("%s", _("--allow-expired takes it anyway"));
	case CDS_REASON_OFFLINE:
		return xasprintf("%s", _("leave out --offline, or give --cache "
		    "DIR where the archives are"));
	case CDS_REASON_BAD_SYNTAX:
		if (option != NULL && strcmp(option, "for") == 0) {
			return xasprintf("%s", _("such as --for "
			    "torch==2.3.0"));
		}
		return NULL;
	case CDS_REASON_NEEDS_INDEX:
		return xasprintf("%s", _("leave out --manifest, or give it "
		    "the index (index.json)"));
	case CDS_REASON_OTHER_SYSTEM:
		return xasprintf(_("run `%s verify` on that system, without "
		    "--root"), PACKAGE);
	default:
		return NULL;
	}
}

/* The handle's error: its translated text and the names involved, e.g.
 * "broken manifest: index.json: line 3: ...", then what to type next. */
int
cli_fail_handle(struct cli *c)
{
	int err = cds_errno(c->h);
	char *text = cli_err_text(c), *hint = cli_err_hint(c);

	cli_fail(c, "%s", text);
	if (hint != NULL) {
		fprintf(stderr, "  %s\n", hint);
	}
	free(text);
	free(hint);
	return cds_exit_status(err == CDS_ERR_OK ? CDS_ERR_IO : err);
}

/* Every document --json prints is an object whose first key, "version",
 * is the program's (as --version prints it), so a script reading it from
 * many hosts knows which cudnn-setup spoke. */
void
cli_json_print(json_t *doc)
{
	json_t *top = doc;

	if (json_is_object(doc) && json_object_get(doc, "version") == NULL) {
		top = json_pack("{s:s}", "version", CDS_VERSION);
		json_object_update(top, doc);
		json_decref(doc);
	}
	json_dumpf(top, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', stdout);
	json_decref(top);
}

json_t *
cli_jstr(const char *s)
{
	return s == NULL ? json_null() : json_string(s);
}

const char *
cli_severity_word(enum cds_severity s)
{
	switch (s) {
	case CDS_SEV_ERROR:
		return "error";
	case CDS_SEV_WARNING:
		return "warning";
	default:
		return "note";
	}
}

const char *
cli_origin_word(enum cds_origin o)
{
	switch (o) {
	case CDS_ORIGIN_TOOLKIT:
		return "toolkit";
	case CDS_ORIGIN_SYSTEM:
		return "system";
	case CDS_ORIGIN_CONDA:
		return "conda";
	case CDS_ORIGIN_PIP:
		return "pip";
	case CDS_ORIGIN_PREFIX:
		return "prefix";
	case CDS_ORIGIN_PATH:
		return "path";
	}
	return "unknown";
}

const char *
cli_bytes(uint64_t n, char buf[32])
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)n;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (u == 0) {
		snprintf(buf, 32, "%llu B", (unsigned long long)n);
	} else {
		snprintf(buf, 32, "%.1f %s", v, units[u]);
	}
	return buf;
}

/* Without a terminal a question is an error, not a hang (DESIGN.md). */
int
cli_can_ask(const struct cli *c)
{
	return c->yes || isatty(STDIN_FILENO);
}

int
cli_ask_yes(struct cli *c, const char *question, int def)
{
	char line[64];

	if (c->yes) {
		return def;
	}
	if (!cli_can_ask(c)) {
		return -1;
	}
	fprintf(stderr, "%s %s ", question, def ? _("[Y/n]") : _("[y/N]"));
	fflush(stderr);
	if (fgets(line, sizeof(line), stdin) == NULL) {
		return -1;
	}
	if (line[0] == '\n') {
		return def;
	}
	/* TRANSLATORS: the first letter of the word for "yes" */
	return line[0] == 'y' || line[0] == 'Y' || line[0] == *_("y");
}
