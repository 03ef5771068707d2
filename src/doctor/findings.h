/*
 * findings.h - doctor's rules, one function each (rules_*.c), that the
 * table in findings.c runs.  How a rule reports is rule.h; the facts
 * the rules share, facts.h.
 */
#ifndef CDS_FINDINGS_H
#define CDS_FINDINGS_H

#include "doctor/rule.h"

typedef void (*cds_rule_fn)(struct cds_rule_ctx *c);

struct cds_rule {
	const char *id;		/* stable: "F1", "STUB-LIBCUDA" */
	const char *summary;	/* N_(): the translated headline */
	const char *source;	/* doc/failure-modes.md entry, or NULL */
	cds_rule_fn fn;
};

/* ------------------------------------------------------------------------ */
/* Rules, one function each (src/rules_*.c)                                  */
/* ------------------------------------------------------------------------ */

/* rules_driver.c */
CDS_HIDDEN void cds_rule_no_driver(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_no_module(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_libs_no_module(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_stub_libcuda(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_wsl_path(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_driver_too_old(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cuda_link(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_compat_libcuda(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_fabricmanager(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_nvml_mismatch(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_libcuda_devlink(struct cds_rule_ctx *c);

/* rules_cudnn.c */
CDS_HIDDEN void cds_rule_dev_links(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_mixed_set(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_copied_links(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_incomplete_set(struct cds_rule_ctx *c);

/* rules_framework.c */
CDS_HIDDEN void cds_rule_torch_cudnn_path(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cudnn_too_old(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_conda_cudnn(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_toolkit_vs_torch(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_arch_list(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_three_numbers(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_jax_plugin(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cpu_build(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_ort_cudnn(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cudnn_major(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_tf_sonames(struct cds_rule_ctx *c);

/* rules_knownbad.c */
CDS_HIDDEN void cds_rule_known_bad(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_lib_minimums(struct cds_rule_ctx *c);

/* rules_toolchain.c */
CDS_HIDDEN void cds_rule_host_gcc(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cuda_home(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_apt_sources(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_activate_scripts(struct cds_rule_ctx *c);
/* rules_conda.c: an env (or the system) whose repair or undo a kill cut
 * short, read from its undo record (journal.h) */
CDS_HIDDEN void cds_rule_repair_cut(struct cds_rule_ctx *c);

/*
 * The SM architectures of the GPU code in ELF file HOSTPATH's .nv_fatbin
 * section (rules_framework.c): SASS cubins into SASS, PTX into PTX ("86"
 * for sm_86).  Every size is checked against the file.  0, or -1 when it
 * is not a regular 64-bit little-endian ELF file.
 */
CDS_HIDDEN int cds_fatbin_arches(const char *hostpath, struct cds_strv *sass,
    struct cds_strv *ptx);
/* F21's check against a given compute capability (86 for 8.6), as a
 * message names it: a finding for each framework without kernels for it. */
CDS_HIDDEN void cds_check_arch(struct cds_rule_ctx *c, int cc);

/* rules_consumers.c */
CDS_HIDDEN void cds_rule_consumers(struct cds_rule_ctx *c);

/* rules_loader.c */
CDS_HIDDEN void cds_rule_loader_cudnn(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_loader_needed(struct cds_rule_ctx *c);

/* rules_wheels.c */
CDS_HIDDEN void cds_rule_wheel_mix(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_nccl_symbol(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_venv_lib64(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_bnb_binary(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_torch_abi(struct cds_rule_ctx *c);

/* rules_runtime.c */
CDS_HIDDEN void cds_rule_no_uvm(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_runtime_sonames(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_cudnn_jit(struct cds_rule_ctx *c);

/* rules_integrity.c */
CDS_HIDDEN void cds_rule_lib_truncated(struct cds_rule_ctx *c);

/* rules_env.c */
CDS_HIDDEN void cds_rule_env_visible(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_env_container(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_env_jax(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_env_module_loading(struct cds_rule_ctx *c);
/* rules_image.c */
CDS_HIDDEN void cds_rule_image_require(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_image_compat(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_image_driver_old(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_image_driver_libs(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_image_ld_path(struct cds_rule_ctx *c);

/* rules_container.c */
CDS_HIDDEN void cds_rule_container_gpu(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_toolkit(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_cdi(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_devchar(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_ctk_version(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_no_cgroups(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_rule_container_rootless(struct cds_rule_ctx *c);

#endif /* CDS_FINDINGS_H */
