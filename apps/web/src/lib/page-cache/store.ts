/**
 * The guest page cache of the web process (docs/decisions/guest-page-cache.md), used by src/proxy.ts
 * (Next 16 proxy, Node runtime: module state lives as long as the process).
 *
 * - {@link catalogVersion} (version.ts, re-exported): the api's GET /catalog/version, asked at most once per
 *   {@link VERSION_MEMO_MS} (concurrent callers share one request); null when the api cannot answer.
 * - {@link cachedPage}: the stored page of a render target (its key derived from the target: rules.ts
 *   `cacheKey`), else one render (concurrent misses of a key share it) by fetching the page from this same server (loopback, this process's port) with the
 *   per-process {@link RENDER_SECRET_HEADER}; a storable answer (rules.ts isStorable) is kept with the
 *   sha256 hashes of its inline scripts (and later its brotli or gzip copies, {@link encodedBody});
 *   a passable one (rules.ts isPassable: a 404 page, a redirect within the site) is answered once,
 *   not kept, so that it is not rendered a second time.
 * - {@link noteAsked}: counts the asks of each page under the current version; when the version
 *   moves, the most asked pages of the version before are rendered again for the new one in the
 *   background ({@link PAGE_CACHE_WARM_PAGES} at most, one at a time).
 * Memory bound: at most {@link PAGE_CACHE_MAX_BYTES} of HTML and {@link PAGE_CACHE_MAX_ENTRIES}
 * pages, least recently used dropped first; an entry lives {@link PAGE_CACHE_TTL_MS} at most.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { getBytes, type ByteAnswer } from '../api/transport';
import { CONSENT_COOKIE } from '../shell/consent';
import { contentSecurityPolicy, processCspOptions } from '../shell/csp';
import {
  CACHE_STATUS_HEADER,
  CACHE_TRIED_HEADER,
  cacheKey,
  CATALOG_VERSION_HEADER,
  inlineScriptHashes,
  isPassable,
  isStorable,
  RENDER_SECRET_HEADER,
  STORED_HEADERS,
  type PageEncoding,
} from './rules';
import { forgetCatalogVersion } from './version';

export { catalogVersion, knownCatalogVersion, VERSION_MEMO_MS } from './version';

/**
 * Lifetime of a stored page, ms. A page is keyed by the catalogue version, which moves with every
 * change a guest page shows and at every time edge (a new day, a banner's or an ad's start or end:
 * docs/decisions/catalogue-time-edges.md), so a page is usually replaced long before; this bound
 * only limits what a time-bound piece outside those edges could show late.
 */
