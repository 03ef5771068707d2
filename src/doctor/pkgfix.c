/*
 * pkgfix.c - the fix a user's own package manager makes: for a framework
 * in a pip, uv or conda env whose build does not fit the driver or the
 * GPU, the command that installs the build that does (the index's
 * framework rows with their package index and architectures, from
 * manifests/data/wheel-builds.tsv), with the env's own interpreter or
 * tool, and the command that goes back to what is installed now.
 *
 * Rules (manifests/SOURCES.md; the research behind them is PyTorch's
 * release matrices and uv's driver table): a build runs when the driver
 * meets the floor of its CUDA major, whatever the minor (minor version
 * compatibility); the GPU must be among its cubins or at or above its
 * PTX; PyTorch refuses cuDNN 9.11 and newer below sm_75.  The command
 * pins the local label ("torch==2.9.0+cu126": a plain "torch==2.9.0" is
 * met by the "+cu130" already there, PEP 440) and names the build's index.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cds.h"
#include "sys/handle.h"
#include "doctor/facts.h"
#include "doctor/pkgfix.h"
#include "sys/spawn.h"
#include "base/util.h"
#include "base/version.h"

/* Is compute capability CC among the cubins ARCHS ("50 60 70") or at or
 * above the PTX architecture PTX? */
static int
arch_in(const char *archs, const char *ptx, int cc)
{
	const char *p = archs;

	if (ptx != NULL && atoi(ptx) <= cc) {
		return 1;
	}
	while (p != NULL && *p != '\0') {
		int a = atoi(p);

		if (a / 10 == cc / 10 && a <= cc) {
			return 1;
		}
		p = strchr(p, ' ');
		p = p != NULL ? p + 1 : NULL;
	}
	return 0;
}

/* The index's driver floor for Blackwell (a floor row with a note). */
static const char *
blackwell_floor(const struct cds_manifest *m)
{
	size_t i;

	for (i = 0; i < m->nfloors; i++) {
		if (m->floors[i].note != NULL &&
		    strstr(m->floors[i].note, "Blackwell") != NULL) {
			return m->floors[i].min_driver;
		}
	}
	return NULL;
}

int
cds_build_runs(const struct cds_manifest *m,
    const struct cds_framework_req *f, const struct cds_machine *mc,
    const char **why)
{
	const char *floor, *dummy;

	why = why != NULL ? why : &dummy;
	if (mc->driver != NULL) {
		floor = f->min_driver != NULL ? f->min_driver :
		    cds_manifest_driver_floor(m, f->cuda);
		if (floor != NULL && cds_vercmp(mc->driver, floor) < 0) {
			*why = f->ptx_jit ? "the driver does not know the "
			    "PTX of its CUDA minor" : "the driver is older "
			    "than its CUDA major needs";
			return 0;
		}
	} else if (mc->driver_cuda > 0 && f->ptx_jit &&
	    cds_cuda_int(f->cuda) > mc->driver_cuda) {
		*why = "the driver does not know the PTX of its CUDA minor";
		return 0;
	} else if (mc->driver_cuda > 0 &&
	    atoi(f->cuda) > mc->driver_cuda / 1000) {
		*why = "the driver does not run its CUDA major";
		return 0;
	}
	if (mc->min_cc <= 0) {
		return 1;
	}
	if (f->archs != NULL && !arch_in(f->archs, f->ptx, mc->min_cc)) {
		*why = "it has no kernels for this GPU";
		return 0;
	}
	if (mc->min_cc < 75 && f->cudnn != NULL &&
	    cds_vercmp(f->cudnn, "9.11") >= 0) {
		*why = "PyTorch refuses its cuDNN (9.11 or newer) below sm_75";
		return 0;
	}
	if ((mc->min_cc / 10 == 10 || mc->min_cc / 10 == 12) &&
	    mc->driver != NULL && (floor = blackwell_floor(m)) != NULL &&
	    cds_vercmp(mc->driver, floor) < 0) {
		*why = "Blackwell needs a newer driver";
		return 0;
	}
	return 1;
}

/* "2.9" of "2.9.0+cu130". */
static char *
minor_of(const char *version)
{
	size_t n = strcspn(version, ".");

	if (version[n] == '.') {
		n += 1 + strcspn(version + n + 1, ".+");
	}
	return cds_xstrndup(version, n);
}

static int
is_torch_build(const struct cds_framework_req *f)
{
	return strcmp(f->name, "torch") == 0 && f->index_url != NULL &&
	    strchr(f->version, '-') == NULL;
}

const struct cds_framework_req *
cds_torch_fit(const struct cds_manifest *m, const char *version,
    const struct cds_framework_req *except, const struct cds_machine *mc)
{
	const struct cds_framework_req *best = NULL;
	char *want = version != NULL ? minor_of(version) : NULL;
	size_t i;
	int pass;

	/* pass 0: the release asked; pass 1: any release, the newest */
	for (pass = want != NULL ? 0 : 1; pass < 2 && best == NULL; pass++) {
		for (i = 0; i < m->nframeworks; i++) {
			const struct cds_framework_req *f = &m->frameworks[i];
			int v;

			if (!is_torch_build(f) || f == except ||
			    (pass == 0 && strcmp(f->version, want) != 0) ||
			    !cds_build_runs(m, f, mc, NULL)) {
				continue;
			}
			v = best != NULL ? cds_vercmp(f->version,
			    best->version) : 1;
			if (v > 0 || (v == 0 &&
			    cds_vercmp(f->cuda, best->cuda) > 0)) {
				best = f;
			}
		}
	}
	free(want);
	return best;
}

void
cds_machine_of(const struct cds_scan *s, struct cds_machine *mc)
{
	size_t i;

	memset(mc, 0, sizeof(*mc));
	mc->driver = s->driver.version;
	mc->driver_cuda = s->driver.cuda_version;
	for (i = 0; i < s->driver.ncc; i++) {
		if (mc->min_cc == 0 || s->driver.cc[i] < mc->min_cc) {
			mc->min_cc = s->driver.cc[i];
		}
	}
}

/* Does the distribution mark the system Python externally managed (PEP
 * 668: EXTERNALLY-MANAGED in its standard library's directory, Debian 12
 * and Ubuntu 23.04 on)? */
static int
externally_managed(const cds_handle_t *h)
{
	return cds_root_glob_any(h, "/usr/lib/python3.*/EXTERNALLY-MANAGED");
}

enum cds_pkg_tool
cds_pkg_tool_of(const cds_handle_t *h, const struct cds_env *e)
{
	char *path, *cfg, *line, *top, *a, *b;
	enum cds_pkg_tool t = CDS_PKG_PIP;

	if (e == NULL) {
		return externally_managed(h) ? CDS_PKG_PIP_MANAGED :
		    CDS_PKG_PIP;
	}
	if (e->is_conda) {
		return CDS_PKG_PIP;	/* conda packages: see cds_pkg_fix */
	}
	path = cds_path_join(e->prefix, "pyvenv.cfg");
	cfg = cds_root_read_file(h, path, 1u << 16, NULL);
	free(path);
	for (line = cfg; line != NULL && *line != '\0'; ) {
		if (strncmp(line, "uv", 2) == 0 &&
		    line[2 + strspn(line + 2, " \t")] == '=') {
			t = CDS_PKG_UV;
			break;
		}
		line = strchr(line, '\n');
		line = line != NULL ? line + 1 : NULL;
	}
	free(cfg);
	if (t == CDS_PKG_UV) {
		top = cds_dirname(e->prefix);
		a = cds_path_join(top, "pyproject.toml");
		b = cds_path_join(top, "uv.lock");
		path = cds_rpath_follow(h, a);
		cfg = cds_rpath_follow(h, b);
		if (cds_is_file(path) && cds_is_file(cfg)) {
			t = CDS_PKG_UV_PROJECT;
		}
		free(path);
		free(cfg);
		free(a);
		free(b);
		free(top);
	}
	return t;
}

/* The version of torchvision's dist-info in SITE ("0.24.0+cu130"), or
 * NULL when it is not installed. */
