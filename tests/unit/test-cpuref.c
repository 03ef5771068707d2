/*
 * test-cpuref.c - the CPU references verify trusts, against answers
 * worked out by hand: convolution forward, backward data and backward
 * filter with padding, stride, dilation and several channels; batch
 * normalisation's variance convention (biased for y and the saved inverse
 * standard deviation, unbiased for the running variance); ReLU; max
 * pooling with padding that never wins; the saxpy kernel's fma; and the
 * adjoint identities <conv(x,w), dy> = <x, bwd_data(w,dy)> =
 * <w, bwd_filter(x,dy)> on seeded data.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/cpuref.h"
#include "tap.h"

/* Are the N values of GOT within 1e-5 of WANT? Name the first miss. */
static int
same(const float *got, const float *want, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (fabs((double)got[i] - (double)want[i]) > 1e-5) {
			return tap_ok(0, "%s: [%zu] = %g, want %g", name, i,
			    (double)got[i], (double)want[i]);
		}
	}
	return tap_ok(1, "%s", name);
}

static void
iota(float *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		p[i] = (float)i;
	}
}

static void
test_conv_padding(void)
{
	/* 2x2 input, 2x2 ones, pad 1: sums of the padded 4x4's windows */
	struct cds_conv_shape s = { 1, 1, 2, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1 };
	float x[] = { 1, 2, 3, 4 }, w[] = { 1, 1, 1, 1 }, y[9], dx[4];
	float dy[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 }, dw[4];
	float want[] = { 1, 3, 2, 4, 10, 6, 3, 7, 4 };
	float want_dx[] = { 4, 4, 4, 4 };
	/* every tap meets each input cell once: the sum of x, 10 */
	float want_dw[] = { 10, 10, 10, 10 };
	int p = 0, q = 0, rc;

	rc = cds_conv_out(&s, &p, &q);
	tap_ok(rc == 0 && p == 3 && q == 3,
	    "pad 1: 3x3 output (got %dx%d)", p, q);
	cds_ref_conv_fwd(&s, x, w, y);
	same(y, want, 9, "forward with padding");
	cds_ref_conv_bwd_data(&s, w, dy, dx);
	same(dx, want_dx, 4, "backward data with padding");
	cds_ref_conv_bwd_filter(&s, x, dy, dw);
	same(dw, want_dw, 4, "backward filter with padding");
}

static void
test_conv_stride(void)
{
	/* 4x4 of 0..15, filter [1 2; 3 4], stride 2 */
	struct cds_conv_shape s = { 1, 1, 4, 4, 1, 2, 2, 0, 0, 2, 2, 1, 1 };
	float x[16], w[] = { 1, 2, 3, 4 }, y[4], dx[16], dw[4];
	float want[] = { 34, 54, 114, 134 };
	float dy1[] = { 0, 0, 0, 1 };
	float want_dx[16] = { 0 };
	float dy_ones[] = { 1, 1, 1, 1 };
	float want_dw[] = { 20, 24, 36, 40 };
	int p = 0, q = 0, rc;

	iota(x, 16);
	rc = cds_conv_out(&s, &p, &q);
	tap_ok(rc == 0 && p == 2 && q == 2,
	    "stride 2: 2x2 output");
	cds_ref_conv_fwd(&s, x, w, y);
	same(y, want, 4, "forward with stride 2");
	/* the last output's gradient lands on the last 2x2 corner only */
	want_dx[10] = 1;
	want_dx[11] = 2;
	want_dx[14] = 3;
	want_dx[15] = 4;
	cds_ref_conv_bwd_data(&s, w, dy1, dx);
	same(dx, want_dx, 16, "backward data with stride 2");
	cds_ref_conv_bwd_filter(&s, x, dy_ones, dw);
	same(dw, want_dw, 4, "backward filter with stride 2");
}

