"""verdicts.py: the expectations of a real-world case, checked as TAP.

    verdicts.py captures FILE          the capture lines collect.sh runs
    verdicts.py runs FILE              the extra program runs it makes
    verdicts.py check FILE DIR         every expectation of FILE against what
                                       collect.sh (or healthy.sh) left in DIR

FILE is an expectations file (tests/realworld/expect/*.ini):

    [capture NAME]          a command run inside the root, as its shell would
    run = SHELL COMMAND     (stdout and stderr kept as the captured text)
    explain = yes           feed the captured text to `explain`

    [run NAME]              the program once more in each view, as NAME
    args = ARGS             (e.g. doctor --json)
    env = VAR=VALUE ...     with these variables besides the root's own

    [expect NAME]
    says = the truth, in words
    check = a Python expression over the names below
    views = both | once | VIEW...    (default both: chroot and root)
    pending = why it fails today            (a TODO line: neither pass nor
    pending-chroot = ... / pending-root = ...  fail; an `ok # TODO` tells it
                                               now holds: make it active)
    show = an expression printed when the check fails

With CDS_VERDICTS_ALL=1 in the environment every pending expectation is
checked as an active one (to see what fails today).

In a view (a directory of DIR: chroot, run inside the root; root, run from
outside with --root; or any other, e.g. healthy.sh's host, pip, conda) a
check sees:

    doctor, plan, repair    the commands' JSON ({} when there was none)
    result(NAME)            the JSON of the [run NAME] command
    rc[CMD], out[CMD], err[CMD]   exit status, stdout and stderr of CMD
                            (doctor, doctor-text, plan, repair, explain-NAME)
    explain(NAME)           the JSON of `explain` of the capture NAME
    captured(NAME), captured_rc(NAME)   a capture's text and exit status
    finding(ID), severity(ID), ids, errors, warnings, evidence(ID)
    toolkit(PATH), framework(NAME), text(X) (X as searchable JSON text)
    ver(S)                  "12.4.1" -> (12, 4, 1) for comparisons
    re, json
A `once` check sees `chroot` and `root` (the same names, as attributes),
agree(FACT) (FACT: driver toolkits cudnn frameworks findings explain plan
repair) and captured().
"""

import configparser
import json
import os
import re
import sys


def ver(s):
    """A version string's leading numbers as a tuple: '535.261.03' ->
    (535, 261, 3); None or no number -> ()."""
    if s is None:
        return ()
    m = re.match(r"\s*v?([0-9]+(?:\.[0-9]+)*)", str(s))
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()


def text(x):
    """Anything as one searchable string (JSON for dicts and lists)."""
    return x if isinstance(x, str) else json.dumps(x, sort_keys=True)


def read(path, default=""):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return default


class Files(dict):
    """CMD -> the content of DIR/CMD.SUFFIX, read on demand."""

    def __init__(self, d, suffix, conv=None):
        super().__init__()
        self.d, self.suffix, self.conv = d, suffix, conv

    def __missing__(self, key):
        v = read(os.path.join(self.d, key + self.suffix), None)
        if self.conv is not None:
            v = self.conv(v)
        self[key] = v
        return v


def to_rc(s):
    try:
        return int(s.strip())
    except (AttributeError, ValueError):
        return None


def to_json(s):
    try:
        return json.loads(s) if s else {}
    except ValueError:
        return {}


