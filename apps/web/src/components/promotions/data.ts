/**
 * Server-side client of the api's promotion routes (docs/decisions/supplier-promotions.md; contracts in @vetshop/domain
 * contracts/promotion.ts): GET /promotions, GET /selection, GET /veterinary_groups/mine and
 * GET /promo_subscriptions. Server only: it forwards the request's cookies (the user's price list,
 * veterinary groups and supplier-promotion flag decide what is listed). Answers for a session are
 * never cached; guests share a 60-second cache (the same for every guest).
 *
 * Errors: a failed answer throws ApiError (problem+json status and code; 401 when the session is
 * missing or refused), a network failure ApiError 503 `api_unavailable`, an answer that breaks the
 * contract ApiError 502 `bad_response`.
 */
import type { z } from 'zod';
import {
  promoSubscriptionListSchema,
  promotionListSchema,
  selectionSchema,
  vetGroupEfficiencyListSchema,
  type Locale,
  type PromotionKind,
  type PromotionList,
  type Selection,
  type VetGroupEfficiency,
} from '@vetshop/domain';
import { serverEnv } from '@/lib/env';
import {
  buildQueryString,
  CATALOG_REVALIDATE_SECONDS,
  forwardedCookieHeader,
  hasSessionCookie,
} from '@/lib/api/client';
import { ApiError, apiErrorFromResponse } from '@/lib/api/errors';
import { catalogVersionFetchHeaders } from '@/lib/page-cache/render-version';

async function get<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query: Record<string, string | number | boolean | undefined> = {},
): Promise<z.infer<S>> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString({ lang: locale, ...query })}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    ...(await catalogVersionFetchHeaders()),
  };
  const cookie = await forwardedCookieHeader();
  if (cookie) headers.cookie = cookie;
  const personal = cookie !== undefined && hasSessionCookie(cookie);
  let res: Response;
  try {
    res = await fetch(
      url,
      personal
        ? { headers, cache: 'no-store' }
        : { headers, next: { revalidate: CATALOG_REVALIDATE_SECONDS } },
    );
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

/** Promotion calls for the user of the current request (a guest when there is no session). */
export const promotionsApi = {
  /** GET /promotions: one page of the active promotions the caller may see, soonest end first. */
  promotions(
    locale: Locale,
    options: { page: number; perPage: number; endingThisMonth?: boolean; kind?: PromotionKind },
  ): Promise<PromotionList> {
    return get('/promotions', promotionListSchema, locale, {
      page: options.page,
      per_page: options.perPage,
      ending_this_month: options.endingThisMonth ? 'true' : undefined,
      kind: options.kind,
    });
  },
  /** GET /selection: the curated selection visible to the caller. */
  selection(locale: Locale): Promise<Selection> {
    return get('/selection', selectionSchema, locale);
  },
  /** GET /veterinary_groups/mine: the signed-in user's groups with products and conditions (401 for guests). */
  async vetGroups(locale: Locale): Promise<VetGroupEfficiency[]> {
    return (await get('/veterinary_groups/mine', vetGroupEfficiencyListSchema, locale)).data;
  },
  /** GET /promo_subscriptions: the product ids the signed-in customer is alerted about (401 guests, 403 staff). */
  async subscriptions(locale: Locale): Promise<Set<number>> {
    const list = await get('/promo_subscriptions', promoSubscriptionListSchema, locale);
    return new Set(list.data.map((s) => s.product_id));
  },
};
