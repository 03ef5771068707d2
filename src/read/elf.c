/*
 * elf.c - read the dynamic linking information of an ELF file: SONAME,
 * NEEDED, RPATH/RUNPATH, symbol versions needed and defined, dynamic
 * symbols.  ELF32 and ELF64, either byte order, no libelf.
 *
 * The file is hostile until proven otherwise: every offset, size and count
 * read from it is checked against the file's size before use, and loops
 * over linked structures are bounded by counts we cap ourselves.  Reads go
 * through pread() into our own buffers rather than through a mapping, so a
 * file truncated while we read it gives a short read, not SIGBUS.  Only the
 * headers and the dynamic tables are read: a 250 MB library costs a dozen
 * small reads.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read/elfread.h"
#include "sys/handle.h"
#include "base/strmap.h"

/* Caps on what we accept from a file; real libraries are far below. */
#define MAX_TABLE	((uint64_t)64 << 20)	/* one table, bytes */
#define MAX_SYMS	((uint64_t)1 << 22)
#define MAX_VERS	4096			/* verdef/verneed entries */
#define MAX_PHNUM	4096

/* A PT_LOAD segment: where its bytes are in the file. */
struct seg {
	uint64_t offset, vaddr, filesz;
};

/* Where the relocation tables are (DT_RELA, DT_REL, DT_JMPREL). */
struct relocs {
	uint64_t rela, relasz, relacount, rel, relsz, relcount;
	uint64_t jmprel, pltrelsz, pltrel;
	int has_rela, has_rel, has_jmprel;
};

struct cds_elf {
	unsigned refs;		/* its holders: openers, a pass's memo */
	char *path;
	int elfclass;
	int be;
	unsigned machine;
	unsigned type;
	dev_t dev;
	ino_t ino;

	char *strtab;		/* the dynamic string table, NUL-terminated */
	uint64_t strsz;
	char *interp;
	const char *soname;
	const char *rpath;
	const char *runpath;
	char **needed;		/* pointers into strtab; array owned */
	int nodeflib;
	unsigned flags_1;	/* DT_FLAGS_1 */
	int has_dynamic;	/* a PT_DYNAMIC with bytes */
	int has_verdef;
	int has_versym;
	struct seg *loads;	/* the PT_LOAD segments, for the relocations */
	size_t nloads;
	uint64_t nsyms;		/* .dynsym entries */
	struct relocs rel;

	struct cds_elf_verneed *verneed;
	size_t nverneed;
	char **verdefs;		/* pointers into strtab; array owned */
	const char *verdef_base;	/* the VER_FLG_BASE entry's name */

	struct cds_elf_sym *defined;
	uint16_t *defined_ver;	/* each one's .gnu.version entry */
	size_t ndefined;
	struct cds_elf_sym *undefined;
	uint32_t *undefined_idx;	/* each one's .dynsym index */
	size_t nundefined;
	const struct cds_elf_sym **sorted;	/* defined, by name; lazy */
	size_t *reloc_order;	/* imports by first relocation; lazy */
	size_t nreloc_order;
	int reloc_state;	/* 0 not read, 1 read, -1 unreadable */
};

/* Field offsets of the structures we read, per class. */
struct layout {
	unsigned ehsize, phsize, shsize, dynsize, symsize;
	unsigned e_phoff, e_shoff, e_phentsize, e_phnum, e_shentsize, e_shnum;
	unsigned p_offset, p_vaddr, p_filesz;
	unsigned sh_addr, sh_size, sh_info;
	unsigned st_info, st_other, st_shndx, st_value;
};

static const struct layout l32 = {
	52, 32, 40, 8, 16,
	28, 32, 42, 44, 46, 48,
	4, 8, 16,
	12, 20, 28,
	12, 13, 14, 4
};

static const struct layout l64 = {
	64, 56, 64, 16, 24,
	32, 40, 54, 56, 58, 60,
	8, 16, 32,
	16, 32, 44,
	4, 5, 6, 8
};

/* A file being read. */
struct rd {
	int fd;
	uint64_t size;
	int be;
	int c64;
	const struct layout *l;
	const char *path;
	const char *bad;	/* first reason the file is corrupt */
};

/* What a version index in .gnu.version stands for. */
struct vinfo {
	const char *name;
	const char *file;	/* for needed versions */
};

static uint16_t
g16(const struct rd *r, const unsigned char *p)
{
	return r->be ? (uint16_t)(p[0] << 8 | p[1]) :
	    (uint16_t)(p[1] << 8 | p[0]);
}

static uint32_t
g32(const struct rd *r, const unsigned char *p)
{
	if (r->be) {
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	}
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

static uint64_t
g64(const struct rd *r, const unsigned char *p)
{
	uint64_t a = g32(r, p), b = g32(r, p + 4);

	return r->be ? a << 32 | b : b << 32 | a;
}

/* A class-sized word: Elf32_Addr/Off/Word or their 64-bit kin. */
static uint64_t
gw(const struct rd *r, const unsigned char *p)
{
	return r->c64 ? g64(r, p) : g32(r, p);
}

/* Read exactly LEN bytes at OFF, inside the file; 0 or -1. */
static int
rd_at(struct rd *r, uint64_t off, uint64_t len, void *buf)
{
	unsigned char *p = buf;

	if (off > r->size || len > r->size - off) {
		return -1;
	}
	while (len > 0) {
		ssize_t n = pread(r->fd, p, len, (off_t)off);

		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return -1;
		}
		p += n;
		off += (uint64_t)n;
		len -= (uint64_t)n;
	}
	return 0;
}

/* Read LEN bytes at OFF into a new buffer (one NUL byte past the end). */
static unsigned char *
rd_alloc(struct rd *r, uint64_t off, uint64_t len)
{
	unsigned char *buf;

	if (len > MAX_TABLE) {
		return NULL;
	}
	buf = cds_xmalloc((size_t)len + 1);
	if (rd_at(r, off, len, buf) == -1) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

static void
corrupt(struct rd *r, const char *why)
{
	if (r->bad == NULL) {
		r->bad = why;
	}
}

/*
 * Map a virtual address to a file offset through the PT_LOAD segments, as
 * the loader would find it in memory.  *avail gets how many bytes from
 * there belong to the segment's file image.  -1 if no segment holds it.
 */
static int
vaddr_off(const struct seg *loads, size_t nloads, uint64_t vaddr,
    uint64_t *off, uint64_t *avail)
{
	size_t i;

	for (i = 0; i < nloads; i++) {
		const struct seg *s = &loads[i];

		if (vaddr >= s->vaddr && vaddr - s->vaddr < s->filesz) {
			*off = s->offset + (vaddr - s->vaddr);
			*avail = s->filesz - (vaddr - s->vaddr);
			return 0;
		}
	}
	return -1;
}

/* A string of the dynamic string table, or NULL when out of range. */
static const char *
dstr(const struct cds_elf *e, uint64_t off)
{
	if (e->strtab == NULL || off >= e->strsz) {
		return NULL;
	}
	return e->strtab + off;
}

static int
identify(struct rd *r, struct cds_elf *e, unsigned char *eh)
{
	if (r->size < EI_NIDENT || rd_at(r, 0, EI_NIDENT, eh) == -1 ||
	    memcmp(eh, ELFMAG, SELFMAG) != 0) {
		corrupt(r, "not an ELF file");
		return -1;
	}
	if (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64) {
		corrupt(r, "unknown ELF class");
		return -1;
	}
	if (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] != ELFDATA2MSB) {
		corrupt(r, "unknown ELF byte order");
		return -1;
	}
	r->c64 = eh[EI_CLASS] == ELFCLASS64;
	r->be = eh[EI_DATA] == ELFDATA2MSB;
	r->l = r->c64 ? &l64 : &l32;
	e->elfclass = r->c64 ? 64 : 32;
	e->be = r->be;
	if (rd_at(r, 0, r->l->ehsize, eh) == -1) {
		corrupt(r, "truncated ELF header");
		return -1;
	}
	e->type = g16(r, eh + 16);
	e->machine = g16(r, eh + 18);
	return 0;
}

