import { NextResponse, type NextRequest } from 'next/server';
import { safeRelativeTarget } from '@vetshop/domain';
import { getPathname } from '@/i18n/navigation';
import { isOidcAuth } from '@/lib/env';
import { beginSignIn, loginErrorHref, oidcRequestLocale } from '@/lib/oidc';

/**
 * GET /auth/oidc/login?lang=<fr|nl|en>&target=<path> (docs/product/accounts.md oidc modes, docs/product/accounts.md#auth-calls orisation-code flow with
 * PKCE"): the login page's "sign in with the association" link. Keeps state, nonce and the PKCE
 * verifier in the encrypted `vetshop_oidc_tx` cookie and answers 303 to the provider's
 * authorization endpoint. The locale is `lang`, else the target's prefix, the referring page, the
 * NEXT_LOCALE cookie or the browser's languages (lib/oidc.ts `oidcRequestLocale`); an unsafe
 * target becomes /{lang}/account. Provider unreachable → 303 to the login page with
 * `?error=technical`. 404 when AUTH_TYPE is not an oidc mode.
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (!isOidcAuth()) return new NextResponse(null, { status: 404 });
  const rawTarget = request.nextUrl.searchParams.get('target');
  const locale = oidcRequestLocale(request, rawTarget);
  const target = safeRelativeTarget(rawTarget, getPathname({ href: '/account', locale }));
  let location: string;
  try {
    location = await beginSignIn(locale, target);
  } catch (error) {
    console.error('[oidc] sign-in cannot start:', error instanceof Error ? error.message : error);
    location = loginErrorHref(locale, 'technical', target);
  }
  return new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

export const dynamic = 'force-dynamic';
