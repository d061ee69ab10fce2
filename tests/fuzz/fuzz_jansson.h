/*
 * tests/fuzz/fuzz_jansson.h: the oracle of the JSON targets (fuzz_cellset_json.c,
 * fuzz_listing.c): jansson, an independent JSON reader, against which the decoders of
 * src/wire/cellset_json.c are checked.  The one place outside src/wire/json.c that includes jansson.h,
 * on purpose: src/wire/json.c is the extension's (PostgreSQL's allocator and headers) and has no
 * reader of whole documents; an oracle built on the code under test would check nothing.
 */
#ifndef FUZZ_JANSSON_H
#define FUZZ_JANSSON_H

#include <jansson.h>

#include "fuzz_common.h"

/*
 * jansson's two readings of an answer: root, where the last of a member given twice wins,
 * and strict, where a member given twice is an error, and which is also NULL where
 * jansson's reading is not JSON's: deeper than 64 levels (the decoders' limit), or raw NUL
 * bytes between tokens, which jansson passes over.  err: why root is NULL.
 */
typedef struct FzJson
{
	json_t	   *root;
	json_t	   *strict;
	json_error_t err;
} FzJson;

static int
fz_json_depth(json_t *j)
{
	int			d = 0;
	size_t		i;
	const char *k;
	json_t	   *v;

	if (json_is_array(j))
		json_array_foreach(j, i, v)
			d = d > fz_json_depth(v) ? d : fz_json_depth(v);
	else if (json_is_object(j))
		json_object_foreach(j, k, v)
			d = d > fz_json_depth(v) ? d : fz_json_depth(v);
	else
		return 0;
	return d + 1;
}

static void
fz_json_load(FzJson *j, const uint8_t *data, size_t size)
{
	json_error_t serr;

	j->root = json_loadb((const char *) data, size, JSON_ALLOW_NUL, &j->err);
	j->strict = json_loadb((const char *) data, size, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES,
						   &serr);
	if (j->strict && (fz_json_depth(j->strict) > 64 || memchr(data, 0, size)))
	{
		json_decref(j->strict);
		j->strict = NULL;
	}
}

static void
fz_json_free(FzJson *j)
{
	if (j->root)
		json_decref(j->root);
	if (j->strict)
		json_decref(j->strict);
	j->root = j->strict = NULL;
}

/*
 * what a decoder accepted, jansson reads (it refuses reals beyond a double, and a member
 * name holding \u0000, which a decoder skips as any member it does not know; JSON takes both)
 */
static void
fz_json_accepted(const FzJson *j)
{
	FZ_CHECK(j->root != NULL || strstr(j->err.text, "real number overflow") ||
			 strstr(j->err.text, "NUL byte in object key"),
			 "decoded what jansson refuses: %s", j->err.text);
}

#endif