static void
test_conv_dilation(void)
{
	/* taps 2 apart: (0,0) (0,2) (2,0) (2,2) of each 3x3 patch */
	struct cds_conv_shape s = { 1, 1, 4, 4, 1, 2, 2, 0, 0, 1, 1, 2, 2 };
	float x[16], w[] = { 1, 2, 3, 4 }, y[4], dx[16], dw[4];
	float want[] = { 68, 78, 108, 118 };
	float dy1[] = { 1, 0, 0, 0 };
	float want_dx[16] = { 0 };
	float want_dw[] = { 0, 2, 8, 10 };
	int p = 0, q = 0, rc;

	iota(x, 16);
	rc = cds_conv_out(&s, &p, &q);
	tap_ok(rc == 0 && p == 2 && q == 2,
	    "dilation 2: 2x2 output");
	cds_ref_conv_fwd(&s, x, w, y);
	same(y, want, 4, "forward with dilation 2");
	want_dx[0] = 1;
	want_dx[2] = 2;
	want_dx[8] = 3;
	want_dx[10] = 4;
	cds_ref_conv_bwd_data(&s, w, dy1, dx);
	same(dx, want_dx, 16, "backward data with dilation 2");
	cds_ref_conv_bwd_filter(&s, x, dy1, dw);
	same(dw, want_dw, 4, "backward filter with dilation 2");
}

static void
test_conv_channels(void)
{
	/* 1x1 filters mix 2 channels into 2; two images */
	struct cds_conv_shape s = { 2, 2, 1, 1, 2, 1, 1, 0, 0, 1, 1, 1, 1 };
	float x[] = { 5, 6, -1, 0.5f }, w[] = { 1, 2, 3, 4 }, y[4];
	float want[] = { 17, 39, 0, -1 };
	float dy[] = { 1, 0, 0, 1 }, dx[4], dw[4];
	/* dx[n,c] = sum_k dy[n,k] w[k,c]; dw[k,c] = sum_n dy[n,k] x[n,c] */
	float want_dx[] = { 1, 2, 3, 4 };
	float want_dw[] = { 5, 6, -1, 0.5f };

	cds_ref_conv_fwd(&s, x, w, y);
	same(y, want, 4, "forward across channels and images");
	cds_ref_conv_bwd_data(&s, w, dy, dx);
	same(dx, want_dx, 4, "backward data across channels");
	cds_ref_conv_bwd_filter(&s, x, dy, dw);
	same(dw, want_dw, 4, "backward filter across images");
}

static void
test_conv_asymmetric(void)
{
	/* 1x3 row [1 2 3], filter 1x2 [1 1], pad_w 1, pad_h 0: 1x4 */
	struct cds_conv_shape s = { 1, 1, 1, 3, 1, 1, 2, 0, 1, 1, 1, 1, 1 };
	float x[] = { 1, 2, 3 }, w[] = { 1, 1 }, y[4];
	float want[] = { 1, 3, 5, 3 };
	int p = 0, q = 0, rc;

	rc = cds_conv_out(&s, &p, &q);
	tap_ok(rc == 0 && p == 1 && q == 4,
	    "pad 0x1: 1x4 output (got %dx%d)", p, q);
	cds_ref_conv_fwd(&s, x, w, y);
	same(y, want, 4, "forward with padding on one axis");
	s.dil_w = 5;
	tap_ok(cds_conv_out(&s, &p, &q) == -1,
	    "a filter wider than the padded input gives no output");
}

static double
dot(const float *a, const float *b, size_t n)
{
	double acc = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		acc += (double)a[i] * b[i];
	}
	return acc;
}

