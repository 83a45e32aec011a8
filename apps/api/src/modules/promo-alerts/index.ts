/**
 * Public surface of the promo-alerts module: promo-end alert subscriptions (`promo_subscriptions`).
 * Other modules import only this file.
 *
 * - The product page's toggles: `subscribedVariantsSql`, `subscribedIn` (service.ts), read beside
 *   the product in GET /catalog/products/by-url-key (docs/decisions/web-page-performance.md,
 *   "Promo-end alert state in the product answer").
 */
export { subscribedIn, subscribedVariantsSql } from './service.ts';
