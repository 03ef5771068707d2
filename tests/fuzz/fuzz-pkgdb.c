/*
 * fuzz-pkgdb.c - the readers of pacman's databases and its pacman.conf
 * (src/read/pkgdb.c) on any input: cut at its first three NUL bytes, one
 * package's "desc" and "files" under a scratch root's
 * var/lib/pacman/local (no dpkg there), the root's etc/pacman.conf, then
 * a sync database (var/lib/pacman/sync/extra.db and extra.files: a tar,
 * compressed or not); pacman.conf's DBPath and CacheDir are read, the
 * local database is loaded, a package's unmet dependencies and the owners
 * of some paths asked for, and the sync databases for a package by name
 * and by a soname.
 * Properties: no memory error; pacman.conf's values are never empty and
 * hold no blank; the database directory and every cache are absolute
 * paths; every package has a name, pacman's mark and a state; every
 * offer has a name and a version.
 */
#include "config.h"

#include "fuzz.h"
#include "read/pkgdb.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *desc, *files, *conf, *sync, *syncf;
	static const char *const paths[] = {
		"/usr/lib/libcudnn.so.9", "/opt/cuda/lib64/libcudart.so.12",
		"/", "", NULL
	};
	char *part[4], **v, *dir;
	struct cds_apt_offer *o;
	struct cds_pkgdb *db;
	size_t i, n;
	int err;

	if (h == NULL) {
		char *root = cds_path_join(fz_dir(), "root");

		cds_mkdir_p(root, 0755);
		h = cds_new(root, &err);
		desc = cds_path_join(root, "var/lib/pacman/local/p-1-1/desc");
		files = cds_path_join(root, "var/lib/pacman/local/p-1-1/files");
		conf = cds_path_join(root, "etc/pacman.conf");
		sync = cds_path_join(root, "var/lib/pacman/sync/extra.db");
		syncf = cds_path_join(root, "var/lib/pacman/sync/extra.files");
		free(root);
	}
	part[0] = desc;
	part[1] = files;
	part[2] = conf;
	part[3] = sync;
	fz_write_parts(data, size, part, 4);
	/* the file database the same tar */
	part[3] = syncf;
	fz_write_parts(data, size, part, 4);
	v = cds_pacman_conf(h, "CacheDir");
	for (i = 0; v[i] != NULL; i++) {
		if (v[i][0] == '\0' || strpbrk(v[i], " \t\n") != NULL) {
			abort();
		}
	}
	cds_strfreev(v);
	v = cds_pacman_cachedirs(h);
	if (v[0] == NULL) {
		abort();
	}
	for (i = 0; v[i] != NULL; i++) {
		if (v[i][0] != '/') {
			abort();
		}
	}
	cds_strfreev(v);
	dir = cds_pacman_db(h, "local");
	if (dir[0] != '/' || !cds_endswith(dir, "/local")) {
		abort();
	}
	free(dir);
	n = cds_pacman_offers(h, "cudnn", NULL, &o);
	for (i = 0; i < n; i++) {
		if (o[i].name == NULL || o[i].version == NULL ||
		    strcmp(o[i].name, "cudnn") != 0) {
			abort();
		}
	}
	cds_apt_offers_free(o, n);
	n = cds_pacman_offers(h, NULL, "libcudnn.so.9", &o);
	for (i = 0; i < n; i++) {
		if (o[i].name == NULL || o[i].version == NULL) {
			abort();
		}
	}
	cds_apt_offers_free(o, n);
	db = cds_pkgdb_load(h);
	if (!cds_pkgdb_empty(db)) {
		const struct cds_dpkg *p;

		if (strcmp(cds_pkgdb_tool(db), "pacman") != 0) {
			abort();
		}
		for (i = 0; paths[i] != NULL; i++) {
			p = cds_pkgdb_owner(db, paths[i]);
			if (p != NULL && (p->name == NULL ||
			    strcmp(p->mgr, "pacman") != 0 || p->status == NULL)) {
				abort();
			}
		}
		p = cds_pkgdb_find(db, "cuda");
		if (p != NULL) {
			char **u = cds_pkgdb_unmet(db, p);
			const struct cds_dpkg **v = cds_pkgdb_needers(db, "cuda");

			cds_strfreev(u);
			free(v);
		}
	}
	cds_pkgdb_free(db);
	return 0;
}
