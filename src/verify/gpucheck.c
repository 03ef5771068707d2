/*
 * gpucheck.c - the GPU checks of `verify`, run inside the child (child.h,
 * CDS_CHILD_VERIFY): dlopen -- never link -- libcuda.so.1, every cuDNN
 * sublibrary with RTLD_NOW, libcudnn.so.N and the CUDA runtime; resolve
 * our own prototypes (nvproto.h) with dlsym; report the devices; run the
 * PTX kernel (ptx.h) through the driver API and cuDNN's legacy API on
 * small seeded shapes; compare every element with the CPU references
 * (cpuref.c).  Each result is a message to the parent (verify.c).
 */
#include "config.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/child.h"
#include "verify/cpuref.h"
#include "verify/gpucheck.h"
#include "scan/nvproto.h"
#include "scan/probe.h"
#include "verify/ptx.h"

/* Workspace we let cuDNN's algorithms take. */
#define WORKSPACE_MAX ((size_t)256 << 20)
/* Elements of the kernel check: many blocks, a ragged last one. */
#define KERNEL_N ((1u << 20) + 7)

/*
 * The sublibraries of each cuDNN major, loaded in this order before
 * libcudnn.so.N (data/cudnn-libs.tsv; engines_tensor_ir exists in newer
 * 9.x releases only).
 */
struct sublib {
	const char *soname;
	int optional;
};

static const struct sublib cudnn8_libs[] = {
	{ "libcudnn_ops_infer.so.8", 0 },
	{ "libcudnn_ops_train.so.8", 0 },
	{ "libcudnn_cnn_infer.so.8", 0 },
	{ "libcudnn_cnn_train.so.8", 0 },
	{ "libcudnn_adv_infer.so.8", 0 },
	{ "libcudnn_adv_train.so.8", 0 },
	{ NULL, 0 }
};

static const struct sublib cudnn9_libs[] = {
	{ "libcudnn_graph.so.9", 0 },
	{ "libcudnn_ops.so.9", 0 },
	{ "libcudnn_cnn.so.9", 0 },
	{ "libcudnn_adv.so.9", 0 },
	{ "libcudnn_engines_precompiled.so.9", 0 },
	{ "libcudnn_engines_runtime_compiled.so.9", 0 },
	{ "libcudnn_heuristic.so.9", 0 },
	{ "libcudnn_engines_tensor_ir.so.9", 1 },
	{ NULL, 0 }
};

/* cudnnConvolution*Algo_t names (cudnn_ops.h). */
static const char *const fwd_algos[] = {
	"IMPLICIT_GEMM", "IMPLICIT_PRECOMP_GEMM", "GEMM", "DIRECT", "FFT",
	"FFT_TILING", "WINOGRAD", "WINOGRAD_NONFUSED"
};
static const char *const bwd_data_algos[] = {
	"ALGO_0", "ALGO_1", "FFT", "FFT_TILING", "WINOGRAD",
	"WINOGRAD_NONFUSED"
};
static const char *const bwd_filter_algos[] = {
	"ALGO_0", "ALGO_1", "FFT", "ALGO_3", "WINOGRAD", "WINOGRAD_NONFUSED",
	"FFT_TILING"
};

const char *const cds_check_names[] = {
	"kernel", "conv_fwd", "conv_bwd_data", "conv_bwd_filter",
	"batchnorm_fwd_train", "relu_fwd", "maxpool_fwd", NULL
};

#define SYM(sym, ret, args) static cds_fn_##sym sym_##sym;
CDS_CU_PROBE_FUNCS(SYM)
CDS_CU_FUNCS(SYM)
CDS_CUDART_FUNCS(SYM)
CDS_DNN_FUNCS(SYM)
CDS_DNN_OPTIONAL_FUNCS(SYM)
#undef SYM

