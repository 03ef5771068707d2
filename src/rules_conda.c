/*
 * rules_conda.c - conda envs: what their activate.d scripts do to
 * LD_LIBRARY_PATH (evaluated here, never run), their own cudnn package,
 * CPU-only framework builds.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "journal.h"
#include "scan.h"

/* ------------------------------------------------------------------------ */
/* A small evaluator for activate.d scripts                                  */
/* ------------------------------------------------------------------------ */

/*
 * conda sources activate.d scripts in name order.  These scripts are short
 * and mostly `export NAME=value` lines; we evaluate assignments (quotes,
 * $NAME, ${NAME:-w}, ${NAME:+w}, ${NAME-w}, ${NAME+w}, and the one command
 * substitution TensorFlow's instructions use) and ignore control flow, so
 * an assignment inside an `if` counts as made.
 *
 * A script may be hostile or broken, and doctor runs on broken machines:
 * the work is linear in the text.  Variables live in a hash table (120k
 * assignments are 120k inserts, not a scan each); nesting ("${X-${X-...")
 * stops at MAX_DEPTH levels, past which a word is skipped, not expanded;
 * and the values expanded in one evaluation are bounded by MAX_EXPANDED
 * bytes (X=$X$X doubles), past which the evaluation stops.
 */
#define MAX_DEPTH 32
#define MAX_EXPANDED ((size_t)16 << 20)

/* A hash table of NAME -> value (both owned); open addressing. */
struct smap {
	char **k;
	char **v;
	size_t cap;		/* a power of two, or 0 */
	size_t used;		/* slots taken, tombstones included */
};

static char smap_tomb[1];

static size_t
smap_hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s != '\0'; s++) {
		h = (h ^ (unsigned char)*s) * 16777619u;
	}
	return h;
}

/* The slot of NAME, or of where it would go; cap > 0. */
static size_t
smap_slot(const struct smap *m, const char *name, int *found)
{
	size_t i = smap_hash(name) & (m->cap - 1), tomb = (size_t)-1;

	*found = 0;
	while (m->k[i] != NULL) {
		if (m->k[i] == smap_tomb) {
			if (tomb == (size_t)-1) {
				tomb = i;
			}
		} else if (strcmp(m->k[i], name) == 0) {
			*found = 1;
			return i;
		}
		i = (i + 1) & (m->cap - 1);
	}
	return tomb != (size_t)-1 ? tomb : i;
}

static const char *
smap_get(const struct smap *m, const char *name)
{
	int found;
	size_t i;

	if (m->cap == 0) {
		return NULL;
	}
	i = smap_slot(m, name, &found);
	return found ? m->v[i] : NULL;
}

static void
smap_grow(struct smap *m)
{
	struct smap n = {0};
	size_t i;

	n.cap = m->cap == 0 ? 64 : m->cap * 2;
	n.k = cds_xcalloc(n.cap, sizeof(*n.k));
	n.v = cds_xcalloc(n.cap, sizeof(*n.v));
	for (i = 0; i < m->cap; i++) {
		if (m->k[i] != NULL && m->k[i] != smap_tomb) {
			int found;
			size_t j = smap_slot(&n, m->k[i], &found);

			n.k[j] = m->k[i];
			n.v[j] = m->v[i];
			n.used++;
		}
	}
	free(m->k);
	free(m->v);
	*m = n;
}

static void
smap_set(struct smap *m, const char *name, const char *value)
{
	int found;
	size_t i;

	if ((m->used + 1) * 2 > m->cap) {
		smap_grow(m);
	}
	i = smap_slot(m, name, &found);
	if (found) {
		free(m->v[i]);
	} else {
		if (m->k[i] == NULL) {
			m->used++;
		}
		m->k[i] = cds_xstrdup(name);
	}
	m->v[i] = cds_xstrdup(value);
}

static void
smap_del(struct smap *m, const char *name)
{
	int found;
	size_t i;

	if (m->cap == 0) {
		return;
	}
	i = smap_slot(m, name, &found);
	if (found) {
		free(m->k[i]);
		free(m->v[i]);
		m->k[i] = smap_tomb;
		m->v[i] = NULL;
	}
}

static void
smap_clear(struct smap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++) {
		if (m->k[i] != smap_tomb) {
			free(m->k[i]);
		}
		free(m->v[i]);
	}
	free(m->k);
	free(m->v);
	memset(m, 0, sizeof(*m));
}

struct sheval {
	struct cds_rule_ctx *c;
	const struct cds_env *e;
	const char *target;		/* the variable asked about */
	struct smap vars;		/* NAME -> value, as set so far */
	struct cds_strv undefined;	/* read before being set, in order */
	struct smap undef_seen;		/* ... and as a set */
	const char *undef_value;	/* what they expand to, NULL: unset */
	int dynamic;			/* a $(...) we could not evaluate */
	unsigned depth;			/* nesting of words being expanded */
	size_t expanded;		/* bytes of values put into words */
	int over;			/* MAX_EXPANDED reached: stop */
};

