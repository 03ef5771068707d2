/*
 * rules_env.c - doctor's rules about the environment as the cause: a
 * variable that hides the GPU from CUDA or from a framework.
 * CUDA_VISIBLE_DEVICES empty, -1, or a list whose entry names no GPU here
 * (ENV-CUDA-VISIBLE); NVIDIA_VISIBLE_DEVICES void or none, with which the
 * container runtime passes no GPU (ENV-NVIDIA-VISIBLE); JAX_PLATFORMS
 * without cuda or gpu (ENV-JAX-PLATFORMS); CUDA_MODULE_LOADING with a
 * value CUDA does not know (ENV-MODULE-LOADING).  Each names the variable,
 * its value and where it was set.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/facts.h"
#include "doctor/findings.h"
#include "scan/container.h"
#include "scan/scan.h"

/* ------------------------------------------------------------------------ */
/* Shared: where a variable was set, the GPUs here                          */
/* ------------------------------------------------------------------------ */

/* The value as the evidence shows it: an empty one said in words. */
static void
evidence_value(struct cds_finding *f, const char *var, const char *value)
{
	if (*value == '\0') {
		cds_finding_evidence(f, var, "\"\" (set, and empty)");
	} else {
		cds_finding_evidence(f, var, "%s", value);
	}
}

/*
 * Evidence "set in": a file and its line, an activate.d script, a module,
 * or the environment when no profile file sets it.  The origin found, a
 * new string, or NULL.
 */
static char *
evidence_origin(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *var, const char *value)
{
	char *o = cds_var_origin(c, var, value), *colon;

	if (o == NULL) {
		cds_finding_evidence(f, "set in", "the environment (origin not "
		    "found in the profile files)");
		return NULL;
	}
	colon = strrchr(o, ':');
	if (o[0] == '/' && colon != NULL && colon[1] != '\0' &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		cds_finding_evidence(f, "set in", "%.*s line %s",
		    (int)(colon - o), o, colon + 1);
	} else {
		cds_finding_evidence(f, "set in", "%s", o);
	}
	return o;
}

/* The fix of a file that sets the variable (ORIGIN "FILE:LINE"), after
 * the shell's own: else it comes back in the next shell.  Frees ORIGIN. */
static void
fix_origin(struct cds_finding *f, char *origin)
{
	char *colon = origin != NULL ? strrchr(origin, ':') : NULL;

	if (origin != NULL && origin[0] == '/' && colon != NULL &&
	    colon[1] != '\0' && strspn(colon + 1, "0123456789") ==
	    strlen(colon + 1)) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "and delete or "
		    "change line %s of %.*s, or it comes back in the next "
		    "shell", colon + 1, (int)(colon - origin), origin);
	}
	free(origin);
}

/* What doctor knows of the GPUs here, apart from any variable (the probe
 * child's count is CUDA's, after CUDA_VISIBLE_DEVICES). */
struct gpus {
	int n;			/* -1: unknown */
	const char *source;	/* where N was read */
	struct cds_strv uuids;	/* "GPU-..." of each, when all are known */
	int present;		/* a GPU or the driver's module is here */
};

static void
gpus_clear(struct gpus *g)
{
	if (g != NULL) {
		cds_strv_clear(&g->uuids);
	}
}

/* The UUID line of a /proc/driver/nvidia/gpus/<bus>/information file,
 * or NULL. */
static char *
info_uuid(const cds_handle_t *h, const char *path)
{
	char *text = cds_root_read_file(h, path, 1u << 16, NULL), *p, *r = NULL;

	if (text != NULL && (p = strstr(text, "GPU UUID:")) != NULL) {
		p += 9;
		p += strspn(p, " \t");
		if (cds_startswith(p, "GPU-")) {
			r = cds_xstrndup(p, strcspn(p, " \t\n"));
		}
	}
	free(text);
	return r;
}

/* PCI display controllers (class 0x03xxxx) of NVIDIA (0x10de): the GPUs
 * without their audio functions and bridges. */
