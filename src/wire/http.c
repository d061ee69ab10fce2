/*
 * http.c: the libcurl side of hbase_fdw.
 *
 * Owns one reusable easy handle per connection (keep-alive), request setup,
 * response buffering (capped at max_response_size) and the interrupt hook.
 * No PostgreSQL headers: the progress callback only returns non-zero when the
 * caller's should_stop() says a cancel or terminate is pending; the caller
 * then runs CHECK_FOR_INTERRUPTS().  All memory is malloc'd here and
 * released by hbase_http_result_free / hbase_http_close.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>
#include <curl/curl.h>

#include "http.h"
#include "krb.h"

typedef struct response_buf
{
	hbase_http_result *res;
	size_t		cap;
	size_t		max;			/* max_response_size of the handle, 0 = none */
	int			oom;
	int			too_large;
	int			over_budget;	/* this answer fits, all held at once would not */
	int			once;			/* HBASE_HTTP_ONCE */
	int			sends;			/* times the request was about to go out */
} response_buf;

/* request state that must live until the transfer ends */
typedef struct request
{
	struct curl_slist *headers;
	response_buf buf;
} request;

struct hbase_http
{
	CURL	   *curl;
	int			(*should_stop) (void);
	size_t		max_response_size;	/* 0 = no limit */
	long		connect_timeout_ms; /* as configured, restored after a bounded request */
	long		request_timeout_ms;
	char		accept[64];		/* "Accept: ..." of the next requests */
	hbase_krb  *krb;			/* tickets for Negotiate, or NULL */
	int			owns_krb;		/* a duplicate handle shares its original's */
	char	   *doas;			/* malloc'd, URL-encoded doAs user, or NULL */
	/* a GET started by hbase_http_start, answered by hbase_http_finish */
	CURLM	   *multi;			/* created at the first start */
	int			started;		/* a started request not finished yet */
	int			start_failed;	/* it never went out: ahead_res says why */
	request		ahead_rq;
	hbase_http_result ahead_res;
};

/*
 * Busy wait (hbase_http_set_busy_wait).  A backend that sleeps in poll() for
 * an answer due within a millisecond lets its CPU go idle, and waking it
 * again costs tens of microseconds on a virtual machine; a statement from a
 * client pays that once more on the client's side.  Polling for the answer
 * keeps the CPU awake, which pays only while nobody else wants that CPU.  So
 * each busy wait is scored by the share of it spent off the CPU (all of it
 * when the answer came after the budget), and when the moving average of the
 * scores passes WASTE_LIMIT, requests sleep at once for a while: 1 s, twice
 * as long each time it happens again within 10 s, at most 16 s.  Measured
 * (bench/throughput.sh): one client's Gets average about 3% off the CPU, two
 * or more clients on two CPUs over 50%.
 */
#define Max(a, b)	((a) > (b) ? (a) : (b))
#define Min(a, b)	((a) < (b) ? (a) : (b))
#define WASTE_LIMIT		0.35
#define WASTE_WEIGHT	(1.0 / 32)	/* of the last request in the average */

static long busy_wait_max_us = 0;	/* 0: never */
static double busy_wait_waste = 0;	/* moving average of the scores */
static struct timespec busy_wait_resume;	/* no busy wait before this */
static int	busy_wait_pause_s = 1;	/* the next pause */

void
hbase_http_set_busy_wait(long max_us)
{
	busy_wait_max_us = max_us > 0 ? max_us : 0;
	busy_wait_waste = 0;
	busy_wait_pause_s = 1;
	memset(&busy_wait_resume, 0, sizeof(busy_wait_resume));
}

static long
us_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000000L + (b->tv_nsec - a->tv_nsec) / 1000L;
}

/* the busy-wait budget of a request starting now, in microseconds */
static long
busy_wait_budget(const struct timespec *now)
{
	if (busy_wait_max_us == 0 || us_between(&busy_wait_resume, now) < 0)
		return 0;
	return busy_wait_max_us;
}

/* score a busy wait of waited us, cpu_us of them on the CPU; maybe pause */
static void
busy_wait_learn(long budget, long waited, long cpu_us, const struct timespec *now)
{
	double		score;

	if (waited > budget)
		score = 1.0;
	else
		score = waited > 0 ? (double) Max(waited - cpu_us, 0) / waited : 0.0;
	busy_wait_waste += (score - busy_wait_waste) * WASTE_WEIGHT;
	if (busy_wait_waste <= WASTE_LIMIT)
		return;
	/* paused again soon after the last pause: pause longer */
	if (us_between(&busy_wait_resume, now) < 10 * 1000000L)
		busy_wait_pause_s = busy_wait_pause_s < 16 ? busy_wait_pause_s * 2 : 16;
	else
		busy_wait_pause_s = 1;
	busy_wait_waste = 0;
	busy_wait_resume = *now;
	busy_wait_resume.tv_sec += busy_wait_pause_s;
}