/* Point sym_<name> at LIB's symbol; false when it is missing. */
#define RESOLVE(lib, sym) \
	((*(void **)&sym_##sym = dlsym((lib), #sym)) != NULL)

/* "cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED (719)" */
static char *
cu_err(const char *call, cds_cures rc)
{
	const char *name = NULL;

	if (sym_cuGetErrorName == NULL || sym_cuGetErrorName(rc, &name) !=
	    0 || name == NULL) {
		name = "CUDA error";
	}
	return cds_xasprintf("%s: %s (%u)", call, name, rc);
}

static char *
dnn_err(const char *call, cds_dnnstat st)
{
	const char *name = sym_cudnnGetErrorString != NULL ?
	    sym_cudnnGetErrorString(st) : NULL;

	return cds_xasprintf("%s: %s (%u)", call, name != NULL ? name :
	    "CUDNN_STATUS", st);
}

struct result {
	const char *name;
	int device;
	const char *result;	/* "pass", "fail", "error", "not_run" */
	struct cds_cmp cmp;
	size_t elements;
	double tolerance;
	const char *algo;
	double ms;
	char *detail;		/* owned */
};

static void
send_check(struct result *r)
{
	json_t *m = json_object();

	json_object_set_new(m, "t", json_string("check"));
	json_object_set_new(m, "name", json_string(r->name));
	json_object_set_new(m, "device", json_integer(r->device));
	json_object_set_new(m, "result", json_string(r->result));
	json_object_set_new(m, "max_error", json_real(r->cmp.max_error));
	json_object_set_new(m, "tolerance", json_real(r->tolerance));
	json_object_set_new(m, "elements", json_integer(
	    (json_int_t)r->elements));
	json_object_set_new(m, "mismatches", json_integer(
	    (json_int_t)r->cmp.mismatches));
	if (r->cmp.mismatches > 0) {
		json_object_set_new(m, "first_bad", json_integer(
		    (json_int_t)r->cmp.first_bad));
	}
	if (r->algo != NULL) {
		json_object_set_new(m, "algo", json_string(r->algo));
	}
	json_object_set_new(m, "ms", json_real(r->ms));
	if (r->detail != NULL) {
		json_object_set_new(m, "detail", json_string(r->detail));
	}
	cds_child_send(m);
	free(r->detail);
	r->detail = NULL;
}

static void
send_not_run(const char *name, int device, const char *why)
{
	struct result r = {0};

	r.name = name;
	r.device = device;
	r.result = "not_run";
	r.detail = cds_xstrdup(why);
	send_check(&r);
}

/* Fold one comparison into the check's running result. */
static void
judge(struct result *r, const float *got, const float *want, size_t n)
{
	struct cds_cmp c;

	cds_ref_compare(got, want, n, r->tolerance, r->tolerance, &c);
	if (c.max_error > r->cmp.max_error) {
		r->cmp.max_error = c.max_error;
	}
	if (c.mismatches > 0 && r->cmp.mismatches == 0) {
		r->cmp.first_bad = r->elements + c.first_bad;
	}
	r->cmp.mismatches += c.mismatches;
	r->elements += n;
	r->result = r->cmp.mismatches == 0 ? "pass" : "fail";
}

/* ---- device memory ------------------------------------------------------ */

/* The allocations of one check, freed together. */
struct dmem {
	cds_cuptr p[16];
	int n;
};

static cds_cures
dmem_alloc(struct dmem *m, cds_cuptr *out, size_t bytes, char **err)
{
	cds_cures rc;

	*out = 0;
	if (m->n == 16) {
		*err = cds_xstrdup("too many buffers");
		return 1;
	}
	if ((rc = sym_cuMemAlloc_v2(out, bytes > 0 ? bytes : 4)) != 0) {
		*err = cu_err("cuMemAlloc", rc);
		return rc;
	}
	m->p[m->n++] = *out;
	return 0;
}

/* Allocate N floats on the device and copy HOST (may be NULL) there. */
static cds_cures
dmem_put(struct dmem *m, cds_cuptr *out, const float *host, size_t n,
    char **err)
{
	cds_cures rc;

	if ((rc = dmem_alloc(m, out, n * sizeof(float), err)) != 0) {
		return rc;
	}
	if (host != NULL && (rc = sym_cuMemcpyHtoD_v2(*out, host,
	    n * sizeof(float))) != 0) {
		*err = cu_err("cuMemcpyHtoD", rc);
	}
	return rc;
}

static cds_cures
dmem_get(float *host, cds_cuptr d, size_t n, char **err)
{
	cds_cures rc = sym_cuMemcpyDtoH_v2(host, d, n * sizeof(float));

	if (rc != 0) {
		*err = cu_err("cuMemcpyDtoH", rc);
	}
	return rc;
}

static void
dmem_free(struct dmem *m)
{
	while (m->n > 0) {
		sym_cuMemFree_v2(m->p[--m->n]);
	}
}

static void *
dptr(cds_cuptr p)
{
	return (void *)(uintptr_t)p;
}

/* ---- the PTX kernel ----------------------------------------------------- */

static void
kernel_check(int dev)
{
	struct result r = {0};
	struct dmem mem = {0};
	unsigned int opts[2] = { CDS_CU_JIT_ERROR_LOG_BUFFER,
	    CDS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	char log[2048] = "";
	void *vals[2] = { log, (void *)(uintptr_t)sizeof(log) };
	unsigned int n = KERNEL_N, grid;
	float a = 2.5f, *x, *y, *want;
	cds_cumod mod = NULL;
	cds_cufunc fn;
	cds_cuptr dx, dy;
	cds_cures rc;
	void *args[4];
	double t0;

	r.name = "kernel";
	r.device = dev;
	r.result = "error";
	x = cds_xmalloc(n * sizeof(float));
	y = cds_xmalloc(n * sizeof(float));
	want = cds_xmalloc(n * sizeof(float));
	cds_ref_fill(x, n, 11);
	cds_ref_fill(y, n, 12);
	memcpy(want, y, n * sizeof(float));
	cds_ref_saxpy(a, x, want, n);
	rc = sym_cuModuleLoadDataEx(&mod, cds_ptx_saxpy, 2, opts, vals);
	if (rc != 0) {
		char *e = cu_err("cuModuleLoadDataEx", rc);

		r.detail = *log != '\0' ? cds_xasprintf("%s: %s", e, log) : e;
		if (*log != '\0') {
			free(e);
		}
		goto fail;
	}
	if ((rc = sym_cuModuleGetFunction(&fn, mod, CDS_PTX_KERNEL)) != 0) {
		r.detail = cu_err("cuModuleGetFunction", rc);
		goto fail;
	}
	if (dmem_put(&mem, &dx, x, n, &r.detail) != 0 ||
	    dmem_put(&mem, &dy, y, n, &r.detail) != 0) {
		goto fail;
	}
	args[0] = &dy;
	args[1] = &dx;
	args[2] = &a;
	args[3] = &n;
	grid = (n + CDS_PTX_BLOCK - 1) / CDS_PTX_BLOCK;
	t0 = cds_now_ms();
	rc = sym_cuLaunchKernel(fn, grid, 1, 1, CDS_PTX_BLOCK, 1, 1, 0, NULL,
	    args, NULL);
	if (rc != 0) {
		r.detail = cu_err("cuLaunchKernel", rc);
		goto fail;
	}
	if ((rc = sym_cuCtxSynchronize()) != 0) {
		r.detail = cu_err("cuCtxSynchronize", rc);
		goto fail;
	}
	r.ms = cds_now_ms() - t0;
	if (dmem_get(y, dy, n, &r.detail) != 0) {
		goto fail;
	}
	/* fma rounds once: the answer is exact, so is the comparison */
	r.tolerance = 0;
	judge(&r, y, want, n);
fail:
	send_check(&r);
	dmem_free(&mem);
	if (mod != NULL) {
		sym_cuModuleUnload(mod);
	}
	free(x);
	free(y);
	free(want);
}

/* ---- cuDNN -------------------------------------------------------------- */

/* Stop the check at the first failing cuDNN call, naming it. */
#define DNN(r, fn, args) do { \
	cds_dnnstat st_ = sym_##fn args; \
	if (st_ != CDS_DNN_STATUS_SUCCESS) { \
		(r)->detail = dnn_err(#fn, st_); \
		goto fail; \
	} \
} while (0)

static cds_cures
sync_time(struct result *r, double t0)
{
	cds_cures rc = sym_cuCtxSynchronize();

	if (rc != 0) {
		r->detail = cu_err("cuCtxSynchronize", rc);
	}
	r->ms = cds_now_ms() - t0;
	return rc;
}

/* The first algorithm cuDNN ranks usable within our workspace. */
static int
pick_algo(const struct cds_dnn_perf *perf, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (perf[i].status == CDS_DNN_STATUS_SUCCESS &&
		    perf[i].memory <= WORKSPACE_MAX) {
			return (int)perf[i].algo;
		}
	}
	return -1;
}

static const char *
algo_name(const char *const *names, size_t count, int algo)
{
	return algo >= 0 && (size_t)algo < count ? names[algo] : "other";
}

/* The shape verify runs: padding, stride and dilation, all unequal. */
static const struct cds_conv_shape conv_shape = {
	2, 3, 7, 6,	/* n c h w */
	4, 3, 3,	/* k r s */
	1, 2,		/* pad */
	2, 1,		/* stride */
	2, 1		/* dilation */
};

struct conv {
	cds_dnntensor xd, yd;
	cds_dnnfilter wd;
	cds_dnnconv cd;
	double tolerance;
	int p, q;
	size_t nx, nw, ny;
	float *x, *w, *dy;
	cds_cuptr dx, dw, ddy, dout, ws;
};

static void
conv_fwd(cds_dnn dnn, struct conv *c, struct dmem *mem)
{
	struct result r = {0};
	struct cds_dnn_perf perf[8];
	float *want, *got, one = 1, zero = 0;
	size_t wsize = 0;
	int nperf = 0, algo;
	double t0;

	r.name = "conv_fwd";
	r.result = "error";
	r.tolerance = c->tolerance;
	want = cds_xmalloc(c->ny * sizeof(float));
	got = cds_xmalloc(c->ny * sizeof(float));
	DNN(&r, cudnnGetConvolutionForwardAlgorithm_v7, (dnn, c->xd, c->wd,
	    c->cd, c->yd, 8, &nperf, perf));
	if ((algo = pick_algo(perf, nperf)) < 0) {
		r.detail = cds_xstrdup("cudnnGetConvolutionForwardAlgorithm"
		    "_v7: no usable algorithm");
		goto fail;
	}
	r.algo = algo_name(fwd_algos, 8, algo);
	DNN(&r, cudnnGetConvolutionForwardWorkspaceSize, (dnn, c->xd, c->wd,
	    c->cd, c->yd, (unsigned int)algo, &wsize));
	if (dmem_alloc(mem, &c->ws, wsize, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnConvolutionForward, (dnn, &one, c->xd, dptr(c->dx), c->wd,
	    dptr(c->dw), c->cd, (unsigned int)algo, dptr(c->ws), wsize, &zero,
	    c->yd, dptr(c->dout)));
	if (sync_time(&r, t0) != 0 || dmem_get(got, c->dout, c->ny,
	    &r.detail) != 0) {
		goto fail;
	}
	cds_ref_conv_fwd(&conv_shape, c->x, c->w, want);
	judge(&r, got, want, c->ny);
fail:
	send_check(&r);
	free(want);
	free(got);
}

static void
conv_bwd_data(cds_dnn dnn, struct conv *c, struct dmem *mem)
{
	struct result r = {0};
	struct cds_dnn_perf perf[8];
	float *want, *got, one = 1, zero = 0;
	size_t wsize = 0;
	int nperf = 0, algo;
	cds_cuptr ddx, ws;
	double t0;

	r.name = "conv_bwd_data";
	r.result = "error";
	r.tolerance = c->tolerance;
	want = cds_xmalloc(c->nx * sizeof(float));
	got = cds_xmalloc(c->nx * sizeof(float));
	DNN(&r, cudnnGetConvolutionBackwardDataAlgorithm_v7, (dnn, c->wd,
	    c->yd, c->cd, c->xd, 8, &nperf, perf));
	if ((algo = pick_algo(perf, nperf)) < 0) {
		r.detail = cds_xstrdup("cudnnGetConvolutionBackwardData"
		    "Algorithm_v7: no usable algorithm");
		goto fail;
	}
	r.algo = algo_name(bwd_data_algos, 6, algo);
	DNN(&r, cudnnGetConvolutionBackwardDataWorkspaceSize, (dnn, c->wd,
	    c->yd, c->cd, c->xd, (unsigned int)algo, &wsize));
	if (dmem_alloc(mem, &ws, wsize, &r.detail) != 0 ||
	    dmem_put(mem, &ddx, NULL, c->nx, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnConvolutionBackwardData, (dnn, &one, c->wd, dptr(c->dw),
	    c->yd, dptr(c->ddy), c->cd, (unsigned int)algo, dptr(ws), wsize,
	    &zero, c->xd, dptr(ddx)));
	if (sync_time(&r, t0) != 0 || dmem_get(got, ddx, c->nx,
	    &r.detail) != 0) {
		goto fail;
	}
	cds_ref_conv_bwd_data(&conv_shape, c->w, c->dy, want);
	judge(&r, got, want, c->nx);
fail:
	send_check(&r);
	free(want);
	free(got);
}

static void
conv_bwd_filter(cds_dnn dnn, struct conv *c, struct dmem *mem)
{
	struct result r = {0};
	struct cds_dnn_perf perf[8];
	float *want, *got, one = 1, zero = 0;
	size_t wsize = 0;
	int nperf = 0, algo;
	cds_cuptr ddw, ws;
	double t0;

	r.name = "conv_bwd_filter";
	r.result = "error";
	r.tolerance = c->tolerance;
	want = cds_xmalloc(c->nw * sizeof(float));
	got = cds_xmalloc(c->nw * sizeof(float));
	DNN(&r, cudnnGetConvolutionBackwardFilterAlgorithm_v7, (dnn, c->xd,
	    c->yd, c->cd, c->wd, 8, &nperf, perf));
	if ((algo = pick_algo(perf, nperf)) < 0) {
		r.detail = cds_xstrdup("cudnnGetConvolutionBackwardFilter"
		    "Algorithm_v7: no usable algorithm");
		goto fail;
	}
	r.algo = algo_name(bwd_filter_algos, 7, algo);
	DNN(&r, cudnnGetConvolutionBackwardFilterWorkspaceSize, (dnn, c->xd,
	    c->yd, c->cd, c->wd, (unsigned int)algo, &wsize));
	if (dmem_alloc(mem, &ws, wsize, &r.detail) != 0 ||
	    dmem_put(mem, &ddw, NULL, c->nw, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnConvolutionBackwardFilter, (dnn, &one, c->xd, dptr(c->dx),
	    c->yd, dptr(c->ddy), c->cd, (unsigned int)algo, dptr(ws), wsize,
	    &zero, c->wd, dptr(ddw)));
	if (sync_time(&r, t0) != 0 || dmem_get(got, ddw, c->nw,
	    &r.detail) != 0) {
		goto fail;
	}
	cds_ref_conv_bwd_filter(&conv_shape, c->x, c->dy, want);
	judge(&r, got, want, c->nw);
fail:
	send_check(&r);
	free(want);
	free(got);
}

/* Describe the convolution once and run its three directions. */
static void
conv_checks(cds_dnn dnn)
{
	static const char *const names[] = {
		"conv_fwd", "conv_bwd_data", "conv_bwd_filter"
	};
	const struct cds_conv_shape *s = &conv_shape;
	struct conv c;
	struct dmem mem = {0};
	struct result r = {0};
	int n, k, p, q, i;

	memset(&c, 0, sizeof(c));
	r.result = "error";
	cds_conv_out(s, &c.p, &c.q);
	c.nx = (size_t)s->n * s->c * s->h * s->w;
	c.nw = (size_t)s->k * s->c * s->r * s->s;
	c.ny = (size_t)s->n * s->k * c.p * c.q;
	c.x = cds_xmalloc(c.nx * sizeof(float));
	c.w = cds_xmalloc(c.nw * sizeof(float));
	c.dy = cds_xmalloc(c.ny * sizeof(float));
	cds_ref_fill(c.x, c.nx, 21);
	cds_ref_fill(c.w, c.nw, 22);
	cds_ref_fill(c.dy, c.ny, 23);
	DNN(&r, cudnnCreateTensorDescriptor, (&c.xd));
	DNN(&r, cudnnCreateTensorDescriptor, (&c.yd));
	DNN(&r, cudnnCreateFilterDescriptor, (&c.wd));
	DNN(&r, cudnnCreateConvolutionDescriptor, (&c.cd));
	DNN(&r, cudnnSetTensor4dDescriptor, (c.xd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, s->n, s->c, s->h, s->w));
	DNN(&r, cudnnSetFilter4dDescriptor, (c.wd, CDS_DNN_DATA_FLOAT,
	    CDS_DNN_TENSOR_NCHW, s->k, s->c, s->r, s->s));
	DNN(&r, cudnnSetConvolution2dDescriptor, (c.cd, s->pad_h, s->pad_w,
	    s->stride_h, s->stride_w, s->dil_h, s->dil_w,
	    CDS_DNN_CROSS_CORRELATION, CDS_DNN_DATA_FLOAT));
	/* plain FP32 FMA: no TF32 tensor cores, so a tight tolerance */
	c.tolerance = sym_cudnnSetConvolutionMathType(c.cd,
	    CDS_DNN_FMA_MATH) == CDS_DNN_STATUS_SUCCESS ? 1e-3 : 2e-2;
	DNN(&r, cudnnGetConvolution2dForwardOutputDim, (c.cd, c.xd, c.wd, &n,
	    &k, &p, &q));
	if (n != s->n || k != s->k || p != c.p || q != c.q) {
		r.detail = cds_xasprintf("cudnnGetConvolution2dForwardOutput"
		    "Dim: %dx%dx%dx%d, want %dx%dx%dx%d", n, k, p, q, s->n,
		    s->k, c.p, c.q);
		goto fail;
	}
	DNN(&r, cudnnSetTensor4dDescriptor, (c.yd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, n, k, p, q));
	if (dmem_put(&mem, &c.dx, c.x, c.nx, &r.detail) != 0 ||
	    dmem_put(&mem, &c.dw, c.w, c.nw, &r.detail) != 0 ||
	    dmem_put(&mem, &c.ddy, c.dy, c.ny, &r.detail) != 0 ||
	    dmem_put(&mem, &c.dout, NULL, c.ny, &r.detail) != 0) {
		goto fail;
	}
	cds_child_step("conv_fwd");
	conv_fwd(dnn, &c, &mem);
	cds_child_step("conv_bwd_data");
	conv_bwd_data(dnn, &c, &mem);
	cds_child_step("conv_bwd_filter");
	conv_bwd_filter(dnn, &c, &mem);
	goto out;
fail:
	/* the set-up failed: each of the three says so */
	for (i = 0; i < 3; i++) {
		r.name = names[i];
		r.detail = cds_xstrdup(r.detail);
		send_check(&r);
	}
	free(r.detail);
out:
	dmem_free(&mem);
	if (c.cd != NULL) {
		sym_cudnnDestroyConvolutionDescriptor(c.cd);
	}
	if (c.wd != NULL) {
		sym_cudnnDestroyFilterDescriptor(c.wd);
	}
	if (c.yd != NULL) {
		sym_cudnnDestroyTensorDescriptor(c.yd);
	}
	if (c.xd != NULL) {
		sym_cudnnDestroyTensorDescriptor(c.xd);
	}
	free(c.x);
	free(c.w);
	free(c.dy);
}

static void
batchnorm_check(cds_dnn dnn)
{
	static const struct cds_bn_shape s = { 2, 3, 4, 5, 1e-3, 0.1 };
	struct result r = {0};
	struct dmem mem = {0};
	cds_dnntensor xd = NULL, bd = NULL;
	size_t n = (size_t)s.n * s.c * s.h * s.w, i;
	float x[120], y[120], want[120], one = 1, zero = 0;
	float scale[3], bias[3], rm[3], rv[3], sm[3], si[3];
	float got_rm[3], got_rv[3], got_sm[3], got_si[3];
	cds_cuptr dx, dy, dscale, dbias, drm, drv, dsm, dsi;
	double t0;

	r.name = "batchnorm_fwd_train";
	r.result = "error";
	r.tolerance = 1e-3;
	cds_ref_fill(x, n, 31);
	cds_ref_fill(scale, 3, 32);
	cds_ref_fill(bias, 3, 33);
	for (i = 0; i < 3; i++) {
		scale[i] += 1.5f;	/* away from 0 */
		rm[i] = 0.5f * (float)i;
		rv[i] = 1.0f + (float)i;
	}
	DNN(&r, cudnnCreateTensorDescriptor, (&xd));
	DNN(&r, cudnnCreateTensorDescriptor, (&bd));
	DNN(&r, cudnnSetTensor4dDescriptor, (xd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, s.n, s.c, s.h, s.w));
	DNN(&r, cudnnSetTensor4dDescriptor, (bd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, 1, s.c, 1, 1));
	if (dmem_put(&mem, &dx, x, n, &r.detail) != 0 ||
	    dmem_put(&mem, &dy, NULL, n, &r.detail) != 0 ||
	    dmem_put(&mem, &dscale, scale, 3, &r.detail) != 0 ||
	    dmem_put(&mem, &dbias, bias, 3, &r.detail) != 0 ||
	    dmem_put(&mem, &drm, rm, 3, &r.detail) != 0 ||
	    dmem_put(&mem, &drv, rv, 3, &r.detail) != 0 ||
	    dmem_put(&mem, &dsm, NULL, 3, &r.detail) != 0 ||
	    dmem_put(&mem, &dsi, NULL, 3, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnBatchNormalizationForwardTraining, (dnn,
	    CDS_DNN_BATCHNORM_SPATIAL, &one, &zero, xd, dptr(dx), xd,
	    dptr(dy), bd, dptr(dscale), dptr(dbias), s.factor, dptr(drm),
	    dptr(drv), s.eps, dptr(dsm), dptr(dsi)));
	if (sync_time(&r, t0) != 0 ||
	    dmem_get(y, dy, n, &r.detail) != 0 ||
	    dmem_get(got_rm, drm, 3, &r.detail) != 0 ||
	    dmem_get(got_rv, drv, 3, &r.detail) != 0 ||
	    dmem_get(got_sm, dsm, 3, &r.detail) != 0 ||
	    dmem_get(got_si, dsi, 3, &r.detail) != 0) {
		goto fail;
	}
	cds_ref_bn_fwd_train(&s, x, scale, bias, want, rm, rv, sm, si);
	/* y, then the saved and running statistics, in one verdict */
	judge(&r, y, want, n);
	judge(&r, got_sm, sm, 3);
	judge(&r, got_si, si, 3);
	judge(&r, got_rm, rm, 3);
	judge(&r, got_rv, rv, 3);
fail:
	send_check(&r);
	dmem_free(&mem);
	if (bd != NULL) {
		sym_cudnnDestroyTensorDescriptor(bd);
	}
	if (xd != NULL) {
		sym_cudnnDestroyTensorDescriptor(xd);
	}
}

static void
relu_check(cds_dnn dnn)
{
	struct result r = {0};
	struct dmem mem = {0};
	cds_dnntensor xd = NULL;
	cds_dnnact ad = NULL;
	float x[150], y[150], want[150], one = 1, zero = 0;
	cds_cuptr dx, dy;
	double t0;

	r.name = "relu_fwd";
	r.result = "error";
	r.tolerance = 0;	/* max(x, 0) is exact */
	cds_ref_fill(x, 150, 41);
	DNN(&r, cudnnCreateTensorDescriptor, (&xd));
	DNN(&r, cudnnCreateActivationDescriptor, (&ad));
	DNN(&r, cudnnSetTensor4dDescriptor, (xd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, 2, 3, 5, 5));
	DNN(&r, cudnnSetActivationDescriptor, (ad, CDS_DNN_ACTIVATION_RELU,
	    CDS_DNN_NOT_PROPAGATE_NAN, 0.0));
	if (dmem_put(&mem, &dx, x, 150, &r.detail) != 0 ||
	    dmem_put(&mem, &dy, NULL, 150, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnActivationForward, (dnn, ad, &one, xd, dptr(dx), &zero,
	    xd, dptr(dy)));
	if (sync_time(&r, t0) != 0 || dmem_get(y, dy, 150, &r.detail) != 0) {
		goto fail;
	}
	cds_ref_relu(x, want, 150);
	judge(&r, y, want, 150);
fail:
	send_check(&r);
	dmem_free(&mem);
	if (ad != NULL) {
		sym_cudnnDestroyActivationDescriptor(ad);
	}
	if (xd != NULL) {
		sym_cudnnDestroyTensorDescriptor(xd);
	}
}

static void
maxpool_check(cds_dnn dnn)
{
	/* overlapping 3x3 windows, stride 2, no padding */
	static const struct cds_pool_shape s = { 2, 3, 7, 7, 3, 3, 0, 0,
	    2, 2 };
	struct result r = {0};
	struct dmem mem = {0};
	cds_dnntensor xd = NULL, yd = NULL;
	cds_dnnpool pd = NULL;
	float x[294], y[54], want[54], one = 1, zero = 0;
	cds_cuptr dx, dy;
	int p, q;
	double t0;

	r.name = "maxpool_fwd";
	r.result = "error";
	r.tolerance = 0;	/* a maximum is one of the inputs */
	cds_pool_out(&s, &p, &q);
	cds_ref_fill(x, 294, 51);
	DNN(&r, cudnnCreateTensorDescriptor, (&xd));
	DNN(&r, cudnnCreateTensorDescriptor, (&yd));
	DNN(&r, cudnnCreatePoolingDescriptor, (&pd));
	DNN(&r, cudnnSetTensor4dDescriptor, (xd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, s.n, s.c, s.h, s.w));
	DNN(&r, cudnnSetTensor4dDescriptor, (yd, CDS_DNN_TENSOR_NCHW,
	    CDS_DNN_DATA_FLOAT, s.n, s.c, p, q));
	DNN(&r, cudnnSetPooling2dDescriptor, (pd, CDS_DNN_POOLING_MAX,
	    CDS_DNN_NOT_PROPAGATE_NAN, s.win_h, s.win_w, s.pad_h, s.pad_w,
	    s.stride_h, s.stride_w));
	if (dmem_put(&mem, &dx, x, 294, &r.detail) != 0 ||
	    dmem_put(&mem, &dy, NULL, 54, &r.detail) != 0) {
		goto fail;
	}
	t0 = cds_now_ms();
	DNN(&r, cudnnPoolingForward, (dnn, pd, &one, xd, dptr(dx), &zero, yd,
	    dptr(dy)));
	if (sync_time(&r, t0) != 0 || dmem_get(y, dy, 54, &r.detail) != 0) {
		goto fail;
	}
	cds_ref_maxpool(&s, x, want);
	judge(&r, y, want, 54);
fail:
	send_check(&r);
	dmem_free(&mem);
	if (pd != NULL) {
		sym_cudnnDestroyPoolingDescriptor(pd);
	}
	if (yd != NULL) {
		sym_cudnnDestroyTensorDescriptor(yd);
	}
	if (xd != NULL) {
		sym_cudnnDestroyTensorDescriptor(xd);
	}
}

/* The six cuDNN checks on the current context's device. */
static void
cudnn_checks(void)
{
	struct result r = {0};
	cds_dnn dnn = NULL;
	int i;

	cds_child_step("cudnnCreate");
	r.result = "error";
	DNN(&r, cudnnCreate, (&dnn));
	conv_checks(dnn);
	cds_child_step("batchnorm_fwd_train");
	batchnorm_check(dnn);
	cds_child_step("relu_fwd");
	relu_check(dnn);
	cds_child_step("maxpool_fwd");
	maxpool_check(dnn);
	sym_cudnnDestroy(dnn);
	return;
fail:
	for (i = 1; cds_check_names[i] != NULL; i++) {
		r.name = cds_check_names[i];
		r.detail = cds_xstrdup(r.detail);
		send_check(&r);
	}
	free(r.detail);
}

/* ---- loading ------------------------------------------------------------ */

static void
send_lib(const char *role, const char *name, const char *path,
    const char *real, const char *err, int optional)
{
	json_t *m = json_object();

	json_object_set_new(m, "t", json_string("lib"));
	json_object_set_new(m, "role", json_string(role));
	json_object_set_new(m, "name", json_string(name));
	if (path != NULL) {
		json_object_set_new(m, "path", json_string(path));
		json_object_set_new(m, "realpath", json_string(real));
	}
	if (err != NULL) {
		json_object_set_new(m, "error", json_string(err));
	}
	if (optional) {
		json_object_set_new(m, "optional", json_true());
	}
	cds_child_send(m);
}

/*
 * Open NAME with RTLD_NOW and report it, except when it is absent and
 * QUIET says an absence needs no word (an optional sublibrary, a runtime
 * name with others to try).  The handle or NULL.
 */
static void *
load(const char *role, const char *name, int optional, int quiet,
    int *absent)
{
	char *path, *real, *err;
	void *lib;

	lib = cds_dl_open(name, RTLD_NOW | RTLD_LOCAL, &path, &real, &err);
	*absent = lib == NULL && err != NULL &&
	    strstr(err, "cannot open shared object file") != NULL;
	if (!(quiet && *absent)) {
		send_lib(role, name, path, real, err, optional);
	}
	free(path);
	free(real);
	free(err);
	return lib;
}

/*
 * Every sublibrary first, then libcudnn.so.MAJOR; *OK when all loaded.
 * When the parent saw no cuDNN (!SEEN), the loader is asked about
 * libcudnn.so.MAJOR alone first, so that absence is one line, not nine.
 */
static void *
load_cudnn(int major, int seen, int *ok)
{
	const struct sublib *set = major == 8 ? cudnn8_libs : cudnn9_libs;
	char name[32];
	const char *missing = NULL;
	json_t *m;
	void *lib;
	int absent, i;

	*ok = 1;
	snprintf(name, sizeof(name), "libcudnn.so.%d", major);
	if (!seen) {
		char *p, *r, *e;

		if ((lib = cds_dl_open(name, RTLD_LAZY | RTLD_LOCAL, &p, &r,
		    &e)) == NULL) {
			send_lib("cudnn", name, NULL, NULL, e, 0);
		}
		free(p);
		free(r);
		free(e);
		if (lib == NULL) {
			*ok = 0;
			return NULL;
		}
		dlclose(lib);
	}
	for (i = 0; set[i].soname != NULL; i++) {
		if (load("cudnn", set[i].soname, set[i].optional,
		    set[i].optional, &absent) == NULL &&
		    !(set[i].optional && absent)) {
			*ok = 0;
		}
		/* kept mapped: libcudnn.so.N finds them by soname */
	}
	if ((lib = load("cudnn", name, 0, 0, &absent)) == NULL) {
		*ok = 0;
		return NULL;
	}
#define TRY(sym, ret, args) \
	if (missing == NULL && !RESOLVE(lib, sym)) { \
		missing = #sym; \
	}
	CDS_DNN_FUNCS(TRY)
#undef TRY
	if (!RESOLVE(lib, cudnnGetMaxDeviceVersion)) {
		sym_cudnnGetMaxDeviceVersion = NULL;
	}
	m = json_object();
	json_object_set_new(m, "t", json_string("cudnn"));
	json_object_set_new(m, "major", json_integer(major));
	if (sym_cudnnGetVersion != NULL) {
		json_object_set_new(m, "version",
		    json_integer((json_int_t)sym_cudnnGetVersion()));
	}
	if (sym_cudnnGetCudartVersion != NULL) {
		json_object_set_new(m, "cudart",
		    json_integer((json_int_t)sym_cudnnGetCudartVersion()));
	}
	if (sym_cudnnGetMaxDeviceVersion != NULL) {
		json_object_set_new(m, "max_device", json_integer(
		    (json_int_t)sym_cudnnGetMaxDeviceVersion()));
	}
	if (missing != NULL) {
		json_object_set_new(m, "missing", json_string(missing));
	}
	cds_child_send(m);
	if (missing != NULL) {
		goto fail;
	}
	return lib;
fail:
	*ok = 0;
	dlclose(lib);
	return NULL;
}

/*
 * The runtime: the names the parent found in the target, else the one
 * cuDNN was built against, else the majors we know.  Returns
 * cudaGetDeviceCount()'s error (or -1 when no runtime loaded).
 */
static int
load_runtime(json_t *names, int cudart, int have_driver)
{
	struct cds_strv try = {0};
	const char *missing = NULL;
	json_t *v, *m;
	size_t i;
	void *lib = NULL;
	int absent, rv = 0, dv = 0, count = 0, err = -1;

	json_array_foreach(names, i, v) {
		cds_strv_push(&try, json_string_value(v));
	}
	if (try.n == 0 && cudart >= 11000) {
		/* CUDA 11's soname carries the minor: libcudart.so.11.0 */
		cds_strv_push_owned(&try, cudart / 1000 == 11 ?
		    cds_xstrdup("libcudart.so.11.0") :
		    cds_xasprintf("libcudart.so.%d", cudart / 1000));
	}
	if (try.n == 0) {
		cds_strv_push(&try, "libcudart.so.13");
		cds_strv_push(&try, "libcudart.so.12");
		cds_strv_push(&try, "libcudart.so.11.0");
	}
	for (i = 0; i < try.n && lib == NULL; i++) {
		/* report the misses only when nothing loads */
		lib = load("runtime", try.v[i], 0, i + 1 < try.n, &absent);
	}
	cds_strv_clear(&try);
	if (lib == NULL) {
		return -1;
	}
#define TRY(sym, ret, args) \
	if (missing == NULL && !RESOLVE(lib, sym)) { \
		missing = #sym; \
	}
	CDS_CUDART_FUNCS(TRY)
#undef TRY
	m = json_object();
	json_object_set_new(m, "t", json_string("runtime"));
	if (missing != NULL) {
		json_object_set_new(m, "missing", json_string(missing));
		cds_child_send(m);
		goto fail;
	} else {
		sym_cudaRuntimeGetVersion(&rv);
		json_object_set_new(m, "version", json_integer(rv));
		/* without libcuda the runtime has only its own guesses */
		if (have_driver) {
			sym_cudaDriverGetVersion(&dv);
			err = (int)sym_cudaGetDeviceCount(&count);
			json_object_set_new(m, "driver_version",
			    json_integer(dv));
			json_object_set_new(m, "count_error",
			    json_integer(err));
			json_object_set_new(m, "count", json_integer(count));
		}
	}
	cds_child_send(m);
	return err;
fail:
	dlclose(lib);
	return -1;
}

static void
send_device(int ordinal, cds_cudev dev)
{
	json_t *m = json_object();
	char name[256] = "";
	int major = 0, minor = 0, sms = 0;
	size_t mem = 0;

	sym_cuDeviceGetName(name, (int)sizeof(name), dev);
	sym_cuDeviceGetAttribute(&major, CDS_CU_ATTR_CC_MAJOR, dev);
	sym_cuDeviceGetAttribute(&minor, CDS_CU_ATTR_CC_MINOR, dev);
	sym_cuDeviceGetAttribute(&sms, CDS_CU_ATTR_MULTIPROCESSOR_COUNT, dev);
	sym_cuDeviceTotalMem_v2(&mem, dev);
	json_object_set_new(m, "t", json_string("device"));
	json_object_set_new(m, "ordinal", json_integer(ordinal));
	json_object_set_new(m, "name", json_string(name));
	json_object_set_new(m, "cc_major", json_integer(major));
	json_object_set_new(m, "cc_minor", json_integer(minor));
	json_object_set_new(m, "memory", json_integer((json_int_t)mem));
	json_object_set_new(m, "sm_count", json_integer(sms));
	cds_child_send(m);
}

int
cds_verify_child(json_t *arg)
{
	const char *missing = NULL;
	void *cuda, *dnn;
	int init, count = 0, dnn_ok = 0, rt_err, cudart = 0, i;
	cds_cuctx ctx0 = NULL;
	cds_cudev dev0 = 0;

	cds_child_step("driver");
	cuda = cds_driver_child_load(&init);
	if (cuda != NULL && init == 0) {
#define TRY(sym, ret, args) \
	if (missing == NULL && !RESOLVE(cuda, sym)) { \
		missing = #sym; \
	}
		CDS_CU_PROBE_FUNCS(TRY)
		CDS_CU_FUNCS(TRY)
#undef TRY
		if (missing != NULL) {
			json_t *m = json_object();

			json_object_set_new(m, "t",
			    json_string("driver_missing"));
			json_object_set_new(m, "symbol", json_string(missing));
			cds_child_send(m);
		} else {
			sym_cuDeviceGetCount(&count);
		}
	}
	cds_child_step("cudnn");
	dnn = load_cudnn(cds_msg_int(arg, "cudnn_major", 9),
	    json_is_true(json_object_get(arg, "cudnn_seen")), &dnn_ok);
	if (dnn != NULL && sym_cudnnGetCudartVersion != NULL) {
		cudart = (int)sym_cudnnGetCudartVersion();
	}
	cds_child_step("runtime");
	rt_err = load_runtime(json_object_get(arg, "runtime"), cudart,
	    cuda != NULL && init == 0);
	cds_child_step("devices");
	for (i = 0; missing == NULL && i < count; i++) {
		cds_cudev dev;

		if (sym_cuDeviceGet(&dev, i) == 0) {
			send_device(i, dev);
		}
	}
	/* the kernel on every device; cuDNN on the first */
	for (i = 0; missing == NULL && i < count; i++) {
		cds_cuctx ctx;
		cds_cudev dev;
		cds_cures rc;

		cds_child_step("kernel");
		if ((rc = sym_cuDeviceGet(&dev, i)) != 0 ||
		    (rc = sym_cuDevicePrimaryCtxRetain(&ctx, dev)) != 0 ||
		    (rc = sym_cuCtxSetCurrent(ctx)) != 0) {
			struct result r = {0};

			r.name = "kernel";
			r.device = i;
			r.result = "error";
			r.detail = cu_err("cuDevicePrimaryCtxRetain", rc);
			send_check(&r);
			continue;
		}
		kernel_check(i);
		if (i == 0) {
			ctx0 = ctx;
			dev0 = dev;
		} else {
			sym_cuDevicePrimaryCtxRelease_v2(dev);
		}
	}
	if (ctx0 != NULL) {
		sym_cuCtxSetCurrent(ctx0);
		if (!dnn_ok) {
			for (i = 1; cds_check_names[i] != NULL; i++) {
				send_not_run(cds_check_names[i], 0, "cudnn");
			}
		} else if (rt_err > 0) {
			for (i = 1; cds_check_names[i] != NULL; i++) {
				send_not_run(cds_check_names[i], 0, "runtime");
			}
		} else {
			cudnn_checks();
		}
		sym_cuDevicePrimaryCtxRelease_v2(dev0);
	}
	/* last: once mapped, the stub would answer for libcuda.so.1 */
	if (cuda == NULL) {
		cds_child_step("stub");
		cds_stub_child_test(cds_msg_str(arg, "stub"));
	}
	return 0;
}
