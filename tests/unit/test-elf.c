/*
 * test-elf.c - the ELF reader on real libraries compiled here (cuDNN 8 and
 * 9 fixture sets from tests/fixtures/mkcudnn.sh, RPATH/RUNPATH/NODEFLIB
 * libraries, a 32-bit one when the compiler can make it), on files written
 * byte by byte in both byte orders and classes, on every truncation of a
 * library and on thousands of corrupted copies (errors, never crashes),
 * and on the real /usr/local/cuda/lib64/libcudnn*.so.9 when present.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "cds.h"
#include "read/elfread.h"
#include "base/util.h"

static char tmpdir[] = "/tmp/cds-elf-XXXXXX";

/* Run a shell snippet with mkcudnn.sh sourced, in the temp dir. */
static int
sh(const char *script)
{
	const char *src = getenv("CDS_SRCDIR");
	char *cmd;
	int rc;

	cmd = cds_xasprintf("cd '%s' && . '%s/tests/fixtures/mkcudnn.sh' && "
	    "%s", tmpdir, src != NULL ? src : ".", script);
	rc = system(cmd);
	free(cmd);
	return rc;
}

static char *
tpath(const char *rel)
{
	return cds_xasprintf("%s/%s", tmpdir, rel);
}

static struct cds_elf *
open_rel(cds_handle_t *h, const char *rel)
{
	char *p = tpath(rel);
	struct cds_elf *e = cds_elf_open(h, p);

	if (e == NULL) {
		printf("# %s: %s\n", p, cds_errdetail(h));
	}
	free(p);
	return e;
}

static const struct cds_elf_sym *
find_sym(const struct cds_elf_sym *s, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(s[i].name, name) == 0) {
			return &s[i];
		}
	}
	return NULL;
}

/* ---- a minimal ELF writer, either class and byte order ---------------- */

struct w {
	unsigned char buf[1024];
	int be, c64;
};

static void
put(struct w *w, size_t off, uint64_t v, int size)
{
	int i;

	for (i = 0; i < size; i++) {
		int shift = w->be ? (size - 1 - i) * 8 : i * 8;

		w->buf[off + (size_t)i] = (unsigned char)(v >> shift);
	}
}

/*
 * A shared object with one PT_LOAD covering the file, a dynamic string
 * table and a dynamic section: NEEDED libbar.so.2, SONAME libfoo.so.1,
 * RUNPATH $ORIGIN/../lib.  Returns its size.  BAD_* corrupt one field
 * (BAD_VERDEF: DT_VERDEF, in RUNPATH's place, points past every segment).
 */
enum { OK = 0, BAD_STRSZ, BAD_NEEDED, BAD_DYNSIZE, BAD_PHNUM, BAD_VERDEF };