static char *
dist_version(const cds_handle_t *h, const char *site, const char *name)
{
	char *host = site != NULL ? cds_rpath_follow(h, site) : NULL;
	char *v = NULL;
	size_t n = strlen(name);
	struct dirent *d;
	DIR *dir;

	if (host == NULL || (dir = opendir(host)) == NULL) {
		free(host);
		return NULL;
	}
	while (v == NULL && (d = readdir(dir)) != NULL) {
		const char *end = strstr(d->d_name, ".dist-info");

		if (strncmp(d->d_name, name, n) == 0 && d->d_name[n] == '-' &&
		    end != NULL && end[10] == '\0') {
			v = cds_xstrndup(d->d_name + n + 1,
			    (size_t)(end - d->d_name) - n - 1);
		}
	}
	closedir(dir);
	free(host);
	return v;
}

/*
 * The words of tool T in env E (NULL: none named, python3's pip or the
 * active conda env) that change packages as HOW says, up to the
 * requirements: `ENV/bin/python -m pip install` (a pip venv, and pip's
 * wheels in a conda env: its own python, never a bin/pip that a uv venv
 * lacks), `uv pip install --python ENV`, `conda install -p ENV -c
 * conda-forge`.  pip's uninstall without its question; uv accepts pip's
 * --force-reinstall (its --reinstall); conda's update for an upgrade,
 * since its install keeps what is there.
 */
static void
head_words(struct cds_strv *w, const struct cds_env *e, enum cds_pkg_tool t,
    enum cds_pkg_how how)
{
	if (t == CDS_PKG_CONDA) {
		cds_strv_push(w, "conda");
		cds_strv_push(w, how == CDS_PKG_REMOVE ? "remove" :
		    how == CDS_PKG_UPGRADE ? "update" : "install");
		if (e != NULL) {
			cds_strv_push(w, "-p");
			cds_strv_push(w, e->prefix);
		}
		if (how != CDS_PKG_REMOVE) {
			cds_strv_push(w, "-c");
			cds_strv_push(w, "conda-forge");
		}
		if (how == CDS_PKG_REINSTALL) {
			cds_strv_push(w, "--force-reinstall");
		}
		return;
	}
	if (e == NULL) {
		cds_strv_push(w, "python3");
	} else if (t == CDS_PKG_PIP) {
		cds_strv_push_owned(w, cds_path_join(e->prefix,
		    "bin/python"));
	} else {
		cds_strv_push(w, "uv");
	}
	if (e == NULL || t == CDS_PKG_PIP) {
		cds_strv_push(w, "-m");
	}
	cds_strv_push(w, "pip");
	cds_strv_push(w, how == CDS_PKG_REMOVE ? "uninstall" : "install");
	if (e == NULL && t == CDS_PKG_PIP_MANAGED) {
		/* what pip itself asks for there (its
		 * externally-managed-environment error): the package was
		 * put there by pip, and pip is what changes it */
		cds_strv_push(w, "--break-system-packages");
	}
	if (e != NULL && t != CDS_PKG_PIP) {
		cds_strv_push(w, "--python");
		cds_strv_push(w, e->prefix);
	}
	if (how == CDS_PKG_REMOVE && (e == NULL || t == CDS_PKG_PIP)) {
		cds_strv_push(w, "-y");
	} else if (how == CDS_PKG_UPGRADE) {
		cds_strv_push(w, "-U");
	} else if (how == CDS_PKG_REINSTALL) {
		cds_strv_push(w, "--force-reinstall");
		cds_strv_push(w, "--no-deps");
	}
}

/* The words of env E's tool for VERB ("install", "uninstall"), up to the
 * requirements; pip's uninstall without its question. */
static void
pm_words(struct cds_strv *w, const struct cds_env *e, enum cds_pkg_tool t,
    const char *verb)
{
	head_words(w, e, t, strcmp(verb, "uninstall") == 0 ? CDS_PKG_REMOVE :
	    CDS_PKG_ADD);
}

void
cds_pkg_cmd(const cds_handle_t *h, struct cds_strv *w,
    const struct cds_env *e, int conda, enum cds_pkg_how how)
{
	head_words(w, e, conda ? CDS_PKG_CONDA : cds_pkg_tool_of(h, e), how);
}

char **
cds_pkg_argv(const cds_handle_t *h, const struct cds_env *e, int conda,
    enum cds_pkg_how how, const char *const *specs)
{
	struct cds_strv w = {0};
	size_t i;

	cds_pkg_cmd(h, &w, e, conda, how);
	for (i = 0; specs != NULL && specs[i] != NULL; i++) {
		cds_strv_push(&w, specs[i]);
	}
	return cds_strv_steal(&w);
}

struct cds_fix *
cds_pkg_fix_specs(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, int conda, enum cds_pkg_how how,
    const char *const *specs, enum cds_pkg_how undo_how,
    const char *const *undo)
{
	return cds_finding_fix_argv(f, cds_pkg_argv(c->h, e, conda, how,
	    specs), undo != NULL ? cds_pkg_argv(c->h, e, conda, undo_how,
	    undo) : NULL);
}

/* The words that install with env E's tool, up to the requirements. */
static void
install_words(struct cds_strv *w, const struct cds_env *e,
    enum cds_pkg_tool t)
{
	pm_words(w, e, t, "install");
}

/* "2.9.0" of "2.9.0+cu130"; the label "cu130" into *label (NULL). */
static char *
public_version(const char *v, const char **label)
{
	const char *plus = strchr(v, '+');

	*label = plus != NULL ? plus + 1 : NULL;
	return plus != NULL ? cds_xstrndup(v, (size_t)(plus - v)) :
	    cds_xstrdup(v);
}

/*
 * The release a pre-release leads to: "2.6.0" of PyTorch's nightly
 * "2.6.0.dev20241222" or of "2.6.0rc1" (PEP 440: the pre-release and
 * development segments follow the release's numbers); NULL for a release
 * (a post-release is one).  Nightlies are on the nightly indexes only.
 */
static char *
release_of_pre(const char *pub)
{
	size_t n = strspn(pub, "0123456789.");
	const char *s = pub + n;

	if (!cds_startswith(s, "dev") && !cds_startswith(s, "rc") &&
	    *s != 'a' && *s != 'b') {
		return NULL;
	}
	while (n > 0 && pub[n - 1] == '.') {
		n--;
	}
	return cds_xstrndup(pub, n);
}

/*
 * The nightly index of build LABEL beside release index URL, ".../whl/
 * nightly/cu126" beside ".../whl/cu128": PyTorch's indexes are
 * /whl/VARIANT and /whl/nightly/VARIANT (research/pip-fixes.md 1a;
 * astral-sh/uv#10119 installs a nightly from the latter).
 */
static char *
nightly_index(const char *url, const char *label)
{
	const char *slash = strrchr(url, '/');

	return slash != NULL ? cds_xasprintf("%.*s/nightly/%s",
	    (int)(slash - url), url, label) : NULL;
}

/* The row of torch release VERSION's build LABEL, or NULL. */
static const struct cds_framework_req *
torch_row(const struct cds_manifest *m, const char *version,
    const char *label)
{
	char *want = minor_of(version);
	const struct cds_framework_req *r = NULL;
	size_t i;

	for (i = 0; r == NULL && i < m->nframeworks; i++) {
		const struct cds_framework_req *f = &m->frameworks[i];

		if (is_torch_build(f) && strcmp(f->version, want) == 0 &&
		    (label != NULL ? strcmp(f->variant, label) == 0 :
		    f->pypi_default)) {
			r = f;
		}
	}
	free(want);
	return r;
}

int
cds_pkg_torch_spec(const struct cds_manifest *m, struct cds_strv *w,
    const char *pin, const char *now)
{
	const char *label, *dummy;
	char *pub = public_version(pin, &dummy), *npub;
	const struct cds_framework_req *r;

	npub = public_version(now != NULL ? now : pin, &label);
	free(npub);
	r = label != NULL && m != NULL ? torch_row(m, pub, label) : NULL;
	if (r != NULL) {
		cds_strv_push_owned(w, cds_xasprintf("torch==%s+%s", pub,
		    label));
		cds_strv_push(w, "--index-url");
		cds_strv_push(w, r->index_url);
	} else {
		cds_strv_push_owned(w, cds_xasprintf("torch==%s", pub));
	}
	free(pub);
	return r != NULL || label == NULL;
}

