/*
 * cudareq.c - will an image run on a driver: the container toolkit's
 * NVIDIA_REQUIRE_* check, evaluated offline, and the image's forward-
 * compatibility libcuda read without loading it.
 *
 * The rules are the toolkit's, as its sources state them:
 * - which variables are requirements: NVIDIA/nvidia-container-toolkit
 *   internal/config/image/cuda_image.go (commit 1081cecea97d60a9c4e715c3
 *   a9ecaa5323d7cdec): GetRequirements, IsLegacy, HasDisableRequire;
 * - how one is evaluated and the message when it fails:
 *   NVIDIA/libnvidia-container src/cli/dsl.c (commit 5823754b8577d16fabf2
 *   5a6ef6a1d58f7ff1e5dd): a value is space-separated alternatives (OR),
 *   each comma-separated conditions (AND); "unsatisfied condition: X,
 *   please update your driver to a newer version, or use an earlier cuda
 *   container" names the value's first alternative X when it starts with
 *   "cuda>=";
 * - the conditions and what they compare: src/cli/configure.c (commit
 *   e27a4a75805021ffdfa9b56403921f50eb3b83d2) check_cuda_version,
 *   check_driver_version, check_device_arch, check_device_brand, each true
 *   when its fact is unknown; every requirement is checked per visible GPU;
 * - the facts: src/driver.c (commit 06deb20d1ca438aa6c6c3ac9ba94d5b9885f1f
 *   b8): the CUDA version "%u.%u" of nvmlSystemGetCudaDriverVersion, the
 *   brand names of nvmlDeviceGetBrand.
 * - the compat note: nvidia-container-toolkit cmd/nvidia-cdi-hook/
 *   cudacompat/cuda-elf-header.go (commit 7f2d76b2b6654a43f5c75b0f377ecec
 *   6466b326b): section .note.cuda.fwd_compatibility, owner "NVIDIA
 *   Corporation", a JSON description with "CUDA Version" and "driver".
 */
#include "config.h"

#include <ctype.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "doctor/cudareq.h"
#include "read/elfread.h"
#include "read/manifest.h"
#include "scan/scan.h"
#include "base/version.h"

const char *const cds_req_brands[] = {
	"Quadro", "Tesla", "NVS", "GRID", "GeForce", "TITAN", "Unknown", NULL
};

enum req_cmp { REQ_EQ, REQ_NE, REQ_LT, REQ_LE, REQ_GT, REQ_GE };

/* In the toolkit's order: a run of operator characters takes the first
 * whose first characters it equals, so "!" reads as "!=". */
static const struct {
	const char *s;
	enum req_cmp cmp;
} ops[] = {
	{ "=", REQ_EQ }, { "!=", REQ_NE }, { "<", REQ_LT }, { "<=", REQ_LE },
	{ ">", REQ_GT }, { ">=", REQ_GE },
};

/* One number of a dotted version; -1 when there is none or it is too
 * big for the toolkit's strtoumax. */
static int
next_number(const char **p, uintmax_t *n)
{
	char *end;

	*n = strtoumax(*p, &end, 10);
	if (end == *p || *n == UINTMAX_MAX) {
		return -1;
	}
	*p = end + strspn(end, ".");
	return 0;
}

/* Compare two dotted versions as the toolkit does: number by number,
 * then what is left of the longer one counts only if it holds more than
 * dots and zeros.  1 true, 0 false, -1 not versions. */
