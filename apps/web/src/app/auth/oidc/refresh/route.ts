import { NextResponse, type NextRequest } from 'next/server';
import { isOidcAuth } from '@/lib/env';
import { isCrossSite } from '@/lib/auth-routes';
import { refreshSession } from '@/lib/oidc';

/**
 * POST /auth/oidc/refresh (docs/product/accounts.md#token-renewal "Access tokens renew silently through a refresh token"; called
 * by OidcSessionKeeper 60 s before the access token expires):
 * - 200 `{expires_at}` (seconds since the epoch) with a new api session cookie — or without one
 *   when the token was still fresh (another tab renewed it);
 * - 401 `{error: 'invalid_grant' | 'no_session' | 'account_not_linked'}`: the sign-in is over on
 *   this browser (cookies cleared): the keeper sends the user to the login page;
 * - 503 `{error: 'temporarily_unavailable'}`: provider or api unreachable, retry later;
 * - 403 for a cross-site request; 404 outside the oidc modes.
 */
export async function POST(request: NextRequest): Promise<Response> {
  if (!isOidcAuth()) return new NextResponse(null, { status: 404 });
  const headers = { 'cache-control': 'no-store' };
  if (isCrossSite(request))
    return NextResponse.json({ error: 'cross_site_request' }, { status: 403, headers });
  const outcome = await refreshSession();
  if (outcome.status === 'unavailable')
    return NextResponse.json({ error: 'temporarily_unavailable' }, { status: 503, headers });
  if (outcome.status === 'signed_out')
    return NextResponse.json({ error: outcome.reason }, { status: 401, headers });
  const response = NextResponse.json({ expires_at: outcome.expiresAt }, { headers });
  for (const cookie of outcome.setCookies) response.headers.append('set-cookie', cookie);
  return response;
}

export const dynamic = 'force-dynamic';
