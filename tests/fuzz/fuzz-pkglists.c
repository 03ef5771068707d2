/*
 * fuzz-pkglists.c - the readers of what a package manager's repositories
 * offer (src/read/pkgdb.c, src/read/dnfrepo.c) on any text: the input,
 * cut at its first two NUL bytes, is a file of /etc/yum.repos.d, dnf's
 * cache of a repository's primary.xml (for the repository id "cuda") and
 * apt's list of NVIDIA's repository, under a scratch root; each reader is
 * asked for a release's packages, for one package by name and for every
 * package.
 * Properties: no memory error, and every offer is of a name asked for,
 * with a version.
 */
#include "config.h"

#include "fuzz.h"
#include "read/dnfrepo.h"
#include "read/pkgdb.h"

/* Abort unless each of the N offers O fits NAME (EXACT). */
static void
fz_offers(struct cds_apt_offer *o, size_t n, const char *name, int exact)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (o[i].name == NULL || o[i].version == NULL ||
		    o[i].list == NULL || !cds_pkg_name_fits(o[i].name,
		    strlen(o[i].name), name, exact)) {
			abort();
		}
	}
	cds_apt_offers_free(o, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *repo, *primary, *list;
	static const char *const asked[][2] = {
		{ "libcublas-", "" }, { "libcudnn8", "x" }, { NULL, "" },
	};
	char *part[3];
	size_t i, n;
	int err;

	if (h == NULL) {
		char *root = cds_path_join(fz_dir(), "root");

		cds_mkdir_p(root, 0755);
		h = cds_new(root, &err);
		repo = cds_path_join(root, "etc/yum.repos.d/cuda.repo");
		primary = cds_path_join(root, "var/cache/dnf/cuda-0/repodata/"
		    "a-primary.xml");
		list = cds_path_join(root, "var/lib/apt/lists/"
		    CDS_APT_NVIDIA_CUDA "ubuntu2204_x86%5f64_Packages");
		free(root);
	}
	part[0] = repo;
	part[1] = primary;
	part[2] = list;
	fz_write_parts(data, size, part, 3);
	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++) {
		struct cds_apt_offer *o;
		int exact = asked[i][1][0] != '\0';

		n = cds_dnf_nvidia_offers(h, asked[i][0], exact, &o);
		fz_offers(o, n, asked[i][0], exact);
		n = cds_apt_nvidia_offers(h, asked[i][0], exact, &o);
		fz_offers(o, n, asked[i][0], exact);
	}
	return 0;
}