/*
 * torchvision's release beside torch VERSION: its minor is torch's plus 15
 * (0.24 with 2.9; pip-fixes research, from several threads), same patch,
 * but for 2.0, whose torchvision patch is one above (0.15.0 was never
 * paired: "torch==2.0.1 torchvision==0.15.2 torchaudio==2.0.2",
 * RootKit-Org/AI-Aimbot#282, as PyTorch's install pages pair them).
 */
static char *
vision_for(const char *version)
{
	int maj, min, pat = -1;

	if (sscanf(version, "%d.%d.%d", &maj, &min, &pat) < 2 || maj != 2) {
		return NULL;
	}
	if (min == 0 && pat >= 0) {
		pat++;
	}
	return pat >= 0 ? cds_xasprintf("0.%d.%d", min + 15, pat) :
	    cds_xasprintf("0.%d.*", min + 15);
}

/* PyTorch's index of build LABEL ("cu121", "cpu"), or PyPI's for a
 * build without one (research/pip-fixes.md 1a: /whl/VARIANT).  New
 * string. */
static char *
pytorch_index(const char *label)
{
	return label != NULL ?
	    cds_xasprintf("https://download.pytorch.org/whl/%s", label) :
	    cds_xstrdup("https://pypi.org/simple");
}

/*
 * Companion P (torchvision, torchaudio) of torch T in env E, put in step
 * with T, from T's index.  P of T's release in another build: the same
 * release in T's build (research/pip-fixes.md 1a: the same +cuXXX label),
 * named exactly and installed again alone (--no-deps: T stays as it is;
 * pip keeps an installed P that its release alone satisfies).  P of
 * another release: T pinned as it is, and P by its name, which the
 * installed one no longer satisfies (its pin is another torch): the
 * resolver picks the release that pins T's.  Back: P as it is, alone.
 */
void
cds_pkg_companion_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_package *t)
{
	const char *label, *plabel;
	char *pub = public_version(t->version, &label);
	char *ppub = public_version(p->version, &plabel);
	const struct cds_framework_req *row = label != NULL && c->m != NULL ?
	    torch_row(c->m, pub, label) : NULL;
	/* its release is right (it pins T's, or nothing) */
	int same = p->torch_pin == NULL || cds_vercmp(p->torch_pin,
	    strchr(p->torch_pin, '+') != NULL ? t->version : pub) == 0;
	char *index, *spec, *was, *back_index;
	struct cds_strv w = {0};

	index = row != NULL ? cds_xstrdup(row->index_url) :
	    pytorch_index(label);
	if (same) {
		spec = label != NULL ? cds_xasprintf("%s==%s+%s", p->name, ppub,
		    label) : cds_xasprintf("%s==%s", p->name, ppub);
		cds_pkg_cmd(c->h, &w, e, 0, CDS_PKG_REINSTALL);
	} else {
		cds_pkg_cmd(c->h, &w, e, 0, CDS_PKG_ADD);
		cds_strv_push_owned(&w, cds_xasprintf("torch==%s",
		    t->version));
		spec = cds_xstrdup(p->name);
	}
	cds_strv_push_owned(&w, spec);
	cds_strv_push(&w, "--index-url");
	cds_strv_push(&w, index);
	/* back: the very build, from the index of its label */
	was = cds_xasprintf("%s==%s", p->name, p->version);
	back_index = pytorch_index(plabel);
	{
		const char *const back[] = { was, "--index-url", back_index,
		    NULL };

		cds_finding_fix_argv(f, cds_strv_steal(&w), cds_pkg_argv(c->h,
		    e, 0, CDS_PKG_REINSTALL, back));
	}
	cds_finding_evidence(f, "index", "%s (%s)", index, label != NULL ?
	    "PyTorch's builds of torch's label" : "PyPI, where torch's "
	    "build without a label is");
	free(back_index);
	free(was);
	free(index);
	free(ppub);
	free(pub);
}

/* What a uv project's env E needs beside a `uv pip` command: HOW (freed)
 * the change lasts, since `uv sync` puts back what uv.lock says. */
static void
uv_project_fix(struct cds_finding *f, const struct cds_env *e, char *how)
{
	char *top = cds_dirname(e->prefix);

	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "this env belongs to "
	    "the uv project in %s: `uv sync` and `uv run` put back what "
	    "uv.lock says and undo a `uv pip` change; to keep it, %s", top,
	    how);
	free(top);
	free(how);
}

/* The pip or uv commands for torch in E: to ROW's build, and back. */
static void
torch_wheel_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_framework_req *row, enum cds_pkg_tool t)
{
	struct cds_strv w = {0}, u = {0};
	const char *label;
	char *pub = public_version(p->version, &label);
	const struct cds_package *tv = cds_env_package(e, "torchvision");
	const char *vis = tv != NULL ? tv->version : NULL;
	const struct cds_framework_req *now = torch_row(c->m, pub, label);
	char *vwant = NULL, *same = minor_of(pub);
	char *rel = release_of_pre(pub), *back = NULL;
	int same_release = strcmp(same, row->version) == 0;

	install_words(&w, e, t);
	if (same_release) {
		/* a nightly: the release it leads to, which the build's
		 * release index has (the same nightly of another build may
		 * be gone from the nightly index) */
		const char *want = rel != NULL ? rel : pub;

		cds_strv_push_owned(&w, cds_xasprintf("torch==%s+%s", want,
		    row->variant));
		vwant = vision_for(want);
		if (vis != NULL && vwant != NULL) {
			cds_strv_push_owned(&w, cds_xasprintf(
			    "torchvision==%s+%s", vwant, row->variant));
		}
	} else {
		/* another release: its patch is the index's newest */
		cds_strv_push_owned(&w, cds_xasprintf("torch==%s.*",
		    row->version));
		vwant = vision_for(row->version);
		if (vis != NULL && vwant != NULL) {
			cds_strv_push_owned(&w, cds_xasprintf(
			    "torchvision==%s", vwant));
		}
	}
	cds_strv_push(&w, "--index-url");
	cds_strv_push(&w, row->index_url);
	/* back: what is there now, from where it came.  A build without a
	 * label is PyPI's: "torch==2.7.1" is met by the "+cu118" the
	 * command installed (PEP 440), so it is reinstalled, from PyPI
	 * (an index with "+cu118" builds would win again: a local label
	 * sorts above none); uv names the package to reinstall
	 * (research/pip-fixes.md 3) */
	install_words(&u, e, t);
	if (label == NULL && t == CDS_PKG_PIP) {
		cds_strv_push(&u, "--force-reinstall");
	} else if (label == NULL) {
		cds_strv_push(&u, "--reinstall-package");
		cds_strv_push(&u, "torch");
	}
	cds_strv_push_owned(&u, cds_xasprintf("torch==%s", p->version));
	if (vis != NULL) {
		cds_strv_push_owned(&u, cds_xasprintf("torchvision==%s", vis));
	}
	if (label == NULL) {
		back = cds_xstrdup("https://pypi.org/simple");
	} else if (rel != NULL) {
		back = nightly_index(now != NULL ? now->index_url :
		    row->index_url, label);
	} else if (now != NULL) {
		back = cds_xstrdup(now->index_url);
	}
	if (back != NULL) {
		cds_strv_push(&u, "--index-url");
		cds_strv_push_owned(&u, back);
	}
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	cds_finding_evidence(f, "build that fits", "torch %s %s (CUDA %s, "
	    "cuDNN %s; %s)", row->version, row->variant, row->cuda,
	    row->cudnn != NULL ? row->cudnn : "?", row->index_url);
	if (t == CDS_PKG_UV_PROJECT) {
		uv_project_fix(f, e, cds_xasprintf("add to its pyproject.toml "
		    "[[tool.uv.index]] name = \"pytorch-%s\", url = \"%s\", "
		    "explicit = true and [tool.uv.sources] torch = { index = "
		    "\"pytorch-%s\" }%s, then run uv lock and uv sync (or set "
		    "UV_NO_SYNC=1)", row->variant, row->index_url, row->variant,
		    vis != NULL ? ", torchvision likewise" : ""));
	}
	free(vwant);
	free(same);
	free(rel);
	free(pub);
}

