/**
 * Staff exceptions to the regulated-product rules, product links and the customer's consumption
 * (docs/decisions/regulated-products.md, docs/decisions/product-links.md). Plain queries; the
 * routes are in routes.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  Consumption,
  LinkedProduct,
  Locale,
  ProductByCode,
  ProductLinksPut,
  RestrictionCustomerView,
  RestrictionException,
} from '@vetshop/domain';
import type { Db, Queryable } from '../../db/client.ts';
import { ApiError, notFound } from '../../errors.ts';
import { executeNamed } from '../../db/statements.ts';
import { variantsByCode, visibleTo, type Viewer } from '../catalog/index.ts';
import { restrictionsOfProducts } from './service.ts';

/** SQL subquery: `columns` of the main variant `v` of product `p` (its first by sequence otherwise). */
const mainVariantOf = (
  columns: SQL,
) => sql`SELECT ${columns} FROM product_variants v WHERE v.product_id = p.id
  ORDER BY v.is_main DESC, v.sequence, v.id LIMIT 1`;

const CUSTOMER_COLUMNS = sql`c.id, c.number, c.name, c.function, c.depot_number, c.subscription_number, c.apb_number`;

/** Customers whose number or name contains `q` (case-insensitive), at most 10, by number. */
export async function findCustomers(db: Queryable, q: string): Promise<RestrictionCustomerView[]> {
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const r = await db.execute<RestrictionCustomerView>(sql`
    SELECT ${CUSTOMER_COLUMNS} FROM customers c
    WHERE c.number ILIKE ${like} OR c.name ILIKE ${like} ORDER BY c.number LIMIT 10`);
  return r.rows.map((c) => ({ ...c, id: Number(c.id) }));
}

/** The customer `id` (404 when unknown). */
export async function restrictionCustomer(db: Queryable, id: number): Promise<RestrictionCustomerView> {
  const r = await db.execute<RestrictionCustomerView>(
    sql`SELECT ${CUSTOMER_COLUMNS} FROM customers c WHERE c.id = ${id}`,
  );
  const c = r.rows[0];
  if (!c) throw notFound(`Customer ${id} not found.`);
  return { ...c, id: Number(c.id) };
}

/**
 * The product ids that `codes` name (SKU, then CNK, then GTIN: catalog/variant-codes.ts), every
 * product of the catalogue whatever its visibility. Throws 404 `unknown_product_code` naming the
 * field (`fieldOf(i)`) of each code that names no product.
 */
export async function productIdsByCode(
  db: Queryable,
  codes: readonly string[],
  fieldOf: (index: number) => string,
): Promise<number[]> {
  const lookup = await variantsByCode(db, codes);
  const ids = codes.map((code) => lookup(code)?.product_id);
  const unknown = ids.flatMap((id, i) => (id === undefined ? [i] : []));
  if (unknown.length > 0) throw unknownCodes(unknown.map((i) => [codes[i]!, fieldOf(i)]));
  return ids as number[];
}

/** 404 `unknown_product_code` for these [code, field] pairs, each field named in `errors`. */
function unknownCodes(pairs: [code: string, field: string][]): ApiError {
  return new ApiError(
    404,
    'unknown_product_code',
    'Not found',
    `No product has the code ${pairs.map(([code]) => `"${code}"`).join(', ')} (SKU, CNK or GTIN).`,
    pairs.map(([, field]) => ({ field, code: 'unknown_product_code' })),
  );
}

/**
 * The product `code` names (SKU, then CNK, then GTIN), named in `lang` (else its first
 * translation), with the matched variant's codes; 404 `unknown_product_code` (field `code`).
 */
