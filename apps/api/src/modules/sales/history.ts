/**
 * Order history (docs/decisions/order-history.md) and the delivery confirmation of pickings
 * (docs/decisions/shipped-and-delivered.md):
 * - `searchSales`: one page of a customer's orders filtered by number / customer reference,
 *   product (name or SKU) and order dates, each with its invoices for the download links;
 * - `markPickingDelivered`: staff confirm that a shipped picking arrived;
 * - `hasUninvoicedDelivery`: whether delivered units still wait for an invoice (the staff
 *   invoice button).
 * Reads are scoped by customer first (index sales_customer_date_idx), so a search costs what the
 * customer's own orders cost, whatever the number of orders of the shop.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SaleListItem, SalesSearch } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { invoices, pickings, saleLines, sales } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { folded, foldedLike } from '../catalog/index.ts';
import { likePattern } from '../staff/index.ts';
import { invoiceSummary, toSummary } from './service.ts';

/** Business time zone of the order dates of a search (the shop is in Belgium). */
const ZONE = 'Europe/Brussels';

/**
 * SQL conditions of a search (see salesSearchFields in @vetshop/domain contracts/sales.ts):
 * `q` in the order number or the customer reference; `product` in the SKU, the stored line label
 * or a product name (any locale) of a product line, names with accents and case folded;
 * `date_from` / `date_to` inclusive business days.
 */
export function searchConditions(search: SalesSearch): SQL[] {
  const out: SQL[] = [];
  if (search.q) {
    const pattern = likePattern(search.q);
    out.push(or(sql`${sales.name} ILIKE ${pattern}`, sql`${sales.clientOrderRef} ILIKE ${pattern}`)!);
  }
  if (search.product) {
    const pattern = likePattern(search.product);
    // Names with accents and case folded, as the catalogue search compares them ("boite" finds
    // "Boîte"); a customer's own lines only, so no index is needed.
    const like = foldedLike(pattern);
    out.push(sql`EXISTS (
      SELECT 1 FROM sale_lines l LEFT JOIN product_variants v ON v.id = l.variant_id
      WHERE l.sale_id = ${sales.id} AND NOT l.is_delivery
        AND (v.sku ILIKE ${pattern} OR ${folded(sql`l.name`)} LIKE ${like}
             OR EXISTS (SELECT 1 FROM product_translations t
                        WHERE t.product_id = v.product_id AND ${folded(sql`t.name`)} LIKE ${like})))`);
  }
  if (search.date_from)
    out.push(sql`${sales.dateOrder} >= (${search.date_from}::date)::timestamp AT TIME ZONE ${ZONE}`);
  if (search.date_to)
    out.push(sql`${sales.dateOrder} < (${search.date_to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`);
  return out;
}

/**
 * One page of the orders of `customerId`, newest first (order date, then id), matching `channel`
 * (undefined or 'all' = no filter) and `search`; `count` is the number of matching orders. Each item
 * carries its invoices and credit notes (oldest first). Three queries: count, page, invoices.
 */
export async function searchSales(
  db: Db,
  customerId: number,
  {
    page,
    pageSize,
    channel,
    search = {},
  }: { page: number; pageSize: number; channel?: string | undefined; search?: SalesSearch },
): Promise<{ count: number; items: SaleListItem[] }> {
  const conditions: SQL[] = [eq(sales.customerId, customerId), ...searchConditions(search)];
  if (channel && channel !== 'all') conditions.push(eq(sales.saleChannel, channel));
  const where = and(...conditions);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(sales).where(where),
    db
      .select()
      .from(sales)
      .where(where)
      .orderBy(desc(sales.dateOrder), desc(sales.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const ids = rows.map((r) => r.id);
  const bills =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(invoices)
          .where(and(inArray(invoices.saleId, ids), eq(invoices.customerId, customerId)))
          .orderBy(asc(invoices.date), asc(invoices.id));
  const bySale = new Map<number, ReturnType<typeof invoiceSummary>[]>();
  for (const bill of bills) {
    const list = bySale.get(bill.saleId!) ?? [];
    list.push(invoiceSummary(bill));
    bySale.set(bill.saleId!, list);
  }
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((row) => ({ ...toSummary(row), invoices: bySale.get(row.id) ?? [] })),
  };
}

/**
 * Staff: picking `pickingId` of sale `saleId` is delivered (docs/decisions/shipped-and-delivered.md):
 * sets its delivered_at (now) once; asking again keeps the first time (idempotent). The order's
 * state does not change (it follows the shipped quantities). 404 when the picking is not the sale's.
 * Returns the delivery time (ISO 8601).
 */
export async function markPickingDelivered(
  db: Db,
  saleId: number,
  pickingId: number,
): Promise<{ delivered_at: string }> {
  const [row] = await db
    .update(pickings)
    .set({ deliveredAt: sql`coalesce(${pickings.deliveredAt}, now())` })
    .where(and(eq(pickings.id, pickingId), eq(pickings.saleId, saleId)))
    .returning({ deliveredAt: pickings.deliveredAt });
  if (!row?.deliveredAt) throw notFound(`Delivery ${pickingId} of order ${saleId} not found.`);
  return { delivered_at: row.deliveredAt.toISOString() };
}

/**
 * Whether sale `saleId` has delivered product units not invoiced yet (invoiced = the sum of its
 * invoices' lines, credit notes not counted: the rule of createInvoice, which answers 409
 * `nothing_to_invoice` exactly when this is false).
 */
export async function hasUninvoicedDelivery(db: Db, saleId: number): Promise<boolean> {
  const [lines, bills] = await Promise.all([
    db
      .select({ id: saleLines.id, delivered: saleLines.qtyDelivered })
      .from(saleLines)
      .where(and(eq(saleLines.saleId, saleId), eq(saleLines.isDelivery, false))),
    db
      .select({ lines: invoices.lines })
      .from(invoices)
      .where(and(eq(invoices.saleId, saleId), eq(invoices.type, 'invoice'))),
  ]);
  const invoiced = new Map<number, number>();
  for (const bill of bills)
    for (const [id, qty] of Object.entries(bill.lines))
      invoiced.set(Number(id), (invoiced.get(Number(id)) ?? 0) + qty);
  return lines.some((l) => l.delivered > (invoiced.get(l.id) ?? 0));
}