/* Read the program headers; keeps PT_LOADs, finds PT_DYNAMIC/PT_INTERP. */
static int
read_phdrs(struct rd *r, struct cds_elf *e, const unsigned char *eh,
    struct seg **loadsp, size_t *nloadsp, struct seg *dyn, int *has_dyn)
{
	const struct layout *l = r->l;
	uint64_t phoff = gw(r, eh + l->e_phoff);
	unsigned phentsize = g16(r, eh + l->e_phentsize);
	uint64_t phnum = g16(r, eh + l->e_phnum);
	unsigned char *ph;
	struct seg *loads;
	size_t nloads = 0;
	uint64_t i;

	*has_dyn = 0;
	*loadsp = NULL;
	*nloadsp = 0;
	if (phnum == PN_XNUM) {
		/* the real count is in section header 0's sh_info */
		uint64_t shoff = gw(r, eh + l->e_shoff);
		unsigned char sh[64];

		if (shoff == 0 || rd_at(r, shoff, l->shsize, sh) == -1) {
			corrupt(r, "program header count beyond end of file");
			return -1;
		}
		phnum = g32(r, sh + l->sh_info);
	}
	if (phnum == 0 || phoff == 0) {
		return 0;	/* a relocatable object: nothing dynamic */
	}
	if (phentsize < l->phsize || phnum > MAX_PHNUM) {
		corrupt(r, "bad program header table");
		return -1;
	}
	ph = rd_alloc(r, phoff, phnum * phentsize);
	if (ph == NULL) {
		corrupt(r, "program headers beyond end of file");
		return -1;
	}
	loads = cds_xcalloc((size_t)phnum, sizeof(*loads));
	for (i = 0; i < phnum; i++) {
		const unsigned char *p = ph + i * phentsize;
		uint32_t type = g32(r, p);
		struct seg s;

		s.offset = gw(r, p + l->p_offset);
		s.vaddr = gw(r, p + l->p_vaddr);
		s.filesz = gw(r, p + l->p_filesz);
		if (type == PT_LOAD) {
			loads[nloads++] = s;
		} else if (type == PT_DYNAMIC && !*has_dyn) {
			*dyn = s;
			*has_dyn = 1;
		} else if (type == PT_INTERP && e->interp == NULL &&
		    s.filesz > 0 && s.filesz <= 4096) {
			char *in = (char *)rd_alloc(r, s.offset, s.filesz);

			if (in == NULL) {
				corrupt(r, "interpreter beyond end of file");
			} else {
				e->interp = in;
			}
		}
	}
	free(ph);
	*loadsp = loads;
	*nloadsp = nloads;
	return r->bad == NULL ? 0 : -1;
}

/* Values of the dynamic section that we use. */
struct dyninfo {
	uint64_t strtab, strsz, symtab, syment, hash, gnu_hash;
	uint64_t versym, verdef, verdefnum, verneed, verneednum, flags_1;
	uint64_t soname, rpath, runpath;
	struct relocs rel;
	int has_strtab, has_symtab, has_hash, has_gnu_hash, has_versym;
	int has_verdef, has_verneed, has_soname, has_rpath, has_runpath;
	uint64_t *needed;
	size_t nneeded;
};

/* Take a relocation tag of the dynamic section into REL; 0 when TAG is
 * not one. */
static int
dyn_reloc_entry(struct relocs *rel, uint64_t tag, uint64_t val)
{
	switch (tag) {
	case DT_RELA:
		rel->rela = val;
		rel->has_rela = 1;
		break;
	case DT_RELASZ:
		rel->relasz = val;
		break;
	case DT_RELACOUNT:
		rel->relacount = val;
		break;
	case DT_REL:
		rel->rel = val;
		rel->has_rel = 1;
		break;
	case DT_RELSZ:
		rel->relsz = val;
		break;
	case DT_RELCOUNT:
		rel->relcount = val;
		break;
	case DT_JMPREL:
		rel->jmprel = val;
		rel->has_jmprel = 1;
		break;
	case DT_PLTRELSZ:
		rel->pltrelsz = val;
		break;
	case DT_PLTREL:
		rel->pltrel = val;
		break;
	default:
		return 0;
	}
	return 1;
}

/* Take one entry of the dynamic section, TAG and VAL, into DI (the
 * tags not used are passed over). */
static void
dyn_entry(struct dyninfo *di, uint64_t tag, uint64_t val)
{
	if (dyn_reloc_entry(&di->rel, tag, val)) {
		return;
	}
	switch (tag) {
	case DT_NEEDED:
		di->needed[di->nneeded++] = val;
		break;
	case DT_SONAME:
		di->soname = val;
		di->has_soname = 1;
		break;
	case DT_RPATH:
		di->rpath = val;
		di->has_rpath = 1;
		break;
	case DT_RUNPATH:
		di->runpath = val;
		di->has_runpath = 1;
		break;
	case DT_STRTAB:
		di->strtab = val;
		di->has_strtab = 1;
		break;
	case DT_STRSZ:
		di->strsz = val;
		break;
	case DT_SYMTAB:
		di->symtab = val;
		di->has_symtab = 1;
		break;
	case DT_SYMENT:
		di->syment = val;
		break;
	case DT_HASH:
		di->hash = val;
		di->has_hash = 1;
		break;
	case DT_GNU_HASH:
		di->gnu_hash = val;
		di->has_gnu_hash = 1;
		break;
	case DT_VERSYM:
		di->versym = val;
		di->has_versym = 1;
		break;
	case DT_VERDEF:
		di->verdef = val;
		di->has_verdef = 1;
		break;
	case DT_VERDEFNUM:
		di->verdefnum = val;
		break;
	case DT_VERNEED:
		di->verneed = val;
		di->has_verneed = 1;
		break;
	case DT_VERNEEDNUM:
		di->verneednum = val;
		break;
	case DT_FLAGS_1:
		di->flags_1 = val;
		break;
	default:
		break;
	}
}

/* Read the dynamic section (the segment DYN) into DI, up to DT_NULL. */
static int
read_dynamic(struct rd *r, const struct seg *dyn, struct dyninfo *di)
{
	const struct layout *l = r->l;
	unsigned char *d;
	uint64_t n, i;

	if (dyn->filesz > MAX_TABLE || dyn->offset > r->size ||
	    dyn->filesz > r->size - dyn->offset) {
		corrupt(r, "dynamic section beyond end of file (truncated)");
		return -1;
	}
	n = dyn->filesz / l->dynsize;
	d = rd_alloc(r, dyn->offset, n * l->dynsize);
	if (d == NULL) {
		corrupt(r, "cannot read the dynamic section");
		return -1;
	}
	di->needed = cds_xcalloc((size_t)n + 1, sizeof(uint64_t));
	for (i = 0; i < n; i++) {
		const unsigned char *p = d + i * l->dynsize;
		uint64_t tag = gw(r, p);
		uint64_t val = gw(r, p + l->dynsize / 2);

		if (tag == DT_NULL) {
			break;
		}
		dyn_entry(di, tag, val);
	}
	free(d);
	return 0;
}

/* Read a table at a virtual address, LEN bytes, inside one PT_LOAD. */
static unsigned char *
read_vtable(struct rd *r, const struct seg *loads, size_t nloads,
    uint64_t vaddr, uint64_t len, const char *what)
{
	uint64_t off, avail;
	unsigned char *p;

	if (vaddr_off(loads, nloads, vaddr, &off, &avail) == -1 ||
	    len > avail) {
		corrupt(r, what);
		return NULL;
	}
	p = rd_alloc(r, off, len);
	if (p == NULL) {
		corrupt(r, what);
	}
	return p;
}

/*
 * How many entries .dynsym has.  The dynamic section does not say: take it
 * from the section header of the dynamic symbol table when one matches
 * DT_SYMTAB, else from DT_HASH's nchain, else by walking DT_GNU_HASH to the
 * end of its last chain, as readelf does.
 */
