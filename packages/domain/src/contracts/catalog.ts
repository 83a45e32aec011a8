/**
 * Zod contracts of the catalogue API (apps/api serves them, apps/web consumes them).
 * docs/product/catalogue-and-search.md#product, docs/product/catalogue-and-search.md#search-filters, docs/product/catalogue-and-search.md#search-index, docs/product/constants.md#search-and-list-sizes sorts and sizes.
 * Wire fields keep the requirements' snake_case; money is EUR excl. VAT as numbers with 2 decimals.
 */
import { z } from 'zod';
import { catalogImageSchema } from './images.ts';
import { LEGAL_CLASSES, RESTRICTION_REASONS } from '../rules/restrictions.ts';

import {
  LOCALES,
  DEFAULT_LOCALE,
  STOCK_STATES,
  FAMILIES,
  SORTS,
  TERM_FACETS,
  SEARCH_QUERY_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_PER_PAGE_MAX,
  SEARCH_PER_PAGE_DEFAULT,
  SEARCH_FACET_VALUES_MAX,
} from '../constants/catalog.ts';
import type { Family, Locale, Sort, TermFacet } from '../constants/catalog.ts';

export const localeSchema = z.enum(LOCALES);
export const stockStateSchema = z.enum(STOCK_STATES);
export const familySchema = z.enum(FAMILIES);
export const sortSchema = z.enum(SORTS);

const stringList = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(50)])
  .transform((v) => (Array.isArray(v) ? v : [v]));
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Query string of GET /catalog/search. Unknown keys are refused (400, code `bad_request`). */
export const searchQuerySchema = z
  .object({
    lang: localeSchema.default(DEFAULT_LOCALE),
    q: z.string().max(SEARCH_QUERY_MAX).optional(),
    page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
    per_page: z.coerce.number().int().min(1).max(SEARCH_PER_PAGE_MAX).default(SEARCH_PER_PAGE_DEFAULT),
    sort: sortSchema.default('relevance'),
    in_stock: flag.optional(),
    discount: flag.optional(),
    discount_ending: flag.optional(),
    ...Object.fromEntries(TERM_FACETS.map((f) => [f, stringList.optional()])),
    facet_values: z.coerce.number().int().min(0).max(SEARCH_FACET_VALUES_MAX).optional(),
    all_values: z.enum(TERM_FACETS).optional(),
  })
  .strict() as unknown as z.ZodType<SearchQuery>;
export type SearchQuery = {
  lang: Locale;
  q?: string;
  page: number;
  per_page: number;
  sort: Sort;
  in_stock?: boolean;
  discount?: boolean;
  discount_ending?: boolean;
  /**
   * Values per term facet in the answer: the first ones by count plus every value chosen in that
   * facet's filter (absent: up to SEARCH_FACET_VALUES_MAX, and no `facet_sizes`;
   * docs/decisions/listing-facet-values.md).
   */
  facet_values?: number;
  /** With `facet_values`: the one term facet answered with all its values. */
  all_values?: TermFacet;
} & Partial<Record<TermFacet, string[]>>;

/** A price value (docs/product/prices.md#pricing: value, tax_included, original_value, discount). */
export const priceValueSchema = z.object({
  /** Net price, EUR excl. VAT. */
  value: z.number(),
  tax_included: z.boolean(),
  /** Gross price before discounts, EUR excl. VAT. */
  original_value: z.number(),
  /** Total discount in percent (0-100, 2 decimals). */
  discount: z.number(),
});
export type PriceValue = z.infer<typeof priceValueSchema>;

export const variantSummarySchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  cnk_code: z.string().nullable(),
  stock_state: stockStateSchema,
  main: z.boolean(),
  price: priceValueSchema.nullable(),
});
export type VariantSummary = z.infer<typeof variantSummarySchema>;

