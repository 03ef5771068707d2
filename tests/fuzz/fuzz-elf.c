/*
 * fuzz-elf.c - an ELF file and its .nv_fatbin section as a hostile
 * library has them: read by the ELF reader (src/read/elf.c: SONAME, NEEDED,
 * RUNPATH, symbol versions) and by the fatbin reader
 * (src/read/fatbin.c).  Properties: no memory error, no hang (a
 * crafted size must not wrap an offset: libFuzzer's -timeout catches a
 * loop), and only numbers come out of the fatbin reader.
 */
#include "config.h"

#include <ctype.h>

#include "read/elfread.h"
#include "read/fatbin.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *path;
	struct cds_strv sass = {0}, ptx = {0};
	struct cds_elf *e;
	size_t i;
	int err;

	if (h == NULL) {
		h = cds_new(NULL, &err);
		path = cds_path_join(fz_dir(), "lib.so");
	}
	fz_write(path, data, size);
	if ((e = cds_elf_open(h, path)) != NULL) {
		cds_elf_free(e);
	}
	cds_fatbin_arches(path, &sass, &ptx);
	for (i = 0; i < sass.n; i++) {
		if (!isdigit((unsigned char)sass.v[i][0])) {
			fz_fail("a SASS architecture", sass.v[i]);
		}
	}
	cds_strv_clear(&sass);
	cds_strv_clear(&ptx);
	return 0;
}
