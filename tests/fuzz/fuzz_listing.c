/*
 * tests/fuzz/fuzz_listing.c: libFuzzer target of the JSON listings a gateway answers
 * (src/wire/cellset_json.c): table lists of a namespace ({"table": [{"name": ...}]}), families
 * of a schema ({"ColumnSchema": [...]}), regions ({"Region": [{"startKey", "endKey"}]})
 * and the version ({"Version": ...}, and the version string's number).  The first byte picks the decoder, the rest is the
 * answer; jansson is the oracle.  Aborts when a decoder takes more than the decode budget,
 * accepts what jansson does not read as such a listing or reads it otherwise, or refuses
 * as malformed a listing jansson reads (unique members, at most 64 levels deep).
 */
#include "fuzz_jansson.h"

/* jansson's names: 1 and the same as names (when given), 0 when it is no such list */
static int
names_oracle(json_t *root, const char *member, char **names, int n)
{
	json_t	   *arr;
	size_t		i;

	if (!json_is_object(root))
		return 0;
	arr = json_object_get(root, member);
	if (arr == NULL)
	{
		if (names)
			FZ_CHECK(n == 0, "%d names of no list", n);
		return 1;
	}
	if (!json_is_array(arr))
		return 0;
	if (names)
		FZ_CHECK((size_t) n == json_array_size(arr), "%d names, jansson %zu", n, json_array_size(arr));
	for (i = 0; i < json_array_size(arr); i++)
	{
		json_t	   *name = json_object_get(json_array_get(arr, i), "name");

		if (!json_is_object(json_array_get(arr, i)) || !json_is_string(name) ||
			memchr(json_string_value(name), '\0', json_string_length(name)))
			return 0;
		if (names)
			FZ_CHECK(strlen(names[i]) == json_string_length(name) &&
					 strcmp(names[i], json_string_value(name)) == 0, "another name");
	}
	return 1;
}

/* the count of jansson's regions, -1 when it is no region list (keys: fuzz_cellset_json) */
static long
regions_oracle(json_t *root)
{
	json_t	   *arr = json_is_object(root) ? json_object_get(root, "Region") : NULL;
	size_t		i;

	if (!json_is_array(arr))
		return -1;
	for (i = 0; i < json_array_size(arr); i++)
	{
		json_t	   *reg = json_array_get(arr, i);

		if (!json_is_object(reg) || !json_is_string(json_object_get(reg, "startKey")) ||
			!json_is_string(json_object_get(reg, "endKey")))
			return -1;
	}
	return (long) json_array_size(arr);
}

/* a version string's number: 0, or major.minor.patch of 1..99, 0..99, 0..99 */
static void
check_version(const char *s)
{
	int			v = hbase_parse_gateway_version(s);

	FZ_CHECK(v == 0 || (v >= 10000 && v <= 999999 && v % 10000 / 100 <= 99 && v % 100 <= 99),
			 "version %d of \"%s\"", v, s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		err[HBASE_DECODE_ERRLEN];
	HBaseDecodeResult res;
	FzJson		j;
	json_t	   *root;
	json_t	   *strict;
	int			mode;
	size_t		decoded;

	if (size < 1)
		return 0;
	/* any bytes as a version string too (the option gateway_version, a JSON "Version") */
	{
		char	   *str = malloc(size);

		memcpy(str, data + 1, size - 1);
		str[size - 1] = '\0';
		check_version(str);
		free(str);
	}
	mode = data[0] % 4;
	data++;
	size--;
	fz_json_load(&j, data, size);
	root = j.root;
	strict = j.strict;
	if (mode <= 1)
	{
		const char *member = mode == 0 ? "table" : "ColumnSchema";
		char	  **names;
		int			n;

		res = hbase_json_names_decode((const char *) data, size, member, fz_alloc, NULL,
									  &names, &n, &decoded, err);
		fz_check_budget(size, 1);
		if (res == HBASE_DECODE_OK)
		{
			int			i;

			for (i = 0; i < n; i++)
				(void) fz_touch(names[i], (int) strlen(names[i]));
			fz_json_accepted(&j);
			if (root)
				FZ_CHECK(names_oracle(root, member, names, n) == 1, "names of no list");
		}
		else if (res == HBASE_DECODE_INVALID && strict)
			FZ_CHECK(names_oracle(strict, member, NULL, 0) == 0, "refused a list jansson reads: %s", err);
	}
	else if (mode == 2)
	{
		HBaseRegionRange *regions;
		int			n;

		res = hbase_json_regions_decode((const char *) data, size, fz_alloc, NULL,
										&regions, &n, &decoded, err);
		fz_check_budget(size, 1);
		if (res == HBASE_DECODE_OK)
		{
			int			i;

			for (i = 0; i < n; i++)
			{
				(void) fz_touch(regions[i].start, regions[i].startlen);
				FZ_CHECK((regions[i].stop == NULL) == (regions[i].stoplen == 0), "a NULL stop");
				if (regions[i].stop)
					(void) fz_touch(regions[i].stop, regions[i].stoplen);
			}
			fz_json_accepted(&j);
			if (root)
				FZ_CHECK(regions_oracle(root) == n, "%d regions, jansson %ld", n, regions_oracle(root));
		}
	}
	else
	{
		char	   *version;

		res = hbase_json_version_decode((const char *) data, size, fz_alloc, NULL, &version, err);
		FZ_CHECK(fz_bytes <= size + 1, "%zu bytes for a version of %zu", fz_bytes, size);
		if (res == HBASE_DECODE_OK && root)
		{
			json_t	   *v = json_is_object(root) ? json_object_get(root, "Version") : NULL;

			FZ_CHECK(json_is_object(root), "a version of no object");
			FZ_CHECK((version != NULL) == json_is_string(v), "a version where jansson has none");
			if (version)
				check_version(version);
			if (version)
				FZ_CHECK(memcmp(version, json_string_value(v), json_string_length(v) + 1) == 0,
						 "another version");
		}
		else if (res == HBASE_DECODE_OK)
			fz_json_accepted(&j);
		else
			FZ_CHECK(strict == NULL || !json_is_object(strict), "refused an object jansson reads: %s", err);
	}
	fz_json_free(&j);
	fz_reset();
	return 0;
}