/** One search hit = one model (collapse by url_key), with up to 100 variants. */
export const productHitSchema = z.object({
  id: z.number().int(),
  url_key: z.string(),
  name: z.string(),
  family: familySchema,
  brand: z.string().nullable(),
  manufacturer: z.string().nullable(),
  active_principles: z.array(z.string()),
  species: z.array(z.string()),
  /** Pharmaceutical form in the request's language (data/vocabulary), or the source's wording. */
  presentation: z.string().nullable(),
  /** Controlled pharmaceutical-form code (data/vocabulary/edqm-standard-terms.csv), web label `forms.<code>`. */
  form: z.string().nullable(),
  short_description: z.string().nullable(),
  variant_count: z.number().int(),
  variants: z.array(variantSummarySchema),
  /** Price of the main (or cheapest) variant for the caller's price list. */
  price: priceValueSchema.nullable(),
  stock_state: stockStateSchema,
  has_discount: z.boolean(),
  /** The main picture (first by sequence; docs/decisions/product-pictures.md), null when there is none. */
  image: catalogImageSchema.nullable(),
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const facetBucketSchema = z.object({
  value: z.string(),
  label: z.string().nullable(),
  count: z.number().int(),
});
export type FacetBucket = z.infer<typeof facetBucketSchema>;

export const searchResultSchema = z.object({
  /** Number of models (not variants) matching. */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  hits: z.array(productHitSchema),
  /** Disjunctive facet counts: each facet is counted over all the other active filters. */
  facets: z.record(z.string(), z.array(facetBucketSchema)),
  /**
   * Asked with `facet_values` only: each term facet's number of values before the cut, so that a
   * listing can say how many it does not list (docs/decisions/listing-facet-values.md).
   */
  facet_sizes: z.record(z.string(), z.number().int()).optional(),
  /** "Did you mean" (within 1 edit per word), when the query had few or no hits. */
  suggestion: z.string().nullable(),
  /**
   * Hits the signed-in customer may not order: product id → reason code
   * (docs/decisions/regulated-products.md). Absent for guests and staff.
   */
  restrictions: z.record(z.string(), z.enum(RESTRICTION_REASONS)).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const autocompleteQuerySchema = z
  .object({
    lang: localeSchema.default(DEFAULT_LOCALE),
    q: z.string().max(SEARCH_QUERY_MAX),
    size: z.coerce.number().int().min(1).max(20).default(8),
  })
  .strict();
export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>;

export const autocompleteResultSchema = z.object({
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url_key: z.string(),
      active_principles: z.array(z.string()),
      family: familySchema,
    }),
  ),
  /** Matching categories; `parents`: the names of its parent categories, root first, to tell apart two of one name. */
  categories: z.array(
    z.object({ id: z.number().int(), name: z.string(), url_key: z.string(), parents: z.array(z.string()) }),
  ),
  suggestion: z.string().nullable(),
});
export type AutocompleteResult = z.infer<typeof autocompleteResultSchema>;

export const tierSchema = z.object({
  price: z.number(),
  min_quantity: z.number().int(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
});
export const discountSchema = z.object({
  /** Percent. */
  discount: z.number(),
  min_quantity: z.number().int(),
  exclusive: z.boolean(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
});
export const promotionSchema = z.object({
  kind: z.string(),
  /** Percent for supplier discounts, null for quantity promotions. */
  discount: z.number().nullable(),
  main_quantity: z.number().int().nullable(),
  promo_quantity: z.number().int().nullable(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
});

/** Full pricing of one variant for the caller's price list (docs/product/prices.md#pricing, docs/product/constants.md#pricing). */
export const variantPricingSchema = z.object({
  price_list: z.string(),
  /** Gross price = tier with min quantity ≤ 1 (EUR excl. VAT). */
  gross: z.number().nullable(),
  /** Net price excl. tax. */
  net: z.number().nullable(),
  indicated: z.number().nullable(),
  tax_rate: z.number(),
  tiers: z.array(tierSchema),
  /**
   * What a cart pays per unit from each quantity break (docs/decisions/price-tier-table.md): for
   * each minimum quantity of a valid tier (0 read as 1), ascending, the gross tier that quantity
   * gets and the net after the discounts it reaches and the user's price terms (EUR excl. VAT); a
   * break at the net of the one before is left out. Empty when unpriced.
   */
  quantity_prices: z.array(z.object({ min_quantity: z.number().int(), gross: z.number(), net: z.number() })),
  volume_discounts: z.array(discountSchema),
  /** The active promotion or supplier discount, with its end date. */
  promotion: promotionSchema.nullable(),
});
export type VariantPricing = z.infer<typeof variantPricingSchema>;

export const variantDetailSchema = variantSummarySchema.extend({
  pricing: variantPricingSchema,
  attributes: z.record(z.string(), z.string()),
  made_to_order: z.boolean(),
  units_per_pack: z.number().int().nullable(),
});
export type VariantDetail = z.infer<typeof variantDetailSchema>;

export const categoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  level: z.number().int(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/**
 * Regulatory data of a product (docs/decisions/regulated-products.md): legal category from the
 * flags, AMCRA class, storage temperature, CTI (customs tariff) code, packagings, units per shrink
 * wrap and the best-before date (ISO) of the first batch.
 */
export const regulatoryDataSchema = z.object({
  legal_class: z.enum(LEGAL_CLASSES).nullable(),
  amcra_class: z.string().nullable(),
  storage_temperature: z.string().nullable(),
  cti_code: z.string().nullable(),
  packagings: z.array(z.string()),
  units_per_shrink_wrap: z.number().int().nullable(),
  first_batch_best_before: z.string().nullable(),
});
export type RegulatoryData = z.infer<typeof regulatoryDataSchema>;

/** Product page data (docs/product/catalogue-and-search.md#product). */
export const productDetailSchema = z.object({
  id: z.number().int(),
  lang: localeSchema,
  name: z.string(),
  short_name: z.string().nullable(),
  model_name: z.string(),
  url_key: z.string(),
  /** Url key per locale (hreflang alternates, locale switch). */
  url_keys: z.record(z.string(), z.string()),
  family: familySchema,
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  seo_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string().nullable(),
  brand: z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable() }).nullable(),
  manufacturer: z.string().nullable(),
  active_principles: z.array(z.string()),
  species: z.array(z.string()),
  administration_routes: z.array(z.string()),
  /** Pharmaceutical form in the request's language (data/vocabulary), or the source's wording. */
  presentation: z.string().nullable(),
  /** Controlled pharmaceutical-form code (data/vocabulary/edqm-standard-terms.csv), web label `forms.<code>`. */
  form: z.string().nullable(),
  amm_code: z.string().nullable(),
  atcvet: z.string().nullable(),
  legal_category: z.string().nullable(),
  therapeutic_group: z.string().nullable(),
  flags: z.record(z.string(), z.boolean()),
  categories: z.array(categoryRefSchema),
  medias: z.array(
    z.object({
      lang: z.string(),
      name: z.string(),
      sequence: z.number().int(),
      type: z.string(),
      url: z.string(),
    }),
  ),
  sources: z.array(z.string()),
  generated: z.boolean(),
  variants: z.array(variantDetailSchema),
  /** Pictures in gallery order (the first is the main one); empty when the product has none. */
  images: z.array(catalogImageSchema),
  /**
   * Why the signed-in customer may not order this product (docs/decisions/regulated-products.md);
   * null when allowed, absent for guests and staff.
   */
  restriction: z.enum(RESTRICTION_REASONS).nullable().optional(),
  /** Regulatory data of the product page; every field null / empty when unknown. */
  regulatory: regulatoryDataSchema.optional(),
  /**
   * Veterinary groups the product is restricted to (its badges: name, color) and the discount (%)
   * their members get on it, 0 when none (docs/decisions/price-terms.md).
   */
  vet_groups: z
    .array(z.object({ id: z.number().int(), name: z.string(), color: z.string(), discount: z.number() }))
    .optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Category page data (docs/product/catalogue-and-search.md#category). */
export const categoryDetailSchema = z.object({
  id: z.number().int(),
  lang: localeSchema,
  name: z.string(),
  subtitle: z.string().nullable(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  seo_title: z.string(),
  meta_description: z.string(),
  url_key: z.string(),
  url_keys: z.record(z.string(), z.string()),
  level: z.number().int(),
  family: familySchema,
  children: z.array(
    z.object({ id: z.number().int(), name: z.string(), url_key: z.string(), sequence: z.number().int() }),
  ),
  /** Parent chain from the root down to the direct parent. */
  parents: z.array(categoryRefSchema),
  /** Pictures in gallery order; empty when the category has none. */
  images: z.array(catalogImageSchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url_key: z.string(),
    family: familySchema,
    sequence: z.number().int(),
    children: z.array(categoryTreeNodeSchema),
  }),
);
export type CategoryTreeNode = {
  id: number;
  name: string;
  url_key: string;
  family: Family;
  sequence: number;
  children: CategoryTreeNode[];
};

/** GET /catalog/resolve/{url_key}?lang: what a /{lang}/{urlKey} path points to. */
export const resolveResultSchema = z.object({
  kind: z.enum(['product', 'category']),
  id: z.number().int(),
  /** Canonical url key in the requested locale. */
  url_key: z.string(),
  /** True when the requested key was a redirect url key (or another locale's key). */
  redirected: z.boolean(),
});
export type ResolveResult = z.infer<typeof resolveResultSchema>;

/** GET /catalog/sitemap: every category and product with its url key per locale. */
export const sitemapSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), url_keys: z.record(z.string(), z.string()) })),
  products: z.array(
    z.object({ id: z.number().int(), url_keys: z.record(z.string(), z.string()), updated_at: z.string() }),
  ),
});
export type Sitemap = z.infer<typeof sitemapSchema>;

/** RFC 9457 problem details, with a stable `code` the web maps to a message (docs/product/errors.md). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  /** Field errors of a 400 (`field` path and a stable `code`, see contracts/account.ts). */
  errors: z.array(z.object({ field: z.string(), code: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** A veterinary group (docs/product/catalogue-and-search.md#product veterinary groups: id, name, color, sequence). */
export const vetGroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  sequence: z.number().int(),
});
export type VetGroup = z.infer<typeof vetGroupSchema>;
/** GET /veterinary_groups (docs/product/catalogue-and-search.md): `data` sorted by sequence. */
export const vetGroupListSchema = z.object({ data: z.array(vetGroupSchema) });
export type VetGroupList = z.infer<typeof vetGroupListSchema>;
