/**
 * Zod contracts of promotions, promo-end alerts, the curated selection and the vet-efficiency
 * page (docs/decisions/promo-end-alerts.md; docs/product/catalogue-and-search.md#screens /{lang}/promotions, /{lang}/selection,
 * /{lang}/vetgroup; docs/product/customer-area.md#promo-subscriptions, Supplier terms, Pricing; docs/product/customer-area.md#promo-subscription-calls,
 * Veterinary groups). Wire fields keep snake_case; money is EUR excl. VAT (2 decimals), discounts
 * in percent, dates ISO `YYYY-MM-DD` (windows inclusive, null = open-ended, docs/product/catalogue-and-search.md#promotions-and-selection).
 *
 * `product_id` is the sold product (a variant id), as in carts, orders and wishlists.
 */
import { z } from 'zod';
import { discountSchema, familySchema, localeSchema, priceValueSchema, stockStateSchema } from './catalog.ts';
import { linePictureSchema } from './images.ts';
import { SALES_DEFAULT_PAGE_SIZE } from '../order.ts';

/**
 * Kinds of promotion listed on /{lang}/promotions: a special offer (docs/product/catalogue-and-search.md#product specials), a
 * supplier promotion (main:promotional quantity, e.g. 10+2) or a supplier discount (percent).
 */
export const PROMOTION_KINDS = ['special', 'supplier_promotion', 'supplier_discount'] as const;
export const promotionKindSchema = z.enum(PROMOTION_KINDS);
export type PromotionKind = z.infer<typeof promotionKindSchema>;

