/*
 * probe.c - the driver probe: what the files say, then what the driver
 * says in a child (child.h).
 *
 * What files say is read under the root: the kernel module's version
 * (/proc/driver/nvidia/version, /sys/module/nvidia/version), WSL's layout,
 * and the copies of libcuda on the directories the loader (and the link
 * editor) search.  What the driver says is asked in a child: this program
 * re-executed with the target's environment, which dlopens libcuda.so.1,
 * calls cuInit, counts the devices and reads their compute capabilities,
 * then asks NVML.  A crash or a hang there costs the child, never us.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "sys/child.h"
#include "sys/handle.h"
#include "scan/loader.h"
#include "scan/nvproto.h"
#include "scan/probe.h"

/* How long the driver probe may take: cuInit on a machine with many GPUs
 * and no persistence daemon takes seconds. */
#define DRIVER_PROBE_MS 15000

/* ---- files ------------------------------------------------------------- */

/* The first token of LINE that looks like a driver version: 550.54.15. */
static char *
version_token(const char *line)
{
	char **tok = cds_strsplit(line, " \t\n", 0);
	char *ret = NULL;
	size_t i;

	for (i = 0; tok[i] != NULL && ret == NULL; i++) {
		const char *p = tok[i];
		int dots = 0, ok = 1;

		if (*p < '0' || *p > '9') {
			continue;
		}
		for (; *p != '\0'; p++) {
			if (*p == '.') {
				dots++;
			} else if (*p < '0' || *p > '9') {
				ok = 0;
			}
		}
		if (ok && dots >= 1 && tok[i][strlen(tok[i]) - 1] != '.') {
			ret = cds_xstrdup(tok[i]);
		}
	}
	cds_strfreev(tok);
	return ret;
}

/* The kernel module's version, from /proc (the loaded module) or /sys. */
static char *
module_version(cds_handle_t *h)
{
	char *text, *ver = NULL, *line;

	text = cds_root_read_file(h, "/proc/driver/nvidia/version", 1 << 16,
	    NULL);
	if (text != NULL) {
		line = strstr(text, "NVRM version:");
		if (line != NULL) {
			char *eol = strchr(line, '\n');

			if (eol != NULL) {
				*eol = '\0';
			}
			ver = version_token(line + strlen("NVRM version:"));
		}
		free(text);
	}
	if (ver != NULL) {
		return ver;
	}
	text = cds_root_read_file(h, "/sys/module/nvidia/version", 4096, NULL);
	if (text != NULL) {
		ver = version_token(text);
		free(text);
	}
	return ver;
}

static int
is_wsl(cds_handle_t *h)
{
	char *text;
	int wsl = 0;

	if (cds_root_exists(h, "/usr/lib/wsl/lib/libcuda.so.1")) {
		return 1;
	}
	text = cds_root_read_file(h, "/proc/version", 1 << 16, NULL);
	if (text != NULL) {
		char *p;

		for (p = text; *p != '\0'; p++) {
			*p = (char)((*p >= 'A' && *p <= 'Z') ? *p + 32 : *p);
		}
		wsl = strstr(text, "microsoft") != NULL;
		free(text);
	}
	return wsl;
}

/* ---- the loader's directories ------------------------------------------- */

static void
ldirs_add(struct cds_ldir **v, size_t *n, const char *dir, const char *via)
{
	size_t i;
	char *clean;

	if (dir[0] != '/') {
		return;	/* relative entries: the cwd, not a place */
	}
	clean = cds_xstrdup(dir);
	while (strlen(clean) > 1 && clean[strlen(clean) - 1] == '/') {
		clean[strlen(clean) - 1] = '\0';
	}
	for (i = 0; i < *n; i++) {
		if (strcmp((*v)[i].dir, clean) == 0) {
			free(clean);
			return;
		}
	}
	*v = cds_xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[*n].dir = clean;
	(*v)[*n].via = cds_xstrdup(via);
	(*n)++;
}

