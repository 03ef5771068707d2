/*
 * netmod.c - libcds-net.so: the table of libcurl's, libarchive's and
 * liblzma's functions that the engine calls (net.h), and nothing else.
 * Built as a module linked against the three libraries, and loaded by
 * net.c on first use; the tests' tools link it into themselves.
 */
#include "config.h"

#include "sys/net.h"

__attribute__((visibility("default")))
const struct cds_net cds_net_module = {
	.head = { PACKAGE_VERSION, sizeof(struct cds_net) },
	CDS_NET_FUNCTIONS(CDS_MODULE_ENTRY)
};
