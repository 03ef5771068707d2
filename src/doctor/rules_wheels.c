/*
 * rules_wheels.c - doctor's rules about what pip put in a Python env: NVIDIA
 * wheels of two CUDA families in one site-packages (WHEEL-MIX), PyTorch's
 * NCCL calls that the libnccl.so.2 it loads lacks (NCCL-SYMBOL), PyTorch
 * in a venv's lib64 with its wheels in lib (VENV-LIB64), bitsandbytes
 * without the binary for the CUDA it will look for (BNB-BINARY), and a
 * compiled extension that calls PyTorch functions the installed PyTorch
 * does not define (TORCH-ABI).  Each one reads the dist-info records and
 * the libraries' own symbol tables; none loads anything.
 */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/crypto.h"
#include "doctor/consumers.h"
#include "read/elfread.h"
#include "doctor/facts.h"
#include "doctor/findings.h"
#include "doctor/pkgfix.h"
#include "scan/loader.h"
#include "scan/scan.h"

/* Symbols named in one finding's evidence. */
#define SHOW_SYMBOLS 5
/* Files of one site-packages looked at for extensions, at most. */
#define MAX_EXT_FILES 4000
#define MAX_EXT_DEPTH 4
/* Libraries of torch/lib read for their symbols, at most. */
#define MAX_TORCH_LIBS 48

/* ------------------------------------------------------------------------ */
/* Sites and their packages                                                  */
/* ------------------------------------------------------------------------ */

/* One site-packages directory and who owns it. */
struct site {
	const struct cds_env *env;	/* NULL: the system Python */
	const char *dir;
	const struct cds_package **pkgs;
	size_t npkgs;
};

struct sites {
	struct site *v;
	size_t n;
	char **system;			/* owns the system dirs */
};

static void
site_add(struct sites *ss, const struct cds_env *e, const char *dir,
    const struct cds_package *pkgs, size_t n)
{
	struct site *s;
	size_t i;

	ss->v = cds_xreallocarray(ss->v, ss->n + 1, sizeof(*ss->v));
	s = &ss->v[ss->n++];
	memset(s, 0, sizeof(*s));
	s->env = e;
	s->dir = dir;
	for (i = 0; i < n; i++) {
		if (pkgs[i].from_conda || !cds_streq(pkgs[i].location, dir)) {
			continue;
		}
		s->pkgs = cds_xreallocarray(s->pkgs, s->npkgs + 1,
		    sizeof(*s->pkgs));
		s->pkgs[s->npkgs++] = &pkgs[i];
	}
}

/* Every pip site-packages of the scan: each env's, then the system's. */
static void
sites_of(struct cds_rule_ctx *c, struct sites *ss)
{
	size_t i;

	memset(ss, 0, sizeof(*ss));
	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];

		if (e->site_packages != NULL) {
			site_add(ss, e, e->site_packages, e->packages,
			    e->npackages);
		}
	}
	if (c->s->narrowed_env != NULL) {
		return;
	}
	ss->system = cds_system_sites(c->h);
	for (i = 0; ss->system[i] != NULL; i++) {
		site_add(ss, NULL, ss->system[i], c->s->system_packages,
		    c->s->nsystem_packages);
	}
}

static void
sites_free(struct sites *ss)
{
	size_t i;

	for (i = 0; i < ss->n; i++) {
		free(ss->v[i].pkgs);
	}
	free(ss->v);
	cds_strfreev(ss->system);
}

/* Run FN on every pip site-packages of the scan. */
static void
each_site(struct cds_rule_ctx *c,
    void (*fn)(struct cds_rule_ctx *, const struct site *))
{
	struct sites ss;
	size_t i;

	sites_of(c, &ss);
	for (i = 0; i < ss.n; i++) {
		fn(c, &ss.v[i]);
	}
	sites_free(&ss);
}

/* "env dl (/p/site-packages)" or "the system Python (/p)". */
static char *
site_name(const struct site *s)
{
	if (s->env != NULL) {
		return cds_xasprintf("env %s (%s)", s->env->name, s->dir);
	}
	return cds_xasprintf("%s", s->dir);
}

/* The command of site S's own tool (the env's pip or uv; the system's
 * python3 -m pip) that HOW the packages LIST names (" a b" or "a b"),
 * with the one back, UNDO_HOW UNDO (NULL: none), as a fix of F. */
static void
site_fix(struct cds_rule_ctx *c, struct cds_finding *f, const struct site *s,
    enum cds_pkg_how how, const char *list, enum cds_pkg_how undo_how,
    const char *undo)
{
	char **v = cds_strsplit(list, " ", 0);
	char **u = undo != NULL ? cds_strsplit(undo, " ", 0) : NULL;

	cds_pkg_fix_specs(c, f, s->env, 0, how, (const char *const *)v,
	    undo_how, (const char *const *)u);
	cds_strfreev(v);
	cds_strfreev(u);
}

/* The words of site S's own tool that HOW, as text ("uv pip uninstall
 * --python ENV").  New string. */
static char *
site_words(const struct cds_rule_ctx *c, const struct site *s,
    enum cds_pkg_how how)
{
	char **v = cds_pkg_argv(c->h, s->env, 0, how, NULL);
	char *t = cds_argv_text(v);

	cds_strfreev(v);
	return t;
}

static const struct cds_package *
site_package(const struct site *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->npkgs; i++) {
		if (strcmp(s->pkgs[i]->name, name) == 0) {
			return s->pkgs[i];
		}
	}
	return NULL;
}

/* One file a wheel's RECORD lists: its path in the site, its digest
 * (urlsafe base64 of SHA-256, as pip writes it) and size. */
struct rec {
	char *path;
	char *digest;
	long long size;
};

struct record {
	struct rec *v;
	size_t n;
};

static void
record_free(struct record *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->v[i].path);
		free(r->v[i].digest);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* The shared libraries RECORD of package P in SITE lists (lines "path,
 * sha256=digest,size"). */
static void
record_read(cds_handle_t *h, const char *site, const struct cds_package *p,
    struct record *out)
{
	char **lines = cds_record_lines(h, site, p->name), **l;

	memset(out, 0, sizeof(*out));
	if (lines == NULL) {
		return;
	}
	for (l = lines; *l != NULL; l++) {
		char **f = cds_strsplit(*l, ",", 0);
		struct rec *r;

		if (cds_strv_len(f) >= 3 && strstr(f[0], ".so") != NULL &&
		    cds_startswith(f[1], "sha256=")) {
			out->v = cds_xreallocarray(out->v, out->n + 1,
			    sizeof(*out->v));
			r = &out->v[out->n++];
			r->path = cds_xstrdup(f[0]);
			r->digest = cds_xstrdup(f[1] + 7);
			r->size = atoll(f[2]);
		}
		cds_strfreev(f);
	}
	cds_strfreev(lines);
}

static const struct rec *
record_find(const struct record *r, const char *path)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (strcmp(r->v[i].path, path) == 0) {
			return &r->v[i];
		}
	}
	return NULL;
}

/* SHA-256 HEX as RECORD writes it: urlsafe base64 without padding. */
static void
hex_to_b64url(const char *hex, char out[44])
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789-_";
	unsigned char md[32];
	size_t i, o = 0;

	for (i = 0; i < 32; i++) {
		unsigned v;

		sscanf(hex + 2 * i, "%2x", &v);
		md[i] = (unsigned char)v;
	}
	for (i = 0; i + 2 < 32; i += 3) {
		unsigned long v = ((unsigned long)md[i] << 16) |
		    ((unsigned long)md[i + 1] << 8) | md[i + 2];

		out[o++] = tab[(v >> 18) & 63];
		out[o++] = tab[(v >> 12) & 63];
		out[o++] = tab[(v >> 6) & 63];
		out[o++] = tab[v & 63];
	}
	/* 32 = 30 + 2: two bytes left, three characters */
	{
		unsigned long v = ((unsigned long)md[30] << 16) |
		    ((unsigned long)md[31] << 8);

		out[o++] = tab[(v >> 18) & 63];
		out[o++] = tab[(v >> 12) & 63];
		out[o++] = tab[(v >> 6) & 63];
	}
	out[o] = '\0';
}

/* Does the file at SITE/R->path hold what RECORD R says (size, then the
 * digest when SIZE_ONLY is 0)?  1, 0, or -1 when it cannot be read. */
