import createMiddleware from 'next-intl/middleware';
import { NextRequest, type NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import { contentSecurityPolicy, createNonce } from './lib/shell/csp';

const handleI18nRouting = createMiddleware(routing);

/** Session cookie of the web app (lib/api/client.ts SESSION_COOKIE; not imported: server-only module). */
const SESSION_COOKIE = 'vetshop_session';

/**
 * Response header telling the service worker (src/app/sw.ts) that the page was rendered for a
 * signed-in browser, so it must never be cached (issue 6 "caching strategy").
 */
export const PRIVATE_PAGE_HEADER = 'x-vetshop-private';

/**
 * Locale and security proxy (Next 16 name of the middleware).
 * 1. Content-Security-Policy with a per-request nonce (docs/decisions/content-security-policy.md):
 *    the policy is passed to Next on the request (Next reads the nonce from the request's
 *    `content-security-policy` header and puts it on its own scripts; pages read `x-nonce`) and set
 *    on the response.
 * 2. next-intl routing: redirects `/` and unprefixed paths to a locale prefix (cookie,
 *    Accept-Language, fr) and keeps the NEXT_LOCALE cookie in sync with the prefix.
 * 3. Marks pages of a signed-in browser with {@link PRIVATE_PAGE_HEADER} for the service worker.
 * The other security headers (nosniff, referrer policy) come from next.config.ts for every path.
 */
export default function proxy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({
    nonce,
    oidcIssuer: process.env.OIDC_ISSUER || null,
    dev: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const forwarded = new NextRequest(request.url, { headers, method: request.method });
  const response = handleI18nRouting(forwarded);
  response.headers.set('Content-Security-Policy', csp);
  if (request.cookies.has(SESSION_COOKIE)) response.headers.set(PRIVATE_PAGE_HEADER, '1');
  return response;
}

export const config = {
  // Everything except the api proxy, the locale-less auth routes (/auth/logout, /auth/expired,
  // /auth/oidc/*), the static offline pages (/offline/{lang}), the service-worker route
  // (/serwist/*), Next internals and files with an extension (sitemap.xml, robots.txt,
  // manifest.webmanifest, sw.js, builds/latest.json, icons).
  matcher: ['/((?!api|auth/|offline/|serwist/|_next|_vercel|.*\\..*).*)'],
};
