/**
 * Server-side half of the guest page cache's consistency rule (docs/decisions/guest-page-cache.md):
 * while the proxy renders a page to store under catalogue version V, the page's api fetches carry
 * `x-vetshop-catalog-version: V`. The web's shared answers (lib/api/transport.ts `getShared`) are
 * keyed by their headers too, so an answer kept for 60 s under an older version is never reused for
 * that render. The proxy sets the header
 * only on its own renders (checked with the per-process secret) and strips it from all others.
 */
import { headers } from 'next/headers';
import { CATALOG_VERSION_HEADER } from './rules';

/**
 * `{ 'x-vetshop-catalog-version': V }` during a render for the page cache, else `{}` (any other
 * request, or outside a request, e.g. sitemap generation at build time). Merge into a fetch's headers.
 */
export async function catalogVersionFetchHeaders(): Promise<Record<string, string>> {
  try {
    const version = (await headers()).get(CATALOG_VERSION_HEADER);
    return version && /^\d+$/.test(version) ? { [CATALOG_VERSION_HEADER]: version } : {};
  } catch {
    return {};
  }
}
