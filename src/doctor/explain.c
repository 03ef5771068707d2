/*
 * explain.c - `cudnn-setup explain`: recognise a failure from the text a
 * program printed (paths, versions and symbols may differ from the
 * catalogue's: the patterns capture them), say what it means, and run the
 * checks that tell its known causes apart on this machine: doctor's rules,
 * plus checks driven by what the message names (the library it could not
 * open, the file that failed, the cuDNN it loaded, the GPU's architecture)
 * and by what the entry's causes ask about (the driver, the framework's
 * build).  A cause is claimed only when a finding's evidence shows it.
 */
#include "config.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doctor/aptfix.h"
#include "doctor/codes.h"
#include "scan/container.h"
#include "scan/dynprobe.h"
#include "doctor/explain.h"
#include "doctor/explain_table.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "scan/loader.h"
#include "read/manifest.h"
#include "doctor/pkgfix.h"
#include "scan/scan.h"
#include "base/version.h"

#define NENTRIES cds_explain_nentries

/* Where the fix of a container's failure is made: "host" (how the
 * container is started, or the host's driver and toolkit: doctor is run
 * there) or "container" (its image). */
static const struct {
	const char *id, *side;
} sides[] = {
	{ "CTR-RUNTIME", "host" }, { "CTR-CGROUP", "host" },
	{ "CTR-HOST-DRIVER", "host" }, { "CTR-BAKED", "container" },
	{ "CTR-WSL", "host" }, { "CTR-CDI", "host" }, { "CTR-PERM", "host" },
	{ "CTR-K8S", "host" }, { "CTR-ROOTLESS", "host" },
};

static const char *
entry_side(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		if (strcmp(sides[i].id, id) == 0) {
			return sides[i].side;
		}
	}
	return NULL;
}

/*
 * One recognisable message.  KEY is a literal the message always holds
 * (compared ignoring case); the regular expression RE is matched where KEY
 * is found, anchored there, or with BACK at the start of the word just
 * before KEY (the file an "undefined symbol" is about); CONTEXT, when set,
 * must occur somewhere in the text.  Groups are named by NAMES (index 1 =
 * group 1; NULL: not kept); groups of the same name are joined with '.'
 * ("(8, 3, 2)" -> "8.3.2").  Lower RANK wins when several entries match
 * one text.
 */
struct pattern {
	const char *id;
	int rank;
	const char *key;
	int back;
	const char *context;
	const char *re;
	const char *names[10];
};

#define P "[^ :'\"\n]*"			/* a path without spaces */
#define SO "\\.so[.0-9]*"
#define VER "([0-9]+(\\.[0-9]+)*)"	/* "8.6.0", not "8.6.0." */
#define CUDNN "libcudnn[a-z_]*\\.so\\.[0-9]+"
#define CUDNN_DLL "cudnn[a-z_]*64_[0-9]+\\.dll"
#define LOADLIB "Could not load library (" CUDNN ")\\.[[:space:]]*Error: *"
#define CANNOT " *: *cannot open shared object file"
#define UNDEF "undefined symbol"
#define COULD "Could not load library"
/* the Windows names of the same libraries: cublas64_12.dll */
#define NVDLL "(cu[a-zA-Z_]+|nvrtc|nvJitLink|npp[a-z_]*)64_[0-9]+(_[0-9]+)?" \
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
#define NVAPI "(cudnn|cublas|cusparse|cusolver|cufft|curand|nvrtc|" \
	"nvJitLink|nccl|nvml|cuda)[A-Z][A-Za-z0-9_]*|" DRVAPI
/* the stems of NVIDIA's libraries outside the driver (manifests/data/
 * sonames.tsv) */
#define NVLIB "lib(cu[a-zA-Z_]+|npp[a-z_]*|nccl|nvJitLink|nvrtc(-builtins)?|" \
	"nvjpeg|nvToolsExt|nvtx3interop|nvinfer[a-z_]*|nvonnxparser|" \
	"nvparsers|nvblas|nvvm|nvshmem[a-z_]*|nvptxcompiler[a-z_]*|" \
	"nvfatbin|nvJPEG)"

