/**
 * The attributes that mark an in-app link (docs/decisions/app-links.md), apart from the click rules
 * of link-clicks.ts so that components/nav/AppAnchor.tsx, which every page's first paint renders,
 * carries no more than these names.
 */

/**
 * Attribute that marks an anchor as an in-app link (`<a href="/fr/c/…" data-app-link>`, written by
 * components/nav/AppAnchor.tsx). Its value {@link APP_LINK_FULL_PREFETCH} asks for a full prefetch
 * (the target's data too) instead of the router's default.
 */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/** Value of {@link APP_LINK_ATTRIBUTE} for links whose target is prefetched in full on intent. */
export const APP_LINK_FULL_PREFETCH = 'full';

/**
 * Attribute of an app link that keeps the scroll position when followed (`data-app-link-keep-scroll`:
 * a filter chip of a listing, as next/link's `scroll={false}`).
 */
export const APP_LINK_KEEP_SCROLL_ATTRIBUTE = 'data-app-link-keep-scroll';