static void
ldirs_add_list(struct cds_ldir **v, size_t *n, const char *list,
    const char *via)
{
	char **parts;
	size_t i;

	if (list == NULL) {
		return;
	}
	/* glibc splits LD_LIBRARY_PATH on ':' and ';' */
	parts = cds_strsplit(list, ":;", 0);
	for (i = 0; parts[i] != NULL; i++) {
		ldirs_add(v, n, parts[i], via);
	}
	cds_strfreev(parts);
}

/*
 * The loader's directories come from the loader emulation (src/scan/loader.c),
 * so ld.so.conf, its includes and the default directories are read one way
 * in the whole program.  LDPATH stands in for the target's LD_LIBRARY_PATH
 * for the length of the call.
 */
struct cds_ldir *
cds_loader_dirs(cds_handle_t *h, const char *ldpath, int link_too,
    size_t *n)
{
	const char *cur = cds_getenv(h, "LD_LIBRARY_PATH");
	char *saved = cds_strdup0(cur);
	struct cds_searchdir *sd;
	struct cds_ldir *v = NULL;
	size_t nsd, i;

	cds_setenv(h, "LD_LIBRARY_PATH", ldpath);
	sd = cds_loader_searchdirs(h, NULL, &nsd);
	cds_setenv(h, "LD_LIBRARY_PATH", saved);
	free(saved);
	*n = 0;
	for (i = 0; i < nsd; i++) {
		ldirs_add(&v, n, sd[i].dir, sd[i].via);
	}
	cds_searchdirs_free(sd, nsd);
	if (link_too) {
		ldirs_add_list(&v, n, cds_getenv(h, "LIBRARY_PATH"),
		    "LIBRARY_PATH");
	}
	return v;
}

void
cds_ldirs_free(struct cds_ldir *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].dir);
		free(v[i].via);
	}
	free(v);
}

ssize_t
cds_ldirs_find(cds_handle_t *h, const struct cds_ldir *dirs, size_t n,
    const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *t = cds_path_join(dirs[i].dir, name);
		int found = cds_root_is_file(h, t);

		free(t);
		if (found) {
			return (ssize_t)i;
		}
	}
	return -1;
}

/* A toolkit stub: the file, or what its links lead to, sits in stubs/. */
static int
in_stubs_dir(const char *path)
{
	char *dir = cds_dirname(path);
	int ret = strcmp(cds_basename(dir), "stubs") == 0;

	free(dir);
	return ret;
}

static int
is_stub_file(cds_handle_t *h, const char *path, const char *real)
{
	return in_stubs_dir(path) || (real != NULL && in_stubs_dir(real));
}

/* libcuda.so.1 (then a stub named libcuda.so) on the loader's dirs. */
void
cds_driver_scan_files(cds_handle_t *h, struct cds_driver *d,
    const char *ldpath)
{
	static const char *const names[] = { "libcuda.so.1", "libcuda.so" };
	struct cds_ldir *dirs;
	size_t n, i, k;
	ssize_t at;

	d->module_version = module_version(h);
	d->wsl = is_wsl(h);
	dirs = cds_loader_dirs(h, ldpath, 1, &n);
	for (i = 0; i < n; i++) {
		if (strcmp(dirs[i].dir, "/usr/lib/wsl/lib") == 0 &&
		    strcmp(dirs[i].via, "LIBRARY_PATH") != 0) {
			d->wsl_lib_on_path = 1;
		}
	}
	/* the loader's view: LIBRARY_PATH entries are not searched */
	for (k = 0; k < n && strcmp(dirs[k].via, "LIBRARY_PATH") != 0; k++) {
	}
	at = cds_ldirs_find(h, dirs, k, "libcuda.so.1");
	if (at >= 0) {
		d->libcuda_path = cds_path_join(dirs[at].dir, "libcuda.so.1");
		d->libcuda_realpath = cds_realpath_in_root(h,
		    d->libcuda_path);
		d->libcuda_via = cds_xstrdup(dirs[at].via);
	}
	/* NVML is the driver's too: its file names the same version */
	at = cds_ldirs_find(h, dirs, k, "libnvidia-ml.so.1");
	if (at >= 0) {
		d->nvml_path = cds_path_join(dirs[at].dir,
		    "libnvidia-ml.so.1");
		d->nvml_realpath = cds_realpath_in_root(h, d->nvml_path);
	}
	/* a stub: first where the loader looks, then where ld looks */
	for (i = 0; i < n && d->stub_path == NULL; i++) {
		for (k = 0; k < 2 && d->stub_path == NULL; k++) {
			char *p = cds_path_join(dirs[i].dir, names[k]);
			char *real = NULL;

			if (cds_root_is_file(h, p)) {
				real = cds_realpath_in_root(h, p);
			}
			if (real != NULL && is_stub_file(h, p, real)) {
				d->stub_path = p;
				p = NULL;
				d->stub_via = cds_xstrdup(dirs[i].via);
				d->stub_link_only = strcmp(dirs[i].via,
				    "LIBRARY_PATH") == 0;
			}
			free(real);
			free(p);
		}
	}
	cds_ldirs_free(dirs, n);
}