static int
record_matches(cds_handle_t *h, const char *site, const struct rec *r,
    int size_only)
{
	char *path = cds_path_join(site, r->path);
	char *host = cds_rpath_follow(h, path);
	char hex[65], b64[44];
	struct stat st;
	int ret;

	free(path);
	if (stat(host, &st) == -1 || !S_ISREG(st.st_mode)) {
		free(host);
		return -1;
	}
	if ((long long)st.st_size != r->size) {
		free(host);
		return 0;
	}
	if (size_only) {
		free(host);
		return 1;
	}
	ret = cds_sha256_file(host, hex) == 0 ? 1 : -1;
	free(host);
	if (ret == 1) {
		hex_to_b64url(hex, b64);
		ret = strcmp(b64, r->digest) == 0;
	}
	return ret;
}

/* The CUDA family of an NVIDIA wheel: "-cu12" in its name, else the
 * "nvidia/cu13/" directory CUDA 13's wheels share, read from its RECORD
 * R.  0 when unknown. */
static int
wheel_family(const struct cds_package *p, const struct record *r)
{
	const char *cu = strrchr(p->name, '-');
	size_t i;

	if (cu != NULL && cds_startswith(cu, "-cu") && atoi(cu + 3) > 0) {
		return atoi(cu + 3);
	}
	for (i = 0; i < r->n; i++) {
		if (cds_startswith(r->v[i].path, "nvidia/cu") &&
		    atoi(r->v[i].path + 9) > 0) {
			return atoi(r->v[i].path + 9);
		}
	}
	return 0;
}

/* The CUDA family a framework package needs: its build's CUDA major,
 * or the family in its name (jax-cuda12-plugin, cupy-cuda12x).  0 when
 * it is no CUDA framework or it is not known. */
static int
framework_family(const struct cds_package *p)
{
	const char *cu;

	if (cds_startswith(p->name, "nvidia-") || p->cpu_only) {
		return 0;
	}
	if ((cds_startswith(p->name, "jax-cuda") ||
	    cds_startswith(p->name, "cupy-cuda")) &&
	    (cu = strstr(p->name, "cuda")) != NULL) {
		return atoi(cu + 4);
	}
	if (p->kind != 0 && p->cuda != NULL) {
		return atoi(p->cuda);
	}
	return 0;
}

/* ------------------------------------------------------------------------ */
/* WHEEL-MIX                                                                 */
/* ------------------------------------------------------------------------ */

struct wheel {
	const struct cds_package *p;
	int family;
	struct record rec;
};

/* Which of wheels A and B the file PATH of the site came from: A, B, or
 * NULL when neither (or both: the same bytes). */
static const struct wheel *
owner_on_disk(cds_handle_t *h, const char *site, const char *path,
    const struct wheel *a, const struct wheel *b)
{
	const struct rec *ra = record_find(&a->rec, path);
	const struct rec *rb = record_find(&b->rec, path);
	int same_size = ra->size == rb->size;
	int ma = record_matches(h, site, ra, !same_size);
	int mb = record_matches(h, site, rb, !same_size);

	if (ma == 1 && mb != 1) {
		return a;
	}
	if (mb == 1 && ma != 1) {
		return b;
	}
	return NULL;
}

static int
family_needed(const int *need, size_t n, int fam)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (need[i] == fam) {
			return 1;
		}
	}
	return 0;
}

/* What WHEEL-MIX gathers in one site. */
struct mix {
	struct wheel *w;	/* the NVIDIA wheels */
	size_t nw;
	int fams[8];		/* their CUDA families, sorted */
	size_t nfams;
	int need[16];		/* the families the frameworks need */
	size_t nneed;
	struct cds_buf needers;	/* "torch 2.5.1 (CUDA 12), ..." */
	struct cds_buf drop;	/* wheels of a family nothing needs */
	struct cds_buf again;	/* " name==version" to reinstall */
	struct cds_strv clash;	/* files two families both install */
};

static void
mix_free(struct mix *m)
{
	size_t i;

	for (i = 0; i < m->nw; i++) {
		record_free(&m->w[i].rec);
	}
	free(m->w);
	cds_buf_free(&m->needers);
	cds_buf_free(&m->drop);
	cds_buf_free(&m->again);
	cds_strv_clear(&m->clash);
}

/* The site's frameworks and the families they need; its NVIDIA wheels,
 * their records and families (sorted). */
static void
mix_collect(struct cds_rule_ctx *c, const struct site *s, struct mix *m)
{
	size_t i, k;

	for (i = 0; i < s->npkgs; i++) {
		const struct cds_package *p = s->pkgs[i];
		const struct cds_framework_req *row =
		    cds_pkg_index_row(c->m, p);
		int fam = row != NULL ? atoi(row->cuda) : framework_family(p);
		struct wheel *w;

		if (fam > 0 && m->nneed < 16 && !family_needed(m->need,
		    m->nneed, fam)) {
			m->need[m->nneed++] = fam;
		}
		if (fam > 0) {
			cds_buf_addf(&m->needers, "%s%s %s (CUDA %d)",
			    m->needers.len > 0 ? ", " : "", p->name,
			    p->version, fam);
		}
		if (!cds_startswith(p->name, "nvidia-")) {
			continue;
		}
		m->w = cds_xreallocarray(m->w, m->nw + 1, sizeof(*m->w));
		w = &m->w[m->nw];
		memset(w, 0, sizeof(*w));
		w->p = p;
		record_read(c->h, s->dir, p, &w->rec);
		w->family = wheel_family(p, &w->rec);
		if (w->family > 0 && m->nfams < 8 &&
		    !family_needed(m->fams, m->nfams, w->family)) {
			m->fams[m->nfams++] = w->family;
		}
		m->nw++;
	}
	for (i = 1; i < m->nfams; i++) {
		for (k = i; k > 0 && m->fams[k - 1] > m->fams[k]; k--) {
			int t = m->fams[k];

			m->fams[k] = m->fams[k - 1];
			m->fams[k - 1] = t;
		}
	}
}

/* PATH is installed by wheels A and B of two families: which one's file
 * is there, and the wheel of a needed family to reinstall. */
static void
mix_clash(struct cds_rule_ctx *c, const struct site *s, struct mix *m,
    const char *path, const struct wheel *a, const struct wheel *b)
{
	const struct wheel *on = owner_on_disk(c->h, s->dir, path, a, b);
	const struct wheel *lost = on == a ? b : on == b ? a : NULL;
	size_t q;

	if (on != NULL) {
		cds_strv_push_owned(&m->clash, cds_xasprintf("%s is installed "
		    "by %s %s and %s %s; the file there is %s's, %s's was "
		    "overwritten", path, a->p->name, a->p->version, b->p->name,
		    b->p->version, on->p->name, lost->p->name));
	} else {
		cds_strv_push_owned(&m->clash, cds_xasprintf("%s is installed "
		    "by %s %s and %s %s", path, a->p->name, a->p->version,
		    b->p->name, b->p->version));
	}
	/* the family needed gets its file back */
	for (q = 0; q < 2; q++) {
		const struct wheel *x = q == 0 ? a : b;
		char *spec = cds_xasprintf("%s==%s", x->p->name,
		    x->p->version);

		if (family_needed(m->need, m->nneed, x->family) &&
		    strstr(m->again.s != NULL ? m->again.s : "", spec) ==
		    NULL) {
			cds_buf_addf(&m->again, " %s", spec);
		}
		free(spec);
	}
}

/* The same file from wheels of two families: one overwrote the other's. */
static void
mix_clashes(struct cds_rule_ctx *c, const struct site *s, struct mix *m)
{
	size_t i, k, j;

	for (i = 0; i < m->nw; i++) {
		for (k = i + 1; k < m->nw; k++) {
			const struct wheel *a = &m->w[i], *b = &m->w[k];

			if (a->family == b->family || a->family == 0 ||
			    b->family == 0) {
				continue;
			}
			for (j = 0; j < a->rec.n; j++) {
				if (record_find(&b->rec, a->rec.v[j].path) !=
				    NULL) {
					mix_clash(c, s, m, a->rec.v[j].path,
					    a, b);
				}
			}
		}
	}
}

/* Is NAME one of the words of LIST (" a b c")? */
static int
in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = list; p != NULL && (p = strstr(p, name)) != NULL; p += n) {
		if (p > list && p[-1] == ' ' && (p[n] == ' ' || p[n] == '\0')) {
			return 1;
		}
	}
	return 0;
}

/* The wheels of M whose names LIST (" a b") holds, as " a==1 b==2". */
static char *
pinned_list(const struct mix *m, const char *list)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < m->nw; i++) {
		if (in_list(list, m->w[i].p->name)) {
			cds_buf_addf(&b, " %s==%s", m->w[i].p->name,
			    m->w[i].p->version);
		}
	}
	return b.s != NULL ? cds_buf_steal(&b) : cds_xstrdup("");
}

