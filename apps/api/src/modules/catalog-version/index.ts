/**
 * Public surface of the catalog-version module: the `catalog_version` row bumped by triggers
 * (0030_catalog_version.sql). Other modules import only this file.
 *
 * - Current version: `readCatalogVersion` (routes.ts).
 */
export { readCatalogVersion } from './routes.ts';