static void
test_conv_adjoint(void)
{
	/* the shape verify runs on the GPU */
	struct cds_conv_shape s = { 2, 3, 7, 6, 4, 3, 3, 1, 2, 2, 1, 2, 1 };
	size_t nx, nw, ny;
	float *x, *w, *y, *dy, *dx, *dw;
	double a, b, c;
	int p = 0, q = 0, rc;

	rc = cds_conv_out(&s, &p, &q);
	tap_ok(rc == 0 && p == 3 && q == 8,
	    "verify's shape: 3x8 output (got %dx%d)", p, q);
	nx = (size_t)s.n * s.c * s.h * s.w;
	nw = (size_t)s.k * s.c * s.r * s.s;
	ny = (size_t)s.n * s.k * p * q;
	x = malloc(nx * sizeof(float));
	dx = malloc(nx * sizeof(float));
	w = malloc(nw * sizeof(float));
	dw = malloc(nw * sizeof(float));
	y = malloc(ny * sizeof(float));
	dy = malloc(ny * sizeof(float));
	cds_ref_fill(x, nx, 1);
	cds_ref_fill(w, nw, 2);
	cds_ref_fill(dy, ny, 3);
	cds_ref_conv_fwd(&s, x, w, y);
	cds_ref_conv_bwd_data(&s, w, dy, dx);
	cds_ref_conv_bwd_filter(&s, x, dy, dw);
	a = dot(y, dy, ny);
	b = dot(x, dx, nx);
	c = dot(w, dw, nw);
	tap_ok(fabs(a - b) < 1e-4 * (1 + fabs(a)),
	    "<conv(x), dy> = <x, bwd_data(dy)>: %.6f vs %.6f", a, b);
	tap_ok(fabs(a - c) < 1e-4 * (1 + fabs(a)),
	    "<conv(x), dy> = <w, bwd_filter(dy)>: %.6f vs %.6f", a, c);
	free(x);
	free(dx);
	free(w);
	free(dw);
	free(y);
	free(dy);
}

static void
test_batchnorm(void)
{
	/*
	 * One channel [1 2 3 4]: mean 2.5, biased variance 1.25, unbiased
	 * 5/3.  eps 0: invstd = 1/sqrt(1.25).  Running values start at
	 * mean 0, variance 1; factor 0.1 gives mean 0.25 and variance
	 * 0.9 + 0.1 * 5/3 = 1.0666667 (the biased one would give 1.025).
	 */
	struct cds_bn_shape s = { 1, 1, 1, 4, 0.0, 0.1 };
	float x[] = { 1, 2, 3, 4 }, scale[] = { 1 }, bias[] = { 0 };
	float y[4], rm[] = { 0 }, rv[] = { 1 }, sm[1], si[1];
	float want[] = { -1.3416408f, -0.4472136f, 0.4472136f, 1.3416408f };
	/* two channels, two images: channel 1 is (10, 20 | 30, 40) */
	struct cds_bn_shape s2 = { 2, 2, 1, 2, 0.0, 1.0 };
	float x2[] = { 1, 2, 10, 20, 3, 4, 30, 40 };
	float scale2[] = { 1, 2 }, bias2[] = { 0, 1 }, y2[8];
	float rm2[] = { 7, 7 }, rv2[] = { 7, 7 }, sm2[2], si2[2];
	double inv1 = 1.0 / sqrt(125.0);

	cds_ref_bn_fwd_train(&s, x, scale, bias, y, rm, rv, sm, si);
	same(y, want, 4, "batchnorm y uses the biased variance");
	tap_ok(fabs(si[0] - 1 / sqrt(1.25)) < 1e-6,
	    "saved inverse std = 1/sqrt(biased var + eps) (got %.7f)",
	    (double)si[0]);
	tap_ok(fabs(sm[0] - 2.5) < 1e-6, "saved mean 2.5");
	tap_ok(fabs(rm[0] - 0.25) < 1e-6, "running mean blended: 0.25");
	tap_ok(fabs(rv[0] - (0.9 + 0.1 * 5.0 / 3.0)) < 1e-6,
	    "running variance takes the unbiased variance: %.7f",
	    (double)rv[0]);
	cds_ref_bn_fwd_train(&s2, x2, scale2, bias2, y2, rm2, rv2, sm2,
	    si2);
	/* channel 1: mean 25, biased var 125; factor 1 replaces running */
	tap_ok(fabs(sm2[1] - 25) < 1e-5 && fabs(si2[1] - inv1) < 1e-7,
	    "channel 1 reduces over images and positions");
	tap_ok(fabs(rv2[1] - 500.0 / 3.0) < 1e-3 && fabs(rm2[1] - 25) < 1e-5,
	    "factor 1: running = this batch's (unbiased var 166.67)");
	tap_ok(fabs(y2[2] - (2 * (10 - 25) * inv1 + 1)) < 1e-5 &&
	    fabs(y2[7] - (2 * (40 - 25) * inv1 + 1)) < 1e-5,
	    "scale and bias per channel");
	tap_ok(fabs(sm2[0] - 2.5) < 1e-6, "channel 0 kept apart: mean 2.5");
}

