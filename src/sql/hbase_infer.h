/*
 * hbase_infer.h: the column types IMPORT FOREIGN SCHEMA infers from sampled
 * cells (import.c), as pure C: no PostgreSQL headers, so that the fuzz target
 * tests/fuzz/fuzz_infer.c runs it under ASan and UBSan.  PostgreSQL's own
 * JSON parser stays the judge of JSON: the caller passes it in.
 */
#ifndef HBASE_INFER_H
#define HBASE_INFER_H

/*
 * What a sampled value fits, as bits; a qualifier (or the rowkey) fits what
 * all its values fit (see hbase_infer_value_fits).
 */
#define HBASE_FIT_TEXT		0x001
#define HBASE_FIT_INT		0x002	/* a decimal integer as int8out writes it */
#define HBASE_FIT_NUMERIC	0x004	/* digits with an optional fraction, no exponent */
#define HBASE_FIT_DATE		0x008	/* YYYY-MM-DD */
#define HBASE_FIT_TIMESTAMP 0x010	/* YYYY-MM-DD HH:MM:SS[.ffffff], ' ' or 'T' */
#define HBASE_FIT_TIMESTAMPTZ 0x020 /* the same with Z or an offset */
#define HBASE_FIT_JSON		0x040	/* a JSON object or array jsonb takes */
#define HBASE_FIT_LONG		0x080
#define HBASE_FIT_INT4		0x100
#define HBASE_FIT_ALL		0x1ff

/* deeper JSON stays text: PostgreSQL's parser recurses once per level */
#define HBASE_INFER_MAX_JSON_DEPTH	1000

/*
 * Does PostgreSQL's JSON parser take the len bytes at v (a JSON object or
 * array, nested at most HBASE_INFER_MAX_JSON_DEPTH deep), every number of
 * it passing hbase_infer_json_number_ok?  Non-zero: yes.
 */
typedef int (*hbase_json_takes) (const char *v, int len, void *arg);

extern int	hbase_infer_value_fits(const char *v, int len, hbase_json_takes json_takes, void *arg);
extern const char *hbase_infer_type(int fits, int *binary);
extern int	hbase_infer_json_number_ok(const char *token);
extern int	hbase_infer_json_depth(const char *v, int len);

#endif
