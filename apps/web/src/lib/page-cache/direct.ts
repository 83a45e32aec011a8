/**
 * Stored guest pages answered by the web's Node server itself, before Next
 * (docs/decisions/guest-page-cache.md "Stored compressed, answered before Next"). `apps/web/server.mjs`
 * asks {@link answerStored} first for every request; it answers only a request the proxy
 * (src/proxy.ts) would answer from the cache with nothing to add, and says `false` for everything
 * else, which Next then handles as before:
 * - a cacheable GET (rules.ts `cacheability`) of a catalogue page,
 * - whose NEXT_LOCALE cookie already names the page's locale (otherwise next-intl sets it),
 * - while the catalogue version is known and fresh (store.ts `knownCatalogVersion`; when it is not,
 *   it is asked again behind the request, which Next answers),
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
import { parseCookie } from 'cookie';
import { CONSENT_COOKIE } from '../shell/consent';
import { cacheability, cacheKey, catalogueLocale, pageEncoding } from './rules';
import { serverEnv } from '../env';
import { catalogVersion, encodedBody, knownCatalogVersion, storedAnswerHeaders, storedPage } from './store';

/** `globalThis` key of {@link answerStored} (a registered symbol: apps/web/server.mjs reads it). */
export const DIRECT_ANSWER = Symbol.for('vetshop.page-cache.answer-stored');
/** Name of next-intl's locale cookie (i18n/routing.ts `localeCookie`). */
const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * Answers `req` with its stored page and returns true, or returns false without touching `res`
 * (see the module comment for when). Synchronous: nothing is awaited, nothing is rendered.
 */
export function answerStored(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || !req.url || !req.url.startsWith('/')) return false;
  let url: URL;
  try {
    url = new URL(req.url, 'http://localhost');
  } catch {
    return false;
  }
  const { pathname, search } = url;
  const locale = catalogueLocale(pathname);
  if (!locale) return false;
  const cookies = parseCookie(req.headers.cookie ?? '');
  const header = (name: string): string | null => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  const kind = cacheability({
    method: req.method,
    pathname,
    search,
    header,
    cookieNames: Object.keys(cookies),
  });
  if (kind !== 'cacheable' || cookies[LOCALE_COOKIE] !== locale) return false;
  const version = knownCatalogVersion();
  if (version === null) {
    // Read it again behind this request (which Next answers), so the next ones can be answered here.
    void catalogVersion(serverEnv().API_URL);
    return false;
  }
  const key = cacheKey(version, pathname, search, CONSENT_COOKIE in cookies);
  const page = storedPage(key);
  if (!page) return false;
  const encoding = pageEncoding(header('accept-encoding'));
  const body = encoding ? encodedBody(key, page, encoding) : page.body;
  if (!body) return false;
  res.statusCode = page.status;
  for (const [name, value] of storedAnswerHeaders(page, 'hit', encoding)) res.setHeader(name, value);
  res.setHeader('content-length', body.byteLength);
  res.end(body);
  return true;
}

(globalThis as Record<symbol, unknown>)[DIRECT_ANSWER] = answerStored;
