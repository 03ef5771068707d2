/*
 * tap.h - a minimal TAP producer for the unit tests.
 */
#ifndef CDS_TAP_H
#define CDS_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_n, tap_failed;

#define TAP_FN static __attribute__((unused))

TAP_FN void
tap_plan(int n)
{
	printf("1..%d\n", n);
}

TAP_FN int __attribute__((format(printf, 2, 3)))
tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond) {
		tap_failed++;
	}
	fflush(stdout);
	return cond;
}

TAP_FN void __attribute__((format(printf, 1, 2)))
tap_skip(const char *fmt, ...)
{
	va_list ap;

	printf("ok %d # SKIP ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* a function, not a macro: GOT may be a conditional with NULL in it,
 * which -Wnonnull (an error with --enable-debug) sees in strcmp() */
TAP_FN int
tap_is_str(const char *got, const char *want, const char *name)
{
	return tap_ok(got != NULL && strcmp(got, want) == 0,
	    "%s (got \"%s\", want \"%s\")", name,
	    got == NULL ? "(null)" : got, want);
}
#define tap_is_int(got, want, name) \
	tap_ok((long)(got) == (long)(want), "%s (got %ld, want %ld)", \
	    (name), (long)(got), (long)(want))

TAP_FN int
tap_done(void)
{
	if (tap_n == 0) {
		printf("1..0\n");
	}
	return tap_failed == 0 ? 0 : 1;
}

#endif /* CDS_TAP_H */
