/*
 * dnfrepo.h - what the root's rpm repositories offer, as the package
 * tool's own cache of their metadata holds it (dnfrepo.c): the
 * repositories of /etc/yum.repos.d and /etc/zypp/repos.d, and the packages
 * each one's primary.xml lists in the cache of dnf 4, dnf 5, yum or
 * zypper.
 */
#ifndef CDS_DNFREPO_H
#define CDS_DNFREPO_H

#include "read/pkgdb.h"
#include "sys/handle.h"

/* A repository's base URL of NVIDIA's CUDA repository, for one
 * distribution ("https://developer.download.nvidia.com/compute/cuda/repos/
 * rhel9/x86_64", as the cuda-rhel9.repo file NVIDIA publishes gives it and
 * `dnf config-manager --add-repo` installs: NVIDIA/cuda-repo-management#18). */
#define CDS_DNF_NVIDIA_CUDA "developer.download.nvidia.com/compute/cuda/repos/"

/*
 * What NVIDIA's CUDA repositories offer here: the enabled repositories of
 * /etc/yum.repos.d and /etc/zypp/repos.d whose baseurl is NVIDIA's
 * (above), each read from its tool's cache of its primary.xml (gzip, xz,
 * bzip2 or zstd, through libarchive:
 * the program's network module, sys/net.h), the packages named NAME
 * (EXACT), or else NAME then a release's numbers, as
 * cds_apt_nvidia_offers() takes them (NULL: every package).  Each offer's version is
 * "VER-REL" and its list the repository's id with the cache file's name.
 * Returns how many; the array in *OUT (cds_apt_offers_free()).  None when
 * no such repository is configured, no cache of it is kept (never
 * refreshed, or `dnf clean all`) or the module cannot be loaded.  A
 * local repository of NVIDIA's (baseurl file:///var/cuda-repo-... or
 * file:///var/cudnn-local-repo-..., as its local installer sets it) is
 * read from its own repodata/ there, its list "ID, PATH".
 */
CDS_HIDDEN size_t cds_dnf_nvidia_offers(cds_handle_t *h, const char *name,
    int exact, struct cds_apt_offer **out);

#endif /* CDS_DNFREPO_H */