static void
test_relu_pool(void)
{
	float x[] = { -1, 0, 2.5f, -0.0f, 3 }, y[5];
	float want[] = { 0, 0, 2.5f, 0, 3 };
	struct cds_pool_shape s = { 1, 1, 4, 4, 2, 2, 0, 0, 2, 2 };
	struct cds_pool_shape s3 = { 1, 1, 4, 4, 3, 3, 0, 0, 1, 1 };
	struct cds_pool_shape sp = { 1, 1, 3, 3, 2, 2, 1, 1, 2, 2 };
	float px[16], py[4], neg[9];
	float want2[] = { 5, 7, 13, 15 }, want3[] = { 10, 11, 14, 15 };
	/* padding is never the maximum, even of negative values */
	float wantp[] = { -1, -2, -4, -5 };
	int p = 0, q = 0, rc, i;

	cds_ref_relu(x, y, 5);
	same(y, want, 5, "relu");
	iota(px, 16);
	cds_ref_maxpool(&s, px, py);
	same(py, want2, 4, "max pool 2x2 stride 2");
	cds_ref_maxpool(&s3, px, py);
	same(py, want3, 4, "max pool 3x3 stride 1 (overlapping)");
	for (i = 0; i < 9; i++) {
		neg[i] = (float)-(i + 1);
	}
	rc = cds_pool_out(&sp, &p, &q);
	tap_ok(rc == 0 && p == 2 && q == 2,
	    "pool with pad 1: 2x2");
	cds_ref_maxpool(&sp, neg, py);
	same(py, wantp, 4, "max pool: padded cells never win");
}

static void
test_saxpy_fill(void)
{
	float x[3] = { 1, 2, 3 }, y[3] = { 0.5f, -1, 0 }, a[8], b[8];
	float want[] = { 3, 4, 7.5f };
	size_t i;
	int in_range = 1;

	cds_ref_saxpy(2.5f, x, y, 3);
	same(y, want, 3, "saxpy y = a*x + y");
	cds_ref_fill(a, 8, 42);
	cds_ref_fill(b, 8, 42);
	for (i = 0; i < 8; i++) {
		in_range &= a[i] >= -1.0f && a[i] < 1.0f;
	}
	tap_ok(memcmp(a, b, sizeof(a)) == 0 && in_range,
	    "seeded fill: repeatable, in [-1, 1)");
	cds_ref_fill(b, 8, 43);
	tap_ok(memcmp(a, b, sizeof(a)) != 0, "another seed, other values");
}

static void
test_compare(void)
{
	float got[] = { 1, 2.001f, 3, NAN }, want[] = { 1, 2, 3.5f, 4 };
	struct cds_cmp c;

	cds_ref_compare(got, want, 3, 1e-2, 0, &c);
	tap_ok(c.mismatches == 1 && c.first_bad == 2 &&
	    fabs(c.max_error - 0.5) < 1e-6,
	    "compare: one miss at [2], max error 0.5");
	cds_ref_compare(got, want, 4, 1e-2, 0, &c);
	tap_ok(c.mismatches == 2 && isinf(c.max_error),
	    "a NaN is a mismatch of infinite size");
}

int
main(void)
{
	(void)tap_skip;		/* tap.h's, unused here */
	(void)tap_plan;		/* the plan is printed last */
	test_conv_padding();
	test_conv_stride();
	test_conv_dilation();
	test_conv_channels();
	test_conv_asymmetric();
	test_conv_adjoint();
	test_batchnorm();
	test_relu_pool();
	test_saxpy_fill();
	test_compare();
	printf("1..%d\n", tap_n);
	return tap_done();
}