/* The driver's version from the real file's name of library NAME:
 * libcuda.so.550.54.15, libnvidia-ml.so.550.54.15.  NULL for a name
 * without one (libcuda.so.1, a stub). */
static char *
version_from_name(const char *path, const char *name)
{
	size_t n = strlen(name);
	const char *b;

	if (path == NULL) {
		return NULL;
	}
	b = cds_basename(path);
	if (strncmp(b, name, n) != 0 || b[n] != '.' ||
	    strchr(b + n + 1, '.') == NULL ||
	    strspn(b + n + 1, "0123456789.") != strlen(b + n + 1)) {
		return NULL;
	}
	return cds_xstrdup(b + n + 1);
}

/* The devices' compute capabilities the child read (CC: an array). */
static void
take_ccs(struct cds_driver *d, json_t *cc)
{
	size_t i;
	json_t *v;

	d->ncc = 0;
	json_array_foreach(cc, i, v) {
		if (d->ncc < CDS_DRIVER_MAX_CC && json_is_integer(v) &&
		    json_integer_value(v) > 0) {
			d->cc[d->ncc++] = (int)json_integer_value(v);
		}
	}
}

void
cds_driver_take_msg(struct cds_driver *d, json_t *msg)
{
	const char *t = cds_msg_str(msg, "t");

	if (t != NULL && strcmp(t, "driver") == 0) {
		d->probed = 1;
		free(d->probe_error);
		d->probe_error = NULL;
		/* what the loader did, over what the files said */
		if (!cds_streq(d->libcuda_path, cds_msg_str(msg, "path"))) {
			free(d->libcuda_via);
			d->libcuda_via = NULL;
		}
		free(d->libcuda_path);
		free(d->libcuda_realpath);
		d->libcuda_path = cds_strdup0(cds_msg_str(msg, "path"));
		d->libcuda_realpath = cds_strdup0(cds_msg_str(msg, "realpath"));
		if (!json_is_true(json_object_get(msg, "loaded"))) {
			d->probe_error = cds_strdup0(cds_msg_str(msg, "error"));
		}
		/* loaded without an "init": it lacks an entry point */
		d->init_error = cds_msg_int(msg, "init", json_is_true(
		    json_object_get(msg, "loaded")) ? -1 : 0);
		if (cds_msg_str(msg, "missing") != NULL) {
			free(d->probe_error);
			d->probe_error = cds_xasprintf("%s lacks %s",
			    cds_msg_str(msg, "path"),
			    cds_msg_str(msg, "missing"));
		}
		d->cuda_version = cds_msg_int(msg, "version", 0);
		d->cuda_version_source = d->cuda_version > 0 ?
		    "cuDriverGetVersion" : NULL;
		d->ndevices = cds_msg_int(msg, "count", 0);
		take_ccs(d, json_object_get(msg, "cc"));
	} else if (t != NULL && strcmp(t, "stub") == 0) {
		d->stub_init_error = cds_msg_int(msg, "init", 0);
		if (d->stub_path == NULL && cds_msg_str(msg, "path") != NULL) {
			d->stub_path = cds_xstrdup(cds_msg_str(msg, "path"));
		}
	} else if (t != NULL && strcmp(t, "nvml") == 0 &&
	    json_is_integer(json_object_get(msg, "init"))) {
		d->nvml_probed = 1;
		d->nvml_init = cds_msg_int(msg, "init", 0);
		free(d->nvml_error);
		d->nvml_error = d->nvml_init != 0 ?
		    cds_strdup0(cds_msg_str(msg, "error")) : NULL;
		if (cds_msg_str(msg, "path") != NULL) {
			free(d->nvml_path);
			free(d->nvml_realpath);
			d->nvml_path = cds_xstrdup(cds_msg_str(msg, "path"));
			d->nvml_realpath = cds_strdup0(cds_msg_str(msg,
			    "realpath"));
		}
	}
}

