/**
 * The signed-in user of a request, on the web server (docs/product/accounts.md#session: the user comes from the
 * session, "A 401 from the ERP logs out and redirects to login"; docs/product/web-app-shell.md#entry-checks entry checks of account
 * pages, cart and cart-confirm). Server only (reads next/headers cookies).
 *
 * The session itself is the api's HttpOnly cookie `vetshop_session` on the web origin; this module
 * asks GET /auth/profile with it (never cached) at most once per request (React `cache`).
 */
import { cache } from 'react';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { Locale, UserProfile } from '@vetshop/domain';
import { accountsEnabled } from './env';
import { accountApi } from './api/account';
import { SESSION_COOKIE } from './api/client';
import { ApiError } from './api/errors';
import { expiredHref, loginHref } from './auth-paths';

/**
 * Who is asking: `signed-in` (with the user), `guest` (no session cookie, or accounts switched
 * off), `expired` (a session cookie the api refuses with 401: it must be cleared) or `unavailable`
 * (the api could not answer).
 */
export type SessionState =
  | { status: 'signed-in'; user: UserProfile }
  | { status: 'guest' }
  | { status: 'expired' }
  | { status: 'unavailable'; error: ApiError };

/** True when the request carries the session cookie (valid or not). */
export async function hasSessionCookie(): Promise<boolean> {
  try {
    return (await cookies()).has(SESSION_COOKIE);
  } catch {
    return false;
  }
}

/**
 * The session of the current request (one GET /auth/profile per request, `cache: 'no-store'`;
 * none at all for a guest without cookie or when AUTH_TYPE is `none`).
 */
export const getSession = cache(async (locale: Locale): Promise<SessionState> => {
  if (!accountsEnabled() || !(await hasSessionCookie())) return { status: 'guest' };
  try {
    return { status: 'signed-in', user: await accountApi.profile(locale) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'expired' };
    if (error instanceof ApiError) return { status: 'unavailable', error };
    throw error;
  }
});

/** The signed-in user (GET /auth/profile with the forwarded cookie), or null for guests, a refused session or an api outage. */
export async function getCurrentUser(locale: Locale): Promise<UserProfile | null> {
  const session = await getSession(locale);
  return session.status === 'signed-in' ? session.user : null;
}

/** 404 for every account route when the shop has no accounts (AUTH_TYPE `none`). */
export function requireAccountsEnabled(): void {
  if (!accountsEnabled()) notFound();
}

/**
 * Sends the request to sign in again and come back to `path`: a guest straight to the login page,
 * a refused session first through /auth/expired (which clears the stale cookie).
 */
export async function redirectToLogin(locale: Locale, path: string): Promise<never> {
  const login = loginHref(locale, path);
  if (await hasSessionCookie()) redirect(expiredHref(path));
  redirect(login);
}

/**
 * Entry check of a page that needs sign-in (docs/product/web-app-shell.md#entry-checks): returns the signed-in user; a guest is
 * redirected to /{lang}/account/login?target=<path>; AUTH_TYPE `none` answers 404; an api outage
 * throws its ApiError (error screen).
 */
export async function requireUser(locale: Locale, path: string): Promise<UserProfile> {
  requireAccountsEnabled();
  const session = await getSession(locale);
  if (session.status === 'signed-in') return session.user;
  if (session.status === 'unavailable') throw session.error;
  return redirectToLogin(locale, path);
}

/**
 * Whether `user` has a customer account, hence a cart, orders, documents and small ads
 * (docs/product/accounts.md#user; staff users have `customer: null`, and the api answers their
 * customer calls 403). The locale layout starts a cart store only then
 * (docs/decisions/pages-without-customer-account.md).
 */
export function hasCustomerAccount(user: UserProfile): boolean {
  return user.customer !== null;
}

/**
 * `requireUser` for a page of a practice's own data (orders, documents, products on order, standard
 * orders, small ads): a signed-in user without a customer account (staff) gets the 404 page, never
 * the error page of the api's 403 (docs/decisions/pages-without-customer-account.md).
 */
export async function requireCustomer(locale: Locale, path: string): Promise<UserProfile> {
  const user = await requireUser(locale, path);
  if (!hasCustomerAccount(user)) notFound();
  return user;
}

/**
 * Runs an account data load for the page at `path`; a 401 from the api (the session ended
 * meanwhile) signs the user out and redirects to login (docs/product/accounts.md), a 404 (the
 * page's order, lead, form… does not exist) is the 404 page (docs/decisions/staff-pages-404.md:
 * an unknown lead or form id showed the error page of a 500), other errors are rethrown.
 */
export async function loadForPage<T>(locale: Locale, path: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return redirectToLogin(locale, path);
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
