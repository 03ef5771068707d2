/*
 * wizard.c - the wizard's loop: a stack of screens, the keys every screen
 * shares (help, back, quit), resizing, and the short looks at the keyboard
 * that the engine's callbacks take while work is under way.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

/* Below this the layout cannot hold; the screen says so until resized. */
#define MIN_COLS 60
#define MIN_ROWS 16

const struct tui_screen *
tui_top(const struct tui *t)
{
	return t->depth > 0 ? t->stack[t->depth - 1] : NULL;
}

static int
too_small(void)
{
	return COLS < MIN_COLS || LINES < MIN_ROWS;
}

void
tui_redraw(struct tui *t)
{
	const struct tui_screen *s = tui_top(t);

	if (t->lines != LINES || t->cols != COLS) {
		/* a new size: the lists are made again where they now go;
		 * doing it first keeps their old place from being erased
		 * over what this pass draws */
		tui_menu_unmake(&t->menu);
		tui_menu_unmake(&t->menu2);
		t->lines = LINES;
		t->cols = COLS;
	}
	werase(stdscr);
	if (too_small()) {
		char *msg = tui_xasprintf(_("The terminal is %dx%d; the "
		    "wizard needs at least %dx%d. Enlarge it, or press q to "
		    "quit."), COLS, LINES, MIN_COLS, MIN_ROWS);
		char **lines = tui_wrap(msg, COLS > 2 ? COLS - 2 : 1);
		int i;

		for (i = 0; lines[i] != NULL && i < LINES; i++) {
			tui_put(stdscr, i, 1, lines[i], COLS - 1, A_NORMAL);
		}
		tui_strfreev(lines);
		free(msg);
	} else {
		tui_header(t);
		if (s != NULL && s->draw != NULL) {
			s->draw(t);
		}
		static const char *const busy_keys[] = {
			"Esc", N_("stop"), NULL
		};

		/* while the engine works, the keys are the same everywhere */
		tui_footer(t, t->busy ? busy_keys : s == NULL ? NULL :
		    s->keys_now != NULL ? s->keys_now(t) : s->keys);
	}
	wnoutrefresh(stdscr);
	update_panels();
	doupdate();
	t->last_draw = tui_now();
}

void
tui_push(struct tui *t, const struct tui_screen *s)
{
	if (t->depth == TUI_MAX_DEPTH) {
		return;
	}
	t->stack[t->depth++] = s;
	tui_view_clear(&t->view);
	tui_menu_free(&t->menu);
	tui_menu_free(&t->menu2);
	t->focus = 0;
	tui_redraw(t);
	if (s->enter != NULL && s->enter(t) == -1) {
		/* it told why; the screen below builds its widgets again */
		t->depth--;
		tui_view_clear(&t->view);
		tui_menu_free(&t->menu);
		tui_menu_free(&t->menu2);
		if (t->depth > 0 && tui_top(t)->enter != NULL) {
			tui_top(t)->enter(t);
		}
	}
}

/* Leave the top screen and show the one below as it was chosen. */
void
tui_pop(struct tui *t)
{
	const struct tui_screen *s = tui_top(t);

	if (s == NULL) {
		return;
	}
	if (s->leave != NULL) {
		s->leave(t);
	}
	t->depth--;
	tui_view_clear(&t->view);
	tui_menu_free(&t->menu);
	tui_menu_free(&t->menu2);
	t->focus = 0;
	s = tui_top(t);
	/* screens below rebuild their widgets from the choices kept in
	 * struct tui; re-entering does no engine work twice (each screen's
	 * enter only builds what is missing) */
	if (s != NULL && s->enter != NULL) {
		s->enter(t);
	}
}

void
tui_pop_to(struct tui *t, int depth)
{
	while (t->depth > depth) {
		const struct tui_screen *s = tui_top(t);

		if (s->leave != NULL) {
			s->leave(t);
		}
		t->depth--;
	}
	tui_view_clear(&t->view);
	tui_menu_free(&t->menu);
	tui_menu_free(&t->menu2);
	t->focus = 0;
	if (t->depth > 0 && tui_top(t)->enter != NULL) {
		tui_top(t)->enter(t);
	}
}

void
tui_log_add(struct tui *t, const char *line)
{
	int i = (t->log_head + t->nlog) % TUI_LOG_LINES;

	if (t->nlog == TUI_LOG_LINES) {
		free(t->log[t->log_head]);
		t->log[t->log_head] = NULL;
		t->log_head = (t->log_head + 1) % TUI_LOG_LINES;
		i = (t->log_head + t->nlog - 1) % TUI_LOG_LINES;
	} else {
		t->nlog++;
	}
	t->log[i] = tui_xstrdup(line);
}

void
tui_set_step(struct tui *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		abort();
	}
	va_end(ap);
	free(t->step_text);
	t->step_text = s;
}

void
tui_ask_cancel(struct tui *t, int then_quit)
{
	const char *text;

	if (!t->busy || t->cancel_asked) {
		return;
	}
	switch (t->goal) {
	case TUI_GOAL_INSTALL:
		text = _("Stop the installation? What was unpacked so far is "
		    "removed and the prefix stays as it was; the downloads "
		    "stay in the cache, so installing again resumes them.");
		break;
	case TUI_GOAL_REPAIR:
		text = _("Stop the repair? What it changed so far is put "
		    "back.");
		break;
	default:
		text = _("Stop the work under way?");
		break;
	}
	if (tui_confirm(t, _("Stop"), text, 0)) {
		t->cancel_asked = 1;
		t->quit_after = then_quit;
		tui_set_step(t, "%s", _("Stopping and rolling back..."));
		cds_cancel(t->h);
	}
	tui_redraw(t);
}

