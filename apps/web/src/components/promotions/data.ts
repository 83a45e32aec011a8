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
import { apiGet, CATALOG_REVALIDATE_SECONDS } from '@/lib/api/client';

/**
 * Options of every promotion GET (lib/api/client.ts `apiGet`): the request's cookies, the
 * catalogue-version header, and the catalogue's 60 s cache for guests (no-store with a session).
 */
const PROMO_GET = {
  forwardCookies: true,
  revalidate: CATALOG_REVALIDATE_SECONDS,
  catalogVersion: true,
} as const;

/** Promotion calls for the user of the current request (a guest when there is no session). */
export const promotionsApi = {
  /** GET /promotions: one page of the active promotions the caller may see, soonest end first. */
  promotions(
    locale: Locale,
    options: { page: number; perPage: number; endingThisMonth?: boolean; kind?: PromotionKind },
  ): Promise<PromotionList> {
    return apiGet('/promotions', promotionListSchema, {
      ...PROMO_GET,
      locale,
      query: {
        lang: locale,
        page: options.page,
        per_page: options.perPage,
        ending_this_month: options.endingThisMonth ? 'true' : undefined,
        kind: options.kind,
      },
    });
  },
  /** GET /selection: the curated selection visible to the caller. */
  selection(locale: Locale): Promise<Selection> {
    return apiGet('/selection', selectionSchema, { ...PROMO_GET, locale, query: { lang: locale } });
  },
  /**
   * GET /veterinary_groups/mine: the signed-in user's groups, each with one page of its products
   * and their conditions (`page` and `pageSize` of group `group`, or of every group without it;
   * the first 10 for the others: docs/decisions/vet-group-pages.md). 401 for guests.
   */
  async vetGroups(
    locale: Locale,
    paging: { group?: number; page: number; pageSize: number },
  ): Promise<VetGroupEfficiency[]> {
    return (
      await apiGet('/veterinary_groups/mine', vetGroupEfficiencyListSchema, {
        ...PROMO_GET,
        locale,
        query: { lang: locale, group: paging.group, page: paging.page, page_size: paging.pageSize },
      })
    ).data;
  },
  /** GET /promo_subscriptions: the product ids the signed-in customer is alerted about (401 guests, 403 staff). */
  async subscriptions(locale: Locale): Promise<Set<number>> {
    const list = await apiGet('/promo_subscriptions', promoSubscriptionListSchema, {
      ...PROMO_GET,
      locale,
      query: { lang: locale },
    });
    return new Set(list.data.map((s) => s.product_id));
  },
};
