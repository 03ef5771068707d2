/*
 * explain_patterns.c - the wordings `cudnn-setup explain` recognises:
 * NVIDIA's libraries', the frameworks' wrappers', the loaders', the
 * container toolkit's, each a pattern naming its catalogue entry
 * (explain_table.c says what the entry means and which findings show its
 * causes).  explain.c matches them; the status codes are codes.c's.
 */
#include "config.h"

#include "doctor/explain_patterns.h"
#include "doctor/explain_table.h"

#define P "[^ :'\"\n]*"			/* a path without spaces */
#define SO "\\.so[.0-9]*"
#define VER "([0-9]+(\\.[0-9]+)*)"	/* "8.6.0", not "8.6.0." */
#define CUDNN "libcudnn[a-z_]*\\.so\\.[0-9]+"
#define CUDNN_DLL "cudnn[a-z_]*64_[0-9]+\\.dll"
#define LOADLIB "Could not load library (" CUDNN ")\\.[[:space:]]*Error: *"
/* the loader's words, also wrapped over lines or retyped without
 * "object" ("libcublaLt.so.11: cannot open shared file") */
#define CANNOT " *: *cannot[[:space:]]+open[[:space:]]+shared[[:space:]]+" \
	"(object[[:space:]]+file|file|object)"
#define UNDEF "undefined symbol"
/* "undefined symbol: " and the symbol's opening quote, when a program
 * quoted it ('undefined symbol: "ncclCommWindowRegister"') */
#define SYMBOL UNDEF ":? *[\"'`]?"
#define COULD "Could not load library"
/* a GPU's or a MIG slice's UUID after its "GPU-" or "MIG-" */
#define UUIDRE "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
/* the codes of Windows' loader refusing a DLL (WIN-DLL) */
#define WINLOAD "(126|127|193|1114)"
/* the Windows names of the same libraries: cublas64_12.dll */
#define NVDLL "(cu[a-zA-Z_]+|nvrtc-builtins|nvrtc|nvJitLink|npp[a-z_]*)64_" \
	"[0-9]+(_[0-9]+)?" \
	"\\.dll"
/* a function of the driver API, by the families cuda.h (CUDA 13.0)
 * declares: the patterns match without case, so "cu[A-Z]" alone would
 * take cudnnCreate too */
#define DRVAPI "cu(Memcpy|Mem|Graph|Memset|Stream|Ctx|Tex|Array|Device|" \
	"Event|Module|Launch|Func|Library|Param|Multicast|Link|Green|Ipc|" \
	"Kernel|Graphics|Coredump|Mipmapped|Occupancy|Wait|Signal|Tensor|" \
	"User|Get|Import|Surf|Dev|Pointer|External|Destroy|Thread|Flush|Init|" \
	"Checkpoint|Logs|Profiler|Function|Driver)[A-Za-z0-9_]*"
/* a function of NVIDIA's libraries' C APIs, by their prefixes */
#define LIBAPI "(cudnn|cublas|cusparse|cusolver|cufft|curand|nvrtc|" \
	"nvJitLink|nccl|nvml|cuda)[A-Z][A-Za-z0-9_]*"
#define NVAPI LIBAPI "|" DRVAPI
/* an enumerator of NVIDIA's status enums (codes.c's table says which
 * releases have it) */
/* nvidia-smi's words for a setting the GPU does not have, after its
 * verb: the setting and the GPU's bus id */
#define NVSMI_SETTING "([a-z][a-z ]{2,60}) is not supported for GPU:? " \
	"([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-9])"
#define NVENUM "(CUDA_ERROR|CUDNN_STATUS|CUBLAS_STATUS|CUSPARSE_STATUS|" \
	"CUSOLVER_STATUS|CURAND_STATUS|NVRTC_ERROR|NVJITLINK|NVML_ERROR|" \
	"CUFFT|CU_FILE)_[A-Z0-9_]+"
/* a type of NVIDIA's APIs (cudaDeviceProp, cudaMemLocation, CUdevprop),
 * and the namespaces of CCCL (CUB, Thrust, libcu++) */
#define NVTYPE "(cuda|cudnn|cublas|cusparse|cusolver|cufft|curand|nccl|" \
	"nvml)[A-Z][A-Za-z0-9_]*|CU[a-z][A-Za-z0-9_]*"
#define NVNS "cub|thrust|cuda"
/* the CUDA runtime's functions that CUDA 13.0's own list of removed ones
 * names (include/generated_cudart_removed_meta.h) and its
 * cuda_runtime_api.h no longer declares: texture and surface references,
 * the cudaThread* calls, the launch API before <<<>>>; the registration
 * of a texture reference the compiler emits for old code
 * (tests/sys/explain-removed.sh checks the list against the headers
 * where a toolkit is installed) */
#define RTGONE "__cudaRegister(Texture|Surface)|cuda(Bind(Texture|Surface)" \
	"[A-Za-z0-9]*|UnbindTexture|Get(Texture|Surface)Reference|" \
	"GetTextureAlignmentOffset|Thread(Get|Set)(CacheConfig|Limit)|" \
	"ConfigureCall|SetupArgument|Launch|LaunchCooperativeKernelMultiDevice|" \
	"ProfilerInitialize|SetDoubleFor(Device|Host)|StreamSetFlags)"
/* any library file, by path or name, and the loader's colon after it
 * (groups: the file, its directory, the name) */
#define ANYLIB "((" P "/)?(lib[A-Za-z0-9_+.-]*\\.so[.0-9]*)) *: *"
/* NVIDIA's libraries a build links by name (-lNAME) */
#define NVLINK "(cudart|cudnn[a-z_]*|cublas(Lt)?|cufft[a-z]*|curand|" \
	"cusparse|cusolver|cupti|nccl|nvrtc|nvJitLink|nvToolsExt|" \
	"nvinfer[a-z_]*|nvidia-ml|npp[a-z_]*|nvjpeg)"
/* a program's own verb of a failed load, from the word before it (the
 * key) to the library's name (groups: the word, the verb's object; a
 * bare "library" after the verb is cuDNN's "Could not load library",
 * F2's and F6's own rows) */
#define LOADWORD "(to|not|couldn't|can't|cannot) "
#define LOADOBJ "( (the |shared )+(library|object|DSO))?:? *[`'\"]?"
/* what ends a library's name that a failed load gives no reason after:
 * a blank, a quote, a bracket or a full stop, not the loader's colon */
#define LOADEND "([[:space:]'\"`),;]|\\.([[:space:]]|$)|$)"
/* a soname without a sentence's full stop after it */
#define NVSO "\\.so(\\.[0-9]+)*"
/* the NVIDIA driver's own libraries by name (GLVND's vendor libraries
 * among them) */
#define DRVLIB "lib(cuda|nvidia-[a-z-]+|nvcuvid|nvoptix|(GLX|EGL|GLESv2|" \
	"GLESv1_CM)_nvidia)\\.so(\\.[0-9]+)*"
/* a header as a build includes it: "cuda_runtime.h", "cuda/std/utility",
 * "thrust/device_vector.h" */
#define HDR "[A-Za-z0-9_][A-Za-z0-9_.]*(/[A-Za-z0-9_.]+)*"
/* the stems of NVIDIA's libraries outside the driver (manifests/data/
 * sonames.tsv), and NVPL's (the NVIDIA Performance Libraries that Arm
 * builds of PyTorch link: libnvpl_lapack_lp64_gomp.so.0) */
#define NVLIB "lib(cu[a-zA-Z_]+|npp[a-z_]*|nccl|nvJitLink|nvrtc(-builtins)?|" \
	"nvjpeg|nvToolsExt|nvtx3interop|nvinfer[a-z_]*|nvonnxparser|" \
	"nvparsers|nvblas|nvvm|nvshmem[a-z_]*|nvptxcompiler[a-z_]*|" \
	"nvfatbin|nvJPEG|nvpl_[a-z0-9_]+)"

/* a requirement word, then within a clause the driver and a driver's
 * number ("requires NVIDIA driver 525", "minimum driver: 535") */
#define TO_DRIVER "[^\n.;]{0,30}[^a-z]driver( version)?[^\n.;0-9]{0,12}" \
	"[1-9][0-9]{2}"
/* PyTorch's range of capabilities (groups: the GPU's, the lowest, the
 * highest) */
/* an NVIDIA driver's version: 575.64.05, 470.256.02, 580.95 */
#define DRVVER "[0-9]{3}\\.[0-9]{2,3}(\\.[0-9]{2})?"
#define CC_RANGE "which is of cuda capability ([0-9]+\\.[0-9]+)\\.?" \
	"[[:space:]]*Minimum and Maximum cuda capability supported by this " \
	"version of PyTorch is[[:space:]]*\\(([0-9]+\\.[0-9]+)\\) *- *" \
	"\\(([0-9]+\\.[0-9]+)\\)"
/* a GPU's architecture said not to be in a build's list, and the list */
#define SM_LIST "\\(sm_([0-9]+)\\) is not supported by this [A-Za-z]+ build\\.?" \
	"[[:space:]]*Supported architectures: *((sm_[0-9]+[a-z]?[, ]*)+)"
/* the compiler's error in a source file of the driver's kernel modules
 * (groups: the directory before it, the module) */
#define KMOD_C_ERROR "([^ \t\n'\"]*/)?(nvidia|nvidia-drm|nvidia-uvm|" \
	"nvidia-modeset|nvidia-peermem)/[A-Za-z0-9_-]+\\.c:[0-9]+:[0-9]+: " \
	"error:"
/* a kernel module of the GPU driver itself, as the distributions name it
 * ("nvidia", "nvidia_uvm", Debian's "nvidia-current-drm" and
 * "nvidia-tesla-470"), not a module beside it that needs another stack
 * (nvidia_peermem needs the RDMA core's symbols: PEERMEM's rows;
 * nvidia_fs GPUDirect Storage's): the module and 4 groups to leave
 * unnamed */
#define NV_KMOD "(nvidia([-_]?(current|tesla|legacy|[0-9])[a-z0-9_-]*)?" \
	"([-_](drm|modeset|uvm))?)"
#define NV_KMOD_GROUPS "module", NULL, NULL, NULL, NULL
/* The three rows of entry ID for a kernel module beside the driver (the
 * alternatives MODS): the kernel's words for a symbol of another build
 * ("disagrees about version of symbol") or one no module loaded exports
 * ("Unknown symbol"), each naming the symbol, and modprobe's refusal
 * ("could not insert 'M': Invalid argument") */
#define KMOD_REFUSED(id, mods) \
	{ id, 1, "disagrees about version of symbol", 1, NULL, "(" mods \
	    "): (disagrees about version) of symbol ([A-Za-z0-9_]+)", \
	    { NULL, "module", "mismatch", "symbol" } }, \
	{ id, 1, "Unknown symbol ", 1, NULL, "(" mods "): Unknown symbol " \
	    "([A-Za-z0-9_]+)", { NULL, "module", "symbol" } }, \
	{ id, 2, "could not insert '", 0, NULL, "could not insert '(" mods \
	    ")': ([A-Za-z ]+)", { NULL, "module", "modprobe" } }
/* Kokkos' kernels of one capability on a device of another (groups:
 * the kernels' twice, as the lowest and highest of the build, and the
 * device's) */
#define KOKKOS_CC "kernels compiled for compute capability (([0-9]+\\.[0-9]+))" \
	" on device with compute capability ([0-9]+\\.[0-9]+)"
/* a compute capability said to be below what is needed */
#define CC_BELOW "capability( of)?( [0-9]+\\.[0-9]+)?\\)?,? (is )?(not " \
	"supported|unsupported|too old|too low|lower than|below)"

/* MSVC's linker's unresolved symbol, the words before it in the
 * linker's language (groups: the error, the word before the name) */
#define MSVC_UNRESOLVED "LNK20(01|19): [^\n]*(symbol|[^ -~\n]) *[\"'`]*"
/* an OCI runtime's words for a driver file it cannot find (groups: the
 * runtime, the file, the name) */
#define CDI_STAT(words) "(crun|runc)[^\n]*: *" words " [`'\"]?(" P "/(lib(" \
	"[A-Za-z0-9_]*nvidia[a-z0-9_-]*|cuda|nvcuvid|nvoptix)\\.so[.0-9]*))"