static const struct pattern patterns[] = {
	/* cuDNN 8 sub-libraries: one release with another's sibling */
	{ "F3", 0, COULD, 0, NULL, LOADLIB "(" P "/bin/\\.\\./lib/"
	    "libcudnn[a-z_]*\\.so\\.[0-9]+)", { NULL, "library", "file" } },
	{ "F1", 1, UNDEF, 1, NULL, "((" P "libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    " *: *)?" UNDEF ": *([A-Za-z0-9_]+),? version (" CUDNN ")",
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
	    "libcudnn[a-z_]*\\.so\\.[0-9]+) *: *" UNDEF ": *([A-Za-z0-9_]+)",
	    { NULL, "library", "file", "symbol" } },
	/* XLA's lazy loader (xla/tsl/cuda/cusparse_stub.cc) answers every
	 * cuSPARSE call with this when libcusparse would not load; JAX
	 * prints it from its version check.  cuSPARSE 12 fails to load
	 * when an older libnvJitLink is bound first. */
	{ "F12", 2, "The cuSPARSE library was not found", 0, NULL,
	    "The cuSPARSE library was not found", { NULL } },
	/* the dynamic loader's words for a file cut short or not ELF at
	 * all (glibc elf/dl-load.c): an empty driver library in an image is
	 * what `docker commit` of a container run with the GPU leaves
	 * behind (the toolkit's bind-mount targets) */
	{ "CTR-BAKED", 1, "file too short", 1, NULL, "(" P "/(lib(cuda|"
	    "nvidia-[a-z0-9-]+)\\.so[.0-9]*)) *: *(file too short|invalid ELF "
	    "header)", { NULL, "file", "library" } },
	{ "LIB-TRUNCATED", 2, "file too short", 1, NULL, "((" P "/)?(lib"
	    "[A-Za-z0-9_+.-]*\\.so[.0-9]*)) *: *file too short",
	    { NULL, "file", NULL, "library" } },
	{ "LIB-TRUNCATED", 2, "invalid ELF header", 1, NULL, "((" P "/)?(lib"
	    "[A-Za-z0-9_+.-]*\\.so[.0-9]*)) *: *invalid ELF header",
	    { NULL, "file", NULL, "library" } },
	/* other undefined symbols: nvJitLink, NCCL, PyTorch's own C++ */
	{ "F12", 1, UNDEF, 1, NULL, "((" P "libcusparse" SO ") *: *)?" UNDEF
	    ": *(_*nvJitLink[A-Za-z0-9_]*)(,? version "
	    "(libnvJitLink\\.so\\.[0-9]+))?",
	    { NULL, NULL, "file", "symbol", NULL, "provider" } },
	{ "NCCL-SYMBOL", 1, UNDEF, 1, NULL, "((" P SO ") *: *)?" UNDEF
	    ": *(nccl[A-Za-z0-9_]*)", { NULL, NULL, "file", "symbol" } },
	{ "TORCH-ABI", 1, UNDEF, 1, NULL, "((" P SO ") *: *)?" UNDEF
	    ": *(_Z[A-Z]*N?K?(3c10|5torch|2at|6caffe2)[A-Za-z0-9_]*)",
	    { NULL, NULL, "file", "symbol" } },
	/* the same, "undefined" and "symbol" on two lines of a paste */
	{ "TORCH-ABI", 2, "symbol: _Z", 0, "undefined", "symbol: *(_Z[A-Z]*"
	    "N?K?(3c10|5torch|2at|6caffe2)[A-Za-z0-9_]*)",
	    { NULL, "symbol" } },
	/* a library that cannot be opened */
	{ "F4", 1, COULD, 0, NULL, LOADLIB "(libcuda\\.so)" CANNOT,
	    { NULL, "library", "missing" } },
	{ "F6", 1, COULD, 0, NULL, LOADLIB "(" CUDNN ")" CANNOT,
	    { NULL, "library", "missing" } },
	{ "F5", 2, COULD, 0, NULL, LOADLIB "(lib[A-Za-z0-9_]+" SO ")" CANNOT,
	    { NULL, "library", "missing" } },
	{ "F6", 2, "Please make sure", 0, NULL, "Please make sure (" CUDNN ") "
	    "is in your library path", { NULL, "missing" } },
	{ "F7", 1, "Unable to load any of {", 0, NULL, "Unable to load any of "
	    "\\{((libcudnn[a-z_]*\\.so[.0-9]*)[^}\n]{0,400})\\}",
	    { NULL, "candidates", "missing" } },
	{ "F7", 2, "Cannot load symbol", 0, NULL, "Cannot load symbol "
	    "(cudnn[A-Za-z]+)", { NULL, "symbol" } },
	{ "F14", 1, "_providers_", 0, NULL, "_providers_(cuda|tensorrt)"
	    "\\.so with error: *(" P "/)?(lib[A-Za-z0-9_]+" SO ")" CANNOT,
	    { NULL, "provider", NULL, "missing" } },
	/* Windows: error 126 is ERROR_MOD_NOT_FOUND, a DLL the provider
	 * needs (winerror.h) */
	{ "F14", 2, "LoadLibrary failed with error 126", 0, NULL,
	    "LoadLibrary failed with error 126[^\n]{0,40}when trying to load "
	    "[^\n]{0,300}onnxruntime_providers_(cuda|tensorrt)\\.dll",
	    { NULL, "provider" } },
	{ "F14", 2, "Failed to create CUDAExecutionProvider", 0, NULL,
	    "Failed to create CUDAExecutionProvider", { NULL } },
	{ "F28", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(libcudnn[^'\n]*)'", { NULL, "missing" } },
	{ "F29", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(lib[^'\n]*)'; dlerror: *(" P "/)?"
	    "(lib[A-Za-z0-9_]+" SO ")" CANNOT,
	    { NULL, "library", NULL, "missing" } },
	{ "F29", 2, "Could not load dynamic library", 0, NULL, "Could not load "
	    "dynamic library '(lib[^'\n]*)'", { NULL, "missing" } },
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
	{ "F6", 3, "Unable to load any of {", 0, NULL, "Unable to load any of "
	    "\\{(libcudnn[a-z_]*\\.so[.0-9]*)", { NULL, "missing" } },
	{ "F6", 3, "Cannot load cudnn shared library", 0, NULL,
	    "Cannot load cudnn shared library", { NULL } },
	{ "F13", 3, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|"
	    "nvToolsExt|nvJitLink|npp[a-z]*)[a-zA-Z_]*" SO ")" CANNOT,
	    { NULL, NULL, "missing" } },
	/* CTranslate2's dlopen() stubs */
	{ "F13", 2, "Library ", 0, NULL, "Library "
	    "(lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|"
	    "nvrtc|nvJitLink)" SO "|" NVDLL ") is not found or cannot be "
	    "loaded", { NULL, "missing" } },
	/* NVRTC opening its builtins library, numba looking for libNVVM */
	{ "F13", 2, "failed to open lib", 0, NULL, "failed to open (" NVLIB
	    SO ")", { NULL, "missing" } },
	/* cuda-python's loader and others': "Failed to dlopen
	 * libcudart.so.12" */
	{ "F13", 2, "Failed to dlopen", 0, NULL, "Failed to dlopen (" NVLIB
	    SO ")", { NULL, "missing" } },
	/* NCCL told the topology of another machine */
	{ "NCCL-TOPO", 1, "NCCL_GRAPH_FILE set by environment", 0, NULL,
	    "NCCL_GRAPH_FILE set by environment to ([^ \n]+)",
	    { NULL, "file" } },
	{ "NCCL-TOPO", 1, "NCCL_TOPO_FILE set by environment", 0, NULL,
	    "NCCL_TOPO_FILE set by environment to ([^ \n]+)",
	    { NULL, "file" } },
	{ "F13", 2, "libNVVM cannot be found", 0, NULL,
	    "libNVVM cannot be found", { NULL } },
	{ "NO-DRIVER", 2, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(libcuda\\.so\\.1)" CANNOT, { NULL, NULL, "missing" } },
	{ "F2", 4, COULD, 0, NULL, COULD " (" CUDNN ")", { NULL, "library" } },
	/* Windows: cuDNN 8's own loader names DLLs; zlibwapi.dll is a
	 * library cuDNN 8 needs and does not ship (NVIDIA's cuDNN 8
	 * installation guide for Windows) */
	{ "F2", 4, COULD, 0, NULL, COULD " (" CUDNN_DLL ")",
	    { NULL, "library" } },
	{ "F6", 2, "Please make sure", 0, NULL, "Please make sure ("
	    CUDNN_DLL ") is in your library path", { NULL, "missing" } },
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
	/* cudnn-frontend (PyTorch's cuDNN attention, llm.c) */
	{ "F8", 3, "No execution plans support the graph", 0, NULL,
	    "No execution plans support the graph", { NULL } },
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
	{ "F10", 1, "Found cuDNN version", 0, NULL, "Found cuDNN version "
	    "([0-9]+), but JAX was built against version ([0-9]+)",
	    { NULL, "runtime", "compiled" } },
	{ "F10", 1, "Outdated cuDNN installation found", 0, NULL, "Outdated "
	    "cuDNN installation found\\.[[:space:]]*Version JAX was built "
	    "against: ([0-9]+)[[:space:]]*Minimum supported: ([0-9]+)"
	    "[[:space:]]*Installed version: ([0-9]+)",
	    { NULL, "compiled", NULL, "runtime" } },
	{ "F10", 4, "DNN library", 0, NULL, "DNN library (is not found|"
	    "initialization failed)", { NULL } },
	{ "F15", 1, "The detected CUDA version", 0, NULL, "The detected CUDA "
	    "version \\(([0-9.]+)\\) mismatches the version that was used to "
	    "compile[[:space:]]+PyTorch \\(([0-9.]+)\\)",
	    { NULL, "detected", "compiled" } },
	/* PyTorch's check of a device index (c10/cuda) */
	{ "CUDA-ORDINAL", 2, "device < num_gpus INTERNAL ASSERT FAILED", 0,
	    NULL, "device < num_gpus INTERNAL ASSERT FAILED", { NULL } },
	/* DeepSpeed's op builder (op_builder/builder.py) */
	{ "F15", 1, "Installed CUDA version", 0, NULL, "Installed CUDA "
	    "version ([0-9.]+) does not match the version torch was compiled "
	    "with ([0-9.]+)", { NULL, "detected", "compiled" } },
	/* the driver */
	/* a driver API function newer than the driver (cuCtxCreate_v4 needs
	 * the driver of CUDA 12.5): the program was bound to a newer one */
	{ "F16", 2, "libcuda.so.1: undefined symbol: cu", 0, NULL,
	    "libcuda\\.so\\.1: undefined symbol: (cu[A-Za-z0-9_]+)",
	    { NULL, "symbol" } },
	{ "F16", 1, "CUDA driver version is insufficient", 0, NULL,
	    "CUDA driver version is insufficient for CUDA runtime version",
	    { NULL } },
	{ "F16", 1, "cudaErrorInsufficientDriver", 0, NULL,
	    "cudaErrorInsufficientDriver", { NULL } },
	{ "F16", 1, "CUDA_ERROR_INSUFFICIENT_DRIVER", 0, NULL,
	    "CUDA_ERROR_INSUFFICIENT_DRIVER", { NULL } },
	{ "F16", 1, "The NVIDIA driver on your system is too old", 0, NULL,
	    "The NVIDIA driver on your system is too old \\(found version "
	    "([0-9]+)\\)", { NULL, "driver_cuda" } },
	/* the container toolkit's check of an image's NVIDIA_REQUIRE_CUDA
	 * against the host's driver (libnvidia-container) */
	{ "F16", 1, "unsatisfied condition: cuda", 0, NULL, "unsatisfied "
	    "condition: cuda *>=? *([0-9.]+)", { NULL, "requires" } },
	/* Ollama (its cudart loader), CUDA.jl */
	{ "F16", 2, "your nvidia driver is too old", 0, NULL, "your nvidia "
	    "driver is too old", { NULL } },
	{ "F16", 1, "CUDA driver ", 0,
	    NULL, "CUDA driver ([0-9.]+) is not compatible with any supported "
	    "CUDA toolkit", { NULL, "driver_cuda" } },
	/* FFmpeg's NVENC (libavcodec/nvenc.c) */
	{ "F16", 2, "Driver does not support the required nvenc API version",
	    0, NULL, "Driver does not support the required nvenc API version"
	    "\\. Required: ([0-9.]+) Found: ([0-9.]+)",
	    { NULL, "requires", "found" } },
	{ "F17", 1, "forward compatibility was attempted", 0, NULL,
	    "forward compatibility was attempted on non supported HW",
	    { NULL } },
	{ "F17", 1, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", 0, NULL,
	    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", { NULL } },
	{ "F17", 1, "cudaErrorCompatNotSupportedOnDevice", 0, NULL,
	    "cudaErrorCompatNotSupportedOnDevice", { NULL } },
	{ "F18", 1, "system not yet initialized", 0, NULL,
	    "system not yet initialized", { NULL } },
	{ "F18", 1, "CUDA_ERROR_SYSTEM_NOT_READY", 0, NULL,
	    "CUDA_ERROR_SYSTEM_NOT_READY", { NULL } },
	{ "F18", 1, "cudaErrorSystemNotReady", 0, NULL,
	    "cudaErrorSystemNotReady", { NULL } },
	{ "F19", 1, "Failed to initialize NVML: Driver/library version "
	    "mismatch", 0, NULL, "Failed to initialize NVML: Driver/library "
	    "version mismatch([[:space:]]*NVML library version: ([0-9.]+))?",
	    { NULL, NULL, "nvml" } },
	/* the kernel's log: the module refuses a client of another version */
	{ "F19", 1, "NVRM: API mismatch", 0, NULL, "NVRM: API mismatch: the "
	    "client has the version ([0-9.]+), but[^.]{1,80}this kernel "
	    "module has the version ([0-9.]+)", { NULL, "client", "module" } },
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
	{ "GPU-INIT", 2, "RmInitAdapter failed", 0, NULL, "RmInitAdapter "
	    "failed!? *(\\(0x[0-9a-fA-F]+:0x[0-9a-fA-F]+:[0-9]+\\))?",
	    { NULL, "status" } },
	{ "GPU-INIT", 1, "GSP firmware image version mismatch", 0, NULL, "GSP "
	    "firmware image version mismatch:?[[:space:]]*got version "
	    "([0-9.]+), expected version ([0-9.]+)",
	    { NULL, "firmware", "module" } },
	{ "GPU-INIT", 2, "Error preparing GSP-RM image", 0, NULL,
	    "Error preparing GSP-RM image", { NULL } },
	{ "F20", 2, "RmInitAdapter failed", 0, NULL, "RmInitAdapter failed",
	    { NULL } },
	/* kmod's words when the module does not load */
	{ "F20", 2, "Failed to insert module 'nvidia", 0, NULL, "Failed to "
	    "insert module '(nvidia[a-z_-]*)'", { NULL, "module" } },
	{ "F20", 1, "NVIDIA-SMI has failed because it couldn", 0, NULL,
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
	{ "CUDA-803", 1, "unsupported display driver / cuda driver "
	    "combination", 0, NULL, "unsupported display driver / cuda driver "
	    "combination", { NULL } },
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
	{ "NO-DRIVER", 2, "No CUDA GPUs are available", 0, NULL,
	    "No CUDA GPUs are available", { NULL } },
	{ "NO-DRIVER", 2, "CUDA driver initialization failed", 0, NULL,
	    "CUDA driver initialization failed", { NULL } },
	{ "NO-DRIVER", 3, "Unable to initialize backend 'cuda'", 0, NULL,
	    "Unable to initialize backend 'cuda'", { NULL } },
	{ "NO-DRIVER", 3, "Unknown backend", 0, NULL, "Unknown backend "
	    "'?(cuda|gpu)'?\\. Available backends are", { NULL } },
	{ "NO-DRIVER", 3, "is not in the list of known backends", 0, NULL,
	    "Backend '(cuda|gpu)' is not in the list of known backends",
	    { NULL } },
	/* out of memory (2): PyTorch's allocator, TensorFlow, XLA */
	{ "CUDA-OOM", 1, "CUDA out of memory", 0, NULL, "CUDA out of memory"
	    "(\\. Tried to allocate ([0-9.]+ [KMGT]i?B))?",
	    { NULL, NULL, "allocation" } },
	/* PyTorch's exception class (torch.cuda.OutOfMemoryError, 1.13+),
	 * whatever its message: "Allocation on device 0 would exceed allowed
	 * memory" under a memory fraction */
	{ "CUDA-OOM", 2, "OutOfMemoryError", 0, NULL, "OutOfMemoryError:",
	    { NULL } },
	{ "CUDA-OOM", 2, "OOM when allocating tensor", 0, NULL,
	    "OOM when allocating tensor", { NULL } },
	{ "CUDA-OOM", 2, "RESOURCE_EXHAUSTED: Out of memory", 0, NULL,
	    "RESOURCE_EXHAUSTED: Out of memory", { NULL } },
	/* PyTorch: CUDA used, then fork() */
	{ "CODE-INIT", 1, "Cannot re-initialize CUDA in forked subprocess", 0,
	    NULL, "Cannot re-initialize CUDA in forked subprocess", { NULL } },
	/* a device-side assert, as the device runtime prints it: "FILE:LINE:
	 * FUNC: block: [58,0,0], thread: [21,0,0] Assertion `X` failed." */
	{ "CUDA-FAULT", 2, "thread: [", 0, NULL, "thread: \\[[0-9]+,[0-9]+,"
	    "[0-9]+\\] Assertion [^\n]{1,200} failed", { NULL } },
	/* the kernel's log: NVIDIA's Xid 79 is a GPU off the bus; 13, 31
	 * and 43 faults of a program's kernel (NVIDIA, "Xid Errors") */
	{ "GPU-LOST", 1, "fallen off the bus", 0, NULL, "fallen off "
	    "the bus", { NULL } },
	{ "GPU-LOST", 2, "Xid", 0, NULL, "Xid \\([^)\n]*\\): *79\\b",
	    { NULL } },
	/* nvidia-smi: a GPU on the bus that the driver cannot talk to */
	{ "GPU-LOST", 3, "Unable to determine the device handle for GPU", 0,
	    NULL, "Unable to determine the device handle for GPU[^:\n]*: *"
	    "([0-9a-fA-F:.]+)?:? *Unknown Error", { NULL, "bus id" } },
	{ "CUDA-FAULT", 2, "Xid", 0, NULL, "Xid \\([^)\n]*\\): *(13|31|43)"
	    "\\b", { NULL, "xid" } },
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
	{ "CTR-RUNTIME", 1, "Unknown runtime specified nvidia", 0, NULL,
	    "Unknown runtime specified nvidia", { NULL } },
	{ "CTR-CGROUP", 1, "Failed to initialize NVML: Unknown Error", 0,
	    NULL, "Failed to initialize NVML: Unknown Error", { NULL } },
	{ "CTR-HOST-DRIVER", 1, "initialization error: load library failed",
	    1, NULL, "nvidia-container-cli(\\.real)?: "
	    "initialization error: load library failed: "
	    "(libnvidia-ml\\.so\\.1|libcuda\\.so\\.1)", { NULL, NULL,
	    "missing" } },
	{ "CTR-BAKED", 1, "file creation failed:", 0, NULL,
	    "file creation failed: (" P "/(lib(nvidia-[a-z-]+|cuda)\\.so"
	    "[.0-9]*)): file exists", { NULL, "file", "library" } },
	/* docker: the nvidia runtime named (--runtime=nvidia) and not
	 * configured in daemon.json (nvidia-ctk runtime configure) */
	{ "CTR-RUNTIME", 1, "unknown or invalid runtime name", 0, NULL,
	    "unknown or invalid runtime name: *nvidia", { NULL } },
	/* the OCI runtime cannot find a driver file the CDI spec (or the
	 * hook) lists: a spec made before the host's driver changed */
	{ "CTR-CDI", 2, "cannot stat", 1, NULL, "(crun|runc)[^\n]*: *cannot "
	    "stat [`'\"]?(" P "/(lib(nvidia-[a-z0-9-]+|cuda)\\.so[.0-9]*))",
	    { NULL, NULL, "file", "library" } },
	/* WSL2's bridge library, which the toolkit mounts from
	 * /usr/lib/wsl/lib: not there in a builder or a nested container */
	{ "CTR-WSL", 2, "Could not locate libdxcore.so", 0, NULL, "Could not "
	    "locate libdxcore\\.so", { NULL } },
	{ "CTR-WSL", 2, "libdxcore.so", 0, NULL, "libdxcore\\.so[^\n]*"
	    "not found", { NULL } },
	{ "CTR-WSL", 1, "WSL environment detected but no adapters were found",
	    0, NULL, "WSL environment detected but no adapters were found",
	    { NULL } },
	{ "CTR-CDI", 1, "unresolvable CDI devices", 0, NULL,
	    "unresolvable CDI devices ([^ \n]+)", { NULL, "device" } },
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
	{ "CTR-K8S", 1, "did you set the docker default runtime to", 0, NULL,
	    "did you set the docker default runtime to", { NULL } },
	/* a library of the driver, which no toolkit or wheel provides */
	/* Rust's cudarc: libcuda (or Windows' nvcuda) not found */
	{ "DRIVER-LIB", 2, "Unable to find cuda lib under the names", 0, NULL,
	    "Unable to find cuda lib under the names", { NULL } },
	{ "DRIVER-LIB", 2, "Cannot load lib", 0, NULL, "Cannot load "
	    "(lib(nvidia-[a-z-]+|nvcuvid)\\.so(\\.[0-9]+)*)",
	    { NULL, "missing" } },
	{ "DRIVER-LIB", 2, "cannot open shared object file", 1, NULL, "(" P
	    "/)?(lib(nvidia-[a-z-]+|nvcuvid|nvoptix)\\.so(\\.[0-9]+)*)" CANNOT,
	    { NULL, NULL, "missing" } },
	/* cuda-gdb's debugger back-end is the driver's libcudadebugger.so.1
	 * (a container engine that does not pass it in: apptainer's
	 * nvliblist.conf) */
	{ "DRIVER-LIB", 2, "Could not find CUDA Debugger back-end", 0, NULL,
	    "Could not find CUDA Debugger back-end", { NULL } },
	/* CUDA.jl's driver search (CUDA_Driver_jll) */
	{ "DRIVER-LIB", 3, "No system CUDA driver found", 0, NULL, "No system "
	    "CUDA driver found", { NULL } },
	/* any other library of NVIDIA's, by its soname */
	{ "F13", 4, "cannot open shared object file", 1, NULL, "(" P "/)?"
	    "(" NVLIB SO ")" CANNOT, { NULL, NULL, "missing" } },
	/* a symbol a library's sibling of another release lacks, in both of
	 * glibc's wordings (elf/dl-lookup.c) */
	{ "LIB-SYMBOL", 3, UNDEF, 1, NULL, "((" P SO ") *: *)?" UNDEF
	    ": *([A-Za-z0-9_]+),? version (lib[A-Za-z0-9_]+\\.so\\.[0-9]+)",
	    { NULL, NULL, "file", "symbol", "provider" } },
	{ "LIB-SYMBOL", 3, "not defined in file", 0, NULL, "not defined in "
	    "file (lib[A-Za-z0-9_]+\\.so[.0-9]*) with link time reference",
	    { NULL, "provider" } },
	/* the GPU, the framework's build */
	{ "F21", 1, "CUDA capability sm_", 0, NULL, "CUDA capability "
	    "sm_([0-9]+) is not compatible with the current PyTorch "
	    "installation", { NULL, "sm" } },
	{ "F21", 2, "no kernel image is available", 0, NULL, "no kernel image "
	    "is available for execution on the device", { NULL } },
	/* ggml: device code for other architectures only */
	{ "F21", 2, "has no device code compatible with CUDA arch", 0, NULL,
	    "has no device code compatible with CUDA arch ([0-9]+)",
	    { NULL, "arch" } },
	/* an extension's own loader: no build for this GPU (tiny-cuda-nn) */
	{ "F21", 2, "for compute capability", 0, "Could not find compatible",
	    "for compute capability ([0-9]+)", { NULL, "sm" } },
	/* Kokkos (LAMMPS, Trilinos): built for another architecture */
	{ "F21", 2, "likely mismatch of architecture", 0, NULL, "likely "
	    "mismatch of architecture", { NULL } },
	{ "F21", 2, "was not compiled with any CUDA arch", 0, NULL,
	    "was not compiled with any CUDA arch", { NULL } },
	{ "F22", 1, "CUDNN_STATUS_MAPPING_ERROR", 0, NULL,
	    "CUDNN_STATUS_MAPPING_ERROR", { NULL } },
	{ "F22", 1, "CUDNN error(7)", 0, NULL, "CUDNN error\\(7\\)", { NULL } },
	{ "CUDNN-NOT-INITIALIZED", 1, "CUDNN_STATUS_NOT_INITIALIZED", 0, NULL,
	    "CUDNN_STATUS_NOT_INITIALIZED", { NULL } },
	/* xFormers (xformers/_cpp_lib.py): "xFormers was built for:
	 * PyTorch 2.7.1+cu126 with CUDA 1208 (you have 2.8.0+cu128)" */
	{ "TORCH-ABI", 1, "xFormers was built for:", 0, NULL, "xFormers was "
	    "built for:[[:space:]]*PyTorch ([^ \n]+) with CUDA [0-9]+ "
	    "\\(you have ([^)\n]+)\\)", { NULL, "built for", "torch" } },
	{ "F27", 1, "Torch not compiled with CUDA enabled", 0, NULL,
	    "Torch not compiled with CUDA enabled", { NULL } },
	{ "F27", 2, "was not built with CUDA backend", 0, NULL, "was not built "
	    "with CUDA backend", { NULL } },
	{ "F27", 2, "the CPU version is installed", 0, NULL,
	    "the CPU version is installed", { NULL } },
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
	{ "PIP-NO-PIN", 1, "No matching distribution found for", 0, NULL,
	    "No matching distribution found for (nvidia-[a-z0-9-]+)=="
	    "([0-9][0-9.]*[0-9])", { NULL, "wheel", "pin" } },
	{ "PIP-PIN-CLASH", 1, "The conflict is caused by", 0, NULL,
	    "The conflict is caused by:[[:space:]]+([A-Za-z0-9_.-]+) "
	    "([0-9][0-9A-Za-z.+]*) depends on (nvidia-[a-z0-9-]+)==[^\n]*\n"
	    "[[:space:]]*([A-Za-z0-9_.-]+) ([0-9][0-9A-Za-z.+]*) depends on",
	    { NULL, "pkg1", "ver1", "wheel", "pkg2", "ver2" } },
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
	{ "CONDA-NO-CUDA", 2, "nothing provides __cuda", 0, NULL, "nothing "
	    "provides __cuda needed by ([A-Za-z0-9_.-]+)", { NULL, "package" } },
	/* uv's resolver: "there is no version of nvidia-cudnn-cu12{...}==
	 * 9.1.0.70"; NVIDIA's placeholder wheels (nvidia-stub) that find no
	 * real wheel on pypi.nvidia.com */
	{ "PIP-NO-PIN", 2, "there is no version of nvidia-", 0, NULL, "there is "
	    "no version of (nvidia-[a-z0-9-]+)(\\{[^}\n]*\\})?==([0-9.]+)",
	    { NULL, "requirement", NULL, "label" } },
	{ "PIP-NO-PIN", 2, "This is a special placeholder package", 0,
	    "pypi.nvidia.com", "This is a special placeholder package",
	    { NULL } },
	{ "F31", 1, "Mismatched PJRT plugin PJRT API version", 0, NULL,
	    "Mismatched PJRT plugin PJRT API version \\(" VER "\\) and "
	    "framework PJRT API version " VER,
	    { NULL, "plugin", NULL, "framework" } },
	{ "BNB-BINARY", 1, "Could not find the bitsandbytes CUDA binary at",
	    0, NULL, "Could not find the bitsandbytes CUDA binary at "
	    "PosixPath\\('(" P "/)?(libbitsandbytes_cuda[0-9a-z_]*\\.so)'\\)",
	    { NULL, NULL, "wanted" } },
	{ "BNB-BINARY", 1, "Configured CUDA binary not found at", 0, NULL,
	    "Configured CUDA binary not found at (" P "/)?"
	    "(libbitsandbytes_cuda[0-9a-z_]*\\.so)", { NULL, NULL, "wanted" } },
	{ "BNB-BINARY", 1, "Required library version not found:", 0, NULL,
	    "Required library version not found: "
	    "(libbitsandbytes_cuda[0-9a-z_]*\\.so)", { NULL, "wanted" } },
	{ "BNB-BINARY", 2, "CUDA Setup failed despite GPU being available", 0,
	    NULL, "CUDA Setup failed despite GPU being available", { NULL } },
	{ "BNB-BINARY", 2, "Could not load bitsandbytes native library", 0,
	    NULL, "Could not load bitsandbytes native library", { NULL } },
	/* build tools, package managers */
	/* PyTorch's cpp_extension checks the compiler against CUDA's limit */
	{ "F23", 1, "is greater than the maximum required version by CUDA",
	    0, NULL, "is greater than the maximum required version by CUDA "
	    "([0-9.]+)", { NULL, "cuda" } },
	{ "F23", 1, "unsupported Microsoft Visual Studio version", 0, NULL,
	    "unsupported Microsoft Visual Studio version", { NULL } },
	{ "F23", 1, "unsupported GNU version", 0, NULL, "unsupported GNU "
	    "version! gcc versions later than ([0-9]+) are[[:space:]]+not "
	    "supported",
	    { NULL, "gcc" } },
	{ "F24", 1, "is not a symbolic link", 1, NULL, "(" P SO ") +is not a "
	    "symbolic link", { NULL, "file" } },
	{ "F25", 1, "NO_PUBKEY", 0, "nvidia", "NO_PUBKEY ([0-9A-Fa-f]+)",
	    { NULL, "key" } },
	{ "F25", 1, "Conflicting values set for option Signed-By", 0, "nvidia",
	    "Conflicting values set for option Signed-By", { NULL } },
	{ "F25", 2, "The repository '", 0, NULL, "The repository "
	    "'[^'\n]*nvidia[^'\n]*' is not signed", { NULL } },
	{ "F26", 1, "Hash Sum mismatch", 0, "nvidia", "Hash Sum mismatch",
	    { NULL } },
	/* apt's other check of the same file (apt-pkg/acquire-item.cc) */
	{ "F26", 1, "File has unexpected size", 0, "nvidia", "File has "
	    "unexpected size \\(([0-9]+) != ([0-9]+)\\)",
	    { NULL, "got", "expected" } },
	/* questions rather than errors */
	{ "F30", 2, "nvidia-smi shows CUDA", 0, NULL, "nvidia-smi shows CUDA "
	    VER " but nvcc shows ([0-9.x]+)",
	    { NULL, "driver", NULL, "nvcc" } },
	{ "F30", 3, "CUDA Version: ", 0, NULL, "CUDA Version: " VER,
	    { NULL, "driver" } },
	{ "F30", 3, "compilation tools, release", 0, NULL, "compilation tools, "
	    "release " VER ", V[0-9.]+", { NULL, "nvcc" } },
	{ "F32", 5, "Probably one of the following:", 0, NULL,
	    "Probably one of the following:", { NULL } },
	{ "F32", 5, "torch.backends.cudnn.version()", 0, NULL,
	    "torch\\.backends\\.cudnn\\.version\\(\\)", { NULL } },
	/* the compilers: nvcc, ptxas, NVRTC */
	{ "NVCC-ARCH", 1, "Unsupported gpu architecture", 0, NULL,
	    "Unsupported gpu architecture '([a-z_0-9]+)'", { NULL, "arch" } },
	{ "NVCC-ARCH", 1, "Value '", 0, NULL,
	    "Value '([a-z_0-9]+)' is not defined for option "
	    "'gpu-(name|architecture)'", { NULL, "arch" } },
	{ "NVCC-ARCH", 2, "is not supported on CUDA ", 0, NULL, "is not "
	    "supported on CUDA ([0-9]+)\\+", { NULL, "dropped in" } },
	{ "NVCC-ARCH", 1, "invalid value for --gpu-architecture", 0, NULL,
	    "invalid value for --gpu-architecture", { NULL } },
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
	/* NCCL */
	{ "NCCL-SHM", 1, "creating shared memory segment /dev/shm/", 0, NULL,
	    "creating shared memory segment /dev/shm/(nccl-[A-Za-z0-9]+) "
	    "\\(size ([0-9]+)\\)", { NULL, "segment", "size" } },
	{ "NCCL-SHM", 1, "failed to extend /dev/shm/nccl", 0, NULL, "failed to "
	    "extend /dev/shm/(nccl-[A-Za-z0-9]+) to ([0-9]+) bytes",
	    { NULL, "segment", "size" } },
	/* Triton (runtime/errors.py) */
	/* ptxas: a kernel's static shared memory over the target's limit
	 * (48 KiB without opt-in) */
	{ "GPU-RESOURCES", 1, "uses too much shared data", 0, NULL, "uses too "
	    "much shared data \\((0x[0-9a-f]+) bytes, (0x[0-9a-f]+) max\\)",
	    { NULL, "required", "limit" } },
	/* ptxas: an instruction the target architecture does not have
	 * ("Feature '.bf16' requires .target sm_80 or higher") */
	{ "GPU-FEATURE", 1, "Feature '", 0, NULL, "Feature '([^'\n]+)' "
	    "requires \\.target (sm_[0-9]+[a-z]?) or higher",
	    { NULL, "feature", "needs" } },
	{ "GPU-RESOURCES", 1, "out of resource: ", 0, NULL, "out of resource: "
	    "([a-z_ ]+), Required: ([0-9]+), Hardware limit(ation)?: "
	    "([0-9]+)", { NULL, "resource", "required", NULL, "limit" } },
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
	/* a library that calls the driver API and was linked without
	 * -lcuda: its cu* symbols stay unresolved when it is loaded */
	{ "LINK-LIBCUDA", 3, "undefined symbol:", 0, NULL, "undefined symbol: *("
	    DRVAPI ")[ \t]*($|\n)", { NULL, "symbol" } },
	/* a JAX CUDA plugin whose initialize() calls into a jaxlib that lacks
	 * what it calls: a plugin newer than jaxlib (jax-ml/jax#26750) */
	{ "F31", 3, "jax_plugins/xla_cuda", 0, NULL, "jax_plugins/xla_cuda"
	    "[0-9]+/__init__\\.py\", line [0-9]+, in initialize[[:space:]]+"
	    "xla_client\\.", { NULL } },
	/* a framework's build that carries no architecture for this GPU */
	{ "F21", 2, "No supported CUDA architectures found", 0, NULL, "No "
	    "supported CUDA architectures found", { NULL } },
	/* the linker: a driver API call with no -lcuda, another NVIDIA
	 * library's call without that library on the link line */
	{ "LINK-LIBCUDA", 2, "undefined reference to", 0, NULL, "undefined "
	    "reference to [`'\"]?(" DRVAPI ")", { NULL, "symbol" } },
	{ "LINK-NVLIB", 2, "undefined reference to", 0, NULL, "undefined "
	    "reference to [`'\"]?((cudnn|cublas|cusparse|cusolver|cufft|curand|"
	    "nvrtc|nvJitLink|nccl|nvml|cuda)[A-Z][A-Za-z0-9_]*)",
	    { NULL, "symbol" } },
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
	/* kernel modules of the GPU (the driver's, GDRCopy's gdrdrv,
	 * nvidia-peermem) that do not build for the running kernel: a
	 * symbol the kernel made GPL-only (modpost), DKMS's and the .run
	 * installer's reports */
	{ "KMOD-BUILD", 1, "GPL-incompatible module", 0, NULL,
	    "GPL-incompatible module ([a-z0-9_-]+\\.ko) uses GPL-only symbol "
	    "'([A-Za-z0-9_]+)'", { NULL, "module", "symbol" } },
	{ "KMOD-BUILD", 2, "Bad return status for module build on kernel", 0,
	    NULL, "Bad return status for module build on kernel: *"
	    "([^ \n]+)", { NULL, "kernel" } },
	{ "KMOD-BUILD", 2, "An error occurred while performing the step: "
	    "\"Building kernel modules\"", 0, NULL, "An error occurred while "
	    "performing the step: \"Building kernel modules\"", { NULL } },
	/* the linker and Triton's own search */
	{ "LINK-LIBCUDA", 1, "cannot find -lcuda", 0, NULL, "cannot find "
	    "-lcuda\\b", { NULL } },
	{ "LINK-LIBCUDA", 1, "libcuda.so cannot found", 0, NULL, "libcuda\\.so "
	    "cannot found", { NULL } },
	/* bfloat16 asked of a GPU before Ampere, in the frameworks' words:
	 * PyTorch's autocast ("does not support bfloat16"), transformers
	 * ("doesn't support bf16/gpu"), accelerate ("bf16 mixed precision
	 * requires ... a supported device") */
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
	{ "GPU-FEATURE", 2, "ompute capability ", 0, NULL, "ompute capability "
	    "([0-9.]+) or higher (is )?required", { NULL, "needs" } },
	{ "GPU-FEATURE", 2, "a GPU with Compute Capability ", 0, NULL, "a GPU "
	    "with Compute Capability ([0-9.]+) or higher", { NULL, "needs" } },
	{ "GPU-FEATURE", 1, "FlashAttention only supports", 0, NULL,
	    "FlashAttention only supports ([A-Za-z]+) GPUs or newer",
	    { NULL, "needs" } },
	{ "GPU-FEATURE", 2, "not supported in this architecture", 1, NULL,
	    "type ([a-z0-9]+) not supported in this architecture",
	    { NULL, "feature" } },
	/* ENOSPC in Python's, C++'s and the C library's words */
	{ "DISK-FULL", 3, "No space left on device", 0, NULL, "No space left "
	    "on device", { NULL } },
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
#undef COULD
#undef NVLIB

#define NPATTERNS (sizeof(patterns) / sizeof(patterns[0]))

static const struct entry_def *
entry_of(const char *id)
{
	size_t i;

	for (i = 0; i < NENTRIES; i++) {
		if (strcmp(cds_explain_entries[i].id, id) == 0) {
			return &cds_explain_entries[i];
		}
	}
	return NULL;
}

const char *
cds_explain_title(const char *id)
{
	const struct entry_def *e = entry_of(id);

	return e != NULL ? _(e->title) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Recognition                                                               */
/* ------------------------------------------------------------------------ */

/*
 * The work is linear in the text: each pattern looks for its key with
 * strcasestr() (two-way, linear), is tried at the first MAXTRIES places
 * only, and its regular expression, anchored there, sees at most KEYRUN
 * bytes before the key and WINDOW after it.  Unanchored expressions with
 * `[^ ...]*` cost the square of a run of non-blank text.
 */
#define KEYRUN 512
#define WINDOW 1024
#define MAXTRIES 64
#define NGROUPS 12

static void
capture_add(struct cds_explain_match *m, const char *key, const char *val,
    size_t n)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			char *v = cds_xasprintf("%s.%.*s", m->captures[i].value,
			    (int)n, val);

			free(m->captures[i].value);
			m->captures[i].value = v;
			return;
		}
	}
	m->captures = cds_xreallocarray(m->captures, m->ncaptures + 1,
	    sizeof(*m->captures));
	m->captures[m->ncaptures].key = cds_xstrdup(key);
	m->captures[m->ncaptures].value = cds_xstrndup(val, n);
	m->ncaptures++;
}

/* Versions printed as integers: JAX's and old PyTorch's cuDNN (8600 is
 * 8.6.0, 90100 9.1.0), PyTorch's driver CUDA (11040 is 11.4). */
static void
dotted_versions(struct cds_explain_match *m)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		const char *k = m->captures[i].key;
		char *v = m->captures[i].value;
		long n;

		if (strchr(v, '.') != NULL || (n = atol(v)) < 1000) {
			continue;
		}
		if (strcmp(k, "driver_cuda") == 0) {
			m->captures[i].value = cds_xasprintf("%ld.%ld",
			    n / 1000, (n % 1000) / 10);
		} else if (strcmp(k, "runtime") == 0 ||
		    strcmp(k, "compiled") == 0) {
			m->captures[i].value = n >= 90000 ?
			    cds_xasprintf("%ld.%ld.%ld", n / 10000,
			    (n % 10000) / 100, n % 100) :
			    cds_xasprintf("%ld.%ld.%ld", n / 1000,
			    (n % 1000) / 100, n % 100);
		} else {
			continue;
		}
		free(v);
	}
}

/*
 * A library named by its Windows DLL ("cublas64_12.dll", "cudart64_110.dll",
 * "nvrtc64_112_0.dll") is looked up here by the Linux soname of the same
 * release: the stem before "64_", then the number after it, whose last digit
 * is the minor when it has three ("110" is 11.0, "112" 11.2: CUDA 11 kept
 * a minor in some sonames; CUDA 12 and later have the major only).  The
 * DLL's own name is kept as "windows name".
 */
static void
dll_soname(struct cds_explain_match *m)
{
	size_t i, stem, digits;
	char *v, *at;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, "missing") == 0 ||
		    strcmp(m->captures[i].key, "library") == 0) {
			break;
		}
	}
	if (i == m->ncaptures) {
		return;
	}
	v = m->captures[i].value;
	if (!cds_endswith(v, ".dll") || (at = strstr(v, "64_")) == NULL) {
		return;
	}
	stem = (size_t)(at - v);
	digits = strspn(at + 3, "0123456789");
	if (digits == 3 && strncmp(at + 3, "12", 2) < 0) {
		m->captures[i].value = cds_xasprintf("lib%.*s.so.%.2s.%c",
		    (int)stem, v, at + 3, at[5]);
	} else if (digits == 3) {
		m->captures[i].value = cds_xasprintf("lib%.*s.so.%.2s",
		    (int)stem, v, at + 3);
	} else {
		m->captures[i].value = cds_xasprintf("lib%.*s.so.%.*s",
		    (int)stem, v, (int)digits, at + 3);
	}
	capture_add(m, "windows name", v, strlen(v));
	free(v);
}

/* Where the word just before offset K starts: back over blanks and one
 * ':' ("FILE: undefined symbol", "FILE :undefined symbol"), then over the
 * word; at most KEYRUN bytes back. */
static size_t
word_before(const char *text, size_t k)
{
	size_t lim = k > KEYRUN ? k - KEYRUN : 0, i = k;

	while (i > lim && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
		i--;
	}
	if (i > lim && text[i - 1] == ':') {
		i--;
	}
	while (i > lim && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
		i--;
	}
	while (i > lim && strchr(" \t\r\n'\"`([{=,:", text[i - 1]) == NULL) {
		i--;
	}
	return i;
}

/* Pattern P (compiled as RE) at the places of its key in TEXT: fill M at
 * the first match.  Returns 1 when it matched. */
static int
match_pattern(const struct pattern *p, const regex_t *re, const char *text,
    size_t len, struct cds_explain_match *m)
{
	const char *at = text;
	char *win = cds_xmalloc(KEYRUN + WINDOW + 1);
	int tries, found = 0;

	if (p->context != NULL && strcasestr(text, p->context) == NULL) {
		free(win);
		return 0;
	}
	for (tries = 0; !found && tries < MAXTRIES &&
	    (at = strcasestr(at, p->key)) != NULL; tries++, at++) {
		size_t k = (size_t)(at - text), end, starts[2], s, j;
		regmatch_t g[NGROUPS];
		int ns = 0;

		if (p->back && word_before(text, k) < k) {
			starts[ns++] = word_before(text, k);
		}
		starts[ns++] = k;
		end = len - k > WINDOW ? k + WINDOW : len;
		for (s = 0; !found && s < (size_t)ns; s++) {
			memcpy(win, text + starts[s], end - starts[s]);
			win[end - starts[s]] = '\0';
			if (regexec(re, win, NGROUPS, g, 0) != 0) {
				continue;
			}
			found = 1;
			m->offset = starts[s] + (size_t)g[0].rm_so;
			m->text = cds_xstrndup(win + g[0].rm_so,
			    (size_t)(g[0].rm_eo - g[0].rm_so));
			/* group 1 is the "^(...)" around the pattern */
			for (j = 1; j < 10 && j + 1 < NGROUPS; j++) {
				if (p->names[j] != NULL &&
				    g[j + 1].rm_so >= 0) {
					capture_add(m, p->names[j],
					    win + g[j + 1].rm_so,
					    (size_t)(g[j + 1].rm_eo -
					    g[j + 1].rm_so));
				}
			}
		}
	}
	free(win);
	if (found) {
		dotted_versions(m);
		dll_soname(m);
	}
	return found;
}

static void
match_free(struct cds_explain_match *m)
{
	size_t k;

	for (k = 0; k < m->ncaptures; k++) {
		free(m->captures[k].key);
		free(m->captures[k].value);
	}
	free(m->captures);
	free(m->text);
}

/* Is A (from pattern IA) better than B (from IB): lower rank, then
 * earlier in the text, then earlier in the table? */
static int
better(const struct cds_explain_match *a, size_t ia,
    const struct cds_explain_match *b, size_t ib)
{
	if (a->rank != b->rank) {
		return a->rank < b->rank;
	}
	if (a->offset != b->offset) {
		return a->offset < b->offset;
	}
	return ia < ib;
}

/* The distinct finding ids of cause CD, NULL-terminated (static strings in
 * a new array). */
static const char **
cause_ids(const struct cause_def *cd)
{
	const char **ids = cds_xcalloc(MAXSHOWS + 1, sizeof(*ids));
	size_t j, k, n = 0;

	for (j = 0; j < MAXSHOWS && cd->shows[j].id != NULL; j++) {
		for (k = 0; k < n && strcmp(ids[k], cd->shows[j].id) != 0;
		    k++) {
		}
		if (k == n) {
			ids[n++] = cd->shows[j].id;
		}
	}
	return ids;
}

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */

/* The entries about one code, by its enumerator (the driver API's and the
 * runtime's name of the same failure both). */
static const char *const code_ids[][2] = {
	{ "cudaErrorInsufficientDriver", "F16" },
	/* a call the installed driver does not have (CUDA 12.2+) */
	{ "cudaErrorCallRequiresNewerDriver", "F16" },
	{ "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER", "F16" },
	/* PTX or a cubin from a newer toolkit than the driver's */
	{ "cudaErrorUnsupportedPtxVersion", "F16" },
	{ "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "F16" },
	{ "cudaErrorInvalidPtx", "F16" }, { "CUDA_ERROR_INVALID_PTX", "F16" },
	{ "cudaErrorInvalidKernelImage", "F16" },
	{ "CUDA_ERROR_INVALID_IMAGE", "F16" },
	{ "cudaErrorNoDevice", "NO-DRIVER" },
	{ "CUDA_ERROR_NO_DEVICE", "NO-DRIVER" },
	{ "cudaErrorStubLibrary", "STUB-LIBCUDA" },
	{ "CUDA_ERROR_STUB_LIBRARY", "STUB-LIBCUDA" },
	{ "cudaErrorSystemDriverMismatch", "CUDA-803" },
	{ "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", "CUDA-803" },
	{ "cudaErrorCompatNotSupportedOnDevice", "F17" },
	{ "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "F17" },
	{ "cudaErrorSystemNotReady", "F18" },
	{ "CUDA_ERROR_SYSTEM_NOT_READY", "F18" },
	{ "cudaErrorUnknown", "CUDA-999" }, { "CUDA_ERROR_UNKNOWN", "CUDA-999" },
	{ "cudaErrorNoKernelImageForDevice", "F21" },
	{ "CUDA_ERROR_NO_BINARY_FOR_GPU", "F21" },
	{ "CUDNN_STATUS_ARCH_MISMATCH", "F21" },
	{ "CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH", "F21" },
	{ "CUBLAS_STATUS_ARCH_MISMATCH", "F21" },
	{ "CUDNN_STATUS_MAPPING_ERROR", "F22" },
	{ "CUDNN_STATUS_NOT_INITIALIZED", "CUDNN-NOT-INITIALIZED" },
	{ "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED", "F2" },
	{ "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH", "F2" },
	{ "CUDNN_STATUS_VERSION_MISMATCH", "F2" },
	{ "CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING", "F5" },
	{ "NVML_ERROR_DRIVER_NOT_LOADED", "F20" },
	{ "NVML_ERROR_LIB_RM_VERSION_MISMATCH", "F19" },
	{ "NVML_ERROR_LIBRARY_NOT_FOUND", "DRIVER-LIB" },
	{ "NVML_ERROR_GPU_IS_LOST", "GPU-LOST" },
	{ "cudaErrorJitCompilerNotFound", "DRIVER-LIB" },
	{ "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", "DRIVER-LIB" },
	{ "cudaErrorDevicesUnavailable", "CUDA-BUSY" },
	{ "CUDA_ERROR_DEVICE_UNAVAILABLE", "CUDA-BUSY" },
	{ "cudaErrorInvalidDevice", "CUDA-ORDINAL" },
	{ "CUDA_ERROR_INVALID_DEVICE", "CUDA-ORDINAL" },
	{ "cudaErrorSharedObjectInitFailed", "CODE-INIT" },
	{ "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", "CODE-INIT" },
	{ "cudaErrorOperatingSystem", "CODE-INIT" },
	{ "CUDA_ERROR_OPERATING_SYSTEM", "CODE-INIT" },
	{ "cudaErrorLaunchOutOfResources", "GPU-RESOURCES" },
	{ "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "GPU-RESOURCES" },
};

/*
 * How near TEXT is to each entry: for each pattern, the share of its key's
 * words (four letters or more) that TEXT holds, and for an entry its best
 * pattern's.  Near: half the words or more, and two at least.  The entries
 * that only report what a text names are left out.
 */
size_t
cds_explain_closest(const char *text, const char **ids, size_t max)
{
	double *best = cds_xcalloc(NENTRIES, sizeof(*best));
	size_t i, n = 0, k;

	for (i = 0; i < NPATTERNS; i++) {
		const char *p = patterns[i].key, *q;
		int words = 0, held = 0;
		char w[64];

		while (*p != '\0') {
			size_t len;

			for (q = p; isalnum((unsigned char)*q); q++) {
			}
			len = (size_t)(q - p);
			if (len >= 4 && len < sizeof(w)) {
				memcpy(w, p, len);
				w[len] = '\0';
				words++;
				held += strcasestr(text, w) != NULL;
			}
			p = *q != '\0' ? q + 1 : q;
		}
		if (words == 0 || held < 2 || 2 * held < words) {
			continue;
		}
		for (k = 0; k < NENTRIES; k++) {
			if (strcmp(cds_explain_entries[k].id,
			    patterns[i].id) == 0 &&
			    (double)held / words > best[k]) {
				best[k] = (double)held / words;
			}
		}
	}
	while (n < max) {
		size_t top = NENTRIES;

		for (k = 0; k < NENTRIES; k++) {
			if (best[k] > 0 &&
			    strcmp(cds_explain_entries[k].id, "NAMES") != 0 &&
			    (top == NENTRIES || best[k] > best[top])) {
				top = k;
			}
		}
		if (top == NENTRIES) {
			break;
		}
		ids[n++] = cds_explain_entries[top].id;
		best[top] = 0;
	}
	free(best);
	return n;
}

/* What match M captured as KEY, or NULL. */
static const char *
match_capture(const struct cds_explain_match *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		if (strcmp(m->captures[i].key, key) == 0) {
			return m->captures[i].value;
		}
	}
	return NULL;
}

/* Any of the words, separated by '|', in NAME? */
static int
name_has(const char *name, const char *words)
{
	char buf[64];
	const char *w = words, *bar;

	while (*w != '\0') {
		size_t n = (bar = strchr(w, '|')) != NULL ? (size_t)(bar - w) :
		    strlen(w);

		snprintf(buf, sizeof(buf), "%.*s", (int)n, w);
		if (strstr(name, buf) != NULL) {
			return 1;
		}
		w += n + (bar != NULL);
	}
	return 0;
}

/* The entry that explains code C, and in *RANK how specific it is (an
 * entry of its own: 0; a kind read from its name: 1; nothing known: 2). */
static const char *
code_entry(const struct cds_code *c, int *rank)
{
	size_t i;

	*rank = 0;
	for (i = 0; i < sizeof(code_ids) / sizeof(code_ids[0]); i++) {
		if (strcmp(code_ids[i][0], c->name) == 0) {
			return code_ids[i][1];
		}
	}
	*rank = 1;
	if (name_has(c->name, "ALLOC|OUT_OF_MEMORY|MemoryAllocation|"
	    "OutOfMemory")) {
		return "CUDA-OOM";
	}
	if (name_has(c->name, "NOT_INITIALIZED|INITIALIZATION_FAILED|"
	    "InitializationError|NotInitialized|SETUP_FAILED")) {
		return "CODE-INIT";
	}
	if (name_has(c->name, "IllegalAddress|ILLEGAL_ADDRESS|LaunchFailure|"
	    "LAUNCH_FAILED|LAUNCH_FAILURE|IllegalInstruction|"
	    "ILLEGAL_INSTRUCTION|Misaligned|MISALIGNED|Assert|ASSERT|"
	    "HardwareStack|HARDWARE_STACK|EccUncorrectable|ECC_UNCORRECTABLE|"
	    "LaunchTimeout|LAUNCH_TIMEOUT|InvalidPc|INVALID_PC|"
	    "EXECUTION_FAILED|EXEC_FAILED")) {
		return "CUDA-FAULT";
	}
	if (name_has(c->name, "Invalid|INVALID|BAD_PARAM|NOT_SUPPORTED|"
	    "NotSupported|Unsupported|UNSUPPORTED")) {
		return "CODE-USAGE";
	}
	*rank = 2;
	return "CODE-OTHER";
}

/* The codes TEXT names, as matches of their entries: a code whose entry
 * a pattern matched already adds what it says to that match. */
static void
add_codes(struct cds_explanation *x, size_t **from, const char *text,
    size_t len)
{
	struct cds_code_hit *hits;
	size_t n = cds_codes_find(text, len, &hits), i, k;

	for (i = 0; i < n; i++) {
		const struct cds_code *c = hits[i].code;
		struct cds_explain_match m, *t;
		char num[24];
		int kind;
		const char *id = code_entry(c, &kind);

		for (k = 0; k < x->nmatches &&
		    strcmp(x->matches[k].id, id) != 0; k++) {
		}
		if (k == x->nmatches) {
			memset(&m, 0, sizeof(m));
			m.id = id;
			/* by name or words: as a pattern's key; a number in
			 * a wrapper's form, one less; a kind, less again */
			m.rank = 2 + hits[i].by_number + 2 * kind;
			m.offset = hits[i].offset;
			m.text = cds_xstrndup(text + hits[i].offset,
			    hits[i].len);
			x->matches = cds_xreallocarray(x->matches,
			    x->nmatches + 1, sizeof(*x->matches));
			*from = cds_xreallocarray(*from, x->nmatches + 1,
			    sizeof(**from));
			(*from)[x->nmatches] = NPATTERNS + i;
			x->matches[x->nmatches++] = m;
		}
		t = &x->matches[k];
		if (match_capture(t, "code") != NULL) {
			continue;	/* one code a match: the first */
		}
		snprintf(num, sizeof(num), "%ld", c->value);
		capture_add(t, "code", c->name, strlen(c->name));
		capture_add(t, "code value", num, strlen(num));
		capture_add(t, "code library", cds_code_library(c->type),
		    strlen(cds_code_library(c->type)));
		capture_add(t, "code says", c->text, strlen(c->text));
		if (hits[i].via != NULL) {
			capture_add(t, "printed by", hits[i].via,
			    strlen(hits[i].via));
		}
	}
	free(hits);
}

/* Every pattern over TEXT: the best match of each entry into X (FROM: the
 * pattern each match came from). */
static void
run_patterns(struct cds_explanation *x, size_t **fromp, const char *text,
    size_t len)
{
	size_t *from = *fromp, i, k;

	for (i = 0; i < NPATTERNS; i++) {
		const struct pattern *p = &patterns[i];
		struct cds_explain_match m;
		char *anchored = cds_xasprintf("^(%s)", p->re);
		regex_t re;
		int ok;

		ok = regcomp(&re, anchored, REG_EXTENDED | REG_ICASE) == 0;
		free(anchored);
		if (!ok) {
			continue;	/* a bad table row: the tests fail */
		}
		memset(&m, 0, sizeof(m));
		m.id = p->id;
		m.rank = p->rank;
		ok = match_pattern(p, &re, text, len, &m);
		regfree(&re);
		if (!ok) {
			continue;
		}
		/* one match per entry: the best */
		for (k = 0; k < x->nmatches &&
		    strcmp(x->matches[k].id, p->id) != 0; k++) {
		}
		if (k < x->nmatches) {
			if (better(&m, i, &x->matches[k], from[k])) {
				match_free(&x->matches[k]);
				x->matches[k] = m;
				from[k] = i;
			} else {
				match_free(&m);
			}
			continue;
		}
		x->matches = cds_xreallocarray(x->matches, x->nmatches + 1,
		    sizeof(*x->matches));
		from[x->nmatches] = i;
		x->matches[x->nmatches++] = m;
	}
}

/* TEXT with each line break, and the blanks after it, made one space (a
 * paste a terminal or an issue tracker wrapped mid-sentence); NULL when it
 * has no line break. */
static char *
unwrapped(const char *text, size_t len, size_t *outlen)
{
	char *o, *w;
	size_t i;

	if (memchr(text, '\n', len) == NULL) {
		return NULL;
	}
	o = w = cds_xmalloc(len + 1);
	for (i = 0; i < len; i++) {
		if (text[i] == '\r') {
			continue;
		}
		if (text[i] != '\n') {
			*w++ = text[i];
			continue;
		}
		while (i + 1 < len && (text[i + 1] == ' ' ||
		    text[i + 1] == '\t' || text[i + 1] == '\n')) {
			i++;
		}
		if (w > o && w[-1] != ' ') {
			*w++ = ' ';
		}
	}
	*w = '\0';
	*outlen = (size_t)(w - o);
	return o;
}

struct cds_explanation *
cds_explain_text(cds_handle_t *h, const char *text)
{
	struct cds_explanation *x;
	const struct entry_def *e;
	const char *v;
	char *flat;
	size_t *from, len, i, k;

	if (text == NULL || *text == '\0') {
		cds_seterr(h, CDS_ERR_USAGE, "no error text given");
		return NULL;
	}
	if ((len = strlen(text)) > CDS_EXPLAIN_MAX) {
		cds_seterr(h, CDS_ERR_USAGE, "the error text is %zu bytes; "
		    "explain reads at most %d: give the lines around the error",
		    len, CDS_EXPLAIN_MAX);
		return NULL;
	}
	x = cds_xcalloc(1, sizeof(*x));
	from = cds_xcalloc(NPATTERNS, sizeof(*from));
	run_patterns(x, &from, text, len);
	add_codes(x, &from, text, len);
	if (x->nmatches == 0 && (flat = unwrapped(text, len, &i)) != NULL) {
		/* nothing known in the lines as pasted: once more with the
		 * lines joined (a match's offset is then in the joined text) */
		run_patterns(x, &from, flat, i);
		add_codes(x, &from, flat, i);
		free(flat);
	}
	/* what the text names is shown only when nothing else is known */
	for (k = 0; x->nmatches > 1 && k < x->nmatches; k++) {
		if (strcmp(x->matches[k].id, "NAMES") == 0) {
			match_free(&x->matches[k]);
			memmove(&x->matches[k], &x->matches[k + 1],
			    (x->nmatches - k - 1) * sizeof(*x->matches));
			memmove(&from[k], &from[k + 1],
			    (x->nmatches - k - 1) * sizeof(*from));
			x->nmatches--;
			break;
		}
	}
	if (x->nmatches == 0) {
		free(from);
		free(x);
		cds_seterr(h, CDS_ERR_NOT_FOUND, "no known failure matches "
		    "the text");
		return NULL;
	}
	/* best first (a few matches: insertion sort) */
	for (i = 1; i < x->nmatches; i++) {
		for (k = i; k > 0 && better(&x->matches[k], from[k],
		    &x->matches[k - 1], from[k - 1]); k--) {
			struct cds_explain_match t = x->matches[k];
			size_t tf = from[k];

			x->matches[k] = x->matches[k - 1];
			from[k] = from[k - 1];
			x->matches[k - 1] = t;
			from[k - 1] = tf;
		}
	}
	free(from);
	x->id = x->matches[0].id;
	e = entry_of(x->id);
	x->title = _(e->title);
	x->meaning = _(e->meaning);
	if (strcmp(e->id, "F13") == 0 &&
	    (v = match_capture(&x->matches[0], "missing")) != NULL) {
		/* the soname of the message, not an example */
		x->said = cds_xasprintf(_("The program was linked against %s, "
		    "a library of NVIDIA's of one release (the number after "
		    ".so is its major version).  The loader finds no file of "
		    "that name: that release is not installed, or not on the "
		    "path."), v);
		x->meaning = x->said;
	}
	x->fix = _(e->fix);
	x->side = entry_side(x->id);
	for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
		struct cds_explain_cause *c;

		x->causes = cds_xreallocarray(x->causes, x->ncauses + 1,
		    sizeof(*x->causes));
		c = &x->causes[x->ncauses++];
		memset(c, 0, sizeof(*c));
		c->text = _(e->causes[k].text);
		c->ids = cause_ids(&e->causes[k]);
		c->finding = -1;
	}
	x->verdict = -1;
	return x;
}

/* ------------------------------------------------------------------------ */
/* Checks of what the message names                                          */
/* ------------------------------------------------------------------------ */

static const char *
capture(const struct cds_explanation *x, const char *key)
{
	const char *v = NULL;
	size_t k;

	for (k = 0; k < x->nmatches && v == NULL; k++) {
		v = match_capture(&x->matches[k], key);
	}
	return v;
}

/* Every package of the scan, with its env (NULL: the system Python). */
struct pkgref {
	const struct cds_env *env;
	const struct cds_package *p;
};

static size_t
all_packages(const struct cds_scan *s, struct pkgref **out)
{
	size_t i, k, n = 0;

	*out = cds_xcalloc(1, sizeof(**out));
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
			(*out)[n].env = &s->envs[i];
			(*out)[n++].p = &s->envs[i].packages[k];
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		*out = cds_xreallocarray(*out, n + 1, sizeof(**out));
		(*out)[n].env = NULL;
		(*out)[n++].p = &s->system_packages[k];
	}
	return n;
}

/* "torch 2.6.0 (in env dl)", "torch 2.6.0 (in /usr/lib/python3/...)" */
static char *
pkg_name(const struct pkgref *r)
{
	return r->env != NULL ? cds_xasprintf("%s %s (env %s)", r->p->name,
	    r->p->version, r->env->name) : cds_xasprintf("%s %s (%s)",
	    r->p->name, r->p->version, r->p->location != NULL ?
	    r->p->location : "the system Python");
}

/* A CUDA version a package says it was built for: "12.4"; NULL when it
 * is not known or the build has no CUDA. */
static const char *
pkg_cuda(const struct cds_package *p)
{
	if (p->cuda == NULL || strcmp(p->cuda, "cpu") == 0 ||
	    strcasecmp(p->cuda, "none") == 0 ||
	    !isdigit((unsigned char)p->cuda[0])) {
		return NULL;
	}
	return p->cuda;
}

/* How a package is known to be a CPU-only build, or NULL. */
static const char *
cpu_only(const struct cds_package *p)
{
	if (strstr(p->version, "+cpu") != NULL) {
		return "its version carries +cpu";
	}
	if (p->cuda != NULL && strcmp(p->cuda, "cpu") == 0) {
		return p->from_conda ? "its conda build string says cpu" :
		    "its build says cpu";
	}
	if (p->cuda != NULL && strcasecmp(p->cuda, "none") == 0) {
		return "torch/version.py: cuda = None";
	}
	if (p->cpu_only) {
		/* the scan read it: cds_package's cuda_source says where */
		if (p->from_conda) {
			return "its conda build string says cpu";
		}
		if (p->cuda_source != NULL &&
		    strcmp(p->cuda_source, "torch/version.py") == 0) {
			return "torch/version.py: cuda = None";
		}
		return p->cuda_source != NULL ? p->cuda_source :
		    "the scan found no CUDA in its build";
	}
	return NULL;
}

static const char *
origin_word(enum cds_origin o)
{
	switch (o) {
	case CDS_ORIGIN_PIP:
		return "pip wheel";
	case CDS_ORIGIN_CONDA:
		return "conda env";
	case CDS_ORIGIN_TOOLKIT:
		return "toolkit";
	case CDS_ORIGIN_SYSTEM:
		return "system";
	case CDS_ORIGIN_PREFIX:
		return "cudnn-setup prefix";
	case CDS_ORIGIN_PATH:
	default:
		return "other directory";
	}
}

/* The origin of a path cds_find_anywhere() gave. */
static const char *
path_origin(const struct cds_rule_ctx *c, const char *path)
{
	size_t i;

	if (strstr(path, "/nvidia/") != NULL &&
	    (strstr(path, "/site-packages/") != NULL ||
	    strstr(path, "/dist-packages/") != NULL)) {
		return "pip wheel";
	}
	for (i = 0; i < c->s->ntoolkits; i++) {
		const char *d = c->s->toolkits[i].libdir;

		if (d != NULL && cds_startswith(path, d) &&
		    path[strlen(d)] == '/') {
			return "toolkit";
		}
	}
	for (i = 0; i < c->s->nenvs; i++) {
		const char *d = c->s->envs[i].prefix;

		if (cds_startswith(path, d) && path[strlen(d)] == '/') {
			return c->s->envs[i].is_conda ? "conda env" :
			    "other directory";
		}
	}
	return "other directory";
}

/* Where a library file NAME is installed, though the loader does not find
 * it: a cuDNN copy the scan found, else where cds_find_anywhere() looks
 * (pip wheels, toolkits, envs).  A new path or NULL; *origin one word of
 * origin_word(). */
static char *
installed_where(struct cds_rule_ctx *c, const char *name, const char **origin)
{
	const struct cds_scan *s = c->s;
	char *where;
	size_t i, k;

	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *d = &s->cudnns[i];

		for (k = 0; k < d->nfiles; k++) {
			if (strcmp(d->files[k].name, name) == 0) {
				*origin = origin_word(d->origin);
				return cds_path_join(d->dir, name);
			}
		}
	}
	where = cds_find_anywhere(c, NULL, name);
	for (i = 0; where == NULL && i < s->nenvs; i++) {
		where = cds_find_anywhere(c, &s->envs[i], name);
	}
	if (where != NULL) {
		*origin = path_origin(c, where);
	}
	return where;
}

