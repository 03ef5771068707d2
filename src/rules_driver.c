/*
 * rules_driver.c - doctor's rules about the driver: none, a stub, WSL2,
 * and a driver too old for a toolkit or a framework.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "manifest.h"

/* F20 / no driver: no kernel module and no libcuda.so.1.  An error when an
 * NVIDIA GPU is on the PCI bus, a warning on a machine without one (an
 * image being prepared, a CI host): installs work, programs cannot run. */
void
cds_rule_no_driver(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;

	if (d->state != CDS_DRIVER_NO_MODULE &&
	    d->state != CDS_DRIVER_NO_LIBRARY) {
		return;
	}
	if (d->wsl && !d->wsl_lib_on_path) {
		return;	/* WSL-LIB-PATH names the cause */
	}
	if (d->state == CDS_DRIVER_NO_MODULE) {
		f = cds_finding_add(c, "NO-DRIVER", c->s->nvidia_pci > 0 ?
		    CDS_SEV_ERROR : CDS_SEV_WARNING,
		    "no NVIDIA kernel module is loaded%s",
		    c->s->nvidia_pci > 0 ? " although an NVIDIA GPU is "
		    "present" : " and no NVIDIA GPU is on the PCI bus");
		cds_finding_evidence(f, "kernel module",
		    "/proc/driver/nvidia/version and "
		    "/sys/module/nvidia/version are absent");
		cds_finding_evidence(f, "NVIDIA PCI devices", "%d",
		    c->s->nvidia_pci);
	} else {
		f = cds_finding_add(c, "NO-DRIVER", CDS_SEV_ERROR,
		    "the NVIDIA kernel module %s is loaded but the loader "
		    "finds no libcuda.so.1", d->module_version);
		cds_finding_evidence(f, "kernel module", "%s",
		    d->module_version);
	}
	cds_finding_evidence(f, "libcuda.so.1", "not found by the loader");
	if (c->s->nvidia_pci > 0 && d->state == CDS_DRIVER_NO_MODULE) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "sudo dkms autoinstall && sudo modprobe nvidia  "
		    "# or reinstall the driver; with Secure Boot, enroll "
		    "the module key (mokutil)");
	} else if (d->state == CDS_DRIVER_NO_LIBRARY) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "install the user-space driver package of version %s "
		    "(libnvidia-compute / nvidia-driver-libs)",
		    d->module_version);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "run CUDA programs on a machine with an NVIDIA GPU and "
		    "driver");
	}
}

/* A stub libcuda (a toolkit's lib64/stubs) is found where programs look
 * at run time: every CUDA call then fails with error 34.  On
 * LIBRARY_PATH alone it only serves the linker, which is its purpose. */
void
cds_rule_stub_libcuda(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;
	int runtime;

	if (d->stub_path == NULL) {
		return;
	}
	runtime = d->state == CDS_DRIVER_STUB || (d->stub_via != NULL &&
	    strcmp(d->stub_via, "LIBRARY_PATH") != 0);
	if (!runtime) {
		return;
	}
	f = cds_finding_add(c, "STUB-LIBCUDA", CDS_SEV_ERROR,
	    "the stub %s is reachable at run time%s%s", d->stub_path,
	    d->stub_via != NULL ? " via " : "",
	    d->stub_via != NULL ? d->stub_via : "");
	cds_finding_evidence(f, "stub", "%s", d->stub_path);
	if (d->stub_via != NULL) {
		cds_finding_evidence(f, "put there by", "%s", d->stub_via);
	}
	if (d->init_error != 0) {
		cds_finding_evidence(f, "cuInit", "error %d%s", d->init_error,
		    d->init_error == 34 ? " (CUDA_ERROR_STUB_LIBRARY)" : "");
	}
	{
		char *dir = cds_dirname(d->stub_path);

		cds_finding_fix(f, CDS_FIX_REMOVE_PATH, dir, NULL,
		    "export LD_LIBRARY_PATH=$(printf %%s \"$LD_LIBRARY_PATH\" "
		    "| tr : '\\n' | grep -vx %s | paste -sd:)", dir);
		free(dir);
	}
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
void
cds_rule_wsl_path(struct cds_rule_ctx *c)
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

static void
check_cuda(struct cds_rule_ctx *c, const char *what, const char *where,
    const char *cuda)
{
	const struct cds_driver *d = &c->s->driver;
	const char *floor;
	struct cds_finding *f;
	char buf[16];
	const char *max = driver_cuda(c, buf);

	if (cuda == NULL || cds_cuda_int(cuda) <= 0) {
		return;
	}
	if (max != NULL) {
		/* the driver API's number is authoritative (F30) */
		if (cds_cuda_int(cuda) <= d->cuda_version) {
			return;
		}
		f = cds_finding_add(c, "F16", CDS_SEV_ERROR,
		    "%s needs CUDA %s but the driver supports CUDA %s at "
		    "most", what, cuda, max);
	} else {
		if (d->module_version == NULL || c->m == NULL) {
			return;
		}
		floor = cds_manifest_driver_floor(c->m, cuda);
		if (floor == NULL || cds_vercmp(d->module_version, floor) >= 0) {
			return;
		}
		f = cds_finding_add(c, "F16", CDS_SEV_ERROR,
		    "%s needs CUDA %s, which needs driver %s or newer; this "
		    "driver is %s", what, cuda, floor, d->module_version);
		cds_finding_evidence(f, "minimum driver", "%s", floor);
	}
	cds_finding_evidence(f, "needs CUDA", "%s (%s)", cuda, where);
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "driver", "%s", d->module_version);
	}
	if (max != NULL) {
		cds_finding_evidence(f, "driver supports CUDA", "%s", max);
	}
	floor = c->m != NULL ? cds_manifest_driver_floor(c->m, cuda) : NULL;
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "upgrade the NVIDIA driver to %s or newer, or use a build for "
	    "an older CUDA", floor != NULL ? floor : "a newer release");
}

/* F16: a toolkit or a framework needs a newer CUDA than the driver. */
void
cds_rule_driver_too_old(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	size_t i, k;

	if (s->driver.module_version == NULL && s->driver.cuda_version == 0) {
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
		    t->version_source : "toolkit", t->version);
		free(what);
	}
	for (i = 0; i < s->nenvs; i++) {
		const struct cds_env *e = &s->envs[i];

		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];
			char *what, *where;

			if (p->kind == CDS_FW_OTHER || p->cuda == NULL) {
				continue;
			}
			what = cds_xasprintf("%s %s in env %s", p->name,
			    p->version, e->name);
			where = cds_xasprintf("built for CUDA %s", p->cuda);
			check_cuda(c, what, where, p->cuda);
			free(where);
			free(what);
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];
		char *what;

		if (p->kind == CDS_FW_OTHER || p->cuda == NULL) {
			continue;
		}
		what = cds_xasprintf("%s %s in %s", p->name, p->version,
		    p->location);
		check_cuda(c, what, "system Python", p->cuda);
		free(what);
	}
}

/* /usr/local/cuda points to a directory that is gone, or to one without
 * a runtime library (a half-removed toolkit). */
void
cds_rule_cuda_link(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	struct cds_finding *f;
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
	if (i == s->ntoolkits) {
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