static size_t
write_elf(struct w *w, int c64, int be, int bad)
{
	static const char strs[] = "\0libfoo.so.1\0libbar.so.2\0$ORIGIN/../lib";
	size_t eh = c64 ? 64 : 52, ph = c64 ? 56 : 32, dyn = c64 ? 16 : 8;
	size_t ws = c64 ? 8 : 4, stroff = 256, dynoff = 320, i, total;
	uint64_t d[6][2] = {
		{ DT_NEEDED, 13 }, { DT_SONAME, 1 }, { DT_RUNPATH, 25 },
		{ DT_STRTAB, 256 }, { DT_STRSZ, sizeof(strs) }, { DT_NULL, 0 }
	};

	memset(w, 0, sizeof(*w));
	w->be = be;
	w->c64 = c64;
	total = dynoff + 6 * dyn;
	memcpy(w->buf, ELFMAG, SELFMAG);
	w->buf[EI_CLASS] = c64 ? ELFCLASS64 : ELFCLASS32;
	w->buf[EI_DATA] = be ? ELFDATA2MSB : ELFDATA2LSB;
	w->buf[EI_VERSION] = EV_CURRENT;
	put(w, 16, ET_DYN, 2);
	put(w, 18, be ? (c64 ? EM_PPC64 : EM_PPC) : (c64 ? EM_X86_64 :
	    EM_386), 2);
	put(w, 20, EV_CURRENT, 4);
	put(w, c64 ? 32 : 28, eh, (int)ws);		/* e_phoff */
	put(w, c64 ? 52 : 40, eh, 2);			/* e_ehsize */
	put(w, c64 ? 54 : 42, ph, 2);			/* e_phentsize */
	put(w, c64 ? 56 : 44, bad == BAD_PHNUM ? 60000 : 2, 2);
	/* PT_LOAD over everything, PT_DYNAMIC */
	for (i = 0; i < 2; i++) {
		size_t p = eh + i * ph;
		uint64_t off = i == 0 ? 0 : dynoff;
		uint64_t sz = i == 0 ? total : 6 * dyn;

		if (i == 1 && bad == BAD_DYNSIZE) {
			sz = 100000;
		}
		put(w, p, i == 0 ? PT_LOAD : PT_DYNAMIC, 4);
		if (c64) {
			put(w, p + 8, off, 8);
			put(w, p + 16, off, 8);
			put(w, p + 32, sz, 8);
			put(w, p + 40, sz, 8);
		} else {
			put(w, p + 4, off, 4);
			put(w, p + 8, off, 4);
			put(w, p + 16, sz, 4);
			put(w, p + 20, sz, 4);
		}
	}
	memcpy(w->buf + stroff, strs, sizeof(strs));
	if (bad == BAD_STRSZ) {
		d[4][1] = 1u << 30;
	}
	if (bad == BAD_NEEDED) {
		d[0][1] = 5000;
	}
	if (bad == BAD_VERDEF) {
		d[2][0] = DT_VERDEF;
		d[2][1] = 1u << 20;
	}
	for (i = 0; i < 6; i++) {
		put(w, dynoff + i * dyn, d[i][0], (int)ws);
		put(w, dynoff + i * dyn + ws, d[i][1], (int)ws);
	}
	return total;
}

static char *
save(const char *name, const void *p, size_t n)
{
	char *path = tpath(name);
	FILE *f = fopen(path, "wb");

	if (f != NULL) {
		fwrite(p, 1, n, f);
		fclose(f);
	}
	return path;
}

static void
test_written(cds_handle_t *h)
{
	static const struct {
		int c64, be;
		const char *name;
	} kinds[] = {
		{ 1, 0, "ELF64 little-endian" }, { 1, 1, "ELF64 big-endian" },
		{ 0, 0, "ELF32 little-endian" }, { 0, 1, "ELF32 big-endian" }
	};
	static const struct {
		int bad;
		const char *what;
	} bads[] = {
		{ BAD_STRSZ, "string table larger than the file" },
		{ BAD_NEEDED, "NEEDED outside the string table" },
		{ BAD_DYNSIZE, "dynamic section past the end" },
		{ BAD_PHNUM, "60000 program headers" },
		/* under --enable-debug, LeakSanitizer fails the test if the
		 * half-read version names leak */
		{ BAD_VERDEF, "version definitions outside the file" }
	};
	size_t k, b;

	for (k = 0; k < 4; k++) {
		struct w w;
		size_t n = write_elf(&w, kinds[k].c64, kinds[k].be, OK);
		char *path = save("written.so", w.buf, n);
		struct cds_elf *e = cds_elf_open(h, path);
		char *const *need;

		if (!tap_ok(e != NULL, "%s: opens", kinds[k].name)) {
			printf("# %s\n", cds_errdetail(h));
			free(path);
			continue;
		}
		need = cds_elf_needed(e);
		tap_ok(cds_elf_class(e) == (kinds[k].c64 ? 64 : 32) &&
		    cds_elf_big_endian(e) == kinds[k].be &&
		    cds_streq(cds_elf_soname(e), "libfoo.so.1") &&
		    need[0] != NULL && strcmp(need[0], "libbar.so.2") == 0 &&
		    need[1] == NULL &&
		    cds_streq(cds_elf_runpath(e), "$ORIGIN/../lib") &&
		    cds_elf_rpath(e) == NULL,
		    "%s: class, byte order, SONAME, NEEDED, RUNPATH",
		    kinds[k].name);
		cds_elf_free(e);
		free(path);
		for (b = 0; b < sizeof(bads) / sizeof(bads[0]); b++) {
			n = write_elf(&w, kinds[k].c64, kinds[k].be,
			    bads[b].bad);
			path = save("bad.so", w.buf, n);
			e = cds_elf_open(h, path);
			tap_ok(e == NULL && cds_errno(h) == CDS_ERR_BAD_INPUT,
			    "%s, %s: rejected (%s)", kinds[k].name,
			    bads[b].what, e == NULL ? cds_errdetail(h) : "");
			cds_elf_free(e);
			free(path);
		}
	}
}