/* The cuDNN copies here, as evidence: each one, and their majors ("8",
 * "8, 9", "none"): what tells "only cuDNN 8" from "none at all". */
static void
evidence_cudnns(const struct cds_rule_ctx *c, struct cds_finding *f)
{
	const struct cds_scan *s = c->s;
	int seen[100] = {0};
	struct cds_buf b = {0};
	size_t i;
	int m;

	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *d = &s->cudnns[i];

		cds_finding_evidence(f, "cuDNN here", "%s in %s (%s)",
		    d->version != NULL ? d->version : "?", d->dir,
		    origin_word(d->origin));
		if (d->major > 0 && d->major < 100) {
			seen[d->major] = 1;
		}
	}
	for (m = 1; m < 100; m++) {
		if (seen[m]) {
			cds_buf_addf(&b, "%s%d", b.len > 0 ? ", " : "", m);
		}
	}
	cds_finding_evidence(f, "cuDNN majors here", "%s", b.len > 0 ? b.s :
	    "none");
	cds_buf_free(&b);
}

/* Which programs here need cuDNN of MAJOR, and which build provides it:
 * the frameworks of the scan and the CUDA they were built with ("cuDNN 9
 * built for CUDA 12" for torch 2.6 built with CUDA 12.4).  Adds a fix;
 * returns whether one was added. */
