/*
 * cds.h - the cudnn-setup engine, as its clients see it.
 *
 * This is the only header that ui/ includes.  The engine never prints, never
 * reads stdin and never touches a terminal: it reports through the callbacks
 * set below, and answers with return values and an error code on the handle.
 *
 * Conventions:
 *  - calls return 0 on success and -1 on failure, or a pointer and NULL;
 *    after a failure cds_errno() gives the code and cds_errdetail() the
 *    context (a path, a URL, a version);
 *  - every structure that owns heap memory has a NULL-safe *_free();
 *  - strings returned as `const char *` are owned by their container.
 */
#ifndef CDS_H
#define CDS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cds_handle cds_handle_t;

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

enum cds_err {
	CDS_ERR_OK = 0,
	CDS_ERR_MEMORY,		/* out of memory */
	CDS_ERR_USAGE,		/* an option or argument is wrong */
	CDS_ERR_BAD_INPUT,	/* a file or value we were given is malformed */
	CDS_ERR_MANIFEST,	/* a manifest is broken: JSON, schema, digest */
	CDS_ERR_NOT_FOUND,	/* a release, env or file does not exist */
	CDS_ERR_IO,		/* a read or write failed */
	CDS_ERR_NO_SPACE,	/* the disk is full */
	CDS_ERR_LOCKED,		/* another cudnn-setup holds the lock */
	CDS_ERR_NETWORK,	/* connection, DNS, timeout */
	CDS_ERR_HTTP,		/* the server answered with an error */
	CDS_ERR_TLS,		/* the certificate did not verify */
	CDS_ERR_CHECKSUM,	/* SHA-256 differs from the manifest */
	CDS_ERR_SIZE,		/* size differs from the manifest */
	CDS_ERR_ARCHIVE,	/* the archive cannot be read */
	CDS_ERR_UNSAFE_ARCHIVE,	/* the archive tries to escape or is hostile */
	CDS_ERR_DRIVER,		/* the driver cannot run the requested release */
	CDS_ERR_CANCELLED,	/* cds_cancel() was called */
	CDS_ERR_NEED_ANSWER,	/* a question had no one to answer it */
	CDS_ERR_CHILD,		/* a probe child process failed to run */
	CDS_ERR_UNSUPPORTED,	/* not possible on this platform */
	CDS_ERR_MAX
};

/* The last error on the handle (CDS_ERR_OK if none). */
int cds_errno(const cds_handle_t *h);
/* Translated text for an error code; static storage. */
const char *cds_strerror(int err);
/* Context of the last error ("" if none); owned by the handle, valid until
 * the next failing call. */
const char *cds_errdetail(const cds_handle_t *h);
/* Process exit status for an error code: 2 usage and bad input, 3 the job
 * could not run (network, disk, lock), 1 otherwise. */
int cds_exit_status(int err);

/* ------------------------------------------------------------------------ */
/* Handle                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * Create a handle that treats ROOT as "/" for everything it reads and writes
 * (NULL or "/" for the real system).  On failure returns NULL and stores the
 * error code in *err.  Free with cds_free().
 */
cds_handle_t *cds_new(const char *root, int *err);
void cds_free(cds_handle_t *h);

/* The root given to cds_new(), without a trailing slash ("" for "/"). */
const char *cds_root(const cds_handle_t *h);

/*
 * Manifest: our index.json or one of NVIDIA's redistrib_<label>.json files,
 * as a path or an http(s) URL.  Default: the shipped index.
 */
int cds_set_manifest(cds_handle_t *h, const char *path_or_url);
/* Base URLs tried in turn before the manifest's own. */
int cds_add_mirror(cds_handle_t *h, const char *url);
/* Directory of downloaded archives (NVIDIA relative_path layout). */
int cds_set_cache_dir(cds_handle_t *h, const char *dir);
void cds_set_offline(cds_handle_t *h, int offline);
/* Parallel transfers, 1..16. */
int cds_set_jobs(cds_handle_t *h, int jobs);
/* Install prefix (default /opt/nvidia as root, else
 * $XDG_DATA_HOME/cudnn-setup); relative to the root. */
int cds_set_prefix(cds_handle_t *h, const char *dir);
const char *cds_prefix(const cds_handle_t *h);
/* Memory limit for threaded decoding, in bytes (default 256 MiB). */
int cds_set_memlimit(cds_handle_t *h, uint64_t bytes);

/*
 * The environment of the target: what the scan and the loader emulation read
 * for LD_LIBRARY_PATH, PATH, CUDA_HOME, CONDA_PREFIX, HOME...  It starts as a
 * copy of the process environment.  A NULL value unsets.
 */
int cds_setenv(cds_handle_t *h, const char *name, const char *value);
const char *cds_getenv(const cds_handle_t *h, const char *name);

/* Ask the running job to stop at the next safe point (async-signal-safe). */
void cds_cancel(cds_handle_t *h);

/* ------------------------------------------------------------------------ */
/* Callbacks: events, progress, questions, logs                              */
/* ------------------------------------------------------------------------ */

enum cds_event_type {
	CDS_EV_SCAN_START = 1,
	CDS_EV_SCAN_DONE,
	CDS_EV_DOWNLOAD_START,
	CDS_EV_DOWNLOAD_RETRY,
	CDS_EV_DOWNLOAD_DONE,
	CDS_EV_VERIFY_START,
	CDS_EV_VERIFY_DONE,
	CDS_EV_EXTRACT_START,
	CDS_EV_EXTRACT_DONE,
	CDS_EV_COMMIT_START,
	CDS_EV_COMMIT_DONE,
	CDS_EV_FIXUP_START,
	CDS_EV_FIXUP_DONE,
	CDS_EV_PROBE_START,
	CDS_EV_PROBE_DONE,
	CDS_EV_CHECK_DONE,
	CDS_EV_LOCK_WAIT,
	CDS_EV_CLEANUP,
	CDS_EV_UNTRUSTED_MANIFEST
};

