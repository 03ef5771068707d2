/*
 * progress.c - what the command line shows while an install runs.  On a
 * terminal, a block of lines redrawn in place (the cursor goes back up,
 * each line is rewritten and the rest erased, so nothing scrolls): one
 * line per archive in flight (its phase, bytes, speed and time left) and
 * an overall line (the plan's bytes); a finished archive leaves one line
 * above the block.  Elsewhere, plain lines: one when an archive starts
 * downloading and one when it is unpacked, no escape codes.  Everything
 * goes to stderr, so that --json keeps stdout for its document.
 *
 * Speeds are measured here, over the last few seconds of each counter
 * (a sliding window), so a stall shows as a falling speed and a resumed
 * download's old bytes do not count.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define DRAW_MS		100	/* the block is redrawn at most this often */
#define SAMPLE_MS	250	/* a meter keeps a sample this often */
#define WINDOW_MS	5000	/* ... over this long */
#define NSAMPLES	(WINDOW_MS / SAMPLE_MS + 2)
#define MIN_SPAN_MS	500	/* less than this measured: no speed yet */

/* Bytes a second of a counter, over the last WINDOW_MS. */
struct meter {
	double t[NSAMPLES];
	uint64_t b[NSAMPLES];
	size_t n;
	double now_t;
	uint64_t now_b;
};

struct track {
	char *name;
	uint64_t size;		/* from the plan or the events, 0 unknown */
	uint64_t got;		/* downloaded, or read from the cache */
	uint64_t unpacked;	/* compressed bytes unpacked */
	enum cds_phase fetch;	/* CDS_PHASE_DOWNLOAD or CDS_PHASE_VERIFY */
	int fetched;		/* every byte is in and verified */
	int started, finished, failed;
	enum cds_phase shown;	/* the phase its meter measures */
	struct meter m;
	char *url;		/* off a terminal: the download to announce
				   when its first byte comes */
	uint64_t offset;	/* ... resumed from */
};

/* A server that could not be reached (CDS_EV_HOST_DOWN). */
struct downhost {
	char *name;
	char *detail;
	int reason;
	int err;
};

struct progress {
	struct cli *c;
	int tty;
	int drawn;		/* lines of the block on the screen; the
				   cursor is at the end of the last one */
	double last_draw;
	struct track *t;
	size_t n;
	struct meter all;
	struct downhost *down;
	size_t ndown;
};

static struct progress prog;

static char *
xstrdup(const char *s)
{
	char *d = strdup(s != NULL ? s : "");

	if (d == NULL) {
		abort();
	}
	return d;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ------------------------------------------------------------------------ */
/* Meters                                                                    */
/* ------------------------------------------------------------------------ */

static void
meter_reset(struct meter *m)
{
	memset(m, 0, sizeof(*m));
}

static void
meter_add(struct meter *m, double now, uint64_t bytes)
{
	size_t i = 0;

	if (m->n > 0 && bytes < m->now_b) {
		/* the counter went back (a download started again) */
		meter_reset(m);
	}
	m->now_t = now;
	m->now_b = bytes;
	if (m->n == 0 || now - m->t[m->n - 1] >= SAMPLE_MS) {
		if (m->n == NSAMPLES) {
			memmove(m->t, m->t + 1, (NSAMPLES - 1) * sizeof(m->t[0]));
			memmove(m->b, m->b + 1, (NSAMPLES - 1) * sizeof(m->b[0]));
			m->n--;
		}
		m->t[m->n] = now;
		m->b[m->n] = bytes;
		m->n++;
	}
	/* the oldest sample still inside the window is the base */
	while (i + 1 < m->n && now - m->t[i + 1] >= WINDOW_MS) {
		i++;
	}
	if (i > 0) {
		memmove(m->t, m->t + i, (m->n - i) * sizeof(m->t[0]));
		memmove(m->b, m->b + i, (m->n - i) * sizeof(m->b[0]));
		m->n -= i;
	}
}

/* Bytes a second, or 0 when not measured long enough yet. */
static double
meter_rate(const struct meter *m)
{
	double span;

	if (m->n == 0 || (span = m->now_t - m->t[0]) < MIN_SPAN_MS) {
		return 0;
	}
	return (double)(m->now_b - m->b[0]) * 1000.0 / span;
}

/* ------------------------------------------------------------------------ */
/* Archives                                                                  */
/* ------------------------------------------------------------------------ */

static struct track *
find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < prog.n; i++) {
		if (strcmp(prog.t[i].name, name) == 0) {
			return &prog.t[i];
		}
	}
	return NULL;
}

