/**
 * Which link clicks and hovers the shop handles in the page (no full document load). Shared by the
 * page-loading bar (components/PageLoadingBar.tsx: starts on such a click) and the app-link router
 * (components/nav/AppLinkRouter.tsx: turns a click on a server-rendered `<a data-app-link>` into a
 * client-side navigation; docs/decisions/app-links.md). Pure functions of the DOM event and the
 * page's location, so they are tested without a browser (link-clicks.test.ts).
 */

/** Attribute that marks a server-rendered anchor as an in-app link (`<a href="/fr/c/…" data-app-link>`). */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/** The parts of a mouse event the checks read (a real `MouseEvent` fits). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** The parts of `window.location` the checks read. */
export interface PageLocation {
  href: string;
  origin: string;
  pathname: string;
  search: string;
}

/** The nearest `<a>` around the event's target, or null (text nodes and SVG parts included). */
function anchorOf(target: EventTarget | null): HTMLAnchorElement | null {
  const element = target as Element | null;
  return (element?.closest?.('a') as HTMLAnchorElement | null) ?? null;
}

/**
 * The same-origin URL a plain click (main button, no modifier key, not already handled) on a link
 * leads to, or null: a click with Ctrl/⌘/Shift/Alt, the middle button, a link opening another
 * window (`target="_blank"`) or a download, or a link to another origin is left to the browser.
 */
export function plainLinkClick(event: LinkClick, location: PageLocation): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = anchorOf(event.target);
  if (!anchor || !anchor.href || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin ? url : null;
}

/**
 * True when a click on a link will navigate inside the shop to another page (path or query
 * differ from the current one; a jump to `#anchor` on the same page is not a navigation).
 */
export function isInternalNavigation(event: LinkClick, location: PageLocation): boolean {
  const url = plainLinkClick(event, location);
  return url !== null && url.pathname + url.search !== location.pathname + location.search;
}

/**
 * The path (with query and hash) that the app-link router navigates to for this click: only
 * plain clicks on `<a data-app-link>` anchors of this origin; null leaves the click to the browser
 * (a full document load, or a new tab with a modifier key).
 */
export function appLinkClickTarget(event: LinkClick, location: PageLocation): string | null {
  const anchor = anchorOf(event.target);
  if (!anchor?.hasAttribute(APP_LINK_ATTRIBUTE)) return null;
  const url = plainLinkClick(event, location);
  return url ? url.pathname + url.search + url.hash : null;
}

/**
 * The same-origin path (with query, without hash) of the `<a data-app-link>` around `target`, to
 * prefetch when a pointer enters it, a finger touches it or it takes the focus; null otherwise.
 */
export function appLinkPrefetchTarget(target: EventTarget | null, location: PageLocation): string | null {
  const anchor = anchorOf(target);
  if (!anchor?.hasAttribute(APP_LINK_ATTRIBUTE) || !anchor.href) return null;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin ? url.pathname + url.search : null;
}
