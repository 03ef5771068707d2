#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_facts
short_description: What CUDA and cuDNN a host has, from cudnn-setup doctor
description:
  - Runs C(cudnn-setup doctor --json) (and C(list --json) for the prefix's
    releases) and returns them as the fact C(cudnn_setup) - the three CUDA
    numbers (what the driver supports, the active toolkit, what each
    framework bundles), the driver, every toolkit and cuDNN copy, the conda
    envs, the releases the prefix holds and the ids of doctor's findings.
  - Never changes anything; runs the same in check mode.
  - Doctor's exit status 1 (an error among the findings) is a fact, not a
    failure of this module.
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  env:
    description:
      - Narrow the scan to this conda env, by name or path (C(--env)).
      - Mutually exclusive with I(env_prefix).
    type: str
  env_prefix:
    description:
      - Narrow the scan to the env or directory at this path (doctor's
        C(--prefix)).
    type: str
  prefix:
    description:
      - The cudnn-setup prefix whose releases to list (C(list --prefix));
        unset, the program's default (C(/opt/nvidia) as root or under
        I(root), else the user's).
    type: str
extends_documentation_fragment:
  - cudnn_setup.gpu.cudnn_setup
  - ansible.builtin.action_common_attributes
  - ansible.builtin.action_common_attributes.facts
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
  facts:
    support: full
  platform:
    platforms: posix
'''

EXAMPLES = r'''
- name: Gather what CUDA and cuDNN the host has
  cudnn_setup.gpu.cudnn_setup_facts:

- name: Show the three CUDA numbers
  ansible.builtin.debug:
    msg: >-
      driver supports {{ ansible_facts.cudnn_setup.cuda.driver_supports }},
      toolkit {{ ansible_facts.cudnn_setup.cuda.active_toolkit }}

- name: Fail when doctor found F1 (a cuDNN loaded from two releases)
  ansible.builtin.assert:
    that: "'F1' not in ansible_facts.cudnn_setup.finding_ids"

- name: Look at one conda env of an image mounted at /mnt/image
  cudnn_setup.gpu.cudnn_setup_facts:
    root: /mnt/image
    env: /home/user/miniconda3/envs/dl310
'''

RETURN = r'''
ansible_facts:
  description: The facts.
  returned: success
  type: complex
  contains:
    cudnn_setup:
      description: What doctor found, in the shapes of C(doctor --json).
      returned: success
      type: complex
      contains:
        schema:
          description: Doctor's schema number.
          type: int
          sample: 1
        root:
          description: C(/), or the root scanned.
          type: str
          sample: /
        cuda:
          description:
            - The three CUDA numbers, as doctor's C(cuda) object
              (C(driver_supports), C(active_toolkit), C(active_toolkit_path),
              C(active_via), C(frameworks)).
          type: dict
          sample: {"driver_supports": "12.4", "active_toolkit": "12.4",
                   "active_toolkit_path": "/usr/local/cuda-12.4",
                   "active_via": "/usr/local/cuda", "frameworks": []}
        driver:
          description: Doctor's C(driver) object (C(state), C(module_version),
            C(libcuda), C(libcuda_version), C(cuda_version), ...).
          type: dict
          sample: {"state": "ok", "module_version": "550.54.15"}
        toolkits:
          description: Every CUDA toolkit found (doctor's C(toolkits)).
          type: list
          elements: dict
        cudnn:
          description: Every cuDNN copy found (doctor's C(cudnn)).
          type: list
          elements: dict
        envs:
          description: The conda envs and their frameworks (doctor's C(envs)).
          type: list
          elements: dict
        findings:
          description: Doctor's findings, most severe first, each with its
            C(id), C(severity) and C(title).
          type: list
          elements: dict
          sample: [{"id": "F4", "severity": "error",
                    "title": "cuDNN 8 needs libcuda.so"}]
        finding_ids:
          description: The ids of the findings, most severe first.
          type: list
          elements: str
          sample: ["F4", "F30"]
        worst:
          description: The most severe finding's severity (C(error),
            C(warning), C(note)), or null when there is none.
          type: str
          sample: warning
        prefix:
          description: The cudnn-setup prefix listed, as the host sees it.
          type: str
          sample: /opt/nvidia
        installed:
          description: The releases the prefix holds (C(list --json)'s
            C(installed)).
          type: list
          elements: dict
          sample: [{"name": "cuda-12.4.1", "kind": "cuda",
                    "version": "12.4.1", "default": true}]
        defaults:
          description: The default release of each kind, by kind, null
            when there is none.
          type: dict
          sample: {"cuda": "cuda-12.4.1", "cudnn": "cudnn-9.3.0.75-cuda12"}
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.cudnn_setup.gpu.plugins.module_utils.cudnn_setup import (
    CudnnSetup, argument_spec, EXIT_OK, EXIT_PROBLEM)

_SEVERITY_RANK = {'error': 0, 'warning': 1, 'note': 2}


def main():
    module = AnsibleModule(
        argument_spec=argument_spec(
            env=dict(type='str'),
            env_prefix=dict(type='str'),
            prefix=dict(type='str'),
        ),
        mutually_exclusive=[('env', 'env_prefix')],
        supports_check_mode=True,
    )
    cs = CudnnSetup(module)
    p = module.params
    args = []
    if p['env']:
        args += ['--env', p['env']]
    if p['env_prefix']:
        args += ['--prefix', p['env_prefix']]
    rc, doc, err, argv = cs.run('doctor', args)
    if rc not in (EXIT_OK, EXIT_PROBLEM) or not isinstance(doc, dict) or \
            'findings' not in doc:
        cs.fail('doctor', rc, doc, err, argv)
    findings = [dict(id=f.get('id'), severity=f.get('severity'),
                     title=f.get('title'))
                for f in doc.get('findings') or []]
    worst = None
    for f in findings:
        if f['severity'] in _SEVERITY_RANK and (
                worst is None or
                _SEVERITY_RANK[f['severity']] < _SEVERITY_RANK[worst]):
            worst = f['severity']
    listing = cs.installed(p['prefix'])
    defaults = dict(cuda=None, cudnn=None)
    for r in listing['installed']:
        if r.get('default') and r.get('kind') in defaults:
            defaults[r['kind']] = r['name']
    facts = dict(
        schema=doc.get('schema'),
        root=doc.get('root'),
        cuda=doc.get('cuda'),
        driver=doc.get('driver'),
        toolkits=doc.get('toolkits') or [],
        cudnn=doc.get('cudnn') or [],
        envs=doc.get('envs') or [],
        findings=findings,
        finding_ids=[f['id'] for f in findings],
        worst=worst,
        prefix=listing.get('prefix'),
        installed=listing['installed'],
        defaults=defaults,
    )
    module.exit_json(changed=False, ansible_facts=dict(cudnn_setup=facts))


if __name__ == '__main__':
    main()
