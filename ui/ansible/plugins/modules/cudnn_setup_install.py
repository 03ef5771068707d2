#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_install
short_description: Install or remove NVIDIA CUDA and cuDNN releases with cudnn-setup
description:
  - With I(state=present), installs the CUDA and cuDNN releases that
    I(cuda), I(cudnn) or I(for) name (or, with none of them, the newest the
    driver can run) from NVIDIA's redistributable archives, checked against
    NVIDIA's digests, into versioned directories of one prefix
    (C(cudnn-setup install --yes --json)).
  - Idempotent. C(plan --json) runs first, and when every release is
    already present (and, with I(system), the system files are as they
    should be) the task is C(changed=false) without taking the lock or
    touching the network.
  - In check mode it runs C(install --dry-run --json) and is C(changed) when
    something would be installed; with C(--diff) the paths it would create
    are the diff.
  - With I(env), the releases go into the shared prefix and the conda env's
    activation is wired to them (C(install --env)); the change is
    journalled like a repair, and M(cudnn_setup.gpu.cudnn_setup_repair)
    with I(state=absent) takes it back.
  - With I(state=absent), removes the installed releases that I(cuda),
    I(cudnn) or I(for) name (C(remove --yes --json)).
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  state:
    description:
      - C(present) installs, C(absent) removes.
    type: str
    choices: [present, absent]
    default: present
  cuda:
    description:
      - A CUDA release or a prefix of one (C(12.4.1), C(12.4), C(12)); the
        newest that matches is taken.  C(none) leaves CUDA out.
      - With I(state=absent), a release name (C(cuda-12.4.1)), a version or a
        prefix of versions; every installed CUDA release that matches is
        removed.
    type: str
  cudnn:
    description:
      - A cuDNN release or a prefix of one (C(9.3.0), C(9)); C(none) leaves
        cuDNN out.  With I(state=absent), as for I(cuda).
    type: str
  for:
    description:
      - A framework and its version (C(torch==2.6.0), C(onnxruntime-gpu),
        C(tensorflow==2.18.0), C(jax)), for the CUDA and cuDNN it was built for,
        from the index's framework table (C(--for)).
    type: str
    aliases: [framework]
  prefix:
    description:
      - The prefix to install into (C(--prefix)); unset, C(/opt/nvidia) as
        root (or under I(root)), else the user's.
    type: str
  env:
    description:
      - A conda env's name or path to wire to the releases (C(--env)).
        Without versions, the env's framework decides.
      - Only with I(state=present); not with I(system).
    type: str
  path_first:
    description:
      - With I(env), keep the caller's C(LD_LIBRARY_PATH) ahead of the
        releases' directories (C(--path-first)).
    type: bool
    default: false
  system:
    description:
      - Also write C(/etc/ld.so.conf.d/cudnn-setup.conf) and
        C(/etc/profile.d/cudnn-setup.sh) for the defaults and run
        C(ldconfig) (C(--system)), also when the releases are present
        already.  Once the two files are there the task is C(ok), as
        C(use) and C(remove) rewrite them when the defaults move.
      - Only with I(state=present); not with I(env).
    type: bool
    default: false
  force:
    description:
      - With I(state=absent), remove a release even when it is the current
        default (C(remove --force)); otherwise the default is kept.
    type: bool
    default: false
extends_documentation_fragment:
  - cudnn_setup.gpu.cudnn_setup
  - cudnn_setup.gpu.cudnn_setup.fetch
  - ansible.builtin.action_common_attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  platform:
    platforms: posix
'''

EXAMPLES = r'''
- name: CUDA 12.4 and the newest cuDNN 9 built for it
  cudnn_setup.gpu.cudnn_setup_install:
    cuda: "12.4"
    cudnn: "9"

- name: What torch 2.6.0 was built for, from a local mirror, retried on a
    network failure
  cudnn_setup.gpu.cudnn_setup_install:
    for: torch==2.6.0
    mirror:
      - https://mirror.example.internal/nvidia/
  register: cuda
  until: cuda is not failed or not cuda.retryable
  retries: 5
  delay: 30

