/*
 * rules_driver.c - doctor's rules about the driver: none, a stub, WSL2,
 * and a driver too old for a toolkit or a framework.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/container.h"
#include "doctor/codes.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "read/manifest.h"
#include "scan/scan.h"
#include "scan/system.h"
#include "base/version.h"

/* No driver on a machine without an NVIDIA GPU (an image being prepared,
 * a CI host): a warning, installs work, programs cannot run.  Or a kernel
 * module without its user-space libcuda.so.1.  A GPU without a module is
 * F20 (rule_no_module); the libraries without a module, NO-MODULE
 * (rule_libs_no_module). */
static void
rule_no_driver(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;

	if (d->wsl && !d->wsl_lib_on_path) {
		return;	/* WSL-LIB-PATH names the cause */
	}
	if (c->h->host_driver != NULL) {
		return;	/* an image (doctor --driver): the host brings it */
	}
	if (d->state == CDS_DRIVER_NO_MODULE && c->s->nvidia_pci == 0) {
		f = cds_finding_add(c, "NO-DRIVER", CDS_SEV_WARNING,
		    "no NVIDIA kernel module is loaded and no NVIDIA GPU is "
		    "on the PCI bus");
		cds_finding_evidence(f, "kernel module",
		    "/proc/driver/nvidia/version and "
		    "/sys/module/nvidia/version are absent");
		cds_finding_evidence(f, "NVIDIA PCI devices", "0");
		cds_finding_evidence(f, "libcuda.so.1",
		    "not found by the loader");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "run CUDA programs on a machine with an NVIDIA GPU and "
		    "driver");
	} else if (d->state == CDS_DRIVER_NO_LIBRARY &&
	    !cds_in_container(&c->s->container)) {
		/* in a container the driver's libraries come from the host:
		 * never install them there (CTR-*, rules_container.c) */
		f = cds_finding_add(c, "NO-DRIVER", CDS_SEV_ERROR,
		    "the NVIDIA kernel module %s is loaded but the loader "
		    "finds no libcuda.so.1", d->module_version);
		cds_finding_evidence(f, "kernel module", "%s",
		    d->module_version);
		cds_finding_evidence(f, "libcuda.so.1",
		    "not found by the loader");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "install the user-space driver package of version %s "
		    "(libnvidia-compute / nvidia-driver-libs)",
		    d->module_version);
	}
}

/* The name CUresult CODE has in cuda.h, for the codes a driver without
 * its module gives; "" for others. */
static const char *
cu_error_name(int code)
{
	static const struct {
		int code;
		const char *name;
	} names[] = {
		{ 3, "CUDA_ERROR_NOT_INITIALIZED" },
		{ 34, "CUDA_ERROR_STUB_LIBRARY" },
		{ 100, "CUDA_ERROR_NO_DEVICE" },
		{ 101, "CUDA_ERROR_INVALID_DEVICE" },
		{ 304, "CUDA_ERROR_OPERATING_SYSTEM" },
		{ 802, "CUDA_ERROR_SYSTEM_NOT_READY" },
		{ 803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" },
		{ 804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE" },
		{ 999, "CUDA_ERROR_UNKNOWN" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (names[i].code == code) {
			return names[i].name;
		}
	}
	return "";
}

/*
 * The dpkg package that ships target path PATH ("libcuda1:amd64"), from
 * /var/lib/dpkg/info/<package>.list; NULL when dpkg does not know it.  A
 * merged /usr may list it with or without its /usr.
 */
static char *
dpkg_owner(const cds_handle_t *h, const char *path)
{
	char **lists = cds_root_glob(h, "/var/lib/dpkg/info/*.list"), **l;
	char *alt, *r = NULL;

	alt = cds_startswith(path, "/usr/") ? cds_xstrdup(path + 4) :
	    cds_xasprintf("/usr%s", path);
	for (l = lists; *l != NULL && r == NULL; l++) {
		char *text = cds_root_read_file(h, *l, 64u << 20, NULL);
		char **lines, **x;

		if (text == NULL || (strstr(text, path) == NULL &&
		    strstr(text, alt) == NULL)) {
			free(text);
			continue;
		}
		lines = cds_strsplit(text, "\n", 0);
		for (x = lines; *x != NULL && r == NULL; x++) {
			if (strcmp(*x, path) == 0 || strcmp(*x, alt) == 0) {
				const char *b = cds_basename(*l);

				r = cds_xstrndup(b, strlen(b) - 5);
			}
		}
		cds_strfreev(lines);
		free(text);
	}
	free(alt);
	cds_strfreev(lists);
	return r;
}

/*
 * The full Version of an installed dpkg package, from /var/lib/dpkg/
 * status: the one named NAME ("libcuda1:amd64" or "libcuda1"), or with
 * PREFIX set the first whose name starts with NAME.  *found (may be
 * NULL) gets the package's name.  NULL if none is installed.
 */
static char *
dpkg_installed(const cds_handle_t *h, const char *name, int prefix,
    char **found)
{
	char *text = cds_root_read_file(h, "/var/lib/dpkg/status", 64u << 20,
	    NULL), *p, *r = NULL;
	size_t n = prefix ? strlen(name) : strcspn(name, ":");

	if (found != NULL) {
		*found = NULL;
	}
	if (text == NULL) {
		return NULL;
	}
	for (p = text; p != NULL && r == NULL; p = strstr(p, "\n\n")) {
		char *end, *pk, *st, *ve;

		p += strspn(p, "\n");
		pk = p + 9;
		if (strncmp(p, "Package: ", 9) != 0 || strncmp(pk, name, n) != 0 ||
		    (!prefix && pk[n] != '\n')) {
			continue;
		}
		end = strstr(p, "\n\n");
		st = strstr(p, "\nStatus: ");
		ve = strstr(p, "\nVersion: ");
		if (st == NULL || ve == NULL || (end != NULL && (st > end ||
		    ve > end)) || strncmp(st + 9, "install ok installed",
		    20) != 0) {
			continue;
		}
		r = cds_xstrndup(ve + 10, strcspn(ve + 10, "\n"));
		if (found != NULL) {
			*found = cds_xstrndup(pk, strcspn(pk, "\n"));
		}
	}
	free(text);
	return r;
}

/* A library of the driver as evidence: "PATH -> REAL (VERSION)". */
static void
driver_lib_evidence(struct cds_finding *f, const char *key,
    const char *path, const char *real, const char *version)
{
	if (path == NULL) {
		cds_finding_evidence(f, key, "not found by the loader");
		return;
	}
	cds_finding_evidence(f, key, "%s%s%s%s%s%s", path,
	    real != NULL && strcmp(real, path) != 0 ? " -> " : "",
	    real != NULL && strcmp(real, path) != 0 ? real : "",
	    version != NULL ? " (" : "", version != NULL ? version : "",
	    version != NULL ? ")" : "");
}

/* Is BASE ("nvidia-current.ko.xz") the file of the driver's main module,
 * under one of the names it is installed as: NVIDIA's and Ubuntu's
 * "nvidia", Debian's renamed "nvidia-current", "nvidia-tesla-470",
 * "nvidia-legacy-390xx" (their dkms.conf's DEST_MODULE_NAME; modprobe's
 * "install nvidia" line of the branch's kernel-support package loads it
 * as nvidia), never its -modeset, -drm, -uvm or -peermem? */
static int
main_module(const char *base)
{
	static const char *const branches[] = { "nvidia-tesla-",
		"nvidia-legacy-", NULL };
	const char *const *b;
	size_t n = strcspn(base, ".");

	if (strncmp(base + n, ".ko", 3) != 0) {
		return 0;
	}
	if ((n == 6 && strncmp(base, "nvidia", 6) == 0) ||
	    (n == 14 && strncmp(base, "nvidia-current", 14) == 0)) {
		return 1;
	}
	for (b = branches; *b != NULL; b++) {
		size_t k = strlen(*b), d;

		if (n <= k || strncmp(base, *b, k) != 0) {
			continue;
		}
		d = strspn(base + k, "0123456789");
		if (d > 0 && (k + d == n || (k + d + 2 == n &&
		    strncmp(base + k + d, "xx", 2) == 0))) {
			return 1;
		}
	}
	return 0;
}

/* Is a built nvidia module there for kernel KERNEL (modprobe can load
 * it)?  Its path, or NULL. */
static char *
module_file(const cds_handle_t *h, const char *kernel)
{
	static const char *const under[] = {
		"*", "*/*", "*/*/*", "*/*/*/*", NULL
	};
	const char *const *p;
	char *r = NULL;
	size_t i;

	for (p = under; *p != NULL && r == NULL && kernel != NULL; p++) {
		char *pat = cds_xasprintf("/lib/modules/%s/%s/nvidia*.ko*",
		    kernel, *p), **m;

		m = cds_root_glob(h, pat);
		for (i = 0; m[i] != NULL && r == NULL; i++) {
			if (main_module(cds_basename(m[i]))) {
				r = cds_xstrdup(m[i]);
			}
		}
		cds_strfreev(m);
		free(pat);
	}
	return r;
}

/*
 * The fix for driver libraries without their kernel module: load the
 * module when one is built for the running kernel; else install the
 * module package that matches the libraries' package (Debian's
 * nvidia-kernel-dkms beside libcuda1, nvidia-tesla-N-kernel-dkms beside
 * its Tesla branch's libnvidia-tesla-N-cuda1, Ubuntu's nvidia-dkms-N
 * beside libnvidia-compute-N), pinned to the same version.  OWNER is the
 * package of libcuda (NULL when unknown).
 */
static void
module_fix(struct cds_rule_ctx *c, struct cds_finding *f, const char *owner,
    const char *kernel)
{
	const struct cds_driver *d = &c->s->driver;
	char *ko = module_file(c->h, kernel), *ver = NULL;
	char name[64];

	if (ko != NULL) {
		cds_finding_evidence(f, "module for this kernel", "%s", ko);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo modprobe nvidia");
		free(ko);
		return;
	}
	if (owner != NULL) {
		ver = dpkg_installed(c->h, owner, 0, NULL);
	}
	if (owner != NULL && cds_startswith(owner, "libcuda1")) {
		/* Debian: nvidia-kernel-dkms builds the module of the same
		 * source package (nvidia-graphics-drivers) */
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo apt-get install linux-headers-$(uname -r) "
		    "nvidia-kernel-dkms%s%s && sudo modprobe nvidia",
		    ver != NULL ? "=" : "", ver != NULL ? ver : "");
	} else if (owner != NULL && sscanf(owner,
	    "libnvidia-tesla-%31[0-9]-cuda1", name) == 1) {
		/* Debian's Tesla branches: their own module package, whose
		 * kernel-support makes `modprobe nvidia` load
		 * nvidia-tesla-N */
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo apt-get install linux-headers-$(uname -r) "
		    "nvidia-tesla-%s-kernel-dkms%s%s && sudo modprobe nvidia",
		    name, ver != NULL ? "=" : "", ver != NULL ? ver : "");
	} else if (owner != NULL && cds_startswith(owner,
	    "libnvidia-compute-") && sscanf(owner, "libnvidia-compute-%31[0-9]",
	    name) == 1) {
		/* Ubuntu: nvidia-dkms-<branch> for libnvidia-compute-<branch> */
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo apt-get install nvidia-dkms-%s%s%s && sudo modprobe "
		    "nvidia", name, ver != NULL ? "=" : "",
		    ver != NULL ? ver : "");
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "install the kernel module of driver %s (the same "
		    "installer or package source as its libraries), then: "
		    "sudo modprobe nvidia", d->version != NULL ? d->version :
		    "of the same version");
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "reboot if the module "
	    "was just installed and modprobe cannot load it (Secure Boot, "
	    "nouveau)");
	free(ver);
}

