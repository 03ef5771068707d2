/*
 * cudareq.h - will an image run on a driver (cudareq.c): the container
 * toolkit's NVIDIA_REQUIRE_* check, and the image's forward-compatibility
 * libcuda.
 */
#ifndef CDS_CUDAREQ_H
#define CDS_CUDAREQ_H

#include "sys/handle.h"

struct cds_manifest;

/* What nvidia-container-cli knows of the host when it checks: the
 * driver's CUDA version ("12.4", NVML's), its version ("550.54.15"), and
 * one GPU's NVML brand name and compute capability ("8.0").  A NULL
 * member makes every condition on it hold, as the toolkit's rules do when
 * they have no answer; BRAND NULL is "no device visible". */
struct cds_req_host {
	const char *cuda;
	const char *driver;
	const char *brand;
	const char *arch;
};

/* The brand names libnvidia-container gives a GPU, NULL-terminated. */
CDS_HIDDEN extern const char *const cds_req_brands[];

/*
 * Evaluate one requirement (one NVIDIA_REQUIRE_* value) as
 * nvidia-container-cli does: 1 met; 0 not, with *WHY the toolkit's
 * message ("unsatisfied condition: cuda>=12.8, please update ...");
 * -1 an expression it cannot evaluate, *WHY "invalid expression".  WHY
 * may be NULL; free *WHY.
 */
CDS_HIDDEN int cds_req_eval(const char *req, const struct cds_req_host *x,
    char **why);

/*
 * The requirements the toolkit checks for a container of environment ENV
 * ("NAME=value", NULL-terminated): every NVIDIA_REQUIRE_* value but
 * NVIDIA_REQUIRE_JETPACK*, and "cuda>=MAJOR.MINOR" of CUDA_VERSION when
 * NVIDIA_REQUIRE_CUDA is empty or unset.  None when NVIDIA_DISABLE_REQUIRE
 * is true (*DISABLED set).  *BAD: a CUDA_VERSION the toolkit refuses to
 * read (the container then does not start either), or NULL.  A new
 * array (free with cds_strfreev), never NULL; free *BAD.
 */
CDS_HIDDEN char **cds_req_list(char *const *env, int *disabled, char **bad);

/*
 * Evaluate REQS for host X the way nvidia-container-cli does for one
 * device: each in turn, the first that fails decides.  1, 0 (*WHY the
 * message) or -1 (*WHY "invalid expression").
 */
CDS_HIDDEN int cds_req_eval_all(char *const *reqs,
    const struct cds_req_host *x, char **why);

/*
 * The CUDA version ("12.4", into BUF) that driver DRIVER supports at
 * least: that of the newest CUDA release in M whose own driver is not
 * newer than DRIVER (the releases' bundled drivers are NVIDIA's
 * minimums).  NULL when no release says.
 */
CDS_HIDDEN const char *cds_req_driver_cuda(const struct cds_manifest *m,
    const char *driver, char buf[16]);

/* A forward-compatibility libcuda in an image or on a system. */
struct cds_compat_lib {
	char *path;		/* target path: /usr/local/cuda-12.4/compat/
				   libcuda.so.550.54.15 */
	char *version;		/* from the file name: "550.54.15" */
	char *cuda;		/* its ELF note's "CUDA Version", or NULL */
	int branches[32];	/* the note's "driver" list: the driver
				   branches it runs over (535, 550, ...) */
	size_t nbranches;
	int has_note;		/* a .note.cuda.fwd_compatibility note */
};

/* The forward-compatibility libcudas of the target: libcuda.so.*.* in
 * /usr/local/cuda/compat and /usr/local/cuda-*(/)compat, each once by
 * its real file.  *N set; free with cds_compat_free(). */
CDS_HIDDEN struct cds_compat_lib *cds_compat_find(cds_handle_t *h,
    size_t *n);
CDS_HIDDEN void cds_compat_free(struct cds_compat_lib *v, size_t n);
/* Read the .note.cuda.fwd_compatibility note of the host file HOSTPATH
 * into L (cuda, branches, has_note).  0, or -1 when it has none. */
CDS_HIDDEN int cds_compat_note(const char *hostpath,
    struct cds_compat_lib *l);

#endif /* CDS_CUDAREQ_H */