class View:
    def __init__(self, name, d, capdir):
        self.view = name
        self.rc = Files(d, ".rc", to_rc)
        self.out = Files(d, ".out", lambda s: s or "")
        self.err = Files(d, ".err", lambda s: s or "")
        self.js = Files(d, ".out", to_json)
        self.capdir = capdir
        self.doctor = self.js["doctor"]
        self.plan = self.js["plan"]
        self.repair = self.js["repair"]
        fs = self.doctor.get("findings") or []
        self.findings = fs
        self.ids = [f.get("id") for f in fs]
        self.errors = [f.get("id") for f in fs if f.get("severity") == "error"]
        self.warnings = [f.get("id") for f in fs
                         if f.get("severity") == "warning"]

    def explain(self, name):
        return self.js["explain-" + name]

    def result(self, name):
        return self.js[name]

    def captured(self, name):
        return read(os.path.join(self.capdir, name + ".txt"))

    def captured_rc(self, name):
        return to_rc(read(os.path.join(self.capdir, name + ".rc"), None))

    def finding(self, fid):
        for f in self.findings:
            if f.get("id") == fid:
                return f
        return None

    def severity(self, fid):
        f = self.finding(fid)
        return f.get("severity") if f else None

    def evidence(self, fid):
        """A finding's title, summary, evidence and fixes as one text."""
        f = self.finding(fid)
        return text(f) if f else ""

    def toolkit(self, path):
        for t in self.doctor.get("toolkits") or []:
            if t.get("path") == path or t.get("realpath") == path:
                return t
        return {}

    def framework(self, name):
        for f in (self.doctor.get("cuda") or {}).get("frameworks") or []:
            if f.get("name") == name:
                return f
        return {}

    def names(self):
        n = {k: getattr(self, k) for k in (
            "view", "rc", "out", "err", "doctor", "plan", "repair", "ids",
            "errors", "warnings", "explain", "captured", "captured_rc",
            "finding", "severity", "evidence", "toolkit", "framework",
            "result")}
        n.update(ver=ver, text=text, re=re, json=json)
        return n

    # the facts two views of one machine must agree on
    def facts(self, what):
        d = self.doctor
        if what == "driver":
            dr = d.get("driver") or {}
            lib = dr.get("libcuda")
            return {"libcuda": os.path.basename(lib) if lib else None,
                    "libcuda_version": dr.get("libcuda_version")}
        if what == "toolkits":
            return sorted((t.get("path"), t.get("version"), t.get("libdir"),
                           t.get("runtime"), t.get("nvcc"))
                          for t in d.get("toolkits") or [])
        if what == "cudnn":
            return sorted((c.get("dir"), c.get("version"), c.get("complete"),
                           c.get("origin")) for c in d.get("cudnn") or [])
        if what == "frameworks":
            return sorted((f.get("name"), f.get("version"), f.get("cuda"),
                           f.get("cudnn"))
                          for f in (d.get("cuda") or {}).get("frameworks")
                          or [])
        if what == "findings":
            return sorted((f.get("id"), f.get("severity"))
                          for f in self.findings)
        if what == "explain":
            r = {}
            for k in explain_names:
                e = self.js[k]
                r[k[8:]] = (e.get("id"), e.get("cause_here"))
            return r
        if what == "plan":
            return (self.rc["plan"], [r.get("name") for r in
                                      self.plan.get("releases") or []])
        if what == "repair":
            r = self.repair
            return (self.rc["repair"], r.get("result"),
                    sorted(text(o) for o in r.get("operations") or []),
                    text(r.get("install")))
        raise KeyError(what)


explain_names = []