/* The driver libraries' evidence: paths and version, the owning
 * packages, and what loading them said (a child only; under --root the
 * files alone decide).  *owner gets libcuda's package (new) or NULL. */
static void
libs_evidence(struct cds_rule_ctx *c, struct cds_finding *f, char **owner)
{
	const struct cds_driver *d = &c->s->driver;
	char *o;

	driver_lib_evidence(f, "libcuda.so.1", d->libcuda_path,
	    d->libcuda_realpath, d->libcuda_version);
	if (d->nvml_path != NULL) {
		driver_lib_evidence(f, "libnvidia-ml.so.1", d->nvml_path,
		    d->nvml_realpath, d->nvml_version);
	}
	if (d->version != NULL) {
		cds_finding_evidence(f, "driver version", "%s (from the file "
		    "name of %s)", d->version, d->version_source);
	}
	*owner = dpkg_owner(c->h, d->libcuda_realpath != NULL ?
	    d->libcuda_realpath : d->libcuda_path);
	if (*owner != NULL) {
		o = d->nvml_realpath != NULL ? dpkg_owner(c->h,
		    d->nvml_realpath) : NULL;
		cds_finding_evidence(f, "packages", "%s%s%s (dpkg)", *owner,
		    o != NULL && strcmp(o, *owner) != 0 ? ", " : "",
		    o != NULL && strcmp(o, *owner) != 0 ? o : "");
		free(o);
	}
	if (d->probed) {
		const char *n = cu_error_name(d->init_error);

		cds_finding_evidence(f, "cuInit", "error %d%s%s%s (in a child "
		    "process that loaded %s)", d->init_error,
		    *n != '\0' ? " (" : "", n, *n != '\0' ? ")" : "",
		    d->libcuda_path);
	} else {
		cds_finding_evidence(f, "cuInit", "not called: %s",
		    cds_streq(d->probe_error, "--root") ? "--root names "
		    "another system, whose libraries are not loaded here; "
		    "the files decide" : d->probe_error != NULL ?
		    d->probe_error : "no probe child");
	}
	if (d->nvml_probed) {
		cds_finding_evidence(f, "nvmlInit", "error %d: %s",
		    d->nvml_init, d->nvml_error != NULL ? d->nvml_error : "?");
	}
}

/* NO-MODULE: the driver's user-space libraries are installed (libcuda.so.1
 * is what the loader finds, and its file names the version), but no
 * kernel module is loaded: cuInit says 100, NVML "Driver Not Loaded",
 * nvidia-smi "couldn't communicate with the NVIDIA driver".  With an
 * NVIDIA GPU on the PCI bus, F20 says it with the GPU's causes. */
static void
rule_libs_no_module(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;
	char *owner = NULL, *kernel;

	if (d->state != CDS_DRIVER_NO_KERNEL_MODULE || c->s->nvidia_pci > 0 ||
	    c->h->host_driver != NULL) {
		return;	/* an image's driver libraries: IMAGE-DRIVER-LIBS */
	}
	if (d->version != NULL) {
		f = cds_finding_add(c, "NO-MODULE", CDS_SEV_ERROR, "NVIDIA "
		    "driver libraries %s are installed but no kernel module "
		    "is loaded: CUDA cannot run", d->version);
	} else {
		f = cds_finding_add(c, "NO-MODULE", CDS_SEV_ERROR, "NVIDIA "
		    "driver libraries are installed but no kernel module is "
		    "loaded: CUDA cannot run");
	}
	libs_evidence(c, f, &owner);
	cds_finding_evidence(f, "kernel module",
	    "/proc/driver/nvidia/version and /sys/module/nvidia are absent");
	cds_finding_evidence(f, "NVIDIA PCI devices", "none seen "
	    "(/sys/bus/pci/devices)");
	kernel = cds_root_read_line(c->h, "/proc/sys/kernel/osrelease");
	if (kernel != NULL) {
		cds_finding_evidence(f, "running kernel", "%s", kernel);
	}
	module_fix(c, f, owner, kernel);
	free(kernel);
	free(owner);
}