static int
version_cmp(const char *a, enum req_cmp cmp, const char *b)
{
	uintmax_t x, y;
	int more_a, more_b;

	if (strspn(a, "0123456789.") != strlen(a) ||
	    strspn(b, "0123456789.") != strlen(b)) {
		return -1;
	}
	while (*a != '\0' && *b != '\0') {
		if (next_number(&a, &x) == -1 || next_number(&b, &y) == -1) {
			return -1;
		}
		if (x != y) {
			switch (cmp) {
			case REQ_EQ:
				return 0;
			case REQ_NE:
				return 1;
			case REQ_LT:
			case REQ_LE:
				return x < y;
			default:
				return x > y;
			}
		}
	}
	more_a = a[strspn(a, ".0")] != '\0';
	more_b = b[strspn(b, ".0")] != '\0';
	switch (cmp) {
	case REQ_NE:
		return more_a || more_b;
	case REQ_EQ:
		return !more_a && !more_b;
	case REQ_LE:
		return (!more_a && !more_b) || (!more_a && more_b);
	case REQ_GE:
		return (!more_a && !more_b) || (more_a && !more_b);
	case REQ_LT:
		return !more_a && more_b;
	default:
		return more_a && !more_b;
	}
}

/* One condition NAME OP VALUE against X: 1, 0, or -1 (not evaluable). */
static int
condition(char *expr, const struct cds_req_host *x)
{
	size_t n, i;
	char *op, *val;
	enum req_cmp cmp;

	if ((n = strcspn(expr, "<>=!")) == 0) {
		return -1;
	}
	op = expr + n;
	if ((n = strspn(op, "<>=!")) == 0) {
		return -1;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strncmp(op, ops[i].s, n) == 0) {
			break;
		}
	}
	if (i == sizeof(ops) / sizeof(ops[0]) || op[n] == '\0') {
		return -1;
	}
	cmp = ops[i].cmp;
	val = op + n;
	*op = '\0';
	if (strcasecmp(expr, "cuda") == 0) {
		return x->cuda == NULL ? 1 : version_cmp(x->cuda, cmp, val);
	}
	if (strcasecmp(expr, "driver") == 0) {
		return x->driver == NULL ? 1 :
		    version_cmp(x->driver, cmp, val);
	}
	if (strcasecmp(expr, "arch") == 0) {
		return x->brand == NULL || x->arch == NULL ? 1 :
		    version_cmp(x->arch, cmp, val);
	}
	if (strcasecmp(expr, "brand") == 0) {
		if (x->brand == NULL) {
			return 1;
		}
		if (cmp == REQ_EQ) {
			return strcasecmp(x->brand, val) == 0;
		}
		if (cmp == REQ_NE) {
			return strcasecmp(x->brand, val) != 0;
		}
		return -1;
	}
	return -1;
}

int
cds_req_eval(const char *req, const struct cds_req_host *x, char **why)
{
	char *copy = cds_xstrdup(req), *rest = copy, *alt, *cond;
	int met = 1, r;
	size_t first;

	if (why != NULL) {
		*why = NULL;
	}
	/* an alternative whose conditions all hold ends the search; one
	 * that holds no condition at all ("," alone) ends it too, with the
	 * verdict of the alternative before it, as the toolkit's loop does */
	while ((alt = strsep(&rest, " ")) != NULL) {
		if (*alt == '\0') {
			continue;
		}
		while ((cond = strsep(&alt, ",")) != NULL) {
			if (*cond == '\0') {
				continue;
			}
			if ((r = condition(cond, x)) == -1) {
				free(copy);
				if (why != NULL) {
					*why = cds_xstrdup("invalid "
					    "expression");
				}
				return -1;
			}
			met = r;
			if (!met) {
				break;
			}
		}
		if (cond == NULL) {
			break;
		}
	}
	free(copy);
	if (met) {
		return 1;
	}
	if (why != NULL) {
		first = strcspn(req, " ");
		*why = strncmp(req, "cuda>=", 6) == 0 && first >= 6 ?
		    cds_xasprintf("unsatisfied condition: %.*s, please update "
		    "your driver to a newer version, or use an earlier cuda "
		    "container", (int)first, req) :
		    cds_xasprintf("unsatisfied condition: %.*s", (int)first,
		    req);
	}
	return 0;
}

