/*
 * container.c - where the scan runs.  Inside a container the GPU arrives
 * by one of a few mechanisms, and each leaves marks a process can read
 * without any NVIDIA tool (research: containers.md, a.1):
 *
 *   legacy hook   nvidia-container-cli bind-mounts each driver file read-
 *                 only and masks /proc/driver/nvidia with a tmpfs copy
 *                 (libnvidia-container src/nvc_mount.c), both visible in
 *                 /proc/self/mountinfo;
 *   CDI           the runtime's ldconfig hook writes /etc/ld.so.conf.d/
 *                 00-nvcr-<id>.conf, and the spec sets
 *                 NVIDIA_CTK_LIBCUDA_DIR (nvidia-container-toolkit
 *                 internal/ldconfig, pkg/nvcdi/driver-nvml.go);
 *   apptainer     --nv binds the driver's libraries into
 *                 /.singularity.d/libs;
 *   device plugin (Kubernetes, volume-mounts) NVIDIA_VISIBLE_DEVICES=
 *                 /var/run/nvidia-container-devices;
 *   host dir      one host directory mounted at /usr/local/nvidia;
 *   WSL2          /dev/dxg and /usr/lib/wsl/lib.
 *
 * Every file is read under the handle's root, and mount points are
 * taken back into it, so a test's tree (and a mount namespace built over
 * it) is judged as the machine it stands for.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/container.h"

static const char *const runtimes[] = {
	"none", "docker", "podman", "kubernetes", "apptainer", "wsl2", NULL
};

static void
ev_add(struct cds_container *ct, const char *key, const char *fmt, ...)
{
	struct cds_evidence *e;
	va_list ap;

	ct->evidence = cds_xreallocarray(ct->evidence, ct->nevidence + 1,
	    sizeof(*ct->evidence));
	e = &ct->evidence[ct->nevidence++];
	e->key = cds_xstrdup(key);
	va_start(ap, fmt);
	e->value = cds_xvasprintf(fmt, ap);
	va_end(ap);
}

/* ---- /proc/self/mountinfo ----------------------------------------------- */

struct mnt {
	char *point;		/* a target path (the root taken off) */
	char *opts;		/* per-mount options: "ro,nosuid,nodev" */
	char *fstype;
	char *super;		/* the file system's: "rw,size=65536k" */
};

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static char *
unescape(const char *s)
{
	char *r = cds_xmalloc(strlen(s) + 1), *w = r;

	while (*s != '\0') {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
			    (s[3] - '0'));
			s += 4;
		} else {
			*w++ = *s++;
		}
	}
	*w = '\0';
	return r;
}

/* The mounts of /proc/self/mountinfo under the root; *N of them. */
static struct mnt *
read_mounts(cds_handle_t *h, size_t *n)
{
	char *text = cds_root_read_file(h, "/proc/self/mountinfo", 4u << 20,
	    NULL), **lines, **l;
	struct mnt *v = NULL;

	*n = 0;
	if (text == NULL) {
		return NULL;
	}
	lines = cds_strsplit(text, "\n", 0);
	for (l = lines; *l != NULL; l++) {
		char **f = cds_strsplit(*l, " ", 0), *host;
		size_t nf = cds_strv_len(f), dash;

		for (dash = 6; dash < nf && strcmp(f[dash], "-") != 0;
		    dash++) {
		}
		if (nf < 7 || dash + 1 >= nf || f[4][0] != '/') {
			cds_strfreev(f);
			continue;
		}
		v = cds_xreallocarray(v, *n + 1, sizeof(*v));
		host = unescape(f[4]);
		v[*n].point = cds_unrpath(h, host);
		v[*n].opts = cds_xstrdup(f[5]);
		v[*n].fstype = cds_xstrdup(f[dash + 1]);
		v[*n].super = cds_xstrdup(dash + 3 < nf ? f[dash + 3] : "");
		(*n)++;
		free(host);
		cds_strfreev(f);
	}
	cds_strfreev(lines);
	free(text);
	return v;
}

