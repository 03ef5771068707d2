/*
 * version.c - dotted version numbers: compare, prefix match, CUDA integers.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cds.h"
#include "base/util.h"
#include "base/version.h"

/* Compare numerically field by field; a missing field counts as 0, and a
 * non-numeric tail ("+cu121", "rc1") is compared as text after the numbers. */
int
cds_vercmp(const char *a, const char *b)
{
	while (*a != '\0' || *b != '\0') {
		unsigned long x = 0, y = 0;
		int ax = isdigit((unsigned char)*a),
		    bx = isdigit((unsigned char)*b);

		if ((*a != '\0' && !ax) || (*b != '\0' && !bx)) {
			if (*a == '\0' || *b == '\0') {
				/* "1.0" vs "1.0rc1": the plain one is newer */
				return *a == '\0' ? 1 : -1;
			}
			if (!ax || !bx) {
				return strcmp(a, b) < 0 ? -1 :
				    strcmp(a, b) > 0;
			}
		}
		if (ax) {
			x = strtoul(a, (char **)&a, 10);
		}
		if (bx) {
			y = strtoul(b, (char **)&b, 10);
		}
		if (x != y) {
			return x < y ? -1 : 1;
		}
		if (*a == '.') {
			a++;
		}
		if (*b == '.') {
			b++;
		}
	}
	return 0;
}

int
cds_ver_has_prefix(const char *version, const char *prefix)
{
	size_t n = strlen(prefix);

	if (n == 0) {
		return 1;
	}
	if (strncmp(version, prefix, n) != 0) {
		return 0;
	}
	return version[n] == '\0' || version[n] == '.' ||
	    !isdigit((unsigned char)version[n]);
}

int
cds_cuda_int(const char *version)
{
	char *end;
	long major, minor = 0;

	if (version == NULL || !isdigit((unsigned char)*version)) {
		return -1;
	}
	major = strtol(version, &end, 10);
	if (*end == '.') {
		minor = strtol(end + 1, &end, 10);
	}
	if (major < 0 || major > 99 || minor < 0 || minor > 99) {
		return -1;
	}
	return (int)(major * 1000 + minor * 10);
}
