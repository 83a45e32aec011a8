/**
 * The signal of a programmatic navigation (docs/product/web-app-shell.md#global-interface-pieces,
 * the page-loading bar): client code that calls `router.push` (a filter change, a variant, an
 * autocomplete option) first calls {@link signalNavigationStart}, and the loading bar
 * (components/PageLoadingBar.tsx) listens for {@link NAVIGATION_START_EVENT}. A module of its own,
 * so those callers do not bring the loading bar's code into their page's first-load JavaScript.
 */
export const NAVIGATION_START_EVENT = 'vetshop:navigation-start';

/** Starts the loading bar before a programmatic navigation (e.g. `router.push` of a filter change). */
export function signalNavigationStart(): void {
  window.dispatchEvent(new Event(NAVIGATION_START_EVENT));
}
