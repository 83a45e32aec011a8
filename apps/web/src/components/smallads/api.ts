/**
 * Server-side calls of the small-ad pages (docs/product/community-and-content.md#classified-ads-calls; contracts in @vetshop/domain
 * contracts/classified-ad.ts). Server only: the request's cookies are forwarded (the answers
 * belong to the signed-in user) and nothing is cached.
 *
 * Errors: a failed answer throws ApiError (problem+json status and code: 401 session ended, 403
 * wrong role, 404 an ad the user may not see), a network failure ApiError 503 `api_unavailable`,
 * an answer that breaks the contract ApiError 502 `bad_response`.
 */
import {
  classifiedAdListSchema,
  classifiedAdSchema,
  type ClassifiedAd,
  type ClassifiedAdCategory,
  type ClassifiedAdList,
  type ClassifiedAdRegion,
  type ClassifiedAdState,
  type Locale,
} from '@vetshop/domain';
import { apiGet } from '@/lib/api/client';

/** Paging of the lists: 1-based page, rows per page. */
export interface AdPaging {
  page: number;
  pageSize: number;
}

/** Small-ad reads for the signed-in user of the current request. */
export const smalladsApi = {
  /** GET /classified_ads/search: published ads valid today, optional category and region. */
  search(
    locale: Locale,
    paging: AdPaging,
    filters: { category?: ClassifiedAdCategory; region?: ClassifiedAdRegion },
  ): Promise<ClassifiedAdList> {
    return apiGet('/classified_ads/search', classifiedAdListSchema, {
      locale,
      query: {
        page: paging.page,
        page_size: paging.pageSize,
        category: filters.category,
        region: filters.region,
      },
      forwardCookies: true,
    });
  },
  /** GET /classified_ads/my_classified_ads: the customer's ads, optional state. */
  mine(locale: Locale, paging: AdPaging, state?: ClassifiedAdState): Promise<ClassifiedAdList> {
    return apiGet('/classified_ads/my_classified_ads', classifiedAdListSchema, {
      locale,
      query: {
        page: paging.page,
        per_page: paging.pageSize,
        state,
      },
      forwardCookies: true,
    });
  },
  /** GET /classified_ads/{id} (404 → ApiError 404). */
  get(locale: Locale, id: number): Promise<ClassifiedAd> {
    return apiGet(`/classified_ads/${id}`, classifiedAdSchema, { locale, forwardCookies: true });
  },
  /** GET /staff/classified_ads?state: the moderation queue (pending) or another state. */
  staffList(locale: Locale, paging: AdPaging, state: ClassifiedAdState): Promise<ClassifiedAdList> {
    return apiGet('/staff/classified_ads', classifiedAdListSchema, {
      locale,
      query: {
        page: paging.page,
        page_size: paging.pageSize,
        state,
      },
      forwardCookies: true,
    });
  },
};
