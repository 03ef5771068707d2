/*
 * ldresolve.c - a test driver for the ELF reader, the loader emulation and
 * the dynamic probe: runs one of them and prints the result as JSON, for
 * tests/sys/loader.sh.  Not installed.
 *
 *   ldresolve [--root DIR] [--env NAME=VALUE]... [--unset NAME]... MODE
 *   MODE:
 *     --elf FILE                      the ELF reader on a host path
 *     --find NAME [--consumer FILE]   cds_loader_find()
 *     --searchdirs [--consumer FILE]  cds_loader_searchdirs()
 *     --resolve [--all] [-c N] LIB... cds_loader_resolve_seq(); -c N makes
 *                                     the next LIB dlopen()ed by request N
 *     --probe [--timeout MS] LIB...   cds_dlprobe_run()
 * FILE is a host path; NAME and LIB are target paths or sonames.
 * Exit status 0, or 3 when the call itself fails (message on stderr).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cds.h"
#include "scan/dynprobe.h"
#include "read/elfread.h"
#include "scan/loader.h"

static json_t *
jstr(const char *s)
{
	return s == NULL ? json_null() : json_string(s);
}

static json_t *
jstrv(char *const *v)
{
	json_t *a = json_array();

	while (v != NULL && *v != NULL) {
		json_array_append_new(a, json_string(*v++));
	}
	return a;
}

static json_t *
jsyms(const struct cds_elf_sym *s, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_array_append_new(a, json_pack("{s:s, s:o, s:o, s:b, s:b}",
		    "name", s[i].name, "version", jstr(s[i].version),
		    "file", jstr(s[i].file), "weak", s[i].weak,
		    "hidden", s[i].hidden));
	}
	return a;
}

static json_t *
jelf(const struct cds_elf *e)
{
	const struct cds_elf_verneed *vn;
	const struct cds_elf_sym *s;
	json_t *o, *needs = json_array();
	size_t n, i, k;

	vn = cds_elf_verneeds(e, &n);
	for (i = 0; i < n; i++) {
		json_t *v = json_array();

		for (k = 0; k < vn[i].nversions; k++) {
			json_array_append_new(v,
			    json_string(vn[i].versions[k].name));
		}
		json_array_append_new(needs, json_pack("{s:s, s:o}", "file",
		    vn[i].file, "versions", v));
	}
	o = json_pack("{s:s, s:i, s:b, s:s, s:i, s:o, s:o, s:o, s:o, s:o, "
	    "s:o, s:o}",
	    "path", cds_elf_path(e), "class", cds_elf_class(e),
	    "big_endian", cds_elf_big_endian(e),
	    "machine", cds_elf_machine_name(cds_elf_machine(e)),
	    "type", (int)cds_elf_type(e),
	    "soname", jstr(cds_elf_soname(e)),
	    "needed", jstrv(cds_elf_needed(e)),
	    "rpath", jstr(cds_elf_rpath(e)),
	    "runpath", jstr(cds_elf_runpath(e)),
	    "interp", jstr(cds_elf_interp(e)),
	    "verneed", needs,
	    "verdef", jstrv(cds_elf_verdefs(e)));
	s = cds_elf_defined(e, &n);
	json_object_set_new(o, "defined", jsyms(s, n));
	s = cds_elf_undefined(e, &n);
	json_object_set_new(o, "undefined", jsyms(s, n));
	json_object_set_new(o, "nodeflib", json_boolean(cds_elf_nodeflib(e)));
	return o;
}

static json_t *
jfound(const struct cds_ld_found *f)
{
	return json_pack("{s:s, s:o, s:o, s:s, s:i, s:o, s:o, s:o, s:s, s:o, "
	    "s:o}",
	    "name", f->name, "path", jstr(f->path),
	    "realpath", jstr(f->realpath), "via", cds_ld_via_name(f->via),
	    "entry", f->entry, "dir", jstr(f->dir),
	    "dir_as_written", jstr(f->dir_as_written),
	    "from", jstr(f->from), "how", f->how, "error", jstr(f->error),
	    "skipped", jstrv(f->skipped));
}

static json_t *
jidx(size_t i)
{
	return i == CDS_LD_NONE ? json_null() : json_integer((json_int_t)i);
}

static json_t *
jresolution(const struct cds_ld_resolution *r)
{
	static const char *const kinds[] = {
		"", "missing", "unusable", "no_version", "no_symbol"
	};
	json_t *loads = json_array(), *objs = json_array();
	json_t *probs = json_array();
	size_t i, k;

	for (i = 0; i < r->nloads; i++) {
		json_array_append_new(loads, json_pack("{s:s, s:o, s:o, s:o}",
		    "name", r->loads[i].name, "caller",
		    jidx(r->loads[i].caller), "object",
		    jidx(r->loads[i].object), "error",
		    jstr(r->loads[i].error)));
	}
	for (i = 0; i < r->nobjects; i++) {
		const struct cds_ld_object *o = &r->objects[i];
		json_t *need = json_array(), *j = jfound(&o->found);

		for (k = 0; k < o->nneeded; k++) {
			json_array_append_new(need, jidx(o->needed[k]));
		}
		json_object_set_new(j, "soname", jstr(o->soname));
		json_object_set_new(j, "loader", jidx(o->loader));
		json_object_set_new(j, "load", jidx(o->load));
		json_object_set_new(j, "needed", need);
		json_object_set_new(j, "unloaded", json_boolean(o->unloaded));
		json_object_set_new(j, "elf", json_boolean(o->elf != NULL));
		json_array_append_new(objs, j);
	}
	for (i = 0; i < r->nproblems; i++) {
		const struct cds_ld_problem *p = &r->problems[i];

		json_array_append_new(probs, json_pack("{s:s, s:o, s:o, s:o, "
		    "s:s, s:o, s:s}", "kind", kinds[p->kind],
		    "load", jidx(p->load), "object", jidx(p->object),
		    "provider", jidx(p->provider), "name", p->name,
		    "version", jstr(p->version), "message", p->message));
	}
	return json_pack("{s:o, s:o, s:o, s:f}", "loads", loads, "objects",
	    objs, "problems", probs, "ms", r->elapsed_ms);
}

static json_t *
jprobe(const struct cds_dlprobe *p)
{
	json_t *libs = json_array();
	size_t i;

	for (i = 0; i < p->nlibs; i++) {
		const struct cds_dlprobe_lib *l = &p->libs[i];

		json_array_append_new(libs, json_pack("{s:s, s:b, s:o, s:o, "
		    "s:I, s:i, s:b, s:o}", "name", l->name, "ok", l->ok,
		    "error", jstr(l->error), "path", jstr(l->path),
		    "cudnn_version", (json_int_t)l->cudnn_version,
		    "signal", l->signal, "reached", l->reached,
		    "mapped", jstrv(l->mapped)));
	}
	return json_pack("{s:o, s:o, s:i, s:i, s:b, s:o}", "libs", libs,
	    "maps", jstrv(p->maps), "exit_status", p->exit_status,
	    "signal", p->signal, "timed_out", p->timed_out,
	    "output", jstr(p->output));
}

static int
fail(cds_handle_t *h, const char *what)
{
	fprintf(stderr, "ldresolve: %s: %s: %s\n", what,
	    cds_strerror(cds_errno(h)), cds_errdetail(h));
	return 3;
}

int
main(int argc, char **argv)
{
	cds_handle_t *h;
	const char *root = NULL, *mode = NULL, *consumer = NULL;
	json_t *out = NULL;
	unsigned flags = 0, timeout = 0;
	int i, err, ret = 0;

	if ((ret = cds_child_main(argc, argv)) >= 0) {
		return ret;
	}
	ret = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
			root = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1] == '-' &&
		    strcmp(argv[i], "--env") != 0 &&
		    strcmp(argv[i], "--unset") != 0 &&
		    strcmp(argv[i], "--consumer") != 0 &&
		    strcmp(argv[i], "--all") != 0 &&
		    strcmp(argv[i], "--timeout") != 0) {
			mode = argv[i];
			break;
		} else if (i + 1 < argc) {
			i++;
		}
	}
	if (mode == NULL) {
		fprintf(stderr, "usage: ldresolve [--root DIR] "
		    "[--env N=V] --elf|--find|--searchdirs|--resolve|--probe "
		    "...\n");
		return 2;
	}
	h = cds_new(root, &err);
	if (h == NULL) {
		fprintf(stderr, "ldresolve: %s\n", cds_strerror(err));
		return 3;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--env") == 0 && i + 1 < argc) {
			char *eq = strchr(argv[++i], '=');

			if (eq != NULL) {
				*eq = '\0';
				cds_setenv(h, argv[i], eq + 1);
			}
		} else if (strcmp(argv[i], "--unset") == 0 && i + 1 < argc) {
			cds_setenv(h, argv[++i], NULL);
		} else if (strcmp(argv[i], "--consumer") == 0 &&
		    i + 1 < argc) {
			consumer = argv[++i];
		} else if (strcmp(argv[i], "--all") == 0) {
			flags |= CDS_LD_ALL_SYMBOLS;
		} else if (strcmp(argv[i], "--timeout") == 0 &&
		    i + 1 < argc) {
			timeout = (unsigned)atoi(argv[++i]);
		} else if (argv[i] == mode) {
			i++;
			break;
		} else if (strcmp(argv[i], "--root") == 0) {
			i++;
		}
	}
	if (strcmp(mode, "--elf") == 0 && i < argc) {
		struct cds_elf *e = cds_elf_open(h, argv[i]);

		if (e == NULL) {
			ret = fail(h, argv[i]);
		} else {
			out = jelf(e);
			cds_elf_free(e);
		}
	} else if (strcmp(mode, "--find") == 0 && i < argc) {
		struct cds_elf *c = NULL;
		struct cds_ld_found *f;

		if (consumer != NULL && (c = cds_elf_open(h, consumer)) ==
		    NULL) {
			ret = fail(h, consumer);
		} else if ((f = cds_loader_find(h, argv[i], c, flags)) ==
		    NULL) {
			ret = fail(h, argv[i]);
		} else {
			out = jfound(f);
			cds_ld_found_free(f);
		}
		cds_elf_free(c);
	} else if (strcmp(mode, "--searchdirs") == 0) {
		struct cds_elf *c = NULL;
		struct cds_searchdir *d;
		size_t n, k;

		if (consumer != NULL && (c = cds_elf_open(h, consumer)) ==
		    NULL) {
			ret = fail(h, consumer);
		} else {
			d = cds_loader_searchdirs(h, c, &n);
			out = json_array();
			for (k = 0; k < n; k++) {
				json_array_append_new(out, json_pack(
				    "{s:s, s:s, s:b}", "dir", d[k].dir,
				    "via", d[k].via, "exists", d[k].exists));
			}
			cds_searchdirs_free(d, n);
		}
		cds_elf_free(c);
	} else if (strcmp(mode, "--resolve") == 0) {
		struct cds_ld_request *reqs;
		struct cds_ld_resolution *r;
		size_t n = 0, caller = CDS_LD_NONE;

		reqs = calloc((size_t)argc, sizeof(*reqs));
		for (; i < argc; i++) {
			if (strcmp(argv[i], "--all") == 0) {
				flags |= CDS_LD_ALL_SYMBOLS;
			} else if (strcmp(argv[i], "-c") == 0 &&
			    i + 1 < argc) {
				caller = (size_t)atoi(argv[++i]);
			} else {
				reqs[n].name = argv[i];
				reqs[n++].caller = caller;
				caller = CDS_LD_NONE;
			}
		}
		r = cds_loader_resolve_seq(h, reqs, n, flags);
		if (r == NULL) {
			ret = fail(h, "resolve");
		} else {
			out = jresolution(r);
			cds_ld_resolution_free(r);
		}
		free(reqs);
	} else if (strcmp(mode, "--probe") == 0) {
		struct cds_dlprobe *p;

		if (i + 1 < argc && strcmp(argv[i], "--timeout") == 0) {
			timeout = (unsigned)atoi(argv[i + 1]);
			i += 2;
		}
		p = cds_dlprobe_run(h, argv + i, timeout);
		if (p == NULL) {
			ret = fail(h, "probe");
		} else {
			out = jprobe(p);
			cds_dlprobe_free(p);
		}
	} else {
		fprintf(stderr, "ldresolve: bad arguments for %s\n", mode);
		ret = 2;
	}
	if (out != NULL) {
		char *s = json_dumps(out, JSON_INDENT(1) | JSON_SORT_KEYS);

		puts(s);
		free(s);
		json_decref(out);
	}
	cds_free(h);
	return ret;
}
