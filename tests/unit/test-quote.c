/*
 * test-quote.c - src/base/quote.c against the real interpreters: every
 * hostile string (quotes of each kind, backslashes, $ and ` expansions,
 * globs, options, comments, control characters, newlines, UTF-8, a long
 * one ending in a quote) quoted for sh, fish and Tcl and printed by that
 * language's own printf/puts comes back byte for byte.  The languages run
 * from a script file: sh (/bin/sh and bash), fish --no-config and tclsh;
 * those not installed are skipped, saying so.  And cds_shquote() leaves a
 * word of plain characters as it is, quoting everything else; and
 * cds_brequote() makes of each one-line string a pattern with which the
 * real sed, over a file of them all, prints that line and no other.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/quote.h"
#include "tap.h"

static const char *const hostile[] = {
	"", "'", "''", "\\", "\\'", "a'b", "it's", "\"", "\"'\"",
	"$HOME", "${HOME}", "$(id)", "`id`", "a b", " lead", "trail ",
	"\n", "a\nb\n", "tab\there", "*", "?", "[ab]", "{a,b}", "~", "~root",
	"-n", "--", "-e \\n", "!", "!!", "#comment", "a;b|c&d>e<f",
	"%s%d", "\\n\\t", "\x01\x1f\x7f", "\xe6\x97\xa5\xe6\x9c\xac",
	"';rm -rf /;'", "\\\\'\\\\", "$'x'", "(sub)", "[expr 1]", "$x{y}",
	"/usr/local/cuda-12.4/lib64", "a=b", "/opt/cu.da[1]*&/stubs",
	"/opt/cuXda&/stubs", "/opt/cuda/stubs", "a", "ab", "x/y", NULL
};

struct lang {
	const char *name;
	enum cds_quote how;
	const char *run;	/* the interpreter, given the script's path */
	const char *probe;	/* installed? (run by sh) */
	const char *print;	/* before the quoted word */
	const char *end;	/* after it */
};

static const struct lang langs[] = {
	{ "sh", CDS_QUOTE_SH, "/bin/sh", "test -x /bin/sh", "printf %s ",
	    "\n" },
	{ "bash", CDS_QUOTE_SH, "bash --norc --noprofile",
	    "command -v bash", "printf %s ", "\n" },
	{ "fish", CDS_QUOTE_FISH, "fish --no-config",
	    "command -v fish", "printf %s ", "\n" },
	{ "tcl", CDS_QUOTE_TCL, "tclsh", "command -v tclsh",
	    "fconfigure stdout -translation lf -encoding utf-8\n"
	    "puts -nonewline ", "\n" },
};
#define NLANGS (sizeof(langs) / sizeof(langs[0]))

/* What the sh command CMD (freed here) writes on its stdout; NULL when
 * it cannot run or fails. */
static char *
output_of(char *cmd)
{
	struct cds_buf out = {0};
	char chunk[4096];
	size_t n;
	FILE *f = popen(cmd, "r");

	free(cmd);
	if (f == NULL) {
		return NULL;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		cds_buf_add(&out, chunk, n);
	}
	if (pclose(f) != 0) {
		cds_buf_free(&out);
		return NULL;
	}
	return cds_buf_steal(&out);
}

/* What `sed -n` prints from the file LINES with the address made of S
 * by cds_brequote(): S's own line, and only it. */
static char *
sed_matches(const char *s, const char *lines)
{
	char *re = cds_brequote(s, '|');
	char *script = cds_xasprintf("\\|^%s$|p", re);
	char *q = cds_quote(CDS_QUOTE_SH, script);
	char *got = output_of(cds_xasprintf("LC_ALL=C sed -n %s %s", q,
	    lines));

	free(q);
	free(script);
	free(re);
	return got;
}

