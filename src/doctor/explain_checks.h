/*
 * explain_checks.h - explain's own checks (explain_checks.c), run by
 * explain.c's cds_explain_check() on what a message names and what its
 * entry's causes ask about.  Each adds findings (MSG-*) to the rule
 * context C.
 */
#ifndef CDS_EXPLAIN_CHECKS_H
#define CDS_EXPLAIN_CHECKS_H

#include "base/util.h"
#include "doctor/explain.h"
#include "doctor/rule.h"

/* What match M captured as KEY, and what the matches of X did (the
 * first that did); NULL: none. */
CDS_HIDDEN const char *cds_explain_match_capture(
    const struct cds_explain_match *m, const char *key);
CDS_HIDDEN const char *cds_explain_capture(const struct cds_explanation *x,
    const char *key);

/* The development link of the NVIDIA library whose C API function SYM
 * is (NULL: none of theirs). */
CDS_HIDDEN const char *cds_explain_symbol_library(const char *sym);

/* A binding's list of the names it tried (sonames, "A, B": those
 * a program here opens, CANDIDATES, and all, KNOWN), against the soname
 * table and what is installed here. */
CDS_HIDDEN void cds_explain_check_names(struct cds_rule_ctx *c,
    const char *candidates, const char *known);

/* The C or C++ runtime LIB the message names against the VERSION it
 * lacks ("GLIBC_2.34"): the copy here and the versions it defines. */
CDS_HIDDEN void cds_explain_check_libc(struct cds_rule_ctx *c,
    const char *lib, const char *version);

/* What the message names: the library MISSING (or any of LIST) not
 * opened, the file PATH that failed, the runtime VERSION it loaded. */
CDS_HIDDEN void cds_explain_check_missing(struct cds_rule_ctx *c,
    const char *id, const char *missing, const char *list);
CDS_HIDDEN void cds_explain_check_file(struct cds_rule_ctx *c,
    const struct cds_explanation *x, const char *path);
CDS_HIDDEN void cds_explain_check_runtime(struct cds_rule_ctx *c,
    const char *version);

/* What the causes ask about: the driver (module, libcuda.so.1, device
 * nodes), and how the frameworks here were built (CPU-only builds, ONNX
 * Runtime's providers, the CUDA the driver runs, PyTorch's extensions,
 * bitsandbytes' library WANTED). */
CDS_HIDDEN void cds_explain_check_driver(struct cds_rule_ctx *c);
/* Outside a container, with a module loaded: whether nvidia-persistenced
 * runs (evidence "nvidia-persistenced": "running, pid N" or "stopped:
 * ..."); a warning when that state begins with SHOWS, the cause the
 * entry asks about. */
CDS_HIDDEN void cds_explain_check_persistenced(struct cds_rule_ctx *c,
    const char *shows);