static int
evidence_cudnn_needs(struct cds_rule_ctx *c, struct cds_finding *f,
    int major)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, r;
	const char *cuda = NULL, *best = NULL;
	int fixed = 0, several = 0;

	for (i = 0; i < n; i++) {
		const struct cds_package *p = pk[i].p;
		char *who;

		if (p->kind == CDS_FW_OTHER &&
		    !cds_streq(p->name, "ctranslate2") &&
		    !cds_startswith(p->name, "paddlepaddle")) {
			continue;
		}
		who = pkg_name(&pk[i]);
		if (pkg_cuda(p) != NULL) {
			cds_finding_evidence(f, "needed by", "%s, built for "
			    "CUDA %s", who, pkg_cuda(p));
			if (cuda != NULL && atoi(cuda) != atoi(pkg_cuda(p))) {
				several = 1;
			}
			if (cuda == NULL) {
				cuda = pkg_cuda(p);
			}
		} else if (cpu_only(p) == NULL) {
			cds_finding_evidence(f, "needed by", "%s, CUDA version "
			    "not known here", who);
		}
		free(who);
	}
	free(pk);
	if (cuda != NULL && !several) {
		cds_finding_evidence(f, "provided by", "cuDNN %d built for "
		    "CUDA %d", major, atoi(cuda));
	} else {
		cds_finding_evidence(f, "provided by", "cuDNN %d built for the "
		    "CUDA major of the program that needs it", major);
	}
	/* the manifest's CUDA release of that version, for the command */
	for (r = 0; cuda != NULL && !several && c->m != NULL &&
	    r < cds_manifest_nreleases(c->m); r++) {
		const struct cds_release *rel = cds_manifest_release(c->m, r);

		if (rel->kind == CDS_KIND_CUDA &&
		    cds_ver_has_prefix(rel->version, cuda)) {
			best = rel->version;
		}
	}
	if (best != NULL) {
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, best, "cudnn-setup "
		    "install --cudnn %d --cuda %s", major, cuda);
		fixed = 1;
	}
	return fixed;
}