/*
 * The answer budget.  Bytes of answer bodies this process holds: those
 * being received and those taken (hbase_http_take_body) but not yet freed.
 * max_response_size bounds each answer, and also all of them at once: the
 * reads in flight together (multigets, parallel pages, a read ahead) and
 * the answers their callers have not released yet, so that concurrency
 * never multiplies the memory an answer may take.
 */
static size_t held_bytes = 0;

static void
held_release(size_t n)
{
	held_bytes = n < held_bytes ? held_bytes - n : 0;
}

int
hbase_http_global_init(void)
{
	return curl_global_init(CURL_GLOBAL_ALL) == CURLE_OK ? 0 : -1;
}

static size_t
write_cb(char *ptr, size_t size, size_t nmemb, void *userdata)
{
	response_buf *buf = userdata;
	hbase_http_result *res = buf->res;
	size_t		n = size * nmemb;

	/*
	 * Over the cap, or over the budget of all answers held at once: stop the
	 * transfer here rather than buffer it all, and give back what it got at
	 * once, so that the other transfers under way may still fit.
	 */
	if (buf->max > 0 && (n > buf->max - res->len ||
						 n > buf->max - Min(held_bytes, buf->max)))
	{
		buf->too_large = 1;
		buf->over_budget = n <= buf->max - res->len;
		hbase_http_result_free(res);
		buf->cap = 0;
		return 0;				/* makes curl fail with CURLE_WRITE_ERROR */
	}
	if (res->len + n + 1 > buf->cap)
	{
		size_t		newcap = buf->cap ? buf->cap * 2 : 16384;
		char	   *p;

		while (newcap < res->len + n + 1)
			newcap *= 2;
		/* never more than the cap (and its NUL) */
		if (buf->max > 0 && newcap > buf->max + 1)
			newcap = buf->max + 1;
		p = realloc(res->body, newcap);
		if (p == NULL)
		{
			buf->oom = 1;
			return 0;			/* makes curl fail with CURLE_WRITE_ERROR */
		}
		res->body = p;
		buf->cap = newcap;
	}
	memcpy(res->body + res->len, ptr, n);
	res->len += n;
	held_bytes += n;
	res->body[res->len] = '\0';
	return n;
}

static size_t
header_cb(char *ptr, size_t size, size_t nitems, void *userdata)
{
	response_buf *buf = userdata;
	size_t		n = size * nitems;

	/* a declared length over the cap: no need to receive any of it */
	if (n > 15 && strncasecmp(ptr, "content-length:", 15) == 0 && buf->max > 0)
	{
		unsigned long long cl = strtoull(ptr + 15, NULL, 10);

		if (cl > (unsigned long long) buf->max)
		{
			buf->too_large = 1;
			return 0;
		}
	}
	if (n > 9 && strncasecmp(ptr, "location:", 9) == 0)
	{
		const char *v = ptr + 9;
		size_t		vl = n - 9;

		while (vl > 0 && (*v == ' ' || *v == '\t'))
			v++, vl--;
		while (vl > 0 && (v[vl - 1] == '\r' || v[vl - 1] == '\n' || v[vl - 1] == ' '))
			vl--;
		free(buf->res->location);
		buf->res->location = malloc(vl + 1);
		if (buf->res->location == NULL)
		{
			buf->oom = 1;
			return 0;
		}
		memcpy(buf->res->location, v, vl);
		buf->res->location[vl] = '\0';
	}
	return n;
}

/*
 * Decides whether a running transfer stops: only when should_stop() says so
 * (a cancel or terminate the caller will raise).  Only returns: raising
 * errors here would longjmp through libcurl.
 */
static int
progress_cb(void *clientp, curl_off_t dltotal, curl_off_t dlnow,
			curl_off_t ultotal, curl_off_t ulnow)
{
	hbase_http *h = clientp;

	return (h->should_stop && h->should_stop()) ? 1 : 0;
}

#if LIBCURL_VERSION_NUM >= 0x075000
/*
 * Decides whether the request goes out on the connection libcurl has just
 * made or picked: always the first time; a second time (libcurl's own
 * re-send after a reused connection closed without an answer) only when the
 * request may be done twice.
 */
static int
prereq_cb(void *clientp, char *conn_primary_ip, char *conn_local_ip,
		  int conn_primary_port, int conn_local_port)
{
	response_buf *buf = clientp;

	if (buf == NULL)
		return CURL_PREREQFUNC_OK;
	if (++buf->sends > 1 && buf->once)
		return CURL_PREREQFUNC_ABORT;
	return CURL_PREREQFUNC_OK;
}
#endif

/*
 * Whether the environment names a proxy, or hosts a proxy must not be used
 * for: the variables libcurl reads when no proxy is set (either case of
 * each, whichever libcurl honours for which scheme).
 */
static int
proxy_in_environment(void)
{
	static const char *const vars[] = {
		"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY",
		"all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"
	};
	size_t		i;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (getenv(vars[i]) != NULL)
			return 1;
	return 0;
}