int
cds_req_eval_all(char *const *reqs, const struct cds_req_host *x,
    char **why)
{
	size_t i;
	int r;

	if (why != NULL) {
		*why = NULL;
	}
	for (i = 0; reqs != NULL && reqs[i] != NULL; i++) {
		if ((r = cds_req_eval(reqs[i], x, why)) != 1) {
			return r;
		}
	}
	return 1;
}

/* The value of NAME in ENV ("NAME=value"), the last one; NULL if unset. */
static const char *
env_value(char *const *env, const char *name)
{
	size_t n = strlen(name), i;
	const char *v = NULL;

	for (i = 0; env != NULL && env[i] != NULL; i++) {
		if (strncmp(env[i], name, n) == 0 && env[i][n] == '=') {
			v = env[i] + n + 1;
		}
	}
	return v;
}

/* Go's strconv.ParseBool, true side; anything else is false. */
static int
go_true(const char *s)
{
	static const char *const yes[] = { "1", "t", "T", "TRUE", "true",
		"True", NULL };
	size_t i;

	for (i = 0; yes[i] != NULL; i++) {
		if (strcmp(s, yes[i]) == 0) {
			return 1;
		}
	}
	return 0;
}

/* "12.4" of CUDA_VERSION, as golang.org/x/mod/semver's MajorMinor reads
 * "v" + it ("12" is "12.0"); NULL when that is no semantic version. */
static char *
legacy_major_minor(const char *v)
{
	const char *p = v;
	unsigned long part[3] = { 0, 0, 0 };
	size_t i, len;
	char *end;

	if (*p == 'v') {
		p++;
	}
	for (i = 0; i < 3; i++) {
		len = strspn(p, "0123456789");
		if (len == 0 || (len > 1 && *p == '0')) {
			return NULL;
		}
		part[i] = strtoul(p, &end, 10);
		p = end;
		if (*p != '.') {
			break;
		}
		if (i == 2) {
			return NULL;
		}
		p++;
	}
	/* a pre-release or build suffix only after all three parts */
	if (*p != '\0' && (i < 2 || (*p != '-' && *p != '+'))) {
		return NULL;
	}
	return cds_xasprintf("%lu.%lu", part[0], part[1]);
}

char **
cds_req_list(char *const *env, int *disabled, char **bad)
{
	struct cds_strv out = { 0 };
	const char *d, *cuda, *req;
	size_t i, k;

	*disabled = 0;
	*bad = NULL;
	if ((d = env_value(env, "NVIDIA_DISABLE_REQUIRE")) != NULL &&
	    go_true(d)) {
		*disabled = 1;
		return cds_strv_steal(&out);
	}
	for (i = 0; env != NULL && env[i] != NULL; i++) {
		const char *e = env[i], *eq = strchr(e, '=');
		int later = 0;

		if (eq == NULL || strncmp(e, "NVIDIA_REQUIRE_", 15) != 0 ||
		    strncmp(e, "NVIDIA_REQUIRE_JETPACK", 22) == 0) {
			continue;
		}
		/* the toolkit reads the environment into a map: a name
		 * given twice counts once, with its last value */
		for (k = i + 1; env[k] != NULL; k++) {
			if (strncmp(env[k], e, (size_t)(eq - e) + 1) == 0) {
				later = 1;
			}
		}
		if (!later) {
			cds_strv_push(&out, eq + 1);
		}
	}
	cuda = env_value(env, "CUDA_VERSION");
	req = env_value(env, "NVIDIA_REQUIRE_CUDA");
	if (cuda != NULL && *cuda != '\0' && (req == NULL || *req == '\0')) {
		char *mm = legacy_major_minor(cuda);

		if (mm == NULL) {
			*bad = cds_xasprintf("CUDA_VERSION=%s", cuda);
		} else {
			cds_strv_push_owned(&out, cds_xasprintf("cuda>=%s",
			    mm));
			free(mm);
		}
	}
	return cds_strv_steal(&out);
}