static int
is_name_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* Put a value into a word, within the evaluation's budget. */
static void
emit(struct sheval *x, struct cds_buf *out, const char *s)
{
	size_t n = strlen(s);

	if (x->over || n > MAX_EXPANDED - x->expanded) {
		x->over = 1;
		return;
	}
	x->expanded += n;
	cds_buf_add(out, s, n);
}

static void
var_set(struct sheval *x, const char *name, const char *value)
{
	smap_set(&x->vars, name, value);
}

static void
var_unset(struct sheval *x, const char *name)
{
	smap_del(&x->vars, name);
}

/* The value of NAME, or NULL when unset.  RECORD: a plain read, which
 * counts as a use of an undefined variable (${X-w} tests for it). */
static const char *
var_get(struct sheval *x, const char *name, int record)
{
	const char *v = smap_get(&x->vars, name);

	if (v != NULL) {
		return v;
	}
	if (strcmp(name, "CONDA_PREFIX") == 0) {
		return x->e->prefix;
	}
	if (strcmp(name, "CONDA_DEFAULT_ENV") == 0) {
		return x->e->name;
	}
	if (strcmp(name, "HOME") == 0 || strcmp(name, "PATH") == 0 ||
	    strcmp(name, "USER") == 0 || cds_startswith(name, "CONDA_")) {
		return cds_getenv(x->c->h, name);
	}
	if (record && strcmp(name, x->target) != 0 &&
	    smap_get(&x->undef_seen, name) == NULL) {
		/* a fresh shell that activates the env does not have it */
		smap_set(&x->undef_seen, name, "");
		cds_strv_push(&x->undefined, name);
	}
	return record && strcmp(name, x->target) != 0 ? x->undef_value : NULL;
}

/* Past MAX_DEPTH: move *PP past the word that "${" opened (to its
 * matching '}', or the end of the line), expanding nothing. */
static void
skip_braced(const char **pp)
{
	const char *p = *pp;
	size_t depth = 1;

	while (*p != '\0' && *p != '\n') {
		if (*p == '{') {
			depth++;
		} else if (*p == '}' && --depth == 0) {
			p++;
			break;
		}
		p++;
	}
	*pp = p;
}

static void expand_word(struct sheval *x, const char **pp, char stop,
    struct cds_buf *out);

/* What a command substitution gives; only what TensorFlow's documented
 * recipe uses can be known without running Python. */
static char *
command_subst(struct sheval *x, const char *cmd)
{
	const char *p = cmd + strspn(cmd, " \t");

	if (strncmp(p, "dirname ", 8) == 0 && x->depth < MAX_DEPTH) {
		struct cds_buf b = {0};
		const char *q = p + 8;
		char *arg, *r;

		q += strspn(q, " \t");
		x->depth++;
		expand_word(x, &q, ')', &b);
		x->depth--;
		arg = cds_buf_steal(&b);
		r = *arg != '\0' ? cds_dirname(arg) : cds_xstrdup("");
		free(arg);
		return r;
	}
	if (strstr(p, "nvidia.cudnn") != NULL && strstr(p, "__file__") !=
	    NULL && x->e->site_packages != NULL) {
		return cds_path_join(x->e->site_packages,
		    "nvidia/cudnn/__init__.py");
	}
	x->dynamic = 1;
	return cds_xstrdup("");
}

/* After "$(" or "`": the text up to the matching close, moved past it. */
static char *
subst_text(const char **pp, char close)
{
	const char *p = *pp, *start = p;
	int depth = 1;

	while (*p != '\0') {
		if (close == ')' && *p == '(') {
			depth++;
		} else if (*p == close && --depth == 0) {
			break;
		}
		p++;
	}
	*pp = *p != '\0' ? p + 1 : p;
	return cds_xstrndup(start, (size_t)(p - start));
}

