/*
 * term.c - the terminal under the wizard: start curses, colours that follow
 * the terminal (and NO_COLOR), Unicode or ASCII line drawing, and putting
 * the terminal back however the program ends: a normal exit, an error,
 * Ctrl-C, SIGTERM, a crash, or the engine running out of memory.
 *
 * While curses owns the screen, stderr goes to a temporary file whose
 * contents are written to the real stderr once the terminal is restored
 * (the idea of htop's CRT.c): a library's message then neither tears the
 * screen nor gets lost.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tui.h"

#include <term.h>	/* setupterm(), after curses.h */

static const struct tui_glyphs glyphs_utf8 = {
	"\u2500", "\u2502", "\u250c", "\u2510", "\u2514", "\u2518",
	"\u251c", "\u2524",
	"\u2588", "\u2591",
	"\u25b8", "\u203a", "\u2026", "[-]", "[+]", "[x]", "[ ]",
	"\u2191", "\u2193"
};

static const struct tui_glyphs glyphs_ascii = {
	"-", "|", "+", "+", "+", "+", "+", "+",
	"#", ".",
	">", ">", "~", "[-]", "[+]", "[x]", "[ ]",
	"^", "v"
};

/* Everything the signal handlers may touch is plain data set up front. */
static volatile sig_atomic_t up;
static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t busy;
static cds_handle_t *volatile busy_handle;
static struct termios saved_tio;
static int have_tio;
static char restore_seq[512];
static size_t restore_len;
static int saved_stderr = -1;
static int err_fd = -1;
static SCREEN *screen;
static attr_t attrs[TUI_ROLE_MAX];

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, 0 };
static const int crash_signals[] = {
	SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGQUIT, 0
};

double
tui_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
seq_add(const char *s)
{
	size_t n;

	if (s == NULL || s == (char *)-1) {
		return;
	}
	n = strlen(s);
	if (restore_len + n < sizeof(restore_seq)) {
		memcpy(restore_seq + restore_len, s, n);
		restore_len += n;
	}
}

/*
 * The bytes that undo what curses did to the screen, worked out now so a
 * signal handler can write them without calling into curses.
 */
static void
prepare_restore(int mouse)
{
	char *cup = tigetstr("cup");

	restore_len = 0;
	seq_add(tigetstr("sgr0"));
	seq_add(tigetstr("cnorm"));
	seq_add(tigetstr("rmkx"));
	if (mouse) {
		/* the xterm protocols ncurses may have switched on */
		seq_add("\033[?1006l\033[?1002l\033[?1000l");
	}
	if (cup != NULL && cup != (char *)-1) {
		seq_add(tiparm(cup, LINES - 1, 0));
	}
	seq_add("\r\n");
	seq_add(tigetstr("rmcup"));
}

static void
write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR) {
			continue;
		}
		if (w <= 0) {
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

/* Put stderr back and replay what was said meanwhile (signal-safe). */
static void
stderr_release(void)
{
	char buf[4096];
	ssize_t n;

	if (saved_stderr < 0) {
		return;
	}
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	saved_stderr = -1;
	if (err_fd >= 0) {
		if (lseek(err_fd, 0, SEEK_SET) == 0) {
			while ((n = read(err_fd, buf, sizeof(buf))) > 0) {
				write_all(STDERR_FILENO, buf, (size_t)n);
			}
		}
		close(err_fd);
		err_fd = -1;
	}
}

static void
stderr_capture(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];

	if (dir == NULL || *dir != '/') {
		dir = "/tmp";
	}
	snprintf(path, sizeof(path), "%s/cudnn-setup-stderr-XXXXXX", dir);
	err_fd = mkostemp(path, O_CLOEXEC);
	if (err_fd < 0) {
		err_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (err_fd < 0) {
			return;
		}
	} else {
		unlink(path);
	}
	fflush(stderr);
	saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (saved_stderr < 0) {
		close(err_fd);
		err_fd = -1;
		return;
	}
	dup2(err_fd, STDERR_FILENO);
}

/* The terminal back as we found it, without curses (signal-safe). */
static void
emergency_restore(void)
{
	if (!up) {
		return;
	}
	up = 0;
	write_all(STDOUT_FILENO, restore_seq, restore_len);
	if (have_tio) {
		tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tio);
	}
	stderr_release();
}

/* Out of memory (the engine's allocation helpers, then abort()): not in
 * a signal handler, so curses itself puts the screen back. */
static void
oom_hook(void)
{
	if (!up) {
		return;
	}
	endwin();
	up = 0;
	if (have_tio) {
		tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tio);
	}
	stderr_release();
}

