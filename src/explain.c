/*
 * explain.c - `cudnn-setup explain`: recognise a failure from the text a
 * program printed (paths, versions and symbols may differ from the
 * catalogue's: the patterns capture them), say what it means, and run the
 * checks that tell its known causes apart on this machine: doctor's rules,
 * plus checks driven by what the message names (the library it could not
 * open, the file that failed, the GPU's architecture).
 */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "scan.h"

/* ------------------------------------------------------------------------ */
/* The catalogue                                                             */
/* ------------------------------------------------------------------------ */

#define MAXCAUSES 6
#define MAXIDS 7

struct cause_def {
	const char *text;		/* N_() */
	const char *ids[MAXIDS];	/* findings that show it */
	const char *filter;		/* "key=substring" on the finding's
					   evidence, or NULL */
};

struct entry_def {
	const char *id;
	const char *title;		/* N_() */
	const char *meaning;		/* N_() */
	const char *fix;		/* N_(): when no cause is found here */
	struct cause_def causes[MAXCAUSES];
};

static const struct entry_def entries[] = {
	{ "F1", N_("cuDNN sub-libraries of two releases in one process"),
	  N_("A cuDNN 8 sub-library (cnn_infer, ops_train...) was loaded from "
	  "one cuDNN release and found its sibling libcudnn_ops_infer.so.8 "
	  "in another.  The sub-libraries only work as a matched set; the "
	  "newer one calls a function the older one does not have."),
	  N_("Make every libcudnn*.so.8 come from one directory: drop the "
	  "other cuDNN's directory from LD_LIBRARY_PATH, remove a system "
	  "libcudnn8, or move to PyTorch 2.4+ (cuDNN 9)."),
	  { { N_("LD_LIBRARY_PATH (or an activate script) puts another cuDNN "
	    "8 release before the framework's own"), { "F1", NULL },
	    "put first by=LD_LIBRARY_PATH" },
	    { N_("a system cuDNN 8 (apt libcudnn8, ld.so.conf) is found "
	    "before the framework's own"), { "F1", NULL },
	    "!put first by=LD_LIBRARY_PATH" },
	    { N_("PyTorch finds an older cuDNN first"), { "F9", NULL },
	    NULL },
	    { N_("the conda env's own cudnn package is another release"),
	    { "F3", NULL }, NULL },
	    { N_("one directory holds two cuDNN releases"), { "F2", NULL },
	    NULL } } },
	{ "F2", N_("cuDNN sub-library could not be loaded"),
	  N_("cuDNN loads its sub-libraries (libcudnn_cnn_train.so.8 and "
	  "the others) when it first needs them.  This one failed: it is "
	  "missing, or it comes from another cuDNN release than its "
	  "siblings, or a library it needs is missing."),
	  N_("Keep one complete cuDNN release per directory and on the "
	  "path: purge the libcudnn* files of the mixed directory and "
	  "install one release."),
	  { { N_("one directory holds sub-libraries of different cuDNN "
	    "releases (a tarball unpacked over another)"), { "F2", "F24",
	    NULL }, NULL },
	    { N_("the conda env's cudnn package is another release than "
	    "the framework needs"), { "F3", NULL }, NULL },
	    { N_("LD_LIBRARY_PATH puts another cuDNN release's sibling "
	    "first"), { "F1", "F9", "F10", NULL }, NULL },
	    { N_("a sub-library is missing from the set"), { "F8", NULL },
	    NULL },
	    { N_("a CUDA library the sub-library needs is missing"),
	    { "F5", "F4", NULL }, NULL } } },
	{ "F3", N_("the conda env's cuDNN does not match the framework"),
	  N_("The path bin/../lib is python's own RPATH in a conda env: "
	  "the framework took the env's cudnn package, which is another "
	  "release than the one it was built with."),
	  N_("Align the env's cudnn package with the framework (conda "
	  "install cudnn=<version>), or remove it when pip's cuDNN wheel "
	  "is there."),
	  { { N_("the env's conda cudnn package differs from what the "
	    "framework needs"), { "F3", NULL }, NULL },
	    { N_("another cuDNN release is bound first"), { "F1", "F2",
	    NULL }, NULL } } },
	{ "F4", N_("cuDNN 8 cannot open libcuda.so"),
	  N_("cuDNN 8 opens the driver as \"libcuda.so\", the unversioned "
	  "development link.  Only libcuda.so.1 is there (minimal "
	  "containers, WSL2)."),
	  N_("Create libcuda.so -> libcuda.so.1 in a searched directory, or "
	  "on WSL2 put /usr/lib/wsl/lib on the loader's path."),
	  { { N_("the libcuda.so link is missing"), { "F4", NULL }, NULL },
	    { N_("WSL2's driver directory is not searched"),
	    { "WSL-LIB-PATH", NULL }, NULL },
	    { N_("only a toolkit stub provides libcuda.so"),
	    { "STUB-LIBCUDA", NULL }, NULL },
	    { N_("there is no driver"), { "NO-DRIVER", "F20", NULL },
	    NULL } } },
	{ "F5", N_("cuDNN needs a CUDA library that is not there"),
	  N_("cuDNN is built for one CUDA major and links its cuBLAS "
	  "(libcublas.so.11 for CUDA 11).  The loader cannot find it: that "
	  "CUDA is not installed, or not on the path."),
	  N_("Install the cuBLAS of that CUDA major, or use a cuDNN built "
	  "for the CUDA that is installed."),
	  { { N_("the library is installed but not on the loader's path"),
	    { "F5", NULL }, "installed in=" },
	    { N_("the CUDA release that ships it is not installed"),
	    { "F5", NULL }, NULL } } },
	{ "F6", N_("a cuDNN library is not on the loader's path"),
	  N_("A program opened cuDNN by name and the loader found no such "
	  "file.  Often cuDNN exists only inside a Python wheel "
	  "(site-packages/nvidia/cudnn/lib) the program does not search."),
	  N_("Add the wheel's directory to LD_LIBRARY_PATH with an "
	  "activate.d script, or install a system cuDNN of the right "
	  "major."),
	  { { N_("cuDNN is only inside a pip wheel the program does not "
	    "search"), { "F6", "F7", "F14", NULL }, NULL },
	    { N_("that cuDNN is not installed at all"), { "F6", "F13",
	    NULL }, NULL },
	    { N_("the cuDNN set on the path is incomplete"), { "F8", NULL },
	    NULL } } },
	{ "F7", N_("the program needs cuDNN 9 and cannot load it"),
	  N_("The program (CTranslate2 4.5+, built for cuDNN 9) asked for "
	  "the cuDNN 9 sub-libraries; the loader finds none, often because "
	  "only cuDNN 8 is installed or cuDNN 9 is only in a pip wheel."),
	  N_("Install cuDNN 9 (libcudnn9-cuda-12, or the pip wheel on the "
	  "path), or pin ctranslate2==4.4.0 for cuDNN 8."),
	  { { N_("cuDNN 9 is in a pip wheel the program does not search"),
	    { "F7", NULL }, "not found=installed in" },
	    { N_("only cuDNN 8 is installed"), { "F7", NULL }, NULL },
	    { N_("the cuDNN 9 set is incomplete"), { "F8", NULL }, NULL } } },
	{ "F8", N_("cuDNN found no engine for an operation"),
	  N_("cuDNN's heuristics returned no engine.  Usually a cuDNN "
	  "sub-library failed to load (the warning before it says \"Attempt "
	  "to open cnn_infer failed\"), so no convolution engine exists; "
	  "rarely, memory ran out."),
	  N_("Fix the cuDNN set the framework loads (see doctor); if every "
	  "set is sound, reduce the batch size."),
	  { { N_("a sub-library binds a sibling of another release"),
	    { "F1", NULL }, NULL },
	    { N_("sub-libraries are missing from the cuDNN copy"),
	    { "F8", NULL }, NULL },
	    { N_("one directory mixes releases"), { "F2", NULL }, NULL },
	    { N_("an older cuDNN comes first"), { "F9", "F10", NULL },
	    NULL } } },
	{ "F9", N_("PyTorch found an older cuDNN than it was built with"),
	  N_("PyTorch compares the cuDNN it loaded with the one it was built "
	  "with.  LD_LIBRARY_PATH comes before the wheel's own RUNPATH, so "
	  "an older cuDNN on it (an HPC module, a bashrc line) wins."),
	  N_("Remove that directory from LD_LIBRARY_PATH, or install a cuDNN "
	  "at least as new."),
	  { { N_("LD_LIBRARY_PATH puts an older cuDNN first"), { "F9",
	    NULL }, NULL },
	    { N_("a sub-library of the older release is bound"), { "F1",
	    NULL }, NULL } } },
	{ "F10", N_("the cuDNN loaded is older than the one built against"),
	  N_("TensorFlow, XLA and JAX need cuDNN of the same major and an "
	  "equal or newer minor than they were built with.  The first one "
	  "the loader found is older: a conda env's lib/, a system copy, or "
	  "a directory on LD_LIBRARY_PATH."),
	  N_("Upgrade cuDNN, or put the framework's cuDNN first on the path "
	  "(its wheel's directory before $CONDA_PREFIX/lib)."),
	  { { N_("an older cuDNN comes first on the path"), { "F10", NULL },
	    NULL },
	    { N_("the conda env's cudnn package is older"), { "F3", NULL },
	    NULL },
	    { N_("an activate.d script puts the wrong directory first"),
	    { "F28", NULL }, NULL } } },
	{ "F12", N_("cuSPARSE bound an older nvJitLink"),
	  N_("pip's cuSPARSE needs an nvJitLink at least as new as itself. "
	  "It found libnvJitLink.so.12 of an older CUDA 12 first (a toolkit "
	  "on LD_LIBRARY_PATH, an older nvidia-nvjitlink wheel)."),
	  N_("Drop the toolkit's directory from LD_LIBRARY_PATH, or upgrade "
	  "nvidia-nvjitlink-cu12."),
	  { { N_("an older nvJitLink comes first"), { "F12", NULL },
	    NULL } } },
	{ "F13", N_("a CUDA library the program was built against is "
	  "missing"),
	  N_("The program was linked against a CUDA library of one version "
	  "(libcudart.so.8.0, libcublas.so.11).  The loader finds no file "
	  "of that name: that CUDA is not installed, or not on the path."),
	  N_("Install that CUDA side by side and put its lib64 on the path, "
	  "or install a build of the program made for the CUDA you have.  "
	  "Never symlink another version under the missing name."),
	  { { N_("the library is installed but not on the loader's path"),
	    { "F13", "F6", NULL }, "installed in=" },
	    { N_("that CUDA release is not installed"), { "F13", NULL },
	    NULL },
	    { N_("a link claims a version it is not"), { "F13", NULL },
	    "link=" } } },
	{ "F14", N_("ONNX Runtime's CUDA provider could not load"),
	  N_("onnxruntime-gpu links cuDNN and the CUDA libraries by name and "
	  "has no RUNPATH into pip's nvidia wheels.  Unless something puts "
	  "them on the path (importing torch first, an activate script), "
	  "the provider cannot load and ONNX Runtime falls back to the "
	  "CPU."),
	  N_("Put the wheels' directories on LD_LIBRARY_PATH (an activate.d "
	  "script), call onnxruntime.preload_dlls() (1.21+), or install a "
	  "system cuDNN of the right major."),
	  { { N_("pip's cuDNN or CUDA wheels are not on the path"),
	    { "F14", NULL }, "not found=installed in" },
	    { N_("the cuDNN or CUDA it needs is not installed"), { "F14",
	    NULL }, NULL },
	    { N_("no usable driver"), { "NO-DRIVER", "F20", "STUB-LIBCUDA",
	    NULL }, NULL } } },
	{ "F15", N_("the toolkit differs from PyTorch's CUDA"),
	  N_("Building a CUDA extension compares the toolkit at CUDA_HOME "
	  "(or nvcc on PATH) with the CUDA PyTorch was compiled with.  "
	  "Running PyTorch does not use that toolkit."),
	  N_("Point CUDA_HOME at a toolkit of PyTorch's CUDA version "
	  "(installed side by side), or install PyTorch for your toolkit."),
	  { { N_("CUDA_HOME or nvcc names a toolkit of another version"),
	    { "F15", NULL }, NULL } } },
	{ "F16", N_("the driver is too old for the CUDA runtime"),
	  N_("The CUDA runtime in the program needs a newer driver than the "
	  "one installed (cudaErrorInsufficientDriver, error 35).  The "
	  "\"CUDA Version\" nvidia-smi shows is the newest CUDA the driver "
	  "can run."),
	  N_("Upgrade the NVIDIA driver, or use a build for an older CUDA "
	  "(cu118 instead of cu12x)."),
	  { { N_("the driver is older than the CUDA the program needs"),
	    { "F16", NULL }, NULL },
	    { N_("a forward-compatibility libcuda does not match"), { "F17",
	    NULL }, NULL },
	    { N_("no driver is loaded at all"), { "NO-DRIVER", "F20",
	    NULL }, NULL } } },
	{ "F17", N_("forward compatibility on a GPU that lacks it"),
	  N_("The libcuda of a toolkit's compat/ directory (cuda-compat) was "
	  "loaded.  Forward compatibility works only on data-center GPUs and "
	  "over an older kernel driver."),
	  N_("Drop the compat directory from the path, or upgrade the host "
	  "driver."),
	  { { N_("a compat libcuda is first on the path"), { "F17", NULL },
	    NULL } } },
	{ "F18", N_("the NVSwitch fabric is not up"),
	  N_("On NVSwitch systems (HGX) CUDA waits for nvidia-fabricmanager, "
	  "which must run and match the driver's version exactly."),
	  N_("Install nvidia-fabricmanager of the driver's version and start "
	  "it."),
	  { { N_("the fabric manager is not running or does not match"),
	    { "F18", NULL }, NULL } } },
	{ "F19", N_("NVML and the kernel module are different versions"),
	  N_("The user-space driver libraries were upgraded (unattended "
	  "upgrades) while the old kernel module stays loaded."),
	  N_("Reboot, or unload and reload the nvidia modules; hold the "
	  "driver packages."),
	  { { N_("the libraries and the module differ"), { "F19", NULL },
	    NULL } } },
	{ "F20", N_("no NVIDIA kernel driver is running"),
	  N_("nvidia-smi could not talk to the kernel module: it is not "
	  "loaded.  Usually the kernel was updated and no module was built "
	  "for it, or nouveau holds the GPU, or Secure Boot refuses the "
	  "unsigned module."),
	  N_("Build the module for the running kernel (dkms), blacklist "
	  "nouveau, or enroll the module key."),
	  { { N_("no module built for the running kernel, nouveau, or "
	    "Secure Boot"), { "F20", NULL }, NULL },
	    { N_("no NVIDIA GPU or driver on this machine"), { "NO-DRIVER",
	    NULL }, NULL } } },
	{ "F21", N_("the framework has no kernels for this GPU"),
	  N_("The framework's binaries carry GPU code for a list of "
	  "architectures; this GPU's is not among them and no PTX is old "
	  "enough to be compiled for it (new GPUs need new builds: "
	  "Blackwell sm_120 needs a CUDA 12.8+ build)."),
	  N_("Install a build whose architecture list includes the GPU's "
	  "(for example the cu128 wheels for Blackwell)."),
	  { { N_("the framework's architecture list lacks this GPU"),
	    { "F21", NULL }, NULL } } },
	{ "F22", N_("cuDNN reported a mapping error"),
	  N_("CUDNN_STATUS_MAPPING_ERROR means a GPU kernel launch or memory "
	  "mapping failed inside cuDNN.  Its causes vary: a GPU newer than "
	  "the toolkit or cuDNN supports, a cuDNN that is not the one the "
	  "framework was built for, or a batch-size dependent fault."),
	  N_("Use a toolkit and cuDNN that support the GPU; as a workaround "
	  "reduce the batch size or disable cuDNN for that layer."),
	  { { N_("the framework has no kernels for this GPU"), { "F21",
	    NULL }, NULL },
	    { N_("the cuDNN loaded is not the one the framework expects"),
	    { "F9", "F10", "F1", "F2", "F3", NULL }, NULL },
	    { N_("batch-size or memory dependent (cannot be checked "
	    "without running the model)"), { NULL }, NULL } } },
	{ "F23", N_("nvcc refuses the host compiler"),
	  N_("nvcc accepts host gcc versions up to a limit written in its "
	  "crt/host_config.h; the gcc it found is newer."),
	  N_("Point nvcc at an older g++ (NVCC_CCBIN, CUDAHOSTCXX, -ccbin), "
	  "or use a newer CUDA toolkit."),
	  { { N_("the host gcc is newer than the toolkit accepts"),
	    { "F23", NULL }, NULL } } },
	{ "F24", N_("a library link was copied as a file"),
	  N_("ldconfig expects the soname file (libcudnn.so.8) to be a link "
	  "to the real file.  It is a regular file: the tarball was copied "
	  "without keeping links."),
	  N_("Recreate the links: ln -sf libX.so.8.x.y libX.so.8."),
	  { { N_("soname files are copies, not links"), { "F24", NULL },
	    NULL } } },
	{ "F25", N_("NVIDIA's apt repository is not signed as apt expects"),
	  N_("NVIDIA rotated its repository key in April 2022.  Entries that "
	  "rely on the old key, or list the repository twice with different "
	  "Signed-By, stop apt."),
	  N_("Remove the old key (apt-key del 7fa2af80), install the "
	  "cuda-keyring package, and keep one entry per repository."),
	  { { N_("the repository is listed twice or without a key"),
	    { "F25", NULL }, NULL } } },
	{ "F26", N_("a download from NVIDIA's CDN did not match its hash"),
	  N_("The CDN served metadata and packages that disagree for a "
	  "while.  Nothing on this machine causes it."),
	  N_("Retry later or use another mirror; cudnn-setup checks every "
	  "archive's SHA-256 itself and retries."),
	  { { NULL, { NULL }, NULL } } },
	{ "F27", N_("a CPU-only framework build"),
	  N_("The framework was installed without CUDA: conda picked the cpu "
	  "variant (it did not see a driver), or pip used the CPU index."),
	  N_("Reinstall the CUDA build (CONDA_OVERRIDE_CUDA=<major> for "
	  "conda)."),
	  { { N_("a CPU-only build is installed"), { "F27", NULL }, NULL },
	    { N_("there is no GPU driver, so conda chose the CPU build"),
	    { "NO-DRIVER", "F20", NULL }, NULL } } },
	{ "F28", N_("TensorFlow could not load cuDNN"),
	  N_("TensorFlow opens cuDNN by name.  The usual reason it is not "
	  "found is an activate.d recipe that sets LD_LIBRARY_PATH from a "
	  "variable nothing sets (CUDNN_PATH), or puts an old directory "
	  "first."),
	  N_("Write self-contained activate and deactivate scripts that put "
	  "the cuDNN directory first (cudnn-setup repair does)."),
	  { { N_("an activate.d script sets LD_LIBRARY_PATH wrongly"),
	    { "F28", NULL }, NULL },
	    { N_("the library is not on the path"), { "F29", "F28", NULL },
	    NULL },
	    { N_("an older cuDNN comes first"), { "F10", NULL }, NULL } } },
	{ "F29", N_("TensorFlow could not open a GPU library"),
	  N_("TensorFlow opens a list of CUDA libraries by name and, if one "
	  "is missing, skips the GPU.  The message does not say which."),
	  N_("Make every library of TensorFlow's list resolvable (pip "
	  "install tensorflow[and-cuda], or the toolkit on the path)."),
	  { { N_("a library of its list is not found"), { "F29", NULL },
	    NULL },
	    { N_("an activate.d script breaks LD_LIBRARY_PATH"), { "F28",
	    NULL }, NULL },
	    { N_("the cuDNN found is too old"), { "F10", NULL }, NULL } } },
	{ "F30", N_("three different CUDA version numbers"),
	  N_("nvidia-smi's \"CUDA Version\" is the newest CUDA the driver can "
	  "run, not an installed toolkit.  nvcc shows the toolkit.  Each "
	  "framework brings a third: its own runtime.  They need not be "
	  "equal; each must be at most the driver's."),
	  N_("Nothing to fix unless a toolkit or framework needs more than "
	  "the driver supports."),
	  { { N_("the three numbers differ (normal)"), { "F30", NULL },
	    NULL },
	    { N_("something needs a newer CUDA than the driver runs"),
	    { "F16", NULL }, NULL } } },
	{ "F31", N_("JAX's CUDA plugin does not match jaxlib"),
	  N_("jax-cudaNN-plugin and jax-cudaNN-pjrt must be exactly "
	  "jaxlib's version."),
	  N_("pip install a matching set: jax[cuda12]==<jaxlib version>."),
	  { { N_("the plugin and jaxlib versions differ"), { "F31", NULL },
	    NULL } } },
	{ "F32", N_("the cuDNN reported is not necessarily the one loaded"),
	  N_("collect_env lists cuDNN files that are installed, not the "
	  "ones the process maps.  Several copies can be installed while "
	  "one is loaded."),
	  N_("Compare what is installed with what the process maps (doctor "
	  "lists every copy and the loader's order)."),
	  { { N_("another cuDNN comes first for the framework"), { "F1",
	    "F9", "F10", NULL }, NULL } } },
	{ "STUB-LIBCUDA", N_("a stub libcuda was loaded"),
	  N_("Toolkits ship a stub libcuda.so in lib64/stubs for linking "
	  "only.  At run time it answers every call with error 34."),
	  N_("Remove the stubs directory from LD_LIBRARY_PATH (LIBRARY_PATH "
	  "is fine)."),
	  { { N_("the stub is on the run-time path"), { "STUB-LIBCUDA",
	    NULL }, NULL },
	    { N_("there is no real driver"), { "NO-DRIVER", "F20", NULL },
	    NULL } } },
	{ "NO-DRIVER", N_("no GPU or driver is visible"),
	  N_("The CUDA runtime found no device: no NVIDIA kernel module, no "
	  "libcuda.so.1, a stub libcuda, or (WSL2) the driver's directory "
	  "not searched."),
	  N_("Install and load the NVIDIA driver for this GPU."),
	  { { N_("a GPU without its kernel module"), { "F20", NULL },
	    NULL },
	    { N_("no NVIDIA GPU or driver on this machine"), { "NO-DRIVER",
	    NULL }, NULL },
	    { N_("a stub libcuda is loaded"), { "STUB-LIBCUDA", NULL },
	    NULL },
	    { N_("WSL2's driver directory is not searched"),
	    { "WSL-LIB-PATH", NULL }, NULL } } },
};