/* PCI addresses of NVIDIA devices whose class starts with CLASS
 * ("0x03": display, "0x0680": NVSwitch bridges). */
static char **
nvidia_devices(const cds_handle_t *h, const char *class)
{
	char **devs = cds_root_glob(h, "/sys/bus/pci/devices/*");
	struct cds_strv sv = {0};
	char **d;

	for (d = devs; *d != NULL; d++) {
		char *vp = cds_path_join(*d, "vendor");
		char *cp = cds_path_join(*d, "class");
		char *v = cds_root_read_line(h, vp), *k = cds_root_read_line(h, cp);

		if (v != NULL && k != NULL && strcmp(v, "0x10de") == 0 &&
		    cds_startswith(k, class)) {
			cds_strv_push(&sv, cds_basename(*d));
		}
		free(v);
		free(k);
		free(vp);
		free(cp);
	}
	cds_strfreev(devs);
	return cds_strv_steal(&sv);
}

/* F20: an NVIDIA GPU on the PCI bus, no kernel module loaded.  The
 * evidence tells the usual causes apart: a kernel with no module built
 * for it (DKMS), nouveau holding the device, Secure Boot refusing an
 * unsigned module. */
static void
rule_no_module(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	const cds_handle_t *h = c->h;
	struct cds_finding *f;
	char **gpus, **vers, **v, *kernel;
	struct cds_buf built = {0};
	char *for_kernel = NULL, *owner = NULL;
	int secure = 0, nouveau;

	if (d->module_version != NULL || c->s->nvidia_pci == 0 || d->wsl) {
		return;
	}
	if (d->state == CDS_DRIVER_OK) {
		return;
	}
	f = cds_finding_add(c, "F20", CDS_SEV_ERROR, "an NVIDIA GPU is on "
	    "the PCI bus but no NVIDIA kernel module is loaded");
	gpus = nvidia_devices(h, "0x03");
	if (gpus[0] != NULL) {
		cds_finding_evidence(f, "GPU", "%s", gpus[0]);
	}
	cds_strfreev(gpus);
	cds_finding_evidence(f, "kernel module",
	    "/proc/driver/nvidia/version and /sys/module/nvidia are absent");
	if (d->state == CDS_DRIVER_NO_KERNEL_MODULE) {
		/* the libraries are there: NO-MODULE's facts, said here */
		libs_evidence(c, f, &owner);
	}
	kernel = cds_root_read_line(h, "/proc/sys/kernel/osrelease");
	if (kernel != NULL) {
		cds_finding_evidence(f, "running kernel", "%s", kernel);
	}
	/* DKMS: /var/lib/dkms/nvidia/<version>/<kernel>/ per build */
	vers = cds_root_glob(h, "/var/lib/dkms/nvidia/[0-9]*");
	for (v = vers; *v != NULL; v++) {
		char *kpat = cds_path_join(*v, "[0-9]*");
		char **ks = cds_root_glob(h, kpat), **k;

		for (k = ks; *k != NULL; k++) {
			cds_buf_addf(&built, "%s%s for %s", built.len > 0 ?
			    ", " : "", cds_basename(*v), cds_basename(*k));
			if (kernel != NULL && strcmp(cds_basename(*k),
			    kernel) == 0) {
				free(for_kernel);
				for_kernel = cds_xstrdup(cds_basename(*v));
			}
		}
		cds_strfreev(ks);
		free(kpat);
	}
	if (vers[0] != NULL) {
		cds_finding_evidence(f, "DKMS nvidia builds", "%s",
		    built.len > 0 ? built.s : "none");
	}
	if (kernel != NULL && vers[0] != NULL && for_kernel == NULL) {
		const char *ver = cds_basename(vers[cds_strv_len(vers) - 1]);

		cds_finding_evidence(f, "cause", "no nvidia module was built "
		    "for the running kernel %s", kernel);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo dkms install -m nvidia -v %s -k %s && sudo modprobe "
		    "nvidia", ver, kernel);
	}
	cds_buf_free(&built);
	nouveau = cds_root_exists(h, "/sys/module/nouveau");
	if (nouveau) {
		cds_finding_evidence(f, "cause", "the nouveau driver is loaded "
		    "and holds the GPU (/sys/module/nouveau)");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' "
		    "| sudo tee /etc/modprobe.d/blacklist-nouveau.conf && sudo "
		    "update-initramfs -u && sudo reboot");
	}
	/* SecureBoot-<guid>: 4 attribute bytes, then 1 when enabled */
	{
		char **sb = cds_root_glob(h,
		    "/sys/firmware/efi/efivars/SecureBoot-*");

		if (sb[0] != NULL) {
			size_t len = 0;
			char *b = cds_root_read_file(h, sb[0], 64, &len);

			secure = b != NULL && len >= 5 && b[4] == 1;
			free(b);
		}
		cds_strfreev(sb);
	}
	if (secure) {
		cds_finding_evidence(f, "cause", "Secure Boot is on: an "
		    "unsigned nvidia module is refused");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo mokutil --import /var/lib/dkms/mok.pub  # then "
		    "reboot and enroll the key");
	}
	if (f->nfixes == 0 && d->state == CDS_DRIVER_NO_KERNEL_MODULE) {
		module_fix(c, f, owner, kernel);
	} else if (f->nfixes == 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo modprobe nvidia  # if that fails: reinstall the "
		    "driver for kernel %s", kernel != NULL ? kernel :
		    "$(uname -r)");
	}
	free(owner);
	free(for_kernel);
	free(kernel);
	cds_strfreev(vers);
}

/* The first libcuda of NAME on the runtime search path: its directory's
 * index in LP and its real path (new string), or -1. */
static int
find_libcuda(struct cds_rule_ctx *c, const struct cds_libpath *lp,
    const char *name, char **real)
{
	int i = cds_libpath_find(c, lp, name);

	*real = NULL;
	if (i >= 0) {
		char *p = cds_path_join(lp->dirs[i].dir, name);

		*real = cds_realpath_in_root(c->h, p);
		if (*real == NULL) {
			*real = p;
		} else {
			free(p);
		}
	}
	return i;
}

/* A stub libcuda (a toolkit's lib64/stubs) is found where programs look
 * at run time: every CUDA call then fails with error 34.  On
 * LIBRARY_PATH alone it only serves the linker, which is its purpose.
 * The driver probe names the stub when it ran; otherwise the search path
 * is walked here for libcuda.so.1 and libcuda.so (which cuDNN 8 opens). */
