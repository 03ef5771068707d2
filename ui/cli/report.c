/*
 * report.c - the scan and the findings as text for a person: sections,
 * aligned at 80 columns, colour only where cli_c() allows it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "cli.h"
#include "../facttext.h"

static void
section(const char *title)
{
	printf("\n%s%s%s\n", cli_c(CLI_BOLD), title, cli_c(CLI_RESET));
}

static size_t width_of(const char *s, size_t n);

/* S, then blanks to fill WIDTH display columns (a translated label in
 * Korean or Chinese takes two columns a character, not its bytes). */
static void
padded(const char *s, size_t width)
{
	size_t w = width_of(s, strlen(s));

	fputs(s, stdout);
	for (; w < width; w++) {
		putchar(' ');
	}
}

static void
row(const char *label, const char *value, const char *detail)
{
	fputs("  ", stdout);
	padded(label, 18);
	putchar(' ');
	padded(value, 9);
	printf(" %s\n", detail != NULL ? detail : "");
}

static const char *
cuda_str(int v, char buf[16])
{
	if (v <= 0) {
		return NULL;
	}
	snprintf(buf, 16, "%d.%d", v / 1000, (v % 1000) / 10);
	return buf;
}

static const char *
driver_reason(const struct cds_scan *s)
{
	switch (s->driver.state) {
	case CDS_DRIVER_OK:
		return NULL;
	case CDS_DRIVER_NO_MODULE:
		return s->nvidia_pci > 0 ?
		    _("no NVIDIA kernel module loaded (a GPU is present)") :
		    _("no NVIDIA kernel module, no NVIDIA GPU");
	case CDS_DRIVER_NO_LIBRARY:
		return _("module loaded, libcuda.so.1 not found");
	case CDS_DRIVER_STUB:
		return _("only a stub libcuda (error 34)");
	case CDS_DRIVER_INIT_FAILED:
		return _("cuInit failed");
	case CDS_DRIVER_NOT_PROBED:
		return _("not probed (another root)");
	case CDS_DRIVER_NO_KERNEL_MODULE:
		return _("driver libraries without a kernel module");
	}
	return NULL;
}

/* Is REAL absent or the same as PATH (nothing to add after "->")? */
static int
same_path(const char *path, const char *real)
{
	return real == NULL || strcmp(path, real) == 0;
}

static void
print_numbers(const struct cds_scan *s)
{
	const struct cds_toolkit *t = cds_toolkit_at(s,
	    s->active_toolkit);
	struct cds_fw_iter it = {0, 0};
	struct cds_fw_row fw;
	char buf[16], detail[512];
	size_t nfw = 0;

	section(_("CUDA: three numbers"));
	row(_("driver supports"), cuda_str(s->driver.cuda_version, buf) ?
	    buf : _("none"), s->driver.cuda_version > 0 &&
	    s->driver.state == CDS_DRIVER_NO_KERNEL_MODULE ?
	    _("what libcuda says; no kernel module: nothing runs") :
	    s->driver.cuda_version > 0 ?
	    _("the newest CUDA this driver runs (not what is installed)") :
	    driver_reason(s));
	if (t != NULL) {
		snprintf(detail, sizeof(detail), "%s (%s)", t->realpath,
		    s->active_via != NULL ? s->active_via : "");
		row(_("active toolkit"), t->version != NULL ? t->version : "?",
		    detail);
	} else {
		row(_("active toolkit"), _("none"),
		    _("no CUDA_HOME, no nvcc on PATH, no /usr/local/cuda"));
	}
	while (cds_fw_next(s, &it, &fw)) {
		char *d = ui_fw_detail(&fw);

		row(nfw++ == 0 ? _("frameworks bundle") : "", ui_fw_cuda(&fw),
		    d != NULL ? d : fw.p->name);
		free(d);
	}
	if (nfw == 0) {
		row(_("frameworks bundle"), _("none"),
		    _("no torch, onnxruntime, tensorflow or jax found"));
	}
}

