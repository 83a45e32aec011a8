/**
 * Public surface of the catalog-import module: the production catalogue import (docs/decisions/catalogue-merge.md,
 * docs/decisions/catalogue-vocabulary.md), run at start (main.ts), by `npm run import` (seed/cli.ts), by staff
 * (staff/import.ts, docs/decisions/staff-catalog-import.md) and by the benchmarks. Other modules,
 * the demo seed and bench/ import only this file.
 *
 * - Import the data/catalogue files: `importCatalogue`, `ensureCatalogue`, `ImportReport`,
 *   `ImportOptions`, `DEFAULT_CATALOGUE_DIR` (import.ts).
 * - Stored prices of a day: `refreshPricesIfStale` (import.ts), `refreshVariantPrices`,
 *   `refreshProductSummariesIn` (prices.ts).
 * - Controlled vocabulary read by the catalogue: `presentationOf`, `formTermsByLocale` (vocabulary.ts).
 * - Deterministic randomness shared with the demo history: `rngFor`, `Rng` (random.ts).
 * - The filter key of an active substance's wording: `substanceFacetKey` (substances.ts); a
 *   substance word as the sources' languages share it: `withoutFinalE` (sources.ts).
 */
export {
  DEFAULT_CATALOGUE_DIR,
  IMPORT_VERSION,
  ensureCatalogue,
  importCatalogue,
  refreshPricesIfStale,
  type ImportOptions,
  type ImportReport,
} from './import.ts';
export { refreshProductSummariesIn, refreshVariantPrices } from './prices.ts';
export { formTermsByLocale, presentationOf } from './vocabulary.ts';
export { rngFor, type Rng } from './random.ts';
export { substanceFacetKey } from './substances.ts';
export { withoutFinalE } from './sources.ts';
