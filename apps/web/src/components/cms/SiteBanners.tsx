import { getTranslations } from 'next-intl/server';
import type { InfoBanner, Locale } from '@vetshop/domain';
import { cmsApi } from '@/lib/api/cms';
import { getSession } from '@/lib/session';
import { AdvertisementsLazy, InfoBannerDismissalLazy } from '../shell/LazyIslands';
import { BANNER_CLOSE_ATTRIBUTE, INFO_BANNERS_ID } from './info-banner-dom';

const TONE: Record<InfoBanner['type'], string> = {
  info: 'border-brand/30 bg-blue-50 text-ink',
  warning: 'border-amber-400 bg-amber-50 text-ink',
  alert: 'border-red-500 bg-red-50 text-ink',
};

/**
 * The info banners (docs/product/community-and-content.md#website-content,
 * docs/product/web-app-shell.md#global-interface-pieces global "info banner"): loads the banners
 * valid now for the visitor's audience (GET /info_banners: guests, or signed-in users, as the
 * request's session says; kept per catalogue version, lib/api/cms.ts) and renders them under the header,
 * each a region with its sanitised html and a close button; `alert` banners are announced
 * (role=alert), the others are status regions. Rendered here, in the page's flow, so they are
 * painted with the page and moved by nothing (a server-rendered lazy island of this size would be
 * outlined by React and revealed later: docs/decisions/web-page-performance.md, "Lazy islands that
 * React outlines"). The close buttons are `hidden` until InfoBannerDismissal
 * (components/cms/InfoBanners.tsx) arrives after hydration and hides the banners closed in this
 * browser session. An api failure renders nothing. Test ids: `info-banner` (data-banner-id),
 * `info-banner-close`.
 */
export async function InfoBannerSlot({ locale }: { locale: Locale }) {
  // The session is read once per request (lib/session.ts); an expired one is a guest for the api too.
  const session = await getSession(locale);
  const audience =
    session.status === 'signed-in' ? 'customers' : session.status === 'unavailable' ? null : 'guests';
  const banners = await cmsApi.bannersOrEmpty(locale, audience);
  if (banners.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'cms.banner' });
  return (
    <div id={INFO_BANNERS_ID} className="mx-auto w-full max-w-7xl space-y-2 px-4 pt-3">
      {banners.map((b) => (
        <section
          key={b.id}
          role={b.type === 'alert' ? 'alert' : 'status'}
          aria-label={t(`types.${b.type}`)}
          data-testid="info-banner"
          data-banner-id={b.id}
          className={`flex items-start gap-3 rounded border px-4 py-2 text-sm ${TONE[b.type]}`}
        >
          <div
            className="flex-1 [&_a]:text-brand [&_a]:underline"
            dangerouslySetInnerHTML={{ __html: b.html }}
          />
          <button
            type="button"
            hidden
            {...{ [BANNER_CLOSE_ATTRIBUTE]: '' }}
            data-testid="info-banner-close"
            className="rounded px-2 text-lg leading-none hover:bg-black/5 focus-visible:outline-2"
            aria-label={t('close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </section>
      ))}
      <InfoBannerDismissalLazy containerId={INFO_BANNERS_ID} />
    </div>
  );
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
