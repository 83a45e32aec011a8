/**
 * Orders (sales) of a customer and the staff operations on them (docs/product/orders-and-documents.md#order, docs/product/orders-and-documents.md#picking, docs/product/orders-and-documents.md#documents,
 * docs/product/orders-and-documents.md#order-states and progress, docs/product/orders-and-documents.md#sales-calls, docs/product/constants.md#search-and-list-sizes sales page size).
 *
 * Reads are scoped by customer: an id of another customer's sale is "not found" (the routes answer
 * 404). Staff operations:
 * - state moves: pending → processing | cancel, processing → cancel (delivery states come from
 *   pickings only);
 * - pickings add delivered quantities (never beyond qty − canceled) and set delivery_partial or
 *   delivery_full;
 * - invoices bill the delivered quantities not invoiced yet (the handling fee / shipping lines with
 *   the first invoice), numbered INV/<year>/<6 digits> under a transaction-scoped advisory lock;
 * - credit notes credit quantities of one invoice, numbered CN/<year>/<6 digits>.
 * Money is computed in integer cents; VAT per line rounded half-up, summed (as the cart totals).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  businessDate,
  bpToPercent,
  centsToEur,
  DEFAULT_LOCALE,
  type Locale,
  orderProgress,
  documentTotals,
  roundHalfUp,
  vatBreakdown,
  type SaleAddress,
  type SaleDetail,
  type SaleSummary,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { HANDLING_FEE_NAME, orderCarrierName, toWireTotals } from '../carts/index.ts';
import { customers, invoices, pickings, productVariants, saleLines, sales } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { dueDateFor, freezeDeliveryNote, freezeInvoice } from '../documents/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Viewer } from '../catalog/index.ts';
import { lineProducts, type LineProduct } from './line-products.ts';
import { picturesOfVariants } from '../images/index.ts';
import { afterStockMove, deliverFromStock, releaseSaleStock } from '../stock/index.ts';

type SaleRow = typeof sales.$inferSelect;
type SaleLineRow = typeof saleLines.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
/** A Drizzle transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 409 `invalid_state_transition`, `nothing_to_invoice`, ... : the order is not in a state allowing it. */
function conflict(code: string, detail: string): ApiError {
  return new ApiError(409, code, 'Conflict', detail);
}

/** A sale row → one row of GET sales / GET orders. */
export function toSummary(row: SaleRow): SaleSummary {
  return {
    id: row.id,
    name: row.name,
    date_order: row.dateOrder.toISOString(),
    state: row.state,
    progress: orderProgress(row.state),
    sale_channel: row.saleChannel,
    amount: {
      untaxed: centsToEur(row.amountUntaxedCents),
      tax: centsToEur(row.amountTaxCents),
      total: centsToEur(row.amountTotalCents),
    },
    client_order_ref: row.clientOrderRef,
    suite_name: row.suiteName,
  };
}

/**
 * One page of a customer's sales, newest first (order date, then id). `channel` filters on the
 * sale channel unless undefined or 'all'. Returns the total matching count and the page.
 */
