/*
 * test-probe.c - the driver probe on fake roots (--root: files only, no
 * child): no NVIDIA at all, the kernel module's version from /proc or
 * /sys, libcuda.so.1 found through ld.so.conf includes, WSL's layout with
 * and without /usr/lib/wsl/lib on the loader's path, a toolkit stub seen
 * through LIBRARY_PATH (link-time only) and one the loader would map
 * through LD_LIBRARY_PATH; then, on this machine's root, the probe child
 * (this program re-executed) mapping the toolkit's real stub and getting
 * cuInit's 34 (skipped where the toolkit is absent).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/handle.h"
#include "scan/probe.h"
#include "tap.h"

static char *
mkroot(void)
{
	char tmpl[] = "/tmp/cds-probe-XXXXXX";

	if (mkdtemp(tmpl) == NULL) {
		perror("mkdtemp");
		exit(1);
	}
	return cds_xstrdup(tmpl);
}

static void
put(const char *root, const char *path, const char *text)
{
	char *full = cds_xasprintf("%s%s", root, path);
	char *dir = cds_dirname(full);

	if (cds_mkdir_p(dir, 0755) == -1 ||
	    cds_write_file_atomic(full, text, strlen(text), 0644) == -1) {
		fprintf(stderr, "%s: %s\n", full, strerror(errno));
		exit(1);
	}
	free(dir);
	free(full);
}

static void
link_to(const char *root, const char *path, const char *target)
{
	char *full = cds_xasprintf("%s%s", root, path);
	char *dir = cds_dirname(full);

	if (cds_mkdir_p(dir, 0755) == -1 || symlink(target, full) == -1) {
		fprintf(stderr, "%s: %s\n", full, strerror(errno));
		exit(1);
	}
	free(dir);
	free(full);
}

static cds_handle_t *
open_root(const char *root)
{
	cds_handle_t *h;
	int err;

	if ((h = cds_new(root, &err)) == NULL) {
		fprintf(stderr, "cds_new %s: %d\n", root, err);
		exit(1);
	}
	/* the target's environment is what the test says, nothing more */
	cds_setenv(h, "LD_LIBRARY_PATH", NULL);
	cds_setenv(h, "LIBRARY_PATH", NULL);
	return h;
}

static void
probe(const char *root, struct cds_driver *d, const char *ldpath,
    const char *libpath)
{
	cds_handle_t *h = open_root(root);

	if (ldpath != NULL) {
		cds_setenv(h, "LD_LIBRARY_PATH", ldpath);
	}
	if (libpath != NULL) {
		cds_setenv(h, "LIBRARY_PATH", libpath);
	}
	tap_ok(cds_probe_driver(h, d) == 0, "probe returns 0");
	cds_free(h);
}

#define is_null(p, name) \
	tap_ok((p) == NULL, "%s is unset (got \"%s\")", (name), \
	    (p) == NULL ? "" : (p))

static void
test_nothing(void)
{
	char *r = mkroot();
	struct cds_driver d;

	probe(r, &d, NULL, NULL);
	tap_is_int(d.state, CDS_DRIVER_NO_MODULE, "empty root: no module");
	is_null(d.module_version, "module version");
	is_null(d.libcuda_path, "libcuda path");
	is_null(d.stub_path, "stub");
	tap_is_int(d.wsl, 0, "not WSL");
	tap_is_int(d.probed, 0, "no child under --root");
	tap_is_str(d.probe_error, "--root", "why: --root");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);
}

static void
test_module(void)
{
	char *r = mkroot();
	struct cds_driver d;

	put(r, "/proc/driver/nvidia/version",
	    "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  "
	    "Tue Mar  5 22:23:56 UTC 2024\n"
	    "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)"
	    "\n");
	probe(r, &d, NULL, NULL);
	tap_is_str(d.module_version, "550.54.15", "NVRM line parsed");
	tap_is_int(d.state, CDS_DRIVER_NO_LIBRARY,
	    "module but no libcuda.so.1: no library");
	cds_driver_clear(&d);

	/* then the user-space driver, found through an include */
	put(r, "/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n");
	put(r, "/etc/ld.so.conf.d/x86_64-linux-gnu.conf",
	    "# Multiarch support\n/usr/lib/x86_64-linux-gnu\n");
	put(r, "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15", "elf\n");
	link_to(r, "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
	    "libcuda.so.550.54.15");
	probe(r, &d, NULL, NULL);
	tap_is_str(d.libcuda_path, "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
	    "libcuda.so.1 found through ld.so.conf.d");
	tap_is_str(d.libcuda_realpath,
	    "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15",
	    "its real file");
	tap_is_str(d.libcuda_version, "550.54.15", "version from the name");
	tap_is_int(d.state, CDS_DRIVER_NOT_PROBED,
	    "a real driver under --root is not probed");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);

	/* the open module's wording, and /sys alone */
	r = mkroot();
	put(r, "/proc/driver/nvidia/version",
	    "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
	    "570.124.06  Release Build  (dvs-builder@U16-I3-B03-4-3)  "
	    "Wed Feb 26 01:43:36 UTC 2025\n");
	probe(r, &d, NULL, NULL);
	tap_is_str(d.module_version, "570.124.06", "open module's line");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);
	r = mkroot();
	put(r, "/sys/module/nvidia/version", "535.183.01\n");
	probe(r, &d, NULL, NULL);
	tap_is_str(d.module_version, "535.183.01", "/sys/module version");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);
}