/* libcuda.so is the driver's development link to libcuda.so.1. */
static void
evidence_libcuda1(struct cds_rule_ctx *c, struct cds_finding *f)
{
	struct cds_ld_found *fd = cds_loader_find(c->h, "libcuda.so.1", NULL,
	    0);

	cds_clearerr(c->h);
	if (fd != NULL && fd->path != NULL) {
		cds_finding_evidence(f, "libcuda.so.1", "%s", fd->path);
	} else {
		cds_finding_evidence(f, "libcuda.so.1", "not found either");
	}
	cds_ld_found_free(fd);
}

/* The newest CUDA release of the index the driver here runs: within the
 * CUDA version the driver reports when it is known (what nvidia-smi
 * says), else by the index's minimum driver (minor-version
 * compatibility); with no driver found, the newest known.  NULL. */
static const char *
newest_runnable(const struct cds_rule_ctx *c)
{
	const char *drv = c->s != NULL ? c->s->driver.version : NULL;
	const char *runs = NULL;
	char cap[32] = "";
	size_t r;
	int pass;

	if (c->s != NULL && c->s->driver.cuda_version > 0) {
		snprintf(cap, sizeof(cap), "%d.%d.99999",
		    c->s->driver.cuda_version / 1000,
		    c->s->driver.cuda_version % 1000 / 10);
	}
	for (pass = cap[0] != '\0' ? 0 : 1; pass < 2 && runs == NULL;
	    pass++) {
		for (r = 0; r < cds_manifest_nreleases(c->m); r++) {
			const struct cds_release *rel =
			    cds_manifest_release(c->m, r);

			if (rel->kind == CDS_KIND_CUDA && (drv == NULL ||
			    rel->min_driver == NULL ||
			    cds_vercmp(drv, rel->min_driver) >= 0) &&
			    (pass == 1 || cds_vercmp(rel->version, cap) <= 0) &&
			    (runs == NULL ||
			    cds_vercmp(rel->version, runs) > 0)) {
				runs = rel->version;
			}
		}
	}
	return runs;
}

