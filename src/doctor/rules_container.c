/*
 * rules_container.c - doctor's rules about containers.  Inside one: the
 * GPU's passthrough judged from the host module's /proc entry, the open()
 * of /dev/nvidiactl, where libcuda.so.1 resolves and
 * NVIDIA_DRIVER_CAPABILITIES, each naming the missing piece and the fix
 * on the host's side (how the container is started), never a driver
 * installed inside (CTR-*).  On a host with a container engine and an
 * NVIDIA driver: the container toolkit, its configuration for the
 * engines there, the CDI spec against the loaded driver, and the
 * /dev/char links the systemd cgroup driver needs (CTK-*).  Facts and
 * fixes: research containers.md (the failures of its section b, the
 * marks of a.1) and the sources it cites.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "scan/container.h"
#include "doctor/findings.h"
#include "read/pkgdb.h"
#include "scan/scan.h"

/* ------------------------------------------------------------------------ */
/* Inside a container                                                        */
/* ------------------------------------------------------------------------ */

/* Evidence: the runtime and the first mark that told it. */
static void
evidence_container(struct cds_finding *f, const struct cds_container *ct)
{
	cds_finding_evidence(f, "container", "%s%s%s%s", ct->runtime,
	    ct->nevidence > 0 ? " (" : "", ct->nevidence > 0 ?
	    ct->evidence[0].value : "", ct->nevidence > 0 ? ")" : "");
	cds_finding_evidence(f, "GPU passed by", "%s", ct->gpu_mechanism);
}

/* How to start a container of RUNTIME with the GPU: the host's side. */
static const char *
start_with_gpu(const struct cds_container *ct)
{
	if (cds_streq(ct->sandbox, "gvisor")) {
		/* gvisor.dev's GPU guide: nvproxy, off unless asked for */
		return "start it with the GPU under gVisor: runsc passes the "
		    "GPU only with --nvproxy (in the runsc runtime's "
		    "runtimeArgs in /etc/docker/daemon.json, or the runtime "
		    "handler's runsc.toml for containerd), then docker run "
		    "--runtime=runsc --gpus all ... on a host driver that "
		    "runsc nvproxy list-supported-drivers names";
	}
	if (strcmp(ct->runtime, "podman") == 0) {
		return "start it with the GPU: podman run --device "
		    "nvidia.com/gpu=all ... (CDI; the host needs a spec: sudo "
		    "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml)";
	}
	if (strcmp(ct->runtime, "kubernetes") == 0) {
		return "request the GPU in the pod: resources: limits: "
		    "nvidia.com/gpu: 1 (the NVIDIA device plugin on the node), "
		    "with runtimeClassName: nvidia where the nvidia runtime is "
		    "not the node's default";
	}
	if (strcmp(ct->runtime, "apptainer") == 0) {
		return "start it with the GPU: apptainer exec --nv IMAGE ... "
		    "(or --nvccli)";
	}
	if (ct->visible_devices == NULL) {
		/* an image not built FROM nvidia/cuda asks for nothing */
		return "start it with the GPU: docker run --gpus all ... (or "
		    "--runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all -e "
		    "NVIDIA_DRIVER_CAPABILITIES=compute,utility, or CDI: "
		    "--device nvidia.com/gpu=all)";
	}
	return "start it with the GPU: docker run --gpus all ... (or "
	    "--runtime=nvidia, or CDI: --device nvidia.com/gpu=all)";
}

/* NVIDIA_VISIBLE_DEVICES void/none/empty: ENV-NVIDIA-VISIBLE's case,
 * except under CDI, which sets void itself. */
static int
visible_says_none(const struct cds_container *ct)
{
	const char *v = ct->visible_devices;

	return v != NULL && (*v == '\0' || strcasecmp(v, "void") == 0 ||
	    strcasecmp(v, "none") == 0) && !cds_streq(ct->gpu_mechanism,
	    "cdi");
}

/*
 * The GPU's passthrough in a container, where doctor on a host would say
 * "install the user-space driver" of a missing libcuda.so.1:
 * /dev/nvidiactl's open() tells which piece is missing.
 *   ENOENT  not passed in (a loaded host module shows in /proc):
 *           CTR-NO-GPU (containers.md b, row 11:
 *           AbdBarho/stable-diffusion-webui-docker#348);
 *   EPERM   the device cgroup lost it, as after systemctl daemon-reload
 *           with the systemd cgroup driver: CTR-CGROUP (NVIDIA/nvidia-
 *           container-toolkit#48, #251; opencontainers/runc#3708);
 *   ENXIO   a node with no driver behind it: CTR-NODE;
 *   EACCES  rootless or SELinux: CTR-PERM (nvidia-container-toolkit#210);
 *   opens   the device is here, the libraries are not: without compute
 *           in NVIDIA_DRIVER_CAPABILITIES, CTR-CAPS (mudler/LocalAI#11973);
 *           else CTR-NO-LIBS (--device /dev/nvidia* without the runtime,
 *           or a CDI spec without them).
 */
