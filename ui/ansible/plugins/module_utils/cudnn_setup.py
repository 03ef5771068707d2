# -*- coding: utf-8 -*-
"""Running cudnn-setup from a module: the command line, its JSON, its errors.

Every module of the collection goes through CudnnSetup: it runs the program
with NO_COLOR=1 and LC_ALL=C, reads only stdout as JSON (progress and
warnings go to stderr and are returned as they are), and turns a failure
into fail_json() with the JSON error as data: its code, the case it names
(reason) with the names involved, the program's sentence (text), and the
message and detail it carries.  Exit
status 3 (the job could not run: the network, the disk, the lock) is marked
retryable so that a playbook can `until: r is not failed or not
r.retryable`.
"""
from __future__ import absolute_import, division, print_function
__metaclass__ = type

import json
import os

# The program's exit statuses (cudnn-setup(1), EXIT STATUS).
EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
EXIT_COULD_NOT_RUN = 3

# Options every module takes: where the program is and what it looks at.
COMMON_ARGS = dict(
    program=dict(type='str', default='cudnn-setup'),
    root=dict(type='path'),
    manifest=dict(type='str'),
)

# Options of the modules that may fetch archives or take the prefix's lock.
FETCH_ARGS = dict(
    mirror=dict(type='list', elements='str', default=[]),
    cache=dict(type='path'),
    offline=dict(type='bool', default=False),
    timeout=dict(type='int'),
    lock_wait=dict(type='str'),
)

# Words of the exit statuses, for failures that printed no JSON error.
_EXIT_WORDS = {
    EXIT_PROBLEM: 'problem',
    EXIT_USAGE: 'usage',
    EXIT_COULD_NOT_RUN: 'could-not-run',
}


def argument_spec(fetch=False, **extra):
    """The common options (and the fetch options), plus EXTRA."""
    spec = dict(COMMON_ARGS)
    if fetch:
        spec.update(FETCH_ARGS)
    spec.update(extra)
    return spec


class CudnnSetup(object):
    """One host's cudnn-setup, as the module's parameters describe it."""

    def __init__(self, module):
        self.module = module
        self.params = module.params
        self.program = self._find_program(self.params['program'])

    def _find_program(self, program):
        if '/' in program:
            if not os.access(program, os.X_OK):
                self.module.fail_json(
                    msg='cudnn-setup is not installed here: %s is not an '
                    'executable file (install it first, or set program)'
                    % program, code='not-installed', retryable=False)
            return program
        path = self.module.get_bin_path(program)
        if path is None:
            self.module.fail_json(
                msg='cudnn-setup is not installed here: %s is not on '
                'PATH (install it first, or set program to its path)'
                % program, code='not-installed', retryable=False)
        return path

    def global_args(self, fetch=False):
        """The global options, before the command word."""
        p = self.params
        args = []
        if p.get('root'):
            args += ['--root', p['root']]
        if p.get('manifest'):
            args += ['--manifest', p['manifest']]
        if fetch:
            for m in p.get('mirror') or []:
                args += ['--mirror', m]
            if p.get('cache'):
                args += ['--cache', p['cache']]
            if p.get('offline'):
                args.append('--offline')
            if p.get('timeout'):
                args += ['--timeout', str(p['timeout'])]
        return args

    def lock_args(self):
        """--lock-wait as the module's lock_wait says (seconds or none)."""
        lw = self.params.get('lock_wait')
        if lw is None or lw == '':
            return []
        lw = str(lw)
        if lw != 'none' and not lw.isdigit():
            self.module.fail_json(
                msg='lock_wait %s: must be a number of seconds, or none'
                % lw, code='usage', retryable=False)
        return ['--lock-wait', lw]

    def run(self, command, args=None, fetch=False):
        """Run COMMAND ARGS... --json.

        Returns (rc, doc, stderr, argv): DOC is stdout's JSON document, or
        None when stdout held none (usage errors are printed as words on
        stderr only)."""
        argv = [self.program] + self.global_args(fetch) + [command] + \
            list(args or []) + ['--json']
        rc, out, err = self.module.run_command(
            argv, check_rc=False,
            environ_update={'NO_COLOR': '1', 'LC_ALL': 'C'})
        doc = None
        if out.strip():
            try:
                doc = json.loads(out)
            except ValueError:
                doc = None
        return rc, doc, err, argv

    @staticmethod
    def error_of(rc, doc, stderr):
        """The error of a failed run: the JSON error when there is one,
        else the program's own words from stderr."""
        err = doc.get('error') if isinstance(doc, dict) else None
        if isinstance(err, dict):
            names = err.get('names')
            return dict(code=err.get('code'), message=err.get('message'),
                        detail=err.get('detail'), reason=err.get('reason'),
                        names=names if isinstance(names, dict) else {},
                        text=err.get('text'), hint=err.get('hint'))
        lines = [l for l in (stderr or '').splitlines() if l.strip()]
        said = [l for l in lines if ': error: ' in l]
        text = (said or lines or ['exit status %d, and nothing said' % rc])
        text = text[-1]
        if ': error: ' in text:
            text = text.split(': error: ', 1)[1]
        return dict(code=_EXIT_WORDS.get(rc, 'unknown'), message=text,
                    detail=None, reason=None, names={}, text=None, hint=None)

    def fail(self, command, rc, doc, stderr, argv, **extra):
        """fail_json() for a run that failed, with its code and message;
        exit status 3 is retryable."""
        error = self.error_of(rc, doc, stderr)
        # the program's own sentence, else its message and detail
        text = error.get('text') or error['message'] or ''
        if not error.get('text') and error.get('detail'):
            text = '%s: %s' % (text, error['detail'])
        result = dict(extra)
        result.update(
            msg='cudnn-setup %s failed (%s): %s'
            % (command, error['code'], text),
            rc=rc, error=error, code=error['code'],
            retryable=rc == EXIT_COULD_NOT_RUN, cmd=argv,
            stderr=stderr)
        self.module.fail_json(**result)

    def host_path(self, path):
        """A path as the target sees it (under root), on this machine."""
        root = self.params.get('root')
        if not root or not path:
            return path
        return os.path.join(root, path.lstrip('/'))

    def installed(self, prefix=None):
        """`list --json`: the prefix and its releases."""
        args = ['--prefix', prefix] if prefix else []
        rc, doc, err, argv = self.run('list', args)
        if rc != EXIT_OK or not isinstance(doc, dict) or 'installed' not in doc:
            self.fail('list', rc, doc, err, argv)
        return doc


def read_text(path, limit=1 << 20):
    """A small text file's contents, '' when it is not there."""
    try:
        with open(path, 'rb') as f:
            data = f.read(limit)
    except (IOError, OSError):
        return ''
    return data.decode('utf-8', 'replace')