export async function listSales(
  db: Db,
  customerId: number,
  { page, pageSize, channel }: { page: number; pageSize: number; channel?: string },
): Promise<{ count: number; items: SaleSummary[] }> {
  const where =
    channel && channel !== 'all'
      ? and(eq(sales.customerId, customerId), eq(sales.saleChannel, channel))
      : eq(sales.customerId, customerId);
  const [total] = await db.select({ n: count() }).from(sales).where(where);
  const rows = await db
    .select()
    .from(sales)
    .where(where)
    .orderBy(desc(sales.dateOrder), desc(sales.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: Number(total?.n ?? 0), items: rows.map(toSummary) };
}

/** A sale of the customer (or of anyone when `customerId` is null: staff), or null. */
export async function findSale(
  db: Db | Tx,
  saleId: number,
  customerId: number | null,
): Promise<SaleRow | null> {
  const [row] = await db
    .select()
    .from(sales)
    .where(
      customerId === null
        ? eq(sales.id, saleId)
        : and(eq(sales.id, saleId), eq(sales.customerId, customerId)),
    );
  return row ?? null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The address snapshot stored on a sale (jsonb, written at confirmation) → the wire shape. Accepts
 * snake_case or camelCase keys (country_code / countryCode / country_id, depot_number / depotNumber).
 */
export function saleAddressOf(json: Record<string, unknown> | null | undefined): SaleAddress | null {
  if (!json || typeof json !== 'object') return null;
  return {
    name: str(json.name),
    street: str(json.street),
    street2: str(json.street2),
    zip: str(json.zip),
    city: str(json.city),
    country_code: str(json.country_code ?? json.countryCode ?? json.country_id) || 'BE',
    vat: strOrNull(json.vat),
    depot_number: strOrNull(json.depot_number ?? json.depotNumber),
    phone: strOrNull(json.phone),
  };
}

/** Line amount of `qty` units of a sale line, in cents: its amount pro rata, rounded half-up. */
export function lineAmountFor(line: Pick<SaleLineRow, 'amountCents' | 'qty'>, qty: number): number {
  if (line.qty <= 0) return 0;
  return roundHalfUp((line.amountCents * qty) / line.qty);
}

/**
 * VAT in cents of line amounts: per rate, round half-up of the rate's base × rate; summed (the rule
 * of the cart totals, packages/domain/src/totals.ts `vatBreakdown`).
 */
export function vatOf(parts: { amountCents: number; taxRateBp: number }[]): number {
  return vatBreakdown(parts).reduce((tax, r) => tax + r.taxCents, 0);
}

/**
 * The full order for GET sales/{id}: lines (with the variant's sku, and the catalogue's product
 * name in `view.locale`, pack size, url key and orderability for `view.viewer`: line-products.ts),
 * pickings (shipped / delivered), invoices and the displayed figures (customer number, VAT and
 * depot numbers, suite, subtotal, shipping, VAT, total).
 * Null when the sale does not exist or belongs to another customer (`customerId` null: staff).
 */
export async function getSaleDetail(
  db: Db,
  saleId: number,
  customerId: number | null,
  view: { locale?: Locale; viewer?: Viewer | null } = {},
): Promise<SaleDetail | null> {
  const sale = await findSale(db, saleId, customerId);
  if (!sale) return null;
  const [customer] = await db.select().from(customers).where(eq(customers.id, sale.customerId));
  const lines = await db
    .select({ line: saleLines, sku: productVariants.sku })
    .from(saleLines)
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .where(eq(saleLines.saleId, sale.id))
    .orderBy(asc(saleLines.isDelivery), asc(saleLines.id));
  const picks = await db
    .select()
    .from(pickings)
    .where(eq(pickings.saleId, sale.id))
    .orderBy(asc(pickings.id));
  const bills = await db
    .select()
    .from(invoices)
    .where(eq(invoices.saleId, sale.id))
    .orderBy(asc(invoices.id));
  const catalogue = await lineProducts(
    db,
    lines.flatMap((l) => (l.line.variantId === null ? [] : [l.line.variantId])),
    view.locale ?? DEFAULT_LOCALE,
    view.viewer ?? null,
  );
  const pictures = await picturesOfVariants(
    db,
    lines.flatMap((l) => (l.line.variantId === null || l.line.isDelivery ? [] : [l.line.variantId])),
    view.locale ?? DEFAULT_LOCALE,
  );
  const invoicing = saleAddressOf(sale.invoicingAddress);
  const delivery = saleAddressOf(sale.deliveryAddress);
  const productLines = lines.filter((l) => !l.line.isDelivery);
  const subtotal = productLines.reduce((s, l) => s + l.line.amountCents, 0);
  const deliveryLines = lines
    .filter((l) => l.line.isDelivery && !l.line.isReward)
    .reduce((s, l) => s + l.line.amountCents, 0);
  const shipping = sale.shippingCents || deliveryLines;
  return {
    ...toSummary(sale),
    note: sale.note,
    customer_number: customer?.number ?? '',
    vat_number: invoicing?.vat ?? customer?.vat ?? null,
    suite_number: sale.suiteName,
    depot_number: delivery?.depot_number ?? customer?.depotNumber ?? null,
    subtotal: centsToEur(subtotal),
    shipping_cost: centsToEur(shipping),
    total_vat: centsToEur(sale.amountTaxCents),
    total: centsToEur(sale.amountTotalCents),
    lines: lines.map(({ line, sku }) => ({
      ...lineCatalogue(
        line.isDelivery || line.variantId === null ? undefined : catalogue.get(line.variantId),
      ),
      picture: line.variantId === null || line.isDelivery ? null : (pictures.get(line.variantId) ?? null),
      id: line.id,
      name: line.name,
      product_id: line.variantId,
      sku: sku ?? null,
      qty: line.qty,
      qty_delivered: line.qtyDelivered,
      qty_unavailable: line.qtyUnavailable,
      qty_canceled: line.qtyCanceled,
      price_unit: centsToEur(line.priceUnitCents),
      discount: { rate: bpToPercent(line.discountBp), value: centsToEur(line.discountCents) },
      amount: centsToEur(line.amountCents),
      is_delivery: line.isDelivery,
      is_free: line.isFree,
      is_reward: line.isReward,
    })),
    invoicing_address: invoicing,
    delivery_address: delivery,
    carrier:
      sale.carrierName || sale.carrierId
        ? {
            id: sale.carrierId,
            name: (await orderCarrierName(db, sale, view.locale ?? DEFAULT_LOCALE)) ?? '',
          }
        : null,
    pickings: picks.map((p) => ({
      id: p.id,
      name: p.name,
      tracking_ref: p.trackingRef,
      carrier: p.carrierName,
      date: p.dateDone,
      state: p.deliveredAt ? ('delivered' as const) : ('shipped' as const),
      shipped_at: p.createdAt.toISOString(),
      delivered_at: p.deliveredAt?.toISOString() ?? null,
    })),
    invoices: bills.map(invoiceSummary),
    payment_mode: sale.paymentMode,
    payment_reference: sale.paymentReference,
    expected_delivery_date: sale.expectedDeliveryDate ?? null,
    totals: toWireTotals(saleTotals(lines.map((l) => l.line))),
  };
}

/**
 * The accountant's totals of quantities of a sale's lines (docs/decisions/order-totals.md): product
 * lines as goods (gross = unit price × qty, amount pro rata of the line for a part of it),
 * delivery lines named as the handling fee (any locale) as the fee, other delivery lines (carrier
 * prices of older orders) as delivery. Used by the order detail, the mails and the PDFs.
 */
export function totalsOfLines(parts: readonly { line: SaleLineRow; qty: number }[]) {
  const feeNames = new Set(Object.values(HANDLING_FEE_NAME));
  return documentTotals(
    parts.map(({ line, qty }) => {
      const amountCents = qty === line.qty ? line.amountCents : lineAmountFor(line, qty);
      return {
        // A coupon reward line (docs/decisions/coupons.md) is a discount on the goods: gross 0.
        kind:
          !line.isDelivery || line.isReward
            ? ('goods' as const)
            : feeNames.has(line.name)
              ? ('handling_fee' as const)
              : ('delivery' as const),
        grossCents: line.isReward
          ? 0
          : line.isDelivery
            ? amountCents
            : Math.max(amountCents, roundHalfUp(line.priceUnitCents * qty)),
        amountCents,
        taxRateBp: line.taxRateBp,
      };
    }),
  );
}

/** `totalsOfLines` of whole lines (the order as placed). */
export function saleTotals(lines: readonly SaleLineRow[]) {
  return totalsOfLines(lines.map((line) => ({ line, qty: line.qty })));
}

/** The catalogue fields of a sale line (line-products.ts); all null / not orderable when unknown. */
function lineCatalogue(p: LineProduct | undefined) {
  return {
    product_name: p?.productName ?? null,
    variant_name: p?.variantName ?? null,
    url_key: p?.urlKey ?? null,
    orderable: p?.orderable ?? false,
  };
}

/** An invoices row → {id, name, type, date, amount_total}. */
export function invoiceSummary(row: InvoiceRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type === 'credit_note' ? ('credit_note' as const) : ('invoice' as const),
    date: row.date,
    amount_total: centsToEur(row.amountTotalCents),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff operations

/** Allowed manual state moves (docs/product/orders-and-documents.md leaves them open; delivery states come from pickings). */
const MOVES: Record<string, readonly string[]> = {
  pending: ['processing', 'cancel'],
  processing: ['cancel'],
};

/** Locks the sale row for the rest of the transaction; 404 when absent. */
async function lockSale(tx: Tx, saleId: number): Promise<SaleRow> {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update');
  if (!sale) throw notFound(`Sale ${saleId} not found.`);
  return sale;
}

/**
 * Staff: moves a sale to `state`. Allowed: pending → processing | cancel, processing → cancel; the
 * same state again is a no-op. Anything else: 409 `invalid_state_transition`. 404 unknown sale.
 */
export async function setSaleState(db: Db, saleId: number, state: string): Promise<void> {
  const move = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    if (sale.state === state) return null;
    if (!(MOVES[sale.state] ?? []).includes(state))
      throw conflict('invalid_state_transition', `A ${sale.state} order cannot become ${state}.`);
    await tx.update(sales).set({ state }).where(eq(sales.id, saleId));
    // A cancelled order gives its reserved stock back (docs/decisions/stock-moves.md).
    return state === 'cancel' ? releaseSaleStock(tx, saleId) : null;
  });
  if (move) await afterStockMove(db, move);
}

/** Parses the `lines` map of a staff request against the sale's lines (400 naming the line). */
function requestedLines(
  input: Record<string, number>,
  lines: SaleLineRow[],
  { allowDelivery }: { allowDelivery: boolean },
): { line: SaleLineRow; qty: number }[] {
  const byId = new Map(lines.map((l) => [String(l.id), l]));
  const out: { line: SaleLineRow; qty: number }[] = [];
  for (const [id, qty] of Object.entries(input)) {
    const line = byId.get(String(Number(id)));
    if (!line || (line.isDelivery && !allowDelivery))
      throw fieldError(`lines.${id}`, 'unknown_line', `Line ${id} is not a product line of this order.`);
    out.push({ line, qty });
  }
  if (out.length === 0) throw fieldError('lines', 'required', 'Give at least one line.');
  return out;
}

/**
 * Staff: records a delivery (docs/product/orders-and-documents.md#picking) of `lines` (sale line id → quantity > 0). Each
 * quantity must fit in what remains (qty − canceled − delivered), else 400 `qty_exceeds_remaining`.
 * The sale becomes delivery_full when every product line is delivered, else delivery_partial.
 * 409 `invalid_state` for a cancelled or fully delivered sale. Returns the picking.
 */
export async function addPicking(
  db: Db,
  saleId: number,
  input: { tracking_ref?: string; carrier_name?: string; lines: Record<string, number> },
) {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    if (sale.state === 'cancel' || sale.state === 'delivery_full')
      throw conflict('invalid_state', `A ${sale.state} order cannot be delivered.`);
    const lines = await tx.select().from(saleLines).where(eq(saleLines.saleId, saleId));
    const wanted = requestedLines(input.lines, lines, { allowDelivery: false });
    for (const { line, qty } of wanted) {
      const remaining = line.qty - line.qtyCanceled - line.qtyDelivered;
      if (qty > remaining)
        throw fieldError(
          `lines.${line.id}`,
          'qty_exceeds_remaining',
          `Line ${line.id}: ${qty} asked, ${Math.max(remaining, 0)} left to deliver.`,
        );
    }
    // The shipped units leave the reserved stock (docs/decisions/stock-moves.md).
    await deliverFromStock(tx, wanted, db);
    const delivered = new Map(lines.map((l) => [l.id, l.qtyDelivered]));
    for (const { line, qty } of wanted) {
      delivered.set(line.id, line.qtyDelivered + qty);
      await tx
        .update(saleLines)
        .set({ qtyDelivered: line.qtyDelivered + qty })
        .where(eq(saleLines.id, line.id));
    }
    const full = lines
      .filter((l) => !l.isDelivery)
      .every((l) => (delivered.get(l.id) ?? 0) >= l.qty - l.qtyCanceled);
    await tx
      .update(sales)
      .set({ state: full ? 'delivery_full' : 'delivery_partial' })
      .where(eq(sales.id, saleId));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(pickings)
      .where(eq(pickings.saleId, saleId));
    const [picking] = await tx
      .insert(pickings)
      .values({
        saleId,
        name: `${sale.name}/OUT/${String(Number(n) + 1).padStart(3, '0')}`,
        trackingRef: input.tracking_ref || null,
        carrierName: input.carrier_name || sale.carrierName || null,
        dateDone: businessDate(),
        lines: Object.fromEntries(wanted.map(({ line, qty }) => [String(line.id), qty])),
      })
      .returning();
    // The delivery note as issued (docs/decisions/documents.md).
    await freezeDeliveryNote(tx, picking!.id);
    // Shipment mail to the customer, committed with the picking (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'shipment', saleId, pickingId: picking!.id });
    return {
      id: picking!.id,
      name: picking!.name,
      tracking_ref: picking!.trackingRef,
      carrier: picking!.carrierName,
      date: picking!.dateDone,
    };
  });
}