static void
rule_container_gpu(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	const struct cds_driver *d = &c->s->driver;
	const char *module = d->module_version;
	struct cds_finding *f;

	if (!cds_in_container(ct) || cds_streq(ct->gpu_mechanism, "wsl") ||
	    d->wsl) {
		return;
	}
	if ((ct->ctl_errno == ENOENT || ct->ctl_errno == 0) &&
	    d->libcuda_path != NULL && d->state != CDS_DRIVER_STUB) {
		if (ct->ctl_errno == 0 || module == NULL ||
		    visible_says_none(ct)) {
			return;	/* passed in; or ENV-NVIDIA-VISIBLE's case */
		}
	} else if (ct->ctl_errno == ENOENT && (module == NULL ||
	    visible_says_none(ct))) {
		/* no module: NO-DRIVER; void: ENV-NVIDIA-VISIBLE */
		return;
	}
	switch (ct->ctl_errno) {
	case ENOENT:
		f = cds_finding_add(c, "CTR-NO-GPU", CDS_SEV_ERROR, "this "
		    "container was started without the GPU: the host's NVIDIA "
		    "module %s is loaded, but /dev/nvidiactl%s %s not passed "
		    "in", module, d->libcuda_path == NULL ?
		    " and libcuda.so.1" : "", d->libcuda_path == NULL ?
		    "were" : "was");
		evidence_container(f, ct);
		cds_finding_evidence(f, "kernel module", "%s (the host's, "
		    "seen in /proc/driver/nvidia/version)", module);
		cds_finding_evidence(f, "/dev/nvidiactl", "absent (ENOENT)");
		if (d->libcuda_path == NULL) {
			cds_finding_evidence(f, "libcuda.so.1", "not found by "
			    "the loader");
		} else {
			cds_finding_evidence(f, "libcuda.so.1", "%s (in the "
			    "image, or mounted without the devices)",
			    d->libcuda_path);
		}
		cds_finding_evidence(f, "NVIDIA_VISIBLE_DEVICES", "%s",
		    ct->visible_devices != NULL ? ct->visible_devices :
		    "unset: the image does not ask the NVIDIA runtime for a "
		    "GPU");
		cds_finding_evidence(f, "fix on", "the host: how the container "
		    "is started; the driver's libraries come from the host, "
		    "never install them in the image");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "%s",
		    start_with_gpu(ct));
		break;
	case EPERM:
		f = cds_finding_add(c, "CTR-CGROUP", CDS_SEV_ERROR, "the "
		    "device cgroup denies /dev/nvidiactl: the container lost "
		    "its GPU (NVML says \"Unknown Error\"), as after "
		    "systemctl daemon-reload on a host with the systemd "
		    "cgroup driver");
		evidence_container(f, ct);
		cds_finding_evidence(f, "/dev/nvidiactl", "%s, open() fails "
		    "with EPERM", ct->ctl_chardev ? "a character device" :
		    "present");
		cds_finding_evidence(f, "fix on", "the host, then recreate "
		    "the container");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the host: "
		    "sudo nvidia-ctk system create-dev-char-symlinks "
		    "--create-all, then recreate the container (or start it "
		    "with CDI: --device nvidia.com/gpu=all, or use the "
		    "cgroupfs driver: \"exec-opts\": "
		    "[\"native.cgroupdriver=cgroupfs\"] in "
		    "/etc/docker/daemon.json)");
		break;
	case ENXIO:
	case ENODEV:
		f = cds_finding_add(c, "CTR-NODE", CDS_SEV_ERROR,
		    "/dev/nvidiactl is here but no NVIDIA driver is behind "
		    "it: the host has no NVIDIA driver loaded, or the node was "
		    "made in the image");
		evidence_container(f, ct);
		cds_finding_evidence(f, "/dev/nvidiactl", "%s, open() fails "
		    "with %s", ct->ctl_chardev ? "a character device" :
		    "present", ct->ctl_errno == ENXIO ? "ENXIO" : "ENODEV");
		cds_finding_evidence(f, "kernel module", "%s", module != NULL ?
		    module : "none visible");
		cds_finding_evidence(f, "fix on", "the host: load its driver "
		    "(run cudnn-setup doctor there)");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the host: "
		    "run cudnn-setup doctor and load the NVIDIA driver; then "
		    "%s", start_with_gpu(ct));
		break;
	case EACCES:
		f = cds_finding_add(c, "CTR-PERM", CDS_SEV_ERROR, "no "
		    "permission to open /dev/nvidiactl (NVML says "
		    "\"Insufficient Permissions\"): a rootless container "
		    "without the device's group, or SELinux");
		evidence_container(f, ct);
		cds_finding_evidence(f, "/dev/nvidiactl", "open() fails with "
		    "EACCES");
		cds_finding_evidence(f, "rootless", "%s", ct->rootless ? "yes" :
		    "not detected");
		cds_finding_evidence(f, "fix on", "the host: how the container "
		    "is started");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "podman run "
		    "--device nvidia.com/gpu=all --group-add keep-groups ...; "
		    "with SELinux, on the host: sudo setsebool -P "
		    "container_use_devices true");
		break;
	default:
		if (d->libcuda_path != NULL) {
			return;	/* an errno that names no piece */
		}
		if (!cds_container_has_cap(ct->capabilities, "compute")) {
			f = cds_finding_add(c, "CTR-CAPS", CDS_SEV_ERROR,
			    "NVIDIA_DRIVER_CAPABILITIES=%s lacks compute: the "
			    "runtime passed the GPU%s but not libcuda.so.1",
			    ct->capabilities, d->nvml_path != NULL ?
			    " and NVML (nvidia-smi works)" : "");
			evidence_container(f, ct);
			cds_finding_evidence(f, "NVIDIA_DRIVER_CAPABILITIES",
			    "%s", ct->capabilities);
			if (d->nvml_path != NULL) {
				cds_finding_evidence(f, "libnvidia-ml.so.1",
				    "%s", d->nvml_path);
			}
			cds_finding_evidence(f, "libcuda.so.1", "not found "
			    "by the loader");
			cds_finding_evidence(f, "fix on", "how the container "
			    "is started (run options, compose file or the "
			    "image's ENV)");
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "start "
			    "the container with -e NVIDIA_DRIVER_CAPABILITIES="
			    "compute,utility (compose: capabilities: [gpu, "
			    "compute, utility])");
			break;
		}
		f = cds_finding_add(c, "CTR-NO-LIBS", CDS_SEV_ERROR, "the "
		    "GPU's device nodes are in this container but the driver's "
		    "libraries are not: libcuda.so.1 is not found");
		evidence_container(f, ct);
		cds_finding_evidence(f, "/dev/nvidiactl", "%s", ct->ctl_errno ==
		    0 ? "opens" : strerror(ct->ctl_errno));
		cds_finding_evidence(f, "libcuda.so.1", "not found by the "
		    "loader");
		cds_finding_evidence(f, "fix on", "the host: the driver's "
		    "libraries come from the host's driver, never from the "
		    "image");
		if (cds_streq(ct->gpu_mechanism, "cdi")) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the "
			    "host: regenerate the CDI spec: sudo nvidia-ctk "
			    "cdi generate --output=/etc/cdi/nvidia.yaml, then "
			    "restart the container");
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "%s, not "
			    "--device /dev/nvidia* alone: the NVIDIA runtime "
			    "mounts the driver's libraries of the host's "
			    "version", start_with_gpu(ct));
		}
		break;
	}
}