/* `conda install -p ENV -c conda-forge` */
static void
conda_words(struct cds_strv *w, const struct cds_env *e)
{
	head_words(w, e, CDS_PKG_CONDA, CDS_PKG_ADD);
}

/* The conda-forge command for torch from conda in E (conda-forge's
 * cuda-version pins every CUDA package of the env to one release). */
static void
torch_conda_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_framework_req *row)
{
	struct cds_strv w = {0}, u = {0};
	const struct cds_driver *d = &c->s->driver;
	const struct cds_release *top = NULL;
	const char *base;
	char cv[16];
	size_t i, n, skip;

	/* the CUDA the driver runs natively: it says so, or the newest
	 * release of the build's major whose bundled driver it is at least */
	for (i = 0; d->version != NULL && i < c->m->nreleases; i++) {
		const struct cds_release *r = &c->m->releases[i];

		if (r->kind == CDS_KIND_CUDA && r->bundled_driver != NULL &&
		    atoi(r->version) == atoi(row->cuda) &&
		    cds_vercmp(r->bundled_driver, d->version) <= 0 &&
		    (top == NULL || cds_vercmp(r->version, top->version) > 0)) {
			top = r;
		}
	}
	if (d->cuda_version > 0 && atoi(row->cuda) == d->cuda_version / 1000) {
		snprintf(cv, sizeof(cv), "%d.%d", d->cuda_version / 1000,
		    (d->cuda_version % 1000) / 10);
	} else if (top != NULL) {
		snprintf(cv, sizeof(cv), "%.*s", (int)(strchr(top->version,
		    '.') - top->version + 1 + strcspn(strchr(top->version,
		    '.') + 1, ".")), top->version);
	} else {
		snprintf(cv, sizeof(cv), "%s", row->cuda);
	}
	conda_words(&w, e);
	cds_strv_push_owned(&w, cds_xasprintf("cuda-version=%s", cv));
	cds_strv_push(&w, "pytorch-gpu");
	if (e->conda_cudnn != NULL) {
		cds_strv_push(&w, "cudnn");
	}
	/* back: the very build, named by its conda-meta file
	 * (NAME-VERSION-BUILD.json) */
	conda_words(&u, e);
	base = strrchr(p->location, '/');
	base = base != NULL ? base + 1 : p->location;
	n = strlen(base);
	skip = strlen("pytorch-") + strlen(p->version) + 1;
	if (n > skip + 5 && strcmp(base + n - 5, ".json") == 0) {
		cds_strv_push_owned(&u, cds_xasprintf("pytorch=%s=%.*s",
		    p->version, (int)(n - skip - 5), base + skip));
	} else {
		cds_strv_push_owned(&u, cds_xasprintf("pytorch=%s",
		    p->version));
	}
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
}

static char *row_pin(const struct cds_framework_req *r);

/* Is URL PyPI's own index, which pip and uv use unless told otherwise? */
static int
is_pypi(const char *url)
{
	return strcmp(url, "https://pypi.org/simple") == 0 ||
	    strcmp(url, "https://pypi.org/simple/") == 0;
}

/* The newest version a row covers: "4.6.2" of "4.6.1-4.6.2", "14". */
static const char *
row_top(const struct cds_framework_req *r)
{
	const char *dash = strchr(r->version, '-');

	return dash != NULL ? dash + 1 : r->version;
}

/* Do rows A and B name builds of one framework?  CuPy's wheels are one
 * package per CUDA major (cupy-cuda12x, cupy-cuda13x), all of them CuPy;
 * other frameworks' builds share their name. */
static int
same_framework(const char *a, const char *b)
{
	if (cds_startswith(a, "cupy-cuda") && cds_startswith(b, "cupy-cuda")) {
		return 1;
	}
	return strcmp(a, b) == 0;
}

/* Is row A a better choice than row B (NULL) for package P whose own row
 * is NOW (NULL: none)?  The release P is at first, then the cuDNN major
 * it has, then the newest release, then the highest CUDA. */
static int
better_row(const struct cds_framework_req *a,
    const struct cds_framework_req *b, const struct cds_package *p,
    const struct cds_framework_req *now)
{
	int sa, sb, v;

	if (b == NULL) {
		return 1;
	}
	sa = cds_framework_matches(a, a->name, p->version);
	sb = cds_framework_matches(b, b->name, p->version);
	if (sa != sb) {
		return sa;
	}
	if (now != NULL && now->cudnn != NULL) {
		sa = a->cudnn != NULL && atoi(a->cudnn) == atoi(now->cudnn);
		sb = b->cudnn != NULL && atoi(b->cudnn) == atoi(now->cudnn);
		if (sa != sb) {
			return sa;
		}
	}
	v = cds_vercmp(row_top(a), row_top(b));
	return v != 0 ? v > 0 : cds_vercmp(a->cuda, b->cuda) > 0;
}

const struct cds_framework_req *
cds_pkg_index_row(const struct cds_manifest *m, const struct cds_package *p)
{
	size_t i;

	if (m == NULL || p->cuda != NULL || p->kind != CDS_FW_OTHER ||
	    p->version == NULL || p->from_conda) {
		return NULL;
	}
	for (i = 0; i < m->nframeworks; i++) {
		const struct cds_framework_req *r = &m->frameworks[i];

		if (r->index_url != NULL &&
		    cds_framework_matches(r, p->name, p->version)) {
			return r;
		}
	}
	return NULL;
}

/* The words that remove package NAME with env E's tool. */
static void
uninstall_words(struct cds_strv *w, const struct cds_env *e,
    enum cds_pkg_tool t, const char *name)
{
	pm_words(w, e, t, "uninstall");
	cds_strv_push(w, name);
}

/* Is NAME in env E installed at CUDA major MAJOR's version ("13.0.3")? */
static int
dist_of_major(const cds_handle_t *h, const struct cds_env *e,
    const char *name, int major)
{
	char *v = dist_version(h, e->site_packages, name);
	int yes = v != NULL && atoi(v) == major;

	free(v);
	return yes;
}

/*
 * A framework whose builds the index has as wheels of their own (CuPy's
 * cupy-cudaNNx, CTranslate2's releases, each built with one CUDA): the
 * build that runs on machine MC, and the commands to it and back.
 */
static int
wheel_row_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_machine *mc)
{
	const struct cds_framework_req *now = NULL, *best = NULL;
	struct cds_strv w = {0}, u = {0};
	enum cds_pkg_tool t;
	char *want, *extra = NULL;
	size_t i;

	for (i = 0; i < c->m->nframeworks; i++) {
		const struct cds_framework_req *r = &c->m->frameworks[i];

		if (r->index_url != NULL &&
		    cds_framework_matches(r, p->name, p->version)) {
			now = r;
		}
	}
	for (i = 0; i < c->m->nframeworks; i++) {
		const struct cds_framework_req *r = &c->m->frameworks[i];

		if (r->index_url == NULL || r == now ||
		    !same_framework(r->name, p->name) ||
		    !cds_build_runs(c->m, r, mc, NULL)) {
			continue;
		}
		if (better_row(r, best, p, now)) {
			best = r;
		}
	}
	if (best == NULL || (strcmp(best->name, p->name) == 0 &&
	    cds_framework_matches(best, p->name, p->version))) {
		return 0;
	}
	t = cds_pkg_tool_of(c->h, e);
	/* the same release where that build has it, else the row's newest */
	want = cds_framework_matches(best, best->name, p->version) ?
	    cds_xasprintf("==%s", p->version) : row_pin(best);
	if (strcmp(best->name, p->name) != 0) {
		/* CuPy: both wheels install the one cupy module, so the one
		 * there goes first (removed after, it would take the new
		 * one's files with it); NVIDIA's wheels came with it when
		 * cuda-toolkit of its CUDA major is there (the [ctk] extra) */
		if (p->cuda != NULL && dist_of_major(c->h, e,
		    "cuda_toolkit", atoi(p->cuda))) {
			extra = cds_xstrdup("[ctk]");
		}
		uninstall_words(&w, e, t, p->name);
		install_words(&u, e, t);
		cds_strv_push_owned(&u, cds_xasprintf("%s%s==%s", p->name,
		    extra != NULL ? extra : "", p->version));
		cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
		uninstall_words(&u, e, t, best->name);
	} else {
		install_words(&u, e, t);
		cds_strv_push_owned(&u, cds_xasprintf("%s==%s", p->name,
		    p->version));
	}
	install_words(&w, e, t);
	cds_strv_push_owned(&w, cds_xasprintf("%s%s%s", best->name,
	    extra != NULL ? extra : "", want));
	if (!is_pypi(best->index_url)) {
		cds_strv_push(&w, "--extra-index-url");
		cds_strv_push(&w, best->index_url);
	}
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	cds_finding_evidence(f, "build that fits", "%s%s (built with CUDA "
	    "%s%s%s)", best->name, want, best->cuda,
	    best->cudnn != NULL ? ", cuDNN " : "",
	    best->cudnn != NULL ? best->cudnn : "");
	if (strcmp(best->name, p->name) != 0) {
		cds_finding_evidence(f, "order", "%s out first: both wheels "
		    "are the one cupy module, and removing it after would "
		    "take %s's files with it", p->name, best->name);
	}
	if (t == CDS_PKG_UV_PROJECT) {
		uv_project_fix(f, e, cds_xasprintf("require %s%s%s in its "
		    "pyproject.toml in place of %s, then run uv lock and uv "
		    "sync", best->name, extra != NULL ? extra : "", want,
		    p->name));
	}
	free(extra);
	free(want);
	return 1;
}

