/*
 * findings.c - run doctor's rules over a scan.  The rules are a table, one
 * function each, so a new failure mode is one new row plus a fixture.
 * The facts several rules share are facts.c; how a rule reports, rule.c.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "doctor/findings.h"
#include "scan/scan.h"

/* One row per finding id.  A row without a function names an id that
 * another row's function raises (its summary is still looked up here). */
static const struct cds_rule rules[] = {
	{ "NO-DRIVER", N_("no usable NVIDIA driver"), NULL,
	    cds_rule_no_driver },
	{ "F20", N_("an NVIDIA GPU is present but its kernel module is not "
	    "loaded"), "F20", cds_rule_no_module },
	{ "NO-MODULE", N_("the NVIDIA driver's libraries are installed but "
	    "its kernel module is not loaded"), NULL,
	    cds_rule_libs_no_module },
	{ "STUB-LIBCUDA", N_("a stub libcuda is what programs would load"),
	    NULL, cds_rule_stub_libcuda },
	{ "WSL-LIB-PATH", N_("WSL2: the driver's library dir is not searched"),
	    "F4", cds_rule_wsl_path },
	{ "F16", N_("the driver is too old for this CUDA version"), "F16",
	    cds_rule_driver_too_old },
	{ "CUDA-LINK", N_("the cuda link points to a missing or partial "
	    "toolkit"), NULL, cds_rule_cuda_link },
	{ "F17", N_("a forward-compatibility libcuda is on the path"), "F17",
	    cds_rule_compat_libcuda },
	{ "F18", N_("NVSwitch system without a matching fabric manager"),
	    "F18", cds_rule_fabricmanager },
	{ "F19", N_("the driver's libraries and its kernel module differ"),
	    "F19", cds_rule_nvml_mismatch },
	{ "F4", N_("cuDNN 8 needs libcuda.so, only libcuda.so.1 is there"),
	    "F4", cds_rule_libcuda_devlink },
	{ "DEV-LINKS", N_("cuDNN libraries without their .so links"), "F14",
	    cds_rule_dev_links },
	{ "F2", N_("one directory holds cuDNN libraries of different "
	    "releases"), "F2", cds_rule_mixed_set },
	{ "F24", N_("library links were copied as regular files"), "F24",
	    cds_rule_copied_links },
	{ "F8", N_("cuDNN sub-libraries missing: no engine can run"), "F8",
	    cds_rule_incomplete_set },
	{ "F9", N_("LD_LIBRARY_PATH puts an older cuDNN before PyTorch's"),
	    "F9", cds_rule_torch_cudnn_path },
	{ "F10", N_("the first cuDNN found is older than the framework was "
	    "built with"), "F10", cds_rule_cudnn_too_old },
	{ "KNOWN-BAD", N_("an installed release the index marks known "
	    "bad"), NULL, cds_rule_known_bad },
	{ "LIB-MIN", N_("a wheel is older than the package beside it "
	    "requires"), NULL, cds_rule_lib_minimums },
	{ "F3", N_("the conda env's cudnn package differs from what the "
	    "framework needs"), "F3", cds_rule_conda_cudnn },
	{ "F15", N_("the active toolkit's CUDA differs from PyTorch's"),
	    "F15", cds_rule_toolkit_vs_torch },
	{ "F21", N_("the framework has no kernels for this GPU"), "F21",
	    cds_rule_arch_list },
	{ "F30", N_("three CUDA versions: what each one means"), "F30",
	    cds_rule_three_numbers },
	{ "F31", N_("the JAX CUDA plugin and jaxlib versions differ"), "F31",
	    cds_rule_jax_plugin },
	{ "F27", N_("a CPU-only framework build on a machine with a GPU"),
	    "F27", cds_rule_cpu_build },
	{ "F14", N_("ONNX Runtime cannot find the cuDNN or CUDA it needs"),
	    "F14", cds_rule_ort_cudnn },
	{ "F7", N_("the program needs cuDNN 9; the loader finds none"), "F7",
	    cds_rule_cudnn_major },
	{ "F6", N_("cuDNN exists only inside a Python wheel the program "
	    "does not search"), "F6", NULL },
	{ "F29", N_("TensorFlow cannot dlopen a GPU library"), "F29",
	    cds_rule_tf_sonames },
	{ "CUDA-HOME", N_("CUDA_HOME names another toolkit than the nvcc "
	    "on PATH, or none"), NULL, cds_rule_cuda_home },
	{ "F23", N_("the host gcc is newer than nvcc supports"), "F23",
	    cds_rule_host_gcc },
	{ "F25", N_("NVIDIA apt repository entries are duplicated or "
	    "unsigned"), "F25", cds_rule_apt_sources },
	{ "F28", N_("a conda activate.d script sets LD_LIBRARY_PATH "
	    "wrongly"), "F28", cds_rule_activate_scripts },
	{ "REPAIR-CUT", N_("a repair or its undo was cut short"), NULL,
	    cds_rule_repair_cut },
	{ "F1", N_("a cuDNN library binds a sibling from another cuDNN "
	    "release"), "F1", cds_rule_loader_cudnn },
	{ "F5", N_("a cuDNN library needs a CUDA library the loader cannot "
	    "find"), "F5", cds_rule_loader_needed },
	{ "F12", N_("cuSPARSE binds an older nvJitLink"), "F12", NULL },
	{ "WHEEL-MIX", N_("NVIDIA wheels of two CUDA versions in one env"),
	    NULL, cds_rule_wheel_mix },
	{ "WHEEL-ORPHAN", N_("NVIDIA wheels left behind that nothing "
	    "requires"), NULL, NULL },
	{ "NCCL-SYMBOL", N_("PyTorch loads an NCCL that lacks its calls"),
	    NULL, cds_rule_nccl_symbol },
	{ "VENV-LIB64", N_("PyTorch in lib64, its NVIDIA wheels in lib"),
	    NULL, cds_rule_venv_lib64 },
	{ "BNB-BINARY", N_("bitsandbytes has no binary for the CUDA it "
	    "looks for"), NULL, cds_rule_bnb_binary },
	{ "TORCH-ABI", N_("an extension calls PyTorch functions the "
	    "installed PyTorch lacks"), NULL, cds_rule_torch_abi },
	{ "NO-UVM", N_("CUDA's nvidia_uvm module or device is missing"),
	    NULL, cds_rule_no_uvm },
	{ "RUNTIME-SONAME", N_("a library a framework opens by name is not "
	    "found"), NULL, cds_rule_runtime_sonames },
	{ "CUDNN-JIT", N_("a cuDNN set of the GRAPH_JIT_ONLY "
	    "configuration"), NULL, cds_rule_cudnn_jit },
	{ "F13", N_("a CUDA library a program needs is missing or "
	    "mislabelled"), "F13", cds_rule_consumers },
	{ "LIB-TRUNCATED", N_("a library is shorter than its ELF headers "
	    "say: cut short"), NULL, cds_rule_lib_truncated },
	{ "ENV-CUDA-VISIBLE", N_("CUDA_VISIBLE_DEVICES hides GPUs from "
	    "CUDA"), NULL, cds_rule_env_visible },
	{ "ENV-NVIDIA-VISIBLE", N_("NVIDIA_VISIBLE_DEVICES gives the "
	    "container no GPU"), NULL, cds_rule_env_container },
	{ "ENV-JAX-PLATFORMS", N_("JAX_PLATFORMS keeps JAX off the GPU"),
	    NULL, cds_rule_env_jax },
	{ "ENV-MODULE-LOADING", N_("CUDA_MODULE_LOADING has a value CUDA "
	    "does not know"), NULL, cds_rule_env_module_loading },
	/* an image and the driver it will meet (rules_image.c) */
	{ "IMAGE-REQUIRE", N_("the container toolkit refuses to start the "
	    "image on this driver"), NULL, cds_rule_image_require },
	{ "IMAGE-COMPAT", N_("the image's forward-compatibility libcuda "
	    "fails on this driver or GPU"), NULL, cds_rule_image_compat },
	{ "IMAGE-DRIVER-OLD", N_("the image's CUDA needs a newer driver"),
	    NULL, cds_rule_image_driver_old },
	{ "IMAGE-DRIVER-LIBS", N_("the image carries the driver's own "
	    "libraries"), NULL, cds_rule_image_driver_libs },
	{ "IMAGE-LD-PATH", N_("the image's LD_LIBRARY_PATH drops the "
	    "driver's directory"), NULL, cds_rule_image_ld_path },
	/* containers (rules_container.c): inside one, the GPU's way in */
	{ "CTR-NO-GPU", N_("a container started without the GPU"), NULL,
	    cds_rule_container_gpu },
	{ "CTR-CGROUP", N_("the device cgroup denies the container its "
	    "GPU"), NULL, NULL },
	{ "CTR-NODE", N_("a GPU device node with no driver behind it"), NULL,
	    NULL },
	{ "CTR-PERM", N_("no permission to open the GPU's device"), NULL,
	    NULL },
	{ "CTR-CAPS", N_("the container's driver capabilities lack "
	    "compute"), NULL, NULL },
	{ "CTR-NO-LIBS", N_("the GPU was passed in without the driver's "
	    "libraries"), NULL, NULL },
	/* on a host with a container engine */
	{ "CTK-MISSING", N_("a container engine without the NVIDIA "
	    "Container Toolkit"), NULL, cds_rule_container_toolkit },
	{ "CTK-DOCKER", N_("docker has no nvidia runtime"), NULL, NULL },
	{ "CTK-CONTAINERD", N_("containerd has no nvidia runtime"), NULL,
	    NULL },
	{ "CTK-CDI", N_("the CDI spec for the GPU is missing or stale"), NULL,
	    cds_rule_container_cdi },
	{ "CTK-DEV-CHAR", N_("the GPU's /dev/char links are missing"), NULL,
	    cds_rule_container_devchar },
	{ "CTK-VERSION", N_("a container toolkit release whose behaviour in "
	    "containers changed"), NULL, cds_rule_container_ctk_version },
	{ "CTK-NO-CGROUPS", N_("the container toolkit sets no device rules "
	    "(no-cgroups)"), NULL, cds_rule_container_no_cgroups },
	{ "CTR-ROOTLESS", N_("the container toolkit may not set the GPU's "
	    "device rules"), NULL, cds_rule_container_rootless },
	/* explain's own checks of what a message names (src/doctor/explain.c) */
	{ "MSG-LIBRARY", N_("the library the message could not open, looked "
	    "up here"), NULL, NULL },
	{ "MSG-FILE", N_("the file the message names, loaded here"), NULL,
	    NULL },
	{ "MSG-CUDNN", N_("the cuDNN version the message names, looked up "
	    "here"), NULL, NULL },
	{ "MSG-DRIVER", N_("the driver a CUDA program meets here"), NULL,
	    NULL },
	{ "MSG-BUILD", N_("how the framework here was built"), NULL, NULL },
	{ "MSG-PKG", N_("the package manager's own fix"), NULL, NULL },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

const char *
cds_rule_summary(const char *id)
{
	size_t i;

	for (i = 0; i < NRULES; i++) {
		if (strcmp(rules[i].id, id) == 0) {
			return _(rules[i].summary);
		}
	}
	return NULL;
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct cds_finding *x = a, *y = b;

	if (x->severity != y->severity) {
		return (int)y->severity - (int)x->severity;
	}
	return strcmp(x->id, y->id);
}

struct cds_findings *
cds_findings_run(cds_handle_t *h, const struct cds_scan *s)
{
	struct cds_rule_ctx c;
	size_t i;

	c.h = h;
	c.s = s;
	c.m = h->manifest != NULL ? h->manifest : cds_manifest_load(h);
	c.out = cds_xcalloc(1, sizeof(*c.out));
	/* a rule's failure to read something is not the command's error */
	cds_clearerr(h);
	/* rules only read, and judge the machine as the scan read it: the
	 * scan's pass goes on (each directory resolved once for all) */
	cds_scan_pass_resume(h, s);
	for (i = 0; i < NRULES; i++) {
		if (rules[i].fn != NULL) {
			rules[i].fn(&c);
		}
	}
	cds_root_cache_end(h);
	cds_clearerr(h);
	if (c.out->n > 1) {
		/* stable order: most severe first, then by id; mergesort
		 * keeps a rule's own order among its findings */
		struct cds_finding *tmp = cds_xcalloc(c.out->n, sizeof(*tmp));
		size_t w, n = c.out->n;

		for (w = 1; w < n; w *= 2) {
			size_t lo;

			for (lo = 0; lo < n; lo += 2 * w) {
				size_t mid = lo + w < n ? lo + w : n;
				size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
				size_t a = lo, b = mid, k = lo;

				while (a < mid || b < hi) {
					if (b >= hi || (a < mid && cmp_finding(
					    &c.out->items[a],
					    &c.out->items[b]) <= 0)) {
						tmp[k++] = c.out->items[a++];
					} else {
						tmp[k++] = c.out->items[b++];
					}
				}
			}
			memcpy(c.out->items, tmp, n * sizeof(*tmp));
		}
		free(tmp);
	}
	return c.out;
}

int
cds_findings_worst(const struct cds_findings *f)
{
	int worst = -1;
	size_t i;

	for (i = 0; f != NULL && i < f->n; i++) {
		if ((int)f->items[i].severity > worst) {
			worst = (int)f->items[i].severity;
		}
	}
	return worst;
}