/* ------------------------------------------------------------------------ */
/* On a host with a container engine                                          */
/* ------------------------------------------------------------------------ */

static int
has_engine(const struct cds_container *ct, const char *name)
{
	char **e;

	for (e = ct->engines; *e != NULL; e++) {
		if (strcmp(*e, name) == 0) {
			return 1;
		}
	}
	return 0;
}

/* The container toolkit's programs (nvidia-container-toolkit's
 * packages): the first found, or NULL. */
static const char *
toolkit_program(const cds_handle_t *h)
{
	static const char *const progs[] = {
		"/usr/bin/nvidia-ctk", "/usr/bin/nvidia-container-runtime-hook",
		"/usr/bin/nvidia-container-runtime",
		"/usr/bin/nvidia-container-cli", "/usr/local/bin/nvidia-ctk",
		NULL
	};
	size_t i;

	for (i = 0; progs[i] != NULL; i++) {
		if (cds_root_is_exec(h, progs[i])) {
			return progs[i];
		}
	}
	return NULL;
}

/* Host checks apply with an engine and an NVIDIA driver here. */
static int
host_applies(const struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;

	return strcmp(ct->runtime, "none") == 0 && ct->engines[0] != NULL &&
	    c->s->driver.module_version != NULL;
}

static char *
engine_list(const struct cds_container *ct)
{
	struct cds_buf b = {0};
	char **e;

	for (e = ct->engines; *e != NULL; e++) {
		cds_buf_addf(&b, "%s%s", e == ct->engines ? "" : ", ", *e);
	}
	return cds_buf_steal(&b);
}

/*
 * CTK-MISSING: an engine and a driver, no container toolkit: docker run
 * --gpus fails with 'could not select device driver "" with
 * capabilities: [[gpu]]' (NVIDIA/nvidia-docker#1642, OpenBMB/XAgent#273).
 * CTK-DOCKER: docker without the nvidia runtime in daemon.json
 * (--runtime=nvidia, compose's runtime: nvidia).  CTK-CONTAINERD: a
 * Kubernetes node whose containerd has no nvidia runtime handler
 * (NVIDIA/k8s-device-plugin#1805).
 */
static void
rule_container_toolkit(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	const char *prog;
	struct cds_finding *f;
	char *engines, *conf;

	if (!host_applies(c)) {
		return;
	}
	engines = engine_list(ct);
	if ((prog = toolkit_program(c->h)) == NULL) {
		f = cds_finding_add(c, "CTK-MISSING", CDS_SEV_WARNING, "%s "
		    "%s here but not the NVIDIA Container Toolkit: containers "
		    "cannot get the GPU", engines, strchr(engines, ',') !=
		    NULL ? "are" : "is");
		cds_finding_evidence(f, "engines", "%s", engines);
		cds_finding_evidence(f, "kernel module", "%s",
		    c->s->driver.module_version);
		cds_finding_evidence(f, "toolkit", "none of nvidia-ctk, "
		    "nvidia-container-runtime-hook, nvidia-container-cli");
		if (cds_root_exists(c->h, "/snap/bin/docker") &&
		    !cds_root_exists(c->h, "/usr/bin/dockerd")) {
			cds_finding_evidence(f, "docker", "the snap "
			    "(/snap/bin/docker): it does not see a toolkit "
			    "installed by apt");
		}
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo apt-get "
		    "install nvidia-container-toolkit (from NVIDIA's "
		    "repository), then sudo nvidia-ctk runtime configure "
		    "--runtime=%s and restart it", has_engine(ct, "docker") ?
		    "docker" : has_engine(ct, "containerd") ? "containerd" :
		    "docker");
		free(engines);
		return;
	}
	free(engines);
	if (has_engine(ct, "docker") && cds_root_exists(c->h,
	    "/etc/docker")) {
		conf = cds_root_read_file(c->h, "/etc/docker/daemon.json",
		    1 << 20, NULL);
		if (conf == NULL || strstr(conf, "nvidia-container-runtime") ==
		    NULL) {
			f = cds_finding_add(c, "CTK-DOCKER", CDS_SEV_NOTE,
			    "docker has no nvidia runtime: --gpus works "
			    "through the toolkit's hook, --runtime=nvidia (and "
			    "compose's runtime: nvidia) does not");
			cds_finding_evidence(f, "toolkit", "%s", prog);
			cds_finding_evidence(f, "/etc/docker/daemon.json",
			    "%s", conf == NULL ? "absent" : "names no "
			    "nvidia-container-runtime");
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo "
			    "nvidia-ctk runtime configure --runtime=docker && "
			    "sudo systemctl restart docker");
		}
		free(conf);
	}
	if (has_engine(ct, "containerd") && (cds_root_is_exec(c->h,
	    "/usr/bin/kubelet") || cds_root_is_exec(c->h,
	    "/usr/local/bin/kubelet"))) {
		conf = cds_root_read_file(c->h, "/etc/containerd/config.toml",
		    1 << 20, NULL);
		if (conf == NULL || strstr(conf, "nvidia") == NULL) {
			f = cds_finding_add(c, "CTK-CONTAINERD",
			    CDS_SEV_WARNING, "this Kubernetes node's "
			    "containerd has no nvidia runtime: the device "
			    "plugin and GPU pods cannot load NVML");
			cds_finding_evidence(f, "/etc/containerd/config.toml",
			    "%s", conf == NULL ? "absent" : "names no nvidia "
			    "runtime");
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo "
			    "nvidia-ctk runtime configure --runtime=containerd "
			    "&& sudo systemctl restart containerd");
		}
		free(conf);
	}
}

