/*
 * rowkey/compile.c: a layout's tree into parts (rowkey_int.h): literals, the salt or hash
 * prefix, and column parts, each a pipeline of operations that compile_value builds from the
 * nested calls; then the checks of the whole layout (delimiters after variable-width parts,
 * which parts keep their order).  hbase_rk_parse is the entry.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rowkey_int.h"

typedef struct compiler
{
	char		msg[512];		/* first error, copied: hbase_rk_fmt_error's buffer is reused */
	const char *text;
	const rk_column *columns;
	int			ncolumns;
	const char *error;
	int			errpos;
} compiler;

static void
cerr(compiler *c, int pos, const char *msg)
{
	if (c->error == NULL)
	{
		snprintf(c->msg, sizeof(c->msg), "%s", msg);
		c->error = c->msg;
		c->errpos = pos;
	}
}

static void
add_op(pipeline *pl, op o)
{
	op		   *ops = rk_zalloc(sizeof(op) * (pl->nops + 1));

	if (pl->nops)
	{
		memcpy(ops, pl->ops, sizeof(op) * pl->nops);
		rk_dealloc(pl->ops);
	}
	ops[pl->nops++] = o;
	pl->ops = ops;
}

/*
 * The column a name in the layout means: the one of that exact name, else
 * (for a bare name only: a quoted one means exactly itself) one whose name
 * differs in case alone.
 */
