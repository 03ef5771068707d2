#!/bin/sh
# `cudnn-setup explain`: every message of doc/failure-modes.md pasted
# whole is recognised as its entry (with the names it carries captured);
# the issue's seven messages each find their cause in a fake root built to
# have it (tiny real cuDNN sets, conda-shaped envs); unknown text says so
# and exits 1; the text comes from stdin too; --json.  Also the text output
# of doctor and explain: 80 columns, colour only on a terminal and never
# with NO_COLOR.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 1145

E0=$(mk_sysroot); cleanup_later "$E0"
# recog MESSAGE ID NAME: explain --json on an empty root names entry ID
recog() {
	cds --root "$E0" explain --json "$1"
	is "$(jget "$OUT" 'd["id"]')" "$2" "recognised as $2: $3"
}
cap() {	# cap KEY: a capture of the best match of the last run
	jget "$OUT" 'd["matches"][0]["captures"].get("'"$1"'")'
}

# ---- every catalogue message ---------------------------------------------
M1='symbol lookup error: …/site-packages/torch/lib/../../nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8'
recog "$M1" F1 "the F1 message"
is "$(cap symbol) $(cap provider)" "_ZN15TracebackLoggerC1EPKc libcudnn_ops_infer.so.8" "F1: symbol and version captured"
recog 'OSError: /opt/venv/lib/python3.9/site-packages/nvidia/cudnn/lib/libcudnn_adv_infer.so.8: undefined symbol: _Z20traceback_iretf_implPKcRKN5cudnn16InternalStatus_tEb, version libcudnn_ops_infer.so.8' F1 "F1 with another symbol and path"
# a program's own words for a library it could not load, by the library
recog '10:07:37 (ERROR) Unable to load libGLX_nvidia.so.0' DRIVER-LIB "a program that could not load the driver's GLX library"
is "$(cap missing)" "libGLX_nvidia.so.0" "its name captured"
recog 'RuntimeError: could not open libcublasLt.so.12.' F13 "a program that could not open cuBLASLt"
is "$(cap missing)" "libcublasLt.so.12" "its name, without the full stop"
recog 'Failed to load the shared library: libcudnn_ops.so.9' F6 "a program that could not load cuDNN"
recog 'Error: crun: executable file `nvidia-smi` not found in $PATH: No such file or directory: OCI runtime attempted to invoke a command that was not found' DRIVER-LIB "crun's words: the driver's nvidia-smi not in the container"
recog 'docker: Error response from daemon: AMD CDI spec not found' CTR-RUNTIME "docker's --gpus with no NVIDIA provider: AMD's CDI tried"
recog 'Default docker runtime is not nvidia!, please make sure the following line is
present in /etc/docker/daemon.json
"default-runtime": "nvidia",' CTR-RUNTIME "a project's check of docker's default runtime"
recog 'RuntimeError: Error in dlopen for library libnvrtc.so.12and libnvrtc-XXXXXXXX.so.12' F13 "PyTorch's DynamicLibrary and NVRTC"
is "$(cap missing)" "libnvrtc.so.12" "the first name it tried"
M2='Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcudnn_ops_train.so.8: symbol _Z22cudnnGenericOpTensorNd…, version libcudnn_ops_infer.so.8 not defined in file libcudnn_ops_infer.so.8 with link time reference'
recog "$M2" F2 "F2's message"
is "$(cap file)" "/usr/local/cuda-11.1/targets/x86_64-linux/lib/libcudnn_ops_train.so.8" "F2: the file captured"
recog 'Could not load library libcudnn_cnn_train.so.8' F2 "the bare 'Could not load library libcudnn_cnn_train.so.8'"
recog 'Could not load library libcudnn_cnn_train.so.8. Error: /home/ann/anaconda3/envs/paddle/bin/../lib/libcudnn_ops_train.so.8: undefined symbol: _ZN5cudnn3ops26JoinInternalPriorityStream…' F3 "F3's message (conda's bin/../lib)"
recog 'Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file: No such file or directory
Aborted (core dumped)' F4 "F4's message"
recog 'Could not load library libcudnn_ops_infer.so.8. Error: libcublas.so.11: cannot open shared object file' F5 "F5's message"
is "$(cap missing)" "libcublas.so.11" "F5: the missing soname captured"
recog 'Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file … Please make sure libcudnn_ops_infer.so.8 is in your library path!' F6 "F6's message"
recog 'Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}
Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor' F7 "F7's message"
recog 'RuntimeError: GET was unable to find an engine to execute this computation' F8 "F8's message"
recog 'UserWarning: Attempt to open cnn_infer failed: handle=0 error: /v/site-packages/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN11nvrtcHelper4loadEb, version libcudnn_ops_infer.so.8
RuntimeError: GET was unable to find an engine to execute this computation' F1 "F8 preceded by the cnn_infer warning is F1"
recog 'RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 3, 2) but found runtime version (8, 0, 3). PyTorch already comes bundled with cuDNN. One option to resolving this error is to ensure PyTorch can find the bundled cuDNN. Looks like your LD_LIBRARY_PATH contains incompatible version of cudnn' F9 "F9's message"
is "$(cap compiled) $(cap runtime)" "8.3.2 8.0.3" "F9: both versions captured"
recog 'E0000 cuda_dnn.cc:386] Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.6.0.  CuDNN library needs to have matching major version and equal or higher minor version.' F10 "F10's message"
is "$(cap runtime) $(cap compiled)" "8.5.0 8.6.0" "F10: versions captured"
recog 'CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against version 8906, which is newer. The copy of cuDNN that is installed must be at least as new as the version against which JAX was built.' F10 "F11's message (one id with F10)"
is "$(cap runtime) $(cap compiled)" "8.6.0 8.9.6" "F11: JAX's integers read as versions"
recog 'ImportError: …/torch/lib/../../nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12' F12 "F12's message"
recog 'ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory' F13 "F13's message"
recog 'Failed to load library libonnxruntime_providers_cuda.so with error: libcudnn.so.9: cannot open shared object file: No such file or directory
Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*' F14 "F14's message"
recog 'The detected CUDA version (12.1) mismatches the version that was used to compile PyTorch (11.8). Please make sure to use the same CUDA versions.' F15 "F15's message"
recog 'CUDA driver version is insufficient for CUDA runtime version' F16 "F16's message"
recog 'UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non supported HW' F17 "F17's message"
recog 'Unexpected error from cudaGetDeviceCount() … Error 802: system not yet initialized' F18 "F18's message"
recog 'Failed to initialize NVML: Driver/library version mismatch' F19 "F19's message"
recog "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running." F20 "F20's message"
recog 'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation. The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.
RuntimeError: CUDA error: no kernel image is available for execution on the device' F21 "F21's message"
is "$(cap sm)" 120 "F21: the GPU's architecture captured"
recog 'The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.' F21 "F21: the warning's second line alone"
is "$(cap supported)" "sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90" "F21: the build's list captured"
recog 'RuntimeError: cuDNN error: CUDNN_STATUS_MAPPING_ERROR' F22 "F22's message"
recog 'OSError: (External) CUDNN error(7), CUDNN_STATUS_MAPPING_ERROR.' F22 "F22, Paddle's words"
recog "#error -- unsupported GNU version! gcc versions later than 12 are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this version check" F23 "F23's message"
recog '/sbin/ldconfig.real: /usr/local/cuda/lib64/libcudnn.so.5 is not a symbolic link' F24 "F24's message"
recog 'W: GPG error: https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64  InRelease: The following signatures could not be verified because the public key is not available: NO_PUBKEY A4B469963BF863CC' F25 "F25's message"
recog 'E: Conflicting values set for option Signed-By regarding source https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/ /' F25 "F25's later variant"
recog 'E: Failed to fetch https://developer.download.nvidia.com/x.deb  Hash Sum mismatch' F26 "F26's message"
recog 'When creating an env with pytorch and torchvision from conda-forge, the CPU version is installed even if __cuda virtual package is defined' F27 "F27's report"
recog "AssertionError: Torch not compiled with CUDA enabled" F27 "F27 in torch's words"
recog "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory" F28 "F28's message"
recog 'W tensorflow/core/common_runtime/gpu/gpu_device.cc:1960] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU. Skipping registering GPU devices...' F29 "F29's message"
recog 'nvidia-smi shows CUDA 12.2 but nvcc shows 11.4' F30 "F30's question"
recog '| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |
nvcc: NVIDIA (R) Cuda compiler driver
Cuda compilation tools, release 11.4, V11.4.152' F30 "F30's question by both tools' own lines"
is "$(cap driver)" 12.2 "F30: nvidia-smi's CUDA captured"
# nvidia-smi's header alone beside a failure no row knows describes the
# machine: not F30's question
cds --root "$E0" explain --json '| NVIDIA-SMI 555.42.03              Driver Version: 555.85         CUDA Version: 12.5     |
[1]    494 segmentation fault  nvidia-smi'
unlike "$(jget "$OUT" 'd.get("id")')" F30 "nvidia-smi's header beside a segfault: not F30"
recog "RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API version (0.54) and framework PJRT API version 0.51" F31 "F31's message"
is "$(cap plugin) $(cap framework)" "0.54 0.51" "F31: both API versions captured"
recog 'torch.backends.cudnn.version() reports 8902, collect_env says Probably one of the following:' F32 "F32's report"
recog 'CUDA driver initialization failed, you might not have a CUDA gpu. cudaErrorStubLibrary: CUDA driver is a stub library' STUB-LIBCUDA "a stub libcuda"

# ---- unknown, empty, stdin -------------------------------------------------
cds --root "$E0" explain 'segmentation fault in my own code'
is "$RC" 1 "unknown text: exit 1"
like "$OUT" "not one I know" "unknown text: said"
like "$OUT" "cudnn-setup doctor" "unknown text: suggests doctor"
# healthy lines that name a driver, a requirement and a capability: the
# statements of need (a driver too old or required, a capability below)
# must not take them for a failure
for t in 'GPU 0: NVIDIA H200 (compute capability 9.0), driver 580.95.05 loaded' \
	'nvidia_uvm 1736704 0 - Live 0x0000000000000000 (POE)' \
	'RIP: 0010:native_safe_halt+0xb/0x10' \
	'Module nvidia loaded, 3 GPUs found' \
	'app.cpp:12: error: class "MyProp" has no member "clockRate"' \
	"main.cpp:3: error: 'vector' is not a member of 'std'" \
	"main.cpp:7: error: cannot convert 'int' to 'Widget'" \
	'PackagesNotFoundError: The following packages are not available from current channels:
  - numpy=9.9' \
	'Using NVIDIA driver 580.95.05; the minimum driver check passed' \
	'nvidia-smi -L
GPU 0: NVIDIA H200 (UUID: GPU-1234)' \
	'Illegal address in the form; please correct it' \
	'NCCL error: internal errors of the launcher' \
	'python: symbol lookup error: ./mymod.so: undefined symbol: png_create_read_struct' \
	'worker forked before loading the model' \
	'Compute capability 8.9 (sm_89) is supported by CUDA 12.8' \
	'Error response from daemon: manifest for myorg/app:1.0 not found: manifest unknown' \
	'Hit:3 https://nvidia.github.io/libnvidia-container/stable/deb/amd64  InRelease' \
	'out of memory in parser.c at line 88' \
	'Function parse_header not found' \
	'/usr/bin/ld: cannot find -l:libpng.so.16' \
	'CUDA error: an illegal' \
	'./app: error while loading shared libraries: libpng16.so.16'; do
	cds --root "$E0" explain "$t"
	is "$RC" 1 "healthy line not taken for a failure: $(printf %s "$t" | head -n 1)"
done
# the runtime's short strings claimed only where they are CUDA's: after a
# colon at the end of a line, and never the ones other programs print too
for t in 'cc1plus: out of memory' 'open: file not found' \
    'the invalid device symbol table' 'NoBinaryForGpu, with no binding near' \
    "main.o: undefined reference to \`foo_init'" \
    'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space' \
    '/usr/bin/ld: cannot find -lpng: No such file or directory' \
    'python: symbol lookup error: libfoo.so: undefined symbol: png_create_read_struct' \
    'python: symbol lookup error: libfoo.so: undefined symbol: cudaify_image' \
    "main.o: undefined reference to \`cudnnish_helper'" \
    'Looking for nvcc in /usr/local/cuda/bin: found' \
    "E   AssertionError: assert 'cuda' in ['cpu']" \
    '	libpng16.so.16 => not found' \
    'ERROR: No matching distribution found for requests==99.0' \
    '[libx264 @ 0x55] No capable devices found' \
    'Error code: 999' \
    "error: declaration of 'void foo(double)' has a different exception specifier" \
    'parser.y:12: error: texture is not a template parameter' \
    'nvToolsExt.h: found in /usr/local/cuda/include/nvtx3' \
    "asm.s:3: error : Unknown modifier '.foo'" \
    'Vulkan support is not enabled in this build' \
    'Unable to dynamically load the "png" shared library' \
    "/usr/include/c++/12/bits/std_function.h:10:3: error: 'x' was not declared" \
    'LoadLibrary failed: ERROR_FILE_NOT_FOUND' 'Error: InvalidValue' \
    'The C compiler identification is unknown' \
    'exec: "python3": executable file not found in $PATH' \
    'ERROR: failed to solve: library/ubuntu:99.04: not found' \
    'The camera installed in this system is not supported by the app' \
    'Could not locate config.dll. Please make sure it is in your library path!' \
    'Cannot find CUDA toolkit samples, skipping' \
    'Init provider failed: no model' \
    'loaded the OptiX library of driver 580' \
    'memory allocation on device succeeded after 2 retries' \
    'Error code 1930 in plugin.dll' 'Application of patch fix.diff failed' \
    'x.obj : error LNK2019: unresolved external symbol foo referenced in function bar' \
    'Linking pytorch-2.5.1-cuda126_mkl_py312h1234567_300' \
    'the kernel is for sm80-sm90, as the table says' \
    'notes.txt file too short for a summary' \
    'error during container init: failed to fulfil mount request: open /data/models: no such file or directory' \
    'RuntimeError: the parser was not compiled with YAML support' \
    'this build of the docs does not support CUDA-free PDF output' \
    'src/common/inc/nvtx.h:12:3: error: unknown type name' \
    'DynamicLibNotFoundError: Failure finding "libpng*.so"' \
    'Runtime compute cap 87 is not compatible with compile time compute cap 87'; do
	cds --root "$E0" explain --json "$t"
	is "$(jget "$OUT" 'd["recognised"]')" False "not a CUDA code: $t"
done
recog 'Error loading "C:\\app\\lib\\png16.dll" or one of its dependencies.' \
    WIN-DLL "a DLL of no CUDA library, no code: Windows' loader"
recog "FileNotFoundError: Could not find module 'png16.dll' (or one of its dependencies)" \
    WIN-DLL "a DLL of no CUDA library: Windows' loader, no CUDA code"
recog 'called `Result::unwrap()` on an `Err` value: DlOpen { desc: "libcuda.so: cannot open shared object file: No such file or directory" }' \
    DRIVER-LIB "the driver's development link opened by name: the driver's"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['DRIVER-LIB']" \
    "and not F13, whose libraries are of a CUDA release"
recog 'RuntimeError: Not compiled with CUDA support' F27 \
    "PyG's extensions: a CPU build of theirs"
recog 'dgl._ffi.base.DGLError: [14:00:04] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl.' \
    F27 "DGL's CPU build"
recog 'RuntimeError: "cuda" device requested but this build of Warp does not support CUDA' \
    F27 "NVIDIA Warp's build without CUDA"
recog 'cudf.errors.UnsupportedCUDAError: A GPU with NVIDIA Volta™ (Compute Capability 7.0) or newer architecture is required.' \
    F21 "RAPIDS: a GPU older than its build"
is "$(cap needs)" 7.0 "F21: the capability RAPIDS needs"
recog 'RuntimeError: This cuDF installation is missing the necessary PTX files that are <=50.' \
    F21 "RAPIDS: no PTX for the GPU's capability"
recog 'Could not start Candle backend: Runtime compute cap 75 is not compatible with compile time compute cap 80' \
    F21 "text-embeddings-inference: a build for another capability"
recog '       > nvidia-drm/nvidia-drm-drv.c:1907:6: error: '"'"'struct drm_driver'"'"' has no member named '"'"'date'"'"'
       >   CC [M]  nvidia-drm/nvidia-drm-helper.o' KMOD-BUILD \
    "the compiler's error in the driver's module among kbuild's lines"
recog "nvidia-kernel-modules> ././common/inc/nv-linux.h:1706:51: error: passing 'const struct gpio_device *' to parameter" \
    KMOD-BUILD "the compiler's error in a header of the driver's sources"
recog "gds-nvidia-fs/src/nvfs-mmap.c:667:23: error: assignment of read-only member 'vm_flags'" \
    KMOD-BUILD "GPUDirect Storage's module against a newer kernel"
recog "nvidia-drm/nvidia-drm-drv.c:1918:6: error: 'struct drm_driver' has no member named 'date'" \
    KMOD-BUILD "the DRM module's source against a newer kernel, no kbuild line"
is "$(cap module)" nvidia-drm "KMOD-BUILD: the module's directory"
recog "gdrdrv.c:157:20: error: redefinition of 'vm_flags_set'" KMOD-BUILD \
    "GDRCopy's module against a kernel that has the function"
recog "src/nvidia/foo.c:1:1: error: expected ';'" None \
    "a file in some nvidia/ directory, no kernel build beside it"
# a run the text shows with CUDA_VISIBLE_DEVICES hiding every GPU wins
# over what failed for want of one
recog 'CUDA_VISIBLE_DEVICES="" pytest tests/test_lora.py
RuntimeError: Method '"'"'cquantize_blockwise_fp32_nf4'"'"' not available in CPU-only version of bitsandbytes' \
    NO-DRIVER "a run with CUDA_VISIBLE_DEVICES empty"
is "$(cap setting)" 'CUDA_VISIBLE_DEVICES=""' "NO-DRIVER: the setting shown"
recog "os.environ['CUDA_VISIBLE_DEVICES'] = '-1'" NO-DRIVER "Python's -1"
recog "CUDA_VISIBLE_DEVICES=-10 python run.py" None "-10 is no hiding value"
recog "RuntimeError: Method 'cquantize_blockwise_fp32_nf4' not available in CPU-only version of bitsandbytes" \
    BNB-BINARY "bitsandbytes' CPU library where the CUDA one was wanted"
recog '/usr/lib/python3/dist-packages/cupy/_environment.py:670: UserWarning:
  CuPy may not function correctly because multiple CuPy packages are installed
  in your environment:

    cupy-cuda12x, cupy-cuda13x
' PKG-TWO-BUILDS "CuPy's warning of two of its packages"
is "$(cap packages)" "cupy-cuda12x, cupy-cuda13x" "PKG-TWO-BUILDS: the packages listed"
recog "The NVIDIA driver's CUDA version is 12.4 which is older than the PTX compiler version (12.6.20). Because the driver is older than the PTX compiler version, XLA is disabling parallel compilation" \
    F16 "XLA's ptxas newer than the driver"
is "$(cap 'driver cuda') $(cap ptxas)" "12.4 12.6.20" "F16: the driver's CUDA and ptxas"
recog "W external/xla/xla/service/gpu/nvptx_compiler.cc:742] The NVIDIA driver's CUDA version is 12.2 which is older than the ptxas CUDA version (12.4.99). Because the driver is older than the ptxas version, XLA is disabling parallel compilation" \
    F16 "XLA's older words for it"
is "$(cap 'driver cuda') $(cap ptxas)" "12.2 12.4.99" "F16: both versions in the older words"
recog 'cuda.pathfinder._dynamic_libs.load_dl_common.DynamicLibNotFoundError:
Failure finding "nvJitLink*.dll"' F13 "cuda.pathfinder: an NVIDIA library not found"
recog "ERROR: failed to open nvrtc:
Could not find module 'nvrtc.dll' (or one of its dependencies). Try using the full path with constructor syntax." \
    F13 "Python's ctypes on Windows: an NVIDIA DLL not found"
recog '1: Kokkos::Cuda::initialize WARNING: running kernels compiled for compute capability 10.0 on device with compute capability 12.0 , this will likely reduce potential performance.' \
    F21 "Kokkos: kernels of another major than the device's"
recog 'Kokkos::Cuda::initialize WARNING: running kernels compiled for compute capability 8.0 on device with compute capability 8.6 , this will likely reduce potential performance.' \
    CC-MINOR "Kokkos: a later minor of the same major runs the cubins"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['CC-MINOR']" \
    "and that one is not F21"
recog 'FATAL: kernel fmha_cutlassF_f16_aligned_64x128_rf_sm80 is for sm80-sm100, but was built for sm75.' \
    F21 "xformers: a kernel not built for the GPU's architecture"
is "$(cap 'built for')" 75 "F21: the architecture it was built for"
recog './imagenet: error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.7.1.3 file too short' \
    LIB-TRUNCATED "the loader's 'file too short' without its colon"
is "$(cap library)" libnvinfer.so.7.1.3 "LIB-TRUNCATED: the library named"
recog 'OCI runtime create failed: runc create failed: unable to start container process: error during container init: failed to fulfil mount request: open /usr/lib/x86_64-linux-gnu/libEGL_nvidia.so.580.159.04: no such file or directory' \
    CTR-CDI "runc: a driver library the spec lists is gone"
is "$(cap library)" libEGL_nvidia.so.580.159.04 "CTR-CDI: the driver library of the spec named"
recog "/usr/bin/ld: undefined reference to \`cudaBindTexture'" API-GONE \
    "the link: a runtime function CUDA's own list names removed"
is "$(cap symbol)" cudaBindTexture "API-GONE: the removed function named"
recog "main.o: undefined reference to \`cudaLaunchKernel'" LINK-NVLIB \
    "a runtime function CUDA still has: the link line's, not a removal"
recog 'src/ktmig.cu(56): error: texture is not a template' API-GONE \
    "nvcc's front end on a texture reference"
recog 'ml_optimiser.cpp:48:10: fatal error: nvToolsExt.h: No such file or directory' \
    API-GONE "NVTX 2's header, which newer toolkits dropped"
recog 'CMake Error at cuda.cmake:187 (set_property):
  The link interface of target "torch::nvtoolsext" contains:
    CUDA::nvToolsExt
  but the target was not found.' API-GONE "CMake's CUDA::nvToolsExt target"
recog "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with '...':" \
    F23 "nvcc 11 on GCC 11's <functional>"
is "$(cap gcc)" 11 "F23: GCC's release from the header's path"
recog '/var/lib/dkms/nvidia/390.157/build/common/inc/nv-mm.h:164:23: error: too many arguments to function' \
    KMOD-BUILD "the compiler's error in DKMS's build tree of the driver"
recog '$ cmake ..
-- The CUDA compiler identification is unknown
CMake Error at CMakeDetermineCUDACompiler.cmake:266 (message):
  Failed to detect a default CUDA architecture.' NVCC-MISSING \
    "CMake's CUDA language with no compiler it could run"
recog 'PanicException: Unable to dynamically load the "nvrtc" shared library' \
    F13 "cudarc: an NVIDIA library by its stem"
recog 'Unable to dynamically load the "cuda" shared library - searched for library names: ["libcuda.so"]' \
    DRIVER-LIB "cudarc: the driver's library"
recog 'ImportError: libtorch_cuda.so: cannot open shared object file: No such file or directory' \
    F27 "an extension needing PyTorch's CUDA half where torch is a CPU build"
is "$(cap missing)" libtorch_cuda.so "F27: the library named"
cds --root "$E0" explain --json 'target/debug/app: error while loading shared libraries: libtorch_cuda.so: cannot open shared object file: No such file or directory'
unlike "$(jget "$OUT" 'd.get("id")')" F27 "a program of its own not finding libtorch_cuda.so: the path, not a CPU build"
recog 'ImportError: /e/causal_conv1d_cuda.so: undefined symbol: *ZNK3c1017SymbolicShapeMeta18init*is_contiguousEv' \
    TORCH-ABI "a c10 symbol whose underscores Markdown made emphasis"
is "$(cap symbol)" _ZNK3c1017SymbolicShapeMeta18init_is_contiguousEv "TORCH-ABI: the name given its underscores back"
# Markdown's strong emphasis around a word of the paste's source, read
# without it
recog 'milvus: error while loading shared libraries: **libcudart.so.12**: cannot open shared object file: No such file or directory' \
    F13 "a soname in Markdown's strong emphasis"
is "$(cap missing)" libcudart.so.12 "F13: the soname without the asterisks"
recog 'ImportError: libcudart.so.12: **cannot open shared object file**: No such file or directory' \
    F13 "the loader's words in Markdown's strong emphasis"
recog "+ echo 'ERROR: Unable to find lib64/libnvToolsExt'" API-GONE \
    "a build script not finding NVTX 2's library"
recog 'Abort(1) on node 0: Fatal error in internal_Init: Other MPI error, error stack:
MPII_init_gpu(51)....:  gpu_init failed' NO-DRIVER "MPICH with GPU support where there is none"
recog '      RuntimeError: FlashAttention is only supported on CUDA 11.6 and above.  Note: make sure nvcc has a supported version by running nvcc -V.' \
    F15 "an extension's build finding a toolkit older than it needs"
is "$(cap needed)" 11.6 "F15: the release it needs"
recog 'Failed to get device capability: SM 12.x requires CUDA >= 12.9
CUDA_HOME: /usr/local/cuda' F15 "FlashInfer's JIT beside the CUDA_HOME it used"
cds --root "$E0" explain --json 'this model requires CUDA >= 12.9'
unlike "$(jget "$OUT" 'd.get("id")')" F15 "'requires CUDA' with no toolkit in sight: not the toolkit's"
recog 'Could not load library zlibwapi.dll. Error code 193. Please verify that the library is built correctly for your processor architecture (32-bit, 64-bit)' \
    LIB-TRUNCATED "Windows' error 193: a DLL of another platform"
recog "OSError: [WinError 193] %1 is not a valid Win32 application: 'C:\\a\\cudnn64_8.dll'" \
    LIB-TRUNCATED "Python's words for error 193"
recog 'Error: crun: cannot stat `/lib64/libEGL_nvidia.so.550.54.14`: No such file or directory: OCI runtime attempted to invoke a command that was not found' \
    CTR-CDI "a CDI spec naming the driver release before an upgrade"
is "$(cap library)" libEGL_nvidia.so.550.54.14 "CTR-CDI: the file of the old release named"
recog "Error: unable to start container \"ecdb\": crun: error stat'ing file /lib/x86_64-linux-gnu/libEGL_nvidia.so.535.161.07: No such file or directory" \
    CTR-CDI "crun's other words for it"
recog 'Building initial module for 7.0.9-76070009-generic
Error! Application of patch buildfix_kernel_6.19_part2.patch failed.
Check /var/lib/dkms/nvidia/470.256.02/build for more information.' KMOD-BUILD \
    "DKMS: a patch of the module's source that does not apply"
recog 'CUDA Exception: Warp Out-of-range Address
Kernel: cudnn_generated_fort_native_sm120_matMul_pointwise_pointwise_knob_3_128x128x128_0_0  <<<' \
    CUDA-FAULT "cuda-gdb stopping a kernel at its exception"
is "$(cap exception)" "Warp Out-of-range Address" "CUDA-FAULT: the debugger's name of it"
recog 'Thread 1 "python" received signal CUDA_EXCEPTION_14, Warp Illegal Address.' \
    CUDA-FAULT "cuda-gdb's signal for it"
recog 'cuDNN Frontend error: [cudnn_frontend] Error: No valid execution plans built.' \
    F8 "cudnn-frontend finding no plan it could build"
recog 'W0730 09:18:39.834827   474 gpu_resources.cc:106] The GPU compute capability in your current machine is 90, which is not supported by Paddle, it is recommended to install the corresponding wheel package' \
    F21 "PaddlePaddle's check of the GPU against its build"
is "$(cap sm)" 90 "F21: the GPU's capability"
W='UserWarning:
    Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.
    Minimum and Maximum cuda capability supported by this version of PyTorch is
    (8.0) - (12.0)'
recog "$W" CC-MINOR "PyTorch's range warning for a later minor of its highest major"
is "$(cap cc) $(cap highest)" "12.1 12.0" "CC-MINOR: the GPU's capability and the build's highest"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['CC-MINOR']" "CC-MINOR: no F21 beside it"
recog "$(printf '%s\n' "$W" | sed 's/12\.1\./6.1./; s/(8\.0)/(7.0)/')" F21 \
    "the same warning for a GPU below the lowest: no kernels"
recog "$(printf '%s\n' "$W" | sed 's/12\.1\./13.0./')" F21 \
    "the same warning for a later major than the highest: no kernels"
cds --root "$E0" explain --json "$(printf '%s\n' "$W" | sed 's/12\.1\./9.0./')"
is "$(jget "$OUT" 'd["recognised"]')" False "a capability inside the range: neither"
recog 'W0112 09:10:59.558595   644 gpu_resources.cc:217] WARNING: device: . The installed Paddle is compiled with CUDNN 8.4, but CUDNN version in your machine is 8.0, which may cause serious incompatible bug. Please recompile or reinstall Paddle with compatible CUDNN version.' \
    F10 "PaddlePaddle's check of the cuDNN it loaded"
