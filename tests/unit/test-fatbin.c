/*
 * test-fatbin.c - the .nv_fatbin reader (src/read/fatbin.c) on a real
 * library compiled here with the section nvcc writes
 * (tests/fixtures/mkfatbin.sh), and on that library with its section
 * rewritten the way a hostile or broken one would be: zeros, padding
 * before a fat binary, two fat binaries, unknown entry kinds, header and
 * payload sizes past the section, sizes that would wrap an offset, every
 * truncation of the file and thousands of random corruptions of the
 * section.  Each gives 0 or -1 and only architectures the bytes hold,
 * never a crash, an endless walk (an alarm fails the test) or a read
 * past the file (the sanitizers, with --enable-debug).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "read/elfread.h"
#include "read/fatbin.h"

static char tmpdir[] = "/tmp/cds-fatbin-XXXXXX";
static char *lib;		/* the real library, its bytes */
static size_t liblen;
static uint64_t secoff, secsize;	/* its .nv_fatbin section */

static char *
tpath(const char *rel)
{
	return cds_xasprintf("%s/%s", tmpdir, rel);
}

/* SASS and PTX of the library PATH, as "sass 50 60 | ptx 90", or "-1". */
static char *
arches(const char *path)
{
	struct cds_strv sass = {0}, ptx = {0};
	struct cds_buf b = {0};
	size_t i;

	if (cds_fatbin_arches(path, &sass, &ptx) == -1) {
		cds_strv_clear(&sass);
		cds_strv_clear(&ptx);
		return cds_xstrdup("-1");
	}
	cds_buf_adds(&b, "sass");
	for (i = 0; i < sass.n; i++) {
		cds_buf_addf(&b, " %s", sass.v[i]);
	}
	cds_buf_adds(&b, " | ptx");
	for (i = 0; i < ptx.n; i++) {
		cds_buf_addf(&b, " %s", ptx.v[i]);
	}
	cds_strv_clear(&sass);
	cds_strv_clear(&ptx);
	return cds_buf_steal(&b);
}

static void
put(unsigned char *p, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		p[i] = (unsigned char)(v >> (8 * i));
	}
}

/* A fat binary's header at P: magic, version 1, header size HSZ,
 * payload size FSZ; 16 bytes. */
static void
fatbin(unsigned char *p, uint16_t hsz, uint64_t fsz)
{
	put(p, 0xBA55ED50u, 4);
	put(p + 4, 1, 2);
	put(p + 6, hsz, 2);
	put(p + 8, fsz, 8);
}

/* An entry at P: KIND (1 PTX, 2 cubin), header size EHSZ, payload size
 * PSZ, SM ARCH at byte 28. */
static void
entry(unsigned char *p, uint16_t kind, uint32_t ehsz, uint64_t psz,
    uint32_t arch)
{
	put(p, kind, 2);
	put(p + 4, ehsz, 4);
	put(p + 8, psz, 8);
	put(p + 28, arch, 4);
}

/* The library with its section replaced by SEC (the rest zeros), read. */
static char *
patched(const unsigned char *sec, size_t n)
{
	char *copy = cds_xmalloc(liblen), *path = tpath("patched.so"), *got;

	memcpy(copy, lib, liblen);
	memset(copy + secoff, 0, secsize);
	memcpy(copy + secoff, sec, n);
	cds_write_file_atomic(path, copy, liblen, 0644);
	got = arches(path);
	free(path);
	free(copy);
	return got;
}

#define SECLEN 512

/* The library with the section S read, against WANT; S zeroed again. */
static void
expect(unsigned char *s, const char *want, const char *name)
{
	char *got = patched(s, SECLEN);

	tap_is_str(got, want, name);
	free(got);
	memset(s, 0, SECLEN);
}