/* After '$': expand one parameter or substitution into OUT. */
static void
expand_dollar(struct sheval *x, const char **pp, struct cds_buf *out)
{
	const char *p = *pp;
	char *name;
	size_t n;

	if (*p == '(') {
		char *cmd, *r;

		p++;
		cmd = subst_text(&p, ')');
		r = command_subst(x, cmd);
		emit(x, out, r);
		free(r);
		free(cmd);
	} else if (*p == '{' && x->depth >= MAX_DEPTH) {
		p++;
		skip_braced(&p);
		x->dynamic = 1;
	} else if (*p == '{') {
		const char *val;
		struct cds_buf w = {0};
		char op[3] = "";
		int colon = 0;

		p++;
		for (n = 0; is_name_char(p[n]); n++) {
		}
		name = cds_xstrndup(p, n);
		p += n;
		if (*p == ':') {
			colon = 1;
			p++;
		}
		if (*p == '-' || *p == '+' || *p == '=') {
			op[0] = *p++;
			x->depth++;
			expand_word(x, &p, '}', &w);
			x->depth--;
		}
		while (*p != '\0' && *p != '}') {
			p++;
		}
		if (*p == '}') {
			p++;
		}
		val = var_get(x, name, op[0] == '\0');
		if (op[0] == '\0') {
			emit(x, out, val != NULL ? val : "");
		} else {
			int set = val != NULL && (!colon || *val != '\0');

			if (op[0] == '+') {
				emit(x, out, set && w.s != NULL ? w.s : "");
			} else if (set) {
				emit(x, out, val);
			} else {
				emit(x, out, w.s != NULL ? w.s : "");
				if (op[0] == '=') {
					var_set(x, name, w.s != NULL ? w.s :
					    "");
				}
			}
		}
		cds_buf_free(&w);
		free(name);
	} else if (is_name_char(*p) && !isdigit((unsigned char)*p)) {
		const char *val;

		for (n = 0; is_name_char(p[n]); n++) {
		}
		name = cds_xstrndup(p, n);
		p += n;
		val = var_get(x, name, 1);
		emit(x, out, val != NULL ? val : "");
		free(name);
	} else {
		cds_buf_add(out, "$", 1);
	}
	*pp = p;
}

/* Expand one shell word at *pp until unquoted whitespace, ';' or STOP. */
static void
expand_word(struct sheval *x, const char **pp, char stop,
    struct cds_buf *out)
{
	const char *p = *pp;

	cds_buf_add(out, "", 0);
	while (*p != '\0' && *p != '\n') {
		if (*p == stop || (stop != '}' && (*p == ' ' || *p == '\t' ||
		    *p == ';' || *p == '&' || *p == '|'))) {
			break;
		}
		if (*p == '\'') {
			const char *e = strchr(p + 1, '\'');

			if (e == NULL) {
				e = p + strlen(p);
			}
			cds_buf_add(out, p + 1, (size_t)(e - p - 1));
			p = *e != '\0' ? e + 1 : e;
		} else if (*p == '"') {
			p++;
			while (*p != '\0' && *p != '"') {
				if (*p == '\\' && p[1] != '\0' &&
				    strchr("\"\\$`", p[1]) != NULL) {
					cds_buf_add(out, p + 1, 1);
					p += 2;
				} else if (*p == '$') {
					p++;
					expand_dollar(x, &p, out);
				} else if (*p == '`') {
					char *cmd, *r;

					p++;
					cmd = subst_text(&p, '`');
					r = command_subst(x, cmd);
					emit(x, out, r);
					free(r);
					free(cmd);
				} else {
					cds_buf_add(out, p++, 1);
				}
			}
			if (*p == '"') {
				p++;
			}
		} else if (*p == '\\' && p[1] != '\0') {
			cds_buf_add(out, p + 1, 1);
			p += 2;
		} else if (*p == '$') {
			p++;
			expand_dollar(x, &p, out);
		} else if (*p == '`') {
			char *cmd, *r;

			p++;
			cmd = subst_text(&p, '`');
			r = command_subst(x, cmd);
			emit(x, out, r);
			free(r);
			free(cmd);
		} else {
			cds_buf_add(out, p++, 1);
		}
	}
	*pp = p;
}

/* Evaluate one line of a script; *assigned is set when it assigns the
 * target variable. */
static void
eval_line(struct sheval *x, const char *line, int *assigned)
{
	const char *p = line;

	while (*p != '\0') {
		size_t n;
		int exported = 0;

		p += strspn(p, " \t;");
		/* keywords that may open a statement */
		for (;;) {
			static const char *const kw[] = { "then ", "else ",
				"do ", "{ ", "&& ", "|| ", NULL };
			const char *const *k;

			for (k = kw; *k != NULL; k++) {
				if (strncmp(p, *k, strlen(*k)) == 0) {
					p += strlen(*k);
					p += strspn(p, " \t");
					break;
				}
			}
			if (*k == NULL) {
				break;
			}
		}
		if (*p == '#' || *p == '\0') {
			return;
		}
		if (strncmp(p, "export ", 7) == 0) {
			p += 7;
			exported = 1;
		} else if (strncmp(p, "unset ", 6) == 0) {
			p += 6;
			p += strspn(p, " \t");
			for (n = 0; is_name_char(p[n]); n++) {
			}
			if (n > 0) {
				char *name = cds_xstrndup(p, n);

				var_unset(x, name);
				if (strcmp(name, x->target) == 0) {
					*assigned = 1;
				}
				free(name);
			}
			p += n;
		}
		/* NAME=word ... */
		for (;;) {
			p += strspn(p, " \t");
			for (n = 0; is_name_char(p[n]); n++) {
			}
			if (n == 0 || p[n] != '=') {
				break;
			}
			{
				char *name = cds_xstrndup(p, n), *v;
				struct cds_buf w = {0};

				p += n + 1;
				expand_word(x, &p, '\0', &w);
				v = cds_buf_steal(&w);
				var_set(x, name, v);
				if (strcmp(name, x->target) == 0) {
					*assigned = 1;
				}
				free(v);
				free(name);
			}
		}
		(void)exported;
		/* skip the rest of this statement */
		while (*p != '\0' && *p != ';' && *p != '&' && *p != '|') {
			if (*p == '\'' || *p == '"') {
				const char *e = strchr(p + 1, *p);

				p = e != NULL ? e + 1 : p + strlen(p);
			} else {
				p++;
			}
		}
		while (*p == ';' || *p == '&' || *p == '|') {
			p++;
		}
	}
}