/* Payloads carry data, never sentences; clients choose the words. */
struct cds_event {
	enum cds_event_type type;
	union {
		struct {
			const char *name;	/* archive or component */
			const char *url;
			uint64_t size;		/* expected, 0 if unknown */
			uint64_t offset;	/* resumed from */
		} download;
		struct {
			const char *name;
			const char *url;
			int attempt;
			int err;		/* enum cds_err */
			long http_status;
			unsigned delay_ms;
		} retry;
		struct {
			const char *name;	/* archive, release or file */
			const char *path;
			int err;		/* for *_DONE: 0 or enum cds_err */
		} step;
		struct {
			const char *holder;	/* "pid 1234" */
			const char *path;
		} lock;
		struct {
			const char *name;	/* check name */
			int passed;
			double max_error;
			double ms;
		} check;
	} u;
};

enum cds_phase {
	CDS_PHASE_DOWNLOAD = 1,
	CDS_PHASE_VERIFY,
	CDS_PHASE_EXTRACT
};

enum cds_question {
	CDS_Q_PROCEED = 1,	/* data: const struct cds_plan * or NULL */
	CDS_Q_REMOVE_DEFAULT,	/* data: const char * release name */
	CDS_Q_REPAIR		/* data: const struct cds_repair_plan * */
};

enum cds_loglevel {
	CDS_LOG_ERROR = 0,
	CDS_LOG_WARNING,
	CDS_LOG_INFO,
	CDS_LOG_DEBUG
};

typedef void (*cds_event_cb)(void *ctx, const struct cds_event *ev);
/* Bytes done of total (0 if unknown) for one archive in one phase. */
typedef void (*cds_progress_cb)(void *ctx, const char *name,
    enum cds_phase phase, uint64_t done, uint64_t total);
/* Return 1 for yes, 0 for no, -1 when no one can answer. */
typedef int (*cds_question_cb)(void *ctx, enum cds_question q,
    const void *data);
typedef void (*cds_log_cb)(void *ctx, enum cds_loglevel level,
    const char *fmt, va_list ap);

void cds_set_event_cb(cds_handle_t *h, cds_event_cb fn, void *ctx);
void cds_set_progress_cb(cds_handle_t *h, cds_progress_cb fn, void *ctx);
void cds_set_question_cb(cds_handle_t *h, cds_question_cb fn, void *ctx);
void cds_set_log_cb(cds_handle_t *h, cds_log_cb fn, void *ctx);

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/* Compare dotted versions numerically ("12.10" > "12.9"); <0, 0, >0. */
int cds_vercmp(const char *a, const char *b);
/* Does VERSION fall under PREFIX ("12.4.1" under "12.4" and "12")? */
int cds_ver_has_prefix(const char *version, const char *prefix);
/* CUDA version as an integer the way the driver API reports it:
 * "12.4" -> 12040.  -1 if unparsable. */
int cds_cuda_int(const char *version);

/* ------------------------------------------------------------------------ */
/* Manifests                                                                 */
/* ------------------------------------------------------------------------ */

enum cds_kind {
	CDS_KIND_CUDA = 1,
	CDS_KIND_CUDNN
};

/* One downloadable archive of one component for one platform. */
struct cds_archive {
	char *component;	/* "cuda_cudart", "cudnn" */
	char *version;		/* the component's own version */
	char *variant;		/* "cuda12" for cuDNN 9, else NULL */
	char *relative_path;	/* under the base URL */
	char *sha256;		/* 64 lowercase hex digits */
	uint64_t size;		/* bytes; 0 if the manifest gives none */
};

/* A release known to the index (or given as a bare redistrib file). */
struct cds_release {
	enum cds_kind kind;
	char *version;		/* the label: "12.4.1", "9.3.0" */
	char *full_version;	/* "9.3.0.75"; = version for CUDA */
	char *redistrib;	/* file name under manifests/nvidia/ or URL */
	char *redistrib_sha256;	/* NULL when trusted through TLS alone */
	char *base_url;		/* ends with '/' */
	char *min_driver;	/* Linux, for CUDA; NULL for cuDNN */
	char **components;	/* CUDA: a toolkit install; NULL-terminated */
	/* cuDNN: one entry per CUDA variant */
	struct cds_cudnn_variant {
		char *name;		/* "cuda12", or "" for cuDNN 8 */
		char *cuda_min;		/* "12.0" */
		char *cuda_max;		/* "12.6", or "12" for any 12.x */
		char *min_driver;
	} *variants;
	size_t nvariants;
};

struct cds_framework_req {
	char *name;		/* "torch", "onnxruntime-gpu", ... */
	char *version;		/* "2.3", "1.20", "1.15-1.17" */
	char *variant;		/* "cu121", "cuda12" */
	char *cuda;		/* "12.1", "12" */
	char *cudnn;		/* "8.9.2.26", "9" */
	int is_default;		/* the build pip installs by default */
};

struct cds_manifest;

/*
 * Load the manifest set with cds_set_manifest() (or the shipped index).
 * The result is owned by the handle and stays valid until cds_free() or the
 * next cds_set_manifest().  Errors: CDS_ERR_MANIFEST (detail names the file
 * and the problem), CDS_ERR_NOT_FOUND, CDS_ERR_NETWORK for a URL.
 */
const struct cds_manifest *cds_manifest_load(cds_handle_t *h);
size_t cds_manifest_nreleases(const struct cds_manifest *m);
const struct cds_release *cds_manifest_release(const struct cds_manifest *m,
    size_t i);
/* Find by kind and version prefix ("12.4" finds the newest 12.4.x). */
const struct cds_release *cds_manifest_find(const struct cds_manifest *m,
    enum cds_kind kind, const char *version);
