/*
 * clean.c - the prefix's download cache: how much it holds, and `clean`,
 * which empties it under the prefix's lock.
 *
 * An install keeps every archive it fetched in PREFIX/.state/downloads
 * (unless --cache names another directory, which is the user's and never
 * emptied here), so that a second install, a retry or a repair of an env
 * needs no network.  Nothing else removes them.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "txn/lock.h"
#include "read/prefix.h"
#include "base/util.h"

/* Add what lies under PATH (a host path) to C; links are not followed. */
static void
count_tree(const char *path, struct cds_cache_info *c)
{
	struct stat st;
	struct dirent *d;
	DIR *dir;

	if (lstat(path, &st) == -1) {
		return;
	}
	if (S_ISREG(st.st_mode)) {
		size_t n = strlen(path);

		if (n > 5 && strcmp(path + n - 5, ".part") == 0) {
			c->partial++;
			c->partial_bytes += (uint64_t)st.st_size;
		} else {
			c->files++;
			c->bytes += (uint64_t)st.st_size;
		}
		return;
	}
	if (!S_ISDIR(st.st_mode) || (dir = opendir(path)) == NULL) {
		return;
	}
	while ((d = readdir(dir)) != NULL) {
		char *sub;

		if (strcmp(d->d_name, ".") == 0 ||
		    strcmp(d->d_name, "..") == 0) {
			continue;
		}
		sub = cds_path_join(path, d->d_name);
		count_tree(sub, c);
		free(sub);
	}
	closedir(dir);
}

static char *
downloads_dir(const struct cds_layout *l)
{
	return cds_path_join(l->state, "downloads");
}

int
cds_prefix_cache(cds_handle_t *h, struct cds_cache_info *out)
{
	struct cds_layout l;
	char *dir;

	memset(out, 0, sizeof(*out));
	cds_layout_init(h, &l);
	dir = downloads_dir(&l);
	out->dir = cds_path_join(l.tprefix, ".state/downloads");
	count_tree(dir, out);
	free(dir);
	cds_layout_clear(&l);
	return 0;
}

void
cds_cache_info_clear(struct cds_cache_info *c)
{
	if (c != NULL) {
		free(c->dir);
		memset(c, 0, sizeof(*c));
	}
}

int
cds_prefix_clean(cds_handle_t *h, const struct cds_txn_opts *o,
    struct cds_ops *ops, struct cds_cache_info *freed)
{
	static const struct cds_txn_opts defaults = {0};
	struct cds_layout l;
	struct cds_lock lk = { -1 };
	struct dirent *d;
	char *dir;
	DIR *dp = NULL;
	int dry, ret = -1;

	if (o == NULL) {
		o = &defaults;
	}
	dry = (o->flags & CDS_TXN_DRY_RUN) != 0;
	memset(freed, 0, sizeof(*freed));
	cds_layout_init(h, &l);
	dir = downloads_dir(&l);
	freed->dir = cds_path_join(l.tprefix, ".state/downloads");
	/* a prefix never written holds nothing, and gets no .state here */
	if (!cds_is_dir(l.state)) {
		ret = 0;
		goto out;
	}
	/* an install downloading into the cache holds the lock: wait for
	 * it, or refuse, as the caller says */
	cds_ops_add(ops, CDS_OP_LOCK, l.lock, NULL);
	if (!dry && (cds_lock_take(h, &l, o->lock_wait, &lk) == -1 ||
	    cds_recover(h, &l) == -1)) {
		goto out;	/* set by cds_lock_take() or cds_recover() */
	}
	if ((dp = opendir(dir)) == NULL) {
		ret = errno == ENOENT ? 0 : cds_seterr_sys(h, CDS_ERR_IO, dir,
		    errno);
		goto out;
	}
	while ((d = readdir(dp)) != NULL) {
		char *sub;

		if (strcmp(d->d_name, ".") == 0 ||
		    strcmp(d->d_name, "..") == 0) {
			continue;
		}
		sub = cds_path_join(dir, d->d_name);
		if (cds_layout_guard(h, &l, sub) == -1) {
			free(sub);
			goto out;
		}
		count_tree(sub, freed);
		cds_ops_add(ops, CDS_OP_REMOVE, sub, NULL);
		if (!dry && cds_rm_rf(sub) == -1) {
			cds_seterr_sys(h, CDS_ERR_IO, sub, errno);
			free(sub);
			goto out;
		}
		free(sub);
	}
	if (!dry && freed->files + freed->partial > 0) {
		cds_logaction(h, "clean %s: %zu archives, %zu partial, %llu "
		    "bytes freed", freed->dir, freed->files, freed->partial,
		    (unsigned long long)(freed->bytes + freed->partial_bytes));
	}
	ret = 0;
out:
	if (dp != NULL) {
		closedir(dp);
	}
	if (lk.fd != -1) {
		cds_lock_release(&lk);
	}
	free(dir);
	cds_layout_clear(&l);
	return ret;
}
