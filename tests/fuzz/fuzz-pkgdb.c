/*
 * fuzz-pkgdb.c - the reader of pacman's local database (src/read/pkgdb.c)
 * on any text: the input, cut at its first NUL byte, is one package's
 * "desc" and "files" under a scratch root's var/lib/pacman/local (no
 * dpkg there); the database is loaded, each package's unmet dependencies
 * asked for, and the owners of the paths its file list names.
 * Properties: no memory error; every package has a name, pacman's mark
 * and a state; an owner found is one of the database's packages.
 */
#include "config.h"

#include "fuzz.h"
#include "read/pkgdb.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *desc, *files;
	static const char *const paths[] = {
		"/usr/lib/libcudnn.so.9", "/opt/cuda/lib64/libcudart.so.12",
		"/", "", NULL
	};
	const uint8_t *z = memchr(data, '\0', size);
	size_t n = z != NULL ? (size_t)(z - data) : size, i;
	struct cds_pkgdb *db;
	int err;

	if (h == NULL) {
		char *root = cds_path_join(fz_dir(), "root");

		cds_mkdir_p(root, 0755);
		h = cds_new(root, &err);
		desc = cds_path_join(root, "var/lib/pacman/local/p-1-1/desc");
		files = cds_path_join(root, "var/lib/pacman/local/p-1-1/files");
		free(root);
	}
	fz_write(desc, data, n);
	fz_write(files, z != NULL ? z + 1 : data + size, z != NULL ?
	    size - n - 1 : 0);
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
