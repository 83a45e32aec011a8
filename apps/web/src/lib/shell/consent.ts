/**
 * Cookie consent (spec 4 "Cookie consent: given or not, with the enabled cookie ids"; issue 6 shell;
 * decision: docs/decisions/cookie-consent.md). Pure helpers plus thin `document.cookie` wrappers for
 * client components. Essential cookies are always on; a non-essential cookie may be written only
 * through {@link setOptionalCookie}, which refuses it until its category is consented.
 */

/** Cookie keeping the consent: the enabled cookie ids joined by `|` (first-party, 180 days). */
export const CONSENT_COOKIE = 'vetshop_consent';

/** Consent lifetime: 180 days, in seconds. */
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

/** Window event asking the consent banner to open its choice dialog (footer link). */
export const CONSENT_OPEN_EVENT = 'vetshop:consent-open';

/** Window event fired after the consent changed; `detail` is the new {@link Consent}. */
export const CONSENT_CHANGE_EVENT = 'vetshop:consent-change';

/** Cookie categories shown in the banner. */
export type CookieCategory = 'essential' | 'preferences' | 'analytics';

/** Every known cookie of the site, by category (ids = cookie names). */
export const COOKIE_CATEGORIES: ReadonlyArray<{
  id: CookieCategory;
  required: boolean;
  cookies: readonly string[];
}> = [
  {
    id: 'essential',
    required: true,
    // Session (credentials and oidc modes), sign-in transaction, locale, this consent. The cart
    // lives in local storage, tied to the session; it is essential as well.
    cookies: ['vetshop_session', 'vetshop_oidc', 'vetshop_oidc_tx', 'NEXT_LOCALE', CONSENT_COOKIE],
  },
  { id: 'preferences', required: false, cookies: ['vetshop_ads'] },
  { id: 'analytics', required: false, cookies: ['vetshop_analytics'] },
];

/** Advertisement display preferences (e.g. closed advertisements): category preferences. */
export const ADS_PREFERENCES_COOKIE = 'vetshop_ads';
/** Anonymous first-party visit id for audience measurement: category analytics. */
export const ANALYTICS_COOKIE = 'vetshop_analytics';

/** A given consent: the set of enabled cookie ids (always contains every essential id). */
export interface Consent {
  ids: ReadonlySet<string>;
}

const ESSENTIAL_IDS = COOKIE_CATEGORIES.filter((c) => c.required).flatMap((c) => c.cookies);
const KNOWN_IDS = new Set(COOKIE_CATEGORIES.flatMap((c) => c.cookies));

/** The consent of enabling `categories` (the essential ones are added). */
export function consentFor(categories: Iterable<CookieCategory>): Consent {
  const wanted = new Set<CookieCategory>(categories);
  const ids = COOKIE_CATEGORIES.filter((c) => c.required || wanted.has(c.id)).flatMap((c) => c.cookies);
  return { ids: new Set(ids) };
}

/** The categories fully enabled by `consent` (essential always included). */
export function enabledCategories(consent: Consent | null): CookieCategory[] {
  return COOKIE_CATEGORIES.filter(
    (c) => c.required || (consent !== null && c.cookies.every((id) => consent.ids.has(id))),
  ).map((c) => c.id);
}

/** Cookie value of a consent: known ids, sorted, joined by `|`. */
export function serializeConsent(consent: Consent): string {
  return [...consent.ids]
    .filter((id) => KNOWN_IDS.has(id))
    .sort()
    .join('|');
}

/**
 * Parses a consent cookie value; null when absent or empty (no consent given yet). Unknown ids are
 * dropped, essential ids are always present.
 */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const ids = decoded.split('|').filter((id) => KNOWN_IDS.has(id));
  if (ids.length === 0) return null;
  return { ids: new Set([...ESSENTIAL_IDS, ...ids]) };
}

/** True when cookie `id` may be written under `consent` (essential ids always; others once consented). */
export function isCookieAllowed(id: string, consent: Consent | null): boolean {
  if (ESSENTIAL_IDS.includes(id)) return true;
  return consent !== null && consent.ids.has(id);
}

/** Non-essential known cookie ids that `consent` does not enable (to be deleted). */
export function refusedCookieIds(consent: Consent | null): string[] {
  return [...KNOWN_IDS].filter((id) => !isCookieAllowed(id, consent));
}

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The consent of this browser (client only); null before any choice. */
export function readConsent(): Consent | null {
  if (typeof document === 'undefined') return null;
  return parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
}

function writeCookie(name: string, value: string, maxAgeS: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Stores `consent` (client only): writes the consent cookie, deletes the cookies it refuses and
 * fires {@link CONSENT_CHANGE_EVENT}.
 */
export function saveConsent(consent: Consent): void {
  writeCookie(CONSENT_COOKIE, serializeConsent(consent), CONSENT_MAX_AGE_S);
  for (const id of refusedCookieIds(consent)) {
    if (readCookie(document.cookie, id) !== null) writeCookie(id, '', 0);
  }
  window.dispatchEvent(new CustomEvent<Consent>(CONSENT_CHANGE_EVENT, { detail: consent }));
}

/**
 * Writes a non-essential cookie (client only) when the consent allows it; returns false, writing
 * nothing, otherwise. `maxAgeS` in seconds. Use this for every cookie outside the essential list.
 */
export function setOptionalCookie(name: string, value: string, maxAgeS: number): boolean {
  if (!isCookieAllowed(name, readConsent())) return false;
  writeCookie(name, value, maxAgeS);
  return true;
}

/** Opens the cookie choice dialog (client only): for the footer's "cookie settings" link. */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