const struct pattern cds_explain_patterns[] = {
	/* cuDNN 8 sub-libraries: one release with another's sibling */
	{ "F3", 0, COULD, 0, NULL, LOADLIB "(" P "/bin/\\.\\./lib/"
	    "libcudnn[a-z_]*\\.so\\.[0-9]+)", { NULL, "library", "file" } },
	{ "F1", 1, UNDEF, 1, NULL, "((" P "libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    " *: *)?" SYMBOL "([A-Za-z0-9_]+),? version (" CUDNN ")",
	    { NULL, NULL, "file", "symbol", "provider" } },
	{ "F1", 1, "relocation error:", 0, NULL, "relocation error: *(" P
	    "libcudnn[a-z_]*\\.so\\.[0-9]+) *: *symbol ([A-Za-z0-9_]+),? "
	    "version (" CUDNN ") not defined",
	    { NULL, "file", "symbol", "provider" } },
	{ "F2", 1, COULD, 0, NULL, LOADLIB "(" P
	    "libcudnn[a-z_]*\\.so\\.[0-9]+) *: *symbol ([A-Za-z0-9_]+)"
	    "[^, \n]*,? version (" CUDNN ") not defined in file (" CUDNN ")",
	    { NULL, "library", "file", "symbol", "provider" } },
	{ "F1", 2, COULD, 0, NULL, LOADLIB "(" P
	    "libcudnn[a-z_]*\\.so\\.[0-9]+) *: *" SYMBOL "([A-Za-z0-9_]+)",
	    { NULL, "library", "file", "symbol" } },
	/* a program's own check of the CUDA the driver runs, in CUDA's
	 * integers (PhysX: "CUDA driver version is 11020, expected at least
	 * 11040") */
	{ "F16", 2, "CUDA driver version is ", 0, NULL, "CUDA driver version "
	    "is ([0-9]+), expected at least ([0-9]+)",
	    { NULL, "driver runs", "needs" } },
	/* XLA's lazy loader (xla/tsl/cuda/cusparse_stub.cc) answers every
	 * cuSPARSE call with this when libcusparse would not load; JAX
	 * prints it from its version check.  cuSPARSE 12 fails to load
	 * when an older libnvJitLink is bound first. */
	{ "F12", 2, "The cuSPARSE library was not found", 0, NULL,
	    "The cuSPARSE library was not found", { NULL } },
	/* PyTorch's own check before cuFFT in half precision (aten's
	 * SpectralOps): a size cuFFT does not take there */
	{ "CODE-USAGE", 2, "cuFFT only supports dimensions whose sizes are "
	    "powers of two", 0, NULL, "cuFFT only supports dimensions whose "
	    "sizes are powers of two when computing in half precision",
	    { NULL } },
	/* glibc's loader: a library built against a newer C library or
	 * C++ runtime than the one found ("/lib/x86_64-linux-gnu/libc.so.6:
	 * version `GLIBC_2.34' not found (required by ./gpud)"); the
	 * required-by file is loaded here as any file a message names; the
	 * loader's words for a C library's version node are its alone, so a
	 * paste cut before " not found" is the same message */
	{ "LIBC-OLD", 1, "version ", 1, NULL, "((" P "/)?lib(c|m|stdc\\+\\+|"
	    "pthread|dl|rt|gcc_s)\\.so\\.[0-9]+) *: *version [^ \n]{0,3}"
	    "((GLIBC|GLIBCXX|CXXABI)_[0-9]+(\\.[0-9]+)*)[^ \n]{0,3}( not "
	    "found( \\(required by ([^)\n]+)\\))?)?", { NULL,
	    "runtime library", NULL, NULL, "version", NULL, NULL, NULL, NULL,
	    "file" } },
	/* the loader's words for a version node an NVIDIA library needs from
	 * its sibling, named after the sibling's soname, that the sibling
	 * found does not define ("libcublasLt.so.12: version
	 * `libcublasLt.so.12' not found (required by .../libcublas.so.12)"):
	 * the two of different releases */
	{ "LIB-SYMBOL", 1, "version ", 1, NULL, "((" P "/)?" NVLIB SO ") *: *"
	    "version [^ \n]{0,3}(" NVLIB "\\.so\\.[0-9]+)[^ \n]{0,3} not found",
	    { NULL, "file", NULL, NULL, NULL, "provider" } },
	/* the dynamic loader's words for a file cut short or not ELF at
	 * all (glibc elf/dl-load.c): an empty driver library in an image is
	 * what `docker commit` of a container run with the GPU leaves
	 * behind (the toolkit's bind-mount targets) */
	{ "CTR-BAKED", 1, "file too short", 1, NULL, "(" P "/(lib(cuda|"
	    "nvidia-[a-z0-9-]+)\\.so[.0-9]*)) *: *(file too short|invalid ELF "
	    "header)", { NULL, "file", "library" } },
	{ "LIB-TRUNCATED", 2, "file too short", 1, NULL, ANYLIB "file too "
	    "short", { NULL, "file", NULL, "library" } },
	/* the same, pasted without the loader's colon (a title) */
	{ "LIB-TRUNCATED", 2, "file too short", 1, NULL, "((" P "/)?(lib"
	    "[A-Za-z0-9_+.-]*\\.so[.0-9]*)) +file too short",
	    { NULL, "file", NULL, "library" } },
	/* glibc 2.41's dlopen refusing a library's executable stack */
	{ "LIB-EXECSTACK", 1, "cannot enable executable stack as shared "
	    "object requires", 1, NULL, "(" ANYLIB ")?cannot enable "
	    "executable stack as shared object requires", { NULL, NULL,
	    "file", NULL, "library" } },
	{ "LIB-TRUNCATED", 2, "ELF load command past end of file", 1, NULL,
	    ANYLIB "ELF load command past end of file",
	    { NULL, "file", NULL, "library" } },
	/* the linker given a file that is no ELF (an unfetched Git LFS
	 * pointer, a text file) */
	{ "LIB-TRUNCATED", 2, "file format not recognized", 1, NULL, ANYLIB
	    "file format not recognized", { NULL, "file", NULL, "library" } },
	{ "LIB-TRUNCATED", 2, "file not recognized", 1, NULL, ANYLIB
	    "file not recognized: *file format not recognized",
	    { NULL, "file", NULL, "library" } },
	{ "LIB-TRUNCATED", 2, "invalid ELF header", 1, NULL, ANYLIB "invalid "
	    "ELF header", { NULL, "file", NULL, "library" } },
	/* Windows' loader: error 193 is ERROR_BAD_EXE_FORMAT, a DLL not of
	 * this process's platform (32-bit in a 64-bit process) or not a
	 * DLL at all: cuDNN 8's "Could not load library zlibwapi.dll. Error
	 * code 193", Python's "[WinError 193] %1 is not a valid Win32
	 * application" */
	{ "LIB-TRUNCATED", 1, "193", 1, "dll", "(code|error|WinError) 193"
	    "([^0-9]|$)", { NULL } },
	{ "LIB-TRUNCATED", 1, "is not a valid Win32 application", 0, "dll",
	    "is not a valid Win32 application", { NULL } },
	/* other undefined symbols: nvJitLink, NCCL, PyTorch's own C++ */
	{ "F12", 1, UNDEF, 1, NULL, "((" P "libcusparse" SO ") *: *)?" SYMBOL
	    "(_*nvJitLink[A-Za-z0-9_]*)(,? version "
	    "(libnvJitLink\\.so\\.[0-9]+))?",
	    { NULL, NULL, "file", "symbol", NULL, "provider" } },
	{ "NCCL-SYMBOL", 1, UNDEF, 1, NULL, "((" P SO ") *: *)?" SYMBOL
	    "(nccl[A-Za-z0-9_]*)", { NULL, NULL, "file", "symbol" } },
	/* (an issue tracker's Markdown can turn the name's underscores
	 * into emphasis: "*ZNK3c1017SymbolicShapeMeta18init*is_contiguousEv";
	 * explain.c gives the name its underscores back) */
	{ "TORCH-ABI", 1, UNDEF, 1, NULL, "((" P SO ") *: *)?" SYMBOL
	    "([_*]Z[A-Z]*N?K?(3c10|5torch|2at|6caffe2)[A-Za-z0-9_*]*)",
	    { NULL, NULL, "file", "symbol" } },
	/* the same, "undefined" and "symbol" on two lines of a paste */
	{ "TORCH-ABI", 2, "symbol: _Z", 0, "undefined", "symbol: *(_Z[A-Z]*"
	    "N?K?(3c10|5torch|2at|6caffe2)[A-Za-z0-9_]*)",
	    { NULL, "symbol" } },
	/* a library that cannot be opened */
	{ "F4", 1, COULD, 0, NULL, LOADLIB "(libcuda\\.so)" CANNOT,
	    { NULL, "library", "missing" } },
	/* the same retold with "the" ("Could not load the library
	 * libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open ...") */
	{ "F4", 1, "Could not load the library", 0, NULL, "Could not load "
	    "the library (" CUDNN ")\\.[[:space:]]*Error: *(libcuda\\.so)"
	    CANNOT, { NULL, "library", "missing" } },
	{ "F6", 1, COULD, 0, NULL, LOADLIB "(" CUDNN ")" CANNOT,
	    { NULL, "library", "missing" } },
	{ "F5", 2, COULD, 0, NULL, LOADLIB "(lib[A-Za-z0-9_]+" SO ")" CANNOT,
	    { NULL, "library", "missing" } },
	/* cuDNN's loader naming the CUDA library it could not open
	 * ("Could not load library libcublasLt.so.12. Error: ...") */
	{ "F5", 2, COULD, 0, NULL, COULD " (lib(cublas|cublasLt|nvrtc|"
	    "nvJitLink|cudart)" SO ")\\.[[:space:]]*Error: *",
	    { NULL, "missing" } },
	/* cuDNN's sub-library failing on a CUDA library of another release
	 * found first, which lacks a symbol cuDNN calls ("Error:
	 * .../cuda/8.0/lib64/libnvrtc.so: undefined symbol: nvrtcGetCUBIN") */
	{ "LIB-SYMBOL", 1, COULD, 0, NULL, LOADLIB "(" P "/)?(lib(nvrtc|"
	    "cublas|cublasLt|nvJitLink|cudart)" SO ") *: *" SYMBOL
	    "([A-Za-z0-9_]+)", { NULL, "library", NULL, "file", NULL,
	    "symbol" } },
	{ "LIB-OLDER", 2, COULD, 0, NULL, LOADLIB "(" P "/)?(lib(nvrtc|"
	    "cublas|cublasLt|nvJitLink|cudart)" SO ") *: *" UNDEF,
	    { NULL, "library", NULL, "file" } },
	{ "F6", 2, "Please make sure", 0, NULL, "Please make sure (" CUDNN ") "
	    "is in your library path", { NULL, "missing" } },
	{ "F7", 1, "Unable to load any of {", 0, NULL, "Unable to load any of "
	    "\\{((libcudnn[a-z_]*\\.so[.0-9]*)[^}\n]{0,400})\\}",
	    { NULL, "candidates", "missing" } },
	{ "F7", 2, "Cannot load symbol", 0, NULL, "Cannot load symbol "
	    "(cudnn[A-Za-z]+)", { NULL, "symbol" } },
	/* the same loader of cuDNN 9's, for the cuBLASLt it opens at run
	 * time (libcublasLt.so of its CUDA major): not there */
	{ "F5", 2, "Cannot load symbol", 0, NULL, "Cannot load symbol "
	    "(cublas(Lt)?[A-Z][A-Za-z]+)", { NULL, "symbol" } },
	/* the provider bridge's own library (providers_shared) too, which
	 * the provider is loaded through; the words wrapped over lines */
	{ "F14", 1, "_providers_", 0, NULL, "_providers_(cuda|tensorrt|"
	    "shared)\\.so[[:space:]]+with error:[[:space:]]*(" P "/)?"
	    "(lib[A-Za-z0-9_]+" SO ")"
	    CANNOT,
	    { NULL, "provider", NULL, "missing" } },
	/* the provider's library failing to load, its reason cut off or
	 * on a line not pasted */
	{ "F14", 3, "Failed to load library ", 0, NULL, "Failed to load "
	    "library (lib)?onnxruntime_providers_(cuda|tensorrt)\\.(so|dll)",
	    { NULL, NULL, "provider" } },
	/* Windows: error 126 is ERROR_MOD_NOT_FOUND, a DLL the provider
	 * needs (winerror.h) */
	/* ONNX Runtime's Python binding: CUDA_PATH set and the provider's
	 * libraries not loaded */
	{ "F14", 2, "CUDA_PATH is set but CUDA wasn", 0, NULL, "CUDA_PATH is "
	    "set but CUDA wasn'?t able to be loaded", { NULL } },
	/* a package without the CUDA provider at all: onnxruntime (not
	 * onnxruntime-gpu), or a build made without --use_cuda */
	{ "F27", 2, "CUDAExecutionProvider' is not in available", 0, NULL,
	    "CUDAExecutionProvider'? is not in available provider names\\.? *"
	    "Available providers: '([^'\n]*)'", { NULL, "available" } },
	/* the same in a program's own words ("CUDAExecutionProvider not
	 * available in onnxruntime"): not among the providers the package
	 * has, which a GPU package whose provider fails to load still lists */
	{ "F27", 3, "CUDAExecutionProvider", 0, NULL, "CUDAExecutionProvider"
	    "['\"]? (is )?not available", { NULL } },
	/* the C API's entry point of the CUDA provider, which only the GPU
	 * package's library exports (.NET's "Unable to find an entry point
	 * named 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL
	 * 'onnxruntime'", the same symbol undefined elsewhere) */
	/* the provider's library not loaded, in the words of the bindings
	 * that call that entry point (onnxruntime-node:
	 * "OrtSessionOptionsAppendExecutionProvider_Cuda: Failed to load
	 * shared library") */
	{ "F14", 1, "OrtSessionOptionsAppendExecutionProvider_CUDA", 0, NULL,
	    "OrtSessionOptionsAppendExecutionProvider_CUDA:? *Failed to load "
	    "(shared )?library", { NULL } },
	/* PyTorch built without NCCL: its CPU builds, and every build for
	 * Windows and macOS (torch.distributed's words) */
	{ "F27", 2, "Distributed package doesn", 0, NULL, "Distributed package "
	    "doesn.?t have NCCL built in", { NULL } },
	{ "F27", 2, "OrtSessionOptionsAppendExecutionProvider_CUDA", 0,
	    "onnxruntime", "OrtSessionOptionsAppendExecutionProvider_CUDA",
	    { NULL } },
	{ "F14", 2, "LoadLibrary failed with error 126", 0, NULL,
	    "LoadLibrary failed with error 126[^\n]{0,40}when trying to load "
	    "[^\n]{0,300}onnxruntime_providers_(cuda|tensorrt)\\.dll",
	    { NULL, "provider" } },
	/* the bridge to the providers' libraries (its
	 * onnxruntime_providers_shared not there, as a frozen build leaves
	 * it) */
	{ "F14", 3, "Init provider bridge failed", 0, NULL, "Init provider "
	    "bridge failed", { NULL } },
	{ "F14", 2, "Failed to create CUDAExecutionProvider", 0, NULL,
	    "Failed to create CUDAExecutionProvider", { NULL } },
	/* a session ONNX Runtime made with the CPU provider alone (its
	 * providers list, as insightface and others print it): either the
	 * package has no CUDA provider or the provider did not load; the
	 * text does not say which, the findings here do */
	{ "F14", 3, "providers: ['CPUExecutionProvider']", 0,
	    "!CUDAExecutionProvider", "providers: \\['CPUExecutionProvider'"
	    "\\]", { NULL } },
	/* a tensor in GPU memory given to a session without a GPU provider
	 * (IOBinding's bind_input): "There's no data transfer registered for
	 * copying tensors from Device:[DeviceType:1 MemoryType:0 DeviceId:0]
	 * to Device:[DeviceType:0 ...]".  OrtDevice's type 1 is the GPU and
	 * its VendorId, where printed, 4318 (0x10de) NVIDIA's
	 * (core/framework/ortdevice.h); the CPU package or a provider that
	 * did not load (kornia/kornia#2631: onnxruntime beside
	 * onnxruntime-gpu) */
	{ "F14", 3, "no data transfer registered for copying tensors", 0, NULL,
	    "no data transfer registered for copying tensors from "
	    "Device:\\[DeviceType:1 MemoryType:[0-9]+( VendorId:4318| "
	    "DeviceId)", { NULL } },
	{ "F14", 3, "no data transfer registered for copying tensors", 0, NULL,
	    "no data transfer registered for copying tensors from "
	    "Device:\\[[^]\n]*\\] to Device:\\[DeviceType:1 "
	    "MemoryType:[0-9]+( VendorId:4318| DeviceId)", { NULL } },
	/* the CPU package's own list of providers (onnxruntime's wheels
	 * carry the Azure provider beside the CPU one; onnxruntime-gpu's
	 * list CUDA's and TensorRT's before them) */
	{ "F27", 2, "['AzureExecutionProvider', 'CPUExecutionProvider']", 0,
	    NULL, "\\['AzureExecutionProvider', 'CPUExecutionProvider'\\]",
	    { NULL } },
	{ "F27", 3, "providers: ['CPUExecutionProvider']", 0,
	    "!CUDAExecutionProvider", "providers: \\['CPUExecutionProvider'"
	    "\\]", { NULL } },
	/* the provider bridge on Windows: "Error loading
	 * \"...\\onnxruntime_providers_cuda.dll\" which depends on
	 * \"cublasLt64_12.dll\" which is missing", read even when the
	 * name it depends on is cut off */
	{ "F14", 2, "onnxruntime_providers_", 0, "which depends on",
	    "onnxruntime_providers_(cuda|tensorrt)\\.(dll|so)\" which "
	    "depends on", { NULL, "provider" } },
	/* the linker building against ONNX Runtime's CUDA provider without
	 * the CUDA it links ("ld: warning: libcublasLt.so.11, needed by
	 * .../libonnxruntime_providers_cuda.so, not found (try using -rpath
	 * or -rpath-link)"); any other NVIDIA library so is F13's below */
	{ "F14", 2, ", needed by ", 1, NULL, "(" NVLIB SO "), needed by "
	    "[^,\n]*libonnxruntime_providers_(cuda|tensorrt)\\.so, not found",
	    { NULL, "missing" } },
	/* the same bridge in a program's own words: "Error loading
	 * onnxruntime_providers_cuda.dll: cublasLt64_13.dll is missing" */
	{ "F14", 2, "onnxruntime_providers_", 0, "is missing",
	    "onnxruntime_providers_(cuda|tensorrt)\\.(dll|so)[\"']?:? *("
	    NVDLL "|" NVLIB SO ") is missing", { NULL, "provider", NULL,
	    "missing" } },
	{ "F28", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(libcudnn[^'\n]*)'", { NULL, "missing" } },
	{ "F29", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(lib[^'\n]*)'; dlerror: *(" P "/)?"
	    "(lib[A-Za-z0-9_]+" SO ")" CANNOT,
	    { NULL, "library", NULL, "missing" } },
	{ "F29", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(lib[^'\n]*)'", { NULL, "missing" } },
	/* TensorFlow 2.13 and later (tsl/cuda/cudart_stub.cc): its dlopen()
	 * of the CUDA runtime of its own major failed, though the words
	 * name the driver ("Could not find cuda drivers on your machine, GPU
	 * will not be used"); no GPU at all says so too */
	/* the line that ends TensorFlow's "Cannot dlopen some GPU
	 * libraries" warning (gpu_device.cc), pasted alone */
	{ "F29", 3, "Skipping registering GPU devices", 0, NULL, "Skipping "
	    "registering GPU devices", { NULL } },
	{ "F29", 2, "Could not find cuda drivers on your machine", 0, NULL,
	    "Could not find cuda drivers on your machine", { NULL } },
	{ "NO-DRIVER", 3, "Could not find cuda drivers on your machine", 0,
	    NULL, "Could not find cuda drivers on your machine", { NULL } },
	{ "F28", 2, "Couldn't open CUDA library", 0, NULL, "Couldn't open CUDA "
	    "library (libcudnn[a-z_]*\\.so(\\.[0-9]+)*)", { NULL, "missing" } },
	{ "F29", 3, "Couldn't open CUDA library", 0, NULL, "Couldn't open CUDA "
	    "library (lib[A-Za-z0-9_]+\\.so(\\.[0-9]+)*)",
	    { NULL, "missing" } },
	{ "F28", 3, "Unable to load cuDNN DSO", 0, NULL,
	    "Unable to load cuDNN DSO", { NULL } },
	{ "F29", 3, "Cannot dlopen some GPU libraries", 0, NULL,
	    "Cannot dlopen some GPU libraries", { NULL } },
	{ "F6", 3, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(libcudnn[a-z_]*\\.so(\\.[0-9]+)*)" CANNOT,
	    { NULL, NULL, "missing" } },
	/* a cuDNN 9 library not found is also what F7 is about, and
	 * CTranslate2's list of cuDNN 9 names also what F6 is: the two
	 * entries' causes (not installed, only in a wheel, elsewhere) are
	 * one question asked of two wordings */
	{ "F7", 3, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(libcudnn[a-z_]*\\.so\\.9)" CANNOT, { NULL, NULL, "missing" } },
	{ "F7", 3, "Could not locate cudnn", 0, NULL, "Could not locate "
	    "(cudnn[a-z_]*64_9\\.dll)", { NULL, "missing" } },
	/* the same words are cuDNN's own loader of its sub-libraries: the
	 * dispatcher (cudnn64_8.dll, libcudnn.so.9) loaded and its ops,
	 * cnn, adv, graph or engines part not found, which is F2's failure;
	 * F6 and F7 ask where cuDNN is, F2 whether the set is whole */
	{ "F2", 3, "Could not locate cudnn_", 0, NULL, "Could not locate "
	    "(cudnn_[a-z_]+64_[0-9]+\\.dll)", { NULL, "library" } },
	{ "F2", 3, "Unable to load any of {", 0, NULL, "Unable to load any of "
	    "\\{(libcudnn_[a-z_]+\\.so[.0-9]*)", { NULL, "library" } },
	{ "F6", 3, "Unable to load any of {", 0, NULL, "Unable to load any of "
	    "\\{(libcudnn[a-z_]*\\.so[.0-9]*)", { NULL, "missing" } },
	{ "F6", 3, "Cannot load cudnn shared library", 0, NULL,
	    "Cannot load cudnn shared library", { NULL } },
	{ "F13", 3, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|"
	    "nvToolsExt|nvJitLink|npp[a-z]*)[a-zA-Z_]*" SO ")" CANNOT,
	    { NULL, NULL, "missing" } },
	/* TensorRT's loader of its plugins: "Unable to open library:
	 * libnvinfer_plugin.so.8 due to libcudnn.so.8" (the second is what
	 * the loader did not find) */
	{ "F13", 2, "Unable to open library: ", 0, NULL, "Unable to open "
	    "library: *(" P ") due to (lib[A-Za-z0-9_]+\\.so\\.[0-9]+)",
	    { NULL, "library", "missing" } },
	/* CTranslate2's dlopen() stubs (before 4.x: "Library
	 * libcublas.so.12 is not found") */
	{ "F13", 2, "Library ", 0, NULL, "Library "
	    "(lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|"
	    "nvrtc|nvJitLink)" SO "|" NVDLL ") is not found( or cannot be "
	    "loaded|[^A-Za-z ]|$)", { NULL, "missing" } },
	/* cpm_kernels (ChatGLM's quantized kernels) finds a CUDA library
	 * by its stem with ctypes and says so when none was found:
	 * "Library cublasLt is not initialized" */
	{ "F13", 2, "Library ", 0, NULL, "Library (cudart|cublas|cublasLt|"
	    "nvrtc|cuda) is not initialized", { NULL, "library" } },
	/* NVRTC opening its builtins library, numba looking for libNVVM */
	{ "F13", 2, "failed to open lib", 0, NULL, "failed to open (" NVLIB
	    SO ")", { NULL, "missing" } },
	{ "F13", 2, "failed to open nvrtc", 0, NULL, "failed to open (" NVDLL
	    ")", { NULL, "missing" } },
	/* cuda-python's loader and others': "Failed to dlopen
	 * libcudart.so.12" */
	{ "F13", 2, "Failed to dlopen", 0, NULL, "Failed to dlopen (" NVLIB
	    SO ")", { NULL, "missing" } },
	/* PyTorch's DynamicLibrary (ATen), which opens NVRTC by its name
	 * and then by a second one: "Error in dlopen for library
	 * libnvrtc.so.12and libnvrtc-XXXXXXXX.so.12" (c10::DynamicLibraryError) */
	{ "F13", 2, "Error in dlopen for library ", 0, NULL, "Error in dlopen "
	    "for library (" NVLIB NVSO ")", { NULL, "missing" } },
	/* a loader of its own that says what it tried (libcudf's RTCX:
	 * "Failed to load dynamic library `libnvrtc.so` (tried:
	 * libnvrtc.so.13)") */
	{ "F13", 2, "Failed to load dynamic library", 0, NULL, "Failed to load "
	    "dynamic library [`'\"]?(" NVLIB SO ")", { NULL, "missing" } },
	/* a program's own words for a library it could not load, before
	 * the library's name ("Unable to load libGLX_nvidia.so.0",
	 * "Failed to load libnvidia-ml.so.1", "could not open
	 * libcublasLt.so.12"): the verb's word before it, "to", "not",
	 * "couldn't", "can't", then the name; which library says which
	 * entry (the driver's, cuDNN, the toolkit's).  Not where the
	 * loader's reason follows the name ("X: cannot enable executable
	 * stack", cuDNN 8's "Could not load library X. Error: Y"): the
	 * library was there, and the more particular rows read the reason.
	 * Behind them all (rank 3). */
	{ "DRIVER-LIB", 3, "load ", 1, "!. Error: ", LOADWORD "(load|open|dlopen)"
	    LOADOBJ "(" P "/)?(" DRVLIB ")" LOADEND, { NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "missing" } },
	{ "DRIVER-LIB", 3, "open ", 1, "!. Error: ", LOADWORD "(load|open|dlopen)"
	    LOADOBJ "(" P "/)?(" DRVLIB ")" LOADEND, { NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "missing" } },
	{ "F6", 3, "load ", 1, "!. Error: ", LOADWORD "(load|open|dlopen)" LOADOBJ
	    "(" P "/)?(libcudnn[a-z_]*" NVSO ")" LOADEND, { NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "missing" } },
	{ "F13", 3, "load ", 1, "!. Error: ", LOADWORD "(load|open|dlopen)" LOADOBJ
	    "(" P "/)?(" NVLIB NVSO ")" LOADEND, { NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "missing" } },
	{ "F13", 3, "open ", 1, "!. Error: ", LOADWORD "(load|open|dlopen)" LOADOBJ
	    "(" P "/)?(" NVLIB NVSO ")" LOADEND, { NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "missing" } },
	/* NCCL told the topology of another machine */
	{ "NCCL-TOPO", 1, "NCCL_GRAPH_FILE set by environment", 0, NULL,
	    "NCCL_GRAPH_FILE set by environment to ([^ \n]+)",
	    { NULL, "file" } },
	{ "NCCL-TOPO", 1, "NCCL_TOPO_FILE set by environment", 0, NULL,
	    "NCCL_TOPO_FILE set by environment to ([^ \n]+)",
	    { NULL, "file" } },
	/* NCCL's XML topology reader on a file written for other hardware
	 * (a plugin's static p5 topology): "NCCL WARN Attribute arch of
	 * node cpu not found" (graph/xml.h) */
	{ "NCCL-TOPO", 2, "Attribute ", 0, NULL, "Attribute ([a-z_]+) of node "
	    "([a-z]+) not found", { NULL, "attribute", "node" } },
	/* a program's own words for a toolkit library it opens at run
	 * time and cannot find ("Cannot find CUDA nvrtc", "CUDA runtime
	 * library not found") */
	{ "F13", 3, "find CUDA ", 1, NULL, "([Cc]annot|not|to) find CUDA "
	    "(nvrtc|NVRTC)", { NULL, NULL, "library" } },
	{ "F13", 3, "CUDA runtime library", 0, NULL, "CUDA runtime library "
	    "(was )?not found", { NULL } },
	{ "F13", 2, "libNVVM cannot be found", 0, NULL,
	    "libNVVM cannot be found", { NULL } },
	/* the driver's libcuda.so.1 not found by the loader: a library of
	 * the driver missing (DRIVER-LIB's causes: not installed, not on
	 * the path, a container without the GPU), not a device the runtime
	 * could not see; the same for its development link libcuda.so,
	 * which cuDNN 8 (F4, above) and bindings such as cudarc 0.11 open
	 * by that name */
	{ "DRIVER-LIB", 2, "cannot open shared object file", 1, NULL, "(" P
	    "/)?(libcuda\\.so(\\.1)?)" CANNOT, { NULL, NULL, "missing" } },
	/* libcuda.so.1 is the driver's: without it no CUDA program sees a
	 * GPU, which is NO-DRIVER's failure when the machine has no driver
	 * (a build sandbox, a machine without an NVIDIA GPU) */
	{ "NO-DRIVER", 3, "cannot open shared object file", 1, NULL, "(" P
	    "/)?(libcuda\\.so\\.1)" CANNOT, { NULL, NULL, "missing" } },
	/* cuda-python's loader: "RuntimeError: Failed to dlopen
	 * libcuda.so.1" */
	/* nvdiffrast's OpenGL context on EGL: glvnd found no NVIDIA EGL
	 * (libEGL_nvidia.so.0 or its vendor file 10_nvidia.json missing,
	 * as in a container without the graphics capability) */
	{ "DRIVER-LIB", 3, "eglInitialize() failed", 0, "glutil.cpp:",
	    "eglInitialize\\(\\) failed", { NULL } },
	{ "DRIVER-LIB", 2, "Failed to dlopen ", 0, NULL, "Failed to dlopen "
	    "(libcuda\\.so(\\.1)?)", { NULL, "missing" } },
	{ "NO-DRIVER", 3, "Failed to dlopen ", 0, NULL, "Failed to dlopen "
	    "(libcuda\\.so\\.1)", { NULL, "missing" } },
	/* a binding's own words for the same (Taichi: "[cuda_driver.cpp:
	 * load_lib@36] libcuda.so lib not found.") */
/* a device a program's option may offer that is not CUDA's */
#define NOT_CUDA "(cpu|mps|metal|vulkan|rocm|xpu|npu|opencl)"
#define SM_KERNELS_FOR "capability sm_([0-9]+)[^\n]{0,160}kernels (only )?"\
    "for ((sm_[0-9]+[a-z]?[ ,]*)+)"
/* a probe's answer: "cuda.is_available(): False", the call then "False"
 * on the next line (a Python prompt's answer) */
#define IS_AVAILABLE_FALSE "cuda\\.is_available\\(\\)\\)?(:| returned| is| =| "\
    "==| ->)? *\r?\n?(>>> *)?False\\b"
#define LIBCUDA_NOT_FOUND "(libcuda\\.so(\\.1)?)( lib)? (was )?not found"
	{ "DRIVER-LIB", 2, "libcuda.so", 0, NULL, LIBCUDA_NOT_FOUND,
	    { NULL, "missing" } },
	{ "NO-DRIVER", 3, "libcuda.so", 0, NULL, LIBCUDA_NOT_FOUND,
	    { NULL, "missing" } },
#undef LIBCUDA_NOT_FOUND
	{ "F2", 4, COULD, 0, NULL, COULD " (" CUDNN ")", { NULL, "library" } },
	/* Windows: cuDNN 8's own loader names DLLs; zlibwapi.dll is a
	 * library cuDNN 8 needs and does not ship (NVIDIA's cuDNN 8
	 * installation guide for Windows) */
	{ "F2", 4, COULD, 0, NULL, COULD " (" CUDNN_DLL ")",
	    { NULL, "library" } },
	/* with Windows' error 126 (ERROR_MOD_NOT_FOUND, winerror.h): the
	 * DLL, or one it needs, is not where the loader looks */
	{ "F6", 4, COULD, 0, NULL, COULD " (" CUDNN_DLL ")\\.? *Error code "
	    "126", { NULL, "missing" } },
	{ "F6", 2, "Please make sure", 0, NULL, "Please make sure ("
	    CUDNN_DLL ") is in your library path", { NULL, "missing" } },
	/* cuDNN 8's own loader on Windows without a CUDA library it needs
	 * ("Could not locate cublasLt64_12.dll. Please make sure it is in
	 * your library path!") */
	{ "F5", 2, "Could not locate ", 0, "Please make sure", "Could not "
	    "locate (cu(blas|blasLt|rand|fft|sparse|solver|dart)64_[0-9]+"
	    "(_[0-9]+)?\\.dll)\\. Please make sure it is in your library path",
	    { NULL, "missing" } },
	/* PyTorch's loader on Windows: a cuDNN DLL of its own that could
	 * not be loaded, or one it needs ("[WinError 127] ... Error loading
	 * "...\\torch\\lib\\cudnn_adv_infer64_8.dll" or one of its
	 * dependencies") */
	{ "F2", 2, "cudnn", 0, "or one of its dependencies", "(" CUDNN_DLL
	    ")\" or one of its dependencies", { NULL, "library" } },
	/* Windows' error 127 (ERROR_PROC_NOT_FOUND, winerror.h; the same
	 * number in every language) loading a cuDNN 8 sub-library: it calls
	 * a function its sibling does not export, a sibling of another
	 * release loaded first (two cuDNN 8 sets in one process) */
	{ "F1", 3, "[WinError 127]", 0, NULL, "\\[WinError 127\\][^\n]{0,200}"
	    "(cudnn_[a-z_]+64_8\\.dll)", { NULL, "library" } },
	{ "F2", 2, "zlibwapi.dll", 0, NULL, "zlibwapi\\.dll", { NULL } },
	{ "F6", 2, "Could not locate cudnn", 0, NULL, "Could not locate ("
	    CUDNN_DLL ")", { NULL, "missing" } },
	/* PaddlePaddle's loader (phi/backends/dynload/dynamic_loader.cc) */
	{ "F6", 2, "The third-party dynamic library (", 0, NULL, "The "
	    "third-party dynamic library \\(((lib)?cudnn[^)\n]*)\\) that "
	    "Paddle depends on is not configured correctly",
	    { NULL, "missing" } },
	{ "F13", 3, "The third-party dynamic library (", 0, NULL, "The "
	    "third-party dynamic library \\((" P ")\\) that Paddle depends "
	    "on is not configured correctly", { NULL, "missing" } },
	{ "F8", 3, "unable to find an engine", 0, NULL, "unable to find an "
	    "engine to execute this computation", { NULL } },
	/* PyTorch's convolution (ATen's cudnn/Conv_v7.cpp, try_all()) and
	 * ONNX Runtime's (cuda/nn/conv.cc): every algorithm cuDNN offered
	 * failed, by running out of memory for its workspace or by a cuDNN
	 * error, "Unable to find a valid cuDNN algorithm to run
	 * convolution" */
	{ "F8", 3, "Unable to find a valid cuDNN algorithm", 0, NULL,
	    "Unable to find a valid cuDNN algorithm to run convolution",
	    { NULL } },
	/* cudnn-frontend (PyTorch's cuDNN attention, llm.c) */
	{ "F8", 3, "No execution plans support the graph", 0, NULL,
	    "No execution plans support the graph", { NULL } },
	{ "F8", 3, "No valid execution plans built", 0, NULL, "No valid "
	    "execution plans built", { NULL } },
	{ "F8", 3, "Attempt to open", 0, NULL, "Attempt to open ([a-z_]+) "
	    "failed", { NULL, "library" } },
	/* versions that do not fit */
	{ "F9", 1, "cuDNN version", 0, NULL, "cuDNN version (incompatibility|"
	    "mismatch): PyTorch was compiled[[:space:]]+against \\(([0-9]+), "
	    "([0-9]+), ([0-9]+)\\) but (found runtime version|linked against) "
	    "\\(([0-9]+), ([0-9]+), ([0-9]+)\\)",
	    { NULL, NULL, "compiled", "compiled", "compiled", NULL, "runtime",
	    "runtime", "runtime" } },
	{ "F9", 1, "cuDNN version", 0, NULL, "cuDNN version (incompatibility|"
	    "mismatch): PyTorch was compiled[[:space:]]+against ([0-9]+) but "
	    "linked against ([0-9]+)", { NULL, NULL, "compiled", "runtime" } },
	{ "F10", 1, "Loaded runtime CuDNN library:", 0, NULL, "Loaded runtime "
	    "CuDNN library: " VER "( \\(compatibility version [0-9]+\\))? "
	    "but source was compiled with:? " VER,
	    { NULL, "runtime", NULL, NULL, "compiled" } },
	/* JAX's check of every library it loads (jax/_src/xla_bridge.py's
	 * _check_cuda_versions): another library older than jaxlib's build */
	/* a library's own statement that the copy running is too old for
	 * what it is asked ("The currently running cuFFT version 11203 does
	 * not support LTO callbacks": nvmath-python) */
	{ "LIB-OLDER", 2, "The currently running ", 0, NULL, "The currently "
	    "running (cuFFT|cuBLAS|cuSPARSE|cuSOLVER|cuRAND|cuDNN|NCCL|NVRTC|"
	    "nvJitLink|CUDA( runtime| driver)?) version ([0-9.]+) does not "
	    "support", { NULL, "library", NULL, "loaded" } },
	/* Jitify (libcudf's run-time compilation) checking the NVIDIA
	 * library it loaded: "Dynamically loaded libnvJitLink.so.12 is too
	 * old; it is version 12.2, need at least version 12.9" */
	{ "LIB-OLDER", 1, "Dynamically loaded ", 0, NULL, "Dynamically loaded "
	    "(" NVLIB "\\.so[.0-9]*) is too old;? *it is version ([0-9.]+),? "
	    "*need at least version ([0-9.]+)", { NULL, "library", NULL, NULL,
	    "loaded", "needs" } },
	{ "LIB-OLDER", 1, "Found ", 0, "but JAX was built against version",
	    "Found (cuBLAS|cuSPARSE|cuFFT|cuSOLVER|CUPTI|nvJitLink|NCCL|CUDA"
	    "( runtime)?) version ([0-9]+), but JAX was built against version "
	    "([0-9]+)", { NULL, "library", NULL, "loaded", "built" } },
	/* TensorRT's own check of what it loaded against what it was linked
	 * with, a warning and printed for any difference ("[TRT] [W]
	 * TensorRT was linked against cuDNN 8.9.6 but loaded cuDNN 8.9.2"):
	 * read only when the loaded one is older, and after any failure
	 * beside it */
	{ "F10", 3, "TensorRT was linked against cuDNN ", 0, NULL, "TensorRT "
	    "was linked against cuDNN " VER " but loaded cuDNN " VER,
	    { NULL, "linked", NULL, "runtime" } },
	{ "LIB-OLDER", 3, "TensorRT was linked against cuBLAS", 0, NULL,
	    "TensorRT was linked against (cuBLAS/cuBLAS ?LT|cuBLAS/cuBLASLt|"
	    "cuBLAS) " VER " but loaded [A-Za-z/ ]+ " VER,
	    { NULL, "library", "linked", NULL, "loaded" } },
	{ "F10", 1, "Found cuDNN version", 0, NULL, "Found cuDNN version "
	    "([0-9]+), but JAX was built against version ([0-9]+)",
	    { NULL, "runtime", "compiled" } },
	/* PaddlePaddle's check of the cuDNN it loaded (gpu_resources.cc),
	 * printed only when that one is older than the build's: "The
	 * installed Paddle is compiled with CUDNN 8.4, but CUDNN version in
	 * your machine is 8.0" */
	{ "F10", 1, "The installed Paddle is compiled with CUDNN", 0, NULL,
	    "The installed Paddle is compiled with CUDNN ([0-9]+\\.[0-9]+), "
	    "but CUDNN version in your machine is ([0-9]+\\.[0-9]+)",
	    { NULL, "compiled", "runtime" } },
	{ "F10", 1, "Outdated cuDNN installation found", 0, NULL, "Outdated "
	    "cuDNN installation found\\.[[:space:]]*Version JAX was built "
	    "against: ([0-9]+)[[:space:]]*Minimum supported: ([0-9]+)"
	    "[[:space:]]*Installed version: ([0-9]+)",
	    { NULL, "compiled", NULL, "runtime" } },
	{ "F10", 4, "DNN library", 0, NULL, "DNN library (is not found|"
	    "initialization failed)", { NULL } },
	/* XLA's compiler finding no DNN support on the stream executor, the
	 * same failure one step later ("RET_CHECK failure (.../gpu_compiler.cc
	 * :627) dnn != nullptr") */
	{ "F10", 4, "dnn != nullptr", 0, NULL, "dnn != nullptr", { NULL } },
	{ "F15", 1, "The detected CUDA version", 0, NULL, "The detected CUDA "
	    "version \\(([0-9.]+)\\) mismatches the version that was used to "
	    "compile([[:space:]]+PyTorch \\(([0-9.]+)\\))?",
	    { NULL, "detected", NULL, "compiled" } },
	/* the same raised with its format and arguments apart, as a tuple
	 * ("('The detected CUDA version (%s) mismatches the version that was
	 * used to compilePyTorch (%s). ...', '11.3', '12.8')") */
	{ "F15", 1, "The detected CUDA version (%s)", 0, NULL, "The detected "
	    "CUDA version \\(%s\\) mismatches the version that was used to "
	    "compile *PyTorch \\(%s\\)[^'\"\n]*['\"], *['\"]([0-9.]+)['\"], *"
	    "['\"]([0-9.]+)['\"]", { NULL, "detected", "compiled" } },
	/* PyTorch's check of a device index (c10/cuda) */
	/* the container toolkit given a GPU (an index, a UUID, a MIG device)
	 * that the host does not have: "nvidia-container-cli: device error:
	 * 4: unknown device" */
	{ "CUDA-ORDINAL", 1, "device error: ", 0, "nvidia-container-cli",
	    "device error: ([^:\n]+): unknown device", { NULL, "device" } },
	/* a web UI's start-up check of torch.cuda.is_available():
	 * AUTOMATIC1111's (and its forks') "AssertionError: Torch is not able
	 * to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable
	 * to disable this check", Forge Neo's "RuntimeError: PyTorch is not
	 * able to access CUDA" */
	{ "CUDA-UNAVAILABLE", 2, "Torch is not able to use GPU", 0, NULL,
	    "Torch is not able to use GPU", { NULL } },
	{ "CUDA-UNAVAILABLE", 2, "PyTorch is not able to access CUDA", 0, NULL,
	    "PyTorch is not able to access CUDA", { NULL } },
	/* PyTorch's own warnings when a program asks for CUDA that
	 * is_available() denies, mixed precision turning itself off:
	 * GradScaler's "torch.cuda.amp.GradScaler is enabled, but CUDA is not
	 * available.  Disabling." and autocast's "User provided device_type
	 * of 'cuda', but CUDA is not available. Disabling".  Ranked after a
	 * failure printed beside them, which says more. */
	{ "CUDA-UNAVAILABLE", 3, "but CUDA is not available.", 0, NULL,
	    "but CUDA is not available\\.[[:space:]]+Disabling", { NULL } },
	/* PyTorch's NCCL process group created where torch sees no GPU
	 * (ProcessGroupNCCL.cpp: "ProcessGroupNCCL is only supported with
	 * GPUs, no GPUs found!") */
	{ "CUDA-UNAVAILABLE", 2, "ProcessGroupNCCL is only supported with GPUs",
	    0, NULL, "ProcessGroupNCCL is only supported with GPUs, no GPUs "
	    "found", { NULL } },
	/* vLLM's choice of platform (vllm/platforms/__init__.py,
	 * cuda_platform_plugin): CUDA when NVML starts and counts a GPU and
	 * vLLM is not a CPU build, else no platform and "RuntimeError:
	 * Failed to infer device type" (its troubleshooting FAQ,
	 * vllm-project/vllm#14200); with VLLM_LOGGING_LEVEL=DEBUG it says
	 * which ("CUDA platform is not available because no GPU is found.") */
	{ "CUDA-UNAVAILABLE", 2, "Failed to infer device type", 0, NULL,
	    "Failed to infer device type", { NULL } },
	{ "CUDA-UNAVAILABLE", 2, "CUDA platform is not available because no "
	    "GPU", 0, NULL, "CUDA platform is not available because no GPU "
	    "is found", { NULL } },
	/* vLLM's resolution of its platform when no built-in plugin took
	 * it (vllm/platforms/__init__.py): an info line, "No platform
	 * detected, vLLM is running on UnspecifiedPlatform"; not where an
	 * out-of-tree plugin (Ascend's) is activated after it */
	{ "CUDA-UNAVAILABLE", 3, "No platform detected, vLLM is running on",
	    0, "!Platform plugin ", "No platform detected, vLLM is running "
	    "on UnspecifiedPlatform", { NULL } },
	/* Ollama's discovery of GPUs (gpu.go, later discover/): "no
	 * compatible GPUs were discovered" when it found no CUDA, ROCm or
	 * oneAPI GPU it can use, and it goes on on the CPU.  An info line:
	 * ranked after a failure printed beside it (its cudart loader's) */
	{ "CUDA-UNAVAILABLE", 3, "no compatible GPUs were discovered", 0,
	    NULL, "no compatible GPUs were discovered", { NULL } },
	/* Accelerate asked for fp16 on a device that is not a CUDA GPU:
	 * "ValueError: fp16 mixed precision requires a GPU (not 'cpu')", the
	 * older words without the device; not Apple's 'mps' or a TPU's
	 * 'xla', which have no CUDA to find */
	{ "CUDA-UNAVAILABLE", 3, "mixed precision requires a GPU", 0, NULL,
	    "mixed precision requires a GPU( \\(not 'cpu'\\)|[.!]?[ \t]*"
	    "(\n|$))", { NULL } },
	/* PyTorch's collect_env (torch/utils/collect_env.py): "Is CUDA
	 * available: False" says no without saying why; its "CUDA used to
	 * build PyTorch: None", written where torch.version.cuda is None and
	 * CUDA is not available, is a CPU build (a ROCm build says N/A) */
	{ "CUDA-UNAVAILABLE", 3, "Is CUDA available: False", 0, NULL,
	    "Is CUDA available: False\\b", { NULL } },
	{ "F27", 2, "CUDA used to build PyTorch: None", 0, NULL, "CUDA used "
	    "to build PyTorch: None\\b", { NULL } },
	/* PyTorch's cpp_extension finding a toolkit while torch says no
	 * ("if cuda_home and not torch.cuda.is_available(): ... No CUDA
	 * runtime is found, using CUDA_HOME='/usr/local/cuda'"), in a
	 * build of an extension or at import; last of all: a text with
	 * its own error is about that */
	{ "CUDA-UNAVAILABLE", 4, "No CUDA runtime is found, using CUDA_HOME",
	    0, NULL, "No CUDA runtime is found, using CUDA_HOME=['\"]?"
	    "([^'\"\n]*)", { NULL, "CUDA_HOME" } },
	/* Python's int() on a GPU's or a MIG slice's UUID, where a program
	 * maps CUDA_VISIBLE_DEVICES to device numbers: "ValueError: invalid
	 * literal for int() with base 10:
	 * 'GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc'" (vllm-project/vllm
	 * #13815) */
	{ "CVD-UUID", 1, "invalid literal for int() with base 10: '", 0, NULL,
	    "invalid literal for int\\(\\) with base 10: '((GPU|MIG)-[^'\n]+)'",
	    { NULL, "device" } },
	/* the same variable parsed as a Python literal (ast.literal_eval,
	 * eval): Python shows the UUID it could not read, a caret under it
	 * and "SyntaxError: invalid decimal literal" */
	{ "CVD-UUID", 1, "MIG-", 0, NULL, "(MIG-" UUIDRE ")[ \t]*\r?\n"
	    "[ \t]*\\^+[ \t]*\r?\n[ \t]*SyntaxError", { NULL, "device" } },
	{ "CVD-UUID", 1, "GPU-", 0, NULL, "(GPU-" UUIDRE ")[ \t]*\r?\n"
	    "[ \t]*\\^+[ \t]*\r?\n[ \t]*SyntaxError", { NULL, "device" } },
	{ "CUDA-ORDINAL", 2, "device < num_gpus INTERNAL ASSERT FAILED", 0,
	    NULL, "device < num_gpus INTERNAL ASSERT FAILED", { NULL } },
	/* torch.load of tensors saved on a GPU this process does not see
	 * (torch/serialization.py's validate_cuda_device): "Attempting to
	 * deserialize object on CUDA device 1 but torch.cuda.device_count()
	 * is 1" */
	/* PyTorch Lightning's parser of the GPUs asked for, against the ones
	 * torch sees: "You requested gpu: [0]\n But your machine only has:
	 * []" (none: torch cannot use CUDA), or a list without the one asked
	 * for (its GPUs: [0]) */
	{ "CUDA-UNAVAILABLE", 2, "You requested gpu", 0, "!xpu", "You requested "
	    "gpus?: *\\[[0-9, ]*\\][[:space:]]*But your machine only has: "
	    "*\\[\\]", { NULL } },
	{ "CUDA-ORDINAL", 2, "You requested gpu", 0, "!xpu", "You requested "
	    "gpus?: *\\[([0-9, ]*)\\][[:space:]]*But your machine only has: "
	    "*\\[([0-9][0-9, ]*)\\]", { NULL, "device", "visible" } },
	{ "CUDA-ORDINAL", 2, "Attempting to deserialize object on CUDA device ",
	    0, NULL, "Attempting to deserialize object on CUDA device "
	    "([0-9]+) but torch\\.cuda\\.device_count\\(\\) is ([0-9]+)",
	    { NULL, "device", "visible" } },
	/* an extension's build that finds the toolkit (nvcc, CUDA_HOME)
	 * older than it needs: FlashAttention's setup.py ("FlashAttention is
	 * only supported on CUDA 11.6 and above.  Note: make sure nvcc has a
	 * supported version"), FlashInfer's JIT beside its CUDA_HOME ("SM
	 * 12.x requires CUDA >= 12.9") */
	{ "F15", 2, "is only supported on CUDA ", 0, "nvcc", "is only "
	    "supported on CUDA " VER " and above", { NULL, "needed" } },
	{ "F15", 2, "requires CUDA >= ", 0, "CUDA_HOME", "requires CUDA >= "
	    VER, { NULL, "needed" } },
	/* NVIDIA Apex's setup.py (check_cuda_torch_binary_vs_bare_metal):
	 * "Cuda extensions are being compiled with a version of Cuda that
	 * does not match the version used to compile Pytorch binaries.
	 * Pytorch binaries were compiled with Cuda 12.1." */
	{ "F15", 1, "Cuda extensions are being compiled with a version", 0,
	    NULL, "Cuda extensions are being compiled with a version of Cuda "
	    "that does not match the version used to compile Pytorch "
	    "binaries\\.([[:space:]]+Pytorch binaries were compiled with "
	    "Cuda ([0-9.]+[0-9]))?", { NULL, NULL, "compiled" } },
	/* DeepSpeed's op builder (op_builder/builder.py) */
	{ "F15", 1, "Installed CUDA version", 0, NULL, "Installed CUDA "
	    "version ([0-9.]+) does not match the version torch was compiled "
	    "with ([0-9.]+)", { NULL, "detected", "compiled" } },
	/* the driver */
	/* a driver API function newer than the driver (cuCtxCreate_v4 needs
	 * the driver of CUDA 12.5): the program was bound to a newer one */
	/* NVIDIA Warp's banner: the CUDA it generates code with and the
	 * driver's, the toolkit newer ("CUDA Toolkit 12.8, Driver 12.4":
	 * its kernels' PTX is newer than the driver can load); explain.c
	 * keeps it only when the toolkit's release is the later */
	{ "F16", 2, "CUDA Toolkit ", 0, NULL, "CUDA Toolkit ([0-9]+\\.[0-9]+), "
	    "Driver ([0-9]+\\.[0-9]+)", { NULL, "toolkit", "driver cuda" } },
	{ "F16", 2, "libcuda.so.1: undefined symbol: cu", 0, NULL,
	    "libcuda\\.so\\.1: undefined symbol: (cu[A-Za-z0-9_]+)",
	    { NULL, "symbol" } },
	/* NVML only adds functions (a new version of one is a new name:
	 * nvmlDeviceGetMemoryInfo_v2): one the driver's libnvidia-ml.so.1
	 * lacks is of a newer driver than this (pynvml on SageMaker's 470) */
	{ "F16", 2, "libnvidia-ml.so.1: undefined symbol: nvml", 0, NULL,
	    "libnvidia-ml\\.so\\.1: undefined symbol: (nvml[A-Za-z0-9_]+)",
	    { NULL, "symbol" } },
	/* a function of the driver API that the libcuda loaded lacks, at
	 * run time ("common_ops.abi3.so: undefined symbol:
	 * cuGreenCtxDestroy"): one that came with a CUDA after 11.0
	 * (cudaTypedefs.h's release of it; explain.c keeps this reading
	 * only for those) needs a driver of that CUDA; an older one
	 * unresolved is a library linked without -lcuda (LINK-LIBCUDA) */
	{ "F16", 2, "undefined symbol:", 0, NULL, SYMBOL "(" DRVAPI ")"
	    "[\"'`]?([ \t,\n]|$)", { NULL, "driver function" } },
	/* the runtime's and the driver's answer for a driver function asked
	 * for by name (cudaGetDriverEntryPoint's
	 * cudaDriverEntryPointQueryResult, cuGetProcAddress's
	 * CUdriverProcAddressQueryResult), printed with the function:
	 * XGBoost's "Check failed: status == cudaDriverEntryPointSuccess:
	 * cuMemBatchDecompressAsync" */
	{ "F16", 2, "cudaDriverEntryPoint", 0, NULL, "cudaDriverEntryPoint"
	    "(Success|SymbolNotFound|VersionNotSuffici?ent)[^\n]{0,40}"
	    "[^A-Za-z0-9_](" DRVAPI ")\\b", { NULL, NULL, "driver function" } },
	{ "F16", 2, "CU_GET_PROC_ADDRESS_", 0, NULL, "CU_GET_PROC_ADDRESS_"
	    "(SUCCESS|SYMBOL_NOT_FOUND|VERSION_NOT_SUFFICIENT)[^\n]{0,40}"
	    "[^A-Za-z0-9_](" DRVAPI ")\\b", { NULL, NULL, "driver function" } },
	/* a program's own loader of the driver API (Taichi's
	 * DynamicLoader: "Function cuDeviceGetDefaultMemPool not found") */
	{ "F16", 2, "Function cu", 0, NULL, "Function (" DRVAPI ") not "
	    "found", { NULL, "symbol" } },
	/* numba's binding asks the driver for an entry point it lacks */
	{ "F16", 2, "Driver missing function: ", 0, NULL, "Driver missing "
	    "function: *(cu[A-Za-z0-9_]+)", { NULL, "symbol" } },
	{ "F16", 1, "CUDA driver version is insufficient", 0, NULL,
	    "CUDA driver version is insufficient for CUDA runtime version",
	    { NULL } },
	{ "F16", 1, "cudaErrorInsufficientDriver", 0, NULL,
	    "cudaErrorInsufficientDriver", { NULL } },
	{ "F16", 1, "CUDA_ERROR_INSUFFICIENT_DRIVER", 0, NULL,
	    "CUDA_ERROR_INSUFFICIENT_DRIVER", { NULL } },
	/* NVIDIA's NGC containers' start-up check (PyTorch, TensorFlow,
	 * Triton, TensorRT-LLM images): "This container was built for
	 * NVIDIA Driver Release 535.86 or later, but version 510.85.02 was
	 * detected and compatibility mode is UNAVAILABLE." */
	{ "F16", 1, "This container was built for NVIDIA Driver Release", 0,
	    NULL, "This container was built for NVIDIA Driver Release "
	    "([0-9.]+) or later, but[[:space:]]+version ([0-9.]+) was "
	    "detected", { NULL, "driver_min", "driver_found" } },
	{ "F16", 1, "The NVIDIA driver on your system is too old", 0, NULL,
	    "The NVIDIA driver on your system is too old \\(found version "
	    "([0-9]+)\\)", { NULL, "driver_cuda" } },
	{ "F16", 2, "The NVIDIA driver on your system is too old", 0, NULL,
	    "The NVIDIA driver on your system is too old", { NULL } },
	/* the container toolkit's check of an image's NVIDIA_REQUIRE_CUDA
	 * against the host's driver (libnvidia-container) */
	{ "F16", 1, "unsatisfied condition: cuda", 0, NULL, "unsatisfied "
	    "condition: cuda *>=? *([0-9.]+)", { NULL, "requires" } },
	/* Ollama (its cudart loader), CUDA.jl */
	{ "F16", 2, "your nvidia driver is too old", 0, NULL, "your nvidia "
	    "driver is too old", { NULL } },
	/* a program's own minimum driver (OBS: "The minimum required
	 * Nvidia driver for nvenc is 471.41 or newer") */
	{ "F16", 2, "minimum required nvidia driver", 0, NULL, "minimum "
	    "required nvidia driver[^\n]{0,40} is ([0-9]+\\.[0-9.]+)",
	    { NULL, "needs" } },
	/* FFmpeg's words where it does not know the NVENC API the driver
	 * lacks ("The minimum required Nvidia driver for nvenc is (unknown)
	 * or newer") */
	{ "F16", 2, "minimum required nvidia driver for nvenc is (unknown)", 0,
	    NULL, "minimum required nvidia driver for nvenc is \\(unknown\\)",
	    { NULL } },
	/* Mojo/MAX: "requires a minimum driver version of 580 and CUDA
	 * version 13.0. Your driver version is 570.211.01" */
	{ "F16", 2, "minimum driver version", 0, NULL, "minimum driver "
	    "version (of |is )?([0-9]+(\\.[0-9]+)*)", { NULL, NULL, "needs" } },
	{ "F16", 1, "CUDA driver ", 0,
	    NULL, "CUDA driver ([0-9.]+) is not compatible with any supported "
	    "CUDA toolkit", { NULL, "driver_cuda" } },
	/* the HPC SDK's compilers (nvfortran, nvc++) choose the CUDA of the
	 * driver they find: "nvfortran-Error-A CUDA toolkit matching the
	 * current driver version (0) or a supported older version (11.8)
	 * was not installed with this HPC SDK" (MFC#687: a login node
	 * without a driver, version 0); a driver's version the SDK's CUDA
	 * releases are all newer than */
	{ "NO-DRIVER", 1, "matching the current driver version (0)", 0, NULL,
	    "matching the current driver version \\(0\\)[^\n]*was not "
	    "installed", { NULL } },
	{ "F16", 2, "matching the current driver version (", 0, NULL,
	    "matching the current driver version \\(([1-9][0-9]*"
	    "(\\.[0-9]+)?)\\)[^\n]*was not installed", { NULL, "driver_cuda" } },
	/* FFmpeg's NVENC (libavcodec/nvenc.c): "Driver does not support
	 * the required nvenc API version. Required: 12.2 Found: 12.1", read
	 * from its last words, as people retype it too ("driver does not
	 * support required nvenc api. required 12.2 found 12.1") */
	{ "F16", 2, "required nvenc API", 0, NULL, "required nvenc API"
	    "( version)?(\\.+ *\\(?Required:? *([0-9.]+),? *Found:? *"
	    "([0-9.]+))?", { NULL, NULL, NULL, "requires", "found" } },
	/* NVENC's NV_ENC_ERR_INVALID_VERSION (15, nvEncodeAPI.h), as
	 * ffmpeg names it: the driver's encoder API is older than the SDK
	 * the program was built with */
	{ "F16", 2, "_nvenc @", 1, "invalid version (15)", "(h264|hevc|av1)"
	    "_nvenc @ [^]\n]*\\][^\n]*: invalid version \\(15\\)",
	    { NULL, NULL } },
	/* OBS Studio's NVENC probe (obs-nvenc-test's report) and its
	 * encoder's words for an NVENC API function the driver lacks */
	{ "F16", 2, "reason=outdated_driver", 0, NULL,
	    "reason=outdated_driver", { NULL } },
	{ "F16", 2, "Failed to open NVENC code", 0, NULL, "Failed to open "
	    "NVENC codec?: *Function not implemented", { NULL } },
	{ "F17", 1, "forward compatibility was attempted", 0, NULL,
	    "forward compatibility was attempted on non supported HW",
	    { NULL } },
	{ "F17", 1, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", 0, NULL,
	    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", { NULL } },
	{ "F17", 1, "cudaErrorCompatNotSupportedOnDevice", 0, NULL,
	    "cudaErrorCompatNotSupportedOnDevice", { NULL } },
	/* Fabric Manager on NVLink 5 (HGX B200) reaches the NVSwitches
	 * through InfiniBand's management datagrams (ib_umad): its start
	 * script's "Kernel module "ib_umad" has not been loaded, fabric
	 * manager cannot be started", nvlsm's "is ib_umad module loaded?" */
	{ "F18", 1, "fabric manager cannot be started", 0, NULL, "fabric "
	    "manager cannot be started", { NULL } },
	{ "F18", 2, "is ib_umad module loaded", 0, "nvlsm", "is ib_umad "
	    "module loaded", { NULL } },
	/* Fabric Manager refusing a driver of another version than its own
	 * ("fabric manager NVIDIA GPU driver interface version 530.30.02
	 * don't match with driver version 530.41.03") */
	{ "F18", 1, "fabric manager NVIDIA GPU driver interface version", 0,
	    NULL, "fabric manager NVIDIA GPU driver interface version "
	    "([0-9.]+) (don't|do not|does not) match with driver version "
	    "([0-9.]+)", { NULL, "fabric manager", NULL, "driver" } },
	/* Fabric Manager's own log when it could not bring the fabric up */
	{ "F18", 2, "failed to configure all the available GPUs or NVSwitches",
	    0, NULL, "failed to configure all the available GPUs or "
	    "NVSwitches", { NULL } },
	{ "F18", 1, "system not yet initialized", 0, NULL,
	    "system not yet initialized", { NULL } },
	{ "F18", 1, "CUDA_ERROR_SYSTEM_NOT_READY", 0, NULL,
	    "CUDA_ERROR_SYSTEM_NOT_READY", { NULL } },
	{ "F18", 1, "cudaErrorSystemNotReady", 0, NULL,
	    "cudaErrorSystemNotReady", { NULL } },
	/* NVML's own words for NVML_ERROR_LIB_RM_VERSION_MISMATCH, in any
	 * wrapper's order */
	{ "F19", 2, "Driver/library version mismatch", 0, NULL,
	    "Driver/library version mismatch", { NULL } },
	/* a PTX newer than the driver's JIT, in a program's own words */
	{ "F16", 2, "PTX was compiled with an unsupported toolchain", 0,
	    NULL, "PTX was compiled with an unsupported toolchain",
	    { NULL } },
	/* XLA's ptxas newer than the driver (pip's nvidia-cuda-nvcc over an
	 * older driver): it warns and compiles serially; its older releases
	 * said "the ptxas CUDA version" */
	{ "F16", 2, "which is older than the ", 1, NULL, "([0-9]+\\.[0-9]+) "
	    "which is older than the (PTX compiler|ptxas CUDA) version "
	    "\\(?([0-9]+(\\.[0-9]+)+)", { NULL, "driver cuda", NULL,
	    "ptxas" } },
	{ "F19", 1, "Failed to initialize NVML: Driver/library version "
	    "mismatch", 0, NULL, "Failed to initialize NVML: Driver/library "
	    "version mismatch([[:space:]]*NVML library version: ([0-9.]+))?",
	    { NULL, NULL, "nvml" } },
	/* the kernel's log: the module refuses a client of another version */
	{ "F19", 1, "NVRM: API mismatch", 0, NULL, "NVRM: API mismatch: the "
	    "client has the version ([0-9.]+), but[^.]{1,80}this kernel "
	    "module has the version ([0-9]+(\\.[0-9]+)*)",
	    { NULL, "client", "module" } },
	/* a packaging step's own check that the kernel module and the
	 * user-space driver are one release ("kmod-nvidia version
	 * (575.64.03-1.fc42) does not match nvidia-driver version
	 * (575.64.05-1.fc42)") */
	{ "F19", 2, "version (", 0, "nvidia", "version \\((" DRVVER ")[^)\n]*\\) "
	    "does not match [^\n]{0,60}version \\((" DRVVER ")",
	    { NULL, "version", NULL, "other version" } },
	/* the container toolkit's own NVML call */
	{ "F19", 1, "nvml error: driver/library version mismatch", 0, NULL,
	    "nvml error: driver/library version mismatch", { NULL } },
	{ "F20", 1, "NVIDIA driver is not loaded", 0, NULL, "NVIDIA driver "
	    "is not loaded", { NULL } },
	/* the open module on a GPU it does not drive by default */
	{ "F20", 1, "Open nvidia.ko is only ready for use on", 0, NULL,
	    "Open nvidia\\.ko is only ready for use on Data Center GPUs",
	    { NULL } },
	/* the module loaded and the GPU did not come up: RM's adapter
	 * initialisation, and its GSP firmware check (the firmware under
	 * /lib/firmware/nvidia/VERSION must be the module's own) */
	/* the GPU's own sense of its auxiliary power: NVRM's "GPU does not
	 * have the necessary power cables connected." (its
	 * NV_ERR_INSUFFICIENT_POWER), before RmInitAdapter fails */
	{ "GPU-INIT", 1, "necessary power cables connected", 0, NULL,
	    "necessary power cables connected", { NULL } },
	{ "GPU-INIT", 2, "RmInitAdapter failed", 0, NULL, "RmInitAdapter "
	    "failed!? *(\\(0x[0-9a-fA-F]+:0x[0-9a-fA-F]+:[0-9]+\\))?",
	    { NULL, "status" } },
	{ "GPU-INIT", 1, "GSP firmware image version mismatch", 0, NULL, "GSP "
	    "firmware image version mismatch:?[[:space:]]*got version "
	    "([0-9.]+), expected version ([0-9.]+)",
	    { NULL, "firmware", "module" } },
	{ "GPU-INIT", 2, "Error preparing GSP-RM image", 0, NULL,
	    "Error preparing GSP-RM image", { NULL } },
	/* NVRM's refusals of a GPU the module will not drive: the open
	 * module on a GPU without a GSP (before Turing), a release that
	 * left the GPU to a legacy branch (both ranked before nvidia-smi's
	 * failing, which they explain), and the GSP firmware file the
	 * module asks for not installed (-2 is ENOENT) */
	{ "GPU-INIT", 0, "does not include the required GPU", 0, "nvidia.ko",
	    "does not include the required GPU", { NULL } },
	{ "GPU-INIT", 0, "Legacy drivers", 1, NULL, "([0-9]+\\.xx) Legacy "
	    "drivers", { NULL, "branch" } },
	{ "GPU-INIT", 1, "installed in this system is not supported by",
	    0, NULL, "installed in this system is not supported by "
	    "(the[[:space:]]+(NVRM:[[:space:]]+)?NVIDIA ([0-9.]+) driver "
	    "release|open)", { NULL, NULL, NULL, "driver" } },
	{ "GPU-INIT", 2, "driver will ignore this GPU", 0, NULL, "driver will "
	    "ignore this GPU", { NULL } },
	/* the proprietary module on a GPU only the open one drives
	 * (Blackwell), and a GPU whose memory the firmware did not map */
	{ "GPU-INIT", 0, "requires use of the NVIDIA open kernel modules", 0,
	    NULL, "requires use of the NVIDIA open kernel modules", { NULL } },
	{ "GPU-INIT", 1, "PCI I/O region assigned to your NVIDIA device is "
	    "invalid", 0, NULL, "PCI I/O region assigned to your NVIDIA device "
	    "is invalid", { NULL } },
	/* another kernel driver holds the GPU (nouveau, nova_core,
	 * vfio-pci for a virtual machine) */
	{ "F20", 1, "is already bound to ", 0, "NVRM", "is already bound to "
	    "([A-Za-z0-9_-]+)", { NULL, "driver" } },
	{ "GPU-INIT", 1, "Direct firmware load for nvidia/", 0, NULL, "Direct "
	    "firmware load for (nvidia/[0-9.]+/gsp_[a-z0-9_]+\\.bin) failed "
	    "with error -2", { NULL, "firmware" } },
	/* the kernel module's probe of the GPU failing ("NVRM: The NVIDIA
	 * probe routine failed for 1 device(s)", "NVRM: None of the NVIDIA
	 * devices were initialized") */
	{ "GPU-INIT", 2, "The NVIDIA probe routine failed", 0, NULL, "The "
	    "NVIDIA probe routine failed", { NULL } },
	{ "GPU-INIT", 2, "None of the NVIDIA devices were initialized", 0,
	    NULL, "None of the NVIDIA devices were initialized", { NULL } },
	/* the same adapter's failure as the module's open path reports it
	 * ("NVRM: GPU 0000:01:00.0: rm_init_adapter failed, device minor
	 * number 0"), and the module loaded with no GPU it drives ("NVRM:
	 * No NVIDIA GPU found.") */
	{ "GPU-INIT", 2, "rm_init_adapter failed", 0, NULL, "rm_init_adapter "
	    "failed", { NULL } },
	{ "GPU-INIT", 2, "No NVIDIA GPU found", 0, "NVRM", "No NVIDIA GPU "
	    "found", { NULL } },
	/* the X server's NVIDIA driver, which needs the kernel module:
	 * "(EE) NVIDIA(0): Failed to initialize the NVIDIA kernel module." */
	{ "F20", 2, "Failed to initialize the NVIDIA kernel module", 0, NULL,
	    "Failed to initialize the NVIDIA kernel module", { NULL } },
	/* nvidia-smi and NVML's users naming a GPU that fell off ("Unable to
	 * determine the device handle for gpu 0000:3B:00.0: GPU is lost.
	 * Reboot the system to recover this GPU") */
	{ "GPU-LOST", 1, "Unable to determine the device handle for ", 0, NULL,
	    "Unable to determine the device handle for (gpu |GPU)?"
	    "([0-9A-Fa-f:.]+): GPU is lost", { NULL, NULL, "pci" } },
	/* NVML's own words for NVML_ERROR_GPU_IS_LOST after any prefix of
	 * its users' ("Failed to query GPU: GPU is lost") */
	{ "GPU-LOST", 2, "GPU is lost", 0, NULL, "GPU is lost", { NULL } },
	{ "F20", 2, "RmInitAdapter failed", 0, NULL, "RmInitAdapter failed",
	    { NULL } },
	/* the container engine on the host looking up a device node it was
	 * told to pass ("--device /dev/nvidia-uvm"): the node is missing on
	 * the host, so no module made it (Docker: "error gathering device
	 * information while adding custom device \"/dev/nvidia-uvm\": no
	 * such file or directory") */
	{ "F20", 2, "while adding custom device", 0, NULL, "while adding "
	    "custom device \"?(/dev/nvidia[a-z0-9-]*)\"?: no such file or "
	    "directory", { NULL, "device" } },
	/* the Vulkan loader: NVIDIA's ICD library loaded, but it hands out
	 * no vkCreateInstance, as it does with no NVIDIA kernel driver to
	 * talk to (nouveau bound to the GPU, the module not loaded) */
	{ "F20", 3, "Could not get 'vkCreateInstance'", 0, NULL, "Could not "
	    "get 'vkCreateInstance' via '[A-Za-z_]+' for ICD "
	    "(libGLX_nvidia\\.so\\.0|libnvidia-vulkan[^ \n]*)",
	    { NULL, "library" } },
	/* kmod's words when the module does not load, or none is installed
	 * for the running kernel */
	{ "F20", 2, "modprobe: FATAL: Module nvidia", 0, NULL, "modprobe: "
	    "FATAL: Module " NV_KMOD " not found", { NULL, NV_KMOD_GROUPS } },
	{ "F20", 2, "Failed to insert module 'nvidia", 0, NULL, "Failed to "
	    "insert module '" NV_KMOD "'", { NULL, NV_KMOD_GROUPS } },
	/* modprobe refused by the kernel ("modprobe: ERROR: could not insert
	 * 'nvidia': Operation not permitted": lockdown or Secure Boot
	 * refusing an unsigned module, or no right to load modules) */
	{ "F20", 2, "could not insert 'nvidia", 0, NULL, "could not insert "
	    "'" NV_KMOD "'", { NULL, NV_KMOD_GROUPS } },
	/* the kernel's module loader on a module built for another kernel:
	 * a symbol's CRC (modversions) or the version magic is not the
	 * running kernel's ("nvidia: disagrees about version of symbol
	 * module_layout", "nvidia: version magic '6.5.0-28-generic SMP ...'
	 * should be '6.8.0-40-generic SMP ...'") */
	{ "F20", 2, "disagrees about version of symbol", 1, NULL, NV_KMOD
	    ": disagrees about version of symbol", { NULL, NV_KMOD_GROUPS } },
	{ "F20", 2, "version magic '", 1, NULL, NV_KMOD ": version magic "
	    "'([^' \n]+)[^'\n]*' should be '([^' \n]+)", { NULL,
	    NV_KMOD_GROUPS, "built for", "kernel" } },
	/* and a symbol the running kernel (or a module it needs, not
	 * loaded: insmod loads none) does not export (kernel/module's
	 * "nvidia_drm: Unknown symbol drm_fbdev_generic_setup (err -2)") */
	{ "F20", 2, "Unknown symbol ", 1, NULL, NV_KMOD ": Unknown symbol "
	    "([A-Za-z0-9_]+)", { NULL, NV_KMOD_GROUPS, "symbol" } },
	/* GPUDirect RDMA's module, not the driver's own (NV_KMOD leaves it
	 * out): the kernel's words for a symbol of another build, or none,
	 * and modprobe's for the refusal */
	KMOD_REFUSED("PEERMEM", "nvidia_peermem|nv_peer_mem"),
	/* GPUDirect Storage's module (nvidia-fs, NVIDIA/gds-nvidia-fs), not
	 * the driver's own either: the kernel's words for a symbol it needs
	 * ("nvidia_fs: Unknown symbol nvidia_p2p_dma_map_pages (err -2)",
	 * gds-nvidia-fs#34) or another build's, modprobe's refusal, and
	 * libcufile's own lines in cufile.log ("cufio-drv:716 nvidia-fs.ko
	 * driver not loaded", "cufio-fs:204 NVMe Driver not registered with
	 * nvidia-fs!!!": gds-nvidia-fs#31, #19) */
	KMOD_REFUSED("GDS-DRIVER", "nvidia_fs|nvidia-fs"),
	{ "GDS-DRIVER", 1, "nvidia-fs.ko driver not loaded", 0, NULL,
	    "(nvidia-fs)\\.ko driver (not loaded)", { NULL, "module",
	    "not loaded" } },
	{ "GDS-DRIVER", 2, "Driver not registered with nvidia-fs", 1, NULL,
	    "([A-Za-z]+) Driver not registered with nvidia-fs",
	    { NULL, "device driver" } },
	/* nvidia-installer's own words when the module it built does not
	 * load (Secure Boot, nouveau, a kernel of other sources) */
	{ "F20", 2, "Unable to load the kernel module", 0, NULL, "Unable to "
	    "load the kernel module '" NV_KMOD "\\.ko'", { NULL,
	    NV_KMOD_GROUPS } },
	/* and for a module it loads after the first ("ERROR: Unable to load
	 * the 'nvidia-drm' kernel module.") */
	{ "F20", 2, "Unable to load the 'nvidia", 0, NULL, "Unable to load "
	    "the '" NV_KMOD "' kernel module", { NULL, NV_KMOD_GROUPS } },
	/* a module of the driver that will not unload: kmod's "rmmod:
	 * ERROR: Module nvidia_uvm is in use", the driver containers' */
	{ "GPU-HELD", 1, "Module nvidia", 0, NULL, "Module (nvidia[a-z_-]*) "
	    "is in use", { NULL, "module" } },
	{ "GPU-HELD", 1, "Could not unload NVIDIA driver kernel modules", 0,
	    NULL, "Could not unload NVIDIA driver kernel modules", { NULL } },
	/* nvidia-smi's refused GPU reset (mig-parted prints it too) */
	{ "GPU-HELD", 1, "could not be reset", 1, NULL, "GPUs? could not be "
	    "reset", { NULL } },
	/* nvidia-smi --gpu-reset with a process on the GPU ("Unable to reset
	 * this GPU because it's being used by some other process (e.g. CUDA
	 * application, ...)"), and NVML's own words for NVML_ERROR_IN_USE
	 * after its callers' ("Error: GPU 00000000:17:00.0: In use by
	 * another client": a MIG mode change, a reset) */
	{ "GPU-HELD", 1, "Unable to reset this GPU because", 0, NULL,
	    "Unable to reset this GPU because it's being used", { NULL } },
	{ "GPU-HELD", 2, "In use by another client", 0, NULL, "In use by "
	    "another client", { NULL } },
	{ "GPU-HELD", 1, "currently being used by one or more other", 0, NULL,
	    "currently being used by one or more other[[:space:]]+processes",
	    { NULL } },
	/* Fabric Manager without an NVSwitch to manage */
	{ "FM-NO-NVSWITCH", 1, "NV_WARN_NOTHING_TO_DO", 0, "NVSwitch",
	    "NV_WARN_NOTHING_TO_DO", { NULL } },
	/* the kernel's oops with its instruction pointer in a module of the
	 * driver ("RIP: 0010:_raw_q_schedule+0x2f/0xb0 [nvidia_uvm]") */
	{ "KMOD-OOPS", 1, "RIP: ", 0, NULL, "RIP: *([0-9a-f]{4}:)?"
	    "([A-Za-z0-9_.]+)\\+0x[0-9a-f]+/0x[0-9a-f]+ \\[(nvidia[a-z_-]*)\\]",
	    { NULL, NULL, "function", "module" } },
	/* the container toolkit's RPC to the driver, and the daemon's own
	 * words when it does not start */
	{ "PERSISTENCED", 2, "driver rpc error", 0, NULL, "driver rpc error",
	    { NULL } },
	{ "PERSISTENCED", 1, "nvidia-persistenced failed to initialize", 0,
	    NULL, "nvidia-persistenced failed to initialize", { NULL } },
	/* its socket, which a container's spec mounts (the toolkit's CDI
	 * spec lists it when the daemon ran as it was made), gone: runc's
	 * "failed to fulfil mount request: open
	 * /run/nvidia-persistenced/socket: no such file or directory" */
	{ "PERSISTENCED", 2, "nvidia-persistenced/socket", 0, NULL,
	    "nvidia-persistenced/socket:? no such file or directory",
	    { NULL } },
	/* its user, which the driver's package creates, missing ("ERROR:
	 * Failed to find user ID of user 'nvidia-persistenced'") */
	{ "PERSISTENCED", 1, "Failed to find user ID of user", 0, NULL,
	    "Failed to find user ID of user '?nvidia-persistenced", { NULL } },
	/* the kernel refusing an unsigned module under Secure Boot, in
	 * modprobe's and nvidia-installer's words */
	{ "F20", 2, "Key was rejected by service", 0, "nvidia", "Key was "
	    "rejected by service", { NULL } },
	{ "F20", 2, "Required key not available", 0, "nvidia", "Required key "
	    "not available", { NULL } },
	{ "F20", 2, "Kernel module load error", 0, "Secure Boot", "Kernel "
	    "module load error: Operation not permitted", { NULL } },
	/* nvidia-smi with a driver and no GPU it can see */
	{ "NO-DRIVER", 3, "No devices were found", 0, NULL, "No devices were "
	    "found", { NULL } },
	/* the text shows the run with CUDA_VISIBLE_DEVICES hiding every GPU:
	 * set empty or -1 before a command, in an environment's listing, or
	 * by Python's os.environ */
	{ "NO-DRIVER", 2, "CUDA_VISIBLE_DEVICES", 0, NULL, "(CUDA_VISIBLE_"
	    "DEVICES([\"']\\])? *= *(\"\"|''|\"-1\"|'-1'|-1))([^0-9A-Za-z_]|$)",
	    { NULL, "setting" } },
	{ "F20", 1, "NVIDIA-SMI has failed because it couldn", 0, NULL,
	    "NVIDIA-SMI has failed because it couldn.{1,3}t communicate with "
	    "the NVIDIA driver", { NULL } },
	/* the same words when the module is loaded and will not drive the
	 * GPU, which F20's meaning names too: a GPU the driver's branch no
	 * longer supports, the open module on a GPU before Turing, a vGPU
	 * or a GeForce card under a driver made for the other */
	{ "GPU-INIT", 2, "NVIDIA-SMI has failed because it couldn", 0, NULL,
	    "NVIDIA-SMI has failed because it couldn.{1,3}t communicate with "
	    "the NVIDIA driver", { NULL } },
	{ "F20", 2, "NVRM: The NVIDIA probe routine was not called", 0, NULL,
	    "NVRM: The NVIDIA probe routine was not called", { NULL } },
	/* NVML's NVML_ERROR_DRIVER_NOT_LOADED (9), whose nvmlErrorString()
	 * is "Driver Not Loaded": pynvml's NVMLError_DriverNotLoaded (wookayin/
	 * gpustat#110), nvml-wrapper's DriverNotLoaded (damomine/aleominer#14) */
	{ "F20", 1, "NVML_ERROR_DRIVER_NOT_LOADED", 0, NULL,
	    "NVML_ERROR_DRIVER_NOT_LOADED", { NULL } },
	{ "F20", 1, "NVMLError_DriverNotLoaded", 0, NULL,
	    "NVMLError_DriverNotLoaded", { NULL } },
	{ "F20", 2, "nvml: DriverNotLoaded", 0, NULL,
	    "[Nn][Vv][Mm][Ll]: DriverNotLoaded", { NULL } },
	{ "F20", 2, "Driver Not Loaded", 0, NULL, "Driver Not Loaded",
	    { NULL } },
	/* NVML's start failing without its reason: PyTorch's count of
	 * devices (torch/cuda/__init__.py, _raw_device_count_nvml(): "Can't
	 * initialize NVML" when nvmlInit() does not return 0, then it asks
	 * the CUDA runtime), a program's bare "Failed to initialize NVML";
	 * nvidia-smi's own words always name the reason (F19, CTR-CGROUP,
	 * CTR-PERM).  Ranked after a failure printed beside them. */
	{ "NO-DRIVER", 3, "Can't initialize NVML", 0, NULL, "Can't "
	    "initialize NVML[.!]?[ \t]*(\n|$)", { NULL } },
	{ "NO-DRIVER", 3, "Failed to initialize NVML", 0, NULL, "Failed to "
	    "initialize NVML[.!]?[ \t]*(\n|$)", { NULL } },
	{ "CUDA-803", 1, "unsupported display driver / cuda driver "
	    "combination", 0, NULL, "unsupported display driver / cuda driver "
	    "combination", { NULL } },
	/* Ollama's GPU discovery, for CUDA_ERROR_INSUFFICIENT_DRIVER or
	 * CUDA_ERROR_SYSTEM_DRIVER_MISMATCH from the libcuda it loaded
	 * (its gpu.go: "version mismatch between driver and cuda
	 * driver library - reboot or upgrade may be required: library
	 * PATH") */
	{ "CUDA-803", 1, "version mismatch between driver and cuda driver "
	    "library", 0, NULL, "version mismatch between driver and cuda "
	    "driver library", { NULL } },
	{ "CUDA-803", 1, "cudaErrorSystemDriverMismatch", 0, NULL,
	    "cudaErrorSystemDriverMismatch", { NULL } },
	{ "CUDA-803", 1, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", 0, NULL,
	    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", { NULL } },
	{ "CUDA-999", 2, "CUDA error: unknown error", 0, NULL,
	    "CUDA error: unknown error", { NULL } },
	/* PyTorch's wording (c10/cuda/CUDAFunctions.cpp) */
	{ "CUDA-999", 2, "CUDA unknown error", 0, NULL, "CUDA unknown error",
	    { NULL } },
	{ "CUDA-999", 2, "cudaErrorUnknown", 0, NULL, "cudaErrorUnknown",
	    { NULL } },
	{ "CUDA-999", 2, "CUDA_ERROR_UNKNOWN", 0, NULL, "CUDA_ERROR_UNKNOWN",
	    { NULL } },
	{ "CUDA-999", 2, "returned 999", 0, NULL, "returned 999", { NULL } },
	{ "CUDA-999", 2, "Error 999: unknown error", 0, NULL,
	    "Error 999: unknown error", { NULL } },
	{ "STUB-LIBCUDA", 1, "CUDA driver is a stub library", 0, NULL,
	    "CUDA driver is a stub library", { NULL } },
	{ "STUB-LIBCUDA", 1, "CUDA_ERROR_STUB_LIBRARY", 0, NULL,
	    "CUDA_ERROR_STUB_LIBRARY", { NULL } },
	{ "STUB-LIBCUDA", 1, "cudaErrorStubLibrary", 0, NULL,
	    "cudaErrorStubLibrary", { NULL } },
	{ "STUB-LIBCUDA", 3, "/stubs/libcuda.so", 1, NULL, "(" P "/stubs/"
	    "libcuda\\.so[.0-9]*)", { NULL, "stub" } },
	/* the toolkit's stub NVML, which says so itself when loaded
	 * ("libnvidia-ml.so in GDK package is a stub library that is attached
	 * only for build purposes"), and by its path */
	{ "STUB-LIBCUDA", 1, "is a stub library that is attached only for "
	    "build purposes", 0, NULL, "is a stub library that is attached only "
	    "for build purposes", { NULL } },
	{ "STUB-LIBCUDA", 3, "/stubs/libnvidia-ml.so", 1, NULL, "(" P "/stubs/"
	    "libnvidia-ml\\.so[.0-9]*)", { NULL, "stub" } },
	/* a build's detection of the GPU's architecture by running a probe,
	 * on a machine without a GPU it can see (Kokkos on a login node:
	 * "CUDA enabled but no NVIDIA GPU architecture currently enabled and
	 * auto-detection failed") */
	{ "NO-DRIVER", 3, "GPU architecture currently enabled and "
	    "auto-detection failed", 0, NULL, "GPU architecture currently "
	    "enabled and auto-detection failed", { NULL } },
	{ "NO-DRIVER", 2, "no CUDA-capable device is detected", 0, NULL,
	    "no CUDA-capable device is detected", { NULL } },
	/* the banner of NVIDIA's CUDA images (nvidia_entrypoint.sh) */
	{ "NO-DRIVER", 2, "The NVIDIA Driver was not detected", 0, NULL,
	    "The NVIDIA Driver was not detected", { NULL } },
	{ "NO-DRIVER", 2, "Found no NVIDIA driver on your system", 0, NULL,
	    "Found no NVIDIA driver on your system", { NULL } },
	{ "NO-DRIVER", 2, "CUDA_ERROR_NO_DEVICE", 0, NULL,
	    "CUDA_ERROR_NO_DEVICE", { NULL } },
	{ "NO-DRIVER", 2, "cudaErrorNoDevice", 0, NULL, "cudaErrorNoDevice",
	    { NULL } },
	/* the frameworks' own words for CUDA's codes: no device (100) */
	/* MPICH built with GPU support, started where there is none
	 * ("MPII_init_gpu(51)....:  gpu_init failed") */
	{ "NO-DRIVER", 2, "MPII_init_gpu", 0, NULL, "MPII_init_gpu"
	    "\\([0-9]+\\)[ .]*: *gpu_init failed", { NULL } },
	{ "NO-DRIVER", 2, "No CUDA GPUs are available", 0, NULL,
	    "No CUDA GPUs are available", { NULL } },
	/* Blender's Cycles, rendering from the command line, finding no
	 * device of the kind its preferences ask for (CUDA, OptiX): "Error:
	 * Found no Cycles device of the specified type" */
	{ "NO-DRIVER", 3, "Found no Cycles device", 0, NULL, "Found no Cycles "
	    "device of the specified type", { NULL } },
	/* PyTorch says so when CUDA counts no device, which is also what a
	 * CUDA_VISIBLE_DEVICES naming only GPUs the machine does not have
	 * leaves ("3" on a machine with one): the program asked for a GPU
	 * that is not there */
	{ "CUDA-ORDINAL", 3, "No CUDA GPUs are available", 0, NULL,
	    "No CUDA GPUs are available", { NULL } },
	{ "NO-DRIVER", 2, "CUDA driver initialization failed", 0, NULL,
	    "CUDA driver initialization failed", { NULL } },
	{ "NO-DRIVER", 3, "Unable to initialize backend 'cuda'", 0, NULL,
	    "Unable to initialize backend 'cuda'", { NULL } },
	{ "NO-DRIVER", 3, "Unknown backend", 0, NULL, "Unknown backend "
	    "'?(cuda|gpu)'?\\. Available backends are", { NULL } },
	/* a platform JAX_PLATFORMS names that no installed plugin provides
	 * (rocm on an NVIDIA machine, cuda without its plugin): JAX asks for
	 * it only when the variable (jax_platforms) lists it */
	{ "NO-DRIVER", 3, "Backend '", 0, NULL, "Backend '[a-z]+' is not in "
	    "the list of known backends", { NULL } },
	/* Triton picks the one backend whose driver is active (for NVIDIA,
	 * torch.cuda.is_available()): none when no GPU is visible */
	{ "NO-DRIVER", 3, "0 active drivers ([])", 0, NULL,
	    "0 active drivers \\(\\[\\]\\)", { NULL } },
	/* out of memory (2): PyTorch's allocator, TensorFlow, XLA */
	{ "CUDA-OOM", 1, "CUDA out of memory", 0, NULL, "CUDA out of memory"
	    "(\\. Tried to allocate ([0-9.]+ [KMGT]i?B))?",
	    { NULL, NULL, "allocation" } },
	/* PyTorch's exception class (torch.cuda.OutOfMemoryError, 1.13+),
	 * whatever its message: "Allocation on device 0 would exceed allowed
	 * memory" under a memory fraction */
	/* PyTorch's caching allocator's account, pasted without its first
	 * words: "Tried to allocate 216.00 MiB (GPU 0; 7.92 GiB total
	 * capacity; ...", and since 2.1 "... MiB. GPU 0 has a total
	 * capacity of 23.69 GiB of which ..." */
	/* Jetson (Tegra): the nvmap allocator out of the shared memory
	 * (errno 12, ENOMEM) */
	{ "CUDA-OOM", 2, "NvMapMemAlloc", 0, NULL, "NvMapMemAlloc[A-Za-z]*: "
	    "*[0-9]+ error 12\\b", { NULL } },
	{ "CUDA-OOM", 2, "Tried to allocate ", 0, NULL, "Tried to allocate "
	    "([0-9.]+ [KMGT]i?B)(\\. | \\()GPU [0-9]+(; [0-9.]+ [KMGT]i?B total "
	    "capacity| has a total capacity)", { NULL, "allocation" } },
	{ "CUDA-OOM", 2, "OutOfMemoryError", 1, NULL, "torch\\.(cuda\\.)?"
	    "OutOfMemoryError:", { NULL } },
	/* TensorRT's logger, its category OutOfMemory: "[executionContext.cpp::
	 * ExecutionContext::470] Error Code 2: OutOfMemory (no further
	 * information)"; its builder's buffers say the same */
	{ "CUDA-OOM", 2, "Error Code ", 0, NULL, "Error Code [0-9]+: "
	    "OutOfMemory\\b", { NULL } },
	/* the kernel module's own allocation for the GPU failing (its status
	 * NV_ERR_NO_MEMORY in NVRM's log: a GPU whose memory is the
	 * system's, GB10, Jetson, exhausted) */
	{ "CUDA-OOM", 3, "NV_ERR_NO_MEMORY", 0, "NVRM", "NV_ERR_NO_MEMORY",
	    { NULL } },
	/* Vulkan's (ncnn's "vkAllocateMemory failed -2"): VkResult -2 is
	 * VK_ERROR_OUT_OF_DEVICE_MEMORY (vulkan_core.h) */
	{ "CUDA-OOM", 2, "vkAllocateMemory failed", 0, NULL,
	    "vkAllocateMemory failed:? *(-2|VK_ERROR_OUT_OF_DEVICE_MEMORY)"
	    "([^0-9]|$)", { NULL } },
	{ "CUDA-OOM", 2, "OOM when allocating tensor", 0, NULL,
	    "OOM when allocating tensor", { NULL } },
	/* a program's own check of the GPU's free memory against what it
	 * needs (miners' DAG, model loaders): "Device does not have enough
	 * free memory to hold the DAG", "not enough GPU memory"; not a
	 * guess (ColabFold's "Not Enough GPU memory?", Open MPI's "A possible
	 * cause for this is not enough free device memory" under any failed
	 * CUDA call) */
	{ "CUDA-OOM", 2, "does not have enough ", 1, NULL, "(device|GPU|card) "
	    "does not have enough (free )?(GPU |device |video |VRAM )?memory",
	    { NULL } },
	{ "CUDA-OOM", 2, "not enough ", 0, "!Check the cuda.h file for what "
	    "the return value means", "not enough (free )?(GPU|"
	    "device|video|CUDA|VRAM) memory($|[^?])", { NULL } },
	/* a server's check at warmup that its batch's memory fits beside
	 * the model (TGI: "Not enough memory to handle 16000 total tokens
	 * with 2 prefill tokens") */
	{ "CUDA-OOM", 2, "Not enough memory to handle ", 0, NULL, "Not "
	    "enough memory to handle [0-9]+ (total )?tokens", { NULL } },
	/* a wrapper's "CUDA failed" before cudaGetErrorString's words for
	 * error 2 ("CUDA failed with error out of memory", "cuda failed Out
	 * of memory") */
	{ "CUDA-OOM", 2, "CUDA failed", 0, NULL, "CUDA failed:?( with "
	    "error)?:? *out of memory", { NULL } },
	{ "CUDA-OOM", 2, "RESOURCE_EXHAUSTED: Out of memory", 0, NULL,
	    "RESOURCE_EXHAUSTED: Out of memory", { NULL } },
	/* RAPIDS' memory manager (RMM) under cuDF, cuML, XGBoost:
	 * "std::bad_alloc: out_of_memory: RMM failure at: ...", its pool's
	 * "Maximum pool size exceeded" */
	{ "CUDA-OOM", 2, "out_of_memory: RMM failure", 0, NULL,
	    "out_of_memory: RMM failure", { NULL } },
	{ "CUDA-OOM", 2, "RMM failure at", 0, NULL, "RMM failure at[^\n]*"
	    "(Maximum pool size exceeded|out of memory)", { NULL } },
	/* the NVIDIA HPC compilers' runtime (OpenACC, CUDA Fortran): "Out of
	 * memory allocating 4499256832 bytes of device memory", and a
	 * program's own "Memory allocation on device failed" */
	{ "CUDA-OOM", 2, "Out of memory allocating ", 0, NULL, "Out of memory "
	    "allocating ([0-9]+) bytes of device memory", { NULL,
	    "allocation" } },
	{ "CUDA-OOM", 3, "allocation on ", 0, NULL, "allocation on (the )?"
	    "(device|GPU) failed", { NULL } },
	/* ggml's backends (llama.cpp, whisper.cpp, Ollama): a buffer of the
	 * CUDA backend's device buffer type (named CUDA0, CUDA1...; the
	 * pinned host's CUDA_Host is not the GPU's memory) that cudaMalloc
	 * could not give: "unable to allocate CUDA0 buffer" (llama's model
	 * loader), "failed to allocate CUDA0 buffer of size N" (ggml-alloc) */
	{ "CUDA-OOM", 2, "to allocate CUDA", 1, NULL, "(unable|failed) to "
	    "allocate CUDA[0-9]+ buffer", { NULL } },
	/* vLLM finding less free at start than the share of the GPU it was
	 * told to take ("Free memory on device cuda:0 (2.6/121.63 GiB) on
	 * startup is less than desired GPU memory utilization (0.9, 14.39
	 * GiB)": another process holds the rest, or the share asks for more
	 * than the GPU has free).  Not its "No available memory for the
	 * cache blocks", which a share set too low gives as well as a GPU
	 * too small (vllm-project/vllm#7028) */
	{ "CUDA-OOM", 2, "less than desired GPU memory utilization", 0, NULL,
	    "less than desired GPU memory utilization", { NULL } },
	/* XLA's compiler finding the program's peak memory above what the
	 * device has for it, before it runs (hlo_rematerialization.cc:
	 * "Can't reduce memory use below 11.20GiB (...) by
	 * rematerialization; only reduced to 49.62GiB"); a warning: the
	 * allocation fails later */
	{ "CUDA-OOM", 3, "reduce memory use below ", 0, NULL, "reduce memory "
	    "use below [^\n]{1,80} by rematerialization", { NULL } },
	/* XLA's allocator (JAX): "RESOURCE_EXHAUSTED: Failed to allocate
	 * request for 176.00MiB (184549376B) on device ordinal 0" */
	{ "CUDA-OOM", 2, "RESOURCE_EXHAUSTED: Failed to allocate", 0, NULL,
	    "RESOURCE_EXHAUSTED: Failed to allocate (request for )?"
	    "([0-9.]+ ?[KMGT]i?B)", { NULL, NULL, "allocation" } },
	/* NVML's NVML_ERROR_NOT_SUPPORTED for the memory query, in a
	 * wrapper's words ("error getting memory info for device 0: Not
	 * Supported", pynvml's "Failed to get free memory ...: Not
	 * Supported"), and nvidia-smi's table with no memory figure */
	{ "NVML-UMA", 2, "memory", 1, NULL, "((device )?memory info|device "
	    "memory|free memory|nvmlDeviceGetMemoryInfo)[^\n]{0,80}(Not "
	    "Supported|NVML_ERROR_NOT_SUPPORTED|NotSupported)", { NULL } },
	/* the call by its name in a program's own check of it (MRC: "NVML
	 * failed running 'NvmlState::handle().nvmlDeviceGetMemoryInfo(...,
	 * &info)'. Error msg: Not Supported") */
	{ "NVML-UMA", 2, "nvmlDeviceGetMemoryInfo", 0, NULL,
	    "nvmlDeviceGetMemoryInfo[^\n]{0,120}(Not Supported|"
	    "NVML_ERROR_NOT_SUPPORTED|NotSupported)", { NULL } },
	{ "NVML-UMA", 1, "| Not Supported", 0, NULL, "\\| Not Supported +"
	    "\\| +[0-9]+% ", { NULL } },
	/* nvidia-smi --query-gpu's CSV with "[N/A]" under a memory column
	 * ("memory.total [MiB], memory.free [MiB]" then "0, NVIDIA GB10,
	 * [N/A], [N/A]": unslothai/unsloth#10703); the columns are matched
	 * from the right, the query's own ahead of the key unread */
	{ "NVML-UMA", 2, "memory.total", 0, NULL, "(memory\\.total[^\n]*)\n"
	    "([^\n]*\\[N/A\\][^\n]*)", { NULL, "columns", "values" } },
	{ "NVML-UMA", 2, "memory.free", 0, NULL, "(memory\\.free[^\n]*)\n"
	    "([^\n]*\\[N/A\\][^\n]*)", { NULL, "columns", "values" } },
	{ "NVML-UMA", 2, "memory.used", 0, NULL, "(memory\\.used[^\n]*)\n"
	    "([^\n]*\\[N/A\\][^\n]*)", { NULL, "columns", "values" } },
	/* gpustat's line for a GPU whose memory NVML does not report ("[0]
	 * NVIDIA GB10 | 54°C, 0 % | ?? / ?? MB"), on GB10, whose memory is
	 * the system's (elsewhere the same marks follow any failed query) */
	{ "NVML-UMA", 2, "?? /", 0, "GB10", "\\?\\? */ *\\?\\? MB", { NULL } },
	/* cuMemCreate refused as not permitted, in the words of the call's
	 * wrapper: the refusal NVIDIA's IMEX guide describes for memory
	 * with a fabric handle and no channel */
	{ "FABRIC-IMEX", 1, "cuMemCreate(", 0, NULL, "cuMemCreate\\([^\n]{0,200}"
	    "(operation not permitted|CUDA_ERROR_NOT_PERMITTED)", { NULL } },
	/* a verbs call that pins memory or a queue failing for ENOMEM
	 * (NCCL: "Call to ibv_reg_mr_iova2 failed with error Cannot allocate
	 * memory"; UCX: "ibv_create_cq(cqe=4096) failed: Cannot allocate
	 * memory"), and Open MPI's words for the same */
	{ "MEMLOCK", 2, "ibv_", 0, NULL, "ibv_(reg_mr[a-z0-9_]*|"
	    "reg_dmabuf_mr|create_cq[a-z_]*|create_qp[a-z_]*|create_srq|"
	    "alloc_pd)(\\([^)\n]*\\))?:? (failed|returned)[^\n]{0,30}"
	    "(Cannot allocate memory|ENOMEM|errno:? *12)", { NULL } },
	{ "MEMLOCK", 2, "allocate some locked memory", 0, NULL, "allocate "
	    "some locked memory", { NULL } },
	/* libvirt raising a guest's limit for VFIO ("cannot limit locked
	 * memory of process to 18253611008: Operation not permitted") */
	{ "MEMLOCK", 2, "cannot limit locked memory of process", 0, NULL,
	    "cannot limit locked memory of process", { NULL } },
	/* PyTorch and numba: CUDA used, then fork() */
	{ "CUDA-FORK", 1, "Cannot re-initialize CUDA in forked subprocess", 0,
	    NULL, "Cannot re-initialize CUDA in forked subprocess", { NULL } },
	{ "CUDA-FORK", 1, "CUDA initialized before forking", 0, NULL,
	    "CUDA initiali[sz]ed before forking", { NULL } },
	/* Lightning's launcher, which forks its workers, finding CUDA in
	 * use in the process that launches them ("Lightning can't create
	 * new processes if CUDA is already initialized") */
	{ "CUDA-FORK", 1, "create new processes if CUDA is already initiali",
	    0, NULL, "create new processes if CUDA is already initiali[sz]ed",
	    { NULL } },
	/* Accelerate's notebook_launcher, which forks its workers, finding
	 * CUDA already initialised in the notebook's process */
	{ "CUDA-FORK", 1, "you need to avoid running any instruction using",
	    0, NULL, "you need to avoid running any instruction using `?"
	    "torch\\.cuda`? in any cell", { NULL } },
	/* cuSPARSE's own log line when the handle's CUDA context cannot be
	 * made ("** On entry to cusparseCreate(): CUDA context cannot be
	 * initialized"; cupy/cupy#9827, ORNL/ReSolve#255, pasted without
	 * its stars in cvxgrp/CuClarabel#15), the words of
	 * CUSPARSE_STATUS_NOT_INITIALIZED */
	{ "CODE-INIT", 2, "CUDA context cannot be initiali", 0, "cusparse",
	    "CUDA context cannot be initiali[sz]ed", { NULL } },
	/* numba's name for a code its table lacks (CUDA_ERROR_STUB_LIBRARY
	 * in releases before it knew 34): cuInit failed, its number lost */
	{ "CODE-INIT", 2, "Call to cuInit results in UNKNOWN_CUDA_ERROR", 0,
	    NULL, "Call to cuInit results in UNKNOWN_CUDA_ERROR", { NULL } },
	/* ... which is what the stub libcuda.so of a toolkit returns */
	{ "STUB-LIBCUDA", 2, "Call to cuInit results in UNKNOWN_CUDA_ERROR",
	    0, NULL, "Call to cuInit results in UNKNOWN_CUDA_ERROR",
	    { NULL } },
	/* a device-side assert, as the device runtime prints it: "FILE:LINE:
	 * FUNC: block: [58,0,0], thread: [21,0,0] Assertion `X` failed." */
	{ "CUDA-FAULT", 2, "thread: [", 0, NULL, "thread: \\[[0-9]+,[0-9]+,"
	    "[0-9]+\\] Assertion [^\n]{1,200} failed", { NULL } },
	/* compute-sanitizer's memcheck (and cuda-memcheck before it) on a
	 * kernel's bad access, its lines behind "=========" ("Invalid
	 * __global__ read of size 4 bytes", "Misaligned shared or local
	 * address", "Out-of-range Shared or Local Address") */
	{ "CUDA-FAULT", 2, "=========", 0, NULL, "=========[ \t]+"
	    "(Invalid (__global__|__shared__|__local__|__generic__)? ?"
	    "(read|write|atomic)|Misaligned (shared or local )?address|"
	    "Out-of-range shared or local address|Malloc/Free error|"
	    "Invalid address space)", { NULL, "exception" } },
	/* cuda-gdb (and a GPU core dump read by it) stopping a kernel at
	 * its exception, by the debugger API's names of them
	 * (CUDBGException_t: "CUDA Exception: Warp Out-of-range Address",
	 * "received signal CUDA_EXCEPTION_14, Warp Illegal Address") */
	{ "CUDA-FAULT", 2, "CUDA Exception: ", 0, NULL, "CUDA Exception: "
	    "((Warp|Lane|Device|Cluster) [A-Z][A-Za-z -]+)", { NULL,
	    "exception" } },
	{ "CUDA-FAULT", 2, "signal CUDA_EXCEPTION_", 0, NULL, "signal "
	    "CUDA_EXCEPTION_[0-9]+, ((Warp|Lane|Device|Cluster) "
	    "[A-Z][A-Za-z -]+)", { NULL, "exception" } },
	/* the kernel's log: NVIDIA's Xid 79 is a GPU off the bus; 13, 31
	 * and 43 faults of a program's kernel (NVIDIA, "Xid Errors") */
	{ "GPU-LOST", 1, "fallen off ", 0, NULL, "fallen off (of )?the bus",
	    { NULL } },
	{ "GPU-LOST", 2, "Xid", 0, NULL, "Xid \\([^)\n]*\\): *79\\b",
	    { NULL } },
	/* nvidia-smi: a GPU on the bus that the driver cannot talk to */
	{ "GPU-LOST", 3, "Unable to determine the device handle for GPU", 0,
	    NULL, "Unable to determine the device handle for GPU[^:\n]*: *"
	    "([0-9a-fA-F:.]+)?:? *Unknown Error", { NULL, "bus id" } },
	{ "CUDA-FAULT", 2, "Xid", 0, NULL, "Xid \\([^)\n]*\\): *(13|31|43)"
	    "\\b", { NULL, "xid" } },
	/* every Xid is the driver's report of what happened on the GPU,
	 * which GPU-XID is about, read beside the narrower entries above */
	{ "GPU-XID", 3, "Xid", 0, NULL, "Xid \\([^)\n]*\\): *([0-9]+)\\b",
	    { NULL, "xid" } },
	/* containers: the toolkit's, the engines' and NVML's texts */
	/* docker's cdi driver asked for and none defined, and a spec that
	 * names a device the host no longer has (stale) */
	{ "CTR-CDI", 1, "could not select device driver", 0, NULL, "could not "
	    "select device driver \\\\?\"cdi\\\\?\"", { NULL } },
	{ "CTR-CDI", 1, "failed to stat CDI host device", 0, NULL, "failed to "
	    "stat CDI host device", { NULL } },
	{ "CTR-RUNTIME", 1, "could not select device driver", 0, NULL,
	    "could not select device driver( \"[^\"\n]*\")? with capabilities",
	    { NULL } },
	/* the toolkit's hook in its CSV mode (Jetson) reached through --gpus
	 * (nvidia-container-toolkit, cmd/nvidia-container-runtime-hook) */
	{ "CTR-RUNTIME", 1, "invoking the NVIDIA Container Runtime Hook "
	    "directly", 0, NULL, "invoking the NVIDIA Container Runtime Hook "
	    "directly", { NULL } },
	/* docker's --gpus with no NVIDIA provider behind it falling
	 * through to its AMD GPUs' CDI devices (an engine set up only with
	 * the nvidia runtime: stevezau/media_preview_generator#260) */
	{ "CTR-RUNTIME", 1, "AMD CDI spec not found", 0, NULL, "AMD CDI spec "
	    "not found", { NULL } },
	/* a project's check of docker's daemon.json before it builds
	 * (Isaac ROS's run_dev.sh: "Default docker runtime is not nvidia!,
	 * please make sure the following line is present in
	 * /etc/docker/daemon.json") */
	{ "CTR-RUNTIME", 2, "docker runtime is not nvidia", 0, NULL, "docker "
	    "runtime is not nvidia", { NULL } },
	{ "CTR-RUNTIME", 1, "Unknown runtime specified nvidia", 0, NULL,
	    "Unknown runtime specified nvidia", { NULL } },
	{ "CTR-CGROUP", 1, "Failed to initialize NVML: Unknown Error", 0,
	    NULL, "Failed to initialize NVML: Unknown Error", { NULL } },
	/* the same in nvidia-container-cli's debug log ("driver.c:196]
	 * could not start driver service: load library failed:
	 * libcuda.so.1: cannot open shared object file") */
	{ "CTR-HOST-DRIVER", 1, "could not start driver service: load library "
	    "failed", 0, NULL, "could not start driver service: load library "
	    "failed: (libnvidia-ml\\.so\\.1|libcuda\\.so\\.1)", { NULL,
	    "missing" } },
	{ "CTR-HOST-DRIVER", 1, "initialization error: load library failed",
	    1, NULL, "nvidia-container-cli(\\.real)?: "
	    "initialization error: load library failed: "
	    "(libnvidia-ml\\.so\\.1|libcuda\\.so\\.1)", { NULL, NULL,
	    "missing" } },
	/* Apptainer's and Singularity's --nv looking the driver's programs
	 * and libraries (nvliblist.conf) up on the host and finding none
	 * (their launcher: "Could not find any nv files on this host!",
	 * "Could not find any nv libraries on this host!") */
	{ "CTR-HOST-DRIVER", 1, "Could not find any nv ", 0, NULL,
	    "Could not find any nv (files|libraries) on this host", { NULL } },
	{ "CTR-BAKED", 1, "file creation failed:", 0, NULL,
	    "file creation failed: (" P "/(lib(nvidia-[a-z-]+|cuda)\\.so"
	    "[.0-9]*)): file exists", { NULL, "file", "library" } },
	/* docker: the nvidia runtime named (--runtime=nvidia) and not
	 * configured in daemon.json (nvidia-ctk runtime configure) */
	{ "CTR-RUNTIME", 1, "unknown or invalid runtime name", 0, NULL,
	    "unknown or invalid runtime name: *nvidia", { NULL } },
	/* a CDI spec's hook that is not installed ("error running hook #0:
	 * fork/exec /usr/bin/nvidia-cdi-hook: no such file or directory") */
	{ "CTR-RUNTIME", 1, "fork/exec ", 0, NULL, "fork/exec ([^: \n]*/"
	    "nvidia-(cdi-hook|ctk|container-runtime-hook)): no such file or "
	    "directory", { NULL, "missing" } },
	/* an engine's runtime or hook calling the toolkit's programs that
	 * are not installed, or not on its PATH (docker's runtime named in
	 * daemon.json, nerdctl's --gpus) */
	{ "CTR-RUNTIME", 1, "exec: ", 0, "executable file not found", "exec: "
	    "\\\\?\"(nvidia-container-(cli|runtime|runtime-hook|toolkit)|"
	    "nvidia-ctk)\\\\?\": executable file not found",
	    { NULL, "missing" } },
	/* enroot's NVIDIA hook (under pyxis) and a shell, without the
	 * toolkit's nvidia-container-cli */
	{ "CTR-RUNTIME", 1, "Command not found: nvidia-container", 0, NULL,
	    "Command not found: (nvidia-container-cli)", { NULL, "missing" } },
	{ "CTR-RUNTIME", 1, "nvidia-container-cli: command not found", 0, NULL,
	    "(nvidia-container-cli): command not found", { NULL, "missing" } },
	/* a CUDA image tag the registry does not have, in docker's and
	 * podman's (containers/image) words */
	{ "CUDA-IMAGE-GONE", 1, "manifest for ", 0, NULL, "manifest for "
	    "([a-z0-9.-]+/)?nvidia/cuda:([A-Za-z0-9._-]+) not found",
	    { NULL, NULL, "tag" } },
	/* BuildKit's: "failed to solve: nvidia/cuda:TAG: [failed to resolve
	 * source metadata for docker.io/nvidia/cuda:TAG: ]docker.io/
	 * nvidia/cuda:TAG: not found" */
	{ "CUDA-IMAGE-GONE", 1, "nvidia/cuda:", 0, "not found", "nvidia/cuda:"
	    "([A-Za-z0-9._-]+): [^\n]*nvidia/cuda:[A-Za-z0-9._-]+: not found",
	    { NULL, "tag" } },
	/* ... and its short form ("failed to solve: docker.io/nvidia/cuda:
	 * 13.0.2-devel-ubuntu22.04: not found") */
	{ "CUDA-IMAGE-GONE", 1, "nvidia/cuda:", 0, "not found", "nvidia/cuda:"
	    "([A-Za-z0-9._-]+): not found", { NULL, "tag" } },
	{ "CUDA-IMAGE-GONE", 1, "reading manifest ", 0, NULL, "reading "
	    "manifest ([A-Za-z0-9._-]+) in ([a-z0-9.-]+/)?nvidia/cuda: "
	    "(manifest unknown|not found)", { NULL, "tag" } },
	/* apt on the toolkit's repository by distribution: "Err:8 https://
	 * nvidia.github.io/libnvidia-container/stable/ubuntu22.04/amd64
	 * Release 404 Not Found", "... does not have a Release file" */
	{ "CTR-REPO", 1, "nvidia.github.io/libnvidia-container/", 0, NULL,
	    "nvidia\\.github\\.io/libnvidia-container/((stable|experimental)"
	    "/)?([a-z]+[0-9][0-9.]*)/[a-z0-9_]+/? +(InRelease|Release)[^\n]*"
	    "(404|does not have a Release file|no longer has a Release "
	    "file)", { NULL, NULL, NULL, "distribution" } },
	/* NVENC's capabilities checked against what the program asks:
	 * FFmpeg after any failed check ("Provided device doesn't support
	 * required NVENC features", libavcodec/nvenc.c), OBS ("Max B-frames
	 * setting (2) is more than encoder supports (0)"), Sunshine and
	 * Apollo ("gpu max encode resolution 4096x4096, requested
	 * 5120x2160") */
	/* TensorRT building a quantized network for a GPU without INT8's
	 * instructions (before Turing's: "Networks with QuantizeLayer/
	 * DequantizeLayer layers require hardware with Int8 support.") */
	/* nvidia-smi refusing a setting this GPU does not have ("Changing
	 * power management limit is not supported for GPU: 00000000:01:00.0.",
	 * laptops' GPUs; "Setting applications clocks ...") */
	{ "GPU-FEATURE", 2, "Changing ", 0, "is not supported for GPU",
	    "Changing " NVSMI_SETTING, { NULL, "setting", "bus id" } },
	{ "GPU-FEATURE", 2, "Setting ", 0, "is not supported for GPU",
	    "Setting " NVSMI_SETTING, { NULL, "setting", "bus id" } },
	{ "GPU-FEATURE", 2, "require hardware with Int8 support", 0, NULL,
	    "require hardware with Int8 support", { NULL } },
	{ "GPU-FEATURE", 2, "support required NVENC features", 0, NULL,
	    "support required NVENC features", { NULL } },
	/* FFmpeg's NVDEC (libavcodec/nvdec.c): the decoder's caps for the
	 * stream's codec, profile and depth say it is not supported */
	{ "GPU-FEATURE", 2, "Hardware is lacking required capabilities", 0,
	    NULL, "Hardware is lacking required capabilities", { NULL } },
	{ "GPU-FEATURE", 2, "is more than encoder supports", 0, NULL, "is more "
	    "than encoder supports \\([0-9]+\\)", { NULL } },
	{ "GPU-FEATURE", 2, "max encode resolution ", 0, NULL, "max encode "
	    "resolution [0-9]+x[0-9]+, requested [0-9]+x[0-9]+", { NULL } },
	/* A package manager's words for a dependency it cannot satisfy, on
	 * one of NVIDIA's packages (NVPKG: the names NVIDIA's and the
	 * distributions' packages of the driver, CUDA, cuDNN, NCCL and
	 * TensorRT carry): apt's "libnccl-dev : Depends: libnccl2 (=
	 * 2.30.4-1+cuda13.2) but 2.25.1-1+cuda12.8 is to be installed" and
	 * "Unable to locate package nvidia-graphics-drivers-555", dnf's
	 * "nothing provides dkms >= 3.1.8 needed by kmod-nvidia-open-dkms",
	 * "requires cuda-nvml(x86-64), but none of the providers can be
	 * installed" and "Unable to find a match: kmod-nvidia-latest-dkms",
	 * pacman's "breaks dependency 'nvidia-utils=560.31.02'", and a 404
	 * for a distribution release NVIDIA's CUDA repository does not have.
	 * Not conda's virtual packages ("nothing provides __cuda needed by
	 * pytorch-...-cuda112...": CONDA-NO-CUDA) */
#define NVPKG "(([a-z0-9][a-z0-9._+-]*)?(nvidia|cuda|nccl|cudnn|nvinfer|" \
	    "tensorrt|libnv|cublas|cusparse|cufft|nvjitlink|cufile|curand|" \
	    "cusolver|nvrtc|cupti|libnpp)[a-z0-9._+-]*)"
	{ "PKG-DEPS", 2, "Depends: ", 0, NULL, "Depends: " NVPKG "( \\(([<>=]+) "
	    "*([^)\n]*)\\))? but [^\n]*(is to be installed|is installed|it is "
	    "not going to be installed|it is not installable)", { NULL,
	    "apt package", NULL, NULL, NULL, "relation", "required" } },
	{ "PKG-DEPS", 2, "Unable to locate package ", 0, NULL, "Unable to "
	    "locate package " NVPKG, { NULL, "apt package" } },
	/* one of NVIDIA's packages whose own dependency cannot be had
	 * ("libcufile-11-5 : Depends: liburcu6 but it is not installable";
	 * a rank below the row that names a dependency of NVIDIA's own),
	 * and a version apt's lists do not hold ("Version
	 * '8.9.5.29-1+cuda12.1' for 'libcudnn8' was not found") */
	{ "PKG-DEPS", 3, " : Depends: ", 1, NULL, NVPKG " : Depends: [^\n]* "
	    "but [^\n]*(is to be installed|is installed|it is not going to be "
	    "installed|it is not installable)", { NULL, "apt package" } },
	{ "PKG-DEPS", 2, "Version '", 0, NULL, "Version '[^'\n]+' for '" NVPKG
	    "' was not found", { NULL, "apt package" } },
	/* apt's "Package 'libcudnn9' has no installation candidate" (a
	 * virtual package, or one its lists do not offer): the name quoted
	 * by newer apt, bare by older */
	{ "PKG-DEPS", 2, "Package '", 0, "has no installation candidate",
	    "Package '" NVPKG "' has no installation candidate",
	    { NULL, "apt package" } },
	{ "PKG-DEPS", 2, "Package ", 0, "has no installation candidate",
	    "Package " NVPKG " has no installation candidate",
	    { NULL, "apt package" } },
	/* NVIDIA's dnf plugin for precompiled modules hides each kernel
	 * its repository has no kmod-nvidia for ("NVIDIA driver: filtering
	 * kernel 4.18.0-553.el8_10, no precompiled modules available for
	 * version 3:550.54.15"): dnf then cannot resolve the update */
	{ "PKG-DEPS", 2, "no precompiled modules available", 0, NULL,
	    "no precompiled modules available for version ([0-9]+:)?"
	    "([0-9.]+)", { NULL, NULL, "driver" } },
	{ "PKG-DEPS", 2, "nothing provides ", 0, NULL, "nothing provides "
	    "[^_\n][^\n]{0,120}needed by " NVPKG, { NULL, "package" } },
	{ "PKG-DEPS", 2, "nothing provides ", 0, NULL, "nothing provides "
	    NVPKG, { NULL, "package" } },
	{ "PKG-DEPS", 2, "requires ", 0, NULL, "requires " NVPKG "[^\n,]*, "
	    "but none of the providers can be installed", { NULL, "package" } },
	{ "PKG-DEPS", 2, "Unable to find a match: ", 0, NULL, "Unable to find "
	    "a match: " NVPKG, { NULL, "package" } },
	{ "PKG-DEPS", 2, "breaks dependency '", 0, NULL, "breaks dependency '"
	    NVPKG, { NULL, "package" } },
	{ "PKG-DEPS", 2, "Status code: 404 for ", 0, NULL, "Status code: 404 "
	    "for https?://developer\\.download\\.nvidia\\.com/compute/cuda/"
	    "repos/([a-z]+[0-9]*)/", { NULL, "distribution" } },
	/* two repositories' packages holding the same file: rpm's "file
	 * /etc/X11/xorg.conf.d/10-nvidia.conf conflicts between attempted
	 * installs of xorg-x11-nvidia-... and nvidia-driver-...", dpkg's
	 * "trying to overwrite '/usr/lib/...', which is also in package
	 * libnvidia-compute-535" */
	{ "PKG-DEPS", 2, "conflicts between attempted installs of ", 0, NULL,
	    "conflicts between attempted installs of [^\n]{0,120}" NVPKG,
	    { NULL, "package" } },
	{ "PKG-DEPS", 2, "conflicts with file from package ", 0, NULL,
	    "conflicts with file from package " NVPKG, { NULL, "package" } },
	{ "PKG-DEPS", 2, "which is also in package ", 0, NULL, "which is also "
	    "in package " NVPKG, { NULL, "apt package" } },
	/* pacman's "linux-firmware-nvidia: /usr/lib/firmware/nvidia/ad103
	 * exists in filesystem": a file on disk no package being installed
	 * owns, left by the package its files moved out of */
	{ "PKG-DEPS", 2, ": /", 1, "exists in filesystem", NVPKG ": (/[^ \n]+) "
	    "exists in filesystem", { NULL, "package", NULL, NULL, "file" } },
#undef NVPKG
	/* the toolkit (1.17 and later) refusing an ldconfig path of its
	 * config.toml that is not host-relative ("@/sbin/ldconfig") */
	{ "CTR-RUNTIME", 1, "nvidia-container-cli.ldconfig value", 0, NULL,
	    "nvidia-"
	    "container-cli\\.ldconfig value \"([^\"\n]*)\" is not "
	    "host-relative", { NULL, "ldconfig" } },
	/* the toolkit's newer runtime asking an older nvidia-container-cli
	 * for IMEX channels (NVIDIA_IMEX_CHANNELS=all, set by 1.17's runtime
	 * for images it treats as legacy), which that cli cannot parse */
	{ "CTR-RUNTIME", 1, "error parsing IMEX info", 1, NULL,
	    "nvidia-container-cli(\\.real)?: error parsing IMEX info: "
	    "([^\n\\\\\"]*)", { NULL, NULL, "detail" } },
	/* the OCI runtime cannot find a driver file the CDI spec (or the
	 * hook) lists: a spec made before the host's driver changed */
	{ "CTR-CDI", 2, "cannot stat", 1, NULL, CDI_STAT("cannot stat"),
	    { NULL, NULL, "file", "library" } },
	{ "CTR-CDI", 2, "error stat'ing file", 1, NULL,
	    CDI_STAT("error stat'ing file"), { NULL, NULL, "file", "library" } },
	/* runc's words for a bind mount whose source is gone: a driver
	 * library of the version the spec was made for */
	{ "CTR-CDI", 2, "failed to fulfil mount request: open", 0, NULL,
	    "failed to fulfil mount request: open [`'\"]?(" P "/(lib("
	    "[A-Za-z0-9_]*nvidia[a-z0-9_-]*|cuda|nvcuvid|nvoptix)\\.so"
	    "[.0-9]*))", { NULL, "file", "library" } },
	/* WSL2's bridge library, which the toolkit mounts from
	 * /usr/lib/wsl/lib: not there in a builder or a nested container */
	{ "CTR-WSL", 2, "Could not locate libdxcore.so", 0, NULL, "Could not "
	    "locate libdxcore\\.so", { NULL } },
	{ "CTR-WSL", 2, "libdxcore.so", 0, NULL, "libdxcore\\.so[^\n]*"
	    "not found", { NULL } },
	{ "CTR-WSL", 1, "WSL environment detected but no adapters were found",
	    0, NULL, "WSL environment detected but no adapters were found",
	    { NULL } },
	/* NVML_ERROR_OPERATING_SYSTEM in nvmlErrorString()'s words */
	{ "GPU-BLOCKED", 1, "GPU access blocked by the operating system", 0,
	    NULL, "GPU access blocked by the operating system", { NULL } },
	/* nvml.h names cgroups beside the operating system: the container's
	 * reading, named second ("also recognised") */
	{ "CTR-CGROUP", 2, "GPU access blocked by the operating system", 0,
	    NULL, "GPU access blocked by the operating system", { NULL } },
	{ "CTR-CDI", 2, "failed to inject CDI devices", 0, NULL, "failed to "
	    "inject CDI devices", { NULL } },
	{ "CTR-CDI", 1, "unresolvable CDI devices", 0, NULL,
	    "unresolvable CDI devices ([^ \n]+)", { NULL, "device" } },
	/* the spec the NVIDIA Container Toolkit writes (nvidia-ctk cdi
	 * generate), read where it was never generated: "cat:
	 * /etc/cdi/nvidia.yaml: No such file or directory" */
	{ "CTR-CDI", 2, "/cdi/nvidia.", 0, NULL, "/cdi/nvidia\\.(yaml|json)"
	    "['\"]?: ([a-z]+: )?([Nn]o such file or directory|does not exist|"
	    "not found)", { NULL } },
	/* an engine that predates CDI (podman before 4.1) takes the CDI
	 * name for a device path; one whose CDI library predates the spec's
	 * version rejects the spec's new fields */
	{ "CTR-CDI-ENGINE", 1, "stat nvidia.com/gpu=", 0, NULL, "stat (nvidia\\.com/"
	    "gpu=[^: \n]*): no such file or directory", { NULL, "device" } },
	{ "CTR-CDI-ENGINE", 1, "failed to unmarshal CDI Spec", 0, NULL,
	    "failed to unmarshal CDI Spec[^\n]*unknown field \"([A-Za-z]+)\"",
	    { NULL, "field" } },
	/* the toolkit's hooks failing as the container is created: crun's
	 * "error executing hook `/usr/bin/nvidia-ctk` (exit code: 1)", a
	 * hook's command line ("nvidia-ctk hook create-symlinks"), runc's
	 * "error running hook #1" and gVisor's "error executing
	 * CreateContainer hooks" where the text speaks of NVIDIA, Toolbx's
	 * "failed to apply mount from Container Device Interface for NVIDIA",
	 * the disable-device-node-modification hook without /proc */
	/* the legacy prestart hook's ldconfig step (nvidia-container-cli
	 * rebuilding the container's ld.so.cache) failing: an ldconfig the
	 * config names that is not there, or one that dies in the hook's
	 * sandbox (CTR-LDCONFIG); nvc_ldcache.c's own log line for the same */
	{ "CTR-LDCONFIG", 1, "ldcache error", 1, NULL, "nvidia-container-cli"
	    "(\\.real)?: ldcache error: ([^\n]*)", { NULL, NULL, "detail" } },
	{ "CTR-LDCONFIG", 1, "could not start ", 0, "nvc_ldcache", "could not "
	    "start ([^ :\n]*ldconfig[^ :\n]*): ([^\n]*)", { NULL, "ldconfig",
	    "detail" } },
	{ "CTR-HOOK", 2, "error executing hook `", 0, NULL, "error executing "
	    "hook `[^`\n]*nvidia[^`\n]*`", { NULL } },
	{ "CTR-HOOK", 2, "nvidia-ctk hook ", 0, NULL, "nvidia-ctk hook "
	    "([a-z-]+)[^\n]*\n?[^\n]*(stderr|error|failed|exit status)",
	    { NULL, "hook" } },
	{ "CTR-HOOK", 3, "error running ", 0, "nvidia", "error running "
	    "(createContainer |createRuntime |prestart |startContainer )?hook "
	    "#[0-9]+: [^\n]*exit status [1-9][^\n]*stderr: [^\n]*"
	    "level=error", { NULL } },
	/* enroot's own NVIDIA hook (hooks.d/98-nvidia.sh, which runs
	 * nvidia-container-cli), as pyxis prints enroot's log: "[ERROR]
	 * /etc/enroot/hooks.d/98-nvidia.sh exited with return code 1" */
	{ "CTR-HOOK", 3, "-nvidia.sh exited with return code", 1, NULL,
	    "[^ \n]*hooks\\.d/[0-9]*-nvidia\\.sh exited with return code "
	    "[1-9]", { NULL } },
	{ "CTR-HOOK", 2, "error executing CreateContainer hooks", 0, "nvidia",
	    "error executing CreateContainer hooks", { NULL } },
	{ "CTR-HOOK", 2, "createContainer hook #", 0, "nvidia",
	    "createContainer hook #[0-9]+: exit status [1-9]", { NULL } },
	{ "CTR-HOOK", 2, "failed to create application profiles directory",
	    0, NULL, "failed to create application profiles directory",
	    { NULL } },
	{ "CTR-HOOK", 2, "failed to apply mount from Container Device "
	    "Interface for NVIDIA", 0, NULL, "failed to apply mount from "
	    "Container Device Interface for NVIDIA", { NULL } },
	{ "CTR-HOOK", 2, "failed to mount modified params file", 0, NULL,
	    "failed to mount modified params file", { NULL } },
	/* nvidia-container-cli (the legacy hook, or run by hand: `list`)
	 * stopping where it looks up the host's driver files it would put
	 * in the container ("nvidia-container-cli: detection error: path
	 * error: ///var/run/nvidia-fabricmanager/socket: permission
	 * denied"): its words after the stage name the file */
	{ "CTR-HOOK", 3, "detection error: ", 0, "nvidia-container-cli",
	    "detection error: ([^\n]{1,200})", { NULL, "error" } },
	{ "CTR-PERM", 1, "Failed to initialize NVML: Insufficient "
	    "Permissions", 0, NULL, "Failed to initialize NVML: "
	    "Insufficient Permissions", { NULL } },
	/* the legacy hook of a rootless engine adding the GPU's device rules:
	 * cgroup v2's eBPF filters (libnvidia-container#154) and v1's
	 * devices.allow (moby/moby#38729) */
	{ "CTR-ROOTLESS", 1, "failed to add device rules", 0, NULL,
	    "failed to add device rules: unable to find any existing device "
	    "filters attached to the cgroup: bpf_prog_query\\(BPF_CGROUP_DEVICE"
	    "\\) failed: operation not permitted", { NULL } },
	{ "CTR-ROOTLESS", 1, "open failed: /sys/fs/cgroup/devices/", 0, NULL,
	    "open failed: (/sys/fs/cgroup/devices/[^: \n]*devices\\.allow): "
	    "permission denied", { NULL, "file" } },
	/* the GPU Operator's driver container not published for the node's
	 * OS: the registry answers the pull of its tag with not found */
	{ "CTR-DRIVER-IMAGE", 1, "nvcr.io/nvidia/driver:", 0, NULL,
	    "nvcr\\.io/nvidia/driver:([0-9]+(\\.[0-9]+)*)-([a-z]+[0-9.]*)"
	    "[^\n]{0,400}(not ?found|manifest unknown)", { NULL, "driver",
	    NULL, "os" } },
	/* cos-gpu-installer: the driver's files of a COS build, 404 */
	{ "CTR-DRIVER-IMAGE", 1, "gs://cos-tools/", 0, NULL, "gs://cos-tools/"
	    "([0-9][0-9.]*)/(gpu_[A-Za-z0-9_]+)[^\n]{0,120}404", { NULL,
	    "cos build", "file" } },
	/* gVisor's runsc: nvproxy has no ABI for the host's driver
	 * ("registering nvproxy driver: unsupported Nvidia driver version:
	 * 535.161.08"), or the program made a call it does not pass on
	 * ("nvproxy: unknown control command 0x20803801", "unknown
	 * allocation class 0x0000c7c0"); the program's own words for the
	 * last (busy or unavailable, an OS call failed) rank below */
	{ "CTR-GVISOR", 1, "unsupported Nvidia driver version", 0, "nvproxy",
	    "unsupported Nvidia driver version:? *([0-9]+(\\.[0-9]+)+)",
	    { NULL, "driver" } },
	{ "CTR-GVISOR", 1, "nvproxy: unknown ", 0, NULL, "nvproxy: unknown "
	    "(control command|allocation class|ioctl|frontend ioctl|uvm "
	    "ioctl)[^\n0-9]*(0x[0-9a-fA-F]+|[0-9]+)", { NULL, "call",
	    "number" } },
	/* the kubelet asking containerd or cri-o for the handler of the
	 * "nvidia" RuntimeClass, which their configuration lacks (the
	 * toolkit not installed on the node, or configuring another
	 * containerd): "failed to get sandbox runtime: no runtime for
	 * "nvidia" is configured" */
	{ "CTR-K8S", 1, "no runtime for \"nvidia\" is configured", 0, NULL,
	    "no runtime for \"nvidia\" is configured", { NULL } },
	{ "CTR-K8S", 1, "did you set the docker default runtime to", 0, NULL,
	    "did you set the docker default runtime to", { NULL } },
	/* the device plugin's own pod without the driver's NVML (its
	 * runtime injected no driver libraries): "error creating plugin
	 * manager: unable to create plugin manager: nvml init failed:
	 * ERROR_LIBRARY_NOT_FOUND" */
	/* the scheduler: no node offers a free nvidia.com/gpu ("0/1 nodes
	 * are available: 1 Insufficient nvidia.com/gpu") */
	{ "CTR-K8S", 2, "nodes are available: ", 0, NULL, "nodes are "
	    "available: [^\n]*Insufficient nvidia\\.com/gpu", { NULL } },
	{ "CTR-K8S", 1, "create plugin manager: nvml init failed", 0, NULL,
	    "create plugin manager: nvml init failed", { NULL } },
	/* a library of the driver, which no toolkit or wheel provides */
	/* a program's own words for the driver's OptiX library it could
	 * not load (libnvoptix.so.1: no graphics capability in a container,
	 * WSL2's driver without it) */
	{ "DRIVER-LIB", 2, "OptiX library", 1, NULL, "(load|find|open|locate) "
	    "OptiX library", { NULL } },
	{ "DRIVER-LIB", 2, "the OptiX library", 1, NULL, "(load|find|open|"
	    "locate) the OptiX library", { NULL } },
	/* OptiX's OPTIX_ERROR_LIBRARY_NOT_FOUND, which optixInit() returns
	 * when libnvoptix.so.1 does not load, by its name or a program's
	 * words ("Optix Error: 'Library not found'") */
	{ "DRIVER-LIB", 2, "OPTIX_ERROR_LIBRARY_NOT_FOUND", 0, NULL,
	    "OPTIX_ERROR_LIBRARY_NOT_FOUND", { NULL } },
	{ "DRIVER-LIB", 2, "optix", 0, NULL, "optix[^\n]{0,30}library not "
	    "found", { NULL } },
	/* the Vulkan loader found no driver's Vulkan part (libGLX_nvidia
	 * with its ICD file: a container without the graphics capability,
	 * an image without the driver's GL package) or one too old for the
	 * version asked for (VK_ERROR_INCOMPATIBLE_DRIVER, -9, says both) */
	{ "DRIVER-LIB", 2, "installable client driver (ICD)", 0, NULL,
	    "installable client driver \\(ICD\\)", { NULL } },
	/* DXVK with no Vulkan device: no NVIDIA Vulkan driver of the
	 * program's word size (a 32-bit game without the 32-bit driver
	 * libraries) or none reachable in its sandbox */
	{ "DRIVER-LIB", 2, "DXVK: No adapters found", 0, NULL, "DXVK: No "
	    "adapters found", { NULL } },
#define VK_INCOMPATIBLE "vkCreateInstance failed:? *(-9|" \
	"VK_ERROR_INCOMPATIBLE_DRIVER)([^0-9]|$)"
#define VK_INCOMPATIBLE_NAME "(VK_|VkResult: *)?ERROR_INCOMPATIBLE_DRIVER"
	{ "DRIVER-LIB", 3, "vkCreateInstance failed", 0, NULL, VK_INCOMPATIBLE,
	    { NULL } },
	{ "DRIVER-LIB", 3, "ERROR_INCOMPATIBLE_DRIVER", 1, NULL,
	    VK_INCOMPATIBLE_NAME, { NULL } },
	{ "F16", 3, "vkCreateInstance failed", 0, NULL, VK_INCOMPATIBLE,
	    { NULL } },
	{ "F16", 3, "ERROR_INCOMPATIBLE_DRIVER", 1, NULL, VK_INCOMPATIBLE_NAME,
	    { NULL } },
#undef VK_INCOMPATIBLE
#undef VK_INCOMPATIBLE_NAME
	/* GLX with no NVIDIA vendor library, falling back to Mesa's
	 * software driver, which finds no configuration for the display (a
	 * container or a Flatpak without the driver's GL libraries) */
	{ "DRIVER-LIB", 3, "libGL error: No matching fbConfigs", 0, NULL,
	    "libGL error: No matching fbConfigs or visuals found", { NULL } },
	{ "DRIVER-LIB", 3, "GLX: No GLXFBConfigs returned", 0, NULL,
	    "GLX: No GLXFBConfigs returned", { NULL } },
	/* nvidia-smi comes with the driver's utilities, as its libraries
	 * do: not installed, or a container without the utility
	 * capability */
	{ "DRIVER-LIB", 2, "nvidia-smi", 0, NULL, "nvidia-smi\\\\?[\"']?:? "
	    "*(command not found|not found|executable file not found|is not "
	    "recognized as an internal or external command)", { NULL } },
	/* crun's words for it, the name quoted before "not found"
	 * ("executable file `nvidia-smi` not found in $PATH": Podman's
	 * --gpus, which passes no GPU in, NVIDIA/nvidia-container-runtime
	 * #190) */
	{ "DRIVER-LIB", 2, "executable file ", 0, NULL, "executable file "
	    "[`'\"]?nvidia-smi[`'\"]? not found", { NULL } },
	/* Windows: a DLL of a program's CUDA build (its name says so:
	 * llamamodel-mainline-cuda.dll) that would not load for a module
	 * not found (error 126, ERROR_MOD_NOT_FOUND, 0x7e in winerror.h),
	 * or a CUDA build's program that exited with STATUS_DLL_NOT_FOUND
	 * (0xC0000135, -1073741515 as a signed exit status, ntstatus.h):
	 * the text does not say which DLL; the CUDA runtime of the build's
	 * release or the driver's nvcuda.dll */
#define CUDA_DLL_126 "([A-Za-z0-9_.-]*cuda[A-Za-z0-9_.-]*\\.dll): " \
	"*LoadLibrary[A-Za-z]* failed with error (126|0x7e)([^0-9a-f]|$)"
#define DLL_NOT_FOUND_EXIT "exited with (status |exit )?code:? " \
	"*(-1073741515|3221225781|0xC0000135)([^0-9]|$)"
	{ "F13", 3, "LoadLibrary", 1, NULL, CUDA_DLL_126, { NULL } },
	{ "DRIVER-LIB", 3, "LoadLibrary", 1, NULL, CUDA_DLL_126, { NULL } },
	{ "F13", 3, "exited with ", 0, "cuda", DLL_NOT_FOUND_EXIT, { NULL } },
	{ "DRIVER-LIB", 3, "exited with ", 0, "cuda", DLL_NOT_FOUND_EXIT,
	    { NULL } },
	/* Python's ctypes on Windows for the same DLL: "Could not find
	 * module '...\\llama_cpp_cuda\\lib\\llama.dll' (or one of its
	 * dependencies)" */
	{ "F13", 3, "Could not find module '", 0, NULL, "Could not find "
	    "module '[^'\n]*cuda[^'\n]*\\.dll' \\(or one of its dependencies\\)",
	    { NULL } },
	{ "DRIVER-LIB", 3, "Could not find module '", 0, NULL, "Could not "
	    "find module '[^'\n]*cuda[^'\n]*\\.dll' \\(or one of its "
	    "dependencies\\)", { NULL } },
#undef CUDA_DLL_126
#undef DLL_NOT_FOUND_EXIT
	/* a program's own words for an NVIDIA library of the CUDA toolkit
	 * it could not load ("Failed to load NPP library. NPP is required
	 * for CUDA color conversion.": TorchCodec) */
	{ "F13", 2, "Failed to load ", 0, NULL, "Failed to load (NPP|nvJPEG|"
	    "NVRTC|nvJitLink|cuBLAS|cuBLASLt|cuFFT|cuRAND|cuSPARSE|cuSOLVER) "
	    "librar(y|ies)", { NULL, "library" } },
	/* Rust's cudarc (candle, burn): a library it opens by its stem
	 * ("Unable to dynamically load the "nvrtc" shared library"): the
	 * driver's, or another of NVIDIA's */
	{ "DRIVER-LIB", 2, "Unable to dynamically load the", 0, NULL, "Unable "
	    "to dynamically load the \"(cuda|nvcuda|nvml|nvidia-ml)\" shared "
	    "library", { NULL, "missing" } },
	{ "F13", 2, "Unable to dynamically load the", 0, NULL, "Unable to "
	    "dynamically load the \"(cu[a-zA-Z]+|nvrtc|nvJitLink|nccl|"
	    "nvjpeg|npp[a-z]*)\" shared library", { NULL, "library" } },
	/* cuda-python's cuda.pathfinder ("DynamicLibNotFoundError: Failure
	 * finding \"nvJitLink*.dll\"", "... \"libnvrtc.so\"") and Python's
	 * ctypes on Windows ("Could not find module 'nvrtc.dll' (or one of
	 * its dependencies)") for a library of NVIDIA's outside the driver */
	{ "F13", 2, "Failure finding ", 0, NULL, "Failure finding [\"'`]?"
	    "((lib)?(cu[a-zA-Z_]+|nvrtc|nvvm|nvJitLink|npp[a-z_]*|nvjpeg|"
	    "nccl|nvToolsExt|nvfatbin|cudnn[a-z_]*)[^\"'` \n]*)",
	    { NULL, "library" } },
	{ "F13", 2, "Could not find module '", 0, NULL, "Could not find "
	    "module '([^'\n]*[\\\\/])?((cu[a-zA-Z_]+|nvrtc|nvvm|nvJitLink|"
	    "npp[a-z_]*)(64_[0-9_]+)?\\.dll)'", { NULL, NULL, "missing" } },
	/* Rust's cudarc: libcuda (or Windows' nvcuda) not found */
	{ "DRIVER-LIB", 2, "Unable to find cuda lib under the names", 0, NULL,
	    "Unable to find cuda lib under the names", { NULL } },
	{ "DRIVER-LIB", 2, "Cannot load lib", 0, NULL, "Cannot load "
	    "(lib(cuda|nvidia-[a-z-]+|nvcuvid)\\.so(\\.[0-9]+)*)",
	    { NULL, "missing" } },
	/* NVIDIA's Video Codec SDK (NvEncoder.cpp, NvDecoder.cpp) and the
	 * programs built on it: the driver's libnvidia-encode or libnvcuvid
	 * not found */
	{ "DRIVER-LIB", 2, "library file is not found", 1, NULL, "(NVENC|"
	    "NVDEC|NVCUVID|CUVID) library file is not found", { NULL } },
	/* ffmpeg's NVENC: no GPU whose encoder does what was asked (the
	 * codec, B-frames as references, 4:4:4, 10 bits) */
	/* LLVM's NVPTX back end (Triton, numba, Julia) asked for an
	 * instruction the target architecture lacks (thread block clusters
	 * before sm_90: "Cannot select: intrinsic
	 * %llvm.nvvm.read.ptx.sreg.clusterid.x") */
	{ "GPU-FEATURE", 2, "Cannot select: intrinsic %llvm.nvvm.", 0, NULL,
	    "Cannot select: intrinsic %(llvm\\.nvvm\\.[a-z0-9_.]+)",
	    { NULL, "intrinsic" } },
	/* Triton's check of a data type against the GPU ("type fp8e4nv not
	 * supported in this architecture": FP8 E4M3 before sm_89) */
	{ "GPU-FEATURE", 2, "not supported in this architecture", 1, NULL,
	    "(fp8[a-z0-9]*|bf16|fp16|tf32) not supported in this architecture",
	    { NULL, "type" } },
	{ "GPU-FEATURE", 2, "_nvenc @", 1, "No capable devices found",
	    "(h264|hevc|av1)_nvenc @ [^]\n]*\\] No capable devices found",
	    { NULL, "encoder" } },
	/* the driver's own libraries, GLVND's vendor libraries among them
	 * (the Vulkan loader's "libGLX_nvidia.so.0: cannot open shared
	 * object", its line cut there) */
	{ "DRIVER-LIB", 2, "cannot open shared object", 1, NULL, "(" P
	    "/)?(lib(nvidia-[a-z-]+|nvcuvid|nvoptix|(GLX|EGL|GLESv2|GLESv1_CM)"
	    "_nvidia)\\.so(\\.[0-9]+)*)" CANNOT, { NULL, NULL, "missing" } },
	/* a Jetson's: the DLA compiler of the board's L4T packages
	 * (nvidia-l4t-dla-compiler), which the container runtime mounts in
	 * from the host and no image or wheel carries */
	{ "DRIVER-LIB", 2, "cannot open shared object file", 1, NULL, "(" P
	    "/)?(libnvdla_compiler\\.so)" CANNOT, { NULL, NULL, "missing" } },
	/* cuda-gdb's debugger back-end is the driver's libcudadebugger.so.1
	 * (a container engine that does not pass it in: apptainer's
	 * nvliblist.conf) */
	{ "DRIVER-LIB", 2, "Could not find CUDA Debugger back-end", 0, NULL,
	    "Could not find CUDA Debugger back-end", { NULL } },
	/* a Vulkan renderer finding the driver's Vulkan part incomplete
	 * (SAPIEN: "Some required Vulkan extension is not present") */
	{ "DRIVER-LIB", 3, "required Vulkan extension is not present", 0, NULL,
	    "required Vulkan extension is not present", { NULL } },
	/* CUDA.jl before its PR #1868, on a machine without the driver:
	 * the binding's library name was never defined.  Raised inside Pkg's
	 * artifact selection (platform_augmentation.jl) it is that code's
	 * own failure, before any driver is asked */
	{ "NO-DRIVER", 2, "UndefVarError: ", 0, "!platform_augmentation",
	    "UndefVarError: `?"
	    "libcuda`? not defined", { NULL } },
	/* CUDA.jl's driver search (CUDA_Driver_jll) */
	{ "DRIVER-LIB", 3, "No system CUDA driver found", 0, NULL, "No system "
	    "CUDA driver found", { NULL } },
	/* CUDA.jl's choice of a CUDA runtime (initialization.jl): "CUDA.jl
	 * could not find an appropriate CUDA runtime to use." and its reason
	 * on the next lines, behind Julia's log frame ("│ ") */
	{ "CUDA-JL-RUNTIME", 1, "could not find an appropriate CUDA runtime",
	    0, NULL, "could not find an appropriate CUDA runtime( to use)?"
	    "\\.?([^A-Za-z]{0,24}(CUDA\\.jl's JLLs were precompiled without "
	    "an NVIDIA driver|You requested use of a local CUDA toolkit|You "
	    "are using an unsupported platform|Could not diagnose))?",
	    { NULL, NULL, NULL, "reason" } },
	/* nvidia-smi's own search of NVML */
	{ "DRIVER-LIB", 2, "couldn't find libnvidia-ml.so library", 0, NULL,
	    "couldn't find libnvidia-ml\\.so library", { NULL } },
	/* a program's own load of NVML or the driver's library failing
	 * (T-Rex: "Can't load NVML library, dlopen(126): failed to load
	 * nvml.dll") */
	{ "DRIVER-LIB", 2, "load NVML", 1, NULL, "(can't|cannot|couldn't|"
	    "not|to) load NVML( shared)? library", { NULL } },
	{ "DRIVER-LIB", 2, "failed to load ", 0, NULL, "failed to load "
	    "([^ \n,'\"]*[\\\\/])?(nvml\\.dll|nvcuda\\.dll|libcuda\\.so(\\.1)?|"
	    "libnvidia-ml\\.so(\\.1)?)\\b", { NULL, NULL, "library" } },
	/* a build script that asks nvidia-smi (bindgen_cuda, candle) on a
	 * machine without it */
	{ "NO-DRIVER", 3, "nvidia-smi` failed", 0, NULL, "nvidia-smi` "
	    "failed", { NULL } },
	/* TensorRT's loader (libLoader.h): "Unable to load library:
	 * cudnn64_8.dll", its own builder resource on Windows
	 * ("nvinfer_builder_resource_10.dll"), the name often on a line of
	 * its own */
	{ "F6", 2, "Unable to load library:", 0, NULL, "Unable to load "
	    "library:[[:space:]]*(" CUDNN_DLL "|" CUDNN ")", { NULL,
	    "missing" } },
	{ "F13", 2, "Unable to load library:", 0, NULL, "Unable to load "
	    "library:[[:space:]]*(" NVDLL "|" NVLIB SO "|(nvinfer[a-z_]*|"
	    "nvonnxparser)_[0-9]+\\.dll)", { NULL, "missing" } },
	/* a project's own compiled module that Python does not find: its
	 * _C or _backends ("cannot import name '_C' from 'sam2'"), an op
	 * named for CUDA ("No module named 'attn_core_inplace_cuda'"), or
	 * the name a project left undefined when the import failed
	 * (GroundingDINO's "name '_C' is not defined").  Not PyTorch's own
	 * (torch._C missing is a broken torch).  "No module named" is also
	 * what a wrapper says after a module failed to load for another
	 * reason: rank 4, below the reason's own row */
	{ "EXT-NOT-BUILT", 3, "cannot import name '_", 0, "!from 'torch",
	    "cannot import name '(_C|_ext|_backends?|_[A-Za-z0-9_]*cuda"
	    "[A-Za-z0-9_]*)' from '([A-Za-z0-9_.]+)'", { NULL, "module",
	    "package" } },
	{ "EXT-NOT-BUILT", 4, "No module named '", 0, "!named 'torch.",
	    "No module named '"
	    "(([A-Za-z0-9_]+\\.)*[A-Za-z0-9_]+_cuda|([A-Za-z0-9_]+\\.)+_(C|ext))'",
	    { NULL, "module" } },
	{ "EXT-NOT-BUILT", 3, "name '_C' is not defined", 0, NULL, "name '_C' "
	    "is not defined", { NULL } },
	/* a package's own word that its compiled kernels are missing and it
	 * runs its slow path instead ("CUDA kernel not found, please check
	 * CUDA and VPTQ installation.") */
	{ "EXT-NOT-BUILT", 3, "CUDA kernel", 0, NULL, "CUDA kernels? (is |are )?"
	    "not found[,.;:]? *(please )?check [^\n]{0,60}install", { NULL } },
	/* TensorRT's Python package on Windows (tensorrt/__init__.py,
	 * find_lib): each DLL it opens, looked for on PATH ("Could not find:
	 * cudnn64_8.dll. Is it on your PATH?") */
	{ "F6", 2, "Could not find: ", 0, NULL, "Could not find: ("
	    CUDNN_DLL ")\\. Is it on your PATH", { NULL, "missing" } },
	{ "F13", 2, "Could not find: ", 0, NULL, "Could not find: (" NVDLL
	    "|(nvinfer[a-z_]*|nvonnxparser)(_[0-9]+)?\\.dll)\\. Is it on "
	    "your PATH", { NULL, "missing" } },
	/* any other library of NVIDIA's, by its soname */
	/* ld.so's own words for a program's NEEDED library, the reason cut
	 * off ("error while loading shared libraries: libcudart.so.12") */
	{ "F13", 5, "error while loading shared libraries: ", 0, NULL,
	    "error while loading shared libraries: (" NVLIB SO ")",
	    { NULL, "missing" } },
	/* the linker's warning for a library a library it links needs */
	{ "F13", 4, ", needed by ", 1, NULL, "(" NVLIB SO "), needed by "
	    "[^,\n]*, not found", { NULL, "missing" } },
	/* the same, cut short where a paste or a log ended */
	{ "F13", 5, "cannot open shared o", 1, NULL, "(" P "/)?(" NVLIB SO
	    ") *: *cannot open shared o", { NULL, NULL, "missing" } },
	{ "F13", 4, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(" NVLIB SO ")" CANNOT, { NULL, NULL, "missing" } },
	/* any other library the loader could not open, or ld.so named: one
	 * of NVIDIA's when the soname table has it (table_sonames() in
	 * explain.c looks; CUPTI's libnvperf_host.so, the HPC SDK's
	 * libacchost.so), else no match */
	{ "F13", 6, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(lib[A-Za-z0-9_+-]+" SO ")" CANNOT,
	    { NULL, NULL, "table soname" } },
	{ "F13", 6, "error while loading shared libraries: ", 0, NULL,
	    "error while loading shared libraries: (lib[A-Za-z0-9_+-]+" SO
	    ")", { NULL, "table soname" } },
	/* the same failure in a wrapper's own words: torch for R's loader
	 * ("libcudart.so.11.0: Unable to open shared object file: there is
	 * no file or directory available") */
	{ "F13", 4, "Unable to open shared object", 1, NULL, "(" P "/)?"
	    "(" NVLIB SO ") *: *Unable to open shared object",
	    { NULL, NULL, "missing" } },
	/* Java's System.load on Windows: the NVIDIA DLL was found, one it
	 * needs was not ("cublas64_12.dll: Can't find dependent libraries") */
	{ "F13", 3, "Can't find dependent libraries", 1, NULL, "([^ \n]*[\\/])?"
	    "(" NVDLL "): Can't find dependent libraries", { NULL, NULL,
	    "library" } },
	/* a binding's probe of a CUDA library by its stem (DJL's CudaUtils:
	 * "cudart library not found."); the driver's own are DRIVER-LIB's */
	{ "F13", 3, " library not found", 1, NULL, "(lib)?(cudart|cublas(Lt)?|"
	    "cudnn|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nccl) "
	    "library not found", { NULL, NULL, "library" } },
	/* ldd's list of what a program needs ("libcublas.so.12 => not
	 * found"), and ntldd's of a Windows DLL: by the same families */
	{ "F7", 3, "=> not found", 1, NULL, "(libcudnn[a-z_]*\\.so\\.9|"
	    "cudnn[a-z_]*64_9\\.dll) => not found", { NULL, "missing" } },
	{ "F6", 3, "=> not found", 1, NULL, "(libcudnn[a-z_]*\\.so(\\.[0-9]+)*|"
	    CUDNN_DLL ") => not found", { NULL, "missing" } },
	{ "DRIVER-LIB", 2, "=> not found", 1, NULL, "(libcuda\\.so\\.1|"
	    "nvcuda\\.dll|lib(nvidia-[a-z-]+|nvcuvid|nvoptix)\\.so(\\.[0-9]+)*) "
	    "=> not found", { NULL, "missing" } },
	/* the link editor's "warning: libcuda.so.1, needed by X, not found"
	 * for a library of the driver (Jetson's L4T ones too: libnvdla_*,
	 * libnvrm_*, libnvos) */
	{ "DRIVER-LIB", 2, ", needed by ", 1, NULL, "(lib(cuda|nvidia-[a-z-]+|"
	    "nvcuvid|nvoptix|nvdla_[a-z]+|nvrm_[a-z]+|nvos)\\.so(\\.[0-9]+)*), "
	    "needed by [^ \n]+, not found", { NULL, "missing" } },
	{ "F13", 4, "=> not found", 1, NULL, "(" NVLIB SO "|" NVDLL ") => "
	    "not found", { NULL, "missing" } },
	/* a program's own words for a DLL of NVIDIA's it could not find
	 * ("System error - cudart64_12.dll not found") */
	/* Windows' loader log as Unreal Engine prints it ("LogWindows:
	 * Missing import: cudart64_12.dll") */
	{ "F13", 3, "Missing import: ", 0, NULL, "Missing import: (" NVDLL ")",
	    { NULL, "missing" } },
	{ "F13", 4, "dll not found", 1, NULL, "(" NVDLL ") (was )?not found",
	    { NULL, "missing" } },
	{ "F13", 4, "dll was not found", 1, NULL, "(" NVDLL ") (was )?not "
	    "found", { NULL, "missing" } },
	/* a symbol a library's sibling of another release lacks, in both of
	 * glibc's wordings (elf/dl-lookup.c) */
	{ "LIB-SYMBOL", 3, UNDEF, 1, NULL, "((" P SO ") *: *)?" SYMBOL
	    "([A-Za-z0-9_]+),? version (lib[A-Za-z0-9_]+\\.so\\.[0-9]+)",
	    { NULL, NULL, "file", "symbol", "provider" } },
	{ "LIB-SYMBOL", 3, "not defined in file", 0, NULL, "not defined in "
	    "file (lib[A-Za-z0-9_]+\\.so[.0-9]*) with link time reference",
	    { NULL, "provider" } },
	/* the GPU, the framework's build */
	{ "F21", 1, "CUDA capability sm_", 0, NULL, "CUDA capability "
	    "sm_([0-9]+) is not comp(atible with the current PyTorch "
	    "installation)?", { NULL, "sm" } },
	/* the same warning's second line alone (torch/cuda/__init__.py,
	 * _check_capability: printed only for a GPU whose major the build
	 * has no kernels of) */
	{ "F21", 1, "install supports CUDA capabilities sm_", 0, NULL,
	    "install supports CUDA capabilities (sm_[0-9]+[a-z]?"
	    "( sm_[0-9]+[a-z]?)*)", { NULL, "supported" } },
	/* TensorFlow's device setup (common_runtime/gpu/gpu_device.cc) on a
	 * GPU its build has no binary kernels for, only PTX of an earlier
	 * architecture: "TensorFlow was not built with CUDA kernel binaries
	 * compatible with compute capability 12.0. CUDA kernels will be
	 * jit-compiled from PTX, which could take 30 minutes or longer." */
	{ "PTX-JIT", 3, "not built with CUDA kernel binaries compatible", 0,
	    NULL, "not built with CUDA kernel binaries compatible with compute "
	    "capability ([0-9]+\\.[0-9]+)", { NULL, "compute capability" } },
	/* an application's own check of the GPU against the list of
	 * architectures its PyTorch build has ("NVIDIA GeForce RTX 4060
	 * (sm_89) is not supported by this PyTorch build. Supported
	 * architectures: sm_61, sm_70, sm_86, ..."): explain.c keeps
	 * CC-MINOR when the list has an earlier minor of the GPU's major
	 * (its cubins run there), F21 when it has none */
	{ "CC-MINOR", 1, "(sm_", 0, NULL, SM_LIST, { NULL, "sm", "supported" } },
	{ "F21", 1, "(sm_", 0, NULL, SM_LIST, { NULL, "sm", "supported" } },
	/* the same check worded around the capability: "NVIDIA GeForce RTX
	 * 4080 is compute capability sm_89, but this install's PyTorch only
	 * has kernels for sm_50 sm_60 ... sm_86 sm_90" */
	{ "CC-MINOR", 1, "capability sm_", 0, NULL, SM_KERNELS_FOR,
	    { NULL, "sm", NULL, "supported" } },
	{ "F21", 1, "capability sm_", 0, NULL, SM_KERNELS_FOR,
	    { NULL, "sm", NULL, "supported" } },
	/* a package's own check of the GPU's architecture, its name after
	 * a colon (SageAttention: "ValueError: Unsupported CUDA
	 * architecture: sm60"); nvcc's quotes it (NVCC-ARCH) */
	/* a program's list of the compute capabilities it runs on, and the
	 * GPU's outside it ("only allowed on devices with the following
	 * compute capabilities: [90, 100], got 80") */
	/* text-embeddings-inference's (candle's) check of the GPU against
	 * its build */
	{ "F21", 2, "is not compatible with compile time compute cap", 1,
	    NULL, "(([0-9]+) )?is not compatible with compile time compute "
	    "cap ([0-9]+)", { NULL, NULL, "gpu cap", "built for" } },
	/* the same image's refusal of a GPU its build has no kernels for
	 * ("cuda compute cap 120 is not supported") */
	{ "F21", 2, "compute cap ", 0, NULL, "compute cap ([0-9]+) is not "
	    "supported", { NULL, "gpu cap" } },
	/* text-generation-inference's FlashAttention check: "GPU with CUDA
	 * capability 7 0 is not supported" (its kernels need sm_75 or
	 * sm_80) */
	{ "GPU-FEATURE", 2, "GPU with CUDA ", 0, NULL, "GPU with CUDA (is )?"
	    "capability ([0-9]+) ([0-9]+) is not supported",
	    { NULL, NULL, "major", "minor" } },
	/* Ollama's runners checking the GPU against their build ("skipping
	 * CUDA device - compute capability not in compiled architectures"
	 * device="NVIDIA RTX A6000" cc=860 archs="[750 890 1000 1200]") */
	{ "F21", 2, "compute capability not in compiled architectures", 0,
	    NULL, "compute capability not in compiled architectures[^\n]*"
	    "([[:space:]][^\n]*)?cc=([0-9]+) archs=\"?\\[([0-9 ]+)\\]",
	    { NULL, NULL, "gpu cap", "built for" } },
	/* the HPC SDK's OpenACC runtime on a GPU the file has no code for
	 * ("This file was compiled: -acc=gpu -gpu=cc90 / Rebuild this file
	 * with -gpu=cc120 to use NVIDIA Tesla GPU 0", TinkerTools/tinker-hp
	 * #32) */
	{ "F21", 1, "Rebuild this file with -gpu=cc", 0, NULL, "Rebuild this "
	    "file with -gpu=cc([0-9]+)", { NULL, "gpu cap" } },
	/* Triton Inference Server's backends that run on a GPU only, where
	 * the server sees none ("unable to load model 'x', TensorRT backend
	 * supports only GPU device": a GPU-less instance,
	 * clearml-serving#60) */
	{ "NO-DRIVER", 2, " backend supports only GPU device", 1, NULL,
	    "([A-Za-z]+) backend supports only GPU device", { NULL,
	    "backend" } },
	/* PaddlePaddle's check of the GPU against the architectures its
	 * wheel was built for (gpu_resources.cc: "Mismatched GPU
	 * Architecture: The installed PaddlePaddle package was compiled for
	 * 61 75 80 86 ,but your current GPU is 120") */
	{ "F21", 2, "Mismatched GPU Architecture", 0, NULL, "Mismatched GPU "
	    "Architecture[^\n]*compiled for ([0-9 ]+)[ ,]*but your current "
	    "GPU is ([0-9]+)", { NULL, "built for", "gpu cap" } },
	/* RAPIDS' check of the GPU (cudf/utils/gpu_utils.py): "A GPU with
	 * NVIDIA Volta(TM) (Compute Capability 7.0) or newer architecture is
	 * required", and its build without the GPU's PTX ("missing the
	 * necessary PTX files that are <=50") */
	{ "F21", 2, "(Compute Capability ", 0, NULL, "\\(Compute Capability "
	    "([0-9]+\\.[0-9]+)\\) or newer architecture is required",
	    { NULL, "needs" } },
	{ "F21", 2, "missing the necessary PTX files", 0, NULL, "missing the "
	    "necessary PTX files that are <= *([0-9]+)", { NULL, "sm" } },
	/* PyTorch's warning for a GPU below its build's lowest capability
	 * (torch/cuda/__init__.py: "Found GPU0 Tesla V100 which is of cuda
	 * capability 7.0. PyTorch no longer supports this GPU because it is
	 * too old. The minimum cuda capability supported by this library is
	 * 7.5.") */
	/* PyTorch's warning for a GPU outside its build's range, with the
	 * range ("which is of cuda capability 12.1.  Minimum and Maximum
	 * cuda capability supported by this version of PyTorch is (8.0) -
	 * (12.0)"): explain.c keeps CC-MINOR for a later minor of the
	 * highest major, F21 for the rest */
	{ "CC-MINOR", 1, "which is of cuda capability ", 0, NULL, CC_RANGE,
	    { NULL, "cc", "lowest", "highest" } },
	{ "F21", 1, "which is of cuda capability ", 0, NULL, CC_RANGE,
	    { NULL, "cc", "lowest", "highest" } },
	/* PyTorch 2.8 and later: the GPU's capability and the list of
	 * those its build runs on, printed only when none runs it ("Found
	 * GPU0 NVIDIA GeForce GTX 1080 Ti which is of compute capability
	 * (CC) 6.1. The following list shows the CCs this version of
	 * PyTorch was built for and the hardware CCs it supports") */
	{ "F21", 1, "which is of compute capability (CC) ", 0, NULL, "which is "
	    "of compute capability \\(CC\\) ([0-9]+\\.[0-9]+)\\.?[[:space:]]*"
	    "The following list shows the CCs this version of PyTorch was "
	    "built for", { NULL, "cc" } },
	{ "F21", 1, "which is of cuda capability ", 0, NULL, "which is of cuda "
	    "capability ([0-9]+\\.[0-9]+)\\.?[[:space:]]*PyTorch no longer "
	    "supports this GPU because it is too old", { NULL, "cc" } },
	{ "F21", 2, "with the following compute capabilities", 0, NULL,
	    "with the following compute capabilities:? *\\[[0-9, ]+\\],? "
	    "got ([0-9]+)", { NULL, "sm" } },
	/* a package's check of the kernels its build has (SageAttention:
	 * "SM89 kernel is not available. Make sure you GPUs with compute
	 * capability 8.9.") */
	{ "F21", 2, " kernel is not available", 1, NULL, "SM([0-9]+)[a-z]? "
	    "kernels? (is|are) not available", { NULL, "sm" } },
	{ "F21", 2, "Unsupported CUDA architecture: ", 0, NULL, "Unsupported "
	    "CUDA architecture: *(sm_?[0-9]+[a-z]?)", { NULL, "sm" } },
	{ "F21", 2, "Unsupported GPU architecture: ", 0, NULL, "Unsupported "
	    "GPU architecture: *(sm_?[0-9]+[a-z]?)", { NULL, "sm" } },
	/* the entrypoint of NVIDIA's NGC containers, on a GPU newer than the
	 * container's CUDA and libraries: "WARNING: Detected NVIDIA ... GPU,
	 * which is not yet supported in this version of the container",
	 * "ERROR: No supported GPU(s) detected to run this container" */
	{ "F21", 2, "not yet supported in this version of the container", 0,
	    NULL, "not yet supported in this version of the container",
	    { NULL } },
	{ "F21", 2, "No supported GPU(s) detected to run this container", 0,
	    NULL, "No supported GPU\\(s\\) detected to run this container",
	    { NULL } },
	/* TensorRT's builder on a GPU newer than its release ("Target GPU SM
	 * 120 is not supported by this TensorRT release") */
	{ "F21", 1, "is not supported by this TensorRT release", 0, NULL,
	    "is not supported by this TensorRT release", { NULL } },
	/* a program's own words for GPUs it has no build for */
	{ "F21", 3, "No supported CUDA GPUs found", 0, NULL, "No supported "
	    "CUDA GPUs found", { NULL } },
	/* TensorRT's builder and runtime on a GPU its release dropped
	 * (TensorRT 10 and Pascal: "Unsupported SM: 0x601") */
	{ "F21", 2, "Unsupported SM: 0x", 0, NULL, "Unsupported SM: "
	    "(0x[0-9a-f]+)", { NULL, "sm_hex" } },
	{ "F21", 2, "no kernel image is available", 0, NULL, "no kernel image "
	    "is available for execution( on the device)?", { NULL } },
	/* Blender's Cycles: no kernel of its own for this GPU, so it
	 * compiles one at run time with the nvcc it finds (what nvcc then
	 * says is the symptom, ranked after), or says there is none */
	{ "F21", 1, "Failed to execute compilation command", 0,
	    "Compiling CUDA kernel", "Failed to execute compilation command",
	    { NULL } },
	{ "F21", 2, "CUDA binary kernel for this graphics card", 0, NULL,
	    "CUDA binary kernel for this graphics card compute capability "
	    "\\(([0-9]+\\.[0-9]+)\\) not found", { NULL, "cc" } },
	/* ggml's check of the architectures it was built for */
	{ "F21", 2, "compiled without support for the current GPU "
	    "architecture", 0, NULL, "compiled without support for the "
	    "current GPU architecture", { NULL } },
	/* ggml: device code for other architectures only */
	{ "F21", 2, "has no device code compatible with CUDA arch", 0, NULL,
	    "has no device code compatible with CUDA arch ([0-9]+)",
	    { NULL, "arch" } },
	/* PaddlePaddle's check of the GPU against its build
	 * (gpu_resources.cc) */
	{ "F21", 2, "compute capability in your current machine is ", 0, NULL,
	    "compute capability in your current machine is ([0-9]+), which is "
	    "not supported by Paddle", { NULL, "sm" } },
	/* an extension's own loader: no build for this GPU (tiny-cuda-nn) */
	{ "F21", 2, "for compute capability", 0, "Could not find compatible",
	    "for compute capability ([0-9]+)", { NULL, "sm" } },
	/* the same raise as the traceback shows its source line, the
	 * number still the f-string's field ("... for compute capability
	 * {system_compute_capability}.") */
	{ "F21", 2, "for compute capability {", 0, "Could not find compatible",
	    "for compute capability \\{[A-Za-z_]+\\}", { NULL } },
	/* spconv's prebuilt kernels: "your gpu arch (8, 9) isn't compiled
	 * in prebuilt, may cause invalid device function" */
	{ "F21", 2, "gpu arch (", 0, NULL, "gpu arch "
	    "\\(([0-9]+), ([0-9]+)\\) isn't compiled in prebuilt",
	    { NULL, "major", "minor" } },
	/* Kokkos (LAMMPS, Trilinos): built for another architecture */
	{ "F21", 2, "likely mismatch of architecture", 0, NULL, "likely "
	    "mismatch of architecture", { NULL } },
	/* Kokkos' device check at initialisation: "running kernels
	 * compiled for compute capability 10.0 on device with compute
	 * capability 12.0": F21 unless the device is a later minor of the
	 * same major (CC-MINOR: its cubins run there), as PyTorch's range */
	{ "CC-MINOR", 2, "kernels compiled for compute capability", 0, NULL,
	    KOKKOS_CC, { NULL, "lowest", "highest", "cc" } },
	{ "F21", 2, "kernels compiled for compute capability", 0, NULL,
	    KOKKOS_CC, { NULL, "lowest", "highest", "cc" } },
	/* xformers' (and CUTLASS-based extensions') kernel check: "kernel
	 * fmha_cutlassF_f16_aligned_64x128_rf_sm80 is for sm80-sm100, but
	 * was built for sm75" */
	{ "F21", 2, "is for sm", 0, NULL, "is for sm[0-9]+(-sm[0-9]+)?, but "
	    "was built for sm([0-9]+)", { NULL, NULL, "built for" } },
	{ "F21", 2, "was not compiled with any CUDA arch", 0, NULL,
	    "was not compiled with any CUDA arch", { NULL } },
	/* PaddlePaddle's check of its wheel's architectures against the GPU
	 * ("The GPU architecture in your current machine is Pascal, which is
	 * not compatible with Paddle installation with arch: 70 75 80 86") */
	{ "F21", 2, "GPU architecture in your current machine is ", 0, NULL,
	    "GPU architecture in your current machine is ([A-Za-z]+), which is "
	    "not compatible with Paddle installation with arch: *([0-9 ]+)",
	    { NULL, "GPU", "built for" } },
	{ "F22", 1, "CUDNN_STATUS_MAPPING_ERROR", 0, NULL,
	    "CUDNN_STATUS_MAPPING_ERROR", { NULL } },
	{ "F22", 1, "CUDNN error(7)", 0, NULL, "CUDNN error\\(7\\)", { NULL } },
	{ "CUDNN-NOT-INITIALIZED", 1, "CUDNN_STATUS_NOT_INITIALIZED", 0, NULL,
	    "CUDNN_STATUS_NOT_INITIALIZED", { NULL } },
	/* TensorFlow's and XLA's cudnnCreate() failing, with whatever status
	 * it returned ("Could not create cudnn handle:
	 * CUDNN_STATUS_INTERNAL_ERROR", cuda_dnn.cc) */
	{ "CUDNN-NOT-INITIALIZED", 1, "create cudnn handle", 0, NULL,
	    "create cudnn handle", { NULL } },
	/* DGL ships its C++ libraries per PyTorch release
	 * (libdgl_sparse_pytorch_2.1.0.so): none for the torch installed */
	/* Windows' loader for a compiled extension module one of whose
	 * imports its DLLs lack (ERROR_PROC_NOT_FOUND, 127, in the system's
	 * language): pytorch3d's _C, SageAttention's _fused built against
	 * another PyTorch.  A PyTorch extension by the text (torch named) or
	 * by its module's name, private as extensions name theirs (_C,
	 * _fused, _ext); a package's public module (PyQt's QtCore) is no
	 * PyTorch's */
#define PROC127 "(The specified procedure could not be found|angegebene " \
	"Prozedur wurde nicht gefunden|procédure spécifiée est introuvable|" \
	"找不到指定的程序|指定されたプロシージャが見つかりません|" \
	"지정된 프로시저를 찾을 수 없습니다|Не найдена указанная процедура)"
	{ "TORCH-ABI", 3, "DLL load failed while importing ", 0, "torch",
	    "DLL load failed while importing ([A-Za-z0-9_]+): *" PROC127,
	    { NULL, "module" } },
	{ "TORCH-ABI", 3, "DLL load failed while importing _", 0, NULL,
	    "DLL load failed while importing (_[A-Za-z0-9_]*): *" PROC127,
	    { NULL, "module" } },
#undef PROC127
	{ "TORCH-ABI", 2, "Cannot find DGL C++ ", 0, NULL, "Cannot find DGL "
	    "C\\+\\+ [a-z]+ library at [^\n]*_pytorch_([0-9.]+)\\.so",
	    { NULL, "built for" } },
	/* conda linking a framework's CPU variant: conda-forge marks it in
	 * the build string ("onnxruntime-1.20.1-py312h414cfab_0_cpu",
	 * "pytorch-2.5.1-cpu_mkl_py312h...", "jaxlib-0.4.35-cpu_py312h...") */
	{ "F27", 2, "cpu", 1, NULL, "(onnxruntime|pytorch|libtorch|jaxlib|"
	    "tensorflow|tensorflow-base)-[0-9][0-9a-z.]*-([a-z0-9]+_)*cpu"
	    "(_[a-z0-9]+)*([^A-Za-z0-9_]|$)", { NULL, "package" } },
	/* an extension's own report that the PyTorch here is a CPU build
	 * (xFormers: "PyTorch 2.1.2+cu121 with CUDA 1201 (you have
	 * 2.1.2+cpu)") */
	{ "F27", 0, "(you have ", 0, NULL, "\\(you have ([0-9][0-9.a-z]*"
	    "\\+cpu)\\)", { NULL, "torch" } },
	/* xFormers (xformers/_cpp_lib.py): "xFormers was built for:
	 * PyTorch 2.7.1+cu126 with CUDA 1208 (you have 2.8.0+cu128)"; its
	 * CUDA "None" where the build did not record one */
	{ "TORCH-ABI", 1, "xFormers was built for:", 0, NULL, "xFormers was "
	    "built for:[[:space:]]*PyTorch ([^ \n]+) with CUDA ([0-9]+|None) "
	    "\\(you have ([^)\n]+)\\)", { NULL, "built for", NULL, "torch" } },
	/* JAX's own word for a jaxlib without its CUDA plugin, and the
	 * plugin's check of the libraries it loads */
	{ "F27", 2, "a CUDA-enabled jaxlib is not installed", 0, NULL,
	    "a CUDA-enabled jaxlib is not installed", { NULL } },
	{ "F13", 1, "Unable to load ", 0, "Is it installed?", "Unable to "
	    "load (cuBLAS|cuSPARSE|cuSOLVER|cuFFT|cuDNN|CUPTI|NCCL|nvJitLink|cudart|NVRTC)"
	    "\\. Is it installed\\?", { NULL, "library" } },
	/* vLLM's platform check of its own version: "CUDA platform is not
	 * available because vLLM is built with CPU." */
	{ "F27", 1, "CUDA platform is not available because ", 0, NULL,
	    "CUDA platform is not available because [A-Za-z]+ is built with "
	    "CPU", { NULL } },
	{ "F27", 1, "Torch not compiled with CUDA enabled", 0, NULL,
	    "Torch not compiled with CUDA enabled", { NULL } },
	/* a program's own device option that offers no GPU: a build
	 * without it.  clap: "invalid value 'cuda' for '--device <DEVICE>'"
	 * then "[possible values: cpu]"; argparse: "argument --device:
	 * invalid choice: 'cuda' (choose from 'cpu', 'mps')" */
	{ "F27", 2, "invalid value '", 0, NULL, "invalid value '(cuda|gpu)' "
	    "for '[^'\n]*'[^\n]*[[:space:]]*\\[possible values: " NOT_CUDA
	    "(, " NOT_CUDA ")*\\]", { NULL } },
	{ "F27", 2, "invalid choice: '", 0, NULL, "invalid choice: '(cuda|gpu)"
	    "' \\(choose from '" NOT_CUDA "'(, '" NOT_CUDA "')*\\)", { NULL } },
	/* the framework's probe said no, and the text says no more: a CPU
	 * build (F27) or no GPU it can see (NO-DRIVER); doctor tells which.
	 * "torch.cuda.is_available(): False", ">>> o3d.core.cuda.is_available()"
	 * then "False", "Warning: torch.cuda.is_available() returned False";
	 * TensorFlow's guide's "Num GPUs Available:  0" */
	{ "F27", 3, "cuda.is_available()", 0, NULL, IS_AVAILABLE_FALSE,
	    { NULL } },
	{ "NO-DRIVER", 3, "cuda.is_available()", 0, NULL, IS_AVAILABLE_FALSE,
	    { NULL } },
	{ "F27", 3, "Num GPUs Available", 0, NULL, "Num GPUs Available:? *0\\b",
	    { NULL } },
	{ "NO-DRIVER", 3, "Num GPUs Available", 0, NULL, "Num GPUs "
	    "Available:? *0\\b", { NULL } },
	/* PyTorch's CUDA half, libtorch_cuda.so and libc10_cuda.so, comes
	 * only with its CUDA builds (Debian's CPU libtorch1.13 has
	 * libtorch.so, libtorch_cpu.so and libc10.so alone): Python cannot
	 * import an extension linked against it where torch is a CPU build
	 * (a program of its own that does not find it is the loader's path,
	 * not this) */
	{ "F27", 1, "ImportError", 0, NULL, "ImportError: *(lib(torch|c10)_cuda"
	    "\\.so)" CANNOT, { NULL, "missing" } },
	/* PyTorch's other libraries, and its CUDA half outside Python's
	 * import (a program of its own: "error while loading shared
	 * libraries: libtorch_cuda.so"): they are in torch's lib directory,
	 * which the loader searches only once torch is loaded.  Ranked after
	 * the CPU build's row above.  libtorch_cuda_cu.so and
	 * libtorch_cuda_cpp.so are PyTorch 1.x's halves of libtorch_cuda.so
	 * (2.0 has neither: an extension built against 1.x). */
	{ "TORCH-LIB", 2, "libc10", 0, NULL, "(libc10(_cuda)?\\.so)" CANNOT,
	    { NULL, "missing" } },
	{ "TORCH-LIB", 2, "libtorch", 0, NULL, "(libtorch(_cpu|_cuda|_cuda_cu|"
	    "_cuda_cpp|_python|_global_deps)?\\.so)" CANNOT, { NULL, "missing" } },
	{ "TORCH-LIB", 2, "libshm.so", 0, NULL, "(libshm\\.so)" CANNOT,
	    { NULL, "missing" } },
	{ "F27", 2, "was not built with CUDA backend", 0, NULL, "was not built "
	    "with CUDA backend", { NULL } },
	/* a CUDA device refused by a build without it: FFmpeg's hardware
	 * decoder list ("Decoder h264 does not support device type cuda"),
	 * TorchCodec's CPU wheel ("Unsupported device: cuda"), Polars without
	 * its GPU engine's package ("GPU engine requested, but required
	 * package 'cudf_polars' not found") */
	{ "F27", 2, "does not support device type cuda", 0, NULL, "does not "
	    "support device type cuda", { NULL } },
	{ "F27", 2, "Unsupported device: ", 0, NULL, "Unsupported device: "
	    "*'?cuda([:'\n ]|$)", { NULL } },
	{ "F27", 2, "GPU engine requested, but required package", 0, NULL,
	    "GPU engine requested, but required package '([a-z_]+)' not "
	    "found", { NULL, "package" } },
	/* the CUDA extensions' own words for a CPU build of theirs: PyG's
	 * torch-scatter, -cluster, -sparse, -spline ("Not compiled with CUDA
	 * support"), detectron2's ("Not compiled with GPU support"), DGL's
	 * ("Device API cuda is not enabled"), NVIDIA Warp's ("this build of
	 * Warp does not support CUDA") */
	{ "F27", 2, "ot compiled with ", 1, NULL, "[Nn]ot compiled with "
	    "(CUDA|GPU) support", { NULL } },
	{ "F27", 2, "Device API cuda is not enabled", 0, NULL, "Device API "
	    "cuda is not enabled", { NULL } },
	{ "F27", 2, "build of ", 0, NULL, "build of [A-Za-z0-9_.-]+ does not "
	    "support CUDA", { NULL } },
	/* a program's own word that its CUDA part is not in this build
	 * (LightGBM: "CUDA Tree Learner was not enabled in this build", the
	 * ort crate: "CUDA execution provider is not enabled in this
	 * build") */
	{ "F27", 2, "CUDA", 0, "not enabled in this build", "CUDA[A-Za-z "
	    "]{0,40} (is|was) not enabled in this build", { NULL } },
	/* Open MPI asked for CUDA support its build does not have */
	{ "F27", 2, "requested CUDA support", 0, NULL, "requested CUDA "
	    "support[^\n]*[[:space:]]+but the library was not compiled with "
	    "any support", { NULL } },
	/* a program's build option for its GPU part, off in this build
	 * (sherpa-onnx: "Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON.
	 * Available providers: CPUExecutionProvider") */
	{ "F27", 2, "compile with -D", 0, NULL, "compile with -D[A-Z0-9_]*"
	    "(GPU|CUDA)[A-Z0-9_]*=ON", { NULL } },
	/* the same with the option's value 1 (LightGBM: "Please recompile
	 * with CMake option -DUSE_CUDA=1") */
	{ "F27", 2, "compile with CMake option -D", 0, NULL, "compile with "
	    "CMake option -D[A-Z0-9_]*(GPU|CUDA)[A-Z0-9_]*=(1|ON)", { NULL } },
	/* a build's own record of its options, its CUDA part off (Open3D's
	 * open3d._build_config "BUILD_CUDA_MODULE: False", a CMake cache's
	 * "BUILD_CUDA:BOOL=OFF"), and a program's list of its backends
	 * (gpufetch -v: "CUDA backend:  OFF") */
	{ "F27", 3, "BUILD_CUDA", 0, NULL, "BUILD_CUDA[A-Z0-9_]*\"?"
	    "(:BOOL)?[ \t]*[:=][ \t]*\"?(OFF|False|0)([^A-Za-z0-9_]|$)",
	    { NULL } },
	{ "F27", 3, "CUDA backend", 0, NULL, "CUDA backend:?[ \t]*OFF"
	    "([^A-Za-z0-9_]|$)", { NULL } },
	/* c10's device guard in a LibTorch without CUDA (torch for R, tch,
	 * DJL: "PyTorch is not linked with support for cuda devices") */
	{ "F27", 1, "is not linked with support for cuda", 1, NULL,
	    "PyTorch is not linked with support for cuda devices", { NULL } },
	/* XLA without its CUDA platform (xla-rs, an old jaxlib: "Could not
	 * find registered platform with name: \"cuda\". Available platform
	 * names are: Interpreter Host") */
	{ "F27", 2, "Could not find registered platform with name", 0, NULL,
	    "Could not find registered platform with name: *\"cuda\"",
	    { NULL } },
	/* a CPU wheel's version shown where the program reports its
	 * PyTorch (Ultralytics' banner "torch-2.1.0+cpu", pip's "torch==
	 * 2.1.0+cpu"), not an index's list of versions */
	{ "F27", 3, "+cpu", 1, NULL, "(py)?torch(-|==)v?([0-9]+\\.[0-9]+"
	    "[0-9.a-z]*\\+cpu)([^A-Za-z0-9,]|$)", { NULL, NULL, NULL,
	    "torch" } },
	/* the same version alone, as torch.__version__ prints it ("2.4.0+cpu"
	 * on a line of its own, collect_env's "PyTorch version: 2.4.0+cpu"):
	 * the local tag +cpu is the CPU index's builds of PyTorch and its
	 * companions; not pip's list of an index's versions */
	{ "F27", 3, "+cpu", 1, "!from versions:", "v?([0-9]+\\.[0-9]+"
	    "(\\.[0-9]+)*(\\.post[0-9]+)?\\+cpu)([^A-Za-z0-9,.]|\\.?$|\\. )",
	    { NULL, "version" } },
	/* llama.cpp finding no GPU to offload to ("warning: one possible
	 * reason is that llama.cpp was compiled without GPU support"); not
	 * where the same build lists a CUDA device ("CUDA0: NVIDIA ...") */
	/* MXNet's storage asked for GPU memory in a build without CUDA
	 * (src/storage/storage.cc: "Compile with USE_CUDA=1 to enable GPU
	 * usage"): the mxnet wheel, not mxnet-cu*, is installed */
	{ "F27", 2, "Compile with USE_CUDA=1 to enable GPU", 0, NULL,
	    "Compile with USE_CUDA=1 to enable GPU", { NULL } },
	/* OpenCV's CUDA functions in a build without CUDA (its
	 * private.cuda.hpp: "(-216:No CUDA support) The library is compiled
	 * without CUDA support in function 'throw_no_cuda'"; OpenCV 2's "No
	 * GPU support (The library is compiled without CUDA support)"): the
	 * pip wheels (opencv-python) are all built so */
	{ "F27", 2, "library is compiled without CUDA support", 0, NULL,
	    "library is compiled without CUDA support", { NULL } },
	{ "F27", 3, "compiled without GPU support", 0, "!CUDA0: ", "compiled "
	    "without GPU support", { NULL } },
	{ "F27", 3, "no usable GPU found, --gpu-layers option will be "
	    "ignored", 0, "!CUDA0: ", "no usable GPU found, --gpu-layers "
	    "option will be ignored", { NULL } },
	/* Ollama's list of the runners its build has, none for CUDA
	 * ("Dynamic LLM libraries" runners=[cpu cpu_avx cpu_avx2]) */
	{ "F27", 3, "runners=[", 0, NULL, "runners=\\[(cpu[a-z0-9_]* ?)+\\]",
	    { NULL } },
	{ "F27", 2, "the CPU version is installed", 0, NULL,
	    "the CPU version is installed", { NULL } },
	/* PyTorch's dispatcher: an operator of a library beside torch
	 * (torchvision::nms, an extension's) with no CUDA kernel
	 * registered, that library being a CPU build; aten's own
	 * operators without a CUDA kernel are PyTorch's, not a build's */
	{ "F27", 2, "Could not run '", 0, "!Could not run 'aten::",
	    "Could not run '([A-Za-z0-9_]+)::([A-Za-z0-9_.]+)' with arguments "
	    "from the '(CUDA|SparseCUDA|QuantizedCUDA)' backend",
	    { NULL, "library", "operator" } },
	/* mmcv's device registry: an op built without its CUDA code
	 * ("nms_impl: implementation for device cuda:0 not found") */
	{ "F27", 2, "implementation for device cuda", 1, NULL, "([A-Za-z0-9_]+)"
	    ": implementation for device cuda(:[0-9]+)? not found",
	    { NULL, "operator" } },
	{ "F31", 1, "is not compatible with the installed jaxlib version", 0,
	    NULL, "is not compatible with the installed jaxlib version "
	    "([0-9.]+)", { NULL, "jaxlib" } },
	/* PJRT's check of the plugin's structures (pjrt_c_api_helpers) */
	{ "F31", 1, "The plugin is likely built with a later version than "
	    "the framework", 0, NULL, "The plugin is likely built with a "
	    "later version than the framework", { NULL } },
	/* pip's and conda's own messages */
	/* a build of a framework by its CUDA local label (+cu121,
	 * +cuda12.cudnn89) that the index pip was given does not serve */
	{ "PIP-NO-PIN", 2, "satisfies the requirement ", 0, NULL, "satisfies "
	    "the requirement ([A-Za-z0-9_.-]+)==([0-9.]+\\+cu[a-z0-9.]+)",
	    { NULL, "requirement", "label" } },
	{ "PIP-NO-PIN", 2, "satisfies the requirement ", 0, NULL, "satisfies "
	    "the requirement (nvidia-[a-z0-9-]+)==([0-9][0-9.]*[0-9])",
	    { NULL, "wheel", "pin" } },
	{ "PIP-NO-PIN", 1, "No matching distribution found for", 0, NULL,
	    "No matching distribution found for (nvidia-[a-z0-9-]+)=="
	    "([0-9][0-9.]*[0-9])", { NULL, "wheel", "pin" } },
	/* a framework that carries CUDA pinned at a release the index no
	 * longer (or never) served: "jaxlib==0.3.20 (from versions: 0.4.1,
	 * ...)" */
	{ "PIP-NO-PIN", 2, "No matching distribution found for", 0, NULL,
	    "No matching distribution found for (torch|torchvision|"
	    "torchaudio|jax|jaxlib|jax-cuda[0-9]+-(plugin|pjrt)|"
	    "tensorflow(-gpu)?|onnxruntime-gpu|paddlepaddle-gpu|"
	    "cupy-cuda[0-9a-z]+|tensorrt[a-z0-9_-]*|triton|xformers|"
	    "ctranslate2|bitsandbytes|kaolin)==([0-9][0-9A-Za-z.+]*)",
	    { NULL, "requirement", NULL, NULL, "pin" } },
	/* pip given a page or an index of builds for one CUDA (Kaolin's
	 * "-f .../torch-2.0.0_cu118.html", PyG's, PyTorch's ".../whl/cu121")
	 * that has no file of what was asked */
	{ "PIP-NO-PIN", 3, "Looking in ", 0, NULL, "Looking in (links|"
	    "indexes): *[^\n]*[^a-z](cu[0-9]{2,3}|cuda[0-9]+)[^\n]*\n"
	    "([^\n]*\n){0,12}[^\n]*No matching distribution found for "
	    "([A-Za-z0-9_.-]+)", { NULL, NULL, NULL, NULL, "requirement" } },
	/* a GPU package with no file at all for the platform or Python
	 * that asked (qiskit-aer-gpu on macOS: "from versions: none") */
	{ "PIP-NO-PIN", 3, "No matching distribution found for", 0,
	    "from versions: none)", "No matching distribution found for "
	    "([A-Za-z0-9_.-]*(gpu|cuda|nvidia|tensorrt|torch)[A-Za-z0-9_.-]*)",
	    { NULL, "requirement" } },
	/* the same, as people paste it without pip's list: a GPU package
	 * asked for with no version at all, which only a missing build for
	 * this platform or Python refuses */
	{ "PIP-NO-PIN", 3, "No matching distribution found for", 0, NULL,
	    "No matching distribution found for ([A-Za-z0-9_.-]*(gpu|cuda|"
	    "nvidia|tensorrt)[A-Za-z0-9_.-]*)[ \t]*(\n|$)",
	    { NULL, "requirement" } },
	{ "PIP-PIN-CLASH", 1, "The conflict is caused by", 0, NULL,
	    "The conflict is caused by:[[:space:]]+([A-Za-z0-9_.-]+) "
	    "([0-9][0-9A-Za-z.+]*) depends on (nvidia-[a-z0-9-]+)==[^\n]*\n"
	    "[[:space:]]*([A-Za-z0-9_.-]+) ([0-9][0-9A-Za-z.+]*) depends on",
	    { NULL, "pkg1", "ver1", "wheel", "pkg2", "ver2" } },
	/* the same conflict where the user's own pin is one side: "The
	 * user requested nvidia-cuda-nvrtc-cu12==12.4.99 / torch 2.4.0
	 * depends on nvidia-cuda-nvrtc-cu12==12.1.105" */
	{ "PIP-PIN-CLASH", 1, "The conflict is caused by", 0, NULL,
	    "The conflict is caused by:[[:space:]]+The user requested "
	    "(nvidia-[a-z0-9-]+)==[^\n]*\n[[:space:]]*([A-Za-z0-9_.-]+) "
	    "([0-9][0-9A-Za-z.+]*) depends on nvidia-", { NULL, "wheel",
	    "pkg1", "ver1" } },
	{ "CU13-STUB", 1, "THIS PROJECT '", 0, "IS DEPRECATED",
	    "THIS PROJECT '(nvidia-[a-z0-9-]+-cu13)' IS DEPRECATED",
	    { NULL, "wheel" } },
	{ "CONDA-NO-CUDA", 1, "libtorch", 0, "__cuda", "libtorch[ =*]+"
	    "cuda(1[0-9])", { NULL, "cuda_major" } },
	{ "CONDA-NO-CUDA", 2, "__cuda", 0, "missing on the system",
	    "__cuda", { NULL } },
	/* pixi's and rattler's solver: "Virtual package '__cuda' does not
	 * match any of the available virtual packages" */
	{ "CONDA-NO-CUDA", 1, "Virtual package '__cuda'", 0, NULL, "[Vv]irtual "
	    "package '__cuda' (does not match|is not available|not found)",
	    { NULL } },
	{ "CONDA-NO-CUDA", 1, "__cuda", 0, NULL, "__cuda[^\n]{0,20}for which "
	    "no candidates were found", { NULL } },
	/* the solver's other wording: "nothing provides __cuda needed by
	 * pytorch-1.13.1-cuda112py310..." */
	/* the __cuda virtual package there, of a release older than the
	 * package needs: the driver is too old for it.  conda's classic
	 * solver ("pytorch-cuda=12.1 -> __cuda ... Your installed version
	 * is: 11.4"; "not available" where there is none) and libmamba's
	 * ("__cuda is requested and can be installed; ... └─ __cuda >=12 ,
	 * which conflicts with any installable versions previously
	 * reported") */
	{ "F16", 1, "Your installed version is: ", 0, "__cuda", "Your "
	    "installed version is: ([0-9]+\\.[0-9]+)", { NULL,
	    "driver cuda" } },
	{ "F16", 1, "__cuda >=", 0, "__cuda is requested and can be "
	    "installed", "__cuda >=([0-9]+(\\.[0-9]+)?) *, which conflicts",
	    { NULL, "needs CUDA" } },
	/* conda's classic solver: a chain of requirements ending in the
	 * __cuda virtual package */
	/* (not where conda says which __cuda it has: every driver's CUDA
	 * it reads, 10.0 to 13.x, begins with a 1; F16's above) */
	{ "CONDA-NO-CUDA", 2, "-> __cuda", 0, "!Your installed version is: 1",
	    "-> __cuda", { NULL } },
	{ "CONDA-NO-CUDA", 2, "nothing provides __cuda", 0, NULL, "nothing "
	    "provides __cuda needed by ([A-Za-z0-9_.-]+)", { NULL, "package" } },
	/* uv's resolver: "there is no version of nvidia-cudnn-cu12{...}==
	 * 9.1.0.70"; NVIDIA's placeholder wheels (nvidia-stub) that find no
	 * real wheel on pypi.nvidia.com */
	{ "PIP-NO-PIN", 2, "there is no version of nvidia-", 0, NULL, "there is "
	    "no version of (nvidia-[a-z0-9-]+)(\\{[^}\n]*\\})?==([0-9.]+)",
	    { NULL, "requirement", NULL, "label" } },
	/* the same resolvers (uv, pixi) and Poetry on a framework pinned
	 * with a CUDA local label the index does not serve ("there is no
	 * version of torch==2.5.1+cu121", "Unable to find installation
	 * candidates for torch (2.5.1+cu124)") */
	{ "PIP-NO-PIN", 2, "there is no version of ", 0, NULL, "there is no "
	    "version of ([A-Za-z0-9_.-]+)==([0-9.]+\\+cu[0-9]+)",
	    { NULL, "requirement", "label" } },
	{ "PIP-NO-PIN", 2, "Unable to find installation candidates for ", 0,
	    NULL, "Unable to find installation candidates for "
	    "(nvidia-[a-z0-9-]+|[A-Za-z0-9_.-]+ \\([0-9.]+\\+cu[0-9]+\\)|"
	    "[A-Za-z0-9_.-]*(gpu|cuda|nvidia|tensorrt)[A-Za-z0-9_.-]* "
	    "\\([0-9][^)\n]*\\))",
	    { NULL, "requirement" } },
	/* conda's channels without a CUDA package at the version pinned
	 * ("PackagesNotFoundError: The following packages are not available
	 * from current channels: - pytorch-cuda=12.1") */
	{ "PIP-NO-PIN", 2, "not available from current channels", 0, NULL,
	    "not available from current channels:[[:space:]]+- *((pytorch-cuda|"
	    "cudatoolkit|cuda-[a-z-]+|cudnn|nccl|libcublas|cupy|pytorch-gpu|"
	    "tensorflow-gpu|jaxlib)[^ \n]*)", { NULL, "requirement" } },
	/* uv's words for a package with no wheel for this platform (an
	 * aarch64 machine, a Python release), and pip's for a wheel file of
	 * another platform */
	{ "PIP-NO-PIN", 2, "doesn't have a source distribution or wheel for "
	    "the", 0, NULL, "doesn't have a source distribution or wheel for "
	    "the[[:space:]]+current platform", { NULL } },
	/* uv's resolver on a CUDA build (its local label +cu124, vLLM's
	 * nightly .cu130) with no wheel for this platform or Python:
	 * "torch==2.5.1+cu124 has no wheels with a matching platform tag
	 * (e.g., `manylinux_2_28_aarch64`)" */
	{ "PIP-NO-PIN", 2, "has no wheels with a matching ", 1, NULL,
	    "[^ \n]*[+.]cu[0-9]{3}[^ \n]* has no wheels with a matching "
	    "(platform|Python ABI) tag", { NULL } },
	{ "PIP-NO-PIN", 2, "is not a supported wheel on this platform", 0, NULL,
	    "is not a supported wheel on this platform", { NULL } },
	{ "PIP-NO-PIN", 2, "This is a special placeholder package", 0,
	    "pypi.nvidia.com", "This is a special placeholder package",
	    { NULL } },
	{ "F31", 1, "Mismatched PJRT plugin PJRT API version", 0, NULL,
	    "Mismatched PJRT plugin PJRT API version \\(" VER "\\) and "
	    "framework PJRT API version " VER,
	    { NULL, "plugin", NULL, "framework" } },
	/* bitsandbytes' own search, on Linux (PosixPath, .so) and on
	 * Windows (WindowsPath, .dll) */
	{ "BNB-BINARY", 1, "Could not find the bitsandbytes CUDA binary at",
	    0, NULL, "Could not find the bitsandbytes CUDA binary at "
	    "(Posix|Windows)Path\\('([^'\n]*[/\\\\])?(libbitsandbytes_cuda"
	    "[0-9a-z_]*\\.(so|dll))'\\)", { NULL, NULL, NULL, "wanted" } },
	{ "BNB-BINARY", 1, "Configured CUDA binary not found at", 0, NULL,
	    "Configured CUDA binary not found at ([^ \n]*[/\\\\])?"
	    "(libbitsandbytes_cuda[0-9a-z_]*\\.(so|dll))",
	    { NULL, NULL, "wanted" } },
	{ "BNB-BINARY", 1, "Required library version not found:", 0, NULL,
	    "Required library version not found: "
	    "(libbitsandbytes_cuda[0-9a-z_]*\\.so)", { NULL, "wanted" } },
	{ "BNB-BINARY", 2, "CUDA Setup failed despite GPU being available", 0,
	    NULL, "CUDA Setup failed despite GPU being available", { NULL } },
	{ "BNB-BINARY", 2, "Could not load bitsandbytes native library", 0,
	    NULL, "Could not load bitsandbytes native library", { NULL } },
	/* its CPU library loaded for want of the CUDA one ("The installed
	 * version of bitsandbytes was compiled without GPU support"); it says
	 * so whatever kept the CUDA one out, so a cause the same text names
	 * (libcuda.so not found) ranks first */
	{ "BNB-BINARY", 3, "bitsandbytes was compiled without GPU support", 0,
	    NULL, "bitsandbytes was compiled without GPU support", { NULL } },
	{ "BNB-BINARY", 3, "Method '", 0, "CPU-only version of bitsandbytes",
	    "Method '([A-Za-z0-9_]+)' not available in CPU-only "
	    "version of bitsandbytes", { NULL, "method" } },
	/* build tools, package managers */
	/* Triton's helper modules: a cached one that does not load
	 * (Windows' words), one that cannot be built without Python.h */
	{ "TRITON-HELPER", 2, "DLL load failed while importing ", 0, NULL,
	    "DLL load failed while importing (__triton_launcher|cuda_utils)",
	    { NULL, "module" } },
	/* Triton finding no C compiler for its helper module
	 * (triton/runtime/build.py: neither CC nor gcc nor clang) */
	{ "TRITON-HELPER", 1, "Failed to find C compiler. Please specify via "
	    "CC", 0, NULL, "Failed to find C compiler\\. Please specify via "
	    "CC environment variable", { NULL } },
	{ "TRITON-HELPER", 2, "Python.h", 0, "cuda_utils.c", "Python\\.h:? "
	    "(No such file or directory|file not found)", { NULL } },
	/* pynvml's deprecation warning at import */
	{ "PYNVML-DEPRECATED", 2, "The pynvml package is deprecated", 0, NULL,
	    "The pynvml package is deprecated", { NULL } },
	/* CuPy's warning at import when two of its packages are installed
	 * (cupy/_environment.py), the list on a line of its own */
	{ "PKG-TWO-BUILDS", 1, "multiple CuPy packages are installed", 0,
	    NULL, "multiple CuPy packages are installed([^\n]*\n){1,4}"
	    "[^\n]*(cupy[a-z0-9_-]*(, cupy[a-z0-9_-]*)+)",
	    { NULL, NULL, "packages" } },
	/* torchvision's and torchaudio's check of torch's CUDA as they are
	 * imported (torchvision/extension.py: "... different CUDA major
	 * versions. PyTorch has CUDA Version=12.1 and torchvision has CUDA
	 * Version=11.8."; torchaudio: "... PyTorch has CUDA version 11.8
	 * whereas TorchAudio has CUDA version 11.7.") */
	{ "TORCH-COMPANION", 1, "Detected that PyTorch and ", 0, NULL,
	    "Detected that PyTorch and (torchvision|TorchAudio|torchaudio) "
	    "were compiled with different CUDA (major )?versions\\.?"
	    "([[:space:]]*PyTorch has CUDA [Vv]ersion[= ]*([0-9]+\\.[0-9]+) "
	    "(and|whereas) [A-Za-z]+ has CUDA [Vv]ersion[= ]*"
	    "([0-9]+\\.[0-9]+))?", { NULL, "pkg1", NULL, NULL, "ver2", NULL,
	    "ver1" } },
	/* the dispatcher, as torchvision registers its operators' Python
	 * halves (torch.library.register_fake) and its _C library did not
	 * register them: built against another torch release (sdnext#3531:
	 * torch 2.4.0+cu121 beside torchvision 0.20.1+cu124, which requires
	 * torch 2.5.1; vllm-ascend#479); "No such operator" is older
	 * torch's word */
	{ "TORCH-COMPANION", 2, "operator torch", 0, NULL, "operator "
	    "(torchvision|torchaudio)::[a-z0-9_]+ does not exist",
	    { NULL, "pkg1" } },
	{ "TORCH-COMPANION", 2, "No such operator torch", 0, NULL, "No such "
	    "operator (torchvision|torchaudio)::[a-z0-9_]+", { NULL, "pkg1" } },
	/* crt/host_config.h of CUDA 11 and 12 against the HPC SDK's C
	 * compiler as nvcc's host compiler ("Unsupported NVHPC compiler
	 * found. nvc++ is the only NVHPC compiler that is supported.":
	 * CMake handed nvcc nvc, spcl/dace#1424) */
	{ "F23", 1, "Unsupported NVHPC compiler found", 0, NULL, "Unsupported "
	    "NVHPC compiler found", { NULL } },
	/* PyTorch's cpp_extension checks the compiler against CUDA's limit */
	{ "F23", 1, "is greater than the maximum required version by CUDA",
	    0, NULL, "is greater than the maximum required version by CUDA "
	    "([0-9.]+)", { NULL, "cuda" } },
	/* MSVC's standard library refusing an older nvcc (yvals_core.h):
	 * "error STL1002: Unexpected compiler version, expected CUDA 12.4 or
	 * newer." */
	{ "F23", 1, "STL1002", 0, NULL, "STL1002: Unexpected compiler version, "
	    "expected CUDA ([0-9]+\\.[0-9]+) or newer", { NULL, "needs cuda" } },
	{ "F23", 1, "unsupported Microsoft Visual Studio version", 0, NULL,
	    "unsupported Microsoft Visual Studio version", { NULL } },
	/* autoconf's probe of nvcc compiling a test program: nvcc is
	 * there (a missing one is NVCC-MISSING's) and refuses the host's
	 * compiler or C library */
	{ "F23", 2, "checking whether nvcc works", 0, NULL, "checking whether "
	    "nvcc works\\.\\.\\. no", { NULL } },
	/* nvcc without its host compiler: on Windows "nvcc fatal   : Cannot
	 * find compiler 'cl.exe' in PATH"; on Linux the shell's words for
	 * the compiler it tried (g++, or the -ccbin given), then "nvcc fatal
	 * : Failed to preprocess host compiler properties." (nvcc 13.0, run
	 * here with -ccbin naming no file) */
	{ "HOST-CC-MISSING", 2, "Cannot find compiler '", 0, NULL, "Cannot "
	    "find compiler '([^'\n]+)' in PATH", { NULL, "compiler" } },
	{ "HOST-CC-MISSING", 2, "No such file or directory", 1,
	    "Failed to preprocess host compiler properties", "([^ \n]+): No "
	    "such file or directory\\.?[[:space:]]+nvcc fatal *: *Failed to "
	    "preprocess host compiler properties", { NULL, "compiler" } },
	/* a header of CUDA or an NVIDIA library not found, in GCC's words
	 * ("fatal error: curand_kernel.h: No such file or directory"),
	 * Clang's ("fatal error: 'cuda_runtime.h' file not found"), MSVC's
	 * ("fatal error C1083: Cannot open include file: 'cudnn.h': No such
	 * file or directory") and nvcc's front end's ("catastrophic error:
	 * cannot open source file \"cuda_runtime.h\""); the header must be
	 * one of manifests/data/nv-headers.tsv (explain.c drops others) */
	{ "NV-HEADER", 3, "No such file or directory", 1, ".h", "([A-Za-z0-9_]"
	    "+\\.h):? *No such file or directory", { NULL, "header" } },
	{ "NV-HEADER", 3, "fatal error: '", 0, NULL, "fatal error: '(" HDR ")' "
	    "file not found", { NULL, "header" } },
	/* GCC's for a header in a directory ("fatal error: cuda/std/utility:
	 * No such file or directory", CUTLASS against CUDA 13, which moved
	 * CCCL's headers to include/cccl/) */
	{ "NV-HEADER", 3, "fatal error: ", 0, NULL, "fatal error: (" HDR "): "
	    "No such file or directory", { NULL, "header" } },
	{ "NV-HEADER", 3, "Cannot open include file: '", 0, NULL, "Cannot open "
	    "include file: '([A-Za-z0-9_]+\\.h)'", { NULL, "header" } },
	/* a program's own words for the CUDA headers it compiles against at
	 * run time (MLX's NVRTC kernels: "Can not find locations of CUDA
	 * headers, please set environment variable CUDA_HOME or
	 * CUDA_PATH.", and "cannot find", "could not find"): the runtime's
	 * cuda_runtime.h is looked for */
	{ "NV-HEADER", 2, "CUDA headers", 0, "not find", "CUDA headers",
	    { NULL } },
	{ "NV-HEADER", 3, "cannot open source file \"", 0, NULL, "cannot open "
	    "source file \"(" HDR ")\"", { NULL, "header" } },
	/* nvcc refusing an option of gcc's, clang's or cl's: "nvcc fatal   :
	 * Unknown option '-Wall'" (nvcc 13.0, run here with -Wall, -fopenmp
	 * and -Wmissing-declarations); an older nvcc without the dash */
	{ "NVCC-HOST-FLAG", 2, "Unknown option '", 0, "nvcc fatal", "Unknown "
	    "option '(-?[Wfm][^'\n]*)'", { NULL, "option" } },
	/* nvcc's front end in GCC's NEON header: its types and builtins */
	{ "NVCC-NEON", 2, "arm_neon.h(", 0, NULL, "arm_neon\\.h\\([0-9]+\\): "
	    "error: identifier \"(__[A-Za-z0-9_]+)\" is undefined",
	    { NULL, "identifier" } },
	/* CMake 3.27's policy on FindCUDA: unset, its warning; NEW, the
	 * module gone (CMake 3.25 here prints this template for any module
	 * find_package does not find) */
	{ "CMAKE-FINDCUDA", 2, "Policy CMP0146 is not set", 0, NULL, "Policy "
	    "CMP0146 is not set: The FindCUDA module is removed", { NULL } },
	{ "CMAKE-FINDCUDA", 2, "By not providing \"FindCUDA.cmake\"", 0, NULL,
	    "By not providing \"FindCUDA\\.cmake\" in CMAKE_MODULE_PATH",
	    { NULL } },
	/* clang's words for an address-space conversion in an OpenCL C
	 * kernel, as NVIDIA's OpenCL compiler prints them in a build log */
	{ "OCL-ADDRSPACE", 2, "changes address space of pointer", 0, NULL,
	    "changes address space of pointer", { NULL } },
	{ "OCL-ADDRSPACE", 2, "implicit conversion from address space", 0,
	    NULL, "implicit conversion from address space \"([a-z]+)\" to "
	    "address space \"([a-z]+)\"", { NULL, "from", "to" } },
	/* nvcc's front end on a glibc or GCC newer than it knows: their
	 * headers' _Float128 and _Float32 types */
	{ "F23", 2, "floatn", 0, "invalid combination of type specifiers",
	    "floatn(-common)?\\.h\\([0-9]+\\): error: invalid combination of "
	    "type specifiers", { NULL } },
	/* glibc 2.41's C23 math functions, declared noexcept, against the
	 * CUDA headers' own declarations (crt/math_functions.h before CUDA
	 * 13): nvcc's front end in its two wordings */
	{ "F23", 2, "exception specifi", 0, "math_functions.h", "("
	    "different exception specifier|exception specification is "
	    "incompatible with that of)[^\n]*\\b(sinpi|cospi|sincospi|rsqrt|"
	    "sinpif|cospif|sincospif|rsqrtf)\\b", { NULL } },
	{ "F23", 2, "declaration of '", 0, "math_functions.h",
	    "declaration of '[^'\n]*\\b(sinpi|cospi|sincospi|rsqrt|sinpif|"
	    "cospif|sincospif|rsqrtf)\\([^'\n]*' has a different exception "
	    "specifier", { NULL } },
	/* nvcc 11's front end on GCC 11's <functional> */
	{ "F23", 2, "std_function.h:", 1, NULL, "([^ \n]*/c\\+\\+/([0-9]+)"
	    "[0-9.]*/bits/)?std_function\\.h:[0-9]+:[0-9]+: error: parameter "
	    "packs not expanded", { NULL, NULL, "gcc" } },
	/* nvcc's front end (EDG, "FILE(LINE): error:") failing inside the
	 * host compiler's own C++ library headers: it cannot parse that
	 * GCC's library (char8_t, new builtins), which is a GCC newer than
	 * this nvcc supports, named by the headers' directory */
	{ "F23", 2, "/c++/", 1, NULL, "([^ \n]*/c\\+\\+/([0-9]+)[0-9.]*/"
	    "[^ (\n]+)\\([0-9]+\\): error:", { NULL, NULL, "gcc" } },
	{ "F23", 1, "unsupported GNU version", 0, NULL, "unsupported GNU "
	    "version! gcc versions later than ([0-9]+) are[[:space:]]+not "
	    "supported",
	    { NULL, "gcc" } },
	/* the same check of host_config.h for clang as the host compiler
	 * ("unsupported clang version! clang version must be less than 21
	 * and greater than 3.2") */
	{ "F23", 1, "unsupported clang version", 0, NULL, "unsupported clang "
	    "version! clang version must be less than ([0-9]+)", { NULL,
	    "clang" } },
	{ "F24", 1, "is not a symbolic link", 1, NULL, "(" P SO ") +is not a "
	    "symbolic link", { NULL, "file" } },
	{ "F25", 1, "NO_PUBKEY", 0, "nvidia", "NO_PUBKEY ([0-9A-Fa-f]+)",
	    { NULL, "key" } },
	/* sqv (Debian 13's apt) refusing the SHA1 binding of NVIDIA's CUDA
	 * repository key 3bf863cc (failure-modes.md, F25) */
	{ "F25", 1, "Signing key on ", 0, NULL, "Signing key on [0-9A-F]*"
	    "(A4B469963BF863CC) is not bound", { NULL, "key" } },
	{ "F25", 1, "Conflicting values set for option Signed-By", 0, "nvidia",
	    "Conflicting values set for option Signed-By", { NULL } },
	{ "F25", 2, "The repository '", 0, NULL, "The repository "
	    "'[^'\n]*nvidia[^'\n]*' is not signed", { NULL } },
	/* pip's hash check of a wheel of NVIDIA's libraries against the
	 * requirements file's (a stale cache, a proxy, an index that
	 * rebuilt it) */
	{ "F26", 2, "DO NOT MATCH THE HASHES", 0, "nvidia", "DO NOT MATCH THE "
	    "HASHES", { NULL } },
	{ "F26", 1, "Hash Sum mismatch", 0, "nvidia", "Hash Sum mismatch",
	    { NULL } },
	/* apt's other check of the same file (apt-pkg/acquire-item.cc) */
	{ "F26", 1, "File has unexpected size", 0, "nvidia", "File has "
	    "unexpected size \\(([0-9]+) != ([0-9]+)\\)",
	    { NULL, "got", "expected" } },
	/* questions rather than errors; the version lines nvidia-smi and
	 * nvcc print rank below any failure's code printed beside them, and
	 * say F30 only together: nvidia-smi's header alone, pasted beside a
	 * failure no row knows (a segfault, a symbol), describes the
	 * machine; it does not ask the question */
	{ "F30", 2, "nvidia-smi shows CUDA", 0, NULL, "nvidia-smi shows CUDA "
	    VER " but nvcc shows ([0-9.x]+)",
	    { NULL, "driver", NULL, "nvcc" } },
	{ "F30", 4, "CUDA Version: ", 0, "compilation tools, release",
	    "CUDA Version: " VER, { NULL, "driver" } },
	{ "F30", 4, "compilation tools, release", 0, "CUDA Version: ",
	    "compilation tools, release " VER ", V[0-9.]+", { NULL, "nvcc" } },
	/* a site's check that a driver older than the toolkit within one
	 * major runs it (EESSI's Lmod hook: "... You will therefore be in
	 * minor version compatibility mode") */
	{ "F30", 3, "minor version compatibility", 1, NULL, "(in|into|use|"
	    "using|under|through) minor version compatibility", { NULL } },
	{ "F32", 5, "Probably one of the following:", 0, NULL,
	    "Probably one of the following:", { NULL } },
	{ "F32", 5, "torch.backends.cudnn.version()", 0, NULL,
	    "torch\\.backends\\.cudnn\\.version\\(\\)", { NULL } },
	/* the compilers: nvcc, ptxas, NVRTC */
	/* ptxas run by itself refusing the GPU (Triton's bundled
	 * "ptxas-blackwell fatal : Value 'sm_110a' is not defined for option
	 * 'gpu-name'"): that ptxas predates the GPU; nvcc refuses an
	 * architecture it does not know before its ptxas sees it */
	{ "PTXAS-OLD", 1, "ptxas", 0, NULL, "ptxas[-a-z0-9]*( fatal)? *: *"
	    "Value '([a-z_0-9]+)' is not defined for option 'gpu-name'",
	    { NULL, NULL, "arch" } },
	{ "NVCC-ARCH", 1, "Unsupported gpu architecture", 0, NULL,
	    "Unsupported gpu architecture( '([a-z_0-9]+)')?",
	    { NULL, NULL, "arch" } },
	{ "NVCC-ARCH", 1, "Value '", 0, NULL,
	    "Value '([a-z_0-9]+)' is not defined for option "
	    "'gpu-(name|architecture)'", { NULL, "arch" } },
	{ "NVCC-ARCH", 2, "is not supported on CUDA ", 0, NULL, "is not "
	    "supported on CUDA ([0-9]+)\\+", { NULL, "dropped in" } },
	{ "NVCC-ARCH", 1, "invalid value for --gpu-architecture", 0, NULL,
	    "invalid value for --gpu-architecture", { NULL } },
	/* PyTorch's extension builder (cpp_extension._get_cuda_arch_flags)
	 * on a TORCH_CUDA_ARCH_LIST or a GPU whose architecture the
	 * installed PyTorch does not know */
	{ "NVCC-ARCH", 2, "Unknown CUDA arch (", 0, NULL, "Unknown CUDA arch "
	    "\\(([0-9]+\\.[0-9]+a?(\\+PTX)?)\\) or GPU not supported",
	    { NULL, "arch" } },
	/* Julia's CUDA.jl choosing a toolkit that dropped the GPU's
	 * architecture: "Compute capability 7.0.0 is not supported by CUDA
	 * 13.0.0" */
	{ "NVCC-ARCH", 2, "is not supported by CUDA ", 0, NULL, "is not "
	    "supported by CUDA ([0-9]+(\\.[0-9]+)*)", { NULL, "cuda" } },
	/* TensorRT (runtime.cpp, stdArchiveReader.cpp) */
	{ "TRT-ENGINE", 1, "The engine plan file is generated on an "
	    "incompatible device", 0, NULL, "The engine plan file is "
	    "generated on an incompatible device[,.] expecting compute "
	    "([0-9.]+) got compute ([0-9.]+)", { NULL, "built for", "gpu" } },
	{ "TRT-ENGINE", 1, "The engine plan file is not compatible with this "
	    "version of TensorRT", 0, NULL, "The engine plan file is not "
	    "compatible with this version of TensorRT", { NULL } },
	{ "TRT-ENGINE", 1, "Version tag does not match", 0, NULL, "Version "
	    "tag does not match\\. Note: Current Version: ([0-9]+), "
	    "Serialized Engine Version: ([0-9]+)",
	    { NULL, "version", "built with" } },
	{ "TRT-ENGINE", 2, "Serialization assertion", 0, NULL, "Serialization "
	    "assertion [A-Za-z]*[Vv]ersionRead == [A-Za-z]*[Vv]ersion failed",
	    { NULL } },
	/* a plan whose first bytes are not this TensorRT's tag: written by
	 * another release, or with a tool's own header before it */
	{ "TRT-ENGINE", 2, "Serialization assertion", 0, NULL, "Serialization "
	    "assertion magicTagRead == kMAGIC_TAG failed", { NULL } },
	/* a program's own words for a plan file it could not load, as
	 * an engine built by another TensorRT or for another GPU fails
	 * ("failed to load trt .../flow.decoder.estimator.fp16.v100.plan") */
	{ "TRT-ENGINE", 3, "to load trt", 1, NULL, "([Ff]ailed|[Uu]nable) to "
	    "load trt( engine| plan)?:? *([^ \n]+\\.(plan|engine|trt))"
	    "([^A-Za-z0-9_]|$)", { NULL, NULL, NULL, "file" } },
	/* NCCL */
	{ "NCCL-SHM", 1, "creating shared memory segment /dev/shm/", 0, NULL,
	    "creating shared memory segment /dev/shm/(nccl-[A-Za-z0-9]+) "
	    "\\(size ([0-9]+)\\)", { NULL, "segment", "size" } },
	{ "NCCL-SHM", 1, "failed to extend /dev/shm/nccl", 0, NULL, "failed to "
	    "extend /dev/shm/(nccl-[A-Za-z0-9]+) to ([0-9]+) bytes",
	    { NULL, "segment", "size" } },
	/* NCCL sizing its kernels' shared memory above the GPU's (2.25 on
	 * sm_120): "ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem
	 * 79856" */
	/* ptxas: a kernel's launch bounds asking for more threads per SM
	 * than the target has (1536 on sm_86, sm_87 and sm_89) */
	{ "GPU-RESOURCES", 1, "Value of threads per SM", 0, NULL, "Value of "
	    "threads per SM for entry [^ \n]+ is out of range", { NULL } },
	{ "GPU-RESOURCES", 1, "exceeds device/fn maxSharedMem", 0, NULL,
	    "exceeds device/fn maxSharedMem ([0-9]+)", { NULL, "limit" } },
	/* CUDA.jl's launch check against the compiled kernel's own limit
	 * (its registers bound the threads a block may have) or the
	 * device's: "Number of threads per block exceeds kernel limit (1024
	 * > 896)" */
	{ "GPU-RESOURCES", 1, "Number of threads", 0, NULL, "Number of "
	    "threads( per block| in [xyz]-dimension)? exceeds (kernel|device) "
	    "limit \\(([0-9]+) > ([0-9]+)\\)", { NULL, NULL, NULL,
	    "required", "limit" } },
	/* Triton (runtime/errors.py) */
	/* ptxas: a kernel's static shared memory over the target's limit
	 * (48 KiB without opt-in) */
	{ "GPU-RESOURCES", 1, "uses too much shared data", 0, NULL, "uses too "
	    "much shared data \\((0x[0-9a-f]+) bytes, (0x[0-9a-f]+) max\\)",
	    { NULL, "required", "limit" } },
	/* a program's need of more shared memory than the GPU has, in its
	 * own words (FlashAttention 1's backward pass: "requires A100 or H100
	 * GPUs as the implementation needs a large amount of shared
	 * memory") */
	{ "GPU-RESOURCES", 2, "needs a large amount of shared memory", 0, NULL,
	    "needs a large amount of shared memory", { NULL } },
	/* ptxas: an instruction the target architecture does not have
	 * ("Feature '.bf16' requires .target sm_80 or higher") */
	{ "GPU-FEATURE", 1, "Feature '", 0, NULL, "Feature '([^'\n]+)' "
	    "requires \\.target (sm_[0-9]+[a-z]?) or higher",
	    { NULL, "feature", "needs" } },
	/* CUDA's cooperative groups declare some members only for the
	 * architectures that have them (cooperative_groups/details/info.h:
	 * labeled_partition, match_any and match_all from sm_70, the
	 * cluster group from sm_90): nvcc, building for an older one, finds
	 * no such member */
	{ "GPU-FEATURE", 2, "namespace \"cooperative_groups\" has no member",
	    0, NULL, "namespace \"cooperative_groups\" has no member \"("
	    "labeled_partition|match_any|match_all|this_cluster|"
	    "cluster_group)\"", { NULL, "feature" } },
	/* the runtime's intrinsics of newer architectures, which CUDA's
	 * headers declare only there (crt/sm_70_rt.h: __nanosleep,
	 * __match_any_sync, __match_all_sync from 700; crt/sm_80_rt.h: the
	 * __reduce_*_sync from 800): nvcc, building for an older one, does
	 * not know them */
	{ "GPU-FEATURE", 2, "identifier \"__", 0, NULL, "identifier \"(__("
	    "nanosleep|match_any_sync|match_all_sync|reduce_(add|min|max|and|"
	    "or|xor)_sync))\" is undefined", { NULL, "feature" } },
	/* half-precision arithmetic, which cuda_fp16.h declares only for
	 * sm_53 and newer (the headers of CUDA 8 to 12: every __h operation
	 * inside "__CUDA_ARCH__ >= 530"; CUDA 13.0's: the __hfma family and
	 * __hcmadd still): nvcc, building for an older one, does not know
	 * them */
	{ "GPU-FEATURE", 2, "identifier \"__h", 0, NULL, "identifier \"(__h("
	    "add|sub|mul|div|fma|neg|abs|max|min|cmadd|eq|ne|le|ge|lt|gt|isnan)"
	    "[a-z0-9_]*)\" is undefined", { NULL, "feature" } },
	/* atomicAdd of the half and bfloat16 types, which cuda_fp16.h and
	 * cuda_bf16.h declare only from an architecture on (CUDA 13.0:
	 * __half2 from sm_53, __half and __nv_bfloat16 from sm_70,
	 * __nv_bfloat162 on all; older releases asked for newer ones) and of
	 * double, which sm_60_atomic_functions.h declares from sm_60: nvcc,
	 * building for an older one, finds no overload for those argument
	 * types */
	{ "GPU-FEATURE", 2, "no instance of overloaded function \"atomicAdd\"",
	    0, NULL, "no instance of overloaded function \"atomicAdd\" "
	    "matches the argument list[[:space:]]+argument types are: \\(("
	    "__half2?|__nv_bfloat162?|half2?|double) \\*", { NULL,
	    "feature" } },
	/* WMMA's fragments of the element types mma.h declares only from an
	 * architecture on (8-bit integers from sm_72, 4- and 1-bit from
	 * sm_73, bf16, tf32 and double from sm_80): nvcc, building for an
	 * older one, finds the type incomplete ("incomplete type
	 * \"nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16,
	 * nv_bfloat16, nvcuda::wmma::row_major>\" is not allowed"); an
	 * accumulator given a layout is the code's own error */
	{ "GPU-FEATURE", 2, "incomplete type", 0, "wmma::fragment",
	    "incomplete type[[:space:]]*\"?(nvcuda::)?wmma::fragment<"
	    "(nvcuda::wmma::)?matrix_[ab], *[0-9]+, *[0-9]+, *[0-9]+, *"
	    "(__nv_bfloat16|nv_bfloat16|[a-z:]*precision::(tf32|u4|s4|b1)|"
	    "double|signed char|unsigned char)", { NULL, NULL, NULL,
	    "feature" } },
	/* CUTLASS's own check of an instruction of the architecture-specific
	 * target (sm_90a, sm_100a) built for another ("Arch conditional MMA
	 * instruction used without targeting appropriate compute
	 * capability") */
	{ "GPU-FEATURE", 2, "Arch conditional MMA instruction used without", 0,
	    NULL, "Arch conditional MMA instruction used without targeting "
	    "appropriate compute capability", { NULL } },
	/* ptxas: an instruction of the architecture-specific target (sm_90a,
	 * sm_120a) built for the plain one ("Instruction 'setmaxnreg.inc'
	 * not supported on .target 'sm_90'", CUDA 13.0's ptxas) */
	{ "GPU-FEATURE", 1, "Instruction '", 0, "not supported on .target",
	    "Instruction '([^'\n]+)' not supported on \\.target "
	    "'(sm_[0-9]+[a-z]?)'", { NULL, "feature", "target" } },
	{ "GPU-FEATURE", 1, "Feature '", 0, "not supported on .target",
	    "Feature '([^'\n]+)' not supported on \\.target "
	    "'(sm_[0-9]+[a-z]?)'", { NULL, "feature", "target" } },
	{ "GPU-RESOURCES", 1, "out of resource: ", 0, NULL, "out of resource: "
	    "([a-z_ ]+), Required: ([0-9]+), Hardware limit(ation)?: "
	    "([0-9]+)", { NULL, "resource", "required", NULL, "limit" } },
	/* CUTLASS's CuTe DSL refusing an MMA the GPU lacks ("OpError:
	 * expects arch to be one of ['sm_100a', 'sm_100f'], but got
	 * sm_121a": tcgen05 on a GB10) */
	{ "GPU-FEATURE", 2, "expects arch to be one of", 0, NULL, "expects "
	    "arch to be one of \\[([^]\n]{1,120})\\],? but got "
	    "(sm_[0-9]+[a-z]?)", { NULL, "needs", "target" } },
	/* DCGM's client (dcgmi/Command.cpp) and its status string for
	 * DCGM_ST_CONNECTION_NOT_VALID (dcgmlib/src/dcgm_errors.c) */
	{ "DCGM-HOSTENGINE", 1, "Unable to connect to host engine", 0, NULL,
	    "Unable to connect to host engine", { NULL } },
	{ "DCGM-HOSTENGINE", 1, "Host engine connection invalid/disconnected",
	    0, NULL, "Host engine connection invalid/disconnected",
	    { NULL } },
	/* TensorFlow's convolution without a usable cuDNN (conv_ops) */
	{ "F28", 2, "DNN library is not found", 0, NULL, "DNN library is not "
	    "found", { NULL } },
	/* OptiX's OPTIX_ERROR_UNSUPPORTED_ABI_VERSION: the SDK the program
	 * was built with needs a newer driver (the SDK's release notes name
	 * its minimum driver) */
	{ "F16", 3, "Unsupported ABI version", 0, "optix", "Unsupported ABI "
	    "version", { NULL } },
	/* xFormers' operator table when its C++/CUDA extension did not load
	 * (xformers/ops/fmha/common.py): built for another PyTorch */
	{ "TORCH-ABI", 3, "xFormers wasn't build with CUDA support", 0, NULL,
	    "xFormers wasn't build with CUDA support", { NULL } },
	/* a driver API function whose arguments changed (CUDA 13's
	 * cuCtxCreate is cuCtxCreate_v4, with four) */
	{ "API-GONE", 2, "too few arguments in function call", 0, NULL, "too "
	    "few arguments in function call[^\n]*\n[^\n]*[^A-Za-z0-9_](" NVAPI
	    ")\\(", { NULL, "symbol" } },
	/* GCC's words for the same, naming the function ("too few
	 * arguments to function 'CUresult cuCtxCreate_v4(...)'") */
	{ "API-GONE", 2, "arguments to function '", 0, NULL, "arguments to "
	    "function '[^\n]*[^A-Za-z0-9_](" NVAPI ")\\(", { NULL, "symbol" } },
	/* GCC on an argument of the old type given to the versioned
	 * function cuda.h now maps the name to ("passing argument 2 of
	 * 'cuCtxCreate_v4' makes pointer from integer", "incompatible type
	 * for argument 4 of 'cuMemAdvise_v2'") */
	{ "API-GONE", 2, "argument ", 0, NULL, "argument [0-9]+ of (‘|[`'\"])"
	    "(" DRVAPI "_v[0-9]+)", { NULL, NULL, "symbol" } },
	/* a library that calls the driver API and was linked without
	 * -lcuda: its cu* symbols stay unresolved when it is loaded */
	{ "LINK-LIBCUDA", 3, "undefined symbol:", 0, NULL, SYMBOL "("
	    DRVAPI ")[\"'`]?[ \t]*($|\n)", { NULL, "symbol" } },
	/* a function of another NVIDIA library that the copy loaded lacks
	 * (nvidia-ctk's nvmlDeviceGetMaxMigDeviceCount in an older
	 * libnvidia-ml, torch's cudaGetDriverEntryPointByVersion in an older
	 * libcudart): the caller was built against a newer release */
	/* a program's own module (a Python extension, a plugin: a .so
	 * without a version, as NVIDIA's libraries never are) that calls a
	 * library of NVIDIA's it was not linked with ("scheduler_eval.so:
	 * undefined symbol: cudnnSetStream": built without -lcudnn) */
	{ "LINK-NVLIB", 2, UNDEF, 1, NULL, "(" P "\\.so) *: *" SYMBOL
	    "((cudnn|cublas|cusparse|cusolver|cufft|curand|nvrtc|nvJitLink|"
	    "nccl|nvml|cuda)[A-Z][A-Za-z0-9_]*)[\"'`]?[ \t]*($|\n)",
	    { NULL, "file", "symbol" } },
	/* (a comma ends it only where glibc's ", version ..." was cut off:
	 * "undefined symbol: cudaGetDriverEntryPointByVersion,",
	 * NVIDIA/cutlass#2086) */
	{ "LIB-SYMBOL", 3, "undefined symbol:", 0, NULL, SYMBOL
	    "((cudnn|cublas|cusparse|cusolver|cufft|curand|nvrtc|nvJitLink|"
	    "nccl|nvml|cuda)[A-Z][A-Za-z0-9_]*)([^A-Za-z0-9_@,]|,[ \t]*\n|"
	    ",?[ \t]*$)", { NULL, "symbol" } },
	/* the same in XLA's stubs' words ("cudaGetErrorString symbol not
	 * found."): a jaxlib built for an older CUDA than the one loaded */
	{ "LIB-SYMBOL", 3, "symbol not found", 1, NULL, "((cudnn|cublas|"
	    "cusparse|cusolver|cufft|curand|nvrtc|nvJitLink|nccl|nvml|cuda)"
	    "[A-Z][A-Za-z0-9_]*) symbol not found", { NULL, "symbol" } },
	/* a JAX CUDA plugin whose initialize() calls into a jaxlib that lacks
	 * what it calls: a plugin newer than jaxlib (jax-ml/jax#26750) */
	{ "F31", 3, "jax_plugins/xla_cuda", 0, NULL, "jax_plugins/xla_cuda"
	    "[0-9]+/__init__\\.py\", line [0-9]+, in initialize[[:space:]]+"
	    "xla_client\\.", { NULL } },
	/* a framework's build that carries no architecture for this GPU */
	{ "F21", 2, "No supported CUDA architectures found", 0, NULL, "No "
	    "supported CUDA architectures found", { NULL } },
	/* a build that finds no CUDA compiler: CMake's CUDA language,
	 * PyTorch's cpp_extension (CUDA_HOME), a shell */
	/* a build that runs nvcc by its toolkit's path, where there is none
	 * (DeepSpeed's op builder: "No such file or directory:
	 * '/usr/local/cuda/bin/nvcc'") */
	{ "NVCC-MISSING", 2, "No such file or directory", 0, NULL, "No such "
	    "file or directory:? *['\"]?((" P "/)?bin/nvcc(\\.exe)?)['\"]?"
	    "([^A-Za-z0-9_./-]|$)", { NULL, "file" } },
	{ "NVCC-MISSING", 2, "/bin/nvcc", 1, NULL, "['\"]?((" P "/)?bin/nvcc"
	    "(\\.exe)?)['\"]?: *No such file or directory", { NULL, "file" } },
	/* CMake's check_language(CUDA) compiles a test in a project of its
	 * own: NOTFOUND when there is no nvcc, and also when the nvcc found
	 * rejects the host compiler (a GCC newer than it supports) */
	{ "NVCC-MISSING", 2, "Looking for a CUDA compiler - NOTFOUND", 0,
	    NULL, "Looking for a CUDA compiler - NOTFOUND", { NULL } },
	{ "F23", 3, "Looking for a CUDA compiler - NOTFOUND", 0, NULL,
	    "Looking for a CUDA compiler - NOTFOUND", { NULL } },
	{ "NVCC-MISSING", 1, "No CMAKE_CUDA_COMPILER could be found", 0, NULL,
	    "No CMAKE_CUDA_COMPILER could be found", { NULL } },
	{ "NVCC-MISSING", 2, "variable \"CUDACXX\"", 1, NULL, "environment "
	    "variable \"CUDACXX\"", { NULL } },
	{ "NVCC-MISSING", 1, "CUDA_HOME environment variable is not set", 0,
	    NULL, "CUDA_HOME environment variable is not set", { NULL } },
	{ "NVCC-MISSING", 2, "nvcc: command not found", 0, NULL, "nvcc: "
	    "command not found", { NULL } },
	{ "NVCC-MISSING", 2, "nvcc: not found", 0, NULL, "nvcc: not found",
	    { NULL } },
	{ "NVCC-MISSING", 1, "CMAKE_CUDA_COMPILER not set", 0, NULL,
	    "CMAKE_CUDA_COMPILER not set", { NULL } },
	/* CMake's FindCUDA without a toolkit where it looks */
	{ "NVCC-MISSING", 2, "Specify CUDA_TOOLKIT_ROOT_DIR", 0, NULL,
	    "Specify CUDA_TOOLKIT_ROOT_DIR", { NULL } },
	/* CMake's CUDA language with no compiler it could run (behind the
	 * other causes' own words, such as nvcc's refusal of the host
	 * compiler) */
	{ "NVCC-MISSING", 3, "The CUDA compiler identification is unknown", 0,
	    NULL, "The CUDA compiler identification is unknown", { NULL } },
	/* CMake's Visual Studio generator without CUDA's build customization
	 * ("No CUDA toolset found."), a compiler variable left NOTFOUND
	 * ("Executing NVCC-NOTFOUND --version"), vcpkg's cuda port ("Could
	 * not find CUDA.  Before continuing, please download and install
	 * CUDA") */
	{ "NVCC-MISSING", 2, "No CUDA toolset found", 0, NULL, "No CUDA "
	    "toolset found", { NULL } },
	{ "NVCC-MISSING", 2, "-NOTFOUND", 1, NULL, "(NVCC|CUDA_NVCC_EXECUTABLE|"
	    "CMAKE_CUDA_COMPILER|CUDAToolkit_NVCC_EXECUTABLE)-NOTFOUND",
	    { NULL } },
	{ "NVCC-MISSING", 2, "Could not find CUDA", 0, NULL, "Could not find "
	    "CUDA\\.[[:space:]]+Before continuing, please download and install "
	    "CUDA", { NULL } },
	/* CMake's test of the CUDA compiler it found, failed: nvcc is there
	 * and cannot build a program, most often because it refuses the host
	 * compiler (F23), whose words are in the output CMake shows */
	{ "F23", 3, "The CUDA compiler", 0, NULL, "The CUDA compiler"
	    "[[:space:]]+\"[^\"\n]*nvcc(\\.exe)?\"[[:space:]]+is not able to "
	    "compile a simple test program", { NULL } },
	/* anyone's own words for it: CMake's FindCUDAToolkit ("Could not
	 * find nvcc, please set CUDAToolkit_ROOT"), its CUDA language ("Failed
	 * to find nvcc."), FlashInfer's JIT ("Could not find nvcc and default
	 * cuda_home=...") */
	{ "NVCC-MISSING", 2, "not find nvcc", 1, NULL, "([Cc]ould|[Dd]id|"
	    "[Cc]an) not find nvcc", { NULL } },
	/* XLA's compiler without the toolkit's libdevice (its NVPTX
	 * backend: "libdevice not found at ./libdevice.10.bc"; before it, the
	 * warning "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice") */
	{ "NVCC-MISSING", 1, "libdevice not found at", 0, NULL, "libdevice not "
	    "found at", { NULL } },
	{ "NVCC-MISSING", 2, "Can't find libdevice directory", 0, NULL,
	    "Can't find libdevice directory", { NULL } },
	/* XLA finding no ptxas it can run, and compiling PTX through the
	 * driver instead ("Relying on driver to perform ptx compilation.
	 * Modify $PATH to customize ptxas location.") */
	{ "NVCC-MISSING", 3, "Relying on driver to perform ptx compilation",
	    0, NULL, "Relying on driver to perform ptx compilation",
	    { NULL } },
	/* CMake's find modules' common verdict (FindPackageHandleStandardArgs:
	 * "Could NOT find CUDAToolkit (missing: CUDAToolkit_NVCC_EXECUTABLE
	 * CUDA_CUDART)", FindCUDA's "Could NOT find CUDA (missing:
	 * CUDA_TOOLKIT_ROOT_DIR ...)"): the toolkit, when its compiler, its
	 * directory or its root is among what is missing; a version found
	 * unsuitable is another verdict, without "(missing:" */
	{ "NVCC-MISSING", 2, "Could NOT find CUDA", 0, NULL, "Could NOT find "
	    "CUDA(Toolkit)? *\\(missing:[^)\n]*(NVCC|ROOT|BIN_DIR)",
	    { NULL } },
	/* a project's own FATAL_ERROR for it ("CMake Error at
	 * cmake/compile_definitions/linux.cmake:64 (message):\n  CUDA not
	 * found.") */
	{ "NVCC-MISSING", 2, "CMake Error at", 0, NULL, "CMake Error at "
	    "[^\n]*\\(message\\):[[:space:]]*(The )?CUDA (toolkit )?(was )?"
	    "not found", { NULL } },
	/* FFmpeg's configure with --enable-cuda-nvcc */
	{ "NVCC-MISSING", 2, "failed checking for nvcc", 0, NULL, "failed "
	    "checking for nvcc", { NULL } },
	{ "NVCC-MISSING", 2, "to find nvcc", 1, NULL, "([Ff]ailed|[Uu]nable) "
	    "to find nvcc", { NULL } },
	{ "NVCC-MISSING", 2, "find nvcc", 1, NULL, "([Cc]annot|[Cc]an't|"
	    "[Cc]ouldn't) find nvcc", { NULL } },
	/* the same as a build's verdict (flash-attn's setup.py: "flash_attn
	 * was requested, but nvcc was not found."; DeepSpeed's op builder:
	 * "MissingCUDAException: CUDA_HOME does not exist, unable to compile
	 * CUDA op(s)") */
	{ "NVCC-MISSING", 2, "nvcc was not found", 0, NULL, "nvcc was not "
	    "found", { NULL } },
	{ "NVCC-MISSING", 1, "CUDA_HOME does not exist", 0, NULL, "CUDA_HOME "
	    "does not exist", { NULL } },
	/* a Rust binding's build script that does not know the toolkit
	 * installed (cudarc: "Unsupported cuda toolkit version: `12050`") */
	/* cudarc's panic when a function of its generated list is not in the
	 * library it opened: dlsym's words with the symbol on Linux,
	 * GetProcAddress's error 127 on Windows */
	{ "BINDING-TOOLKIT", 1, "Expected symbol in library", 0, NULL,
	    "Expected symbol in library: (DlSym \\{ desc: \"[^\"\n]*undefined "
	    "symbol: ([A-Za-z0-9_]+)|GetProcAddress)", { NULL, NULL,
	    "symbol" } },
	{ "BINDING-TOOLKIT", 1, "Unsupported cuda toolkit version", 0, NULL,
	    "Unsupported cuda toolkit version: *`?([0-9.]+)`?",
	    { NULL, "toolkit" } },
	/* a binding's own list of the names it tried for a library of
	 * NVIDIA's (cudarc up to 0.11: "Unable to find nvrtc lib under the
	 * names [...]"; later: "searched for library names: [...]";
	 * CUDA.jl's local toolkit: "Could not find library 'nvToolsExt' in
	 * your local CUDA installation"): the names are read one by one
	 * (explain.c, binding_list()); the driver's own list is DRIVER-LIB's */
	{ "BINDING-TOOLKIT", 1, "lib under the names", 1, NULL, "[A-Za-z0-9_]+ "
	    "lib under the names *\\[([^]]{1,800})\\]", { NULL, "names" } },
	{ "BINDING-TOOLKIT", 1, "searched for library names", 0, NULL,
	    "searched for library names: *\\[([^]]{1,800})\\]",
	    { NULL, "names" } },
	{ "BINDING-TOOLKIT", 2, "Could not find library '", 0,
	    "in your local CUDA installation", "Could not find library "
	    "'([A-Za-z0-9_]+)' in your local CUDA installation",
	    { NULL, "names" } },
	/* Triton's table of CUDA releases to PTX versions
	 * (backends/nvidia/compiler.py, ptx_get_version), which an older
	 * Triton ends before the toolkit it is given */
	/* NVIDIA's cuda-python bindings refusing the driver's CUDA version
	 * (cuda.bindings 12.9.0 and CUDA 13's driver, NVIDIA/numba-cuda's
	 * issues) */
	{ "BINDING-TOOLKIT", 1, "NotSupportedError: CUDA driver version", 0,
	    NULL, "NotSupportedError: CUDA driver version ([0-9]+) is not "
	    "supported", { NULL, "driver runs" } },
	/* a binding's own list of the CUDA releases it has builds for:
	 * DJL's engines ("No matching cuda flavor for win found:
	 * cu112mkl/sm_86"), a Julia package's platform check ("CUDA version
	 * 13.0.0 in /usr/lib/libcuda.so.1 not supported with this version of
	 * Reactant") */
	{ "BINDING-TOOLKIT", 2, "No matching cuda flavor for ", 0, NULL, "No "
	    "matching cuda flavor for [a-z0-9_-]+ found: *(cu[0-9]+)",
	    { NULL, "toolkit" } },
	{ "BINDING-TOOLKIT", 2, "CUDA version ", 0, "not supported with this "
	    "version of", "CUDA version ([0-9]+(\\.[0-9]+)*)[^\n]{0,80} not "
	    "supported with this version of", { NULL, "CUDA" } },
	/* CUDA.jl's check of the driver (initialization.jl): "This version
	 * of CUDA.jl only supports NVIDIA drivers for CUDA 11.x or 12.x
	 * (yours is for CUDA 13.0.0)" */
	{ "BINDING-TOOLKIT", 1, "only supports NVIDIA drivers for CUDA", 0,
	    NULL, "only supports NVIDIA drivers for CUDA [^(\n]*\\(yours is "
	    "for CUDA ([0-9]+(\\.[0-9]+)*)\\)", { NULL, "CUDA" } },
	{ "BINDING-TOOLKIT", 1, "Triton only support", 0, NULL, "Triton "
	    "only supports? CUDA [0-9.]+ or higher, but got CUDA version: *"
	    "([0-9.]+)", { NULL, "toolkit" } },
	/* an installer that picks its build by the CUDA version it
	 * detects, and knows none for it (CUDA-Q's setup.py: "Your CUDA
	 * version (13000) is too new.") */
	{ "BINDING-TOOLKIT", 2, "CUDA version (", 0, NULL, "CUDA version "
	    "\\(([0-9][0-9.]*)\\) is too (new|old)", { NULL, "toolkit" } },
	/* an installer's table of the CUDA releases it has builds for
	 * (torch for R: "Unsupported CUDA version \"12.3\"\n Currently
	 * supported versions are: \"11.7\" and \"11.8\"") */
	{ "BINDING-TOOLKIT", 2, "Unsupported CUDA version", 0, NULL,
	    "Unsupported CUDA version:? *\"?([0-9]+(\\.[0-9]+)*)\"?[^\n]*\n"
	    "[^\n]*supported versions are", { NULL, "toolkit" } },
	/* nvidia-ctk looking for the driver's libraries on the host ("failed
	 * to locate libcuda.so: libcuda.so.580.159.04: not found") */
	{ "CTR-HOST-DRIVER", 2, "failed to locate libcuda.so", 0, "nvidia-ctk",
	    "failed to locate libcuda\\.so", { NULL } },
	/* the same library looked for by the toolkit's CDI code inside
	 * another tool (Toolbx: "failed to locate libcuda.so.575.57.08:
	 * pattern libcuda.so.575.57.08 not found"): the driver's libcuda is
	 * not installed beside its kernel module */
	{ "DRIVER-LIB", 3, "failed to locate libcuda.so", 0, "!nvidia-ctk",
	    "failed to locate (libcuda\\.so(\\.[0-9]+)*): pattern",
	    { NULL, "missing" } },
	/* the container toolkit's CDI generation not finding the driver's
	 * libraries where it looks (a driver under a path of its own) */
	{ "CTR-HOST-DRIVER", 2, "failed to generate CDI spec", 0,
	    "libcuda.so", "failed to generate CDI spec[^\n]*driver "
	    "libraries", { NULL } },
	/* PTX newer than the PTX compiler that reads it: the driver's JIT
	 * ("ptxas application ptx input": the driver is older than the
	 * PTX), or a ptxas program of an older toolkit */
	{ "F16", 2, "Unsupported .version", 0, "application ptx input",
	    "Unsupported \\.version ([0-9.]+); current version is "
	    "'([0-9.]+)'", { NULL, "ptx", "reads" } },
	/* XLA's check of the ptxas it runs (ptx_compiler_helpers.cc):
	 * "Invoking ptxas with version 12.1.66, which corresponds to a CUDA
	 * version <=12.6.2" */
	/* XLA given a ptxas that does not know the GPU's architecture
	 * (stream_executor's asm_compiler / subprocess_compilation: "Falling
	 * back to the CUDA driver for PTX compilation; ptxas does not support
	 * CC 8.9", then "ptxas too old. Falling back to the driver to
	 * compile.") */
	{ "PTXAS-OLD", 1, "ptxas does not support CC ", 0, NULL, "ptxas does "
	    "not support CC ([0-9]+\\.[0-9]+)", { NULL, "cc" } },
	{ "PTXAS-OLD", 2, "ptxas too old", 0, NULL, "ptxas too old", { NULL } },
	/* XLA's own floor for the ptxas it finds (xla/service/gpu's
	 * nvptx_compiler: "XLA requires ptxas version 11.8 or higher") */
	{ "PTXAS-OLD", 2, "requires ptxas version ", 0, NULL, "requires ptxas "
	    "version ([0-9.]+) or higher", { NULL, "needs" } },
	{ "PTXAS-OLD", 2, "Invoking ptxas with version", 0, NULL, "Invoking "
	    "ptxas with version ([0-9.]+), which corresponds to a CUDA "
	    "version", { NULL, "ptxas" } },
	/* ptxas that does not know a modifier or instruction of the PTX
	 * it is given, which a newer ISA added (".mmio") */
	{ "PTXAS-OLD", 2, "ptxas", 0, NULL, "ptxas [^\n]*error *: "
	    "(Unknown modifier|Not a name of any known instruction)[: ]*"
	    "'([^'\n]+)'", { NULL, NULL, "instruction" } },
	{ "PTXAS-OLD", 2, "Unsupported .version", 0, "!application ptx "
	    "input", "Unsupported "
	    "\\.version ([0-9.]+); current version is '([0-9.]+)'",
	    { NULL, "ptx", "reads" } },
	/* the profilers' ERR_NVGPUCTRPERM (Nsight Compute, CUPTI) */
	/* DCGM's exporter started without SYS_ADMIN */
	{ "GPU-COUNTERS", 1, "sufficient privileges to expose profiling "
	    "metrics", 0, NULL, "sufficient privileges to expose profiling "
	    "metrics", { NULL } },
	{ "GPU-COUNTERS", 1, "ERR_NVGPUCTRPERM", 0, NULL, "ERR_NVGPUCTRPERM",
	    { NULL } },
	/* DKMS's own word for a patch of the module's source that does not
	 * apply to it ("Error! Application of patch
	 * buildfix_kernel_6.19_part2.patch failed.") */
	{ "KMOD-BUILD", 2, "Application of patch ", 0, "dkms", "Application of "
	    "patch ([^ \n]+) failed", { NULL, "patch" } },
	/* a DKMS build of a GPU module failing in make, in any language */
	{ "KMOD-BUILD", 2, "/var/lib/dkms/", 0, NULL, "/var/lib/dkms/(nvidia"
	    "[a-z0-9_-]*|gdrdrv)/([0-9][0-9.]*)/build([^\n]*\\] [^ \n]+ [0-9]+|"
	    "/[^ \n:]+:[0-9]+(:[0-9]+)?: (fatal )?error:)",
	    { NULL, "module", "version" } },
	/* uv's resolver: one package's NVIDIA wheel requirement against
	 * another's pin ("simpletuner[cuda13] requires nvidia-cublas>=13.3
	 * ... torch==2.11.0+cu130 ... require nvidia-cublas==13.1.x") */
	{ "PIP-PIN-CLASH", 2, "requires nvidia-", 0, NULL, "requires "
	    "(nvidia-[a-z0-9-]+)[<>=~!]=?[0-9][^\n]*([[:space:]]+[^\n]*){0,3}"
	    "[[:space:]]+require (nvidia-[a-z0-9-]+)==", { NULL, "wheel" } },
	/* pip's resolver after an install left two pins apart: "torch 2.1.1
	 * requires nvidia-cudnn-cu12==8.9.2.26; platform_system ==
	 * \"Linux\" ..., but you have nvidia-cudnn-cu12 9.5.1.17 which is
	 * incompatible." */
	{ "PIP-PIN-CLASH", 2, "requires nvidia-", 0, "which is incompatible",
	    "requires (nvidia-[a-z0-9-]+)==([0-9][^;,\n ]*)[^\n]*, but you "
	    "have (nvidia-[a-z0-9-]+) ([0-9][^ \n]*) which is incompatible",
	    { NULL, "wheel", "pinned", NULL, "installed" } },
	/* pip's resolver refusing the pins given together, one of them an
	 * NVIDIA wheel ("ERROR: Cannot install torch==2.4.0 and
	 * nvidia-cudnn-cu12==8.9.2.26 because these package versions have
	 * conflicting dependencies.") */
	{ "PIP-PIN-CLASH", 2, "Cannot install ", 0, "conflicting dependencies",
	    "Cannot install [^\n]*(nvidia-[a-z0-9-]+)==[^\n]* because these "
	    "package versions have conflicting dependencies",
	    { NULL, "wheel" } },
	/* pip given PyTorch's index of a CUDA label it does not have (cu131)
	 * or without the release asked for */
	{ "PIP-NO-PIN", 2, "Looking in indexes:", 0, "(from versions: none)",
	    "Looking in indexes: [^\n]*download\\.pytorch\\.org/whl/"
	    "(cu[0-9]+|rocm[0-9.]+|cpu)", { NULL, "index" } },
	/* the linker: a driver API call with no -lcuda, another NVIDIA
	 * library's call without that library on the link line */
	{ "LINK-LIBCUDA", 2, "undefined reference to", 0, NULL, "undefined "
	    "reference to [`'\"]?(" DRVAPI ")", { NULL, "symbol" } },
	{ "LINK-NVLIB", 2, "undefined reference to", 0, NULL, "undefined "
	    "reference to [`'\"]?(" LIBAPI ")", { NULL, "symbol" } },
	/* MSVC's linker, by its error's number in any language ("error
	 * LNK2001: unresolved external symbol cublasCreate_v2", "error
	 * LNK2001: 无法解析的外部符号 cublasCreate_v2") */
	{ "LINK-LIBCUDA", 2, "LNK20", 0, NULL, MSVC_UNRESOLVED "(" DRVAPI ")"
	    "([^A-Za-z0-9_]|$)", { NULL, NULL, NULL, "symbol" } },
	{ "LINK-NVLIB", 2, "LNK20", 0, NULL, MSVC_UNRESOLVED "(" LIBAPI ")",
	    { NULL, NULL, NULL, "symbol" } },
	{ "API-GONE", 1, "LNK20", 0, NULL, MSVC_UNRESOLVED "(" RTGONE ")"
	    "([^A-Za-z0-9_]|$)", { NULL, NULL, NULL, "symbol" } },
	/* a function the CUDA runtime no longer has, at the link (ahead of
	 * a library missing from the link line), and the texture and
	 * surface reference templates in nvcc's front end */
	{ "API-GONE", 1, "undefined reference to", 0, NULL, "undefined "
	    "reference to [`'\"]?(" RTGONE ")[^A-Za-z0-9_]", { NULL,
	    "symbol" } },
	/* the CUDA runtime's entry points that nvcc's generated host code
	 * calls (__cudaRegisterFatBinary, __cudaPushCallConfiguration since
	 * CUDA 9.2, __cudaLaunchKernel and __cudaGetKernel since 13.0)
	 * unresolved: the object was compiled by a newer nvcc than the
	 * runtime it is linked with, or with none */
#define HOST_STUB "[`'\"]?(__cuda(LaunchKernel|GetKernel|" \
	"PushCallConfiguration|PopCallConfiguration|RegisterFatBinary|" \
	"RegisterFatBinaryEnd|RegisterFunction|RegisterVar|" \
	"RegisterLinkedBinary|UnregisterFatBinary|InitModule)[A-Za-z0-9_]*)"
	{ "API-GONE", 2, "unresolved external symbol", 0, NULL, "unresolved "
	    "external symbol *" HOST_STUB, { NULL, "symbol" } },
	{ "API-GONE", 2, "undefined reference to", 0, NULL, "undefined "
	    "reference to *" HOST_STUB, { NULL, "symbol" } },
	{ "LINK-NVLIB", 3, "unresolved external symbol", 0, NULL, "unresolved "
	    "external symbol *" HOST_STUB, { NULL, "symbol" } },
	{ "LINK-NVLIB", 3, "undefined reference to", 0, NULL, "undefined "
	    "reference to *" HOST_STUB, { NULL, "symbol" } },
#undef HOST_STUB
	{ "API-GONE", 2, " is not a template", 1, NULL, "(texture|surface) "
	    "is not a template($|[^A-Za-z ])", { NULL, "symbol" } },
	/* NVTX's version 2 (nvToolsExt.h at the top of include/ and
	 * libnvToolsExt), which newer toolkits dropped for the header-only
	 * nvtx3/ (CUDA 13.0 has only include/nvtx3/nvToolsExt.h): its
	 * header, in GCC's, Clang's, MSVC's and nvcc's words, and CMake's
	 * CUDA::nvToolsExt target */
	{ "API-GONE", 2, "nvToolsExt", 0, NULL, "(nvToolsExt[A-Za-z]*\\.h)"
	    "['\"]?(: No such file or directory|:? file not found)",
	    { NULL, "symbol" } },
	{ "API-GONE", 2, "open source file \"nvToolsExt", 0, NULL, "open "
	    "source file \"(nvToolsExt[A-Za-z]*\\.h)\"", { NULL, "symbol" } },
	/* CMake's FindCUDAToolkit without that library: "Target \"x\" links
	 * to: CUDA::nvrtc but the target was not found" */
	{ "LINK-NVLIB", 3, "CUDA::", 0, "target was not found", "CUDA::("
	    "[A-Za-z_]+)[[:space:]]+but the target was not found",
	    { NULL, "link" } },
	/* a CMake lookup of an NVIDIA library left NOTFOUND
	 * ("CUDNN_INCLUDE_DIR-NOTFOUND", "NvToolExt_LIBRARIES-NOTFOUND.lib"
	 * handed to the linker) */
	{ "LINK-NVLIB", 2, "-NOTFOUND", 1, NULL, "(CUDNN|cuDNN|NCCL|CUTENSOR|"
	    "TENSORRT|TensorRT|NVINFER|CUBLAS|CUFFT|CURAND|CUSPARSE|CUSOLVER|"
	    "NVRTC|NvToolExt|NvToolsExt|nvToolsExt|NVTX)[A-Za-z0-9_]*-NOTFOUND",
	    { NULL, "library" } },
	{ "API-GONE", 2, "CUDA::nvToolsExt", 0, "target was not found",
	    "(CUDA::nvToolsExt)", { NULL, "symbol" } },
	/* a build's own search for NVTX 2's library, which CUDA 12.6 and
	 * later no longer ship ("Failed to find nvToolsExt") */
	{ "API-GONE", 2, "to find nvToolsExt", 1, NULL, "([Ff]ailed|[Uu]nable) "
	    "to find (nvToolsExt)", { NULL, NULL, "symbol" } },
	/* a build script's own words for the library of NVTX 2
	 * ("ERROR: Unable to find lib64/libnvToolsExt") */
	{ "API-GONE", 2, "find ", 0, "libnvToolsExt", "find *(" P "/)?"
	    "(libnvToolsExt)([^.A-Za-z0-9_]|$)", { NULL, NULL, "symbol" } },
	/* a compiler that does not know an NVIDIA function: nvcc's
	 * front end, MSVC, GCC and Clang in their own words */
	{ "API-GONE", 2, "identifier \"", 0, NULL, "identifier \"(" NVAPI
	    ")\" is undefined", { NULL, "symbol" } },
	{ "API-GONE", 2, "': identifier not found", 1, NULL, "(" NVAPI
	    ")': identifier not found", { NULL, "symbol" } },
	{ "API-GONE", 2, "' was not declared in this scope", 1, NULL, "("
	    NVAPI ")' was not declared in this scope", { NULL, "symbol" } },
	{ "API-GONE", 2, "use of undeclared identifier", 0, NULL, "use of "
	    "undeclared identifier '(" NVAPI ")'", { NULL, "symbol" } },
	/* Rust's words for a function a binding's module lacks ("error[E0425]:
	 * cannot find function `cuGraphAddDependencies` in module `sys`") */
	{ "API-GONE", 2, "cannot find function `", 0, NULL, "cannot find "
	    "function `(" NVAPI ")` in (module|crate)", { NULL, "symbol" } },
	/* the same for an enumerator of a status enum, ahead of the entry
	 * its code has (no library returned it): GCC's quotes are
	 * typographic in a UTF-8 locale; MSVC says "undeclared identifier" */
	{ "API-GONE", 0, "identifier \"", 0, NULL, "identifier \"(" NVENUM
	    ")\" is undefined", { NULL, "symbol" } },
	{ "API-GONE", 0, "' was not declared in this scope", 1, NULL, "("
	    NVENUM ")' was not declared in this scope", { NULL, "symbol" } },
	{ "API-GONE", 0, "’ was not declared in this scope", 1, NULL, "(‘)?("
	    NVENUM ")’ was not declared in this scope",
	    { NULL, NULL, "symbol" } },
	{ "API-GONE", 0, "use of undeclared identifier", 0, NULL, "use of "
	    "undeclared identifier '(" NVENUM ")'", { NULL, "symbol" } },
	{ "API-GONE", 0, "': undeclared identifier", 1, NULL, "(" NVENUM
	    ")': undeclared identifier", { NULL, "symbol" } },
	/* a member a type or a namespace of NVIDIA's no longer has (CUDA
	 * 13's cudaDeviceProp without clockRate, CCCL 3's cub without Sum),
	 * in nvcc's front end's, GCC's, MSVC's and Clang's words */
	{ "API-GONE", 2, "\" has no member \"", 1, NULL, "(" NVTYPE ")\" "
	    "has no member \"([A-Za-z0-9_]+)\"", { NULL, "type", NULL,
	    "member" } },
	{ "API-GONE", 2, "namespace \"", 0, NULL, "namespace \"(" NVNS
	    ")(::[A-Za-z0-9_:]+)?\" has no member( class| template| "
	    "function)? \"([A-Za-z0-9_]+)\"",
	    { NULL, "namespace", NULL, NULL, "member" } },
	{ "API-GONE", 2, "' has no member named '", 1, NULL, "(" NVTYPE ")' "
	    "has no member named '([A-Za-z0-9_]+)'", { NULL, "type", NULL,
	    "member" } },
	/* TensorRT's, in GCC's words with its quotes (‘class
	 * nvinfer1::IBuilder’ has no member named ‘buildEngineWithConfig’:
	 * removed in TensorRT 10; buildSerializedNetwork, not yet in 7.1) */
	{ "API-GONE", 2, "class nvinfer1::I", 0, NULL, "class nvinfer1::"
	    "(I[A-Za-z0-9_]+)(’|[`'\"])? has no member named (‘|[`'\"])?"
	    "([A-Za-z0-9_]+)", { NULL, "type", NULL, NULL, "member" } },
	{ "API-GONE", 2, "is not a member of '", 0, NULL, "is not a member of "
	    "'(struct )?(" NVTYPE "|" NVNS ")'", { NULL, NULL, "type" } },
	{ "API-GONE", 2, "no member named '", 0, NULL, "no member named "
	    "'([A-Za-z0-9_]+)' in '(struct |namespace )?(" NVTYPE "|" NVNS
	    ")'", { NULL, "member", NULL, "type" } },
	/* an argument of another type than the API now takes (CUDA 13's
	 * cudaMemPrefetchAsync takes a cudaMemLocation), and MSVC's count of
	 * a driver API function's arguments */
	{ "API-GONE", 2, "convert ", 0, NULL, "convert (argument [0-9]+ )?"
	    "(from )?[\"'][^\"'\n]{1,80}[\"'] to [\"'](const )?(struct )?("
	    NVTYPE ")", { NULL, NULL, NULL, NULL, NULL, "type" } },
	{ "API-GONE", 2, "': function does not take", 1, NULL, "(" NVAPI
	    ")': function does not take [0-9]+ arguments", { NULL,
	    "symbol" } },
	/* kernel modules of the GPU (the driver's, GDRCopy's gdrdrv,
	 * nvidia-peermem) that do not build for the running kernel: a
	 * symbol the kernel made GPL-only (modpost), DKMS's and the .run
	 * installer's reports */
	{ "KMOD-BUILD", 1, "GPL-incompatible module", 0, NULL,
	    "GPL-incompatible module ([a-z0-9_-]+\\.ko) uses GPL-only symbol "
	    "'([A-Za-z0-9_]+)'", { NULL, "module", "symbol" } },
	/* DKMS's own words, in its releases and distributions' wrappers
	 * ("Building DKMS module 'nvidia-580.126.18' for kernel-7.0.1_1...
	 * FAILED!", "DKMS module 'nvidia-...' failed to build") */
	{ "KMOD-BUILD", 2, "DKMS module '", 0, NULL, "DKMS module '(nvidia"
	    "[^'\n]*)'( for kernel[- ]([^ .\n]+)[^\n]*FAILED| failed to "
	    "build)", { NULL, "module", NULL, "kernel" } },
#define KREL "[0-9][A-Za-z0-9._+~-]*"	/* a kernel release */
	/* the headers of the kernel a module is built for are not there:
	 * DKMS ("Error! Your kernel headers for kernel 6.6.15-amd64 cannot
	 * be found at /lib/modules/6.6.15-amd64/build ...  Please install
	 * the linux-headers-6.6.15-amd64 package", emilyst/hid-nx-dkms#20;
	 * "autoinstall for kernel 6.8.0-45-generic was skipped since the
	 * kernel headers for this kernel do not seem to be installed",
	 * dkms-project/dkms#521; Arch's hook: "Missing 6.2.1-zen1-1-zen
	 * kernel headers for module nvidia/525.89.02"), NVIDIA's installer
	 * ("Unable to find the kernel source tree for the currently running
	 * kernel") */
	{ "KMOD-BUILD", 2, "Your kernel headers for kernel ", 0, NULL, "Your "
	    "kernel headers for kernel (" KREL ") cannot be found([^\n]*\n"
	    "[^\n]*install the ([a-z0-9.+-]+) package)?",
	    { NULL, "kernel", NULL, "headers package" } },
	{ "KMOD-BUILD", 2, " was skipped since the", 1, NULL, "(" KREL ") was "
	    "skipped since the[[:space:]]+kernel headers for this kernel "
	    "do(es)? not seem to be installed", { NULL, "kernel" } },
	{ "KMOD-BUILD", 2, "kernel headers for module ", 1, NULL, "(" KREL ") "
	    "kernel headers for module ([a-z0-9_-]+)", { NULL, "kernel",
	    "module" } },
	{ "KMOD-BUILD", 2, "Unable to find the kernel source tree", 0, NULL,
	    "Unable to find the kernel source tree for the currently running "
	    "kernel", { NULL } },
#undef KREL
	/* the modules' build without its compiler (the open modules' C++
	 * parts: "[ nvidia-modeset ]  CXX ... g++: command not found"), the
	 * open modules' kbuild banner around it */
	{ "KMOD-BUILD", 2, "command not found", 1, "[ nvidia", "(g\\+\\+|"
	    "gcc|cc|c\\+\\+|ld|make)(-[0-9]+)?: command not found", { NULL } },
	/* the compiler's error in a source file of the driver's modules,
	 * built against a kernel's headers ("nvidia/nv.c:130:18: error:") */
	{ "KMOD-BUILD", 2, ".c:", 1, "linux", KMOD_C_ERROR,
	    { NULL, NULL, "module" } },
	/* the same among kbuild's own lines ("CC [M]  nvidia-drm/...o"),
	 * a header of the driver's sources (common/inc/nv-linux.h), and
	 * GPUDirect Storage's module (nvidia-fs: src/nvfs-*.c) */
	{ "KMOD-BUILD", 2, ".c:", 1, "CC [M]", KMOD_C_ERROR,
	    { NULL, NULL, "module" } },
	/* the directories of the driver's modules other than nvidia/ are no
	 * one else's, and gdrdrv.c is GDRCopy's module: their compiler
	 * errors need no kbuild line beside them */
	{ "KMOD-BUILD", 2, ".c:", 1, NULL, "([^ \t\n'\"]*/)?(nvidia-drm|"
	    "nvidia-uvm|nvidia-modeset|nvidia-peermem)/[A-Za-z0-9_-]+\\.c:"
	    "[0-9]+:[0-9]+: error:", { NULL, NULL, "module" } },
	{ "KMOD-BUILD", 2, "gdrdrv.c:", 1, NULL, "([^ \t\n'\"]*/)?"
	    "(gdrdrv)\\.c:[0-9]+:[0-9]+: error:", { NULL, NULL, "module" } },
	{ "KMOD-BUILD", 2, "common/inc/nv", 1, NULL, "([^ \t\n'\"]*/)?"
	    "common/inc/nv(-[a-z0-9_-]+|misc|types)?\\.h:[0-9]+:[0-9]+: "
	    "error:",
	    { NULL } },
	/* a header of the driver's module sources (kernel/common/inc) that
	 * no CUDA toolkit or kernel ships, missing from the build */
	{ "KMOD-BUILD", 3, ".h: No such file", 1, NULL, "(nvtypes|nv-linux|"
	    "nv-misc|nvmisc|nv-kernel-interface-api)\\.h: No such file or "
	    "directory", { NULL } },
	{ "KMOD-BUILD", 2, "nvfs-", 1, NULL, "([^ \t\n'\"]*/)?nvfs-[a-z0-9_-]+"
	    "\\.c:[0-9]+:[0-9]+: error:", { NULL } },
	/* Nix building the kernel module's derivation (nvidia-open-KERNEL-
	 * DRIVER, nvidia-x11-DRIVER-KERNEL): "error: Cannot build
	 * '/nix/store/...-nvidia-open-6.19.2-580.126.09.drv'" */
	{ "KMOD-BUILD", 2, "Cannot build '", 0, NULL, "Cannot build '[^'\n]*"
	    "-(nvidia-(open|x11)-[0-9][0-9.]*-[0-9][0-9.]*[0-9])\\.drv'",
	    { NULL, "package" } },
	/* kbuild refusing to build against headers that are not prepared
	 * for external modules (a kernel's headers package of another
	 * layout, or an incomplete one) */
	{ "KMOD-BUILD", 3, "Kernel configuration is invalid", 0, NULL,
	    "Kernel configuration is invalid\\.?[ \t\n]*include/generated/"
	    "autoconf\\.h or include/config/auto\\.conf are missing", { NULL } },
	/* the installer's refusal of a real-time kernel */
	{ "KMOD-BUILD", 2, "Failed PREEMPT_RT sanity check", 0, NULL, "Failed "
	    "PREEMPT_RT sanity check", { NULL } },
	{ "KMOD-BUILD", 2, "does not support real-time kernels", 0, NULL,
	    "The NVIDIA driver does not support real-time kernels", { NULL } },
	/* akmods' and rpmbuild's missing build tools for the kmod, and a
	 * packaging's patch that no longer applies to the driver's sources */
	{ "KMOD-BUILD", 2, "is needed by ", 1, "Failed build dependencies",
	    "([^ \t\n]+) is needed by (akmod-|kmod-)?nvidia[^ \n]*",
	    { NULL, "needs" } },
	{ "KMOD-BUILD", 3, "FAILED at ", 0, "nvidia", "FAILED at [0-9]+",
	    { NULL } },
	/* akmods (Fedora, RPM Fusion, negativo17): "Building and installing
	 * nvidia-kmod [FAILED]", its log under /var/cache/akmods/nvidia/ */
	{ "KMOD-BUILD", 2, "Building and installing nvidia", 0, NULL,
	    "Building and installing nvidia[a-z0-9-]* *\\[ *FAILED *\\]",
	    { NULL } },
	{ "KMOD-BUILD", 2, "/var/cache/akmods/nvidia", 0, NULL,
	    "/var/cache/akmods/nvidia[^ \n]*\\.failed\\.log", { NULL } },
	/* the kernel's objtool refusing the module's prebuilt objects on a
	 * newer kernel: "nvidia.o: error: objtool: ...: 'naked' return
	 * found in MITIGATION_RETHUNK build" */
	{ "KMOD-BUILD", 2, ".o: error: objtool: ", 1, NULL, "nvidia[a-z0-9_-]*"
	    "\\.o: error: objtool: ", { NULL } },
	{ "KMOD-BUILD", 2, "Bad return status for module build on kernel", 0,
	    NULL, "Bad return status for module build on kernel: *"
	    "([^ \n]+)", { NULL, "kernel" } },
	{ "KMOD-BUILD", 2, "An error occurred while performing the step: "
	    "\"Building kernel modules\"", 0, NULL, "An error occurred while "
	    "performing the step: \"Building kernel modules\"", { NULL } },
	/* the linker and Triton's own search */
	{ "LINK-LIBCUDA", 1, "cannot find -lcuda", 0, NULL, "cannot find "
	    "-lcuda\\b", { NULL } },
	/* the same by file name ("-l:libcuda.so.1", as Triton's launcher
	 * build asks for it) */
	{ "LINK-LIBCUDA", 1, "cannot find -l:libcuda.so", 0, NULL, "cannot "
	    "find -l:libcuda\\.so(\\.[0-9]+)?", { NULL } },
	{ "LINK-LIBCUDA", 1, "libcuda.so cannot found", 0, NULL, "libcuda\\.so "
	    "cannot found", { NULL } },
	/* TensorRT's Caffe and UFF parsers, which TensorRT 10.0 removed
	 * (its release notes; the maintainer of dusty-nv/jetson-inference
	 * in its #1908): a build that still links them */
	{ "API-GONE", 1, "find -lnv", 1, NULL, "(cannot|to) find (library )?"
	    "-l(nvcaffe_parser|nvparsers)\\b", { NULL, NULL, NULL, "link" } },
	/* another NVIDIA library the linker is told to link and does not
	 * find (GNU ld's "cannot find -lcudart", lld's "unable to find
	 * library -lcublas") */
	{ "LINK-NVLIB", 2, "find -l", 1, NULL, "(cannot|to) find (library )?"
	    "-l" NVLINK "\\b", { NULL, NULL, NULL, "link" } },
	{ "LINK-NVLIB", 2, "find library -l", 1, NULL, "to find library "
	    "-l" NVLINK "\\b", { NULL, "link" } },
	/* a build tool's rule that needs an NVIDIA library file where the
	 * build looks and finds none (ninja: "'/opt/nvidia/cuquantum/lib/
	 * libcustatevec_static.a', needed by 'lib/x.so', missing and no
	 * known rule to make it"; make: "No rule to make target ...") */
	{ "LINK-NVLIB", 2, "', needed by ", 1, NULL, "(" P "/)?(" NVLIB
	    "[A-Za-z0-9_]*\\.(a|so[.0-9]*))', needed by ",
	    { NULL, NULL, "file" } },
	/* the same for any file of a toolkit's library directory, a name a
	 * release dropped (make: "No rule to make target '/usr/local/cuda/
	 * lib64/liblapack_static.a', needed by 'bin/GLInfo'": CUDA 12 no
	 * longer ships it, isl-org/Open3D#5827's fix) */
	{ "LINK-NVLIB", 2, "', needed by ", 1, NULL, "(/[^ :'\"\n]*/cuda[-0-9.]*"
	    "/(lib64|lib|targets/[a-z0-9_-]+/lib)/(lib[A-Za-z0-9_+.-]*\\.(a|"
	    "so[.0-9]*)))', needed by ", { NULL, "file", NULL, NULL } },
	/* autoconf's probe of a library by one of its functions ("checking
	 * for nvmlInit in -lnvidia-ml... no": Slurm, Open MPI, UCX) and
	 * Meson's ("Library cudart found: NO"); -lcuda is the driver's */
	{ "LINK-NVLIB", 2, "checking for ", 0, NULL, "checking for "
	    "[A-Za-z_][A-Za-z0-9_]* in -l" NVLINK "\\.\\.\\. *no\\>",
	    { NULL, "link" } },
	{ "LINK-NVLIB", 2, "Library ", 0, NULL, "Library " NVLINK
	    " found: NO", { NULL, "link" } },
	{ "LINK-LIBCUDA", 2, "checking for ", 0, NULL, "checking for "
	    "cu[A-Z][A-Za-z0-9_]* in -lcuda\\.\\.\\. *no\\>", { NULL } },
	/* CMake's find modules for NVIDIA's libraries ("Could NOT find CUDNN
	 * (missing: CUDNN_LIBRARY CUDNN_INCLUDE_DIR)", "Could NOT find NCCL
	 * (missing: NCCL_INCLUDE_DIRS NCCL_LIBRARIES)"; each package is the
	 * library's stem, read in lower case), FindCUDAToolkit when only the
	 * runtime or its headers are missing, and TensorRT's (libnvinfer) and
	 * cuSPARSELt's (libcusparseLt), whose names are not the stem's */
	{ "LINK-NVLIB", 2, "Could NOT find ", 0, NULL, "Could NOT find "
	    "(CUDNN|NCCL|CUTENSOR)\\>[^\n(]{0,40}\\(missing:",
	    { NULL, "package" } },
	{ "LINK-NVLIB", 2, "Could NOT find CUDA", 0, NULL, "Could NOT find "
	    "CUDA(Toolkit)? *\\(missing: *((CUDA_CUDART|CUDAToolkit_INCLUDE_"
	    "DIRS?) *)+\\)", { NULL } },
	{ "LINK-NVLIB", 2, "Could NOT find ", 0, NULL, "Could NOT find "
	    "(TensorRT|CUSPARSELT)\\>[^\n(]{0,40}\\(missing:", { NULL } },
	/* bfloat16 asked of a GPU before Ampere, in the frameworks' words:
	 * PyTorch's autocast ("does not support bfloat16"), transformers
	 * ("doesn't support bf16/gpu"), accelerate ("bf16 mixed precision
	 * requires ... a supported device") */
	/* PyTorch's inductor refusing a GPU below what Triton compiles for
	 * ("Found NVIDIA GeForce GTX 1080 which is too old to be supported
	 * by the triton GPU compiler ... Triton only supports devices of
	 * CUDA Capability >= 7.0, but your device is of CUDA capability
	 * 6.1") */
	{ "GPU-FEATURE", 1, "too old to be supported by the triton GPU "
	    "compiler", 0, NULL, "too old to be supported by the triton GPU "
	    "compiler([^\n]*CUDA Capability >= ([0-9]+\\.[0-9]+), but your "
	    "device is of CUDA capability ([0-9]+\\.[0-9]+))?",
	    { NULL, NULL, "needs", "cc" } },
	/* PyTorch's scaled_dot_product_attention choosing its kernel
	 * (aten/src/ATen/native/transformers/cuda/sdp_utils.cpp): each
	 * backend's reason ("Flash attention only supports gpu architectures
	 * in the range [sm80, sm90]. Attempting to run on a sm 7.5 gpu."),
	 * and, when none is left (a program that allows only FlashAttention
	 * on an older GPU), "No available kernel. Aborting execution.", after
	 * the reasons */
	{ "GPU-FEATURE", 1, "only supports gpu architectures in the range", 0,
	    NULL, "only supports gpu architectures in the range \\[sm[0-9]+, *"
	    "sm[0-9]+\\]\\.?[[:space:]]*Attempting to run on a sm "
	    "([0-9]+\\.[0-9]+) gpu", { NULL, "cc" } },
	/* the memory-efficient attention kernels (CUTLASS's, in PyTorch,
	 * xFormers and ONNX Runtime) chosen by the GPU's capability and the
	 * data type: none for this pair ("cutlassF: no kernel found to
	 * launch!", bf16 on a GPU before sm_80) */
	{ "GPU-FEATURE", 2, ": no kernel found to launch", 0, "cutlass",
	    ": no kernel found to launch", { NULL } },
	{ "GPU-FEATURE", 3, "No available kernel.", 0, NULL, "No available "
	    "kernel\\.[[:space:]]+Aborting execution", { NULL } },
	/* an option a program allows only from an architecture on
	 * (transformers: "--tf32 requires Ampere or a newer GPU arch",
	 * "--bf16 ... requires Ampere or newer") */
	{ "GPU-FEATURE", 2, "requires Ampere or ", 0, NULL, "requires Ampere "
	    "or (a )?(newer|later)", { NULL } },
	{ "GPU-FEATURE", 1, "support bfloat16", 1, NULL, "(not|t) support "
	    "(bfloat16)", { NULL, NULL, "feature" } },
	{ "GPU-FEATURE", 1, "support bf16", 1, NULL, "(not|t) support (bf16)",
	    { NULL, NULL, "feature" } },
	{ "GPU-FEATURE", 1, "bfloat16", 0, NULL, "(bfloat16)[^\n]{0,40} "
	    "(is )?not supported", { NULL, "feature" } },
	{ "GPU-FEATURE", 1, "bf16", 0, NULL, "(bf16|bfloat16)[^\n]{0,60}"
	    "(requires[^\n]{0,60}(supported device|Ampere|compute capability)"
	    "| (is )?not supported)", { NULL, "feature" } },
	/* GPU features: CTranslate2, vLLM, FlashAttention, Triton */
	{ "GPU-FEATURE", 1, "do not support efficient", 0, NULL, "do not "
	    "support efficient (float16|bfloat16|int8[a-z_]*|int16) "
	    "computation", { NULL, "feature" } },
	{ "GPU-FEATURE", 1, "is only supported on GPUs with compute "
	    "capability of at least", 1, NULL, "([A-Za-z0-9]+) is only "
	    "supported on GPUs with compute capability of at least ([0-9.]+)",
	    { NULL, "feature", "needs" } },
	/* a compute capability asked for: PyTorch's _scaled_mm, Transformer
	 * Engine, model loaders ("8.9 or higher required for FP8") */
	{ "GPU-FEATURE", 1, "only supported on CUDA devices with compute "
	    "capability", 0, NULL, "only supported on CUDA devices with "
	    "compute capability >= ([0-9.]+)", { NULL, "needs" } },
	{ "GPU-FEATURE", 1, "only supported on GPUs with compute capability",
	    0, NULL, "only supported on GPUs with compute capability >= "
	    "([0-9.]+)", { NULL, "needs" } },
	/* TensorRT's builder (Error Code 9): "Networks with FP8 Q/DQ layers
	 * require hardware with FP8 support." */
	{ "GPU-FEATURE", 1, "hardware with FP8 support", 1, NULL, "requires? "
	    "hardware with (FP8) support", { NULL, "feature" } },
	{ "GPU-FEATURE", 2, "ompute capability ", 0, NULL, "ompute capability "
	    "([0-9.]+) or higher (is )?required", { NULL, "needs" } },
	{ "GPU-FEATURE", 2, "a GPU with Compute Capability ", 0, NULL, "a GPU "
	    "with Compute Capability ([0-9.]+) or higher", { NULL, "needs" } },
	/* "need at least compute capability 7.0+", "requires compute
	 * capability 8.0" */
	{ "GPU-FEATURE", 2, "compute capability ", 1, NULL, "(least|requires?|"
	    "needs?) compute capability (of )?([0-9]+\\.[0-9]+)",
	    { NULL, NULL, NULL, "needs" } },
	/* AlphaFold 3's "implementation='triton' is unsupported on this GPU
	 * generation", "FP8 is not supported on this GPU" */
	{ "GPU-FEATURE", 2, "supported on this GPU", 1, NULL, "(not |un)"
	    "supported on this GPU", { NULL } },
	/* Transformer Engine: "CUDA device, driver and/or toolkit version
	 * does not support comm+GEMM overlap with CUDA Multicast" */
	{ "GPU-FEATURE", 2, "CUDA device, driver", 0, NULL, "CUDA device, "
	    "driver and/or toolkit version does not support ([^.\n]+)",
	    { NULL, "feature" } },
	{ "GPU-FEATURE", 1, "FlashAttention only supports", 0, NULL,
	    "FlashAttention only supports ([A-Za-z]+) GPUs or newer",
	    { NULL, "needs" } },
	{ "GPU-FEATURE", 2, "not supported in this architecture", 1, NULL,
	    "type ([a-z0-9]+) not supported in this architecture",
	    { NULL, "feature" } },
	/* A program's own statement of what it needs, in any wording: the
	 * subject (the driver, the GPU's compute capability) and a word of
	 * requirement or refusal around it.  Ranked after every program's
	 * own pattern above; no number is kept (the driver's and CUDA's
	 * numbers look alike in such sentences). */
	/* "the NVIDIA driver is too old", "driver version 470.82 is
	 * outdated" */
	{ "F16", 3, "driver", 0, NULL, "driver( version)?( [0-9][0-9.]*)?"
	    "( \\([^)\n]{0,40}\\))?,? (is )?(too old|outdated)", { NULL } },
	/* "requires NVIDIA driver 525 or later", "minimum driver: 535",
	 * "needs at least driver version 450.80.02" */
	{ "F16", 3, "require", 0, NULL, "requires?" TO_DRIVER, { NULL } },
	{ "F16", 3, "need", 0, NULL, "needs?" TO_DRIVER, { NULL } },
	{ "F16", 3, "minimum", 0, NULL, "minimum" TO_DRIVER, { NULL } },
	/* "driver 525 or later is required", "driver >= 450.80.02 required" */
	{ "F16", 3, "driver", 0, NULL, "driver( version)?:? *(>= ?)?"
	    "[1-9][0-9]{2}(\\.[0-9]+)* (or (later|newer|higher|above) )?"
	    "(is )?required", { NULL } },
	/* the GPU below what the program was built for or asks: whether the
	 * program has no kernels for it (F21) or asks a feature it lacks
	 * (GPU-FEATURE), the words do not say; both are named */
	{ "F21", 3, "capability", 0, NULL, CC_BELOW, { NULL } },
	{ "GPU-FEATURE", 3, "capability", 0, NULL, CC_BELOW, { NULL } },
	{ "GPU-FEATURE", 3, "require", 0, NULL, "requires?[^\n.;]{0,30}"
	    "(compute|cuda) capability[^\n.;0-9]{0,12}[0-9]+\\.[0-9]+",
	    { NULL } },
	/* ENOSPC in Python's, C++'s and the C library's words */
	{ "DISK-FULL", 3, "No space left on device", 0, NULL, "No space left "
	    "on device", { NULL } },
	/* Jimver/cuda-toolkit (the GitHub Action) asked for a CUDA release
	 * its tag's table lacks: "Error: Version not available: 13.2.0",
	 * "12.6.[3]" as GitHub's log links it */
	{ "CI-CUDA-ACTION", 2, "Version not available: ", 0, NULL, "Version "
	    "not available: *(1[0-3]\\.[0-9]+\\.\\[?[0-9]+\\]?)\\b",
	    { NULL, "CUDA" } },
	/* CUDA 13's CCCL refusing a dialect older than C++17 (thrust's
	 * cpp_dialect.h, cub's util_cpp_dialect.cuh, libcu++'s
	 * __internal/cpp_dialect.h): "#error Thrust requires at least
	 * C++17." */
	{ "CCCL-CXX17", 1, "requires at least C++", 1, NULL, "(Thrust|CUB|"
	    "libcu\\+\\+) requires at least C\\+\\+ ?17", { NULL, "library" } },
	/* Windows' ERROR_COMMITMENT_LIMIT (1455) mapping a DLL: Python's
	 * "[WinError 1455] The paging file is too small for this operation
	 * to complete. Error loading ...cublas64_11.dll", in the system's
	 * language */
	{ "WIN-PAGEFILE", 1, "1455", 0, NULL, "(WinError|error|code) 1455\\b",
	    { NULL } },
	{ "WIN-PAGEFILE", 1, "The paging file is too small", 0, NULL,
	    "The paging file is too small", { NULL } },
	{ "WIN-PAGEFILE", 1, "页面文件太小", 0, NULL, "页面文件太小",
	    { NULL } },
	/* Windows' loader refusing a DLL, by Microsoft's system error code
	 * (winerror.h): 126 ERROR_MOD_NOT_FOUND, 127 ERROR_PROC_NOT_FOUND,
	 * 193 ERROR_BAD_EXE_FORMAT, 1114 ERROR_DLL_INIT_FAILED.  Python's
	 * "[WinError 126] ... Error loading "...\torch\lib\shm.dll" or one
	 * of its dependencies", ONNX Runtime's "LoadLibrary failed with error
	 * 126", .NET's "Win32Exception (126)" and HRESULT "(0x8007007E)";
	 * ranked after every entry that knows the DLL (an NVIDIA one by its
	 * name, WIN-PAGEFILE's 1455) */
	{ "WIN-DLL", 4, "[WinError ", 0, NULL, "\\[WinError " WINLOAD "\\]"
	    "([^\"\n]*Error loading \"([^\"\n]+)\")?", { NULL, "Windows error",
	    NULL, "DLL" } },
	{ "WIN-DLL", 4, "LoadLibrary", 0, NULL, "LoadLibrary(Ex)?[AW]? "
	    "failed with error " WINLOAD "\\b", { NULL, NULL,
	    "Windows error" } },
	{ "WIN-DLL", 4, "Win32Exception (", 0, NULL, "Win32Exception \\("
	    WINLOAD "\\)", { NULL, "Windows error" } },
	{ "WIN-DLL", 4, "0x8007", 0, NULL, "0x8007(007E|007F|00C1|045A)\\b",
	    { NULL, "HRESULT" } },
	/* Python's own words around the loader's: an extension module
	 * ("DLL load failed while importing _C: ..."), ctypes ("Could not
	 * find module 'X.dll' (or one of its dependencies)") */
	{ "WIN-DLL", 4, "DLL load failed", 0, NULL, "DLL load failed( while "
	    "importing ([A-Za-z0-9_.]+))?", { NULL, NULL, "module" } },
	{ "WIN-DLL", 4, "Could not find module '", 0, NULL, "Could not find "
	    "module '([^'\n]+)' \\(or one of its dependencies\\)",
	    { NULL, "DLL" } },
	/* a DLL "or one of its dependencies" without the loader's code
	 * (PyTorch's "Error loading "...\\fbgemm.dll" or one of its
	 * dependencies", .NET's "Unable to load DLL 'x.dll' or one of its
	 * dependencies"); .NET on Linux says "shared library", not this */
	{ "WIN-DLL", 4, ".dll", 0, NULL, "\\.dll([\"'`]|”|’)? or one of its "
	    "dependencies", { NULL } },
	/* the loader's words without their number, in the system's
	 * language as Windows prints them (126 in English, German, French,
	 * Spanish, Italian, Portuguese, Russian, Japanese, Korean and both
	 * Chinese; 127, 193 and 1114 in the languages seen with them) */
#define WINWORDS(w) { "WIN-DLL", 4, w, 0, NULL, w, { NULL } }
	WINWORDS("specified module could not be found"),
	WINWORDS("specified procedure could not be found"),
	{ "WIN-DLL", 4, "initialization routine failed", 0, NULL,
	    "initiali[sz]ation routine failed", { NULL } },
	WINWORDS("is not a valid Win32 application"),
	WINWORDS("angegebene Modul wurde nicht gefunden"),
	WINWORDS("angegebene Prozedur wurde nicht gefunden"),
	WINWORDS("module spécifié est introuvable"),
	WINWORDS("procédure spécifiée est introuvable"),
	WINWORDS("encontrar el módulo especificado"),
	WINWORDS("trovare il modulo specificato"),
	WINWORDS("encontrar o módulo especificado"),
	WINWORDS("Не найден указанный модуль"),
	WINWORDS("指定されたモジュールが見つかりません"),
	WINWORDS("지정된 모듈을 찾을 수 없습니다"),
	{ "WIN-DLL", 4, "找不到指定的模", 0, NULL, "找不到指定的模(块|組)",
	    { NULL } },
	WINWORDS("找不到指定的程序"),
	WINWORDS("初始化例程失败"),
	WINWORDS("초기화 루틴을 실행할 수 없습니다"),
	WINWORDS("不是有效的 Win32 应用程序"),
#undef WINWORDS
	/* NCCL (init.cc): "Duplicate GPU detected : rank 1 and rank 0 both
	 * on CUDA device 10" */
	{ "NCCL-DUP-GPU", 1, "Duplicate GPU detected", 0, NULL, "Duplicate GPU "
	    "detected : rank ([0-9]+) and rank ([0-9]+) both on CUDA device "
	    "([0-9a-f]+)", { NULL, "rank", "rank", "device" } },
	/* Slurm's NVML autodetect, and the same fact in NVIDIA's words */
	{ "MIG-NO-INSTANCES", 1, "MIG mode is enabled, but no MIG devices", 0,
	    NULL, "MIG mode is enabled, but no MIG devices were found",
	    { NULL } },
	/* nothing else: the NVIDIA library the text names, looked up */
	{ "NAMES", 9, ".so", 1, NULL, "(" P "/)?(" NVLIB SO "|lib(cuda|"
	    "nvidia-[a-z-]+)\\.so[.0-9]*)", { NULL, NULL, "missing" } },
};

#undef P
#undef SO
#undef VER
#undef CUDNN
#undef NVDLL
#undef CUDNN_DLL
#undef LOADLIB
#undef CANNOT
#undef UNDEF
#undef NVTYPE
#undef NVNS
#undef SYMBOL
#undef COULD
#undef TO_DRIVER
#undef CC_BELOW
#undef NVLIB

const size_t cds_explain_npatterns = sizeof(cds_explain_patterns) /
    sizeof(cds_explain_patterns[0]);