static int
pci_gpus(const cds_handle_t *h)
{
	char **devs = cds_root_glob(h, "/sys/bus/pci/devices/*/vendor"), **d;
	int n = 0;

	for (d = devs; *d != NULL; d++) {
		char *v = cds_root_read_line(h, *d), *cls, *cp;

		cp = cds_xstrdup(*d);
		strcpy(strrchr(cp, '/') + 1, "class");
		cls = cds_root_read_line(h, cp);
		if (v != NULL && strcmp(v, "0x10de") == 0 && cls != NULL &&
		    cds_startswith(cls, "0x03")) {
			n++;
		}
		free(cls);
		free(cp);
		free(v);
	}
	cds_strfreev(devs);
	return n;
}

static void
gpus_scan(struct cds_rule_ctx *c, struct gpus *g)
{
	char **info = cds_root_glob(c->h,
	    "/proc/driver/nvidia/gpus/*/information"), **p;
	int all = 1;

	memset(g, 0, sizeof(*g));
	g->n = -1;
	for (p = info; *p != NULL; p++) {
		char *u = info_uuid(c->h, *p);

		if (u != NULL) {
			cds_strv_push_owned(&g->uuids, u);
		} else {
			all = 0;
		}
	}
	if (info[0] != NULL) {
		g->n = (int)cds_strv_len(info);
		g->source = "/proc/driver/nvidia/gpus";
	} else if ((g->n = pci_gpus(c->h)) > 0) {
		g->source = "the PCI bus (/sys/bus/pci/devices)";
	} else {
		g->n = -1;
	}
	if (!all || info[0] == NULL) {
		cds_strv_clear(&g->uuids);
	}
	cds_strfreev(info);
	g->present = g->n > 0 || c->s->nvidia_pci > 0 ||
	    c->s->driver.module_version != NULL ||
	    c->s->driver.state == CDS_DRIVER_OK;
}

/* ------------------------------------------------------------------------ */
/* ENV-CUDA-VISIBLE                                                          */
/* ------------------------------------------------------------------------ */

/* Is entry E of CUDA_VISIBLE_DEVICES a device here?  1 yes, 0 no (*WHY
 * says why, a new string), -1 cannot be told here (a MIG instance; a
 * UUID without the GPUs' UUIDs; an index without their number). */
static int
entry_valid(const struct gpus *g, const char *e, char **why)
{
	size_t i, n = strlen(e);
	char *end;
	long v;

	if (n == 0) {
		*why = cds_xstrdup("an empty entry");
		return 0;
	}
	if (strncasecmp(e, "MIG-", 4) == 0) {
		return -1;	/* MIG instances' UUIDs are not in /proc */
	}
	if (strncasecmp(e, "GPU-", 4) == 0) {
		if (g->uuids.n == 0) {
			return -1;
		}
		/* CUDA takes a UUID's unique prefix too */
		for (i = 0; i < g->uuids.n; i++) {
			if (strncasecmp(g->uuids.v[i], e, n) == 0) {
				return 1;
			}
		}
		*why = cds_xasprintf("%s matches none of the GPUs' UUIDs", e);
		return 0;
	}
	v = strtol(e, &end, 10);
	if (end == e || *end != '\0') {
		*why = cds_xasprintf("%s is neither a GPU index nor a GPU-/MIG- "
		    "UUID", e);
		return 0;
	}
	if (v < 0) {
		*why = cds_xasprintf("%s is no GPU index (CUDA's way to hide "
		    "every GPU)", e);
		return 0;
	}
	if (g->n < 0) {
		return -1;
	}
	if (v >= g->n) {
		*why = g->n == 1 ? cds_xasprintf("%s is no GPU index here: "
		    "1 GPU, index 0", e) : cds_xasprintf("%s is no GPU index "
		    "here: %d GPUs, indexes 0 to %d", e, g->n, g->n - 1);
		return 0;
	}
	return 1;
}

