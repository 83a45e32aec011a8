import { NextResponse, type NextRequest } from 'next/server';
import { safeRelativeTarget } from '@vetshop/domain';
import { serverEnv } from '@/lib/env';
import { isCrossSite, siteOrigins } from '@/lib/auth-routes';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, refusedCookieNames, serializeConsent } from '@/lib/shell/consent';
import { CONSENT_CHOICE_FIELD, consentOfFormChoice, refererPath } from '@/lib/shell/consent-form';

function problem(status: number, title: string, code: string): Response {
  return Response.json(
    { type: 'about:blank', title, status, code },
    { status, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
  );
}

/**
 * POST /auth/consent, form field `choice` = `all` | `refuse` (docs/product/web-app-shell.md#cookie-consent;
 * docs/decisions/cookie-notice.md "Before the scripts"): the cookie banner's "accept all" and
 * "refuse" buttons post here when pressed before the page's scripts ran (after hydration the
 * banner stores the choice itself and nothing is posted).
 * - refuses a cross-site post (403 problem+json `cross_site_request`) and any other choice (400
 *   `invalid_consent_choice`);
 * - writes `vetshop_consent` as the banner's script does (the enabled cookie ids, 180 days,
 *   SameSite=Lax) and expires the optional cookies the choice refuses;
 * - answers 303 to the page it was posted from (the same-site Referer's path and query), else to
 *   `/`, which sends the visitor to the home page of their language (NEXT_LOCALE, Accept-Language).
 */
export async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) return problem(403, 'Forbidden', 'cross_site_request');
  const form = await request.formData().catch(() => null);
  const consent = consentOfFormChoice(form?.get(CONSENT_CHOICE_FIELD));
  if (!consent) return problem(400, 'Bad Request', 'invalid_consent_choice');

  const back = refererPath(request.headers.get('referer'), siteOrigins(request));
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: safeRelativeTarget(back, '/'), 'cache-control': 'no-store' },
  });
  const secure = serverEnv().SITE_URL.startsWith('https:');
  response.cookies.set(CONSENT_COOKIE, serializeConsent(consent), {
    path: '/',
    maxAge: CONSENT_MAX_AGE_S,
    sameSite: 'lax',
    secure,
  });
  for (const name of refusedCookieNames(consent)) {
    if (request.cookies.has(name)) {
      response.cookies.set(name, '', { path: '/', maxAge: 0, expires: new Date(0), sameSite: 'lax', secure });
    }
  }
  return response;
}

export const dynamic = 'force-dynamic';
