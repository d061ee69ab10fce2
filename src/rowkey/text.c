/*
 * rowkey/text.c: UTF-8 as keys hold it: whether bytes are valid UTF-8 (what PostgreSQL takes
 * as text) and reversing a text's characters (reverse(x) parts, both ways).
 */
#include <string.h>

#include "rowkey_int.h"

/* is s valid UTF-8 (what PostgreSQL accepts as text, NUL aside)? */
int
hbase_rk_utf8_valid(const unsigned char *s, size_t len)
{
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = s[i];
		size_t		n = c < 0x80 ? 1 : (c >= 0xc2 && c <= 0xdf) ? 2 :
			(c >= 0xe0 && c <= 0xef) ? 3 : (c >= 0xf0 && c <= 0xf4) ? 4 : 0;
		size_t		k;

		if (n == 0 || i + n > len)
			return 0;
		for (k = 1; k < n; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
		if ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] > 0x9f) ||
			(c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f))
			return 0;
		i += n;
	}
	return 1;
}

/* reverse the UTF-8 characters of b in place */
void
hbase_rk_reverse_chars(char *s, size_t len)
{
	size_t		i;
	char	   *tmp = rk_alloc(len + 1);
	size_t		o = len;

	for (i = 0; i < len;)
	{
		size_t		n = 1;
		unsigned char c = (unsigned char) s[i];

		if (c >= 0xF0)
			n = 4;
		else if (c >= 0xE0)
			n = 3;
		else if (c >= 0xC0)
			n = 2;
		if (i + n > len)
			n = len - i;
		o -= n;
		memcpy(tmp + o, s + i, n);
		i += n;
	}
	memcpy(s, tmp, len);
	rk_dealloc(tmp);
}
