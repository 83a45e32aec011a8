/**
 * Typed server-side client of the api's website content routes (docs/product/back-office.md#website-content; docs/product/community-and-content.md#website-content /
 * Info banner / Advertisement, docs/product/community-and-content.md#website-content GET cms/content; contracts in @vetshop/domain
 * contracts/cms.ts).
 *
 * Caching (docs/decisions/cms-content.md): a page, a news item, the news list and the info banners
 * and the info banners and advertisements are fetched per request (`no-store`: a staff edit or a
 * banner's end shows at once; banners follow the viewer's session, so its cookies are forwarded);
 * snippets and the footer's page links are the same for everybody and stay 30 s in Next's data
 * cache.
 *
 * Errors: `contentByUrl` answers null for a 404 (the page calls notFound or redirects); other
 * failures throw ApiError (503 `api_unavailable` when the api cannot be reached, 502
 * `bad_response` when the answer breaks the contract). The site-wide pieces (footer snippets,
 * banners, ads) use the `…OrEmpty` variants, which log and answer an empty list instead of failing
 * the whole page.
 */
import {
  advertisementSchema,
  cmsContentListSchema,
  cmsContentSchema,
  infoBannerSchema,
  type Advertisement,
  type CmsContent,
  type CmsContentList,
  type CmsType,
  type InfoBanner,
  type Locale,
} from '@vetshop/domain';
import { apiGet } from './client';

/** Seconds snippets and advertisements stay in Next's data cache. */
export const CMS_SHARED_REVALIDATE_SECONDS = 30;

/** Options every content GET shares: `lang` last in the query, the catalogue-version header, 404 → null. */
const CMS_GET = { catalogVersion: true, on404: 'null' } as const;

/** Runs `load`; on failure logs and answers `fallback` (site-wide pieces never break a page). */
async function orFallback<T>(what: string, load: () => Promise<T | null>, fallback: T): Promise<T> {
  try {
    return (await load()) ?? fallback;
  } catch (error) {
    console.error(`[cms] ${what} unavailable`, error);
    return fallback;
  }
}

export const cmsApi = {
  /** GET /cms/content: one page of published contents of `type` in `locale` (news newest first). */
  async list(
    locale: Locale,
    type: CmsType,
    query: { page?: number; per_page?: number; slot?: string } = {},
  ): Promise<CmsContentList> {
    const list = await apiGet('/cms/content', cmsContentListSchema, {
      ...CMS_GET,
      locale,
      query: { type, ...query, lang: locale },
    });
    return list ?? { count: 0, page: 1, per_page: query.per_page ?? 10, items: [] };
  },
  /** GET /cms/content/by_url: the content of `type` at slug `url` (null when unknown: 404). */
  byUrl(locale: Locale, type: CmsType, url: string): Promise<CmsContent | null> {
    return apiGet('/cms/content/by_url', cmsContentSchema, {
      ...CMS_GET,
      locale,
      query: { type, url, lang: locale },
    });
  },
  /** Every snippet of `locale` (all slots; empty on failure), cached 30 s. */
  snippetsOrEmpty(locale: Locale): Promise<CmsContent[]> {
    return orFallback(
      'snippets',
      async () =>
        (
          await apiGet('/cms/content', cmsContentListSchema, {
            ...CMS_GET,
            locale,
            query: { type: 'snippet', per_page: 100, lang: locale },
            revalidate: CMS_SHARED_REVALIDATE_SECONDS,
          })
        )?.items ?? [],
      [],
    );
  },
  /** The published pages of `locale` (footer links; cached 30 s; empty on failure). */
  pagesOrEmpty(locale: Locale): Promise<CmsContent[]> {
    return orFallback(
      'pages',
      async () =>
        (
          await apiGet('/cms/content', cmsContentListSchema, {
            ...CMS_GET,
            locale,
            query: { type: 'page', per_page: 100, lang: locale },
            revalidate: CMS_SHARED_REVALIDATE_SECONDS,
          })
        )?.items ?? [],
      [],
    );
  },
  /** GET /info_banners for the visitor (session forwarded, no-store; empty on failure). */
  bannersOrEmpty(locale: Locale): Promise<InfoBanner[]> {
    return orFallback(
      'info banners',
      () =>
        apiGet('/info_banners', infoBannerSchema.array(), {
          ...CMS_GET,
          locale,
          query: { lang: locale },
          forwardCookies: true,
        }),
      [],
    );
  },
  /** GET /advertisements valid now (no-store: an ad starts and ends on time; empty on failure). */
  adsOrEmpty(locale: Locale): Promise<Advertisement[]> {
    return orFallback(
      'advertisements',
      () =>
        apiGet('/advertisements', advertisementSchema.array(), {
          ...CMS_GET,
          locale,
          query: { lang: locale },
        }),
      [],
    );
  },
};