/** Page size bounds of GET /promotions. */
export const PROMOTIONS_PER_PAGE_DEFAULT = 24;
export const PROMOTIONS_PER_PAGE_MAX = 100;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Query of GET /promotions (our own addition to docs/product/catalogue-and-search.md#promotions-and-selection, which names no call for the offers page):
 * `page` (≥ 1, default 1), `per_page` (1-100, default 24), `ending_this_month` (true: only
 * promotions whose end date falls between today and the end of the month, docs/product/catalogue-and-search.md#search-filters filter
 * "discount ending this month"), `kind` (one kind, default all), `lang` (names).
 */
export const promotionsQuerySchema = z
  .object({
    lang: localeSchema.default('fr'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1)
      .max(PROMOTIONS_PER_PAGE_MAX)
      .default(PROMOTIONS_PER_PAGE_DEFAULT),
    ending_this_month: flag.optional(),
    kind: promotionKindSchema.optional(),
  })
  .strict();
export type PromotionsQuery = z.infer<typeof promotionsQuerySchema>;

/** The sold product a promotion, selection item or vet-group line is about. */
export const promoProductSchema = z.object({
  /** Variant id: the requirements' product_id (carts, wishlists, promo subscriptions). */
  product_id: z.number().int(),
  /** Product model id. */
  model_id: z.number().int(),
  url_key: z.string(),
  name: z.string(),
  /** Variant label (pack size...). */
  variant_name: z.string(),
  sku: z.string(),
  family: familySchema,
  stock_state: stockStateSchema,
  /** Price for the caller's price list (null when the list does not price it). */
  price: priceValueSchema.nullable(),
});
export type PromoProduct = z.infer<typeof promoProductSchema>;

/** The terms of one promotion (docs/product/prices.md#pricing: supplier promotion ratio, supplier discount, special). */
export const promotionTermsSchema = z.object({
  kind: promotionKindSchema,
  /** Stored kind of the supplier term (e.g. supplier_promotion_veterinary); null for specials. */
  term_kind: z.string().nullable(),
  /** Percent for supplier discounts, null otherwise. */
  discount: z.number().nullable(),
  /** "10+2": main_quantity 10, promo_quantity 2 (supplier promotions), else null. */
  main_quantity: z.number().int().nullable(),
  promo_quantity: z.number().int().nullable(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
});
export type PromotionTerms = z.infer<typeof promotionTermsSchema>;

/** One line of GET /promotions: a product with one of its active promotions. */
export const promotionItemSchema = promoProductSchema.extend(promotionTermsSchema.shape).extend({
  /** Stable key of the promotion (`special:<id>`, `term:<id>`). */
  key: z.string(),
  /** The variant's picture, or the facts that choose its illustration (as on cart lines). */
  picture: linePictureSchema.nullable().optional(),
});
export type PromotionItem = z.infer<typeof promotionItemSchema>;

/** GET /promotions answer: `total` matching lines, the page of `items` (soonest end first). */
export const promotionListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  items: z.array(promotionItemSchema),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

/** A promo-end alert subscription (docs/product/customer-area.md#promo-subscriptions: product_id). */
export const promoSubscriptionSchema = z.object({ product_id: z.number().int() });
export type PromoSubscription = z.infer<typeof promoSubscriptionSchema>;
/** GET promo_subscriptions (docs/product/catalogue-and-search.md#promotions-and-selection): `data` holds the caller's subscriptions. */
export const promoSubscriptionListSchema = z.object({ data: z.array(promoSubscriptionSchema) });
export type PromoSubscriptionList = z.infer<typeof promoSubscriptionListSchema>;
/** POST promo_subscriptions body (docs/product/catalogue-and-search.md#promotions-and-selection): the product to be alerted about. */
export const promoSubscriptionInputSchema = z
  .object({ product_id: z.number().int().min(1).max(2_147_483_647) })
  .strict();
export type PromoSubscriptionInput = z.infer<typeof promoSubscriptionInputSchema>;

/** Result of one run of the promo-end alert job. */
export const promoAlertRunSchema = z.object({
  /** False when another process held the job's lock (this run did nothing). */
  ran: z.boolean(),
  /** Business day the run considered "today". */
  as_of: z.string(),
  /** Days before a promotion's end date from which its subscribers are alerted. */
  lead_days: z.number().int(),
  /** Mails sent by this run. */
  mailed: z.number().int(),
  /** Mails that failed (their alerts stay due for the next run). */
  failed: z.number().int(),
});
export type PromoAlertRun = z.infer<typeof promoAlertRunSchema>;

/** POST staff/jobs/promo_alerts/run body (may be absent): optional business day to run as (tests, e2e). */
export const promoAlertRunInputSchema = z.object({ as_of: z.iso.date().optional() }).strict().nullish();

/** One product of the curated selection (docs/product/catalogue-and-search.md#screens /{lang}/selection). */
export const selectionItemSchema = promoProductSchema.extend({
  sequence: z.number().int(),
  /** Staff's note shown with the product (may be empty). */
  note: z.string(),
});
export type SelectionItem = z.infer<typeof selectionItemSchema>;
/** GET /selection: `data` in sequence order (only products visible to the caller). */
export const selectionSchema = z.object({ data: z.array(selectionItemSchema) });
export type Selection = z.infer<typeof selectionSchema>;

const selectionEntryInput = z
  .object({
    product_id: z.number().int().min(1).max(2_147_483_647),
    note: z.string().trim().max(500).optional(),
    sequence: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
/** POST staff/selection/items body: add (or update) one product of the selection. */
export const selectionItemInputSchema = selectionEntryInput;
export type SelectionItemInput = z.infer<typeof selectionItemInputSchema>;
/** POST staff/selection body: the whole selection, in order (replaces it; at most 100 products). */
export const selectionInputSchema = z
  .object({ items: z.array(selectionEntryInput.omit({ sequence: true })).max(100) })
  .strict();
export type SelectionInput = z.infer<typeof selectionInputSchema>;

/** One product of a veterinary group with its conditions ("vet efficiency"). */
export const vetGroupProductSchema = promoProductSchema.extend({
  /** Volume discounts of the caller's list valid today (percent from a minimum quantity). */
  volume_discounts: z.array(discountSchema),
  /** Active specials, supplier promotions and supplier discounts of the product for the caller. */
  promotions: z.array(promotionTermsSchema),
});
export type VetGroupProduct = z.infer<typeof vetGroupProductSchema>;

/**
 * Products of a group on one page of /{lang}/vetgroup at most (the page sizes offered are the
 * customer area's lists', 10, 20 and 50: docs/decisions/vet-group-pages.md).
 */
export const VET_GROUP_PAGE_SIZE_MAX = 50;

/**
 * GET veterinary_groups/mine?lang&group&page&page_size: the products of each group by pages of
 * `page_size` (default 10, the customer area's lists' default) in name order; `page` (default 1)
 * and `page_size` are those of group `group`, or of every group when `group` is absent (the other
 * groups show their first page of the default size). Unknown keys are refused (400).
 */
export const vetGroupQuerySchema = z
  .object({
    lang: localeSchema.default('fr'),
    group: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    page_size: z.coerce.number().int().min(1).max(VET_GROUP_PAGE_SIZE_MAX).default(SALES_DEFAULT_PAGE_SIZE),
  })
  .strict();
export type VetGroupQuery = z.infer<typeof vetGroupQuerySchema>;

/** A veterinary group of the user with its products (docs/product/catalogue-and-search.md#veterinary-groups veterinary groups: name, color). */
export const vetGroupEfficiencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  sequence: z.number().int(),
  /** Number of products restricted to the group and visible to the caller (all pages). */
  product_count: z.number().int(),
  /** The page shown (1-based) and its size: `products` are rows (page − 1) × page_size + 1 onwards. */
  page: z.number().int(),
  page_size: z.number().int(),
  products: z.array(vetGroupProductSchema),
});
export type VetGroupEfficiency = z.infer<typeof vetGroupEfficiencySchema>;
/** GET veterinary_groups/mine: the caller's groups, in `data` sorted by sequence. */
export const vetGroupEfficiencyListSchema = z.object({ data: z.array(vetGroupEfficiencySchema) });
export type VetGroupEfficiencyList = z.infer<typeof vetGroupEfficiencyListSchema>;
