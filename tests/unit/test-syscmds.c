/*
 * test-syscmds.c - the system package manager's commands of several
 * findings or repair steps joined into one (src/doctor/aptfix.c): the
 * commands as the rules write them (apt-get install, apt-get -f install,
 * apt-get install --reinstall, dpkg --configure -a, dnf install of a
 * package or of a soname capability) go into one command each, with every
 * package once, in the order they came, and with the command that goes
 * back joined the same way; an env's own commands (pip, uv, conda) are not
 * the system's.  The real dpkg databases are in
 * tests/realworld/dpkg-deps.sh.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/aptfix.h"
#include "tap.h"

#define V(...) ((char *const []){ __VA_ARGS__, NULL })

/* The indexes X joins, as "0,2". */
static char *
froms(const struct cds_syscmd *x)
{
	static char buf[64];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < x->nfrom && n < sizeof(buf) - 8; i++) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%zu",
		    i > 0 ? "," : "", x->from[i]);
	}
	return buf;
}

static void
apt(void)
{
	struct cds_syscmds *j = cds_xcalloc(1, sizeof(*j));

	cds_syscmds_add(j, V("sudo", "apt-get", "install", "libcublas12"),
	    V("sudo", "apt-get", "remove", "libcublas12"), 0);
	cds_syscmds_add(j, V("sudo", "apt-get", "-f", "install"), NULL, 1);
	cds_syscmds_add(j, V("sudo", "apt-get", "install", "libnvjitlink12"),
	    V("sudo", "apt-get", "remove", "libnvjitlink12"), 1);
	cds_syscmds_add(j, V("sudo", "apt-get", "install", "--reinstall",
	    "nvidia-cudnn"), NULL, 2);
	cds_syscmds_add(j, V("sudo", "apt-get", "install", "libcublas12"),
	    V("sudo", "apt-get", "remove", "libcublas12"), 3);
	cds_syscmds_add(j, V("sudo", "apt-get", "-f", "install"), NULL, 3);
	cds_syscmds_add(j, V("sudo", "dpkg", "--configure", "-a"), NULL, 4);
	cds_syscmds_add(j, V("sudo", "apt-get", "install", "--reinstall",
	    "libcudnn9-cuda-12"), NULL, 4);
	cds_syscmds_add(j, V("sudo", "dpkg", "--configure", "-a"), NULL, 5);
	cds_syscmds_add(j, V("sudo", "apt-get", "install", "libnvjpeg12"),
	    V("sudo", "apt-get", "remove", "libnvjpeg12"), 5);

	tap_is_int(j->n, 4, "apt: four commands of nine");
	tap_is_str(j->v[0].command, "sudo apt-get install libcublas12 "
	    "libnvjitlink12 libnvjpeg12", "apt: one install, every package "
	    "once, in their order");
	tap_is_str(j->v[0].undo, "sudo apt-get remove libcublas12 "
	    "libnvjitlink12 libnvjpeg12", "apt: and one remove to go back");
	tap_is_int(cds_strv_len(j->v[0].argv), 6, "apt: its argv has the six "
	    "words");
	tap_is_str(froms(&j->v[0]), "0,1,3,5", "apt: what it joins");
	tap_is_str(j->v[1].command, "sudo apt-get -f install",
	    "apt: one apt-get -f install");
	tap_ok(j->v[1].undo == NULL, "apt: which has no undo");
	tap_is_str(froms(&j->v[1]), "1,3", "apt: for both");
	tap_is_str(j->v[2].command, "sudo apt-get install --reinstall "
	    "nvidia-cudnn libcudnn9-cuda-12", "apt: the reinstalls "
	    "together, apart from the installs");
	tap_is_str(j->v[3].command, "sudo dpkg --configure -a",
	    "dpkg: --configure -a once");
	tap_is_str(froms(&j->v[3]), "4,5", "dpkg: for both");
	cds_syscmds_free(j);
}

static void
dnf(void)
{
	struct cds_syscmds *j = cds_xcalloc(1, sizeof(*j));

	cds_syscmds_add(j, V("sudo", "dnf", "install",
	    "libcublas.so.12()(64bit)"), V("sudo", "dnf", "remove",
	    "libcublas.so.12()(64bit)"), 0);
	cds_syscmds_add(j, V("sudo", "dnf", "install", "libcufft-12-4"),
	    V("sudo", "dnf", "remove", "libcufft-12-4"), 1);
	tap_is_int(j->n, 1, "dnf: one command");
	tap_is_str(j->v[0].command, "sudo dnf install "
	    "'libcublas.so.12()(64bit)' libcufft-12-4",
	    "dnf: both, the capability quoted for the shell");
	tap_is_str(j->v[0].undo, "sudo dnf remove "
	    "'libcublas.so.12()(64bit)' libcufft-12-4", "dnf: and back");
	cds_syscmds_free(j);
}

/* pacman's: its operation (-S, -R) comes before the packages */
static void
pacman(void)
{
	struct cds_syscmds *j = cds_xcalloc(1, sizeof(*j));

	cds_syscmds_add(j, V("sudo", "pacman", "-S", "gcc"),
	    V("sudo", "pacman", "-R", "gcc"), 0);
	cds_syscmds_add(j, V("sudo", "pacman", "-S", "linux-headers"),
	    V("sudo", "pacman", "-R", "linux-headers"), 1);
	cds_syscmds_add(j, V("sudo", "pacman", "-S", "gcc"),
	    V("sudo", "pacman", "-R", "gcc"), 2);
	tap_is_int(j->n, 1, "pacman: one command");
	tap_is_str(j->v[0].command, "sudo pacman -S gcc linux-headers",
	    "pacman: both packages after -S, gcc once");
	tap_is_str(j->v[0].undo, "sudo pacman -R gcc linux-headers",
	    "pacman: and back with -R");
	tap_is_int((long)j->v[0].nfrom, 3, "pacman: from all three");
	cds_syscmds_free(j);
}

static void
whose(void)
{
	tap_ok(cds_argv_system(V("sudo", "apt-get", "install", "x")),
	    "sudo apt-get: the system's");
	tap_ok(cds_argv_system(V("dnf", "install", "x")), "dnf: the system's");
	tap_ok(cds_argv_system(V("sudo", "dpkg", "--configure", "-a")),
	    "dpkg: the system's");
	tap_ok(!cds_argv_system(V("/home/me/venv/bin/python", "-m", "pip",
	    "install", "torch==2.9.0+cu128")), "the env's pip: not the "
	    "system's");
	tap_ok(!cds_argv_system(V("uv", "pip", "install", "--python",
	    "/home/me/venv", "x")), "uv: not the system's");
	tap_ok(!cds_argv_system(V("conda", "install", "-p", "/opt/env",
	    "cudnn")), "conda: not the system's");
	tap_ok(cds_argv_system(V("sudo", "pacman", "-S", "gcc")),
	    "pacman: the system's");
	tap_ok(!cds_argv_system(NULL), "no command: not the system's");
}

int
main(void)
{
	apt();
	dnf();
	pacman();
	whose();
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
