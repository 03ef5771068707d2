/*
 * fatbin.c - the GPU code of an ELF shared object, read without loading
 * it: its .nv_fatbin section holds fat binaries (header: magic 0xBA55ED50,
 * version, header size, payload size), each a run of entries (kind 1 PTX
 * or 2 ELF cubin, header size, payload size, and the SM version at byte
 * 28 of the entry header).  The layout is what nvcc writes
 * (include/fatbinary_section.h names the section).  The bytes are a
 * library's, so untrusted: every size is checked before it is used.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read/elfread.h"
#include "read/fatbin.h"

/*
 * The .nv_fatbin section, read through a window of the file: every offset
 * and size is checked against the section, and the section against the
 * file, so no crafted size can wrap an offset or send the walk past the
 * end; padding between fat binaries is scanned in memory, not one pread
 * per 8 bytes.
 */
struct fbsec {
	int fd;
	uint64_t off;		/* the section in the file */
	uint64_t size;		/* bytes of it, within the file */
	unsigned char buf[65536];
	uint64_t bpos;		/* section offset of buf[0] */
	size_t blen;
};

/* N (at most 64) bytes at section offset POS; NULL past the end. */
static const unsigned char *
fb_at(struct fbsec *f, uint64_t pos, size_t n)
{
	ssize_t r;
	size_t want;

	if (n > f->size || pos > f->size - n) {
		return NULL;
	}
	if (pos >= f->bpos && pos - f->bpos + n <= f->blen) {
		return f->buf + (pos - f->bpos);
	}
	want = f->size - pos < sizeof(f->buf) ? (size_t)(f->size - pos) :
	    sizeof(f->buf);
	r = pread(f->fd, f->buf, want, (off_t)(f->off + pos));
	if (r < (ssize_t)n) {
		return NULL;
	}
	f->bpos = pos;
	f->blen = (size_t)r;
	return f->buf;
}

/* One fat binary's entries, from section offset Q to END. */
static void
fb_entries(struct fbsec *f, uint64_t q, uint64_t end, struct cds_strv *sass,
    struct cds_strv *ptx)
{
	while (end - q >= 32) {
		const unsigned char *e = fb_at(f, q, 32);
		uint16_t kind;
		uint32_t ehsz, arch;
		uint64_t psz;
		char buf[16];

		if (e == NULL) {
			return;
		}
		memcpy(&kind, e, 2);
		memcpy(&ehsz, e + 4, 4);
		memcpy(&psz, e + 8, 8);
		memcpy(&arch, e + 28, 4);
		if (ehsz < 32 || ehsz > end - q || psz > end - q - ehsz) {
			return;
		}
		snprintf(buf, sizeof(buf), "%u", arch);
		if (kind == 2 && !cds_strv_contains(sass, buf)) {
			cds_strv_push(sass, buf);
		} else if (kind == 1 && !cds_strv_contains(ptx, buf)) {
			cds_strv_push(ptx, buf);
		}
		q += ehsz + psz;
	}
}

int
cds_fatbin_arches(const char *hostpath, struct cds_strv *sass,
    struct cds_strv *ptx)
{
	struct stat st;
	struct fbsec *f = NULL;
	uint64_t fsize, pos;
	int fd, ret = -1;

	if ((fd = cds_open_regular(hostpath, &st)) == -1) {
		return -1;
	}
	fsize = (uint64_t)st.st_size;
	f = cds_xcalloc(1, sizeof(*f));
	f->fd = fd;
	if (cds_elf_section(fd, fsize, ".nv_fatbin", &f->off, &f->size) ==
	    -1) {
		goto out;
	}
	ret = 0;
	for (pos = 0; f->size - pos >= 16;) {
		const unsigned char *fh = fb_at(f, pos, 16);
		uint32_t magic;
		uint16_t hsz;
		uint64_t fsz;

		if (fh == NULL) {
			break;
		}
		memcpy(&magic, fh, 4);
		if (magic != 0xBA55ED50u) {
			pos += 8;	/* padding between fat binaries */
			continue;
		}
		memcpy(&hsz, fh + 6, 2);
		memcpy(&fsz, fh + 8, 8);
		if (hsz < 16 || hsz > f->size - pos ||
		    fsz > f->size - pos - hsz) {
			break;
		}
		fb_entries(f, pos + hsz, pos + hsz + fsz, sass, ptx);
		pos += hsz + fsz;
	}
out:
	free(f);
	close(fd);
	return ret;
}