static struct track *
track_of(const char *name)
{
	struct track *t = find(name);

	if (t != NULL) {
		return t;
	}
	prog.t = realloc(prog.t, (prog.n + 1) * sizeof(*prog.t));
	if (prog.t == NULL) {
		abort();
	}
	t = &prog.t[prog.n++];
	memset(t, 0, sizeof(*t));
	t->name = xstrdup(name);
	t->fetch = CDS_PHASE_DOWNLOAD;
	t->shown = CDS_PHASE_DOWNLOAD;
	return t;
}

/* The phase a line shows, and its counter. */
static enum cds_phase
shown_phase(const struct track *t, uint64_t *done)
{
	if (!t->fetched && (t->size == 0 || t->got < t->size)) {
		*done = t->got;
		return t->fetch;
	}
	*done = t->unpacked;
	return CDS_PHASE_EXTRACT;
}

/* The counter of its line moved: measure it. */
static void
track_measure(struct track *t, double now)
{
	uint64_t done;
	enum cds_phase ph = shown_phase(t, &done);

	if (ph != t->shown) {
		t->shown = ph;
		meter_reset(&t->m);
	}
	meter_add(&t->m, now, done);
}

/* ------------------------------------------------------------------------ */
/* The block                                                                 */
/* ------------------------------------------------------------------------ */

static const char *
phase_word(enum cds_phase ph)
{
	switch (ph) {
	case CDS_PHASE_DOWNLOAD:
		return _("downloading");
	case CDS_PHASE_VERIFY:
		return _("verifying");
	case CDS_PHASE_EXTRACT:
		return _("unpacking");
	}
	return "";
}

/* "cuda_cudart-linux-x86_64-12.4.127" of
 * "cuda_cudart-linux-x86_64-12.4.127-archive.tar.xz" */
static void
short_name(const char *name, char out[64])
{
	const char *end = strstr(name, "-archive.");
	size_t n = end != NULL ? (size_t)(end - name) : strlen(name);

	if (n > 63) {
		n = 63;
	}
	memcpy(out, name, n);
	out[n] = '\0';
}

/* "512.0 KiB/s  ETA 0:04", or "--" where the speed is not known yet. */
static void
speed_eta(double rate, uint64_t done, uint64_t total, char *out, size_t len)
{
	char b[32];

	if (rate < 1) {
		snprintf(out, len, "--");
		return;
	}
	cli_bytes((uint64_t)rate, b);
	if (total > done) {
		unsigned long left = (unsigned long)((double)(total - done) /
		    rate + 0.5);

		if (left >= 3600) {
			snprintf(out, len, "%s/s  %s %lu:%02lu:%02lu", b,
			    _("ETA"), left / 3600, left / 60 % 60, left % 60);
		} else {
			snprintf(out, len, "%s/s  %s %lu:%02lu", b, _("ETA"),
			    left / 60, left % 60);
		}
	} else {
		snprintf(out, len, "%s/s", b);
	}
}

static size_t
term_size(size_t *rows)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
		*rows = ws.ws_row > 0 ? ws.ws_row : 24;
		return ws.ws_col;
	}
	*rows = 24;
	return 80;
}

/* Put LINE on the block, cut to COLS columns (a line that wrapped would
 * leave the cursor below where the block thinks it is). */
static void
put_line(const char *line, size_t cols, int last)
{
	size_t keep = cli_text_fit(line, cols > 1 ? cols - 1 : 1);

	fwrite(line, 1, keep, stderr);
	fputs("\033[K", stderr);
	if (!last) {
		fputc('\n', stderr);
	}
	prog.drawn++;
}

/* Back to where the block began, erasing it. */
static void
block_erase(void)
{
	if (prog.drawn == 0) {
		return;
	}
	fputc('\r', stderr);
	if (prog.drawn > 1) {
		fprintf(stderr, "\033[%dA", prog.drawn - 1);
	}
	fputs("\033[J", stderr);
	prog.drawn = 0;
}

