/*
 * strmap.c - open addressing with linear probing, FNV-1a, kept at most
 * half full.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"

struct slot {
	const char *key;	/* NULL: empty */
	void *val;
};

struct cds_strmap {
	struct slot *slots;	/* a power of two */
	size_t nslots;
	size_t n;
	int own_keys;
};

static uint64_t
hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s != '\0'; s++) {
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	}
	/* the table takes the low bits: fold the well-mixed high ones in */
	return h ^ (h >> 29) ^ (h >> 47);
}

static struct slot *
find(const struct cds_strmap *m, const char *key)
{
	size_t mask = m->nslots - 1, i = (size_t)hash_str(key) & mask;

	while (m->slots[i].key != NULL && strcmp(m->slots[i].key, key) != 0) {
		i = (i + 1) & mask;
	}
	return &m->slots[i];
}

static void
grow(struct cds_strmap *m)
{
	struct slot *old = m->slots;
	size_t n = m->nslots, i;

	m->nslots = n == 0 ? 64 : n * 2;
	m->slots = cds_xcalloc(m->nslots, sizeof(*m->slots));
	for (i = 0; i < n; i++) {
		if (old[i].key != NULL) {
			*find(m, old[i].key) = old[i];
		}
	}
	free(old);
}

struct cds_strmap *
cds_strmap_new(int own_keys)
{
	struct cds_strmap *m = cds_xcalloc(1, sizeof(*m));

	m->own_keys = own_keys;
	grow(m);
	return m;
}

void
cds_strmap_free(struct cds_strmap *m, void (*free_val)(void *))
{
	size_t i;

	if (m == NULL) {
		return;
	}
	for (i = 0; i < m->nslots; i++) {
		if (m->slots[i].key == NULL) {
			continue;
		}
		if (free_val != NULL) {
			free_val(m->slots[i].val);
		}
		if (m->own_keys) {
			free((char *)m->slots[i].key);
		}
	}
	free(m->slots);
	free(m);
}

void *
cds_strmap_get(const struct cds_strmap *m, const char *key)
{
	return find(m, key)->val;
}

int
cds_strmap_has(const struct cds_strmap *m, const char *key)
{
	return find(m, key)->key != NULL;
}

int
cds_strmap_add(struct cds_strmap *m, const char *key, void *val)
{
	struct slot *s;

	if ((m->n + 1) * 2 > m->nslots) {
		grow(m);
	}
	s = find(m, key);
	if (s->key != NULL) {
		return 0;
	}
	s->key = m->own_keys ? cds_xstrdup(key) : key;
	s->val = val;
	m->n++;
	return 1;
}

size_t
cds_strmap_size(const struct cds_strmap *m)
{
	return m->n;
}