size_t cds_manifest_nframeworks(const struct cds_manifest *m);
const struct cds_framework_req *cds_manifest_framework(
    const struct cds_manifest *m, size_t i);
/* Minimum Linux driver for a CUDA version (by its major line). */
const char *cds_manifest_driver_floor(const struct cds_manifest *m,
    const char *cuda_version);
/* Whether the manifest is a bare redistrib file trusted through TLS alone. */
int cds_manifest_is_bare(const struct cds_manifest *m);

/*
 * The archives of RELEASE for PLATFORM ("linux-x86_64"), read from its
 * redistrib file after checking that file's digest against the index.
 * VARIANT selects the cuDNN CUDA variant ("cuda12"; NULL for CUDA).
 * Returns a NULL-terminated array owned by the handle.
 */
const struct cds_archive *const *cds_release_archives(cds_handle_t *h,
    const struct cds_release *rel, const char *platform, const char *variant);

/* Does framework row F match NAME and VERSION (NULL: any version)? */
int cds_framework_matches(const struct cds_framework_req *f,
    const char *name, const char *version);
/* Does a cuDNN variant support CUDA version CUDA? */
int cds_variant_covers(const struct cds_cudnn_variant *v, const char *cuda);
/*
 * Resolve a CUDA version and an optional cuDNN version (as a framework row
 * gives them: "12.1", "8.9.2.26", "9") to known releases: the oldest CUDA
 * release of that major at or above CUDA, and the newest cuDNN of that
 * major at or above CUDNN with a variant for the chosen CUDA (*variant).
 * Returns -1 when no release fits.
 */
int cds_manifest_resolve(const struct cds_manifest *m, const char *cuda,
    const char *cudnn, const struct cds_release **cuda_rel,
    const struct cds_release **cudnn_rel, const char **variant);

/* The platform name of this machine in NVIDIA's manifests. */
const char *cds_platform(void);

/* ------------------------------------------------------------------------ */
/* Scan: what is on the machine                                              */
/* ------------------------------------------------------------------------ */

/* Why there is no usable driver (cds_driver.state). */
enum cds_driver_state {
	CDS_DRIVER_OK = 0,	/* libcuda.so.1 loaded and cuInit succeeded */
	CDS_DRIVER_NO_MODULE,	/* no kernel module and no libcuda.so.1 */
	CDS_DRIVER_NO_LIBRARY,	/* module loaded, libcuda.so.1 not found */
	CDS_DRIVER_STUB,	/* the loader finds a toolkit stub (error 34) */
	CDS_DRIVER_INIT_FAILED,	/* cuInit returned an error (see init_error) */
	CDS_DRIVER_NOT_PROBED	/* --root: the driver of another system */
};

struct cds_driver {
	enum cds_driver_state state;
	char *module_version;	/* "550.54.15" from /proc or /sys; NULL */
	char *libcuda_path;	/* what the loader would map; NULL */
	char *libcuda_version;	/* from the file name, "550.54.15"; NULL */
	char *stub_path;	/* a stub libcuda.so seen on a search path */
	char *stub_via;		/* "LD_LIBRARY_PATH", "ld.so.conf", ... */
	int cuda_version;	/* cuDriverGetVersion(), 12040; 0 if unknown */
	int init_error;		/* CUresult of cuInit, 0 if fine or unknown */
	int wsl;		/* running under WSL2 */
	int wsl_lib_on_path;	/* /usr/lib/wsl/lib is searched */
	int ndevices;
};

struct cds_toolkit {
	char *path;		/* as found: "/usr/local/cuda-12.4" */
	char *realpath;		/* symlinks resolved inside the root */
	char *version;		/* "12.4.1", "13.0.88", or NULL */
	char *version_source;	/* "version.json", "version.txt", "nvcc",
				   "cuda.h" */
	char *libdir;		/* lib64 or targets/<arch>/lib */
	unsigned found_by;	/* CDS_FOUND_* bits */
	int is_default;		/* /usr/local/cuda points here */
	int exists;		/* 0: named (a link, CUDA_HOME) but missing */
	int has_runtime;	/* libcudart.so.N present */
	int has_nvcc;
	char *found_via;	/* "CUDA_HOME=/usr/local/cuda" etc., or NULL */
};

enum {
	CDS_FOUND_DIR = 1,		/* /usr/local/cuda-* */
	CDS_FOUND_CUDA_HOME = 2,
	CDS_FOUND_CUDA_PATH = 4,
	CDS_FOUND_NVCC_PATH = 8,	/* nvcc on PATH */
	CDS_FOUND_LINK = 16,		/* the /usr/local/cuda symlink */
	CDS_FOUND_PREFIX = 32		/* a cudnn-setup prefix */
};

enum cds_origin {
	CDS_ORIGIN_TOOLKIT = 1,	/* inside a CUDA toolkit */
	CDS_ORIGIN_SYSTEM,	/* /usr/lib/x86_64-linux-gnu, ld.so.conf */
	CDS_ORIGIN_CONDA,	/* a conda package in <env>/lib */
	CDS_ORIGIN_PIP,		/* site-packages/nvidia/cudnn/lib */
	CDS_ORIGIN_PREFIX,	/* a cudnn-setup prefix */
	CDS_ORIGIN_PATH		/* a directory on LD_LIBRARY_PATH */
};

/* One library file of a cuDNN copy. */
struct cds_libfile {
	char *name;		/* file name as found: "libcudnn_ops.so.9" */
	char *soname;		/* DT_SONAME, NULL if none */
	char *version;		/* from the real file's name: "9.1.0" */
	int is_link;		/* a symlink */
	char *target;		/* its target, for links */
};

