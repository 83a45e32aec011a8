/**
 * Regulated products in the catalogue answers (docs/decisions/regulated-products.md): the product
 * page (whose regulatory data catalog/service.ts `getProduct` reads) gets, for a signed-in
 * customer, the reason it may not be ordered;
 * a search answer gets the reasons of its hits. Guests and staff get no reason (guests cannot
 * order; staff do not order).
 */
import type { FastifyRequest } from 'fastify';
import type { ProductDetail, RestrictionReason } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { restrictionsOfProducts } from './service.ts';

/** The signed-in customer's id, null for guests and staff. */
export function viewerCustomerId(request: FastifyRequest): number | null {
  return request.auth?.customer?.id ?? null;
}

/**
 * `product` (with its regulatory data, read by catalog/service.ts `getProduct`) and, for a
 * signed-in customer, `restriction` (reason or null). `lookups` runs the customer's restriction
 * facts, a key lookup read on every signed-in product page: the routes pass their generic-plan
 * connections (db/client.ts `Database.genericPlans`), so PostgreSQL does not plan it again on every
 * page (docs/decisions/web-page-performance.md, "Signed-in product page: fewer api calls, key
 * lookups on generic plans").
 */
export async function withRegulated(
  request: FastifyRequest,
  product: ProductDetail,
  lookups: Db,
): Promise<ProductDetail> {
  const customerId = viewerCustomerId(request);
  if (customerId === null) return product;
  const restricted = await restrictionsOfProducts(lookups, customerId, [product.id]);
  // In the schema's order (images, restriction, regulatory, vet_groups): the product answer is sent
  // as built (http/answers.ts), so its JSON is the text zod's encode gave.
  const { regulatory, vet_groups: vetGroups, ...rest } = product;
  return {
    ...rest,
    restriction: restricted.get(product.id) ?? null,
    ...(regulatory !== undefined ? { regulatory } : {}),
    ...(vetGroups !== undefined ? { vet_groups: vetGroups } : {}),
  };
}

/**
 * The `restrictions` member of a search answer for the signed-in customer `customerId`: {product
 * id: reason} of the hits (model ids `productIds`) it may not order; null when none is restricted.
 */
export async function searchRestrictionsOf(
  db: Db,
  customerId: number,
  productIds: readonly number[],
): Promise<Record<string, RestrictionReason> | null> {
  const restricted = await restrictionsOfProducts(db, customerId, productIds);
  return restricted.size === 0 ? null : Object.fromEntries(restricted);
}