static void
block_draw(void)
{
	double now = now_ms();
	size_t i, rows, cols = term_size(&rows), namew = 0, phw = 0, shown;
	size_t nflight = 0, nfinished = 0, max;
	uint64_t total = 0, done = 0;
	char name[64], b1[32], b2[32], se[96], label[128], line[512];
	enum cds_phase ph;

	for (i = 0; i < prog.n; i++) {
		const struct track *t = &prog.t[i];

		total += t->size;
		done += t->finished ? t->size : t->got < t->size ? t->got :
		    t->size;
		nfinished += t->finished;
		if (t->started && !t->finished) {
			short_name(t->name, name);
			if (strlen(name) > namew) {
				namew = strlen(name);
			}
			nflight++;
		}
	}
	meter_add(&prog.all, now, done);
	/* the block's place is taken again from the top */
	if (prog.drawn > 0) {
		fputc('\r', stderr);
		if (prog.drawn > 1) {
			fprintf(stderr, "\033[%dA", prog.drawn - 1);
		}
		prog.drawn = 0;
	}
	if (nflight == 0) {
		fputs("\033[J", stderr);
		fflush(stderr);
		prog.last_draw = now;
		return;
	}
	snprintf(label, sizeof(label), _("overall, %zu of %zu done"),
	    nfinished, prog.n);
	if (cli_text_width(label) > namew) {
		namew = cli_text_width(label);
	}
	for (ph = CDS_PHASE_DOWNLOAD; ph <= CDS_PHASE_EXTRACT; ph++) {
		if (cli_text_width(phase_word(ph)) > phw) {
			phw = cli_text_width(phase_word(ph));
		}
	}
	/* the overall line, and as many archives as the terminal holds */
	max = rows > 2 ? rows - 2 : 1;
	shown = 0;
	for (i = 0; i < prog.n && shown < max; i++) {
		const struct track *t = &prog.t[i];
		uint64_t d;
		const char *w;

		if (!t->started || t->finished) {
			continue;
		}
		ph = shown_phase(t, &d);
		w = phase_word(ph);
		short_name(t->name, name);
		speed_eta(meter_rate(&t->m), d, t->size, se, sizeof(se));
		snprintf(line, sizeof(line), "  %-*s  %s%*s  %s / %s  %s",
		    (int)namew, name, w, (int)(phw - cli_text_width(w)), "",
		    cli_bytes(d, b1), cli_bytes(t->size, b2), se);
		put_line(line, cols, 0);
		shown++;
	}
	speed_eta(meter_rate(&prog.all), done, total, se, sizeof(se));
	snprintf(line, sizeof(line), "  %s%*s  %*s  %s / %s  %s", label,
	    (int)(namew - cli_text_width(label)), "", (int)phw, "",
	    cli_bytes(done, b1), cli_bytes(total, b2), se);
	put_line(line, cols, 1);
	fputs("\033[J", stderr);
	fflush(stderr);
	prog.last_draw = now;
}

/* Redraw the block when it is due (or at once with FORCE). */
static void
block_update(int force)
{
	if (!prog.tty || prog.c->quiet) {
		return;
	}
	if (force || now_ms() - prog.last_draw >= DRAW_MS) {
		block_draw();
	}
}

void
cli_progress_hide(void)
{
	if (prog.tty) {
		block_erase();
		fflush(stderr);
	}
}

/* A finished line: printed whole above the block, whatever the terminal. */
static void __attribute__((format(printf, 1, 2)))
say(const char *fmt, ...)
{
	va_list ap;
	int had = prog.drawn > 0;

	if (prog.c->quiet) {
		return;
	}
	block_erase();
	fprintf(stderr, "%s: ", PACKAGE);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (had) {
		block_update(1);
	}
	fflush(stderr);
}

/* ------------------------------------------------------------------------ */
/* Callbacks                                                                 */
/* ------------------------------------------------------------------------ */

/* Off a terminal, the line that an archive is downloading, once its first
 * byte is here (a server that never answers starts nothing). */
static void
announce(struct track *t)
{
	char b1[32];

	if (t->url == NULL) {
		return;
	}
	if (t->offset > 0) {
		say(_("downloading %s (%s), resuming at %llu"), t->url,
		    cli_bytes(t->size, b1), (unsigned long long)t->offset);
	} else {
		say(_("downloading %s (%s)"), t->url, cli_bytes(t->size, b1));
	}
	free(t->url);
	t->url = NULL;
}

static void
cb_progress(void *ctx, const char *name, enum cds_phase phase, uint64_t done,
    uint64_t total)
{
	struct track *t;

	(void)ctx;
	if (prog.c->quiet || name == NULL) {
		return;
	}
	t = track_of(name);
	if (total > 0) {
		t->size = total;
	}
	if (phase == CDS_PHASE_EXTRACT) {
		t->unpacked = done;
	} else {
		t->fetch = phase;
		t->got = done;
		if (done > 0) {
			t->started = 1;
		}
		if (phase == CDS_PHASE_DOWNLOAD && done > t->offset) {
			announce(t);
		}
	}
	track_measure(t, now_ms());
	block_update(0);
}

static int
is_net_err(int err)
{
	return err == CDS_ERR_NETWORK || err == CDS_ERR_TLS;
}