- name: Air-gapped, from archives copied to the host
  cudnn_setup.gpu.cudnn_setup_install:
    cuda: 12.4.1
    cudnn: 9.3.0
    cache: /srv/nvidia-archives
    offline: true

- name: What a conda env's framework needs, wired into its activation
  cudnn_setup.gpu.cudnn_setup_install:
    env: ort

- name: Remove cuDNN 9.3.0 (every CUDA variant of it)
  cudnn_setup.gpu.cudnn_setup_install:
    state: absent
    cudnn: 9.3.0
'''

RETURN = r'''
result:
  description: C(installed), C(present) (nothing to do), C(dry-run),
    C(removed), C(absent) (nothing to remove); with I(env), repair's
    C(changed), C(unchanged) or C(dry-run).
  returned: success
  type: str
  sample: installed
installed:
  description: The releases this run installed.
  returned: success and state is present
  type: list
  elements: str
  sample: ["cuda-12.4.1", "cudnn-9.3.0.75-cuda12"]
present:
  description: The releases that were there already.
  returned: success and state is present
  type: list
  elements: str
  sample: []
removed:
  description: The releases removed (or, in check mode, that would be).
  returned: success and state is absent
  type: list
  elements: str
  sample: ["cudnn-9.3.0.75-cuda12"]
plan:
  description: The plan, as C(plan --json) prints it (prefix, driver,
    framework, releases with their archives, paths, warnings).
  returned: when a plan was made
  type: dict
operations:
  description: What was done, or in check mode what would be, as the
    program's C(operations) (C(op), C(path), C(target)).
  returned: when something ran
  type: list
  elements: dict
findings:
  description: With I(env), doctor's findings on the env before, and
    C(after) them after.
  returned: with env
  type: list
  elements: dict
after:
  description: With I(env), the findings on the activated env after the
    change.
  returned: with env, when something changed
  type: list
  elements: dict
error:
  description: The program's error as data - C(code); C(reason), the
    case it names (C(servers-down), C(not-installed), ...), with C(names),
    the names involved (C(path), C(release), C(known), ...); C(text), the
    program's sentence; C(hint), what to do on its command line;
    C(message) and C(detail).
  returned: failure
  type: dict
  sample: {"code": "network", "reason": "servers-down",
           "names": {"known": "mirror.example.internal",
                     "why": "mirror.example.internal: refused (...)"},
           "text": "network error: no server could be reached: ...",
           "message": "network error",
           "detail": "mirror.example.internal: refused (...)"}
code:
  description: The error's code (C(network), C(locked), C(driver),
    C(not-found), C(checksum), ...).
  returned: failure
  type: str
  sample: network
retryable:
  description: True when the program exited 3 (network, disk, lock, with
    nothing changed), so that running it again later may succeed.
  returned: failure
  type: bool
  sample: true
rc:
  description: The program's exit status.
  returned: failure
  type: int
  sample: 3
stderr:
  description: What the program said on its standard error (progress,
    warnings, the lock it waited for).
  returned: always
  type: str
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.cudnn_setup.gpu.plugins.module_utils.cudnn_setup import (
    CudnnSetup, argument_spec, EXIT_OK, EXIT_PROBLEM)


def version_args(p):
    args = []
    for opt in ('cuda', 'cudnn'):
        if p[opt]:
            args += ['--' + opt, p[opt]]
    if p['for']:
        args += ['--for', p['for']]
    return args


def paths_text(paths):
    return ''.join('%s\n' % x for x in paths)


