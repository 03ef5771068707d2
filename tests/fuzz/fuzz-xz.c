/*
 * fuzz-xz.c - a libFuzzer target for the xz stage (src/xzdec.c and our
 * LZMA2 decoder, src/lzma2.c): any input, decoded by ours through real
 * rings and by liblzma; the two must agree (both refuse, or both give the
 * same bytes), and ours must not touch memory it does not own (built with
 * ASan and UBSan).  The first byte picks the threads, the ring sizes and
 * how the input trickles in, so one corpus reaches every path.  Built and
 * run by tests/fuzz/run.sh; not part of `make check`.
 */
#include "config.h"

#include <stdio.h>

#include "xztest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xt_opts o;
	struct xt_result a, b;
	unsigned sel;

	if (size < 1) {
		return 0;
	}
	sel = data[0];
	data++;
	size--;
	o.ring_a = sel & 1 ? 4096 : (size_t)4 << 20;
	o.ring_b = sel & 2 ? 65536 : (size_t)4 << 20;
	o.piece = sel & 4 ? 1 + (sel >> 4) * 97 : 0;
	o.threads = sel & 8 ? 3 : 1;
	o.memlimit = sel & 0x80 ? (size_t)1 << 20 : (size_t)256 << 20;
	o.size = sel & 0x40 ? size : 0;
	xt_ours(data, size, &o, (size_t)16 << 20, &a);
	xt_liblzma(data, size, (size_t)16 << 20, &b);
	if (!xt_agree(&a, &b)) {
		fprintf(stderr, "ours: %s, %zu bytes (%s); liblzma: %s, %zu "
		    "bytes\n", a.ok ? "ok" : "refused", a.len,
		    a.why != NULL ? a.why : "-", b.ok ? "ok" : "refused",
		    b.len);
		abort();
	}
	xt_free(&a);
	xt_free(&b);
	return 0;
}
