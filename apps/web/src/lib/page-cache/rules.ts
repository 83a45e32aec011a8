/**
 * Pure rules of the guest page cache (docs/decisions/guest-page-cache.md): which requests may be
 * answered from the cache, the cache key, which rendered answers may be stored, and the sha256
 * hashes of a stored page's inline scripts for its Content-Security-Policy. No I/O: unit-tested in
 * rules.test.ts, used by store.ts and src/proxy.ts.
 */
import { createHash } from 'node:crypto';
import Negotiator from 'negotiator';

/** Response header saying how the proxy answered a catalogue page: from the cache, rendered into it, or per request. */
export const CACHE_STATUS_HEADER = 'x-vetshop-cache';
/** Request header of the proxy's own render of a page to store (value: the per-process secret). */
export const RENDER_SECRET_HEADER = 'x-vetshop-page-render';
/**
 * Request header set by the direct answer (direct.ts) on a request it hands to Next after the
 * cache's render of that page failed (value: the per-process secret): the proxy then renders it
 * per request instead of trying the same render again. Stripped from every other request.
 */
export const CACHE_TRIED_HEADER = 'x-vetshop-page-cache-tried';
/**
 * Request header carrying the catalogue version of a render to store; the api clients send it on
 * their GETs so the web's shared answers (lib/api/transport.ts `getShared`, keyed by url and
 * headers) never hand an answer of an older version to that render
 * (render-version.ts). Set by the proxy only on its own renders, stripped from every other request.
 */
export const CATALOG_VERSION_HEADER = 'x-vetshop-catalog-version';

/** Cookies that make a page personal: the api session and the web's OIDC sign-in state (session keeper). */
export const PERSONAL_COOKIES: readonly string[] = ['vetshop_session', 'vetshop_oidc', 'vetshop_oidc_tx'];

/** Request headers of Next's client router and server actions: such requests want RSC payloads, not documents. */
const NON_DOCUMENT_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action'];

/**
 * Guest catalogue pages: home `/{lang}`, category `/{lang}/c/…`, product `/{lang}/p/…`, search
 * `/{lang}/search`; not with a trailing slash, which Next redirects away before its proxy runs.
 */