static void
rule_stub_libcuda(struct cds_rule_ctx *c)
{
	static const char *const names[] = { "libcuda.so.1", "libcuda.so",
		NULL };
	const struct cds_driver *d = &c->s->driver;
	const char *const *n;
	struct cds_finding *f;
	struct cds_libpath *lp;
	int runtime;

	if (d->stub_path != NULL) {
		/* the driver probe found it: name it the same way */
		char *real, *dir;
		size_t i;

		runtime = d->state == CDS_DRIVER_STUB || (d->stub_via != NULL &&
		    strcmp(d->stub_via, "LIBRARY_PATH") != 0);
		if (!runtime) {
			return;
		}
		real = cds_realpath_in_root(c->h, d->stub_path);
		if (real == NULL) {
			real = cds_xstrdup(d->stub_path);
		}
		dir = cds_dirname(d->stub_path);
		lp = cds_libpath_for(c, NULL, NULL);
		for (i = 0; i < lp->n && strcmp(lp->dirs[i].dir, dir) != 0;
		    i++) {
		}
		f = cds_finding_add(c, "STUB-LIBCUDA", CDS_SEV_ERROR,
		    "the stub %s is what the loader finds for %s", real,
		    cds_basename(d->stub_path));
		cds_finding_evidence(f, "stub", "%s -> %s", d->stub_path, real);
		if (d->init_error != 0) {
			cds_finding_evidence(f, "cuInit", "error %d%s",
			    d->init_error, d->init_error == 34 ?
			    " (CUDA_ERROR_STUB_LIBRARY)" : "");
		}
		if (i < lp->n) {
			cds_evidence_via(f, &lp->dirs[i]);
			cds_fix_remove_path(c, f, &lp->dirs[i]);
		} else {
			struct cds_libdir ld = {0};

			ld.dir = dir;
			ld.via = d->stub_via != NULL ? d->stub_via : "";
			ld.from_env = d->stub_via == NULL ||
			    strcmp(d->stub_via, "LD_LIBRARY_PATH") == 0;
			cds_finding_evidence(f, "put there by", "%s",
			    d->stub_via != NULL ? d->stub_via : "?");
			cds_fix_remove_path(c, f, &ld);
		}
		cds_libpath_free(lp);
		free(dir);
		free(real);
		return;
	}
	lp = cds_libpath_for(c, NULL, NULL);
	for (n = names; *n != NULL; n++) {
		char *real;
		int i = find_libcuda(c, lp, *n, &real);

		if (i < 0 || strstr(real, "/stubs/") == NULL) {
			free(real);
			continue;
		}
		f = cds_finding_add(c, "STUB-LIBCUDA", CDS_SEV_ERROR,
		    "the stub %s is what the loader finds for %s", real, *n);
		cds_finding_evidence(f, "stub", "%s/%s -> %s",
		    lp->dirs[i].dir, *n, real);
		cds_evidence_via(f, &lp->dirs[i]);
		cds_fix_remove_path(c, f, &lp->dirs[i]);
		free(real);
		break;
	}
	cds_libpath_free(lp);
}

static int
searched(const struct cds_scan *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->nsearchdirs; i++) {
		if (strcmp(s->searchdirs[i].dir, dir) == 0) {
			return 1;
		}
	}
	return 0;
}

/* WSL2 keeps the driver's libcuda in /usr/lib/wsl/lib; ld.so.conf.d/
 * ld.wsl.conf normally lists it.  Without it, libcuda.so.1 is "missing". */
static void
rule_wsl_path(struct cds_rule_ctx *c)
{
	struct cds_finding *f;

	if (!c->s->driver.wsl || searched(c->s, "/usr/lib/wsl/lib")) {
		return;
	}
	f = cds_finding_add(c, "WSL-LIB-PATH", CDS_SEV_ERROR,
	    "WSL2: /usr/lib/wsl/lib is neither in ld.so.conf nor on "
	    "LD_LIBRARY_PATH");
	cds_finding_evidence(f, "driver library", "/usr/lib/wsl/lib/"
	    "libcuda.so.1");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "echo /usr/lib/wsl/lib | sudo tee /etc/ld.so.conf.d/ld.wsl.conf "
	    "&& sudo ldconfig");
}

/*
 * WSL2 and Hyper-V GPU-PV guests reach the GPU through /dev/dxg (the
 * dxgkrnl driver) and the user-mode libraries of /usr/lib/wsl/lib: the
 * NVIDIA driver's (libcuda, libnvidia-ml, nvidia-smi; System32\lxss\lib
 * and the DriverStore on the host) and DirectX's core, libdxcore.so, with
 * libd3d12.so and libd3d12core.so beside it (WSL's own lib folder, no
 * longer in lxss\lib).  NVML reaches the Windows GPU kernel through
 * libdxcore and /dev/dxg (nvidia-container-toolkit#1739); a guest given
 * only lxss\lib's files, or a kernel without dxgkrnl, makes NVML say "GPU
 * access blocked by the operating system" (staralt/dxgkrnl-dkms#7,
 * seflerZ/oneclick-gpu-pv#8, a WSL kernel built without it).
 */
static void
rule_wsl_dxcore(struct cds_rule_ctx *c)
{
	struct cds_finding *f;
	int dxg, dxcore;

	if (!c->s->driver.wsl ||
	    !cds_root_exists(c->h, "/usr/lib/wsl/lib/libcuda.so.1")) {
		return;
	}
	dxg = cds_root_exists(c->h, "/dev/dxg");
	dxcore = cds_root_exists(c->h, "/usr/lib/wsl/lib/libdxcore.so");
	if (dxg && dxcore) {
		return;
	}
	f = cds_finding_add(c, "WSL-DXCORE", CDS_SEV_ERROR, "WSL2 or a "
	    "GPU-PV guest without %s: NVML and CUDA cannot reach the GPU "
	    "(NVML: \"GPU access blocked by the operating system\")",
	    !dxg && !dxcore ? "/dev/dxg and libdxcore.so" : !dxg ?
	    "/dev/dxg" : "libdxcore.so");
	cds_finding_evidence(f, "/usr/lib/wsl/lib", "libcuda.so.1 %s",
	    dxcore ? "and libdxcore.so" : "but no libdxcore.so (nor, likely, "
	    "libd3d12.so and libd3d12core.so)");
	cds_finding_evidence(f, "/dev/dxg", "%s", dxg ? "present" :
	    "absent: the kernel's dxgkrnl driver is not loaded");
	if (!dxcore) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "in WSL2: wsl "
		    "--update, then wsl --shutdown (from Windows); in a GPU-PV "
		    "guest: copy libdxcore.so, libd3d12.so and libd3d12core.so "
		    "from a WSL2 distribution's /usr/lib/wsl/lib (on the host: "
		    "C:\\Program Files\\WSL\\lib) into /usr/lib/wsl/lib");
	}
	if (!dxg) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "boot a kernel "
		    "with the dxgkrnl driver (WSL's own, or its module built "
		    "for the guest's kernel)");
	}
}

/* The CUDA version the driver supports, as "12.4", into buf; or the
 * lower bound known from its version and the bundled drivers; or NULL. */
static const char *
driver_cuda(const struct cds_rule_ctx *c, char buf[16])
{
	const struct cds_driver *d = &c->s->driver;

	if (d->cuda_version > 0) {
		snprintf(buf, 16, "%d.%d", d->cuda_version / 1000,
		    (d->cuda_version % 1000) / 10);
		return buf;
	}
	return NULL;
}

/* F16 for WHAT (built for CUDA CUDA, as WHERE says) when the driver does
 * not run that CUDA: the minor itself where the driver API says what it
 * runs, else the floor of its major, or FLOOR (NULL: that one). */
static struct cds_finding *
check_cuda(struct cds_rule_ctx *c, const char *what, const char *where,
    const char *cuda, const char *need)
{
	const struct cds_driver *d = &c->s->driver;
	const char *floor;
	struct cds_finding *f;
	char buf[16];
	const char *max = driver_cuda(c, buf);

	if (cuda == NULL || cds_cuda_int(cuda) <= 0) {
		return NULL;
	}
	if (max != NULL) {
		/* the driver API's number is authoritative (F30) */
		if (cds_cuda_int(cuda) <= d->cuda_version) {
			return NULL;
		}
		f = cds_finding_add(c, "F16", CDS_SEV_ERROR,
		    "%s needs CUDA %s but the driver supports CUDA %s at "
		    "most", what, cuda, max);
	} else {
		/* the module's version, else the libraries' (the module
		 * that goes with them will be the same) */
		if (d->version == NULL || c->m == NULL) {
			return NULL;
		}
		floor = need != NULL ? need :
		    cds_manifest_driver_floor(c->m, cuda);
		if (floor == NULL || cds_vercmp(d->version, floor) >= 0) {
			return NULL;
		}
		f = cds_finding_add(c, "F16", CDS_SEV_ERROR,
		    "%s needs CUDA %s, which needs driver %s or newer; this "
		    "driver is %s", what, cuda, floor, d->version);
		cds_finding_evidence(f, "minimum driver", "%s", floor);
	}
	cds_finding_evidence(f, "needs CUDA", "%s (%s)", cuda, where);
	if (d->version != NULL) {
		cds_finding_evidence(f, "driver", "%s (%s)", d->version,
		    d->version_source);
	}
	if (max != NULL) {
		cds_finding_evidence(f, "driver supports CUDA", "%s", max);
	}
	floor = need != NULL ? need : c->m != NULL ?
	    cds_manifest_driver_floor(c->m, cuda) : NULL;
	if (cds_in_container(&c->s->container)) {
		/* the driver is the host's (containers.md, b, row 13) */
		cds_finding_evidence(f, "fix on", "the host (its driver) or "
		    "the image (a build for an older CUDA)");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the host: "
		    "upgrade the NVIDIA driver to %s or newer (run cudnn-setup "
		    "doctor there); or in the image: a build for an older CUDA",
		    floor != NULL ? floor : "a newer release");
		return f;
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "upgrade the NVIDIA driver to %s or newer, or use a build for "
	    "an older CUDA", floor != NULL ? floor : "a newer release");
	return f;
}

