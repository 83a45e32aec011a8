/**
 * Navigation safety (spec 2 "Navigation to an external URL is refused unless flagged as external.
 * Dangerous protocols are always refused", spec 5 "Navigation"; issue 3 "oidc-redirect with a
 * target accepts only same-site relative paths").
 */

/** Protocols never followed, even when a link is flagged external. */
export const DANGEROUS_PROTOCOLS = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'] as const;

/**
 * Returns `target` when it is a same-site relative path ("/fr/account/profile?tab=2"), else
 * `fallback`. Refused: absolute URLs, protocol-relative "//host", backslash tricks ("/\\host"),
 * any scheme ("javascript:..."), control characters, and paths over 2,000 characters.
 */
export function safeRelativeTarget(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (/\p{Cc}/u.test(target)) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.includes('\\')) return fallback;
  // Resolve against a dummy origin: a same-site path stays on it.
  try {
    const url = new URL(target, 'https://same.invalid');
    if (url.origin !== 'https://same.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * True when `href` may be navigated to: a relative path, or an http(s)/mailto/tel URL when
 * `external` is set. Dangerous protocols are always refused.
 */
export function isNavigable(href: string, external = false): boolean {
  const lower = href
    .trim()
    .toLowerCase()
    .replace(/\p{Cc}|\s/gu, '');
  if (DANGEROUS_PROTOCOLS.some((p) => lower.startsWith(p))) return false;
  if (safeRelativeTarget(href, '') !== '') return true;
  if (!external) return false;
  return /^(https?:\/\/|mailto:|tel:)/.test(lower);
}
