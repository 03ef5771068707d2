/*
 * tui.h - the wizard: a second front-end over the engine.  The terminal
 * (term.c), drawing helpers (draw.c), widgets over ncurses' menu, form and
 * panel libraries (widget.c), the screen stack and keys (wizard.c), the
 * screens (scr_*.c) and the engine's callbacks (callbacks.c).
 *
 * The wizard adds no logic of its own: every decision (what is installed,
 * what is wrong, what a plan holds, whether the driver can run a release)
 * is an engine call that the command line makes too.
 */
#ifndef CDS_TUI_H
#define CDS_TUI_H

#include "cds.h"

/* What the command line passes on (ui/main.c). */
struct tui_opts {
	int color;		/* -1 auto, 0 never (--no-color), 1 always */
	int verbose;
};

/*
 * Run the wizard on the handle (global options already applied).  Returns
 * the process exit status, or -1 when the terminal cannot hold it (unknown
 * TERM, not a terminal): the caller then prints usage and doctor instead.
 */
int tui_main(cds_handle_t *h, const struct tui_opts *o);

/* ------------------------------------------------------------------------ */
/* Internal to ui/tui: only its files see curses                             */
/* ------------------------------------------------------------------------ */
#ifdef CDS_TUI_INTERNAL

#include <stdarg.h>
#include <stdint.h>

#include <curses.h>
#include <form.h>
#include <menu.h>
#include <panel.h>

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#define _n(s, p, n) ngettext(s, p, n)
#else
#define _(s) (s)
#define _n(s, p, n) ((n) == 1 ? (s) : (p))
#endif
#define N_(s) (s)

/* Colour roles; tui_attr() maps them to the terminal's abilities. */
enum tui_role {
	TUI_NORMAL = 0,
	TUI_TITLE,
	TUI_HEADER,
	TUI_STEP,		/* the current step in the header */
	TUI_DIM,
	TUI_KEY,		/* a key name in the footer and help */
	TUI_SELECTED,
	TUI_ERROR,
	TUI_WARNING,
	TUI_NOTE,
	TUI_OK,
	TUI_BAR,
	TUI_ROLE_MAX
};

/* Line drawing: Unicode in a UTF-8 locale, ASCII otherwise. */
struct tui_glyphs {
	const char *hline, *vline, *tl, *tr, *bl, *br, *lt, *rt;
	const char *bar_full, *bar_empty;
	const char *arrow, *sep, *ellipsis, *open, *closed, *check, *uncheck;
	const char *up, *down;
};

enum tui_goal {
	TUI_GOAL_NONE = 0,
	TUI_GOAL_INSTALL,
	TUI_GOAL_REPAIR,
	TUI_GOAL_VERIFY
};

enum tui_target_kind {
	TUI_TARGET_NONE = 0,
	TUI_TARGET_SYSTEM,	/* the system prefix */
	TUI_TARGET_USER,	/* the user's prefix */
	TUI_TARGET_ENV,		/* a conda env: the install goes to the
				   shared prefix and is wired into the
				   env's activation (`install --env`) */
	TUI_TARGET_DIR,		/* a directory typed in */
	TUI_TARGET_DEFAULT	/* verify: what the loader finds now */
};

/* One line of a scrolling view; wrapped to the view's width. */
struct tui_line {
	char *text;
	enum tui_role role;
	int item;		/* selectable item id, -1 for none */
	int indent;		/* columns */
};

/* A scrolling list of lines, some selectable (findings, plan items). */
struct tui_view {
	struct tui_line *v;
	size_t n, cap;
	int width;		/* wrap width, set before adding */
	int top;		/* first line shown */
	int sel;		/* selected item id, -1 for none */
	int nitems;
	int rows;		/* height when last drawn */
	int y0, x0;		/* screen position when last drawn */
};

