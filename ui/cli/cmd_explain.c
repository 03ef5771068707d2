/*
 * cmd_explain.c - `cudnn-setup explain 'ERROR TEXT'`: which known failure
 * the text is, what it means, its causes, and which one this machine has.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The whole of stdin into *TEXT (NULL when empty).  Returns -1 when it is
 * longer than explain reads (CDS_EXPLAIN_MAX), -2 when memory ran out, 0
 * otherwise. */
static int
read_stdin(char **text)
{
	size_t cap = 4096, len = 0, n;
	char *buf = malloc(cap), *nb;

	*text = NULL;
	if (buf == NULL) {
		return -2;
	}
	while ((n = fread(buf + len, 1, cap - len - 1, stdin)) > 0) {
		len += n;
		if (len > CDS_EXPLAIN_MAX) {
			free(buf);
			return -1;
		}
		if (len + 1 == cap) {
			if ((nb = realloc(buf, cap * 2)) == NULL) {
				free(buf);
				return -2;
			}
			buf = nb;
			cap *= 2;
		}
	}
	buf[len] = '\0';
	if (len == 0) {
		free(buf);
		return 0;
	}
	*text = buf;
	return 0;
}

/* The arguments joined by spaces (an unquoted paste), or stdin for none
 * or "-", into *TEXT.  Returns read_stdin()'s codes. */
static int
input_text(int argc, char **argv, char **text)
{
	size_t len = 1;
	char *s;
	int i;

	if (argc == 0 || (argc == 1 && strcmp(argv[0], "-") == 0)) {
		if (isatty(STDIN_FILENO)) {
			fputs(_("Paste the error text, then press Ctrl-D.\n"),
			    stderr);
		}
		return read_stdin(text);
	}
	for (i = 0; i < argc; i++) {
		len += strlen(argv[i]) + 1;
	}
	if ((s = calloc(1, len)) == NULL) {
		return -2;
	}
	for (i = 0; i < argc; i++) {
		if (i > 0) {
			strcat(s, " ");
		}
		strcat(s, argv[i]);
	}
	*text = s;
	return 0;
}

static json_t *
json_explanation(const struct cds_explanation *x)
{
	json_t *doc, *matches = json_array(), *causes = json_array();
	size_t i, k;

	for (i = 0; i < x->nmatches; i++) {
		const struct cds_explain_match *m = &x->matches[i];
		json_t *cap = json_object();

		for (k = 0; k < m->ncaptures; k++) {
			json_object_set_new(cap, m->captures[k].key,
			    json_string(m->captures[k].value));
		}
		json_array_append_new(matches, json_pack("{s:s, s:s, s:I, "
		    "s:o}", "id", m->id, "text", m->text, "offset",
		    (json_int_t)m->offset, "captures", cap));
	}
	for (i = 0; i < x->ncauses; i++) {
		const struct cds_explain_cause *c = &x->causes[i];
		json_t *ids = json_array();

		for (k = 0; c->ids != NULL && c->ids[k] != NULL; k++) {
			json_array_append_new(ids, json_string(c->ids[k]));
		}
		json_array_append_new(causes, json_pack("{s:s, s:o, s:b, s:o, "
		    "s:b}", "text", c->text, "finding_ids", ids, "here",
		    c->finding >= 0 || c->by_message, "finding",
		    c->finding >= 0 ? json_integer(c->finding) : json_null(),
		    "by_message", c->by_message));
	}
	doc = json_pack("{s:i, s:b, s:s, s:s, s:o, s:s, s:s, s:o, s:o, s:o, "
	    "s:o, s:o, s:I}", "schema", 1, "recognised", 1, "id", x->id,
	    "title", x->title, "matches", matches, "meaning", x->meaning,
	    "fix", x->fix, "side", cli_jstr(x->side),
	    "causes", causes, "verdict", x->verdict >= 0 ?
	    json_integer(x->verdict) : json_null(), "cause_here",
	    x->verdict >= 0 ? json_string(x->causes[x->verdict].text) :
	    json_null(), "findings", cli_json_findings(x->findings),
	    "other_findings", (json_int_t)x->others);
	return doc;
}

/* What match M's capture KEY is, or NULL. */
static const char *
match_says(const struct cds_explain_match *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			return m->captures[i].value;
		}
	}
	return NULL;
}

/* What NVIDIA's Xid catalog says to do, its bucket (the capture "code
 * action") in words; NULL for a bucket not known here. */
