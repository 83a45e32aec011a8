/**
 * Products on order (backorders) of a customer and their cancellation (docs/product/orders-and-documents.md#backorders,
 * docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md#products-on-order-calls, docs/product/errors.md).
 *
 * A product on order is a product line (not `is_delivery`) of one of the customer's orders that is
 * neither cancelled nor fully delivered, with a backorder quantity qty − qty_delivered −
 * qty_canceled above 0. Which lines may be cancelled is decided in
 * docs/decisions/backorder-cancellation.md (`notCancelableReason`).
 *
 * A cancellation runs in one transaction with the sale row locked (SELECT … FOR UPDATE, the lock
 * staff pickings and invoices take too), re-reads the line under the lock, so two concurrent
 * cancellations never cancel more than the backorder: it raises sale_lines.qty_canceled, records a
 * backorder_cancellations row, credits the part already invoiced (sales/invoicing.ts
 * `creditCanceledBackorder`) and recomputes the order state. Quantities in units; money in cents
 * inside, EUR excl. VAT on the wire.
 */
import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  centsToEur,
  isValidCancelQuantity,
  type BackorderNotCancelableReason,
  type BackorderRestrict,
  type BackorderCancelResult,
  type Family,
  type Locale,
  type ProductOnOrder,
  type ProductsOnOrderList,
} from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { backorderCancellations, productVariants, products, saleLines, sales } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { creditCanceledBackorder, lineAmountFor } from '../sales/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { variantNameIn } from '../catalog/index.ts';
import { afterStockMove, releaseCanceledUnits } from '../stock/index.ts';

type SaleRow = typeof sales.$inferSelect;
type SaleLineRow = typeof saleLines.$inferSelect;

/** Order states whose lines are no longer on order. */
const CLOSED_STATES = ['cancel', 'delivery_full'];

/** Units of a line still on order: qty − delivered − cancelled (never below 0). */
export function backorderQty(line: Pick<SaleLineRow, 'qty' | 'qtyDelivered' | 'qtyCanceled'>): number {
  return Math.max(0, line.qty - line.qtyDelivered - line.qtyCanceled);
}

/**
 * Why the line cannot be cancelled now, or null when it can (docs/decisions/backorder-cancellation.md):
 * `order_closed` (order cancelled or fully delivered), `nothing_on_order` (backorder quantity 0),
 * `made_to_order_ordered` (made-to-order product of an order past `pending`: already ordered from
 * the supplier, and made-to-order products cannot be returned, docs/product/orders-and-documents.md).
 */
export function notCancelableReason(
  saleState: string,
  line: Pick<SaleLineRow, 'qty' | 'qtyDelivered' | 'qtyCanceled' | 'madeToOrder'>,
): BackorderNotCancelableReason | null {
  if (CLOSED_STATES.includes(saleState)) return 'order_closed';
  if (backorderQty(line) <= 0) return 'nothing_on_order';
  if (line.madeToOrder && saleState !== 'pending') return 'made_to_order_ordered';
  return null;
}

/**
 * The order state after a change of cancelled quantities (docs/product/orders-and-documents.md states): every product line fully
 * cancelled → `cancel`; every remaining unit delivered → `delivery_full`; some delivered →
 * `delivery_partial`; otherwise the current state (pending or processing) is kept.
 */
export function stateAfterCancellation(
  current: string,
  lines: Pick<SaleLineRow, 'qty' | 'qtyDelivered' | 'qtyCanceled' | 'isDelivery'>[],
): string {
  const productLines = lines.filter((l) => !l.isDelivery);
  if (productLines.length === 0) return current;
  if (productLines.every((l) => l.qty - l.qtyCanceled <= 0)) return 'cancel';
  if (productLines.every((l) => l.qtyDelivered >= l.qty - l.qtyCanceled)) return 'delivery_full';
  if (productLines.some((l) => l.qtyDelivered > 0)) return 'delivery_partial';
  return current;
}

interface Joined {
  line: SaleLineRow;
  sale: Pick<SaleRow, 'id' | 'name' | 'dateOrder' | 'state'>;
  sku: string | null;
  family: Family | null;
  productName: string | null;
  variantName: string | null;
}

