/**
 * Content-Security-Policy of the storefront pages (docs/decisions/security-headers.md; decision:
 * docs/decisions/content-security-policy.md). Pure functions, used by src/proxy.ts for every page
 * request and by next.config.ts for the static offline pages.
 */

/** The options every page of this process gets besides its nonce or script hashes (environment). */
export function processCspOptions(): Pick<CspOptions, 'oidcIssuer' | 'dev'> {
  return { oidcIssuer: process.env.OIDC_ISSUER || null, dev: process.env.NODE_ENV === 'development' };
}

/** Options of {@link contentSecurityPolicy}. */
export interface CspOptions {
  /** Per-request nonce (base64, ≥ 128 bits) given to Next's own scripts; null for static documents. */
  nonce: string | null;
  /**
   * sha256 sources (`sha256-<base64>`) of the inline scripts of a page served from the guest page
   * cache (lib/page-cache): used instead of a nonce, which a cached page cannot carry.
   */
  scriptHashes?: readonly string[];
  /** OIDC provider origin (oidc modes): sign-in/out forms and redirects go there. */
  oidcIssuer?: string | null;
  /** Development server (`next dev`): React's dev tools need eval. */
  dev?: boolean;
}

/**
 * Builds the policy string:
 * - scripts: `'self'` plus the nonce and `'strict-dynamic'` (a nonce'd script may load Next's
 *   chunks); for a cached guest page (`scriptHashes`) `'self'` plus the hash of each of its inline
 *   scripts (Next's chunks are same-origin files, allowed by 'self'; docs/decisions/guest-page-cache.md);
 *   without a nonce or hashes (static offline pages) `'self' 'unsafe-inline'` since Next inlines its
 *   flight data there and the page carries no user content;
 * - styles: `'self' 'unsafe-inline'` (React style attributes of recharts and the loading bar;
 *   a nonce would disable 'unsafe-inline', so none is given to style-src);
 * - images `'self' data: blob:`; fonts `'self' data:`; connect `'self'` (the browser calls only
 *   the same-origin /api proxy and /builds/latest.json; OIDC token calls are server-side);
 * - form-action `'self'` plus the OIDC provider's origin (sign-out redirects there);
 * - frame-ancestors 'none', object-src 'none', base-uri 'self', worker-src 'self' (/sw.js),
 *   manifest-src 'self'.
 */
export function contentSecurityPolicy({ nonce, scriptHashes, oidcIssuer, dev = false }: CspOptions): string {
  const issuerOrigin = oidcIssuer ? safeOrigin(oidcIssuer) : null;
  const script = nonce
    ? [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`]
    : scriptHashes
      ? [`'self'`, ...scriptHashes.map((h) => `'${h}'`)]
      : [`'self'`, `'unsafe-inline'`];
  if (dev) script.push(`'unsafe-eval'`);
  const directives: Record<string, string[]> = {
    'default-src': [`'self'`],
    'script-src': script,
    'style-src': [`'self'`, `'unsafe-inline'`],
    'img-src': [`'self'`, 'data:', 'blob:'],
    'font-src': [`'self'`, 'data:'],
    'connect-src': [`'self'`],
    'worker-src': [`'self'`],
    'manifest-src': [`'self'`],
    'form-action': issuerOrigin ? [`'self'`, issuerOrigin] : [`'self'`],
    'frame-ancestors': [`'none'`],
    'object-src': [`'none'`],
    'base-uri': [`'self'`],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A fresh nonce: 16 random bytes, base64 (Web Crypto: runs in the proxy and in Node). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The headers every response carries besides the CSP (name → value). */
export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** The origin of `url`, or null when it is not an absolute http(s) URL. */
function safeOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}
