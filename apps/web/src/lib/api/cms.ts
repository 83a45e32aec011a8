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
import type { z } from 'zod';
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
import { serverEnv } from '../env';
import { buildQueryString, forwardedCookieHeader } from './client';
import { ApiError, apiErrorFromResponse } from './errors';
import { catalogVersionFetchHeaders } from '../page-cache/render-version';

/** Seconds snippets and advertisements stay in Next's data cache. */
export const CMS_SHARED_REVALIDATE_SECONDS = 30;

interface CmsGetOptions {
  locale: Locale;
  query?: Record<string, string | number | undefined>;
  /** Forward the visitor's cookies (info banners: visibility guests/customers). */
  personal?: boolean;
  /** Seconds in Next's data cache; undefined = no-store. */
  revalidate?: number;
}

/** GETs `path` and parses it with `schema`; null on 404. */
async function cmsGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CmsGetOptions,
): Promise<z.infer<S> | null> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString({ ...options.query, lang: options.locale })}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.locale,
    ...(await catalogVersionFetchHeaders()),
  };
  if (options.personal) {
    const cookie = await forwardedCookieHeader();
    if (cookie) headers.cookie = cookie;
  }
  let res: Response;
  try {
    res = await fetch(
      url,
      options.revalidate === undefined || options.personal
        ? { headers, cache: 'no-store' }
        : { headers, next: { revalidate: options.revalidate } },
    );
  } catch (cause) {
    console.error(`[api] GET ${path} failed`, cause);
    throw new ApiError({ status: 503, code: 'api_unavailable', title: 'Service unavailable' });
  }
  if (res.status === 404) return null;
  if (!res.ok) throw await apiErrorFromResponse(res);
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

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
    const list = await cmsGet('/cms/content', cmsContentListSchema, { locale, query: { type, ...query } });
    return list ?? { count: 0, page: 1, per_page: query.per_page ?? 10, items: [] };
  },
  /** GET /cms/content/by_url: the content of `type` at slug `url` (null when unknown: 404). */
  byUrl(locale: Locale, type: CmsType, url: string): Promise<CmsContent | null> {
    return cmsGet('/cms/content/by_url', cmsContentSchema, { locale, query: { type, url } });
  },
  /** Every snippet of `locale` (all slots; empty on failure), cached 30 s. */
  snippetsOrEmpty(locale: Locale): Promise<CmsContent[]> {
    return orFallback(
      'snippets',
      async () =>
        (
          await cmsGet('/cms/content', cmsContentListSchema, {
            locale,
            query: { type: 'snippet', per_page: 100 },
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
          await cmsGet('/cms/content', cmsContentListSchema, {
            locale,
            query: { type: 'page', per_page: 100 },
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
      () => cmsGet('/info_banners', infoBannerSchema.array(), { locale, personal: true }),
      [],
    );
  },
  /** GET /advertisements valid now (no-store: an ad starts and ends on time; empty on failure). */
  adsOrEmpty(locale: Locale): Promise<Advertisement[]> {
    return orFallback(
      'advertisements',
      () => cmsGet('/advertisements', advertisementSchema.array(), { locale }),
      [],
    );
  },
};