/*
 * A handle for one connection's requests, kept for keep-alive: decides what
 * every request of it gets whatever the caller asks: http and https only, no
 * redirects, the path sent as built, TLS verified unless the configuration
 * says otherwise, the timeouts, the interrupt hook, Basic or Negotiate
 * (Kerberos) credentials and doAs.  NULL when libcurl or memory fails.
 */
hbase_http *
hbase_http_open(const hbase_http_config *cfg)
{
	hbase_http *h = calloc(1, sizeof(hbase_http));

	if (h == NULL)
		return NULL;
	h->curl = curl_easy_init();
	if (h->curl == NULL)
	{
		free(h);
		return NULL;
	}
	h->should_stop = cfg->should_stop;
	h->max_response_size = cfg->max_response_size;
	h->connect_timeout_ms = cfg->connect_timeout_ms;
	h->request_timeout_ms = cfg->request_timeout_ms;

	curl_easy_setopt(h->curl, CURLOPT_NOSIGNAL, 1L);
	/* the path goes as built: never resolve "/../" or "/./" against the base URL */
	curl_easy_setopt(h->curl, CURLOPT_PATH_AS_IS, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(h->curl, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h->curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(h->curl, CURLOPT_PROTOCOLS, (long) (CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(h->curl, CURLOPT_REDIR_PROTOCOLS, (long) (CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(h->curl, CURLOPT_FOLLOWLOCATION, 0L);
	/*
	 * Without an explicit proxy libcurl reads the proxy variables of the
	 * environment (getenv, a walk of the whole environment each) for every
	 * request.  A backend's environment never changes: when none of them is
	 * set, say "no proxy" once; when one is, libcurl keeps deciding.
	 */
	if (!proxy_in_environment())
	{
		curl_easy_setopt(h->curl, CURLOPT_PROXY, "");
		curl_easy_setopt(h->curl, CURLOPT_NOPROXY, "");
	}
	curl_easy_setopt(h->curl, CURLOPT_TCP_KEEPALIVE, 1L);
	curl_easy_setopt(h->curl, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(h->curl, CURLOPT_XFERINFOFUNCTION, progress_cb);
	curl_easy_setopt(h->curl, CURLOPT_XFERINFODATA, h);
	curl_easy_setopt(h->curl, CURLOPT_WRITEFUNCTION, write_cb);
	curl_easy_setopt(h->curl, CURLOPT_HEADERFUNCTION, header_cb);
	curl_easy_setopt(h->curl, CURLOPT_CONNECTTIMEOUT_MS, cfg->connect_timeout_ms);
	curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, cfg->request_timeout_ms);
	curl_easy_setopt(h->curl, CURLOPT_USERAGENT, cfg->user_agent ? cfg->user_agent : "hbase_fdw");
	/* curl inflates: max_response_size bounds the inflated bytes */
	if (cfg->gzip)
		curl_easy_setopt(h->curl, CURLOPT_ACCEPT_ENCODING, "gzip");
	curl_easy_setopt(h->curl, CURLOPT_SSL_VERIFYPEER, cfg->verify_peer ? 1L : 0L);
	curl_easy_setopt(h->curl, CURLOPT_SSL_VERIFYHOST, cfg->verify_peer ? 2L : 0L);
	if (cfg->ca_file)
		curl_easy_setopt(h->curl, CURLOPT_CAINFO, cfg->ca_file);
	if (cfg->user)
	{
		/* curl copies the strings; the caller's copies can go */
		curl_easy_setopt(h->curl, CURLOPT_HTTPAUTH, (long) CURLAUTH_BASIC);
		curl_easy_setopt(h->curl, CURLOPT_USERNAME, cfg->user);
		curl_easy_setopt(h->curl, CURLOPT_PASSWORD, cfg->password ? cfg->password : "");
	}
	if (cfg->negotiate)
	{
		/* only Negotiate: libcurl then sends it with the first request, no 401 round trip */
		curl_easy_setopt(h->curl, CURLOPT_HTTPAUTH, (long) CURLAUTH_NEGOTIATE);
		curl_easy_setopt(h->curl, CURLOPT_USERPWD, ":");
		h->krb = hbase_krb_new(cfg->krb_principal, cfg->krb_keytab, cfg->krb_ccache,
							   cfg->krb5_config);
		h->owns_krb = 1;
		if (h->krb == NULL)
		{
			hbase_http_close(h);
			return NULL;
		}
	}
	if (cfg->doas)
	{
		char	   *esc = curl_easy_escape(h->curl, cfg->doas, 0);

		h->doas = esc ? strdup(esc) : NULL;
		curl_free(esc);
		if (h->doas == NULL)
		{
			hbase_http_close(h);
			return NULL;
		}
	}
	return h;
}

void
hbase_http_close(hbase_http *h)
{
	if (h == NULL)
		return;
	hbase_http_abandon(h);
	if (h->multi)
		curl_multi_cleanup(h->multi);
	if (h->owns_krb)
		hbase_krb_free(h->krb);
	free(h->doas);
	curl_easy_cleanup(h->curl);
	free(h);
}

void
hbase_http_result_free(hbase_http_result *res)
{
	if (res->body)
		held_release(res->len);
	free(res->body);
	free(res->location);
	res->body = NULL;
	res->location = NULL;
	res->len = 0;
}

/*
 * Sets up one request on a handle: the headers (Accept, no Expect, the
 * body's Content-Type, the gateway's CSRF header on writes), a valid Kerberos
 * ticket first, the doAs parameter, the body, and whether a request that
 * must go out once may reuse a connection (it is refused before a re-send).
 * -1 with res->error set when it cannot be sent; finish() undoes it.
 */
static int
prepare(hbase_http *h, request *rq, const char *method, const char *url,
		const char *body, size_t bodylen, int flags, hbase_http_result *res)
{
	struct curl_slist *tmp;

	memset(res, 0, sizeof(*res));
	memset(rq, 0, sizeof(*rq));
	rq->buf.res = res;
	rq->buf.max = h->max_response_size;
	rq->buf.once = (flags & HBASE_HTTP_ONCE) != 0;

	tmp = curl_slist_append(NULL, h->accept[0] ? h->accept : "Accept: application/json");
	if (tmp)
		tmp = curl_slist_append(rq->headers = tmp, "Expect:");
	if (tmp && body)
		tmp = curl_slist_append(rq->headers = tmp, "Content-Type: application/json");
	/* CSRF protection of the gateway wants this on writes; harmless anyway */
	if (tmp && strcmp(method, "GET") != 0)
		tmp = curl_slist_append(rq->headers = tmp, "X-XSRF-HEADER: hbase_fdw");
	if (tmp == NULL)
	{
		curl_slist_free_all(rq->headers);
		rq->headers = NULL;
		snprintf(res->error, sizeof(res->error), "out of memory");
		return -1;
	}
	rq->headers = tmp;

	if (h->krb && (res->krb_status = hbase_krb_ready(h->krb, res->error, sizeof(res->error))) != 0)
	{
		curl_slist_free_all(rq->headers);
		rq->headers = NULL;
		return -1;
	}
	if (h->doas)
	{
		/* every request acts as that user (hbase.rest.support.proxyuser); curl copies the URL */
		size_t		n = strlen(url) + strlen(h->doas) + 7;
		char	   *u = malloc(n);

		if (u == NULL)
		{
			curl_slist_free_all(rq->headers);
			rq->headers = NULL;
			snprintf(res->error, sizeof(res->error), "out of memory");
			return -1;
		}
		snprintf(u, n, "%s%cdoAs=%s", url, strchr(url, '?') ? '&' : '?', h->doas);
		curl_easy_setopt(h->curl, CURLOPT_URL, u);
		free(u);
	}
	else
		curl_easy_setopt(h->curl, CURLOPT_URL, url);
	curl_easy_setopt(h->curl, CURLOPT_HTTPHEADER, rq->headers);
	curl_easy_setopt(h->curl, CURLOPT_WRITEDATA, &rq->buf);
	curl_easy_setopt(h->curl, CURLOPT_HEADERDATA, &rq->buf);
#if LIBCURL_VERSION_NUM >= 0x075000
	curl_easy_setopt(h->curl, CURLOPT_PREREQFUNCTION, prereq_cb);
	curl_easy_setopt(h->curl, CURLOPT_PREREQDATA, &rq->buf);
#else
	/* no way to stop a re-send: never reuse a connection for such a request */
	curl_easy_setopt(h->curl, CURLOPT_FRESH_CONNECT, rq->buf.once ? 1L : 0L);
#endif
	if (body)
	{
		curl_easy_setopt(h->curl, CURLOPT_POST, 1L);
		curl_easy_setopt(h->curl, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(h->curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t) bodylen);
	}
	else
		curl_easy_setopt(h->curl, CURLOPT_HTTPGET, 1L);
	curl_easy_setopt(h->curl, CURLOPT_CUSTOMREQUEST,
					 (strcmp(method, "GET") == 0 || strcmp(method, "POST") == 0) ? NULL : method);
	return 0;
}

/*
 * Bytes both ways and time of the transfer just ended, as libcurl measured
 * them (per handle: right for parallel transfers too), for the statistics.
 * A transfer that failed part way has what it got to.
 */
static void
transfer_cost(hbase_http *h, hbase_http_result *res)
{
	long		reqsize = 0,
				hdrsize = 0;
	curl_off_t	up = 0,
				down = 0,
				total = 0;

	curl_easy_getinfo(h->curl, CURLINFO_REQUEST_SIZE, &reqsize);
	curl_easy_getinfo(h->curl, CURLINFO_SIZE_UPLOAD_T, &up);
	curl_easy_getinfo(h->curl, CURLINFO_HEADER_SIZE, &hdrsize);
	curl_easy_getinfo(h->curl, CURLINFO_SIZE_DOWNLOAD_T, &down);
	curl_easy_getinfo(h->curl, CURLINFO_TOTAL_TIME_T, &total);
	res->bytes_sent = (size_t) (Max(reqsize, 0) + Max(up, 0));
	res->bytes_received = (size_t) (Max(hdrsize, 0) + Max(down, 0));
	res->elapsed_us = (long) Max(total, 0);
}

/*
 * Ends a request on its handle (undoes prepare()) and decides its outcome:
 * OK with the status, content type and bytes on the wire; INTERRUPTED for
 * a cancel; FAILED for a re-send refused (the request may have been done),
 * an answer too large, no memory, or libcurl's error, marking a connection
 * never made and a timeout apart for the caller.  A failed result holds no
 * body.  What it cost (bytes both ways, time) is recorded either way.
 */
static hbase_http_outcome
finish(hbase_http *h, request *rq, CURLcode rc, hbase_http_result *res)
{
	hbase_http_outcome outcome = HBASE_HTTP_OK;

	/* leave no dangling pointers to our stack or freed lists in the handle */
	curl_easy_setopt(h->curl, CURLOPT_HTTPHEADER, NULL);
	curl_easy_setopt(h->curl, CURLOPT_WRITEDATA, NULL);
	curl_easy_setopt(h->curl, CURLOPT_HEADERDATA, NULL);
	curl_easy_setopt(h->curl, CURLOPT_POSTFIELDS, NULL);
#if LIBCURL_VERSION_NUM >= 0x075000
	curl_easy_setopt(h->curl, CURLOPT_PREREQDATA, NULL);
#endif
	curl_slist_free_all(rq->headers);
	rq->headers = NULL;

	if (rc == CURLE_ABORTED_BY_CALLBACK && rq->buf.once && rq->buf.sends > 1)
	{
		/* prereq_cb stopped a re-send: the first one got no answer */
		outcome = HBASE_HTTP_FAILED;
		res->resend_refused = 1;
		snprintf(res->error, sizeof(res->error),
				 "the connection closed before an answer, and the request may have been done: not sent again");
	}
	else if (rc == CURLE_ABORTED_BY_CALLBACK)
		outcome = HBASE_HTTP_INTERRUPTED;
	else if (rc != CURLE_OK)
	{
		outcome = HBASE_HTTP_FAILED;
		res->too_large = rq->buf.too_large;
		res->over_budget = rq->buf.over_budget;
		if (rq->buf.over_budget)
			snprintf(res->error, sizeof(res->error),
					 "answers held at once larger than %zu bytes", h->max_response_size);
		else if (rq->buf.too_large)
			snprintf(res->error, sizeof(res->error), "response larger than %zu bytes",
					 h->max_response_size);
		else if (rq->buf.oom)
			snprintf(res->error, sizeof(res->error), "out of memory");
		else
			snprintf(res->error, sizeof(res->error), "%s", curl_easy_strerror(rc));
		res->connect_failed = (rc == CURLE_COULDNT_CONNECT ||
							   rc == CURLE_COULDNT_RESOLVE_HOST ||
							   rc == CURLE_COULDNT_RESOLVE_PROXY ||
							   rc == CURLE_SSL_CONNECT_ERROR ||
							   rc == CURLE_PEER_FAILED_VERIFICATION);
		res->timed_out = (rc == CURLE_OPERATION_TIMEDOUT);
		if (rc == CURLE_RECV_ERROR || rc == CURLE_SEND_ERROR || rc == CURLE_GOT_NOTHING)
		{
			long		connects = -1;
			long		header = -1;

			curl_easy_getinfo(h->curl, CURLINFO_NUM_CONNECTS, &connects);
			curl_easy_getinfo(h->curl, CURLINFO_HEADER_SIZE, &header);
			res->stale = connects == 0 && header == 0;
		}
	}
	else
	{
		char	   *ct = NULL;
		curl_off_t	wire = 0;

		curl_easy_getinfo(h->curl, CURLINFO_RESPONSE_CODE, &res->status);
		if (curl_easy_getinfo(h->curl, CURLINFO_SIZE_DOWNLOAD_T, &wire) == CURLE_OK && wire > 0)
			res->wire_len = (size_t) wire;
		if (curl_easy_getinfo(h->curl, CURLINFO_CONTENT_TYPE, &ct) == CURLE_OK && ct)
			snprintf(res->content_type, sizeof(res->content_type), "%s", ct);
	}

	transfer_cost(h, res);
	if (outcome != HBASE_HTTP_OK)
		hbase_http_result_free(res);
	return outcome;
}

/*
 * Run the prepared transfer to its end, through the handle's multi handle
 * (the one of hbase_http_start: one pool of kept-alive connections).  With
 * a busy-wait budget it is polled without sleeping until the answer is in or
 * the budget is spent; otherwise, and then, it waits in poll() at most
 * 100 ms at a time, so that the progress callback sees interrupts.  Decides
 * whether the next requests may busy-wait (see busy_wait_max_us).
 */
static CURLcode
perform(hbase_http *h)
{
	struct timespec t0,
				now,
				cpu0,
				cpu1;
	CURLcode	rc = CURLE_RECV_ERROR;
	CURLMsg    *msg;
	int			running = 0,
				left;
	long		budget;

	if (h->started)
		return curl_easy_perform(h->curl);
	if (h->multi == NULL && (h->multi = curl_multi_init()) == NULL)
		return CURLE_OUT_OF_MEMORY;
	if (curl_multi_add_handle(h->multi, h->curl) != CURLM_OK)
		return CURLE_OUT_OF_MEMORY;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	budget = busy_wait_budget(&t0);
	if (budget > 0)
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
	for (;;)
	{
		if (curl_multi_perform(h->multi, &running) != CURLM_OK || !running)
			break;
		if (budget > 0)
		{
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (us_between(&t0, &now) < budget)
				continue;
		}
		curl_multi_poll(h->multi, NULL, 0, 100, NULL);
	}
	if (budget > 0)
	{
		clock_gettime(CLOCK_MONOTONIC, &now);
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
		busy_wait_learn(budget, us_between(&t0, &now), us_between(&cpu0, &cpu1), &now);
	}
	while ((msg = curl_multi_info_read(h->multi, &left)) != NULL)
		if (msg->msg == CURLMSG_DONE && msg->easy_handle == h->curl)
			rc = msg->data.result;
	curl_multi_remove_handle(h->multi, h->curl);
	return rc;
}

hbase_http_outcome
hbase_http_perform(hbase_http *h, const char *method, const char *url,
				   const char *body, size_t bodylen, int flags, hbase_http_result *res)
{
	request		rq;

	if (prepare(h, &rq, method, url, body, bodylen, flags, res) < 0)
		return HBASE_HTTP_FAILED;
	return finish(h, &rq, perform(h), res);
}

hbase_http_outcome
hbase_http_perform_bounded(hbase_http *h, const char *method, const char *url,
						   long connect_ms, long total_ms, hbase_http_result *res)
{
	request		rq;
	hbase_http_outcome outcome;

	if (prepare(h, &rq, method, url, NULL, 0, 0, res) < 0)
		return HBASE_HTTP_FAILED;
	curl_easy_setopt(h->curl, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
	curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, total_ms);
	outcome = finish(h, &rq, perform(h), res);
	curl_easy_setopt(h->curl, CURLOPT_CONNECTTIMEOUT_MS, h->connect_timeout_ms);
	curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, h->request_timeout_ms);
	return outcome;
}

hbase_http *
hbase_http_dup(hbase_http *h)
{
	hbase_http *d = calloc(1, sizeof(hbase_http));

	if (d == NULL)
		return NULL;
	d->curl = curl_easy_duphandle(h->curl);
	if (d->curl == NULL)
	{
		free(d);
		return NULL;
	}
	d->should_stop = h->should_stop;
	d->max_response_size = h->max_response_size;
	d->connect_timeout_ms = h->connect_timeout_ms;
	d->request_timeout_ms = h->request_timeout_ms;
	memcpy(d->accept, h->accept, sizeof(d->accept));
	d->krb = h->krb;
	if (h->doas && (d->doas = strdup(h->doas)) == NULL)
	{
		hbase_http_close(d);
		return NULL;
	}
	curl_easy_setopt(d->curl, CURLOPT_XFERINFODATA, d);
	return d;
}

/*
 * n GETs at once: hbase_http_perform_many's, without bodies.
 */
void
hbase_http_get_many(hbase_http **handles, const char **urls, int n, int flags,
					hbase_http_result *res, hbase_http_outcome *outcomes)
{
	hbase_http_perform_many(handles, "GET", urls, NULL, NULL, n, flags, res, outcomes);
}

/* requests started at once (hbase_http_start_many), answered by hbase_http_finish_many */
struct hbase_http_many
{
	CURLM	   *multi;
	int			n;
	hbase_http **handles;		/* n, the caller's handles */
	request    *rqs;			/* n: their requests under way */
	hbase_http_result *res;		/* the caller's, filled as they end */
	hbase_http_outcome *outcomes;
};

/*
 * n requests of one method at once, each on its own handle (a multi handle
 * drives them), bodies[i] (bodylens[i] bytes) the body of the i'th, or none
 * (bodies NULL): every one ends with its own outcome and result, in order,
 * whatever the others do; an interrupt stops each through its progress
 * callback.  A request that could not be set up (no Kerberos ticket, no
 * memory) fails alone, never sent.  Nothing is left attached to the handles
 * afterwards.  hbase_http_start_many, then hbase_http_finish_many.
 */
void
hbase_http_perform_many(hbase_http **handles, const char *method, const char **urls,
						const char **bodies, const size_t *bodylens, int n, int flags,
						hbase_http_result *res, hbase_http_outcome *outcomes)
{
	hbase_http_many *m = hbase_http_start_many(handles, method, urls, bodies, bodylens, n,
											   flags, res, outcomes);

	if (m)
		hbase_http_finish_many(m);
}

/*
 * n requests sent now, each on its handle, answered later by
 * hbase_http_finish_many (a bulk write encodes its next rows meanwhile).
 * Returns once each went out (connected first if need be), or failed; the
 * time limit counts from hbase_http_finish_many, since the caller may work
 * a while before it waits (a COPY reading its next lines from a slow
 * client).  res and outcomes are filled by then and must stay where they
 * are; a request that could not be prepared has its outcome already.  NULL
 * (every outcome FAILED, out of memory) when nothing went out.
 */
hbase_http_many *
hbase_http_start_many(hbase_http **handles, const char *method, const char **urls,
					  const char **bodies, const size_t *bodylens, int n, int flags,
					  hbase_http_result *res, hbase_http_outcome *outcomes)
{
	hbase_http_many *m = calloc(1, sizeof(hbase_http_many));
	int			i,
				running = 0;

	for (i = 0; i < n; i++)
	{
		memset(&res[i], 0, sizeof(res[i]));
		outcomes[i] = HBASE_HTTP_FAILED;
	}
	if (m)
	{
		m->multi = curl_multi_init();
		m->rqs = calloc(n > 0 ? n : 1, sizeof(request));
		m->handles = calloc(n > 0 ? n : 1, sizeof(hbase_http *));
	}
	if (m == NULL || m->multi == NULL || m->rqs == NULL || m->handles == NULL)
	{
		for (i = 0; i < n; i++)
			snprintf(res[i].error, sizeof(res[i].error), "out of memory");
		if (m && m->multi)
			curl_multi_cleanup(m->multi);
		if (m)
		{
			free(m->rqs);
			free(m->handles);
		}
		free(m);
		return NULL;
	}
	m->n = n;
	m->res = res;
	m->outcomes = outcomes;
	for (i = 0; i < n; i++)
	{
		m->handles[i] = handles[i];
		if (prepare(handles[i], &m->rqs[i], method, urls[i], bodies ? bodies[i] : NULL,
					bodies ? bodylens[i] : 0, flags, &res[i]) < 0)
			continue;
		curl_easy_setopt(handles[i]->curl, CURLOPT_PRIVATE, (void *) (long) (i + 1));
		curl_easy_setopt(handles[i]->curl, CURLOPT_TIMEOUT_MS, 0L);
		curl_multi_add_handle(m->multi, handles[i]->curl);
	}
	for (;;)
	{
		int			unsent = 0;

		if (curl_multi_perform(m->multi, &running) != CURLM_OK || !running)
			break;
#if LIBCURL_VERSION_NUM >= 0x075000
		/* prereq_cb counts each request as it is written */
		for (i = 0; i < n; i++)
			if (m->rqs[i].headers && m->rqs[i].buf.sends == 0)
				unsent++;
#endif
		if (unsent == 0)
			break;
		/* connecting: bounded by the connect timeout, stopped by an interrupt */
		curl_multi_poll(m->multi, NULL, 0, 100, NULL);
	}
	return m;
}

/*
 * The answers of the requests hbase_http_start_many sent, each outcome and
 * result as hbase_http_perform's, waited for at most each handle's request
 * timeout from now; then m is freed.
 */
void
hbase_http_finish_many(hbase_http_many *m)
{
	struct timespec t0,
				now;
	long		limit = 0;
	int			i,
				running = 0;
	int			timed_out = 0;
	CURLMsg    *msg;
	int			left;

	for (i = 0; i < m->n; i++)
		limit = Max(limit, m->handles[i]->request_timeout_ms);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
	{
		long		waited;

		if (curl_multi_perform(m->multi, &running) != CURLM_OK || !running)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		waited = (now.tv_sec - t0.tv_sec) * 1000L + (now.tv_nsec - t0.tv_nsec) / 1000000L;
		if (limit > 0 && waited >= limit)
		{
			timed_out = 1;
			break;
		}
		/* each transfer's progress callback stops it on an interrupt */
		curl_multi_poll(m->multi, NULL, 0, 100, NULL);
	} while (running);

	while ((msg = curl_multi_info_read(m->multi, &left)) != NULL)
	{
		long		idx = 0;

		if (msg->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **) &idx);
		if (idx < 1 || idx > m->n)
			continue;
		m->outcomes[idx - 1] = finish(m->handles[idx - 1], &m->rqs[idx - 1], msg->data.result,
									  &m->res[idx - 1]);
		m->rqs[idx - 1].headers = NULL;
	}
	for (i = 0; i < m->n; i++)
	{
		hbase_http *h = m->handles[i];

		curl_multi_remove_handle(m->multi, h->curl);
		curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, h->request_timeout_ms);
		if (m->rqs[i].headers)
		{
			/* never finished (out of time, a multi error): a failure */
			m->outcomes[i] = finish(h, &m->rqs[i],
									timed_out ? CURLE_OPERATION_TIMEDOUT : CURLE_RECV_ERROR,
									&m->res[i]);
		}
		curl_easy_setopt(h->curl, CURLOPT_PRIVATE, NULL);
	}
	curl_multi_cleanup(m->multi);
	free(m->rqs);
	free(m->handles);
	free(m);
}

/*
 * A GET sent now and answered later by hbase_http_finish (read-ahead: the
 * gateway prepares the answer while the caller works on the last one).
 * Returns once the request went out (connected first if need be), so that
 * only the answer's wait is left; one at a time per handle; whatever goes
 * wrong is reported by hbase_http_finish.
 */
void
hbase_http_start(hbase_http *h, const char *url, int flags)
{
	int			running = 0;

	if (h->started)
		hbase_http_abandon(h);
	h->started = 1;
	h->start_failed = 1;
	memset(&h->ahead_res, 0, sizeof(h->ahead_res));
	if (h->multi == NULL && (h->multi = curl_multi_init()) == NULL)
	{
		snprintf(h->ahead_res.error, sizeof(h->ahead_res.error), "out of memory");
		return;
	}
	if (prepare(h, &h->ahead_rq, "GET", url, NULL, 0, flags, &h->ahead_res) < 0)
		return;
	/*
	 * The time limit counts from hbase_http_finish: the caller may work a long
	 * while before it wants the answer (a cursor between FETCHes).
	 */
	curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, 0L);
	if (curl_multi_add_handle(h->multi, h->curl) != CURLM_OK)
	{
		curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, h->request_timeout_ms);
		finish(h, &h->ahead_rq, CURLE_OUT_OF_MEMORY, &h->ahead_res);
		return;
	}
	h->start_failed = 0;
	for (;;)
	{
		if (curl_multi_perform(h->multi, &running) != CURLM_OK || !running)
			break;
#if LIBCURL_VERSION_NUM >= 0x075000
		/* prereq_cb counted it: the request was written in that round */
		if (h->ahead_rq.buf.sends > 0)
			break;
#else
		break;
#endif
		/* connecting: bounded by the connect timeout, stopped by an interrupt */
		curl_multi_poll(h->multi, NULL, 0, 100, NULL);
	}
}

/* the answer of the GET hbase_http_start sent, as hbase_http_perform's */
hbase_http_outcome
hbase_http_finish(hbase_http *h, hbase_http_result *res)
{
	hbase_http_outcome outcome = HBASE_HTTP_FAILED;
	CURLcode	rc = CURLE_RECV_ERROR;
	CURLMsg    *msg;
	int			running = 0;
	int			left;

	if (!h->started)
	{
		memset(res, 0, sizeof(*res));
		snprintf(res->error, sizeof(res->error), "no request was started");
		return HBASE_HTTP_FAILED;
	}
	if (!h->start_failed)
	{
		struct timespec t0,
					now;
		long		waited = 0;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		do
		{
			if (curl_multi_perform(h->multi, &running) != CURLM_OK)
				break;
			if (!running)
				break;
			clock_gettime(CLOCK_MONOTONIC, &now);
			waited = (now.tv_sec - t0.tv_sec) * 1000L + (now.tv_nsec - t0.tv_nsec) / 1000000L;
			if (h->request_timeout_ms > 0 && waited >= h->request_timeout_ms)
			{
				rc = CURLE_OPERATION_TIMEDOUT;
				break;
			}
			/* the progress callback stops it on an interrupt */
			curl_multi_poll(h->multi, NULL, 0, 100, NULL);
		} while (running);
		while ((msg = curl_multi_info_read(h->multi, &left)) != NULL)
			if (msg->msg == CURLMSG_DONE && msg->easy_handle == h->curl)
				rc = msg->data.result;
		curl_multi_remove_handle(h->multi, h->curl);
		curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, h->request_timeout_ms);
		outcome = finish(h, &h->ahead_rq, rc, &h->ahead_res);
	}
	h->started = 0;
	*res = h->ahead_res;
	memset(&h->ahead_res, 0, sizeof(h->ahead_res));
	return outcome;
}