/* Every truncation of a real library: open or refuse, never crash. */
static void
test_truncations(cds_handle_t *h, const char *rel)
{
	char *path = tpath(rel), *buf, *out;
	size_t len, cut, opened = 0, refused = 0, other = 0;
	int found_trunc = 0;

	buf = cds_read_file(path, 0, &len);
	free(path);
	if (buf == NULL) {
		tap_ok(0, "read %s", rel);
		return;
	}
	out = tpath("cut.so");
	cds_write_file_atomic(out, buf, len, 0644);
	/* shorter and shorter: one write, then truncate(2) */
	for (cut = len; cut-- > 0;) {
		struct cds_elf *e;

		if (truncate(out, (off_t)cut) == -1) {
			other++;
			break;
		}
		e = cds_elf_open(h, out);
		if (e != NULL) {
			opened++;
			cds_elf_free(e);
		} else if (cds_errno(h) == CDS_ERR_BAD_INPUT) {
			refused++;
			if (strstr(cds_errdetail(h), "beyond end of file") !=
			    NULL) {
				found_trunc = 1;
			}
		} else {
			other++;
		}
	}
	tap_ok(other == 0 && refused > 0,
	    "%zu truncations of %s: %zu refused as bad input, %zu readable "
	    "(no section headers needed), %zu other errors", len, rel,
	    refused, opened, other);
	tap_ok(found_trunc, "a truncated table is named as past the end");
	free(out);
	free(buf);
}

/* Corrupted copies: random bytes overwritten; never a crash. */
static void
test_corruptions(cds_handle_t *h, const char *rel)
{
	char *path = tpath(rel), *buf, *copy, *out;
	size_t len, i, opened = 0, refused = 0, other = 0;
	unsigned seed = 12345;
	int fd;

	buf = cds_read_file(path, 0, &len);
	free(path);
	if (buf == NULL || len < 1024) {
		tap_ok(0, "read %s", rel);
		free(buf);
		return;
	}
	out = tpath("fuzz.so");
	copy = cds_xmalloc(len);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 3000; i++) {
		struct cds_elf *e;
		int k, nflips = 1 + (int)(rand_r(&seed) % 8);

		memcpy(copy, buf, len);
		for (k = 0; k < nflips; k++) {
			/* mostly the headers and dynamic tables */
			size_t at = (size_t)rand_r(&seed) %
			    (k % 2 == 0 ? 1024 : len);

			copy[at] = (char)rand_r(&seed);
		}
		if (fd == -1 || pwrite(fd, copy, len, 0) != (ssize_t)len) {
			other++;
			break;
		}
		e = cds_elf_open(h, out);
		if (e != NULL) {
			size_t n, j;
			const struct cds_elf_sym *s = cds_elf_defined(e, &n);

			/* touch everything it returned */
			for (j = 0; j < n; j++) {
				(void)strlen(s[j].name);
				(void)cds_elf_defines(e, s[j].name,
				    s[j].version);
			}
			opened++;
			cds_elf_free(e);
		} else if (cds_errno(h) == CDS_ERR_BAD_INPUT) {
			refused++;
		} else {
			other++;
		}
	}
	if (fd != -1) {
		close(fd);
	}
	tap_ok(other == 0, "3000 corrupted copies of %s: %zu refused, %zu "
	    "readable, %zu other errors, no crash", rel, refused, opened,
	    other);
	free(copy);
	free(out);
	free(buf);
}