static void
print_driver(const struct cds_scan *s)
{
	const struct cds_driver *d = &s->driver;
	char buf[16], detail[512];

	section(_("Driver"));
	row(_("kernel module"), d->module_version != NULL ?
	    d->module_version : _("none"), d->module_version != NULL ?
	    NULL : _("/proc/driver/nvidia/version is absent"));
	if (d->libcuda_path != NULL) {
		snprintf(detail, sizeof(detail), "%s%s%s", d->libcuda_path,
		    same_path(d->libcuda_path, d->libcuda_realpath) ?
		    "" : " -> ", same_path(d->libcuda_path,
		    d->libcuda_realpath) ? "" : d->libcuda_realpath);
		row("libcuda.so.1", d->libcuda_version != NULL ?
		    d->libcuda_version : "", detail);
	} else {
		row("libcuda.so.1", _("none"), _("not found by the loader"));
	}
	if (d->nvml_path != NULL) {
		snprintf(detail, sizeof(detail), "%s%s%s", d->nvml_path,
		    same_path(d->nvml_path, d->nvml_realpath) ? "" :
		    " -> ", same_path(d->nvml_path, d->nvml_realpath) ?
		    "" : d->nvml_realpath);
		row("libnvidia-ml.so.1", d->nvml_version != NULL ?
		    d->nvml_version : "", detail);
	}
	if (d->libcuda_path != NULL && d->state != CDS_DRIVER_STUB) {
		if (d->probed) {
			snprintf(buf, sizeof(buf), "%d", d->init_error);
			row("cuInit", d->init_error == 0 ? _("ok") : buf,
			    _("in a probe child that loaded libcuda.so.1"));
		} else {
			snprintf(detail, sizeof(detail), "%s: %s",
			    _("not called"), d->probe_error != NULL &&
			    strcmp(d->probe_error, "--root") == 0 ?
			    _("another system (--root) is not loaded here") :
			    d->probe_error != NULL ? d->probe_error : "");
			row("cuInit", "", detail);
		}
	}
	if (d->nvml_probed) {
		snprintf(buf, sizeof(buf), "%d", d->nvml_init);
		row("nvmlInit", d->nvml_init == 0 ? _("ok") : buf,
		    d->nvml_error != NULL ? d->nvml_error : "");
	}
	if (d->cuda_version > 0) {
		snprintf(detail, sizeof(detail), "%s, %d %s",
		    _("cuDriverGetVersion"), d->ndevices,
		    _n("device", "devices", d->ndevices));
		row(_("supports CUDA"), cuda_str(d->cuda_version, buf),
		    detail);
	}
	if (d->stub_path != NULL) {
		snprintf(detail, sizeof(detail), "%s%s%s%s", d->stub_path,
		    d->stub_via != NULL ? " (" : "",
		    d->stub_via != NULL ? d->stub_via : "",
		    d->stub_via != NULL ? ")" : "");
		row(_("stub libcuda"), d->init_error == 34 ? _("error 34") : "",
		    detail);
		if (d->stub_via != NULL &&
		    strcmp(d->stub_via, "LIBRARY_PATH") == 0) {
			row("", "", _("LIBRARY_PATH is for the linker only: "
			    "harmless at run time"));
		}
	}
	if (d->wsl) {
		row("WSL2", _("yes"), d->wsl_lib_on_path ?
		    _("/usr/lib/wsl/lib is searched") :
		    _("/usr/lib/wsl/lib is NOT searched"));
	}
}