/* Rewritten sections: what each layout gives. */
static void
test_layouts(void)
{
	unsigned char s[SECLEN] = {0};

	expect(s, "sass | ptx", "a section of zeros: nothing");

	/* 8 bytes of padding, then a fat binary: a cubin and PTX */
	fatbin(s + 8, 16, 2 * 40);
	entry(s + 24, 2, 32, 8, 86);
	entry(s + 64, 1, 32, 8, 90);
	expect(s, "sass 86 | ptx 90", "padding before a fat binary");

	/* two fat binaries; an architecture in both is named once */
	fatbin(s, 16, 2 * 40);
	entry(s + 16, 2, 32, 8, 80);
	entry(s + 56, 2, 32, 8, 86);
	fatbin(s + 96, 16, 3 * 40);
	entry(s + 112, 2, 32, 8, 86);
	entry(s + 152, 2, 32, 8, 90);
	entry(s + 192, 1, 32, 8, 90);
	expect(s, "sass 80 86 90 | ptx 90", "two fat binaries");

	/* an entry of a kind neither PTX nor cubin is stepped over */
	fatbin(s, 16, 2 * 40);
	entry(s + 16, 7, 32, 8, 75);
	entry(s + 56, 2, 32, 8, 89);
	expect(s, "sass 89 | ptx", "an unknown kind is skipped");

	/* sizes past the section, or that would wrap the offset */
	fatbin(s, 0xffff, 40);
	entry(s + 16, 2, 32, 8, 86);
	expect(s, "sass | ptx", "a header larger than the section");
	fatbin(s, 16, UINT64_MAX);
	entry(s + 16, 2, 32, 8, 86);
	expect(s, "sass | ptx", "a fat binary of 2^64-1 bytes");
	fatbin(s, 16, UINT64_MAX - 15);
	expect(s, "sass | ptx", "a size that wraps to the start");

	/* entries whose own sizes lie */
	fatbin(s, 16, 3 * 40);
	entry(s + 16, 2, 32, 8, 70);
	entry(s + 56, 2, 32, UINT64_MAX - 31, 86);
	entry(s + 96, 2, 32, 8, 90);
	expect(s, "sass 70 | ptx", "an entry payload that wraps: the walk "
	    "stops there");
	fatbin(s, 16, 2 * 40);
	entry(s + 16, 2, 0, 8, 70);
	expect(s, "sass | ptx", "an entry header of 0 bytes");
	fatbin(s, 16, 40);
	entry(s + 16, 2, 0xffffffffu, 8, 70);
	expect(s, "sass | ptx", "an entry header past its fat binary");
}

/* Only numbers out of S ("sass 50 60 | ptx 90"), each one of WANT's
 * (" 50 60 "; NULL: any number). */
static int
subset(const char *s, const char *want)
{
	char **w = cds_strsplit(s, " |", 0);
	size_t i;
	int ok = 1;

	for (i = 0; w[i] != NULL; i++) {
		char *pad;

		if (strcmp(w[i], "sass") == 0 || strcmp(w[i], "ptx") == 0 ||
		    strcmp(w[i], "-1") == 0) {
			continue;
		}
		pad = cds_xasprintf(" %s ", w[i]);
		ok &= strspn(w[i], "0123456789") == strlen(w[i]) &&
		    (want == NULL || strstr(want, pad) != NULL);
		free(pad);
	}
	cds_strfreev(w);
	return ok;
}

/* Every truncation of the library: 0 with fewer architectures, or -1. */
static void
test_truncations(void)
{
	char *path = tpath("cut.so");
	size_t cut, bad = 0, refused = 0, fewer = 0;

	cds_write_file_atomic(path, lib, liblen, 0644);
	for (cut = liblen; cut-- > 0;) {
		char *got;

		if (truncate(path, (off_t)cut) == -1) {
			bad++;
			break;
		}
		got = arches(path);
		if (strcmp(got, "-1") == 0) {
			refused++;
		} else if (!subset(got, " 50 60 70 75 80 86 90 ")) {
			bad++;
		} else if (strcmp(got, "sass 50 60 70 75 80 86 90 | ptx 90")
		    != 0) {
			fewer++;
		}
		free(got);
	}
	/* the section headers come last: most cuts lose them */
	tap_ok(bad == 0 && refused > 0, "%zu truncations: %zu refused, %zu "
	    "with fewer architectures, none with one the file does not "
	    "hold", liblen, refused, fewer);
	free(path);
}

/* The section's header claiming 2^63 bytes: the walk ends at the file's
 * end, with what the file holds. */
