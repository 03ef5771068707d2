/*
 * The choice of a framework build for a machine (pkgfix.c), against the
 * shipped index (manifests/index.json, its framework rows with their
 * builds from manifests/data/wheel-builds.tsv): on a generated grid of
 * drivers, GPU capabilities and every torch build, cds_build_runs() and
 * cds_torch_fit() agree with the rules worked out here a second time from
 * the index's JSON itself (the floor of the build's CUDA major, cubins of
 * the same major at or below the GPU, PTX at or below it, no cuDNN 9.11 or
 * newer below sm_75, Blackwell's driver floor); then the cases of the
 * research notes on package-manager fixes, each with the build that fixed
 * it.
 */
#include "config.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/handle.h"
#include "read/manifest.h"
#include "doctor/pkgfix.h"
#include "base/version.h"
#include "shipped.h"
#include "tap.h"

static const struct cds_manifest *m;
static json_t *idx;

static void __attribute__((format(printf, 1, 2)))
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static const char *const drivers[] = { "450.80.02", "470.82.01",
	"525.60.13", "535.247.01", "550.54.15", "570.26", "575.51.03",
	"580.65.06", "590.44.01", NULL };
static const int ccs[] = { 0, 37, 50, 52, 61, 70, 72, 75, 80, 86, 89, 90,
	100, 120, -1 };

/* The index's floor for CUDA major MAJOR, or Blackwell's (MAJOR 0). */
static const char *
floor_json(int major)
{
	size_t i;
	json_t *f;

	json_array_foreach(json_object_get(idx, "driver_floors"), i, f) {
		const char *cuda = json_string_value(json_object_get(f,
		    "cuda"));
		json_t *note = json_object_get(f, "note");

		if (major == 0 && note != NULL && strstr(json_string_value(
		    note), "Blackwell") != NULL) {
			return json_string_value(json_object_get(f,
			    "min_driver"));
		}
		if (major > 0 && note == NULL && atoi(cuda) == major &&
		    strchr(cuda, '.') == NULL) {
			return json_string_value(json_object_get(f,
			    "min_driver"));
		}
	}
	return NULL;
}

/* Does the build of row R (JSON) run on DRIVER and capability CC? */
static int
runs_json(json_t *r, const char *driver, int cc)
{
	const char *cuda = json_string_value(json_object_get(r, "cuda"));
	const char *archs = json_string_value(json_object_get(r, "archs"));
	const char *ptx = json_string_value(json_object_get(r, "ptx"));
	const char *cudnn = json_string_value(json_object_get(r, "cudnn"));
	char buf[128], *tok, *save = NULL;
	int have = 0;

	if (cds_vercmp(driver, floor_json(atoi(cuda))) < 0) {
		return 0;
	}
	if (cc == 0) {
		return 1;
	}
	snprintf(buf, sizeof(buf), "%s", archs != NULL ? archs : "");
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		have |= atoi(tok) / 10 == cc / 10 && atoi(tok) <= cc;
	}
	have |= ptx != NULL && atoi(ptx) <= cc;
	if (archs != NULL && !have) {
		return 0;
	}
	if (cc < 75 && cudnn != NULL && cds_vercmp(cudnn, "9.11") >= 0) {
		return 0;
	}
	if ((cc / 10 == 10 || cc / 10 == 12) &&
	    cds_vercmp(driver, floor_json(0)) < 0) {
		return 0;
	}
	return 1;
}

static int
is_torch_build(json_t *r)
{
	return strcmp(json_string_value(json_object_get(r, "name")),
	    "torch") == 0 && json_object_get(r, "index_url") != NULL;
}

/* The row the rules choose for release VERSION on DRIVER and CC (JSON). */
static json_t *
fit_json(const char *version, const char *driver, int cc)
{
	json_t *best = NULL, *r;
	size_t i;
	int pass;

	for (pass = 0; pass < 2 && best == NULL; pass++) {
		json_array_foreach(json_object_get(idx, "frameworks"), i, r) {
			const char *v = json_string_value(json_object_get(r,
			    "version"));
			int c;

			if (!is_torch_build(r) || (pass == 0 &&
			    strcmp(v, version) != 0) ||
			    !runs_json(r, driver, cc)) {
				continue;
			}
			c = best == NULL ? 1 : cds_vercmp(v, json_string_value(
			    json_object_get(best, "version")));
			if (c > 0 || (c == 0 && cds_vercmp(json_string_value(
			    json_object_get(r, "cuda")), json_string_value(
			    json_object_get(best, "cuda"))) > 0)) {
				best = r;
			}
		}
	}
	return best;
}