/* The driver's version: the kernel module's when one is loaded, else
 * what its libraries' file names say (libcuda's first). */
static void
driver_version(struct cds_driver *d)
{
	free(d->version);
	d->version = NULL;
	d->version_source = NULL;
	if (d->module_version != NULL) {
		d->version = cds_xstrdup(d->module_version);
		d->version_source = "kernel module";
	} else if (d->libcuda_version != NULL && d->state != CDS_DRIVER_STUB) {
		d->version = cds_xstrdup(d->libcuda_version);
		d->version_source = "libcuda.so.1";
	} else if (d->nvml_version != NULL) {
		d->version = cds_xstrdup(d->nvml_version);
		d->version_source = "libnvidia-ml.so.1";
	}
}

void
cds_driver_classify(struct cds_driver *d)
{
	int stub_mapped;

	free(d->libcuda_version);
	d->libcuda_version = version_from_name(d->libcuda_realpath,
	    "libcuda.so");
	free(d->nvml_version);
	d->nvml_version = version_from_name(d->nvml_realpath,
	    "libnvidia-ml.so");
	stub_mapped = d->libcuda_path != NULL &&
	    (in_stubs_dir(d->libcuda_path) || (d->libcuda_realpath != NULL &&
	    in_stubs_dir(d->libcuda_realpath)));
	if (d->libcuda_path == NULL) {
		d->state = d->module_version == NULL && !d->wsl ?
		    CDS_DRIVER_NO_MODULE : CDS_DRIVER_NO_LIBRARY;
	} else if (stub_mapped || (d->probed &&
	    d->init_error == CDS_CU_ERROR_STUB_LIBRARY)) {
		d->state = CDS_DRIVER_STUB;
		/* the stub is what libcuda.so.1 resolves to: name it */
		if (!cds_streq(d->stub_path, d->libcuda_path)) {
			free(d->stub_path);
			free(d->stub_via);
			d->stub_path = cds_xstrdup(d->libcuda_path);
			d->stub_via = cds_strdup0(d->libcuda_via);
			d->stub_link_only = 0;
		}
		if (d->probed) {
			d->stub_init_error = d->init_error;
		}
	} else if (d->probed && d->init_error == 0) {
		d->state = CDS_DRIVER_OK;
	} else if (d->module_version == NULL && !d->wsl) {
		/* the files alone say it, child or not: a driver without its
		 * module cannot run (WSL2 has none: dxgkrnl serves it) */
		d->state = CDS_DRIVER_NO_KERNEL_MODULE;
	} else if (!d->probed) {
		d->state = CDS_DRIVER_NOT_PROBED;
	} else {
		d->state = CDS_DRIVER_INIT_FAILED;
	}
	driver_version(d);
}

/* The largest libcuda this reads for its banner (535: 30 MB, 580: 90 MB) */
#define LIBCUDA_MAX ((off_t)1 << 30)

/*
 * The CUDA version a driver's libcuda runs, read from the file where no
 * child may ask cuDriverGetVersion (under --root, or when the probe did
 * not answer): libcuda carries NVIDIA's PTX compiler, whose banner
 * "Cuda compilation tools, release 12.2, V12.2.149" is the driver's CUDA
 * (Debian's libcuda1 535.261.03 says 12.2 and 550.163.01 says 12.4, as
 * cuDriverGetVersion does in those systems).  0 when it is not there.
 */