#define NENTRIES (sizeof(entries) / sizeof(entries[0]))

/* One recognisable message.  Groups of the regular expression are named
 * by NAMES (index 1 = group 1; NULL: not kept); groups of the same name
 * are joined with '.' ("(8, 3, 2)" -> "8.3.2").  Lower RANK wins when
 * several entries match one text. */
struct pattern {
	const char *id;
	int rank;
	const char *re;
	const char *names[8];
};

#define P "[^ :'\"\n]*"		/* a path without spaces */
#define SO "\\.so[.0-9]*"
#define VER "([0-9]+(\\.[0-9]+)*)"	/* "8.6.0", not "8.6.0." */

static const struct pattern patterns[] = {
	{ "F1", 1, "(" P "libcudnn[a-z_]*\\.so\\.[0-9]+): undefined symbol: "
	    "([A-Za-z0-9_]+), version (libcudnn[a-z_]*\\.so\\.[0-9]+)",
	    { NULL, "file", "symbol", "provider" } },
	{ "F12", 1, "(" P "libcusparse" SO "): undefined symbol: "
	    "([A-Za-z0-9_]*nvJitLink[A-Za-z0-9_]*), version "
	    "(libnvJitLink\\.so\\.[0-9]+)",
	    { NULL, "file", "symbol", "provider" } },
	{ "F12", 2, "undefined symbol: (_*nvJitLink[A-Za-z0-9_]*)",
	    { NULL, "symbol" } },
	{ "F2", 1, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (" P "libcudnn[a-z_]*\\.so\\.[0-9]+): symbol "
	    "([A-Za-z0-9_]+)[^,\n]*, version (libcudnn[a-z_]*\\.so\\.[0-9]+) "
	    "not defined in file (libcudnn[a-z_]*\\.so\\.[0-9]+)",
	    { NULL, "library", "file", "symbol", NULL, "provider" } },
	{ "F3", 1, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (" P "/bin/\\.\\./lib/libcudnn[a-z_]*\\.so\\.[0-9]+): "
	    "undefined symbol: ([A-Za-z0-9_]+)",
	    { NULL, "library", "file", "symbol" } },
	{ "F1", 2, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (" P "libcudnn[a-z_]*\\.so\\.[0-9]+): undefined "
	    "symbol: ([A-Za-z0-9_]+)", { NULL, "library", "file", "symbol" } },
	{ "F4", 1, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (libcuda\\.so): cannot open shared object file",
	    { NULL, "library", "missing" } },
	{ "F6", 1, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (libcudnn[a-z_]*\\.so\\.[0-9]+): cannot open shared "
	    "object file", { NULL, "library", "missing" } },
	{ "F6", 2, "Please make sure (libcudnn[a-z_]*\\.so\\.[0-9]+) is in "
	    "your library path", { NULL, "missing" } },
	{ "F5", 1, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)"
	    "\\. Error: (lib[A-Za-z0-9_]+" SO "): cannot open shared object "
	    "file", { NULL, "library", "missing" } },
	{ "F7", 1, "Unable to load any of \\{(libcudnn[a-z_]*\\.so[.0-9]*)",
	    { NULL, "missing" } },
	{ "F7", 2, "Invalid handle\\. Cannot load symbol (cudnn[A-Za-z]+)",
	    { NULL, "symbol" } },
	{ "F14", 1, "libonnxruntime_providers_cuda\\.so with error: "
	    "(lib[A-Za-z0-9_]+" SO "): cannot open shared object file",
	    { NULL, "missing" } },
	{ "F14", 2, "Failed to create CUDAExecutionProvider", { NULL } },
	{ "F28", 2, "Could not load dynamic library '(libcudnn[^']*)'",
	    { NULL, "missing" } },
	{ "F29", 2, "Could not load dynamic library '(lib[^']*)'",
	    { NULL, "missing" } },
	{ "F29", 3, "Cannot dlopen some GPU libraries", { NULL } },
	{ "F13", 3, "(lib(cudart|cublas|cublasLt|cufft|curand|cusolver|"
	    "cusparse|nvrtc|nvToolsExt|nvJitLink|cudnn)[a-z_]*" SO "): "
	    "cannot open shared object file", { NULL, "missing" } },
	{ "F2", 4, "Could not load library (libcudnn[a-z_]*\\.so\\.[0-9]+)",
	    { NULL, "library" } },
	{ "F8", 3, "GET was unable to find an engine to execute this "
	    "computation", { NULL } },
	{ "F8", 3, "Attempt to open ([a-z_]+) failed", { NULL, "library" } },
	{ "F9", 1, "cuDNN version incompatibility: PyTorch was compiled "
	    "[[:space:]]*against \\(([0-9]+), ([0-9]+), ([0-9]+)\\) but found "
	    "runtime version \\(([0-9]+), ([0-9]+), ([0-9]+)\\)",
	    { NULL, "compiled", "compiled", "compiled", "runtime", "runtime",
	    "runtime" } },
	{ "F10", 1, "Loaded runtime CuDNN library: " VER " but source was "
	    "compiled with: " VER, { NULL, "runtime", NULL, "compiled" } },
	{ "F10", 1, "Found cuDNN version ([0-9]+), but JAX was built against "
	    "version ([0-9]+)", { NULL, "runtime", "compiled" } },
	{ "F10", 4, "DNN library (is not found|initialization failed)",
	    { NULL } },
	{ "F15", 1, "The detected CUDA version \\(([0-9.]+)\\) mismatches the "
	    "version that was used to compile[[:space:]]+PyTorch "
	    "\\(([0-9.]+)\\)", { NULL, "detected", "compiled" } },
	{ "F16", 1, "CUDA driver version is insufficient for CUDA runtime "
	    "version", { NULL } },
	{ "F16", 1, "cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_"
	    "DRIVER", { NULL } },
	{ "F17", 1, "forward compatibility was attempted on non supported HW"
	    "|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", { NULL } },
	{ "F18", 1, "Error 802: system not yet initialized|CUDA_ERROR_SYSTEM_"
	    "NOT_READY", { NULL } },
	{ "F19", 1, "Failed to initialize NVML: Driver/library version "
	    "mismatch", { NULL } },
	{ "F20", 1, "NVIDIA-SMI has failed because it couldn't communicate "
	    "with the NVIDIA driver", { NULL } },
	{ "F20", 2, "NVRM: The NVIDIA probe routine was not called",
	    { NULL } },
	{ "F21", 1, "with CUDA capability sm_([0-9]+) is not compatible with "
	    "the current PyTorch installation", { NULL, "sm" } },
	{ "F21", 2, "no kernel image is available for execution on the "
	    "device", { NULL } },
	{ "F22", 1, "CUDNN_STATUS_MAPPING_ERROR|CUDNN error\\(7\\)",
	    { NULL } },
	{ "F23", 1, "unsupported GNU version! gcc versions later than "
	    "([0-9]+) are not supported", { NULL, "gcc" } },
	{ "F24", 1, "ldconfig(\\.real)?: (" P ") is not a symbolic link",
	    { NULL, NULL, "file" } },
	{ "F25", 1, "NO_PUBKEY ([0-9A-Fa-f]+)", { NULL, "key" } },
	{ "F25", 1, "Conflicting values set for option Signed-By", { NULL } },
	{ "F25", 2, "The repository '[^']*developer\\.download\\.nvidia\\."
	    "com[^']*' is not signed", { NULL } },
	{ "F26", 1, "Hash Sum mismatch", { NULL } },
	{ "F27", 1, "Torch not compiled with CUDA enabled", { NULL } },
	{ "F27", 2, "the CPU version is installed", { NULL } },
	{ "F31", 1, "Mismatched PJRT plugin PJRT API version \\(" VER "\\) "
	    "and framework PJRT API version " VER,
	    { NULL, "plugin", NULL, "framework" } },
	{ "F30", 2, "nvidia-smi shows CUDA " VER " but nvcc shows "
	    "([0-9.x]+)", { NULL, "driver", NULL, "nvcc" } },
	{ "F30", 3, "CUDA Version: " VER, { NULL, "driver" } },
	{ "F30", 3, "release " VER ", V[0-9.]+", { NULL, "nvcc" } },
	{ "F32", 5, "Probably one of the following:|torch\\.backends\\.cudnn"
	    "\\.version\\(\\)", { NULL } },
	{ "STUB-LIBCUDA", 1, "CUDA driver is a stub library|CUDA_ERROR_STUB_"
	    "LIBRARY|cudaErrorStubLibrary", { NULL } },
	{ "NO-DRIVER", 2, "no CUDA-capable device is detected|Found no NVIDIA "
	    "driver on your system|CUDA_ERROR_NO_DEVICE", { NULL } },
};

