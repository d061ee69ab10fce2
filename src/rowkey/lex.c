/*
 * rowkey/lex.c: the tokens of a layout's text (names, `quoted names`, 'strings' with their
 * escapes, numbers, punctuation), and the first syntax error met, with its offset.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rowkey_int.h"

void
hbase_rk_syntax_error(parser *ps, int pos, const char *msg)
{
	if (ps->error == NULL)
	{
		ps->error = msg;
		ps->errpos = pos;
	}
}

/*
 * A quoted column name: `MyId`, `b c` (a backtick doubled inside).  Not a string literal
 * ('...' and "..." are), so a column whose name is no plain identifier (mixed case, spaces,
 * punctuation) can be named without being read as bytes.  p is at the opening backtick;
 * returns the offset after the name (T_BAD and the error when it is unterminated or empty).
 */
static int
lex_quoted_name(parser *ps, int p)
{
	const char *t = ps->text;
	token	   *tok = &ps->tok;
	buf			b = {0};

	p++;
	for (;;)
	{
		if (t[p] == '\0')
		{
			hbase_rk_buf_free(&b);
			tok->kind = T_BAD;
			hbase_rk_syntax_error(ps, tok->pos, "unterminated quoted name");
			return p;
		}
		if (t[p] == '`' && t[p + 1] == '`')
		{
			hbase_rk_buf_append(&b, "`", 1);
			p += 2;
			continue;
		}
		if (t[p] == '`')
		{
			p++;
			break;
		}
		hbase_rk_buf_append(&b, &t[p], 1);
		p++;
	}
	if (b.len == 0)
	{
		tok->kind = T_BAD;
		hbase_rk_syntax_error(ps, tok->pos, "empty quoted name");
		return p;
	}
	tok->kind = T_QNAME;
	tok->str = b.data;
	tok->slen = b.len;
	tok->len = p - tok->pos;
	return p;
}

/*
 * A string literal, in '...' or "..." (the quote doubled inside), with \xNN for any byte and
 * \\ for a backslash; any other backslash is an error, so that a layout means one thing.  p is
 * at the opening quote; returns the offset after the string (T_BAD and the error when it is
 * unterminated or holds a bad escape).
 */
static int
lex_string(parser *ps, int p)
{
	const char *t = ps->text;
	token	   *tok = &ps->tok;
	char		q = t[p++];
	buf			b = {0};

	for (;;)
	{
		char		c = t[p];

		if (c == '\0')
		{
			hbase_rk_buf_free(&b);
			tok->kind = T_BAD;
			hbase_rk_syntax_error(ps, tok->pos, "unterminated string");
			return p;
		}
		if (c == q && t[p + 1] == q)
		{
			hbase_rk_buf_append(&b, &c, 1);
			p += 2;
			continue;
		}
		if (c == q)
		{
			p++;
			break;
		}
		if (c == '\\' && t[p + 1] == 'x' && isxdigit((unsigned char) t[p + 2]) &&
			isxdigit((unsigned char) t[p + 3]))
		{
			char		hex[3] = {t[p + 2], t[p + 3], 0};
			char		byte = (char) strtol(hex, NULL, 16);

			hbase_rk_buf_append(&b, &byte, 1);
			p += 4;
			continue;
		}
		if (c == '\\' && t[p + 1] == '\\')
		{
			hbase_rk_buf_append(&b, "\\", 1);
			p += 2;
			continue;
		}
		if (c == '\\')
		{
			hbase_rk_buf_free(&b);
			tok->kind = T_BAD;
			hbase_rk_syntax_error(ps, p, "invalid escape in string (use \\xNN or \\\\)");
			return p;
		}
		hbase_rk_buf_append(&b, &c, 1);
		p++;
	}
	tok->kind = T_STR;
	tok->str = b.data ? b.data : rk_zalloc(1);
	tok->slen = b.len;
	return p;
}

/*
 * The next token from ps->p into ps->tok, and ps->p past it.  Names may hold dots (for
 * Long.MAX_VALUE); numbers stop at 10^15 (widths and counts, never a value); a bad character,
 * string or quoted name makes a T_BAD token and records the first syntax error, which the
 * parser then reports.
 */
void
hbase_rk_next_token(parser *ps)
{
	const char *t = ps->text;
	int			p = ps->p;
	token	   *tok = &ps->tok;

	while (t[p] && isspace((unsigned char) t[p]))
		p++;
	memset(tok, 0, sizeof(*tok));
	tok->pos = p;
	tok->start = t + p;
	if (t[p] == '\0')
		tok->kind = T_END;
	else if (isalpha((unsigned char) t[p]) || t[p] == '_')
	{
		int			s = p;

		while (isalnum((unsigned char) t[p]) || t[p] == '_' || t[p] == '.')
			p++;
		tok->kind = T_NAME;
		tok->len = p - s;
	}
	else if (isdigit((unsigned char) t[p]))
	{
		long long	v = 0;

		while (isdigit((unsigned char) t[p]))
		{
			if (v > 100000000000000LL)
			{
				tok->kind = T_BAD;
				hbase_rk_syntax_error(ps, tok->pos, "number too large");
				ps->p = p;
				return;
			}
			v = v * 10 + (t[p++] - '0');
		}
		tok->kind = T_NUM;
		tok->num = v;
	}
	else if (t[p] == '`')
		p = lex_quoted_name(ps, p);
	else if (t[p] == '\'' || t[p] == '"')
		p = lex_string(ps, p);
	else
	{
		switch (t[p])
		{
			case '+':
				tok->kind = T_PLUS;
				break;
			case '-':
				tok->kind = T_MINUS;
				break;
			case '(':
				tok->kind = T_LP;
				break;
			case ')':
				tok->kind = T_RP;
				break;
			case ',':
				tok->kind = T_COMMA;
				break;
			case '[':
				tok->kind = T_LB;
				break;
			case ']':
				tok->kind = T_RB;
				break;
			default:
				tok->kind = T_BAD;
				hbase_rk_syntax_error(ps, p, "unexpected character");
				break;
		}
		p++;
		tok->len = 1;
	}
	ps->p = p;
}
