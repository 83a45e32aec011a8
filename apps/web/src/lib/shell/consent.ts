/**
 * Cookie consent (docs/product/web-app-shell.md#cookie-consent "Cookie consent: given or not, with the enabled cookie ids"; docs/product/web-app-shell.md shell;
 * decision: docs/decisions/cookie-consent.md). Pure helpers plus thin `document.cookie` wrappers for
 * client components. Essential cookies are always on; a non-essential cookie may be written only
 * through {@link setOptionalCookie}, which refuses it until its category is consented.
 */

/**
 * Cookie keeping the consent: the enabled cookie ids (short stable ids, not the cookie names, so
 * the value never names the session cookies) joined by `|`; first-party, 180 days.
 */
export const CONSENT_COOKIE = 'vetshop_consent';

/** Consent lifetime: 180 days, in seconds. */
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

// The footer link's request to open the choice dialog: a module of its own (consent-open.ts), so
// the footer does not bring this module into every page's first load.
export { CONSENT_OPEN_EVENT, openCookieSettings, takeCookieSettingsRequest } from './consent-open';

/** Window event fired after the consent changed; `detail` is the new {@link Consent}. */
export const CONSENT_CHANGE_EVENT = 'vetshop:consent-change';

/** Cookie categories shown in the banner. */
export type CookieCategory = 'essential' | 'preferences' | 'analytics';

/** A cookie of the site: its consent id and its name. */
export interface KnownCookie {
  id: string;
  name: string;
}

/** Advertisement display preferences (e.g. closed advertisements): category preferences. */
export const ADS_PREFERENCES_COOKIE = 'vetshop_ads';
/** Anonymous first-party visit id for audience measurement: category analytics. */
export const ANALYTICS_COOKIE = 'vetshop_analytics';

/** Every known cookie of the site, by category. */
export const COOKIE_CATEGORIES: ReadonlyArray<{
  id: CookieCategory;
  required: boolean;
  cookies: readonly KnownCookie[];
}> = [
  {
    id: 'essential',
    required: true,
    // Session (credentials and oidc modes), sign-in transaction, locale, this consent. The cart
    // lives in local storage, tied to the session; it is essential as well.
    cookies: [
      { id: 'session', name: 'vetshop_session' },
      { id: 'oidc', name: 'vetshop_oidc' },
      { id: 'oidc-sign-in', name: 'vetshop_oidc_tx' },
      { id: 'locale', name: 'NEXT_LOCALE' },
      { id: 'consent', name: CONSENT_COOKIE },
    ],
  },
  { id: 'preferences', required: false, cookies: [{ id: 'ads', name: ADS_PREFERENCES_COOKIE }] },
  { id: 'analytics', required: false, cookies: [{ id: 'analytics', name: ANALYTICS_COOKIE }] },
];

/** A given consent: the set of enabled cookie ids (always contains every essential id). */
export interface Consent {
  ids: ReadonlySet<string>;
}

const ALL_COOKIES = COOKIE_CATEGORIES.flatMap((c) => c.cookies);
const ESSENTIAL_IDS = COOKIE_CATEGORIES.filter((c) => c.required).flatMap((c) => c.cookies.map((k) => k.id));
const KNOWN_IDS = new Set(ALL_COOKIES.map((k) => k.id));

/** The consent id of cookie `name`, or null for a cookie the site does not know. */
export function cookieId(name: string): string | null {
  return ALL_COOKIES.find((k) => k.name === name)?.id ?? null;
}

/** The consent of enabling `categories` (the essential ones are added). */
export function consentFor(categories: Iterable<CookieCategory>): Consent {
  const wanted = new Set<CookieCategory>(categories);
  const ids = COOKIE_CATEGORIES.filter((c) => c.required || wanted.has(c.id)).flatMap((c) =>
    c.cookies.map((k) => k.id),
  );
  return { ids: new Set(ids) };
}

/** The categories fully enabled by `consent` (essential always included). */
export function enabledCategories(consent: Consent | null): CookieCategory[] {
  return COOKIE_CATEGORIES.filter(
    (c) => c.required || (consent !== null && c.cookies.every((k) => consent.ids.has(k.id))),
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

/**
 * True when the cookie named `name` may be written under `consent`: essential cookies always,
 * known optional ones once consented, unknown cookies never.
 */
export function isCookieAllowed(name: string, consent: Consent | null): boolean {
  const id = cookieId(name);
  if (id === null) return false;
  if (ESSENTIAL_IDS.includes(id)) return true;
  return consent !== null && consent.ids.has(id);
}

/** Names of the known optional cookies that `consent` does not enable (to be deleted). */
export function refusedCookieNames(consent: Consent | null): string[] {
  return ALL_COOKIES.filter((k) => !isCookieAllowed(k.name, consent)).map((k) => k.name);
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
  for (const name of refusedCookieNames(consent)) {
    if (readCookie(document.cookie, name) !== null) writeCookie(name, '', 0);
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