static void
print_toolkits(const struct cds_scan *s)
{
	size_t i;

	section(_("CUDA toolkits"));
	if (s->ntoolkits == 0) {
		printf("  %s\n", _("none found"));
		return;
	}
	for (i = 0; i < s->ntoolkits; i++) {
		const struct cds_toolkit *t = &s->toolkits[i];
		int is_active = s->active_toolkit != NULL &&
		    strcmp(t->realpath, s->active_toolkit) == 0;

		printf("  %s%-9s%s %s", cli_c(CLI_BOLD),
		    t->version != NULL ? t->version : "?", cli_c(CLI_RESET),
		    t->realpath);
		if (!t->exists) {
			printf("  %s%s%s", cli_c(CLI_RED), _("(missing)"),
			    cli_c(CLI_RESET));
		}
		printf("\n            ");
		if (t->is_default) {
			printf("%s, ", s->default_link != NULL ?
			    s->default_link : "/usr/local/cuda");
		}
		if (is_active) {
			printf("%s, ", _("active"));
		}
		if (s->nvcc_toolkit != NULL &&
		    strcmp(t->realpath, s->nvcc_toolkit) == 0) {
			printf("%s, ", _("nvcc on PATH"));
		}
		if (t->shadowed) {
			printf("%s, ", _("nvcc shadowed on PATH"));
		}
		if (t->exists) {
			printf("%s %s; %s: %s; nvcc: %s\n",
			    _("version from"), t->version_source != NULL ?
			    t->version_source : "?", _("runtime"),
			    t->has_runtime ? _("yes") : _("no"),
			    t->has_nvcc ? _("yes") : _("no"));
		} else {
			printf("%s\n", t->found_via != NULL ? t->found_via : "");
		}
		if (t->sdk != NULL) {
			printf("            %s %s; %s: %s\n",
			    _("NVIDIA HPC SDK"), strrchr(t->sdk, '/') + 1,
			    _("math libraries"), t->mathdir != NULL ?
			    t->mathdir : _("none"));
		}
	}
}

static void
print_cudnn(const struct cds_scan *s)
{
	size_t i, k;

	section(_("cuDNN copies"));
	if (s->ncudnns == 0) {
		printf("  %s\n", _("none found"));
		return;
	}
	for (i = 0; i < s->ncudnns; i++) {
		const struct cds_cudnn *c = &s->cudnns[i];
		const char *const *missing = (const char *const *)c->missing;
		size_t nlibs = 0;

		for (k = 0; k < c->nfiles; k++) {
			if (c->files[k].version != NULL || !c->files[k].is_link) {
				nlibs++;
			}
		}
		printf("  %s%-9s%s %s\n", cli_c(CLI_BOLD),
		    c->version != NULL ? c->version : "?", cli_c(CLI_RESET),
		    c->dir);
		printf("            %s", cli_origin_word(c->origin));
		if (c->env != NULL) {
			printf(" (%s %s)", _("env"), c->env);
		}
		if (c->complete) {
			printf("; %s%s%s", cli_c(CLI_GREEN),
			    _("complete set"), cli_c(CLI_RESET));
		} else {
			printf("; %s%s%s", cli_c(CLI_YELLOW),
			    c->mixed[0] != NULL ? _("MIXED releases") :
			    _("incomplete"), cli_c(CLI_RESET));
		}
		if (c->header_version != NULL) {
			printf("; %s %s", _("header"), c->header_version);
		}
		if (c->package_version != NULL) {
			printf("; %s %s", _("package"), c->package_version);
		}
		printf("\n");
		if (missing[0] != NULL) {
			printf("            %s:", _("missing"));
			for (k = 0; missing[k] != NULL; k++) {
				printf(" %s", missing[k]);
			}
			printf("\n");
		}
		for (k = 0; c->mixed[k] != NULL; k++) {
			printf("            %s %s\n", _("mixed:"), c->mixed[k]);
		}
	}
}