static int
footer_key(struct tui *t, int x)
{
	int i;

	for (i = 0; i < t->nhot; i++) {
		if (x >= t->hot[i].x0 && x < t->hot[i].x1) {
			return t->hot[i].key;
		}
	}
	return ERR;
}

/*
 * A mouse event: the wheel scrolls, a click on the footer acts as its
 * key, a click elsewhere goes to the screen.  Returns a key to handle, or
 * ERR when the event was used up.
 */
static int
mouse_key(struct tui *t)
{
	const struct tui_screen *s = tui_top(t);
	MEVENT me;

	if (getmouse(&me) != OK) {
		return ERR;
	}
	if (me.bstate & BUTTON4_PRESSED) {
		return KEY_UP;
	}
#ifdef BUTTON5_PRESSED
	if (me.bstate & BUTTON5_PRESSED) {
		return KEY_DOWN;
	}
#endif
	if (me.y == LINES - 1) {
		return footer_key(t, me.x);
	}
	if (!t->busy && s != NULL && s->click != NULL) {
		s->click(t, me.y, me.x, me.bstate);
	}
	return ERR;
}

/* While the engine works: resize, help, and a request to stop. */
static void
busy_key(struct tui *t, int ch)
{
	if (ch == KEY_MOUSE) {
		ch = mouse_key(t);
	}
	switch (ch) {
	case KEY_RESIZE:
		tui_term_resized(t);
		tui_redraw(t);
		break;
	case '?':
		tui_help(t);
		break;
	case 'q':
	case 'Q':
		tui_ask_cancel(t, 1);
		break;
	case 27:
		tui_ask_cancel(t, 0);
		break;
	}
}

void
tui_tick(struct tui *t, int force)
{
	double now = tui_now();

	if (force || now - t->last_poll >= 0.05) {
		int ch;

		t->last_poll = now;
		wtimeout(stdscr, 0);
		while ((ch = wgetch(stdscr)) != ERR) {
			busy_key(t, ch);
		}
		wtimeout(stdscr, 250);
	}
	if (force || now - t->last_draw >= 0.1) {
		tui_redraw(t);
	}
}

static int
is_back(int ch)
{
	return ch == 27 || ch == KEY_BACKSPACE || ch == 127 || ch == 8;
}

static void
dispatch(struct tui *t, int ch)
{
	const struct tui_screen *s = tui_top(t);

	if (ch == KEY_MOUSE && (ch = mouse_key(t)) == ERR) {
		return;
	}
	if (ch == KEY_RESIZE) {
		tui_term_resized(t);
		return;
	}
	if (too_small()) {
		if (ch == 'q' || ch == 'Q') {
			t->quit = 1;
		}
		return;
	}
	if (ch == '?') {
		tui_help(t);
		return;
	}
	if (ch == 'q' || ch == 'Q') {
		t->quit = 1;
		return;
	}
	if (s != NULL && s->key != NULL && s->key(t, ch)) {
		return;
	}
	if (is_back(ch) && t->depth > 1) {
		tui_pop(t);
	}
}

static void
free_state(struct tui *t)
{
	int i;

	tui_view_clear(&t->view);
	tui_menu_free(&t->menu);
	tui_menu_free(&t->menu2);
	cds_findings_free(t->findings);
	cds_scan_free(t->scan);
	free(t->scan_error);
	free(t->target_dir);
	free(t->target_env);
	free(t->prefix0);
	free(t->cuda);
	free(t->cudnn);
	free(t->forpkg);
	free(t->result_detail);
	cds_verify_free(t->verify);
	free(t->verify_error);
	cds_repair_plan_free(t->repair);
	cds_findings_free(t->after);
	free(t->step_text);
	free(t->open);
	for (i = 0; i < TUI_LOG_LINES; i++) {
		free(t->log[i]);
	}
	for (i = 0; i < (int)t->narch; i++) {
		free(t->arch[i].name);
		free(t->arch[i].label);
	}
	free(t->arch);
}

int
tui_main(cds_handle_t *h, const struct tui_opts *o)
{
	struct tui t;
	int sig;

	memset(&t, 0, sizeof(t));
	t.h = h;
	t.opts = *o;
	t.view.sel = -1;
	/* what `install --env` installs into: the prefix given, else the
	 * engine's default for this user */
	t.prefix0 = tui_xstrdup(cds_prefix(h));
	if (tui_term_init(&t) == -1) {
		free(t.prefix0);
		return -1;
	}
	tui_callbacks_install(&t);
	tui_push(&t, &tui_scr_scan);
	while (!t.quit && t.depth > 0) {
		int ch;

		if (tui_term_signal() != 0) {
			break;
		}
		tui_redraw(&t);
		wtimeout(stdscr, 250);
		ch = wgetch(stdscr);
		if (ch == ERR) {
			continue;
		}
		dispatch(&t, ch);
	}
	while (t.depth > 0) {
		const struct tui_screen *s = tui_top(&t);

		if (s->leave != NULL) {
			s->leave(&t);
		}
		t.depth--;
	}
	/* the widgets live in curses' windows: free them first */
	tui_menu_free(&t.menu);
	tui_menu_free(&t.menu2);
	tui_term_done(&t);
	free_state(&t);
	if ((sig = tui_term_signal()) != 0) {
		return 128 + sig;
	}
	return t.status;
}
