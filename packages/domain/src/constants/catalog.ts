/**
 * Constants of the catalogue contracts (locales, stock states, families, price lists, sorts,
 * facets, search limits) without zod, so browser code can import them without shipping the
 * contracts (docs/decisions/web-page-performance.md, "Browser bundle"). The zod enums of
 * contracts/catalog.ts are built from these tuples.
 */
/** Interface locales. */
export const LOCALES = ['fr', 'nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Default locale (fr-FR → "fr"). */
export const DEFAULT_LOCALE: Locale = 'fr';

/** Stock states. Only the first two count as "in stock" in searches. */
export const STOCK_STATES = [
  'in_stock',
  'in_limited_stock',
  'resupplying',
  'out_of_stock',
  'supplier_out_of_stock',
] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const IN_STOCK_STATES: readonly StockState[] = ['in_stock', 'in_limited_stock'];

export const FAMILIES = ['meds', 'food', 'equipment'] as const;
export type Family = (typeof FAMILIES)[number];

/** Price lists per role. `default` applies to guests. */
export const PRICE_LISTS = [
  'default',
  'veterinary',
  'nurse',
  'student',
  'pharmacist',
  'supplier',
  'wholesaler',
] as const;
export type PriceListCode = (typeof PRICE_LISTS)[number];

/** Sort options. `price_*` is the indicated price, `net_price_*` the net price excl. tax. */
export const SORTS = [
  'relevance',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'net_price_asc',
  'net_price_desc',
] as const;
export type Sort = (typeof SORTS)[number];

/**
 * Multi-valued facet filters. Values are codes (species, routes) or
 * source values (active principle, brand name, manufacturer...). Query string: repeat the key.
 */
export const TERM_FACETS = [
  'species',
  'administration_route',
  'active_principle',
  'brand',
  'manufacturer',
  'presentation',
  'animal_size',
  'age',
  'food_range',
  'indication',
  'colour',
  'size',
  'vet_group',
  'category',
  'family',
] as const;
export type TermFacet = (typeof TERM_FACETS)[number];
/** Boolean facets: in stock (in_stock or in_limited_stock), discount, discount ending this month. */
export const FLAG_FACETS = ['in_stock', 'discount', 'discount_ending'] as const;
export type FlagFacet = (typeof FLAG_FACETS)[number];

/** Search limits: a query longer than this is refused with 400 (code `query_too_long`). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_MAX = 1000;
export const SEARCH_PER_PAGE_MAX = 100;
export const SEARCH_PER_PAGE_DEFAULT = 24;
/**
 * Facet values per facet in a search answer (docs/product/constants.md#search-and-list-sizes: up to
 * 1000 terms per axis); a caller may ask fewer with `facet_values` (docs/decisions/listing-facet-values.md).
 */
export const SEARCH_FACET_VALUES_MAX = 1000;
/** Up to 100 variants per hit. */
export const VARIANTS_PER_HIT_MAX = 100;
