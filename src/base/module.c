/*
 * module.c - find and open the program's modules (module.h).
 */
#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/module.h"

/* Where FILE is, or the place it should be in (PKGLIBDIR) when none
 * exists: beside a program of the build tree (.libs/), of the portable
 * tarball (lib/), else where `make install` put it. */
static char *
module_path(const char *file)
{
	static const char *const beside[] = { ".libs", "lib" };
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t i;

	if (n > 0) {
		char *dir, *path;

		exe[n] = '\0';
		dir = cds_dirname(exe);
		for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
			path = cds_xasprintf("%s/%s/%s", dir, beside[i],
			    file);
			if (cds_is_file(path)) {
				free(dir);
				return path;
			}
			free(path);
		}
		free(dir);
	}
	return cds_xasprintf("%s/%s", PKGLIBDIR, file);
}

const void *
cds_module_open(const char *file, const char *symbol, size_t size,
    char **why)
{
	char *path = module_path(file);
	const struct cds_module_head *t;
	void *so;

	*why = NULL;
	if (!cds_is_file(path)) {
		*why = cds_xasprintf("%s is missing: it is part of %s; "
		    "reinstall %s", path, PACKAGE, PACKAGE);
		goto fail;
	}
	if ((so = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		/* the loader's words name the library that is missing */
		*why = cds_xasprintf("%s cannot be loaded (%s): install the "
		    "library named, or reinstall %s", path, dlerror(),
		    PACKAGE);
		goto fail;
	}
	t = dlsym(so, symbol);
	if (t == NULL || t->size != size ||
	    strcmp(t->version, PACKAGE_VERSION) != 0) {
		*why = cds_xasprintf("%s is not the module of %s %s (%s): "
		    "reinstall %s, or run make in its build tree", path,
		    PACKAGE, PACKAGE_VERSION, t == NULL ? "no table" :
		    t->size != size ? "another table" : t->version, PACKAGE);
		dlclose(so);
		goto fail;
	}
	free(path);
	return t;
fail:
	free(path);
	return NULL;
}