/* One directory holding cuDNN libraries. */
struct cds_cudnn {
	char *dir;
	enum cds_origin origin;
	char *env;		/* owning conda env name or prefix, or NULL */
	int major;		/* 8, 9 */
	char *version;		/* best knowledge: "9.19.0" */
	char *header_version;	/* from cudnn_version.h, NULL if none */
	char *package_version;	/* conda-meta or dist-info: "9.19.0.56" */
	struct cds_libfile *files;
	size_t nfiles;
	char **missing;		/* sonames of the set not present */
	char **mixed;		/* files whose version differs from the set */
	int has_dev_links;	/* libcudnn.so -> libcudnn.so.N present */
	int complete;		/* every sublibrary of the major present */
};

enum cds_framework_kind {
	CDS_FW_TORCH = 1,
	CDS_FW_ONNXRUNTIME,
	CDS_FW_TENSORFLOW,
	CDS_FW_JAX,
	CDS_FW_OTHER
};

/* A Python package that uses CUDA, or an NVIDIA pip wheel. */
struct cds_package {
	char *name;		/* normalised: "torch", "nvidia-cudnn-cu12" */
	char *version;		/* "2.3.1+cu121", "9.1.0.70" */
	char *location;		/* site-packages dir or conda-meta file */
	char *cuda;		/* what it was built for, "12.1"; NULL */
	char *cudnn;		/* what it pins, "8.9.2.26"; NULL */
	char *libdir;		/* its native library dir, if any */
	enum cds_framework_kind kind;
	int from_conda;		/* a conda package, not pip */
};

struct cds_env {
	char *name;		/* "base", "dl310", or the path */
	char *prefix;
	int is_active;		/* $CONDA_PREFIX */
	int is_conda;		/* has conda-meta/ */
	char *python;		/* "3.10", NULL if none */
	char *site_packages;
	char *conda_cudnn;	/* version of the conda cudnn package */
	char *conda_cudatoolkit;/* cudatoolkit or cuda-cudart package */
	struct cds_package *packages;
	size_t npackages;
};

/* A directory on the loader's path and why it is there. */
struct cds_searchdir {
	char *dir;
	char *via;		/* "LD_LIBRARY_PATH", "/etc/ld.so.conf.d/x.conf",
				   "default" */
	int exists;
};

struct cds_scan {
	struct cds_driver driver;
	struct cds_toolkit *toolkits;
	size_t ntoolkits;
	struct cds_cudnn *cudnns;
	size_t ncudnns;
	struct cds_env *envs;
	size_t nenvs;
	struct cds_package *system_packages;	/* the system Python */
	size_t nsystem_packages;
	struct cds_searchdir *searchdirs;	/* in the loader's order */
	size_t nsearchdirs;
	char *default_link;	/* "/usr/local/cuda" when it is a link */
	char *default_toolkit;	/* where /usr/local/cuda points, or NULL */
	char *active_toolkit;	/* CUDA_HOME, else nvcc's, else default */
	char *active_via;	/* "CUDA_HOME", "nvcc on PATH", "/usr/local/cuda" */
	int nvidia_pci;		/* NVIDIA devices on the PCI bus */
	char *narrowed_env;	/* --env/--prefix given: that env's prefix */
	double elapsed_ms;
};

/* Scan flags. */
enum {
	CDS_SCAN_NO_DYNAMIC = 1	/* do not dlopen libcuda in a child */
};

/*
 * Look at the machine (under the handle's root).  ENV narrows conda/pip
 * scanning to one env: a name, a path, or NULL for all.  Emits
 * CDS_EV_SCAN_START/DONE.  Free with cds_scan_free().  Errors:
 * CDS_ERR_NOT_FOUND when ENV names nothing.
 */
struct cds_scan *cds_scan_run(cds_handle_t *h, const char *env,
    unsigned flags);
void cds_scan_free(struct cds_scan *s);

/* Find an env by name or path; NULL if none. */
const struct cds_env *cds_scan_env(const struct cds_scan *s,
    const char *name_or_path);

/* ------------------------------------------------------------------------ */
/* Findings                                                                  */
/* ------------------------------------------------------------------------ */

enum cds_severity {
	CDS_SEV_NOTE = 0,
	CDS_SEV_WARNING,
	CDS_SEV_ERROR
};

/* A key/value line of evidence: "file" = "/usr/lib/libcudnn.so.8.3.2". */
struct cds_evidence {
	char *key;
	char *value;
};

/* What repair does for a finding. */
enum cds_fix_kind {
	CDS_FIX_NONE = 0,	/* a person must act (reboot, driver) */
	CDS_FIX_SYMLINK,	/* create link `path` -> `target` */
	CDS_FIX_RELINK,		/* replace regular file `path` by a link */
	CDS_FIX_ACTIVATE,	/* write env activation scripts */
	CDS_FIX_INSTALL,	/* install release `target` */
	CDS_FIX_REMOVE_PATH,	/* drop `path` from LD_LIBRARY_PATH */
	CDS_FIX_REMOVE		/* delete the file or link `path` */
};

struct cds_fix {
	enum cds_fix_kind kind;
	char *path;
	char *target;
	char *command;		/* the shell command a person could type */
};

struct cds_finding {
	const char *id;		/* stable: "F1", "CDS-STUB-LIBCUDA" */
	enum cds_severity severity;
	char *title;		/* one untranslated line of data for logs */
	struct cds_evidence *evidence;
	size_t nevidence;
	struct cds_fix *fixes;
	size_t nfixes;
};

struct cds_findings {
	struct cds_finding *items;	/* most severe first */
	size_t n;
};

/*
 * Run doctor's rules over a scan.  Findings are sorted most severe first.
 * Free with cds_findings_free().
 */
struct cds_findings *cds_findings_run(cds_handle_t *h,
    const struct cds_scan *s);
