/**
 * Navigation safety (docs/product/web-app-shell.md#navigation "Navigation to an external URL is refused unless flagged as external.
 * Dangerous protocols are always refused", docs/product/web-app-shell.md#navigation; docs/decisions/redirect-targets.md "oidc-redirect with a
 * target accepts only same-site relative paths").
 */

/** Protocols never followed, even when a link is flagged external. */
export const DANGEROUS_PROTOCOLS = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'] as const;

/** Dummy origin the target is resolved against; a same-site target stays on it. */
const DUMMY_ORIGIN = 'https://same.invalid';

/**
 * Returns `target` when it is a same-site relative path ("/fr/account/profile?tab=2"), else
 * `fallback`. The check runs on the NORMALISED target (resolved against a fixed dummy origin with
 * the WHATWG URL parser, as a browser would resolve a Location header): it must keep the dummy
 * origin and its path must start with a single "/" (no "//host", no "/\host"); the answer is
 * rebuilt from pathname + search + hash, so "/.//evil.example" (which normalises to
 * "//evil.example") is refused and the answer is stable when passed through again.
 * Also refused up front: absolute URLs, any scheme ("javascript:..."), backslashes, control
 * characters, and targets over 2,000 characters. See docs/decisions/redirect-targets.md.
 */
export function safeRelativeTarget(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (/\p{Cc}/u.test(target)) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(target, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const { pathname } = url;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return fallback;
  const rebuilt = `${pathname}${url.search}${url.hash}`;
  if (rebuilt.length > 2000) return fallback;
  // Belt and braces: the rebuilt path must itself resolve to the same place on the dummy origin.
  const again = new URL(rebuilt, DUMMY_ORIGIN);
  if (again.origin !== DUMMY_ORIGIN || again.pathname !== pathname) return fallback;
  return rebuilt;
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
