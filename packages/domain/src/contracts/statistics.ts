/**
 * Zod contracts of the sale statistics API (docs/product/customer-area.md#statistics, docs/product/customer-area.md#sale-statistics-calls, docs/product/constants.md#filters
 * "Dashboard most-ordered filter"). Decisions: docs/decisions/sale-statistics.md.
 *
 * Every amount is EUR excl. VAT (number, 2 decimals): order line amounts of the customer's
 * non-cancelled orders minus their canceled quantities, minus the credit notes (in the month of the
 * credit note). Months and years follow the Europe/Brussels calendar. Dates are ISO 8601
 * (`YYYY-MM-DD` for days, `YYYY-MM` for months, full timestamps for order times).
 */
import { z } from 'zod';
import { linePictureSchema } from './images.ts';
import { familySchema, localeSchema, priceValueSchema, stockStateSchema } from './catalog.ts';
import { FAMILIES } from '../constants/catalog.ts';

/** Oldest and newest year accepted by GET sale_statistics/monthly_ordered/{year}. */
export const STATISTICS_YEAR_MIN = 2000;
export const STATISTICS_YEAR_MAX = 2100;
/** Years covered by GET sale_statistics/five_years (the current one and the 4 before). */
export const STATISTICS_YEARS = 5;
/** Page size of GET sale_statistics/top_ordered: default and maximum. */
export const TOP_ORDERED_PER_PAGE_DEFAULT = 10;
export const TOP_ORDERED_PER_PAGE_MAX = 100;
export const TOP_ORDERED_PAGE_MAX = 1000;

/** Dashboard most-ordered filter (docs/product/constants.md): all, one family, or the products in promotion. */
export const TOP_ORDERED_FILTERS = ['all', ...FAMILIES, 'promotions'] as const;
export const topOrderedFilterSchema = z.enum(TOP_ORDERED_FILTERS);
export type TopOrderedFilter = z.infer<typeof topOrderedFilterSchema>;

/** Totals per family and overall, EUR excl. VAT. */
export const familyTotalsSchema = z.object({
  meds: z.number(),
  food: z.number(),
  equipment: z.number(),
  total: z.number(),
});
export type FamilyTotals = z.infer<typeof familyTotalsSchema>;

/** Path of GET sale_statistics/monthly_ordered/{x}: x is a calendar year (2000-2100). */
export const monthlyOrderedParamsSchema = z.object({
  x: z.coerce.number().int().min(STATISTICS_YEAR_MIN).max(STATISTICS_YEAR_MAX),
});

/** GET sale_statistics/monthly_ordered/{year}: the 12 months of the year (January first) and the year's totals. */
export const monthlyOrderedSchema = z.object({
  year: z.number().int(),
  months: z.array(familyTotalsSchema.extend({ month: z.string() })).length(12),
  totals: familyTotalsSchema,
});
export type MonthlyOrdered = z.infer<typeof monthlyOrderedSchema>;

/** One year of GET sale_statistics/five_years: totals per family and the number of orders placed. */
export const yearTotalsSchema = familyTotalsSchema.extend({
  year: z.number().int(),
  orders: z.number().int(),
});
export type YearTotals = z.infer<typeof yearTotalsSchema>;

/** The customer's latest non-cancelled order (key figure "last order"). */
export const lastOrderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date_order: z.string(),
  /** EUR excl. VAT, as stored on the order. */
  amount_untaxed: z.number(),
});

/**
 * GET sale_statistics/five_years: the current Brussels year and the 4 before (oldest first) and the
 * dashboard's key figures: this and last year's totals, the average per month of this year (its
 * total divided by the months begun so far), this year's number of orders and the last order.
 */
export const fiveYearsSchema = z.object({
  years: z.array(yearTotalsSchema),
  key_figures: z.object({
    year: z.number().int(),
    this_year_total: z.number(),
    last_year_total: z.number(),
    average_per_month: z.number(),
    /** Months of this year begun so far (1-12): the divisor of average_per_month. */
    months_elapsed: z.number().int(),
    orders_this_year: z.number().int(),
    last_order: lastOrderSchema.nullable(),
  }),
});
export type FiveYears = z.infer<typeof fiveYearsSchema>;

const familyList = z
  .union([familySchema, z.array(familySchema).max(FAMILIES.length * 2)])
  .transform((v) => (Array.isArray(v) ? v : [v]));
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Query of GET sale_statistics/top_ordered (docs/product/customer-area.md): page (default 1), per_page (default 10, max
 * 100), product_families[] (repeatable; `product_families` accepted too) and supplier_discount_only
 * (true: only products with a discount or promotion for the user's price list today). `lang` names
 * the language of product names and url keys (default fr). Unknown keys → 400.
 */
export const topOrderedQuerySchema = z
  .object({
    lang: localeSchema.default('fr'),
    page: z.coerce.number().int().min(1).max(TOP_ORDERED_PAGE_MAX).default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1)
      .max(TOP_ORDERED_PER_PAGE_MAX)
      .default(TOP_ORDERED_PER_PAGE_DEFAULT),
    'product_families[]': familyList.optional(),
    product_families: familyList.optional(),
    supplier_discount_only: flag.optional(),
  })
  .strict();
export type TopOrderedQuery = z.input<typeof topOrderedQuerySchema>;

/**
 * One most-ordered product (a variant: `product_id` is the id carts and orders use) with its
 * last-ordered info (docs/product/customer-area.md#statistics: date, family, count) and what the web needs to show it and
 * add it to the cart again: name, url key, the current price for the user's price list (null when
 * the list has no price), stock state and whether it carries a discount or promotion today.
 */
export const topOrderedItemSchema = z.object({
  product_id: z.number().int(),
  model_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  variant_name: z.string(),
  url_key: z.string(),
  /** The line's picture and illustration facts (docs/decisions/product-pictures.md); null for fee lines. */
  picture: linePictureSchema.nullable().optional(),
  family: familySchema,
  last_ordered: z.object({
    /** Brussels day of the latest order with this product. */
    date: z.string(),
    family: familySchema,
    /** Number of orders (non-cancelled) with this product. */
    count: z.number().int(),
  }),
  /** Units ordered over all those orders, canceled units left out. */
  qty_ordered: z.number().int(),
  price: priceValueSchema.nullable(),
  stock_state: stockStateSchema,
  has_discount: z.boolean(),
});
export type TopOrderedItem = z.infer<typeof topOrderedItemSchema>;

/** GET sale_statistics/top_ordered → count (matching products), the page and its items. */
export const topOrderedSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  items: z.array(topOrderedItemSchema),
});
export type TopOrdered = z.infer<typeof topOrderedSchema>;

/** The top_ordered query parameters of a dashboard filter value (docs/product/constants.md). */
export function topOrderedFilterQuery(filter: TopOrderedFilter): {
  'product_families[]'?: string[];
  supplier_discount_only?: 'true';
} {
  if (filter === 'all') return {};
  if (filter === 'promotions') return { supplier_discount_only: 'true' };
  return { 'product_families[]': [filter] };
}