/* What LANG prints for the word Q, read back from a script file. */
static char *
run(const struct lang *l, const char *q, const char *dir)
{
	char *script = cds_xasprintf("%s/script", dir), *got;
	FILE *f;

	f = fopen(script, "w");
	if (f == NULL) {
		free(script);
		return NULL;
	}
	if (strcmp(l->name, "tcl") == 0) {
		fputs("encoding system utf-8\n", f);
	}
	fprintf(f, "%s%s%s", l->print, q, l->end);
	fclose(f);
	got = output_of(cds_xasprintf("LC_ALL=C.UTF-8 %s %s", l->run,
	    script));
	free(script);
	return got;
}

static int
installed(const struct lang *l)
{
	char *cmd = cds_xasprintf("%s >/dev/null 2>&1", l->probe);
	int rc = system(cmd);

	free(cmd);
	return rc == 0;
}

int
main(void)
{
	char dir[] = "/tmp/cds-quote-XXXXXX";
	char *longs;
	size_t i, k, nh = 0, n1 = 0;

	while (hostile[nh] != NULL) {
		n1 += strchr(hostile[nh], '\n') == NULL;
		nh++;
	}
	tap_plan((int)(NLANGS * (nh + 1) + 6 + n1));
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	longs = cds_xcalloc(1, 4098);
	memset(longs, 'a', 4096);
	longs[4096] = '\'';
	for (k = 0; k < NLANGS; k++) {
		const struct lang *l = &langs[k];

		if (!installed(l)) {
			for (i = 0; i <= nh; i++) {
				tap_skip("%s is not installed", l->name);
			}
			continue;
		}
		for (i = 0; i <= nh; i++) {
			const char *s = i < nh ? hostile[i] : longs;
			char *q = cds_quote(l->how, s);
			char *got = run(l, q, dir);
			char *shown = cds_quote(CDS_QUOTE_SH, s);

			tap_ok(got != NULL && strcmp(got, s) == 0,
			    "%s: %.60s comes back as it was", l->name, shown);
			free(shown);
			free(got);
			free(q);
		}
	}
	{
		char *a = cds_shquote("/usr/local/cuda-12.4/lib64");
		char *b = cds_shquote("nvidia-cudnn-cu12==9.8.0");
		char *c = cds_shquote("");
		char *d = cds_shquote("it's");
		char *e = cds_shquote("a b");
		char *g = cds_shquote("$HOME");

		tap_is_str(a, "/usr/local/cuda-12.4/lib64", "a path stays bare");
		tap_is_str(b, "nvidia-cudnn-cu12==9.8.0", "a pin stays bare");
		tap_is_str(c, "''", "the empty word is ''");
		tap_is_str(d, "'it'\\''s'", "a quote: '\\''");
		tap_is_str(e, "'a b'", "a space is quoted");
		tap_is_str(g, "'$HOME'", "a $ is quoted");
		free(a);
		free(b);
		free(c);
		free(d);
		free(e);
		free(g);
	}
	free(longs);
	{
		/* every one-line string, one a line, for sed to choose from */
		char *lines = cds_xasprintf("%s/lines", dir);
		FILE *f = fopen(lines, "w");

		for (i = 0; f != NULL && i < nh; i++) {
			if (strchr(hostile[i], '\n') == NULL) {
				fprintf(f, "%s\n", hostile[i]);
			}
		}
		if (f != NULL) {
			fclose(f);
		}
		for (i = 0; i < nh; i++) {
			const char *s = hostile[i];
			char *want, *got, *shown, *name;

			if (strchr(s, '\n') != NULL) {
				continue;
			}
			want = cds_xasprintf("%s\n", s);
			got = sed_matches(s, lines);
			shown = cds_quote(CDS_QUOTE_SH, s);
			if (!tap_ok(got != NULL && strcmp(got, want) == 0,
			    "sed: %.60s matches its own line, no other",
			    shown) && got != NULL) {
				/* what it printed, one line of TAP */
				for (name = got; *name != '\0'; name++) {
					*name = *name == '\n' ? '/' : *name;
				}
				printf("# printed, lines ended by /: %s\n",
				    got);
			}
			free(shown);
			free(got);
			free(want);
		}
		free(lines);
	}
	{
		char *rm = cds_xasprintf("rm -rf %s", dir);

		if (system(rm) != 0) {
			perror(rm);
		}
		free(rm);
	}
	return tap_done();
}
