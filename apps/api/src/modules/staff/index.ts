/**
 * Public surface of the staff module: the back office home, order list and catalogue import
 * runs (`import_runs`). Other modules import only this file.
 *
 * - Search helpers: `likePattern` (service.ts).
 * - Catalogue import options: `CatalogImportOptions` (import.ts).
 */
export { likePattern } from './service.ts';
export type { CatalogImportOptions } from './import.ts';
