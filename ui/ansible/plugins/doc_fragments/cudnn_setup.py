# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function
__metaclass__ = type


class ModuleDocFragment(object):

    # Options every module of the collection takes.
    DOCUMENTATION = r'''
options:
  program:
    description:
      - The cudnn-setup program to run, a name looked up on C(PATH) or a path.
      - It is run with C(NO_COLOR=1) and C(LC_ALL=C); only its standard
        output is read, as one JSON document (C(--json)).
    type: str
    default: cudnn-setup
  root:
    description:
      - Treat this directory as C(/) for everything read and written
        (C(--root)); for images and chroots.
    type: path
  manifest:
    description:
      - The index of releases to use instead of the shipped one
        (C(--manifest)), a path or an https URL; one of NVIDIA's own
        redistrib files is trusted through TLS alone.
    type: str
notes:
  - Exit status 3 of cudnn-setup (the job could not run for the network,
    the disk or the prefix's lock, with nothing changed) fails the task with
    C(retryable=true), so that a task can repeat with
    C(until) with C(result is not failed or not result.retryable).
  - A failure returns the error of the program's JSON document as C(error)
    (C(code), C(message), C(detail)) and C(code); see cudnn-setup's
    doc/json.md for the codes.
requirements:
  - cudnn-setup on the managed host (the role C(cudnn_setup.gpu.cudnn_setup)
    installs it).
'''

    # Options of the modules that may fetch archives or take the lock.
    FETCH = r'''
options:
  mirror:
    description:
      - Base URLs to fetch NVIDIA's archives from first (C(--mirror), in
        this order), before the manifest's own.
    type: list
    elements: str
    default: []
  cache:
    description:
      - A directory laid out like NVIDIA's relative paths, read before the
        network and filled by downloads (C(--cache)).
    type: path
  offline:
    description:
      - Use only I(cache), never the network (C(--offline)).
    type: bool
    default: false
  timeout:
    description:
      - Give up on a connection silent for this many seconds (C(--timeout),
        1 to 3600); it is retried, then the next mirror is tried.
    type: int
  lock_wait:
    description:
      - How long to wait for the prefix's lock while another cudnn-setup
        holds it (C(--lock-wait)), in seconds, or C(none) not to wait.
      - Unset, the wait lasts as long as the holder works.  A lock not
        taken in time fails with exit status 3 (retryable).
    type: str
'''
