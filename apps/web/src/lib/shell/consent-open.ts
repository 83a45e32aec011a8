/**
 * The footer's "cookie settings" link asking the cookie notice (components/shell/CookieConsent.tsx,
 * loaded after the page) to open its choice dialog (docs/product/web-app-shell.md#cookie-consent).
 * Apart from consent.ts so that the footer's button carries only this into every page's first load.
 */

/** Window event asking the consent banner to open its choice dialog (footer link). */
export const CONSENT_OPEN_EVENT = 'vetshop:consent-open';

/** The dialog was asked for and the notice (loaded lazily) has not opened it yet. */
let settingsRequested = false;

/**
 * Opens the cookie choice dialog (client only): for the footer's "cookie settings" link. A request
 * made before the notice's code has arrived is kept and honoured when it mounts
 * ({@link takeCookieSettingsRequest}).
 */
export function openCookieSettings(): void {
  settingsRequested = true;
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}

/** True, once, when {@link openCookieSettings} was called since the last take (the notice opens its dialog). */
export function takeCookieSettingsRequest(): boolean {
  const requested = settingsRequested;
  settingsRequested = false;
  return requested;
}