void cds_findings_free(struct cds_findings *f);
/* The highest severity present, or -1 when there are none. */
int cds_findings_worst(const struct cds_findings *f);

/* Rule metadata for a finding id: a translated title template and the
 * catalogue entry it comes from; NULL if unknown. */
const char *cds_rule_summary(const char *id);

/* ------------------------------------------------------------------------ */
/* ELF and the loader                                                        */
/* ------------------------------------------------------------------------ */

/*
 * Static evidence: an ELF file's dynamic section read without loading it,
 * and the dynamic loader (glibc's ld.so) emulated over those files.
 * Dynamic evidence: a child process that really dlopen()s libraries.
 */

/* A symbol version: required from a file, or defined by one. */
struct cds_elf_version {
	const char *name;	/* "libcudnn_ops_infer.so.8", "GLIBC_2.2.5" */
	int weak;		/* a weak requirement: missing is not fatal */
};

/* The versions an object requires from one file (.gnu.version_r). */
struct cds_elf_verneed {
	const char *file;	/* vn_file: "libcudnn_ops_infer.so.8" */
	const struct cds_elf_version *versions;
	size_t nversions;
};

/* A dynamic symbol, defined or imported. */
struct cds_elf_sym {
	const char *name;	/* "_ZN15TracebackLoggerC1EPKc" */
	const char *version;	/* version name, NULL when unversioned */
	const char *file;	/* imports: the file the version is required
				   from (vn_file); NULL otherwise */
	int weak;		/* STB_WEAK */
	int hidden;		/* defined as name@version, not name@@version */
	int type;		/* STT_FUNC, STT_OBJECT, ... */
};

struct cds_elf;

/*
 * Read the dynamic linking information of the ELF file at HOSTPATH (a path
 * on this machine: add the root with the handle's rules first): class,
 * machine, SONAME, NEEDED, RPATH, RUNPATH, the symbol versions it needs
 * and defines, and its dynamic symbols.  ELF32 and ELF64 of either byte
 * order.  Only the headers and the dynamic tables are read, never the
 * whole file, so a 250 MB library costs a few reads.  Every offset and
 * count in the file is checked: a truncated or hostile file is an error,
 * never a crash.  A file without a dynamic section (a static program) is
 * not an error: its lists are empty.
 * Returns a new object (free with cds_elf_free()) or NULL with
 * CDS_ERR_NOT_FOUND or CDS_ERR_IO (detail: path and reason) or
 * CDS_ERR_BAD_INPUT (not ELF, truncated, corrupt: detail names which).
 * Emits no events.
 */
struct cds_elf *cds_elf_open(cds_handle_t *h, const char *hostpath);
void cds_elf_free(struct cds_elf *e);

/* Accessors.  Strings and arrays are owned by E and live as long as it. */
const char *cds_elf_path(const struct cds_elf *e);	/* as opened */
int cds_elf_class(const struct cds_elf *e);		/* 32 or 64 */
int cds_elf_big_endian(const struct cds_elf *e);
unsigned cds_elf_machine(const struct cds_elf *e);	/* e_machine: 62 */
unsigned cds_elf_type(const struct cds_elf *e);		/* e_type: 3 ET_DYN */
/* A short name for an e_machine value: "x86-64", "AArch64"; never NULL. */
const char *cds_elf_machine_name(unsigned machine);
/* DT_SONAME, or NULL. */
const char *cds_elf_soname(const struct cds_elf *e);
/* PT_INTERP (programs), or NULL. */
const char *cds_elf_interp(const struct cds_elf *e);
/* DT_NEEDED names in file order; NULL-terminated, never NULL. */
char *const *cds_elf_needed(const struct cds_elf *e);
/* DT_RPATH and DT_RUNPATH as written (":"-separated, "$ORIGIN" not
 * expanded), or NULL when absent. */
const char *cds_elf_rpath(const struct cds_elf *e);
const char *cds_elf_runpath(const struct cds_elf *e);
/* DF_1_NODEFLIB: the loader skips its cache and default directories. */
int cds_elf_nodeflib(const struct cds_elf *e);
/* Whether the object has version tables: .gnu.version_d (it defines
 * versions) and .gnu.version (its symbols carry versions). */
int cds_elf_has_verdef(const struct cds_elf *e);

/* Versions needed, one entry per file, in file order; *N gets the count. */
const struct cds_elf_verneed *cds_elf_verneeds(const struct cds_elf *e,
    size_t *n);
/* The entry for FILE ("libcudnn_ops_infer.so.8"), or NULL. */
const struct cds_elf_verneed *cds_elf_verneed_find(const struct cds_elf *e,
    const char *file);
/* Version names defined, without the base entry (the file's own name);
 * NULL-terminated, never NULL. */
char *const *cds_elf_verdefs(const struct cds_elf *e);
/* Does E define version VERSION?  The base definition (the file's own
 * name, usually its soname) counts, as it does for ld.so's version check:
 * a library whose version node is its soname satisfies a requirement of
 * that version whatever symbols it holds. */
int cds_elf_defines_version(const struct cds_elf *e, const char *version);

/* Dynamic symbols E defines (global and weak, default and protected
 * visibility, as ld.so sees them), and the ones it imports. */
const struct cds_elf_sym *cds_elf_defined(const struct cds_elf *e,
    size_t *n);
const struct cds_elf_sym *cds_elf_undefined(const struct cds_elf *e,
    size_t *n);
/*
 * Does E define SYM so that a reference to SYM at VERSION binds to it, by
 * ld.so's rules?  VERSION NULL: an unversioned reference (the default
 * definition or an unversioned one).  With a VERSION, a definition of
 * that version matches, default or not; an object without version tables
 * matches any definition (ld.so then also requires that it is the file the
 * version was required from: cds_loader_resolve() checks that).
 * Returns 1 or 0.  The first call sorts an index (a few microseconds per
 * hundred symbols).
 */