export const PAGE_CACHE_TTL_MS = 10 * 60_000;
/** HTML kept at most, bytes (UTF-8, with its compressed copies). */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Pages kept at most. */
export const PAGE_CACHE_MAX_ENTRIES = 2000;
/** Pages re-rendered at most after the catalogue version moves: the most asked of the version before. */
export const PAGE_CACHE_WARM_PAGES = 40;
/** Asks of a page under one version from which it is re-rendered when the version moves. */
export const PAGE_CACHE_WARM_MIN_ASKS = 2;
/** Silence allowed to one render of a page to store, ms without a byte (then the request is rendered per request). */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * A rendered answer: status (200 for a stored page; 404 or a redirect for a passed answer), body,
 * the kept response headers and the CSP sources of its inline scripts. The body is kept as the
 * UTF-8 bytes the server sent, so that {@link PAGE_CACHE_MAX_BYTES} bounds the memory it takes: as a
 * string, a page with one character outside Latin-1 (every price's "€") takes two bytes per
 * character in V8, twice what the bound counted.
 */
export interface CachedPage {
  status: number;
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  scriptHashes: string[];
  /**
   * The stored page's body compressed in each encoding asked for it ({@link encodedBody}), made
   * once, for the first answer in that encoding; never kept for a passed answer.
   */
  encoded?: Partial<Record<PageEncoding, Uint8Array<ArrayBuffer>>>;
}

/** Brotli quality of a stored page: 5 of 11, ~3 ms for a 330 kB page, 15–20 % smaller than gzip. */
const BROTLI_QUALITY = 5;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `body` compressed in `encoding`: brotli at quality {@link BROTLI_QUALITY}, or gzip at level 6 as
 * Next's own compression; in libuv's thread pool, so the event loop keeps serving meanwhile.
 */
export async function encodeBody(body: Uint8Array, encoding: PageEncoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotliAsync(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(body);
  // An own copy: a zlib result may be a view of a larger buffer, which the size bound would miscount.
  return new Uint8Array(out);
}

/** Bytes a page takes in the cache: its body and its compressed copies. */
function pageBytes(page: CachedPage): number {
  const copies = Object.values(page.encoded ?? {}).reduce((sum, b) => sum + b.byteLength, 0);
  return Math.max(1, page.body.byteLength + copies);
}

/** Secret of this process's own renders (32 random bytes, base64url); never leaves the process. */
const RENDER_SECRET = randomBytes(32).toString('base64url');

/** The request header saying that this process's page cache could not render the page (rules.ts `CACHE_TRIED_HEADER`). */
export function cacheTriedMark(): [string, string] {
  return [CACHE_TRIED_HEADER, RENDER_SECRET];
}

/** True when `value` is this process's render secret (constant-time comparison). */
export function isRenderSecret(value: string | null): boolean {
  if (!value) return false;
  const a = Buffer.from(value);
  const b = Buffer.from(RENDER_SECRET);
  return a.length === b.length && timingSafeEqual(a, b);
}

const pages = new LRUCache<string, CachedPage>({
  max: PAGE_CACHE_MAX_ENTRIES,
  maxSize: PAGE_CACHE_MAX_BYTES,
  sizeCalculation: pageBytes,
  ttl: PAGE_CACHE_TTL_MS,
});
const renders = new Map<string, Promise<CachedPage | null>>();

/** The page stored under `key`, or undefined; renders nothing (lib/page-cache/direct.ts). */
export function storedPage(key: string): CachedPage | undefined {
  return pages.get(key);
}

/** Copies being compressed, by `<encoding> <key>`: concurrent asks of one copy share its job. */
const compressing = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();

/**
 * The copy in `enc` of the page stored under `key`: the bytes when it is made, else the promise
 * of it (the first ask starts compressing it, {@link encodeBody}; later asks share that job), which
 * gives null when compressing failed (never seen: the caller then sends the page as rendered). The
 * copy is kept with the page (counted in the memory bound, the page's lifetime unchanged) while
 * that page is still the one stored, so only the first answer in an encoding pays for it.
 */
export function encodedBody(
  key: string,
  page: CachedPage,
  enc: PageEncoding,
): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer> | null> {
  const copy = page.encoded?.[enc];
  if (copy) return copy;
  const job = `${enc} ${key}`;
  let pending = compressing.get(job);
  if (!pending) {
    pending = encodeBody(page.body, enc)
      .then((body) => {
        page.encoded = { ...page.encoded, [enc]: body };
        // Set again to count the copy in the size bound; the entry keeps its remaining lifetime.
        if (pages.peek(key) === page) pages.set(key, page, { noUpdateTTL: true });
        return body;
      })
      .catch(() => null)
      .finally(() => compressing.delete(job));
    compressing.set(job, pending);
  }
  return pending;
}

/**
 * Response headers of a page answered by the cache: its kept headers, the Content-Security-Policy
 * allowing its inline scripts by hash, `x-vetshop-cache: <cacheStatus>`. With `encoding` (the
 * direct answer, lib/page-cache/direct.ts: null for the page as rendered) also `Vary:
 * Accept-Encoding` and its `content-encoding`; without (src/proxy.ts), Next compresses the answer
 * and says so itself. A passed redirect's `location` is left as rendered (a path).
 */
export function storedAnswerHeaders(
  page: CachedPage,
  cacheStatus: CacheStatus,
  encoding?: PageEncoding | null,
): [string, string][] {
  const headers = new Headers(page.headers);
  headers.set(
    'content-security-policy',
    contentSecurityPolicy({ nonce: null, scriptHashes: page.scriptHashes, ...processCspOptions() }),
  );
  headers.set(CACHE_STATUS_HEADER, cacheStatus);
  if (encoding !== undefined) {
    const vary = headers.get('vary') ?? '';
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.append('vary', 'Accept-Encoding');
    if (encoding) headers.set('content-encoding', encoding);
  }
  return [...headers];
}

/** Origin of this server seen from itself: loopback and the port `next start` listens on. */
function selfOrigin(): string {
  return process.env.PAGE_CACHE_ORIGIN || `http://127.0.0.1:${process.env.PORT || '3000'}`;
}

/** What a page to store is rendered for: path and query, locale, catalogue version, consent variant. */
export interface RenderTarget {
  pathname: string;
  /** Query string with its leading `?`, or ''. */
  search: string;
  locale: string;
  version: string;
  /** The visitor made a cookie choice: the page is rendered without the consent banner. */
  consentStored: boolean;
}

/** How the cache answered: the page stored (`hit`), rendered and stored (`miss`), or rendered and passed, not kept (`pass`). */
export type CacheStatus = 'hit' | 'miss' | 'pass';

/**
 * The page of `target`: from the cache (under rules.ts `cacheKey` of its version, path, query and
 * consent variant), else rendered once for it and stored when storable. Returns `{page, status,
 * key}` ({@link CacheStatus}: `pass` for a 404 page or a redirect within the site, answered as
 * rendered, not kept); null when the render failed or is neither storable nor passable (a 5xx, a
 * cookie set): the caller renders per request.
 */
export async function cachedPage(
  target: RenderTarget,
): Promise<{ page: CachedPage; status: CacheStatus; key: string } | null> {
  noteAsked(target);
  const found = await pageOf(target);
  // A 404 page or a redirect is not stored: the warm-up would render it again for nothing.
  if (found?.status !== 'hit' && found?.status !== 'miss') asked.delete(askedKey(target));
  return found;
}

/** {@link cachedPage} without counting the ask (the warm-up's renders). */
async function pageOf(
  target: RenderTarget,
): Promise<{ page: CachedPage; status: CacheStatus; key: string } | null> {
  const key = cacheKey(target.version, target.pathname, target.search, target.consentStored);
  const found = pages.get(key);
  if (found) return { page: found, status: 'hit', key };
  let render = renders.get(key);
  if (!render) {
    render = renderPage(target)
      .then((page) => {
        if (page?.status === 200) pages.set(key, page);
        return page;
      })
      .finally(() => renders.delete(key));
    renders.set(key, render);
  }
  const page = await render;
  return page ? { page, status: page.status === 200 ? 'miss' : 'pass', key } : null;
}

/** A page asked under the current version: what to render it for, and how many asks. */
interface Asked {
  target: Omit<RenderTarget, 'version'>;
  asks: number;
}

/** Pages asked under {@link askedVersion}, by {@link askedKey} (bounded as the cache). */
const asked = new LRUCache<string, Asked>({ max: PAGE_CACHE_MAX_ENTRIES });
/** A page's key in {@link asked}: its cache key without the version. */
const askedKey = (t: Omit<RenderTarget, 'version'>): string =>
  cacheKey('', t.pathname, t.search, t.consentStored);
/** The newest catalogue version a page was asked under, null before the first ask. */
let askedVersion: bigint | null = null;

/**
 * Counts an ask of a guest page under `target.version` (the proxy's and the direct answer's hits
 * and misses; docs/decisions/guest-page-cache.md, "Warm-up after the version moves"). The first ask
 * under a newer version starts the warm-up of the most asked pages of the version before
 * ({@link warmUp}) and starts counting afresh; an ask under an older version (a memo read before the
 * move) is not counted.
 */
export function noteAsked(target: RenderTarget): void {
  const version = BigInt(target.version);
  if (askedVersion === null || version > askedVersion) {
    const before = askedVersion === null ? [] : mostAsked();
    asked.clear();
    askedVersion = version;
    if (before.length > 0) void warmUp(target.version, before);
  } else if (version < askedVersion) return;
  const { pathname, search, locale, consentStored } = target;
  const key = askedKey(target);
  const entry = asked.get(key);
  if (entry) entry.asks += 1;
  else asked.set(key, { target: { pathname, search, locale, consentStored }, asks: 1 });
}

/** The pages asked at least {@link PAGE_CACHE_WARM_MIN_ASKS} times, most asked first, {@link PAGE_CACHE_WARM_PAGES} at most. */
function mostAsked(): Asked['target'][] {
  return [...asked.values()]
    .filter((a) => a.asks >= PAGE_CACHE_WARM_MIN_ASKS)
    .sort((a, b) => b.asks - a.asks)
    .slice(0, PAGE_CACHE_WARM_PAGES)
    .map((a) => a.target);
}

/**
 * Renders `targets` under `version` and stores them, one after the other (a visitor asking one of
 * them meanwhile shares its render), so that the popular guest pages are answered from the cache
 * right after the catalogue version moved. Stops when the version moves again (the next warm-up
 * takes over). A failed render is skipped.
 */
async function warmUp(version: string, targets: Asked['target'][]): Promise<void> {
  for (const target of targets) {
    if (askedVersion !== BigInt(version)) return;
    await pageOf({ ...target, version }).catch(() => null);
  }
}

/**
 * Renders `target` through this server as a bare guest: no cookie but the locale's and, for the
 * consent variant, a cookie choice of essential cookies only (the page only tests its presence).
 */
async function renderPage({
  pathname,
  search,
  locale,
  version,
  consentStored,
}: RenderTarget): Promise<CachedPage | null> {
  const pathAndQuery = pathname + search;
  const cookies = [`NEXT_LOCALE=${locale}`];
  if (consentStored) cookies.push(`${CONSENT_COOKIE}=session`);
  let res: ByteAnswer;
  try {
    res = await getBytes(
      `${selfOrigin()}${pathAndQuery}`,
      {
        accept: 'text/html',
        'accept-encoding': 'identity',
        'accept-language': locale,
        cookie: cookies.join('; '),
        [RENDER_SECRET_HEADER]: RENDER_SECRET,
        [CATALOG_VERSION_HEADER]: version,
      },
      RENDER_TIMEOUT_MS,
    );
  } catch (error) {
    console.error(`[page-cache] render of ${pathAndQuery} failed`, error);
    return null;
  }
  const storable = isStorable(res.status, res.headers);
  if (!storable && !isPassable(res.status, res.headers)) return null;
  const headers: [string, string][] = [];
  for (const name of STORED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers.push([name, value]);
  }
  return {
    status: res.status,
    body: res.body,
    headers,
    scriptHashes: inlineScriptHashes(res.body),
  };
}

/** Drops every stored page, the asks counted and the memoised version (tests). */
export function clearPageCache(): void {
  pages.clear();
  asked.clear();
  askedVersion = null;
  forgetCatalogVersion();
}