CDS_HIDDEN void cds_explain_build_cpu(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_explain_build_ort(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_explain_build_driver(struct cds_rule_ctx *c,
    const char *runs);
CDS_HIDDEN void cds_explain_build_torch(struct cds_rule_ctx *c);
CDS_HIDDEN void cds_explain_build_bnb(struct cds_rule_ctx *c,
    const char *wanted);

/*
 * The locked-memory limit (RLIMIT_MEMLOCK) of the process explain runs
 * in, as /proc/self/limits says it, on the machine itself (no --root: a
 * root's processes are not this one's): a finding MSG-LIMIT, a note that
 * names no cause (the job that failed may have run with another limit:
 * a batch system's, a container's, a service's), whose evidence "max
 * locked memory" is the soft and hard limit.  None under a root or when
 * the file cannot be read.
 */
CDS_HIDDEN void cds_explain_check_memlock(struct cds_rule_ctx *c);

/*
 * The IMEX channels a process here could open (the devices under
 * /dev/nvidia-caps-imex-channels) and the character major the driver
 * registered for them in /proc/devices: a finding MSG-IMEX, a warning
 * whose "IMEX channels" is "none" where there is no channel, else a note
 * that lists them.
 */
CDS_HIDDEN void cds_explain_check_imex(struct cds_rule_ctx *c);

/*
 * The headers of kernel KERNEL (NULL: the running one,
 * /proc/sys/kernel/osrelease) that a module build needs: a finding
 * MSG-KHEADERS whose "state" is "missing" (a warning, with the command of
 * this system's package manager that installs them: PKG when the message
 * named the package, else Debian's linux-headers-K, Fedora's
 * kernel-devel-K, Arch's headers of the kernel's flavour), "installed"
 * (a note; /lib/modules/K/build tells them apart) or "another kernel" (a
 * note: K is neither running nor installed here).
 */
CDS_HIDDEN void cds_explain_check_kheaders(struct cds_rule_ctx *c,
    const char *kernel, const char *pkg);

/*
 * The ptxas programs on PATH: a finding MSG-PTXAS whose "state" is "older
 * first" (a warning: the first one's toolkit is older than another
 * installed here, with the PATH that puts the newest first) or "newest"
 * (a note); none where no ptxas is on PATH.
 */
CDS_HIDDEN void cds_explain_check_ptxas(struct cds_rule_ctx *c);

/*
 * The C++ compilers on PATH that nvcc could run: a finding MSG-HOSTCC
 * whose "state" is "none" (a warning, with the command of this system's
 * package manager that installs one) or "found" (a note).
 */
CDS_HIDDEN void cds_explain_check_hostcc(struct cds_rule_ctx *c);

/*
 * The C compiler Triton's build would run (CC, else gcc or clang on
 * PATH): a finding MSG-CC as MSG-HOSTCC's.
 */
CDS_HIDDEN void cds_explain_check_cc(struct cds_rule_ctx *c);

/*
 * Room in the temporary directory (TMPDIR, else /tmp) where pip and the
 * installers unpack: a finding MSG-DISK whose "state" is "full" (a
 * warning: under 1% of it free, or none) or "room" (a note), with its
 * size and free space (statvfs).
 */
CDS_HIDDEN void cds_explain_check_disk(struct cds_rule_ctx *c);

/*
 * The shared memory a process here could use: the size of the tmpfs on
 * /dev/shm (/proc/self/mountinfo), a finding MSG-SHM whose "state" is
 * "small" (a warning: 64 MiB or less, a container engine's default) or
 * "size" (a note); none where /dev/shm is no tmpfs or says no size.
 */
CDS_HIDDEN void cds_explain_check_shm(struct cds_rule_ctx *c);

/*
 * Who may read the GPU's performance counters here, as the driver's
 * module parameters say (/proc/driver/nvidia/params, RmProfilingAdminOnly;
 * NVIDIA's ERR_NVGPUCTRPERM page): a finding MSG-PROFILING whose "state"
 * is "restricted" (a warning, with the module option that lifts it) or
 * "open" (a note); none where the driver is not loaded.
 */
CDS_HIDDEN void cds_explain_check_counters(struct cds_rule_ctx *c);

/*
 * The CUDA compilers a build here could find: a finding MSG-NVCC whose
 * "state" is "no toolkit" (an error: no toolkit with nvcc is installed),
 * "not on PATH" (a warning: toolkits with nvcc are installed, none is on
 * PATH, with the command that puts one there) or "on PATH" (a note: the
 * first nvcc on PATH, and its toolkit).
 */
CDS_HIDDEN void cds_explain_check_nvcc(struct cds_rule_ctx *c);
/* MSG-HEADER: where header NAME of CUDA or an NVIDIA library
 * (manifests/data/nv-headers.tsv) is here: in no toolkit, /usr/include,
 * environment or pip wheel (an error, with the package that carries it),
 * or in one the build did not search (a warning, with the directory to
 * add to CPATH). */
CDS_HIDDEN void cds_explain_check_header(struct cds_rule_ctx *c,
    const char *name);
/* MSG-CVD: whether CUDA_VISIBLE_DEVICES here names GPUs by UUID (GPU-...,
 * MIG-...), which a program that parses it as numbers fails on (a
 * warning), else what it is here (a note: the failing program ran with
 * another environment). */
CDS_HIDDEN void cds_explain_check_cvd(struct cds_rule_ctx *c);
/* MSG-TORCH-LIB: where PyTorch's library NAME (libc10.so, libtorch_cuda.so)
 * is here: found by the loader (a note: the failing program ran with
 * another environment), in the lib directory of a PyTorch package (a
 * warning: the loader looks there only once torch is imported), or in no
 * PyTorch here (a warning). */
CDS_HIDDEN void cds_explain_check_torchlib(struct cds_rule_ctx *c,
    const char *name);

/*
 * The library LIB here (as the message gives its path, else the one the
 * loader finds), read for an executable stack's request (PT_GNU_STACK),
 * and the C library's version: a finding MSG-LIBRARY whose "state" is
 * "asks for an executable stack, refused here" where glibc is 2.41 or
 * newer, "... given here" where it is older, or "no executable stack
 * asked for".
 */
CDS_HIDDEN void cds_explain_check_execstack(struct cds_rule_ctx *c,
    const char *lib);

/*
 * GPUDirect RDMA's peer-memory module on the running kernel
 * (/lib/modules/K/modules.dep, /sys/module, /proc/kallsyms): a finding
 * MSG-PEERMEM whose "state" is "loaded" (a note: nvidia_peermem or
 * nv_peer_mem is loaded, where NCCL and UCX look for it), "no RDMA core"
 * (no ib_core for the kernel), "kernel's own RDMA core" (ib_core is the
 * kernel's, which has no peer-memory API), "no peer-memory API loaded"
 * (ib_core and ib_uverbs are loaded and neither exports
 * ib_register_peer_memory_client: an RDMA core installed since is not the
 * one running), "RDMA core newer than the module" (ib_core from outside
 * the kernel's tree was installed after the peer-memory module), each a
 * warning with its fix, or "peer-memory API" / "RDMA core installed"
 * (notes).  None where the running kernel cannot be read, or its
 * modules.dep when the module is not loaded.
 */
CDS_HIDDEN void cds_explain_check_peermem(struct cds_rule_ctx *c);

/*
 * GPUDirect Storage's kernel module on the running kernel and cuFile's
 * configuration (CUFILE_ENV_PATH_JSON, else /etc/cufile.json): a finding
 * MSG-GDS whose "state" is "loaded" (a note: /sys/module/nvidia_fs),
 * "not loaded" (a warning: nvidia-fs.ko is in the kernel's modules.dep,
 * with modprobe) or "not installed" (a warning: it is not), with what
 * the configuration says of compatibility mode (allow_compat_mode).  None
 * where the running kernel cannot be read, or its modules.dep when the
 * module is not loaded.
 */
CDS_HIDDEN void cds_explain_check_gds(struct cds_rule_ctx *c);

#endif /* CDS_EXPLAIN_CHECKS_H */