int cds_elf_defines(const struct cds_elf *e, const char *sym,
    const char *version);

/*
 * The loader, emulated: glibc ld.so's search and binding rules applied to
 * the files under the handle's root, for the handle's environment
 * (cds_getenv(h, "LD_LIBRARY_PATH")).  Nothing is loaded.
 *
 * The search for a name without '/', as ld.so does it: DT_RPATH of the
 * object that asks and of the objects that loaded it, in turn (only when
 * the asking object has no DT_RUNPATH), then LD_LIBRARY_PATH, then the
 * asking object's DT_RUNPATH, then what ld.so.cache would hold (the
 * directories of /etc/ld.so.conf and its includes, in order, then the
 * trusted directories), then the default directories; the last two are
 * skipped for an object marked DF_1_NODEFLIB.  $ORIGIN, $LIB and $PLATFORM
 * are expanded.  A file of the other ELF class or another machine is
 * passed over; a file ld.so cannot read (not ELF, too short, a directory)
 * stops the search with ld.so's error.
 *
 * Not emulated (the comments of src/loader.c say why): the binary
 * ld.so.cache itself (its content is rebuilt from ld.so.conf, as if
 * ldconfig had just run), glibc-hwcaps and legacy hwcap subdirectories,
 * $ORIGIN in LD_LIBRARY_PATH (the program is not known), LD_PRELOAD, and
 * the program's own RPATH and libraries (the program is not known).
 */

/* Which step of the search found a library. */
enum cds_ld_via {
	CDS_LD_NOT_FOUND = 0,
	CDS_LD_LOADED,		/* already loaded under that name or soname,
				   or the same file under another name */
	CDS_LD_DIRECT,		/* the name holds a '/': opened as given */
	CDS_LD_RPATH,		/* DT_RPATH of the asking object or one that
				   loaded it */
	CDS_LD_LIBRARY_PATH,	/* LD_LIBRARY_PATH */
	CDS_LD_RUNPATH,		/* DT_RUNPATH of the asking object */
	CDS_LD_CACHE,		/* ld.so.cache: an ld.so.conf directory or a
				   trusted directory */
	CDS_LD_DEFAULT		/* ld.so's built-in default directories */
};

/* The untranslated name of a step: "RPATH", "LD_LIBRARY_PATH", "RUNPATH",
 * "ld.so.cache", "default", "loaded", "path", "not found". */
const char *cds_ld_via_name(enum cds_ld_via via);

/* One search for one name, as ld.so would do it. */
struct cds_ld_found {
	char *name;		/* as asked: "libcudnn_ops_infer.so.8" */
	char *path;		/* the target path ld.so opens (directory as
				   written + name, no symlink resolved: what
				   ld.so prints); NULL if not found */
	char *realpath;		/* PATH with symlinks resolved in the root */
	enum cds_ld_via via;
	int entry;		/* 1-based position of the directory in that
				   list (LD_LIBRARY_PATH "a::b": b is 3); 0
				   when there is no list */
	char *dir;		/* the directory, expanded; NULL if none */
	char *dir_as_written;	/* "$ORIGIN/../lib"; NULL if none */
	char *from;		/* RPATH/RUNPATH: the target path of the object
				   whose entry it is; CACHE: the ld.so.conf
				   file listing the directory ("" for a
				   trusted one); else NULL */
	char *how;		/* one untranslated line of evidence:
				   "LD_LIBRARY_PATH entry 2: /opt/old/lib" */
	char *error;		/* when not found or refused: ld.so's words
				   as dlerror() gives them ("libx.so.1:
				   cannot open shared object file: No such
				   file or directory"); else NULL */
	char **skipped;		/* files passed over: "/p/libx.so.1: wrong ELF
				   class: ELFCLASS32"; NULL-terminated, never
				   NULL */
};

/* Flags of the loader calls. */
enum {
	CDS_LD_ALL_SYMBOLS = 1	/* also check unversioned symbol references
				   (off by default: the program, unknown
				   here, may define them) */
};

/*
 * Find one library the way ld.so would when CONSUMER (may be NULL: the
 * program asks, and has no RPATH) needs NAME: a bare soname
 * ("libcudnn.so.9") or a target path.  CONSUMER's own RPATH/RUNPATH and
 * $ORIGIN apply (no loading chain: see cds_loader_resolve() for that).
 * Files of another class or machine than CONSUMER's (or this machine's
 * when NULL) are passed over.  Returns a new result, also when nothing is
 * found (->path NULL, ->error set); free with cds_ld_found_free().  NULL
 * only for bad arguments (CDS_ERR_USAGE).
 */
struct cds_ld_found *cds_loader_find(cds_handle_t *h, const char *name,
    const struct cds_elf *consumer, unsigned flags);
void cds_ld_found_free(struct cds_ld_found *f);

/*
 * The loader's directories in search order for CONSUMER (NULL: the
 * program): its RPATH (when it has no RUNPATH), LD_LIBRARY_PATH, its
 * RUNPATH, the ld.so.conf directories, the default ones.  `via` is
 * "RPATH", "LD_LIBRARY_PATH", "RUNPATH", the ld.so.conf file's target path
 * ("/etc/ld.so.conf.d/cuda.conf"), or "default" (ld.so's built-in and
 * ldconfig's trusted directories, listed once).  A directory listed twice
 * by ld.so.conf files appears once, as ldconfig keeps it.  Returns a new
 * array of *N entries (never NULL); free with cds_searchdirs_free().
 */
struct cds_searchdir *cds_loader_searchdirs(cds_handle_t *h,
    const struct cds_elf *consumer, size_t *n);
void cds_searchdirs_free(struct cds_searchdir *dirs, size_t n);

#define CDS_LD_NONE ((size_t)-1)

