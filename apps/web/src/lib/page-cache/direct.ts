/**
 * Stored guest pages answered by the web's Node server itself, before Next
 * (docs/decisions/guest-page-cache.md "Stored compressed, answered before Next"). `apps/web/server.mjs`
 * asks {@link answerStored} first for every request; it answers only a request the proxy
 * (src/proxy.ts) would answer from a page already stored, and says `false` for everything else
 * (the proxy's own renders included), which Next then handles as before:
 * - a cacheable GET (rules.ts `cacheability`) of a catalogue page that next-intl's locale routing
 *   does not redirect (a NEXT_LOCALE cookie it sets goes out with the page),
 * - while the catalogue version is known and fresh (store.ts `knownCatalogVersion`: read less than
 *   a second ago, so a staff change shows as soon as through the proxy; it is read again behind
 *   the answers from half that age on),
 * - of a stored page (store.ts `storedPage`; no render is started here) whose copy in the client's
 *   encoding is made (store.ts `encodedBody`: the first hit that asks starts it).
 * The answer is the proxy's for the same page (same headers, `x-vetshop-cache: hit`), in the
 * client's encoding: Next drops a `content-encoding` set by its proxy and gzips every answer
 * itself (about 2.5 ms of CPU per product page), so only a server in front of Next can send the
 * copies compressed once.
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
  cacheability,
  cacheKey,
  catalogueLocale,
  pageEncoding,
  RENDER_SECRET_HEADER,
  type Cacheability,
} from './rules';
import {
  catalogVersion,
  encodedBody,
  knownCatalogVersion,
  storedAnswerHeaders,
  storedPage,
  VERSION_MEMO_MS,
} from './store';

/** `globalThis` key of {@link answerStored} (a registered symbol: apps/web/server.mjs reads it). */
export const DIRECT_ANSWER = Symbol.for('vetshop.page-cache.answer-stored');

/** Whether `request` may be answered from the guest page cache (rules.ts `cacheability`), for the proxy and {@link answerStored}. */
export function cacheabilityOf(request: NextRequest): Cacheability {
  return cacheability({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    header: (name) => request.headers.get(name),
    cookieNames: request.cookies.getAll().map((c) => c.name),
  });
}

/**
 * Answers `req` with its stored page and returns true, or returns false without touching `res`
 * (see the module comment for when). Synchronous: nothing is awaited, nothing is rendered.
 */
export function answerStored(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || !req.url?.startsWith('/') || !catalogueLocale(req.url.split('?')[0]!))
    return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  let request: NextRequest;
  try {
    request = new NextRequest(new URL(req.url, 'http://localhost'), { headers });
  } catch {
    return false;
  }
  // The proxy's own renders for the cache (and forged copies of their header) are Next's to handle.
  if (request.headers.has(RENDER_SECRET_HEADER) || cacheabilityOf(request) !== 'cacheable') return false;
  // The locale routing as the proxy runs it: a redirect is Next's to answer; a cookie to set
  // (a first visit in another language than the browser's) goes with the page.
  const routed = handleI18nRouting(request);
  if (routed.headers.has('location') || routed.status >= 300) return false;
  const now = Date.now();
  const version = knownCatalogVersion(now);
  // Half-way through its memo the version is read again behind the answer, so that steady traffic
  // keeps being answered here; once it is stale, Next answers (and waits for it).
  if (knownCatalogVersion(now, VERSION_MEMO_MS / 2) === null)
    void catalogVersion(serverEnv().API_URL, now, VERSION_MEMO_MS / 2);
  if (version === null) return false;
  const { pathname, search } = request.nextUrl;
  const key = cacheKey(version, pathname, search, request.cookies.has(CONSENT_COOKIE));
  const page = storedPage(key);
  if (!page) return false;
  const encoding = pageEncoding(request.headers.get('accept-encoding'));
  const body = encoding ? encodedBody(key, page, encoding) : page.body;
  if (!body) return false;
  res.statusCode = page.status;
  for (const [name, value] of storedAnswerHeaders(page, 'hit', encoding)) res.setHeader(name, value);
  const cookies = routed.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.setHeader('content-length', body.byteLength);
  res.end(body);
  return true;
}

(globalThis as Record<symbol, unknown>)[DIRECT_ANSWER] = answerStored;
