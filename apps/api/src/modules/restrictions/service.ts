/**
 * Regulated products for one customer (docs/decisions/regulated-products.md): the facts the domain
 * rule `restrictionReason` reads — the product's flags and allowed partner types, the customer's
 * function, depot and APB numbers, the delivery country, and a staff exception — read in SQL and
 * judged by the rule. Used by the catalogue (reason per product for the signed-in customer), the
 * cart sync (refused transactions) and the confirm (rights re-checked).
 */
import { sql, type SQL } from 'drizzle-orm';
import { RESTRICTION_REASONS, restrictionReason, type Locale, type RestrictionReason } from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { executeNamed } from '../../db/statements.ts';
import { ApiError } from '../../errors.ts';
import { variantNameIn } from '../catalog/index.ts';

/** Customer facts of the rule, as read by `customerFactsSql`. */
export interface CustomerFacts {
  function: string;
  depot: string | null;
  apb: string | null;
  country: string | null;
}

/** Product facts of the rule, as read by `productFactsSql`. */
export interface ProductFacts {
  flags: Record<string, boolean> | null;
  partners: string[] | null;
  exception: boolean;
}

/**
 * SQL text (json) of the customer facts of `customerId`: function, depot and APB numbers, and the
 * delivery country — of the pickup point `pickupSiteId` when the order goes to one (a carrier's
 * public point may be abroad, docs/decisions/cart-delivery-calls.md), else of `deliveryAddressId`
 * when given, else of the open cart's delivery address, else of the main invoicing address (the
 * address a new cart starts with).
 */
export function customerFactsSql(
  customerId: number,
  deliveryAddressId?: number | null,
  pickupSiteId?: number | null,
): SQL {
  const address =
    deliveryAddressId != null
      ? sql`(SELECT a.country_code FROM addresses a WHERE a.id = ${deliveryAddressId})`
      : sql`coalesce(
          (SELECT a.country_code FROM carts k JOIN addresses a ON a.id = k.delivery_address_id
           WHERE k.customer_id = c.id AND k.state = 'open' LIMIT 1),
          (SELECT a.country_code FROM addresses a WHERE a.customer_id = c.id AND a.deleted_at IS NULL
           ORDER BY (a.type = 'invoicing') DESC, a.is_main DESC, a.id LIMIT 1))`;
  const country =
    pickupSiteId != null
      ? sql`coalesce((SELECT ps.country_code FROM pickup_sites ps WHERE ps.id = ${pickupSiteId}), ${address})`
      : address;
  return sql`(SELECT json_build_object('function', c.function, 'depot', c.depot_number, 'apb', c.apb_number,
                                       'country', ${country})::text
              FROM customers c WHERE c.id = ${customerId})`;
}

/**
 * SQL text (json) of the facts of product `alias` (a `products` row) for `customerId`; without
 * `withExceptions` a staff exception is ignored (what the customer would be refused without it).
 */
export function productFactsSql(customerId: number, alias: SQL = sql`p`, withExceptions = true): SQL {
  const exception = withExceptions
    ? sql`EXISTS (SELECT 1 FROM restriction_exceptions e WHERE e.customer_id = ${customerId} AND e.product_id = ${alias}.id)`
    : sql`false`;
  return sql`json_build_object('flags', ${alias}.flags, 'partners', ${alias}.allowed_partner_types,
    'exception', ${exception})::text`;
}

/** The rule applied to facts read by the two SQL fragments above (JSON text). */
export function reasonOfFacts(
  productJson: string,
  customerJson: string | CustomerFacts,
): RestrictionReason | null {
  const product = JSON.parse(productJson) as ProductFacts;
  const customer =
    typeof customerJson === 'string' ? (JSON.parse(customerJson) as CustomerFacts) : customerJson;
  return restrictionReason(
    { flags: product.flags ?? {}, allowedPartnerTypes: product.partners ?? [] },
    {
      function: customer.function,
      depotNumber: customer.depot,
      apbNumber: customer.apb,
      deliveryCountry: customer.country,
      exception: product.exception,
    },
  );
}

/**
 * Reasons why `customerId` may not order the given products (model ids) — only the restricted
 * ones are in the map. The delivery country is that of customerFactsSql; `withExceptions` false
 * ignores staff exceptions.
 */
export async function restrictionsOfProducts(
  db: Db,
  customerId: number,
  productIds: readonly number[],
  withExceptions = true,
): Promise<Map<number, RestrictionReason>> {
  const out = new Map<number, RestrictionReason>();
  if (productIds.length === 0) return out;
  // Named (read on every signed-in product page; planning cost more than running it).
  const r = await executeNamed<{ id: number; facts: string; customer: string | null }>(
    db,
    sql`
    SELECT p.id, ${productFactsSql(customerId, sql`p`, withExceptions)} AS facts, ${customerFactsSql(customerId)} AS customer
    FROM products p WHERE p.id = ANY(${sql.param([...new Set(productIds)])}::int[])`,
  );
  for (const row of r.rows) {
    if (row.customer === null) continue;
    const reason = reasonOfFacts(row.facts, row.customer);
    if (reason) out.set(Number(row.id), reason);
  }
  return out;
}