static void
test_cudnn8(cds_handle_t *h)
{
	struct cds_elf *e, *old, *neu;
	const struct cds_elf_verneed *vn;
	const struct cds_elf_sym *s, *u;
	char *const *need, *const *defs;
	size_t n, nu;

	e = open_rel(h, "c8new/libcudnn_cnn_infer.so.8");
	if (!tap_ok(e != NULL, "cuDNN 8 cnn_infer opens")) {
		return;
	}
	tap_is_str(cds_elf_soname(e), "libcudnn_cnn_infer.so.8", "SONAME");
	need = cds_elf_needed(e);
	tap_ok(need[0] != NULL && strcmp(need[0], "libcudnn_ops_infer.so.8")
	    == 0 && need[1] == NULL, "NEEDED is libcudnn_ops_infer.so.8");
	tap_ok(cds_elf_class(e) == 64 && cds_elf_machine(e) == EM_X86_64 &&
	    strcmp(cds_elf_machine_name(cds_elf_machine(e)), "x86-64") == 0,
	    "ELF64 x86-64");
	tap_ok(cds_elf_rpath(e) == NULL && cds_elf_runpath(e) == NULL,
	    "no RPATH, no RUNPATH (as cuDNN 8)");
	vn = cds_elf_verneeds(e, &n);
	tap_ok(n == 1 && strcmp(vn[0].file, "libcudnn_ops_infer.so.8") == 0 &&
	    vn[0].nversions == 1 && strcmp(vn[0].versions[0].name,
	    "libcudnn_ops_infer.so.8") == 0 && !vn[0].versions[0].weak,
	    "needs version libcudnn_ops_infer.so.8 of "
	    "libcudnn_ops_infer.so.8");
	tap_ok(cds_elf_verneed_find(e, "libcudnn_ops_infer.so.8") == &vn[0] &&
	    cds_elf_verneed_find(e, "libc.so.6") == NULL, "verneed_find");
	defs = cds_elf_verdefs(e);
	tap_ok(defs[0] != NULL && strcmp(defs[0], "libcudnn_cnn_infer.so.8")
	    == 0 && defs[1] == NULL, "defines version "
	    "libcudnn_cnn_infer.so.8");
	u = cds_elf_undefined(e, &nu);
	s = find_sym(u, nu, "_ZN15TracebackLoggerC1EPKc");
	tap_ok(s != NULL && cds_streq(s->version, "libcudnn_ops_infer.so.8")
	    && cds_streq(s->file, "libcudnn_ops_infer.so.8") && !s->weak,
	    "imports _ZN15TracebackLoggerC1EPKc@libcudnn_ops_infer.so.8");
	s = cds_elf_defined(e, &n);
	s = find_sym(s, n, "cudnnGetVersion");
	tap_ok(s != NULL && cds_streq(s->version, "libcudnn_cnn_infer.so.8") &&
	    !s->hidden && s->type == STT_FUNC,
	    "defines cudnnGetVersion@@libcudnn_cnn_infer.so.8");
	cds_elf_free(e);

	neu = open_rel(h, "c8new/libcudnn_ops_infer.so.8");
	old = open_rel(h, "c8old/libcudnn_ops_infer.so.8");
	if (!tap_ok(neu != NULL && old != NULL, "both ops_infer open")) {
		cds_elf_free(neu);
		cds_elf_free(old);
		return;
	}
	tap_ok(cds_elf_defines(neu, "_ZN15TracebackLoggerC1EPKc",
	    "libcudnn_ops_infer.so.8") == 1, "8.9.7 ops_infer defines the "
	    "symbol at that version");
	tap_ok(cds_elf_defines(old, "_ZN15TracebackLoggerC1EPKc",
	    "libcudnn_ops_infer.so.8") == 0, "8.3.2 ops_infer does not");
	tap_ok(cds_elf_defines(neu, "_ZN15TracebackLoggerC1EPKc", NULL) == 1 &&
	    cds_elf_defines(neu, "_ZN15TracebackLoggerC1EPKc", "OTHER") == 0 &&
	    cds_elf_defines(neu, "no_such_symbol", NULL) == 0,
	    "unversioned reference binds the default; another version not");
	tap_ok(cds_elf_defines_version(old, "libcudnn_ops_infer.so.8") &&
	    !cds_elf_defines_version(old, "libcudnn_ops_train.so.8"),
	    "defines_version");
	cds_elf_free(neu);
	cds_elf_free(old);
}