char **
cds_cvd_entries(const char *list)
{
	char **v = cds_strsplit(list, ",", 1), **p;

	if (v[0] == NULL) {
		cds_strfreev(v);
		v = cds_xcalloc(2, sizeof(*v));
		v[0] = cds_xstrdup("");
		return v;
	}
	for (p = v; *p != NULL; p++) {
		char *s = *p + strspn(*p, " \t");
		size_t n = strlen(s);

		while (n > 0 && isspace((unsigned char)s[n - 1])) {
			n--;
		}
		memmove(*p, s, n);
		(*p)[n] = '\0';
	}
	return v;
}

/*
 * CUDA reads CUDA_VISIBLE_DEVICES in cuInit: only the devices it lists
 * are visible, renumbered from 0, and "if one of the indices is invalid,
 * only the devices whose index precedes the invalid index are visible"
 * (CUDA C Programming Guide, CUDA Environment Variables).  An empty value
 * or -1 hides every GPU: cuInit then says CUDA_ERROR_NO_DEVICE (100),
 * PyTorch "No CUDA GPUs are available", TensorFlow "no supported devices".
 */
static void
rule_env_visible(struct cds_rule_ctx *c)
{
	const char *value = cds_getenv(c->h, "CUDA_VISIBLE_DEVICES");
	struct gpus g;
	struct cds_finding *f;
	struct cds_buf keep = {0}, before = {0};
	char **ent, *why = NULL, *origin;
	size_t i, bad = 0;
	int v;

	if (value == NULL) {
		return;
	}
	gpus_scan(c, &g);
	ent = cds_cvd_entries(value);
	/* the first entry that is no device here hides itself and all after
	 * it; the fix keeps every other entry */
	for (i = 0; ent[i] != NULL; i++) {
		char *w = NULL;

		if ((v = entry_valid(&g, ent[i], &w)) == 0 && why == NULL) {
			bad = i;
			why = w;
		} else if (v != 0) {
			cds_buf_addf(&keep, "%s%s", keep.len > 0 ? "," : "",
			    ent[i]);
			if (why == NULL) {
				cds_buf_addf(&before, "%s%s", before.len > 0 ?
				    "," : "", ent[i]);
			}
		} else {
			free(w);
		}
	}
	if (why == NULL) {
		goto out;
	}
	if (bad == 0) {
		f = cds_finding_add(c, "ENV-CUDA-VISIBLE", g.present ?
		    CDS_SEV_ERROR : CDS_SEV_WARNING, "CUDA_VISIBLE_DEVICES=%s "
		    "hides every GPU from CUDA", value);
	} else {
		f = cds_finding_add(c, "ENV-CUDA-VISIBLE", CDS_SEV_WARNING,
		    "CUDA_VISIBLE_DEVICES=%s: CUDA ignores entry %zu and every "
		    "one after it", value, bad + 1);
	}
	evidence_value(f, "CUDA_VISIBLE_DEVICES", value);
	origin = evidence_origin(c, f, "CUDA_VISIBLE_DEVICES", value);
	cds_finding_evidence(f, "entry", "%zu: %s", bad + 1, why);
	cds_finding_evidence(f, "visible to CUDA", "%s", bad == 0 ? "no GPU: "
	    "cuInit says error 100 (CUDA_ERROR_NO_DEVICE)" : before.s);
	if (g.n >= 0) {
		cds_finding_evidence(f, "GPUs here", "%d (%s)", g.n, g.source);
	} else {
		cds_finding_evidence(f, "GPUs here", "%s", g.present ?
		    "unknown" : "none found");
	}
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "unset CUDA_VISIBLE_DEVICES");
	if (keep.len > 0) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "or: export CUDA_VISIBLE_DEVICES=%s", keep.s);
	}
	fix_origin(f, origin);
out:
	free(why);
	cds_buf_free(&keep);
	cds_buf_free(&before);
	cds_strfreev(ent);
	gpus_clear(&g);
}

