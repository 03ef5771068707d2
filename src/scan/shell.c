/*
 * shell.c - a small evaluator for conda's activate.d scripts: what a
 * variable (LD_LIBRARY_PATH) holds after an env is activated, read from
 * the scripts, never by running them.  Doctor's rules and the library
 * search (facts.c) read it.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "scan/shell.h"

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

struct cds_sheval {
	cds_handle_t *h;
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
emit(struct cds_sheval *x, struct cds_buf *out, const char *s)
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
var_set(struct cds_sheval *x, const char *name, const char *value)
{
	smap_set(&x->vars, name, value);
}

static void
var_unset(struct cds_sheval *x, const char *name)
{
	smap_del(&x->vars, name);
}

/* The value of NAME, or NULL when unset.  RECORD: a plain read, which
 * counts as a use of an undefined variable (${X-w} tests for it). */
static const char *
var_get(struct cds_sheval *x, const char *name, int record)
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
		return cds_getenv(x->h, name);
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

static void expand_word(struct cds_sheval *x, const char **pp, char stop,
    struct cds_buf *out);

/* What a command substitution gives; only what TensorFlow's documented
 * recipe uses can be known without running Python. */
static char *
command_subst(struct cds_sheval *x, const char *cmd)
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
expand_dollar(struct cds_sheval *x, const char **pp, struct cds_buf *out)
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
expand_word(struct cds_sheval *x, const char **pp, char stop,
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
eval_line(struct cds_sheval *x, const char *line, int *assigned)
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

char **
cds_activate_scripts(const cds_handle_t *h, const struct cds_env *e,
    const char *sub)
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
sheval_init(struct cds_sheval *x, cds_handle_t *h, const struct cds_env *e,
    const char *name, const char *start)
{
	memset(x, 0, sizeof(*x));
	x->h = h;
	x->e = e;
	x->target = name;
	if (start != NULL) {
		var_set(x, name, start);
	}
}

int
cds_sheval_run(struct cds_sheval *x, char **where)
{
	char **scripts = cds_activate_scripts(x->h, x->e, "activate.d"), **s;
	int any = 0;

	for (s = scripts; *s != NULL; s++) {
		char *text = cds_root_read_file(x->h, *s, 1u << 20, NULL);
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
			cds_log(x->h, CDS_LOG_WARNING, "%s: expands to more "
			    "than %zu bytes; read no further", *s,
			    MAX_EXPANDED);
			break;
		}
	}
	cds_strfreev(scripts);
	return any;
}

char *
cds_sheval_value(struct cds_sheval *x)
{
	const char *v = smap_get(&x->vars, x->target);

	return cds_xstrdup(v != NULL ? v : "");
}

static void
sheval_clear(struct cds_sheval *x)
{
	smap_clear(&x->vars);
	smap_clear(&x->undef_seen);
	cds_strv_clear(&x->undefined);
}

struct cds_sheval *
cds_sheval_new(cds_handle_t *h, const struct cds_env *e, const char *name,
    const char *start)
{
	struct cds_sheval *x = cds_xcalloc(1, sizeof(*x));

	sheval_init(x, h, e, name, start);
	return x;
}

void
cds_sheval_mark_undefined(struct cds_sheval *x, const char *value)
{
	x->undef_value = value;
}

char **
cds_sheval_undefined(struct cds_sheval *x)
{
	return cds_strv_steal(&x->undefined);
}

void
cds_sheval_free(struct cds_sheval *x)
{
	if (x == NULL) {
		return;
	}
	sheval_clear(x);
	free(x);
}

char *
cds_activate_eval(cds_handle_t *h, const struct cds_env *e,
    const char *name, const char *start, char ***undefined, char **where)
{
	struct cds_sheval x;
	char *result = NULL;

	sheval_init(&x, h, e, name, start);
	if (where != NULL) {
		*where = NULL;
	}
	if (cds_sheval_run(&x, where)) {
		result = cds_sheval_value(&x);
	}
	if (undefined != NULL) {
		*undefined = cds_strv_steal(&x.undefined);
	}
	sheval_clear(&x);
	return result;
}
