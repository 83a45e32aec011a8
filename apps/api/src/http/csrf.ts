/**
 * CSRF protection of the api (docs/decisions/security-testing.md; docs/decisions/csrf-protection.md).
 *
 * A browser attaches the session cookie (`vetshop_session`, SameSite=Lax) to requests it sends for
 * another site only in narrow cases, but SameSite alone is not the whole defence (old browsers,
 * same-site sibling hosts, top-level navigations). This hook checks where a state-changing request
 * (POST, PUT, PATCH, DELETE) that carries the session cookie comes from, before anything reads the
 * body or the database:
 *
 * 1. Requests without the session cookie pass (a bearer access token of the oidc modes, or a
 *    guest): no browser attaches an `Authorization: Bearer` header to a cross-site request without
 *    a CORS preflight, which the api never grants. An `Authorization` header does NOT exempt a
 *    request that also carries the session cookie: the cookie is what authenticates it
 *    (modules/auth/session.ts reads the cookie first), and a browser does replay cached `Basic`
 *    credentials on a cross-site form post.
 * 2. `Sec-Fetch-Site: cross-site` → refused.
 * 3. An `Origin` header must be one of the allowed origins (SITE_URL, the api's own origin from
 *    its Host, and CSRF_ALLOWED_ORIGINS), or the browser must say `Sec-Fetch-Site: same-origin`
 *    (the web's /api proxy forwards both headers from the browser). `Origin: null` is refused.
 * 4. Without `Origin`, a `Referer` must have an allowed origin.
 * 5. With neither: the content types an HTML form can send cross-site without a preflight are
 *    refused — `application/x-www-form-urlencoded` and `text/plain` always (the api accepts neither),
 *    `multipart/form-data` when a browser's `Sec-Fetch-Site` says it is not same-origin. A request
 *    without any browser header (the web server's own server-side fetches, scripts, tests) passes.
 *
 * Refusals are 403 problem+json with code `csrf`. Requests without the session cookie are not
 * checked: a guest or a bearer-token client has no ambient credential a forged request could borrow.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../errors.ts';

/** Name of the session cookie (modules/auth/session.ts SESSION_COOKIE; kept literal to stay dependency-free). */
const SESSION_COOKIE = 'vetshop_session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Options of the CSRF check. */
export interface CsrfOptions {
  /** Public origin of the shop (SITE_URL), e.g. `https://shop.example.be`; allowed as Origin. */
  siteUrl?: string;
  /** Further allowed origins (`scheme://host[:port]`), e.g. from CSRF_ALLOWED_ORIGINS. */
  allowedOrigins?: readonly string[];
}

/** 403 `csrf`: the request comes from another site. */
export function csrfRefused(detail: string): ApiError {
  return new ApiError(403, 'csrf', 'Forbidden', detail);
}

/**
 * Parses CSRF_ALLOWED_ORIGINS: a comma-separated list of origins (`https://shop.example.be,
 * http://localhost:3000`). Empty or missing → []. A value that is not an http(s) URL throws an
 * Error naming the variable (start-up stops with that message).
 */
export function parseAllowedOrigins(value: string | undefined, name = 'CSRF_ALLOWED_ORIGINS'): string[] {
  if (!value || !value.trim()) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        throw new Error(`${name}: "${s}" is not a URL (expected scheme://host[:port], comma-separated)`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error(`${name}: "${s}" must be an http:// or https:// origin`);
      return url.origin;
    });
}

/** Origin (`scheme://host[:port]`) of a URL string, or null when it does not parse or is opaque. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True when the cookie header holds the session cookie (without parsing the other cookies). */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** Media type of a content-type header, lower case, without parameters ('' when missing). */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The content types an HTML form (or a no-preflight fetch) can send cross-site. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Decides one request: null when it may proceed, else the reason it is refused (sent as the
 * problem's `detail`). Pure, so tests can call it on header sets directly.
 */
export function csrfVerdict(
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  allowed: ReadonlySet<string>,
): string | null {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return null;
  const header = (name: string): string | undefined => {
    const v = request.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  // Only the session cookie is an ambient credential: bearer-only requests and guests pass; an
  // Authorization header riding along with the cookie is checked like any cookie request.
  if (!hasSessionCookie(header('cookie'))) return null;

  const host = header('host');
  // The api's own origin, normalised like the parsed Origin (a default port is dropped).
  const own = host === undefined ? [] : [originOf(`http://${host}`), originOf(`https://${host}`)];
  const isAllowed = (origin: string): boolean => allowed.has(origin) || own.includes(origin);
  const fetchSite = header('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site') return 'Cross-site requests are not allowed.';

  const origin = header('origin');
  if (origin !== undefined) {
    if (fetchSite === 'same-origin') return null;
    const parsed = originOf(origin);
    if (parsed && isAllowed(parsed)) return null;
    return 'The request comes from another site (Origin).';
  }
  const referer = header('referer');
  if (referer !== undefined) {
    const parsed = originOf(referer);
    if (parsed && isAllowed(parsed)) return null;
    return 'The request comes from another site (Referer).';
  }
  const type = mediaType(header('content-type'));
  if (type === 'application/x-www-form-urlencoded' || type === 'text/plain')
    return 'Form posts are not accepted; send JSON.';
  if (FORM_TYPES.has(type) && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none')
    return 'A form sent from another site is not accepted.';
  return null;
}

/**
 * The Fastify `onRequest` hook: refuses (403 problem+json, code `csrf`) what {@link csrfVerdict}
 * refuses. Register it before the session plugin so a refused request never reaches the database.
 */
export function csrfHook(options: CsrfOptions = {}): onRequestAsyncHookHandler {
  const allowed = new Set<string>(options.allowedOrigins ?? []);
  if (options.siteUrl) {
    const site = originOf(options.siteUrl);
    if (site) allowed.add(site);
  }
  return async function csrf(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const refused = csrfVerdict(request, allowed);
    if (refused) throw csrfRefused(refused);
  };
}
