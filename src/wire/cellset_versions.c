/*
 * cellset_versions.c: a row's cells split into its versions (a table with
 * option versions maps one row per timestamp), without PostgreSQL.
 *
 * The cells are sorted once, newest first and stably (a version's cells
 * keep the row's order), by a merge sort that skips merging two halves
 * already in order: a gateway sends a column's versions newest first, so a
 * row of one column costs n comparisons, and any row at most n log n.  Each
 * version is then a run of the sorted cells.  The work is counted for the
 * unit test (tests/unit/test_versions.c), which checks that it stays
 * n log n: the split once passed over all the row's cells per version
 * (issue 37.10, 80,000 versions took 18-26 s).
 */
#include <string.h>

#include "cellset.h"

/*
 * Sorts a[0..n) newest first, equal timestamps in their order; tmp holds
 * n / 2 cells.  Adds the comparisons and cell moves to *work.
 */
static void
sort_newest_first(HBaseCell *a, int n, HBaseCell *tmp, long *work)
{
	int			h = n / 2,
				i = 0,
				j = h,
				k = 0;

	if (n < 2)
		return;
	sort_newest_first(a, h, tmp, work);
	sort_newest_first(a + h, n - h, tmp, work);
	(*work)++;
	if (a[h - 1].timestamp >= a[h].timestamp)
		return;					/* the halves are in order already */
	/* the left half aside; writing a[k] never passes the right half's a[j] */
	memcpy(tmp, a, sizeof(HBaseCell) * h);
	*work += h;
	while (i < h && j < n)
	{
		(*work) += 2;
		if (tmp[i].timestamp >= a[j].timestamp)
			a[k++] = tmp[i++];
		else
			a[k++] = a[j++];
	}
	*work += h - i;
	while (i < h)
		a[k++] = tmp[i++];
}

/*
 * cells[0..n): the cells of the row (key, keylen) that its table maps, in
 * the row's order.  Sorts them in place (tmp: room for n / 2 cells) and
 * fills versions[] (room for n) with one row per distinct timestamp, newest
 * first, pointing into cells.  The count of versions; *work (may be NULL)
 * the comparisons and cell moves it took.
 */
int
hbase_row_split_versions(char *key, int keylen, HBaseCell *cells, int n, HBaseCell *tmp,
						 HBaseRow *versions, long *work)
{
	long		w = 0;
	int			nv = 0,
				i;

	sort_newest_first(cells, n, tmp, &w);
	for (i = 0; i < n; i++)
	{
		w++;
		if (i == 0 || cells[i - 1].timestamp != cells[i].timestamp)
		{
			versions[nv].key = key;
			versions[nv].keylen = keylen;
			versions[nv].cells = &cells[i];
			versions[nv].ncells = 0;
			nv++;
		}
		versions[nv - 1].ncells++;
	}
	if (work)
		*work = w;
	return nv;
}
