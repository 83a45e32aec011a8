import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/**
 * Locale-aware navigation (docs/product/web-app-shell.md#languages), from next-intl's
 * `createNavigation` over {@link routing}: hrefs are written without their locale prefix
 * (`<Link href="/account/sales">`, `router.push('/cart')`) and get the current locale's prefix,
 * `/fr/account/sales`; pass `locale` to link to another language. Use these instead of next/link,
 * next/navigation's router and hand-built `/{lang}/…` strings (docs/ARCHITECTURE.md).
 *
 * - `Link`: next/link with the locale prefix (server and client components);
 * - `redirect({ href, locale })` / `permanentRedirect(…)`: server-side redirects;
 * - `useRouter()`, `usePathname()` (the path without its locale prefix): client hooks;
 * - `getPathname({ href, locale })`: the prefixed path as a string (metadata, api redirects, emails).
 */
export const { Link, redirect, permanentRedirect, usePathname, useRouter, getPathname } =
  createNavigation(routing);
