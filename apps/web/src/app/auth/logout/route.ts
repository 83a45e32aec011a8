import { NextResponse, type NextRequest } from 'next/server';
import { safeRelativeTarget } from '@vetshop/domain';
import { getPathname } from '@/i18n/navigation';
import { isOidcAuth, serverEnv } from '@/lib/env';
import { clearSessionCookie, isCrossSite, requestLocale, sessionCookieHeader } from '@/lib/auth-routes';
import { oidcSignOut } from '@/lib/oidc';

/**
 * Identity-provider part of the sign-out in the oidc modes (lib/oidc.ts `oidcSignOut`): revokes
 * the refresh token, clears the token cookie and returns the provider's end-session URL, which
 * comes back to /auth/oidc/logged-out and then to `returnTo` (null when the provider has no
 * end-session endpoint or cannot be reached: the browser goes straight to the target).
 */
async function identityProviderSignOut(request: NextRequest, returnTo: string): Promise<string | null> {
  return oidcSignOut(request, returnTo);
}

/**
 * POST /auth/logout?target=<path> (docs/product/accounts.md#sign-in-and-sign-out "After sign-out the user goes to the page given, else
 * to the home page"; docs/product/accounts.md#auth-calls POST auth/logout): the header's sign-out form posts here.
 * - refuses a cross-site post (403 problem+json `cross_site_request`);
 * - tells the api (POST /auth/logout with the session cookie; an unreachable api does not keep
 *   the user signed in on this browser);
 * - in the oidc modes, also signs out at the identity provider (see identityProviderSignOut);
 * - expires the `vetshop_session` cookie and answers 303 to the target when it is a same-site
 *   relative path, else to /{lang}.
 */
export async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) {
    return Response.json(
      { type: 'about:blank', title: 'Forbidden', status: 403, code: 'cross_site_request' },
      { status: 403, headers: { 'content-type': 'application/problem+json' } },
    );
  }
  const target = request.nextUrl.searchParams.get('target');
  const locale = requestLocale(request, target);
  const destination = safeRelativeTarget(target, getPathname({ href: '/', locale }));
  const cookie = sessionCookieHeader(request);
  if (cookie) {
    try {
      await fetch(`${serverEnv().API_URL}/auth/logout`, {
        method: 'POST',
        headers: { cookie, accept: 'application/json', 'accept-language': locale },
        cache: 'no-store',
      });
    } catch (error) {
      console.error('[auth] api sign-out failed', error instanceof Error ? error.message : error);
    }
  }
  const endSession = isOidcAuth() ? await identityProviderSignOut(request, destination) : null;
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: endSession ?? destination, 'cache-control': 'no-store' },
  });
  clearSessionCookie(response);
  return response;
}

export const dynamic = 'force-dynamic';
