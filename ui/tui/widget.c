/*
 * widget.c - what the screens are made of: a scrolling view of wrapped
 * lines with selectable items (findings, plan entries), lists over
 * ncurses' menu library, dialogs and help in panels, and a text field
 * over the form library.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui.h"

/* ------------------------------------------------------------------------ */
/* The scrolling view                                                        */
/* ------------------------------------------------------------------------ */

void
tui_view_clear(struct tui_view *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		free(v->v[i].text);
	}
	free(v->v);
	memset(v, 0, sizeof(*v));
	v->sel = -1;
}

/* Empty the lines for a rebuild; the position and selection stay. */
void
tui_view_reset(struct tui_view *v, int width)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		free(v->v[i].text);
	}
	v->n = 0;
	v->nitems = 0;
	v->width = width;
}

static void
push_line(struct tui_view *v, enum tui_role role, int item, int indent,
    char *text)
{
	if (v->n == v->cap) {
		v->cap = v->cap == 0 ? 64 : v->cap * 2;
		v->v = tui_xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n].text = text;
	v->v[v->n].role = role;
	v->v[v->n].item = item;
	v->v[v->n].indent = indent;
	v->n++;
	if (item >= v->nitems) {
		v->nitems = item + 1;
	}
}

void
tui_view_add(struct tui_view *v, enum tui_role role, int item, int indent,
    const char *fmt, ...)
{
	va_list ap;
	char *s, **lines;
	size_t i;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		abort();
	}
	va_end(ap);
	lines = tui_wrap(s, v->width - indent);
	for (i = 0; lines[i] != NULL; i++) {
		push_line(v, role, item, indent, lines[i]);
		lines[i] = NULL;
	}
	tui_strfreev(lines);
	free(s);
}

void
tui_view_blank(struct tui_view *v)
{
	push_line(v, TUI_NORMAL, -1, 0, tui_xstrdup(""));
}

void
tui_view_row(struct tui *t, struct tui_view *v, enum tui_role role,
    int indent, const char *label, int lw, const char *value, int vw,
    const char *detail)
{
	int dw = v->width - indent - lw - vw - 2;
	char *l = tui_fit(t, label, lw), *val = tui_fit(t, value, vw);
	char **d;
	size_t i;

	if (dw < 8) {
		dw = 8;
	}
	d = tui_wrap(detail != NULL ? detail : "", dw);
	for (i = 0; d[i] != NULL; i++) {
		if (i == 0) {
			push_line(v, role, -1, indent,
			    tui_xasprintf("%s %s %s", l, val, d[i]));
		} else {
			push_line(v, role, -1, indent + lw + vw + 2,
			    tui_xstrdup(d[i]));
		}
	}
	tui_strfreev(d);
	free(l);
	free(val);
}

static int
head_line(const struct tui_view *v, int item)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		if (v->v[i].item == item) {
			return (int)i;
		}
	}
	return -1;
}

static int
last_line(const struct tui_view *v, int item)
{
	int i, last = -1;

	for (i = 0; i < (int)v->n; i++) {
		if (v->v[i].item == item) {
			last = i;
		}
	}
	return last;
}

static int
max_top(const struct tui_view *v)
{
	int m = (int)v->n - v->rows;

	return m < 0 ? 0 : m;
}

static int
visible(const struct tui_view *v, int line)
{
	return line >= v->top && line < v->top + v->rows;
}

/* Keep the selection on an item whose first line is on the screen. */
static void
fix_sel(struct tui_view *v, int prefer_last)
{
	int i, pick = -1;

	if (v->sel >= 0 && visible(v, head_line(v, v->sel))) {
		return;
	}
	for (i = 0; i < v->nitems; i++) {
		if (visible(v, head_line(v, i))) {
			pick = i;
			if (!prefer_last) {
				break;
			}
		}
	}
	v->sel = pick;
}

/* Show the whole of ITEM if it fits, else from its first line. */
static void
show_item(struct tui_view *v, int item)
{
	int h = head_line(v, item), l = last_line(v, item);

	if (h < 0) {
		return;
	}
	if (l >= v->top + v->rows) {
		v->top = l - v->rows + 1;
	}
	if (h < v->top || l - h + 1 > v->rows) {
		v->top = h;
	}
	if (v->top > max_top(v)) {
		v->top = max_top(v);
	}
}