is "$(cap compiled) $(cap runtime)" "8.4 8.0" "F10: Paddle's build and the cuDNN found"
recog 'OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "C:\venv\lib\site-packages\torch\lib\cudnn_cnn_infer64_8.dll" or one of its dependencies.' \
    WIN-PAGEFILE "Windows' commit limit spent mapping a CUDA DLL (not the DLL's fault)"
cds --root "$E0" explain --json 'Process finished with exit code 14550'
is "$(jget "$OUT" 'd.get("id")')" None "another number beginning with 1455: not WIN-PAGEFILE"
recog 'INFO 08-11 04:15:03 [__init__.py:243] No platform detected, vLLM is running on UnspecifiedPlatform' \
    CUDA-UNAVAILABLE "vLLM's platform resolution with no built-in plugin taking it"
cds --root "$E0" explain --json 'INFO 03-11 14:47:27 __init__.py:187] No platform detected, vLLM is running on UnspecifiedPlatform
INFO 03-11 14:47:27 __init__.py:174] Platform plugin ascend is activated'
is "$(jget "$OUT" 'd.get("id")')" None "an out-of-tree platform activated after it: not claimed"
# CUDA_VISIBLE_DEVICES parsed as a Python literal where it holds a UUID
recog '  File "<unknown>", line 1
    MIG-d5385a41-e608-5c4f-92c5-0932c7b636cd
                      ^
SyntaxError: invalid decimal literal' CVD-UUID "ast.literal_eval on a MIG slice's UUID"
is "$(cap device)" MIG-d5385a41-e608-5c4f-92c5-0932c7b636cd "CVD-UUID: the UUID captured"
recog '    GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc
       ^
SyntaxError: invalid syntax' CVD-UUID "eval on a GPU's UUID (older Python's words)"
cds --root "$E0" explain --json 'GPU 0: NVIDIA A100 (UUID: GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc)'
is "$(jget "$OUT" 'd.get("id")')" None "a UUID in nvidia-smi -L: nothing claimed"
# Accelerate's fp16 on a device that is not a CUDA GPU; an extension
# package's compiled _ext missing
recog "ValueError: fp16 mixed precision requires a GPU (not 'cpu')." CUDA-UNAVAILABLE \
    "Accelerate's fp16 where torch sees no CUDA GPU"
recog 'ValueError: fp16 mixed precision requires a GPU' CUDA-UNAVAILABLE \
    "Accelerate's older words, no device named"
cds --root "$E0" explain --json "ValueError: fp16 mixed precision requires a GPU (not 'mps')."
is "$(jget "$OUT" 'd.get("id")')" None "Accelerate on Apple's GPU: no CUDA to find, not claimed"
recog "ModuleNotFoundError: No module named 'mmcv._ext'" EXT-NOT-BUILT \
    "a package's compiled _ext missing (mmcv without its ops)"
is "$(cap module)" mmcv._ext "EXT-NOT-BUILT: the module captured"
# PyTorch's own reports of itself: torch.__version__ and collect_env
recog '2.4.0+cpu
None
False' F27 "torch.__version__ of a CPU wheel on a line of its own"
is "$(cap version)" 2.4.0+cpu "F27: the version captured"
recog 'PyTorch version: 2.3.0+cpu
Is debug build: False
CUDA used to build PyTorch: None
ROCM used to build PyTorch: N/A
Is CUDA available: False' F27 "collect_env of a CPU build"
recog 'PyTorch version: 2.3.0+cu121
CUDA used to build PyTorch: 12.1
Is CUDA available: False' CUDA-UNAVAILABLE "collect_env of a CUDA build that sees no GPU: not said to be a CPU build"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['CUDA-UNAVAILABLE']" "no F27 beside it"
recog "No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'" CUDA-UNAVAILABLE \
    "cpp_extension's word that torch sees no CUDA"
is "$(cap CUDA_HOME)" /usr/local/cuda "the CUDA_HOME it uses captured"
for w in 'ERROR: Could not find a version that satisfies the requirement torch==2.1.0+cu121 (from versions: 2.2.0, 2.2.0+cpu, 2.2.0+cu118)' \
    'Is CUDA available: True' 'version 2.4.0+cpuX'; do
	cds --root "$E0" explain --json "$w"
	is "$(jget "$OUT" '"F27" in [m["id"] for m in d.get("matches", [])]')" False "no CPU build read in: $w"
done
recog '2: [executionContext.cpp::ExecutionContext::470] Error Code 2: OutOfMemory (no further information)' \
    CUDA-OOM "TensorRT's logger, its category OutOfMemory"
# Windows' loader by its code and its words, in the system's language
recog 'OSError: [WinError 126] 找不到指定的模块。 Error loading "E:\app\lib\site-packages\torch\lib\fbgemm.dll" or one of its dependencies.' \
    WIN-DLL "Python's WinError 126 for a DLL that is not NVIDIA's"
is "$(cap 'Windows error')|$(cap DLL)" '126|E:\app\lib\site-packages\torch\lib\fbgemm.dll' \
    "WIN-DLL: the code and the DLL captured"
is "$(jget "$OUT" 'd["cause_here"]')" None "WIN-DLL 126: which DLL is missing is not claimed"
recog 'RuntimeError: D:\a\_work\1\s\onnxruntime\core\session\provider_bridge_ort.cc:1209 onnxruntime::ProviderLibrary::Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with error 1114 "" when trying to load "C:\env\Lib\site-packages\onnxruntime_providers_cuda.dll"' \
    WIN-DLL "ONNX Runtime's provider DLL whose start-up failed (1114)"
is "$(jget "$OUT" 'd["cause_here"]')" None "WIN-DLL 1114: no cause claimed"
recog 'LoadLibrary failed with error 193' WIN-DLL "LoadLibrary's error 193"
is "$(jget "$OUT" '[c["text"][:9] for c in d["causes"] if c["by_message"]]')" "['a 32-bit ']" \
    "WIN-DLL 193: the message itself shows a file not for this process"
recog 'OSError: [WinError 127] The specified procedure could not be found. Error loading "C:\py\Lib\site-packages\torchaudio\lib\libtorchaudio.pyd" or one of its dependencies.' \
    WIN-DLL "WinError 127"
is "$(jget "$OUT" '[c["text"][:13] for c in d["causes"] if c["by_message"]]')" "['another versi']" \
    "WIN-DLL 127: another version found first, by the message"
for w in 'DLL load failed while importing _C: Das angegebene Modul wurde nicht gefunden.' \
    'Error: Le module spécifié est introuvable.' \
    'ImportError: DLL load failed: 指定されたモジュールが見つかりません。' \
    'System.DllNotFoundException: Unable to load DLL '"'"'x.dll'"'"' or one of its dependencies: 지정된 모듈을 찾을 수 없습니다. (0x8007007E)' \
    'Could not load DLL: Could not find module '"'"'C:\ai\llama.dll'"'"' (or one of its dependencies). Try using the full path with constructor syntax.' \
    'Win32Exception (126): No se puede encontrar el módulo especificado' \
    'OSError: [WinError 1114] 动态链接库(DLL)初始化例程失败。' \
    'LoadLibrary failure: Не найден указанный модуль.'; do
	recog "$w" WIN-DLL "Windows' loader: ${w%%:*}"
done
recog 'Error loading "C:\py\torch\lib\c10.dll" or one of its dependencies.' WIN-DLL \
    "a DLL or one of its dependencies, the code not given"
recog "Unable to load DLL 'C:\\Program Files\\app\\onnxruntime.dll' or one of its dependencies" \
    WIN-DLL ".NET's words for a DLL, a path with a space"
recog "System.DllNotFoundException: Unable to load shared library 'libcuda.so' or one of its dependencies." \
    DRIVER-LIB ".NET on Linux: the loader's library, not Windows'"
recog 'OSError: [WinError 126] The specified module could not be found. Error loading "C:\venv\lib\site-packages\torch\lib\cudnn_cnn_infer64_8.dll" or one of its dependencies.' \
    F2 "an NVIDIA DLL by its name: its own entry, not WIN-DLL"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]][-1]')" WIN-DLL "WIN-DLL ranked after it"
for w in 'OSError: [WinError 2] The system cannot find the file specified' \
    'LoadLibrary failed with error 1260' 'exit code 0x80070005'; do
	cds --root "$E0" explain --json "$w"
	is "$(jget "$OUT" 'd.get("id")')" None "not the loader's codes: $w"
done
recog 'ml.dmlc.xgboost4j.java.XGBoostError: [04:43:42] /workspace/src/common/cuda_dr_utils.cc:27: Check failed: status == cudaDriverEntryPointSuccess: cuMemBatchDecompressAsync' \
    F16 "the runtime's entry-point query for a newer driver function"
is "$(cap 'driver function') $(cap 'needs CUDA')" "cuMemBatchDecompressAsync 12.6" \
    "F16: the function and the CUDA release it came with"
recog 'cuGetProcAddress(cuStreamBatchMemOp) returned CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT for cuStreamBatchMemOp_v2' \
    F16 "the driver's own query result for a function"
cds --root "$E0" explain --json 'Check failed: status == cudaDriverEntryPointSuccess: cuInit'
is "$(jget "$OUT" 'd.get("id")')" None "a function every driver has: not the driver's age"
recog '│  ┌ Error: This version of CUDA.jl only supports NVIDIA drivers for CUDA 11.x or 12.x (yours is for CUDA 13.0.0)' \
    BINDING-TOOLKIT "CUDA.jl's list of the drivers it knows"
is "$(cap CUDA)" 13.0.0 "BINDING-TOOLKIT: the driver's CUDA"
recog '#8 470.1 ERROR: failed checking for nvcc.' NVCC-MISSING "FFmpeg's configure"
recog "E0718 07:41:21.083440 30 model_lifecycle.cc:596] failed to load 'distilbert-test2' version 1: Invalid argument: unable to load model 'distilbert-test2', TensorRT backend supports only GPU device" \
    NO-DRIVER "Triton's GPU-only backend where the server sees no GPU (clearml-serving#60)"
is "$(cap backend)" TensorRT "NO-DRIVER: the backend Triton named"
# NVIDIA's HPC SDK: its compilers, its OpenACC runtime, nvcc's check of it
recog 'nvfortran-Error-A CUDA toolkit matching the current driver version (0) or a supported older version (11.8) was not installed with this HPC SDK.' \
    NO-DRIVER "nvfortran finds no driver (version 0) on a login node (MFC#687)"
recog 'nvfortran-Error-A CUDA toolkit matching the current driver version (11.4) or a supported older version (11.0) was not installed with this HPC SDK.' \
    F16 "nvfortran: the SDK's CUDA releases are all newer than the driver's"
is "$(cap driver_cuda)" 11.4 "F16: the driver's CUDA as nvfortran read it"
recog 'Accelerator Fatal Error:
This file was compiled: -acc=gpu -gpu=cc90
Rebuild this file with -gpu=cc120 to use NVIDIA Tesla GPU 0' F21 "the OpenACC runtime on a GPU the file has no code for (tinker-hp#32)"
is "$(cap 'gpu cap')" 120 "F21: the GPU's capability as OpenACC names it"
recog 'Unsupported NVHPC compiler found. nvc++ is the only NVHPC compiler that is supported.' F23 \
    "CUDA's host_config.h against the HPC SDK's nvc as host compiler (dace#1424)"
recog "RuntimeError: Lightning can't create new processes if CUDA is already initialized. Did you manually call \`torch.cuda.*\` functions" \
    CUDA-FORK "Lightning's launcher, forking after CUDA is in use (darts#1901)"
recog "make[2]: *** No rule to make target '/usr/local/cuda/lib64/liblapack_static.a', needed by 'bin/GLInfo'.  Stop." \
    LINK-NVLIB "a file of the toolkit's library directory the release dropped (Open3D#5827)"
is "$(cap file)" /usr/local/cuda/lib64/liblapack_static.a "LINK-NVLIB: the file make wanted"
# MSG-KHEADERS: the headers a module build needs (DKMS's words:
# dkms-project/dkms#521, emilyst/hid-nx-dkms#20; NVIDIA's installer's)
K1=$(mk_sysroot); cleanup_later "$K1"
mkdir -p "$K1/proc/sys/kernel" "$K1/lib/modules/6.8.0-45-generic/kernel" "$K1/var/lib/dpkg"
echo 6.8.0-45-generic >"$K1/proc/sys/kernel/osrelease"
: >"$K1/var/lib/dpkg/status"
kh() { cds --root "$K1" explain --json "$1"; }
khfix() { jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-KHEADERS" for x in f["fixes"] if "argv" in x]'; }
kh 'dkms: autoinstall for kernel 6.8.0-45-generic was skipped since the kernel headers for this kernel do not seem to be installed'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(khfix)" "('KMOD-BUILD', 0) ['sudo apt-get install linux-headers-6.8.0-45-generic']" \
    "KMOD-BUILD: the kernel's headers are not installed here, cause 1 shown, apt's command"
mkdir -p "$K1/lib/modules/6.8.0-45-generic/build"
kh 'dkms: autoinstall for kernel 6.8.0-45-generic was skipped since the kernel headers for this kernel do not seem to be installed'
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["evidence"][0]["value"] for f in d["findings"] if f["id"] == "MSG-KHEADERS"]')" "None ['installed']" \
    "KMOD-BUILD: the headers are there, a note, no cause claimed"
kh 'Error! Your kernel headers for kernel 6.6.15-amd64 cannot be found at /lib/modules/6.6.15-amd64/build or /lib/modules/6.6.15-amd64/source.'
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-KHEADERS"]')" "None ['kernel 6.6.15-amd64 is not installed here']" \
    "KMOD-BUILD: another machine's kernel, not claimed"
rm -rf "$K1/var/lib/dpkg"; mkdir -p "$K1/var/lib/pacman/local"
echo 6.2.1-zen1-1-zen >"$K1/proc/sys/kernel/osrelease"
kh 'ERROR: Unable to find the kernel source tree for the currently running kernel.  Please make sure you have installed the kernel source files for your kernel'
is "$(jget "$OUT" 'd["verdict"]') $(khfix)" "0 ['sudo pacman -S linux-zen-headers']" \
    "KMOD-BUILD: NVIDIA's installer on Arch's zen kernel, its headers package"

# MSG-PTXAS: the ptxas first on PATH against the toolkits here
T1=$(mk_sysroot); cleanup_later "$T1"
for v in 12.4 12.8; do
	mkdir -p "$T1/usr/local/cuda-$v/bin"
	for p in nvcc ptxas; do printf '#!/bin/sh\n' >"$T1/usr/local/cuda-$v/bin/$p"; chmod +x "$T1/usr/local/cuda-$v/bin/$p"; done
	printf '{"cuda": {"name": "CUDA SDK", "version": "%s.1"}}\n' "$v" >"$T1/usr/local/cuda-$v/version.json"
done
ptx="ptxas fatal   : Unsupported .version 8.7; current version is '8.4'"
PATH=/usr/local/cuda-12.4/bin:/usr/bin cds --root "$T1" explain --json "$ptx"
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-PTXAS"]')" \
    "('PTXAS-OLD', 0) [\"the ptxas first on PATH is CUDA 12.4.1's; CUDA 12.8.1 is installed too\"]" \
    "PTXAS-OLD: CUDA 12.4's ptxas first, 12.8 here too: cause 1 shown"
PATH=/usr/local/cuda-12.8/bin:/usr/local/cuda-12.4/bin:/usr/bin cds --root "$T1" explain --json "$ptx"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "MSG-PTXAS"]')" "None ['note']" \
    "PTXAS-OLD: the newest ptxas first, a note, no cause claimed"
# MSG-HOSTCC: the C++ compilers nvcc could run, and dpkg's package of one
mkdir -p "$T1/var/lib/dpkg" "$T1/usr/bin"; : >"$T1/var/lib/dpkg/status"
hcc='cc1plus: No such file or directory
nvcc fatal   : Failed to preprocess host compiler properties.'
PATH=/usr/bin cds --root "$T1" explain --json "$hcc"
is "$(jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-HOSTCC" for x in f["fixes"] if "argv" in x]')" \
    "['sudo apt-get install g++']" "HOST-CC-MISSING: no C++ compiler here, dpkg's g++"
printf '#!/bin/sh\n' >"$T1/usr/bin/g++"; chmod +x "$T1/usr/bin/g++"
PATH=/usr/bin cds --root "$T1" explain --json "$hcc"
is "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-HOSTCC"]')" "['a C++ compiler is on PATH here: /usr/bin/g++']" \
    "HOST-CC-MISSING: g++ here, a note"

# MSG-CC: the C compilers Triton's build could run, and dpkg's gcc
tcc='RuntimeError: Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl.'
CC= PATH=/usr/bin cds --root "$T1" explain --json "$tcc"
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(jget "$OUT" '[" ".join(x["argv"]) for f in d["findings"] if f["id"] == "MSG-CC" for x in f["fixes"] if "argv" in x]')" \
    "('TRITON-HELPER', 0) ['sudo apt-get install gcc']" "TRITON-HELPER: no C compiler here, cause 1, dpkg's gcc"
printf '#!/bin/sh\n' >"$T1/usr/bin/clang"; chmod +x "$T1/usr/bin/clang"
CC= PATH=/usr/bin cds --root "$T1" explain --json "$tcc"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-CC"]')" \
    "None ['a C compiler is on PATH here: /usr/bin/clang']" "TRITON-HELPER: clang here, a note, no cause claimed"
rm -f "$T1/usr/bin/clang"
CC=/opt/cc/bin/cc PATH=/usr/bin cds --root "$T1" explain --json "$tcc"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-CC"]')" \
    "None ['CC names the C compiler here: /opt/cc/bin/cc']" "TRITON-HELPER: CC set, a note, no cause claimed"
cds --root "$T1" explain --json 'ImportError: DLL load failed while importing cuda_utils: The specified module could not be found.'
is "$(jget "$OUT" 'd["id"]') $(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] == "MSG-CC"]')" \
    "TRITON-HELPER []" "TRITON-HELPER for a cached module: no compiler looked for"

# MSG-CVD: a program that parses CUDA_VISIBLE_DEVICES as numbers, given
# UUIDs (vllm-project/vllm#13815's words)
cvd="ValueError: invalid literal for int() with base 10: 'GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc'"
CUDA_VISIBLE_DEVICES=GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc,MIG-74d68ce8-f74a-5408-a325-06b493f31c14 \
    cds --root "$T1" explain --json "$cvd"
is "$(jget "$OUT" 'd["id"], d["verdict"], d["matches"][0]["captures"]["device"]')" \
    "('CVD-UUID', 0, 'GPU-52a3a85d-3c55-ca3a-a955-82c69ed360fc')" \
    "CVD-UUID: UUIDs in CUDA_VISIBLE_DEVICES here, cause 1 shown"
like "$(fix_command "$OUT" MSG-CVD)" "CUDA_DEVICE_ORDER=PCI_BUS_ID" "CVD-UUID: indices in nvidia-smi's order"
CUDA_VISIBLE_DEVICES=0,1 cds --root "$T1" explain --json "$cvd"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "MSG-CVD"]')" \
    "None ['note']" "CVD-UUID: indices here, a note, no cause claimed"
cds --root "$T1" explain --json "ValueError: invalid literal for int() with base 10: 'cuda:0'"
is "$(jget "$OUT" '[m["id"] for m in d.get("matches", [])]')" "[]" \
    "another word int() refused: not CVD-UUID"

# MSG-NVCC: the compilers a build here could find, in a root of its own
# (PATH is this shell's, read inside the root)
N1=$(mk_sysroot); cleanup_later "$N1"
nv() { PATH=$1 cds --root "$N1" explain --json 'OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.'; }
msgnvcc() { jget "$OUT" '[(f["severity"], f["title"]) for f in d["findings"] if f["id"] == "MSG-NVCC"]'; }
nv /usr/bin:/bin
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(msgnvcc)" "('NVCC-MISSING', 0) [('error', 'no CUDA toolkit with nvcc is installed here')]" \
    "NVCC-MISSING: no toolkit here, cause 1 shown"
mkdir -p "$N1/usr/local/cuda-12.4/bin"
printf '#!/bin/sh\n' >"$N1/usr/local/cuda-12.4/bin/nvcc"; chmod +x "$N1/usr/local/cuda-12.4/bin/nvcc"
printf '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}\n' >"$N1/usr/local/cuda-12.4/version.json"
nv /usr/bin:/bin
is "$(jget "$OUT" 'd["verdict"]') $(msgnvcc)" "0 [('warning', 'no nvcc is on PATH here; /usr/local/cuda-12.4 has one')]" \
    "NVCC-MISSING: a toolkit off PATH, cause 1 shown"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-NVCC" for x in f["fixes"]]')" \
    "['export CUDA_HOME=/usr/local/cuda-12.4 PATH=/usr/local/cuda-12.4/bin:\$PATH']" "and the command that puts it on PATH"
nv /usr/local/cuda-12.4/bin:/usr/bin:/bin
is "$(jget "$OUT" 'd["verdict"]') $(msgnvcc)" "None [('note', 'nvcc is on PATH here: /usr/local/cuda-12.4/bin/nvcc')]" \
    "NVCC-MISSING: nvcc on PATH here, a note, no cause claimed"
recog 'WARNING: Detected NVIDIA NVIDIA Graphics Device GPU, which is not yet supported in this version of the container
ERROR: No supported GPU(s) detected to run this container' F21 "an NGC container older than the GPU"
recog "[    5.879228] driverdog[2088]: modprobe: ERROR: could not insert 'nvidia': Operation not permitted" \
    F20 "modprobe refused by the kernel"
is "$(cap module)" nvidia "F20: the module named"
recog 'Oct 22 08:29:52 iron kernel: NVRM: None of the NVIDIA devices were initialized.
Oct 22 08:29:52 iron kernel: NVRM: The NVIDIA probe routine failed for 1 device(s).' \
    GPU-INIT "the module's probe of the GPU failing"
recog "error: Cannot build '/nix/store/5skga05vis5mfv1p8mqm98hikbw1rfg3-nvidia-open-6.19.2-580.126.09.drv'." \
    KMOD-BUILD "Nix building the open kernel module's derivation"
cds --root "$E0" explain --json "error: Cannot build '/nix/store/5skga05vis5mfv1p8mqm98hikbw1rfg3-nvidia-settings-580.126.09.drv'."
is "$(jget "$OUT" 'd.get("id")')" None "another NVIDIA derivation (nvidia-settings): no kernel module"
recog 'Jul 20 16:15:36 edge:  Kernel module "ib_umad" has not been loaded, fabric manager cannot be started' \
    F18 "Fabric Manager without InfiniBand's management datagrams (NVLink 5)"
recog 'nvlsm: ibwarn: [15] umad_init: can'"'"'t read ABI version from /sys/class/infiniband_mad/abi_version (No such file or directory): is ib_umad module loaded?' \
    F18 "the NVLink subnet manager without ib_umad"
recog 'nvidia-ctk: level=error msg="... failed to locate libcuda.so: libcuda.so.580.159.04: not found"' \
    CTR-HOST-DRIVER "nvidia-ctk finding no driver library on the host"
recog 'cuDriverGetVersion(): 34' STUB-LIBCUDA "hashcat's driver call and its number"
recog '/opt/cuda/targets/x86_64-linux/include/cccl/thrust/detail/config/cpp_dialect.h:78:6: error: #error Thrust requires at least C++17. Define CCCL_IGNORE_DEPRECATED_CPP_DIALECT to suppress this message.' \
    CCCL-CXX17 "CUDA 13's Thrust compiled as C++14"
is "$(cap library)" Thrust "CCCL-CXX17: the library named"
recog '#    error libcu++ requires at least C++ 17. Define CCCL_IGNORE_DEPRECATED_CPP_DIALECT to suppress this message.' \
    CCCL-CXX17 "libcu++'s spelling"
cds --root "$E0" explain --json 'warning: Thrust requires at least C++14. C++11 is deprecated but still supported. C++11 support will be removed in a future release.'
is "$(jget "$OUT" 'd.get("id")')" None "CUDA 12's deprecation of C++11: not CUDA 13's refusal"
recog '[E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Networks with FP8 Q/DQ layers require hardware with FP8 support.)' \
    GPU-FEATURE "TensorRT's builder: FP8 on a GPU without it"
recog 'ValueError: FP8 quantized models is only supported on GPUs with compute capability >= 9.0 (e.g H100).' \
    GPU-FEATURE "transformers' FP8 check"
is "$(cap needs)" 9.0 "GPU-FEATURE: the capability asked for"
recog "UserWarning: Flash attention only supports gpu architectures in the range [sm80, sm90]. Attempting to run on a sm 7.5 gpu. (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:201.)" \
    GPU-FEATURE "PyTorch's attention: a backend's architecture range"
is "$(cap cc)" 7.5 "GPU-FEATURE: the GPU's capability named"
recog 'UserWarning: Memory efficient kernel not used because: (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:647.)
UserWarning: Flash attention only supports gpu architectures in the range [sm80, sm90]. Attempting to run on a sm 7.0 gpu.
RuntimeError: No available kernel. Aborting execution.' GPU-FEATURE \
    "PyTorch's attention with no kernel left, its reason beside it"
is "$(cap cc)" 7.0 "GPU-FEATURE: the reason's row, not the bare refusal"
# vLLM's choice of platform: NVML counted no GPU, or the build is a CPU one
recog 'RuntimeError: Failed to infer device type' CUDA-UNAVAILABLE \
    "vLLM finding no platform"
recog 'DEBUG 03-05 10:12:01 __init__.py:45] CUDA platform is not available because no GPU is found.' \
    CUDA-UNAVAILABLE "vLLM's debug line: NVML counted no GPU"
recog 'DEBUG 03-05 10:12:01 __init__.py:48] CUDA platform is not available because vLLM is built with CPU.
RuntimeError: Failed to infer device type' F27 "vLLM's debug line naming a CPU build, beside its refusal"
# TensorFlow's and XLA's cudnnCreate() failing, whatever status it gave
recog '2023-05-20 20:06:28.373077: E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:439] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR' \
    CUDNN-NOT-INITIALIZED "XLA's cuDNN handle with INTERNAL_ERROR"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['CUDNN-NOT-INITIALIZED', 'CODE-OTHER']" \
    "the status still read as its code beside it"
# ONNX Runtime handed a tensor in GPU memory with no GPU provider: by
# OrtDevice's type 1, NVIDIA's by its vendor number where printed
recog "RuntimeError: Error when binding input: There's no data transfer registered for copying tensors from Device:[DeviceType:1 MemoryType:0 DeviceId:0] to Device:[DeviceType:0 MemoryType:0 DeviceId:0]" \
    F14 "IOBinding's GPU tensor without a CUDA provider"
recog "There's no data transfer registered for copying tensors from Device:[DeviceType:0 MemoryType:0 DeviceId:0] to Device:[DeviceType:1 MemoryType:0 VendorId:4318 DeviceId:0 Alignment:0]" \
    F14 "the copy to the GPU, the vendor NVIDIA's"
cds --root "$E0" explain --json "There's no data transfer registered for copying tensors from Device:[DeviceType:1 MemoryType:0 VendorId:4098 DeviceId:0 Alignment:0] to Device:[DeviceType:0 MemoryType:0 DeviceId:0]"
is "$(jget "$OUT" 'd.get("id")')" None "another vendor's GPU (4098): not ONNX Runtime's CUDA provider"
# torch.load of tensors saved on a GPU this process does not see
recog "RuntimeError: Attempting to deserialize object on CUDA device 1 but torch.cuda.device_count() is 1. Please use torch.load with map_location to map your storages to an existing device." \
    CUDA-ORDINAL "torch.load asking for a GPU past the visible ones"
is "$(cap device) $(cap visible)" "1 1" "CUDA-ORDINAL: the device asked for and the count seen"
# pip's resolver after an install that left a framework's NVIDIA pin apart
recog 'ERROR: pip'"'"'s dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
torch 2.5.1+cu124 requires nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux" and platform_machine == "x86_64", but you have nvidia-cudnn-cu12 8.9.2.26 which is incompatible.' \
    PIP-PIN-CLASH "pip's conflict report after an install"
is "$(cap wheel) $(cap pinned) $(cap installed)" "nvidia-cudnn-cu12 9.1.0.70 8.9.2.26" \
    "PIP-PIN-CLASH: the wheel, its pin and what is installed"
cds --root "$E0" explain --json 'torch 2.5.1 requires sympy==1.13.1; python_version >= "3.9", but you have sympy 1.13.3 which is incompatible.'
is "$(jget "$OUT" 'd.get("id")')" None "a conflict over a wheel that is not NVIDIA's: not read"
# XLA's floor for the ptxas it runs
recog 'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: XLA requires ptxas version 11.8 or higher' \
    PTXAS-OLD "XLA's floor for ptxas"
is "$(cap needs)" 11.8 "PTXAS-OLD: the release it needs"
# TensorRT's own check of the cuDNN and cuBLAS it loaded: older ones read
recog '[06/16/2022-00:13:58] [TRT] [W] TensorRT was linked against cuDNN 8.3.2 but loaded cuDNN 8.2.0' \
    F10 "TensorRT's warning of an older cuDNN"
