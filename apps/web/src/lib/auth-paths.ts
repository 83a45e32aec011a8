/**
 * Paths of the sign-in flow (docs/product/web-app-shell.md#entry-checks "Account pages, cart and cart-confirm carry an entry check
 * requiring login", "The sign-in return path defaults to the localized account/oidc-redirect",
 * "After sign-out the user goes to the page given, else to the home page"; docs/product/web-app-shell.md#navigation).
 * Pure functions: no framework, safe in server and client code, unit-tested.
 */
import { LOCALES, safeRelativeTarget, type Locale } from '@vetshop/domain';

/** Pages under /{lang}/account that guests may open (every other account page needs a session). */
export const PUBLIC_ACCOUNT_PAGES = [
  'register',
  'login',
  'validate-email',
  'reset-password',
  'oidc-redirect',
] as const;

/** Top-level pages outside /account that need a session (docs/product/cart-and-checkout.md#screens: cart and cart-confirm). */
const GUARDED_TOP_PAGES = new Set(['cart', 'cart-confirm']);

/** The interface locale a path starts with ("/nl/account" → "nl"), or null. */
export function localeOfPath(path: string | null | undefined): Locale | null {
  const first = typeof path === 'string' ? path.split(/[/?#]/)[1] : undefined;
  return (LOCALES as readonly string[]).includes(first ?? '') ? (first as Locale) : null;
}

/**
 * True when `path` ("/fr/account/profile?x=1") is a page that requires sign-in: /{lang}/account and
 * everything below it except PUBLIC_ACCOUNT_PAGES, /{lang}/cart and /{lang}/cart-confirm.
 */
export function isGuardedPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length < 2 || localeOfPath(pathname) === null) return false;
  const [, section, sub] = segments;
  if (section === 'account') {
    return sub === undefined || !(PUBLIC_ACCOUNT_PAGES as readonly string[]).includes(sub);
  }
  return segments.length === 2 && GUARDED_TOP_PAGES.has(section ?? '');
}

/**
 * Request header carrying the path and query the browser asked for (set by the proxy on every page
 * rendered per request, any value sent by the browser replaced): a layout, which Next does not give
 * the path, reads it to send a guest to sign in with that page as target (`sectionTarget`).
 */
export const REQUEST_PATH_HEADER = 'x-vetshop-path';

/**
 * The sign-in target of a guest stopped by the layout of the section `home` ("/fr/staff"): the page
 * asked for (`asked`, from {@link REQUEST_PATH_HEADER}) when it is that section's home or below it,
 * else the section's home.
 */
export function sectionTarget(home: string, asked: string | null | undefined): string {
  if (!asked) return home;
  const pathname = asked.split(/[?#]/)[0] ?? '';
  return pathname === home || pathname.startsWith(`${home}/`) ? asked : home;
}

/**
 * True when a guest asking for `path` is sent to sign in: the guarded pages (`isGuardedPath`) and
 * the staff back office /{lang}/staff/** (the login page's "You are not logged in." notice). Kept
 * apart from `isGuardedPath`, which the header's client code carries (first-load JavaScript).
 */
export function needsSignIn(path: string): boolean {
  if (isGuardedPath(path)) return true;
  // The locale list of `localeOfPath`, not a second one: "/fr/staff…", not "/de/staff".
  const [, , section] = (path.split(/[?#]/)[0] ?? '').split('/');
  return localeOfPath(path) !== null && section === 'staff';
}

/** The account home of a locale, where a refused or missing sign-in target leads. */
export function accountHome(locale: Locale): string {
  return `/${locale}/account`;
}

/**
 * Login page of `locale`, carrying `target` (the page asked for) when it is a same-site relative
 * path; an unsafe target is dropped.
 */
export function loginHref(locale: Locale, target?: string | null): string {
  const safe = safeRelativeTarget(target, '');
  return safe ? `/${locale}/account/login?target=${encodeURIComponent(safe)}` : `/${locale}/account/login`;
}

/** Where the login form goes after success: /{lang}/account/oidc-redirect?target=… (docs/product/accounts.md#sign-in-and-sign-out). */
export function afterLoginHref(locale: Locale, target?: string | null): string {
  const safe = safeRelativeTarget(target, '');
  const base = `/${locale}/account/oidc-redirect`;
  return safe ? `${base}?target=${encodeURIComponent(safe)}` : base;
}

/**
 * The page /{lang}/account/oidc-redirect sends the user to: `target` when same-site relative
 * (javascript:, data:, //host, https://host... are refused), else the account home.
 */
export function returnTarget(locale: Locale, target: string | null | undefined): string {
  return safeRelativeTarget(target, accountHome(locale));
}

/** The home of the staff back office in `locale`. */
export function staffHome(locale: Locale): string {
  return `/${locale}/staff`;
}

/**
 * Where a user lands after signing in (docs/decisions/staff-customers.md): staff land on the back
 * office (/{lang}/staff) unless `target` names a particular page (a missing or unsafe target, or a
 * home page `/`, `/{lang}`, names none); everybody else as returnTarget.
 */
export function signedInLanding(
  locale: Locale,
  target: string | null | undefined,
  role: string | null,
): string {
  if (role === 'staff') {
    const safe = safeRelativeTarget(target, '').replace(/\/+$/, '');
    if (safe === '' || (LOCALES as readonly string[]).includes(safe.slice(1))) return staffHome(locale);
  }
  return returnTarget(locale, target);
}

/**
 * Target of the header's sign-out button for the page being shown: the page itself, or the home
 * page of its locale when the page needs a session (it would only bounce to the login page).
 */
export function signOutTarget(locale: Locale, currentPath: string | null | undefined): string {
  const home = `/${locale}`;
  const safe = safeRelativeTarget(currentPath, home);
  return isGuardedPath(safe) ? home : safe;
}

/** Action of the sign-out form: POST /auth/logout?target=… (src/app/auth/logout/route.ts). */
export function logoutAction(target: string): string {
  return `/auth/logout?target=${encodeURIComponent(target)}`;
}

/**
 * Route that clears a session the api no longer accepts (a 401, docs/product/accounts.md#session "A 401 from the ERP logs
 * out and redirects to login") and then opens the login page with `target`.
 */
export function expiredHref(target: string): string {
  return `/auth/expired?target=${encodeURIComponent(target)}`;
}

/** First value of a search parameter that may be repeated (`?target=a&target=b` → "a"). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
