#!/usr/bin/env python3
"""doc/findings.md's tables, read from the tables in the code.

doctor's findings come from the rule table of src/doctor/findings.c (id,
headline, failure-mode entry, rule function), explain's entries from its
catalogue, src/doctor/explain_table.c (id, title, causes and the findings
that show each).  Both files are run through the C preprocessor (so that
their macros, N_() and the catalogue's BY()/IF() rows, are expanded as the
compiler sees them) and their initialisers read back.

The doc holds prose the generator keeps as it is, and blocks it writes:

    <!-- generated: rules -->  ...  <!-- end generated -->
    <!-- generated: explain -->  ...  <!-- end generated -->
    <!-- generated: counts -->  ...  <!-- end generated -->

    python3 tools/mkfindings.py [--cc CC] [-I DIR]... [--srcdir DIR] DOC

prints DOC with its blocks made again from the code (tests/sys/
docs-findings.sh compares that with the committed DOC); --write rewrites
DOC in place (`make findings-doc`).  A failure-mode id the rule table
cites must have its anchor in doc/failure-modes.md beside DOC, else this
fails, naming it.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

TOKEN = re.compile(r'''
    (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<chr>'(?:[^'\\\n]|\\.)+')
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<num>[0-9][0-9A-Za-z_.]*)
  | (?P<punct>[{}(),;=\[\]*&.+\-/<>!?:|^~%#])
  | (?P<ws>\s+)
''', re.VERBOSE)

ESCAPES = {'n': '\n', 't': '\t', '"': '"', "'": "'", '\\': '\\',
           '?': '?', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v', 'r': '\r'}


def die(msg):
    sys.stderr.write("mkfindings.py: %s\n" % msg)
    sys.exit(1)


def unescape(lit):
    body = lit[1:-1]
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            n = body[i + 1]
            if n in ESCAPES:
                out.append(ESCAPES[n])
                i += 2
                continue
            m = re.match(r'[0-7]{1,3}', body[i + 1:])
            if m:
                out.append(chr(int(m.group(0), 8)))
                i += 1 + len(m.group(0))
                continue
            die("unknown escape \\%s in %s" % (n, lit))
        out.append(c)
        i += 1
    return ''.join(out)


def tokens(text):
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            die("cannot read the preprocessed source at %r"
                % text[pos:pos + 40])
        pos = m.end()
        kind = m.lastgroup
        if kind != 'ws':
            out.append((kind, m.group(kind)))
    return out


def preprocess(cc, incs, path):
    cmd = shlex.split(cc) + ['-E', '-P'] + ['-I' + d for d in incs] + [path]
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
    except OSError as e:
        die("cannot run %s: %s" % (cmd[0], e))
    if r.returncode != 0:
        die("%s -E %s failed:\n%s" % (cc, path, r.stderr))
    return r.stdout


def initialiser(text, name, path):
    """The brace initialiser of the array NAME, as a token list."""
    toks = tokens(text)
    for i in range(len(toks) - 4):
        if (toks[i] == ('id', name) and toks[i + 1] == ('punct', '[')
                and toks[i + 2] == ('punct', ']')
                and toks[i + 3] == ('punct', '=')
                and toks[i + 4] == ('punct', '{')):
            depth, j = 0, i + 4
            while j < len(toks):
                if toks[j] == ('punct', '{'):
                    depth += 1
                elif toks[j] == ('punct', '}'):
                    depth -= 1
                    if depth == 0:
                        return toks[i + 4:j + 1]
                j += 1
            die("%s: %s[] has no end" % (path, name))
    die("%s: no initialiser of %s[] (has the table moved?)" % (path, name))


def members(text, name, path):
    """The member names of struct NAME, in order, from its definition."""
    toks = tokens(text)
    for i in range(len(toks) - 2):
        if (toks[i] == ('id', 'struct') and toks[i + 1] == ('id', name)
                and toks[i + 2] == ('punct', '{')):
            out, last, depth, j = [], None, 0, i + 3
            while toks[j] != ('punct', '}') or depth > 0:
                kind, t = toks[j]
                if (t == '(' and depth == 0 and toks[j + 1] == ('punct', '*')
                        and toks[j + 2][0] == 'id'):
                    last = toks[j + 2][1]  # a function pointer: (*name)
                if t in ('(', '['):
                    depth += 1
                elif t in (')', ']'):
                    depth -= 1
                elif kind == 'id' and depth == 0:
                    last = t
                elif t == ';' and depth == 0:
                    out.append(last)
                j += 1
            return out
    die("%s: no definition of struct %s" % (path, name))


class Row:
    """An initialiser row read by its struct's member names."""

    def __init__(self, names, row):
        self.names, self.row = names, row if isinstance(row, list) else []

    def __getattr__(self, name):
        if name not in self.names:
            die("the struct has no member %r (has it changed?)" % name)
        i = self.names.index(name)
        return self.row[i] if i < len(self.row) else None