/*
 * CTK-VERSION: installed toolkit releases whose behaviour in containers
 * changed (research containers.md, facts 3 and 5, b row 16), from dpkg's
 * database, each with its source:
 *   1.17.4 to 1.17.6: compat libraries an image carries (cuda-compat-*)
 *     are no longer mounted over the host's libcuda (--no-cntlibs,
 *     NVIDIA/nvidia-container-toolkit PR #877, CVE-2025-23359; the
 *     workloads it broke: #934); the feature flag
 *     allow-cuda-compat-libs-from-container opts back in, and 1.17.7
 *     adds cuda-compat-mode (CHANGELOG.md, PR #1055).
 *   1.18.x: the nvidia runtime defaults to jit-cdi while docker --gpus
 *     still resolves to legacy (CHANGELOG.md v1.18.0-rc.1); containers
 *     that worked under legacy fail (#1456); not said when the toolkit's
 *     config.toml names its mode.
 *   1.19.1: cuInit fails with CUDA_ERROR_UNKNOWN inside containers
 *     while 1.19.0 works (#1967: "Downgrading both packages back to
 *     1.19.0-1 fixes the issue").
 */
static const struct ctk_release {
	const char *from, *before;	/* upstream versions: [from, before) */
	int sev;
	int unless_mode;	/* silent when config.toml sets the mode */
	const char *what, *known, *fix;
} ctk_releases[] = {
	{ "1.17.4", "1.17.7", CDS_SEV_NOTE, 0,
	  "an image's CUDA forward-compat libraries (cuda-compat-*) are no "
	  "longer used over the host's libcuda",
	  "NVIDIA/nvidia-container-toolkit#877 (CVE-2025-23359), #934",
	  "if an image needs its compat libraries: set "
	  "allow-cuda-compat-libs-from-container = true under [features] in "
	  "/etc/nvidia-container-runtime/config.toml, or upgrade the toolkit "
	  "to 1.17.7 or later (cuda-compat-mode)" },
	{ "1.18.0", "1.19.0", CDS_SEV_NOTE, 1,
	  "--runtime=nvidia now injects the GPU by CDI (jit-cdi) while docker "
	  "--gpus stays legacy; some containers that worked under legacy "
	  "fail under CDI",
	  "NVIDIA/nvidia-container-toolkit CHANGELOG v1.18.0-rc.1, #1456",
	  "if a container fails since this upgrade: sudo nvidia-ctk config "
	  "--in-place --set nvidia-container-runtime.mode=legacy (mode = "
	  "\"legacy\" under [nvidia-container-runtime] in "
	  "/etc/nvidia-container-runtime/config.toml)" },
	{ "1.19.1", "1.19.2", CDS_SEV_WARNING, 0,
	  "CUDA fails to initialise in containers under this release "
	  "(cuInit: CUDA_ERROR_UNKNOWN); 1.19.0 works",
	  "NVIDIA/nvidia-container-toolkit#1967",
	  "sudo apt-get install --allow-downgrades "
	  "nvidia-container-toolkit=1.19.0-1 "
	  "nvidia-container-toolkit-base=1.19.0-1 "
	  "libnvidia-container1=1.19.0-1 "
	  "libnvidia-container-tools=1.19.0-1" },
};

/* dpkg's VERSION without its revision or tilde suffix ("1.17.4-1" ->
 * "1.17.4", "1.18.0~rc.1-1" -> "1.18.0"), in BUF of SIZE. */
static const char *
upstream_version(const char *version, char *buf, size_t size)
{
	size_t n = strcspn(version, "-~");

	n = n < size - 1 ? n : size - 1;
	memcpy(buf, version, n);
	buf[n] = '\0';
	return buf;
}

/* The value of KEY in [SECTION] of the toolkit's config.toml, as written
 * after '=' up to a comment (a line that is no comment itself); new
 * string, or NULL. */
