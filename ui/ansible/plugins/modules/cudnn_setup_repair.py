#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_repair
short_description: Mend a conda env's CUDA and cuDNN libraries with cudnn-setup repair
description:
  - With I(state=present), runs C(cudnn-setup repair --yes --json) on one
    env, making the missing soname and C(.so) links in its CUDA and cuDNN
    library directories, copies replaced by links, and C(etc/conda/activate.d) and
    C(deactivate.d) scripts (sh and fish) that put its library directories
    on C(LD_LIBRARY_PATH) and restore it exactly.  Every step is journalled
    in the env's C(etc/cudnn-setup/undo/).
  - C(repair --dry-run) runs first; when it lists no operation the task is
    C(changed=false) and nothing else runs.  In check mode that is all that
    runs, and the task is C(changed) when there are operations.
  - With C(--diff), the diff shows every activation script (and any other
    file the repair writes) before and after, as the program gives its
    text (a C(write) operation's C(content)), and then the links and
    directories it makes; the same in check mode, for what would be
    written.
  - With I(state=absent), takes back the env's last repair (or
    C(install --env)) with C(repair --undo); C(changed=false) when the env
    has no journal to undo.
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  state:
    description:
      - C(present) repairs, C(absent) undoes the last repair.
    type: str
    choices: [present, absent]
    default: present
  env:
    description:
      - The conda env, by name or by path (C(--env)).  With neither I(env)
        nor I(env_prefix), the active env (C(CONDA_PREFIX)).
    type: str
  env_prefix:
    description:
      - Any env or prefix by path (repair's C(--prefix)), a venv included.
    type: str
  path_first:
    description:
      - Keep the caller's C(LD_LIBRARY_PATH) ahead of the env's directories
        (C(--path-first)); the choice is written in the script.
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
- name: Repair the env dl310
  cudnn_setup.gpu.cudnn_setup_repair:
    env: dl310

- name: Repair every listed env, by path
  cudnn_setup.gpu.cudnn_setup_repair:
    env: "{{ item }}"
  loop:
    - /home/user/miniconda3/envs/dl310
    - /home/user/miniconda3/envs/ort

- name: Take the last repair of dl310 back
  cudnn_setup.gpu.cudnn_setup_repair:
    env: dl310
    state: absent
'''

RETURN = r'''
result:
  description: C(changed), C(unchanged), C(dry-run), C(undone) or
    C(nothing-to-undo).
  returned: success
  type: str
  sample: changed
env:
  description: The env, as the program names it.
  returned: state is present
  type: str
  sample: dl310
env_path:
  description: The env's directory, as the host sees it (under I(root)).
  returned: success
  type: str
  sample: /home/user/miniconda3/envs/dl310
operations:
  description: The operations done (or that would be), each C(op)
    (C(mkdir), C(symlink), C(relink), C(write), C(install)), C(path),
    C(target) and the C(finding) it mends.
  returned: state is present
  type: list
  elements: dict
findings:
  description: Doctor's findings on the env before (C(id), C(severity),
    C(title), evidence and fixes).
  returned: state is present
  type: list
  elements: dict
after:
  description: The findings on the activated env after the repair.
  returned: when the repair ran
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
code:
  description: The error's code.
  returned: failure
  type: str
  sample: not-found
retryable:
  description: True when the program exited 3 (the lock, the network).
  returned: failure
  type: bool
stderr:
  description: What the program said on its standard error.
  returned: success
  type: str