/*
 * Scripts `cudnn-setup repair` wrote: their behaviour (idempotent, exact
 * restore) is what the repair tests prove by running them in sh and fish;
 * their loops are beyond this line-by-line reading, so they are left out.
 */
static int
written_by_us(const char *hostpath)
{
	static const char mark[] = "# cudnn-setup: ";
	char *text = cds_read_file(hostpath, 4096, NULL);
	int ours;

	if (text == NULL) {
		/* larger than a header read: not one of ours */
		return 0;
	}
	ours = strncmp(text, mark, sizeof(mark) - 1) == 0 &&
	    strstr(text, "Written by `cudnn-setup repair`") != NULL;
	free(text);
	return ours;
}

/* The activate.d (or deactivate.d) scripts of env E, in conda's order. */
static char **
scripts_of(const cds_handle_t *h, const struct cds_env *e, const char *sub)
{
	char *pat = cds_xasprintf("%s/etc/conda/%s/*.sh", e->prefix, sub);
	char **m = cds_root_glob(h, pat);
	struct cds_strv sv = {0};
	size_t i;

	for (i = 0; m[i] != NULL; i++) {
		char *host = cds_rpath_follow(h, m[i]);

		if (!written_by_us(host)) {
			cds_strv_push(&sv, m[i]);
		}
		free(host);
	}
	cds_strfreev(m);
	free(pat);
	return cds_strv_steal(&sv);
}

static void
sheval_init(struct sheval *x, struct cds_rule_ctx *c, const struct cds_env *e,
    const char *name, const char *start)
{
	memset(x, 0, sizeof(*x));
	x->c = c;
	x->e = e;
	x->target = name;
	if (start != NULL) {
		var_set(x, name, start);
	}
}

/* Source every activate.d script once; 1 when one assigned the target.
 * *where gets the "file:line" of the last assignment. */
static int
sheval_run(struct sheval *x, char **where)
{
	char **scripts = scripts_of(x->c->h, x->e, "activate.d"), **s;
	int any = 0;

	for (s = scripts; *s != NULL; s++) {
		char *text = cds_root_read_file(x->c->h, *s, 1u << 20, NULL);
		char **lines;
		size_t i;

		if (text == NULL) {
			continue;
		}
		lines = cds_strsplit(text, "\n", 1);
		free(text);
		for (i = 0; lines[i] != NULL && !x->over; i++) {
			int assigned = 0;

			eval_line(x, lines[i], &assigned);
			if (assigned) {
				any = 1;
				if (where != NULL) {
					free(*where);
					*where = cds_xasprintf("%s:%zu", *s,
					    i + 1);
				}
			}
		}
		cds_strfreev(lines);
		if (x->over) {
			cds_log(x->c->h, CDS_LOG_WARNING, "%s: expands to more "
			    "than %zu bytes; read no further", *s,
			    MAX_EXPANDED);
			break;
		}
	}
	cds_strfreev(scripts);
	return any;
}

/* The target's value now ("" when unset). */
static char *
sheval_value(struct sheval *x)
{
	const char *v = smap_get(&x->vars, x->target);

	return cds_xstrdup(v != NULL ? v : "");
}

static void
sheval_clear(struct sheval *x)
{
	smap_clear(&x->vars);
	smap_clear(&x->undef_seen);
	cds_strv_clear(&x->undefined);
}

char *
cds_activate_eval(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *name, const char *start, char ***undefined, char **where)
{
	struct sheval x;
	char *result = NULL;

	sheval_init(&x, c, e, name, start);
	if (where != NULL) {
		*where = NULL;
	}
	if (sheval_run(&x, where)) {
		result = sheval_value(&x);
	}
	if (undefined != NULL) {
		*undefined = cds_strv_steal(&x.undefined);
	}
	sheval_clear(&x);
	return result;
}