/*
 * JAX's CUDA 13 plugin on a driver that runs CUDA 12 at most: the same JAX
 * release's cuda12 extra.  Every JAX with a cuda13 extra (0.7.2 and later:
 * its setup.py, research notes 1f) has the cuda12 one too.  The CUDA 13
 * plugin and its PJRT go first: both plugins in one env are two CUDA
 * backends for the one JAX.
 */
static int
jax_plugin_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_machine *mc)
{
	const char *floor12 = cds_manifest_driver_floor(c->m, "12.0");
	const struct cds_package *jaxlib = cds_env_package(e, "jaxlib");
	const char *jv = jaxlib != NULL ? jaxlib->version : NULL;
	struct cds_strv w = {0}, u = {0};
	enum cds_pkg_tool t;
	char *pub;
	const char *label;

	if (strcmp(p->name, "jax-cuda13-plugin") != 0 || jv == NULL ||
	    cds_env_package(e, "jax-cuda12-plugin") != NULL ||
	    (mc->driver_cuda > 0 ? mc->driver_cuda / 1000 != 12 :
	    mc->driver == NULL || floor12 == NULL ||
	    cds_vercmp(mc->driver, floor12) < 0)) {
		return 0;
	}
	t = cds_pkg_tool_of(c->h, e);
	pub = public_version(jv, &label);
	uninstall_words(&w, e, t, "jax-cuda13-plugin");
	cds_strv_push(&w, "jax-cuda13-pjrt");
	install_words(&u, e, t);
	cds_strv_push_owned(&u, cds_xasprintf("jax[cuda13]==%s", pub));
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	install_words(&w, e, t);
	cds_strv_push_owned(&w, cds_xasprintf("jax[cuda12]==%s", pub));
	uninstall_words(&u, e, t, "jax-cuda12-plugin");
	cds_strv_push(&u, "jax-cuda12-pjrt");
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	cds_finding_evidence(f, "build that fits", "jax[cuda12]==%s (JAX's "
	    "CUDA 12 plugin of the same release)", pub);
	cds_finding_evidence(f, "order", "jax-cuda13-plugin and its PJRT "
	    "out first: two CUDA plugins in one env are two backends for one "
	    "JAX");
	free(pub);
	return 1;
}

int
cds_pkg_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p, int cc)
{
	const struct cds_framework_req *row, *now;
	struct cds_machine mc;
	const char *label;
	char *pub;

	if (c->m == NULL || e == NULL || p->version == NULL || p->cpu_only ||
	    (p->kind != CDS_FW_TORCH && p->from_conda)) {
		return 0;
	}
	cds_machine_of(c->s, &mc);
	if (cc > 0) {
		mc.min_cc = cc;
	}
	if (p->kind == CDS_FW_OTHER) {
		return wheel_row_fix(c, f, e, p, &mc);
	}
	if (p->kind == CDS_FW_JAX) {
		return jax_plugin_fix(c, f, e, p, &mc);
	}
	if (p->kind != CDS_FW_TORCH) {
		return 0;
	}
	pub = public_version(p->version, &label);
	/* conda's builds are not PyPI's: no row is the one there */
	now = p->from_conda ? NULL : torch_row(c->m, pub, label);
	/* the finding says the build there does not run: another one */
	row = cds_torch_fit(c->m, pub, now, &mc);
	if (row == NULL || (label != NULL && now == NULL &&
	    strcmp(row->variant, label) == 0)) {
		free(pub);
		return 0;
	}
	if (p->from_conda) {
		torch_conda_fix(c, f, e, p, row);
	} else {
		torch_wheel_fix(c, f, e, p, row, cds_pkg_tool_of(c->h, e));
	}
	free(pub);
	return 1;
}

int
cds_pkg_fix_cpu(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p)
{
	const struct cds_framework_req *row;
	struct cds_machine mc;
	const char *label;
	char *pub;

	if (c->m == NULL || e == NULL || p->version == NULL ||
	    p->from_conda || p->kind != CDS_FW_TORCH) {
		return 0;
	}
	cds_machine_of(c->s, &mc);
	pub = public_version(p->version, &label);
	row = cds_torch_fit(c->m, pub, NULL, &mc);
	if (row != NULL) {
		torch_wheel_fix(c, f, e, p, row, cds_pkg_tool_of(c->h, e));
	}
	free(pub);
	return row != NULL;
}

/* The version a row names ("1.18.0"; "4.4.0" of "4.0.0-4.4.0"), as a pip
 * requirement: "==1.18.0", "==1.17.*" for "1.17.x". */
static char *
row_pin(const struct cds_framework_req *r)
{
	const char *dash = strchr(r->version, '-');
	const char *v = dash != NULL ? dash + 1 : r->version;
	size_t n = strlen(v);

	if (n > 2 && strcmp(v + n - 2, ".x") == 0) {
		return cds_xasprintf("==%.*s.*", (int)(n - 2), v);
	}
	/* a release line ("1.24"): any of its patches */
	return cds_xasprintf(strchr(v, '.') == strrchr(v, '.') ? "==%s.*" :
	    "==%s", v);
}

int
cds_pkg_fix_like(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *p,
    const struct cds_package *like)
{
	const struct cds_framework_req *best = NULL;
	struct cds_strv w = {0}, u = {0};
	struct cds_machine mc;
	enum cds_pkg_tool t;
	char *pin;
	size_t i;

	if (c->m == NULL || e == NULL || p->from_conda || like->cuda == NULL ||
	    like->cudnn == NULL || p->version == NULL) {
		return 0;
	}
	cds_machine_of(c->s, &mc);
	for (i = 0; i < c->m->nframeworks; i++) {
		const struct cds_framework_req *r = &c->m->frameworks[i];

		if (strcmp(r->name, p->name) != 0 || r->cudnn == NULL ||
		    atoi(r->cuda) != atoi(like->cuda) ||
		    atoi(r->cudnn) != atoi(like->cudnn) ||
		    !cds_build_runs(c->m, r, &mc, NULL)) {
			continue;
		}
		if (best == NULL || cds_vercmp(strchr(r->version, '-') != NULL ?
		    strchr(r->version, '-') + 1 : r->version,
		    strchr(best->version, '-') != NULL ?
		    strchr(best->version, '-') + 1 : best->version) > 0) {
			best = r;
		}
	}
	if (best == NULL) {
		return 0;
	}
	t = cds_pkg_tool_of(c->h, e);
	pin = row_pin(best);
	install_words(&w, e, t);
	cds_strv_push_owned(&w, cds_xasprintf("%s%s", p->name, pin));
	if (best->index_url != NULL && !is_pypi(best->index_url)) {
		/* a feed of its own beside PyPI, which has its dependencies */
		cds_strv_push(&w, "--extra-index-url");
		cds_strv_push(&w, best->index_url);
	}
	install_words(&u, e, t);
	cds_strv_push_owned(&u, cds_xasprintf("%s==%s", p->name, p->version));
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	cds_finding_evidence(f, "build that fits", "%s%s for CUDA %s and "
	    "cuDNN %s, as %s %s in the same env has", p->name, pin,
	    best->cuda, best->cudnn, like->name, like->version);
	free(pin);
	return 1;
}

