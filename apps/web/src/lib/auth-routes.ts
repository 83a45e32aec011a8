/**
 * Shared pieces of the locale-less auth route handlers (/auth/logout, /auth/expired): the
 * cross-site check, the locale of a request and the cookie that ends the web session. Server only.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vetshop/domain';
import { serverEnv } from './env';
import { SESSION_COOKIE } from './api/client';
import { localeOfPath } from './auth-paths';

/**
 * True when a state-changing request comes from another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither the request's own origin nor SITE_URL's (the same rule as the api's).
 */
export function isCrossSite(request: NextRequest): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null' || fetchSite === 'same-origin' || fetchSite === 'same-site') {
    return origin === 'null';
  }
  return !siteOrigins(request).includes(origin);
}

/**
 * The origins a request of this site comes from: SITE_URL's, and the host the request was sent to
 * (`X-Forwarded-Host`, else `Host`) over http and https.
 */
export function siteOrigins(request: NextRequest): string[] {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const own = host ? [`http://${host}`, `https://${host}`] : [];
  return [new URL(serverEnv().SITE_URL).origin, ...own];
}

/** Locale of an auth route: the target's prefix, else the NEXT_LOCALE cookie, else fr. */
export function requestLocale(request: NextRequest, target: string | null): Locale {
  const fromTarget = localeOfPath(target);
  if (fromTarget) return fromTarget;
  const cookie = request.cookies.get('NEXT_LOCALE')?.value;
  return (LOCALES as readonly string[]).includes(cookie ?? '') ? (cookie as Locale) : DEFAULT_LOCALE;
}

/**
 * Expires the session cookie on the web origin (same name and path as the api sets it). `expires`
 * is set too: when a route handler also changed cookies through next/headers, Next re-parses the
 * response's cookies and drops a `Max-Age=0` (its parser treats 0 as absent).
 */
export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(SESSION_COOKIE, '', {
    path: '/',
    maxAge: 0,
    expires: new Date(0),
    httpOnly: true,
    sameSite: 'lax',
    secure: serverEnv().SITE_URL.startsWith('https:'),
  });
}

/** The request's Cookie header reduced to the session cookie (what the api needs), or undefined. */
export function sessionCookieHeader(request: NextRequest): string | undefined {
  const value = request.cookies.get(SESSION_COOKIE)?.value;
  return value ? `${SESSION_COOKIE}=${value}` : undefined;
}