static void
print_envs(const struct cds_scan *s)
{
	size_t i, k;

	section(_("Environments"));
	if (s->nenvs == 0) {
		printf("  %s\n", _("no conda envs or venvs found"));
	}
	for (i = 0; i < s->nenvs; i++) {
		const struct cds_env *e = &s->envs[i];

		printf("  %s%s%s %s", cli_c(CLI_BOLD), e->name,
		    cli_c(CLI_RESET), e->prefix);
		if (e->is_venv) {
			printf(" (%s)", _("venv"));
		}
		if (e->is_active) {
			printf(" (%s)", _("active"));
		}
		printf("\n");
		if (e->python != NULL) {
			printf("      python %s", e->python);
			if (e->conda_cudnn != NULL) {
				printf("; conda cudnn %s", e->conda_cudnn);
			}
			if (e->conda_cudatoolkit != NULL) {
				printf("; conda cuda %s", e->conda_cudatoolkit);
			}
			printf("\n");
		}
		for (k = 0; k < e->npackages; k++) {
			const struct cds_package *p = &e->packages[k];

			printf("      %-22s %-16s", p->name, p->version);
			if (p->cuda != NULL) {
				printf(" CUDA %s", p->cuda);
			} else if (p->cpu_only) {
				printf(" %s", _("CPU-only"));
			}
			if (p->cudnn != NULL) {
				printf(" cuDNN %s", p->cudnn);
			}
			printf("\n");
		}
	}
}

static void
print_loader(const struct cds_scan *s, const char *llp)
{
	size_t i;

	section(_("Loader search order"));
	printf("  LD_LIBRARY_PATH    %s\n", llp != NULL ? llp : _("(unset)"));
	for (i = 0; i < s->nsearchdirs; i++) {
		const struct cds_searchdir *d = &s->searchdirs[i];

		printf("  %2zu %-32s %s%s\n", i + 1, d->dir, d->via,
		    d->exists ? "" : _(" (missing)"));
	}
}

/* Where this runs: shown in a container, under WSL2, and on a host that
 * has container engines; a plain host says nothing. */
static void
print_container(const struct cds_scan *s)
{
	const struct cds_container *ct = &s->container;
	const char *detail;
	size_t i;

	if (!ui_container_shown(ct)) {
		return;
	}
	section(_("Container"));
	row(_("runtime"), ct->runtime, ct->overridden ?
	    _("set by CDS_CONTAINER") : NULL);
	if (ct->gpu_mechanism != NULL) {
		row(_("GPU passed by"), ct->gpu_mechanism, NULL);
	}
	if (ct->sandbox != NULL) {
		row(_("sandbox"), ct->sandbox, _("the GPU comes only through "
		    "its driver proxy"));
	}
	if (ct->ctl_errno != -1) {
		const char *w = ui_ctl_word(ct, &detail);

		row("/dev/nvidiactl", w, detail);
	}
	if (strcmp(ct->runtime, "none") != 0) {
		char line[512];

		snprintf(line, sizeof(line), "NVIDIA_VISIBLE_DEVICES=%s",
		    ct->visible_devices != NULL ? ct->visible_devices : "");
		row(_("visible devices"), ct->visible_devices != NULL ? "" :
		    _("unset"), ct->visible_devices != NULL ? line :
		    "NVIDIA_VISIBLE_DEVICES");
		snprintf(line, sizeof(line), "NVIDIA_DRIVER_CAPABILITIES=%s",
		    ct->capabilities != NULL ? ct->capabilities : "");
		row(_("capabilities"), ct->capabilities != NULL ? "" :
		    _("unset"), ct->capabilities != NULL ? line :
		    _("NVIDIA_DRIVER_CAPABILITIES; the default: "
		    "compute,utility"));
	}
	for (i = 0; i < ct->nevidence; i++) {
		row(ct->evidence[i].key, "", ct->evidence[i].value);
	}
}

void
cli_print_scan(struct cli *c, const struct cds_scan *s)
{
	print_numbers(s);
	print_container(s);
	print_driver(s);
	print_toolkits(s);
	print_cudnn(s);
	print_envs(s);
	print_loader(s, cds_getenv(c->h, "LD_LIBRARY_PATH"));
}

/* ------------------------------------------------------------------------ */
/* Findings                                                                  */
/* ------------------------------------------------------------------------ */

#define WIDTH 80

/* The character at S (at most N bytes): its length in bytes, and in *WC
 * the character, or -1 for a byte that is not one in this locale. */
static size_t
char_at(const char *s, size_t n, wchar_t *wc)
{
	mbstate_t st;
	size_t len;

	memset(&st, 0, sizeof(st));
	len = mbrtowc(wc, s, n, &st);
	if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
		*wc = (wchar_t)-1;
		return 1;
	}
	return len;
}