static char *
ctk_config_get(cds_handle_t *h, const char *section, const char *key)
{
	char *text = cds_root_read_file(h,
	    "/etc/nvidia-container-runtime/config.toml", 1u << 20, NULL);
	char **lines, **l, *value = NULL;
	size_t n = strlen(key);
	int in = 0;

	if (text == NULL) {
		return NULL;
	}
	lines = cds_strsplit(text, "\n", 0);
	for (l = lines; *l != NULL && value == NULL; l++) {
		const char *t = *l + strspn(*l, " \t");

		if (*t == '[') {
			in = strncmp(t + 1, section, strlen(section)) == 0 &&
			    t[1 + strlen(section)] == ']';
		} else if (in && strncmp(t, key, n) == 0 &&
		    t[n + strspn(t + n, " \t")] == '=') {
			t += n + strspn(t + n, " \t") + 1;
			value = cds_xstrdup(t + strspn(t, " \t"));
			value[strcspn(value, "#")] = '\0';
			(void)cds_strtrim(value);	/* the end only */
		}
	}
	cds_strfreev(lines);
	free(text);
	return value;
}

/* Does the toolkit's config.toml set nvidia-container-runtime's mode? */
static int
ctk_mode_set(cds_handle_t *h)
{
	char *mode = ctk_config_get(h, "nvidia-container-runtime", "mode");

	free(mode);
	return mode != NULL;
}

static void
rule_container_ctk_version(struct cds_rule_ctx *c)
{
	static const char *const pkgs[] = {
		"nvidia-container-toolkit", "libnvidia-container1", NULL
	};
	const struct cds_pkgdb *db;
	const struct cds_dpkg *p = NULL;
	const struct ctk_release *r = NULL;
	struct cds_finding *f;
	char up[64];
	size_t i, k;

	if (!host_applies(c)) {
		return;
	}
	db = cds_scan_pkgdb(c->h, c->s);
	for (i = 0; pkgs[i] != NULL && r == NULL; i++) {
		p = cds_pkgdb_find(db, pkgs[i]);
		if (p == NULL || p->version == NULL ||
		    !cds_streq(p->status, "installed")) {
			continue;
		}
		upstream_version(p->version, up, sizeof(up));
		for (k = 0; k < sizeof(ctk_releases) /
		    sizeof(ctk_releases[0]) && r == NULL; k++) {
			const struct ctk_release *q = &ctk_releases[k];

			if (cds_vercmp(up, q->from) >= 0 &&
			    cds_vercmp(up, q->before) < 0) {
				r = q;
			}
		}
	}
	if (r == NULL || (r->unless_mode && ctk_mode_set(c->h))) {
		return;
	}
	f = cds_finding_add(c, "CTK-VERSION", r->sev, "%s %s: %s", p->name,
	    p->version, r->what);
	cds_finding_evidence(f, "package", "%s %s", p->name, p->version);
	cds_finding_evidence(f, "known", "%s", r->known);
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "%s", r->fix);
}

/* The driver version a CDI spec was generated for: the first
 * "libcuda.so.<version>" it names.  New string or NULL. */
static char *
spec_driver(const char *text)
{
	const char *p = text;

	while ((p = strstr(p, "libcuda.so.")) != NULL) {
		size_t n;

		p += strlen("libcuda.so.");
		n = strspn(p, "0123456789.");
		while (n > 0 && p[n - 1] == '.') {
			n--;
		}
		if (n > 0 && memchr(p, '.', n) != NULL) {
			return cds_xstrndup(p, n);
		}
	}
	return NULL;
}

/*
 * CTK-CDI: the CDI specs for the GPU, in the two directories the runtimes
 * read (/etc/cdi, /var/run/cdi): one generated for another driver than
 * the loaded one (stale after a driver upgrade), or none on a host with
 * podman (Error: setting up CDI devices: unresolvable CDI devices
 * nvidia.com/gpu=all; NVIDIA/nvidia-container-toolkit#146).
 */
static void
rule_container_cdi(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	const char *module = c->s->driver.module_version;
	static const char *const globs[] = {
		"/etc/cdi/*.yaml", "/etc/cdi/*.json", "/var/run/cdi/*.yaml",
		"/var/run/cdi/*.json", NULL
	};
	struct cds_finding *f;
	size_t i, specs = 0;

	if (!host_applies(c) || toolkit_program(c->h) == NULL) {
		return;
	}
	for (i = 0; globs[i] != NULL; i++) {
		char **g = cds_root_glob(c->h, globs[i]), **p;

		for (p = g; *p != NULL; p++) {
			char *text = cds_root_read_file(c->h, *p, 16u << 20,
			    NULL), *ver;

			if (text == NULL || strstr(text, "nvidia.com/gpu") ==
			    NULL) {
				free(text);
				continue;
			}
			specs++;
			ver = spec_driver(text);
			if (ver != NULL && strcmp(ver, module) != 0) {
				f = cds_finding_add(c, "CTK-CDI",
				    CDS_SEV_WARNING, "the CDI spec %s was "
				    "generated for driver %s; the loaded "
				    "driver is %s", *p, ver, module);
				cds_finding_evidence(f, "spec", "%s names "
				    "libcuda.so.%s", *p, ver);
				cds_finding_evidence(f, "kernel module", "%s",
				    module);
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "sudo nvidia-ctk cdi generate --output=%s",
				    *p);
			}
			free(ver);
			free(text);
		}
		cds_strfreev(g);
	}
	if (specs == 0 && has_engine(ct, "podman")) {
		f = cds_finding_add(c, "CTK-CDI", CDS_SEV_WARNING, "podman "
		    "is here but no CDI spec names the GPU: podman run "
		    "--device nvidia.com/gpu=all fails (unresolvable CDI "
		    "devices)");
		cds_finding_evidence(f, "spec", "none in /etc/cdi or "
		    "/var/run/cdi");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo nvidia-ctk "
		    "cdi generate --output=/etc/cdi/nvidia.yaml");
	}
}