is "$(cap linked) $(cap runtime)" "8.3.2 8.2.0" "F10: what TensorRT was linked against and what it loaded"
cds --root "$E0" explain --json '[TRT] [W] TensorRT was linked against cuDNN 8.9.2 but loaded cuDNN 8.9.7'
is "$(jget "$OUT" 'd.get("id")')" None "TensorRT's warning of a newer cuDNN: not a cause"
recog '[TensorRT] WARNING: TensorRT was linked against cuBLAS/cuBLAS LT 11.6.3 but loaded cuBLAS/cuBLAS LT 11.3.0' \
    LIB-OLDER "TensorRT's warning of an older cuBLAS"
is "$(cap library) $(cap loaded)" "cuBLAS/cuBLAS LT 11.3.0" "LIB-OLDER: the library and the version loaded"
# PyTorch Lightning's GPUs asked for against the ones torch sees
recog 'pytorch_lightning.utilities.exceptions.MisconfigurationException: You requested GPUs: [0]
 But your machine only has: []' CUDA-UNAVAILABLE "Lightning: torch sees no GPU"
recog 'lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [1]
 But your machine only has: [0]' CUDA-ORDINAL "Lightning: a GPU past the visible ones"
# XLA's ptxas that does not know the GPU, TensorFlow's skipped GPU, and
# PyTorch's NCCL group with no GPU
recog '2023-11-16 16:39:03.216477: W tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:231] Falling back to the CUDA driver for PTX compilation; ptxas does not support CC 8.9' \
    PTXAS-OLD "XLA's ptxas without the GPU's architecture"
is "$(cap cc)" 8.9 "PTXAS-OLD: the GPU's capability"
recog 'XlaRuntimeError: UNIMPLEMENTED: /usr/local/cuda/bin/ptxas ptxas too old. Falling back to the driver to compile.' \
    PTXAS-OLD "XLA's 'ptxas too old'"
recog 'Skipping registering GPU devices...' F29 "the tail of TensorFlow's 'Cannot dlopen some GPU libraries'"
recog 'ValueError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!' \
    CUDA-UNAVAILABLE "PyTorch's NCCL group where torch sees no GPU"
# PyTorch's THC with the runtime's number of its release and the words:
# the words say which code (CUDA 10.1 renumbered the runtime's)
recog 'RuntimeError: cuda runtime error (8) : invalid device function at /pytorch/aten/src/THC/THCGeneral.cpp:51' \
    F21 "THC's old number 8 with its words: the device function not built for this GPU"
is "$(jget "$OUT" '[m["captures"].get("code") for m in d["matches"]]')" "['cudaErrorInvalidDeviceFunction']" \
    "the words' code only, not today's code 8 (a profiler's)"
recog 'RuntimeError: cuda runtime error (30) : unknown error at /pytorch/aten/src/THC/THCGeneral.cpp:51' \
    CUDA-999 "THC's old number 30 with its words"
recog 'RuntimeError: cuda runtime error (2)' CUDA-OOM "THC's number alone still read"
# CUTLASS's memory-efficient attention with no kernel for the GPU and type
recog 'RuntimeError: cutlassF: no kernel found to launch!' GPU-FEATURE \
    "the memory-efficient attention without a kernel for this GPU"
# the kernel module's and the X server's words for a GPU not brought up
recog '[   12.345678] NVRM: GPU 0000:01:00.0: rm_init_adapter failed, device minor number 0' \
    GPU-INIT "NVRM's open path failing on the adapter"
recog '[    3.141592] NVRM: No NVIDIA GPU found.' GPU-INIT "the module loaded with no GPU it drives"
recog '(EE) NVIDIA(0): Failed to initialize the NVIDIA kernel module. Please see the
(EE) NVIDIA(0):     system'"'"'s kernel log for additional error messages and' F20 "Xorg's NVIDIA driver without the kernel module"
recog 'Unable to determine the device handle for gpu 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU' \
    GPU-LOST "nvidia-smi naming a GPU that fell off"
is "$(cap pci)" 0000:3B:00.0 "GPU-LOST: the GPU's PCI address"
# frameworks' words for a GPU they cannot use, and why, from their sources
recog 'time=2025-02-06T17:24:31.452+08:00 level=INFO source=gpu.go:392 msg="no compatible GPUs were discovered"' \
    CUDA-UNAVAILABLE "Ollama's discovery finding no GPU it can use"
recog "/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py:734: UserWarning: Can't initialize NVML
  warnings.warn(\"Can't initialize NVML\")" NO-DRIVER "PyTorch's count of devices when NVML does not start"
recog 'Error: Failed to initialize NVML' NO-DRIVER "a bare 'Failed to initialize NVML', its reason not given"
recog 'Failed to initialize NVML: Driver/library version mismatch' F19 \
    "nvidia-smi's words with the reason are still the reason's entry"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['F19']" "and the bare row does not add NO-DRIVER"
recog "Can't initialize NVML: Driver/library version mismatch" F19 \
    "PyTorch's words with a reason after them: the reason's entry"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['F19']" "and no NO-DRIVER beside it"
recog 'RuntimeError: Unable to find a valid cuDNN algorithm to run convolution' F8 \
    "PyTorch's convolution after every algorithm failed"
is "$(jget "$OUT" 'd["causes"][-1]["text"][:35]')" "memory ran out for the workspace of" \
    "F8: memory for the workspaces is one of its causes"
recog '2024-12-25 21:32:43.137142: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2348] TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0. CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or longer.' \
    PTX-JIT "TensorFlow on a GPU its build has only PTX for"
is "$(cap 'compute capability')" 9.0 "PTX-JIT: the GPU's compute capability"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" 'd["causes"][0]["by_message"]')" "0 True" \
    "PTX-JIT: the message shows its cause"
jl='julia> using CUDA
┌ Error: CUDA.jl could not find an appropriate CUDA runtime to use.
│ 
│ CUDA.jl'"'"'s JLLs were precompiled without an NVIDIA driver present.
│ This can happen when installing CUDA.jl on an HPC log-in node,
│ or in a container.'
recog "$jl" CUDA-JL-RUNTIME "CUDA.jl precompiled where no driver was"
is "$(jget "$OUT" '[c["text"] for c in d["causes"] if c.get("by_message")]')" \
    "['CUDA.jl was precompiled where no NVIDIA driver was']" "CUDA-JL-RUNTIME: its reason read, cause 1 only"
recog 'Error: CUDA.jl could not find an appropriate CUDA runtime to use.

  Could not diagnose why the CUDA runtime is not available.' CUDA-JL-RUNTIME "CUDA.jl without a diagnosis"
is "$(jget "$OUT" '[c["text"] for c in d["causes"] if c.get("by_message")]')" "[]" \
    "CUDA-JL-RUNTIME: no reason, no cause claimed"
# conda's solvers with a __cuda older than the package needs: the driver
recog 'UnsatisfiableError: The following specifications were found to be incompatible with your system:

  - feature:/linux-64::__cuda==11.4=0
  - pytorch-cuda=12.1 -> __cuda

Your installed version is: 11.4' F16 "conda's classic solver: __cuda 11.4 for pytorch-cuda 12.1"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]') $(cap 'driver cuda')" "['F16'] 11.4" \
    "F16 alone, the driver's CUDA captured, no 'no driver' beside it"
recog 'UnsatisfiableError: The following specifications were found to be incompatible with your system:

  - pytorch-cuda=12.1 -> __cuda

Your installed version is: not available' CONDA-NO-CUDA "conda's classic solver with no __cuda"
recog 'Could not solve for environment specs
The following packages are incompatible
├─ __cuda is requested and can be installed;
└─ pytorch-cuda 12.4**  is not installable because it requires
   └─ __cuda >=12.4 , which conflicts with any installable versions previously reported.' \
    F16 "libmamba: __cuda here, older than the package needs"
is "$(cap 'needs CUDA')" 12.4 "F16: the CUDA the package needs"
recog 'ERROR: Cannot install torch==2.4.0 and nvidia-cudnn-cu12==8.9.2.26 because these package versions have conflicting dependencies.' \
    PIP-PIN-CLASH "pip refusing a framework and an NVIDIA wheel pinned together"
# enroot's own NVIDIA hook failing, as pyxis prints enroot's log
recog 'slurmstepd: error: pyxis:   [ERROR] /etc/enroot/hooks.d/98-nvidia.sh exited with return code 1' \
    CTR-HOOK "enroot's NVIDIA hook under pyxis"
# the linker's warning for a library that a linked library needs
recog '/opt/rh/devtoolset-11/root/usr/libexec/gcc/x86_64-redhat-linux/11/ld: warning: libcublasLt.so.11, needed by ../../_deps/onnxruntime-src/lib/libonnxruntime_providers_cuda.so, not found (try using -rpath or -rpath-link)' \
    F14 "ld: ONNX Runtime's CUDA provider without the CUDA it links"
recog '/usr/bin/ld: warning: libcudart.so.12, needed by /opt/x/libfoo.so, not found (try using -rpath or -rpath-link)' \
    F13 "ld: another library's NVIDIA library not found"
is "$(cap missing)" libcudart.so.12 "F13: the library ld did not find"
# NVRTC opening its builtins, the name ending a sentence; on Windows by the
# DLL, whose three digits are the release's major and minor
recog 'nvrtc: error: failed to open libnvrtc-builtins.so.12.1.
  Make sure that libnvrtc-builtins.so.12.1 is installed correctly.' F13 "NVRTC's builtins"
is "$(cap missing)" libnvrtc-builtins.so.12.1 "F13: the soname without the sentence's full stop"
recog 'nvrtc: error: failed to open nvrtc-builtins64_129.dll.
  Make sure that nvrtc-builtins64_129.dll is installed correctly.' F13 "NVRTC's builtins on Windows"
is "$(cap missing) $(cap 'windows name')" "libnvrtc-builtins.so.12.9 nvrtc-builtins64_129.dll" \
	"F13: the builtins' DLL as the soname of CUDA 12.9 (major and minor)"
# PyTorch 1.x's halves of libtorch_cuda.so, which 2.0 no longer has
recog 'ImportError: libtorch_cuda_cu.so: cannot open shared object file: No such file or directory' \
    TORCH-LIB "an extension built against PyTorch 1.x"
is "$(cap missing)" libtorch_cuda_cu.so "TORCH-LIB: the library named"
# nvidia-smi's CSV query with no figure under a memory column (GB10), the
# columns matched from the right; another column's [N/A] is not it
# glibc's undefined symbol cut off after its comma, before ", version ..."
recog 'undefined symbol: cudaGetDriverEntryPointByVersion,' LIB-SYMBOL "a runtime function, the version cut off"
is "$(cap symbol)" cudaGetDriverEntryPointByVersion "LIB-SYMBOL: the symbol without the comma"
recog '$ nvidia-smi --query-gpu=index,name,memory.total,memory.free --format=csv
index, name, memory.total [MiB], memory.free [MiB]
0, NVIDIA GB10, [N/A], [N/A]' NVML-UMA "nvidia-smi's query: no memory figure"
cds --root "$E0" explain --json 'index, name, power.draw [W], memory.used [MiB]
0, NVIDIA GeForce RTX 3050 Laptop GPU, [N/A], 5 MiB'
is "$(jget "$OUT" 'd.get("id")')" None "nvidia-smi's query: a laptop's power.draw [N/A] beside a memory figure is not NVML-UMA"
recog 'RuntimeError: The NVIDIA driver on your system is too old' F16 "PyTorch's words without the version"
recog 'GPU has fallen off of the bus' GPU-LOST "off of the bus"
recog 'tensorflow.python.framework.errors_impl.InternalError: libdevice not found at ./libdevice.10.bc [Op:__inference_train_function_1234]' \
    NVCC-MISSING "XLA without the toolkit's libdevice"
recog "2025-01-05 17:02:35.709071: W tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc:521] Can't find libdevice directory \${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures" \
    NVCC-MISSING "XLA's warning before it"
recog '##[error]Error: Version not available: 13.2.0' CI-CUDA-ACTION \
    "the CUDA-installing action's table without the release"
is "$(cap CUDA)" 13.2.0 "CI-CUDA-ACTION: the release asked for"
cds --root "$E0" explain --json 'Error: Version not available: 3.13.1'
is "$(jget "$OUT" 'd.get("id")')" None "another action's version (a Python): not CUDA's"
recog '[2024-06-13 20:21:01.668] [error] 6: [libLoader.cpp::nvinfer1::rt::DynamicLibrary::Impl::Impl::288] Error Code 6: Internal Error (Unable to load library: nvinfer_builder_resource_10.dll)' \
    F13 "TensorRT's builder resource on Windows"
recog 'ERROR: createInferBuilder: Error Code 6: API Usage Error
Unable to load library:
libnvinfer_builder_resource.so.10.7.0:' F13 "TensorRT's library named on a line of its own"
is "$(cap missing)" libnvinfer_builder_resource.so.10.7.0 "F13: the library captured across the line break"
recog "ImportError: cannot import name '_C' from 'sam2' (/src/sam2/sam2/__init__.py)" \
    EXT-NOT-BUILT "a project's compiled _C not there"
is "$(cap module) $(cap package)" "_C sam2" "EXT-NOT-BUILT: the module and its package"
recog '!!! Warning !!!: CUDA kernel not found, please check CUDA and VPTQ installation.
!!! Warning !!!: Running on Torch Implementation, which is extremely slow.' EXT-NOT-BUILT \
    "a package's word that its CUDA kernels are not there"
recog 'CUDA kernel not found for op index_add' None "a kernel not found with no word of the install"
recog 'ImportError: /x/site-packages/torch/lib/libtorch_cpu.so: undefined symbol: cuptiActivityEnableDriverApi, version libcupti.so.12' LIB-SYMBOL \
    "a CUPTI function (its prefix a longer lower-case word than cu) an older libcupti lacks"
recog 'python: symbol lookup error: ./libfoo.so: undefined symbol: cuptify_image' None \
    "another program's cupti-like name: not NVIDIA's API"
recog "E: Package 'libcudnn9' has no installation candidate." PKG-DEPS \
    "apt's word for a package its lists do not offer (a virtual one), newer apt's quotes"
is "$(cap 'apt package')" libcudnn9 "PKG-DEPS: the package apt named"
recog "E: Package libcudnn8 has no installation candidate" PKG-DEPS "older apt, unquoted"
recog "E: Package 'libpng16' has no installation candidate." None "another package's: not NVIDIA's"
recog 'ERROR: failed to build: failed to solve: docker.io/nvidia/cuda:13.0.2-devel-ubuntu22.04: not found' CUDA-IMAGE-GONE \
    "BuildKit's short form for a tag nvidia/cuda does not have"
recog 'Invalid handle. Cannot load symbol cublasLtGetVersion' F5 \
    "cuDNN 9's loader without the cuBLASLt of its CUDA"
recog 'Failed to initialize NVML: GPU access blocked by the operating system' GPU-BLOCKED \
    "NVML_ERROR_OPERATING_SYSTEM in nvmlErrorString's words"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]][:2]')" "['GPU-BLOCKED', 'CTR-CGROUP']" \
    "GPU-BLOCKED, and the container's device cgroup named second (nvml.h: the operating system/cgroups)"
recog '[hevc @ 0x555ae51e4900] Hardware is lacking required capabilities
[hevc @ 0x555ae51e4900] Failed setup for format cuda: hwaccel initialisation returned error.' GPU-FEATURE \
    "FFmpeg's NVDEC: the GPU's decoder lacks the stream's codec or profile"
recog 'RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch has CUDA Version=12.1 and torchvision has CUDA Version=11.8. Please reinstall the torchvision that matches your PyTorch install.' TORCH-COMPANION \
    "torchvision's check of torch's CUDA, its newer words"
is "$(cap pkg1) $(cap ver1) $(cap ver2)" "torchvision 11.8 12.1" "TORCH-COMPANION: the companion, its CUDA and torch's"
recog 'RuntimeError: operator torchvision::nms does not exist' TORCH-COMPANION \
    "the dispatcher's words for torchvision built against another torch release (sdnext#3531)"
is "$(jget "$OUT" '[c["text"] for c in d["causes"] if c.get("by_message")]')" "[]" \
    "TORCH-COMPANION: those words name no CUDA version, so no cause is the message's own"
recog 'RuntimeError: No such operator torchaudio::rnnt_loss' TORCH-COMPANION "older torch's word for the same"
recog 'E0901 21:40:14.737040 47228 gpu_resources.cc:98] Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for 61 75 80 86 ,but your current GPU is 120 Solution: Install the correct wheel package' F21 \
    "PaddlePaddle's check of the GPU against its wheel's architectures (Paddle#76037)"
is "$(cap 'built for') $(cap 'gpu cap')" "61 75 80 86  120" "F21: Paddle's list and the GPU's"
recog 'quant_cuda_kernel.cu(149): error: no instance of overloaded function "atomicAdd" matches the argument list
            argument types are: (double *, double)' GPU-FEATURE \
    "atomicAdd of double, declared from sm_60, built for an older one"
recog "ModuleNotFoundError: No module named 'selective_scan_cuda'" EXT-NOT-BUILT \
    "an op named for CUDA not there"
recog "ModuleNotFoundError: No module named 'torch._C'" None \
    "PyTorch's own _C missing: a broken torch, not a project's extension"
recog 'W0701 16:17:05.097621 2939814 util.go:64] FATAL ERROR: creating loader: registering filesystems: registering nvproxy driver: unsupported Nvidia driver version: 535.161.08' \
    CTR-GVISOR "gVisor's nvproxy without the host's driver"
is "$(cap driver)" 535.161.08 "CTR-GVISOR: the driver named"
recog 'RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable
W0711 00:22:44.410311 3935 frontend.go:785] [ 1: 1] nvproxy: unknown allocation class 0x0000c7c0' \
    CTR-GVISOR "a call nvproxy does not pass on, before the program's own words"
is "$(cap call) $(cap number)" "allocation class 0x0000c7c0" "CTR-GVISOR: the call named"
recog '  Warning  Failed  2m (x5 over 4m)  kubelet  Failed to pull image "nvcr.io/nvidia/driver:570.124.06-ubuntu26.04": rpc error: code = NotFound desc = failed to pull and unpack image "nvcr.io/nvidia/driver:570.124.06-ubuntu26.04": not found' \
    CTR-DRIVER-IMAGE "the GPU Operator's driver image for an OS it does not publish"
is "$(cap driver) $(cap os)" "570.124.06 ubuntu26.04" "CTR-DRIVER-IMAGE: the driver and the OS of the tag"
recog 'E0625 05:36:32.767916 5389 install.go:452] failed to check driver compatibility: failed to get fallback driver: failed to get R525 GPU driver version: failed to download artifact gpu_R525_version: failed to download gpu_R525_version from gs://cos-tools/17412.101.13/gpu_R525_version : failed to download gpu_R525_version, status: 404 Not Found' \
    CTR-DRIVER-IMAGE "GKE's COS installer without the driver's files for the build"
is "$(cap 'cos build') $(cap file)" "17412.101.13 gpu_R525_version" "CTR-DRIVER-IMAGE: the COS build and the file"
recog 'Back-off pulling image "nvcr.io/nvidia/driver:570.124.06-ubuntu22.04"' None \
    "a pull backing off, no not-found: not a verdict"
recog '/usr/bin/ld: cannot find -lnvparsers: No such file or directory' API-GONE \
    "TensorRT's UFF parser, which TensorRT 10 removed"
is "$(cap link)" nvparsers "API-GONE: the library named"
recog 'ValueError: Unknown CUDA arch (12.0) or GPU not supported' NVCC-ARCH \
    "PyTorch's extension builder on an architecture it does not know"
is "$(cap arch)" 12.0 "NVCC-ARCH: the architecture asked for"
recog 'NvMapMemAllocInternalTagged: 1075072515 error 12' CUDA-OOM \
    "Jetson's nvmap allocator out of memory (ENOMEM)"
recog 'RuntimeError: Jitify fatal error: Dynamically loaded libnvJitLink.so.12 is too old; it is version 12.2, need at least version 12.9' \
    LIB-OLDER "Jitify's check of the nvJitLink it loaded"
is "$(cap library) $(cap loaded) $(cap needs)" "libnvJitLink.so.12 12.2 12.9" \
    "LIB-OLDER: the library, the version loaded and the one needed"
recog 'Failed to load NPP library. NPP is required for CUDA color conversion.' F13 \
    "a program's own words for a toolkit library it could not load"
# nvcc's own words, run here with -ccbin naming no file (CUDA 13.0)
recog "$(printf 'gcc-99: No such file or directory\nnvcc fatal   : Failed to preprocess host compiler properties.')" \
    HOST-CC-MISSING "nvcc without the host compiler it was to run"
is "$(cap compiler)" gcc-99 "HOST-CC-MISSING: the compiler nvcc tried"
recog 'nvcc fatal   : Cannot find compiler '"'"'cl.exe'"'"' in PATH' HOST-CC-MISSING \
    "nvcc on Windows outside a Visual Studio prompt"
is "$(cap compiler)" cl.exe "HOST-CC-MISSING: cl.exe named"
recog 'nvcc fatal   : Failed to preprocess host compiler properties.' None \
    "nvcc's words alone, the compiler not named: not a verdict"
# nvcc 13.0's words, run here with -Wall and -fopenmp; an older nvcc's
# without the dash
recog "nvcc fatal   : Unknown option '-fopenmp'" NVCC-HOST-FLAG \
    "gcc's OpenMP option given to nvcc"
is "$(cap option)" -fopenmp "NVCC-HOST-FLAG: the option named"
recog "nvcc fatal   : Unknown option 'Wmissing-declarations'" NVCC-HOST-FLAG \
    "a warning option in an older nvcc's words"
recog "nvcc fatal   : Unknown option '--gpu-arch-typo'" None \
    "an option of nvcc's own form it does not know: not a host option"
# CMake 3.27's CMP0146 unset (its warning) and NEW (the module gone, in
# the words CMake 3.25 prints here for any module find_package lacks)
recog 'CMake Warning (dev) at cmake/util/FindCUDA.cmake:25 (include):
  Policy CMP0146 is not set: The FindCUDA module is removed.  Run "cmake
  --help-policy CMP0146" for policy details.' CMAKE-FINDCUDA \
    "CMake's warning on find_package(CUDA)"
recog 'CMake Error at CMakeLists.txt:3 (find_package):
  By not providing "FindCUDA.cmake" in CMAKE_MODULE_PATH this project has
  asked CMake to find a package configuration file provided by "CUDA", but
  CMake did not find one.' CMAKE-FINDCUDA "find_package(CUDA) under CMP0146 NEW"
recog 'CMake Error at CMakeLists.txt:3 (find_package):
  By not providing "FindCUDAX.cmake" in CMAKE_MODULE_PATH this project has
  asked CMake to find a package configuration file provided by "CUDAX", but
  CMake did not find one.' None "another package CMake does not find"
recog "mscclpp._mscclpp.CuError: (800, 'Call to cuMemCreate(&memHandle, nbytes, &prop, 0 ) failed./src/gpu_utils.cc:113 (Cu failure: operation not permitted)')" \
    FABRIC-IMEX "fabric memory refused, in MSCCL++'s words"
is "$(jget "$OUT" '[m["captures"].get("code") for m in d["matches"]][1]')" \
    CUDA_ERROR_NOT_PERMITTED "FABRIC-IMEX: the driver's code beside it"
# its first cause checked where explain runs: the IMEX channels a process
# there could open, the major the driver registered (NVIDIA's IMEX guide)
IM=$(mk_sysroot); cleanup_later "$IM"
mkdir -p "$IM/proc"
printf 'Character devices:\n  1 mem\n195 nvidia-frontend\n234 nvidia-caps-imex-channels\n' >"$IM/proc/devices"
DEEPEP="DeepEP error: call='cuMemCreate(&handle, size, &prop, 0)' Reason=operation not permitted"
cds --root "$IM" explain --json "$DEEPEP"
is "$(jget "$OUT" 'd["id"], d["verdict"] is not None')" "('FABRIC-IMEX', True)" \
	"FABRIC-IMEX without a channel: its cause shown here"
is "$(jget "$OUT" '[(f["severity"], [e["value"] for e in f["evidence"]]) for f in d["findings"] if f["id"] == "MSG-IMEX"]')" \
	"[('warning', ['none (no /dev/nvidia-caps-imex-channels)', 'nvidia-caps-imex-channels, major 234'])]" \
	"what shows it: no channel, the driver's major"
like "$(jget "$OUT" '[f["fixes"][0]["command"] for f in d["findings"] if f["id"] == "MSG-IMEX"]')" \
	"mknod /dev/nvidia-caps-imex-channels/channel0 c 234 0" "the channel made with that major"
mkdir -p "$IM/dev/nvidia-caps-imex-channels"
: >"$IM/dev/nvidia-caps-imex-channels/channel0"
cds --root "$IM" explain --json "$DEEPEP"
is "$(jget "$OUT" 'd["verdict"], [f["severity"] for f in d["findings"] if f["id"] == "MSG-IMEX"]')" \
	"(None, ['note'])" "a channel there: a note, no cause claimed"
recog '/usr/lib/python3/dist-packages/torch/cuda/__init__.py:61: FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install pynvml directly, please report this to the maintainers of the package that installed pynvml for you.' \
    PYNVML-DEPRECATED "pynvml's own deprecation warning"
recog '$ sudo nvidia-smi -pl 175
Changing power management limit is not supported for GPU: 00000000:01:00.0.
Treating as warning and moving on.' GPU-FEATURE "nvidia-smi: a setting a laptop GPU lacks"
is "$(cap setting)" "power management limit" "GPU-FEATURE: the setting named"
recog 'yvals_core.h(902): error STL1002: Unexpected compiler version, expected CUDA 12.4 or newer.' \
    F23 "MSVC's standard library refusing an older nvcc"
is "$(cap 'needs cuda')" 12.4 "F23: the CUDA the STL asks for"
recog '[F glutil.cpp:338] eglInitialize() failed' DRIVER-LIB \
    "nvdiffrast's EGL context without NVIDIA's EGL"
recog 'torch._dynamo.exc.BackendCompilerFailed: backend='"'"'inductor'"'"' raised:
ImportError: DLL load failed while importing __triton_launcher: The specified module could not be found.' \
    TRITON-HELPER "Triton's cached launcher that does not load"
is "$(cap module)" __triton_launcher "TRITON-HELPER: the module named"
recog '/tmp/tmpab12/cuda_utils.c:6:10: fatal error: Python.h: No such file or directory' \
    TRITON-HELPER "Triton's helper without the Python headers"
recog 'ImportError: DLL load failed while importing _ssl: The specified module could not be found.' \
    WIN-DLL "another module's DLL: Windows' loader, not Triton's"
recog 'ImportError: DLL load failed while importing _fused: The specified procedure could not be found.' \
    TORCH-ABI "Windows' words for an extension built against another PyTorch"
recog 'Expected symbol in library: DlSym { desc: "/opt/cuda/lib64/libnvrtc.so: undefined symbol: nvrtcGetNVVM" }' \
    BINDING-TOOLKIT "cudarc asking CUDA 13's NVRTC for a function it removed"
is "$(cap symbol)" nvrtcGetNVVM "BINDING-TOOLKIT: the function named"
recog 'error[E0425]: cannot find function `cuGraphAddDependencies` in module `sys`' \
    API-GONE "Rust's words for a driver function the binding no longer has"
recog 'The minimum required Nvidia driver for nvenc is (unknown) or newer' F16 \
    "FFmpeg: an NVENC API it does not know the driver for"
recog '[0] NVIDIA GB10 | 54°C,   0 % |    ?? /    ?? MB | gdm(43M)' NVML-UMA \
    "gpustat on GB10: NVML reports no memory"
recog '[0] NVIDIA A100-SXM4-40GB | 54°C,   0 % |    ?? /    ?? MB | python(43M)' None \
    "gpustat's marks on another GPU: any query that failed"
recog '/usr/lib/gcc/aarch64-linux-gnu/12/include/arm_neon.h(1829): error: identifier "__builtin_aarch64_ssubwv4hi" is undefined' \
    NVCC-NEON "nvcc's front end in GCC's NEON header"
is "$(cap identifier)" __builtin_aarch64_ssubwv4hi "NVCC-NEON: the builtin named"
# an enumerator a compiler does not know: used, not returned; the table
# says which release's headers last had it
recog "source.cpp:93:14: error: ‘CUFFT_INCOMPLETE_PARAMETER_LIST’ was not declared in this scope" \
    API-GONE "a cuFFT status CUDA 13's headers dropped"
is "$(cap 'last release with it') $(cap 'newest release')" "12.5 13.0" \
    "API-GONE: the headers that have it and the newest that do not"
recog 'Build log: <kernel>:112:21: error: implicit conversion from address space "generic" to address space "private" is not supported when passing to parameter of destination type' \
    OCL-ADDRSPACE "an OpenCL kernel the driver's compiler refuses"
is "$(cap from) $(cap to)" "generic private" "OCL-ADDRSPACE: the two address spaces"
recog 'FileNotFoundError: Could not find: nvinfer.dll. Is it on your PATH?' F13 \
    "TensorRT's Python package on Windows: its own DLL not on PATH"
is "$(cap missing)" nvinfer.dll "F13: the DLL TensorRT's package looked for"
recog 'ai.djl.engine.EngineException: No matching cuda flavor for win found: cu112mkl/sm_86.' \
    BINDING-TOOLKIT "DJL: no engine build for the CUDA here"
is "$(cap toolkit)" cu112 "BINDING-TOOLKIT: DJL's flavor named"
recog '   Debug: CUDA version 13.0.0 in /usr/lib/libcuda.so.1 not supported with this version of Reactant' \
    BINDING-TOOLKIT "a Julia package's platform check refusing the CUDA here"