class Case:
    def __init__(self, path):
        self.cp = configparser.ConfigParser(interpolation=None,
                                            delimiters=("=",))
        self.cp.optionxform = str
        if not self.cp.read(path):
            raise SystemExit("verdicts: cannot read %s" % path)

    def runs(self):
        for s in self.cp.sections():
            if s.startswith("run "):
                c = self.cp[s]
                yield (s[4:].strip(), " ".join(c.get("env", "").split()),
                       " ".join(c.get("args", "").split()))

    def captures(self):
        for s in self.cp.sections():
            if s.startswith("capture "):
                c = self.cp[s]
                yield (s[8:].strip(), c.getboolean("explain", False),
                       " ".join(c.get("run", "").split("\n")))

    def expectations(self):
        for s in self.cp.sections():
            if s.startswith("expect "):
                yield s[7:].strip(), self.cp[s]


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "captures":
        for name, ex, cmd in Case(sys.argv[2]).captures():
            print("%s\t%d\t%s" % (name, 1 if ex else 0, cmd))
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "runs":
        for name, env, args in Case(sys.argv[2]).runs():
            print("%s\t%s\t%s" % (name, env, args))
        return 0
    if len(sys.argv) != 4 or sys.argv[1] != "check":
        print(__doc__, file=sys.stderr)
        return 2
    case, d = Case(sys.argv[2]), sys.argv[3]
    capdir = os.path.join(d, "capture")
    explain_names.extend("explain-" + n for n, ex, _ in case.captures()
                         if ex)
    views = {v: View(v, os.path.join(d, v), capdir)
             for v in sorted(os.listdir(d))
             if v != "capture" and os.path.isdir(os.path.join(d, v))}
    n = failed = 0
    lines = []
    for name, e in case.expectations():
        which = e.get("views", "both").split()
        if which == ["both"]:
            which = ["chroot", "root"]
        for v in which:
            # a once-check of both views, one of which could not run
            both = v == "once" and re.search(r"\b(agree|chroot|root)\b",
                                             e["check"])
            gone = [w for w in (("chroot", "root") if both else ())
                    if w not in views and os.path.exists(
                        os.path.join(d, w + ".skip"))]
            if gone:
                n += 1
                lines.append("ok %d - %s # SKIP %s" % (n, name, " ".join(
                    read(os.path.join(d, gone[0] + ".skip")).split())))
                continue
            if v == "once":
                ns = {"chroot": views.get("chroot"),
                      "root": views.get("root"),
                      "captured": View("capture", d, capdir).captured,
                      "captured_rc": View("capture", d,
                                          capdir).captured_rc,
                      "ver": ver, "text": text, "re": re, "json": json}

                def agree(what, ns=ns):
                    return (ns["chroot"].facts(what) ==
                            ns["root"].facts(what))
                ns["agree"] = agree
                label = name
            else:
                label = "%s [%s]" % (name, v)
                if v not in views:
                    # a case that could not be set up here: DIR/VIEW.skip
                    # says why
                    n += 1
                    why = " ".join(read(os.path.join(d, v + ".skip"),
                                        "not run").split())
                    lines.append("ok %d - %s # SKIP %s" % (n, label, why))
                    continue
                ns = views[v].names()
            pending = e.get("pending-" + v, e.get("pending"))
            if os.environ.get("CDS_VERDICTS_ALL"):
                pending = None
            try:
                good = bool(eval(e["check"], dict(ns)))
                why = None
            except Exception as x:  # a missing key is a failed check
                good, why = False, "%s: %s" % (type(x).__name__, x)
            n += 1
            says = " ".join(e.get("says", "").split())
            tag = " # TODO %s" % " ".join(pending.split()) if pending \
                else ""
            lines.append("%s %d - %s: %s%s" % ("ok" if good else "not ok",
                                               n, label, says, tag))
            if not good:
                if not pending:
                    failed += 1
                lines.append("# check: %s" % " ".join(e["check"].split()))
                if why:
                    lines.append("# error: %s" % why)
                shown = e.get("show")
                if v == "once" and shown is None and \
                        e["check"].strip().startswith("agree("):
                    what = re.search(r"agree\(\s*['\"](\w+)",
                                     e["check"]).group(1)
                    shown = None
                    for side in ("chroot", "root"):
                        lines.append("# %s: %s" % (side, text(
                            views[side].facts(what)))[:1500])
                if shown:
                    try:
                        val = text(eval(shown, dict(ns)))
                    except Exception as x:
                        val = "(%s: %s)" % (type(x).__name__, x)
                    for ln in val.splitlines()[:30]:
                        lines.append("# got: %s" % ln[:1500])
    print("1..%d" % n)
    print("\n".join(lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
