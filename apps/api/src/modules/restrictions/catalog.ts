/**
 * Regulated products in the catalogue answers (docs/decisions/regulated-products.md): the product
 * page gets its regulatory data and, for a signed-in customer, the reason it may not be ordered;
 * a search answer gets the reasons of its hits. Guests and staff get no reason (guests cannot
 * order; staff do not order).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { legalClass, type ProductDetail, type RegulatoryData, type RestrictionReason } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { restrictionsOfProducts } from './service.ts';

/** The signed-in customer's id, null for guests and staff. */
export function viewerCustomerId(request: FastifyRequest): number | null {
  return request.auth?.customer?.id ?? null;
}

/** Regulatory data of product `productId` (null when the product does not exist). */
export async function regulatoryDataOf(db: Db, productId: number): Promise<RegulatoryData | null> {
  const r = await db.execute<{
    flags: Record<string, boolean> | null;
    amcra_class: string | null;
    storage_temperature: string | null;
    cti_code: string | null;
    packagings: string[] | null;
    units_per_shrink_wrap: number | null;
    best_before: string | null;
  }>(sql`
    SELECT flags, amcra_class, storage_temperature, cti_code, packagings, units_per_shrink_wrap,
           first_batch_best_before::text AS best_before
    FROM products WHERE id = ${productId}`);
  const p = r.rows[0];
  if (!p) return null;
  return {
    legal_class: legalClass(p.flags ?? {}),
    amcra_class: p.amcra_class,
    storage_temperature: p.storage_temperature,
    cti_code: p.cti_code,
    packagings: p.packagings ?? [],
    units_per_shrink_wrap: p.units_per_shrink_wrap === null ? null : Number(p.units_per_shrink_wrap),
    first_batch_best_before: p.best_before,
  };
}

/**
 * `product` with its regulatory data and, for a signed-in customer, `restriction` (reason or null).
 * `lookups` runs the customer's restriction facts, a key lookup read on every signed-in product
 * page: the routes pass their generic-plan connections (db/client.ts `Database.genericPlans`), so
 * PostgreSQL does not plan it again on every page (docs/decisions/web-page-performance.md,
 * "Signed-in product page: fewer api calls, key lookups on generic plans"); `db` by default.
 */
export async function withRegulated(
  db: Db,
  request: FastifyRequest,
  product: ProductDetail,
  lookups: Db = db,
): Promise<ProductDetail> {
  const customerId = viewerCustomerId(request);
  const [regulatory, restricted] = await Promise.all([
    regulatoryDataOf(db, product.id),
    customerId === null ? null : restrictionsOfProducts(lookups, customerId, [product.id]),
  ]);
  // In the schema's order (images, restriction, regulatory, vet_groups): the product answer is sent
  // as built (http/answers.ts), so its JSON is the text zod's encode gave.
  const { vet_groups: vetGroups, ...rest } = product;
  return {
    ...rest,
    ...(restricted ? { restriction: restricted.get(product.id) ?? null } : {}),
    ...(regulatory ? { regulatory } : {}),
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
