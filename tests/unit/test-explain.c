/*
 * explain's recognition over the corpus of real error texts in
 * tests/realworld/errors: every text, as its source shows it, is
 * recognised as the entry its header names.  Each one-line text is also
 * tried in the two other forms people paste: after a log prefix (XLA's
 * timestamp, ONNX Runtime's bracket, glog's), and as the last line of a
 * Python traceback.  Every text is also tried once as a log, a terminal
 * or an issue tracker wraps it, each line decorated (decorate()).  Each
 * header names a source on a public issue tracker
 * and a form.  Prints the counts by project, by form and by entry.  Text
 * longer than CDS_EXPLAIN_MAX is refused; up to it, all of it is read.
 * The nearest entries of a text none knows (cds_explain_closest) are
 * weighed by how few entries share a word: each entry's own meaning, read
 * as a text, is nearest to that entry.
 */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/explain.h"
#include "doctor/explain_table.h"
#include "sys/handle.h"
#include "tap.h"

/* One file: its header fields and the text after "---". */
struct item {
	char *name;
	char *source, *project, *form, *entry;
	char *text;
};

static char *
field(const char *head, const char *key)
{
	size_t n = strlen(key);
	const char *p = head;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, key, n) == 0 && p[n] == ':' && p[n + 1] == ' ') {
			return cds_xstrndup(p + n + 2,
			    strcspn(p + n + 2, "\n"));
		}
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	return NULL;
}

static int
read_item(const char *dir, const char *name, struct item *it)
{
	char *path = cds_path_join(dir, name), *all, *sep;
	size_t len;

	all = cds_read_file(path, 1u << 20, &len);
	free(path);
	memset(it, 0, sizeof(*it));
	it->name = cds_xstrdup(name);
	if (all == NULL || (sep = strstr(all, "\n---\n")) == NULL) {
		free(all);
		return -1;
	}
	*sep = '\0';
	it->source = field(all, "source");
	it->project = field(all, "project");
	it->form = field(all, "form");
	it->entry = field(all, "entry");
	it->text = cds_xstrdup(sep + 5);
	len = strlen(it->text);
	if (len > 0 && it->text[len - 1] == '\n') {
		it->text[len - 1] = '\0';
	}
	free(all);
	return 0;
}

static const char *
recognise(cds_handle_t *h, const char *text, char **detail)
{
	struct cds_explanation *x = cds_explain_text(h, text);
	static char id[64];

	*detail = NULL;
	if (x == NULL) {
		*detail = cds_xstrdup(cds_errdetail(h));
		return NULL;
	}
	snprintf(id, sizeof(id), "%s", x->id);
	cds_explanation_free(x);
	return id;
}

/* Counting by a key: a few distinct values. */
struct tally {
	char *key[64];
	int n[64];
	size_t len;
};

static void
count(struct tally *t, const char *key)
{
	size_t i;

	for (i = 0; i < t->len && strcmp(t->key[i], key) != 0; i++) {
	}
	if (i == t->len && t->len < 64) {
		t->key[t->len++] = cds_xstrdup(key);
	}
	if (i < 64) {
		t->n[i]++;
	}
}

static void
show(const char *what, struct tally *t)
{
	size_t i;

	printf("# by %s:", what);
	for (i = 0; i < t->len; i++) {
		printf("%s %s %d", i > 0 ? "," : "", t->key[i], t->n[i]);
		free(t->key[i]);
	}
	printf("\n");
}

/* TEXT as one of the wrappers around a paste (by K) has it: each line
 * quoted in Markdown, after docker compose's service, after the container
 * runtime's time and stream, in a terminal's colours (their ESC kept or
 * lost), ended by CR LF, or after a launcher's tag (torchrun, vLLM's
 * workers, BuildKit, Open MPI). */