static void
test_wsl(void)
{
	char *r = mkroot();
	struct cds_driver d;

	put(r, "/proc/version", "Linux version 5.15.153.1-microsoft-standard-"
	    "WSL2 (root@941d701f84f1) (gcc (GCC) 11.2.0) #1 SMP\n");
	put(r, "/usr/lib/wsl/lib/libcuda.so.1", "elf\n");
	probe(r, &d, NULL, NULL);
	tap_is_int(d.wsl, 1, "WSL2 seen");
	tap_is_int(d.wsl_lib_on_path, 0, "/usr/lib/wsl/lib not searched");
	tap_is_int(d.state, CDS_DRIVER_NO_LIBRARY,
	    "WSL has no module: the library is what is missing");
	is_null(d.module_version, "module version under WSL");
	cds_driver_clear(&d);

	put(r, "/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n");
	put(r, "/etc/ld.so.conf.d/ld.wsl.conf",
	    "# This file was automatically generated by WSL.\n"
	    "/usr/lib/wsl/lib\n");
	probe(r, &d, NULL, NULL);
	tap_is_int(d.wsl_lib_on_path, 1, "ld.wsl.conf puts it on the path");
	tap_is_str(d.libcuda_path, "/usr/lib/wsl/lib/libcuda.so.1",
	    "WSL's libcuda.so.1");
	tap_is_int(d.state, CDS_DRIVER_NOT_PROBED, "found, not probed");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);
}

static void
test_stub(void)
{
	char *r = mkroot();
	struct cds_driver d;

	put(r, "/usr/local/cuda-13.0/lib/stubs/libcuda.so", "stub\n");
	link_to(r, "/usr/local/cuda", "cuda-13.0");
	link_to(r, "/usr/local/cuda-13.0/lib64", "lib");
	probe(r, &d, NULL, "/usr/local/cuda/lib64/stubs");
	tap_is_str(d.stub_path, "/usr/local/cuda/lib64/stubs/libcuda.so",
	    "stub seen through LIBRARY_PATH");
	tap_is_str(d.stub_via, "LIBRARY_PATH", "named: LIBRARY_PATH");
	tap_is_int(d.stub_link_only, 1, "LIBRARY_PATH is link-time only");
	tap_is_int(d.state, CDS_DRIVER_NO_MODULE,
	    "a link-time stub does not make a driver");
	cds_driver_clear(&d);

	/* a libcuda.so.1 link into stubs/ on LD_LIBRARY_PATH: the loader's */
	link_to(r, "/usr/local/cuda-13.0/lib/stubs/libcuda.so.1",
	    "libcuda.so");
	probe(r, &d, "/opt/nothing:/usr/local/cuda/lib64/stubs", NULL);
	tap_is_str(d.libcuda_path, "/usr/local/cuda/lib64/stubs/libcuda.so.1",
	    "the loader would map the stub");
	tap_is_int(d.state, CDS_DRIVER_STUB, "state: stub");
	tap_is_str(d.stub_via, "LD_LIBRARY_PATH", "named: LD_LIBRARY_PATH");
	tap_is_int(d.stub_link_only, 0, "not link-time only");
	cds_driver_clear(&d);
	cds_rm_rf(r);
	free(r);
}

/*
 * The child itself, on this machine's root: this program hosts probe
 * children like cudnn-setup does (main calls cds_child_main), so the probe
 * re-executes it with the target's LD_LIBRARY_PATH.  A libcuda.so.1 link
 * to the toolkit's stub must come back as the stub the loader maps, with
 * cuInit's 34.
 */
static void
test_child(void)
{
	const char *stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
	char *r, *dir, *link;
	struct cds_driver d;
	cds_handle_t *h;

	if (access(stub, R_OK) != 0) {
		tap_skip("no %s here", stub);
		tap_skip("no %s here", stub);
		tap_skip("no %s here", stub);
		tap_skip("no %s here", stub);
		tap_skip("no %s here", stub);
		return;
	}
	r = mkroot();
	dir = cds_xasprintf("%s/stubs", r);
	link = cds_xasprintf("%s/libcuda.so.1", dir);
	if (cds_mkdir_p(dir, 0755) == -1 || symlink(stub, link) == -1) {
		perror(link);
		exit(1);
	}
	h = open_root("/");
	cds_setenv(h, "LD_LIBRARY_PATH", dir);
	tap_ok(cds_probe_driver(h, &d) == 0, "probe with a child returns 0");
	tap_is_int(d.probed, 1, "the child dlopened libcuda.so.1");
	tap_is_str(d.libcuda_path, link, "the file the loader mapped");
	tap_is_int(d.init_error, 34, "cuInit: 34");
	tap_ok(d.state == CDS_DRIVER_STUB && cds_streq(d.libcuda_via,
	    "LD_LIBRARY_PATH"), "state stub, through LD_LIBRARY_PATH");
	cds_driver_clear(&d);
	cds_free(h);
	free(link);
	free(dir);
	cds_rm_rf(r);
	free(r);
}

int
main(int argc, char **argv)
{
	int ret;

	if ((ret = cds_child_main(argc, argv)) >= 0) {
		return ret;
	}
	tap_plan(44);
	test_nothing();
	test_module();
	test_wsl();
	test_stub();
	test_child();
	return tap_done();
}
