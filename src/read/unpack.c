/*
 * unpack.c - a file read whole, unpacked by its own compression
 * (unpack.h): the package lists of apt and of the rpm tools, which they
 * keep compressed; and the members of an archive, as pacman's sync
 * databases hold their packages.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "read/unpack.h"
#include "sys/net.h"

/* The most read of one file (NVIDIA's list holds every package of every
 * release: tens of megabytes unpacked). */
#define UNPACKED_MAX (512u << 20)

char *
cds_read_unpacked(cds_handle_t *h, const char *file)
{
	struct archive *a;
	struct archive_entry *e;
	struct cds_buf b = {0};
	char chunk[65536];
	la_ssize_t n;

	if (cds_endswith(file, ".xml") || cds_endswith(file, "_Packages")) {
		return cds_read_file(file, UNPACKED_MAX, NULL);
	}
	if (cds_net_load(h) == -1) {
		cds_clearerr(h);
		return NULL;
	}
	a = NET(archive_read_new)();
	if (a == NULL) {
		return NULL;
	}
	NET(archive_read_support_filter_all)(a);
	NET(archive_read_support_format_raw)(a);
	if (NET(archive_read_open_filename)(a, file, sizeof(chunk)) ==
	    ARCHIVE_OK && NET(archive_read_next_header)(a, &e) ==
	    ARCHIVE_OK) {
		while ((n = NET(archive_read_data)(a, chunk, sizeof(chunk))) >
		    0 && b.len + (size_t)n <= UNPACKED_MAX) {
			cds_buf_add(&b, chunk, (size_t)n);
		}
		if (n < 0) {
			cds_buf_free(&b);
		}
	}
	NET(archive_read_free)(a);
	return b.s != NULL ? cds_buf_steal(&b) : NULL;
}

/* The most read of one member. */
#define MEMBER_MAX (16u << 20)

long
cds_unpack_each(cds_handle_t *h, const char *file, const char *suffix,
    int (*fn)(void *arg, const char *name, const char *text), void *arg)
{
	struct archive *a;
	struct archive_entry *e;
	char chunk[65536];
	long given = 0;
	int r;

	if (cds_net_load(h) == -1) {
		cds_clearerr(h);
		return -1;
	}
	if ((a = NET(archive_read_new)()) == NULL) {
		return -1;
	}
	NET(archive_read_support_filter_all)(a);
	NET(archive_read_support_format_tar)(a);
	if (NET(archive_read_open_filename)(a, file, sizeof(chunk)) !=
	    ARCHIVE_OK) {
		NET(archive_read_free)(a);
		return -1;
	}
	while ((r = NET(archive_read_next_header)(a, &e)) == ARCHIVE_OK) {
		const char *name = NET(archive_entry_pathname)(e);
		struct cds_buf b = {0};
		la_ssize_t n;
		int stop;

		if (name == NULL || !cds_endswith(name, suffix)) {
			continue;
		}
		while ((n = NET(archive_read_data)(a, chunk, sizeof(chunk))) >
		    0 && b.len + (size_t)n <= MEMBER_MAX) {
			cds_buf_add(&b, chunk, (size_t)n);
		}
		if (n < 0) {
			cds_buf_free(&b);
			break;
		}
		given++;
		stop = fn(arg, name, b.s != NULL ? b.s : "");
		cds_buf_free(&b);
		if (stop) {
			break;
		}
	}
	NET(archive_read_free)(a);
	return given;
}