static char *
decorate(const char *text, size_t k)
{
	static const char *const before[] = {
		"> ", "ollama-1  | ",
		"2025-03-04T10:11:12.123456789Z stderr F ", "\x1b[31m", "[1;31m",
		"", "[rank0]: ", "(VllmWorkerProcess pid=3512) ", "#12 4.512 ",
		"[1,0]<stderr>:",
	};
	static const char *const after[] = {
		"", "", "", "\x1b[0m", "[0m", "\r", "", "", "", "",
	};
	const size_t nforms = sizeof(before) / sizeof(*before);
	char *o = cds_xstrdup(""), *t;
	const char *l = text, *e;

	k %= nforms;
	while (*l != '\0') {
		e = strchr(l, '\n');
		e = e != NULL ? e : l + strlen(l);
		t = cds_xasprintf("%s%s%.*s%s%s", o, before[k], (int)(e - l), l,
		    after[k], *e == '\n' ? "\n" : "");
		free(o);
		o = t;
		l = *e == '\n' ? e + 1 : e;
	}
	return o;
}

static const char *const decorations[] = {
	"quoted in Markdown", "after docker compose's service",
	"after the container runtime's prefix", "in a terminal's colours",
	"in colours that lost their ESC", "with CR LF line ends",
	"after torchrun's rank", "after vLLM's worker and pid",
	"after BuildKit's step and time", "after Open MPI's rank and stream",
};

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(void)
{
	static const char *const prefixes[] = {
		"2024-05-01 12:00:00.123456: E external/local_xla/xla/"
		    "stream_executor/cuda/cuda_dnn.cc:535] ",
		"2024-08-01 12:00:00.000 [E:onnxruntime:Default, "
		    "provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] ",
		"W0000 00:00:1714000000.123456   12345 cuda_executor.cc:1042] ",
	};
	const char *src = getenv("CDS_SRCDIR");
	char *dir = cds_path_join(src != NULL ? src : ".",
	    "tests/realworld/errors"), **names = NULL, *big;
	struct tally projects = {0}, forms = {0}, ids = {0};
	size_t nnames = 0, i, single = 0, variants = 0, right = 0, tried = 0;
	struct item *items;
	struct dirent *de;
	cds_handle_t *h;
	DIR *d;
	int err;

	if ((d = opendir(dir)) == NULL) {
		printf("1..0 # SKIP no corpus at %s\n", dir);
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		if (cds_endswith(de->d_name, ".txt")) {
			names = cds_xreallocarray(names, nnames + 1,
			    sizeof(*names));
			names[nnames++] = cds_xstrdup(de->d_name);
		}
	}
	closedir(d);
	qsort(names, nnames, sizeof(*names), cmp_str);
	items = cds_xcalloc(nnames + 1, sizeof(*items));
	for (i = 0; i < nnames; i++) {
		if (read_item(dir, names[i], &items[i]) == 0 &&
		    strchr(items[i].text, '\n') == NULL) {
			single++;
		}
	}
	/* per file: header, as found; per one-line text: two more forms */
	/* and every text once decorated */
	tap_plan((int)(3 * nnames + 2 * single + 2 + 2 +
	    cds_explain_nentries - 1));
	h = cds_new("/", &err);
	for (i = 0; i < nnames; i++) {
		struct item *it = &items[i];
		const char *got;
		char *detail;
		size_t k;

		tap_ok(it->text != NULL && it->source != NULL &&
		    strncmp(it->source, "https://github.com/", 19) == 0 &&
		    it->project != NULL && it->entry != NULL &&
		    it->form != NULL && (strcmp(it->form, "bare") == 0 ||
		    strcmp(it->form, "traceback") == 0 ||
		    strcmp(it->form, "log") == 0),
		    "%s: a source, a project, a form, an entry", it->name);
		if (it->text == NULL) {
			tap_ok(0, "%s: no text", it->name);
			continue;
		}
		count(&projects, it->project != NULL ? it->project : "?");
		count(&forms, it->form != NULL ? it->form : "?");
		count(&ids, it->entry != NULL ? it->entry : "?");
		got = recognise(h, it->text, &detail);
		tried++;
		right += got != NULL && cds_streq(got, it->entry);
		tap_ok(got != NULL && cds_streq(got, it->entry),
		    "%s: recognised as %s (got %s%s%s)", it->name, it->entry,
		    got != NULL ? got : "nothing", detail != NULL ? ": " : "",
		    detail != NULL ? detail : "");
		free(detail);
		{
			char *t = decorate(it->text, i);

			got = recognise(h, t, &detail);
			tried++;
			right += got != NULL && cds_streq(got, it->entry);
			tap_ok(got != NULL && cds_streq(got, it->entry),
			    "%s %s: recognised as %s (got %s)", it->name,
			    decorations[i % (sizeof(decorations) /
			    sizeof(*decorations))], it->entry,
			    got != NULL ? got : "nothing");
			free(detail);
			free(t);
		}
		if (strchr(it->text, '\n') != NULL) {
			continue;
		}
		for (k = 0; k < 2; k++) {
			char *t = k == 0 ? cds_xasprintf("%s%s",
			    prefixes[variants % 3], it->text) :
			    cds_xasprintf("Traceback (most recent call last):\n"
			    "  File \"/home/user/train.py\", line 12, in "
			    "<module>\n    main()\nRuntimeError: %s", it->text);

			got = recognise(h, t, &detail);
			tried++;
			right += got != NULL && cds_streq(got, it->entry);
			tap_ok(got != NULL && cds_streq(got, it->entry),
			    "%s %s: recognised as %s (got %s)", it->name,
			    k == 0 ? "after a log prefix" :
			    "as a traceback's last line", it->entry,
			    got != NULL ? got : "nothing");
			free(detail);
			free(t);
		}
		variants++;
	}
	printf("# %zu texts from public issue trackers, each once "
	    "decorated, %zu more forms of the one-line ones; recognised as "
	    "their entry: %zu of %zu\n", nnames, 2 * single, right, tried);
	show("project", &projects);
	show("form", &forms);
	show("entry", &ids);

	/* the nearest entries: every entry's meaning is nearest to it */
	for (i = 0; i < cds_explain_nentries; i++) {
		const struct entry_def *e = &cds_explain_entries[i];
		const char *near[CDS_CLOSEST];
		size_t n;

		if (strcmp(e->id, "NAMES") == 0) {
			continue;
		}
		n = cds_explain_closest(e->meaning, near, CDS_CLOSEST);
		tap_ok(n > 0 && strcmp(near[0], e->id) == 0,
		    "%s: its meaning, read as a text, is nearest to it "
		    "(nearest: %s)", e->id, n > 0 ? near[0] : "none");
	}
	{
		/* words many entries share ("could", "find", "library") weigh
		 * little: a DLL and its dependencies are what is near */
		static const char windll[] = "FileNotFoundError: Could not "
		    "find module 'C:\\app\\lib\\engine.dll' (or one of its "
		    "dependencies). Try using the full path with constructor "
		    "syntax.";
		const char *near[CDS_CLOSEST];
		size_t n = cds_explain_closest(windll, near, CDS_CLOSEST);

		tap_ok(n > 0 && strcmp(near[0], "F13") == 0,
		    "a DLL not found with its dependencies: F13 nearest (%s)",
		    n > 0 ? near[0] : "none");
		tap_ok(cds_explain_closest("the quick brown fox", near,
		    CDS_CLOSEST) == 0, "a text sharing no word: nothing near");
	}

	/* the bound */
	big = cds_xmalloc(CDS_EXPLAIN_MAX + 2);
	memset(big, 'x', CDS_EXPLAIN_MAX + 1);
	big[CDS_EXPLAIN_MAX + 1] = '\0';
	tap_ok(cds_explain_text(h, big) == NULL &&
	    cds_errno(h) == CDS_ERR_USAGE, "a text over 1 MiB is refused: %s",
	    cds_errdetail(h));
	big[CDS_EXPLAIN_MAX] = '\0';
	memcpy(big + CDS_EXPLAIN_MAX - 26, "CUDNN_STATUS_MAPPING_ERROR", 26);
	{
		struct cds_explanation *x = cds_explain_text(h, big);

		tap_ok(x != NULL && strcmp(x->id, "F22") == 0,
		    "1 MiB is read to its end: a message after 1 MiB less 26 "
		    "bytes of one word is found");
		cds_explanation_free(x);
	}
	free(big);
	for (i = 0; i < nnames; i++) {
		free(items[i].name);
		free(items[i].source);
		free(items[i].project);
		free(items[i].form);
		free(items[i].entry);
		free(items[i].text);
		free(names[i]);
	}
	free(items);
	free(names);
	free(dir);
	cds_free(h);
	return tap_done();
}
