import { permanentRedirect } from 'next/navigation';
import type { Locale } from '@vetshop/domain';

/**
 * Locale paths without next-intl's navigation module (docs/decisions/app-links.md): importing
 * i18n/navigation.ts from a server component makes next-intl's `Link` (and next/link under it) a
 * client reference of that page, about 3.5 kB gzip of first-load JavaScript even when no such link
 * is rendered. The layout and the catalogue pages (home, category, product, search) use these
 * instead. The routing has no localised pathnames (i18n/routing.ts, prefix always), so the path is
 * the locale prefix and the href; paths.test.ts checks that it equals i18n/navigation's
 * `getPathname` for the same hrefs, so a change of routing fails there first.
 */

/**
 * `/fr` + `href` for a locale-free href starting with `/` (`/c/medicaments` → `/fr/c/medicaments`,
 * `/` → `/fr`, `/?q=x` → `/fr?q=x`, `/#main` → `/fr/#main`, as next-intl writes them); query and
 * hash are kept as written.
 */
export function localePath(locale: Locale, href: string): string {
  return `/${locale}${href === '/' || href.startsWith('/?') ? href.slice(1) : href}`;
}

/**
 * Permanent redirect (308) to the locale path of `href` (a renamed url key); never returns. The
 * server-only counterpart of i18n/navigation's `permanentRedirect` for the catalogue pages.
 */
export function permanentLocaleRedirect(locale: Locale, href: string): never {
  permanentRedirect(localePath(locale, href));
}
