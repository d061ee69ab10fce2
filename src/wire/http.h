/*
 * http.h: narrow interface to libcurl for hbase_fdw.
 *
 * Nothing here depends on PostgreSQL headers: http.c only talks libcurl and
 * malloc.  It never raises errors itself; callers (connection.c) copy results
 * into palloc'd memory, free them, and then report.
 */
#ifndef HBASE_HTTP_H
#define HBASE_HTTP_H

#include <signal.h>
#include <stddef.h>

typedef struct hbase_http hbase_http;

typedef struct hbase_http_config
{
	const char *user;			/* HTTP Basic auth, or NULL */
	const char *password;
	const char *ca_file;		/* CA bundle for https, or NULL */
	int			negotiate;		/* SPNEGO with the Kerberos options below */
	const char *krb_principal;	/* client principal (with krb_keytab), or NULL */
	const char *krb_keytab;		/* keytab to get tickets from, or NULL */
	const char *krb_ccache;		/* existing credential cache, or NULL: default */
	const char *krb5_config;	/* krb5.conf, or NULL: the process's */
	const char *doas;			/* impersonated HBase user (doAs=), or NULL */
	int			verify_peer;	/* verify TLS peer and host name */
	long		connect_timeout_ms;
	long		request_timeout_ms; /* 0 = no limit */
	size_t		max_response_size;	/* bytes of a response body; 0 = no limit */
	int			gzip;			/* ask for gzip-compressed answers */
	const char *user_agent;		/* User-Agent header (curl copies it) */

	/*
	 * Asked while a transfer runs (from curl's progress callback): non-zero
	 * stops it (HBASE_HTTP_INTERRUPTED).  Must only look at flags: no
	 * errors, no longjmp.
	 */
	int			(*should_stop) (void);
} hbase_http_config;

typedef enum hbase_http_outcome
{
	HBASE_HTTP_OK = 0,			/* an HTTP response was received */
	HBASE_HTTP_FAILED,			/* transport error, see error/connect_failed */
	HBASE_HTTP_INTERRUPTED		/* stopped because should_stop() said so */
} hbase_http_outcome;

typedef struct hbase_http_result
{
	long		status;			/* HTTP status */
	char	   *body;			/* malloc'd, NUL-terminated, or NULL */
	size_t		len;
	char	   *location;		/* malloc'd Location header, or NULL */
	int			connect_failed; /* could not reach the gateway at all */
	int			timed_out;
	int			resend_refused; /* a HBASE_HTTP_ONCE request would have gone out again */
	int			stale;			/* sent on a kept-alive connection that was found
								 * closed (reset, or closed without an answer) before
								 * any byte of an answer: a gateway restarted since */
	int			too_large;		/* the body exceeded max_response_size */
	int			over_budget;	/* ... with the answers held at once (too_large too) */
	int			krb_status;		/* a hbase_krb_status: no Kerberos ticket, nothing sent */
	char		error[256];		/* transport error text */
	char		content_type[64];	/* Content-Type of the answer, or "" */
	size_t		wire_len;		/* body bytes on the wire (compressed) */
	/* what the transfer cost, whatever its outcome (for the statistics) */
	size_t		bytes_sent;		/* request line, headers and body */
	size_t		bytes_received; /* status line, headers and body as on the wire */
	long		elapsed_us;		/* from the start of the transfer to its end */
} hbase_http_result;

/*
 * Flags of a request.  HBASE_HTTP_ONCE: the request goes out at most once.
 * libcurl sends a request again, on a fresh connection, when a reused
 * connection closes before any byte of the answer; but the gateway may have
 * done the request before it went away (read a scanner page, created a
 * scanner, written rows).  With this flag such a request fails instead
 * (resend_refused), and the caller decides what to do.
 */
#define HBASE_HTTP_ONCE		1

extern hbase_http *hbase_http_open(const hbase_http_config *cfg);
extern hbase_http_outcome hbase_http_perform(hbase_http *h, const char *method,
											 const char *url,
											 const char *body, size_t bodylen,
											 int flags, hbase_http_result *res);

/*
 * The same with its own time limits (cleanup requests that must not hang):
 * total_ms bounds the whole request, connect_ms the connect; the handle's
 * configured limits apply again afterwards.
 */
extern hbase_http_outcome hbase_http_perform_bounded(hbase_http *h, const char *method,
													 const char *url, long connect_ms,
													 long total_ms, hbase_http_result *res);
extern void hbase_http_result_free(hbase_http_result *res);

/*
 * Every answer body counts against one budget per process until freed:
 * max_response_size (of the handle receiving) bounds the bytes of all
 * answers held at once, received or being received (over_budget).  A
 * body taken out of a result is the caller's, freed by hbase_http_body_free.
 */
extern char *hbase_http_take_body(hbase_http_result *res, size_t *len);
extern void hbase_http_body_free(char *body, size_t len);
extern void hbase_http_close(hbase_http *h);

/* another handle with the same settings (its own connection), or NULL */
extern hbase_http *hbase_http_dup(hbase_http *h);

/*
 * n GETs at once, handles[i] for urls[i] (all distinct handles), through a
 * curl multi handle, each with the flags given.  Each outcome and result as
 * hbase_http_perform's.
 */
extern void hbase_http_get_many(hbase_http **handles, const char **urls, int n, int flags,
								hbase_http_result *res, hbase_http_outcome *outcomes);

/*
 * n requests of one method at once, as hbase_http_get_many's, bodies[i]
 * (bodylens[i] bytes) the body of the i'th (bodies NULL: none): the PUTs of
 * a bulk write, each on its own handle.
 */
extern void hbase_http_perform_many(hbase_http **handles, const char *method,
									const char **urls, const char **bodies,
									const size_t *bodylens, int n, int flags,
									hbase_http_result *res, hbase_http_outcome *outcomes);

/*
 * hbase_http_perform_many in two steps: the requests sent now (returns once
 * each went out), their answers waited for later (the time limit counts
 * from then), while the caller works; res and outcomes stay put until the
 * finish, which frees the returned state.  NULL: nothing went out (every
 * outcome FAILED), nothing to finish.
 */
typedef struct hbase_http_many hbase_http_many;
extern hbase_http_many *hbase_http_start_many(hbase_http **handles, const char *method,
											  const char **urls, const char **bodies,
											  const size_t *bodylens, int n, int flags,
											  hbase_http_result *res,
											  hbase_http_outcome *outcomes);
extern void hbase_http_finish_many(hbase_http_many *m);

/*
 * Read-ahead: a GET sent now (hbase_http_start returns once it went out)
 * whose answer hbase_http_finish waits for, as hbase_http_perform's; one at a
 * time per handle.  hbase_http_abandon drops a started one (an unfinished
 * transfer closes its connection); hbase_http_close does too.
 */
extern void hbase_http_start(hbase_http *h, const char *url, int flags);
extern hbase_http_outcome hbase_http_finish(hbase_http *h, hbase_http_result *res);
extern void hbase_http_abandon(hbase_http *h);

/* the media type asked for (Accept) by the next requests on this handle */
extern void hbase_http_set_accept(hbase_http *h, const char *media_type);


/*
 * Requests of hbase_http_perform poll for their answer without sleeping for
 * up to max_us microseconds (0: never), while that pays; process-wide.
 */
extern void hbase_http_set_busy_wait(long max_us);

/* once per process */
extern int	hbase_http_global_init(void);

#endif