/**
 * Same as `restrictionsOfProducts` keyed by variant id (what carts and orders call product_id);
 * `name` is the variant's name in `locale` (its stored name without one).
 */
export async function restrictionsOfVariants(
  conn: DbOrTx,
  customerId: number,
  variantIds: readonly number[],
  deliveryAddressId?: number | null,
  locale?: Locale,
  pickupSiteId?: number | null,
): Promise<Map<number, { reason: RestrictionReason; productId: number; name: string }>> {
  const out = new Map<number, { reason: RestrictionReason; productId: number; name: string }>();
  if (variantIds.length === 0) return out;
  // Named, as restrictionsOfProducts: the listings that add to the cart ask it on every page
  // (GET catalog/restrictions: promotions, selection, most ordered, standard orders, wishlists).
  const r = await executeNamed<{
    id: number;
    product_id: number;
    name: string;
    facts: string;
    customer: string | null;
  }>(
    conn,
    sql`
    SELECT v.id, p.id AS product_id, ${locale ? variantNameIn(sql`v`, locale) : sql`v.name`} AS name,
           ${productFactsSql(customerId)} AS facts,
           ${customerFactsSql(customerId, deliveryAddressId, pickupSiteId)} AS customer
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY(${sql.param([...new Set(variantIds)])}::int[])`,
  );
  for (const row of r.rows) {
    if (row.customer === null) continue;
    const reason = reasonOfFacts(row.facts, row.customer);
    if (reason) out.set(Number(row.id), { reason, productId: Number(row.product_id), name: row.name });
  }
  return out;
}

/** The explanation of each reason in the caller's language (problem `detail`, the web has its own texts). */
const DETAILS: Record<RestrictionReason, Record<Locale, string>> = {
  partner_type_not_allowed: {
    fr: 'Ce produit n’est pas vendu à votre type de client.',
    nl: 'Dit product wordt niet verkocht aan uw klanttype.',
    en: 'This product is not sold to your type of customer.',
  },
  belgium_only: {
    fr: 'Ce produit ne peut être livré qu’en Belgique.',
    nl: 'Dit product kan enkel in België geleverd worden.',
    en: 'This product can only be delivered in Belgium.',
  },
  student_no_medicines: {
    fr: 'Les étudiants ne peuvent pas commander de médicaments.',
    nl: 'Studenten kunnen geen geneesmiddelen bestellen.',
    en: 'Students cannot order medicines.',
  },
  narcotic_requires_depot: {
    fr: 'Les stupéfiants sont réservés aux vétérinaires disposant d’un numéro de dépôt.',
    nl: 'Verdovende middelen zijn voorbehouden aan dierenartsen met een depotnummer.',
    en: 'Narcotics are for veterinarians with a depot number only.',
  },
  psychotropic_requires_depot: {
    fr: 'Les psychotropes sont réservés aux vétérinaires disposant d’un numéro de dépôt.',
    nl: 'Psychotrope middelen zijn voorbehouden aan dierenartsen met een depotnummer.',
    en: 'Psychotropic medicines are for veterinarians with a depot number only.',
  },
  veterinary_only: {
    fr: 'Ce médicament est réservé aux vétérinaires.',
    nl: 'Dit geneesmiddel is voorbehouden aan dierenartsen.',
    en: 'This medicine is for veterinarians only.',
  },
  prescription_requires_depot: {
    fr: 'Les médicaments sur prescription demandent un numéro de dépôt vétérinaire.',
    nl: 'Voorschriftplichtige geneesmiddelen vereisen een depotnummer.',
    en: 'Prescription medicines need a veterinary depot number.',
  },
  prescription_requires_apb: {
    fr: 'Les médicaments sur prescription demandent un numéro APB.',
    nl: 'Voorschriftplichtige geneesmiddelen vereisen een APB-nummer.',
    en: 'Prescription medicines need an APB number.',
  },
  prescription_not_allowed: {
    fr: 'Votre type de client ne peut pas commander de médicaments sur prescription.',
    nl: 'Uw klanttype kan geen voorschriftplichtige geneesmiddelen bestellen.',
    en: 'Your type of customer cannot order prescription medicines.',
  },
};

/** The explanation of `reason` in `locale`. */
export function restrictionDetail(reason: RestrictionReason, locale: Locale): string {
  return DETAILS[reason][locale];
}

/** True for a known reason code (e.g. one read back from cart_transactions.refused_reason). */
export function isRestrictionReason(code: string): code is RestrictionReason {
  return (RESTRICTION_REASONS as readonly string[]).includes(code);
}

/**
 * 403 problem whose `code` is the reason (e.g. `prescription_requires_depot`) and whose detail,
 * in `locale`, names the product: the confirm of a cart holding a product the customer may no
 * longer order.
 */
export function restrictedProblem(reason: RestrictionReason, productName: string, locale: Locale): ApiError {
  return new ApiError(403, reason, 'Forbidden', `${productName}: ${restrictionDetail(reason, locale)}`);
}
