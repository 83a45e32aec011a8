/**
 * Typed server-side client of the api's website content routes (docs/product/back-office.md#website-content; docs/product/community-and-content.md#website-content /
 * Info banner / Advertisement, docs/product/community-and-content.md#website-content GET cms/content; contracts in @vetshop/domain
 * contracts/cms.ts).
 *
 * Caching (docs/decisions/cms-content.md): a page, a news item and the news list are fetched per
 * request (`no-store`: a staff edit shows at once); the info banners and advertisements, on every
 * page, are kept per catalogue version, locale and audience (guests or signed-in users) for 60 s
 * at most (`keptPerVersion`: a staff edit moves the version, so it shows within about a second; so
 * does a banner's start or end, docs/decisions/catalogue-time-edges.md, within the api's check of a
 * few seconds); snippets and the footer's page links are the same for
 * everybody and stay 30 s in the web's shared answers (lib/api/transport.ts `getShared`).
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
import { LRUCache } from 'lru-cache';
import { serverEnv } from '../env';
import { catalogVersion } from '../page-cache/version';
import { CATALOG_VERSION_HEADER } from '../page-cache/rules';
import { catalogVersionFetchHeaders } from '../page-cache/render-version';
import { apiGet } from './client';

/** Seconds snippets and advertisements stay in the web's shared answers (lib/api/transport.ts `getShared`). */
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

/** Milliseconds a kept list of info banners or advertisements answers at most (`keptPerVersion`). */
export const SITE_PIECES_TTL_MS = 60_000;

/** Who an info banner list is for: guests (no valid session) or signed-in users (api `visibility`). */
export type BannerAudience = 'guests' | 'customers';

const sitePieces = new LRUCache<string, Promise<unknown>>({ max: 64, ttl: SITE_PIECES_TTL_MS });

/**
 * The answer of `load` kept under `key` and the current catalogue version, for
 * {@link SITE_PIECES_TTL_MS} at most: the info banners and advertisements every page shows, which
 * the api's catalogue version follows (a staff edit moves it; docs/decisions/guest-page-cache.md),
 * asked once per version, locale and audience instead of on every page. The version is the one a
 * page-cache render is made for, else the api's, read at most once a second (lib/page-cache/version.ts
 * `catalogVersion`). Concurrent asks share one load; a failed load is not kept; without a version
 * (the api does not answer it) every call loads. Docs: docs/decisions/cms-content.md, "Banners and
 * advertisements kept per catalogue version".
 */
async function keptPerVersion<T>(key: string, load: () => Promise<T>): Promise<T> {
  const version =
    (await catalogVersionFetchHeaders())[CATALOG_VERSION_HEADER] ??
    (await catalogVersion(serverEnv().API_URL));
  if (version === null) return load();
  const full = `${version} ${key}`;
  const kept = sitePieces.get(full) as Promise<T> | undefined;
  if (kept) return kept;
  const loading = load();
  sitePieces.set(full, loading);
  loading.catch(() => {
    if (sitePieces.get(full) === loading) sitePieces.delete(full);
  });
  return loading;
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
  /**
   * GET /info_banners valid now for `audience` (its session forwarded, no-store), kept per
   * catalogue version (`keptPerVersion`); `audience` null (the session could not be read) asks on
   * every call with the visitor's cookies, as the api decides. Empty on failure.
   */
  bannersOrEmpty(locale: Locale, audience: BannerAudience | null): Promise<InfoBanner[]> {
    const load = () =>
      apiGet('/info_banners', infoBannerSchema.array(), {
        ...CMS_GET,
        locale,
        query: { lang: locale },
        forwardCookies: audience !== 'guests',
      });
    return orFallback(
      'info banners',
      audience === null ? load : () => keptPerVersion(`banners ${locale} ${audience}`, load),
      [],
    );
  },
  /** GET /advertisements valid now (no-store), kept per catalogue version (`keptPerVersion`); empty on failure. */
  adsOrEmpty(locale: Locale): Promise<Advertisement[]> {
    return orFallback(
      'advertisements',
      () =>
        keptPerVersion(`ads ${locale}`, () =>
          apiGet('/advertisements', advertisementSchema.array(), {
            ...CMS_GET,
            locale,
            query: { lang: locale },
          }),
        ),
      [],
    );
  },
};
