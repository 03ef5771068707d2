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
	CDS_ERR_CONFLICT,	/* two archives of one release ship one path
				   with different contents (the server's
				   data is wrong; nothing is committed) */
	CDS_ERR_SIGNATURE,	/* a signature does not verify, or is by a
				   key this program does not trust */
	CDS_ERR_ROLLBACK,	/* an index older than the one held */
	CDS_ERR_EXPIRED,	/* an index past its expiry date */
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

/*
 * An error is data: beside its code, the case of that code it is (a
 * reason) and the names involved, so that each client says it in its own
 * words and adds its own hints (the command line names its options, the
 * wizard its fields).  cds_errdetail() stays an English rendering of the
 * same, for logs.  Options are named by the setting they fill, without
 * dashes ("cuda", "cudnn", "for", "mirror", "jobs", "timeout", "memlimit",
 * "deadline", "prefix", "env", "root", "url", "force", "allow-expired").
 */
enum cds_reason {
	CDS_REASON_NONE = 0,	/* no case named: the detail says it */
	CDS_REASON_SYSTEM,	/* a system call on PATH failed (ERRNO) */
	CDS_REASON_RANGE,	/* OPTION VALUE not within MIN..MAX */
	CDS_REASON_BAD_URL,	/* OPTION VALUE is not a URL we fetch */
	CDS_REASON_NOT_ABSOLUTE, /* OPTION VALUE is not an absolute path */
	CDS_REASON_BAD_NAME,	/* VALUE (of OPTION) is not a valid name */
	CDS_REASON_BAD_SYNTAX,	/* OPTION VALUE is not of the form WHY */
	CDS_REASON_UNKNOWN_RELEASE, /* OPTION VALUE is not in PATH; KNOWN */
	CDS_REASON_NO_CUDNN_FOR_CUDA, /* no cuDNN (VALUE) is built for CUDA */
	CDS_REASON_NO_CUDA_FOR_CUDNN, /* no CUDA fits RELEASE's builds KNOWN */
	CDS_REASON_NO_BUILD_FOR_CUDA, /* RELEASE has no build for CUDA; KNOWN */
	CDS_REASON_NOTHING_TO_DO, /* neither CUDA nor cuDNN asked for */
	CDS_REASON_DRIVER_TOO_OLD, /* RELEASE needs driver NEED; HAVE here
				   (SOURCE) */
	CDS_REASON_KNOWN_BAD,	/* RELEASE (with CUDA) is known bad: WHY */
	CDS_REASON_UNKNOWN_PACKAGE, /* PACKAGE is not in PATH's framework
				   table */
	CDS_REASON_UNKNOWN_VERSION, /* PACKAGE==VERSION is not there; KNOWN */
	CDS_REASON_NO_FRAMEWORK_BUILD, /* PACKAGE(==VERSION) has no build
				   for CUDA */
	CDS_REASON_NO_PAIR,	/* PACKAGE(==VERSION)'s OTHER build needs
				   CUDA and CUDNN; no known pair fits */
	CDS_REASON_NEEDS_INDEX,	/* OPTION needs the index; PATH is a
				   single redistrib file */
	CDS_REASON_MANIFEST_HOLDS, /* OPTION VALUE: PATH holds RELEASE only */
	CDS_REASON_NO_ARCHIVE,	/* RELEASE has no archive for OTHER (the
				   platform) in PATH */
	CDS_REASON_NOT_OURS,	/* PATH exists, not installed by us */
	CDS_REASON_NOT_INSTALLED, /* RELEASE is not installed in PATH; KNOWN */
	CDS_REASON_NO_DEFAULT,	/* RELEASE has no default in PATH */
	CDS_REASON_AMBIGUOUS,	/* VALUE matches each of KNOWN */
	CDS_REASON_IS_DEFAULT,	/* RELEASE is the default (PATH): it stays
				   unless OPTION ("force") */
	CDS_REASON_BAD_RECEIPT,	/* PATH: field OTHER: WHY */
	CDS_REASON_NO_SPACE,	/* PATH: HAVE MiB free, NEED MiB needed
				   for archives of OTHER MiB */
	CDS_REASON_CONFLICT,	/* RELEASE: PATH in ARCHIVE and OTHER
				   differ */
	CDS_REASON_DECLINED,	/* the plan was declined */
	CDS_REASON_NO_SUCH_DIR,	/* OPTION VALUE: no such directory */
	CDS_REASON_NO_SUCH_ENV,	/* OPTION VALUE: no such env */
	CDS_REASON_OTHER_SYSTEM, /* OPTION ("root") VALUE: this runs on this
				   machine only */
	CDS_REASON_NO_TARGET,	/* PATH holds no framework the manifest
				   knows: name the CUDA, cuDNN or package */
	CDS_REASON_NO_URL,	/* no URL to update from (none given, the
				   index names none) */
	CDS_REASON_EXPIRED,	/* URL's index VERSION (made OTHER) expired
				   on MAX; refused unless OPTION
				   ("allow-expired") */
	CDS_REASON_OFFLINE,	/* URL is not fetched: offline (OPTION) */
	CDS_REASON_EXCLUSIVE,	/* OPTION and OTHER: give one of them */
	CDS_REASON_SERVERS_DOWN, /* every server an archive could come from
				   is down for the run: KNOWN (their
				   names), WHY (each with its reason) */
	CDS_REASON_BAD_MANIFEST, /* PATH cannot be used as a manifest: WHY
				   (a parser's words on a field or line) */
	CDS_REASON_MAX
};

/* The names an error may carry (enum cds_errarg). */
enum cds_errarg {
	CDS_ERRARG_OPTION = 0,	/* the setting, as above ("cudnn") */
	CDS_ERRARG_VALUE,	/* the value given */
	CDS_ERRARG_PATH,	/* a file, directory, manifest or prefix */
	CDS_ERRARG_RELEASE,	/* "CUDA 12.4.1", "cuda-12.4.1" */
	CDS_ERRARG_CUDA,	/* the CUDA version involved */
	CDS_ERRARG_CUDNN,	/* the cuDNN version involved */
	CDS_ERRARG_PACKAGE,	/* a framework package ("torch") */
	CDS_ERRARG_VERSION,	/* its version, or an index's */
	CDS_ERRARG_URL,
	CDS_ERRARG_ARCHIVE,
	CDS_ERRARG_KNOWN,	/* the candidates, ", "-separated */
	CDS_ERRARG_MIN,		/* bounds, with their unit ("64 MiB") */
	CDS_ERRARG_MAX,
	CDS_ERRARG_NEED,	/* what is needed and what there is */
	CDS_ERRARG_HAVE,
	CDS_ERRARG_ERRNO,	/* errno, in decimal */
	CDS_ERRARG_WHY,		/* a reason that is data (a table's, a
				   parser's), untranslated */
	CDS_ERRARG_SOURCE,	/* where a fact comes from */
	CDS_ERRARG_OTHER,	/* a second name (archive, field, platform) */
	CDS_ERRARG_COUNT
};

/* The last error's reason (CDS_REASON_NONE if it names none). */
int cds_errreason(const cds_handle_t *h);
/* A name the last error carries, or NULL; owned by the handle, valid until
 * the next failing call. */
const char *cds_errarg(const cds_handle_t *h, int arg);
/* Stable keys for JSON and scripts: "out-of-range", "path"; NULL for
 * CDS_REASON_NONE and out of range.  Static storage, never translated. */
const char *cds_errreason_key(int reason);
const char *cds_errarg_key(int arg);

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
/* Parallel transfers, 1..16 (default 4).  Archives are decoded one a
 * core at most (the affinity mask, or the cgroup's CPU quota when lower),
 * whatever this says; transfers beyond that run ahead into the cache. */
int cds_set_jobs(cds_handle_t *h, int jobs);

#define CDS_TIMEOUT_DEFAULT	15
#define CDS_TIMEOUT_MAX		3600
/*
 * Network timeout in seconds, 1..CDS_TIMEOUT_MAX (default
 * CDS_TIMEOUT_DEFAULT): a connection, or a transfer that has started, that
 * brings no byte for this long ends its attempt.  An archive's attempt is
 * then retried (3 attempts per URL, then the next URL) and fails with
 * CDS_ERR_NETWORK, the detail naming the URL and "no data for N s"; a
 * manifest fetched by URL (cds_set_manifest()) is not retried.  Applies to
 * every download of the handle.  Out of range: -1, CDS_ERR_USAGE, the
 * detail naming the value and the range; the setting is unchanged.
 */