/* Columns character WC takes: wcwidth(), or one for what it does not know
 * (a byte that is not a character here counts once per UTF-8 sequence). */
static size_t
char_width(wchar_t wc, unsigned char lead)
{
	int w;

	if (wc == (wchar_t)-1) {
		return (lead & 0xc0) != 0x80;
	}
	w = wcwidth(wc);
	return w < 0 ? 1 : (size_t)w;
}

/* Display width of N bytes of S: colour escapes take no room, a wide (CJK)
 * character two columns. */
static size_t
width_of(const char *s, size_t n)
{
	size_t w = 0, i = 0;

	while (i < n) {
		wchar_t wc;
		size_t len;

		if (s[i] == 0x1b) {
			while (i < n && s[i] != 'm') {
				i++;
			}
			i++;
			continue;
		}
		len = char_at(s + i, n - i, &wc);
		w += char_width(wc, (unsigned char)s[i]);
		i += len;
	}
	return w;
}

size_t
cli_text_width(const char *s)
{
	return width_of(s, strlen(s));
}

size_t
cli_text_fit(const char *s, size_t cols)
{
	size_t w = 0, i = 0, n = strlen(s);

	while (i < n) {
		wchar_t wc;
		size_t len = char_at(s + i, n - i, &wc);
		size_t cw = char_width(wc, (unsigned char)s[i]);

		if (w + cw > cols) {
			break;
		}
		w += cw;
		i += len;
	}
	return i;
}

/* Punctuation that must not begin a line (ideographic comma and full
 * stop, fullwidth ,.:;!?) and closes what it follows. */
static int
no_break_before(wchar_t wc)
{
	static const wchar_t set[] = { 0x3001, 0x3002, 0xff0c, 0xff0e, 0xff1a,
		0xff1b, 0xff01, 0xff1f, 0xff09, 0x300d, 0x300f, 0 };
	const wchar_t *p;

	for (p = set; *p != 0; p++) {
		if (*p == wc) {
			return 1;
		}
	}
	return 0;
}

/* Is WC Hangul?  Korean writes spaces between its words: a line breaks
 * there, never inside one, although its syllables are wide. */
static int
hangul(wchar_t wc)
{
	return (wc >= 0x1100 && wc <= 0x11ff) ||
	    (wc >= 0x3130 && wc <= 0x318f) ||
	    (wc >= 0xa960 && wc <= 0xa97f) ||
	    (wc >= 0xac00 && wc <= 0xd7ff);
}

/* May a line break before WC, a wide character inside a run of text?
 * Between Chinese and Japanese characters, which have no spaces, yes. */
static int
break_between(wchar_t wc)
{
	return wc != (wchar_t)-1 && char_width(wc, 0) == 2 && !hangul(wc) &&
	    !no_break_before(wc);
}

/* Bytes of the next unit of text to wrap: a word up to a space or
 * newline, or one wide character (a line may break between CJK
 * characters, which have no spaces; Korean words are whole), with the
 * punctuation that must stay with it. */
static size_t
unit_len(const char *p)
{
	size_t n = 0, len, rest = strlen(p);
	wchar_t wc;

	len = char_at(p, rest, &wc);
	if (p[0] != 0x1b && break_between(wc)) {
		n = len;
	} else {
		while (n < rest && p[n] != ' ' && p[n] != '\n') {
			if (p[n] == 0x1b) {
				n++;
				continue;
			}
			len = char_at(p + n, rest - n, &wc);
			if (n > 0 && break_between(wc)) {
				break;
			}
			n += len;
		}
	}
	while (n < rest && p[n] != ' ' && p[n] != '\n') {
		len = char_at(p + n, rest - n, &wc);
		if (wc == (wchar_t)-1 || !no_break_before(wc)) {
			break;
		}
		n += len;
	}
	return n;
}

/*
 * Wrap TEXT at WIDTH display columns (wcwidth), the first line indented
 * by INDENT and the others by HANG.  Lines break at spaces, and between
 * wide characters, which have no spaces between them.
 */
