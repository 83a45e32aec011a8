/**
 * Regulated products in the catalogue answers (docs/decisions/regulated-products.md): the product
 * page (whose regulatory data catalog/service.ts `getProduct` reads) gets, for a signed-in
 * customer, the reason it may not be ordered, with the customer's other parts of the page
 * (`customerPartsOfProduct`); a search answer gets the reasons of its hits. Guests and staff get
 * no reason (guests cannot order; staff do not order).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Consumption, ProductDetail, RestrictionReason } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { executeNamed } from '../../db/statements.ts';
import { subscribedIn, subscribedVariantsSql } from '../promo-alerts/index.ts';
import { customerFactsSql, productFactsSql, reasonOfFacts, restrictionsOfProducts } from './service.ts';
import { consumptionFrom, consumptionTotalSql } from './staff.ts';

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
  return withRestriction(product, restricted.get(product.id) ?? null);
}

/**
 * `product` with `restriction` (the signed-in customer's reason, or null), in the schema's order
 * (images, restriction, regulatory, vet_groups): the product answer is sent as built
 * (http/answers.ts), so its JSON is the text zod's encode gave.
 */
export function withRestriction(
  product: ProductDetail,
  restriction: RestrictionReason | null,
): ProductDetail {
  const { regulatory, vet_groups: vetGroups, ...rest } = product;
  return {
    ...rest,
    restriction,
    ...(regulatory !== undefined ? { regulatory } : {}),
    ...(vetGroups !== undefined ? { vet_groups: vetGroups } : {}),
  };
}

/** The parts of a product page that are the signed-in customer's own (`customerPartsOfProduct`). */
export interface CustomerParts {
  /** Why the customer may not order the product, null when allowed. */
  restriction: RestrictionReason | null;
  /** The customer's consumption of the product (restrictions/staff.ts `consumptionOf`). */
  consumption: Consumption;
  /** The product's variants with a promo-end alert of `userId`, in the product's order; null without a user. */
  promoSubscriptions: number[] | null;
}

/**
 * The signed-in customer's parts of product `product`'s page in ONE named statement on `lookups`
 * (the routes' generic-plan connections): the restriction reason (the facts of
 * `restrictionsOfProducts`), the consumption of the last 12 months (`consumptionTotalSql`) and the
 * user's promo-end alerts among the product's variants (promo-alerts `subscribedVariantsSql`);
 * three statements before, each paying a round trip (docs/decisions/web-page-performance.md, "The
 * customer's parts of a product page in one statement").
 */
export async function customerPartsOfProduct(
  lookups: Db,
  customerId: number,
  userId: number | null,
  product: ProductDetail,
): Promise<CustomerParts> {
  const variantIds = product.variants.map((v) => v.id);
  const r = await executeNamed<{
    facts: string;
    customer: string | null;
    consumption: number | string;
    subscribed: (number | string)[] | null;
  }>(
    lookups,
    sql`
    SELECT ${productFactsSql(customerId, sql`p`)} AS facts, ${customerFactsSql(customerId)} AS customer,
           ${consumptionTotalSql(customerId, sql`p.id`)} AS consumption,
           ${userId === null ? sql`NULL::int[]` : subscribedVariantsSql(userId, variantIds)} AS subscribed
    FROM products p WHERE p.id = ${product.id}`,
  );
  const row = r.rows[0];
  return {
    restriction: row?.customer ? reasonOfFacts(row.facts, row.customer) : null,
    consumption: consumptionFrom(row?.consumption),
    promoSubscriptions: userId === null ? null : subscribedIn(variantIds, row?.subscribed ?? []),
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
