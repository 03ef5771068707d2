/*
 * net.h - libcurl, libarchive and liblzma, loaded on first use.
 *
 * Only the commands that download or unpack need these libraries, and
 * libcurl alone brings some forty more (TLS, Kerberos, LDAP, IDN, HTTP/2,
 * ...): linked into the program they cost every run, `--version` and
 * `doctor` included, milliseconds of mapping and relocating.  So the
 * program does not link them.  A private module, libcds-net.so (netmod.c,
 * installed in $(pkglibdir); found as base/module.h says), links them as
 * any program would, so that the packaging computes their dependencies
 * from it, and holds one thing: a table of the functions the engine calls
 * (CDS_NET_FUNCTIONS).  The first transfer or archive loads it
 * (cds_net_load()); the engine then calls each function through the
 * table:
 *
 *	NET(curl_easy_setopt)(c, CURLOPT_URL, url);
 *
 * A call written without NET() does not link (the program has no libcurl),
 * and the table's types are the libraries' own (__typeof__ of each
 * declaration), so the module and the engine agree on every prototype.
 * Through the table curl_easy_setopt() escapes curl's compile-time check
 * of each option's type (curl/typecheck-gcc.h): write its values with
 * their type (1L, (long)n, (curl_off_t)n), as curl asks.
 *
 * A program that links netmod.c itself (the tests' tools, the fuzz
 * targets) has the table built in and loads nothing.
 */
#ifndef CDS_NET_H
#define CDS_NET_H

#include <archive.h>
#include <archive_entry.h>
#include <curl/curl.h>
#include <lzma.h>

#include "base/module.h"
#include "sys/handle.h"

/* The module's file name, and its one symbol (its table). */
#define CDS_NET_MODULE	"libcds-net.so"
#define CDS_NET_SYMBOL	"cds_net_module"

/* Every library function the engine calls, in the table's order. */
#define CDS_NET_FUNCTIONS(X) \
	X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) \
	X(curl_easy_getinfo) X(curl_easy_perform) X(curl_easy_pause) \
	X(curl_easy_reset) X(curl_easy_cleanup) X(curl_easy_strerror) \
	X(curl_free) X(curl_multi_init) X(curl_multi_add_handle) \
	X(curl_multi_remove_handle) X(curl_multi_perform) \
	X(curl_multi_poll) X(curl_multi_wakeup) X(curl_multi_info_read) \
	X(curl_multi_cleanup) X(curl_url) X(curl_url_set) X(curl_url_get) \
	X(curl_url_cleanup) \
	X(archive_read_new) X(archive_read_support_format_tar) \
	X(archive_read_support_format_zip_streamable) \
	X(archive_read_support_filter_gzip) \
	X(archive_read_support_filter_bzip2) X(archive_read_open) \
	X(archive_read_support_filter_all) X(archive_read_support_format_raw) \
	X(archive_read_open_filename) X(archive_read_data) \
	X(archive_read_next_header) X(archive_read_data_block) \
	X(archive_read_close) X(archive_read_free) X(archive_error_string) \
	X(archive_set_error) X(archive_entry_pathname) \
	X(archive_entry_filetype) X(archive_entry_perm) \
	X(archive_entry_mtime) X(archive_entry_size) \
	X(archive_entry_size_is_set) X(archive_entry_symlink) \
	X(archive_entry_hardlink) \
	X(lzma_stream_header_decode) X(lzma_block_header_decode) \
	X(lzma_block_total_size) X(lzma_filters_free) \
	X(lzma_raw_decoder_memusage) X(lzma_stream_decoder) \
	X(lzma_stream_decoder_mt) X(lzma_code) X(lzma_memusage) X(lzma_end)

struct cds_net {
	struct cds_module_head head;	/* its build and size */
	CDS_NET_FUNCTIONS(CDS_MODULE_MEMBER)
};

/* The table once loaded (NULL before); read by NET() only after
 * cds_net_load() returned 0. */
CDS_HIDDEN extern const struct cds_net *cds_net;

#define NET(f) (cds_net->f)

/*
 * Load the module (once per process) and libcrypto's (base/crypto.h: the
 * transfers hash what they bring), and initialise libcurl (once).
 * Returns 0, or -1 with the handle's error set (CDS_ERR_UNSUPPORTED): the
 * detail names the module, why it could not be loaded (the file is not
 * there, a library it needs is missing...) and what to do.  Thread-safe.
 */
CDS_HIDDEN int cds_net_load(cds_handle_t *h);

#endif /* CDS_NET_H */
