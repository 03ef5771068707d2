/* Paths under a root, symlink resolution inside it, string helpers, the
 * target's environment, the usual prefixes and the audit log's path. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/handle.h"
#include "tap.h"

/* Links of every kind, a loop, a missing directory, a file used as a
 * directory, "..", ".", doubled slashes. */
static const char *const tricky[] = {
	"/usr/local/cuda/lib64", "/usr/local/rel/lib64", "/up/cuda-12.4",
	"/usr/local/cuda/../cuda/./lib64/", "/usr/local/missing/lib",
	"/usr/local/cuda/missing/deeper", "/loop/a", "/loop/b/x",
	"/etc/ld.so.conf/x", "/etc/ld.so.conf", "/", "/usr//local/cuda",
	"/up/../up/cuda-12.4/lib64", NULL
};
#define NTRICKY (sizeof(tricky) / sizeof(tricky[0]) - 1)

/* What the three resolutions of PATH give, in one line: the real path
 * ("NULL errno N" where there is none), cds_rpath, cds_rpath_follow. */
static char *
answers(cds_handle_t *h, const char *path)
{
	char *r, *a, *b, *line;

	errno = 0;
	r = cds_realpath_in_root(h, path);
	if (r == NULL) {
		r = cds_xasprintf("NULL errno %d", errno);
	}
	a = cds_rpath(h, path);
	b = cds_rpath_follow(h, path);
	line = cds_xasprintf("%s | %s | %s", r, a, b);
	free(r);
	free(a);
	free(b);
	return line;
}

/* Each path resolved without the read-only pass's cache, then twice in
 * one pass (read, then remembered): the same answers, errors included. */
static int
cache_agrees(cds_handle_t *h)
{
	char *want[NTRICKY];
	size_t i;
	int ok = 1, round;

	for (i = 0; i < NTRICKY; i++) {
		want[i] = answers(h, tricky[i]);
	}
	cds_root_cache_begin(h);
	for (round = 0; round < 2; round++) {
		for (i = 0; i < NTRICKY; i++) {
			char *got = answers(h, tricky[i]);

			if (strcmp(got, want[i]) != 0) {
				printf("# %s: %s; without the cache: %s\n",
				    tricky[i], got, want[i]);
				ok = 0;
			}
			free(got);
		}
	}
	cds_root_cache_end(h);
	for (i = 0; i < NTRICKY; i++) {
		free(want[i]);
	}
	return ok;
}

/* mkdir -p ROOT/PATH; ROOT/PATH -> TARGET: 0/-1 */
static int
make_dir(const char *root, const char *path)
{
	char *p = cds_xasprintf("%s%s", root, path);
	int r = cds_mkdir_p(p, 0755);

	free(p);
	return r;
}

static int
make_link(const char *root, const char *path, const char *target)
{
	char *p = cds_xasprintf("%s%s", root, path);
	int r;

	unlink(p);
	r = symlink(target, p);
	free(p);
	return r;
}

