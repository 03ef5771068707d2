/*
 * fuzz.h - what the fuzz targets share: a scratch directory per process
 * (under TMPDIR, removed at exit), files written into it, and a digest of
 * a tree to prove that nothing outside a target's own directory changed.
 * Each target is built and run by tests/fuzz/run.sh (libFuzzer, ASan,
 * UBSan); a broken property is an abort(), which libFuzzer reports with
 * the input that caused it.
 */
#ifndef CDS_FUZZ_H
#define CDS_FUZZ_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "base/crypto.h"
#include "base/util.h"

#pragma GCC diagnostic ignored "-Wunused-function"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *fz_top;

static void
fz_cleanup(void)
{
	if (fz_top != NULL) {
		cds_rm_rf(fz_top);
	}
}

/* The process's scratch directory, made on first use. */
static const char *
fz_dir(void)
{
	if (fz_top == NULL) {
		const char *t = getenv("TMPDIR");
		char *tmpl = cds_xasprintf("%s/cds-fuzz-XXXXXX",
		    t != NULL && *t == '/' ? t : "/tmp");

		if (mkdtemp(tmpl) == NULL) {
			perror("mkdtemp");
			abort();
		}
		fz_top = tmpl;
		atexit(fz_cleanup);
	}
	return fz_top;
}

/* Write N bytes to PATH (its directory made), mode 0644. */
static void
fz_write(const char *path, const void *data, size_t n)
{
	char *dir = cds_dirname(path);
	int fd;

	cds_mkdir_p(dir, 0755);
	free(dir);
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd == -1) {
		return;
	}
	if (n > 0 && write(fd, data, n) != (ssize_t)n) {
		/* a short write only makes a shorter input */
	}
	close(fd);
}

/* The input cut at its first N - 1 NUL bytes into N parts, part I
 * written to PATHS[I] (the last part is the rest, NULs and all). */
static void
fz_write_parts(const uint8_t *data, size_t size, char *const *paths,
    size_t n)
{
	const uint8_t *p = data, *end = data + size, *z;
	size_t i;

	for (i = 0; i < n; i++) {
		z = i + 1 < n ? memchr(p, '\0', (size_t)(end - p)) : NULL;
		z = z != NULL ? z : end;
		fz_write(paths[i], p, (size_t)(z - p));
		p = z < end ? z + 1 : end;
	}
}

/* fz_write() of DIR/NAME. */
static void
fz_write_in(const char *dir, const char *name, const char *text)
{
	char *p = cds_path_join(dir, name);

	fz_write(p, text, strlen(text));
	free(p);
}

/* A NUL-terminated copy of the input. */
static char *
fz_text(const uint8_t *data, size_t size)
{
	char *s = cds_xmalloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

static void
fz_digest_walk(EVP_MD_CTX *ctx, const char *dir, const char *rel)
{
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p = cds_path_join(dir, names[i]);
		char *r = cds_xasprintf("%s/%s", rel, names[i]);
		char line[64];
		struct stat st;

		if (lstat(p, &st) == 0) {
			EVP_DigestUpdate(ctx, r, strlen(r));
			snprintf(line, sizeof(line), " %o %lld\n",
			    (unsigned)st.st_mode, (long long)st.st_size);
			EVP_DigestUpdate(ctx, line, strlen(line));
			if (S_ISLNK(st.st_mode)) {
				char *t = cds_readlink(p);

				if (t != NULL) {
					EVP_DigestUpdate(ctx, t, strlen(t));
				}
				free(t);
			} else if (S_ISDIR(st.st_mode)) {
				fz_digest_walk(ctx, p, r);
			} else if (S_ISREG(st.st_mode)) {
				char d[65];

				if (cds_sha256_file(p, d) == 0) {
					EVP_DigestUpdate(ctx, d, 64);
				}
			}
		}
		free(r);
		free(p);
	}
	cds_strfreev(names);
}

/* A digest of everything under DIR (names, types, sizes, contents, link
 * targets) into out[65]. */
static void
fz_digest(const char *dir, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();

	EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
	fz_digest_walk(ctx, dir, "");
	EVP_DigestFinal_ex(ctx, md, &len);
	EVP_MD_CTX_free(ctx);
	cds_sha256_hex(md, out);
}

/* Abort with a message: a property of the target did not hold. */
static void
fz_fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz: %s: %s\n", what, detail != NULL ? detail :
	    "");
	abort();
}

#endif /* CDS_FUZZ_H */
