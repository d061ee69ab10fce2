/*
 * tests/unit/test_versions.c: unit tests of hbase_row_split_versions
 * (src/wire/cellset_versions.c), the split of a row's cells into its
 * versions for a table with option versions.
 *
 * Its result is compared with a reference written as the split was before
 * issue 37.10 (every distinct timestamp, newest first, then one pass over
 * all the row's cells per timestamp), on fixed and random rows.  Its cost
 * is checked by counting work, not time: the comparisons and cell moves it
 * reports stay within 3 n (log2 n + 1) for rows of up to 80,000 versions in
 * a gateway's order (newest first per column), two columns, oldest first
 * and shuffled; a row of one column newest first within 3 n.  The
 * reference's own count (cells visited) is checked to exceed that bound
 * already at 4,000 versions: the bound tells the old split from the new.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>

#include "cellset.h"

static int passed, failed;

#define CHECK(cond, ...) do { \
	if (cond) passed++; \
	else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
} while (0)

static char KEY[] = "row";

/* a cell of column col (its index in names) at timestamp ts */
static const char *names[] = {"v:a", "v:b", "v:c", "w:x"};

static HBaseCell
cell(int col, int64_t ts)
{
	HBaseCell	c = {0};

	c.column = (char *) names[col];
	c.collen = (int) strlen(names[col]);
	c.value = (char *) names[col];
	c.vallen = c.collen;
	c.timestamp = ts;
	return c;
}

static int
ts_desc(const void *a, const void *b)
{
	int64_t		x = *(const int64_t *) a,
				y = *(const int64_t *) b;

	return x > y ? -1 : x < y;
}

/*
 * The split before issue 37.10: the distinct timestamps newest first, then
 * per timestamp a pass over every cell.  Fills out (room for n versions)
 * and outcells; *visits: the cells looked at by those passes.
 */
static int
reference_split(const HBaseCell *cells, int n, HBaseRow *out, HBaseCell *outcells, long *visits)
{
	int64_t    *ts = malloc(sizeof(int64_t) * (n ? n : 1));
	int			nts = 0,
				k = 0,
				i,
				t;

	*visits = 0;
	for (i = 0; i < n; i++)
		ts[i] = cells[i].timestamp;
	qsort(ts, n, sizeof(int64_t), ts_desc);
	for (i = 0; i < n; i++)
		if (nts == 0 || ts[nts - 1] != ts[i])
			ts[nts++] = ts[i];
	for (t = 0; t < nts; t++)
	{
		out[t].key = KEY;
		out[t].keylen = 3;
		out[t].cells = &outcells[k];
		out[t].ncells = 0;
		for (i = 0; i < n; i++)
		{
			(*visits)++;
			if (cells[i].timestamp == ts[t])
			{
				outcells[k++] = cells[i];
				out[t].ncells++;
			}
		}
	}
	free(ts);
	return nts;
}

/* split a copy of cells[0..n); checks it against the reference; the work */
static long
split_and_compare(const HBaseCell *cells, int n, const char *what, int check_reference)
{
	HBaseCell  *mine = malloc(sizeof(HBaseCell) * (n ? n : 1));
	HBaseCell  *tmp = malloc(sizeof(HBaseCell) * (n / 2 ? n / 2 : 1));
	HBaseRow   *v = malloc(sizeof(HBaseRow) * (n ? n : 1));
	long		work = -1;
	int			nv;

	memcpy(mine, cells, sizeof(HBaseCell) * n);
	nv = hbase_row_split_versions(KEY, 3, mine, n, tmp, v, &work);
	if (check_reference)
	{
		HBaseCell  *rc = malloc(sizeof(HBaseCell) * (n ? n : 1));
		HBaseRow   *rv = malloc(sizeof(HBaseRow) * (n ? n : 1));
		long		visits;
		int			rn = reference_split(cells, n, rv, rc, &visits),
					same = rn == nv,
					i,
					j;

		for (i = 0; same && i < nv; i++)
		{
			same = v[i].key == KEY && v[i].keylen == 3 && v[i].ncells == rv[i].ncells;
			for (j = 0; same && j < v[i].ncells; j++)
				same = v[i].cells[j].column == rv[i].cells[j].column &&
					v[i].cells[j].timestamp == rv[i].cells[j].timestamp;
		}
		CHECK(same, "%s: %d versions, the reference %d, or their cells differ", what, nv, rn);
		free(rc);
		free(rv);
	}
	free(mine);
	free(tmp);
	free(v);
	return work;
}

/* n (log2 n + 1), times 3: what a merge sort and one pass may take */
static double
nlogn_bound(int n)
{
	return 3.0 * n * (log2(n > 1 ? n : 2) + 1);
}

enum shape
{
	NEWEST_FIRST, TWO_COLUMNS, OLDEST_FIRST, SHUFFLED
};
static const char *shape_names[] = {"one column newest first", "two columns newest first",
"oldest first", "shuffled"};

