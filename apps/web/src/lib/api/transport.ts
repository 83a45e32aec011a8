import http from 'node:http';
import https from 'node:https';
import { LRUCache } from 'lru-cache';
import { cache } from 'react';

/**
 * The server's GETs to the api, made with node:http on kept-alive connections instead of `fetch`
 * (docs/decisions/web-page-performance.md, "The api's uncached answers without fetch"). Next wraps
 * every server `fetch` GET in a `Request` and tees and clones its answer for its per-render memo;
 * with undici's own `Response` and body streams that cost more CPU than the request itself.
 *
 * Answers are memoised per render as Next's fetch memo does (React `cache`: the same url and
 * headers asked twice in one page render send one request); outside a render (route handlers,
 * server actions) every call sends its request.
 *
 * The answers every visitor shares (a guest's catalogue data, the category tree, the CMS snippets)
 * are kept here too, for their `revalidate` seconds ({@link getShared}), instead of in Next's data
 * cache (docs/decisions/guest-page-cache.md, "Shared answers kept by the web itself").
 */

/** Kept-alive connections per protocol (the api is one origin; sockets are reused between pages). */
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
} as const;

/**
 * Milliseconds without a byte from the api before a GET fails (as undici's `fetch` times out
 * waiting for headers or body: 300 s): a render never waits forever on a silent connection.
 */
const IDLE_TIMEOUT_MS = 300_000;

/** What one GET answered: its status line and its whole body as text (UTF-8). */
export interface UncachedAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
}

/** What one GET answered, whole: status line, headers and the body's bytes. */
export interface ByteAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  /** The body as sent (no decoding: ask with `accept-encoding: identity`), in its own buffer. */
  readonly body: Uint8Array<ArrayBuffer>;
}

/** A response's headers as a `Headers` (each `set-cookie` its own entry, as `getSetCookie` reads them). */
function headersOf(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * GETs `url` with `headers` (no redirect followed) and reads the whole body.
 * Rejects with a TypeError on a connection failure, an answer cut short or `idleMs` of silence,
 * as `fetch` does. A kept connection that the server closed just as it was reused (ECONNRESET
 * before any answer) is asked again once, as Node's documentation advises for idempotent
 * requests, on a connection of its own (`retried`): the api closes every connection idle past its
 * keep-alive timeout at once, so the pool's other kept connections would fail the same way (a
 * quiet shop's first page was a 503).
 */
export function getBytes(
  url: string,
  headers: Readonly<Record<string, string>>,
  idleMs: number = IDLE_TIMEOUT_MS,
  retried = false,
): Promise<ByteAnswer> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch (cause) {
      reject(new TypeError(`invalid url ${url}`, { cause }));
      return;
    }
    const secure = target.protocol === 'https:';
    const send = secure ? https.request : http.request;
    let answered = false;
    const req = send(
      target,
      { method: 'GET', headers, agent: retried ? false : secure ? agents.https : agents.http },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
        });
        res.on('error', (cause) => reject(new TypeError('answer cut short', { cause })));
        res.on('aborted', () => reject(new TypeError('answer cut short')));
        res.on('end', () => {
          const body = new Uint8Array(length);
          let at = 0;
          for (const chunk of chunks) {
            body.set(chunk, at);
            at += chunk.length;
          }
          resolve(
            Object.freeze({
              status: res.statusCode ?? 502,
              statusText: res.statusMessage ?? '',
              headers: headersOf(res),
              body,
            }),
          );
        });
      },
    );
    req.on('error', (cause: NodeJS.ErrnoException) => {
      if (!retried && !answered && req.reusedSocket && cause.code === 'ECONNRESET') {
        getBytes(url, headers, idleMs, true).then(resolve, reject);
        return;
      }
      reject(new TypeError('fetch failed', { cause }));
    });
    req.setTimeout(idleMs, () => req.destroy(new Error('server silent')));
    req.end();
  });
}

/** {@link getBytes} with the body read as UTF-8 text (an api answer). */
async function getRaw(url: string, headers: Readonly<Record<string, string>>): Promise<UncachedAnswer> {
  const answer = await getBytes(url, headers);
  return Object.freeze({
    status: answer.status,
    statusText: answer.statusText,
    body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength).toString('utf8'),
  });
}

/** {@link getRaw} memoised per render by url and headers (as JSON: React `cache` compares arguments by identity). */
const getRawOnce = cache((url: string, headersJson: string): Promise<UncachedAnswer> =>
  getRaw(url, JSON.parse(headersJson) as Record<string, string>),
);

/**
 * GET `url` with `headers` from the server, never kept between renders: the answer's status
 * and body text, which the caller parses (callers in one render share one frozen answer).
 * Rejects with a TypeError when the api cannot be reached, as `fetch` does.
 */
export function getUncached(url: string, headers: Readonly<Record<string, string>>): Promise<UncachedAnswer> {
  return getRawOnce(url, JSON.stringify(headers));
}

/**
 * Bytes of answer text the shared answers may hold (UTF-16 code units of body and key, a bound
 * rather than an exact heap size), as Next's data cache held at most 50 MB per process; the least
 * recently used answers go first.
 */
export const SHARED_ANSWERS_MAX_SIZE = 50 * 1024 * 1024;

/** Successful shared answers by url and headers, each kept for the seconds its caller gave. */
const sharedAnswers = new LRUCache<string, UncachedAnswer>({
  maxSize: SHARED_ANSWERS_MAX_SIZE,
  sizeCalculation: (answer, key) => Math.max(1, answer.body.length + key.length),
});

/** Shared answers being asked: concurrent renders asking the same one wait for one request. */
const sharedInFlight = new Map<string, Promise<UncachedAnswer>>();

/**
 * GET `url` with `headers` for an answer that is the same for every visitor (never one sent with a
 * session cookie): a 2xx answer is kept in memory for `seconds` and handed to every caller until
 * then (one frozen answer, parsed by each caller); concurrent callers of an answer not kept yet
 * share one request. Any other status is answered to its callers and not kept, so an api outage or
 * a 404 is asked again by the next render. The key is the url and the headers as given, so a page
 * cache render's catalogue-version header keeps answers of different versions apart.
 * Rejects with a TypeError when the api cannot be reached, as `fetch` does (nothing kept).
 */
export function getShared(
  url: string,
  headers: Readonly<Record<string, string>>,
  seconds: number,
): Promise<UncachedAnswer> {
  const key = `${url} ${JSON.stringify(headers)}`;
  const kept = sharedAnswers.get(key);
  if (kept) return Promise.resolve(kept);
  const asked = sharedInFlight.get(key);
  if (asked) return asked;
  const request = getRaw(url, headers)
    .then((answer) => {
      if (answer.status >= 200 && answer.status < 300 && seconds > 0) {
        sharedAnswers.set(key, answer, { ttl: seconds * 1000 });
      }
      return answer;
    })
    .finally(() => sharedInFlight.delete(key));
  sharedInFlight.set(key, request);
  return request;
}
