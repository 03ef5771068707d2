/*
 * system.c - what the running system tells of itself beyond its files:
 * this boot's kernel messages (doctor's Xids) and the daemons that run
 * (Fabric Manager, nvidia-persistenced), read under the handle's root.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "scan/system.h"

/* ------------------------------------------------------------------------ */
/* The kernel's log of this boot                                             */
/* ------------------------------------------------------------------------ */

#define LOGTAIL (4 << 20)	/* the most of a log read, from its end */

/* The last LOGTAIL bytes of the regular file PATH of the target; NULL
 * when it cannot be read. */
static char *
read_tail(cds_handle_t *h, const char *path)
{
	char *host = cds_rpath_follow(h, path), *buf = NULL;
	struct stat st;
	off_t from;
	ssize_t r;
	size_t n = 0;
	int fd = host != NULL ? cds_open_regular(host, &st) : -1;

	free(host);
	if (fd == -1) {
		return NULL;
	}
	from = st.st_size > LOGTAIL ? st.st_size - LOGTAIL : 0;
	buf = cds_xmalloc(LOGTAIL + 1);
	if (lseek(fd, from, SEEK_SET) == from) {
		while (n < LOGTAIL && (r = read(fd, buf + n, LOGTAIL - n)) > 0) {
			n += (size_t)r;
		}
	}
	close(fd);
	buf[n] = '\0';
	return buf;
}

char *
cds_boot_log(cds_handle_t *h)
{
	char *path = cds_rpath_follow(h, "/dev/kmsg"), *out = NULL, *p;
	char rec[8192];
	size_t n = 0, cap = 0;
	struct stat st;
	int fd;

	fd = path != NULL ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
	free(path);
	if (fd != -1 && fstat(fd, &st) == 0 && S_ISCHR(st.st_mode)) {
		ssize_t r;

		/* one record a read, until EAGAIN at the end (EPIPE: a
		 * record overwritten while reading; go on) */
		while ((r = read(fd, rec, sizeof(rec) - 1)) != 0 &&
		    n < LOGTAIL) {
			if (r < 0 && errno == EPIPE) {
				continue;
			}
			if (r < 0) {
				break;
			}
			rec[r] = '\0';
			p = strchr(rec, ';');
			p = p != NULL ? p + 1 : rec;
			r = (ssize_t)strcspn(p, "\n");
			if (n + (size_t)r + 2 > cap) {
				cap = (n + (size_t)r + 2) * 2;
				out = cds_xrealloc(out, cap);
			}
			memcpy(out + n, p, (size_t)r);
			n += (size_t)r;
			out[n++] = '\n';
			out[n] = '\0';
		}
		close(fd);
		return out;
	}
	if (fd != -1) {
		close(fd);
		out = cds_root_read_file(h, "/dev/kmsg", LOGTAIL, NULL);
	}
	if (out == NULL) {
		out = read_tail(h, "/var/log/kern.log");
		for (p = out; p != NULL && (p = strstr(p, "Linux version "))
		    != NULL; p++) {
			n = (size_t)(p - out);
		}
		if (out != NULL && n > 0) {
			memmove(out, out + n, strlen(out + n) + 1);
		}
	}
	return out;
}

/* ------------------------------------------------------------------------ */
/* Daemons                                                                   */
/* ------------------------------------------------------------------------ */

/* Is L, a /proc/N/comm, the name COMM as the kernel keeps it (15 bytes)? */
static int
comm_is(const char *l, const char *comm)
{
	return l != NULL && (strlen(comm) >= 15 ? strncmp(l, comm, 15) == 0 :
	    strcmp(l, comm) == 0);
}

char *
cds_daemon_pid(const cds_handle_t *h, const char *pidfile, const char *comm)
{
	char **procs, **p, *pid = NULL, *path, *l;

	if (pidfile != NULL) {
		pid = cds_root_read_line(h, pidfile);
		l = NULL;
		if (pid != NULL && pid[0] != '\0' &&
		    pid[strspn(pid, "0123456789")] == '\0') {
			path = cds_xasprintf("/proc/%s/comm", pid);
			l = cds_root_read_line(h, path);
			free(path);
		}
		if (!comm_is(l, comm)) {
			free(pid);
			pid = NULL;
		}
		free(l);
		return pid;
	}
	procs = cds_root_glob(h, "/proc/[0-9]*/comm");
	for (p = procs; *p != NULL && pid == NULL; p++) {
		l = cds_root_read_line(h, *p);
		if (comm_is(l, comm)) {
			/* "/proc/N/comm": N */
			pid = cds_xstrndup(*p + 6, strcspn(*p + 6, "/"));
		}
		free(l);
	}
	cds_strfreev(procs);
	return pid;
}