static int
count_syms(struct rd *r, const unsigned char *eh, const struct seg *loads,
    size_t nloads, const struct dyninfo *di, uint64_t *nsyms)
{
	const struct layout *l = r->l;
	uint64_t shoff = gw(r, eh + l->e_shoff);
	unsigned shentsize = g16(r, eh + l->e_shentsize);
	uint64_t shnum = g16(r, eh + l->e_shnum);
	unsigned char *p;

	if (shoff != 0 && shentsize >= l->shsize && shnum > 0 &&
	    shnum < 65536 && (p = rd_alloc(r, shoff, shnum * shentsize))) {
		uint64_t i;
		int found = 0;

		for (i = 0; i < shnum; i++) {
			const unsigned char *s = p + i * shentsize;

			if (g32(r, s + 4) == SHT_DYNSYM &&
			    gw(r, s + l->sh_addr) == di->symtab) {
				*nsyms = gw(r, s + l->sh_size) / l->symsize;
				found = 1;
				break;
			}
		}
		free(p);
		if (found) {
			return 0;
		}
	}
	if (di->has_hash) {
		p = read_vtable(r, loads, nloads, di->hash, 8,
		    "hash table beyond end of file");
		if (p == NULL) {
			return -1;
		}
		*nsyms = g32(r, p + 4);
		free(p);
		return 0;
	}
	if (di->has_gnu_hash) {
		uint64_t off, avail, nbuckets, symoffset, bloomsz, i, maxsym;
		uint64_t wsz = r->c64 ? 8 : 4, boff;
		unsigned char hdr[16], w[4];

		if (vaddr_off(loads, nloads, di->gnu_hash, &off, &avail) ==
		    -1 || avail < 16 || rd_at(r, off, 16, hdr) == -1) {
			corrupt(r, "GNU hash table beyond end of file");
			return -1;
		}
		nbuckets = g32(r, hdr);
		symoffset = g32(r, hdr + 4);
		bloomsz = g32(r, hdr + 8);
		boff = 16 + bloomsz * wsz;
		if (boff + nbuckets * 4 > avail || nbuckets * 4 > MAX_TABLE) {
			corrupt(r, "GNU hash table beyond end of file");
			return -1;
		}
		p = rd_alloc(r, off + boff, nbuckets * 4);
		if (p == NULL) {
			corrupt(r, "GNU hash table beyond end of file");
			return -1;
		}
		maxsym = 0;
		for (i = 0; i < nbuckets; i++) {
			uint64_t b = g32(r, p + i * 4);

			if (b > maxsym) {
				maxsym = b;
			}
		}
		free(p);
		if (maxsym < symoffset) {
			*nsyms = symoffset;
			return 0;
		}
		/* follow the last chain to the entry with the low bit set */
		for (i = maxsym; i - maxsym < MAX_SYMS; i++) {
			uint64_t c = boff + nbuckets * 4 +
			    (i - symoffset) * 4;

			if (c + 4 > avail || rd_at(r, off + c, 4, w) == -1) {
				corrupt(r, "GNU hash chain beyond end of file");
				return -1;
			}
			if (g32(r, w) & 1) {
				*nsyms = i + 1;
				return 0;
			}
		}
		corrupt(r, "GNU hash chain does not end");
		return -1;
	}
	*nsyms = 0;
	return 0;
}

/* Index -> name of the versions this object defines (.gnu.version_d). */
static int
read_verdef(struct rd *r, struct cds_elf *e, const struct seg *loads,
    size_t nloads, const struct dyninfo *di, struct vinfo **vi,
    size_t *nvi)
{
	uint64_t off, avail, pos = 0, i;
	char **names = cds_xcalloc(1, sizeof(char *));
	size_t nnames = 0;

	if (vaddr_off(loads, nloads, di->verdef, &off, &avail) == -1) {
		corrupt(r, "version definitions beyond end of file");
		goto fail;
	}
	for (i = 0; i < di->verdefnum && i < MAX_VERS; i++) {
		unsigned char vd[20], va[8];
		unsigned flags, ndx, cnt;
		uint64_t aux, next;
		const char *name;

		if (pos + 20 > avail || rd_at(r, off + pos, 20, vd) == -1) {
			corrupt(r, "version definition beyond end of file");
			goto fail;
		}
		if (g16(r, vd) != VER_DEF_CURRENT) {
			corrupt(r, "unknown version definition revision");
			goto fail;
		}
		flags = g16(r, vd + 2);
		ndx = g16(r, vd + 4) & 0x7fff;
		cnt = g16(r, vd + 6);
		aux = g32(r, vd + 12);
		next = g32(r, vd + 16);
		if (cnt > 0) {
			if (pos + aux + 8 > avail ||
			    rd_at(r, off + pos + aux, 8, va) == -1) {
				corrupt(r, "version name beyond end of file");
				goto fail;
			}
			name = dstr(e, g32(r, va));
			if (name == NULL) {
				corrupt(r, "version name outside the string "
				    "table");
				goto fail;
			}
			if (ndx >= *nvi) {
				*vi = cds_xreallocarray(*vi, ndx + 1,
				    sizeof(**vi));
				memset(*vi + *nvi, 0,
				    (ndx + 1 - *nvi) * sizeof(**vi));
				*nvi = ndx + 1;
			}
			(*vi)[ndx].name = name;
			(*vi)[ndx].file = NULL;
			if (flags & VER_FLG_BASE) {
				e->verdef_base = name;
			} else {
				/* a pointer into strtab, not a copy */
				names = cds_xreallocarray(names, nnames + 2,
				    sizeof(char *));
				names[nnames++] = (char *)name;
				names[nnames] = NULL;
			}
		}
		if (next == 0) {
			break;
		}
		pos += next;
	}
	e->verdefs = names;
	return 0;
fail:
	free(names);
	return -1;
}

/* The versions this object needs (.gnu.version_r), per file. */
static int
read_verneed(struct rd *r, struct cds_elf *e, const struct seg *loads,
    size_t nloads, const struct dyninfo *di, struct vinfo **vi,
    size_t *nvi)
{
	uint64_t off, avail, pos = 0, i, total = 0;

	if (vaddr_off(loads, nloads, di->verneed, &off, &avail) == -1) {
		corrupt(r, "version requirements beyond end of file");
		return -1;
	}
	e->verneed = cds_xcalloc(di->verneednum < MAX_VERS ?
	    (size_t)di->verneednum + 1 : MAX_VERS, sizeof(*e->verneed));
	for (i = 0; i < di->verneednum && i < MAX_VERS; i++) {
		unsigned char vn[16];
		struct cds_elf_verneed *n;
		struct cds_elf_version *vers;
		unsigned cnt, j;
		uint64_t apos, next;

		if (pos + 16 > avail || rd_at(r, off + pos, 16, vn) == -1) {
			corrupt(r, "version requirement beyond end of file");
			return -1;
		}
		if (g16(r, vn) != VER_NEED_CURRENT) {
			corrupt(r, "unknown version requirement revision");
			return -1;
		}
		cnt = g16(r, vn + 2);
		n = &e->verneed[e->nverneed++];
		n->file = dstr(e, g32(r, vn + 4));
		if (n->file == NULL) {
			corrupt(r, "needed file name outside the string "
			    "table");
			return -1;
		}
		vers = cds_xcalloc(cnt + 1, sizeof(*vers));
		n->versions = vers;
		apos = pos + g32(r, vn + 8);
		next = g32(r, vn + 12);
		for (j = 0; j < cnt && total < MAX_VERS * 4; j++, total++) {
			unsigned char a[16];
			unsigned other;
			uint64_t anext;

			if (apos + 16 > avail ||
			    rd_at(r, off + apos, 16, a) == -1) {
				corrupt(r, "version requirement beyond end "
				    "of file");
				return -1;
			}
			vers[n->nversions].name = dstr(e, g32(r, a + 8));
			if (vers[n->nversions].name == NULL) {
				corrupt(r, "version name outside the string "
				    "table");
				return -1;
			}
			vers[n->nversions].weak =
			    (g16(r, a + 4) & VER_FLG_WEAK) != 0;
			other = g16(r, a + 6) & 0x7fff;
			if (other >= *nvi) {
				*vi = cds_xreallocarray(*vi, other + 1,
				    sizeof(**vi));
				memset(*vi + *nvi, 0,
				    (other + 1 - *nvi) * sizeof(**vi));
				*nvi = other + 1;
			}
			(*vi)[other].name = vers[n->nversions].name;
			(*vi)[other].file = n->file;
			n->nversions++;
			anext = g32(r, a + 12);
			if (anext == 0) {
				break;
			}
			apos += anext;
		}
		if (next == 0) {
			break;
		}
		pos += next;
	}
	return 0;
}

