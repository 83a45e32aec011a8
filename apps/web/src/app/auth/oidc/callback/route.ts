import { NextResponse, type NextRequest } from 'next/server';
import { isOidcAuth } from '@/lib/env';
import { completeSignIn } from '@/lib/oidc';

/**
 * GET /auth/oidc/callback?code&state (or ?error&state): the provider's return (docs/product/accounts.md#sign-in-and-sign-out "A return
 * from the identity provider is recognised when the address carries both a code and a state
 * parameter"; /{lang}/account/oidc-redirect hands such a return here too). Completes the sign-in
 * (lib/oidc.ts `completeSignIn`), copies the api's session cookie to the browser and answers 303
 * to /{lang}/account/oidc-redirect?target=…; a failure answers 303 to
 * /{lang}/account/login?error=<code> (state_mismatch, no_matching_state, access_denied,
 * login_required, …, technical) — a message, never a stack trace. 404 outside the oidc modes.
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (!isOidcAuth()) return new NextResponse(null, { status: 404 });
  const outcome = await completeSignIn(request);
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: outcome.location, 'cache-control': 'no-store' },
  });
  for (const cookie of outcome.setCookies) response.headers.append('set-cookie', cookie);
  return response;
}

export const dynamic = 'force-dynamic';
