import { NextResponse, type NextRequest } from 'next/server';
import { safeRelativeTarget } from '@vetshop/domain';

/**
 * GET /auth/oidc/logged-out?state=<path>: where the provider's end-session sends the browser back
 * (the post_logout_redirect_uri registered at the provider). Answers 303 to `state` — the page
 * the sign-out was asked from (docs/product/accounts.md#sign-in-and-sign-out "After sign-out the user goes to the page given, else to the
 * home page") — when it is a same-site relative path, else to /.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const location = safeRelativeTarget(request.nextUrl.searchParams.get('state'), '/');
  return new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

export const dynamic = 'force-dynamic';