/* A list over ncurses' menu library. */
struct tui_menu {
	MENU *menu;
	ITEM **items;
	char **labels;		/* owned, as given */
	char **fitted;		/* the labels fitted to the width */
	int *ids;		/* caller's id of each item */
	int *enabled;
	int n;
	int cur;		/* index of the current item */
	WINDOW *sub;
	int y0, x0, rows, cols;
};

/* A screen of the wizard. */
struct tui;
struct cds_plan;
struct tui_screen {
	const char *name;	/* N_(): the step name in the header */
	int step;		/* 1..7 */
	const char *help;	/* N_(): the help text of the screen */
	/* pushed: runs the screen's engine work (may draw through the
	 * callbacks); returns -1 when the screen cannot be shown (it has
	 * already told why) */
	int (*enter)(struct tui *t);
	void (*leave)(struct tui *t);
	void (*draw)(struct tui *t);
	/* a key: returns 1 when handled */
	int (*key)(struct tui *t, int ch);
	/* a mouse click at screen coordinates; returns 1 when handled */
	int (*click)(struct tui *t, int y, int x, mmask_t bstate);
	/* the footer: pairs of key label and N_() action, NULL-ended */
	const char *const *keys;
	/* or, when set, the footer for the screen's state now */
	const char *const *(*keys_now)(struct tui *t);
};

/* Progress of one archive on the Progress screen. */
struct tui_archive {
	char *name;		/* the archive's file name, as events give it */
	char *label;		/* its component, for the screen */
	enum cds_phase phase;	/* the latest phase reported */
	uint64_t got[4];	/* bytes done, by phase */
	uint64_t tot[4];	/* bytes expected, by phase (0: unknown) */
	uint64_t size;		/* from the plan or the download event */
	double t_last;
	uint64_t b_last;
	double speed;		/* download bytes per second, smoothed */
	int started;
	int finished;
	int err;
};

#define TUI_MAX_DEPTH 16
#define TUI_LOG_LINES 64

struct tui {
	cds_handle_t *h;
	struct tui_opts opts;
	int utf8;
	int color;
	int mouse;
	const struct tui_glyphs *g;

	/* the screen stack */
	const struct tui_screen *stack[TUI_MAX_DEPTH];
	int depth;
	int quit;		/* leave the main loop */
	int status;		/* exit status */
	int busy;		/* engine work under way */
	int cancel_asked;	/* the person asked to stop the work */
	int quit_after;		/* quit once the work has stopped */
	double last_draw;	/* throttles redraws from callbacks */
	double last_poll;

	/* the machine */
	struct cds_scan *scan;
	struct cds_findings *findings;
	int stale;		/* an install or repair changed the machine
				   since the scan: scan again before showing
				   it (tui_scan_fresh()) */
	int scan_failed;
	char *scan_error;
	int scanning;

	/* choices */
	enum tui_goal goal;
	enum tui_target_kind target;
	char *target_dir;	/* the install prefix (target path); for
				   repair, the env's prefix */
	char *target_env;	/* env name, for TUI_TARGET_ENV */
	char *prefix0;		/* the handle's prefix at the start: where
				   `install --env` puts the releases */
	char *cuda;		/* chosen release versions */
	char *cudnn;
	int with_cuda;		/* install them, or leave one out */
	int with_cudnn;
	char *forpkg;		/* "torch==2.3.1" found in the target */

	/* the work */
	struct cds_plan *plan;
	struct cds_verify *verify;
	char *verify_error;	/* why verify could not start */
	int work_done;		/* the job ran (successfully or not) */
	struct cds_repair_plan *repair;
	struct cds_findings *after;	/* doctor on the repaired env */
	int fix_done, fix_failed;	/* operations reported by the engine */
	int confirmed;		/* the person said yes on Review */
	int details;		/* Review: the archives, URLs and operations
				   shown, not only the summary */
	int result_err;		/* 0 or enum cds_err of the work */
	char *result_detail;
	struct tui_archive *arch;
	size_t narch;
	char *step_text;	/* what the engine is doing now */
	char *log[TUI_LOG_LINES];
	int nlog, log_head;