/**
 * Next document number `<prefix>/<year>/<000001>` (year of the business date). Takes a
 * transaction-scoped advisory lock per prefix, so concurrent transactions number one after the
 * other (the unique name is the last guard).
 */
async function nextNumber(tx: Tx, prefix: 'INV' | 'CN', year: string): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vetshop:${prefix}`}))`);
  const like = `${prefix}/${year}/%`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${invoices.name})` })
    .from(invoices)
    .where(sql`${invoices.name} LIKE ${like}`);
  const last = row?.last ? Number(row.last.slice(like.length - 1)) : 0;
  return `${prefix}/${year}/${String(last + 1).padStart(6, '0')}`;
}

/** Sum of the quantities per sale line id over invoices rows of `type`. */
function sumLines(rows: InvoiceRow[], type: string): Map<number, number> {
  const sum = new Map<number, number>();
  for (const r of rows)
    if (r.type === type)
      for (const [id, qty] of Object.entries(r.lines)) sum.set(Number(id), (sum.get(Number(id)) ?? 0) + qty);
  return sum;
}

/** Amounts (cents) of quantities of sale lines: untaxed, VAT per rate, total. */
function amountsOf(parts: { line: SaleLineRow; qty: number }[]) {
  const priced = parts.map(({ line, qty }) => ({
    amountCents: lineAmountFor(line, qty),
    taxRateBp: line.taxRateBp,
  }));
  const untaxed = priced.reduce((s, p) => s + p.amountCents, 0);
  const tax = vatOf(priced);
  return { untaxed, tax, total: untaxed + tax };
}

/**
 * Staff: invoices the delivered quantities of a sale not invoiced yet, plus its handling fee /
 * shipping lines if no invoice carried them. 409 `nothing_to_invoice` when nothing is left.
 * Returns {id, name, type, date, amount_total}.
 */
export async function createInvoice(db: Db, saleId: number) {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const lines = await tx.select().from(saleLines).where(eq(saleLines.saleId, saleId));
    const existing = await tx.select().from(invoices).where(eq(invoices.saleId, saleId));
    const invoiced = sumLines(existing, 'invoice');
    const parts: { line: SaleLineRow; qty: number }[] = [];
    for (const line of lines) {
      const billable = line.isDelivery ? line.qty : line.qtyDelivered;
      const qty = billable - (invoiced.get(line.id) ?? 0);
      if (qty > 0) parts.push({ line, qty });
    }
    // A handling fee alone is not invoiced before any product was delivered.
    if (!parts.some((p) => !p.line.isDelivery))
      throw conflict('nothing_to_invoice', 'No delivered quantity is waiting for an invoice.');
    const date = businessDate();
    const amounts = amountsOf(parts);
    const [row] = await tx
      .insert(invoices)
      .values({
        name: await nextNumber(tx, 'INV', date.slice(0, 4)),
        type: 'invoice',
        saleId,
        customerId: sale.customerId,
        date,
        dueDate: await dueDateFor(tx, sale.customerId, date),
        amountUntaxedCents: amounts.untaxed,
        amountTaxCents: amounts.tax,
        amountTotalCents: amounts.total,
        lines: Object.fromEntries(parts.map(({ line, qty }) => [String(line.id), qty])),
      })
      .returning();
    // The PDF as issued, in the customer's language (docs/decisions/documents.md).
    await freezeInvoice(tx, row!.id);
    // Invoice mail with its PDF, committed with the invoice (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'invoice_issued', saleId, invoiceId: row!.id });
    return invoiceSummary(row!);
  });
}

/**
 * Staff: credit note of quantities of one invoice (`lines`: sale line id → qty > 0). A line must be
 * on the invoice; its quantity at most what the invoice billed and what the sale's invoices billed
 * minus what its credit notes already credited (400 `qty_exceeds_invoiced`). 404 unknown invoice,
 * 409 `not_an_invoice` for a credit note. Returns {id, name, type, date, amount_total}.
 */
export async function createCreditNote(db: Db, invoiceId: number, input: Record<string, number>) {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw notFound(`Invoice ${invoiceId} not found.`);
    if (invoice.type !== 'invoice') throw conflict('not_an_invoice', 'Only an invoice can be credited.');
    if (invoice.saleId === null) throw conflict('not_an_invoice', 'This invoice has no order lines.');
    await lockSale(tx, invoice.saleId);
    const lines = await tx.select().from(saleLines).where(eq(saleLines.saleId, invoice.saleId));
    const onInvoice = lines.filter((l) => (invoice.lines[String(l.id)] ?? 0) > 0);
    const wanted = requestedLines(input, onInvoice, { allowDelivery: true });
    const existing = await tx.select().from(invoices).where(eq(invoices.saleId, invoice.saleId));
    const invoiced = sumLines(existing, 'invoice');
    const credited = sumLines(existing, 'credit_note');
    for (const { line, qty } of wanted) {
      const max = Math.min(
        invoice.lines[String(line.id)] ?? 0,
        (invoiced.get(line.id) ?? 0) - (credited.get(line.id) ?? 0),
      );
      if (qty > max)
        throw fieldError(
          `lines.${line.id}`,
          'qty_exceeds_invoiced',
          `Line ${line.id}: ${qty} asked, ${Math.max(max, 0)} can be credited.`,
        );
    }
    const row = await insertCreditNote(
      tx,
      { id: invoice.saleId, customerId: invoice.customerId },
      wanted,
      invoice.id,
    );
    return invoiceSummary(row);
  });
}

/**
 * Inserts a credit note (numbered CN/<year>/<6 digits>) of quantities of a sale's lines, correcting
 * invoice `creditedInvoiceId`, and freezes its PDF in the same transaction.
 */
async function insertCreditNote(
  tx: Tx,
  sale: { id: number; customerId: number },
  parts: { line: SaleLineRow; qty: number }[],
  creditedInvoiceId: number | null,
): Promise<InvoiceRow> {
  const date = businessDate();
  const amounts = amountsOf(parts);
  const [row] = await tx
    .insert(invoices)
    .values({
      name: await nextNumber(tx, 'CN', date.slice(0, 4)),
      type: 'credit_note',
      saleId: sale.id,
      customerId: sale.customerId,
      date,
      amountUntaxedCents: amounts.untaxed,
      amountTaxCents: amounts.tax,
      amountTotalCents: amounts.total,
      lines: Object.fromEntries(parts.map(({ line, qty }) => [String(line.id), qty])),
      creditedInvoiceId,
    })
    .returning();
  await freezeInvoice(tx, row!.id);
  // Credit-note mail with its PDF, committed with the credit note (modules/mail/outbox.ts).
  await enqueueMail(tx, { kind: 'credit_note', saleId: sale.id, invoiceId: row!.id });
  return row!;
}

/**
 * Credit note of cancelled backorder units (docs/product/orders-and-documents.md#backorder-cancel, docs/decisions/backorder-cancellation.md): to be called inside
 * the cancelling transaction, with the sale row locked and `line` read after the lock but before
 * its qty_canceled grows. The units of the line invoiced and not credited beyond what was delivered
 * (invoiced − credited − delivered, never below 0) were billed while still on order; of the
 * `canceledQty` units, up to that many are credited (pro rata of the line amount, VAT per line).
 * Returns the credit note and the credited quantity, or null when nothing had been invoiced.
 */
export async function creditCanceledBackorder(
  tx: Tx,
  sale: { id: number; customerId: number },
  line: SaleLineRow,
  canceledQty: number,
): Promise<{ creditNote: InvoiceRow; qty: number } | null> {
  const existing = await tx.select().from(invoices).where(eq(invoices.saleId, sale.id));
  const open =
    (sumLines(existing, 'invoice').get(line.id) ?? 0) - (sumLines(existing, 'credit_note').get(line.id) ?? 0);
  const qty = Math.min(canceledQty, Math.max(0, open - line.qtyDelivered));
  if (qty <= 0) return null;
  // The corrected invoice: the latest one that billed this line.
  const billedBy = existing
    .filter((r) => r.type === 'invoice' && (r.lines[String(line.id)] ?? 0) > 0)
    .reduce<InvoiceRow | null>((last, r) => (last && last.id > r.id ? last : r), null);
  return { creditNote: await insertCreditNote(tx, sale, [{ line, qty }], billedBy?.id ?? null), qty };
}
