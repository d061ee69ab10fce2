/*
 * krb.c: the Kerberos credentials behind libcurl's SPNEGO (Negotiate) auth.
 *
 * libcurl's GSS-API backend (MIT libgssapi_krb5 on Debian) takes the default
 * credentials, i.e. the TGT in the credential cache named for this thread by
 * gss_krb5_ccache_name().  Before each request, hbase_krb_ready() makes sure
 * that cache holds a TGT valid for a while longer: from the keytab (a private
 * in-memory cache per user mapping, so no ticket is written to disk and two
 * mappings of one backend never mix), re-obtained when it is about to expire,
 * so a long-lived backend keeps working past the ticket lifetime; or, without
 * a keytab, as found in the named (or default) cache, which someone else
 * renews.  Like http.c it has no PostgreSQL headers and raises no errors: it
 * returns a class and a message, and connection.c reports.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <krb5.h>
#include <gssapi/gssapi.h>
#include <gssapi/gssapi_krb5.h>

#include "krb.h"

/* a TGT with less than this left is renewed first: a request must not outlive it */
#define HBASE_KRB_MARGIN_SECS 5

struct hbase_krb
{
	char	   *principal;		/* client principal, or NULL: the cache's */
	char	   *keytab;			/* keytab to obtain tickets from, or NULL */
	char	   *ccache;			/* credential cache name (ours when from a keytab) */
	char	   *config;			/* krb5.conf to use, or NULL: the process's */
};

static char *
dup_or_null(const char *s)
{
	return s && s[0] ? strdup(s) : NULL;
}

hbase_krb *
hbase_krb_new(const char *principal, const char *keytab, const char *ccache,
			  const char *config)
{
	static unsigned long counter = 0;
	hbase_krb  *k = calloc(1, sizeof(hbase_krb));
	char		name[64];

	if (k == NULL)
		return NULL;
	k->principal = dup_or_null(principal);
	k->keytab = dup_or_null(keytab);
	k->config = dup_or_null(config);
	if (k->keytab)
	{
		/* MEMORY: caches live as long as the backend and are shared by name */
		snprintf(name, sizeof(name), "MEMORY:hbase_fdw_%lu", ++counter);
		k->ccache = strdup(name);
	}
	else
		k->ccache = dup_or_null(ccache);
	return k;
}

void
hbase_krb_free(hbase_krb *k)
{
	if (k == NULL)
		return;
	free(k->principal);
	free(k->keytab);
	free(k->ccache);
	free(k->config);
	free(k);
}

/*
 * The end time of the TGT in cache cc, or 0 when there is none.
 */
static krb5_timestamp
tgt_endtime(krb5_context ctx, krb5_ccache cc)
{
	krb5_cc_cursor cur;
	krb5_creds	creds;
	krb5_timestamp end = 0;

	if (krb5_cc_start_seq_get(ctx, cc, &cur) != 0)
		return 0;
	while (krb5_cc_next_cred(ctx, cc, &cur, &creds) == 0)
	{
		if (krb5_is_config_principal(ctx, creds.server) == 0 &&
			creds.server->length == 2 &&
			creds.server->data[0].length == 6 &&
			memcmp(creds.server->data[0].data, "krbtgt", 6) == 0 &&
			creds.times.endtime > end)
			end = creds.times.endtime;
		krb5_free_cred_contents(ctx, &creds);
	}
	krb5_cc_end_seq_get(ctx, cc, &cur);
	return end;
}

static hbase_krb_status
fail(krb5_context ctx, krb5_error_code code, hbase_krb_status st, const char *what,
	 char *err, size_t errlen)
{
	const char *msg = krb5_get_error_message(ctx, code);

	snprintf(err, errlen, "%s: %s", what, msg);
	krb5_free_error_message(ctx, msg);
	return st;
}

/*
 * What is wrong with the keytab file itself, before krb5 reads it: krb5
 * answers a missing or unreadable file with a KDC exchange's error, or
 * "Key table file not found" for both.  A keytab named by another type
 * than FILE: (MEMORY:, KEYRING:...) is left to krb5.
 */
static hbase_krb_status
check_keytab_file(const char *keytab, char *err, size_t errlen)
{
	const char *path = keytab;
	unsigned char head[2];
	struct stat sb;
	ssize_t		n;
	int			fd;

	if (strncmp(path, "FILE:", 5) == 0)
		path += 5;
	else if (strncmp(path, "WRFILE:", 7) == 0)
		path += 7;
	else if (path[0] != '/')
		return HBASE_KRB_OK;
	memset(&sb, 0, sizeof(sb));
	if (stat(path, &sb) != 0 && errno == ENOENT)
	{
		snprintf(err, errlen, "Keytab file \"%s\" does not exist", path);
		return HBASE_KRB_KEYTAB_MISSING;
	}
	if ((fd = open(path, O_RDONLY)) < 0)
	{
		snprintf(err, errlen, "Keytab file \"%s\" cannot be read by the server's operating-system user: %s",
				 path, strerror(errno));
		return HBASE_KRB_KEYTAB_UNREADABLE;
	}
	n = read(fd, head, 2);
	close(fd);
	/* a keytab starts with format version 0x05 0x01 or 0x05 0x02 (MIT's, Heimdal's) */
	if (S_ISDIR(sb.st_mode) || n != 2 || head[0] != 5 || (head[1] != 1 && head[1] != 2))
	{
		snprintf(err, errlen, "File \"%s\" is not a keytab", path);
		return HBASE_KRB_KEYTAB_INVALID;
	}
	return HBASE_KRB_OK;
}

