/*
 * The container toolkit's requirement check (src/doctor/cudareq.c) over a
 * table: every requirement below x every driver the shipped index names (the
 * bundled driver of each CUDA release, with the CUDA version the index
 * gives it) x every brand libnvidia-container reports, and no device.
 * The expected verdict comes from a second, plain reading of the rules
 * as libnvidia-container src/cli/dsl.c and src/cli/configure.c state them
 * (alternatives split by spaces, any may hold; conditions split by commas,
 * all must hold; cuda and driver compared number by number; brand equal
 * without regard to case; brand and arch hold with no device), and the
 * message is the toolkit's.  Then the corners of dsl.c's parser, checked
 * by hand against its code, and cuda_image.go's choice of variables.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cds.h"
#include "doctor/cudareq.h"
#include "read/manifest.h"
#include "shipped.h"
#include "tap.h"
#include "base/util.h"
#include "base/version.h"

/* NVIDIA_REQUIRE_CUDA of the nvidia/cuda 12.4.1 images, as their
 * Dockerfiles set it (gitlab.com/nvidia/container-images/cuda,
 * dist/12.4.1; the ubi9 copy of those layers in a public Dockerfile). */
static const char req_1241[] = "cuda>=12.4 "
    "brand=tesla,driver>=470,driver<471 brand=unknown,driver>=470,"
    "driver<471 brand=nvidia,driver>=470,driver<471 brand=nvidiartx,"
    "driver>=470,driver<471 brand=geforce,driver>=470,driver<471 "
    "brand=geforcertx,driver>=470,driver<471 brand=quadro,driver>=470,"
    "driver<471 brand=quadrortx,driver>=470,driver<471 brand=titan,"
    "driver>=470,driver<471 brand=titanrtx,driver>=470,driver<471 "
    "brand=tesla,driver>=525,driver<526 brand=unknown,driver>=525,"
    "driver<526 brand=nvidia,driver>=525,driver<526 brand=nvidiartx,"
    "driver>=525,driver<526 brand=geforce,driver>=525,driver<526 "
    "brand=geforcertx,driver>=525,driver<526 brand=quadro,driver>=525,"
    "driver<526 brand=quadrortx,driver>=525,driver<526 brand=titan,"
    "driver>=525,driver<526 brand=titanrtx,driver>=525,driver<526 "
    "brand=tesla,driver>=535,driver<536 brand=unknown,driver>=535,"
    "driver<536 brand=nvidia,driver>=535,driver<536 brand=nvidiartx,"
    "driver>=535,driver<536 brand=geforce,driver>=535,driver<536 "
    "brand=geforcertx,driver>=535,driver<536 brand=quadro,driver>=535,"
    "driver<536 brand=quadrortx,driver>=535,driver<536 brand=titan,"
    "driver>=535,driver<536 brand=titanrtx,driver>=535,driver<536";

/* The oracle's version order: numbers left to right, missing ones 0. */
static int
oracle_vcmp(const char *a, const char *b)
{
	while (*a != '\0' || *b != '\0') {
		unsigned long x = strtoul(a, (char **)&a, 10);
		unsigned long y = strtoul(b, (char **)&b, 10);

		if (x != y) {
			return x < y ? -1 : 1;
		}
		a += *a == '.';
		b += *b == '.';
	}
	return 0;
}

static int
oracle_cond(const char *c, const struct cds_req_host *x)
{
	static const char *const opnames[] = { ">=", "<=", "!=", "=", "<",
		">", NULL };
	char key[32];
	const char *op = c + strcspn(c, "<>=!"), *val;
	size_t i;
	int d;

	snprintf(key, sizeof(key), "%.*s", (int)(op - c), c);
	for (i = 0; opnames[i] != NULL; i++) {
		if (strncmp(op, opnames[i], strlen(opnames[i])) == 0) {
			break;
		}
	}
	val = op + strlen(opnames[i]);
	if (strcmp(key, "brand") == 0) {
		return x->brand == NULL || strcasecmp(x->brand, val) == 0;
	}
	if (strcmp(key, "cuda") == 0) {
		d = oracle_vcmp(x->cuda, val);
	} else {
		d = oracle_vcmp(x->driver, val);
	}
	switch (i) {
	case 0: return d >= 0;
	case 1: return d <= 0;
	case 2: return d != 0;
	case 3: return d == 0;
	case 4: return d < 0;
	default: return d > 0;
	}
}

/* Any alternative whose conditions all hold. */
static int
oracle(const char *req, const struct cds_req_host *x)
{
	char *copy = cds_xstrdup(req), *save1 = NULL, *save2 = NULL;
	char *alt, *c;
	int met = 0;

	for (alt = strtok_r(copy, " ", &save1); alt != NULL && !met;
	    alt = strtok_r(NULL, " ", &save1)) {
		met = 1;
		for (c = strtok_r(alt, ",", &save2); c != NULL;
		    c = strtok_r(NULL, ",", &save2)) {
			met = met && oracle_cond(c, x);
		}
	}
	free(copy);
	return met;
}