void
tui_view_draw(struct tui *t, struct tui_view *v, int y, int x, int h, int w)
{
	int r, i;

	v->rows = h;
	v->y0 = y;
	v->x0 = x;
	if (v->top > max_top(v)) {
		v->top = max_top(v);
	}
	if (v->top < 0) {
		v->top = 0;
	}
	if (v->sel >= v->nitems) {
		v->sel = v->nitems - 1;
	}
	if (v->sel < 0) {
		fix_sel(v, 0);
	}
	for (r = 0; r < h; r++) {
		int line = v->top + r;
		const struct tui_line *l;
		attr_t a;

		wmove(stdscr, y + r, x);
		for (i = 0; i < w; i++) {
			waddch(stdscr, ' ');
		}
		if (line >= (int)v->n) {
			continue;
		}
		l = &v->v[line];
		a = tui_attr(l->role);
		if (l->item >= 0 && l->item == v->sel) {
			a |= A_REVERSE;
			if (l->indent > 0 && (line == 0 ||
			    v->v[line - 1].item != l->item)) {
				tui_put(stdscr, y + r, x, t->g->arrow, 1,
				    tui_attr(TUI_KEY));
			}
		}
		tui_put(stdscr, y + r, x + l->indent, l->text,
		    w - l->indent - 1, a);
	}
	if (v->top > 0) {
		tui_put(stdscr, y, x + w - 1, t->g->up, 1, tui_attr(TUI_KEY));
	}
	if (v->top + h < (int)v->n) {
		tui_put(stdscr, y + h - 1, x + w - 1, t->g->down, 1,
		    tui_attr(TUI_KEY));
	}
}

static void
scroll_by(struct tui_view *v, int d)
{
	v->top += d;
	if (v->top > max_top(v)) {
		v->top = max_top(v);
	}
	if (v->top < 0) {
		v->top = 0;
	}
}

int
tui_view_key(struct tui_view *v, int ch)
{
	int next, h;

	switch (ch) {
	case KEY_DOWN:
	case 'j':
		next = v->sel + 1;
		h = next < v->nitems ? head_line(v, next) : -1;
		if (h >= 0 && visible(v, h)) {
			v->sel = next;
			show_item(v, next);
		} else {
			scroll_by(v, 1);
			if (h >= 0 && visible(v, h)) {
				v->sel = next;
			}
			fix_sel(v, 0);
		}
		return 1;
	case KEY_UP:
	case 'k':
		next = v->sel - 1;
		h = next >= 0 ? head_line(v, next) : -1;
		if (h >= 0 && visible(v, h)) {
			v->sel = next;
		} else if (v->top > 0) {
			scroll_by(v, -1);
			if (h >= 0 && visible(v, h)) {
				v->sel = next;
			}
			fix_sel(v, 1);
		}
		return 1;
	case KEY_NPAGE:
		scroll_by(v, v->rows > 1 ? v->rows - 1 : 1);
		fix_sel(v, 0);
		return 1;
	case KEY_PPAGE:
		scroll_by(v, -(v->rows > 1 ? v->rows - 1 : 1));
		fix_sel(v, 1);
		return 1;
	case KEY_HOME:
	case 'g':
		v->top = 0;
		v->sel = -1;
		fix_sel(v, 0);
		return 1;
	case KEY_END:
	case 'G':
		v->top = max_top(v);
		v->sel = -1;
		fix_sel(v, 1);
		return 1;
	}
	return 0;
}

void
tui_view_next_item(struct tui_view *v, int dir)
{
	if (v->nitems == 0) {
		return;
	}
	v->sel = (v->sel + dir + v->nitems) % v->nitems;
	show_item(v, v->sel);
}

int
tui_view_click(struct tui_view *v, int y, int x)
{
	int line = v->top + (y - v->y0);

	if (y < v->y0 || y >= v->y0 + v->rows || x < v->x0 ||
	    line >= (int)v->n) {
		return -1;
	}
	if (v->v[line].item >= 0) {
		v->sel = v->v[line].item;
	}
	return v->v[line].item;
}

/* ------------------------------------------------------------------------ */
/* Lists over the menu library                                               */
/* ------------------------------------------------------------------------ */

