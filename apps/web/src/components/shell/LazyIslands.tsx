'use client';

import dynamic from 'next/dynamic';

/**
 * Client islands that most pages do not render, loaded only when a page renders them, so their code
 * stays out of every page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Each is still rendered on the server: the HTML is the same as with a static
 * import, only the script arrives with the page that shows it.
 * - InfoBannersLazy: the info banners under the header (when the api has some for the visitor);
 * - AdvertisementsLazy: the corner advertisements (when some are valid now);
 * - OidcSessionKeeperLazy: the renewal of a provider sign-in (oidc modes only).
 * Props: those of the component they load.
 */
export const InfoBannersLazy = dynamic(() => import('../cms/InfoBanners').then((m) => m.InfoBanners));
export const AdvertisementsLazy = dynamic(() =>
  import('../cms/Advertisements').then((m) => m.Advertisements),
);
export const OidcSessionKeeperLazy = dynamic(() =>
  import('../account/OidcSessionKeeper').then((m) => m.OidcSessionKeeper),
);