static void
free_mounts(struct mnt *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].point);
		free(v[i].opts);
		free(v[i].fstype);
		free(v[i].super);
	}
	free(v);
}

long long
cds_shm_size_kib(cds_handle_t *h, char **opts)
{
	size_t n, i;
	struct mnt *m = read_mounts(h, &n);
	long long kib = -1;

	*opts = NULL;
	/* the last mount on /dev/shm is the one a process sees */
	for (i = 0; i < n; i++) {
		const char *sz;

		if (strcmp(m[i].point, "/dev/shm") != 0 ||
		    strcmp(m[i].fstype, "tmpfs") != 0) {
			continue;
		}
		free(*opts);
		*opts = cds_xstrdup(m[i].super);
		kib = -1;
		sz = strstr(m[i].super, "size=");
		if (sz != NULL && (sz == m[i].super || sz[-1] == ',')) {
			char *end;
			long long v = strtoll(sz + 5, &end, 10);

			/* tmpfs prints its size in KiB ("size=65536k") */
			kib = *end == 'k' ? v : *end == 'm' ? v * 1024 :
			    *end == 'g' ? v * 1024 * 1024 : v / 1024;
		}
	}
	free_mounts(m, n);
	return kib;
}

static int
opt_ro(const char *opts)
{
	return strcmp(opts, "ro") == 0 || cds_startswith(opts, "ro,") ||
	    strstr(opts, ",ro,") != NULL || cds_endswith(opts, ",ro");
}

/* A driver library bound in one by one, as the legacy hook and CDI do. */
static int
driver_lib(const char *point)
{
	const char *b = cds_basename(point);

	return cds_startswith(b, "libcuda.so") ||
	    cds_startswith(b, "libnvidia-ml.so");
}

/* ---- the runtime --------------------------------------------------------- */

/* The environment variable NAME when set and not empty. */
static const char *
env_set(const cds_handle_t *h, const char *name)
{
	const char *v = cds_getenv(h, name);

	return v != NULL && *v != '\0' ? v : NULL;
}

static int
is_wsl2(cds_handle_t *h, struct cds_container *ct)
{
	char *text;
	int wsl = 0;

	if (cds_root_exists(h, "/dev/dxg")) {
		ev_add(ct, "device", "/dev/dxg (WSL2's GPU "
		    "paravirtualisation)");
		wsl = 1;
	}
	if (cds_root_isdir(h, "/usr/lib/wsl/lib")) {
		ev_add(ct, "library dir", "/usr/lib/wsl/lib (the Windows "
		    "driver's libraries)");
		wsl = 1;
	}
	if (!wsl && (text = cds_root_read_file(h, "/proc/version", 4096,
	    NULL)) != NULL) {
		if (strcasestr(text, "microsoft") != NULL) {
			ev_add(ct, "kernel", "/proc/version names Microsoft");
			wsl = 1;
		}
		free(text);
	}
	return wsl;
}

/* The runtime the marks show, strongest first (containers.md, a.3). */
static const char *
detect_runtime(cds_handle_t *h, struct cds_container *ct)
{
	const char *v;
	char *text;

	if ((v = env_set(h, "APPTAINER_CONTAINER")) != NULL ||
	    (v = env_set(h, "SINGULARITY_CONTAINER")) != NULL) {
		ev_add(ct, "environment", "%s=%s", env_set(h,
		    "APPTAINER_CONTAINER") != NULL ? "APPTAINER_CONTAINER" :
		    "SINGULARITY_CONTAINER", v);
		return "apptainer";
	}
	if (cds_root_isdir(h, "/.singularity.d")) {
		ev_add(ct, "marker", "/.singularity.d exists");
		return "apptainer";
	}
	if (cds_root_exists(h, "/run/.containerenv")) {
		ev_add(ct, "marker", "/run/.containerenv exists");
		text = cds_root_read_file(h, "/run/.containerenv", 1 << 16,
		    NULL);
		if (text != NULL && strstr(text, "rootless=1") != NULL) {
			ev_add(ct, "rootless", "/run/.containerenv says "
			    "rootless=1");
			ct->rootless = 1;
		}
		free(text);
		return "podman";
	}
	if ((v = env_set(h, "KUBERNETES_SERVICE_HOST")) != NULL) {
		ev_add(ct, "environment", "KUBERNETES_SERVICE_HOST=%s", v);
		return "kubernetes";
	}
	if (cds_root_isdir(h, "/var/run/secrets/kubernetes.io")) {
		ev_add(ct, "marker", "/var/run/secrets/kubernetes.io exists");
		return "kubernetes";
	}
	if (cds_root_exists(h, "/.dockerenv")) {
		ev_add(ct, "marker", "/.dockerenv exists");
		return "docker";
	}
	if ((v = env_set(h, "container")) != NULL) {
		/* systemd's convention, which podman follows: the name */
		ev_add(ct, "environment", "container=%s", v);
		return strcmp(v, "podman") == 0 ? "podman" : "docker";
	}
	return is_wsl2(h, ct) ? "wsl2" : "none";
}