recog '  Warning  FailedScheduling  45s   default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.' \
    CTR-K8S "the scheduler finding no node with a free GPU"
recog 'On trying to use CUDA I get the Error: RuntimeError: Library libcublas.so.12 is not found' \
    F13 "CTranslate2's older words for a CUDA library it cannot open"
is "$(cap missing)" libcublas.so.12 "F13: CTranslate2's library named"
recog 'laplacian_cuda_kernel.obj : error LNK2001: 无法解析的外部符号 cublasCreate_v2' \
    LINK-NVLIB "MSVC's unresolved symbol by its error number, in Chinese"
is "$(cap symbol)" cublasCreate_v2 "LINK-NVLIB: MSVC's symbol named"
recog 'k.obj : error LNK2001: unresolved external symbol cuModuleLoadData' \
    LINK-LIBCUDA "MSVC: a driver API call without cuda.lib"
recog 'main.obj : error LNK2019: unresolved external symbol cudaBindTexture referenced in function main' \
    API-GONE "MSVC: a runtime function CUDA's own list names removed"
recog 'ImportError: libnvdla_compiler.so: cannot open shared object file' \
    DRIVER-LIB "a Jetson's DLA compiler, a library of the board's L4T packages"
is "$(cap missing)" libnvdla_compiler.so "DRIVER-LIB: the Jetson's library named"
recog 'Uncaught exception detected: Unable to open library: libnvinfer_plugin.so.8 due to libcudnn.so.8' \
    F13 "TensorRT's plugin loader and the library it did not find"
is "$(cap library) $(cap missing)" "libnvinfer_plugin.so.8 libcudnn.so.8" "F13: the plugin and what it needs"
recog 'Linking onnxruntime-1.20.1-py312h414cfab_0_cpu' F27 "conda linking a framework's CPU variant"
is "$(cap package)" onnxruntime "F27: the package named"
recog '  pytorch-2.5.1-cpu_mkl_py312h1234567_100' F27 "conda-forge's CPU build string of PyTorch"
recog '[Fatal] CUDA Tree Learner was not enabled in this build.' F27 \
    "a program's own word that its CUDA part is not built in"
recog "ptxas /tmp/main.compute_70.ptx, line 10944; error   : Unknown modifier '.mmio'" \
    PTXAS-OLD "ptxas not knowing a modifier of a newer PTX"
is "$(cap instruction)" .mmio "PTXAS-OLD: the modifier named"
recog 'RuntimeError: CUDA error: uncorrectable ECC error encountered' \
    CUDA-FAULT "the runtime's ECC code is a fault, as the driver's is"
recog 'RuntimeError: CUDA failed with error initialization error' CODE-INIT \
    "CTranslate2's words around the runtime's"
recog "Test NCCL failure common.cu:1294 'unhandled cuda error ...'" \
    CODE-OTHER "nccl-tests' words around NCCL's"
is "$(cap code)" ncclUnhandledCudaError "nccl-tests: NCCL's code named"
recog 'calling cuModuleLoad in libcuda fails with ERROR_JIT_COMPILER_NOT_FOUND' \
    DRIVER-LIB "the driver's code without its prefix, beside a driver call"
recog 'Error: InvalidPtx' F16 "Rust's cust: a code by a name only CUDA's use"
recog 'ERROR: failed to solve: nvidia/cuda:11.4.0-cudnn8-devel-ubuntu20.04: docker.io/nvidia/cuda:11.4.0-cudnn8-devel-ubuntu20.04: not found' \
    CUDA-IMAGE-GONE "BuildKit: an nvidia/cuda tag the registry lacks"
is "$(cap tag)" 11.4.0-cudnn8-devel-ubuntu20.04 "BuildKit: the tag named"
recog 'FATA[0000] exec: "nvidia-container-cli": executable file not found in $PATH' \
    CTR-RUNTIME "an engine calling the toolkit's program, not installed"
is "$(cap missing)" nvidia-container-cli "CTR-RUNTIME: the program named"
recog '[130852.530546] NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:1b38)
                NVRM: installed in this system is not supported by the
                NVRM: NVIDIA 535.104.05 driver release.
insmod: ERROR: could not insert module nvidia.ko: No such device' GPU-INIT \
    "NVRM: a GPU this driver release does not drive, ahead of insmod's words"
is "$(cap driver)" 535.104.05 "GPU-INIT: the driver release named"
# GPUDirect RDMA's module, not the driver's own: a symbol of another
# build of the RDMA core (NVIDIA/gpu-operator#2868's dmesg), none at all
# (Mellanox/nv_peer_memory#84), another driver's nvidia_p2p_ symbols
# (#8), modprobe's words alone
recog '[Tue Sep  8 17:16:02 2026] nvidia_peermem: disagrees about version of symbol ib_register_peer_memory_client
[Tue Sep  8 17:16:02 2026] nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -22)' PEERMEM \
    "nvidia_peermem refused for a symbol of another RDMA core build"
is "$(jget "$OUT" 'd["verdict"], d["matches"][0]["captures"]["symbol"]')" "(1, 'ib_register_peer_memory_client')" "PEERMEM: cause 2 by the message, the symbol named"
recog '[Fri Feb 12 11:47:20 2021] nv_peer_mem: Unknown symbol ib_register_peer_memory_client (err 0)' PEERMEM \
    "nv_peer_mem refused for a symbol the RDMA core lacks"
is "$(jget "$OUT" 'd["verdict"]')" 0 "PEERMEM: no peer-memory API in the RDMA core, cause 1"
recog '[  366.264584] nv_peer_mem: disagrees about version of symbol nvidia_p2p_get_pages' PEERMEM \
    "nv_peer_mem refused for another driver's symbol"
is "$(jget "$OUT" 'd["verdict"]')" 2 "PEERMEM: built against another driver, cause 3"
recog "modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument" PEERMEM \
    "modprobe's words alone for nvidia_peermem"
is "$(jget "$OUT" 'd["verdict"], d["matches"][0]["captures"]["modprobe"]')" "(None, 'Invalid argument')" "PEERMEM: no cause claimed from modprobe's words"
# MSG-PEERMEM: the running kernel's RDMA core and peer-memory module, as
# modules.dep, /sys/module and /proc/kallsyms show them (the kernel's own
# ib_core under kernel/, MLNX_OFED's DKMS build under updates/; NCCL's
# net_ib.cc looks for /sys/module/nvidia_peermem; nv_peer_memory#79 for
# the symbol in /proc/kallsyms)
P1=$(mk_sysroot); cleanup_later "$P1"
PK=6.8.0-45-generic; PM="$P1/lib/modules/$PK"
mkdir -p "$P1/proc/sys/kernel" "$PM/kernel/drivers/infiniband/core" "$PM/updates/dkms"
echo $PK >"$P1/proc/sys/kernel/osrelease"
MP="modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument"
pm() { cds --root "$P1" explain --json "${1:-$MP}"; }
pmf() { jget "$OUT" '[(f["severity"], f["evidence"][0]["value"]) for f in d["findings"] if f["id"] == "MSG-PEERMEM"]'; }
pmfix() { jget "$OUT" '" ".join(x["command"] for f in d["findings"] if f["id"] == "MSG-PEERMEM" for x in f["fixes"])'; }
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "None []" "PEERMEM: no modules.dep for the running kernel, no finding, nothing claimed"
: >"$PM/updates/dkms/nvidia-peermem.ko.zst"
printf 'updates/dkms/nvidia-peermem.ko.zst: updates/dkms/nvidia.ko.zst\n' >"$PM/modules.dep"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "0 [('warning', 'no RDMA core')]" "PEERMEM: no ib_core for the kernel, cause 1 shown"
: >"$PM/kernel/drivers/infiniband/core/ib_core.ko.zst"
printf 'kernel/drivers/infiniband/core/ib_core.ko.zst:\nupdates/dkms/nvidia-peermem.ko.zst: kernel/drivers/infiniband/core/ib_core.ko.zst updates/dkms/nvidia.ko.zst\n' >"$PM/modules.dep"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "0 [('warning', \"kernel's own RDMA core\")]" "PEERMEM: the kernel's own ib_core, cause 1 shown"
like "$(pmfix)" "install MLNX_OFED for kernel $PK" "PEERMEM: the fix installs MLNX_OFED for the running kernel"
pm '[  9.1] nvidia_peermem: disagrees about version of symbol ib_register_peer_memory_client'
is "$(jget "$OUT" 'd["verdict"]')" 1 "PEERMEM: the message's own cause comes before this machine's"
# MLNX_OFED's ib_core under updates/ installed after the module was built
sleep 1
: >"$PM/updates/dkms/ib_core.ko"
printf 'updates/dkms/ib_core.ko:\nupdates/dkms/nvidia-peermem.ko.zst: updates/dkms/ib_core.ko updates/dkms/nvidia.ko.zst\n' >"$PM/modules.dep"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "1 [('warning', 'RDMA core newer than the module')]" "PEERMEM: OFED's ib_core installed after the module, cause 2 shown"
like "$(pmfix)" "dkms autoinstall -k $PK" "PEERMEM: the fix rebuilds for the running kernel"
sleep 1
rm "$PM/updates/dkms/nvidia-peermem.ko.zst"; : >"$PM/updates/dkms/nvidia-peermem.ko.zst"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "None [('note', 'RDMA core installed')]" "PEERMEM: the module built after OFED's ib_core, a note, nothing claimed"
# what is loaded: the symbol in /proc/kallsyms, or not with ib_core and
# ib_uverbs both loaded (the kernel's own still running)
mkdir -p "$P1/sys/module/ib_core" "$P1/sys/module/ib_uverbs"
printf '0000000000000000 T ib_register_client\t[ib_core]\n0000000000000000 t ib_register_peer_memory_client_x\t[other]\n' >"$P1/proc/kallsyms"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "0 [('warning', 'no peer-memory API loaded')]" "PEERMEM: OFED installed, the loaded RDMA core without the API, cause 1"
like "$(pmfix)" "openibd restart" "PEERMEM: the fix loads the installed RDMA core"
rmdir "$P1/sys/module/ib_uverbs"
pm
is "$(pmf)" "[('note', 'RDMA core installed')]" "PEERMEM: without ib_uverbs loaded the symbol's absence says nothing"
printf '0000000000000000 T ib_register_peer_memory_client\t[ib_core]\n' >>"$P1/proc/kallsyms"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf)" "None [('note', 'peer-memory API')]" "PEERMEM: the API in /proc/kallsyms, a note"
mkdir -p "$P1/sys/module/nvidia_peermem"; echo 580.95.05 >"$P1/sys/module/nvidia_peermem/version"
pm
is "$(jget "$OUT" 'd["verdict"]') $(pmf) $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-PEERMEM"]')" \
    "None [('note', 'loaded')] [\"GPUDirect RDMA's peer-memory module is loaded here (version 580.95.05)\"]" \
    "PEERMEM: the module loaded now, its version, nothing claimed"
rm "$PM/modules.dep"
pm
is "$(pmf)" "[('note', 'loaded')]" "PEERMEM: loaded, told without the kernel's modules.dep (a container's view)"
# GDS-DRIVER: GPUDirect Storage's nvidia-fs, by cuFile's codes in
# libcufile's log and KvikIO's exception (cufile.h's words), by
# cufile.log's own lines and the kernel's; MSG-GDS: the module for the
# running kernel and cuFile's configuration
G1=$(mk_sysroot); cleanup_later "$G1"
GM="$G1/lib/modules/6.8.0-45-generic"
mkdir -p "$G1/proc/sys/kernel" "$GM/updates/dkms"
echo 6.8.0-45-generic >"$G1/proc/sys/kernel/osrelease"
gd() { cds --root "$G1" explain --json "$1"; }
gdf() { jget "$OUT" '[(f["severity"], f["evidence"][0]["value"]) for f in d["findings"] if f["id"] == "MSG-GDS"]'; }
gdev() { jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "MSG-GDS" for e in f["evidence"] if e["key"] == "'"$1"'"]'; }
gd 'RuntimeError: cuFile error at: /k/cpp/include/kvikio/shim/cufile.hpp:102: nvidia-fs driver is not loaded. Set allow_compat_mode to true in cufile.json file to enable compatible mode'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(cap code) $(cap 'printed by') $(gdf)" \
    "('GDS-DRIVER', 0) CU_FILE_DRIVER_NOT_INITIALIZED KvikIO []" \
    "GDS-DRIVER: KvikIO's exception, cuFile's code by its words, cause 1; no modules.dep, no finding"
