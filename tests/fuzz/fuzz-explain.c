/*
 * fuzz-explain.c - explain's recognition of pasted error text
 * (src/doctor/explain.c), on any text: no memory error, and no input that takes
 * long (libFuzzer's -timeout; the matching is meant to be linear).
 */
#include "config.h"

#include "fuzz.h"
#include "sys/handle.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cds_handle_t *h;
	struct cds_explanation *x;
	char *text;
	int err;

	if (h == NULL) {
		h = cds_new(NULL, &err);
	}
	text = fz_text(data, size);
	if ((x = cds_explain_text(h, text)) != NULL) {
		cds_explanation_free(x);
	} else {
		cds_text_reads_free(cds_explain_reads(h, text));
	}
	free(text);
	return 0;
}
