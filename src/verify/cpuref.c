/*
 * cpuref.c - the CPU references verify compares the GPU with.
 *
 * Index arithmetic is written out loop by loop so that a reader can check
 * it against the definitions in cpuref.h; sums are accumulated in double.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verify/cpuref.h"

#define X4(t, n_, c_, h_, w_, C, H, W) \
	(t)[(((size_t)(n_) * (C) + (c_)) * (H) + (h_)) * (W) + (w_)]

int
cds_conv_out(const struct cds_conv_shape *s, int *p, int *q)
{
	int eh = s->dil_h * (s->r - 1) + 1;	/* the filter's extent */
	int ew = s->dil_w * (s->s - 1) + 1;
	int ph = s->h + 2 * s->pad_h - eh, pw = s->w + 2 * s->pad_w - ew;

	if (s->stride_h < 1 || s->stride_w < 1 || s->dil_h < 1 ||
	    s->dil_w < 1 || ph < 0 || pw < 0) {
		return -1;
	}
	*p = ph / s->stride_h + 1;
	*q = pw / s->stride_w + 1;
	return 0;
}

/*
 * Where tap (r, t) of output (i, j) reads the input: 0 and the row and
 * column when inside, -1 when it falls on padding.
 */
static int
tap(const struct cds_conv_shape *s, int i, int j, int r, int t, int *hi,
    int *wi)
{
	*hi = i * s->stride_h - s->pad_h + r * s->dil_h;
	*wi = j * s->stride_w - s->pad_w + t * s->dil_w;
	return *hi < 0 || *hi >= s->h || *wi < 0 || *wi >= s->w ? -1 : 0;
}

void
cds_ref_conv_fwd(const struct cds_conv_shape *s, const float *x,
    const float *w, float *y)
{
	int n, k, i, j, c, r, t, hi, wi, P, Q;
	size_t e, total;

	if (cds_conv_out(s, &P, &Q) == -1) {
		return;
	}
	total = (size_t)s->n * s->k * P * Q;
	for (e = 0; e < total; e++) {
		double acc = 0;

		j = (int)(e % Q);
		i = (int)(e / Q % P);
		k = (int)(e / Q / P % s->k);
		n = (int)(e / Q / P / s->k);
		for (c = 0; c < s->c; c++) {
			for (r = 0; r < s->r; r++) {
				for (t = 0; t < s->s; t++) {
					if (tap(s, i, j, r, t, &hi, &wi) == 0) {
						acc += (double)X4(x, n, c, hi,
						    wi, s->c, s->h, s->w) *
						    X4(w, k, c, r, t, s->c,
						    s->r, s->s);
					}
				}
			}
		}
		y[e] = (float)acc;
	}
}

void
cds_ref_conv_bwd_data(const struct cds_conv_shape *s, const float *w,
    const float *dy, float *dx)
{
	int n, k, i, j, c, r, t, hi, wi, P, Q;
	size_t e, total, xtotal = (size_t)s->n * s->c * s->h * s->w;
	double *acc;

	if (cds_conv_out(s, &P, &Q) == -1) {
		return;
	}
	acc = cds_xcalloc(xtotal, sizeof(*acc));
	/* scatter each output gradient back along the taps that made it */
	total = (size_t)s->n * s->k * P * Q;
	for (e = 0; e < total; e++) {
		double g = dy[e];

		j = (int)(e % Q);
		i = (int)(e / Q % P);
		k = (int)(e / Q / P % s->k);
		n = (int)(e / Q / P / s->k);
		for (c = 0; c < s->c; c++) {
			for (r = 0; r < s->r; r++) {
				for (t = 0; t < s->s; t++) {
					if (tap(s, i, j, r, t, &hi, &wi) == 0) {
						X4(acc, n, c, hi, wi, s->c,
						    s->h, s->w) += g * X4(w, k,
						    c, r, t, s->c, s->r, s->s);
					}
				}
			}
		}
	}
	for (e = 0; e < xtotal; e++) {
		dx[e] = (float)acc[e];
	}
	free(acc);
}

void
cds_ref_conv_bwd_filter(const struct cds_conv_shape *s, const float *x,
    const float *dy, float *dw)
{
	int n, k, i, j, c, r, t, hi, wi, P, Q;
	size_t e, total = (size_t)s->k * s->c * s->r * s->s;

	if (cds_conv_out(s, &P, &Q) == -1) {
		return;
	}
	for (e = 0; e < total; e++) {
		double acc = 0;

		t = (int)(e % s->s);
		r = (int)(e / s->s % s->r);
		c = (int)(e / s->s / s->r % s->c);
		k = (int)(e / s->s / s->r / s->c);
		for (n = 0; n < s->n; n++) {
			for (i = 0; i < P; i++) {
				for (j = 0; j < Q; j++) {
					if (tap(s, i, j, r, t, &hi, &wi) == 0) {
						acc += (double)X4(x, n, c, hi,
						    wi, s->c, s->h, s->w) *
						    X4(dy, n, k, i, j, s->k, P,
						    Q);
					}
				}
			}
		}
		dw[e] = (float)acc;
	}
}

