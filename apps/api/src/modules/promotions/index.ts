/**
 * Public surface of the promotions module: the staff selection (`selection_items`) and the
 * promotions read from specials and supplier terms. Other modules import only this file.
 *
 * - Promotion rows: `promotionRows`, `promotionTermsOf`, `supplierKindsFor`, `PRODUCT_COLUMNS`,
 *   `productJoins`, `ProductRow`, `PromotionRow`, `PromoViewer` (service.ts).
 * - Viewer of a request: `promoViewerOf` (routes.ts).
 * - Default selection: `seedSelection` (selection.ts).
 */
export {
  PRODUCT_COLUMNS,
  productJoins,
  promotionRows,
  promotionTermsOf,
  supplierKindsFor,
  type ProductRow,
  type PromotionRow,
  type PromoViewer,
} from './service.ts';
export { promoViewerOf } from './routes.ts';
export { seedSelection } from './selection.ts';
