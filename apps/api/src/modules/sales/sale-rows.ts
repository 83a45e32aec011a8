/**
 * What the sales files share (docs/product/orders-and-documents.md#order,
 * docs/product/orders-and-documents.md#order-states and progress): the row types of `sales`,
 * `sale_lines` and `invoices`, the transaction type, the 409 of a state that does not allow an
 * operation, the sale row lock of the staff operations and the parsing of their `lines` map.
 *
 * The bottom of the sales files: it imports none of them.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoices, saleLines, sales } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';

/** A row of `sales`. */
export type SaleRow = typeof sales.$inferSelect;
/** A row of `sale_lines`. */
export type SaleLineRow = typeof saleLines.$inferSelect;
/** A row of `invoices` (invoices and credit notes). */
export type InvoiceRow = typeof invoices.$inferSelect;
/** The transaction type of db/client.ts, re-exported for the sales files. */
export type { Tx };

/** 409 `invalid_state_transition`, `nothing_to_invoice`, ... : the order is not in a state allowing it. */
export function conflict(code: string, detail: string): ApiError {
  return new ApiError(409, code, 'Conflict', detail);
}

/** Locks the sale row for the rest of the transaction; 404 when absent. */
export async function lockSale(tx: Tx, saleId: number): Promise<SaleRow> {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update');
  if (!sale) throw notFound(`Sale ${saleId} not found.`);
  return sale;
}

/** Parses the `lines` map of a staff request against the sale's lines (400 naming the line). */
export function requestedLines(
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
