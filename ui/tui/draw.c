/*
 * draw.c - putting text on the screen by display width (a CJK character
 * takes two columns, a combining mark none), boxes, bars, the header with
 * the steps and the footer with the keys.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "tui.h"
#include "../errtext.h"

void *
tui_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size);

	if (p == NULL) {
		abort();
	}
	return p;
}

void *
tui_xrealloc(void *p, size_t n)
{
	p = realloc(p, n == 0 ? 1 : n);
	if (p == NULL) {
		abort();
	}
	return p;
}

char *
tui_xstrdup(const char *s)
{
	char *p = strdup(s != NULL ? s : "");

	if (p == NULL) {
		abort();
	}
	return p;
}

static char *
xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0) {
		abort();
	}
	return s;
}

char *
tui_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/*
 * S as wide characters; a byte that is not a character of the locale, or
 * a character that cannot be printed, becomes '?', so what is measured is
 * what is drawn.
 */
static wchar_t *
to_wcs(const char *s, size_t *np)
{
	size_t len = strlen(s), n = 0;
	wchar_t *w = tui_xcalloc(len + 1, sizeof(*w));
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	while (*s != '\0') {
		wchar_t c;
		size_t k = mbrtowc(&c, s, MB_CUR_MAX, &st);

		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&st, 0, sizeof(st));
			c = L'?';
			k = 1;
		} else if (c == L'\t') {
			c = L' ';
		} else if (!iswprint(c) && c != L'\n') {
			c = L'?';
		}
		w[n++] = c;
		s += k;
	}
	w[n] = L'\0';
	*np = n;
	return w;
}

static char *
from_wcs(const wchar_t *w, size_t n)
{
	char *out = tui_xcalloc(n * MB_CUR_MAX + 1, 1), *p = out;
	mbstate_t st;
	size_t i;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < n; i++) {
		size_t k = wcrtomb(p, w[i], &st);

		if (k == (size_t)-1) {
			*p++ = '?';
			memset(&st, 0, sizeof(st));
		} else {
			p += k;
		}
	}
	*p = '\0';
	return out;
}

static int
wc_width(wchar_t c)
{
	int k = wcwidth(c);

	return k < 0 ? 1 : k;
}

int
tui_width(const char *s)
{
	size_t n, i;
	wchar_t *w = to_wcs(s, &n);
	int total = 0;

	for (i = 0; i < n; i++) {
		total += wc_width(w[i]);
	}
	free(w);
	return total;
}

char *
tui_fit(struct tui *t, const char *s, int width)
{
	size_t n, i, k = 0;
	wchar_t *w = to_wcs(s != NULL ? s : "", &n);
	wchar_t *out;
	wchar_t ell[8];
	size_t nell = 0;
	int total = 0, used = 0, ellw = 0;
	char *res;

	if (width < 0) {
		width = 0;
	}
	for (i = 0; i < n; i++) {
		total += wc_width(w[i]);
	}
	out = tui_xcalloc(n + (size_t)width + 8, sizeof(*out));
	if (total > width) {
		wchar_t *e = to_wcs(t->g->ellipsis, &nell);

		memcpy(ell, e, (nell < 8 ? nell : 7) * sizeof(*ell));
		free(e);
		ellw = (int)nell;
		if (ellw > width) {
			ellw = 0;
			nell = 0;
		}
	}
	for (i = 0; i < n; i++) {
		int cw = wc_width(w[i]);

		if (total > width && used + cw > width - ellw) {
			break;
		}
		if (used + cw > width) {
			break;
		}
		out[k++] = w[i];
		used += cw;
	}
	if (total > width) {
		for (i = 0; i < nell; i++) {
			out[k++] = ell[i];
		}
		used += ellw;
	}
	while (used < width) {
		out[k++] = L' ';
		used++;
	}
	res = from_wcs(out, k);
	free(out);
	free(w);
	return res;
}

/* Chinese and Japanese text may break between any two characters; Korean
 * breaks at spaces, like English. */