/* ------------------------------------------------------------------------ */
/* The activate fix                                                          */
/* ------------------------------------------------------------------------ */

void
cds_fix_activate(struct cds_rule_ctx *c, struct cds_finding *f,
    const struct cds_env *e, const char *const *dirs, const char *file)
{
	struct cds_buf joined = {0}, act = {0}, deact = {0};
	char *a1, *a2, *d1, *d2, *name, *adir, *ddir, *qa, *qd, *cmd;
	size_t i;

	(void)c;
	for (i = 0; dirs[i] != NULL; i++) {
		cds_buf_addf(&joined, "%s%s", i > 0 ? ":" : "", dirs[i]);
	}
	if (e == NULL) {
		char *q = cds_shquote(joined.s);

		cds_finding_fix(f, CDS_FIX_NONE, NULL, joined.s,
		    "echo 'export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:"
		    "$LD_LIBRARY_PATH}' >> ~/.bashrc", joined.s);
		free(q);
		cds_buf_free(&joined);
		return;
	}
	/* saved once, so activating twice does not grow the path */
	a1 = cds_shquote("export _CDS_OLD_LD_LIBRARY_PATH=\"${_CDS_OLD_LD_"
	    "LIBRARY_PATH-${LD_LIBRARY_PATH-}}\"");
	d1 = cds_xasprintf("export LD_LIBRARY_PATH=\"%s${_CDS_OLD_LD_LIBRARY_"
	    "PATH:+:$_CDS_OLD_LD_LIBRARY_PATH}\"", joined.s);
	a2 = cds_shquote(d1);
	free(d1);
	d1 = cds_shquote("export LD_LIBRARY_PATH=\"${_CDS_OLD_LD_LIBRARY_"
	    "PATH-}\"");
	d2 = cds_shquote("unset _CDS_OLD_LD_LIBRARY_PATH");
	name = cds_xstrdup(file != NULL ? cds_basename(file) :
	    "cudnn-setup.sh");
	adir = cds_xasprintf("%s/etc/conda/activate.d", e->prefix);
	ddir = cds_xasprintf("%s/etc/conda/deactivate.d", e->prefix);
	qa = cds_shquote(adir);
	qd = cds_shquote(ddir);
	cds_buf_addf(&act, "%s/%s", adir, name);
	cds_buf_addf(&deact, "%s/%s", ddir, name);
	cmd = cds_xasprintf("mkdir -p %s %s && printf '%%s\\n' %s %s > %s/%s "
	    "&& printf '%%s\\n' %s %s > %s/%s", qa, qd, a1, a2, qa, name,
	    d1, d2, qd, name);
	cds_finding_fix(f, CDS_FIX_ACTIVATE, e->prefix, joined.s, "%s", cmd);
	free(cmd);
	free(qa);
	free(qd);
	free(adir);
	free(ddir);
	free(name);
	free(a1);
	free(a2);
	free(d1);
	free(d2);
	cds_buf_free(&act);
	cds_buf_free(&deact);
	cds_buf_free(&joined);
}

/* ------------------------------------------------------------------------ */
/* F28: activate.d scripts                                                   */
/* ------------------------------------------------------------------------ */

static int
dir_exists(const cds_handle_t *h, const char *dir)
{
	return cds_root_isdir(h, dir);
}

/* Does a deactivate.d script touch LD_LIBRARY_PATH? */
static int
restores(const cds_handle_t *h, const struct cds_env *e)
{
	char **scripts = scripts_of(h, e, "deactivate.d"), **s;
	int found = 0;

	for (s = scripts; *s != NULL && !found; s++) {
		char *text = cds_root_read_file(h, *s, 1u << 20, NULL);

		found = text != NULL && strstr(text, "LD_LIBRARY_PATH") != NULL;
		free(text);
	}
	cds_strfreev(scripts);
	return found;
}

/* F28: an activate.d script that edits LD_LIBRARY_PATH reads a variable
 * nothing sets at activation time (TensorFlow's documented CUDNN_PATH),
 * grows the path on every activation, has no deactivate.d counterpart, or
 * names directories that do not exist. */