/* The value of channel C at flat position E of the n*h*w others. */
static size_t
bn_at(const struct cds_bn_shape *s, int c, size_t e)
{
	size_t hw = (size_t)s->h * s->w;

	return (e / hw * (size_t)s->c + (size_t)c) * hw + e % hw;
}

void
cds_ref_bn_fwd_train(const struct cds_bn_shape *s, const float *x,
    const float *scale, const float *bias, float *y, float *run_mean,
    float *run_var, float *save_mean, float *save_invstd)
{
	size_t m = (size_t)s->n * s->h * s->w, e;
	int c;

	for (c = 0; c < s->c; c++) {
		double sum = 0, sq = 0, mean, var, invstd, unbiased;

		for (e = 0; e < m; e++) {
			sum += x[bn_at(s, c, e)];
		}
		mean = sum / (double)m;
		for (e = 0; e < m; e++) {
			double d = x[bn_at(s, c, e)] - mean;

			sq += d * d;
		}
		var = sq / (double)m;
		unbiased = m > 1 ? sq / (double)(m - 1) : var;
		invstd = 1.0 / sqrt(var + s->eps);
		for (e = 0; e < m; e++) {
			size_t at = bn_at(s, c, e);

			y[at] = (float)(scale[c] * (x[at] - mean) * invstd +
			    bias[c]);
		}
		run_mean[c] = (float)((1 - s->factor) * run_mean[c] +
		    s->factor * mean);
		run_var[c] = (float)((1 - s->factor) * run_var[c] +
		    s->factor * unbiased);
		save_mean[c] = (float)mean;
		save_invstd[c] = (float)invstd;
	}
}

void
cds_ref_relu(const float *x, float *y, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		y[i] = x[i] > 0 ? x[i] : 0.0f;
	}
}

int
cds_pool_out(const struct cds_pool_shape *s, int *p, int *q)
{
	int ph = s->h + 2 * s->pad_h - s->win_h;
	int pw = s->w + 2 * s->pad_w - s->win_w;

	if (s->stride_h < 1 || s->stride_w < 1 || s->win_h < 1 ||
	    s->win_w < 1 || ph < 0 || pw < 0) {
		return -1;
	}
	*p = ph / s->stride_h + 1;
	*q = pw / s->stride_w + 1;
	return 0;
}

void
cds_ref_maxpool(const struct cds_pool_shape *s, const float *x, float *y)
{
	int n, c, i, j, r, t, P, Q;
	size_t e, total;

	if (cds_pool_out(s, &P, &Q) == -1) {
		return;
	}
	total = (size_t)s->n * s->c * P * Q;
	for (e = 0; e < total; e++) {
		float best = -INFINITY;

		j = (int)(e % Q);
		i = (int)(e / Q % P);
		c = (int)(e / Q / P % s->c);
		n = (int)(e / Q / P / s->c);
		for (r = 0; r < s->win_h; r++) {
			int hi = i * s->stride_h - s->pad_h + r;

			for (t = 0; t < s->win_w; t++) {
				int wi = j * s->stride_w - s->pad_w + t;

				if (hi >= 0 && hi < s->h && wi >= 0 &&
				    wi < s->w && X4(x, n, c, hi, wi, s->c,
				    s->h, s->w) > best) {
					best = X4(x, n, c, hi, wi, s->c, s->h,
					    s->w);
				}
			}
		}
		y[e] = best;
	}
}

void
cds_ref_saxpy(float a, const float *x, float *y, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		y[i] = fmaf(a, x[i], y[i]);
	}
}

void
cds_ref_fill(float *p, size_t n, uint32_t seed)
{
	uint32_t st = seed != 0 ? seed : 0x9e3779b9u;
	size_t i;

	/* xorshift32: the same sequence everywhere; 24 bits per value */
	for (i = 0; i < n; i++) {
		st ^= st << 13;
		st ^= st >> 17;
		st ^= st << 5;
		p[i] = (float)(st >> 8) / 8388608.0f - 1.0f;
	}
}

void
cds_ref_compare(const float *got, const float *want, size_t n, double atol,
    double rtol, struct cds_cmp *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		double d = fabs((double)got[i] - (double)want[i]);

		if (isnan(d)) {
			d = INFINITY;
		}
		if (d > out->max_error) {
			out->max_error = d;
		}
		if (d > atol + rtol * fabs((double)want[i])) {
			if (out->mismatches == 0) {
				out->first_bad = i;
			}
			out->mismatches++;
		}
	}
}
