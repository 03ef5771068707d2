/*
 * cli.h - the command-line front-end: options, output and the commands.
 */
#ifndef CDS_CLI_H
#define CDS_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include <jansson.h>

#include "cds.h"

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#define _n(s, p, n) ngettext(s, p, n)
#else
#define _(s) (s)
#define _n(s, p, n) ((n) == 1 ? (s) : (p))
#endif
#define N_(s) (s)

/* Everything the command line said, global and per command. */
struct cli {
	cds_handle_t *h;
	const char *prog;
	const char *cmd;

	/* global */
	const char *root;
	const char *manifest;
	const char *cache;
	int offline;
	int jobs;
	int timeout;		/* --timeout, seconds; 0 the engine's */
	int deadline;		/* --deadline, seconds; 0 the engine's */
	uint64_t memlimit;	/* --memlimit, bytes; 0 the engine's */
	int json;
	int quiet;
	int verbose;
	int color;		/* -1 auto, 0 never, 1 always */
	int tty;		/* stdout is a terminal */

	/* shared by several commands */
	const char *env;
	char *env_path;		/* --env given as a relative path, made
				   absolute (env points here) */
	const char *prefix;
	const char *cuda;
	const char *driver;	/* doctor --driver: an image's host driver */
	const char *components;	/* plan/install --components NAME */
	int no_driver;		/* plan/install --no-driver */
	const char *cudnn;
	const char *forpkg;
	const char *shell;
	int yes;
	int dry_run;
	int system;
	int force;
	int undo;
	int env_last;		/* repair: LD_LIBRARY_PATH first */
	int lock_wait;		/* --lock-wait: 0 as long as it takes, < 0
				   not at all, else seconds */
	char **mirrors;
	size_t nmirrors;
	const char *url;	/* update --url */
	int allow_expired;	/* update --allow-expired */

	/* doctor's scan, while its findings are printed: each finding
	 * repair would mend names `repair --env` (report.c) */
	const struct cds_scan *scan;
};

struct cli_cmd {
	const char *name;
	const char *args;	/* usage after the name, untranslated */
	const char *summary;	/* N_() */
	/* long options this command takes beyond the global ones */
	const char *const *accepts;
	int (*run)(struct cli *c, int argc, char **argv);
};

/* Commands (ui/cli/cmd_*.c). */
int cmd_doctor(struct cli *c, int argc, char **argv);
int cmd_repair(struct cli *c, int argc, char **argv);
int cli_repair_env(struct cli *c, const char *env,
    const struct cds_plan_request *req);
int cmd_verify(struct cli *c, int argc, char **argv);
int cmd_plan(struct cli *c, int argc, char **argv);
int cmd_install(struct cli *c, int argc, char **argv);
int cmd_list(struct cli *c, int argc, char **argv);
int cmd_use(struct cli *c, int argc, char **argv);
int cmd_remove(struct cli *c, int argc, char **argv);
int cmd_env(struct cli *c, int argc, char **argv);
/* ui/cli/cmd_update.c: update, and the index in use */
int cmd_update(struct cli *c, int argc, char **argv);
/* --version: the program's, and the index's (--root, --manifest as
 * given so far) */
void cli_print_version(const char *root, const char *manifest);
void cli_index_note(struct cli *c);
json_t *cli_index_json(struct cli *c);
int cmd_clean(struct cli *c, int argc, char **argv);
/* ui/cli/cmd_clean.c: the download cache as JSON (list, clean) */
json_t *cli_cache_json(const struct cds_cache_info *ci);

/* ui/cli/cmd_plan.c, cmd_install.c: plans and operations in words and
 * JSON, shared by the commands that run the install pipeline */
const char *cli_kind_name(enum cds_kind kind);
const char *cli_err_word(int err);
json_t *cli_error_json(struct cli *c);
json_t *cli_plan_json(const struct cds_plan *p);
void cli_plan_print(struct cli *c, const struct cds_plan *p, int full);
void cli_plan_warnings(struct cli *c, const struct cds_plan *p);
void cli_plan_request(struct cli *c, struct cds_plan_request *req);
json_t *cli_ops_json(const struct cds_ops *ops);
void cli_ops_print(const struct cds_ops *ops);

/* ui/cli/progress.c: events and progress of a running install, on stderr */
void cli_progress_install(struct cli *c);
/* The archives the plan fetches, with their sizes: the overall line's
 * total (before cds_install_run). */
void cli_progress_plan(const struct cds_plan *p);
void cli_progress_end(void);
/* Erase the progress lines before printing on stderr (they come back at
 * the next update). */
void cli_progress_hide(void);
/* After the run, the servers that could not be reached: with FAILED (the
 * run failed with the handle's error) the one error message that names
 * each and why, and what to do, and the exit status; without, a warning
 * naming those passed over, and 0.  -1 when no server was down (or the
 * error is not the network's): nothing printed. */
int cli_progress_net(struct cli *c, int failed);
int cmd_explain(struct cli *c, int argc, char **argv);

/* ui/cli/cli.c */
int cli_main(int argc, char **argv);
/* Set by ui/main.c: the wizard, for a bare `cudnn-setup [global options]`
 * on a terminal.  Returns an exit status, or -1 when the terminal cannot
 * hold it (usage and doctor are printed instead). */