static int
sym_allowed_type(int type)
{
	return type == STT_NOTYPE || type == STT_OBJECT || type == STT_FUNC ||
	    type == STT_COMMON || type == STT_TLS || type == STT_GNU_IFUNC;
}

/* Sort the dynamic symbols into what it defines and what it imports. */
static int
read_syms(struct rd *r, struct cds_elf *e, const struct seg *loads,
    size_t nloads, const struct dyninfo *di, uint64_t nsyms,
    const struct vinfo *vi, size_t nvi)
{
	const struct layout *l = r->l;
	unsigned char *syms, *versym = NULL;
	uint64_t i;

	if (nsyms == 0) {
		return 0;
	}
	if (nsyms > MAX_SYMS) {
		corrupt(r, "too many dynamic symbols");
		return -1;
	}
	syms = read_vtable(r, loads, nloads, di->symtab, nsyms * l->symsize,
	    "dynamic symbol table beyond end of file");
	if (syms == NULL) {
		return -1;
	}
	if (di->has_versym) {
		versym = read_vtable(r, loads, nloads, di->versym, nsyms * 2,
		    "symbol version table beyond end of file");
		if (versym == NULL) {
			free(syms);
			return -1;
		}
	}
	e->defined = cds_xcalloc((size_t)nsyms, sizeof(*e->defined));
	e->defined_ver = cds_xcalloc((size_t)nsyms, sizeof(*e->defined_ver));
	e->undefined = cds_xcalloc((size_t)nsyms, sizeof(*e->undefined));
	e->undefined_idx = cds_xcalloc((size_t)nsyms,
	    sizeof(*e->undefined_idx));
	e->nsyms = nsyms;
	for (i = 1; i < nsyms; i++) {
		const unsigned char *s = syms + i * l->symsize;
		const char *name = dstr(e, g32(r, s));
		unsigned info = s[l->st_info], other = s[l->st_other];
		unsigned shndx = g16(r, s + l->st_shndx);
		uint64_t value = gw(r, s + l->st_value);
		int bind = ELF64_ST_BIND(info), type = ELF64_ST_TYPE(info);
		unsigned ver = versym != NULL ? g16(r, versym + i * 2) : 1;
		unsigned ndx = ver & 0x7fff;
		struct cds_elf_sym *out;

		if (name == NULL) {
			corrupt(r, "symbol name outside the string table");
			break;
		}
		if (*name == '\0') {
			continue;
		}
		if (shndx == SHN_UNDEF) {
			if (bind != STB_GLOBAL && bind != STB_WEAK) {
				continue;
			}
			e->undefined_idx[e->nundefined] = (uint32_t)i;
			out = &e->undefined[e->nundefined++];
		} else {
			/* what ld.so's do_lookup_x() would consider */
			if (bind != STB_GLOBAL && bind != STB_WEAK &&
			    bind != STB_GNU_UNIQUE) {
				continue;
			}
			if (ELF64_ST_VISIBILITY(other) == STV_HIDDEN ||
			    ELF64_ST_VISIBILITY(other) == STV_INTERNAL) {
				continue;
			}
			if (value == 0 && shndx != SHN_ABS &&
			    type != STT_TLS) {
				continue;
			}
			if (!sym_allowed_type(type)) {
				continue;
			}
			/* no table: every symbol is "global", index 1 */
			e->defined_ver[e->ndefined] = (uint16_t)ver;
			out = &e->defined[e->ndefined++];
			out->hidden = (ver & 0x8000) != 0;
		}
		out->name = name;
		out->weak = bind == STB_WEAK;
		out->type = type;
		if (ndx >= 2 && ndx < nvi && vi[ndx].name != NULL) {
			out->version = vi[ndx].name;
			out->file = shndx == SHN_UNDEF ? vi[ndx].file : NULL;
		}
	}
	free(syms);
	free(versym);
	return r->bad == NULL ? 0 : -1;
}

/*
 * Only the strings the dynamic section names (NEEDED, SONAME, RPATH,
 * RUNPATH), each read where it lies, into a compact table whose offsets
 * replace DI's: a C++ library's string table holds every symbol name and
 * can be tens of megabytes.
 */
static int
read_dyn_strings(struct rd *r, struct cds_elf *e, const struct seg *loads,
    size_t nloads, struct dyninfo *di)
{
	struct cds_buf b = {0};
	uint64_t base, avail;
	size_t i, n = di->nneeded + 3;
	uint64_t **offs = cds_xcalloc(n, sizeof(*offs));

	if (vaddr_off(loads, nloads, di->strtab, &base, &avail) == -1 ||
	    di->strsz > avail) {
		free(offs);
		corrupt(r, "dynamic string table beyond end of file");
		return -1;
	}
	for (i = 0; i < di->nneeded; i++) {
		offs[i] = &di->needed[i];
	}
	offs[i++] = di->has_soname ? &di->soname : NULL;
	offs[i++] = di->has_rpath ? &di->rpath : NULL;
	offs[i] = di->has_runpath ? &di->runpath : NULL;
	for (i = 0; i < n; i++) {
		unsigned char chunk[256];
		uint64_t at;
		size_t start = b.len;

		if (offs[i] == NULL) {
			continue;
		}
		if (*offs[i] >= di->strsz) {
			free(offs);
			cds_buf_free(&b);
			corrupt(r, "a dynamic string outside the string table");
			return -1;
		}
		for (at = *offs[i];;) {
			uint64_t len = di->strsz - at < sizeof(chunk) ?
			    di->strsz - at : sizeof(chunk);
			unsigned char *nul;

			if (len == 0 || b.len - start > 65536 ||
			    rd_at(r, base + at, len, chunk) == -1) {
				free(offs);
				cds_buf_free(&b);
				corrupt(r, "unterminated dynamic string");
				return -1;
			}
			if ((nul = memchr(chunk, '\0', (size_t)len)) != NULL) {
				cds_buf_add(&b, chunk, (size_t)(nul - chunk) + 1);
				break;
			}
			cds_buf_add(&b, chunk, (size_t)len);
			at += len;
		}
		*offs[i] = start;
	}
	free(offs);
	if (b.s == NULL) {
		cds_buf_add(&b, "", 1);
	}
	e->strsz = b.len;
	e->strtab = cds_buf_steal(&b);
	return 0;
}