int cds_set_timeout(cds_handle_t *h, unsigned seconds);

#define CDS_DEADLINE_DEFAULT	21600
#define CDS_DEADLINE_MAX	604800
/*
 * The longest the downloads of one run may take, in seconds,
 * 1..CDS_DEADLINE_MAX (default CDS_DEADLINE_DEFAULT, 6 hours): a server
 * that trickles bytes never stalls long enough for the timeout above, and
 * an install holds the prefix's lock while it downloads.  Past it, every
 * archive not yet whole fails with CDS_ERR_NETWORK, the detail naming it
 * and the deadline; nothing is committed.  Out of range: -1,
 * CDS_ERR_USAGE; the setting is unchanged.
 */
int cds_set_deadline(cds_handle_t *h, unsigned seconds);
/* Install prefix (default /opt/nvidia as root, else
 * $XDG_DATA_HOME/cudnn-setup); relative to the root. */
int cds_set_prefix(cds_handle_t *h, const char *dir);
/* The prefix set, or the default for this user (see cds_prefix_default()),
 * fixed on first use; owned by the handle. */
const char *cds_prefix(const cds_handle_t *h);

enum cds_prefix_kind {
	CDS_PREFIX_SYSTEM = 0,	/* /opt/nvidia, for every user */
	CDS_PREFIX_USER		/* $XDG_DATA_HOME/cudnn-setup, or
				   $HOME/.local/share/cudnn-setup when
				   XDG_DATA_HOME is unset or not absolute */
};

/*
 * One of the usual prefixes, as a target path, with XDG_DATA_HOME and HOME
 * read from the target's environment (cds_getenv()).  cds_prefix() without
 * cds_set_prefix() is the system one for root and under a root given to
 * cds_new(), the user's otherwise.  Returns a new string (free()).
 */
char *cds_prefix_default(const cds_handle_t *h, enum cds_prefix_kind kind);

/*
 * The audit log, where every install, removal and repair leaves one
 * untranslated line, as a path on this machine: under a root given to
 * cds_new(), <root>/var/log/cudnn-setup.log; else $CDS_AUDIT_LOG when it
 * is an absolute path (a test suite's); else /var/log/cudnn-setup.log for
 * root, and $XDG_STATE_HOME/cudnn-setup/cudnn-setup.log (or
 * ~/.local/state/cudnn-setup/cudnn-setup.log) for everyone else.
 * Returns a new string (free()).
 */
char *cds_audit_log_path(const cds_handle_t *h);

#define CDS_MEMLIMIT_DEFAULT	((uint64_t)256 << 20)
#define CDS_MEMLIMIT_MIN	((uint64_t)1 << 20)
#define CDS_MEMLIMIT_MAX	((uint64_t)16 << 30)
/*
 * Memory limit of threaded xz decoding, in bytes, CDS_MEMLIMIT_MIN (1 MiB)
 * to CDS_MEMLIMIT_MAX (16 GiB), default CDS_MEMLIMIT_DEFAULT (256 MiB).
 * The limit is shared by the archives decoded at once (one a core at
 * most, whatever cds_set_jobs() says).  An archive in several xz blocks with their sizes in
 * the headers (xz -T) goes to liblzma's threaded decoder, given its share
 * as memlimit_threading: it runs as many threads (one per core at most)
 * as fit, each block on a thread holding its packed and unpacked bytes.
 * One block, blocks without sizes (xz -T1), or a first block that alone
 * does not fit the share on a thread: liblzma's single-threaded decoder,
 * which decodes as the bytes arrive and needs only the archive's
 * dictionary (a few MiB).  It is a budget for threading, not a cap that
 * fails a download: either decoder may use up to 1 GiB (or the limit,
 * when higher; memlimit_stop), which no legitimate archive needs.  Out
 * of range: -1, CDS_ERR_USAGE, the detail naming the value and the range;
 * the setting is unchanged.
 */
int cds_set_memlimit(cds_handle_t *h, uint64_t bytes);

/*
 * The environment of the target: what the scan and the loader emulation read
 * for LD_LIBRARY_PATH, PATH, CUDA_HOME, CONDA_PREFIX, HOME...  It starts as a
 * copy of the process environment.  A NULL value unsets.
 */
int cds_setenv(cds_handle_t *h, const char *name, const char *value);

/*
 * Images (cudareq.c).  cds_set_host_driver: judge the target as an image
 * that will run on a host with NVIDIA driver VERSION ("550.54.15"): doctor
 * then says whether the container toolkit starts it (NVIDIA_REQUIRE_*),
 * what its forward-compatibility libcuda does there, and which of its
 * files break the toolkit's injection.  NULL forgets it.  -1 and
 * CDS_ERR_USAGE when VERSION is no driver version.
 */
int cds_set_host_driver(cds_handle_t *h, const char *version);
/*
 * Read the image's environment from the OCI configuration beside the root
 * (ROOT/../config.json: a runtime bundle's process.env, as umoci unpack and
 * runc spec write it, or an image configuration's config.Env / Config.Env,
 * as docker inspect and skopeo inspect --config print it) and make it the
 * target's environment in place of this process's.  1 read (*PATH the
 * file, owned by the caller), 0 none there, -1 a file that is not such a
 * configuration (CDS_ERR_USAGE, the detail says why).
 */
int cds_image_env_load(cds_handle_t *h, char **path);
const char *cds_getenv(const cds_handle_t *h, const char *name);

/* Ask the running job to stop at the next safe point (async-signal-safe).
 * The request stays on the handle until cds_reset_cancel(): a later job
 * stops at its first safe point too, with CDS_ERR_CANCELLED. */
void cds_cancel(cds_handle_t *h);
/*
 * Take back a cds_cancel(), so the handle can run another job (a retry of
 * the one that stopped).  Call it between jobs only, never while one runs
 * on any thread or from a signal handler: a cancel that arrives while
 * this runs may be lost.  A stopped install keeps its partial downloads
 * (.part files in the download cache), so running it again resumes them.
 */
void cds_reset_cancel(cds_handle_t *h);

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
	CDS_EV_UNTRUSTED_MANIFEST,
	CDS_EV_HOST_DOWN	/* u.host: a server cannot be reached; every
				   archive passes it over (download.c) */
};

/* Why a server cannot be reached (CDS_EV_HOST_DOWN). */
enum cds_net_reason {
	CDS_NET_DNS = 1,	/* its name does not resolve */
	CDS_NET_PROXY,		/* the proxy's name does not resolve */
	CDS_NET_REFUSED,	/* it refused the connection */
	CDS_NET_UNREACHABLE,	/* no route to it (the network is down) */
	CDS_NET_TLS,		/* its certificate did not verify */
	CDS_NET_TIMEOUT,	/* it never answered, attempt after attempt */
	CDS_NET_OTHER		/* the connection failed, attempt after
				   attempt, before any answer */
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
			int asking;		/* the holder waits for its
						   user's answer to its
						   question */
		} lock;
		struct {
			const char *host;	/* "mirror.example", or
						   "127.0.0.1:8080" when the
						   port is not the scheme's */
			const char *url;	/* the URL that found it */
			int reason;		/* enum cds_net_reason */
			int err;		/* CDS_ERR_NETWORK or
						   CDS_ERR_TLS */
			const char *detail;	/* libcurl's words
						   (untranslated) */
		} host;
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

/*
 * For the whole process, not one handle: HOOK (NULL: none) is called when
 * an allocation of the engine fails, just before it prints one line to
 * stderr and aborts, so that a client that took over the terminal can
 * give it back first (the wizard calls endwin()).
 */
void cds_set_oom_hook(void (*hook)(void));

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/* Compare dotted versions numerically ("12.10" > "12.9"); <0, 0, >0. */
int cds_vercmp(const char *a, const char *b);

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
	char *bundled_driver;	/* CUDA: the driver the release ships with
				   (its redistrib's nvidia_driver), which
				   runs it natively; NULL if not known */
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
	/* the build's wheels (data/wheel-builds.tsv), NULL where unknown: */
	char *index_url;	/* "https://download.pytorch.org/whl/cu126" */
	char *archs;		/* cubins, "50 60 70 75 80 86 90" */
	char *ptx;		/* PTX of this architecture too, "120" */
	int pypi_default;	/* PyPI's plain wheel is this build */
	char *min_driver;	/* the driver it needs (NULL: its CUDA
				   major's floor) */
	int ptx_jit;		/* it compiles PTX of its CUDA minor at run
				   time: the driver must run that minor */
	char *build_source;	/* where those facts were read (NULL) */
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
/* Minimum Linux driver for a CUDA version (by its major line). */
const char *cds_manifest_driver_floor(const struct cds_manifest *m,
    const char *cuda_version);