const char *
cds_req_driver_cuda(const struct cds_manifest *m, const char *driver,
    char buf[16])
{
	const struct cds_release *best = NULL;
	size_t i;
	int v;

	if (m == NULL || driver == NULL) {
		return NULL;
	}
	for (i = 0; i < cds_manifest_nreleases(m); i++) {
		const struct cds_release *r = cds_manifest_release(m, i);

		if (r->kind != CDS_KIND_CUDA || r->bundled_driver == NULL ||
		    cds_vercmp(r->bundled_driver, driver) > 0) {
			continue;
		}
		if (best == NULL || cds_vercmp(r->version, best->version) > 0) {
			best = r;
		}
	}
	if (best == NULL || (v = cds_cuda_int(best->version)) <= 0) {
		return NULL;
	}
	snprintf(buf, 16, "%d.%d", v / 1000, (v % 1000) / 10);
	return buf;
}

/* The note's description: owner "NVIDIA Corporation", JSON. */
static int
parse_note(const unsigned char *p, uint64_t size, struct cds_compat_lib *l)
{
	uint32_t namesz, descsz;
	uint64_t name_end, desc_off;
	json_t *doc, *v, *e;
	size_t i;

	if (size < 12) {
		return -1;
	}
	memcpy(&namesz, p, 4);
	memcpy(&descsz, p + 4, 4);
	name_end = 12 + (uint64_t)namesz;
	desc_off = 12 + (((uint64_t)namesz + 3) & ~(uint64_t)3);
	if (namesz == 0 || descsz == 0 || name_end > size ||
	    desc_off > size || descsz > size - desc_off ||
	    strncmp((const char *)p + 12, "NVIDIA Corporation",
	    namesz) != 0) {
		return -1;
	}
	doc = json_loadb((const char *)p + desc_off,
	    strnlen((const char *)p + desc_off, descsz), 0, NULL);
	if (!json_is_object(doc)) {
		json_decref(doc);
		return -1;
	}
	l->has_note = 1;
	/* encoding/json matches keys without regard to case */
	{
		const char *key;

		json_object_foreach(doc, key, v) {
			if (strcasecmp(key, "CUDA Version") == 0 &&
			    json_is_string(v)) {
				free(l->cuda);
				l->cuda = cds_xstrdup(json_string_value(v));
			} else if (strcasecmp(key, "driver") == 0 &&
			    json_is_array(v)) {
				l->nbranches = 0;
				json_array_foreach(v, i, e) {
					if (json_is_integer(e) &&
					    l->nbranches < 32) {
						l->branches[l->nbranches++] =
						    (int)json_integer_value(e);
					}
				}
			}
		}
	}
	json_decref(doc);
	return 0;
}

int
cds_compat_note(const char *hostpath, struct cds_compat_lib *l)
{
	struct stat st;
	uint64_t off, size;
	unsigned char *buf;
	int fd, r = -1;

	if ((fd = open(hostpath, O_RDONLY | O_CLOEXEC)) == -1) {
		return -1;
	}
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    cds_elf_section(fd, (uint64_t)st.st_size,
	    ".note.cuda.fwd_compatibility", &off, &size) == 0 && size > 0 &&
	    size < (1u << 20)) {
		buf = cds_xmalloc(size);
		if (cds_pread_in(fd, buf, size, off, (uint64_t)st.st_size) ==
		    0) {
			r = parse_note(buf, size, l);
		}
		free(buf);
	}
	close(fd);
	return r;
}

