/**
 * Server-side calls of the small-ad pages (docs/product/community-and-content.md#classified-ads-calls; contracts in @vetshop/domain
 * contracts/classified-ad.ts). Server only: the request's cookies are forwarded (the answers
 * belong to the signed-in user) and nothing is cached.
 *
 * Errors: a failed answer throws ApiError (problem+json status and code: 401 session ended, 403
 * wrong role, 404 an ad the user may not see), a network failure ApiError 503 `api_unavailable`,
 * an answer that breaks the contract ApiError 502 `bad_response`.
 */
import type { z } from 'zod';
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
import { serverEnv } from '@/lib/env';
import { buildQueryString, forwardedCookieHeader } from '@/lib/api/client';
import { ApiError, apiErrorFromResponse } from '@/lib/api/errors';

async function personalGet<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query: Record<string, string | number | undefined> = {},
): Promise<z.infer<S>> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString(query)}`;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': locale };
  const cookie = await forwardedCookieHeader();
  if (cookie) headers.cookie = cookie;
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch (cause) {
    console.error(`[api] GET ${path} failed`, cause);
    throw new ApiError({ status: 503, code: 'api_unavailable', title: 'Service unavailable' });
  }
  if (!res.ok) throw await apiErrorFromResponse(res);
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

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
    return personalGet('/classified_ads/search', classifiedAdListSchema, locale, {
      page: paging.page,
      page_size: paging.pageSize,
      category: filters.category,
      region: filters.region,
    });
  },
  /** GET /classified_ads/my_classified_ads: the customer's ads, optional state. */
  mine(locale: Locale, paging: AdPaging, state?: ClassifiedAdState): Promise<ClassifiedAdList> {
    return personalGet('/classified_ads/my_classified_ads', classifiedAdListSchema, locale, {
      page: paging.page,
      per_page: paging.pageSize,
      state,
    });
  },
  /** GET /classified_ads/{id} (404 → ApiError 404). */
  get(locale: Locale, id: number): Promise<ClassifiedAd> {
    return personalGet(`/classified_ads/${id}`, classifiedAdSchema, locale);
  },
  /** GET /staff/classified_ads?state: the moderation queue (pending) or another state. */
  staffList(locale: Locale, paging: AdPaging, state: ClassifiedAdState): Promise<ClassifiedAdList> {
    return personalGet('/staff/classified_ads', classifiedAdListSchema, locale, {
      page: paging.page,
      page_size: paging.pageSize,
      state,
    });
  },
};
