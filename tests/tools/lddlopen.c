/*
 * lddlopen.c - the real ld.so's side of the loader matrix
 * (tests/tools/ldmatrix.sh): dlopen() each name in turn with RTLD_NOW |
 * RTLD_LOCAL, as a program would, and say what ld.so did.  It links only
 * the C library (no sanitizer, no libcds), so that it runs inside the
 * matrix's throwaway roots (chroot) with a copy of glibc and nothing else.
 *
 *   lddlopen NAME...
 *
 * Output, one record a line, fields separated by tabs:
 *   start NAME        an object loaded before main() (its link-map name)
 *   req I ok          request I (from 0) returned a handle
 *   req I err TEXT    it failed; TEXT is dlerror()'s
 *   obj I NAME        an object request I added to the link map, in order
 * A line is written as soon as it is known, so a request that kills the
 * process (an ld.so assertion) shows as a request without its "req" line.
 * Not installed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel's vDSO is in the link map but is no file. */
static int
is_vdso(const char *name)
{
	return strcmp(name, "linux-vdso.so.1") == 0 ||
	    strcmp(name, "linux-gate.so.1") == 0 ||
	    strcmp(name, "linux-vdso64.so.1") == 0 ||
	    strcmp(name, "linux-vdso32.so.1") == 0;
}

/* Print the link-map entries after LAST (NULL: all but the program). */
static struct link_map *
print_after(struct link_map *last, const char *tag)
{
	struct link_map *m, *end = NULL;

	m = last != NULL ? last->l_next : _r_debug.r_map->l_next;
	for (end = last; m != NULL; m = m->l_next) {
		end = m;
		if (m->l_name == NULL || *m->l_name == '\0' ||
		    is_vdso(m->l_name)) {
			continue;
		}
		printf("%s\t%s\n", tag, m->l_name);
	}
	return end;
}

int
main(int argc, char **argv)
{
	struct link_map *last;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	last = print_after(NULL, "start");
	for (i = 1; i < argc; i++) {
		void *h = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
		char tag[32];

		if (h == NULL) {
			const char *e = dlerror();

			printf("req\t%d\terr\t%s\n", i - 1, e != NULL ? e : "");
			continue;
		}
		printf("req\t%d\tok\n", i - 1);
		snprintf(tag, sizeof(tag), "obj\t%d", i - 1);
		last = print_after(last, tag);
	}
	return 0;
}