int
cds_pkg_fix_req(struct cds_rule_ctx *c, struct cds_finding *f,
    const char *prefix, const char *wheel, const char *min,
    const char *below, const char *now)
{
	const struct cds_env *e = NULL;
	struct cds_strv w = {0}, u = {0};
	struct cds_machine mc;
	enum cds_pkg_tool t;
	size_t i;

	for (i = 0; prefix != NULL && i < c->s->nenvs; i++) {
		if (strcmp(c->s->envs[i].prefix, prefix) == 0) {
			e = &c->s->envs[i];
		}
	}
	if (e == NULL) {
		return 0;
	}
	cds_machine_of(c->s, &mc);
	/* PyTorch refuses cuDNN 9.11 and newer below sm_75: stay under it
	 * when the GPU here is older and the bound allows */
	if (strncmp(wheel, "nvidia-cudnn-", 13) == 0 && mc.min_cc > 0 &&
	    mc.min_cc < 75 && cds_vercmp(min, "9.11") < 0 &&
	    (below == NULL || cds_vercmp(below, "9.11") > 0)) {
		below = "9.11";
	}
	t = cds_pkg_tool_of(c->h, e);
	install_words(&w, e, t);
	cds_strv_push_owned(&w, below != NULL ? cds_xasprintf("%s>=%s,<%s",
	    wheel, min, below) : cds_xasprintf("%s>=%s", wheel, min));
	install_words(&u, e, t);
	cds_strv_push_owned(&u, cds_xasprintf("%s==%s", wheel, now));
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
	return 1;
}

/* NAME as a dist-info directory spells it: lower case, "-" and "." as
 * "_" (PEP 503, PEP 427).  New string. */
static char *
dist_stem(const char *name, size_t n)
{
	char *r = cds_xstrndup(name, n), *p;

	for (p = r; *p != '\0'; p++) {
		*p = *p == '-' || *p == '.' ? '_' : (char)tolower(
		    (unsigned char)*p);
	}
	return r;
}

/* The METADATA of distribution NAME in SITE (a path in the root); NULL. */
static char *
metadata_of(const cds_handle_t *h, const char *site, const char *name)
{
	char *host = site != NULL ? cds_rpath_follow(h, site) : NULL;
	char *want = dist_stem(name, strlen(name)), *text = NULL;
	struct dirent *d;
	DIR *dir;

	if (host == NULL || (dir = opendir(host)) == NULL) {
		free(host);
		free(want);
		return NULL;
	}
	while (text == NULL && (d = readdir(dir)) != NULL) {
		const char *end = strstr(d->d_name, ".dist-info");
		char *stem, *meta;

		if (end == NULL || end[10] != '\0') {
			continue;
		}
		stem = dist_stem(d->d_name, strcspn(d->d_name, "-"));
		if (strcmp(stem, want) == 0) {
			meta = cds_xasprintf("%s/%s/METADATA", site,
			    d->d_name);
			text = cds_root_read_file(h, meta, 4u << 20, NULL);
			free(meta);
		}
		free(stem);
	}
	closedir(dir);
	free(host);
	free(want);
	return text;
}

/* The requirement of METADATA TEXT whose name is WHEEL or starts with
 * WHEEL "-cu" ("nvidia-cudnn" -> "nvidia-cudnn-cu12==9.1.0.70"), without
 * its marker and spaces; NULL. */
static char *
requirement_for(const char *text, const char *wheel)
{
	const char *p;
	size_t n = strlen(wheel);

	for (p = text; p != NULL && *p != '\0'; ) {
		const char *eol = p + strcspn(p, "\n");

		if (cds_startswith(p, "Requires-Dist:")) {
			const char *q = p + 14;
			size_t len;

			q += strspn(q, " \t");
			len = strcspn(q, ";\n\r");
			if (strncasecmp(q, wheel, n) == 0 && (q[n] == '-' ?
			    strncasecmp(q + n, "-cu", 3) == 0 :
			    strchr(" \t=<>!~[;\n\r", q[n]) != NULL)) {
				struct cds_buf b = {0};
				size_t i;

				for (i = 0; i < len; i++) {
					if (q[i] != ' ' && q[i] != '\t' &&
					    q[i] != '(' && q[i] != ')') {
						cds_buf_add(&b, q + i, 1);
					}
				}
				cds_buf_add(&b, "", 1);
				return cds_buf_steal(&b);
			}
		}
		p = *eol != '\0' ? eol + 1 : NULL;
	}
	return NULL;
}

char *
cds_pkg_soname_wheel(const char *name, int cuda_major, char **subdir)
{
	static const struct {
		const char *stem, *wheel, *dir;
	} map[] = {
		{ "libcublasLt.so.", "cublas", "cublas" },
		{ "libcublas.so.", "cublas", "cublas" },
		{ "libcudart.so.", "cuda-runtime", "cuda_runtime" },
		{ "libcufft.so.", "cufft", "cufft" },
		{ "libcurand.so.", "curand", "curand" },
		{ "libcusolver.so.", "cusolver", "cusolver" },
		{ "libcusparse.so.", "cusparse", "cusparse" },
		{ "libnvrtc.so.", "cuda-nvrtc", "cuda_nvrtc" },
		{ "libnvJitLink.so.", "nvjitlink", "nvjitlink" },
		{ "libcudnn.so.", "cudnn", "cudnn" },
	};
	size_t i;

	if (subdir != NULL) {
		*subdir = NULL;
	}
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (cds_startswith(name, map[i].stem)) {
			int v = atoi(name + strlen(map[i].stem));

			/* cuDNN's wheels are named by CUDA, not by cuDNN */
			if (strcmp(map[i].wheel, "cudnn") == 0) {
				v = cuda_major;
			}
			if (v <= 0) {
				return NULL;
			}
			if (subdir != NULL) {
				*subdir = cds_xasprintf("nvidia/%s/lib",
				    map[i].dir);
			}
			return cds_xasprintf("nvidia-%s-cu%d", map[i].wheel, v);
		}
	}
	return NULL;
}

char *
cds_pkg_soname_spec(const cds_handle_t *h, const struct cds_env *e,
    const struct cds_package *by, const char *name)
{
	char *wheel, *text, *stem, *r = NULL;
	const char *so = strstr(name, ".so.");
	int cuda = by != NULL && by->cuda != NULL ? atoi(by->cuda) : 0;

	if (e == NULL || so == NULL || (by != NULL && by->from_conda) ||
	    (wheel = cds_pkg_soname_wheel(name, cuda, NULL)) == NULL) {
		return NULL;
	}
	/* "nvidia-cublas" of "nvidia-cublas-cu12": what the requirer
	 * names, of whatever CUDA */
	stem = cds_xstrndup(wheel, strrchr(wheel, '-') - wheel);
	text = by != NULL ? metadata_of(h, by->location, by->name) : NULL;
	if (text != NULL) {
		r = requirement_for(text, stem);
	}
	if (r == NULL && cds_startswith(name, "libcudnn") && cuda > 0) {
		/* the soname's major, nothing finer */
		r = cds_xasprintf("%s==%d.*", wheel, atoi(so + 4));
	}
	free(text);
	free(stem);
	free(wheel);
	return r;
}

int
cds_pkg_fix_sonames(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const struct cds_package *by,
    char *const *names)
{
	struct cds_strv specs = {0}, back = {0};
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *r = cds_pkg_soname_spec(c->h, e, by, names[i]);
		char *nm;

		if (r == NULL || cds_strv_contains(&specs, r)) {
			free(r);
			continue;
		}
		nm = cds_xstrndup(r, strcspn(r, "=<>!~["));
		if (!cds_strv_contains(&back, nm)) {
			cds_strv_push(&back, nm);
		}
		free(nm);
		cds_strv_push_owned(&specs, r);
	}
	if (specs.n > 0) {
		cds_pkg_fix_specs(c, f, e, 0, CDS_PKG_ADD,
		    (const char *const *)specs.v, CDS_PKG_REMOVE,
		    (const char *const *)back.v);
	}
	i = specs.n;
	cds_strv_clear(&specs);
	cds_strv_clear(&back);
	return i > 0;
}

