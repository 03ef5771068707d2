/*
 * nvproto.h - our own minimal prototypes of the NVIDIA driver API, CUDA
 * runtime and cuDNN entry points that probe.c and gpucheck.c resolve with
 * dlsym().  The program never needs NVIDIA's headers to build; when
 * configure finds them, tests/unit/hdrcheck.c compiles this file next to
 * the real cuda.h, cuda_runtime_api.h and cudnn.h and asserts that every
 * typedef below is compatible with the real prototype.
 *
 * Each list is an X-macro: X(symbol, return type, (parameters)).  The
 * symbol is the exported name (cuMemAlloc_v2, not the cuMemAlloc macro).
 * Enumerations are `unsigned int` (every NVIDIA enum we pass has only
 * non-negative values, so GCC and Clang give it that type); opaque
 * handles are pointers to NVIDIA's own incomplete struct tags.
 */
#ifndef CDS_NVPROTO_H
#define CDS_NVPROTO_H

#include <stddef.h>

/* ---- driver API (libcuda.so.1) ----------------------------------------- */

typedef unsigned int cds_cures;		/* CUresult */
typedef int cds_cudev;			/* CUdevice */
typedef unsigned long long cds_cuptr;	/* CUdeviceptr */
typedef struct CUctx_st *cds_cuctx;	/* CUcontext */
typedef struct CUmod_st *cds_cumod;	/* CUmodule */
typedef struct CUfunc_st *cds_cufunc;	/* CUfunction */
typedef struct CUstream_st *cds_custream;	/* CUstream */

/* The CUresult values verify explains (cuda.h). */
enum {
	CDS_CU_SUCCESS = 0,
	CDS_CU_ERROR_STUB_LIBRARY = 34,
	CDS_CU_ERROR_NO_DEVICE = 100,
	CDS_CU_ERROR_INVALID_PTX = 218,
	CDS_CU_ERROR_NOT_FOUND = 500,
	CDS_CU_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
	CDS_CU_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804
};

/* CUdevice_attribute and CUjit_option values we use. */
enum {
	CDS_CU_ATTR_MULTIPROCESSOR_COUNT = 16,
	CDS_CU_ATTR_PCI_BUS_ID = 33,
	CDS_CU_ATTR_CC_MAJOR = 75,
	CDS_CU_ATTR_CC_MINOR = 76,
	CDS_CU_JIT_ERROR_LOG_BUFFER = 5,
	CDS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
};

/* What the driver probe needs (present in every libcuda, stubs too). */
#define CDS_CU_PROBE_FUNCS(X) \
	X(cuInit, cds_cures, (unsigned int)) \
	X(cuDriverGetVersion, cds_cures, (int *)) \
	X(cuDeviceGetCount, cds_cures, (int *))

/* ---- NVML (libnvidia-ml.so.1) ------------------------------------------ */

typedef unsigned int cds_nvmlres;	/* nvmlReturn_t */

/* The nvmlReturn_t values the driver probe explains (nvml.h). */
enum {
	CDS_NVML_SUCCESS = 0,
	CDS_NVML_ERROR_DRIVER_NOT_LOADED = 9
};

/* What the driver probe asks NVML: is the driver loaded, which is it. */
#define CDS_NVML_PROBE_FUNCS(X) \
	X(nvmlInit_v2, cds_nvmlres, (void)) \
	X(nvmlErrorString, const char *, (cds_nvmlres)) \
	X(nvmlSystemGetDriverVersion, cds_nvmlres, (char *, unsigned int)) \
	X(nvmlShutdown, cds_nvmlres, (void))

/* What the checks need besides the probe's. */
#define CDS_CU_FUNCS(X) \
	X(cuGetErrorName, cds_cures, (cds_cures, const char **)) \
	X(cuDeviceGet, cds_cures, (cds_cudev *, int)) \
	X(cuDeviceGetName, cds_cures, (char *, int, cds_cudev)) \
	X(cuDeviceGetAttribute, cds_cures, (int *, unsigned int, cds_cudev)) \
	X(cuDeviceTotalMem_v2, cds_cures, (size_t *, cds_cudev)) \
	X(cuDevicePrimaryCtxRetain, cds_cures, (cds_cuctx *, cds_cudev)) \
	X(cuDevicePrimaryCtxRelease_v2, cds_cures, (cds_cudev)) \
	X(cuCtxSetCurrent, cds_cures, (cds_cuctx)) \
	X(cuCtxSynchronize, cds_cures, (void)) \
	X(cuModuleLoadDataEx, cds_cures, (cds_cumod *, const void *, \
	    unsigned int, unsigned int *, void **)) \
	X(cuModuleGetFunction, cds_cures, (cds_cufunc *, cds_cumod, \
	    const char *)) \
	X(cuModuleUnload, cds_cures, (cds_cumod)) \
	X(cuLaunchKernel, cds_cures, (cds_cufunc, unsigned int, \
	    unsigned int, unsigned int, unsigned int, unsigned int, \
	    unsigned int, unsigned int, cds_custream, void **, void **)) \
	X(cuMemAlloc_v2, cds_cures, (cds_cuptr *, size_t)) \
	X(cuMemFree_v2, cds_cures, (cds_cuptr)) \
	X(cuMemcpyHtoD_v2, cds_cures, (cds_cuptr, const void *, size_t)) \
	X(cuMemcpyDtoH_v2, cds_cures, (void *, cds_cuptr, size_t))