/* The fix that works on this driver: the program's build for the CUDA
 * major of the newest release the driver runs. */
static void
fix_newer_build(const struct cds_rule_ctx *c, struct cds_finding *f)
{
	const char *runs = newest_runnable(c);
	const char *drv = c->s != NULL ? c->s->driver.version : NULL;

	if (runs != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "install the "
		    "program's build for CUDA %d (CUDA %s is the newest %s); "
		    "`cudnn-setup plan --for PACKAGE==VERSION` shows what it "
		    "needs", atoi(runs), runs, drv != NULL ? "this driver "
		    "runs" : "known; no driver was found to check");
	}
}

/*
 * SONAME belongs to a CUDA release the index holds no archives of (8.0
 * to 11.7): say which, where it can still be had, and the fixes that
 * work: the program's build for a CUDA this driver runs (the newest
 * release of the index it runs, named), or that old release in a conda
 * env.  0 when SONAME is no such release's.
 */
static int
legacy_fixes(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *soname)
{
	const struct cds_legacy_cuda *lg =
	    cds_manifest_legacy_soname(c->m, soname);

	if (lg == NULL) {
		return 0;
	}
	cds_finding_evidence(f, "shipped by", "CUDA %s, which this "
	    "program's index holds no archives of", lg->cuda);
	cds_finding_evidence(f, "where to get it", "%s", lg->where);
	fix_newer_build(c, f);
	if (lg->conda != NULL) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or keep the old "
		    "build and run it in a conda env holding CUDA %s: %s",
		    lg->cuda, lg->conda);
	}
	if (lg->source != NULL) {
		cds_finding_evidence(f, "sources", "%s", lg->source);
	}
	return 1;
}

/* Does the index hold a cuDNN release of MAJOR? */
static int
index_has_cudnn(const struct cds_manifest *m, int major)
{
	size_t r;

	for (r = 0; m != NULL && r < cds_manifest_nreleases(m); r++) {
		const struct cds_release *rel = cds_manifest_release(m, r);

		if (rel->kind == CDS_KIND_CUDNN && atoi(rel->version) ==
		    major) {
			return 1;
		}
	}
	return 0;
}

/*
 * SONAME is a cuDNN major's (libcudnn.so.7, libcudnn_ops_infer.so.8): the
 * CUDA releases it went with, as evidence.  When the index holds no
 * release of that major (cuDNN 5 to 7), the fixes that work on this
 * driver instead of an install this program cannot do; returns 1 then.
 */
static int
legacy_cudnn(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *soname, int major)
{
	const struct cds_legacy_cudnn *lg =
	    cds_manifest_legacy_cudnn(c->m, soname);
	struct cds_buf b = {0};
	size_t i;

	if (lg == NULL) {
		return 0;
	}
	for (i = 0; lg->cuda[i] != NULL; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? ", " : "", lg->cuda[i]);
	}
	cds_finding_evidence(f, "cuDNN major", "cuDNN %s, which went with "
	    "CUDA %s", lg->cudnn, b.s);
	cds_buf_free(&b);
	if (lg->source != NULL) {
		cds_finding_evidence(f, "sources", "%s", lg->source);
	}
	if (index_has_cudnn(c->m, major)) {
		return 0;
	}
	cds_finding_evidence(f, "where to get it", "not in this program's "
	    "index (no cuDNN %d release); NVIDIA's cuDNN archives "
	    "(https://docs.nvidia.com/deeplearning/cudnn/archives/"
	    "index.html)", major);
	fix_newer_build(c, f);
	return 1;
}

/* Is one of NAMES found by the loader here?  Then a note that says so:
 * the failing program ran elsewhere, or with another environment. */
static int
found_here(struct cds_rule_ctx *c, char **names)
{
	struct cds_finding *f;
	size_t i;

	for (i = 0; names[i] != NULL; i++) {
		struct cds_ld_found *fd = cds_loader_find(c->h, names[i], NULL,
		    0);

		cds_clearerr(c->h);
		if (fd != NULL && fd->path != NULL) {
			f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_NOTE,
			    "here the loader finds %s: %s", names[i],
			    fd->path);
			cds_finding_evidence(f, "state", "found here");
			cds_finding_evidence(f, "found through", "%s",
			    fd->how != NULL ? fd->how :
			    cds_ld_via_name(fd->via));
			cds_finding_evidence(f, "so", "the failing program "
			    "ran with another environment (LD_LIBRARY_PATH, "
			    "a conda env not activated) or on another "
			    "machine");
			cds_ld_found_free(fd);
			return 1;
		}
		cds_ld_found_free(fd);
	}
	return 0;
}

/* Is one of NAMES installed where the loader does not look?  Then an
 * error naming where, and the activation fix of the env that holds it. */
static int
installed_elsewhere(struct cds_rule_ctx *c, char **names)
{
	const char *origin = NULL;
	char *where = NULL;
	struct cds_finding *f;
	size_t i;

	for (i = 0; names[i] != NULL && where == NULL; i++) {
		where = installed_where(c, names[i], &origin);
	}
	if (where != NULL) {
		const struct cds_env *owner = NULL;
		const char *dirs[2];
		char *dir = cds_dirname(where);
		size_t k;

		for (k = 0; k < c->s->nenvs; k++) {
			size_t n = strlen(c->s->envs[k].prefix);

			if (strncmp(where, c->s->envs[k].prefix, n) == 0 &&
			    where[n] == '/') {
				owner = &c->s->envs[k];
			}
		}
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is "
		    "installed in %s, which the loader does not search",
		    cds_basename(where), dir);
		cds_finding_evidence(f, "state", "installed elsewhere");
		cds_finding_evidence(f, "installed in", "%s", where);
		cds_finding_evidence(f, "origin", "%s", origin);
		dirs[0] = dir;
		dirs[1] = NULL;
		cds_fix_activate(c, f, owner, dirs, NULL);
		free(dir);
		free(where);
		return 1;
	}
	return 0;
}

/* The last CUDA release of the manifest whose libraries carry soname NAME,
 * as evidence on F with its install fix. */
static void
evidence_cuda_shipper(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *name)
{
	const char *best = NULL;
	size_t r;

	for (r = 0; c->m != NULL && r < cds_manifest_nreleases(c->m); r++) {
		const struct cds_release *rel = cds_manifest_release(c->m, r);
		const char *used;
		char **sonames;
		size_t k;

		if (rel->kind != CDS_KIND_CUDA) {
			continue;
		}
		sonames = cds_cuda_sonames(c, rel->version, &used);
		for (k = 0; sonames[k] != NULL; k++) {
			if (strcmp(sonames[k], name) == 0) {
				best = rel->version;
			}
		}
		cds_strfreev(sonames);
	}
	if (best != NULL) {
		cds_finding_evidence(f, "shipped by", "CUDA %s", best);
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, best,
		    "cudnn-setup install --cuda %s", best);
	} else if (!legacy_fixes(c, f, name)) {
		cds_finding_evidence(f, "shipped by", "no CUDA release "
		    "this program knows");
	}
}

/* None of NAMES (at least one) is installed here: an error, and for cuDNN
 * the copies here and what the programs here need, for a CUDA library
 * the release that ships it.  ID: the message's failure id, or NULL. */
/* What the soname table (manifests/data/sonames.tsv) knows of NAME: its
 * component, the releases that ship it, the packages that carry it. */