static void
test_huge_section(void)
{
	char *copy = cds_xmalloc(liblen), *path = tpath("huge.so"), *got;
	uint64_t shoff = 0, off;
	uint16_t shentsize = 0, shnum = 0, i;
	int patched = 0;

	memcpy(copy, lib, liblen);
	memcpy(&shoff, copy + 0x28, 8);
	memcpy(&shentsize, copy + 0x3a, 2);
	memcpy(&shnum, copy + 0x3c, 2);
	for (i = 0; i < shnum && shoff + (uint64_t)(i + 1) * shentsize <=
	    liblen; i++) {
		unsigned char *sh = (unsigned char *)copy + shoff +
		    (uint64_t)i * shentsize;

		memcpy(&off, sh + 0x18, 8);
		if (off == secoff) {
			put(sh + 0x20, UINT64_C(1) << 63, 8);
			patched = 1;
		}
	}
	cds_write_file_atomic(path, copy, liblen, 0644);
	got = arches(path);
	tap_ok(patched && strcmp(got, "sass 50 60 70 75 80 86 90 | ptx 90") ==
	    0, "a section header of 2^63 bytes: read to the end of the file "
	    "(got \"%s\")", got);
	free(got);
	free(path);
	free(copy);
}

/* Random bytes over the section and the ELF headers. */
static void
test_corruptions(void)
{
	char *path = tpath("fuzz.so"), *copy = cds_xmalloc(liblen);
	unsigned seed = 4242;
	size_t i, bad = 0, found = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (i = 0; i < 3000; i++) {
		int k, nflips = 1 + (int)(rand_r(&seed) % 16);
		char *got;

		memcpy(copy, lib, liblen);
		for (k = 0; k < nflips; k++) {
			/* the section mostly, now and then the headers */
			size_t at = k % 4 == 3 ? (size_t)rand_r(&seed) % 128 :
			    (size_t)(secoff + (uint64_t)rand_r(&seed) %
			    secsize);

			copy[at] = (char)rand_r(&seed);
		}
		if (fd == -1 || pwrite(fd, copy, liblen, 0) !=
		    (ssize_t)liblen) {
			bad++;
			break;
		}
		got = arches(path);
		bad += !subset(got, NULL);
		found += strstr(got, "86") != NULL;
		free(got);
	}
	if (fd != -1) {
		close(fd);
	}
	tap_ok(bad == 0, "3000 corrupted copies: only numbers come out");
	tap_ok(found > 0, "and most still show what they hold (%zu of 3000 "
	    "name sm_86)", found);
	free(copy);
	free(path);
}

/* What is no ELF library. */
static void
test_not_elf(void)
{
	char *text = tpath("text.so"), *got;

	cds_write_file_atomic(text, "not an ELF file\n", 16, 0644);
	got = arches(text);
	tap_is_str(got, "-1", "a text file: -1");
	free(got);
	got = arches(tmpdir);
	tap_is_str(got, "-1", "a directory: -1");
	free(got);
	free(text);
	text = tpath("missing.so");
	got = arches(text);
	tap_is_str(got, "-1", "a missing file: -1");
	free(got);
	free(text);
}

int
main(void)
{
	const char *src = getenv("CDS_SRCDIR");
	char *cmd, *path, *got;
	int fd;

	if (mkdtemp(tmpdir) == NULL) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	/* an endless walk fails the test instead of hanging it */
	alarm(120);
	cmd = cds_xasprintf(". '%s/tests/fixtures/mkfatbin.sh' && CC=${CC:-cc} "
	    "mk_fatbin_lib '%s/libk.so' libk.so '50 60 70 75 80 86 90' '90'",
	    src != NULL ? src : ".", tmpdir);
	if (system(cmd) != 0) {
		printf("Bail out! cannot build the fixture: %s\n", cmd);
		return 1;
	}
	free(cmd);
	path = tpath("libk.so");
	lib = cds_read_file(path, 0, &liblen);
	fd = open(path, O_RDONLY);
	if (lib == NULL || fd == -1 || cds_elf_section(fd, liblen,
	    ".nv_fatbin", &secoff, &secsize) == -1 || secsize < SECLEN) {
		printf("Bail out! no .nv_fatbin of 512 bytes in %s\n", path);
		return 1;
	}
	close(fd);

	tap_plan(18);
	got = arches(path);
	tap_is_str(got, "sass 50 60 70 75 80 86 90 | ptx 90",
	    "the library as nvcc lays it out");
	free(got);
	test_layouts();
	test_truncations();
	test_huge_section();
	test_corruptions();
	test_not_elf();

	free(path);
	free(lib);
	cds_rm_rf(tmpdir);
	return tap_done();
}