/* ---- CUDA runtime (libcudart.so.N) ------------------------------------- */

typedef unsigned int cds_cudaerr;	/* cudaError_t */

enum {
	CDS_CUDA_ERROR_STUB_LIBRARY = 34,
	CDS_CUDA_ERROR_INSUFFICIENT_DRIVER = 35,
	CDS_CUDA_ERROR_NO_DEVICE = 100,
	CDS_CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804
};

#define CDS_CUDART_FUNCS(X) \
	X(cudaRuntimeGetVersion, cds_cudaerr, (int *)) \
	X(cudaDriverGetVersion, cds_cudaerr, (int *)) \
	X(cudaGetDeviceCount, cds_cudaerr, (int *)) \
	X(cudaGetErrorName, const char *, (cds_cudaerr))

/* ---- cuDNN (libcudnn.so.8 and .9: the legacy API, in both) ------------- */

typedef unsigned int cds_dnnstat;	/* cudnnStatus_t */
typedef struct cudnnContext *cds_dnn;	/* cudnnHandle_t */
typedef struct cudnnTensorStruct *cds_dnntensor;
typedef struct cudnnFilterStruct *cds_dnnfilter;
typedef struct cudnnConvolutionStruct *cds_dnnconv;
typedef struct cudnnActivationStruct *cds_dnnact;
typedef struct cudnnPoolingStruct *cds_dnnpool;

/*
 * cudnnConvolution{Fwd,BwdData,BwdFilter}AlgoPerf_t: one layout for the
 * three (cudnn_cnn.h).  hdrcheck.c checks it member by member and, by
 * defining the CDS_DNN_*_PERF macros to the real types, the prototypes
 * that take it.
 */
struct cds_dnn_perf {
	unsigned int algo;
	cds_dnnstat status;
	float time;
	size_t memory;
	unsigned int determinism;
	unsigned int math_type;
	int reserved[3];
};
#ifndef CDS_DNN_FWD_PERF
#define CDS_DNN_FWD_PERF struct cds_dnn_perf
#endif
#ifndef CDS_DNN_BWD_DATA_PERF
#define CDS_DNN_BWD_DATA_PERF struct cds_dnn_perf
#endif
#ifndef CDS_DNN_BWD_FILTER_PERF
#define CDS_DNN_BWD_FILTER_PERF struct cds_dnn_perf
#endif

/* Enumeration values (cudnn_graph.h, cudnn_ops.h, cudnn_cnn.h). */
enum {
	CDS_DNN_STATUS_SUCCESS = 0,
	CDS_DNN_DATA_FLOAT = 0,
	CDS_DNN_TENSOR_NCHW = 0,
	CDS_DNN_CROSS_CORRELATION = 1,
	CDS_DNN_FMA_MATH = 3,
	CDS_DNN_NOT_PROPAGATE_NAN = 0,
	CDS_DNN_BATCHNORM_SPATIAL = 1,
	CDS_DNN_ACTIVATION_RELU = 1,
	CDS_DNN_POOLING_MAX = 0
};

