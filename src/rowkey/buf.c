/*
 * rowkey/buf.c: growing the byte buffer (rowkey_int.h: appending and freeing are inline) that
 * the codec builds tokens, keys and values in, from the allocator given to
 * hbase_rk_set_allocator; kept NUL-terminated, so that its text can be read as a C string.
 */
#include <string.h>

#include "rowkey_int.h"

/* room for more bytes and the NUL: -1 when the allocator returns none */
int
hbase_rk_buf_reserve(buf *b, size_t more)
{
	if (b->len + more + 1 > b->cap)
	{
		size_t		cap = b->cap ? b->cap * 2 : 64;
		char	   *p;

		while (cap < b->len + more + 1)
			cap *= 2;
		p = rk_alloc(cap);
		if (p == NULL)
			return -1;
		if (b->len)
			memcpy(p, b->data, b->len);
		if (b->data)
			rk_dealloc(b->data);
		b->data = p;
		b->cap = cap;
	}
	return 0;
}
