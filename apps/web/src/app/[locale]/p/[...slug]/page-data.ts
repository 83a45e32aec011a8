/**
 * Data of the product page /{lang}/p/{slug...} (docs/product/catalogue-and-search.md#screens;
 * docs/product/catalogue-and-search.md#variants). Server only: the product comes from GET
 * /catalog/products/by-url-key/{key} through catalogApi.productByUrlKey (lib/api/client.ts
 * `apiGet`: the request's cookies, the catalogue-version header, 60 s data cache for guests only),
 * parsed into the domain's `ProductPage`: the product with its links and a signed-in customer's
 * consumption, in one answer.
 */
import { cache } from 'react';
import type { Locale, ProductDetail, ProductPage, VariantDetail } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';

/** The url key a request names: the decoded `slug` segments joined with `/` (`['a%20b']` → `a b`). */
export function requestedKey(slug: string[]): string {
  return slug.map((s) => decodeURIComponent(s)).join('/');
}

/**
 * The product of `urlKey` in `locale` (catalogApi.productByUrlKey), asked once per request:
 * generateMetadata and the page share the answer (React `cache`), so a signed-in customer's page
 * (never in the data cache: its price list) costs one api call and one contract parse, not two.
 * Errors: those of catalogApi.productByUrlKey (ApiError; 404 → notFound()).
 */
export const productOfRequest = cache((locale: Locale, urlKey: string): Promise<ProductPage> =>
  catalogApi.productByUrlKey(locale, urlKey),
);

/**
 * The variant named by `?variant=<id>` (docs/decisions/variant-choice.md), else the main one, else
 * the first; undefined for a product without variants.
 */
export function selectVariant(
  product: ProductDetail,
  variantParam: string | string[] | undefined,
): VariantDetail | undefined {
  const wanted = Number(Array.isArray(variantParam) ? variantParam[0] : variantParam);
  return (
    product.variants.find((v) => v.id === wanted) ??
    product.variants.find((v) => v.main) ??
    product.variants[0]
  );
}
