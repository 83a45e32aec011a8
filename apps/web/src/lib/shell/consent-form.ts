/**
 * The cookie notice's buttons before the page's scripts run (docs/decisions/cookie-notice.md,
 * "Before the scripts"): the banner is in the server's HTML, so a visitor on a slow phone can press
 * "accept all" or "refuse" before hydration. Those two buttons submit a form to POST /auth/consent,
 * which stores the same choice as the banner's script would (consent.ts) and sends the visitor back
 * to the page. The field name and choices are shared with the banner (CookieConsent.tsx); the
 * helpers below are the route's.
 */
import { COOKIE_CATEGORIES, consentFor, type Consent } from './consent';

/** Name of the form field carrying the choice (the pressed button's value). */
export const CONSENT_CHOICE_FIELD = 'choice';

/** The banner's choices that need no dialog: every category, or the essential ones only. */
export const CONSENT_FORM_CHOICES = ['all', 'refuse'] as const;
export type ConsentFormChoice = (typeof CONSENT_FORM_CHOICES)[number];

/** The consent of a posted choice, or null when `choice` is not one of {@link CONSENT_FORM_CHOICES}. */
export function consentOfFormChoice(choice: unknown): Consent | null {
  if (choice === 'all') return consentFor(COOKIE_CATEGORIES.map((c) => c.id));
  if (choice === 'refuse') return consentFor([]);
  return null;
}

/**
 * The page to go back to after the choice: the path and query of `referer` when it is a URL of one
 * of `ownOrigins` (the site's origins), else null (the caller sends the visitor home). The result
 * still has to pass `safeRelativeTarget`.
 */
export function refererPath(referer: string | null, ownOrigins: readonly string[]): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  return ownOrigins.includes(url.origin) ? `${url.pathname}${url.search}` : null;
}
