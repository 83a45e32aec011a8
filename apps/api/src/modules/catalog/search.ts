/**
 * Product search and autocomplete (docs/product/catalogue-and-search.md#search-index,
 * docs/decisions/search-ranking.md, docs/decisions/search-performance.md), re-exported for the
 * files that import them from here (index.ts, routes.ts, service.ts, viewer-prices.ts, the api
 * tests, fixtures and bench/search-compare.ts). The code lives in:
 *
 * - search-query.ts: query words and tsquery text, exact codes, LIKE escaping, the month window;
 * - search-products.ts: the matching set and ranking SQL, sorts, `searchProducts`;
 * - search-facets.ts: disjunctive facet conditions and counts, the facet cache key;
 * - search-hits.ts: hit and variant rows, priced variants, `variantSummaryOf`, `priceValueOf`;
 * - search-suggest.ts: "did you mean" (`didYouMean`, `editDistance`);
 * - autocomplete.ts: `autocomplete` and its ordering helpers.
 */
export { codeCandidates, codeOf, likeEscape, monthWindow, queryWords, tsqueryText } from './search-query.ts';
export { DESCRIPTION_FACTOR, RANK_WEIGHTS, searchProducts } from './search-products.ts';
export { priceValueOf, variantSummaryOf, type PricedVariantRow } from './search-hits.ts';
export { didYouMean, editDistance } from './search-suggest.ts';
export {
  autocomplete,
  firstMatchesInChunks,
  orderByOther,
  otherDecimalMark,
  prefixUpperBound,
} from './autocomplete.ts';