/* Free the curses side of a list (it is made again when drawn); the
 * labels and the current row stay. */
void
tui_menu_unmake(struct tui_menu *m)
{
	int i;

	if (m->menu != NULL) {
		unpost_menu(m->menu);
		free_menu(m->menu);
		m->menu = NULL;
	}
	for (i = 0; m->items != NULL && i < m->n; i++) {
		free_item(m->items[i]);
		free(m->fitted[i]);
	}
	free(m->items);
	free(m->fitted);
	m->items = NULL;
	m->fitted = NULL;
	if (m->sub != NULL) {
		delwin(m->sub);
		m->sub = NULL;
	}
	m->cols = m->rows = 0;
}

void
tui_menu_free(struct tui_menu *m)
{
	int i;

	tui_menu_unmake(m);
	for (i = 0; m->labels != NULL && i < m->n; i++) {
		free(m->labels[i]);
	}
	free(m->labels);
	free(m->ids);
	free(m->enabled);
	memset(m, 0, sizeof(*m));
}

void
tui_menu_build(struct tui *t, struct tui_menu *m, int n,
    const char *const *labels, const int *ids, const int *enabled,
    int current)
{
	int i;

	tui_menu_free(m);
	m->n = n;
	m->labels = tui_xcalloc((size_t)n + 1, sizeof(*m->labels));
	m->ids = tui_xcalloc((size_t)n + 1, sizeof(*m->ids));
	m->enabled = tui_xcalloc((size_t)n + 1, sizeof(*m->enabled));
	for (i = 0; i < n; i++) {
		m->labels[i] = tui_xstrdup(labels[i]);
		m->ids[i] = ids != NULL ? ids[i] : i;
		m->enabled[i] = enabled != NULL ? enabled[i] : 1;
		if (m->ids[i] == current) {
			m->cur = i;
		}
	}
	(void)t;
}

/* Make the menu for a window of H rows and W columns: the labels are
 * fitted to the width by display width, so wide text lines up. */
static int
menu_make(struct tui *t, struct tui_menu *m, int y, int x, int h, int w)
{
	int i, markw = 2;

	tui_menu_unmake(m);
	if (m->n == 0 || h < 1 || w < markw + 2) {
		return -1;
	}
	m->sub = derwin(stdscr, h, w, y, x);
	if (m->sub == NULL) {
		return -1;
	}
	m->items = tui_xcalloc((size_t)m->n + 1, sizeof(*m->items));
	m->fitted = tui_xcalloc((size_t)m->n + 1, sizeof(*m->fitted));
	for (i = 0; i < m->n; i++) {
		m->fitted[i] = tui_fit(t, m->labels[i], w - markw);
		m->items[i] = new_item(m->fitted[i], "");
		if (m->items[i] == NULL) {
			abort();
		}
		if (!m->enabled[i]) {
			item_opts_off(m->items[i], O_SELECTABLE);
		}
	}
	m->menu = new_menu(m->items);
	if (m->menu == NULL) {
		abort();
	}
	/* the menu library counts the mark in bytes: keep it ASCII */
	set_menu_mark(m->menu, "> ");
	menu_opts_off(m->menu, O_SHOWDESC);
	menu_opts_on(m->menu, O_NONCYCLIC);
	set_menu_win(m->menu, stdscr);
	set_menu_sub(m->menu, m->sub);
	set_menu_format(m->menu, h, 1);
	set_menu_grey(m->menu, tui_attr(TUI_DIM));
	if (m->cur >= m->n) {
		m->cur = 0;
	}
	set_current_item(m->menu, m->items[m->cur]);
	m->y0 = y;
	m->x0 = x;
	m->rows = h;
	m->cols = w;
	return 0;
}

void
tui_menu_draw(struct tui *t, struct tui_menu *m, int y, int x, int h, int w,
    int focused)
{
	if (m->menu == NULL || m->rows != h || m->cols != w || m->y0 != y ||
	    m->x0 != x) {
		if (menu_make(t, m, y, x, h, w) == -1) {
			return;
		}
	}
	unpost_menu(m->menu);
	set_menu_fore(m->menu, focused ? tui_attr(TUI_SELECTED) :
	    A_BOLD | A_UNDERLINE);
	set_menu_back(m->menu, A_NORMAL);
	set_current_item(m->menu, m->items[m->cur]);
	post_menu(m->menu);
}