static void
evidence_soname(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *name)
{
	const struct cds_soname *r;

	if (c->m == NULL || (r = cds_manifest_soname(c->m, name)) == NULL) {
		return;
	}
	cds_finding_evidence(f, "component", "%s (%s)", r->component,
	    r->kind);
	cds_finding_evidence(f, "shipped in", "%s", r->releases);
	if (strcmp(r->kind, "driver") == 0) {
		cds_finding_evidence(f, "provided by", "the NVIDIA driver's "
		    "user-space libraries, of the kernel module's version "
		    "(never CUDA, a wheel, or a container image)");
	}
	if (r->debian != NULL) {
		cds_finding_evidence(f, "Debian packages", "%s", r->debian);
	}
	if (r->conda != NULL) {
		cds_finding_evidence(f, "conda-forge packages", "%s",
		    r->conda);
	}
	if (r->pip != NULL) {
		cds_finding_evidence(f, "pip packages", "%s", r->pip);
	}
}

/* The release of CUDA LINE ("12.4") that ships NAME, part of which is
 * installed here: never another, whose libraries would not match it. */
static void
part_shipper(struct cds_rule_ctx *c, struct cds_finding *f, const char *name,
    const char *line)
{
	const char *rel = cds_cuda_release_in(c, name, line);

	if (rel != NULL) {
		cds_finding_evidence(f, "shipped by", "CUDA %s, of the release "
		    "installed here", rel);
		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, rel,
		    "cudnn-setup install --cuda %s", rel);
	} else {
		cds_finding_evidence(f, "shipped by", "no release of CUDA %s "
		    "this program knows; another would not match the "
		    "libraries of %s here", line, line);
	}
}

static void
not_installed(struct cds_rule_ctx *c, const char *id, char **names)
{
	struct cds_finding *f;
	char *v, *part = NULL;
	size_t i;

	if (names[1] != NULL) {
		char *all = cds_xstrdup(names[0]);

		for (i = 1; names[i] != NULL; i++) {
			v = cds_xasprintf("%s, %s", all, names[i]);
			free(all);
			all = v;
		}
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "none of %s "
		    "is installed here", all);
		free(all);
	} else if ((part = cds_cuda_part(c, names[0])) != NULL) {
		v = cds_cuda_lib_label(names[0]);
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "part of "
		    "CUDA %s is installed, %s is missing (%s)", part, v,
		    names[0]);
		free(v);
	} else {
		f = cds_finding_add(c, MSG_LIBRARY, CDS_SEV_ERROR, "%s is not "
		    "installed here", names[0]);
	}
	cds_finding_evidence(f, "state", part != NULL ? "part of its release "
	    "installed" : "not installed");
	cds_finding_evidence(f, "searched", "the loader's path, every cuDNN "
	    "copy, every toolkit, every conda env and pip's nvidia wheels");
	if (cds_startswith(names[0], "libcudnn")) {
		int major;

		v = cds_soname_version(names[0]);
		major = v != NULL ? atoi(v) : 0;
		free(v);
		if (major == 0 && id != NULL && strcmp(id, "F7") == 0) {
			/* "libcudnn_ops.so": CTranslate2 4.5+ wants 9 */
			major = 9;
		}
		evidence_cudnns(c, f);
		if (major > 0 && legacy_cudnn(c, f, names[0], major)) {
			/* no release of that major to install */
		} else if (major > 0 && !evidence_cudnn_needs(c, f, major)) {
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, NULL,
			    "cudnn-setup install --cudnn %d", major);
		}
	} else if (strcmp(names[0], "libcuda.so") == 0) {
		evidence_libcuda1(c, f);
	} else if (!cds_startswith(names[0], "libcuda.so")) {
		struct cds_aptfix *a = cds_aptfix_for(c, names[0], NULL);

		if (a != NULL) {
			cds_aptfix_report(c, f, a);
		} else if (part != NULL) {
			part_shipper(c, f, names[0], part);
		} else if (c->m == NULL ||
		    cds_manifest_soname(c->m, names[0]) == NULL ||
		    strcmp(cds_manifest_soname(c->m, names[0])->kind,
		    "cuda") == 0) {
			/* a TensorRT or NCCL soname is shipped by no CUDA
			 * release: its component says who ships it */
			evidence_cuda_shipper(c, f, names[0]);
		}
		cds_aptfix_free(a);
	}
	evidence_soname(c, f, names[0]);
	free(part);
}


/* The development link of the NVIDIA library whose C API function SYM
 * is, by the API's prefix (NULL: none of theirs). */
static const char *
symbol_library(const char *sym)
{
	static const struct {
		const char *prefix, *lib;
	} apis[] = {
		{ "cudnn", "libcudnn.so" }, { "cublasLt", "libcublasLt.so" },
		{ "cublas", "libcublas.so" }, { "cusparse", "libcusparse.so" },
		{ "cusolver", "libcusolver.so" }, { "cufft", "libcufft.so" },
		{ "curand", "libcurand.so" }, { "nvrtc", "libnvrtc.so" },
		{ "nvJitLink", "libnvJitLink.so" }, { "nccl", "libnccl.so" },
		{ "nvml", "libnvidia-ml.so" }, { "cuda", "libcudart.so" },
	};
	size_t i;

	for (i = 0; i < sizeof(apis) / sizeof(apis[0]); i++) {
		if (strncmp(sym, apis[i].prefix, strlen(apis[i].prefix)) == 0) {
			return apis[i].lib;
		}
	}
	return NULL;
}
/*
 * The library the message could not open, MISSING (or each of LIST, for
 * "Unable to load any of {A, B...}"): is it found here, installed
 * elsewhere, or nowhere?  Evidence "state" says which; "origin" where it
 * is; for cuDNN the copies here and what the programs here need.
 */
static void
check_missing(struct cds_rule_ctx *c, const char *id, const char *missing,
    const char *list)
{
	char **names;

	names = cds_strsplit(list != NULL ? list : missing, list != NULL ?
	    ", \t" : "", 0);
	if (!found_here(c, names) && !installed_elsewhere(c, names) &&
	    names[0] != NULL) {
		not_installed(c, id, names);
	}
	cds_strfreev(names);
}

/* The library the message names as failing: load it here, by path, and
 * see whether it fails the same way: statically (the loader emulation),
 * and on this system also for real, in a child process that dlopens it
 * (what is loaded, not only what is installed). */
static void
check_file(struct cds_rule_ctx *c, const struct cds_explanation *x,
    const char *path)
{
	const char *sym = capture(x, "symbol");
	struct cds_ld_resolution *r;
	struct cds_dlprobe *dp = NULL;
	struct cds_finding *f = NULL;
	char *host;
	size_t k;
	int ok;

	if (path[0] != '/' || strstr(path, "...") != NULL) {
		return;
	}
	host = cds_rpath(c->h, path);
	ok = cds_is_file(host);
	free(host);
	if (!ok) {
		return;	/* from another machine, or since removed */
	}
	r = cds_loader_resolve(c->h, path, 0);
	cds_clearerr(c->h);
	if (*cds_root(c->h) == '\0') {
		char *libs[2];

		libs[0] = (char *)path;
		libs[1] = NULL;
		dp = cds_dlprobe_run(c->h, libs, 0);
		cds_clearerr(c->h);
	}
	for (k = 0; r != NULL && k < r->nproblems && f == NULL; k++) {
		const struct cds_ld_problem *p = &r->problems[k];

		f = cds_finding_add(c, MSG_FILE, CDS_SEV_ERROR, "loading %s "
		    "here fails%s", path, sym != NULL && strstr(p->message,
		    sym) != NULL ? " the same way" : "");
		cds_finding_evidence(f, "loader says", "%s", p->message);
		if (p->provider != CDS_LD_NONE &&
		    r->objects[p->provider].found.path != NULL) {
			const struct cds_ld_found *fd =
			    &r->objects[p->provider].found;

			cds_finding_evidence(f, "bound to", "%s", fd->path);
			if (fd->how != NULL) {
				cds_finding_evidence(f, "found through", "%s",
				    fd->how);
			}
		}
	}
	if (dp != NULL && dp->nlibs > 0) {
		const struct cds_dlprobe_lib *l = &dp->libs[0];

		if (f == NULL && !l->ok) {
			f = cds_finding_add(c, MSG_FILE, CDS_SEV_ERROR,
			    "loading %s here fails", path);
		}
		if (f != NULL) {
			cds_finding_evidence(f, "dlopen here says", "%s",
			    l->ok ? "it loads" : l->error != NULL ? l->error :
			    "(no message)");
			for (k = 0; l->mapped[k] != NULL; k++) {
				if (strstr(l->mapped[k], "libcudnn") != NULL) {
					cds_finding_evidence(f, "mapped",
					    "%s", l->mapped[k]);
				}
			}
		}
	}
	if (f == NULL) {
		f = cds_finding_add(c, MSG_FILE, CDS_SEV_NOTE, "%s loads "
		    "cleanly here", path);
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment or on another machine");
	}
	cds_dlprobe_free(dp);
	cds_ld_resolution_free(r);
}

/* Is DIR on LD_LIBRARY_PATH in the loader's order here? */
static int
on_ld_library_path(const struct cds_rule_ctx *c, const char *dir)
{
	size_t i;

	for (i = 0; i < c->s->nsearchdirs; i++) {
		const struct cds_searchdir *d = &c->s->searchdirs[i];

		if (d->via != NULL && strcmp(d->via, "LD_LIBRARY_PATH") == 0 &&
		    cds_same_dir(c->h, d->dir, dir)) {
			return 1;
		}
	}
	return 0;
}

/* The cuDNN of the version the message says was loaded: where is it, and
 * does LD_LIBRARY_PATH put it first? */
static void
check_runtime(struct cds_rule_ctx *c, const char *version)
{
	struct cds_finding *f = NULL;
	const struct cds_cudnn *first = NULL;
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		if (d->version != NULL && (cds_ver_has_prefix(d->version,
		    version) || cds_ver_has_prefix(version, d->version)) &&
		    on_ld_library_path(c, d->dir)) {
			first = d;
			break;
		}
	}
	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		if (d->version == NULL || (!cds_ver_has_prefix(d->version,
		    version) && !cds_ver_has_prefix(version, d->version))) {
			continue;
		}
		if (f == NULL && first != NULL) {
			f = cds_finding_add(c, MSG_CUDNN, CDS_SEV_WARNING,
			    "cuDNN %s, the version the message says was "
			    "loaded, is on LD_LIBRARY_PATH here: %s", version,
			    first->dir);
			cds_finding_evidence(f, "on LD_LIBRARY_PATH", "%s",
			    first->dir);
		} else if (f == NULL) {
			f = cds_finding_add(c, MSG_CUDNN, CDS_SEV_NOTE, "cuDNN "
			    "%s is installed here in %s", version, d->dir);
		}
		cds_finding_evidence(f, "copy", "%s (cuDNN %s, %s)", d->dir,
		    d->version, origin_word(d->origin));
	}
}

/* ------------------------------------------------------------------------ */
/* Checks the causes ask for: the driver, the framework's build              */
/* ------------------------------------------------------------------------ */

/* The driver as a CUDA program meets it: kernel module, libcuda.so.1 and
 * their versions, NVIDIA devices, a container.  An error when libraries
 * without a module, or libraries and module of different versions. */
static void
check_driver(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	const char *lib = d->stub_path == NULL || !cds_streq(d->stub_path,
	    d->libcuda_path) ? d->libcuda_path : NULL;
	const struct cds_container *ct = &c->s->container;
	int container = cds_in_container(ct), mismatch;
	struct cds_finding *f;

	mismatch = d->module_version != NULL && d->libcuda_version != NULL &&
	    strcmp(d->module_version, d->libcuda_version) != 0;
	if (d->module_version == NULL && lib != NULL) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR, "the NVIDIA "
		    "driver's libraries are installed (%s) but no NVIDIA "
		    "kernel module is loaded: CUDA cannot run", lib);
	} else if (d->module_version == NULL && container) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR, "no NVIDIA "
		    "kernel module is visible in this container");
	} else if (mismatch) {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_ERROR,
		    "libcuda.so.1 is version %s, the kernel module %s",
		    d->libcuda_version, d->module_version);
	} else {
		f = cds_finding_add(c, MSG_DRIVER, CDS_SEV_NOTE,
		    "kernel module %s, libcuda.so.1 %s",
		    d->module_version != NULL ? d->module_version : "none",
		    lib != NULL ? lib : "not found");
	}
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "kernel module", "%s",
		    d->module_version);
	} else {
		cds_finding_evidence(f, "kernel module", "none loaded "
		    "(/proc/driver/nvidia/version is absent)");
	}
	if (lib != NULL) {
		cds_finding_evidence(f, "libcuda.so.1", "%s%s%s%s", lib,
		    d->libcuda_version != NULL ? " (version " : "",
		    d->libcuda_version != NULL ? d->libcuda_version : "",
		    d->libcuda_version != NULL ? ")" : "");
	} else {
		cds_finding_evidence(f, "libcuda.so.1", "%s", d->stub_path !=
		    NULL ? "only a stub" : "not found by the loader");
	}
	cds_finding_evidence(f, "NVIDIA PCI devices", "%d", c->s->nvidia_pci);
	if (mismatch) {
		cds_finding_evidence(f, "mismatch", "libcuda.so.1 %s, kernel "
		    "module %s", d->libcuda_version, d->module_version);
	}
	if (container) {
		cds_finding_evidence(f, "container", "%s (%s)", ct->runtime,
		    ct->nevidence > 0 ? ct->evidence[0].value : "");
	}
}

/* F27: the torch builds here; a CPU-only one is the cause, with how that
 * is known and whether conda saw a driver. */