void
cds_rule_activate_scripts(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char **undefined = NULL, *where = NULL, *once, *twice, *marked;
		char **dirs, **d;
		struct cds_finding *f = NULL;
		struct cds_strv good = {0}, seen = {0};
		int dup = 0;

		/* from an empty start, so entries of the caller's own
		 * LD_LIBRARY_PATH are not taken for the script's; twice in
		 * one shell, as conda does when an env is activated again */
		{
			struct sheval x;

			sheval_init(&x, c, e, "LD_LIBRARY_PATH", NULL);
			if (!sheval_run(&x, &where)) {
				sheval_clear(&x);
				free(where);
				continue;
			}
			once = sheval_value(&x);
			undefined = cds_strv_steal(&x.undefined);
			sheval_run(&x, NULL);
			twice = sheval_value(&x);
			sheval_clear(&x);
			/* entries built from undefined variables */
			sheval_init(&x, c, e, "LD_LIBRARY_PATH", NULL);
			x.undef_value = "\001";
			sheval_run(&x, NULL);
			marked = sheval_value(&x);
			sheval_clear(&x);
		}
		dirs = cds_strsplit(twice, ":", 1);
		for (d = dirs; *d != NULL; d++) {
			if (**d != '\0' && cds_strv_contains(&seen, *d)) {
				dup = 1;
			}
			cds_strv_push(&seen, *d);
		}
		cds_strfreev(dirs);
#define F28_OPEN() do { \
	if (f == NULL) { \
		f = cds_finding_add(c, "F28", CDS_SEV_WARNING, "env %s: %s " \
		    "sets LD_LIBRARY_PATH badly", e->name, where); \
		cds_finding_evidence(f, "script", "%s", where); \
		cds_finding_evidence(f, "LD_LIBRARY_PATH after activation", \
		    "%s", *once != '\0' ? once : "(empty)"); \
	} \
} while (0)
		if (undefined[0] != NULL) {
			F28_OPEN();
			for (d = undefined; *d != NULL; d++) {
				cds_finding_evidence(f, "undefined variable",
				    "$%s is read but not set by the env's "
				    "scripts%s", *d,
				    cds_getenv(c->h, *d) != NULL ?
				    " (set in this shell only)" : "");
			}
		}
		if (dup) {
			F28_OPEN();
			cds_finding_evidence(f, "not idempotent", "activating "
			    "twice gives %s", twice);
		}
		if (!restores(c->h, e)) {
			F28_OPEN();
			cds_finding_evidence(f, "no deactivate.d script",
			    "LD_LIBRARY_PATH is not restored when the env is "
			    "deactivated");
		}
		dirs = cds_strsplit(marked, ":", 0);
		for (d = dirs; *d != NULL; d++) {
			int ok = **d == '/' && dir_exists(c->h, *d);

			if (strchr(*d, '\001') != NULL) {
				continue;	/* said above */
			}
			if (!ok) {
				F28_OPEN();
				cds_finding_evidence(f, "missing directory",
				    "%s", *d);
			} else if (!cds_strv_contains(&good, *d)) {
				cds_strv_push(&good, *d);
			}
		}
		cds_strfreev(dirs);
		if (f != NULL) {
			/* what the script meant: an undefined CUDNN_PATH is
			 * the pip wheel's cuDNN in this env */
			char *wheel = e->site_packages != NULL ?
			    cds_path_join(e->site_packages,
			    "nvidia/cudnn/lib") : NULL;

			for (d = undefined; *d != NULL; d++) {
				if (strstr(*d, "CUDNN") != NULL &&
				    wheel != NULL && dir_exists(c->h, wheel) &&
				    !cds_strv_contains(&good, wheel)) {
					cds_strv_push(&good, wheel);
				}
			}
			free(wheel);
			if (good.n > 0) {
				char *file = cds_xstrndup(where,
				    strcspn(where, ":"));

				cds_fix_activate(c, f, e,
				    (const char *const *)good.v, file);
				free(file);
			}
		}
#undef F28_OPEN
		cds_strv_clear(&good);
		cds_strv_clear(&seen);
		cds_strfreev(undefined);
		free(where);
		free(once);
		free(twice);
		free(marked);
	}
}

/* ------------------------------------------------------------------------ */
/* F3: the conda env's own cudnn                                             */
/* ------------------------------------------------------------------------ */

/* F3: a pip framework in a conda env whose conda `cudnn` package is another
 * release than the framework needs.  Programs without a RUNPATH into the
 * wheels find <env>/lib first through python's RPATH ($ORIGIN/../lib):
 * "…/envs/<e>/bin/../lib/libcudnn_ops_train.so.8: undefined symbol". */