static void
host_down(const struct cds_event *ev)
{
	struct downhost *d;

	prog.down = realloc(prog.down, (prog.ndown + 1) * sizeof(*prog.down));
	if (prog.down == NULL) {
		abort();
	}
	d = &prog.down[prog.ndown++];
	d->name = xstrdup(ev->u.host.host);
	d->detail = xstrdup(ev->u.host.detail);
	d->reason = ev->u.host.reason;
	d->err = ev->u.host.err;
	if (prog.c->verbose) {
		say(_("%s cannot be reached: %s"), d->name, d->detail);
	}
}

/* An archive ended with ERR. */
static void
archive_failed(const char *name, int err)
{
	struct track *t = find(name);

	if (t != NULL) {
		t->failed = t->finished = 1;
	}
	if (is_net_err(err) && prog.ndown > 0) {
		/* its server is down: said once, at the end */
		block_update(1);
		return;
	}
	say(_("%s: %s"), name, cds_strerror(err));
}

static void
cb_event(void *ctx, const struct cds_event *ev)
{
	struct cli *c = prog.c;
	struct track *t;
	char b1[32];

	(void)ctx;
	switch (ev->type) {
	case CDS_EV_UNTRUSTED_MANIFEST:
		cli_progress_hide();
		cli_warn(c, _("%s is an NVIDIA redistrib file given directly: "
		    "it is trusted through TLS alone, not pinned by the "
		    "index"), ev->u.step.path);
		break;
	case CDS_EV_LOCK_WAIT:
		if (c->lock_wait < 0) {
			break;	/* no wait: the error names the holder */
		}
		if (ev->u.lock.asking) {
			say(_("waiting for the lock %s, held by %s, which "
			    "waits for its user's answer"), ev->u.lock.path,
			    ev->u.lock.holder);
		} else {
			say(_("waiting for the lock %s, held by %s"),
			    ev->u.lock.path, ev->u.lock.holder);
		}
		break;
	case CDS_EV_CLEANUP:
		say(_("cleaned up after an interrupted run: %s"),
		    ev->u.step.path);
		break;
	case CDS_EV_DOWNLOAD_START:
		if (ev->u.download.name != NULL) {
			t = track_of(ev->u.download.name);
			t->started = 1;
			t->fetch = CDS_PHASE_DOWNLOAD;
			if (ev->u.download.size > 0) {
				t->size = ev->u.download.size;
			}
			/* bytes of an earlier run are not this one's speed */
			t->got = ev->u.download.offset;
			meter_reset(&t->m);
			track_measure(t, now_ms());
			if (!prog.tty) {
				free(t->url);
				t->url = xstrdup(ev->u.download.url);
				t->offset = ev->u.download.offset;
			}
		}
		block_update(1);
		break;
	case CDS_EV_DOWNLOAD_RETRY:
		say(_("%s: %s%s; trying again in %.1f s (attempt %d)"),
		    ev->u.retry.url, cds_strerror(ev->u.retry.err),
		    ev->u.retry.http_status > 0 ? " (HTTP)" : "",
		    ev->u.retry.delay_ms / 1000.0, ev->u.retry.attempt);
		break;
	case CDS_EV_HOST_DOWN:
		host_down(ev);
		break;
	case CDS_EV_VERIFY_START:
		/* an archive read from the cache (a release's tree is
		 * verified under the release's name, which is no track) */
		if ((t = find(ev->u.step.name)) != NULL) {
			t->started = 1;
			t->fetch = CDS_PHASE_VERIFY;
		}
		break;
	case CDS_EV_VERIFY_DONE:
		if ((t = find(ev->u.step.name)) != NULL &&
		    ev->u.step.err == 0) {
			t->fetched = 1;
		}
		if (ev->u.step.err != 0) {
			say(_("%s: %s"), ev->u.step.name,
			    cds_strerror(ev->u.step.err));
		} else if (!prog.tty && c->verbose) {
			say(_("verified %s"), ev->u.step.name);
		}
		break;
	case CDS_EV_EXTRACT_DONE:
		if (ev->u.step.err != 0) {
			archive_failed(ev->u.step.name, ev->u.step.err);
			break;
		}
		t = track_of(ev->u.step.name);
		t->finished = 1;
		announce(t);
		if (t->size > 0) {
			say(_("%s: %s, verified and unpacked"),
			    ev->u.step.name, cli_bytes(t->size, b1));
		} else {
			say(_("%s: verified and unpacked"), ev->u.step.name);
		}
		break;
	case CDS_EV_COMMIT_DONE:
		if (ev->u.step.err == 0) {
			say(_("installed %s"), ev->u.step.path);
		}
		break;
	case CDS_EV_FIXUP_DONE:
		if (ev->u.step.err != 0) {
			say(_("%s: fix-ups failed: %s"), ev->u.step.name,
			    cds_strerror(ev->u.step.err));
		}
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------------------------ */
/* Setup, and the end                                                        */
/* ------------------------------------------------------------------------ */

static void
downs_free(void)
{
	size_t i;

	for (i = 0; i < prog.ndown; i++) {
		free(prog.down[i].name);
		free(prog.down[i].detail);
	}
	free(prog.down);
	prog.down = NULL;
	prog.ndown = 0;
}

static void
tracks_free(void)
{
	size_t i;

	for (i = 0; i < prog.n; i++) {
		free(prog.t[i].name);
		free(prog.t[i].url);
	}
	free(prog.t);
	prog.t = NULL;
	prog.n = 0;
}

void
cli_progress_install(struct cli *c)
{
	const char *term = getenv("TERM");

	tracks_free();
	downs_free();
	memset(&prog, 0, sizeof(prog));
	prog.c = c;
	prog.tty = isatty(STDERR_FILENO) && term != NULL &&
	    strcmp(term, "dumb") != 0;
	cds_set_event_cb(c->h, cb_event, c);
	cds_set_progress_cb(c->h, cb_progress, c);
}

void
cli_progress_plan(const struct cds_plan *p)
{
	size_t i, k;

	for (i = 0; i < p->nitems; i++) {
		if (p->items[i].state != CDS_ITEM_NEW) {
			continue;
		}
		for (k = 0; k < p->items[i].narchives; k++) {
			const struct cds_archive *a =
			    p->items[i].archives[k].archive;
			const char *base = strrchr(a->relative_path, '/');

			track_of(base != NULL ? base + 1 :
			    a->relative_path)->size = a->size;
		}
	}
}

void
cli_progress_end(void)
{
	cli_progress_hide();
	fflush(stderr);
	tracks_free();
}

/* Why a server could not be reached, in words. */
static const char *
reason_text(int reason)
{
	switch (reason) {
	case CDS_NET_DNS:
		return _("its name does not resolve (DNS)");
	case CDS_NET_PROXY:
		return _("the proxy's name does not resolve");
	case CDS_NET_REFUSED:
		return _("it refused the connection");
	case CDS_NET_UNREACHABLE:
		return _("no route to it (is the network up?)");
	case CDS_NET_TLS:
		return _("its certificate is not trusted here");
	case CDS_NET_TIMEOUT:
		return _("it did not answer");
	}
	return _("the connection failed");
}

static void
net_hint(int tls)
{
	if (tls) {
		fprintf(stderr, _("  nothing was changed; trust the server's "
		    "CA with CURL_CA_BUNDLE=FILE, or use another server "
		    "(--mirror URL), archives downloaded before (--cache DIR) "
		    "or those alone (--offline)\n"));
	} else {
		fprintf(stderr, _("  nothing was changed; check the network "
		    "and the server's address, or use another server "
		    "(--mirror URL), archives downloaded before (--cache DIR) "
		    "or those alone (--offline)\n"));
	}
}

int
cli_progress_net(struct cli *c, int failed)
{
	char *list = NULL;
	size_t len = 0;
	int tls = 0;
	size_t i;
	FILE *fp;

	if (prog.ndown == 0 || (failed && !is_net_err(cds_errno(c->h)))) {
		return -1;
	}
	if (failed && cds_errreason(c->h) != CDS_REASON_SERVERS_DOWN) {
		/* an archive failed for more than its servers being down
		 * (a stall, then a refusal): the engine's words, and what
		 * to do */
		cli_fail_handle(c);
		net_hint(0);
		downs_free();
		return cds_exit_status(cds_errno(c->h));
	}
	fp = open_memstream(&list, &len);
	if (fp == NULL) {
		abort();
	}
	for (i = 0; i < prog.ndown; i++) {
		const struct downhost *d = &prog.down[i];

		fprintf(fp, "%s%s: %s", i > 0 ? "; " : "", d->name,
		    reason_text(d->reason));
		if (d->reason == CDS_NET_TLS) {
			/* which check failed is the user's next step */
			fprintf(fp, " (%s)", d->detail);
			tls = 1;
		}
	}
	fclose(fp);
	if (!failed) {
		cli_warn(c, _("passed over, as they could not be reached: %s"),
		    list);
		free(list);
		downs_free();
		return 0;
	}
	cli_fail(c, "%s: %s", cds_strerror(cds_errno(c->h)), list);
	free(list);
	net_hint(tls);
	downs_free();
	return cds_exit_status(cds_errno(c->h));
}