/* The index or redistrib file it was read from, as given. */
const char *cds_manifest_path(const struct cds_manifest *m);

/* ------------------------------------------------------------------------ */
/* The index in use, and `update`: a newer index, signed                    */
/* ------------------------------------------------------------------------ */

/* Which index cds_manifest_load() chose, and its number and dates. */
struct cds_index_info {
	const char *path;	/* the index file in use */
	int updated;		/* 1: the one cds_update() kept (newer than
				   the shipped one); 0: shipped, --manifest */
	long long version;	/* 0: the index carries none */
	const char *generated;	/* "2026-11-26"; NULL if it says none */
	const char *expires;	/* the first moment it is stale, or NULL */
	int expired;		/* expires has passed */
};

/*
 * Describe the index cds_manifest_load() chooses (loading it, unless its
 * number and dates can be read without); the strings are owned by the
 * handle, valid until the manifest changes.  0, or -1 with the load's
 * error.
 */
int cds_index_info(cds_handle_t *h, struct cds_index_info *info);

struct cds_update_request {
	const char *url;	/* the index.json to fetch; NULL: the
				   update_url of the index in use */
	int allow_expired;	/* take an expired index (a warning and an
				   audit line) */
};

struct cds_update_result {
	long long version;	/* the index now held */
	long long previous;	/* the one held before: kept or shipped */
	char *generated;
	char *expires;
	char *url;		/* where it came from (a mirror's, maybe) */
	char *keyid;		/* the key that signed it, as minisign
				   prints ids */
	char *path;		/* where it is kept */
	int current;		/* it was already held: nothing changed */
	int expired;		/* taken expired (allow_expired) */
	size_t fetched;		/* redistrib files downloaded */
	size_t reused;		/* redistrib files already here */
};

/*
 * Fetch a newer index and its minisign signature (URL.minisig), from each
 * mirror (cds_add_mirror(): a copy of the index's directory, tried first)
 * and then URL, and keep it (cds_index_info() then reports it).  The
 * signature must be by a key this program was built with (the current
 * one or the next), over these bytes, with its trusted comment as
 * signed; the index must carry version, generated and expires, a version
 * above the one held (kept or shipped) and an expiry in the future.
 * Every redistrib file it names is taken from here when its SHA-256
 * matches the pin, else fetched from beside the index and checked.
 * Kept under cds_index_store(): each file written, fsynced and renamed,
 * then the "current" link flipped, then the state; a crash leaves the
 * old index or the new one.
 *
 * Returns 0 (RES filled; RES->current when the index was already held),
 * or -1: CDS_ERR_SIGNATURE, CDS_ERR_ROLLBACK, CDS_ERR_EXPIRED,
 * CDS_ERR_CHECKSUM (a redistrib file that does not match its pin),
 * CDS_ERR_MANIFEST (not an index, or no version or dates), CDS_ERR_USAGE
 * (no URL), the download's errors, CDS_ERR_IO.  The detail names the
 * file and the reason; nothing is changed.  When every source fails,
 * the first refusal is reported (before network errors).  Appends an
 * audit line.  After a new index is kept, the manifest loaded before is
 * freed (as by cds_set_manifest()); the next cds_manifest_load() reads
 * the new one.  Free RES's strings with cds_update_result_clear().
 */
int cds_update(cds_handle_t *h, const struct cds_update_request *req,
    struct cds_update_result *res);
void cds_update_result_clear(struct cds_update_result *res);

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
	CDS_DRIVER_NOT_PROBED,	/* a real libcuda.so.1 is there but was not
				   loaded: --root (another system), or no
				   probe child (see probe_error) */
	CDS_DRIVER_NO_KERNEL_MODULE	/* the driver's libraries are installed
				   (libcuda.so.1 found) but no kernel module
				   is loaded: CUDA cannot run (cuInit 100,
				   NVML "Driver Not Loaded") */
};

/* The most devices whose compute capability the driver probe reads. */
#define CDS_DRIVER_MAX_CC 16

struct cds_driver {
	enum cds_driver_state state;
	char *version;		/* THE driver's version: the kernel module's,
				   else that of its libraries (the real file
				   names of libcuda.so.1, libnvidia-ml.so.1),
				   "535.261.03"; NULL when none says */
	const char *version_source; /* "kernel module", "libcuda.so.1",
				   "libnvidia-ml.so.1"; NULL with version */
	char *module_version;	/* "550.54.15" from /proc or /sys; NULL */
	char *libcuda_path;	/* what the loader would map; NULL */
	char *libcuda_version;	/* from the file name, "550.54.15"; NULL */
	char *nvml_path;	/* libnvidia-ml.so.1 the loader would map */
	char *nvml_realpath;	/* with links resolved */
	char *nvml_version;	/* from the real file name; NULL */
	int nvml_probed;	/* a child called nvmlInit_v2 */
	int nvml_init;		/* its nvmlReturn_t (9: driver not loaded) */
	char *nvml_error;	/* nvmlErrorString() of it; NULL when 0 */
	char *stub_path;	/* a stub libcuda.so seen on a search path */
	char *stub_via;		/* "LD_LIBRARY_PATH", ld.so.conf file, ... */
	int cuda_version;	/* cuDriverGetVersion(), 12040; 0 if unknown */
	const char *cuda_version_source; /* "cuDriverGetVersion" (a child
				   asked it), "libcuda's PTX compiler
				   banner" (read from the file); NULL */
	int init_error;		/* CUresult of cuInit, 0 if fine or unknown */
	int wsl;		/* running under WSL2 */
	int wsl_lib_on_path;	/* /usr/lib/wsl/lib is searched */
	int ndevices;
	int cc[CDS_DRIVER_MAX_CC]; /* the devices' compute capabilities,
				   86 for 8.6 (cuDeviceGetAttribute in the
				   probe's child) */
	size_t ncc;		/* how many; 0 without a child or a GPU */
	/* verify's additions: */
	char *libcuda_realpath;	/* libcuda_path with links resolved */
	char *libcuda_via;	/* why the loader searches libcuda_path's
				   directory: "LD_LIBRARY_PATH", an
				   ld.so.conf file, "default"; NULL */
	int stub_link_only;	/* stub_via is LIBRARY_PATH: only the link
				   editor (ld -lcuda) sees it, never the
				   dynamic loader */
	int stub_init_error;	/* cuInit() of the stub dlopened by its path
				   (34), 0 if not tried */
	int probed;		/* a child really dlopened libcuda.so.1 */
	char *probe_error;	/* why it did not, or did not finish; NULL */
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
	int shadowed;		/* its nvcc is on PATH after another one's:
				   a plain `nvcc` never runs it */
	char *found_via;	/* "CUDA_HOME=/usr/local/cuda" etc., or NULL */
	char *sdk;		/* the NVIDIA HPC SDK release directory it is
				   part of (".../Linux_x86_64/25.9"), or NULL */
	char *mathdir;		/* that SDK's math libraries for it
				   (math_libs/<X.Y>/lib64), or NULL */
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
	int cpu_only;		/* built without CUDA (torch's version.py says
				   cuda = None, a "+cpu" or conda "cpu"
				   build, TensorFlow's is_cuda_build False,
				   ONNX Runtime without its CUDA provider);
				   cuda is NULL then */
	const char *cuda_source; /* where cuda was read: "torch/version.py",
				   "version tag", ...; NULL */
	char *torch_pin;	/* torchvision, torchaudio: the torch release
				   their METADATA requires (==2.5.1); NULL */
};

