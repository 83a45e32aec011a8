/**
 * Public surface of the catalog module: products, variants, categories, prices and the search
 * tables (`products`, `product_variants`, `categories`, `search_documents`, `search_words`,
 * `product_summaries`). Other modules import only this file.
 *
 * - Who sees what: `viewerOf`, `visibleTo` (`visibleToGroups`), `priceListIdOf`, `GUEST`, `Viewer` (viewer.ts).
 * - Viewer prices: `withViewerTerms` (viewer-prices.ts); price rows: `DiscountRow`, `TierRow` (price-rows.ts);
 *   the unit price of a quantity: `pricesFrom` (quantity-prices.ts).
 * - Answers kept by catalogue version: `cachedJson`, `resultCacheKey`, `currentCatalogVersion` (result-cache.ts).
 * - Search helpers: `monthWindow` (search-query.ts), `priceValueOf` (search-hits.ts), through search.ts.
 * - Search index: `rebuildSearchIndex`, `refreshSearchPopularity`, `clearFacetCache` (search-index.ts).
 * - Primed guest browse facets: `startBrowseFacetPrimer`, `browseFacetsPrimed` (browse-facets.ts).
 * - A variant's name in the reader's language: `variantNameIn`; staff searches by name or code:
 *   `folded`, `foldedLike`, `foldedPattern`, `productsNamedLike`, `variantTextLike` (variant-name.ts).
 * - The autocomplete's search rows in memory, loaded at start: `startAutocompleteIndexLoad`
 *   (autocomplete-index.ts).
 * - Variants found by SKU, CNK or GTIN: `variantsByCode` (variant-codes.ts).
 */
export { GUEST, priceListIdOf, viewerOf, visibleTo, visibleToGroups, type Viewer } from './viewer.ts';
export { withViewerTerms } from './viewer-prices.ts';
export { cachedJson, currentCatalogVersion, resultCacheKey } from './result-cache.ts';
export type { DiscountRow, TierRow } from './price-rows.ts';
export {
  pricesFrom,
  type PriceInputs,
  type PriceOf,
  type TermRow,
  type UnitPrice,
} from './quantity-prices.ts';
export { codeCandidates, codeOf, likeEscape, monthWindow, priceValueOf } from './search.ts';
export { clearFacetCache, rebuildSearchIndex, refreshSearchPopularity } from './search-index.ts';
export { browseFacetsPrimed, startBrowseFacetPrimer } from './browse-facets.ts';
export { startAutocompleteIndexLoad } from './autocomplete-index.ts';
export {
  folded,
  foldedLike,
  foldedPattern,
  localizedNameIn,
  productsNamedLike,
  variantNameIn,
  variantTextLike,
} from './variant-name.ts';
export { variantsByCode, type CodedVariant, type VariantCodeKind } from './variant-codes.ts';