/** A joined row → the wire shape (EUR excl. VAT). */
function toProductOnOrder({ line, sale, sku, family, productName, variantName }: Joined): ProductOnOrder {
  const backorder = backorderQty(line);
  const reason = notCancelableReason(sale.state, line);
  return {
    id: line.id,
    sale: { id: sale.id, name: sale.name, date_order: sale.dateOrder.toISOString(), state: sale.state },
    product_id: line.variantId,
    sku,
    name: line.name,
    product_name: productName,
    variant_name: variantName,
    family,
    made_to_order: line.madeToOrder,
    qty: line.qty,
    qty_delivered: line.qtyDelivered,
    qty_unavailable: line.qtyUnavailable,
    qty_canceled: line.qtyCanceled,
    qty_backorder: backorder,
    price_unit: centsToEur(lineAmountFor(line, 1)),
    amount_backorder: centsToEur(lineAmountFor(line, backorder)),
    cancelable: reason === null,
    not_cancelable_reason: reason,
  };
}

/**
 * The columns of a product on order, with the catalogue's names of its product and pack size in
 * `locale` (another language's when the product has none in it), as the order pages name a line
 * (sales/line-products.ts): a line stores the label it had at checkout, only the pack size for
 * imported history ("1 l").
 */
const joinedColumns = (locale: Locale) => ({
  line: saleLines,
  sale: { id: sales.id, name: sales.name, dateOrder: sales.dateOrder, state: sales.state },
  sku: productVariants.sku,
  family: products.family,
  productName: sql<
    string | null
  >`(SELECT t.name FROM product_translations t WHERE t.product_id = ${products.id}
    ORDER BY (t.locale = ${locale}) DESC, t.locale LIMIT 1)`,
  variantName: sql<
    string | null
  >`CASE WHEN ${productVariants.id} IS NULL THEN NULL ELSE ${variantNameIn(sql`product_variants`, locale)} END`,
});

/** SQL of the backorder quantity of a sale line. */
const backorderSql = sql`(${saleLines.qty} - ${saleLines.qtyDelivered} - ${saleLines.qtyCanceled})`;

/**
 * One page of the customer's products on order, newest order first (then line id), with the
 * number of lines matching. `families` keeps lines whose product is of one of these families
 * (empty: every family); `restricts` keeps lines matching one of the restrictions (`backorder`:
 * qty_unavailable > 0, `made_to_order`: a made-to-order product; empty: every line).
 */
export async function listProductsOnOrder(
  db: Db,
  customerId: number,
  {
    page,
    perPage,
    families,
    restricts,
    locale,
  }: { page: number; perPage: number; families: Family[]; restricts: BackorderRestrict[]; locale: Locale },
): Promise<ProductsOnOrderList> {
  const conditions: (SQL | undefined)[] = [
    eq(sales.customerId, customerId),
    notInArray(sales.state, CLOSED_STATES),
    eq(saleLines.isDelivery, false),
    sql`${backorderSql} > 0`,
  ];
  if (families.length > 0) conditions.push(inArray(products.family, families));
  if (restricts.length > 0)
    conditions.push(
      or(
        ...restricts.map((r) =>
          r === 'backorder' ? sql`${saleLines.qtyUnavailable} > 0` : eq(saleLines.madeToOrder, true),
        ),
      ),
    );
  const where = and(...conditions);
  const base = () =>
    db
      .select(joinedColumns(locale))
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
      .leftJoin(products, eq(products.id, productVariants.productId));
  const [total] = await db
    .select({ n: count() })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(sales.dateOrder), desc(sales.id), asc(saleLines.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { count: Number(total?.n ?? 0), items: rows.map(toProductOnOrder) };
}

/** A product line of the customer's orders with its sale, sku and family, or null (another customer's, a fee line, absent). */
async function findCustomerLine(
  db: DbOrTx,
  customerId: number,
  lineId: number,
  locale: Locale,
): Promise<Joined | null> {
  const [row] = await db
    .select(joinedColumns(locale))
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(saleLines.id, lineId), eq(sales.customerId, customerId), eq(saleLines.isDelivery, false)));
  return row ?? null;
}

/**
 * GET products_on_order/{id} answers every product line of the customer's orders (its `qty_backorder` may
 * be 0 once delivered or cancelled; `cancelable` then false with its reason), or null → 404 for a
 * line of another customer, a handling fee / shipping line or an unknown id.
 */