struct cds_compat_lib *
cds_compat_find(cds_handle_t *h, size_t *n)
{
	static const char *const globs[] = {
		"/usr/local/cuda/compat/libcuda.so.*.*",
		"/usr/local/cuda-*/compat/libcuda.so.*.*",
		NULL
	};
	struct cds_compat_lib *v = NULL;
	struct cds_strv seen = { 0 };
	size_t g, i;

	*n = 0;
	for (g = 0; globs[g] != NULL; g++) {
		char **m = cds_root_glob(h, globs[g]);

		for (i = 0; m[i] != NULL; i++) {
			char *real = cds_realpath_in_root(h, m[i]);
			char *host, *ver;

			if (real == NULL || cds_strv_contains(&seen, real) ||
			    !cds_root_is_file(h, real) ||
			    (ver = cds_soname_version(cds_basename(real))) ==
			    NULL) {
				free(real);
				continue;
			}
			cds_strv_push(&seen, real);
			v = cds_xrealloc(v, (*n + 1) * sizeof(*v));
			memset(&v[*n], 0, sizeof(*v));
			v[*n].path = cds_xstrdup(m[i]);
			v[*n].version = ver;
			host = cds_rpath_follow(h, real);
			(void)cds_compat_note(host, &v[*n]);
			free(host);
			free(real);
			(*n)++;
		}
		cds_strfreev(m);
	}
	cds_strv_clear(&seen);
	return v;
}

void
cds_compat_free(struct cds_compat_lib *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].version);
		free(v[i].cuda);
	}
	free(v);
}

int
cds_set_host_driver(cds_handle_t *h, const char *version)
{
	if (version != NULL && (strspn(version, "0123456789.") !=
	    strlen(version) || !isdigit((unsigned char)version[0]) ||
	    strchr(version, '.') == NULL || strstr(version, "..") != NULL ||
	    version[strlen(version) - 1] == '.')) {
		return cds_seterr(h, CDS_ERR_USAGE, "%s: not a driver "
		    "version (like 550.54.15)", version);
	}
	free(h->host_driver);
	h->host_driver = version != NULL ? cds_xstrdup(version) : NULL;
	return 0;
}

/* The environment array of a configuration document: a runtime bundle's
 * process.env, an image configuration's config.Env (OCI, docker save) or
 * Config.Env (docker inspect, whose answer is an array of them). */
static json_t *
config_env(json_t *doc)
{
	json_t *o;

	if (json_is_array(doc) && json_array_size(doc) == 1) {
		doc = json_array_get(doc, 0);
	}
	if (!json_is_object(doc)) {
		return NULL;
	}
	if ((o = json_object_get(doc, "process")) != NULL &&
	    json_is_array(json_object_get(o, "env"))) {
		return json_object_get(o, "env");
	}
	if ((o = json_object_get(doc, "config")) == NULL) {
		o = json_object_get(doc, "Config");
	}
	if (o != NULL && json_is_array(json_object_get(o, "Env"))) {
		return json_object_get(o, "Env");
	}
	return NULL;
}

int
cds_image_env_load(cds_handle_t *h, char **path)
{
	struct cds_strv env = { 0 };
	json_error_t je;
	json_t *doc, *a, *e;
	char *file;
	size_t i;

	*path = NULL;
	if (*h->root == '\0') {
		return 0;
	}
	file = cds_xasprintf("%s/../config.json", h->root);
	if (!cds_exists(file)) {
		free(file);
		return 0;
	}
	if ((doc = json_load_file(file, 0, &je)) == NULL) {
		cds_seterr(h, CDS_ERR_USAGE, "%s: not JSON (line %d: %s)",
		    file, je.line, je.text);
		free(file);
		return -1;
	}
	if ((a = config_env(doc)) == NULL) {
		cds_seterr(h, CDS_ERR_USAGE, "%s: neither a runtime bundle's "
		    "configuration (process.env) nor an image's (config.Env)",
		    file);
		json_decref(doc);
		free(file);
		return -1;
	}
	json_array_foreach(a, i, e) {
		const char *s = json_string_value(e);

		if (s != NULL && strchr(s, '=') != NULL && *s != '=') {
			cds_strv_push(&env, s);
		}
	}
	json_decref(doc);
	cds_strv_clear(&h->env);
	h->env = env;
	if (cds_getenv(h, "HOME") == NULL) {
		/* the runtime sets it when the image does not (docker: the
		 * user's home, /root for root) */
		cds_setenv(h, "HOME", "/root");
	}
	h->image_env = 1;
	*path = file;
	return 1;
}
