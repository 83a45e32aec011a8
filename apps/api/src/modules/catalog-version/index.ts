/**
 * Public surface of the catalog-version module: the `catalog_version` row bumped by triggers
 * (0030_catalog_version.sql). Other modules import only this file.
 *
 * - Current version: `readCatalogVersion`; with the search documents' version: `readVersions`
 *   (routes.ts).
 * - The clock's edges (a new day, a banner's or an ad's start or end): `watchTimeEdges`,
 *   `bumpOnTimeEdge` (time-edges.ts).
 */
export { readCatalogVersion, readVersions, type CatalogVersions } from './routes.ts';
export { bumpOnTimeEdge, watchTimeEdges, TIME_EDGE_CHECK_MS, type TimeEdgeReport } from './time-edges.ts';