export async function productByCode(db: Queryable, code: string, lang: Locale): Promise<ProductByCode> {
  const variant = (await variantsByCode(db, [code]))(code);
  if (!variant) throw unknownCodes([[code, 'code']]);
  const r = await db.execute<{ name: string; url_key: string }>(sql`
    SELECT coalesce(t.name, p.model_name) AS name, coalesce(t.url_key, '') AS url_key
    FROM products p LEFT JOIN LATERAL (SELECT * FROM product_translations t WHERE t.product_id = p.id
      ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) t ON TRUE
    WHERE p.id = ${variant.product_id}`);
  return {
    id: variant.product_id,
    name: r.rows[0]!.name,
    url_key: r.rows[0]!.url_key,
    sku: variant.sku,
    cnk: variant.cnk_code,
    gtin: variant.barcode,
  };
}

/**
 * The exceptions of customer `customerId`, newest first, each with the reason the customer would
 * be refused without it (null when the product is no longer restricted for them).
 */
export async function listExceptions(
  db: Db,
  customerId: number,
  lang: Locale,
): Promise<RestrictionException[]> {
  const r = await db.execute<{
    product_id: number;
    product_name: string;
    sku: string | null;
    cnk: string | null;
    note: string;
    granted_by: string | null;
    created_at: string;
  }>(sql`
    SELECT e.product_id, coalesce(pt.name, p.model_name) AS product_name, mv.sku, mv.cnk_code AS cnk,
           e.note, u.login AS granted_by,
           to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
    FROM restriction_exceptions e JOIN products p ON p.id = e.product_id
    LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${lang}
    LEFT JOIN LATERAL (${mainVariantOf(sql`v.sku, v.cnk_code`)}) mv ON TRUE
    LEFT JOIN users u ON u.id = e.granted_by
    WHERE e.customer_id = ${customerId} ORDER BY e.created_at DESC, e.product_id`);
  const without = await restrictionsOfProducts(
    db,
    customerId,
    r.rows.map((e) => Number(e.product_id)),
    false,
  );
  return r.rows.map((e) => ({
    ...e,
    product_id: Number(e.product_id),
    reason: without.get(Number(e.product_id)) ?? null,
  }));
}

/** Grants (or updates the note of) the exception customer × product; 404 for an unknown customer or product. */
export async function grantException(
  db: Db,
  customerId: number,
  productId: number,
  note: string,
  staffUserId: number,
): Promise<void> {
  await restrictionCustomer(db, customerId);
  const p = await db.execute(sql`SELECT 1 FROM products WHERE id = ${productId}`);
  if (p.rows.length === 0) throw notFound(`Product ${productId} not found.`);
  await db.execute(sql`
    INSERT INTO restriction_exceptions (customer_id, product_id, note, granted_by)
    VALUES (${customerId}, ${productId}, ${note}, ${staffUserId})
    ON CONFLICT (customer_id, product_id) DO UPDATE SET note = EXCLUDED.note, granted_by = EXCLUDED.granted_by,
      created_at = now()`);
}

/** Removes the exception customer × product; false when there was none. */
export async function revokeException(db: Db, customerId: number, productId: number): Promise<boolean> {
  const r = await db.execute<{ product_id: number }>(sql`
    DELETE FROM restriction_exceptions WHERE customer_id = ${customerId} AND product_id = ${productId}
    RETURNING product_id`);
  return r.rows.length > 0;
}

/**
 * Links of product `productId` in `lang`, by kind then sequence; with a `viewer`, only the linked
 * products that viewer may see; without one (staff), each with its main variant's SKU.
 */
export async function productLinksOf(
  db: Db,
  productId: number,
  lang: Locale,
  viewer: Viewer | null,
): Promise<LinkedProduct[]> {
  // Named (read on every product page; planning cost more than running it).
  const r = await executeNamed<LinkedProduct>(
    db,
    sql`
    SELECT p.id, pt.name, pt.url_key, l.kind, l.sequence,${viewer ? sql`` : sql` (${mainVariantOf(sql`v.sku`)}) AS sku,`}
           coalesce((SELECT v.stock_state FROM product_variants v WHERE v.product_id = p.id
                     ORDER BY v.is_main DESC, v.sequence, v.id LIMIT 1), 'out_of_stock') AS stock_state
    FROM product_links l JOIN products p ON p.id = l.linked_product_id
    JOIN LATERAL (SELECT * FROM product_translations t WHERE t.product_id = p.id
                  ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) pt ON TRUE
    WHERE l.product_id = ${productId} ${viewer ? sql`AND ${visibleTo(viewer)}` : sql``}
    ORDER BY array_position(ARRAY['cross', 'up', 'related'], l.kind), l.sequence, p.id`,
  );
  return r.rows.map((l) => ({ ...l, id: Number(l.id), sequence: Number(l.sequence) }));
}

