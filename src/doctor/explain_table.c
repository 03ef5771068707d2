/*
 * explain_table.c - explain's catalogue: every failure `cudnn-setup
 * explain` knows (its id, title, meaning and fix when no cause is found
 * here), and for each its known causes with the findings that show them
 * (doctor's rules, or explain's own MSG-* checks).  The patterns that
 * recognise the texts are explain_patterns.c's, the checks
 * explain_checks.c's; explain.c matches and decides.
 */
#include "config.h"

#include <stddef.h>

#include "doctor/explain_table.h"

/* ------------------------------------------------------------------------ */
/* The catalogue                                                             */
/* ------------------------------------------------------------------------ */

#define BY(id)			{ id, { { NULL, NULL, 0 } } }
#define IF(id, k, t)		{ id, { { k, t, 0 } } }
#define IF2(id, k, t, k2, t2)	{ id, { { k, t, 0 }, { k2, t2, 0 } } }
#define UNLESS(id, k, t)	{ id, { { k, t, 1 } } }


/* Shared rows: the library is not on the loader's path here. */
#define LIB_ELSEWHERE IF(MSG_LIBRARY, "state", "=installed elsewhere")
#define LIB_NOWHERE IF(MSG_LIBRARY, "state", "=not installed")
/* a program that opens the development link, libX.so, where only the
 * versioned library is installed */
#define LIB_DEVLINK IF(MSG_LIBRARY, "state", \
	"=only the versioned library installed")
#define LIB_DEVLINK_ROW { N_("the program opens the development link " \
	"(libX.so, no version), which only a toolkit or a development " \
	"package carries; the versioned library is installed"), \
	{ LIB_DEVLINK } }
/* The rest of its CUDA release is here (aptfix.c: cds_cuda_part()). */
#define LIB_PART IF(MSG_LIBRARY, "state", "=part of its release installed")
#define LIB_PART_ROW { N_("part of that CUDA release is installed; this " \
	"library of it is missing"), { LIB_PART } }
#define FILE_VIA(t) IF(MSG_FILE, "found through", t)
/* No usable driver, by doctor's rules or the driver check. */
#define NO_MODULE_ROWS BY("NO-MODULE"), IF2(MSG_DRIVER, "kernel module", \
	"none loaded", "libcuda.so.1", "/")

