/**
 * Public surface of the restrictions module: restricted products, exceptions and product links
 * (`restriction_exceptions`, `product_links`). Other modules import only this file.
 *
 * - Restriction checks: `restrictionsOfVariants`, `customerFactsSql`, `productFactsSql`,
 *   `reasonOfFacts`, `restrictedProblem`, `restrictionDetail`, `isRestrictionReason` (service.ts).
 * - Restrictions in catalogue answers: `searchRestrictionsOf`, `withRegulated`, `withRestriction`,
 *   `viewerCustomerId`, and a signed-in customer's parts of a product page `customerPartsOfProduct` (catalog.ts).
 * - The product page's links and the customer's consumption: `productLinksOf`, `consumptionOf` (staff.ts).
 */
export {
  customerFactsSql,
  isRestrictionReason,
  productFactsSql,
  reasonOfFacts,
  restrictedProblem,
  restrictionDetail,
  restrictionsOfVariants,
} from './service.ts';
export {
  customerPartsOfProduct,
  searchRestrictionsOf,
  viewerCustomerId,
  withRegulated,
  withRestriction,
} from './catalog.ts';
export { consumptionOf, productLinksOf } from './staff.ts';
