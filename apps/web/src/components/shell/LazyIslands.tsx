'use client';

import { lazyComponent } from '@/lib/lazy-component';

/**
 * Client islands that most pages do not render, loaded only when a page renders them, so their code
 * stays out of every page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Each is still rendered on the server: the HTML is the same as with a static
 * import, only the script arrives with the page that shows it.
 * - InfoBannersLazy: the info banners under the header (when the api has some for the visitor);
 * - AdvertisementsLazy: the corner advertisements (when some are valid now);
 * - OidcSessionKeeperLazy: the renewal of a provider sign-in (oidc modes only);
 * - PageLoadingBarLazy: the page-loading bar (components/PageLoadingBar.tsx), which shows nothing
 *   before the first navigation: rendered in the browser only, its code fetched after hydration;
 * - CookieConsentLazy: the cookie notice (CookieConsent.tsx). Its banner is still in the server's
 *   HTML for a visitor without a stored choice, so it is painted with the page's first paint
 *   (docs/decisions/cookie-notice.md); its buttons work once its code has arrived, right after
 *   the page's own.
 * - AppLinkRouterLazy: the in-page navigation of the `<a data-app-link>` lists (nav/AppLinkRouter.tsx,
 *   docs/decisions/app-links.md), which renders nothing: browser only, fetched after hydration; a
 *   click before it has arrived is an ordinary document load.
 * - the header's and shell's controls, drawn in the first paint but not needed before the first tap
 *   (their links are plain anchors that work before their code arrives): LocaleSwitcherLazy,
 *   GuestLinksLazy and SignOutButtonLazy (account/HeaderAccount.tsx), BottomNavLazy, the menu and
 *   filter drawer (DrawerScopeLazy, DrawerToggleLazy, DrawerPanelLazy: nav/MenuDrawer.tsx, one
 *   chunk) and the mega-menu's DisclosureGroupLazy. The server renders them as before; their
 *   script arrives right after the page's own, which keeps the catalogue pages' first-load
 *   JavaScript within its target (docs/decisions/web-page-performance.md, "Browser bundle").
 * - the signed-in customer's controls of the catalogue pages, which guests never render:
 *   AddToWishlistLazy (the cards' and the product page's add-to-standard-order),
 *   StandardOrderSelectorLazy (home) and PromoAlertToggleLazy (product page).
 * Props: those of the component they load.
 */
export const InfoBannersLazy = lazyComponent(() => import('../cms/InfoBanners').then((m) => m.InfoBanners));
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
export const LocaleSwitcherLazy = lazyComponent(() =>
  import('../LocaleSwitcher').then((m) => m.LocaleSwitcher),
);
export const GuestLinksLazy = lazyComponent(() =>
  import('../account/HeaderAccount').then((m) => m.GuestLinks),
);
export const SignOutButtonLazy = lazyComponent(() =>
  import('../account/HeaderAccount').then((m) => m.SignOutButton),
);
export const BottomNavLazy = lazyComponent(() => import('./BottomNav').then((m) => m.BottomNav));
export const DrawerScopeLazy = lazyComponent(() => import('../nav/MenuDrawer').then((m) => m.DrawerScope));
export const DrawerToggleLazy = lazyComponent(() => import('../nav/MenuDrawer').then((m) => m.DrawerToggle));
export const DrawerPanelLazy = lazyComponent(() => import('../nav/MenuDrawer').then((m) => m.DrawerPanel));
export const DisclosureGroupLazy = lazyComponent(() =>
  import('../nav/DisclosureGroup').then((m) => m.DisclosureGroup),
);
export const AddToWishlistLazy = lazyComponent(() =>
  import('../wishlists/AddToWishlist').then((m) => m.AddToWishlist),
);
export const StandardOrderSelectorLazy = lazyComponent(() =>
  import('../wishlists/StandardOrderSelector').then((m) => m.StandardOrderSelector),
);
export const PromoAlertToggleLazy = lazyComponent(() =>
  import('../promotions/PromoAlertToggle').then((m) => m.PromoAlertToggle),
);