static int
parse(struct rd *r, struct cds_elf *e, int dynamic_only)
{
	unsigned char eh[64];
	struct seg *loads = NULL, dyn = {0, 0, 0};
	size_t nloads = 0, nvi = 0, i;
	struct dyninfo di;
	struct vinfo *vi = NULL;
	uint64_t nsyms = 0;
	int has_dyn, ret = -1;

	memset(&di, 0, sizeof(di));
	if (identify(r, e, eh) == -1 ||
	    read_phdrs(r, e, eh, &loads, &nloads, &dyn, &has_dyn) == -1) {
		goto out;
	}
	e->needed = cds_xcalloc(1, sizeof(char *));
	e->verdefs = NULL;
	e->nloads = nloads;
	e->has_dynamic = has_dyn && dyn.filesz > 0 && dyn.vaddr != 0;
	if (!has_dyn) {
		ret = 0;
		goto out;
	}
	if (read_dynamic(r, &dyn, &di) == -1) {
		goto out;
	}
	if (di.has_strtab && dynamic_only) {
		if (read_dyn_strings(r, e, loads, nloads, &di) == -1) {
			goto out;
		}
	} else if (di.has_strtab) {
		unsigned char *st = read_vtable(r, loads, nloads, di.strtab,
		    di.strsz, "dynamic string table beyond end of file");

		if (st == NULL) {
			goto out;
		}
		e->strtab = (char *)st;
		e->strsz = di.strsz;
	} else if (di.nneeded > 0 || di.has_soname) {
		corrupt(r, "no dynamic string table");
		goto out;
	}
	free(e->needed);
	e->needed = cds_xcalloc(di.nneeded + 1, sizeof(char *));
	for (i = 0; i < di.nneeded; i++) {
		const char *s = dstr(e, di.needed[i]);

		if (s == NULL) {
			corrupt(r, "needed name outside the string table");
			goto out;
		}
		e->needed[i] = (char *)s;
	}
	if (di.has_soname && (e->soname = dstr(e, di.soname)) == NULL) {
		corrupt(r, "soname outside the string table");
		goto out;
	}
	if (di.has_rpath && (e->rpath = dstr(e, di.rpath)) == NULL) {
		corrupt(r, "rpath outside the string table");
		goto out;
	}
	if (di.has_runpath && (e->runpath = dstr(e, di.runpath)) == NULL) {
		corrupt(r, "runpath outside the string table");
		goto out;
	}
	e->nodeflib = (di.flags_1 & DF_1_NODEFLIB) != 0;
	e->flags_1 = (unsigned)di.flags_1;
	e->rel = di.rel;
	if (dynamic_only) {
		ret = 0;	/* no versions, no symbols */
		goto out;
	}
	e->has_verdef = di.has_verdef;
	e->has_versym = di.has_versym;
	if (di.has_verdef &&
	    read_verdef(r, e, loads, nloads, &di, &vi, &nvi) == -1) {
		goto out;
	}
	if (di.has_verneed &&
	    read_verneed(r, e, loads, nloads, &di, &vi, &nvi) == -1) {
		goto out;
	}
	if (di.has_symtab) {
		if (di.syment != 0 && di.syment != r->l->symsize) {
			corrupt(r, "unexpected symbol entry size");
			goto out;
		}
		if (count_syms(r, eh, loads, nloads, &di, &nsyms) == -1 ||
		    read_syms(r, e, loads, nloads, &di, nsyms, vi, nvi) == -1) {
			goto out;
		}
	}
	ret = 0;
out:
	free(vi);
	e->loads = loads;
	free(di.needed);
	return ret;
}