#define NPATTERNS (sizeof(patterns) / sizeof(patterns[0]))

static const struct entry_def *
entry_of(const char *id)
{
	size_t i;

	for (i = 0; i < NENTRIES; i++) {
		if (strcmp(entries[i].id, id) == 0) {
			return &entries[i];
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

/* JAX prints cuDNN versions as integers: 8600 is 8.6.0, 90100 9.1.0. */
static void
dotted_versions(struct cds_explain_match *m)
{
	size_t i;

	for (i = 0; i < m->ncaptures; i++) {
		char *v = m->captures[i].value;
		long n;

		if ((strcmp(m->captures[i].key, "runtime") != 0 &&
		    strcmp(m->captures[i].key, "compiled") != 0) ||
		    strchr(v, '.') != NULL || (n = atol(v)) < 1000) {
			continue;
		}
		m->captures[i].value = n >= 90000 ? cds_xasprintf("%ld.%ld.%ld",
		    n / 10000, (n % 10000) / 100, n % 100) :
		    cds_xasprintf("%ld.%ld.%ld", n / 1000, (n % 1000) / 100,
		    n % 100);
		free(v);
	}
}

static int
rank_of(const struct cds_explain_match *m)
{
	return m->rank;
}

static int
cmp_match(const void *a, const void *b)
{
	const struct cds_explain_match *x = a, *y = b;

	if (rank_of(x) != rank_of(y)) {
		return rank_of(x) - rank_of(y);
	}
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

struct cds_explanation *
cds_explain_text(cds_handle_t *h, const char *text)
{
	struct cds_explanation *x;
	size_t i, k;

	if (text == NULL || *text == '\0') {
		cds_seterr(h, CDS_ERR_USAGE, "no error text given");
		return NULL;
	}
	x = cds_xcalloc(1, sizeof(*x));
	for (i = 0; i < NPATTERNS; i++) {
		const struct pattern *p = &patterns[i];
		struct cds_explain_match *m;
		regmatch_t g[9];
		regex_t re;
		int dup = 0;

		if (regcomp(&re, p->re, REG_EXTENDED) != 0) {
			/* a bad table row: tests/sys/explain.sh fails */
			continue;
		}
		if (regexec(&re, text, 9, g, 0) != 0) {
			regfree(&re);
			continue;
		}
		regfree(&re);
		for (k = 0; k < x->nmatches; k++) {
			/* one match per entry: the best-ranked pattern */
			if (strcmp(x->matches[k].id, p->id) == 0) {
				dup = 1;
			}
		}
		if (dup) {
			continue;
		}
		x->matches = cds_xreallocarray(x->matches, x->nmatches + 1,
		    sizeof(*x->matches));
		m = &x->matches[x->nmatches++];
		memset(m, 0, sizeof(*m));
		m->id = p->id;
		m->rank = p->rank;
		m->offset = (size_t)g[0].rm_so;
		m->text = cds_xstrndup(text + g[0].rm_so,
		    (size_t)(g[0].rm_eo - g[0].rm_so));
		for (k = 1; k < 8; k++) {
			if (p->names[k] != NULL && g[k].rm_so >= 0) {
				capture_add(m, p->names[k], text + g[k].rm_so,
				    (size_t)(g[k].rm_eo - g[k].rm_so));
			}
		}
		dotted_versions(m);
	}
	if (x->nmatches == 0) {
		free(x);
		cds_seterr(h, CDS_ERR_NOT_FOUND, "no known failure matches "
		    "the text");
		return NULL;
	}
	if (x->nmatches > 1) {
		qsort(x->matches, x->nmatches, sizeof(*x->matches), cmp_match);
	}
	x->id = x->matches[0].id;
	{
		const struct entry_def *e = entry_of(x->id);

		x->title = _(e->title);
		x->meaning = _(e->meaning);
		x->fix = _(e->fix);
		for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
			struct cds_explain_cause *c;

			x->causes = cds_xreallocarray(x->causes, x->ncauses + 1,
			    sizeof(*x->causes));
			c = &x->causes[x->ncauses++];
			memset(c, 0, sizeof(*c));
			c->text = _(e->causes[k].text);
			c->ids = e->causes[k].ids;
			c->finding = -1;
		}
	}
	x->verdict = -1;
	return x;
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                    */
/* ------------------------------------------------------------------------ */

static const char *
capture(const struct cds_explanation *x, const char *key)
{
	size_t i, k;

	for (k = 0; k < x->nmatches; k++) {
		for (i = 0; i < x->matches[k].ncaptures; i++) {
			if (strcmp(x->matches[k].captures[i].key, key) == 0) {
				return x->matches[k].captures[i].value;
			}
		}
	}
	return NULL;
}

/* The library the message could not open: is it found here, installed
 * somewhere else, or nowhere? */
static void
check_missing(struct cds_rule_ctx *c, const char *id, const char *name)
{
	struct cds_ld_found *fd = cds_loader_find(c->h, name, NULL, 0);
	struct cds_finding *f;
	char *where = NULL;
	size_t i;

	cds_clearerr(c->h);
	if (fd != NULL && fd->path != NULL) {
		f = cds_finding_add(c, id, CDS_SEV_NOTE, "here the loader "
		    "finds %s: %s", name, fd->path);
		cds_finding_evidence(f, "found through", "%s", fd->how != NULL ?
		    fd->how : cds_ld_via_name(fd->via));
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment (LD_LIBRARY_PATH, a conda env not "
		    "activated) or on another machine");
		cds_ld_found_free(fd);
		return;
	}
	cds_ld_found_free(fd);
	where = cds_find_anywhere(c, NULL, name);
	for (i = 0; where == NULL && i < c->s->nenvs; i++) {
		where = cds_find_anywhere(c, &c->s->envs[i], name);
	}
	if (where != NULL) {
		char *dir = cds_dirname(where);
		const char *dirs[2];
		const struct cds_env *owner = NULL;

		for (i = 0; i < c->s->nenvs; i++) {
			size_t n = strlen(c->s->envs[i].prefix);

			if (strncmp(where, c->s->envs[i].prefix, n) == 0 &&
			    where[n] == '/') {
				owner = &c->s->envs[i];
			}
		}
		f = cds_finding_add(c, id, CDS_SEV_ERROR, "%s is installed "
		    "in %s, which the loader does not search", name, dir);
		cds_finding_evidence(f, "installed in", "%s", where);
		dirs[0] = dir;
		dirs[1] = NULL;
		cds_fix_activate(c, f, owner, dirs, NULL);
		free(dir);
		free(where);
		return;
	}
	f = cds_finding_add(c, id, CDS_SEV_ERROR, "%s is not installed "
	    "here", name);
	cds_finding_evidence(f, "searched", "the loader's path, every "
	    "toolkit, every conda env and pip's nvidia wheels");
	if (cds_startswith(name, "libcudnn")) {
		char *v = cds_soname_version(name);

		cds_finding_fix(f, CDS_FIX_INSTALL, NULL, v, "cudnn-setup "
		    "install --cudnn %d", v != NULL ? atoi(v) : 9);
		free(v);
	} else {
		size_t r;
		const char *best = NULL;

		for (r = 0; c->m != NULL && r < cds_manifest_nreleases(c->m);
		    r++) {
			const struct cds_release *rel =
			    cds_manifest_release(c->m, r);
			const char *used;
			char **names;
			size_t k;

			if (rel->kind != CDS_KIND_CUDA) {
				continue;
			}
			names = cds_cuda_sonames(c, rel->version, &used);
			for (k = 0; names[k] != NULL; k++) {
				if (strcmp(names[k], name) == 0) {
					best = rel->version;
				}
			}
			cds_strfreev(names);
		}
		if (best != NULL) {
			cds_finding_evidence(f, "shipped by", "CUDA %s", best);
			cds_finding_fix(f, CDS_FIX_INSTALL, NULL, best,
			    "cudnn-setup install --cuda %s", best);
		} else {
			cds_finding_evidence(f, "shipped by", "no CUDA release "
			    "this program knows");
		}
	}
}

/* The library the message names as failing: load it here, by path, and
 * see whether it fails the same way: statically (the loader emulation),
 * and on this system also for real, in a child process that dlopens it
 * (what is loaded, not only what is installed). */
static void
check_file(struct cds_rule_ctx *c, const char *id, const char *path)
{
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

		f = cds_finding_add(c, id, CDS_SEV_ERROR, "loading %s here "
		    "fails the same way", path);
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
			f = cds_finding_add(c, id, CDS_SEV_ERROR, "loading %s "
			    "here fails", path);
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
		f = cds_finding_add(c, id, CDS_SEV_NOTE, "%s loads cleanly "
		    "here", path);
		cds_finding_evidence(f, "so", "the failing program ran with "
		    "another environment or on another machine");
	}
	cds_dlprobe_free(dp);
	cds_ld_resolution_free(r);
}

/* The cuDNN of the version the message says was loaded: where is it? */
static void
check_runtime(struct cds_rule_ctx *c, const char *id, const char *version)
{
	struct cds_finding *f = NULL;
	size_t i;

	for (i = 0; i < c->s->ncudnns; i++) {
		const struct cds_cudnn *d = &c->s->cudnns[i];

		if (d->version == NULL || (!cds_ver_has_prefix(d->version,
		    version) && !cds_ver_has_prefix(version, d->version))) {
			continue;
		}
		if (f == NULL) {
			f = cds_finding_add(c, id, CDS_SEV_NOTE, "cuDNN %s is "
			    "installed here in %s", version, d->dir);
		}
		cds_finding_evidence(f, "copy", "%s (cuDNN %s)", d->dir,
		    d->version);
	}
}

/* Move the findings that bear on entry E out of ALL into a new set,
 * those that mention a captured name first. */
static int
relevant(const struct entry_def *e, const char *id)
{
	size_t k, j;

	if (strcmp(e->id, id) == 0) {
		return 1;
	}
	for (k = 0; k < MAXCAUSES && e->causes[k].text != NULL; k++) {
		for (j = 0; j < MAXIDS && e->causes[k].ids[j] != NULL; j++) {
			if (strcmp(e->causes[k].ids[j], id) == 0) {
				return 1;
			}
		}
	}
	return 0;
}

static int
mentions_capture(const struct cds_explanation *x, const struct cds_finding *f)
{
	static const char *const keys[] = { "file", "missing", "library",
		"provider", "symbol", "runtime", NULL };
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

/* Does F pass the cause's filter: "key=text" (an evidence line KEY
 * containing TEXT), or "!key=text" (none)? */
static int
passes(const struct cause_def *cd, const struct cds_finding *f)
{
	const char *flt = cd->filter, *eq;
	size_t i, n;
	int neg;

	if (flt == NULL) {
		return 1;
	}
	neg = *flt == '!';
	flt += neg;
	eq = strchr(flt, '=');
	n = (size_t)(eq - flt);
	for (i = 0; i < f->nevidence; i++) {
		if (strncmp(f->evidence[i].key, flt, n) == 0 &&
		    f->evidence[i].key[n] == '\0' && (eq[1] == '\0' ||
		    strstr(f->evidence[i].value, eq + 1) != NULL)) {
			return !neg;
		}
	}
	return neg;
}

int
cds_explain_check(cds_handle_t *h, struct cds_explanation *x,
    const struct cds_scan *s)
{
	const struct entry_def *e = entry_of(x->id);
	struct cds_findings *all;
	struct cds_rule_ctx c;
	const char *v;
	size_t i, k, n = 0;
	int pass;

	all = cds_findings_run(h, s);
	c.h = h;
	c.s = s;
	c.m = h->manifest;
	c.out = all;
	/* what the message names, checked here */
	if ((v = capture(x, "missing")) != NULL) {
		check_missing(&c, x->id, v);
	}
	if ((v = capture(x, "file")) != NULL) {
		check_file(&c, x->id, v);
	}
	if ((v = capture(x, "runtime")) != NULL) {
		check_runtime(&c, x->id, v);
	}
	if ((v = capture(x, "sm")) != NULL) {
		cds_check_arch(&c, atoi(v));
	}
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
	/* each cause: the first finding that shows it */
	for (k = 0; k < x->ncauses; k++) {
		const struct cause_def *cd = &e->causes[k];

		for (i = 0; i < n && x->causes[k].finding < 0; i++) {
			const struct cds_finding *f = &x->findings->items[i];
			size_t j;

			if (f->severity == CDS_SEV_NOTE &&
			    strcmp(f->id, "F30") != 0) {
				continue;	/* a note shows no cause */
			}
			for (j = 0; j < MAXIDS && cd->ids[j] != NULL; j++) {
				if (strcmp(cd->ids[j], f->id) == 0 &&
				    passes(cd, f)) {
					x->causes[k].finding = (int)i;
				}
			}
		}
	}
	/* the verdict: a cause whose finding names what the message names,
	 * else the first cause found */
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
	size_t i, k;

	if (x == NULL) {
		return;
	}
	for (i = 0; i < x->nmatches; i++) {
		for (k = 0; k < x->matches[i].ncaptures; k++) {
			free(x->matches[i].captures[k].key);
			free(x->matches[i].captures[k].value);
		}
		free(x->matches[i].captures);
		free(x->matches[i].text);
	}
	free(x->matches);
	free(x->causes);
	cds_findings_free(x->findings);
	free(x);
}
