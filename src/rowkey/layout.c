/*
 * rowkey/layout.c: a compiled layout as the rest of hbase_fdw sees it: the allocator the codec
 * uses, its error state (the message and the part it names), freeing a layout, and the
 * questions the planner and the SQL helpers ask of one (its parts, which columns it holds or
 * needs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rowkey_int.h"

void	   *(*hbase_rk_alloc_fn) (size_t) = malloc;
void		(*hbase_rk_dealloc_fn) (void *) = free;

/* messages live here until the next call: the backend is single-threaded */
static char rk_errbuf[512];
int			hbase_rk_errpart = -1;

int
hbase_rk_error_part(void)
{
	return hbase_rk_errpart;
}

void
hbase_rk_set_allocator(void *(*alloc) (size_t), void (*dealloc) (void *))
{
	hbase_rk_alloc_fn = alloc;
	hbase_rk_dealloc_fn = dealloc;
}

const char *
hbase_rk_fmt_error(const char *fmt,...)
{
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(rk_errbuf, sizeof(rk_errbuf), fmt, ap);
	va_end(ap);
	return rk_errbuf;
}


static void
free_pipeline(pipeline *pl)
{
	int			i;

	for (i = 0; i < pl->nops; i++)
		if (pl->ops[i].pattern)
			rk_dealloc(pl->ops[i].pattern);
	if (pl->ops)
		rk_dealloc(pl->ops);
	pl->ops = NULL;
	pl->nops = 0;
}

static void
free_part(part *p)
{
	int			i;

	if (p == NULL)
		return;
	free_pipeline(&p->pl);
	free_pipeline(&p->hashsrc);
	if (p->lit)
		rk_dealloc(p->lit);
	if (p->text)
		rk_dealloc(p->text);
	for (i = 0; i < p->nitems; i++)
		free_part(p->items[i]);
	if (p->items)
		rk_dealloc(p->items);
	rk_dealloc(p);
}

void
hbase_rk_free(rk_layout *layout)
{
	int			i;

	if (layout == NULL)
		return;
	for (i = 0; i < layout->nparts; i++)
		free_part(layout->parts[i]);
	if (layout->parts)
		rk_dealloc(layout->parts);
	rk_dealloc(layout);
}

/* keys may go on after a fixed-width last part (rowkey.h) */
int
hbase_rk_allow_extra(rk_layout *layout)
{
	const part *last = layout->nparts > 0 ? layout->parts[layout->nparts - 1] : NULL;

	if (last == NULL || last->width < 0 || last->optional)
		return 0;
	layout->extra_ok = 1;
	return 1;
}

int
hbase_rk_nparts(const rk_layout *layout)
{
	return layout->nparts;
}

void
hbase_rk_part(const rk_layout *layout, int i, rk_part_info *info)
{
	part	   *p = layout->parts[i];

	memset(info, 0, sizeof(*info));
	info->kind = p->kind;
	info->column = p->kind == RK_PART_COLUMN ? p->pl.column : -1;
	info->width = p->width;
	info->order = p->kind == RK_PART_COLUMN ? p->pl.order : RK_ORDER_NONE;
	info->order_nonneg = p->kind == RK_PART_COLUMN ? p->pl.nonneg : 0;
	info->order_float = p->kind == RK_PART_COLUMN && p->pl.order != RK_ORDER_NONE &&
		p->pl.source == V_FLOAT;
	info->float_value = p->kind == RK_PART_COLUMN && p->pl.source == V_FLOAT;
	info->optional = p->optional;
	info->nullable = p->nullable;
	info->salt_buckets = p->kind == RK_PART_SALT ? p->buckets : 0;
	info->salt_random = p->kind == RK_PART_SALT && p->salt == SALT_RANDOM;
	info->salt_parts = p->kind == RK_PART_SALT && p->salt == SALT_ARRAYS;
	if (p->kind == RK_PART_SALT && p->salt == SALT_JAVAHASH)
		info->salt_extra = INT32_MIN % p->buckets;
	info->text = p->text;
	info->lit = p->lit;
	info->litlen = (int) p->litlen;
	if (p->kind == RK_PART_COLUMN && p->pl.source == V_TEXT)
	{
		info->plain_text = (p->pl.nops == 0);
		info->reversed_text = (p->pl.nops == 1 && p->pl.ops[0].kind == OP_REVERSE);
	}
}

int
hbase_rk_uses_column(const rk_layout *layout, int column)
{
	int			i;

	for (i = 0; i < layout->nparts; i++)
		if (layout->parts[i]->kind == RK_PART_COLUMN && layout->parts[i]->pl.column == column)
			return 1;
	return 0;
}

int
hbase_rk_prefix_columns(const rk_layout *layout, int *cols, int max)
{
	part	   *p = layout->parts[0];
	int			n = 0,
				k;

	if (p->kind == RK_PART_SALT && p->salt != SALT_ARRAYS)
	{
		if (p->salt != SALT_JAVAHASH)
			return -1;
		if (max > 0)
			cols[n] = p->hashsrc.column;
		return 1;
	}
	if (p->kind != RK_PART_HASH && p->kind != RK_PART_SALT)
		return 0;
	for (k = 0; k < p->nitems; k++)
		if (p->items[k]->kind == RK_PART_COLUMN)
		{
			if (n < max)
				cols[n] = p->items[k]->pl.column;
			n++;
		}
	return n;
}

int
hbase_rk_references_column(const rk_layout *layout, int column)
{
	int			i,
				k;

	for (i = 0; i < layout->nparts; i++)
	{
		part	   *p = layout->parts[i];

		if (p->kind == RK_PART_COLUMN && p->pl.column == column)
			return 1;
		if (p->kind == RK_PART_SALT && p->salt == SALT_JAVAHASH && p->hashsrc.column == column)
			return 1;
		for (k = 0; k < p->nitems; k++)
			if (p->items[k]->kind == RK_PART_COLUMN && p->items[k]->pl.column == column)
				return 1;
	}
	return 0;
}