/* The command of env S->env's own tool that removes the wheels LIST names
 * (" a b"), and the one that puts them back at PINS (" a==1 b==2"). */
static void
remove_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct site *s, const char *list, const char *pins)
{
	site_fix(c, f, s, CDS_PKG_REMOVE, list, CDS_PKG_ADD, pins);
}

/* A library file name of RECORD path PATH ("libcusparse.so.12"). */
static const char *
lib_name(const char *path)
{
	const char *b = strrchr(path, '/');

	return b != NULL ? b + 1 : path;
}

/* Each library one of the wheels LIST names installs that a wheel kept
 * also installs under the same name in another directory: two copies of
 * one soname, the one a program gets decided by search order. */
static void
same_libraries(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct mix *m, const char *list)
{
	size_t i, k, j, q;
	int shown = 0;

	for (i = 0; list != NULL && i < m->nw; i++) {
		const struct wheel *a = &m->w[i];

		if (!in_list(list, a->p->name)) {
			continue;
		}
		for (k = 0; k < m->nw; k++) {
			const struct wheel *b = &m->w[k];

			if (in_list(list, b->p->name)) {
				continue;
			}
			for (j = 0; j < a->rec.n; j++) {
				for (q = 0; q < b->rec.n && shown < 8; q++) {
					const char *x = a->rec.v[j].path;
					const char *y = b->rec.v[q].path;

					if (strcmp(x, y) == 0 || strcmp(
					    lib_name(x), lib_name(y)) != 0) {
						continue;
					}
					cds_finding_evidence(f, "same library",
					    "%s: %s (%s %s, left over) and %s "
					    "(%s %s)", lib_name(x), x,
					    a->p->name, a->p->version, y,
					    b->p->name, b->p->version);
					shown++;
				}
			}
		}
	}
	(void)c;
}

/* The finding: the wheels of each family, who needs which, the files
 * they share, and the pip commands. */
static void
mix_report(struct cds_rule_ctx *c, const struct site *s, struct mix *m)
{
	struct cds_buf t = {0};
	struct cds_finding *f;
	char *where;
	size_t i, k;

	where = site_name(s);
	for (i = 0; i < m->nfams; i++) {
		cds_buf_addf(&t, "%sCUDA %d", i == 0 ? "" : i + 1 == m->nfams ?
		    " and " : ", ", m->fams[i]);
	}
	f = cds_finding_add(c, "WHEEL-MIX", m->clash.n > 0 ? CDS_SEV_ERROR :
	    CDS_SEV_WARNING, "%s holds NVIDIA wheels of %s", where, t.s);
	cds_buf_free(&t);
	for (i = 0; i < m->nfams; i++) {
		struct cds_buf list = {0};
		char key[32];

		for (k = 0; k < m->nw; k++) {
			if (m->w[k].family != m->fams[i]) {
				continue;
			}
			cds_buf_addf(&list, "%s%s %s", list.len > 0 ? ", " : "",
			    m->w[k].p->name, m->w[k].p->version);
			if (m->nneed > 0 && !family_needed(m->need, m->nneed,
			    m->fams[i])) {
				cds_buf_addf(&m->drop, " %s", m->w[k].p->name);
			}
		}
		snprintf(key, sizeof(key), "CUDA %d wheels", m->fams[i]);
		cds_finding_evidence(f, key, "%s", list.s);
		cds_buf_free(&list);
	}
	cds_finding_evidence(f, "needed by", "%s", m->needers.len > 0 ?
	    m->needers.s : "no framework here says which CUDA it was built "
	    "for");
	for (i = 0; i < m->clash.n; i++) {
		cds_finding_evidence(f, "same file", "%s", m->clash.v[i]);
	}
	same_libraries(c, f, m, m->drop.s);
	if (m->drop.len > 0) {
		char *pins = pinned_list(m, m->drop.s);

		remove_fix(c, f, s, m->drop.s, pins);
		free(pins);
	}
	if (m->again.len > 0) {
		site_fix(c, f, s, CDS_PKG_REINSTALL, m->again.s, 0, NULL);
	}
	if (m->drop.len == 0 && m->again.len == 0) {
		char *rm = site_words(c, s, CDS_PKG_REMOVE);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "keep the wheels "
		    "of one CUDA version per env: uninstall those of the "
		    "version no program here uses (%s ...)", rm);
		free(rm);
	}
	free(where);
}

/* ------------------------------------------------------------------------ */
/* WHEEL-ORPHAN                                                              */
/* ------------------------------------------------------------------------ */

/* One distribution of a site: what its METADATA requires, whether pip was
 * asked for it by name. */
struct dist {
	char *name;		/* normalised */
	char *version;
	char **reqs;		/* the names its Requires-Dist gives */
	int *req_major;		/* "==13.*": 13; -1 for anything else */
	int pip_dep;		/* pip installed it as a dependency: INSTALLER
				   pip, no REQUESTED */
	int uv;			/* uv installed it (INSTALLER uv): uv writes
				   REQUESTED for every wheel it installs
				   (uv-install-wheel's install.rs), so only
				   the dependency graph tells */
	int cand;		/* an NVIDIA wheel of a CUDA family, or NVIDIA's
				   cuda-toolkit metapackage */
	int drop;
};

/* The first word of dist-info file NAME in DIR, or NULL. */
static char *
distinfo_word(cds_handle_t *h, const char *dir, const char *name)
{
	char *path = cds_path_join(dir, name);
	char *text = cds_root_read_file(h, path, 4096, NULL);
	char *w = NULL;

	free(path);
	cds_clearerr(h);
	if (text != NULL) {
		w = cds_xstrndup(text, strcspn(text, " \t\r\n"));
		free(text);
	}
	return w;
}

/* Requires-Dist lines of METADATA TEXT into D: the name, and the major a
 * "==M..." specifier pins. */
static void
dist_reqs(struct dist *d, const char *text)
{
	struct cds_strv names = {0};
	const char *line;
	size_t n = 0;

	for (line = text; line != NULL && *line != '\0';) {
		const char *v = cds_startswith(line, "Requires-Dist:") ?
		    line + 14 : NULL;

		if (v != NULL) {
			size_t k;
			char *raw, *norm;

			v += strspn(v, " \t");
			k = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
			    "opqrstuvwxyz0123456789._-");
			raw = cds_xstrndup(v, k);
			norm = cds_pkg_normalise(raw);
			free(raw);
			cds_strv_push_owned(&names, norm);
			d->req_major = cds_xreallocarray(d->req_major, n + 1,
			    sizeof(*d->req_major));
			v += k;
			v += strspn(v, " \t(");
			if (*v == '[') {
				v += strcspn(v, "]");
				v += *v == ']';
				v += strspn(v, " \t(");
			}
			d->req_major[n++] = cds_startswith(v, "==") &&
			    v[2] >= '0' && v[2] <= '9' ? atoi(v + 2) : -1;
		}
		line = strchr(line, '\n');
		line = line != NULL ? line + 1 : NULL;
	}
	d->reqs = cds_strv_steal(&names);
}

/* Every dist-info of SITE. */
static struct dist *
site_dists(struct cds_rule_ctx *c, const char *site, size_t *np)
{
	char *pat = cds_path_join(site, "*.dist-info");
	char **m = cds_root_glob(c->h, pat), **q;
	struct dist *v = NULL;
	size_t n = 0;

	free(pat);
	for (q = m; *q != NULL; q++) {
		const char *b = cds_basename(*q);
		const char *dash = strchr(b, '-');
		char *base, *path, *text, *inst, *req;
		struct dist *d;

		if (dash == NULL) {
			continue;
		}
		v = cds_xreallocarray(v, n + 1, sizeof(*v));
		d = &v[n++];
		memset(d, 0, sizeof(*d));
		base = cds_xstrndup(b, (size_t)(dash - b));
		d->name = cds_pkg_normalise(base);
		free(base);
		d->version = cds_xstrndup(dash + 1, strlen(dash + 1) - 10);
		path = cds_path_join(*q, "METADATA");
		text = cds_root_read_file(c->h, path, 1u << 20, NULL);
		cds_clearerr(c->h);
		free(path);
		dist_reqs(d, text != NULL ? text : "");
		free(text);
		inst = distinfo_word(c->h, *q, "INSTALLER");
		path = cds_path_join(*q, "REQUESTED");
		req = cds_rpath_follow(c->h, path);
		free(path);
		d->pip_dep = inst != NULL && strcmp(inst, "pip") == 0 &&
		    req != NULL && access(req, F_OK) != 0;
		d->uv = inst != NULL && strcmp(inst, "uv") == 0;
		free(req);
		free(inst);
	}
	cds_strfreev(m);
	*np = n;
	return v;
}

