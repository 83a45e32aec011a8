/**
 * Staff operations on the delivery of a sale (docs/product/orders-and-documents.md#picking,
 * docs/product/orders-and-documents.md#order-states and progress, docs/decisions/stock-moves.md):
 * manual state moves (pending → processing | cancel, processing → cancel; delivery states come
 * from pickings only) and pickings, which add delivered quantities (never beyond qty − canceled)
 * and set delivery_partial or delivery_full.
 */
import { count, eq } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { pickings, saleLines, sales } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import { freezeDeliveryNote } from '../documents/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { afterStockMove, deliverFromStock, releaseSaleStock } from '../stock/index.ts';
import { conflict, lockSale, requestedLines } from './sale-rows.ts';

/** Allowed manual state moves (docs/product/orders-and-documents.md leaves them open; delivery states come from pickings). */
const MOVES: Record<string, readonly string[]> = {
  pending: ['processing', 'cancel'],
  processing: ['cancel'],
};

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
