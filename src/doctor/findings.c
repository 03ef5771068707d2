/*
 * findings.c - run doctor's rules over a scan.  Each rules_*.c ends with
 * its table, one row per finding id beside the functions that raise them,
 * so a new failure mode is one function, one row and a test
 * (tests/rules/FAMILY.sh); this file runs the tables in order.  The facts
 * several rules share are facts.c; how a rule reports, rule.c.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "doctor/findings.h"
#include "scan/scan.h"

/* The ids explain's own checks raise (src/doctor/explain.c), not a rule's:
 * their summaries, looked up here like the rules'. */
static const struct cds_rule explain_ids[] = {
	{ "MSG-LIBRARY", N_("the library the message could not open, looked "
	    "up here"), NULL, NULL },
	{ "MSG-FILE", N_("the file the message names, loaded here"), NULL,
	    NULL },
	{ "MSG-CUDNN", N_("the cuDNN version the message names, looked up "
	    "here"), NULL, NULL },
	{ "MSG-DRIVER", N_("the driver a CUDA program meets here"), NULL,
	    NULL },
	{ "MSG-BUILD", N_("how the framework here was built"), NULL, NULL },
	{ "MSG-PKG", N_("the package manager's own fix"), NULL, NULL },
	{ "MSG-LIMIT", N_("the locked-memory limit of processes started "
	    "here"), NULL, NULL },
	{ "MSG-IMEX", N_("the IMEX channels a process here could open"),
	    NULL, NULL },
	{ "MSG-NVCC", N_("the CUDA compilers a build here could find"), NULL,
	    NULL },
	{ "MSG-PROFILING", N_("who may read the GPU's performance counters "
	    "here"), NULL, NULL },
	{ "MSG-SHM", N_("the shared memory a process here could use"), NULL,
	    NULL },
	{ "MSG-KHEADERS", N_("the kernel headers a module build here could "
	    "use"), NULL, NULL },
	{ "MSG-PEERMEM", N_("the RDMA core and GPUDirect RDMA's module of "
	    "the kernel running here"), NULL, NULL },
	{ "MSG-GDS", N_("GPUDirect Storage's module and cuFile's "
	    "configuration here"), NULL, NULL },
	{ "MSG-PTXAS", N_("the ptxas a program here would run"), NULL,
	    NULL },
	{ "MSG-HOSTCC", N_("the C++ compilers nvcc could run here"), NULL,
	    NULL },
	{ "MSG-CC", N_("the C compilers Triton could run here"), NULL,
	    NULL },
	{ "MSG-HEADER", N_("where a header a build asked for is here"), NULL,
	    NULL },
	{ "MSG-CVD", N_("the CUDA_VISIBLE_DEVICES a program here is given"),
	    NULL, NULL },
	{ "MSG-TORCH-LIB", N_("where a library of PyTorch's a program could "
	    "not load is here"), NULL, NULL },
	{ "MSG-DISK", N_("the room in the temporary directory here"), NULL,
	    NULL },
	{ NULL, NULL, NULL, NULL }
};

/* Each rules_*.c's table, in the order the rules run: a rule may read what
 * the rules before it found (cds_finding_exists), so F13's consumers come
 * after the driver's, the frameworks' and the loader's findings. */
static const struct cds_rule *const tables[] = {
	cds_rules_driver, cds_rules_cudnn, cds_rules_framework,
	cds_rules_knownbad, cds_rules_conda, cds_rules_toolchain,
	cds_rules_loader, cds_rules_wheels, cds_rules_runtime,
	cds_rules_consumers, cds_rules_integrity, cds_rules_env,
	cds_rules_image, cds_rules_container, explain_ids,
};

#define NTABLES (sizeof(tables) / sizeof(tables[0]))

const char *
cds_rule_summary(const char *id)
{
	const struct cds_rule *r;
	size_t t;

	for (t = 0; t < NTABLES; t++) {
		for (r = tables[t]; r->id != NULL; r++) {
			if (strcmp(r->id, id) == 0) {
				return _(r->summary);
			}
		}
	}
	return NULL;
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct cds_finding *x = a, *y = b;

	if (x->severity != y->severity) {
		return (int)y->severity - (int)x->severity;
	}
	return strcmp(x->id, y->id);
}

struct cds_findings *
cds_findings_run(cds_handle_t *h, const struct cds_scan *s)
{
	struct cds_rule_ctx c;
	const struct cds_rule *r;
	size_t t;

	c.h = h;
	c.s = s;
	c.m = h->manifest != NULL ? h->manifest : cds_manifest_load(h);
	c.out = cds_xcalloc(1, sizeof(*c.out));
	/* a rule's failure to read something is not the command's error */
	cds_clearerr(h);
	/* rules only read, and judge the machine as the scan read it: the
	 * scan's pass goes on (each directory resolved once for all) */
	cds_scan_pass_resume(h, s);
	for (t = 0; t < NTABLES; t++) {
		for (r = tables[t]; r->id != NULL; r++) {
			if (r->fn != NULL) {
				r->fn(&c);
			}
		}
	}
	cds_root_cache_end(h);
	cds_clearerr(h);
	if (c.out->n > 1) {
		/* stable order: most severe first, then by id; mergesort
		 * keeps a rule's own order among its findings */
		struct cds_finding *tmp = cds_xcalloc(c.out->n, sizeof(*tmp));
		size_t w, n = c.out->n;

		for (w = 1; w < n; w *= 2) {
			size_t lo;

			for (lo = 0; lo < n; lo += 2 * w) {
				size_t mid = lo + w < n ? lo + w : n;
				size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
				size_t a = lo, b = mid, k = lo;

				while (a < mid || b < hi) {
					if (b >= hi || (a < mid && cmp_finding(
					    &c.out->items[a],
					    &c.out->items[b]) <= 0)) {
						tmp[k++] = c.out->items[a++];
					} else {
						tmp[k++] = c.out->items[b++];
					}
				}
			}
			memcpy(c.out->items, tmp, n * sizeof(*tmp));
		}
		free(tmp);
	}
	return c.out;
}

int
cds_findings_worst(const struct cds_findings *f)
{
	int worst = -1;
	size_t i;

	for (i = 0; f != NULL && i < f->n; i++) {
		if ((int)f->items[i].severity > worst) {
			worst = (int)f->items[i].severity;
		}
	}
	return worst;
}