void
cds_rule_conda_cudnn(struct cds_rule_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->s->nenvs; i++) {
		const struct cds_env *e = &c->s->envs[i];
		char *lib;
		const struct cds_cudnn *copy;

		if (!e->is_conda || e->conda_cudnn == NULL) {
			continue;
		}
		lib = cds_path_join(e->prefix, "lib");
		copy = cds_cudnn_in(c, lib, atoi(e->conda_cudnn));
		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];
			const char *want;
			char *src = NULL, *wheel;
			struct cds_finding *f;
			int torch_wheel;

			if (p->from_conda || p->kind == CDS_FW_OTHER ||
			    p->kind == CDS_FW_JAX) {
				continue;
			}
			want = cds_expected_cudnn(c, p, &src);
			if (want == NULL ||
			    atoi(want) != atoi(e->conda_cudnn) ||
			    cds_cmp_minor(want, e->conda_cudnn) == 0) {
				free(src);
				continue;
			}
			/* torch's wheels reach their own cuDNN by RUNPATH;
			 * only LD_LIBRARY_PATH could put <env>/lib first */
			wheel = e->site_packages != NULL ? cds_path_join(
			    e->site_packages, "nvidia/cudnn/lib") : NULL;
			torch_wheel = p->kind == CDS_FW_TORCH &&
			    wheel != NULL &&
			    cds_cudnn_in(c, wheel, atoi(want)) != NULL;
			if (torch_wheel) {
				struct cds_libpath *lp = cds_libpath_for(c, e,
				    NULL);
				int at = cds_libpath_find(c, lp,
				    atoi(want) == 8 ? "libcudnn.so.8" :
				    "libcudnn.so.9");

				torch_wheel = !(at >= 0 &&
				    lp->dirs[at].from_env &&
				    cds_same_dir(c->h, lp->dirs[at].dir, lib));
				cds_libpath_free(lp);
			}
			if (torch_wheel) {
				free(wheel);
				free(src);
				continue;
			}
			f = cds_finding_add(c, "F3", CDS_SEV_ERROR, "env %s: "
			    "conda's cudnn %s, but %s %s needs cuDNN %s",
			    e->name, e->conda_cudnn, p->name, p->version, want);
			cds_finding_evidence(f, "conda package", "cudnn %s "
			    "(%s/conda-meta)", e->conda_cudnn, e->prefix);
			if (copy != NULL) {
				cds_finding_evidence(f, "its libraries", "%s "
				    "(found first through python's RPATH "
				    "$ORIGIN/../lib)", copy->dir);
			}
			cds_finding_evidence(f, "framework", "%s %s (pip, %s) "
			    "expects cuDNN %s", p->name, p->version,
			    p->location, want);
			cds_finding_evidence(f, "expected from", "%s", src);
			{
				char *q = cds_shquote(e->prefix);
				char mm[32];

				snprintf(mm, sizeof(mm), "%d.%d", atoi(want),
				    strchr(want, '.') != NULL ?
				    atoi(strchr(want, '.') + 1) : 0);
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "conda install -p %s 'cudnn=%s'", q,
				    strchr(want, '.') != NULL ? mm : want);
				cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
				    "or, when pip's nvidia-cudnn wheel is "
				    "there: conda remove -p %s --force cudnn",
				    q);
				free(q);
			}
			free(wheel);
			free(src);
		}
		free(lib);
	}
}

/* ------------------------------------------------------------------------ */
/* F27: CPU builds                                                           */
/* ------------------------------------------------------------------------ */

static int
cpu_build(const struct cds_package *p)
{
	return p->cpu_only;	/* the scan read it from what is installed */
}

/* The CUDA major the driver can run: its own number, else the newest
 * major whose floor the module version meets. */
static int
driver_major(const struct cds_rule_ctx *c)
{
	static const char *const majors[] = { "13", "12", "11", NULL };
	const struct cds_driver *d = &c->s->driver;
	const char *const *m;

	if (d->cuda_version > 0) {
		return d->cuda_version / 1000;
	}
	for (m = majors; d->module_version != NULL && c->m != NULL &&
	    *m != NULL; m++) {
		const char *floor = cds_manifest_driver_floor(c->m, *m);

		if (floor != NULL &&
		    cds_vercmp(d->module_version, floor) >= 0) {
			return atoi(*m);
		}
	}
	return 0;
}

static void
cpu_finding(struct cds_rule_ctx *c, const struct cds_env *e,
    const struct cds_package *p)
{
	const struct cds_driver *d = &c->s->driver;
	struct cds_finding *f;
	int major = driver_major(c);

	f = cds_finding_add(c, "F27", CDS_SEV_WARNING, "%s %s%s%s is a "
	    "CPU-only build on a machine with an NVIDIA GPU", p->name,
	    p->version, e != NULL ? " in env " : "", e != NULL ? e->name : "");
	cds_finding_evidence(f, "package", "%s %s (%s)", p->name, p->version,
	    p->location);
	if (p->cuda_source != NULL) {
		cds_finding_evidence(f, "build", "CPU-only (%s)",
		    p->cuda_source);
	}
	if (c->s->nvidia_pci > 0) {
		cds_finding_evidence(f, "NVIDIA PCI devices", "%d",
		    c->s->nvidia_pci);
	}
	if (d->module_version != NULL) {
		cds_finding_evidence(f, "driver", "%s", d->module_version);
	}
	if (p->from_conda) {
		char *q = cds_shquote(e != NULL ? e->prefix : "");
		const char *pkg = strcmp(p->name, "torch") == 0 ? "pytorch" :
		    p->name;

		if (major > 0) {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
			    "CONDA_OVERRIDE_CUDA=%d conda install -p %s "
			    "'%s=*=*cuda*'", major, q, pkg);
		} else {
			cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
			    "conda install -p %s '%s=*=*cuda*'  # with "
			    "CONDA_OVERRIDE_CUDA=<major> when conda does not "
			    "see the driver", q, pkg);
		}
		free(q);
	} else {
		char *v = cds_xstrndup(p->version, strcspn(p->version, "+"));

		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL, "pip install "
		    "--force-reinstall '%s==%s'  # from PyPI or a CUDA wheel "
		    "index, not the CPU one", p->name, v);
		free(v);
	}
}