export async function getProductOnOrder(
  db: Db,
  customerId: number,
  lineId: number,
  locale: Locale,
): Promise<ProductOnOrder | null> {
  const row = await findCustomerLine(db, customerId, lineId, locale);
  return row ? toProductOnOrder(row) : null;
}

/** 409 `backorder_not_cancelable` with its `reason` ('This product order cannot be canceled: {reason}', docs/product/errors.md#orders-and-customer-area). */
function notCancelable(reason: BackorderNotCancelableReason): ApiError {
  return new ApiError(
    409,
    'backorder_not_cancelable',
    'Conflict',
    `This product order cannot be canceled: ${reason}.`,
    undefined,
    { reason },
  );
}

/** 400 `backorder_cancel_quantity` with `max` ('The quantity must be between 1 and {max}', docs/product/orders-and-documents.md). */
function quantityOutOfRange(max: number): ApiError {
  return new ApiError(
    400,
    'backorder_cancel_quantity',
    'Bad request',
    `The quantity must be between 1 and ${max}.`,
    [{ field: 'quantity', code: 'backorder_cancel_quantity' }],
    { max },
  );
}

/**
 * POST products_on_order/cancel/{id} {quantity}: cancels `quantity` units of the line on behalf of
 * `userId`. Errors: 404 another customer's line / fee line / unknown id; 409
 * `backorder_not_cancelable` {reason}; 400 `backorder_cancel_quantity` {max} unless quantity is an
 * integer in 1..qty_backorder. Returns the line after it, the units cancelled, the order's new state
 * and the credit note issued for the invoiced part (null when none was invoiced).
 */
export async function cancelBackorder(
  db: Db,
  customerId: number,
  userId: number,
  lineId: number,
  quantity: number,
  locale: Locale,
): Promise<BackorderCancelResult> {
  const { result, move } = await db.transaction(async (tx) => {
    const found = await findCustomerLine(tx, customerId, lineId, locale);
    if (!found) throw notFound(`Product on order ${lineId} not found.`);
    // Lock the order, then read its lines again: a concurrent cancellation or picking has finished.
    const [sale] = await tx.select().from(sales).where(eq(sales.id, found.sale.id)).for('update');
    if (!sale) throw notFound(`Product on order ${lineId} not found.`);
    const lines = await tx.select().from(saleLines).where(eq(saleLines.saleId, sale.id));
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw notFound(`Product on order ${lineId} not found.`);
    const reason = notCancelableReason(sale.state, line);
    if (reason) throw notCancelable(reason);
    const max = backorderQty(line);
    if (!isValidCancelQuantity(quantity, max)) throw quantityOutOfRange(max);

    const credit = await creditCanceledBackorder(tx, sale, line, quantity);
    // The cancelled units leave the backorder, then the reserved stock (docs/decisions/stock-moves.md).
    const move = await releaseCanceledUnits(tx, line.id, line.variantId, quantity);
    const [after] = await tx.select().from(saleLines).where(eq(saleLines.id, line.id));
    const updated = { ...(after ?? line), qtyCanceled: line.qtyCanceled + quantity };
    await tx.update(saleLines).set({ qtyCanceled: updated.qtyCanceled }).where(eq(saleLines.id, line.id));
    const [cancellation] = await tx
      .insert(backorderCancellations)
      .values({
        saleLineId: line.id,
        userId,
        qty: quantity,
        creditNoteId: credit?.creditNote.id ?? null,
      })
      .returning({ id: backorderCancellations.id });
    // Confirmation mail to the user, committed with the cancellation (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'backorder_cancelled', cancellationId: cancellation!.id, userId });
    const state = stateAfterCancellation(
      sale.state,
      lines.map((l) => (l.id === line.id ? updated : l)),
    );
    if (state !== sale.state) await tx.update(sales).set({ state }).where(eq(sales.id, sale.id));
    const result: BackorderCancelResult = {
      line: toProductOnOrder({ ...found, line: updated, sale: { ...found.sale, state } }),
      canceled: quantity,
      sale_state: state,
      credit_note: credit
        ? {
            id: credit.creditNote.id,
            name: credit.creditNote.name,
            amount_total: centsToEur(credit.creditNote.amountTotalCents),
            qty: credit.qty,
          }
        : null,
    };
    return { result, move };
  });
  await afterStockMove(db, move);
  return result;
}
