/*
 * fuzz-journal.c - the prefix's own files as data from disk: the install
 * journal (recovery, src/txn/lock.c) and a receipt (list,
 * src/txn/installed.c).  A scratch root holds a prefix with one installed
 * release, and beside it a directory "outside".  The first input byte picks
 * what the rest becomes: the journal (then recovery runs) or the release's
 * receipt (then the prefix is listed).  Properties: no memory error; nothing
 * outside the prefix changes, whatever the journal names.
 */
#include "config.h"

#include "fuzz.h"
#include "txn/lock.h"

static void
fresh_prefix(const char *root)
{
	char *p = cds_path_join(root, "p");

	cds_rm_rf(p);
	fz_write_in(p, "cuda-12.4.1/lib/libcudart.so.12", "x");
	fz_write_in(p, ".state/receipts/cuda-12.4.1.json", "{\"schema\": 1, "
	    "\"name\": \"cuda-12.4.1\", \"version\": \"12.4.1\", "
	    "\"installed_at\": \"2024-01-01T00:00:00Z\", \"size\": 1, "
	    "\"nfiles\": 1, \"files\": []}");
	free(p);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *root, *outside, *journal, *receipt;
	char before[65], after[65];
	struct cds_layout l;
	int err;

	if (size < 1) {
		return 0;
	}
	if (h == NULL) {
		root = cds_path_join(fz_dir(), "root");
		outside = cds_path_join(root, "outside");
		fz_write_in(outside, "keep", "keep");
		fz_write_in(outside, "env/cuda-12.4.1.sh", "x");
		fz_write_in(outside, "staging/x/y", "y");
		h = cds_new(root, &err);
		cds_set_prefix(h, "/p");
		journal = cds_path_join(root, "p/.state/journal");
		receipt = cds_path_join(root,
		    "p/.state/receipts/cuda-12.4.1.json");
	}
	fresh_prefix(root);
	fz_digest(outside, before);
	cds_layout_init(h, &l);
	if (data[0] & 1) {
		fz_write(journal, data + 1, size - 1);
		cds_recover(h, &l);
	} else {
		struct cds_installed_list *list;

		fz_write(receipt, data + 1, size - 1);
		if ((list = cds_prefix_list(h)) != NULL) {
			cds_installed_list_free(list);
		}
	}
	cds_layout_clear(&l);
	fz_digest(outside, after);
	if (strcmp(before, after) != 0) {
		fz_fail("a file outside the prefix changed", outside);
	}
	return 0;
}
