/*
 * rowkey/parse.c: a layout's tokens into a tree (rowkey_int.h's node): sequences joined by
 * "+", calls, Long.MAX_VALUE - x and optional [groups], with the nesting bounded by
 * RK_MAX_DEPTH (the compiler and hbase_rk_free_tree recurse as deep as the text nests).
 * What the calls mean is the compiler's business.
 */
#include <string.h>

#include "rowkey_int.h"

static node *
new_node(nkind kind, int pos)
{
	node	   *n = rk_zalloc(sizeof(node));

	n->kind = kind;
	n->pos = pos;
	return n;
}

/* append a child; the array doubles, so a long sequence parses in linear time */
static void
add_kid(node *n, node *kid)
{
	if (n->nkids == n->capkids)
	{
		int			cap = n->capkids ? 2 * n->capkids : 4;
		node	  **k = rk_zalloc(sizeof(node *) * cap);

		if (n->nkids)
		{
			memcpy(k, n->kids, sizeof(node *) * n->nkids);
			rk_dealloc(n->kids);
		}
		n->kids = k;
		n->capkids = cap;
	}
	n->kids[n->nkids++] = kid;
}

void
hbase_rk_free_tree(node *n)
{
	int			i;

	if (n == NULL)
		return;
	for (i = 0; i < n->nkids; i++)
		hbase_rk_free_tree(n->kids[i]);
	if (n->kids)
		rk_dealloc(n->kids);
	if (n->name)
		rk_dealloc(n->name);
	if (n->str)
		rk_dealloc(n->str);
	rk_dealloc(n);
}

static node *parse_seq(parser *ps);

/*
 * A group opened at offset open ("(", or "[" when bracket) that the next token does not close: at the end of
 * the text the error points at the opening character (the user looks for where to add the
 * closing one, and the end of the text says nothing); elsewhere at the token found instead
 * (msg).
 */
static void
unclosed(parser *ps, int open, int bracket, const char *msg)
{
	if (ps->tok.kind == T_END)
		hbase_rk_syntax_error(ps, open, bracket ? "unbalanced \"[\": no \"]\" closes it" :
							  "unbalanced \"(\": no \")\" closes it");
	else
		hbase_rk_syntax_error(ps, ps->tok.pos, msg);
}

/*
 * One primary: a string, a number, (a sequence) (a single item unwrapped, so that (x) is x),
 * a `quoted name` (a column: never called), Long.MAX_VALUE - primary, name(args, ...), or a
 * bare name.  Every node it returns is a tree's, even on error (the caller frees the tree);
 * its end offset is where the next token starts, for the part's text.  One case per token
 * kind, the call and Long.MAX_VALUE forms the longest.
 */