	/* per-screen widgets */
	struct tui_view view;
	struct tui_menu menu;
	struct tui_menu menu2;
	int focus;		/* which widget has the keys */
	unsigned char *open;	/* expanded findings / items */
	size_t nopen;

	int lines, cols;	/* the size last drawn at */

	/* footer hot spots for mouse clicks */
	struct {
		int x0, x1, key;
	} hot[16];
	int nhot;
};

/* term.c: the terminal */
int tui_term_init(struct tui *t);
void tui_term_done(struct tui *t);
void tui_term_resized(struct tui *t);
/* The signal that asked us to stop (SIGINT, SIGTERM, SIGHUP), or 0. */
int tui_term_signal(void);
/* Mark engine work under way: a first SIGINT/SIGTERM then cancels it.
 * Starting a job takes back the stop asked of the one before
 * (cds_reset_cancel()), so a stopped job can be run again. */
void tui_term_busy(struct tui *t, int busy);
attr_t tui_attr(enum tui_role r);
double tui_now(void);

/* draw.c: text by display width, boxes, bars, header and footer */
int tui_width(const char *s);
/* A new string of exactly W columns: truncated with an ellipsis, or padded
 * with spaces. */
char *tui_fit(struct tui *t, const char *s, int w);
/* Wrap S to W columns: a NULL-terminated array of new strings. */
char **tui_wrap(const char *s, int w);
void tui_strfreev(char **v);
/* Put S at Y, X in at most W columns (W < 0: to the right edge). */
int tui_put(WINDOW *win, int y, int x, const char *s, int w, attr_t a);
int tui_putf(WINDOW *win, int y, int x, int w, attr_t a, const char *fmt,
    ...) __attribute__((format(printf, 6, 7)));
void tui_hline(struct tui *t, WINDOW *win, int y, int x, int w, attr_t a);
void tui_box(struct tui *t, WINDOW *win, int y, int x, int h, int w,
    const char *title, attr_t a);