/* A new TGT for k->principal from k->keytab into cache cc. */
static hbase_krb_status
obtain_from_keytab(hbase_krb *k, krb5_context ctx, krb5_ccache cc, char *err, size_t errlen)
{
	krb5_principal client = NULL;
	krb5_keytab kt = NULL;
	krb5_creds	creds;
	krb5_error_code rc;
	hbase_krb_status st = HBASE_KRB_OK;

	memset(&creds, 0, sizeof(creds));
	if ((rc = krb5_parse_name(ctx, k->principal, &client)) != 0)
		return fail(ctx, rc, HBASE_KRB_BAD_PRINCIPAL, "invalid principal", err, errlen);
	if ((st = check_keytab_file(k->keytab, err, errlen)) != HBASE_KRB_OK)
		goto out;
	if ((rc = krb5_kt_resolve(ctx, k->keytab, &kt)) != 0)
	{
		st = fail(ctx, rc, HBASE_KRB_KEYTAB, "cannot open the keytab", err, errlen);
		goto out;
	}
	/* no key of the principal (any version, any enctype): say so, not the KDC's words */
	{
		krb5_keytab_entry entry;

		rc = krb5_kt_get_entry(ctx, kt, client, 0, 0, &entry);
		if (rc == 0)
			krb5_free_keytab_entry_contents(ctx, &entry);
		else if (rc == KRB5_KT_NOTFOUND)
		{
			snprintf(err, errlen, "Keytab file \"%s\" has no key for principal \"%s\"",
					 k->keytab, k->principal);
			st = HBASE_KRB_KEYTAB_NO_KEY;
			goto out;
		}
		else if (rc == KRB5_KEYTAB_BADVNO || rc == KRB5_KT_FORMAT)
		{
			st = fail(ctx, rc, HBASE_KRB_KEYTAB_INVALID, "cannot read the keytab", err, errlen);
			goto out;
		}
	}
	rc = krb5_get_init_creds_keytab(ctx, &creds, client, kt, 0, NULL, NULL);
	if (rc == KRB5KDC_ERR_C_PRINCIPAL_UNKNOWN || rc == KRB5KDC_ERR_CLIENT_REVOKED)
		st = fail(ctx, rc, HBASE_KRB_BAD_PRINCIPAL, "the KDC refused the principal", err, errlen);
	else if (rc == KRB5_KDC_UNREACH || rc == KRB5_REALM_UNKNOWN || rc == KRB5_REALM_CANT_RESOLVE)
		st = fail(ctx, rc, HBASE_KRB_KDC, "cannot reach a KDC", err, errlen);
	else if (rc != 0)
		st = fail(ctx, rc, HBASE_KRB_KEYTAB, "cannot get a ticket from the keytab", err, errlen);
	if (st != HBASE_KRB_OK)
		goto out;
	if ((rc = krb5_cc_initialize(ctx, cc, client)) != 0 ||
		(rc = krb5_cc_store_cred(ctx, cc, &creds)) != 0)
		st = fail(ctx, rc, HBASE_KRB_KEYTAB, "cannot store the ticket", err, errlen);
out:
	krb5_free_cred_contents(ctx, &creds);
	if (kt)
		krb5_kt_close(ctx, kt);
	krb5_free_principal(ctx, client);
	return st;
}

/*
 * Decides whether a request may go out with Negotiate: the cache has a TGT
 * valid for HBASE_KRB_MARGIN_SECS more (obtained or renewed from the keytab
 * when not), and names that cache for libcurl's GSS-API calls.
 */
hbase_krb_status
hbase_krb_ready(hbase_krb *k, char *err, size_t errlen)
{
	krb5_context ctx;
	krb5_ccache cc = NULL;
	krb5_error_code rc;
	krb5_timestamp end;
	OM_uint32	minor;
	hbase_krb_status st = HBASE_KRB_OK;

	err[0] = '\0';
	/* read by every krb5_init_context, also those of the GSS-API mechanism */
	if (k->config)
		setenv("KRB5_CONFIG", k->config, 1);
	if ((rc = krb5_init_context(&ctx)) != 0)
	{
		snprintf(err, errlen, "cannot initialize Kerberos (error %d)", (int) rc);
		return HBASE_KRB_KDC;
	}
	rc = k->ccache ? krb5_cc_resolve(ctx, k->ccache, &cc) : krb5_cc_default(ctx, &cc);
	if (rc != 0)
	{
		st = fail(ctx, rc, HBASE_KRB_NO_TICKET, "cannot open the credential cache", err, errlen);
		goto out;
	}
	end = tgt_endtime(ctx, cc);
	if (end <= (krb5_timestamp) time(NULL) + HBASE_KRB_MARGIN_SECS)
	{
		if (k->keytab)
			st = obtain_from_keytab(k, ctx, cc, err, errlen);
		else
		{
			snprintf(err, errlen, end ? "the ticket in the credential cache has expired"
					 : "no ticket in the credential cache");
			st = end ? HBASE_KRB_EXPIRED : HBASE_KRB_NO_TICKET;
		}
	}
	if (st == HBASE_KRB_OK &&
		gss_krb5_ccache_name(&minor, k->ccache ? k->ccache : krb5_cc_default_name(ctx),
							 NULL) != GSS_S_COMPLETE)
	{
		snprintf(err, errlen, "cannot select the credential cache");
		st = HBASE_KRB_NO_TICKET;
	}
out:
	if (cc)
		krb5_cc_close(ctx, cc);
	krb5_free_context(ctx);
	return st;
}
