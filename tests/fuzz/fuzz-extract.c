/*
 * fuzz-extract.c - the data path's unpacker (src/fetch/extract.c, libarchive
 * reading, our own writer) over hostile archives: the input is an archive
 * (tar, tar.gz, zip or tar.xz, by the first byte) in an offline cache,
 * with its true digest and size, unpacked into a scratch destination; a
 * tar.xz goes through the xz stage first (src/fetch/xz.c: liblzma, its threaded
 * decoder when the blocks carry their sizes).  Properties:
 * no memory error; nothing is written outside the destination (a sibling
 * directory stays as it was); no link in the destination leaves it; no
 * device, FIFO or socket is made.
 */
#include "config.h"

#include "fetch/fetch.h"
#include "fuzz.h"

/* Check every entry under DIR (DEPTH levels below the destination). */
static void
check_tree(const char *dir, int depth)
{
	char **names = cds_listdir(dir);
	size_t i;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		char *p = cds_path_join(dir, names[i]);
		struct stat st;

		if (lstat(p, &st) == 0) {
			if (S_ISLNK(st.st_mode)) {
				char *t = cds_readlink(p), **c;
				int up = 0;
				size_t k;

				if (t == NULL || t[0] == '/') {
					fz_fail("an absolute link", p);
				}
				c = cds_strsplit(t, "/", 0);
				for (k = 0; c[k] != NULL; k++) {
					up += strcmp(c[k], "..") == 0;
				}
				cds_strfreev(c);
				if (up > depth) {
					fz_fail("a link out of the tree", p);
				}
				free(t);
			} else if (S_ISDIR(st.st_mode)) {
				check_tree(p, depth + 1);
			} else if (!S_ISREG(st.st_mode)) {
				fz_fail("a special file", p);
			}
		}
		free(p);
	}
	cds_strfreev(names);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const ext[] = { "tar", "tar.gz", "zip", "tar.xz" };
	static cds_handle_t *h;
	static char *top, *cache, *dest, *sibling;
	struct cds_archive a = {0};
	struct cds_fetch f = {0};
	char before[65], after[65], sha[65], *rel, *path;
	int err;

	if (size < 1) {
		return 0;
	}
	if (h == NULL) {
		top = cds_path_join(fz_dir(), "x");
		cache = cds_path_join(top, "cache");
		dest = cds_path_join(top, "dest");
		sibling = cds_path_join(top, "sibling");
		fz_write_in(sibling, "keep", "keep");
		h = cds_new(NULL, &err);
		cds_set_offline(h, 1);
	}
	rel = cds_xasprintf("c/c-linux-x86_64-1.0-archive.%s",
	    ext[data[0] % 4]);
	cds_rm_rf(cache);
	cds_rm_rf(dest);
	cds_mkdir_p(dest, 0755);
	path = cds_path_join(cache, rel);
	fz_write(path, data + 1, size - 1);
	cds_sha256_buf(data + 1, size - 1, sha);
	fz_digest(sibling, before);
	a.component = (char *)"c";
	a.relative_path = rel;
	a.sha256 = sha;
	a.size = size - 1;
	f.archive = &a;
	f.cache_dir = cache;
	f.user_cache = 1;
	f.dest_dir = dest;
	cds_fetch_extract(h, &f);
	fz_digest(sibling, after);
	if (strcmp(before, after) != 0) {
		fz_fail("a file outside the destination changed", sibling);
	}
	check_tree(dest, 0);
	free(path);
	free(rel);
	return 0;
}