/* a row of m versions in that shape (two columns: 2 m cells, both at each timestamp) */
static HBaseCell *
make_row(enum shape s, int m, int *n)
{
	HBaseCell  *c = malloc(sizeof(HBaseCell) * 2 * m);
	int			i;

	*n = s == TWO_COLUMNS ? 2 * m : m;
	for (i = 0; i < m; i++)
	{
		c[i] = cell(0, s == OLDEST_FIRST ? i + 1 : m - i);
		if (s == TWO_COLUMNS)
			c[m + i] = cell(1, m - i);
	}
	if (s == SHUFFLED)
		for (i = m - 1; i > 0; i--)
		{
			int			j = rand() % (i + 1);
			HBaseCell	t = c[i];

			c[i] = c[j];
			c[j] = t;
		}
	return c;
}

static void
test_fixed(void)
{
	/* v:a at 3, 2, 1 and v:b at 3, 1: versions 3 (a, b), 2 (a), 1 (a, b) */
	HBaseCell	c[] = {cell(0, 3), cell(0, 2), cell(0, 1), cell(1, 3), cell(1, 1)};
	HBaseCell	tmp[2];
	HBaseRow	v[5];
	long		work;
	int			nv = hbase_row_split_versions(KEY, 3, c, 5, tmp, v, &work);

	CHECK(nv == 3, "fixed row: %d versions, expected 3", nv);
	CHECK(v[0].ncells == 2 && v[0].cells[0].timestamp == 3 && v[0].cells[0].column == names[0] &&
		  v[0].cells[1].column == names[1], "fixed row: version 3 is not v:a, v:b");
	CHECK(v[1].ncells == 1 && v[1].cells[0].timestamp == 2, "fixed row: version 2 is not v:a");
	CHECK(v[2].ncells == 2 && v[2].cells[0].column == names[0] && v[2].cells[1].timestamp == 1,
		  "fixed row: version 1 is not v:a, v:b");
	CHECK(v[0].key == KEY && v[2].keylen == 3, "fixed row: versions do not carry the key");
	nv = hbase_row_split_versions(KEY, 3, c, 0, tmp, v, &work);
	CHECK(nv == 0 && work == 0, "no cells: %d versions, work %ld", nv, work);
	nv = hbase_row_split_versions(KEY, 3, c, 1, tmp, v, NULL);
	CHECK(nv == 1 && v[0].ncells == 1, "one cell: %d versions", nv);
}

/* random rows: few timestamps shared by several columns, in any order */
static void
test_random(void)
{
	int			r;

	srand(3710);
	for (r = 0; r < 2000; r++)
	{
		int			n = rand() % 200,
					spread = 1 + rand() % 50,
					i;
		HBaseCell  *c = malloc(sizeof(HBaseCell) * (n ? n : 1));
		char		what[64];

		for (i = 0; i < n; i++)
			c[i] = cell(rand() % 4, (rand() % 3 == 0 ? -1 : 1) * (int64_t) (rand() % spread));
		snprintf(what, sizeof(what), "random row %d (%d cells)", r, n);
		split_and_compare(c, n, what, 1);
		free(c);
	}
}

/* the work, not the time: n log n at most, n for a gateway's order of one column */
static void
test_work(void)
{
	int			sizes[] = {1000, 4000, 20000, 80000};
	int			si,
				s;

	for (s = NEWEST_FIRST; s <= SHUFFLED; s++)
		for (si = 0; si < 4; si++)
		{
			int			n;
			HBaseCell  *c = make_row(s, sizes[si], &n);
			char		what[96];
			long		work;

			snprintf(what, sizeof(what), "%d versions, %s", sizes[si], shape_names[s]);
			work = split_and_compare(c, n, what, sizes[si] <= 4000);
			CHECK(work >= n && work <= nlogn_bound(n), "%s: work %ld for %d cells, bound %.0f",
				  what, work, n, nlogn_bound(n));
			if (s == NEWEST_FIRST)
				CHECK(work <= 3L * n, "%s: work %ld for %d cells, more than 3 n", what, work, n);
			printf("%s: %d cells, work %ld (bound %.0f)\n", what, n, work, nlogn_bound(n));
			free(c);
		}
}

/* the bound bites: the split of before issue 37.10 exceeds it */
static void
test_reference_exceeds(void)
{
	int			n;
	HBaseCell  *c = make_row(NEWEST_FIRST, 4000, &n);
	HBaseCell  *rc = malloc(sizeof(HBaseCell) * n);
	HBaseRow   *rv = malloc(sizeof(HBaseRow) * n);
	long		visits;

	reference_split(c, n, rv, rc, &visits);
	CHECK(visits > nlogn_bound(n), "the old split's %ld visits are within the bound %.0f",
		  visits, nlogn_bound(n));
	printf("old split, 4000 versions: %ld cells visited (bound %.0f)\n", visits, nlogn_bound(n));
	free(c);
	free(rc);
	free(rv);
}

int
main(void)
{
	test_fixed();
	test_random();
	test_work();
	test_reference_exceeds();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