static void
dists_free(struct dist *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].version);
		cds_strfreev(v[i].reqs);
		free(v[i].req_major);
	}
	free(v);
}

/* Does D require distribution X (by name; a "==M" pin of another major
 * than X's is not X)? */
static int
requires(const struct dist *d, const struct dist *x)
{
	size_t i;

	for (i = 0; d->reqs[i] != NULL; i++) {
		if (strcmp(d->reqs[i], x->name) == 0 && (d->req_major[i] < 0 ||
		    d->req_major[i] == atoi(x->version))) {
			return 1;
		}
	}
	return 0;
}

/* The family of distribution D: that of its NVIDIA wheel in M, or the
 * major of cuda-toolkit; 0 when it is neither. */
static int
dist_family(const struct dist *d, const struct mix *m)
{
	size_t i;

	if (strcmp(d->name, "cuda-toolkit") == 0) {
		return atoi(d->version);
	}
	for (i = 0; i < m->nw; i++) {
		if (strcmp(m->w[i].p->name, d->name) == 0) {
			return m->w[i].family;
		}
	}
	return 0;
}

/*
 * The names a uv project beside env E asks for (E is its .venv): every
 * requirement its pyproject.toml writes (dependencies, optional ones,
 * dependency groups, sources), and every package its uv.lock holds (what
 * `uv sync` installs, the dependencies of those it asks for among them).
 * Read as quoted strings, each the name it starts with, normalised: a name
 * under any marker or extra counts.  The files read, into FILES (" and "
 * between); nothing when E is no project's.
 */
static void
project_names(struct cds_rule_ctx *c, const struct cds_env *e,
    struct cds_strv *names, struct cds_buf *files)
{
	static const char *const read[] = { "pyproject.toml", "uv.lock",
		NULL };
	char *top = cds_dirname(e->prefix);
	const char *const *r;

	for (r = read; *r != NULL; r++) {
		char *path = cds_path_join(top, *r);
		char *text = cds_root_read_file(c->h, path, 16u << 20, NULL);
		const char *p;

		cds_clearerr(c->h);
		for (p = text; p != NULL && *p != '\0'; p++) {
			char q = *p, *raw, *norm;
			size_t k;

			if (q != '"' && q != '\'') {
				continue;
			}
			k = strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"
			    "klmnopqrstuvwxyz0123456789._-");
			if (k > 0) {
				raw = cds_xstrndup(p + 1, k);
				norm = cds_pkg_normalise(raw);
				if (!cds_strv_contains(names, norm)) {
					cds_strv_push(names, norm);
				}
				free(norm);
				free(raw);
			}
			/* past the string's end */
			p = strchr(p + 1, q);
			if (p == NULL) {
				break;
			}
		}
		if (text != NULL) {
			cds_buf_addf(files, "%s%s", files->len > 0 ? " and " :
			    "", path);
		}
		free(text);
		free(path);
	}
	free(top);
}

/*
 * WHEEL-ORPHAN: NVIDIA wheels pip installed as dependencies (of uv's,
 * any its project does not ask for) that nothing installed requires any
 * more (their framework removed or moved to another CUDA: research rule
 * 8), of a family no framework here needs (CTranslate2 and ONNX Runtime
 * load them without naming them).  SHOWN: the wheels WHEEL-MIX already
 * told to remove, left out.
 */