/* One object of a resolution: a library ld.so looked up. */
struct cds_ld_object {
	struct cds_ld_found found;	/* how it was found, or not */
	char *soname;		/* DT_SONAME, NULL if none or not found */
	struct cds_elf *elf;	/* its ELF data, owned by the resolution;
				   NULL when not found or unreadable */
	size_t loader;		/* the object whose DT_NEEDED or dlopen()
				   asked for it; CDS_LD_NONE: the program */
	size_t load;		/* the request (cds_ld_resolution.loads) */
	size_t *needed;		/* objects its DT_NEEDED resolved to, in
				   order (an earlier object when shared) */
	size_t nneeded;
	int unloaded;		/* its request failed: ld.so unmapped it */
};

enum cds_ld_problem_kind {
	CDS_LD_MISSING = 1,	/* a library not found */
	CDS_LD_UNUSABLE,	/* found, but ld.so refuses or cannot read it */
	CDS_LD_NO_VERSION,	/* a required version is not defined */
	CDS_LD_NO_SYMBOL	/* a symbol reference binds to nothing */
};

/* Something that makes a dlopen() fail. */
struct cds_ld_problem {
	enum cds_ld_problem_kind kind;
	size_t load;		/* the request it breaks */
	size_t object;		/* MISSING/UNUSABLE: the object not found or
				   refused; NO_VERSION/NO_SYMBOL: the object
				   with the requirement */
	size_t provider;	/* NO_VERSION: the file that lacks the version;
				   NO_SYMBOL: the object loaded for the
				   version's file (CDS_LD_NONE if none) */
	char *name;		/* the soname, version or symbol */
	char *version;		/* NO_SYMBOL: the version required, or NULL */
	char *message;		/* ld.so's text as dlerror() gives it:
				   "/a/libcudnn_cnn_infer.so.8: undefined
				   symbol: _ZN15TracebackLoggerC1EPKc, version
				   libcudnn_ops_infer.so.8", "/x/liba.so.1:
				   version `A_1' not found (required by
				   /y/libb.so.1)" */
};

/* One dlopen() request and what it would return. */
struct cds_ld_load {
	char *name;		/* as given */
	size_t caller;		/* the request whose object calls dlopen()
				   (its RPATH/RUNPATH apply), or CDS_LD_NONE
				   for the program */
	size_t object;		/* its object (found or not: the entry holds
				   the search and its error) */
	char *error;		/* what dlerror() would say after
				   dlopen(name, RTLD_NOW | RTLD_LOCAL), NULL
				   when it loads */
};

struct cds_ld_resolution {
	struct cds_ld_load *loads;	/* in the order asked */
	size_t nloads;
	struct cds_ld_object *objects;	/* in the order ld.so met them */
	size_t nobjects;
	struct cds_ld_problem *problems; /* in the order ld.so meets them:
					   per request, the first is the one
					   dlopen() reports */
	size_t nproblems;
	double elapsed_ms;
};

/* A dlopen() to emulate: NAME (a target path or a bare soname), called
 * from the object of the earlier request CALLER, or CDS_LD_NONE for the
 * program. */
struct cds_ld_request {
	const char *name;
	size_t caller;
};

/*
 * RESOLVE: emulate dlopen(name, RTLD_NOW | RTLD_LOCAL) for each request in
 * turn in one process: find the library, then its DT_NEEDED tree breadth
 * first (each soname loaded once, the first found wins, already loaded
 * objects shared between requests), then check every required symbol
 * version against the file that provides it and every versioned symbol
 * reference against the objects in the request's scope, by ld.so's rules.
 * A failed request leaves nothing loaded for the next one, as in ld.so.
 * Problems carry ld.so's exact message.  When several symbols are missing,
 * ld.so reports the first one it relocates, which may be another of those
 * listed.  FLAGS: CDS_LD_ALL_SYMBOLS.
 * Returns a new resolution (free with cds_ld_resolution_free()), or NULL
 * with CDS_ERR_USAGE for an empty or relative name or a bad caller.
 * Emits no events.
 */
struct cds_ld_resolution *cds_loader_resolve_seq(cds_handle_t *h,
    const struct cds_ld_request *reqs, size_t n, unsigned flags);
/* The same for one library asked by the program. */
struct cds_ld_resolution *cds_loader_resolve(cds_handle_t *h,
    const char *name, unsigned flags);
void cds_ld_resolution_free(struct cds_ld_resolution *r);
/* The live object loaded under NAME (a soname or a name it was asked
 * by), or NULL. */
const struct cds_ld_object *cds_ld_resolution_object(
    const struct cds_ld_resolution *r, const char *name);

/*
 * Dynamic evidence (MAPS): a child process started with the handle's
 * environment (LD_LIBRARY_PATH and all, set before it starts, since ld.so
 * reads them only then) dlopen()s libraries in turn with RTLD_NOW |
 * RTLD_LOCAL and reports each dlerror(), the file ld.so really loaded,
 * and the CUDA files it mapped (/proc/self/maps).  The child is this
 * program run again (/proc/self/exe) with a hidden first argument: every
 * program that calls cds_dlprobe_run() must call cds_dlprobe_child() at
 * the very top of main() (see cds_dlprobe_is_child()).
 */

/* The hidden first argument of the probe's child. */
#define CDS_DLPROBE_ARG "--internal-dlprobe"

/* One library the child loaded, or tried to. */
struct cds_dlprobe_lib {
	char *name;		/* as given: a soname or a path */
	int reached;		/* the child began loading it */
	int ok;			/* dlopen() returned a handle */
	char *error;		/* dlerror() text when it failed, else NULL */
	char *path;		/* the file ld.so loaded for it (its link-map
				   name); when RTLD_NOW failed, from a
				   RTLD_LAZY retry, closed again; NULL */
	long cudnn_version;	/* its own cudnnGetVersion(), 0 if none */
	int signal;		/* the child died of this signal while
				   loading it (a crash is a result) */
	char **mapped;		/* libcu*, libnv* files mapped right after it
				   loaded (after the RTLD_LAZY retry when
				   RTLD_NOW failed: what ld.so had picked);
				   NULL-terminated, never NULL */
};

