import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

/**
 * Locale proxy (Next 16 name of the middleware): redirects `/` and unprefixed paths to a locale
 * prefix (cookie, Accept-Language, fr) and keeps the NEXT_LOCALE cookie in sync with the prefix.
 */
export default createMiddleware(routing);

export const config = {
  // Everything except the api proxy, the locale-less auth routes (/auth/logout, /auth/expired,
  // /auth/oidc/*), Next internals and files with an extension (sitemap.xml, robots.txt,
  // manifest.webmanifest, icons).
  matcher: ['/((?!api|auth/|_next|_vercel|.*\\..*).*)'],
};
