#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_use
short_description: Make an installed CUDA or cuDNN release the prefix's default
description:
  - Points the prefix's C(cuda) or C(cudnn) link at an installed release
    (C(cudnn-setup use VERSION --json)), replacing the link atomically; with
    the system files present, C(ldconfig) runs again.
  - Idempotent. C(changed=false) when the release is the default already
    (C(list --json) says so).  In check mode C(use --dry-run) resolves the
    release and nothing is changed; with C(--diff) the default before and
    after is the diff.
  - Releases are removed with M(cudnn_setup.gpu.cudnn_setup_install) and
    I(state=absent).
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  release:
    description:
      - An installed release's name (C(cuda-12.4.1),
        C(cudnn-9.3.0.75-cuda12)), or a version or prefix of exactly one
        (C(12.4), C(9.3.0.75)); an ambiguous one fails, listing the
        candidates.
    type: str
    required: true
    aliases: [version]
  prefix:
    description:
      - The prefix (C(--prefix)); unset, the program's default.
    type: str
  lock_wait:
    description:
      - How long to wait for the prefix's lock (C(--lock-wait)), in seconds,
        or C(none) not to wait; unset, as long as the holder works.
    type: str
extends_documentation_fragment:
  - cudnn_setup.gpu.cudnn_setup
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
- name: Make CUDA 12.4 the default
  cudnn_setup.gpu.cudnn_setup_use:
    release: "12.4"

- name: Make a cuDNN release the default, by name
  cudnn_setup.gpu.cudnn_setup_use:
    release: cudnn-9.3.0.75-cuda12
    prefix: /opt/nvidia
'''

RETURN = r'''
default:
  description: The release that is (or in check mode would be) the default.
  returned: success
  type: str
  sample: cuda-12.4.1
previous:
  description: The default of that kind before, null when there was none.
  returned: success
  type: str
  sample: cuda-12.6.3
operations:
  description: What was done (or would be), as the program's
    C(operations).
  returned: success
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
  description: The error's code (C(not-found), C(usage), C(locked), ...).
  returned: failure
  type: str
retryable:
  description: True when the program exited 3 (the lock).
  returned: failure
  type: bool
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.cudnn_setup.gpu.plugins.module_utils.cudnn_setup import (
    CudnnSetup, argument_spec, EXIT_OK)


def main():
    module = AnsibleModule(
        argument_spec=argument_spec(
            release=dict(type='str', required=True, aliases=['version']),
            prefix=dict(type='str'),
            lock_wait=dict(type='str'),
        ),
        supports_check_mode=True,
    )
    cs = CudnnSetup(module)
    p = module.params
    where = ['--prefix', p['prefix']] if p['prefix'] else []
    # the release's name, resolved by the program itself
    rc, doc, err, argv = cs.run('use', [p['release'], '--dry-run'] + where +
                                cs.lock_args())
    if rc != EXIT_OK or not isinstance(doc, dict) or not doc.get('default'):
        cs.fail('use', rc, doc, err, argv)
    name = doc['default']
    listing = cs.installed(p['prefix'])
    kind = [r.get('kind') for r in listing['installed']
            if r.get('name') == name]
    previous = [r['name'] for r in listing['installed']
                if r.get('default') and kind and r.get('kind') == kind[0]]
    previous = previous[0] if previous else None
    result = dict(default=name, previous=previous,
                  operations=doc.get('operations') or [])
    if previous == name:
        module.exit_json(changed=False, **result)
    if module._diff:
        result['diff'] = dict(before_header='default', after_header='default',
                              before='%s\n' % (previous or ''),
                              after='%s\n' % name)
    if module.check_mode:
        module.exit_json(changed=True, **result)
    rc, doc, err, argv = cs.run('use', [name] + where + cs.lock_args())
    if rc != EXIT_OK or not isinstance(doc, dict) or doc.get('default') != name:
        cs.fail('use', rc, doc, err, argv)
    result['operations'] = doc.get('operations') or []
    module.exit_json(changed=True, **result)


if __name__ == '__main__':
    main()
