/*
 * The plan against the shipped index (requests, the framework table, the
 * driver), release names, the DT_SONAME reader on real ELF files, the
 * soname fix-up in a scratch directory, and env file quoting.
 */
/* mktests: modules (the network and crypto tables built in) */
#include "config.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "read/elfread.h"
#include "txn/fixup.h"
#include "read/prefix.h"
#include "plan/plan.h"
#include "tap.h"

static char *
names(const struct cds_plan *p)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; p != NULL && i < p->nitems; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? " " : "", p->items[i].name);
	}
	return b.s == NULL ? cds_xstrdup("") : cds_buf_steal(&b);
}

/* Plan REQ and compare the releases' names with WANT. */
static void
plan_is(cds_handle_t *h, const char *cuda, const char *cudnn,
    const char *forpkg, const char *want, const char *what)
{
	struct cds_plan_request req = { .cuda = cuda, .cudnn = cudnn,
	    .forpkg = forpkg };
	struct cds_plan *p = cds_plan_build(h, &req);
	char *got = names(p);

	if (p == NULL) {
		printf("# %s\n", cds_errdetail(h));
	}
	tap_is_str(got, want, what);
	free(got);
	cds_plan_free(p);
}

static void
set_driver(const char *root, const char *version)
{
	char *dir = cds_xasprintf("%s/proc/driver/nvidia", root);
	char *path = cds_xasprintf("%s/version", dir);
	char *text = cds_xasprintf("NVRM version: NVIDIA UNIX x86_64 Kernel "
	    "Module  %s  Thu Jan  1 00:00:00 UTC 2024\n", version);

	cds_mkdir_p(dir, 0755);
	cds_write_file_atomic(path, text, strlen(text), 0644);
	free(text);
	free(path);
	free(dir);
}

/* DT_SONAME through the ELF reader the fix-up uses, or NULL. */
static char *
soname(cds_handle_t *h, const char *path)
{
	struct cds_elf *e = cds_elf_open(h, path);
	char *s = NULL;

	if (e != NULL) {
		s = cds_strdup0(cds_elf_soname(e));
		cds_elf_free(e);
	}
	return s;
}

static void
copy_file(const char *from, const char *to)
{
	size_t len;
	char *data = cds_read_file(from, 0, &len);

	if (data != NULL) {
		cds_write_file_atomic(to, data, len, 0755);
	}
	free(data);
}