const struct entry_def cds_explain_entries[] = {
	{ "F1", N_("cuDNN sub-libraries of two releases in one process"),
	  N_("A cuDNN 8 sub-library (cnn_infer, ops_train...) was loaded from "
	  "one cuDNN release and found its sibling libcudnn_ops_infer.so.8 "
	  "in another.  The sub-libraries only work as a matched set; the "
	  "newer one calls a function the older one does not have."),
	  N_("Make every libcudnn*.so.8 come from one directory: drop the "
	  "other cuDNN's directory from LD_LIBRARY_PATH, remove a system "
	  "libcudnn8, or move to PyTorch 2.4+ (cuDNN 9)."),
	  { { N_("LD_LIBRARY_PATH (or an activate script) puts another cuDNN "
	    "8 release before the framework's own"),
	    { IF("F1", "put first by", "LD_LIBRARY_PATH"),
	    FILE_VIA("LD_LIBRARY_PATH") } },
	    { N_("a system cuDNN 8 (apt libcudnn8, ld.so.conf) is found "
	    "before the framework's own"),
	    { IF("F1", "found through", "ld.so"),
	    IF("F1", "found through", "(default)"),
	    FILE_VIA("ld.so.cache"), FILE_VIA("default directory") } },
	    { N_("PyTorch finds an older cuDNN first"), { BY("F9") } },
	    { N_("the conda env's own cudnn package is another release"),
	    { BY("F3") } },
	    { N_("one directory holds two cuDNN releases"), { BY("F2") } } } },
	{ "F2", N_("cuDNN sub-library could not be loaded"),
	  N_("cuDNN loads its sub-libraries (libcudnn_cnn_train.so.8 and "
	  "the others) when it first needs them.  This one failed: it is "
	  "missing, or it comes from another cuDNN release than its "
	  "siblings, or a library it needs is missing."),
	  N_("Keep one complete cuDNN release per directory and on the "
	  "path: purge the libcudnn* files of the mixed directory and "
	  "install one release."),
	  { { N_("one directory holds sub-libraries of different cuDNN "
	    "releases (a tarball unpacked over another)"),
	    { BY("F2"), BY("F24") } },
	    { N_("the conda env's cudnn package is another release than "
	    "the framework needs"), { BY("F3") } },
	    { N_("LD_LIBRARY_PATH puts another cuDNN release's sibling "
	    "first"), { IF("F1", "put first by", "LD_LIBRARY_PATH"),
	    FILE_VIA("LD_LIBRARY_PATH"), BY("F9") } },
	    { N_("a sub-library is missing from the set the loader finds"),
	    { BY("F8"), LIB_ELSEWHERE, LIB_NOWHERE } },
	    { N_("a CUDA library the sub-library needs is missing"),
	    { BY("F5"), BY("F4") } } } },
	{ "F3", N_("the conda env's cuDNN does not match the framework"),
	  N_("The path bin/../lib is python's own RPATH in a conda env: "
	  "the framework took the env's cudnn package, which is another "
	  "release than the one it was built with."),
	  N_("Align the env's cudnn package with the framework (conda "
	  "install cudnn=<version>), or remove it when pip's cuDNN wheel "
	  "is there."),
	  { { N_("the env's conda cudnn package differs from what the "
	    "framework needs"), { BY("F3") } },
	    { N_("another cuDNN release is bound first"), { BY("F1"),
	    BY("F2") } } } },
	{ "F4", N_("cuDNN 8 cannot open libcuda.so"),
	  N_("cuDNN 8 opens the driver as \"libcuda.so\", the unversioned "
	  "development link.  Only libcuda.so.1 is there (minimal "
	  "containers, WSL2)."),
	  N_("Create libcuda.so -> libcuda.so.1 in a searched directory, or "
	  "on WSL2 put /usr/lib/wsl/lib on the loader's path."),
	  { { N_("the libcuda.so link is missing"), { BY("F4"),
	    IF2(MSG_LIBRARY, "state", "=not installed", "libcuda.so.1",
	    "/") } },
	    { N_("WSL2's driver directory is not searched"),
	    { BY("WSL-LIB-PATH") } },
	    { N_("only a toolkit stub provides libcuda.so"),
	    { BY("STUB-LIBCUDA") } },
	    { N_("there is no driver"), { BY("NO-DRIVER"), BY("F20"),
	    NO_MODULE_ROWS } } } },
	{ "F5", N_("cuDNN needs a CUDA library that is not there"),
	  N_("cuDNN is built for one CUDA major and links its cuBLAS "
	  "(libcublas.so.11 for CUDA 11).  The loader cannot find it: that "
	  "CUDA is not installed, or not on the path."),
	  N_("Install the cuBLAS of that CUDA major, or use a cuDNN built "
	  "for the CUDA that is installed."),
	  { { N_("the library is installed but not on the loader's path"),
	    { LIB_ELSEWHERE, IF("F5", "installed in", NULL) } },
	    { N_("the CUDA release that ships it is not installed"),
	    { LIB_NOWHERE, UNLESS("F5", "installed in", NULL) } },
	    LIB_PART_ROW } },
	{ "F6", N_("a cuDNN library is not on the loader's path"),
	  N_("A program opened cuDNN by name and the loader found no such "
	  "file.  Often cuDNN exists only inside a Python wheel "
	  "(site-packages/nvidia/cudnn/lib) the program does not search."),
	  N_("Add the wheel's directory to LD_LIBRARY_PATH with an "
	  "activate.d script, or install a system cuDNN of the right "
	  "major."),
	  { { N_("cuDNN is only inside a pip wheel the program does not "
	    "search"), { IF(MSG_LIBRARY, "origin", "=pip wheel"),
	    IF("F7", "not found", "/nvidia/cudnn/lib"),
	    IF("F14", "not found", "/nvidia/cudnn/lib") } },
	    { N_("that cuDNN is installed in a directory the loader does "
	    "not search"), { LIB_ELSEWHERE } },
	    { N_("that cuDNN is not installed at all"), { LIB_NOWHERE } },
	    { N_("the cuDNN set on the path is incomplete"),
	    { BY("F8") } },
	    { N_("PyTorch is in the venv's lib64, its NVIDIA wheels in lib: "
	    "its RUNPATH points at nothing (pytorch/pytorch#165812)"),
	    { BY("VENV-LIB64") } } } },
	{ "F7", N_("the program needs cuDNN 9 and cannot load it"),
	  N_("cuDNN 9 tried to open one of its libraries by each name in "
	  "the braces and the loader found none: only cuDNN 8 is installed, "
	  "cuDNN 9 is in a pip wheel or a directory the program does not "
	  "search, or the cuDNN 9 set there is incomplete.  CTranslate2 4.5+ "
	  "(faster-whisper) is one program built for cuDNN 9."),
	  N_("Install one complete cuDNN 9 where the program's loader "
	  "searches (libcudnn9-cuda-12, or the pip wheel's directory on the "
	  "path); CTranslate2 4.4.0 works with cuDNN 8."),
	  { { N_("cuDNN 9 is in a pip wheel the program does not search"),
	    { IF(MSG_LIBRARY, "origin", "=pip wheel"),
	    IF("F7", "not found", "/nvidia/cudnn/lib") } },
	    { N_("cuDNN 9 is installed in a directory the loader does not "
	    "search"), { LIB_ELSEWHERE } },
	    { N_("only cuDNN 8 is installed"), { IF2(MSG_LIBRARY, "state",
	    "=not installed", "cuDNN majors here", "=8") } },
	    { N_("no cuDNN is installed at all"), { IF2(MSG_LIBRARY,
	    "state", "=not installed", "cuDNN majors here", "=none") } },
	    { N_("the cuDNN 9 set is incomplete"), { BY("F8") } } } },
	{ "F8", N_("cuDNN found no engine for an operation"),
	  N_("cuDNN's heuristics returned no engine.  Usually a cuDNN "
	  "sub-library failed to load (the warning before it says \"Attempt "
	  "to open cnn_infer failed\"), so no convolution engine exists; "
	  "rarely, memory ran out."),
	  N_("Fix the cuDNN set the framework loads (see doctor); if every "
	  "set is sound, reduce the batch size."),
	  { { N_("a sub-library binds a sibling of another release"),
	    { BY("F1") } },
	    { N_("sub-libraries are missing from the cuDNN copy"),
	    { BY("F8") } },
	    { N_("one directory mixes releases"), { BY("F2") } },
	    { N_("an older cuDNN comes first"), { BY("F9"), BY("F10") } },
	    { N_("memory ran out for the workspace of every algorithm "
	    "(cannot be checked from the message alone: a smaller batch that "
	    "runs shows it)"), { { NULL, { { NULL } } } } } } },
	{ "F9", N_("PyTorch found another cuDNN than it was built with"),
	  N_("PyTorch compares the cuDNN it loaded with the one it was built "
	  "with and refuses one that does not fit.  LD_LIBRARY_PATH comes "
	  "before the wheel's own RUNPATH, so another cuDNN on it (an HPC "
	  "module, a bashrc line) wins."),
	  N_("Remove that directory from LD_LIBRARY_PATH, or install the "
	  "cuDNN PyTorch was built with."),
	  { { N_("LD_LIBRARY_PATH puts another cuDNN first"), { BY("F9"),
	    IF(MSG_CUDNN, "on LD_LIBRARY_PATH", NULL) } },
	    { N_("a sub-library of the other release is bound"),
	    { BY("F1") } },
	    { N_("the conda env's cudnn package is another release"),
	    { BY("F3") } } } },
	{ "F10", N_("the cuDNN loaded is older than the one built against"),
	  N_("TensorFlow, XLA and JAX need cuDNN of the same major and an "
	  "equal or newer minor than they were built with (PaddlePaddle warns "
	  "and goes on, until it calls a function the older one lacks).  The "
	  "first one the loader found is older: a conda env's lib/, a system "
	  "copy, or a directory on LD_LIBRARY_PATH."),
	  N_("Upgrade cuDNN, or put the framework's cuDNN first on the path "
	  "(its wheel's directory before $CONDA_PREFIX/lib)."),
	  { { N_("an older cuDNN comes first on the path"), { BY("F10"),
	    IF(MSG_CUDNN, "on LD_LIBRARY_PATH", NULL) } },
	    { N_("the conda env's cudnn package is older"), { BY("F3") } },
	    { N_("an activate.d script puts the wrong directory first"),
	    { BY("F28") } } } },
	{ "F12", N_("cuSPARSE bound an older nvJitLink"),
	  N_("pip's cuSPARSE needs an nvJitLink at least as new as itself. "
	  "It found libnvJitLink.so.12 of an older CUDA 12 first (a toolkit "
	  "on LD_LIBRARY_PATH, an older nvidia-nvjitlink wheel)."),
	  N_("Drop the toolkit's directory from LD_LIBRARY_PATH, or upgrade "
	  "nvidia-nvjitlink-cu12."),
	  { { N_("LD_LIBRARY_PATH puts an older nvJitLink first"),
	    { FILE_VIA("LD_LIBRARY_PATH"), IF("F12", "put first by",
	    "LD_LIBRARY_PATH") } },
	    { N_("the nvJitLink found first is older (an older wheel or "
	    "system copy)"), { IF(MSG_FILE, "loader says", "nvJitLink"),
	    BY("F12") } } } },
	{ "F13", N_("an NVIDIA library the program was built against is "
	  "missing"),
	  N_("The program was linked against a library of NVIDIA's of one "
	  "release (its soname names the major version).  The loader finds "
	  "no file of that name: that release is not installed, or not on "
	  "the path."),
	  N_("Install that release's package of the library (named below "
	  "when it is known) and put its directory on the path, or install "
	  "a build of the program made for the release you have.  Never "
	  "symlink another version under the missing name."),
	  { { N_("the library is installed but not on the loader's path"),
	    { LIB_ELSEWHERE, IF("RUNTIME-SONAME", "installed in", NULL) } },
	    { N_("that release is not installed"), { LIB_NOWHERE } },
	    LIB_PART_ROW,
	    { N_("a link claims a version it is not"),
	    { IF("F13", "link", NULL) } },
	    { N_("a framework opens it by name and this machine has another "
	    "CUDA major (CTranslate2's libcublas.so.12 under CUDA 13: "
	    "SYSTRAN/faster-whisper#1431)"), { BY("RUNTIME-SONAME") } },
	    LIB_DEVLINK_ROW } },
	{ "F14", N_("ONNX Runtime's CUDA provider could not load"),
	  N_("onnxruntime-gpu links cuDNN and the CUDA libraries by name, "
	  "of the one CUDA and cuDNN major each build is made for (CUDA 12 "
	  "and cuDNN 9 from 1.19 on PyPI, CUDA 11 or 13 from ONNX Runtime's "
	  "own indexes), and has no RUNPATH into pip's nvidia wheels.  When "
	  "nothing puts them on the path (importing torch first, an activate "
	  "script), or the majors installed are others than its build's, "
	  "the provider cannot load and ONNX Runtime falls back to the "
	  "CPU."),
	  N_("Put the wheels' directories on LD_LIBRARY_PATH (an activate.d "
	  "script), call onnxruntime.preload_dlls() (1.21+), or install a "
	  "system cuDNN of the right major."),
	  { { N_("pip's cuDNN or CUDA wheels are not on the path"),
	    { IF("F14", "not found", "installed in"),
	    IF(MSG_LIBRARY, "origin", "=pip wheel") } },
	    { N_("the library is installed in a directory the loader does "
	    "not search"), { LIB_ELSEWHERE } },
	    { N_("the cuDNN or CUDA it needs is not installed"),
	    { IF("F14", "not found", "not installed"), LIB_NOWHERE } },
	    /* microsoft/onnxruntime#16931: "Only the second one
	     * [onnxruntime-gpu] works with CUDA." */
	    { N_("the onnxruntime package installed is the CPU one, not "
	    "onnxruntime-gpu"), { IF(MSG_BUILD, "build", "CPU-only") } },
	    { N_("no usable driver"), { BY("NO-DRIVER"), BY("F20"),
	    BY("STUB-LIBCUDA"), NO_MODULE_ROWS } } } },
	{ "F15", N_("the toolkit differs from PyTorch's CUDA"),
	  N_("Building a CUDA extension compares the toolkit at CUDA_HOME "
	  "(or nvcc on PATH) with the CUDA PyTorch was compiled with.  "
	  "Running PyTorch does not use that toolkit."),
	  N_("Point CUDA_HOME at a toolkit of PyTorch's CUDA version "
	  "(installed side by side), or install PyTorch for your toolkit."),
	  { { N_("CUDA_HOME or nvcc names a toolkit of another version"),
	    { BY("F15") } } } },
	{ "F16", N_("the driver is too old for the program's CUDA, NVENC or "
	  "OptiX"),
	  N_("The program needs a newer driver than the one installed: for "
	  "the CUDA runtime it carries (cudaErrorInsufficientDriver, error "
	  "35), or for the NVENC API or OptiX it was built against, which "
	  "have minimum drivers of their own, or for an NVML function its "
	  "monitoring library calls (an NVML without "
	  "nvmlDeviceGetMemoryInfo_v2 is an older driver's).  The \"CUDA "
	  "Version\" nvidia-smi shows is the newest CUDA the driver can "
	  "run."),
	  N_("Upgrade the NVIDIA driver, or use a build for an older CUDA "
	  "(cu118 instead of cu12x) or an older NVENC SDK."),
	  { { N_("the driver is older than the CUDA the program needs"),
	    { BY("F16"), IF(MSG_BUILD, "driver runs", NULL) } },
	    { N_("a forward-compatibility libcuda does not match"),
	    { BY("F17") } },
	    { N_("no driver is loaded at all"), { BY("NO-DRIVER"),
	    BY("F20"), NO_MODULE_ROWS } },
	    { N_("a container was given the driver without its graphics "
	    "libraries, OptiX's among them"), { BY("CTR-CAPS") } } } },
	{ "F17", N_("forward compatibility on a GPU that lacks it"),
	  N_("The libcuda of a toolkit's compat/ directory (cuda-compat) was "
	  "loaded.  Forward compatibility works only on data-center GPUs and "
	  "over an older kernel driver."),
	  N_("Drop the compat directory from the path, or upgrade the host "
	  "driver."),
	  { { N_("a compat libcuda is first on the path"), { BY("F17") } } } },
	{ "F18", N_("the NVSwitch fabric is not up"),
	  N_("On NVSwitch systems (HGX) CUDA waits for nvidia-fabricmanager, "
	  "which must run and match the driver's version exactly."),
	  N_("Install nvidia-fabricmanager of the driver's version and start "
	  "it."),
	  { { N_("the fabric manager is not running or does not match"),
	    { BY("F18") } } } },
	{ "F19", N_("NVML and the kernel module are different versions"),
	  N_("The driver's user-space libraries (NVML, libcuda) are of "
	  "another release than the kernel module loaded: an upgrade "
	  "(unattended upgrades) replaced them while the old module stays "
	  "loaded, two installs of the driver are mixed (the distribution's "
	  "packages and NVIDIA's), or a container's image carries driver "
	  "libraries of its own instead of the host's."),
	  N_("Reboot, or unload and reload the nvidia modules, and hold the "
	  "driver packages; remove a second install of the driver; in a "
	  "container's image, remove the driver's packages (the runtime "
	  "mounts the host's)."),
	  { { N_("the container's image carries driver libraries of its "
	    "own"), { IF("F19", "fix on", "the container's image") } },
	    { N_("the libraries and the module differ"), { BY("F19"),
	    IF(MSG_DRIVER, "mismatch", NULL) } } } },
	{ "F20", N_("no NVIDIA kernel driver is running"),
	  N_("nvidia-smi or NVML could not talk to the kernel module: it is "
	  "not loaded, or loaded and not driving this GPU (GPU-INIT).  "
	  "Usually the kernel was updated and no module was built "
	  "for it, or another kernel driver holds the GPU (nouveau, nova_core, "
	  "vfio-pci for a virtual machine), or the kernel refuses to load it "
	  "(Secure Boot or the kernel's lockdown an unsigned module, SELinux a "
	  "module file of a container's label); in a container, the GPU was "
	  "not passed in."),
	  N_("Build the module for the running kernel (dkms), blacklist "
	  "nouveau, or enroll the module key; start containers with the "
	  "GPU (docker run --gpus all)."),
	  { { N_("no module built for the running kernel, nouveau, or the "
	    "kernel refusing the module"), { BY("F20") } },
	    { N_("the driver's libraries are installed but no kernel "
	    "module is loaded"), { NO_MODULE_ROWS } },
	    /* mattshma/bigdata#108 (docker run instead of nvidia-docker),
	     * ameli/manylinux-cuda#5 (--gpus, no driver in the image) */
	    { N_("a container started without the GPU"),
	    { BY("CTR-NO-GPU"), IF2(MSG_DRIVER, "container", NULL,
	    "kernel module", "none loaded") } },
	    { N_("no NVIDIA GPU or driver on this machine"),
	    { BY("NO-DRIVER") } },
	    { N_("the module is loaded and will not drive this GPU: a GPU "
	    "its release left to a legacy branch, the open module on a GPU "
	    "before Turing, a GeForce as a vGPU (cannot be checked from the "
	    "message alone: dmesg's NVRM lines say it)"),
	    { { NULL, { { NULL } } } } } } },
	{ "F21", N_("the framework has no kernels for this GPU"),
	  N_("The framework's binaries carry GPU code for a list of "
	  "architectures; this GPU's is not among them and no PTX is old "
	  "enough to be compiled for it (new GPUs need new builds: "
	  "Blackwell sm_120 needs a CUDA 12.8+ build)."),
	  N_("Install a build whose architecture list includes the GPU's "
	  "(for example the cu128 wheels for Blackwell)."),
	  { { N_("the framework's architecture list lacks this GPU"),
	    { BY("F21") } } } },
	/* PyTorch's capability check (torch/cuda/__init__.py) warns for a
	 * GPU outside its build's range; NVIDIA's binary compatibility (a
	 * cubin of capability X.y runs on X.z for z >= y, CUDA C++
	 * Programming Guide) makes one side of it no failure */
	{ "CC-MINOR", N_("the GPU is a later minor of an architecture the "
	  "build has"),
	  N_("PyTorch, or a program that checks the GPU against the list its "
	  "build was made for, warns when the GPU's compute capability is "
	  "not in the list.  GPU code compiled for capability X.y runs on "
	  "every GPU of capability X.z with z at least y (NVIDIA's binary "
	  "compatibility within a major), so a GPU of a later minor of an "
	  "architecture the build has (12.1, DGX Spark's GB10, under a build "
	  "that lists 12.0; 8.9 under one that lists 8.6) runs the build's "
	  "kernels: the warning alone is not a failure."),
	  N_("Nothing to fix.  If kernels do fail to launch (\"no kernel "
	  "image is available\"), the build lacks that major: install one "
	  "that lists it."),
	  { { N_("the GPU's capability is a later minor of one the build "
	    "has (the message's numbers)"), { BY(BY_MESSAGE) } } } },
	/* a build with only PTX for this GPU (TensorFlow's warning) */
	{ "PTX-JIT", N_("the build has no kernels compiled for this GPU, "
	  "only code the driver compiles at start"),
	  N_("A framework's build carries GPU code compiled for the "
	  "architectures it knew of, and PTX, NVIDIA's portable form, for the "
	  "newest of them.  On a GPU of a later architecture the driver "
	  "compiles that PTX when the program starts: it runs, but the first "
	  "start takes minutes (TensorFlow warns of 30 or more), and every "
	  "start again if the driver's compute cache is not kept."),
	  N_("Let the first start finish and keep the driver's compute cache "
	  "(CUDA_CACHE_PATH on a disk that persists, CUDA_CACHE_MAXSIZE large "
	  "enough to hold it) so it is done once; for full speed install a "
	  "release of the framework built for this GPU's architecture."),
	  { { N_("the framework's release was built before this GPU's "
	    "architecture (the message's compute capability)"),
	    { BY(BY_MESSAGE) } } } },
	{ "F22", N_("cuDNN reported a mapping error"),
	  N_("CUDNN_STATUS_MAPPING_ERROR means a GPU kernel launch or memory "
	  "mapping failed inside cuDNN.  Its causes vary: a GPU newer than "
	  "the toolkit or cuDNN supports, a cuDNN that is not the one the "
	  "framework was built for, or a batch-size dependent fault."),
	  N_("Use a toolkit and cuDNN that support the GPU; as a workaround "
	  "reduce the batch size or disable cuDNN for that layer."),
	  { { N_("the framework has no kernels for this GPU"),
	    { BY("F21") } },
	    { N_("the cuDNN loaded is not the one the framework expects"),
	    { BY("F9"), BY("F10"), BY("F1"), BY("F2"), BY("F3") } },
	    { N_("batch-size or memory dependent (cannot be checked "
	    "without running the model)"), { { NULL, { { NULL } } } } } } },
	{ "F23", N_("nvcc refuses the host compiler or its C library"),
	  N_("nvcc accepts host gcc versions up to a limit written in its "
	  "crt/host_config.h; the gcc it found is newer.  A newer glibc's "
	  "headers can clash with the CUDA headers too (glibc 2.41's "
	  "sinpi and cospi against CUDA 12's crt/math_functions.h)."),
	  N_("Point nvcc at an older g++ (NVCC_CCBIN, CUDAHOSTCXX, -ccbin), "
	  "or use a newer CUDA toolkit (for glibc 2.41, one whose headers "
	  "declare those functions as it does)."),
	  { { N_("the host gcc is newer than the toolkit accepts"),
	    { BY("F23") } } } },
	/* nvcc without the host compiler it was to run */
	{ "HOST-CC-MISSING", N_("nvcc cannot find its host compiler"),
	  N_("nvcc compiles the host half of CUDA code with a C++ compiler of "
	  "the system (g++ on Linux, Visual Studio's cl.exe on Windows), and "
	  "first runs it to learn its properties.  The compiler it was to "
	  "run is not there: none is installed, it is not on PATH (cl.exe is "
	  "on PATH only in a Visual Studio developer prompt, after "
	  "vcvars64.bat), or -ccbin, NVCC_CCBIN or CUDAHOSTCXX name a file "
	  "that does not exist (a compiler package renamed or removed by an "
	  "update)."),
	  N_("Install the distribution's C++ compiler with its package "
	  "manager (apt install g++, dnf install gcc-c++, pacman -S gcc), or "
	  "point nvcc at one that exists (-ccbin, NVCC_CCBIN, CUDAHOSTCXX, "
	  "CMake's CMAKE_CUDA_HOST_COMPILER).  On Windows, build from a "
	  "Developer Command Prompt, or run vcvars64.bat first."),
	  { { N_("the compiler nvcc was to run is not where it looked (the "
	    "message names it)"), { BY(BY_MESSAGE), IF("MSG-HOSTCC", "state",
	    "=none") } } } },
	/* nvcc handed an option of the host compiler, unwrapped */
	{ "NVCC-HOST-FLAG", N_("nvcc was given an option of the host compiler"),
	  N_("nvcc has options of its own and passes the host compiler's only "
	  "when they are wrapped (-Xcompiler, --compiler-options).  The build "
	  "gave it one of gcc's, clang's or cl's as it is (a warning option "
	  "-W..., -fopenmp, -fPIC, -march=...), and nvcc stopped at the "
	  "first it does not know.  Usually the project copies its C++ flags "
	  "(CMAKE_CXX_FLAGS, CXXFLAGS) into the CUDA ones."),
	  N_("Pass host options as -Xcompiler=OPTION (--compiler-options).  "
	  "In CMake keep them out of CMAKE_CUDA_FLAGS, or give them to C++ "
	  "alone with $<$<COMPILE_LANGUAGE:CXX>:OPTION>; the project's build "
	  "files are where the copy is made."),
	  { { N_("the build hands a host compiler option to nvcc unwrapped "
	    "(the message names it)"), { BY(BY_MESSAGE) } } } },
	/* GCC's NEON header read by nvcc's front end on Arm */
	{ "NVCC-NEON", N_("nvcc's front end cannot compile GCC's arm_neon.h"),
	  N_("On Arm (aarch64: Grace, Jetson, Ampere servers) a CUDA source "
	  "includes arm_neon.h, itself or through a header that includes it "
	  "where __ARM_NEON is defined.  nvcc's front end then reads GCC's "
	  "NEON header, whose vector types and builtins (__Int8x8_t, "
	  "__builtin_aarch64_...) it does not know, and stops at each."),
	  N_("Keep arm_neon.h out of what nvcc compiles: include it only "
	  "#if !defined(__CUDACC__) (or undefine __ARM_NEON in the CUDA "
	  "sources), and leave NEON code to the .cpp files the host compiler "
	  "builds.  A newer release of the project may already do so."),
	  { { N_("a CUDA source includes GCC's arm_neon.h (the message names "
	    "the header)"), { BY(BY_MESSAGE) } } } },
	/* CMake's FindCUDA, removed by policy CMP0146 */
	{ "CMAKE-FINDCUDA", N_("the project uses CMake's removed FindCUDA "
	  "module"),
	  N_("find_package(CUDA) loads CMake's FindCUDA module, deprecated "
	  "since CMake 3.10.  CMake 3.27 added policy CMP0146, which removes "
	  "it: while a project leaves the policy unset, CMake warns and still "
	  "loads the module; where the policy is NEW (cmake_policy, or "
	  "cmake_minimum_required naming 3.27 or later), find_package(CUDA) "
	  "fails as if no such module existed.  It is the project's CMake "
	  "code, not the CUDA installed."),
	  N_("The project's CMake code should use CMake's CUDA language "
	  "(project(... CUDA) or enable_language(CUDA)) and "
	  "find_package(CUDAToolkit) for the libraries.  Until it does, the "
	  "warning alone does no harm; a build that fails on it can set the "
	  "policy back with cmake_policy(SET CMP0146 OLD) before "
	  "find_package(CUDA)."),
	  { { N_("the project's CMake code still calls find_package(CUDA)"),
	    { BY(BY_MESSAGE) } } } },
	/* an OpenCL program's kernels, refused by the driver's compiler */
	{ "OCL-ADDRSPACE", N_("the driver's OpenCL compiler refuses the "
	  "program's kernels"),
	  N_("An OpenCL program compiles its kernels when it runs, with the "
	  "compiler of the GPU's driver (NVIDIA's is in libnvidia-opencl).  "
	  "That compiler now keeps OpenCL C's address spaces strictly and "
	  "refuses a pointer passed from one address space to a parameter of "
	  "another (generic to private or to a plain pointer), which older "
	  "drivers let through: kernels written for the older compiler stop "
	  "building after a driver update (John the Ripper 1.9.0-jumbo-1's "
	  "with drivers 516 to 576)."),
	  N_("Use a release of the program whose kernels build with the newer "
	  "compiler (John the Ripper: a bleeding-jumbo build); the driver is "
	  "not at fault.  An older driver is the other way."),
	  { { N_("the program's OpenCL kernels predate the driver's stricter "
	    "compiler (the build log names the conversion)"),
	    { BY(BY_MESSAGE) } } } },
	{ "F24", N_("a library link was copied as a file"),
	  N_("ldconfig expects the soname file (libcudnn.so.8) to be a link "
	  "to the real file.  It is a regular file: the tarball was copied "
	  "without keeping links."),
	  N_("Recreate the links: ln -sf libX.so.8.x.y libX.so.8."),
	  { { N_("soname files are copies, not links"), { BY("F24") } } } },
	{ "F25", N_("NVIDIA's apt repository is not signed as apt expects"),
	  N_("NVIDIA rotated its repository key in April 2022.  Entries that "
	  "rely on the old key, or list the repository twice with different "
	  "Signed-By, stop apt."),
	  N_("Remove the old key (apt-key del 7fa2af80), install the "
	  "cuda-keyring package, and keep one entry per repository."),
	  { { N_("the repository is listed twice or without a key"),
	    { BY("F25") } } } },
	{ "F26", N_("a download of NVIDIA's packages did not match its hash"),
	  N_("The file received and the checksum it was checked against "
	  "disagree: NVIDIA's CDN served metadata and packages that disagree "
	  "for a while, or a proxy, a mirror or a stale local cache (pip's) "
	  "handed out another file than the one the index or the "
	  "requirements file names."),
	  N_("Retry later or use another mirror; for pip, install with "
	  "--no-cache-dir (or pip cache purge); cudnn-setup checks every "
	  "archive's SHA-256 itself and retries."),
	  { { NULL, { { NULL, { { NULL } } } } } } },
	{ "F27", N_("a CPU-only framework build"),
	  N_("The framework was installed without CUDA: conda picked the cpu "
	  "variant (it did not see a driver), or pip used the CPU index, or "
	  "the distribution's package is the CPU build."),
	  N_("Reinstall the CUDA build (CONDA_OVERRIDE_CUDA=<major> for "
	  "conda)."),
	  { { N_("conda chose the CPU build because it saw no GPU driver"),
	    { IF2(MSG_BUILD, "installed by", "=conda", "driver",
	    "none seen") } },
	    { N_("a CPU-only build is installed"), { BY("F27"),
	    IF(MSG_BUILD, "build", "CPU-only"), IF("TORCH-COMPANION",
	    "what fails", "no CUDA kernels") } } } },
	{ "F28", N_("TensorFlow could not load cuDNN"),
	  N_("TensorFlow opens cuDNN by name.  The usual reason it is not "
	  "found is an activate.d recipe that sets LD_LIBRARY_PATH from a "
	  "variable nothing sets (CUDNN_PATH), or puts an old directory "
	  "first."),
	  N_("Write self-contained activate and deactivate scripts that put "
	  "the cuDNN directory first (cudnn-setup repair does)."),
	  { { N_("an activate.d script sets LD_LIBRARY_PATH wrongly"),
	    { BY("F28") } },
	    { N_("cuDNN is installed but not on the path"), { BY("F29"),
	    LIB_ELSEWHERE } },
	    { N_("that cuDNN is not installed"), { LIB_NOWHERE } },
	    { N_("an older cuDNN comes first"), { BY("F10") } } } },
	{ "F29", N_("TensorFlow could not open a GPU library"),
	  N_("TensorFlow opens a list of CUDA libraries by name and, if one "
	  "is missing, skips the GPU.  The message does not say which."),
	  N_("Make every library of TensorFlow's list resolvable (pip "
	  "install tensorflow[and-cuda], or the toolkit on the path)."),
	  { { N_("a library of its list is not found"), { BY("F29"),
	    LIB_ELSEWHERE, LIB_NOWHERE } },
	    { N_("an activate.d script breaks LD_LIBRARY_PATH"),
	    { BY("F28") } },
	    { N_("the cuDNN found is too old"), { BY("F10") } } } },
	{ "F30", N_("three different CUDA version numbers"),
	  N_("nvidia-smi's \"CUDA Version\" is the newest CUDA the driver can "
	  "run, not an installed toolkit.  nvcc shows the toolkit.  Each "
	  "framework brings a third: its own runtime.  They need not be "
	  "equal; each must be at most the driver's."),
	  N_("Nothing to fix unless a toolkit or framework needs more than "
	  "the driver supports."),
	  { { N_("the three numbers differ (normal)"), { BY("F30") } },
	    { N_("something needs a newer CUDA than the driver runs"),
	    { BY("F16") } } } },
	/* package managers (research notes on package-manager fixes) */
	{ "PIP-NO-PIN", N_("the index has no wheel at the version pinned, "
	  "or none for this platform"),
	  N_("pip found no file of an NVIDIA wheel at the exact version the "
	  "framework requires on the index it was given: a mirror such as "
	  "download.pytorch.org carries only some (pytorch/pytorch#193491).  "
	  "Or a requirements file pins a framework at a release the index no "
	  "longer serves (pip's \"from versions:\" lists what it has).  "
	  "\"from versions: none\" for a GPU package is no file at all for "
	  "this platform or Python: most are built for Linux on x86_64 (some "
	  "aarch64) and a range of Python releases only."),
	  N_("Install that wheel from PyPI, or add --extra-index-url "
	  "https://pypi.org/simple to the install; for an old pin, pin a "
	  "release the index lists, with the CUDA build that fits this "
	  "driver; with none at all, use a platform and Python the package's "
	  "files on the index are built for."),
	  { { N_("the pinned wheel is on PyPI"), { BY("MSG-PKG") } },
	    { N_("the pin names a release the index no longer serves "
	    "(cannot be checked from the message alone)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the package has no file for the platform or Python that "
	    "asked (cannot be checked from the message alone)"),
	    { { NULL, { { NULL } } } } } } },
	{ "CU13-STUB", N_("a deprecated -cu13 name of a CUDA 13 wheel"),
	  N_("CUDA 13's toolkit wheels lost the -cu13 suffix; the old names "
	  "are stubs that refuse to build (NVIDIA deprecated them on "
	  "2025-10-31)."),
	  N_("Use the unsuffixed name (nvidia-cusparse) or "
	  "cuda-toolkit[cusparse]==13.*."),
	  { { N_("the requirement names the old wheel"),
	    { BY("MSG-PKG") } } } },
	{ "PIP-PIN-CLASH", N_("two frameworks pin different NVIDIA wheels"),
	  N_("pip cannot install both: each framework's wheel requires an "
	  "exact version of the same NVIDIA wheel (ResolutionImpossible)."),
	  N_("Choose builds of the two whose pins agree (the same CUDA "
	  "variant), each from its own index."),
	  { { N_("builds of both pin the same wheels"),
	    { BY("MSG-PKG") } } } },
	/* Triton's own C helpers, built and cached per Python */
	{ "TRITON-HELPER", N_("Triton cannot build or load its compiled "
	  "helper module"),
	  N_("Triton compiles small Python extension modules of its own "
	  "(cuda_utils, __triton_launcher) with the host's C compiler against "
	  "the running Python's headers and library, and keeps them in its "
	  "cache (~/.triton/cache or TRITON_CACHE_DIR; TorchInductor's under "
	  "the temporary folder's torchinductor_USER).  Either there is no C "
	  "compiler (CC unset, no gcc or clang on PATH: a slim container "
	  "image), or the Python has no headers or import library to build "
	  "them against (an embedded or minimal install: Windows' embeddable "
	  "packages, some uv-managed ones, a Linux system without "
	  "python3-dev), or a module cached for another Python or Triton is "
	  "found again and does not load (on Windows: \"DLL load failed "
	  "while importing cuda_utils\")."),
	  N_("Install a C compiler (gcc) or name one in CC.  Delete Triton's "
	  "cache (~/.triton/cache, %USERPROFILE%\\.triton\\cache, or the "
	  "folder TRITON_CACHE_DIR names) and TorchInductor's "
	  "(%TEMP%\\torchinductor_USER), and give each Python environment "
	  "its own TRITON_CACHE_DIR.  For the headers, use a full Python "
	  "install (or add its include and libs folders; python3-dev on "
	  "Debian and Ubuntu)."),
	  { { N_("no C compiler on PATH and none named in CC"),
	    { IF("MSG-CC", "state", "=none") } },
	    { N_("a module cached for another Python or Triton (cannot be "
	    "checked from the message alone: look in the cache it names)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the Python has no headers or import library to build "
	    "against"), { { NULL, { { NULL } } } } } } },
	/* pynvml's own deprecation warning (the package on PyPI since its
	 * version 12, its __init__) */
	{ "PYNVML-DEPRECATED", N_("a package still depends on the deprecated "
	  "pynvml"),
	  N_("The pynvml package on PyPI is a deprecated wrapper; NVIDIA's "
	  "NVML binding is nvidia-ml-py, which installs the same pynvml "
	  "module.  Importing the wrapper prints this warning.  It is not a "
	  "fault of the driver or of NVML: the program goes on, and a "
	  "package that depends on pynvml (or the environment's own list) "
	  "brought the old name in."),
	  N_("pip uninstall pynvml, then pip install nvidia-ml-py.  Where "
	  "another package pulled pynvml in, a newer release of it may "
	  "depend on nvidia-ml-py instead; otherwise report it to its "
	  "maintainers, as the warning asks."),
	  { { N_("a package in the environment depends on pynvml"),
	    { BY(BY_MESSAGE) } } } },
	/* CuPy's own warning: two of its packages in one environment */
	{ "PKG-TWO-BUILDS", N_("two builds of one package are installed over "
	  "each other"),
	  N_("CuPy is published as one package per CUDA major (cupy-cuda12x, "
	  "cupy-cuda13x), and each installs the same cupy module.  Two are "
	  "installed in this environment: the one installed last overwrote "
	  "the other's files, and the mix may load the libraries of the "
	  "wrong CUDA.  pip does not know they conflict, so a dependency of "
	  "another package (built for the other CUDA) brings the second in."),
	  N_("Uninstall every CuPy package the message lists (pip uninstall "
	  "cupy-cuda12x cupy-cuda13x; conda uninstall cupy for conda's), then "
	  "install the one for this environment's CUDA, and keep the "
	  "packages that pulled in the other on builds for the same CUDA."),
	  { { N_("two CuPy packages are installed (the message lists them)"),
	    { BY(BY_MESSAGE) } } } },
	/* torchvision/extension.py and torchaudio's _check_cuda_version:
	 * torch.version.cuda against the CUDA the extension was built with */
	{ "TORCH-COMPANION", N_("torchvision or torchaudio does not match "
	  "torch"),
	  N_("torchvision and torchaudio are built against one torch "
	  "release (their METADATA requires torch==X) for one CUDA.  Their "
	  "compiled operators do not load into another torch release "
	  "(\"operator torchvision::nms does not exist\"), and as they are "
	  "imported they refuse a torch built for another CUDA major.  "
	  "PyTorch publishes each CUDA's builds on an index of its own "
	  "(download.pytorch.org/whl/cu118, .../cu121), and one of them was "
	  "installed or upgraded alone, or from another index: a "
	  "requirements file or a notebook's setup that names one of them, "
	  "an image that pins one, a package that pulls torch in from "
	  "PyPI."),
	  N_("Install the companion of torch's release and build again, "
	  "named exactly (pip keeps an installed one that its name alone "
	  "satisfies), from the index of torch's CUDA: pip install "
	  "--force-reinstall --no-deps torchvision==<the release that goes "
	  "with torch's>+cu<torch's CUDA without the dot> --index-url "
	  "https://download.pytorch.org/whl/cu<the same>; or install all of "
	  "them again from one index."),
	  { { N_("torch and it were installed from different CUDA indexes "
	    "(the message names both CUDA versions)"),
	    { IF(BY_MESSAGE, "ver1", NULL), IF("TORCH-COMPANION", "CUDA",
	    NULL) } },
	    { N_("it is built for another torch release than the one "
	    "installed"), { IF("TORCH-COMPANION", "requires", NULL) } } } },
	{ "CONDA-NO-CUDA", N_("conda sees no CUDA driver (__cuda)"),
	  N_("A CUDA build of a conda package needs the __cuda virtual "
	  "package, which conda sets from the driver; on a machine without "
	  "one (a login node) it is missing."),
	  N_("Set CONDA_OVERRIDE_CUDA to the CUDA the GPU machines' driver "
	  "runs for the install."),
	  { { N_("no driver here for conda to read"), { BY("MSG-PKG") } } } },
	{ "F31", N_("JAX's CUDA plugin does not match jaxlib"),
	  N_("jax-cudaNN-plugin and jax-cudaNN-pjrt must be exactly "
	  "jaxlib's version."),
	  N_("pip install a matching set: jax[cuda12]==<jaxlib version>."),
	  { { N_("the plugin and jaxlib versions differ"), { BY("F31") } } } },
	{ "F32", N_("the cuDNN reported is not necessarily the one loaded"),
	  N_("collect_env lists cuDNN files that are installed, not the "
	  "ones the process maps.  Several copies can be installed while "
	  "one is loaded."),
	  N_("Compare what is installed with what the process maps (doctor "
	  "lists every copy and the loader's order)."),
	  { { N_("another cuDNN comes first for the framework"), { BY("F1"),
	    BY("F9"), BY("F10") } } } },
	{ "STUB-LIBCUDA", N_("a stub libcuda was loaded"),
	  N_("Toolkits ship a stub libcuda.so in lib64/stubs for linking "
	  "only.  At run time it answers every call with error 34."),
	  N_("Remove the stubs directory from LD_LIBRARY_PATH (LIBRARY_PATH "
	  "is fine)."),
	  { { N_("the stub is on the run-time path"),
	    { BY("STUB-LIBCUDA") } },
	    { N_("there is no real driver"), { BY("NO-DRIVER"), BY("F20"),
	    NO_MODULE_ROWS } } } },
	{ "NO-DRIVER", N_("no GPU or driver is visible"),
	  N_("The CUDA runtime, or NVML, found no device: "
	  "CUDA_VISIBLE_DEVICES (or a container's NVIDIA_VISIBLE_DEVICES) "
	  "hides every GPU, an empty value, -1 or a GPU number the machine "
	  "does not have; or there is no NVIDIA kernel module, no "
	  "libcuda.so.1, a stub libcuda, or (WSL2) the driver's directory is "
	  "not searched."),
	  N_("Install and load the NVIDIA driver for this GPU."),
	  { { N_("CUDA_VISIBLE_DEVICES hides every GPU (empty, -1, or a "
	    "first entry that names no GPU)"), { BY("ENV-CUDA-VISIBLE") } },
	    { N_("NVIDIA_VISIBLE_DEVICES is void or none: the container "
	    "runtime passed no GPU in"), { BY("ENV-NVIDIA-VISIBLE") } },
	    { N_("JAX_PLATFORMS leaves out the GPU"),
	    { BY("ENV-JAX-PLATFORMS") } },
	    { N_("a GPU without its kernel module"), { BY("F20") } },
	    { N_("the driver's libraries are installed but no kernel "
	    "module is loaded"), { NO_MODULE_ROWS } },
	    { N_("the kernel module and the driver's libraries are "
	    "different versions (the driver was updated and the machine not "
	    "restarted)"), { BY("F19") } },
	    { N_("a container started without the GPU"),
	    { BY("CTR-NO-GPU"), IF2(MSG_DRIVER, "container", NULL,
	    "kernel module", "none loaded"), BY("CTR-NODE") } },
	    { N_("the container's device cgroup denies it the GPU"),
	    { BY("CTR-CGROUP"), BY("CTR-PERM") } },
	    { N_("no NVIDIA GPU or driver on this machine"),
	    { BY("NO-DRIVER") } },
	    { N_("a stub libcuda is loaded"), { BY("STUB-LIBCUDA") } },
	    { N_("WSL2's driver directory is not searched"),
	    { BY("WSL-LIB-PATH") } } } },
	/* a program's own check that its framework can use CUDA
	 * (torch.cuda.is_available() in a web UI's start-up: AUTOMATIC1111's
	 * "Torch is not able to use GPU", Forge Neo's "PyTorch is not able
	 * to access CUDA"), which does not say why */
	{ "CUDA-UNAVAILABLE", N_("the framework cannot use CUDA here"),
	  N_("The program asked its framework whether CUDA is usable "
	  "(PyTorch's torch.cuda.is_available(), vLLM's choice of platform, "
	  "which asks NVML for a GPU, Ollama's discovery of GPUs) and was "
	  "told no; the answer does not "
	  "say why.  The framework is a CPU-only build, or no GPU "
	  "or driver is visible to it (no kernel module, a container started "
	  "without the GPU, CUDA_VISIBLE_DEVICES hiding it), or the driver is "
	  "older than the framework's CUDA, which PyTorch also answers with "
	  "no."),
	  N_("Find which holds here (cudnn-setup doctor names it), then "
	  "reinstall the CUDA build of the framework, install or load the "
	  "driver, or give the container its GPU; do not skip the check "
	  "(--skip-torch-cuda-test only moves the failure)."),
	  { { N_("a CPU-only build of the framework"), { BY("F27"),
	    IF(MSG_BUILD, "build", "CPU-only") } },
	    { N_("no GPU or usable driver here"), { BY("NO-DRIVER"),
	    BY("F20"), NO_MODULE_ROWS, BY("STUB-LIBCUDA"),
	    BY("WSL-LIB-PATH") } },
	    { N_("the GPU is hidden from the process (CUDA_VISIBLE_DEVICES, "
	    "a container started without it)"), { BY("ENV-CUDA-VISIBLE"),
	    BY("ENV-NVIDIA-VISIBLE"), BY("CTR-NO-GPU") } },
	    { N_("the driver is older than the framework's CUDA"),
	    { BY("F16") } } } },
	/* cudaErrorSystemDriverMismatch (803): "a mismatch between the
	 * versions of the display driver and the CUDA driver" (CUDA runtime
	 * API).  easydiffusion/easydiffusion#134, #379: a newer driver fixed
	 * it; ameli/manylinux-cuda#5: an image carrying its own driver. */
	{ "CUDA-803", N_("the CUDA driver library and the display driver "
	  "differ"),
	  N_("CUDA error 803 (cudaErrorSystemDriverMismatch): the libcuda "
	  "that was loaded is not of the kernel driver's version.  A driver "
	  "upgrade without a reboot, a container image that brings its own "
	  "driver libraries, or a compat libcuda cause it."),
	  N_("Make libcuda.so.1 and the kernel module one driver version: "
	  "reboot after a driver upgrade, or install the newest driver; "
	  "keep driver libraries out of container images."),
	  { { N_("libcuda.so.1 and the kernel module are different "
	    "versions"), { IF(MSG_DRIVER, "mismatch", NULL), BY("F19") } },
	    { N_("a forward-compatibility libcuda is loaded"),
	    { BY("F17") } },
	    { N_("no kernel module is loaded"), { BY("F20"),
	    NO_MODULE_ROWS } } } },
	/* cudaErrorUnknown (999): "an unknown internal error" (CUDA runtime
	 * API).  spiriMirror/libuipc#41: after a driver update, one CUDA
	 * program run as root made it go away; pytorch/pytorch#49081:
	 * /dev/nvidia-uvm missing, `nvidia-modprobe -c 0 -u` fixed it. */
	{ "CUDA-999", N_("CUDA reported an unknown error"),
	  N_("CUDA error 999 (cudaErrorUnknown) says nothing more about its "
	  "cause.  It is reported after driver updates until the modules "
	  "and device files are set up again, and on broken or unloaded "
	  "driver states."),
	  N_("Reboot after a driver update (or run one CUDA program as "
	  "root once); if it stays, check the driver with doctor."),
	  { { N_("the driver's libraries and its kernel module differ"),
	    { BY("F19"), IF(MSG_DRIVER, "mismatch", NULL) } },
	    { N_("no kernel module is loaded"), { BY("F20"),
	    NO_MODULE_ROWS } },
	    { N_("the nvidia_uvm module is not loaded or /dev/nvidia-uvm is "
	    "missing (pytorch/pytorch#49081)"), { BY("NO-UVM") } },
	    { N_("something else (cannot be checked without the GPU's "
	    "state)"), { { NULL, { { NULL } } } } } } },
	/* cuDNN's documentation of CUDNN_STATUS_NOT_INITIALIZED, as quoted
	 * in PaddlePaddle/PaddleMIX#678; NVIDIA/TensorRT#2911 (is cuDNN on
	 * the library path); yukkyo/PyTorch-FilterResponseNormalizationLayer#4
	 * (GPU memory, reduce the batch size); TensorFlow's GPU guide
	 * (tensorflow.org/guide/gpu: it maps nearly all GPU memory unless
	 * memory growth is set, TF_FORCE_GPU_ALLOW_GROWTH=true). */
	{ "CUDNN-NOT-INITIALIZED", N_("cuDNN could not be initialized"),
	  N_("cudnnCreate() failed (CUDNN_STATUS_NOT_INITIALIZED, or "
	  "TensorFlow's and XLA's \"Could not create cudnn handle\" with "
	  "another status), usually because a CUDA call it makes failed (no "
	  "usable driver, no GPU memory left: TensorFlow takes nearly all of "
	  "it at start unless memory growth is on) or because the cuDNN "
	  "loaded does not fit the framework."),
	  N_("Make the framework load its own cuDNN (doctor lists which one "
	  "it finds); if it does, free GPU memory or reduce the batch size "
	  "(TensorFlow: TF_FORCE_GPU_ALLOW_GROWTH=true)."),
	  { { N_("the cuDNN loaded is not the one the framework expects"),
	    { BY("F9"), BY("F10"), BY("F1"), BY("F2"), BY("F3"),
	    BY("F8") } },
	    { N_("no usable driver"), { BY("NO-DRIVER"), BY("F20"),
	    BY("STUB-LIBCUDA"), NO_MODULE_ROWS } },
	    { N_("GPU memory ran out (cannot be checked without running "
	    "the model)"), { { NULL, { { NULL } } } } } } },
	/* vllm-project/vllm#5501 (the installed torch lacks the symbol the
	 * extension was built against), #611 (reinstalling torch fixed it),
	 * #3630 (versions conflicting with pytorch). */
	{ "TORCH-ABI", N_("an extension was built against another PyTorch"),
	  N_("A compiled extension (vLLM's _C, a custom CUDA op) calls a C++ "
	  "function of PyTorch (c10::, at::, torch::) that the installed "
	  "PyTorch does not have: it was built for another PyTorch "
	  "version.  On Windows the loader says only \"The specified "
	  "procedure could not be found\" for the module it was "
	  "importing."),
	  N_("Install the build of the extension made for the installed "
	  "PyTorch, or the PyTorch version the extension requires."),
	  { { N_("the installed PyTorch lacks the function (loading the "
	    "extension here fails the same way)"),
	    { IF(MSG_FILE, "loader says", "undefined symbol") } },
	    { N_("the extension was built for another PyTorch than the one "
	    "installed (its symbols checked against PyTorch's own)"),
	    { BY("TORCH-ABI") } } } },
	/* PyTorch's own libraries not found by the loader: an extension
	 * imported before torch (Mamba-Install#1: causal_conv1d_cuda and
	 * libc10.so), a program
	 * linked against libtorch without its lib directory on its path
	 * (tch-rs#767 and #824: libtorch_cuda.so), a wheel whose RPATH
	 * missed torch/lib (pytorch/pytorch#160720: libtorch.so) */
	{ "TORCH-LIB", N_("the loader did not find a library of PyTorch's"),
	  N_("PyTorch's own libraries (libc10.so, libtorch.so, "
	  "libtorch_cpu.so, libtorch_cuda.so, libtorch_python.so) live in "
	  "the lib directory of its package (site-packages/torch/lib, or "
	  "libtorch/lib), where the loader does not look by itself.  An "
	  "extension module (a custom CUDA op, causal_conv1d, flash_attn) "
	  "names them without a path: Python finds them because importing "
	  "torch loads them first.  So the module was imported before torch, "
	  "or a program linked against libtorch ran without that directory "
	  "on LD_LIBRARY_PATH or its RPATH, or no PyTorch with that library "
	  "is installed where the program ran (a CPU-only build has no "
	  "libtorch_cuda.so)."),
	  N_("Import torch before the extension.  For a program of your own, "
	  "put libtorch's lib directory on LD_LIBRARY_PATH or into the "
	  "program's RPATH (-Wl,-rpath,<libtorch>/lib).  Where no PyTorch "
	  "has the library, install the PyTorch build the extension was "
	  "built for in the environment that runs it."),
	  { { N_("the library is in a PyTorch package here, where the loader "
	    "looks only once torch is imported (a module imported before "
	    "torch, a program without that directory on its path)"),
	    { IF("MSG-TORCH-LIB", "state", "=in torch's directory") } },
	    { N_("no PyTorch here has the library (none installed, or a "
	    "CPU-only build without its CUDA libraries)"),
	    { IF("MSG-TORCH-LIB", "state", "=not installed"), BY("F27") } } } },
	/* pytorch/pytorch#119932 (another package provides an incompatible
	 * NCCL), #186591 (nvidia-nccl-cu12 and -cu13 mixed),
	 * NVIDIA/nccl#1180, rwth-i6/returnn#1802 (nvidia-nccl-cu11 2.14.3
	 * beside -cu12 2.27.3: ncclMemFree). */
	{ "NCCL-SYMBOL", N_("PyTorch found another NCCL than its own"),
	  N_("libtorch_cuda.so calls an NCCL function that the libnccl.so.2 "
	  "the loader found first does not have: another, older NCCL came "
	  "first (a second nvidia-nccl wheel, a system libnccl2, a "
	  "directory on LD_LIBRARY_PATH)."),
	  N_("Keep one NCCL: remove the other nvidia-nccl wheel or drop its "
	  "directory from LD_LIBRARY_PATH."),
	  { { N_("LD_LIBRARY_PATH puts another NCCL first"),
	    { FILE_VIA("LD_LIBRARY_PATH"), IF("NCCL-SYMBOL", "libnccl.so.2",
	    "LD_LIBRARY_PATH") } },
	    { N_("a system NCCL is found first"), { FILE_VIA("ld.so.cache"),
	    FILE_VIA("default directory") } },
	    { N_("a second nvidia-nccl wheel (-cu11 beside -cu12) overwrote "
	    "PyTorch's libnccl.so.2 (rwth-i6/returnn#1802)"),
	    { IF("NCCL-SYMBOL", "installed by", "(the file there)"),
	    IF("WHEEL-MIX", "same file", "libnccl") } } } },
	/* bitsandbytes-foundation/bitsandbytes#1559 and #487 (the
	 * messages), #1522 and #492 (maintainer: upgrade bitsandbytes),
	 * #1848 (no CUDA 13.1 binary yet; BNB_CUDA_VERSION=130 worked). */
	{ "BNB-BINARY", N_("bitsandbytes has no library for this CUDA"),
	  N_("bitsandbytes loads a native library built for one CUDA "
	  "version (libbitsandbytes_cudaXYZ.so), chosen from PyTorch's CUDA "
	  "or BNB_CUDA_VERSION.  The file for that version is not in the "
	  "package, or the CUDA runtime was not found, so it fails or falls "
	  "back to the CPU library."),
	  N_("pip install -U bitsandbytes; unset BNB_CUDA_VERSION unless "
	  "you mean it."),
	  { { N_("the package has no library for the CUDA version it "
	    "looked for"), { BY("BNB-BINARY"), IF(MSG_BUILD, "lacks",
	    NULL) } } } },
	/*
	 * What a status code means when no entry above is about it: one
	 * entry a kind of code (codes.h, code_entry() below).  The code and
	 * the library's own words for it are in the match's captures.
	 */
	{ "CUDA-OOM", N_("the GPU ran out of memory"),
	  N_("A CUDA library could not allocate GPU memory "
	  "(cudaErrorMemoryAllocation, CUDA_ERROR_OUT_OF_MEMORY, or a "
	  "library's ALLOC_FAILED).  Every process on the GPU shares its "
	  "memory: a model, a batch or a cache that does not fit, another "
	  "process holding memory, or memory fragmented by earlier "
	  "allocations cause it.  cuBLAS and cuDNN report it as a failure to "
	  "create their handle, before any work."),
	  N_("Free GPU memory: stop other processes on the GPU (nvidia-smi "
	  "lists them), reduce the batch or the model, or let PyTorch's "
	  "allocator grow in segments (PYTORCH_CUDA_ALLOC_CONF="
	  "expandable_segments:True)."),
	  { { N_("the work needs more memory than the GPU has free (cannot "
	    "be checked without running it)"), { { NULL, { { NULL } } } } },
	    { N_("another process holds the GPU's memory (cannot be checked "
	    "without the GPU)"), { { NULL, { { NULL } } } } } } },
	{ "CUDA-FAULT", N_("a GPU kernel faulted"),
	  N_("A kernel on the GPU failed: an illegal or misaligned memory "
	  "access, an illegal instruction, a device-side assert, a launch "
	  "that failed.  Launches are asynchronous, so a later, unrelated "
	  "call reports it, and the CUDA context stays broken: every later "
	  "call returns the same error.  Usually a bug in a kernel of the "
	  "program or an extension (an index out of range), sometimes "
	  "libraries of mixed releases or a hardware fault."),
	  N_("Run again with CUDA_LAUNCH_BLOCKING=1 to see the call that "
	  "faulted (compute-sanitizer finds the access); NVRM Xid lines in "
	  "the kernel log point at the hardware or the driver."),
	  { { N_("libraries of different releases are loaded together"),
	    { BY("F1"), BY("F2"), BY("F12"), BY("WHEEL-MIX") } },
	    { N_("a bug in a kernel, such as an index out of range (cannot "
	    "be checked without running it)"), { { NULL, { { NULL } } } } },
	    { N_("a hardware or driver fault (NVRM Xid in the kernel log; "
	    "cannot be checked here)"), { { NULL, { { NULL } } } } } } },
	{ "CODE-INIT", N_("a CUDA library could not start"),
	  N_("A CUDA library could not initialise: the runtime or the "
	  "driver API at its first call, or cuBLAS, cuSPARSE, cuSOLVER, "
	  "cuRAND or cuFFT when it creates its handle.  It could not talk to "
	  "the driver, could not get GPU memory for its handle, or found a "
	  "part of another release.  CUDA used in a process and then in a "
	  "forked child fails so too."),
	  N_("Check the driver (cudnn-setup doctor); free GPU memory; start "
	  "worker processes with 'spawn' when the parent used CUDA."),
	  { { N_("no usable driver"), { BY("NO-DRIVER"), BY("F20"),
	    BY("STUB-LIBCUDA"), NO_MODULE_ROWS } },
	    { N_("the driver's libraries and its kernel module differ"),
	    { BY("F19"), IF(MSG_DRIVER, "mismatch", NULL) } },
	    /* cupy/cupy#9827: driver 12.7 under a CUDA 13.0 runtime,
	     * cusparseCreate failing so */
	    { N_("the driver is older than the CUDA the library came with"),
	    { BY("F16") } },
	    { N_("/dev/nvidia-uvm is missing (pytorch/pytorch#49081)"),
	    { BY("NO-UVM") } },
	    { N_("a library of another release is bound first"),
	    { BY("F1"), BY("F2"), BY("F9"), BY("F10"), BY("F12"),
	    BY("WHEEL-MIX") } },
	    { N_("GPU memory ran out, or CUDA was used before a fork "
	    "(cannot be checked here)"), { { NULL, { { NULL } } } } } } },
	/* NVML on a GPU without memory of its own (NVIDIA/gpu-operator#1794,
	 * kubernetes-sigs/dra-driver-nvidia-gpu#1073: the device plugin's
	 * fix in v0.17.4; NVIDIA-NeMo/RL#2203) */
	{ "NVML-UMA", N_("NVML has no memory figures for a GPU that shares "
	  "the system's memory"),
	  N_("A GPU whose memory is the system's (the GB10 of DGX Spark, "
	  "Jetson Thor and other integrated GPUs) has no framebuffer of its "
	  "own: NVML's memory queries (nvmlDeviceGetMemoryInfo) return "
	  "NVML_ERROR_NOT_SUPPORTED and nvidia-smi shows \"Not Supported\" "
	  "for its memory.  A tool that takes that for a failure (a "
	  "Kubernetes device plugin, a monitor, a framework's check of free "
	  "memory) stops; the GPU and the driver work."),
	  N_("Update the tool to a release that falls back to the system's "
	  "memory on such GPUs (NVIDIA's device plugin from 0.17.4); until "
	  "then ask CUDA (cudaMemGetInfo) or /proc/meminfo for the memory, "
	  "not NVML."),
	  { { N_("the GPU's memory is the system's"),
	    { { NULL, { { NULL } } } } } } },
	/* RDMA's verbs and VFIO pin memory; the kernel counts it against
	 * RLIMIT_MEMLOCK (ibv_reg_mr(3), getrlimit(2)) */
	{ "MEMLOCK", N_("the locked-memory limit stops memory being pinned"),
	  N_("NCCL, UCX, NVSHMEM and MPI pin the buffers they send over "
	  "InfiniBand or RoCE (ibv_reg_mr, ibv_create_cq), and libvirt pins "
	  "a virtual machine's memory for a GPU passed through with VFIO; the "
	  "kernel counts pinned memory against the process's locked-memory "
	  "limit (ulimit -l, RLIMIT_MEMLOCK).  When the limit is small (a "
	  "distribution's or a container engine's default of a few MiB, a "
	  "Slurm or systemd job that does not carry the shell's limit on), "
	  "the buffers asked for are larger than it allows, or the process "
	  "may not raise it (no IPC_LOCK capability in its container or "
	  "pod), the call fails with \"Cannot allocate memory\" or "
	  "\"Operation not permitted\" while memory is free.  The GPU and its "
	  "libraries are not at fault."),
	  N_("Raise the limit where the job starts: ulimit -l unlimited (a "
	  "memlock line in /etc/security/limits.conf for logins), "
	  "LimitMEMLOCK=infinity for a systemd service, --ulimit "
	  "memlock=-1:-1 (and --cap-add=IPC_LOCK without --privileged) for "
	  "a container, the IPC_LOCK capability for a virtual machine's pod, "
	  "PropagateResourceLimits for Slurm; check it with ulimit -l inside "
	  "the job."),
	  { { N_("the job's locked-memory limit is smaller than what it "
	    "pins"), { { NULL, { { NULL } } } } } } },
	/* NVENC's NV_ENC_ERR_OUT_OF_MEMORY and _INCOMPATIBLE_CLIENT_KEY when a
	 * session opens: nvEncodeAPI.h words 21 "a feature that is not
	 * available for the license type for the current system"; NVIDIA's
	 * NVENC Application Note ("NVENC Licensing Policy") limits the
	 * concurrent sessions of GeForce GPUs, and a session beyond the
	 * limit fails to open (NVIDIA's developer forum, "Session count
	 * limitation for NVENC"; keylase/nvidia-patch#636) */
	{ "NVENC-SESSIONS", N_("the GPU's encoder has no session or memory "
	  "left"),
	  N_("NVENC, the GPU's video encoder, refused to open a session or "
	  "to allocate its buffers (NV_ENC_ERR_OUT_OF_MEMORY, 10, or "
	  "NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY, 21: FFmpeg prints \"out of "
	  "memory (10)\" and \"incompatible client key (21)\").  On GeForce "
	  "and other consumer GPUs the driver allows only a few encode "
	  "sessions at a time, on the whole machine: one more (another "
	  "FFmpeg, OBS, a media server's transcodes, a stream left open) is "
	  "refused with these codes although memory is free.  Less often "
	  "the GPU's memory is full.  The driver and the libraries are not "
	  "at fault."),
	  N_("Run fewer encodes at a time (a media server's limit of "
	  "concurrent transcodes, a job queue), end the encoders left "
	  "running (nvidia-smi shows the encoder sessions: nvidia-smi "
	  "--query-gpu=encoder.stats.sessionCount --format=csv), or use a "
	  "GPU whose NVENC has no session limit (professional and data "
	  "center GPUs); if memory is full, free it or encode at a lower "
	  "resolution."),
	  { { N_("the consumer GPU's limit of concurrent encode sessions "
	    "is reached"),
	    { { NULL, { { NULL } } } } },
	    { N_("the GPU's memory is full"), { { NULL, { { NULL } } } } } } },
	/* CUDA's state does not survive fork(): PyTorch's lazy init
	 * (torch/cuda/__init__.py) and numba's driver check for it */
	{ "CUDA-FORK", N_("CUDA was used before the process forked"),
	  N_("The process used CUDA and then started workers with fork() "
	  "(Python's default start method on Linux): a forked child cannot "
	  "use the CUDA its parent set up, and the framework refuses.  The "
	  "driver and the libraries are not at fault."),
	  N_("Start the workers with the 'spawn' (or 'forkserver') method: "
	  "multiprocessing.set_start_method('spawn') before they start, "
	  "DataLoader(multiprocessing_context='spawn'), "
	  "VLLM_WORKER_MULTIPROC_METHOD=spawn for vLLM; or do not touch the "
	  "GPU in the parent before the workers are started."),
	  { { N_("the parent process used CUDA, then forked the worker"),
	    { BY(BY_MESSAGE) } } } },
	{ "CODE-USAGE", N_("a CUDA library refused a call"),
	  N_("The library rejected what it was asked: an invalid value, "
	  "handle or configuration, or an operation it does not support for "
	  "these types, sizes or this GPU.  Most often the program's own bug "
	  "or a combination it does not support, not the installation; a "
	  "library of another release than the program was built with does "
	  "it too."),
	  N_("Check that the program loads the libraries it was built with "
	  "(cudnn-setup doctor), then report it to the program's authors "
	  "with the versions."),
	  { { N_("a library of another release than the program expects is "
	    "bound"), { BY("F1"), BY("F2"), BY("F9"), BY("F10"), BY("F12"),
	    BY("WHEEL-MIX") } },
	    { N_("the framework has no kernels for this GPU"),
	    { BY("F21") } },
	    { N_("a bug or an unsupported combination in the program "
	    "(cannot be checked here)"), { { NULL, { { NULL } } } } } } },
	/* cudaErrorDevicesUnavailable (46): "all CUDA-capable devices are
	 * busy or unavailable" (CUDA runtime API, driver_types.h) */
	{ "CUDA-BUSY", N_("the GPU is busy or unavailable"),
	  N_("Every GPU the process can see is in the exclusive-process or "
	  "prohibited compute mode and taken by another process, or held by "
	  "another container or virtual machine."),
	  N_("Wait for the other process, or set the compute mode back to "
	  "Default (nvidia-smi -c 0, as root)."),
	  { { N_("another process holds the GPU in exclusive mode (cannot "
	    "be checked without the GPU)"), { { NULL, { { NULL } } } } } } },
	/* cudaErrorInvalidDevice (101): "invalid device ordinal" */
	{ "CUDA-ORDINAL", N_("the program asked for a GPU that is not "
	  "visible"),
	  N_("The device number the program asked for is not among the GPUs "
	  "CUDA sees: the machine has fewer, or CUDA_VISIBLE_DEVICES shows "
	  "fewer (CUDA numbers the visible ones from 0)."),
	  N_("Ask for a device below the number visible, or list more in "
	  "CUDA_VISIBLE_DEVICES."),
	  { { N_("CUDA_VISIBLE_DEVICES hides GPUs"),
	    { BY("ENV-CUDA-VISIBLE") } },
	    { N_("the machine has fewer GPUs than the program expects "
	    "(cannot be checked without the GPU)"),
	    { { NULL, { { NULL } } } } },
	    /* cuda_runtime_api.h, cudaMemPrefetchAsync: the destination
	     * must have a non-zero concurrentManagedAccess, else
	     * cudaErrorInvalidDevice */
	    { N_("a managed-memory call given a GPU that cannot take it: "
	    "cudaMemPrefetchAsync (bitsandbytes' paged optimizers) needs the "
	    "GPU's concurrentManagedAccess, which is 0 on Windows and before "
	    "Pascal (cannot be checked without the GPU)"),
	    { { NULL, { { NULL } } } } } } },
	/* a program that parses CUDA_VISIBLE_DEVICES as numbers given UUIDs
	 * (vllm-project/vllm#13815, rapidsai/dask-cuda#435 and its fix
	 * #437, a vLLM under Apptainer in MIG slices: blackfish#108) */
	{ "CVD-UUID", N_("the program reads CUDA_VISIBLE_DEVICES as numbers "
	  "and it names GPUs by UUID"),
	  N_("CUDA takes the GPUs of CUDA_VISIBLE_DEVICES by index, by UUID "
	  "(GPU-...) or, for a MIG slice, by its MIG-... UUID, and schedulers "
	  "and container runtimes set UUIDs (Kubernetes' and Slurm's GPU "
	  "plugins, Apptainer, GPU-sharing schedulers).  The program, or a "
	  "library it uses, parses each entry as a number (to map its devices "
	  "to physical GPUs or to NVML's) and fails on the UUID, which CUDA "
	  "itself reads."),
	  N_("Update the program to a release that reads UUIDs.  Until then, "
	  "give it indices: where the job or container sees only its own GPUs "
	  "(a container given one GPU or one MIG slice), "
	  "CUDA_VISIBLE_DEVICES=0 inside it; on a host, the index nvidia-smi "
	  "-L shows for that UUID, with CUDA_DEVICE_ORDER=PCI_BUS_ID so that "
	  "CUDA numbers the GPUs as nvidia-smi does."),
	  { { N_("CUDA_VISIBLE_DEVICES names GPUs by UUID here"),
	    { IF("MSG-CVD", "state", "=uuid") } },
	    { N_("the program's release does not read UUIDs (cannot be "
	    "checked from the message alone)"), { { NULL, { { NULL } } } } } } },
	/* NVML_ERROR_GPU_IS_LOST: "The GPU has fallen off the bus or has
	 * otherwise become inaccessible" (nvml.h) */
	{ "GPU-LOST", N_("the GPU fell off the bus"),
	  N_("The GPU stopped answering on the PCIe bus (NVML's GPU_IS_LOST; "
	  "Xid 79 in the kernel log): a fault of the hardware, its power or "
	  "its cooling, not of the software."),
	  N_("Reboot; if it happens again, have the GPU's power, cooling and "
	  "seating checked."),
	  { { N_("the GPU fell off the bus this boot (Xid 79 in the kernel "
	    "log): its hardware, power or cooling"), { IF("GPU-XID", "Xid",
	    "79 ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS") } },
	    { N_("a hardware fault (cannot be checked here)"),
	    { { NULL, { { NULL } } } } } } },
	/* every other Xid the NVIDIA kernel module logs: its number,
	 * mnemonic, words and action from NVIDIA's Xid catalog
	 * (manifests/data/xid.tsv) are the match's captures */
	{ "GPU-XID", N_("the NVIDIA driver logged a GPU error (Xid)"),
	  N_("The NVIDIA kernel module logged an Xid, an error numbered in "
	  "NVIDIA's Xid catalog: a fault in one program's work on the GPU, "
	  "in the GPU's memory (ECC), its firmware (GSP), its links (PCIe, "
	  "NVLink) or its power, or a note that follows another Xid.  It "
	  "says what happened on the GPU, not what is installed: the CUDA "
	  "libraries are not its cause."),
	  N_("Do what NVIDIA's catalog says for the number (shown with the "
	  "message: restart the program, reset the GPU with nvidia-smi -r or "
	  "reboot); if the same Xid comes back after that, have the GPU's "
	  "power, cooling and seating checked (nvidia-smi -q -d ECC shows "
	  "its memory errors)."),
	  { { N_("the GPU or the machine faulted this boot (Xids in the "
	    "kernel log)"),
	    { BY("GPU-XID") } },
	    { N_("a fault of the GPU, its memory, links or power, or of one "
	    "program's work on it (cannot be checked here)"),
	    { { NULL, { { NULL } } } } } } },
	{ "DRIVER-LIB", N_("a library of the NVIDIA driver is missing"),
	  N_("libcuda.so.1, libnvidia-ml.so.1, libnvidia-ptxjitcompiler.so.1, "
	  "libnvcuvid.so.1, OptiX's libnvoptix.so.1, the Vulkan and GL "
	  "library libGLX_nvidia.so.0 with its ICD file, the EGL library "
	  "libEGL_nvidia.so.0 with its glvnd vendor file (10_nvidia.json), "
	  "and the nvidia-smi program come with the driver, never with CUDA "
	  "or a pip wheel.  One is not found: the driver's user-space "
	  "packages are not installed, or a container was started without "
	  "the GPU or without that capability (NVIDIA_DRIVER_CAPABILITIES: "
	  "utility for NVML and nvidia-smi, compute, video, graphics for "
	  "OptiX, Vulkan and GL)."),
	  N_("Install the driver's user-space libraries of the kernel "
	  "module's version; in a container, start it with the GPU (--gpus "
	  "all) and the capability, and never install the driver inside."),
	  { { N_("the library is installed but not on the loader's path"),
	    { LIB_ELSEWHERE } },
	    { N_("a container started without the GPU"),
	    { BY("CTR-NO-GPU"), IF2(MSG_DRIVER, "container", NULL,
	    "kernel module", "none loaded") } },
	    { N_("the container's NVIDIA_DRIVER_CAPABILITIES lack compute"),
	    { BY("CTR-CAPS") } },
	    { N_("the GPU was passed into the container without the "
	    "driver's libraries"), { BY("CTR-NO-LIBS") } },
	    { N_("no NVIDIA driver on this machine"), { BY("NO-DRIVER"),
	    BY("F20"), NO_MODULE_ROWS, LIB_NOWHERE } },
	    LIB_DEVLINK_ROW } },
	/* Containers (research containers.md, b): the texts of the NVIDIA
	 * container toolkit, the engines and NVML, each fixed on one side. */
	{ "CTR-RUNTIME", N_("docker cannot give the container a GPU"),
	  N_("Docker was asked for a GPU (--gpus, compose's capabilities: "
	  "[gpu], or --runtime=nvidia) and has nothing that provides one: "
	  "the NVIDIA Container Toolkit is not installed on the host, or "
	  "docker is not configured for it, or docker is the snap package, "
	  "which does not see a toolkit installed by apt."),
	  N_("On the host: install nvidia-container-toolkit, run sudo "
	  "nvidia-ctk runtime configure --runtime=docker and restart docker; "
	  "run cudnn-setup doctor on the host to see what is missing.  When "
	  "the toolkit's hook fails at its ldcache step, point ldconfig in "
	  "/etc/nvidia-container-runtime/config.toml at the host's own."),
	  { { N_("the NVIDIA Container Toolkit is not installed on the "
	    "host"), { BY("CTK-MISSING") } },
	    { N_("docker has no nvidia runtime configured"),
	    { BY("CTK-DOCKER") } },
	    { N_("the toolkit's ldconfig setting names a program the host "
	    "does not have (the message says which)"),
	    { { NULL, { { NULL } } } } } } },
	{ "CTR-CGROUP", N_("the container lost its GPU to the device cgroup"),
	  N_("NVML inside a running container fails with \"Unknown Error\": "
	  "the container's device cgroup no longer lets it open the NVIDIA "
	  "devices.  With the systemd cgroup driver, systemctl daemon-reload "
	  "on the host re-applies the device rules from /dev/char links, "
	  "which the NVIDIA devices lack."),
	  N_("On the host: sudo nvidia-ctk system create-dev-char-symlinks "
	  "--create-all (and NVIDIA's udev rule), then recreate the "
	  "container; or start it with CDI, or use the cgroupfs driver."),
	  { { N_("the device cgroup denies /dev/nvidiactl in this "
	    "container"), { BY("CTR-CGROUP") } },
	    { N_("the host lacks the /dev/char links with the systemd "
	    "cgroup driver"), { BY("CTK-DEV-CHAR") } },
	    { N_("the toolkit's no-cgroups (set for a rootless engine) "
	    "leaves a rootful engine's containers without device rules"),
	    { BY("CTK-NO-CGROUPS") } } } },
	{ "CTR-HOST-DRIVER", N_("the container toolkit finds no driver on the "
	  "host"),
	  N_("nvidia-container-cli loads the host's libnvidia-ml.so.1 to "
	  "learn what to pass into a container, and Apptainer's and "
	  "Singularity's --nv look the driver's libraries and programs up "
	  "in the host's loader cache; they are not there: no NVIDIA "
	  "driver is installed on the host (a login or CPU-only node), or "
	  "it lives in a driver container's root (the GPU operator's "
	  "/run/nvidia/driver)."),
	  N_("On the host: install the NVIDIA driver (run cudnn-setup doctor "
	  "there); with a driver container, point the toolkit at its root "
	  "(nvidia-ctk cdi generate --driver-root=/run/nvidia/driver)."),
	  { { N_("no NVIDIA driver on this host"), { BY("NO-DRIVER"),
	    BY("F20"), NO_MODULE_ROWS } } } },
	{ "CTR-BAKED", N_("the image carries the driver's libraries"),
	  N_("The container toolkit mounts the host driver's libraries into "
	  "the container and found a file already in its place: the image "
	  "ships driver libraries of its own (a libnvidia-compute package "
	  "pulled in by another one, or files copied in)."),
	  N_("In the image: remove the driver's packages (apt-get remove "
	  "libnvidia-compute-*) and rebuild it; the driver's libraries come "
	  "from the host."),
	  { { N_("the image ships libnvidia-ml.so.1 or libcuda.so (check the "
	    "image)"), { { NULL, { { NULL } } } } } } },
	{ "CTR-WSL", N_("WSL2 shows the container toolkit no GPU"),
	  N_("The container toolkit runs under WSL and finds no GPU adapter: "
	  "the distribution runs as WSL1, the Windows driver has no WSL "
	  "support, or the machine has no NVIDIA GPU."),
	  N_("On Windows: convert the distribution to WSL2, install a current "
	  "NVIDIA Windows driver, and run wsl --update; nothing is installed "
	  "inside."),
	  { { N_("libdxcore.so, which the toolkit mounts from "
	    "/usr/lib/wsl/lib, or /dev/dxg is missing here"),
	    { BY("WSL-DXCORE") } },
	    { N_("an old WSL or a Windows driver without WSL support (check "
	    "on Windows)"), { { NULL, { { NULL } } } } } } },
	/* NVML_ERROR_OPERATING_SYSTEM (17), nvml.h: "The GPU control device
	 * has been blocked by the operating system/cgroups" */
	{ "GPU-BLOCKED", N_("the operating system blocks NVML's access to the "
	  "GPU"),
	  N_("NVML could not open the GPU's control device: the operating "
	  "system refused it (NVML_ERROR_OPERATING_SYSTEM, \"GPU access "
	  "blocked by the operating system\").  Under WSL2 and in a Hyper-V "
	  "GPU-PV guest, NVML reaches the GPU through DirectX, libdxcore.so "
	  "in /usr/lib/wsl/lib and the kernel's /dev/dxg: a guest given only "
	  "the driver's files (System32\\lxss\\lib) lacks libdxcore.so and "
	  "the D3D12 libraries, a kernel built without dxgkrnl has no "
	  "/dev/dxg.  On Linux itself, a device cgroup (a container's) that "
	  "denies the GPU's device does the same."),
	  N_("Under WSL2: wsl --update and a current NVIDIA Windows driver; in "
	  "a GPU-PV guest, copy libdxcore.so, libd3d12.so and "
	  "libd3d12core.so from a WSL2 distribution's /usr/lib/wsl/lib and "
	  "boot a kernel with dxgkrnl.  In a container, give it the GPU's "
	  "devices again (run cudnn-setup doctor there)."),
	  { { N_("WSL2 or a GPU-PV guest without libdxcore.so or /dev/dxg"),
	    { BY("WSL-DXCORE") } },
	    { N_("a container's device cgroup denies the GPU's device"),
	    { BY("CTR-CGROUP") } },
	    { N_("Windows has not given this machine's GPU partition to the "
	    "guest (check on the host)"), { { NULL, { { NULL } } } } } } },
	{ "CTR-CDI", N_("the CDI device for the GPU is not defined"),
	  N_("The engine was asked for the CDI device nvidia.com/gpu=all and "
	  "no spec in /etc/cdi or /var/run/cdi defines it: none was "
	  "generated, it was written elsewhere, or it is stale after a "
	  "driver upgrade."),
	  N_("On the host: sudo nvidia-ctk cdi generate "
	  "--output=/etc/cdi/nvidia.yaml, again after each driver upgrade "
	  "(run cudnn-setup doctor there)."),
	  { { N_("no CDI spec names the GPU on this host"), { IF("CTK-CDI",
	    "spec", "none in") } },
	    { N_("the spec was generated for another driver"),
	    { IF("CTK-CDI", "spec", "names libcuda") } } } },
	/* nvidia-container-toolkit#63 (elezar: "A podman version of at
	 * least 4.1.0 would be required for native CDI support"); #1860 and
	 * #1940 (tariq1890: toolkit 1.19.1's specs need an engine that reads
	 * CDI spec 0.7.0; podman 4.9.3 rejects their additionalGids) */
	{ "CTR-CDI-ENGINE", N_("the container engine is older than the CDI "
	  "it is given"),
	  N_("CDI device names (--device nvidia.com/gpu=all) are understood "
	  "by Podman from 4.1.0 on; an older engine takes the name for a path "
	  "on the host and cannot stat it.  A spec written by a newer "
	  "toolkit (1.19.1 writes CDI spec 0.7.0) fails to parse in an engine "
	  "whose CDI library predates that version (\"unknown field\")."),
	  N_("Upgrade the engine (Podman 4.1.0 or newer; for toolkit 1.19.1's "
	  "specs, one that reads CDI 0.7.0), or keep the toolkit at the "
	  "release the engine reads and generate the spec again (sudo "
	  "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml)."),
	  { { N_("the engine on the host predates the CDI spec (cannot be "
	    "checked from the message alone: podman --version on the host)"),
	    { { NULL, { { NULL } } } } } } },
	/* held-out threads: nvidia-container-toolkit#143 and #772 (elezar:
	 * 1.17.0's create-symlinks hook on an image's own link),
	 * google/gvisor#13283 and containers/crun#2167 (hooks run before
	 * /proc), awslabs/amazon-eks-ami#2790 (1.20.0's application-profile
	 * hook on a read-only /etc/nvidia), containers/toolbox#1577 (the
	 * spec's nvidia-persistenced socket) */
	/* the toolkit's ldconfig step inside the container's root */
	{ "CTR-LDCONFIG", N_("the container toolkit's ldconfig run failed"),
	  N_("After mounting the driver's libraries into a container, "
	  "nvidia-container-cli runs ldconfig in the container's root to add "
	  "them to its loader cache: the program config.toml names "
	  "([nvidia-container-cli] ldconfig, \"@/sbin/ldconfig.real\" on "
	  "Debian and Ubuntu, \"@/sbin/ldconfig\" elsewhere; Apptainer and "
	  "enroot pass their own --ldconfig).  That run failed: the path is "
	  "not on this host (NixOS has no /sbin/ldconfig), it is a script "
	  "that cannot run there (Ubuntu's /usr/sbin/ldconfig wraps "
	  "ldconfig.real), or the sandbox it runs in kills it (a seccomp "
	  "filter that refuses a call a newer ldconfig or driver makes, an "
	  "enroot sandbox inside another).  The container does not start, or "
	  "starts without the driver's libraries in its cache."),
	  N_("Point the toolkit at an ldconfig binary this host has "
	  "(config.toml's ldconfig, with the @ that means the host's path; "
	  "the --ldconfig Apptainer or enroot passes), update "
	  "libnvidia-container where its filter kills ldconfig, or let the "
	  "engine give the GPU by CDI (nvidia-ctk cdi generate; --device "
	  "nvidia.com/gpu=all) instead of the legacy hook."),
	  { { N_("the ldconfig the toolkit runs is not on the host or cannot "
	    "run in the container's root (the message names it)"),
	    { BY("CTK-LDCONFIG") } },
	    { N_("a seccomp filter or a nested sandbox kills ldconfig"),
	    { { NULL, { { NULL } } } } } } },
	{ "CTR-HOOK", N_("a hook that gives the container its GPU failed"),
	  N_("As the container was created, the engine ran the NVIDIA "
	  "Container Toolkit's hooks (nvidia-ctk hook ..., the CDI spec's "
	  "createContainer hooks, the legacy prestart hook, LXC's nvidia "
	  "mount hook, enroot's 98-nvidia.sh) and one of them failed, so the "
	  "container did not "
	  "start.  Its own words (after \"stderr:\") name what it could not "
	  "do: create a link or a directory the image already has or holds "
	  "read-only, mount a file the spec lists that the host no longer "
	  "has, or reach the container's /proc before the engine mounted "
	  "it.  Most such failures come with a new release of the toolkit or "
	  "of the engine (crun, runc, gVisor, Toolbx, Incus) that the other "
	  "was not ready for."),
	  N_("Read the hook's words for the path it names.  Update the "
	  "toolkit and the engine together, or go back to the release before "
	  "the one that changed (their release notes and issue trackers name "
	  "such regressions); after a driver upgrade write the CDI spec again "
	  "(sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml); keep "
	  "the image from shipping the driver's files or links the toolkit "
	  "puts in, and /etc/nvidia writable."),
	  { { N_("the toolkit and the engine are releases that do not work "
	    "together (a regression in one of them)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the image or the container's mounts hold what the hook "
	    "writes (a link, a read-only directory, the host's /dev)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the CDI spec lists a host file that is no longer there "
	    "(written before a driver upgrade or a daemon's start)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the legacy hook's ldconfig step failed (\"ldcache "
	    "error\"): the ldconfig its config.toml names is not on the host "
	    "(NixOS has no /sbin/ldconfig), or it dies in the hook's sandbox"),
	    { { NULL, { { NULL } } } } } } },
	{ "CTR-PERM", N_("the container may not open the GPU's device"),
	  N_("NVML was refused the NVIDIA device files: a rootless container "
	  "without the device's group, a user inside the container other "
	  "than root, or SELinux."),
	  N_("Start the container keeping the groups (podman run --device "
	  "nvidia.com/gpu=all --group-add keep-groups); with SELinux, on the "
	  "host: sudo setsebool -P container_use_devices true."),
	  { { N_("no permission to open /dev/nvidiactl here"),
	    { BY("CTR-PERM") } } } },
	/* rootless engines: libnvidia-container#154 (klueska: rootless
	 * containers never may modify cgroups, "the only way to make this
	 * work will be to set no-cgroups: true"), moby/moby#38729 (cgroup
	 * v1); nvidia-ctk config --set since 1.14.4 (NVIDIA/cloud-native-docs
	 * PR #16); no-cgroups on breaks rootful containers with NVML's
	 * "Unknown Error" (nvidia-container-toolkit#85,
	 * NVIDIA/dcgm-exporter#440) */
	{ "CTR-ROOTLESS", N_("the container toolkit may not set the GPU's "
	  "device rules"),
	  N_("The container toolkit's hook (nvidia-container-cli) adds the "
	  "GPU's devices to the container's device cgroup: on cgroup v2 by "
	  "replacing the cgroup's eBPF device filter, on v1 by writing "
	  "devices.allow.  Under a rootless engine (rootless docker or "
	  "podman, or an engine inside an unprivileged LXC container) the "
	  "hook may do neither, and the container does not start.  The "
	  "toolkit's no-cgroups setting makes it leave the cgroup alone."),
	  N_("On the host: set no-cgroups for the rootless engine (sudo "
	  "nvidia-ctk config --set nvidia-container-cli.no-cgroups "
	  "--in-place, toolkit 1.14.4 or later, or no-cgroups = true in "
	  "/etc/nvidia-container-runtime/config.toml), or give the GPU by "
	  "CDI (podman run --device nvidia.com/gpu=all); a rootful engine on "
	  "the same host then needs the setting off.  Run cudnn-setup doctor "
	  "there."),
	  { { N_("a rootless engine with the toolkit's no-cgroups off "
	    "(check the host's /etc/nvidia-container-runtime/config.toml)"),
	    { BY("CTR-ROOTLESS") } } } },
	{ "CTR-K8S", N_("the Kubernetes node's runtime gives no GPU"),
	  N_("A node offers its GPUs to pods (nvidia.com/gpu) through "
	  "NVIDIA's device plugin, which needs the driver's NVML in its own "
	  "container.  When the node's container runtime (containerd, "
	  "cri-o) does not run it with the nvidia runtime, the plugin finds "
	  "no NVML and offers no GPU, and the scheduler finds no node with "
	  "a free nvidia.com/gpu."),
	  N_("On the node: sudo nvidia-ctk runtime configure "
	  "--runtime=containerd (or crio), restart it, and make nvidia the "
	  "default runtime or the plugin's runtimeClassName."),
	  { { N_("containerd on this node has no nvidia runtime"),
	    { BY("CTK-CONTAINERD") } },
	    { N_("every GPU the nodes offer is already given to other pods"),
	    { { NULL, { { NULL } } } } } } },
	/* the GPU Operator's driver container: its tag is the driver's
	 * version and the node's OS (driver:580.105.08-ubuntu24.04); NVIDIA
	 * publishes it for the OS releases the Operator supports
	 * (NVIDIA/gpu-operator#2225, the maintainer pointing to the
	 * platform support matrix) */
	{ "CTR-DRIVER-IMAGE", N_("no driver container is published for the "
	  "node's OS"),
	  N_("NVIDIA's GPU Operator installs the driver on a Kubernetes node "
	  "from a container whose tag is the driver's version and the node's "
	  "OS (nvcr.io/nvidia/driver:580.105.08-ubuntu24.04).  NVIDIA "
	  "publishes those images only for the OS releases the Operator "
	  "supports, and not every driver version for each: for another OS "
	  "(a new Debian, a Container-Optimized OS release) the tag does not "
	  "exist, the driver pod cannot start and no node offers "
	  "nvidia.com/gpu.  GKE's installer for Container-Optimized OS "
	  "(cos-gpu-installer) likewise downloads the driver's files named "
	  "for the node's COS build (gs://cos-tools/BUILD/), and a build "
	  "without them answers 404."),
	  N_("Use a driver version that has an image for the node's OS (the "
	  "image's tags on NGC), run the nodes on an OS the Operator "
	  "supports, or install the driver on the nodes with their own "
	  "package manager and deploy the Operator with driver.enabled=false; "
	  "on GKE, use its own driver installation instead."),
	  { { N_("the registry has no driver image or files of that version "
	    "for that OS (the message names the tag or the build)"),
	    { BY(BY_MESSAGE) } } } },
	/* gVisor's GPU proxy (gvisor.dev/gvisor/pkg/sentry/devices/nvproxy:
	 * SupportedDrivers, SupportedIoctls; runsc nvproxy
	 * list-supported-drivers) */
	{ "CTR-GVISOR", N_("gVisor's GPU proxy does not support this driver "
	  "or call"),
	  N_("Under gVisor (runsc with --nvproxy) a container reaches the GPU "
	  "through nvproxy, which knows a list of driver versions and, for "
	  "each, the driver calls it passes on (ioctls, control commands, "
	  "allocation classes).  A host driver it does not list stops the "
	  "sandbox as it starts; a call it does not pass on fails inside "
	  "the program, which then says the device is busy or unavailable, "
	  "or that an OS call failed."),
	  N_("On the host, run a driver that runsc lists (runsc nvproxy "
	  "list-supported-drivers), or a newer runsc that lists yours; for a "
	  "call nvproxy lacks, a newer runsc, or run that workload with runc "
	  "and the NVIDIA container runtime."),
	  { { N_("nvproxy does not support the host's driver, or a call the "
	    "program makes (the message names which)"),
	    { BY(BY_MESSAGE) } } } },
	/* NVIDIA deletes the tags of CUDA releases past their support
	 * (its container images' support policy, pointed to by the
	 * toolkit's maintainer in NVIDIA/nvidia-docker#1768) */
	{ "CUDA-IMAGE-GONE", N_("the CUDA image tag is not published"),
	  N_("The registry has no image of this nvidia/cuda tag: NVIDIA "
	  "deletes the tags of CUDA releases past their support (10.2 and "
	  "the older ones, and each release as it ends), and a tag spelled "
	  "otherwise than NVIDIA publishes it (its CUDA version, cuDNN "
	  "flavour and distribution) was never there."),
	  N_("Build FROM a tag NVIDIA still publishes (the registry's tag "
	  "list of nvidia/cuda: a supported CUDA on a supported "
	  "distribution), with a framework build for that CUDA."),
	  { { N_("the registry has no such nvidia/cuda tag (removed, or "
	    "never published)"), { BY(BY_MESSAGE) } } } },
	/* apt's, dnf's and pacman's refusals on NVIDIA's packages (held-out
	 * threads: ollama#1593 and #2020, negativo17's nvidia-driver#162,
	 * #170 and #201, cachyos#45, TensorRT#4545, jetson-containers#258) */
	{ "PKG-DEPS", N_("the package manager cannot resolve NVIDIA's "
	  "packages"),
	  N_("apt, dnf or pacman refused to install or upgrade a package of "
	  "the driver, CUDA, cuDNN, NCCL or TensorRT: a dependency it names "
	  "is at another version than the one asked for, is provided by no "
	  "package it can see, or the package is not in any repository "
	  "configured.  The packages are sound; the repositories are not in "
	  "step: two repositories (the distribution's or a third party's, "
	  "and NVIDIA's) carry the same libraries at different versions or "
	  "builds (+cuda12.9 and +cuda13.0), one was published half updated "
	  "or lags behind a package it depends on, a base image holds an "
	  "older library than the repository's development package needs, "
	  "or NVIDIA has no repository (or not that package) for this "
	  "release of the distribution.  Or files moved from one package to "
	  "another, and the package manager will not take over files the "
	  "old one still holds (pacman's \"exists in filesystem\")."),
	  N_("Ask the package manager which versions each repository offers "
	  "(apt-cache policy PACKAGE, dnf list --showduplicates PACKAGE, "
	  "pacman -Si PACKAGE) and install matching versions of the whole "
	  "set explicitly (apt install libnccl2=V libnccl-dev=V), or keep one "
	  "repository for NVIDIA's packages and disable or pin the other "
	  "(apt preferences, dnf's exclude=, a module stream).  A repository "
	  "published half updated is fixed upstream: wait or hold the "
	  "upgrade.  For a release NVIDIA has no repository for, use the "
	  "distribution's own packages or the nearest release NVIDIA "
	  "publishes, as its installation guide lists.  Where files moved "
	  "between packages, follow the distribution's notice (Arch's "
	  "linux-firmware split of 20250613.12fe085f-5: pacman -Rdd "
	  "linux-firmware, then pacman -Syu linux-firmware)."),
	  { { N_("two repositories carry NVIDIA's packages at different "
	    "versions, or an installed one is older than the repository's "
	    "(the message names both)"),
	    { IF("MSG-PKG", "state", "=several versions offered"),
	    IF("MSG-PKG", "state", "=installed version offered by no "
	    "list") } },
	    { N_("a repository was published half updated or lags behind "
	    "what it depends on"),
	    { IF("MSG-PKG", "state", "=version asked for offered by no "
	    "list") } },
	    { N_("no repository for this release of the distribution has "
	    "the package"),
	    { IF("MSG-PKG", "state", "=offered by no list here") } },
	    { N_("the package's files moved to another package, and the "
	    "old one still holds them (cannot be checked from the message "
	    "alone: ask the package manager which package owns the file)"),
	    { { NULL, { { NULL } } } } } } },
	/* the container toolkit's apt repository by distribution, withdrawn
	 * when its packages became one generic deb (NVIDIA/libnvidia-
	 * container#225, kubernetes/kops#16387 citing NVIDIA's install
	 * guide) */
	{ "CTR-REPO", N_("the container toolkit's repository path is gone"),
	  N_("The apt source names a repository of the NVIDIA container "
	  "toolkit by distribution (.../libnvidia-container/stable/"
	  "ubuntu22.04/amd64).  NVIDIA publishes the toolkit as one "
	  "package for every distribution now, from one path "
	  "(stable/deb), and the paths by distribution are gone or "
	  "empty."),
	  N_("Replace the source with NVIDIA's list: curl -fsSL "
	  "https://nvidia.github.io/libnvidia-container/stable/deb/"
	  "nvidia-container-toolkit.list | sed 's#deb https://#deb "
	  "[signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring."
	  "gpg] https://#g' | sudo tee /etc/apt/sources.list.d/"
	  "nvidia-container-toolkit.list, remove the old entry, then sudo "
	  "apt-get update."),
	  { { N_("an apt source by distribution, a path NVIDIA no longer "
	    "serves"), { BY(BY_MESSAGE), BY("CTK-REPO") } } } },
	{ "LIB-SYMBOL", N_("a library needs a symbol its sibling lacks"),
	  N_("A library asked for a versioned symbol of a sibling library "
	  "(the version names the sibling's soname) and the sibling the "
	  "loader found does not have it: the two come from different "
	  "releases.  NVIDIA's libraries of one component (cuBLAS and "
	  "cuBLASLt, cuSPARSE and nvJitLink) work only with a sibling at "
	  "least as new."),
	  N_("Make both come from one release: drop the directory that puts "
	  "the other release first from LD_LIBRARY_PATH, or upgrade the "
	  "older package."),
	  { { N_("LD_LIBRARY_PATH puts another release's library first"),
	    { FILE_VIA("LD_LIBRARY_PATH"), IF("F12", "put first by",
	    "LD_LIBRARY_PATH") } },
	    { N_("pip wheels of different releases overwrote each other"),
	    { BY("WHEEL-MIX") } },
	    { N_("another release is found first through ld.so"),
	    { FILE_VIA("ld.so.cache"), FILE_VIA("default directory"),
	    BY("F12"), BY("F1") } } } },
	/* nvcc, ptxas, NVRTC: "Unsupported gpu architecture 'compute_86'",
	 * "Value 'sm_121a' is not defined for option 'gpu-name'" */
	{ "NVCC-ARCH", N_("the CUDA compiler does not know the GPU "
	  "architecture"),
	  N_("nvcc, ptxas or NVRTC was asked to compile for a GPU "
	  "architecture (sm_XX, compute_XX) it does not know: the toolkit "
	  "is older than the GPU, a newer toolkit dropped the architecture, "
	  "or the build asked for \"native\" where no GPU was seen."),
	  N_("Compile with a toolkit that knows the architecture: a newer "
	  "CUDA for a new GPU (or point the tool at a newer ptxas, as "
	  "TRITON_PTXAS_PATH does for Triton); for an old GPU, list "
	  "architectures the toolkit has (CMAKE_CUDA_ARCHITECTURES, "
	  "TORCH_CUDA_ARCH_LIST)."),
	  { { N_("the toolkit is older than the GPU, or too new for it "
	    "(cannot be checked without the GPU)"),
	    { { NULL, { { NULL } } } } } } },
	/* TensorRT's runtime refusing a serialized engine */
	{ "TRT-ENGINE", N_("a TensorRT engine was built elsewhere"),
	  N_("A serialized TensorRT engine (an .engine, .plan or .trt file, "
	  "or a provider's engine cache) runs only with the TensorRT release "
	  "and the kind of GPU (its compute capability) it was built with; "
	  "this one was built with another."),
	  N_("Delete the engine or its cache and build it again on this "
	  "machine, with this TensorRT; ship the ONNX model rather than the "
	  "engine."),
	  { { N_("the engine was built with another TensorRT or on another "
	    "GPU (the message says which)"), { { NULL, { { NULL } } } } } } },
	/* NCCL's shared-memory transport (misc/shmutils.cc) */
	/* memory with a fabric handle, refused: NVIDIA's IMEX guide
	 * (docs.nvidia.com/multi-node-nvlink-systems/imex-guide,
	 * imexchannels.html): the channels are not created by default, and
	 * without one the CUDA calls that need it fail as not permitted */
	{ "FABRIC-IMEX", N_("fabric-shareable GPU memory without an IMEX "
	  "channel"),
	  N_("Memory that other processes and nodes may import over NVLink "
	  "(cuMemCreate with a fabric handle type: NCCL's and DeepEP's "
	  "NVLink buffers, MSCCL++, PyTorch's shared segments) needs an "
	  "IMEX channel the process can open, a device under "
	  "/dev/nvidia-caps-imex-channels/, and a multi-node NVLink system "
	  "whose IMEX service runs.  The driver creates no channel by "
	  "default, a container sees one only if it is passed in, and "
	  "without it cuMemCreate fails as not permitted "
	  "(CUDA_ERROR_NOT_PERMITTED, 800)."),
	  N_("On a multi-node NVLink system, create the channel (its major "
	  "number is in /proc/devices as nvidia-caps-imex-channels; mknod "
	  "/dev/nvidia-caps-imex-channels/channel0 c MAJOR 0), pass it into "
	  "the container, and run the IMEX service.  Elsewhere, make the "
	  "program use another handle type or its single-node path "
	  "(DeepEP's and NCCL's settings for NVLink buffers)."),
	  { { N_("no IMEX channel the process can open (checked where "
	    "explain runs: run it where the program ran)"),
	    { IF("MSG-IMEX", "IMEX channels", "none") } },
	    { N_("the machine is not part of a multi-node NVLink domain, "
	    "where fabric handles are supported"),
	    { { NULL, { { NULL } } } } } } },
	{ "NCCL-SHM", N_("NCCL could not create its shared memory"),
	  N_("Processes on one machine exchange data through segments in "
	  "/dev/shm; NCCL could not create or grow one there: /dev/shm is "
	  "too small (a container's is 64 MB unless told otherwise) or "
	  "full."),
	  N_("Give the container a larger /dev/shm (docker run --shm-size=1g "
	  "or --ipc=host; in Kubernetes an emptyDir of medium Memory mounted "
	  "at /dev/shm), or set NCCL_SHM_DISABLE=1 at some cost in speed."),
	  { { N_("/dev/shm is too small or full where the program ran"),
	    { IF("MSG-SHM", "state", "=small") } } } },
	/* Triton's OutOfResources; cudaErrorLaunchOutOfResources (701) */
	{ "GPU-RESOURCES", N_("a kernel needs more than this GPU offers"),
	  N_("A GPU kernel asks for more of a GPU's per-block resources "
	  "(shared memory, registers, threads) than this GPU has: the "
	  "program, or its tuned settings, were made for a larger GPU."),
	  N_("Use the program's settings for this GPU (smaller blocks, fewer "
	  "stages), or a GPU it supports."),
	  { { N_("the kernel's settings were made for another GPU (cannot "
	    "be checked without the GPU)"), { { NULL, { { NULL } } } } } } },
	/* "cannot find -lcuda": Triton builds its launcher with the linker */
	{ "LINK-LIBCUDA", N_("a build cannot link against libcuda.so"),
	  N_("A build step (Triton's launcher, a CUDA extension) links with "
	  "-lcuda, which needs the development link libcuda.so next to the "
	  "driver's libcuda.so.1, in a directory the linker searches."),
	  N_("Create the link libcuda.so to the driver's libcuda.so.1 "
	  "(cudnn-setup repair makes development links), or give the build "
	  "the driver's directory (TRITON_LIBCUDA_PATH for Triton)."),
	  { { N_("no NVIDIA driver on this machine"), { BY("NO-DRIVER"),
	    NO_MODULE_ROWS } },
	    { N_("libcuda.so is here, but not where the linker looks"),
	    { LIB_ELSEWHERE } },
	    { N_("the driver's libcuda.so.1 has no libcuda.so beside it"),
	    { LIB_NOWHERE } } } },
	/* the kernel module is loaded and the GPU does not initialise */
	{ "GPU-INIT", N_("the driver could not bring up the GPU, or will not "
	  "drive it"),
	  N_("The NVIDIA kernel module is loaded but failed to initialise "
	  "the GPU (RmInitAdapter failed) or will not drive it: the GSP "
	  "firmware it loads is another release's or not installed, the "
	  "firmware settings do not map the GPU's memory (Resizable BAR and "
	  "Above 4G Decoding, which recent large GPUs need), the open module "
	  "on a GPU without a GSP (before Turing), the proprietary module on a "
	  "GPU only the open one drives (Blackwell), a driver release that "
	  "left the GPU to a legacy branch, or the card's power or hardware."),
	  N_("Make the driver's packages one release (module, firmware "
	  "under /lib/firmware/nvidia and user space); before Turing, use "
	  "the proprietary module (the driver package without -open) or the "
	  "legacy branch NVRM names, on Blackwell the open module (-open); "
	  "enable Above 4G Decoding and Resizable "
	  "BAR in the firmware setup, and read the NVRM lines of dmesg "
	  "around the failure."),
	  { { N_("the kernel module's release has no GPU support for this "
	    "card"), { BY("F20") } },
	    { N_("firmware settings, GSP firmware of another release, power "
	    "or hardware (cannot be checked from the message alone: dmesg's "
	    "NVRM lines name it)"), { { NULL, { { NULL } } } } } } },
	/* NCCL_TOPO_FILE / NCCL_GRAPH_FILE: a machine described to NCCL */
	{ "NCCL-TOPO", N_("NCCL was given the topology of another machine"),
	  N_("NCCL_TOPO_FILE or NCCL_GRAPH_FILE (set in the environment or in "
	  "/etc/nccl.conf, as some cloud images do) describes GPUs and "
	  "links this machine or this job does not have; NCCL then fails "
	  "to build its rings (\"dev N not found\")."),
	  N_("Unset NCCL_GRAPH_FILE (it is for debugging only) and NCCL_TOPO_"
	  "FILE, or remove them from /etc/nccl.conf and ~/.nccl.conf, unless "
	  "the file was made for exactly this machine size."),
	  { { N_("a topology or graph file for another machine size (cannot "
	    "be checked from the message alone: compare the file with "
	    "nvidia-smi topo -m)"), { { NULL, { { NULL } } } } } } },
	/* a build that finds no nvcc */
	{ "NVCC-MISSING", N_("a build finds no CUDA compiler (nvcc)"),
	  N_("The build compiles CUDA code and finds no nvcc: no CUDA toolkit "
	  "is installed (a driver, or a framework's pip wheels, bring none), "
	  "or it is installed and neither on PATH nor named by CUDA_HOME or "
	  "CUDACXX, which CMake and PyTorch's extension builder read.  Or the "
	  "build turned CUDA on where none is wanted: a CUDA option of the "
	  "project, or of a dependency built before it, is on by default.  "
	  "XLA (TensorFlow, JAX) compiles at run time and needs the "
	  "compiler's nvvm/libdevice too: the nvidia-cuda-nvcc wheel, or a "
	  "toolkit named by XLA_FLAGS=--xla_gpu_cuda_data_dir."),
	  N_("Install a CUDA toolkit of the release the framework was built "
	  "with (cudnn-setup install --cuda VERSION, or the distribution's "
	  "nvidia-cuda-toolkit), then set CUDA_HOME to it and put its bin "
	  "directory on PATH (eval \"$(cudnn-setup env cuda-VERSION)\").  "
	  "Where CUDA is not wanted, turn the build's CUDA option off "
	  "instead (its CMake cache shows which is on)."),
	  { { N_("no CUDA toolkit is installed, or it is not on PATH"),
	    { IF("MSG-NVCC", "state", "=no toolkit"), IF("MSG-NVCC", "state",
	    "=not on PATH") } },
	    { N_("the build asked for CUDA it does not need (cannot be "
	    "checked from the message alone)"), { { NULL, { { NULL } } } } } } },
	/* a header of CUDA or an NVIDIA library that a build does not find
	 * (manifests/data/nv-headers.tsv: the wheels' RECORD files and
	 * Debian's Contents) */
	{ "NV-HEADER", N_("a build does not find a header of CUDA or an "
	  "NVIDIA library"),
	  N_("The compiler (GCC, Clang, MSVC, or nvcc's front end) was asked "
	  "to include a header of the CUDA toolkit or of an NVIDIA library "
	  "(cuda_runtime.h, curand_kernel.h, nvrtc.h, cudnn.h, nccl.h) and "
	  "found it in none of the directories it searched.  Either the "
	  "component's development files are not installed (a driver brings "
	  "none, and a runtime package carries the library without its "
	  "headers, which are in its -dev package), or they are installed "
	  "where the build does not look: a toolkit's include directory that "
	  "CUDA_HOME, -I or CPATH does not name, or the include directory of "
	  "an nvidia-* pip wheel (site-packages/nvidia/.../include), which no "
	  "compiler searches of itself."),
	  N_("Install the development files of the component that carries "
	  "the header (its Debian package, or a CUDA toolkit of the release "
	  "the build is for: cudnn-setup install --cuda VERSION), or, where "
	  "the header is installed, put its directory on the include path: "
	  "export CPATH=DIR${CPATH:+:$CPATH}, or set CUDA_HOME to the toolkit "
	  "the build should use."),
	  { { N_("the header is installed nowhere here"),
	    { IF("MSG-HEADER", "state", "=absent") } },
	    { N_("the header is installed where the build does not look"),
	    { IF("MSG-HEADER", "state", "=elsewhere") } } } },
	/* a project's own compiled extension that is not there */
	{ "EXT-NOT-BUILT", N_("the project's compiled extension is not "
	  "there"),
	  N_("The program imports a module its project compiles from its own "
	  "C++ and CUDA sources when it is installed (a package's _C, an op "
	  "named ..._cuda), and Python finds no such module: the build was "
	  "skipped, or failed without stopping the install (no nvcc or "
	  "CUDA_HOME when it ran, the build switched off, a source tree used "
	  "without building in place).  A module that is there and fails to "
	  "load makes Python say why (an undefined symbol, a library it "
	  "needs): that is another entry's."),
	  N_("Build it again where a CUDA toolkit of the framework's CUDA "
	  "release is on PATH and CUDA_HOME names it: reinstall the project "
	  "from its source tree as its README says (pip install "
	  "--no-build-isolation -e ., or python setup.py build_ext --inplace) "
	  "and read the install's output for the extension's build step."),
	  { { N_("the extension's build was skipped or failed when the project "
	    "was installed (cannot be checked from the message alone: doctor "
	    "lists the CUDA toolkits here)"), { { NULL, { { NULL } } } } } } },
	/* a ptxas program older than the PTX it is given */
	{ "PTXAS-OLD", N_("the ptxas that ran is older than the program "
	  "needs"),
	  N_("The program (JAX's XLA, Triton, tinygrad, numba, a build) runs "
	  "the ptxas program on the PTX it writes, and the one it ran is of "
	  "an older CUDA release: it cannot read PTX of a newer ISA version "
	  "(the message names both), does not know the GPU's architecture "
	  "(a ptxas a wheel bundles, older than the GPU), or XLA knows that "
	  "release to miscompile.  A ptxas reads the PTX of its own CUDA "
	  "release and older ones; an older toolkit's ptxas came first on "
	  "PATH, or a setting named one."),
	  N_("Put a ptxas at least as new as the PTX first on PATH (the CUDA "
	  "toolkit of the framework's release, cudnn-setup install --cuda "
	  "VERSION, or its nvidia-cuda-nvcc wheel), or point the program at "
	  "it (TRITON_PTXAS_PATH for Triton)."),
	  { { N_("an older toolkit's ptxas comes first on PATH"),
	    { IF("MSG-PTXAS", "state", "=older first") } } } },
	/* Nsight's and CUPTI's ERR_NVGPUCTRPERM */
	{ "GPU-COUNTERS", N_("the profiler may not read the GPU's "
	  "performance counters"),
	  N_("Since driver 418.43 only administrators may read the GPU's "
	  "performance counters unless the driver is told otherwise "
	  "(NVIDIA's ERR_NVGPUCTRPERM page); in a container the profiler "
	  "needs the SYS_ADMIN capability too."),
	  N_("Run the profiler as root, or set the kernel module's option "
	  "NVreg_RestrictProfilingToAdminUsers=0 (a file in /etc/modprobe.d, "
	  "then reload the module or reboot); in a container add "
	  "--cap-add=SYS_ADMIN."),
	  { { N_("the driver restricts the counters to administrators"),
	    { IF("MSG-PROFILING", "state", "=restricted") } } } },
	/* JAX's version check of the CUDA libraries besides cuDNN */
	{ "LIB-OLDER", N_("a CUDA library loaded is older than the "
	  "framework was built against"),
	  N_("The framework checks the libraries it loads against the ones it "
	  "was built with and found one older (JAX does this for cuBLAS, "
	  "cuSPARSE, cuFFT, cuSOLVER, CUPTI and nvJitLink): the NVIDIA wheels "
	  "of the right release are missing, so a system CUDA on "
	  "LD_LIBRARY_PATH or an older wheel was found first."),
	  N_("Install the framework with its CUDA wheels (pip install "
	  "\"jax[cuda12]\", or the extra the framework names), or remove the "
	  "older CUDA directory from LD_LIBRARY_PATH so the wheels' copies "
	  "load."),
	  { { N_("LD_LIBRARY_PATH puts an older CUDA before the wheels"),
	    { FILE_VIA("LD_LIBRARY_PATH") } },
	    { N_("the framework's CUDA wheels are not installed (cannot be "
	    "checked from the message alone: pip list | grep nvidia)"),
	    { { NULL, { { NULL } } } } } } },
	/* a binding's build script that does not know the toolkit here */
	{ "BINDING-TOOLKIT", N_("a CUDA binding does not support the toolkit "
	  "installed"),
	  N_("The program's CUDA binding (Rust's cudarc, under candle and "
	  "others; Triton's table of CUDA releases) is written for a list of "
	  "toolkit releases and stops on one it does not know: the toolkit "
	  "is newer than the binding's release, or older than it supports.  "
	  "Or its list of functions has one the library here does not "
	  "export (a function a newer release removed, as CUDA 13's NVRTC "
	  "nvrtcGetNVVM; Linux-only driver calls asked of Windows' "
	  "nvcuda.dll), and the binding stops at loading it."),
	  N_("Update the binding (cargo update -p cudarc, or the crate that "
	  "pins it) to a release that knows this toolkit, or build against a "
	  "toolkit it supports (its cuda-VERSION feature, or CUDA_ROOT)."),
	  { { N_("the toolkit and the binding's releases do not overlap "
	    "(cannot be checked from the message alone: nvcc --version "
	    "against the binding's supported list)"),
	    { { NULL, { { NULL } } } } },
	    { N_("the library is installed here under a name the binding's "
	    "list does not have (a release the binding does not know)"),
	    { IF(MSG_LIBRARY, "state", "=installed under a name the list "
	    "lacks") } },
	    { N_("no release of the library is installed"),
	    { LIB_NOWHERE } },
	    { N_("the library is installed where the loader does not look"),
	    { LIB_ELSEWHERE } } } },
	/* Julia's CUDA.jl without a CUDA runtime it may use */
	{ "CUDA-JL-RUNTIME", N_("CUDA.jl found no CUDA runtime to use"),
	  N_("CUDA.jl takes the CUDA runtime from its CUDA_Runtime_jll "
	  "package, whose build is chosen, when the package is precompiled, "
	  "for the CUDA the driver runs.  Precompiled where no NVIDIA driver "
	  "was (an HPC cluster's login node, a container image's build), it "
	  "recorded no CUDA at all, and on the GPU machine it has no runtime "
	  "to offer.  Told to use a local toolkit instead, it found that "
	  "toolkit incomplete; or the platform is one CUDA.jl has no builds "
	  "for."),
	  N_("Pin the CUDA version, so that the choice no longer asks the "
	  "driver: julia -e 'using CUDA; CUDA.set_runtime_version!(v\"X.Y\")' "
	  "with a CUDA the GPU machines' driver runs, then restart Julia; or "
	  "precompile CUDA_Runtime_jll again on a machine with the driver, as "
	  "the message shows.  For a local toolkit, install what it lacks "
	  "(JULIA_DEBUG=CUDA_Runtime_Discovery names it)."),
	  { { N_("CUDA.jl was precompiled where no NVIDIA driver was"),
	    { IF(BY_MESSAGE, "reason", "precompiled") } },
	    { N_("the local CUDA toolkit it was told to use is incomplete"),
	    { IF(BY_MESSAGE, "reason", "local CUDA toolkit") } },
	    { N_("a platform CUDA.jl has no builds for"),
	    { IF(BY_MESSAGE, "reason", "unsupported platform") } } } },
	/* DCGM's tools and samplers without their host engine */
	{ "DCGM-HOSTENGINE", N_("DCGM cannot reach its host engine"),
	  N_("DCGM's tools (dcgmi, dcgm-exporter, samplers) talk to the host "
	  "engine, nv-hostengine, which runs as the nvidia-dcgm service.  It "
	  "is not running, listens elsewhere (by default only on "
	  "127.0.0.1:5555), or could not start because the machine has no "
	  "NVIDIA GPU and driver it can use."),
	  N_("Start the host engine (systemctl start nvidia-dcgm, or "
	  "nv-hostengine), and for a remote connection start it with the "
	  "address to listen on (nv-hostengine -b ADDRESS); check that "
	  "nvidia-smi sees the GPUs."),
	  { { N_("no NVIDIA driver on this machine"), { BY("NO-DRIVER"),
	    NO_MODULE_ROWS } },
	    { N_("the host engine is not running or not listening where the "
	    "tool connects (cannot be checked from the message alone: "
	    "systemctl status nvidia-dcgm)"), { { NULL, { { NULL } } } } } } },
	/* the linker's "undefined reference to `cudnnCreate'" */
	{ "LINK-NVLIB", N_("a build does not find or link the NVIDIA "
	  "library it calls"),
	  N_("The program's code calls a function of one of NVIDIA's "
	  "libraries (cuDNN, cuBLAS, the CUDA runtime, NCCL...) and the link "
	  "step was not given that library: the build's option for it is "
	  "off, its -l flag or directory is missing, or the library is not "
	  "installed where the build looks."),
	  N_("Add the library to the link (-lcudnn, -lcublas..., with -L for "
	  "its directory), or turn on the build's own option for it; install "
	  "the library's development package if it is not here."),
	  { { N_("the library is installed, but not where the linker looks"),
	    { LIB_ELSEWHERE } },
	    { N_("the library is not installed here"), { LIB_NOWHERE } },
	    { N_("the build leaves the library off its link line (cannot be "
	    "checked from the message alone)"), { { NULL, { { NULL } } } } } } },
	/* a compiler that does not know a function of NVIDIA's APIs */
	{ "API-GONE", N_("the code calls a CUDA or cuDNN function this "
	  "release does not have"),
	  N_("The compiler does not know a function, a type's member or a "
	  "name of NVIDIA's APIs that the code uses, or the arguments it "
	  "passes, or the linker does not find such a function.  Releases "
	  "drop and change them: cuDNN 9 removed the legacy RNN and "
	  "convolution-algorithm calls of cuDNN 7 and 8; CUDA 12 removed "
	  "texture and surface references; CUDA 13 changed cuCtxCreate's and "
	  "cudaMemPrefetchAsync's arguments and dropped cudaDeviceProp's "
	  "clockRate and memoryClockRate, and its CCCL 3 dropped CUB's "
	  "cub::Sum; NVTX's version 2 (nvToolsExt.h, libnvToolsExt) gave way "
	  "to the header-only nvtx3.  The code was written for an older "
	  "release than the one it is built against, or for a newer one."),
	  N_("Build against the release the code was written for (its README "
	  "or CMake check names it), or update the code to a version that "
	  "supports the installed release."),
	  { { N_("the installed release is not the one the code was written "
	    "for (cannot be checked from the message alone: compare the "
	    "code's requirement with the headers it was built with)"),
	    { { NULL, { { NULL } } } } } } },
	/* a kernel module of the GPU that does not build */
	{ "KMOD-BUILD", N_("a GPU kernel module does not build for this "
	  "kernel"),
	  N_("A kernel module for the GPU (NVIDIA's driver, GDRCopy's gdrdrv, "
	  "nvidia-peermem) failed to build against the running kernel.  A "
	  "kernel newer than the module's release changes or restricts what "
	  "the module uses (a symbol made GPL-only, a changed function), or "
	  "the kernel's headers are not installed (a kernel upgraded without "
	  "its headers package), or its headers or compiler are not the "
	  "ones it was built with."),
	  N_("Install a driver (or module) release that supports this kernel, "
	  "or boot the previous kernel until one exists; check that the "
	  "kernel's headers package matches uname -r."),
	  { { N_("the headers of the kernel it is built for are not "
	    "installed"), { IF("MSG-KHEADERS", "state", "=missing") } },
	    { N_("the kernel is newer than the module's release supports "
	    "(cannot be checked from the message alone: compare the module's "
	    "release notes with uname -r)"), { { NULL, { { NULL } } } } } } },
	/* GPUDirect RDMA's kernel module refused by the kernel: the peer-
	 * memory API is MLNX_OFED's, added to the RDMA core ("MLNX_OFED 2.1
	 * introduces an API between IB CORE to peer memory clients":
	 * Mellanox/nv_peer_memory's README, which also says nvidia-peermem
	 * came into the driver with R470); the GPU Operator needs MOFED for
	 * it, and NVIDIA recommends DMA-BUF instead (docs.nvidia.com/
	 * datacenter/cloud-native/gpu-operator: GPUDirect RDMA); a module
	 * built before OFED was reinstalled: Mellanox/nv_peer_memory#84,
	 * #79; NVIDIA/gpu-operator#2868 */
	{ "PEERMEM", N_("GPUDirect RDMA's kernel module (nvidia-peermem) "
	  "would not load"),
	  N_("nvidia-peermem (part of the NVIDIA driver since R470; "
	  "Mellanox's nv_peer_mem before it) lets InfiniBand and RoCE "
	  "adapters read and write GPU memory directly (GPUDirect RDMA).  "
	  "It registers with the peer-memory API of the kernel's RDMA core "
	  "(ib_core), which NVIDIA's MLNX_OFED adds.  The kernel refused "
	  "the module: a symbol it needs is not exported by the modules "
	  "loaded, or was exported by another build of them.  CUDA and the "
	  "GPU work; only GPUDirect RDMA is off (NCCL then moves data "
	  "through host memory, slower)."),
	  N_("Install MLNX_OFED before the driver's kernel modules are "
	  "built, then rebuild them against it (reinstall the driver "
	  "package, or dkms autoinstall) and load nvidia-peermem again; or "
	  "leave nvidia-peermem out and use DMA-BUF, which NVIDIA "
	  "recommends (the open kernel modules and an RDMA stack that "
	  "supports it)."),
	  { { N_("the RDMA core loaded has no peer-memory API (the "
	    "distribution's own InfiniBand stack; MLNX_OFED not installed "
	    "or not loaded)"), { { BY_MESSAGE, { { "symbol", "ib_", 0 },
	    { "mismatch", NULL, 1 } } },
	    IF("MSG-PEERMEM", "state", "=no RDMA core"),
	    IF("MSG-PEERMEM", "state", "=kernel's own RDMA core"),
	    IF("MSG-PEERMEM", "state", "=no peer-memory API loaded") } },
	    { N_("the module was built against another build of the RDMA "
	    "core than the one loaded (MLNX_OFED installed or updated after "
	    "the driver's modules were built)"), { { BY_MESSAGE, {
	    { "mismatch", NULL, 0 }, { "symbol", "ib_", 0 } } },
	    IF("MSG-PEERMEM", "state", "=RDMA core newer than the module") } },
	    { N_("the module was built against another NVIDIA driver than "
	    "the one loaded (its nvidia_p2p_ symbols)"),
	    { IF(BY_MESSAGE, "symbol", "nvidia_p2p_") } },
	    { N_("one of the above (modprobe's words alone: the kernel log's "
	    "lines for the module name the symbol)"),
	    { { NULL, { { NULL } } } } } } },
	/* GPUDirect Storage: cuFile reads and writes files to GPU memory
	 * through the nvidia-fs kernel module; its codes and words are
	 * cufile.h's (CUFILEOP_STATUS_ENTRIES: "nvidia-fs driver is not
	 * loaded. Set allow_compat_mode to true in cufile.json file to
	 * enable compatible mode"); the module is NVIDIA/gds-nvidia-fs,
	 * packaged as nvidia-fs in NVIDIA's CUDA repository
	 * (gds-nvidia-fs#34); cuFile's configuration is /etc/cufile.json
	 * unless CUFILE_ENV_PATH_JSON names another (rapidsai/kvikio#508);
	 * compatibility mode falls back to POSIX reads and writes (NVIDIA's
	 * cuFile API reference, "cuFile Compatibility Mode") */
	{ "GDS-DRIVER", N_("GPUDirect Storage (cuFile) cannot use its kernel "
	  "module, nvidia-fs"),
	  N_("cuFile, the library of GPUDirect Storage, moves file data "
	  "straight between storage and GPU memory through NVIDIA's "
	  "nvidia-fs kernel module.  It needs the module loaded and matching "
	  "the driver, and a file system, block device, GPU and platform the "
	  "module can serve.  Where one is missing, cuFile fails with the "
	  "code named here, or, where its configuration allows compatibility "
	  "mode (allow_compat_mode in cufile.json), reads and writes through "
	  "host memory instead: slower, but it works.  CUDA itself is not "
	  "affected."),
	  N_("Load nvidia-fs for the running kernel (sudo modprobe nvidia-fs; "
	  "it is the nvidia-fs package of NVIDIA's CUDA repository, or "
	  "NVIDIA/gds-nvidia-fs built against the installed driver), or let "
	  "cuFile fall back to POSIX reads and writes: \"allow_compat_mode\": "
	  "true in /etc/cufile.json (or the file CUFILE_ENV_PATH_JSON "
	  "names)."),
	  { { N_("nvidia-fs is not loaded here (not built for the running "
	    "kernel, or not loaded since)"), { { BY_MESSAGE, {
	    { "not loaded", NULL, 0 } } }, { BY_MESSAGE, { { "code",
	    "=CU_FILE_DRIVER_NOT_INITIALIZED", 0 } } },
	    IF("MSG-GDS", "state", "=not loaded"),
	    IF("MSG-GDS", "state", "=not installed") } },
	    { N_("nvidia-fs was built against another NVIDIA driver than the "
	    "one loaded (its nvidia_p2p_ symbols), or is of another release "
	    "than cuFile"), { IF(BY_MESSAGE, "symbol", "nvidia_p2p_"),
	    { BY_MESSAGE, { { "code", "=CU_FILE_DRIVER_VERSION_MISMATCH",
	    0 } } }, { BY_MESSAGE, { { "code",
	    "=CU_FILE_DRIVER_VERSION_READ_ERROR", 0 } } } } },
	    { N_("the file's file system or block device is not one nvidia-fs "
	    "serves (its driver not registered with nvidia-fs)"),
	    { { BY_MESSAGE, { { "code", "=CU_FILE_IO_NOT_SUPPORTED", 0 } } },
	    { BY_MESSAGE, { { "device driver", NULL, 0 } } } } },
	    { N_("this platform or this GPU has no GPUDirect Storage "
	    "support"), { { BY_MESSAGE, { { "code",
	    "=CU_FILE_PLATFORM_NOT_SUPPORTED", 0 } } }, { BY_MESSAGE, {
	    { "code", "=CU_FILE_DEVICE_NOT_SUPPORTED", 0 } } } } },
	    { N_("nvidia-fs itself failed (an ioctl or its setup; the kernel "
	    "log's nvidia-fs lines say why)"), { { BY_MESSAGE, { { "code",
	    "=CU_FILE_NVFS_DRIVER_ERROR", 0 } } }, { BY_MESSAGE, { { "code",
	    "=CU_FILE_NVFS_SETUP_ERROR", 0 } } } } } } },
	/* something holding the GPU or its driver: kmod's "Module
	 * nvidia_uvm is in use", a driver container's "driver is in use"
	 * (NVIDIA/gpu-driver-container#869: GDRCopy's gdrdrv holding
	 * nvidia), nvidia-smi's refused GPU reset ("In use by another
	 * client") */
	{ "GPU-HELD", N_("the GPU or its driver is held and cannot be reset "
	  "or unloaded"),
	  N_("A GPU cannot be reset, and a kernel module of the driver cannot "
	  "be unloaded or replaced, while something holds it: the display "
	  "server (nvidia_drm, nvidia_modeset), a program with the GPU open "
	  "(nvidia_uvm, nvidia), nvidia-persistenced (persistence mode), "
	  "Fabric Manager, a monitor (another nvidia-smi, DCGM), or another "
	  "module that depends on it (nvidia_peermem, GDRCopy's gdrdrv).  An "
	  "installer, a driver container, nvidia-smi --gpu-reset or a MIG "
	  "reconfiguration stops there."),
	  N_("Stop what holds it: the programs that have /dev/nvidia* open "
	  "(fuser -v /dev/nvidia*), nvidia-persistenced (or persistence mode: "
	  "nvidia-smi -pm 0), the display manager (systemctl isolate "
	  "multi-user.target); unload the modules that depend on it first "
	  "(gdrdrv, nvidia_peermem, nvidia_drm, nvidia_modeset, nvidia_uvm, "
	  "then nvidia); or install and reboot."),
	  { { N_("nvidia-persistenced runs and holds the driver's devices "
	    "open"), { IF(MSG_DRIVER, "nvidia-persistenced", "running,") } },
	    { N_("a program, a daemon, the display or another module holds "
	    "it (cannot be checked from the message alone: lsmod's Used by "
	    "column names the modules)"), { { NULL, { { NULL } } } } } } },
	/* Fabric Manager started where there is no NVSwitch (PCIe GPUs, two
	 * joined by an NVLink bridge): it manages NVSwitch systems only
	 * (NVIDIA's Fabric Manager user guide; NVIDIA/gpu-operator#610) */
	{ "FM-NO-NVSWITCH", N_("Fabric Manager runs where there is no "
	  "NVSwitch"),
	  N_("nvidia-fabricmanager manages the NVSwitch fabric of HGX and DGX "
	  "systems and nothing else.  On a machine whose GPUs have no NVSwitch "
	  "(PCIe cards, two joined by an NVLink bridge) it finds nothing to "
	  "manage and exits with NV_WARN_NOTHING_TO_DO, so its service "
	  "fails; CUDA does not need it there."),
	  N_("Disable it on such machines (systemctl disable --now "
	  "nvidia-fabricmanager; with the GPU Operator, leave Fabric Manager "
	  "off for their nodes)."),
	  { { N_("the machine has no NVSwitch (cannot be checked from the "
	    "message alone: nvidia-smi topo -m shows the links)"),
	    { { NULL, { { NULL } } } } } } },
	/* the kernel's oops inside one of the driver's modules */
	{ "KMOD-OOPS", N_("the NVIDIA kernel module crashed"),
	  N_("The kernel stopped on a fault inside a module of the NVIDIA "
	  "driver (the RIP line's [nvidia...] names it): a NULL pointer, a "
	  "general protection fault or a kernel BUG in that release's code. "
	  " It is a bug of the driver release, met on some path (a process "
	  "exiting, a suspend, a GPU being removed); the program running at "
	  "the time is only the occasion, and the CUDA libraries are not its "
	  "cause.  The module is unusable until a reboot."),
	  N_("Reboot; use another driver release (a newer one of the branch, "
	  "or the previous branch) and report the oops to NVIDIA with "
	  "nvidia-bug-report.sh; avoid the path that met it (suspend with "
	  "CUDA programs open, for one) until a fixed release exists."),
	  { { N_("a bug of the installed driver release (cannot be checked "
	    "here: the oops names the function)"),
	    { { NULL, { { NULL } } } } } } },
	/* the container toolkit's RPC to the driver (libnvidia-container) and
	 * nvidia-persistenced that keeps the GPUs initialised between
	 * clients (NVIDIA/nvidia-container-toolkit#556: the maintainer names
	 * persistence mode first) */
	{ "PERSISTENCED", N_("nvidia-persistenced is not keeping the GPUs "
	  "ready"),
	  N_("nvidia-persistenced keeps the driver's state of each GPU "
	  "between the programs that use it.  When it is not running (not "
	  "enabled, replaced by another package's, or failed at start: its "
	  "log says why, a permission it lacks, as on GH200's NUMA memory), "
	  "every client initialises the GPUs anew: the container toolkit's "
	  "RPC to the driver fails or times out, a container whose spec "
	  "mounts the daemon's socket (/run/nvidia-persistenced/socket) "
	  "does not start, and nvidia-smi and the first CUDA call are "
	  "slow."),
	  N_("Enable and start it (systemctl enable --now "
	  "nvidia-persistenced) or turn persistence mode on (nvidia-smi -pm "
	  "1, as root); when it fails to start, read journalctl -u "
	  "nvidia-persistenced and fix what it names (run it as root where "
	  "it must write /sys)."),
	  { { N_("nvidia-persistenced is not running"),
	    { IF(MSG_DRIVER, "nvidia-persistenced", "stopped") } },
	    { N_("the driver's libraries are of another release than its "
	    "kernel module (the daemon cannot start)"), { BY("F19") } } } },
	/* a capability of newer architectures: FP16/BF16 speed, FP8,
	 * FlashAttention */
	{ "GPU-FEATURE", N_("the GPU lacks a feature the program asks for"),
	  N_("The program asked for something this GPU's architecture does "
	  "not have: fast FP16 or BF16 arithmetic, FP8, or kernels such as "
	  "FlashAttention's, which need a newer compute capability.  Some "
	  "instructions (Hopper's setmaxnreg and wgmma, Blackwell's block "
	  "scaled MMA) exist only in the architecture-specific target, "
	  "sm_90a, sm_100a or sm_120a, not in plain sm_90 or sm_120: code "
	  "compiled for the plain target cannot use them.  The video "
	  "encoder (NVENC) has capabilities of its own that older or smaller "
	  "GPUs lack, or lack entirely: a codec (AV1, HEVC), B-frames, "
	  "several reference frames, 10-bit or 4:4:4 input, a resolution "
	  "(FFmpeg: \"Provided device doesn't support required NVENC "
	  "features\"); so has the decoder (NVDEC), per codec and profile "
	  "(FFmpeg: \"Hardware is lacking required capabilities\")."),
	  N_("Use the program's setting for older GPUs (float32 or float16 "
	  "instead of bfloat16, another attention backend; for NVENC, no "
	  "B-frames, another codec, a lower resolution, as NVIDIA's Video "
	  "Encode and Decode GPU Support Matrix lists for the GPU), or a "
	  "newer GPU.  Where the compiler names a plain target (.target 'sm_120'), "
	  "build for the architecture-specific one instead "
	  "(CMAKE_CUDA_ARCHITECTURES=120a, TORCH_CUDA_ARCH_LIST=\"9.0a\")."),
	  { { N_("the GPU is older than the feature (cannot be checked "
	    "without the GPU)"), { { NULL, { { NULL } } } } },
	    { N_("the build targets the plain architecture where the "
	    "instruction needs its architecture-specific target (the "
	    "message names the target)"), { { NULL, { { NULL } } } } } } },
	/* ENOSPC (28) wherever it is printed: pip's temporary directory,
	 * an installer's copy, a cache */
	/* the dynamic loader's "file too short" and "invalid ELF header" */
	{ "LIB-TRUNCATED", N_("a library file is cut short or not a library"),
	  N_("The dynamic loader opened the file and could not read it as a "
	  "shared library: it is shorter than its ELF headers say (a copy "
	  "or download stopped by a full disk or a killed process, an empty "
	  "file left by an image build), or it is not ELF at all (a text "
	  "file, an unfetched Git LFS pointer, a library of another "
	  "platform)."),
	  N_("Reinstall the package that owns the file (dpkg -S FILE, pip "
	  "show -f, conda list), or copy it again from its source; compare "
	  "its size with the package's file list."),
	  { { N_("the file is shorter than its ELF headers say"),
	    { BY("LIB-TRUNCATED") } },
	    { N_("the image carries an empty driver library"),
	    { BY("CTR-BAKED") } } } },
	{ "DISK-FULL", N_("a file system the program writes to is full"),
	  N_("A write failed with ENOSPC: the file system it went to has no "
	  "room left.  CUDA's wheels are large (cuDNN's, cuBLAS's and "
	  "PyTorch's run to gigabytes) and pip unpacks them in a temporary "
	  "directory, often a small tmpfs at /tmp; a toolkit's installer "
	  "copies gigabytes into /usr/local."),
	  N_("See which file system is full (df -h), free room there, or "
	  "point the program elsewhere: TMPDIR for pip's and an installer's "
	  "temporary files, PIP_CACHE_DIR or --no-cache-dir for pip's cache, "
	  "the installer's own directory options."),
	  { { N_("the temporary directory is full"), { IF("MSG-DISK",
	    "state", "=full") } },
	    { N_("a temporary directory or cache too small for the download "
	    "(cannot be checked from the message alone: a download that "
	    "failed is deleted, and the room comes back)"),
	    { { NULL, { { NULL } } } } } } },
	/* the #error of CUDA 13.0's CCCL headers (include/cccl/thrust/detail/
	 * config/cpp_dialect.h and its CUB and libcu++ siblings) */
	{ "CCCL-CXX17", N_("CUDA's C++ libraries need C++17"),
	  N_("Thrust, CUB and libcu++ (CCCL), which the toolkit's headers "
	  "include, stop with \"requires at least C++17\" when the code is "
	  "compiled as C++14 or older: CUDA 13's CCCL requires C++17, where "
	  "older toolkits' accepted older dialects with a warning at most "
	  "(CUDA 11.8's Thrust: \"C++11 is deprecated but still "
	  "supported\").  A project written for an older toolkit (its "
	  "-std=c++14, its CMAKE_CUDA_STANDARD 14) fails at its first "
	  "include of them, as does a newer CCCL from its own repository."),
	  N_("Compile the CUDA and C++ sources as C++17 or later (nvcc "
	  "-std=c++17; CMAKE_CUDA_STANDARD and CMAKE_CXX_STANDARD 17), or "
	  "build with the older toolkit the project supports.  Defining "
	  "CCCL_IGNORE_DEPRECATED_CPP_DIALECT only hides the check."),
	  { { N_("the project compiles CUDA code as C++14 or older (cannot "
	    "be checked from the message alone: see its -std or "
	    "CMAKE_CUDA_STANDARD)"), { { NULL, { { NULL } } } } } } },
	/* Jimver/cuda-toolkit's table of releases per tag
	 * (Jimver/cuda-toolkit#376, fixed by #377; Dao-AILab's
	 * flash-attention moving its pin to v0.2.35 for CUDA 13.2.0) */
	{ "CI-CUDA-ACTION", N_("the CI action that installs CUDA does not "
	  "know this release"),
	  N_("The GitHub Action that installs CUDA on a runner "
	  "(Jimver/cuda-toolkit) downloads only the releases listed in the "
	  "table built into the tag the workflow pins: a CUDA release "
	  "published after that tag is \"not available\"."),
	  N_("Pin a newer release of the action (its releases add the CUDA "
	  "releases NVIDIA publishes), or ask it for a CUDA release its "
	  "table has."),
	  { { N_("the action's pinned tag predates the CUDA release asked "
	    "for (cannot be checked from the message alone: see the "
	    "workflow's uses: line)"), { { NULL, { { NULL } } } } } } },
	/* Microsoft's system error codes: 1455 is ERROR_COMMITMENT_LIMIT,
	 * "The paging file is too small for this operation to complete." */
	{ "WIN-PAGEFILE", N_("Windows has no memory left to map a library"),
	  N_("Windows could not map a DLL into the process (error 1455, "
	  "ERROR_COMMITMENT_LIMIT: \"The paging file is too small for this "
	  "operation to complete\"): the memory it may commit, RAM and the "
	  "paging file together, is spent.  CUDA's and cuDNN's DLLs are "
	  "large, and every process that imports the framework maps its own "
	  "(each worker process of a data loader, several programs at "
	  "once)."),
	  N_("Let the paging file grow (System Properties, Advanced, "
	  "Performance, Virtual memory: system managed size, or a larger "
	  "one), close other programs, or start fewer worker processes "
	  "(num_workers)."),
	  { { N_("the memory Windows may commit is spent (cannot be checked "
	    "from the message alone: see Task Manager's Committed figure)"),
	    { { NULL, { { NULL } } } } } } },
	/* Microsoft's system error codes of the loader (winerror.h): 126
	 * ERROR_MOD_NOT_FOUND, 127 ERROR_PROC_NOT_FOUND, 193
	 * ERROR_BAD_EXE_FORMAT, 1114 ERROR_DLL_INIT_FAILED */
	{ "WIN-DLL", N_("Windows could not load a DLL"),
	  N_("Windows' loader refused a DLL the program loads, or a DLL that "
	  "one depends on.  Error 126 (\"The specified module could not be "
	  "found\"): that DLL or one it needs is on no folder of the DLL "
	  "search path, and Windows does not say which.  127 (\"The "
	  "specified procedure could not be found\"): a DLL was found but "
	  "lacks a function the other needs, another version than the one "
	  "it was built against.  193 (\"is not a valid Win32 "
	  "application\"): the file is not a DLL for this process, a 32-bit "
	  "one in a 64-bit program or not a DLL at all.  1114 (\"A dynamic "
	  "link library (DLL) initialization routine failed\"): the DLL "
	  "loaded but its start-up code failed.  Windows prints the words "
	  "in the system's language."),
	  N_("Find the DLL that is missing: dumpbin /dependents on the DLL the "
	  "message names (Visual Studio's tools) lists what it needs.  Put "
	  "the folder that holds it on PATH, or add it with "
	  "os.add_dll_directory() before the import; CUDA's and cuDNN's DLLs "
	  "(cudart64_*.dll, cublas64_*.dll, cudnn*64_*.dll) come with the "
	  "CUDA toolkit or the nvidia-* wheels, MSVCP140.dll and "
	  "VCRUNTIME140.dll with the Microsoft Visual C++ Redistributable "
	  "(x64).  For 127, remove the other copy found first; for 193, "
	  "install the 64-bit build, or download the file again."),
	  { { N_("a DLL it depends on is on no folder of the search path (a "
	    "CUDA or cuDNN DLL, an OpenMP or C++ runtime DLL)"),
	    { { NULL, { { NULL } } } } },
	    { N_("another version of a DLL than the one it was built against "
	    "was found first"), { IF(BY_MESSAGE, "Windows error", "=127") } },
	    { N_("a 32-bit DLL in a 64-bit process, or a file that is not a "
	    "DLL (a download cut short)"), { IF(BY_MESSAGE, "Windows error",
	    "=193") } },
	    { N_("the Microsoft Visual C++ runtime is missing or older than "
	    "the DLL needs, or another DLL loaded first conflicts with it"),
	    { { NULL, { { NULL } } } } },
	    { N_("the DLL was built for instructions this processor lacks "
	    "(AVX, AVX2: a build for older CPUs is needed)"),
	    { { NULL, { { NULL } } } } } } },
	/* glibc's version check: a library built on a newer system */
	{ "LIBC-OLD", N_("a library needs a newer C or C++ runtime than the "
	  "one loaded"),
	  N_("The library after \"required by\" was built against a newer GNU C "
	  "library (GLIBC_2.x) or C++ runtime (GLIBCXX_3.4.x, CXXABI_1.3.x) "
	  "than the libc.so.6 or libstdc++.so.6 the loader found: a prebuilt "
	  "binary or wheel made on a newer distribution than this one, or, "
	  "for libstdc++, an older copy found first (a conda env's own, "
	  "through python's bin/../lib)."),
	  N_("Install a build made for this system (the distribution's "
	  "package, a wheel of an older manylinux baseline, or a build from "
	  "source here); for libstdc++, update the env's copy (conda install "
	  "-c conda-forge libstdcxx-ng) or let the newer system copy be "
	  "found.  Never copy another system's libc.so.6 over this one's."),
	  { { N_("an older libstdc++ of a conda env is found before a newer "
	    "one"), { IF2(MSG_LIBRARY, "state", "=older than the library "
	    "needs", "origin", "=conda env") } },
	    { N_("the C or C++ runtime here is older than the version the "
	    "library needs"), { IF(MSG_LIBRARY, "state", "=older than the "
	    "library needs") } } } },
	/* glibc 2.41's NEWS: dlopen no longer makes the stack executable for
	 * a library that asks (PT_GNU_STACK with PF_X), and fails */
	{ "LIB-EXECSTACK", N_("a library asks for an executable stack the C "
	  "library refuses"),
	  N_("The library's ELF header asks for an executable stack "
	  "(PT_GNU_STACK with the X flag), which few libraries need and a "
	  "toolchain writes by mistake (an assembly file without its "
	  ".note.GNU-stack).  From glibc 2.41 dlopen no longer makes the "
	  "stack executable for a library it opens, and fails: \"cannot "
	  "enable executable stack as shared object requires: Invalid "
	  "argument\".  The library worked on older distributions and stops "
	  "on new ones (Debian 13, Fedora 42, Arch) with nothing else "
	  "changed."),
	  N_("Use a release of the library built without the request (for "
	  "TensorRT's libnvinfer_builder_resource, TensorRT 10.8), or clear "
	  "it on the file: patchelf --clear-execstack FILE (patchelf 0.18 or "
	  "newer)."),
	  { { N_("the library asks for an executable stack and the C library "
	    "here is glibc 2.41 or newer"), { IF(MSG_LIBRARY, "state",
	    "=asks for an executable stack, refused here"),
	    BY("LIB-EXECSTACK") } } } },
	/* NCCL's check that each rank has a GPU of its own */
	{ "NCCL-DUP-GPU", N_("two ranks of one job were given the same GPU"),
	  N_("NCCL found two processes of one communicator on the same GPU "
	  "(ncclInvalidUsage): the launcher started more ranks than the "
	  "machine has GPUs, or each rank did not select its own device."),
	  N_("Start one rank per GPU, and make each select its own device "
	  "(torch.cuda.set_device(local_rank), or a CUDA_VISIBLE_DEVICES per "
	  "process); check the launcher's GPU count."),
	  { { N_("more ranks than GPUs, or a device chosen the same in every "
	    "rank (cannot be checked without the job)"),
	    { { NULL, { { NULL } } } } } } },
	/* MIG mode on, no instance created: no CUDA device to use */
	{ "MIG-NO-INSTANCES", N_("MIG is on and no MIG instance exists"),
	  N_("The GPU is in MIG mode: CUDA and NVML see only its MIG "
	  "instances, and none was created, so there is no device to "
	  "use."),
	  N_("Create the MIG instances the node should have (nvidia-smi "
	  "mig -cgi ... -C, or the MIG manager's configuration), or turn "
	  "MIG mode off (nvidia-smi -mig 0, then reset the GPU)."),
	  { { N_("MIG mode without instances (cannot be checked without the "
	    "GPU)"), { { NULL, { { NULL } } } } } } },
	{ "NAMES", N_("not a failure known here; what it names, looked up"),
	  N_("The text is none of the failures the catalogue knows, but it "
	  "names a library of NVIDIA's.  Where that library is on this "
	  "machine, and what provides it, is below."),
	  N_("Run cudnn-setup doctor for the whole machine; give explain the "
	  "lines around the error (the first error, not the last)."),
	  { { N_("the library it names is installed but not on the loader's "
	    "path"), { LIB_ELSEWHERE } },
	    { N_("the library it names is not installed"),
	    { LIB_NOWHERE } }, LIB_PART_ROW } },
	{ "CODE-OTHER", N_("an NVIDIA library returned an error"),
	  N_("The text names a status code of an NVIDIA library; what the "
	  "library says of it is shown with the message.  It is none of the "
	  "failures whose causes a machine shows."),
	  N_("Look the code up in the library's documentation; cudnn-setup "
	  "doctor shows whether the installation itself is sound."),
	  { { NULL, { { NULL, { { NULL } } } } } } },
};

const size_t cds_explain_nentries =
    sizeof(cds_explain_entries) / sizeof(cds_explain_entries[0]);