/*
 * Drop a started GET and whatever came of it: an unfinished transfer
 * closes its connection.  Never fails; nothing is left allocated.
 */
void
hbase_http_abandon(hbase_http *h)
{
	if (!h->started)
		return;
	if (!h->start_failed)
	{
		curl_multi_remove_handle(h->multi, h->curl);
		curl_easy_setopt(h->curl, CURLOPT_TIMEOUT_MS, h->request_timeout_ms);
		finish(h, &h->ahead_rq, CURLE_RECV_ERROR, &h->ahead_res);
	}
	hbase_http_result_free(&h->ahead_res);
	h->started = 0;
}

/*
 * The body of a result, now the caller's (NULL when there is none): it
 * stays in the budget until hbase_http_body_free, so an answer held is
 * counted whoever holds it, and is never copied.
 */
char *
hbase_http_take_body(hbase_http_result *res, size_t *len)
{
	char	   *body = res->body;

	*len = res->len;
	res->body = NULL;
	res->len = 0;
	return body;
}

void
hbase_http_body_free(char *body, size_t len)
{
	if (body == NULL)
		return;
	held_release(len);
	free(body);
}

void
hbase_http_set_accept(hbase_http *h, const char *media_type)
{
	/* every request sets it, and it seldom changes */
	if (h->accept[0] == '\0' || strncmp(h->accept + 8, media_type, sizeof(h->accept) - 8) != 0)
		snprintf(h->accept, sizeof(h->accept), "Accept: %s", media_type);
}