static void
table(const struct cds_manifest *m)
{
	struct cds_strv reqs = { 0 }, drivers = { 0 };
	size_t i, j, b, checked = 0, bad = 0, refused = 0;
	char buf[16];

	for (i = 0; i < cds_manifest_nreleases(m); i++) {
		const struct cds_release *r = cds_manifest_release(m, i);
		int v = cds_cuda_int(r->version);
		char *q;

		if (r->kind != CDS_KIND_CUDA) {
			continue;
		}
		q = cds_xasprintf("cuda>=%d.%d", v / 1000, (v % 1000) / 10);
		if (!cds_strv_contains(&reqs, q)) {
			cds_strv_push(&reqs, q);
			/* the form of the nvidia/cuda images before the
			 * brand lists: one exception for a branch */
			free(q);
			q = cds_xasprintf("cuda>=%d.%d brand=tesla,"
			    "driver>=535,driver<536", v / 1000,
			    (v % 1000) / 10);
			cds_strv_push(&reqs, q);
		}
		free(q);
		if (r->bundled_driver != NULL &&
		    !cds_strv_contains(&drivers, r->bundled_driver)) {
			cds_strv_push(&drivers, r->bundled_driver);
		}
	}
	cds_strv_push(&reqs, req_1241);
	cds_strv_push(&reqs, "driver>=550 DRIVER<=530,cuda>=11.8");
	for (i = 0; i < reqs.n; i++) {
		for (j = 0; j < drivers.n; j++) {
			struct cds_req_host x = { NULL, drivers.v[j], NULL,
				NULL };

			x.cuda = cds_req_driver_cuda(m, x.driver, buf);
			for (b = 0; b == 0 || cds_req_brands[b - 1] != NULL;
			    b++) {
				char *why = NULL;
				int got, want;

				x.brand = b == 0 ? NULL : cds_req_brands[b - 1];
				if (x.brand == NULL && b > 0) {
					break;
				}
				got = cds_req_eval(reqs.v[i], &x, &why);
				want = oracle(reqs.v[i], &x);
				checked++;
				refused += got == 0;
				if (got != want || (got == 0 && (why == NULL ||
				    strncmp(why, "unsatisfied condition: ",
				    23) != 0))) {
					bad++;
					tap_ok(0, "%s on %s (CUDA %s, %s): got "
					    "%d, want %d", reqs.v[i], x.driver,
					    x.cuda, x.brand != NULL ? x.brand :
					    "no device", got, want);
				}
				free(why);
			}
		}
	}
	tap_ok(bad == 0 && checked > 1000 && refused > 100 &&
	    refused < checked, "%zu requirements x %zu drivers x 8 brands: "
	    "%zu verdicts agree with the rules (%zu refused)", reqs.n,
	    drivers.n, checked - bad, refused);
	cds_strv_clear(&reqs);
	cds_strv_clear(&drivers);
}

static void
known(const struct cds_manifest *m)
{
	struct cds_req_host x = { NULL, NULL, NULL, NULL };
	char buf[16], *why;

	tap_is_str(cds_req_driver_cuda(m, "550.54.15", buf), "12.4",
	    "driver 550.54.15: CUDA 12.4 (the driver of CUDA 12.4.1)");
	tap_is_str(cds_req_driver_cuda(m, "535.104.05", buf), "12.2",
	    "driver 535.104.05: CUDA 12.2 at least");
	tap_ok(cds_req_driver_cuda(m, "390.157", buf) == NULL,
	    "a driver older than every release's: unknown");

	x.driver = "550.54.15";
	x.cuda = "12.4";
	x.brand = "GeForce";
	tap_ok(cds_req_eval("cuda>=12.8 brand=tesla,driver>=535,driver<536",
	    &x, &why) == 0 && strcmp(why, "unsatisfied condition: "
	    "cuda>=12.8, please update your driver to a newer version, or "
	    "use an earlier cuda container") == 0, "a 12.8 image on 550 "
	    "GeForce: the toolkit's message, verbatim");
	free(why);
	x.driver = "535.54.03";
	x.cuda = "12.2";
	tap_ok(cds_req_eval(req_1241, &x, NULL) == 1, "the 12.4.1 image on "
	    "535 GeForce: its brand=geforce,driver>=535 exception holds");
	x.brand = "GRID";
	tap_ok(cds_req_eval(req_1241, &x, NULL) == 0, "... but not on a GRID "
	    "GPU, which its list does not name");
	x.brand = "Tesla";
	tap_ok(cds_req_eval("driver>=535 arch=8.0", &x, &why) == 1,
	    "the first alternative holds: the rest is not read");
	tap_ok(cds_req_eval("driver>=999 brand<tesla", &x, &why) == -1 &&
	    strcmp(why, "invalid expression") == 0, "brand< on a device: "
	    "invalid expression");
	free(why);
	x.brand = NULL;
	tap_ok(cds_req_eval("driver>=999 brand<tesla", &x, NULL) == 1,
	    "... with no device, brand holds without comparing");
	tap_ok(cds_req_eval("cuda!12.2", &x, NULL) == 0 &&
	    cds_req_eval("cuda!12.3", &x, NULL) == 1, "'!' reads as '!='");
	tap_ok(cds_req_eval("cuda==12.2", &x, NULL) == -1 &&
	    cds_req_eval("=12.2", &x, NULL) == -1 &&
	    cds_req_eval("cuda>=", &x, NULL) == -1 &&
	    cds_req_eval("gpu>=1", &x, NULL) == -1 &&
	    cds_req_eval("cuda>=12.2\tbrand=tesla", &x, NULL) == -1,
	    "'==', no name, no value, an unknown name, a tab: invalid");
	tap_ok(cds_req_eval("cuda>=12.2.0", &x, NULL) == 1 &&
	    cds_req_eval("cuda>=12.2.0.1", &x, NULL) == 0 &&
	    cds_req_eval("CUDA>=12", &x, NULL) == 1,
	    "trailing zeros count for nothing, names ignore case");
	tap_ok(cds_req_eval("cuda>=13.0 ,", &x, &why) == 0 &&
	    strcmp(why, "unsatisfied condition: cuda>=13.0, please update "
	    "your driver to a newer version, or use an earlier cuda "
	    "container") == 0, "an alternative of commas only keeps the "
	    "verdict before it");
	free(why);
	tap_ok(cds_req_eval("driver>=999", &x, &why) == 0 &&
	    strcmp(why, "unsatisfied condition: driver>=999") == 0,
	    "not a cuda>= requirement: the short message");
	free(why);
	tap_ok(cds_req_eval("", &x, NULL) == 1 &&
	    cds_req_eval("   ", &x, NULL) == 1, "an empty requirement holds");
}

