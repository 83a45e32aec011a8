import type { NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { apiCookieHeader } from '@/lib/api/client';
import { forwardedForHeader, trustedProxies, type TrustedProxies } from '@/lib/client-address';

/**
 * Answer headers passed through from the api, besides set-cookie: stored files keep their nosniff
 * and sandbox CSP (modules/files) and downloads their etag.
 */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'location',
  'cache-control',
  'content-disposition',
  'retry-after',
  'etag',
  'x-content-type-options',
  'content-security-policy',
] as const;

let trusted: TrustedProxies | undefined;

/** The web's own trusted proxies (WEB_TRUST_PROXY), read once. */
function webTrustedProxies(): TrustedProxies {
  trusted ??= trustedProxies(serverEnv().WEB_TRUST_PROXY);
  return trusted;
}

/**
 * Same-origin `/api/*` → api proxy for browser calls (autocomplete now; cart sync later).
 * Resolves `API_URL` at request time (a rewrite would freeze it at build time), forwards the
 * method, query, body, cookies (without the web-only ones), content type, Accept-Language, Origin,
 * Sec-Fetch-Site and User-Agent, sets X-Forwarded-For to the one client address of
 * lib/client-address.ts (the TCP peer, or behind WEB_TRUST_PROXY the address it names; a client's
 * own X-Forwarded-For is never passed on), and returns the api's status, body and headers
 * (set-cookie and FORWARDED_RESPONSE_HEADERS) unchanged.
 * An unreachable api answers 503 application/problem+json (code `service_unavailable`).
 */
async function proxy(
  request: NextRequest,
  { params }: { params: Promise<{ path: string[] }> },
): Promise<Response> {
  const { path } = await params;
  const target = `${serverEnv().API_URL}/${path.map(encodeURIComponent).join('/')}${request.nextUrl.search}`;
  const headers = new Headers();
  // Origin and Sec-Fetch-Site let the api refuse cross-site cookie-authenticated changes;
  // X-Forwarded-For (replaced, see lib/client-address.ts) and User-Agent let it rate-limit sign-in
  // and contact posts per client address and label sessions.
  const cookie = apiCookieHeader(request.cookies.getAll());
  if (cookie) headers.set('cookie', cookie);
  for (const name of [
    'content-type',
    'accept',
    'accept-language',
    'authorization',
    'origin',
    'sec-fetch-site',
    'user-agent',
  ]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const client = forwardedForHeader(request.headers, webTrustedProxies());
  if (client) headers.set('x-forwarded-for', client);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      cache: 'no-store',
    });
  } catch {
    return Response.json(
      { type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'service_unavailable' },
      { status: 503, headers: { 'content-type': 'application/problem+json' } },
    );
  }
  const out = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie);
  return new Response(upstream.body, { status: upstream.status, headers: out });
}

export const GET = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
export const dynamic = 'force-dynamic';