'''

import os

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.cudnn_setup.gpu.plugins.module_utils.cudnn_setup import (
    CudnnSetup, argument_spec, read_text, EXIT_OK, EXIT_PROBLEM)


def ops_text(ops):
    return ''.join('%s %s%s\n' % (o.get('op'), o.get('path'),
                                  ' -> %s' % o['target']
                                  if o.get('target') else '')
                   for o in ops)


def target_args(p):
    if p['env']:
        return ['--env', p['env']]
    if p['env_prefix']:
        return ['--prefix', p['env_prefix']]
    return []


def dry_run(module, cs):
    args = target_args(module.params) + ['--dry-run']
    if module.params['path_first']:
        args.append('--path-first')
    rc, doc, err, argv = cs.run('repair', args, fetch=True)
    if rc != EXIT_OK or not isinstance(doc, dict) or \
            doc.get('result') != 'dry-run':
        cs.fail('repair', rc, doc, err, argv)
    return doc, err


def file_diffs(cs, ops, before):
    """One diff per file written (its text as the operation carries it, or
    else as it is now), then one for the other operations."""
    diffs = []
    for o in ops:
        if o.get('op') == 'write':
            after = o.get('content')
            if after is None:
                after = read_text(cs.host_path(o['path']))
            diffs.append(dict(before_header=o['path'],
                              after_header=o['path'],
                              before=before.get(o['path'], ''),
                              after=after))
    other = [o for o in ops if o.get('op') != 'write']
    if other:
        diffs.append(dict(before_header='links and directories (before)',
                          after_header='links and directories (after)',
                          before='', after=ops_text(other)))
    return diffs


def present(module, cs):
    p = module.params
    plan, err = dry_run(module, cs)
    ops = plan.get('operations') or []
    result = dict(env=plan.get('env'), env_path=cs.host_path(plan.get('prefix')),
                  operations=ops, findings=plan.get('findings') or [],
                  stderr=err)
    if not ops:
        module.exit_json(changed=False, result='unchanged', **result)
    before = dict((o['path'], read_text(cs.host_path(o['path'])))
                  for o in ops if o.get('op') == 'write')
    if module.check_mode:
        if module._diff:
            result['diff'] = file_diffs(cs, ops, before)
        module.exit_json(changed=True, result='dry-run', **result)
    args = target_args(p) + ['--yes'] + cs.lock_args()
    if p['path_first']:
        args.append('--path-first')
    rc, doc, err, argv = cs.run('repair', args, fetch=True)
    if rc not in (EXIT_OK, EXIT_PROBLEM) or not isinstance(doc, dict) or \
            doc.get('result') in (None, 'failed'):
        cs.fail('repair', rc, doc, err, argv)
    ops = doc.get('operations') or []
    result.update(operations=ops, findings=doc.get('findings') or [],
                  after=doc.get('after') or [], stderr=err)
    changed = doc['result'] == 'changed'
    if module._diff:
        result['diff'] = file_diffs(cs, ops, before)
    if rc == EXIT_PROBLEM:
        left = [f.get('id') for f in result['after']
                if f.get('severity') == 'error']
        module.fail_json(changed=changed, result=doc['result'], rc=rc,
                         msg='repaired %s, but problems are left: %s'
                         % (doc.get('env'), ', '.join(left)), **result)
    module.exit_json(changed=changed, result=doc['result'], **result)


def absent(module, cs):
    plan, err = dry_run(module, cs)
    env_path = cs.host_path(plan.get('prefix'))
    # doc/repair.md: every step is journalled in etc/cudnn-setup/undo/
    journal = os.path.join(env_path or '', 'etc', 'cudnn-setup', 'undo')
    if not env_path or not os.path.isdir(journal):
        module.exit_json(changed=False, result='nothing-to-undo',
                         env_path=env_path, stderr=err)
    if module.check_mode:
        module.exit_json(changed=True, result='undone', env_path=env_path,
                         stderr=err)
    rc, doc, err, argv = cs.run('repair', target_args(module.params) +
                                ['--undo', '--yes'] + cs.lock_args(),
                                fetch=True)
    if rc != EXIT_OK or not isinstance(doc, dict) or not doc.get('undone'):
        cs.fail('repair --undo', rc, doc, err, argv)
    module.exit_json(changed=True, result='undone', env_path=env_path,
                     stderr=err)


def main():
    module = AnsibleModule(
        argument_spec=argument_spec(
            fetch=True,
            state=dict(type='str', default='present',
                       choices=['present', 'absent']),
            env=dict(type='str'),
            env_prefix=dict(type='str'),
            path_first=dict(type='bool', default=False),
        ),
        mutually_exclusive=[('env', 'env_prefix')],
        supports_check_mode=True,
    )
    cs = CudnnSetup(module)
    if module.params['state'] == 'absent':
        absent(module, cs)
    else:
        present(module, cs)


if __name__ == '__main__':
    main()