static void
menu_sync(struct tui_menu *m)
{
	if (m->menu != NULL && current_item(m->menu) != NULL) {
		m->cur = item_index(current_item(m->menu));
	}
}

int
tui_menu_key(struct tui_menu *m, int ch)
{
	int req;

	switch (ch) {
	case KEY_UP:
	case 'k':
		req = REQ_UP_ITEM;
		break;
	case KEY_DOWN:
	case 'j':
		req = REQ_DOWN_ITEM;
		break;
	case KEY_PPAGE:
		req = REQ_SCR_UPAGE;
		break;
	case KEY_NPAGE:
		req = REQ_SCR_DPAGE;
		break;
	case KEY_HOME:
	case 'g':
		req = REQ_FIRST_ITEM;
		break;
	case KEY_END:
	case 'G':
		req = REQ_LAST_ITEM;
		break;
	default:
		return 0;
	}
	if (m->menu == NULL) {
		/* not drawn yet: move by hand */
		if (req == REQ_UP_ITEM && m->cur > 0) {
			m->cur--;
		} else if (req == REQ_DOWN_ITEM && m->cur + 1 < m->n) {
			m->cur++;
		}
		return 1;
	}
	menu_driver(m->menu, req);
	menu_sync(m);
	return 1;
}

/* 0 outside the list, 1 a row was made current, 2 the current row was
 * clicked again (it is chosen). */
int
tui_menu_click(struct tui_menu *m, int y, int x)
{
	int row;

	if (m->menu == NULL || y < m->y0 || y >= m->y0 + m->rows ||
	    x < m->x0 || x >= m->x0 + m->cols) {
		return 0;
	}
	row = top_row(m->menu) + (y - m->y0);
	if (row < 0 || row >= m->n) {
		return 0;
	}
	if (row == m->cur) {
		return 2;
	}
	set_current_item(m->menu, m->items[row]);
	menu_sync(m);
	return 1;
}

int
tui_menu_current(const struct tui_menu *m)
{
	return m->n > 0 && m->cur < m->n ? m->ids[m->cur] : -1;
}

int
tui_menu_current_enabled(const struct tui_menu *m)
{
	return m->n > 0 && m->cur < m->n && m->enabled[m->cur];
}

void
tui_menu_set_current(struct tui_menu *m, int id)
{
	int i;

	for (i = 0; i < m->n; i++) {
		if (m->ids[i] == id) {
			m->cur = i;
			if (m->menu != NULL) {
				set_current_item(m->menu, m->items[i]);
			}
		}
	}
}

/* ------------------------------------------------------------------------ */
/* Dialogs, help and text input                                              */
/* ------------------------------------------------------------------------ */

/* A window in a panel centred over the screen, boxed with a title. */
static PANEL *
popup(struct tui *t, int h, int w, const char *title, WINDOW **winp)
{
	WINDOW *win;
	PANEL *p;

	if (w > COLS) {
		w = COLS;
	}
	if (h > LINES) {
		h = LINES;
	}
	win = newwin(h, w, (LINES - h) / 2, (COLS - w) / 2);
	if (win == NULL) {
		return NULL;
	}
	keypad(win, TRUE);
	wtimeout(win, 250);
	p = new_panel(win);
	werase(win);
	tui_box(t, win, 0, 0, h, w, title, A_NORMAL);
	*winp = win;
	return p;
}

static void
popdown(PANEL *p, WINDOW *win)
{
	del_panel(p);
	delwin(win);
	touchwin(stdscr);
}

static void
show(void)
{
	wnoutrefresh(stdscr);
	update_panels();
	doupdate();
}

/* Clicks are in screen coordinates; is (Y, X) inside WIN at row R? */
static int
win_hit(WINDOW *win, int y, int x, int r, int x0, int x1)
{
	return y == getbegy(win) + r && x >= getbegx(win) + x0 &&
	    x < getbegx(win) + x1;
}