static void
test_cudnn9(cds_handle_t *h)
{
	struct cds_elf *e = open_rel(h, "c9/libcudnn_cnn.so.9");
	char *const *need;
	size_t n;

	if (!tap_ok(e != NULL, "cuDNN 9 cnn opens")) {
		return;
	}
	need = cds_elf_needed(e);
	tap_ok(need[0] != NULL && need[1] != NULL && need[2] == NULL &&
	    strcmp(need[0], "libcudnn_ops.so.9") == 0 &&
	    strcmp(need[1], "libcudnn_graph.so.9") == 0,
	    "NEEDED libcudnn_ops.so.9, libcudnn_graph.so.9");
	tap_is_str(cds_elf_runpath(e), "$ORIGIN", "RUNPATH $ORIGIN");
	(void)cds_elf_verneeds(e, &n);
	tap_ok(n == 2, "two version requirements (got %zu)", n);
	cds_elf_free(e);
}

static void
test_paths(cds_handle_t *h)
{
	struct cds_elf *e;

	e = open_rel(h, "rp/librp.so.1");
	tap_ok(e != NULL && cds_streq(cds_elf_rpath(e), "/opt/a:$ORIGIN/b") &&
	    cds_elf_runpath(e) == NULL, "DT_RPATH alone");
	cds_elf_free(e);
	e = open_rel(h, "rp/librun.so.1");
	tap_ok(e != NULL && cds_streq(cds_elf_runpath(e), "$ORIGIN/../lib"),
	    "DT_RUNPATH");
	cds_elf_free(e);
	e = open_rel(h, "rp/libndl.so.1");
	tap_ok(e != NULL && cds_elf_nodeflib(e), "DF_1_NODEFLIB");
	cds_elf_free(e);
	e = open_rel(h, "rp/libplain.so.1");
	tap_ok(e != NULL && !cds_elf_nodeflib(e) && !cds_elf_has_verdef(e) &&
	    cds_elf_verdefs(e)[0] == NULL, "no flags, no versions");
	cds_elf_free(e);
}

static void
test_errors(cds_handle_t *h)
{
	struct cds_elf *e;
	char *p, *why = NULL;
	static const char garbage[] = "this is not an ELF file at all, "
	    "just text that is long enough to be read as a header......"
	    "..........";

	p = tpath("nonexistent.so");
	e = cds_elf_open(h, p);
	tap_ok(e == NULL && cds_errno(h) == CDS_ERR_NOT_FOUND &&
	    strstr(cds_errdetail(h), "nonexistent.so") != NULL,
	    "missing file: CDS_ERR_NOT_FOUND naming it");
	free(p);
	e = cds_elf_open(h, tmpdir);
	tap_ok(e == NULL && cds_errno(h) == CDS_ERR_BAD_INPUT,
	    "a directory: bad input (%s)", cds_errdetail(h));
	p = save("garbage.so", garbage, sizeof(garbage));
	e = cds_elf_open(h, p);
	tap_ok(e == NULL && cds_errno(h) == CDS_ERR_BAD_INPUT &&
	    strstr(cds_errdetail(h), "not an ELF file") != NULL,
	    "garbage: not an ELF file");
	tap_ok(cds_elf_check(p, 64, 0, EM_X86_64, &why) == CDS_ELF_BAD &&
	    cds_streq(why, "invalid ELF header"),
	    "ld.so's verdict on garbage: invalid ELF header");
	free(why);
	free(p);
	p = save("short.so", "\177ELF\002", 5);
	tap_ok(cds_elf_check(p, 64, 0, EM_X86_64, &why) == CDS_ELF_BAD &&
	    cds_streq(why, "file too short"), "ld.so's verdict on 5 bytes: "
	    "file too short");
	free(why);
	free(p);
	tap_ok(cds_elf_check(tmpdir, 64, 0, EM_X86_64, &why) == CDS_ELF_BAD &&
	    cds_streq(why, "cannot read file data: Is a directory"),
	    "ld.so's verdict on a directory");
	free(why);
	p = tpath("c9/libcudnn.so.9");
	tap_ok(cds_elf_check(p, 64, 0, EM_X86_64, &why) == CDS_ELF_OK &&
	    cds_elf_check(p, 32, 0, EM_386, &why) == CDS_ELF_OTHER_CLASS &&
	    cds_elf_check(p, 64, 0, EM_AARCH64, &why) ==
	    CDS_ELF_OTHER_MACHINE && cds_elf_check(p, 64, 1, EM_X86_64,
	    &why) == CDS_ELF_BAD, "verdicts: ok, other class, other machine, "
	    "other byte order");
	free(why);
	free(p);
}