static int
find_column(compiler *c, const node *n)
{
	const char *name = n->name;
	int			i;

	for (i = 0; i < c->ncolumns; i++)
		if (strcmp(c->columns[i].name, name) == 0)
			return i;
	if (n->quoted)
		return -1;
	for (i = 0; i < c->ncolumns; i++)
		if (strcasecmp(c->columns[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * The edit distance of two names (case-insensitive Levenshtein), capped at
 * 255 bytes a name: what "perhaps you meant" weighs, as PostgreSQL's own
 * hints for misspelt column names do.
 */
static int
name_distance(const char *a, const char *b)
{
	int			la = (int) strlen(a) > 255 ? 255 : (int) strlen(a);
	int			lb = (int) strlen(b) > 255 ? 255 : (int) strlen(b);
	int			row[256];
	int			i,
				j;

	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++)
	{
		int			diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++)
		{
			int			up = row[j];
			int			best = diag + (tolower((unsigned char) a[i - 1]) !=
									   tolower((unsigned char) b[j - 1]));

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/*
 * A name that is no column: the error, with the closest column's name when
 * one is close enough (a third of the name's letters, at least one, differ,
 * and not all of them: "userid" for "user_id"), else the bare error.
 */
static const char *
no_column_error(compiler *c, const char *fmt, const char *name)
{
	char		first[512];
	int			best = -1;
	int			bestd = 0;
	int			limit = (int) strlen(name) / 3 > 1 ? (int) strlen(name) / 3 : 1;
	int			i;

	for (i = 0; i < c->ncolumns; i++)
	{
		int			d;

		if (c->columns[i].name == NULL || c->columns[i].name[0] == '\0')
			continue;			/* a dropped column */
		d = name_distance(name, c->columns[i].name);
		/* not every letter changed: "m" is no misspelling of "u" */
		if (d <= limit && d < (int) strlen(name) && (best < 0 || d < bestd))
		{
			best = i;
			bestd = d;
		}
	}
	if (best < 0)
		return hbase_rk_fmt_error(fmt, name);
	/* hbase_rk_fmt_error writes one static buffer: the first part goes through a copy */
	snprintf(first, sizeof(first), "%s", hbase_rk_fmt_error(fmt, name));
	return hbase_rk_fmt_error("%s (perhaps \"%s\")", first, c->columns[best].name);
}

static int
is_call(node *n, const char *name)
{
	return n->kind == N_CALL && strcmp(n->name, name) == 0;
}

/* a call argument that must be a single expression */
static node *
arg1(node *seq)
{
	return seq->nkids == 1 ? seq->kids[0] : NULL;
}

static int
num_arg(compiler *c, node *call, int i, long long lo, long long hi, const char *what)
{
	node	   *a = arg1(call->kids[i]);

	if (a == NULL || a->kind != N_NUM || a->num < lo || a->num > hi)
	{
		cerr(c, call->kids[i]->pos, hbase_rk_fmt_error("%s of %s() must be a number from %lld to %lld",
											   what, call->name, lo, hi));
		return (int) lo;
	}
	return (int) a->num;
}

/*
 * A date pattern's width (its letters and other characters: every field has a fixed count of
 * digits), and in *ordered whether its fields go from the year down with none skipped, the
 * only way its text sorts as the dates do.  Refused: an unknown letter, a field twice, and a
 * field missing above the finest one ("HHmm" would write every day's 10:30 as one key).
 */
static int
check_pattern(compiler *c, node *n, const char *pat, int *ordered, int has_time)
{
	static const char *fields[] = {"yyyy", "MM", "dd", "HH", "mm", "ss", "SSS"};
	int			f;
	int			width = 0;
	int			last = -1;
	int			finest = -1;
	int			seen[7] = {0};
	const char *p = pat;

	*ordered = 1;
	while (*p)
	{
		int			matched = 0;

		for (f = 0; f < 7; f++)
		{
			size_t		fl = strlen(fields[f]);

			if (strncmp(p, fields[f], fl) == 0)
			{
				if (f <= last)
					*ordered = 0;
				if (f != last + 1)
					*ordered = 0;
				if (seen[f]++)
				{
					cerr(c, n->pos, hbase_rk_fmt_error("field %s appears twice in date pattern \"%s\"",
											  fields[f], pat));
					return 0;
				}
				if (f > finest)
					finest = f;
				last = f;
				width += (int) fl;
				p += fl;
				matched = 1;
				break;
			}
		}
		if (matched)
			continue;
		if (isalpha((unsigned char) *p))
		{
			cerr(c, n->pos, hbase_rk_fmt_error("unknown field \"%c\" in date pattern \"%s\" (use yyyy, MM, dd, HH, mm, ss, SSS)",
									  *p, pat));
			return 0;
		}
		width++;
		p++;
	}
	if (width == 0 || last < 0)
	{
		cerr(c, n->pos, hbase_rk_fmt_error("date pattern \"%s\" has no field", pat));
		return width;
	}
	/*
	 * Every field above the finest one: "HHmm" would write any day's 10:30
	 * as the same key and read it back as 1970-01-01 (finer fields left out
	 * are safe: a value that needs them is refused when written).
	 */
	for (f = 0; f < finest; f++)
		if (!seen[f])
		{
			cerr(c, n->pos, hbase_rk_fmt_error("date pattern \"%s\" has %s but not %s: the value would not read back",
									  pat, fields[finest], fields[f]));
			return width;
		}
	(void) has_time;
	return width;
}

static void compile_value(compiler *c, node *n, pipeline *pl);

/* bring a pipeline to text (decimal for integers) */
static void
to_text(compiler *c, node *n, pipeline *pl)
{
	switch (pl->kind)
	{
		case V_INT:
			add_op(pl, (op) {.kind = OP_DEC});
			pl->kind = V_TEXT;
			pl->width = -1;
			break;
		case V_TEXT:
			break;
		case V_BYTES:
			cerr(c, n->pos, "a bytea column takes bytes(col) or the bare column, not a text function");
			break;
		case V_FLOAT:
			cerr(c, n->pos, "a floating-point value needs double(x), float(x) or sortable(...)");
			break;
		case V_DATE:
		case V_TS:
			cerr(c, n->pos, "a date or timestamp needs date(col, 'pattern'), epoch(col) or epoch_ms(col)");
			break;
		case V_BIN:
			cerr(c, n->pos, "binary bytes cannot be used as text");
			break;
		case V_NUM:
			cerr(c, n->pos, "a numeric column takes phoenix_decimal(col)");
			break;
		case V_BOOL:
			cerr(c, n->pos, "a boolean column takes boolean(col)");
			break;
	}
}

/* ---------------- the layout functions ---------------- */

/*
 * A column part is a value expression: a column, Long.MAX_VALUE - x, or a call of one of the
 * layout functions below, nested.  Each function takes the pipeline its first argument
 * compiled to, checks what that gives (its kind; some take only a bare column), appends its
 * operations and says what the pipeline gives now: kind, byte width, order, and whether the
 * order holds only for numbers >= 0.  One row a function; a hook only where a function
 * decides something from its other arguments or from the pipeline so far.
 */

/* the width a function gives its part */
typedef enum fn_width
{
	FW_KEEP,					/* the argument's */
	FW_FIXED,					/* layout_fn.width bytes */
	FW_VARIABLE,				/* none: a delimiter or the key's end bounds it */
	FW_ARG,						/* its second argument (optional for bytes()) */
	FW_HOOK						/* the hook sets it (date patterns) */
} fn_width;

/* how its bytes sort, from how the argument's did */
typedef enum fn_order
{
	FO_KEEP,
	FO_NONE,					/* no order: equality only */
	FO_ASC,						/* as the values, whatever the argument's was */
	FO_FLIP,					/* the argument's reversed (desc(), Long.MAX_VALUE - x) */
	FO_HOOK						/* the hook decides */
} fn_order;

/* where the order holds: pipeline.nonneg */
typedef enum fn_nonneg
{
	FN_KEEP,
	FN_CLEAR,					/* over every value the part can hold */
	FN_SIGNED					/* two's complement: negatives sort last, unless the value
								 * is Long.MAX_VALUE - x, which is never negative */
} fn_nonneg;

#define VK(k)		(1u << (k))
#define VK_ANY		(~0u)
#define OUT_KEEP	(-1)		/* layout_fn.out: the argument's kind */

typedef struct layout_fn
{
	const char *name;
	int			minargs;
	int			maxargs;
	const char *usage;			/* when the arguments do not fit; %s is the name */
	int			to_text;		/* its argument is brought to text (to_text) */
	unsigned	in;				/* or: the kinds its argument may give (VK) */
	int			in_column;		/* only a bare column, no function of one */
	const char *in_error;		/* when the argument gives something else; %s the name */
	int			fits_column;	/* the float column's width must fit width */
	int			out;			/* the vkind it gives, or OUT_KEEP */
	fn_width	wrule;
	int			width;			/* FW_FIXED: bytes */
	int			width_max;		/* FW_ARG: the largest width (from 1) */
	int			width_first;	/* FW_ARG: read before the argument is compiled */
	fn_order	order;
	fn_nonneg	nonneg;
	int			valwidth;		/* bytes of the integer value it gives, or 0: keep */
	op			ops[2];			/* appended in order, their width the part's */
	int			nops;
	/* the arguments beyond their number and a first single expression */
	int			(*args_ok) (const node *n, const node *a);
	/* the argument's pipeline beyond its kind */
	int			(*input_ok) (compiler *c, const pipeline *pl);
	/* before the ops are appended: fill them in, set the width or the order */
	void		(*shape) (compiler *c, node *n, pipeline *pl, op *ops);
	int			prefix_only;	/* only the key's first part (compile_prefix) */
} layout_fn;

/* sortable(x): x is a fixed-width number */
static int
sortable_args(const node *n, const node *a)
{
	static const char *const names[] = {"long", "int", "short", "byte", "double", "float"};
	int			i;

	for (i = 0; i < 6; i++)
		if (a->kind == N_CALL && strcmp(a->name, names[i]) == 0)
			return 1;
	return 0;
}

/*
 * sortable flips the sign bit (a negative float's every bit): a float's bytes then sort as
 * its values, an integer's over negatives too (FN_CLEAR)
 */
static void
sortable_shape(compiler *c, node *n, pipeline *pl, op *ops)
{
	ops[0].isfloat = (pl->ops[pl->nops - 1].kind == OP_BIN_FLOAT);
	if (ops[0].isfloat)
		pl->order = RK_ORDER_ASC;
}

/* date(col, 'pattern') */
static int
date_args(const node *n, const node *a)
{
	const node *p = arg1(n->kids[1]);

	return p != NULL && p->kind == N_STR;
}

/* the pattern gives the width, and keeps the order when its fields go from year down */
static void
date_shape(compiler *c, node *n, pipeline *pl, op *ops)
{
	node	   *p = arg1(n->kids[1]);
	int			ordered;

	ops[0].width = check_pattern(c, p, p->str, &ordered, pl->kind == V_TS);
	if (c->error)
		return;
	ops[0].pattern = rk_strndup(p->str, p->slen);
	pl->width = ops[0].width;
	if (!ordered)
		pl->order = RK_ORDER_NONE;
}

/*
 * lpad / rpad: the pad (a third argument, one character); the order of a number survives only
 * its zero-padded decimal (negatives refused then: padded_dec)
 */
static void
pad_shape(compiler *c, node *n, pipeline *pl, op *ops)
{
	int			left = ops[0].kind == OP_LPAD;

	ops[0].pad = left ? '0' : ' ';
	if (n->nkids == 3)
	{
		node	   *p = arg1(n->kids[2]);

		if (p == NULL || p->kind != N_STR || p->slen != 1)
		{
			cerr(c, n->kids[2]->pos, hbase_rk_fmt_error("the pad of %s() must be one character", n->name));
			return;
		}
		ops[0].pad = p->str[0];
	}
	pl->padded_dec = (pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_DEC);
	if (!(left && pl->padded_dec && ops[0].pad == '0'))
		pl->order = RK_ORDER_NONE;
}

/* fixed(x, n) over a decimal: no order ("-12" sorts before "-99") */
static void
fixed_shape(compiler *c, node *n, pipeline *pl, op *ops)
{
	if (pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_DEC)
		pl->order = RK_ORDER_NONE;
}

/* bytes(col [, n]): a column, not an expression */
static int
bytes_args(const node *n, const node *a)
{
	return a->kind == N_NAME;
}

/*
 * desc(x): Phoenix's SortOrder.DESC, the bytes of a part inverted, so they sort the other
 * way.  A fixed-width part of any kind; of the variable ones only text (Phoenix's VARCHAR
 * DESC, followed by "\xff", the inverted "\x00"): text holds no 0x00, so its inverted bytes
 * no 0xff, and check_layout keeps the order only before a delimiter starting with 0xff; and
 * phoenix_decimal(x), whose own bytes end it.
 */
static int
desc_input(compiler *c, const pipeline *pl)
{
	return !(pl->width < 0 && (pl->kind != V_TEXT || c->columns[pl->column].type != RK_TEXT) &&
			 !(pl->nops >= 1 && pl->ops[pl->nops - 1].kind == OP_PHX_DECIMAL));
}

/*
 * phoenix_decimal(x): a numeric column as it is; or an integer, which
 * Phoenix keeps as a DECIMAL where a nullable fixed-width column stands in
 * an index's key (IndexUtil.getIndexColumnDataType): a bare integer column
 * or epoch_ms(d) of a DATE's, ascending (the bytes sort as the numbers do,
 * so an integer pipeline that reverses or scrambles its order has none); or
 * a bare boolean column, which Phoenix keeps there as 1 or 0
 * (PDecimal.toObject: BigDecimal.ONE, BigDecimal.ZERO).
 */
static int
decimal_input(compiler *c, const pipeline *pl)
{
	(void) c;
	return pl->kind == V_NUM || pl->kind == V_BOOL ? pl->nops == 0 : pl->order == RK_ORDER_ASC;
}

/*
 * phoenix_decimal(integer or boolean): its decimal text first (OP_DEC), as
 * BigDecimal.valueOf(long) prints it ("1" or "0" for a boolean).
 * phoenix_decimal(epoch_ms(ts)) of a timestamp column: its milliseconds
 * with the microseconds as a fraction (OP_DEC_MS in place of epoch_ms), as
 * Phoenix keeps a nullable TIMESTAMP in an index (PDecimal.toObject: the
 * milliseconds plus (nanoseconds % 1e6) / 1e6, a double's division, so
 * the value is exact); whole milliseconds (a Phoenix DATE's) read as before.
 */
static void
decimal_shape(compiler *c, node *n, pipeline *pl, op *ops)
{
	(void) n;
	(void) ops;
	if (pl->kind == V_INT && pl->nops >= 1 && pl->ops[pl->nops - 1].kind == OP_EPOCH_MS &&
		c->columns[pl->column].type == RK_TIMESTAMP)
	{
		pl->ops[pl->nops - 1] = (op) {.kind = OP_DEC_MS};
		return;
	}
	if (pl->kind == V_INT || pl->kind == V_BOOL)
		add_op(pl, (op) {.kind = OP_DEC});
}

/* one value argument: the usage, the kinds it takes and the message when it gives another */
#define ONE_ARG(use, kinds, err) \
	.minargs = 1, .maxargs = 1, .usage = use, .in = kinds, .in_error = err
#define TEXT_ARG(lo, hi, use) \
	.minargs = lo, .maxargs = hi, .usage = use, .to_text = 1
#define WIDTH(w)	.wrule = FW_FIXED, .width = w
#define OP1(...)	.ops = {{__VA_ARGS__}}, .nops = 1

/*
 * Big-endian two's complement.  A column wider than the encoding is fine (Phoenix's TINYINT
 * is a smallint column in byte(x)): a value out of its range is refused on write and matches
 * no key when a qual gives it.
 */
#define INT_FN(nm, w) \
	{.name = nm, ONE_ARG("%s() takes one integer", VK(V_INT), "%s() needs an integer"), \
	 .out = V_BIN, WIDTH(w), .nonneg = FN_SIGNED, OP1(.kind = OP_BIN_INT)}
/* IEEE big-endian: no order (negatives sort last, and backwards) */
#define FLOAT_FN(nm, w) \
	{.name = nm, ONE_ARG("%s() takes one number", VK(V_FLOAT), \
						 "%s() needs a real or double precision column"), \
	 .fits_column = 1, .out = V_BIN, WIDTH(w), .order = FO_NONE, OP1(.kind = OP_BIN_FLOAT)}
/*
 * Phoenix's DOUBLE and FLOAT key columns (PDouble, PFloat): the IEEE bits, sign flipped (all
 * bits of a negative number), then plus one as a 64- or 32-bit number, so -0 and +0 differ
 * by one and every value sorts as the numbers do.  UNSIGNED_DOUBLE and UNSIGNED_FLOAT: the
 * IEEE bits as they are, never negative (their order holds only over +0 .. NaN, so no range
 * is read from them).
 */
#define PHX_FLOAT_ARG \
	ONE_ARG("%s() takes one real or double precision column", VK(V_FLOAT), \
			"%s() takes a real or double precision column"), \
	.in_column = 1, .fits_column = 1, .out = V_BIN, .nonneg = FN_CLEAR
#define PHX_FLOAT_FN(nm, w) \
	{.name = nm, PHX_FLOAT_ARG, WIDTH(w), .order = FO_ASC, \
	 .ops = {{.kind = OP_BIN_FLOAT, .phoenix = 1}, \
			 {.kind = OP_SORTABLE, .isfloat = 1, .phoenix = 1}}, .nops = 2}
#define PHX_UFLOAT_FN(nm, w) \
	{.name = nm, PHX_FLOAT_ARG, WIDTH(w), .order = FO_NONE, \
	 OP1(.kind = OP_BIN_FLOAT, .isunsigned = 1, .phoenix = 1)}
/*
 * Phoenix's TIMESTAMP key column: the milliseconds as a sign-flipped long, then the
 * nanoseconds within the millisecond as an int (0..999999): fixed width, sorting as the
 * timestamps do.  Its UNSIGNED_TIMESTAMP: the long as it is, never negative (refused on
 * write), so the order holds too.
 */
#define PHX_TS_FN(nm, uns) \
	{.name = nm, ONE_ARG("%s() takes one timestamp column", VK(V_TS), \
						 "%s() takes a timestamp or timestamptz column"), \
	 .in_column = 1, .out = V_BIN, WIDTH(12), .order = FO_ASC, .nonneg = FN_CLEAR, \
	 OP1(.kind = OP_PHX_TS, .isunsigned = uns)}
/* the salt and hash prefixes: compile_prefix reads them, as the key's first part only */
#define PREFIX_FN(nm) \
	{.name = nm, .prefix_only = 1}

static const layout_fn layout_fns[] = {
	/* date/timestamp -> seconds or milliseconds since 1970 */
	{.name = "epoch", ONE_ARG("%s() takes one column", VK(V_DATE) | VK(V_TS),
							  "%s() needs a date or timestamp column"),
	 .out = V_INT, .valwidth = 8, OP1(.kind = OP_EPOCH_S)},
	{.name = "epoch_ms", ONE_ARG("%s() takes one column", VK(V_DATE) | VK(V_TS),
								 "%s() needs a date or timestamp column"),
	 .out = V_INT, .valwidth = 8, OP1(.kind = OP_EPOCH_MS)},
	/* Long.reverse(x): spreads sequential ids over regions, with no order */
	{.name = "bitreverse", ONE_ARG("%s() takes one integer", VK(V_INT), "%s() needs an integer"),
	 .out = OUT_KEEP, .order = FO_NONE, .valwidth = 8, OP1(.kind = OP_BITREV)},
	{.name = "lpad", TEXT_ARG(2, 3, "%s() takes (value, width [, 'pad'])"), .out = OUT_KEEP,
	 .wrule = FW_ARG, .width_max = 1000, .order = FO_HOOK, OP1(.kind = OP_LPAD),
	 .shape = pad_shape},
	{.name = "rpad", TEXT_ARG(2, 3, "%s() takes (value, width [, 'pad'])"), .out = OUT_KEEP,
	 .wrule = FW_ARG, .width_max = 1000, .order = FO_HOOK, OP1(.kind = OP_RPAD),
	 .shape = pad_shape},
	/* text of a width it must have: no op, the width is checked on write */
	{.name = "fixed", TEXT_ARG(2, 2, "%s() takes (value, width)"), .out = OUT_KEEP,
	 .wrule = FW_ARG, .width_max = 1000, .order = FO_HOOK, .shape = fixed_shape},
	{.name = "date", .minargs = 2, .maxargs = 2, .usage = "%s() takes (column, 'pattern')",
	 .in = VK(V_DATE) | VK(V_TS), .in_error = "%s() needs a date or timestamp column",
	 .out = V_TEXT, .wrule = FW_HOOK, .order = FO_HOOK, OP1(.kind = OP_DATEFMT),
	 .args_ok = date_args, .shape = date_shape},
	/* the characters reversed (the last ones vary most: they lead the key) */
	{.name = "reverse", TEXT_ARG(1, 1, "%s() takes one value"), .out = OUT_KEEP,
	 .order = FO_NONE, OP1(.kind = OP_REVERSE)},
	INT_FN("long", 8),
	INT_FN("int", 4),
	INT_FN("short", 2),
	INT_FN("byte", 1),
	/*
	 * OpenTSDB's 3-byte UIDs and 4-byte seconds: unsigned big-endian of any width.
	 * Negatives and values too wide are refused on write, so byte order is value order over
	 * every value a key can hold.
	 */
	{.name = "uint", .minargs = 2, .maxargs = 2,
	 .usage = "%s() takes (integer, width in bytes 1-8)", .in = VK(V_INT),
	 .in_error = "%s() needs an integer", .out = V_BIN, .wrule = FW_ARG, .width_max = 8,
	 .width_first = 1, .nonneg = FN_CLEAR, OP1(.kind = OP_BIN_INT, .isunsigned = 1)},
	FLOAT_FN("double", 8),
	FLOAT_FN("float", 4),
	PHX_FLOAT_FN("phoenix_double", 8),
	PHX_FLOAT_FN("phoenix_float", 4),
	PHX_UFLOAT_FN("phoenix_unsigned_double", 8),
	PHX_UFLOAT_FN("phoenix_unsigned_float", 4),
	/* the sign bit flipped (a negative float's every bit): byte order is value order */
	{.name = "sortable",
	 ONE_ARG("%s() takes long(x), int(x), short(x), byte(x), double(x) or float(x)", VK_ANY, NULL),
	 .out = OUT_KEEP, .order = FO_HOOK, .nonneg = FN_CLEAR, OP1(.kind = OP_SORTABLE),
	 .args_ok = sortable_args, .shape = sortable_shape},
	/*
	 * Phoenix's DECIMAL key column: variable width, sorting as the numbers do, holding 0x00
	 * only in the exponent byte of a negative number of magnitude 1e124 or more (refused
	 * before a delimiter "\x00" like any value holding its delimiter).
	 */
	{.name = "phoenix_decimal", ONE_ARG("%s() takes one numeric or integer column", VK(V_NUM) | VK(V_INT) | VK(V_BOOL),
										"%s() takes a numeric column, an integer column, epoch_ms(d) or a boolean column"),
	 .out = V_BIN, .wrule = FW_VARIABLE, .order = FO_ASC,
	 OP1(.kind = OP_PHX_DECIMAL), .input_ok = decimal_input, .shape = decimal_shape},
	/* Phoenix's BOOLEAN key column: one byte, 0x00 false, 0x01 true */
	{.name = "boolean", ONE_ARG("%s() takes one boolean column", VK(V_BOOL),
								"%s() takes a boolean column"),
	 .in_column = 1, .out = V_BIN, WIDTH(1), .order = FO_ASC, .nonneg = FN_CLEAR,
	 OP1(.kind = OP_BIN_INT, .isunsigned = 1)},
	PHX_TS_FN("phoenix_timestamp", 0),
	PHX_TS_FN("phoenix_unsigned_timestamp", 1),
	{.name = "desc", ONE_ARG("%s() takes one part", VK(V_BIN) | VK(V_TEXT) | VK(V_BYTES),
							 "%s() takes a part of fixed width (long(x), sortable(...), lpad(x, n), rpad(x, n), bytes(x, n) ...), a text column or phoenix_decimal(x)"),
	 .out = V_BIN, .order = FO_FLIP, OP1(.kind = OP_DESC), .input_ok = desc_input},
	/* a bytea or text column's own bytes, of a fixed width if given */
	{.name = "bytes", .minargs = 1, .maxargs = 2, .usage = "%s() takes (column [, width])",
	 .in = VK(V_BYTES) | VK(V_TEXT), .in_error = "%s() needs a bytea or text column",
	 .out = OUT_KEEP, .wrule = FW_ARG, .width_max = 1000, .args_ok = bytes_args},
	PREFIX_FN("salt"),
	PREFIX_FN("md5"),
	PREFIX_FN("sha1"),
	PREFIX_FN("sha256"),
	PREFIX_FN("left"),
	PREFIX_FN("substr"),
	PREFIX_FN("hex"),
	PREFIX_FN("letter"),
};

static rk_order
flip_order(rk_order o)
{
	return o == RK_ORDER_ASC ? RK_ORDER_DESC : o == RK_ORDER_DESC ? RK_ORDER_ASC : RK_ORDER_NONE;
}

/* a bare column: its pipeline starts with the column's own kind, in value order */
static void
compile_column(compiler *c, node *n, pipeline *pl)
{
	int			col = find_column(c, n);

	if (col < 0)
	{
		cerr(c, n->pos, no_column_error(c, "\"%s\" is not a column of the foreign table", n->name));
		return;
	}
	if (pl->column >= 0 && pl->column != col)
	{
		cerr(c, n->pos, "a key part can use only one column");
		return;
	}
	pl->column = col;
	pl->width = -1;
	pl->order = RK_ORDER_ASC;
	switch (c->columns[col].type)
	{
		case RK_INT:
			pl->kind = V_INT;
			pl->valwidth = c->columns[col].width;
			break;
		case RK_FLOAT:
			pl->kind = V_FLOAT;
			pl->valwidth = c->columns[col].width;
			break;
		case RK_TEXT:
			pl->kind = V_TEXT;
			break;
		case RK_DATE:
			pl->kind = V_DATE;
			break;
		case RK_TIMESTAMP:
			pl->kind = V_TS;
			break;
		case RK_BYTES:
			pl->kind = V_BYTES;
			break;
		case RK_NUMERIC:
			pl->kind = V_NUM;
			break;
		case RK_BOOL:
			pl->kind = V_BOOL;
			pl->valwidth = 1;
			break;
		case RK_OTHER:
			cerr(c, n->pos, hbase_rk_fmt_error("column \"%s\" has a type a rowkey part cannot hold (use text, varchar, smallint, integer, bigint, real, double precision, numeric, boolean, date, timestamp, timestamptz or bytea)",
												 n->name));
			return;
	}
	pl->source = pl->kind;
}

/*
 * A call of a layout function (layout_fns), in the order of the checks whose first error
 * the user sees: the number of arguments, the width argument of uint() (before its value),
 * the value argument compiled, the kind it gives, the column's width for a float encoding,
 * the width argument, then the function's hook; then its ops are appended and the
 * pipeline's kind, width, order, nonneg and valwidth become what the row says.
 */
static void
compile_call(compiler *c, node *n, pipeline *pl)
{
	const layout_fn *fn = NULL;
	node	   *a;
	op			ops[2];
	int			i,
				w = 0;

	for (i = 0; i < (int) (sizeof(layout_fns) / sizeof(layout_fns[0])) && fn == NULL; i++)
		if (strcmp(layout_fns[i].name, n->name) == 0)
			fn = &layout_fns[i];
	if (fn == NULL)
	{
		cerr(c, n->pos, hbase_rk_fmt_error("unknown function \"%s\"", n->name));
		return;
	}
	if (fn->prefix_only)
	{
		cerr(c, n->pos, hbase_rk_fmt_error("%s() can only be the first part of the key", n->name));
		return;
	}
	if (n->nkids < fn->minargs || n->nkids > fn->maxargs || (a = arg1(n->kids[0])) == NULL ||
		(fn->args_ok && !fn->args_ok(n, a)))
	{
		cerr(c, n->pos, hbase_rk_fmt_error(fn->usage, n->name));
		return;
	}
	if (fn->wrule == FW_ARG && fn->width_first)
	{
		w = num_arg(c, n, 1, 1, fn->width_max, "the width");
		if (c->error)
			return;
	}

	compile_value(c, a, pl);
	if (c->error)
		return;
	if (fn->to_text)
		to_text(c, a, pl);
	else if (!(fn->in & VK(pl->kind)) || (fn->in_column && pl->nops != 0) ||
			 (fn->input_ok && !fn->input_ok(c, pl)))
		cerr(c, n->pos, hbase_rk_fmt_error(fn->in_error, n->name));
	if (c->error)
		return;
	if (fn->fits_column && pl->valwidth > fn->width)
	{
		cerr(c, n->pos, hbase_rk_fmt_error("%s() holds %d bytes but column \"%s\" has %d",
										   n->name, fn->width, c->columns[pl->column].name,
										   pl->valwidth));
		return;
	}
	if (fn->wrule == FW_ARG && !fn->width_first && n->nkids > 1)
	{
		w = num_arg(c, n, 1, 1, fn->width_max, "the width");
		if (c->error)
			return;
	}

	/* the part as the function leaves it */
	if (fn->wrule == FW_FIXED)
		pl->width = fn->width;
	else if (fn->wrule == FW_VARIABLE)
		pl->width = -1;
	else if (fn->wrule == FW_ARG && (fn->width_first || n->nkids > 1))
		pl->width = w;
	if (fn->order == FO_NONE)
		pl->order = RK_ORDER_NONE;
	else if (fn->order == FO_ASC)
		pl->order = RK_ORDER_ASC;
	else if (fn->order == FO_FLIP)
		pl->order = flip_order(pl->order);
	if (fn->nonneg == FN_CLEAR)
		pl->nonneg = 0;
	else if (fn->nonneg == FN_SIGNED)
		pl->nonneg = !(pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_INVERT);
	if (fn->valwidth)
		pl->valwidth = fn->valwidth;
	memcpy(ops, fn->ops, sizeof(ops));
	for (i = 0; i < fn->nops; i++)
		ops[i].width = pl->width;
	if (fn->shape)
	{
		fn->shape(c, n, pl, ops);
		if (c->error)
			return;
	}
	for (i = 0; i < fn->nops; i++)
		add_op(pl, ops[i]);
	if (fn->out != OUT_KEEP)
		pl->kind = (vkind) fn->out;
}

/*
 * A value expression into the pipeline: a column starts it, Long.MAX_VALUE - x and the
 * layout functions (compile_call) extend what their argument compiled to.
 */
static void
compile_value(compiler *c, node *n, pipeline *pl)
{
	if (c->error)
		return;
	switch (n->kind)
	{
		case N_NAME:
			compile_column(c, n, pl);
			return;
		case N_MAXMINUS:
			compile_value(c, n->kids[0], pl);
			if (c->error)
				return;
			if (pl->kind != V_INT)
			{
				cerr(c, n->pos, "Long.MAX_VALUE - x needs an integer x");
				return;
			}
			add_op(pl, (op) {.kind = OP_INVERT});
			pl->valwidth = 8;
			pl->order = flip_order(pl->order);
			return;
		case N_CALL:
			compile_call(c, n, pl);
			return;
		case N_STR:
			cerr(c, n->pos, "a string literal cannot stand here");
			return;
		case N_NUM:
			cerr(c, n->pos, "a number cannot stand here");
			return;
		default:
			cerr(c, n->pos, "unexpected expression");
			return;
	}
}

static part *
new_part(compiler *c, rk_part_kind kind, node *n)
{
	part	   *p = rk_zalloc(sizeof(part));

	p->kind = kind;
	p->pos = n->pos;
	p->pl.column = -1;
	p->hashsrc.column = -1;
	p->width = -1;
	{
		int			end = n->end > n->pos ? n->end : n->pos + 1;

		while (end > n->pos && isspace((unsigned char) c->text[end - 1]))
			end--;
		p->text = rk_strndup(c->text + n->pos, end - n->pos);
	}
	return p;
}

/*
 * A column part: a value expression, or nullable(x), the part x whose NULL
 * is no bytes wherever it stands (check_layout), as Phoenix writes a NULL
 * of a nullable column in an index's key: there a nullable fixed-width
 * column becomes a DECIMAL (IndexUtil.getIndexColumnDataType) and every
 * indexed column may be NULL, followed by the data table's key.
 */
static part *
compile_column_part(compiler *c, node *n)
{
	part	   *p = new_part(c, RK_PART_COLUMN, n);

	if (n->kind == N_CALL && strcmp(n->name, "nullable") == 0)
	{
		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, "nullable() takes one part");
			return p;
		}
		p->nullable = 1;
		n = arg1(n->kids[0]);
	}
	compile_value(c, n, &p->pl);
	if (c->error)
		return p;
	switch (p->pl.kind)
	{
		case V_INT:
			if (p->pl.nops > 0 && p->pl.ops[p->pl.nops - 1].kind == OP_INVERT)
			{
				/* Long.MAX_VALUE - x as text: 19 digits, byte order reversed */
				add_op(&p->pl, (op) {.kind = OP_DEC});
				p->pl.kind = V_TEXT;
				p->pl.width = 19;
				break;
			}
			/* a bare integer: decimal, variable width, no useful order */
			add_op(&p->pl, (op) {.kind = OP_DEC});
			p->pl.kind = V_TEXT;
			p->pl.width = -1;
			p->pl.order = RK_ORDER_NONE;
			break;
		case V_FLOAT:
		case V_DATE:
		case V_TS:
		case V_NUM:
		case V_BOOL:
			to_text(c, n, &p->pl);
			break;
		default:
			break;
	}
	p->width = p->pl.width;
	return p;
}

static const EVP_MD *
digest_of(const char *name, int *raw)
{
	*raw = 0;
	if (strncmp(name, "md5", 3) == 0 || strncmp(name, "sha1", 4) == 0 ||
		strncmp(name, "sha256", 6) == 0)
	{
		const char *u = strchr(name, '_');

		if (u && strcmp(u, "_raw") != 0)
			return NULL;
		*raw = (u != NULL);
		if (strncmp(name, "md5", 3) == 0 && (name[3] == '\0' || name[3] == '_'))
			return EVP_md5();
		if (strncmp(name, "sha1", 4) == 0 && (name[4] == '\0' || name[4] == '_'))
			return EVP_sha1();
		if (strncmp(name, "sha256", 6) == 0 && (name[6] == '\0' || name[6] == '_'))
			return EVP_sha256();
	}
	return NULL;
}

/* salt(N [, javahash(x) | random]) with an optional output format around it */
static part *
compile_salt(compiler *c, node *n, node *s, salt_format fmt, int width)
{
	part	   *p = new_part(c, RK_PART_SALT, n);

	p->sfmt = fmt;
	p->width = width;
	if (s->nkids < 1 || s->nkids > 2)
	{
		cerr(c, s->pos, "salt() takes (buckets [, javahash(x) | arrays_hash(parts) | random])");
		return p;
	}
	p->buckets = num_arg(c, s, 0, 1, 256, "the number of buckets");
	if (c->error)
		return p;
	if (fmt == SALTF_BYTE && p->buckets > 256)
		cerr(c, s->pos, "a salt byte holds at most 256 buckets");
	p->salt = SALT_PHOENIX;
	if (s->nkids == 2)
	{
		node	   *h = arg1(s->kids[1]);

		if (h && h->kind == N_NAME && !h->quoted && strcmp(h->name, "random") == 0)
			p->salt = SALT_RANDOM;
		else if (h && is_call(h, "javahash") && h->nkids == 1 && arg1(h->kids[0]))
		{
			p->salt = SALT_JAVAHASH;
			compile_value(c, arg1(h->kids[0]), &p->hashsrc);
			if (!c->error && p->hashsrc.kind != V_INT && p->hashsrc.kind != V_TEXT)
				cerr(c, h->pos, "javahash() needs an integer or text value");
		}
		else if (h && is_call(h, "arrays_hash") && h->nkids == 1 && h->kids[0]->kind == N_SEQ)
			p->salt = SALT_ARRAYS;	/* its items: hash_items_of, once the parts exist */
		else
			cerr(c, s->kids[1]->pos, "the salt's hash is javahash(x), arrays_hash(parts) or random");
	}
	if (!c->error && fmt == SALTF_DEC)
	{
		int			digits = 1,
					v = p->buckets - 1;

		while (v >= 10)
			v /= 10, digits++;
		if (digits > width)
			cerr(c, n->pos, "the width is too small for the number of buckets");
	}
	if (!c->error && fmt == SALTF_HEX)
	{
		int			digits = 1,
					v = p->buckets - 1;

		while (v >= 16)
			v /= 16, digits++;
		if (digits > width)
			cerr(c, n->pos, "the width is too small for the number of buckets");
	}
	if (!c->error && fmt == SALTF_LETTER && p->buckets > 26)
		cerr(c, n->pos, "letter() holds at most 26 buckets");
	return p;
}

/* is this node a prefix (salt or hash) form? compile it then */
static part *
compile_prefix(compiler *c, node *n)
{
	node	   *s;
	int			raw;

	if (is_call(n, "salt"))
		return compile_salt(c, n, n, SALTF_BYTE, 1);
	if (n->kind == N_CALL && digest_of(n->name, &raw) != NULL)
	{
		/* a whole digest is no key part: its first k hex digits are */
		cerr(c, n->pos, hbase_rk_fmt_error("a hash prefix takes the first k characters of the hash: write left(%s(...), k), e.g. left(%s(...), 4)",
										   n->name, n->name));
		return new_part(c, RK_PART_HASH, n);
	}
	if ((is_call(n, "lpad") || is_call(n, "hex")) && n->nkids == 2 &&
		(s = arg1(n->kids[0])) != NULL && is_call(s, "salt"))
	{
		int			w = num_arg(c, n, 1, 1, 8, "the width");

		return compile_salt(c, n, s, is_call(n, "hex") ? SALTF_HEX : SALTF_DEC, w);
	}
	if (is_call(n, "letter") && n->nkids == 1 && (s = arg1(n->kids[0])) != NULL && is_call(s, "salt"))
		return compile_salt(c, n, s, SALTF_LETTER, 1);
	if ((is_call(n, "left") && n->nkids == 2) || (is_call(n, "substr") && n->nkids == 3))
	{
		node	   *h = arg1(n->kids[0]);
		const EVP_MD *md = (h && h->kind == N_CALL) ? digest_of(h->name, &raw) : NULL;
		part	   *p;
		int			k;

		if (md == NULL)
		{
			if (h && h->kind == N_CALL)
			{
				cerr(c, h->pos, hbase_rk_fmt_error("unknown hash function \"%s\" (use md5, sha1, sha256, or md5_raw, sha1_raw, sha256_raw)",
										  h->name));
				return new_part(c, RK_PART_HASH, n);
			}
			return NULL;
		}
		p = new_part(c, RK_PART_HASH, n);
		p->md = md;
		p->raw = raw;
		if (is_call(n, "substr"))
		{
			num_arg(c, n, 1, 0, 0, "the start");
			k = num_arg(c, n, 2, 1, 64, "the length");
		}
		else
			k = num_arg(c, n, 1, 1, 64, "the length");
		if (!c->error && k > (raw ? 1 : 2) * EVP_MD_size(md))
			cerr(c, n->pos, hbase_rk_fmt_error("%s gives only %d %s", h->name,
									  (raw ? 1 : 2) * EVP_MD_size(md), raw ? "bytes" : "hex digits"));
		p->width = k;
		if (h->nkids != 1)
			cerr(c, h->pos, hbase_rk_fmt_error("%s() takes the parts to hash, joined with +", h->name));
		return p;
	}
	return NULL;
}

static int
add_part(rk_layout *l, part *p)
{
	part	  **parts = rk_zalloc(sizeof(part *) * (l->nparts + 1));

	if (l->nparts)
	{
		memcpy(parts, l->parts, sizeof(part *) * l->nparts);
		rk_dealloc(l->parts);
	}
	parts[l->nparts++] = p;
	l->parts = parts;
	return l->nparts - 1;
}

/* flatten a sequence (with optional groups at its end) into parts */
static void
flatten(compiler *c, rk_layout *l, node *seq, int optional)
{
	int			i;

	for (i = 0; i < seq->nkids && !c->error; i++)
	{
		node	   *n = seq->kids[i];
		part	   *p;

		if (l->nparts >= RK_MAX_PARTS)
		{
			cerr(c, n->pos, "the layout has more than " CppAsStringRk(RK_MAX_PARTS) " parts");
			return;
		}
		if (n->kind == N_OPT)
		{
			if (i != seq->nkids - 1)
			{
				cerr(c, n->pos, "an optional group [...] must be the last part of the key");
				return;
			}
			flatten(c, l, n->kids[0], 1);
			continue;
		}
		if (n->kind == N_STR)
		{
			p = new_part(c, RK_PART_LITERAL, n);
			p->lit = rk_strndup(n->str, n->slen);
			p->litlen = n->slen;
			p->width = (int) n->slen;
			if (n->slen == 0)
				cerr(c, n->pos, "an empty literal");
		}
		else if ((p = compile_prefix(c, n)) != NULL)
		{
			if (l->nparts > 0 || optional)
				cerr(c, n->pos, "a salt or hash prefix must be the first part of the key");
		}
		else
			p = compile_column_part(c, n);
		p->optional = optional;
		optional = 0;
		add_part(l, p);
	}
}

static void
copy_pipeline(pipeline *dst, const pipeline *src)
{
	int			i;

	*dst = *src;
	dst->ops = rk_zalloc(sizeof(op) * (src->nops ? src->nops : 1));
	for (i = 0; i < src->nops; i++)
	{
		dst->ops[i] = src->ops[i];
		if (src->ops[i].pattern)
			dst->ops[i].pattern = rk_strndup(src->ops[i].pattern, strlen(src->ops[i].pattern));
	}
}

/* the items of a hash: bare columns take their encoding elsewhere in the key */
static void
compile_hash_items(compiler *c, rk_layout *l, part *h, node *seq)
{
	int			i;

	h->items = rk_zalloc(sizeof(part *) * seq->nkids);
	for (i = 0; i < seq->nkids && !c->error; i++)
	{
		node	   *n = seq->kids[i];
		part	   *p = NULL;

		if (n->kind == N_STR)
		{
			p = new_part(c, RK_PART_LITERAL, n);
			p->lit = rk_strndup(n->str, n->slen);
			p->litlen = n->slen;
		}
		else if (n->kind == N_NAME)
		{
			int			col = find_column(c, n);
			int			j;

			if (col < 0)
			{
				cerr(c, n->pos, no_column_error(c, "hash over \"%s\", which is not a column of the foreign table", n->name));
				return;
			}
			for (j = 0; j < l->nparts; j++)
				if (l->parts[j]->kind == RK_PART_COLUMN && l->parts[j]->pl.column == col)
					break;
			if (j < l->nparts)
			{
				/* the same bytes as that column's part of the key */
				p = new_part(c, RK_PART_COLUMN, n);
				copy_pipeline(&p->pl, &l->parts[j]->pl);
				p->width = p->pl.width;
			}
			else
				p = compile_column_part(c, n);
		}
		else if (n->kind == N_OPT)
			cerr(c, n->pos, "an optional group cannot be hashed");
		else
			p = compile_column_part(c, n);
		if (p)
			h->items[h->nitems++] = p;
	}
}

static void
hash_items_of(compiler *c, rk_layout *l, node *root)
{
	node	   *first = root->kids[0];
	node	   *h;
	part	   *p = l->parts[0];

	if (p->kind == RK_PART_SALT && p->salt == SALT_ARRAYS)
	{
		/* salt(...) itself, or inside lpad / hex / letter */
		node	   *s = is_call(first, "salt") ? first : arg1(first->kids[0]);

		h = arg1(s->kids[1]);
		compile_hash_items(c, l, p, h->kids[0]);
		return;
	}
	if (p->kind != RK_PART_HASH)
		return;
	h = arg1(first->kids[0]);
	compile_hash_items(c, l, p, h->kids[0]);
}

/*
 * The checks of a flattened layout: a column once, a variable-width part followed by a
 * delimiter (or last), the order a part keeps (none where its delimiter could sort inside
 * its values), a group holding a column; and which parts are nullable (a NULL there is no
 * bytes: variable-width parts of a group before the last, as Phoenix writes a NULL key
 * column before the last one it writes).
 */
static void
check_layout(compiler *c, rk_layout *l)
{
	int			i,
				j;
	int			in_group = 0;
	int			last_group = 0;	/* where the last optional group starts */

	for (i = 0; i < l->nparts; i++)
		if (l->parts[i]->optional)
			last_group = i;

	for (i = 0; i < l->nparts && !c->error; i++)
	{
		part	   *p = l->parts[i];
		part	   *next = (i + 1 < l->nparts) ? l->parts[i + 1] : NULL;

		if (p->kind == RK_PART_COLUMN)
		{
			for (j = 0; j < i; j++)
				if (l->parts[j]->kind == RK_PART_COLUMN && l->parts[j]->pl.column == p->pl.column)
					cerr(c, p->pos, hbase_rk_fmt_error("column \"%s\" appears twice in the key",
											  c->columns[p->pl.column].name));
			if (p->width < 0 && next != NULL && next->kind != RK_PART_LITERAL)
				cerr(c, p->pos, hbase_rk_fmt_error("variable-width part \"%s\" must be followed by a literal delimiter or be the last part",
										  p->text));
			/*
			 * Order survives a delimiter only if it sorts below every value
			 * byte: text holds no 0x00, so a delimiter starting with it; bytes
			 * may hold 0x00 unless the delimiter is exactly "\x00" (values
			 * cannot contain their delimiter).
			 */
			if (p->width < 0 && p->pl.order == RK_ORDER_ASC && next != NULL &&
				!(next->litlen >= 1 && next->lit[0] == '\0' &&
				  (c->columns[p->pl.column].type != RK_BYTES || next->litlen == 1)))
				p->pl.order = RK_ORDER_NONE;
			/*
			 * The same for desc(text): its bytes hold no 0xff, so a
			 * delimiter starting with 0xff sorts above each of them and a
			 * value's key after those of the values it is a prefix of (as
			 * DESC wants).  Last in the key, "ab" would follow "a"; so it
			 * would where the delimiter opens an optional group (which marks
			 * its first part optional), absent from some keys.
			 */
			if (p->width < 0 && p->pl.order == RK_ORDER_DESC &&
				!(next != NULL && !next->optional &&
				  next->litlen >= 1 && (unsigned char) next->lit[0] == 0xff))
				p->pl.order = RK_ORDER_NONE;
		}
		if (p->kind == RK_PART_LITERAL && p->optional && (next == NULL))
			cerr(c, p->pos, "an optional group needs a column");
		if (p->optional)
			in_group = 1;
		/*
		 * In a group before the last one a variable-width column may be
		 * NULL while a later group is written: no bytes, and a "\xff" after
		 * it is "\x00" (Phoenix: PTableImpl.newKey,
		 * SchemaUtil.getSeparatorByte).  In the last group no bytes stay an
		 * empty value, as before groups nested.
		 */
		if (p->kind == RK_PART_COLUMN && p->nullable && p->width >= 0)
			cerr(c, p->pos, hbase_rk_fmt_error("nullable() takes a part of variable width, not \"%s\"",
											   p->text));
		if (p->kind == RK_PART_COLUMN && p->width < 0 &&
			((in_group && i < last_group) || p->nullable))
		{
			p->nullable = 1;
			p->null_sep = next != NULL && next->kind == RK_PART_LITERAL &&
				next->litlen == 1 && (unsigned char) next->lit[0] == 0xff;
		}
	}
	if (!c->error && l->nparts == 0)
		cerr(c, 0, "the layout is empty");
	if (!c->error)
	{
		int			ncol = 0;

		for (i = 0; i < l->nparts; i++)
			if (l->parts[i]->kind == RK_PART_COLUMN)
				ncol++;
		if (ncol == 0)
			cerr(c, 0, "the layout names no column");
	}
}

rk_layout *
hbase_rk_parse(const char *text, const rk_column *columns, int ncolumns,
			   const char **error, int *errpos)
{
	compiler	c = {0};
	node	   *root;
	rk_layout  *l;

	if (strlen(text) > RK_MAX_LAYOUT_LEN)
	{
		*error = "the layout is longer than " CppAsStringRk(RK_MAX_LAYOUT_LEN) " bytes";
		*errpos = RK_MAX_LAYOUT_LEN;
		return NULL;
	}
	root = hbase_rk_parse_tree(text, error, errpos);
	if (root == NULL)
		return NULL;

	l = rk_zalloc(sizeof(rk_layout));
	c.text = text;
	c.columns = columns;
	c.ncolumns = ncolumns;
	l->columns = columns;
	l->ncolumns = ncolumns;
	flatten(&c, l, root, 0);
	if (!c.error)
		hash_items_of(&c, l, root);
	if (!c.error)
		check_layout(&c, l);
	hbase_rk_free_tree(root);
	if (c.error)
	{
		static char final[512];

		hbase_rk_free(l);
		snprintf(final, sizeof(final), "%s", c.msg);
		*error = final;
		*errpos = c.errpos;
		return NULL;
	}
	*error = NULL;
	*errpos = -1;
	return l;
}