static void
build_cpu(struct cds_rule_ctx *c)
{
	const struct cds_driver *d = &c->s->driver;
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, torches = 0;

	for (i = 0; i < n; i++) {
		const struct cds_package *p = pk[i].p;
		const char *how = cpu_only(p);
		struct cds_finding *f;
		char *who;

		if (p->kind != CDS_FW_TORCH) {
			continue;
		}
		torches++;
		who = pkg_name(&pk[i]);
		if (how == NULL) {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE,
			    "%s is %s%s", who, pkg_cuda(p) != NULL ?
			    "built for CUDA " : "a build whose CUDA version "
			    "is not known here", pkg_cuda(p) != NULL ?
			    pkg_cuda(p) : "");
			cds_finding_evidence(f, "build", "%s%s", pkg_cuda(p) !=
			    NULL ? "CUDA " : "unknown", pkg_cuda(p) != NULL ?
			    pkg_cuda(p) : "");
			free(who);
			continue;
		}
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is a "
		    "CPU-only build", who);
		cds_finding_evidence(f, "build", "CPU-only: %s", how);
		cds_finding_evidence(f, "installed by", "%s", p->from_conda ?
		    "conda" : p->location != NULL && cds_startswith(p->location,
		    "/usr/lib/python3/dist-packages") ? "the distribution" :
		    "pip");
		cds_finding_evidence(f, "driver", "%s", d->module_version !=
		    NULL ? "kernel module loaded" : d->libcuda_path != NULL ?
		    "libcuda.so.1 without a kernel module" : "none seen (no "
		    "kernel module, no libcuda.so.1)");
		free(who);
	}
	if (torches == 0) {
		cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE, "no PyTorch is "
		    "installed here");
	}
	free(pk);
}

/* F14: the onnxruntime package is the CPU one when an env has it and not
 * onnxruntime-gpu (pip's names; conda's builds are told by their own). */
static void
build_ort(struct cds_rule_ctx *c)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i, k;

	for (i = 0; i < n; i++) {
		struct cds_finding *f;
		char *who;
		int gpu = 0;

		if (strcmp(pk[i].p->name, "onnxruntime") != 0 ||
		    pk[i].p->from_conda) {
			continue;
		}
		for (k = 0; k < n; k++) {
			if (pk[k].env == pk[i].env &&
			    strcmp(pk[k].p->name, "onnxruntime-gpu") == 0) {
				gpu = 1;
			}
		}
		if (gpu) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is the "
		    "CPU package: the CUDA provider is in onnxruntime-gpu",
		    who);
		cds_finding_evidence(f, "build", "CPU-only: the onnxruntime "
		    "package, not onnxruntime-gpu");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "pip uninstall "
		    "onnxruntime && pip install onnxruntime-gpu");
		free(who);
	}
	free(pk);
}

/* F16 with PyTorch's "(found version 11040)": which frameworks here need
 * a newer CUDA than the driver that printed it runs. */
static void
build_driver(struct cds_rule_ctx *c, const char *runs)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;

	for (i = 0; i < n; i++) {
		const char *cuda = pkg_cuda(pk[i].p);
		struct cds_finding *f;
		char *who;

		if (pk[i].p->kind == CDS_FW_OTHER || cuda == NULL ||
		    cds_vercmp(cuda, runs) <= 0) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR, "%s is built "
		    "for CUDA %s; the driver the message names runs CUDA %s "
		    "at most", who, cuda, runs);
		cds_finding_evidence(f, "built for", "CUDA %s", cuda);
		cds_finding_evidence(f, "driver runs", "CUDA %s (as the "
		    "message says)", runs);
		free(who);
	}
	free(pk);
}

/* TORCH-ABI: which PyTorch is installed here, for the reader. */
static void
build_torch(struct cds_rule_ctx *c)
{
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;

	for (i = 0; i < n; i++) {
		struct cds_finding *f;
		char *who;

		if (pk[i].p->kind != CDS_FW_TORCH) {
			continue;
		}
		who = pkg_name(&pk[i]);
		f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE, "%s is the "
		    "PyTorch installed there", who);
		cds_finding_evidence(f, "package", "%s", who);
		free(who);
	}
	free(pk);
}

/* BNB-BINARY: the native libraries each bitsandbytes here ships, and
 * whether the one the message looked for (WANTED) is among them. */
static void
build_bnb(struct cds_rule_ctx *c, const char *wanted)
{
	struct cds_strv sites = {0};
	struct pkgref *pk;
	size_t n = all_packages(c->s, &pk), i;
	char **site;

	for (i = 0; i < c->s->nenvs; i++) {
		if (c->s->envs[i].site_packages != NULL &&
		    !cds_strv_contains(&sites, c->s->envs[i].site_packages)) {
			cds_strv_push(&sites, c->s->envs[i].site_packages);
		}
	}
	for (i = 0; i < n; i++) {
		if (pk[i].env == NULL && pk[i].p->location != NULL &&
		    !pk[i].p->from_conda &&
		    !cds_strv_contains(&sites, pk[i].p->location)) {
			cds_strv_push(&sites, pk[i].p->location);
		}
	}
	free(pk);
	for (site = sites.v; site != NULL && *site != NULL; site++) {
		char *dir = cds_path_join(*site, "bitsandbytes");
		char *pat = cds_path_join(dir, "libbitsandbytes_cuda*.so");
		char **libs = cds_root_glob(c->h, pat), **l;
		struct cds_buf has = {0};
		struct cds_finding *f;
		int found = 0;

		free(pat);
		if (!cds_root_isdir(c->h, dir)) {
			cds_strfreev(libs);
			free(dir);
			continue;
		}
		for (l = libs; *l != NULL; l++) {
			cds_buf_addf(&has, "%s%s", has.len > 0 ? ", " : "",
			    cds_basename(*l));
			found |= wanted != NULL &&
			    strcmp(cds_basename(*l), wanted) == 0;
		}
		if (wanted != NULL && !found) {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_ERROR,
			    "bitsandbytes in %s has no %s", *site, wanted);
			cds_finding_evidence(f, "lacks", "%s", wanted);
		} else {
			f = cds_finding_add(c, MSG_BUILD, CDS_SEV_NOTE,
			    "bitsandbytes in %s", *site);
		}
		cds_finding_evidence(f, "has", "%s", has.len > 0 ? has.s :
		    "no libbitsandbytes_cuda*.so");
		cds_buf_free(&has);
		cds_strfreev(libs);
		free(dir);
	}
	cds_strv_clear(&sites);
}

/* Does entry E name finding ID among its causes? */
static int
wants(const struct entry_def *e, const char *id)
{
	size_t k, j;

	for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
		for (j = 0; j < MAXSHOWS && e->causes[k].shows[j].id != NULL;
		    j++) {
			if (strcmp(e->causes[k].shows[j].id, id) == 0) {
				return 1;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* The verdict                                                               */
/* ------------------------------------------------------------------------ */

/* Findings that bear on entry E: its own id, the ids its causes name,
 * and explain's own checks. */
static int
relevant(const struct entry_def *e, const char *id)
{
	return strcmp(e->id, id) == 0 || wants(e, id) ||
	    cds_startswith(id, "MSG-");
}

static int
mentions_capture(const struct cds_explanation *x, const struct cds_finding *f)
{
	static const char *const keys[] = { "file", "missing", "library",
		"provider", "symbol", "runtime", "wanted", NULL };
	const char *const *k;
	size_t i;

	for (k = keys; *k != NULL; k++) {
		const char *v = capture(x, *k);
		const char *b;

		if (v == NULL) {
			continue;
		}
		b = strrchr(v, '/') != NULL ? strrchr(v, '/') + 1 : v;
		if (strlen(b) < 4) {
			continue;
		}
		if (strstr(f->title, b) != NULL) {
			return 1;
		}
		for (i = 0; i < f->nevidence; i++) {
			if (strstr(f->evidence[i].value, b) != NULL) {
				return 1;
			}
		}
	}
	return 0;
}

/* Does condition CO hold on F's evidence? */
static int
cond_holds(const struct cond *co, const struct cds_finding *f)
{
	size_t i;
	int seen = 0;

	for (i = 0; i < f->nevidence && !seen; i++) {
		const char *v = f->evidence[i].value;

		if (strcmp(f->evidence[i].key, co->key) != 0) {
			continue;
		}
		seen = co->text == NULL || (co->text[0] == '=' ?
		    strcmp(v, co->text + 1) == 0 : strstr(v, co->text) != NULL);
	}
	return co->absent ? !seen : seen;
}

/* Does F show the cause through row S?  A note shows no cause, except
 * F30's (the three numbers are a note by nature). */
static int
shows_cause(const struct shows *s, const struct cds_finding *f)
{
	size_t k;

	if (strcmp(s->id, f->id) != 0 || (f->severity == CDS_SEV_NOTE &&
	    strcmp(f->id, "F30") != 0)) {
		return 0;
	}
	for (k = 0; k < MAXCONDS && s->conds[k].key != NULL; k++) {
		if (!cond_holds(&s->conds[k], f)) {
			return 0;
		}
	}
	return 1;
}

/* A package manager's message: the command of cds_pkg_msg_fix(). */
static int
pkg_msg(struct cds_rule_ctx *c, const struct cds_explanation *x)
{
	struct cds_pkg_msg msg;

	msg.wheel = capture(x, "wheel");
	msg.pin = capture(x, "pin");
	msg.cuda_major = capture(x, "cuda_major");
	msg.pkg1 = capture(x, "pkg1");
	msg.ver1 = capture(x, "ver1");
	msg.pkg2 = capture(x, "pkg2");
	msg.ver2 = capture(x, "ver2");
	return cds_pkg_msg_fix(c, x->id, &msg);
}

int
cds_explain_check(cds_handle_t *h, struct cds_explanation *x,
    const struct cds_scan *s)
{
	const struct entry_def *e = entry_of(x->id);
	struct cds_findings *all;
	struct cds_rule_ctx c;
	const char *v;
	size_t i, j, k, n = 0;
	int pass;

	/* the rules and the checks below only read: one resolution each, in
	 * the scan's pass */
	cds_scan_pass_resume(h, s);
	all = cds_findings_run(h, s);
	c.h = h;
	c.s = s;
	c.m = h->manifest;
	c.out = all;
	/* what the message names, checked here */
	if ((v = capture(x, "missing")) != NULL) {
		check_missing(&c, x->id, v, capture(x, "candidates"));
	}
	if ((v = capture(x, "file")) != NULL) {
		check_file(&c, x, v);
	}
	if ((v = capture(x, "runtime")) != NULL) {
		check_runtime(&c, v);
	}
	if ((v = capture(x, "sm")) != NULL) {
		cds_check_arch(&c, atoi(v));
	}
	/* what the causes ask about */
	if (wants(e, MSG_DRIVER)) {
		check_driver(&c);
	}
	if (strcmp(e->id, "F27") == 0) {
		build_cpu(&c);
	} else if (strcmp(e->id, "F14") == 0) {
		build_ort(&c);
	} else if (strcmp(e->id, "F16") == 0 &&
	    (v = capture(x, "driver_cuda")) != NULL) {
		build_driver(&c, v);
	} else if (strcmp(e->id, "TORCH-ABI") == 0) {
		build_torch(&c);
	} else if (strcmp(e->id, "LINK-LIBCUDA") == 0) {
		/* -lcuda is the development link */
		check_missing(&c, x->id, "libcuda.so", NULL);
	} else if (strcmp(e->id, "LINK-NVLIB") == 0 &&
	    (v = capture(x, "symbol")) != NULL &&
	    (v = symbol_library(v)) != NULL) {
		check_missing(&c, x->id, v, NULL);
	} else if (strcmp(e->id, "BNB-BINARY") == 0) {
		build_bnb(&c, capture(x, "wanted"));
	} else if (pkg_msg(&c, x)) {
		/* a package manager's message: its own command */
	} else if (strcmp(e->id, "F2") == 0 && capture(x, "missing") == NULL &&
	    capture(x, "file") == NULL && (v = capture(x, "library")) !=
	    NULL) {
		/* the bare "Could not load library X": is X where the loader
		 * looks? */
		check_missing(&c, x->id, v, NULL);
	}
	cds_root_cache_end(h);
	cds_clearerr(h);
	/* keep what bears on the entry: capture-naming ones first */
	x->findings = cds_xcalloc(1, sizeof(*x->findings));
	x->findings->items = cds_xcalloc(all->n + 1,
	    sizeof(*x->findings->items));
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < all->n; i++) {
			struct cds_finding *f = &all->items[i];

			if (f->id == NULL || !relevant(e, f->id) ||
			    mentions_capture(x, f) != (pass == 0)) {
				continue;
			}
			x->findings->items[n++] = *f;
			memset(f, 0, sizeof(*f));
		}
	}
	x->findings->n = n;
	for (i = 0; i < all->n; i++) {
		if (all->items[i].id != NULL) {
			x->others++;
		}
	}
	/* the rest is freed; moved items were zeroed */
	cds_findings_free(all);
	/* each cause: the first finding whose evidence shows it */
	for (k = 0; k < x->ncauses; k++) {
		const struct cause_def *cd = &e->causes[k];

		for (i = 0; i < n && x->causes[k].finding < 0; i++) {
			for (j = 0; j < MAXSHOWS && cd->shows[j].id != NULL;
			    j++) {
				if (shows_cause(&cd->shows[j],
				    &x->findings->items[i])) {
					x->causes[k].finding = (int)i;
					break;
				}
			}
		}
	}
	/* the verdict: the first cause (in the catalogue's order) shown by a
	 * finding that names what the message names, else the first shown;
	 * none shown: not determined here */
	for (k = 0; k < x->ncauses && x->verdict < 0; k++) {
		int fi = x->causes[k].finding;

		if (fi >= 0 && mentions_capture(x, &x->findings->items[fi])) {
			x->verdict = (int)k;
		}
	}
	for (k = 0; k < x->ncauses && x->verdict < 0; k++) {
		if (x->causes[k].finding >= 0) {
			x->verdict = (int)k;
		}
	}
	x->checked = 1;
	return 0;
}

void
cds_explanation_free(struct cds_explanation *x)
{
	size_t i;

	if (x == NULL) {
		return;
	}
	for (i = 0; i < x->nmatches; i++) {
		match_free(&x->matches[i]);
	}
	free(x->matches);
	for (i = 0; i < x->ncauses; i++) {
		free(x->causes[i].ids);
	}
	free(x->causes);
	cds_findings_free(x->findings);
	free(x->said);
	free(x);
}