/* A framework's wheel built for a later minor of the driver's CUDA major
 * runs by minor version compatibility: the driver meets that major's
 * floor (PyTorch's cu128 wheels on a 12.4 driver). */
static int
wheel_runs(const struct cds_rule_ctx *c, const struct cds_package *p)
{
	const struct cds_driver *d = &c->s->driver;
	const char *floor;

	if (p->from_conda || c->m == NULL || d->cuda_version <= 0 ||
	    atoi(p->cuda) != d->cuda_version / 1000) {
		return 0;
	}
	floor = cds_manifest_driver_floor(c->m, p->cuda);
	return d->version == NULL || floor == NULL ||
	    cds_vercmp(d->version, floor) >= 0;
}

/* Is P JAX's PJRT of a CUDA major (jax-cuda13-pjrt) whose plugin
 * (jax-cuda13-plugin) env E has too?  One install of one backend. */
static int
pjrt_beside_plugin(const struct cds_env *e, const struct cds_package *p)
{
	size_t n = strlen(p->name);
	char *plugin;
	int beside;

	if (!cds_startswith(p->name, "jax-cuda") || n < 5 ||
	    strcmp(p->name + n - 5, "-pjrt") != 0) {
		return 0;
	}
	plugin = cds_xasprintf("%.*s-plugin", (int)(n - 5), p->name);
	beside = cds_env_package(e, plugin) != NULL;
	free(plugin);
	return beside;
}

static void
check_build(struct cds_rule_ctx *c, const struct cds_package *p,
    const char *what, const char *where, void *ctx)
{
	const struct cds_env *e = cds_env_of_package(c->s, p);
	struct cds_finding *f;

	(void)ctx;
	if (e != NULL && wheel_runs(c, p)) {
		return;
	}
	if (e != NULL && pjrt_beside_plugin(e, p)) {
		return;	/* the plugin's finding says it, with the fix */
	}
	if ((f = check_cuda(c, what, where, p->cuda, NULL)) != NULL &&
	    e != NULL && cds_pkg_fix(c, f, e, p, 0)) {
		/* the second half of the fix, as a command */
		free(f->fixes[0].command);
		f->fixes[0].command = cds_xasprintf("upgrade the NVIDIA "
		    "driver to %s or newer, or install the build for this "
		    "driver with the command below",
		    cds_manifest_driver_floor(c->m, p->cuda));
	}
}

/* F16 for a package of env E whose build the index gives (CTranslate2's
 * wheels, each built with one CUDA): the driver must run it, its CUDA
 * minor where the build compiles that minor's PTX at run time. */
static void
check_index_build(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	const struct cds_framework_req *r = cds_pkg_index_row(c->m, p);
	struct cds_machine mc;
	struct cds_finding *f;
	char *what, *where;

	if (r == NULL) {
		return;
	}
	cds_machine_of(c->s, &mc);
	mc.min_cc = 0;	/* the driver only: the GPU is F21's */
	if (cds_build_runs(c->m, r, &mc, NULL)) {
		return;
	}
	what = cds_xasprintf("%s %s in env %s", p->name, p->version,
	    e->name);
	where = cds_xasprintf("the index: %s %s is built with it", r->name,
	    r->version);
	f = check_cuda(c, what, where, r->cuda, r->min_driver);
	if (f != NULL && r->ptx_jit) {
		cds_finding_evidence(f, "why the minor", "it compiles CUDA "
		    "%s's PTX at run time, which an older driver refuses: "
		    "cudaErrorUnsupportedPtxVersion: the provided PTX was "
		    "compiled with an unsupported toolchain", r->cuda);
	}
	if (f != NULL && cds_pkg_fix(c, f, e, p, 0)) {
		free(f->fixes[0].command);
		f->fixes[0].command = cds_xasprintf("upgrade the NVIDIA "
		    "driver to %s or newer, or install the build for this "
		    "driver with the command below", r->min_driver != NULL ?
		    r->min_driver : cds_manifest_driver_floor(c->m, r->cuda));
	}
	free(where);
	free(what);
}

/* F16: a toolkit or a framework needs a newer CUDA than the driver. */
static void
rule_driver_too_old(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	size_t i;

	if (s->driver.version == NULL && s->driver.cuda_version == 0) {
		return;	/* no driver: NO-DRIVER says it */
	}
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];
		char *what;

		if (!t->exists || t->version == NULL) {
			continue;
		}
		if (s->active_toolkit == NULL ||
		    strcmp(t->realpath, s->active_toolkit) != 0) {
			continue;	/* only the one builds use */
		}
		what = cds_xasprintf("toolkit %s", t->realpath);
		check_cuda(c, what, t->version_source != NULL ?
		    t->version_source : "toolkit", t->version, NULL);
		free(what);
	}
	cds_each_cuda_build(c, check_build, NULL);
	for (i = 0; i < s->nenvs; i++) {
		size_t k;

		for (k = 0; k < s->envs[i].npackages; k++) {
			check_index_build(c, &s->envs[i],
			    &s->envs[i].packages[k]);
		}
	}
}

/* /usr/local/cuda points to a directory that is gone, or to one without
 * a runtime library (a half-removed toolkit). */
static void
rule_cuda_link(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	struct cds_finding *f = NULL;
	size_t i;

	if (s->default_link == NULL) {
		return;
	}
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];

		if (!t->is_default) {
			continue;
		}
		if (t->exists && t->has_runtime) {
			return;
		}
		f = cds_finding_add(c, "CUDA-LINK", CDS_SEV_ERROR,
		    "%s points to %s, which %s", s->default_link, t->realpath,
		    t->exists ? "has no CUDA runtime library" :
		    "does not exist");
		cds_finding_evidence(f, "link", "%s -> %s", s->default_link,
		    t->realpath);
		break;
	}
	if (f == NULL) {
		return;
	}
	/* offer the newest complete toolkit */
	{
		const struct cds_toolkit *best = NULL;

		for (i = 0; i < s->ntoolkits; i++) {
			const struct cds_toolkit *t = &s->toolkits[i];

			if (t->exists && t->has_runtime && t->version != NULL &&
			    (best == NULL || cds_vercmp(t->version,
			    best->version) > 0)) {
				best = t;
			}
		}
		if (best != NULL) {
			cds_finding_fix(f, CDS_FIX_SYMLINK, s->default_link,
			    best->realpath, "sudo ln -sfn %s %s",
			    best->realpath, s->default_link);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
			    "cudnn-setup install --cuda VERSION");
		}
	}
}

/* The version in a driver library's real file name:
 * libcuda.so.550.54.15 -> 550.54.15; NULL for .so.1 or a stub. */