/* A user namespace that maps root elsewhere: rootless. */
static void
detect_rootless(cds_handle_t *h, struct cds_container *ct)
{
	char *text = cds_root_read_file(h, "/proc/self/uid_map", 4096, NULL);
	unsigned long in, out, len;

	if (text != NULL && sscanf(text, "%lu %lu %lu", &in, &out, &len) ==
	    3 && in == 0 && out != 0) {
		ev_add(ct, "rootless", "/proc/self/uid_map maps root to uid "
		    "%lu", out);
		ct->rootless = 1;
	}
	free(text);
}

/*
 * gVisor: a user-space kernel answers the container's calls, and the GPU
 * reaches it only through its proxy of the driver (nvproxy, runsc
 * --nvproxy).  Its marker file, where runsc exposes it
 * (gvisor.dev/gvisor/pkg/gvisordetect), or the version its kernel reports
 * in /proc/version: "#1 SMP Sun Jan 10 15:06:54 PST 2016" after release
 * 4.4.0, later "4.19.0-gvisor" or "5.15.0-gvisor"
 * (pkg/sentry/syscalls/linux/linux64.go, pkg/sentry/kernel/version.go).
 */
static void
detect_sandbox(cds_handle_t *h, struct cds_container *ct)
{
	char *text;

	if (cds_root_exists(h, "/proc/gvisor/kernel_is_gvisor")) {
		ev_add(ct, "sandbox", "gVisor: /proc/gvisor/kernel_is_gvisor "
		    "exists");
		ct->sandbox = "gvisor";
		return;
	}
	text = cds_root_read_file(h, "/proc/version", 4096, NULL);
	if (text != NULL && (strstr(text, "#1 SMP Sun Jan 10 15:06:54 PST "
	    "2016") != NULL || strstr(text, "-gvisor ") != NULL)) {
		text[strcspn(text, "\n")] = '\0';
		ev_add(ct, "sandbox", "gVisor: /proc/version says \"%s\"",
		    text);
		ct->sandbox = "gvisor";
	}
	free(text);
}

/* ---- the GPU's way in ---------------------------------------------------- */

static const char *
detect_mechanism(cds_handle_t *h, struct cds_container *ct,
    struct cds_strv *mounts)
{
	const char *mech = NULL, *v;
	struct mnt *m;
	size_t n, i, libs = 0, devs = 0;
	int masked = 0, hostdir = 0;
	char **g;