/* F27: a CPU-only torch or TensorFlow build where a GPU is present: conda's
 * solver picked the cpu variant (no __cuda seen), or pip used the CPU
 * index. */
void
cds_rule_cpu_build(struct cds_rule_ctx *c)
{
	const struct cds_scan *s = c->s;
	size_t i, k;

	if (s->nvidia_pci == 0 && s->driver.module_version == NULL &&
	    s->driver.state != CDS_DRIVER_OK) {
		return;	/* no GPU: a CPU build is the right one */
	}
	for (i = 0; i < s->nenvs; i++) {
		for (k = 0; k < s->envs[i].npackages; k++) {
			const struct cds_package *p = &s->envs[i].packages[k];

			if ((p->kind == CDS_FW_TORCH ||
			    p->kind == CDS_FW_TENSORFLOW) && cpu_build(p)) {
				cpu_finding(c, &s->envs[i], p);
			}
		}
	}
	for (k = 0; k < s->nsystem_packages; k++) {
		const struct cds_package *p = &s->system_packages[k];

		if ((p->kind == CDS_FW_TORCH || p->kind == CDS_FW_TENSORFLOW) &&
		    cpu_build(p)) {
			cpu_finding(c, NULL, p);
		}
	}
}

/* ------------------------------------------------------------------------ */
/* REPAIR-CUT: a repair or undo a kill cut short                             */
/* ------------------------------------------------------------------------ */

/* The record of the env at PREFIX (E NULL: the system's Python). */
static void
repair_cut_of(struct cds_rule_ctx *c, const struct cds_env *e,
    const char *prefix)
{
	char *envhost = cds_undo_env_host(c->h, prefix);
	char *udir = cds_path_join(envhost, CDS_UNDO_DIR);
	char *env = e != NULL ? cds_shquote(e->name) : NULL;
	const char *who = e != NULL ? e->name : "the system's Python";
	struct cds_undo_log log;
	struct cds_finding *f;
	int g;

	if (!cds_exists(udir)) {
		goto out;
	}
	if (cds_undo_log_read(c->h, envhost, udir, &log) == -1) {
		f = cds_finding_add(c, "REPAIR-CUT", CDS_SEV_WARNING,
		    "%s: its undo record is not one of ours", who);
		cds_finding_evidence(f, "undo record", "%s",
		    cds_errdetail(c->h));
		cds_clearerr(c->h);
		goto out;
	}
	if ((g = cds_undo_log_pending(&log)) != -1) {
		const struct cds_undo_gen *gen = &log.gens[g];
		int undoing = gen->state == CDS_UNDO_UNDOING;

		f = cds_finding_add(c, "REPAIR-CUT", CDS_SEV_ERROR, "%s: %s "
		    "was cut short", who, undoing ? "the undo of a repair" :
		    "a repair");
		cds_finding_evidence(f, "undo record", "%s/journal", udir);
		cds_finding_evidence(f, "changes journalled", "%zu of this "
		    "repair%s", gen->n, undoing ? ", being taken back" : "");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "cudnn-setup repair --undo%s%s", env != NULL ? " --env " :
		    "", env != NULL ? env : "");
		cds_finding_fix(f, CDS_FIX_NONE, NULL, NULL,
		    "cudnn-setup repair%s%s", env != NULL ? " --env " : "",
		    env != NULL ? env : "");
	}
	cds_undo_log_clear(&log);
out:
	free(env);
	free(udir);
	free(envhost);
}

/* REPAIR-CUT: the record of each env, and the system's, names a repair or
 * an undo a kill cut short: the env is half changed until the next
 * repair or --undo takes it back (or finishes the undo). */
void
cds_rule_repair_cut(struct cds_rule_ctx *c)
{
	size_t i;

	for (i = 0; i < c->s->nenvs; i++) {
		repair_cut_of(c, &c->s->envs[i], c->s->envs[i].prefix);
	}
	repair_cut_of(c, NULL, "/");
}