static void
orphans(struct cds_rule_ctx *c, const struct site *s, struct mix *m,
    const char *shown)
{
	struct cds_buf list = {0}, pins = {0}, words = {0}, files = {0};
	struct cds_strv listed = {0};
	struct cds_finding *f;
	struct dist *d;
	size_t n, i, k;
	int changed = 1, by_pip = 0, by_uv = 0;
	char *where;

	d = site_dists(c, s->dir, &n);
	for (i = 0; i < n; i++) {
		by_uv |= d[i].uv;
	}
	if (by_uv && s->env != NULL) {
		project_names(c, s->env, &listed, &files);
	}
	for (i = 0; i < n; i++) {
		int fam = dist_family(&d[i], m);

		d[i].cand = fam > 0;
		/* uv's: by the graph alone, less what its project asks for */
		d[i].drop = d[i].cand && (d[i].pip_dep || (d[i].uv &&
		    !cds_strv_contains(&listed, d[i].name))) &&
		    !family_needed(m->need, m->nneed, fam);
	}
	by_uv = 0;
	/* kept: what a distribution kept requires */
	while (changed) {
		changed = 0;
		for (i = 0; i < n; i++) {
			for (k = 0; d[i].drop && k < n; k++) {
				if (!d[k].drop && requires(&d[k], &d[i])) {
					d[i].drop = 0;
					changed = 1;
				}
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (d[i].drop && !in_list(shown, d[i].name)) {
			by_pip |= d[i].pip_dep;
			by_uv |= d[i].uv;
			cds_buf_addf(&list, "%s%s %s", list.len > 0 ? ", " :
			    "", d[i].name, d[i].version);
			cds_buf_addf(&words, " %s", d[i].name);
			cds_buf_addf(&pins, " %s==%s", d[i].name,
			    d[i].version);
		}
	}
	if (list.len > 0) {
		where = site_name(s);
		f = cds_finding_add(c, "WHEEL-ORPHAN", CDS_SEV_WARNING, "%s "
		    "holds NVIDIA wheels that no installed package requires",
		    where);
		cds_finding_evidence(f, "left over", "%s", list.s);
		if (by_pip) {
			cds_finding_evidence(f, "installed as", "dependencies "
			    "(pip wrote no REQUESTED in their dist-info); "
			    "none of the packages there names them");
		}
		if (by_uv) {
			cds_finding_evidence(f, "installed by uv", "uv marks "
			    "every wheel it installs as asked for "
			    "(REQUESTED), so the dependency graph decides: "
			    "no package there names them in its "
			    "Requires-Dist, under any marker or extra%s%s%s",
			    files.len > 0 ? ", and " : "",
			    files.len > 0 ? files.s : "",
			    files.len > 0 ? " do not list them" : "");
		}
		cds_finding_evidence(f, "frameworks here", "%s",
		    m->needers.len > 0 ? m->needers.s : "none");
		same_libraries(c, f, m, words.s);
		remove_fix(c, f, s, words.s, pins.s);
		free(where);
	}
	cds_buf_free(&list);
	cds_buf_free(&pins);
	cds_buf_free(&words);
	cds_buf_free(&files);
	cds_strv_clear(&listed);
	dists_free(d, n);
}

static void
wheel_mix_site(struct cds_rule_ctx *c, const struct site *s)
{
	struct mix m;
	size_t i;
	int unused = 0, shown = 0;

	memset(&m, 0, sizeof(m));
	mix_collect(c, s, &m);
	if (m.nfams >= 2) {
		mix_clashes(c, s, &m);
		for (i = 0; i < m.nfams; i++) {
			unused |= m.nneed > 0 && !family_needed(m.need,
			    m.nneed, m.fams[i]);
		}
		/* unless each family serves a framework here */
		if (m.clash.n > 0 || unused) {
			mix_report(c, s, &m);
			shown = 1;
		}
	}
	if (m.nw > 0) {
		orphans(c, s, &m, shown ? m.drop.s : NULL);
	}
	mix_free(&m);
}

static void
rule_wheel_mix(struct cds_rule_ctx *c)
{
	each_site(c, wheel_mix_site);
}

/* ------------------------------------------------------------------------ */
/* NCCL-SYMBOL                                                               */
/* ------------------------------------------------------------------------ */

/* Find NAME for CONSUMER as ld.so would in env E's environment. */
static struct cds_ld_found *
find_for(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_elf *consumer, const char *name,
    struct cds_libpath **lpp)
{
	struct cds_libpath *lp = cds_libpath_for(c, e, NULL);
	char *saved = cds_strdup0(cds_getenv(c->h, "LD_LIBRARY_PATH"));
	struct cds_ld_found *fd;

	cds_setenv(c->h, "LD_LIBRARY_PATH", lp->ld_library_path);
	fd = cds_loader_find(c->h, name, consumer, 0);
	cds_setenv(c->h, "LD_LIBRARY_PATH", saved);
	free(saved);
	cds_clearerr(c->h);
	if (lpp != NULL) {
		*lpp = lp;
	} else {
		cds_libpath_free(lp);
	}
	return fd;
}

/* Open the ELF file at target path PATH (symbols and all), or NULL. */
static struct cds_elf *
elf_at(struct cds_rule_ctx *c, const char *path)
{
	char *host = cds_rpath_follow(c->h, path);
	struct cds_elf *e = cds_elf_open(c->h, host);

	free(host);
	cds_clearerr(c->h);
	return e;
}

/* The wheels of site S whose RECORD lists PATH (relative to the site),
 * "name version" each, the one whose bytes are there marked. */
static char *
owners_of(struct cds_rule_ctx *c, const struct site *s, const char *path,
    char **on_disk)
{
	struct cds_buf b = {0};
	size_t i;

	*on_disk = NULL;
	for (i = 0; i < s->npkgs; i++) {
		const struct cds_package *p = s->pkgs[i];
		struct record r;
		const struct rec *x;

		if (!cds_startswith(p->name, "nvidia-")) {
			continue;
		}
		record_read(c->h, s->dir, p, &r);
		if ((x = record_find(&r, path)) != NULL) {
			int m = record_matches(c->h, s->dir, x, 0);

			cds_buf_addf(&b, "%s%s %s%s", b.len > 0 ? ", " : "",
			    p->name, p->version, m == 1 ? " (the file "
			    "there)" : m == 0 ? " (overwritten)" : "");
			if (m == 1 && *on_disk == NULL) {
				*on_disk = cds_xasprintf("%s==%s", p->name,
				    p->version);
			}
		}
		record_free(&r);
	}
	return cds_buf_steal(&b);
}

/* The version of NAME that package P's METADATA pins ("2.27.3" of
 * "Requires-Dist: nvidia-nccl-cu12==2.27.3; ..."), or NULL.  Older
 * setuptools wrote the specifier in parentheses, "nvidia-nccl-cu12
 * (==2.19.3) ; ..." (torch 2.2.2's and 2.4.0's wheels on PyPI). */
static char *
pinned(struct cds_rule_ctx *c, const char *site, const struct cds_package *p,
    const char *prefix, char **name)
{
	char *di = cds_distinfo_named(c->h, site, p->name, NULL);
	char *path, *text, *line, *r = NULL;

	*name = NULL;
	if (di == NULL) {
		return NULL;
	}
	path = cds_path_join(di, "METADATA");
	text = cds_root_read_file(c->h, path, 1u << 20, NULL);
	free(path);
	free(di);
	for (line = text; line != NULL && *line != '\0' && r == NULL;) {
		char *nl = strchr(line, '\n');
		const char *v = cds_startswith(line, "Requires-Dist: ") ?
		    line + 15 : NULL;

		if (v != NULL && cds_startswith(v, prefix)) {
			size_t n = strcspn(v, " =<>!~;(\n");
			const char *eq = v + n;

			eq += strspn(eq, " (");
			if (cds_startswith(eq, "==")) {
				*name = cds_xstrndup(v, n);
				r = cds_xstrndup(eq + 2, strcspn(eq + 2,
				    " ,;)\n"));
			}
		}
		line = nl != NULL ? nl + 1 : NULL;
	}
	free(text);
	return r;
}

/* "ncclMemFree, ncclAlltoAll and 3 more" of MISS. */
static char *
symbols_text(const struct cds_strv *miss)
{
	struct cds_buf b = {0};
	size_t i;

	for (i = 0; i < miss->n && i < SHOW_SYMBOLS; i++) {
		cds_buf_addf(&b, "%s%s", i > 0 ? ", " : "", miss->v[i]);
	}
	if (miss->n > SHOW_SYMBOLS) {
		cds_buf_addf(&b, " and %zu more", miss->n - SHOW_SYMBOLS);
	}
	return cds_buf_steal(&b);
}

/* The fixes of an NCCL wheel of site S (REAL, the file torch loads, at
 * REL in the site) resolved before torch P's own: uninstall the other
 * NCCL wheels, reinstall the one torch pins (PNAME==PIN), else torch. */
static void
nccl_wheel_fixes(struct cds_rule_ctx *c, const struct site *s,
    const struct cds_package *p, struct cds_finding *f, const char *pname,
    const char *pin)
{
	struct cds_buf others = {0}, back = {0};
	struct cds_strv kept = {0};
	struct dist *d;
	size_t i, j, k, n;

	/* the other NCCL wheels: the one torch pins stays, and so does one
	 * another package here requires (uninstalling it would break that
	 * package; the two then cannot share this env) */
	d = site_dists(c, s->dir, &n);
	for (i = 0; i < s->npkgs; i++) {
		const char *nm = s->pkgs[i]->name, *by = NULL;

		if (!cds_startswith(nm, "nvidia-nccl-") || cds_streq(nm, pname)) {
			continue;
		}
		for (j = 0; j < n && !cds_streq(d[j].name, nm); j++) {
		}
		for (k = 0; j < n && k < n && by == NULL; k++) {
			if (!cds_streq(d[k].name, "torch") &&
			    requires(&d[k], &d[j])) {
				by = d[k].name;
			}
		}
		if (by == NULL) {
			cds_buf_addf(&others, " %s", nm);
			cds_buf_addf(&back, " %s==%s", nm,
			    s->pkgs[i]->version);
			continue;
		}
		cds_finding_evidence(f, "kept", "%s, which %s requires", nm, by);
		cds_strv_push_owned(&kept, cds_xasprintf("%s requires %s, whose "
		    "libnccl.so.2 is the same file as torch's NCCL: give %s an "
		    "env of its own, or install its build for torch's CUDA", by,
		    nm, by));
	}
	dists_free(d, n);
	if (others.len > 0) {
		site_fix(c, f, s, CDS_PKG_REMOVE, others.s, CDS_PKG_ADD,
		    back.s);
	}
	if (pin != NULL) {
		char *spec = cds_xasprintf("%s==%s", pname, pin);

		site_fix(c, f, s, CDS_PKG_REINSTALL, spec, 0, NULL);
		free(spec);
	} else {
		char *spec = cds_xasprintf("torch==%s", p->version);

		site_fix(c, f, s, CDS_PKG_REINSTALL, spec, 0, NULL);
		free(spec);
	}
	for (i = 0; i < kept.n; i++) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "%s", kept.v[i]);
	}
	cds_strv_clear(&kept);
	cds_buf_free(&others);
	cds_buf_free(&back);
}

/* Where the NCCL torch loads (FD, through LP) comes from, as evidence on
 * F, and the fix that fits: drop an LD_LIBRARY_PATH entry, set the site's
 * NCCL wheels right, or move a stray copy off the path. */
static void
nccl_source(struct cds_rule_ctx *c, const struct site *s,
    const struct cds_package *p, struct cds_finding *f,
    const struct cds_ld_found *fd, const struct cds_libpath *lp)
{
	const char *real = fd->realpath != NULL ? fd->realpath : fd->path;
	const struct cds_libdir *d = NULL;
	char *rel = NULL, *disk = NULL, *owners = NULL;
	char *pin, *pname;
	size_t sl = strlen(s->dir), i;

	if (fd->via == CDS_LD_LIBRARY_PATH) {
		for (i = 0; i < lp->n && d == NULL; i++) {
			if (lp->dirs[i].from_env &&
			    cds_streq(lp->dirs[i].dir, fd->dir)) {
				d = &lp->dirs[i];
			}
		}
	}
	if (strncmp(real, s->dir, sl) == 0 && real[sl] == '/') {
		rel = cds_xstrdup(real + sl + 1);
		owners = owners_of(c, s, rel, &disk);
		if (owners[0] != '\0') {
			cds_finding_evidence(f, "installed by", "%s", owners);
		}
	}
	pin = pinned(c, s->dir, p, "nvidia-nccl-cu", &pname);
	if (pin != NULL) {
		cds_finding_evidence(f, "torch requires", "%s==%s", pname,
		    pin);
	}
	if (d != NULL) {
		cds_evidence_via(f, d);
		cds_fix_remove_path(c, f, d);
	} else if (rel != NULL) {
		nccl_wheel_fixes(c, s, p, f, pname, pin);
	} else {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "remove or move "
		    "%s out of the loader's path (%s), so that torch finds the "
		    "NCCL it was built with", fd->path,
		    cds_ld_via_name(fd->via));
	}
	free(pin);
	free(pname);
	free(owners);
	free(disk);
	free(rel);
}