int
tui_confirm(struct tui *t, const char *title, const char *text,
    int def_yes)
{
	int choice = def_yes ? 1 : 0;

	for (;;) {
		int w = COLS - 4 < 64 ? COLS - 4 : 64;
		char **lines = tui_wrap(text, w - 4);
		int n = 0, h, i, ch, bx, yes_x0, yes_x1, no_x0, no_x1;
		/* the focused button is marked in text too, for terminals
		 * without reverse video */
		char *yes = tui_xasprintf("%s[ %s ]", choice == 1 ?
		    t->g->arrow : " ", _("Yes"));
		char *no = tui_xasprintf("%s[ %s ]", choice == 0 ?
		    t->g->arrow : " ", _("No"));
		WINDOW *win;
		PANEL *p;
		MEVENT me;

		while (lines[n] != NULL) {
			n++;
		}
		h = n + 5;
		p = popup(t, h, w, title, &win);
		if (p == NULL) {
			tui_strfreev(lines);
			free(yes);
			free(no);
			return def_yes;
		}
		for (i = 0; i < n; i++) {
			tui_put(win, 2 + i, 2, lines[i], w - 4, A_NORMAL);
		}
		bx = (w - tui_width(yes) - tui_width(no) - 4) / 2;
		yes_x0 = bx;
		yes_x1 = bx + tui_width(yes);
		no_x0 = yes_x1 + 4;
		no_x1 = no_x0 + tui_width(no);
		tui_put(win, h - 2, yes_x0, yes, -1,
		    choice == 1 ? tui_attr(TUI_SELECTED) : A_NORMAL);
		tui_put(win, h - 2, no_x0, no, -1,
		    choice == 0 ? tui_attr(TUI_SELECTED) : A_NORMAL);
		show();
		ch = wgetch(win);
		popdown(p, win);
		tui_strfreev(lines);
		free(yes);
		free(no);
		switch (ch) {
		case ERR:
			if (tui_term_signal()) {
				return 0;
			}
			break;
		case KEY_RESIZE:
			tui_term_resized(t);
			tui_redraw(t);
			break;
		case 'y':
		case 'Y':
			return 1;
		case 'n':
		case 'N':
		case 27:
		case KEY_BACKSPACE:
		case 127:
			return 0;
		case KEY_LEFT:
		case KEY_RIGHT:
		case '\t':
		case 'h':
		case 'l':
			choice = !choice;
			break;
		case '\n':
		case '\r':
		case KEY_ENTER:
		case ' ':
			return choice;
		case KEY_MOUSE:
			if (getmouse(&me) == OK) {
				if (win_hit(win, me.y, me.x, h - 2, yes_x0,
				    yes_x1)) {
					return 1;
				}
				if (win_hit(win, me.y, me.x, h - 2, no_x0,
				    no_x1)) {
					return 0;
				}
			}
			break;
		}
		show();
	}
}

void
tui_message(struct tui *t, const char *title, const char *text)
{
	for (;;) {
		int w = COLS - 4 < 70 ? COLS - 4 : 70;
		char **lines = tui_wrap(text, w - 4);
		int n = 0, h, i, ch;
		char *ok = tui_xasprintf("[ %s ]", _("OK"));
		WINDOW *win;
		PANEL *p;

		while (lines[n] != NULL) {
			n++;
		}
		h = n + 5;
		if (h > LINES - 2) {
			h = LINES - 2;
		}
		p = popup(t, h, w, title, &win);
		if (p == NULL) {
			tui_strfreev(lines);
			free(ok);
			return;
		}
		for (i = 0; i < n && i < h - 4; i++) {
			tui_put(win, 2 + i, 2, lines[i], w - 4, A_NORMAL);
		}
		tui_put(win, h - 2, (w - tui_width(ok)) / 2, ok, -1,
		    tui_attr(TUI_SELECTED));
		show();
		ch = wgetch(win);
		popdown(p, win);
		tui_strfreev(lines);
		free(ok);
		if (ch == KEY_RESIZE) {
			tui_term_resized(t);
			tui_redraw(t);
			continue;
		}
		if (ch == ERR && !tui_term_signal()) {
			continue;
		}
		if (ch == KEY_MOUSE) {
			MEVENT me;

			(void)getmouse(&me);
		}
		tui_redraw(t);
		return;
	}
}

/* Keys that work on every screen, for the help. */
static const char *const global_keys[] = {
	N_("Up/Down, j/k"), N_("move"),
	N_("PgUp/PgDn, Home/End"), N_("scroll"),
	"Enter", N_("choose, go on"),
	"Space", N_("open or close, switch on or off"),
	"Tab", N_("next part of the screen"),
	N_("Esc, Backspace"), N_("go back"),
	"?", N_("this help"),
	"q", N_("quit (asks while work is under way)"),
	N_("mouse"), N_("click to choose; wheel to scroll"),
	NULL
};

