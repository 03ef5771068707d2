/*
 * net.c - find and load libcds-net.so, the table of libcurl's,
 * libarchive's and liblzma's functions (net.h), on first use.
 */
#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/net.h"

/* netmod.c's table where the program links it (the tests' tools), else
 * NULL: then the module is loaded */
extern const struct cds_net cds_net_module __attribute__((weak));

const struct cds_net *cds_net = &cds_net_module;

static pthread_mutex_t net_lock = PTHREAD_MUTEX_INITIALIZER;
static char *net_failed;	/* why the module could not be loaded: the
				   first attempt's answer is every call's */
static int curl_ready;

/*
 * Where the module is, the first that exists of: beside a program of the
 * build tree (libtool's .libs/), beside the program of the portable
 * tarball (libexec/lib/, tools/portable.sh), and where `make install` put
 * it (PKGLIBDIR).  The place it should be in when none exists.
 */
static char *
module_path(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	const char *beside[] = { ".libs", "lib" };
	size_t i;

	if (n > 0) {
		char *dir, *path;

		exe[n] = '\0';
		dir = cds_dirname(exe);
		for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
			path = cds_xasprintf("%s/%s/%s", dir, beside[i],
			    CDS_NET_MODULE);
			if (cds_is_file(path)) {
				free(dir);
				return path;
			}
			free(path);
		}
		free(dir);
	}
	return cds_xstrdup(PKGLIBDIR "/" CDS_NET_MODULE);
}

/* Load it; NULL with what went wrong and what to do in *WHY. */
static const struct cds_net *
module_load(char **why)
{
	char *path = module_path();
	const struct cds_net *t;
	void *so;

	if (!cds_is_file(path)) {
		*why = cds_xasprintf("%s is missing: it downloads and unpacks "
		    "for %s; reinstall %s", path, PACKAGE, PACKAGE);
		goto fail;
	}
	if ((so = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		/* dlopen's words name the library that is missing */
		*why = cds_xasprintf("%s cannot be loaded (%s): it downloads "
		    "and unpacks with libcurl, libarchive and liblzma; "
		    "install the library named, or reinstall %s", path,
		    dlerror(), PACKAGE);
		goto fail;
	}
	t = dlsym(so, CDS_NET_SYMBOL);
	if (t == NULL || t->size != sizeof(*t) ||
	    strcmp(t->version, PACKAGE_VERSION) != 0) {
		*why = cds_xasprintf("%s is not the module of %s %s (%s): "
		    "reinstall %s, or run make in its build tree", path,
		    PACKAGE, PACKAGE_VERSION, t == NULL ? "no table" :
		    t->size != sizeof(*t) ? "another table" : t->version,
		    PACKAGE);
		dlclose(so);
		goto fail;
	}
	/* kept loaded for the rest of the process: libcurl stays
	 * initialised, and its threads may still be running */
	free(path);
	return t;
fail:
	free(path);
	return NULL;
}

int
cds_net_load(cds_handle_t *h)
{
	int ret = 0;

	pthread_mutex_lock(&net_lock);
	if (cds_net == NULL && net_failed == NULL) {
		cds_net = module_load(&net_failed);
	}
	if (cds_net == NULL) {
		cds_seterr(h, CDS_ERR_UNSUPPORTED, "%s", net_failed);
		ret = -1;
	} else if (!curl_ready) {
		NET(curl_global_init)(CURL_GLOBAL_DEFAULT);
		curl_ready = 1;
	}
	pthread_mutex_unlock(&net_lock);
	return ret;
}