static void
nccl_site(struct cds_rule_ctx *c, const struct site *s,
    const struct cds_package *p)
{
	char *path = cds_path_join(p->libdir, "libtorch_cuda.so");
	struct cds_elf *torch = NULL, *nccl = NULL;
	struct cds_ld_found *fd = NULL;
	struct cds_libpath *lp = NULL;
	const struct cds_elf_sym *u;
	struct cds_strv miss = {0};
	struct cds_finding *f;
	char *list;
	size_t n, i;

	if (!cds_root_is_file(c->h, path) ||
	    (torch = elf_at(c, path)) == NULL) {
		goto out;
	}
	fd = find_for(c, s->env, torch, "libnccl.so.2", &lp);
	if (fd->path == NULL || (nccl = elf_at(c, fd->path)) == NULL) {
		/* not found: F13's (a missing library) */
		goto out;
	}
	u = cds_elf_undefined(torch, &n);
	for (i = 0; i < n; i++) {
		if (cds_startswith(u[i].name, "nccl") && !u[i].weak &&
		    !cds_elf_defines(nccl, u[i].name, u[i].version)) {
			cds_strv_push(&miss, u[i].name);
		}
	}
	if (miss.n == 0) {
		goto out;
	}
	f = cds_finding_add(c, "NCCL-SYMBOL", CDS_SEV_ERROR, "torch %s in "
	    "%s calls %s, which the libnccl.so.2 it loads (%s) lacks",
	    p->version, s->dir, miss.v[0], fd->realpath != NULL ?
	    fd->realpath : fd->path);
	cds_finding_evidence(f, "torch says", "%s: undefined symbol: %s",
	    path, miss.v[0]);
	list = symbols_text(&miss);
	cds_finding_evidence(f, "missing", "%s", list);
	free(list);
	cds_finding_evidence(f, "libnccl.so.2", "%s (%s)", fd->path,
	    fd->how != NULL ? fd->how : cds_ld_via_name(fd->via));
	nccl_source(c, s, p, f, fd, lp);
out:
	cds_strv_clear(&miss);
	cds_libpath_free(lp);
	cds_ld_found_free(fd);
	cds_elf_free(nccl);
	cds_elf_free(torch);
	free(path);
}

/* The PyTorch of site S with its torch/lib, or NULL. */
static const struct cds_package *
site_torch(const struct site *s)
{
	size_t k;

	for (k = 0; k < s->npkgs; k++) {
		if (s->pkgs[k]->kind == CDS_FW_TORCH &&
		    s->pkgs[k]->libdir != NULL) {
			return s->pkgs[k];
		}
	}
	return NULL;
}

static void
nccl_each(struct cds_rule_ctx *c, const struct site *s)
{
	const struct cds_package *p = site_torch(s);

	if (p != NULL && !p->cpu_only) {
		nccl_site(c, s, p);
	}
}

static void
rule_nccl_symbol(struct cds_rule_ctx *c)
{
	each_site(c, nccl_each);
}

/* ------------------------------------------------------------------------ */
/* VENV-LIB64                                                                */
/* ------------------------------------------------------------------------ */

/*
 * pip puts platform packages (torch) in purelib or platlib as the Python
 * says; where a venv (or the system, on Fedora and its kin) has a real
 * lib64/pythonX.Y/site-packages apart from lib/pythonX.Y/site-packages,
 * torch lands in lib64 and NVIDIA's pure wheels in lib, and torch's
 * RUNPATH ($ORIGIN/../../nvidia/cudnn/lib) names directories that do not
 * exist (pytorch/pytorch#165812, #104259).
 */
static void
lib64_site(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *site64)
{
	const char *py = NULL;
	char *site = NULL, *prefix = NULL, *lib, *libs, *first = NULL;
	char **files = NULL, **q;
	struct cds_strv gone = {0};
	struct cds_finding *f = NULL;
	char *err = NULL;
	size_t i;

	/* PREFIX/lib64/pythonX.Y/site-packages */
	{
		const char *l = strstr(site64, "/lib64/python");

		if (l == NULL) {
			return;
		}
		prefix = cds_xstrndup(site64, (size_t)(l - site64));
		py = l + 7;
		site = cds_xasprintf("%s/lib/%s", prefix, py);
	}
	if (!cds_root_isdir(c->h, site) ||
	    cds_same_dir(c->h, site, site64)) {
		goto out;
	}
	lib = cds_path_join(site64, "torch/lib");
	libs = cds_path_join(lib, "*.so*");
	files = cds_root_glob(c->h, libs);
	free(libs);
	free(lib);
	for (q = files; *q != NULL; q++) {
		struct cds_elf *el;
		const char *rp;
		char **dirs, **d;

		if (cds_root_is_link(c->h, *q) ||
		    (el = elf_at(c, *q)) == NULL) {
			continue;
		}
		rp = cds_elf_runpath(el) != NULL ? cds_elf_runpath(el) :
		    cds_elf_rpath(el);
		dirs = cds_strsplit(rp != NULL ? rp : "", ":", 0);
		for (d = dirs; *d != NULL; d++) {
			char *here, *there, *rel;

			if (!cds_startswith(*d, "$ORIGIN/../../")) {
				continue;
			}
			rel = *d + 14;
			here = cds_path_join(site64, rel);
			there = cds_path_join(site, rel);
			if (!cds_root_isdir(c->h, here) &&
			    cds_root_isdir(c->h, there) &&
			    !cds_strv_contains(&gone, rel)) {
				cds_strv_push(&gone, rel);
			}
			free(here);
			free(there);
		}
		cds_strfreev(dirs);
		/* what ld.so says for its first need that is not there */
		if (err == NULL && gone.n > 0) {
			char *const *nd = cds_elf_needed(el);

			for (i = 0; nd[i] != NULL && err == NULL; i++) {
				struct cds_ld_found *fd;

				if (!cds_consumer_soname(nd[i])) {
					continue;
				}
				fd = find_for(c, e, el, nd[i], NULL);
				if (fd->path == NULL && fd->error != NULL) {
					err = cds_xstrdup(fd->error);
					first = cds_xstrdup(*q);
				}
				cds_ld_found_free(fd);
			}
		}
		cds_elf_free(el);
	}
	if (gone.n == 0) {
		goto out;
	}
	f = cds_finding_add(c, "VENV-LIB64", err != NULL ? CDS_SEV_ERROR :
	    CDS_SEV_WARNING, "torch is in %s, its NVIDIA wheels in %s: its "
	    "RUNPATH names directories that do not exist", site64, site);
	if (err != NULL) {
		cds_finding_evidence(f, "torch says", "ImportError: %s", err);
		cds_finding_evidence(f, "library", "%s", first);
	}
	for (i = 0; i < gone.n; i++) {
		cds_finding_evidence(f, "RUNPATH", "$ORIGIN/../../%s: %s/%s "
		    "is missing, %s/%s exists", gone.v[i], site64, gone.v[i],
		    site, gone.v[i]);
	}
	if (e != NULL) {
		cds_finding_evidence(f, "env", "%s (%s)", e->name, e->prefix);
	}
	{
		/* lib64/pythonX.Y/site-packages/nvidia ->
		 * ../../../lib/pythonX.Y/site-packages/nvidia */
		char *link = cds_path_join(site64, "nvidia");
		char *target = cds_xasprintf("../../../lib/%s/nvidia", py);
		char *ql = cds_shquote(link), *qt = cds_shquote(target);

		cds_finding_fix(f, CDS_FIX_SYMLINK, link, target,
		    "ln -s %s %s", qt, ql);
		free(qt);
		free(ql);
		free(target);
		free(link);
	}
out:
	cds_strv_clear(&gone);
	cds_strfreev(files);
	free(first);
	free(err);
	free(site);
	free(prefix);
}

static void
rule_venv_lib64(struct cds_rule_ctx *c)
{
	static const char *const sys[] = {
		"/usr/lib64/python3.*/site-packages",
		"/usr/local/lib64/python3.*/site-packages", NULL
	};
	const char *const *p;
	char **m, **q;
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		char *pat = cds_path_join(c->s->envs[i].prefix,
		    "lib64/python3.*/site-packages");

		m = cds_root_glob(c->h, pat);
		for (q = m; *q != NULL; q++) {
			lib64_site(c, &c->s->envs[i], *q);
		}
		cds_strfreev(m);
		free(pat);
	}
	if (c->s->narrowed_env != NULL) {
		return;
	}
	for (p = sys; *p != NULL; p++) {
		m = cds_root_glob(c->h, *p);
		for (q = m; *q != NULL; q++) {
			lib64_site(c, NULL, *q);
		}
		cds_strfreev(m);
	}
}