static struct cds_elf *
elf_parse_file(cds_handle_t *h, const char *hostpath, int dynamic_only)
{
	struct cds_elf *e;
	struct rd r;
	struct stat st;

	memset(&r, 0, sizeof(r));
	r.path = hostpath;
	r.fd = open(hostpath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (r.fd == -1) {
		cds_seterr(h, errno == ENOENT || errno == ENOTDIR ?
		    CDS_ERR_NOT_FOUND : CDS_ERR_IO, "%s: %s", hostpath,
		    strerror(errno));
		return NULL;
	}
	if (fstat(r.fd, &st) == -1) {
		cds_seterr_sys(h, CDS_ERR_IO, hostpath, errno);
		close(r.fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: not a regular file",
		    hostpath);
		close(r.fd);
		return NULL;
	}
	r.size = (uint64_t)st.st_size;
	e = cds_xcalloc(1, sizeof(*e));
	e->refs = 1;
	e->path = cds_xstrdup(hostpath);
	e->dev = st.st_dev;
	e->ino = st.st_ino;
	if (parse(&r, e, dynamic_only) == -1) {
		cds_seterr(h, CDS_ERR_BAD_INPUT, "%s: %s", hostpath,
		    r.bad != NULL ? r.bad : "cannot read the file");
		close(r.fd);
		cds_elf_free(e);
		return NULL;
	}
	close(r.fd);
	if (e->verdefs == NULL) {
		e->verdefs = cds_xcalloc(1, sizeof(char *));
	}
	return e;
}

static void
memo_free(void *e)
{
	cds_elf_free(e);
}

/*
 * HOSTPATH parsed, once per read-only pass (cds_root_cache_begin): a scan
 * asks for the same library from many rules and for every env that can
 * load it.  A whole parse answers a dynamic-only request too.
 */
static struct cds_elf *
elf_open(cds_handle_t *h, const char *hostpath, int dynamic_only)
{
	struct cds_strmap *memo = cds_root_cache_memo(h, memo_free);
	struct cds_elf *e;
	char *key;

	if (memo == NULL) {
		return elf_parse_file(h, hostpath, dynamic_only);
	}
	key = cds_xasprintf("0%s", hostpath);
	e = cds_strmap_get(memo, key);
	if (e == NULL && dynamic_only) {
		key[0] = '1';
		e = cds_strmap_get(memo, key);
	}
	if (e != NULL) {
		e->refs++;	/* the caller's */
	} else {
		key[0] = dynamic_only ? '1' : '0';
		e = elf_parse_file(h, hostpath, dynamic_only);
		if (e != NULL && cds_strmap_add(memo, key, e)) {
			e->refs++;	/* the memo's */
		}
	}
	free(key);
	return e;
}

struct cds_elf *
cds_elf_open(cds_handle_t *h, const char *hostpath)
{
	return elf_open(h, hostpath, 0);
}

struct cds_elf *
cds_elf_open_dynamic(cds_handle_t *h, const char *hostpath)
{
	return elf_open(h, hostpath, 1);
}

void
cds_elf_free(struct cds_elf *e)
{
	size_t i;

	if (e == NULL || --e->refs > 0) {
		return;
	}
	for (i = 0; i < e->nverneed; i++) {
		free((void *)e->verneed[i].versions);
	}
	free(e->verneed);
	free(e->verdefs);
	free(e->needed);
	free(e->defined);
	free(e->defined_ver);
	free(e->undefined);
	free(e->undefined_idx);
	free(e->sorted);
	free(e->reloc_order);
	free(e->loads);
	free(e->strtab);
	free(e->interp);
	free(e->path);
	free(e);
}

const char *
cds_elf_path(const struct cds_elf *e)
{
	return e->path;
}

int
cds_elf_class(const struct cds_elf *e)
{
	return e->elfclass;
}

int
cds_elf_big_endian(const struct cds_elf *e)
{
	return e->be;
}

unsigned
cds_elf_machine(const struct cds_elf *e)
{
	return e->machine;
}

unsigned
cds_elf_type(const struct cds_elf *e)
{
	return e->type;
}

const char *
cds_elf_machine_name(unsigned machine)
{
	switch (machine) {
	case EM_386:
		return "i386";
	case EM_X86_64:
		return "x86-64";
	case EM_AARCH64:
		return "AArch64";
	case EM_ARM:
		return "ARM";
	case EM_PPC:
		return "PowerPC";
	case EM_PPC64:
		return "PowerPC64";
	case EM_S390:
		return "S/390";
	case EM_RISCV:
		return "RISC-V";
	case EM_MIPS:
		return "MIPS";
	case EM_SPARCV9:
		return "SPARC v9";
	default:
		return "unknown";
	}
}

const char *
cds_elf_soname(const struct cds_elf *e)
{
	return e->soname;
}

const char *
cds_elf_interp(const struct cds_elf *e)
{
	return e->interp;
}

char *const *
cds_elf_needed(const struct cds_elf *e)
{
	return e->needed;
}

const char *
cds_elf_rpath(const struct cds_elf *e)
{
	return e->rpath;
}

const char *
cds_elf_runpath(const struct cds_elf *e)
{
	return e->runpath;
}

int
cds_elf_nodeflib(const struct cds_elf *e)
{
	return e->nodeflib;
}

int
cds_elf_has_verdef(const struct cds_elf *e)
{
	return e->has_verdef;
}

int
cds_elf_has_versym(const struct cds_elf *e)
{
	return e->has_versym;
}

void
cds_elf_file_id(const struct cds_elf *e, dev_t *dev, ino_t *ino)
{
	*dev = e->dev;
	*ino = e->ino;
}

const struct cds_elf_verneed *
cds_elf_verneeds(const struct cds_elf *e, size_t *n)
{
	*n = e->nverneed;
	return e->verneed;
}

const struct cds_elf_verneed *
cds_elf_verneed_find(const struct cds_elf *e, const char *file)
{
	size_t i;

	for (i = 0; i < e->nverneed; i++) {
		if (strcmp(e->verneed[i].file, file) == 0) {
			return &e->verneed[i];
		}
	}
	return NULL;
}

char *const *
cds_elf_verdefs(const struct cds_elf *e)
{
	return e->verdefs;
}

int
cds_elf_defines_version(const struct cds_elf *e, const char *version)
{
	char *const *v;

	/* ld.so's match_symbol() walks every definition, the base too */
	if (e->verdef_base != NULL && strcmp(e->verdef_base, version) == 0) {
		return 1;
	}
	for (v = e->verdefs; *v != NULL; v++) {
		if (strcmp(*v, version) == 0) {
			return 1;
		}
	}
	return 0;
}

const struct cds_elf_sym *
cds_elf_defined(const struct cds_elf *e, size_t *n)
{
	*n = e->ndefined;
	return e->defined;
}

const struct cds_elf_sym *
cds_elf_undefined(const struct cds_elf *e, size_t *n)
{
	*n = e->nundefined;
	return e->undefined;
}

static int
cmp_sym(const void *a, const void *b)
{
	const struct cds_elf_sym *x = *(const struct cds_elf_sym *const *)a;
	const struct cds_elf_sym *y = *(const struct cds_elf_sym *const *)b;

	return strcmp(x->name, y->name);
}

/*
 * The name ld.so's l_versions[NDX] holds for definition S of E, or NULL
 * where that entry is empty (its hash 0): index 0 (local), index 1 of a
 * file that defines no versions, an index no table names.
 */
static const char *
def_version(const struct cds_elf *e, const struct cds_elf_sym *s,
    unsigned ndx)
{
	if (ndx >= 2) {
		return s->version;
	}
	if (ndx == 1 && e->has_verdef) {
		return e->verdef_base;
	}
	return NULL;
}

/* The index of the first definition named SYM in e->sorted, or ndefined. */
static size_t
first_def(const struct cds_elf *e, const char *sym)
{
	struct cds_elf *m = (struct cds_elf *)e;
	size_t lo = 0, hi = e->ndefined, i;

	if (e->sorted == NULL) {
		/* a cache on a const object: the index is invisible */
		m->sorted = cds_xcalloc(e->ndefined, sizeof(*m->sorted));
		for (i = 0; i < e->ndefined; i++) {
			m->sorted[i] = &e->defined[i];
		}
		qsort(m->sorted, e->ndefined, sizeof(*m->sorted), cmp_sym);
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(e->sorted[mid]->name, sym) < 0) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return lo;
}

/*
 * glibc's check_match() (elf/dl-lookup.c), over every definition of SYM
 * in E.  A versioned reference binds to a definition of that version,
 * hidden or not, or to one whose version entry is empty and not hidden
 * (an unversioned symbol of a file that defines no versions).  An
 * unversioned reference binds to a definition at index 0, 1 or 2 (hidden
 * or not), else to the only non-hidden one at a later index.
 */
int
cds_elf_defines(const struct cds_elf *e, const char *sym,
    const char *version)
{
	size_t i, nver = 0;

	if (e->ndefined == 0) {
		return 0;
	}
	for (i = first_def(e, sym);
	    i < e->ndefined && strcmp(e->sorted[i]->name, sym) == 0; i++) {
		const struct cds_elf_sym *s = e->sorted[i];
		unsigned ver = e->defined_ver[s - e->defined];
		unsigned ndx = ver & 0x7fff;
		int hidden = (ver & 0x8000) != 0;
		const char *name = def_version(e, s, ndx);

		if (!e->has_versym) {
			return 1;
		}
		if (version != NULL) {
			if (name != NULL ? strcmp(name, version) == 0 :
			    !hidden) {
				return 1;
			}
		} else if (ndx < 3) {
			return 1;
		} else if (!hidden) {
			nver++;
		}
	}
	return nver == 1;
}

/* Append to ORDER the imports the relocations of one table name, each
 * once (SEEN).  0, or -1 when the table cannot be read. */
static int
reloc_table(struct rd *r, const struct cds_elf *e, uint64_t vaddr,
    uint64_t size, uint64_t skip, int rela, const int32_t *imp,
    unsigned char *seen, size_t **order, size_t *n)
{
	uint64_t ent = r->c64 ? (rela ? 24 : 16) : (rela ? 12 : 8);
	uint64_t off, avail, count, i, done;
	unsigned char buf[24 * 512];

	if (size == 0) {
		return 0;
	}
	if (vaddr_off(e->loads, e->nloads, vaddr, &off, &avail) == -1 ||
	    size > avail) {
		return -1;
	}
	count = size / ent;
	/* ld.so applies the leading relative relocations without a lookup */
	i = skip < count ? skip : count;
	while (i < count) {
		uint64_t k = count - i < 512 ? count - i : 512;

		if (rd_at(r, off + i * ent, k * ent, buf) == -1) {
			return -1;
		}
		for (done = 0; done < k; done++) {
			const unsigned char *p = buf + done * ent;
			uint64_t info = r->c64 ? g64(r, p + 8) : g32(r, p + 4);
			uint64_t sym = r->c64 ? info >> 32 : info >> 8;

			if (sym == 0 || sym >= e->nsyms || imp[sym] < 0 ||
			    seen[imp[sym]]) {
				continue;
			}
			seen[imp[sym]] = 1;
			(*order)[(*n)++] = (size_t)imp[sym];
		}
		i += k;
	}
	return 0;
}

/*
 * The imports of E in the order ld.so first looks them up when it
 * relocates E with RTLD_NOW (elf/dynamic-link.h, do-rel.h): the
 * relocations of DT_RELA (or DT_REL) past the leading relative ones, then
 * those of DT_JMPREL, each symbol at its first relocation.  Imports no
 * relocation names are never looked up, and are not listed.  Reads the
 * tables from the file the first time.  Returns the number of entries
 * (indices into cds_elf_undefined()), or -1 when the tables cannot be
 * read.
 */
ssize_t
cds_elf_reloc_order(const struct cds_elf *e, const size_t **order)
{
	struct cds_elf *m = (struct cds_elf *)e;
	const struct relocs *rl = &e->rel;
	int32_t *imp = NULL;
	unsigned char *seen = NULL;
	struct rd r;
	struct stat st;
	uint64_t main_at, main_sz, main_skip, plt_sz;
	int rela, ok = -1;
	size_t i;

	if (e->reloc_state != 0) {
		*order = e->reloc_order;
		return e->reloc_state == 1 ? (ssize_t)e->nreloc_order : -1;
	}
	m->reloc_state = -1;
	memset(&r, 0, sizeof(r));
	r.fd = open(e->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (r.fd == -1) {
		return -1;
	}
	if (fstat(r.fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		goto out;
	}
	r.size = (uint64_t)st.st_size;
	r.be = e->be;
	r.c64 = e->elfclass == 64;
	r.l = r.c64 ? &l64 : &l32;
	rela = rl->has_rela || (!rl->has_rel && rl->pltrel == DT_RELA);
	main_at = rela ? rl->rela : rl->rel;
	main_sz = rela ? (rl->has_rela ? rl->relasz : 0) :
	    (rl->has_rel ? rl->relsz : 0);
	main_skip = rela ? rl->relacount : rl->relcount;
	plt_sz = rl->has_jmprel ? rl->pltrelsz : 0;
	/* some linkers count the PLT relocations in DT_RELASZ too */
	if (plt_sz > 0 && main_sz >= plt_sz &&
	    main_at + main_sz == rl->jmprel + plt_sz) {
		main_sz -= plt_sz;
	}
	imp = cds_xmalloc((size_t)(e->nsyms + 1) * sizeof(*imp));
	for (i = 0; i <= e->nsyms; i++) {
		imp[i] = -1;
	}
	for (i = 0; i < e->nundefined; i++) {
		imp[e->undefined_idx[i]] = (int32_t)i;
	}
	seen = cds_xcalloc(e->nundefined + 1, 1);
	m->reloc_order = cds_xcalloc(e->nundefined + 1, sizeof(size_t));
	m->nreloc_order = 0;
	if (reloc_table(&r, e, main_at, main_sz, main_skip, rela, imp, seen,
	    &m->reloc_order, &m->nreloc_order) == -1 ||
	    reloc_table(&r, e, rl->jmprel, plt_sz, 0, rl->pltrel != DT_REL,
	    imp, seen, &m->reloc_order, &m->nreloc_order) == -1) {
		goto out;
	}
	m->reloc_state = 1;
	ok = 0;
out:
	close(r.fd);
	free(imp);
	free(seen);
	*order = e->reloc_order;
	return ok == 0 ? (ssize_t)e->nreloc_order : -1;
}

unsigned
cds_elf_flags_1(const struct cds_elf *e)
{
	return e->flags_1;
}

int
cds_elf_has_dynamic(const struct cds_elf *e)
{
	return e->has_dynamic;
}

size_t
cds_elf_nloads(const struct cds_elf *e)
{
	return e->nloads;
}

/*
 * What ldconfig reads of a file (elf/readlib.c, readelflib.c): an ELF
 * shared object (ET_DYN with a dynamic section) and its DT_SONAME.  Only
 * the headers, the dynamic section and one string are read.
 */
int
cds_elf_ident(const char *hostpath, struct cds_elf_ident *id)
{
	struct cds_elf e;
	struct rd r;
	struct stat st;
	unsigned char eh[64];
	struct seg *loads = NULL, dyn = {0, 0, 0};
	size_t nloads = 0;
	struct dyninfo di;
	int has_dyn, ret = -1;

	memset(id, 0, sizeof(*id));
	memset(&e, 0, sizeof(e));
	memset(&r, 0, sizeof(r));
	memset(&di, 0, sizeof(di));
	r.fd = open(hostpath, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (r.fd == -1) {
		return -1;
	}
	if (fstat(r.fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		close(r.fd);
		return -1;
	}
	r.size = (uint64_t)st.st_size;
	r.path = hostpath;
	if (identify(&r, &e, eh) == -1 ||
	    read_phdrs(&r, &e, eh, &loads, &nloads, &dyn, &has_dyn) == -1) {
		goto out;
	}
	id->elfclass = e.elfclass;
	id->be = e.be;
	id->machine = e.machine;
	id->type = e.type;
	id->has_dynamic = has_dyn && dyn.filesz > 0;
	if (has_dyn && read_dynamic(&r, &dyn, &di) == 0 && di.has_soname &&
	    di.has_strtab) {
		uint64_t off, avail;
		char buf[256];
		size_t k;

		if (vaddr_off(loads, nloads, di.strtab + di.soname, &off,
		    &avail) == 0 && di.soname < di.strsz) {
			uint64_t len = avail < sizeof(buf) - 1 ? avail :
			    sizeof(buf) - 1;

			if (len > r.size - off) {
				len = r.size - off;
			}
			if (rd_at(&r, off, len, buf) == 0) {
				buf[len] = '\0';
				k = strnlen(buf, len);
				if (k < len) {
					id->soname = cds_xstrndup(buf, k);
				}
			}
		}
	}
	ret = 0;
out:
	close(r.fd);
	free(loads);
	free(e.interp);
	free(di.needed);
	return ret;
}

/*
 * glibc's LIBC_ABI_MAX (its libc-abis file): the GNU ABI versions its
 * ld.so accepts are below it.  DEFAULT, UNIQUE and ABSOLUTE everywhere;
 * IFUNC too on the machines that list it.
 */
static unsigned
libc_abi_max(unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
	case EM_386:
	case EM_PPC:
	case EM_PPC64:
	case EM_SPARC:
	case EM_SPARCV9:
	case EM_RISCV:
		return 4;
	default:
		return 3;
	}
}

/*
 * ld.so's open_verify(), as far as the header goes: the same checks in the
 * same order, with its own words for what is fatal.  glibc reads the first
 * 832 bytes; the program headers must then be readable too.
 */
enum cds_elf_verdict
cds_elf_check(const char *hostpath, int want_class, int want_be,
    unsigned want_machine, char **why)
{
	unsigned char eh[64];
	struct rd r;
	struct stat st;
	ssize_t n;
	uint64_t phoff, phnum;
	unsigned phentsize, type, version;
	int i;

	*why = NULL;
	memset(&r, 0, sizeof(r));
	r.fd = open(hostpath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (r.fd == -1) {
		if (errno == ENOENT || errno == ENOTDIR) {
			return CDS_ELF_ABSENT;
		}
		if (errno == EACCES) {
			/* ld.so goes on searching past unreadable files */
			return CDS_ELF_ABSENT;
		}
		*why = cds_xasprintf("cannot open shared object file: %s",
		    strerror(errno));
		return CDS_ELF_BAD;
	}
	if (fstat(r.fd, &st) == -1) {
		*why = cds_xasprintf("cannot stat shared object: %s",
		    strerror(errno));
		close(r.fd);
		return CDS_ELF_BAD;
	}
	r.size = (uint64_t)st.st_size;
	do {
		n = pread(r.fd, eh, sizeof(eh), 0);
	} while (n < 0 && errno == EINTR);
	if (n < 0) {
		*why = cds_xasprintf("cannot read file data: %s",
		    strerror(errno));
		close(r.fd);
		return CDS_ELF_BAD;
	}
	if ((size_t)n < (want_class == 64 ? 64u : 52u)) {
		*why = cds_xstrdup("file too short");
		close(r.fd);
		return CDS_ELF_BAD;
	}
	if (memcmp(eh, ELFMAG, SELFMAG) != 0) {
		*why = cds_xstrdup("invalid ELF header");
	} else if (eh[EI_CLASS] != (want_class == 64 ? ELFCLASS64 :
	    ELFCLASS32)) {
		close(r.fd);
		return CDS_ELF_OTHER_CLASS;
	} else if (eh[EI_DATA] != (want_be ? ELFDATA2MSB : ELFDATA2LSB)) {
		*why = cds_xstrdup(want_be ?
		    "ELF file data encoding not big-endian" :
		    "ELF file data encoding not little-endian");
	} else if (eh[EI_VERSION] != EV_CURRENT) {
		*why = cds_xstrdup(
		    "ELF file version ident does not match current one");
	} else if (eh[EI_OSABI] != ELFOSABI_SYSV &&
	    eh[EI_OSABI] != ELFOSABI_GNU) {
		*why = cds_xstrdup("ELF file OS ABI invalid");
	} else if (eh[EI_ABIVERSION] != 0 &&
	    !(eh[EI_OSABI] == ELFOSABI_GNU &&
	    eh[EI_ABIVERSION] < libc_abi_max(want_machine))) {
		*why = cds_xstrdup("ELF file ABI version invalid");
	} else {
		for (i = EI_PAD; i < EI_NIDENT; i++) {
			if (eh[i] != 0) {
				*why = cds_xstrdup(
				    "nonzero padding in e_ident");
				break;
			}
		}
	}
	if (*why != NULL) {
		close(r.fd);
		return CDS_ELF_BAD;
	}
	r.be = want_be;
	r.c64 = want_class == 64;
	r.l = r.c64 ? &l64 : &l32;
	version = g32(&r, eh + 20);
	type = g16(&r, eh + 16);
	if (version != EV_CURRENT) {
		*why = cds_xstrdup("ELF file version does not match current "
		    "one");
	} else if (g16(&r, eh + 18) != want_machine) {
		close(r.fd);
		return CDS_ELF_OTHER_MACHINE;
	} else if (type != ET_DYN && type != ET_EXEC) {
		*why = cds_xstrdup("only ET_DYN and ET_EXEC can be loaded");
	} else {
		phoff = gw(&r, eh + r.l->e_phoff);
		phentsize = g16(&r, eh + r.l->e_phentsize);
		phnum = g16(&r, eh + r.l->e_phnum);
		if (phentsize != r.l->phsize) {
			*why = cds_xstrdup("ELF file's phentsize not the "
			    "expected size");
		} else if (phoff > r.size ||
		    phnum * phentsize > r.size - phoff) {
			*why = cds_xstrdup("cannot read file data");
		}
	}
	close(r.fd);
	return *why != NULL ? CDS_ELF_BAD : CDS_ELF_OK;
}

int
cds_pread_in(int fd, void *buf, size_t n, uint64_t off, uint64_t fsize)
{
	if (n > fsize || off > fsize - n) {
		return -1;
	}
	return pread(fd, buf, n, (off_t)off) == (ssize_t)n ? 0 : -1;
}

int
cds_elf_section(int fd, uint64_t fsize, const char *name, uint64_t *off,
    uint64_t *size)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strsh;
	char *names = NULL;
	size_t i;
	int ret = -1;

	*off = *size = 0;
	if (cds_pread_in(fd, &eh, sizeof(eh), 0, fsize) == -1 ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_shentsize != sizeof(Elf64_Shdr) ||
	    eh.e_shstrndx >= eh.e_shnum || eh.e_shoff > fsize ||
	    (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr) > fsize - eh.e_shoff ||
	    cds_pread_in(fd, &strsh, sizeof(strsh), eh.e_shoff +
	    (uint64_t)eh.e_shstrndx * sizeof(Elf64_Shdr), fsize) == -1 ||
	    strsh.sh_size > (1u << 24)) {
		return -1;
	}
	names = cds_xmalloc(strsh.sh_size + 1);
	if (cds_pread_in(fd, names, strsh.sh_size, strsh.sh_offset, fsize) ==
	    -1) {
		goto out;
	}
	names[strsh.sh_size] = '\0';
	for (i = 0; i < eh.e_shnum; i++) {
		if (cds_pread_in(fd, &sh, sizeof(sh), eh.e_shoff +
		    i * sizeof(Elf64_Shdr), fsize) == -1) {
			goto out;
		}
		if (sh.sh_name < strsh.sh_size &&
		    strcmp(names + sh.sh_name, name) == 0) {
			/* what the file holds of it, never more */
			if (sh.sh_type != SHT_NOBITS && sh.sh_offset <= fsize) {
				*off = sh.sh_offset;
				*size = sh.sh_size < fsize - sh.sh_offset ?
				    sh.sh_size : fsize - sh.sh_offset;
			}
			break;
		}
	}
	ret = 0;
out:
	free(names);
	return ret;
}

/* A cds_elf_check() answer kept for the pass. */
struct check_answer {
	enum cds_elf_verdict v;
	char *why;
};

static void
check_answer_free(void *p)
{
	struct check_answer *a = p;

	free(a->why);
	free(a);
}

enum cds_elf_verdict
cds_elf_check_in(cds_handle_t *h, const char *hostpath, int want_class,
    int want_be, unsigned want_machine, char **why)
{
	struct cds_strmap *memo = cds_root_cache_memo(h, check_answer_free);
	struct check_answer *a;
	char *key;

	if (memo == NULL) {
		return cds_elf_check(hostpath, want_class, want_be,
		    want_machine, why);
	}
	key = cds_xasprintf("%d:%d:%u:%s", want_class, want_be, want_machine,
	    hostpath);
	if ((a = cds_strmap_get(memo, key)) == NULL) {
		a = cds_xcalloc(1, sizeof(*a));
		a->v = cds_elf_check(hostpath, want_class, want_be,
		    want_machine, &a->why);
		cds_strmap_add(memo, key, a);
	}
	free(key);
	*why = cds_strdup0(a->why);
	return a->v;
}

/* A field of SIZE bytes (2, 4, 8) at P, in the file's byte order. */
static uint64_t
extent_get(const unsigned char *p, int size, int be)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < size; i++) {
		v |= (uint64_t)p[be ? size - 1 - i : i] << (8 * i);
	}
	return v;
}

/* END = OFF + N * SIZE, or UINT64_MAX where it overflows. */
static uint64_t
extent_end(uint64_t off, uint64_t n, uint64_t size)
{
	if (size != 0 && n > (UINT64_MAX - off) / size) {
		return UINT64_MAX;
	}
	return off + n * size;
}

int
cds_elf_extent(int fd, uint64_t fsize, uint64_t *need)
{
	unsigned char eh[64], ph[56];
	uint64_t phoff, shoff, end, i;
	unsigned phnum, phent, shnum, shent;
	int is64, be, hsize;

	*need = 0;
	if (cds_pread_in(fd, eh, SELFMAG, 0, fsize) == -1 ||
	    memcmp(eh, ELFMAG, SELFMAG) != 0) {
		return -1;
	}
	if (fsize < EI_NIDENT || cds_pread_in(fd, eh, EI_NIDENT, 0, fsize) ==
	    -1 || (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] !=
	    ELFCLASS64) || (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] !=
	    ELFDATA2MSB)) {
		*need = EI_NIDENT;
		return fsize < EI_NIDENT ? 1 : -1;
	}
	is64 = eh[EI_CLASS] == ELFCLASS64;
	be = eh[EI_DATA] == ELFDATA2MSB;
	hsize = is64 ? 64 : 52;
	*need = (uint64_t)hsize;
	if (fsize < (uint64_t)hsize) {
		return 1;
	}
	if (cds_pread_in(fd, eh, (size_t)hsize, 0, fsize) == -1) {
		return -1;
	}
	phoff = extent_get(eh + (is64 ? 32 : 28), is64 ? 8 : 4, be);
	shoff = extent_get(eh + (is64 ? 40 : 32), is64 ? 8 : 4, be);
	phent = (unsigned)extent_get(eh + (is64 ? 54 : 42), 2, be);
	phnum = (unsigned)extent_get(eh + (is64 ? 56 : 44), 2, be);
	shent = (unsigned)extent_get(eh + (is64 ? 58 : 46), 2, be);
	shnum = (unsigned)extent_get(eh + (is64 ? 60 : 48), 2, be);
	/* the section header table (e_shnum 0 with an e_shoff: the count is
	 * in section 0, which is there at least) */
	if (shoff != 0) {
		end = extent_end(shoff, shnum != 0 ? shnum : 1, shent);
		*need = end > *need ? end : *need;
	}
	if (phoff == 0 || phnum == 0) {
		return *need > fsize;
	}
	end = extent_end(phoff, phnum, phent);
	*need = end > *need ? end : *need;
	if (end > fsize || phent < (unsigned)(is64 ? 56 : 32)) {
		return *need > fsize;
	}
	/* each segment's bytes in the file */
	for (i = 0; i < phnum; i++) {
		uint64_t off, filesz;

		if (cds_pread_in(fd, ph, is64 ? 56 : 32, phoff + i * phent,
		    fsize) == -1) {
			return -1;
		}
		off = extent_get(ph + (is64 ? 8 : 4), is64 ? 8 : 4, be);
		filesz = extent_get(ph + (is64 ? 32 : 16), is64 ? 8 : 4, be);
		if (extent_get(ph, 4, be) == PT_NULL || filesz == 0) {
			continue;
		}
		end = extent_end(off, 1, filesz);
		*need = end > *need ? end : *need;
	}
	return *need > fsize;
}

