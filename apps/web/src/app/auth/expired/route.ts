import { NextResponse, type NextRequest } from 'next/server';
import { safeRelativeTarget } from '@vetshop/domain';
import { getPathname } from '@/i18n/navigation';
import { serverEnv } from '@/lib/env';
import { loginHref } from '@/lib/auth-paths';
import { clearSessionCookie, requestLocale, sessionCookieHeader } from '@/lib/auth-routes';

/**
 * GET /auth/expired?target=<path> (docs/product/accounts.md#session / docs/product/errors.md "A 401 from the ERP logs out and
 * redirects to login"): where a page or a form goes when the api refuses the session cookie.
 * It asks the api whether the session is still accepted (GET /auth/profile):
 * - refused (401) or no cookie: expires the stale `vetshop_session` cookie and answers 303 to
 *   /{lang}/account/login?target=<path>&expired=1 (the login page then says the session ended);
 * - still valid (a link followed from elsewhere must not sign anybody out): 303 to the target;
 * - api unreachable: 303 to the login page without touching the cookie.
 * The target must be a same-site relative path (else the account home of the locale).
 */
export async function GET(request: NextRequest): Promise<Response> {
  const rawTarget = request.nextUrl.searchParams.get('target');
  const locale = requestLocale(request, rawTarget);
  const target = safeRelativeTarget(rawTarget, getPathname({ href: '/account', locale }));
  const cookie = sessionCookieHeader(request);
  let status = 401;
  if (cookie) {
    try {
      const res = await fetch(`${serverEnv().API_URL}/auth/profile`, {
        headers: { cookie, accept: 'application/json', 'accept-language': locale },
        cache: 'no-store',
      });
      status = res.status;
    } catch {
      status = 503;
    }
  }
  const login = loginHref(locale, target);
  const location =
    status === 200 ? target : status === 401 ? `${login}${login.includes('?') ? '&' : '?'}expired=1` : login;
  const response = new NextResponse(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store' },
  });
  if (status === 401) clearSessionCookie(response);
  return response;
}

export const dynamic = 'force-dynamic';