const CATALOGUE_PATH = /^\/(fr|nl|en)(?:\/(?:c|p)\/[^?#]*[^/?#]|\/search)?$/;

/** The locale of a catalogue page path, or null when `pathname` is not one (see {@link CATALOGUE_PATH}). */
export function catalogueLocale(pathname: string): 'fr' | 'nl' | 'en' | null {
  const m = CATALOGUE_PATH.exec(pathname);
  return m ? (m[1] as 'fr' | 'nl' | 'en') : null;
}

/** What {@link cacheability} needs of a request. */
export interface RequestFacts {
  method: string;
  pathname: string;
  /** Query string with its leading `?`, or ''. */
  search: string;
  /** Header lookup (lower-case names). */
  header: (name: string) => string | null;
  /** Names of the request's cookies. */
  cookieNames: readonly string[];
}

/** What {@link cacheability} says of a request. */
export type Cacheability = 'cacheable' | 'personal' | 'other';

/**
 * Whether a request may be answered from (and stored in) the cache:
 * `cacheable` — a GET document request of a catalogue page without a personal cookie;
 * `personal` — a catalogue page with a personal cookie ({@link PERSONAL_COOKIES}): rendered per request;
 * `other` — anything else (other paths, methods, RSC/prefetch/action requests).
 */
export function cacheability(req: RequestFacts): Cacheability {
  if (req.method !== 'GET' || catalogueLocale(req.pathname) === null) return 'other';
  if (NON_DOCUMENT_HEADERS.some((h) => req.header(h) !== null)) return 'other';
  if (new URLSearchParams(req.search).has('_rsc')) return 'other';
  // Next strips its router headers (RSC, Next-Router-Prefetch, …) and `_rsc` from the request the
  // proxy sees, so the client router's payload fetches are told apart by Fetch Metadata: a browser
  // `fetch` is `sec-fetch-dest: empty`, a page load `document`. Serving a cached document to such a
  // fetch left the router's prefetches and navigations hanging. Clients without Fetch Metadata
  // (benches, monitoring) get the document.
  const dest = req.header('sec-fetch-dest');
  if (dest !== null && dest !== 'document') return 'other';
  const accept = req.header('accept');
  if (accept !== null && accept !== '' && !/text\/html|\*\/\*/.test(accept)) return 'other';
  if (req.cookieNames.some((c) => PERSONAL_COOKIES.includes(c))) return 'personal';
  return 'cacheable';
}

/**
 * Cache key: catalogue version, the consent variant (`c` when the visitor made a cookie choice: no
 * banner in the page; `-` otherwise), then the path and the raw query string (the locale is the
 * path's first segment). Two urls differing only in query order are two entries (bounded by the LRU).
 */
export function cacheKey(version: string, pathname: string, search: string, consentStored: boolean): string {
  return `${version} ${consentStored ? 'c' : '-'} ${pathname}${search}`;
}

/**
 * Whether a rendered answer may be stored: status 200, an HTML body, no cookie set (a cookie means
 * something per visitor) and no `no-store`-like private marker of a signed-in render.
 */
export function isStorable(status: number, headers: Headers): boolean {
  return status === 200 && isHtml(headers) && !isPerVisitor(headers);
}

/** An HTML answer. */
function isHtml(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').startsWith('text/html');
}

/** An answer for one visitor only: it sets a cookie, or carries the private marker of a signed-in render. */
function isPerVisitor(headers: Headers): boolean {
  return headers.getSetCookie().length > 0 || headers.has('x-vetshop-private');
}

/** Redirect statuses of a page render (Next's `redirect` and `permanentRedirect`). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Whether a render that may not be stored is still the guest's whole answer, passed on to the
 * visitor instead of rendering the page a second time per request: a 404 HTML page (an unknown
 * product or category) or a redirect to a path of this site (a non-canonical url key), neither
 * setting a cookie nor marked private. Anything else (a 5xx, a cookie, a redirect elsewhere) is
 * rendered again per request.
 */
export function isPassable(status: number, headers: Headers): boolean {
  if (isPerVisitor(headers)) return false;
  if (REDIRECT_STATUSES.has(status)) {
    const location = headers.get('location') ?? '';
    return location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\');
  }
  return status === 404 && isHtml(headers);
}

/** Script types a browser runs (an absent or empty type is classic JavaScript); JSON-LD and other data blocks are not. */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

/** HTML's ASCII whitespace (tab, line feed, form feed, carriage return, space), as a byte. */
const isHtmlSpace = (b: number | undefined) => b === 9 || b === 10 || b === 12 || b === 13 || b === 32;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SOLIDUS = 0x2f;

/** Whether `bytes` hold the ASCII letters of `word` (lower case) at `at`, in any letter case. */
function hasLettersAt(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let k = 0; k < word.length; k++) if ((bytes[at + k]! | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * Index of the `<` of the first `</script` closing tag (any letter case, then HTML whitespace and
 * `>`) from `from`, and the index just after its `>`; null when there is none.
 */
function closingScriptTag(page: Buffer, from: number): { start: number; next: number } | null {
  for (let at = page.indexOf(LESS_THAN, from); at !== -1; at = page.indexOf(LESS_THAN, at + 1)) {
    if (page[at + 1] !== SOLIDUS || !hasLettersAt(page, at + 2, 'script')) continue;
    let k = at + 8;
    while (isHtmlSpace(page[k])) k += 1;
    if (page[k] === GREATER_THAN) return { start: at, next: k + 1 };
  }
  return null;
}

/**
 * CSP sources (`sha256-<base64>`) of the inline scripts of a page, in document order without
 * duplicates: every `<script>` without `src` whose type is JavaScript. React escapes `</script` in
 * inline script text, so the first closing tag ends the element.
 *
 * `body` is the page's UTF-8 bytes, searched as bytes and never decoded: the markup searched is
 * ASCII, no byte of a multi-byte character equals an ASCII one, and each script is hashed from its
 * own bytes, as browsers hash it. Only a script tag's attributes are read as text. Decoding a 360 kB
 * category page as UTF-8, and then reading it as latin1 text, was most of the CPU of storing it
 * (docs/decisions/guest-page-cache.md, "Script hashes"). Tags are matched in any letter case and
 * whitespace is HTML's ASCII whitespace, as browsers parse tags.
 */
export function inlineScriptHashes(body: Uint8Array): string[] {
  const page = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const hashes = new Set<string>();
  let at = page.indexOf(LESS_THAN);
  while (at !== -1) {
    const after = page[at + 7];
    if (
      !hasLettersAt(page, at + 1, 'script') ||
      !(isHtmlSpace(after) || after === SOLIDUS || after === GREATER_THAN)
    ) {
      at = page.indexOf(LESS_THAN, at + 1);
      continue;
    }
    const tagEnd = page.indexOf(GREATER_THAN, at + 7);
    if (tagEnd === -1) break;
    // A script without its closing tag: no later one can be closed either.
    const close = closingScriptTag(page, tagEnd + 1);
    if (close === null) break;
    const attrs = page.toString('latin1', at + 7, tagEnd);
    const type =
      /(?:^|[\t\n\f\r ])type[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >]+))/i.exec(attrs);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
    if (!/(?:^|[\t\n\f\r ])src[\t\n\f\r ]*=/i.test(attrs) && SCRIPT_TYPES.has(typeValue.toLowerCase()))
      hashes.add(
        `sha256-${createHash('sha256')
          .update(page.subarray(tagEnd + 1, close.start))
          .digest('base64')}`,
      );
    at = page.indexOf(LESS_THAN, close.next);
  }
  return [...hashes];
}

/**
 * Response headers of a render that are kept with a stored page or a passed answer (the rest is per
 * response or set again by the proxy); `location` only a redirect has.
 */
export const STORED_HEADERS: readonly string[] = [
  'content-type',
  'location',
  'cache-control',
  'vary',
  'content-language',
  'link',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

/** Compressed copies kept with a stored page, in the order the proxy prefers them (smaller first). */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** negotiator 1.x's `encoding` with its `preferred` option (tie-break among equal q), which @types/negotiator lacks. */
type EncodingWithPreference = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;

/**
 * The encoding a stored page is sent in for a request's `Accept-Encoding` (negotiator: q-values,
 * `*`, `q=0` refusals): brotli or gzip when the client takes one (brotli when it takes both
 * equally), null for the page's own bytes (no header, `identity`, or only other encodings).
 */
export function pageEncoding(acceptEncoding: string | null): PageEncoding | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const available = [...PAGE_ENCODINGS, 'identity'];
  const chosen = (negotiator.encoding as EncodingWithPreference).call(negotiator, available, {
    preferred: available,
  });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}
