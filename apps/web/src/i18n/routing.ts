import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES } from '@vetshop/domain';

/** Locale cookie lifetime (docs/product/constants.md#defaults: 365 days, path /, SameSite lax), in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * Locale routing (docs/product/web-app-shell.md#languages): every route under /fr, /nl or /en. On `/` the proxy picks the locale
 * from the NEXT_LOCALE cookie, else Accept-Language, else fr; visiting another prefix updates the
 * cookie. hreflang alternates come from page metadata (product and category url keys differ per
 * locale), so next-intl's generic `Link` header is switched off.
 */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'always',
  localeDetection: true,
  alternateLinks: false,
  localeCookie: { name: 'NEXT_LOCALE', maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' },
});
