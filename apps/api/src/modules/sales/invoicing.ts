/**
 * Staff invoicing of a sale (docs/product/orders-and-documents.md#documents,
 * docs/product/orders-and-documents.md#backorder-cancel, docs/decisions/documents.md,
 * docs/decisions/backorder-cancellation.md): invoices bill the delivered quantities not invoiced
 * yet (the handling fee / shipping lines with the first invoice), numbered INV/<year>/<6 digits>
 * under a transaction-scoped advisory lock; credit notes credit quantities of one invoice, numbered
 * CN/<year>/<6 digits>, and the cancelled backorder units already billed. Money is computed in
 * integer cents; VAT per rate on the sum of the rate's lines, rounded half-up (as the cart totals,
 * sale-totals.ts `vatOf`).
 */
import { eq, sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { invoices, saleLines } from '../../db/schema.ts';
import { fieldError, notFound } from '../../errors.ts';
import { dueDateFor, freezeInvoice } from '../documents/index.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  conflict,
  lockSale,
  requestedLines,
  type InvoiceRow,
  type SaleLineRow,
  type Tx,
} from './sale-rows.ts';
import { invoiceSummary } from './sale-read.ts';
import { lineAmountFor, vatOf } from './sale-totals.ts';

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
