#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type

DOCUMENTATION = r'''
---
module: cudnn_setup_textfile
short_description: Write a node-exporter textfile atomically
description:
  - Writes metrics in Prometheus' text format to a file for node-exporter's
    textfile collector (C(--collector.textfile.directory)).
  - The file is replaced atomically, never seen half-written; the text goes
    to a temporary file in the same directory whose name does not end in
    C(.prom) (the collector reads only C(*.prom)), is flushed to disk, then
    renamed over the old one.
  - C(changed=false) when the file holds that text already.  Check mode and
    diff are supported.
version_added: 0.1.0
author: cudnn-setup developers (!UNKNOWN)
options:
  path:
    description:
      - The file to write; its name should end in C(.prom).  The directory
        must exist.
    type: path
    required: true
  metrics:
    description:
      - The samples to write, in order.  Samples of one metric name share
        one C(HELP) and C(TYPE) line, written before the first.
    type: list
    elements: dict
    required: true
    suboptions:
      name:
        description: The metric's name (C([a-zA-Z_:][a-zA-Z0-9_:]*)).
        type: str
        required: true
      value:
        description: The sample's value, a number.
        type: float
        required: true
      labels:
        description: Label names and values; the values are escaped as the
          format says (backslash, double quote, newline).
        type: dict
        default: {}
      help:
        description: The metric's C(HELP) text.
        type: str
      type:
        description: The metric's C(TYPE).
        type: str
        choices: [gauge, counter, untyped]
        default: gauge
  mode:
    description:
      - The file's permissions, an octal string.
    type: str
    default: '0644'
extends_documentation_fragment:
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
- name: Tell Prometheus whether verify passed, with the versions
  cudnn_setup.gpu.cudnn_setup_textfile:
    path: /var/lib/prometheus/node-exporter/cudnn_setup.prom
    metrics:
      - name: cudnn_setup_verify_ok
        help: 1 when cudnn-setup verify passed on this host
        value: 1
        labels:
          cuda: 12.4.1
          cudnn: 9.3.0.75
'''

RETURN = r'''
path:
  description: The file.
  returned: always
  type: str
  sample: /var/lib/prometheus/node-exporter/cudnn_setup.prom
text:
  description: The text the file holds (or, in check mode, would hold).
  returned: always
  type: str
  sample: |
    # HELP cudnn_setup_verify_ok 1 when cudnn-setup verify passed
    # TYPE cudnn_setup_verify_ok gauge
    cudnn_setup_verify_ok{cuda="12.4.1",cudnn="9.3.0.75"} 1
'''

import os
import re
import tempfile

from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.common.text.converters import to_bytes

_NAME = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*$')
_LABEL = re.compile(r'^[a-zA-Z_][a-zA-Z0-9_]*$')


def escape(value, help_text=False):
    s = '%s' % ('' if value is None else value)
    s = s.replace('\\', '\\\\').replace('\n', '\\n')
    return s if help_text else s.replace('"', '\\"')


def number(v):
    if v == int(v) and abs(v) < 1e15:
        return '%d' % int(v)
    return repr(float(v))


def render(module, metrics):
    lines = []
    seen = set()
    for m in metrics:
        name = m['name']
        if not _NAME.match(name):
            module.fail_json(msg='metric name %r: not a Prometheus metric '
                             'name' % name)
        if name not in seen:
            seen.add(name)
            if m.get('help'):
                lines.append('# HELP %s %s' % (name, escape(m['help'], True)))
            lines.append('# TYPE %s %s' % (name, m.get('type') or 'gauge'))
        labels = m.get('labels') or {}
        for k in labels:
            if not _LABEL.match(k) or k.startswith('__'):
                module.fail_json(msg='label name %r of %s: not a Prometheus '
                                 'label name' % (k, name))
        text = ','.join('%s="%s"' % (k, escape(labels[k]))
                        for k in sorted(labels))
        lines.append('%s%s %s' % (name, '{%s}' % text if text else '',
                                  number(m['value'])))
    return ''.join('%s\n' % line for line in lines)


def main():
    module = AnsibleModule(
        argument_spec=dict(
            path=dict(type='path', required=True),
            metrics=dict(type='list', elements='dict', required=True,
                         options=dict(
                             name=dict(type='str', required=True),
                             value=dict(type='float', required=True),
                             labels=dict(type='dict', default={}),
                             help=dict(type='str'),
                             type=dict(type='str', default='gauge',
                                       choices=['gauge', 'counter',
                                                'untyped']),
                         )),
            mode=dict(type='str', default='0644'),
        ),
        supports_check_mode=True,
    )
    path = module.params['path']
    try:
        mode = int(module.params['mode'], 8)
    except ValueError:
        module.fail_json(msg='mode %s: not an octal number'
                         % module.params['mode'])
    text = render(module, module.params['metrics'])
    old = None
    try:
        with open(path, 'rb') as f:
            old = f.read().decode('utf-8', 'replace')
    except (IOError, OSError):
        old = None
    st_mode = None
    if old is not None:
        st_mode = os.stat(path).st_mode & 0o7777
    changed = old != text or st_mode != mode
    result = dict(changed=changed, path=path, text=text)
    if module._diff:
        result['diff'] = dict(before_header=path, after_header=path,
                              before=old or '', after=text)
    if not changed or module.check_mode:
        module.exit_json(**result)
    d = os.path.dirname(path) or '.'
    if not os.path.isdir(d):
        module.fail_json(msg='%s: no such directory (node-exporter\'s '
                         'textfile directory must exist)' % d, **result)
    fd, tmp = tempfile.mkstemp(dir=d, prefix='.%s.' % os.path.basename(path),
                               suffix='.tmp')
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(to_bytes(text))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.rename(tmp, path)
    except (IOError, OSError) as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        module.fail_json(msg='%s: %s' % (path, e), **result)
    module.exit_json(**result)


if __name__ == '__main__':
    main()