void tui_bar(struct tui *t, WINDOW *win, int y, int x, int w, double frac);
void tui_header(struct tui *t);
void tui_footer(struct tui *t, const char *const *keys);
/* The body area between header and footer. */
void tui_body(int *y, int *x, int *h, int *w);
char *tui_xasprintf(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
char *tui_xstrdup(const char *s);
void *tui_xcalloc(size_t n, size_t size);
void *tui_xrealloc(void *p, size_t n);
const char *tui_bytes(uint64_t n, char buf[32]);
const char *tui_duration(double seconds, char buf[32]);
const char *tui_cuda_str(int v, char buf[16]);
const char *tui_severity_word(enum cds_severity s);
enum tui_role tui_severity_role(enum cds_severity s);
const char *tui_err_text(struct tui *t);

/* widget.c: the scrolling view, menus, dialogs, help, text input */
void tui_view_reset(struct tui_view *v, int width);
void tui_view_clear(struct tui_view *v);
void tui_view_add(struct tui_view *v, enum tui_role role, int item,
    int indent, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A row of cells: label and value padded to their widths, then detail. */
void tui_view_row(struct tui *t, struct tui_view *v, enum tui_role role,
    int indent, const char *label, int lw, const char *value, int vw,
    const char *detail);
void tui_view_blank(struct tui_view *v);
void tui_view_draw(struct tui *t, struct tui_view *v, int y, int x, int h,
    int w);
/* Arrows, j/k, pages: returns 1 when handled. */
int tui_view_key(struct tui_view *v, int ch);
/* A click at screen Y: the item id under it, or -1. */
int tui_view_click(struct tui_view *v, int y, int x);
void tui_view_next_item(struct tui_view *v, int dir);

/* Build a menu of N rows; LABELS are copied. */
void tui_menu_build(struct tui *t, struct tui_menu *m, int n,
    const char *const *labels, const int *ids, const int *enabled,
    int current);
void tui_menu_free(struct tui_menu *m);
void tui_menu_unmake(struct tui_menu *m);
void tui_menu_draw(struct tui *t, struct tui_menu *m, int y, int x, int h,
    int w, int focused);
int tui_menu_key(struct tui_menu *m, int ch);
int tui_menu_click(struct tui_menu *m, int y, int x);
/* The id of the current item, or -1. */
int tui_menu_current(const struct tui_menu *m);
int tui_menu_current_enabled(const struct tui_menu *m);
void tui_menu_set_current(struct tui_menu *m, int id);

/* A yes/no dialog over the screen; 1 yes, 0 no. */
int tui_confirm(struct tui *t, const char *title, const char *text,
    int def_yes);
/* A message to acknowledge. */
void tui_message(struct tui *t, const char *title, const char *text);
/* The help of the current screen and the keys everywhere. */
void tui_help(struct tui *t);
/* A line of text typed by the person (form library); NULL on Esc.  The
 * initial text is shown selected: typing replaces it, an arrow key keeps
 * it to edit. */
char *tui_input(struct tui *t, const char *title, const char *prompt,
    const char *initial);
/* A directory typed by the person: ~ and ~/... name $HOME; with ABS, one
 * that is not then an absolute path is refused with a message.  NULL on
 * Esc, empty input or a refusal. */
char *tui_input_dir(struct tui *t, const char *title, const char *prompt,
    const char *initial, int abs);

/* wizard.c: the stack, the loop and keys */
void tui_push(struct tui *t, const struct tui_screen *s);
void tui_pop(struct tui *t);
/* Back to the screen at depth D (1 = the first). */
void tui_pop_to(struct tui *t, int depth);
const struct tui_screen *tui_top(const struct tui *t);
void tui_redraw(struct tui *t);
/* Called from the engine's callbacks: redraw at most every 100 ms (or now
 * with FORCE) and look at the keyboard without waiting. */
void tui_tick(struct tui *t, int force);
void tui_log_add(struct tui *t, const char *line);
void tui_set_step(struct tui *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Ask whether to stop the work under way; on yes calls cds_cancel(). */
void tui_ask_cancel(struct tui *t, int then_quit);

/* callbacks.c */
void tui_callbacks_install(struct tui *t);

/* The screens */
extern const struct tui_screen tui_scr_scan;
extern const struct tui_screen tui_scr_goal;
extern const struct tui_screen tui_scr_target;
extern const struct tui_screen tui_scr_versions;
extern const struct tui_screen tui_scr_review;
extern const struct tui_screen tui_scr_progress;
extern const struct tui_screen tui_scr_summary;
extern const struct tui_screen tui_scr_verify;
extern const struct tui_screen tui_scr_env;
extern const struct tui_screen tui_scr_repair_review;
extern const struct tui_screen tui_scr_repair_run;

/* scr_verify.c: run verify on a prefix or env (both NULL: the default)
 * and add its report to a view */
void tui_verify_run(struct tui *t, const char *prefix, const char *env);
void tui_verify_view(struct tui *t, struct tui_view *v);

/* scr_review.c: the install's plan: t->plan, or for a conda env the one
 * its repair plan holds (t->repair->install); NULL when there is none */
struct cds_plan *tui_install_plan(const struct tui *t);

/* scr_repair.c: doctor again on the env of t->repair as its activation
 * makes it, into t->after; the repair's operations, grouped by directory
 * (DONE >= 0: the first DONE marked done) */
void tui_repair_check_after(struct tui *t);
void tui_repair_ops_view(struct tui *t, struct tui_view *v,
    const struct cds_repair_plan *p, int done);

/* scr_scan.c: run the scan and doctor's findings again; the same when an
 * install or repair has changed the machine since (t->stale); add findings
 * to a view (items numbered from FIRST, opened where OPEN says) */
int tui_rescan(struct tui *t);
void tui_scan_fresh(struct tui *t);
void tui_findings_view(struct tui *t, struct tui_view *v,
    const struct cds_findings *f, const unsigned char *open, int first);

#endif /* CDS_TUI_INTERNAL */
#endif /* CDS_TUI_H */