/* ------------------------------------------------------------------------ */
/* BNB-BINARY                                                                */
/* ------------------------------------------------------------------------ */

/* "12.1" -> "121": the suffix bitsandbytes gives its binaries. */
static char *
bnb_suffix(const char *cuda)
{
	int maj = 0, min = 0;

	if (cuda == NULL || sscanf(cuda, "%d.%d", &maj, &min) != 2) {
		return NULL;
	}
	return cds_xasprintf("%d%d", maj, min);
}

static void
bnb_site(struct cds_rule_ctx *c, const struct site *s)
{
	const char *override = cds_getenv(c->h, "BNB_CUDA_VERSION");
	const struct cds_package *torch = site_package(s, "torch");
	char *dir = cds_path_join(s->dir, "bitsandbytes");
	char *pat, *want = NULL, *from = NULL, *own = NULL, *fallback = NULL;
	char *version = NULL, *di, *wantfile = NULL;
	char **libs = NULL, **l;
	struct cds_buf has = {0};
	struct cds_finding *f;
	int found = 0, own_found = 0;

	if (!cds_root_isdir(c->h, dir)) {
		free(dir);
		return;
	}
	if (torch == NULL) {
		/* the torch of the env: another site-packages of it */
		size_t i;

		for (i = 0; s->env != NULL && i < s->env->npackages; i++) {
			if (s->env->packages[i].kind == CDS_FW_TORCH) {
				torch = &s->env->packages[i];
			}
		}
	}
	if (torch != NULL && !torch->cpu_only) {
		own = bnb_suffix(torch->cuda);
	}
	if (override != NULL && *override != '\0') {
		want = cds_xstrdup(override);
		from = cds_xstrdup("BNB_CUDA_VERSION");
	} else if (own != NULL) {
		want = cds_xstrdup(own);
		from = cds_xasprintf("torch %s, built with CUDA %s (%s)",
		    torch->version, torch->cuda, torch->cuda_source != NULL ?
		    torch->cuda_source : "its build");
	}
	if (want == NULL) {
		goto out;
	}
	wantfile = cds_xasprintf("libbitsandbytes_cuda%s.so", want);
	pat = cds_path_join(dir, "libbitsandbytes_cuda*.so");
	libs = cds_root_glob(c->h, pat);
	free(pat);
	for (l = libs; *l != NULL; l++) {
		const char *b = cds_basename(*l);
		const char *v = b + 20;	/* after "libbitsandbytes_cuda" */

		cds_buf_addf(&has, "%s%s", has.len > 0 ? ", " : "", b);
		found |= strcmp(b, wantfile) == 0;
		if (own != NULL && strncmp(v, own, strlen(own)) == 0 &&
		    strcmp(v + strlen(own), ".so") == 0) {
			own_found = 1;
		}
		/* the newest binary of the same CUDA major, older minor */
		if (own != NULL && strlen(v) == strlen(own) + 3 &&
		    strncmp(v, own, strlen(own) - 1) == 0 &&
		    strncmp(v, own, strlen(own)) < 0 &&
		    (fallback == NULL || strcmp(v, fallback) > 0)) {
			free(fallback);
			fallback = cds_xstrndup(v, strlen(own));
		}
	}
	if (found) {
		goto out;
	}
	di = cds_distinfo_named(c->h, s->dir, "bitsandbytes", &version);
	free(di);
	f = cds_finding_add(c, "BNB-BINARY", CDS_SEV_ERROR, "bitsandbytes%s%s "
	    "in %s has no %s", version != NULL ? " " : "", version != NULL ?
	    version : "", s->dir, wantfile);
	cds_finding_evidence(f, "bitsandbytes says", "Configured CUDA binary "
	    "not found at %s/%s", dir, wantfile);
	cds_finding_evidence(f, "looks for", "%s (from %s)", wantfile, from);
	cds_finding_evidence(f, "has", "%s", has.len > 0 ? has.s :
	    "no libbitsandbytes_cuda*.so");
	if (override != NULL && *override != '\0' && own_found) {
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "unset "
		    "BNB_CUDA_VERSION");
	} else {
		const char *const up[] = { "bitsandbytes", NULL };
		char *was = version != NULL ? cds_xasprintf("bitsandbytes==%s",
		    version) : NULL;
		const char *const back[] = { was, NULL };

		if (fallback != NULL) {
			/* bitsandbytes-foundation/bitsandbytes#1848: the
			 * maintainers' workaround until a release ships the
			 * binary */
			cds_finding_evidence(f, "nearest", "libbitsandbytes_"
			    "cuda%s.so (same CUDA major; the CUDA driver runs "
			    "it)", fallback);
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "export "
			    "BNB_CUDA_VERSION=%s", fallback);
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "or "
			    "upgrade bitsandbytes with the env's own tool:");
		}
		/* no version: the index says none; the newest may carry the
		 * binary */
		cds_pkg_fix_specs(c, f, s->env, 0, CDS_PKG_UPGRADE, up,
		    CDS_PKG_ADD, was != NULL ? back : NULL);
		free(was);
	}
out:
	cds_buf_free(&has);
	cds_strfreev(libs);
	free(version);
	free(fallback);
	free(wantfile);
	free(own);
	free(from);
	free(want);
	free(dir);
}

static void
rule_bnb_binary(struct cds_rule_ctx *c)
{
	each_site(c, bnb_site);
}

/* ------------------------------------------------------------------------ */
/* TORCH-ABI                                                                 */
/* ------------------------------------------------------------------------ */

/* Is SYM a C++ function of PyTorch's own namespaces (c10::, at::,
 * torch::, caffe2::), as explain's TORCH-ABI pattern reads them? */
static int
torch_symbol(const char *sym)
{
	static const char *const ns[] = { "3c10", "5torch", "2at",
		"6caffe2", NULL };
	const char *p = sym;
	const char *const *n;

	if (!cds_startswith(p, "_Z")) {
		return 0;
	}
	p += 2;
	while (*p >= 'A' && *p <= 'Z' && *p != 'N' && *p != 'K') {
		p++;	/* TV, TI, ... (vtables, typeinfo) */
	}
	if (*p == 'N') {
		p++;
	}
	if (*p == 'K') {
		p++;
	}
	for (n = ns; *n != NULL; n++) {
		if (cds_startswith(p, *n)) {
			return 1;
		}
	}
	return 0;
}

struct ext_walk {
	struct cds_rule_ctx *c;
	struct cds_strv found;		/* extension files (target paths) */
	size_t seen;
};

/* Extensions under DIR: shared objects that need libc10.so or
 * libtorch*.so, at most MAX_EXT_FILES files looked at. */
static void
ext_walk(struct ext_walk *w, const char *dir, int depth)
{
	char **names = cds_root_listdir(w->c->h, dir), **n;

	if (names == NULL) {
		return;
	}
	for (n = names; *n != NULL && w->seen < MAX_EXT_FILES; n++) {
		char *p = cds_path_join(dir, *n);

		w->seen++;
		if (cds_root_is_link(w->c->h, p)) {
			free(p);
			continue;
		}
		if (depth < MAX_EXT_DEPTH && cds_root_isdir(w->c->h, p)) {
			if (depth > 0 || (strcmp(*n, "torch") != 0 &&
			    strcmp(*n, "nvidia") != 0 &&
			    !cds_endswith(*n, ".dist-info") &&
			    strcmp(*n, "__pycache__") != 0)) {
				ext_walk(w, p, depth + 1);
			}
		} else if ((cds_endswith(*n, ".so") || strstr(*n, ".so.") !=
		    NULL) && cds_root_is_file(w->c->h, p)) {
			char *host = cds_rpath_follow(w->c->h, p);
			struct cds_elf *e = cds_elf_open_dynamic(w->c->h, host);
			char *const *nd = e != NULL ? cds_elf_needed(e) : NULL;
			size_t i;

			for (i = 0; nd != NULL && nd[i] != NULL; i++) {
				if (strcmp(nd[i], "libc10.so") == 0 ||
				    cds_startswith(nd[i], "libtorch")) {
					cds_strv_push(&w->found, p);
					break;
				}
			}
			cds_elf_free(e);
			cds_clearerr(w->c->h);
			free(host);
		}
		free(p);
	}
	cds_strfreev(names);
}

/* The distribution of site S whose RECORD lists REL: *NAME (normalised)
 * and *VERSION, both NULL when none. */