static char *
driver_file_version(const char *real)
{
	char *v = cds_soname_version(cds_basename(real));

	if (v != NULL && strchr(v, '.') == NULL) {
		free(v);
		return NULL;
	}
	return v;
}

/* The GPU model from /proc/driver/nvidia/gpus/<bus>/information. */
static char *
gpu_model(const cds_handle_t *h)
{
	char **info = cds_root_glob(h, "/proc/driver/nvidia/gpus/*/information");
	char *r = NULL, *text, *p;

	if (info[0] != NULL) {
		text = cds_root_read_file(h, info[0], 1u << 16, NULL);
		if (text != NULL && (p = strstr(text, "Model:")) != NULL) {
			p += 6;
			p += strspn(p, " \t");
			r = cds_xstrndup(p, strcspn(p, "\n"));
		}
		free(text);
	}
	cds_strfreev(info);
	return r;
}

/*
 * Is the libcuda.so.1 programs load a forward-compatibility libcuda that
 * was copied out of a compat/ directory (into /usr/lib, a container's lib
 * dir)?  Its real file is newer than the kernel module while NVML, which
 * cuda-compat does not ship, is the module's own version: the driver's
 * libraries were not upgraded, libcuda alone was replaced.  (After a
 * driver upgrade without a reboot NVML is newer too: F19.)  1 with the
 * directory's index in LP, the real path and its version (new strings).
 */
static int
compat_copy(struct cds_rule_ctx *c, const struct cds_libpath *lp, int *idx,
    char **real, char **ver)
{
	const struct cds_driver *d = &c->s->driver;
	char *nreal = NULL, *nver = NULL;
	int i, ok = 0;

	*real = NULL;
	*ver = NULL;
	if (d->module_version == NULL) {
		return 0;
	}
	i = find_libcuda(c, lp, "libcuda.so.1", real);
	if (i < 0 || strstr(*real, "/compat/") != NULL ||
	    cds_endswith(lp->dirs[i].dir, "/compat") ||
	    (*ver = driver_file_version(*real)) == NULL ||
	    cds_vercmp(*ver, d->module_version) <= 0) {
		free(*real);
		free(*ver);
		*real = *ver = NULL;
		return 0;
	}
	if (find_libcuda(c, lp, "libnvidia-ml.so.1", &nreal) >= 0 &&
	    (nver = driver_file_version(nreal)) != NULL &&
	    strcmp(nver, d->module_version) == 0) {
		ok = 1;
	}
	free(nreal);
	free(nver);
	if (!ok) {
		free(*real);
		free(*ver);
		*real = *ver = NULL;
		return 0;
	}
	*idx = i;
	return 1;
}

/* F17 (error 803): a forward-compatibility libcuda newer than the kernel
 * module, copied outside a compat/ directory, is what programs load:
 * cuInit fails with "system has unsupported display driver / cuda driver
 * combination".  The fix puts the module's own libcuda back. */
static void
compat_copy_finding(struct cds_rule_ctx *c, struct cds_libpath *lp)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;
	char *real, *ver, *dir, *own, *ptx;
	int i;

	if (!compat_copy(c, lp, &i, &real, &ver)) {
		return;
	}
	dir = lp->dirs[i].dir;
	f = cds_finding_add(c, "F17", CDS_SEV_ERROR, "libcuda %s, newer than "
	    "the kernel module %s, is what programs load: a forward-"
	    "compatibility libcuda outside a compat/ directory (error 803)",
	    ver, d->module_version);
	cds_finding_evidence(f, "libcuda.so.1", "%s/libcuda.so.1 -> %s", dir,
	    real);
	cds_evidence_via(f, &lp->dirs[i]);
	cds_finding_evidence(f, "kernel module", "%s (/proc/driver/nvidia/"
	    "version)", d->module_version);
	cds_finding_evidence(f, "libnvidia-ml.so.1", "%s: the module's "
	    "version; only libcuda is newer (cuda-compat ships no NVML)",
	    d->module_version);
	ptx = cds_xasprintf("%s/libnvidia-ptxjitcompiler.so.%s", dir, ver);
	{
		char *host = cds_rpath(c->h, ptx);

		if (cds_exists(host)) {
			cds_finding_evidence(f, "beside it", "%s (the same "
			    "forward-compatibility set)", ptx);
		}
		free(host);
	}
	if (d->init_error != 0) {
		cds_finding_evidence(f, "cuInit", "error %d", d->init_error);
	}
	own = cds_xasprintf("%s/libcuda.so.%s", dir, d->module_version);
	{
		char *host = cds_rpath(c->h, own);

		if (cds_exists(host)) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo ln "
			    "-sf libcuda.so.%s %s/libcuda.so.1 && sudo rm -f "
			    "%s && sudo ldconfig", d->module_version, dir,
			    real);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo rm "
			    "-f %s/libcuda.so.1 %s && sudo ldconfig  # then "
			    "the driver's own libcuda.so.%s (its package, or "
			    "the container runtime's mount) is found",
			    dir, real, d->module_version);
		}
		free(host);
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or upgrade the kernel "
	    "driver to %s or newer, so that no forward compatibility is "
	    "needed", ver);
	free(own);
	free(ptx);
	free(ver);
	free(real);
}

/* F17: the forward-compatibility libcuda of a toolkit's compat/ dir is the
 * one programs load.  It works only on data-center GPUs, and only over an
 * older kernel driver; elsewhere cuInit fails with error 804 (or 803). */
static void
rule_compat_libcuda(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_libpath *lp = cds_libpath_for(c, NULL, NULL);
	struct cds_finding *f;
	char *real, *ver, *model;
	int i, consumer, sev;

	i = find_libcuda(c, lp, "libcuda.so.1", &real);
	if (i < 0 || (strstr(real, "/compat/") == NULL &&
	    !cds_endswith(lp->dirs[i].dir, "/compat"))) {
		free(real);
		compat_copy_finding(c, lp);
		cds_libpath_free(lp);
		return;
	}
	ver = driver_file_version(real);
	model = gpu_model(c->h);
	consumer = model != NULL && (strstr(model, "GeForce") != NULL ||
	    strstr(model, "TITAN") != NULL);
	sev = consumer || d->init_error == 804 || d->init_error == 803 ||
	    (ver != NULL && d->module_version != NULL &&
	    cds_vercmp(ver, d->module_version) < 0) ?
	    CDS_SEV_ERROR : CDS_SEV_WARNING;
	f = cds_finding_add(c, "F17", sev, "the forward-compatibility "
	    "libcuda %s%s%s is what programs load%s", real,
	    ver != NULL ? " " : "", ver != NULL ? ver : "",
	    consumer ? " on a GPU that does not support it" : "");
	cds_finding_evidence(f, "libcuda.so.1", "%s/libcuda.so.1 -> %s",
	    lp->dirs[i].dir, real);
	cds_evidence_via(f, &lp->dirs[i]);
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "kernel module", "%s%s",
		    d->module_version, ver != NULL && cds_vercmp(ver,
		    d->module_version) < 0 ? " (newer than the compat "
		    "library: error 803)" : "");
	}
	if (model != NULL) {
		cds_finding_evidence(f, "GPU", "%s%s", model, consumer ?
		    " (forward compatibility is for data-center GPUs: "
		    "error 804)" : "");
	}
	if (d->init_error != 0) {
		cds_finding_evidence(f, "cuInit", "error %d", d->init_error);
	}
	cds_fix_remove_path(c, f, &lp->dirs[i]);
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or upgrade the host "
	    "driver so that no compat library is needed");
	free(model);
	free(ver);
	free(real);
	cds_libpath_free(lp);
}

/* The upstream version of an installed dpkg package whose name starts
 * with PREFIX ("550.54.15" of "550.54.15-0ubuntu1"); *name gets the
 * package's name.  NULL if none. */