/* ------------------------------------------------------------------------ */
/* ENV-NVIDIA-VISIBLE                                                        */
/* ------------------------------------------------------------------------ */

/* Is there a GPU device node, /dev/nvidia0 and on? */
static int
gpu_node(const cds_handle_t *h)
{
	return cds_root_glob_any(h, "/dev/nvidia[0-9]*");
}

/*
 * The NVIDIA container runtime reads NVIDIA_VISIBLE_DEVICES when it
 * starts a container: "void" (or empty) passes nothing of the driver,
 * "none" the driver's libraries without any GPU (NVIDIA Container
 * Toolkit, "Specialized Configurations": GPU Enumeration).  Inside, the
 * variable stays: the container has no GPU because of it.  Without a
 * device node it is the cause (error); with one the GPUs came another
 * way (--device) and it is only a sign (warning).
 */
/* What told scan it runs in a container ("/.dockerenv"): its first
 * marker, without the words after the path; "not detected" outside one. */
static const char *
container_marker(const struct cds_container *ct, char *buf, size_t n)
{
	const char *m;

	if (!cds_in_container(ct)) {
		return "not detected";
	}
	if ((m = cds_container_evidence(ct, "marker")) == NULL) {
		return ct->runtime;
	}
	snprintf(buf, n, "%.*s", (int)strcspn(m, " "), m);
	return buf;
}

static void
rule_env_container(struct cds_rule_ctx *c)
{
	const char *value = cds_getenv(c->h, "NVIDIA_VISIBLE_DEVICES");
	struct cds_finding *f;
	char *origin, marker[256];
	int node;

	if (value == NULL || (strcasecmp(value, "void") != 0 &&
	    strcasecmp(value, "none") != 0 && *value != '\0')) {
		return;
	}
	if (cds_streq(c->s->container.gpu_mechanism, "cdi")) {
		return;	/* CDI sets void itself: its devices came by spec */
	}
	node = gpu_node(c->h);
	f = cds_finding_add(c, "ENV-NVIDIA-VISIBLE", node ? CDS_SEV_WARNING :
	    CDS_SEV_ERROR, "NVIDIA_VISIBLE_DEVICES=%s: the container runtime "
	    "passes no GPU", value);
	evidence_value(f, "NVIDIA_VISIBLE_DEVICES", value);
	origin = evidence_origin(c, f, "NVIDIA_VISIBLE_DEVICES", value);
	cds_finding_evidence(f, "means", "%s", strcasecmp(value, "none") == 0 ?
	    "none: the driver's libraries are mounted, no GPU device" :
	    "void (or empty): the NVIDIA runtime passes nothing, neither "
	    "GPU nor driver libraries");
	cds_finding_evidence(f, "GPU device", "%s", node ? "a /dev/nvidiaN "
	    "node is here (passed another way)" : "no /dev/nvidiaN node");
	/* scan's detection, as every container rule uses it */
	cds_finding_evidence(f, "container", "%s",
	    container_marker(&c->s->container, marker, sizeof(marker)));
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "start the container "
	    "with the GPUs: docker run --gpus all (or -e "
	    "NVIDIA_VISIBLE_DEVICES=all), or drop NVIDIA_VISIBLE_DEVICES=%s "
	    "from the image or the compose file", value);
	fix_origin(f, origin);
}

/* ------------------------------------------------------------------------ */
/* ENV-JAX-PLATFORMS                                                         */
/* ------------------------------------------------------------------------ */

static int
jax_installed(const struct cds_scan *s)
{
	size_t i, k;

	for (k = 0; k < s->nsystem_packages; k++) {
		if (s->system_packages[k].kind == CDS_FW_JAX) {
			return 1;
		}
	}
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			if (s->envs[i].packages[k].kind == CDS_FW_JAX) {
				return 1;
			}
		}
	}
	return 0;
}

