/*
 * scr_goal.c - the second screen: what to do.  Install a matching set,
 * repair a conda env (the envs the scan found), or verify an install.
 */
#include "config.h"

#define CDS_TUI_INTERNAL

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

static int
goal_enter(struct tui *t)
{
	const char *labels[3];
	int ids[3] = { TUI_GOAL_INSTALL, TUI_GOAL_REPAIR, TUI_GOAL_VERIFY };
	int enabled[3] = { 1, 1, 1 };
	size_t nenvs;
	char *repair;

	tui_scan_fresh(t);
	nenvs = t->scan != NULL ? t->scan->nenvs : 0;

	repair = tui_xasprintf(_n("Repair a conda env (%zu found)",
	    "Repair a conda env (%zu found)", nenvs), nenvs);
	labels[0] = _("Install CUDA and cuDNN: a matching set");
	labels[1] = repair;
	labels[2] = _("Verify an install on the GPU");

	tui_menu_build(t, &t->menu, 3, labels, ids, enabled,
	    t->goal != TUI_GOAL_NONE ? (int)t->goal : TUI_GOAL_INSTALL);
	free(repair);
	return 0;
}

static const char *
describe(struct tui *t, int goal)
{
	switch (goal) {
	case TUI_GOAL_INSTALL:
		return _("Choose a CUDA toolkit and a cuDNN that this driver "
		    "and your frameworks can run, download them (checking "
		    "every SHA-256 digest against NVIDIA's manifest) and "
		    "unpack them into versioned directories of a prefix, "
		    "with environment files to source. Nothing of what is "
		    "already installed is changed.");
	case TUI_GOAL_REPAIR:
		return _("Mend a conda env so the frameworks in it load CUDA "
		    "and cuDNN: the missing libcudnn.so links, and activation "
		    "scripts that put the env's libraries on the loader's "
		    "path. Every changed file is backed up, and the repair "
		    "can be undone.");
	case TUI_GOAL_VERIFY:
		return _("Load the driver, the CUDA runtime and cuDNN of an "
		    "install, run a small kernel and cuDNN operations on the "
		    "GPU and compare them with results computed here; or "
		    "say exactly why they cannot run.");
	}
	return "";
}

static void
goal_draw(struct tui *t)
{
	int y, x, h, w, i;
	char **lines;

	tui_body(&y, &x, &h, &w);
	tui_put(stdscr, y + 1, 2, _("What do you want to do?"), w - 4,
	    tui_attr(TUI_TITLE));
	tui_menu_draw(t, &t->menu, y + 3, 2, 3, w - 4, 1);
	lines = tui_wrap(describe(t, tui_menu_current(&t->menu)), w - 6);
	for (i = 0; lines[i] != NULL && y + 7 + i < y + h; i++) {
		tui_put(stdscr, y + 7 + i, 4, lines[i], w - 6, A_NORMAL);
	}
	tui_strfreev(lines);
}

static void
choose(struct tui *t)
{
	int g = tui_menu_current(&t->menu);

	if (!tui_menu_current_enabled(&t->menu)) {
		beep();
		return;
	}
	t->goal = (enum tui_goal)g;
	tui_push(t, g == TUI_GOAL_REPAIR ? &tui_scr_env : &tui_scr_target);
}

static int
goal_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
		choose(t);
		return 1;
	}
	return tui_menu_key(&t->menu, ch);
}

static int
goal_click(struct tui *t, int y, int x, mmask_t b)
{
	if (tui_menu_click(&t->menu, y, x) == 2 ||
	    (b & BUTTON1_DOUBLE_CLICKED)) {
		choose(t);
	}
	return 1;
}

static const char *const goal_keys[] = {
	"Enter", N_("choose"), "Esc", N_("back"), NULL
};

const struct tui_screen tui_scr_goal = {
	.name = N_("Goal"),
	.step = 2,
	.help = N_("Choose the job. Install puts a matching CUDA toolkit and "
	    "cuDNN into a prefix of their own; repair mends a conda env "
	    "whose frameworks cannot load CUDA or cuDNN; verify runs real "
	    "work on the GPU to prove an install. Each does what the command "
	    "of the same name does on the command line."),
	.enter = goal_enter,
	.draw = goal_draw,
	.key = goal_key,
	.click = goal_click,
	.keys = goal_keys,
};