#define CDS_DNN_FUNCS(X) \
	X(cudnnGetVersion, size_t, (void)) \
	X(cudnnGetCudartVersion, size_t, (void)) \
	X(cudnnGetErrorString, const char *, (cds_dnnstat)) \
	X(cudnnCreate, cds_dnnstat, (cds_dnn *)) \
	X(cudnnDestroy, cds_dnnstat, (cds_dnn)) \
	X(cudnnCreateTensorDescriptor, cds_dnnstat, (cds_dnntensor *)) \
	X(cudnnSetTensor4dDescriptor, cds_dnnstat, (cds_dnntensor, \
	    unsigned int, unsigned int, int, int, int, int)) \
	X(cudnnDestroyTensorDescriptor, cds_dnnstat, (cds_dnntensor)) \
	X(cudnnCreateFilterDescriptor, cds_dnnstat, (cds_dnnfilter *)) \
	X(cudnnSetFilter4dDescriptor, cds_dnnstat, (cds_dnnfilter, \
	    unsigned int, unsigned int, int, int, int, int)) \
	X(cudnnDestroyFilterDescriptor, cds_dnnstat, (cds_dnnfilter)) \
	X(cudnnCreateConvolutionDescriptor, cds_dnnstat, (cds_dnnconv *)) \
	X(cudnnSetConvolution2dDescriptor, cds_dnnstat, (cds_dnnconv, int, \
	    int, int, int, int, int, unsigned int, unsigned int)) \
	X(cudnnSetConvolutionMathType, cds_dnnstat, (cds_dnnconv, \
	    unsigned int)) \
	X(cudnnGetConvolution2dForwardOutputDim, cds_dnnstat, (cds_dnnconv, \
	    cds_dnntensor, cds_dnnfilter, int *, int *, int *, int *)) \
	X(cudnnDestroyConvolutionDescriptor, cds_dnnstat, (cds_dnnconv)) \
	X(cudnnGetConvolutionForwardAlgorithm_v7, cds_dnnstat, (cds_dnn, \
	    cds_dnntensor, cds_dnnfilter, cds_dnnconv, cds_dnntensor, int, \
	    int *, CDS_DNN_FWD_PERF *)) \
	X(cudnnGetConvolutionForwardWorkspaceSize, cds_dnnstat, (cds_dnn, \
	    cds_dnntensor, cds_dnnfilter, cds_dnnconv, cds_dnntensor, \
	    unsigned int, size_t *)) \
	X(cudnnConvolutionForward, cds_dnnstat, (cds_dnn, const void *, \
	    cds_dnntensor, const void *, cds_dnnfilter, const void *, \
	    cds_dnnconv, unsigned int, void *, size_t, const void *, \
	    cds_dnntensor, void *)) \
	X(cudnnGetConvolutionBackwardDataAlgorithm_v7, cds_dnnstat, \
	    (cds_dnn, cds_dnnfilter, cds_dnntensor, cds_dnnconv, \
	    cds_dnntensor, int, int *, CDS_DNN_BWD_DATA_PERF *)) \
	X(cudnnGetConvolutionBackwardDataWorkspaceSize, cds_dnnstat, \
	    (cds_dnn, cds_dnnfilter, cds_dnntensor, cds_dnnconv, \
	    cds_dnntensor, unsigned int, size_t *)) \
	X(cudnnConvolutionBackwardData, cds_dnnstat, (cds_dnn, const void *, \
	    cds_dnnfilter, const void *, cds_dnntensor, const void *, \
	    cds_dnnconv, unsigned int, void *, size_t, const void *, \
	    cds_dnntensor, void *)) \
	X(cudnnGetConvolutionBackwardFilterAlgorithm_v7, cds_dnnstat, \
	    (cds_dnn, cds_dnntensor, cds_dnntensor, cds_dnnconv, \
	    cds_dnnfilter, int, int *, CDS_DNN_BWD_FILTER_PERF *)) \
	X(cudnnGetConvolutionBackwardFilterWorkspaceSize, cds_dnnstat, \
	    (cds_dnn, cds_dnntensor, cds_dnntensor, cds_dnnconv, \
	    cds_dnnfilter, unsigned int, size_t *)) \
	X(cudnnConvolutionBackwardFilter, cds_dnnstat, (cds_dnn, \
	    const void *, cds_dnntensor, const void *, cds_dnntensor, \
	    const void *, cds_dnnconv, unsigned int, void *, size_t, \
	    const void *, cds_dnnfilter, void *)) \
	X(cudnnBatchNormalizationForwardTraining, cds_dnnstat, (cds_dnn, \
	    unsigned int, const void *, const void *, cds_dnntensor, \
	    const void *, cds_dnntensor, void *, cds_dnntensor, \
	    const void *, const void *, double, void *, void *, double, \
	    void *, void *)) \
	X(cudnnCreateActivationDescriptor, cds_dnnstat, (cds_dnnact *)) \
	X(cudnnSetActivationDescriptor, cds_dnnstat, (cds_dnnact, \
	    unsigned int, unsigned int, double)) \
	X(cudnnDestroyActivationDescriptor, cds_dnnstat, (cds_dnnact)) \
	X(cudnnActivationForward, cds_dnnstat, (cds_dnn, cds_dnnact, \
	    const void *, cds_dnntensor, const void *, const void *, \
	    cds_dnntensor, void *)) \
	X(cudnnCreatePoolingDescriptor, cds_dnnstat, (cds_dnnpool *)) \
	X(cudnnSetPooling2dDescriptor, cds_dnnstat, (cds_dnnpool, \
	    unsigned int, unsigned int, int, int, int, int, int, int)) \
	X(cudnnDestroyPoolingDescriptor, cds_dnnstat, (cds_dnnpool)) \
	X(cudnnPoolingForward, cds_dnnstat, (cds_dnn, cds_dnnpool, \
	    const void *, cds_dnntensor, const void *, const void *, \
	    cds_dnntensor, void *))

/* Present in cuDNN 9 (cudnn_graph.h); looked up, not required. */
#define CDS_DNN_OPTIONAL_FUNCS(X) \
	X(cudnnGetMaxDeviceVersion, size_t, (void))

/* One typedef per entry point: cds_fn_<symbol>. */
#define CDS_NV_TYPEDEF(sym, ret, args) typedef ret (*cds_fn_##sym) args;
CDS_CU_PROBE_FUNCS(CDS_NV_TYPEDEF)
CDS_NVML_PROBE_FUNCS(CDS_NV_TYPEDEF)
CDS_CU_FUNCS(CDS_NV_TYPEDEF)
CDS_CUDART_FUNCS(CDS_NV_TYPEDEF)
CDS_DNN_FUNCS(CDS_NV_TYPEDEF)
CDS_DNN_OPTIONAL_FUNCS(CDS_NV_TYPEDEF)
#undef CDS_NV_TYPEDEF

#endif /* CDS_NVPROTO_H */