void
cli_wrap(FILE *fp, int indent, int hang, const char *text)
{
	const char *p = text;
	size_t col = 0, gap = 0;
	int first = 1;

	while (*p != '\0') {
		size_t n = unit_len(p), w = width_of(p, n);

		if (first || col == 0) {
			fprintf(fp, "%*s", first ? indent : hang, "");
			col = (size_t)(first ? indent : hang);
			first = 0;
		} else if (col + gap + w > WIDTH) {
			fprintf(fp, "\n%*s", hang, "");
			col = (size_t)hang;
		} else {
			/* keep the spaces the text has (aligned columns) */
			fprintf(fp, "%*s", (int)gap, "");
			col += gap;
		}
		fwrite(p, 1, n, fp);
		col += w;
		p += n;
		if (*p == '\n') {
			fputc('\n', fp);
			col = 0;
			p++;
			gap = 0;
		} else {
			gap = strspn(p, " ");
			p += gap;
		}
	}
	fputc('\n', fp);
}

/* A shell command: broken only at unquoted spaces, with a backslash at
 * the end of each broken line, so that it still pastes into a shell. */
static void
wrap_command(FILE *fp, int indent, const char *label, const char *cmd)
{
	const char *p = cmd;
	size_t col = (size_t)indent + width_of(label, strlen(label)) + 1;

	fprintf(fp, "%*s%s ", indent, "", label);
	while (*p != '\0') {
		const char *q = p;
		char quote = 0;
		size_t w;

		while (*q != '\0' && (quote != 0 || *q != ' ')) {
			if (quote == 0 && (*q == '\'' || *q == '"')) {
				quote = *q;
			} else if (quote != 0 && *q == quote) {
				quote = 0;
			} else if (quote != '\'' && *q == '\\' &&
			    q[1] != '\0') {
				q++;
			}
			q++;
		}
		w = width_of(p, (size_t)(q - p));
		if (p != cmd && col + 1 + w + 2 > WIDTH) {
			fprintf(fp, " \\\n%*s", indent + 4, "");
			col = (size_t)indent + 4;
		} else if (p != cmd) {
			fputc(' ', fp);
			col++;
		}
		fwrite(p, 1, (size_t)(q - p), fp);
		col += w;
		p = q + strspn(q, " ");
	}
	fputc('\n', fp);
}

/* Is a fix's text a shell command (to be kept pasteable), or words? */
static int
is_shell(const char *cmd)
{
	static const char *const words[] = { "sudo", "export", "echo",
		"printf", "ln", "rm", "mkdir", "sed", "conda", "pip", "uv",
		"env", "python3", "cudnn-setup", "apt-get", "dkms", "systemctl", "modprobe",
		NULL };
	const char *const *w;
	size_t n = strcspn(cmd, " ");

	if (*cmd == '/' || memchr(cmd, '=', n) != NULL) {
		return 1;
	}
	for (w = words; *w != NULL; w++) {
		if (strlen(*w) == n && strncmp(cmd, *w, n) == 0) {
			return 1;
		}
	}
	return 0;
}

/*
 * The env whose repair would mend finding X, from the scan of doctor: a
 * link, a copy to relink, activation or an install whose path lies in an
 * env that scan found, the innermost (repair's work: links and activation in the env,
 * releases into the shared prefix).  NULL when repair is not the fix.
 */
const struct cds_env *
cli_repair_env_of(const struct cds_scan *s, const struct cds_finding *x)
{
	const struct cds_env *best = NULL;
	size_t i, k, nbest = 0;

	for (k = 0; s != NULL && k < x->nfixes; k++) {
		const struct cds_fix *fx = &x->fixes[k];

		if ((fx->kind != CDS_FIX_SYMLINK &&
		    fx->kind != CDS_FIX_RELINK &&
		    fx->kind != CDS_FIX_ACTIVATE &&
		    fx->kind != CDS_FIX_INSTALL) || fx->path == NULL) {
			continue;
		}
		for (i = 0; i < s->nenvs; i++) {
			const char *pre = s->envs[i].prefix;
			size_t n = strlen(pre);

			/* the innermost: a conda base holds envs/ */
			if (strncmp(fx->path, pre, n) == 0 &&
			    (fx->path[n] == '/' || fx->path[n] == '\0') &&
			    n > nbest) {
				best = &s->envs[i];
				nbest = n;
			}
		}
		if (best != NULL) {
			return best;
		}
	}
	return NULL;
}