def value(toks):
    """One initialiser element: a list (braces), a string (adjacent
    literals, in parentheses or not), None (NULL), a name or a number."""
    if toks and toks[0] == ('punct', '{'):
        return braces(toks)
    strs = [unescape(t) for k, t in toks if k == 'str']
    if strs:
        return ''.join(strs)
    words = [t for k, t in toks if k in ('id', 'num')]
    if words in (['void', '0'], ['0']):
        return None
    if len(words) == 1:
        return words[0]
    die("cannot read the element %r" % ' '.join(t for _, t in toks))


def braces(toks):
    """A {...} token list as a list of its elements."""
    assert toks[0] == ('punct', '{') and toks[-1] == ('punct', '}')
    out, cur, depth = [], [], 0
    for tok in toks[1:-1]:
        if tok == ('punct', '{') or tok == ('punct', '('):
            depth += 1
        elif tok == ('punct', '}') or tok == ('punct', ')'):
            depth -= 1
        if tok == ('punct', ',') and depth == 0:
            out.append(value(cur))
            cur = []
        else:
            cur.append(tok)
    if cur:
        out.append(value(cur))
    return out


def defined_in(srcdir, fn):
    """The file of src/doctor that defines FN (return type on its own
    line, so the definition starts a line with its name)."""
    d = os.path.join(srcdir, 'src', 'doctor')
    pat = re.compile(r'^%s\(' % re.escape(fn), re.M)
    for f in sorted(os.listdir(d)):
        if f.endswith('.c'):
            with open(os.path.join(d, f), encoding='utf-8') as fh:
                if pat.search(fh.read()):
                    return f
    return None


def raised_in(srcdir, fid):
    """Where a row without a function is raised: the rule files of
    src/doctor that name the id as a string, else the other files there
    (explain's checks) that name it or its macro (MSG_LIBRARY)."""
    d = os.path.join(srcdir, 'src', 'doctor')
    pats = [re.compile(r'"%s"' % re.escape(fid)),
            re.compile(r'\b%s\b' % re.escape(fid.replace('-', '_')))]
    rules, other = [], []
    for f in sorted(os.listdir(d)):
        if not f.endswith('.c') or f in ('findings.c', 'explain_table.c'):
            continue
        with open(os.path.join(d, f), encoding='utf-8') as fh:
            text = fh.read()
        if f.startswith('rules_'):
            if pats[0].search(text):
                rules.append(f)
        elif any(p.search(text) for p in pats):
            other.append(f)
    return rules or other


def cell(s):
    return (s or '').replace('|', '\\|').replace('\n', ' ')


def fm_link(fid, anchors):
    a = fid.lower()
    if fid in anchors:
        return '[%s](failure-modes.md#%s)' % (fid, a)
    return fid


def rules_block(rules, srcdir, anchors):
    lines = ['| id | headline | failure mode | raised in |',
             '|----|----------|--------------|-----------|']
    for r in rules:
        fid, summary, source, fn = r.id, r.summary, r.source, r.fn
        if fn:
            where = defined_in(srcdir, fn)
            if where is None:
                die("no definition of %s in src/doctor" % fn)
            place = '`%s` (%s)' % (fn, where)
        else:
            files = raised_in(srcdir, fid)
            place = ', '.join(files)
        lines.append('| %s | %s | %s | %s |' % (
            fid, cell(summary), fm_link(source, anchors) if source else '',
            place))
    return lines


def explain_block(entries, anchors):
    lines = ['| entry | title | causes | findings that can show a cause |',
             '|-------|-------|--------|-------------------------------|']
    for e in entries:
        eid, title = e.id, e.title
        ncause, shown = 0, []
        for c in e.causes or []:
            if c.text is None:
                continue
            ncause += 1
            for s in c.shows or []:
                # BY_MESSAGE (explain_table.h): the message's own words
                sid = '(the message itself)' if s.id == 'MESSAGE' else s.id
                if sid and sid not in shown:
                    shown.append(sid)
        name = fm_link(eid, anchors) if re.match(r'F[0-9]+$', eid) else eid
        lines.append('| %s | %s | %d | %s |' % (
            name, cell(title), ncause, ', '.join(shown) or
            '(none checkable here)'))
    return lines