struct cds_dlprobe {
	struct cds_dlprobe_lib *libs;	/* one per library asked */
	size_t nlibs;
	char **maps;		/* libcu*, libnv* files mapped when the child
				   finished, in address order, once each
				   (libcurl excluded); NULL-terminated, never
				   NULL */
	int exit_status;	/* the child's exit status, -1 if a signal
				   ended it */
	int signal;		/* the signal that ended it, 0 if none */
	int timed_out;		/* it ran past the timeout and was killed */
	char *output;		/* what it wrote to stdout and stderr, the
				   first 64 KiB; never NULL */
	double elapsed_ms;
};

/*
 * Run the probe over LIBS (NULL-terminated: sonames or paths, loaded in
 * that order in one process), killing the child after TIMEOUT_MS
 * milliseconds (0: 5000).  A library that fails, a child that crashes or
 * hangs: all are results.  Returns a new result (free with
 * cds_dlprobe_free()), or NULL with CDS_ERR_UNSUPPORTED under --root (the
 * libraries of another system cannot be run here), CDS_ERR_USAGE for an
 * empty list, or CDS_ERR_CHILD when the child could not start (detail:
 * why, with its first line of output).  Emits no events.
 */
struct cds_dlprobe *cds_dlprobe_run(cds_handle_t *h, char *const *libs,
    unsigned timeout_ms);
void cds_dlprobe_free(struct cds_dlprobe *p);

/* Is this process the probe's child (argv[1] is CDS_DLPROBE_ARG)? */
int cds_dlprobe_is_child(int argc, char **argv);
/* The child's whole work; returns the process exit status.  Call it first
 * thing in main(), before setlocale() or anything that loads libraries:
 *   if (cds_dlprobe_is_child(argc, argv))
 *           return cds_dlprobe_child(argc, argv);
 */
int cds_dlprobe_child(int argc, char **argv);

/* ------------------------------------------------------------------------ */
/* Install (issue: install)                                                  */
/* ------------------------------------------------------------------------ */


/* ------------------------------------------------------------------------ */
/* Verify (issue: verify)                                                    */
/* ------------------------------------------------------------------------ */


/* ------------------------------------------------------------------------ */
/* Repair (issue: repair)                                                    */
/* ------------------------------------------------------------------------ */


/* ------------------------------------------------------------------------ */
/* Explain (issue: findings)                                                 */
/* ------------------------------------------------------------------------ */

/*
 * `explain`: recognise a failure from the text a program printed, then run
 * the checks that tell its known causes apart on this machine.  Entries
 * are failure-modes.md's ("F1"...) and doctor's own ids ("STUB-LIBCUDA",
 * "NO-DRIVER").  The patterns capture what differs between machines:
 * paths, versions, symbols, sonames.
 */

/* One part of the text recognised as one entry. */
struct cds_explain_match {
	const char *id;		/* the entry: "F1" (static) */
	int rank;		/* lower is more specific */
	size_t offset;		/* where in the text it starts */
	char *text;		/* the part that matched */
	struct cds_evidence *captures;	/* what it names: "file", "symbol",
					   "provider", "missing" (a soname it
					   could not open), "library",
					   "runtime", "compiled", "sm",
					   "gcc"... */
	size_t ncaptures;
};

/* One known cause of the entry's failure. */
struct cds_explain_cause {
	const char *text;	/* translated, one line */
	const char *const *ids;	/* the finding ids that show it (static,
				   NULL-terminated) */
	int finding;		/* index in ->findings of the finding that
				   shows it here, -1 if none */
};

struct cds_explanation {
	struct cds_explain_match *matches;	/* best first */
	size_t nmatches;
	const char *id;		/* the entry explained: matches[0].id */
	const char *title;	/* translated, one line */
	const char *meaning;	/* translated: what it means, plainly */
	const char *fix;	/* translated: what to do when no cause is
				   found here */
	struct cds_explain_cause *causes;	/* in the catalogue's order */
	size_t ncauses;
	/* Filled by cds_explain_check(): */
	int checked;
	int verdict;		/* index in ->causes of the cause found here,
				   -1 when none is */
	struct cds_findings *findings;	/* the findings here that bear on
					   the entry (doctor's, and the
					   checks of what the message
					   names), those naming it first */
	size_t others;		/* doctor's other findings, not shown */
};

/*
 * Recognise TEXT (a message pasted whole: any length, several lines).
 * Returns a new explanation (free with cds_explanation_free()), or NULL
 * with CDS_ERR_NOT_FOUND when no known failure matches, CDS_ERR_USAGE for
 * empty text.  Reads nothing, emits no events.
 */
struct cds_explanation *cds_explain_text(cds_handle_t *h, const char *text);
/*
 * Run the checks on this machine (under the handle's root): doctor's rules
 * over scan S, and checks of what the message names (the library it could
 * not open: found here, installed elsewhere, or not installed; the file
 * that failed: loaded here by path through the loader emulation; the
 * GPU's architecture against the frameworks' kernels).  Fills ->findings,
 * ->causes[].finding and ->verdict.  The manifest must be loaded.
 * Returns 0.
 */
int cds_explain_check(cds_handle_t *h, struct cds_explanation *x,
    const struct cds_scan *s);
void cds_explanation_free(struct cds_explanation *x);
/* The translated one-line title of an entry, or NULL if unknown. */
const char *cds_explain_title(const char *id);


#ifdef __cplusplus
}
#endif

#endif /* CDS_H */