/* The env a scan was narrowed to (--env, --prefix), or NULL. */
static const struct cds_env *
narrowed(const struct cds_scan *s)
{
	size_t i;

	for (i = 0; s->narrowed_env != NULL && i < s->nenvs; i++) {
		if (strcmp(s->envs[i].prefix, s->narrowed_env) == 0) {
			return &s->envs[i];
		}
	}
	return NULL;
}

/* `python3 -m pip install`, or the words of env E's own tool. */
static void
pip_words(const cds_handle_t *h, struct cds_strv *w, const struct cds_env *e)
{
	cds_pkg_cmd(h, w, e, 0, CDS_PKG_ADD);
}

/* The cuda-toolkit extra of a CUDA 13 component wheel ("nvidia-cusparse-
 * cu13" -> "cusparse"; cuda-runtime is "cudart", cuda-nvrtc "nvrtc",
 * cuda-cupti "cupti": NVIDIA's cuda-toolkit metapackage). */
static char *
ctk_extra(const char *wheel)
{
	static const char *const renamed[][2] = { { "cuda-runtime", "cudart" },
		{ "cuda-nvrtc", "nvrtc" }, { "cuda-cupti", "cupti" } };
	const char *c = wheel + strlen("nvidia-");
	size_t n = strlen(c) - strlen("-cu13"), i;

	for (i = 0; i < sizeof(renamed) / sizeof(*renamed); i++) {
		if (strlen(renamed[i][0]) == n &&
		    strncmp(c, renamed[i][0], n) == 0) {
			return cds_xstrdup(renamed[i][1]);
		}
	}
	return cds_xstrndup(c, n);
}

/* Torch's and package NAME's (at VERSION) builds whose CUDA and cuDNN
 * pins are the same (so pip can install both), the newest torch that runs
 * here; 1 with them in *T and *O. */
static int
same_pins(const struct cds_rule_ctx *c, const char *name,
    const char *version, const struct cds_framework_req **t,
    const struct cds_framework_req **o)
{
	struct cds_machine mc;
	size_t i, k;

	*t = *o = NULL;
	cds_machine_of(c->s, &mc);
	for (i = 0; i < c->m->nframeworks; i++) {
		const struct cds_framework_req *a = &c->m->frameworks[i];

		if (!is_torch_build(a) || a->cudnn == NULL ||
		    !cds_build_runs(c->m, a, &mc, NULL) || (*t != NULL &&
		    cds_vercmp(a->version, (*t)->version) <= 0)) {
			continue;
		}
		for (k = 0; k < c->m->nframeworks; k++) {
			const struct cds_framework_req *b =
			    &c->m->frameworks[k];

			if (b->index_url != NULL && b->cudnn != NULL &&
			    cds_framework_matches(b, name, version) &&
			    strcmp(a->cuda, b->cuda) == 0 &&
			    strcmp(a->cudnn, b->cudnn) == 0) {
				*t = a;
				*o = b;
			}
		}
	}
	return *t != NULL;
}

/* The torch of env E (else of any env, else the system's) built for CUDA
 * CUDA ("11.8"), or NULL; its env into *WHERE (NULL: the system's). */
static const struct cds_package *
torch_for(const struct cds_scan *s, const struct cds_env *e,
    const char *cuda, const struct cds_env **where)
{
	const struct cds_package *t;
	size_t i, k;

	for (i = 0; i < s->nenvs; i++) {
		if ((e == NULL || &s->envs[i] == e) &&
		    (t = cds_env_package(&s->envs[i], "torch")) != NULL &&
		    cds_streq(t->cuda, cuda)) {
			*where = &s->envs[i];
			return t;
		}
	}
	for (k = 0; e == NULL && k < s->nsystem_packages; k++) {
		if (strcmp(s->system_packages[k].name, "torch") == 0 &&
		    cds_streq(s->system_packages[k].cuda, cuda)) {
			*where = NULL;
			return &s->system_packages[k];
		}
	}
	return NULL;
}

/*
 * torchvision's or torchaudio's refusal of a torch built for another CUDA
 * (msg: pkg1 the companion as the message names it, ver1 its CUDA, ver2
 * torch's): the companion of torch's release and build, from torch's
 * index, named exactly (pip keeps an installed companion that its name
 * alone, or its release alone, satisfies: the label is not compared)
 * where torch and the companion are found here; else the words of it.
 */
static int
companion_fix(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_pkg_msg *msg)
{
	const struct cds_package *t, *p = NULL;
	const struct cds_env *te = NULL;
	struct cds_finding *f;
	char *name, *q, *url, *tag;

	if (msg->pkg1 == NULL || msg->ver1 == NULL || msg->ver2 == NULL ||
	    strchr(msg->ver2, '.') == NULL) {
		return 0;
	}
	name = cds_xstrdup(msg->pkg1);
	for (q = name; *q != '\0'; q++) {
		*q = (char)tolower((unsigned char)*q);
	}
	tag = cds_xasprintf("cu%.*s%s", (int)strcspn(msg->ver2, "."),
	    msg->ver2, strchr(msg->ver2, '.') + 1);
	url = pytorch_index(tag);
	t = torch_for(c->s, e, msg->ver2, &te);
	if (t != NULL) {
		size_t k;

		if (te != NULL) {
			p = cds_env_package(te, name);
		}
		for (k = 0; te == NULL && k < c->s->nsystem_packages; k++) {
			if (strcmp(c->s->system_packages[k].name, name) == 0) {
				p = &c->s->system_packages[k];
			}
		}
	}
	f = cds_finding_add(c, "MSG-PKG", CDS_SEV_ERROR, "%s is built for "
	    "CUDA %s, torch for CUDA %s: the %s of torch's index goes with "
	    "it", name, msg->ver1, msg->ver2, name);
	cds_finding_evidence(f, "torch's index", "%s (PyTorch's builds for "
	    "CUDA %s)", url, msg->ver2);
	if (t != NULL) {
		cds_finding_evidence(f, "torch here", "%s (%s)", t->version,
		    t->location);
	}
	if (t != NULL && p != NULL) {
		cds_pkg_companion_fix(c, f, te, p, t);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "pip install "
		    "--force-reinstall --no-deps %s==<the release that goes "
		    "with torch's>+%s --index-url %s: named exactly, since pip "
		    "keeps an installed %s that the name alone satisfies",
		    name, tag, url, name);
	}
	free(url);
	free(tag);
	free(name);
	return 1;
}

/* PIP-PIN-CLASH: torch and another framework pin different versions of
 * one NVIDIA wheel; both from builds whose pins agree. */
static int
clash_fix(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_pkg_msg *msg)
{
	const struct cds_framework_req *t, *o;
	const char *other, *over;
	struct cds_strv w = {0};
	struct cds_finding *f;

	if (msg->pkg1 == NULL || msg->pkg2 == NULL || c->m == NULL) {
		return 0;
	}
	if (strcmp(msg->pkg1, "torch") == 0) {
		other = msg->pkg2;
		over = msg->ver2;
	} else if (strcmp(msg->pkg2, "torch") == 0) {
		other = msg->pkg1;
		over = msg->ver1;
	} else {
		return 0;
	}
	if (!same_pins(c, other, over, &t, &o)) {
		return 0;
	}
	f = cds_finding_add(c, "MSG-PKG", CDS_SEV_ERROR, "torch and %s %s pin "
	    "different versions of %s; their %s builds pin the same", other,
	    over, msg->wheel != NULL ? msg->wheel : "an NVIDIA wheel",
	    t->variant);
	cds_finding_evidence(f, "builds that agree", "torch %s %s and %s %s "
	    "(CUDA %s, cuDNN %s)", t->version, t->variant, other, o->variant,
	    t->cuda, t->cudnn);
	pip_words(c->h, &w, e);
	cds_strv_push_owned(&w, cds_xasprintf("torch==%s.*", t->version));
	cds_strv_push(&w, "--index-url");
	cds_strv_push(&w, t->index_url);
	cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
	pip_words(c->h, &w, e);
	cds_strv_push_owned(&w, cds_xasprintf("%s==%s", other, over));
	cds_strv_push(&w, "--index-url");
	cds_strv_push(&w, o->index_url);
	cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
	return 1;
}