extern int (*cli_wizard)(struct cli *c);
void cli_usage(FILE *fp);
/* The command table, ended by a NULL name. */
const struct cli_cmd *cli_commands(void);
/* The long options command CMDNAME takes (NULL: the global ones), one a
 * line, with their dashes. */
void cli_print_options(FILE *fp, const char *cmdname);

/* ui/cli/help.c: a command's help, and "did you mean" */
void cli_cmd_usage(FILE *fp, const struct cli_cmd *cmd);
int cli_help_command(struct cli *c, int argc, char **argv);
/* `__complete WHAT`: words for the shells' completion. */
int cli_complete(struct cli *c, int argc, char **argv);
/* Edit distance (swaps of neighbours cost one). */
int cli_distance(const char *a, const char *b);
/* The candidate close enough to WORD to be what was meant, or NULL. */
const char *cli_suggest(const char *word, const char *const *cands,
    size_t n);
/* Errors with a suggestion; they return the exit status. */
int cli_unknown_command(struct cli *c, const char *word);
int cli_unknown_option(struct cli *c, const struct cli_cmd *cmd,
    const char *arg, const char *const *names, size_t n);
/* --cuda and --cudnn against the manifest: 0, or the exit status of an
 * error naming what is close and how to give a newer manifest. */
int cli_check_versions(struct cli *c);
/* The handle's error after looking for ENV: a close env name, and JSON
 * on stdout with --json.  Returns the exit status. */
int cli_fail_env(struct cli *c, const char *env);
/* After a command on the prefix failed: where else release WHAT (or NULL)
 * is installed, or that the prefix is not this user's to write. */
void cli_prefix_hint(struct cli *c, const char *what);
/* Create the handle from the global options; exit status on failure. */
int cli_open(struct cli *c);
void cli_close(struct cli *c);

/* ui/cli/out.c: words, colours and JSON */
enum cli_color {
	CLI_RESET = 0,
	CLI_BOLD,
	CLI_RED,
	CLI_YELLOW,
	CLI_GREEN,
	CLI_BLUE,
	CLI_DIM
};
void cli_color_init(struct cli *c);
const char *cli_c(enum cli_color col);
/* "cudnn-setup: error: <msg>" on stderr; returns the exit status for the
 * handle's error. */
int cli_fail(struct cli *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int cli_fail_handle(struct cli *c);
/* The handle's error in words (ui/errtext.h), options named as flags
 * ("--cudnn"); a new string.  And what to type next, where the error's
 * reason has an answer on the command line: a new string, or NULL. */
char *cli_err_text(struct cli *c);
char *cli_err_hint(struct cli *c);
/* "--OPTION" for an engine setting's name; static storage (a few
 * rotating buffers). */
const char *cli_optname(const char *option);
int cli_env_target(struct cli *c, int manifest, const char **env);
void cli_warn(struct cli *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print a JSON document on stdout and free it. */
void cli_json_print(json_t *doc);
/* A string or JSON null. */
json_t *cli_jstr(const char *s);
/* An array of strings (NULL: an empty one). */
json_t *cli_jstrv(char *const *v);
/* Words for enums. */
const char *cli_severity_word(enum cds_severity s);
const char *cli_origin_word(enum cds_origin o);
/* Format bytes: "1.2 GiB". */
const char *cli_bytes(uint64_t n, char buf[32]);
/* Ask a yes/no question on the terminal; -1 when not on one. */
int cli_ask_yes(struct cli *c, const char *question, int def);
/* Can a question be answered: --yes, or stdin is a terminal. */
int cli_can_ask(const struct cli *c);

/* ui/cli/json.c: documented shapes (doc/json.md) */
json_t *cli_json_scan(cds_handle_t *h, const struct cds_scan *s);
json_t *cli_json_findings(const struct cds_findings *f);
/* The system package manager's joined commands: {command, argv, undo,
 * undo_argv, FROM: [indexes of what each joins]}. */
json_t *cli_json_syscmds(const struct cds_syscmds *j, const char *from);
const char *cli_driver_state_word(enum cds_driver_state s);

/* ui/cli/report.c: the scan and findings as text */
void cli_print_scan(struct cli *c, const struct cds_scan *s);
void cli_print_findings(struct cli *c, const struct cds_findings *f);
/* The system package manager's commands of F's findings, joined (one
 * `apt-get install` for all their packages), when any joins two of them. */
void cli_print_syscmds(const struct cds_findings *f);
/* The findings alone, each wrapped at 80 columns (commands break only at
 * unquoted spaces, with a backslash). */
void cli_print_finding_list(const struct cds_findings *f);
/* The env whose `repair --env` would mend finding X (found in S), or NULL. */
const struct cds_env *cli_repair_env_of(const struct cds_scan *s,
    const struct cds_finding *x);
/* --quiet's doctor: the errors and warnings, a line each, and the count. */
void cli_print_findings_brief(struct cli *c, const struct cds_findings *f);
/* TEXT word-wrapped at 80 columns: the first line indented INDENT, the
 * others HANG; colour escapes take no room. */
void cli_wrap(FILE *fp, int indent, int hang, const char *text);
/* The display columns of S (a wide CJK character takes two), and how many
 * of its bytes fit in COLS columns (whole characters). */
size_t cli_text_width(const char *s);
size_t cli_text_fit(const char *s, size_t cols);

/* ui/cli/callbacks.c: engine callbacks for the command line */
void cli_callbacks_install(struct cli *c);

#endif /* CDS_CLI_H */
