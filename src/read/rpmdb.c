/*
 * rpmdb.c - the root's rpm database, through this system's rpm: `rpm
 * --root ROOT --dbpath DIR -q ...`, which reads the database without
 * running anything of the root's.  rpm's own query options and query
 * format are the interface (rpm(8)); its output is read line by line.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "read/rpmdb.h"
#include "sys/spawn.h"

/* How long one query may take. */
#define RPM_QUERY_MS 20000
/* The most of one query's output kept. */
#define RPM_OUT_MAX (256 * 1024)

struct cds_rpmdb {
	char *rpm;	/* this system's rpm program */
	char *root;	/* the handle's root ("/" for none) */
	char *dbpath;	/* the database directory inside it */
};

struct cds_rpmdb *
cds_rpmdb_open(cds_handle_t *h)
{
	static const char *const dirs[] = {
		"/var/lib/rpm", "/usr/lib/sysimage/rpm", NULL
	};
	static const char *const files[] = {
		"rpmdb.sqlite", "Packages", "Packages.db", NULL
	};
	static const char *const progs[] = {
		"/usr/bin/rpm", "/bin/rpm", NULL
	};
	const char *prog = NULL, *dir = NULL;
	struct cds_rpmdb *db;
	size_t i, k;

	for (i = 0; progs[i] != NULL && prog == NULL; i++) {
		if (access(progs[i], X_OK) == 0) {
			prog = progs[i];
		}
	}
	for (i = 0; prog != NULL && dirs[i] != NULL && dir == NULL; i++) {
		for (k = 0; files[k] != NULL && dir == NULL; k++) {
			char *p = cds_path_join(dirs[i], files[k]);

			if (cds_root_is_file(h, p)) {
				dir = dirs[i];
			}
			free(p);
		}
	}
	if (dir == NULL) {
		return NULL;
	}
	db = cds_xcalloc(1, sizeof(*db));
	db->rpm = cds_xstrdup(prog);
	db->root = cds_xstrdup(*h->root != '\0' ? h->root : "/");
	db->dbpath = cds_xstrdup(dir);
	return db;
}

void
cds_rpmdb_free(struct cds_rpmdb *db)
{
	if (db == NULL) {
		return;
	}
	free(db->rpm);
	free(db->root);
	free(db->dbpath);
	free(db);
}

/* rpm's stdout for ARGS after `rpm --root R --dbpath D`, split in lines;
 * an empty vector when it fails (rpm -q exits non-zero when nothing
 * matches). */
static char **
run_rpm(const struct cds_rpmdb *db, const char *const *args)
{
	static char *const envp[] = { "PATH=/usr/bin:/bin", "LC_ALL=C",
		NULL };
	struct cds_strv argv = {0};
	char *out = cds_xmalloc(RPM_OUT_MAX);
	char **lines;
	size_t i;

	cds_strv_push(&argv, db->rpm);
	cds_strv_push(&argv, "--root");
	cds_strv_push(&argv, db->root);
	cds_strv_push(&argv, "--dbpath");
	cds_strv_push(&argv, db->dbpath);
	for (i = 0; args[i] != NULL; i++) {
		cds_strv_push(&argv, args[i]);
	}
	if (cds_run_capture(argv.v, envp, RPM_QUERY_MS, out,
	    RPM_OUT_MAX) != 0) {
		*out = '\0';
	}
	cds_strv_clear(&argv);
	lines = cds_strsplit(out, "\n", 0);
	free(out);
	/* no empty lines (the last newline's) */
	for (i = 0; lines[i] != NULL; ) {
		if (*lines[i] == '\0') {
			free(lines[i]);
			memmove(&lines[i], &lines[i + 1],
			    (cds_strv_len(&lines[i + 1]) + 1) *
			    sizeof(*lines));
		} else {
			i++;
		}
	}
	return lines;
}

char **
cds_rpmdb_query(const struct cds_rpmdb *db, const char *what,
    const char *arg)
{
	const char *args[] = { "-q", "--qf", "%{NAME} %{VERSION}-%{RELEASE}\\n",
		what, arg, NULL };

	return run_rpm(db, args);
}

char **
cds_rpmdb_requires(const struct cds_rpmdb *db, const char *name)
{
	const char *args[] = { "-q", "-R", name, NULL };
	char **v = run_rpm(db, args);
	size_t i;

	for (i = 0; v[i] != NULL; i++) {
		v[i][strcspn(v[i], " ")] = '\0';
	}
	return v;
}

char **
cds_rpmdb_files(const struct cds_rpmdb *db, const char *name)
{
	const char *args[] = { "-q", "-l", name, NULL };
	char **v = run_rpm(db, args);

	if (v[0] != NULL && v[0][0] != '/') {
		/* "(contains no files)" */
		cds_strfreev(v);
		v = cds_xcalloc(1, sizeof(*v));
	}
	return v;
}

int
cds_rpmdb_provided(const struct cds_rpmdb *db, const char *cap)
{
	char **v = cds_rpmdb_query(db, "--whatprovides", cap);
	int yes = v[0] != NULL;

	cds_strfreev(v);
	return yes;
}