static int
ideographic(wchar_t c)
{
	return (c >= 0x2E80 && c <= 0x2FDF) ||	/* radicals */
	    (c >= 0x3000 && c <= 0x30FF) ||	/* CJK punctuation, kana */
	    (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
	    (c >= 0xF900 && c <= 0xFAFF) ||
	    (c >= 0xFF00 && c <= 0xFF60) ||	/* fullwidth forms */
	    (c >= 0x20000 && c <= 0x3FFFF);
}

/* Punctuation that must not begin a line, or end one (kinsoku). */
static int
no_start(wchar_t c)
{
	return wcschr(L"\x3001\x3002\xff0c\xff0e\xff1a\xff1b\xff01"
	    "\xff1f\xff09\x300d\x300f\x3011\x3009\x300b\x201d\x2019"
	    "\x2026\x30fc", c) != NULL && c != L'\0';
}

static int
no_end(wchar_t c)
{
	return wcschr(L"\xff08\x300c\x300e\x3010\x3008\x300a\x201c"
	    "\x2018", c) != NULL && c != L'\0';
}

/* May a line break between w[j - 1] and w[j]? */
static int
break_between(const wchar_t *w, size_t j)
{
	return (ideographic(w[j]) || ideographic(w[j - 1])) &&
	    !no_start(w[j]) && !no_end(w[j - 1]) && w[j] != L' ';
}

/* A path or URL longer than a line breaks after a slash, where a component
 * ends, never inside a name; "https://" stays whole. */
static int
break_after_slash(const wchar_t *w, size_t j)
{
	return w[j - 1] == L'/' && w[j] != L'/' && w[j] != L' ' &&
	    (j < 2 || w[j - 2] != L'/');
}

char **
tui_wrap(const char *s, int width)
{
	size_t n, i = 0, nl = 0, cap = 8;
	wchar_t *w = to_wcs(s != NULL ? s : "", &n);
	char **lines = tui_xcalloc(cap, sizeof(*lines));

	if (width < 1) {
		width = 1;
	}
	do {
		size_t j = i, cut = 0, resume = 0, e, slash = 0;
		int used = 0, have_cut = 0;

		while (j < n && w[j] != L'\n') {
			int cw = wc_width(w[j]);

			if (used + cw > width) {
				break;
			}
			/* a line may end at a space, or between two
			 * characters where one is ideographic */
			if (w[j] == L' ') {
				cut = j;
				resume = j + 1;
				have_cut = 1;
			} else if (j > i && break_between(w, j)) {
				cut = j;
				resume = j;
				have_cut = 1;
			} else if (j > i && break_after_slash(w, j)) {
				slash = j;
			}
			used += cw;
			j++;
		}
		if (j < n && w[j] != L'\n') {
			/* too long: break at the last chance, else hard */
			if (j > i && break_after_slash(w, j)) {
				slash = j;
			}
			if (w[j] == L' ') {
				cut = j;
				resume = j + 1;
			} else if (j > i && break_between(w, j)) {
				cut = j;
				resume = j;
			} else if (!have_cut && slash > i) {
				/* one word longer than the line: a path */
				cut = slash;
				resume = slash;
			} else if (!have_cut) {
				cut = j > i ? j : i + 1;
				resume = cut;
			}
		} else {
			cut = j;
			resume = j + 1;
		}
		e = cut;
		while (e > i && w[e - 1] == L' ') {
			e--;
		}
		if (nl + 2 > cap) {
			cap *= 2;
			lines = tui_xrealloc(lines, cap * sizeof(*lines));
		}
		lines[nl++] = from_wcs(w + i, e - i);
		i = resume;
		/* a wrapped line does not start with the space it broke at */
		if (i < n && i > 0 && w[i - 1] != L'\n') {
			while (i < n && w[i] == L' ') {
				i++;
			}
		}
	} while (i < n);
	lines[nl] = NULL;
	free(w);
	return lines;
}

void
tui_strfreev(char **v)
{
	size_t i;

	for (i = 0; v != NULL && v[i] != NULL; i++) {
		free(v[i]);
	}
	free(v);
}

int
tui_put(WINDOW *win, int y, int x, const char *s, int width, attr_t a)
{
	size_t n, i;
	wchar_t *w;
	int used = 0;

	if (width < 0) {
		width = getmaxx(win) - x;
	}
	if (width <= 0 || s == NULL) {
		return 0;
	}
	w = to_wcs(s, &n);
	wmove(win, y, x);
	wattr_on(win, a, NULL);
	for (i = 0; i < n; i++) {
		int cw = wc_width(w[i]);

		if (w[i] == L'\n') {
			break;
		}
		if (used + cw > width) {
			break;
		}
		waddnwstr(win, &w[i], 1);
		used += cw;
	}
	wattr_off(win, a, NULL);
	free(w);
	return used;
}

int
tui_putf(WINDOW *win, int y, int x, int width, attr_t a, const char *fmt,
    ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	r = tui_put(win, y, x, s, width, a);
	free(s);
	return r;
}

void
tui_hline(struct tui *t, WINDOW *win, int y, int x, int width, attr_t a)
{
	int i;

	wmove(win, y, x);
	wattr_on(win, a, NULL);
	for (i = 0; i < width; i++) {
		waddstr(win, t->g->hline);
	}
	wattr_off(win, a, NULL);
}

void
tui_box(struct tui *t, WINDOW *win, int y, int x, int h, int w,
    const char *title, attr_t a)
{
	int i;

	if (h < 2 || w < 2) {
		return;
	}
	wattr_on(win, a, NULL);
	mvwaddstr(win, y, x, t->g->tl);
	tui_hline(t, win, y, x + 1, w - 2, a);
	wattr_on(win, a, NULL);
	mvwaddstr(win, y, x + w - 1, t->g->tr);
	for (i = 1; i < h - 1; i++) {
		mvwaddstr(win, y + i, x, t->g->vline);
		mvwaddstr(win, y + i, x + w - 1, t->g->vline);
	}
	mvwaddstr(win, y + h - 1, x, t->g->bl);
	tui_hline(t, win, y + h - 1, x + 1, w - 2, a);
	wattr_on(win, a, NULL);
	mvwaddstr(win, y + h - 1, x + w - 1, t->g->br);
	wattr_off(win, a, NULL);
	if (title != NULL && *title != '\0' && w > 6) {
		char *s = tui_xasprintf(" %s ", title);

		tui_put(win, y, x + 2, s, w - 4, a | tui_attr(TUI_TITLE));
		free(s);
	}
}

void
tui_bar(struct tui *t, WINDOW *win, int y, int x, int w, double frac)
{
	int i, full;

	if (frac < 0) {
		frac = 0;
	}
	if (frac > 1) {
		frac = 1;
	}
	full = (int)(frac * w + 0.5);
	wmove(win, y, x);
	wattr_on(win, tui_attr(TUI_BAR), NULL);
	for (i = 0; i < full; i++) {
		waddstr(win, t->g->bar_full);
	}
	wattr_off(win, tui_attr(TUI_BAR), NULL);
	wattr_on(win, tui_attr(TUI_DIM), NULL);
	for (; i < w; i++) {
		waddstr(win, t->g->bar_empty);
	}
	wattr_off(win, tui_attr(TUI_DIM), NULL);
}

/* The steps a person goes through, for the header. */
static const char *const steps[] = {
	N_("Scan"), N_("Goal"), N_("Target"), N_("Versions"), N_("Review"),
	N_("Progress"), N_("Verify"), NULL
};

void
tui_header(struct tui *t)
{
	const struct tui_screen *s = tui_top(t);
	int cur = s != NULL ? s->step : 0;
	int i, x, need = 0, sepw = tui_width(t->g->sep) + 2;
	const char *title = "cudnn-setup";
	attr_t hd = tui_attr(TUI_HEADER);

	wmove(stdscr, 0, 0);
	wattr_on(stdscr, hd, NULL);
	for (i = 0; i < COLS; i++) {
		waddch(stdscr, ' ');
	}
	wattr_off(stdscr, hd, NULL);
	x = 1 + tui_put(stdscr, 0, 1, title, -1, hd | A_BOLD) + 2;
	for (i = 0; steps[i] != NULL; i++) {
		need += tui_width(_(steps[i])) + 2 + (i > 0 ? sepw - 2 : 0);
	}
	if (x + need <= COLS) {
		for (i = 0; steps[i] != NULL; i++) {
			attr_t a = i + 1 == cur ? tui_attr(TUI_STEP) : hd;

			if (i > 0) {
				x += tui_put(stdscr, 0, x, t->g->sep, -1, hd);
			}
			x += tui_putf(stdscr, 0, x, -1, a, " %s ",
			    _(steps[i]));
		}
	} else if (cur > 0) {
		/* TRANSLATORS: the header when the steps do not fit: "3/7
		 * Target" */
		tui_putf(stdscr, 0, x, -1, hd, _("%d/%d %s"), cur, 7,
		    _(steps[cur - 1]));
	}
}

/* The key a footer label stands for, so that a click on it acts. */
static int
key_of(const char *label)
{
	if (strcmp(label, "Enter") == 0) {
		return '\n';
	}
	if (strcmp(label, "Esc") == 0) {
		return 27;
	}
	if (strcmp(label, "Space") == 0) {
		return ' ';
	}
	if (strcmp(label, "Tab") == 0) {
		return '\t';
	}
	return (unsigned char)label[0];
}

static int
pair_width(const char *const *list, int i)
{
	return tui_width(list[i]) + 1 + tui_width(_(list[i + 1]));
}

static int
put_pair(struct tui *t, int y, int x, const char *const *list, int i)
{
	int x0 = x;

	x += tui_put(stdscr, y, x, list[i], -1, tui_attr(TUI_KEY));
	x += 1;
	x += tui_put(stdscr, y, x, _(list[i + 1]), -1, A_NORMAL);
	if (t->nhot < 16) {
		t->hot[t->nhot].x0 = x0;
		t->hot[t->nhot].x1 = x;
		t->hot[t->nhot].key = key_of(list[i]);
		t->nhot++;
	}
	return x - x0;
}

/* The keys of the screen from the left, help and quit always at the
 * right; screen keys that do not fit are left out from the end. */
void
tui_footer(struct tui *t, const char *const *keys)
{
	static const char *const global[] = {
		"?", N_("help"), "q", N_("quit"), NULL
	};
	int i, x = 1, y = LINES - 1, gw = 0, gx;

	wmove(stdscr, y, 0);
	wclrtoeol(stdscr);
	t->nhot = 0;
	for (i = 0; global[i] != NULL; i += 2) {
		gw += pair_width(global, i) + 2;
	}
	gx = COLS - gw + 1;
	for (i = 0; keys != NULL && keys[i] != NULL; i += 2) {
		if (x + pair_width(keys, i) + 2 > gx) {
			break;
		}
		x += put_pair(t, y, x, keys, i) + 2;
	}
	x = gx > x ? gx : x;
	for (i = 0; global[i] != NULL; i += 2) {
		if (x + pair_width(global, i) >= COLS) {
			break;
		}
		x += put_pair(t, y, x, global, i) + 2;
	}
}

void
tui_body(int *y, int *x, int *h, int *w)
{
	*y = 1;
	*x = 0;
	*h = LINES - 2;
	*w = COLS;
}

const char *
tui_bytes(uint64_t n, char buf[32])
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

const char *
tui_duration(double s, char buf[32])
{
	long v = s < 0 ? 0 : (long)(s + 0.5);

	if (v >= 3600) {
		snprintf(buf, 32, "%ld:%02ld:%02ld", v / 3600, v / 60 % 60,
		    v % 60);
	} else {
		snprintf(buf, 32, "%ld:%02ld", v / 60, v % 60);
	}
	return buf;
}

const char *
tui_cuda_str(int v, char buf[16])
{
	if (v <= 0) {
		return NULL;
	}
	snprintf(buf, 16, "%d.%d", v / 1000, (v % 1000) / 10);
	return buf;
}

const char *
tui_severity_word(enum cds_severity s)
{
	switch (s) {
	case CDS_SEV_ERROR:
		return _("error");
	case CDS_SEV_WARNING:
		return _("warning");
	default:
		return _("note");
	}
}

enum tui_role
tui_severity_role(enum cds_severity s)
{
	switch (s) {
	case CDS_SEV_ERROR:
		return TUI_ERROR;
	case CDS_SEV_WARNING:
		return TUI_WARNING;
	default:
		return TUI_NOTE;
	}
}

/* How the wizard names an engine setting: by its field, never a flag. */
static const char *
tui_optname(const char *option)
{
	if (strcmp(option, "cuda") == 0) {
		return "CUDA";
	}
	if (strcmp(option, "cudnn") == 0) {
		return "cuDNN";
	}
	if (strcmp(option, "for") == 0) {
		return _("framework");
	}
	if (strcmp(option, "prefix") == 0) {
		return _("install directory");
	}
	if (strcmp(option, "env") == 0) {
		return _("env");
	}
	if (strcmp(option, "mirror") == 0) {
		return _("mirror");
	}
	return option;
}

/* The handle's error as a sentence in the user's words (ui/errtext.h):
 * the translated text and the names involved. */
const char *
tui_err_text(struct tui *t)
{
	static char buf[2048];
	char *s = ui_err_text(t->h, tui_optname);

	snprintf(buf, sizeof(buf), "%s", s);
	free(s);
	return buf;
}