/*
 * JAX_PLATFORMS is the list of backends JAX may initialise, in order
 * (jax.config jax_platforms); empty or unset means all.  A list without
 * cuda (or its old name gpu) leaves the GPU unused: jax.devices() shows
 * CPU devices and no error says why.
 */
static void
rule_env_jax(struct cds_rule_ctx *c)
{
	const char *value = cds_getenv(c->h, "JAX_PLATFORMS");
	struct cds_finding *f;
	char **ent, **p, *origin;
	int gpu = 0;

	if (value == NULL || value[strspn(value, " \t,")] == '\0') {
		return;
	}
	ent = cds_cvd_entries(value);
	for (p = ent; *p != NULL; p++) {
		gpu |= strcasecmp(*p, "cuda") == 0 ||
		    strcasecmp(*p, "gpu") == 0;
	}
	cds_strfreev(ent);
	if (gpu) {
		return;
	}
	f = cds_finding_add(c, "ENV-JAX-PLATFORMS", jax_installed(c->s) ?
	    CDS_SEV_WARNING : CDS_SEV_NOTE, "JAX_PLATFORMS=%s: JAX will not "
	    "use the GPU", value);
	evidence_value(f, "JAX_PLATFORMS", value);
	origin = evidence_origin(c, f, "JAX_PLATFORMS", value);
	cds_finding_evidence(f, "means", "JAX initialises only the backends "
	    "listed; the GPU's is cuda (or gpu)");
	cds_finding_evidence(f, "JAX", "%s", jax_installed(c->s) ?
	    "installed here" : "not found here");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "unset JAX_PLATFORMS");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or: export "
	    "JAX_PLATFORMS=cuda,cpu");
	fix_origin(f, origin);
}

/* ------------------------------------------------------------------------ */
/* ENV-MODULE-LOADING                                                        */
/* ------------------------------------------------------------------------ */

/*
 * CUDA_MODULE_LOADING takes LAZY or EAGER (CUDA C Programming Guide,
 * Lazy Loading); anything else is not a mode the driver knows, and the
 * setting someone meant (lazy loading's memory savings, or eager's
 * up-front load) is not what the program gets.
 */
static void
rule_env_module_loading(struct cds_rule_ctx *c)
{
	const char *value = cds_getenv(c->h, "CUDA_MODULE_LOADING");
	struct cds_finding *f;
	char *origin;

	if (value == NULL || strcasecmp(value, "LAZY") == 0 ||
	    strcasecmp(value, "EAGER") == 0) {
		return;
	}
	f = cds_finding_add(c, "ENV-MODULE-LOADING", CDS_SEV_WARNING,
	    "CUDA_MODULE_LOADING=%s is not a mode CUDA knows (LAZY or EAGER)",
	    value);
	evidence_value(f, "CUDA_MODULE_LOADING", value);
	origin = evidence_origin(c, f, "CUDA_MODULE_LOADING", value);
	cds_finding_evidence(f, "valid values", "LAZY (the default since "
	    "CUDA 12.2), EAGER");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "unset CUDA_MODULE_LOADING");
	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
	    "or: export CUDA_MODULE_LOADING=LAZY");
	fix_origin(f, origin);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_env[] = {
	{ "ENV-CUDA-VISIBLE", N_("CUDA_VISIBLE_DEVICES hides GPUs from "
	    "CUDA"), NULL, rule_env_visible },
	{ "ENV-NVIDIA-VISIBLE", N_("NVIDIA_VISIBLE_DEVICES gives the "
	    "container no GPU"), NULL, rule_env_container },
	{ "ENV-JAX-PLATFORMS", N_("JAX_PLATFORMS keeps JAX off the GPU"),
	    NULL, rule_env_jax },
	{ "ENV-MODULE-LOADING", N_("CUDA_MODULE_LOADING has a value CUDA "
	    "does not know"), NULL, rule_env_module_loading },
	{ NULL, NULL, NULL, NULL }
};