printf 'kernel/drivers/nvme/host/nvme.ko.zst:\n' >"$GM/modules.dep"
gd "modprobe: ERROR: could not insert 'nvidia_fs': Unknown symbol in module, or unknown parameter (see dmesg)"
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(gdf) $(gdev configuration)" \
    "('GDS-DRIVER', 0) [('warning', 'not installed')] [\"/etc/cufile.json (cuFile's default): not here\"]" \
    "GDS-DRIVER: modprobe's words, nvidia-fs not built for the kernel here, cause 1 shown"
: >"$GM/updates/dkms/nvidia-fs.ko"
printf 'kernel/drivers/nvme/host/nvme.ko.zst:\nupdates/dkms/nvidia-fs.ko:\n' >"$GM/modules.dep"
mkdir -p "$G1/opt"
printf '{\n    // "allow_compat_mode": true,\n    "properties": {\n        "allow_compat_mode" : false\n    }\n}\n' >"$G1/opt/cf.json"
CUFILE_ENV_PATH_JSON=/opt/cf.json cds --root "$G1" explain --json ' 06-11-2023 20:12:02:865 [pid=157254 tid=157254] ERROR  cufio-drv:716 nvidia-fs.ko driver not loaded'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(gdf) $(gdev 'compatibility mode')" \
    "('GDS-DRIVER', 0) [('warning', 'not loaded')] ['not allowed (allow_compat_mode: false)']" \
    "GDS-DRIVER: cufile.log's line, the module built but not loaded, compatibility mode off where CUFILE_ENV_PATH_JSON points"
is "$(jget "$OUT" '[x["command"] for f in d["findings"] if f["id"] == "MSG-GDS" for x in f["fixes"]]')" \
    "['sudo modprobe nvidia-fs', 'or let cuFile read and write through host memory without it: \"allow_compat_mode\": true in /opt/cf.json']" \
    "GDS-DRIVER: modprobe, or compatibility mode in the configuration in use"
gd '[   12.3] nvidia_fs: Unknown symbol nvidia_p2p_dma_map_pages (err -2)'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(cap symbol)" "('GDS-DRIVER', 1) nvidia_p2p_dma_map_pages" \
    "GDS-DRIVER: the kernel's words for the driver's symbol, cause 2 (gds-nvidia-fs#34)"
gd ' 06-04-2026 14:59:16:997 [pid=44990 tid=44990] ERROR  cufio:339 cuFileHandleRegister error: GPUDirect Storage not supported on current file'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(cap code) $(cap 'printed by')" \
    "('GDS-DRIVER', 2) CU_FILE_IO_NOT_SUPPORTED cuFile (GPUDirect Storage)" \
    "GDS-DRIVER: cufile.log's call and cuFile's words for the file, cause 3"
gd ' 27-06-2023 16:20:53:48 [pid=41337 tid=41337] ERROR  cufio-fs:204 NVMe Driver not registered with nvidia-fs!!!'
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(cap 'device driver')" "('GDS-DRIVER', 2) NVMe" \
    "GDS-DRIVER: the block device's driver not registered with nvidia-fs, cause 3"
gd 'cuFileDriverOpen failed: CU_FILE_PLATFORM_NOT_SUPPORTED'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('GDS-DRIVER', 3)" "GDS-DRIVER: the platform by the code's name, cause 4"
# healthy lines of the same programs stay silent: compatibility mode in
# use, the module's own start, NCCL using GPUDirect RDMA
for t in ' 06-11-2023 18:40:43:90 [pid=59193 tid=59193] NOTICE  cufio-drv:720 running in compatible mode' \
    '[192745.286125] nvidia_fs: Initializing nvfs driver module
[192745.286136] nvidia_fs: registered correctly with major number 510' \
    "hostA:31842:31905 [0] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'"; do
	gd "$t"
	is "$(jget "$OUT" 'd["recognised"]')" False "not a failure: $(printf '%s' "$t" | head -1 | cut -c1-60)"
done
mkdir -p "$G1/sys/module/nvidia_fs"; echo 2.20.5 >"$G1/sys/module/nvidia_fs/version"
gd "modprobe: ERROR: could not insert 'nvidia_fs': Invalid argument"
is "$(jget "$OUT" 'd["verdict"]') $(gdf) $(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-GDS"]')" \
    "None [('note', 'loaded')] ['nvidia-fs is loaded here (version 2.20.5)']" \
    "GDS-DRIVER: nvidia-fs loaded now, nothing claimed"
recog 'nvidia_drm: Unknown symbol drm_fbdev_generic_setup (err -2)' F20 \
    "the driver's own module with an unknown symbol stays F20"
recog 'Could not locate cublasLt64_12.dll. Please make sure it is in your library path!' \
    F5 "cuDNN 8's loader without a CUDA DLL it needs"
recog 'OSError: [WinError 127] The specified procedure could not be found. Error loading "C:\\app\\lib\\torch\\lib\\cudnn_adv_infer64_8.dll" or one of its dependencies.' \
    F2 "PyTorch's Windows loader on a cuDNN DLL"
recog 'CMake Error at FindCUDA.cmake:883 (message):
  Specify CUDA_TOOLKIT_ROOT_DIR' NVCC-MISSING "FindCUDA without a toolkit"
recog '[ERROR] (rhi) layer: Cannot find CUDA nvrtc. Please ensure that the CUDA Toolkit is installed.' \
    F13 "a program's own words for NVRTC not found"
recog '[W:onnxruntime:Default, onnxruntime_pybind_state.cc:1641] Init provider bridge failed.' \
    F14 "ONNX Runtime's provider bridge"
recog 'Failed to load library .../libonnxruntime_providers_cuda.so with error:
libcurand.so.10: cannot open shared object file: No such file or directory' \
    F14 "ONNX Runtime's provider and the library it misses, on the next line"
recog 'slurmstepd: error: pyxis:     [ERROR] Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container' \
    CTR-RUNTIME "enroot's hook without the toolkit's cli"
recog 'OptiX Error: Failed to load OptiX library' DRIVER-LIB \
    "a program's words for the driver's OptiX library"
recog 'The user requested CUDA support with the --mca mpi_cuda_support 1 flag
but the library was not compiled with any support.' F27 \
    "Open MPI without the CUDA support asked for"
recog 'Out of memory allocating 4499256832 bytes of device memory' CUDA-OOM \
    "the NVIDIA HPC compilers' runtime out of device memory"
recog 'ptxas error   : Value of threads per SM for entry _ZN4quda10raw_kernel is out of range. .minncta' \
    GPU-RESOURCES "ptxas: launch bounds over the target's threads per SM"
recog '    Found GPU0 Tesla V100-SXM3-32GB which is of cuda capability 7.0.

    PyTorch no longer supports this GPU because it is too old.' F21 \
    "PyTorch's own warning for a GPU below its build's architectures"
is "$(cap cc)" 7.0 "F21: the GPU's capability named"
recog 'Error in setConst_hprime_xx: invalid device symbol' CODE-USAGE \
    "a three-word runtime string ending a line"
recog 'peer access is not supported between these two device' CODE-USAGE \
    "a runtime sentence cut short by its last word"
recog 'x86_64-conda-linux-gnu/bin/ld: cannot find -lcudart: No such file or directory' \
    LINK-NVLIB "the linker without an NVIDIA library it is told to link"
is "$(jget "$OUT" '[e["value"][:20] for f in d["findings"] if f["id"] == "MSG-LIBRARY" for e in f["evidence"] if e["key"] == "what it is"]')" \
    "['the development link']" "-lcudart: the development link is what is looked up"
recog '	libcublas.so.12 => not found' F13 "ldd's list: an NVIDIA library not found"
recog '	cublas64_13.dll => not found' F13 "ntldd's list: an NVIDIA DLL not found"
recog '	libcuda.so.1 => not found' DRIVER-LIB "ldd's list: the driver's library not found"
recog '	libcudart.so.12 => /usr/local/cuda/lib64/libcudart.so.12 (0x00007f6a1c000000)' \
    NAMES "ldd's list: a library found is only named, no failure"
recog 'operation gpuGetLastError() failed: cudaGetErrorString symbol not found.' \
    LIB-SYMBOL "XLA's stub: a function the CUDA runtime loaded lacks"
recog 'ERROR: This container was built for NVIDIA Driver Release 535.86 or later, but
       version 510.85.02 was detected and compatibility mode is UNAVAILABLE.' \
    F16 "an NGC container's start-up check of the driver"
is "$(cap driver_min) $(cap driver_found)" "535.86 510.85.02" "NGC: both drivers captured"
recog 'ERROR: No matching distribution found for jaxlib==0.3.20' PIP-NO-PIN \
    "a framework pinned at a release the index does not serve"
recog 'CUDA error: the requested functionality is not supported' CODE-USAGE \
    "cuBLAS's words under ggml's CUDA error:"
is "$(cap code)" CUBLAS_STATUS_NOT_SUPPORTED "ggml: cuBLAS's code named"
recog 'numba.cuda.cudadrv.error.CudaDriverError: Driver missing function: cuDeviceGetUuid' \
    F16 "numba: a driver entry point the driver lacks"
recog '[hevc_nvenc @ 000001debf9a0840] No capable devices found' GPU-FEATURE \
    "ffmpeg: no GPU's encoder does what was asked"
recog 'RuntimeError: LoadNvEncApi : NVENC library file is not found. Please ensure NV driver is installed' \
    DRIVER-LIB "the Video Codec SDK: the driver's encoder library not found"
recog 'The GPU failed to perform image processing because of an error. Error code: 999.' \
    CUDA-999 "DaVinci Resolve's code"
recog "/usr/include/bits/floatn.h(86): error: invalid combination of type specifiers" \
    F23 "nvcc on a glibc newer than it knows"
recog 'nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig: no such file or directory: unknown.' \
    CTR-LDCONFIG "the toolkit's hook runs an ldconfig the host lacks"
recog 'E0216 13:44:10.419067 1 nvc_ldcache.c:411] could not start /usr/sbin/ldconfig: process execution failed: no such file or directory' \
    CTR-LDCONFIG "nvc_ldcache's words for an ldconfig it could not run"
is "$(cap ldconfig)" /usr/sbin/ldconfig "CTR-LDCONFIG: the ldconfig named"
recog "Could not find the bitsandbytes CUDA binary at WindowsPath('A:/venv/lib/site-packages/bitsandbytes/libbitsandbytes_cuda128.dll')" \
    BNB-BINARY "bitsandbytes on Windows: its CUDA binary not found"
is "$(cap wanted)" libbitsandbytes_cuda128.dll "bitsandbytes: the binary it wanted"
recog "Building DKMS module 'nvidia-580.126.18' for kernel-7.0.1_1... FAILED!" \
    KMOD-BUILD "DKMS's own words for a module that does not build"
recog 'rmmod: ERROR: Module nvidia_uvm is in use' GPU-HELD \
    "kmod: a module of the driver held by something"
is "$(cap module)" nvidia_uvm "GPU-HELD: the module named"
recog 'BUG: kernel NULL pointer dereference, address: 0000000000000010
RIP: 0010:uvm_va_space_destroy+0x1c/0x90 [nvidia_uvm]' KMOD-OOPS \
    "an oops with its instruction pointer in nvidia_uvm"
is "$(cap module) $(cap function)" "nvidia_uvm uvm_va_space_destroy" \
    "KMOD-OOPS: the module and the function named"
recog 'nvidia-container-cli: initialization error: driver rpc error: timed out: unknown.' \
    PERSISTENCED "the toolkit's RPC to the driver"
recog "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when" \
    F20 "nvidia-installer: the module it built does not load"
# what CUDA 13 and CCCL 3 took away, in each compiler's words
recog 'gpu_stream.cu(121): error: class "cudaDeviceProp" has no member "memoryClockRate"' \
    API-GONE "nvcc: a field cudaDeviceProp no longer has"
is "$(cap type) $(cap member)" "cudaDeviceProp memoryClockRate" "API-GONE: the type and the member named"
recog "interface.cpp:444:22: error: 'struct cudaDeviceProp' has no member named 'clockRate'" \
    API-GONE "GCC: the same"
recog "query.cpp(118): error C2039: 'clockRate': is not a member of 'cudaDeviceProp'" \
    API-GONE "MSVC: the same"
recog "query.cu:9:10: error: no member named 'clockRate' in 'cudaDeviceProp'" \
    API-GONE "Clang: the same"
recog 'Block.cuh(126): error: namespace "cub" has no member "Sum"' \
    API-GONE "CCCL 3: a CUB functor gone"
recog 'stream.cuh(97): error: no suitable constructor exists to convert from "int" to "cudaMemLocation"' \
    API-GONE "an argument of a type the API no longer takes"
recog "device.cpp(183,5): error C2660: 'cuCtxCreate_v4': function does not take 3 arguments" \
    API-GONE "MSVC: a driver API function's arguments"
recog 'nv-fabricmanager[41]: request to query NVSwitch device information from NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]' \
    FM-NO-NVSWITCH "Fabric Manager without an NVSwitch"
recog 'The following GPUs could not be reset:
  GPU 00000000:3B:00.0: In use by another client' GPU-HELD "nvidia-smi's refused reset"
# CUDA used before fork(): the message itself is the cause, no finding
recog "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method" \
    CUDA-FORK "PyTorch: CUDA used, then fork()"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" 'd["causes"][0]["by_message"]') $(jget "$OUT" 'd["causes"][0]["finding"]')" \
    "0 True None" "CUDA-FORK: the message shows its cause, no finding needed"
cds --root "$E0" explain 'numba.cuda.cudadrv.driver.CudaDriverError: CUDA initialized before forking'
like "$OUT" "the message says so" "CUDA-FORK in words: numba's; the cause marked as the message's"
like "$OUT" "It is cause 1" "CUDA-FORK in words: the verdict without a finding"
is "$RC" 0 "CUDA-FORK: exit 0 (a cause, no error finding here)"
recog 'numba.cuda.cudadrv.error.CudaSupportError: Error at driver init: Call to cuInit results in UNKNOWN_CUDA_ERROR' \
    CODE-INIT "numba's name for a cuInit code it does not know"
recog 'ERROR: Compute capability 7.0.0 is not supported by CUDA 13.0.0' \
    NVCC-ARCH "CUDA.jl: a toolkit that dropped the GPU's architecture"
is "$(cap cuda)" 13.0.0 "NVCC-ARCH: the toolkit named"
recog 'host:4766:4780 [0] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856' \
    GPU-RESOURCES "NCCL's kernels over the GPU's shared memory"
recog '/usr/local/cuda-10.2/lib64/libnppial.so: file not recognized: File format not recognized' \
    LIB-TRUNCATED "the link editor given a file that is no object"
is "$(cap library)" libnppial.so "LIB-TRUNCATED: the file named"
recog 'stderr: nvidia-container-cli.real: error parsing IMEX info: unsupported IMEX channel value: all' \
    CTR-RUNTIME "an older nvidia-container-cli asked for IMEX channels"
recog "memory.c:253:40: warning: passing argument 2 of 'cuCtxCreate_v4' makes pointer from integer without a cast" \
    API-GONE "GCC: an old call to a driver API function's new signature"
is "$(cap symbol)" cuCtxCreate_v4 "API-GONE: the versioned function named"
recog 'error: namespace "thrust" has no member class "unary_function"' \
    API-GONE "nvcc: a class CCCL 3 removed"
is "$(cap member)" unary_function "API-GONE: the member named"
recog "OpError: expects arch to be one of ['sm_100a', 'sm_100f'], but got sm_121a" \
    GPU-FEATURE "CuTe DSL: an MMA the GPU lacks"
recog 'OSError: /root/app/src/scheduler_eval.so: undefined symbol: cudnnSetStream' \
    LINK-NVLIB "a program's own module not linked with cuDNN"
recog 'ERROR: Kernel configuration is invalid.
include/generated/autoconf.h or include/config/auto.conf are missing.' \
    KMOD-BUILD "kbuild: headers not prepared for modules"
recog 'nvcc fatal : Unsupported gpu architecture' NVCC-ARCH \
    "nvcc's refusal without the architecture quoted"
recog "2024-02-19 15:14:56.882326: W external/xla/xla/service/hlo_rematerialization.cc:2941] Can't reduce memory use below 11.20GiB (12025908428 bytes) by rematerialization; only reduced to 49.62GiB (53280000080 bytes), down from 49.62GiB (53280000080 bytes) originally" \
    CUDA-OOM "XLA's compiler: the program's peak above the device's memory"
recog 'Original error: RESOURCE_EXHAUSTED: Failed to allocate request for 176.00MiB (184549376B) on device ordinal 0' \
    CUDA-OOM "XLA's allocator out of GPU memory"
is "$(cap allocation)" 176.00MiB "CUDA-OOM: XLA's request captured"
recog 'Error response from daemon: manifest for nvidia/cuda:10.2-devel-ubuntu18.04 not found: manifest unknown: manifest unknown' \
    CUDA-IMAGE-GONE "docker: an nvidia/cuda tag the registry lacks"
is "$(cap tag)" 10.2-devel-ubuntu18.04 "CUDA-IMAGE-GONE: the tag named"
is "$(jget "$OUT" 'd["side"]') $(jget "$OUT" 'd["causes"][0]["by_message"]')" \
    "container True" "CUDA-IMAGE-GONE: fixed in the image; the message shows it"
recog 'Error: initializing source docker://nvidia/cuda:10.2-cudnn7-devel-ubuntu18.04: reading manifest 10.2-cudnn7-devel-ubuntu18.04 in docker.io/nvidia/cuda: manifest unknown' \
    CUDA-IMAGE-GONE "podman: the same in containers/image's words"
recog "E: The repository 'https://nvidia.github.io/libnvidia-container/stable/ubuntu22.04/amd64  Release' does not have a Release file." \
    CTR-REPO "apt: the toolkit's repository by distribution"
is "$(cap distribution)" ubuntu22.04 "CTR-REPO: the distribution path named"
like "$(jget "$OUT" 'd["fix"]')" "stable/deb/nvidia-container-toolkit.list" \
    "CTR-REPO: the fix names NVIDIA's generic list"
recog 'unspecified launch failure in /src/md_slam/pyramid_level.cu at line 196.' \
    CUDA-FAULT "HANDLE_ERROR's words: the runtime's string, the file and line"
is "$(cap code)" cudaErrorLaunchFailure "HANDLE_ERROR: the code named"
recog '[2024-03-15 10:30:10] CUDA error: error code 34' STUB-LIBCUDA \
    "'CUDA error: error code N'"
recog 'Function cuDeviceGetDefaultMemPool not found' F16 \
    "Taichi's loader: a driver API function the driver lacks"
recog "[WARNING]your gpu arch (8, 9) isn't compiled in prebuilt, may cause invalid device function." \
    F21 "spconv: no prebuilt kernels for the GPU"
recog 'OSError: Could not find compatible tinycudann extension for compute capability 87.' \
    F21 "tiny-cuda-nn: no build of its extension for the GPU"
is "$(cap sm)" 87 "F21: the GPU's compute capability"
recog '    raise EnvironmentError(f"Could not find compatible tinycudann extension for compute capability {system_compute_capability}.")' \
    F21 "the same raise, as the traceback shows its source line"
recog 'error loading config: nvidia-container-cli.ldconfig value "/usr/sbin/ldconfig" is not host-relative' \
    CTR-RUNTIME "the toolkit refusing a container-relative ldconfig"
recog 'Error loading onnxruntime_providers_cuda.dll: cublasLt64_13.dll is missing' \
    F14 "ONNX Runtime's CUDA provider and the DLL it misses"
is "$(cap missing)" libcublasLt.so.13 "F14: the missing DLL as its soname"
recog 'nvcc: NVIDIA (R) Cuda compiler driver
Cuda compilation tools, release 11.7, V11.7.99
CUDA error: error code 34' STUB-LIBCUDA "a failure's code ahead of nvcc's version line (F30)"
recog 'collect2: error: ld returned 1 exit status
/usr/bin/ld: cannot find -l:libcuda.so.1: No such file or directory' \
    LINK-LIBCUDA "the link editor asked for libcuda by file name"
recog 'torch.AcceleratorError: CUDA error: an illegal memory access' CUDA-FAULT \
    "a runtime string cut short at the end of the line"
is "$(cap code)" cudaErrorIllegalAddress "cut short: the code named"
recog './test_papi: error while loading shared libraries: libcudart.so.12' F13 \
    "ld.so's NEEDED library, its reason cut off"
recog 'undefined symbol ncclCommRegister' NCCL-SYMBOL \
    "'undefined symbol' without its colon"
recog 'nvidia-container-cli: device error: 7: unknown device: unknown' \
    CUDA-ORDINAL "the container toolkit given a GPU the host lacks"
is "$(cap device)" 7 "CUDA-ORDINAL: the device named"
recog 'modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.12.0-1-amd64' \
    F20 "no module for the running kernel"
recog '*** Failed PREEMPT_RT sanity check. Bailing out! ***' KMOD-BUILD \
    "the installer refusing a real-time kernel"
recog "error: Distribution \`torchcodec==0.9.1 @ registry+https://pypi.org/simple\` can't be installed because it doesn't have a source distribution or wheel for the current platform" \
    PIP-NO-PIN "uv: no wheel for this platform"
recog 'LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.read.ptx.sreg.clusterid.x' \
    GPU-FEATURE "LLVM: an instruction the architecture lacks"
recog 'Error Code 9: API Usage Error (Target GPU SM 120 is not supported by this TensorRT release.)' \
    F21 "TensorRT's builder on a newer GPU"
recog 'RuntimeError: The currently running cuBLAS version 120201 does not support grouped GEMM' \
    LIB-OLDER "a library's own word that the copy running is too old"
is "$(cap library) $(cap loaded)" "cuBLAS 120201" "LIB-OLDER: the library and its version"
recog 'NotImplementedError: FMHA is only allowed on devices with the following compute capabilities: [90, 100], got 86.' \
    F21 "a program's list of capabilities, the GPU's outside it"
recog 'E0116 15:56:51.763612 1363 driver.c:196] could not start driver service: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory' \
    CTR-HOST-DRIVER "the container toolkit's debug log: no driver on the host"
recog 'llama_model_load: error loading model: unable to allocate CUDA0 buffer' \
    CUDA-OOM "llama.cpp's loader: the CUDA backend's device buffer not given"
recog 'ggml_gallocr_reserve_n: failed to allocate CUDA1 buffer of size 1610612736' \
    CUDA-OOM "ggml's graph allocator on the second GPU"
cds --root "$E0" explain --json 'ggml_gallocr_reserve_n: failed to allocate CUDA_Host buffer of size 1610612736'
is "$(jget "$OUT" 'd.get("id")')" None "CUDA_Host is pinned host memory: not the GPU's, no CUDA-OOM"
recog 'time=2025-01-01T00:00:00.000Z level=WARN source=gpu.go:605 msg="version mismatch between driver and cuda driver library - reboot or upgrade may be required: library /usr/lib/x86_64-linux-gnu/libcuda.so.560.28.03"' \
    CUDA-803 "Ollama's discovery: libcuda and the kernel module of two releases"
recog "ERROR: Unable to load the 'nvidia-drm' kernel module." \
    F20 "nvidia-installer: a module after the first refused"
is "$(cap module)" nvidia-drm "F20: the module named"
recog 'OCI runtime create failed: runc create failed: unable to start container process:
error during container init: failed to fulfil mount request:
open /run/nvidia-persistenced/socket: no such file or directory' \
    PERSISTENCED "a container's spec mounting the daemon's socket, gone"
recog 'ImportError: DLL load failed while importing _C: 指定されたプロシージャが見つかりません。' \
    TORCH-ABI "Windows' 127 in Japanese for an extension's _C"
recog '  File "C:\env\lib\site-packages\torch\__init__.py", line 5
ImportError: DLL load failed while importing _fused: 지정된 프로시저를 찾을 수 없습니다.' \
    TORCH-ABI "Windows' 127 in Korean, under torch: an extension of another PyTorch"
cds --root "$E0" explain --json 'ImportError: DLL load failed while importing QtCore: The specified procedure could not be found.'
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['WIN-DLL']" \
    "PyQt's QtCore missing a procedure: Windows' loader, no PyTorch extension claimed"
recog "cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: (-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'" \
    F27 "OpenCV's CUDA functions in a build without CUDA"
recog '[  124.512028] nvidia: disagrees about version of symbol module_layout' \
    F20 "the kernel refusing a module built for another kernel (modversions)"
recog "[  124.512014] nvidia: version magic '6.5.0-28-generic SMP preempt mod_unload modversions' should be '6.8.0-40-generic SMP preempt mod_unload modversions'" \
    F20 "the kernel refusing a module built for another kernel (version magic)"
is "$(cap 'built for') $(cap kernel)" "6.5.0-28-generic 6.8.0-40-generic" \
    "F20: the kernel the module was built for and the running one"
cds --root "$E0" explain --json 'i915: disagrees about version of symbol module_layout'
is "$(jget "$OUT" 'd.get("id")')" None "another vendor's module: not NVIDIA's driver"
recog '[    5.183201] nvidia_drm: Unknown symbol drm_fbdev_generic_setup (err -2)' \
    F20 "the kernel refusing a driver module whose symbol it does not export"
is "$(cap module) $(cap symbol)" "nvidia_drm drm_fbdev_generic_setup" "F20: the module and its missing symbol"
recog "modprobe: FATAL: Module nvidia-current not found in directory /lib/modules/6.1.0-18-amd64" \
    F20 "Debian's name for the driver's module (nvidia-current)"
is "$(cap module)" nvidia-current "F20: Debian's module name captured whole"
# modules beside the driver that need another stack: not the driver
# missing (nvidia_peermem: the RDMA core MLNX_OFED carries, PEERMEM;
# nvidia_fs: GPUDirect Storage's, no entry)
for m in "PEERMEM nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -2)" \
    "PEERMEM modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument" \
    "PEERMEM nvidia_peermem: disagrees about version of symbol ib_register_peer_memory_client" \
    "None modprobe: FATAL: Module nvidia_fs not found in directory /lib/modules/5.15.0-91-generic"; do
	cds --root "$E0" explain --json "${m#* }"
	is "$(jget "$OUT" 'd.get("id")')" "${m%% *}" "not F20: ${m#* }"
done
recog 'Error: Found no Cycles device of the specified type' NO-DRIVER \
    "Blender's Cycles: no device of the kind asked for"
recog 'NVRM: GPU 0000:01:00.0: GPU does not have the necessary power cables connected.' \
    GPU-INIT "NVRM: the card's auxiliary power not connected"
recog 'error -- unsupported clang version! clang version must be less than 21 and greater than 3.2 . The nvcc flag '"'"'-allow-unsupported-compiler'"'"' can be used to override this version check' \
    F23 "host_config.h refusing a newer clang"
is "$(cap clang)" 21 "F23: the first clang this nvcc refuses"
recog 'dcgm: NVML: Failed to query GPU: GPU is lost' GPU-LOST "NVML's words for a lost GPU after its user's prefix"
cds --root "$E0" explain --json 'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.'
is "$(jget "$OUT" 'd.get("id")')" None "vLLM's KV cache without room: a share set too low says it too, no CUDA-OOM claimed"
recog 'ValueError: Free memory on device cuda:0 (7.34/15.49 GiB) on startup is less than desired GPU memory utilization (0.8, 12.39 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.' \
    CUDA-OOM "vLLM: less free at start than its share (another process holds it)"
recog "W external/xla/xla/service/gpu/nvptx_compiler.cc:836] The NVIDIA driver's CUDA version is 12.2 which is older than the PTX compiler version 12.6.77. Because the driver is older than the PTX compiler version, XLA is disabling parallel compilation" \
    F16 "XLA's ptxas newer than the driver, its version without parentheses"
is "$(cap 'driver cuda') $(cap ptxas)" "12.2 12.6.77" "F16: the driver's CUDA and the ptxas"
recog '  Warning  FailedCreatePodSandBox  8s (x21 over 9m2s)  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured' \
    CTR-K8S "the node's containerd without the nvidia RuntimeClass's handler"
recog "Unable to reset this GPU because it's being used by some other process (e.g. CUDA application, graphics application like X server, monitoring application like other instance of nvidia-smi)." \
    GPU-HELD "nvidia-smi --gpu-reset with a process on the GPU"
recog 'Error: GPU 00000000:17:00.0: In use by another client' \
    GPU-HELD "NVML's NVML_ERROR_IN_USE in its caller's words"
recog '  ╰─▶ Because torch==2.5.1+cu124 has no wheels with a matching platform tag (e.g., `manylinux_2_28_aarch64`) and you require torch==2.5.1+cu124, we can conclude that your requirements are unsatisfiable.' \
    PIP-NO-PIN "uv: a CUDA build with no wheel for this platform"
cds --root "$E0" explain --json 'error: catboost==1.0.3 has no wheels with a matching platform tag (e.g., `macosx_26_0_arm64`)'
is "$(jget "$OUT" 'd.get("id")')" None "uv: another package without a wheel here, no CUDA build: not claimed"
recog 'ERROR: Could not find a version that satisfies the requirement nvidia-cudnn-cu12==8.9.2.26 (from versions: 9.1.0.70)' \
    PIP-NO-PIN "pip's first line for an NVIDIA wheel's pin"
recog "  what():  [22:03:01] src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage" \
    F27 "MXNet built without CUDA asked for the GPU"
recog 'INFO:    Could not find any nv files on this host!' \
    CTR-HOST-DRIVER "Apptainer's --nv on a host without the driver's programs"
recog 'WARNING: Could not find any nv libraries on this host!
WARNING: You may need to manually edit /usr/local/etc/singularity/nvliblist.conf' \
    CTR-HOST-DRIVER "Singularity's --nv on a host without the driver's libraries"
recog 'ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.
    nvidia-cublas-cu12==12.4.5.8 from https://pypi.org/x.whl' F26 "pip's hash check of an NVIDIA wheel"
recog "System.EntryPointNotFoundException: Unable to find an entry point named 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'." \
    F27 "ONNX Runtime's CPU package: no CUDA entry point"
recog '/usr/bin/ld: warning: libnvidia-ml.so.1, needed by /opt/app/libdcgm.so.4, not found (try using -rpath or -rpath-link)' \
    DRIVER-LIB "the link editor: a library of the driver not found"
recog 'WARNING:jax._src.xla_bridge:791: An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. Falling back to cpu.' \
    F27 "JAX without its CUDA plugin"
recog 'RuntimeError: Unable to load cuBLAS. Is it installed?' F13 \
    "JAX's plugin: a library it loads not found"
recog '[0]LogWindows:   Missing import: cublas64_12.dll' F13 \
    "Windows' loader log: an NVIDIA DLL missing"
recog "providers: ['AzureExecutionProvider', 'CPUExecutionProvider'] (CUDA missing)" F27 \
    "ONNX Runtime's CPU package by its providers"
recog 'Could not start backend: Runtime compute cap 86 is not compatible with compile time compute cap 80' \
    F21 "a build for another compute capability"
recog '[ERROR] failed to configure all the available GPUs or NVSwitches' F18 \
    "Fabric Manager could not bring the fabric up"
recog 'Driver does not support the required nvenc API version..' F16 \
    "NVENC's API too new, without the versions"
recog 'PackagesNotFoundError: The following packages are not available from current channels:

  - pytorch-cuda=11.6' PIP-NO-PIN "conda: no CUDA package at the version pinned"
recog 'Because there is no version of torch==2.4.0+cu118 and you require torch==2.4.0+cu118, we can conclude that your requirements are unsatisfiable.' \
    PIP-NO-PIN "uv and pixi: a CUDA label the index does not serve"
recog '  | Unable to find installation candidates for torch (2.4.0+cu118)' PIP-NO-PIN \
    "Poetry: the same"
recog 'error running hook #0: fork/exec /usr/bin/nvidia-cdi-hook: no such file or directory: unknown' \
    CTR-RUNTIME "a CDI spec's hook that is not installed"
recog 'Optix call (optixInit()) failed with code 7801 (line 12)' F16 \
    "OptiX: the driver's library older than the SDK's ABI"
is "$(cap code)" OPTIX_ERROR_UNSUPPORTED_ABI_VERSION "OptiX: the code named"
recog 'cudaErrorUnknown after XID 48 on node7' GPU-XID \
    "an Xid in prose is the driver's report, ahead of the code"
recog 'libonnxruntime_providers_cuda.so: undefined symbol: nvrtcGetProgramLogSize` error.' \
    LIB-SYMBOL "an NVRTC function the library loaded lacks, in a sentence"
recog "Warning #2: dcgm-exporter doesn't have sufficient privileges to expose profiling metrics." \
    GPU-COUNTERS "DCGM's exporter without SYS_ADMIN"
# MSG-PROFILING: the driver's module parameters, as /proc/driver/nvidia/params
# shows them ("RmProfilingAdminOnly: 1": NVIDIA's ERR_NVGPUCTRPERM page and
# cloud vendors' guides to it)
P1=$(mk_sysroot); cleanup_later "$P1"
mkdir -p "$P1/proc/driver/nvidia"
printf 'ResmanDebugLevel: 4294967295\nModifyDeviceFiles: 1\nDeviceFileUID: 0\nRmProfilingAdminOnly: 1\n' >"$P1/proc/driver/nvidia/params"
ctr='==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0.'
cds --root "$P1" explain --json "$ctr"
is "$(jget "$OUT" 'd["id"], d["verdict"]') $(evidence "$OUT" MSG-PROFILING 'module parameter')" \
    "('GPU-COUNTERS', 0) ['RmProfilingAdminOnly: 1 (/proc/driver/nvidia/params)']" \
    "GPU-COUNTERS: the driver restricts the counters here, cause 1 shown"
sed -i 's/RmProfilingAdminOnly: 1/RmProfilingAdminOnly: 0/' "$P1/proc/driver/nvidia/params"
cds --root "$P1" explain --json "$ctr"
is "$(jget "$OUT" 'd["verdict"]') $(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "MSG-PROFILING"]')" "None ['note']" \
    "GPU-COUNTERS: the counters open to all here, a note, no cause claimed"
recog '[TRT] [E] 1: Unsupported SM: 0x601' F21 "TensorRT on a GPU its release dropped"
recog 'msg="error looking up nvidia GPU memory" error="cuda driver library failed to get device context 801"' \
    CODE-USAGE "ollama's driver-API number"
is "$(cap code)" CUDA_ERROR_NOT_SUPPORTED "ollama: the driver's code named"
recog "ERROR: fatal : Unsupported .version 8.4; current version is '8.3'" \
    PTXAS-OLD "a ptxas program older than the PTX"
is "$(cap ptx) $(cap reads)" "8.4 8.3" "PTXAS-OLD: both ISA versions captured"
recog "ptxas application ptx input, line 9; fatal   : Unsupported .version 8.7; current version is '8.4'" \
    F16 "the driver's JIT older than the PTX stays the driver's"
recog 'E0103 ptx_compiler_helpers.cc:87] *** WARNING *** Invoking ptxas with version 12.1.66, which corresponds to a CUDA version <=12.6.2.' \
    PTXAS-OLD "XLA's check of the ptxas it runs"
recog 'RuntimeError: Triton only supports CUDA 10.0 or higher, but got CUDA version: 12.8' \
    BINDING-TOOLKIT "an older Triton's table of CUDA releases"
recog 'mathcalls.h: error: exception specification is incompatible with that of
previous function "cospi" (declared in crt/math_functions.h)' F23 \
    "glibc 2.41's math functions against the CUDA headers"
recog '[ONNXRuntimeError] : 1 : FAIL : Error loading "C:\env\onnxruntime\capi\onnxruntime_providers_cuda.dll" which depends on "cublasL' \
    F14 "ONNX Runtime's provider bridge, the DLL it needs cut off"
recog 'nvidia-ctk: symbol lookup error: nvidia-ctk: undefined symbol: nvmlDeviceGetMaxMigDeviceCount' \
    LIB-SYMBOL "an NVIDIA library's function the copy loaded lacks"
recog 'CMake Error at FindCUDAToolkit.cmake:890 (message):
  Could not find nvcc, please set CUDAToolkit_ROOT.' NVCC-MISSING \
    "a build's own words for no nvcc"
recog 'E   RuntimeError: Unable to use CUDA because of the following issues:
E   Outdated cuDNN installation found.
E   Version JAX was built against: 8907
E   Minimum supported: 9100
E   Installed version: 8907' F10 "pytest's E prefix on each line, read joined"
# ptxas' own words for an instruction of the architecture-specific target
# built for the plain one, made by this machine's ptxas when it has one
PTXAS=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null)
if [ -n "$PTXAS" ]; then
	printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tsetmaxnreg.inc.sync.aligned.u32 64;\n\tret;\n}\n' >"$E0/tmp/a.ptx"
	"$PTXAS" -arch=sm_90 "$E0/tmp/a.ptx" -o "$E0/tmp/a.cubin" 2>"$E0/tmp/ptxas.err"
	recog "$(cat "$E0/tmp/ptxas.err")" GPU-FEATURE "ptxas: an sm_90a instruction built for sm_90"
	is "$(cap target)" sm_90 "ptxas: the plain target captured"
else
	skip 2 "no ptxas here"
fi
cds --root "$E0" explain --json 'nothing known here'
is "$(jget "$OUT" 'd["recognised"], d["suggestion"]')" "(False, 'cudnn-setup doctor')" "unknown --json"
printf '%s\n' "$M1" | "$CDS_BIN" --root "$E0" explain --json - >"$E0/tmp/o" 2>/dev/null
is "$(jget "$(cat "$E0/tmp/o")" 'd["id"]')" F1 "the text from stdin with -"
printf '%s\n' 'CUDNN_STATUS_MAPPING_ERROR' | "$CDS_BIN" --root "$E0" explain --json >"$E0/tmp/o" 2>/dev/null
is "$(jget "$(cat "$E0/tmp/o")" 'd["id"]')" F22 "the text from stdin with no argument"
"$CDS_BIN" --root "$E0" explain </dev/null >/dev/null 2>"$E0/tmp/e"
is "$?" 2 "no text at all: exit 2"
like "$(cat "$E0/tmp/e")" "no error text" "no text: said"

# ---- the seven messages, each with its cause present ----------------------
C=/home/user/miniconda3
# the F1 state: torch's cuDNN 8.5.0 wheel, an older 8.3.2 first on the path
R1=$(mk_sysroot); cleanup_later "$R1"
E=$C/envs/dl
S=$E/lib/python3.10/site-packages
mkdir -p "$R1$C/conda-meta" "$R1$E/conda-meta" "$R1$S/torch" "$R1$S/torch-2.0.1.dist-info"
mk_cudnn8 "$R1$S/nvidia/cudnn/lib" 8.5.0 wheel
mkdir -p "$R1$S/nvidia_cudnn_cu11-8.5.0.96.dist-info"
printf 'Name: torch\nVersion: 2.0.1\nRequires-Dist: nvidia-cudnn-cu11==8.5.0.96\n' >"$R1$S/torch-2.0.1.dist-info/METADATA"
printf "cuda = '11.7'\n" >"$R1$S/torch/version.py"
mk_cudnn8 "$R1/usr/local/cuda-11.6/lib64" 8.3.2
echo 'export LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64:$LD_LIBRARY_PATH' >"$R1/home/user/.bashrc"
ex() {	# ex ROOT MESSAGE [ENV...]: explain --json in that root
	_r=$1 _m=$2; shift 2
	OUT=$(env HOME=/home/user "$@" "$CDS_BIN" --root "$_r" explain --json "$_m" 2>/dev/null </dev/null)
	RC=$?
}
verdict() { jget "$OUT" 'd["verdict"]'; }
vfinding() {	# the id and title of the finding of the verdict
	jget "$OUT" '(d["findings"][d["causes"][d["verdict"]]["finding"]]["id"], d["findings"][d["causes"][d["verdict"]]["finding"]]["title"]) if d["verdict"] is not None else None'
}
ex "$R1" "$M1" LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
is "$RC" 1 "F1 message in the F1 state: exit 1 (its cause is here)"
is "$(verdict)" 0 "F1: cause 1, LD_LIBRARY_PATH"
like "$(vfinding)" "^\('F1', '$S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8 \(cuDNN 8.5.0\) binds /usr/local/cuda-11.6/lib64/libcudnn_ops_infer.so.8 \(cuDNN 8.3.2\)'\)" "F1: the finding names both files"
like "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "F1" for e in f["evidence"] if e["key"] == "put first by"]')" \
	"LD_LIBRARY_PATH entry /usr/local/cuda-11.6/lib64, set in /home/user/.bashrc:1" "F1: and the entry that puts it first"
# the message with this machine's own path: loaded here by path, same failure
ex "$R1" "symbol lookup error: $S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8" LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
like "$(jget "$OUT" '[e["value"] for f in d["findings"] for e in f["evidence"] if e["key"] == "loader says"]')" \
	"$S/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8" \
	"F1: the named file, loaded here, fails the same way"
ex "$R1" "$M1"
is "$(verdict)" None "F1 message without that LD_LIBRARY_PATH: no cause here"
is "$RC" 0 "and exit 0"
# GET was unable...: in the F1 state it is F1
ex "$R1" 'RuntimeError: GET was unable to find an engine to execute this computation' LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
is "$(jget "$OUT" 'd["id"]')" F8 "engine message: F8"
is "$(jget "$OUT" 'd["cause_here"]')" "a sub-library binds a sibling of another release" "F8: here it is F1's mixing"
# CUDNN_STATUS_MAPPING_ERROR: here the cuDNN torch loads is not its own
ex "$R1" 'RuntimeError: cuDNN error: CUDNN_STATUS_MAPPING_ERROR' LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64
is "$(jget "$OUT" 'd["cause_here"]')" "the cuDNN loaded is not the one the framework expects" "F22: the mismatched cuDNN is found"
is "$(jget "$OUT" 'd["causes"][2]["here"], d["causes"][0]["here"]')" "(False, False)" "F22: the other causes not claimed"

# Could not load library libcudnn_cnn_train.so.8: a mixed directory
R2=$(mk_sysroot); cleanup_later "$R2"
D=/usr/local/cuda-11.1/targets/x86_64-linux/lib
mk_cudnn8 "$R2$D" 8.9.7
MKCUDNN_LIBS=cnn_train mk_cudnn8 "$R2$D" 8.4.1
ex "$R2" "$M2"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F2', 0)" "F2 message in a mixed directory: cause 1"
like "$(vfinding)" "mixed cuDNN set in $D: 8.9.7, 8.4.1" "F2: the finding names the directory"
ex "$R2" 'Could not load library libcudnn_cnn_train.so.8'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F2', 0)" "the bare message: the same cause"

# ImportError: libcudart.so.8.0: installed off the path, then not at all
R3=$(mk_sysroot); cleanup_later "$R3"
mk_solib "$R3/usr/local/cuda-8.0/lib64/libcudart.so.8.0.61" libcudart.so.8.0
ln -s libcudart.so.8.0.61 "$R3/usr/local/cuda-8.0/lib64/libcudart.so.8.0"
M13='ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory'
ex "$R3" "$M13"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F13', 0)" "libcudart.so.8.0: cause 1, installed but not searched"
like "$(vfinding)" "libcudart.so.8.0 is installed in /usr/local/cuda-8.0/lib64, which the loader does not search" "F13: where it is"
rm -rf "$R3/usr/local/cuda-8.0"
ex "$R3" "$M13"
is "$(jget "$OUT" 'd["verdict"]')" 1 "libcudart.so.8.0 absent: cause 2, not installed"
like "$(vfinding)" "libcudart.so.8.0 is not installed here" "F13: said"
mkdir -p "$R3/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R3/etc/ld.so.conf"
echo /opt/c8 >"$R3/etc/ld.so.conf.d/c8.conf"
mk_solib "$R3/opt/c8/libcudart.so.8.0" libcudart.so.8.0
ex "$R3" "$M13"
is "$(jget "$OUT" 'd["verdict"]')" None "found on the path here: no cause claimed"
like "$(jget "$OUT" '[f["title"] for f in d["findings"]]')" "here the loader finds libcudart.so.8.0: /opt/c8/libcudart.so.8.0" "and it says where the loader finds it"