int
cds_elf_fd_execstack(int fd, uint64_t fsize)
{
	unsigned char eh[64], ph[56];
	uint64_t phoff, i;
	unsigned phnum, phent;
	int is64, be;

	if (fsize < 64 || cds_pread_in(fd, eh, 64, 0, fsize) == -1 ||
	    memcmp(eh, ELFMAG, SELFMAG) != 0 ||
	    (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64) ||
	    (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] != ELFDATA2MSB)) {
		return -1;
	}
	is64 = eh[EI_CLASS] == ELFCLASS64;
	be = eh[EI_DATA] == ELFDATA2MSB;
	phoff = extent_get(eh + (is64 ? 32 : 28), is64 ? 8 : 4, be);
	phent = (unsigned)extent_get(eh + (is64 ? 54 : 42), 2, be);
	phnum = (unsigned)extent_get(eh + (is64 ? 56 : 44), 2, be);
	if (phoff == 0 || phent < (unsigned)(is64 ? 56 : 32)) {
		return -1;
	}
	for (i = 0; i < phnum; i++) {
		if (cds_pread_in(fd, ph, is64 ? 56 : 32, phoff + i * phent,
		    fsize) == -1) {
			return -1;
		}
		if (extent_get(ph, 4, be) == PT_GNU_STACK) {
			return (extent_get(ph + (is64 ? 4 : 24), 4, be) &
			    PF_X) != 0;
		}
	}
	return -1;
}