static int
libcuda_banner(const cds_handle_t *h, const char *path)
{
	static const char key[] = "Cuda compilation tools, release ";
	char *host = cds_rpath_follow(h, path);
	const char *p, *end;
	struct stat st;
	void *map;
	int fd, major, minor, ret = 0;

	fd = cds_open_regular(host, &st);
	free(host);
	if (fd == -1) {
		return 0;
	}
	if (st.st_size <= 0 || st.st_size > LIBCUDA_MAX ||
	    (map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
	    0)) == MAP_FAILED) {
		close(fd);
		return 0;
	}
	close(fd);
	p = map;
	end = p + st.st_size;
	while (ret == 0 && (p = memmem(p, (size_t)(end - p), key,
	    sizeof(key) - 1)) != NULL) {
		char num[16];
		size_t n;

		p += sizeof(key) - 1;
		/* the banner's own format string ("%d.%d,") is passed over */
		n = (size_t)(end - p) < sizeof(num) - 1 ?
		    (size_t)(end - p) : sizeof(num) - 1;
		memcpy(num, p, n);
		num[n] = '\0';
		if (sscanf(num, "%3d.%2d,", &major, &minor) == 2 &&
		    major > 0 && minor >= 0) {
			ret = major * 1000 + minor * 10;
		}
	}
	munmap(map, (size_t)st.st_size);
	return ret;
}

void
cds_driver_finish(cds_handle_t *h, struct cds_driver *d, const char *ldpath)
{
	struct cds_ldir *dirs;
	size_t n, i;
	char *dir;

	if (d->libcuda_path != NULL && d->libcuda_via == NULL) {
		/* a child mapped another file than the files suggested */
		dir = cds_dirname(d->libcuda_path);
		dirs = cds_loader_dirs(h, ldpath, 0, &n);
		for (i = 0; i < n && d->libcuda_via == NULL; i++) {
			if (strcmp(dirs[i].dir, dir) == 0) {
				d->libcuda_via = cds_xstrdup(dirs[i].via);
			}
		}
		cds_ldirs_free(dirs, n);
		free(dir);
	}
	cds_driver_classify(d);
	if (d->cuda_version == 0 && d->libcuda_realpath != NULL &&
	    d->state != CDS_DRIVER_STUB) {
		d->cuda_version = libcuda_banner(h, d->libcuda_realpath);
		d->cuda_version_source = d->cuda_version > 0 ?
		    "libcuda's PTX compiler banner" : NULL;
	}
}

void
cds_driver_clear(struct cds_driver *d)
{
	free(d->version);
	free(d->nvml_path);
	free(d->nvml_realpath);
	free(d->nvml_version);
	free(d->nvml_error);
	free(d->module_version);
	free(d->libcuda_path);
	free(d->libcuda_version);
	free(d->stub_path);
	free(d->stub_via);
	free(d->libcuda_realpath);
	free(d->libcuda_via);
	free(d->probe_error);
	memset(d, 0, sizeof(*d));
}

void
cds_probe_driver_static(cds_handle_t *h, struct cds_driver *d)
{
	memset(d, 0, sizeof(*d));
	cds_driver_scan_files(h, d, cds_getenv(h, "LD_LIBRARY_PATH"));
	if (*h->root != '\0') {
		d->probe_error = cds_xstrdup("--root");
	}
	cds_driver_finish(h, d, cds_getenv(h, "LD_LIBRARY_PATH"));
}

static void
driver_msg(void *ctx, json_t *msg)
{
	cds_driver_take_msg(ctx, msg);
}

