/*
 * hdrcheck.c - a build-time check, compiled only when configure found
 * NVIDIA's headers: every function-pointer typedef of src/scan/nvproto.h must
 * be compatible with the real prototype in cuda.h, cuda_runtime_api.h and
 * cudnn.h, the enumeration values we hard-code must equal NVIDIA's, and
 * our copy of the algorithm-performance struct must have the real layout.
 * A mismatch is a compile error; the program it builds prints one TAP
 * line per group so that make check shows it ran.
 */
#include <stddef.h>
#include <stdio.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cudnn.h>
#if __has_include(<nvml.h>)	/* only with the toolkit's NVML headers */
#include <nvml.h>
#define CDS_HAVE_NVML_H 1
#endif

#define CDS_DNN_FWD_PERF cudnnConvolutionFwdAlgoPerf_t
#define CDS_DNN_BWD_DATA_PERF cudnnConvolutionBwdDataAlgoPerf_t
#define CDS_DNN_BWD_FILTER_PERF cudnnConvolutionBwdFilterAlgoPerf_t
#include "scan/nvproto.h"

#define CDS_STR2(x) #x
#define CDS_STR(x) CDS_STR2(x)

#define SAME_TYPE(sym, ret, args) \
	_Static_assert(__builtin_types_compatible_p(__typeof__(&sym), \
	    cds_fn_##sym), "src/scan/nvproto.h: " #sym " differs from the " \
	    "NVIDIA header");
CDS_CU_PROBE_FUNCS(SAME_TYPE)
#ifdef CDS_HAVE_NVML_H
CDS_NVML_PROBE_FUNCS(SAME_TYPE)
#endif
CDS_CU_FUNCS(SAME_TYPE)
CDS_CUDART_FUNCS(SAME_TYPE)
CDS_DNN_FUNCS(SAME_TYPE)
#if CUDNN_MAJOR >= 9		/* cuDNN 8's headers may not declare them */
CDS_DNN_OPTIONAL_FUNCS(SAME_TYPE)
#endif

#define SAME_VALUE(ours, theirs) \
	_Static_assert((long)(ours) == (long)(theirs), \
	    #ours " != " #theirs);
#if CUDA_VERSION >= 12000	/* older headers may lack the stub codes */
SAME_VALUE(CDS_CU_ERROR_STUB_LIBRARY, CUDA_ERROR_STUB_LIBRARY)
SAME_VALUE(CDS_CUDA_ERROR_STUB_LIBRARY, cudaErrorStubLibrary)
#endif
SAME_VALUE(CDS_CU_ERROR_NO_DEVICE, CUDA_ERROR_NO_DEVICE)
SAME_VALUE(CDS_CU_ERROR_INVALID_PTX, CUDA_ERROR_INVALID_PTX)
SAME_VALUE(CDS_CU_ERROR_NOT_FOUND, CUDA_ERROR_NOT_FOUND)
SAME_VALUE(CDS_CU_ERROR_SYSTEM_DRIVER_MISMATCH,
    CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)
SAME_VALUE(CDS_CU_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE,
    CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)
SAME_VALUE(CDS_CU_ATTR_MULTIPROCESSOR_COUNT,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
SAME_VALUE(CDS_CU_ATTR_PCI_BUS_ID, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)
SAME_VALUE(CDS_CU_ATTR_CC_MAJOR, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
SAME_VALUE(CDS_CU_ATTR_CC_MINOR, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
SAME_VALUE(CDS_CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER)
SAME_VALUE(CDS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
SAME_VALUE(CDS_CUDA_ERROR_INSUFFICIENT_DRIVER, cudaErrorInsufficientDriver)
SAME_VALUE(CDS_CUDA_ERROR_NO_DEVICE, cudaErrorNoDevice)
SAME_VALUE(CDS_CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE,
    cudaErrorCompatNotSupportedOnDevice)
SAME_VALUE(CDS_DNN_STATUS_SUCCESS, CUDNN_STATUS_SUCCESS)
SAME_VALUE(CDS_DNN_DATA_FLOAT, CUDNN_DATA_FLOAT)
SAME_VALUE(CDS_DNN_TENSOR_NCHW, CUDNN_TENSOR_NCHW)
SAME_VALUE(CDS_DNN_CROSS_CORRELATION, CUDNN_CROSS_CORRELATION)
SAME_VALUE(CDS_DNN_FMA_MATH, CUDNN_FMA_MATH)
SAME_VALUE(CDS_DNN_NOT_PROPAGATE_NAN, CUDNN_NOT_PROPAGATE_NAN)
SAME_VALUE(CDS_DNN_BATCHNORM_SPATIAL, CUDNN_BATCHNORM_SPATIAL)
SAME_VALUE(CDS_DNN_ACTIVATION_RELU, CUDNN_ACTIVATION_RELU)
SAME_VALUE(CDS_DNN_POOLING_MAX, CUDNN_POOLING_MAX)
#ifdef CDS_HAVE_NVML_H
SAME_VALUE(CDS_NVML_SUCCESS, NVML_SUCCESS)
SAME_VALUE(CDS_NVML_ERROR_DRIVER_NOT_LOADED, NVML_ERROR_DRIVER_NOT_LOADED)
#endif

/* Our struct cds_dnn_perf against each real perf struct. */
#define SAME_MEMBER(real, ours, theirs) \
	_Static_assert(offsetof(struct cds_dnn_perf, ours) == \
	    offsetof(real, theirs) && \
	    sizeof(((struct cds_dnn_perf *)0)->ours) == \
	    sizeof(((real *)0)->theirs), #real "." #theirs);
#define SAME_PERF(real) \
	_Static_assert(sizeof(struct cds_dnn_perf) == sizeof(real), \
	    "size of " #real); \
	SAME_MEMBER(real, algo, algo) \
	SAME_MEMBER(real, status, status) \
	SAME_MEMBER(real, time, time) \
	SAME_MEMBER(real, memory, memory) \
	SAME_MEMBER(real, determinism, determinism) \
	SAME_MEMBER(real, math_type, mathType) \
	SAME_MEMBER(real, reserved, reserved)
SAME_PERF(cudnnConvolutionFwdAlgoPerf_t)
SAME_PERF(cudnnConvolutionBwdDataAlgoPerf_t)
SAME_PERF(cudnnConvolutionBwdFilterAlgoPerf_t)

int
main(void)
{
	puts("1..3");
	puts("ok 1 - driver API prototypes match cuda.h (CUDA_VERSION "
	    CDS_STR(CUDA_VERSION) ")");
	puts("ok 2 - runtime prototypes match cuda_runtime_api.h");
	puts("ok 3 - cuDNN prototypes and perf struct match cudnn.h "
	    "(CUDNN_VERSION " CDS_STR(CUDNN_VERSION) ")");
	return 0;
}