/**
 * Replaces the links of product `productId`, each linked product by id or by code; 404 for an
 * unknown product or linked product (`unknown_product_code` naming `links.<i>.linked_product_code`).
 */
export async function putProductLinks(db: Db, productId: number, body: ProductLinksPut): Promise<void> {
  const coded = body.links.flatMap((l, i) => (l.linked_product_code === undefined ? [] : [i]));
  const codedIds = await productIdsByCode(
    db,
    coded.map((i) => body.links[i]!.linked_product_code!),
    (k) => `links.${coded[k]}.linked_product_code`,
  );
  const resolved = body.links.map((l, i) => {
    const k = coded.indexOf(i);
    return { ...l, linked_product_id: k >= 0 ? codedIds[k]! : l.linked_product_id! };
  });
  const ids = [productId, ...resolved.map((l) => l.linked_product_id)];
  const found = await db.execute<{ id: number }>(
    sql`SELECT id FROM products WHERE id = ANY(${sql.param([...new Set(ids)])}::int[])`,
  );
  const known = new Set(found.rows.map((r) => Number(r.id)));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound(`Product ${missing} not found.`);
  const links = resolved.filter((l) => l.linked_product_id !== productId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM product_links WHERE product_id = ${productId}`);
    if (links.length > 0)
      await tx.execute(sql`
        INSERT INTO product_links (product_id, linked_product_id, kind, sequence)
        SELECT ${productId}, l.id, l.kind, l.seq
        FROM unnest(${sql.param(links.map((l) => l.linked_product_id))}::int[], ${sql.param(links.map((l) => l.kind))}::text[],
                    ${sql.param(links.map((l) => l.sequence))}::int[]) AS l(id, kind, seq)
        ON CONFLICT DO NOTHING`);
  });
}

/**
 * The customer's consumption of product `productId` (every variant): units of its sale lines of
 * the last 12 months (cancelled orders and cancelled units excluded) and their monthly average.
 */
export async function consumptionOf(db: Db, customerId: number, productId: number): Promise<Consumption> {
  // Named (planning cost more than running it).
  const r = await executeNamed<{ total: number }>(
    db,
    sql`SELECT ${consumptionTotalSql(customerId, sql`${productId}`)} AS total`,
  );
  return consumptionFrom(r.rows[0]?.total);
}

/**
 * SQL scalar (int): the units of customer `customerId`'s sale lines of the product whose id is the
 * SQL expression `productId` over the last 12 months (cancelled orders and units excluded), as
 * {@link consumptionOf} reads it; the signed-in product page reads it in the statement of
 * restrictions/catalog.ts `customerPartsOfProduct`.
 */
export function consumptionTotalSql(customerId: number, productId: SQL): SQL {
  return sql`(SELECT coalesce(sum(l.qty - l.qty_canceled), 0)::int
    FROM sales s JOIN sale_lines l ON l.sale_id = s.id JOIN product_variants v ON v.id = l.variant_id
    WHERE s.customer_id = ${customerId} AND v.product_id = ${productId} AND NOT l.is_delivery
      AND s.state <> 'cancel' AND s.date_order >= now() - interval '12 months')`;
}

/** The consumption of a {@link consumptionTotalSql} total (units; null or negative counts 0). */
export function consumptionFrom(total: number | string | null | undefined): Consumption {
  const units = Math.max(0, Number(total ?? 0));
  return { monthly_average: Math.round((units / 12) * 10) / 10, total_12_months: units };
}
