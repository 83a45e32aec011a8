/**
 * Data of the offers page /{lang}/promotions (docs/product/catalogue-and-search.md#promotions-and-selection;
 * docs/product/customer-area.md#promo-subscriptions; docs/decisions/supplier-promotions.md). Server
 * only: the calls go through promotionsApi and catalogApi (lib/api/client.ts `apiGet`: the
 * request's cookies, the catalogue-version header, a 60 s data cache for guests, never cached for
 * a session) and are parsed into the domain's `PromotionList`, `UserProfile` and
 * `RestrictionReason` shapes.
 */
import type { Locale, PromotionList, RestrictionReason, UserProfile } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { getCurrentUser } from '@/lib/session';
import type { ListPaging } from '@/lib/orders-list';
import { promotionsApi } from '@/components/promotions/data';

/** Values of the `filter` query parameter: every promotion, or those ending this month. */
export const PROMOTION_FILTERS = ['all', 'ending'] as const;

/** A value of {@link PROMOTION_FILTERS}. */
export type PromotionFilter = (typeof PROMOTION_FILTERS)[number];

/** What the offers page lists, and for whom. */
export interface PromotionsPageData {
  /** GET /promotions: the page of promotions the caller may see, soonest end first, and the total. */
  list: PromotionList;
  /** The signed-in user, null for a guest. */
  user: UserProfile | null;
  /** GET /promo_subscriptions: product ids with a promo-end alert; null for non-customers or when unavailable. */
  subscriptions: Set<number> | null;
  /** GET /catalog/restrictions: {product id: reason} of the listed products a customer may not order; {} otherwise. */
  restrictions: Record<string, RestrictionReason>;
}

/**
 * The promotions of page `paging` under `filter` and, for a signed-in customer, its promo-end
 * alerts and the reasons it may not order some of the listed products
 * (docs/decisions/regulated-products.md). Errors: GET /promotions and the session rethrow their
 * ApiError (error screen); an unavailable subscription list is null and unavailable restrictions
 * are {}.
 */
export async function promotionsPageData(
  locale: Locale,
  paging: ListPaging,
  filter: PromotionFilter,
): Promise<PromotionsPageData> {
  const [list, user] = await Promise.all([
    promotionsApi.promotions(locale, {
      page: paging.page,
      perPage: paging.pageSize,
      endingThisMonth: filter === 'ending',
    }),
    getCurrentUser(locale),
  ]);
  const subscriptions = user?.customer ? await promotionsApi.subscriptions(locale).catch(() => null) : null;
  // Regulated products the customer may not order show the reason instead of the add button.
  const restrictions = user?.customer
    ? await catalogApi.restrictions(
        locale,
        list.items.map((i) => i.product_id),
      )
    : {};
  return { list, user, subscriptions, restrictions };
}