int
cds_pkg_msg_fix(struct cds_rule_ctx *c, const char *id,
    const struct cds_pkg_msg *msg)
{
	const struct cds_env *e = narrowed(c->s);
	const char *wheel = msg->wheel, *pin = msg->pin;
	const char *cuda_major = msg->cuda_major;
	struct cds_strv w = {0};
	struct cds_finding *f;

	if (strcmp(id, "PIP-PIN-CLASH") == 0) {
		return clash_fix(c, e, msg);
	}
	if (strcmp(id, "TORCH-COMPANION") == 0) {
		return companion_fix(c, e, msg);
	}

	if (strcmp(id, "PIP-NO-PIN") == 0 && wheel != NULL && pin != NULL) {
		f = cds_finding_add(c, "MSG-PKG", CDS_SEV_ERROR, "%s==%s, "
		    "which the framework pins, is not on the index the "
		    "install used", wheel, pin);
		cds_finding_evidence(f, "where it is", "PyPI "
		    "(https://pypi.org/simple) carries NVIDIA's wheels; "
		    "download.pytorch.org mirrors only some of them");
		pip_words(c->h, &w, e);
		cds_strv_push_owned(&w, cds_xasprintf("%s==%s", wheel, pin));
		cds_strv_push(&w, "--index-url");
		cds_strv_push(&w, "https://pypi.org/simple");
		cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "then run the "
		    "install again (or give it --extra-index-url "
		    "https://pypi.org/simple)");
		return 1;
	}
	if (strcmp(id, "CU13-STUB") == 0 && wheel != NULL &&
	    strncmp(wheel, "nvidia-", 7) == 0 && strlen(wheel) > 12) {
		char *extra = ctk_extra(wheel);

		f = cds_finding_add(c, "MSG-PKG", CDS_SEV_ERROR, "%s is a "
		    "deprecated name: CUDA 13's toolkit wheels dropped the "
		    "-cu13 suffix", wheel);
		cds_finding_evidence(f, "CUDA 13 wheels", "nvidia-%.*s, in "
		    "site-packages/nvidia/cu13 (cuDNN, NCCL, nvSHMEM and "
		    "cuSPARSELt keep -cu13)", (int)(strlen(wheel) - 12),
		    wheel + 7);
		pip_words(c->h, &w, e);
		cds_strv_push_owned(&w, cds_xasprintf("cuda-toolkit[%s]==13.*",
		    extra));
		cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "and in the "
		    "requirement that named it: nvidia-%.*s or "
		    "cuda-toolkit[%s]==13.*", (int)(strlen(wheel) - 12),
		    wheel + 7, extra);
		free(extra);
		return 1;
	}
	if (strcmp(id, "CONDA-NO-CUDA") == 0) {
		const struct cds_release *top = NULL;
		const struct cds_driver *d = &c->s->driver;
		char *cv = NULL;
		size_t i;

		if (d->cuda_version > 0) {
			cv = cds_xasprintf("%d.%d", d->cuda_version / 1000,
			    (d->cuda_version % 1000) / 10);
		}
		for (i = 0; cv == NULL && cuda_major != NULL && c->m != NULL &&
		    i < c->m->nreleases; i++) {
			const struct cds_release *r = &c->m->releases[i];

			if (r->kind == CDS_KIND_CUDA &&
			    atoi(r->version) == atoi(cuda_major) &&
			    (top == NULL ||
			    cds_vercmp(r->version, top->version) > 0)) {
				top = r;
			}
		}
		if (cv == NULL && top != NULL) {
			cv = cds_xstrndup(top->version, strchr(top->version,
			    '.') - top->version + 1 + strcspn(strchr(
			    top->version, '.') + 1, "."));
		}
		if (cv == NULL) {
			return 0;
		}
		f = cds_finding_add(c, "MSG-PKG", CDS_SEV_ERROR, "conda sees "
		    "no CUDA driver here (__cuda): a CUDA build cannot be "
		    "solved for");
		cds_finding_evidence(f, "CUDA to claim", "%s (%s)", cv,
		    d->cuda_version > 0 ? "the driver here runs it" :
		    "the newest of the build's CUDA major; use the one the "
		    "GPU machines' driver runs");
		cds_strv_push(&w, "env");
		cds_strv_push_owned(&w, cds_xasprintf("CONDA_OVERRIDE_CUDA=%s",
		    cv));
		cds_strv_push(&w, "conda");
		cds_strv_push(&w, "install");
		if (e != NULL && e->is_conda) {
			cds_strv_push(&w, "-p");
			cds_strv_push(&w, e->prefix);
		}
		cds_strv_push(&w, "-c");
		cds_strv_push(&w, "conda-forge");
		cds_strv_push(&w, "pytorch");
		cds_strv_push_owned(&w, cds_xasprintf("libtorch=*=cuda%d*",
		    atoi(cv)));
		cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
		free(cv);
		return 1;
	}
	return 0;
}

/* The most of a command's output kept: its end. */
#define RUN_KEEP (64 * 1024)

static void
run_data(void *ctx, int fd, const char *buf, size_t len)
{
	struct cds_buf *b = ctx;

	(void)fd;
	cds_buf_add(b, buf, len);
	if (b->len > 2 * RUN_KEEP) {
		memmove(b->s, b->s + b->len - RUN_KEEP, RUN_KEEP);
		b->len = RUN_KEEP;
	}
}

/* PROG on the target's PATH, as a host path; NULL. */
static char *
on_path(const cds_handle_t *h, const char *prog)
{
	const char *path = cds_getenv(h, "PATH"), *p;

	for (p = path; p != NULL && *p != '\0'; ) {
		size_t n = strcspn(p, ":");
		char *dir = cds_xstrndup(p, n), *cand, *host;

		cand = cds_path_join(dir, prog);
		host = cds_rpath_follow(h, cand);
		free(cand);
		free(dir);
		if (host != NULL && access(host, X_OK) == 0) {
			return host;
		}
		free(host);
		p += n;
		p += *p == ':';
	}
	return NULL;
}

int
cds_pkg_run(cds_handle_t *h, char *const *argv, char **output)
{
	struct cds_buf b = {0};
	struct cds_spawn sp;
	struct cds_spawn_result res;
	struct cds_strv v = {0};
	const char *what = NULL;
	char *prog;
	size_t i;
	int rc;

	*output = NULL;
	if (argv == NULL || argv[0] == NULL) {
		return cds_seterr(h, CDS_ERR_USAGE, "no command to run");
	}
	prog = argv[0][0] == '/' ? cds_rpath_follow(h, argv[0]) :
	    on_path(h, argv[0]);
	if (prog == NULL || access(prog, X_OK) != 0) {
		free(prog);
		return cds_seterr(h, CDS_ERR_NOT_FOUND, "%s: not found%s",
		    argv[0], argv[0][0] == '/' ? "" : " on PATH");
	}
	cds_strv_push_owned(&v, prog);
	for (i = 1; argv[i] != NULL; i++) {
		cds_strv_push(&v, argv[i]);
	}
	memset(&sp, 0, sizeof(sp));
	sp.argv = v.v;
	sp.envp = h->env.v != NULL ? h->env.v : (char *[]){ NULL };
	sp.out = CDS_SPAWN_PIPE;
	sp.err = CDS_SPAWN_TO_STDOUT;
	sp.on_data = run_data;
	sp.ctx = &b;
	sp.cancel = &h->cancelled;
	cds_log(h, CDS_LOG_INFO, "running %s", v.v[0]);
	rc = cds_spawn_run(&sp, &res, &what);
	cds_strv_clear(&v);
	cds_buf_add(&b, "", 1);
	*output = cds_buf_steal(&b);
	if (rc == -1) {
		return cds_seterr(h, CDS_ERR_CHILD, "%s: %s failed", argv[0],
		    what != NULL ? what : "start");
	}
	if (res.cancelled) {
		return cds_seterr(h, CDS_ERR_CANCELLED, "%s: cancelled",
		    argv[0]);
	}
	return res.exit_status;
}
