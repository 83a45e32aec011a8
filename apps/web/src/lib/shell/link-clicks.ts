/**
 * Which link clicks and hovers the shop handles in the page (no full document load). Shared by the
 * page-loading bar (components/PageLoadingBar.tsx: starts on such a click) and the app-link router
 * (components/nav/AppLinkRouter.tsx: turns a click on a server-rendered `<a data-app-link>` into a
 * client-side navigation; docs/decisions/app-links.md). Pure functions of the DOM event and the
 * page's location, so they are tested without a browser (link-clicks.test.ts).
 */

import {
  APP_LINK_ATTRIBUTE,
  APP_LINK_FULL_PREFETCH,
  APP_LINK_KEEP_SCROLL_ATTRIBUTE,
} from './app-link-attributes';

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

/** Where the app-link router navigates for one click. */
export interface AppLinkNavigation {
  /** Same-origin path with query and hash (`/fr/p/x?variant=3#prix`). */
  path: string;
  /** Scroll to the top of the new page (false for `data-app-link-keep-scroll` links). */
  scroll: boolean;
}

/**
 * Where the app-link router navigates for this click: only plain clicks on `<a data-app-link>`
 * anchors of this origin; null leaves the click to the browser (a full document load, or a new tab
 * with a modifier key).
 */
export function appLinkClickTarget(event: LinkClick, location: PageLocation): AppLinkNavigation | null {
  const anchor = anchorOf(event.target);
  if (!anchor?.hasAttribute(APP_LINK_ATTRIBUTE)) return null;
  const url = plainLinkClick(event, location);
  if (!url) return null;
  return {
    path: url.pathname + url.search + url.hash,
    scroll: !anchor.hasAttribute(APP_LINK_KEEP_SCROLL_ATTRIBUTE),
  };
}

/** What the app-link router prefetches for one link: its path, in full (`true`) or the default way. */
export interface AppLinkPrefetch {
  /** Same-origin path with query, without hash (`/nl/p/y?variant=2`). */
  path: string;
  /** The anchor's {@link APP_LINK_ATTRIBUTE} is {@link APP_LINK_FULL_PREFETCH}. */
  full: boolean;
}

/**
 * What to prefetch when a pointer enters the `<a data-app-link>` around `target`, a finger touches
 * it or it takes the focus: its same-origin path and whether in full; null for other anchors.
 */
export function appLinkPrefetchTarget(
  target: EventTarget | null,
  location: PageLocation,
): AppLinkPrefetch | null {
  const anchor = anchorOf(target);
  if (!anchor?.hasAttribute(APP_LINK_ATTRIBUTE) || !anchor.href) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  return {
    path: url.pathname + url.search,
    full: anchor.getAttribute(APP_LINK_ATTRIBUTE) === APP_LINK_FULL_PREFETCH,
  };
}