	if (cds_streq(ct->runtime, "apptainer") && (g = cds_root_glob(h,
	    "/.singularity.d/libs/libcuda.so*")) != NULL) {
		if (g[0] != NULL) {
			ev_add(ct, "library", "%s (apptainer --nv)", g[0]);
			mech = "apptainer-nv";
		}
		cds_strfreev(g);
	}
	if (cds_root_exists(h, "/dev/dxg")) {
		if (mech == NULL) {
			ev_add(ct, "device", "/dev/dxg (WSL2)");
		}
		mech = mech != NULL ? mech : "wsl";
	}
	if ((v = env_set(h, "NVIDIA_VISIBLE_DEVICES")) != NULL &&
	    cds_startswith(v, "/var/run/nvidia-container-devices")) {
		ev_add(ct, "environment", "NVIDIA_VISIBLE_DEVICES=%s (the "
		    "device plugin's volume-mounts)", v);
		mech = mech != NULL ? mech : "device-plugin";
	}
	g = cds_root_glob(h, "/etc/ld.so.conf.d/*-nvcr-*.conf");
	if (g[0] != NULL) {
		ev_add(ct, "ld.so.conf.d", "%s (written by CDI's ldconfig "
		    "hook)", g[0]);
		mech = mech != NULL ? mech : "cdi";
	}
	cds_strfreev(g);
	if ((v = env_set(h, "NVIDIA_CTK_LIBCUDA_DIR")) != NULL) {
		ev_add(ct, "environment", "NVIDIA_CTK_LIBCUDA_DIR=%s (set by a "
		    "CDI spec)", v);
		mech = mech != NULL ? mech : "cdi";
	}
	m = read_mounts(h, &n);
	for (i = 0; i < n; i++) {
		if (strcmp(m[i].point, "/proc/driver/nvidia") == 0 &&
		    strcmp(m[i].fstype, "tmpfs") == 0 && !masked) {
			ev_add(ct, "mount", "/proc/driver/nvidia is a tmpfs "
			    "copy (the legacy hook masks it)");
			masked = 1;
		} else if (driver_lib(m[i].point) && opt_ro(m[i].opts)) {
			cds_strv_push(mounts, m[i].point);
			if (libs++ == 0) {
				ev_add(ct, "mount", "%s bound in read-only "
				    "(%s, %s)", m[i].point, m[i].opts,
				    m[i].fstype);
			}
		} else if (cds_startswith(m[i].point, "/dev/nvidia")) {
			if (devs++ == 0) {
				ev_add(ct, "mount", "%s bound in from the "
				    "host (%s)", m[i].point, m[i].fstype);
			}
		} else if (strcmp(m[i].point, "/usr/local/nvidia") == 0) {
			ev_add(ct, "mount", "/usr/local/nvidia mounted from "
			    "the host (%s, %s)", m[i].opts, m[i].fstype);
			hostdir = 1;
		}
	}
	free_mounts(m, n);
	if (mech == NULL && (masked || libs > 0)) {
		/* CDI leaves /proc alone; binds of libraries without CDI's
		 * marks are the hook's */
		mech = "legacy-hook";
	}
	if (mech == NULL && hostdir) {
		mech = "host-dir";
	}
	if (mech == NULL && devs > 0) {
		/* CDI creates device nodes; the hook binds the host's */
		mech = "legacy-hook";
	}
	return mech != NULL ? mech : "none";
}

/* open() of /dev/nvidiactl, as CUDA and NVML do first. */
static void
probe_ctl(cds_handle_t *h, struct cds_container *ct)
{
	char *path = cds_rpath(h, "/dev/nvidiactl");
	struct stat st;
	int fd;

	if (lstat(path, &st) == -1) {
		ct->ctl_errno = ENOENT;
	} else {
		ct->ctl_chardev = S_ISCHR(st.st_mode);
		fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
		ct->ctl_errno = fd == -1 ? errno : 0;
		if (fd != -1) {
			close(fd);
		}
	}
	free(path);
}

/* ---- a host's engines ---------------------------------------------------- */

static void
detect_engines(cds_handle_t *h, struct cds_container *ct)
{
	static const struct {
		const char *engine, *path;
	} marks[] = {
		{ "docker", "/usr/bin/dockerd" },
		{ "docker", "/usr/sbin/dockerd" },
		{ "docker", "/usr/bin/docker" },
		{ "docker", "/snap/bin/docker" },
		{ "podman", "/usr/bin/podman" },
		{ "containerd", "/usr/bin/containerd" },
		{ "containerd", "/usr/local/bin/containerd" },
	};
	struct cds_strv v = {0};
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (!cds_strv_contains(&v, marks[i].engine) &&
		    cds_root_is_exec(h, marks[i].path)) {
			cds_strv_push(&v, marks[i].engine);
			ev_add(ct, "engine", "%s (%s)", marks[i].engine,
			    marks[i].path);
		}
	}
	ct->engines = cds_strv_steal(&v);
}