/* The cgroup driver docker uses: from daemon.json's exec-opts, else its
 * default (systemd on cgroup v2, cgroupfs on v1).  *how says how it is
 * known. */
static const char *
docker_cgroup_driver(const cds_handle_t *h, const char **how)
{
	char *conf = cds_root_read_file(h, "/etc/docker/daemon.json", 1 << 20,
	    NULL);
	const char *r;

	if (conf != NULL && strstr(conf, "native.cgroupdriver=cgroupfs") !=
	    NULL) {
		*how = "/etc/docker/daemon.json";
		r = "cgroupfs";
	} else if (conf != NULL && strstr(conf,
	    "native.cgroupdriver=systemd") != NULL) {
		*how = "/etc/docker/daemon.json";
		r = "systemd";
	} else if (cds_root_exists(h, "/sys/fs/cgroup/cgroup.controllers")) {
		*how = "docker's default on cgroup v2";
		r = "systemd";
	} else {
		*how = "docker's default on cgroup v1";
		r = "cgroupfs";
	}
	free(conf);
	return r;
}

/*
 * CTK-DEV-CHAR: with the systemd cgroup driver, systemctl daemon-reload
 * re-applies a container's device rules from /dev/char links, and the
 * NVIDIA nodes have none: the container loses the GPU ("Failed to
 * initialize NVML: Unknown Error"; NVIDIA/nvidia-container-toolkit#48,
 * opencontainers/runc#3708).  The fix is NVIDIA's: the links.
 */
static void
rule_container_devchar(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	const char *driver = "systemd", *how = "containerd";
	char *path, *link;
	struct stat st;
	struct cds_finding *f;

	if (!host_applies(c) || (!has_engine(ct, "docker") &&
	    !has_engine(ct, "containerd"))) {
		return;
	}
	path = cds_rpath(c->h, "/dev/nvidiactl");
	if (stat(path, &st) == -1 || !S_ISCHR(st.st_mode)) {
		free(path);
		return;
	}
	free(path);
	if (has_engine(ct, "docker")) {
		driver = docker_cgroup_driver(c->h, &how);
	}
	if (strcmp(driver, "systemd") != 0) {
		return;
	}
	link = cds_xasprintf("/dev/char/%u:%u", major(st.st_rdev),
	    minor(st.st_rdev));
	if (!cds_root_exists(c->h, link)) {
		f = cds_finding_add(c, "CTK-DEV-CHAR", CDS_SEV_WARNING,
		    "%s is missing: with the systemd cgroup driver, "
		    "containers lose the GPU at the next systemctl "
		    "daemon-reload (NVML: \"Unknown Error\")", link);
		cds_finding_evidence(f, "device", "/dev/nvidiactl (%u:%u)",
		    major(st.st_rdev), minor(st.st_rdev));
		cds_finding_evidence(f, "cgroup driver", "%s (%s)", driver,
		    how);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo nvidia-ctk "
		    "system create-dev-char-symlinks --create-all");
	}
	free(link);
}

/* The system's docker daemon, enabled in systemd: the link that enables
 * it, or NULL.  Docker's rootless setup disables it first
 * (dockerd-rootless-setuptool.sh asks for systemctl disable --now
 * docker.service docker.socket). */
static const char *
rootful_docker(cds_handle_t *h)
{
	static const char *const links[] = {
		"/etc/systemd/system/multi-user.target.wants/docker.service",
		"/etc/systemd/system/sockets.target.wants/docker.socket",
		NULL
	};
	size_t i;

	for (i = 0; links[i] != NULL; i++) {
		if (cds_root_exists(h, links[i])) {
			return links[i];
		}
	}
	return NULL;
}

/*
 * CTK-NO-CGROUPS: the toolkit's no-cgroups, which a rootless engine needs
 * (libnvidia-container#154), also applies to a rootful docker's
 * containers: its hook then adds no device rules, and NVML fails with
 * "Unknown Error" unless the devices are passed in by hand (klueska,
 * NVIDIA/nvidia-docker#1608; elezar, nvidia-container-toolkit#381;
 * NVIDIA/dcgm-exporter#440).  A warning where the system's docker is
 * enabled, a note where only a rootless engine can be in use.
 */
static void
rule_container_no_cgroups(struct cds_rule_ctx *c)
{
	char *v;
	struct cds_finding *f;

	if (!host_applies(c) || !has_engine(&c->s->container, "docker") ||
	    c->s->container.rootless) {
		return;	/* in a user namespace no engine is rootful */
	}
	v = ctk_config_get(c->h, "nvidia-container-cli", "no-cgroups");
	if (v != NULL && strcmp(v, "true") == 0) {
		const char *unit = rootful_docker(c->h);

		f = cds_finding_add(c, "CTK-NO-CGROUPS", unit != NULL ?
		    CDS_SEV_WARNING : CDS_SEV_NOTE, "the container toolkit "
		    "sets no device rules (no-cgroups = true): a rootful "
		    "docker's GPU containers fail with NVML's \"Unknown "
		    "Error\"; only a rootless engine needs it");
		cds_finding_evidence(f, "/etc/nvidia-container-runtime/"
		    "config.toml", "[nvidia-container-cli] no-cgroups = %s", v);
		cds_finding_evidence(f, "rootful docker", "%s", unit != NULL ?
		    unit : "not enabled in systemd (a rootless one only)");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "for a rootful "
		    "engine: no-cgroups = false under [nvidia-container-cli] "
		    "in /etc/nvidia-container-runtime/config.toml; a rootless "
		    "engine then gets the GPU by CDI (--device "
		    "nvidia.com/gpu=all)");
	}
	free(v);
}

