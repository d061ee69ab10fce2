/*
 * krb.h: Kerberos tickets for SPNEGO, without PostgreSQL headers (see krb.c).
 */
#ifndef HBASE_KRB_H
#define HBASE_KRB_H

#include <stddef.h>

typedef struct hbase_krb hbase_krb;

typedef enum hbase_krb_status
{
	HBASE_KRB_OK = 0,
	HBASE_KRB_NO_TICKET,		/* no usable cache / no TGT in it */
	HBASE_KRB_EXPIRED,			/* the cache's TGT expired (and no keytab) */
	HBASE_KRB_BAD_PRINCIPAL,	/* malformed, or unknown to the KDC */
	HBASE_KRB_KEYTAB,			/* no ticket from the keytab (krb5's reason) */
	HBASE_KRB_KDC,				/* no KDC reachable, no realm */
	HBASE_KRB_KEYTAB_MISSING,	/* the keytab file does not exist */
	HBASE_KRB_KEYTAB_UNREADABLE,	/* the server's OS user cannot read it */
	HBASE_KRB_KEYTAB_INVALID,	/* the file is not a keytab */
	HBASE_KRB_KEYTAB_NO_KEY		/* the keytab has no key for the principal */
} hbase_krb_status;

extern hbase_krb *hbase_krb_new(const char *principal, const char *keytab,
								const char *ccache, const char *config);
extern void hbase_krb_free(hbase_krb *k);
extern hbase_krb_status hbase_krb_ready(hbase_krb *k, char *err, size_t errlen);

#endif