# A library no F13 row names, known by the soname table: the NVIDIA HPC
# SDK's OpenACC runtime (unversioned soname), off the path, then absent;
# CUPTI's libnvperf_host.so; a library the table does not have is no F13
# (the shipped index: the tests' own has no soname table)
exm() {	# exm ROOT MESSAGE: ex with the shipped index
	OUT=$(env HOME=/home/user "$CDS_BIN" --root "$1" --manifest \
	    "$CDS_SRCDIR/manifests/index.json" explain --json "$2" 2>/dev/null \
	    </dev/null)
	RC=$?
}
R3h=$(mk_sysroot); cleanup_later "$R3h"
H=/opt/nvidia/hpc_sdk/Linux_x86_64/24.3/compilers/lib
mk_solib "$R3h$H/libacchost.so" libacchost.so
mkdir -p "$R3h/opt/nvidia/hpc_sdk/modulefiles/nvhpc"
printf '#%%Module1.0\n' >"$R3h/opt/nvidia/hpc_sdk/modulefiles/nvhpc/24.3"
MH='srun: error while loading shared libraries: libacchost.so: cannot open shared object file: No such file or directory'
exm "$R3h" "$MH"
is "$(jget "$OUT" 'd["id"], d["verdict"], d["matches"][0]["captures"]["missing"]')" "('F13', 0, 'libacchost.so')" "the HPC SDK's libacchost.so: F13 by the soname table, installed but not searched"
like "$(vfinding)" "libacchost.so is installed in $H, which the loader does not search" "F13: the SDK's compilers/lib named"
like "$(jget "$OUT" 'd["findings"][d["causes"][0]["finding"]]["evidence"]')" "module use /opt/nvidia/hpc_sdk/modulefiles && module load nvhpc/24.3" "and the SDK's own environment module of that release"
unlike "$(jget "$OUT" 'd["meaning"]')" "major version" "an unversioned soname: no major version claimed"
# the CUDA libraries the SDK bundles, where its environment puts them on
# LD_LIBRARY_PATH (math_libs/lib64: hpc-container-maker's nvhpc)
mk_solib "$R3h/opt/nvidia/hpc_sdk/Linux_x86_64/24.3/math_libs/lib64/libcublas.so.12" libcublas.so.12
exm "$R3h" './cloverleaf: error while loading shared libraries: libcublas.so.12: cannot open shared object file: No such file or directory'
like "$(vfinding)" "libcublas.so.12 is installed in /opt/nvidia/hpc_sdk/Linux_x86_64/24.3/math_libs/lib64, which the loader does not search" "F13: cuBLAS in the SDK's math_libs named"
like "$(jget "$OUT" 'd["findings"][d["causes"][0]["finding"]]["evidence"]')" "module load nvhpc/24.3" "and the SDK's module of that release"
mk_solib "$R3h/opt/nvidia/hpc_sdk/Linux_x86_64/24.11/compilers/lib/libacchost.so" libacchost.so
mk_solib "$R3h/opt/nvidia/hpc_sdk/Linux_x86_64/24.9/compilers/lib/libacchost.so" libacchost.so
exm "$R3h" "$MH"
like "$(vfinding)" "installed in /opt/nvidia/hpc_sdk/Linux_x86_64/24.11/compilers/lib," "of several SDK releases, the newest by version (24.11 after 24.9)"
rm -rf "$R3h/opt/nvidia"
exm "$R3h" "$MH"
is "$(verdict)" 1 "libacchost.so absent: cause 2, not installed"
like "$(jget "$OUT" 'd["findings"][d["causes"][1]["finding"]]["evidence"]')" "module load nvhpc" "who provides it: the HPC SDK's compilers, through its module"
unlike "$(jget "$OUT" 'd["findings"][d["causes"][1]["finding"]]["evidence"]')" "development link" "its unversioned soname is not taken for a development link"
exm "$R3h" 'ImportError: libnvperf_host.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"]["missing"]')" "('F13', 'libnvperf_host.so')" "CUPTI's libnvperf_host.so: F13 by the soname table"
exm "$R3h" 'error while loading shared libraries: libgfortran.so.5: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["recognised"]')" False "a library the soname table does not have (libgfortran.so.5): not claimed"
# CUPTI's libcheckpoint.so is a name another project could have: NVIDIA's
# only where the text names CUPTI too
exm "$R3h" 'error while loading shared libraries: libcheckpoint.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["recognised"]')" False "libcheckpoint.so alone: a name not only CUPTI's, not claimed"
exm "$R3h" 'OSError: /usr/local/cuda/extras/CUPTI/lib64/libcupti.so.12: libcheckpoint.so: cannot open shared object file: No such file or directory'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"]["missing"]')" "('F13', 'libcheckpoint.so')" "libcheckpoint.so beside CUPTI's path: F13"

# ONNX Runtime: pip's cuDNN not on the path
R4=$(mk_sysroot); cleanup_later "$R4"
S=$C/envs/ort/lib/python3.11/site-packages
mkdir -p "$R4$C/conda-meta" "$R4$C/envs/ort/conda-meta" "$R4$S/onnxruntime/capi" "$R4$S/onnxruntime_gpu-1.20.1.dist-info"
printf 'Name: onnxruntime-gpu\nVersion: 1.20.1\n' >"$R4$S/onnxruntime_gpu-1.20.1.dist-info/METADATA"
mk_cudnn9 "$R4$S/nvidia/cudnn/lib" 9.5.1 wheel
for l in cuda_runtime:libcudart.so.12 cublas:libcublas.so.12 cublas:libcublasLt.so.12; do
	mk_solib "$R4$S/nvidia/${l%%:*}/lib/${l#*:}" "${l#*:}"
done
mk_solib "$R4$S/onnxruntime/capi/libonnxruntime_providers_cuda.so" libonnxruntime_providers_cuda.so \
	-N libcublasLt.so.12 -N libcublas.so.12 -N libcudnn.so.9 -N libcudart.so.12
M14='2024-08-01 12:00:00.000 [E:onnxruntime:Default, provider_bridge_ort.cc:1745 TryGetProviderInfo_CUDA] /onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1426 onnxruntime::Provider& onnxruntime::ProviderLibrary::Get() [ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_cuda.so with error: libcudnn.so.9: cannot open shared object file: No such file or directory
2024-08-01 12:00:00.000 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:895 CreateExecutionProviderInstance] Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*. Please install all dependencies as mentioned in the GPU requirements page'
ex "$R4" "$M14"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F14', 0)" "ORT message: cause 1, pip's wheels not on the path"
like "$(jget "$OUT" '[x["target"] for f in d["findings"] if f["id"] == "F14" for x in f["fixes"] if x["action"] == "activate"]')" \
	"$S/nvidia/cudnn/lib" "F14: the fix puts the wheel's cuDNN on the path"

# the driver too old for the runtime
R5=$(mk_sysroot); cleanup_later "$R5"
mkdir -p "$R5/proc/driver/nvidia" "$R5/usr/local/cuda-12.4.1/lib64"
printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.82.01  Tue Jan 1 2024\n' >"$R5/proc/driver/nvidia/version"
: >"$R5/usr/local/cuda-12.4.1/lib64/libcudart.so.12"
printf '{"cuda": {"version": "12.4.1"}}\n' >"$R5/usr/local/cuda-12.4.1/version.json"
ln -s cuda-12.4.1 "$R5/usr/local/cuda"
ex "$R5" 'cudaGetDeviceCount returned 35 -> CUDA driver version is insufficient for CUDA runtime version'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F16', 0)" "driver message: cause 1"
like "$(vfinding)" "needs CUDA 12.4.1, which needs driver 525.60.13 or newer; this driver is 470.82.01" "F16: the versions"

# F21 from the message alone: the GPU's sm_120 against a torch without it
R6=$(mk_sysroot); cleanup_later "$R6"
. "$CDS_SRCDIR/tests/fixtures/mkfatbin.sh"
P=/usr/local/lib/python3.12/dist-packages
mkdir -p "$R6$P/torch-2.6.0+cu126.dist-info"
printf 'Name: torch\nVersion: 2.6.0+cu126\n' >"$R6$P/torch-2.6.0+cu126.dist-info/METADATA"
mk_fatbin_lib "$R6$P/torch/lib/libtorch_cuda.so" libtorch_cuda.so "50 60 70 75 80 86 90" ""
ex "$R6" 'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.'
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('F21', 0)" "sm_120 message: the framework lacks it"
like "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "F21" for e in f["evidence"] if e["key"] == "GPU"]')" "compute capability 12.0 \(as the message says\)" "F21: the GPU from the message, no GPU needed"

# the named file on this very system (no --root): the real ld.so, in a
# child process, says what the emulation says
W=$(mktemp -d); cleanup_later "$W"
mk_cudnn8 "$W/wheel" 8.5.0 wheel
mk_cudnn8 "$W/old" 8.3.2
OUT=$(LD_LIBRARY_PATH=$W/old "$CDS_BIN" explain --json "symbol lookup error: $W/wheel/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8" 2>/dev/null </dev/null)
is "$(jget "$OUT" '[e["value"] for f in d["findings"] for e in f["evidence"] if e["key"] == "dlopen here says"]')" \
	"['$W/wheel/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8']" \
	"dynamic: dlopen in a child fails with the same words"
like "$(jget "$OUT" '[e["value"] for f in d["findings"] for e in f["evidence"] if e["key"] == "mapped"]')" \
	"$W/old/libcudnn_ops_infer.so.8.3.2" "dynamic: the other release's ops_infer is what was mapped"

recog 'nvenc_ver=12.2
reason=outdated_driver
nvenc_supported=false' F16 "OBS's NVENC probe: the driver too old for its encoder"
recog 'Failed to open NVENC codec: Function not implemented' F16 \
    "OBS's encoder: an NVENC function the driver lacks"
recog 'gsplat/cuda/csrc/projection.cu(869): error: namespace "cooperative_groups" has no member "labeled_partition"' \
    GPU-FEATURE "cooperative groups' sm_70 member built for an older GPU"
is "$(cap feature)" labeled_partition "GPU-FEATURE: the member named"
recog './src/./render/render_gaussians_subsets.cuh(260): error: identifier "__nanosleep" is undefined' \
    GPU-FEATURE "an sm_70 intrinsic built for an older GPU"
recog 'FATAL: kernel `fmha_cutlassF_f32_aligned_64x64_rf_sm80` is for sm80-sm100, but was built for sm121' \
    F21 "xformers' kernel check, the kernel's name quoted"
recog 'ImportError: libnvpl_lapack_lp64_gomp.so.0: cannot open shared object file: No such file or directory' \
    F13 "NVPL, NVIDIA's Arm math libraries, missing"
recog 'RuntimeError: cuFFT only supports dimensions whose sizes are powers of two when computing in half precision, but got a signal size of[1280]' \
    CODE-USAGE "PyTorch's check before cuFFT in half precision"
recog 'ERROR : Arch conditional MMA instruction used without targeting appropriate compute capability. Aborting.' \
    GPU-FEATURE "CUTLASS: an sm_90a instruction in a build for another target"
recog "yolo.cpp:207:44: error: ‘class nvinfer1::IBuilder’ has no member named ‘buildEngineWithConfig’" \
    API-GONE "TensorRT 10 without a builder call of 8's"
is "$(cap type) $(cap member)" "IBuilder buildEngineWithConfig" "API-GONE: TensorRT's class and member"
for t in "error: 'class myns::IBuilder' has no member named 'build'" \
    'if (ret != NVML_SUCCESS) return NVML_FEATURE_ENABLED;' \
    'error: identifier "__my_helper" is undefined' \
    'libnvplot.so.1: cannot open shared object file: No such file or directory' \
    'error: namespace "cooperative_groups" has no member "thread_blok"' \
    'Failed to open output file: Function not implemented'; do
	cds --root "$E0" explain --json "$t"
	is "$(jget "$OUT" '[m["id"] for m in d.get("matches", [])]')" "[]" "not these: $t"
done

# a library built against a newer C library or C++ runtime than the one
# here: the copy here read for the versions it defines
R7=$(mk_sysroot); cleanup_later "$R7"
mkdir -p "$R7/lib/x86_64-linux-gnu" "$R7/opt/conda/envs/x/bin" "$R7/opt/conda/envs/x/lib"
mk_solib "$R7/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.31
M17="./gpud: /lib/x86_64-linux-gnu/libc.so.6: version \`GLIBC_2.34' not found (required by ./gpud)"
ex "$R7" "$M17"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('LIBC-OLD', 1)" "GLIBC_2.34 against a libc of 2.31: cause 2, the C library here is older"
like "$(vfinding)" "libc.so.6 here defines GLIBC_2.31 at newest, not GLIBC_2.34" "LIBC-OLD: the versions here and needed"
ex "$R7" "ImportError: /lib/x86_64-linux-gnu/libc.so.6: version \`GLIBC_2.32'"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('LIBC-OLD', 1)" "the loader's words cut before \"not found\": the same check"
mk_solib "$R7/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.34
ex "$R7" "$M17"
is "$(jget "$OUT" 'd["verdict"]')" None "a libc that has it: no cause claimed here"
is "$(cap file)" "./gpud" "LIBC-OLD: the file that needs it captured"
mk_solib "$R7/opt/conda/envs/x/lib/libstdc++.so.6" libstdc++.so.6 -V GLIBCXX_3.4.29
ex "$R7" "ImportError: /opt/conda/envs/x/bin/../lib/libstdc++.so.6: version \`GLIBCXX_3.4.32' not found (required by /opt/conda/envs/x/lib/python3.11/site-packages/ext.so)"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('LIBC-OLD', 0)" "a conda env's older libstdc++ through bin/../lib: cause 1"
ex "$R7" "libfoo.so.1: version \`FOO_1.0' not found (required by ./app)"
is "$(jget "$OUT" '"LIBC-OLD" in [m["id"] for m in d.get("matches", [])]')" False "another library's version: not LIBC-OLD"
# a library asking for an executable stack, which glibc 2.41's dlopen no
# longer gives (its NEWS): the file's PT_GNU_STACK read, the C library's
# version from its version nodes
mk_solib "$R7/opt/trt/libnvinfer_builder_resource.so.10.7.0" libnvinfer_builder_resource.so.10.7.0 -z execstack
mk_solib "$R7/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.41
XS="Unable to load library: /opt/trt/libnvinfer_builder_resource.so.10.7.0: cannot enable executable stack as shared object requires: Invalid argument"
ex "$R7" "$XS"
is "$(jget "$OUT" 'd["id"], d["verdict"]')" "('LIB-EXECSTACK', 0)" "an executable stack asked for under glibc 2.41: the cause shown"
is "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "MSG-LIBRARY" for e in f["evidence"] if e["key"] == "PT_GNU_STACK"]')" \
	"['RWE (an executable stack)']" "LIB-EXECSTACK: the file's request, read from its program header"
like "$(jget "$OUT" '[c["command"] for f in d["findings"] if f["id"] == "MSG-LIBRARY" for c in f["fixes"]]')" \
	"patchelf --clear-execstack /opt/trt/libnvinfer_builder_resource.so.10.7.0" "the fix names the file"
mk_solib "$R7/lib/x86_64-linux-gnu/libc.so.6" libc.so.6 -V GLIBC_2.36
ex "$R7" "$XS"
is "$(jget "$OUT" 'd["verdict"], [f["severity"] for f in d["findings"] if f["id"] == "MSG-LIBRARY"][:1]')" \
	"(None, ['note'])" "glibc 2.36 here still gives it: a note, no cause claimed"
mk_solib "$R7/opt/trt/libnvinfer_builder_resource.so.10.7.0" libnvinfer_builder_resource.so.10.7.0
ex "$R7" "$XS"
like "$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "MSG-LIBRARY"]')" \
	"does not ask for an executable stack" "the copy here without the request: said so"

# ---- one message, two readings: each entry its words are about ----------
# ids MESSAGE: the entries explain names for MESSAGE, best first
ids() {
	cds --root "$E0" explain --json "$1"
	jget "$OUT" '[m["id"] for m in d.get("matches", [])]'
}
codes() {	# the NVIDIA codes the matches read
	cds --root "$E0" explain --json "$1"
	jget "$OUT" '[m["captures"]["code"] for m in d.get("matches", []) if "code" in m["captures"]]'
}
is "$(ids 'RuntimeError: No CUDA GPUs are available')" "['NO-DRIVER', 'CUDA-ORDINAL']" \
	"no GPU counted: none there, or CUDA_VISIBLE_DEVICES naming one the machine lacks"
is "$(ids 'NVIDIA-SMI has failed because it couldn'"'"'t communicate with the NVIDIA driver')" \
	"['F20', 'GPU-INIT']" "nvidia-smi without the driver: not loaded, or not driving the GPU"
is "$(ids 'Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!')" \
	"['F6', 'F2']" "cuDNN's loader without its sub-library: where cuDNN is, and whether the set is whole"
is "$(ids 'Could not locate cudnn64_9.dll. Please make sure it is in your library path!')" \
	"['F6', 'F7']" "the dispatcher itself is not a sub-library: no F2"
is "$(ids 'Could not load library cudnn_cnn_infer64_8.dll. Error code 126')" "['F2', 'F6']" \
	"Windows' error 126 on a cuDNN DLL: also not where the loader looks"
is "$(ids 'OSError: [WinError 127] 找不到指定的程序。 Error loading "D:\\py\\torch\\lib\\cudnn_adv_train64_8.dll" or one of its dependencies.')" \
	"['F2', 'F1', 'WIN-DLL']" "error 127 in any language on a cuDNN 8 sub-library: two releases' siblings"
is "$(ids 'OSError: [WinError 127] The specified procedure could not be found. Error loading "C:\\x\\torch\\lib\\shm.dll" or one of its dependencies.')" \
	"['WIN-DLL']" "error 127 on a DLL that is not cuDNN's: no F1, Windows' loader only"
is "$(ids 'ImportError: libcuda.so.1: cannot open shared object file: No such file or directory')" \
	"['DRIVER-LIB', 'NO-DRIVER']" "the driver's libcuda.so.1 missing: also no driver at all"
is "$(ids 'ImportError: libcuda.so: cannot open shared object file: No such file or directory')" \
	"['DRIVER-LIB']" "its development link libcuda.so: not a machine without a driver"
is "$(ids '[E 12:01:02] [cuda_driver.cpp:load_lib@36] libcuda.so lib not found.')" \
	"['DRIVER-LIB', 'NO-DRIVER']" "a binding's words for libcuda not found"
is "$(ids 'Call to cuInit results in UNKNOWN_CUDA_ERROR')" "['CODE-INIT', 'STUB-LIBCUDA']" \
	"numba's unknown code of cuInit: the stub's 34 it did not know"
is "$(ids 'cuda failed Out of memory')" "['CUDA-OOM']" "a wrapper's 'CUDA failed' and error 2's words"
is "$(ids 'Warning: out of memory for the cache, CUDA failed later')" "[]" \
	"the words apart, in another order: not recognised"
# the driver's programs, Vulkan and GL parts, OptiX
is "$(ids 'conda_build.sh: line 9: nvidia-smi: command not found')" "['DRIVER-LIB']" \
	"nvidia-smi missing: the driver's utilities"
is "$(ids 'exec: "nvidia-smi": executable file not found in $PATH: unknown')" "['DRIVER-LIB']" \
	"an OCI runtime without nvidia-smi"
is "$(ids "'nvidia-smi' is not recognized as an internal or external command,")" "['DRIVER-LIB']" \
	"Windows' shell without nvidia-smi"
is "$(ids 'nvidia-smi found, its output: no running processes found')" "[]" \
	"nvidia-smi found and 'not found' elsewhere on the line: not recognised"
is "$(ids 'vkCreateInstance failed -9')" "['DRIVER-LIB', 'F16']" \
	"VK_ERROR_INCOMPATIBLE_DRIVER: no Vulkan driver, or one too old"
is "$(ids 'vkCreateInstance failed -95')" "[]" "another number: not that code"
is "$(ids 'Do you have a compatible Vulkan installable client driver (ICD) installed?')" \
	"['DRIVER-LIB']" "the Vulkan loader without a driver's ICD"
is "$(ids 'libGL error: No matching fbConfigs or visuals found
libGL error: failed to load driver: swrast')" "['DRIVER-LIB']" "GLX fallen back to Mesa's software driver"
is "$(ids 'rtx_functions.h:47 Optix Error: '"'"'Library not found'"'"'')" "['DRIVER-LIB']" \
	"OptiX's library not found: the driver's libnvoptix"
# Windows: a CUDA build's DLL not loaded, a CUDA build's program that
# exited for a DLL not found
is "$(ids 'Failed to load llamamodel-mainline-cuda.dll: LoadLibraryExA failed with error 0x7e')" \
	"['F13', 'DRIVER-LIB']" "a CUDA build's DLL, module not found: the runtime or the driver's"
is "$(ids 'Failed to load llamamodel-mainline-avx.dll: LoadLibraryExA failed with error 0x7e')" \
	"[]" "a DLL whose name says nothing of CUDA: not read so"
is "$(ids 'llama-server exited with status code -1073741515, args: tabby-cuda117\llama-server.exe')" \
	"['F13', 'DRIVER-LIB']" "STATUS_DLL_NOT_FOUND from a CUDA build's program"
is "$(ids 'worker exited with status code -1073741515')" "[]" \
	"the same status, nothing of CUDA in the text: not read so"
# builds
is "$(ids 'unresolved external symbol __cudaLaunchKernel')" "['API-GONE', 'LINK-NVLIB']" \
	"nvcc's host stub's entry point unresolved: a runtime older than the nvcc, or none"
cds --root "$E0" explain --json '#3 0x7f in __cudaLaunchKernel () from /usr/lib/libcudart.so.13'
is "$(jget "$OUT" '[m["id"] for m in d["matches"] if m["id"] != "NAMES"]')" "[]" \
	"the same name in a backtrace: not a link error"
is "$(ids 'Target "x" links to:

    CUDA::nvrtc

  but the target was not found.')" "['LINK-NVLIB']" "CMake without a CUDA library's target"
cds --root "$E0" explain --json 'Target "x" links to: CUDA::nvrtc but the target was not found.'
is "$(cap link)" nvrtc "LINK-NVLIB: the library named"
is "$(ids '/usr/include/c++/16.1.1/type_traits(393): error: identifier "char8_t" is undefined')" \
	"['F23']" "nvcc's front end failing in GCC's own C++ headers"
cds --root "$E0" explain --json '/usr/include/c++/16.1.1/type_traits(393): error: identifier "char8_t" is undefined'
is "$(cap gcc)" 16 "F23: GCC's release from the headers' path"
is "$(ids 'src/include/c++/util.h(12): error: identifier "foo" is undefined')" "[]" \
	"a project's own header under a c++ folder without a release: not F23"
is "$(ids '/usr/include/c++/13/type_traits:393:5: error: expected identifier')" "[]" \
	"GCC's own error format there: not nvcc's front end"
is "$(ids 'fatal error: nvtypes.h: No such file or directory')" "['KMOD-BUILD']" \
	"a header of the driver's module sources missing"
is "$(ids 'NVRM: Xid (PCI:0000:01:00): 13, Graphics Exception: ESR 0x405840=0xa0040800')" \
	"['CUDA-FAULT', 'GPU-XID']" "Xid 13: a program's fault, and an Xid the driver logged"
is "$(ids 'Error: OrtSessionOptionsAppendExecutionProvider_Cuda: Failed to load shared library
      at new OnnxruntimeSessionHandler (node_modules/onnxruntime-node/lib/backend)')" \
	"['F14', 'F27']" "onnxruntime-node: the provider's library did not load"
is "$(ids '[ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_cuda.so
  with error: libcublasLt.so.12: cannot open shared object file: No such file or directory')" \
	"['F14', 'F13']" "ONNX Runtime's provider, the line wrapped before 'with error'"
is "$(ids 'failed to load libonnxruntime_providers_cuda.so with error: libcublaLt.so.11: cannot open shared file: No such file or directory.')" \
	"['F14']" "the loader's words retyped without 'object'"

# builds and packages
is "$(ids "FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'")" \
	"['NVCC-MISSING']" "nvcc run by its toolkit's path where there is none"
is "$(ids "No such file or directory: '/usr/local/cuda/bin/nvcc_wrapper.py'")" "[]" \
	"another file beside it: not nvcc"
is "$(ids '  -- Looking for a CUDA compiler - NOTFOUND')" "['NVCC-MISSING', 'F23']" \
	"CMake's check_language(CUDA): no nvcc, or one that rejects the host compiler"
is "$(ids "RuntimeError: Distributed package doesn't have NCCL built in")" "['F27']" \
	"PyTorch without NCCL: a CPU build (or Windows', macOS')"
is "$(ids 'Unable to find installation candidates for cuda-python (12.3.0)')" "['PIP-NO-PIN']" \
	"poetry: no file of a CUDA package for this platform"
is "$(ids 'Unable to find installation candidates for requests (2.99.0)')" "[]" \
	"poetry on another package: not read so"
is "$(ids 'NVRM: nvCheckOkFailedNoLog: Check failed: Out of memory [NV_ERR_NO_MEMORY]')" \
	"['CUDA-OOM']" "the kernel module's own allocation failing"
is "$(ids 'mm: NV_ERR_NO_MEMORY is defined in nvstatus.h')" "[]" "the name without NVRM's log: not read so"

# RDMA's verbs without the locked memory they pin
is "$(ids 'misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory')" \
	"['MEMLOCK']" "NCCL's memory registration failing for ENOMEM"
is "$(ids 'UCX ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory')" "['MEMLOCK']" \
	"UCX's completion queue, the call's arguments between"
is "$(ids 'The OpenFabrics (openib) BTL failed to initialize while trying to allocate some locked memory.')" \
	"['MEMLOCK']" "Open MPI's words for it"
is "$(ids 'libvirt: error: cannot limit locked memory of process to 18253611008: Operation not permitted')" \
	"['MEMLOCK']" "libvirt raising a guest's limit for VFIO, not permitted"
is "$(ids 'ibv_create_cq() failed: Invalid argument')" "[]" "the same call failing otherwise: not the limit"
is "$(ids 'posix_memalign failed: Cannot allocate memory')" "[]" "another call out of memory: not the limit"
cds --root "$E0" explain --json 'ibv_reg_mr failed: Cannot allocate memory'
is "$(jget "$OUT" 'd["verdict"], len(d["causes"])')" "(None, 1)" \
	"MEMLOCK: its one cause not claimed (a job's limit is not this process's)"

# MEMLOCK on the machine itself: the limit of the processes started here,
# as a note (the job may have run with another); none under a root
if command -v prlimit >/dev/null 2>&1; then
	prlimit --memlock=65536:65536 env HOME=/home/user "$CDS_BIN" explain --json \
		'ibv_reg_mr failed: Cannot allocate memory' >"$E0/tmp/ml" 2>/dev/null
	is "$(jget "$(cat "$E0/tmp/ml")" '(d["verdict"], [(f["severity"], e["value"]) for f in d["findings"] if f["id"] == "MSG-LIMIT" for e in f["evidence"] if e["key"] == "max locked memory"])')" \
		"(None, [('note', 'soft 65536, hard 65536 (bytes)')])" \
		"MEMLOCK here: the limit a process started here has, a note claiming no cause"
	if prlimit --memlock=unlimited:unlimited true 2>/dev/null; then
		prlimit --memlock=unlimited:unlimited env HOME=/home/user "$CDS_BIN" explain --json \
			'ibv_reg_mr failed: Cannot allocate memory' >"$E0/tmp/ml" 2>/dev/null
		is "$(jget "$(cat "$E0/tmp/ml")" '[e["value"] for f in d["findings"] if f["id"] == "MSG-LIMIT" for e in f["evidence"] if e["key"] == "max locked memory"]')" \
			"['soft unlimited, hard unlimited']" "MEMLOCK here, unlimited: said so"
	else
		skip 1 "cannot raise the hard locked-memory limit here (no CAP_SYS_RESOURCE)"
	fi
else
	skip 2 "no prlimit(1)"
fi
cds --root "$E0" explain --json 'ibv_reg_mr failed: Cannot allocate memory'
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["id"] == "MSG-LIMIT"]')" "[]" \
	"MEMLOCK under a root: no limit of this process said"

# NVML's memory query on a GPU whose memory is the system's
is "$(ids 'error getting info for GPU 0: error getting memory info for device 0: Not Supported')" \
	"['NVML-UMA']" "a device plugin's words for NVML's memory query not supported"
is "$(ids 'RuntimeError: Failed to get free memory for device 0 (global index: 0): Not Supported')" \
	"['NVML-UMA']" "a framework's free-memory check"
is "$(ids '| N/A   36C    P8              3W /  N/A  | Not Supported          |      0%      Default |')" \
	"['NVML-UMA']" "nvidia-smi's table without a memory figure"
is "$(ids '    bar1_total = pynvml.nvmlDeviceGetBAR1MemoryInfo(handle).bar1Total
pynvml.nvml.NVMLError_NotSupported: Not Supported')" "['CODE-USAGE']" \
	"BAR1's memory query not supported: another query, NVML's code only"
is "$(ids 'mem_clks = pynvml.nvmlDeviceGetSupportedMemoryClocks(handle)
pynvml.nvml.NVMLError_NotSupported: Not Supported')" "['CODE-USAGE']" \
	"the memory clocks' query: not the memory figures"

# the loader's version node of a sibling, named after its soname
cds --root "$E0" explain --json "ImportError: /usr/local/cuda/lib64/libcublasLt.so.12: version \`libcublasLt.so.12' not found (required by /opt/venv/lib/python3.11/site-packages/nvidia/cublas/lib/libcublas.so.12)"
is "$(jget "$OUT" '[m["id"] for m in d["matches"]]')" "['LIB-SYMBOL']" \
	"cuBLASLt without the version node cuBLAS needs: siblings of two releases"
is "$(cap provider) $(cap file)" "libcublasLt.so.12 /usr/local/cuda/lib64/libcublasLt.so.12" \
	"LIB-SYMBOL: the sibling's node and the file that lacks it"
