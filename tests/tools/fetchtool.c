/*
 * fetchtool.c - drive the data path (src/fetch/fetch.h) from the tests,
 * until the install command calls it.  Not installed.
 *
 *   fetchtool [OPTIONS] ITEM...
 *   fetchtool [OPTIONS] --manifest M --release KIND:VERSION[:VARIANT]
 *             --dest DIR [--mirror URL]...
 *
 * ITEM is DEST|RELATIVE_PATH|SHA256|SIZE|URL[|URL...]: one archive to get
 * from the URLs in turn and unpack into DEST (created if missing).  With
 * --release, the archives of a release of the manifest are fetched from
 * each --mirror and then the manifest's base URL, each into
 * DIR/<component>.
 *
 * Options: --cache DIR, --offline, --jobs N, --timeout SECONDS,
 * --memlimit MIB, --cancel-after BYTES (cds_cancel() once a download has
 * passed that many bytes), --progress (print progress lines too), --rss
 * (print the peak resident size at the end).
 *
 * Output on stdout, one line each: "event TYPE key=value...", then
 * "item I err=NAME" per archive and "result R err=NAME detail=TEXT".
 * Exit status 0 when every archive succeeded, 1 otherwise, 2 for usage.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "fetch/fetch.h"
#include "read/manifest.h"

static const char *const err_names[] = {
	"OK", "MEMORY", "USAGE", "BAD_INPUT", "MANIFEST", "NOT_FOUND", "IO",
	"NO_SPACE", "LOCKED", "NETWORK", "HTTP", "TLS", "CHECKSUM", "SIZE",
	"ARCHIVE", "UNSAFE_ARCHIVE", "DRIVER", "CANCELLED", "NEED_ANSWER",
	"CHILD", "UNSUPPORTED", "CONFLICT"
};

static const char *
err_name(int e)
{
	if (e >= 0 && (size_t)e < sizeof(err_names) / sizeof(err_names[0])) {
		return err_names[e];
	}
	return "?";
}

static const char *
ev_name(enum cds_event_type t)
{
	switch (t) {
	case CDS_EV_DOWNLOAD_START:
		return "DOWNLOAD_START";
	case CDS_EV_DOWNLOAD_RETRY:
		return "DOWNLOAD_RETRY";
	case CDS_EV_DOWNLOAD_DONE:
		return "DOWNLOAD_DONE";
	case CDS_EV_VERIFY_START:
		return "VERIFY_START";
	case CDS_EV_VERIFY_DONE:
		return "VERIFY_DONE";
	case CDS_EV_EXTRACT_START:
		return "EXTRACT_START";
	case CDS_EV_EXTRACT_DONE:
		return "EXTRACT_DONE";
	default:
		return "OTHER";
	}
}

struct ctx {
	cds_handle_t *h;
	int progress;
	uint64_t cancel_after;
};

static void
on_event(void *vctx, const struct cds_event *ev)
{
	switch (ev->type) {
	case CDS_EV_DOWNLOAD_START:
		printf("event DOWNLOAD_START name=%s url=%s size=%llu "
		    "offset=%llu\n", ev->u.download.name, ev->u.download.url,
		    (unsigned long long)ev->u.download.size,
		    (unsigned long long)ev->u.download.offset);
		break;
	case CDS_EV_DOWNLOAD_RETRY:
		printf("event DOWNLOAD_RETRY name=%s url=%s attempt=%d err=%s "
		    "http=%ld delay_ms=%u\n", ev->u.retry.name,
		    ev->u.retry.url, ev->u.retry.attempt,
		    err_name(ev->u.retry.err), ev->u.retry.http_status,
		    ev->u.retry.delay_ms);
		break;
	case CDS_EV_HOST_DOWN:
		printf("event HOST_DOWN host=%s url=%s reason=%d err=%s "
		    "detail=%s\n", ev->u.host.host, ev->u.host.url,
		    ev->u.host.reason, err_name(ev->u.host.err),
		    ev->u.host.detail);
		break;
	default:
		printf("event %s name=%s path=%s err=%s\n", ev_name(ev->type),
		    ev->u.step.name, ev->u.step.path != NULL ?
		    ev->u.step.path : "-", err_name(ev->u.step.err));
		break;
	}
	fflush(stdout);
	(void)vctx;
}

static void
on_progress(void *vctx, const char *name, enum cds_phase phase,
    uint64_t done, uint64_t total)
{
	struct ctx *c = vctx;
	static const char *const ph[] = { "?", "download", "verify",
	    "extract" };

	if (c->progress) {
		printf("progress %s %s %llu/%llu\n", name,
		    ph[phase <= 3 ? phase : 0], (unsigned long long)done,
		    (unsigned long long)total);
	}
	if (c->cancel_after > 0 && phase == CDS_PHASE_DOWNLOAD &&
	    done >= c->cancel_after) {
		cds_cancel(c->h);
	}
}

static void
on_log(void *vctx, enum cds_loglevel level, const char *fmt, va_list ap)
{
	fputs("log: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	(void)vctx;
	(void)level;
}

static int
usage(void)
{
	fputs("usage: fetchtool [--cache DIR] [--offline] [--jobs N] "
	    "[--timeout S] [--memlimit MIB]\n"
	    "  [--cancel-after BYTES] [--progress] [--rss] "
	    "DEST|REL|SHA256|SIZE|URL[|URL...]...\n"
	    "  or --manifest M --release KIND:VER[:VARIANT] --dest DIR "
	    "[--mirror URL]...\n", stderr);
	return 2;
}

int
main(int argc, char **argv)
{
	struct ctx ctx = {0};
	struct cds_fetch *f = NULL;
	struct cds_archive *own = NULL;
	size_t n = 0, i;
	const char *cache = NULL, *manifest = NULL, *release = NULL;
	const char *dest = NULL;
	struct cds_strv mirrors = {0};
	unsigned timeout = 0;
	int rss = 0, err, ret, a;
	cds_handle_t *h;

	h = cds_new(NULL, &err);
	if (h == NULL) {
		return 2;
	}
	ctx.h = h;
	cds_set_event_cb(h, on_event, &ctx);
	cds_set_progress_cb(h, on_progress, &ctx);
	cds_set_log_cb(h, on_log, &ctx);
	f = cds_xcalloc((size_t)argc, sizeof(*f));
	own = cds_xcalloc((size_t)argc, sizeof(*own));
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;

		if (strcmp(o, "--offline") == 0) {
			cds_set_offline(h, 1);
		} else if (strcmp(o, "--progress") == 0) {
			ctx.progress = 1;
		} else if (strcmp(o, "--rss") == 0) {
			rss = 1;
		} else if (o[0] == '-' && o[1] == '-' && v == NULL) {
			return usage();
		} else if (strcmp(o, "--cache") == 0) {
			cache = v;
			a++;
		} else if (strcmp(o, "--jobs") == 0) {
			if (cds_set_jobs(h, atoi(v)) == -1) {
				return usage();
			}
			a++;
		} else if (strcmp(o, "--timeout") == 0) {
			timeout = (unsigned)atoi(v);
			a++;
		} else if (strcmp(o, "--memlimit") == 0) {
			cds_set_memlimit(h, (uint64_t)atoi(v) << 20);
			a++;
		} else if (strcmp(o, "--cancel-after") == 0) {
			ctx.cancel_after = strtoull(v, NULL, 10);
			a++;
		} else if (strcmp(o, "--manifest") == 0) {
			manifest = v;
			a++;
		} else if (strcmp(o, "--release") == 0) {
			release = v;
			a++;
		} else if (strcmp(o, "--dest") == 0) {
			dest = v;
			a++;
		} else if (strcmp(o, "--mirror") == 0) {
			cds_strv_push(&mirrors, v);
			a++;
		} else if (o[0] == '-') {
			return usage();
		} else {
			char **fld = cds_strsplit(o, "|", 1);
			struct cds_strv urls = {0};
			size_t k;

			if (cds_strv_len(fld) < 4) {
				return usage();
			}
			cds_mkdir_p(fld[0], 0755);
			own[n].relative_path = cds_xstrdup(fld[1]);
			own[n].sha256 = cds_xstrdup(fld[2]);
			own[n].size = strtoull(fld[3], NULL, 10);
			own[n].component = cds_xstrdup("test");
			for (k = 4; fld[k] != NULL; k++) {
				cds_strv_push(&urls, fld[k]);
			}
			f[n].archive = &own[n];
			f[n].urls = cds_strv_steal(&urls);
			f[n].dest_dir = cds_xstrdup(fld[0]);
			n++;
			cds_strfreev(fld);
		}
	}
	if (manifest != NULL) {
		const struct cds_manifest *m;
		const struct cds_release *rel;
		const struct cds_archive *const *arcs;
		char **part = release != NULL ?
		    cds_strsplit(release, ":", 0) : NULL;

		if (part == NULL || cds_strv_len(part) < 2 || dest == NULL) {
			return usage();
		}
		cds_set_manifest(h, manifest);
		if ((m = cds_manifest_load(h)) == NULL) {
			goto herr;
		}
		rel = cds_manifest_find(m, strcmp(part[0], "cudnn") == 0 ?
		    CDS_KIND_CUDNN : CDS_KIND_CUDA, part[1]);
		if (rel == NULL) {
			fprintf(stderr, "no release %s\n", release);
			return 2;
		}
		arcs = cds_release_archives(h, rel, cds_platform(), part[2]);
		if (arcs == NULL) {
			goto herr;
		}
		for (i = 0; arcs[i] != NULL; i++) {
			struct cds_strv urls = {0};
			size_t k;

			f = cds_xreallocarray(f, n + 1, sizeof(*f));
			memset(&f[n], 0, sizeof(f[n]));
			for (k = 0; k < mirrors.n; k++) {
				cds_strv_push_owned(&urls, cds_path_join(
				    mirrors.v[k], arcs[i]->relative_path));
			}
			cds_strv_push_owned(&urls, cds_xasprintf("%s%s",
			    rel->base_url, arcs[i]->relative_path));
			f[n].archive = arcs[i];
			f[n].urls = cds_strv_steal(&urls);
			f[n].dest_dir = cds_path_join(dest,
			    arcs[i]->component);
			cds_mkdir_p(f[n].dest_dir, 0755);
			n++;
		}
		cds_strfreev(part);
	}
	if (n == 0) {
		return usage();
	}
	for (i = 0; i < n; i++) {
		f[i].cache_dir = cache;
		f[i].timeout_s = timeout;
	}
	ret = cds_fetch_extract_all(h, f, n);
	for (i = 0; i < n; i++) {
		printf("item %zu err=%s\n", i, err_name(f[i].err));
	}
	printf("result %d err=%s detail=%s\n", ret, err_name(cds_errno(h)),
	    cds_errdetail(h));
	if (rss) {
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		printf("maxrss_kb=%ld\n", ru.ru_maxrss);
	}
	for (i = 0; i < n; i++) {
		cds_strfreev(f[i].urls);
		free((char *)f[i].dest_dir);
		if (manifest == NULL) {
			cds_archive_clear(&own[i]);
		}
	}
	free(f);
	free(own);
	cds_strv_clear(&mirrors);
	cds_free(h);
	return ret == 0 ? 0 : 1;
herr:
	printf("result -1 err=%s detail=%s\n", err_name(cds_errno(h)),
	    cds_errdetail(h));
	cds_free(h);
	return 1;
}
