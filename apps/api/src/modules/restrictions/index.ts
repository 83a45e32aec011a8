/**
 * Public surface of the restrictions module: restricted products, exceptions and product links
 * (`restriction_exceptions`, `product_links`). Other modules import only this file.
 *
 * - Restriction checks: `restrictionsOfVariants`, `customerFactsSql`, `productFactsSql`,
 *   `reasonOfFacts`, `restrictedProblem`, `restrictionDetail`, `isRestrictionReason` (service.ts).
 * - Restrictions in catalogue answers: `searchRestrictionsOf`, `withRegulated`, `viewerCustomerId` (catalog.ts).
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
export { searchRestrictionsOf, viewerCustomerId, withRegulated } from './catalog.ts';
export { consumptionOf, productLinksOf } from './staff.ts';
