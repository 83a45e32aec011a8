import http from 'node:http';
import https from 'node:https';
import { cache } from 'react';

/**
 * The server's GETs to the api that Next's data cache never keeps (a signed-in user's answers,
 * sent `no-store`), made with node:http on kept-alive connections instead of `fetch`
 * (docs/decisions/web-page-performance.md, "The api's uncached answers without fetch"). Next wraps
 * every server `fetch` GET in a `Request` and tees and clones its answer for its per-render memo;
 * with undici's own `Response` and body streams that cost more CPU than the request itself.
 *
 * Answers are memoised per render as Next's fetch memo does (React `cache`: the same url and
 * headers asked twice in one page render send one request); outside a render (route handlers,
 * server actions) every call sends its request.
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

/**
 * GETs `url` with `headers` (no redirect followed) and reads the whole body.
 * Rejects with a TypeError on a connection failure, an answer cut short or IDLE_TIMEOUT_MS of
 * silence, as `fetch` does. A kept connection that the api closed just as it was reused
 * (ECONNRESET before any answer) is asked again once on a new one, as Node's documentation
 * advises for idempotent requests.
 */
function getRaw(
  url: string,
  headers: Readonly<Record<string, string>>,
  retried = false,
): Promise<UncachedAnswer> {
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
      { method: 'GET', headers, agent: secure ? agents.https : agents.http },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (cause) => reject(new TypeError('answer cut short', { cause })));
        res.on('aborted', () => reject(new TypeError('answer cut short')));
        res.on('end', () =>
          resolve(
            Object.freeze({
              status: res.statusCode ?? 502,
              statusText: res.statusMessage ?? '',
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
      },
    );
    req.on('error', (cause: NodeJS.ErrnoException) => {
      if (!retried && !answered && req.reusedSocket && cause.code === 'ECONNRESET') {
        getRaw(url, headers, true).then(resolve, reject);
        return;
      }
      reject(new TypeError('fetch failed', { cause }));
    });
    req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(new Error('api silent')));
    req.end();
  });
}

/** {@link getRaw} memoised per render by url and headers (as JSON: React `cache` compares arguments by identity). */
const getRawOnce = cache((url: string, headersJson: string): Promise<UncachedAnswer> =>
  getRaw(url, JSON.parse(headersJson) as Record<string, string>),
);

/**
 * GET `url` with `headers` from the server, never through Next's data cache: the answer's status
 * and body text, which the caller parses (callers in one render share one frozen answer).
 * Rejects with a TypeError when the api cannot be reached, as `fetch` does.
 */
export function getUncached(url: string, headers: Readonly<Record<string, string>>): Promise<UncachedAnswer> {
  return getRawOnce(url, JSON.stringify(headers));
}
