/**
 * Guest catalogue pages answered by the web's Node server itself, before Next, from the guest page
 * cache (docs/decisions/guest-page-cache.md "Stored compressed, answered before Next" and "First
 * renders answered before Next"). `apps/web/server.mjs` offers every request to
 * {@link answerFromCache} first; it takes only a request the proxy (src/proxy.ts) would answer
 * from the cache, and says `false` for everything else (the proxy's own renders included), which
 * Next then handles as before:
 * - a cacheable GET (rules.ts `cacheability`) of a catalogue page that next-intl's locale routing
 *   does not redirect (a NEXT_LOCALE cookie it sets goes out with the page);
 * - under the catalogue version (store.ts `catalogVersion`: read at most once a second, so a staff
 *   change shows as soon as through the proxy; read again behind the answers from half that age
 *   on, so steady traffic never waits for it); no version (the api does not answer): Next;
 * - the stored page (`hit`), else the cache's one render of it (store.ts `cachedPage`: `miss`, or
 *   `pass` for a 404 page or a redirect within the site, answered as rendered and not kept). A
 *   render that fails goes to Next marked with the cache's "tried" header (store.ts
 *   `cacheTriedMark`), so that the proxy renders it per request without trying it again.
 * The answer is the proxy's for the same page (same headers and status), in the client's encoding:
 * the stored page's brotli or gzip copy (store.ts `encodedBody`, made once per page). Next drops a
 * `content-encoding` set by its proxy, so an answer through Next is compressed again each time
 * (by apps/web/server.mjs, docs/decisions/answer-compression.md), and sending the visitor's
 * request through Next as well as the cache's render costs its routing and proxy twice, so only a
 * server in front of Next can spare both.
 *
 * This module registers the function under {@link DIRECT_ANSWER} on `globalThis` when the proxy
 * loads it (the server and Next's bundle of the proxy share the process, not their modules).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { handleI18nRouting } from '../../i18n/locale-routing';
import { serverEnv } from '../env';
import { CONSENT_COOKIE } from '../shell/consent';
import {
  CACHE_TRIED_HEADER,
  cacheability,
  cacheKey,
  catalogueLocale,
  pageEncoding,
  RENDER_SECRET_HEADER,
  type Cacheability,
  type PageEncoding,
} from './rules';
import {
  cachedPage,
  cacheTriedMark,
  catalogVersion,
  encodeBody,
  encodedBody,
  knownCatalogVersion,
  noteAsked,
  storedAnswerHeaders,
  storedPage,
  VERSION_MEMO_MS,
  type CachedPage,
  type CacheStatus,
} from './store';

/** `globalThis` key of {@link answerFromCache} (a registered symbol: apps/web/server.mjs reads it). */
export const DIRECT_ANSWER = Symbol.for('vetshop.page-cache.direct-answer');

/** Whether `request` may be answered from the guest page cache (rules.ts `cacheability`), for the proxy and {@link answerFromCache}. */
export function cacheabilityOf(request: NextRequest): Cacheability {
  return cacheability({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    header: (name) => request.headers.get(name),
    cookieNames: request.cookies.getAll().map((c) => c.name),
  });
}

/** A page to answer, its cache status, the client's encoding and the locale cookies to set. */
interface Answer {
  page: CachedPage;
  status: CacheStatus;
  encoding: PageEncoding | null;
  cookies: string[];
  /** The page's cache key (a passed answer is not stored under it). */
  key: string;
}

/**
 * Answers `req` from the guest page cache and gives true, or gives false without touching `res`
 * (see the module comment for when). A stored page whose copy in the client's encoding is made is
 * answered at once (`true`); otherwise a promise of the same, settled once the version is read,
 * the page rendered or its copy compressed. Never throws for a request it declines; a failure
 * after the answer began is the server's to handle (apps/web/server.mjs).
 */
export function answerFromCache(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  if (req.method !== 'GET' || !req.url?.startsWith('/')) return false;
  // The proxy's own renders for the cache (and forged copies of their header), and requests this
  // function already gave up on, are Next's to handle.
  if (req.headers[RENDER_SECRET_HEADER] !== undefined || req.headers[CACHE_TRIED_HEADER] !== undefined)
    return false;
  const locale = catalogueLocale(req.url.split('?')[0]!);
  if (!locale) return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  let request: NextRequest;
  try {
    request = new NextRequest(new URL(req.url, 'http://localhost'), { headers });
  } catch {
    return false;
  }
  if (cacheabilityOf(request) !== 'cacheable') return false;
  // The locale routing as the proxy runs it: a redirect is Next's to answer; a cookie to set
  // (a first visit in another language than the browser's) goes with the page.
  const routed = handleI18nRouting(request);
  if (routed.headers.has('location') || routed.status >= 300) return false;
  const cookies = routed.headers.getSetCookie();
  const encoding = pageEncoding(request.headers.get('accept-encoding'));
  const { pathname, search } = request.nextUrl;
  const consentStored = request.cookies.has(CONSENT_COOKIE);
  const apiUrl = serverEnv().API_URL;
  const now = Date.now();
  const version = knownCatalogVersion(now);
  // Half-way through its memo the version is read again behind the answer, so that steady traffic
  // never waits for it.
  if (version !== null && knownCatalogVersion(now, VERSION_MEMO_MS / 2) === null)
    void catalogVersion(apiUrl, now, VERSION_MEMO_MS / 2);
  if (version !== null) {
    const key = cacheKey(version, pathname, search, consentStored);
    const page = storedPage(key);
    if (page) {
      noteAsked({ pathname, search, locale, version, consentStored });
      const body = encoding ? encodedBody(key, page, encoding) : page.body;
      if (body instanceof Uint8Array) {
        send(res, { page, status: 'hit', encoding, cookies, key }, body);
        return true;
      }
    }
  }
  return (async () => {
    const current = version ?? (await catalogVersion(apiUrl));
    if (current === null) return false;
    const found = await cachedPage({ pathname, search, locale, version: current, consentStored });
    if (!found) {
      const [name, value] = cacheTriedMark();
      req.headers[name] = value;
      return false;
    }
    const answer: Answer = { ...found, encoding, cookies };
    send(res, answer, await bodyOf(answer));
    return true;
  })();
}

/**
 * The body of `answer` in its encoding: a stored page's kept copy (made now when it is the first
 * answer in that encoding), a passed answer compressed for this answer only; the page as rendered
 * when there is no encoding or compressing failed (then `answer.encoding` becomes null).
 */
async function bodyOf(answer: Answer): Promise<Uint8Array> {
  const { page, encoding, key, status } = answer;
  if (!encoding) return page.body;
  const body =
    status === 'pass'
      ? await encodeBody(page.body, encoding).catch(() => null)
      : await encodedBody(key, page, encoding);
  if (body) return body;
  answer.encoding = null;
  return page.body;
}

/** Writes `answer` with `body` (in `answer.encoding`) to `res`: the cache's headers, the locale cookies, the length. */
function send(res: ServerResponse, answer: Answer, body: Uint8Array): void {
  res.statusCode = answer.page.status;
  for (const [name, value] of storedAnswerHeaders(answer.page, answer.status, answer.encoding))
    res.setHeader(name, value);
  if (answer.cookies.length > 0) res.setHeader('set-cookie', answer.cookies);
  res.setHeader('content-length', body.byteLength);
  res.end(body);
}

(globalThis as Record<symbol, unknown>)[DIRECT_ANSWER] = answerFromCache;