static const char *
action_words(const char *bucket)
{
	static const char *const words[][2] = {
		{ "RESTART_APP", N_("restart the program") },
		{ "RESET_GPU", N_("reset the GPU (nvidia-smi -r) or reboot") },
		{ "RESTART_BM", N_("reboot the machine") },
		{ "RESTART_VM", N_("restart the virtual machine") },
		{ "IGNORE", N_("nothing needed for the GPU itself") },
		{ "CHECK_MECHANICALS", N_("check the GPU's power cables and "
		    "seating") },
		{ "UPDATE_SWFW", N_("update the driver and the GPU's "
		    "firmware") },
		{ "CONTACT_SUPPORT", N_("contact the GPU's vendor or "
		    "NVIDIA") },
		{ "WORKFLOW_XID_45", N_("look at the Xid before it: this one "
		    "follows it") },
		{ "WORKFLOW_XID_48", N_("reset the GPU or reboot; nvidia-smi "
		    "-q -d ECC shows the memory errors") },
		{ "WORKFLOW_NVLINK_ERR", N_("reset the GPU or reboot; "
		    "nvidia-smi nvlink shows the links") },
		{ "WORKFLOW_NVLINK5_ERR", N_("reset the GPU or reboot; "
		    "nvidia-smi nvlink shows the links") },
		{ "XID_154", N_("the recovery action the line names") },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strcmp(words[i][0], bucket) == 0) {
			return _(words[i][1]);
		}
	}
	return NULL;
}

/* The status code the message carries, in the library's own words (an
 * Xid its catalog calls unused has none), and what its maker says to do
 * about it. */
static void
print_code(const struct cds_explain_match *m)
{
	const char *name = match_says(m, "code"), *by, *says, *act, *w;
	char *line = NULL;
	int n;

	if (name == NULL) {
		return;
	}
	by = match_says(m, "printed by");
	says = match_says(m, "code says");
	if (says != NULL && *says == '\0') {
		n = by != NULL ? asprintf(&line, _("%s %s (%s), printed by "
		    "%s"), match_says(m, "code library"), name,
		    match_says(m, "code value"), by) :
		    asprintf(&line, _("%s %s (%s)"), match_says(m,
		    "code library"), name, match_says(m, "code value"));
	} else {
		n = by != NULL ? asprintf(&line, _("%s %s (%s), printed by "
		    "%s: \"%s\""), match_says(m, "code library"), name,
		    match_says(m, "code value"), by, says) :
		    asprintf(&line, _("%s %s (%s): \"%s\""), match_says(m,
		    "code library"), name, match_says(m, "code value"), says);
	}
	if (n > 0) {
		cli_wrap(stdout, 2, 2, line);
		free(line);
	}
	if ((act = match_says(m, "code action")) == NULL) {
		return;
	}
	w = action_words(act);
	n = w != NULL ? asprintf(&line, _("NVIDIA's action for it: %s"), w) :
	    asprintf(&line, _("NVIDIA's action for it: %s (its Xid "
	    "catalog)"), act);
	if (n > 0) {
		cli_wrap(stdout, 2, 2, line);
		free(line);
	}
}

/* Can a finding on this machine show any of X's causes? */
static int
checkable(const struct cds_explanation *x)
{
	size_t i;

	for (i = 0; i < x->ncauses; i++) {
		if (x->causes[i].ids != NULL && x->causes[i].ids[0] != NULL) {
			return 1;
		}
	}
	return 0;
}

static void
print_explanation(const struct cds_explanation *x)
{
	size_t i;

	printf("%s%s%s: %s\n", cli_c(CLI_BOLD), x->id, cli_c(CLI_RESET),
	    x->title);
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("The message"),
	    cli_c(CLI_RESET));
	cli_wrap(stdout, 2, 2, x->matches[0].text);
	print_code(&x->matches[0]);
	for (i = 1; i < x->nmatches; i++) {
		char *also = NULL;

		if (asprintf(&also, _("(also recognised: %s, %s)"),
		    x->matches[i].id, cds_explain_title(x->matches[i].id)) >
		    0) {
			cli_wrap(stdout, 2, 2, also);
			free(also);
		}
	}
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("What it means"),
	    cli_c(CLI_RESET));
	cli_wrap(stdout, 2, 2, x->meaning);
	if (x->side != NULL) {
		printf("\n");
		cli_wrap(stdout, 2, 2, strcmp(x->side, "host") == 0 ?
		    _("The fix is made on the host, not in the container: run "
		    "`cudnn-setup doctor` on the host.") :
		    _("The fix is made in the container's image."));
	}
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("Known causes, checked on "
	    "this machine"), cli_c(CLI_RESET));
	if (x->ncauses == 0) {
		cli_wrap(stdout, 2, 2, _("none on this machine: the cause lies "
		    "elsewhere."));
	}
	for (i = 0; i < x->ncauses; i++) {
		const struct cds_explain_cause *c = &x->causes[i];
		char *line = NULL;
		int here = c->finding >= 0 || c->by_message;
		const char *mark = c->by_message ? _("the message says so") :
		    c->finding >= 0 ? _("found here") :
		    (c->ids == NULL || c->ids[0] == NULL) ?
		    _("cannot be checked") : _("not found");

		if (asprintf(&line, "%zu. %s [%s%s%s]", i + 1, c->text,
		    here ? cli_c(CLI_RED) : "", mark,
		    here ? cli_c(CLI_RESET) : "") > 0) {
			cli_wrap(stdout, 2, 5, line);
			free(line);
		}
	}
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("Here"), cli_c(CLI_RESET));
	if (x->verdict >= 0) {
		char *line = NULL;

		if (asprintf(&line, _("It is cause %d: %s."), x->verdict + 1,
		    x->causes[x->verdict].text) > 0) {
			cli_wrap(stdout, 2, 2, line);
			free(line);
		}
	} else if (x->ncauses == 0) {
		cli_wrap(stdout, 2, 2, x->fix);
	} else {
		cli_wrap(stdout, 2, 2, checkable(x) ?
		    _("The cause is not determined here: no finding on this "
		    "machine shows any of the known causes.  The failing "
		    "program may run elsewhere, or in another environment "
		    "(another conda env, another LD_LIBRARY_PATH).") :
		    _("None of these causes can be checked on this machine, "
		    "and the message does not say which it is."));
		printf("\n");
		cli_wrap(stdout, 2, 2, x->fix);
	}
	if (x->findings != NULL && x->findings->n > 0) {
		printf("\n");
		cli_print_finding_list(x->findings);
	}
	if (x->others > 0) {
		printf("\n");
		printf(_n("%zu other finding here: run `cudnn-setup doctor`.\n",
		    "%zu other findings here: run `cudnn-setup doctor`.\n",
		    x->others), x->others);
	}
}

