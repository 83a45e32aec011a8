'use client';

import { lazyComponent } from '@/lib/lazy-component';

/**
 * Client islands that most pages do not render, loaded only when a page renders them, so their code
 * stays out of every page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Each is still rendered on the server unless it is browser only (`clientOnly`):
 * the HTML is the same as with a static import, only the script arrives with the page that shows it.
 * A server-rendered one must be an overlay that moves nothing when it appears: React outlines a
 * larger one to the end of the page (docs/decisions/web-page-performance.md, "Lazy islands that
 * React outlines").
 * - InfoBannerDismissalLazy: the closing of the info banners (cms/InfoBanners.tsx), which renders
 *   nothing: the banners are server-rendered in the page's flow (cms/SiteBanners.tsx); browser only,
 *   fetched after hydration (when the page has banners);
 * - AdvertisementsLazy: the corner advertisements (when some are valid now);
 * - OidcSessionKeeperLazy: the renewal of a provider sign-in (oidc modes only);
 * - PageLoadingBarLazy: the page-loading bar (components/PageLoadingBar.tsx), which shows nothing
 *   before the first navigation: rendered in the browser only, its code fetched after hydration;
 * - CookieConsentLazy: the cookie notice (CookieConsent.tsx). Its banner is still in the server's
 *   HTML for a visitor without a stored choice, so it is painted with the page's first paint
 *   (docs/decisions/cookie-notice.md); its "refuse" and "accept all" buttons post the choice
 *   until its code has arrived, right after the page's own, and store it in the page from then on.
 * - AppLinkRouterLazy: the in-page navigation of the `<a data-app-link>` lists (nav/AppLinkRouter.tsx,
 *   docs/decisions/app-links.md), which renders nothing: browser only, fetched after hydration; a
 *   click before it has arrived is an ordinary document load.
 * - DisclosureGroupBehaviourLazy: the mega-menu's one-open-at-a-time, Escape and outside-press
 *   behaviour (nav/DisclosureGroup.tsx), which renders nothing: browser only, fetched after hydration.
 * - DrawerBehaviourLazy: the open state, focus handling and closing of a server-rendered drawer
 *   (nav/DrawerBehaviour.tsx, nav/MenuDrawer.tsx), which renders nothing: browser only, fetched after
 *   hydration; before it arrives the drawer opens through its `#id` link.
 * - NotificationsLazy: the notification area (Notifications.tsx), empty until `notify()` is called
 *   (lib/shell/notify.ts keeps what is asked before it mounts): browser only, fetched after hydration.
 * Props: those of the component they load.
 */
export const InfoBannerDismissalLazy = lazyComponent(
  () => import('../cms/InfoBanners').then((m) => m.InfoBannerDismissal),
  { clientOnly: true },
);
export const AdvertisementsLazy = lazyComponent(() =>
  import('../cms/Advertisements').then((m) => m.Advertisements),
);
export const OidcSessionKeeperLazy = lazyComponent(() =>
  import('../account/OidcSessionKeeper').then((m) => m.OidcSessionKeeper),
);
export const PageLoadingBarLazy = lazyComponent(
  () => import('../PageLoadingBar').then((m) => m.PageLoadingBar),
  { clientOnly: true },
);
export const CookieConsentLazy = lazyComponent(() => import('./CookieConsent').then((m) => m.CookieConsent));
export const AppLinkRouterLazy = lazyComponent(
  () => import('../nav/AppLinkRouter').then((m) => m.AppLinkRouter),
  { clientOnly: true },
);
export const DisclosureGroupBehaviourLazy = lazyComponent(
  () => import('../nav/DisclosureGroup').then((m) => m.DisclosureGroupBehaviour),
  { clientOnly: true },
);
export const DrawerBehaviourLazy = lazyComponent(
  () => import('../nav/DrawerBehaviour').then((m) => m.DrawerBehaviour),
  { clientOnly: true },
);
export const NotificationsLazy = lazyComponent(() => import('./Notifications').then((m) => m.Notifications), {
  clientOnly: true,
});