static void
envs(void)
{
	char *e1[] = { "NVIDIA_REQUIRE_CUDA=cuda>=12.4", "CUDA_VERSION=12.4.1",
		"NVIDIA_REQUIRE_JETPACK=csv-mounts=all",
		"NVIDIA_REQUIRE_ARCH=arch>=8.0", NULL };
	char *e2[] = { "CUDA_VERSION=12.6.3", "PATH=/bin", NULL };
	char *e3[] = { "NVIDIA_REQUIRE_CUDA=cuda>=13.0",
		"NVIDIA_DISABLE_REQUIRE=True", NULL };
	char *e4[] = { "NVIDIA_REQUIRE_CUDA=cuda>=13.0",
		"NVIDIA_DISABLE_REQUIRE=yes", "NVIDIA_DISABLE_REQUIRES=1",
		NULL };
	char *e5[] = { "CUDA_VERSION=12.4.1-rc", "NVIDIA_REQUIRE_CUDA=", NULL };
	char *e6[] = { "CUDA_VERSION=cuda12", NULL };
	char **r, *bad;
	int dis;

	r = cds_req_list(e1, &dis, &bad);
	tap_ok(cds_strv_len(r) == 2 && strcmp(r[0], "cuda>=12.4") == 0 &&
	    strcmp(r[1], "arch>=8.0") == 0 && !dis && bad == NULL,
	    "every NVIDIA_REQUIRE_ but JETPACK; no legacy rule beside "
	    "NVIDIA_REQUIRE_CUDA");
	cds_strfreev(r);
	r = cds_req_list(e2, &dis, &bad);
	tap_ok(cds_strv_len(r) == 1 && strcmp(r[0], "cuda>=12.6") == 0,
	    "a legacy image (CUDA_VERSION only): cuda>=12.6");
	cds_strfreev(r);
	r = cds_req_list(e3, &dis, &bad);
	tap_ok(cds_strv_len(r) == 0 && dis, "NVIDIA_DISABLE_REQUIRE=True: "
	    "nothing is checked");
	cds_strfreev(r);
	r = cds_req_list(e4, &dis, &bad);
	tap_ok(cds_strv_len(r) == 1 && !dis, "'yes' is no Go boolean, and "
	    "NVIDIA_DISABLE_REQUIRES is not read");
	cds_strfreev(r);
	r = cds_req_list(e5, &dis, &bad);
	tap_ok(cds_strv_len(r) == 2 && strcmp(r[0], "") == 0 &&
	    strcmp(r[1], "cuda>=12.4") == 0, "an empty NVIDIA_REQUIRE_CUDA "
	    "counts, and the legacy rule applies beside it");
	cds_strfreev(r);
	r = cds_req_list(e6, &dis, &bad);
	tap_ok(cds_strv_len(r) == 0 && bad != NULL &&
	    strcmp(bad, "CUDA_VERSION=cuda12") == 0, "a CUDA_VERSION that is "
	    "no version: named");
	free(bad);
	cds_strfreev(r);
}

int
main(void)
{
	struct cds_manifest *m;
	cds_handle_t *h;
	char *text;
	int err;

	h = cds_new("/", &err);
	if ((m = shipped_index(h, &text)) == NULL) {
		return 1;
	}
	known(m);
	envs();
	table(m);
	printf("1..%d\n", tap_n);
	cds_manifest_free(m);
	cds_free(h);
	free(text);
	return tap_failed != 0;
}