void
tui_help(struct tui *t)
{
	const struct tui_screen *s = tui_top(t);
	int top = 0;

	for (;;) {
		struct tui_view v;
		int w = COLS - 4 < 76 ? COLS - 4 : 76;
		int h = LINES - 2, i, ch, rows;
		WINDOW *win;
		PANEL *p;

		memset(&v, 0, sizeof(v));
		v.sel = -1;
		tui_view_reset(&v, w - 4);
		if (s != NULL && s->help != NULL) {
			tui_view_add(&v, TUI_TITLE, -1, 0, "%s", _(s->name));
			tui_view_add(&v, TUI_NORMAL, -1, 0, "%s", _(s->help));
			tui_view_blank(&v);
		}
		tui_view_add(&v, TUI_TITLE, -1, 0, "%s", _("Keys"));
		for (i = 0; global_keys[i] != NULL; i += 2) {
			char *k = tui_fit(t, _(global_keys[i]), 22);

			tui_view_add(&v, TUI_NORMAL, -1, 0, "%s %s", k,
			    _(global_keys[i + 1]));
			free(k);
		}
		if ((int)v.n + 4 < h) {
			h = (int)v.n + 4;
		}
		rows = h - 4;
		p = popup(t, h, w, _("Help"), &win);
		if (p == NULL) {
			tui_view_clear(&v);
			return;
		}
		if (top > (int)v.n - rows) {
			top = (int)v.n - rows;
		}
		if (top < 0) {
			top = 0;
		}
		for (i = 0; i < rows && top + i < (int)v.n; i++) {
			const struct tui_line *l = &v.v[top + i];

			tui_put(win, 2 + i, 2 + l->indent, l->text,
			    w - 4 - l->indent, tui_attr(l->role));
		}
		tui_put(win, h - 1, 2, _(" any key closes "), w - 4,
		    tui_attr(TUI_DIM));
		show();
		ch = wgetch(win);
		popdown(p, win);
		tui_view_clear(&v);
		if (ch == ERR) {
			if (tui_term_signal()) {
				return;
			}
			continue;
		}
		if (ch == KEY_RESIZE) {
			tui_term_resized(t);
			tui_redraw(t);
			continue;
		}
		if (ch == KEY_DOWN || ch == 'j') {
			top++;
			continue;
		}
		if (ch == KEY_UP || ch == 'k') {
			top--;
			continue;
		}
		if (ch == KEY_NPAGE) {
			top += rows;
			continue;
		}
		if (ch == KEY_PPAGE) {
			top -= rows;
			continue;
		}
		if (ch == KEY_MOUSE) {
			MEVENT me;

			(void)getmouse(&me);
		}
		tui_redraw(t);
		return;
	}
}