int
cds_container_scan(cds_handle_t *h, struct cds_container *ct)
{
	const char *force = cds_getenv(h, "CDS_CONTAINER");
	size_t i;

	memset(ct, 0, sizeof(*ct));
	ct->ctl_errno = -1;
	ct->runtime = "none";
	if (force != NULL && *force != '\0') {
		for (i = 0; runtimes[i] != NULL &&
		    strcmp(runtimes[i], force) != 0; i++) {
		}
		if (runtimes[i] == NULL) {
			ct->engines = cds_xcalloc(1, sizeof(char *));
			ct->driver_mounts = cds_xcalloc(1, sizeof(char *));
			return cds_seterr(h, CDS_ERR_USAGE, "CDS_CONTAINER=%s: "
			    "not a runtime this knows (none, docker, podman, "
			    "kubernetes, apptainer, wsl2); unset it to detect "
			    "the runtime", force);
		}
		ct->runtime = runtimes[i];
		ct->overridden = 1;
		ev_add(ct, "override", "CDS_CONTAINER=%s", force);
	} else {
		ct->runtime = detect_runtime(h, ct);
	}
	ct->visible_devices = cds_strdup0(cds_getenv(h,
	    "NVIDIA_VISIBLE_DEVICES"));
	ct->capabilities = cds_strdup0(cds_getenv(h,
	    "NVIDIA_DRIVER_CAPABILITIES"));
	if (cds_in_container(ct)) {
		struct cds_strv mounts = {0};

		detect_rootless(h, ct);
		detect_sandbox(h, ct);
		ct->gpu_mechanism = detect_mechanism(h, ct, &mounts);
		ct->driver_mounts = cds_strv_steal(&mounts);
		probe_ctl(h, ct);
		ct->engines = cds_xcalloc(1, sizeof(char *));
	} else {
		ct->driver_mounts = cds_xcalloc(1, sizeof(char *));
		if (cds_streq(ct->runtime, "wsl2")) {
			ct->gpu_mechanism = "wsl";
		}
		detect_engines(h, ct);
		/* engines that themselves run in a user namespace (an
		 * unprivileged LXC container): rootless to the kernel */
		detect_rootless(h, ct);
	}
	return 0;
}

void
cds_container_clear(struct cds_container *ct)
{
	size_t i;

	for (i = 0; i < ct->nevidence; i++) {
		free(ct->evidence[i].key);
		free(ct->evidence[i].value);
	}
	free(ct->evidence);
	free(ct->visible_devices);
	free(ct->capabilities);
	cds_strfreev(ct->engines);
	cds_strfreev(ct->driver_mounts);
	memset(ct, 0, sizeof(*ct));
}

int
cds_in_container(const struct cds_container *ct)
{
	return ct->runtime != NULL && strcmp(ct->runtime, "none") != 0 &&
	    strcmp(ct->runtime, "wsl2") != 0;
}

const char *
cds_container_evidence(const struct cds_container *ct, const char *key)
{
	size_t i;

	for (i = 0; i < ct->nevidence; i++) {
		if (strcmp(ct->evidence[i].key, key) == 0) {
			return ct->evidence[i].value;
		}
	}
	return NULL;
}

int
cds_container_has_cap(const char *caps, const char *cap)
{
	char **v, **p;
	int r = 0;

	if (caps == NULL) {
		/* the toolkit's default (container_config.go) */
		return strcmp(cap, "compute") == 0 ||
		    strcmp(cap, "utility") == 0;
	}
	v = cds_strsplit(caps, ",", 0);
	for (p = v; *p != NULL && !r; p++) {
		char *t = cds_strtrim(*p);

		r = strcasecmp(t, "all") == 0 || strcasecmp(t, cap) == 0;
	}
	cds_strfreev(v);
	return r;
}