/*
 * CTR-GVISOR: the container runs under gVisor, whose kernel passes the GPU
 * on only through nvproxy, for the host drivers it lists and the driver
 * calls it knows (runsc nvproxy list-supported-drivers; nvproxy's
 * SupportedIoctls): a note that says so, with what told.  explain's
 * CTR-GVISOR claims its cause only where this shows.
 */
static void
rule_container_gvisor(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	struct cds_finding *f;

	if (!cds_in_container(ct) || !cds_streq(ct->sandbox, "gvisor")) {
		return;
	}
	f = cds_finding_add(c, "CTR-GVISOR", CDS_SEV_NOTE, "this container "
	    "runs under gVisor: the GPU reaches it only through gVisor's "
	    "driver proxy (nvproxy), for the host drivers and driver calls "
	    "runsc knows");
	evidence_container(f, ct);
	cds_finding_evidence(f, "sandbox", "%s",
	    cds_container_evidence(ct, "sandbox"));
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "on the host: runsc "
	    "nvproxy list-supported-drivers lists the drivers this runsc "
	    "runs with; a driver call it lacks needs a newer runsc, or runc "
	    "with the NVIDIA container runtime");
}

/*
 * CTK-LDCONFIG: after mounting the driver's libraries into a container,
 * the toolkit runs an ldconfig to add them to the container's loader
 * cache: the one [nvidia-container-cli] ldconfig names in config.toml,
 * "@" meaning the host's file.  The toolkit writes "@/sbin/ldconfig.real"
 * where that file exists and "@/sbin/ldconfig" elsewhere, and its newer
 * releases read either as the .real file when there is one, else the
 * plain one (nvidia-container-toolkit, internal/config: getLdConfigPath,
 * NormalizeLDConfigPath).  When neither is on the host (a config.toml
 * copied from another distribution, NixOS without its own), every GPU
 * container of the hook fails ("ldcache error", nvc_ldcache's "could not
 * start"); a script there (Ubuntu's /sbin/ldconfig wraps ldconfig.real)
 * is run in the container's root, whose shell may not be there.
 */
static void
rule_container_ldconfig(struct cds_rule_ctx *c)
{
	char *v, *path, *host, *alt = NULL;
	const char *used = NULL;
	static const char *const here[] = {
		"/sbin/ldconfig.real", "/sbin/ldconfig", "/usr/sbin/ldconfig",
		"/usr/bin/ldconfig", NULL
	};
	char head[2] = { 0, 0 };
	struct cds_finding *f;
	size_t n, k;
	FILE *fp;

	if (!host_applies(c) || toolkit_program(c->h) == NULL ||
	    (v = ctk_config_get(c->h, "nvidia-container-cli", "ldconfig")) ==
	    NULL) {
		return;
	}
	n = strlen(v);
	if (n < 3 || v[0] != '"' || v[n - 1] != '"' || v[1] != '@') {
		free(v);	/* a path in the container's root: not ours */
		return;
	}
	/* as the toolkit reads it: the .real file where there is one */
	path = cds_xstrndup(v + 2, n - 3);
	n = strlen(path);
	if (n > 5 && strcmp(path + n - 5, ".real") == 0) {
		alt = path;
		path = cds_xstrndup(alt, n - 5);
	} else {
		alt = cds_xasprintf("%s.real", path);
	}
	if (cds_root_is_file(c->h, alt)) {
		used = alt;
	} else if (cds_root_is_file(c->h, path)) {
		used = path;
	}
	if (used == NULL) {
		f = cds_finding_add(c, "CTK-LDCONFIG", CDS_SEV_ERROR, "the "
		    "ldconfig the container toolkit runs (%s) is not on this "
		    "host: its GPU containers fail to start (\"ldcache "
		    "error\")", path);
		cds_finding_evidence(f, "/etc/nvidia-container-runtime/"
		    "config.toml", "[nvidia-container-cli] ldconfig = %s", v);
		cds_finding_evidence(f, "on this host", "neither %s nor %s",
		    path, alt);
		for (k = 0; here[k] != NULL && !cds_root_is_file(c->h,
		    here[k]); k++) {
			;
		}
		if (here[k] != NULL) {
			cds_finding_evidence(f, "this host's ldconfig", "%s",
			    here[k]);
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo "
			    "nvidia-ctk config --set nvidia-container-cli."
			    "ldconfig=@%s --in-place", here[k]);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "set "
			    "ldconfig under [nvidia-container-cli] in /etc/"
			    "nvidia-container-runtime/config.toml to this "
			    "host's ldconfig binary, with the @ that means the "
			    "host's path");
		}
	} else if ((host = cds_rpath_follow(c->h, used)) != NULL) {
		if ((fp = fopen(host, "rb")) != NULL) {
			n = fread(head, 1, 2, fp);
			fclose(fp);
		}
		if (head[0] == '#' && head[1] == '!') {
			f = cds_finding_add(c, "CTK-LDCONFIG",
			    CDS_SEV_WARNING, "the ldconfig the container "
			    "toolkit runs (%s) is a script, run in each "
			    "container's root: a container without its shell "
			    "starts without the driver's libraries in its "
			    "cache", used);
			cds_finding_evidence(f, "/etc/nvidia-container-"
			    "runtime/config.toml", "[nvidia-container-cli] "
			    "ldconfig = %s", v);
			cds_finding_evidence(f, used, "a script (#!)");
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "set "
			    "ldconfig under [nvidia-container-cli] in /etc/"
			    "nvidia-container-runtime/config.toml to the binary "
			    "the script runs (\"@/sbin/ldconfig.real\" on "
			    "Ubuntu)");
		}
		free(host);
	}
	free(alt);
	free(path);
	free(v);
}