static void
test_32bit(cds_handle_t *h, int have32)
{
	struct cds_elf *e;

	if (!have32) {
		tap_skip("the compiler cannot make 32-bit libraries");
		return;
	}
	e = open_rel(h, "rp/lib32.so.1");
	tap_ok(e != NULL && cds_elf_class(e) == 32 &&
	    cds_elf_machine(e) == EM_386 &&
	    cds_streq(cds_elf_soname(e), "lib32.so.1") &&
	    cds_streq(cds_elf_needed(e)[0], "libneeded32.so.1"),
	    "a compiled ELF32 i386 library: class, machine, SONAME, NEEDED");
	cds_elf_free(e);
}

static void
test_real(cds_handle_t *h)
{
	glob_t g;
	struct cds_elf *e;
	double t0, ms;
	size_t i, ok = 0;

	if (glob("/usr/local/cuda/lib64/libcudnn*.so.9", 0, NULL, &g) != 0 ||
	    g.gl_pathc == 0) {
		tap_skip("no /usr/local/cuda/lib64/libcudnn*.so.9");
		tap_skip("no /usr/local/cuda/lib64/libcudnn*.so.9");
		return;
	}
	t0 = cds_now_ms();
	for (i = 0; i < g.gl_pathc; i++) {
		e = cds_elf_open(h, g.gl_pathv[i]);
		if (e != NULL && cds_elf_soname(e) != NULL) {
			ok++;
		}
		cds_elf_free(e);
	}
	ms = cds_now_ms() - t0;
	tap_ok(ok == g.gl_pathc && ms < 200, "%zu real cuDNN 9 libraries "
	    "read in %.2f ms", ok, ms);
	globfree(&g);
	e = cds_elf_open(h, "/usr/local/cuda/lib64/libcudnn_ops.so.9");
	if (e == NULL) {
		tap_skip("no libcudnn_ops.so.9");
		return;
	}
	tap_ok(cds_streq(cds_elf_soname(e), "libcudnn_ops.so.9") &&
	    cds_streq(cds_elf_needed(e)[0], "libcudnn_graph.so.9") &&
	    cds_elf_runpath(e) != NULL &&
	    strncmp(cds_elf_runpath(e), "$ORIGIN", 7) == 0 &&
	    cds_elf_verneed_find(e, "libcudnn_graph.so.9") != NULL,
	    "real libcudnn_ops.so.9: SONAME, NEEDED libcudnn_graph.so.9, "
	    "RUNPATH $ORIGIN..., needs libcudnn_graph.so.9 versions");
	cds_elf_free(e);
}

int
main(void)
{
	cds_handle_t *h = cds_new(NULL, NULL);
	int have32;

	if (mkdtemp(tmpdir) == NULL) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	if (sh("mk_cudnn8 c8new 8.9.7 && mk_cudnn8 c8old 8.3.2 && "
	    "mk_cudnn9 c9 9.19.0 && "
	    "mk_solib rp/librp.so.1 librp.so.1 -r '/opt/a:$ORIGIN/b' && "
	    "mk_solib rp/librun.so.1 librun.so.1 -R '$ORIGIN/../lib' && "
	    "mk_solib rp/libndl.so.1 libndl.so.1 -z nodefaultlib && "
	    "mk_solib rp/libplain.so.1 libplain.so.1") != 0) {
		printf("Bail out! cannot build the fixtures\n");
		return 1;
	}
	have32 = sh("mk_solib rp/lib32.so.1 lib32.so.1 -m32 "
	    "-N libneeded32.so.1 2>/dev/null") == 0;

	tap_plan(64);
	test_cudnn8(h);
	test_cudnn9(h);
	test_paths(h);
	test_32bit(h, have32);
	test_written(h);
	test_errors(h);
	test_truncations(h, "c8new/libcudnn_cnn_infer.so.8.9.7");
	test_corruptions(h, "c8new/libcudnn_cnn_infer.so.8.9.7");
	test_real(h);

	cds_free(h);
	cds_rm_rf(tmpdir);
	return tap_done();
}