int
cds_probe_driver(cds_handle_t *h, struct cds_driver *d)
{
	struct cds_event ev = {0};
	struct cds_child_result res = {0};
	json_t *arg;
	char **envp;
	int ret = 0;

	memset(d, 0, sizeof(*d));
	ev.type = CDS_EV_PROBE_START;
	ev.u.step.name = "driver";
	cds_emit(h, &ev);
	cds_driver_scan_files(h, d, cds_getenv(h, "LD_LIBRARY_PATH"));
	if (*h->root != '\0') {
		/* another system's driver cannot be loaded from here */
		d->probe_error = cds_xstrdup("--root");
	} else if (!cds_child_hosted()) {
		d->probe_error = cds_xstrdup("this program does not run "
		    "probe children");
	} else {
		arg = json_object();
		if (d->stub_path != NULL) {
			json_object_set_new(arg, "stub",
			    json_string(d->stub_path));
		}
		envp = cds_child_env(h, NULL);
		if (cds_child_run(h, CDS_CHILD_DRIVER, arg, envp,
		    DRIVER_PROBE_MS, 0, driver_msg, d, &res) == -1) {
			d->probe_error = cds_xstrdup(cds_errdetail(h));
			ret = -1;
		} else if (!res.complete) {
			free(d->probe_error);
			d->probe_error = cds_child_describe(&res,
			    DRIVER_PROBE_MS);
			d->probed = 0;
		}
		cds_child_result_clear(&res);
		cds_strfreev(envp);
		json_decref(arg);
	}
	cds_driver_finish(h, d, cds_getenv(h, "LD_LIBRARY_PATH"));
	ev.type = CDS_EV_PROBE_DONE;
	ev.u.step.path = d->libcuda_path;
	ev.u.step.err = ret == 0 ? 0 : CDS_ERR_CHILD;
	cds_emit(h, &ev);
	return ret;
}

/* ---- the child's side ---------------------------------------------------- */

/* Resolve the probe's three entry points of LIB into the pointers. */
#define PROBE_SYM(sym, ret, args) static cds_fn_##sym sym_##sym;
CDS_CU_PROBE_FUNCS(PROBE_SYM)
#undef PROBE_SYM