static void
owner_dist(struct cds_rule_ctx *c, const struct site *s, const char *rel,
    char **name, char **version)
{
	char *pat = cds_path_join(s->dir, "*.dist-info/RECORD");
	char **m = cds_root_glob(c->h, pat), **q;
	char *line = cds_xasprintf("\n%s,", rel);

	free(pat);
	*name = NULL;
	*version = NULL;
	for (q = m; *q != NULL && *name == NULL; q++) {
		char *text = cds_root_read_file(c->h, *q, 8u << 20, NULL);

		if (text != NULL && (strstr(text, line) != NULL ||
		    strncmp(text, line + 1, strlen(line) - 1) == 0)) {
			char *di = cds_dirname(*q);
			const char *b = cds_basename(di);
			const char *dash = strchr(b, '-');

			if (dash != NULL) {
				char *base = cds_xstrndup(b,
				    (size_t)(dash - b));

				*name = cds_pkg_normalise(base);
				*version = cds_xstrndup(dash + 1,
				    strlen(dash + 1) - 10);
				free(base);
			}
			free(di);
		}
		free(text);
	}
	cds_strfreev(m);
	free(line);
}

/* Are versions A and B the same release, local labels aside ("2.6.0"
 * and "2.6.0+cu124")? */
static int
same_release(const char *a, const char *b)
{
	size_t na = strcspn(a, "+"), nb = strcspn(b, "+");
	char *x = cds_xstrndup(a, na), *y = cds_xstrndup(b, nb);
	int r = cds_vercmp(x, y) == 0;

	free(x);
	free(y);
	return r;
}

/* TORCH-ABI: the torch release PIN that DNAME DVER's METADATA requires,
 * in the build of the torch there (its label and index) where the index
 * has it, and the command back to that torch. */
static void
abi_torch_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct site *s, const struct cds_package *torch, const char *pin,
    const char *dname, const char *dver)
{
	struct cds_strv w = {0}, u = {0};

	cds_finding_evidence(f, "requires", "torch==%s (%s %s's METADATA)",
	    pin, dname, dver);
	cds_pkg_cmd(c->h, &w, s->env, 0, CDS_PKG_ADD);
	if (!cds_pkg_torch_spec(c->m, &w, pin, torch->version)) {
		cds_finding_evidence(f, "build", "the index has no torch %s "
		    "build of %s's label: PyPI's build is named", pin,
		    torch->version);
	}
	cds_pkg_cmd(c->h, &u, s->env, 0, CDS_PKG_ADD);
	cds_pkg_torch_spec(c->m, &u, torch->version, NULL);
	cds_finding_fix_argv(f, cds_strv_steal(&w), cds_strv_steal(&u));
}

/* TORCH-ABI with no torch pin: DNAME DVER again, a build for the torch
 * there, not the one in the cache. */
static void
abi_rebuild_fix(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct site *s, const struct cds_package *torch,
    const char *dname, const char *dver)
{
	struct cds_strv w = {0};
	int uv = s->env != NULL &&
	    cds_pkg_tool_of(c->h, s->env) != CDS_PKG_PIP;

	cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "reinstall %s %s, "
	    "a build for torch %s, not the cached one:", dname, dver,
	    torch->version);
	cds_pkg_cmd(c->h, &w, s->env, 0, CDS_PKG_REINSTALL);
	/* uv names its cache switch --no-cache */
	cds_strv_push(&w, uv ? "--no-cache" : "--no-cache-dir");
	cds_strv_push_owned(&w, cds_xasprintf("%s==%s", dname, dver));
	cds_finding_fix_argv(f, cds_strv_steal(&w), NULL);
}

static void
abi_site(struct cds_rule_ctx *c, const struct site *s,
    const struct cds_package *torch)
{
	struct cds_elf *tl[MAX_TORCH_LIBS];
	struct ext_walk w = { c, { 0 }, 0 };
	char *pat = cds_path_join(torch->libdir, "*.so*");
	char **m = cds_root_glob(c->h, pat), **q;
	size_t ntl = 0, i, k, t;

	/* every library of torch/lib: an extension may call any of them */
	free(pat);
	for (q = m; *q != NULL && ntl < MAX_TORCH_LIBS; q++) {
		if (!cds_root_is_link(c->h, *q) &&
		    cds_root_is_file(c->h, *q) &&
		    (tl[ntl] = elf_at(c, *q)) != NULL) {
			ntl++;
		}
	}
	cds_strfreev(m);
	if (ntl == 0) {
		return;
	}
	ext_walk(&w, s->dir, 0);
	for (i = 0; i < w.found.n; i++) {
		struct cds_elf *x = elf_at(c, w.found.v[i]);
		const struct cds_elf_sym *u;
		struct cds_strv miss = {0};
		size_t n;

		if (x == NULL) {
			continue;
		}
		u = cds_elf_undefined(x, &n);
		for (k = 0; k < n; k++) {
			int def = 0;

			if (u[k].weak || !torch_symbol(u[k].name)) {
				continue;
			}
			for (t = 0; t < ntl && !def; t++) {
				def = cds_elf_defines(tl[t], u[k].name,
				    u[k].version);
			}
			if (!def) {
				cds_strv_push(&miss, u[k].name);
			}
		}
		if (miss.n > 0) {
			const char *rel = w.found.v[i] + strlen(s->dir) + 1;
			char *dname, *dver, *pin, *pname;
			struct cds_finding *f;
			struct cds_buf b = {0};

			owner_dist(c, s, rel, &dname, &dver);
			f = cds_finding_add(c, "TORCH-ABI", CDS_SEV_ERROR,
			    "%s calls %zu PyTorch function%s that torch %s in "
			    "%s does not define", rel, miss.n, miss.n == 1 ?
			    "" : "s", torch->version, s->dir);
			cds_finding_evidence(f, "Python says", "ImportError: "
			    "%s: undefined symbol: %s", w.found.v[i],
			    miss.v[0]);
			for (k = 0; k < miss.n && k < SHOW_SYMBOLS; k++) {
				cds_buf_addf(&b, "%s%s", k > 0 ? ", " : "",
				    miss.v[k]);
			}
			if (miss.n > SHOW_SYMBOLS) {
				cds_buf_addf(&b, " and %zu more",
				    miss.n - SHOW_SYMBOLS);
			}
			cds_finding_evidence(f, "missing", "%s", b.s);
			cds_buf_free(&b);
			cds_finding_evidence(f, "torch", "%s (%s)",
			    torch->version, torch->libdir);
			pin = NULL;
			pname = NULL;
			if (dname != NULL) {
				const struct cds_package fake = {
					.name = dname
				};

				cds_finding_evidence(f, "extension of", "%s "
				    "%s", dname, dver);
				pin = pinned(c, s->dir, &fake, "torch", &pname);
			}
			if (pin != NULL && cds_streq(pname, "torch") &&
			    !same_release(pin, torch->version)) {
				abi_torch_fix(c, f, s, torch, pin, dname, dver);
			} else if (dname != NULL) {
				abi_rebuild_fix(c, f, s, torch, dname, dver);
			} else {
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "rebuild %s against torch %s", rel,
				    torch->version);
			}
			free(pin);
			free(pname);
			free(dname);
			free(dver);
		}
		cds_strv_clear(&miss);
		cds_elf_free(x);
	}
	for (t = 0; t < ntl; t++) {
		cds_elf_free(tl[t]);
	}
	cds_strv_clear(&w.found);
}

static void
abi_each(struct cds_rule_ctx *c, const struct site *s)
{
	const struct cds_package *p = site_torch(s);

	if (p != NULL) {
		abi_site(c, s, p);
	}
}

static void
rule_torch_abi(struct cds_rule_ctx *c)
{
	each_site(c, abi_each);
}

/* ---- the rules of this file, in the order they run (findings.c) ---- */
const struct cds_rule cds_rules_wheels[] = {
	{ "WHEEL-MIX", N_("NVIDIA wheels of two CUDA versions in one env"),
	    NULL, rule_wheel_mix },
	{ "WHEEL-ORPHAN", N_("NVIDIA wheels left behind that nothing "
	    "requires"), NULL, NULL },
	{ "NCCL-SYMBOL", N_("PyTorch loads an NCCL that lacks its calls"),
	    NULL, rule_nccl_symbol },
	{ "VENV-LIB64", N_("PyTorch in lib64, its NVIDIA wheels in lib"),
	    NULL, rule_venv_lib64 },
	{ "BNB-BINARY", N_("bitsandbytes has no binary for the CUDA it "
	    "looks for"), NULL, rule_bnb_binary },
	{ "TORCH-ABI", N_("an extension calls PyTorch functions the "
	    "installed PyTorch lacks"), NULL, rule_torch_abi },
	{ NULL, NULL, NULL, NULL }
};
