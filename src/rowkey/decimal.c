/*
 * rowkey/decimal.c: Apache Phoenix's DECIMAL bytes (PDecimal), from a number's text and back,
 * for phoenix_decimal(x) key parts and for Phoenix's DECIMAL cells (phoenix_cell.c).
 */
#include <string.h>

#include "rowkey_int.h"

#define PHX_ZERO_BYTE		0x80
#define PHX_NEG_TERMINAL	102
#define PHX_EXP_OFFSET		65

/*
 * Digit pairs d[i] of |x| = sum d[i] * 100^(E - i); the exponent byte holds
 * E + 65 with the sign bit set for positive numbers; a positive number
 * stores d + 1, a negative one the complement (101 - d) of the exponent
 * byte and digits and ends with 102 when shorter than 21 bytes.  Both
 * orders sort as the numbers do.
 */
int
hbase_rk_phoenix_decimal(const char *text, size_t len, unsigned char *out)
{
	char		digits[RK_DEC_TEXT_MAX + 4];
	const char *p = text,
			   *end = text + len,
			   *intpart,
			   *intend,
			   *frac = NULL,
			   *fracend = NULL,
			   *start;
	int			neg = 0,
				nd = 0,
				e,
				npairs,
				n = 0,
				i;

	if (p < end && (*p == '-' || *p == '+'))
		neg = (*p++ == '-');
	intpart = p;
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	intend = p;
	if (p < end && *p == '.')
	{
		frac = ++p;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
		fracend = p;
	}
	if (p != end || (intend == intpart && (frac == NULL || fracend == frac)))
		return RK_DEC_NOT_FINITE;	/* NaN, Infinity, not a plain number */
	while (intpart < intend && *intpart == '0')
		intpart++;
	if ((size_t) (intend - intpart) + (frac ? (size_t) (fracend - frac) : 0) > RK_DEC_TEXT_MAX)
		return RK_DEC_RANGE;
	/* digit pairs: the integer part padded on the left, the fraction on the right */
	if ((intend - intpart) % 2)
		digits[nd++] = '0';
	memcpy(digits + nd, intpart, intend - intpart);
	nd += intend - intpart;
	e = nd / 2 - 1;
	if (frac)
	{
		memcpy(digits + nd, frac, fracend - frac);
		nd += fracend - frac;
	}
	if (nd % 2)
		digits[nd++] = '0';
	/* leading zero pairs move the exponent down, trailing ones go */
	start = digits;
	while (nd >= 2 && start[0] == '0' && start[1] == '0')
	{
		start += 2;
		nd -= 2;
		e--;
	}
	while (nd >= 2 && start[nd - 1] == '0' && start[nd - 2] == '0')
		nd -= 2;
	if (nd == 0)
	{
		out[0] = PHX_ZERO_BYTE;
		return 1;
	}
	npairs = nd / 2;
	if (npairs > RK_PHX_DECIMAL_MAX - 1 || e + PHX_EXP_OFFSET < 0 || e + PHX_EXP_OFFSET > 127)
		return RK_DEC_RANGE;
	out[n++] = neg ? ~(0x80 | (e + PHX_EXP_OFFSET)) & 0xff : 0x80 | (e + PHX_EXP_OFFSET);
	for (i = 0; i < npairs; i++)
	{
		int			v = (start[2 * i] - '0') * 10 + (start[2 * i + 1] - '0');

		out[n++] = neg ? 101 - v : v + 1;
	}
	if (neg && n < RK_PHX_DECIMAL_MAX)
		out[n++] = PHX_NEG_TERMINAL;
	return n;
}

/*
 * Back from PDecimal bytes: the digit pairs, then the decimal point placed by the exponent,
 * then the text trimmed as Phoenix's BigDecimal prints it (no trailing zeros after the point,
 * no leading zeros, zero never negative), so that the same number always reads as the same
 * text.  -1 for bytes no writer makes (a digit pair out of 0..99, a bad length).
 */
int
hbase_rk_phoenix_decimal_text(const unsigned char *p, size_t len, char *out)
{
	char		digits[2 * RK_PHX_DECIMAL_MAX + 1];
	int			neg,
				e,
				n,
				nd = 0,
				point,
				o = 0,
				i;

	if (len == 1 && p[0] == PHX_ZERO_BYTE)
	{
		strcpy(out, "0");
		return 1;
	}
	if (len < 2 || len > RK_PHX_DECIMAL_MAX)
		return -1;
	neg = (p[0] & 0x80) == 0;
	e = ((neg ? ~p[0] : p[0]) & 0x7f) - PHX_EXP_OFFSET;
	n = (int) len - 1;
	if (neg && p[len - 1] == PHX_NEG_TERMINAL)
		n--;
	if (n < 1)
		return -1;
	for (i = 1; i <= n; i++)
	{
		int			d = neg ? 101 - p[i] : p[i] - 1;

		if (d < 0 || d > 99)
			return -1;
		digits[nd++] = '0' + d / 10;
		digits[nd++] = '0' + d % 10;
	}
	/* the decimal point falls 2 * (E + 1) digits in */
	point = 2 * (e + 1);
	if (neg)
		out[o++] = '-';
	if (point <= 0)
	{
		out[o++] = '0';
		out[o++] = '.';
		for (i = point; i < 0; i++)
			out[o++] = '0';
		memcpy(out + o, digits, nd);
		o += nd;
	}
	else if (point >= nd)
	{
		memcpy(out + o, digits, nd);
		o += nd;
		for (i = nd; i < point; i++)
			out[o++] = '0';
	}
	else
	{
		memcpy(out + o, digits, point);
		o += point;
		out[o++] = '.';
		memcpy(out + o, digits + point, nd - point);
		o += nd - point;
	}
	out[o] = '\0';
	/* no trailing zeros after the point, as Phoenix's BigDecimal reads it */
	if (memchr(out, '.', o))
	{
		while (out[o - 1] == '0')
			out[--o] = '\0';
		if (out[o - 1] == '.')
			out[--o] = '\0';
	}
	/* "-0.x" and "0.x" keep their leading zero; an integer has no point */
	if (o >= 2 && out[0] == '0' && out[1] != '.')
	{
		/* leading zeros of an integer part (digits "05" ...) */
		int			k = 0;

		while (k < o - 1 && out[k] == '0' && out[k + 1] != '.')
			k++;
		memmove(out, out + k, o - k + 1);
		o -= k;
	}
	else if (o >= 3 && out[0] == '-' && out[1] == '0' && out[2] != '.')
	{
		int			k = 1;

		while (k < o - 1 && out[k] == '0' && out[k + 1] != '.')
			k++;
		memmove(out + 1, out + k, o - k + 1);
		o -= k - 1;
	}
	/* a negative number of zero digits (no writer makes one): zero, not "-0" */
	if (o == 2 && out[0] == '-' && out[1] == '0')
	{
		strcpy(out, "0");
		o = 1;
	}
	return o;
}