def install_env(module, cs):
    """install --env: into the shared prefix, wired into the env's
    activation; repair's document."""
    p = module.params
    args = ['--env', p['env']] + version_args(p)
    if p['prefix']:
        args += ['--prefix', p['prefix']]
    if p['path_first']:
        args.append('--path-first')
    args += ['--yes'] + cs.lock_args()
    if module.check_mode:
        args.append('--dry-run')
    rc, doc, err, argv = cs.run('install', args, fetch=True)
    if not isinstance(doc, dict) or doc.get('result') in (None, 'failed') \
            or rc not in (EXIT_OK, EXIT_PROBLEM):
        cs.fail('install', rc, doc, err, argv)
    ops = doc.get('operations') or []
    changed = doc['result'] == 'changed' or (
        doc['result'] == 'dry-run' and len(ops) > 0)
    result = dict(changed=changed, result=doc['result'], env=doc.get('env'),
                  operations=ops, plan=doc.get('install'),
                  findings=doc.get('findings') or [], stderr=err)
    if 'after' in doc:
        result['after'] = doc['after']
    if module._diff:
        result['diff'] = dict(
            before_header='%s (before)' % doc.get('prefix'),
            after_header='%s (after)' % doc.get('prefix'),
            before='',
            after=''.join('%s %s%s\n' % (o.get('op'), o.get('path'),
                                         ' -> %s' % o['target']
                                         if o.get('target') else '')
                          for o in ops))
    if rc == EXIT_PROBLEM:
        left = [f.get('id') for f in doc.get('after') or []
                if f.get('severity') == 'error']
        result['msg'] = ('installed into env %s, but problems are left: %s'
                         % (doc.get('env'), ', '.join(left)))
        result['rc'] = rc
        module.fail_json(**result)
    module.exit_json(**result)


def present(module, cs):
    p = module.params
    base = version_args(p)
    if p['prefix']:
        base += ['--prefix', p['prefix']]
    if p['system']:
        base.append('--system')
    rc, plan, err, argv = cs.run('plan', base, fetch=True)
    if rc != EXIT_OK or not isinstance(plan, dict) or \
            not isinstance(plan.get('releases'), list):
        cs.fail('plan', rc, plan, err, argv)
    have = [r['name'] for r in plan['releases'] if r.get('state') == 'present']
    new = [r['name'] for r in plan['releases'] if r.get('state') != 'present']
    before = paths_text(sorted(r['dir'] for r in plan['releases']
                               if r.get('state') == 'present'))
    # nothing to do: every release present and no path to write (the
    # system files of --system are listed there when they need writing)
    if not new and not plan.get('paths'):
        module.exit_json(changed=False, result='present', plan=plan,
                         installed=[], present=have, stderr=err)
    args = base + ['--yes'] + cs.lock_args()
    if module.check_mode:
        args.append('--dry-run')
    rc, doc, err, argv = cs.run('install', args, fetch=True)
    if rc != EXIT_OK or not isinstance(doc, dict) or \
            doc.get('result') in (None, 'failed'):
        cs.fail('install', rc, doc, err, argv, plan=plan)
    done = doc.get('plan') or plan
    result = dict(result=doc['result'], plan=done,
                  operations=doc.get('operations') or [],
                  installed=doc.get('installed') or [],
                  present=doc.get('present') or [], stderr=err)
    if doc['result'] == 'dry-run':
        result['changed'] = bool(done.get('paths')) or any(
            r.get('state') == 'new' for r in done.get('releases') or [])
    else:
        # another host sharing the prefix may have installed them
        # meanwhile: then only the lock was taken
        result['changed'] = bool(result['installed']) or any(
            o.get('op') != 'lock' for o in result['operations'])
    if module._diff:
        result['diff'] = dict(
            before_header='%s (before)' % done.get('prefix'),
            after_header='%s (after)' % done.get('prefix'),
            before=before,
            after=paths_text(sorted(set(before.splitlines()) |
                                    set(done.get('paths') or []))))
    module.exit_json(**result)


def matches(release, kind, spec):
    """Does an installed release (list --json) answer SPEC of KIND?"""
    if release.get('kind') != kind or not spec or spec == 'none':
        return False
    v = release.get('version') or ''
    return spec in (release.get('name'), v) or v.startswith(spec + '.')