static const char *
resolve_probe(void *lib)
{
#define RESOLVE(sym, ret, args) \
	if ((*(void **)&sym_##sym = dlsym(lib, #sym)) == NULL) { \
		return #sym; \
	}
	CDS_CU_PROBE_FUNCS(RESOLVE)
#undef RESOLVE
	return NULL;
}

/*
 * Child side: dlopen NAME into MSG's fields (loaded; error, or path and
 * realpath) and resolve its entry points with RESOLVE; one missing is
 * named (missing) and the library closed.  The library, or NULL.
 */
static void *
child_open(json_t *msg, const char *name, const char *(*resolve)(void *))
{
	char *path, *real, *err;
	const char *missing;
	void *lib;

	lib = cds_dl_open(name, RTLD_NOW | RTLD_LOCAL, &path, &real, &err);
	json_object_set_new(msg, "loaded", json_boolean(lib != NULL));
	if (lib == NULL) {
		json_object_set_new(msg, "error", json_string(err));
	} else {
		json_object_set_new(msg, "path", json_string(path));
		json_object_set_new(msg, "realpath", json_string(real));
		if ((missing = resolve(lib)) != NULL) {
			json_object_set_new(msg, "missing",
			    json_string(missing));
			dlclose(lib);
			lib = NULL;
		}
	}
	free(path);
	free(real);
	free(err);
	return lib;
}

/*
 * The compute capability of each device (86 for 8.6), at most
 * CDS_DRIVER_MAX_CC of them, into "cc": what the rules compare kernel
 * architectures with.  cuDeviceGet and cuDeviceGetAttribute are resolved
 * here, not with the probe's entry points: a library without them still
 * answers the rest.
 */
static void
device_ccs(void *lib, json_t *msg, int count)
{
	cds_fn_cuDeviceGet get;
	cds_fn_cuDeviceGetAttribute attr;
	json_t *a;
	int i;

	*(void **)&get = dlsym(lib, "cuDeviceGet");
	*(void **)&attr = dlsym(lib, "cuDeviceGetAttribute");
	if (get == NULL || attr == NULL) {
		return;
	}
	a = json_array();
	for (i = 0; i < count && i < CDS_DRIVER_MAX_CC; i++) {
		cds_cudev dev;
		int major = 0, minor = 0;

		if (get(&dev, i) != 0 ||
		    attr(&major, CDS_CU_ATTR_CC_MAJOR, dev) != 0 ||
		    attr(&minor, CDS_CU_ATTR_CC_MINOR, dev) != 0) {
			continue;
		}
		json_array_append_new(a, json_integer(major * 10 + minor));
	}
	json_object_set_new(msg, "cc", a);
}

void *
cds_driver_child_load(int *init)
{
	json_t *msg = json_object();
	void *lib;
	int v = 0, count = 0;

	*init = -1;
	json_object_set_new(msg, "t", json_string("driver"));
	if ((lib = child_open(msg, "libcuda.so.1", resolve_probe)) != NULL) {
		*init = (int)sym_cuInit(0);
		json_object_set_new(msg, "init", json_integer(*init));
		if (sym_cuDriverGetVersion(&v) == 0) {
			json_object_set_new(msg, "version", json_integer(v));
		}
		if (*init == 0 && sym_cuDeviceGetCount(&count) == 0) {
			json_object_set_new(msg, "count",
			    json_integer(count));
			device_ccs(lib, msg, count);
		}
	}
	cds_child_send(msg);
	return lib;
}

/*
 * Call last, and only when libcuda.so.1 did not load: the stub's soname is
 * libcuda.so.1, so once mapped it answers every later dlopen of that name
 * in this process (the CUDA runtime's too).
 */
void
cds_stub_child_test(const char *stub)
{
	json_t *msg;
	char *sp, *sr, *se;
	void *s;

	if (stub == NULL) {
		return;
	}
	s = cds_dl_open(stub, RTLD_NOW | RTLD_LOCAL, &sp, &sr, &se);
	msg = json_object();
	json_object_set_new(msg, "t", json_string("stub"));
	json_object_set_new(msg, "path", json_string(stub));
	if (s == NULL) {
		json_object_set_new(msg, "error", json_string(se));
	} else {
		if (resolve_probe(s) == NULL) {
			json_object_set_new(msg, "init",
			    json_integer((int)sym_cuInit(0)));
		}
		dlclose(s);
	}
	cds_child_send(msg);
	free(sp);
	free(sr);
	free(se);
}

/* Resolve NVML's probe entry points of LIB into the pointers. */
#define NVML_SYM(sym, ret, args) static cds_fn_##sym nvml_##sym;
CDS_NVML_PROBE_FUNCS(NVML_SYM)
#undef NVML_SYM

static const char *
resolve_nvml(void *lib)
{
#define RESOLVE(sym, ret, args) \
	if ((*(void **)&nvml_##sym = dlsym(lib, #sym)) == NULL) { \
		return #sym; \
	}
	CDS_NVML_PROBE_FUNCS(RESOLVE)
#undef RESOLVE
	return NULL;
}

/* Child side: dlopen libnvidia-ml.so.1, nvmlInit_v2(), and send
 * {"t":"nvml"} with its result and words ("Driver Not Loaded"). */
static void
nvml_child(void)
{
	json_t *msg = json_object();
	const char *words;
	char ver[96];
	cds_nvmlres r;

	json_object_set_new(msg, "t", json_string("nvml"));
	/* the library stays mapped: unloading NVML buys nothing here */
	if (child_open(msg, "libnvidia-ml.so.1", resolve_nvml) != NULL) {
		r = nvml_nvmlInit_v2();
		json_object_set_new(msg, "init", json_integer((json_int_t)r));
		if (r != CDS_NVML_SUCCESS) {
			words = nvml_nvmlErrorString(r);
			json_object_set_new(msg, "error", json_string(
			    words != NULL ? words : "?"));
		} else {
			if (nvml_nvmlSystemGetDriverVersion(ver,
			    sizeof(ver)) == CDS_NVML_SUCCESS) {
				ver[sizeof(ver) - 1] = '\0';
				json_object_set_new(msg, "version",
				    json_string(ver));
			}
			nvml_nvmlShutdown();
		}
	}
	cds_child_send(msg);
}

int
cds_driver_child(json_t *arg)
{
	int init;

	if (cds_driver_child_load(&init) == NULL) {
		cds_stub_child_test(cds_msg_str(arg, "stub"));
	}
	nvml_child();
	return 0;
}