static void
grid(void)
{
	size_t i, d, k, nbuilds = 0, cells = 0, bad = 0, badfit = 0;
	size_t badfloor = 0;

	for (i = 0; i < m->nframeworks; i++) {
		const struct cds_framework_req *f = &m->frameworks[i];
		json_t *r = json_array_get(json_object_get(idx, "frameworks"),
		    i);

		if (strcmp(f->name, "torch") != 0 || f->index_url == NULL) {
			continue;
		}
		nbuilds++;
		/* the row's minimum driver: its CUDA major's floor */
		if (json_object_get(r, "min_driver") == NULL || strcmp(
		    json_string_value(json_object_get(r, "min_driver")),
		    floor_json(atoi(f->cuda))) != 0) {
			badfloor++;
		}
		for (d = 0; drivers[d] != NULL; d++) {
			for (k = 0; ccs[k] >= 0; k++) {
				struct cds_machine mc = { drivers[d], 0,
					ccs[k] };
				const struct cds_framework_req *got;
				json_t *want;

				cells++;
				if (cds_build_runs(m, f, &mc, NULL) !=
				    runs_json(r, drivers[d], ccs[k])) {
					if (bad++ < 5) {
						diag("torch %s %s on %s sm_%d",
						    f->version, f->variant,
						    drivers[d], ccs[k]);
					}
				}
				got = cds_torch_fit(m, f->version, NULL, &mc);
				want = fit_json(f->version, drivers[d],
				    ccs[k]);
				if ((got == NULL) != (want == NULL) ||
				    (got != NULL && (strcmp(got->version,
				    json_string_value(json_object_get(want,
				    "version"))) != 0 || strcmp(got->variant,
				    json_string_value(json_object_get(want,
				    "variant"))) != 0))) {
					if (badfit++ < 5) {
						diag("fit %s on %s sm_%d: %s %s",
						    f->version, drivers[d],
						    ccs[k], got != NULL ?
						    got->version : "-",
						    got != NULL ? got->variant :
						    "-");
					}
				}
			}
		}
	}
	tap_ok(nbuilds >= 40, "the index has its torch builds with their "
	    "indexes (%zu, 2.0 to 2.14)", nbuilds);
	tap_ok(badfloor == 0, "each build's min_driver is its CUDA major's "
	    "floor (%zu differ)", badfloor);
	tap_ok(bad == 0, "which builds run: %zu of %zu cells (driver x GPU x "
	    "build) disagree with the rules", bad, cells);
	tap_ok(badfit == 0, "the build chosen: %zu of %zu cells disagree",
	    badfit, cells);
}

/* The build chosen for torch VERSION on DRIVER and CC, "2.7 cu126". */
static char *
fit(const char *version, const char *driver, int cc, const char *except)
{
	static char out[64];
	const struct cds_framework_req *x = NULL, *r;
	struct cds_machine mc = { driver, 0, cc };
	size_t i;

	for (i = 0; except != NULL && i < m->nframeworks; i++) {
		if (strcmp(m->frameworks[i].name, "torch") == 0 &&
		    cds_ver_has_prefix(version, m->frameworks[i].version) &&
		    strcmp(m->frameworks[i].variant, except) == 0) {
			x = &m->frameworks[i];
		}
	}
	r = cds_torch_fit(m, version, x, &mc);
	snprintf(out, sizeof(out), "%s %s", r != NULL ? r->version : "-",
	    r != NULL ? r->variant : "-");
	return out;
}

static void
cases(void)
{
	/* uv#14742: GTX 1080 Ti (sm_61), a 12.8 driver, torch 2.7 cu128 */
	tap_is_str(fit("2.7.1", "570.124.06", 61, "cu128"), "2.7 cu126",
	    "Pascal with torch 2.7: cu126, the only 2.7 build with sm_61");
	/* AutoForge#59: a Pascal card, torch 2.14.0+cu130 */
	tap_is_str(fit("2.14.0", "580.65.06", 61, "cu130"), "2.14 cu126",
	    "Pascal with torch 2.14: cu126");
	/* LeggedLab#26: sm_120, torch of the 12.4 era without sm_120 */
	tap_is_str(fit("2.5.1", "570.124.06", 120, "cu124"), "2.11 cu128",
	    "sm_120 on a 12.8 driver: no 2.5 build, 2.11's cu128");
	/* the issue: 2.9.0+cu130 under driver 550 */
	tap_is_str(fit("2.9.0", "550.54.15", 0, "cu130"), "2.9 cu128",
	    "driver 550: the same release's CUDA 12 build");
	tap_is_str(fit("2.9.0", "470.82.01", 0, NULL), "2.7 cu118",
	    "driver 470: the last release with a cu118 build");
	/* Volta: kept in the 12.8 builds of 2.8-2.10, gone in 2.11's */
	tap_is_str(fit("2.10.0", "575.51.03", 70, NULL), "2.10 cu128",
	    "sm_70 with torch 2.10: cu128 still has it");
	tap_is_str(fit("2.11.0", "575.51.03", 70, NULL), "2.11 cu126",
	    "sm_70 with torch 2.11: cu126");
	/* cuDNN 9.11+ refuses SM < 7.5 inside torch: 2.11 cu128's 9.17 */
	tap_is_str(fit("2.11.0", "580.65.06", 61, NULL), "2.11 cu126",
	    "sm_61 never gets a cuDNN 9.11 or newer build");
	/* Blackwell under a 12.x driver older than 570.26 */
	tap_is_str(fit("2.9.0", "550.54.15", 120, NULL), "- -",
	    "sm_120 under driver 550: no build runs (Blackwell needs 570.26)");
}

int
main(void)
{
	struct cds_manifest *own;
	json_error_t je;
	cds_handle_t *h;
	char *text;
	int err;

	h = cds_new("/", &err);
	if ((own = shipped_index(h, &text)) == NULL) {
		return 1;
	}
	if ((idx = json_loads(text, 0, &je)) == NULL) {
		printf("1..1\nnot ok 1 - the index is JSON: %s\n", je.text);
		return 1;
	}
	m = own;
	grid();
	cases();
	json_decref(idx);
	cds_manifest_free(own);
	cds_free(h);
	free(text);
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