def absent(module, cs):
    p = module.params
    if p['env']:
        module.fail_json(msg='state=absent does not take env: an env\'s '
                         'wiring is taken back by cudnn_setup_repair with '
                         'state=absent; the releases stay, as they are '
                         'shared', code='usage', retryable=False)
    if p['system']:
        module.fail_json(msg='state=absent does not take system: remove '
                         'rewrites the system files, where they are, for '
                         'the defaults left', code='usage', retryable=False)
    if not (p['cuda'] or p['cudnn'] or p['for']):
        module.fail_json(msg='state=absent needs cuda, cudnn or for: which '
                         'releases to remove', code='usage',
                         retryable=False)
    listing = cs.installed(p['prefix'])
    names = set()
    for r in listing['installed']:
        if matches(r, 'cuda', p['cuda']) or matches(r, 'cudnn', p['cudnn']):
            names.add(r['name'])
    if p['for']:
        args = ['--for', p['for']]
        for opt in ('cuda', 'cudnn'):
            if p[opt]:
                args += ['--' + opt, p[opt]]
        if p['prefix']:
            args += ['--prefix', p['prefix']]
        rc, plan, err, argv = cs.run('plan', args, fetch=True)
        if rc != EXIT_OK or not isinstance(plan, dict) or \
                not isinstance(plan.get('releases'), list):
            cs.fail('plan', rc, plan, err, argv)
        names |= set(r['name'] for r in plan['releases']
                     if r.get('state') == 'present')
    names = sorted(names)
    # `remove --dry-run` does not refuse the default as `remove` does:
    # refuse it here in both modes
    defaults = [r['name'] for r in listing['installed']
                if r['name'] in names and r.get('default')]
    if defaults and not p['force']:
        module.fail_json(msg='%s: the current default; force=true removes '
                         'it (and its link), or cudnn_setup_use another '
                         'first' % ', '.join(defaults), code='usage',
                         retryable=False, removed=[])
    result = dict(changed=bool(names), removed=names,
                  result='removed' if names else 'absent', operations=[],
                  stderr='')
    for name in names:
        args = [name, '--yes'] + cs.lock_args()
        if p['prefix']:
            args += ['--prefix', p['prefix']]
        if p['force']:
            args.append('--force')
        if module.check_mode:
            args.append('--dry-run')
        rc, doc, err, argv = cs.run('remove', args, fetch=True)
        result['stderr'] += err
        if rc != EXIT_OK or not isinstance(doc, dict) or 'removed' not in doc:
            cs.fail('remove', rc, doc, err, argv, removed=names)
        result['operations'] += doc.get('operations') or []
    if module._diff:
        result['diff'] = dict(
            before_header='%s (before)' % listing.get('prefix'),
            after_header='%s (after)' % listing.get('prefix'),
            before=paths_text(r['dir'] for r in listing['installed']),
            after=paths_text(r['dir'] for r in listing['installed']
                             if r['name'] not in names))
    module.exit_json(**result)


def main():
    module = AnsibleModule(
        argument_spec=argument_spec(
            fetch=True,
            state=dict(type='str', default='present',
                       choices=['present', 'absent']),
            cuda=dict(type='str'),
            cudnn=dict(type='str'),
            prefix=dict(type='str'),
            env=dict(type='str'),
            path_first=dict(type='bool', default=False),
            system=dict(type='bool', default=False),
            force=dict(type='bool', default=False),
            **{'for': dict(type='str', aliases=['framework'])}
        ),
        mutually_exclusive=[('env', 'system')],
        supports_check_mode=True,
    )
    cs = CudnnSetup(module)
    if module.params['state'] == 'absent':
        absent(module, cs)
    elif module.params['env']:
        install_env(module, cs)
    else:
        present(module, cs)


if __name__ == '__main__':
    main()