struct cds_env {
	char *name;		/* "base", "dl310", or the path */
	char *prefix;
	int is_active;		/* $CONDA_PREFIX */
	int is_conda;		/* has conda-meta/ */
	int is_venv;		/* a plain Python venv: pyvenv.cfg, no
				   conda-meta/ */
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

/*
 * Where the scan runs (src/scan/container.c): in a container or not, which
 * runtime, how the GPU came in, and what a process inside sees of it;
 * on a host, the container engines it has.  Every word comes from
 * evidence a process can read (marker files, /proc/self/mountinfo, the
 * environment, ld.so.conf.d file names), under the handle's root.  The
 * environment variable CDS_CONTAINER overrides the runtime ("none",
 * "docker", "podman", "kubernetes", "apptainer", "wsl2"): for tests,
 * whose machines may themselves be containers.
 */
struct cds_container {
	const char *runtime;	/* "none", "docker", "podman", "kubernetes",
				   "apptainer", "wsl2" */
	const char *gpu_mechanism; /* how the GPU came in: "legacy-hook"
				   (nvidia-container-cli's bind mounts), "cdi",
				   "apptainer-nv", "device-plugin",
				   "host-dir" (/usr/local/nvidia), "wsl",
				   "none"; NULL outside a container */
	int overridden;		/* CDS_CONTAINER named the runtime */
	int ctl_errno;		/* open() of /dev/nvidiactl: 0 it opened,
				   else its errno (ENOENT: not passed in,
				   EPERM: the device cgroup denies it, ENXIO:
				   a node without a driver, EACCES); -1: not
				   tried (outside a container) */
	int ctl_chardev;	/* /dev/nvidiactl is a character device */
	int rootless;		/* podman's rootless=1, or a user namespace
				   that maps root to another uid (on a host:
				   the engines' own, as in an unprivileged
				   LXC container) */
	const char *sandbox;	/* in a container: "gvisor" when the kernel
				   answering is gVisor's (its marker file, or
				   the version it reports), else NULL */
	char *visible_devices;	/* NVIDIA_VISIBLE_DEVICES, or NULL */
	char *capabilities;	/* NVIDIA_DRIVER_CAPABILITIES, or NULL */
	struct cds_evidence *evidence;	/* what told: "marker" =
				   "/.dockerenv exists"... */
	size_t nevidence;
	char **driver_mounts;	/* in a container: driver libraries mounted
				   in one by one (libcuda.so.*,
				   libnvidia-ml.so.*), target paths from
				   mountinfo, NULL-terminated; never NULL */
	char **engines;		/* on a host: container engines found
				   ("docker", "podman", "containerd"),
				   NULL-terminated; never NULL */
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
	char *active_toolkit;	/* what builds use (torch.utils.cpp_extension's
				   order): CUDA_HOME, else CUDA_PATH, else
				   the first nvcc on PATH's, else
				   /usr/local/cuda */
	char *active_via;	/* "CUDA_HOME", "CUDA_PATH", "nvcc on PATH",
				   "/usr/local/cuda" */
	char *nvcc_path;	/* the first nvcc on PATH: what a plain
				   `nvcc` runs; NULL */
	char *nvcc_toolkit;	/* its toolkit's real path; NULL */
	int nvidia_pci;		/* NVIDIA devices on the PCI bus */
	char *narrowed_env;	/* --env/--prefix given: that env's prefix */
	double elapsed_ms;
	struct cds_container container;	/* where it runs */
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

/* The toolkit of S whose real path is REALPATH (s->active_toolkit,
 * s->nvcc_toolkit), or NULL. */
const struct cds_toolkit *cds_toolkit_at(const struct cds_scan *s,
    const char *realpath);

/* A row of "frameworks bundle": a framework, or another package that
 * carries a CUDA (cupy-cuda13x); NVIDIA's library wheels are not rows. */
struct cds_fw_row {
	const struct cds_package *p;
	const char *env;	/* its env's name; NULL: a system package */
	const char *cuda;	/* the CUDA it runs: its own, or for jax and
				   jaxlib the jax-cudaNN plugin's beside
				   them; NULL when not known (or p->cpu_only) */
};

/* Where cds_fw_next is: zero it before the first call. */
struct cds_fw_iter {
	size_t env, k;
};

/* The next row of "frameworks bundle" of S into *ROW: the envs' packages
 * in order, then the system's.  0 after the last. */
int cds_fw_next(const struct cds_scan *s, struct cds_fw_iter *it,
    struct cds_fw_row *row);

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
	/* a command in the env's own package manager (pip, uv, conda):
	   NULL-terminated argument lists, NULL when the fix is not one */
	char **argv;		/* what command says, word by word */
	char **undo_argv;	/* the command that goes back */
	char *undo;		/* ... as the shell command */
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

/*
 * Run a package manager's command of a fix (its argv: pip through the
 * env's interpreter, uv, conda) in the target environment: argv[0] by its
 * path under the root, a bare name on the target's PATH.  Its stdout and
 * stderr, together, go to *OUTPUT (new; the last 64 KiB).  Returns its
 * exit status; -1 when it could not start, with CDS_ERR_NOT_FOUND (no
 * such program) or CDS_ERR_CHILD, or was cancelled (CDS_ERR_CANCELLED).
 */
int cds_pkg_run(cds_handle_t *h, char *const *argv, char **output);

/*
 * A command of the system's package manager (apt-get, dpkg, dnf) that
 * several findings, or several steps of a repair, need, joined into one:
 * `sudo apt-get install A B C` for three packages, one `sudo apt-get -f
 * install`, one `sudo dpkg --configure -a`; in the order they first came.
 */
struct cds_syscmd {
	char *command;		/* the shell command */
	char **argv;		/* ... word by word (NULL-terminated) */
	char *undo;		/* the command that goes back, or NULL */
	char **undo_argv;
	size_t *from;		/* what it joins: indexes of the findings
				   (cds_findings_syscmds()) or of the
				   plan's operations (a repair's) */
	size_t nfrom;
};

struct cds_syscmds {
	struct cds_syscmd *v;
	size_t n;
};

/* The system package manager's commands among the fixes of F (those
 * with an argv), joined.  Never NULL; free with cds_syscmds_free(). */
struct cds_syscmds *cds_findings_syscmds(const struct cds_findings *f);
void cds_syscmds_free(struct cds_syscmds *c);
/* Is ARGV a command of the system's package manager (apt-get, apt, dpkg,
 * dnf, yum, rpm, pacman; after sudo), not one of an env's (pip, uv,
 * conda)? */
int cds_argv_system(char *const *argv);

/* Rule metadata for a finding id: a translated title template and the
 * catalogue entry it comes from; NULL if unknown. */
const char *cds_rule_summary(const char *id);

/* ------------------------------------------------------------------------ */
/* Install (issue: install)                                                  */
/* ------------------------------------------------------------------------ */

/*
 * What to install.  Every field may be NULL: the plan then picks the newest
 * CUDA release the driver can run and the newest cuDNN built for it.
 * "none" as cuda or cudnn leaves that kind out.
 */
struct cds_plan_request {
	const char *cuda;	/* "12.4.1", "12.4", "12", "none" */
	const char *cudnn;	/* "9.3.0", "9.3.0.75", "9", "none" */
	const char *forpkg;	/* "torch==2.3.0", "onnxruntime-gpu==1.16.1",
				   "jax" (any version) */
	int system;		/* also /etc/ld.so.conf.d and /etc/profile.d */
	const char *with_cuda;	/* the CUDA the cuDNN is for when that CUDA
				   is already installed (cuda "none"): "12.4"
				   picks its build; with forpkg, only the
				   framework rows built for that CUDA line
				   (an installed build).  NULL: the newest
				   line the driver runs */
	const char *components;	/* a component set of the index
				   ("runtime", "devel"): which components of
				   the CUDA release, and whether only their
				   shared libraries; NULL: the whole release */
	int no_driver;		/* plan as for an image: ignore the driver
				   found here, and refuse to place a driver
				   library (libcuda, libnvidia-*) */
};

/* One archive of a planned release. */
struct cds_plan_archive {
	const struct cds_archive *archive;	/* owned by the manifest */
	char **urls;		/* each --mirror, then the manifest's base URL,
				   joined with relative_path; NULL-terminated */
};

enum cds_item_state {
	CDS_ITEM_NEW = 0,	/* to be installed */
	CDS_ITEM_PRESENT,	/* already installed (tree and receipt) */
	CDS_ITEM_DONE,		/* installed by cds_install_run() */
	CDS_ITEM_FAILED		/* cds_install_run() failed before its commit */
};

/* One release the plan installs into its own directory of the prefix. */
struct cds_plan_item {
	enum cds_kind kind;
	const struct cds_release *release;	/* owned by the manifest */
	char *name;		/* "cuda-12.4.1", "cudnn-9.3.0.75-cuda12" */
	char *version;		/* "12.4.1", "9.3.0.75" */
	char *variant;		/* "cuda12"; NULL for CUDA and flat cuDNN 8 */
	char *dir;		/* PREFIX/name, a target path */
	char *min_driver;	/* the driver it needs; NULL if unknown */
	struct cds_plan_archive *archives;
	size_t narchives;
	uint64_t download_size;	/* sum of the archives' sizes */
	enum cds_item_state state;
	char *bundled_driver;	/* CUDA: the driver it ships with (runs it
				   natively); NULL */
	int compat;		/* the driver is older than bundled_driver: it
				   runs this CUDA only through NVIDIA's minor
				   version compatibility (no PTX built by
				   this toolkit's newer compiler) */
	char *cuda_tested;	/* cuDNN: the CUDA minors NVIDIA's support
				   matrix lists for its build ("13.0-13.1",
				   "12.x"); NULL for CUDA */
	int untested;		/* cuDNN: 1 when the plan's CUDA is a later
				   minor of the build's major than those (it
				   runs through CUDA's minor version
				   compatibility, untested by NVIDIA), 0
				   when it is among them, -1 when the plan
				   has no CUDA to compare */
	int libraries_only;	/* its component set keeps only the shared
				   libraries (no headers, static libraries,
				   stubs or tools) */
	uint64_t full_size;	/* the release's whole archives, for
				   comparison (= download_size without a
				   component set) */
};

/* Warning bits of a plan (cds_plan.warnings). */
enum {
	CDS_PLAN_WARN_NO_DRIVER = 1,	/* no driver found: planned anyway */
	CDS_PLAN_WARN_UNTRUSTED = 2,	/* a bare redistrib manifest */
	CDS_PLAN_WARN_NO_MODULE = 4,	/* the driver's libraries but no kernel
					   module: planned for their version */
	CDS_PLAN_WARN_TESTED_PAIR = 8	/* --for: NVIDIA's support matrix
					   lists the cuDNN for older CUDA
					   minors than the framework's; the
					   framework row's tested pair is
					   what vouches for it */
};

/* Why the plan's CUDA release is the one it is (cds_plan.why). */
enum cds_plan_why {
	CDS_PLAN_WHY_ASKED = 0,		/* named (--cuda, a bare manifest),
					   or none planned */
	CDS_PLAN_WHY_FRAMEWORK,		/* the framework row's CUDA line */
	CDS_PLAN_WHY_NATIVE,		/* the newest release the driver runs
					   natively: its bundled driver is
					   not newer than the driver */
	CDS_PLAN_WHY_COMPAT,		/* none runs natively: the newest the
					   driver runs through minor version
					   compatibility */
	CDS_PLAN_WHY_NEWEST,		/* the newest the driver runs (no
					   bundled driver known to compare) */
	CDS_PLAN_WHY_NO_DRIVER		/* no driver found: the newest */
};

struct cds_plan {
	char *prefix;		/* target path */
	char *platform;		/* "linux-x86_64" */
	char *driver;		/* the driver's version, NULL if none found */
	char *driver_source;	/* the file it was read from: the kernel
				   module's /proc or /sys file, else the
				   driver's libcuda.so.1 (named for its
				   version) when no module is loaded */
	int driver_no_module;	/* read from the libraries: no kernel module
				   is loaded (CDS_PLAN_WARN_NO_MODULE) */
	enum cds_plan_why why;	/* how the CUDA release was chosen */
	/* when the choice was ours: the newest known CUDA release the
	 * driver cannot run and the driver it needs, and (why NATIVE) the
	 * newest it would run only through minor version compatibility
	 * with the driver that release ships with; NULL when none */
	const char *refused;
	const char *refused_needs;
	const char *compat_newest;
	const char *compat_bundled;
	char *manifest;		/* the manifest's path or URL */
	/* --for: the package as asked and the framework row chosen */
	char *for_name;
	char *for_version;	/* NULL when no version was given */
	const struct cds_framework_req *framework;	/* owned by manifest */
	struct cds_plan_item *items;	/* CUDA first, then cuDNN */
	size_t nitems;
	/* every path the install creates (target paths), NULL-terminated;
	 * releases already present contribute none */
	char **paths;
	uint64_t download_size;	/* of the items in state CDS_ITEM_NEW */
	unsigned warnings;	/* CDS_PLAN_WARN_* */
	int system;		/* the request's system flag (implied by a
				   libraries-only component set: the loader
				   finds them through ld.so.conf.d) */
	const char *components;	/* the component set's name, or NULL;
				   owned by the manifest */
	int no_driver;		/* the request's no_driver flag */
};

/*
 * Resolve a request into releases, archives and paths, reading the manifest
 * (loaded on first use), its framework table and the driver found under the
 * root, as the scan finds it: the kernel module's version
 * (/proc/driver/nvidia/version, /sys/module/nvidia/version), else the
 * version its user-space libcuda.so.1 is named for (no module loaded:
 * CDS_PLAN_WARN_NO_MODULE).  A release the driver cannot run is refused;
 * when the CUDA release is ours to pick, the newest the driver runs
 * natively (its bundled driver, from the index) is preferred to newer ones
 * it runs only through minor version compatibility (see ->why).  With no
 * driver at all the plan is made with CDS_PLAN_WARN_NO_DRIVER (provisioning
 * an image before its driver).
 * Releases already installed in the prefix get CDS_ITEM_PRESENT.
 * Returns a plan to free with cds_plan_free(), or NULL: CDS_ERR_USAGE (a
 * request that contradicts itself or a malformed --for), CDS_ERR_NOT_FOUND
 * (no such release or framework; the detail lists what is known),
 * CDS_ERR_DRIVER (the detail names the release, the driver found and the
 * minimum driver it needs), CDS_ERR_IO (the target directory exists but
 * was not installed by us), CDS_ERR_MANIFEST.  Emits
 * CDS_EV_UNTRUSTED_MANIFEST for a bare redistrib manifest.
 */
struct cds_plan *cds_plan_build(cds_handle_t *h,
    const struct cds_plan_request *req);
void cds_plan_free(struct cds_plan *p);

/* A file operation, performed or, in a dry run, only described.  Paths are
 * host paths (under the root). */
enum cds_op_kind {
	CDS_OP_MKDIR = 1,	/* path */
	CDS_OP_LOCK,		/* path: the lock file */
	CDS_OP_REMOVE,		/* path, recursively */
	CDS_OP_FETCH,		/* target: the first URL; path: staging dir */
	CDS_OP_MERGE,		/* path: a component's tree; target: the
				   release's staging tree */
	CDS_OP_FIXUP,		/* path: a tree whose soname links are made */
	CDS_OP_WRITE,		/* path: a file written atomically */
	CDS_OP_SYMLINK,		/* path -> target (a new link) */
	CDS_OP_RENAME,		/* path renamed to target */
	CDS_OP_RUN		/* path: a program; target: its argument */
};

struct cds_op {
	enum cds_op_kind kind;
	char *path;
	char *target;
};

/* A list of operations; zero-initialise, clear with cds_ops_clear(). */
struct cds_ops {
	struct cds_op *v;
	size_t n;
};
void cds_ops_clear(struct cds_ops *ops);

/* Options shared by the writing calls.  A zeroed struct waits for the lock
 * as long as it takes. */
enum {
	CDS_TXN_DRY_RUN = 1,	/* describe the operations, perform none */
	CDS_TXN_FORCE = 2	/* remove: even the current default */
};
struct cds_txn_opts {
	unsigned flags;		/* CDS_TXN_* */
	int lock_wait;		/* seconds to wait for the lock: 0 as long as
				   it takes, < 0 not at all */
};

/*
 * Run a plan: take the prefix's lock (.state/lock; while another process
 * holds it, CDS_EV_LOCK_WAIT names it), finish or undo what an interrupted
 * run left (CDS_EV_CLEANUP for each thing removed), check the free space,
 * fetch, verify and unpack every archive into .state/staging, merge the
 * components of each release into one tree, complete its soname links,
 * record every file in .state/receipts/<name>.json and rename() the tree
 * into the prefix.  After the commits only: the default links PREFIX/cuda
 * and PREFIX/cudnn (on first install), the env files PREFIX/env/<name>.sh,
 * .fish and modulefiles/<kind>/<version>, the system files when the plan
 * asked for them, and one audit line per release.
 *
 * Unless the plan holds nothing to do, asks CDS_Q_PROCEED (data: the plan)
 * before anything is fetched: under the lock, once recovery is done and
 * the states are checked again (so the plan asked about is the plan that
 * runs; releases another run installed meanwhile are PRESENT by then).
 * While the question waits, the lock file says so, and another run's
 * CDS_EV_LOCK_WAIT carries `asking`.  In a prefix with no lock file yet
 * (never written) the question comes before the lock is made, so a no
 * leaves nothing on disk.  With CDS_TXN_DRY_RUN, fills OPS and touches
 * nothing.  OPS (may be NULL) receives the operations in order.  Item
 * states are updated.
 * Returns 0 or -1: CDS_ERR_NEED_ANSWER, CDS_ERR_LOCKED (lock_wait ran out;
 * the detail names the holder), CDS_ERR_NO_SPACE (before any extraction,
 * or during it: everything staged is removed), the download and archive
 * errors, CDS_ERR_IO.  No release is committed unless every archive of the
 * plan was fetched and verified.
 */
int cds_install_run(cds_handle_t *h, struct cds_plan *p,
    const struct cds_txn_opts *o, struct cds_ops *ops);

/* A release installed in the prefix. */
struct cds_installed {
	char *name;		/* "cuda-12.4.1" */
	enum cds_kind kind;
	char *version;		/* "12.4.1", "9.3.0.75" */
	char *variant;		/* "cuda12" or NULL */
	char *dir;		/* target path */
	uint64_t size;		/* bytes of its files, from its receipt */
	size_t nfiles;
	char *installed_at;	/* "2024-08-01T12:00:00Z" */
	int is_default;		/* PREFIX/cuda or PREFIX/cudnn points here */
};

struct cds_installed_list {
	char *prefix;		/* target path */
	struct cds_installed *v;	/* CUDA first, then by version */
	size_t n;
};

/* What the prefix holds (reads receipts; takes no lock).  Free with
 * cds_installed_list_free().  An absent prefix is an empty list.  NULL
 * when the receipts cannot be read (CDS_ERR_IO naming the directory) or
 * one is malformed (CDS_ERR_BAD_INPUT naming the receipt and the field):
 * receipts are data from disk, checked whole before they are used. */
struct cds_installed_list *cds_prefix_list(cds_handle_t *h);
void cds_installed_list_free(struct cds_installed_list *l);

/*
 * The installed release WHAT names: its full name ("cuda-12.4.1"), a
 * version or version prefix of exactly one release ("12.4", "9.3.0.75"),
 * or "cuda"/"cudnn" for the current default.  Returns a new string (free),
 * or NULL: CDS_ERR_NOT_FOUND, CDS_ERR_USAGE when WHAT is ambiguous (the
 * detail lists the candidates).
 */
char *cds_prefix_resolve(cds_handle_t *h, const char *what);

/* Make release NAME the default of its kind: the link PREFIX/cuda or
 * PREFIX/cudnn is replaced atomically.  Locks like cds_install_run(). */
int cds_prefix_use(cds_handle_t *h, const char *name,
    const struct cds_txn_opts *o, struct cds_ops *ops);

/*
 * Remove release NAME: its tree (renamed into .state/trash, then deleted),
 * its receipt and its env files.  The current default is removed only with
 * CDS_TXN_FORCE or a yes to CDS_Q_REMOVE_DEFAULT (data: the name); its link
 * goes with it.  Errors: CDS_ERR_NOT_FOUND, CDS_ERR_USAGE (the default,
 * refused), CDS_ERR_NEED_ANSWER, CDS_ERR_LOCKED, CDS_ERR_IO.
 */
int cds_prefix_remove(cds_handle_t *h, const char *name,
    const struct cds_txn_opts *o, struct cds_ops *ops);

enum cds_shell {
	CDS_SHELL_SH = 0,	/* POSIX sh, bash, zsh */
	CDS_SHELL_FISH,
	CDS_SHELL_MODULE	/* a Tcl modulefile (Lmod, Environment Modules) */
};

/*
 * The environment file of release NAME (installed or not) for SHELL: it
 * puts bin/ on PATH and lib/ on LD_LIBRARY_PATH once however often it is
 * read, and sets CUDA_HOME (CUDA) or CUDNN_PATH (cuDNN).  Paths are target
 * paths.  Returns a new string (free()).
 */
char *cds_prefix_env(cds_handle_t *h, const char *name,
    enum cds_shell shell);

/* The prefix's download cache (src/txn/clean.c). */
struct cds_cache_info {
	char *dir;		/* target path: PREFIX/.state/downloads */
	uint64_t bytes;		/* whole archives */
	size_t files;
	uint64_t partial_bytes;	/* partial downloads (.part) */
	size_t partial;
};
/* What PREFIX/.state/downloads holds.  Clear OUT with
 * cds_cache_info_clear().  Returns 0. */
int cds_prefix_cache(cds_handle_t *h, struct cds_cache_info *out);
/*
 * Empty PREFIX/.state/downloads (archives and partial downloads; a --cache
 * directory is the user's and is left alone) under the prefix's lock,
 * after finishing or undoing what an interrupted run left (as an install
 * does).  FREED says what went (or, with CDS_TXN_DRY_RUN, would go; then
 * no lock is taken and nothing is removed); OPS lists each removal.  A
 * prefix never written is left as it is.  Errors: CDS_ERR_LOCKED (another
 * run holds the prefix past O's lock_wait), CDS_ERR_IO.
 */
int cds_prefix_clean(cds_handle_t *h, const struct cds_txn_opts *o,
    struct cds_ops *ops, struct cds_cache_info *freed);
void cds_cache_info_clear(struct cds_cache_info *c);


/* ------------------------------------------------------------------------ */
/* Verify (issue: verify)                                                    */
/* ------------------------------------------------------------------------ */

/*
 * The program's hidden internal commands: the engine re-executes the
 * running program (/proc/self/exe) with the target's environment to dlopen
 * NVIDIA libraries in a child it can lose ("--internal-driver-probe",
 * "--internal-verify", "--internal-dlprobe").  main() calls this first
 * thing, before setlocale() or anything that loads libraries: when
 * argv[1] is one of them it runs it and returns its exit status; otherwise
 * it returns -1.  A program that never calls it gets no probe children:
 * the driver probe then reports only what the files say (probe_error says
 * so).
 */
int cds_child_main(int argc, char **argv);

/* Why the GPU checks could not run (cds_verify.block). */
enum cds_verify_block {
	CDS_VERIFY_RAN = 0,		/* nothing stopped them */
	CDS_VERIFY_NO_MODULE,		/* no NVIDIA kernel module and no
					   libcuda.so.1 */
	CDS_VERIFY_NO_LIBCUDA,		/* libcuda.so.1 not found or not
					   loadable (block_detail: dlerror) */
	CDS_VERIFY_STUB,		/* the loader maps a toolkit stub:
					   CUDA error 34 */
	CDS_VERIFY_DRIVER_TOO_OLD,	/* the runtime needs a newer driver:
					   error 35 (see runtime_min_driver) */
	CDS_VERIFY_NO_DEVICE,		/* error 100 */
	CDS_VERIFY_COMPAT_UNSUPPORTED,	/* forward-compatibility libcuda on
					   a GPU that has none: error 804 */
	CDS_VERIFY_INIT_FAILED,		/* cuInit failed otherwise
					   (block_code) */
	CDS_VERIFY_CHILD_FAILED		/* the check process crashed or hung
					   (block_detail) */
};

enum cds_check_result {
	CDS_CHECK_PASS = 0,
	CDS_CHECK_FAIL,		/* it ran and the answer is wrong */
	CDS_CHECK_ERROR,	/* a call failed (detail: the call, the code) */
	CDS_CHECK_NOT_RUN	/* detail: "blocked" (see block), "cudnn"
				   (cuDNN did not load), "runtime" (the
				   runtime cannot use the device), "crashed"
				   (the process died first), "device" (no
				   device context) */
};

/* A library verify loaded (or tried to). */
struct cds_verify_lib {
	char *name;		/* as asked: "libcudnn_ops.so.9" */
	char *role;		/* "driver", "runtime", "cudnn" */
	char *path;		/* the file the loader mapped, or NULL */
	char *realpath;
	char *error;		/* dlerror() when it did not load, or NULL */
	int optional;		/* absent without harm (a newer sublibrary) */
	int outside;		/* mapped from outside the target's dirs */
};

/* A library file cut short: SIZE bytes of the NEED its headers say. */
struct cds_verify_cut {
	char *path;
	uint64_t size, need;
};

struct cds_verify_device {
	int ordinal;
	char *name;		/* "NVIDIA H100 80GB HBM3" */
	int cc_major, cc_minor;	/* compute capability */
	uint64_t memory;	/* bytes */
	int sm_count;
	int cudnn_ok;		/* the target's cuDNN supports this compute
				   capability: 1, 0, or -1 unknown */
	int cudnn_max_cc;	/* cudnnGetMaxDeviceVersion(): 1210; 0 */
	int cudnn_min_cc;	/* lowest in the support matrix row: 75; 0
				   when our data has no row for it */
	const char *cudnn_matrix;	/* that row's cuDNN release, or NULL */
};

struct cds_verify_check {
	char *name;		/* "kernel", "conv_fwd", "conv_bwd_data",
				   "conv_bwd_filter", "batchnorm_fwd_train",
				   "relu_fwd", "maxpool_fwd" */
	int device;
	enum cds_check_result result;
	double max_error;	/* largest |gpu - cpu| */
	double tolerance;	/* pass: |gpu - cpu| <= tol * (1 + |cpu|) */
	size_t elements;	/* compared */
	size_t mismatches;	/* beyond the tolerance */
	char *algo;		/* cuDNN's choice: "IMPLICIT_PRECOMP_GEMM" */
	double ms;		/* the call and a synchronise */
	char *detail;		/* see enum cds_check_result; NULL */
};

struct cds_verify {
	char *target;		/* the prefix or env directory; NULL for
				   what this environment loads by default */
	char *target_kind;	/* "default", "prefix", "env" */
	char **libdirs;		/* put first on LD_LIBRARY_PATH */
	enum cds_verify_block block;
	int block_code;		/* the CUDA error behind it, or 0 */
	char *block_detail;	/* dlerror() text, how the child died */
	struct cds_driver driver;	/* as the target's environment sees it */
	char *driver_min;	/* the manifest's floor for the runtime's CUDA
				   major (and cuDNN's), or NULL */
	int driver_meets_min;	/* module version >= driver_min: 1, 0, -1 */
	int runtime_version;	/* cudaRuntimeGetVersion(): 13000; 0 */
	int runtime_error;	/* cudaGetDeviceCount()'s error, or 0 */
	int cudnn_major;	/* the set loaded: 8 or 9; 0 none */
	int cudnn_version;	/* cudnnGetVersion(): 91900 */
	char *cudnn_release;	/* the same as "9.19.0"; NULL */
	int cudnn_cudart;	/* cudnnGetCudartVersion(): 13010 */
	int cudnn_max_device;	/* cudnnGetMaxDeviceVersion(): 1210; 0 */
	int libs_ok;		/* every required library loaded */
	struct cds_verify_lib *libs;
	size_t nlibs;
	struct cds_verify_device *devices;
	size_t ndevices;
	struct cds_verify_check *checks;
	size_t nchecks;
	int passed;		/* loaded, ran and passed everything */
	double elapsed_ms;
	char *visible_devices;	/* CUDA_VISIBLE_DEVICES as the child had it
				   ("" when set and empty), NULL when unset:
				   what may hide every GPU (error 100) */
	char *crash_library;	/* the library file the child died in (a
				   SIGBUS or SIGSEGV address inside it, or
				   the one it was loading), or NULL */
	const char *crash_how;	/* "fault address" (the signal's address
				   is in its mapping) or "loading" (it died
				   in its dlopen); NULL with crash_library */
	struct cds_verify_cut *cut;	/* libraries shorter than their ELF
				   headers say (each reported library and
				   crash_library); a cut one fails verify */
	size_t ncut;
};

/*
 * Verify an install on this machine's GPU.  In a child process with the
 * target's environment: dlopen libcuda.so.1 (driver API), every cuDNN
 * sublibrary of the target with RTLD_NOW and then libcudnn.so.N, the
 * target's CUDA runtime (libcudart.so.N); report each device; run a PTX
 * kernel through the driver and cuDNN's convolution forward, backward
 * data and backward filter, batch normalisation (training), ReLU and max
 * pooling, each compared with a CPU reference.  PREFIX (a directory) or
 * ENV (a conda env name or path) selects the target; both NULL: what this
 * environment loads by default.  Emits CDS_EV_PROBE_START/DONE (name
 * "verify") and CDS_EV_CHECK_DONE for each check.
 * Returns the report, also when checks fail or cannot run (see `passed`
 * and `block`); free with cds_verify_free().  NULL on CDS_ERR_USAGE
 * (--root: another system's GPU cannot be run from here),
 * CDS_ERR_NOT_FOUND (the prefix or env), CDS_ERR_CHILD (the child could
 * not be started).
 */
struct cds_verify *cds_verify_run(cds_handle_t *h, const char *prefix,
    const char *env);
void cds_verify_free(struct cds_verify *v);


/* ------------------------------------------------------------------------ */
/* Repair                                                                    */
/* ------------------------------------------------------------------------ */

enum cds_repair_op_kind {
	CDS_REPAIR_MKDIR = 1,	/* create directory `path` */
	CDS_REPAIR_SYMLINK,		/* create link `path` -> `target` */
	CDS_REPAIR_RELINK,		/* regular file `path`, identical to `target`,
				   becomes a link to it (backed up first) */
	CDS_REPAIR_WRITE,		/* write `content` to `path` (backed up first
				   when it exists) */
	CDS_REPAIR_INSTALL,		/* install release `target` into the prefix */
	CDS_REPAIR_PACKAGE,		/* the system's package manager owns what is
				   missing (`path`): `content` is its command,
				   `target` the package; a person runs it,
				   cds_repair_apply() does not */
	CDS_REPAIR_LDCONFIG		/* rebuild the loader's cache (ldconfig; under
				   a root, ldconfig -r ROOT) after the
				   ld.so.conf.d files are written */
};

struct cds_repair_op {
	enum cds_repair_op_kind kind;
	char *path;		/* target path (without the root) */
	char *target;		/* link target, or release for INSTALL */
	char *content;		/* for WRITE; for PACKAGE the command */
	char **argv;		/* for PACKAGE: the command word by word */
	const char *finding;	/* the finding id it answers, or NULL */
};

struct cds_repair_plan {
	char *env_name;		/* "system" for the system's Python */
	char *env_prefix;	/* "/" for the system's Python */
	int system;		/* the system's Python: its libraries go on
				   the loader's path through
				   /etc/ld.so.conf.d/cudnn-setup-*.conf, not
				   through activation scripts */
	int path_first;		/* LD_LIBRARY_PATH before the env's dirs */
	int venv;		/* a plain venv: activation goes into its
				   bin/activate, activate.fish and
				   activate.csh (marked blocks), not
				   etc/conda/activate.d */
	char **libdirs;		/* what activation puts on the path */
	struct cds_repair_op *ops;
	size_t nops;
	/* the PACKAGE operations' commands, joined (one `apt-get install`
	   for every package it restores); never NULL */
	struct cds_syscmds *package_commands;
	struct cds_findings *before;	/* doctor's findings on the env */
	/* a framework in the env needs a CUDA runtime or cuDNN that nothing
	 * here provides: the releases to install into the prefix first (its
	 * items' lib/ dirs are in libdirs), or NULL */
	struct cds_plan *install;
	const char *install_for;	/* the package it is for, "name==ver";
					   NULL when versions were asked */
	char *cuda_home;	/* set by activation when installing, or NULL */
	char *cudnn_path;
	int lock_wait;		/* for the install's lock, as in
				   struct cds_txn_opts; the caller sets it */
};

enum {
	CDS_REPAIR_PATH_FIRST = 1	/* keep LD_LIBRARY_PATH ahead */
};

/*
 * Plan the repair of an env (a conda env name or any prefix path; NULL for
 * $CONDA_PREFIX, or, with none active, the system's Python; "/", "/usr"
 * and "/usr/local" name the system's Python too): missing soname and .so
 * links in its CUDA/cuDNN library dirs, regular files that should be
 * links, and activation scripts (etc/conda/activate.d/cudnn-setup.{sh,fish}
 * and deactivate.d) that put its library dirs on LD_LIBRARY_PATH and
 * restore the previous state on deactivation; for a plain venv (pyvenv.cfg,
 * no conda-meta/) a marked block at the end of its bin/activate,
 * activate.fish and activate.csh does that, and one at the top of its
 * `deactivate` restores the shell (a script without a `deactivate` to
 * hook is left alone, with a warning).  What the env's CUDA
 * consumers need is read from what is installed: the libraries their
 * DT_NEEDED names that the loader cannot find (cds_consumers_check).  An
 * env whose consumers find everything, through their RUNPATH or the
 * system, gets no links and no scripts.  A library found elsewhere goes on
 * the path; one a dpkg package should provide is that package manager's
 * to restore (a CDS_REPAIR_PACKAGE step naming the command); one nothing
 * provides is installed: the CUDA and cuDNN releases of the build the
 * consumers were made for (its CUDA runtime's version, its package's
 * version.py), into the prefix, and wired into activation, or for the
 * system's Python into /etc/ld.so.conf.d/cudnn-setup-<release>.conf and
 * the loader's cache.  A cuDNN whose cuBLAS the system has is installed
 * alone: never a lone cuBLAS of another release beside the system's.
 * The install prefix must not lie inside the env (CDS_ERR_USAGE).
 * REQ, when not NULL, is an install the person asked for (`install --env`):
 * it is planned instead, whatever the env has, and wired in the same way
 * (activation puts its lib/ dirs on the path and sets CUDA_HOME and
 * CUDNN_PATH); a request naming nothing takes what the env's first
 * framework known to the manifest needs.
 * Nothing is changed.  Free with cds_repair_plan_free().
 * Errors: CDS_ERR_NOT_FOUND (no such env), CDS_ERR_BAD_INPUT (a prefix
 * that is neither a conda env nor a venv, the detail naming it),
 * CDS_ERR_USAGE (an empty REQ
 * and no known framework in the env; the prefix inside the env), and those
 * of cds_plan_build().
 */
struct cds_repair_plan *cds_repair_plan_build(cds_handle_t *h,
    const char *env, unsigned flags, const struct cds_plan_request *req);
void cds_repair_plan_free(struct cds_repair_plan *p);

/*
 * Apply a plan: check every target is writable first (CDS_ERR_IO naming the
 * first that is not, nothing changed), take the env's lock (a flock on
 * its directory; while another process holds it, CDS_EV_LOCK_WAIT, then
 * as plan->lock_wait says), finish what an interrupted repair or undo of
 * the env left (cds_repair_recover()), check that every target is still
 * as planned (CDS_ERR_IO naming the first that changed, nothing changed;
 * one already as repaired, by a run before, is left as it is), run the
 * planned install (through cds_install_run; the answer to the repair
 * stands for its question; the installed releases stay when the repair
 * is undone: they are shared), and make each change.  Each is written to
 * the record in <env>/etc/cudnn-setup/undo/ (the system's:
 * /etc/cudnn-setup/undo/), synced, before it is made; a file it replaces
 * is kept there first, and replaced by rename(); so a kill at any point
 * leaves the env for cds_repair_recover() to put back exactly.  A failure
 * midway takes back what was done: the env is as it was.  A repair of an
 * env with an earlier repair in its record adds to the record:
 * cds_repair_undo() takes back the last one, then the one before.
 * Paths in the plan that do not resolve inside the env: CDS_ERR_BAD_INPUT,
 * nothing changed.  CDS_REPAIR_PACKAGE steps are left to the person (the
 * plan names their commands); a plan of nothing else changes nothing.
 * Emits CDS_EV_FIXUP_START/DONE per change made.
 */
int cds_repair_apply(cds_handle_t *h, const struct cds_repair_plan *p);

/*
 * Undo the last repair of ENV (NULL as for cds_repair_plan_build())
 * exactly: links it made are removed, files it replaced are restored,
 * scripts and ld.so.conf.d files it wrote are removed or restored (and the
 * loader's cache rebuilt), directories it created are removed when empty.
 * Under the env's lock (LOCK_WAIT as for struct cds_txn_opts).  A repair
 * a kill cut short is the last one: it is taken back, and so is finished
 * an undo a kill cut short.  CDS_ERR_NOT_FOUND when there is nothing to
 * undo; CDS_ERR_BAD_INPUT when the record is not one of ours (a line that
 * is no step, a path outside the env: the detail names the journal and
 * the line), nothing changed.
 */
int cds_repair_undo(cds_handle_t *h, const char *env, int lock_wait);

/*
 * Finish what an interrupted repair or undo of ENV (NULL as for
 * cds_repair_plan_build()) left, under the env's lock: a repair cut short
 * is taken back, exactly, an undo cut short is completed, the temporary
 * files of a cut replacement are removed (CDS_EV_CLEANUP each); a record
 * with no repair left in it goes.  Nothing to do is no error.  Call it
 * before cds_repair_plan_build() when the plan is to be applied: the plan
 * is then made from a whole env.  Errors as for cds_repair_undo().
 */
int cds_repair_recover(cds_handle_t *h, const char *env, int lock_wait);

/*
 * The environment as the env's activation would make it: sets the handle's
 * target LD_LIBRARY_PATH (and CONDA_PREFIX) the way the scripts of PLAN do,
 * so that a following scan and cds_findings_run() see the activated env.
 */
int cds_repair_activate_env(cds_handle_t *h,
    const struct cds_repair_plan *plan);


/* ------------------------------------------------------------------------ */
/* Explain (issue: findings)                                                 */
/* ------------------------------------------------------------------------ */

/*
 * `explain`: recognise a failure from the text a program printed, then run
 * the checks that tell its known causes apart on this machine.  Entries
 * are doc/failure-modes.md's ("F1"...) and doctor's own ids ("STUB-LIBCUDA",
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
	const char **ids;	/* the ids of the findings whose evidence can
				   show it, NULL-terminated (the array is owned
				   by the explanation, the strings static);
				   empty: it cannot be checked here */
	int finding;		/* index in ->findings of the finding whose
				   evidence shows it here, -1 if none */
	int by_message;		/* the message itself shows it (its words
				   are this cause's only), so no finding
				   is needed */
};

struct cds_explanation {
	struct cds_explain_match *matches;	/* best first */
	size_t nmatches;
	const char *id;		/* the entry explained: matches[0].id */
	const char *title;	/* translated, one line */
	const char *meaning;	/* translated: what it means, plainly */
	const char *fix;	/* translated: what to do when no cause is
				   found here */
	const char *side;	/* where the fix is made: "host" (a container
				   failure fixed on the host: run doctor
				   there), "container" (its image or how it
				   is started), or NULL */
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
	char *said;		/* private: a meaning written for this text */
};

/* The longest text cds_explain_text() reads: 1 MiB. */
#define CDS_EXPLAIN_MAX (1 << 20)

/*
 * Recognise TEXT (a message pasted whole: a bare line, a traceback, log
 * lines with their prefixes; at most CDS_EXPLAIN_MAX bytes).  The work is
 * linear in the text.  Returns a new explanation (free with
 * cds_explanation_free()), or NULL with CDS_ERR_NOT_FOUND when no known
 * failure matches, CDS_ERR_USAGE for empty or too long text.  Reads
 * nothing, emits no events.
 */
struct cds_explanation *cds_explain_text(cds_handle_t *h, const char *text);
/*
 * Run the checks on this machine (under the handle's root): doctor's rules
 * over scan S, checks of what the message names (the library it could not
 * open: found here, installed elsewhere, or not installed, and what
 * provides it; the file that failed: loaded here by path through the
 * loader emulation; the cuDNN version it loaded; the GPU's architecture
 * against the frameworks' kernels) and of what the causes ask about (the
 * driver's module and libraries, the framework's build).  Those findings
 * have ids MSG-LIBRARY, MSG-FILE, MSG-CUDNN, MSG-DRIVER, MSG-BUILD.  A
 * cause is claimed only when a finding's evidence shows it; when none is,
 * ->verdict stays -1 (not determined here).  Fills ->findings,
 * ->causes[].finding and ->verdict.  The manifest must be loaded.
 * Returns 0.
 */
int cds_explain_check(cds_handle_t *h, struct cds_explanation *x,
    const struct cds_scan *s);
void cds_explanation_free(struct cds_explanation *x);
/* The translated one-line title of an entry, or NULL if unknown. */
const char *cds_explain_title(const char *id);

/*
 * What a text no entry matches still says: the libraries (sonames, and
 * Windows DLLs by their soname), C++ symbols, versions and paths it names,
 * each with what it is here (NULL when nothing is known of it), and the
 * known failures whose messages share the most words with it.
 */
struct cds_text_read {
	const char *kind;	/* "library", "symbol", "version", "path" */
	char *value;
	char *here;		/* translated; NULL: nothing known here */
};

#define CDS_CLOSEST 3

struct cds_text_reads {
	struct cds_text_read *items;
	size_t n;
	const char *closest[CDS_CLOSEST];	/* entry ids, nearest first */
	size_t nclosest;
};

/* Read TEXT (as cds_explain_text() takes it); libraries are looked up in
 * the loaded index (cds_manifest_load(); none loaded: not looked up),
 * paths under the handle's root.  Never NULL. */
struct cds_text_reads *cds_explain_reads(cds_handle_t *h, const char *text);
void cds_text_reads_free(struct cds_text_reads *r);


#ifdef __cplusplus
}
#endif

#endif /* CDS_H */