static void
on_crash(int sig)
{
	emergency_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Ctrl-C, SIGTERM, SIGHUP.  While the engine works, the first one asks it
 * to stop at its next safe point (it rolls back, and the wizard then
 * leaves); when idle, the main loop sees the flag and leaves.  A second
 * one, or one the loop is too slow to see, restores the terminal and dies
 * of the signal.
 */
static void
on_stop(int sig)
{
	if (!got_signal) {
		got_signal = sig;
		if (busy && busy_handle != NULL) {
			cds_cancel(busy_handle);
		}
		return;
	}
	emergency_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
install_signals(void)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocked read returns so the loop sees the flag */
	sa.sa_handler = on_stop;
	for (i = 0; stop_signals[i] != 0; i++) {
		sigaction(stop_signals[i], &sa, NULL);
	}
	sa.sa_handler = on_crash;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	for (i = 0; crash_signals[i] != 0; i++) {
		sigaction(crash_signals[i], &sa, NULL);
	}
}

static void
reset_signals(void)
{
	int i;

	for (i = 0; stop_signals[i] != 0; i++) {
		signal(stop_signals[i], SIG_DFL);
	}
	for (i = 0; crash_signals[i] != 0; i++) {
		signal(crash_signals[i], SIG_DFL);
	}
}

static void
at_exit(void)
{
	if (up) {
		endwin();
		up = 0;
		if (have_tio) {
			tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tio);
		}
		stderr_release();
	}
}

/* Colour only when the terminal has it, NO_COLOR is unset (no-color.org)
 * and --no-color was not given; --color forces it where possible. */
static int
want_color(const struct tui *t)
{
	const char *nc = getenv("NO_COLOR");

	if (t->opts.color == 0) {
		return 0;
	}
	if (t->opts.color != 1 && nc != NULL && *nc != '\0') {
		return 0;
	}
	return has_colors();
}

static void
setup_attrs(struct tui *t)
{
	int i;

	for (i = 0; i < TUI_ROLE_MAX; i++) {
		attrs[i] = A_NORMAL;
	}
	attrs[TUI_TITLE] = A_BOLD;
	attrs[TUI_HEADER] = A_REVERSE;
	attrs[TUI_STEP] = A_REVERSE | A_BOLD | A_UNDERLINE;
	attrs[TUI_DIM] = A_DIM;
	attrs[TUI_KEY] = A_BOLD;
	attrs[TUI_SELECTED] = A_REVERSE;
	attrs[TUI_ERROR] = A_BOLD;
	attrs[TUI_WARNING] = A_BOLD;
	attrs[TUI_OK] = A_BOLD;
	attrs[TUI_BAR] = A_BOLD;
	t->color = 0;
	if (!want_color(t) || start_color() == ERR) {
		return;
	}
	/* the terminal's own foreground and background stay where we do
	 * not need a colour: -1 with use_default_colors() */
	{
		short bg = use_default_colors() == OK ? -1 : COLOR_BLACK;

		init_pair(1, COLOR_RED, bg);
		init_pair(2, COLOR_YELLOW, bg);
		init_pair(3, COLOR_CYAN, bg);
		init_pair(4, COLOR_GREEN, bg);
		init_pair(5, COLOR_BLUE, bg);
	}
	attrs[TUI_ERROR] = COLOR_PAIR(1) | A_BOLD;
	attrs[TUI_WARNING] = COLOR_PAIR(2) | A_BOLD;
	attrs[TUI_NOTE] = COLOR_PAIR(3);
	attrs[TUI_OK] = COLOR_PAIR(4) | A_BOLD;
	attrs[TUI_KEY] = COLOR_PAIR(3) | A_BOLD;
	attrs[TUI_BAR] = COLOR_PAIR(4);
	attrs[TUI_TITLE] = A_BOLD;
	t->color = 1;
}

attr_t
tui_attr(enum tui_role r)
{
	return r >= 0 && r < TUI_ROLE_MAX ? attrs[r] : A_NORMAL;
}

int
tui_term_signal(void)
{
	return got_signal;
}

void
tui_term_busy(struct tui *t, int b)
{
	if (b) {
		/* a new job: the stop asked of the last one is over (between
		 * jobs, before a signal can cancel this one) */
		cds_reset_cancel(t->h);
	}
	busy_handle = t->h;
	busy = b;
	t->busy = b;
	if (b && got_signal) {
		/* a signal came while nothing ran: this job stops at once */
		cds_cancel(t->h);
	}
}

/* The screen changed size: the cursor address of the last line with it. */
void
tui_term_resized(struct tui *t)
{
	prepare_restore(t->mouse);
}

int
tui_term_init(struct tui *t)
{
	const char *cs;
	int err;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		return -1;
	}
	/* a TERM without terminfo: newterm() fails too, but keeps what it
	 * allocated on the way (ncurses' pre-screen); setupterm() says so
	 * and keeps nothing */
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		return -1;
	}
	del_curterm(cur_term);
	have_tio = tcgetattr(STDIN_FILENO, &saved_tio) == 0;
	screen = newterm(NULL, stdout, stdin);
	if (screen == NULL) {
		return -1;
	}
	set_term(screen);
	cs = nl_langinfo(CODESET);
	t->utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	t->g = t->utf8 ? &glyphs_utf8 : &glyphs_ascii;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	t->mouse = mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED |
	    BUTTON4_PRESSED | BUTTON5_PRESSED, NULL) != 0;
	setup_attrs(t);
	prepare_restore(t->mouse);
	stderr_capture();
	up = 1;
	install_signals();
	atexit(at_exit);
	cds_set_oom_hook(oom_hook);
	return 0;
}

void
tui_term_done(struct tui *t)
{
	if (!up) {
		return;
	}
	endwin();
	up = 0;
	cds_set_oom_hook(NULL);
	stderr_release();
	reset_signals();
	delscreen(screen);
	screen = NULL;
}