char *
tui_input(struct tui *t, const char *title, const char *prompt,
    const char *initial)
{
	char *result = NULL;
	int done = 0;
	char *text = tui_xstrdup(initial);
	/* the text given is selected: a key that types replaces it */
	int fresh = *text != '\0';

	curs_set(1);
	while (!done) {
		int w = COLS - 4 < 72 ? COLS - 4 : 72, h = 7, r;
		FIELD *fields[2];
		FORM *form;
		WINDOW *win, *sub;
		PANEL *p = popup(t, h, w, title, &win);
		wint_t wc;

		if (p == NULL) {
			break;
		}
		tui_put(win, 2, 2, prompt, w - 4, A_NORMAL);
		tui_put(win, h - 1, 2, _(" Enter accept  Esc cancel "), w - 4,
		    tui_attr(TUI_DIM));
		sub = derwin(win, 1, w - 4, 3, 2);
		fields[0] = new_field(1, w - 4, 0, 0, 0, 0);
		fields[1] = NULL;
		field_opts_off(fields[0], O_STATIC | O_AUTOSKIP);
		set_max_field(fields[0], 4096);
		set_field_back(fields[0], fresh ? A_REVERSE : A_UNDERLINE);
		set_field_buffer(fields[0], 0, text);
		form = new_form(fields);
		set_form_win(form, win);
		set_form_sub(form, sub);
		post_form(form);
		form_driver(form, REQ_END_LINE);
		for (;;) {
			show();
			wrefresh(win);
			r = wget_wch(win, &wc);
			if (r == ERR) {
				if (tui_term_signal()) {
					done = 1;
					break;
				}
				continue;
			}
			if (r == KEY_CODE_YES && wc == KEY_RESIZE) {
				/* the window is remade at the new size */
				form_driver(form, REQ_VALIDATION);
				free(text);
				text = tui_xstrdup(field_buffer(fields[0], 0));
				tui_term_resized(t);
				tui_redraw(t);
				break;
			}
			if (fresh && !(r == KEY_CODE_YES && wc == KEY_ENTER) &&
			    wc != '\n' && wc != '\r' && wc != 27) {
				/* the first key ends the selection: one that
				 * types or deletes takes the text away */
				fresh = 0;
				set_field_back(fields[0], A_UNDERLINE);
				if ((r != KEY_CODE_YES && (wc >= ' ' ||
				    wc == 127 || wc == 8)) ||
				    (r == KEY_CODE_YES &&
				    (wc == KEY_BACKSPACE || wc == KEY_DC))) {
					form_driver(form, REQ_CLR_FIELD);
					if (r != KEY_CODE_YES && wc >= ' ' &&
					    wc != 127) {
						form_driver_w(form, OK,
						    (wchar_t)wc);
					}
					continue;
				}
			}
			if (r == KEY_CODE_YES) {
				switch (wc) {
				case KEY_LEFT:
					form_driver(form, REQ_PREV_CHAR);
					break;
				case KEY_RIGHT:
					form_driver(form, REQ_NEXT_CHAR);
					break;
				case KEY_HOME:
					form_driver(form, REQ_BEG_LINE);
					break;
				case KEY_END:
					form_driver(form, REQ_END_LINE);
					break;
				case KEY_BACKSPACE:
					form_driver(form, REQ_DEL_PREV);
					break;
				case KEY_DC:
					form_driver(form, REQ_DEL_CHAR);
					break;
				case KEY_ENTER:
					done = 2;
					break;
				}
			} else if (wc == 27) {
				done = 1;
			} else if (wc == '\n' || wc == '\r') {
				done = 2;
			} else if (wc == 127 || wc == 8) {
				form_driver(form, REQ_DEL_PREV);
			} else if (wc == 21) {	/* ^U */
				form_driver(form, REQ_CLR_FIELD);
			} else if (wc >= ' ') {
				form_driver_w(form, OK, (wchar_t)wc);
			}
			if (done) {
				break;
			}
		}
		if (done == 2) {
			char *s, *e;

			form_driver(form, REQ_VALIDATION);
			s = tui_xstrdup(field_buffer(fields[0], 0));
			e = s + strlen(s);
			while (e > s && e[-1] == ' ') {
				*--e = '\0';
			}
			result = s;
		}
		unpost_form(form);
		free_form(form);
		free_field(fields[0]);
		delwin(sub);
		popdown(p, win);
	}
	curs_set(0);
	free(text);
	tui_redraw(t);
	return result;
}

char *
tui_input_dir(struct tui *t, const char *title, const char *prompt,
    const char *initial, int abs)
{
	char *s = tui_input(t, title, prompt, initial), *msg;
	const char *home = cds_getenv(t->h, "HOME");

	if (s == NULL || *s == '\0') {
		free(s);
		return NULL;
	}
	if (s[0] == '~' && (s[1] == '\0' || s[1] == '/') && home != NULL &&
	    home[0] == '/') {
		/* the shell's ~: the home directory (a slash too many at
		 * the join is dropped) */
		msg = tui_xasprintf("%.*s%s", (int)(strlen(home) -
		    (home[strlen(home) - 1] == '/' && s[1] == '/')), home,
		    s + 1);
		free(s);
		s = msg;
	}
	if (abs && s[0] != '/') {
		msg = tui_xasprintf(s[0] == '~' ? _("%s: only ~ and ~/... "
		    "are understood (your home); type an absolute path") :
		    _("%s: not an absolute path"), s);
		tui_message(t, title, msg);
		free(msg);
		free(s);
		return NULL;
	}
	return s;
}
