import type { Locale } from '@vetshop/domain';
import { cmsApi } from '@/lib/api/cms';
import { AdvertisementsLazy, InfoBannersLazy } from '../shell/LazyIslands';

/**
 * Server part of the info banners (docs/product/community-and-content.md#website-content, docs/product/web-app-shell.md#global-interface-pieces global "info banner"): loads the banners valid
 * now for the visitor (GET /info_banners with the session) and renders the dismissible list. An api
 * failure renders nothing. Placed by the locale layout under the header.
 */
export async function InfoBannerSlot({ locale }: { locale: Locale }) {
  const banners = await cmsApi.bannersOrEmpty(locale);
  if (banners.length === 0) return null;
  return <InfoBannersLazy banners={banners} />;
}

/**
 * Server part of the advertisements (docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#advertisements): loads the advertisements valid
 * now (GET /advertisements) and renders them in their corners. Placed by the locale layout.
 */
export async function AdvertisementSlot({ locale }: { locale: Locale }) {
  const ads = await cmsApi.adsOrEmpty(locale);
  if (ads.length === 0) return null;
  return <AdvertisementsLazy ads={ads} />;
}
