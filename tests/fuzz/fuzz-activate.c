/*
 * fuzz-activate.c - the activate.d evaluator (src/scan/shell.c) on any
 * script: a conda env under a scratch root whose one activate.d script is
 * the input, evaluated for LD_LIBRARY_PATH.  Properties: no memory error,
 * no deep recursion (ASan's stack), no input that takes long (-timeout:
 * the evaluator is linear, its nesting and expansion bounded).
 */
#include "config.h"

#include "fuzz.h"
#include "scan/shell.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	static char *script;
	struct cds_env e = {0};
	char **undef = NULL, *where = NULL, *v;
	int err;

	if (h == NULL) {
		char *root = cds_path_join(fz_dir(), "root");

		cds_mkdir_p(root, 0755);
		h = cds_new(root, &err);
		script = cds_path_join(root,
		    "env/etc/conda/activate.d/a.sh");
		free(root);
	}
	fz_write(script, data, size);
	e.name = (char *)"fz";
	e.prefix = (char *)"/env";
	e.is_conda = 1;
	v = cds_activate_eval(h, &e, "LD_LIBRARY_PATH", "/usr/lib", &undef,
	    &where);
	free(v);
	free(where);
	cds_strfreev(undef);
	return 0;
}