int
main(void)
{
	char tmpl[] = "/tmp/cds-util-XXXXXX";
	char *root = mkdtemp(tmpl), *p, *q;
	cds_handle_t *h;
	char **v;
	int err;

	tap_plan(28);
	h = cds_new(root, &err);
	tap_ok(h != NULL && err == CDS_ERR_OK, "handle on a temp root");
	tap_ok(cds_new("relative", &err) == NULL && err == CDS_ERR_USAGE,
	    "relative root refused");

	p = cds_xasprintf("%s/usr/local/cuda-12.4/lib64", root);
	cds_mkdir_p(p, 0755);
	free(p);
	p = cds_xasprintf("%s/usr/local/cuda", root);
	tap_ok(symlink("/usr/local/cuda-12.4", p) == 0, "absolute link");
	free(p);
	q = cds_realpath_in_root(h, "/usr/local/cuda/lib64");
	tap_is_str(q, "/usr/local/cuda-12.4/lib64", "absolute link re-rooted");
	free(q);

	p = cds_xasprintf("%s/usr/local/rel", root);
	tap_ok(symlink("cuda-12.4/../cuda-12.4", p) == 0, "relative link");
	free(p);
	q = cds_realpath_in_root(h, "/usr/local/rel/lib64");
	tap_is_str(q, "/usr/local/cuda-12.4/lib64", "relative link resolved");
	free(q);

	p = cds_xasprintf("%s/up", root);
	tap_ok(symlink("../../../../usr/local", p) == 0, "escaping link");
	free(p);
	q = cds_realpath_in_root(h, "/up/cuda-12.4");
	tap_is_str(q, "/usr/local/cuda-12.4", ".. stops at the root");
	free(q);

	tap_ok(make_dir(root, "/loop") == 0 && make_link(root, "/loop/a", "b") ==
	    0, "a loop of links");
	tap_ok(make_link(root, "/loop/b", "/loop/a") == 0, "its other half");
	make_dir(root, "/etc");
	p = cds_xasprintf("%s/etc/ld.so.conf", root);
	tap_ok(cds_write_file_atomic(p, "", 0, 0644) == 0, "a file");
	free(p);
	tap_ok(cache_agrees(h), "the read-only pass's cache answers as the "
	    "walk does (links, loops, missing, not a directory)");
	/* the pass sees the root as it was when it first looked; the
	 * outermost end forgets */
	cds_root_cache_begin(h);
	q = cds_realpath_in_root(h, "/usr/local/cuda/lib64");
	free(q);
	make_link(root, "/usr/local/cuda", "/nowhere");
	cds_root_cache_begin(h);
	cds_root_cache_end(h);
	q = cds_realpath_in_root(h, "/usr/local/cuda/lib64");
	p = cds_realpath_in_root(h, "/usr/local/cuda/lib64/x");
	cds_root_cache_end(h);
	tap_ok(q != NULL && p != NULL && strcmp(q, "/usr/local/cuda-12.4/"
	    "lib64") == 0 && strcmp(p, "/usr/local/cuda-12.4/lib64/x") == 0,
	    "inside a pass, each link read once: %s, %s", q, p);
	free(q);
	free(p);
	q = cds_realpath_in_root(h, "/usr/local/cuda/lib64");
	tap_is_str(q, "/nowhere/lib64", "after the pass, the link read again");
	free(q);

	q = cds_rpath(h, "/etc/ld.so.conf");
	p = cds_xasprintf("%s/etc/ld.so.conf", root);
	tap_is_str(q, p, "rpath prefixes the root");
	free(p);
	p = cds_unrpath(h, q);
	tap_is_str(p, "/etc/ld.so.conf", "unrpath strips it");
	free(p);
	free(q);

	v = cds_strsplit("a::b:", ":", 0);
	tap_ok(cds_strv_len(v) == 2 && strcmp(v[1], "b") == 0,
	    "split drops empty fields");
	cds_strfreev(v);
	v = cds_strsplit("a::b:", ":", 1);
	tap_is_int(cds_strv_len(v), 4, "split keeps empty fields");
	cds_strfreev(v);

	cds_setenv(h, "CDS_TEST_X", "1");
	tap_is_str(cds_getenv(h, "CDS_TEST_X"), "1", "target env set");
	cds_setenv(h, "CDS_TEST_X", NULL);
	tap_ok(cds_getenv(h, "CDS_TEST_X") == NULL, "target env unset");
	/* a value read from the entry it replaces (ASan: no use after
	 * free) */
	cds_setenv(h, "CDS_TEST_X", "abc");
	cds_setenv(h, "CDS_TEST_X", cds_getenv(h, "CDS_TEST_X") + 1);
	tap_is_str(cds_getenv(h, "CDS_TEST_X"), "bc",
	    "target env set from its own value");

	/* the usual prefixes, from the target's environment */
	cds_setenv(h, "HOME", "/home/u");
	cds_setenv(h, "XDG_DATA_HOME", "/data/u");
	p = cds_prefix_default(h, CDS_PREFIX_SYSTEM);
	tap_is_str(p, "/opt/nvidia", "system prefix");
	free(p);
	p = cds_prefix_default(h, CDS_PREFIX_USER);
	tap_is_str(p, "/data/u/cudnn-setup", "user prefix: XDG_DATA_HOME");
	free(p);
	cds_setenv(h, "XDG_DATA_HOME", "relative");
	p = cds_prefix_default(h, CDS_PREFIX_USER);
	tap_is_str(p, "/home/u/.local/share/cudnn-setup",
	    "user prefix: a relative XDG_DATA_HOME is ignored");
	free(p);
	cds_setenv(h, "XDG_DATA_HOME", NULL);
	p = cds_prefix_default(h, CDS_PREFIX_USER);
	tap_is_str(p, "/home/u/.local/share/cudnn-setup",
	    "user prefix: no XDG_DATA_HOME");
	free(p);
	tap_is_str(cds_prefix(h), "/opt/nvidia",
	    "under a root the default prefix is the system one");
	p = cds_audit_log_path(h);
	q = cds_xasprintf("%s/var/log/cudnn-setup.log", root);
	tap_is_str(p, q, "the audit log, under the root");
	free(p);
	free(q);
	cds_logaction(h, "test line %d", 7);
	p = cds_audit_log_path(h);
	q = cds_read_file(p, 4096, NULL);
	tap_ok(q != NULL && strstr(q, "] test line 7\n") != NULL,
	    "cds_logaction() writes there");
	free(p);
	free(q);

	cds_free(h);
	cds_rm_rf(root);
	return tap_done();
}
