/*
 * cpuref.h - CPU references for verify's checks: what the GPU must
 * compute, written plainly (double accumulation, no tricks).  Tensors are
 * NCHW float, filters KCRS; convolutions are cross-correlations (no filter
 * flip), as cuDNN's CUDNN_CROSS_CORRELATION and every framework compute.
 */
#ifndef CDS_CPUREF_H
#define CDS_CPUREF_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

struct cds_conv_shape {
	int n, c, h, w;		/* input x */
	int k, r, s;		/* filters w: k x c x r x s */
	int pad_h, pad_w;	/* zero padding */
	int stride_h, stride_w;
	int dil_h, dil_w;	/* dilation: taps dil apart */
};

/* Output height and width of S; -1 when the shape gives no output. */
CDS_HIDDEN int cds_conv_out(const struct cds_conv_shape *s, int *p, int *q);
/* y[n,k,p,q] = sum over c,r,s of x[n,c,p*u-pad+r*dil, ...] * w[k,c,r,s] */
CDS_HIDDEN void cds_ref_conv_fwd(const struct cds_conv_shape *s,
    const float *x, const float *w, float *y);
/* dx = the adjoint of the forward pass in x, applied to dy. */
CDS_HIDDEN void cds_ref_conv_bwd_data(const struct cds_conv_shape *s,
    const float *w, const float *dy, float *dx);
/* dw = the adjoint of the forward pass in w, applied to dy. */
CDS_HIDDEN void cds_ref_conv_bwd_filter(const struct cds_conv_shape *s,
    const float *x, const float *dy, float *dw);

struct cds_bn_shape {
	int n, c, h, w;
	double eps;		/* added to the variance */
	double factor;		/* exponentialAverageFactor */
};

/*
 * Batch normalisation forward, training mode, per channel (spatial): over
 * the m = n*h*w values of a channel, mean and the biased variance
 * var = sum((x - mean)^2) / m normalise y = scale*(x - mean)/sqrt(var+eps)
 * + bias, and save_invstd = 1/sqrt(var + eps) (cuDNN's
 * resultSaveInvVariance).  The running averages take the unbiased
 * variance, var * m/(m-1): run_var = (1-factor)*run_var + factor*that,
 * run_mean likewise with the mean.  RUN_MEAN and RUN_VAR are read and
 * updated.
 */
CDS_HIDDEN void cds_ref_bn_fwd_train(const struct cds_bn_shape *s,
    const float *x, const float *scale, const float *bias, float *y,
    float *run_mean, float *run_var, float *save_mean, float *save_invstd);

/* y = max(x, 0) */
CDS_HIDDEN void cds_ref_relu(const float *x, float *y, size_t n);

struct cds_pool_shape {
	int n, c, h, w;
	int win_h, win_w;
	int pad_h, pad_w;	/* padded cells never win */
	int stride_h, stride_w;
};

CDS_HIDDEN int cds_pool_out(const struct cds_pool_shape *s, int *p,
    int *q);
CDS_HIDDEN void cds_ref_maxpool(const struct cds_pool_shape *s,
    const float *x, float *y);

/* y[i] = fmaf(a, x[i], y[i]): the PTX kernel's answer, bit for bit. */
CDS_HIDDEN void cds_ref_saxpy(float a, const float *x, float *y, size_t n);

/* Fill P with N values in [-1, 1) from SEED (the same on every host). */
CDS_HIDDEN void cds_ref_fill(float *p, size_t n, uint32_t seed);

struct cds_cmp {
	double max_error;	/* largest |got - want| */
	size_t mismatches;	/* elements beyond atol + rtol*|want| */
	size_t first_bad;	/* index of the first of them */
};

CDS_HIDDEN void cds_ref_compare(const float *got, const float *want,
    size_t n, double atol, double rtol, struct cds_cmp *out);

#endif /* CDS_CPUREF_H */