static node *
parse_primary(parser *ps)
{
	token		tok = ps->tok;
	node	   *n;

	switch (tok.kind)
	{
		case T_STR:
			n = new_node(N_STR, tok.pos);
			n->str = tok.str;
			n->slen = tok.slen;
			hbase_rk_next_token(ps);
			n->end = ps->tok.pos;
			return n;
		case T_NUM:
			n = new_node(N_NUM, tok.pos);
			n->num = tok.num;
			hbase_rk_next_token(ps);
			n->end = ps->tok.pos;
			return n;
		case T_LP:
			hbase_rk_next_token(ps);
			n = parse_seq(ps);
			if (ps->error)
				return n;
			if (ps->tok.kind != T_RP)
			{
				unclosed(ps, tok.pos, 0, "expected \")\"");
				return n;
			}
			hbase_rk_next_token(ps);
			if (n->nkids == 1)
			{
				node	   *inner = n->kids[0];

				rk_dealloc(n->kids);
				rk_dealloc(n);
				return inner;
			}
			return n;
		case T_QNAME:
			n = new_node(N_NAME, tok.pos);
			n->name = tok.str;
			n->quoted = 1;
			hbase_rk_next_token(ps);
			n->end = ps->tok.pos;
			if (ps->tok.kind == T_LP)
				hbase_rk_syntax_error(ps, tok.pos, "a quoted name is a column, not a function");
			return n;
		case T_NAME:
			hbase_rk_next_token(ps);
			if (tok.len == strlen("Long.MAX_VALUE") &&
				strncmp(tok.start, "Long.MAX_VALUE", tok.len) == 0)
			{
				n = new_node(N_MAXMINUS, tok.pos);
				if (ps->tok.kind != T_MINUS)
				{
					hbase_rk_syntax_error(ps, ps->tok.pos, "expected \"-\" after Long.MAX_VALUE");
					return n;
				}
				hbase_rk_next_token(ps);
				if (++ps->depth > RK_MAX_DEPTH)
				{
					hbase_rk_syntax_error(ps, ps->tok.pos, "the layout nests parentheses, brackets or calls too deeply");
					ps->depth--;
					return n;
				}
				add_kid(n, parse_primary(ps));
				ps->depth--;
				n->end = ps->tok.pos;
				return n;
			}
			if (ps->tok.kind == T_LP)
			{
				int			lp = ps->tok.pos;

				n = new_node(N_CALL, tok.pos);
				n->name = rk_strndup(tok.start, tok.len);
				hbase_rk_next_token(ps);
				if (ps->tok.kind != T_RP)
				{
					for (;;)
					{
						add_kid(n, parse_seq(ps));
						if (ps->error)
							return n;
						if (ps->tok.kind == T_COMMA)
						{
							hbase_rk_next_token(ps);
							continue;
						}
						break;
					}
				}
				if (ps->tok.kind != T_RP)
				{
					unclosed(ps, lp, 0, "expected \")\" or \",\"");
					return n;
				}
				hbase_rk_next_token(ps);
				n->end = ps->tok.pos;
				return n;
			}
			n = new_node(N_NAME, tok.pos);
			n->name = rk_strndup(tok.start, tok.len);
			n->end = ps->tok.pos;
			return n;
		case T_END:
			n = new_node(N_STR, tok.pos);
			hbase_rk_syntax_error(ps, tok.pos, "unexpected end of layout");
			return n;
		default:
			n = new_node(N_STR, tok.pos);
			if (tok.kind != T_BAD)
				hbase_rk_syntax_error(ps, tok.pos, "unexpected token");
			return n;
	}
}

static node *
parse_term(parser *ps)
{
	if (ps->tok.kind == T_LB)
	{
		node	   *n = new_node(N_OPT, ps->tok.pos);

		hbase_rk_next_token(ps);
		add_kid(n, parse_seq(ps));
		if (ps->error)
			return n;
		if (ps->tok.kind != T_RB)
		{
			unclosed(ps, n->pos, 1, "expected \"]\"");
			return n;
		}
		hbase_rk_next_token(ps);
		n->end = ps->tok.pos;
		return n;
	}
	return parse_primary(ps);
}

static node *
parse_seq(parser *ps)
{
	node	   *seq = new_node(N_SEQ, ps->tok.pos);

	/* the parser, the compiler and hbase_rk_free_tree recurse as deep as the text nests */
	if (++ps->depth > RK_MAX_DEPTH)
	{
		hbase_rk_syntax_error(ps, ps->tok.pos, "the layout nests parentheses, brackets or calls too deeply");
		seq->end = ps->tok.pos;
		ps->depth--;
		return seq;
	}
	add_kid(seq, parse_term(ps));
	while (!ps->error && ps->tok.kind == T_PLUS)
	{
		hbase_rk_next_token(ps);
		add_kid(seq, parse_term(ps));
	}
	seq->end = ps->tok.pos;
	ps->depth--;
	return seq;
}

/*
 * The tree of a layout's text: a sequence of terms joined by "+", each a string, a number, a
 * column name, a call, Long.MAX_VALUE - x or an optional [group].  NULL with *error and
 * *errpos (the offset of the offending token) when the text is no layout.
 */
node *
hbase_rk_parse_tree(const char *text, const char **error, int *errpos)
{
	parser		ps = {0};
	node	   *root;

	ps.text = text;
	hbase_rk_next_token(&ps);
	root = parse_seq(&ps);
	if (!ps.error && ps.tok.kind != T_END)
		hbase_rk_syntax_error(&ps, ps.tok.pos, ps.tok.kind == T_RP ? "unbalanced \")\"" :
							  ps.tok.kind == T_RB ? "unbalanced \"]\"" : "expected \"+\" between parts");
	/* a string or quoted name the parser stopped at is no node's */
	if ((ps.tok.kind == T_STR || ps.tok.kind == T_QNAME) && ps.tok.str)
		rk_dealloc(ps.tok.str);
	if (ps.error)
	{
		hbase_rk_free_tree(root);
		*error = ps.error;
		*errpos = ps.errpos;
		return NULL;
	}
	return root;
}