/* A text no entry matches: what it names, looked up here, and the nearest
 * known failures.  Exit 1: not recognised. */
static int
unknown(struct cli *c, const char *text)
{
	struct cds_text_reads *r;
	json_t *reads, *closest;
	size_t i;

	/* without the index, libraries are read but not looked up */
	(void)cds_manifest_load(c->h);
	r = cds_explain_reads(c->h, text);
	if (c->json) {
		reads = json_array();
		closest = json_array();
		for (i = 0; i < r->n; i++) {
			json_array_append_new(reads, json_pack("{s:s, s:s, "
			    "s:s?}", "kind", r->items[i].kind, "value",
			    r->items[i].value, "here", r->items[i].here));
		}
		for (i = 0; i < r->nclosest; i++) {
			json_array_append_new(closest, json_pack("{s:s, s:s}",
			    "id", r->closest[i], "title",
			    cds_explain_title(r->closest[i])));
		}
		cli_json_print(json_pack("{s:i, s:b, s:n, s:o, s:o, s:s}",
		    "schema", 1, "recognised", 0, "id", "reads", reads,
		    "closest", closest, "suggestion", "cudnn-setup doctor"));
		cds_text_reads_free(r);
		return 1;
	}
	printf(_("This message is not one I know.\n"));
	if (r->n > 0) {
		printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("What it names, "
		    "looked up here"), cli_c(CLI_RESET));
	}
	for (i = 0; i < r->n; i++) {
		const struct cds_text_read *it = &r->items[i];
		char *line = NULL;

		if ((it->here != NULL ? asprintf(&line, "%s %s: %s",
		    _(it->kind), it->value, it->here) : asprintf(&line,
		    "%s %s", _(it->kind), it->value)) > 0) {
			cli_wrap(stdout, 2, 4, line);
			free(line);
		}
	}
	if (r->nclosest > 0) {
		printf("\n%s%s%s\n", cli_c(CLI_BOLD), _("The nearest known "
		    "failures (by the words they share; not a verdict)"),
		    cli_c(CLI_RESET));
	}
	for (i = 0; i < r->nclosest; i++) {
		printf("  %s: %s\n", r->closest[i],
		    cds_explain_title(r->closest[i]));
	}
	printf(_("\nRun `cudnn-setup doctor` for a full check of this "
	    "machine.\n"));
	cds_text_reads_free(r);
	return 1;
}

int
cmd_explain(struct cli *c, int argc, char **argv)
{
	const char *env;
	struct cds_explanation *x;
	struct cds_scan *s;
	char *text;
	int ret = 0;

	if ((ret = cli_env_target(c, 0, &env)) != 0) {
		return ret;
	}
	switch (input_text(argc, argv, &text)) {
	case -1:
		return cli_fail(c, _("the error text on stdin is longer than "
		    "1 MiB: give the lines around the error"));
	case -2:
		return cli_fail(c, _("out of memory reading the error text"));
	default:
		break;
	}
	if (text == NULL) {
		return cli_fail(c, _("no error text: give it as an argument "
		    "or on stdin"));
	}
	x = cds_explain_text(c->h, text);
	if (x == NULL && cds_errno(c->h) == CDS_ERR_USAGE) {
		free(text);
		return cli_fail_handle(c);
	}
	if (x == NULL) {
		ret = unknown(c, text);
		free(text);
		return ret;
	}
	free(text);
	if (cds_manifest_load(c->h) == NULL) {
		cds_explanation_free(x);
		return cli_fail_handle(c);
	}
	if ((s = cds_scan_run(c->h, env, 0)) == NULL) {
		cds_explanation_free(x);
		return cli_fail_handle(c);
	}
	cds_explain_check(c->h, x, s);
	if (x->verdict >= 0 && x->causes[x->verdict].finding >= 0 &&
	    x->findings->items[x->causes[x->verdict].finding].severity ==
	    CDS_SEV_ERROR) {
		ret = 1;
	}
	if (c->json) {
		cli_json_print(json_explanation(x));
	} else {
		print_explanation(x);
	}
	cds_explanation_free(x);
	cds_scan_free(s);
	return ret;
}