is "$(ids "/usr/lib/libfabric.so.1: version \`EFA_1.4' not found")" "[]" \
	"another library's version node: not NVIDIA's siblings"

# NVENC's codes: by FFmpeg's words and number, by the Video Codec SDK
# samples' number, by name; the session refused on a consumer GPU
is "$(ids '[hevc_nvenc @ 000001b599c49280] OpenEncodeSessionEx failed: out of memory (10): (no details)')" \
	"['NVENC-SESSIONS']" "FFmpeg's session refused, out of memory (10): the session limit or memory"
is "$(ids '[h264_nvenc @ 0x55d5] OpenEncodeSessionEx failed: incompatible client key (21): (no details)')" \
	"['NVENC-SESSIONS']" "incompatible client key (21): the licence's session limit"
cds --root "$E0" explain --json 'RuntimeError: NvEncoder : m_nvenc.nvEncOpenEncodeSessionEx(&encodeSessionExParams, &hEncoder) returned error 10'
is "$(jget "$OUT" '[(m["id"], m["captures"].get("code"), m["captures"].get("printed by")) for m in d["matches"]]')" \
	"[('NVENC-SESSIONS', 'NV_ENC_ERR_OUT_OF_MEMORY', \"the Video Codec SDK's samples\")]" \
	"the SDK samples' number: NVENC's code 10"
is "$(jget "$OUT" 'd["verdict"], len(d["causes"])')" "(None, 2)" \
	"NVENC-SESSIONS: neither cause claimed without the GPU"

# "CUDA error: " and the runtime's words: PyTorch, ggml and CUDA.jl all
# print them; the program is named only where the text shows which
byw() {	# the program said to have printed the code
	cds --root "$E0" explain --json "$1"
	jget "$OUT" '[m["captures"].get("printed by") for m in d["matches"] if "code" in m["captures"]]'
}
is "$(byw 'CUDA error: an illegal memory access was encountered
  current device: 0, in function ggml_backend_cuda_synchronize at ggml/src/ggml-cuda/ggml-cuda.cu:2446')" \
	"['ggml']" "ggml's check, by its function and source: ggml, not PyTorch"
is "$(byw '  File "/usr/lib/python3/dist-packages/torch/cuda/__init__.py", line 319, in _lazy_init
RuntimeError: CUDA error: out of memory')" \
	"['PyTorch']" "a torch traceback: PyTorch"
is "$(byw 'CUDA error: no kernel image is available for execution on the device')" \
	"['PyTorch, ggml or CUDA.jl']" "a bare line: each program that prints the form, none guessed"
is "$(byw 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free.')" \
	"['PyTorch']" "the allocator's own words: PyTorch"
is "$(byw 'Error: CUDA out of memory')" "[None]" \
	"the words alone: the code read, no program named"
# ggml's check prints the failing call two lines below the words: a
# driver API call's words are CUresult's, a runtime call's cudaError_t's
is "$(codes 'CUDA error: out of memory
  current device: 0, in function alloc at ggml/src/ggml-cuda/ggml-cuda.cu:476
  cuMemAddressReserve(&pool_addr, CUDA_POOL_VMM_MAX_SIZE, 0, 0, 0)')" \
	"['CUDA_ERROR_OUT_OF_MEMORY']" "ggml's driver call (cuMem...): the driver's code of the words"
is "$(codes 'May 15 08:57:36 red llama-swap[80783]: CUDA error: out of memory
May 15 08:57:36 red llama-swap[80783]:   current device: 0, in function alloc at ggml-cuda.cu:3067
May 15 08:57:36 red llama-swap[80783]:   cudaMalloc(&ptr, size)')" \
	"['cudaErrorMemoryAllocation']" "ggml's runtime call below a journal's prefix: the runtime's code"
is "$(codes 'CUDA error: operation not supported
/src/ggml/src/ggml-cuda/ggml-cuda.cu:97: CUDA error
  current device: 1, in function ggml_cuda_pool_vmm at /src/ggml/src/ggml-cuda/ggml-cuda.cu:410
  cuMemCreate(&handle, reserve_size, &prop, 0)')" \
	"['CUDA_ERROR_NOT_SUPPORTED']" "the abort's line between the words and ggml's device line: still the driver call's"
is "$(codes 'CUDA error: out of memory
  at cuMemAddressReserve')" "['cudaErrorMemoryAllocation']" \
	"a driver call without ggml's device line: the runtime's words first, as before"
is "$(ids '[h264_nvenc @ 0x1] Failed to create nvenc instance: invalid version (15): (no details)')" \
	"['F16']" "invalid version (15): a driver older than the SDK the program was built with"
is "$(ids 'Error: NvEncLockBitstream failed: NV_ENC_ERR_INVALID_PARAM')" "['CODE-USAGE']" \
	"an NVENC code by name: the kind its name says"
is "$(ids 'cudaMalloc failed: out of memory (10)')" "['CUDA-OOM']" \
	"CUDA's words with another number and no encoder: not NVENC's"
is "$(ids 'worker 3: out of memory (10)')" "[]" \
	"FFmpeg's words and NVENC's number, no encoder named on the line: nothing"

# the encoder's capabilities: FFmpeg's, OBS's, Sunshine's words
is "$(ids '[hevc_nvenc @ 0x747de9243680] Provided device doesn'"'"'t support required NVENC features')" \
	"['GPU-FEATURE']" "FFmpeg: a capability NVENC lacks on this GPU"
is "$(ids '[jim-nvenc] Max B-frames setting (2) is more than encoder supports (0).')" \
	"['GPU-FEATURE']" "OBS: more B-frames than the encoder has"
is "$(ids 'Error: NvEnc: gpu max encode resolution 4096x4096, requested 5120x2160')" \
	"['GPU-FEATURE']" "Sunshine: a resolution beyond the encoder's"

# a package manager refusing NVIDIA's packages, in its own words
is "$(ids 'libnccl-dev : Depends: libnccl2 (= 2.30.4-1+cuda13.2) but 2.25.1-1+cuda12.8 is to be installed')" \
	"['PKG-DEPS']" "apt: an NVIDIA library held at another version than the repository's"
cds --root "$E0" explain --json 'libnccl-dev : Depends: libnccl2 (= 2.30.4-1+cuda13.2) but 2.25.1-1+cuda12.8 is to be installed'
is "$(jget "$OUT" 'd["matches"][0]["captures"]["apt package"], d["verdict"], len(d["causes"])')" \
	"('libnccl2', None, 4)" "PKG-DEPS: the package named, no cause claimed from here"
# pacman's file conflict after Arch's linux-firmware split (its news of
# 20250613.12fe085f-5 quotes these lines)
is "$(ids 'error: failed to commit transaction (conflicting files)
linux-firmware-nvidia: /usr/lib/firmware/nvidia/ad103 exists in filesystem')" \
	"['PKG-DEPS']" "pacman: NVIDIA's firmware files held by the package they moved out of"
is "$(ids 'error: failed to commit transaction (conflicting files)
python-foo: /usr/lib/python3/foo.py exists in filesystem')" "[]" \
	"pacman: a conflict on a package none of NVIDIA's"
is "$(ids ' - nothing provides dkms >= 3.1.8 needed by kmod-nvidia-open-dkms-3:575.57.08-1.el9.noarch from cuda-rhel9-x86_64')" \
	"['PKG-DEPS']" "dnf: nothing provides what an NVIDIA package needs"
is "$(ids '  - package cuda-nvml-devel-1:13.2.51-1.fc44.x86_64 from fedora-multimedia requires cuda-nvml(x86-64), but none of the providers can be installed')" \
	"['PKG-DEPS']" "dnf: no provider installable"
is "$(ids 'Error: Unable to find a match: kmod-nvidia-latest-dkms')" "['PKG-DEPS']" \
	"dnf: the package is in no repository (or module stream) enabled"
is "$(ids 'E: Unable to locate package nvidia-graphics-drivers-555')" "['PKG-DEPS']" \
	"apt: the package is in no repository configured"
is "$(ids 'installing nvidia-utils (560.35.03-1) breaks dependency '"'"'nvidia-utils=560.31.02'"'"' required by nvidia')" \
	"['PKG-DEPS']" "pacman: the module package behind its utilities"
is "$(ids 'Status code: 404 for https://developer.download.nvidia.com/compute/cuda/repos/fedora39/x86_64/cuda-fedora39.repo (IP: 152.195.19.142)')" \
	"['PKG-DEPS']" "no CUDA repository for this release of the distribution"
is "$(ids ' trying to overwrite '"'"'/usr/lib/x86_64-linux-gnu/libnvidia-ml.so'"'"', which is also in package libnvidia-compute-535:amd64 535.161.07-0ubuntu1')" \
	"['PKG-DEPS']" "dpkg: two packages' copies of one driver library"
is "$(ids 'libfoo-dev : Depends: libfoo1 (= 2.1-1) but 2.0-3 is to be installed')" "[]" \
	"apt on another library: not NVIDIA's packages"
is "$(ids 'Error: Unable to find a match: kernel-6.12.0-233.el10.x86_64')" "[]" \
	"dnf on a kernel package: not NVIDIA's"
is "$(ids 'Status code: 404 for https://example.org/repos/fedora39/x86_64/x.repo')" "[]" \
	"a 404 elsewhere: not NVIDIA's CUDA repository"

# NCCL's topology reader, DXVK without a Vulkan device, autoconf's nvcc
is "$(ids 'node1:2196:2275 [1] graph/xml.h:101 NCCL WARN Attribute arch of node cpu not found')" \
	"['NCCL-TOPO']" "NCCL's XML topology without an attribute its reader needs"
is "$(ids 'warn:  DXVK: No adapters found. Please check your device filter settings')" \
	"['DRIVER-LIB']" "DXVK with no Vulkan device: the driver's Vulkan part of that word size"
is "$(ids 'checking whether nvcc works... no
configure: error: CUDA was requested but it is not functional')" "['F23']" \
	"autoconf: nvcc there and failing a test compile"
is "$(ids 'checking whether nvcc works... yes')" "[]" "autoconf: nvcc working: nothing"

# a CUDA device refused by a build without CUDA; a CUDA build's DLL that
# Python's ctypes cannot load on Windows
is "$(ids '[h264 @ 0x55] Decoder h264 does not support device type cuda')" "['F27']" \
	"FFmpeg built without CUDA's decoder: a CPU build"
is "$(ids 'RuntimeError: Unsupported device: cuda')" "['F27']" "TorchCodec's CPU wheel"
is "$(ids 'RuntimeError: Unsupported device: cudagraph_trees')" "[]" "another word after cuda: not the device"
is "$(ids "GPU engine requested, but required package 'cudf_polars' not found.")" "['F27']" \
	"Polars without its GPU engine"
is "$(ids "FileNotFoundError: Could not find module 'J:\\env\\Lib\\site-packages\\llama_cpp_cuda\\lib\\llama.dll' (or one of its dependencies). Try using the full path with constructor syntax.")" \
	"['F13', 'DRIVER-LIB', 'WIN-DLL']" "ctypes on a CUDA build's DLL: its CUDA runtime, or the driver's DLL"
is "$(ids "FileNotFoundError: Could not find module 'C:\\app\\lib\\llama.dll' (or one of its dependencies).")" "['WIN-DLL']" \
	"ctypes on a DLL of no CUDA build: not said to be CUDA's"

# PyTorch's allocator's account without its first words, both wordings
is "$(ids 'Tried to allocate 216.00 MiB (GPU 0; 7.92 GiB total capacity; 69.17 MiB already allocated; 24.56 MiB free)')" \
	"['CUDA-OOM']" "PyTorch's account of GPU memory before 2.1"
is "$(ids 'Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.69 GiB of which 1.06 MiB is free.')" \
	"['CUDA-OOM']" "PyTorch's account since 2.1"
is "$(ids 'Tried to allocate 64 bytes from the arena')" "[]" "another allocator's words: not the GPU's"

# an NVML function the driver's NVML lacks: an older driver than the
# binding's
is "$(ids 'AttributeError: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: undefined symbol: nvmlDeviceGetMemoryInfo_v2')" \
	"['F16', 'LIB-SYMBOL']" "pynvml calling a newer NVML function than the driver's (first), any undefined symbol (second)"

is "$(ids 'WARNING[XFORMERS]: xFormers can'"'"'t load C++/CUDA extensions. xFormers was built for:
    PyTorch 2.6.0+cu124 with CUDA None (you have 2.5.1+cu121)')" "['TORCH-ABI']" \
	"xFormers built for another PyTorch, its CUDA not recorded"

# the toolkit's hooks failing as the container is created
is "$(ids 'Error: OCI runtime error: crun: {"msg":"error executing hook `/usr/bin/nvidia-ctk` (exit code: 1)","level":"error"}')" \
	"['CTR-HOOK']" "crun: the toolkit's hook failed"
is "$(ids 'Error: OCI runtime error: crun: {"msg":"error executing hook `/usr/libexec/oci/hooks.d/my-hook` (exit code: 1)"}')" \
	"[]" "crun: another hook: not the toolkit's"
is "$(ids 'runc create failed: unable to start container process: error during container init: error running hook #1: error running hook: exit status 1, stdout: , stderr: time="2024-10-01" level=error msg="failed to create link [libGLX_nvidia.so.0 libGLX_indirect.so.0]"')" \
	"['CTR-HOOK']" "runc: a hook failing where the text speaks of NVIDIA"
is "$(ids 'runc create failed: error running createRuntime hook #0: exit status 1, stderr: containerd: template: oci-hook:1: unexpected "|" in command')" \
	"[]" "runc: containerd's own hook, nothing of NVIDIA: not claimed"
is "$(ids 'createContainer hook #6: exit status 1, stderr:
failed to create application profiles directory:
mkdirat etc/nvidia/nvidia-application-profiles-rc.d: read-only file system')" "['CTR-HOOK']" \
	"the toolkit's application-profile hook on a read-only /etc/nvidia"
is "$(ids 'Error: mount: /run/nvidia-persistenced/socket: mount point does not exist.
failed to apply mount from Container Device Interface for NVIDIA')" "['CTR-HOOK']" \
	"Toolbx: a mount the CDI spec lists"
cds --root "$E0" explain --json 'nvidia-ctk hook disable-device-node-modification
stderr: failed to mount modified params file: open o_path procfd: no such file or directory'
is "$(jget "$OUT" '([m["id"] for m in d["matches"]], d["verdict"], len(d["causes"]))')" "(['CTR-HOOK'], None, 4)" \
	"a hook without /proc: CTR-HOOK, no cause claimed from the message alone"
recog 'nvidia-container-cli: detection error: path error: ///var/run/nvidia-fabricmanager/socket: permission denied' \
	CTR-HOOK "nvidia-container-cli stopped looking up the host's driver files"
is "$(cap error)" "path error: ///var/run/nvidia-fabricmanager/socket: permission denied" \
	"CTR-HOOK: its words after the stage"
is "$(ids 'face detection error: no face found in frame 12')" "[]" \
	"another program's detection error: nothing"

# pip's conflict where the user's own pin is one side
is "$(ids 'The conflict is caused by:
    The user requested nvidia-cuda-nvrtc-cu12==12.4.99
    torch 2.4.0 depends on nvidia-cuda-nvrtc-cu12==12.1.105; platform_system == "Linux"')" \
	"['PIP-PIN-CLASH']" "the user's pin of an NVIDIA wheel against a framework's"

# NVIDIA's libraries' own log line for a refused argument: cuBLAS's and
# cuSPARSE's, not reference BLAS's (the routine in capitals)
is "$(ids ' ** On entry to HgemmStridedBatched parameter number 10 had an illegal value')" \
	"['CODE-USAGE']" "cuBLAS: an argument refused, CUBLAS_STATUS_INVALID_VALUE"
is "$(codes ' ** On entry to cusparseSpMV() parameter number 5 (alpha) had an illegal value')" \
	"['CUSPARSE_STATUS_INVALID_VALUE']" "cuSPARSE: its own code, not cuBLAS's"
is "$(ids ' ** On entry to DGEMM  parameter number 8 had an illegal value')" "[]" \
	"reference BLAS's routine in capitals: not said to be cuBLAS"
# PyTorch's own words for two runtime codes (its caching allocator's, its
# device count's), and the check macro most CUDA code copies
is "$(codes 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 4.00 GiB of which 0 bytes is free.')" \
	"['cudaErrorMemoryAllocation']" "PyTorch's allocator: cudaErrorMemoryAllocation"
is "$(codes 'UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.')" \
	"['cudaErrorUnknown']" "PyTorch's device count: cudaErrorUnknown"
is "$(codes 'GPUassert: an illegal memory access was encountered kernel.cu 42')" \
	"['cudaErrorIllegalAddress']" "gpuErrchk's GPUassert: the runtime's words"
is "$(codes 'C++ exception with description "CUDAassert: invalid device function /src/RAJA/include/RAJA/policy/cuda/MemUtils_CUDA.hpp:229" thrown in the test body.')" \
	"['cudaErrorInvalidDeviceFunction']" "RAJA's CUDAassert"
# a CUDA number after a program's own words: NVDEC's calls through
# TorchCodec, UCX's CUDA transports, "CUDA ..., error N"
is "$(codes 'RuntimeError: Failed to get decoder caps: 201')" "['CUDA_ERROR_INVALID_CONTEXT']" \
	"TorchCodec: cuvidGetDecoderCaps's CUresult"
is "$(codes 'cuvidCreateDecoder failed: 2')" "['CUDA_ERROR_OUT_OF_MEMORY']" \
	"an NVDEC call's number: the driver's code"
is "$(codes 'tl_cuda_cache.c:231  UCC  ERROR ipc-cache: failed to open ipc mem handle. addr:0x7f65a8000000 len:16777216 err:201')" \
	"['CUDA_ERROR_INVALID_CONTEXT']" "UCC's CUDA transport: err:201"
is "$(codes 'fatal error: Could not launch CUDA kernel on device 0, error 1')" "['cudaErrorInvalidValue']" \
	"AmgX: a CUDA launch's number last"
is "$(codes 'Failed to connect: 111')" "[]" "another program's number after its words: no code"
is "$(codes 'Failed to launch kernels. Error code: invalid argument.')" "['cudaErrorInvalidValue']" \
	"HVM: the runtime's words after \"Error code:\" on a kernel launch"
is "$(codes 'Form submission failed. Error code: invalid argument.')" "[]" \
	"the same words where nothing speaks of CUDA: no code"
is "$(codes 'tcp_iface.c:12 UCX ERROR connect failed err:111')" "[]" \
	"UCX's number on a line of no CUDA transport: no code"
is "$(codes 'E1105 main.go:110] error creating labeler: error getting devices: error getting device handle for index '"'"'0'"'"': Unknown Error')" \
	"['NVML_ERROR_UNKNOWN']" "go-nvml's callers: NVML's words after the device handle's index"
is "$(codes 'unable to get device spec for uid-gpu-0: device handle from UUID: Not Found')" \
	"['NVML_ERROR_NOT_FOUND']" "the DRA driver: NVML's words after the handle by UUID"
is "$(codes 'device handle for window 3: no such widget')" "[]" \
	"other words after a device handle: no code"
is "$(ids '  Not Enough GPU memory? INTERNAL: RET_CHECK failure (external/org_tensorflow/tensorflow/compiler/xla/service/gpu/gpu_compiler.cc:627) dnn != nullptr')" \
	"['F10']" "XLA's compiler without DNN support: cuDNN not initialised"
# rustacuda's and cust's names in a Rust panic of a CUDA source
is "$(codes "thread 'main' panicked at 'called \`Result::unwrap()\` on an \`Err\` value: UnknownError', risc0/zkp/src/hal/cuda.rs:347:63")" \
	"['CUDA_ERROR_UNKNOWN']" "a Rust panic at a CUDA source: UnknownError is CUDA_ERROR_UNKNOWN"
is "$(codes 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB')" "['cudaErrorMemoryAllocation']" \
	"PyTorch's own OutOfMemoryError class: not read as the driver's code (the allocator's words are the runtime's)"
is "$(codes "thread 'main' panicked at src/net.rs:12:5:
called \`Result::unwrap()\` on an \`Err\` value: UnknownError")" "[]" \
	"the same name in a panic of another source: no code"
# autoconf's and Meson's probes of NVIDIA's libraries
cds --root "$E0" explain --json 'checking for nvmlInit in -lnvidia-ml... no'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("link")')" "('LINK-NVLIB', 'nvidia-ml')" \
	"autoconf: NVML's link not found, the library named"
is "$(ids 'Library cudart found: NO')" "['LINK-NVLIB']" "Meson: the CUDA runtime not found"
is "$(ids 'checking for cuInit in -lcuda... no')" "['LINK-LIBCUDA']" "autoconf: libcuda.so not found"
is "$(ids 'checking for pthread_create in -lpthread... no')" "[]" "autoconf on another library: nothing"
is "$(ids 'checking for nvmlInit in -lnvidia-ml... yes')" "[]" "autoconf finding NVML: nothing"
# the kernel module's package and the user-space driver's of two releases
cds --root "$E0" explain --json 'Error: kmod-nvidia version (575.64.03-1.fc42) does not match nvidia-driver version (575.64.05-1.fc42)'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("version"), d["matches"][0]["captures"].get("other version")')" \
	"('F19', '575.64.03', '575.64.05')" "a build's own check: module and driver packages of two releases"
is "$(ids 'Error: libfoo version (1.2.3) does not match libbar version (1.2.4)')" "[]" \
	"two versions of something else: not the driver's"
# CUDA.jl without a driver; a GPU package pip has no file of at all
is "$(ids 'UndefVarError: libcuda not defined')" "['NO-DRIVER']" "CUDA.jl with no driver on the machine"
is "$(ids 'ERROR: No matching distribution found for onnxruntime-gpu')" "['PIP-NO-PIN']" \
	"a GPU package with no build for this platform or Python"
is "$(ids 'ERROR: No matching distribution found for requests')" "[]" "another package: not a GPU build's"
# an application's own check against its build's list of architectures
is "$(ids 'NVIDIA GeForce RTX 4060 (sm_89) is not supported by this PyTorch build. Supported architectures: sm_61, sm_70, sm_75, sm_80, sm_86, sm_90, sm_100, sm_120.')" \
	"['CC-MINOR']" "an app refusing sm_89 under a build with sm_86: its cubins run there"
is "$(ids 'NVIDIA GeForce RTX 5090 (sm_120) is not supported by this PyTorch build. Supported architectures: sm_50, sm_60, sm_70, sm_75, sm_80, sm_86, sm_90.')" \
	"['F21']" "sm_120 under a build with no 12.x: no kernels for it"
is "$(ids 'Tesla P100 (sm_60) is not supported by this PyTorch build. Supported architectures: sm_61, sm_70')" \
	"['F21']" "sm_60 under a build with only a later 6.x: no kernels for it"

# builds without CUDA in their own words: a program on ONNX Runtime,
# llama.cpp, Ollama's runners; PyTorch 2.8's list of the CCs it runs on
is "$(ids 'GPU detected by torch but CUDAExecutionProvider not available in onnxruntime')" \
	"['F27']" "ONNX Runtime without the CUDA provider, in a program's words"
is "$(ids 'warning: no usable GPU found, --gpu-layers option will be ignored
warning: one possible reason is that llama.cpp was compiled without GPU support')" \
	"['F27']" "llama.cpp: no GPU used, a build without GPU support"
is "$(ids 'Available devices:
  CUDA0: NVIDIA GeForce RTX 4090 (16375 MiB, 15046 MiB free)
warning: no usable GPU found, --gpu-layers option will be ignored
warning: one possible reason is that llama.cpp was compiled without GPU support')" \
	"[]" "llama.cpp listing a CUDA device: a build with CUDA, not said to lack it"
is "$(ids 'level=INFO source=routes.go:1339 msg="Dynamic LLM libraries" runners=[cpu cpu_avx cpu_avx2]')" \
	"['F27']" "Ollama with CPU runners only"
is "$(ids 'level=INFO source=routes.go:1339 msg="Dynamic LLM libraries" runners=[cpu cuda_v12 rocm]')" \
	"[]" "Ollama with a CUDA runner: nothing"
is "$(ids 'UserWarning: Found GPU0 NVIDIA GeForce GTX 1080 Ti which is of compute capability (CC) 6.1.
The following list shows the CCs this version of PyTorch was built for and the hardware CCs it supports:
- 7.5 which supports hardware CC >=7.5,<8.0')" "['F21']" \
	"PyTorch 2.8's warning: no CC of its build runs this GPU"
is "$(ids 'AssertionError: SM89 kernel is not available. Make sure you GPUs with compute capability 8.9.')" \
	"['F21']" "SageAttention built without the kernels of this GPU's architecture"

# training stacks' own checks: bitsandbytes' CPU library, Accelerate's
# notebook launcher, FlashAttention's shared memory, inductor's Triton on
# an old GPU, transformers' Ampere-only options
is "$(ids 'UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.')" \
	"['BNB-BINARY', 'F27']" "bitsandbytes on its CPU library: its binary first"
is "$(ids 'ValueError: To launch a multi-GPU training from your notebook, you need to avoid running any instruction using `torch.cuda` in any cell. Restart your notebook and make sure no cells use any CUDA function.')" \
	"['CUDA-FORK']" "Accelerate's notebook launcher after CUDA was used"
is "$(ids 'RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100 GPUs as the implementation needs a large amount of shared memory.')" \
	"['GPU-RESOURCES']" "FlashAttention's backward: more shared memory than the GPU has"
cds --root "$E0" explain --json 'RuntimeError: Found NVIDIA GeForce GTX 1080 which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("needs"), d["matches"][0]["captures"].get("cc")')" \
	"('GPU-FEATURE', '7.0', '6.1')" "inductor: a GPU below what Triton compiles for, both capabilities"
is "$(ids 'ValueError: --tf32 requires Ampere or a newer GPU arch, cuda>=11 and torch>=1.7')" \
	"['GPU-FEATURE']" "transformers: TF32 asked of a GPU before Ampere"

# the driver's graphics side: GLVND's vendor library not found (the
# Vulkan loader's line cut short), Vulkan extensions missing; Warp's
# banner with a toolkit newer than the driver
is "$(ids 'ERROR: [Loader Message] Code 0 : libGLX_nvidia.so.0: cannot open shared object')" \
	"['DRIVER-LIB']" "the Vulkan loader without the driver's GLX library"
is "$(ids 'Some required Vulkan extension is not present. You may not use the renderer to render, however, CPU resources will be still available.')" \
	"['DRIVER-LIB']" "a Vulkan renderer on an incomplete Vulkan driver"
cds --root "$E0" explain --json 'Warp 1.10.0 initialized:
   CUDA Toolkit 12.8, Driver 12.4'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("toolkit"), d["matches"][0]["captures"].get("driver cuda")')" \
	"('F16', '12.8', '12.4')" "Warp's toolkit newer than the driver: the driver too old"
is "$(ids 'Warp 1.10.0 initialized:
   CUDA Toolkit 12.8, Driver 12.9')" "[]" "Warp's driver as new as its toolkit: nothing"

# cuda-python without the driver's library; a program's build option for
# its GPU part off
is "$(ids 'RuntimeError: Failed to dlopen libcuda.so.1')" "['DRIVER-LIB', 'NO-DRIVER']" \
	"cuda-python's loader without libcuda.so.1: the driver's library, or no driver"
is "$(ids 'session.cc:GetSessionOptionsImpl:173 Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider, . Fallback to cpu!')" \
	"['F27']" "sherpa-onnx built without its GPU option"
is "$(ids 'Please compile with -DBUILD_SHARED_LIBS=ON')" "[]" "another build option: nothing"
# CMake's find modules: the toolkit, a library of NVIDIA's, another's
is "$(ids 'Could NOT find CUDAToolkit (missing: CUDA_NVCC_EXECUTABLE CUDA_INCLUDE_DIRS CUDA_CUDART)')" \
	"['NVCC-MISSING']" "CMake: no toolkit (its nvcc among what is missing)"
is "$(ids 'Could NOT find CUDA (missing: CUDA_TOOLKIT_ROOT_DIR CUDA_NVCC_EXECUTABLE CUDA_INCLUDE_DIRS CUDA_CUDART_LIBRARY)')" \
	"['NVCC-MISSING']" "CMake's FindCUDA: no toolkit root"
is "$(ids 'Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.4.131")')" \
	"['LINK-NVLIB']" "CMake: a toolkit without its runtime library"
is "$(ids 'Could NOT find CUDA: Found unsuitable version "10.1", but required is at least "11.0" (found /usr/local/cuda)')" \
	"[]" "CMake: a toolkit found, of a version refused: not a missing one"
cds --root "$E0" explain 'Could NOT find CUDNN (missing: CUDNN_LIBRARY CUDNN_INCLUDE_DIR)'
like "$OUT" "^LINK-NVLIB: " "CMake: cuDNN not found by the build"
like "$OUT" "libcudnn\.so is not installed here" "the package's library looked up here, in lower case"
cds --root "$E0" explain 'Could NOT find CUSPARSELT (missing: CUSPARSELT_LIBRARY_PATH CUSPARSELT_INCLUDE_PATH)'
like "$OUT" "^LINK-NVLIB: " "CMake: cuSPARSELt not found by the build"
unlike "$OUT" "libcusparselt\.so" "its library is not looked up by the package's name (libcusparseLt)"
is "$(ids 'Could NOT find OpenSSL (missing: OPENSSL_CRYPTO_LIBRARY)')" "[]" "CMake: another package: nothing"
is "$(ids "CMake Error at cmake/compile_definitions/linux.cmake:64 (message):
  CUDA not found.")" "['NVCC-MISSING']" "a project's own CMake error: CUDA not found"
is "$(ids "CMake Error at CMakeLists.txt:10 (message):
  OpenCL not found.")" "[]" "the same for another SDK: nothing"

# the loader's failure in a wrapper's words; a binding's probe by stem
is "$(ids 'libcudart.so.11.0: Unable to open shared object file: there is no file or directory available')" \
	"['F13']" "torch for R's loader: the CUDA runtime not found"
is "$(ids 'libfoo.so.1: Unable to open shared object file: there is no file or directory available')" \
	"[]" "the same words for another library: nothing"
is "$(ids 'java.lang.UnsatisfiedLinkError: C:\djl\cublas64_12.dll: Can'"'"'t find dependent libraries')" \
	"['F13']" "Java on Windows: an NVIDIA DLL whose own dependencies are not found"
is "$(ids 'java.lang.UnsatisfiedLinkError: C:\tmp\jnidispatch.dll: Can'"'"'t find dependent libraries')" \
	"[]" "the same for another DLL: nothing"
is "$(ids 'ai.djl.util.cuda.CudaUtils               : cudart library not found.')" "['F13']" \
	"DJL's probe of the CUDA runtime"
is "$(ids 'zlib library not found')" "[]" "another library's probe: nothing"
# builds without CUDA, in more programs' words
is "$(ids 'Please recompile with CMake option -DUSE_CUDA=1')" "['F27']" "LightGBM built without CUDA"
is "$(ids 'Please recompile with CMake option -DUSE_OPENMP=1')" "[]" "another option: nothing"
# a build's record of its options, CUDA off; not on, not another option
is "$(ids 'BUILD_TENSORFLOW_OPS: False
BUILD_CUDA_MODULE: False
BUILD_SYCL_MODULE: False')" "['F27']" "Open3D's build config: CUDA module off"
is "$(ids 'BUILD_CUDA:BOOL=OFF')" "['F27']" "a CMake cache: CUDA off"
is "$(ids 'BUILD_CUDA_MODULE: True')" "[]" "CUDA module on: nothing"
is "$(ids 'BUILD_SYCL_MODULE: False')" "[]" "another module off: nothing"
is "$(ids 'Please, make sure that the appropiate backend is enabled:
- CUDA backend:  OFF
- Intel backend: ON')" "['F27']" "gpufetch's backends: CUDA off"
is "$(ids 'Please, make sure that the appropiate backend is enabled:
- CUDA backend:  ON
- Intel backend: OFF')" "[]" "CUDA backend on, another off: nothing"
is "$(ids 'Error in torch_tensor_cpp(data, dtype, device, requires_grad, pin_memory) :
  PyTorch is not linked with support for cuda devices')" "['F27']" "a LibTorch without CUDA (torch for R)"
is "$(ids 'PyTorch is not linked with support for xla devices')" "[]" "another device type: nothing"
is "$(ids 'Error: xla error Could not find registered platform with name: "cuda". Available platform names are: Interpreter Host')" \
	"['F27']" "XLA without its CUDA platform"
is "$(ids 'Could not find registered platform with name: "rocm". Available platform names are: Host')" \
	"[]" "another platform: nothing"
cds --root "$E0" explain --json 'Ultralytics YOLOv8.1.3 Python-3.10.11 torch-2.1.0+cpu
An Error occurred: Invalid CUDA '"'"'device=0'"'"' requested.'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("torch")')" "('F27', '2.1.0+cpu')" \
	"a banner's CPU wheel of PyTorch"
cds --root "$E0" explain --json 'ERROR: Could not find a version that satisfies the requirement torch==2.2.3 (from versions: 2.2.0, 2.2.0+cpu, 2.2.0+cu118)'
is "$(jget "$OUT" '"F27" in [m["id"] for m in d.get("matches", [])]')" "False" \
	"an index's list of versions with a CPU one: not a CPU build installed"
# RAPIDS' memory manager; an installer's table of CUDA releases
is "$(ids 'Memory allocation error on worker 0: std::bad_alloc: out_of_memory: RMM failure at:/x/arena_memory_resource.hpp:171: Maximum pool size exceeded (failed to allocate 5.985840 GiB)')" \
	"['CUDA-OOM']" "RMM out of device memory"
is "$(ids 'RMM failure at:/x/cuda_memory_resource.hpp:60: invalid argument')" "[]" \
	"RMM failing otherwise: not out of memory"
cds --root "$E0" explain --json 'x Unsupported CUDA version "12.3"
i Currently supported versions are: "11.7" and "11.8".'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("toolkit")')" "('BINDING-TOOLKIT', '12.3')" \
	"torch for R's installer: a toolkit outside its table"
is "$(ids 'Unsupported CUDA version "12.3"')" "[]" "the same words without the table: nothing"
is "$(ids 'Relying on driver to perform ptx compilation. Modify $PATH to customize ptxas location.')" \
	"['NVCC-MISSING']" "XLA without a ptxas to run"
is "$(ids "flash_attn was requested, but nvcc was not found.  Are you sure your environment has nvcc available?")" \
	"['NVCC-MISSING']" "flash-attn's setup.py without nvcc"
is "$(ids 'deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA op(s)')" \
	"['NVCC-MISSING']" "DeepSpeed's op builder without CUDA_HOME"
# pip given a page of builds for one CUDA; Kaolin pinned; a build's GPU
# probe on a machine without one; TEI's refusal of a GPU
cds --root "$E0" explain --json 'pip install kaolin==0.13.0 -f https://nvidia-kaolin.s3.us-east-2.amazonaws.com/torch-2.0.0_cu118.html
Looking in links: https://nvidia-kaolin.s3.us-east-2.amazonaws.com/torch-2.0.0_cu118.html
ERROR: Could not find a version that satisfies the requirement kaolin==0.13.0 (from versions: 0.0)
ERROR: No matching distribution found for kaolin==0.13.0'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("requirement")')" "('PIP-NO-PIN', 'kaolin')" \
	"Kaolin's page of builds for one torch and CUDA without the version asked"
cds --root "$E0" explain --json 'Looking in links: https://data.pyg.org/whl/torch-2.1.0+cu121.html
ERROR: Could not find a version that satisfies the requirement torch-scatter==9.9 (from versions: 2.1.2)
ERROR: No matching distribution found for torch-scatter==9.9'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("requirement")')" "('PIP-NO-PIN', 'torch-scatter')" \
	"PyG's page of builds: the package it has no file of"
is "$(ids 'Looking in links: https://example.org/simple/
ERROR: No matching distribution found for requests==99')" "[]" "a page not of one CUDA's builds: nothing"
is "$(ids 'CUDA enabled but no NVIDIA GPU architecture currently enabled and auto-detection failed.  Please give one -DKokkos_ARCH_{..}=ON')" \
	"['NO-DRIVER']" "Kokkos' probe of the GPU's architecture on a machine without one"
cds --root "$E0" explain --json 'cuda compute cap 120 is not supported'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("gpu cap")')" "('F21', '120')" \
	"text-embeddings-inference's image without the GPU's capability"
is "$(ids 'warning: no usable GPU found, --gpu-layers option will be ignored')" "['F27']" \
	"llama.cpp (Homebrew's) finding no GPU it was built for"
is "$(ids 'ggml_cuda_init: found 1 CUDA devices:
  Device 0: NVIDIA GeForce RTX 3060
llama_model_load_from_file_impl: using device CUDA0: NVIDIA GeForce RTX 3060
warning: no usable GPU found, --gpu-layers option will be ignored')" "[]" \
	"the same where the build lists a CUDA device: not a CPU build"
cds --root "$E0" explain --json 'level=debug msg="Generating Container Device Interface for NVIDIA: failed to get containerEdits: failed to create discoverer for driver libraries: failed to get libraries for driver version: failed to locate libcuda.so.575.57.08: pattern libcuda.so.575.57.08 not found\nlibcuda.so.575.57.08: not found"'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("missing")')" "('DRIVER-LIB', 'libcuda.so.575.57.08')" \
	"Toolbx's CDI: the driver's libcuda not installed beside its module"
is "$(ids 'Error: WSL2 Could not load the library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file: No such file or directory,')" \
	"['F4', 'DRIVER-LIB']" "cuDNN 8's words retold with \"the\": libcuda.so not opened"
cds --root "$E0" explain --json 'msg="skipping CUDA device — compute capability not in compiled architectures"
device="NVIDIA RTX A6000" cc=860 archs="[750 890 1000 1200]"'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("gpu cap"), d["matches"][0]["captures"].get("built for")')" \
	"('F21', '860', '750 890 1000 1200')" "Ollama's runner built without the GPU's capability"
is "$(ids "F20260227 21:37:48.420159 258244446173728 device_info.cpp:329] NVML failed running 'NvmlState::handle().nvmlDeviceGetMemoryInfo(get_handle_by_id(device_id), &info)'. Error msg: Not Supported")" \
	"['NVML-UMA']" "a program's check of NVML's memory query, by the call's name"
is "$(ids "NVML failed running 'nvmlDeviceGetMemoryInfo(handle, &info)'. Error msg: Uninitialized")" "[]" \
	"the same call failing otherwise: not the unified-memory GPU's"
is "$(ids '[standardEngineBuilder.cpp::buildEngine::2072] Error Code 9: Internal Error (Networks with QuantizeLayer/DequantizeLayer layers require hardware with Int8 support.)')" \
	"['GPU-FEATURE']" "TensorRT: a quantized network on a GPU without INT8"
# WMMA's fragments of types an older architecture lacks
is "$(ids 'src/moe/moe_wmma.cu(172): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, nv_bfloat16, nvcuda::wmma::row_major>" is not allowed')" \
	"['GPU-FEATURE']" "a bf16 WMMA fragment built for an architecture before sm_80"
is "$(ids 'default_program(45): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float, nvcuda::wmma::row_major>" is not allowed')" \
	"[]" "an accumulator given a layout: the code's own error"
# PyTorch's toolkit check raised as a tuple; PaddlePaddle's architectures
cds --root "$E0" explain --json "RuntimeError: ('The detected CUDA version (%s) mismatches the version that was used to compilePyTorch (%s). Please make sure to use the same CUDA versions.', '11.3', '12.8')"
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("detected"), d["matches"][0]["captures"].get("compiled")')" \
	"('F15', '11.3', '12.8')" "the toolkit check's format and arguments apart"
is "$(ids 'The GPU architecture in your current machine is Pascal, which is not compatible with Paddle installation with arch: 70 75 80 86 , it is recommended')" \
	"['F21']" "PaddlePaddle's wheel without the GPU's architecture"

# the framework's probe said no GPU, and nothing more: a CPU build or
# no GPU it can see, both offered (doctor tells which); a yes is not
is "$(ids 'Warning: torch.cuda.is_available() returned False.')" \
	"['F27', 'NO-DRIVER']" "torch's probe said False: a CPU build or no GPU"
is "$(ids '>>> print(o3d.core.cuda.is_available())
False')" "['F27', 'NO-DRIVER']" "Open3D's probe, its answer on the next line"
is "$(ids 'torch.cuda.is_available(): True')" "[]" "the probe said True: nothing"
is "$(ids 'Num GPUs Available:  0')" "['F27', 'NO-DRIVER']" "TensorFlow's guide's count, 0"
is "$(ids 'Num GPUs Available:  1')" "[]" "the same count, 1: nothing"
# CUDA.jl's launch check against the kernel's own limit
cds --root "$E0" explain --json 'ERROR: Number of threads per block exceeds kernel limit (1024 > 896).'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("required"), d["matches"][0]["captures"].get("limit")')" \
	"('GPU-RESOURCES', '1024', '896')" "CUDA.jl: more threads than the kernel allows, both numbers"
# the CDI spec never generated
is "$(ids 'cat: /etc/cdi/nvidia.yaml: No such file or directory')" "['CTR-CDI']" \
	"the toolkit's CDI spec is not there"
is "$(ids 'wrote /etc/cdi/nvidia.yaml')" "[]" "the spec written: nothing"
# a program's own check of the GPU's free memory; a guess is not one
is "$(ids 'TREX: Device does not have enough free memory to hold the DAG for epoch 65. Required: 5.08 GB, free: 5.02 GB.')" \
	"['CUDA-OOM']" "a miner's check of the GPU's free memory"
is "$(ids 'ERROR: not enough GPU memory to load the model')" "['CUDA-OOM']" \
	"a loader's check of the GPU's memory"
is "$(ids 'Not Enough GPU memory? Try a smaller model')" "[]" \
	"a program's guess with a question mark: nothing"
# NVML's library not loaded (T-Rex on Windows), its number after T-Rex's words
cds --root "$E0" explain --json 'WARN: Can'"'"'t load NVML library, dlopen(126): failed to load nvml.dll,dlopen(126): failed to load %PROGRAMFILES%\NVIDIA Corporation\NVSMI\nvml.dll'
is "$(jget "$OUT" 'd["id"]')" "DRIVER-LIB" "T-Rex: NVML's library not loaded"
is "$(codes 'WARN: NVML error, code 12')" "['NVML_ERROR_LIBRARY_NOT_FOUND']" \
	"T-Rex's NVML number read as NVML's code"
is "$(ids 'failed to load libcuda.so.1')" "['DRIVER-LIB']" "the driver's library not loaded"
is "$(ids 'failed to load libcudart.so.12')" "['F13']" \
	"the runtime's is not the driver's: F13"
# ethminer's CUDA_SAFE_CALL: the runtime's words after "failed with error"
is "$(codes 'CUDA error in func set_constants at line 180 calling cudaMemcpyToSymbol(d_dag, &_dag, sizeof(hash64_t*)) failed with error invalid device symbol on CUDA device 01:00.0')" \
	"['cudaErrorInvalidSymbol']" "ethminer's wrapper: the runtime's words mid-line"
# a program's own check: "failed with error" and the runtime's three words
# at the end of the line; the words that other programs print too, not
is "$(codes 'Device synchronize failed with error unspecified launch failure')" \
	"['cudaErrorLaunchFailure']" "after \"error\": the runtime's three words"
is "$(codes 'Allocation failed with error out of memory')" "[]" \
	"after \"error\": out of memory, said by others too, not read"
is "$(codes 'the parser error unspecified launch failure was logged')" "[]" \
	"after \"error\" mid-line: not read"
# an application's check worded around the capability
is "$(ids 'WARNING: NVIDIA GeForce RTX 4080 is compute capability sm_89, but this install'"'"'s PyTorch only has kernels for sm_50 sm_60 sm_61 sm_70 sm_75 sm_80 sm_86 sm_90. Generation will fail')" \
	"['CC-MINOR']" "sm_89 with sm_86 kernels: they run there"
is "$(ids 'WARNING: NVIDIA GeForce RTX 4080 is compute capability sm_89, but this install'"'"'s PyTorch only has kernels for sm_70 sm_75 sm_90.')" \
	"['F21']" "sm_89 with no sm_8x kernels: none for it"
# a terminal's copy cut at its width mid-word: joined without a space
w1=$(printf 'ERROR: LoadError: InitError: could not load library "/home/u/.julia/artifacts/2eb570b35b597d106228383c5cfa490f4bf538ee/lib/libcudnn')
w2=$(printf '_cnn.so"\n/home/u/.julia/artifacts/2eb570b35b597d106228383c5cfa490f4bf538ee/lib/libcudnn_cnn.so: undefined symbol: _ZTVN5cudnn7backend25Expan')
is "${#w1}" 131 "(the first cut line is as long as the second)"
cds --root "$E0" explain --json "$w1
$w2
dBandMatrixOperationE, version libcudnn_graph.so.9"
is "$(jget "$OUT" '[m["captures"].get("symbol") for m in d["matches"]][:1]')" \
	"['_ZTVN5cudnn7backend25ExpandBandMatrixOperationE']" "a symbol cut at the terminal's width read whole"
# the same line twice at the longest is a log's repeat, not a cut
l='./train: error while loading shared libraries in the worker process: libcudart'
cds --root "$E0" explain --json "$l
$l
.so.12: cannot open shared object file"
unlike "$(jget "$OUT" '[m["captures"].get("missing") for m in d.get("matches", [])]')" \
	"libcudart.so.12" "two same long lines are not a cut: not joined"

# a line that starts a message of its own is not joined to the one before
is "$(ids 'target/debug/tabby serve --model TabbyML/StarCoder-1B --device cuda
error: invalid value '"'"'cuda'"'"' for '"'"'--device <DEVICE>'"'"'
  [possible values: cpu]')" "['F27']" \
	"clap's device option offers only cpu: a CPU build (no CUDA error made of two lines)"
is "$(ids 'train.py: error: argument --device: invalid choice: '"'"'cuda'"'"' (choose from '"'"'cpu'"'"', '"'"'mps'"'"')')" \
	"['F27']" "argparse's device choices without cuda: a CPU build"
is "$(ids 'train.py: error: argument --device: invalid choice: '"'"'cuda'"'"' (choose from '"'"'cpu'"'"', '"'"'cuda:0'"'"')')" \
	"[]" "choices that hold a GPU: the value was mistyped, nothing"
is "$(ids 'my-tool --device cuda
error: invalid value')" "[]" "two lines, the second a message of its own: no CUDA error read"
# akmods and objtool: the module did not build
is "$(ids 'Building and installing nvidia-kmod [FAILED]
Building rpms failed; see /var/cache/akmods/nvidia/590.44.01-1-for-6.17.10-300.fc43.aarch64.failed.log for details')" \
	"['KMOD-BUILD']" "akmods: the module did not build"
is "$(ids 'Building and installing nvidia-kmod [  OK  ]')" "[]" "akmods built it: nothing"
is "$(ids 'nvidia.o: error: objtool: sessionAddDependant_IMPL+0x86: naked return found in MITIGATION_RETHUNK build')" \
	"['KMOD-BUILD']" "objtool refuses the module's objects"
# text-generation-inference's FlashAttention check
cds --root "$E0" explain --json 'GPU with CUDA capability 7 0 is not supported'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("major"), d["matches"][0]["captures"].get("minor")')" \
	"('GPU-FEATURE', '7', '0')" "TGI: FlashAttention needs a newer GPU, the capability read"
# a driver older than the toolkit within one major: a warning, not a failure
is "$(ids 'Your driver CUDA version is 12.2  but the module you want to load requires CUDA 12.4.0. You will therefore be in minor version compatibility mode')" \
	"['F30']" "minor version compatibility said: the versions may differ"

# TensorFlow's dlopen() of its CUDA runtime failing, in words that name
# the driver: its libraries first, no GPU second
is "$(ids '2023-07-13 15:38:30.515088: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.')" \
	"['F29', 'NO-DRIVER']" "TensorFlow's cudart stub: its CUDA libraries, or no GPU"
# apt: an NVIDIA package's own dependency, a version its lists lack
is "$(ids '10.44  libcufile-11-5 : Depends: liburcu6 but it is not installable')" \
	"['PKG-DEPS']" "apt: cuFile's package depends on what the release lacks"
is "$(ids '  libpng-dev : Depends: zlib1g-dev but it is not installable')" "[]" \
	"apt: another package's dependency, nothing"
is "$(ids "Version '8.9.5.29-1+cuda12.1' for 'libcudnn8' was not found")" "['PKG-DEPS']" \
	"apt: a cuDNN build its lists do not hold"
is "$(ids "Version '2.1' for 'libfoo1' was not found")" "[]" "apt: another package's version, nothing"
# a C++ check printing the runtime call with its arguments, then its words
is "$(codes 'ImportError: cudaMemAdvise(data_, small_pool_size, cudaMemAdviseSetReadMostly, 0) failed: invalid argument')" \
	"['cudaErrorInvalidValue']" "MLX's check: the call, its arguments and the runtime's words"

# a code's number just before its own words: the two agree (Charm++'s
# "Fatal CUDA Error [101] invalid device ordinal"); another number, or a
# number that is no code's ("line 101"), is not enough
is "$(codes 'Fatal CUDA Error [101] invalid device ordinal')" \
	"['cudaErrorInvalidDevice']" "[101] and its words: cudaErrorInvalidDevice"
is "$(codes 'cuda status: error 101 invalid device ordinal at init')" \
	"['cudaErrorInvalidDevice']" "error 101 and its words"
is "$(ids 'Fatal CUDA Error [100] invalid device ordinal')" "[]" \
	"another code's number before the words: nothing"
is "$(ids 'see line 101 invalid device ordinal handling')" "[]" \
	"a line number before the words: nothing"
# Triton without an active driver; a platform JAX_PLATFORMS names that no
# plugin provides; TGI's warmup; an installer that knows no build for the
# CUDA it detects; a build rule's NVIDIA library file missing
is "$(ids 'RuntimeError: 0 active drivers ([]). There should only be one.')" \
	"['NO-DRIVER']" "Triton: no active driver"
is "$(ids "RuntimeError: Unable to initialize backend 'rocm': Backend 'rocm' is not in the list of known backends: ['cpu', 'tpu', 'cuda']. (set JAX_PLATFORMS='' to automatically choose an available backend)")" \
	"['NO-DRIVER']" "JAX: a backend JAX_PLATFORMS names and no plugin provides"
is "$(ids 'Not enough memory to handle 16000 total tokens with 2 prefill tokens.')" \
	"['CUDA-OOM']" "TGI's warmup: the batch does not fit beside the model"
is "$(ids 'Exception: Your CUDA version (13000) is too new.')" \
	"['BINDING-TOOLKIT']" "an installer with no build for the CUDA it detects"
cds --root "$E0" explain --json "ninja: error: '/opt/nvidia/cuquantum/lib/libcustatevec_static.a', needed by 'lib/libnvqir-custatevec.so', missing and no known rule to make it"
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("file")')" \
	"('LINK-NVLIB', 'libcustatevec_static.a')" "ninja: an NVIDIA library file a rule needs"
is "$(ids "make[2]: *** No rule to make target '/usr/local/cuda/lib64/libcudart_static.a', needed by 'bin/app'.  Stop.")" \
	"['LINK-NVLIB']" "make: the same"
is "$(ids "ninja: error: '/usr/lib/libpng.a', needed by 'app', missing and no known rule to make it")" \
	"[]" "another library's file: nothing"

# Triton's data type the GPU lacks; NVIDIA's dnf plugin hiding kernels it
# has no precompiled module for; the open modules' build without g++
is "$(ids "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")")" \
	"['GPU-FEATURE']" "Triton: FP8 E4M3 before sm_89"
is "$(ids 'NVIDIA driver: filtering kernel 4.18.0-553.el8_10, no precompiled modules available for version 3:550.54.15')" \
	"['PKG-DEPS']" "dnf's NVIDIA plugin: no precompiled kmod for the kernel"
is "$(ids ' [ nvidia-modeset    ]  CXX          ../common/displayport/src/dp_auxretry.cpp
/bin/sh: line 1: g++: command not found')" "['KMOD-BUILD']" \
	"the open modules' build without its C++ compiler"
is "$(ids '/bin/sh: line 1: g++: command not found')" "[]" \
	"g++ missing outside the modules' build: nothing"

# the runtime's words on a line of their own under a line ending in a
# colon (MATLAB's "The CUDA error was:"); common words stay common
is "$(codes 'An unexpected error occurred trying to launch a kernel. The CUDA error was:

invalid configuration argument
Error running kilosort3')" "['cudaErrorInvalidConfiguration']" \
	"MATLAB's lead-in, a blank line, the runtime's words"
is "$(ids 'Summary:
out of memory')" "[]" "common words under a colon: nothing"
# compute-sanitizer's memcheck report of a kernel's bad access
is "$(ids '========= Misaligned shared or local address
=========     at void k(float *)+0xec0
=========     by thread (0,0,0) in block (36,0,0)')" "['CUDA-FAULT']" \
	"compute-sanitizer: a misaligned shared address"
is "$(ids '========= Invalid __global__ read of size 4 bytes')" "['CUDA-FAULT']" \
	"compute-sanitizer: an invalid global read"
is "$(ids '========= ERROR SUMMARY: 0 errors')" "[]" \
	"compute-sanitizer with nothing to report: nothing"

# the container engine on the host without the device node it passes:
# no NVIDIA module made it there
is "$(ids 'Error response from daemon: error gathering device information while adding custom device "/dev/nvidia-uvm": no such file or directory')" \
	"['F20']" "Docker: /dev/nvidia-uvm missing on the host"
is "$(ids 'Error response from daemon: error gathering device information while adding custom device "/dev/sda9": no such file or directory')" \
	"[]" "another device node: nothing"

# a loader of its own that says what it tried
cds --root "$E0" explain --json 'ai.rapids.cudf.CudfException: RTCX failure at: rtcx.cpp:285: Failed to load dynamic library `libnvrtc.so` (tried: libnvrtc.so.13)'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("missing")')" "('F13', 'libnvrtc.so')" \
	"libcudf's loader: NVRTC not there"
is "$(ids 'Failed to load dynamic library `libpng.so` (tried: libpng.so.16)')" "[]" \
	"the same words for another library: nothing"
# CMake and vcpkg without a CUDA compiler, or with one that cannot build
is "$(ids 'CMake Error at C:/Program Files/CMake/share/cmake-3.27/Modules/CMakeDetermineCompilerId.cmake:503 (message):
  No CUDA toolset found.')" "['NVCC-MISSING']" "Visual Studio without CUDA's build customization"
# (CMake's lines start with "--": given after "--")
cds --root "$E0" explain --json -- '-- Executing NVCC-NOTFOUND --version resulted in error: 1'
is "$(jget "$OUT" '[m["id"] for m in d.get("matches", [])]')" "['NVCC-MISSING']" \
	"a compiler variable left NOTFOUND"
is "$(ids 'CMake Error at ports/cuda/vcpkg_find_cuda.cmake:69 (message):
  Could not find CUDA.  Before continuing, please download and install CUDA
  (v10.1.0 or higher) from:')" "['NVCC-MISSING']" "vcpkg's cuda port: no toolkit"
is "$(ids 'CMake Error at CMakeTestCUDACompiler.cmake:59 (message):
  The CUDA compiler

    "C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.2/bin/nvcc.exe"

  is not able to compile a simple test program.')" "['F23']" \
	"CMake's test of nvcc failed: most often the host compiler"
is "$(ids 'The C compiler "/usr/bin/cc" is not able to compile a simple test program.')" "[]" \
	"the C compiler's test: nothing"
# a library's lookup left NOTFOUND; NVTX 2's, which CUDA 12.6 dropped
cds --root "$E0" explain --json -- '-- CUDNN_INCLUDE_DIR: CUDNN_INCLUDE_DIR-NOTFOUND'
is "$(jget "$OUT" 'd["id"], d["matches"][0]["captures"].get("library")')" "('LINK-NVLIB', 'CUDNN')" \
	"a build's cuDNN lookup NOTFOUND"
cds --root "$E0" explain --json -- '-- PNG_LIBRARY: PNG_LIBRARY-NOTFOUND'
is "$RC" 1 "another library's NOTFOUND: not known"
is "$(ids 'CMake Error at cmake/public/cuda.cmake:70 (message):
  Failed to find nvToolsExt')" "['API-GONE']" "a build looking for NVTX 2's library"

# nvidia-persistenced without its user; the toolkit's stub NVML loaded
is "$(ids "nvidia-persistenced[2812]: ERROR: Failed to find user ID of user 'nvidia-persistenced': No such file or directory")" \
	"['PERSISTENCED']" "nvidia-persistenced: its user was never made"
is "$(ids "useradd: Failed to find user ID of user 'postgres'")" "[]" "another daemon's user: nothing"
is "$(ids 'libnvidia-ml.so in GDK package is a stub library that is attached only for
build purposes (e.g. machine that you build your application doesn'"'"'t have')" \
	"['STUB-LIBCUDA']" "the stub NVML's own banner"
is "$(ids 'Linked to libnvidia-ml library at wrong path : /usr/local/cuda-11.4/targets/aarch64-linux/lib/stubs/libnvidia-ml.so')" \
	"['STUB-LIBCUDA']" "the stub NVML by its path"

# ---- text output: 80 columns, colour -------------------------------------
ex "$R1" x
HOME=/home/user LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64 cds --root "$R1" doctor
# (a command's continuation " \\" after the path is still the one path)
long=$(printf '%s\n' "$OUT" | sed -n '/^Findings$/,$p' | awk 'length > 80 { sub(/^ +/, ""); sub(/ \\$/, ""); if (index($0, " ") > 0) print }')
is "$long" "" "doctor's findings: no line over 80 columns except one unbreakable path"
HOME=/home/user LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64 cds --root "$R1" explain "$M1"
long=$(printf '%s\n' "$OUT" | awk 'length > 80 { sub(/^ +/, ""); if (index($0, " ") > 0) print }')
is "$long" "" "explain: the same"
like "$OUT" "^F1: cuDNN sub-libraries of two releases in one process" "explain text: the entry first"
like "$OUT" "It is cause 1: LD_LIBRARY_PATH" "explain text: the cause here"
unlike "$OUT" "$(printf '\033')" "piped: no escape codes"
if command -v script >/dev/null 2>&1; then
	tty_out=$(env -u NO_COLOR TERM=xterm HOME=/home/user script -qec "'$CDS_BIN' --root '$R1' explain 'CUDNN_STATUS_MAPPING_ERROR'" /dev/null 2>/dev/null)
	like "$tty_out" "$(printf '\033')\[1m" "on a terminal: colour"
	tty_out=$(env NO_COLOR=1 TERM=xterm HOME=/home/user script -qec "'$CDS_BIN' --root '$R1' explain 'CUDNN_STATUS_MAPPING_ERROR'" /dev/null 2>/dev/null)
	unlike "$tty_out" "$(printf '\033')\[" "on a terminal with NO_COLOR: none"
	tty_out=$(env -u NO_COLOR TERM=xterm HOME=/home/user script -qec "'$CDS_BIN' --root '$R1' doctor --no-color" /dev/null 2>/dev/null)
	unlike "$tty_out" "$(printf '\033')\[" "on a terminal with --no-color: none"
else
	skip 3 "no script(1) to make a terminal"
fi
env -u NO_COLOR TERM=xterm HOME=/home/user "$CDS_BIN" --root "$R1" doctor >"$E0/tmp/o" 2>&1
unlike "$(cat "$E0/tmp/o")" "$(printf '\033')" "doctor piped without NO_COLOR: no escape codes"

done_testing