def counts_block(rules, entries):
    fm = {r.source for r in rules if r.source}
    checks = [r.id for r in rules if r.id.startswith('MSG-')]
    return ['%d finding ids in the rule table (%d of them explain\'s own '
            'checks, %s), %d of them citing %d failure modes; %d entries '
            'in explain\'s catalogue.' % (
                len(rules), len(checks), ', '.join(checks), sum(
                    1 for r in rules if r.source), len(fm),
                len(entries))]


def anchors_of(doc):
    fm = os.path.join(os.path.dirname(os.path.abspath(doc)),
                      'failure-modes.md')
    try:
        with open(fm, encoding='utf-8') as fh:
            return set(m.upper() for m in
                       re.findall(r'<a id="([a-z0-9-]+)"></a>', fh.read()))
    except OSError as e:
        die("cannot read %s: %s" % (fm, e))


BLOCK = re.compile(r'(<!-- generated: (\w+) -->\n)(.*?)(<!-- end generated'
                   r' -->)', re.S)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cc', default=os.environ.get('CC') or 'cc')
    ap.add_argument('-I', dest='incs', action='append', default=[],
                    help='also searched for includes (config.h: the build '
                    'directory)')
    ap.add_argument('--srcdir', default='.')
    ap.add_argument('--write', action='store_true')
    ap.add_argument('doc')
    a = ap.parse_args()

    incs = [os.path.join(a.srcdir, 'src')] + a.incs + [a.srcdir]
    rules_c = os.path.join(a.srcdir, 'src', 'doctor', 'findings.c')
    table_c = os.path.join(a.srcdir, 'src', 'doctor', 'explain_table.c')
    rules_text = preprocess(a.cc, incs, rules_c)
    table_text = preprocess(a.cc, incs, table_c)
    rule_names = members(rules_text, 'cds_rule', rules_c)
    rules = []
    # findings.c runs each rules_FAMILY.c's table cds_rules_FAMILY[] in
    # the order of its tables[]; its own explain_ids[] come last
    for t in braces(initialiser(rules_text, 'tables', rules_c)):
        if t.startswith('cds_rules_'):
            path = os.path.join(a.srcdir, 'src', 'doctor',
                                'rules_%s.c' % t[len('cds_rules_'):])
            text = preprocess(a.cc, incs, path)
        else:
            path, text = rules_c, rules_text
        rules += [Row(rule_names, r) for r in
                  braces(initialiser(text, t, path))
                  if isinstance(r, list) and r and r[0] is not None]
    entry_names = members(table_text, 'entry_def', table_c)
    cause_names = members(table_text, 'cause_def', table_c)
    shows_names = members(table_text, 'shows', table_c)
    entries = []
    for e in braces(initialiser(table_text, 'cds_explain_entries', table_c)):
        e = Row(entry_names, e)
        causes = [Row(cause_names, c) for c in e.causes or []]
        for c in causes:
            c.row = list(c.row)
            i = cause_names.index('shows')
            if i < len(c.row):
                c.row[i] = [Row(shows_names, x) for x in c.row[i] or []]
        i = entry_names.index('causes')
        if i < len(e.row):
            e.row[i] = causes
        entries.append(e)
    for r in rules:
        if not isinstance(r.id, str):
            die("%s: a row without an id: %r" % (rules_c, r.row))
    anchors = anchors_of(a.doc)
    missing = sorted({r.source for r in rules if r.source} - anchors)
    if missing:
        die("failure modes the rule table cites without an entry in "
            "doc/failure-modes.md: %s" % ', '.join(missing))

    made = {
        'rules': rules_block(rules, a.srcdir, anchors),
        'explain': explain_block(entries, anchors),
        'counts': counts_block(rules, entries),
    }
    with open(a.doc, encoding='utf-8') as fh:
        doc = fh.read()
    seen = set()

    def fill(m):
        name = m.group(2)
        if name not in made:
            die("%s: unknown generated block %r" % (a.doc, name))
        seen.add(name)
        return m.group(1) + '\n'.join(made[name]) + '\n' + m.group(4)

    out = BLOCK.sub(fill, doc)
    if seen != set(made):
        die("%s lacks the generated block(s): %s" % (
            a.doc, ', '.join(sorted(set(made) - seen))))
    if a.write:
        if out != doc:
            with open(a.doc + '.tmp', 'w', encoding='utf-8') as fh:
                fh.write(out)
            os.rename(a.doc + '.tmp', a.doc)
    else:
        sys.stdout.write(out)


if __name__ == '__main__':
    main()