int
main(void)
{
	char tmpl[] = "/tmp/cds-plan-XXXXXX";
	char *root = mkdtemp(tmpl), *p, *s, *libc = NULL, *dir;
	struct cds_plan_request req = {0};
	struct cds_ops ops = {0};
	struct cds_plan *pl;
	cds_handle_t *h;
	Dl_info info;
	void *sym;
	int err, n;

	tap_plan(38);
	h = cds_new(root, &err);

	/* names */
	p = cds_release_dirname(CDS_KIND_CUDA, "12.4.1", NULL);
	tap_is_str(p, "cuda-12.4.1", "CUDA directory name");
	free(p);
	p = cds_release_dirname(CDS_KIND_CUDNN, "9.3.0.75", "cuda12");
	tap_is_str(p, "cudnn-9.3.0.75-cuda12", "cuDNN directory name");
	free(p);
	tap_is_int(cds_kind_of_name("cudnn-9.3.0.75-cuda12"), CDS_KIND_CUDNN,
	    "kind of a cuDNN name");
	tap_is_int(cds_kind_of_name("cuda-"), 0, "an empty version is no name");

	/* the driver under the root */
	req.cuda = "12.4.1";
	pl = cds_plan_build(h, &req);
	tap_ok(pl != NULL && pl->driver == NULL &&
	    (pl->warnings & CDS_PLAN_WARN_NO_DRIVER), "no driver file: none");
	cds_plan_free(pl);
	set_driver(root, "550.54.15");
	pl = cds_plan_build(h, &req);
	tap_is_str(pl != NULL ? pl->driver : NULL, "550.54.15",
	    "driver version from /proc");
	tap_is_str(pl != NULL ? pl->driver_source : NULL,
	    "/proc/driver/nvidia/version", "and where it came from");
	cds_plan_free(pl);
	req.cuda = NULL;

	/* the shipped index, driver 550 */
	plan_is(h, NULL, NULL, "torch==2.3.0",
	    "cuda-12.1.1 cudnn-8.9.7.29-cuda12", "torch 2.3.0: cu121");
	plan_is(h, NULL, NULL, "onnxruntime-gpu==1.16.1",
	    "cuda-11.8.0 cudnn-8.9.7.29-cuda11", "onnxruntime-gpu 1.16.1");
	plan_is(h, NULL, NULL, "torch==2.4.1", "cuda-12.4.1 "
	    "cudnn-9.22.0.52-cuda12", "torch 2.4.1: its newest CUDA build");
	plan_is(h, "12.1", NULL, "torch==2.4.1", "cuda-12.1.1 "
	    "cudnn-9.22.0.52-cuda12", "torch 2.4.1 with --cuda 12.1");
	plan_is(h, "12.4.1", "9.3.0", NULL,
	    "cuda-12.4.1 cudnn-9.3.0.75-cuda12", "--cuda 12.4.1 --cudnn 9.3.0");
	plan_is(h, "11.8", NULL, NULL, "cuda-11.8.0 cudnn-9.10.0.56-cuda11",
	    "--cuda 11.8: the newest cuDNN with a CUDA 11 build");
	plan_is(h, NULL, "8", NULL, "cuda-12.1.1 cudnn-8.9.7.29-cuda12",
	    "--cudnn 8: the newest CUDA cuDNN 8.9.7 covers");
	plan_is(h, "none", "9.3", NULL, "cudnn-9.3.0.75-cuda12",
	    "--cuda none: cuDNN alone, for the newest CUDA line");
	plan_is(h, "12.6", "none", NULL, "cuda-12.6.3", "--cudnn none");
	plan_is(h, NULL, NULL, NULL, "cuda-12.4.1 cudnn-9.22.0.52-cuda12",
	    "no request: the newest CUDA driver 550 runs natively");

	req.cuda = "13.0";
	pl = cds_plan_build(h, &req);
	tap_ok(pl == NULL && cds_errno(h) == CDS_ERR_DRIVER,
	    "CUDA 13 on driver 550: refused");
	tap_ok(strstr(cds_errdetail(h), "needs NVIDIA driver 580.65.06 or "
	    "newer; the driver here is 550.54.15") != NULL,
	    "the refusal names the minimum (%s)", cds_errdetail(h));
	/* cuDNN 8.9.7's cuda12 build, tested with 12.0-12.2, runs with 12.4
	 * (minor version compatibility), not tested; CUDA 10.2's major has
	 * no build */
	req.cuda = "12.4";
	req.cudnn = "8.9";
	pl = cds_plan_build(h, &req);
	tap_ok(pl != NULL && pl->nitems == 2 && pl->items[1].untested == 1 &&
	    strcmp(pl->items[1].cuda_tested, "12.0-12.2") == 0,
	    "cuDNN 8.9 with CUDA 12.4: its cuda12 build, not tested with "
	    "12.4");
	cds_plan_free(pl);
	req.cuda = "12.1";
	pl = cds_plan_build(h, &req);
	tap_ok(pl != NULL && pl->nitems == 2 && pl->items[1].untested == 0,
	    "cuDNN 8.9 with CUDA 12.1: tested");
	cds_plan_free(pl);
	req.cudnn = NULL;
	req.cuda = "10.2";
	tap_ok(cds_plan_build(h, &req) == NULL &&
	    cds_errno(h) == CDS_ERR_NOT_FOUND, "an unknown CUDA: not found");
	req.cuda = NULL;
	req.forpkg = "torch=2.3";
	pl = cds_plan_build(h, &req);
	tap_ok(pl == NULL && cds_errno(h) == CDS_ERR_USAGE &&
	    strstr(cds_errdetail(h), "bad package name") != NULL,
	    "--for torch=2.3: a bad package name (%s)", cds_errdetail(h));
	req.forpkg = "torch==x";
	tap_ok(cds_plan_build(h, &req) == NULL &&
	    cds_errno(h) == CDS_ERR_USAGE, "--for with a bad version: usage");

	/* an older driver narrows the choice */
	set_driver(root, "470.82.01");
	plan_is(h, NULL, NULL, "torch==2.3.0",
	    "cuda-11.8.0 cudnn-8.9.7.29-cuda11", "driver 470: torch's cu118");
	set_driver(root, "440.33.01");
	req.forpkg = "torch==2.3.0";
	tap_ok(cds_plan_build(h, &req) == NULL &&
	    cds_errno(h) == CDS_ERR_DRIVER, "driver 440: torch 2.3 refused");
	req.forpkg = NULL;

	/* what the prefix holds */
	p = cds_xasprintf("%s/opt/nvidia/.state/receipts", root);
	cds_mkdir_p(p, 0755);
	free(p);
	p = cds_xasprintf("%s/opt/nvidia/cuda-12.6.3/lib", root);
	cds_mkdir_p(p, 0755);
	free(p);
	p = cds_xasprintf("%s/opt/nvidia/.state/receipts/cuda-12.6.3.json",
	    root);
	cds_write_file_atomic(p, "{}", 2, 0644);
	free(p);
	set_driver(root, "550.54.15");
	req.cuda = "12.6";
	req.cudnn = "none";
	pl = cds_plan_build(h, &req);
	tap_ok(pl != NULL && pl->items[0].state == CDS_ITEM_PRESENT &&
	    pl->paths[0] == NULL && pl->download_size == 0,
	    "a release with tree and receipt is present: nothing to do");
	cds_plan_free(pl);
	p = cds_xasprintf("%s/opt/nvidia/.state/receipts/cuda-12.6.3.json",
	    root);
	unlink(p);
	free(p);
	tap_ok(cds_plan_build(h, &req) == NULL && cds_errno(h) == CDS_ERR_IO,
	    "a tree without a receipt is not ours: refused");

	/* DT_SONAME of real files */
	/* a function of the C library that sanitizers do not intercept */
	sym = dlsym(RTLD_DEFAULT, "gnu_get_libc_version");
	if (sym != NULL && dladdr(sym, &info) != 0 &&
	    info.dli_fname != NULL) {
		libc = cds_xstrdup(info.dli_fname);
	}
	if (libc == NULL) {
		tap_skip("no glibc here to read a DT_SONAME from");
	} else {
		s = soname(h, libc);
		tap_ok(s != NULL && strncmp(s, "libc.so.", 8) == 0,
		    "the C library's DT_SONAME (%s)", s != NULL ? s : "none");
		free(s);
	}
	tap_ok(soname(h, "/proc/self/exe") == NULL,
	    "a program has no DT_SONAME");
	p = cds_xasprintf("%s/short.so", root);
	if (libc != NULL) {
		size_t len;
		char *data = cds_read_file(libc, 0, &len);

		cds_write_file_atomic(p, data, 200, 0644);
		free(data);
	}
	tap_ok(soname(h, p) == NULL, "a truncated ELF file: none");
	free(p);

	/* soname links for a copy without them */
	dir = cds_xasprintf("%s/libs", root);
	cds_mkdir_p(dir, 0755);
	p = cds_xasprintf("%s/libc.so.6.9.9", dir);
	copy_file(libc != NULL ? libc : "/nonexistent", p);
	free(p);
	n = cds_fixup_sonames(h, dir, 1, &ops);
	tap_is_int(n, 2, "dry run: two links to make");
	tap_ok(ops.n == 2 && ops.v[0].kind == CDS_OP_SYMLINK &&
	    cds_endswith(ops.v[0].path, "/libc.so.6") &&
	    strcmp(ops.v[0].target, "libc.so.6.9.9") == 0 &&
	    cds_endswith(ops.v[1].path, "/libc.so") &&
	    strcmp(ops.v[1].target, "libc.so.6") == 0,
	    "libc.so.6 -> libc.so.6.9.9, libc.so -> libc.so.6");
	cds_ops_clear(&ops);
	p = cds_xasprintf("%s/libc.so.6", dir);
	tap_ok(!cds_exists(p), "the dry run made nothing");
	n = cds_fixup_sonames(h, dir, 0, NULL);
	tap_is_int(n, 2, "two links made");
	s = cds_readlink(p);
	tap_is_str(s, "libc.so.6.9.9", "and they are there");
	free(s);
	free(p);
	n = cds_fixup_sonames(h, dir, 0, NULL);
	tap_is_int(n, 0, "a second run makes none");
	free(dir);

	/* env files quote what they must */
	s = cds_env_text("/opt/it's here", "cuda-12.4.1", CDS_SHELL_SH);
	tap_ok(strstr(s, "CUDA_HOME='/opt/it'\\''s here/cuda-12.4.1'") !=
	    NULL, "sh: a quote in the prefix is quoted");
	free(s);

	free(libc);
	cds_free(h);
	cds_rm_rf(root);
	return tap_done();
}