/* The commands of J: each, and the one that goes back; INDENT as the
 * fixes of a finding. */
static void
print_syscmds(const struct cds_syscmds *j, int indent)
{
	size_t i;

	for (i = 0; i < j->n; i++) {
		char *label = NULL;

		if (asprintf(&label, "%s%s%s", cli_c(CLI_GREEN), _("to do:"),
		    cli_c(CLI_RESET)) > 0) {
			wrap_command(stdout, indent, label, j->v[i].command);
			free(label);
		}
		if (j->v[i].undo != NULL && asprintf(&label, "%s%s%s",
		    cli_c(CLI_GREEN), _("to go back:"), cli_c(CLI_RESET)) >
		    0) {
			wrap_command(stdout, indent, label, j->v[i].undo);
			free(label);
		}
	}
}

/* Finding X's commands of the system's package manager, joined (one
 * `apt-get install A B` for two packages).  1. */
static int
syscmds_of(const struct cds_finding *x)
{
	struct cds_findings one = { (struct cds_finding *)x, 1 };
	struct cds_syscmds *j = cds_findings_syscmds(&one);

	print_syscmds(j, 11);
	cds_syscmds_free(j);
	return 1;
}

static void
finding_list(const struct cli *c, const struct cds_findings *f)
{
	size_t i, k;

	for (i = 0; i < f->n; i++) {
		const struct cds_finding *x = &f->items[i];
		const char *summary = cds_rule_summary(x->id);
		enum cli_color col = x->severity == CDS_SEV_ERROR ? CLI_RED :
		    x->severity == CDS_SEV_WARNING ? CLI_YELLOW : CLI_BLUE;
		const char *word = x->severity == CDS_SEV_ERROR ? _("error") :
		    x->severity == CDS_SEV_WARNING ? _("warning") : _("note");
		char *head = NULL, *links;
		int sys_done = 0;

		if (asprintf(&head, "%s%-8s%s %s[%s]%s %s", cli_c(col), word,
		    cli_c(CLI_RESET), cli_c(CLI_BOLD), x->id, cli_c(CLI_RESET),
		    summary != NULL ? summary : x->title) > 0) {
			cli_wrap(stdout, 2, 11, head);
			free(head);
		}
		cli_wrap(stdout, 11, 13, x->title);
		for (k = 0; k < x->nevidence; k++) {
			char *line = NULL;

			if (asprintf(&line, "%s%s:%s %s", cli_c(CLI_DIM),
			    x->evidence[k].key, cli_c(CLI_RESET),
			    x->evidence[k].value) > 0) {
				cli_wrap(stdout, 11, 13, line);
				free(line);
			}
		}
		if ((links = ui_links_command(x)) != NULL) {
			char *label = NULL;

			if (asprintf(&label, "%s%s%s", cli_c(CLI_GREEN),
			    _("fix:"), cli_c(CLI_RESET)) > 0) {
				wrap_command(stdout, 11, label, links);
				free(label);
			}
			free(links);
		}
		for (k = 0; links == NULL && k < x->nfixes; k++) {
			char *label = NULL;

			if (cds_argv_system(x->fixes[k].argv)) {
				/* all of them at the first, joined */
				sys_done = sys_done || syscmds_of(x);
				continue;
			}
			if (asprintf(&label, "%s%s%s", cli_c(CLI_GREEN),
			    x->fixes[k].kind != CDS_FIX_NONE ? _("fix:") :
			    _("to do:"), cli_c(CLI_RESET)) <= 0) {
				continue;
			}
			if (is_shell(x->fixes[k].command)) {
				wrap_command(stdout, 11, label,
				    x->fixes[k].command);
			} else {
				char *line = NULL;

				if (asprintf(&line, "%s %s", label,
				    x->fixes[k].command) > 0) {
					cli_wrap(stdout, 11, 13, line);
					free(line);
				}
			}
			free(label);
			if (x->fixes[k].undo != NULL &&
			    asprintf(&label, "%s%s%s", cli_c(CLI_GREEN),
			    _("to go back:"), cli_c(CLI_RESET)) > 0) {
				wrap_command(stdout, 11, label,
				    x->fixes[k].undo);
				free(label);
			}
		}
		if (c != NULL && c->scan != NULL) {
			const struct cds_env *e = cli_repair_env_of(c->scan,
			    x);
			char *line = NULL;

			if (e != NULL && asprintf(&line, "%s%s%s %s%s%s repair "
			    "--env %s", cli_c(CLI_GREEN), _("or:"),
			    cli_c(CLI_RESET), PACKAGE, c->root != NULL ?
			    " --root " : "", c->root != NULL ? c->root : "",
			    e->is_venv ? e->prefix : e->name) > 0) {
				cli_wrap(stdout, 11, 13, line);
				free(line);
			}
		}
	}
}

