#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_verify
short_description: Prove CUDA and cuDNN work on the GPU with cudnn-setup verify
description:
  - Runs C(cudnn-setup verify --json). In a child process with the target's
    environment it loads C(libcuda.so.1), the CUDA runtime and every cuDNN
    sublibrary, reports each GPU, runs a PTX kernel and cuDNN's convolution,
    batch normalisation, ReLU and pooling on small seeded shapes, each
    compared with a CPU reference.
  - Never changes anything (C(changed=false)); runs the same in check mode.
  - Fails when the checks fail or cannot run (no driver, a stub
    C(libcuda.so), no device, ...), unless I(fail_on_error=false); the
    report is returned either way.
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  prefix:
    description:
      - The target (C(--prefix)), a cudnn-setup prefix, a toolkit or any
        directory with C(lib/) or C(lib64/); its library directories are
        searched first.
      - With neither I(prefix) nor I(env), what the environment loads by
        default.
    type: str
  env:
    description:
      - A conda env by name or path (C(--env)), searched like its
        activation would.
    type: str
  fail_on_error:
    description:
      - Fail the task when the checks fail or cannot run.
    type: bool
    default: true
extends_documentation_fragment:
  - cudnn_setup.gpu.cudnn_setup
  - ansible.builtin.action_common_attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
  platform:
    platforms: posix
'''

EXAMPLES = r'''
- name: Verify the installed prefix on the GPU
  cudnn_setup.gpu.cudnn_setup_verify:
    prefix: /opt/nvidia

- name: Verify an env, and record the verdict without failing
  cudnn_setup.gpu.cudnn_setup_verify:
    env: dl310
    fail_on_error: false
  register: verify

- name: Say why it could not run
  ansible.builtin.debug:
    msg: "{{ verify.report.blocked.reason }}: {{ verify.report.blocked.detail }}"
  when: verify.report.blocked
'''

RETURN = r'''
passed:
  description: True when every check ran and passed.
  returned: when the program printed its report
  type: bool
  sample: true
blocked:
  description: Why the checks could not run (C(reason) such as
    C(no-module), C(no-libcuda), C(stub), C(driver-too-old), C(no-device);
    C(code), C(error_name), C(detail)), or null when they ran.
  returned: when the program printed its report
  type: dict
  sample: {"reason": "no-module", "code": null, "error_name": null,
           "detail": "no NVIDIA kernel module is loaded"}
report:
  description: The whole report of C(verify --json) (target, driver,
    runtime, cudnn, libraries, devices, checks).
  returned: when the program printed its report
  type: dict
error:
  description: The program's error, when it could not make a report.
  returned: failure without a report
  type: dict
retryable:
  description: True when the program exited 3.
  returned: failure
  type: bool
stderr:
  description: What the program said on its standard error.
  returned: when the program printed its report
  type: str
msg:
  description: The verdict in words (every check passed, why the checks
    could not run, or which failed).
  returned: always
  type: str
  sample: "cudnn-setup verify: the checks could not run (no-module)"
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.cudnn_setup.gpu.plugins.module_utils.cudnn_setup import (
    CudnnSetup, argument_spec, EXIT_OK, EXIT_PROBLEM)


def main():
    module = AnsibleModule(
        argument_spec=argument_spec(
            prefix=dict(type='str'),
            env=dict(type='str'),
            fail_on_error=dict(type='bool', default=True),
        ),
        mutually_exclusive=[('prefix', 'env')],
        supports_check_mode=True,
    )
    cs = CudnnSetup(module)
    p = module.params
    args = []
    if p['prefix']:
        args += ['--prefix', p['prefix']]
    if p['env']:
        args += ['--env', p['env']]
    rc, doc, err, argv = cs.run('verify', args)
    if rc not in (EXIT_OK, EXIT_PROBLEM) or not isinstance(doc, dict) or \
            'passed' not in doc:
        cs.fail('verify', rc, doc, err, argv)
    result = dict(changed=False, passed=bool(doc['passed']),
                  blocked=doc.get('blocked'), report=doc, stderr=err)
    why = doc.get('blocked') or {}
    if result['passed']:
        text = 'every check passed'
    elif why:
        text = 'the checks could not run (%s)%s' % (
            why.get('reason'),
            ': %s' % why['detail'] if why.get('detail') else '')
    else:
        failed = [c.get('name') for c in doc.get('checks') or []
                  if c.get('result') in ('fail', 'error')]
        text = 'checks failed: %s' % (', '.join(
            str(n) for n in failed) or 'see the report')
    result['msg'] = 'cudnn-setup verify: %s' % text
    if not result['passed'] and p['fail_on_error']:
        module.fail_json(rc=rc, retryable=False, **result)
    module.exit_json(**result)


if __name__ == '__main__':
    main()
