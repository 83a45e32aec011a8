import { NextRequest, NextResponse } from 'next/server';
import { handleI18nRouting } from './i18n/locale-routing';
import { REQUEST_PATH_HEADER } from './lib/auth-paths';
import { serverEnv } from './lib/env';
import { CONSENT_COOKIE } from './lib/shell/consent';
import { contentSecurityPolicy, createNonce, processCspOptions } from './lib/shell/csp';
import {
  CACHE_STATUS_HEADER,
  CACHE_TRIED_HEADER,
  CATALOG_VERSION_HEADER,
  catalogueLocale,
  RENDER_SECRET_HEADER,
} from './lib/page-cache/rules';
import { cachedPage, catalogVersion, isRenderSecret, storedAnswerHeaders } from './lib/page-cache/store';
// Also registers the stored pages' direct answer for apps/web/server.mjs (loaded with the proxy).
import { cacheabilityOf } from './lib/page-cache/direct';
// Registers the kept brotli copies of the build's scripts and styles for apps/web/server.mjs.
import './lib/static-copies';
// Response header telling the service worker (src/app/sw.ts) that the page was rendered for a
// signed-in browser (docs/decisions/guest-page-cache.md): one definition, shared with the worker.
import { PRIVATE_PAGE_HEADER } from './lib/shell/sw-page-store';

/** Session cookie of the web app (lib/api/client.ts SESSION_COOKIE; not imported: server-only module). */
const SESSION_COOKIE = 'vetshop_session';

/**
 * Locale, security and guest page cache proxy (Next 16 name of the middleware).
 * 1. Guest page cache (docs/decisions/guest-page-cache.md): a guest GET of a catalogue page (home,
 *    category, product, search) is answered from the in-process cache keyed by catalogue version,
 *    path and query (lib/page-cache), rendered once through this server on a miss; its CSP allows
 *    the page's inline scripts by sha256 hash (apps/web/server.mjs answers most of these pages
 *    before Next, hits in the page's stored brotli or gzip copy, misses through the same render:
 *    lib/page-cache/direct.ts; what reaches this proxy is mostly `next start` or a request the
 *    direct answer gave up on, marked so that it is rendered per request). `x-vetshop-cache:
 *    hit|miss`; `pass` for a 404 page or a redirect of that render, answered as rendered and not
 *    stored; `bypass` for a catalogue page rendered per request (personal cookie, api version
 *    unknown, a render neither storable nor passable).
 * 2. Otherwise Content-Security-Policy with a per-request nonce
 *    (docs/decisions/content-security-policy.md): the policy is passed to Next on the request (Next
 *    reads the nonce from the request's `content-security-policy` header and puts it on its own
 *    scripts; pages read `x-nonce`) and set on the response. The proxy's own renders for the cache
 *    (per-process secret header) get no nonce: the cached HTML must not carry one.
 * 3. next-intl routing: redirects `/` and unprefixed paths to a locale prefix (cookie,
 *    Accept-Language, fr) and keeps the NEXT_LOCALE cookie in sync with the prefix.
 * 4. Passes the path and query asked for to the pages rendered per request
 *    ({@link REQUEST_PATH_HEADER}: a layout's sign-in target).
 * 5. Marks pages of a signed-in browser with {@link PRIVATE_PAGE_HEADER} for the service worker.
 * The other security headers (nosniff, referrer policy) come from next.config.ts for every path.
 */
export default async function proxy(request: NextRequest): Promise<NextResponse> {
  const headers = new Headers(request.headers);
  const ownRender = isRenderSecret(request.headers.get(RENDER_SECRET_HEADER));
  headers.delete(RENDER_SECRET_HEADER);
  if (ownRender) {
    // A render for the page cache: no nonce (the HTML is shared), the catalogue version kept.
    return handleI18nRouting(new NextRequest(request.url, { headers, method: request.method }));
  }
  headers.delete(CATALOG_VERSION_HEADER);
  // The direct answer's cache render of this page failed (lib/page-cache/direct.ts): per request.
  const tried = isRenderSecret(request.headers.get(CACHE_TRIED_HEADER));
  headers.delete(CACHE_TRIED_HEADER);
  const { pathname, search } = request.nextUrl;
  const kind = cacheabilityOf(request);
  if (kind === 'cacheable' && !tried) {
    const cached = await fromCache(request, headers, pathname, search);
    if (cached) return cached;
  }
  const response = dynamicPage(request, headers);
  if (kind !== 'other') response.headers.set(CACHE_STATUS_HEADER, 'bypass');
  return response;
}

/** Per-request rendering (today's path): a nonce policy on the request and on the response. */
function dynamicPage(request: NextRequest, headers: Headers): NextResponse {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, ...processCspOptions() });
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const forwarded = new NextRequest(request.url, { headers, method: request.method });
  const response = handleI18nRouting(forwarded);
  response.headers.set('Content-Security-Policy', csp);
  if (request.cookies.has(SESSION_COOKIE)) response.headers.set(PRIVATE_PAGE_HEADER, '1');
  return response;
}

/**
 * A guest catalogue page from the cache (rendered into it on a miss; a 404 page or a redirect of
 * that render answered with its status, not stored), or null when it must be rendered per request:
 * the locale routing answers otherwise (a redirect), the catalogue version is unknown, or the
 * render is neither storable nor passable.
 */
async function fromCache(
  request: NextRequest,
  headers: Headers,
  pathname: string,
  search: string,
): Promise<NextResponse | null> {
  const locale = catalogueLocale(pathname);
  if (!locale) return null;
  const routed = handleI18nRouting(new NextRequest(request.url, { headers, method: request.method }));
  if (routed.headers.has('location') || routed.status >= 300) return null;
  const version = await catalogVersion(serverEnv().API_URL);
  if (version === null) return null;
  // Two variants of a page: with the consent banner in the HTML (no cookie choice yet) or without
  // (docs/decisions/cookie-notice.md).
  const consentStored = request.cookies.has(CONSENT_COOKIE);
  const found = await cachedPage({ pathname, search, locale, version, consentStored });
  if (!found) return null;
  // As rendered: Next drops a content-encoding set here, and server.mjs compresses the answer (the
  // stored compressed copies go out only through the direct answer, lib/page-cache/direct.ts).
  const response = new NextResponse(found.page.body, { status: found.page.status });
  for (const [name, value] of storedAnswerHeaders(found.page, found.status))
    // A passed redirect's location is a path of this site (rules.ts isPassable); Next wants a
    // proxy's location absolute, and sends it back relative when it is of the request's origin.
    response.headers.set(name, name === 'location' ? new URL(value, request.url).toString() : value);
  // The locale cookie next-intl keeps in sync with the prefix, per visitor.
  for (const cookie of routed.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}

export const config = {
  // Everything except the api proxy, the locale-less auth routes (/auth/logout, /auth/expired,
  // /auth/oidc/*), the static offline pages (/offline/{lang}), the service-worker route
  // (/serwist/*), Next internals and files with an extension (sitemap.xml, robots.txt,
  // manifest.webmanifest, sw.js, builds/latest.json, icons).
  matcher: ['/((?!api|auth/|offline/|serwist/|_next|_vercel|.*\\..*).*)'],
};