void
cli_print_finding_list(const struct cds_findings *f)
{
	finding_list(NULL, f);
}


/* "2 errors, 1 warning.": each count with its word, as one message of its
 * own (the severity words alone are other messages) */
static void
print_counts(size_t nerr, size_t nwarn)
{
	printf(_n("%zu error", "%zu errors", nerr), nerr);
	printf(", ");
	printf(_n("%zu warning", "%zu warnings", nwarn), nwarn);
	printf(".\n");
}

void
cli_print_findings(struct cli *c, const struct cds_findings *f)
{
	size_t i, nerr = 0, nwarn = 0;

	section(_("Findings"));
	if (f->n == 0) {
		printf("  %s%s%s\n", cli_c(CLI_GREEN), _("nothing wrong found"),
		    cli_c(CLI_RESET));
	}
	for (i = 0; i < f->n; i++) {
		nerr += f->items[i].severity == CDS_SEV_ERROR;
		nwarn += f->items[i].severity == CDS_SEV_WARNING;
	}
	finding_list(c, f);
	printf("\n");
	print_counts(nerr, nwarn);
}

void
cli_print_syscmds(const struct cds_findings *f)
{
	struct cds_syscmds *j = cds_findings_syscmds(f);
	size_t i, joined = 0;

	for (i = 0; i < j->n; i++) {
		joined += j->v[i].nfrom > 1;
	}
	if (joined > 0) {
		section(_("For the system's package manager, in one go"));
		print_syscmds(j, 2);
	}
	cds_syscmds_free(j);
}

void
cli_print_findings_brief(struct cli *c, const struct cds_findings *f)
{
	size_t i, nerr = 0, nwarn = 0;

	for (i = 0; i < f->n; i++) {
		const struct cds_finding *x = &f->items[i];
		const struct cds_env *e = cli_repair_env_of(c->scan, x);
		char *line = NULL;

		if (x->severity == CDS_SEV_NOTE) {
			continue;
		}
		nerr += x->severity == CDS_SEV_ERROR;
		nwarn += x->severity == CDS_SEV_WARNING;
		if (asprintf(&line, "%s%-8s%s [%s] %s%s%s%s",
		    cli_c(x->severity == CDS_SEV_ERROR ? CLI_RED : CLI_YELLOW),
		    x->severity == CDS_SEV_ERROR ? _("error") : _("warning"),
		    cli_c(CLI_RESET), x->id, x->title,
		    e != NULL ? "  (repair --env " : "",
		    e != NULL ? e->name : "", e != NULL ? ")" : "") > 0) {
			cli_wrap(stdout, 0, 9, line);
			free(line);
		}
	}
	print_counts(nerr, nwarn);
}