static char *
dpkg_version(const cds_handle_t *h, const char *prefix, char **name)
{
	char *full = dpkg_installed(h, prefix, 1, name), *v, *r;

	if (full == NULL) {
		return NULL;
	}
	/* [epoch:]upstream[-revision] */
	v = strchr(full, ':') != NULL ? strchr(full, ':') + 1 : full;
	r = cds_xstrndup(v, strcspn(v, "-"));
	free(full);
	return r;
}

/* F18: an HGX system's NVSwitches need nvidia-fabricmanager of the
 * driver's exact version, running; otherwise CUDA says error 802. */
static void
rule_fabricmanager(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	char **sw = nvidia_devices(c->h, "0x0680");
	struct cds_finding *f;
	char *pkg, *ver, *pid;
	int up;

	if (sw[0] == NULL) {
		cds_strfreev(sw);
		return;
	}
	ver = dpkg_version(c->h, "nvidia-fabricmanager", &pkg);
	pid = cds_daemon_pid(c->h, NULL, "nv-fabricmanager");
	up = pid != NULL;
	free(pid);
	if (up && (ver == NULL || d->module_version == NULL ||
	    strcmp(ver, d->module_version) == 0)) {
		free(ver);
		free(pkg);
		cds_strfreev(sw);
		return;
	}
	if (!up) {
		f = cds_finding_add(c, "F18", CDS_SEV_ERROR, "%zu NVSwitch "
		    "device%s but nv-fabricmanager is not running",
		    cds_strv_len(sw), sw[1] != NULL ? "s" : "");
	} else {
		f = cds_finding_add(c, "F18", CDS_SEV_ERROR,
		    "nvidia-fabricmanager %s does not match driver %s", ver,
		    d->module_version);
	}
	cds_finding_evidence(f, "NVSwitch", "%s", sw[0]);
	cds_finding_evidence(f, "fabric manager", "%s%s%s, %s",
	    pkg != NULL ? pkg : "not installed", ver != NULL ? " " : "",
	    ver != NULL ? ver : "", up ? "running" : "not running");
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "kernel module", "%s",
		    d->module_version);
	}
	if (ver == NULL || (d->module_version != NULL &&
	    strcmp(ver, d->module_version) != 0)) {
		char major[16];

		snprintf(major, sizeof(major), "%d", d->module_version != NULL ?
		    atoi(d->module_version) : 0);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo apt-get install nvidia-fabricmanager-%s=%s-* && "
		    "sudo systemctl enable --now nvidia-fabricmanager",
		    d->module_version != NULL ? major : "DRIVER",
		    d->module_version != NULL ? d->module_version : "VERSION");
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo systemctl enable --now nvidia-fabricmanager");
	}
	free(ver);
	free(pkg);
	cds_strfreev(sw);
}

/* The last apt history entry that changed an NVIDIA package, as
 * "Start-Date: ... Upgrade: pkg (old, new)"; NULL if none. */
static char *
apt_nvidia_entry(const cds_handle_t *h)
{
	char *text = cds_root_read_file(h, "/var/log/apt/history.log",
	    64u << 20, NULL), *r = NULL;
	char **blocks, **b;

	if (text == NULL) {
		return NULL;
	}
	blocks = cds_strsplit(text, "\n", 1);
	free(text);
	{
		char *date = NULL;

		for (b = blocks; *b != NULL; b++) {
			char *l = *b, *pkg;

			if (cds_startswith(l, "Start-Date: ")) {
				free(date);
				date = cds_xstrdup(l + 12);
				continue;
			}
			if (!cds_startswith(l, "Upgrade: ") &&
			    !cds_startswith(l, "Install: ")) {
				continue;
			}
			if ((pkg = strstr(l, "nvidia")) == NULL) {
				continue;
			}
			while (pkg > l && pkg[-1] != ' ') {
				pkg--;
			}
			free(r);
			r = cds_xasprintf("%s %.*s: %.*s", date != NULL ?
			    date : "?", (int)strcspn(l, ":"), l,
			    (int)strcspn(pkg, ")") + 1, pkg);
		}
		free(date);
	}
	cds_strfreev(blocks);
	return r;
}

static int
is_mounted(char *const *mounts, const char *path)
{
	for (; *mounts != NULL; mounts++) {
		if (strcmp(*mounts, path) == 0) {
			return 1;
		}
	}
	return 0;
}

/* F19 in a container: libraries the runtime mounted in from the host
 * (BOUND) are the host's, upgraded without a reboot there (nvidia-
 * container-toolkit#394); others are the image's own, or put first by
 * its LD_LIBRARY_PATH (NVIDIA/NeMo-Aligner#336): fixed in the image. */
static void
container_mismatch_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    int bound)
{
	if (bound) {
		cds_finding_evidence(f, "fix on", "the host: its driver's "
		    "libraries, mounted in, are newer than its loaded module");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the host: "
		    "sudo reboot (or reload the nvidia modules); run "
		    "cudnn-setup doctor there");
		return;
	}
	cds_finding_evidence(f, "fix on", "the container's image: these "
	    "driver libraries are not the ones the runtime mounts from the "
	    "host");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "in the image: remove "
	    "the driver's libraries (apt-get remove 'libnvidia-compute-*', or "
	    "the copied files) and any LD_LIBRARY_PATH entry that puts them "
	    "first; the NVIDIA runtime mounts the host's (%s)",
	    c->s->driver.module_version);
}

/* F19: the kernel module is one version and the user-space libraries
 * (NVML, libcuda) another: an upgrade replaced the libraries while the
 * old module stays loaded until a reboot. */
static void
rule_nvml_mismatch(struct cds_rule_ctx *c)
{
	static const char *const libs[] = { "libnvidia-ml.so.1",
		"libcuda.so.1", NULL };
	const struct cds_driver *d = &c->s->driver;
	struct cds_libpath *lp;
	const char *const *l;
	struct cds_finding *f = NULL;
	int copied, bound = 0;

	if (d->module_version == NULL) {
		return;
	}
	lp = cds_libpath_for(c, NULL, NULL);
	{
		char *creal, *cver;
		int ci;

		/* a forward-compatibility copy is F17's (error 803) */
		copied = compat_copy(c, lp, &ci, &creal, &cver);
		free(creal);
		free(cver);
	}
	for (l = libs; *l != NULL; l++) {
		char *real, *ver;
		int i = find_libcuda(c, lp, *l, &real);

		ver = i >= 0 ? driver_file_version(real) : NULL;
		if (ver == NULL || strstr(real, "/compat/") != NULL ||
		    strcmp(ver, d->module_version) == 0 ||
		    (copied && strcmp(*l, "libcuda.so.1") == 0)) {
			free(ver);
			free(real);
			continue;
		}
		if (f == NULL) {
			f = cds_finding_add(c, "F19", CDS_SEV_ERROR,
			    "kernel module %s, but %s is %s: reboot required",
			    d->module_version, *l, ver);
			cds_finding_evidence(f, "kernel module", "%s "
			    "(/proc/driver/nvidia/version)", d->module_version);
		}
		cds_finding_evidence(f, *l, "%s (%s)", real, ver);
		bound += is_mounted(c->s->container.driver_mounts, real);
		free(ver);
		free(real);
	}
	cds_libpath_free(lp);
	if (f == NULL) {
		return;
	}
	{
		char *apt = apt_nvidia_entry(c->h);

		if (apt != NULL) {
			cds_finding_evidence(f, "apt history", "%s", apt);
		}
		free(apt);
	}
	if (cds_in_container(&c->s->container)) {
		container_mismatch_fix(c, f, bound);
		return;
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo reboot  # or: "
	    "sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo "
	    "modprobe nvidia");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "then keep upgrades "
	    "from doing it again: sudo apt-mark hold $(dpkg -l '*nvidia*' | "
	    "awk '/^ii/ {print $2}')");
}

