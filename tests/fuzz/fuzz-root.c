/*
 * fuzz-root.c - a whole fake machine: the input describes a small tree
 * (records of a type, one of the paths doctor reads, and data: a file's
 * contents or a link's target), made under a scratch root with files,
 * directories, links (absolute, relative, into loops) and FIFOs; then
 * doctor's scan and rules run on it (--root).  Properties: no memory
 * error, no hang (a FIFO or a link loop must not block a read), no
 * crash.  Nothing made is executable: the scan never runs the root's
 * programs.
 */
#include "config.h"

#include "fuzz.h"
#include "sys/handle.h"

static const char *const paths[] = {
	"/proc/driver/nvidia/version",
	"/sys/module/nvidia/version",
	"/etc/ld.so.conf",
	"/etc/ld.so.conf.d/a.conf",
	"/usr/local/cuda",
	"/usr/local/cuda-12.4",
	"/usr/local/cuda-12.4/version.json",
	"/usr/local/cuda-12.4/lib64/libcudart.so.12",
	"/usr/local/cuda-12.4/include/cudnn_version.h",
	"/usr/lib/x86_64-linux-gnu/libcudnn.so.9",
	"/usr/lib/x86_64-linux-gnu/libcuda.so.1",
	"/var/lib/dpkg/status",
	"/etc/apt/sources.list.d/a.list",
	"/home/user/.conda/environments.txt",
	"/home/user/miniconda3/envs/e/conda-meta/cudnn-9.1.0-0.json",
	"/home/user/miniconda3/envs/e/etc/conda/activate.d/a.sh",
	"/home/user/miniconda3/envs/e/lib/python3.11/site-packages/torch/"
	    "version.py",
	"/home/user/miniconda3/envs/e/lib/python3.11/site-packages/"
	    "torch-2.5.1.dist-info/METADATA",
	"/home/user/miniconda3/envs/e/lib/python3.11/site-packages/torch/"
	    "lib/libtorch_cuda.so",
	"/home/user/miniconda3/envs/e/lib",
	/* containers (container.c, rules_container.c) */
	"/.dockerenv",
	"/run/.containerenv",
	"/proc/self/mountinfo",
	"/proc/self/uid_map",
	"/dev/nvidiactl",
	"/etc/ld.so.conf.d/00-nvcr-1.conf",
	"/etc/cdi/nvidia.yaml",
	"/etc/docker/daemon.json",
};
#define NPATHS (sizeof(paths) / sizeof(paths[0]))

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *root;
	cds_handle_t *h;
	struct cds_scan *s;
	size_t pos = 0;
	int err;

	if (root == NULL) {
		root = cds_path_join(fz_dir(), "root");
		setenv("HOME", "/home/user", 1);
		unsetenv("LD_LIBRARY_PATH");
		unsetenv("CONDA_PREFIX");
		unsetenv("CUDA_HOME");
		unsetenv("PATH");
	}
	cds_rm_rf(root);
	cds_mkdir_p(root, 0755);
	/* records: TYPE, PATH, LEN, LEN bytes */
	while (size - pos >= 3) {
		unsigned type = data[pos] % 5;
		const char *tp = paths[data[pos + 1] % NPATHS];
		size_t len = data[pos + 2];
		char *host = cds_path_join(root, tp), *dir, *arg;

		pos += 3;
		if (len > size - pos) {
			len = size - pos;
		}
		arg = fz_text(data + pos, len);
		pos += len;
		dir = cds_dirname(host);
		cds_mkdir_p(dir, 0755);
		cds_rm_rf(host);
		switch (type) {
		case 0:
			fz_write(host, arg, len);
			break;
		case 1:
			cds_mkdir_p(host, 0755);
			break;
		case 2:
			if (*arg != '\0' && symlink(arg, host) == -1) {
				/* a name too long: no link */
			}
			break;
		case 3:
			mkfifo(host, 0644);
			break;
		case 4:
			if (symlink(paths[len % NPATHS], host) == -1) {
				/* no link */
			}
			break;
		}
		free(arg);
		free(dir);
		free(host);
	}
	h = cds_new(root, &err);
	/* the shipped index (CDS_DATADIR), for the rules' floors and table */
	if (h != NULL && cds_manifest_load(h) != NULL &&
	    (s = cds_scan_run(h, NULL, 0)) != NULL) {
		struct cds_findings *f = cds_findings_run(h, s);

		cds_findings_free(f);
		cds_scan_free(s);
	}
	cds_free(h);
	return 0;
}