/*
 * CTR-ROOTLESS: the engines here run in a user namespace that maps root
 * to another uid (an unprivileged LXC container; /proc/self/uid_map), and
 * the container toolkit's hook is set to add the GPU's devices to each
 * container's device cgroup (no-cgroups off).  In a user namespace it may
 * not: cgroup v2's eBPF device filter and v1's devices.allow are the real
 * root's (libnvidia-container#154, moby/moby#38729), and a container
 * given the GPU by the hook does not start.  no-cgroups on, or CDI, is
 * the way (klueska in libnvidia-container#154).
 */
static void
rule_container_rootless(struct cds_rule_ctx *c)
{
	const struct cds_container *ct = &c->s->container;
	const char *userns;
	struct cds_finding *f;
	char *v, *engines;

	if (!host_applies(c) || !ct->rootless ||
	    toolkit_program(c->h) == NULL) {
		return;
	}
	v = ctk_config_get(c->h, "nvidia-container-cli", "no-cgroups");
	if (v != NULL && strcmp(v, "true") == 0) {
		free(v);
		return;
	}
	userns = cds_container_evidence(ct, "rootless");
	f = cds_finding_add(c, "CTR-ROOTLESS", CDS_SEV_WARNING, "the "
	    "container engines here run in a user namespace: the container "
	    "toolkit's hook may not set the GPU's device rules, and a "
	    "container it gives the GPU to does not start");
	cds_finding_evidence(f, "user namespace", "%s", userns != NULL ?
	    userns : "root is another uid outside");
	cds_finding_evidence(f, "/etc/nvidia-container-runtime/config.toml",
	    "%s", v != NULL ? "[nvidia-container-cli] no-cgroups = false" :
	    "no no-cgroups under [nvidia-container-cli] (off)");
	engines = engine_list(ct);
	cds_finding_evidence(f, "engines", "%s", engines);
	free(engines);
	cds_finding_evidence(f, "the hook says", "failed to add device rules: "
	    "unable to find any existing device filters attached to the "
	    "cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not "
	    "permitted (cgroup v2); open failed: /sys/fs/cgroup/devices/"
	    "...devices.allow: permission denied (v1)");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "sudo nvidia-ctk config "
	    "--set nvidia-container-cli.no-cgroups --in-place (toolkit "
	    "1.14.4 or later; or no-cgroups = true under "
	    "[nvidia-container-cli] in /etc/nvidia-container-runtime/"
	    "config.toml), or give the GPU by CDI (podman run --device "
	    "nvidia.com/gpu=all)");
	free(v);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_container[] = {
	{ "CTR-NO-GPU", N_("a container started without the GPU"), NULL,
	    rule_container_gpu },
	{ "CTR-CGROUP", N_("the device cgroup denies the container its "
	    "GPU"), NULL, NULL },
	{ "CTR-NODE", N_("a GPU device node with no driver behind it"), NULL,
	    NULL },
	{ "CTR-PERM", N_("no permission to open the GPU's device"), NULL,
	    NULL },
	{ "CTR-CAPS", N_("the container's driver capabilities lack "
	    "compute"), NULL, NULL },
	{ "CTR-NO-LIBS", N_("the GPU was passed in without the driver's "
	    "libraries"), NULL, NULL },
	{ "CTK-MISSING", N_("a container engine without the NVIDIA "
	    "Container Toolkit"), NULL, rule_container_toolkit },
	{ "CTK-DOCKER", N_("docker has no nvidia runtime"), NULL, NULL },
	{ "CTK-CONTAINERD", N_("containerd has no nvidia runtime"), NULL,
	    NULL },
	{ "CTK-CDI", N_("the CDI spec for the GPU is missing or stale"), NULL,
	    rule_container_cdi },
	{ "CTK-DEV-CHAR", N_("the GPU's /dev/char links are missing"), NULL,
	    rule_container_devchar },
	{ "CTK-VERSION", N_("a container toolkit release whose behaviour in "
	    "containers changed"), NULL, rule_container_ctk_version },
	{ "CTK-NO-CGROUPS", N_("the container toolkit sets no device rules "
	    "(no-cgroups)"), NULL, rule_container_no_cgroups },
	{ "CTR-ROOTLESS", N_("the container toolkit may not set the GPU's "
	    "device rules"), NULL, rule_container_rootless },
	{ "CTR-GVISOR", N_("the container runs under gVisor"), NULL,
	    rule_container_gvisor },
	{ "CTK-LDCONFIG", N_("the ldconfig the container toolkit runs is "
	    "missing or a script"), NULL, rule_container_ldconfig },
	{ NULL, NULL, NULL, NULL }
};
