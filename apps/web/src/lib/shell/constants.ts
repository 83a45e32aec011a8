/**
 * Constants of the web-app shell (docs/product/constants.md#display, "Time and retry"; docs/product/web-app-shell.md#build-and-update).
 * Safe for client and server code.
 */

/** Build-id document (docs/product/web-app-shell.md#build-and-update builds/latest.json): `{ "id": string }`, fetched with `?t=<ms>`. */
export const BUILD_ID_PATH = '/builds/latest.json';

/** Web-app update check period (docs/product/constants.md#time-and-retry): 300 s, in ms. */
export const UPDATE_CHECK_INTERVAL_MS = 300_000;

/** Notifications stay this long (docs/product/constants.md#content-limits): 5000 ms. */
export const NOTIFICATION_DURATION_MS = 5000;

/** A failed on-demand page (chunk) load reloads a path at most once per this window: 10 s. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** Service-worker script URL and scope (docs/product/web-app-shell.md). */
export const SERVICE_WORKER_URL = '/sw.js';

/** The static offline page of a locale (precached by the service worker). */
export function offlinePath(locale: string): string {
  return `/offline/${locale}`;
}