/* F4: cuDNN 8 dlopens the unversioned "libcuda.so", the driver's
 * development link; minimal containers and WSL have only libcuda.so.1. */
static void
rule_libcuda_devlink(struct cds_rule_ctx *c)
{
	struct cds_libpath *lp;
	struct cds_finding *f;
	const struct cds_cudnn *eight = NULL;
	char *real, *dir, *link;
	size_t k;
	int i;

	for (k = 0; k < c->s->ncudnns && eight == NULL; k++) {
		if (c->s->cudnns[k].major == 8) {
			eight = &c->s->cudnns[k];
		}
	}
	if (eight == NULL) {
		return;
	}
	lp = cds_libpath_for(c, NULL, NULL);
	i = find_libcuda(c, lp, "libcuda.so.1", &real);
	if (i < 0 || strstr(real, "/stubs/") != NULL ||
	    cds_libpath_find(c, lp, "libcuda.so") >= 0) {
		free(real);
		cds_libpath_free(lp);
		return;
	}
	f = cds_finding_add(c, "F4", CDS_SEV_ERROR, "no libcuda.so on the "
	    "loader's path, only %s/libcuda.so.1: cuDNN %s cannot load",
	    lp->dirs[i].dir, eight->version != NULL ? eight->version : "8");
	cds_finding_evidence(f, "libcuda.so.1", "%s/libcuda.so.1 -> %s",
	    lp->dirs[i].dir, real);
	cds_finding_evidence(f, "libcuda.so", "in none of the %zu searched "
	    "directories", lp->n);
	cds_finding_evidence(f, "cuDNN 8", "%s", eight->dir);
	if (strcmp(lp->dirs[i].dir, "/usr/lib/wsl/lib") == 0) {
		/* a read-only mount: the link goes into /usr/local/lib */
		dir = cds_xstrdup("/usr/local/lib");
		link = cds_path_join(dir, "libcuda.so");
		cds_finding_fix(f, CDS_FIX_SYMLINK, link,
		    "/usr/lib/wsl/lib/libcuda.so.1", "sudo ln -s "
		    "/usr/lib/wsl/lib/libcuda.so.1 %s && sudo ldconfig", link);
	} else {
		char *q;

		dir = cds_xstrdup(lp->dirs[i].dir);
		link = cds_path_join(dir, "libcuda.so");
		q = cds_shquote(link);
		cds_finding_fix(f, CDS_FIX_SYMLINK, link, "libcuda.so.1",
		    "sudo ln -s libcuda.so.1 %s", q);
		free(q);
	}
	free(link);
	free(dir);
	free(real);
	cds_libpath_free(lp);
}

/* ------------------------------------------------------------------------ */
/* The Xids of this boot                                                     */
/* ------------------------------------------------------------------------ */

/* How heavy NVIDIA's action for an Xid is: 2 for the GPU or the machine
 * (reset, reboot, a workflow, the vendor), 1 for the program (restart
 * it), 0 for nothing to do. */
static int
xid_weight(const char *action)
{
	if (action == NULL || strcmp(action, "IGNORE") == 0 ||
	    strcmp(action, "XID_154") == 0) {
		return 0;
	}
	return strcmp(action, "RESTART_APP") == 0 ? 1 : 2;
}

/* GPU-XID: the NVIDIA kernel module logged Xids this boot ("NVRM: Xid
 * (PCI:0000:01:00): 79, ..."), each read in NVIDIA's Xid catalog
 * (manifests/data/xid.tsv): an error for a fault of the GPU or the
 * machine, a warning for a program's own. */
static void
rule_xid_log(struct cds_rule_ctx *c)
{
	char *log = cds_boot_log(c->h), *at, *line = NULL;
	const struct cds_code *worst = NULL;
	struct cds_finding *f = NULL;
	long seen[16];
	size_t nseen = 0, times[16], i;
	int w = -1;

	for (at = log; at != NULL && (at = strstr(at, "NVRM: Xid (")) != NULL;
	    at++) {
		const char *q = strstr(at, "): "), *eol = strchr(at, '\n');
		const struct cds_code *x;
		long v;

		if (q == NULL || (eol != NULL && q > eol) ||
		    !isdigit((unsigned char)q[3])) {
			continue;
		}
		v = strtol(q + 3, NULL, 10);
		for (i = 0; i < nseen && seen[i] != v; i++) {
		}
		if (i == nseen && nseen < sizeof(seen) / sizeof(seen[0])) {
			seen[nseen] = v;
			times[nseen++] = 0;
		}
		if (i < nseen) {
			times[i]++;
		}
		x = cds_code_of("Xid", 0, v);
		if (x != NULL && xid_weight(x->action) > w) {
			w = xid_weight(x->action);
			worst = x;
			free(line);
			line = cds_xstrndup(at, eol != NULL ? (size_t)(eol - at) :
			    strlen(at));
		}
	}
	if (worst == NULL || w == 0) {
		free(log);
		free(line);
		return;
	}
	f = cds_finding_add(c, "GPU-XID", w == 2 ? CDS_SEV_ERROR :
	    CDS_SEV_WARNING, "the NVIDIA driver logged Xid %ld this boot: %s",
	    worst->value, worst->text[0] != '\0' ? worst->text :
	    worst->name);
	for (i = 0; i < nseen; i++) {
		const struct cds_code *x = cds_code_of("Xid", 0, seen[i]);

		cds_finding_evidence(f, "Xid", "%ld %s, %zu time%s; NVIDIA's "
		    "action: %s", seen[i], x != NULL ? x->name : "(not in the "
		    "catalog)", times[i], times[i] == 1 ? "" : "s",
		    x != NULL && x->action != NULL ? x->action : "none given");
	}
	cds_finding_evidence(f, "line", "%.240s", line);
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "%s", w == 2 ?
	    "reset the GPU (sudo nvidia-smi -r) or reboot; if it comes back, "
	    "have its power, cooling and seating checked" :
	    "restart the program (its own fault on the GPU)");
	free(log);
	free(line);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_driver[] = {
	{ "NO-DRIVER", N_("no usable NVIDIA driver"), NULL,
	    rule_no_driver },
	{ "F20", N_("an NVIDIA GPU is present but its kernel module is not "
	    "loaded"), "F20", rule_no_module },
	{ "NO-MODULE", N_("the NVIDIA driver's libraries are installed but "
	    "its kernel module is not loaded"), NULL,
	    rule_libs_no_module },
	{ "STUB-LIBCUDA", N_("a stub libcuda is what programs would load"),
	    NULL, rule_stub_libcuda },
	{ "WSL-LIB-PATH", N_("WSL2: the driver's library dir is not searched"),
	    "F4", rule_wsl_path },
	{ "WSL-DXCORE", N_("WSL2 or a GPU-PV guest cannot reach the GPU "
	    "through DirectX"), NULL, rule_wsl_dxcore },
	{ "F16", N_("the driver is too old for this CUDA version"), "F16",
	    rule_driver_too_old },
	{ "CUDA-LINK", N_("the cuda link points to a missing or partial "
	    "toolkit"), NULL, rule_cuda_link },
	{ "F17", N_("a forward-compatibility libcuda is on the path"), "F17",
	    rule_compat_libcuda },
	{ "F18", N_("NVSwitch system without a matching fabric manager"),
	    "F18", rule_fabricmanager },
	{ "F19", N_("the driver's libraries and its kernel module differ"),
	    "F19", rule_nvml_mismatch },
	{ "F4", N_("cuDNN 8 needs libcuda.so, only libcuda.so.1 is there"),
	    "F4", rule_libcuda_devlink },
	{ "GPU-XID", N_("the NVIDIA driver logged GPU errors (Xid) this "
	    "boot"), NULL, rule_xid_log },
	{ NULL, NULL, NULL, NULL }
};
